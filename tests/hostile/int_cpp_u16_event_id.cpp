// hostile: 0 k: clean
// a uint16_t 65535 plus one, stored back, is 0: the set is EVENT_ID0, the one the wait names (ksv computed 65536, an invalid id, and reported a deadlock)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  uint16_t id = 65535;
  id += 1;
  DataCopy(l, g, 256);
  SetFlag<HardEvent::MTE2_V>(id);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Abs(m, l, 256);
}
