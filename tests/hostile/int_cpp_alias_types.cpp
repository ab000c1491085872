// hostile: 1 witness: .*branch at 15:3 not taken, %n = 4294967295
// the file's aliases (using u32 = uint32_t, typedef unsigned short u16) give a field and a variable their C types: n + 1 wraps for n = 4294967295, the one run that skips the handshake, and w + 1 is the int 65536 (before: untyped 64-bit values, the witness n = -1 that no uint32_t holds)
#include "kernel_operator.h"
using namespace AscendC;
using u32 = uint32_t;
typedef unsigned short u16;
struct Tiling { u32 n; u16 m; };
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR tiling) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  DataCopy(l, g, 256);
  u16 w = 65535;
  if (((__gm__ Tiling *)tiling)->n + 1 != 0 && w + 1 == 65536) {
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  }
  Abs(m, l, 256);
}
