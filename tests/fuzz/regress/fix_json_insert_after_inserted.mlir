// fuzz: ksv fix --format json: a drain wait_flag anchored after the set_flag an earlier repair had moved out of the branch (a line it inserted) was an edit {"action": "insert-after", "line": 0}; fix-report.schema.json wants line >= 1, and docs/fix.md says such edits are left out (ksv check --fix left them out; the diff has them) (found by mutate.py seed 31 input 27, minimized)
module {
  func.func @cf_tile_join(%arg0: memref<256xf32, #hivm.address_space<gm>>, %arg1: memref<256xf32, #hivm.address_space<gm>>, %mode: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i32 = arith.constant 0 : i32
    %c0_i64 = arith.constant 0 : i64
    %c1024_i64 = arith.constant 37524 : i64
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
    cf.br ^bb3(%sb : memref<256xf32, #hivm.address_space<ub>>)
  ^bb3(%z: memref<256xf32, #hivm.address_space<ub>>):  // 2 preds: ^bb1, ^bb2
    %fz842850_lb = arith.constant 0 : index
    %fz842850_st = arith.constant 1 : index
    %fz842850_ub = arith.constant 3 : index
    scf.for %fz842850_i = %fz842850_lb to %fz842850_ub step %fz842850_st {
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>] // expect: deadlock
    }
    hivm.hir.vrelu ins(%xb : memref<256xf32, #hivm.address_space<ub>>) outs(%z : memref<256xf32, #hivm.address_space<ub>>)
  }
}
module {
  func.func @fa_fwd_mix_aic(%arg0: memref<256xf16, #hivm.address_space<gm>>, %arg1: memref<1024xf16, #hivm.address_space<gm>>, %arg2: memref<1024xf16, #hivm.address_space<gm>>, %arg3: memref<512xf32, #hivm.address_space<gm>>, %arg4: memref<512xf16, #hivm.address_space<gm>>, %arg5: memref<256xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %j = %c0 to %c4 step %c1 {
    }
    scf.for %j = %c0 to %c4 step %c1 {
    }
  }
}