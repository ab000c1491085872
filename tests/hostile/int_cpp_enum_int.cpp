// hostile: 0 k: clean
// an enumerator of a plain enum (no fixed type, values in int) is an int: NEG < 1u converts -1 to unsigned 4294967295 and is false, so the set is EVENT_ID0, the one the wait names (ksv compared -1 < 1 as 64-bit signed values, set EVENT_ID1 and reported a deadlock)
#include "kernel_operator.h"
using namespace AscendC;
enum Mode { NEG = -1, ZERO, ONE };
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  DataCopy(l, g, 256);
  SetFlag<HardEvent::MTE2_V>(NEG < 1u ? EVENT_ID1 : EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Abs(m, l, 256);
}
