#!/usr/bin/env bash
# differential_test.sh KSV KGEN -- differential test of ksv's two engines.
# Generates 1000 concrete random kernels with tests/gen/kgen (fixed seed),
# runs `KSV check --engine graph` and `KSV check --engine smt` over all of
# them (one process per engine and batch of 200 files), extracts the
# `file:line:col [rule]` tuple of every finding (error and warning lines;
# notes and summary lines are ignored) and compares the two sets per file.
# A file disagrees when the sets differ, when either engine reports
# `[unknown]` on it (every generated kernel is concrete, so undecided is a
# bug), or when an engine crashes on it. Any bad input (exit 2 / bad-input /
# verdict `error`) is a generator bug and fails the test too.
# Prints up to 10 disagreeing files with both outputs, then
#   differential: N kernels, M disagreements
# Exit 0 when they agree everywhere, 1 otherwise, 77 (skip) while ksv has no
# --engine option.
# Environment: KSV_DIFF_COUNT (default 1000), KSV_DIFF_SEED (default 1),
# KSV_DIFF_BATCH (200), KSV_DIFF_JOBS (batches run in parallel; default
# nproc, at most 4), KSV_DIFF_STRICT=1 compares tuple multiplicities
# (default: sets), KSV_DIFF_KEEP=DIR keeps the kernels and outputs in DIR,
# KSV_DIFF_ARGS adds options to both engines (e.g. --no-redundant).
set -u
ksv=${1:?usage: differential_test.sh KSV KGEN}
kgen=${2:?usage: differential_test.sh KSV KGEN}
count=${KSV_DIFF_COUNT:-1000}
seed=${KSV_DIFF_SEED:-1}
batch=${KSV_DIFF_BATCH:-200}
strict=${KSV_DIFF_STRICT:-0}
jobs=${KSV_DIFF_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -gt 4 ] && jobs=4
# a hung engine counts as a crash (timeout(1) is in coreutils)
to() { if command -v timeout >/dev/null; then timeout "$@"; else shift; "$@"; fi; }

if [ -n "${KSV_DIFF_KEEP:-}" ]; then
  tmp=$KSV_DIFF_KEEP
  rm -rf "$tmp" && mkdir -p "$tmp" || exit 1
else
  tmp=$(mktemp -d) || exit 1
  trap 'rm -rf "$tmp"' EXIT
fi

# ------------------------------------------------ is --engine there yet?
mkdir -p "$tmp/k"
"$kgen" --seed 0 --count 1 --clean "$tmp/probe" >/dev/null || {
  echo "differential: kgen failed"; exit 1; }
"$ksv" check --engine graph "$tmp/probe/k0.mlir" >"$tmp/probe.out" 2>"$tmp/probe.err"
rc=$?
if [ $rc -eq 2 ] && grep -qi "unknown option" "$tmp/probe.err" "$tmp/probe.out"; then
  echo "differential: SKIP: '$ksv check --engine' is not supported yet:"
  head -2 "$tmp/probe.err"
  exit 77
fi

# ------------------------------------------------------------- kernels
"$kgen" --seed "$seed" --count "$count" "$tmp/k" || {
  echo "differential: kgen failed"; exit 1; }
files=()
for ((i = seed; i < seed + count; i++)); do files+=("$tmp/k/k$i.mlir"); done

# run ENGINE: $tmp/ENGINE.out (all reports), $tmp/ENGINE.bad (files with
# bad input), $tmp/ENGINE.crash (files the engine crashed or hung on).
# Batches run $jobs at a time; each is one `ksv check` process.
run() {
  local e=$1 b rc f
  : >"$tmp/$e.out"; : >"$tmp/$e.bad"; : >"$tmp/$e.crash"
  for ((b = 0; b < ${#files[@]}; b += batch)); do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    (
      to 900 "$ksv" check ${KSV_DIFF_ARGS:-} --engine "$e" "${files[@]:b:batch}" \
        >"$tmp/$e.$b.part" 2>"$tmp/$e.$b.err"
      echo $? >"$tmp/$e.$b.rc"
    ) &
  done
  wait
  for ((b = 0; b < ${#files[@]}; b += batch)); do
    rc=$(cat "$tmp/$e.$b.rc")
    if [ "$rc" -le 3 ]; then
      cat "$tmp/$e.$b.part" >>"$tmp/$e.out"
      continue
    fi
    # a crash (signal / internal abort) or a hang: attribute it file by file
    echo "differential: $e engine exited $rc on a batch; rerunning it file by file"
    for f in "${files[@]:b:batch}"; do
      to 120 "$ksv" check ${KSV_DIFF_ARGS:-} --engine "$e" "$f" >"$tmp/$e.part" 2>"$tmp/$e.err"
      rc=$?
      cat "$tmp/$e.part" >>"$tmp/$e.out"
      if [ $rc -gt 3 ]; then
        echo "$f" >>"$tmp/$e.crash"
        echo "$f: $e engine exited $rc: $(head -c 300 "$tmp/$e.err")" >>"$tmp/$e.out"
      fi
    done
  done
  # bad input: a bad-input diagnostic or an `error` verdict
  awk -v e="$e" '
    match($0, /^[^:]+\.mlir:[0-9]+:[0-9]+: error: .*\[bad-input\]$/) {
      split($0, a, ":"); print a[1] }
    match($0, /^[^:]+\.mlir: [^:]+: error$/) { split($0, a, ":"); print a[1] }
  ' "$tmp/$e.out" | sort -u >"$tmp/$e.bad"
}

# tuples ENGINE: "file:line:col [rule]" per finding, sorted
tuples() {
  sed -n -E 's/^([^:]+\.mlir):([0-9]+):([0-9]+): (error|warning): .*(\[[a-z0-9-]+\])$/\1:\2:\3 \5/p' \
    "$tmp/$1.out" | LC_ALL=C sort $([ "$strict" = 1 ] || echo -u)
}

start=$(date +%s.%N)
run graph
mid=$(date +%s.%N)
run smt
end=$(date +%s.%N)

tuples graph >"$tmp/graph.t"
tuples smt >"$tmp/smt.t"

# disagreeing files: differing tuples, [unknown] from either engine, crashes
{
  LC_ALL=C comm -3 "$tmp/graph.t" "$tmp/smt.t" | sed -E 's/^\t//; s/:[0-9]+:[0-9]+ .*$//'
  grep -h ' \[unknown\]$' "$tmp/graph.t" "$tmp/smt.t" | sed -E 's/:[0-9]+:[0-9]+ .*$//'
  cat "$tmp/graph.crash" "$tmp/smt.crash"
} | LC_ALL=C sort -u >"$tmp/disagree"
cat "$tmp/graph.bad" "$tmp/smt.bad" | LC_ALL=C sort -u >"$tmp/bad"

ndis=$(wc -l <"$tmp/disagree")
nbad=$(wc -l <"$tmp/bad")

show() { # FILE ENGINE
  grep -F -- "$1" "$tmp/$2.out" | grep -v '^ksv:' | sed "s|$tmp/k/||g; s/^/    /"
}
shown=0
while IFS= read -r f; do
  [ $shown -ge 10 ] && break
  shown=$((shown + 1))
  echo "=== $(basename "$f") disagrees: $(head -1 "$f" | sed 's|^// kgen: ||')"
  sed -n '2,3{/^\/\/ kgen: /s|^// kgen: |    |p}' "$f"
  echo "  --engine graph:"; show "$f" graph
  echo "  --engine smt:"; show "$f" smt
done <"$tmp/disagree"
[ "$ndis" -gt 10 ] && echo "... and $((ndis - 10)) more disagreeing files"

if [ "$nbad" -gt 0 ]; then
  echo "differential: $nbad generated kernels are bad input (a kgen bug):"
  head -10 "$tmp/bad" | while IFS= read -r f; do
    echo "  $(basename "$f"):"; show "$f" graph | head -3; show "$f" smt | head -3
  done
fi

awk -v n="$count" -v a="$start" -v b="$mid" -v c="$end" 'BEGIN {
  g = b - a; s = c - b
  printf "differential: graph %.2fs (%.1f kernels/s), smt %.2fs (%.1f kernels/s)\n",
    g, (g > 0 ? n / g : 0), s, (s > 0 ? n / s : 0) }'
echo "differential: $count kernels, $ndis disagreements"
[ "$ndis" -eq 0 ] && [ "$nbad" -eq 0 ]
