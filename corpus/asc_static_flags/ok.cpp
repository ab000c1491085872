// asc_static_flags: z = x + y on one AIV with static tensors and explicit flags, 4 tiles of
// 128 half, double-buffered by hand. The UB buffers are TBuf<VECCALC> (fixed addresses, no
// implicit sync): each holds two tiles, the ping and pong halves, picked by tile parity, and the
// event ids ping-pong with them (EVENT_ID0 / EVENT_ID1). MTE2->V and V->MTE3 flags order each
// tile; the MTE3->MTE2 back-pressure flags are pre-set before the loop (both halves start
// free) and drained after it, so no set is left pending when the kernel ends.
// Correct version: no findings expected.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;                        // ping and pong
constexpr int32_t TILE_NUM = 4;                          // tiles per core
constexpr int32_t TILE_LENGTH = 128;                     // half elements per tile
constexpr int32_t BLOCK_LENGTH = TILE_NUM * TILE_LENGTH; // elements per core

class KernelAddStatic {
public:
    __aicore__ inline KernelAddStatic() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z)
    {
        xGm.SetGlobalBuffer((__gm__ half *)x + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
        yGm.SetGlobalBuffer((__gm__ half *)y + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
        zGm.SetGlobalBuffer((__gm__ half *)z + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
        pipe.InitBuffer(xBuf, BUFFER_NUM * TILE_LENGTH * sizeof(half));
        pipe.InitBuffer(yBuf, BUFFER_NUM * TILE_LENGTH * sizeof(half));
        pipe.InitBuffer(zBuf, BUFFER_NUM * TILE_LENGTH * sizeof(half));
    }

    __aicore__ inline void Process()
    {
        LocalTensor<half> xAll = xBuf.Get<half>();
        LocalTensor<half> yAll = yBuf.Get<half>();
        LocalTensor<half> zAll = zBuf.Get<half>();
        // both halves start free: pre-set the back-pressure flags
        SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
        SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);
        for (int32_t i = 0; i < TILE_NUM; i++) {
            int32_t ping = i % BUFFER_NUM;
            event_t ev = (ping == 0) ? EVENT_ID0 : EVENT_ID1;
            LocalTensor<half> xLocal = xAll[ping * TILE_LENGTH];
            LocalTensor<half> yLocal = yAll[ping * TILE_LENGTH];
            LocalTensor<half> zLocal = zAll[ping * TILE_LENGTH];
            CopyIn(i, ev, xLocal, yLocal);
            Compute(ev, xLocal, yLocal, zLocal);
            CopyOut(i, ev, zLocal);
        }
        // drain: the last store of each half has finished
        WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
        WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);
    }

private:
    __aicore__ inline void CopyIn(int32_t progress, event_t ev, LocalTensor<half> &xLocal, LocalTensor<half> &yLocal)
    {
        WaitFlag<HardEvent::MTE3_MTE2>(ev);
        DataCopy(xLocal, xGm[progress * TILE_LENGTH], TILE_LENGTH);
        DataCopy(yLocal, yGm[progress * TILE_LENGTH], TILE_LENGTH);
        SetFlag<HardEvent::MTE2_V>(ev);
    }

    __aicore__ inline void Compute(event_t ev, LocalTensor<half> &xLocal, LocalTensor<half> &yLocal, LocalTensor<half> &zLocal)
    {
        WaitFlag<HardEvent::MTE2_V>(ev);
        Add(zLocal, xLocal, yLocal, TILE_LENGTH);
        SetFlag<HardEvent::V_MTE3>(ev);
    }

    __aicore__ inline void CopyOut(int32_t progress, event_t ev, LocalTensor<half> &zLocal)
    {
        WaitFlag<HardEvent::V_MTE3>(ev);
        DataCopy(zGm[progress * TILE_LENGTH], zLocal, TILE_LENGTH);
        SetFlag<HardEvent::MTE3_MTE2>(ev);
    }

private:
    TPipe pipe;
    TBuf<QuePosition::VECCALC> xBuf;
    TBuf<QuePosition::VECCALC> yBuf;
    TBuf<QuePosition::VECCALC> zBuf;
    GlobalTensor<half> xGm;
    GlobalTensor<half> yGm;
    GlobalTensor<half> zGm;
};

extern "C" __global__ __aicore__ void add_static_flags(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    KernelAddStatic op;
    op.Init(x, y, z);
    op.Process();
}
