// fuzz: ksv sim --runs 20 takes 45 s (release build; minutes under ASan): the non-canonical loop (it counts down from 7 while i < 64, 2^31 iterations) is unrolled to 4096 copies the simulator runs 20 times, reporting each overlapping pair of copies as a finding of its own (4096 and more for one pair of lines, where ksv check reports one with "and N more instances"); ksv sim has no budget option (found by mutate.py seed 2 input 20, minimized)
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(__gm__ half *x)
{
    __ubuf__ half *xUb = (__ubuf__ half *)0;
    for (int32_t i = 7; i < 64; i--) {
        copy_gm_to_ubuf(xUb, x, 0, 1, 8, 0, 0);
    }
}
