// hostile: 0 k: clean
// TEventID is int8_t (the SetFlag docs: using TEventID = int8_t): TEventID id = 255 holds -1, so id + 1 is 0 and the set is EVENT_ID0, the one the wait names (ksv kept 255 and set the invalid id 256)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  TEventID id = 255;
  DataCopy(l, g, 256);
  SetFlag<HardEvent::MTE2_V>(id + 1);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Abs(m, l, 256);
}
