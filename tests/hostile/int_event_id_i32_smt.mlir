// hostile: 1 event id computed at run time can be -3, out of range -- --engine smt
// trunci(bid) + (2^31 - 1) in i32 wraps for bid >= 1: remsi 8 is -7 for bid 2 (invalid id)
module {
  func.func @k(%arg0: memref<?xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i64 = arith.constant 0 : i64
    %c8 = arith.constant 8 : i32
    %h = arith.constant 2147483647 : i32
    %bid = hivm.hir.get_block_idx -> i64
    %b = arith.trunci %bid : i64 to i32
    %m = arith.addi %b, %h : i32
    %r = arith.remsi %m, %c8 : i32
    %ev = arith.extsi %r : i32 to i64
    %ub = hivm.hir.pointer_cast(%c0_i64) : memref<128xf16, #hivm.address_space<ub>>
    %xs = memref.subview %arg0[0] [128] [1] : memref<?xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1]>, #hivm.address_space<gm>>
    hivm.hir.load ins(%xs : memref<128xf16, strided<[1]>, #hivm.address_space<gm>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
    hivm.hir.vrelu ins(%ub : memref<128xf16, #hivm.address_space<ub>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
    return
  }
}
