// hostile: 3 not decided: the loop at 15:5 runs more than 8 times in runs where it never runs 8 times or fewer
// (the bound bid + INT64_MAX - 65535 does not wrap: every block runs it more than 2^63 times; trip_wrap_bid_exact*.mlir: the bound that wraps)
module {
  func.func @k(%arg0: memref<?xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i64 = arith.constant 0 : i64
    %c1 = arith.constant 1 : index
    %cmin = arith.constant -9223372036854775808 : index
    %cmax = arith.constant 9223372036854710272 : index
    %bid = hivm.hir.get_block_idx -> i64
    %b = arith.index_cast %bid : i64 to index
    %lo = arith.addi %b, %cmin : index
    %hi = arith.addi %b, %cmax : index
    %ub = hivm.hir.pointer_cast(%c0_i64) : memref<128xf16, #hivm.address_space<ub>>
    %xs = memref.subview %arg0[0] [128] [1] : memref<?xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1]>, #hivm.address_space<gm>>
    scf.for %i = %lo to %hi step %c1 {
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1]>, #hivm.address_space<gm>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.vrelu ins(%ub : memref<128xf16, #hivm.address_space<ub>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
    }
    return
  }
}
