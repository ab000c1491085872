#!/usr/bin/env bash
# differential.sh -- graph-vs-smt differential run at scale, with throughput.
# usage: bash bench/differential.sh [N] [BUILD_DIR]
#   N          kernels per family (default 10000)
#   BUILD_DIR  meson build directory with ksv and tests/kgen (default build)
# 1. N concrete kernels from tests/gen/kgen: `ksv check --engine graph` and
#    `--engine smt` (batches of 200 files), findings compared per file as in
#    tests/differential_test.sh (which this runs with KSV_DIFF_COUNT=N);
#    prints the disagreements and kernels/s per engine.
# 2. NSYM symbolic kernels (`kgen --symbolic`: argument trip counts, branches
#    on an argument or on get_block_idx) through `--engine smt` only, one
#    process per kernel, SYM_TIMEOUT seconds each: verdict distribution
#    (clean / findings / unknown / error), timeouts, crashes and kernels/s.
# Environment: SEED (default 1; the symbolic family uses SEED + 1000000),
# NSYM (default N/20: the SMT engine needs seconds per symbolic kernel),
# SYM_TIMEOUT (120), SMT_OPTS (extra check options for the symbolic run, e.g.
# "--trip-bound 4"), KSV_DIFF_JOBS (parallel processes, default nproc),
# KSV_DIFF_KEEP=DIR keeps the concrete kernels and outputs.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-10000}
build=${2:-$root/build}
seed=${SEED:-1}
nsym=${NSYM:-$((n / 20))}
symto=${SYM_TIMEOUT:-120}
SMT_OPTS=${SMT_OPTS:-}
jobs=${KSV_DIFF_JOBS:-$(nproc 2>/dev/null || echo 1)}
ksv=$build/ksv
kgen=$build/tests/kgen
[ -x "$ksv" ] && [ -x "$kgen" ] || {
  echo "build first: meson setup build && ninja -C build"; exit 2; }

echo "## concrete kernels: graph vs smt ($n kernels, seed $seed)"
KSV_DIFF_COUNT=$n KSV_DIFF_SEED=$seed \
  bash "$root/tests/differential_test.sh" "$ksv" "$kgen"
diff_rc=$?
[ $diff_rc -eq 77 ] && exit 77

echo
echo "## symbolic kernels: smt only ($nsym kernels, seed $((seed + 1000000)), $jobs jobs, ${symto}s per kernel)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$kgen" --symbolic --seed $((seed + 1000000)) --count "$nsym" "$tmp/k" || exit 1
# one process per kernel: the SMT engine spends seconds per symbolic kernel,
# so process start-up is noise, and a hang costs one kernel, not a batch
one() {
  timeout "$symto" "$ksv" check --engine smt $SMT_OPTS "$1" >"$1.out" 2>&1
  echo "$1 $?" >"$1.rc"
}
export -f one
export ksv symto SMT_OPTS
start=$(date +%s.%N)
ls "$tmp"/k/*.mlir | xargs -P "$jobs" -I{} bash -c 'one {}'
end=$(date +%s.%N)
cat "$tmp"/k/*.out >"$tmp/smt.out"
cat "$tmp"/k/*.rc >"$tmp/rc"
awk -v n="$nsym" -v a="$start" -v b="$end" '
  FNR == NR { rc[$2]++; next }
  /^[^:]+\.mlir: [^:]+: (clean|findings|unknown|error)/ {
    split($0, p, ": "); v = p[3]; sub(/ .*/, "", v); cnt[v]++ }
  END {
    t = b - a
    printf "smt: %d symbolic kernels in %.1fs wall (%.2f kernels/s)\n", n, t, (t > 0 ? n / t : 0)
    for (v in cnt) printf "  verdict %-9s %d\n", v, cnt[v]
    for (r in rc) printf "  exit %-3s %d%s\n", r, rc[r],
      (r == 124 ? " (timed out)" : r == 2 ? " (bad input: a kgen bug)" : r > 3 ? " (crash)" : "")
  }' "$tmp/rc" "$tmp/smt.out"
exit $diff_rc
