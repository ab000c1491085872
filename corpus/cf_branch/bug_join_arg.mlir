// cf_branch: the tile kernel of ok.mlir (scf.if lowered to cf.cond_br, the results as arguments of
// the join block ^bb3).
// Seeded bug: the square arm ^bb2 signals V->MTE3 on EVENT_ID1 but passes EVENT_ID0 to the join
// (the yield of the lowered scf.if names the wrong value). On the path through ^bb2 the join's
// wait on %ev = EVENT_ID0 has no set (deadlock at the wait), and the EVENT_ID1 set is still
// pending when the kernel ends (unpaired-set). A block argument is the value of the path it is
// reached on, so only that path is wrong; the relu path is correct.
module {
  func.func @cf_tile(%arg0: memref<256xf32, #hivm.address_space<gm>>, %arg1: memref<256xf32, #hivm.address_space<gm>>, %mode: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i32 = arith.constant 0 : i32
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c2048_i64 = arith.constant 2048 : i64
    %xb = hivm.hir.pointer_cast(%c0_i64) : memref<256xf32, #hivm.address_space<ub>>
    %rb = hivm.hir.pointer_cast(%c1024_i64) : memref<256xf32, #hivm.address_space<ub>>
    %sb = hivm.hir.pointer_cast(%c2048_i64) : memref<256xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%arg0 : memref<256xf32, #hivm.address_space<gm>>) outs(%xb : memref<256xf32, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    %relu = arith.cmpi eq, %mode, %c0_i32 : i32
    cf.cond_br %relu, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.vrelu ins(%xb : memref<256xf32, #hivm.address_space<ub>>) outs(%rb : memref<256xf32, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    cf.br ^bb3(%rb, %c0_i64 : memref<256xf32, #hivm.address_space<ub>>, i64)
  ^bb2:  // pred: ^bb0
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.vmul ins(%xb, %xb : memref<256xf32, #hivm.address_space<ub>>, memref<256xf32, #hivm.address_space<ub>>) outs(%sb : memref<256xf32, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>] // expect: unpaired-set
    cf.br ^bb3(%sb, %c0_i64 : memref<256xf32, #hivm.address_space<ub>>, i64)
  ^bb3(%z: memref<256xf32, #hivm.address_space<ub>>, %ev: i64):  // 2 preds: ^bb1, ^bb2
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, %ev] // expect: deadlock
    hivm.hir.store ins(%z : memref<256xf32, #hivm.address_space<ub>>) outs(%arg1 : memref<256xf32, #hivm.address_space<gm>>)
    return
  }
}
