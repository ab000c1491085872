// masked_tiles: y = f(x) over the tiles t = block_idx, block_idx + block_num, ... < %arg2
// (tiling data) of 128 f32 (AIV only).  Three more tiling arguments choose per tile what
// happens to it: tile %arg3 is partial (vbrc fills its UB tile with zeros before the load),
// the tiles before %arg4 get relu, the tiles after it x * 2 and tile %arg4 itself a plain
// copy, and tile %arg5 is written as zeros.  The compiler's sync solver placed every
// set/wait outside those branches, so no sync depends on them: ksv enumerates the trip counts
// of the tile loop and keeps the data branches open (docs/architecture.md, "Branches no sync
// depends on").  Enumerated one by one, the comparisons of 8 tiles with three arguments give
// more than a thousand outcomes, past the 256 the enumeration takes.  The relu, the scale and
// the copy write the same UB tile on PIPE_V with no barrier between them, which would be a
// pipe hazard on a2 if two of them ran for one tile; they compare one tile index with one
// argument three ways, so no two of them ever do, which only the solver can tell.
// Correct version: clean.
module {
  func.func @masked_tiles(%arg0: memref<?xf32, #hivm.address_space<gm>>, %arg1: memref<?xf32, #hivm.address_space<gm>>, %arg2: i32, %arg3: i32, %arg4: i32, %arg5: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c128 = arith.constant 128 : index
    %c0_i64 = arith.constant 0 : i64
    %c512_i64 = arith.constant 512 : i64
    %cst0 = arith.constant 0.0 : f32
    %cst2 = arith.constant 2.0 : f32
    %bidx = hivm.hir.get_block_idx -> i64
    %bnum = hivm.hir.get_block_num -> i64
    %lo = arith.index_cast %bidx : i64 to index
    %step = arith.index_cast %bnum : i64 to index
    %nt = arith.index_cast %arg2 : i32 to index
    %xb = hivm.hir.pointer_cast(%c0_i64) : memref<128xf32, #hivm.address_space<ub>>
    %yb = hivm.hir.pointer_cast(%c512_i64) : memref<128xf32, #hivm.address_space<ub>>
    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    scf.for %t = %lo to %nt step %step {
      %ti = arith.index_cast %t : index to i32
      %pad = arith.cmpi eq, %ti, %arg3 : i32
      %relu = arith.cmpi slt, %ti, %arg4 : i32
      %scale = arith.cmpi sgt, %ti, %arg4 : i32
      %copy = arith.cmpi eq, %ti, %arg4 : i32
      %zero = arith.cmpi eq, %ti, %arg5 : i32
      %off = arith.muli %t, %c128 : index
      %xs = memref.subview %arg0[%off] [128] [1] : memref<?xf32, #hivm.address_space<gm>> to memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
      %ys = memref.subview %arg1[%off] [128] [1] : memref<?xf32, #hivm.address_space<gm>> to memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>
      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
      scf.if %pad {
        hivm.hir.vbrc ins(%cst0 : f32) outs(%xb : memref<128xf32, #hivm.address_space<ub>>)
      }
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
      hivm.hir.load ins(%xs : memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>) outs(%xb : memref<128xf32, #hivm.address_space<ub>>)
      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
      scf.if %relu {
        hivm.hir.vrelu ins(%xb : memref<128xf32, #hivm.address_space<ub>>) outs(%yb : memref<128xf32, #hivm.address_space<ub>>)
      }
      scf.if %scale {
        hivm.hir.vmuls ins(%xb, %cst2 : memref<128xf32, #hivm.address_space<ub>>, f32) outs(%yb : memref<128xf32, #hivm.address_space<ub>>)
      }
      scf.if %copy {
        hivm.hir.vcopy ins(%xb : memref<128xf32, #hivm.address_space<ub>>) outs(%yb : memref<128xf32, #hivm.address_space<ub>>)
      }
      hivm.hir.pipe_barrier[<PIPE_V>] // expect(a5): redundant-barrier
      scf.if %zero {
        hivm.hir.vbrc ins(%cst0 : f32) outs(%yb : memref<128xf32, #hivm.address_space<ub>>)
      }
      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
      hivm.hir.store ins(%yb : memref<128xf32, #hivm.address_space<ub>>) outs(%ys : memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>)
      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    }
    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
    return
  }
}
