// long_trip: the fix of bug_run_ahead. Each AIV returns a credit on flag 1 per tile and the AIC
// waits for one before each set; the AIVs pre-credit two tiles and the AIC drains the last two
// after its loop, so the AIC is at most two tiles ahead for every tile count.
// Correct version: no findings expected, for every trip count.
module {
  func.func @ok_credits_mix_aic(%x: memref<8192xf16, #hivm.address_space<gm>>, %n: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %nn = arith.index_cast %n : i32 to index
    scf.for %i = %c0 to %nn step %c1 {
      hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 1
      hivm.hir.sync_block_set[<CUBE>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 0
    }
    hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 1
    hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 1
    return
  }
  func.func @ok_credits_mix_aiv(%x: memref<8192xf16, #hivm.address_space<gm>>, %n: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %nn = arith.index_cast %n : i32 to index
    hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 1
    hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 1
    scf.for %i = %c0 to %nn step %c1 {
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 0
      hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 1
    }
    return
  }
}
