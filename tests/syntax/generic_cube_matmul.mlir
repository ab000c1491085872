// corpus/cube_matmul/ok.mlir in MLIR's generic op form (mmadL1 with its operandSegmentSizes and
// the sync_related_args group): tests/syntax_test.sh checks that ksv builds the same kernel.
"builtin.module"() ({
  "func.func"() <{function_type = (memref<512xf16, #hivm.address_space<gm>>, memref<1024xf16, #hivm.address_space<gm>>, memref<512xf32, #hivm.address_space<gm>>) -> (), sym_name = "cube_matmul"}> ({
  ^bb0(%arg0: memref<512xf16, #hivm.address_space<gm>>, %arg1: memref<1024xf16, #hivm.address_space<gm>>, %arg2: memref<512xf32, #hivm.address_space<gm>>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 2 : index}> : () -> index
    %3 = "arith.constant"() <{value = 16 : index}> : () -> index
    %4 = "arith.constant"() <{value = 256 : index}> : () -> index
    %5 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %6 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %7 = "arith.constant"() <{value = 512 : i64}> : () -> i64
    %8 = "arith.constant"() <{value = 1024 : i64}> : () -> i64
    %9 = "arith.constant"() <{value = 1536 : i64}> : () -> i64
    %10 = "arith.constant"() <{value = -1 : i64}> : () -> i64
    %11 = "hivm.hir.pointer_cast"(%5) : (i64) -> memref<16x16xf32, #hivm.address_space<cc>>
    "hivm.hir.set_flag"() <{set_pipe = #hivm.pipe<PIPE_MTE1>, static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = #hivm.pipe<PIPE_MTE2>}> : () -> ()
    "hivm.hir.set_flag"() <{set_pipe = #hivm.pipe<PIPE_MTE1>, static_event_id = #hivm.event<EVENT_ID1>, wait_pipe = #hivm.pipe<PIPE_MTE2>}> : () -> ()
    "hivm.hir.set_flag"() <{set_pipe = #hivm.pipe<PIPE_M>, static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = #hivm.pipe<PIPE_MTE1>}> : () -> ()
    "hivm.hir.set_flag"() <{set_pipe = #hivm.pipe<PIPE_M>, static_event_id = #hivm.event<EVENT_ID1>, wait_pipe = #hivm.pipe<PIPE_MTE1>}> : () -> ()
    "hivm.hir.set_flag"() <{set_pipe = #hivm.pipe<PIPE_FIX>, static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = #hivm.pipe<PIPE_M>}> : () -> ()
    "scf.for"(%0, %2, %1) ({
    ^bb0(%arg3: index):
      "hivm.hir.wait_flag"() <{set_pipe = #hivm.pipe<PIPE_FIX>, static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = #hivm.pipe<PIPE_M>}> : () -> ()
      "scf.for"(%0, %2, %1) ({
      ^bb0(%arg4: index):
        %12 = "arith.remsi"(%arg4, %2) : (index, index) -> index
        %13 = "arith.cmpi"(%12, %0) <{predicate = 0 : i64}> : (index, index) -> i1
        %14 = "arith.select"(%13, %5, %6) : (i1, i64, i64) -> i64
        %15 = "arith.cmpi"(%arg4, %0) <{predicate = 0 : i64}> : (index, index) -> i1
        %16 = "arith.muli"(%arg4, %4) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %17 = "arith.muli"(%arg4, %2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %18 = "arith.addi"(%17, %arg3) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %19 = "arith.muli"(%18, %4) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        %20 = "memref.reinterpret_cast"(%arg0, %16) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 16, 16>, static_strides = array<i64: 16, 1>}> : (memref<512xf16, #hivm.address_space<gm>>, index) -> memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
        %21 = "memref.reinterpret_cast"(%arg1, %19) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 16, 16>, static_strides = array<i64: 16, 1>}> : (memref<1024xf16, #hivm.address_space<gm>>, index) -> memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
        %22 = "hivm.hir.pointer_cast"(%5, %8) : (i64, i64) -> memref<16x16xf16, #hivm.address_space<cbuf>>
        %23 = "hivm.hir.pointer_cast"(%7, %9) : (i64, i64) -> memref<16x16xf16, #hivm.address_space<cbuf>>
        "hivm.hir.wait_flag"(%14) <{set_pipe = #hivm.pipe<PIPE_MTE1>, wait_pipe = #hivm.pipe<PIPE_MTE2>}> : (i64) -> ()
        "hivm.hir.nd2nz"(%20, %22) <{dst_continuous, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>, memref<16x16xf16, #hivm.address_space<cbuf>>) -> ()
        "hivm.hir.nd2nz"(%21, %23) <{dst_continuous, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>, memref<16x16xf16, #hivm.address_space<cbuf>>) -> ()
        "hivm.hir.set_flag"(%14) <{set_pipe = #hivm.pipe<PIPE_MTE2>, wait_pipe = #hivm.pipe<PIPE_MTE1>}> : (i64) -> ()
        "hivm.hir.wait_flag"(%14) <{set_pipe = #hivm.pipe<PIPE_MTE2>, wait_pipe = #hivm.pipe<PIPE_MTE1>}> : (i64) -> ()
        "hivm.hir.mmadL1"(%22, %23, %15, %3, %3, %3, %11, %10, %10, %10, %10, %10, %5, %6) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 7, 0, 0>}> : (memref<16x16xf16, #hivm.address_space<cbuf>>, memref<16x16xf16, #hivm.address_space<cbuf>>, i1, index, index, index, memref<16x16xf32, #hivm.address_space<cc>>, i64, i64, i64, i64, i64, i64, i64) -> ()
        "hivm.hir.set_flag"(%14) <{set_pipe = #hivm.pipe<PIPE_MTE1>, wait_pipe = #hivm.pipe<PIPE_MTE2>}> : (i64) -> ()
        "scf.yield"() : () -> ()
      }) : (index, index, index) -> ()
      %24 = "arith.muli"(%arg3, %4) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %25 = "memref.reinterpret_cast"(%arg2, %24) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 16, 16>, static_strides = array<i64: 16, 1>}> : (memref<512xf32, #hivm.address_space<gm>>, index) -> memref<16x16xf32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>
      "hivm.hir.set_flag"() <{set_pipe = #hivm.pipe<PIPE_M>, static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = #hivm.pipe<PIPE_FIX>}> : () -> ()
      "hivm.hir.wait_flag"() <{set_pipe = #hivm.pipe<PIPE_M>, static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = #hivm.pipe<PIPE_FIX>}> : () -> ()
      "hivm.hir.fixpipe"(%11, %25) <{enable_nz2nd, operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<16x16xf32, #hivm.address_space<cc>>, memref<16x16xf32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>) -> ()
      "hivm.hir.set_flag"() <{set_pipe = #hivm.pipe<PIPE_FIX>, static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = #hivm.pipe<PIPE_M>}> : () -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "hivm.hir.wait_flag"() <{set_pipe = #hivm.pipe<PIPE_MTE1>, static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = #hivm.pipe<PIPE_MTE2>}> : () -> ()
    "hivm.hir.wait_flag"() <{set_pipe = #hivm.pipe<PIPE_MTE1>, static_event_id = #hivm.event<EVENT_ID1>, wait_pipe = #hivm.pipe<PIPE_MTE2>}> : () -> ()
    "hivm.hir.wait_flag"() <{set_pipe = #hivm.pipe<PIPE_M>, static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = #hivm.pipe<PIPE_MTE1>}> : () -> ()
    "hivm.hir.wait_flag"() <{set_pipe = #hivm.pipe<PIPE_M>, static_event_id = #hivm.event<EVENT_ID1>, wait_pipe = #hivm.pipe<PIPE_MTE1>}> : () -> ()
    "hivm.hir.wait_flag"() <{set_pipe = #hivm.pipe<PIPE_FIX>, static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = #hivm.pipe<PIPE_M>}> : () -> ()
    "func.return"() : () -> ()
  }) {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>} : () -> ()
}) : () -> ()
