// asc_mix_fa: MIX FlashAttention-like kernel: the AIC computes S = Q K^T into a GM workspace
// and signals S_READY (mode 2); the AIVs read their halves, signal S_FREE back, compute P = exp(S)
// and store it. The V barrier is redundant on a5 (V -> V ordered by the hardware).
// Seeded bug: S_READY is cross-core flag 12, one of the ids 11..14 the hard SyncAll takes
// (invalid-sync warning at the set and at the wait).
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr uint32_t TILE_Q = 16;                 // query rows per block
constexpr uint32_t TILE_KV = 16;                // key rows per tile
constexpr uint32_t HEAD_DIM = 32;
constexpr uint32_t KV_TILES = 4;
constexpr uint32_t S_ELEMS = TILE_Q * TILE_KV;  // one score tile (float)
constexpr uint32_t HALF_ELEMS = S_ELEMS / 2;    // rows of one AIV
constexpr float SCALE = 0.17677669f;            // 1 / sqrt(HEAD_DIM)
constexpr uint16_t S_READY = 12;                // AIC -> AIV: workspace holds S
constexpr uint16_t S_FREE = 2;                  // AIV -> AIC: workspace consumed
} // namespace

class FaCube {
public:
    __aicore__ inline void Init(GM_ADDR q, GM_ADDR k, GM_ADDR ws)
    {
        uint32_t core = GetBlockIdx();
        qGm.SetGlobalBuffer((__gm__ half *)q + core * TILE_Q * HEAD_DIM, TILE_Q * HEAD_DIM);
        kGm.SetGlobalBuffer((__gm__ half *)k, KV_TILES * TILE_KV * HEAD_DIM);
        wsGm.SetGlobalBuffer((__gm__ float *)ws + core * S_ELEMS, S_ELEMS);
        qL1 = l1Alloc.Alloc<half, TILE_Q * HEAD_DIM>();
        kL1 = l1Alloc.Alloc<half, TILE_KV * HEAD_DIM>();
        qL0A = l0AAlloc.Alloc<half, TILE_Q * HEAD_DIM>();
        kL0B = l0BAlloc.Alloc<half, TILE_KV * HEAD_DIM>();
        sL0C = l0CAlloc.Alloc<float, S_ELEMS>();
    }

    __aicore__ inline void Process()
    {
        LoadQ();
        SetFlag<HardEvent::MTE1_MTE2>(EVENT_ID1);
        SetFlag<HardEvent::M_MTE1>(EVENT_ID0);
        SetFlag<HardEvent::FIX_M>(EVENT_ID0);
        for (uint32_t t = 0; t < KV_TILES; t++) {
            ComputeScore(t);
            StoreScore(t);
        }
        CrossCoreWaitFlag(S_FREE);
        WaitFlag<HardEvent::MTE1_MTE2>(EVENT_ID1);
        WaitFlag<HardEvent::M_MTE1>(EVENT_ID0);
        WaitFlag<HardEvent::FIX_M>(EVENT_ID0);
    }

private:
    __aicore__ inline void LoadQ()
    {
        // Q stays in L1 and is reloaded into L0A with every K tile: the first tile's MTE2->MTE1
        // wait comes after this copy on MTE2, so it orders Q too
        Nd2NzParams params{1, TILE_Q, HEAD_DIM, 0, HEAD_DIM, TILE_Q, 1, 0};
        DataCopy(qL1, qGm, params);
    }

    __aicore__ inline void ComputeScore(uint32_t t)
    {
        Nd2NzParams params{1, TILE_KV, HEAD_DIM, 0, HEAD_DIM, TILE_KV, 1, 0};
        WaitFlag<HardEvent::MTE1_MTE2>(EVENT_ID1);
        DataCopy(kL1, kGm[t * TILE_KV * HEAD_DIM], params);
        SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID1);
        WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID1);
        WaitFlag<HardEvent::M_MTE1>(EVENT_ID0);
        LoadData(qL0A, qL1, LoadData2DParams{0, TILE_Q * HEAD_DIM / 256, 1, 0, 0, false, 0});
        LoadData(kL0B, kL1, LoadData2DParams{0, TILE_KV * HEAD_DIM / 256, 1, 0, 0, true, 0});
        SetFlag<HardEvent::MTE1_MTE2>(EVENT_ID1);
        SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
        WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
        WaitFlag<HardEvent::FIX_M>(EVENT_ID0);
        MmadParams mm;
        mm.m = TILE_Q;
        mm.n = TILE_KV;
        mm.k = HEAD_DIM;
        mm.cmatrixInitVal = true;
        Mmad(sL0C, qL0A, kL0B, mm);
        SetFlag<HardEvent::M_MTE1>(EVENT_ID0);
    }

    __aicore__ inline void StoreScore(uint32_t t)
    {
        FixpipeParamsV220 fp;
        fp.nSize = TILE_KV;
        fp.mSize = TILE_Q;
        fp.srcStride = TILE_Q;
        fp.dstStride = TILE_KV;
        SetFlag<HardEvent::M_FIX>(EVENT_ID0);
        WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
        if (t > 0) {
            // both AIVs must have read the previous S before it is overwritten
            CrossCoreWaitFlag(S_FREE);
        }
        Fixpipe(wsGm, sL0C, fp);
        SetFlag<HardEvent::FIX_M>(EVENT_ID0);
        CrossCoreSetFlag<2, PIPE_FIX>(S_READY); // expect: invalid-sync
    }

    LocalMemAllocator<Hardware::L1> l1Alloc;
    LocalMemAllocator<Hardware::L0A> l0AAlloc;
    LocalMemAllocator<Hardware::L0B> l0BAlloc;
    LocalMemAllocator<Hardware::L0C> l0CAlloc;
    LocalTensor<half> qL1, kL1, qL0A, kL0B;
    LocalTensor<float> sL0C;
    GlobalTensor<half> qGm, kGm;
    GlobalTensor<float> wsGm;
};

class FaVector {
public:
    __aicore__ inline void Init(GM_ADDR ws, GM_ADDR out, TPipe *pipe)
    {
        // on an AIV of a 1:2 MIX kernel the block index counts sub-blocks
        uint32_t core = GetBlockIdx() / GetTaskRation();
        uint32_t rowOff = GetSubBlockIdx() * HALF_ELEMS;
        wsGm.SetGlobalBuffer((__gm__ float *)ws + core * S_ELEMS + rowOff, HALF_ELEMS);
        outGm.SetGlobalBuffer((__gm__ float *)out + core * KV_TILES * S_ELEMS + rowOff, KV_TILES * S_ELEMS);
        pipe->InitBuffer(sBuf, HALF_ELEMS * sizeof(float));
        pipe->InitBuffer(pBuf, HALF_ELEMS * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        LocalTensor<float> sLocal = sBuf.Get<float>();
        LocalTensor<float> pLocal = pBuf.Get<float>();
        SetFlag<HardEvent::V_MTE2>(EVENT_ID0);
        SetFlag<HardEvent::MTE3_V>(EVENT_ID0);
        for (uint32_t t = 0; t < KV_TILES; t++) {
            CrossCoreWaitFlag(S_READY); // expect: invalid-sync
            WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
            DataCopy(sLocal, wsGm, HALF_ELEMS);
            CrossCoreSetFlag<2, PIPE_MTE2>(S_FREE);
            SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
            WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
            Softmax(sLocal, pLocal);
            SetFlag<HardEvent::V_MTE2>(EVENT_ID0);
            SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
            WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
            DataCopy(outGm[t * S_ELEMS], pLocal, HALF_ELEMS);
            SetFlag<HardEvent::MTE3_V>(EVENT_ID0);
        }
        WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
        WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
    }

private:
    __aicore__ inline void Softmax(LocalTensor<float> &sLocal, LocalTensor<float> &pLocal)
    {
        Muls(sLocal, sLocal, SCALE, HALF_ELEMS);
        PipeBarrier<PIPE_V>(); // expect(a5): redundant-barrier
        WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
        Exp(pLocal, sLocal, HALF_ELEMS);
    }

    TBuf<TPosition::VECCALC> sBuf, pBuf;
    GlobalTensor<float> wsGm, outGm;
};

extern "C" __global__ __aicore__ void fa_mix(GM_ADDR q, GM_ADDR k, GM_ADDR ws, GM_ADDR out)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
    if ASCEND_IS_AIC {
        FaCube cube;
        cube.Init(q, k, ws);
        cube.Process();
    }
    if ASCEND_IS_AIV {
        TPipe pipe;
        FaVector vec;
        vec.Init(ws, out, &pipe);
        vec.Process();
    }
}
