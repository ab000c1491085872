// cf_branch: the three-kind tile kernel of ok_switch.mlir (cf.switch %mode: case 0 relu, case 1
// square, default abs).
// Seeded bug: the default arm ^bb3 does not wait for the loaded tile (MTE2->V): its vabs may read
// %xb while the load still writes it (race on the default path only; the witness gives a %mode
// that is neither 0 nor 1), and the MTE2->V set is still pending at the end of that path
// (unpaired-set).
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
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>] // expect: unpaired-set
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
    hivm.hir.vabs ins(%xb : memref<256xf32, #hivm.address_space<ub>>) outs(%rb : memref<256xf32, #hivm.address_space<ub>>) // expect: race
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID2>]
    cf.br ^bb4(%rb, %c2_i64 : memref<256xf32, #hivm.address_space<ub>>, i64)
  ^bb4(%z: memref<256xf32, #hivm.address_space<ub>>, %ev: i64):  // 3 preds: ^bb1, ^bb2, ^bb3
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, %ev]
    hivm.hir.store ins(%z : memref<256xf32, #hivm.address_space<ub>>) outs(%arg1 : memref<256xf32, #hivm.address_space<gm>>)
    return
  }
}
