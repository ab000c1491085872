// long_trip: a credit pool that leaks. The AIVs pre-credit 12 tiles on flag 1 and the AIC takes
// one credit per tile, but the AIVs return a credit only after even tiles (the odd-tile return was
// lost). Each launch leaves credits unused while the pool lasts (unpaired-set: a short launch
// leaves the counter up), and from 25 tiles on the pool is empty: the AIC waits forever
// (deadlock) -- a hang no run with a short tile count shows.
module {
  func.func @bug_leak_mix_aic(%x: memref<8192xf16, #hivm.address_space<gm>>, %n: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %nn = arith.index_cast %n : i32 to index
    scf.for %i = %c0 to %nn step %c1 {
      hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 1 // expect: deadlock
      hivm.hir.sync_block_set[<CUBE>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 0
    }
    return
  }
  func.func @bug_leak_mix_aiv(%x: memref<8192xf16, #hivm.address_space<gm>>, %n: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %nn = arith.index_cast %n : i32 to index
    %c12 = arith.constant 12 : index
    scf.for %j = %c0 to %c12 step %c1 {
      hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 1 // expect: unpaired-set
    }
    scf.for %i = %c0 to %nn step %c1 {
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 0
      %p = arith.remui %i, %c2 : index
      %even = arith.cmpi eq, %p, %c0 : index
      scf.if %even {
        hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE2>] flag = 1 // expect: unpaired-set
      }
    }
    return
  }
}
