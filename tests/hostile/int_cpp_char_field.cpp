// hostile: 1 witness: .*branch at 12:3 not taken, %c = 
// a plain char field read from GM: its bits 0xff are -1 where char is signed and 255 where it is unsigned, so both are possible runs (an int in [-256, 255]); c + 1 == 0 is not taken for c = 255 (or any c but -1): the race (before: an untyped 64-bit value; a first fix made the kernel unknown wherever the field was read)
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
