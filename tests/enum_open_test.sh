#!/usr/bin/env bash
# enum_open_test.sh KSV SOURCE_ROOT -- branches and loops no sync depends
# on stay open in the enumeration of a symbolic kernel's outcomes
# (checker/chk_enum.c, docs/architecture.md "Branches no sync depends on"),
# on corpus/masked_tiles:
# (a) ok.mlir: only the tile loop's trip count is enumerated (9 outcomes
#     on the graph engine), and the kernel is proven clean, although three
#     writes under exclusive branches have no barrier between them;
# (b) with every dimension enumerated (KSV_ENUM_OPEN=0) it has more than
#     256 outcomes: the enumeration declines it (the SMT engine decides);
# (c) bug_copy_cond.mlir: the hazard's witness names the execution in
#     which both branches run, and the simulator replays it;
# (d) bug_pad_no_sync.mlir: its findings are the SMT engine's.
set -u
ksv=${1:?usage: enum_open_test.sh KSV SOURCE_ROOT}
d=${2:?}/corpus/masked_tiles
fail=0
bad() { echo "FAIL: $*"; fail=1; }

out=$("$ksv" check --stats --arch a2 "$d/ok.mlir" 2>&1)
grep -q 'kernel=masked_tiles engine=graph .* outcomes=9 ' <<<"$out" ||
  bad "(a) ok.mlir is not decided on 9 outcomes by the graph engine: $(grep 'engine=' <<<"$out")"
grep -q 'masked_tiles: clean (bounded) -- proven for trip counts 0..8' <<<"$out" ||
  bad "(a) ok.mlir is not proven clean: $(grep 'masked_tiles:' <<<"$out")"

out=$(KSV_ENUM_OPEN=0 "$ksv" check --stats --arch a2 "$d/ok.mlir" 2>&1)
grep -q 'kernel=masked_tiles engine=smt' <<<"$out" ||
  bad "(b) enumerating every branch did not pass 256 outcomes: $(grep 'engine=' <<<"$out")"

f=$d/bug_copy_cond.mlir
lr=$(grep -n 'scf.if %relu' "$f" | cut -d: -f1)
lc=$(grep -n 'scf.if %copy' "$f" | cut -d: -f1)
out=$("$ksv" check --arch a2 --replay "$f" 2>&1)
w=$(grep 'note: witness: vrelu' <<<"$out")
{ grep -q "branch at $lr:7 taken" <<<"$w" && grep -q "branch at $lc:7 taken" <<<"$w"; } ||
  bad "(c) the hazard's witness does not run both branches ($lr, $lc): $w"
grep -q 'replay on the simulator: the race happens' <<<"$out" ||
  bad "(c) the simulator did not replay the hazard: $(grep 'replay' <<<"$out")"

f=$d/bug_pad_no_sync.mlir
for a in a2 a5; do
  g=$("$ksv" check --arch $a "$f" 2>&1 | grep -E ': (error|warning):' | sort)
  s=$("$ksv" check --arch $a --engine smt "$f" 2>&1 | grep -E ': (error|warning):' | sort)
  [ "$g" = "$s" ] || bad "(d) $a: the graph engine and the SMT engine differ: $(diff <(echo "$g") <(echo "$s"))"
done
[ $fail = 0 ] && echo "enum-open: ok"
exit $fail
