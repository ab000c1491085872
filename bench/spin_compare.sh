#!/usr/bin/env bash
# SPIN against ksv: every kernel is exported as a Promela model
# (`ksv export --format promela`, docs/export.md), SPIN explores it
# exhaustively (spin -a, gcc pan.c, ./pan -c0: every error, no stop), and
# `ksv check --no-redundant` checks it; both are mapped to a verdict per
# rule class and compared:
#   deadlock  ksv: deadlock            SPIN: an invalid end state
#   flag      ksv: double-set, flag-overflow, unpaired-set
#             SPIN: the no_double_set / no_overflow / no_unpaired asserts
#   race      ksv: race, pipe-hazard, xcore-race    SPIN: the no_race assert
# Both sides use one flag model (--flag-model, default count: flags count,
# SEMANTICS.md 3).  Under count a double-set is a warning of ksv's about
# program order, which no execution violates: SPIN's counting model has no
# double-set assertion and only ksv's errors are compared.
# What is comparable (docs/export.md, "Comparing with ksv"):
#  - under --flag-model bit, where either tool sees a double set, deadlock
#    and race are compared on
#    the COUNT_PAIRING model (flags count like ksv's pairing): after a lost
#    set the 1-bit hardware model hangs waits that count pairing releases;
#  - where ksv reports a deadlock, races are not compared (ksv does not
#    look for races behind a stuck wait, docs/semantics-decisions.md 13) and
#    unpaired-set is not (ksv counts sets and waits; SPIN sees a flag left
#    set only in executions that end);
#  - invalid-sync is a static check: both drop the sync, nothing to compare.
# A kernel that is not concrete is not exported (exit 3) and not counted.
# SPIN has not finished when pan hits the time limit, its memory limit or
# its depth limit.
#
# usage: bench/spin_compare.sh [--build DIR] [--ksv PATH] [--timeout S] [--seeds N]
#                              [--arch "a2 a5"] [--flag-model count|bit]
#                              [--tsv FILE] [FILE...]
#   FILEs default to corpus/*/*.mlir plus N (default 40) kgen kernels
#   (seeds 1..N, tests/gen/kgen.c, not symbolic).  Prints one line per
#   kernel and arch, then the summary table; exit 1 on a disagreement.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
limit=60
seeds=40
arches="a2 a5"
fm=count
tsv=""
ksv_bin=""
files=()
while [ $# -gt 0 ]; do
  case $1 in
  --build) build=$2; shift 2 ;;
  --ksv) ksv_bin=$2; shift 2 ;;
  --timeout) limit=$2; shift 2 ;;
  --seeds) seeds=$2; shift 2 ;;
  --arch) arches=$2; shift 2 ;;
  --flag-model) fm=$2; shift 2 ;;
  --tsv) tsv=$2; shift 2 ;;
  *) files+=("$1"); shift ;;
  esac
done
ksv=${ksv_bin:-$build/ksv}
kgen=$build/tests/kgen
command -v spin >/dev/null || { echo "spin is not installed (apt-get install spin)" >&2; exit 2; }
[ -x "$ksv" ] || { echo "no $ksv: build first" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -n "$tsv" ] || tsv=$tmp/all.tsv
if [ ${#files[@]} -eq 0 ]; then
  files=("$root"/corpus/*/*.mlir)
  if [ "$seeds" -gt 0 ] && [ -x "$kgen" ]; then
    "$kgen" --seed 1 --count "$seeds" "$tmp/kgen" >/dev/null
    files+=("$tmp"/kgen/k*.mlir)
  fi
fi

now() { date +%s.%N; }

# classes from the errors of ksv's text report: D F R, U (unpaired), S
# (double-set; a warning, not compared, under --flag-model count)
ksv_classes() {
  local c=""
  grep -q ': error: .*\[deadlock\]$' "$1" && c="${c}D"
  grep -qE ': error: .*\[(double-set|flag-overflow)\]$' "$1" && c="${c}F"
  grep -q ': error: .*\[unpaired-set\]$' "$1" && c="${c}U"
  grep -qE ': error: .*\[(race|pipe-hazard|xcore-race)\]$' "$1" && c="${c}R"
  grep -q ': error: .*\[double-set\]$' "$1" && c="${c}S"
  echo "$c"
}
# classes from pan's output
pan_classes() {
  local c=""
  grep -q '^pan:[0-9]*: invalid end state' "$1" && c="${c}D"
  grep -qE 'assertion violated \((no_double_set|no_overflow)' "$1" && c="${c}F"
  grep -q 'assertion violated (no_unpaired' "$1" && c="${c}U"
  grep -q 'assertion violated (no_race' "$1" && c="${c}R"
  grep -q 'assertion violated (no_double_set' "$1" && c="${c}S"
  echo "$c"
}
has() { case $1 in *$2*) return 0 ;; esac; return 1; }

# run_spin MODEL DIR [spin -D...]: leaves DIR/pan.out; prints "finished
# seconds pan_seconds" (finished: 1 or 0)
run_spin() {
  local model=$1 dir=$2; shift 2
  mkdir -p "$dir"
  cp "$model" "$dir/m.pml"
  local t0 t1 t2
  t0=$(now)
  (cd "$dir" && spin "$@" -a m.pml >spin.out 2>&1 &&
    gcc -O0 -w -DSAFETY -DNOFAIR -DVECTORSZ=65536 -DMEMLIM=4096 -o pan pan.c) ||
    { echo "0 0 0"; return; }
  t1=$(now)
  (cd "$dir" && timeout "$limit" ./pan -c0 -m10000000 -w22 -n >pan.out 2>&1)
  local rc=$?
  t2=$(now)
  local fin=1
  [ $rc -eq 0 ] || fin=0
  grep -q 'errors:' "$dir/pan.out" || fin=0
  grep -qE 'max search depth too small|out of memory|VECTORSZ too small' \
    "$dir/pan.out" && fin=0
  echo "$fin $(echo "$t2 - $t0" | bc -l) $(echo "$t2 - $t1" | bc -l)"
}

printf "%-58s %-4s %-6s %-6s %-6s %-4s %-6s %8s %8s %8s\n" kernel arch ksv "spin($fm)" spincnt done agree ksv_s spin_s ratio
printf "set\tkernel\tarch\tksv\tspin\tfinished\tagree\tksv_s\tspin_s\tpan_s\tspin_count\n" >"$tsv"
disagree=0
n=0
for f in "${files[@]}"; do
  case $f in "$root"/corpus/*|corpus/*) set=corpus ;; *) set=generated ;; esac
  name=${f#"$root"/}
  name=${name#"$tmp"/}
  for a in $arches; do
    n=$((n + 1))
    w=$tmp/w$n
    mkdir -p "$w"
    "$ksv" export --arch "$a" --flag-model "$fm" "$f" -o "$w/m.pml" 2>"$w/export.err"
    erc=$?
    if [ $erc -ne 0 ]; then
      printf "%s\t%s\t%s\tunknown\t-\t-\t-\t-\t-\t-\n" "$set" "$name" "$a" >>"$tsv"
      rm -rf "$w"
      continue
    fi
    t0=$(now)
    "$ksv" check --arch "$a" --flag-model "$fm" --no-redundant "$f" >"$w/ksv.out" 2>&1
    krc=$?
    t1=$(now)
    kt=$(echo "$t1 - $t0" | bc -l)
    if [ $krc -ge 2 ]; then
      echo "$name $a: ksv check exit $krc but the export worked" >&2
      disagree=$((disagree + 1))
      continue
    fi
    kc=$(ksv_classes "$w/ksv.out")
    # the hardware model (flags of the model asked for), every class at once
    read -r fin st pt < <(run_spin "$w/m.pml" "$w/a")
    sc=$(pan_classes "$w/a/pan.out")
    cc=$sc
    # where a double set makes the 1-bit model differ from count pairing,
    # deadlocks and races are compared on the COUNT_PAIRING model
    if [ "$fm" = bit ] && [ "$fin" = 1 ] && { has "$kc" S || has "$sc" S; }; then
      read -r fin2 st2 pt2 < <(run_spin "$w/m.pml" "$w/c" -DCOUNT_PAIRING)
      cc=$(pan_classes "$w/c/pan.out")
      [ "$fin2" = 1 ] || fin=0
      st=$(echo "$st + $st2" | bc -l)
      pt=$(echo "$pt + $pt2" | bc -l)
    fi
    agree=-
    if [ "$fin" = 1 ]; then
      agree=yes
      has "$kc" D && kd=1 || kd=0
      has "$cc" D && sd=1 || sd=0
      [ $kd = $sd ] || agree=no
      # flag misuse (unpaired-set only without a deadlock)
      kf=0; sf=0
      has "$kc" F && kf=1
      has "$sc" F && sf=1
      if [ $kd = 0 ]; then
        has "$kc" U && kf=1
        has "$sc" U && sf=1
      fi
      [ $kf = $sf ] || agree=no
      # races, not behind a deadlock
      if [ $kd = 0 ]; then
        has "$kc" R && kr=1 || kr=0
        has "$cc" R && sr=1 || sr=0
        [ $kr = $sr ] || agree=no
      fi
      [ $agree = no ] && disagree=$((disagree + 1))
    fi
    ratio=$(echo "$st / $kt" | bc -l)
    show() { local c=${1//S/}; echo "${c:-clean}"; }
    printf "%-58s %-4s %-6s %-6s %-6s %-4s %-6s %8.3f %8.3f %8.1f\n" "$name" "$a" \
      "$(show "$kc")" "$(show "$sc")" "$(show "$cc")" \
      "$([ "$fin" = 1 ] && echo yes || echo no)" "$agree" "$kt" "$st" "$ratio"
    printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.4f\t%.4f\t%.4f\t%s\n" "$set" \
      "$name" "$a" "$(show "$kc")" "$(show "$sc")" "$fin" "$agree" "$kt" "$st" \
      "$pt" "$(show "$cc")" >>"$tsv"
    rm -rf "$w"
  done
done
# summary per set and arch: ratio = SPIN (spin -a + gcc + pan) / ksv check
echo
printf "| set | arch | kernels | exported (concrete) | SPIN finished | agree | median time ratio | max time ratio | median pan-only ratio |\n"
printf "|---|---|---:|---:|---:|---:|---:|---:|---:|\n"
for set in corpus generated; do
  for a in $arches; do
    awk -F'\t' -v s=$set -v a=$a 'NR > 1 && $1 == s && $3 == a' "$tsv" >"$tmp/sel"
    total=$(wc -l <"$tmp/sel")
    [ "$total" -gt 0 ] || continue
    exported=$(awk -F'\t' '$4 != "unknown"' "$tmp/sel" | wc -l)
    finished=$(awk -F'\t' '$6 == 1' "$tmp/sel" | wc -l)
    agreed=$(awk -F'\t' '$6 == 1 && $7 == "yes"' "$tmp/sel" | wc -l)
    awk -F'\t' '$6 == 1 { printf "%.4f\n", $9 / $8 }' "$tmp/sel" | sort -g >"$tmp/r"
    med=$(awk '{ v[NR] = $1 } END { if (NR) printf "%.0f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; else printf "-" }' "$tmp/r")
    max=$(awk 'END { if (NR) printf "%.0f", $1; else printf "-" }' "$tmp/r")
    awk -F'\t' '$6 == 1 { printf "%.4f\n", $10 / $8 }' "$tmp/sel" | sort -g >"$tmp/r"
    pmed=$(awk '{ v[NR] = $1 } END { if (NR) printf "%.1f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; else printf "-" }' "$tmp/r")
    printf "| %s | %s | %d | %d | %d | %d | %s | %s | %s |\n" $set $a "$total" "$exported" \
      "$finished" "$agreed" "$med" "$max" "$pmed"
  done
done
echo "disagreements: $disagree"
[ "$disagree" -eq 0 ]
