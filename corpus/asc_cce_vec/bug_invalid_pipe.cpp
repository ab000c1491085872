// asc_cce_vec: z = x + y on one AIV written in CCE intrinsics (the spelling pto-isa, PTOAS and
// TileLang's code generator emit): __ubuf__ pointers at fixed UB addresses, copy_gm_to_ubuf /
// vadd / copy_ubuf_to_gm, set_flag / wait_flag with explicit pipes. 4 tiles of 128 half per
// core, double-buffered: the UB tiles and the event ids ping-pong by tile parity; the
// MTE3->MTE2 back-pressure flags are pre-set before the loop and drained after it.
// Seeded bug: the V->MTE3 pair names PIPE_MTE1, which an AIV does not have: both intrinsics are
// invalid-sync (compiled out by the toolchain), leaving the store unordered after the vadd (race
// at the store, and the broken back-pressure chain of bug_missing_v_mte3).
// Flags count (SEMANTICS 3 revised): each double-set under expect(bit) is timing-only (a set
// that may fire before the wait consumed the previous one): no finding by default, an error under
// --flag-model bit.
#include "kernel_operator.h"

constexpr int32_t TILE_NUM = 4;                          // tiles per core
constexpr int32_t TILE_LENGTH = 128;                     // half elements per tile
constexpr int32_t TILE_BYTES = TILE_LENGTH * 2;          // sizeof(half) == 2
constexpr int32_t BLOCK_LENGTH = TILE_NUM * TILE_LENGTH; // elements per core
constexpr uint16_t BURST_LEN = TILE_BYTES / 32;          // copy length in 32-byte blocks
constexpr uint8_t REPEAT = TILE_BYTES / 256;             // one vadd repeat covers 256 bytes
// UB layout: ping tile at +0, pong tile at +TILE_BYTES of each region
constexpr uint64_t X_UB = 0;
constexpr uint64_t Y_UB = 2 * TILE_BYTES;
constexpr uint64_t Z_UB = 4 * TILE_BYTES;

// GM -> UB: both input tiles of a step, once the half they land in is free again
__aicore__ inline void CopyInTile(__ubuf__ half *xUb, __ubuf__ half *yUb, __gm__ half *xTile,
                                  __gm__ half *yTile, event_t ev)
{
    wait_flag(PIPE_MTE3, PIPE_MTE2, ev);
    copy_gm_to_ubuf(xUb, xTile, 0, 1, BURST_LEN, 0, 0); // expect: pipe-hazard, race
    copy_gm_to_ubuf(yUb, yTile, 0, 1, BURST_LEN, 0, 0); // expect: pipe-hazard, race
    set_flag(PIPE_MTE2, PIPE_V, ev); // expect(bit): double-set
}

// UB -> UB on the vector unit, once both inputs have landed
__aicore__ inline void AddTile(__ubuf__ half *zUb, __ubuf__ half *xUb, __ubuf__ half *yUb, event_t ev)
{
    wait_flag(PIPE_MTE2, PIPE_V, ev);
    // dst, src0, src1, repeat, block strides (dst, src0, src1), repeat strides
    vadd(zUb, xUb, yUb, REPEAT, 1, 1, 1, 8, 8, 8); // expect(a2): pipe-hazard
    set_flag(PIPE_V, PIPE_MTE1, ev); // expect: invalid-sync
}

// UB -> GM once the sum is written; the half is then free for the step after next
__aicore__ inline void CopyOutTile(__gm__ half *zTile, __ubuf__ half *zUb, event_t ev)
{
    wait_flag(PIPE_V, PIPE_MTE1, ev); // expect: invalid-sync
    copy_ubuf_to_gm(zTile, zUb, 0, 1, BURST_LEN, 0, 0); // expect: race
    set_flag(PIPE_MTE3, PIPE_MTE2, ev); // expect(bit): double-set, double-set, double-set
}

extern "C" __global__ __aicore__ void vec_add_cce(__gm__ half *x, __gm__ half *y, __gm__ half *z)
{
    int64_t blockOffset = block_idx * BLOCK_LENGTH; // block_idx: the CCE spelling of GetBlockIdx()
    // both halves start free
    set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
    set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID1);
    for (int32_t i = 0; i < TILE_NUM; i++) {
        int32_t ping = i % 2;
        event_t ev = (ping == 0) ? EVENT_ID0 : EVENT_ID1;
        __ubuf__ half *xUb = (__ubuf__ half *)(X_UB + ping * TILE_BYTES);
        __ubuf__ half *yUb = (__ubuf__ half *)(Y_UB + ping * TILE_BYTES);
        __ubuf__ half *zUb = (__ubuf__ half *)(Z_UB + ping * TILE_BYTES);
        __gm__ half *xTile = x + blockOffset + i * TILE_LENGTH;
        __gm__ half *yTile = y + blockOffset + i * TILE_LENGTH;
        __gm__ half *zTile = z + blockOffset + i * TILE_LENGTH;
        CopyInTile(xUb, yUb, xTile, yTile, ev);
        AddTile(zUb, xUb, yUb, ev);
        CopyOutTile(zTile, zUb, ev);
    }
    // drain: the last store of each half has finished
    wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
    wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID1);
}
