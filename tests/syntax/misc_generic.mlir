// misc_custom.mlir in MLIR's generic op form: func.call <{callee = @pick}>, "scf.while" with
// two ({...}, {...}) regions, "cf.cond_br"(...)[^bb1, ^bb2] with its operandSegmentSizes.
"builtin.module"() ({
  "func.func"() <{function_type = (i1, i64, i64) -> i64, sym_name = "pick"}> ({
  ^bb0(%c: i1, %a: i64, %b: i64):
    %r = "scf.if"(%c) ({
      "scf.yield"(%a) : (i64) -> ()
    }, {
      "scf.yield"(%b) : (i64) -> ()
    }) : (i1) -> i64
    "func.return"(%r) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (memref<256xf32, #hivm.address_space<gm>>, i32) -> (), sym_name = "misc"}> ({
  ^bb0(%arg0: memref<256xf32, #hivm.address_space<gm>>, %n: i32):
    %c0_i64 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %c1_i64 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %c0_i32 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %c1_i32 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %c3_i32 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %ub = "hivm.hir.pointer_cast"(%c0_i64) : (i64) -> memref<256xf32, #hivm.address_space<ub>>
    %big = "arith.cmpi"(%n, %c0_i32) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %ev = "func.call"(%big, %c0_i64, %c1_i64) <{callee = @pick}> : (i1, i64, i64) -> i64
    %w = "scf.while"(%c0_i32) ({
    ^bb0(%i: i32):
      %more = "arith.cmpi"(%i, %c3_i32) <{predicate = 2 : i64}> : (i32, i32) -> i1
      "scf.condition"(%more, %i) : (i1, i32) -> ()
    }, {
    ^bb0(%j: i32):
      "hivm.hir.load"(%arg0, %ub) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}> : (memref<256xf32, #hivm.address_space<gm>>, memref<256xf32, #hivm.address_space<ub>>) -> ()
      "hivm.hir.set_flag"(%ev) <{set_pipe = #hivm.pipe<PIPE_MTE2>, wait_pipe = #hivm.pipe<PIPE_V>}> : (i64) -> ()
      "hivm.hir.wait_flag"(%ev) <{set_pipe = #hivm.pipe<PIPE_MTE2>, wait_pipe = #hivm.pipe<PIPE_V>}> : (i64) -> ()
      "hivm.hir.vabs"(%ub, %ub) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<256xf32, #hivm.address_space<ub>>, memref<256xf32, #hivm.address_space<ub>>) -> ()
      "hivm.hir.pipe_barrier"() <{pipe = #hivm.pipe<PIPE_ALL>}> : () -> ()
      %nx = "arith.addi"(%j, %c1_i32) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"(%nx) : (i32) -> ()
    }) : (i32) -> i32
    "cf.cond_br"(%big, %c0_i64)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i64) -> ()
  ^bb1(%e: i64):
    "hivm.hir.set_flag"(%e) <{set_pipe = #hivm.pipe<PIPE_V>, wait_pipe = #hivm.pipe<PIPE_MTE2>}> : (i64) -> ()
    "cf.br"()[^bb3] : () -> ()
  ^bb2:
    "hivm.hir.set_flag"() <{set_pipe = #hivm.pipe<PIPE_V>, static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = #hivm.pipe<PIPE_MTE2>}> : () -> ()
    "cf.br"()[^bb3] : () -> ()
  ^bb3:
    "hivm.hir.wait_flag"() <{set_pipe = #hivm.pipe<PIPE_V>, static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = #hivm.pipe<PIPE_MTE2>}> : () -> ()
    "func.return"() : () -> ()
  }) {hivm.func_core_type = #hivm.func_core_type<AIV>} : () -> ()
}) : () -> ()
