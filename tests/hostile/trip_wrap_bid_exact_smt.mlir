// hostile: 3 not decided: the loop at 15:5 runs more than 8 times in some runs and never in the runs within that bound -- --engine smt
// bid + INT64_MAX wraps in index for every block past 0: block 0 runs the loop 2^64-1 times, the others none (exact since 2026-12-06; before, every block ran it 2^64-1 times). No run within the bound enters the loop, so its racy body would be checked in none: unknown, naming the loop (docs/semantics-decisions.md 12)
module {
  func.func @k(%arg0: memref<?xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i64 = arith.constant 0 : i64
    %c1 = arith.constant 1 : index
    %cmin = arith.constant -9223372036854775808 : index
    %cmax = arith.constant 9223372036854775807 : index
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
