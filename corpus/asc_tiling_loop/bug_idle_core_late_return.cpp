// asc_tiling_loop: y = exp(x) on one AIV over tileNum tiles of 128 half, where tileNum is
// tiling data: a field of the tiling struct the host writes to GM, read by the kernel at run
// time (a symbolic non-negative value, ASCENDC.md). Each core works on its own slice, offset by
// GetBlockIdx(); cores past the tiling's usedCoreNum have no work and return at once. Single static buffers (TBuf) with explicit flags: the reverse flags (V->MTE2:
// x tile free, MTE3->V: y tile free) are pre-credited before the loop and drained after it, so
// sets and waits pair for every tile count, including 0.
// Seeded bug: the idle-core exit was moved below the pre-credits (a refactoring that put the
// flag set-up first): a core past usedCoreNum returns with both reverse flags set and never
// drained, so they leak into the next kernel on that core (unpaired-set at both pre-credits, for
// the block indices GetBlockIdx() >= usedCoreNum).
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t TILE_LENGTH = 128;          // half elements per tile

struct ExpTilingData {
    uint32_t totalLength; // elements over all cores
    uint32_t tileNum;     // tiles per core
    uint32_t usedCoreNum; // cores with work; the launch may have more
};

class KernelExpTiling {
public:
    __aicore__ inline KernelExpTiling() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR tiling)
    {
        __gm__ ExpTilingData *tilingData = reinterpret_cast<__gm__ ExpTilingData *>(tiling);
        tileNum = tilingData->tileNum;
        usedCoreNum = tilingData->usedCoreNum;
        uint32_t blockLength = tileNum * TILE_LENGTH;
        xGm.SetGlobalBuffer((__gm__ half *)x + blockLength * GetBlockIdx(), blockLength);
        yGm.SetGlobalBuffer((__gm__ half *)y + blockLength * GetBlockIdx(), blockLength);
        pipe.InitBuffer(xBuf, TILE_LENGTH * sizeof(half));
        pipe.InitBuffer(yBuf, TILE_LENGTH * sizeof(half));
    }

    __aicore__ inline void Process()
    {
        LocalTensor<half> xLocal = xBuf.Get<half>();
        LocalTensor<half> yLocal = yBuf.Get<half>();
        // both tiles start free: pre-credit the reverse flags
        SetFlag<HardEvent::V_MTE2>(EVENT_ID0); // expect: unpaired-set
        SetFlag<HardEvent::MTE3_V>(EVENT_ID0); // expect: unpaired-set
        if (GetBlockIdx() >= usedCoreNum) {
            return; // an idle core: too late, the flags above are set
        }
        for (uint32_t i = 0; i < tileNum; i++) {
            CopyIn(i, xLocal);
            Compute(xLocal, yLocal);
            CopyOut(i, yLocal);
        }
        // drain the last credits, whatever tileNum was
        WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
        WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
    }

private:
    __aicore__ inline void CopyIn(uint32_t progress, LocalTensor<half> &xLocal)
    {
        WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
        DataCopy(xLocal, xGm[progress * TILE_LENGTH], TILE_LENGTH);
        SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    }

    __aicore__ inline void Compute(LocalTensor<half> &xLocal, LocalTensor<half> &yLocal)
    {
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
        WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
        Exp(yLocal, xLocal, TILE_LENGTH);
        SetFlag<HardEvent::V_MTE2>(EVENT_ID0);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    }

    __aicore__ inline void CopyOut(uint32_t progress, LocalTensor<half> &yLocal)
    {
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(yGm[progress * TILE_LENGTH], yLocal, TILE_LENGTH);
        SetFlag<HardEvent::MTE3_V>(EVENT_ID0);
    }

private:
    TPipe pipe;
    TBuf<QuePosition::VECCALC> xBuf;
    TBuf<QuePosition::VECCALC> yBuf;
    GlobalTensor<half> xGm;
    GlobalTensor<half> yGm;
    uint32_t tileNum;
    uint32_t usedCoreNum;
};

extern "C" __global__ __aicore__ void exp_tiling_loop(GM_ADDR x, GM_ADDR y, GM_ADDR tiling)
{
    KernelExpTiling op;
    op.Init(x, y, tiling);
    op.Process();
}
