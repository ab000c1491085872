// mix_one_program, seeded bug: the vector code has been tiled by sub-block (it reads
// get_sub_block_idx and loads the half of the workspace tile its AIV owns: rows 8*idx..8*idx+7),
// but the store of the result half is not offset by the index: AIV0 and AIV1 both write rows
// 0..7 of the output. Once sub-block indices are in use both AIVs run the code as written
// (SEMANTICS 1), so the two stores are unordered writes of the same GM bytes: xcore-race.
module {
  func.func @scale_mix(%arg0: memref<256xf16, #hivm.address_space<gm>>, %arg1: memref<256xf16, #hivm.address_space<gm>>, %arg2: memref<256xf32, #hivm.address_space<gm>>, %arg3: memref<256xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<MIX>} {
    %c16 = arith.constant 16 : index
    %true = arith.constant true
    %cst = arith.constant 2.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %cm1_i64 = arith.constant -1 : i64
    %c512_i64 = arith.constant 512 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %a1 = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xf16, #hivm.address_space<cbuf>>
    %b1 = hivm.hir.pointer_cast(%c512_i64) : memref<16x16xf16, #hivm.address_space<cbuf>>
    %cc = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xf32, #hivm.address_space<cc>>
    %ag = memref.reinterpret_cast %arg0 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xf16, #hivm.address_space<gm>> to memref<16x16xf16, strided<[16, 1]>, #hivm.address_space<gm>>
    %bg = memref.reinterpret_cast %arg1 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xf16, #hivm.address_space<gm>> to memref<16x16xf16, strided<[16, 1]>, #hivm.address_space<gm>>
    %ws = memref.reinterpret_cast %arg2 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xf32, #hivm.address_space<gm>> to memref<16x16xf32, strided<[16, 1]>, #hivm.address_space<gm>>
    hivm.hir.nd2nz {dst_continuous} ins(%ag : memref<16x16xf16, strided<[16, 1]>, #hivm.address_space<gm>>) outs(%a1 : memref<16x16xf16, #hivm.address_space<cbuf>>)
    hivm.hir.nd2nz {dst_continuous} ins(%bg : memref<16x16xf16, strided<[16, 1]>, #hivm.address_space<gm>>) outs(%b1 : memref<16x16xf16, #hivm.address_space<cbuf>>)
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.mmadL1 ins(%a1, %b1, %true, %c16, %c16, %c16 : memref<16x16xf16, #hivm.address_space<cbuf>>, memref<16x16xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%cc : memref<16x16xf32, #hivm.address_space<cc>>) sync_related_args(%cm1_i64, %cm1_i64, %cm1_i64, %cm1_i64, %cm1_i64, %c0_i64, %c1_i64 : i64, i64, i64, i64, i64, i64, i64)
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
    hivm.hir.fixpipe {enable_nz2nd} ins(%cc : memref<16x16xf32, #hivm.address_space<cc>>) outs(%ws : memref<16x16xf32, strided<[16, 1]>, #hivm.address_space<gm>>)
    hivm.hir.sync_block_set[<CUBE>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
    %c8 = arith.constant 8 : index
    %sbi = hivm.hir.get_sub_block_idx -> i64
    %sb = arith.index_cast %sbi : i64 to index
    %row = arith.muli %sb, %c8 : index
    %wb = hivm.hir.pointer_cast(%c0_i64) : memref<8x16xf32, #hivm.address_space<ub>>
    %ob = hivm.hir.pointer_cast(%c1024_i64) : memref<8x16xf32, #hivm.address_space<ub>>
    %og = memref.reinterpret_cast %arg3 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xf32, #hivm.address_space<gm>> to memref<16x16xf32, strided<[16, 1]>, #hivm.address_space<gm>>
    %wsh = memref.subview %ws[%row, 0] [8, 16] [1, 1] : memref<16x16xf32, strided<[16, 1]>, #hivm.address_space<gm>> to memref<8x16xf32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
    %ogh = memref.subview %og[0, 0] [8, 16] [1, 1] : memref<16x16xf32, strided<[16, 1]>, #hivm.address_space<gm>> to memref<8x16xf32, strided<[16, 1]>, #hivm.address_space<gm>>
    hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
    hivm.hir.load ins(%wsh : memref<8x16xf32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>) outs(%wb : memref<8x16xf32, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.vmuls ins(%wb, %cst : memref<8x16xf32, #hivm.address_space<ub>>, f32) outs(%ob : memref<8x16xf32, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    hivm.hir.store ins(%ob : memref<8x16xf32, #hivm.address_space<ub>>) outs(%ogh : memref<8x16xf32, strided<[16, 1]>, #hivm.address_space<gm>>) // expect: xcore-race
    return
  }
}
