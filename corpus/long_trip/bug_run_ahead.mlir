// long_trip: bugs that exist only past a small trip count (docs/loops.md).
// The AIC sets cross-core flag 0 once per tile and each AIV waits for it once per tile; the tile
// count is a kernel argument and nothing sends a credit back, so the AIC may run the whole count
// ahead: from 16 tiles on, its 16th set can find the counter at 15 (flag-overflow, a hang).
// Trip counts 0..15 are correct; ksv's default bound (8) alone would have called it clean.
module {
  func.func @bug_run_ahead_mix_aic(%x: memref<8192xf16, #hivm.address_space<gm>>, %n: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %nn = arith.index_cast %n : i32 to index
    scf.for %i = %c0 to %nn step %c1 {
      hivm.hir.sync_block_set[<CUBE>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 0 // expect: flag-overflow
    }
    return
  }
  func.func @bug_run_ahead_mix_aiv(%x: memref<8192xf16, #hivm.address_space<gm>>, %n: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %nn = arith.index_cast %n : i32 to index
    scf.for %i = %c0 to %nn step %c1 {
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 0
    }
    return
  }
}
