#!/usr/bin/env bash
# symbolic.sh -- the benchmark of issue 19 (docs/PERFORMANCE.md, "Symbolic
# kernels and real kernels"), one command:
#   bash bench/symbolic.sh [BUILD_DIR]          (default: build)
# 1. Scaling on both paths: bench/kbench.c MIX kernels (AIC + 2 AIV, the
#    scale benchmark's kernel) from ~1k to ~1M instances,
#    - concrete: `kbench --tiles T`,
#    - symbolic: `kbench --sym block --tiles T` (a row loop from the block
#      index to a bound read from tiling data around the tile loop: ksv
#      decides every row count 0..8, so "instances" is the largest
#      outcome's; T a multiple of the 4-slot ring),
#    each through `ksv check --stats` with the defaults (engine auto, the
#    redundant-sync search on): wall, CPU, max RSS, bytes per instance, the
#    analysis and the redundant search (CPU s) and their ratio; then the
#    growth exponents (least squares of log cost on log instances).
# 2. Real kernels: the corpus kernels shaped like compiler output
#    (FlashAttention with a preload ring, matmul + epilogue, the Ascend C
#    ones) and the compiler test inputs of ../shared/hivm-reference, each
#    kernel with its engine, instances, outcomes and CPU / wall seconds,
#    slowest first.
# 3. The SMT engine on the small symbolic kernels (SMT_MAX instances,
#    SMT_TO s each), for comparison: what `--engine smt` costs.
# Environment: SIZES (default "1000 10000 100000 1000000"), SMT_MAX
# (default 2000), SMT_TO (default 120), REAL=0 skips part 2.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
ksv=$build/ksv
kbench=${KBENCH:-$build/tests/kbench}
SIZES=${SIZES:-"1000 10000 100000 1000000"}
SMT_MAX=${SMT_MAX:-2000}
SMT_TO=${SMT_TO:-120}
REAL=${REAL:-1}
[ -x "$ksv" ] && [ -x "$kbench" ] || {
  echo "symbolic.sh: build first: need $ksv and $kbench" >&2; exit 2; }
timebin=/usr/bin/time
[ -x "$timebin" ] || { echo "symbolic.sh: GNU time missing (apt-get install time)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
raw=$tmp/raw
: >"$raw"
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2" | head -1; }

echo "# ksv symbolic / real-kernel benchmark: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg) at start"
echo "# ksv: $ksv ($("$ksv" --version | paste -sd, - | sed "s/,/, /g"))"
echo
echo "## 1. scaling: concrete and symbolic kbench kernels, default options"
echo
echo "| path | instances | outcomes | wall s | CPU s | analyse s | redundant s | redundant / analyse | max RSS MiB | bytes/instance | verdict |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
for path in concrete symbolic; do
  for n in $SIZES; do
    if [ $path = concrete ]; then
      t=$(( (n + 52) / 53 ))
      "$kbench" --tiles "$t" >"$tmp/k.mlir"
    else
      t=$(( ((n + 423) / 424 + 3) / 4 * 4 ))
      "$kbench" --sym block --tiles "$t" >"$tmp/k.mlir"
    fi
    "$timebin" -f "%e %U %S %M" -o "$tmp/time" "$ksv" check --stats "$tmp/k.mlir" \
      >"$tmp/out" 2>"$tmp/err" || true
    read -r wall u s kb < <(tail -1 "$tmp/time")
    kl=$(grep "ksv-stats: file=.* kernel=" "$tmp/err")
    inst=$(field instances "$kl") an=$(field analyse_s "$kl") red=$(field redundant_s "$kl")
    oc=$(field outcomes "$kl")
    v=$(sed -n 's/^[^:]*: [^:]*: \([a-z]*\).*/\1/p' "$tmp/out" | head -1)
    cpu=$(echo "$u + $s" | bc)
    echo "$path $inst $wall $cpu $an $red $kb" >>"$raw"
    awk -v p=$path -v i="$inst" -v o="$oc" -v w="$wall" -v c="$cpu" -v a="$an" -v r="$red" \
        -v kb="$kb" -v v="$v" 'BEGIN {
      printf "| %s | %d | %s | %.2f | %.2f | %.3f | %.3f | %.2f | %.1f | %.0f | %s |\n", p, i,
        (o == 0 ? "-" : o), w, c, a, r, (a > 0 ? r / a : 0), kb / 1024, kb * 1024 / i, v }'
  done
done
fit() { # fit PATH COLUMN LABEL
  awk -v p="$1" -v c="$2" -v l="$3" '$1 == p && $c + 0 > 0 {
      x = log($2); y = log($c); n++; sx += x; sy += y; sxx += x * x; sxy += x * y }
    END { if (n >= 2 && n * sxx - sx * sx > 0)
            printf "- %s, %s: exponent %.2f (%d sizes)\n", p, l, (n * sxy - sx * sy) / (n * sxx - sx * sx), n }' "$raw"
}
echo
echo "Growth exponents (least squares on log-log; 1.0 is linear):"
echo
for p in concrete symbolic; do
  fit $p 3 "wall seconds"; fit $p 4 "CPU seconds"; fit $p 5 "analysis CPU seconds"
  fit $p 7 "max RSS"
done

if [ "$REAL" = 1 ]; then
  echo
  echo "## 2. real kernels"
  echo
  echo "| file | kernel | engine | instances | outcomes | analyse s | redundant s | wall s (file) | verdict |"
  echo "|---|---|---|---:|---:|---:|---:|---:|---|"
  files=()
  for d in fa_preload flash_attn_fwd matmul_epilogue matmul_epilogue_mixfunc mla_prolog \
           lightning_indexer asc_mix_fa asc_cube_pingpong asc_tque_double; do
    for f in "$root"/corpus/$d/ok*.mlir "$root"/corpus/$d/ok*.cpp; do
      [ -f "$f" ] && files+=("$f")
    done
  done
  ref=$root/../shared/hivm-reference/tests
  [ -d "$ref" ] && files+=("$ref"/*.mlir)
  for f in "${files[@]}"; do
    "$timebin" -f "%e" -o "$tmp/time" "$ksv" check --stats "$f" >"$tmp/out" 2>"$tmp/err" || true
    wall=$(tail -1 "$tmp/time")
    rel=${f#"$root/"}
    rel=${rel#../shared/}
    grep "ksv-stats: file=.* kernel=" "$tmp/err" | while read -r kl; do
      k=$(field kernel "$kl")
      v=$(grep -F ": $k: " "$tmp/out" | sed -n 's/^[^:]*: [^:]*: \([a-z]*\).*/\1/p' | head -1)
      printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n" "$(awk -v a="$(field analyse_s "$kl")" \
        -v r="$(field redundant_s "$kl")" 'BEGIN { printf "%.4f", a + r }')" "$rel" "$k" \
        "$(field engine "$kl")" "$(field instances "$kl")" "$(field outcomes "$kl")" \
        "$(field analyse_s "$kl")" "$(field redundant_s "$kl")" "$wall|${v:-?}"
    done
  done | sort -g -r >"$tmp/real"
  head -25 "$tmp/real" | awk -F'\t' '{ split($9, wv, "|")
    printf "| %s | %s | %s | %s | %s | %.3f | %.3f | %s | %s |\n", $2, $3, $4, $5,
      ($6 == 0 ? "-" : $6), $7, $8, wv[1], wv[2] }'
  awk -F'\t' '{ n++; if ($1 > 1) slow++; if ($1 > mx) mx = $1 }
    END { printf "\n%d kernels; slowest %.3f s CPU (analysis + redundant search); %d over 1 s\n", n, mx, slow }' "$tmp/real"
fi

echo
echo "## 3. the SMT engine on the same symbolic kernels (--engine smt --no-redundant)"
echo
echo "| instances | wall s | max RSS MiB | verdict |"
echo "|---:|---:|---:|---|"
for n in $SIZES; do
  [ "$n" -le "$SMT_MAX" ] || continue
  t=$(( ((n + 423) / 424 + 3) / 4 * 4 ))
  "$kbench" --sym block --tiles "$t" >"$tmp/k.mlir"
  set +e
  "$timebin" -f "%e %M" -o "$tmp/time" timeout "$SMT_TO" "$ksv" check --engine smt \
    --no-redundant --stats "$tmp/k.mlir" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  set -e
  read -r wall kb < <(tail -1 "$tmp/time")
  kl=$(grep "ksv-stats: file=.* kernel=" "$tmp/err" || true)
  v=$(sed -n 's/^[^:]*: [^:]*: \([a-z]*\).*/\1/p' "$tmp/out" | head -1)
  [ "$rc" = 124 ] && v="stopped after $SMT_TO s"
  awk -v i="$(field instances "$kl")" -v w="$wall" -v kb="$kb" -v v="$v" 'BEGIN {
    printf "| %s | %s | %.1f | %s |\n", (i == "" ? "-" : i), w, kb / 1024, v }'
done
