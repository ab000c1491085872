// fuzz: UBSan: signed integer overflow in frontend/ascendc/fe_asc_api.c (fe_asc_subtensor: index * element size of zGm[progress * TILE] with TILE = -2^63 + 128; also a TBuf's GetWithOffset offset, a static LocalTensor's and an allocator's length past 64 bits) -- found by mutate.py seed 26 input 97, minimized by hand
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR z)
{
    TPipe pipe;
    TBuf<QuePosition::VECCALC> yBuf;
    TBuf<QuePosition::VECCALC> zBuf;
    GlobalTensor<half> zGm;
    zGm.SetGlobalBuffer((__gm__ half *)z, 4611686018427387905);
    pipe.InitBuffer(yBuf, 256);
    pipe.InitBuffer(zBuf, 256);
    LocalTensor<half> zLocal = zBuf.Get<half>();
    LocalTensor<half> w = zBuf.GetWithOffset<half>(128, 9223372036854775807);
    LocalTensor<half> s(QuePosition::VECCALC, 0, 4611686018427387905);
    LocalMemAllocator<Hardware::UB> ubAlloc;
    LocalTensor<half> a = ubAlloc.Alloc<half>(4611686018427387905);
    LocalTensor<half> b = ubAlloc.Alloc<half>(128);
    for (int32_t i = 1; i < 3; i++) {
        DataCopy(zLocal, zGm[i * -9223372036854775680], 128);
        DataCopy(zGm[i * 64], zLocal, 128);
    }
    DataCopy(w, zGm, 128);
    DataCopy(s, zGm, 128);
}
