// hostile: 3 the signed 32-bit arithmetic at 12:17 may overflow \(undefined behaviour in C\+\+\)
// an int32_t argument times 65536 may leave int32_t: undefined behaviour in C++, so the kernel is unknown, naming the expression (ksv multiplied in 64 bits)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x, int32_t n) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  DataCopy(l, g, 256);
  SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
  int32_t off = n * 65536;
  DataCopy(g[off], l, 256);
}
