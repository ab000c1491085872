// mmad_library: one 16x16 tile C = A * B on the AIC, a single mmadL1 without sync_related_args and
// without any M->MTE1 flag. An op without sync_related_args is lowered as if every id were -1: the
// mmad library waits M->MTE1 EVENT_ID0/EVENT_ID1 (its K parts alternate between the L0 halves)
// before its MTE1 part and sets them after its M part (SEMANTICS.md 1).
// On a2 the template also pre-sets both events itself at entry and waits them at exit, so the op
// is self-contained: correct, no findings. On a5 it does not (the caller must pre-set them):
// seeded bug there, the library's wait is released only by its own set after the M part
// (deadlock at the mmadL1 on a5).
module {
  func.func @mmad_no_args(%arg0: memref<256xf16, #hivm.address_space<gm>>, %arg1: memref<256xf16, #hivm.address_space<gm>>, %arg2: memref<256xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>} {
    %c16 = arith.constant 16 : index
    %true = arith.constant true
    %c0_i64 = arith.constant 0 : i64
    %c512_i64 = arith.constant 512 : i64
    %a1 = hivm.hir.pointer_cast(%c0_i64) : memref<256xf16, #hivm.address_space<cbuf>>
    %b1 = hivm.hir.pointer_cast(%c512_i64) : memref<256xf16, #hivm.address_space<cbuf>>
    %cc = hivm.hir.pointer_cast(%c0_i64) : memref<256xf32, #hivm.address_space<cc>>
    hivm.hir.nd2nz {dst_continuous} ins(%arg0 : memref<256xf16, #hivm.address_space<gm>>) outs(%a1 : memref<256xf16, #hivm.address_space<cbuf>>)
    hivm.hir.nd2nz {dst_continuous} ins(%arg1 : memref<256xf16, #hivm.address_space<gm>>) outs(%b1 : memref<256xf16, #hivm.address_space<cbuf>>)
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.mmadL1 ins(%a1, %b1, %true, %c16, %c16, %c16 : memref<256xf16, #hivm.address_space<cbuf>>, memref<256xf16, #hivm.address_space<cbuf>>, i1, index, index, index) outs(%cc : memref<256xf32, #hivm.address_space<cc>>) // expect(a5): deadlock
    hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
    hivm.hir.fixpipe {enable_nz2nd} ins(%cc : memref<256xf32, #hivm.address_space<cc>>) outs(%arg2 : memref<256xf32, #hivm.address_space<gm>>)
    return
  }
}
