// trip_precredit: y = exp(x) over %arg2 tiles of 128 f16 (AIV only); the tile count is a kernel argument.
// Seeded bug: left over from a double-buffered version, xb is pre-credited once per buffer, but with one
// buffer both credits go to the same 1-bit flag V->MTE2 EVENT_ID0 (still set at the second set).
// Flags count (SEMANTICS 3 revised): each double-set under expect(bit) is timing-only: the
// set may fire before the wait consumed the previous set, which a counting flag holds; no
// finding now, `--flag-model bit` still reports it.
// Each double-set left in expect: is in program order (no wait of the flag between the two
// sets): a warning since SEMANTICS 3 revised, an error under --flag-model bit.
module {
  func.func @exp_tiles(%arg0: memref<8192xf16, #hivm.address_space<gm>>, %arg1: memref<8192xf16, #hivm.address_space<gm>>, %arg2: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c0_i64 = arith.constant 0 : i64
    %c256_i64 = arith.constant 256 : i64
    %n = arith.index_cast %arg2 : i32 to index
    %xb = hivm.hir.pointer_cast(%c0_i64) : memref<128xf16, #hivm.address_space<ub>>
    %yb = hivm.hir.pointer_cast(%c256_i64) : memref<128xf16, #hivm.address_space<ub>>
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>] // expect: unpaired-set, double-set
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    scf.for %i = %c0 to %n step %c1 {
      %off = arith.muli %i, %c128 : index
      %xs = memref.subview %arg0[%off] [128] [1] : memref<8192xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %ys = memref.subview %arg1[%off] [128] [1] : memref<8192xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%xb : memref<128xf16, #hivm.address_space<ub>>) // expect: pipe-hazard, race
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>] // expect(bit): double-set
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.vexp ins(%xb : memref<128xf16, #hivm.address_space<ub>>) outs(%yb : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>] // expect: unpaired-set // expect(bit): double-set, double-set
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.store ins(%yb : memref<128xf16, #hivm.address_space<ub>>) outs(%ys : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    }
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    return
  }
}
