#!/usr/bin/env bash
# Generates a correct double-buffered vector kernel (AIV) whose loop runs
# TRIP iterations: MTE2 load -> V vadd -> MTE3 store per iteration, two UB
# slots, rotating event ids, back-pressure flags pre-set and drained.
# About 12 instances per iteration.  usage: gen_vec_kernel.sh TRIP
trip=${1:?trip count}
cat <<EOT
func.func @bench_vec(%x: memref<1048576xf16, #hivm.address_space<gm>>,
                     %y: memref<1048576xf16, #hivm.address_space<gm>>)
    attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %cN = arith.constant $trip : index
  %c0_i64 = arith.constant 0 : i64
  %c1_i64 = arith.constant 1 : i64
  %c128_i64 = arith.constant 128 : i64
  %c256_i64 = arith.constant 256 : i64
  %c384_i64 = arith.constant 384 : i64
  hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
  hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID1>]
  scf.for %i = %c0 to %cN step %c1 {
    %r = arith.remui %i, %c2 : index
    %is0 = arith.cmpi eq, %r, %c0 : index
    %ev = arith.select %is0, %c0_i64, %c1_i64 : i64
    %off = arith.muli %i, %c64 : index
    %off2 = arith.remui %off, %c64 : index
    %in = hivm.hir.pointer_cast(%c0_i64, %c128_i64) : memref<64xf16, #hivm.address_space<ub>>
    %out = hivm.hir.pointer_cast(%c256_i64, %c384_i64) : memref<64xf16, #hivm.address_space<ub>>
    %xs = memref.subview %x[%off] [64] [1] : memref<1048576xf16, #hivm.address_space<gm>> to memref<64xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
    %ys = memref.subview %y[%off] [64] [1] : memref<1048576xf16, #hivm.address_space<gm>> to memref<64xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, %ev]
    hivm.hir.load ins(%xs : memref<64xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%in : memref<64xf16, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
    hivm.hir.vadd ins(%in, %in : memref<64xf16, #hivm.address_space<ub>>, memref<64xf16, #hivm.address_space<ub>>) outs(%out : memref<64xf16, #hivm.address_space<ub>>)
    hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, %ev]
    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, %ev]
    hivm.hir.store ins(%out : memref<64xf16, #hivm.address_space<ub>>) outs(%ys : memref<64xf16, strided<[1], offset: ?>, #hivm.address_space<gm>>)
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, %ev]
  }
  hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
  hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID1>]
  return
}
EOT
