// hostile: 3 unknown.*plain char 'i' holding 128, outside 0..127
// a char loop counter that passes 127: i++ gives 128 if char is unsigned and -128 if it is signed (then i < 200 never ends): unknown, naming the counter (before: an untyped 64-bit counter, 200 iterations)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x, char c) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  for (char i = 0; i < 200; i++) {
    DataCopy(l, g, 256);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Abs(l, l, 256);
    SetFlag<HardEvent::V_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
  }
}
