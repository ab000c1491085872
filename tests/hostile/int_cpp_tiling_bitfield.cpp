// hostile: 3 unknown.*arithmetic at 12:7, on a value whose C type
// a bit-field's width is not its declared type's, and ksv does not model it: t->n + 1 is read as a value of unknown C type, unknown (before: a 64-bit value, the witness n = -1 that no 4-bit field holds)
#include "kernel_operator.h"
using namespace AscendC;
struct Tiling { uint32_t n : 4; uint32_t m : 28; };
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
