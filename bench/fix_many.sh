#!/usr/bin/env bash
# fix_many.sh -- `ksv fix` on one file of N buggy kernels (issue 19's
# target: 40 kernels under 30 s), one command:
#   bash bench/fix_many.sh [BUILD_DIR] [N]        (defaults: build, 40)
# The file is the first N `bug_*.mlir` kernels of corpus/ in byte order of
# their paths, joined as `// -----` chunks (HIVM split-input form; three
# of the first 40 are the 130k-instance FlashAttention kernels of
# corpus/fa_preload).  Prints the wall and CPU seconds, the summary line of
# the fix report, and the time of the same kernels fixed one file at a
# time, for comparison.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
n=${2:-40}
ksv=$build/ksv
[ -x "$ksv" ] || { echo "fix_many.sh: build first: need $ksv" >&2; exit 2; }
timebin=/usr/bin/time
[ -x "$timebin" ] || { echo "fix_many.sh: GNU time missing (apt-get install time)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mapfile -t files < <(cd "$root" && ls corpus/*/bug_*.mlir | LC_ALL=C sort | head -n "$n")
first=1
for f in "${files[@]}"; do
  [ $first = 1 ] || printf '\n// -----\n\n' >>"$tmp/all.mlir"
  first=0
  cat "$root/$f" >>"$tmp/all.mlir"
done
echo "# ksv fix on ${#files[@]} buggy kernels in one file ($(wc -l <"$tmp/all.mlir") lines):" \
  "$(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
"$timebin" -f "%e %U %S" -o "$tmp/time" "$ksv" fix -o "$tmp/out.mlir" "$tmp/all.mlir" \
  >"$tmp/report" 2>&1 || true
read -r wall u s < <(tail -1 "$tmp/time")
echo "- one file: $wall s wall, $(echo "$u + $s" | bc) s CPU"
echo "  $(grep '^ksv fix:' "$tmp/report" | cut -c1-160)"
start=$(date +%s.%N)
for f in "${files[@]}"; do
  "$ksv" fix -o "$tmp/one.mlir" "$root/$f" >/dev/null 2>&1 || true
done
end=$(date +%s.%N)
echo "- one file per kernel: $(echo "$end - $start" | bc | cut -c1-6) s wall"
