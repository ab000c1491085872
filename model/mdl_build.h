/*
** mdl_build.h -- the model builder: the one interface through which every
** frontend (frontend/hivm/, frontend/ascendc/) builds kernels, so that no
** frontend holds model logic of its own.  It appends statements to a
** block of a function (scalars, buffers, data ops with their pipe and
** accesses, sync, loops, branches), knows the machine facts a frontend
** needs to place code on cores (which core types own a memory space or
** have a pipe, which pipe moves data between two spaces), chooses
** profiles, and assembles functions into kernels (a MIX pair, one MIX
** function, a lone function or lone half).
**
** Everything it allocates lives in the kernel's arena.  A frontend keeps
** its own names, scopes and syntax; it passes values (mdl_valref of the
** function being built) and locations.
*/
#ifndef KSV_MDL_BUILD_H
#define KSV_MDL_BUILD_H

#include "mdl.h"

/* Where the next statement goes.  The frontend moves blk into the bodies
** of loops and branches and back; cores is the core mask stamped on every
** new statement. */
typedef struct {
  mdl_kernel *k;               /* the kernel being built (k->prof set) */
  mdl_func *f;                 /* the function being built */
  mdl_block *blk;              /* the block new statements go to */
  uint8_t cores;               /* core mask of new statements (0x3) */
  bool mix_single;             /* one MIX function: a sync runs on the core
                                  types it names or that have its pipes */
} mdl_builder;

/* ------------------------------------------------------ kernels */

/* Starts function name (copied) of kernel k at loc: bd then appends to
** its body, core mask 0x3.  Returns the function (owned by k). */
mdl_func *mdl_b_func(mdl_builder *bd, mdl_kernel *k, const char *name,
                     mdl_loc loc, bool mix_single);
/* k is the MIX kernel of an AIC function and an AIV function (the AIV
** one runs on both sub-blocks). */
void mdl_kernel_mix_pair(mdl_kernel *k, const mdl_func *aic,
                         const mdl_func *aiv);
/* k is the MIX kernel of one function f run by the AIC and both AIVs;
** reads_sub_block: f reads the sub-block index (otherwise the two AIVs
** run one logical vector program, docs/semantics-decisions.md 31). */
void mdl_kernel_mix_one(mdl_kernel *k, const mdl_func *f,
                        bool reads_sub_block);
/* k is function f without a partner, of core type ct (SEMANTICS.md 1,
** "Incomplete programs"; docs/semantics-decisions.md 50): one core, or,
** for a lone half of a MIX pair (half) or a function with cross-core flag
** syncs, a kernel checked in an open environment (k->open); a vector one
** then runs on both sub-blocks.  Call after f is built. */
void mdl_kernel_lone(mdl_kernel *k, const mdl_func *f, mdl_core_type ct,
                     bool half);
/* Does k hold a cross-core flag sync (BSET/BWAIT)? */
bool mdl_kernel_has_xcore_sync(const mdl_kernel *k);

/* ---------------------------------------------------- locations */

/* Returned by mdl_b_file / mdl_b_chain when a table is full
** (MDL_LOC_MAX_FILES, MDL_LOC_MAX_CHAINS) or the parent is no chain: the
** frontend reports a located error instead of mislabelling. */
#define MDL_B_NONE UINT32_MAX
/* The index of path in k's file table (added once; 0 = k->file, the
** unit's main input file), for mdl_loc.file. */
uint32_t mdl_b_file(mdl_kernel *k, const char *path);
/* The chain id (for mdl_loc.chain) of a call of function name at
** call_loc (its file set; its chain is replaced by parent) inside the
** chain parent (0: the call is in the entry function).  The same call in
** the same context gives the same id. */
uint32_t mdl_b_chain(mdl_kernel *k, uint32_t parent, const char *name,
                     mdl_loc call_loc);
/* The path of file index file of k (k->file for 0 or out of range); the
** chain entry of id chain, or NULL for 0 or out of range. */
const char *mdl_kernel_file(const mdl_kernel *k, uint32_t file);
const mdl_chain *mdl_kernel_chain(const mdl_kernel *k, uint32_t chain);

/* ----------------------------------------------------- profiles */

/* The arch of a device name (the first n bytes of s): Ascend910B* and
** Ascend910_93* a2, Ascend910_95* and Ascend950* a5, the target spec's
** "dav-c220" / "dav-c310" the same (docs/semantics-decisions.md 41); -1
** for a name ksv does not know. */
int mdl_arch_of_device(const char *s, size_t n);
/* The profile of a kernel: arch when it is one (>= 0, given by the
** user), else the target the input names (target >= 0), else a2. */
const mdl_profile *mdl_profile_choose(int arch, int target);

/* Statements of one kind at one location (line, column, file and
** inlining chain) become copies of one source statement: each one's src is
** the first one's id.  For a frontend that unrolls the source's loops
** itself (Ascend C), so that the checker reports one finding per source
** pair, as for a loop it unrolls, and removes a sync in every copy. */
void mdl_kernel_share_src(mdl_kernel *k);

/* ---------------------------------------------- placement facts */

/* Core mask (bit mdl_core_type) of the core types of profile p that have
** both pipes; 0x3 when none has. */
uint8_t mdl_cores_with_pipes(const mdl_profile *p, mdl_pipe p1, mdl_pipe p2);
/* The core types that own memory space sp: UB the AIV, L1/L0A/L0B/L0C
** the AIC, GM and LOCAL both (0x3). */
uint8_t mdl_cores_of_space(mdl_space sp);
/* The core types that have the pipes statement s uses (an op, a flag, a
** barrier; 0x3 for any other statement). */
uint8_t mdl_stmt_pipe_cores(const mdl_profile *p, const mdl_stmt *s);
/* The core types that run a data op on pipe writing space dst from space
** src: V the AIV; M, MTE1, FIX the AIC; MTE2 the owner of dst, MTE3 the
** owner of src; any other pipe both. */
uint8_t mdl_cores_of_pipe(mdl_pipe pipe, mdl_space dst, mdl_space src);
/* The pipe of a copy from space src to space dst: UB->UB V, L0C->* FIX,
** GM->* MTE2, UB->* MTE3, L1->GM MTE3, L1->* MTE1, else V. */
mdl_pipe mdl_copy_pipe(mdl_space src, mdl_space dst);

/* ------------------------------------------------------- values */

/* A new value of bd->f named name (NUL-terminated, copied; "tmp" when
** NULL), a scalar until the frontend says more. */
mdl_valref mdl_b_value(mdl_builder *bd, const char *name);
/* n values (at least one slot), all MDL_NOVAL, in the arena. */
mdl_valref *mdl_b_vals(mdl_builder *bd, uint32_t n);
/* dst gets src's memref/tensor kind, space, size and element size (no-op
** when either is MDL_NOVAL). */
void mdl_b_copy_info(mdl_builder *bd, mdl_valref dst, mdl_valref src);
/* v is a memref of space sp, bytes bytes (-1 unknown), elements of elem
** bytes (0: 1). */
void mdl_b_memref_info(mdl_builder *bd, mdl_valref v, mdl_space sp,
                       int64_t bytes, uint32_t elem);

/* --------------------------------------------------- statements */

/* A statement of kind at loc appended to bd->blk, cores bd->cores, no
** definition. */
mdl_stmt *mdl_b_stmt(mdl_builder *bd, mdl_stmt_kind kind, mdl_loc loc);
/* def = xop(a, b) (operands MDL_NOVAL when unused) into a new value;
** returns the statement. */
mdl_stmt *mdl_b_scalar(mdl_builder *bd, mdl_xop op, mdl_valref def,
                       mdl_valref a, mdl_valref b, mdl_loc loc);
/* A new value holding constant c / xop(a, b). */
mdl_valref mdl_b_const(mdl_builder *bd, int64_t c, mdl_loc loc);
mdl_valref mdl_b_x(mdl_builder *bd, mdl_xop op, mdl_valref a, mdl_valref b,
                   mdl_loc loc);

/* A buffer statement of kind defining def, named name (not copied: a
** literal or arena text): no source, no offset (scale 1), size -1, run by
** every core (0x3). */
mdl_stmt *mdl_b_buf(mdl_builder *bd, mdl_buf_kind kind, mdl_valref def,
                    const char *name, mdl_loc loc);
/* The static shape of nd dimensions of extents ext (elem bytes each) in
** the arena: as a root (root: element strides st, or row-major when st is
** NULL; NULL when an extent is dynamic, a stride negative or the layout
** not injective, docs/semantics-decisions.md 33), or as the new shape of
** a reshape (extents only).  NULL when nd is 0 or past MDL_VIEW_DIMS. */
const mdl_layout *mdl_layout_new(mdl_kernel *k, int nd, const int64_t *ext,
                                 const int64_t *st, uint32_t elem, bool root);

/* -------------------------------------------------------- sync */

/* set_flag / wait_flag (wait) of (src, dst, id); in a MIX function run by
** the core types with both pipes. */
mdl_stmt *mdl_b_flag(mdl_builder *bd, bool wait, mdl_pipe src, mdl_pipe dst,
                     mdl_valref id, mdl_loc loc);
/* pipe_barrier(pipe); in a MIX function on the core types with pipe. */
mdl_stmt *mdl_b_barrier(mdl_builder *bd, mdl_pipe pipe, mdl_loc loc);
/* A cross-core set / wait (wait) of flag by core type core (set on
** set_pipe, wait on wait_pipe) in mode; in a MIX function run by core. */
mdl_stmt *mdl_b_xflag(mdl_builder *bd, bool wait, mdl_core_type core,
                      mdl_pipe set_pipe, mdl_pipe wait_pipe, mdl_valref flag,
                      mdl_xmode mode, mdl_loc loc);
/* sync_block of mode (0 ALL_CUBE .. 5 ALL, docs/rules.md) on flag (may be
** MDL_NOVAL) with the cube and vector pipes it waits; in a MIX function on
** the cores the mode names. */
mdl_stmt *mdl_b_sync_block(mdl_builder *bd, int mode, mdl_valref flag,
                           mdl_pipe cube_pipe, mdl_pipe vec_pipe,
                           mdl_loc loc);

/* ---------------------------------------------------- data ops */

/* An access to buf (mode: mdl_acc_mode) as a whole view: no element
** index, no core space, no half. */
mdl_acc_spec mdl_acc(mdl_valref buf, uint8_t mode);
/* The L0 accesses of a macro op (mmadL1 and friends): its MTE1 part
** writes the core's whole L0A and L0B (appended to mte1, *n1), its M part
** reads them (appended to m, *n2); half selects an L0 ping-pong half
** (MDL_NOVAL: none).  The arrays need two free slots each. */
void mdl_acc_macro_l0(mdl_acc_spec *mte1, uint32_t *n1, mdl_acc_spec *m,
                      uint32_t *n2, mdl_valref half);
/* A data op named name (not copied) on pipe (a macro op: its second part
** on pipe2, else MDL_PIPE_NONE) with accesses acc[nacc] (and acc2[nacc2]
** of the second part), copied into the arena. */
mdl_stmt *mdl_b_op(mdl_builder *bd, const char *name, mdl_pipe pipe,
                   const mdl_acc_spec *acc, uint32_t nacc, mdl_pipe pipe2,
                   const mdl_acc_spec *acc2, uint32_t nacc2, mdl_loc loc);
/* A scalar access on PIPE_S (memref.load/store, GetValue/SetValue): one
** element of elem bytes (0: 1) at index of buf, or the whole of buf when
** index is MDL_NOVAL. */
mdl_stmt *mdl_b_scalar_access(mdl_builder *bd, const char *name,
                              mdl_valref buf, uint8_t mode, mdl_valref index,
                              uint32_t elem, mdl_loc loc);

/* ------------------------------------------------ control flow */

/* `for iv = lb to ub step step` with niter loop-carried values (their
** init, arg and yield arrays allocated, MDL_NOVAL): a new loop id of
** bd->f.  The frontend fills the body (u.loop.body) and the results. */
mdl_stmt *mdl_b_for(mdl_builder *bd, mdl_valref lb, mdl_valref ub,
                    mdl_valref step, mdl_valref iv, uint32_t niter,
                    mdl_loc loc);
/* `while` (a new loop id of bd->f); the frontend fills the rest. */
mdl_stmt *mdl_b_while(mdl_builder *bd, mdl_loc loc);
/* `if cond` with nres results (res, then_y, else_y allocated). */
mdl_stmt *mdl_b_if(mdl_builder *bd, mdl_valref cond, uint32_t nres,
                   mdl_loc loc);

#endif
