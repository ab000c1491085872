// long_trip: co-prime rotations. The AIC hands tiles over on flags 0..4 (flag = i mod 5), and the
// AIVs send credits back on flags 8 and 9 (i mod 2), pre-credited once each and drained after the
// loop. The body repeats only every 10 tiles (the least common multiple), longer than ksv's
// default bound of 8. Correct version: no findings expected, for every trip count.
module {
  func.func @ok_coprime_mix_aic(%x: memref<8192xf16, #hivm.address_space<gm>>, %n: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %nn = arith.index_cast %n : i32 to index
    scf.for %i = %c0 to %nn step %c1 {
      %f = arith.remui %i, %c5 : index
      %p = arith.remui %i, %c2 : index
      %g = arith.addi %p, %c8 : index
      hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_MTE2>] flag = %g
      hivm.hir.sync_block_set[<CUBE>, <PIPE_MTE2>, <PIPE_MTE2>] flag = %f
    }
    hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 8
    hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 9
    return
  }
  func.func @ok_coprime_mix_aiv(%x: memref<8192xf16, #hivm.address_space<gm>>, %n: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %nn = arith.index_cast %n : i32 to index
    hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 8
    hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 9
    scf.for %i = %c0 to %nn step %c1 {
      %f = arith.remui %i, %c5 : index
      %p = arith.remui %i, %c2 : index
      %g = arith.addi %p, %c8 : index
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = %f
      hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = %g
    }
    return
  }
}
