#!/usr/bin/env bash
# jobs_test.sh KSV SRCROOT -- `-j N` checks files in parallel and renders in
# input order: the corpus (plus an unreadable and a garbage file) gives
# byte-identical text and JSON reports, and the same exit code, with -j 2
# and -j 1.  (Every format renders from the same ordered results: the JSON
# report carries all the text and JUnit ones do, so a third format would
# add a minute of CI and no ordering the JSON one does not show.)  SMT query time limits are wall-clock, so a loaded machine can
# turn a slow query into `unknown` in one run and not the other: the runs
# get a time limit no corpus query comes near.
set -u
ksv=${1:?usage: jobs_test.sh KSV SRCROOT}
root=${2:?}
ksv="$(cd "$(dirname "$ksv")" && pwd)/$(basename "$ksv")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the same binary for every run, even if the build dir is relinked meanwhile
cp "$ksv" "$tmp/ksv" || { echo "FAIL: cannot copy $ksv"; exit 1; }
ksv="$tmp/ksv"
cd "$root" || exit 1
printf 'func.func @k\377\001() {\n  return\n}\n' >"$tmp/garbage.mlir"
# every family but grid_stride, whose five symbolic kernels are most of the
# corpus's solver time and exercise nothing -j does not already see
files=($(ls corpus/*/*.mlir corpus/*/*.cpp | grep -v '^corpus/grid_stride/') "$tmp/garbage.mlir" "$tmp/missing.mlir")
fails=0
# (the redundant-sync search is left out: it re-proves every kernel per
# candidate sync and adds minutes without exercising -j any further)
for fmt in text json; do
  for j in 1 2; do
    "$ksv" check --format $fmt -j $j --no-redundant --timeout-ms 600000 "${files[@]}" >"$tmp/$fmt.j$j" 2>&1
    echo $? >"$tmp/$fmt.j$j.rc"
  done
  if ! cmp -s "$tmp/$fmt.j1" "$tmp/$fmt.j2"; then
    echo "FAIL: $fmt report differs between -j 1 and -j 2"
    diff "$tmp/$fmt.j1" "$tmp/$fmt.j2" | head -20
    fails=$((fails + 1))
  fi
  if ! cmp -s "$tmp/$fmt.j1.rc" "$tmp/$fmt.j2.rc"; then
    echo "FAIL: $fmt exit code differs: $(cat "$tmp/$fmt.j1.rc") vs $(cat "$tmp/$fmt.j2.rc")"
    fails=$((fails + 1))
  fi
done
# more jobs than files, and a usage error
"$ksv" check -j 8 corpus/vec_add_db/ok.mlir >/dev/null || { echo "FAIL: -j 8 on one file"; fails=$((fails + 1)); }
"$ksv" check -j 0 corpus/vec_add_db/ok.mlir >/dev/null 2>&1
[ $? = 2 ] || { echo "FAIL: -j 0 is not a usage error"; fails=$((fails + 1)); }
[ "$fails" = 0 ] || exit 1
echo "PASS: -j 2 output identical to -j 1 ($(wc -l <"$tmp/text.j1") text lines, exit $(cat "$tmp/text.j1.rc"))"
