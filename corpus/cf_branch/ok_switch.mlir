// cf_branch: the tile kernel of ok.mlir with three tile kinds, as MLIR lowers an scf.index_switch:
// cf.switch %mode to ^bb1 (relu, case 0), ^bb2 (square, case 1) or ^bb3 (abs, the default). Each
// arm waits the loaded tile, computes into its buffer, signals V->MTE3 on its own event id and
// passes buffer and id to the join ^bb4, which waits on that id and stores the buffer. Every case
// of the switch is a path of its own (SMT engine). Correct version: no findings.
module {
  func.func @cf_tile3(%arg0: memref<256xf32, #hivm.address_space<gm>>, %arg1: memref<256xf32, #hivm.address_space<gm>>, %mode: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c2048_i64 = arith.constant 2048 : i64
    %xb = hivm.hir.pointer_cast(%c0_i64) : memref<256xf32, #hivm.address_space<ub>>
    %rb = hivm.hir.pointer_cast(%c1024_i64) : memref<256xf32, #hivm.address_space<ub>>
    %sb = hivm.hir.pointer_cast(%c2048_i64) : memref<256xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%arg0 : memref<256xf32, #hivm.address_space<gm>>) outs(%xb : memref<256xf32, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    cf.switch %mode : i32, [
      default: ^bb3,
      0: ^bb1,
      1: ^bb2
    ]
  ^bb1:  // pred: ^bb0
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.vrelu ins(%xb : memref<256xf32, #hivm.address_space<ub>>) outs(%rb : memref<256xf32, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    cf.br ^bb4(%rb, %c0_i64 : memref<256xf32, #hivm.address_space<ub>>, i64)
  ^bb2:  // pred: ^bb0
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.vmul ins(%xb, %xb : memref<256xf32, #hivm.address_space<ub>>, memref<256xf32, #hivm.address_space<ub>>) outs(%sb : memref<256xf32, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>]
    cf.br ^bb4(%sb, %c1_i64 : memref<256xf32, #hivm.address_space<ub>>, i64)
  ^bb3:  // pred: ^bb0
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.vabs ins(%xb : memref<256xf32, #hivm.address_space<ub>>) outs(%rb : memref<256xf32, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID2>]
    cf.br ^bb4(%rb, %c2_i64 : memref<256xf32, #hivm.address_space<ub>>, i64)
  ^bb4(%z: memref<256xf32, #hivm.address_space<ub>>, %ev: i64):  // 3 preds: ^bb1, ^bb2, ^bb3
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, %ev]
    hivm.hir.store ins(%z : memref<256xf32, #hivm.address_space<ub>>) outs(%arg1 : memref<256xf32, #hivm.address_space<gm>>)
    return
  }
}
