#!/usr/bin/env bash
# Issue 21's quadratic shapes (bench/shapes.py, docs/PERFORMANCE.md
# "Hostile shapes (issue 21)"), as regression tests:
#   (a) scaling, as ratios: 4N kernels cost less than 6x the CPU seconds of
#       N (ksv --stats cpu_s, the better of two runs) for N functions of
#       one module, N modules in one chunk, N kernels calling helpers, N
#       lone MIX halves, N MIX pairs, and N buggy chunks through every
#       report format at once (--report) and through the text report
#       (root causes), and
#       buggy chunks each suppressed by a ksv-ignore comment, and one
#       kernel's findings (`pairs`: 2N^2 racing statement pairs, 2N
#       against N);
#   (b) same-named kernels across chunks (every other one buggy): every
#       format has exactly one entry per finding, and each is its own
#       chunk's kernel's -- JSON diagnostics (unit_index), SARIF results
#       (kernelIndex), JUnit failures (inside their kernel's testcases,
#       and the right number of testcases), the HTML summary's error
#       counts, the text report's errors;
#   (c) copies of a long-loop kernel as chunks: the max RSS does not grow
#       with the copies (one unrolled kernel at a time), nor the time
#       per copy.
# usage: shapes_test.sh KSV SOURCE_ROOT
set -u
ksv=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
shapes="python3 $root/bench/shapes.py"
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

# cpu FILE ARGS...: the smaller cpu_s of two `ksv check --stats` runs
# (1e9 when one takes over 30 s: no ratio passes then)
cpu() {
  local f=$1 best=
  shift
  for _ in 1 2; do
    timeout 30 "$ksv" check --stats -o /dev/null "$@" "$f" \
      >/dev/null 2>"$tmp/err"
    local c
    c=$(grep -o 'cpu_s=[0-9.]*' "$tmp/err" | tail -1 | cut -d= -f2)
    [ -n "$c" ] || { echo 1e9; return; }
    best=$(awk -v a="$c" -v b="${best:-1e9}" 'BEGIN { print (a < b ? a : b) }')
  done
  echo "$best"
}

# scale SHAPE N ARGS...: CPU(4N) < 6 CPU(N) (10 under ASan, whose
# overhead grows with the heap: a quadratic shape still takes 16x)
lim=6
grep -q __asan_init "$ksv" 2>/dev/null && lim=10
scale() {
  local s=$1 n=$2
  shift 2
  $shapes "$s" "$n" >"$tmp/a.mlir"
  $shapes "$s" $((4 * n)) >"$tmp/b.mlir"
  local a b
  a=$(cpu "$tmp/a.mlir" "$@")
  b=$(cpu "$tmp/b.mlir" "$@")
  if awk -v a="$a" -v b="$b" -v l="$lim" 'BEGIN { exit !(b < l * a) }'; then
    ok "$s: $n in ${a}s, $((4 * n)) in ${b}s"
  else
    bad "$s: $n in ${a}s but $((4 * n)) in ${b}s (more than ${lim}x)"
  fi
}

# (a)
all=(--report json=/dev/null --report sarif=/dev/null
     --report junit=/dev/null --report html=/dev/null)
scale module 2500
scale modules 2500
scale calls 2500
scale halves 2500
scale mix 250
scale chunks 500 "${all[@]}"
scale chunks 2500
scale ignored 2500
# one kernel of 2N^2 racing statement pairs, each a finding: 2N (4x the
# findings) costs less than 6x N -- the root-cause grouping compared every
# pair of a kernel's findings and the graph engine looked for each one's
# statement pair among those emitted (16x before: 3.3 s, 53 s)
$shapes pairs 100 >"$tmp/a.mlir"
$shapes pairs 200 >"$tmp/b.mlir"
a=$(cpu "$tmp/a.mlir") b=$(cpu "$tmp/b.mlir")
if awk -v a="$a" -v b="$b" -v l="$lim" 'BEGIN { exit !(b < l * a) }'; then
  ok "pairs: 20000 findings in ${a}s, 80000 in ${b}s"
else
  bad "pairs: 20000 findings in ${a}s but 80000 in ${b}s (more than ${lim}x)"
fi

# the SMT engine on pairs 100: its 19900 racing statement pairs are asked
# in batches, not one query each (pairs 150 took 491 s, 44850 queries), and
# its findings are the graph engine's
"$ksv" check --engine smt --stats "$tmp/a.mlir" >"$tmp/smt.txt" 2>"$tmp/err"
q=$(grep -o 'queries=[0-9]*' "$tmp/err" | tail -1 | cut -d= -f2)
"$ksv" check "$tmp/a.mlir" >"$tmp/graph.txt"
if [ -n "$q" ] && [ "$q" -le 1250 ] &&
   [ "$(grep -c '\[race\]\|\[pipe-hazard\]' "$tmp/smt.txt")" = 19900 ] &&
   cmp -s <(tail -1 "$tmp/smt.txt") <(tail -1 "$tmp/graph.txt"); then
  ok "smt pairs: 19900 findings in $q queries, as the graph engine's"
else
  bad "smt pairs: ${q:-no} queries, $(tail -1 "$tmp/smt.txt")"
fi

# (b) 40 chunks of @k0, the even ones buggy: 20 findings
n=40
$shapes same-mixed $n >"$tmp/s.mlir"
for fmt in text json sarif junit html; do
  "$ksv" check --format $fmt -o "$tmp/s.$fmt" "$tmp/s.mlir" >/dev/null 2>&1
done
$shapes same 1 --clean >"$tmp/one.mlir"
"$ksv" check --format junit -o "$tmp/one.junit" "$tmp/one.mlir" >/dev/null
python3 - "$tmp" $n <<'PY' || fail=1
import json, re, sys
d, n = sys.argv[1], int(sys.argv[2])
want = n // 2
errs = []
def need(c, m):
    if not c:
        errs.append(m)
src = open(d + '/s.mlir').read().split('\n')
starts = [1] + [i + 2 for i, l in enumerate(src) if l == '// -----']
def chunk(line):  # the chunk of a line (0-based)
    return sum(1 for s in starts if s <= line) - 1
# JSON: one diagnostic per finding, each in its own chunk's unit
j = json.load(open(d + '/s.json'))['files'][0]
us, ds = j['units'], j['diagnostics']
need(len(us) == n, 'json: %d units' % len(us))
need(len(ds) == want, 'json: %d diagnostics for %d findings' % (len(ds), want))
for x in ds:
    u = x.get('unit_index')
    need(u is not None and chunk(us[u]['line']) == chunk(x['line']),
         'json: line %d attached to unit %s' % (x['line'], u))
need(sorted(x.get('unit_index', -1) for x in ds) == list(range(0, n, 2)),
     'json: the findings are not the even chunks\' one each')
need(sum(u['verdict'] == 'findings' for u in us) == want, 'json: verdicts')
# SARIF: one result per finding, kernelIndex its own chunk's kernel
s = json.load(open(d + '/s.sarif'))['runs'][0]
rs = s['results']
need(len(rs) == want, 'sarif: %d results' % len(rs))
for r in rs:
    line = r['locations'][0]['physicalLocation']['region']['startLine']
    k = r['properties'].get('kernelIndex')
    need(k is not None and chunk(us[k]['line']) == chunk(line),
         'sarif: line %d attached to kernel %s' % (line, k))
need(len(s['properties']['kernels']) == n, 'sarif: kernels')
# JUnit: one failure per finding, among its own kernel's testcases: each
# kernel has one testcase per finding rule (R, from a clean kernel), the
# finding's in place of its rule's
x = open(d + '/s.junit').read()
R = open(d + '/one.junit').read().count('<testcase ')
cases = [(int(m.group(1)), m.group(2) is None) for m in re.finditer(
    r'<testcase [^>]*?line="(\d+)"[^>]*?(/)?>', x)]
fails = x.count('<failure ')
need(fails == want, 'junit: %d failures for %d findings' % (fails, want))
need(len(cases) == n * R, 'junit: %d testcases for %d kernels of %d rules'
     % (len(cases), n, R))
need(re.search(r'tests="%d" failures="%d"' % (n * R, want), x) is not None,
     'junit: the suite\'s counts')
for k in range(0, len(cases), R):  # a kernel's own: its chunk's lines
    need(len({chunk(line) for line, _ in cases[k:k + R]}) == 1,
         'junit: kernel %d has testcases of another chunk' % (k // R))
# HTML: the summary counts each kernel's own errors: 1 or 0, alternating
h = open(d + '/s.html').read()
rows = re.findall(r'<tr>.*?</tr>', h.split('<tbody>')[1], re.S)
ne = [re.findall(r'<td class="num">(\d+)</td>', r) for r in rows]
need([int(v[0]) for v in ne if v] == [1 - i % 2 for i in range(n)],
     'html: summary errors %s' % [v[0] for v in ne if v][:6])
# text: one error line per finding, and the summary
t = open(d + '/s.text').read()
need(len(re.findall(r': error: ', t)) == want, 'text: error lines')
need(' %d errors,' % want in t, 'text: summary')
shown = {}
for e in errs:  # the first three of each format
    k = e.split(':')[0]
    shown[k] = shown.get(k, 0) + 1
    if shown[k] <= 3:
        print('FAIL:', e)
print('ok: same-named kernels: one entry per finding in every format'
      if not errs else 'FAIL: %d problems' % len(errs))
sys.exit(1 if errs else 0)
PY

# (c) copies of a 4000-tile loop kernel (44k instances): 2 and 8 copies
sed 's/%n = arith.index_cast %arg2 : i32 to index/%n = arith.constant 4000 : index/' \
  "$root/corpus/trip_precredit/ok.mlir" >"$tmp/loop.mlir"
for c in 2 8; do
  $shapes repeat $c "$tmp/loop.mlir" >"$tmp/r$c.mlir"
  /usr/bin/time -f "%M" -o "$tmp/rss$c" timeout 120 "$ksv" check --stats \
    --format sarif -o /dev/null "$tmp/r$c.mlir" >/dev/null 2>"$tmp/err$c"
  grep -q "units=$c " "$tmp/err$c" || bad "repeat $c: not $c kernels"
done
r2=$(tail -1 "$tmp/rss2") r8=$(tail -1 "$tmp/rss8")
c2=$(grep -o 'cpu_s=[0-9.]*' "$tmp/err2" | cut -d= -f2)
c8=$(grep -o 'cpu_s=[0-9.]*' "$tmp/err8" | cut -d= -f2)
if [ $lim = 10 ]; then # (ASan's quarantine keeps what was freed)
  ok "repeat: max RSS not compared under ASan"
elif [ "$r8" -lt $((r2 * 3 / 2)) ]; then
  ok "repeat: max RSS $((r2 / 1024)) MB for 2 copies, $((r8 / 1024)) MB for 8"
else
  bad "repeat: max RSS $((r2 / 1024)) MB for 2 copies but $((r8 / 1024)) MB for 8"
fi
awk -v a="$c2" -v b="$c8" 'BEGIN { exit !(b < 6 * a) }' &&
  ok "repeat: ${c2}s for 2 copies, ${c8}s for 8" ||
  bad "repeat: ${c2}s for 2 copies but ${c8}s for 8"
exit $fail
