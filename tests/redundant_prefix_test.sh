#!/usr/bin/env bash
# redundant_prefix_test.sh KSV KBENCH SOURCE_ROOT -- the redundant-sync
# search on a prefix of a kernel with a long loop (checker/chk_redundant.c,
# redundant_prefix) gives exactly the search on the whole kernel
# (KSV_REDUNDANT_PREFIX=0), on both profiles and flag models:
# (a) kbench MIX and vector kernels of 300 tiles: the prefix's result is
#     kept (--stats: prefix=N:kept) and the reports are the same;
# (b) corpus/long_loop/ok_late_branch.mlir, whose syncs matter only from
#     tile 40 on: the prefix finds them removable, the check on the whole
#     kernel refuses, the search runs on the whole kernel
#     (prefix=N:fell-back), and the reports are the same.
set -u
ksv=${1:?usage: redundant_prefix_test.sh KSV KBENCH SOURCE_ROOT}
kbench=${2:?}
src=${3:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
"$kbench" --tiles 300 >"$tmp/mix.mlir"
"$kbench" --cores 1 --tiles 300 >"$tmp/vec.mlir"
# same FILE WANT [WANT_BIT]: the reports with and without the prefix; WANT
# the stats (under --flag-model bit WANT_BIT, default WANT)
same() {
  for a in a2 a5; do
    for m in count bit; do
      want=$2
      [ $m = bit ] && want=${3:-$2}
      out=$("$ksv" check --arch $a --flag-model $m --stats "$1" 2>"$tmp/st")
      ref=$(KSV_REDUNDANT_PREFIX=0 "$ksv" check --arch $a --flag-model $m "$1" 2>/dev/null)
      [ "$out" = "$ref" ] || bad "$1 ($a, $m): the reports differ: $(diff <(echo "$ref") <(echo "$out") | head -6)"
      grep -qE "prefix=[0-9]+:$want" "$tmp/st" ||
        bad "$1 ($a, $m): not prefix=N:$want: $(grep -oE 'prefix=[^ ]*' "$tmp/st")"
    done
  done
}
same "$tmp/mix.mlir" kept
same "$tmp/vec.mlir" kept
# (one-bit flags: the EVENT_ID2 pair is kept in the prefix already)
same "$src/corpus/long_loop/ok_late_branch.mlir" fell-back '(kept|fell-back)'
# the a5 run of the MIX kernel has redundant barriers: the comparison above
# compared findings, not two empty reports
"$ksv" check --arch a5 "$tmp/mix.mlir" | grep -q 'redundant-barrier' ||
  bad "kbench on a5 has no redundant barrier to compare"
[ $fail = 0 ] && echo "redundant-prefix: ok"
exit $fail
