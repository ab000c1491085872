#!/usr/bin/env bash
# scale.sh -- the scale benchmark of docs/PERFORMANCE.md, one command:
#   bash bench/scale.sh [BUILD_DIR]          (default: build)
# 1. Scaling: bench/kbench.c MIX kernels (AIC + 2 AIV, vector depth 4,
#    double buffers, a 4-slot cross-core ring; about 53 instances per tile)
#    from ~1k to ~1M instances.  Per size, `ksv check --engine graph
#    --no-redundant --stats`: CPU seconds per phase (parse, unroll, graph
#    build, ordering, checks; report), wall time and max RSS (GNU time),
#    bytes per instance; instruction counts per phase from valgrind
#    callgrind (inclusive Ir of fe_parse_file, mdl_unroll, chk_graph and the
#    reporters; sizes up to CG_MAX instances); the redundant-sync search
#    (sizes up to RED_MAX) and the SMT engine without it (sizes up to
#    SMT_MAX, SMT_TO seconds).  Then the growth exponents: least squares of log(cost) on
#    log(instances).
# 2. Corpus: every corpus kernel through `ksv check --stats` (default
#    engine choice), the slowest kernels and the whole corpus, with and
#    without the redundant-sync search.
# Environment: SIZES (instance targets, default "1000 10000 100000
# 1000000"), CG_MAX (1000000), RED_MAX (100000), SMT_MAX (1000), SMT_TO
# (600), CORPUS=0 skips part 2, SMOKE=1: the smallest size only, no
# callgrind/SMT/corpus (the registered smoke test), OUT=FILE also writes
# the raw figures (one line per run) to FILE.
# Wall times depend on the machine's load (printed with the results);
# CPU seconds and instruction counts do much less.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
ksv=$build/ksv
kbench=${KBENCH:-$build/tests/kbench}
SIZES=${SIZES:-"1000 10000 100000 1000000"}
CG_MAX=${CG_MAX:-1000000}
RED_MAX=${RED_MAX:-100000}
SMT_MAX=${SMT_MAX:-1000}
SMT_TO=${SMT_TO:-600}
CORPUS=${CORPUS:-1}
if [ "${SMOKE:-0}" = 1 ]; then
  SIZES=1000 CG_MAX=0 RED_MAX=1000 SMT_MAX=0 CORPUS=0
fi
[ -x "$ksv" ] && [ -x "$kbench" ] || {
  echo "scale.sh: build first (meson setup build && ninja -C build): need $ksv and $kbench" >&2
  exit 2; }
timebin=/usr/bin/time
[ -x "$timebin" ] || { echo "scale.sh: GNU time missing (apt-get install time)" >&2; exit 2; }
have_cg=1
command -v valgrind >/dev/null && command -v callgrind_annotate >/dev/null || have_cg=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
raw=$tmp/raw
: >"$raw"

echo "# ksv scale benchmark: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg) at start"
# --version prints three lines (version, revision, Z3): one comment line
echo "# ksv: $ksv ($("$ksv" --version | paste -sd, - | sed "s/,/, /g"))"

# field NAME LINE: value of NAME=... in a ksv-stats line
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2" | head -1; }

# callgrind: inclusive Ir of the phase functions -> "parse unroll analyse report total"
cg_phases() {
  local out=$1
  callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null | awk '
    { gsub(",", "", $1) }
    /PROGRAM TOTALS/ { tot = $1 }
    / \?\?\?:fe_parse_file / || /:fe_parse_file / { if (!p) p = $1 }
    /:mdl_unroll / { if (!u) u = $1 }
    /:chk_graph / { if (!a) a = $1 }
    /:chk_smt / { if (!s) s = $1 }
    /:rep_text / || /:rep_fingerprints / || /:rep_sites_collect / { r += $1 }
    END { printf "%.0f %.0f %.0f %.0f %.0f\n", p, u, a + s, r, tot }'
}

echo
echo "## scaling: graph engine, --no-redundant"
echo
echo "| instances | tiles | parse s | unroll s | build s | order s | checks s | analyse s | analyse / (parse+unroll) | report s | wall s | max RSS MiB | bytes/instance | Ir parse | Ir unroll | Ir analyse | Ir report | Ir total | Ir analyse / (parse+unroll) |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for n in $SIZES; do
  tiles=$(( (n + 52) / 53 ))
  k=$tmp/k$n.mlir
  "$kbench" --cores 3 --depth 4 --bufs 2 --ring 4 --tiles "$tiles" >"$k"
  args=(check --engine graph --no-redundant --stats --max-unroll 100000000 "$k")
  "$timebin" -f "%e %M" -o "$tmp/time" "$ksv" "${args[@]}" >"$tmp/out" 2>"$tmp/err" || {
    echo "scale.sh: ksv failed on $k:"; cat "$tmp/out" "$tmp/err"; exit 1; }
  grep -q ": clean" "$tmp/out" || { echo "scale.sh: unexpected verdict:"; cat "$tmp/out"; exit 1; }
  read -r wall kb <"$tmp/time"
  fl=$(grep "ksv-stats: file=.* bytes=" "$tmp/err") || {
    echo "scale.sh: no ksv-stats lines (ksv without --stats?)"; exit 1; }
  kl=$(grep "ksv-stats: file=.* kernel=" "$tmp/err")
  tl=$(grep "ksv-stats: total" "$tmp/err")
  inst=$(field instances "$kl")
  parse=$(field parse_s "$fl") unroll=$(field unroll_s "$kl")
  build_s=$(field build_s "$kl") order=$(field order_s "$kl") checks=$(field check_s "$kl")
  an=$(field analyse_s "$kl") rep=$(field report_s "$tl")
  cg="- - - - -"
  if [ "$have_cg" = 1 ] && [ "$n" -le "$CG_MAX" ]; then
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$ksv" "${args[@]}" \
      >/dev/null 2>"$tmp/cg.err" || true
    cg=$(cg_phases "$tmp/cg.out")
  fi
  read -r irp iru ira irr irt <<<"$cg"
  echo "scale $inst $tiles $parse $unroll $build_s $order $checks $an $rep $wall $kb $irp $iru $ira $irr $irt" >>"$raw"
  awk -v i="$inst" -v t="$tiles" -v p="$parse" -v u="$unroll" -v b="$build_s" \
      -v o="$order" -v c="$checks" -v a="$an" -v r="$rep" -v w="$wall" -v kb="$kb" \
      -v irp="$irp" -v iru="$iru" -v ira="$ira" -v irr="$irr" -v irt="$irt" 'BEGIN {
    printf "| %d | %d | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.1f | %.3f | %.2f | %.1f | %.0f |",
      i, t, p, u, b, o, c, a, (p + u > 0 ? a / (p + u) : 0), r, w, kb / 1024, kb * 1024 / i
    if (irt == "-") printf " - | - | - | - | - | - |\n"
    else printf " %.1fM | %.1fM | %.1fM | %.2fM | %.1fM | %.1f |\n", irp / 1e6, iru / 1e6,
      ira / 1e6, irr / 1e6, irt / 1e6, (irp + iru > 0 ? ira / (irp + iru) : 0) }'
done

# least squares of log(y) on log(x) over the rows of the raw file
fit() { # fit COLUMN LABEL
  awk -v c="$1" -v l="$2" '$1 == "scale" && $c != "-" && $c + 0 > 0 {
      x = log($2); y = log($c); n++; sx += x; sy += y; sxx += x * x; sxy += x * y }
    END { if (n >= 2 && n * sxx - sx * sx > 0)
            printf "- %s: exponent %.2f (%d sizes)\n", l, (n * sxy - sx * sy) / (n * sxx - sx * sx), n
          else printf "- %s: fewer than 2 sizes\n", l }' "$raw"
}
echo
echo "Growth exponents (least squares on log-log over the sizes above; 1.0 is linear):"
echo
fit 9 "analysis CPU seconds"
fit 5 "unroll CPU seconds"
fit 12 "max RSS"
fit 15 "instructions, analysis"
fit 17 "instructions, whole run"

echo
echo "## redundant-sync search and SMT engine on the same kernels"
echo
echo "| instances | engine | options | analyse CPU s | of which redundant search s | reruns | max RSS MiB | verdict |"
echo "|---:|---|---|---:|---:|---:|---:|---|"
for n in $SIZES; do
  tiles=$(( (n + 52) / 53 ))
  k=$tmp/k$n.mlir
  runs=()
  [ "$n" -le "$RED_MAX" ] && runs+=("graph|")
  [ "$n" -le "$SMT_MAX" ] && runs+=("smt|--no-redundant")
  for r in "${runs[@]}"; do
    e=${r%%|*} opt=${r#*|}
    set +e
    "$timebin" -f "%e %M" -o "$tmp/time" timeout "$SMT_TO" "$ksv" check --engine "$e" $opt \
      --stats --max-unroll 100000000 "$k" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    set -e
    read -r wall kb < <(tail -1 "$tmp/time") || true
    kl=$(grep "ksv-stats: file=.* kernel=" "$tmp/err" || true)
    v=$(sed -n 's/^[^:]*: [^:]*: \([a-z]*\).*/\1/p' "$tmp/out" | head -1)
    [ "$rc" = 124 ] && v="timeout (${SMT_TO} s)"
    echo "extra $n $e ${opt:-default} $(field analyse_s "$kl") $(field redundant_s "$kl") $kb $rc" >>"$raw"
    awk -v i="$(field instances "$kl")" -v e="$e" -v o="${opt:-(default)}" -v a="$(field analyse_s "$kl")" \
        -v rs="$(field redundant_s "$kl")" -v rr="$(field reruns "$kl")" -v kb="$kb" -v v="$v" 'BEGIN {
      printf "| %s | %s | %s | %s | %s | %s | %.1f | %s |\n", (i == "" ? "-" : i), e, o,
        (a == "" ? "-" : sprintf("%.3f", a + rs)), (rs == "" ? "-" : sprintf("%.3f", rs)),
        (rr == "" ? "-" : rr), kb / 1024, v }'
  done
done

if [ "$CORPUS" = 1 ]; then
  echo
  echo "## corpus"
  echo
  for opt in "" "--no-redundant"; do
    "$timebin" -f "%e %U %S %M" -o "$tmp/time" "$ksv" check $opt --stats \
      "$root"/corpus/*/*.mlir >"$tmp/out" 2>"$tmp/err" || true
    # (GNU time writes "Command exited with non-zero status" first)
    read -r wall u s kb < <(tail -1 "$tmp/time")
    nk=$(grep -c "ksv-stats: file=.* kernel=" "$tmp/err" || true)
    nsmt=$(grep -c "ksv-stats: file=.* engine=smt" "$tmp/err" || true)
    echo "corpus ${opt:-default} $wall $u $s $kb" >>"$raw"
    awk -v o="${opt:-default options}" -v w="$wall" -v c="$(echo "$u + $s" | bc)" -v nk="$nk" -v ns="$nsmt" 'BEGIN {
      printf "- `ksv check %s corpus/*/*.mlir`: %d kernels (%d through the SMT engine): %.2f s wall, %.2f s CPU\n",
        (o == "default options" ? "" : o), nk, ns, w, c }'
    grep "ksv-stats: file=.* kernel=" "$tmp/err" | awk -v o="${opt:-default}" '{
        f = $2; sub("file=.*/corpus/", "", f); e = $4; sub("engine=", "", e)
        for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
        t = v["analyse_s"] + v["redundant_s"] + v["unroll_s"]
        if (e == "smt") { ns++; if (t > 1) slow++ }
        if (t > mx) { mx = t; mf = f }
        printf "%s %s %s %.3f %.3f\n", o, f, e, t, v["redundant_s"] }
      END { printf "# slowest kernel: %s %.3f s CPU; symbolic kernels over 1 s: %d of %d\n", mf, mx, slow, ns }' \
      >"$tmp/per"
    tail -1 "$tmp/per" | sed 's/^# /  - /'
    sed '$d' "$tmp/per" | sort -k4 -g -r | head -5 | awk '{ printf "    - %s (%s engine): %.3f s CPU\n", $2, $3, $4 }'
  done
fi
if [ "${SMOKE:-0}" = 1 ]; then
  # guard against quadratic analysis: 2000 tiles (106k instances) with a
  # 4-slot ring (flag-overflow and double-set checks over cross-core
  # waits) and without one (the two AIVs' stores are never ordered: every
  # store of one is unordered with every store of the other).  Before the
  # range index and the release columns these took about 40 s and 20 s of
  # CPU; now a fraction of a second.  CPU seconds, not wall: the bound
  # holds on a loaded machine.
  for ring in 4 0; do
    "$kbench" --tiles 2000 --ring $ring >"$tmp/g.mlir"
    "$ksv" check --engine graph --no-redundant --stats "$tmp/g.mlir" >"$tmp/out" 2>"$tmp/err" || true
    cpu=$(field cpu_s "$(grep 'ksv-stats: total' "$tmp/err")")
    [ -n "$cpu" ] || { echo "scale.sh: no --stats output"; cat "$tmp/err"; exit 1; }
    awk -v c="$cpu" 'BEGIN { exit !(c < 10) }' || {
      echo "scale.sh: 2000 tiles, ring $ring: ${cpu} s CPU (bound 10 s): quadratic again?"; exit 1; }
    echo "guard: 2000 tiles, ring $ring: ${cpu} s CPU"
  done
  # and the per-dimension overlap of subviews: the column halves of one UB
  # tile written by MTE2 and V in each of 20000 iterations, never ordered
  # against each other (disjoint, so clean).  The range index skips a
  # group whose index box misses the access in O(1); refining entry by
  # entry took 52 s of CPU here.
  { cat <<'EOK'
module {
  func.func @halves(%g: memref<16x16xf16, #hivm.address_space<gm>>) attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cn = arith.constant 20000 : index
    %cst = arith.constant 1.000000e+00 : f16
    %c0_i64 = arith.constant 0 : i64
    %t = hivm.hir.pointer_cast(%c0_i64) : memref<16x32xf16, #hivm.address_space<ub>>
    %l = memref.subview %t[0, 0] [16, 16] [1, 1] : memref<16x32xf16, #hivm.address_space<ub>> to memref<16x16xf16, strided<[32, 1]>, #hivm.address_space<ub>>
    %r = memref.subview %t[0, 16] [16, 16] [1, 1] : memref<16x32xf16, #hivm.address_space<ub>> to memref<16x16xf16, strided<[32, 1], offset: 16>, #hivm.address_space<ub>>
    scf.for %i = %c0 to %cn step %c1 {
      hivm.hir.load ins(%g : memref<16x16xf16, #hivm.address_space<gm>>) outs(%l : memref<16x16xf16, strided<[32, 1]>, #hivm.address_space<ub>>)
      hivm.hir.vbrc ins(%cst : f16) outs(%r : memref<16x16xf16, strided<[32, 1], offset: 16>, #hivm.address_space<ub>>)
      hivm.hir.pipe_barrier[<PIPE_MTE2>]
      hivm.hir.pipe_barrier[<PIPE_V>]
    }
    return
  }
}
EOK
  } >"$tmp/h.mlir"
  "$ksv" check --engine graph --no-redundant --stats "$tmp/h.mlir" >"$tmp/out" 2>"$tmp/err" || {
    echo "scale.sh: the column halves kernel is not clean:"; cat "$tmp/out"; exit 1; }
  cpu=$(field cpu_s "$(grep 'ksv-stats: total' "$tmp/err")")
  awk -v c="$cpu" 'BEGIN { exit !(c < 10) }' || {
    echo "scale.sh: column halves, 20000 iterations: ${cpu} s CPU (bound 10 s): quadratic again?"; exit 1; }
  echo "guard: column halves, 20000 iterations: ${cpu} s CPU"
fi
[ -n "${OUT:-}" ] && cp "$raw" "$OUT"
exit 0
