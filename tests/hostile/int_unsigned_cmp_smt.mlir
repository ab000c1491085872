// hostile: 1 vrelu at 18:5 may .* while the load at 12:5 -- --engine smt
// x < 0 and x >u 100 hold together for every negative x (unsigned, a negative x is past 2^63): the branch without the MTE2 -> V handshake runs
module {
  func.func @k(%arg0: memref<?xf16, #hivm.address_space<gm>>, %x: i64) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i64 = arith.constant 0 : i64
    %c100 = arith.constant 100 : i64
    %ub = hivm.hir.pointer_cast(%c0_i64) : memref<128xf16, #hivm.address_space<ub>>
    %xs = memref.subview %arg0[0] [128] [1] : memref<?xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1]>, #hivm.address_space<gm>>
    %neg = arith.cmpi slt, %x, %c0_i64 : i64
    %big = arith.cmpi ugt, %x, %c100 : i64
    %both = arith.andi %neg, %big : i1
    hivm.hir.load ins(%xs : memref<128xf16, strided<[1]>, #hivm.address_space<gm>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
    scf.if %both {
    } else {
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    }
    hivm.hir.vrelu ins(%ub : memref<128xf16, #hivm.address_space<ub>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
    return
  }
}
