#!/usr/bin/env bash
# loops.sh -- the long-loop benchmark of docs/PERFORMANCE.md ("Long loops"):
#   bash bench/loops.sh [BUILD_DIR]          (default: build)
# 1. A concrete loop: corpus/trip_precredit/ok.mlir (a double-buffered
#    load -> vexp -> store tile loop, pre-credited) with its tile count made
#    the constant N, for N from 10 to 10^6.  Per N: instances, the verdict
#    (and whether the proof is all or bounded), CPU seconds, wall seconds
#    and max RSS of `ksv check --stats`.  Up to --max-unroll (65536) the
#    loop is unrolled whole: cost linear in N; past it, checked on its
#    first 8 iterations (clean (bounded)).
# 1b. The same with a finding: corpus/long_loop/bug_no_drain.mlir (a drain
#    left out after the loop: one set pending) at N tiles (BUG_SIZES); past
#    --max-unroll its finding is carried over from a short run: the sets
#    and waits its message counts, and the CPU seconds of every run.
# 2. The proof for every trip count: each corpus kernel whose loops have
#    unknown trip counts, checked with the default options (the steady-state
#    certificate, re-checked at the bound it needs) and with --trip-bound
#    fixed at the bound the default run started from (no longer run): the
#    proof's result, the final bound and both wall times.
# Environment: SIZES (default "10 100 1000 10000 65536 1000000").
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
ksv=$build/ksv
SIZES=${SIZES:-"10 100 1000 10000 65536 1000000"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
field() { grep -o "$1=[0-9.]*" "$2" | tail -1 | cut -d= -f2; }

echo "## 1. concrete loop, trip count N (corpus/trip_precredit/ok.mlir)"
printf '%-8s %-10s %-16s %-6s %-8s %-8s %s\n' N instances verdict proof cpu_s wall_s rss_mb
for n in $SIZES; do
  sed "s/%n = arith.index_cast %arg2 : i32 to index/%n = arith.constant $n : index/" \
    "$root/corpus/trip_precredit/ok.mlir" >"$tmp/k.mlir"
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$ksv" check --stats --format json \
    -o "$tmp/r.json" "$tmp/k.mlir" 2>"$tmp/err" || true
  read -r wall rss <"$tmp/time"
  read -r verdict proof < <(python3 -c 'import json,sys
u = json.load(open(sys.argv[1]))["files"][0]["units"][0]
print(u["verdict"].replace(" ", "_"), u.get("proof", "-"))' "$tmp/r.json")
  printf '%-8s %-10s %-16s %-6s %-8s %-8s %s\n' "$n" "$(field instances "$tmp/err")" \
    "$verdict" "$proof" "$(field cpu_s "$tmp/err")" "$wall" "$((rss / 1024))"
done

echo
echo "## 1b. the same with a finding (corpus/long_loop/bug_no_drain.mlir, N tiles)"
printf '%-11s %-9s %-8s %-10s %-8s %-8s %s\n' N verdict proof finding cpu_s wall_s rss_mb
for n in ${BUG_SIZES:-1000 65536 65537 1000000 1000000000}; do
  sed "s/131072/$n/" "$root/corpus/long_loop/bug_no_drain.mlir" >"$tmp/k.mlir"
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$ksv" check --stats --format json \
    -o "$tmp/r.json" "$tmp/k.mlir" 2>"$tmp/err" || true
  read -r wall rss < <(tail -1 "$tmp/time") # (a findings exit adds a line)
  read -r verdict proof msg < <(python3 -c 'import json,sys,re
f = json.load(open(sys.argv[1]))["files"][0]
u = f["units"][0]
e = [d for d in f["diagnostics"] if d["severity"] == "error"]
m = re.search(r"(\d+) sets but (\d+) waits", e[0]["message"]) if e else None
print(u["verdict"].replace(" ", "_"), u.get("proof", "-"),
      m.group(1) + "/" + m.group(2) if m else "-")' "$tmp/r.json")
  printf '%-11s %-9s %-8s %-10s %-8s %-8s %s\n' "$n" "$verdict" "$proof" "$msg" \
    "$(field cpu_s "$tmp/err")" "$wall" "$((rss / 1024))"
done

echo
echo "## 2. proof for every trip count (corpus kernels with unknown trip counts)"
printf '%-50s %-8s %-6s %-10s %s\n' kernel proof bound wall_s fixed_wall_s
total=0 totalf=0
for f in $(cd "$root" && find corpus -name '*.mlir' -o -name '*.cpp' | sort); do
  "$ksv" check --format json -o "$tmp/r.json" "$root/$f" >/dev/null 2>&1 || true
  info=$(python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
us = [u for fl in d["files"] for u in fl["units"] if u.get("loops")
      and not any(l.get("prefix") for l in u["loops"])]
if us:
    b = [u for u in us if u.get("proof") == "bounded"]
    print("bounded" if b else "all")' "$tmp/r.json" 2>/dev/null || true)
  [ -n "$info" ] || continue
  s=$(date +%s.%N)
  "$ksv" check --stats "$root/$f" >/dev/null 2>"$tmp/err" || true
  e=$(date +%s.%N)
  kb=$(grep -o 'trip_bound=[0-9]*' "$tmp/err" | cut -d= -f2 | sort -n | tail -1 || true)
  # the bound the default run starts from: the SMT engine's (no proof)
  k0=$("$ksv" check --stats --engine smt --max-solver-seconds 1 "$root/$f" 2>&1 >/dev/null |
       grep -o 'trip_bound=[0-9]*' | cut -d= -f2 | sort -n | tail -1 || true)
  s2=$(date +%s.%N)
  "$ksv" check --trip-bound "${k0:-8}" "$root/$f" >/dev/null 2>&1 || true
  e2=$(date +%s.%N)
  w=$(echo "$e - $s" | bc) w2=$(echo "$e2 - $s2" | bc)
  total=$(echo "$total + $w" | bc) totalf=$(echo "$totalf + $w2" | bc)
  printf '%-50s %-8s %-6s %-10.3f %.3f\n' "$f" "$info" "${kb:-0}" "$w" "$w2"
done
printf 'total wall: %.2f s with the proof, %.2f s at the fixed bound\n' "$total" "$totalf"
