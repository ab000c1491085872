// cf_branch: the tile kernel of ok.mlir with the compute after the join: each arm of the lowered
// scf.if picks the output buffer (relu or square tile) and signals that the loaded tile may be
// read (MTE2->V), the join block ^bb3 waits that signal, computes into the buffer its argument
// names and stores it.
// Correct version: both arms signal, so the wait after the join is released on either path; no
// findings (the SMT engine checks both outcomes of the runtime branch).
module {
  func.func @cf_tile_join(%arg0: memref<256xf32, #hivm.address_space<gm>>, %arg1: memref<256xf32, #hivm.address_space<gm>>, %mode: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i32 = arith.constant 0 : i32
    %c0_i64 = arith.constant 0 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c2048_i64 = arith.constant 2048 : i64
    %xb = hivm.hir.pointer_cast(%c0_i64) : memref<256xf32, #hivm.address_space<ub>>
    %rb = hivm.hir.pointer_cast(%c1024_i64) : memref<256xf32, #hivm.address_space<ub>>
    %sb = hivm.hir.pointer_cast(%c2048_i64) : memref<256xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%arg0 : memref<256xf32, #hivm.address_space<gm>>) outs(%xb : memref<256xf32, #hivm.address_space<ub>>)
    %relu = arith.cmpi eq, %mode, %c0_i32 : i32
    cf.cond_br %relu, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    cf.br ^bb3(%rb : memref<256xf32, #hivm.address_space<ub>>)
  ^bb2:  // pred: ^bb0
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    cf.br ^bb3(%sb : memref<256xf32, #hivm.address_space<ub>>)
  ^bb3(%z: memref<256xf32, #hivm.address_space<ub>>):  // 2 preds: ^bb1, ^bb2
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.vrelu ins(%xb : memref<256xf32, #hivm.address_space<ub>>) outs(%z : memref<256xf32, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    hivm.hir.store ins(%z : memref<256xf32, #hivm.address_space<ub>>) outs(%arg1 : memref<256xf32, #hivm.address_space<gm>>)
    return
  }
}
