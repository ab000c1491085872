// hostile: 0 ceil_min: clean
// A loop from 0 to INT64_MIN with step 3 runs no iteration; its trip count, ceildiv(INT64_MIN, 3), was folded by negating INT64_MIN (undefined behaviour UBSan reports; model/mdl_val.c fold).
module {
  func.func @ceil_min(%arg0: memref<?xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %cmin = arith.constant -9223372036854775808 : index
    %ub = hivm.hir.pointer_cast(%c0_i64) : memref<128xf16, #hivm.address_space<ub>>
    %xs = memref.subview %arg0[0] [128] [1] : memref<?xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1]>, #hivm.address_space<gm>>
    scf.for %i = %c0 to %cmin step %c3 {
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1]>, #hivm.address_space<gm>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.vrelu ins(%ub : memref<128xf16, #hivm.address_space<ub>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
    }
    return
  }
}
