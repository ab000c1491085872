// hostile: 2 outside the 48-bit address space
func.func @k(%g: memref<16xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %A = arith.constant 9223372036854775800 : i64
  %ub = hivm.hir.pointer_cast(%A) : memref<16xf32, #hivm.address_space<ub>>
  hivm.hir.load ins(%g : memref<16xf32, #hivm.address_space<gm>>) outs(%ub : memref<16xf32, #hivm.address_space<ub>>)
  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  hivm.hir.vadd ins(%ub, %ub : memref<16xf32, #hivm.address_space<ub>>, memref<16xf32, #hivm.address_space<ub>>) outs(%ub : memref<16xf32, #hivm.address_space<ub>>)
  return
}
