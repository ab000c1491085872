// twin of corpus/asc_syncall/bug_no_syncall.cpp (tests/twins_test.sh), HIVM form of the same kernel.
// Seeded bug: no barrier at all: xcore-race at both phase-2 loads (the C workspace of the AIC,
// the bias workspace of the other AIV), two races at the bias load on one AIV (its own phase-1
// vmuls and store still use the UB buffer) and a pipe-hazard there (it overwrites the phase-1
// load's bytes on MTE2 with no barrier), and on a2 a V -> V pipe-hazard at the vadd.
module {
  func.func @matmul_bias_syncall_mix_aic(%arg0: memref<256xf16, #hivm.address_space<gm>>, %arg1: memref<256xf16, #hivm.address_space<gm>>, %arg2: memref<16xf32, #hivm.address_space<gm>>, %arg3: memref<256xf32, #hivm.address_space<gm>>, %arg4: memref<16xf32, #hivm.address_space<gm>>, %arg5: memref<256xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c16 = arith.constant 16 : index
    %true = arith.constant true
    %c0_i64 = arith.constant 0 : i64
    %cm1_i64 = arith.constant -1 : i64
    %c512_i64 = arith.constant 512 : i64
    %xl1 = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xf16, #hivm.address_space<cbuf>>
    %wl1 = hivm.hir.pointer_cast(%c512_i64) : memref<16x16xf16, #hivm.address_space<cbuf>>
    %cc = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xf32, #hivm.address_space<cc>>
    %xg = memref.reinterpret_cast %arg0 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xf16, #hivm.address_space<gm>> to memref<16x16xf16, strided<[16, 1]>, #hivm.address_space<gm>>
    %wg = memref.reinterpret_cast %arg1 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xf16, #hivm.address_space<gm>> to memref<16x16xf16, strided<[16, 1]>, #hivm.address_space<gm>>
    %cws = memref.reinterpret_cast %arg3 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xf32, #hivm.address_space<gm>> to memref<16x16xf32, strided<[16, 1]>, #hivm.address_space<gm>>
    hivm.hir.nd2nz {dst_continuous} ins(%xg : memref<16x16xf16, strided<[16, 1]>, #hivm.address_space<gm>>) outs(%xl1 : memref<16x16xf16, #hivm.address_space<cbuf>>)
    hivm.hir.nd2nz {dst_continuous} ins(%wg : memref<16x16xf16, strided<[16, 1]>, #hivm.address_space<gm>>) outs(%wl1 : memref<16x16xf16, #hivm.address_space<cbuf>>)
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.mmadL1 ins(%xl1, %wl1, %true, %c16, %c16, %c16 : memref<16x16xf16, #hivm.address_space<cbuf>>, memref<16x16xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%cc : memref<16x16xf32, #hivm.address_space<cc>>) sync_related_args(%cm1_i64, %cm1_i64, %cm1_i64, %cm1_i64, %cm1_i64, %c0_i64, %c0_i64 : i64, i64, i64, i64, i64, i64, i64)
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
    hivm.hir.fixpipe {enable_nz2nd} ins(%cc : memref<16x16xf32, #hivm.address_space<cc>>) outs(%cws : memref<16x16xf32, strided<[16, 1]>, #hivm.address_space<gm>>)
    return
  }
  func.func @matmul_bias_syncall_mix_aiv(%arg0: memref<256xf16, #hivm.address_space<gm>>, %arg1: memref<256xf16, #hivm.address_space<gm>>, %arg2: memref<16xf32, #hivm.address_space<gm>>, %arg3: memref<256xf32, #hivm.address_space<gm>>, %arg4: memref<16xf32, #hivm.address_space<gm>>, %arg5: memref<256xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %cst = arith.constant 5.000000e-01 : f32
    %c0_i64 = arith.constant 0 : i64
    %c64_i64 = arith.constant 64 : i64
    %sbi = hivm.hir.get_sub_block_idx -> i64
    %sb = arith.index_cast %sbi : i64 to index
    %boff = arith.muli %sb, %c8 : index
    %coff = arith.muli %sb, %c128 : index
    %biasl = hivm.hir.pointer_cast(%c0_i64) : memref<16xf32, #hivm.address_space<ub>>
    %cl = hivm.hir.pointer_cast(%c64_i64) : memref<128xf32, #hivm.address_space<ub>>
    %bl8 = memref.subview %biasl[0] [8] [1] : memref<16xf32, #hivm.address_space<ub>> to memref<8xf32, strided<[1]>, #hivm.address_space<ub>>
    %biasg = memref.subview %arg2[%boff] [8] [1] : memref<16xf32, #hivm.address_space<gm>> to memref<8xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
    %bwsh = memref.subview %arg4[%boff] [8] [1] : memref<16xf32, #hivm.address_space<gm>> to memref<8xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
    %cwsg = memref.subview %arg3[%coff] [128] [1] : memref<256xf32, #hivm.address_space<gm>> to memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
    %yg = memref.subview %arg5[%coff] [128] [1] : memref<256xf32, #hivm.address_space<gm>> to memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
    hivm.hir.load ins(%biasg : memref<8xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%bl8 : memref<8xf32, strided<[1]>, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.vmuls ins(%bl8, %cst : memref<8xf32, strided<[1]>, #hivm.address_space<ub>>, f32) outs(%bl8 : memref<8xf32, strided<[1]>, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    hivm.hir.store ins(%bl8 : memref<8xf32, strided<[1]>, #hivm.address_space<ub>>) outs(%bwsh : memref<8xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>)
    hivm.hir.load ins(%arg4 : memref<16xf32, #hivm.address_space<gm>>) outs(%biasl : memref<16xf32, #hivm.address_space<ub>>) // expect: race, race, pipe-hazard, xcore-race
    hivm.hir.load ins(%cwsg : memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%cl : memref<128xf32, #hivm.address_space<ub>>) // expect: xcore-race
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID1>]
    scf.for %row = %c0 to %c8 step %c1 {
      %roff = arith.muli %row, %c16 : index
      %crow = memref.subview %cl[%roff] [16] [1] : memref<128xf32, #hivm.address_space<ub>> to memref<16xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      hivm.hir.vadd ins(%crow, %biasl : memref<16xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>, memref<16xf32, #hivm.address_space<ub>>) outs(%crow : memref<16xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>) // expect(a2): pipe-hazard
    }
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>]
    hivm.hir.store ins(%cl : memref<128xf32, #hivm.address_space<ub>>) outs(%yg : memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>)
    return
  }
}
