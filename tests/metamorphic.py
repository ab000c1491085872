#!/usr/bin/env python3
"""Metamorphic tests over the corpus (issue #9).

Each corpus file is rewritten into equivalent kernels; ksv must give the
same *error* findings (rule and location, mapped back to the original
line and column) on every rewrite:

  rename    every SSA value and every function renamed (the _mix_aic /
            _mix_aiv suffixes kept: they pair the functions of a kernel)
  reformat  indentation changed, blank lines, comment lines and trailing
            comments added
  reorder   adjacent independent statements swapped: two scalar or view
            statements neither of which uses the other's results, or two
            data ops on different pipes with no sync between them and no
            SSA value in common
  dupsync   every pipe_barrier doubled (the copy is redundant)

and adding a sync never adds a race:

  addsync   a pipe_barrier[<PIPE_ALL>] inserted before every other HIVM
            data op: the race, pipe-hazard and xcore-race findings are a
            subset of the original ones (a new deadlock is possible)

usage: metamorphic.py KSV SOURCE_ROOT [FILE...]
Environment: KSV_META_JOBS (parallel ksv runs, default 2), KSV_META_STRIDE
(every Nth corpus file, default 1: all; scripts/sanitize.sh uses 4).
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

KSV = sys.argv[1]
ROOT = sys.argv[2]
FILES = sys.argv[3:]
ARGS = ["--no-redundant", "--format", "json"]
RACES = {"race", "pipe-hazard", "xcore-race"}

SSA = re.compile(r"%([A-Za-z_$.0-9-][A-Za-z_$.0-9-]*)")
SYM = re.compile(r"@([A-Za-z_$.][A-Za-z_$.0-9-]*)")
SYNC = ("set_flag", "wait_flag", "pipe_barrier", "sync_block", "barrier")


def check(path):
    """ksv's error findings: {(rule, line, col)}, with the exit code."""
    p = subprocess.run([KSV, "check"] + ARGS + [path], capture_output=True,
                       text=True, timeout=600)
    doc = json.loads(p.stdout)
    out = set()
    for f in doc["files"]:
        for d in f["diagnostics"]:
            if d["severity"] == "error":
                out.add((d["rule"], d["line"], d["column"]))
    return out, p.returncode


def split_code(line):
    """(code, comment) of a line; '//' inside a string is rare enough in
    HIVM to ignore, but keep it: only split outside double quotes."""
    q = False
    for i, c in enumerate(line):
        if c == '"':
            q = not q
        elif not q and line.startswith("//", i):
            return line[:i], line[i:]
    return line, ""


# --------------------------------------------------------------- rewrites
# Each returns (text, linemap) where linemap[new_line] = (old_line,
# column delta) for the lines that came from the original.

def identity_map(lines):
    return {i + 1: (i + 1, 0) for i in range(len(lines))}


def rename(lines):
    names, syms = {}, {}

    def ssa(m):
        n = m.group(1)
        if n not in names:
            names[n] = "v%d" % len(names)
        return "%" + names[n]

    def sym(m):
        n = m.group(1)
        for suf in ("_mix_aic", "_mix_aiv"):
            if n.endswith(suf):
                base = n[: -len(suf)]
                if base not in syms:
                    syms[base] = "k%d" % len(syms)
                return "@" + syms[base] + suf
        if n not in syms:
            syms[n] = "k%d" % len(syms)
        return "@" + syms[n]

    out = []
    for ln in lines:
        code, com = split_code(ln)
        out.append(SYM.sub(sym, SSA.sub(ssa, code)) + com)
    # columns move: compare lines only for this rewrite (see main)
    return out, identity_map(lines)


def reformat(lines):
    out, lm = [], {}
    for i, ln in enumerate(lines):
        code, com = split_code(ln)
        stripped = code.lstrip(" ")
        indent = len(code) - len(stripped)
        if not stripped.strip():
            out.append(ln)
            lm[len(out)] = (i + 1, 0)
            continue
        if i % 3 == 0:
            out.append("")
        if i % 4 == 1:
            out.append("   // metamorphic: a comment line")
        new_indent = indent * 2 + 1
        out.append(" " * new_indent + stripped.rstrip() +
                   ("   // trailing" if not com else "  " + com))
        lm[len(out)] = (i + 1, new_indent - indent)
    return out, lm


def defs_uses(code):
    """SSA names defined (left of '=') and used by a one-line statement."""
    s = code.strip()
    m = re.match(r"^((?:%[^=]+?,\s*)*%[^=]+?)\s*=\s*", s)
    defs, rest = set(), s
    if m:
        defs = set(SSA.findall(m.group(1)))
        rest = s[m.end():]
    return defs, set(SSA.findall(rest))


def kind(code):
    s = code.strip()
    body = re.sub(r"^((?:%[^=]+?,\s*)*%[^=]+?)\s*=\s*", "", s)
    op = body.split("[")[0].split("(")[0].split(" ")[0]
    if not op:
        return None, op
    if any(k in op for k in SYNC):
        return "sync", op
    if op.startswith("arith.") or op in ("hivm.hir.pointer_cast",) or \
            op.startswith("memref.subview") or op.startswith("memref.reinterpret"):
        return "pure", op
    if op.startswith("hivm.hir.") and not op.startswith("hivm.hir.get_"):
        return "data", op
    return None, op


PIPE_OF = {"load": "MTE2", "nd2nz": "MTE2", "store": "MTE3",
           "fixpipe": "FIX", "mmad": "M", "copy": None}


def pipe(op):
    o = op[len("hivm.hir."):]
    if o in PIPE_OF:
        return PIPE_OF[o]
    if o.startswith("v"):
        return "V"
    return None


def one_line(code):
    return code.count("(") == code.count(")") and \
        code.count("{") == 0 and code.count("}") == 0 and \
        code.count("[") == code.count("]")


VIEWS = ("memref.subview", "memref.reinterpret_cast", "memref.cast",
         "memref.collapse_shape", "memref.expand_shape", "memref.view",
         "memref.memory_space_cast", "tensor.extract_slice",
         "bufferization.to_tensor", "memref_ext.alloc_workspace")


def view_roots(lines):
    """SSA name -> the name it is a view of (subviews, casts, tensors of
    memrefs, workspace slices), followed to the first one: two data ops
    on views of one buffer may touch common bytes."""
    root = {}
    for ln in lines:
        code, _ = split_code(ln)
        d, u = defs_uses(code)
        body = re.sub(r"^((?:%[^=]+?,\s*)*%[^=]+?)\s*=\s*", "",
                      code.strip())
        if len(d) == 1 and body.startswith(VIEWS):
            src = SSA.findall(body)
            if src:
                (name,) = d
                root[name] = root.get(src[0], src[0])
    return root


def reorder(lines):
    out = list(lines)
    lm = identity_map(lines)
    roots = view_roots(lines)

    def rooted(names):
        return {roots.get(n, n) for n in names}

    i, swaps = 0, 0
    while i + 1 < len(out):
        a, _ = split_code(out[i])
        b, _ = split_code(out[i + 1])
        ka, oa = kind(a)
        kb, ob = kind(b)
        ok = False
        if ka and kb and one_line(a) and one_line(b) and \
                a.strip() and b.strip() and "unit_flag" not in a + b:
            da, ua = defs_uses(a)
            db, ub = defs_uses(b)
            indep = not (da & ub) and not (db & ua) and not (da & db)
            if ka == "pure" and kb == "pure":
                ok = indep
            elif ka == "data" and kb == "data":
                pa, pb = pipe(oa), pipe(ob)
                ok = indep and pa and pb and pa != pb and \
                    not (rooted(ua | da) & rooted(ub | db))
        if ok:
            out[i], out[i + 1] = out[i + 1], out[i]
            lm[i + 1], lm[i + 2] = lm[i + 2], lm[i + 1]
            swaps += 1
            i += 2
        else:
            i += 1
    return out, lm


def dupsync(lines):
    out, lm = [], {}
    for i, ln in enumerate(lines):
        out.append(ln)
        lm[len(out)] = (i + 1, 0)
        code, _ = split_code(ln)
        if re.match(r"^\s*hivm\.hir\.pipe_barrier\[<PIPE_[A-Z0-9]+>\]\s*$", code):
            out.append(code.rstrip() + "  // metamorphic: redundant copy")
            # the copy stands for its original: a barrier that is itself
            # an error (invalid-sync on PIPE_S) is one in the copy too
            lm[len(out)] = (i + 1, 0)
    return out, lm


def addsync(lines):
    out, lm, n = [], {}, 0
    mix = any("func_core_type<MIX>" in ln for ln in lines)
    for i, ln in enumerate(lines):
        code, _ = split_code(ln)
        k, op = kind(code)
        if not mix and k == "data" and one_line(code) and \
                code.strip().startswith("hivm.hir."):
            n += 1
            if n % 2 == 0:
                ind = code[: len(code) - len(code.lstrip())]
                out.append(ind + "hivm.hir.pipe_barrier[<PIPE_ALL>]")
        out.append(ln)
        lm[len(out)] = (i + 1, 0)
    return out, lm


REWRITES = [("rename", rename), ("reformat", reformat),
            ("reorder", reorder), ("dupsync", dupsync),
            ("addsync", addsync)]


def mapped(found, lm, cols=True):
    res = set()
    for rule, line, col in found:
        if line in lm:
            ol, delta = lm[line]
            res.add((rule, ol, col - delta if cols else 0))
        else:
            res.add((rule, -line, col))  # on an inserted line
    return res


def run_file(path, tmpdir):
    fails = []
    lines = open(path, encoding="utf-8").read().split("\n")
    base, rc0 = check(path)
    if rc0 > 1:
        return fails  # not decided (or bad): nothing to compare
    for name, fn in REWRITES:
        new, lm = fn(lines)
        if new == lines:
            continue
        dst = os.path.join(tmpdir, "%s.%s.mlir" % (
            os.path.basename(os.path.dirname(path)) + "_" +
            os.path.basename(path)[:-5], name))
        with open(dst, "w", encoding="utf-8") as f:
            f.write("\n".join(new))
        got, rc = check(dst)
        cols = name != "rename"
        want = {(r, l, c if cols else 0) for r, l, c in base}
        have = mapped(got, lm, cols)
        if name == "addsync":
            extra = {x for x in have if x[0] in RACES} - \
                {x for x in want if x[0] in RACES}
            if extra or rc > 3:
                fails.append("%s [%s]: new races %s" % (path, name,
                                                        sorted(extra)))
        elif have != want or rc != rc0:
            fails.append("%s [%s]: exit %d (was %d); lost %s; new %s" % (
                path, name, rc, rc0, sorted(want - have),
                sorted(have - want)))
    return fails


def main():
    files = FILES or sorted(
        os.path.join(d, f) for d, _, fs in os.walk(os.path.join(ROOT, "corpus"))
        for f in fs if f.endswith(".mlir"))
    jobs = int(os.environ.get("KSV_META_JOBS", "2"))
    files = files[::max(1, int(os.environ.get("KSV_META_STRIDE", "1")))]
    with tempfile.TemporaryDirectory() as tmp:
        with ThreadPoolExecutor(jobs) as ex:
            results = list(ex.map(lambda p: run_file(p, tmp), files))
    fails = [f for r in results for f in r]
    for f in fails:
        print("FAIL " + f)
    print("metamorphic: %d files x %d rewrites, %d failures" %
          (len(files), len(REWRITES), len(fails)))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
