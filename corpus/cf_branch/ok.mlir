// cf_branch: a vector tile z = relu(x) or z = x * x (AIV only) after MLIR's scf-to-cf lowering: the
// scf.if on the tile kind became cf.cond_br, its arms ^bb1/^bb2, its results the argument of the
// join block ^bb3. Each arm takes the MTE2->V wait of the loaded tile, computes into its own UB
// buffer, signals V->MTE3 on its own event id and passes the buffer and the id to the join, which
// waits on that id (a block argument stands for the value of the path it was reached on) and
// stores the buffer. Both paths are checked (SMT engine: the branch on %mode is a runtime value).
// Correct version: no findings.
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
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>]
    cf.br ^bb3(%sb, %c1_i64 : memref<256xf32, #hivm.address_space<ub>>, i64)
  ^bb3(%z: memref<256xf32, #hivm.address_space<ub>>, %ev: i64):  // 2 preds: ^bb1, ^bb2
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, %ev]
    hivm.hir.store ins(%z : memref<256xf32, #hivm.address_space<ub>>) outs(%arg1 : memref<256xf32, #hivm.address_space<gm>>)
    return
  }
}
