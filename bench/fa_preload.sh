#!/usr/bin/env bash
# fa_preload.sh [BUILD_DIR] -- the real-size benchmark (docs/PERFORMANCE.md,
# "A FlashAttention kernel at real size"): corpus/fa_preload/*.mlir, the
# compiler-shaped FlashAttention kernel with a block-index tile loop and a
# 64-slot preload workspace, with its KV loop cut to NKV blocks (NKV=128 is
# the corpus kernel: about 42k instances per core at 8 tiles), checked by
#   ksv check --arch A --stats FILE          (auto: the graph engine on each
#                                             outcome of the tile loop)
# and, for the sizes it can do within TIMEOUT seconds (default 120), by
#   ksv check --arch A --stats --engine smt FILE
# Prints one row per file, size, profile and engine: instances (all cores),
# outcomes, analysis and redundant-search CPU seconds, process CPU and wall
# seconds, max RSS.  Environment: SIZES (default "8 32 128"), SMT_SIZES
# (default "2 4 8"), FILES (default: ok and every bug_*), ARCHES (a2 a5).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
ksv=$build/ksv
[ -x "$ksv" ] || { echo "fa_preload: no $ksv (build first)"; exit 1; }
sizes=${SIZES:-8 32 128}
smt_sizes=${SMT_SIZES:-2 4 8}
arches=${ARCHES:-a2 a5}
to=${TIMEOUT:-120}
files=${FILES:-$(ls "$root"/corpus/fa_preload/*.mlir)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "fa_preload: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-22s %4s %3s %-6s %9s %8s %9s %11s %7s %7s %8s %s\n' file nkv \
  arch engine instances outcomes analyse_s redundant_s cpu_s wall_s rss_mb \
  verdict
cut_to() { # FILE NKV OUT: the kernel with its KV loop cut to NKV blocks
  sed -e "s/%c128 = arith.constant 128 : index/%c128 = arith.constant $2 : index/" \
      -e "s/%c129 = arith.constant 129 : index/%c129 = arith.constant $(($2 + 1)) : index/" \
      "$1" >"$3"
}
run() { # FILE NKV ARCH ENGINE
  local f=$1 n=$2 a=$3 e=$4 k="$tmp/k.mlir" t0 t1 rc
  cut_to "$f" "$n" "$k"
  local eo=()
  [ "$e" = smt ] && eo=(--engine smt)
  t0=$(date +%s.%N)
  timeout "$to" "$ksv" check --arch "$a" --stats "${eo[@]}" "$k" \
    >"$tmp/out" 2>"$tmp/err"
  rc=$?
  t1=$(date +%s.%N)
  local st tot verdict
  st=$(grep 'kernel=' "$tmp/err" | head -1)
  tot=$(grep 'total files=' "$tmp/err" | head -1)
  field() { sed -n -E "s/.* $1=([^ ]*).*/\1/p" <<<"$2"; }
  verdict=$(grep -E '^ksv: ' "$tmp/out" | sed -E 's/^ksv: [^:]*: //')
  [ $rc -eq 124 ] && verdict="timeout after ${to} s"
  local rss
  rss=$(field maxrss_kb "$tot")
  printf '%-22s %4s %3s %-6s %9s %8s %9s %11s %7s %7.2f %8s %s\n' \
    "$(basename "$f")" "$n" "$a" "$e" "$(field instances "$st")" \
    "$(field outcomes "$st")" "$(field analyse_s "$st")" \
    "$(field redundant_s "$st")" "$(field cpu_s "$tot")" \
    "$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b - a}')" "$([ -n "$rss" ] && echo $((rss / 1024)))" \
    "$verdict"
}
for f in $files; do
  for a in $arches; do
    for n in $sizes; do run "$f" "$n" "$a" auto; done
    for n in $smt_sizes; do run "$f" "$n" "$a" smt; done
  done
done
