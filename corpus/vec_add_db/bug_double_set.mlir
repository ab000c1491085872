// vec_add_db: double-buffered elementwise add z = x + y (AIV only), 4 tiles, rotating event ids.
// Seeded bug: the MTE2->V set is issued twice (copy-paste) before its wait clears it
// (double-set at the second set).
// Flags count (SEMANTICS 3 revised): each double-set under expect(bit) is timing-only: the
// set may fire before the wait consumed the previous set, which a counting flag holds; no
// finding now, `--flag-model bit` still reports it.
// Each double-set left in expect: is in program order (no wait of the flag between the two
// sets): a warning since SEMANTICS 3 revised, an error under --flag-model bit.
module {
  func.func @vec_add_db(%arg0: memref<512xf16, #hivm.address_space<gm>>, %arg1: memref<512xf16, #hivm.address_space<gm>>, %arg2: memref<512xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c256_i64 = arith.constant 256 : i64
    %c512_i64 = arith.constant 512 : i64
    %c768_i64 = arith.constant 768 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c1280_i64 = arith.constant 1280 : i64
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID1>]
    scf.for %i = %c0 to %c4 step %c1 {
      %par = arith.remsi %i, %c2 : index
      %even = arith.cmpi eq, %par, %c0 : index
      %ev = arith.select %even, %c0_i64, %c1_i64 : i64
      %off = arith.muli %i, %c128 : index
      %xs = memref.subview %arg0[%off] [128] [1] : memref<512xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %ys = memref.subview %arg1[%off] [128] [1] : memref<512xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %zs = memref.subview %arg2[%off] [128] [1] : memref<512xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %xb = hivm.hir.pointer_cast(%c0_i64, %c256_i64) : memref<128xf16, #hivm.address_space<ub>>
      %yb = hivm.hir.pointer_cast(%c512_i64, %c768_i64) : memref<128xf16, #hivm.address_space<ub>>
      %zb = hivm.hir.pointer_cast(%c1024_i64, %c1280_i64) : memref<128xf16, #hivm.address_space<ub>>
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, %ev]
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%xb : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.load ins(%ys : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%yb : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %ev] // expect: unpaired-set // expect(bit): double-set
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %ev] // expect: double-set
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
      hivm.hir.vadd ins(%xb, %yb : memref<128xf16, #hivm.address_space<ub>>, memref<128xf16, #hivm.address_space<ub>>) outs(%zb : memref<128xf16, #hivm.address_space<ub>>) // expect: race, race, race // expect(a2): pipe-hazard
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, %ev] // expect(bit): double-set
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, %ev]
      hivm.hir.store ins(%zb : memref<128xf16, #hivm.address_space<ub>>) outs(%zs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, %ev] // expect(bit): double-set
    }
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID1>]
    return
  }
}
