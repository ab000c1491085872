// twin of corpus/asc_cube_pingpong/ok.cpp (tests/twins_test.sh): the same catlass-style cube
// matmul in HIVM, same buffers and the same sync. Each K step's two LoadData + Mmad are one
// mmadL1 (its MTE1 part reads the L1 stage and writes the L0A/L0B half [4] = stage, its M part
// waits for it); its mmad-library M->MTE1 handshake uses id [5 + stage] = stage, as the Ascend C
// kernel's l0EventList. The L1 stages are a two-address pointer_cast. The constructor's priming
// and the destructor's drain are the set_flags before and the wait_flags after the loops.
// Correct version: no findings expected.
module {
  func.func @cube_pingpong(%arg0: memref<8192xf16, #hivm.address_space<gm>>, %arg1: memref<4096xf16, #hivm.address_space<gm>>, %arg2: memref<2048xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    %c2048 = arith.constant 2048 : index
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %cm1_i64 = arith.constant -1 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c2048_i64 = arith.constant 2048 : i64
    %c3072_i64 = arith.constant 3072 : i64
    %bi64 = hivm.hir.get_block_idx -> i64
    %bi = arith.index_cast %bi64 : i64 to index
    %abase = arith.muli %bi, %c2048 : index
    %cbase = arith.muli %bi, %c512 : index
    %cc = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xf32, #hivm.address_space<cc>>
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    scf.for %n = %c0 to %c2 step %c1 {
      hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
      scf.for %k = %c0 to %c4 step %c1 {
        %par = arith.remsi %k, %c2 : index
        %even = arith.cmpi eq, %par, %c0 : index
        %ev = arith.select %even, %c0_i64, %c1_i64 : i64
        %init = arith.cmpi eq, %k, %c0 : index
        %ak = arith.muli %k, %c32 : index
        %aoff = arith.addi %abase, %ak : index
        %bk = arith.muli %k, %c1024 : index
        %bn = arith.muli %n, %c16 : index
        %boff = arith.addi %bk, %bn : index
        %ag = memref.reinterpret_cast %arg0 to offset: [%aoff], sizes: [16, 32], strides: [128, 1] : memref<8192xf16, #hivm.address_space<gm>> to memref<16x32xf16, strided<[128, 1], offset: ?>, #hivm.address_space<gm>>
        %bg = memref.reinterpret_cast %arg1 to offset: [%boff], sizes: [32, 16], strides: [32, 1] : memref<4096xf16, #hivm.address_space<gm>> to memref<32x16xf16, strided<[32, 1], offset: ?>, #hivm.address_space<gm>>
        %a1 = hivm.hir.pointer_cast(%c0_i64, %c1024_i64) : memref<16x32xf16, #hivm.address_space<cbuf>>
        %b1 = hivm.hir.pointer_cast(%c2048_i64, %c3072_i64) : memref<32x16xf16, #hivm.address_space<cbuf>>
        hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, %ev]
        hivm.hir.nd2nz {dst_continuous} ins(%ag : memref<16x32xf16, strided<[128, 1], offset: ?>, #hivm.address_space<gm>>) outs(%a1 : memref<16x32xf16, #hivm.address_space<cbuf>>)
        hivm.hir.nd2nz {dst_continuous} ins(%bg : memref<32x16xf16, strided<[32, 1], offset: ?>, #hivm.address_space<gm>>) outs(%b1 : memref<32x16xf16, #hivm.address_space<cbuf>>)
        hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, %ev]
        hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, %ev]
        hivm.hir.mmadL1 ins(%a1, %b1, %init, %c16, %c32, %c16 : memref<16x32xf16, #hivm.address_space<cbuf>>, memref<32x16xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%cc : memref<16x16xf32, #hivm.address_space<cc>>) sync_related_args(%cm1_i64, %cm1_i64, %cm1_i64, %cm1_i64, %ev, %c0_i64, %c1_i64 : i64, i64, i64, i64, i64, i64, i64)
        hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, %ev]
      }
      %cn = arith.muli %n, %c16 : index
      %coff = arith.addi %cbase, %cn : index
      %cg = memref.reinterpret_cast %arg2 to offset: [%coff], sizes: [16, 16], strides: [32, 1] : memref<2048xf32, #hivm.address_space<gm>> to memref<16x16xf32, strided<[32, 1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
      hivm.hir.fixpipe {enable_nz2nd} ins(%cc : memref<16x16xf32, #hivm.address_space<cc>>) outs(%cg : memref<16x16xf32, strided<[32, 1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    }
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    return
  }
}
