// hostile: 1 load at 20:5 may read gm:%arg0\[0x100, 0x180\) while the store at 19:5 -- --engine smt
// row stride (bid + 1) * 2^62 + 128 f16 elements: the store's second row is at (bid + 1) * 2^63 + 256 bytes, 256 for block 1 (the wrap), where the load reads, with no sync between them
module {
  func.func @k(%arg0: memref<?x?xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0_i64 = arith.constant 0 : i64
    %c256_i64 = arith.constant 256 : i64
    %c1 = arith.constant 1 : index
    %h = arith.constant 4611686018427387904 : index
    %bid = hivm.hir.get_block_idx -> i64
    %b = arith.index_cast %bid : i64 to index
    %b1 = arith.addi %b, %c1 : index
    %c128 = arith.constant 128 : index
    %s0 = arith.muli %b1, %h : index
    %s = arith.addi %s0, %c128 : index
    %ub = hivm.hir.pointer_cast(%c0_i64) : memref<2x64xf16, #hivm.address_space<ub>>
    %ub2 = hivm.hir.pointer_cast(%c256_i64) : memref<64xf16, #hivm.address_space<ub>>
    %g = memref.reinterpret_cast %arg0 to offset: [0], sizes: [2, 64], strides: [%s, 1] : memref<?x?xf16, #hivm.address_space<gm>> to memref<2x64xf16, strided<[?, 1], offset: 0>, #hivm.address_space<gm>>
    %g0 = memref.reinterpret_cast %arg0 to offset: [128], sizes: [64], strides: [1] : memref<?x?xf16, #hivm.address_space<gm>> to memref<64xf16, strided<[1], offset: 128>, #hivm.address_space<gm>>
    hivm.hir.store ins(%ub : memref<2x64xf16, #hivm.address_space<ub>>) outs(%g : memref<2x64xf16, strided<[?, 1], offset: 0>, #hivm.address_space<gm>>)
    hivm.hir.load ins(%g0 : memref<64xf16, strided<[1], offset: 128>, #hivm.address_space<gm>>) outs(%ub2 : memref<64xf16, #hivm.address_space<ub>>)
    return
  }
}
