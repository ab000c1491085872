// hostile: 3 unknown.*plain char 'c = -1' holding -1, outside 0..127
// plain char's signedness on the device is not documented: c = -1 makes SetFlag(c + 1) set EVENT_ID0 if char is signed and the invalid id 256 if it is unsigned; ksv read -1 and called it clean
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  DataCopy(l, g, 256);
  char c = -1;
  SetFlag<HardEvent::MTE2_V>(c + 1);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Abs(m, l, 256);
}
