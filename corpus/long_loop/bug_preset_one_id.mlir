// long_loop: y = relu(x) over 131072 tiles, double-buffered (see ok.mlir); checked on its first
// 8 iterations since the loop is longer than --max-unroll.
// Seeded bug: the x slot flag V -> MTE2 is pre-credited for EVENT_ID0 only. The wait of tile 1
// (id 1) can then only be released by the set after the vrelu of tile 1, which itself waits for
// the load behind that wait: a cycle of waits in the second iteration. A deadlock inside the
// checked iterations is a finding (no later set can break a cycle); a wait merely left waiting at
// the end of them would not be one.
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
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, %e]  // expect: deadlock
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%xb : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %e]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, %e]
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, %e]
      hivm.hir.vrelu ins(%xb : memref<128xf16, #hivm.address_space<ub>>) outs(%yb : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, %e]
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, %e]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, %e]
      hivm.hir.store ins(%yb : memref<128xf16, #hivm.address_space<ub>>) outs(%ys : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, %e]
    }
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID1>]
    return
  }
}
