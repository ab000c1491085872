// A sync under #if on a build macro the file does not define: unknown
// (exit 3) unless -D gives it; -D SCENARIO_NUM=2 keeps the set (clean but
// for the redundant pair), -D SCENARIO_NUM=1 drops it (the wait: deadlock).
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void build_macro(GM_ADDR x) {
#if SCENARIO_NUM == 2
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
#endif
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
}
