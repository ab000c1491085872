// hostile: 2 outside the 48-bit address space
// views and tensor slices with offsets, sizes and strides near 2^62 and 2^63: products in the
// index boxes and layouts (model/mdl_view.c) must not overflow
func.func @h(%g: memref<16x16xf16, #hivm.address_space<gm>>) {
  %c0 = arith.constant 0 : i64
  %big = arith.constant 4611686018427387904 : index
  %neg = arith.constant -4611686018427387904 : index
  %t = hivm.hir.pointer_cast(%c0) : memref<16x32xf16, #hivm.address_space<ub>>
  %l = memref.subview %t[9223372036854775807, 0] [16, 16] [9223372036854775807, 1] : memref<16x32xf16, #hivm.address_space<ub>> to memref<16x16xf16, strided<[?, 1], offset: ?>, #hivm.address_space<ub>>
  %r = memref.subview %t[%big, %neg] [%big, 16] [1, 1] : memref<16x32xf16, #hivm.address_space<ub>> to memref<?x16xf16, strided<[32, 1], offset: ?>, #hivm.address_space<ub>>
  %tt = bufferization.to_tensor %t : memref<16x32xf16, #hivm.address_space<ub>>
  %s = tensor.extract_slice %tt[%big, 0] [%big, 16] [3, 1] : tensor<16x32xf16> to tensor<?x16xf16>
  %s2 = tensor.extract_slice %tt[%neg, %big] [4, %neg] [9223372036854775807, 9223372036854775807] : tensor<16x32xf16> to tensor<4x?xf16>
  %e = tensor.expand_shape %s2 [[0], [1, 2]] output_shape [4, 1, 7] : tensor<4x?xf16> into tensor<4x1x7xf16>
  %c = tensor.collapse_shape %e [[0, 1, 2]] : tensor<4x1x7xf16> into tensor<28xf16>
  %e2 = tensor.empty() : tensor<16x16xf16>
  %x = hivm.hir.vexp ins(%s : tensor<?x16xf16>) outs(%e2 : tensor<16x16xf16>) -> tensor<16x16xf16>
  %y = hivm.hir.vexp ins(%c : tensor<28xf16>) outs(%e2 : tensor<16x16xf16>) -> tensor<16x16xf16>
  hivm.hir.load ins(%g : memref<16x16xf16, #hivm.address_space<gm>>) outs(%l : memref<16x16xf16, strided<[?, 1], offset: ?>, #hivm.address_space<ub>>)
  hivm.hir.load ins(%g : memref<16x16xf16, #hivm.address_space<gm>>) outs(%r : memref<?x16xf16, strided<[32, 1], offset: ?>, #hivm.address_space<ub>>)
  %ws = memref_ext.alloc_workspace() from %g offset = [%big] : from memref<16x16xf16, #hivm.address_space<gm>> to memref<99999x99999xf32>
  %wt = bufferization.to_tensor %ws : memref<99999x99999xf32>
  %z = hivm.hir.vexp ins(%wt : tensor<99999x99999xf32>) outs(%e2 : tensor<16x16xf16>) -> tensor<16x16xf16>
  return
}
