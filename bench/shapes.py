#!/usr/bin/env python3
"""shapes.py SHAPE N [FILE] -- the hostile input shapes of issue 21 on
standard output (bench/hostile_shapes.sh, tests/shapes_test.sh).

Each kernel is a small AIV kernel: a GM->UB load and a vrelu of the same
UB buffer with no sync between them (one race), or with a MTE2->V
set/wait pair (clean) under --clean.
  module      N kernels as the functions of one module
  chunks      N kernels, one module per `// -----` chunk
  same        the same, every kernel named @k0 (legal: one per chunk)
  same-mixed  `same` with only every other chunk's kernel buggy
  ignored     `chunks` with each race suppressed by a ksv-ignore comment
  modules     N modules in one chunk (no separators), a kernel each
  calls       one module of N kernels, each calling its own helper
              function (inlined: the helper is not a kernel)
  halves      one module of N lone AIV halves (@k<i>_mix_aiv, no AIC)
  mix         one module of N MIX pairs (@mm<i>_mix_aic/_mix_aiv, the
              kernel of corpus/matmul_epilogue/ok.mlir; clean)
  repeat      N copies of FILE (a corpus kernel) as `// -----` chunks
  loop        one kernel whose scf.for runs N iterations of a load and a
              vrelu of one UB buffer, none synchronized: unrolled, about
              2 N^2 racing instance pairs of two statements (the SMT
              engine's memory under --max-memory-mb, issue 21)
  branches    corpus/runtime_branch/ok.mlir with its loop run N times and
              its branch condition a new run-time value in each iteration
              (arg + iv != 0): counts of flag events under 2N branch
              literals (the SMT engine's memory, issue 21; clean)
  pairs       one kernel of N loads and N vrelus of one UB buffer, none
              synchronized: about 2 N^2 racing statement pairs, each a
              finding (tests/memory_test.sh: findings quadratic in the
              input's size)
"""
import os
import sys

KERNEL = '''  func.func @{name}(%arg0: memref<?xf16, #hivm.address_space<gm>>) attributes {{hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>}} {{
    %c0_i64 = arith.constant 0 : i64
    %ub = hivm.hir.pointer_cast(%c0_i64) : memref<128xf16, #hivm.address_space<ub>>
    %xs = memref.subview %arg0[0] [128] [1] : memref<?xf16, #hivm.address_space<gm>> to memref<128xf16, strided<[1]>, #hivm.address_space<gm>>
    hivm.hir.load ins(%xs : memref<128xf16, strided<[1]>, #hivm.address_space<gm>>) outs(%ub : memref<128xf16, #hivm.address_space<ub>>)
{sync}    {use}
    return
  }}
'''
VRELU = ('hivm.hir.vrelu ins(%ub : memref<128xf16, #hivm.address_space<ub>>) '
         'outs(%ub : memref<128xf16, #hivm.address_space<ub>>)')
SYNC = ('    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]\n'
        '    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]\n')
HELPER = '''  func.func @h{i}(%a: memref<128xf16, #hivm.address_space<ub>>) {{
    hivm.hir.vrelu ins(%a : memref<128xf16, #hivm.address_space<ub>>) outs(%a : memref<128xf16, #hivm.address_space<ub>>)
    return
  }}
'''
CALL = ('func.call @h{i}(%ub) : (memref<128xf16, '
        '#hivm.address_space<ub>>) -> ()')
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')


IGNORE = '// ksv-ignore[race]: the shape of issue 21\n    '


def kernel(name, bug=True, use=VRELU):
    return KERNEL.format(name=name, sync='' if bug else SYNC, use=use)


def chunks(texts):
    return '\n// -----\n'.join('module {\n' + t + '}\n' for t in texts)


def mix_pairs(n):
    lines = open(os.path.join(ROOT, 'corpus/matmul_epilogue/ok.mlir')).read()
    body = '\n'.join(lines.split('\n')[8:93]) + '\n'  # the two functions
    return 'module {\n' + ''.join(body.replace('@mm_epi_', '@mm%d_' % i)
                                  for i in range(n)) + '}\n'


def pairs(n):
    load, use = KERNEL.split('\n')[4], '    ' + VRELU
    body = kernel('k0').split('\n')
    return ('module {\n' + '\n'.join(body[:4] + [load, use] * n + body[6:])
            + '}\n')


def loop(n):
    load, use = KERNEL.split('\n')[4], VRELU
    body = kernel('k0').split('\n')
    head = ('    %c0 = arith.constant 0 : index\n'
            '    %c1 = arith.constant 1 : index\n'
            '    %cn = arith.constant {} : index\n'
            '    scf.for %i = %c0 to %cn step %c1 {{\n'.format(n))
    return ('module {\n' + '\n'.join(body[:4]) + '\n' + head + '  ' + load
            + '\n      ' + use + '\n    }\n' + '\n'.join(body[6:]) + '}\n')


def branches(n):
    src = open(os.path.join(ROOT, 'corpus/runtime_branch/ok.mlir')).read()
    src = src.replace('%c2 = arith.constant 2 : index',
                      '%c2 = arith.constant {} : index'.format(n))
    src = src.replace('memref<256xf16', 'memref<{}xf16'.format(128 * n))
    src = src.replace('    %has_res = arith.cmpi ne, %arg3, %c0_i32 : i32\n', '')
    return src.replace(
        '      %off = arith.muli %t, %c128 : index\n',
        '      %off = arith.muli %t, %c128 : index\n'
        '      %ti = arith.index_cast %t : index to i32\n'
        '      %v = arith.addi %arg3, %ti : i32\n'
        '      %has_res = arith.cmpi ne, %v, %c0_i32 : i32\n')


def shape(name, n, bug, path):
    if name == 'module':
        return 'module {\n' + ''.join(kernel('k%d' % i, bug)
                                      for i in range(n)) + '}\n'
    if name == 'chunks':
        return chunks(kernel('k%d' % i, bug) for i in range(n))
    if name == 'same':
        return chunks(kernel('k0', bug) for i in range(n))
    if name == 'ignored':
        return chunks(kernel('k%d' % i, bug, IGNORE + VRELU)
                      for i in range(n))
    if name == 'same-mixed':
        return chunks(kernel('k0', bug and i % 2 == 0) for i in range(n))
    if name == 'modules':
        return ''.join('module {\n' + kernel('k%d' % i, bug) + '}\n'
                       for i in range(n))
    if name == 'calls':
        return 'module {\n' + ''.join(
            HELPER.format(i=i) + kernel('c%d' % i, bug, CALL.format(i=i))
            for i in range(n)) + '}\n'
    if name == 'halves':
        return 'module {\n' + ''.join(kernel('k%d_mix_aiv' % i, bug)
                                      for i in range(n)) + '}\n'
    if name == 'mix':
        return mix_pairs(n)
    if name == 'pairs':
        return pairs(n)
    if name == 'loop':
        return loop(n)
    if name == 'branches':
        return branches(n)
    if name == 'repeat':
        return '\n// -----\n'.join(open(path).read() for i in range(n))
    raise SystemExit('shapes.py: unknown shape %s' % name)


def main():
    args = [a for a in sys.argv[1:] if a != '--clean']
    if len(args) < 2:
        raise SystemExit(__doc__)
    sys.stdout.write(shape(args[0], int(args[1]), '--clean' not in sys.argv,
                           args[2] if len(args) > 2 else None))


if __name__ == '__main__':
    main()
