// hostile: 1 Abs at 13:3 may read ub.* while the DataCopy at 12:3
// DataCopyParams fields set to 2^62 blocks of 2^62 units: the library's fields are uint16_t, so the stores keep 2^62 mod 2^16 = 0 (docs/semantics-decisions.md 12, int_cpp_datacopy_u16.cpp), a copy of 0 blocks, whose extent ksv does not narrow (the tensor's own, conservative): this race is spurious, never a wrong clean. Before the fields were typed, the products left 64 bits and the extent was not narrowed either, without undefined behaviour (fe_asc_api.c mul3/span)
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
