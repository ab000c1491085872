// twin of corpus/asc_mix_fa/bug_softmax_barrier.cpp (tests/twins_test.sh), HIVM form of the same kernel.
// Seeded bug: no V barrier between the in-place vmuls and the vexp (pipe-hazard, a2 only).
module {
  func.func @fa_mix_mix_aic(%arg0: memref<512xf16, #hivm.address_space<gm>>, %arg1: memref<2048xf16, #hivm.address_space<gm>>, %arg2: memref<256xf32, #hivm.address_space<gm>>, %arg3: memref<1024xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %true = arith.constant true
    %c0_i64 = arith.constant 0 : i64
    %cm1_i64 = arith.constant -1 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %bi64 = hivm.hir.get_block_idx -> i64
    %bi = arith.index_cast %bi64 : i64 to index
    %qoff = arith.muli %bi, %c512 : index
    %woff = arith.muli %bi, %c256 : index
    %ql1 = hivm.hir.pointer_cast(%c0_i64) : memref<16x32xf16, #hivm.address_space<cbuf>>
    %kl1 = hivm.hir.pointer_cast(%c1024_i64) : memref<16x32xf16, #hivm.address_space<cbuf>>
    %cc = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xf32, #hivm.address_space<cc>>
    %qg = memref.reinterpret_cast %arg0 to offset: [%qoff], sizes: [16, 32], strides: [32, 1] : memref<512xf16, #hivm.address_space<gm>> to memref<16x32xf16, strided<[32, 1], offset: ?>, #hivm.address_space<gm>>
    %wsg = memref.reinterpret_cast %arg2 to offset: [%woff], sizes: [16, 16], strides: [16, 1] : memref<256xf32, #hivm.address_space<gm>> to memref<16x16xf32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
    hivm.hir.nd2nz {dst_continuous} ins(%qg : memref<16x32xf16, strided<[32, 1], offset: ?>, #hivm.address_space<gm>>) outs(%ql1 : memref<16x32xf16, #hivm.address_space<cbuf>>)
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    scf.for %t = %c0 to %c4 step %c1 {
      %koff = arith.muli %t, %c512 : index
      %kg = memref.reinterpret_cast %arg1 to offset: [%koff], sizes: [16, 32], strides: [32, 1] : memref<2048xf16, #hivm.address_space<gm>> to memref<16x32xf16, strided<[32, 1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID1>]
      hivm.hir.nd2nz {dst_continuous} ins(%kg : memref<16x32xf16, strided<[32, 1], offset: ?>, #hivm.address_space<gm>>) outs(%kl1 : memref<16x32xf16, #hivm.address_space<cbuf>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID1>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID1>]
      hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
      hivm.hir.mmadL1 {b_transpose} ins(%ql1, %kl1, %true, %c16, %c32, %c16 : memref<16x32xf16, #hivm.address_space<cbuf>>, memref<16x32xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%cc : memref<16x16xf32, #hivm.address_space<cc>>) sync_related_args(%cm1_i64, %cm1_i64, %cm1_i64, %cm1_i64, %cm1_i64, %c0_i64, %c0_i64 : i64, i64, i64, i64, i64, i64, i64)
      hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID1>]
      hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
      %later = arith.cmpi sgt, %t, %c0 : index
      scf.if %later {
        hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_S>] flag = 2
      }
      hivm.hir.fixpipe {enable_nz2nd} ins(%cc : memref<16x16xf32, #hivm.address_space<cc>>) outs(%wsg : memref<16x16xf32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
      hivm.hir.sync_block_set[<CUBE>, <PIPE_FIX>, <PIPE_S>] flag = 1
    }
    hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_S>] flag = 2
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    return
  }
  func.func @fa_mix_mix_aiv(%arg0: memref<512xf16, #hivm.address_space<gm>>, %arg1: memref<2048xf16, #hivm.address_space<gm>>, %arg2: memref<256xf32, #hivm.address_space<gm>>, %arg3: memref<1024xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    %scale = arith.constant 0.17677669 : f32
    %c0_i64 = arith.constant 0 : i64
    %c512_i64 = arith.constant 512 : i64
    %bi64 = hivm.hir.get_block_idx -> i64
    %bi = arith.index_cast %bi64 : i64 to index
    %sbi = hivm.hir.get_sub_block_idx -> i64
    %sb = arith.index_cast %sbi : i64 to index
    %rows = arith.muli %sb, %c128 : index
    %wbase = arith.muli %bi, %c256 : index
    %woff = arith.addi %wbase, %rows : index
    %obase = arith.muli %bi, %c1024 : index
    %ooff0 = arith.addi %obase, %rows : index
    %sl = hivm.hir.pointer_cast(%c0_i64) : memref<128xf32, #hivm.address_space<ub>>
    %pl = hivm.hir.pointer_cast(%c512_i64) : memref<128xf32, #hivm.address_space<ub>>
    %wsg = memref.subview %arg2[%woff] [128] [1] : memref<256xf32, #hivm.address_space<gm>> to memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    scf.for %t = %c0 to %c4 step %c1 {
      %tt = arith.muli %t, %c256 : index
      %ooff = arith.addi %ooff0, %tt : index
      %og = memref.subview %arg3[%ooff] [128] [1] : memref<1024xf32, #hivm.address_space<gm>> to memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_S>] flag = 1
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.load ins(%wsg : memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%sl : memref<128xf32, #hivm.address_space<ub>>)
      hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_S>] flag = 2
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.vmuls ins(%sl, %scale : memref<128xf32, #hivm.address_space<ub>>, f32) outs(%sl : memref<128xf32, #hivm.address_space<ub>>)
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.vexp ins(%sl : memref<128xf32, #hivm.address_space<ub>>) outs(%pl : memref<128xf32, #hivm.address_space<ub>>) // expect(a2): pipe-hazard
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.store ins(%pl : memref<128xf32, #hivm.address_space<ub>>) outs(%og : memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    }
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    return
  }
}
