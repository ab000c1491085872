// long_trip: as bug_run_ahead, with the flag rotating over ids 0..2 (flag = i mod 3): the 16th
// set of flag 0 is tile 45, so the overflow needs 46 tiles or more. Correct below 46 tiles.
module {
  func.func @bug_run_ahead_3ids_mix_aic(%x: memref<8192xf16, #hivm.address_space<gm>>, %n: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %nn = arith.index_cast %n : i32 to index
    scf.for %i = %c0 to %nn step %c1 {
      %f = arith.remui %i, %c3 : index
      hivm.hir.sync_block_set[<CUBE>, <PIPE_MTE2>, <PIPE_MTE2>] flag = %f // expect: flag-overflow
    }
    return
  }
  func.func @bug_run_ahead_3ids_mix_aiv(%x: memref<8192xf16, #hivm.address_space<gm>>, %n: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %nn = arith.index_cast %n : i32 to index
    scf.for %i = %c0 to %nn step %c1 {
      %f = arith.remui %i, %c3 : index
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = %f
    }
    return
  }
}
