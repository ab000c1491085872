#!/usr/bin/env bash
# The two engines on the whole corpus (HIVM .mlir and Ascend C .cpp): for
# every corpus kernel and both
# profiles, `--engine graph` and `--engine smt` report the same findings
# (line, severity, rule; redundant-sync search included) wherever both
# decide.  An engine may decline a kernel (exit 3) only for a reason of
# its own -- the graph engine a branch of unstructured control flow or an
# event id computed at run time, the SMT engine more than its instance
# limit (docs/limits.md) -- and then the other engine must decide it;
# every decline is listed.  corpus_test.sh checks the expectations
# themselves (with the default engine).
# KSV_ENGINES_STRIDE=N checks every Nth file only, from the
# KSV_ENGINES_START-th (0-based, default 0): .ci/run checks the even files
# in the suite and scripts/sanitize.sh every 4th from the second, so that
# CI covers three files in four; a local scripts/test.sh checks them all.
# usage: engines_corpus.sh KSV SOURCE_ROOT
set -u
ksv=$1
root=$2
stride=${KSV_ENGINES_STRIDE:-1}
start=${KSV_ENGINES_START:-0}
same=0 declined=0 fail=0 i=0
norm() {
  grep -E ': (error|warning): ' |
    sed -E 's/^[^:]*:([0-9]+):[0-9]+: (error|warning): .*\[([a-z-]+)\]$/\1 \2 \3/' |
    sort -u
}
while IFS= read -r f; do
  rel=${f#"$root"/}
  i=$((i + 1))
  [ $((i - 1)) -ge "$start" ] && [ $(((i - 1 - start) % stride)) -eq 0 ] || continue
  for arch in a2 a5; do
    s=$("$ksv" check --stats --arch "$arch" --engine smt "$f" 2>&1)
    sr=$?
    # the graph engine at the SMT engine's trip bound, given explicitly:
    # by default it may unroll further where a proof for every trip count
    # needs it (tests/loops_test.sh compares the engines there)
    kb=$(grep -o 'trip_bound=[0-9]*' <<<"$s" | sort -t= -k2 -n | tail -1)
    kb=${kb#trip_bound=}
    tb=()
    [ -n "$kb" ] && [ "$kb" != 0 ] && tb=(--trip-bound "$kb")
    s=$(grep -v '^ksv-stats:' <<<"$s")
    g=$("$ksv" check --arch "$arch" --engine graph "${tb[@]}" "$f" 2>&1)
    gr=$?
    if { [ $gr -eq 3 ] && [ $sr -le 1 ]; } || { [ $sr -eq 3 ] && [ $gr -le 1 ]; }; then
      declined=$((declined + 1))
      echo "declined: $rel ($arch): graph exit $gr, smt exit $sr"
      continue
    fi
    if [ $gr -gt 1 ] || [ $sr -gt 1 ]; then
      fail=$((fail + 1))
      echo "FAIL $rel ($arch): graph exit $gr, smt exit $sr"
      continue
    fi
    d=$(diff <(norm <<<"$g") <(norm <<<"$s"))
    # a loop past --max-unroll the SMT engine checks on its first
    # iterations only (a prefix: what it finds is real, the end of the
    # kernel is not decided), where the graph engine decides it with its
    # trip count left open (docs/loops.md, "Long loops"): the SMT engine's
    # findings must be among the graph engine's
    if [ -n "$d" ] && grep -q 'clean (bounded) -- checked on the first\|findings -- checked on the first' <<<"$s" &&
      ! grep -q '^>' <<<"$d"; then
      d=
    fi
    if [ -n "$d" ]; then
      fail=$((fail + 1))
      echo "FAIL $rel ($arch): the engines disagree (< graph, > smt)"
      echo "$d" | sed 's/^/  /'
    else
      same=$((same + 1))
    fi
  done
done < <(find "$root/corpus" \( -name '*.mlir' -o -name '*.cpp' \) | sort)
echo "engines-corpus: $same agree, $declined decided by one engine only, $fail failed"
# most of the corpus is decided by both: a decline must stay the exception
[ $fail -eq 0 ] && [ $same -gt 0 ] && [ $((declined * 5)) -le $same ]
