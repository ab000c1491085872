// ub_column_halves, seeded bug: the "right half" starts at column 8 instead of 16, so it shares
// columns 8..15 of every row with the left half. MTE2 (load into the left half) and V (vbrc into
// the right half) then write common elements with no flag between them: a race, found because
// the two subviews overlap in both dimensions (rows 0..15, columns 8..15).
module {
  func.func @ub_column_halves(%arg0: memref<16x16xf16, #hivm.address_space<gm>>, %arg1: memref<16x16xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %cst = arith.constant 1.000000e+00 : f16
    %c0_i64 = arith.constant 0 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %tile = hivm.hir.pointer_cast(%c0_i64) : memref<16x32xf16, #hivm.address_space<ub>>
    %sum = hivm.hir.pointer_cast(%c1024_i64) : memref<16x16xf16, #hivm.address_space<ub>>
    %left = memref.subview %tile[0, 0] [16, 16] [1, 1] : memref<16x32xf16, #hivm.address_space<ub>> to memref<16x16xf16, strided<[32, 1]>, #hivm.address_space<ub>>
    %right = memref.subview %tile[0, 8] [16, 16] [1, 1] : memref<16x32xf16, #hivm.address_space<ub>> to memref<16x16xf16, strided<[32, 1], offset: 8>, #hivm.address_space<ub>>
    hivm.hir.load ins(%arg0 : memref<16x16xf16, #hivm.address_space<gm>>) outs(%left : memref<16x16xf16, strided<[32, 1]>, #hivm.address_space<ub>>)
    hivm.hir.vbrc ins(%cst : f16) outs(%right : memref<16x16xf16, strided<[32, 1], offset: 8>, #hivm.address_space<ub>>) // expect: race
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.pipe_barrier[<PIPE_V>]
    hivm.hir.vadd ins(%left, %right : memref<16x16xf16, strided<[32, 1]>, #hivm.address_space<ub>>, memref<16x16xf16, strided<[32, 1], offset: 8>, #hivm.address_space<ub>>) outs(%sum : memref<16x16xf16, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    hivm.hir.store ins(%sum : memref<16x16xf16, #hivm.address_space<ub>>) outs(%arg1 : memref<16x16xf16, #hivm.address_space<gm>>)
    return
  }
}
