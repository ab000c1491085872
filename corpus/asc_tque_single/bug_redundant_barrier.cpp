// asc_tque_single: z = x + y on one AIV with the TPipe/TQue framework, single buffer
// (queue depth 1, BUFFER_NUM 1), 4 tiles of 128 half per core.
// All sync is the queue framework's own (kernel_tquebind_impl.h): AllocTensor waits the
// free-buffer event (V_MTE2 for VECIN, MTE3_V for VECOUT), EnQue sets the enqueue event
// (MTE2_V, V_MTE3), DeQue waits it, FreeTensor sets the free-buffer event; the TPipe's
// destructor waits what is still pending and ends with a PIPE_ALL barrier.
// Seeded bug: a PipeBarrier<PIPE_V> after the only vector op of a tile. The next Add writes
// the same z buffer, but that reuse is already ordered by the queue's events (EnQue V_MTE3 ->
// DeQue, FreeTensor MTE3_V -> AllocTensor), so the barrier is redundant (redundant-barrier).
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 1;                        // single buffer: depth 1
constexpr int32_t TILE_NUM = 4;                          // tiles per core
constexpr int32_t TILE_LENGTH = 128;                     // half elements per tile
constexpr int32_t BLOCK_LENGTH = TILE_NUM * TILE_LENGTH; // elements per core

class KernelAddSingle {
public:
    __aicore__ inline KernelAddSingle() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z)
    {
        // each core owns one BLOCK_LENGTH slice of the three vectors
        xGm.SetGlobalBuffer((__gm__ half *)x + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
        yGm.SetGlobalBuffer((__gm__ half *)y + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
        zGm.SetGlobalBuffer((__gm__ half *)z + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
        pipe.InitBuffer(inQueueX, BUFFER_NUM, TILE_LENGTH * sizeof(half));
        pipe.InitBuffer(inQueueY, BUFFER_NUM, TILE_LENGTH * sizeof(half));
        pipe.InitBuffer(outQueueZ, BUFFER_NUM, TILE_LENGTH * sizeof(half));
    }

    __aicore__ inline void Process()
    {
        for (int32_t i = 0; i < TILE_NUM; i++) {
            CopyIn(i);
            Compute(i);
            CopyOut(i);
        }
    }

private:
    __aicore__ inline void CopyIn(int32_t progress)
    {
        LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
        LocalTensor<half> yLocal = inQueueY.AllocTensor<half>();
        DataCopy(xLocal, xGm[progress * TILE_LENGTH], TILE_LENGTH);
        DataCopy(yLocal, yGm[progress * TILE_LENGTH], TILE_LENGTH);
        inQueueX.EnQue(xLocal);
        inQueueY.EnQue(yLocal);
    }

    __aicore__ inline void Compute(int32_t progress)
    {
        LocalTensor<half> xLocal = inQueueX.DeQue<half>();
        LocalTensor<half> yLocal = inQueueY.DeQue<half>();
        LocalTensor<half> zLocal = outQueueZ.AllocTensor<half>();
        Add(zLocal, xLocal, yLocal, TILE_LENGTH);
        PipeBarrier<PIPE_V>(); // expect: redundant-barrier
        outQueueZ.EnQue<half>(zLocal);
        inQueueX.FreeTensor(xLocal);
        inQueueY.FreeTensor(yLocal);
    }

    __aicore__ inline void CopyOut(int32_t progress)
    {
        LocalTensor<half> zLocal = outQueueZ.DeQue<half>();
        DataCopy(zGm[progress * TILE_LENGTH], zLocal, TILE_LENGTH);
        outQueueZ.FreeTensor(zLocal);
    }

private:
    TPipe pipe;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueY;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ;
    GlobalTensor<half> xGm;
    GlobalTensor<half> yGm;
    GlobalTensor<half> zGm;
};

extern "C" __global__ __aicore__ void add_tque_single(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    KernelAddSingle op;
    op.Init(x, y, z);
    op.Process();
}
