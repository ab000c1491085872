// hostile: 0 k: clean
// an enumerator of an enum with underlying type uint32_t has that type: LAST_SLOT + 1 is 4294967295u + 1, which wraps to 0, so the set is EVENT_ID0, the one the wait names (ksv computed (4294967296) / 8 = 536870912, an invalid event id, and reported it)
#include "kernel_operator.h"
using namespace AscendC;
enum Slot : uint32_t { FIRST_SLOT = 0, LAST_SLOT = 0xFFFFFFFFu };
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  DataCopy(l, g, 256);
  SetFlag<HardEvent::MTE2_V>((LAST_SLOT + 1) / 8);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Abs(m, l, 256);
}
