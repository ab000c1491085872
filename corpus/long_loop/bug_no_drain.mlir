// long_loop: y = relu(x) streamed over 131072 tiles of 128 f16 (AIV only), double-buffered as in
// ok.mlir, but the drain after the loop waits for the MTE3 -> V flag of slot 0 only: the last
// store of slot 1 (iteration 131071) leaves its set pending when the kernel ends (unpaired-set:
// 65537 sets of EVENT_ID1, 65536 waits). The loop is past --max-unroll: ksv decides it with its
// trip count left open (a finding for every trip count) and carries the finding over to 131072
// from a short run of the same parity (docs/loops.md, "Long loops"), so the witness names
// iteration 131071 and the message the real counts.
module {
  func.func @relu_stream(%arg0: memref<?xf16, #hivm.address_space<gm>>, %arg1: memref<?xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %cN = arith.constant 131072 : index
    %c0_i64 = arith.constant 0 : i64
    %c256_i64 = arith.constant 256 : i64
    %c512_i64 = arith.constant 512 : i64
    %c768_i64 = arith.constant 768 : i64
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID1>]
    scf.for %i = %c0 to %cN step %c1 {
      %xb = hivm.hir.pointer_cast(%c0_i64, %c256_i64) : memref<128xf16, #hivm.address_space<ub>>
      annotation.mark %xb {hivm.multi_buffer = 2 : i32} : memref<128xf16, #hivm.address_space<ub>>
      %yb = hivm.hir.pointer_cast(%c512_i64, %c768_i64) : memref<128xf16, #hivm.address_space<ub>>
      annotation.mark %yb {hivm.multi_buffer = 2 : i32} : memref<128xf16, #hivm.address_space<ub>>
      %slot = arith.remui %i, %c2 : index
      %e = arith.index_cast %slot : index to i64
      %off = arith.muli %i, %c128 : index
      %xs = memref.subview %arg0[%off] [128] [1] : memref<?xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %ys = memref.subview %arg1[%off] [128] [1] : memref<?xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, %e]
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%xb : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %e]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, %e]
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, %e]
      hivm.hir.vrelu ins(%xb : memref<128xf16, #hivm.address_space<ub>>) outs(%yb : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, %e]
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, %e]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, %e]
      hivm.hir.store ins(%yb : memref<128xf16, #hivm.address_space<ub>>) outs(%ys : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, %e] // expect: unpaired-set
    }
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    return
  }
}
