// An ops-repository style kernel class in a header (no kernel entry): a
// class template declared with Init/Process and defined after the class
// (KernelScale<T>::Process), static UB tensors and explicit flags. The
// harness runs Init once and Process once (an ops kernel class runs once
// per launch).
// expect: clean
#ifndef OPS_KERNEL_H
#define OPS_KERNEL_H
#include "kernel_operator.h"

constexpr int32_t TILE_LEN = 256;

template <typename T>
class KernelScale {
public:
    __aicore__ inline KernelScale() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y);
    __aicore__ inline void Process();

private:
    __aicore__ inline void Compute(AscendC::LocalTensor<half> &buf);
    AscendC::GlobalTensor<half> xGm;
    AscendC::GlobalTensor<half> yGm;
};

template <typename T>
__aicore__ inline void KernelScale<T>::Init(GM_ADDR x, GM_ADDR y)
{
    xGm.SetGlobalBuffer((__gm__ half *)x, TILE_LEN);
    yGm.SetGlobalBuffer((__gm__ half *)y, TILE_LEN);
}

template <typename T>
__aicore__ inline void KernelScale<T>::Process()
{
    AscendC::LocalTensor<half> buf(AscendC::TPosition::VECCALC, 0, TILE_LEN);
    AscendC::DataCopy(buf, xGm, TILE_LEN);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);
    Compute(buf);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(EVENT_ID0);
    AscendC::DataCopy(yGm, buf, TILE_LEN);
}

template <typename T>
__aicore__ inline void KernelScale<T>::Compute(AscendC::LocalTensor<half> &buf)
{
    AscendC::Muls(buf, buf, (half)2, TILE_LEN);
}

#endif
