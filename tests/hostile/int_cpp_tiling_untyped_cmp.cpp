// hostile: 1 witness: .*branch at 12:3 not taken
// comparisons, /, %, >> and & of a GET_TILING_DATA field (non-negative, ASCENDC.md) and a non-negative operand give the same in every C type: decided; the race is the run where the branch is not taken (n >= 5)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR tiling) {
  GET_TILING_DATA(td, tiling);
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  DataCopy(l, g, 256);
  if ((td.n & 1) == 0 && (td.n >> 3) < 7 && td.n / 2 < 5u && td.n % 4 != 3) {
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  }
  Abs(m, l, 256);
}
