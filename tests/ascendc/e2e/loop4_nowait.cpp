// A constant 4-iteration loop, unrolled by the extraction, whose V -> MTE3
// set has no wait: one C++ pair, so exactly one race (the MTE3 copy out at
// line 22 against the Muls at 19) and one unpaired set (line 20), not one
// per iteration. Each iteration has its own input and output tiles.
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void loop4(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 8192);
  GlobalTensor<float> gx, gy;
  gx.SetGlobalBuffer((__gm__ float *)x);
  gy.SetGlobalBuffer((__gm__ float *)y);
  LocalTensor<float> t = b.Get<float>();
  for (int i = 0; i < 4; i++) {
    DataCopy(t[i * 256], gx[i * 256], 256);
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
    Muls(t[1024 + i * 256], t[i * 256], 2.0f, 256);
    SetFlag<HardEvent::V_MTE3>(0);
    // (the V -> MTE3 wait is missing)
    DataCopy(gy[i * 256], t[1024 + i * 256], 256);
  }
}
