// A catlass-style kernel class with operator()<AscendC::AIC> and
// operator()<AscendC::AIV> specialisations (no kernel entry): the AIC
// loads a tile into L1 and tells both AIVs through an intra-block
// cross-core flag (mode 2); each AIV waits it before its vector work.
// Each core runs its own specialisation: a MIX unit of 1 AIC + 2 AIVs.
// expect: clean
#ifndef MIX_BLOCK_HPP
#define MIX_BLOCK_HPP
#include "catlass/catlass.hpp"

namespace Demo {

constexpr uint32_t TILE = 256;
constexpr uint16_t FLAG_READY = 3;

struct MixBlock {
    template <int32_t CORE_TYPE = g_coreType>
    CATLASS_DEVICE void operator()(AscendC::GlobalTensor<half> const &gm) {}

    template <>
    CATLASS_DEVICE void operator()<AscendC::AIC>(AscendC::GlobalTensor<half> const &gm)
    {
        AscendC::LocalTensor<half> l1(AscendC::TPosition::A1, 0, TILE);
        AscendC::PipeBarrier<PIPE_MTE2>(); // the previous tile's copy is done
        AscendC::DataCopy(l1, gm, TILE);
        AscendC::CrossCoreSetFlag<2, PIPE_MTE2>(FLAG_READY);
    }

    template <>
    CATLASS_DEVICE void operator()<AscendC::AIV>(AscendC::GlobalTensor<half> const &gm)
    {
        AscendC::LocalTensor<half> ub(AscendC::TPosition::VECCALC, 0, TILE);
        AscendC::CrossCoreWaitFlag<2, PIPE_V>(FLAG_READY);
        AscendC::PipeBarrier<PIPE_V>(); // the previous tile's vector work is done
        AscendC::Duplicate(ub, (half)0, TILE);
    }
};

} // namespace Demo
#endif
