// hostile: 0 k: clean
// DataCopyParams's fields are uint16_t: blockLen = 65544 stores 8, so the copy writes 8 blocks of 32 bytes, ub[0, 256), and the Abs on ub[2048, 3072) does not meet it; DataCopyParams(1, 65544, 0, 0) converts the same way (ub[256, 512)) (ksv kept 65544 blocks, extents past the whole buffer, and reported races)
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe; TBuf<TPosition::VECCALC> b; pipe.InitBuffer(b, 4096);
  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x);
  LocalTensor<float> l = b.Get<float>();
  LocalTensor<float> m = l[512];
  LocalTensor<float> n = l[64];
  DataCopyParams p;
  p.blockCount = 1;
  p.blockLen = 65544;
  DataCopy(l, g, p);
  DataCopy(n, g, DataCopyParams(1, 65544, 0, 0));
  Abs(m, m, 256);
}
