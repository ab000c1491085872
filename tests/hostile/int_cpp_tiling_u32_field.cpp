// hostile: 1 witness: .*%n = 4294967295
// a uint32_t field read through a (__gm__ Tiling *) cast of the tiling pointer: n + 1 is 0 only for n = 4294967295 (unsigned arithmetic wraps), the one run that skips the MTE2 -> V handshake (ksv read tiling->n as an untyped 64-bit value and gave the witness n = -1, which no uint32_t holds)
#include "kernel_operator.h"
using namespace AscendC;
struct Tiling { uint32_t n; uint16_t tile; int32_t k; };
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR tiling) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  DataCopy(l, g, 256);
  if (((__gm__ Tiling *)tiling)->n + 1 != 0) {
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  }
  Abs(m, l, 256);
}
