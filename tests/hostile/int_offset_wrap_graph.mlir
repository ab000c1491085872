// hostile: 1 load at 18:5 may read gm:%arg0\[0x0, 0x80\) while the store at 17:5 -- --engine graph
// the store's offset (bid + 1) * 2^62 f16 elements is (bid + 1) * 2^63 bytes: for block 1 it wraps to 0, where the load reads, with no sync between them
module {
  func.func @k(%arg0: memref<?xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i64 = arith.constant 0 : i64
    %c1 = arith.constant 1 : index
    %h = arith.constant 4611686018427387904 : index
    %bid = hivm.hir.get_block_idx -> i64
    %b = arith.index_cast %bid : i64 to index
    %b1 = arith.addi %b, %c1 : index
    %o = arith.muli %b1, %h : index
    %ub = hivm.hir.pointer_cast(%c0_i64) : memref<64xf16, #hivm.address_space<ub>>
    %c256_i64 = arith.constant 256 : i64
    %ub2 = hivm.hir.pointer_cast(%c256_i64) : memref<64xf16, #hivm.address_space<ub>>
    %xs = memref.subview %arg0[%o] [64] [1] : memref<?xf16, #hivm.address_space<gm>> to memref<64xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
    %ys = memref.subview %arg0[0] [64] [1] : memref<?xf16, #hivm.address_space<gm>> to memref<64xf16, strided<[1]>, #hivm.address_space<gm>>
    hivm.hir.store ins(%ub : memref<64xf16, #hivm.address_space<ub>>) outs(%xs : memref<64xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>)
    hivm.hir.load ins(%ys : memref<64xf16, strided<[1]>, #hivm.address_space<gm>>) outs(%ub2 : memref<64xf16, #hivm.address_space<ub>>)
    return
  }
}
