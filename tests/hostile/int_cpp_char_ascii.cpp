// hostile: 1 \[unpaired-set\]
// a plain char holding 0..127 is the same signed or unsigned: decided (c - 1 is EVENT_ID1, which nothing waits for: unpaired)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  DataCopy(l, g, 256);
  char c = 2;
  SetFlag<HardEvent::MTE2_V>(c - 1);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Abs(m, l, 256);
}
