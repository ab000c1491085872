#!/usr/bin/env python3
"""docex.py HIVMDialect.md OUT.mlir: every example of the dialect reference
(```mlir blocks that are not grammar or attribute syntax) wrapped into a
function of its own; the values it uses but does not define become the
function's arguments, typed by their first `%v : T` or `%v: T` in the example
(index otherwise).  One `// -----` chunk per example."""
import re, sys
text = open(sys.argv[1]).read()
blocks = re.findall(r'```mlir\n(.*?)```', text, re.S)
out = []
def balanced_type(s, i):
    """the type starting at s[i] (memref<...>, tensor<...>, i32, ...)"""
    j, depth = i, 0
    while j < len(s):
        c = s[j]
        if c == '<': depth += 1
        elif c == '>': depth -= 1
        elif depth == 0 and c in ',) \n': break
        j += 1
    return s[i:j]
n = 0
for b in blocks:
    if 'operation ::=' in b or '::mlir::' in b or b.strip().startswith('#hivm.'):
        continue
    defined = set(re.findall(r'(%[\w$.-]+)(?::\d+)?\s*(?:,\s*%[\w$.-]+\s*)*=', b))
    for m in re.finditer(r'(%[\w$.-]+)\s*(?:,\s*%[\w$.-]+\s*)*=', b):
        defined |= set(re.findall(r'%[\w$.-]+', m.group(0)))
    used = []
    for v in re.findall(r'%[\w$.-]+', b):
        if v not in defined and v not in used:
            used.append(v)
    args = []
    for v in used:
        m = re.search(re.escape(v) + r'\s*:\s*', b)
        ty = balanced_type(b, m.end()) if m else 'index'
        if not ty or ty[0] in '[(':
            ty = 'index'
        args.append('%s: %s' % (v, ty))
    n += 1
    body = '\n'.join('  ' + l for l in b.rstrip().split('\n'))
    out.append('func.func @doc_example_%d(%s) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {\n%s\n  return\n}\n' % (n, ', '.join(args), body))
open(sys.argv[2], 'w').write('// -----\n'.join(out))
print(n)
