// A MIX kernel: the AIC multiplies into a GM workspace and signals the
// AIVs (mode 2), which scale the result (expect: clean).
#include "kernel_operator.h"
using namespace AscendC;

constexpr uint32_t M = 16, K = 16, N = 16;
constexpr uint16_t MM_DONE = 3;

class MixKernel {
public:
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR ws, GM_ADDR out) {
    aGm.SetGlobalBuffer((__gm__ half *)a, M * K);
    bGm.SetGlobalBuffer((__gm__ half *)b, K * N);
    wsGm.SetGlobalBuffer((__gm__ float *)ws, M * N);
    outGm.SetGlobalBuffer((__gm__ float *)out, M * N);
  }
  __aicore__ inline void Cube() {
    pipe.InitBuffer(l1a, M * K * sizeof(half));
    pipe.InitBuffer(l1b, K * N * sizeof(half));
    pipe.InitBuffer(l0a, M * K * sizeof(half));
    pipe.InitBuffer(l0b, K * N * sizeof(half));
    pipe.InitBuffer(l0c, M * N * sizeof(float));
    LocalTensor<half> ta = l1a.Get<half>(), tb = l1b.Get<half>();
    LocalTensor<half> xa = l0a.Get<half>(), xb = l0b.Get<half>();
    LocalTensor<float> c = l0c.Get<float>();
    DataCopy(ta, aGm, M * K);
    DataCopy(tb, bGm, K * N);
    SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
    LoadData(xa, ta, 0);
    LoadData(xb, tb, 0);
    SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
    WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
    Mmad(c, xa, xb, 0);
    SetFlag<HardEvent::M_FIX>(EVENT_ID0);
    WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
    Fixpipe(wsGm, c, 0);
    CrossCoreSetFlag<2, PIPE_FIX>(MM_DONE);
  }
  __aicore__ inline void Vector() {
    pipe.InitBuffer(ub, M * N * sizeof(float));
    LocalTensor<float> t = ub.Get<float>();
    // (the cross-core wait is missing)
    DataCopy(t, wsGm, M * N);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Muls(t, t, 2.0f, M * N);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(outGm[GetSubBlockIdx() * M * N / 2], t, M * N / 2);
  }

private:
  TPipe pipe;
  TBuf<TPosition::A1> l1a, l1b;
  TBuf<TPosition::A2> l0a;
  TBuf<TPosition::B2> l0b;
  TBuf<TPosition::CO1> l0c;
  TBuf<TPosition::VECCALC> ub;
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> wsGm, outGm;
};

extern "C" __global__ __aicore__ void mix_mm_scale(GM_ADDR a, GM_ADDR b, GM_ADDR ws, GM_ADDR out) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  MixKernel op;
  op.Init(a, b, ws, out);
  if ASCEND_IS_AIC {
    op.Cube();
  }
  if ASCEND_IS_AIV {
    op.Vector();
  }
}
