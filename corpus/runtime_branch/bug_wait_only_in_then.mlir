// runtime_branch: y = x (+ r when the kernel argument %arg3 != 0) over 256 f16, AIV only, 2 tiles of 128.
// Seeded bug: the MTE2->V wait moved into the vadd branch: when %arg3 == 0 the copy reads xb while
// MTE2 may still write it, and the set is never consumed (set again next tile, pending at the end).
// Flags count (SEMANTICS 3 revised): each double-set under expect(bit) is timing-only: the
// set may fire before the wait consumed the previous set, which a counting flag holds; no
// finding now, `--flag-model bit` still reports it.
// Each double-set left in expect: is in program order (no wait of the flag between the two
// sets): a warning since SEMANTICS 3 revised, an error under --flag-model bit.
module {
  func.func @res_add(%arg0: memref<256xf16, #hivm.address_space<gm>>, %arg1: memref<256xf16, #hivm.address_space<gm>>, %arg2: memref<256xf16, #hivm.address_space<gm>>, %arg3: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %c0_i32 = arith.constant 0 : i32
    %c0_i64 = arith.constant 0 : i64
    %c256_i64 = arith.constant 256 : i64
    %c512_i64 = arith.constant 512 : i64
    %has_res = arith.cmpi ne, %arg3, %c0_i32 : i32
    %xb = hivm.hir.pointer_cast(%c0_i64) : memref<128xf16, #hivm.address_space<ub>>
    %rb = hivm.hir.pointer_cast(%c256_i64) : memref<128xf16, #hivm.address_space<ub>>
    %yb = hivm.hir.pointer_cast(%c512_i64) : memref<128xf16, #hivm.address_space<ub>>
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    scf.for %t = %c0 to %c2 step %c1 {
      %off = arith.muli %t, %c128 : index
      %xs = memref.subview %arg0[%off] [128] [1] : memref<256xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %ys = memref.subview %arg2[%off] [128] [1] : memref<256xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.load ins(%xs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%xb : memref<128xf16, #hivm.address_space<ub>>) // expect: pipe-hazard
      scf.if %has_res {
        %rs = memref.subview %arg1[%off] [128] [1] : memref<256xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
        hivm.hir.load ins(%rs : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%rb : memref<128xf16, #hivm.address_space<ub>>)
      }
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>] // expect: unpaired-set, double-set
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
      scf.if %has_res {
        hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
        hivm.hir.vadd ins(%xb, %rb : memref<128xf16, #hivm.address_space<ub>>, memref<128xf16, #hivm.address_space<ub>>) outs(%yb : memref<128xf16, #hivm.address_space<ub>>)
      } else {
        hivm.hir.copy ins(%xb : memref<128xf16, #hivm.address_space<ub>>) outs(%yb : memref<128xf16, #hivm.address_space<ub>>) // expect: race
      }
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>] // expect(bit): double-set, double-set
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.store ins(%yb : memref<128xf16, #hivm.address_space<ub>>) outs(%ys : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    }
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    return
  }
}
