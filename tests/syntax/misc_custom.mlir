// scf.if with results in a called function, scf.while with a ^bb0 after-region, pipe_barrier,
// and cf.cond_br with a block argument, in the custom form; misc_generic.mlir is the same kernel
// in the generic form (tests/syntax_test.sh: the same kernel from both).
module {
  func.func @pick(%c: i1, %a: i64, %b: i64) -> i64 {
    %r = scf.if %c -> (i64) {
      scf.yield %a : i64
    } else {
      scf.yield %b : i64
    }
    return %r : i64
  }
  func.func @misc(%arg0: memref<256xf32, #hivm.address_space<gm>>, %n: i32) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c3_i32 = arith.constant 3 : i32
    %ub = hivm.hir.pointer_cast(%c0_i64) : memref<256xf32, #hivm.address_space<ub>>
    %big = arith.cmpi sgt, %n, %c0_i32 : i32
    %ev = func.call @pick(%big, %c0_i64, %c1_i64) : (i1, i64, i64) -> i64
    %w = scf.while (%i = %c0_i32) : (i32) -> i32 {
      %more = arith.cmpi slt, %i, %c3_i32 : i32
      scf.condition(%more) %i : i32
    } do {
    ^bb0(%j: i32):
      hivm.hir.load ins(%arg0 : memref<256xf32, #hivm.address_space<gm>>) outs(%ub : memref<256xf32, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
      hivm.hir.vabs ins(%ub : memref<256xf32, #hivm.address_space<ub>>) outs(%ub : memref<256xf32, #hivm.address_space<ub>>)
      hivm.hir.pipe_barrier[<PIPE_ALL>]
      %nx = arith.addi %j, %c1_i32 : i32
      scf.yield %nx : i32
    }
    cf.cond_br %big, ^bb1(%c0_i64 : i64), ^bb2
  ^bb1(%e: i64):
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, %e]
    cf.br ^bb3
  ^bb2:
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    cf.br ^bb3
  ^bb3:
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    return
  }
}
