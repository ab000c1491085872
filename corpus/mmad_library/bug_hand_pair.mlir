// mmad_library: the K loop of ok.mlir, mmadL1 in the compiler's form with L0 ping-pong halves.
// Seeded bug: the kernel also waits and sets the M->MTE1 event of the step around each mmad by
// hand, as if the op did not (the form the corpus used before issue 16). The mmad library already
// waits that event before its MTE1 part: the hand-written wait consumes the pre-set, and the
// library's wait can then only be released by the set after its own M part (deadlock at the
// mmadL1). The library's handshake is the op's; a kernel must not repeat it.
module {
  func.func @mmad_pingpong(%arg0: memref<1024xf16, #hivm.address_space<gm>>, %arg1: memref<1024xf16, #hivm.address_space<gm>>, %arg2: memref<256xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %c-1_i64 = arith.constant -1 : i64
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c512_i64 = arith.constant 512 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c1536_i64 = arith.constant 1536 : i64
    %cc = hivm.hir.pointer_cast(%c0_i64) : memref<16x16xf32, #hivm.address_space<cc>>
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    scf.for %k = %c0 to %c4 step %c1 {
      %par = arith.remsi %k, %c2 : index
      %half = arith.index_cast %par : index to i64
      %even = arith.cmpi eq, %par, %c0 : index
      %ev = arith.select %even, %c0_i64, %c1_i64 : i64
      %init = arith.cmpi eq, %k, %c0 : index
      %off = arith.muli %k, %c256 : index
      %ag = memref.reinterpret_cast %arg0 to offset: [%off], sizes: [16, 16], strides: [16, 1] : memref<1024xf16, #hivm.address_space<gm>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
      %bg = memref.reinterpret_cast %arg1 to offset: [%off], sizes: [16, 16], strides: [16, 1] : memref<1024xf16, #hivm.address_space<gm>> to memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
      %a1 = hivm.hir.pointer_cast(%c0_i64, %c1024_i64) : memref<16x16xf16, #hivm.address_space<cbuf>>
      %b1 = hivm.hir.pointer_cast(%c512_i64, %c1536_i64) : memref<16x16xf16, #hivm.address_space<cbuf>>
      hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, %ev]
      hivm.hir.nd2nz {dst_continuous} ins(%ag : memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>) outs(%a1 : memref<16x16xf16, #hivm.address_space<cbuf>>)
      hivm.hir.nd2nz {dst_continuous} ins(%bg : memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>) outs(%b1 : memref<16x16xf16, #hivm.address_space<cbuf>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, %ev]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, %ev]
      hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, %ev]
      hivm.hir.mmadL1 ins(%a1, %b1, %init, %c16, %c16, %c16 : memref<16x16xf16, #hivm.address_space<cbuf>>, memref<16x16xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%cc : memref<16x16xf32, #hivm.address_space<cc>>) sync_related_args(%c-1_i64, %c-1_i64, %c-1_i64, %c-1_i64, %half, %c0_i64, %c1_i64 : i64, i64, i64, i64, i64, i64, i64) // expect: deadlock
      hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, %ev]
      hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, %ev]
    }
    hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
    hivm.hir.fixpipe {enable_nz2nd} ins(%cc : memref<16x16xf32, #hivm.address_space<cc>>) outs(%arg2 : memref<256xf32, #hivm.address_space<gm>>)
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID1>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    return
  }
}
