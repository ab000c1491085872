// hostile (tests/hostile_test.sh, sim): a loop the C++ frontend unrolls to 4096 unsynchronized copies (it counts down while i < 64); ksv sim --runs 20 took 45 s, finding each overlapping pair of copies again per run. Found by tests/fuzz/mutate.py (seed 2 input 20).
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(__gm__ half *x)
{
    __ubuf__ half *xUb = (__ubuf__ half *)0;
    for (int32_t i = 7; i < 64; i--) {
        copy_gm_to_ubuf(xUb, x, 0, 1, 8, 0, 0);
    }
}
