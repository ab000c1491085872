// hostile: 0 k: clean
// FetchEventID returns a TEventID (int8_t, library/kernel_tpipe_impl.h): id - 1u is in unsigned int, 0 - 1u = 4294967295, and % 4 is 3, so the set is EVENT_ID3, the one the wait names (ksv did not compute the id and called the kernel unknown, "depends on a runtime value")
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  auto id = pipe.FetchEventID(HardEvent::MTE2_V);
  DataCopy(l, g, 256);
  SetFlag<HardEvent::MTE2_V>((id - 1u) % 4);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID3);
  Abs(m, l, 256);
}
