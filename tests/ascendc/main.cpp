// Fixture of tests/test_ascendc_parse.c: a relative include tree.
#include "kernel_operator.h"
#include "sub/a.h"
#include "sub/a.h"
extern "C" __global__ __aicore__ void main_kernel(__gm__ uint8_t* x)
{
    AscendC::PipeBarrier<PIPE_V>();
    HelperB(TILE_A);
}
