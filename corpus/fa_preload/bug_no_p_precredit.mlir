// fa_preload: FlashAttention forward with the cube/vector preload pipeline, in the shape
// AscendNPU-IR emits for a Triton attention kernel after the MIX split and sync injection.
// Each AI Core takes query tiles t = block_idx, block_idx + block_num, ... < %arg6 (tiling data),
// and for each tile walks 128 KV blocks j. The loop over j runs one step longer than the KV
// blocks and is guarded by `scf.if` (j < 128: stage 1, j >= 1: stage 2), as the compiler's
// cv-pipeline pass writes it, so the AIC computes S_j = Q K_j^T while the AIVs turn S_{j-1}
// into P_{j-1}, and the AIVs accumulate O_{j-1} = P_{j-1} V_{j-1} while the AIC computes S_j.
// The hand-off goes through a per-block GM workspace of 64 preload slots per stage
// (S: 64 x 16 KiB, P: 64 x 8 KiB, O: 64 x 16 KiB, slot = j rem 64); cross-core flags
//   0 S ready (AIC FIX -> AIV MTE2)   1 S slot free (AIV -> AIC, 2 pre-credits)
//   2 P ready (AIV MTE3 -> AIC MTE2)  3 P slot free (AIC -> AIV, 2 pre-credits)
//   4 O ready (AIC FIX -> AIV MTE2)   5 O slot free (AIV -> AIC, 2 pre-credits)
// bound how far each side runs ahead; every credit is drained after the tile loop, so the
// counters balance for every tile count, including a block with no tile. The AIVs split the
// 64 rows by get_sub_block_idx. Event ids rotate with the double-buffered L1/UB slots (j rem 2).
// The mmadL1s carry the compiler's sync_related_args ([5]/[6] = EVENT_ID0/1: the mmad library's
// own M -> MTE1 handshake orders one mmad's M part before the next one's MTE1 part), with both
// events pre-set before the tile loop and drained after it.
// Seeded bug: the AIC does not pre-credit the two P slots (cross-core flag 3) before the tile
// loop: the AIV's first wait for a free P slot is never released, so the AIV stops, the AIC waits
// for P ready, and nothing moves again (deadlock).
module attributes {hacc.target = #hacc.target<"Ascend910B4">} {
  func.func @fa_preload_mix_aic(%arg0: i64, %arg1: memref<?xi8, #hivm.address_space<gm>>, %arg2: memref<?xf16, #hivm.address_space<gm>>, %arg3: memref<?xf16, #hivm.address_space<gm>>, %arg4: memref<?xf16, #hivm.address_space<gm>>, %arg5: memref<?xf16, #hivm.address_space<gm>>, %arg6: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c129 = arith.constant 129 : index
    %c4096 = arith.constant 4096 : index
    %c8192 = arith.constant 8192 : index
    %c16384 = arith.constant 16384 : index
    %c1048576 = arith.constant 1048576 : index
    %c1572864 = arith.constant 1572864 : index
    %c2621440 = arith.constant 2621440 : index
    %true = arith.constant true
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %cm1_i64 = arith.constant -1 : i64
    %c8192_i64 = arith.constant 8192 : i64
    %c16384_i64 = arith.constant 16384 : i64
    %c24576_i64 = arith.constant 24576 : i64
    %c32768_i64 = arith.constant 32768 : i64
    %c40960_i64 = arith.constant 40960 : i64
    %c49152_i64 = arith.constant 49152 : i64
    hivm.hir.set_ffts_base_addr %arg0
    %0 = hivm.hir.get_block_idx -> i64
    %1 = hivm.hir.get_block_num -> i64
    %bid = arith.index_cast %0 : i64 to index
    %bnum = arith.index_cast %1 : i64 to index
    %nt = arith.index_cast %arg6 : i32 to index
    %wsb = arith.muli %bid, %c2621440 : index
    %q_l1 = hivm.hir.pointer_cast(%c0_i64) : memref<64x64xf16, #hivm.address_space<cbuf>>
    %s_l0c = hivm.hir.pointer_cast(%c0_i64) : memref<64x64xf32, #hivm.address_space<cc>>
    %o_l0c = hivm.hir.pointer_cast(%c16384_i64) : memref<64x64xf32, #hivm.address_space<cc>>
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID2>]
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID3>]
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID4>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID1>]
    // (the P-slot credit is missing)
    // (the P-slot credit is missing)
    scf.for %t = %bid to %nt step %bnum {
      %qoff = arith.muli %t, %c4096 : index
      %q_gm = memref.reinterpret_cast %arg2 to offset: [%qoff], sizes: [64, 64], strides: [64, 1] : memref<?xf16, #hivm.address_space<gm>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID2>]
      hivm.hir.nd2nz {dst_continuous} ins(%q_gm : memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>) outs(%q_l1 : memref<64x64xf16, #hivm.address_space<cbuf>>) init_out_buffer = false
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID2>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID2>]
      scf.for %j = %c0 to %c129 step %c1 {
        %slot = arith.remui %j, %c64 : index
        %half = arith.remui %j, %c2 : index
        %evk = arith.index_cast %half : index to i64
        %stage1 = arith.cmpi ult, %j, %c128 : index
        scf.if %stage1 {
          %k_l1 = hivm.hir.pointer_cast(%c8192_i64, %c16384_i64) : memref<64x64xf16, #hivm.address_space<cbuf>>
          annotation.mark %k_l1 {hivm.multi_buffer = 2 : i32} : memref<64x64xf16, #hivm.address_space<cbuf>>
          %koff = arith.muli %j, %c4096 : index
          %k_gm = memref.reinterpret_cast %arg3 to offset: [%koff], sizes: [64, 64], strides: [64, 1] : memref<?xf16, #hivm.address_space<gm>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
          hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, %evk]
          hivm.hir.nd2nz {dst_continuous} ins(%k_gm : memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>) outs(%k_l1 : memref<64x64xf16, #hivm.address_space<cbuf>>) init_out_buffer = false
          hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, %evk]
          hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, %evk]
          hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
          hivm.hir.mmadL1 {b_transpose} ins(%q_l1, %k_l1, %true, %c64, %c64, %c64 : memref<64x64xf16, #hivm.address_space<cbuf>>, memref<64x64xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%s_l0c : memref<64x64xf32, #hivm.address_space<cc>>) sync_related_args(%cm1_i64, %cm1_i64, %cm1_i64, %cm1_i64, %cm1_i64, %c0_i64, %c1_i64 : i64, i64, i64, i64, i64, i64, i64)
          hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, %evk]
          hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
          hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
          %sb = arith.muli %slot, %c16384 : index
          %soff = arith.addi %wsb, %sb : index
          %s_ws = memref.view %arg1[%soff][] : memref<?xi8, #hivm.address_space<gm>> to memref<64x64xf32, #hivm.address_space<gm>>
          hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
          hivm.hir.fixpipe {enable_nz2nd} ins(%s_l0c : memref<64x64xf32, #hivm.address_space<cc>>) outs(%s_ws : memref<64x64xf32, #hivm.address_space<gm>>)
          hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
          hivm.hir.sync_block_set[<CUBE>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
        }
        %stage2 = arith.cmpi uge, %j, %c1 : index
        scf.if %stage2 {
          %jp = arith.subi %j, %c1 : index
          %pslot = arith.remui %jp, %c64 : index
          %p_l1 = hivm.hir.pointer_cast(%c24576_i64, %c32768_i64) : memref<64x64xf16, #hivm.address_space<cbuf>>
          annotation.mark %p_l1 {hivm.multi_buffer = 2 : i32} : memref<64x64xf16, #hivm.address_space<cbuf>>
          %v_l1 = hivm.hir.pointer_cast(%c40960_i64, %c49152_i64) : memref<64x64xf16, #hivm.address_space<cbuf>>
          annotation.mark %v_l1 {hivm.multi_buffer = 2 : i32} : memref<64x64xf16, #hivm.address_space<cbuf>>
          %pv = arith.addi %half, %c3 : index
          %evp = arith.index_cast %pv : index to i64
          %pb = arith.muli %pslot, %c8192 : index
          %pb1 = arith.addi %wsb, %c1048576 : index
          %poff = arith.addi %pb1, %pb : index
          %p_ws = memref.view %arg1[%poff][] : memref<?xi8, #hivm.address_space<gm>> to memref<64x64xf16, #hivm.address_space<gm>>
          %voff = arith.muli %jp, %c4096 : index
          %v_gm = memref.reinterpret_cast %arg4 to offset: [%voff], sizes: [64, 64], strides: [64, 1] : memref<?xf16, #hivm.address_space<gm>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
          hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE3>, <PIPE_MTE2>] flag = 2 // expect: deadlock
          hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, %evp]
          hivm.hir.nd2nz {dst_continuous} ins(%p_ws : memref<64x64xf16, #hivm.address_space<gm>>) outs(%p_l1 : memref<64x64xf16, #hivm.address_space<cbuf>>) init_out_buffer = false
          hivm.hir.sync_block_set[<CUBE>, <PIPE_MTE2>, <PIPE_MTE3>] flag = 3
          hivm.hir.nd2nz {dst_continuous} ins(%v_gm : memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>) outs(%v_l1 : memref<64x64xf16, #hivm.address_space<cbuf>>) init_out_buffer = false
          hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, %evp]
          hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, %evp]
          hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID1>]
          hivm.hir.mmadL1 ins(%p_l1, %v_l1, %true, %c64, %c64, %c64 : memref<64x64xf16, #hivm.address_space<cbuf>>, memref<64x64xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%o_l0c : memref<64x64xf32, #hivm.address_space<cc>>) sync_related_args(%cm1_i64, %cm1_i64, %cm1_i64, %cm1_i64, %cm1_i64, %c0_i64, %c1_i64 : i64, i64, i64, i64, i64, i64, i64)
          hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, %evp]
          hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID1>]
          hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID1>]
          %ob = arith.muli %pslot, %c16384 : index
          %ob1 = arith.addi %wsb, %c1572864 : index
          %ooff = arith.addi %ob1, %ob : index
          %o_ws = memref.view %arg1[%ooff][] : memref<?xi8, #hivm.address_space<gm>> to memref<64x64xf32, #hivm.address_space<gm>>
          hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_FIX>] flag = 5
          hivm.hir.fixpipe {enable_nz2nd} ins(%o_l0c : memref<64x64xf32, #hivm.address_space<cc>>) outs(%o_ws : memref<64x64xf32, #hivm.address_space<gm>>)
          hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID1>]
          hivm.hir.sync_block_set[<CUBE>, <PIPE_FIX>, <PIPE_MTE2>] flag = 4
        }
      }
      hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID2>]
    }
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID2>]
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID3>]
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID4>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID1>]
    hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
    hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
    hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_FIX>] flag = 5
    hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_FIX>] flag = 5
    return
  }
  func.func @fa_preload_mix_aiv(%arg0: i64, %arg1: memref<?xi8, #hivm.address_space<gm>>, %arg2: memref<?xf16, #hivm.address_space<gm>>, %arg3: memref<?xf16, #hivm.address_space<gm>>, %arg4: memref<?xf16, #hivm.address_space<gm>>, %arg5: memref<?xf16, #hivm.address_space<gm>>, %arg6: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c129 = arith.constant 129 : index
    %c2048 = arith.constant 2048 : index
    %c4096 = arith.constant 4096 : index
    %c8192 = arith.constant 8192 : index
    %c16384 = arith.constant 16384 : index
    %c1048576 = arith.constant 1048576 : index
    %c1572864 = arith.constant 1572864 : index
    %c2621440 = arith.constant 2621440 : index
    %zero = arith.constant 0.000000e+00 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %c0_i64 = arith.constant 0 : i64
    %c8192_i64 = arith.constant 8192 : i64
    %c16384_i64 = arith.constant 16384 : i64
    %c20480_i64 = arith.constant 20480 : i64
    %c24576_i64 = arith.constant 24576 : i64
    %c32768_i64 = arith.constant 32768 : i64
    %c32896_i64 = arith.constant 32896 : i64
    %c33024_i64 = arith.constant 33024 : i64
    %c33152_i64 = arith.constant 33152 : i64
    %c33280_i64 = arith.constant 33280 : i64
    %c33408_i64 = arith.constant 33408 : i64
    %c33536_i64 = arith.constant 33536 : i64
    %c41728_i64 = arith.constant 41728 : i64
    %c49920_i64 = arith.constant 49920 : i64
    %c58112_i64 = arith.constant 58112 : i64
    hivm.hir.set_ffts_base_addr %arg0
    %0 = hivm.hir.get_block_idx -> i64
    %1 = hivm.hir.get_block_num -> i64
    %2 = hivm.hir.get_sub_block_idx -> i64
    %bid = arith.index_cast %0 : i64 to index
    %bnum = arith.index_cast %1 : i64 to index
    %sbi = arith.index_cast %2 : i64 to index
    %nt = arith.index_cast %arg6 : i32 to index
    %wsb = arith.muli %bid, %c2621440 : index
    %rows = arith.muli %sbi, %c8192 : index
    %rows16 = arith.muli %sbi, %c2048 : index
    %t_ub = hivm.hir.pointer_cast(%c24576_i64) : memref<32x64xf32, #hivm.address_space<ub>>
    %m_ub = hivm.hir.pointer_cast(%c32768_i64) : memref<32xf32, #hivm.address_space<ub>>
    %mn_ub = hivm.hir.pointer_cast(%c32896_i64) : memref<32xf32, #hivm.address_space<ub>>
    %l_ub = hivm.hir.pointer_cast(%c33024_i64) : memref<32xf32, #hivm.address_space<ub>>
    %rs_ub = hivm.hir.pointer_cast(%c33152_i64) : memref<32xf32, #hivm.address_space<ub>>
    %o_ub = hivm.hir.pointer_cast(%c33536_i64) : memref<32x64xf32, #hivm.address_space<ub>>
    %acc_ub = hivm.hir.pointer_cast(%c41728_i64) : memref<32x64xf32, #hivm.address_space<ub>>
    %bc_ub = hivm.hir.pointer_cast(%c49920_i64) : memref<32x64xf32, #hivm.address_space<ub>>
    %out_ub = hivm.hir.pointer_cast(%c58112_i64) : memref<32x64xf16, #hivm.address_space<ub>>
    hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
    hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
    hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] flag = 5
    hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] flag = 5
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID2>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID2>]
    scf.for %t = %bid to %nt step %bnum {
      hivm.hir.pipe_barrier[<PIPE_V>]
      hivm.hir.vbrc ins(%zero : f32) outs(%acc_ub : memref<32x64xf32, #hivm.address_space<ub>>)
      hivm.hir.vbrc ins(%ninf : f32) outs(%m_ub : memref<32xf32, #hivm.address_space<ub>>)
      hivm.hir.vbrc ins(%zero : f32) outs(%l_ub : memref<32xf32, #hivm.address_space<ub>>)
      scf.for %j = %c0 to %c129 step %c1 {
        %slot = arith.remui %j, %c64 : index
        %half = arith.remui %j, %c2 : index
        %ev = arith.index_cast %half : index to i64
        %stage1 = arith.cmpi ult, %j, %c128 : index
        scf.if %stage1 {
          %s_ub = hivm.hir.pointer_cast(%c0_i64, %c8192_i64) : memref<32x64xf32, #hivm.address_space<ub>>
          annotation.mark %s_ub {hivm.multi_buffer = 2 : i32} : memref<32x64xf32, #hivm.address_space<ub>>
          %p_ub = hivm.hir.pointer_cast(%c16384_i64, %c20480_i64) : memref<32x64xf16, #hivm.address_space<ub>>
          annotation.mark %p_ub {hivm.multi_buffer = 2 : i32} : memref<32x64xf16, #hivm.address_space<ub>>
          %a_ub = hivm.hir.pointer_cast(%c33280_i64, %c33408_i64) : memref<32xf32, #hivm.address_space<ub>>
          annotation.mark %a_ub {hivm.multi_buffer = 2 : i32} : memref<32xf32, #hivm.address_space<ub>>
          %sb = arith.muli %slot, %c16384 : index
          %sb1 = arith.addi %wsb, %sb : index
          %soff = arith.addi %sb1, %rows : index
          %s_ws = memref.view %arg1[%soff][] : memref<?xi8, #hivm.address_space<gm>> to memref<32x64xf32, #hivm.address_space<gm>>
          hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
          hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, %ev]
          hivm.hir.load ins(%s_ws : memref<32x64xf32, #hivm.address_space<gm>>) outs(%s_ub : memref<32x64xf32, #hivm.address_space<ub>>)
          hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
          hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
          hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
          hivm.hir.vreduce <max> ins(%s_ub : memref<32x64xf32, #hivm.address_space<ub>>) outs(%mn_ub : memref<32xf32, #hivm.address_space<ub>>) reduce_dims = [1]
          hivm.hir.pipe_barrier[<PIPE_V>]
          hivm.hir.vmax ins(%m_ub, %mn_ub : memref<32xf32, #hivm.address_space<ub>>, memref<32xf32, #hivm.address_space<ub>>) outs(%mn_ub : memref<32xf32, #hivm.address_space<ub>>)
          hivm.hir.pipe_barrier[<PIPE_V>]
          hivm.hir.vsub ins(%m_ub, %mn_ub : memref<32xf32, #hivm.address_space<ub>>, memref<32xf32, #hivm.address_space<ub>>) outs(%a_ub : memref<32xf32, #hivm.address_space<ub>>)
          hivm.hir.vbrc ins(%mn_ub : memref<32xf32, #hivm.address_space<ub>>) outs(%t_ub : memref<32x64xf32, #hivm.address_space<ub>>) broadcast_dims = [1]
          hivm.hir.pipe_barrier[<PIPE_V>]
          hivm.hir.vsub ins(%s_ub, %t_ub : memref<32x64xf32, #hivm.address_space<ub>>, memref<32x64xf32, #hivm.address_space<ub>>) outs(%t_ub : memref<32x64xf32, #hivm.address_space<ub>>)
          hivm.hir.vexp ins(%a_ub : memref<32xf32, #hivm.address_space<ub>>) outs(%a_ub : memref<32xf32, #hivm.address_space<ub>>)
          hivm.hir.pipe_barrier[<PIPE_V>]
          hivm.hir.vexp ins(%t_ub : memref<32x64xf32, #hivm.address_space<ub>>) outs(%t_ub : memref<32x64xf32, #hivm.address_space<ub>>)
          hivm.hir.vmul ins(%l_ub, %a_ub : memref<32xf32, #hivm.address_space<ub>>, memref<32xf32, #hivm.address_space<ub>>) outs(%l_ub : memref<32xf32, #hivm.address_space<ub>>)
          hivm.hir.copy ins(%mn_ub : memref<32xf32, #hivm.address_space<ub>>) outs(%m_ub : memref<32xf32, #hivm.address_space<ub>>)
          hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, %ev]
          hivm.hir.pipe_barrier[<PIPE_V>]
          hivm.hir.vreduce <sum> ins(%t_ub : memref<32x64xf32, #hivm.address_space<ub>>) outs(%rs_ub : memref<32xf32, #hivm.address_space<ub>>) reduce_dims = [1]
          hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, %ev]
          hivm.hir.vcast ins(%t_ub : memref<32x64xf32, #hivm.address_space<ub>>) outs(%p_ub : memref<32x64xf16, #hivm.address_space<ub>>)
          hivm.hir.pipe_barrier[<PIPE_V>]
          hivm.hir.vadd ins(%l_ub, %rs_ub : memref<32xf32, #hivm.address_space<ub>>, memref<32xf32, #hivm.address_space<ub>>) outs(%l_ub : memref<32xf32, #hivm.address_space<ub>>)
          hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, %ev]
          hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, %ev]
          %pb = arith.muli %slot, %c8192 : index
          %pb1 = arith.addi %wsb, %c1048576 : index
          %pb2 = arith.addi %pb1, %pb : index
          %prow = arith.muli %sbi, %c4096 : index
          %poff = arith.addi %pb2, %prow : index
          %p_ws = memref.view %arg1[%poff][] : memref<?xi8, #hivm.address_space<gm>> to memref<32x64xf16, #hivm.address_space<gm>>
          hivm.hir.sync_block_wait[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE3>] flag = 3
          hivm.hir.store ins(%p_ub : memref<32x64xf16, #hivm.address_space<ub>>) outs(%p_ws : memref<32x64xf16, #hivm.address_space<gm>>)
          hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, %ev]
          hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE3>, <PIPE_MTE2>] flag = 2
        }
        %stage2 = arith.cmpi uge, %j, %c1 : index
        scf.if %stage2 {
          %jp = arith.subi %j, %c1 : index
          %pslot = arith.remui %jp, %c64 : index
          %ap_ub = hivm.hir.pointer_cast(%c33408_i64, %c33280_i64) : memref<32xf32, #hivm.address_space<ub>>
          annotation.mark %ap_ub {hivm.multi_buffer = 2 : i32} : memref<32xf32, #hivm.address_space<ub>>
          %ob = arith.muli %pslot, %c16384 : index
          %ob1 = arith.addi %wsb, %c1572864 : index
          %ob2 = arith.addi %ob1, %ob : index
          %ooff = arith.addi %ob2, %rows : index
          %o_ws = memref.view %arg1[%ooff][] : memref<?xi8, #hivm.address_space<gm>> to memref<32x64xf32, #hivm.address_space<gm>>
          hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_MTE2>] flag = 4
          hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID2>]
          hivm.hir.load ins(%o_ws : memref<32x64xf32, #hivm.address_space<gm>>) outs(%o_ub : memref<32x64xf32, #hivm.address_space<ub>>)
          hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] flag = 5
          hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID2>]
          hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID2>]
          hivm.hir.vbrc ins(%ap_ub : memref<32xf32, #hivm.address_space<ub>>) outs(%bc_ub : memref<32x64xf32, #hivm.address_space<ub>>) broadcast_dims = [1]
          hivm.hir.pipe_barrier[<PIPE_V>]
          hivm.hir.vmul ins(%acc_ub, %bc_ub : memref<32x64xf32, #hivm.address_space<ub>>, memref<32x64xf32, #hivm.address_space<ub>>) outs(%acc_ub : memref<32x64xf32, #hivm.address_space<ub>>)
          hivm.hir.pipe_barrier[<PIPE_V>]
          hivm.hir.vadd ins(%acc_ub, %o_ub : memref<32x64xf32, #hivm.address_space<ub>>, memref<32x64xf32, #hivm.address_space<ub>>) outs(%acc_ub : memref<32x64xf32, #hivm.address_space<ub>>)
          hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID2>]
        }
      }
      hivm.hir.vbrc ins(%l_ub : memref<32xf32, #hivm.address_space<ub>>) outs(%bc_ub : memref<32x64xf32, #hivm.address_space<ub>>) broadcast_dims = [1]
      hivm.hir.pipe_barrier[<PIPE_V>]
      hivm.hir.vdiv ins(%acc_ub, %bc_ub : memref<32x64xf32, #hivm.address_space<ub>>, memref<32x64xf32, #hivm.address_space<ub>>) outs(%acc_ub : memref<32x64xf32, #hivm.address_space<ub>>)
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID2>]
      hivm.hir.pipe_barrier[<PIPE_V>]
      hivm.hir.vcast ins(%acc_ub : memref<32x64xf32, #hivm.address_space<ub>>) outs(%out_ub : memref<32x64xf16, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID2>]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID2>]
      %tq = arith.muli %t, %c4096 : index
      %toff = arith.addi %tq, %rows16 : index
      %o_gm = memref.reinterpret_cast %arg5 to offset: [%toff], sizes: [32, 64], strides: [64, 1] : memref<?xf16, #hivm.address_space<gm>> to memref<32x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.store ins(%out_ub : memref<32x64xf16, #hivm.address_space<ub>>) outs(%o_gm : memref<32x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID2>]
    }
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID2>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID2>]
    hivm.hir.sync_block_wait[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE3>] flag = 3 // expect: deadlock
    hivm.hir.sync_block_wait[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE3>] flag = 3
    return
  }
}
