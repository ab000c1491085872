// hostile: 0 k: clean
// enumerators of an enum class with underlying type uint64_t compare as uint64_t: HIGH (2^63) > LOW (1), so the set is EVENT_ID0, the one the wait names (ksv compared them as 64-bit signed values, -2^63 > 1 false, set EVENT_ID1 and reported a deadlock)
#include "kernel_operator.h"
using namespace AscendC;
enum class Big : uint64_t { LOW = 1, HIGH = 0x8000000000000000ull };
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 2048);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[256];
  DataCopy(l, g, 256);
  SetFlag<HardEvent::MTE2_V>(Big::HIGH > Big::LOW ? EVENT_ID0 : EVENT_ID1);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Abs(m, l, 256);
}
