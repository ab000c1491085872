#!/usr/bin/env bash
# fix_together_test.sh KSV SOURCE_ROOT -- `ksv fix`'s redundant-sync phase
# first removes every redundant sync the check reports in one edit (the
# checker's greedy search keeps a set that can be removed together:
# driver/ksv_fix.c, fix_redundant_together), one check instead of a round
# per sync.  On corpus/flash_attn_fwd/bug_redundant_barrier.mlir (a
# redundant barrier and a redundant wait): (a) both are removed together
# (KSV_FIX_TRACE);
# (b) each is reported as its own fix at its line of the input; (c) the
# fixed file checks clean.
set -u
ksv=${1:?usage: fix_together_test.sh KSV SOURCE_ROOT}
f=${2:?}/corpus/flash_attn_fwd/bug_redundant_barrier.mlir
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
KSV_FIX_TRACE=1 "$ksv" fix -o "$tmp/out.mlir" "$f" >"$tmp/report" 2>"$tmp/trace"
grep -q '^fix: 2 redundant syncs removed together: kept' "$tmp/trace" ||
  bad "(a) not removed together: $(grep together "$tmp/trace")"
lines=$("$ksv" check "$f" | sed -n -E 's/^[^:]+:([0-9]+):([0-9]+): warning: .*\[(redundant-[a-z]+)\]$/\1:\2:\3/p')
[ "$(wc -w <<<"$lines")" = 2 ] || bad "(b) the input has not two redundant syncs: $lines"
for l in $lines; do
  grep -q "^$f:${l%:*}: fix: .*\[${l##*:}\]" "$tmp/report" ||
    bad "(b) no fix reported at ${l%:*}"
done
[ "$(grep -c '(1 finding resolved)' "$tmp/report")" = 2 ] ||
  bad "(b) not two fixes of one finding each: $(grep 'resolved' "$tmp/report")"
"$ksv" check "$tmp/out.mlir" >"$tmp/chk" 2>&1 || bad "(c) the fixed file is not clean: $(tail -2 "$tmp/chk")"
[ $fail = 0 ] && echo "fix-together: ok"
exit $fail
