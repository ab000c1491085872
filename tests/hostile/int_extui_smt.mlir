// hostile: 1 \[race\] -- --engine smt
// arith.extui of i32 -1 is 4294967295, so the loop runs once and races (ksv kept -1, ran it no times and called the kernel clean)
module {
  func.func @w(%arg0: memref<?xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %max = arith.constant -1 : i32
    %one = arith.constant -4294967294 : i64
    %z = arith.extui %max : i32 to i64
    %w = arith.addi %z, %one : i64
    %n = arith.index_cast %w : i64 to index
    %ub = hivm.hir.pointer_cast(%c0_i64) : memref<128xf16, #hivm.address_space<ub>>
    %xs = memref.subview %arg0[0] [128] [1] : memref<?xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1]>, #hivm.address_space<gm>>
    scf.for %i = %c0 to %n step %c1 {
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1]>, #hivm.address_space<gm>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.vrelu ins(%ub : memref<128xf16, #hivm.address_space<ub>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
    }
    return
  }
}
