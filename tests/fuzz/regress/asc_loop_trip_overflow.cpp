// fuzz: UBSan: signed integer overflow in frontend/ascendc/fe_asc_stmt.c (loop_stmt: ub - lb of a loop from INT64_MIN; an int32_t counter initialised with -2^63 gives the same, its value not truncated to 32 bits) -- found by mutate.py seed 11 input 178, minimized
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x)
{
    for (int64_t i = -9223372036854775807 - 1; i < 4; i++) {
        PipeBarrier<PIPE_V>();
    }
}
