// long_trip: as bug_run_ahead, but the flag rotates between ids 0 and 1 with the tile (flag =
// i mod 2), so each counter gets every second set: the 16th set of flag 0 is tile 30, and every
// launch with 31 or more tiles can overflow it. Correct below 31 tiles.
module {
  func.func @bug_run_ahead_2ids_mix_aic(%x: memref<8192xf16, #hivm.address_space<gm>>, %n: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %nn = arith.index_cast %n : i32 to index
    scf.for %i = %c0 to %nn step %c1 {
      %f = arith.remui %i, %c2 : index
      hivm.hir.sync_block_set[<CUBE>, <PIPE_MTE2>, <PIPE_MTE2>] flag = %f // expect: flag-overflow
    }
    return
  }
  func.func @bug_run_ahead_2ids_mix_aiv(%x: memref<8192xf16, #hivm.address_space<gm>>, %n: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %nn = arith.index_cast %n : i32 to index
    scf.for %i = %c0 to %nn step %c1 {
      %f = arith.remui %i, %c2 : index
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = %f
    }
    return
  }
}
