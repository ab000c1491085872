#!/usr/bin/env bash
# ascendc_harness.sh KSV SRC -- the header harness (docs/ascendc-extraction.md,
# "Headers"): a file without a kernel entry has each device class checked as
# a synthesized kernel (constructed, operator() called twice, destroyed).
# tests/ascendc/harness/: a clean ping-pong block, the same with a primed
# flag never drained (unpaired-set at the constructor's set), and one whose
# operator() waits a flag nothing sets (deadlock); then the reference
# headers of ../shared/ascendc-reference/kernels (skipped when absent).
set -u
ksv=${1:?usage: ascendc_harness.sh path/to/ksv SRC}
src=${2:?usage: ascendc_harness.sh path/to/ksv SRC}
d="$src/tests/ascendc/harness"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect_rc FILE RC [ARGS...]: ksv check FILE exits RC (output in $tmp/out)
expect_rc() {
  local f=$1 rc0=$2
  shift 2
  "$ksv" check "$@" "$f" >"$tmp/out" 2>&1
  local rc=$?
  [ "$rc" = "$rc0" ] || { fail "$f: exit $rc, expected $rc0"; sed 's/^/  /' "$tmp/out"; }
}
# expect_finding FILE LINE RULE: an error of RULE at FILE:LINE:
expect_finding() {
  grep -q "^$1:$2:[0-9]*: error: .*\[$3\]" "$tmp/out" ||
    { fail "$1: no [$3] at line $2"; sed 's/^/  /' "$tmp/out"; }
}
note="BlockCopy constructed, operator() called twice, destroyed: the header has no kernel entry"

for arch in a2 a5; do
  expect_rc "$d/pingpong_clean.hpp" 0 --arch $arch
  grep -q "BlockCopy: clean -- $note" "$tmp/out" ||
    { fail "pingpong_clean.hpp ($arch): not clean with the harness note"; sed 's/^/  /' "$tmp/out"; }
  expect_rc "$d/pingpong_nodrain.hpp" 1 --arch $arch
  expect_finding "$d/pingpong_nodrain.hpp" 30 unpaired-set
  grep -q "BlockCopy: findings -- $note" "$tmp/out" || fail "pingpong_nodrain.hpp: no harness note"
  expect_rc "$d/pingpong_noset.hpp" 1 --arch $arch
  expect_finding "$d/pingpong_noset.hpp" 49 deadlock
done
for eng in graph smt; do
  expect_rc "$d/pingpong_clean.hpp" 0 --engine $eng
  expect_rc "$d/pingpong_nodrain.hpp" 1 --engine $eng
  expect_finding "$d/pingpong_nodrain.hpp" 30 unpaired-set
  expect_rc "$d/pingpong_noset.hpp" 1 --engine $eng
  expect_finding "$d/pingpong_noset.hpp" 49 deadlock
done

# operator()<AscendC::AIC> / <AIV> specialisations: each core runs its own
# (the normaliser blanks the argument list: fe_asc_op_core reads the
# original text), a MIX unit; the barriers that order the previous call's
# work are not "redundant" (no redundant-sync search on harness copies)
expect_rc "$d/mix_block.hpp" 0
grep -q "MixBlock: clean -- MixBlock constructed, operator() called twice" "$tmp/out" ||
  { fail "mix_block.hpp: not clean"; sed 's/^/  /' "$tmp/out"; }
"$ksv" dump "$d/mix_block.hpp" >"$tmp/out" 2>&1
grep -q "kernel MixBlock (mix: 1 AIC + 2 AIV" "$tmp/out" || fail "mix_block.hpp: not a MIX unit"
grep -q "26:9 PIPE_MTE2 sync_block_set .*mode=intra-block" "$tmp/out" || fail "mix_block.hpp: the AIC's set is missing"
# ... and in a kernel that calls such an object (A's call_operator read
# the blanked text and ran the last specialisation on both cores)
mkdir -p "$tmp/k" && cp "$d/mix_block.hpp" "$tmp/k/"
cat >"$tmp/k/kern.cpp" <<'EOT'
#include "mix_block.hpp"
extern "C" __global__ __aicore__ void kern(GM_ADDR x) {
    AscendC::GlobalTensor<half> g;
    g.SetGlobalBuffer((__gm__ half *)x, 256);
    Demo::MixBlock blk;
    blk(g);
}
EOT
"$ksv" dump "$tmp/k/kern.cpp" >"$tmp/out" 2>&1 || { fail "kern.cpp: dump failed"; sed 's/^/  /' "$tmp/out" | head -5; }
grep -q "26:9 PIPE_MTE2 sync_block_set" "$tmp/out" || fail "kern.cpp: the AIC does not run operator()<AIC>"

# an ops-style kernel class with out-of-class methods (K<T>::Process):
# Init once, Process once; without the V_MTE3 wait, the race at the copy-out
expect_rc "$d/ops_kernel.h" 0
grep -q "KernelScale: clean -- KernelScale constructed, Init called once, Process called once, destroyed" "$tmp/out" ||
  { fail "ops_kernel.h: not clean with the harness note"; sed 's/^/  /' "$tmp/out"; }
sed '/WaitFlag<AscendC::HardEvent::V_MTE3>/d' "$d/ops_kernel.h" >"$tmp/ops_nowait.h"
expect_rc "$tmp/ops_nowait.h" 1
expect_finding "$tmp/ops_nowait.h" 42 race
expect_finding "$tmp/ops_nowait.h" 41 unpaired-set

# the simulator confirms both seeded bugs on the synthesized kernel
expect_rc "$d/pingpong_nodrain.hpp" 1 --replay
grep -q "BlockCopy: simulated: .*dynamic finding.*unpaired-set at the SetFlag at 30:" "$tmp/out" ||
  { fail "pingpong_nodrain.hpp: not confirmed by the simulator"; sed 's/^/  /' "$tmp/out"; }
"$ksv" sim "$d/pingpong_noset.hpp" >"$tmp/out" 2>&1
grep -q "pingpong_noset.hpp:49:13: error: the kernel stops: .*\[deadlock\]" "$tmp/out" ||
  { fail "pingpong_noset.hpp: ksv sim does not stop at the wait"; sed 's/^/  /' "$tmp/out"; }
"$ksv" sim "$d/pingpong_clean.hpp" >"$tmp/out" 2>&1 || fail "pingpong_clean.hpp: ksv sim found something"

# a block whose tile copy is a functor ksv cannot see: unknown (never
# clean), but the sync skeleton is checked -- its undrained flag is found
expect_rc "$d/opaque_clean.hpp" 3
grep -q "BlockCopy: unknown -- $note; not decided: the kernel uses call of 'copyL1ToL0A'" "$tmp/out" ||
  { fail "opaque_clean.hpp: not unknown through the call"; sed 's/^/  /' "$tmp/out"; }
grep -q "its sync skeleton .* has no deadlock, unpaired or double set" "$tmp/out" ||
  fail "opaque_clean.hpp: the skeleton's result is not in the note"
grep -q "clean --" "$tmp/out" && fail "opaque_clean.hpp: printed clean"
for eng in graph smt; do
  expect_rc "$d/opaque_nodrain.hpp" 1 --engine $eng
  expect_finding "$d/opaque_nodrain.hpp" 50 unpaired-set
  grep -q "note: found in the sync skeleton" "$tmp/out" || fail "opaque_nodrain.hpp: no skeleton note"
  grep -q "BlockCopy: findings -- $note; its sync skeleton has 1 error .*races not decided" "$tmp/out" ||
    { fail "opaque_nodrain.hpp ($eng): the verdict note"; sed 's/^/  /' "$tmp/out"; }
done
# ... but not for a class template: its constants are guesses of an
# instantiation (unknown, and no skeleton finding)
sed 's/^struct BlockCopy {/template <class TileCopy>\nstruct BlockCopy {/' "$d/opaque_nodrain.hpp" >"$tmp/opaque_tpl.hpp"
expect_rc "$tmp/opaque_tpl.hpp" 3
grep -q "unpaired-set" "$tmp/out" && fail "opaque_tpl.hpp: a skeleton finding on a template"

# scalar arguments are unknown: a count is a symbolic trip count (a loop that
# sets without waiting is found), an event id makes the unit unknown (no
# invalid-sync about ids callers never pass)
cat >"$tmp/args.hpp" <<'EOT'
struct Id {
  CATLASS_DEVICE Id(int e) : ev(e) {}
  CATLASS_DEVICE void operator()() { AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(ev); AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(ev); }
  int ev;
};
struct Bad {
  CATLASS_DEVICE void operator()(uint32_t n) {
    for (uint32_t i = 0; i < n; i++) { AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0); }
  }
};
EOT
expect_rc "$tmp/args.hpp" 3
grep -q "Id: unknown -- .*an event id ksv cannot compute" "$tmp/out" || fail "args.hpp: Id not unknown"
grep -q "invalid-sync" "$tmp/out" && fail "args.hpp: invalid-sync on a constructor's id"
expect_finding "$tmp/args.hpp" 8 unpaired-set

# member arrays of event ids (catlass's l1AEventList[STAGES]): elements
# stored with constant indices are tracked, so the one never drained is
# found at its set; stored with a symbolic index (a template parameter's
# trip count) they are forgotten: unknown, never clean
cat >"$tmp/arr.hpp" <<'EOT'
struct Arr {
    CATLASS_DEVICE Arr() {
        for (uint32_t i = 0; i < 2; i++) { ev[i] = i; AscendC::SetFlag<AscendC::HardEvent::MTE1_MTE2>(ev[i]); }
    }
    CATLASS_DEVICE ~Arr() { AscendC::WaitFlag<AscendC::HardEvent::MTE1_MTE2>(ev[0]); }
    int32_t ev[2];
};
EOT
expect_rc "$tmp/arr.hpp" 1
expect_finding "$tmp/arr.hpp" 3 unpaired-set
grep -q "EVENT_ID1" "$tmp/out" || fail "arr.hpp: the undrained id is not EVENT_ID1"
grep -q "Arr: findings -- Arr constructed and destroyed" "$tmp/out" || fail "arr.hpp: no harness note"
cat >"$tmp/arr_sym.hpp" <<'EOT'
template <uint32_t STAGES>
struct ArrSym {
    CATLASS_DEVICE ArrSym() {
        for (uint32_t i = 0; i < STAGES; i++) { ev[i] = i; AscendC::SetFlag<AscendC::HardEvent::MTE1_MTE2>(ev[i]); }
    }
    CATLASS_DEVICE ~ArrSym() {
        for (uint32_t i = 0; i < STAGES; i++) { AscendC::WaitFlag<AscendC::HardEvent::MTE1_MTE2>(ev[i]); }
    }
    int32_t ev[STAGES];
};
EOT
expect_rc "$tmp/arr_sym.hpp" 3
grep -q "ArrSym: unknown -- ArrSym constructed and destroyed" "$tmp/out" || fail "arr_sym.hpp: not unknown with the harness note"
grep -q "clean" "$tmp/out" && fail "arr_sym.hpp: printed clean"

# a struct of ids (no sync in its methods) is no unit; a header of helpers
# only says so
cat >"$tmp/ids.hpp" <<'EOT'
struct CrossCoreFlag {
    CATLASS_DEVICE CrossCoreFlag(uint16_t id) : id(id) {}
    uint16_t id;
};
CATLASS_DEVICE void Barrier() { AscendC::CrossCoreSetFlag<0, PIPE_MTE3>(8); AscendC::CrossCoreWaitFlag(8); }
EOT
expect_rc "$tmp/ids.hpp" 0
grep -q "0 kernels" "$tmp/out" || fail "ids.hpp: a struct without sync became a unit"
grep -q "nothing to check; 1 free function with sync not checked on its own" "$tmp/out" || fail "ids.hpp: free function not reported"

# --entry NAME: a class or a free function of any file is the kernel
expect_rc "$d/pingpong_nodrain.hpp" 1 --entry BlockCopy
grep -q "BlockCopy: findings -- BlockCopy constructed, operator() called twice, destroyed: the class is the --entry" "$tmp/out" ||
  fail "--entry BlockCopy: no harness note"
cat >"$tmp/helpers.h" <<'EOT'
__aicore__ inline void Balanced() { AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0); AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0); }
__aicore__ inline void SetOnly() { AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(1); }
EOT
expect_rc "$tmp/helpers.h" 0
grep -q "0 kernels" "$tmp/out" || fail "helpers.h: a free function became a unit without --entry"
expect_rc "$tmp/helpers.h" 1 --entry SetOnly
expect_finding "$tmp/helpers.h" 2 unpaired-set
expect_rc "$tmp/helpers.h" 2 --entry Missing
grep -q "error: --entry Missing: no function or class of that name" "$tmp/out" || fail "--entry Missing: no located error"
hivm=$(ls "$src"/tests/hostile/*.mlir | head -1)
expect_rc "$hivm" 2 --entry X
grep -q "error: --entry X picks an Ascend C function or class" "$tmp/out" || fail "--entry on HIVM: no clear error"

# two specialisations of one name, cube code (the AIC read): each unit is
# its own specialisation on both reads (matched by rank among the name)
cat >"$tmp/two.hpp" <<'EOT'
template <int K> struct B;
template <> struct B<0> { CATLASS_DEVICE void operator()() { AscendC::SetFlag<AscendC::HardEvent::FIX_M>(0); AscendC::WaitFlag<AscendC::HardEvent::FIX_M>(0); } };
template <> struct B<1> { CATLASS_DEVICE void operator()() { AscendC::SetFlag<AscendC::HardEvent::FIX_M>(1); } };
EOT
expect_rc "$tmp/two.hpp" 1
grep -q "B: clean -- " "$tmp/out" && grep -q "B#2: findings -- " "$tmp/out" ||
  { fail "two.hpp: the specialisations are not told apart"; sed 's/^/  /' "$tmp/out"; }
expect_finding "$tmp/two.hpp" 3 unpaired-set

# hostile classes: recursion, a symbolic while loop, a private-only sync
# method, a nameless struct, 19 constructor parameters: located warnings
# and unknown or a verdict, never a crash or a hang
cat >"$tmp/hostile.hpp" <<'EOT'
struct R {
  CATLASS_DEVICE R() { R r; AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0); }
  CATLASS_DEVICE void operator()() { (*this)(); AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0); }
};
template <int N> struct T { CATLASS_DEVICE void Run(int n) { while (n) { AscendC::PipeBarrier<PIPE_V>(); n--; } } };
struct E { CATLASS_DEVICE void operator()(int) ; };
struct { CATLASS_DEVICE void f() { AscendC::PipeBarrier<PIPE_V>(); } } anon;
class P { CATLASS_DEVICE void Hidden() { AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0); } };
struct Q : public P { CATLASS_DEVICE Q(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j, int k, int l, int m, int n, int o, int p, int q, int r, int s) { AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(a); AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(a);} };
EOT
# (a misspelt namespace: function definitions without a declarator in the
# tree crashed the free-function count; found by mutating the headers)
printf 'namespae Demo {\nstruct S { CATLASS_DEVICE S() { AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0); } };\n}\n' >"$tmp/mini.hpp"
timeout 60 "$ksv" check "$tmp/mini.hpp" >/dev/null 2>&1
rc=$?
[ "$rc" -le 3 ] || fail "mini.hpp: exit $rc (a crash)"
timeout 60 "$ksv" check "$tmp/hostile.hpp" >"$tmp/out" 2>&1
rc=$?
[ "$rc" = 3 ] || { fail "hostile.hpp: exit $rc, expected 3"; sed 's/^/  /' "$tmp/out"; }
grep -q "R: unknown -- .*recursive call" "$tmp/out" || fail "hostile.hpp: recursion not unknown"
grep -q "T: unknown -- " "$tmp/out" || fail "hostile.hpp: the while loop not unknown"
grep -q "Q: unknown -- " "$tmp/out" || fail "hostile.hpp: Q's ids from arguments not unknown"

# the reference headers: each class is a unit, unknown with the reason
ref="$src/../shared/ascendc-reference/kernels"
if [ -d "$ref" ]; then
  expect_rc "$ref/catlass_block_mmad_pingpong.hpp" 3
  grep -q "BlockMmad: unknown -- BlockMmad constructed, operator() called twice, destroyed" "$tmp/out" ||
    fail "catlass_block_mmad_pingpong.hpp: BlockMmad not harnessed"
  expect_rc "$ref/catlass_block_epilogue_per_token_dequant.hpp" 3
  # two partial specialisations of one name: two units, each its own class
  grep -q "BlockEpilogue: unknown -- BlockEpilogue constructed.*(at 136:58)" "$tmp/out" &&
    grep -q "BlockEpilogue#2: unknown -- BlockEpilogue constructed.*(at 452:58)" "$tmp/out" ||
    { fail "catlass_block_epilogue_per_token_dequant.hpp: not the two BlockEpilogue specialisations"; sed 's/^/  /' "$tmp/out" | tail -3; }
  expect_rc "$ref/catlass_cross_core_sync.hpp" 0
  expect_rc "$ref/ops_transformer_flash_attention_score_common.h" 0
else
  echo "SKIP: $ref absent"
fi

if [ "$fails" -gt 0 ]; then
  echo "$fails failure(s)"
  exit 1
fi
echo "ascendc-harness: ok"
