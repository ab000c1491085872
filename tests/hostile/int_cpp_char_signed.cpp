// hostile: 0 k: clean
// plain char is signed 8-bit (docs/semantics-decisions.md 12): char c = 255 holds -1, so c + 1 is 0 and the set is EVENT_ID0, the one the wait names (ksv kept 255 and set the invalid id 256)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  char c = 255;
  DataCopy(l, g, 256);
  SetFlag<HardEvent::MTE2_V>(c + 1);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Abs(m, l, 256);
}
