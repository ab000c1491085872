// fuzz: UBSan: signed integer overflow in frontend/ascendc/fe_asc_api.c (rep * 512, the srcStride of LoadData2DParams 2^63) -- found by mutate.py seed 3 input 72, minimized by hand
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR a)
{
    LocalMemAllocator<Hardware::L1> l1Alloc;
    LocalMemAllocator<Hardware::L0A> l0AAlloc;
    LocalTensor<half> l1 = l1Alloc.Alloc<half, 512>();
    LocalTensor<half> l0 = l0AAlloc.Alloc<half, 512>();
    LoadData2DParams p{0, 2, 9223372036854775808, 0, 0, false, 0};
    LoadData(l0, l1, p);
}
