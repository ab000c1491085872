// hostile: 1 DataCopy at 18:3 may read gm.* while the DataCopy at 17:3
// a uint32_t that a branch on the block index sets keeps its type after the branch: off + 1 is 4294967295u + 1 = 0 on the blocks past 0, where the store meets the load at element 0 with no MTE3 -> MTE2 sync (ksv merged the two values into an untyped one, stored at element 2^32 and called the kernel clean)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  uint32_t off = 1023;
  if (GetBlockIdx() > 0) {
    off = 4294967295u;
  }
  Duplicate(l, 1.0f, 256);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(g[off + 1], l, 256);
  DataCopy(m, g, 256);
}
