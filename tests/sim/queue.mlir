// Vector kernel that is correct with the unbounded issue queues of the static model, but whose
// PIPE_MTE2 queue must hold two loads behind a wait released by a set issued after them:
// with `queue_depth = 1` the scalar unit stalls on the full queue before it issues that set,
// and the simulator reports the deadlock (tests/sim_test.sh); with the default depth it runs.
module {
  func.func @queue(%arg0: memref<128xf32, #hivm.address_space<gm>>, %arg1: memref<128xf32, #hivm.address_space<gm>>, %arg2: memref<128xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i64 = arith.constant 0 : i64
    %c512_i64 = arith.constant 512 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %xb = hivm.hir.pointer_cast(%c0_i64) : memref<128xf32, #hivm.address_space<ub>>
    %yb = hivm.hir.pointer_cast(%c512_i64) : memref<128xf32, #hivm.address_space<ub>>
    %zb = hivm.hir.pointer_cast(%c1024_i64) : memref<128xf32, #hivm.address_space<ub>>
    hivm.hir.vbrc ins(%c0_i64 : i64) outs(%xb : memref<128xf32, #hivm.address_space<ub>>)
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.load ins(%arg0 : memref<128xf32, #hivm.address_space<gm>>) outs(%xb : memref<128xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%arg1 : memref<128xf32, #hivm.address_space<gm>>) outs(%yb : memref<128xf32, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.vadd ins(%xb, %yb : memref<128xf32, #hivm.address_space<ub>>, memref<128xf32, #hivm.address_space<ub>>) outs(%zb : memref<128xf32, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    hivm.hir.store ins(%zb : memref<128xf32, #hivm.address_space<ub>>) outs(%arg2 : memref<128xf32, #hivm.address_space<gm>>)
    return
  }
}
