// vec_add.cpp with a PipeBarrier<PIPE_M> in its tile loop (unrolled, 4 times): the
// AIV has no cube pipe: one invalid-sync at line 53, the kernel stays vector.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t TILE = 128;
constexpr int32_t BUFS = 2;

class KernelAdd {
public:
  __aicore__ inline KernelAdd() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t tiles) {
    tileNum = tiles;
    xGm.SetGlobalBuffer((__gm__ half *)x + GetBlockIdx() * TILE * tiles, TILE * tiles);
    yGm.SetGlobalBuffer((__gm__ half *)y + GetBlockIdx() * TILE * tiles, TILE * tiles);
    zGm.SetGlobalBuffer((__gm__ half *)z + GetBlockIdx() * TILE * tiles, TILE * tiles);
    pipe.InitBuffer(xBuf, BUFS * TILE * sizeof(half));
    pipe.InitBuffer(yBuf, BUFS * TILE * sizeof(half));
    pipe.InitBuffer(zBuf, BUFS * TILE * sizeof(half));
  }
  __aicore__ inline void Process() {
    // the first uses of each ping-pong slot wait for nothing: prime them
    SetFlag<HardEvent::V_MTE2>(EVENT_ID0);
    SetFlag<HardEvent::V_MTE2>(EVENT_ID1);
    SetFlag<HardEvent::MTE3_V>(EVENT_ID0);
    SetFlag<HardEvent::MTE3_V>(EVENT_ID1);
    for (int32_t i = 0; i < 4; i++) {
      Tile(i);
    }
    WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE2>(EVENT_ID1);
    WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_V>(EVENT_ID1);
  }

private:
  __aicore__ inline void Tile(int32_t i) {
    int32_t slot = i % BUFS;
    LocalTensor<half> xl = xBuf.Get<half>()[slot * TILE];
    LocalTensor<half> yl = yBuf.Get<half>()[slot * TILE];
    LocalTensor<half> zl = zBuf.Get<half>()[slot * TILE];
    WaitFlag<HardEvent::V_MTE2>(slot);
    DataCopy(xl, xGm[i * TILE], TILE);
    DataCopy(yl, yGm[i * TILE], TILE);
    SetFlag<HardEvent::MTE2_V>(slot);
    WaitFlag<HardEvent::MTE2_V>(slot);
    WaitFlag<HardEvent::MTE3_V>(slot);
    Add(zl, xl, yl, TILE);
    SetFlag<HardEvent::V_MTE2>(slot);
    SetFlag<HardEvent::V_MTE3>(slot);
    WaitFlag<HardEvent::V_MTE3>(slot);
    DataCopy(zGm[i * TILE], zl, TILE);
    PipeBarrier<PIPE_M>();
    SetFlag<HardEvent::MTE3_V>(slot);
  }

  TPipe pipe;
  TBuf<TPosition::VECCALC> xBuf, yBuf, zBuf;
  GlobalTensor<half> xGm, yGm, zGm;
  uint32_t tileNum = 0;
};

extern "C" __global__ __aicore__ void vec_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t tiles) {
  KernelAdd op;
  op.Init(x, y, z, tiles);
  op.Process();
}
