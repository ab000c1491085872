// hostile: 3 the signed 32-bit arithmetic at 11:17 may overflow \(undefined behaviour in C\+\+\)
// an int32_t field of the tiling struct times 65536 may leave int32_t: undefined behaviour in C++, so the kernel is unknown, naming the expression (ksv read tiling->k as an untyped 64-bit value, multiplied in 64 bits and called the kernel clean)
#include "kernel_operator.h"
using namespace AscendC;
struct Tiling { uint32_t n; uint16_t tile; int32_t k; };
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR tiling) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  __gm__ Tiling *t = reinterpret_cast<__gm__ Tiling *>(tiling);
  int64_t off = t->k * 65536;
  DataCopy(l, g[off], 256);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Abs(l, l, 256);
}
