// long_trip: ok_coprime with batched credits: the AIC takes a credit only before every fifth tile
// (i mod 5 = 4), alternating flags 8 and 9, while the AIVs still return one per tile. Per period
// of 10 tiles each credit counter gains 5 sets and loses 1: the counters climb, and past about 30
// tiles one can overflow (flag-overflow); short launches also leave credits behind (unpaired-set).
module {
  func.func @bug_coprime_mix_aic(%x: memref<8192xf16, #hivm.address_space<gm>>, %n: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
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
      %q = arith.cmpi eq, %f, %c4 : index
      scf.if %q {
        hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_MTE2>] flag = %g
      }
      hivm.hir.sync_block_set[<CUBE>, <PIPE_MTE2>, <PIPE_MTE2>] flag = %f
    }
    return
  }
  func.func @bug_coprime_mix_aiv(%x: memref<8192xf16, #hivm.address_space<gm>>, %n: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %nn = arith.index_cast %n : i32 to index
    hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 8 // expect: unpaired-set
    hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 9 // expect: unpaired-set
    scf.for %i = %c0 to %nn step %c1 {
      %f = arith.remui %i, %c5 : index
      %p = arith.remui %i, %c2 : index
      %g = arith.addi %p, %c8 : index
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = %f
      hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = %g // expect: flag-overflow, unpaired-set
    }
    return
  }
}
