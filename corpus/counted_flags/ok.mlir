// counted_flags: double-buffered y = exp(x) (AIV only), 8 tiles of 128 f16, shaped like
// AscendNPU-IR's sync solver output (inject-sync.mlir, test_db_two_address): a multi-buffer
// counter in a memref.alloca slot selects the UB buffer and the back-pressure event id
// (V->MTE2 and MTE3->V rotate over EVENT_ID0/1, pre-set before the loop, drained after it),
// while each forward pair (MTE2->V, V->MTE3) gets the single id EVENT_ID0, because its
// set..wait spans do not overlap in program order.
// Correct version under counting flags (SEMANTICS 3 revised): the load of tile i+1 goes to the
// other buffer, so MTE2 may set MTE2->V again before PIPE_V has consumed the set of tile i:
// that set is counted and released the next wait, first come first served.  Under
// --flag-model bit (the one-bit reading) that timing-only double set is an error at both
// forward sets.
module {
  func.func @exp_db(%arg0: memref<1024xf16, #hivm.address_space<gm>>, %arg1: memref<1024xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %c256_i64 = arith.constant 256 : i64
    %c512_i64 = arith.constant 512 : i64
    %c768_i64 = arith.constant 768 : i64
    %cnt = memref.alloca() : memref<1xi64>
    memref.store %c0_i64, %cnt[%c0] : memref<1xi64>
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID1>]
    scf.for %i = %c0 to %c8 step %c1 {
      %n = memref.load %cnt[%c0] : memref<1xi64>
      %r = arith.remui %n, %c2_i64 : i64
      %even = arith.cmpi eq, %r, %c0_i64 : i64
      %ev = arith.select %even, %c0_i64, %c1_i64 : i64
      %off = arith.muli %i, %c128 : index
      %xs = memref.subview %arg0[%off] [128] [1] : memref<1024xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %ys = memref.subview %arg1[%off] [128] [1] : memref<1024xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %xb = hivm.hir.pointer_cast(%c0_i64, %c256_i64) : memref<128xf16, #hivm.address_space<ub>>
      annotation.mark %xb {hivm.multi_buffer = 2 : i32} : memref<128xf16, #hivm.address_space<ub>>
      %yb = hivm.hir.pointer_cast(%c512_i64, %c768_i64) : memref<128xf16, #hivm.address_space<ub>>
      annotation.mark %yb {hivm.multi_buffer = 2 : i32} : memref<128xf16, #hivm.address_space<ub>>
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, %ev]
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%xb : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>] // expect(bit): double-set
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, %ev]
      hivm.hir.vexp ins(%xb : memref<128xf16, #hivm.address_space<ub>>) outs(%yb : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, %ev]
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>] // expect(bit): double-set
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.store ins(%yb : memref<128xf16, #hivm.address_space<ub>>) outs(%ys : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, %ev]
      %n1 = arith.addi %n, %c1_i64 : i64
      memref.store %n1, %cnt[%c0] : memref<1xi64>
    }
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID1>]
    return
  }
}
