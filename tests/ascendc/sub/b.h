#pragma once
#define TILE_B 128
__aicore__ inline void HelperB(int n)
{
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);
}
