#!/usr/bin/env bash
# ascendc_e2e.sh KSV SRC -- end-to-end runs of ksv check on tiny Ascend C
# kernels (tests/ascendc/e2e/): clean kernels exit 0, each seeded bug gives
# its finding at the line of the C++ call, a header is nothing to check,
# a call ksv cannot see is unknown; ksv dump shows each core's function.
set -u
ksv=${1:?usage: ascendc_e2e.sh path/to/ksv SRC}
src=${2:?usage: ascendc_e2e.sh path/to/ksv SRC}
d="$src/tests/ascendc/e2e"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect_rc FILE RC: ksv check FILE exits RC (output in $tmp/out)
expect_rc() {
  "$ksv" check "$d/$1" >"$tmp/out" 2>&1
  local rc=$?
  [ "$rc" = "$2" ] || { fail "$1: exit $rc, expected $2"; sed 's/^/  /' "$tmp/out"; }
}
# expect_finding FILE LINE RULE: a diagnostic of RULE at FILE:LINE:
expect_finding() {
  grep -q "^$d/$1:$2:[0-9]*: error: .*\[$3\]" "$tmp/out" ||
    { fail "$1: no [$3] at line $2"; sed 's/^/  /' "$tmp/out"; }
}

expect_rc vec_add.cpp 0
grep -q "vec_add: clean" "$tmp/out" || fail "vec_add.cpp: not clean"
expect_rc vec_add_tiling.cpp 0
grep -q "clean -- proven for every trip count of the loop" "$tmp/out" ||
  fail "vec_add_tiling.cpp: the symbolic tile loop is not proven for every trip count"
expect_rc vec_add_nowait.cpp 1
expect_finding vec_add_nowait.cpp 52 race
expect_finding vec_add_nowait.cpp 50 unpaired-set

expect_rc vec_blockloop.cpp 0
expect_rc vec_blockloop_nowait.cpp 1
expect_finding vec_blockloop_nowait.cpp 13 race

expect_rc que_idle_return.asc 0
expect_rc que_idle_return_late.asc 0

# constant loops are unrolled: one finding per C++ statement pair, in both
# engines; a sync's copies are removed together (redundant only if it is so
# in every iteration)
count() { grep -c "^$d/$1:$2:[0-9]*: \(error\|warning\): .*\[$3\]" "$tmp/out"; }
for eng in graph smt; do
  "$ksv" check --arch a2 --engine $eng "$d/loop4_nowait.cpp" >"$tmp/out" 2>&1
  [ "$(count loop4_nowait.cpp 22 race)" = 1 ] &&
    [ "$(count loop4_nowait.cpp 20 unpaired-set)" = 1 ] &&
    [ "$(grep -c '\[race\]' "$tmp/out")" = 1 ] ||
    { fail "loop4_nowait.cpp ($eng): not one race"; sed 's/^/  /' "$tmp/out"; }
  "$ksv" check --arch a2 --engine $eng "$d/loop4_barrier.cpp" >"$tmp/out" 2>&1
  [ "$(count loop4_barrier.cpp 21 redundant-barrier)" = 1 ] &&
    [ "$(grep -c '\[redundant-barrier\]' "$tmp/out")" = 1 ] ||
    { fail "loop4_barrier.cpp ($eng): not the one barrier at 21"; sed 's/^/  /' "$tmp/out"; }
done

expect_rc cce_copy.cce 0
expect_rc cce_copy_nowait.cce 1
expect_finding cce_copy_nowait.cce 11 race

expect_rc mix_mm_scale.cpp 0
expect_rc mix_mm_scale_nowait.cpp 1
expect_finding mix_mm_scale_nowait.cpp 44 xcore-race

expect_rc cube_pp.cpp 0
grep -q "cube_pp: clean" "$tmp/out" || fail "cube_pp.cpp: not clean"
expect_rc cube_pp_nodrain.cpp 1
expect_finding cube_pp_nodrain.cpp 13 unpaired-set
# a barrier on a pipe the AIC lacks: invalid-sync there, the kernel stays AIC
expect_rc cube_pp_vbarrier.cpp 1
expect_finding cube_pp_vbarrier.cpp 53 invalid-sync
grep -q "bad-input" "$tmp/out" && fail "cube_pp_vbarrier.cpp: taken as vector"
# and a cube barrier in a vector kernel's unrolled loop: one invalid-sync
expect_rc vec_add_mbarrier.cpp 1
expect_finding vec_add_mbarrier.cpp 53 invalid-sync
[ "$(grep -c 'error:' "$tmp/out")" = 1 ] ||
  { fail "vec_add_mbarrier.cpp: not exactly one error"; sed 's/^/  /' "$tmp/out"; }

expect_rc helper.h 0
grep -q "warning: no kernel entry" "$tmp/out" || fail "helper.h: no warning"
expect_rc opaque_call.cpp 3
grep -q "opaque_call: unknown" "$tmp/out" || fail "opaque_call.cpp: not unknown"
grep -q "opaque_call.cpp:7:3: warning: call of 'ExternalHelper'" "$tmp/out" ||
  fail "opaque_call.cpp: no located warning naming the call"
grep -q "clean" "$tmp/out" && fail "opaque_call.cpp: printed clean"

# a build macro: unknown until -D gives it; --lang reads any extension
expect_rc build_macro.cpp 3
grep -q "warning: a statement under .#if SCENARIO_NUM == 2. (line 7).*-D NAME=VALUE" "$tmp/out" ||
  fail "build_macro.cpp: no located warning asking for -D"
"$ksv" check -D SCENARIO_NUM=1 "$d/build_macro.cpp" >"$tmp/out" 2>&1
[ $? = 1 ] && grep -q "build_macro.cpp:10:3: error: .*\[deadlock\]" "$tmp/out" ||
  fail "-D SCENARIO_NUM=1: no deadlock at the wait"
"$ksv" check -DSCENARIO_NUM=2 "$d/build_macro.cpp" >"$tmp/out" 2>&1
[ $? = 0 ] && ! grep -q "deadlock\|unknown --" "$tmp/out" ||
  fail "-DSCENARIO_NUM=2: not decided, or a deadlock"
cp "$d/build_macro.cpp" "$tmp/build_macro.txt"
"$ksv" check --lang ascendc -DSCENARIO_NUM=1 "$tmp/build_macro.txt" >"$tmp/out" 2>&1
[ $? = 1 ] && grep -q "\[deadlock\]" "$tmp/out" || fail "--lang ascendc on a .txt file"
"$ksv" check --lang hivm "$d/build_macro.cpp" >"$tmp/out" 2>&1
[ $? = 2 ] || fail "--lang hivm on C++: not bad input"
"$ksv" check -D 1x "$d/build_macro.cpp" >"$tmp/out" 2>&1
[ $? = 2 ] || fail "-D 1x: not a usage error"
"$ksv" sim -DSCENARIO_NUM=2 "$d/build_macro.cpp" >"$tmp/out" 2>&1 || fail "sim -D: exit $?"

# ksv dump: the MIX kernel's three cores, instructions located at the calls
"$ksv" dump "$d/mix_mm_scale.cpp" >"$tmp/dump" 2>&1 || fail "dump failed"
grep -q "function mix_mm_scale_aic" "$tmp/dump" || fail "dump: no AIC function"
grep -q "function mix_mm_scale_aiv" "$tmp/dump" || fail "dump: no AIV function"
grep -q "38:5 PIPE_FIX" "$tmp/dump" || fail "dump: cross-core set not at 38:5"

# the reference kernels (when the shared folder is there): analysed, exit 0,
# 1 or 3 (an unknown names its construct), never bad input or a crash;
# docs/ascendc-extraction.md says what each gives and why
refs="$src/../shared/ascendc-reference/kernels"
if [ -d "$refs" ]; then
  for f in "$refs"/*; do
    "$ksv" check "$f" >"$tmp/out" 2>&1
    rc=$?
    case $rc in
      0|1) ;;
      3) grep -q "warning: .*the kernel's verdict is unknown" "$tmp/out" ||
           fail "$(basename "$f"): unknown without a located warning" ;;
      *) fail "$(basename "$f"): exit $rc"; sed 's/^/  /' "$tmp/out" | head -5 ;;
    esac
  done
  "$ksv" check "$refs/add_static_tensor.asc" >"$tmp/out" 2>&1
  grep -q "add_custom: findings" "$tmp/out" && grep -q "66:5: warning: .*redundant" "$tmp/out" ||
    fail "add_static_tensor.asc: not the one redundant barrier at 66:5"
else
  echo "ascendc-e2e: the reference kernels are absent: skipped"
fi

if [ "$fails" -gt 0 ]; then
  echo "$fails failure(s)"
  exit 1
fi
echo "ascendc-e2e: all passed"
