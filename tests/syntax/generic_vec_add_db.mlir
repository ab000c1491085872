// corpus/vec_add_db/ok.mlir in MLIR's generic op form (what -mlir-print-op-generic prints):
// tests/syntax_test.sh checks that ksv builds the same kernel from both.
"builtin.module"() ({
  "func.func"() <{function_type = (memref<512xf16, #hivm.address_space<gm>>, memref<512xf16, #hivm.address_space<gm>>, memref<512xf16, #hivm.address_space<gm>>) -> (), sym_name = "vec_add_db"}> ({
  ^bb0(%arg0: memref<512xf16, #hivm.address_space<gm>>, %arg1: memref<512xf16, #hivm.address_space<gm>>, %arg2: memref<512xf16, #hivm.address_space<gm>>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 2 : index}> : () -> index
    %3 = "arith.constant"() <{value = 4 : index}> : () -> index
    %4 = "arith.constant"() <{value = 128 : index}> : () -> index
    %5 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %6 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %7 = "arith.constant"() <{value = 256 : i64}> : () -> i64
    %8 = "arith.constant"() <{value = 512 : i64}> : () -> i64
    %9 = "arith.constant"() <{value = 768 : i64}> : () -> i64
    %10 = "arith.constant"() <{value = 1024 : i64}> : () -> i64
    %11 = "arith.constant"() <{value = 1280 : i64}> : () -> i64
    "hivm.hir.set_flag"() <{set_pipe = #hivm.pipe<PIPE_MTE3>, static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = #hivm.pipe<PIPE_MTE2>}> : () -> ()
    "hivm.hir.set_flag"() <{set_pipe = #hivm.pipe<PIPE_MTE3>, static_event_id = #hivm.event<EVENT_ID1>, wait_pipe = #hivm.pipe<PIPE_MTE2>}> : () -> ()
    "scf.for"(%0, %3, %1) ({
    ^bb0(%arg3: index):
      %12 = "arith.remsi"(%arg3, %2) : (index, index) -> index
      %13 = "arith.cmpi"(%12, %0) <{predicate = 0 : i64}> : (index, index) -> i1
      %14 = "arith.select"(%13, %5, %6) : (i1, i64, i64) -> i64
      %15 = "arith.muli"(%arg3, %4) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %16 = "memref.subview"(%arg0, %15) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 128>, static_strides = array<i64: 1>}> : (memref<512xf16, #hivm.address_space<gm>>, index) -> memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %17 = "memref.subview"(%arg1, %15) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 128>, static_strides = array<i64: 1>}> : (memref<512xf16, #hivm.address_space<gm>>, index) -> memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %18 = "memref.subview"(%arg2, %15) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 128>, static_strides = array<i64: 1>}> : (memref<512xf16, #hivm.address_space<gm>>, index) -> memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %19 = "hivm.hir.pointer_cast"(%5, %7) : (i64, i64) -> memref<128xf16, #hivm.address_space<ub>>
      %20 = "hivm.hir.pointer_cast"(%8, %9) : (i64, i64) -> memref<128xf16, #hivm.address_space<ub>>
      %21 = "hivm.hir.pointer_cast"(%10, %11) : (i64, i64) -> memref<128xf16, #hivm.address_space<ub>>
      "hivm.hir.wait_flag"(%14) <{set_pipe = #hivm.pipe<PIPE_MTE3>, wait_pipe = #hivm.pipe<PIPE_MTE2>}> : (i64) -> ()
      "hivm.hir.load"(%16, %19) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}> : (memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>, memref<128xf16, #hivm.address_space<ub>>) -> ()
      "hivm.hir.load"(%17, %20) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}> : (memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>, memref<128xf16, #hivm.address_space<ub>>) -> ()
      "hivm.hir.set_flag"(%14) <{set_pipe = #hivm.pipe<PIPE_MTE2>, wait_pipe = #hivm.pipe<PIPE_V>}> : (i64) -> ()
      "hivm.hir.wait_flag"(%14) <{set_pipe = #hivm.pipe<PIPE_MTE2>, wait_pipe = #hivm.pipe<PIPE_V>}> : (i64) -> ()
      "hivm.hir.vadd"(%19, %20, %21) <{operandSegmentSizes = array<i32: 2, 1, 0>}> : (memref<128xf16, #hivm.address_space<ub>>, memref<128xf16, #hivm.address_space<ub>>, memref<128xf16, #hivm.address_space<ub>>) -> ()
      "hivm.hir.set_flag"(%14) <{set_pipe = #hivm.pipe<PIPE_V>, wait_pipe = #hivm.pipe<PIPE_MTE3>}> : (i64) -> ()
      "hivm.hir.wait_flag"(%14) <{set_pipe = #hivm.pipe<PIPE_V>, wait_pipe = #hivm.pipe<PIPE_MTE3>}> : (i64) -> ()
      "hivm.hir.store"(%21, %18) : (memref<128xf16, #hivm.address_space<ub>>, memref<128xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) -> ()
      "hivm.hir.set_flag"(%14) <{set_pipe = #hivm.pipe<PIPE_MTE3>, wait_pipe = #hivm.pipe<PIPE_MTE2>}> : (i64) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "hivm.hir.wait_flag"() <{set_pipe = #hivm.pipe<PIPE_MTE3>, static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = #hivm.pipe<PIPE_MTE2>}> : () -> ()
    "hivm.hir.wait_flag"() <{set_pipe = #hivm.pipe<PIPE_MTE3>, static_event_id = #hivm.event<EVENT_ID1>, wait_pipe = #hivm.pipe<PIPE_MTE2>}> : () -> ()
    "func.return"() : () -> ()
  }) {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} : () -> ()
}) : () -> ()
