// hostile: 1 the race search stopped after 16000000 unordered instance pairs
// 65536 iterations with a run-time branch around the MTE2 -> V handshake: on the side without it, each load races with the vrelu of its own and every later iteration (2^31 instance pairs); the race search stops at CHK_RACE_PAIRS_MAX (an audit saw minutes and gigabytes).
module {
  func.func @bb(%arg0: memref<?xf16, #hivm.address_space<gm>>, %m: i64) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cN = arith.constant 65536 : index
    %ub = hivm.hir.pointer_cast(%c0_i64) : memref<128xf16, #hivm.address_space<ub>>
    %xs = memref.subview %arg0[0] [128] [1] : memref<?xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1]>, #hivm.address_space<gm>>
    %q = arith.cmpi sgt, %m, %c0_i64 : i64
    scf.for %i = %c0 to %cN step %c1 {
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1]>, #hivm.address_space<gm>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
      scf.if %q {
        hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
        hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      }
      hivm.hir.vrelu ins(%ub : memref<128xf16, #hivm.address_space<ub>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    }
    return
  }
}
