// rmsnorm_quant: RMSNorm + int8 quantization (AIV only), 2 rows, PIPE_V barriers between dependent ops.
// Seeded bug: the MTE2->V pair after the row load is missing; the vector ops may read x
// (and gamma) before the loads finish (race).
// Flags count (SEMANTICS 3 revised): each double-set under expect(bit) is timing-only: the
// set may fire before the wait consumed the previous set, which a counting flag holds; no
// finding now, `--flag-model bit` still reports it.
module {
  func.func @rmsnorm_quant(%arg0: memref<512xf16, #hivm.address_space<gm>>, %arg1: memref<256xf16, #hivm.address_space<gm>>, %arg2: memref<512xi8, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    %c0_i64 = arith.constant 0 : i64
    %c512_i64 = arith.constant 512 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c2048_i64 = arith.constant 2048 : i64
    %c2080_i64 = arith.constant 2080 : i64
    %c2112_i64 = arith.constant 2112 : i64
    %c2624_i64 = arith.constant 2624 : i64
    %c3136_i64 = arith.constant 3136 : i64
    %xb = hivm.hir.pointer_cast(%c0_i64) : memref<256xf16, #hivm.address_space<ub>>
    %gb = hivm.hir.pointer_cast(%c512_i64) : memref<256xf16, #hivm.address_space<ub>>
    %sq = hivm.hir.pointer_cast(%c1024_i64) : memref<256xf32, #hivm.address_space<ub>>
    %ss = hivm.hir.pointer_cast(%c2048_i64) : memref<8xf32, #hivm.address_space<ub>>
    %rs = hivm.hir.pointer_cast(%c2080_i64) : memref<8xf32, #hivm.address_space<ub>>
    %yb = hivm.hir.pointer_cast(%c2112_i64) : memref<256xf16, #hivm.address_space<ub>>
    %y2 = hivm.hir.pointer_cast(%c2624_i64) : memref<256xf16, #hivm.address_space<ub>>
    %qb = hivm.hir.pointer_cast(%c3136_i64) : memref<256xi8, #hivm.address_space<ub>>
    hivm.hir.load ins(%arg1 : memref<256xf16, #hivm.address_space<gm>>) outs(%gb : memref<256xf16, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    scf.for %r = %c0 to %c2 step %c1 {
      %off = arith.muli %r, %c256 : index
      %xs = memref.subview %arg0[%off] [256] [1] : memref<512xf16, #hivm.address_space<gm>> to memref<256xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %qs = memref.subview %arg2[%off] [256] [1] : memref<512xi8, #hivm.address_space<gm>> to memref<256xi8, strided<[1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.load ins(%xs : memref<256xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%xb : memref<256xf16, #hivm.address_space<ub>>) // expect: pipe-hazard
      hivm.hir.vmul ins(%xb, %xb : memref<256xf16, #hivm.address_space<ub>>, memref<256xf16, #hivm.address_space<ub>>) outs(%sq : memref<256xf32, #hivm.address_space<ub>>) // expect: race
      hivm.hir.pipe_barrier[<PIPE_V>]
      hivm.hir.vreduce <sum> ins(%sq : memref<256xf32, #hivm.address_space<ub>>) outs(%ss : memref<8xf32, #hivm.address_space<ub>>) reduce_dims = [0]
      hivm.hir.pipe_barrier[<PIPE_V>]
      hivm.hir.vrsqrt ins(%ss : memref<8xf32, #hivm.address_space<ub>>) outs(%rs : memref<8xf32, #hivm.address_space<ub>>)
      hivm.hir.pipe_barrier[<PIPE_V>]
      hivm.hir.vmul ins(%xb, %rs : memref<256xf16, #hivm.address_space<ub>>, memref<8xf32, #hivm.address_space<ub>>) outs(%yb : memref<256xf16, #hivm.address_space<ub>>) // expect: race
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>] // expect(bit): double-set, double-set
      hivm.hir.pipe_barrier[<PIPE_V>]
      hivm.hir.vmul ins(%yb, %gb : memref<256xf16, #hivm.address_space<ub>>, memref<256xf16, #hivm.address_space<ub>>) outs(%y2 : memref<256xf16, #hivm.address_space<ub>>) // expect: race
      hivm.hir.pipe_barrier[<PIPE_V>]
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.vcast ins(%y2 : memref<256xf16, #hivm.address_space<ub>>) outs(%qb : memref<256xi8, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.store ins(%qb : memref<256xi8, #hivm.address_space<ub>>) outs(%qs : memref<256xi8, strided<[1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    }
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    return
  }
}
