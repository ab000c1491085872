// tail_if: elementwise y = x + b with a 64-element tail tile handled by scf.if %is_last (AIV only).
// Seeded bug: the V->MTE3 wait sits only in the full-tile branch: the tail store is unordered
// after the vadd (race) and the last V->MTE3 set is never consumed (unpaired-set).
// Flags count (SEMANTICS 3 revised): each double-set under expect(bit) is timing-only: the
// set may fire before the wait consumed the previous set, which a counting flag holds; no
// finding now, `--flag-model bit` still reports it.
module {
  func.func @tail_add(%arg0: memref<448xf16, #hivm.address_space<gm>>, %arg1: memref<448xf16, #hivm.address_space<gm>>, %arg2: memref<448xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %c0_i64 = arith.constant 0 : i64
    %c256_i64 = arith.constant 256 : i64
    %c512_i64 = arith.constant 512 : i64
    %xb = hivm.hir.pointer_cast(%c0_i64) : memref<128xf16, #hivm.address_space<ub>>
    %bb = hivm.hir.pointer_cast(%c256_i64) : memref<128xf16, #hivm.address_space<ub>>
    %yb = hivm.hir.pointer_cast(%c512_i64) : memref<128xf16, #hivm.address_space<ub>>
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    scf.for %i = %c0 to %c4 step %c1 {
      %off = arith.muli %i, %c128 : index
      %is_last = arith.cmpi eq, %i, %c3 : index
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      scf.if %is_last {
        %xt = memref.subview %arg0[%off] [64] [1] : memref<448xf16, #hivm.address_space<gm>> to memref<64xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
        %bt = memref.subview %arg1[%off] [64] [1] : memref<448xf16, #hivm.address_space<gm>> to memref<64xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
        %xbt = memref.subview %xb[0] [64] [1] : memref<128xf16, #hivm.address_space<ub>> to memref<64xf16, strided<[1]>, #hivm.address_space<ub>>
        %bbt = memref.subview %bb[0] [64] [1] : memref<128xf16, #hivm.address_space<ub>> to memref<64xf16, strided<[1]>, #hivm.address_space<ub>>
        hivm.hir.load ins(%xt : memref<64xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%xbt : memref<64xf16, strided<[1]>, #hivm.address_space<ub>>)
        hivm.hir.load ins(%bt : memref<64xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%bbt : memref<64xf16, strided<[1]>, #hivm.address_space<ub>>)
      } else {
        %xs = memref.subview %arg0[%off] [128] [1] : memref<448xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
        %bs = memref.subview %arg1[%off] [128] [1] : memref<448xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
        hivm.hir.load ins(%xs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%xb : memref<128xf16, #hivm.address_space<ub>>)
        hivm.hir.load ins(%bs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%bb : memref<128xf16, #hivm.address_space<ub>>)
      }
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.vadd ins(%xb, %bb : memref<128xf16, #hivm.address_space<ub>>, memref<128xf16, #hivm.address_space<ub>>) outs(%yb : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>] // expect: unpaired-set
      scf.if %is_last {
        %ybt = memref.subview %yb[0] [64] [1] : memref<128xf16, #hivm.address_space<ub>> to memref<64xf16, strided<[1]>, #hivm.address_space<ub>>
        %yt = memref.subview %arg2[%off] [64] [1] : memref<448xf16, #hivm.address_space<gm>> to memref<64xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
        hivm.hir.store ins(%ybt : memref<64xf16, strided<[1]>, #hivm.address_space<ub>>) outs(%yt : memref<64xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) // expect: race
      } else {
        %ys = memref.subview %arg2[%off] [128] [1] : memref<448xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
        hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
        hivm.hir.store ins(%yb : memref<128xf16, #hivm.address_space<ub>>) outs(%ys : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>)
      }
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>] // expect(bit): double-set
    }
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    return
  }
}
