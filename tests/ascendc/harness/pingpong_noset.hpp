// pingpong_clean.hpp whose operator() waits an M_MTE1 flag that nothing
// ever sets (no constructor priming, no Mmad side).
// expect: deadlock at operator()'s WaitFlag<M_MTE1>
#ifndef PINGPONG_NOSET_HPP
#define PINGPONG_NOSET_HPP
#include "catlass/catlass.hpp"

namespace Demo {

constexpr uint32_t STAGES = 2;
constexpr uint32_t TILE = 256;

struct BlockCopy {
public:
    CATLASS_DEVICE
    BlockCopy()
    {
        AscendC::LocalTensor<half> a1Ping(AscendC::TPosition::A1, 0, TILE);
        AscendC::LocalTensor<half> a1Pong(AscendC::TPosition::A1, TILE * 2, TILE);
        AscendC::LocalTensor<half> a2Ping(AscendC::TPosition::A2, 0, TILE);
        AscendC::LocalTensor<half> a2Pong(AscendC::TPosition::A2, TILE * 2, TILE);
        l1Ping = a1Ping;
        l1Pong = a1Pong;
        l0Ping = a2Ping;
        l0Pong = a2Pong;
        for (uint32_t i = 0; i < STAGES; i++) {
            AscendC::SetFlag<AscendC::HardEvent::MTE1_MTE2>(i);
        }
    }

    CATLASS_DEVICE
    ~BlockCopy()
    {
        for (uint32_t i = 0; i < STAGES; i++) {
            AscendC::WaitFlag<AscendC::HardEvent::MTE1_MTE2>(i);
        }
    }

    CATLASS_DEVICE
    void operator()(AscendC::GlobalTensor<half> const &gmA)
    {
        for (uint32_t t = 0; t < STAGES; t++) {
            auto l1 = listId == 0 ? l1Ping : l1Pong;
            auto l0 = listId == 0 ? l0Ping : l0Pong;
            AscendC::WaitFlag<AscendC::HardEvent::MTE1_MTE2>(listId);
            AscendC::DataCopy(l1, gmA, TILE);
            AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE1>(listId);
            AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE1>(listId);
            AscendC::WaitFlag<AscendC::HardEvent::M_MTE1>(listId);
            AscendC::LoadData(l0, l1, loadParams);
            AscendC::SetFlag<AscendC::HardEvent::MTE1_MTE2>(listId);
            listId = (listId + 1 < STAGES) ? (listId + 1) : 0;
        }
    }

private:
    AscendC::LocalTensor<half> l1Ping;
    AscendC::LocalTensor<half> l1Pong;
    AscendC::LocalTensor<half> l0Ping;
    AscendC::LocalTensor<half> l0Pong;
    AscendC::LoadData2DParams loadParams;
    uint32_t listId{0};
};

} // namespace Demo
#endif
