// Two vector ops on the same UB bytes with no pipe_barrier(PIPE_V) between them: a pipe-hazard on
// a2, ordered by hardware on a5 (SEMANTICS.md 2). tests/syntax_test.sh puts each hacc.target in
// front of it: without --arch the target chooses the profile, --arch overrides it.
module attributes {hacc.target = #hacc.target<"TARGET">} {
  func.func @vv(%arg0: memref<256xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i64 = arith.constant 0 : i64
    %ub = hivm.hir.pointer_cast(%c0_i64) : memref<256xf32, #hivm.address_space<ub>>
    hivm.hir.vabs ins(%ub : memref<256xf32, #hivm.address_space<ub>>) outs(%ub : memref<256xf32, #hivm.address_space<ub>>)
    hivm.hir.vabs ins(%ub : memref<256xf32, #hivm.address_space<ub>>) outs(%ub : memref<256xf32, #hivm.address_space<ub>>)
    return
  }
}
