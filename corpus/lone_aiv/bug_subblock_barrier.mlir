// lone_aiv: the vector half of a matmul + bias epilogue alone in the input (see ok.mlir).
// Seeded bug: only sub-block 0 sets the INTER_SUBBLOCK flag 2 of the closing barrier. Its counter
// on each AIV goes up only once both AIVs have set, so both waits block forever. Both sub-blocks
// are in the input (the missing cube takes no part in INTER_SUBBLOCK syncs): a deadlock that is
// decided in the open environment.
module {
  func.func @epi_mix_aiv(%arg0: memref<512xf32, #hivm.address_space<gm>>, %arg1: memref<256xf32, #hivm.address_space<gm>>, %arg2: memref<512xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c0_i64 = arith.constant 0 : i64
    %c512_i64 = arith.constant 512 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %sbi = hivm.hir.get_sub_block_idx -> i64
    %sb = arith.index_cast %sbi : i64 to index
    %half = arith.muli %sb, %c128 : index
    %wb = hivm.hir.pointer_cast(%c0_i64) : memref<128xf32, #hivm.address_space<ub>>
    %bb = hivm.hir.pointer_cast(%c512_i64) : memref<128xf32, #hivm.address_space<ub>>
    %ob = hivm.hir.pointer_cast(%c1024_i64) : memref<128xf32, #hivm.address_space<ub>>
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    scf.for %t = %c0 to %c2 step %c1 {
      %toff = arith.muli %t, %c256 : index
      %off = arith.addi %toff, %half : index
      %wsg = memref.subview %arg0[%off] [128] [1] : memref<512xf32, #hivm.address_space<gm>> to memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %bg = memref.subview %arg1[%half] [128] [1] : memref<256xf32, #hivm.address_space<gm>> to memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %og = memref.subview %arg2[%off] [128] [1] : memref<512xf32, #hivm.address_space<gm>> to memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.load ins(%wsg : memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%wb : memref<128xf32, #hivm.address_space<ub>>)
      hivm.hir.load ins(%bg : memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%bb : memref<128xf32, #hivm.address_space<ub>>)
      hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.vadd ins(%wb, %bb : memref<128xf32, #hivm.address_space<ub>>, memref<128xf32, #hivm.address_space<ub>>) outs(%ob : memref<128xf32, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.store ins(%ob : memref<128xf32, #hivm.address_space<ub>>) outs(%og : memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    }
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    %first = arith.cmpi eq, %sbi, %c0_i64 : i64
    scf.if %first {
      hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE3>, <PIPE_MTE3>] flag = 2 sync_instr_mode = #hivm.sync_block_instr_mode<INTER_SUBBLOCK_SYNCHRONIZATION>
    }
    hivm.hir.sync_block_wait[<VECTOR>, <PIPE_MTE3>, <PIPE_MTE3>] flag = 2 sync_instr_mode = #hivm.sync_block_instr_mode<INTER_SUBBLOCK_SYNCHRONIZATION>  // expect: deadlock
    return
  }
}
