#!/usr/bin/env bash
# valgrind memcheck over the corpus: `ksv check` on every corpus file must
# show no invalid access, no use of uninitialised memory and no definite
# leak.  The graph engine decides the concrete kernels; the symbolic ones
# run the SMT engine with small bounds (--trip-bound 2, --timeout-ms 2000:
# Z3 under valgrind is ~50x slower; what is checked here is ksv's own
# memory handling, not the proofs).
# Every report format is rendered (one per file, in turn).
#
# usage: valgrind_corpus.sh KSV SOURCE_ROOT   (KSV_VG_JOBS: parallel runs;
#   KSV_VG_STRIDE=N: every Nth corpus file only, .ci/run takes every 2nd)
set -u
ksv=$1
root=$2
jobs=${KSV_VG_JOBS:-2}
command -v valgrind >/dev/null || { echo "valgrind missing: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
one() { # index file
  local fmts=(text json junit sarif html) log=$tmp/$1.log
  # --engine auto: the graph engine where concrete, Z3 for the rest
  local args=(check --no-redundant --format "${fmts[$(($1 % 5))]}" -o /dev/null
              --trip-bound 2 --timeout-ms 2000)
  valgrind -q --error-exitcode=99 --leak-check=full \
    --errors-for-leak-kinds=definite --show-leak-kinds=definite \
    --log-file="$log" \
    "$ksv" "${args[@]}" "$2" >/dev/null 2>&1
  local rc=$?
  if [ $rc = 99 ] || [ -s "$log" ]; then
    echo "FAIL $2 (${args[*]})"
    head -30 "$log"
    return 1
  fi
  [ $rc -le 3 ] || { echo "FAIL $2: exit $rc"; return 1; }
}
export -f one
export ksv tmp
stride=${KSV_VG_STRIDE:-1}
find "$root/corpus" \( -name '*.mlir' -o -name '*.cpp' \) | sort | awk -v s="$stride" '(NR - 1) % s == 0 {print NR, $0}' |
  xargs -P "$jobs" -n 2 bash -c 'one "$0" "$1"' >"$tmp/out" 2>&1
status=$?
cat "$tmp/out"
n=$(find "$root/corpus" \( -name '*.mlir' -o -name '*.cpp' \) | awk -v s="$stride" '(NR - 1) % s == 0' | wc -l)
if [ $status -ne 0 ] || grep -q '^FAIL' "$tmp/out"; then
  echo "valgrind: failures on the corpus ($n files)"
  exit 1
fi
echo "valgrind: $n corpus files, no error"
