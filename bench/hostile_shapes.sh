#!/usr/bin/env bash
# hostile_shapes.sh -- the input shapes of issue 21 that were quadratic
# (docs/PERFORMANCE.md, "Hostile shapes (issue 21)"):
#   bash bench/hostile_shapes.sh [BUILD_DIR]    (default: build; KSV=path
#                                                overrides the binary)
# Kernels from bench/shapes.py (a small AIV kernel with one race each).
# 1. One module of N functions against N `// -----` chunks (text report),
#    and the other one-chunk shapes: N modules in one chunk, N kernels
#    each calling its own helper, N lone MIX halves, N/4 MIX pairs.
# 2. N buggy chunks through every report format (-o /dev/null), and N
#    chunks whose race a ksv-ignore comment suppresses (text).
# 3. Same-named kernels: N chunks each holding a buggy @k0, every format;
#    the entries each report has (JUnit testcases and failures, SARIF
#    results, JSON diagnostics) against the N findings.
# 4. Megabytes of repeated kernels: copies of REPEAT_FILE (default
#    corpus/fa_preload/bug_no_p_precredit.mlir, 24 KB) as chunks, through
#    --format sarif.
# 5. The SMT engine: `pairs N` (2N racing statements, a statement pair
#    each a finding) and `loop N` (one loop of N racing iterations, under
#    --max-memory-mb 64 and --max-unroll 10000).
# Per run: the CPU seconds ksv reports (--stats cpu_s: the whole process,
# user + system), wall seconds and max RSS (GNU time).  Environment:
# SIZES (part 1, default "1000 2000 4000 10000"), FMT_SIZES (part 2,
# "1000 2000 10000"), SAME_SIZES (part 3, "200 250"), COPIES (part 4,
# "25 50 100"), SMT_PAIRS (part 5, "50 100 150"), SMT_LOOPS (part 5,
# "250 1000 3000 9000"), PARTS (default "1 2 3 4 5").
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
ksv=${KSV:-$build/ksv}
shapes="python3 $root/bench/shapes.py"
SIZES=${SIZES:-"1000 2000 4000 10000"}
FMT_SIZES=${FMT_SIZES:-"1000 2000 10000"}
SAME_SIZES=${SAME_SIZES:-"200 250"}
COPIES=${COPIES:-"25 50 100"}
REPEAT_FILE=${REPEAT_FILE:-$root/corpus/fa_preload/bug_no_p_precredit.mlir}
SMT_PAIRS=${SMT_PAIRS:-"50 100 150"}
SMT_LOOPS=${SMT_LOOPS:-"250 1000 3000 9000"}
PARTS=${PARTS:-"1 2 3 4 5"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "# $(date -u +%F) $ksv; load: $(cut -d' ' -f1-3 /proc/loadavg)"

# run LABEL FILE ARGS...: one `ksv check --stats` line of figures
run() {
  local label=$1 f=$2
  shift 2
  /usr/bin/time -f "%e %M" -o "$tmp/time" timeout 1200 "$ksv" check --stats \
    "$@" "$f" >"$tmp/out" 2>"$tmp/err" || true
  local cpu
  cpu=$(grep -o 'cpu_s=[0-9.]*' "$tmp/err" | tail -1 | cut -d= -f2)
  read -r wall rss < <(tail -1 "$tmp/time")
  printf '%-34s %9s %8s %8s %7s\n' "$label" "$(stat -c %s "$f")" \
    "${cpu:-timeout}" "$wall" "$((rss / 1024))"
}
head() { printf '%-34s %9s %8s %8s %7s\n' shape bytes cpu_s wall_s rss_mb; }

if [[ " $PARTS " == *" 1 "* ]]; then
  echo "## 1. one chunk against many (text report)"
  head
  for n in $SIZES; do
    for s in module chunks modules calls halves; do
      $shapes $s "$n" >"$tmp/k.mlir"
      run "$s $n" "$tmp/k.mlir" -o /dev/null
    done
    $shapes mix $((n / 4)) >"$tmp/k.mlir" # (a pair: 2 x 40 lines)
    run "mix $((n / 4)) pairs" "$tmp/k.mlir" -o /dev/null
  done
fi

if [[ " $PARTS " == *" 2 "* ]]; then
  echo "## 2. N buggy chunks, every format"
  head
  for n in $FMT_SIZES; do
    $shapes chunks "$n" >"$tmp/k.mlir"
    for fmt in text json sarif junit html; do
      run "chunks $n $fmt" "$tmp/k.mlir" --format $fmt -o /dev/null
    done
    $shapes ignored "$n" >"$tmp/k.mlir"
    run "ignored $n text" "$tmp/k.mlir" -o /dev/null
  done
fi

if [[ " $PARTS " == *" 3 "* ]]; then
  echo "## 3. N chunks of a buggy @k0: entries per report"
  head
  for n in $SAME_SIZES; do
    $shapes same "$n" >"$tmp/k.mlir"
    for fmt in json sarif junit; do
      run "same $n $fmt" "$tmp/k.mlir" --format $fmt -o "$tmp/r.$fmt"
    done
    python3 - "$tmp" "$n" <<'PY'
import json, re, sys
d, n = sys.argv[1], sys.argv[2]
x = open(d + '/r.junit').read()
j = json.load(open(d + '/r.json'))
s = json.load(open(d + '/r.sarif'))
print('  %s findings: junit %d testcases, %d failures; sarif %d results; '
      'json %d diagnostics, %d units' % (
          n, x.count('<testcase '), x.count('<failure '),
          len(s['runs'][0]['results']),
          sum(len(f['diagnostics']) for f in j['files']),
          sum(len(f['units']) for f in j['files'])))
PY
  done
fi

if [[ " $PARTS " == *" 4 "* ]]; then
  echo "## 4. copies of $(basename "$REPEAT_FILE") as chunks (--format sarif)"
  head
  for n in $COPIES; do
    $shapes repeat "$n" "$REPEAT_FILE" >"$tmp/k.mlir"
    run "repeat $n" "$tmp/k.mlir" --format sarif -o /dev/null
  done
fi

if [[ " $PARTS " == *" 5 "* ]]; then
  echo "## 5. the SMT engine"
  head
  for n in $SMT_PAIRS; do
    $shapes pairs "$n" >"$tmp/k.mlir"
    run "smt pairs $n" "$tmp/k.mlir" --engine smt -o /dev/null
  done
  for n in $SMT_LOOPS; do
    $shapes loop "$n" >"$tmp/k.mlir"
    run "smt loop $n (64 MB)" "$tmp/k.mlir" --engine smt --max-unroll 10000 \
      --max-memory-mb 64 -o /dev/null
  done
fi
