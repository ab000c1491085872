#ifndef FIXTURE_SUB_A_H
#define FIXTURE_SUB_A_H
#include "b.h"
#define TILE_A (TILE_B * 2)
__aicore__ inline void HelperA() { AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0); }
#endif
