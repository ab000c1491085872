// long_loop: y = relu(x) in a persistent loop, scf.while on an always-true condition (see
// ok_while.mlir); checked on its first 8 iterations since the loop never ends.
// Seeded bug: the store is issued before its wait_flag[V, MTE3], so it can read yb while the
// vrelu of the same tile is still writing it: a race in the first iteration already, so in every
// run of the kernel.
module {
  func.func @relu_persistent(%arg0: memref<?xf16, #hivm.address_space<gm>>, %arg1: memref<?xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %true = arith.constant true
    %c0_i64 = arith.constant 0 : i64
    %c256_i64 = arith.constant 256 : i64
    %c512_i64 = arith.constant 512 : i64
    %c768_i64 = arith.constant 768 : i64
    %cnt = memref.alloca() : memref<1xindex>
    memref.store %c0, %cnt[%c0] : memref<1xindex>
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID1>]
    %r = scf.while (%go = %true) : (i1) -> i1 {
      scf.condition(%go) %go : i1
    } do {
    ^bb0(%g: i1):
      %i = memref.load %cnt[%c0] : memref<1xindex>
      %xb = hivm.hir.pointer_cast(%c0_i64, %c256_i64) : memref<128xf16, #hivm.address_space<ub>>
      annotation.mark %xb {hivm.multi_buffer = 2 : i32} : memref<128xf16, #hivm.address_space<ub>>
      %yb = hivm.hir.pointer_cast(%c512_i64, %c768_i64) : memref<128xf16, #hivm.address_space<ub>>
      annotation.mark %yb {hivm.multi_buffer = 2 : i32} : memref<128xf16, #hivm.address_space<ub>>
      %slot = arith.remui %i, %c2 : index
      %e = arith.index_cast %slot : index to i64
      %off = arith.muli %i, %c128 : index
      %xs = memref.subview %arg0[%off] [128] [1] : memref<?xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %ys = memref.subview %arg1[%off] [128] [1] : memref<?xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, %e]
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%xb : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %e]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, %e]
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, %e]
      hivm.hir.vrelu ins(%xb : memref<128xf16, #hivm.address_space<ub>>) outs(%yb : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, %e]
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, %e]
      hivm.hir.store ins(%yb : memref<128xf16, #hivm.address_space<ub>>) outs(%ys : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>)  // expect: race
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, %e]
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, %e]
      %inext = arith.addi %i, %c1 : index
      memref.store %inext, %cnt[%c0] : memref<1xindex>
      scf.yield %g : i1
    }
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID1>]
    return
  }
}
