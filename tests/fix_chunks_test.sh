#!/usr/bin/env bash
# fix_chunks_test.sh KSV SOURCE_ROOT -- `ksv fix` re-checks only what an
# edit touches.  A HIVM file of several `// -----` chunks is fixed chunk by
# chunk (driver/ksv_fix.c, fix_search_chunks): its candidates re-check
# that chunk, not the file.
# On a file of a concrete buggy kernel, a correct one and a symbolic buggy
# one: (a) exactly the two chunks with findings are searched on their own
# (KSV_FIX_TRACE); (b) the fixed file is each chunk fixed as its own file,
# separators and the correct chunk kept as they were; (c) the fixes are
# reported at the file's lines; (d) the fixed file checks clean.
# (e) In one module of three kernels, every candidate (its edits within
# one kernel) is re-checked on that kernel alone, and the fixed file checks
# clean.  (f)-(h): kernels of one name, below.
set -u
ksv=${1:?usage: fix_chunks_test.sh KSV SOURCE_ROOT}
src=${2:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
a=$src/corpus/vec_add_db/bug_missing_mte2_v.mlir
b=$src/corpus/vec_add_db/ok.mlir
c=$src/corpus/grid_stride/bug_tail_no_wait.mlir
for f in "$a" "$b" "$c"; do [ -f "$f" ] || { echo "FAIL: missing $f"; exit 1; }; done
{ cat "$a"; printf '// -----\n'; cat "$b"; printf '// -----\n'; cat "$c"; } >"$tmp/all.mlir"
KSV_FIX_TRACE=1 "$ksv" fix -o "$tmp/all.out.mlir" "$tmp/all.mlir" >"$tmp/report" 2>"$tmp/trace"
n=$(grep -c '^fix: the chunk of lines' "$tmp/trace")
la=$(wc -l <"$a") lb=$(wc -l <"$b")
c0=$((la + lb + 3)) # the first line of the third chunk
grep -q "^fix: the chunk of lines 1\.\.$la on its own" "$tmp/trace" &&
  grep -q "^fix: the chunk of lines $c0\.\." "$tmp/trace" && [ "$n" = 2 ] ||
  bad "(a) not the two buggy chunks on their own: $(grep '^fix: the chunk' "$tmp/trace")"
"$ksv" fix -o "$tmp/a.out" "$a" >"$tmp/ra" 2>/dev/null
"$ksv" fix -o "$tmp/c.out" "$c" >"$tmp/rc" 2>/dev/null
{ cat "$tmp/a.out"; printf '// -----\n'; cat "$b"; printf '// -----\n'; cat "$tmp/c.out"; } >"$tmp/expect.mlir"
cmp -s "$tmp/expect.mlir" "$tmp/all.out.mlir" ||
  bad "(b) the fixed file is not its chunks fixed one by one: $(diff "$tmp/expect.mlir" "$tmp/all.out.mlir" | head -5)"
# (c) every fix of the third chunk at its own line plus the chunk's offset
# (the message names other lines of the chunk: only the location and rule)
while IFS= read -r l; do
  ln=$(sed -E 's/^[^:]+:([0-9]+):.*/\1/' <<<"$l")
  col=$(sed -E 's/^[^:]+:[0-9]+:([0-9]+):.*/\1/' <<<"$l")
  rule=$(sed -E 's/.*(\[[a-z-]+\])$/\1/' <<<"$l")
  grep -F "$tmp/all.mlir:$((ln + c0 - 1)):$col: fix: " "$tmp/report" | grep -qF "$rule" ||
    bad "(c) the fix '$l' is not reported at line $((ln + c0 - 1)) of the file"
done < <(grep ': fix: ' "$tmp/rc")
grep -q ': fix: ' "$tmp/rc" || bad "(c) the symbolic chunk has no fix to compare"
"$ksv" check "$tmp/all.out.mlir" >"$tmp/chk" 2>&1 ||
  bad "(d) the fixed file does not check clean: $(tail -3 "$tmp/chk")"
body() { sed -n '/^module/,/^}/p' "$1" | sed '1d;$d'; }
{ echo "module {"; body "$a"; body "$src/corpus/cube_matmul/bug_missing_m_fix.mlir"
  body "$src/corpus/tail_if/bug_wait_only_in_else.mlir"; echo "}"; } >"$tmp/multi.mlir"
KSV_FIX_TRACE=1 "$ksv" fix -o "$tmp/multi.out.mlir" "$tmp/multi.mlir" >"$tmp/mreport" 2>"$tmp/mtrace"
nc=$(grep -c '^fix: \[' "$tmp/mtrace")
nk=$(grep -c '^fix: \[.*re-checked kernel ' "$tmp/mtrace")
[ "$nc" -gt 0 ] && [ "$nc" = "$nk" ] ||
  bad "(e) $nk of $nc candidates re-checked on their kernel alone"
for k in vec_add_db cube_matmul tail_add; do
  grep -q "re-checked kernel $k)" "$tmp/mtrace" || bad "(e) no candidate of $k"
done
"$ksv" check "$tmp/multi.out.mlir" >"$tmp/mchk" 2>&1 ||
  bad "(e) the fixed module does not check clean: $(tail -3 "$tmp/mchk")"
# Kernels of one name (issue 21): fix tells them apart by their unit
# index, never by name.  (f) In one module, a clean @vec_add_db then a
# buggy one: the buggy one's candidates come from its own kernel (by name,
# the clean one's: nothing was fixed), its edits land in it, and the text
# report tells the two apart.  (g) Two copies of one buggy kernel in one
# module: each is fixed, each fix reported in its own kernel (JSON unit
# and unit_index; by name, only the first was fixed).  (h) Two chunks of
# that kernel: `check --fix` points every finding to the repair of its
# own chunk (by name, all to the first chunk's), and `fix --format json`
# names each fix's kernel by its index in the file.
mod() { echo "module {"; for f in "$@"; do body "$f"; done; echo "}"; }
mod "$b" "$a" >"$tmp/one.mlir"
n1=$(($(body "$b" | wc -l) + 1)) # the first kernel's last line
"$ksv" fix -o "$tmp/one.out.mlir" "$tmp/one.mlir" >"$tmp/one.report" 2>&1
rc=$?
"$ksv" check "$tmp/one.out.mlir" >"$tmp/one.chk" 2>&1 && [ $rc = 0 ] ||
  bad "(f) the buggy one of two same-named kernels is not fixed (exit $rc): $(tail -1 "$tmp/one.report")"
diff "$tmp/one.mlir" "$tmp/one.out.mlir" 2>/dev/null | grep -E '^[0-9]+' |
  awk -F'[acd,]' -v n="$n1" '$1 <= n { bad = 1 } END { exit !NR || bad }' ||
  bad "(f) the edits are not in the second kernel: $(diff "$tmp/one.mlir" "$tmp/one.out.mlir" 2>&1 | head -3)"
"$ksv" check "$tmp/one.mlir" >"$tmp/one.txt" 2>&1
grep -qx "$tmp/one.mlir: vec_add_db (unit 0, line 2): clean" "$tmp/one.txt" &&
  grep -qx "$tmp/one.mlir: vec_add_db (unit 1, line $((n1 + 1))): findings" "$tmp/one.txt" ||
  bad "(f) the text report does not tell the two kernels apart: $(grep ': vec_add_db' "$tmp/one.txt")"
mod "$a" "$a" >"$tmp/same.mlir"
"$ksv" fix --format json -o "$tmp/same.out.mlir" "$tmp/same.mlir" >"$tmp/same.json" 2>/dev/null
rc=$?
"$ksv" check "$tmp/same.out.mlir" >/dev/null 2>&1 && [ $rc = 0 ] ||
  bad "(g) two copies of one buggy kernel are not both fixed (exit $rc)"
# fix_units FILE.json N1: every fix of a kernel at line <= N1 is unit 0,
# every other unit 1, and both have one
fix_units() {
  python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); n1 = int(sys.argv[2])
seen = set()
for f in d["fixes"]:
    want = 0 if f["line"] <= n1 else 1
    assert f["unit"] == "vec_add_db" and f["unit_index"] == want, f
    for e in f["edits"]:
        assert (e["line"] <= n1) == (want == 0), (f["line"], e)
    seen.add(want)
assert seen == {0, 1}, seen
PY
}
fix_units "$tmp/same.json" "$n1" >"$tmp/same.py" 2>&1 ||
  bad "(g) a fix is not reported in its own kernel: $(tail -1 "$tmp/same.py")"
{ cat "$a"; printf '// -----\n'; cat "$a"; } >"$tmp/csame.mlir"
"$ksv" check --fix --format json "$tmp/csame.mlir" >"$tmp/csame.json" 2>/dev/null
python3 - "$tmp/csame.json" >"$tmp/csame.py" 2>&1 <<'PY' ||
import json, sys
ds = [g for f in json.load(open(sys.argv[1]))["files"] for g in f["diagnostics"]
      if g["severity"] != "note"]
unit_at = {(g["line"], g["column"]): g["unit_index"] for g in ds if "fix" in g}
assert sorted(unit_at.values()) == [0, 1], unit_at
for g in ds:
    fb = g.get("fixed_by")
    if fb:
        assert unit_at[(fb["line"], fb["column"])] == g["unit_index"], g
PY
  bad "(h) check --fix points a finding to another chunk's repair: $(tail -1 "$tmp/csame.py")"
"$ksv" fix --format json "$tmp/csame.mlir" >"$tmp/csame.fix.json" 2>/dev/null
fix_units "$tmp/csame.fix.json" "$la" >"$tmp/csame.fpy" 2>&1 ||
  bad "(h) fix --format json does not name each chunk's kernel: $(tail -1 "$tmp/csame.fpy")"
if python3 -c 'import jsonschema' 2>/dev/null; then
  python3 "$src/tests/validate_json.py" --schema fix "$tmp/same.json" "$tmp/csame.fix.json" >"$tmp/v.txt" ||
    bad "(g, h) a fix JSON document does not validate: $(head -3 "$tmp/v.txt")"
fi
[ $fail = 0 ] && echo "fix-chunks: ok"
exit $fail
