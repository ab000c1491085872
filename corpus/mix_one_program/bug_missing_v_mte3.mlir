// mix_one_program, seeded bug: the V -> MTE3 flag pair before the store is dropped. The vector
// code is still one logical program (no get_sub_block_idx), which only means that AIV0's and
// AIV1's instances do not conflict with each other: each AIV's own program order is checked
// as usual, and the store (PIPE_MTE3) can read the UB tile the vmuls (PIPE_V) is still writing
// (a race on each AIV).
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
    %wb = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xf32, #hivm.address_space<ub>>
    %ob = hivm.hir.pointer_cast(%c1024_i64) : memref<16x16xf32, #hivm.address_space<ub>>
    %og = memref.reinterpret_cast %arg3 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xf32, #hivm.address_space<gm>> to memref<16x16xf32, strided<[16, 1]>, #hivm.address_space<gm>>
    hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
    hivm.hir.load ins(%ws : memref<16x16xf32, strided<[16, 1]>, #hivm.address_space<gm>>) outs(%wb : memref<16x16xf32, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    hivm.hir.vmuls ins(%wb, %cst : memref<16x16xf32, #hivm.address_space<ub>>, f32) outs(%ob : memref<16x16xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%ob : memref<16x16xf32, #hivm.address_space<ub>>) outs(%og : memref<16x16xf32, strided<[16, 1]>, #hivm.address_space<gm>>) // expect: race
    return
  }
}
