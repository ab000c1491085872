// Two PIPE_V barriers in a constant 4-iteration loop (unrolled by the
// extraction). The one at line 21 orders nothing the one at line 23 does
// not also order, in every iteration: redundant, reported once (a2). The
// one at line 23 orders the Muls' write of t[0] before the Adds' read of it
// in iteration 0 only (the Adds reads t[768] after): needed there, so not
// redundant, although its copies in iterations 1..3 are on their own.
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void loop4b(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 4096);
  GlobalTensor<float> g;
  g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> t = b.Get<float>();
  DataCopy(t, g, 1024);
  SetFlag<HardEvent::MTE2_V>(0);
  WaitFlag<HardEvent::MTE2_V>(0);
  for (int i = 0; i < 4; i++) {
    Muls(t[0], t[0], 2.0f, 64);
    PipeBarrier<PIPE_V>();
    Muls(t[256], t[256], 2.0f, 64);
    PipeBarrier<PIPE_V>();
    Adds(t[512], t[i == 0 ? 0 : 768], 1.0f, 64);
    PipeBarrier<PIPE_V>();
  }
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(g, t, 1024);
}
