#!/usr/bin/env bash
# cli_test.sh KSV -- command-line tests: exit codes, the file:line:col
# diagnostic format on bad inputs, --version/--help, usage errors and the
# JSON report.
set -u
ksv=${1:?usage: cli_test.sh path/to/ksv}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# run NAME ARGS...: runs ksv, keeps stdout/stderr in $tmp/NAME.{out,err}
run() {
  local name=$1; shift
  "$ksv" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
  echo $?
}

# ------------------------------------------------------------- inputs
cat >"$tmp/good.mlir" <<'EOF'
func.func @good(%arg0: memref<16xf16, #hivm.address_space<gm>>) {
  %c0_i64 = arith.constant 0 : i64
  %0 = hivm.hir.pointer_cast(%c0_i64) : memref<16xf16, #hivm.address_space<ub>>
  hivm.hir.load ins(%arg0 : memref<16xf16, #hivm.address_space<gm>>) outs(%0 : memref<16xf16, #hivm.address_space<ub>>)
  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  hivm.hir.vabs ins(%0 : memref<16xf16, #hivm.address_space<ub>>) outs(%0 : memref<16xf16, #hivm.address_space<ub>>)
  return
}
EOF
# truncated in the middle of the load op
head -c "$(grep -bo 'outs(%0' "$tmp/good.mlir" | head -1 | cut -d: -f1)" \
  "$tmp/good.mlir" >"$tmp/truncated.mlir"
printf 'func.func @k() {\n  hivm.hir.pipe_barrier[<PIPE_V>]\n  return\n' \
  >"$tmp/missing_brace.mlir"
printf 'func.func @k() {\n  hivm.hir.pipe_barrier[<PIPE_V>])\n  return\n}\n' \
  >"$tmp/extra_paren.mlir"
printf 'func.func @k() {\n  hivm.hir.set_flag[<PIPE_FOO>, <PIPE_V>, <EVENT_ID0>]\n  return\n}\n' \
  >"$tmp/bad_pipe.mlir"
printf 'func.func @k() {\n  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_IDX>]\n  return\n}\n' \
  >"$tmp/bad_event.mlir"
printf 'func.func @k() {\n  %%c0 = arith.constant 0 : i64\n  %%s = memref.subview %%c0[0] [1] [1] : memref<16xf16> to memref<1xf16>\n  return\n}\n' \
  >"$tmp/subview_i64.mlir"
printf 'func.func @k() {\n  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %%undef]\n  return\n}\n' \
  >"$tmp/undefined.mlir"
printf 'func.func @k() {\n  scf.for {\n    hivm.hir.pipe_barrier[<PIPE_V>]\n  }\n  return\n}\n' \
  >"$tmp/bad_for.mlir"
: >"$tmp/empty.mlir"
{ head -c 256 /dev/urandom; printf '\000\377\000junk\377'; } >"$tmp/junk.mlir"
printf '// only a comment\n// -----\n// and another\n' >"$tmp/comments.mlir"

# --------------------------------------------------------- bad inputs
for f in truncated missing_brace extra_paren bad_pipe bad_event subview_i64 \
         undefined bad_for empty junk comments; do
  rc=$(run "$f" check "$tmp/$f.mlir")
  [ "$rc" = 2 ] || fail "$f: check exit $rc, expected 2"
  grep -Eq "^$tmp/$f\.mlir:[1-9][0-9]*:[1-9][0-9]*: error: .*\[bad-input\]" \
    "$tmp/$f.out" || fail "$f: no 'file:line:col: error: ... [bad-input]' in: $(head -3 "$tmp/$f.out")"
  # dump reports the same error on stderr
  rc=$(run "$f.dump" dump "$tmp/$f.mlir")
  [ "$rc" = 2 ] || fail "$f: dump exit $rc, expected 2"
  grep -Eq "^$tmp/$f\.mlir:[1-9][0-9]*:[1-9][0-9]*: error: " \
    "$tmp/$f.dump.err" || fail "$f: dump stderr lacks file:line:col: error:"
done

# exact locations for a few
grep -q "bad_pipe.mlir:2:[0-9]*: error: unknown pipe 'PIPE_FOO'" \
  "$tmp/bad_pipe.out" || fail "bad_pipe: wrong location/message"
grep -q "undefined.mlir:2:[0-9]*: error: .*undefined.*%undef" \
  "$tmp/undefined.out" || fail "undefined: wrong location/message"
grep -q "extra_paren.mlir:2:" "$tmp/extra_paren.out" ||
  fail "extra_paren: error not on line 2"

# ---------------------------------------------------------- good input
rc=$(run good_dump dump "$tmp/good.mlir")
[ "$rc" = 0 ] || fail "good: dump exit $rc"
grep -q "PIPE_MTE2 hivm.hir.load R gm:%arg0\[0x0, 0x20) W ub\[0x0, 0x20)" \
  "$tmp/good_dump.out" || fail "good: dump lacks the load line"
grep -q "error:" "$tmp/good_dump.err" && fail "good: dump printed an error"
rc=$(run good_check check "$tmp/good.mlir")
[ "$rc" = 0 ] || fail "good: check exit $rc, expected 0 (properly synced)"
grep -q "good: clean" "$tmp/good_check.out" || fail "good: not reported clean"
grep -q "error: .*\[bad-input\]" "$tmp/good_check.out" &&
  fail "good: check reported bad-input"

# ------------------------------------------------------------ languages
# A file is told apart by its extension: the Ascend C ones are read as C++
# (a valid HIVM kernel is then a located syntax error, exit 2, from every
# command); any other extension is HIVM.
for ext in cpp cc cxx h hpp asc cce; do
  cp "$tmp/good.mlir" "$tmp/good.$ext"
  for cmd in check dump sim fix export; do
    rc=$(run "lang_$ext.$cmd" $cmd "$tmp/good.$ext")
    [ "$rc" = 2 ] || fail "good.$ext: $cmd exit $rc, expected 2"
    grep -q "^$tmp/good\.$ext:1:1: error: syntax error" \
      "$tmp/lang_$ext.$cmd.out" "$tmp/lang_$ext.$cmd.err" ||
      fail "good.$ext: $cmd lacks the located C++ syntax error"
  done
done
cp "$tmp/good.mlir" "$tmp/good.txt"
rc=$(run lang_txt check "$tmp/good.txt")
[ "$rc" = 0 ] || fail "good.txt: check exit $rc, expected 0 (read as HIVM)"

# -------------------------------------------------------------- options
rc=$(run version --version)
[ "$rc" = 0 ] || fail "--version exit $rc"
grep -Eq '^ksv [0-9]+\.[0-9]+\.[0-9]+$' "$tmp/version.out" ||
  fail "--version output: $(cat "$tmp/version.out")"
rc=$(run help --help)
[ "$rc" = 0 ] || fail "--help exit $rc"
grep -q "usage: ksv check" "$tmp/help.out" || fail "--help lacks usage"
rc=$(run badopt check --no-such-option "$tmp/good.mlir")
[ "$rc" = 2 ] || fail "unknown option exit $rc, expected 2"
grep -q "unknown option" "$tmp/badopt.err" || fail "unknown option message"
rc=$(run nocmd)
[ "$rc" = 2 ] || fail "no command exit $rc, expected 2"
rc=$(run badcmd frobnicate "$tmp/good.mlir")
[ "$rc" = 2 ] || fail "unknown command exit $rc, expected 2"
rc=$(run nofile check)
[ "$rc" = 2 ] || fail "check without files exit $rc, expected 2"
rc=$(run badarch check --arch a9 "$tmp/good.mlir")
[ "$rc" = 2 ] || fail "--arch a9 exit $rc, expected 2"
rc=$(run badfmt check --format xml "$tmp/good.mlir")
[ "$rc" = 2 ] || fail "--format xml exit $rc, expected 2"
rc=$(run badunroll check --max-unroll 0 "$tmp/good.mlir")
[ "$rc" = 2 ] || fail "--max-unroll 0 exit $rc, expected 2"
rc=$(run missing check "$tmp/does-not-exist.mlir")
[ "$rc" = 2 ] || fail "missing file exit $rc, expected 2"
grep -q "does-not-exist.mlir:1:1: error:" "$tmp/missing.out" ||
  fail "missing file: no file:1:1: error:"

# ----------------------------------------------------------------- json
check_json() { # name file expected-verdict
  local name=$1 file=$2 want=$3
  run "$name" check --format json "$file" >/dev/null
  python3 -m json.tool "$tmp/$name.out" >/dev/null ||
    { fail "$name: JSON does not parse"; return; }
  python3 - "$tmp/$name.out" "$want" <<'EOF' || fail "$name: JSON content"
import json, sys
r = json.load(open(sys.argv[1]))
want = sys.argv[2]
assert r["tool"]["name"] == "ksv", r["tool"]
v = r["files"][0]["units"][0]["verdict"]
assert v in ("clean", "findings", "unknown", "error"), v
if want != "any":
    assert v == want, (v, want)
assert isinstance(r["summary"]["errors"], int)
if want == "error":
    assert r["summary"]["errors"] >= 1
    d = [x for x in r["files"][0]["diagnostics"] if x["rule"] == "bad-input"]
    assert d and d[0]["severity"] == "error" and d[0]["line"] >= 1 \
        and d[0]["column"] >= 1, d
EOF
}
check_json json_good "$tmp/good.mlir" clean
check_json json_bad "$tmp/bad_pipe.mlir" error
check_json json_empty "$tmp/empty.mlir" error

# -o writes the report to a file
rc=$(run outfile check --format json -o "$tmp/report.json" "$tmp/bad_pipe.mlir")
[ "$rc" = 2 ] || fail "-o: exit $rc, expected 2"
python3 -m json.tool "$tmp/report.json" >/dev/null || fail "-o: bad JSON"

# redundant syncs name what already orders the pair they ordered
root=$(cd "$(dirname "$0")/.." && pwd)
rc=$(run cover check "$root/corpus/tail_if/bug_redundant_wait_tail.mlir")
grep -q "redundant: the load at 29:9 and the vadd at 41:7 it orders are also ordered by set_flag at 38:7 -> wait_flag at 39:7 \[redundant-wait\]" "$tmp/cover.out" ||
  fail "redundant-wait does not name the covering syncs: $(cat "$tmp/cover.out")"
rc=$(run cover0 check "$root/corpus/rmsnorm_quant/bug_redundant_barrier.mlir")
grep -q "pipe_barrier(PIPE_V) is redundant: it orders no conflicting accesses" "$tmp/cover0.out" ||
  fail "redundant-barrier without conflicts: $(cat "$tmp/cover0.out")"

# engines: a kernel whose verdict depends on a runtime branch; the graph
# engine enumerates its outcomes (checker/chk_enum.c), the witness names
# the outcome
sym="$root/corpus/runtime_branch/bug_set_only_in_then.mlir"
rc=$(run eng_graph check --engine graph --stats "$sym")
[ "$rc" = 1 ] || fail "--engine graph on a runtime branch: exit $rc, expected 1"
grep -q "\[deadlock\]" "$tmp/eng_graph.out" || fail "--engine graph: no deadlock: $(cat "$tmp/eng_graph.out")"
grep -q "witness: .*branch at .* not taken" "$tmp/eng_graph.out" ||
  fail "--engine graph: the witness does not name the outcome: $(cat "$tmp/eng_graph.out")"
grep -q "engine=graph .* outcomes=[1-9]" "$tmp/eng_graph.err" ||
  fail "--engine graph: no outcomes in --stats: $(cat "$tmp/eng_graph.err")"
# a run-time event id: the graph engine cannot enumerate, says so, unknown
rc=$(run eng_graph_rt check --engine graph "$root/corpus/xflag_rotate/ok.mlir")
[ "$rc" = 3 ] || fail "--engine graph on a run-time flag: exit $rc, expected 3"
grep -q "cannot enumerate its outcomes: the sync_block_set at .* computed at run time" "$tmp/eng_graph_rt.out" ||
  fail "--engine graph on a run-time flag: $(cat "$tmp/eng_graph_rt.out")"
rc=$(run eng_auto_rt check "$root/corpus/xflag_rotate/ok.mlir")
[ "$rc" = 0 ] || fail "auto on a run-time flag (the SMT engine): exit $rc, expected 0"
rc=$(run eng_smt check --engine smt "$sym")
[ "$rc" = 1 ] || fail "--engine smt: exit $rc, expected 1"
grep -q "\[deadlock\]" "$tmp/eng_smt.out" || fail "--engine smt: no deadlock: $(cat "$tmp/eng_smt.out")"
grep -q "branch at .* not taken" "$tmp/eng_smt.out" || fail "--engine smt: witness does not name the branch outcome"
rc=$(run eng_auto check "$sym")
[ "$rc" = 1 ] || fail "--engine auto (default): exit $rc, expected 1"
# --explain on a symbolic kernel: the graph engine names each pair's path,
# the SMT engine the syncs of an unsat core
rc=$(run eng_gexplain check --explain "$root/corpus/runtime_branch/ok.mlir")
[ "$rc" = 0 ] || fail "--explain (graph): exit $rc, expected 0"
grep -q "load at 25:7 is ordered after the conflicting copy at 36:9 by set_flag at 38:7 -> wait_flag at 24:7 \[explain\]" "$tmp/eng_gexplain.out" ||
  fail "--explain (graph) on a symbolic kernel: $(head -3 "$tmp/eng_gexplain.out")"
rc=$(run eng_explain check --engine smt --explain "$root/corpus/runtime_branch/ok.mlir")
[ "$rc" = 0 ] || fail "--explain (smt): exit $rc, expected 0"
grep -q "is ordered after the conflicting .* by wait_flag at 24:7.* (an unsat core" "$tmp/eng_explain.out" ||
  fail "--explain (smt): no unsat-core note: $(head -3 "$tmp/eng_explain.out")"
# an event id ksv cannot express (loaded from GM) is unknown, never clean
cat >"$tmp/idload.mlir" <<'EOF2'
func.func @k(%arg0: memref<16xf16, #hivm.address_space<gm>>, %ids: memref<4xi64, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
  %c0 = arith.constant 0 : index
  %c0_i64 = arith.constant 0 : i64
  %0 = hivm.hir.pointer_cast(%c0_i64) : memref<16xf16, #hivm.address_space<ub>>
  %ev = memref.load %ids[%c0] : memref<4xi64, #hivm.address_space<gm>>
  hivm.hir.load ins(%arg0 : memref<16xf16, #hivm.address_space<gm>>) outs(%0 : memref<16xf16, #hivm.address_space<ub>>)
  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
  hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, %ev]
  hivm.hir.vabs ins(%0 : memref<16xf16, #hivm.address_space<ub>>) outs(%0 : memref<16xf16, #hivm.address_space<ub>>)
  return
}
EOF2
for eng in auto graph smt; do
  rc=$(run idload check --engine $eng "$tmp/idload.mlir")
  [ "$rc" = 3 ] || fail "id loaded from GM, --engine $eng: exit $rc, expected 3"
done
# an empty then-region is a region, not an attribute dictionary: the
# set in the else branch must not run when the condition holds
cat >"$tmp/empty_then.mlir" <<'EOF2'
func.func @k(%x: memref<128xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = arith.cmpi eq, %c0, %c1 : index
  scf.if %p {
  } else {
    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  }
  hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  return
}
EOF2
for v in "" "one_line"; do
  f="$tmp/empty_then.mlir"
  if [ -n "$v" ]; then
    python3 -c "import sys; s=open(sys.argv[1]).read(); print(s.replace('  scf.if %p {\n  } else {', '  scf.if %p {} else {'), end='')" "$f" >"$tmp/empty_then1.mlir"
    f="$tmp/empty_then1.mlir"
  fi
  rc=$(run empty_then check "$f")
  [ "$rc" = 0 ] || fail "empty then-region ($v): exit $rc: $(cat "$tmp/empty_then.out")"
  grep -q "\[deadlock\]" "$tmp/empty_then.out" && fail "empty then-region ($v): else body taken as then"
done

# a lone function with a cross-core wait (its partner cores are not in the
# input) is checked in an open environment: clean, but cross-core properties
# not checked (exit 0); --require-complete makes it unknown (exit 3)
cat >"$tmp/lone.mlir" <<'EOF2'
func.func @lone(%arg0: memref<16xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
  %c0_i64 = arith.constant 0 : i64
  %0 = hivm.hir.pointer_cast(%c0_i64) : memref<16xf16, #hivm.address_space<ub>>
  hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
  hivm.hir.load ins(%arg0 : memref<16xf16, #hivm.address_space<gm>>) outs(%0 : memref<16xf16, #hivm.address_space<ub>>)
  return
}
EOF2
for eng in graph smt; do
  rc=$(run lone check --engine $eng "$tmp/lone.mlir")
  [ "$rc" = 0 ] || fail "lone cross-core wait, --engine $eng: exit $rc, expected 0"
  grep -q "^.*: lone: clean (cross-core not checked) -- a lone half: the AIC is not in this input" "$tmp/lone.out" ||
    fail "lone cross-core wait, --engine $eng: $(cat "$tmp/lone.out")"
  grep -q "1 cross-core not checked$" "$tmp/lone.out" ||
    fail "lone cross-core wait, --engine $eng: summary: $(cat "$tmp/lone.out")"
  rc=$(run lone_rc check --engine $eng --require-complete "$tmp/lone.mlir")
  [ "$rc" = 3 ] || fail "lone cross-core wait, --require-complete --engine $eng: exit $rc, expected 3"
  grep -q "not decided: the AIC is not in this input.*(--require-complete) \[unknown\]" "$tmp/lone_rc.out" ||
    fail "--require-complete: $(cat "$tmp/lone_rc.out")"
done
# JSON: the verdict string, cross_core_checked, and the summary count
rc=$(run lone_json check --format json "$root/corpus/lone_aiv/ok.mlir" "$root/corpus/vec_add_db/ok.mlir")
python3 - "$tmp/lone_json.out" <<'PY' || fail "lone half JSON: $(cat "$tmp/lone_json.out")"
import json, sys
r = json.load(open(sys.argv[1]))
u = [f["units"][0] for f in r["files"]]
assert u[0]["verdict"] == "clean (cross-core not checked)", u[0]
assert u[0]["cross_core_checked"] is False and "a lone half" in u[0]["note"], u[0]
assert u[1]["verdict"] == "clean" and u[1]["cross_core_checked"] is True, u[1]
assert r["summary"]["cross_core_not_checked"] == 1, r["summary"]
PY
[ "$rc" = 0 ] || fail "lone half JSON: exit $rc"
# a lone AIV half runs on both sub-blocks; a lone AIC half is the cube alone
rc=$(run lone_dump dump "$root/corpus/lone_aiv/ok.mlir")
grep -q "^kernel epi_mix_aiv (lone half: 2 AIV, a2)" "$tmp/lone_dump.out" &&
  grep -q "core AIV1 (vector" "$tmp/lone_dump.out" &&
  grep -q "sync_block_wait .* mode=intra-block (open)" "$tmp/lone_dump.out" &&
  grep -q "sync_block_wait .* mode=inter-subblock$" "$tmp/lone_dump.out" ||
  fail "lone AIV dump: $(cat "$tmp/lone_dump.out")"
rc=$(run lone_dump2 dump "$root/corpus/lone_aic/ok.mlir")
grep -q "^kernel mm_ws_mix_aic (single core, a2)" "$tmp/lone_dump2.out" &&
  grep -q "open: the two AIVs are not in this input" "$tmp/lone_dump2.out" ||
  fail "lone AIC dump: $(cat "$tmp/lone_dump2.out")"
# a lone half gets its intra-core findings (exit 1), in both engines, and the
# note says what was not checked
for f in lone_aiv/bug_inplace_vadd lone_aic/bug_missing_m_fix; do
  for eng in graph smt; do
    rc=$(run lone_bug check --engine $eng "$root/corpus/$f.mlir")
    [ "$rc" = 1 ] || fail "$f --engine $eng: exit $rc, expected 1"
    grep -q "\[race\]$" "$tmp/lone_bug.out" && grep -q ": findings -- a lone half: " "$tmp/lone_bug.out" ||
      fail "$f --engine $eng: $(cat "$tmp/lone_bug.out")"
  done
done
# ksv fix never proposes a cross-core edit for a lone half: the race of the
# lone AIV is fixed with intra-core flags only
rc=$(run lone_fix fix --diff "$root/corpus/lone_aiv/bug_inplace_vadd.mlir")
grep -q "^+.*set_flag\|^+.*wait_flag" "$tmp/lone_fix.out" ||
  fail "lone half fix: no intra-core repair: $(cat "$tmp/lone_fix.out")"
grep -q "^[-+].*sync_block" "$tmp/lone_fix.out" &&
  fail "lone half fix: edits a cross-core sync: $(cat "$tmp/lone_fix.out")"
# (the INTER_SUBBLOCK deadlock's only repairs edit a cross-core sync, e.g.
# remove the wait: none is proposed)
rc=$(run lone_fix2 fix "$root/corpus/lone_aiv/bug_subblock_barrier.mlir")
[ "$rc" = 1 ] && grep -q "51:5: not fixed: .*\[deadlock\]" "$tmp/lone_fix2.out" ||
  fail "lone half fix, cross-core deadlock: exit $rc: $(cat "$tmp/lone_fix2.out")"
# a runtime cross-core flag that can leave 0..15 is invalid-sync
rc=$(run xrange check "$root/corpus/xflag_rotate/bug_flag_out_of_range.mlir")
grep -q "computed at run time can be .* out of range 0..15 \[invalid-sync\]" "$tmp/xrange.out" ||
  fail "runtime flag out of range: $(cat "$tmp/xrange.out")"
# a query that runs out of time is unknown (exit 3), never clean
rc=$(run eng_to check --engine smt --timeout-ms 1 "$root/corpus/grid_stride/ok.mlir")
[ "$rc" = 3 ] || fail "--timeout-ms 1: exit $rc, expected 3"
grep -q "timed out" "$tmp/eng_to.out" || fail "--timeout-ms 1: no timeout message"
# the trip-count bound is stated in the verdict note
rc=$(run eng_bound check --engine smt --trip-bound 3 "$root/corpus/trip_precredit/ok.mlir")
[ "$rc" = 0 ] || fail "--trip-bound 3: exit $rc, expected 0"
grep -q "trip counts 0..3" "$tmp/eng_bound.out" || fail "--trip-bound: note does not state the bound"
# the default bound covers one past the longest rotation that selects a
# flag or a buffer: an unused rem 9 and a tile offset rem 64 keep K = 8, an
# event id rem 12 gives K = 13 (docs/semantics-decisions.md 52); the SMT
# engine states K (the graph engine may prove every trip count instead)
sed -e '17s/^/      %c9r = arith.constant 9 : index\n      %rot = arith.remui %i, %c9r : index\n/' \
  "$root/corpus/trip_precredit/ok.mlir" >"$tmp/period.mlir"
rc=$(run eng_period check --engine smt "$tmp/period.mlir")
grep -q "trip counts 0..8 of the loop" "$tmp/eng_period.out" ||
  fail "period rule, unused rem: $(cat "$tmp/eng_period.out")"
sed -e '17s/.*/      %c64r = arith.constant 64 : index\n      %tile = arith.remui %i, %c64r : index\n      %off = arith.muli %tile, %c128 : index/' \
  "$root/corpus/trip_precredit/ok.mlir" >"$tmp/period_off.mlir"
grep -q "%off = arith.muli %tile" "$tmp/period_off.mlir" || fail "period_off: sed"
rc=$(run eng_period_off check --engine smt "$tmp/period_off.mlir")
[ "$rc" = 0 ] && grep -q "trip counts 0..8 of the loop" "$tmp/eng_period_off.out" ||
  fail "period rule, tile offset rem 64: exit $rc: $(cat "$tmp/eng_period_off.out")"
sed -e '17s/^/      %c12r = arith.constant 12 : index\n      %rot = arith.remui %i, %c12r : index\n      %eid = arith.index_cast %rot : index to i64\n      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE3>, %eid]\n      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>, %eid]\n/' \
  "$root/corpus/trip_precredit/ok.mlir" >"$tmp/period_id.mlir"
rc=$(run eng_period_id check --engine smt "$tmp/period_id.mlir")
grep -q "trip counts 0..13 of the loop" "$tmp/eng_period_id.out" ||
  fail "period rule, event id rem 12: $(cat "$tmp/eng_period_id.out")"
rc=$(run eng_inst check --max-instances 10 "$root/corpus/vec_add_db/ok.mlir")
[ "$rc" = 3 ] || fail "--max-instances 10: exit $rc, expected 3"
# a loop past --max-unroll is checked on its first K iterations (here K =
# --max-unroll 2): clean, and the note says what was checked and what not
# (the SMT engine; the graph engine then proves the loop for every trip
# count with its trip count left open, docs/loops.md "Long loops")
rc=$(run eng_unroll check --engine smt --max-unroll 2 "$root/corpus/vec_add_db/ok.mlir")
[ "$rc" = 0 ] || fail "--max-unroll 2 --engine smt: exit $rc, expected 0"
grep -q "clean (bounded) -- checked on the first 2 iterations of the loop at 21:5 (4 iterations, more than --max-unroll 2): what is found there is real; not decided: waits still waiting and sets still pending when they end" \
  "$tmp/eng_unroll.out" || fail "--max-unroll 2 --engine smt: $(cat "$tmp/eng_unroll.out")"
rc=$(run eng_unroll_g check --engine graph --max-unroll 2 "$root/corpus/vec_add_db/ok.mlir")
[ "$rc" = 0 ] && grep -q "vec_add_db: clean -- proven for every trip count of the loop at 21:5; so for the loop at 21:5 (4 iterations, more than --max-unroll 2), which is not unrolled" \
  "$tmp/eng_unroll_g.out" || fail "--max-unroll 2 --engine graph: exit $rc: $(cat "$tmp/eng_unroll_g.out")"
# ... the prefix is a bounded proof: --require-unbounded makes it unknown,
# and the JSON loop entry is a prefix
rc=$(run eng_unroll_req check --engine smt --require-unbounded --max-unroll 2 "$root/corpus/vec_add_db/ok.mlir")
[ "$rc" = 3 ] && grep -q "error: not decided: checked only on the first 2 iterations of the loop at 21:5 (4 iterations, more than --max-unroll 2) (--require-unbounded) \[unknown\]" \
  "$tmp/eng_unroll_req.out" || fail "--require-unbounded on a prefix: exit $rc: $(cat "$tmp/eng_unroll_req.out")"
rc=$(run eng_unroll_req_g check --engine graph --require-unbounded --max-unroll 2 "$root/corpus/vec_add_db/ok.mlir")
[ "$rc" = 0 ] || fail "--require-unbounded, the loop proven with its trip count left open: exit $rc: $(cat "$tmp/eng_unroll_req_g.out")"
"$ksv" check --engine smt --format json --max-unroll 2 "$root/corpus/vec_add_db/ok.mlir" |
  python3 -c 'import json,sys; u=json.load(sys.stdin)["files"][0]["units"][0]
assert u["verdict"] == "clean (bounded)" and u["proof"] == "bounded" and u["proof_bound"] == 2, u
assert u["loops"] == [{"line": 21, "column": 5, "proof": "bounded", "bound": 2, "prefix": True,
  "why": "the loop at 21:5 (4 iterations, more than --max-unroll 2)"}], u["loops"]' ||
  fail "--max-unroll 2: the JSON unit is not a bounded prefix"
rc=$(run eng_unroll_bug check --max-unroll 2 "$root/corpus/vec_add_db/bug_missing_mte2_v.mlir")
[ "$rc" = 1 ] && grep -q "\[race\]" "$tmp/eng_unroll_bug.out" ||
  fail "--max-unroll 2 on a race: exit $rc: $(cat "$tmp/eng_unroll_bug.out")"
# ... under an unknown branch it stays a limit (unknown, exit 3)
cat >"$tmp/cut_guard.mlir" <<'EOF2'
func.func @cut_guard(%arg0: i32) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %c0_i32 = arith.constant 0 : i32
  %p = arith.cmpi sgt, %arg0, %c0_i32 : i32
  scf.if %p {
    scf.for %i = %c0 to %c9 step %c1 {
      hivm.hir.pipe_barrier[<PIPE_V>]
    }
  }
  return
}
EOF2
rc=$(run cut_guard check --max-unroll 4 "$tmp/cut_guard.mlir")
[ "$rc" = 3 ] && grep -q "the loop at 8:5 (9 iterations, more than --max-unroll 4) is under a branch or trip count unknown at compile time; the kernel was not analysed \[unknown\]" "$tmp/cut_guard.out" ||
  fail "cut under a branch: exit $rc: $(cat "$tmp/cut_guard.out")"
# a scf.while whose condition stays true never ends: its first K iterations
rc=$(run while_forever check "$root/corpus/long_loop/ok_while.mlir")
[ "$rc" = 0 ] && grep -q "clean (bounded) -- checked on the first 8 iterations of the scf.while at 25:5 (it never ends: its condition stays true)" "$tmp/while_forever.out" ||
  fail "never-ending while: exit $rc: $(cat "$tmp/while_forever.out")"
# a finite scf.while past --max-unroll: unrolled again, cut after K
cat >"$tmp/while_long.mlir" <<'EOF2'
func.func @while_long() attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c50 = arith.constant 50 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %c50 : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%j: index):
    hivm.hir.pipe_barrier[<PIPE_V>]
    %n = arith.addi %j, %c1 : index
    scf.yield %n : index
  }
  return
}
EOF2
rc=$(run while_long check --no-redundant --max-unroll 20 "$tmp/while_long.mlir")
[ "$rc" = 0 ] && grep -q "clean (bounded) -- checked on the first 8 iterations of the scf.while at 5:3 (more than --max-unroll 20 iterations)" "$tmp/while_long.out" ||
  fail "finite while past --max-unroll: exit $rc: $(cat "$tmp/while_long.out")"
rc=$(run while_long2 check --no-redundant "$tmp/while_long.mlir")
[ "$rc" = 0 ] && ! grep -q "checked on the first" "$tmp/while_long2.out" ||
  fail "finite while within --max-unroll: exit $rc: $(cat "$tmp/while_long2.out")"
# a prefix: findings behind a wait that may be released after the cut are
# not decided (both engines agree); the whole kernel has them
cat >"$tmp/cutwait.mlir" <<'EOF2'
module {
  func.func @pc_mix_aic(%arg0: memref<4096xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIC>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    scf.for %i = %c0 to %c32 step %c1 {
      hivm.hir.sync_block_set[<CUBE>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
      hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
    }
    return
  }
  func.func @pc_mix_aiv(%arg0: memref<4096xf32, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.part_of_mix} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c0_i64 = arith.constant 0 : i64
    %c512_i64 = arith.constant 512 : i64
    %xb = hivm.hir.pointer_cast(%c0_i64) : memref<128xf32, #hivm.address_space<ub>>
    %yb = hivm.hir.pointer_cast(%c512_i64) : memref<128xf32, #hivm.address_space<ub>>
    scf.for %j = %c0 to %c16 step %c1 {
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
      hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_MTE2>] flag = 0
      %late = arith.cmpi uge, %j, %c4 : index
      scf.if %late {
        hivm.hir.vadd ins(%xb, %xb : memref<128xf32, #hivm.address_space<ub>>, memref<128xf32, #hivm.address_space<ub>>) outs(%yb : memref<128xf32, #hivm.address_space<ub>>)
        hivm.hir.vmul ins(%yb, %xb : memref<128xf32, #hivm.address_space<ub>>, memref<128xf32, #hivm.address_space<ub>>) outs(%xb : memref<128xf32, #hivm.address_space<ub>>)
      }
      hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] flag = 1
    }
    return
  }
}
EOF2
for eng in graph smt; do
  rc=$(run cutwait check --engine $eng --arch a2 "$tmp/cutwait.mlir")
  [ "$rc" = 1 ] && grep -q "\[pipe-hazard\]" "$tmp/cutwait.out" ||
    fail "cut-wait kernel, whole, --engine $eng: exit $rc: $(cat "$tmp/cutwait.out")"
  rc=$(run cutwait8 check --engine $eng --arch a2 --max-unroll 8 "$tmp/cutwait.mlir")
  [ "$rc" = 0 ] && grep -q "clean (bounded) -- checked on the first 8 iterations of the loop at 6:5 (32 iterations, more than --max-unroll 8) (and of 1 more loop): .*; [1-9][0-9]* findings\? after the sync_block_wait at 22:7, which may be released after the cut, \(is\|are\) not decided" "$tmp/cutwait8.out" ||
    fail "cut-wait kernel, prefix, --engine $eng: exit $rc: $(cat "$tmp/cutwait8.out")"
done
cmp -s <(sed -n 's/.*not decided//p' "$tmp/cutwait8.out") <("$ksv" check --engine graph --arch a2 --max-unroll 8 "$tmp/cutwait.mlir" | sed -n 's/.*not decided//; s/; with its trip count left open, .*//p') ||
  fail "cut-wait kernel: the engines' notes differ"
# the graph engine's note says why the loop was not proven with its trip
# count left open (left open, the cores' loops of 32 and 16 iterations run
# any trip counts: it deadlocks)
"$ksv" check --engine graph --arch a2 --max-unroll 8 "$tmp/cutwait.mlir" |
  grep -q "with its trip count left open, it has findings for some trip counts (the first: [a-z-]* at [0-9]*:[0-9]*), maybe not for this one" ||
  fail "cut-wait kernel: the window's failure is not in the note"
for bad in "--engine foo" "--timeout-ms 0" "--trip-bound 0" "--trip-bound 65"; do
  rc=$(run eng_bad check $bad "$tmp/good.mlir")
  [ "$rc" = 2 ] || fail "'$bad': exit $rc, expected 2"
done

# --stats / KSV_STATS=1: ksv-stats lines on stderr (file, kernel, total),
# the report on stdout unchanged
rc=$(run st_plain check "$tmp/good.mlir")
rc=$(run st_flag check --stats "$tmp/good.mlir")
[ "$rc" = 0 ] || fail "--stats: exit $rc"
cmp -s "$tmp/st_plain.out" "$tmp/st_flag.out" || fail "--stats changed the report"
grep -q "^ksv-stats: file=.*good.mlir bytes=[0-9]* units=1 parse_s=" "$tmp/st_flag.err" ||
  fail "--stats: no file line: $(cat "$tmp/st_flag.err")"
grep -q "^ksv-stats: file=.* kernel=good engine=graph instances=[1-9][0-9]* .*unroll_s=.* analyse_s=.* nodes=[1-9]" \
  "$tmp/st_flag.err" || fail "--stats: no kernel line: $(cat "$tmp/st_flag.err")"
grep -q "^ksv-stats: total files=1 .*maxrss_kb=[1-9]" "$tmp/st_flag.err" ||
  fail "--stats: no total line: $(cat "$tmp/st_flag.err")"
KSV_STATS=1 "$ksv" check "$tmp/good.mlir" >/dev/null 2>"$tmp/st_env.err"
grep -q "^ksv-stats: total" "$tmp/st_env.err" || fail "KSV_STATS=1: no stats"
KSV_STATS=0 "$ksv" check "$tmp/good.mlir" >/dev/null 2>"$tmp/st_off.err"
grep -q "ksv-stats" "$tmp/st_off.err" && fail "KSV_STATS=0 printed stats"

# The SMT engine decides pairs a path of certain edges orders without the
# solver: on corpus/grid_stride/ok.mlir the main run asked 1131 queries
# before, about 80 since.
gs=$root/corpus/grid_stride
rc=$(run st_smt check --engine smt --stats --no-redundant "$gs/ok.mlir")
[ "$rc" = 0 ] || fail "grid_stride/ok: exit $rc"
q=$(grep -o ' queries=[0-9]*' "$tmp/st_smt.err" | cut -d= -f2)
p=$(grep -o ' pruned=[0-9]*' "$tmp/st_smt.err" | cut -d= -f2)
{ [ -n "$q" ] && [ -n "$p" ] && [ "$q" -lt 200 ] && [ "$p" -gt 1000 ]; } ||
  fail "grid_stride/ok: queries=$q pruned=$p (expected < 200 and > 1000)"
# --max-solver-seconds: with loops unrolled to 24 this kernel needs minutes
# of solver time; a budget of 2 s makes it unknown, naming the limit, soon.
start=$(date +%s)
rc=$(run budget check --engine smt --trip-bound 24 --max-solver-seconds 2 \
  "$gs/bug_tail_no_wait.mlir")
took=$(($(date +%s) - start))
[ "$rc" = 3 ] || fail "--max-solver-seconds: exit $rc, expected 3"
grep -q "error: not decided: .*the solver budget of 2 s per kernel ran out (--max-solver-seconds); raise --max-solver-seconds \[unknown\]" \
  "$tmp/budget.out" || fail "--max-solver-seconds: $(head -3 "$tmp/budget.out")"
[ "$took" -lt 60 ] || fail "--max-solver-seconds 2 took $took s"
rc=$(run budget0 check --max-solver-seconds 0 "$tmp/good.mlir")
[ "$rc" = 2 ] && grep -q "max-solver-seconds expects" "$tmp/budget0.err" ||
  fail "--max-solver-seconds 0: exit $rc"

# --flag-model count|bit (SEMANTICS.md 3): two sets, then two waits.
# Counting flags (the default): a double-set warning, exit 0 (1 with
# --fail-on warning), SARIF level warning, no JUnit failure; one bit: an
# error everywhere.  Bad values are usage errors in every command.
sed -e '/set_flag\[<PIPE_MTE2>, <PIPE_V>/{p}' -e '/wait_flag\[<PIPE_MTE2>, <PIPE_V>/{p}' \
  "$tmp/good.mlir" >"$tmp/ds.mlir"
rc=$(run fm_count check "$tmp/ds.mlir")
[ "$rc" = 0 ] && grep -q ':6:3: warning: .*no wait_flag of it since the previous set (program order).*\[double-set\]$' "$tmp/fm_count.out" ||
  fail "--flag-model count (default): exit $rc, $(head -1 "$tmp/fm_count.out")"
rc=$(run fm_count2 check --flag-model count --fail-on warning "$tmp/ds.mlir")
[ "$rc" = 1 ] || fail "--flag-model count --fail-on warning: exit $rc"
for form in "--flag-model bit" "--flag-model=bit"; do
  # shellcheck disable=SC2086
  rc=$(run fm_bit check $form "$tmp/ds.mlir")
  [ "$rc" = 1 ] && grep -q ':6:3: error: .*can fire while the flag is still set.*\[double-set\]$' "$tmp/fm_bit.out" ||
    fail "$form: exit $rc, $(head -1 "$tmp/fm_bit.out")"
done
"$ksv" check --format sarif "$tmp/ds.mlir" >"$tmp/fm.sarif"
"$ksv" check --format sarif --flag-model bit "$tmp/ds.mlir" >"$tmp/fmb.sarif"
python3 - "$tmp/fm.sarif" "$tmp/fmb.sarif" <<'PY' || fail "--flag-model: SARIF levels"
import json, sys
lv = lambda f: [r['level'] for r in json.load(open(f))['runs'][0]['results'] if r['ruleId'] == 'double-set']
assert lv(sys.argv[1]) == ['warning'] and lv(sys.argv[2]) == ['error'], (lv(sys.argv[1]), lv(sys.argv[2]))
PY
n=$("$ksv" check --format junit "$tmp/ds.mlir" | grep -c '<failure')
m=$("$ksv" check --format junit --flag-model bit "$tmp/ds.mlir" | grep -c '<failure')
[ "$n" = 0 ] && [ "$m" = 1 ] || fail "--flag-model: JUnit failures $n (count) and $m (bit), want 0 and 1"
rc=$(run fm_sim sim "$tmp/ds.mlir")
[ "$rc" = 0 ] && grep -q ':6:3: warning: .*with no wait of its flag since the set at 5:3 in program order.*\[double-set\]$' "$tmp/fm_sim.out" ||
  fail "ksv sim of a program-order double set: exit $rc, $(head -1 "$tmp/fm_sim.out")"
rc=$(run fm_fix fix --diff "$tmp/ds.mlir")
[ "$rc" = 0 ] && [ "$(grep -c '^-  hivm' "$tmp/fm_fix.out")" = 2 ] ||
  fail "ksv fix of a double-set warning: exit $rc"
for cmd in check sim export fix; do
  rc=$(run fm_bad $cmd --flag-model byte "$tmp/good.mlir")
  [ "$rc" = 2 ] && grep -q 'flag-model expects count or bit' "$tmp/fm_bad.err" ||
    fail "$cmd --flag-model byte: exit $rc"
done
"$ksv" --help | grep -q -- '--flag-model count|bit' || fail "--help lacks --flag-model"
"$ksv" --help | grep -q -- '--doc-url URL' || fail "--help lacks --doc-url"
# --doc-url takes an absolute URL (SARIF helpUri must be one)
for u in docs/ "" ftp; do
  rc=$(run docurl check --doc-url "$u" "$tmp/good.mlir")
  [ "$rc" = 2 ] || fail "--doc-url '$u': exit $rc, expected 2"
done
rc=$(run docurl check --doc-url file:///usr/share/doc/ksv "$tmp/good.mlir")
[ "$rc" = 0 ] || fail "--doc-url file:///usr/share/doc/ksv: exit $rc, expected 0"

# ------------------------------------------------ command-line conventions
# every command has its own --help listing its options; the global one
# prints %arg2 (not a printf directive's %%arg2)
for cmd in check fix dump sim export; do
  rc=$(run help_$cmd $cmd --help)
  [ "$rc" = 0 ] || fail "$cmd --help: exit $rc"
  grep -q "^usage: ksv $cmd" "$tmp/help_$cmd.out" || fail "$cmd --help: no usage line"
  grep -q -- "^  -h, --help" "$tmp/help_$cmd.out" || fail "$cmd --help lists no --help"
done
for o in --report --color --include --exclude --fix --trip-bound -j -D; do
  grep -q -- "^  ${o}[ ,]" "$tmp/help_check.out" || fail "check --help lacks $o"
done
for o in --in-place --diff --max-fix-seconds --trip-bound; do
  grep -q -- "^  ${o}[ ,]" "$tmp/help_fix.out" || fail "fix --help lacks $o"
done
grep -q -- "--fix " "$tmp/help_fix.out" && fail "fix --help lists check's --fix"
# the budgets of every command that reads kernels (docs/limits.md)
for cmd in check fix dump sim export; do
  for o in --max-unroll --max-instances --max-memory-mb; do
    grep -q -- "^  ${o} N" "$tmp/help_$cmd.out" || fail "$cmd --help lacks $o"
  done
done
# a kernel a limit stopped unrolling: dump lists how far it got and exits
# 3 (unknown), the limit named in a located error; sim and export too
rc=$(run lim_dump dump --max-instances 2 "$tmp/good.mlir")
[ "$rc" = 3 ] && grep -q "^$tmp/good.mlir:1:1: error: not unrolled whole: .*--max-instances).* \[unknown\]$" \
  "$tmp/lim_dump.err" && grep -q "not unrolled: " "$tmp/lim_dump.out" ||
  fail "dump --max-instances 2: exit $rc, $(cat "$tmp/lim_dump.err")"
for cmd in sim export; do
  rc=$(run lim_$cmd $cmd --max-instances 2 "$tmp/good.mlir")
  [ "$rc" = 3 ] && grep -q -- "--max-instances" "$tmp/lim_$cmd.out" "$tmp/lim_$cmd.err" ||
    fail "$cmd --max-instances 2: exit $rc"
done
# the input limit (--max-memory-mb / 64: 16384 bytes for 1) in every
# command, the same located message (tests/hostile_test.sh: pipes, devices)
{ cat "$tmp/good.mlir"; for i in $(seq 400); do echo "// padding line $i of a file past 16 KB ......"; done; } >"$tmp/pad.mlir"
for cmd in check fix dump sim export; do
  rc=$(run pad_$cmd $cmd --max-memory-mb 1 "$tmp/pad.mlir")
  [ "$rc" = 3 ] && grep -q "^$tmp/pad.mlir:1:1: error: not decided: the file has [0-9]* bytes, more than the 16384 bytes inputs are limited to (--max-memory-mb / 64)" \
    "$tmp/pad_$cmd.out" "$tmp/pad_$cmd.err" || fail "$cmd --max-memory-mb 1 on 16 KB: exit $rc"
  rc=$(run pad_$cmd $cmd --max-memory-mb 2 "$tmp/pad.mlir")
  [ "$rc" = 3 ] && fail "$cmd --max-memory-mb 2 on 16 KB (32 KB of input): exit 3"
done
grep -q -- "--runs N" "$tmp/help_sim.out" || fail "sim --help lacks --runs"
grep -q '%%' "$tmp/help.out" && fail "--help prints a literal %%"
grep -q '(%arg2)' "$tmp/help.out" || fail "--help lacks (%arg2)"
# unknown options: exit 2 and the command's help named
rc=$(run unk check --x "$tmp/good.mlir")
[ "$rc" = 2 ] && grep -qxF "ksv: error: unknown option '--x' (see 'ksv check --help')" "$tmp/unk.err" ||
  fail "check --x: exit $rc, $(cat "$tmp/unk.err")"
rc=$(run unk sim -Z "$tmp/good.mlir")
[ "$rc" = 2 ] && grep -qF "unknown option '-Z' (see 'ksv sim --help')" "$tmp/unk.err" ||
  fail "sim -Z: exit $rc, $(cat "$tmp/unk.err")"
rc=$(run unk check --explain=yes "$tmp/good.mlir")
[ "$rc" = 2 ] && grep -q "takes no value" "$tmp/unk.err" || fail "--explain=yes: exit $rc"
rc=$(run unk check "$tmp/good.mlir" --arch)
[ "$rc" = 2 ] && grep -q "arch expects a value" "$tmp/unk.err" || fail "--arch at the end: exit $rc"
# --opt=value is --opt value; options after the files
"$ksv" check --format json "$tmp/good.mlir" >"$tmp/eq1.out"
"$ksv" check "$tmp/good.mlir" --format=json >"$tmp/eq2.out"
cmp -s "$tmp/eq1.out" "$tmp/eq2.out" && grep -q '"format_version"' "$tmp/eq2.out" ||
  fail "--format=json differs from --format json"
# short options bundled with their values (-j2 -ofile), and -h with others
rc=$(run bundle check -j2 "-o$tmp/bundle.txt" "$tmp/good.mlir")
[ "$rc" = 0 ] && grep -q "good: clean" "$tmp/bundle.txt" || fail "-j2 -oFILE: exit $rc"
rc=$(run bundle2 check -hj2)
[ "$rc" = 0 ] && grep -q "^usage: ksv check" "$tmp/bundle2.out" || fail "-hj2: exit $rc"
rc=$(run bundle3 sim -DN=1 --runs=2 "$tmp/good.mlir")
[ "$rc" = 0 ] || fail "sim -DN=1 --runs=2: exit $rc"
# -- ends the options: a file whose name starts with '-'
cp "$tmp/good.mlir" "$tmp/-dash.mlir"
kabs=$(readlink -f "$ksv")
rc=$(cd "$tmp" && "$kabs" check -- -dash.mlir >"$tmp/dash.out" 2>&1; echo $?)
[ "$rc" = 0 ] && grep -q "^-dash.mlir: good: clean" "$tmp/dash.out" || fail "check -- -dash.mlir: exit $rc"
rc=$(cd "$tmp" && "$kabs" check -dash.mlir >/dev/null 2>&1; echo $?)
[ "$rc" = 2 ] || fail "check -dash.mlir (no --): exit $rc, expected 2"

# - is standard input, <stdin> in locations, HIVM unless --lang says
rc=$("$ksv" check - <"$tmp/good.mlir" >"$tmp/stdin.out" 2>&1; echo $?)
[ "$rc" = 0 ] && grep -q "^<stdin>: good: clean" "$tmp/stdin.out" || fail "check -: exit $rc"
rc=$("$ksv" check - <"$tmp/bad_pipe.mlir" >"$tmp/stdin.out" 2>&1; echo $?)
[ "$rc" = 2 ] && grep -q "^<stdin>:2:[0-9]*: error: unknown pipe 'PIPE_FOO'" "$tmp/stdin.out" ||
  fail "check - (bad pipe): exit $rc"
rc=$("$ksv" check --lang ascendc - <"$tmp/good.mlir" >"$tmp/stdin.out" 2>&1; echo $?)
[ "$rc" = 2 ] && grep -q "^<stdin>:1:1: error: syntax error" "$tmp/stdin.out" ||
  fail "check --lang ascendc -: exit $rc"
cp "$tmp/good.mlir" "$tmp/stdin_in.mlir"
rc=$("$ksv" check "$tmp/good.mlir" - <"$tmp/stdin_in.mlir" >"$tmp/stdin.out" 2>&1; echo $?)
[ "$rc" = 0 ] && grep -q "2 files" "$tmp/stdin.out" || fail "check FILE -: exit $rc"
rc=$("$ksv" check - - <"$tmp/good.mlir" >/dev/null 2>&1; echo $?)
[ "$rc" = 2 ] || fail "check - -: exit $rc, expected 2"
rc=$("$ksv" dump - <"$tmp/good.mlir" >"$tmp/stdin.out" 2>&1; echo $?)
[ "$rc" = 0 ] && grep -q "hivm.hir.load" "$tmp/stdin.out" || fail "dump -: exit $rc"
rc=$("$ksv" sim - <"$tmp/good.mlir" >"$tmp/stdin.out" 2>&1; echo $?)
[ "$rc" = 0 ] || fail "sim -: exit $rc"
rc=$("$ksv" fix --in-place - <"$tmp/good.mlir" >/dev/null 2>&1; echo $?)
[ "$rc" = 2 ] || fail "fix --in-place -: exit $rc, expected 2"

# directories: searched recursively for inputs, sorted, with globs
d=$tmp/tree
mkdir -p "$d/sub/deeper" "$d/.hidden" "$d/empty" "$d/docs"
cp "$tmp/good.mlir" "$d/b.mlir"
cp "$tmp/good.mlir" "$d/sub/a.mlir"
cp "$tmp/good.mlir" "$d/sub/deeper/z.mlir"
cp "$tmp/good.mlir" "$d/.hidden/x.mlir"
printf 'not a kernel\n' >"$d/docs/notes.txt"
cp "$(dirname "$0")/../corpus/asc_cce_vec/ok.cpp" "$d/sub/k.cpp"
paths() { # paths ARGS...: the files a check reports, in order
  "$ksv" check --format json "$@" 2>"$tmp/paths.err" |
    python3 -c 'import json,sys; print(" ".join(f["path"] for f in json.load(sys.stdin)["files"]))'
}
got=$(paths "$d")
want="$d/b.mlir $d/sub/a.mlir $d/sub/deeper/z.mlir $d/sub/k.cpp"
[ "$got" = "$want" ] || fail "directory: got '$got', want '$want'"
got=$(paths "$d/")
[ "$got" = "${want//$d\//$d/}" ] || fail "directory with a slash: got '$got'"
got=$(paths --include '*.cpp' "$d")
[ "$got" = "$d/sub/k.cpp" ] || fail "--include '*.cpp': got '$got'"
got=$(paths --exclude sub "$d")
[ "$got" = "$d/b.mlir" ] || fail "--exclude sub: got '$got'"
got=$(paths --exclude 'sub/*.mlir' --exclude '*.cpp' "$d")
[ "$got" = "$d/b.mlir $d/sub/deeper/z.mlir" ] || fail "--exclude 'sub/*.mlir' --exclude '*.cpp': got '$got'"
got=$(paths --include 'z*' --include 'b*' "$d" "$tmp/good.mlir")
[ "$got" = "$d/b.mlir $d/sub/deeper/z.mlir $tmp/good.mlir" ] ||
  fail "two --include and a named file: got '$got'"
for args in "$d/empty" "$d/docs" "--include *.asc $d"; do
  # shellcheck disable=SC2086 # word-split on purpose: options and a path
  rc=$(run emptydir check $args)
  [ "$rc" = 2 ] && grep -q "error: .*no input file" "$tmp/emptydir.err" ||
    fail "check $args: exit $rc, expected 2 with a message"
done

# several reports in one run, beside the text on stdout
rc=$(run reports check --report "json=$tmp/r.json" --report "sarif=$tmp/r.sarif" \
  --report "junit=$tmp/r.xml" --report "html=$tmp/r.html" "$tmp/good.mlir" "$d/sub/k.cpp")
[ "$rc" = 0 ] && grep -q "^ksv: 2 files" "$tmp/reports.out" || fail "--report x4: exit $rc"
"$ksv" check --format json "$tmp/good.mlir" "$d/sub/k.cpp" >"$tmp/r1.json"
python3 - "$tmp/r.json" "$tmp/r1.json" "$tmp/r.sarif" "$tmp/r.xml" "$tmp/r.html" <<'PY' ||
import json, sys, xml.dom.minidom
strip = lambda j: [(f["path"], f["diagnostics"]) for f in j["files"]]
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert strip(a) == strip(b), "the --report json differs from --format json"
assert json.load(open(sys.argv[3]))["version"] == "2.1.0", "the SARIF report"
xml.dom.minidom.parse(sys.argv[4])
assert "<html" in open(sys.argv[5]).read()
PY
  fail "a --report file is not its format"
rc=$(run reports2 check --format json -o "$tmp/r2.json" --report "text=$tmp/r2.txt" "$tmp/good.mlir")
[ "$rc" = 0 ] && grep -q '"format_version"' "$tmp/r2.json" && grep -q "good: clean" "$tmp/r2.txt" ||
  fail "-o json + --report text: exit $rc"
for spec in xml=x.out json json= ; do
  rc=$(run badrep check --report "$spec" "$tmp/good.mlir")
  [ "$rc" = 2 ] && grep -q "report expects FORMAT=FILE" "$tmp/badrep.err" || fail "--report $spec: exit $rc"
done
rc=$(run badrep check --report "json=$tmp/no/such/dir/r.json" "$tmp/good.mlir")
[ "$rc" = 2 ] && grep -q "cannot write" "$tmp/badrep.err" || fail "--report into a missing directory: exit $rc"

# --color and the clang-like text: the source line, a caret under the
# column (tabs kept), the rule's doc link, "run `ksv fix` to apply"
sed -n '/wait_flag/!p' "$tmp/good.mlir" | sed 's/^  /\t/' >"$tmp/tabs.mlir"
asc=$(dirname "$0")/../corpus/asc_cce_vec/bug_missing_v_mte3.cpp
nocolor() { sed 's/\x1b\[[0-9;]*m//g; s/\r$//'; }
caret_ok() { # caret_ok SRC TEXT: the first finding's excerpt is right
  python3 - "$1" "$2" <<'PY'
import re, sys
src = open(sys.argv[1]).read().split("\n")
out = open(sys.argv[2]).read().split("\n")
for i, l in enumerate(out):
    m = re.match(r"(.*):(\d+):(\d+): (error|warning): ", l)
    if m:
        break
else:
    sys.exit("no finding")
n, c = int(m.group(2)), int(m.group(3))
line = src[n - 1]
want = ["%5d | %s" % (n, line),
        "      | " + "".join(ch if ch == "\t" else " " for ch in line[:c - 1]) + "^"]
if out[i + 1:i + 3] != want:
    sys.exit("excerpt %r, expected %r" % (out[i + 1:i + 3], want))
PY
}
for src in "$tmp/tabs.mlir" "$asc"; do
  "$ksv" check --color always "$src" >"$tmp/color.raw"
  grep -q $'\x1b\\[1;31merror:' "$tmp/color.raw" || fail "$src: --color always has no red error:"
  nocolor <"$tmp/color.raw" >"$tmp/color.txt"
  caret_ok "$src" "$tmp/color.txt" || fail "$src: caret misplaced"
  grep -Eq '^      = rule [a-z-]+: https://gitcode.com/ksv/ksv/blob/main/docs/rules.md#[a-z-]+$' \
    "$tmp/color.txt" || fail "$src: no doc link line"
  # not a terminal, --color never or auto: the plain lines, unchanged
  "$ksv" check "$src" >"$tmp/plain.txt"
  "$ksv" check --color never "$src" >"$tmp/never.txt"
  "$ksv" check --color auto "$src" >"$tmp/auto.txt"
  cmp -s "$tmp/plain.txt" "$tmp/never.txt" && cmp -s "$tmp/plain.txt" "$tmp/auto.txt" ||
    fail "$src: --color never/auto differ from the default on a pipe"
  grep -q -e $'\x1b' -e '^ *[0-9]* | ' -e '= rule' "$tmp/plain.txt" && fail "$src: plain text has colour or excerpts"
  # the plain lines are the rich text minus the excerpts and pointers
  grep -v -e '^ *[0-9]* | ' -e '^      | ' -e '^      = ' "$tmp/color.txt" | cmp -s - "$tmp/plain.txt" ||
    fail "$src: the rich text is not the plain text plus excerpts"
done
"$ksv" check --color always --doc-url https://docs.example.org/ksv "$tmp/tabs.mlir" | nocolor |
  grep -q '= rule unpaired-set: https://docs.example.org/ksv/rules.md#unpaired-set' ||
  fail "--doc-url does not set the text's doc link"
"$ksv" check --color always --fix "$tmp/tabs.mlir" | nocolor >"$tmp/fixp.txt"
grep -qF "      = run \`ksv fix $tmp/tabs.mlir\` to apply the fix above" "$tmp/fixp.txt" ||
  fail "--fix: no 'run \`ksv fix\` to apply' line: $(head -12 "$tmp/fixp.txt")"
grep -q "run \`ksv fix" <("$ksv" check --color always "$tmp/tabs.mlir") &&
  fail "'run ksv fix' without a verified fix (no --fix)"
rc=$(run badcolor check --color maybe "$tmp/good.mlir")
[ "$rc" = 2 ] && grep -q "color expects auto, always or never" "$tmp/badcolor.err" ||
  fail "--color maybe: exit $rc"
# on a terminal (script(1) gives one): auto colours unless NO_COLOR; the
# excerpts stay without colour
tty_run() { script -qec "$*" /dev/null </dev/null | sed 's/\r$//'; }
tty_run "'$ksv' check '$tmp/tabs.mlir'" >"$tmp/tty.txt"
grep -q $'\x1b\\[' "$tmp/tty.txt" && grep -q '^    5 | ' "$tmp/tty.txt" ||
  fail "a terminal: no colour or no excerpt"
tty_run "NO_COLOR=1 '$ksv' check '$tmp/tabs.mlir'" >"$tmp/tty.txt"
grep -q $'\x1b' "$tmp/tty.txt" && fail "a terminal with NO_COLOR: colour"
grep -q '^    5 | ' "$tmp/tty.txt" || fail "a terminal with NO_COLOR: no excerpt"
tty_run "NO_COLOR=1 '$ksv' check --color always '$tmp/tabs.mlir'" >"$tmp/tty.txt"
grep -q $'\x1b\\[' "$tmp/tty.txt" || fail "--color always with NO_COLOR: no colour"
tty_run "'$ksv' check --color never '$tmp/tabs.mlir'" >"$tmp/tty.txt"
grep -q $'\x1b' "$tmp/tty.txt" && fail "--color never on a terminal: colour"

# an undecided kernel is counted as unknown, not as an error: its "not
# decided" line is rule unknown, and the summaries (text, JSON, HTML) count
# it once, under unknown
[ "$(run undecided check --max-instances 1 "$tmp/good.mlir")" = 3 ] ||
  fail "--max-instances 1: not exit 3"
grep -q 'not decided.*\[unknown\]' "$tmp/undecided.out" ||
  fail "--max-instances 1: no 'not decided' line"
grep -q ': 0 errors, 0 warnings, 1 unknown$' "$tmp/undecided.out" ||
  fail "an undecided kernel counted as an error: $(tail -1 "$tmp/undecided.out")"
run undecided_json check --format json --max-instances 1 "$tmp/good.mlir" >/dev/null
python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["summary"]; assert (s["errors"], s["unknown"]) == (0, 1), s' \
  "$tmp/undecided_json.out" || fail "JSON: an undecided kernel counted as an error"

# kernels of one name (two chunks, or one module): the text report's
# verdict lines tell them apart by their index in the file's units (JSON
# unit_index) and their line (JUnit's); a name no other kernel has is
# printed alone
{ cat "$tmp/good.mlir"; echo '// -----'; cat "$tmp/good.mlir"; echo '// -----'
  sed 's/@good/@other/' "$tmp/good.mlir"; } >"$tmp/twice.mlir"
g2=$(($(wc -l <"$tmp/good.mlir") + 2))
run twice check "$tmp/twice.mlir" >/dev/null
grep -qx "$tmp/twice.mlir: good (unit 0, line 1): clean" "$tmp/twice.out" &&
  grep -qx "$tmp/twice.mlir: good (unit 1, line $g2): clean" "$tmp/twice.out" &&
  grep -qx "$tmp/twice.mlir: other: clean" "$tmp/twice.out" ||
  fail "same-named kernels not told apart: $(grep ': clean' "$tmp/twice.out")"
run twice_json check --format json "$tmp/twice.mlir" >/dev/null
python3 -c 'import json,sys; u=json.load(open(sys.argv[1]))["files"][0]["units"]; assert [(x["name"], x["line"]) for x in u] == [("good", 1), ("good", int(sys.argv[2])), ("other", 2 * int(sys.argv[2]) - 1)], u' \
  "$tmp/twice_json.out" "$g2" || fail "same-named kernels: JSON units differ from the text report"

# --cost files are read like every input (issue 21): a NUL byte is bad
# input at its line and column, /dev/zero is read no further than the
# input limit (it was read as empty lines forever)
printf 'v.bw = 128\n  mte2.startup\000 = 3\n' >"$tmp/nul.cost"
rc=$(run nul_cost sim --cost "$tmp/nul.cost" "$tmp/good.mlir")
[ "$rc" = 2 ] && grep -qx "$tmp/nul.cost:2:15: error: a NUL byte: a cost file is text \[bad-input\]" "$tmp/nul_cost.err" ||
  fail "sim --cost with a NUL byte: exit $rc, $(cat "$tmp/nul_cost.err")"
for mb in 1 64; do
  timeout 30 "$ksv" sim --max-memory-mb $mb --cost /dev/zero "$tmp/good.mlir" >"$tmp/zero_cost.out" 2>"$tmp/zero_cost.err"
  rc=$?
  [ "$rc" = 3 ] && grep -q "^/dev/zero:1:1: error: not decided: the file has more than the .* inputs are limited to (--max-memory-mb / 64; a stream, read no further) \[unknown\]$" "$tmp/zero_cost.err" ||
    fail "sim --max-memory-mb $mb --cost /dev/zero: exit $rc, $(head -c 300 "$tmp/zero_cost.err")"
done
printf '# slow\n\n  v.bw = x1\n' >"$tmp/bad.cost"
rc=$(run bad_cost sim --cost "$tmp/bad.cost" "$tmp/good.mlir")
[ "$rc" = 2 ] && grep -qx "$tmp/bad.cost:3:10: error: 'x1' is not a number \[bad-input\]" "$tmp/bad_cost.err" ||
  fail "sim --cost with a bad value: exit $rc, $(cat "$tmp/bad_cost.err")"

# the JSON reports above fit docs/report.schema.json
python3 "$(dirname "$0")/validate_json.py" "$tmp"/json_{good,bad,empty}.out \
  "$tmp/report.json" "$tmp/lone_json.out" ||
  fail "a JSON report does not fit docs/report.schema.json"

if [ "$fails" -ne 0 ]; then
  echo "$fails failure(s)"
  exit 1
fi
echo "cli tests passed"
