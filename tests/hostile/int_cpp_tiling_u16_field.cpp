// hostile: 0 k: clean
// a uint16_t field of a tiling struct copied from GM (Tiling t = *tp): t.tile + 1 is at least 1, so the MTE2 -> V handshake always runs (ksv read t.tile as an untyped 64-bit value, took tile = -1, skipped the handshake and reported a race)
#include "kernel_operator.h"
using namespace AscendC;
struct Tiling { uint32_t n; uint16_t tile; int32_t k; };
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR tiling) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  __gm__ Tiling *tp = reinterpret_cast<__gm__ Tiling *>(tiling);
  Tiling t = *tp;
  DataCopy(l, g, 256);
  if (t.tile + 1 != 0) {
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  }
  Abs(m, l, 256);
}
