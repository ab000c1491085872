// asc_cube_pingpong: catlass-style cube matmul (GM -> L1 -> L0A/L0B -> Mmad -> L0C -> GM) with
// L1 and L0 ping-pong; flags primed in the BlockMmad constructor, drained in its destructor.
// Seeded bug: the M->FIX pair uses EVENT_ID7, which the runtime and the queue framework
// reserve (invalid-sync warning at the set and at the wait).
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr uint32_t TILE_M = 16;
constexpr uint32_t TILE_N = 16;
constexpr uint32_t TILE_K = 32;
constexpr uint32_t K_TILES = 4;            // K = 128
constexpr uint32_t N_TILES = 2;            // output tiles per block
constexpr uint32_t STAGES = 2;             // L1 and L0 ping-pong depth
constexpr uint32_t K_TOTAL = TILE_K * K_TILES;
constexpr uint32_t N_TOTAL = TILE_N * N_TILES;
constexpr uint32_t A_TILE = TILE_M * TILE_K;
constexpr uint32_t B_TILE = TILE_K * TILE_N;
constexpr uint32_t C_TILE = TILE_M * TILE_N;
} // namespace

class BlockMmadPingpong {
public:
    __aicore__ inline BlockMmadPingpong()
    {
        l1ATensorList[0] = l1Alloc.Alloc<half, A_TILE>();
        l1ATensorList[1] = l1Alloc.Alloc<half, A_TILE>();
        l1BTensorList[0] = l1Alloc.Alloc<half, B_TILE>();
        l1BTensorList[1] = l1Alloc.Alloc<half, B_TILE>();
        l0ATensorList[0] = l0AAlloc.Alloc<half, A_TILE>();
        l0ATensorList[1] = l0AAlloc.Alloc<half, A_TILE>();
        l0BTensorList[0] = l0BAlloc.Alloc<half, B_TILE>();
        l0BTensorList[1] = l0BAlloc.Alloc<half, B_TILE>();
        l0CTensor = l0CAlloc.Alloc<float, C_TILE>();
        for (uint32_t i = 0; i < STAGES; i++) {
            l1EventList[i] = i;
            l0EventList[i] = i;
            // every stage starts free
            SetFlag<HardEvent::MTE1_MTE2>(l1EventList[i]);
            SetFlag<HardEvent::M_MTE1>(l0EventList[i]);
        }
        SetFlag<HardEvent::FIX_M>(EVENT_ID0);
    }

    __aicore__ inline ~BlockMmadPingpong()
    {
        for (uint32_t i = 0; i < STAGES; i++) {
            WaitFlag<HardEvent::MTE1_MTE2>(l1EventList[i]);
            WaitFlag<HardEvent::M_MTE1>(l0EventList[i]);
        }
        WaitFlag<HardEvent::FIX_M>(EVENT_ID0);
    }

    __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c)
    {
        uint32_t blockIdx = GetBlockIdx();
        aGm.SetGlobalBuffer((__gm__ half *)a + blockIdx * TILE_M * K_TOTAL, TILE_M * K_TOTAL);
        bGm.SetGlobalBuffer((__gm__ half *)b, K_TOTAL * N_TOTAL);
        cGm.SetGlobalBuffer((__gm__ float *)c + blockIdx * TILE_M * N_TOTAL, TILE_M * N_TOTAL);
    }

    __aicore__ inline void Process()
    {
        for (uint32_t nIdx = 0; nIdx < N_TILES; nIdx++) {
            // L0C is free once the previous tile's fixpipe has read it
            WaitFlag<HardEvent::FIX_M>(EVENT_ID0);
            for (uint32_t kIdx = 0; kIdx < K_TILES; kIdx++) {
                uint32_t stage = kIdx % STAGES;
                CopyGmToL1(kIdx, nIdx, stage);
                CopyL1ToL0(stage);
                TileMmad(kIdx, stage);
            }
            CopyL0CToGm(nIdx);
        }
    }

private:
    __aicore__ inline void CopyGmToL1(uint32_t kIdx, uint32_t nIdx, uint32_t stage)
    {
        Nd2NzParams aParams{1, TILE_M, TILE_K, 0, K_TOTAL, TILE_M, 1, 0};
        Nd2NzParams bParams{1, TILE_K, TILE_N, 0, N_TOTAL, TILE_K, 1, 0};
        WaitFlag<HardEvent::MTE1_MTE2>(l1EventList[stage]);
        DataCopy(l1ATensorList[stage], aGm[kIdx * TILE_K], aParams);
        DataCopy(l1BTensorList[stage], bGm[kIdx * TILE_K * N_TOTAL + nIdx * TILE_N], bParams);
        SetFlag<HardEvent::MTE2_MTE1>(l1EventList[stage]);
    }

    __aicore__ inline void CopyL1ToL0(uint32_t stage)
    {
        LoadData2DParams aParams{0, TILE_M * TILE_K / 256, 1, 0, 0, false, 0};
        LoadData2DParams bParams{0, TILE_K * TILE_N / 256, 1, 0, 0, true, 0};
        WaitFlag<HardEvent::MTE2_MTE1>(l1EventList[stage]);
        WaitFlag<HardEvent::M_MTE1>(l0EventList[stage]);
        LoadData(l0ATensorList[stage], l1ATensorList[stage], aParams);
        LoadData(l0BTensorList[stage], l1BTensorList[stage], bParams);
        // the L1 stage may be refilled, the L0 stage may be multiplied
        SetFlag<HardEvent::MTE1_MTE2>(l1EventList[stage]);
        SetFlag<HardEvent::MTE1_M>(EVENT_ID0); // expect(bit): double-set
    }

    __aicore__ inline void TileMmad(uint32_t kIdx, uint32_t stage)
    {
        MmadParams params;
        params.m = TILE_M;
        params.n = TILE_N;
        params.k = TILE_K;
        params.cmatrixInitVal = (kIdx == 0);
        WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
        Mmad(l0CTensor, l0ATensorList[stage], l0BTensorList[stage], params);
        SetFlag<HardEvent::M_MTE1>(l0EventList[stage]);
    }

    __aicore__ inline void CopyL0CToGm(uint32_t nIdx)
    {
        FixpipeParamsV220 params;
        params.nSize = TILE_N;
        params.mSize = TILE_M;
        params.srcStride = TILE_M;
        params.dstStride = N_TOTAL;
        SetFlag<HardEvent::M_FIX>(EVENT_ID7); // expect: invalid-sync
        WaitFlag<HardEvent::M_FIX>(EVENT_ID7); // expect: invalid-sync
        Fixpipe(cGm[nIdx * TILE_N], l0CTensor, params);
        SetFlag<HardEvent::FIX_M>(EVENT_ID0);
    }

    LocalMemAllocator<Hardware::L1> l1Alloc;
    LocalMemAllocator<Hardware::L0A> l0AAlloc;
    LocalMemAllocator<Hardware::L0B> l0BAlloc;
    LocalMemAllocator<Hardware::L0C> l0CAlloc;
    LocalTensor<half> l1ATensorList[STAGES];
    LocalTensor<half> l1BTensorList[STAGES];
    LocalTensor<half> l0ATensorList[STAGES];
    LocalTensor<half> l0BTensorList[STAGES];
    LocalTensor<float> l0CTensor;
    int32_t l1EventList[STAGES];
    int32_t l0EventList[STAGES];
    GlobalTensor<half> aGm;
    GlobalTensor<half> bGm;
    GlobalTensor<float> cGm;
};

extern "C" __global__ __aicore__ void cube_pingpong(GM_ADDR a, GM_ADDR b, GM_ADDR c)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
    BlockMmadPingpong mmad;
    mmad.Init(a, b, c);
    mmad.Process();
}
