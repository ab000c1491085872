// fuzz: ksv fix --format json named a redundant wait a repair had inserted at line 0 (fix-report.schema.json: line >= 1); the fix is named at the original line after it (found by mutate.py seed 1 input 19 in CI)
// lightning_indexer: INT8 indexer score + top-k MIX kernel, 4 key blocks, 2-slot GM score ring.
// AIC: int8 q*k^T -> int32 L0C -> fixpipe to ws[slot] -> flag 1 (score ready); before reusing a
// slot it waits flag 3, which each AIV sets once it has loaded the slot (2 credits pre-set).
// AIV: cast scores to f32, scale by head weights, vsort, store. Correct version: no a2 findings.
// The mmadL1s carry the compiler's sync_related_args: the mmad library waits M->MTE1
// EVENT_ID0/EVENT_ID1 ([5]/[6]) before its MTE1 part and sets them after its M part; the
// kernel pre-sets both before the first mmad and drains both after the last (SEMANTICS.md 1).
module {
  func.func @lightning_indexer_mix_aic(%arg0: memref<256xi8, #hivm.address_space<gm>>, %arg1: memref<1024xi8, #hivm.address_space<gm>>, %arg2: memref<512xi32, #hivm.address_space<gm>>, %arg3: memref<256xf32, #hivm.address_space<gm>>, %arg4: memref<1024xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %true = arith.constant true
    %c0_i64 = arith.constant 0 : i64
    %c256_i64 = arith.constant 256 : i64
    %qb = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xi8, #hivm.address_space<cbuf>>
    %kb = hivm.hir.pointer_cast(%c256_i64) : memref<16x16xi8, #hivm.address_space<cbuf>>
    %cc = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xi32, #hivm.address_space<cc>>
    %qg = memref.reinterpret_cast %arg0 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xi8, #hivm.address_space<gm>> to memref<16x16xi8, strided<[16, 1]>, #hivm.address_space<gm>>
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    %c-1_i64 = arith.constant -1 : i64
    %ev0_i64 = arith.constant 0 : i64
    %ev1_i64 = arith.constant 1 : i64
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    hivm.hir.nd2nz {dst_continuous} ins(%qg : memref<16x16xi8, strided<[16, 1]>, #hivm.address_space<gm>>) outs(%qb : memref<16x16xi8, #hivm.address_space<cbuf>>)
    scf.for %j = %c0 to %c4 step %c1 {
      %slot = arith.remsi %j, %c2 : index
      %soff = arith.muli %slot, %c256 : index
      %koff = arith.muli %j, %c256 : index
      %kg = memref.reinterpret_cast %arg1 to offset: [%koff], sizes: [16, 16], strides: [16, 1] : memref<1024xi8, #hivm.address_space<gm>> to memref<16x16xi8, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
      %sg = memref.reinterpret_cast %arg2 to offset: [%soff], sizes: [16, 16], strides: [16, 1] : memref<512xi32, #hivm.address_space<gm>> to memref<16x16xi32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.nd2nz {dst_continuous} ins(%kg : memref<16x16xi8, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>) outs(%kb : memref<16x16xi8, #hivm.address_space<cbuf>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
      hivm.hir.mmadL1 {b_transpose} ins(%qb, %kb, %true, %c16, %c16, %c16 : memref<16x16xi8, #hivm.address_space<cbuf>>, memref<16x16xi8, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%cc : memref<16x16xi32, #hivm.address_space<cc>>) sync_related_args(%c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %ev0_i64, %ev1_i64 : i64, i64, i64, i64, i64, i64, i64)
      hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
      hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_FIX>] flag = 3
      hivm.hir.fixpipe {enable_nz2nd} ins(%cc : memref<16x16xi32, #hivm.address_space<cc>>) outs(%sg : memref<16x16xi32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
      hivm.hir.sync_block_set[<CUBE>, <PIPE_FIX>, <PIPE_MTE2>] flag = 1
    }
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_FIX>] flag = 3
    hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_FIX>] flag = 3
    return
  }
  func.func @lightning_indexer_mix_aiv(%arg0: memref<256xi8, #hivm.address_space<gm>>, %arg1: memref<1024xi8, #hivm.address_space<gm>>, %arg2: memref<512xi32, #hivm.address_space<gm>>, %arg3: memref<256xf32, #hivm.address_space<gm>>, %arg4: memref<1024xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c0_i64 = arith.constant 0 : i64
    %c512_i64 = arith.constant 512 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c1536_i64 = arith.constant 1536 : i64
    %c2048_i64 = arith.constant 2048 : i64
    %sbi = hivm.hir.get_sub_block_idx -> i64
    %sbx = arith.index_cast %sbi : i64 to index
    %half = arith.muli %sbx, %c128 : index
    %sb = hivm.hir.pointer_cast(%c0_i64) : memref<128xi32, #hivm.address_space<ub>>
    %fb = hivm.hir.pointer_cast(%c512_i64) : memref<128xf32, #hivm.address_space<ub>>
    %fb2 = hivm.hir.pointer_cast(%c1024_i64) : memref<128xf32, #hivm.address_space<ub>>
    %wtb = hivm.hir.pointer_cast(%c1536_i64) : memref<128xf32, #hivm.address_space<ub>>
    %ob = hivm.hir.pointer_cast(%c2048_i64) : memref<128xf32, #hivm.address_space<ub>>
    %wtg = memref.subview %arg3[%half] [128] [1] : memref<256xf32, #hivm.address_space<gm>> to memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
    hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] flag = 3
    hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] flag = 3
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.load ins(%wtg : memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%wtb : memref<128xf32, #hivm.address_space<ub>>)
    scf.for %j = %c0 to %c4 step %c1 {
      %slot = arith.remsi %j, %c2 : index
      %sbase = arith.muli %slot, %c256 : index
      %soff = arith.addi %sbase, %half : index
      %obase = arith.muli %j, %c256 : index
      %ooff = arith.addi %obase, %half : index
      %sg = memref.subview %arg2[%soff] [128] [1] : memref<512xi32, #hivm.address_space<gm>> to memref<128xi32, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %og = memref.subview %arg4[%ooff] [128] [1] : memref<1024xf32, #hivm.address_space<gm>> to memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_MTE2>] flag = 1
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.load ins(%sg : memref<128xi32, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%sb : memref<128xi32, #hivm.address_space<ub>>)
      hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] flag = 3
      hivm.hir.set_flag[<PIPE_S>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.vcast ins(%sb : memref<128xi32, #hivm.address_space<ub>>) outs(%fb : memref<128xf32, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.pipe_barrier[<PIPE_V>] // expect(a5): redundant-barrier
      hivm.hir.vmul ins(%fb, %wtb : memref<128xf32, #hivm.address_space<ub>>, memref<128xf32, #hivm.address_space<ub>>) outs(%fb2 : memref<128xf32, #hivm.address_space<ub>>)
      hivm.hir.pipe_barrier[<PIPE_V>] // expect(a5): redundant-barrier
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.vsort ins(%fb2 : memref<128xf32, #hivm.address_space<ub>>) outs(%ob : memref<128xf32, #hivm.address_space<ub>>) descending = true
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
