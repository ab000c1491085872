// mix_ws_tensor: a matmul + bias epilogue as one func_core_type<MIX> function in tensor form,
// before the compiler splits it: the cube half (loads, mmadL1, fixpipe) writes its 16x16 f32
// result into a GM workspace slice (memref_ext.alloc_workspace of the workspace argument,
// bufferization.to_tensor of it), the vector half loads that tensor back, adds a bias and stores.
// Placement as AscendNPU-IR infers it: mmadL1 and fixpipe CUBE, store VECTOR, the loads by the
// core of their users (the mmadL1's operands: CUBE; the workspace and bias tiles, read by the
// vadd: VECTOR), an explicit hivm.tcore_type where the op carries one. The fixpipe's write and
// the vector load are the same workspace bytes through the tensor alias; sync_block_set /
// sync_block_wait (flag 0) order them. The function never reads get_sub_block_idx, so its vector
// code is one logical program: both AIVs' stores of the output tile are one access, not a
// conflict. tensor.empty values have no memory behind them. The mmadL1 has the compiler's form of the mmad
// library's handshake (sync_related_args [5]/[6] = EVENT_ID0/1, both M->MTE1 events pre-set
// before it and drained after it). Correct version: no findings expected.
module attributes {hivm.module_core_type = #hivm.module_core_type<MIX>} {
  func.func @mm_bias_mix(%arg0: i64 {hacc.arg_type = #hacc.arg_type<ffts_base_address>}, %arg1: memref<?xi8> {hacc.arg_type = #hacc.arg_type<workspace>}, %arg2: memref<?xf16>, %arg3: memref<?xf16>, %arg4: memref<?xf32>, %arg5: memref<?xf32>) attributes {hacc.entry, hacc.function_kind = #hacc.function_kind<DEVICE>, hivm.func_core_type = #hivm.func_core_type<MIX>} {
    %c0 = arith.constant 0 : index
    %c1024 = arith.constant 1024 : index
    %c16 = arith.constant 16 : index
    %true = arith.constant true
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %cm1_i64 = arith.constant -1 : i64
    %cst = arith.constant 0.000000e+00 : f32
    hivm.hir.set_ffts_base_addr %arg0
    %rc_a = memref.reinterpret_cast %arg2 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<?xf16> to memref<16x16xf16, strided<[16, 1]>>
    %rc_b = memref.reinterpret_cast %arg3 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<?xf16> to memref<16x16xf16, strided<[16, 1]>>
    %rc_bias = memref.reinterpret_cast %arg4 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<?xf32> to memref<16x16xf32, strided<[16, 1]>>
    %rc_out = memref.reinterpret_cast %arg5 to offset: [0], sizes: [16, 16], strides: [16, 1] : memref<?xf32> to memref<16x16xf32, strided<[16, 1]>>
    %0 = tensor.empty() : tensor<16x16xf16>
    %1 = hivm.hir.load ins(%rc_a : memref<16x16xf16, strided<[16, 1]>>) outs(%0 : tensor<16x16xf16>) -> tensor<16x16xf16>
    %2 = tensor.empty() : tensor<16x16xf16>
    %3 = hivm.hir.load ins(%rc_b : memref<16x16xf16, strided<[16, 1]>>) outs(%2 : tensor<16x16xf16>) -> tensor<16x16xf16>
    %4 = tensor.empty() : tensor<16x16xf32>
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    %5 = hivm.hir.mmadL1 ins(%1, %3, %true, %c16, %c16, %c16 : tensor<16x16xf16>, tensor<16x16xf16>, i1, index, index, index) outs(%4 : tensor<16x16xf32>) sync_related_args(%cm1_i64, %cm1_i64, %cm1_i64, %cm1_i64, %cm1_i64, %c0_i64, %c1_i64 : i64, i64, i64, i64, i64, i64, i64) -> tensor<16x16xf32>
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]
    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]
    %ws = memref_ext.alloc_workspace() from %arg1 offset = [%c0] : from memref<?xi8> to memref<16x16xf32>
    %6 = bufferization.to_tensor %ws restrict writable : memref<16x16xf32>
    %7 = hivm.hir.fixpipe {enable_nz2nd} ins(%5 : tensor<16x16xf32>) outs(%6 : tensor<16x16xf32>) -> tensor<16x16xf32>
    hivm.hir.sync_block_set[<CUBE>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
    %8 = tensor.empty() : tensor<16x16xf32>
    %9 = hivm.hir.vbrc {hivm.tcore_type = #hivm.tcore_type<VECTOR>} ins(%cst : f32) outs(%8 : tensor<16x16xf32>) -> tensor<16x16xf32>
    %10 = tensor.empty() : tensor<16x16xf32>
    %11 = hivm.hir.load ins(%rc_bias : memref<16x16xf32, strided<[16, 1]>>) outs(%10 : tensor<16x16xf32>) -> tensor<16x16xf32>
    hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
    %12 = tensor.empty() : tensor<16x16xf32>
    %13 = hivm.hir.load ins(%7 : tensor<16x16xf32>) outs(%12 : tensor<16x16xf32>) -> tensor<16x16xf32>
    %14 = hivm.hir.vadd {hivm.tcore_type = #hivm.tcore_type<VECTOR>} ins(%13, %11 : tensor<16x16xf32>, tensor<16x16xf32>) outs(%9 : tensor<16x16xf32>) -> tensor<16x16xf32>
    hivm.hir.store ins(%14 : tensor<16x16xf32>) outs(%rc_out : memref<16x16xf32, strided<[16, 1]>>)
    return
  }
}
