#!/usr/bin/env bash
# compare_builds.sh -- do two ksv builds give the same verdicts?
# usage: bash bench/compare_builds.sh OLD_KSV NEW_KSV [CHECK_OPTION...] -- FILE...
# Runs `ksv check --arch A [CHECK_OPTION...] FILE` with both binaries for
# A = a2 and a5 (TIMEOUT seconds each, default 120) and compares, per file
# and profile, the exit status and the error/warning lines with the
# numbers a witness chooses masked (how many sets/waits, which wait
# number, an out-of-range value, counts of undecided queries): the same
# findings per rule and statement, whatever model the solver picked.
# Byte ranges of symbolic accesses also come from the model: lines that
# differ only there are reported as "range only", not as disagreements.
# Prints each disagreement and a summary; exits 1 if there is one.
set -u
old=${1:?usage: compare_builds.sh OLD_KSV NEW_KSV [OPTIONS] -- FILE...}
new=${2:?}
shift 2
opts=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do opts+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
to=${TIMEOUT:-120}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
norm() { # the verdict lines of a report, with the witness's numbers masked
  grep -E ': (error|warning):|^ksv: ' "$1" | sed -E \
    -e 's/[0-9]+ sets? but [0-9]+ waits?/N sets but N waits/' \
    -e 's/number [0-9]+ but only [0-9]+ matching set_flags? executes?/number N but only N matching set_flags execute/' \
    -e 's/only [0-9]+ matching/only N matching/; s/wait number [0-9]+/wait number N/' \
    -e 's/at [0-9]+ when the kernel ends: [0-9]+ sets?, [0-9]+ waits?/at N when the kernel ends/' \
    -e 's/cycle of waits: [0-9]+ waits/cycle of waits: N waits/' \
    -e 's/can be -?[0-9]+, out of range/can be N, out of range/' \
    -e 's/[0-9]+ of [0-9]+ queries/N of M queries/' \
    -e 's/, [0-9]+ bounded;/;/; s/, [0-9]+ bounded$//'
}
n=0 same=0 ranges=0 diff=0
for f in "$@"; do
  for a in a2 a5; do
    n=$((n + 1))
    timeout "$to" "$old" check --arch $a "${opts[@]}" "$f" >"$tmp/o" 2>&1
    ro=$?
    timeout "$to" "$new" check --arch $a "${opts[@]}" "$f" >"$tmp/n" 2>&1
    rn=$?
    if [ $ro -eq $rn ] && cmp -s <(norm "$tmp/o") <(norm "$tmp/n"); then
      same=$((same + 1))
    elif [ $ro -eq $rn ] &&
         cmp -s <(norm "$tmp/o" | sed -E 's/\[0x[0-9a-f]+, 0x[0-9a-f]+\)/[R)/g') \
                <(norm "$tmp/n" | sed -E 's/\[0x[0-9a-f]+, 0x[0-9a-f]+\)/[R)/g'); then
      ranges=$((ranges + 1))
    else
      diff=$((diff + 1))
      echo "== $f ($a): exit $ro -> $rn"
      diff <(norm "$tmp/o") <(norm "$tmp/n") | head -8
    fi
  done
done
echo "compare_builds: $n file/profile runs: $same same, $ranges range only, $diff differ"
[ $diff -eq 0 ]
