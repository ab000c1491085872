// hostile: 3 uses an event id or flag that depends on a runtime value -- --engine graph
// bid * (2^61 + 1) wraps in i64 for bid >= 4: remsi 8 of it is -4 for bid 4 (invalid id), not 4
module {
  func.func @k(%arg0: memref<?xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i64 = arith.constant 0 : i64
    %c8 = arith.constant 8 : i64
    %h = arith.constant 2305843009213693953 : i64
    %bid = hivm.hir.get_block_idx -> i64
    %m = arith.muli %bid, %h : i64
    %ev = arith.remsi %m, %c8 : i64
    %ub = hivm.hir.pointer_cast(%c0_i64) : memref<128xf16, #hivm.address_space<ub>>
    %xs = memref.subview %arg0[0] [128] [1] : memref<?xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1]>, #hivm.address_space<gm>>
    hivm.hir.load ins(%xs : memref<128xf16, strided<[1]>, #hivm.address_space<gm>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
    hivm.hir.vrelu ins(%ub : memref<128xf16, #hivm.address_space<ub>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
    return
  }
}
