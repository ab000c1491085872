// cube_pp.cpp with a PipeBarrier<PIPE_V> after the Fixpipe: the AIC has no
// vector pipe, so the barrier is an invalid-sync at its line; it must not
// make ksv take the kernel as vector (its L1/L0 data ops place it on the
// AIC; a misplaced sync never moves a kernel).
#include "kernel_operator.h"
using namespace AscendC;

template <typename T, uint32_t TILE_K>
class BlockMmad {
public:
  __aicore__ inline BlockMmad() {
    for (int i = 0; i < 2; i++) {
      SetFlag<HardEvent::M_MTE1>(i);
      SetFlag<HardEvent::MTE1_MTE2>(i);
    }
  }
  __aicore__ inline ~BlockMmad() {
    for (int i = 0; i < 2; i++) {
      WaitFlag<HardEvent::M_MTE1>(i);
      WaitFlag<HardEvent::MTE1_MTE2>(i);
    }
  }
  __aicore__ inline void operator()(GlobalTensor<T> a, GlobalTensor<float> c, uint32_t kTiles) {
    // static tensors at fixed addresses: L1 and L0A/L0B ping-pong halves
    LocalTensor<T> tl1(TPosition::A1, 0, 2 * 16 * TILE_K);
    LocalTensor<T> ta(TPosition::A2, 0, 2 * 16 * TILE_K);
    LocalTensor<T> tb(TPosition::B2, 0, 2 * 16 * TILE_K);
    LocalTensor<float> tc(TPosition::CO1, 0, 16 * 16);
    for (uint32_t k = 0; k < kTiles; k++) {
      uint32_t pp = k % 2;
      WaitFlag<HardEvent::MTE1_MTE2>(pp);
      DataCopy(tl1[pp * 16 * TILE_K], a[k * 16 * TILE_K], 16 * TILE_K);
      SetFlag<HardEvent::MTE2_MTE1>(pp);
      WaitFlag<HardEvent::MTE2_MTE1>(pp);
      WaitFlag<HardEvent::M_MTE1>(pp);
      LoadData2DParams lp;
      lp.repeatTimes = TILE_K / 16;
      LoadData(ta[pp * 16 * TILE_K], tl1[pp * 16 * TILE_K], lp);
      LoadData(tb[pp * 16 * TILE_K], tl1[pp * 16 * TILE_K], lp);
      SetFlag<HardEvent::MTE1_MTE2>(pp);
      SetFlag<HardEvent::MTE1_M>(pp);
      WaitFlag<HardEvent::MTE1_M>(pp);
      MmadParams mp(16, 16, TILE_K, false, 0, false, false, false);
      Mmad(tc, ta[pp * 16 * TILE_K], tb[pp * 16 * TILE_K], mp);
      SetFlag<HardEvent::M_MTE1>(pp);
    }
    SetFlag<HardEvent::M_FIX>(0);
    WaitFlag<HardEvent::M_FIX>(0);
    FixpipeParamsV220 fp;
    fp.nSize = 16;
    fp.mSize = 16;
    Fixpipe(c, tc, fp);
    PipeBarrier<PIPE_V>();
  }
};

extern "C" __global__ __aicore__ void cube_pp(GM_ADDR a, GM_ADDR c, GM_ADDR tiling) {
  GET_TILING_DATA(td, tiling);
  GlobalTensor<half> ag;
  GlobalTensor<float> cg;
  ag.SetGlobalBuffer((__gm__ half *)a);
  cg.SetGlobalBuffer((__gm__ float *)c);
  BlockMmad<half, 32> mm;
  mm(ag, cg, td.kTiles);
}
