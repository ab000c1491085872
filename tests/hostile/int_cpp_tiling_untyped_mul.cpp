// hostile: 3 unknown.*arithmetic at 12:7
// td.n * 3 < 7u: a uint32_t n wraps (n = 1431655766 gives 2), a uint64_t n does not: the verdict depends on the type, so unknown (before: the 64-bit product, which is neither's)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR tiling) {
  GET_TILING_DATA(td, tiling);
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  DataCopy(l, g, 256);
  if (td.n * 3 < 7u) {
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  }
  Abs(m, l, 256);
}
