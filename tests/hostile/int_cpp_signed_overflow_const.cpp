// hostile: 3 the signed 32-bit arithmetic 'top \+ 1', which overflows \(undefined behaviour in C\+\+\)
// INT32_MAX + 1 in int32_t is undefined behaviour in C++: the kernel is unknown, naming the expression (ksv computed 2147483648 and went on)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  int32_t top = 2147483647;
  int32_t n = top + 1;
  DataCopy(l, g[n], 256);
}
