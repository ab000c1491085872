// hostile: 1 DataCopy at 14:3 may read gm.* while the DataCopy at 13:3
// c ? a : b has the common type of a and b: (GetBlockIdx() > 0 ? 4294967295u : 1023u) + 1 is a uint32_t, 0 on the blocks past 0, where the store meets the load at element 0 with no MTE3 -> MTE2 sync (ksv's select was untyped: element 2^32, and the kernel clean)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  Duplicate(l, 1.0f, 256);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(g[(GetBlockIdx() > 0 ? 4294967295u : 1023u) + 1], l, 256);
  DataCopy(m, g, 256);
}
