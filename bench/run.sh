#!/usr/bin/env bash
# Graph-engine scaling benchmark: generated correct vector kernels from ~1k
# to ~1M instances; wall time and peak memory (GNU time) of `ksv check`
# (redundant-sync search off: it re-runs the analysis per candidate): wall
# and CPU seconds (user + system).  bench/scale.sh is the fuller benchmark.
# usage: bash bench/run.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
command -v /usr/bin/time >/dev/null || apt-get install -y -qq time >/dev/null
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
printf "| instances | check time (s) | check CPU (s) | check peak RSS (MiB) | bytes/instance |\n|---:|---:|---:|---:|---:|\n"
for trip in 84 840 8400 84000; do
  "$root/bench/gen_vec_kernel.sh" $trip > "$tmp/k.mlir"
  n=$(( trip * 12 + 4 ))
  /usr/bin/time -f "%e %U %S %M" -o "$tmp/t" "$build/ksv" check --no-redundant --max-unroll 1000000 "$tmp/k.mlir" > "$tmp/out" || true
  grep -q "clean" "$tmp/out" || { echo "unexpected verdict:"; cat "$tmp/out"; exit 1; }
  read -r sec us ss kb < "$tmp/t"
  printf "| %d | %s | %.2f | %.1f | %d |\n" $n "$sec" "$(echo "$us + $ss" | bc -l)" \
    "$(echo "$kb/1024" | bc -l)" $(( kb * 1024 / n ))
done
