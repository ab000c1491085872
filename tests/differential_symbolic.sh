#!/usr/bin/env bash
# differential_symbolic.sh KSV KGEN -- the graph engine's enumeration of
# outcomes (checker/chk_enum.c) against the SMT engine on symbolic kernels.
# Generates KSV_DIFF_COUNT (default 40) kernels with `kgen --symbolic`
# (unknown trip counts, run-time branches, block-index tile loops; fixed
# seed KSV_DIFF_SEED, default 7), checks each with `--engine graph` and
# `--engine smt` (kernel i on a2 when i is even, a5 when odd; every kernel
# on both with KSV_DIFF_BOTH=1) and compares the exit status and the set
# of `line:col [rule]` of the error and warning lines: both engines decide
# the same claims (every branch outcome, trip counts 0..K), so they must
# agree.  A run that passes KSV_DIFF_TIMEOUT seconds (default 120) is
# reported and not compared (the SMT engine on a loaded machine); more than
# a quarter of them timing out fails.  KSV_DIFF_ARGS adds options to both
# engines (e.g. --flag-model=bit).  A kernel the enumeration declines
# (run-time event ids: the graph engine then answers unknown) is skipped.
set -u
ksv=${1:?usage: differential_symbolic.sh KSV KGEN}
kgen=${2:?usage: differential_symbolic.sh KSV KGEN}
count=${KSV_DIFF_COUNT:-40}
seed=${KSV_DIFF_SEED:-7}
to=${KSV_DIFF_TIMEOUT:-120}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$kgen" --symbolic --seed "$seed" --count "$count" "$tmp/k" >/dev/null || {
  echo "differential-symbolic: kgen failed"; exit 1; }
# Deadlocks are compared by presence: a cycle of waits is named by one of
# its waits in one outcome, which the SMT engine's model chooses (the
# enumeration names the first outcome's, in enumeration order), so the two
# may name different waits of the same stuck kernel.
tuples() {
  sed -n -E 's/^[^:]+:([0-9]+:[0-9]+): (error|warning): .*\[([a-z-]+)\]$/\1 \3/p' "$1" |
    sed -E 's/^[0-9]+:[0-9]+ deadlock$/- deadlock/' | sort -u
}
n=0 same=0 diff=0 slow=0 declined=0
for ((i = seed; i < seed + count; i++)); do
  f="$tmp/k/k$i.mlir"
  arches=(a2)
  [ $((i % 2)) -eq 1 ] && arches=(a5)
  [ "${KSV_DIFF_BOTH:-0}" = 1 ] && arches=(a2 a5)
  for a in "${arches[@]}"; do
    n=$((n + 1))
    timeout "$to" "$ksv" check ${KSV_DIFF_ARGS:-} --arch "$a" --engine graph "$f" >"$tmp/g" 2>&1
    rg=$?
    timeout "$to" "$ksv" check ${KSV_DIFF_ARGS:-} --arch "$a" --engine smt "$f" >"$tmp/s" 2>&1
    rs=$?
    if [ $rg -eq 124 ] || [ $rs -eq 124 ]; then
      slow=$((slow + 1)); echo "k$i ($a): timed out (graph $rg, smt $rs)"; continue
    fi
    if [ $rg -eq 3 ] && grep -q 'graph engine cannot enumerate' "$tmp/g"; then
      declined=$((declined + 1)); continue
    fi
    if [ $rg -eq $rs ] && [ "$(tuples "$tmp/g")" = "$(tuples "$tmp/s")" ]; then
      same=$((same + 1))
    else
      diff=$((diff + 1))
      echo "DISAGREE k$i ($a): graph exit $rg, smt exit $rs"
      diff <(tuples "$tmp/s") <(tuples "$tmp/g") | sed 's/^</  smt:  /; s/^>/  graph:/' | head -10
      [ -n "${KSV_DIFF_KEEP:-}" ] && cp "$f" "${KSV_DIFF_KEEP}/"
    fi
  done
done
echo "differential-symbolic: $n runs, $same agree, $diff disagree, $slow timed out, $declined declined by the enumeration"
[ $diff -eq 0 ] && [ $same -gt 0 ] && [ $((slow * 4)) -le $n ]
