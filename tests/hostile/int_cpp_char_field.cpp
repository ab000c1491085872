// hostile: 3 unknown.*plain char at 12:7 may hold a value outside 0..127
// a plain char field read from GM may hold -1 (signed) or 255 (unsigned): which id c + 1 names depends on the device's char: unknown
#include "kernel_operator.h"
using namespace AscendC;
struct Tiling { char c; uint32_t n; };
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR tiling) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  DataCopy(l, g, 256);
  if (((__gm__ Tiling *)tiling)->c + 1 == 0) {
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  }
  Abs(m, l, 256);
}
