// xcounter_order: the AIC writes tile A (fixpipe) and sets flag 0 ("A ready"), then reads the GM
// buffer X (nd2nz on MTE2) and sets flag 1 ("X consumed"). Each AIV waits flag 0 on MTE2 and loads
// A, then waits flag 1 on MTE3 and overwrites its half of X.
// Correct version: one counter per wait pipe, so no wait can take the other's increment, on a2
// (waits block every pipe) and on a5 (a wait blocks only its pipe and counters are first-come).
module {
  func.func @xco_mix_aic(%arg0: memref<256xf32, #hivm.address_space<gm>>, %arg1: memref<256xf16, #hivm.address_space<gm>>, %arg2: memref<4096xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0_i64 = arith.constant 0 : i64
    %a = memref.reinterpret_cast %arg0 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xf32, #hivm.address_space<gm>> to memref<16x16xf32, strided<[16, 1]>, #hivm.address_space<gm>>
    %x = memref.reinterpret_cast %arg1 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<256xf16, #hivm.address_space<gm>> to memref<16x16xf16, strided<[16, 1]>, #hivm.address_space<gm>>
    %x1 = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xf16, #hivm.address_space<cbuf>>
    %cc = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xf32, #hivm.address_space<cc>>
    hivm.hir.fixpipe {enable_nz2nd} ins(%cc : memref<16x16xf32, #hivm.address_space<cc>>) outs(%a : memref<16x16xf32, strided<[16, 1]>, #hivm.address_space<gm>>)
    hivm.hir.sync_block_set[<CUBE>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
    hivm.hir.nd2nz {dst_continuous} ins(%x : memref<16x16xf16, strided<[16, 1]>, #hivm.address_space<gm>>) outs(%x1 : memref<16x16xf16, #hivm.address_space<cbuf>>)
    hivm.hir.sync_block_set[<CUBE>, <PIPE_MTE2>, <PIPE_MTE3>] flag = 1
    return
  }
  func.func @xco_mix_aiv(%arg0: memref<256xf32, #hivm.address_space<gm>>, %arg1: memref<256xf16, #hivm.address_space<gm>>, %arg2: memref<4096xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0_i64 = arith.constant 0 : i64
    %c512_i64 = arith.constant 512 : i64
    %c128 = arith.constant 128 : index
    %sbi = hivm.hir.get_sub_block_idx -> i64
    %sb = arith.index_cast %sbi : i64 to index
    %half = arith.muli %sb, %c128 : index
    %ag = memref.subview %arg0[%half] [128] [1] : memref<256xf32, #hivm.address_space<gm>> to memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
    %xg = memref.subview %arg1[%half] [128] [1] : memref<256xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
    %c1024_i64 = arith.constant 1024 : i64
    %ab = hivm.hir.pointer_cast(%c0_i64) : memref<128xf32, #hivm.address_space<ub>>
    %xb = hivm.hir.pointer_cast(%c512_i64) : memref<128xf16, #hivm.address_space<ub>>
    %pb = hivm.hir.pointer_cast(%c1024_i64) : memref<4096xf32, #hivm.address_space<ub>>
    hivm.hir.vadd ins(%pb, %pb : memref<4096xf32, #hivm.address_space<ub>>, memref<4096xf32, #hivm.address_space<ub>>) outs(%pb : memref<4096xf32, #hivm.address_space<ub>>)
    hivm.hir.vadd ins(%ab, %ab : memref<128xf32, #hivm.address_space<ub>>, memref<128xf32, #hivm.address_space<ub>>) outs(%ab : memref<128xf32, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
    hivm.hir.load ins(%ag : memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%ab : memref<128xf32, #hivm.address_space<ub>>)
    hivm.hir.sync_block_wait[<VECTOR>, <PIPE_MTE2>, <PIPE_MTE3>] flag = 1
    hivm.hir.store ins(%xb : memref<128xf16, #hivm.address_space<ub>>) outs(%xg : memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>)
    return
  }
}
