// hostile: 3 happens-before graph of 180000 instances.*--max-memory-mb 40 -- --max-memory-mb 40
func.func @k(%a: memref<16xf32, #hivm.address_space<ub>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cn = arith.constant 60000 : index
  scf.for %i = %c0 to %cn step %c1 {
    hivm.hir.pipe_barrier[<PIPE_V>]
    hivm.hir.pipe_barrier[<PIPE_MTE2>]
    hivm.hir.pipe_barrier[<PIPE_MTE3>]
  }
  return
}
