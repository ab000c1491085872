#!/usr/bin/env bash
# reference_test.sh KSV SOURCE_ROOT -- the HIVM reference inputs (at
# SOURCE_ROOT/../shared/hivm-reference/tests, read-only, never copied into
# the repository) all parse, and a few dumps show the expected graph.
# Exits 77 (meson: skipped) when the reference folder is absent.
set -u
ksv=${1:?usage: reference_test.sh KSV SOURCE_ROOT}
root=${2:?usage: reference_test.sh KSV SOURCE_ROOT}
ref=${KSV_REFERENCE_DIR:-$root/../shared/hivm-reference/tests}
if [ ! -d "$ref" ]; then
  echo "reference inputs not found at $ref: skipped"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

n=0
for f in "$ref"/*.mlir; do
  [ -e "$f" ] || continue
  n=$((n + 1))
  b=$(basename "$f")
  "$ksv" dump "$f" >"$tmp/$b.out" 2>"$tmp/$b.err"
  rc=$?
  [ "$rc" = 0 ] || fail "$b: dump exit $rc"
  if grep -q "error:" "$tmp/$b.err"; then
    fail "$b: errors on stderr:"; grep "error:" "$tmp/$b.err" | head -5
  fi
  grep -q "not built" "$tmp/$b.out" && fail "$b: a kernel was not built"
  grep -q "^kernel " "$tmp/$b.out" || fail "$b: no kernel dumped"
done
[ "$n" -gt 0 ] || fail "no .mlir files in $ref"

# inject-sync.mlir: the first kernel is load -> vadd -> store
is="$ref/inject-sync.mlir"
if [ -f "$is" ]; then
  out="$tmp/inject-sync.mlir.out"
  # lines of the first kernel only
  awk '/^kernel /{k++} k==1' "$out" >"$tmp/first"
  grep -q "^kernel test_mem_injcet_sync_basic " "$tmp/first" ||
    fail "inject-sync: first kernel name"
  grep -q "3 instances" "$tmp/first" || fail "inject-sync: 3 instances"
  grep -Fq 'PIPE_MTE2 hivm.hir.load R gm:%arg0[0x0, 0x2000) W ub[0x0, 0x2000)' \
    "$tmp/first" || fail "inject-sync: load line"
  grep -E 'PIPE_V +hivm.hir.vadd' "$tmp/first" |
    grep -Fq 'R ub[0x2000, 0x4000)' || fail "inject-sync: vadd reads ub[0x2000, 0x4000)"
  grep -Fq 'PIPE_MTE3 hivm.hir.store R ub[0x0, 0x2000) W gm:%arg3[0x0, 0x2000)' \
    "$tmp/first" || fail "inject-sync: store line"

  # test_db_two_address: the multi-buffer alternates two ub ranges
  awk '/^kernel /{k=($2=="test_db_two_address")} k' "$out" >"$tmp/db"
  grep -q "8 instances" "$tmp/db" || fail "db_two_address: 8 instances"
  loads=$(grep 'hivm.hir.load' "$tmp/db" | grep -o 'W ub\[[^)]*)' | tr '\n' ' ')
  [ "$loads" = "W ub[0x0, 0x20) W ub[0x20, 0x40) W ub[0x0, 0x20) W ub[0x20, 0x40) " ] ||
    fail "db_two_address: load ranges: $loads"
  stores=$(grep 'hivm.hir.store' "$tmp/db" | grep -o 'R ub\[[^)]*)' | tr '\n' ' ')
  [ "$stores" = "R ub[0x0, 0x20) R ub[0x20, 0x40) R ub[0x0, 0x20) R ub[0x20, 0x40) " ] ||
    fail "db_two_address: store ranges: $stores"
else
  fail "inject-sync.mlir missing from $ref"
fi

# every reference file is analysed: exit 0 or 1, never bad input (2) or
# undecided (3), and within KSV_REFERENCE_TIMEOUT seconds (default 120;
# all eight take about 15 s: the graph engine decides the symbolic lone
# halves by their outcomes, docs/architecture.md)
for f in "$ref"/*.mlir; do
  b=$(basename "$f")
  timeout "${KSV_REFERENCE_TIMEOUT:-120}" "$ksv" check "$f" >"$tmp/$b.check" 2>&1
  rc=$?
  [ "$rc" = 124 ] && fail "$b: check did not finish in ${KSV_REFERENCE_TIMEOUT:-120} s"
  { [ "$rc" = 0 ] || [ "$rc" = 1 ] || [ "$rc" = 124 ]; } ||
    fail "$b: check exit $rc (expected 0 or 1): $(grep -E 'error: .*\[(bad-input|unknown)\]' "$tmp/$b.check" | head -3)"
  grep -q "\[bad-input\]" "$tmp/$b.check" && fail "$b: check reported bad-input"
  grep -q "\[unknown\]" "$tmp/$b.check" && fail "$b: check reported unknown: $(grep '\[unknown\]' "$tmp/$b.check" | head -3)"
done
# the lone halves of the reference files are checked, not unknown: a lone
# AIC half with intra-core findings, lone AIV halves clean with cross-core
# not checked
grep -q "_attn_fwd_mix_aic: findings -- a lone half: the two AIVs are not in this input" \
  "$tmp/sync-solver-unit-flag.mlir.check" || fail "sync-solver-unit-flag: lone AIC half not checked"
grep -q "test_sync_block_wait_flag_attr: findings -- a lone half" "$tmp/IR_sync-ops.mlir.check" ||
  fail "IR_sync-ops: lone function with a cross-core wait not checked"
# (this input precedes the compiler's intra-core sync injection: its load
# into %alloc_4 and the vadd reading that buffer through
# bufferization.to_tensor have no flag yet, a race since tensors name
# memory, docs/semantics-decisions.md 34; what is asserted here is that the
# lone half is checked, with cross-core properties left out)
awk '/^\/\/ -----$/{exit} {print}' "$ref/tile-and-bind-sub-block.mlir" >"$tmp/tb0.mlir"
"$ksv" check "$tmp/tb0.mlir" >"$tmp/tb0.check" 2>&1
grep -q "mm_01_mix_aiv: findings -- a lone half: the AIC is not in this input" "$tmp/tb0.check" &&
  grep -q "tb0.mlir:49:3: error: vadd at 49:3 may read local:%alloc_4.*\[race\]" "$tmp/tb0.check" ||
  fail "tile-and-bind-sub-block: lone AIV half not checked: $(cat "$tmp/tb0.check")"
grep -q "partner cores are not in this input" "$tmp"/*.check && fail "a lone half is still unknown"
# the scf.while loops that never end are checked on their first iterations
grep -q "while_gss_basic: findings -- checked on the first 8 iterations of the scf.while at 28:5 (it never ends: its condition stays true)" \
  "$tmp/SyncSolver_hivm-gss-while.mlir.check" || fail "gss-while: not checked on a prefix"
grep -q "more than --max-unroll" "$tmp/SyncSolver_hivm-gss-while.mlir.check" &&
  grep -q "\[unknown\]" "$tmp/SyncSolver_hivm-gss-while.mlir.check" && fail "gss-while: unknown"
# kernels of one name (set_flag and wait_flag twice each; two
# test_mmadl1_m_mte1; copy_last_dim_width_unaligned_aiv and a MIX pair twice
# in chunks): the text report's verdict lines tell them apart as "name (unit
# N, line L)", N and L those of JSON's units (unit_index, JUnit's line), and
# print a name no other kernel of the file has alone
for b in IR_sync-ops.mlir inject-sync-barrier-all.mlir tile-and-bind-sub-block.mlir; do
  [ -f "$ref/$b" ] && [ -f "$tmp/$b.check" ] || continue
  "$ksv" check --format json "$ref/$b" >"$tmp/$b.json" 2>/dev/null
  python3 - "$tmp/$b.json" "$tmp/$b.check" "$ref/$b" >"$tmp/$b.py" 2>&1 <<'PY' ||
import collections, json, sys
units = json.load(open(sys.argv[1]))["files"][0]["units"]
count = collections.Counter(u["name"] for u in units)
assert max(count.values()) > 1, "no repeated name"
want = [u["name"] if count[u["name"]] == 1 else
        "%s (unit %d, line %d)" % (u["name"], i, u["line"])
        for i, u in enumerate(units)]
pre = sys.argv[3] + ": "
got = [l[len(pre):] for l in open(sys.argv[2]).read().splitlines()
       if l.startswith(pre)]
assert len(got) == len(want), (len(got), len(want))
for w, g in zip(want, got):
    assert g.startswith(w + ": "), (w, g)
PY
    fail "$b: same-named kernels in the text report: $(tail -1 "$tmp/$b.py")"
done

if [ "$fails" -ne 0 ]; then
  echo "$fails failure(s)"
  exit 1
fi
echo "reference tests passed ($n files)"
