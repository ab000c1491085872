// cube_matmul: tiled matmul on the AIC (nd2nz -> mmadL1 -> fixpipe), L1 ping-pong, 2x2 tiles.
// Seeded bug: EVENT_ID0 of the MTE1->MTE2 ping-pong is pre-set twice and EVENT_ID1 never
// (double-set at the second pre-set; the odd K step then waits forever).
// The mmadL1s carry the compiler's sync_related_args: the mmad library waits M->MTE1
// EVENT_ID0/EVENT_ID1 ([5]/[6]) before its MTE1 part and sets them after its M part; the
// kernel pre-sets both before the first mmad and drains both after the last (SEMANTICS.md 1).
// Flags count (SEMANTICS 3 revised): each double-set under expect(bit) is timing-only: the
// set may fire before the wait consumed the previous set, which a counting flag holds; no
// finding now, `--flag-model bit` still reports it.
// Each double-set left in expect: is in program order (no wait of the flag between the two
// sets): a warning since SEMANTICS 3 revised, an error under --flag-model bit.
module {
  func.func @cube_matmul(%arg0: memref<512xf16, #hivm.address_space<gm>>, %arg1: memref<1024xf16, #hivm.address_space<gm>>, %arg2: memref<512xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c512_i64 = arith.constant 512 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c1536_i64 = arith.constant 1536 : i64
    %cc = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xf32, #hivm.address_space<cc>>
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>] // expect: double-set
    %c-1_i64 = arith.constant -1 : i64
    %ev0_i64 = arith.constant 0 : i64
    %ev1_i64 = arith.constant 1 : i64
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    scf.for %n = %c0 to %c2 step %c1 {
      hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
      scf.for %k = %c0 to %c2 step %c1 {
        %par = arith.remsi %k, %c2 : index
        %even = arith.cmpi eq, %par, %c0 : index
        %ev = arith.select %even, %c0_i64, %c1_i64 : i64
        %init = arith.cmpi eq, %k, %c0 : index
        %aoff = arith.muli %k, %c256 : index
        %kn = arith.muli %k, %c2 : index
        %bt = arith.addi %kn, %n : index
        %boff = arith.muli %bt, %c256 : index
        %ag = memref.reinterpret_cast %arg0 to offset: [%aoff], sizes: [16, 16], strides: [16, 1] : memref<512xf16, #hivm.address_space<gm>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
        %bg = memref.reinterpret_cast %arg1 to offset: [%boff], sizes: [16, 16], strides: [16, 1] : memref<1024xf16, #hivm.address_space<gm>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
        %a1 = hivm.hir.pointer_cast(%c0_i64, %c1024_i64) : memref<16x16xf16, #hivm.address_space<cbuf>>
        %b1 = hivm.hir.pointer_cast(%c512_i64, %c1536_i64) : memref<16x16xf16, #hivm.address_space<cbuf>>
        hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, %ev] // expect: deadlock
        hivm.hir.nd2nz {dst_continuous} ins(%ag : memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>) outs(%a1 : memref<16x16xf16, #hivm.address_space<cbuf>>)
        hivm.hir.nd2nz {dst_continuous} ins(%bg : memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>) outs(%b1 : memref<16x16xf16, #hivm.address_space<cbuf>>)
        hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, %ev]
        hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, %ev]
        hivm.hir.mmadL1 ins(%a1, %b1, %init, %c16, %c16, %c16 : memref<16x16xf16, #hivm.address_space<cbuf>>, memref<16x16xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%cc : memref<16x16xf32, #hivm.address_space<cc>>) sync_related_args(%c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %ev0_i64, %ev1_i64 : i64, i64, i64, i64, i64, i64, i64)
        hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, %ev] // expect: unpaired-set // expect(bit): double-set
      }
      %coff = arith.muli %n, %c256 : index
      %cg = memref.reinterpret_cast %arg2 to offset: [%coff], sizes: [16, 16], strides: [16, 1] : memref<512xf32, #hivm.address_space<gm>> to memref<16x16xf32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
      hivm.hir.fixpipe {enable_nz2nd} ins(%cc : memref<16x16xf32, #hivm.address_space<cc>>) outs(%cg : memref<16x16xf32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    }
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID1>] // expect: deadlock
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]
    return
  }
}
