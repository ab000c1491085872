#!/usr/bin/env bash
# differential.sh -- graph-vs-smt differential run at scale, with throughput.
# usage: bash bench/differential.sh [N] [BUILD_DIR]
#   N          kernels per family (default 10000)
#   BUILD_DIR  meson build directory with ksv and tests/kgen (default build)
# 1. N concrete kernels from tests/gen/kgen: `ksv check --engine graph` and
#    `--engine smt` (batches of 200 files), findings compared per file as in
#    tests/differential_test.sh (which this runs with KSV_DIFF_COUNT=N);
#    prints the disagreements and kernels/s per engine.
# 2. N symbolic kernels (`kgen --symbolic`: argument trip counts, branches on
#    an argument or on get_block_idx) through `--engine smt` only: verdict
#    distribution (clean / findings / unknown / error) and kernels/s.
# Environment: SEED (default 1; the symbolic family uses SEED + 1000000),
# KSV_DIFF_KEEP=DIR keeps the concrete kernels and outputs.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-10000}
build=${2:-$root/build}
seed=${SEED:-1}
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
echo "## symbolic kernels: smt only ($n kernels, seed $((seed + 1000000)))"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$kgen" --symbolic --seed $((seed + 1000000)) --count "$n" "$tmp/k" || exit 1
files=("$tmp"/k/*.mlir)
: >"$tmp/smt.out"
crashes=0
start=$(date +%s.%N)
for ((b = 0; b < ${#files[@]}; b += 200)); do
  "$build/ksv" check --engine smt "${files[@]:b:200}" >>"$tmp/smt.out" 2>"$tmp/err"
  rc=$?
  if [ $rc -gt 3 ]; then
    crashes=$((crashes + 1))
    echo "smt exited $rc on batch $((b / 200)): $(head -c 200 "$tmp/err")"
  fi
done
end=$(date +%s.%N)
awk -v n="$n" -v a="$start" -v b="$end" -v cr="$crashes" '
  /^[^:]+\.mlir: [^:]+: (clean|findings|unknown|error)/ {
    split($0, p, ": "); v = p[3]; sub(/ .*/, "", v); cnt[v]++; tot++ }
  /\[unknown\]$/ { unk++ }
  END {
    t = b - a
    printf "smt: %d verdicts in %.2fs (%.1f kernels/s), %d crashed batches\n",
      tot, t, (t > 0 ? n / t : 0), cr
    for (v in cnt) printf "  %-9s %d\n", v, cnt[v]
    if (cnt["error"] > 0) print "  (error = bad input: a kgen bug)"
  }' "$tmp/smt.out"
exit $diff_rc
