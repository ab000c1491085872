// Every piece of MLIR syntax ksv reads, in one kernel (tests/syntax_test.sh: clean, no warning):
// comments anywhere, #map / #loc aliases, loc(...) after ops, arguments and regions (fused
// locations too), a module attribute dictionary with hacc.target and a string with escapes and
// braces, a multi-line `attributes {...}` dictionary with dense attributes, a generic-form constant
// and load with properties <{...}> and a multi-line dictionary, a constant with an attribute
// dictionary before its value, a multi-line dictionary right after an op name and one after a
// loop's region (`} {`), and a region op with a result (scf.execute_region).
#map = affine_map<(d0)[s0] -> (d0 * 256 + s0)>  // a trailing comment
#loc = loc("kernel.py":12:3)
#loc1 = loc(fused<#hivm.sub_block<x>>["a.py":1:2, "b.py":3:4])
module attributes {hacc.target = #hacc.target<"Ascend910B4">,
                   test.escaped = "a \"quoted\" \\ string with { and } // not a comment"} {
  // a comment inside the module
  func.func @forms(%arg0: memref<512xf32, #hivm.address_space<gm>> loc("k.py":1:1), %arg1: memref<512xf32, #hivm.address_space<gm>>)
      attributes {
        hacc.entry,
        hivm.func_core_type = #hivm.func_core_type<AIV>,
        mask = dense<[true, false]> : vector<2xi1>,
        table = dense<"0x0102"> : tensor<2xi8>,
        weights = dense<1.500000e+00> : tensor<4xf32>
      } {
    %c0 = arith.constant 0 : index loc(#loc)
    %c1 = "arith.constant"() <{value = 1 : index}> : () -> index loc("k.py":3:5)
    %c2 = arith.constant {tag = "x"} 2 : index
    %c0_i64 = arith.constant 0 : i64 // trailing comment
    %c1024_i64 = arith.constant 1024 : i64
    %ub = hivm.hir.pointer_cast(%c0_i64) : memref<256xf32, #hivm.address_space<ub>>
    %ub2 = hivm.hir.pointer_cast(%c1024_i64) : memref<256xf32, #hivm.address_space<ub>>
    scf.for %j = %c0 to %c2 step %c1 {
      %off = affine.apply #map(%c0)[%j]
      %src = memref.subview %arg0[%off] [256] [1] : memref<512xf32, #hivm.address_space<gm>> to memref<256xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
      "hivm.hir.load"(%src, %ub) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> {
        hivm.note = "generic form with properties and a multi-line dictionary"
      } : (memref<256xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>, memref<256xf32, #hivm.address_space<ub>>) -> () loc(#loc1)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.vabs {
        hivm.tcore_type = #hivm.tcore_type<VECTOR>,
        tag
      } ins(%ub : memref<256xf32, #hivm.address_space<ub>>)
        outs(%ub2 : memref<256xf32, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      scf.yield
    } {
      hivm.parallel_loop,
      no_inline
    } loc("k.py":20:1)
    %r = scf.execute_region -> index {
      %x = arith.addi %c1, %c1 : index
      scf.yield %x : index
    } {note = "a region op with a result"}
    return
  } loc("k.py":1:1)
} loc(unknown)
