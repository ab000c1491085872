// asc_syncall: MIX matmul + bias in two phases joined by SyncAll<false>(): the AIC writes C to
// the GM workspace cWs, the AIVs write the scaled bias halves to biasWs; after the SyncAll each
// AIV reads its half of C and the whole bias.
// Seeded bug: no MTE2->V pair after the phase-2 copies: the Adds may read cLocal and biasLocal
// before MTE2 has filled them (race at the Add, one for each of the two copies), and the store,
// ordered after the Adds only, may read cLocal while its copy is still writing it (race).
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr uint32_t TILE = 16;
constexpr uint32_t TILE_ELEMS = TILE * TILE;    // C tile (float)
constexpr uint32_t HALF_ELEMS = TILE_ELEMS / 2; // rows of one AIV
constexpr uint32_t BIAS_HALF = TILE / 2;        // bias columns scaled by one AIV
constexpr float BIAS_SCALE = 0.5f;
} // namespace

class MatmulBiasKernel {
public:
    __aicore__ inline void InitCube(GM_ADDR x, GM_ADDR w, GM_ADDR cWs)
    {
        xGm.SetGlobalBuffer((__gm__ half *)x, TILE_ELEMS);
        wGm.SetGlobalBuffer((__gm__ half *)w, TILE_ELEMS);
        cWsGm.SetGlobalBuffer((__gm__ float *)cWs, TILE_ELEMS);
        xL1 = l1Alloc.Alloc<half, TILE_ELEMS>();
        wL1 = l1Alloc.Alloc<half, TILE_ELEMS>();
        xL0A = l0AAlloc.Alloc<half, TILE_ELEMS>();
        wL0B = l0BAlloc.Alloc<half, TILE_ELEMS>();
        cL0C = l0CAlloc.Alloc<float, TILE_ELEMS>();
    }

    __aicore__ inline void InitVector(GM_ADDR bias, GM_ADDR cWs, GM_ADDR biasWs, GM_ADDR y)
    {
        uint32_t sub = GetSubBlockIdx();
        biasGm.SetGlobalBuffer((__gm__ float *)bias + sub * BIAS_HALF, BIAS_HALF);
        biasWsHalfGm.SetGlobalBuffer((__gm__ float *)biasWs + sub * BIAS_HALF, BIAS_HALF);
        biasWsGm.SetGlobalBuffer((__gm__ float *)biasWs, TILE);
        cWsGm.SetGlobalBuffer((__gm__ float *)cWs + sub * HALF_ELEMS, HALF_ELEMS);
        yGm.SetGlobalBuffer((__gm__ float *)y + sub * HALF_ELEMS, HALF_ELEMS);
        biasLocal = ubAlloc.Alloc<float, TILE>();
        cLocal = ubAlloc.Alloc<float, HALF_ELEMS>();
    }

    __aicore__ inline void CubePhase()
    {
        Nd2NzParams params{1, TILE, TILE, 0, TILE, TILE, 1, 0};
        DataCopy(xL1, xGm, params);
        DataCopy(wL1, wGm, params);
        SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
        LoadData(xL0A, xL1, LoadData2DParams{0, TILE_ELEMS / 256, 1, 0, 0, false, 0});
        LoadData(wL0B, wL1, LoadData2DParams{0, TILE_ELEMS / 256, 1, 0, 0, true, 0});
        SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
        WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
        MmadParams mm;
        mm.m = TILE;
        mm.n = TILE;
        mm.k = TILE;
        mm.cmatrixInitVal = true;
        Mmad(cL0C, xL0A, wL0B, mm);
        SetFlag<HardEvent::M_FIX>(EVENT_ID0);
        WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
        FixpipeParamsV220 fp;
        fp.nSize = TILE;
        fp.mSize = TILE;
        fp.srcStride = TILE;
        fp.dstStride = TILE;
        Fixpipe(cWsGm, cL0C, fp);
    }

    __aicore__ inline void VectorPhase1()
    {
        DataCopy(biasLocal, biasGm, BIAS_HALF);
        SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
        Muls(biasLocal, biasLocal, BIAS_SCALE, BIAS_HALF);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(biasWsHalfGm, biasLocal, BIAS_HALF);
    }

    __aicore__ inline void VectorPhase2()
    {
        // biasLocal is refilled: SyncAll waited for every pipe, the phase-1 store included
        DataCopy(biasLocal, biasWsGm, TILE);
        DataCopy(cLocal, cWsGm, HALF_ELEMS);
        for (uint32_t row = 0; row < TILE / 2; row++) {
            Add(cLocal[row * TILE], cLocal[row * TILE], biasLocal, TILE); // expect: race, race
        }
        SetFlag<HardEvent::V_MTE3>(EVENT_ID1);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID1);
        DataCopy(yGm, cLocal, HALF_ELEMS); // expect: race
    }

private:
    LocalMemAllocator<Hardware::L1> l1Alloc;
    LocalMemAllocator<Hardware::L0A> l0AAlloc;
    LocalMemAllocator<Hardware::L0B> l0BAlloc;
    LocalMemAllocator<Hardware::L0C> l0CAlloc;
    LocalTensor<half> xL1, wL1, xL0A, wL0B;
    LocalTensor<float> cL0C;
    LocalMemAllocator<Hardware::UB> ubAlloc;
    LocalTensor<float> biasLocal, cLocal;
    GlobalTensor<half> xGm, wGm;
    GlobalTensor<float> biasGm, biasWsHalfGm, biasWsGm, cWsGm, yGm;
};

extern "C" __global__ __aicore__ void matmul_bias_syncall(GM_ADDR x, GM_ADDR w, GM_ADDR bias, GM_ADDR cWs,
                                                          GM_ADDR biasWs, GM_ADDR y)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
    MatmulBiasKernel op;
    if ASCEND_IS_AIC {
        op.InitCube(x, w, cWs);
        op.CubePhase();
    }
    if ASCEND_IS_AIV {
        op.InitVector(bias, cWs, biasWs, y);
        op.VectorPhase1();
    }
    // every core of the launch: phase 1 of all of them is done and visible in GM
    SyncAll<false>();
    if ASCEND_IS_AIV {
        op.VectorPhase2();
    }
}
