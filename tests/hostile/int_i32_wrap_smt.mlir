// hostile: 0 w: clean -- --engine smt
// 2147483647 + 1 in i32 wraps to -2147483648: the loop runs no iteration (ksv computed 2^31 and reported a race of its first iterations)
module {
  func.func @w(%arg0: memref<?xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %max = arith.constant 2147483647 : i32
    %one = arith.constant 1 : i32
    %w = arith.addi %max, %one : i32
    %n = arith.index_cast %w : i32 to index
    %ub = hivm.hir.pointer_cast(%c0_i64) : memref<128xf16, #hivm.address_space<ub>>
    %xs = memref.subview %arg0[0] [128] [1] : memref<?xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1]>, #hivm.address_space<gm>>
    scf.for %i = %c0 to %n step %c1 {
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1]>, #hivm.address_space<gm>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.vrelu ins(%ub : memref<128xf16, #hivm.address_space<ub>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
    }
    return
  }
}
