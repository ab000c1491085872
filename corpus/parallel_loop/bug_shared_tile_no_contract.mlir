// parallel_loop, seeded bug: bug_shared_tile without the {hivm.parallel_loop} attribute. With no
// contract the same cross-iteration overlaps are what they are on the machine: races (the load
// of iteration i+1 against the vexp of i, the vexp of i+1 against the store of i) and pipe
// hazards (two loads into one tile; two vexps into one tile on a2, where V -> V may overlap).
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
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%xb : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>) // expect: race, pipe-hazard
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
      hivm.hir.vexp ins(%xb : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>) outs(%zb : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>) // expect: race // expect(a2): pipe-hazard
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, %ev]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, %ev]
      hivm.hir.store ins(%zb : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>) outs(%zs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>)
    }
    return
  }
}
