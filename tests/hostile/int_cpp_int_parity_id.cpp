// hostile: 0 k: clean
// event ids i % 2 of an int loop counter and uint32_t tile offsets (the common case: typed, nothing wraps, the kernel stays clean)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x, uint32_t tiles) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 4096);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
  SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);
  for (int i = 0; i < 6; i++) {
    int32_t ev = i % 2;
    uint32_t off = static_cast<uint32_t>(ev) * 256u;
    WaitFlag<HardEvent::MTE3_MTE2>(ev);
    DataCopy(l[off], g[(uint32_t)i * 256u], 256);
    SetFlag<HardEvent::MTE2_MTE3>(ev);
    WaitFlag<HardEvent::MTE2_MTE3>(ev);
    DataCopy(g[(uint32_t)i * 256u + 4096u], l[off], 256);
    SetFlag<HardEvent::MTE3_MTE2>(ev);
  }
  WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
  WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);
}
