// flash_attn_fwd/ok_preload: the FlashAttention forward of ok.mlir, software-pipelined with a
// preload: the AIC computes S_{j+1} = Q K_{j+1}^T (into the other slot of the 2-slot GM ring)
// *before* it waits for P_j, so the AIVs' softmax of S_j runs while the cube works on the next
// block, and O += P_j V_j follows.  ok.mlir waits for P_j right after S_j and does not pipeline
// (0 % Cube/Vector overlap on the simulator, docs/simulator.md); this one does (tests/sim_test.sh).
// What the preload changes: the round trip no longer orders the reuse of a buffer.  On the AIC,
// S_{j+1}'s mmad rewrites the L0C tile S_j's fixpipe reads: a FIX -> M flag (pre-set, drained);
// on the AIVs, S_{j+1} lands in UB while softmax_j still reads S_j, and P_{j+1} is cast while
// P_j is being stored: V -> MTE2 and MTE3 -> V "buffer free" flags.  A GM slot is rewritten two
// steps later, after the wait for P_j, which the AIVs set after reading S_j.
// Tiles are 64 x 64 (ok.mlir's are 16 x 16). On the simulator (a2) the preload takes 3712 cycles
// where ok.mlir's schedule at this tile size takes 5967, and PIPE_M runs beside an AIV's PIPE_V
// for 2.7 % of the run (0 % without the preload). With 16 x 16 tiles an mmad lasts 11 cycles: the
// preload still pipelines the copies of one side against the other's compute (1483 instead of
// 2412 cycles) but PIPE_M and PIPE_V hardly ever run together.
// Correct version: no findings on a2; the PIPE_V barriers are redundant-barrier on a5.
module {
  func.func @fa_pre_mix_aic(%arg0: memref<4096xf16, #hivm.address_space<gm>>, %arg1: memref<16384xf16, #hivm.address_space<gm>>, %arg2: memref<16384xf16, #hivm.address_space<gm>>, %arg3: memref<8192xf32, #hivm.address_space<gm>>, %arg4: memref<8192xf16, #hivm.address_space<gm>>, %arg5: memref<4096xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c4096 = arith.constant 4096 : index
    %true = arith.constant true
    %c0_i64 = arith.constant 0 : i64
    %c8192_i64 = arith.constant 8192 : i64
    %c16384_i64 = arith.constant 16384 : i64
    %c24576_i64 = arith.constant 24576 : i64
    %qb = hivm.hir.pointer_cast(%c0_i64) : memref<64x64xf16, #hivm.address_space<cbuf>>
    %kb = hivm.hir.pointer_cast(%c8192_i64) : memref<64x64xf16, #hivm.address_space<cbuf>>
    %pb = hivm.hir.pointer_cast(%c16384_i64) : memref<64x64xf16, #hivm.address_space<cbuf>>
    %vb = hivm.hir.pointer_cast(%c24576_i64) : memref<64x64xf16, #hivm.address_space<cbuf>>
    %scc = hivm.hir.pointer_cast(%c0_i64) : memref<64x64xf32, #hivm.address_space<cc>>
    %occ = hivm.hir.pointer_cast(%c16384_i64) : memref<64x64xf32, #hivm.address_space<cc>>
    %qg = memref.reinterpret_cast %arg0 to offset: [0], sizes: [64, 64], strides: [64, 1] : memref<4096xf16, #hivm.address_space<gm>> to memref<64x64xf16, strided<[64, 1]>, #hivm.address_space<gm>>
    %og = memref.reinterpret_cast %arg5 to offset: [0], sizes: [64, 64], strides: [64, 1] : memref<4096xf32, #hivm.address_space<gm>> to memref<64x64xf32, strided<[64, 1]>, #hivm.address_space<gm>>
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    %c-1_i64 = arith.constant -1 : i64
    %ev0_i64 = arith.constant 0 : i64
    %ev1_i64 = arith.constant 1 : i64
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    hivm.hir.nd2nz {dst_continuous} ins(%qg : memref<64x64xf16, strided<[64, 1]>, #hivm.address_space<gm>>) outs(%qb : memref<64x64xf16, #hivm.address_space<cbuf>>)
    // prologue: S_0 = Q K_0^T into slot 0
    %slot_p = arith.remsi %c0, %c2 : index
    %soff_p = arith.muli %slot_p, %c4096 : index
    %kvoff_p = arith.muli %c0, %c4096 : index
    %kg_p = memref.reinterpret_cast %arg1 to offset: [%kvoff_p], sizes: [64, 64], strides: [64, 1] : memref<16384xf16, #hivm.address_space<gm>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
    %sg_p = memref.reinterpret_cast %arg3 to offset: [%soff_p], sizes: [64, 64], strides: [64, 1] : memref<8192xf32, #hivm.address_space<gm>> to memref<64x64xf32, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.nd2nz {dst_continuous} ins(%kg_p : memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>) outs(%kb : memref<64x64xf16, #hivm.address_space<cbuf>>)
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    hivm.hir.mmadL1 {b_transpose} ins(%qb, %kb, %true, %c64, %c64, %c64 : memref<64x64xf16, #hivm.address_space<cbuf>>, memref<64x64xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%scc : memref<64x64xf32, #hivm.address_space<cc>>) sync_related_args(%c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %ev0_i64, %ev1_i64 : i64, i64, i64, i64, i64, i64, i64)
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
    hivm.hir.fixpipe {enable_nz2nd} ins(%scc : memref<64x64xf32, #hivm.address_space<cc>>) outs(%sg_p : memref<64x64xf32, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>)
    hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    hivm.hir.sync_block_set[<CUBE>, <PIPE_FIX>, <PIPE_MTE2>] flag = 1
    // step j: S_{j+1} first (the preload), then O += P_j V_j
    scf.for %j = %c0 to %c3 step %c1 {
      %j1 = arith.addi %j, %c1 : index
      %slot = arith.remsi %j1, %c2 : index
      %soff = arith.muli %slot, %c4096 : index
      %kvoff = arith.muli %j1, %c4096 : index
      %kg = memref.reinterpret_cast %arg1 to offset: [%kvoff], sizes: [64, 64], strides: [64, 1] : memref<16384xf16, #hivm.address_space<gm>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
      %sg = memref.reinterpret_cast %arg3 to offset: [%soff], sizes: [64, 64], strides: [64, 1] : memref<8192xf32, #hivm.address_space<gm>> to memref<64x64xf32, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.nd2nz {dst_continuous} ins(%kg : memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>) outs(%kb : memref<64x64xf16, #hivm.address_space<cbuf>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
      hivm.hir.mmadL1 {b_transpose} ins(%qb, %kb, %true, %c64, %c64, %c64 : memref<64x64xf16, #hivm.address_space<cbuf>>, memref<64x64xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%scc : memref<64x64xf32, #hivm.address_space<cc>>) sync_related_args(%c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %ev0_i64, %ev1_i64 : i64, i64, i64, i64, i64, i64, i64)
      hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
      hivm.hir.fixpipe {enable_nz2nd} ins(%scc : memref<64x64xf32, #hivm.address_space<cc>>) outs(%sg : memref<64x64xf32, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
      hivm.hir.sync_block_set[<CUBE>, <PIPE_FIX>, <PIPE_MTE2>] flag = 1
      %pslot = arith.remsi %j, %c2 : index
      %poff = arith.muli %pslot, %c4096 : index
      %voff = arith.muli %j, %c4096 : index
      %init = arith.cmpi eq, %j, %c0 : index
      %pg = memref.reinterpret_cast %arg4 to offset: [%poff], sizes: [64, 64], strides: [64, 1] : memref<8192xf16, #hivm.address_space<gm>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
      %vg = memref.reinterpret_cast %arg2 to offset: [%voff], sizes: [64, 64], strides: [64, 1] : memref<16384xf16, #hivm.address_space<gm>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE3>, <PIPE_MTE2>] flag = 2
      hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.nd2nz {dst_continuous} ins(%pg : memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>) outs(%pb : memref<64x64xf16, #hivm.address_space<cbuf>>)
      hivm.hir.nd2nz {dst_continuous} ins(%vg : memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>) outs(%vb : memref<64x64xf16, #hivm.address_space<cbuf>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
      hivm.hir.mmadL1 ins(%pb, %vb, %init, %c64, %c64, %c64 : memref<64x64xf16, #hivm.address_space<cbuf>>, memref<64x64xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%occ : memref<64x64xf32, #hivm.address_space<cc>>) sync_related_args(%c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %ev0_i64, %ev1_i64 : i64, i64, i64, i64, i64, i64, i64)
      hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    }
    // epilogue: O += P_3 V_3
    %pslot_e = arith.remsi %c3, %c2 : index
    %poff_e = arith.muli %pslot_e, %c4096 : index
    %voff_e = arith.muli %c3, %c4096 : index
    %init_e = arith.cmpi eq, %c3, %c0 : index
    %pg_e = memref.reinterpret_cast %arg4 to offset: [%poff_e], sizes: [64, 64], strides: [64, 1] : memref<8192xf16, #hivm.address_space<gm>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
    %vg_e = memref.reinterpret_cast %arg2 to offset: [%voff_e], sizes: [64, 64], strides: [64, 1] : memref<16384xf16, #hivm.address_space<gm>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
    hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE3>, <PIPE_MTE2>] flag = 2
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.nd2nz {dst_continuous} ins(%pg_e : memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>) outs(%pb : memref<64x64xf16, #hivm.address_space<cbuf>>)
    hivm.hir.nd2nz {dst_continuous} ins(%vg_e : memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>) outs(%vb : memref<64x64xf16, #hivm.address_space<cbuf>>)
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.mmadL1 ins(%pb, %vb, %init_e, %c64, %c64, %c64 : memref<64x64xf16, #hivm.address_space<cbuf>>, memref<64x64xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%occ : memref<64x64xf32, #hivm.address_space<cc>>) sync_related_args(%c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %ev0_i64, %ev1_i64 : i64, i64, i64, i64, i64, i64, i64)
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
    hivm.hir.fixpipe {enable_nz2nd} ins(%occ : memref<64x64xf32, #hivm.address_space<cc>>) outs(%og : memref<64x64xf32, strided<[64, 1]>, #hivm.address_space<gm>>)
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    return
  }
  func.func @fa_pre_mix_aiv(%arg0: memref<4096xf16, #hivm.address_space<gm>>, %arg1: memref<16384xf16, #hivm.address_space<gm>>, %arg2: memref<16384xf16, #hivm.address_space<gm>>, %arg3: memref<8192xf32, #hivm.address_space<gm>>, %arg4: memref<8192xf16, #hivm.address_space<gm>>, %arg5: memref<4096xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c2048 = arith.constant 2048 : index
    %c4096 = arith.constant 4096 : index
    %c0_i64 = arith.constant 0 : i64
    %c8192_i64 = arith.constant 8192 : i64
    %c8320_i64 = arith.constant 8320 : i64
    %c16512_i64 = arith.constant 16512 : i64
    %sbi = hivm.hir.get_sub_block_idx -> i64
    %sbx = arith.index_cast %sbi : i64 to index
    %half = arith.muli %sbx, %c2048 : index
    %sb = hivm.hir.pointer_cast(%c0_i64) : memref<32x64xf32, #hivm.address_space<ub>>
    %mb = hivm.hir.pointer_cast(%c8192_i64) : memref<32x1xf32, #hivm.address_space<ub>>
    %eb = hivm.hir.pointer_cast(%c8320_i64) : memref<32x64xf32, #hivm.address_space<ub>>
    %pb = hivm.hir.pointer_cast(%c16512_i64) : memref<32x64xf16, #hivm.address_space<ub>>
    // the preload lets S_{j+1} arrive while S_j is still in use: the UB tiles get their own
    // "buffer free" flags, pre-set here and drained after the loop
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    scf.for %j = %c0 to %c4 step %c1 {
      %slot = arith.remsi %j, %c2 : index
      %sbase = arith.muli %slot, %c4096 : index
      %soff = arith.addi %sbase, %half : index
      %sg = memref.reinterpret_cast %arg3 to offset: [%soff], sizes: [32, 64], strides: [64, 1] : memref<8192xf32, #hivm.address_space<gm>> to memref<32x64xf32, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
      %pg = memref.reinterpret_cast %arg4 to offset: [%soff], sizes: [32, 64], strides: [64, 1] : memref<8192xf16, #hivm.address_space<gm>> to memref<32x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_MTE2>] flag = 1
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.load ins(%sg : memref<32x64xf32, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>) outs(%sb : memref<32x64xf32, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.vreduce <max> ins(%sb : memref<32x64xf32, #hivm.address_space<ub>>) outs(%mb : memref<32x1xf32, #hivm.address_space<ub>>) reduce_dims = [1]
      hivm.hir.pipe_barrier[<PIPE_V>] // expect(a5): redundant-barrier
      hivm.hir.vsub ins(%sb, %mb : memref<32x64xf32, #hivm.address_space<ub>>, memref<32x1xf32, #hivm.address_space<ub>>) outs(%eb : memref<32x64xf32, #hivm.address_space<ub>>) broadcast = [1]
      hivm.hir.pipe_barrier[<PIPE_V>] // expect(a5): redundant-barrier
      hivm.hir.vexp ins(%eb : memref<32x64xf32, #hivm.address_space<ub>>) outs(%eb : memref<32x64xf32, #hivm.address_space<ub>>)
      hivm.hir.pipe_barrier[<PIPE_V>] // expect(a5): redundant-barrier
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.vcast ins(%eb : memref<32x64xf32, #hivm.address_space<ub>>) outs(%pb : memref<32x64xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.store ins(%pb : memref<32x64xf16, #hivm.address_space<ub>>) outs(%pg : memref<32x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE3>, <PIPE_MTE2>] flag = 2
    }
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    return
  }
}
