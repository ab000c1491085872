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
# clean.
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
[ $fail = 0 ] && echo "fix-chunks: ok"
exit $fail
