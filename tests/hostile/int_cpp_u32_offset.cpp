// hostile: 1 DataCopy at 15:3 may read gm.* while the DataCopy at 14:3
// a uint32_t offset (GetBlockIdx() + 1) * 2^31 is 0 modulo 2^32 for every odd block: its store meets the load at element 0, with no MTE3 -> MTE2 sync (ksv kept (bid + 1) * 2^31, never 0, and called the kernel clean)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  uint32_t off = (GetBlockIdx() + 1) * 2147483648u;
  Duplicate(l, 1.0f, 256);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(g[off], l, 256);
  DataCopy(m, g, 256);
}
