// Pipelined matmul + epilogue (MIX, a2 and a5): the AIC computes 8 64x64 tiles into a 2-slot GM
// workspace ring; each AIV takes its half of a tile (flag 0), frees the slot as soon as it has
// loaded it (flag 1, two credits granted up front) and runs its vector epilogue while the cube
// already multiplies the next tile.  Statically clean; tests/sim_test.sh checks that its
// Cube/Vector overlap is higher than that of serialized.mlir.
// The mmadL1s carry the compiler's sync_related_args: the mmad library waits M->MTE1
// EVENT_ID0/EVENT_ID1 ([5]/[6]) before its MTE1 part and sets them after its M part; the
// kernel pre-sets both before the first mmad and drains both after the last (SEMANTICS.md 1).
module {
  func.func @pipe_mix_aic(%arg0: memref<32768xf16, #hivm.address_space<gm>>, %arg1: memref<4096xf16, #hivm.address_space<gm>>, %arg2: memref<8192xf32, #hivm.address_space<gm>>, %arg3: memref<32768xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c4096 = arith.constant 4096 : index
    %true = arith.constant true
    %c0_i64 = arith.constant 0 : i64
    %c8192_i64 = arith.constant 8192 : i64
    %a1 = hivm.hir.pointer_cast(%c0_i64) : memref<64x64xf16, #hivm.address_space<cbuf>>
    %b1 = hivm.hir.pointer_cast(%c8192_i64) : memref<64x64xf16, #hivm.address_space<cbuf>>
    %cc = hivm.hir.pointer_cast(%c0_i64) : memref<64x64xf32, #hivm.address_space<cc>>
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    %c-1_i64 = arith.constant -1 : i64
    %ev0_i64 = arith.constant 0 : i64
    %ev1_i64 = arith.constant 1 : i64
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    scf.for %t = %c0 to %c8 step %c1 {
      %aoff = arith.muli %t, %c4096 : index
      %slot = arith.remsi %t, %c2 : index
      %woff = arith.muli %slot, %c4096 : index
      %ag = memref.reinterpret_cast %arg0 to offset: [%aoff], sizes: [64, 64], strides: [64, 1] : memref<32768xf16, #hivm.address_space<gm>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
      %bg = memref.reinterpret_cast %arg1 to offset: [0], sizes: [64, 64], strides: [64, 1] : memref<4096xf16, #hivm.address_space<gm>> to memref<64x64xf16, strided<[64, 1]>, #hivm.address_space<gm>>
      %ws = memref.reinterpret_cast %arg2 to offset: [%woff], sizes: [64, 64], strides: [64, 1] : memref<8192xf32, #hivm.address_space<gm>> to memref<64x64xf32, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.nd2nz {dst_continuous} ins(%ag : memref<64x64xf16, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>) outs(%a1 : memref<64x64xf16, #hivm.address_space<cbuf>>)
      hivm.hir.nd2nz {dst_continuous} ins(%bg : memref<64x64xf16, strided<[64, 1]>, #hivm.address_space<gm>>) outs(%b1 : memref<64x64xf16, #hivm.address_space<cbuf>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
      hivm.hir.mmadL1 ins(%a1, %b1, %true, %c64, %c64, %c64 : memref<64x64xf16, #hivm.address_space<cbuf>>, memref<64x64xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%cc : memref<64x64xf32, #hivm.address_space<cc>>) sync_related_args(%c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %ev0_i64, %ev1_i64 : i64, i64, i64, i64, i64, i64, i64)
      hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
      hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
      hivm.hir.fixpipe {enable_nz2nd} ins(%cc : memref<64x64xf32, #hivm.address_space<cc>>) outs(%ws : memref<64x64xf32, strided<[64, 1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
      hivm.hir.sync_block_set[<CUBE>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
    }
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
    hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
    return
  }
  func.func @pipe_mix_aiv(%arg0: memref<32768xf16, #hivm.address_space<gm>>, %arg1: memref<4096xf16, #hivm.address_space<gm>>, %arg2: memref<8192xf32, #hivm.address_space<gm>>, %arg3: memref<32768xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c2048 = arith.constant 2048 : index
    %c4096 = arith.constant 4096 : index
    %c0_i64 = arith.constant 0 : i64
    %c8192_i64 = arith.constant 8192 : i64
    %sbi = hivm.hir.get_sub_block_idx -> i64
    %sb = arith.index_cast %sbi : i64 to index
    %half = arith.muli %sb, %c2048 : index
    %wb = hivm.hir.pointer_cast(%c0_i64) : memref<2048xf32, #hivm.address_space<ub>>
    %ob = hivm.hir.pointer_cast(%c8192_i64) : memref<2048xf32, #hivm.address_space<ub>>
    hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
    hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    scf.for %t = %c0 to %c8 step %c1 {
      %slot = arith.remsi %t, %c2 : index
      %sbase = arith.muli %slot, %c4096 : index
      %woff = arith.addi %sbase, %half : index
      %tbase = arith.muli %t, %c4096 : index
      %ooff = arith.addi %tbase, %half : index
      %wsg = memref.subview %arg2[%woff] [2048] [1] : memref<8192xf32, #hivm.address_space<gm>> to memref<2048xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %og = memref.subview %arg3[%ooff] [2048] [1] : memref<32768xf32, #hivm.address_space<gm>> to memref<2048xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.load ins(%wsg : memref<2048xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%wb : memref<2048xf32, #hivm.address_space<ub>>)
      hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.vexp ins(%wb : memref<2048xf32, #hivm.address_space<ub>>) outs(%ob : memref<2048xf32, #hivm.address_space<ub>>)
      hivm.hir.pipe_barrier[<PIPE_V>]
      hivm.hir.vmul ins(%ob, %wb : memref<2048xf32, #hivm.address_space<ub>>, memref<2048xf32, #hivm.address_space<ub>>) outs(%ob : memref<2048xf32, #hivm.address_space<ub>>)
      hivm.hir.pipe_barrier[<PIPE_V>]
      hivm.hir.vadd ins(%ob, %wb : memref<2048xf32, #hivm.address_space<ub>>, memref<2048xf32, #hivm.address_space<ub>>) outs(%ob : memref<2048xf32, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.store ins(%ob : memref<2048xf32, #hivm.address_space<ub>>) outs(%og : memref<2048xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    }
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    return
  }
}
