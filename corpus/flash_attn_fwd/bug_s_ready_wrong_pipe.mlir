// flash_attn_fwd: FlashAttention forward MIX, QK^T -> wsS ring -> softmax (AIV) -> wsP ring -> PV.
// Seeded bug: S-ready (flag 1) is set on PIPE_M instead of PIPE_FIX, so it can fire before the
// fixpipe wrote S to the workspace (xcore-race at the AIV load).
// The mmadL1s carry the compiler's sync_related_args: the mmad library waits M->MTE1
// EVENT_ID0/EVENT_ID1 ([5]/[6]) before its MTE1 part and sets them after its M part; the
// kernel pre-sets both before the first mmad and drains both after the last (SEMANTICS.md 1).
// Flags count (SEMANTICS 3 revised): each double-set under expect(bit) is timing-only: the
// set may fire before the wait consumed the previous set, which a counting flag holds; no
// finding now, `--flag-model bit` still reports it.
module {
  func.func @fa_fwd_mix_aic(%arg0: memref<256xf16, #hivm.address_space<gm>>, %arg1: memref<1024xf16, #hivm.address_space<gm>>, %arg2: memref<1024xf16, #hivm.address_space<gm>>, %arg3: memref<512xf32, #hivm.address_space<gm>>, %arg4: memref<512xf16, #hivm.address_space<gm>>, %arg5: memref<256xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %true = arith.constant true
    %c0_i64 = arith.constant 0 : i64
    %c512_i64 = arith.constant 512 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c1536_i64 = arith.constant 1536 : i64
    %qb = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xf16, #hivm.address_space<cbuf>>
    %kb = hivm.hir.pointer_cast(%c512_i64) : memref<16x16xf16, #hivm.address_space<cbuf>>
    %pb = hivm.hir.pointer_cast(%c1024_i64) : memref<16x16xf16, #hivm.address_space<cbuf>>
    %vb = hivm.hir.pointer_cast(%c1536_i64) : memref<16x16xf16, #hivm.address_space<cbuf>>
    %scc = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xf32, #hivm.address_space<cc>>
    %occ = hivm.hir.pointer_cast(%c1024_i64) : memref<16x16xf32, #hivm.address_space<cc>>
    %qg = memref.reinterpret_cast %arg0 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xf16, #hivm.address_space<gm>> to memref<16x16xf16, strided<[16, 1]>, #hivm.address_space<gm>>
    %og = memref.reinterpret_cast %arg5 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xf32, #hivm.address_space<gm>> to memref<16x16xf32, strided<[16, 1]>, #hivm.address_space<gm>>
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    %c-1_i64 = arith.constant -1 : i64
    %ev0_i64 = arith.constant 0 : i64
    %ev1_i64 = arith.constant 1 : i64
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.nd2nz {dst_continuous} ins(%qg : memref<16x16xf16, strided<[16, 1]>, #hivm.address_space<gm>>) outs(%qb : memref<16x16xf16, #hivm.address_space<cbuf>>)
    scf.for %j = %c0 to %c4 step %c1 {
      %slot = arith.remsi %j, %c2 : index
      %soff = arith.muli %slot, %c256 : index
      %kvoff = arith.muli %j, %c256 : index
      %init = arith.cmpi eq, %j, %c0 : index
      %kg = memref.reinterpret_cast %arg1 to offset: [%kvoff], sizes: [16, 16], strides: [16, 1] : memref<1024xf16, #hivm.address_space<gm>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
      %vg = memref.reinterpret_cast %arg2 to offset: [%kvoff], sizes: [16, 16], strides: [16, 1] : memref<1024xf16, #hivm.address_space<gm>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
      %sg = memref.reinterpret_cast %arg3 to offset: [%soff], sizes: [16, 16], strides: [16, 1] : memref<512xf32, #hivm.address_space<gm>> to memref<16x16xf32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
      %pg = memref.reinterpret_cast %arg4 to offset: [%soff], sizes: [16, 16], strides: [16, 1] : memref<512xf16, #hivm.address_space<gm>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.nd2nz {dst_continuous} ins(%kg : memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>) outs(%kb : memref<16x16xf16, #hivm.address_space<cbuf>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
      hivm.hir.mmadL1 {b_transpose} ins(%qb, %kb, %true, %c16, %c16, %c16 : memref<16x16xf16, #hivm.address_space<cbuf>>, memref<16x16xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%scc : memref<16x16xf32, #hivm.address_space<cc>>) sync_related_args(%c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %ev0_i64, %ev1_i64 : i64, i64, i64, i64, i64, i64, i64) // expect: race
      hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>] // expect(bit): double-set
      hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
      hivm.hir.fixpipe {enable_nz2nd} ins(%scc : memref<16x16xf32, #hivm.address_space<cc>>) outs(%sg : memref<16x16xf32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.sync_block_set[<CUBE>, <PIPE_M>, <PIPE_MTE2>] flag = 1
      hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE3>, <PIPE_MTE2>] flag = 2
      hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.nd2nz {dst_continuous} ins(%pg : memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>) outs(%pb : memref<16x16xf16, #hivm.address_space<cbuf>>)
      hivm.hir.nd2nz {dst_continuous} ins(%vg : memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>) outs(%vb : memref<16x16xf16, #hivm.address_space<cbuf>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
      hivm.hir.mmadL1 ins(%pb, %vb, %init, %c16, %c16, %c16 : memref<16x16xf16, #hivm.address_space<cbuf>>, memref<16x16xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%occ : memref<16x16xf32, #hivm.address_space<cc>>) sync_related_args(%c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %ev0_i64, %ev1_i64 : i64, i64, i64, i64, i64, i64, i64)
      hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    }
    hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>] // expect(bit): double-set
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
    hivm.hir.fixpipe {enable_nz2nd} ins(%occ : memref<16x16xf32, #hivm.address_space<cc>>) outs(%og : memref<16x16xf32, strided<[16, 1]>, #hivm.address_space<gm>>)
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    return
  }
  func.func @fa_fwd_mix_aiv(%arg0: memref<256xf16, #hivm.address_space<gm>>, %arg1: memref<1024xf16, #hivm.address_space<gm>>, %arg2: memref<1024xf16, #hivm.address_space<gm>>, %arg3: memref<512xf32, #hivm.address_space<gm>>, %arg4: memref<512xf16, #hivm.address_space<gm>>, %arg5: memref<256xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c0_i64 = arith.constant 0 : i64
    %c512_i64 = arith.constant 512 : i64
    %c544_i64 = arith.constant 544 : i64
    %c1056_i64 = arith.constant 1056 : i64
    %sbi = hivm.hir.get_sub_block_idx -> i64
    %sbx = arith.index_cast %sbi : i64 to index
    %half = arith.muli %sbx, %c128 : index
    %sb = hivm.hir.pointer_cast(%c0_i64) : memref<8x16xf32, #hivm.address_space<ub>>
    %mb = hivm.hir.pointer_cast(%c512_i64) : memref<8x1xf32, #hivm.address_space<ub>>
    %eb = hivm.hir.pointer_cast(%c544_i64) : memref<8x16xf32, #hivm.address_space<ub>>
    %pb = hivm.hir.pointer_cast(%c1056_i64) : memref<8x16xf16, #hivm.address_space<ub>>
    scf.for %j = %c0 to %c4 step %c1 {
      %slot = arith.remsi %j, %c2 : index
      %sbase = arith.muli %slot, %c256 : index
      %soff = arith.addi %sbase, %half : index
      %sg = memref.reinterpret_cast %arg3 to offset: [%soff], sizes: [8, 16], strides: [16, 1] : memref<512xf32, #hivm.address_space<gm>> to memref<8x16xf32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
      %pg = memref.reinterpret_cast %arg4 to offset: [%soff], sizes: [8, 16], strides: [16, 1] : memref<512xf16, #hivm.address_space<gm>> to memref<8x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_M>, <PIPE_MTE2>] flag = 1
      hivm.hir.load ins(%sg : memref<8x16xf32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>) outs(%sb : memref<8x16xf32, #hivm.address_space<ub>>) // expect: xcore-race
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.vreduce <max> ins(%sb : memref<8x16xf32, #hivm.address_space<ub>>) outs(%mb : memref<8x1xf32, #hivm.address_space<ub>>) reduce_dims = [1]
      hivm.hir.pipe_barrier[<PIPE_V>]
      hivm.hir.vsub ins(%sb, %mb : memref<8x16xf32, #hivm.address_space<ub>>, memref<8x1xf32, #hivm.address_space<ub>>) outs(%eb : memref<8x16xf32, #hivm.address_space<ub>>) broadcast = [1]
      hivm.hir.pipe_barrier[<PIPE_V>]
      hivm.hir.vexp ins(%eb : memref<8x16xf32, #hivm.address_space<ub>>) outs(%eb : memref<8x16xf32, #hivm.address_space<ub>>)
      hivm.hir.pipe_barrier[<PIPE_V>]
      hivm.hir.vcast ins(%eb : memref<8x16xf32, #hivm.address_space<ub>>) outs(%pb : memref<8x16xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.store ins(%pb : memref<8x16xf16, #hivm.address_space<ub>>) outs(%pg : memref<8x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE3>, <PIPE_MTE2>] flag = 2
    }
    return
  }
}
