#!/usr/bin/env python3
"""mutate.py -- structure-aware mutation fuzzing of the ksv command line
(issue 21, point 4; docs/ci.md, "ksv's own CI").

Each input is a corpus kernel (corpus/*/*.mlir, corpus/*/*.cpp: HIVM MLIR
and Ascend C) with one to six mutations stacked, at the level of tokens
and lines:

  op        an op name swapped for another of the same language (HIVM:
            frontend/hivm/fe_ops.def and the corpus; C++: the API table
            of frontend/ascendc/fe_asc_api.c and the corpus's calls)
  enum      a pipe, event id, core, HardEvent or other enum token swapped
            (PIPE_V -> PIPE_MTE2, <EVENT_ID1> -> <EVENT_ID7>, <CUBE> ->
            <VECTOR>, HardEvent::MTE2_V -> HardEvent::FIX_M, ...)
  number    a literal (constants, `flag = N`, shapes, template arguments)
            replaced: 0, 1, -1, 2^31, 2^32, 2^63-1, INT64_MIN, 2^64-1, n+1,
            -n, ...
  ident     a use of an SSA value / C++ variable swapped for another name
  line      a line duplicated, deleted, moved, or swapped with the next
  splice    lines, or a whole function, from another kernel; or another
            kernel appended as a `// -----` chunk
  nest      a balanced run of statements wrapped in an extra loop (trip
            counts 1..4, 0, huge, negative steps, block-index bounds) or
            branch (constant or block-index condition)
  sync      a sync statement dropped, moved, or added (set_flag,
            wait_flag, pipe_barrier, sync_block_set, sync_block_wait and
            their Ascend C spellings), or a matching set/wait pair added
  byte      rarely, a byte flipped, inserted or deleted, or a cut

and every input goes through the command line with small budgets:

  ksv check --engine graph   every report format at once (--format F -o,
                             --report for the others): JSON parses and
                             validates against docs/report.schema.json
                             (when python3-jsonschema is there), SARIF
                             parses, JUnit is well-formed XML, HTML is
                             whole; the exit status agrees with the report
  ksv check --engine smt     when the graph engine calls the file clean
                             (and on a fifth of the others)
  ksv fix -o TMP             and, when it says it fixed everything, ksv
                             check of its output must be clean
  ksv sim --runs 20
  ksv dump, ksv export       on a tenth of the inputs

The oracle: every exit status in {0,1,2,3} (no signal, no sanitizer report,
exit 86), no run past --timeout (a run that times out is run again with
three times the timeout: done then it is `slow`, else a `hang`), exit 2
only with a located `FILE:LINE:COL: error:` line (`ksv fix --format json`:
or a bad-input finding at a line and column in its JSON, which it prints
in place of the text); and a file whose every
kernel the graph engine decides without an error finding (verdict clean,
or warnings only; not `unknown`, not `(bounded)`: a proof for the first
iterations or trip counts only) must show no dynamic error in `ksv sim
--runs 20` (count flag model only: under --flag-model bit the simulator
differs by design, docs/simulator.md) and no error under `--engine smt`
where that decides (exit 0 or 1; tests/engines_corpus.sh compares the
same way).  A simulated deadlock only because an issue queue was full (the
static model assumes unbounded queues, docs/simulator.md "Cost table") is
run again with `queue_depth = 0` and, gone then, counted as
`sim-queue`, not a failure.

Input I of seed S is a function of (S, I) and the source tree only
(random.Random("S:I")), so `--seed S --emit I FILE` writes it again.

usage:
  mutate.py --ksv KSV [--root DIR] [--seed S] [--seconds T] [--count N]
            [--jobs J] [--timeout SECS] [--out DIR] [--minimize]
            [--seeds DIR]...                       a campaign
  mutate.py --ksv KSV --replay FILE|DIR...         the oracle on given files
            (tests/fuzz/regress: each must pass; tests/fuzz/known.txt's
            files are expected to fail and are reported, never failing)
  mutate.py [--root DIR] --seed S --emit I FILE    write input I
  mutate.py --self-test [--root DIR]               the oracle against a
            fake ksv that crashes, hangs, writes bad reports, disagrees;
            and determinism across processes

Exit status: 0 nothing found, 1 a failure (each one saved in --out with a
.log beside it saying what ran and what happened), 2 usage.
"""
import argparse
import hashlib
import html.parser
import importlib.util
import json
import math
import queue
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))

# ------------------------------------------------------------ vocabulary

PIPES = ['PIPE_S', 'PIPE_V', 'PIPE_M', 'PIPE_MTE1', 'PIPE_MTE2',
         'PIPE_MTE3', 'PIPE_FIX', 'PIPE_ALL']
PIPES_ODD = ['PIPE_V2', 'PIPE_MTE4', 'PIPE_UNKNOWN']
HE_PIPES = ['S', 'V', 'M', 'MTE1', 'MTE2', 'MTE3', 'FIX']
CORES = ['CUBE', 'VECTOR']
CORE_TYPES = ['AIV', 'AIC', 'MIX']
INT_EDGE = ['0', '1', '-1', '2', '3', '7', '8', '15', '16', '17', '31',
            '32', '63', '64', '127', '128', '255', '256', '1024', '4096',
            '65535', '65536', '65537', '2147483647', '2147483648',
            '-2147483648', '-2147483649', '4294967295', '4294967296',
            '9223372036854775807', '-9223372036854775808',
            '9223372036854775808', '-9223372036854775807',
            '18446744073709551615', '18446744073709551616',
            '1099511627776']

HIVM_OP_RE = re.compile(
    r'\b(?:hivm\.hir|arith|scf|memref|func|cf|annotation|math|tensor|'
    r'bufferization|scope)\.[a-z_0-9]+\b')
ENUM_RE = re.compile(r'<([A-Z][A-Z_0-9]*)>')
PIPE_RE = re.compile(r'\bPIPE_[A-Z0-9]+\b')
EVENT_RE = re.compile(r'\bEVENT_ID\d+\b')
HARDEVENT_RE = re.compile(r'\bHardEvent::([A-Z0-9]+)_([A-Z0-9]+)\b')
NUM_RE = re.compile(r'(?<![\w.%#@$])-?\d+(?![\w.])')
SHAPE_RE = re.compile(r'(?<=[<x])\d+(?=x)')
SSA_RE = re.compile(r'%([A-Za-z_$.0-9-]+)')
SSA_DEF_RE = re.compile(r'^\s*(%[A-Za-z_$.0-9-]+)(?::\d+)?\s*=')
CPP_CALL_RE = re.compile(r'\b([A-Za-z_][A-Za-z0-9_]*)\s*(?=(?:<[^<>()]*>)?\s*\()')
CPP_IDENT_RE = re.compile(r'\b[a-z_][A-Za-z0-9_]*\b')
SYNC_RE = re.compile(
    r'\b(?:set_flag|wait_flag|pipe_barrier|sync_block_set|sync_block_wait|'
    r'sync_block|SetFlag|WaitFlag|PipeBarrier|CrossCoreSetFlag|'
    r'CrossCoreWaitFlag|SyncAll|SET_FLAG|WAIT_FLAG|PIPE_BARRIER|'
    r'ffts_cross_core_sync|wait_flag_dev)\b')
CPP_KEYWORDS = {'if', 'for', 'while', 'return', 'sizeof', 'switch',
                'static_cast', 'reinterpret_cast', 'const_cast', 'int',
                'int32_t', 'int64_t', 'uint32_t', 'uint64_t', 'uint8_t',
                'uint16_t', 'half', 'float', 'void', 'auto', 'const',
                'constexpr', 'inline', 'using', 'namespace', 'class',
                'struct', 'public', 'private', 'template', 'typename',
                'event_t', 'bool', 'true', 'false', 'else', 'do', 'case',
                'break', 'continue', 'default', 'new', 'delete', 'this',
                'extern', 'static', 'volatile', 'unsigned', 'signed',
                'char', 'short', 'long', 'double', 'operator'}


def read(path, mode='r'):
    with open(path, mode) as f:
        return f.read()


class Vocab:
    """What the mutations draw from, read from the source tree and the
    seeds (sorted: nothing depends on hash order)."""

    def __init__(self, root, seeds):
        hivm_ops, enums, calls, cce = set(), set(), set(), set()
        ops_def = os.path.join(root, 'frontend', 'hivm', 'fe_ops.def')
        if os.path.exists(ops_def):
            for m in re.finditer(r'X\(\w+,\s*"([a-z_]+\.[a-z_0-9.]+)"',
                                 read(ops_def)):
                hivm_ops.add(m.group(1))
        api = os.path.join(root, 'frontend', 'ascendc', 'fe_asc_api.c')
        if os.path.exists(api):
            for m in re.finditer(r'\{"([A-Za-z_][A-Za-z0-9_]*)", FE_API',
                                 read(api)):
                (cce if m.group(1)[0].islower() else calls).add(m.group(1))
        for path, lang, text in seeds:
            if lang == 'hivm':
                hivm_ops.update(HIVM_OP_RE.findall(text))
                enums.update(ENUM_RE.findall(text))
            else:
                for m in CPP_CALL_RE.finditer(text):
                    n = m.group(1)
                    if n in CPP_KEYWORDS:
                        continue
                    (calls if n[0].isupper() else cce).add(n)
        enums.update(PIPES + CORES + CORE_TYPES +
                     ['EVENT_ID%d' % i for i in range(8)])
        self.hivm_ops = sorted(hivm_ops)
        self.enums = sorted(enums)
        self.calls = sorted(calls)
        self.cce = sorted(cce)


# --------------------------------------------------------------- helpers

def split_code(line):
    """(code, comment) of a line: `//` outside double quotes."""
    q = False
    i = 0
    while i < len(line):
        c = line[i]
        if c == '\\' and q:
            i += 2
            continue
        if c == '"':
            q = not q
        elif not q and line.startswith('//', i):
            return line[:i], line[i:]
        i += 1
    return line, ''


def brace_info(lines):
    """Per line: (depth before it, change over it, lowest depth inside it
    relative to its start)."""
    out = []
    d = 0
    for ln in lines:
        code = split_code(ln)[0]
        start, low, cur, q = d, 0, 0, False
        for c in code:
            if c == '"':
                q = not q
            elif q:
                continue
            elif c == '{':
                cur += 1
            elif c == '}':
                cur -= 1
                low = min(low, cur)
        out.append((start, cur, low))
        d += cur
    return out


def indent_of(line):
    return line[:len(line) - len(line.lstrip())]


def is_stmt(line, depth, lang):
    code = split_code(line)[0].strip()
    if not code or depth < 1 or '{' in code or '}' in code:
        return False
    if lang == 'hivm':
        return code.startswith(('%', 'hivm.', 'memref.', 'annotation.'))
    return code.endswith(';') and ('(' in code or '=' in code) and \
        not code.startswith(('#', 'using', 'constexpr', 'return', 'template'))


def stmt_lines(lines, lang):
    info = brace_info(lines)
    return [i for i, ln in enumerate(lines) if is_stmt(ln, info[i][0], lang)]


def balanced_range(rng, lines, lang, tries=12):
    """A run [i, j] of lines starting at a statement that stays inside its
    block and closes every brace it opens; (None, None) if none found."""
    info = brace_info(lines)
    starts = [i for i, ln in enumerate(lines) if is_stmt(ln, info[i][0], lang)]
    if not starts:
        return None, None
    for _ in range(tries):
        i = rng.choice(starts)
        ends = []
        d = 0
        for j in range(i, min(len(lines), i + 60)):
            code = split_code(lines[j])[0].strip()
            if lang == 'hivm' and code.startswith(('func.func', 'module')):
                break
            if d + info[j][2] < 0:
                break
            d += info[j][1]
            if d == 0 and code:
                ends.append(j)
        if ends:
            return i, rng.choice(ends[:12])
    return None, None


def pick_match(rng, lines, regex, group=0):
    """A random match of REGEX in the code of LINES: (line, start, end)."""
    found = []
    for i, ln in enumerate(lines):
        code = split_code(ln)[0]
        for m in regex.finditer(code):
            found.append((i, m.start(group), m.end(group)))
    return rng.choice(found) if found else None


def replace_at(lines, hit, new):
    i, s, e = hit
    lines[i] = lines[i][:s] + new + lines[i][e:]


def interesting_int(rng, old=None):
    r = rng.random()
    if old is not None and r < 0.35:
        try:
            n = int(old)
        except ValueError:
            n = 1
        return str(rng.choice([n + 1, n - 1, 2 * n, -n, n // 2, n * 1024,
                               n + 2 ** 31, n - 2 ** 63]))
    if r < 0.85:
        return rng.choice(INT_EDGE)
    return str(rng.randrange(-300, 70000))


def ssa_defs(lines):
    out = []
    for ln in lines:
        m = SSA_DEF_RE.match(split_code(ln)[0])
        if m:
            out.append(m.group(1))
    return out


def functions(lines, lang):
    """[(first, last)] line ranges of the top-level functions."""
    info = brace_info(lines)
    out = []
    i = 0
    while i < len(lines):
        code = split_code(lines[i])[0]
        head = ('func.func' in code) if lang == 'hivm' else \
            ('__aicore__' in code or '__global__' in code) and '(' in code
        if head:
            d = 0
            for j in range(i, min(len(lines), i + 4000)):
                d += info[j][1]
                if d <= 0 and j > i or (d == 0 and '{' in lines[j]):
                    out.append((i, j))
                    i = j
                    break
        i += 1
    return out


# ------------------------------------------------------------- mutations

class Mutator:
    def __init__(self, vocab, seeds):
        self.v = vocab
        self.by_lang = {'hivm': [s for s in seeds if s[1] == 'hivm'],
                        'cpp': [s for s in seeds if s[1] == 'cpp']}
        self.ops = [
            (self.m_op, 10), (self.m_enum, 14), (self.m_number, 14),
            (self.m_ident, 6), (self.m_line, 10), (self.m_splice, 6),
            (self.m_nest, 12), (self.m_sync_drop, 8), (self.m_sync_move, 5),
            (self.m_sync_add, 8), (self.m_sync_pair, 10), (self.m_byte, 2)]
        # mutations that add order or structure but (mostly) no bug: on a
        # correct kernel they give inputs the oracle can compare
        self.benign = [(self.m_sync_pair, 10), (self.m_nest_small, 10),
                       (self.m_barrier_add, 6), (self.m_chunk_ok, 2)]

    def mutate(self, rng, text, lang, benign=False):
        lines = text.split('\n')
        if lines and lines[-1] == '':
            lines.pop()
        done = []
        n = 1
        while n < 6 and rng.random() < 0.5:
            n += 1
        ops = self.benign if benign else self.ops
        total = sum(w for _, w in ops)
        for _ in range(n):
            for _attempt in range(6):
                r = rng.random() * total
                for fn, w in ops:
                    r -= w
                    if r < 0:
                        break
                name = fn(rng, lines, lang)
                if name:
                    done.append(name)
                    break
        return '\n'.join(lines) + '\n', done

    # -- tokens
    def m_op(self, rng, lines, lang):
        if lang == 'hivm':
            hit = pick_match(rng, lines, HIVM_OP_RE)
            if not hit:
                return None
            old = lines[hit[0]][hit[1]:hit[2]]
            same = [o for o in self.v.hivm_ops
                    if o.split('.')[0] == old.split('.')[0] and o != old]
            pool = same if same and rng.random() < 0.8 else self.v.hivm_ops
            replace_at(lines, hit, rng.choice(pool))
            return 'op'
        hit = pick_match(rng, lines, CPP_CALL_RE, 1)
        if not hit:
            return None
        old = lines[hit[0]][hit[1]:hit[2]]
        if old in CPP_KEYWORDS:
            return None
        pool = self.v.calls if old[0].isupper() else self.v.cce
        if not pool:
            return None
        replace_at(lines, hit, rng.choice(pool))
        return 'op'

    def m_enum(self, rng, lines, lang):
        kinds = [PIPE_RE, EVENT_RE]
        kinds += [ENUM_RE] if lang == 'hivm' else [HARDEVENT_RE]
        regex = rng.choice(kinds)
        hit = pick_match(rng, lines, regex)
        if not hit:
            return None
        old = lines[hit[0]][hit[1]:hit[2]]
        if regex is PIPE_RE:
            new = rng.choice(PIPES if rng.random() < 0.95 else PIPES_ODD)
        elif regex is EVENT_RE:
            new = 'EVENT_ID%d' % (rng.randrange(8) if rng.random() < 0.9
                                  else rng.choice([8, 9, 15, 16, 255]))
        elif regex is HARDEVENT_RE:
            a, b = rng.choice(HE_PIPES), rng.choice(HE_PIPES)
            new = 'HardEvent::%s_%s' % (a, b)
        else:
            inner = old[1:-1]
            if inner.startswith('EVENT_ID'):
                new = '<EVENT_ID%d>' % rng.randrange(10)
            elif inner.startswith('PIPE_'):
                new = '<%s>' % rng.choice(PIPES)
            elif inner in CORES:
                new = '<%s>' % rng.choice(CORES)
            elif inner in CORE_TYPES:
                new = '<%s>' % rng.choice(CORE_TYPES)
            else:
                new = '<%s>' % rng.choice(self.v.enums)
        replace_at(lines, hit, new)
        return 'enum'

    def m_number(self, rng, lines, lang):
        regex = SHAPE_RE if lang == 'hivm' and rng.random() < 0.15 else NUM_RE
        hit = pick_match(rng, lines, regex)
        if not hit:
            return None
        old = lines[hit[0]][hit[1]:hit[2]]
        new = interesting_int(rng, old)
        if regex is SHAPE_RE and new.startswith('-'):
            new = new[1:]
        replace_at(lines, hit, new)
        return 'number'

    def m_ident(self, rng, lines, lang):
        if lang == 'hivm':
            defs = ssa_defs(lines)
            if len(defs) < 2:
                return None
            uses = []
            for i, ln in enumerate(lines):
                code = split_code(ln)[0]
                m0 = SSA_DEF_RE.match(code)
                skip = m0.end() if m0 else 0
                for m in SSA_RE.finditer(code, skip):
                    uses.append((i, m.start(), m.end()))
            if not uses:
                return None
            replace_at(lines, rng.choice(uses), rng.choice(defs))
            return 'ident'
        counts = {}
        for ln in lines:
            for w in CPP_IDENT_RE.findall(split_code(ln)[0]):
                if w not in CPP_KEYWORDS:
                    counts[w] = counts.get(w, 0) + 1
        names = sorted(w for w, c in counts.items() if c >= 2)
        if len(names) < 2:
            return None
        a = rng.choice(names)
        hits = []
        for i, ln in enumerate(lines):
            for m in re.finditer(r'\b%s\b' % re.escape(a), split_code(ln)[0]):
                hits.append((i, m.start(), m.end()))
        replace_at(lines, rng.choice(hits), rng.choice(names))
        return 'ident'

    # -- lines
    def m_line(self, rng, lines, lang):
        if len(lines) < 3:
            return None
        i = rng.randrange(len(lines))
        k = rng.randrange(4)
        if k == 0:
            lines.insert(i, lines[i])
            return 'line-dup'
        if k == 1:
            del lines[i]
            return 'line-del'
        if k == 2:
            ln = lines.pop(i)
            lines.insert(rng.randrange(len(lines) + 1), ln)
            return 'line-move'
        if i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
            return 'line-swap'
        return None

    def donor(self, rng, lang):
        pool = self.by_lang[lang]
        if not pool or rng.random() < 0.05:
            pool = self.by_lang['cpp' if lang == 'hivm' else 'hivm'] or pool
        return rng.choice(pool)

    def m_splice(self, rng, lines, lang):
        path, dlang, text = self.donor(rng, lang)
        dl = text.split('\n')
        k = rng.randrange(3)
        if k == 0:       # a run of lines
            a = rng.randrange(len(dl))
            b = min(len(dl), a + 1 + rng.randrange(8))
            sl = stmt_lines(lines, lang)
            at = rng.choice(sl) if sl else rng.randrange(len(lines) + 1)
            if rng.random() < 0.3 and at < len(lines):
                del lines[at:at + rng.randrange(1, 4)]
            lines[at:at] = dl[a:b]
            return 'splice-lines'
        if k == 1:       # a whole function, placed after one of ours
            fs, ours = functions(dl, dlang), functions(lines, lang)
            if not fs or not ours:
                return None
            a, b = rng.choice(fs)
            at = rng.choice(ours)[1] + 1
            lines[at:at] = dl[a:b + 1]
            return 'splice-func'
        lines.append('// -----')
        lines.extend(dl)
        return 'splice-chunk'

    def m_nest_small(self, rng, lines, lang):
        return self.m_nest(rng, lines, lang, small=True)

    def m_barrier_add(self, rng, lines, lang):
        sl = stmt_lines(lines, lang)
        if not sl:
            return None
        at = rng.choice(sl)
        hint = '\n'.join(lines)
        st = self.sync_stmt(rng, lang, hint, 'barrier')
        seen = sorted(set(PIPE_RE.findall(hint)) - {'PIPE_S'})
        if seen and rng.random() < 0.8:
            st = PIPE_RE.sub(rng.choice(seen + ['PIPE_ALL']), st)
        lines.insert(at, indent_of(lines[at]) + st)
        return 'sync-barrier'

    def m_chunk_ok(self, rng, lines, lang):
        oks = [s for s in self.by_lang[lang]
               if os.path.basename(s[0]).startswith('ok')]
        if not oks:
            return None
        lines.append('// -----')
        lines.extend(rng.choice(oks)[2].split('\n'))
        return 'splice-chunk'

    def m_nest(self, rng, lines, lang, small=False):
        i, j = balanced_range(rng, lines, lang)
        if i is None:
            return None
        if lang == 'hivm':
            defs = ssa_defs(lines[i:j + 1])
            after = '\n'.join(split_code(x)[0] for x in lines[j + 1:])
            if defs and (small or rng.random() < 0.8) and any(
                    re.search(re.escape(d) + r'\b', after) for d in defs):
                return None     # most of the time keep the values in scope
        ind = indent_of(lines[i])
        body = ['  ' + x for x in lines[i:j + 1]]
        tag = 'fz%d' % rng.randrange(10 ** 6)
        r = rng.random()
        if lang == 'hivm':
            if r < 0.6:
                lb, ub, st = '0', str(rng.choice([1, 1, 2, 2, 3, 4])), '1'
                if rng.random() < 0.3 and not small:
                    lb, ub, st = (interesting_int(rng), interesting_int(rng),
                                  rng.choice(['1', '1', '2', '-1', '0',
                                              interesting_int(rng)]))
                head = ['%%%s_lb = arith.constant %s : index' % (tag, lb),
                        '%%%s_st = arith.constant %s : index' % (tag, st)]
                if rng.random() < 0.25:
                    # a trip count known only at run time
                    head += ['%%%s_b = hivm.hir.get_block_idx -> i64' % tag,
                             '%%%s_ub = arith.index_cast %%%s_b : i64 to index'
                             % (tag, tag)]
                else:
                    head += ['%%%s_ub = arith.constant %s : index' % (tag, ub)]
                head.append('scf.for %%%s_i = %%%s_lb to %%%s_ub step %%%s_st {'
                            % (tag, tag, tag, tag))
                name = 'nest-for'
            else:
                if rng.random() < 0.5:
                    head = ['%%%s_a = hivm.hir.get_block_idx -> i64' % tag,
                            '%%%s_b = arith.constant %s : i64'
                            % (tag, rng.choice(['0', '1', '0', '-1'])),
                            '%%%s_c = arith.cmpi %s, %%%s_a, %%%s_b : i64'
                            % (tag, rng.choice(['eq', 'ne', 'sgt', 'ult']),
                               tag, tag)]
                else:
                    head = ['%%%s_a = arith.constant %s : index'
                            % (tag, rng.choice(['0', '1'])),
                            '%%%s_b = arith.constant 0 : index' % tag,
                            '%%%s_c = arith.cmpi eq, %%%s_a, %%%s_b : index'
                            % (tag, tag, tag)]
                head.append('scf.if %%%s_c {' % tag)
                name = 'nest-if'
        else:
            if r < 0.6:
                ty = rng.choice(['int32_t', 'int32_t', 'int64_t', 'uint32_t'])
                lb, ub = '0', str(rng.choice([1, 1, 2, 2, 3, 4]))
                step = '%s++' % tag
                if rng.random() < 0.3 and not small:
                    lb, ub = interesting_int(rng), interesting_int(rng)
                    step = rng.choice(['%s++' % tag, '%s--' % tag,
                                       '%s += %s' % (tag, interesting_int(rng))])
                if rng.random() < 0.25:
                    ub = rng.choice(['GetBlockIdx()', 'GetBlockNum()',
                                     'get_block_idx()'])
                head = ['for (%s %s = %s; %s < %s; %s) {'
                        % (ty, tag, lb, tag, ub, step)]
                name = 'nest-for'
            else:
                cond = rng.choice(['GetBlockIdx() == 0', 'GetBlockIdx() > 0',
                                   'GetSubBlockIdx() == 1', '1', '0',
                                   'get_block_idx() != %s' % interesting_int(rng)])
                head = ['if (%s) {' % cond]
                name = 'nest-if'
        lines[i:j + 1] = [ind + h for h in head] + body + [ind + '}']
        return name

    # -- sync statements
    def sync_stmt(self, rng, lang, text_hint, kind=None, flag=None):
        kind = kind or rng.choice(['set', 'wait', 'barrier', 'bset', 'bwait',
                                   'barrier', 'set', 'wait'])
        ev = rng.randrange(8) if rng.random() < 0.9 else rng.choice([8, 15, 99])
        src, dst = rng.choice(HE_PIPES[1:]), rng.choice(HE_PIPES[1:])
        if flag:
            src, dst, ev = flag
        bflag = rng.randrange(16) if rng.random() < 0.9 else \
            int(interesting_int(rng))
        if lang == 'hivm':
            if kind in ('set', 'wait'):
                return ('hivm.hir.%s_flag[<PIPE_%s>, <PIPE_%s>, <EVENT_ID%d>]'
                        % (kind, src, dst, ev))
            if kind == 'barrier':
                return 'hivm.hir.pipe_barrier[<%s>]' % rng.choice(PIPES)
            return ('hivm.hir.sync_block_%s[<%s>, <PIPE_%s>, <PIPE_%s>] flag = %d'
                    % ('set' if kind == 'bset' else 'wait', rng.choice(CORES),
                       src, dst, bflag))
        cce = 'set_flag(' in text_hint or 'copy_gm_to_ubuf' in text_hint
        if cce and kind in ('set', 'wait', 'barrier') and rng.random() < 0.8:
            if kind == 'barrier':
                return 'pipe_barrier(%s);' % rng.choice(PIPES)
            return '%s_flag(PIPE_%s, PIPE_%s, EVENT_ID%d);' % (kind, src, dst, ev)
        if kind == 'set':
            return 'SetFlag<HardEvent::%s_%s>(EVENT_ID%d);' % (src, dst, ev)
        if kind == 'wait':
            return 'WaitFlag<HardEvent::%s_%s>(EVENT_ID%d);' % (src, dst, ev)
        if kind == 'barrier':
            return 'PipeBarrier<%s>();' % rng.choice(PIPES)
        if kind == 'bset':
            return 'CrossCoreSetFlag<%d, PIPE_%s>(%d);' % (
                rng.choice([0, 1, 2, 2, 4]), src, bflag)
        if rng.random() < 0.2:
            return 'SyncAll();'
        return 'CrossCoreWaitFlag(%d);' % bflag

    def m_sync_drop(self, rng, lines, lang):
        hits = [i for i, ln in enumerate(lines)
                if SYNC_RE.search(split_code(ln)[0])]
        if not hits:
            return None
        del lines[rng.choice(hits)]
        return 'sync-drop'

    def m_sync_move(self, rng, lines, lang):
        hits = [i for i, ln in enumerate(lines)
                if SYNC_RE.search(split_code(ln)[0])]
        if not hits:
            return None
        i = rng.choice(hits)
        ln = lines.pop(i)
        sl = stmt_lines(lines, lang)
        if not sl:
            lines.insert(i, ln)
            return None
        # mostly nearby: a misplaced wait is a few lines off
        near = [k for k in sl if abs(k - i) <= 6] or sl
        at = rng.choice(near if rng.random() < 0.7 else sl)
        lines.insert(at, indent_of(lines[at]) + ln.strip())
        return 'sync-move'

    def m_sync_add(self, rng, lines, lang):
        sl = stmt_lines(lines, lang)
        if not sl:
            return None
        at = rng.choice(sl)
        lines.insert(at, indent_of(lines[at]) +
                     self.sync_stmt(rng, lang, '\n'.join(lines)))
        return 'sync-add'

    def m_sync_pair(self, rng, lines, lang):
        """A set and its wait, in one block, the set first: mostly an
        ordering that changes nothing, so the result stays clean."""
        i, j = balanced_range(rng, lines, lang)
        if i is None:
            return None
        hint = '\n'.join(lines)
        # a pipe pair the kernel already syncs (so both pipes exist on its
        # core) on an event id it does not use, most of the time
        pairs = sorted(set(re.findall(
            r'(?:set_flag\[<PIPE_|set_flag\(PIPE_|HardEvent::)([A-Z0-9]+)'
            r'(?:>, <PIPE_|, PIPE_|_)([A-Z0-9]+)', hint)))
        used = sorted(set(int(x) for x in re.findall(r'EVENT_ID(\d+)', hint)))
        free = [e for e in range(8) if e not in used] or list(range(8))
        if pairs and rng.random() < 0.8:
            a, b = rng.choice(pairs)
            flag = (a, b, rng.choice(free))
        else:
            flag = (rng.choice(HE_PIPES[1:]), rng.choice(HE_PIPES[1:]),
                    rng.randrange(8))
        ind = indent_of(lines[i])
        lines.insert(j + 1, ind + self.sync_stmt(rng, lang, hint, 'wait', flag))
        lines.insert(i, ind + self.sync_stmt(rng, lang, hint, 'set', flag))
        return 'sync-pair'

    def m_byte(self, rng, lines, lang):
        text = bytearray('\n'.join(lines).encode('latin-1', 'replace'))
        if not text:
            return None
        k = rng.randrange(4)
        p = rng.randrange(len(text))
        if k == 0:
            text[p] ^= 1 << rng.randrange(8)
        elif k == 1:
            text[p:p] = bytes([rng.choice(b'{}()[]<>%@,:;=\n"0x-' + bytes([0, 0xff]))])
        elif k == 2:
            del text[p]
        else:
            del text[p:]
        lines[:] = text.decode('latin-1').split('\n')
        return 'byte'


# --------------------------------------------------------------- seeds

def load_seeds(root, extra_dirs):
    files = []
    for d in sorted(os.listdir(os.path.join(root, 'corpus'))):
        full = os.path.join(root, 'corpus', d)
        if not os.path.isdir(full):
            continue
        for f in sorted(os.listdir(full)):
            if f.endswith(('.mlir', '.cpp')):
                files.append(os.path.join(full, f))
    for d in extra_dirs:
        for dp, dn, fn in sorted(os.walk(d)):
            dn.sort()
            for f in sorted(fn):
                if f.endswith(('.mlir', '.cpp', '.asc', '.cce')):
                    files.append(os.path.join(dp, f))
    seeds = []
    for f in files:
        lang = 'hivm' if f.endswith('.mlir') else 'cpp'
        seeds.append((f, lang, read(f, 'rb').decode('latin-1')))
    return seeds


def make_input(seed, index, seeds, mut):
    """Input INDEX of campaign SEED: (text, lang, seed path, mutations,
    run options), a function of (SEED, INDEX) and the tree only."""
    rng = random.Random('%s:%d' % (seed, index))
    # a correct kernel 60% of the time, and 60% of those with benign
    # mutations only: their mutants are the ones the oracle can compare
    # (the graph engine calls them clean more often)
    oks = [s for s in seeds if os.path.basename(s[0]).startswith('ok')]
    pool = oks if oks and rng.random() < 0.6 else seeds
    path, lang, text = rng.choice(pool)
    benign = pool is oks and rng.random() < 0.6
    text, muts = mut.mutate(rng, text, lang, benign)
    opts = draw_options(rng, lang)
    return text, lang, path, muts, opts


def draw_options(rng, lang):
    """The run's options, drawn once per input (so an input replays with
    the same ones)."""
    common = []
    if rng.random() < 0.3:
        common += ['--arch', 'a5']
    bit = rng.random() < 0.1
    if bit:
        common += ['--flag-model', 'bit']
    if lang == 'cpp' and rng.random() < 0.2:
        common += ['--assume-auto-sync', 'on']
    extra = []
    for opt, p in (('--explain', 0.1), ('--no-redundant', 0.2),
                   ('--stats', 0.05), ('--require-complete', 0.05)):
        if rng.random() < p:
            extra.append(opt)
    if rng.random() < 0.1:
        extra += ['--replay', '--sim-runs', '5']
    if rng.random() < 0.1:
        extra += ['--fail-on', 'warning']
    fmt = rng.choice(['text', 'json', 'sarif', 'junit', 'html'])
    return {'common': common, 'extra': extra, 'format': fmt,
            'stdout': rng.random() < 0.5, 'smt': rng.random() < 0.2,
            'dump': rng.random() < 0.1, 'fix_json': rng.random() < 0.5,
            'bit': bit}


def options_from_header(text):
    """The options a regression file's `// fuzz-args:` line gives."""
    common, extra = [], []
    for ln in text.split('\n')[:5]:
        m = re.match(r'\s*//\s*fuzz-args:(.*)', ln)
        if m:
            args = m.group(1).split()
            k = 0
            while k < len(args):
                a = args[k]
                if a in ('--arch', '--flag-model', '--assume-auto-sync'):
                    common += args[k:k + 2]
                    k += 2
                    continue
                extra.append(a)
                k += 1
    return {'common': common, 'extra': extra, 'format': 'text',
            'stdout': True, 'smt': True, 'dump': True, 'fix_json': True,
            'bit': 'bit' in common}


# -------------------------------------------------------------- running

SAN_RE = re.compile(r'runtime error:|AddressSanitizer|LeakSanitizer|'
                    r'UndefinedBehaviorSanitizer|ThreadSanitizer|'
                    r'MemorySanitizer|^==\d+==ERROR', re.M)


class Runner:
    def __init__(self, ksv, timeout, budgets=None):
        self.ksv = ksv
        self.timeout = timeout
        self.asan = b'__asan_init' in read(ksv, 'rb') if os.path.exists(ksv) \
            else False
        self.budgets = budgets or ['--max-instances', '50000',
                                   '--max-memory-mb', '512',
                                   '--timeout-ms', '2000',
                                   '--max-solver-seconds', '5']
        self.env = dict(os.environ)
        self.env.setdefault('ASAN_OPTIONS',
                            'detect_leaks=1:exitcode=86:abort_on_error=0')
        self.env.setdefault('UBSAN_OPTIONS',
                            'halt_on_error=1:print_stacktrace=1:exitcode=86')
        self.env.setdefault('LSAN_OPTIONS', 'exitcode=86')
        self.env.pop('KSV_STATS', None)
        self.env['NO_COLOR'] = '1'
        self.runs = 0
        self.lock = threading.Lock()
        self.hard_deadline = None   # time.monotonic() no run may pass
        self.retry = 3              # a timed-out run again with this x timeout

    def run(self, args, cwd, timeout=None):
        """(exit status, stdout, stderr, seconds, max RSS KB, timed out);
        a signal is 128 + its number.  Raises Cut when the campaign's hard
        deadline ends the run first."""
        timeout = timeout or self.timeout
        cut_at = None
        if self.hard_deadline is not None:
            left = self.hard_deadline - time.monotonic()
            if left <= 0:
                raise Cut()
            if left < timeout:
                timeout, cut_at = left, left
        out_p = os.path.join(cwd, '.stdout')
        err_p = os.path.join(cwd, '.stderr')
        with self.lock:
            self.runs += 1
        fa = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
              (os.POSIX_SPAWN_OPEN, 1, out_p,
               os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
              (os.POSIX_SPAWN_OPEN, 2, err_p,
               os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)]
        t0 = time.monotonic()
        # (posix_spawn has no cwd: every path given to ksv is absolute)
        pid = os.posix_spawn(args[0], args, self.env, file_actions=fa,
                             setsid=True)
        timed_out = False
        delay = 0.001
        while True:
            wpid, status, ru = os.wait4(pid, os.WNOHANG)
            if wpid:
                break
            if time.monotonic() - t0 > timeout:
                timed_out = True
                try:
                    os.killpg(pid, signal.SIGKILL)
                except OSError:
                    pass
                wpid, status, ru = os.wait4(pid, 0)
                break
            time.sleep(delay)
            delay = min(delay * 2, 0.02)
        secs = time.monotonic() - t0
        if timed_out and cut_at is not None:
            raise Cut()
        if os.WIFSIGNALED(status):
            rc = 128 + os.WTERMSIG(status)
        else:
            rc = os.WEXITSTATUS(status)
        out = read(out_p, 'rb').decode('utf-8', 'replace')
        err = read(err_p, 'rb').decode('utf-8', 'replace')
        return rc, out, err, secs, ru.ru_maxrss, timed_out


class Cut(Exception):
    """A run ended by the campaign's time budget: its input is not judged."""


class Failure:
    def __init__(self, kind, step, args, detail, rc=None, out='', err=''):
        self.kind, self.step, self.args, self.detail = kind, step, args, detail
        self.rc, self.out, self.err = rc, out, err

    def line(self):
        return '%s [%s] %s' % (self.kind, self.step, self.detail)


def load_schema_validators(root):
    """{'report': validator, 'fix': validator} from tests/validate_json.py
    when python3-jsonschema is installed, else {}."""
    try:
        import jsonschema
    except ImportError:
        return {}
    p = os.path.join(root, 'tests', 'validate_json.py')
    if not os.path.exists(p):
        return {}
    spec = importlib.util.spec_from_file_location('ksv_validate_json', p)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    try:
        return {n: mod.validator_of(jsonschema, n) for n in ('report', 'fix')}
    except Exception:       # an older layout of the docs: no validation
        return {}


def located(text, base):
    return re.search(r'(^|/)%s:\d+:\d+: error: ' % re.escape(base), text,
                     re.M) is not None


def fix_json_located(d):
    """Does the `ksv fix --format json` document D of an input that does
    not check locate its error (a bad-input finding at a line and column)?"""
    return isinstance(d, dict) and 'not_fixed' in d and any(
        r.get('rule') == 'bad-input' and r.get('line', 0) >= 1 and
        r.get('column', 0) >= 1 for r in d.get('remaining', []))


class _HTMLCheck(html.parser.HTMLParser):
    pass


FORMATS = ['text', 'json', 'sarif', 'junit', 'html']
EXT = {'text': 'txt', 'json': 'json', 'sarif': 'sarif', 'junit': 'xml',
       'html': 'html'}


class Oracle:
    """Runs one input through every command and says what went wrong."""

    def __init__(self, runner, validators, stats):
        self.r = runner
        self.val = validators
        self.stats = stats
        self.slock = threading.Lock()
        self.slowest = []           # (seconds, step, input file name)

    def count(self, key, n=1):
        with self.slock:
            self.stats[key] = self.stats.get(key, 0) + n

    def call(self, step, args, cwd, fails, base, timeout=None, locate=True):
        """Run ARGS; append the failures every command shares (status,
        sanitizer, hang, and unless LOCATE is false an exit 2 without a
        located error on stdout or stderr) to FAILS; the run's tuple, None
        after a hang."""
        rc, out, err, secs, rss, to = self.r.run(args, cwd, timeout)
        self.count('runs')
        self.count('seconds-' + step, secs)
        with self.slock:
            self.slowest.append((secs, step, os.path.basename(args[-1])))
            self.slowest = sorted(self.slowest, reverse=True)[:5]
        if to and self.r.retry <= 1:
            fails.append(Failure('hang', step, args, 'no end after %.0f s '
                                 '(not run again)' % secs))
            return None
        if to:
            rc2, out2, err2, secs2, rss2, to2 = self.r.run(
                args, cwd, self.r.retry * (timeout or self.r.timeout))
            if to2:
                fails.append(Failure('hang', step, args, 'no end after %.0f s '
                                     'and again after %.0f s' % (secs, secs2)))
                return None
            fails.append(Failure('slow', step, args,
                                 'past the %.0f s timeout; %.1f s when run '
                                 'again' % (timeout or self.r.timeout, secs2),
                                 rc2, out2, err2))
            rc, out, err, secs, rss = rc2, out2, err2, secs2, rss2
        if SAN_RE.search(err) or rc == 86:
            m = SAN_RE.search(err)
            fails.append(Failure('sanitizer', step, args,
                                 'exit %d: %s' % (rc, first_report_line(err, m)),
                                 rc, out, err))
        elif rc not in (0, 1, 2, 3):
            fails.append(Failure('exit', step, args,
                                 'exit %d%s' % (rc, ' (signal %d)' % (rc - 128)
                                                if rc > 128 else ''),
                                 rc, out, err))
        if locate and rc == 2 and not located(out + err, base):
            fails.append(Failure('unlocated', step, args, 'exit 2 without '
                                 '%s:L:C: error:' % base, rc, out, err))
        return rc, out, err, secs, rss

    def evaluate(self, path, lang, opts, steps=None):
        """Every step (or those in STEPS) on the file PATH; [Failure]."""
        steps = steps or ('check', 'smt', 'fix', 'sim', 'dump')
        cwd = os.path.dirname(path)
        base = os.path.basename(path)
        ksv = self.r.ksv
        common = opts['common']
        fails = []
        graph = None
        # ---- ksv check --engine graph, every format
        if {'check', 'smt', 'sim'} & set(steps):
            f1 = opts['format']
            outs = {f: os.path.join(cwd, 'report.' + EXT[f]) for f in FORMATS}
            for p in outs.values():
                if os.path.exists(p):
                    os.unlink(p)
            args = [ksv, 'check', '--engine', 'graph'] + common + \
                self.r.budgets + opts['extra'] + ['--format', f1]
            if not opts['stdout']:
                args += ['-o', outs[f1]]
            for f in FORMATS:
                if f != f1:
                    args += ['--report', '%s=%s' % (f, outs[f])]
            args.append(path)
            res = self.call('check', args, cwd, fails, base, locate=False)
            if res is None:
                return fails
            rc, out, err = res[:3]
            self.count('check-exit-%d' % rc)
            if opts['stdout']:
                with open(outs[f1], 'w') as f:
                    f.write(out)
            if rc not in (0, 1, 2, 3):
                return fails        # crashed: its reports say nothing more
            graph = self.check_reports(args, rc, out, err, outs, base, fails,
                                       '--fail-on' in opts['extra'])
        # ---- the oracle: a file the graph engine calls clean
        clean = graph is not None and graph_clean(graph)
        if clean:
            self.count('graph-clean')
        if 'smt' in steps and graph is not None and \
                (clean or opts['smt']) and rc in (0, 1, 3):
            self.smt(path, base, cwd, common, clean, fails)
        if 'sim' in steps:
            self.sim(path, base, cwd, common, clean and not opts['bit'], fails,
                     graph)
        if 'fix' in steps:
            self.fix(path, base, cwd, common, opts, lang, fails)
        if 'dump' in steps and opts['dump']:
            lim = ['--max-instances', '50000']
            self.call('dump', [ksv, 'dump'] + common + lim + [path], cwd,
                      fails, base)
            self.call('export', [ksv, 'export', '--format', 'promela'] +
                      common + lim + ['-o', os.path.join(cwd, 'model.pml'),
                                      path], cwd, fails, base)
        return fails

    def check_reports(self, args, rc, out, err, outs, base, fails, fail_on):
        """The five reports of one check run; the JSON document or None."""
        def bad(what):
            fails.append(Failure('report', 'check', args, what, rc, out, err))
        texts = {}
        for f, p in outs.items():
            if not os.path.exists(p):
                bad('no %s report written (exit %d)' % (f, rc))
                texts[f] = None
                continue
            raw = read(p, 'rb')
            try:
                texts[f] = raw.decode('utf-8')
            except UnicodeDecodeError as e:
                if f != 'text':
                    bad('%s report is not UTF-8: %s' % (f, e))
                texts[f] = raw.decode('utf-8', 'replace')
        if rc == 2 and not located((texts.get('text') or '') + out + err, base):
            fails.append(Failure('unlocated', 'check', args,
                                 'exit 2 without %s:L:C: error:' % base,
                                 rc, out, err))
        doc = None
        if texts.get('json') is not None:
            try:
                doc = json.loads(texts['json'])
            except ValueError as e:
                bad('JSON does not parse: %s' % e)
            if doc is not None and 'report' in self.val:
                errs = sorted(self.val['report'].iter_errors(doc),
                              key=lambda e: list(e.path))
                if errs:
                    bad('JSON against report.schema.json: %s at %s' %
                        (errs[0].message[:200], list(errs[0].path)))
        if texts.get('sarif') is not None:
            try:
                s = json.loads(texts['sarif'])
                if s.get('version') != '2.1.0' or not isinstance(
                        s.get('runs'), list):
                    bad('SARIF without version 2.1.0 or runs')
            except ValueError as e:
                bad('SARIF does not parse: %s' % e)
        if texts.get('junit') is not None:
            try:
                root = ET.fromstring(texts['junit'].encode('utf-8'))
                if root.tag not in ('testsuites', 'testsuite'):
                    bad('JUnit root element is <%s>' % root.tag)
            except ET.ParseError as e:
                bad('JUnit XML is not well-formed: %s' % e)
        if texts.get('html') is not None:
            h = texts['html']
            if '<html' not in h or '</html>' not in h.rstrip()[-20:]:
                bad('HTML report is cut short or has no <html>')
            try:
                p = _HTMLCheck()
                p.feed(h)
                p.close()
            except Exception as e:       # html.parser is lenient: rare
                bad('HTML does not parse: %s' % e)
        if doc is not None:
            self.exit_agrees(doc, rc, fail_on, args, out, err, fails)
        return doc

    def exit_agrees(self, doc, rc, fail_on, args, out, err, fails):
        """Exit 0 only with every kernel decided and nothing at or above
        --fail-on; exit 3 only with an unknown kernel."""
        units = [u for f in doc.get('files', []) for u in f.get('units', [])]
        diags = [d for f in doc.get('files', [])
                 for d in f.get('diagnostics', []) if not d.get('suppressed')]
        sev = {'error'} | ({'warning'} if fail_on else set())
        if rc == 0:
            bad_units = [u['verdict'] for u in units
                         if not u.get('verdict', '').startswith('clean') and
                         u.get('verdict') != 'findings']
            worst = [d['rule'] for d in diags if d.get('severity') in sev]
            if bad_units or worst:
                fails.append(Failure('exit-report', 'check', args,
                                     'exit 0 but the JSON has %s' %
                                     (bad_units or worst)[:3], rc, out, err))
        if rc == 3 and not any(u.get('verdict') == 'unknown' for u in units):
            fails.append(Failure('exit-report', 'check', args,
                                 'exit 3 but no kernel is unknown in the JSON '
                                 '(an internal error?)', rc, out, err))
        if rc == 1 and not any(d.get('severity') in sev for d in diags):
            fails.append(Failure('exit-report', 'check', args,
                                 'exit 1 but no finding at --fail-on in the '
                                 'JSON', rc, out, err))

    def smt(self, path, base, cwd, common, clean, fails):
        args = [self.r.ksv, 'check', '--engine', 'smt', '--no-redundant',
                '--format', 'json'] + common + self.r.budgets + [path]
        res = self.call('smt', args, cwd, fails, base, locate=False)
        if res is None:
            return
        rc, out, err = res[:3]
        self.count('smt-exit-%d' % rc)
        if rc == 2 and not located(out + err, base):
            try:
                ok = any(d.get('rule') == 'bad-input' and d.get('line')
                         for f in json.loads(out)['files']
                         for d in f['diagnostics'])
            except (ValueError, KeyError, TypeError):
                ok = False
            if not ok:
                fails.append(Failure('unlocated', 'smt', args, 'exit 2 without'
                                     ' a located error', rc, out, err))
        try:
            doc = json.loads(out)
        except ValueError as e:
            fails.append(Failure('report', 'smt', args,
                                 'JSON does not parse: %s' % e, rc, out, err))
            return
        if clean and rc in (0, 1):
            self.count('smt-compared')
            errs = ['%s at %s:%s' % (d['rule'], d['line'], d['column'])
                    for f in doc.get('files', []) for d in f['diagnostics']
                    if d.get('severity') == 'error']
            if errs:
                fails.append(Failure('smt-vs-graph', 'smt', args,
                                     'the graph engine calls it clean, the '
                                     'SMT engine reports %s' % ', '.join(
                                         errs[:4]), rc, out, err))

    def sim(self, path, base, cwd, common, compare, fails, graph):
        args = [self.r.ksv, 'sim', '--runs', '20', '--seed', '1'] + \
            common + [path]
        res = self.call('sim', args, cwd, fails, base)
        if res is None:
            return
        rc, out, err = res[:3]
        self.count('sim-exit-%d' % rc)
        if not compare or rc not in (0, 1):
            return
        self.count('sim-compared')
        if rc != 1:
            return
        errs = [ln for ln in out.split('\n') if re.match(r'.*:\d+:\d+: error: ',
                                                         ln)]
        if 'deadlock' in out and 'queue is full' in out:
            cost = os.path.join(cwd, 'unbounded.cost')
            with open(cost, 'w') as f:
                f.write('queue_depth = 0\n')
            again = self.r.run(args[:-1] + ['--cost', cost, path], cwd)
            if again[0] == 0:
                self.count('sim-queue')
                return
        fails.append(Failure('sim-vs-graph', 'sim', args,
                             'the graph engine calls it clean, the simulator '
                             'shows: %s' % (errs[0].split(': error: ', 1)[-1]
                                            [:300] if errs else out[:300]),
                             rc, out, err))

    def fix(self, path, base, cwd, common, opts, lang, fails):
        fixed = os.path.join(cwd, 'fixed.' + ('mlir' if lang == 'hivm'
                                               else 'cpp'))
        if os.path.exists(fixed):
            os.unlink(fixed)
        args = [self.r.ksv, 'fix'] + common + self.r.budgets + \
            ['--max-fix-seconds', '2', '-o', fixed]
        if opts['fix_json']:
            args += ['--format', 'json']
        args.append(path)
        # (--format json: an input that does not check is a JSON document
        # too, its located errors in "remaining": checked below)
        res = self.call('fix', args, cwd, fails, base,
                        locate=not opts['fix_json'])
        if res is None:
            return
        rc, out, err = res[:3]
        self.count('fix-exit-%d' % rc)
        if opts['fix_json'] and rc in (0, 1, 2, 3):
            try:
                docs = [json.loads(out)]
            except ValueError:
                # one document per input file, one after the other
                docs = []
                dec = json.JSONDecoder()
                s = out.strip()
                try:
                    while s:
                        d, n = dec.raw_decode(s)
                        docs.append(d)
                        s = s[n:].lstrip()
                except ValueError as e:
                    fails.append(Failure('report', 'fix', args,
                                         'fix JSON does not parse: %s' % e,
                                         rc, out, err))
                    docs = []
            if 'fix' in self.val:
                for d in docs:
                    errs = list(self.val['fix'].iter_errors(d))
                    if errs:
                        fails.append(Failure(
                            'report', 'fix', args, 'fix JSON against '
                            'fix-report.schema.json: %s' % errs[0].message[:200],
                            rc, out, err))
                        break
            if rc == 2 and not located(err, base) and \
                    not any(fix_json_located(d) for d in docs):
                fails.append(Failure('unlocated', 'fix', args, 'exit 2 '
                                     'without a located error in the fix '
                                     'JSON (not_fixed, remaining) or %s:L:C: '
                                     'error: on stderr' % base, rc, out, err))
        if rc in (0, 1) and os.path.exists(fixed) and read(fixed, 'rb') != \
                read(path, 'rb'):
            # what it wrote parses; and when it says every finding is fixed
            # and confirmed (exit 0), ksv check agrees
            cargs = [self.r.ksv, 'check'] + common + self.r.budgets + [fixed]
            r2 = self.call('fix-recheck', cargs, cwd, fails,
                           os.path.basename(fixed), locate=False)
            if r2 and (r2[0] == 2 or (r2[0] == 1 and rc == 0)):
                fails.append(Failure('fix-recheck', 'fix', args,
                                     'ksv fix exit %d, ksv check of its output '
                                     'exit %d: %s' % (rc, r2[0],
                                                      first_error(r2[1])),
                                     r2[0], r2[1], r2[2]))


def first_error(text):
    for ln in text.split('\n'):
        if ': error: ' in ln:
            return ln[:300]
    return text[:200]


def first_report_line(err, m):
    if not m:
        return ''
    line_start = err.rfind('\n', 0, m.start()) + 1
    end = err.find('\n', m.start())
    return err[line_start:end if end >= 0 else None][:300]


def graph_clean(doc):
    """Every kernel decided, fully (not a bound or prefix), with no error
    finding (suppressed ones count): the file the oracle compares."""
    units = [u for f in doc.get('files', []) for u in f.get('units', [])]
    if not units:
        return False
    for u in units:
        v = u.get('verdict', '')
        if v not in ('clean', 'clean (cross-core not checked)', 'findings'):
            return False
    for f in doc.get('files', []):
        for d in f.get('diagnostics', []):
            if d.get('severity') == 'error':
                return False
    return True


# -------------------------------------------------------------- campaign

def save_failure(outdir, name, text, lang, fails, muts, seedpath, opts,
                 header=''):
    os.makedirs(outdir, exist_ok=True)
    ext = 'mlir' if lang == 'hivm' else 'cpp'
    p = os.path.join(outdir, '%s.%s' % (name, ext))
    with open(p, 'wb') as f:
        f.write(text.encode('latin-1'))
    with open(p + '.log', 'w') as f:
        f.write('%sseed file: %s\nmutations: %s\noptions: %s\n\n' %
                (header, seedpath, ' '.join(muts), json.dumps(opts)))
        for x in fails:
            f.write('== %s\n$ %s\nexit %s\n--- stdout\n%s\n--- stderr\n%s\n\n' %
                    (x.line(), ' '.join(x.args), x.rc, x.out[-4000:],
                     x.err[-6000:]))
    return p


def failing_kinds(fails, fail_slow):
    return [x for x in fails if x.kind != 'slow' or fail_slow]


def minimize(text, lang, opts, oracle, kind, step, work, deadline, max_tests):
    """ddmin over lines, keeping a failure of KIND in STEP."""
    lines = text.split('\n')
    steps = {'check': ('check',), 'smt': ('check', 'smt'),
             'sim': ('check', 'sim'), 'fix': ('fix',), 'fix-recheck': ('fix',),
             'dump': ('dump',), 'export': ('dump',)}.get(step)
    ext = 'mlir' if lang == 'hivm' else 'cpp'
    tests = [0]

    def still(ls):
        if tests[0] >= max_tests or time.monotonic() > deadline:
            return False
        tests[0] += 1
        p = os.path.join(work, 'min.' + ext)
        with open(p, 'wb') as f:
            f.write('\n'.join(ls).encode('latin-1'))
        return any(x.kind == kind and x.step == step
                   for x in oracle.evaluate(p, lang, opts, steps))

    n = 2
    while len(lines) >= 2:
        chunk = int(math.ceil(len(lines) / n))
        cut = False
        for s in range(0, len(lines), chunk):
            cand = lines[:s] + lines[s + chunk:]
            if cand and still(cand):
                lines, n, cut = cand, max(n - 1, 2), True
                break
        if not cut:
            if n >= len(lines) or tests[0] >= max_tests or \
                    time.monotonic() > deadline:
                break
            n = min(len(lines), 2 * n)
    return '\n'.join(lines), tests[0]


def minimize_file(a):
    f, kind, step = a.minimize_file
    text = read(f, 'rb').decode('latin-1')
    lang = 'hivm' if f.endswith('.mlir') else 'cpp'
    runner = Runner(os.path.abspath(a.ksv), a.timeout)
    runner.retry = a.retry
    oracle = Oracle(runner, load_schema_validators(a.root), {})
    work = tempfile.mkdtemp(prefix='ksv-min-')
    opts = options_from_header(text)
    opts['dump'] = step in ('dump', 'export')
    small, n = minimize(text, lang, opts, oracle, kind, step, work,
                        time.monotonic() + a.minimize_seconds, 2000)
    shutil.rmtree(work, ignore_errors=True)
    with open(f + '.min', 'wb') as g:
        g.write(small.encode('latin-1'))
    print('minimized %s: %d -> %d lines (%d runs): %s.min' % (
        f, text.count('\n'), small.count('\n') + 1, n, f))
    return 0


def campaign(a):
    root = a.root
    seeds = load_seeds(root, a.seeds)
    if not seeds:
        print('mutate: no seeds under %s/corpus' % root)
        return 2
    vocab = Vocab(root, seeds)
    mut = Mutator(vocab, seeds)
    runner = Runner(os.path.abspath(a.ksv), a.timeout)
    runner.retry = a.retry
    stats = {}
    oracle = Oracle(runner, load_schema_validators(root), stats)
    work = tempfile.mkdtemp(prefix='ksv-mutate-')
    outdir = a.out or os.path.join(os.getcwd(), 'mutate-artifacts')
    t0 = time.monotonic()
    found = []
    muts_count = {}
    lock = threading.Lock()

    slots = queue.Queue()
    for k in range(a.jobs):
        os.makedirs(os.path.join(work, 'w%d' % k))
        slots.put(os.path.join(work, 'w%d' % k))

    def one(i):
        text, lang, seedpath, muts, opts = make_input(a.seed, i, seeds, mut)
        d = slots.get()
        p = os.path.join(d, 'in%d.%s' % (i, 'mlir' if lang == 'hivm' else 'cpp'))
        with open(p, 'wb') as f:
            f.write(text.encode('latin-1'))
        try:
            fails = oracle.evaluate(p, lang, opts)
        except Cut:
            fails = None
        finally:
            os.unlink(p)
            slots.put(d)
        with lock:
            for m in muts:
                k = m.split('-')[0]
                muts_count[k] = muts_count.get(k, 0) + 1
        return i, text, lang, seedpath, muts, opts, fails

    known = known_list(root)
    known_hits = {}
    done = 0
    nxt = 0
    pending = set()
    deadline = t0 + a.seconds
    # no run goes on past the budget and a grace of one timeout: an input
    # still running then is cut, not judged
    runner.hard_deadline = deadline + a.timeout
    cut = 0
    with ThreadPoolExecutor(max_workers=a.jobs) as ex:
        while True:
            while len(pending) < a.jobs and nxt < a.count and \
                    time.monotonic() < deadline:
                pending.add(ex.submit(one, a.start + nxt))
                nxt += 1
            if not pending:
                break
            fut = next(iter(pending))
            for f in list(pending):
                if f.done():
                    fut = f
                    break
            else:
                time.sleep(0.005)
                continue
            pending.discard(fut)
            i, text, lang, seedpath, muts, opts, fails = fut.result()
            if fails is None:
                cut += 1
                continue
            done += 1
            fresh = []
            for x in fails:
                k = is_known(x, known)
                if k:
                    known_hits[os.path.relpath(k[0], root)] = \
                        known_hits.get(os.path.relpath(k[0], root), 0) + 1
                else:
                    fresh.append(x)
            fails = fresh
            if fails:
                for x in fails:
                    print('mutate: input %d (%s; %s): %s' %
                          (i, os.path.relpath(seedpath, root),
                           ' '.join(muts), x.line()), flush=True)
                name = 'fail-s%s-i%d-%s' % (a.seed, i, fails[0].kind)
                p = save_failure(outdir, name, text, lang, fails, muts,
                                 seedpath, opts,
                                 'reproduce: %s --seed %s --emit %d FILE\n' %
                                 (sys.argv[0], a.seed, i))
                found.append((i, text, lang, opts, fails, p))
            if a.progress and done % 50 == 0:
                el = time.monotonic() - t0
                print('mutate: %d inputs, %.1f s, %.2f/s' % (done, el, done / el),
                      flush=True)
    elapsed = time.monotonic() - t0
    runner.hard_deadline = None
    # minimization (outside the time budget of the campaign, with its own)
    if a.minimize and found:
        mdl = time.monotonic() + a.minimize_seconds
        seen = set()
        for i, text, lang, opts, fails, p in found:
            x = fails[0]
            if x.kind in ('hang', 'slow') or (x.kind, x.step) in seen and \
                    a.minimize_once:
                continue
            seen.add((x.kind, x.step))
            small, n = minimize(text, lang, opts, oracle, x.kind, x.step,
                                work, mdl, 400)
            q = p.rsplit('.', 1)
            with open(q[0] + '.min.' + q[1], 'wb') as f:
                f.write(small.encode('latin-1'))
            print('mutate: minimized %s: %d -> %d lines (%d runs)' %
                  (os.path.basename(p), text.count('\n'), small.count('\n') + 1,
                   n), flush=True)
    shutil.rmtree(work, ignore_errors=True)
    failing = [f for f in found if failing_kinds(f[4], a.fail_slow)]
    kinds = {}
    for f in found:
        for x in f[4]:
            kinds[x.kind] = kinds.get(x.kind, 0) + 1
    ex = lambda step: ' '.join('%s:%d' % (k.rsplit('-', 1)[1], v) for k, v in
                               sorted(stats.items())
                               if k.startswith(step + '-exit-'))
    print('mutate: seed %s, %d inputs (%d..%d%s) in %.1f s: %.2f inputs/s, %d ksv '
          'runs (%.1f/s), %s build' % (
              a.seed, done, a.start, a.start + nxt - 1,
              ', %d cut by the time budget' % cut if cut else '', elapsed,
              done / elapsed if elapsed else 0, runner.runs,
              runner.runs / elapsed if elapsed else 0,
              'ASan+UBSan' if runner.asan else 'plain'))
    print('mutate: exits: check %s; smt %s; fix %s; sim %s' % (
        ex('check'), ex('smt'), ex('fix'), ex('sim')))
    print('mutate: oracle: %d files clean for the graph engine, compared '
          'with sim %d, with smt %d (%d sim deadlocks only from a full '
          'queue)' % (stats.get('graph-clean', 0), stats.get('sim-compared', 0),
                      stats.get('smt-compared', 0), stats.get('sim-queue', 0)))
    print('mutate: mutations: %s' % ' '.join(
        '%s:%d' % kv for kv in sorted(muts_count.items())))
    print('mutate: seconds per step: %s' % ' '.join(
        '%s %.0f' % (k[8:], v) for k, v in sorted(stats.items())
        if k.startswith('seconds-')))
    if known_hits:
        print('mutate: known bugs (tests/fuzz/known.txt) seen again: %s' %
              ' '.join('%s:%d' % kv for kv in sorted(known_hits.items())))
    slow = sorted(oracle.slowest, reverse=True)[:3]
    print('mutate: slowest runs: %s' % '; '.join(
        '%.1f s %s of input %s' % x for x in slow))
    print('mutate: %d inputs with findings (%s), %d failing; inputs in %s' % (
        len(found), ' '.join('%s:%d' % kv for kv in sorted(kinds.items())),
        len(failing), outdir if found else '-'))
    if done == 0:
        print('mutate: no input ran')
        return 1
    return 1 if failing else 0


# ---------------------------------------------------------------- replay

def known_list(root):
    """tests/fuzz/known.txt: one line per known ksv bug the fuzzer finds,
    `FILE | KIND | STEP | REGEX | REASON` (FILE under tests/fuzz/known/,
    REGEX matched against the failure's detail).  [(abs path, kind, step,
    compiled regex, reason)]."""
    out = []
    p = os.path.join(root, 'tests', 'fuzz', 'known.txt')
    if not os.path.exists(p):
        return out
    for ln in read(p).split('\n'):
        if not ln.strip() or ln.lstrip().startswith('#'):
            continue
        parts = [x.strip() for x in ln.split('|')]
        if len(parts) != 5:
            raise SystemExit('%s: malformed line: %s' % (p, ln))
        out.append((os.path.normpath(os.path.join(root, parts[0])), parts[1],
                    parts[2], re.compile(parts[3]), parts[4]))
    return out


def is_known(x, known):
    """The known.txt entry failure X matches, or None."""
    for k in known:
        if x.kind in k[1].split(',') and \
                (k[2] == '*' or x.step in k[2].split(',')) and \
                k[3].search(x.detail):
            return k
    return None


def replay(a):
    root = a.root
    files = []
    for x in a.replay:
        if os.path.isdir(x):
            files += sorted(os.path.join(x, f) for f in os.listdir(x)
                            if f.endswith(('.mlir', '.cpp')))
        else:
            files.append(x)
    known = known_list(root)
    by_file = {k[0]: k for k in known}
    runner = Runner(os.path.abspath(a.ksv), a.timeout)
    oracle = Oracle(runner, load_schema_validators(root), {})
    work = tempfile.mkdtemp(prefix='ksv-replay-')
    bad = 0
    still = promoted = passed = 0
    for f in files:
        text = read(f, 'rb').decode('latin-1')
        lang = 'hivm' if f.endswith('.mlir') else 'cpp'
        opts = options_from_header(text)
        p = os.path.join(work, os.path.basename(f))
        with open(p, 'wb') as g:
            g.write(text.encode('latin-1'))
        k = by_file.get(os.path.normpath(os.path.abspath(f)))
        rel = os.path.relpath(f, root)
        # a known hang is seen to time out once, in --known-timeout
        # seconds, not waited for
        slowk = k and ({'hang', 'slow'} & set(k[1].split(',')))
        runner.timeout = a.known_timeout if slowk else a.timeout
        runner.retry = 1 if slowk else a.retry
        fails = oracle.evaluate(p, lang, opts)
        if not slowk:
            fails = failing_kinds(fails, a.fail_slow)
        if k and 'sanitizer' in k[1].split(',') and not runner.asan:
            print('known: %s not replayed (a sanitizer report: needs the '
                  'ASan+UBSan build)' % rel)
            fails = [x for x in fails if x.kind != 'sanitizer']
        elif k:
            # a known bug's input: it fails as recorded (or no longer)
            if any(is_known(x, [k]) for x in fails):
                still += 1
                print('known: %s still fails (%s in %s): %s' %
                      (rel, k[1], k[2], k[4]))
            else:
                promoted += 1
                print('known: %s no longer fails as recorded (%s): move it '
                      'to tests/fuzz/regress/ and off tests/fuzz/known.txt' %
                      (rel, '; '.join(x.line() for x in fails) or 'passes'))
            fails = [x for x in fails if not is_known(x, [k])]
        if fails:
            bad += 1
            for x in fails:
                print('FAIL %s: %s\n  $ %s' % (rel, x.line(), ' '.join(x.args)))
                for ln in (x.err or x.out).strip().split('\n')[-6:]:
                    print('  | ' + ln[:300])
        elif not k:
            passed += 1
    shutil.rmtree(work, ignore_errors=True)
    print('replay: %d passed, %d failed; known bugs: %d still failing, %d no '
          'longer' % (passed, bad, still, promoted))
    return 1 if bad else 0


# ------------------------------------------------------------- self-test

FAKE = r'''#!/usr/bin/env python3
# a stand-in for ksv that misbehaves as FAKE_MODE says (mutate.py --self-test)
import os, sys, time, json
mode = os.environ.get('FAKE_MODE', '')
args = sys.argv[1:]
path = args[-1]
base = os.path.basename(path)
def report(doc):
    for i, a in enumerate(args):
        if a == '--report':
            fmt, out = args[i + 1].split('=', 1)
            write(fmt, out, doc)
    fmt = args[args.index('--format') + 1] if '--format' in args else 'text'
    if '-o' in args:
        write(fmt, args[args.index('-o') + 1], doc)
    else:
        sys.stdout.write(render(fmt, doc))
def render(fmt, doc):
    if fmt == 'json':
        return '{"files": [' if mode == 'badjson' else json.dumps(doc)
    if fmt == 'sarif':
        return json.dumps({'version': '2.1.0', 'runs': []})
    if fmt == 'junit':
        return '<testsuites><testsuite>' + ('' if mode == 'badxml' else '</testsuite>') + '</testsuites>'
    if fmt == 'html':
        return '<html><body></body></html>\n'
    return base + ': k: clean\n'
def write(fmt, out, doc):
    with open(out, 'w') as f:
        f.write(render(fmt, doc))
clean = {'files': [{'units': [{'name': 'k', 'verdict': 'clean'}], 'diagnostics': []}]}
race = {'files': [{'units': [{'name': 'k', 'verdict': 'findings'}], 'diagnostics': [
    {'rule': 'race', 'severity': 'error', 'line': 3, 'column': 1}]}]}
cmd = args[0]
if cmd == 'check' and mode == 'fixbad' and base.startswith('fixed'):
    print(base + ':1:1: error: a race [race]'); sys.exit(1)
if cmd == 'check' and mode == 'crash':
    os.kill(os.getpid(), 11)
if cmd == 'check' and mode == 'asan':
    sys.stderr.write('=================================================================\n==1==ERROR: AddressSanitizer: heap-use-after-free\n')
    sys.exit(86)
if cmd == 'check' and mode == 'ubsan':
    sys.stderr.write('x.c:1:2: runtime error: signed integer overflow\n')
    sys.exit(1)
if cmd == 'sim' and mode == 'hang':
    time.sleep(60)
if cmd == 'check' and mode == 'unlocated':
    sys.stderr.write('ksv: error: something\n')
    sys.exit(2)
if cmd == 'check' and mode == 'exit0race':
    report(race)
    sys.exit(0)
if cmd == 'check' and '--engine' in args and args[args.index('--engine') + 1] == 'smt':
    if mode == 'smtrace':
        print(json.dumps(race)); sys.exit(1)
    print(json.dumps(clean)); sys.exit(0)
if cmd == 'check':
    report(clean); sys.exit(0)
if cmd == 'sim':
    if mode == 'simrace':
        print(base + ':3:1: error: vadd at 3:1 read ub[0x0, 0x10) during cycles [1, 2) while ... [race]')
        sys.exit(1)
    print('ksv sim: 1 kernel simulated, 0 dynamic findings'); sys.exit(0)
if cmd == 'fix':
    if mode == 'fixbad':
        out = args[args.index('-o') + 1]
        open(out, 'w').write('broken\n'); sys.exit(0)
    print(json.dumps({}) if '--format' in args else 'nothing to fix'); sys.exit(0)
sys.exit(0)
'''


def self_test(a):
    """The oracle finds what a misbehaving ksv does; inputs are the same
    in another process (another PYTHONHASHSEED)."""
    work = tempfile.mkdtemp(prefix='ksv-mutate-selftest-')
    fake = os.path.join(work, 'fake-ksv')
    with open(fake, 'w') as f:
        f.write(FAKE)
    os.chmod(fake, 0o755)
    ok = True
    cases = [('', []), ('crash', ['exit']), ('asan', ['sanitizer']),
             ('ubsan', ['sanitizer']), ('hang', ['hang']),
             ('unlocated', ['unlocated']), ('badjson', ['report']),
             ('badxml', ['report']), ('exit0race', ['exit-report']),
             ('simrace', ['sim-vs-graph']), ('smtrace', ['smt-vs-graph']),
             ('fixbad', ['fix-recheck'])]
    src = os.path.join(work, 'k.mlir')
    with open(src, 'w') as f:
        f.write('func.func @k() {\n  return\n}\n')
    for mode, want in cases:
        runner = Runner(fake, 0.5 if mode == 'hang' else 20)
        runner.env['FAKE_MODE'] = mode
        oracle = Oracle(runner, {}, {})
        opts = {'common': [], 'extra': [], 'format': 'json', 'stdout': False,
                'smt': True, 'dump': False, 'fix_json': False, 'bit': False}
        got = sorted({x.kind for x in oracle.evaluate(src, 'hivm', opts)
                      if x.kind != 'slow'})
        if not set(want) <= set(got) or (not want and got):
            ok = False
            print('self-test FAIL: fake ksv mode %r: found %s, expected %s' %
                  (mode or 'clean', got, want))
        else:
            print('self-test: fake ksv mode %-10s -> %s' % (mode or 'clean',
                                                          ' '.join(got) or '-'))
    # determinism: the same inputs in a process with another hash seed
    seeds = load_seeds(a.root, [])
    mut = Mutator(Vocab(a.root, seeds), seeds)
    here = hashlib.sha1()
    for i in range(40):
        t, lang, sp, muts, opts = make_input(7, i, seeds, mut)
        here.update(t.encode('latin-1') + json.dumps(opts).encode())
    env = dict(os.environ, PYTHONHASHSEED='12345')
    import subprocess
    p = subprocess.run([sys.executable, os.path.abspath(__file__), '--root',
                        a.root, '--digest', '40', '--seed', '7'],
                       capture_output=True, text=True, env=env, timeout=300)
    if p.stdout.strip() != here.hexdigest():
        ok = False
        print('self-test FAIL: inputs differ between processes (%s vs %s) %s'
              % (here.hexdigest(), p.stdout.strip(), p.stderr[-500:]))
    else:
        print('self-test: 40 inputs of seed 7 identical in another process')
    # every mutation applies somewhere
    names = set()
    for i in range(400):
        names.update(m.split('-')[0] for m in make_input(3, i, seeds, mut)[3])
    want = {'op', 'enum', 'number', 'ident', 'line', 'splice', 'nest', 'sync',
            'byte'}
    if not want <= names:
        ok = False
        print('self-test FAIL: mutations never applied: %s' %
              sorted(want - names))
    else:
        print('self-test: every kind of mutation applied in 400 inputs')
    shutil.rmtree(work, ignore_errors=True)
    return 0 if ok else 1


def main(argv):
    ap = argparse.ArgumentParser(
        description='structure-aware mutation fuzzing of ksv (see the '
        'module docstring)')
    ap.add_argument('--ksv')
    ap.add_argument('--root', default=DEFAULT_ROOT)
    ap.add_argument('--seed', default='1')
    ap.add_argument('--start', type=int, default=0,
                    help='index of the first input (default 0)')
    ap.add_argument('--seconds', type=float, default=60)
    ap.add_argument('--count', type=int, default=10 ** 9)
    ap.add_argument('--jobs', type=int, default=1)
    ap.add_argument('--timeout', type=float, default=None,
                    help='seconds per ksv run (default 15, 40 under ASan)')
    ap.add_argument('--out')
    ap.add_argument('--seeds', action='append', default=[],
                    help='another directory of seed kernels')
    ap.add_argument('--minimize', action='store_true')
    ap.add_argument('--minimize-seconds', type=float, default=600)
    ap.add_argument('--minimize-once', action='store_true',
                    help='minimize one input per kind of failure and step')
    ap.add_argument('--retry', type=float, default=3,
                    help='a run past --timeout runs again with this many '
                    'times the timeout: a hang if it does not end then, '
                    'else slow (default 3)')
    ap.add_argument('--known-timeout', type=float, default=10,
                    help='--replay: seconds a known hang of known.txt is '
                    'given (default 10)')
    ap.add_argument('--fail-slow', action='store_true',
                    help='a run past --timeout that ends when given 3x is a '
                    'failure too (default: reported only)')
    ap.add_argument('--progress', action='store_true')
    ap.add_argument('--replay', nargs='+')
    ap.add_argument('--minimize-file', nargs=3, metavar=('FILE', 'KIND', 'STEP'),
                    help='minimize FILE (its `// fuzz-args:` line gives the '
                    'options) keeping a failure KIND in STEP; writes FILE.min')
    ap.add_argument('--emit', nargs=2, metavar=('INDEX', 'FILE'))
    ap.add_argument('--digest', type=int, help=argparse.SUPPRESS)
    ap.add_argument('--self-test', action='store_true')
    a = ap.parse_args(argv)
    a.root = os.path.abspath(a.root)
    if a.self_test:
        return self_test(a)
    if a.digest is not None:
        seeds = load_seeds(a.root, a.seeds)
        mut = Mutator(Vocab(a.root, seeds), seeds)
        h = hashlib.sha1()
        for i in range(a.digest):
            t, lang, sp, muts, opts = make_input(a.seed, i, seeds, mut)
            h.update(t.encode('latin-1') + json.dumps(opts).encode())
        print(h.hexdigest())
        return 0
    if a.emit:
        seeds = load_seeds(a.root, a.seeds)
        mut = Mutator(Vocab(a.root, seeds), seeds)
        t, lang, sp, muts, opts = make_input(a.seed, int(a.emit[0]), seeds, mut)
        with open(a.emit[1], 'wb') as f:
            f.write(t.encode('latin-1'))
        print('input %s of seed %s (%s): seed %s, mutations %s, options %s' % (
            a.emit[0], a.seed, lang, os.path.relpath(sp, a.root), ' '.join(muts),
            json.dumps(opts)))
        return 0
    if not a.ksv:
        ap.error('--ksv is needed')
    if a.timeout is None:
        asan = b'__asan_init' in read(a.ksv, 'rb')
        a.timeout = 40 if asan else 15
    if a.replay:
        return replay(a)
    if a.minimize_file:
        return minimize_file(a)
    return campaign(a)


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
