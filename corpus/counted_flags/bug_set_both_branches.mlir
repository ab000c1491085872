// counted_flags: double-buffered y = exp(x) (AIV only), 8 tiles, as ok.mlir, with the store
// skipped for the tiles past the valid length %arg2 (a runtime value: the SMT engine decides).
// Seeded bug: the V->MTE3 set was copied into both branches of the scf.if but its wait (and the
// store) only into the then-branch.  On a path where a tile is skipped its set is never waited
// for: the next V->MTE3 set follows it with no wait between them in program order (double-set,
// a warning, at the else-branch set: the valid length only cuts the tail, so a skipped tile is
// followed by skipped tiles only, and Z3 finds no path where a then-branch set follows a
// skipped one), and the flag is still set when the kernel ends (unpaired-set).  Nothing else
// follows: the extra sets pile up after the last store's wait, so no wait is released early.
// Under --flag-model bit the timing-only double sets of ok.mlir come back, and the else-branch
// sets (no store before them on PIPE_MTE3) also make MTE3->V fire early.
module {
  func.func @exp_db(%arg0: memref<1024xf16, #hivm.address_space<gm>>, %arg1: memref<1024xf16, #hivm.address_space<gm>>, %arg2: index) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %c256_i64 = arith.constant 256 : i64
    %c512_i64 = arith.constant 512 : i64
    %c768_i64 = arith.constant 768 : i64
    %cnt = memref.alloca() : memref<1xi64>
    memref.store %c0_i64, %cnt[%c0] : memref<1xi64>
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID1>]
    scf.for %i = %c0 to %c8 step %c1 {
      %n = memref.load %cnt[%c0] : memref<1xi64>
      %r = arith.remui %n, %c2_i64 : i64
      %even = arith.cmpi eq, %r, %c0_i64 : i64
      %ev = arith.select %even, %c0_i64, %c1_i64 : i64
      %off = arith.muli %i, %c128 : index
      %xs = memref.subview %arg0[%off] [128] [1] : memref<1024xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %ys = memref.subview %arg1[%off] [128] [1] : memref<1024xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %xb = hivm.hir.pointer_cast(%c0_i64, %c256_i64) : memref<128xf16, #hivm.address_space<ub>>
      annotation.mark %xb {hivm.multi_buffer = 2 : i32} : memref<128xf16, #hivm.address_space<ub>>
      %yb = hivm.hir.pointer_cast(%c512_i64, %c768_i64) : memref<128xf16, #hivm.address_space<ub>>
      annotation.mark %yb {hivm.multi_buffer = 2 : i32} : memref<128xf16, #hivm.address_space<ub>>
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, %ev]
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%xb : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>] // expect(bit): double-set
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, %ev]
      hivm.hir.vexp ins(%xb : memref<128xf16, #hivm.address_space<ub>>) outs(%yb : memref<128xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, %ev]
      %end = arith.addi %off, %c128 : index
      %inside = arith.cmpi sle, %end, %arg2 : index
      scf.if %inside {
        hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>] // expect(bit): double-set
        hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
        hivm.hir.store ins(%yb : memref<128xf16, #hivm.address_space<ub>>) outs(%ys : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>)
      } else {
        hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>] // expect: double-set, unpaired-set // expect(bit): double-set
      }
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, %ev] // expect(bit): double-set, double-set, double-set
      %n1 = arith.addi %n, %c1_i64 : i64
      memref.store %n1, %cnt[%c0] : memref<1xi64>
    }
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID1>]
    return
  }
}
