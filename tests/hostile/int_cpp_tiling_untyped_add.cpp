// hostile: 3 unknown.*arithmetic at 12:7, on a value whose C type ksv does not know
// a GET_TILING_DATA field's type is not in the kernel (the host's tiling registration gives it): td.n + 1 != 0 is false for n = 4294967295 if n is a uint32_t, never if it is a uint16_t (promoted to int): the verdict depends on the type, so unknown (before: a race with the witness n = -1, which no tiling field holds)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR tiling) {
  GET_TILING_DATA(td, tiling);
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  DataCopy(l, g, 256);
  if (td.n + 1 != 0) {
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  }
  Abs(m, l, 256);
}
