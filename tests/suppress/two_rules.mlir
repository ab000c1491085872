// Two findings of two rules (tests/suppress_test.sh): a race at the vexp
// (its MTE2->V flag pair is missing) and an invalid sync (a PIPE_S barrier).
func.func @k(%x: memref<128xf16, #hivm.address_space<gm>>, %y: memref<128xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
  %c0 = arith.constant 0 : i64
  %c256 = arith.constant 256 : i64
  %a = hivm.hir.pointer_cast(%c0) : memref<128xf16, #hivm.address_space<ub>>
  %b = hivm.hir.pointer_cast(%c256) : memref<128xf16, #hivm.address_space<ub>>
  hivm.hir.load ins(%x : memref<128xf16, #hivm.address_space<gm>>) outs(%a : memref<128xf16, #hivm.address_space<ub>>)
  // SUPPRESS-RACE
  hivm.hir.vexp ins(%a : memref<128xf16, #hivm.address_space<ub>>) outs(%b : memref<128xf16, #hivm.address_space<ub>>)
  hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
  hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
  hivm.hir.store ins(%b : memref<128xf16, #hivm.address_space<ub>>) outs(%y : memref<128xf16, #hivm.address_space<gm>>)
  // SUPPRESS-SYNC
  hivm.hir.pipe_barrier[<PIPE_S>]
  return
}
