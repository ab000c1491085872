// hostile: 1 Abs at 17:3 may read .* while the DataCopy at 12:3
// -1 < 1u is false in C++ (the int converts to unsigned: 4294967295): the branch with the MTE2 -> V handshake is not taken (ksv compared them as 64-bit signed values, took it, and called the kernel clean)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  int32_t a = -1;
  uint32_t one = 1;
  DataCopy(l, g, 256);
  if (a < one) {
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  }
  Abs(m, l, 256);
}
