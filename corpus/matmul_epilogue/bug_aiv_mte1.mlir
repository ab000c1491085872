// matmul_epilogue: MIX matmul (AIC -> GM workspace via fixpipe, flag 0) + AIV bias epilogue.
// Seeded bug: the AIV MTE2->V pair is written MTE2->MTE1 (an AIC pipe): invalid-sync at both,
// and the vadd reads the loaded tiles unordered (race).
// The mmadL1s carry the compiler's sync_related_args: the mmad library waits M->MTE1
// EVENT_ID0/EVENT_ID1 ([5]/[6]) before its MTE1 part and sets them after its M part; the
// kernel pre-sets both before the first mmad and drains both after the last (SEMANTICS.md 1).
// Flags count (SEMANTICS 3 revised): each double-set under expect(bit) is timing-only: the
// set may fire before the wait consumed the previous set, which a counting flag holds; no
// finding now, `--flag-model bit` still reports it.
module {
  func.func @mm_epi_mix_aic(%arg0: memref<512xf16, #hivm.address_space<gm>>, %arg1: memref<256xf16, #hivm.address_space<gm>>, %arg2: memref<256xf32, #hivm.address_space<gm>>, %arg3: memref<512xf32, #hivm.address_space<gm>>, %arg4: memref<512xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %true = arith.constant true
    %c0_i64 = arith.constant 0 : i64
    %c512_i64 = arith.constant 512 : i64
    %a1 = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xf16, #hivm.address_space<cbuf>>
    %b1 = hivm.hir.pointer_cast(%c512_i64) : memref<16x16xf16, #hivm.address_space<cbuf>>
    %cc = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xf32, #hivm.address_space<cc>>
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    %c-1_i64 = arith.constant -1 : i64
    %ev0_i64 = arith.constant 0 : i64
    %ev1_i64 = arith.constant 1 : i64
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    scf.for %t = %c0 to %c2 step %c1 {
      %off = arith.muli %t, %c256 : index
      %ag = memref.reinterpret_cast %arg0 to offset: [%off], sizes: [16, 16], strides: [16, 1] : memref<512xf16, #hivm.address_space<gm>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
      %bg = memref.reinterpret_cast %arg1 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xf16, #hivm.address_space<gm>> to memref<16x16xf16, strided<[16, 1]>, #hivm.address_space<gm>>
      %ws = memref.reinterpret_cast %arg3 to offset: [%off], sizes: [16, 16], strides: [16, 1] : memref<512xf32, #hivm.address_space<gm>> to memref<16x16xf32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.nd2nz {dst_continuous} ins(%ag : memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>) outs(%a1 : memref<16x16xf16, #hivm.address_space<cbuf>>)
      hivm.hir.nd2nz {dst_continuous} ins(%bg : memref<16x16xf16, strided<[16, 1]>, #hivm.address_space<gm>>) outs(%b1 : memref<16x16xf16, #hivm.address_space<cbuf>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
      hivm.hir.mmadL1 ins(%a1, %b1, %true, %c16, %c16, %c16 : memref<16x16xf16, #hivm.address_space<cbuf>>, memref<16x16xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%cc : memref<16x16xf32, #hivm.address_space<cc>>) sync_related_args(%c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %ev0_i64, %ev1_i64 : i64, i64, i64, i64, i64, i64, i64)
      hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
      hivm.hir.fixpipe {enable_nz2nd} ins(%cc : memref<16x16xf32, #hivm.address_space<cc>>) outs(%ws : memref<16x16xf32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
      hivm.hir.sync_block_set[<CUBE>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
    }
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    return
  }
  func.func @mm_epi_mix_aiv(%arg0: memref<512xf16, #hivm.address_space<gm>>, %arg1: memref<256xf16, #hivm.address_space<gm>>, %arg2: memref<256xf32, #hivm.address_space<gm>>, %arg3: memref<512xf32, #hivm.address_space<gm>>, %arg4: memref<512xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c0_i64 = arith.constant 0 : i64
    %c512_i64 = arith.constant 512 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %sbi = hivm.hir.get_sub_block_idx -> i64
    %sb = arith.index_cast %sbi : i64 to index
    %half = arith.muli %sb, %c128 : index
    %wb = hivm.hir.pointer_cast(%c0_i64) : memref<128xf32, #hivm.address_space<ub>>
    %bb = hivm.hir.pointer_cast(%c512_i64) : memref<128xf32, #hivm.address_space<ub>>
    %ob = hivm.hir.pointer_cast(%c1024_i64) : memref<128xf32, #hivm.address_space<ub>>
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    scf.for %t = %c0 to %c2 step %c1 {
      %toff = arith.muli %t, %c256 : index
      %off = arith.addi %toff, %half : index
      %wsg = memref.subview %arg3[%off] [128] [1] : memref<512xf32, #hivm.address_space<gm>> to memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %bg = memref.subview %arg2[%half] [128] [1] : memref<256xf32, #hivm.address_space<gm>> to memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %og = memref.subview %arg4[%off] [128] [1] : memref<512xf32, #hivm.address_space<gm>> to memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.load ins(%wsg : memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%wb : memref<128xf32, #hivm.address_space<ub>>) // expect: pipe-hazard
      hivm.hir.load ins(%bg : memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%bb : memref<128xf32, #hivm.address_space<ub>>) // expect: pipe-hazard
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>] // expect: invalid-sync
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>] // expect: invalid-sync
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.vadd ins(%wb, %bb : memref<128xf32, #hivm.address_space<ub>>, memref<128xf32, #hivm.address_space<ub>>) outs(%ob : memref<128xf32, #hivm.address_space<ub>>) // expect: race, race
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>] // expect(bit): double-set, double-set
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.store ins(%ob : memref<128xf32, #hivm.address_space<ub>>) outs(%og : memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    }
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    return
  }
}
