// parallel_loop: an elementwise exp over 4 tiles of 128 f16 (AIV only) in a loop the producer
// marks {hivm.parallel_loop}: its iterations promise not to conflict, and the compiler inserts no
// sync between them. Each iteration has its own GM tiles and its own slices of the two UB
// buffers (subviews at 128 * %i), so no access of one iteration touches the bytes of another;
// inside an iteration MTE2 -> V -> MTE3 are ordered by flags as usual, on event ids that rotate
// with the iteration (SEMANTICS 1, "Contracts the producer states in the IR"). Correct version:
// no findings expected.
module {
  func.func @exp_tiles(%arg0: memref<512xf16, #hivm.address_space<gm>>, %arg1: memref<512xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %c0_i64 = arith.constant 0 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %xall = hivm.hir.pointer_cast(%c0_i64) : memref<512xf16, #hivm.address_space<ub>>
    %zall = hivm.hir.pointer_cast(%c1024_i64) : memref<512xf16, #hivm.address_space<ub>>
    scf.for %i = %c0 to %c4 step %c1 {
      %off = arith.muli %i, %c128 : index
      %ev = arith.index_cast %i : index to i64
      %xs = memref.subview %arg0[%off] [128] [1] : memref<512xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %zs = memref.subview %arg1[%off] [128] [1] : memref<512xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %xb = memref.subview %xall[%off] [128] [1] : memref<512xf16, #hivm.address_space<ub>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %zb = memref.subview %zall[%off] [128] [1] : memref<512xf16, #hivm.address_space<ub>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%xb : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
      hivm.hir.vexp ins(%xb : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>) outs(%zb : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, %ev]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, %ev]
      hivm.hir.store ins(%zb : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>) outs(%zs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>)
    } {hivm.parallel_loop}
    return
  }
}
