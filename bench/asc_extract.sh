#!/usr/bin/env bash
# Speed of the Ascend C frontend on a 4000-line file: preprocess, parse and
# extract (the `parse` phase of `ksv check --stats`, which is everything the
# frontend does), docs/PERFORMANCE.md "Ascend C frontend".
#
#   bash bench/asc_extract.sh [KSV] [STAGES] [RUNS]
#
# The generated kernel is in the style of the corpus: a kernel class whose
# Process() calls STAGES (default 100) stage methods, each a double-buffered
# CopyIn / Compute / CopyOut step with explicit SetFlag / WaitFlag (about 40
# lines each), plus as many helper functions the kernel never calls (the
# frontend must still read them).  Prints lines, then the CPU seconds of the
# parse phase of each of RUNS (default 5) runs and their median.
set -euo pipefail
ksv=${1:-build/ksv}
stages=${2:-100}
runs=${3:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
f=$tmp/bench.cpp
{
  cat <<'H'
#include "kernel_operator.h"
using namespace AscendC;
constexpr uint32_t TILE = 256;
class KernelBench {
public:
  __aicore__ inline KernelBench() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR z) {
    xGm.SetGlobalBuffer((__gm__ half *)x, TILE * 64);
    zGm.SetGlobalBuffer((__gm__ half *)z, TILE * 64);
    pipe.InitBuffer(buf, TILE * 2 * sizeof(half) * 2);
    a = buf.Get<half>();
    b = a[TILE];
  }
H
  for ((s = 0; s < stages; s++)); do
    cat <<S
  __aicore__ inline void Stage$s() {
    // stage $s: load x, scale it, store z (one tile)
    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    DataCopy(a, xGm[($s % 64) * TILE], TILE);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Muls(b, a, (half)2.0, TILE);
    PipeBarrier<PIPE_V>();
    Adds(b, b, (half)1.0, TILE);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(zGm[($s % 64) * TILE], b, TILE);
  }
  __aicore__ inline uint32_t Helper$s(uint32_t n) {
    uint32_t r = 0;
    for (uint32_t i = 0; i < n; i++) {
      if (i % 3 == 0) {
        r += i * $s;
      } else {
        r ^= i;
      }
    }
    return r;
  }
  // helpers the kernel never calls are still read
  __aicore__ inline uint32_t Unused$s(uint32_t n) {
    uint32_t t = n;
    t = t * 2 + $s;
    t = t > 100 ? t - 100 : t;
    t = (t << 1) | 1;
    return t;
  }
S
  done
  echo '  __aicore__ inline void Process() {'
  for ((s = 0; s < stages; s++)); do echo "    Stage$s();"; done
  cat <<'T'
  }
private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  LocalTensor<half> a, b;
  GlobalTensor<half> xGm, zGm;
};
extern "C" __global__ __aicore__ void bench_kernel(GM_ADDR x, GM_ADDR z) {
  KernelBench op;
  op.Init(x, z);
  op.Process();
}
T
} >"$f"
echo "lines $(wc -l <"$f")"
times=()
for ((r = 0; r < runs; r++)); do
  t=$("$ksv" check --stats --engine graph --no-redundant "$f" 2>&1 >/dev/null |
      sed -n 's/^ksv-stats: file=.* parse_s=\([0-9.]*\).*/\1/p' | head -1)
  times+=("$t")
done
echo "parse+extract CPU s (parse_s): ${times[*]}"
printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print "median", a[int((NR+1)/2)]}'
