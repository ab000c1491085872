// parallel_loop, seeded bug: the UB slices are not offset by the iteration (every iteration uses
// the first 128 elements of both buffers), so the iterations of the {hivm.parallel_loop} loop do
// conflict: the load of iteration i+1 can overwrite the tile the vexp of iteration i still reads,
// the vexp of i+1 the tile the store of i still reads (and two loads, two vexps on a2, write
// the same bytes). Nothing orders iterations, as the contract lets the compiler assume: each
// such pair is a parallel-loop-conflict warning (the input breaks the contract), not a race.
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
      %xb = memref.subview %xall[0] [128] [1] : memref<512xf16, #hivm.address_space<ub>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %zb = memref.subview %zall[0] [128] [1] : memref<512xf16, #hivm.address_space<ub>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%xb : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>) // expect: parallel-loop-conflict, parallel-loop-conflict
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
      hivm.hir.vexp ins(%xb : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>) outs(%zb : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>) // expect: parallel-loop-conflict // expect(a2): parallel-loop-conflict
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, %ev]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, %ev]
      hivm.hir.store ins(%zb : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>) outs(%zs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>)
    } {hivm.parallel_loop}
    return
  }
}
