// hostile: 0 proven for every trip count of the loop at 10:3; so for the loop at 10:3 \(18446744073709551615 iterations, more than --max-unroll 65536\), which is not unrolled
func.func @k(%a: memref<16xf32, #hivm.address_space<ub>>, %n: index) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cbig = arith.constant 60000 : index
  %c2p40 = arith.constant 1099511627776 : index
  %cmax = arith.constant 9223372036854775807 : index
  %cmin = arith.constant -9223372036854775808 : index
  scf.for %i = %cmin to %cmax step %c1 {
    hivm.hir.pipe_barrier[<PIPE_V>]
  }
  return
}
