// hostile: 0 k: clean
// file-scope constants have their declared type: K is a uint32_t, so K + 1 is 2147483648u (not a signed overflow) and >> 31 is 1; W is a uint8_t, 257 stored as 1: both sets are EVENT_ID1, the ids the waits name (ksv kept the initialisers' int: K + 1 overflowed, the kernel was unknown; W was 257)
#include "kernel_operator.h"
using namespace AscendC;
constexpr uint32_t K = 2147483647;
constexpr uint8_t W = 257;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  DataCopy(l, g, 256);
  SetFlag<HardEvent::MTE2_V>((K + 1) >> 31);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID1);
  Abs(m, l, 256);
  SetFlag<HardEvent::V_MTE2>(W);
  WaitFlag<HardEvent::V_MTE2>(EVENT_ID1);
  DataCopy(l, g, 256);
}
