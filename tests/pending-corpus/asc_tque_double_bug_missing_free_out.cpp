// (pending corpus: see tests/pending-corpus/README.md) asc_tque_double: z = (x + y) * s on one AIV with the TPipe/TQue framework, double buffer
// (queue depth 2, BUFFER_NUM 2): 8 tiles of 128 half per core, ping-pong through the queues.
// The queue framework syncs the pipeline itself (kernel_tquebind_impl.h). The kernel adds
// explicit sync of its own: the scale s is copied GM->UB into a TBuf (which has no sync) and
// read by the scalar unit with GetValue, so it needs an MTE2->S flag pair (the id fetched from
// the TPipe allocator, as real kernels do); and the in-place Muls after the Add needs a
// PipeBarrier<PIPE_V> on a2 (SEMANTICS 2; on a5 V->V is hardware-ordered, the barrier is then
// redundant).
// Flags count (SEMANTICS 3 revised): with two buffers, the EnQue of one tile may fire its set
// before the DeQue of the previous tile consumed the set of the same id (the allocator hands the
// id out again once DeQue released it in program order): no finding by default, a double-set
// under --flag-model bit (expect(bit)), whose errors also stop the redundant-sync search there.
// Seeded bug: CopyOut never frees zLocal. The output queue has two buffers; the third tile's
// AllocTensor finds neither free, and the library's allocation loop spins forever (a hang:
// deadlock at that AllocTensor, docs/ascendc-queues.md section 3). Nothing after the spin is
// ever issued, so no race follows it (SEMANTICS 5: a race needs an execution where both accesses
// run; ksv itself reports no race behind a wait that deadlocks).
// Known disagreement (ksv-known): ksv continues past the hang as if the allocation had handed out
// the oldest buffer and reports the Add and the Muls racing with the first tile's store to that
// buffer; those races cannot happen.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;                                  // double buffer: depth 2
constexpr int32_t TILE_NUM = 4;                                    // tiles per buffer
constexpr int32_t TILE_LENGTH = 128;                               // half elements per tile
constexpr int32_t LOOP_COUNT = TILE_NUM * BUFFER_NUM;              // 8 tiles per core
constexpr int32_t BLOCK_LENGTH = LOOP_COUNT * TILE_LENGTH;         // elements per core
constexpr int32_t SCALE_LENGTH = 16;                               // one 32-byte block of half

class KernelAddScaleDouble {
public:
    __aicore__ inline KernelAddScaleDouble() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR s, GM_ADDR z)
    {
        xGm.SetGlobalBuffer((__gm__ half *)x + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
        yGm.SetGlobalBuffer((__gm__ half *)y + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
        zGm.SetGlobalBuffer((__gm__ half *)z + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
        sGm.SetGlobalBuffer((__gm__ half *)s, SCALE_LENGTH);
        pipe.InitBuffer(inQueueX, BUFFER_NUM, TILE_LENGTH * sizeof(half));
        pipe.InitBuffer(inQueueY, BUFFER_NUM, TILE_LENGTH * sizeof(half));
        pipe.InitBuffer(outQueueZ, BUFFER_NUM, TILE_LENGTH * sizeof(half));
        pipe.InitBuffer(scaleBuf, SCALE_LENGTH * sizeof(half));
    }

    __aicore__ inline void Process()
    {
        LoadScale();
        for (int32_t i = 0; i < LOOP_COUNT; i++) {
            CopyIn(i);
            Compute(i);
            CopyOut(i);
        }
    }

private:
    __aicore__ inline void LoadScale()
    {
        LocalTensor<half> sLocal = scaleBuf.Get<half>();
        DataCopy(sLocal, sGm, SCALE_LENGTH);
        // the scalar unit reads what MTE2 wrote: wait for the copy on PIPE_S
        event_t eventIdMte2ToS = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_S));
        SetFlag<HardEvent::MTE2_S>(eventIdMte2ToS);
        WaitFlag<HardEvent::MTE2_S>(eventIdMte2ToS);
        scale = sLocal.GetValue(0);
    }

    __aicore__ inline void CopyIn(int32_t progress)
    {
        LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
        LocalTensor<half> yLocal = inQueueY.AllocTensor<half>();
        DataCopy(xLocal, xGm[progress * TILE_LENGTH], TILE_LENGTH);
        DataCopy(yLocal, yGm[progress * TILE_LENGTH], TILE_LENGTH);
        inQueueX.EnQue(xLocal); // expect(bit): double-set
        inQueueY.EnQue(yLocal); // expect(bit): double-set
    }

    __aicore__ inline void Compute(int32_t progress)
    {
        LocalTensor<half> xLocal = inQueueX.DeQue<half>();
        LocalTensor<half> yLocal = inQueueY.DeQue<half>();
        LocalTensor<half> zLocal = outQueueZ.AllocTensor<half>(); // expect: deadlock
        Add(zLocal, xLocal, yLocal, TILE_LENGTH); // ksv-known: +race
        PipeBarrier<PIPE_V>(); // (errors stop the redundant-sync search: nothing reported here on a5)
        Muls(zLocal, zLocal, scale, TILE_LENGTH); // ksv-known: +race
        outQueueZ.EnQue<half>(zLocal); // expect(bit): double-set
        inQueueX.FreeTensor(xLocal);
        inQueueY.FreeTensor(yLocal);
    }

    __aicore__ inline void CopyOut(int32_t progress)
    {
        LocalTensor<half> zLocal = outQueueZ.DeQue<half>();
        DataCopy(zGm[progress * TILE_LENGTH], zLocal, TILE_LENGTH);
    }

private:
    TPipe pipe;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueY;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ;
    TBuf<QuePosition::VECCALC> scaleBuf;
    GlobalTensor<half> xGm;
    GlobalTensor<half> yGm;
    GlobalTensor<half> zGm;
    GlobalTensor<half> sGm;
    half scale;
};

extern "C" __global__ __aicore__ void add_scale_tque_double(GM_ADDR x, GM_ADDR y, GM_ADDR s, GM_ADDR z)
{
    KernelAddScaleDouble op;
    op.Init(x, y, s, z);
    op.Process();
}
