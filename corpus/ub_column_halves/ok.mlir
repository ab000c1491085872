// ub_column_halves: one 16x32 f16 UB tile (row-major, 1 KiB) filled by two pipes at once (AIV only).
// MTE2 loads the left 16x16 column half from GM while V broadcasts a constant into the right
// half; then V adds the halves into a second tile, MTE3 stores it. The two halves share no
// element, so MTE2 and V need no flag between them: the subviews are disjoint in their column
// dimension, although their byte hulls ([0x0, 0x3e0) and [0x20, 0x400)) overlap (SEMANTICS 1,
// "two subviews overlap only if their index ranges overlap in every dimension", as
// AscendNPU-IR's areOverlappingStaticSlices). Correct version: no findings expected (the V
// barrier before the vadd that reads what the vbrc wrote is needed on a2, redundant on a5).
module {
  func.func @ub_column_halves(%arg0: memref<16x16xf16, #hivm.address_space<gm>>, %arg1: memref<16x16xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %cst = arith.constant 1.000000e+00 : f16
    %c0_i64 = arith.constant 0 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %tile = hivm.hir.pointer_cast(%c0_i64) : memref<16x32xf16, #hivm.address_space<ub>>
    %sum = hivm.hir.pointer_cast(%c1024_i64) : memref<16x16xf16, #hivm.address_space<ub>>
    %left = memref.subview %tile[0, 0] [16, 16] [1, 1] : memref<16x32xf16, #hivm.address_space<ub>> to memref<16x16xf16, strided<[32, 1]>, #hivm.address_space<ub>>
    %right = memref.subview %tile[0, 16] [16, 16] [1, 1] : memref<16x32xf16, #hivm.address_space<ub>> to memref<16x16xf16, strided<[32, 1], offset: 16>, #hivm.address_space<ub>>
    hivm.hir.load ins(%arg0 : memref<16x16xf16, #hivm.address_space<gm>>) outs(%left : memref<16x16xf16, strided<[32, 1]>, #hivm.address_space<ub>>)
    hivm.hir.vbrc ins(%cst : f16) outs(%right : memref<16x16xf16, strided<[32, 1], offset: 16>, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.pipe_barrier[<PIPE_V>] // expect(a5): redundant-barrier
    hivm.hir.vadd ins(%left, %right : memref<16x16xf16, strided<[32, 1]>, #hivm.address_space<ub>>, memref<16x16xf16, strided<[32, 1], offset: 16>, #hivm.address_space<ub>>) outs(%sum : memref<16x16xf16, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    hivm.hir.store ins(%sum : memref<16x16xf16, #hivm.address_space<ub>>) outs(%arg1 : memref<16x16xf16, #hivm.address_space<gm>>)
    return
  }
}
