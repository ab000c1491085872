// A block-index-dependent loop (i from GetBlockIdx() by GetBlockNum()) over
// a count read from a tiling struct in GM (expect: clean).
#include "kernel_operator.h"
using namespace AscendC;
struct TilingData { uint32_t total; uint32_t tile; };
extern "C" __global__ __aicore__ void blk(GM_ADDR x, GM_ADDR tiling) {
  __gm__ TilingData *t = (__gm__ TilingData *)tiling;
  uint32_t total = t->total;
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 1024);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  for (uint32_t i = GetBlockIdx(); i < total; i += GetBlockNum()) {
    DataCopy(l, g[i * 256], 256);
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
    Muls(l, l, 2.0f, 256);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(g[i * 256], l, 256);
    SetFlag<HardEvent::MTE3_MTE2>(0);
    WaitFlag<HardEvent::MTE3_MTE2>(0);
  }
}
