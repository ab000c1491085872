// hostile: 1 Abs at 13:3 may read ub.* while the DataCopy at 12:3
// DataCopyParams whose blockCount * blockLen * 32 and gaps leave 64 bits: the extent is not narrowed (the tensor's own), without undefined behaviour (fe_asc_api.c mul3/span). The library's fields are uint16_t, so the hardware would copy 2^62 mod 2^16 = 0 blocks; ksv does not apply the library struct's field widths (docs/semantics-decisions.md 12, left open) and over-approximates: this race may be spurious, never a wrong clean
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 4096);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[512];
  DataCopyParams p{0, 0, 0, 0};
  p.blockCount = 4611686018427387904; p.blockLen = 4611686018427387904; p.srcStride = 9223372036854775807;
  DataCopy(l, g, p);
  Abs(m, m, 256);
}
