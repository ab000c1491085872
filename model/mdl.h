/*
** mdl.h -- the shared vocabulary of ksv: machine profiles, values, the
** structured per-core program (the sync graph before unrolling), the
** unrolled instance graph, and diagnostics/findings.
**
** Everything here is plain data indexed by dense uint32_t ids.  One
** mdl_kernel owns one arena; mdl_kernel_free() releases all of it.
** Engines, the simulator and the reports take a frozen kernel as const.
*/
#ifndef KSV_MDL_H
#define KSV_MDL_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

/* ---------------------------------------------------------------- arena */

typedef struct mdl_arena mdl_arena;
mdl_arena *mdl_arena_new(void);
void mdl_arena_free(mdl_arena *a);
/* The bytes the arena holds (its chunks). */
uint64_t mdl_arena_bytes(const mdl_arena *a);
void *mdl_alloc(mdl_arena *a, size_t n);          /* zeroed, never NULL */
char *mdl_strdup(mdl_arena *a, const char *s, size_t n);

/* Growable array of fixed-size elements (malloc-backed, not arena). */
typedef struct { void *data; uint32_t len, cap; } mdl_vec;
void *mdl_vec_push(mdl_vec *v, size_t elem);      /* zeroed new slot */
void mdl_vec_free(mdl_vec *v);
#define MDL_VEC_AT(v, T, i) (((T *)(v).data)[i])

/* ------------------------------------------------------ machine profile */

#define MDL_PIPES(X) \
  X(S, "PIPE_S") X(V, "PIPE_V") X(M, "PIPE_M") X(MTE1, "PIPE_MTE1") \
  X(MTE2, "PIPE_MTE2") X(MTE3, "PIPE_MTE3") X(FIX, "PIPE_FIX") X(ALL, "PIPE_ALL")

typedef enum {
#define X(n, s) MDL_PIPE_##n,
  MDL_PIPES(X)
#undef X
  MDL_PIPE_COUNT,
  MDL_PIPE_NONE = 255
} mdl_pipe;
#define MDL_NPIPE 7 /* real pipes S..FIX; ALL is a pseudo pipe */

const char *mdl_pipe_name(mdl_pipe p);
int mdl_pipe_parse(const char *s, size_t n); /* "PIPE_V" -> MDL_PIPE_V, -1 */

typedef enum { MDL_CORE_AIC = 0, MDL_CORE_AIV = 1 } mdl_core_type;

typedef enum { MDL_ARCH_A2 = 0, MDL_ARCH_A5 = 1 } mdl_arch;

/* How an intra-core flag (core, src, dst, event id) holds its sets
** (SEMANTICS.md 3, --flag-model).  COUNT: a counter; every set that fires
** adds one, a wait passes on a positive count and takes one; `double-set`
** is a warning for two sets with no wait of the flag between them in
** program order.  BIT: the strict one-bit reading; a set that can fire
** before the wait that clears the previous one is an error `double-set`.
** In both, the k-th wait is released by the k-th set. */
typedef enum { MDL_FLAGS_COUNT = 0, MDL_FLAGS_BIT = 1 } mdl_flag_model;

/* Memory spaces.  LOCAL is a buffer whose space the IR does not say
** (memref.alloc without address space): private to its core. */
typedef enum {
  MDL_SPACE_GM, MDL_SPACE_UB, MDL_SPACE_L1, MDL_SPACE_L0A, MDL_SPACE_L0B,
  MDL_SPACE_L0C, MDL_SPACE_LOCAL, MDL_SPACE_COUNT
} mdl_space;
const char *mdl_space_name(mdl_space s); /* "gm", "ub", "cbuf", ... */

typedef struct {
  const char *name;            /* "a2" or "a5" */
  mdl_arch arch;
  uint8_t pipes[2];            /* bitmask of mdl_pipe per core type */
  bool v_hw_ordered;           /* V->V ordered by hardware (a5) */
  bool xcore_wait_scalar;      /* sync_block_wait blocks every pipe (a2) */
  int max_event_id;            /* 7 */
  int max_block_flag;          /* 15 */
  uint8_t reserved_event_ids;  /* bitmask: 6,7 */
  uint16_t reserved_flags;     /* bitmask: 11..14 */
  int max_counter;             /* 15 */
} mdl_profile;

const mdl_profile *mdl_profile_get(mdl_arch a);
bool mdl_core_has_pipe(const mdl_profile *p, mdl_core_type c, mdl_pipe pipe);

/* --------------------------------------------------------------- values */

/* A scalar value known at unroll time: a constant, or a linear form
** c + sum(coef_i * atom_i) over interned symbolic atoms (kernel
** arguments, block index, opaque expressions).  Atoms are interned per
** kernel, so the same computation on the AIC and an AIV gives the same
** form. */
#define MDL_LIN_TERMS 4
typedef struct {
  int64_t c;
  uint8_t n;                   /* 0 = constant */
  bool unknown;                /* not representable: anything */
  uint32_t atom[MDL_LIN_TERMS];
  int64_t coef[MDL_LIN_TERMS];
} mdl_val;

typedef enum {
  MDL_ATOM_ARG,        /* a = argument index */
  MDL_ATOM_BLOCK_IDX,
  MDL_ATOM_BLOCK_NUM,
  MDL_ATOM_OPAQUE,     /* op (fe opcode) over operand atoms/forms */
  MDL_ATOM_FRESH       /* a value nothing is known about, unique */
} mdl_atom_kind;

#define MDL_WRAP_UNSIGNED 128
/* The most blocks a launch has: block_dim is at most 65535 (the Ascend C
** launch limit; docs/semantics-decisions.md 12). */
#define MDL_BLOCK_NUM_MAX 65535

typedef struct {
  mdl_atom_kind kind;
  uint32_t op;                 /* opcode for OPAQUE; for ARG the declared
                                  width when 8..32 (0: 64), plus
                                  MDL_WRAP_UNSIGNED when unsigned */
  int64_t a;                   /* ARG index / FRESH serial */
  uint32_t lhs, rhs, third;    /* interned linear forms (0 = none) */
  char text[48];               /* short printable description */
} mdl_atom;

static inline mdl_val mdl_val_const(int64_t c) {
  mdl_val v = {0};
  v.c = c;
  return v;
}
static inline bool mdl_val_is_const(const mdl_val *v) {
  return !v->unknown && v->n == 0;
}

/* ------------------------------------------------------------- program */

typedef uint32_t mdl_valref; /* index of an SSA value in its function */

/* Scalar op codes evaluated by the unroller. */
typedef enum {
  MDL_X_CONST, MDL_X_ARG, MDL_X_BLOCK_IDX, MDL_X_BLOCK_NUM, MDL_X_SUB_BLOCK_IDX,
  MDL_X_SUB_BLOCK_NUM, MDL_X_ADD, MDL_X_SUB, MDL_X_MUL, MDL_X_DIVS, MDL_X_DIVU,
  MDL_X_REMS, MDL_X_REMU, MDL_X_CEILDIV, MDL_X_FLOORDIV, MDL_X_MINS, MDL_X_MAXS,
  MDL_X_MINU, MDL_X_MAXU, MDL_X_AND, MDL_X_OR, MDL_X_XOR, MDL_X_SHL, MDL_X_SHRS,
  MDL_X_SHRU, MDL_X_CMP, MDL_X_SELECT, MDL_X_COPY, MDL_X_UNKNOWN,
  MDL_X_MBCOUNTER, MDL_X_SLOAD,
  MDL_X_WRAP,          /* (atoms only) lhs taken modulo 2^w: rhs is the
                          constant w (8..64) for the signed value, w +
                          MDL_WRAP_UNSIGNED for the zero-extended one */
  MDL_X_COUNT
} mdl_xop;

typedef enum { MDL_CMP_EQ, MDL_CMP_NE, MDL_CMP_SLT, MDL_CMP_SLE, MDL_CMP_SGT,
               MDL_CMP_SGE, MDL_CMP_ULT, MDL_CMP_ULE, MDL_CMP_UGT,
               MDL_CMP_UGE } mdl_cmp;

/* A source location: line and column (1-based) in file `file` of the
** kernel's file table (0 = the unit's main input file) and the inlining
** chain that led there (0 = none; mdl_kernel.chains).  Twelve bytes: an
** initialiser `(mdl_loc){line, col}` means file 0 without a chain, which
** is every HIVM location. */
typedef struct {
  uint32_t line, col;
  uint32_t file : 10;
  uint32_t chain : 22;
} mdl_loc;
#define MDL_LOC_MAX_FILES (1u << 10)
#define MDL_LOC_MAX_CHAINS (1u << 22)

/* One inlined call (Ascend C: CopyIn called from Process): the callee's
** name and the call's location, whose own chain is the caller's entry
** (parent; 0 = the call is in the kernel's entry function). */
typedef struct {
  const char *name;            /* callee (arena) */
  mdl_loc call;                /* call.chain == parent */
  uint32_t parent;
} mdl_chain;

/* Input languages of a kernel (set by the frontend; the model does not
** otherwise depend on it: mdl_auto_sync applies to Ascend C only). */
typedef enum { MDL_LANG_HIVM = 0, MDL_LANG_ASCENDC = 1 } mdl_lang;

/* A memref value: which memory, byte offset, byte size.  Built by the
** unroller from buffer statements. */
typedef struct {
  bool valid;
  uint32_t mem;                /* memory id (see mdl_memory), per kernel */
  mdl_val root;                /* byte offset of the root allocation */
  mdl_val off;                 /* byte offset within the memory */
  int64_t size;                /* bytes; -1 = unknown (to the end) */
} mdl_ref;

typedef enum {
  MDL_ACC_READ = 1, MDL_ACC_WRITE = 2
} mdl_acc_mode;

typedef enum {
  MDL_S_SCALAR,     /* def = xop(args) */
  MDL_S_BUF,        /* memref value: pointer_cast, alloc, arg, view */
  MDL_S_OP,         /* data op on a pipe, with accesses */
  MDL_S_SET, MDL_S_WAIT, MDL_S_BARRIER,
  MDL_S_BSET, MDL_S_BWAIT, MDL_S_SYNC_BLOCK,
  MDL_S_FOR, MDL_S_IF, MDL_S_WHILE,
  MDL_S_SSTORE      /* scalar store into a stack scalar (alloca) */
} mdl_stmt_kind;

/* Buffer statement forms. */
typedef enum {
  MDL_B_ARG,        /* kernel argument memref (GM unless space says) */
  MDL_B_PTR,        /* pointer_cast(addrs...) in a space */
  MDL_B_ALLOC,      /* memref.alloc/alloca: a fresh distinct buffer */
  MDL_B_VIEW,       /* view of src at byte offset (val) of size */
  MDL_B_WHOLE,      /* alias of src, whole base buffer (unknown offset) */
  MDL_B_SELECT,     /* scf.if/select result: union, modelled as WHOLE */
  MDL_B_SLICE       /* tensor.extract_slice: a view of src by u.b.sl, its
                       byte offset from src's layout */
} mdl_buf_kind;

/* The static shape of a buffer statement's result (docs/semantics-
** decisions.md 33): as a root (an allocation, a pointer_cast, an
** argument, a reinterpret_cast, a workspace view: element strides st,
** injective), or the new shape of a reshape (ext only). */
#define MDL_VIEW_DIMS 4
typedef struct {
  uint8_t nd;
  bool root;                   /* st holds the root's element strides */
  uint32_t elem;               /* element bytes */
  int64_t ext[MDL_VIEW_DIMS];  /* extents (-1: dynamic) */
  int64_t st[MDL_VIEW_DIMS];
} mdl_layout;

/* memref.subview / tensor.extract_slice: offsets, sizes and strides per
** dimension of the source (static ones as constant values), and the
** result's rank and extents (rank-reducing slices drop unit dims). */
typedef struct {
  uint8_t nd, rnd;
  mdl_valref off[MDL_VIEW_DIMS], size[MDL_VIEW_DIMS];
  int64_t step[MDL_VIEW_DIMS]; /* -1: dynamic */
  int64_t rext[MDL_VIEW_DIMS]; /* result extents (-1: dynamic) */
  uint32_t elem;
} mdl_slice;

/* Cross-core modes (sync_instr_mode). */
typedef enum { MDL_XMODE_INTER_BLOCK = 0, MDL_XMODE_INTER_SUBBLOCK = 1,
               MDL_XMODE_INTRA_BLOCK = 2 } mdl_xmode;

typedef struct mdl_stmt mdl_stmt;
typedef struct { mdl_stmt *first, *last; uint32_t count; } mdl_block;

typedef struct {
  mdl_valref buf;              /* memref value */
  uint8_t mode;                /* mdl_acc_mode */
  bool whole;                  /* access the whole referenced memory */
  mdl_valref index;            /* scalar access element index (or ~0) */
  uint32_t elem;               /* element bytes for scalar access */
  int8_t core_space;           /* >= 0: the whole core-private memory of
                                  this space (L0A/L0B of macro ops) */
  mdl_valref half;             /* L0 ping-pong half selector, or ~0 */
} mdl_acc_spec;

struct mdl_stmt {
  mdl_stmt *next;
  mdl_stmt_kind kind;
  mdl_loc loc;
  uint32_t id;                 /* dense statement id in its kernel */
  uint32_t src;                /* the source statement it is a copy of:
                                  the id of the first statement of its
                                  kind at its location (file, line, col,
                                  inlining chain) once the frontend calls
                                  mdl_kernel_share_src (the Ascend C
                                  frontend: one C++ call unrolled per loop
                                  iteration), else id.  Findings and
                                  removable sync groups are per src. */
  uint8_t cores;               /* bitmask of core types that execute it */
  bool auto_sync;              /* inserted by mdl_auto_sync (the compiler's
                                  --cce-auto-sync), not in the source */
  const char *name;            /* op name for messages ("hivm.hir.vadd") */
  mdl_valref def;              /* defined value (~0 if none) */
  bool implicit;               /* SET/WAIT/BARRIER the source does not
                                  spell: a library's own (the Ascend C
                                  queue framework); its instances are
                                  implicit (never redundant, never edited,
                                  not checked as written sync) */
  union {
    struct {
      mdl_xop op; mdl_cmp cmp; mdl_valref a, b, c; int64_t k;
      uint8_t bits;            /* the result's integer width when 8, 16 or
                                  32 (a constant result wraps there, as
                                  the hardware's does); 0: 64 */
      uint8_t zext;            /* extui / index_castui: the operand's
                                  width, zero-extended from (0: none) */
      bool cub;                /* a C++ signed operation (Ascend C): a
                                  result that may leave the width of
                                  `bits` (0: 64) is undefined behaviour,
                                  and the kernel unknown */
      uint8_t wlim;            /* an operation on a value whose C type the
                                  source does not give (Ascend C: a
                                  GET_TILING_DATA field, plain char ...):
                                  exact only where every type gives the
                                  same result, else the kernel unknown:
                                  +, -, *, <<, a copy: the result in
                                  [0, 2^wlim); other operations: both
                                  operands non-negative; 0: none
                                  (mdl_unroll.c, width_free) */
    } x;
    struct {
      mdl_buf_kind kind; mdl_space space; mdl_valref src;
      uint32_t naddr; mdl_valref *addrs; /* PTR */
      mdl_valref off;          /* VIEW: byte offset value (~0 = 0) */
      bool absolute;           /* VIEW: offset from the root allocation */
      int64_t off_scale;       /* VIEW: offset multiplier (elem bytes) */
      int64_t size;            /* bytes, -1 unknown */
      int32_t argno;           /* ARG */
      mdl_valref other;        /* SELECT: second source */
      mdl_stmt *loop;          /* PTR multi-buffer: enclosing loop */
      const mdl_layout *lay;   /* static shape of the result, or NULL */
      const mdl_slice *sl;     /* VIEW of a subview, SLICE: the slice */
    } b;
    struct {
      mdl_pipe pipe; uint32_t nacc; mdl_acc_spec *acc;
      mdl_pipe pipe2;          /* macro op second part (M of mmadL1) */
      uint32_t nacc2; mdl_acc_spec *acc2;
      bool opaque;             /* unknown op modelled conservatively */
      uint8_t unit_flag;       /* 0 none, else unit_flag_mode code */
      /* implicit sync of macro ops: sync_related_args */
      uint32_t nsync; mdl_valref *sync_args;
      uint8_t mmad_lib;        /* lowered to the mmad library template
                                  (M->MTE1 handshake): 0 no, 1 mmadL1 id
                                  layout (7 ids), 2 mmadmxL1 (8 ids) */
    } op;
    struct { mdl_pipe src, dst; mdl_valref id; } flag;     /* SET/WAIT */
    struct { mdl_pipe pipe; } bar;                         /* BARRIER */
    struct {
      mdl_core_type core; mdl_pipe set_pipe, wait_pipe; mdl_valref flag;
      mdl_xmode mode;
    } blk;                                                 /* BSET/BWAIT */
    struct { int mode; mdl_valref flag; mdl_pipe cube_pipe, vec_pipe; } sb;
    struct {
      mdl_valref lb, ub, step, iv;
      uint32_t niter; mdl_valref *iter_init, *iter_arg, *yield;
      uint32_t nres; mdl_valref *res;
      mdl_block body;
      uint32_t loop_id;
      uint8_t ivbits;          /* the induction variable's width when
                                  below 64 (`: i32`), else 0 */
      bool parallel;           /* {hivm.parallel_loop}: iterations promise
                                  not to conflict */
      uint8_t only_cores;      /* hivm.loop_core_type in a MIX function:
                                  core types that run the body (0 = all);
                                  on the others the loop runs 0 times */
    } loop;                                                /* FOR */
    struct {
      mdl_valref cond; mdl_block then_b, else_b;
      uint32_t nres; mdl_valref *res, *then_y, *else_y;
    } cif;                                                 /* IF */
    struct {
      uint32_t ninit; mdl_valref *init, *before_args;
      mdl_block before; mdl_valref cond; mdl_valref *cond_args; /* to after */
      mdl_valref *after_args; mdl_block after; mdl_valref *yield;
      uint32_t nres; mdl_valref *res;
      uint32_t loop_id;
    } wh;                                                  /* WHILE */
    struct { mdl_valref slot; mdl_valref index; mdl_valref val; } sst;
  } u;
};

#define MDL_NOVAL ((mdl_valref)~0u)

/* Value table entry of a function. */
typedef struct {
  const char *name;            /* SSA name without % (for messages) */
  bool is_memref;
  mdl_space space;             /* for memrefs */
  int64_t bytes;               /* static byte size of the memref, -1 */
  uint32_t elem;               /* element bytes (memref/tensor), 0 */
  bool is_tensor;
  bool slot;                   /* memref.alloca scalar slot */
} mdl_value;

/* One function after frontend lowering (calls already inlined). */
typedef struct {
  const char *name;
  mdl_loc loc;
  mdl_block body;
  mdl_vec values;              /* mdl_value */
  uint32_t nargs;
  uint32_t nloops;
} mdl_func;

/* Core slots of a kernel. */
typedef enum { MDL_KIND_SINGLE, MDL_KIND_MIX } mdl_kernel_kind;

typedef struct {
  mdl_core_type type;
  int sub_block;               /* 0/1 for AIVs of a MIX kernel, 0 else */
  const mdl_func *fn;
  const char *label;           /* "AIC", "AIV0", "AIV1", or "AIV" */
} mdl_core;

/* A memory: GM argument, or a private memory of one core. */
typedef struct {
  mdl_space space;
  int core;                    /* core slot, -1 for GM */
  int32_t argno;               /* GM: kernel argument index, -1 */
  uint32_t alloc_id;           /* LOCAL alloc identity */
  const char *name;            /* "ub", "gm:%arg3", "alloc:%5" */
} mdl_memory;

/* --------------------------------------------------------- instances */

typedef enum {
  MDL_I_OP, MDL_I_SET, MDL_I_WAIT, MDL_I_BARRIER, MDL_I_BSET, MDL_I_BWAIT,
  MDL_I_SYNC_ALL /* sync_block barrier-like */
} mdl_inst_kind;

typedef struct {
  uint32_t mem;
  int64_t lo, hi;              /* bytes [lo, hi); hi = INT64_MAX if open */
  bool sym;                    /* offset symbolic: off form below */
  uint32_t form;               /* interned linear form of symbolic part */
  uint8_t mode;                /* mdl_acc_mode */
  uint32_t box;                /* mdl_box id: the index ranges of a view
                                  of a root buffer, 0 = bytes only */
} mdl_access;

/* A root buffer of views (docs/semantics-decisions.md 33): a memory
** region with a static, injective element layout (an allocation, a
** pointer_cast, an argument, a reinterpret_cast, a workspace view).
** Interned per kernel, so two views of one root share its id. */
#define MDL_BOX_DIMS MDL_VIEW_DIMS
typedef struct {
  uint32_t mem;
  int64_t base;                /* byte offset of element 0 (constant part) */
  uint32_t base_form;          /* interned symbolic part of it, 0 = none */
  uint32_t elem;               /* element bytes */
  uint8_t nd;
  int64_t ext[MDL_BOX_DIMS];   /* extent per dimension */
  int64_t st[MDL_BOX_DIMS];    /* element stride per dimension */
} mdl_root;

/* What an access covers of its root: per root dimension the hull
** [lo, hi) of the indices it touches (a dimension whose offset is not
** known at unroll time spans the whole extent). */
typedef struct {
  uint32_t root;               /* mdl_root id */
  uint8_t nd;
  int64_t lo[MDL_BOX_DIMS], hi[MDL_BOX_DIMS];
} mdl_box;

#define MDL_MAX_DEPTH 8
typedef struct {
  mdl_inst_kind kind;
  uint8_t core;                /* core slot */
  uint8_t pipe;                /* executing pipe (dst for WAIT) */
  uint8_t pipe2;               /* SET/WAIT: other pipe; BSET/BWAIT: wait pipe */
  uint8_t mode;                /* BSET/BWAIT: mdl_xmode */
  bool implicit;               /* sync from sync_related_args / macro part */
  bool auto_sync;              /* implicit: inserted by mdl_auto_sync */
  bool lib;                    /* implicit: the mmad library's own M->MTE1
                                  handshake (not from sync_related_args) */
  bool unit_flag;              /* unit-flag M<->FIX handshake */
  bool open;                   /* BWAIT of a lone half: released by the
                                  partner cores that are not in the input,
                                  at an arbitrary time (mdl_kernel.open) */
  uint32_t after;              /* instance that must end before this one
                                  starts (macro op parts), or ~0 */
  int32_t id;                  /* event/flag id; -1 = symbolic */
  uint32_t id_form;            /* id -1: interned form of its value, or 0
                                  when nothing is known about it */
  uint32_t stmt;               /* statement id */
  mdl_loc loc;
  uint32_t acc_first, nacc;    /* into kernel access array */
  uint32_t guard;              /* 0 = unconditional */
  uint8_t depth;               /* loop nesting for iter[] */
  uint32_t iter[MDL_MAX_DEPTH];/* iteration index of each enclosing loop */
  uint32_t loops[MDL_MAX_DEPTH];/* loop ids */
} mdl_inst;

/* Guards: conjunction of literals, interned. */
typedef struct {
  uint32_t atom_form;          /* interned form of the condition / trip */
  int64_t k;                   /* TRIP: iteration index that must exist */
  uint8_t kind;                /* 0 = branch cond true/false, 1 = trip > k */
  bool positive;
  mdl_loc loc;                 /* statement that introduced it */
} mdl_lit;

typedef struct { uint32_t first, n; } mdl_guard; /* into lits */

/* --------------------------------------------------------- diagnostics */

#define MDL_RULES(X) \
  X(RACE, "race", MDL_SEV_ERROR) \
  X(PIPE_HAZARD, "pipe-hazard", MDL_SEV_ERROR) \
  X(XCORE_RACE, "xcore-race", MDL_SEV_ERROR) \
  X(DEADLOCK, "deadlock", MDL_SEV_ERROR) \
  X(DOUBLE_SET, "double-set", MDL_SEV_WARNING) /* error under bit */ \
  X(UNPAIRED_SET, "unpaired-set", MDL_SEV_ERROR) \
  X(FLAG_OVERFLOW, "flag-overflow", MDL_SEV_ERROR) \
  X(INVALID_SYNC, "invalid-sync", MDL_SEV_ERROR) \
  X(REDUNDANT_WAIT, "redundant-wait", MDL_SEV_WARNING) \
  X(REDUNDANT_BARRIER, "redundant-barrier", MDL_SEV_WARNING) \
  X(PARALLEL_LOOP, "parallel-loop-conflict", MDL_SEV_WARNING) \
  X(UNKNOWN, "unknown", MDL_SEV_ERROR) \
  X(SYNTAX, "bad-input", MDL_SEV_ERROR) \
  X(UNSUPPORTED, "unsupported-op", MDL_SEV_WARNING) \
  X(EXPLAIN, "explain", MDL_SEV_NOTE) \
  X(BAD_SUPPRESSION, "bad-suppression", MDL_SEV_WARNING) /* driver */

typedef enum { MDL_SEV_NOTE, MDL_SEV_WARNING, MDL_SEV_ERROR } mdl_severity;

typedef enum {
#define X(e, s, sev) MDL_RULE_##e,
  MDL_RULES(X)
#undef X
  MDL_RULE_COUNT
} mdl_rule;

const char *mdl_rule_name(mdl_rule r);
mdl_severity mdl_rule_severity(mdl_rule r);
const char *mdl_severity_name(mdl_severity s);

/* A diagnostic location resolved for the reports (the kernel is gone by
** then): the file, when not the unit's main file, and the inlining chain,
** innermost call first.  NULL everywhere for HIVM input. */
typedef struct {
  char *func;                  /* the function called (CopyIn) */
  char *caller;                /* the function that calls it (Process) */
  char *file;                  /* file of the call; NULL: the main file */
  uint32_t line, col;          /* the call */
} mdl_frame;

typedef struct {
  char *file;                  /* NULL: the unit's main file */
  uint32_t nframes;
  mdl_frame *frames;           /* innermost first */
} mdl_where;

typedef struct {
  uint32_t line, col;
  char *message;
  mdl_where *where;            /* owned; NULL: main file, no chain */
} mdl_related;

/* The values a witness gives a symbolic kernel's atoms (arguments, block
** index, opaque values), so that the witness can be replayed on a
** concrete copy of the kernel (mdl_specialize). */
typedef struct {
  uint32_t natoms;
  int64_t *val;                /* per atom id */
  uint8_t *known;              /* per atom id: val is meaningful */
} mdl_valuation;
void mdl_valuation_free(mdl_valuation *v);

/* One line edit of a proposed fix, in lines of the checked file. */
typedef struct {
  uint8_t op;                  /* 0 insert before line, 1 insert after
                                  line (after the statement's last line:
                                  end), 2 delete line, 3 replace old by
                                  text in line */
  uint32_t line, end;          /* end: op 1, the line it goes after */
  char *text;                  /* inserted line with indentation (0, 1),
                                  or replacement (3) */
  char *old;                   /* op 3: the replaced substring */
  uint32_t col;                /* op 3: 1-based column of old */
} mdl_fix_edit;

/* The part a witness step plays in its diagnostic. */
#define MDL_STEP_ROLES(X) \
  X(ACCESS, "access")          /* the access a race or explain note is at */ \
  X(EARLIER, "earlier-access") /* the access it conflicts with */ \
  X(BLOCKED, "blocked-wait")   /* a wait never released (deadlock) */ \
  X(SYNC, "sync")              /* the sync the diagnostic is about */ \
  X(PREVIOUS, "previous-set")  /* the set a double set lands on */ \
  X(ORDERING, "ordering-sync") /* a sync on the chain that orders a pair */ \
  X(SITE, "site")              /* another instruction the finding names */

typedef enum {
#define X(e, s) MDL_STEP_##e,
  MDL_STEP_ROLES(X)
#undef X
  MDL_STEP_ROLE_COUNT
} mdl_step_role;
const char *mdl_step_role_name(mdl_step_role r);

/* One step of a witness: an instruction on a (core, pipe) lane.  A
** diagnostic's steps are in witness order (the order their index gives). */
typedef struct {
  uint8_t role;                /* mdl_step_role */
  uint8_t kind;                /* mdl_inst_kind, MDL_STEP_NO_INST when the
                                  location names no instruction */
  uint8_t pipe;                /* mdl_pipe it runs on (a wait: the pipe it
                                  blocks), MDL_PIPE_NONE when unknown */
  uint8_t pipe2;               /* a set or wait: its other pipe (a
                                  cross-core one: the wait pipe), for the
                                  root-cause grouping; MDL_PIPE_NONE else */
  int32_t flag;                /* a set or wait: its event/flag id, -1
                                  when symbolic or not a sync */
  bool primary;                /* at the diagnostic's own location */
  bool timed;                  /* t0, t1 hold: start and end cycle in the
                                  SMT engine's schedule */
  char core[8];                /* core label ("AIC", "AIV0"); "" unknown */
  uint32_t line, col;
  char *op;                    /* op name ("vadd", "set_flag"), owned */
  char *text;                  /* short description, owned */
  int64_t t0, t1;
  mdl_where *where;            /* owned; NULL: main file, no chain */
} mdl_step;
#define MDL_STEP_NO_INST 255

typedef struct {
  mdl_rule rule;
  mdl_severity severity;
  const char *file;            /* not owned */
  const char *unit;            /* unit name, may be NULL; owned by list */
  uint32_t unit_ix;            /* its unit: 1 + the index in the file's
                                  units (mdl_file_result.units), set by
                                  the driver and the HIVM frontend; 0:
                                  not known (matched by name) -- two
                                  chunks may hold kernels of one name */
  uint32_t line, col;
  char *message;
  uint32_t nrelated;
  mdl_related *related;
  char *witness;               /* free text, may be NULL */
  uint32_t extra;              /* further instances of the same finding */
  mdl_valuation *val;          /* symbolic witness values, or NULL */
  bool whole_witness;          /* witness and val describe one whole
                                  execution (an enumerated outcome adds
                                  nothing to them) */
  char *fix;                   /* check --fix: the proposed repair, or NULL */
  char *fix_confirm;           /* what confirmed it */
  bool fix_data;               /* the fix is a data repair (a loop bound,
                                  an address), not a sync edit */
  char *fix_by;                /* check --fix: no fix of its own, but the
                                  repair attached to the finding at
                                  fix_by_line:fix_by_col resolves it too
                                  (what that repair is), or NULL */
  uint32_t fix_by_line, fix_by_col;
  uint32_t nfix_edits;
  mdl_fix_edit *fix_edits;
  uint32_t nsteps;             /* the witness as steps, in witness order */
  mdl_step *steps;             /* (filled by the checker; may be none) */
  mdl_where *where;            /* owned; NULL: main file, no chain */
  /* Suppression (driver/ksv_supp.c; the checker never sets these): a
  ** suppressed finding stays in the list, the reports mark it, and it
  ** counts in `suppressed`, not in errors / warnings / notes. */
  uint8_t suppressed;          /* MDL_SUPP_*: none, a source comment, or
                                  a rule switched off (config, CLI) */
  char *suppress_why;          /* the justification, owned, or NULL */
  uint32_t suppress_line;      /* MDL_SUPP_IN_SOURCE: the comment's line */
  uint32_t cause;              /* root cause (mdl_file_result.causes) it
                                  belongs to, 1-based; 0: none (not a
                                  finding, or not grouped yet) */
} mdl_diag;
enum { MDL_SUPP_NONE = 0, MDL_SUPP_IN_SOURCE = 1, MDL_SUPP_EXTERNAL = 2 };

typedef struct {
  mdl_vec items;               /* mdl_diag */
  uint32_t errors, warnings, notes;
  uint32_t suppressed;         /* items with suppressed set (not counted
                                  in errors, warnings or notes) */
} mdl_diags;

mdl_diag *mdl_diag_add(mdl_diags *d, mdl_rule rule, mdl_severity sev,
                       const char *file, const char *unit, uint32_t line,
                       uint32_t col, const char *fmt, ...)
    __attribute__((format(printf, 8, 9)));
void mdl_diag_related(mdl_diag *d, uint32_t line, uint32_t col,
                      const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void mdl_diag_witness(mdl_diag *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Appends a step to d's witness (role, location, text); kind MDL_STEP_NO_INST,
** pipe MDL_PIPE_NONE and core "" until the caller sets them. */
mdl_step *mdl_diag_step(mdl_diag *d, mdl_step_role role, uint32_t line,
                        uint32_t col, const char *op, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
void mdl_diags_free(mdl_diags *d);
/* Frees the diagnostics from the n-th on (their counts too). */
void mdl_diags_cut(mdl_diags *d, uint32_t n);
void mdl_diags_sort(mdl_diags *d);

/* The same at a model location of kernel k (file k->file, unit k->name):
** the location's file and inlining chain are resolved into the
** diagnostic's `where` (none for file 0 without a chain). */
struct mdl_kernel_s;
mdl_diag *mdl_diag_add_at(mdl_diags *d, mdl_rule rule, mdl_severity sev,
                          const struct mdl_kernel_s *k, mdl_loc loc,
                          const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
void mdl_diag_related_at(mdl_diag *d, const struct mdl_kernel_s *k,
                         mdl_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
mdl_step *mdl_diag_step_at(mdl_diag *d, const struct mdl_kernel_s *k,
                           mdl_step_role role, mdl_loc loc, const char *op,
                           const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* d is located in file path (copied; a header the input includes), not
** in the input: for a frontend's errors before any kernel exists (a bad
** #include'd header).  NULL or the diagnostic's own file: no change. */
void mdl_diag_in_file(mdl_diag *d, const char *path);
/* The resolved form of loc in k (malloc'd), NULL for file 0, no chain. */
mdl_where *mdl_where_of(const struct mdl_kernel_s *k, mdl_loc loc);
mdl_where *mdl_where_dup(const mdl_where *w);
void mdl_where_free(mdl_where *w);
/* The file path of w (NULL: main) or main. */
const char *mdl_where_file(const mdl_where *w, const char *main);
/* "in CopyIn, called from Process at 88:9, called from KernelAdd at
** h.h:120:5" into buf (the calls' files when not main); "" for none. */
const char *mdl_where_chain_str(const mdl_where *w, char *buf, size_t n);
char *mdl_strprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* -------------------------------------------------------------- results */

typedef enum {
  MDL_VERDICT_CLEAN, MDL_VERDICT_FINDINGS, MDL_VERDICT_UNKNOWN,
  MDL_VERDICT_ERROR
} mdl_verdict;
const char *mdl_verdict_name(mdl_verdict v);

/* What a verdict covers of one loop whose trip count is not known at
** compile time (docs/loops.md): every trip count, or 0..bound. */
typedef struct {
  uint32_t line, col;          /* the loop (the first core's, in a MIX
                                  kernel: one per trip count) */
  bool all;                    /* proven (decided) for every trip count */
  uint32_t bound;              /* trip counts 0..bound were checked */
  uint32_t n0, period, reach;  /* all: the certificate's figures (0: no
                                  run reaches the loop's steady state):
                                  from trip count n0 on the findings repeat
                                  with this period, and each lies within
                                  reach iterations (docs/loops.md) */
  bool prefix;                 /* a loop of known trip count past
                                  --max-unroll (or an scf.while that never
                                  ends): its first bound iterations were
                                  checked, as a prefix of the run */
  char *why;                   /* !all: why not every trip count */
} mdl_loop_proof;

typedef struct {
  char *name;                  /* unit name */
  uint32_t line;
  mdl_verdict verdict;
  char *note;                  /* what was proven / why unknown, or NULL */
  bool open;                   /* a lone half checked in an open
                                  environment: cross-core properties were
                                  not checked (mdl_unit_verdict_name) */
  char *sim;                   /* the simulator's figures (check --replay),
                                  or NULL */
  double secs;                 /* wall seconds the driver spent on it:
                                  unrolling, checking, replay */
  mdl_vec proofs;              /* mdl_loop_proof: per loop of unknown trip
                                  count (empty: none, or not decided) */
} mdl_unit_result;
/* Was unit u decided for only a bounded range of some loop's trip
** counts?  *bound: the smallest such bound. */
bool mdl_unit_bounded(const mdl_unit_result *u, uint32_t *bound);
void mdl_loop_proofs_free(mdl_vec *proofs);

/* A root cause (driver/ksv_cause.c, docs/root-causes.md): the one
** statement or position that explains a group of findings (a missing
** wait gives an unpaired set, races and a hazard).  Every finding belongs
** to one; the reports lead each group with it.  Grouping only orders and
** explains: it never adds, drops or changes a finding. */
typedef struct {
  uint32_t id;                 /* 1-based, in report order in the file */
  const char *unit;            /* not owned (the lead's) */
  uint32_t line, col;          /* the statement or position it is at */
  char *text;                  /* the sentence ("the wait_flag for the
                                  set_flag at 35:7 is missing"), owned */
  uint32_t lead;               /* diags index of the finding that leads */
  uint32_t fix;                /* diags index + 1 of the finding carrying
                                  its repair (check --fix), 0: none */
  uint32_t nfindings;          /* findings it explains, the lead included */
  bool verified;               /* grouped by the repair check --fix
                                  verified (every member resolved by it),
                                  not by the shared-statement heuristic */
} mdl_cause;

typedef struct {
  const char *path;
  mdl_vec units;               /* mdl_unit_result */
  mdl_diags diags;
  mdl_vec causes;              /* mdl_cause, by id (ksv_group_causes) */
  uint8_t archs;               /* profiles its kernels were checked on:
                                  bit mdl_arch (a module's hacc.target) */
} mdl_file_result;

void mdl_file_result_free(mdl_file_result *r);
/* The verdict of a unit as the reports print it: mdl_verdict_name, or
** "clean (cross-core not checked)" for a clean lone half (u->open). */
const char *mdl_unit_verdict_name(const mdl_unit_result *u);

/* -------------------------------------------------------------- kernel */

/* Ascend C (docs/ascendc-queues.md 7): a tensor of a queue that an
** AllocTensor of that queue found dequeued and never freed when it hung
** (every buffer allocated).  The frontend records it with what the
** library call that frees it is written with, for `ksv fix`, whose one
** queue edit is the missing FreeTensor (docs/fix.md "Ascend C"); the
** checker does not read it. */
typedef struct {
  mdl_loc alloc;               /* the hung AllocTensor */
  mdl_loc deque;               /* the DeQue whose result is the tensor */
  mdl_loc after;               /* the start of the last statement of the
                                  block declaring the tensor that names it
                                  (the DeQue's own when none later does) */
  const char *recv;            /* the queue as the DeQue call spells it,
                                  with its operator: "outQueueZ.",
                                  "que->" (arena) */
  const char *tensor;          /* the local variable bound to the result */
} mdl_que_unfreed;

typedef struct mdl_kernel_s {
  mdl_arena *arena;
  const char *name;            /* unit name: function name(s) */
  const char *file;
  mdl_loc loc;
  mdl_kernel_kind kind;
  const mdl_profile *prof;
  uint32_t ncores;
  mdl_core cores[3];
  bool aiv_one_program;        /* one MIX function that never reads
                                  get_sub_block_idx: the AIVs run one
                                  logical vector program, their instances
                                  never conflict with each other */
  mdl_vec funcs;               /* mdl_func* owned by the kernel */
  uint32_t nstmts;
  mdl_vec stmts;               /* mdl_stmt* by id */

  /* Interned symbolic atoms and linear forms (index 0 unused). */
  mdl_vec atoms;               /* mdl_atom */
  mdl_vec forms;               /* mdl_val */
  uint32_t *atom_ht, atom_htcap, *form_ht, form_htcap; /* intern tables */
  mdl_vec roots;               /* mdl_root (index 0 unused) */
  mdl_vec boxes;               /* mdl_box (index 0 unused) */
  uint32_t *root_ht, root_htcap, *box_ht, box_htcap;

  /* Unrolled instance graph (filled by mdl_unroll). */
  bool unrolled;
  mdl_vec memories;            /* mdl_memory */
  mdl_vec insts;               /* mdl_inst, grouped by core in program order */
  uint32_t core_first[3], core_count[3];
  uint32_t *resid;             /* a copy of one outcome (mdl_specialize_lits)
                                  that kept instances under literals left
                                  open (MDL_LIT_OPEN): per instance, the
                                  guard of the symbolic kernel it still
                                  depends on, 0 for none; NULL: none */
  uint32_t resid_cap;
  const struct mdl_kernel_s *resid_of; /* the kernel resid's guards are of */
  mdl_vec accesses;            /* mdl_access */
  mdl_vec lits;                /* mdl_lit */
  mdl_vec guards;              /* mdl_guard; guard 0 = true */
  bool concrete;               /* every guard is true */
  char *limit_hit;             /* set when a limit stopped unrolling */
  char *input_error;           /* a semantic input error found unrolling */
  mdl_loc input_error_loc;
  char *bound_note;            /* "loop at 21:5 unrolled to 8 iterations" */
  uint32_t trip_bound;         /* iterations unrolled for unknown trips */
  /* Incomplete programs (SEMANTICS.md 1): */
  bool open;                   /* a lone half (or a lone function with
                                  cross-core syncs): the partner cores are
                                  not in the input; its cross-core waits
                                  that they would release are `open` */
  const char *open_missing;    /* "the AIC" / "the two AIVs" (arena) */
  uint8_t cut_cores;           /* bit per core slot: its program was cut
                                  after the first cut_iters iterations of
                                  a loop past the unroll budget (checked
                                  as a prefix: nothing after the cut) */
  uint32_t cut_iters;          /* K of the first cut */
  uint32_t cut_line, cut_col;  /* the first cut loop */
  const char *cut_note;        /* the first cut loop: "the loop at 12:5
                                  (100000 iterations, more than
                                  --max-unroll 65536)" (arena) */
  bool cut_forever;            /* that loop never ends */
  bool windowed;               /* unrolled with mdl_limits.window, and a
                                  loop past max_unroll was made symbolic */
  uint64_t cut_trip;           /* the first cut loop's trip count (0: the
                                  loop never ends) */
  /* Unrolled with mdl_limits.carry_from: the loops (statement ids) that
  ** ran carry_to iterations in place of carry_from, and the iterations
  ** from relabel_at on, numbered relabel_shift higher in witnesses (as
  ** in the run of carry_from iterations: mdl_inst_where). */
  uint32_t relabel_loop[4];
  uint8_t nrelabel;
  uint32_t relabel_at;
  uint64_t relabel_shift;
  uint8_t prefix_cut;          /* a prefix (mdl_prefix): the cores whose
                                  program it truncated */
  uint32_t cut_more;           /* other loops cut (other cores, or another
                                  loop of a core) */
  /* Locations (mdl_loc.file, .chain; mdl_b_file, mdl_b_chain): */
  mdl_vec files;               /* const char * (arena); [0] = file */
  mdl_vec chains;              /* mdl_chain; [0] unused */
  mdl_lang lang;               /* the frontend's language */
  int8_t auto_sync;            /* Ascend C: -1 not applied, 0 off, 1 on
                                  (mdl_auto_sync) */
  uint32_t auto_syncs;         /* syncs mdl_auto_sync inserted */
  mdl_vec que_unfreed;         /* mdl_que_unfreed, one per hung
                                  AllocTensor and tensor (Ascend C) */
} mdl_kernel;

mdl_kernel *mdl_kernel_new(const char *file, const char *name);
void mdl_kernel_free(mdl_kernel *k);
/* The bytes k holds: its arena and arrays (an estimate: what --max-memory-mb
** counts of a kernel kept after its check, for ksv fix). */
uint64_t mdl_kernel_bytes(const mdl_kernel *k);
mdl_stmt *mdl_stmt_new(mdl_kernel *k, mdl_block *b, mdl_stmt_kind kind,
                       mdl_loc loc);
mdl_func *mdl_func_new(mdl_kernel *k, const char *name, mdl_loc loc);
mdl_valref mdl_value_new(mdl_func *f, const char *name);
mdl_value *mdl_value_at(const mdl_func *f, mdl_valref v);

/* Atoms and forms. */
uint32_t mdl_atom_intern(mdl_kernel *k, const mdl_atom *a);
uint32_t mdl_form_intern(mdl_kernel *k, const mdl_val *v);
void mdl_val_print(const mdl_kernel *k, const mdl_val *v, char *buf,
                   size_t n);

/* Arithmetic on values (exact on constants, linear where possible,
** otherwise an interned opaque atom). */
mdl_val mdl_val_binop(mdl_kernel *k, mdl_xop op, const mdl_val *a,
                      const mdl_val *b);
mdl_val mdl_val_atom(mdl_kernel *k, const mdl_atom *a);
mdl_val mdl_val_cmp(mdl_kernel *k, mdl_cmp c, const mdl_val *a,
                    const mdl_val *b);
mdl_val mdl_val_select(mdl_kernel *k, const mdl_val *c, const mdl_val *a,
                       const mdl_val *b);
bool mdl_cmp_fold(mdl_cmp c, int64_t x, int64_t y);
/* The hardware's value of v in a width of bits (8..64): v itself when
** every value its atoms can take keeps it in the width's range (signed,
** or with zext 0..2^bits-1), else an opaque MDL_X_WRAP atom over v, exact
** (docs/semantics-decisions.md 12).  Constants are wrapped in place. */
mdl_val mdl_val_wrap(mdl_kernel *k, const mdl_val *v, int bits, bool zext);
/* Bounds [*lo, *hi] of every value form v can take, from the ranges of
** its atoms (block index 0..MDL_BLOCK_NUM_MAX-1, block count
** 1..MDL_BLOCK_NUM_MAX, an argument its declared width, a wrapped value
** its width); false when v is unknown or a bound leaves 64 bits. */
bool mdl_val_range(const mdl_kernel *k, const mdl_val *v, int64_t *lo,
                   int64_t *hi);
/* Constant folding of a binary op; false when undefined (x / 0). */
bool mdl_xop_fold(mdl_xop op, int64_t x, int64_t y, int64_t *r);

/* The sync the bisheng compiler inserts with --cce-auto-sync (ASCENDC.md
** "Compiler-inserted sync"; README "--assume-auto-sync"), as statements of
** k marked auto_sync, for an Ascend C kernel (k->lang) before unrolling:
** a pipe_barrier(PIPE_V) before every vector op, and on a2 a set/wait pair
** from each of V, MTE2, MTE3 to S before every scalar access
** (GetValue/SetValue) and back after it, on event id
** MDL_AUTO_SYNC_EVENT.  Nothing for MTE2/MTE3 overlaps or the cube.  Sets
** k->auto_sync to on and k->auto_syncs to the number inserted; a no-op
** for other languages, when off, or when applied already.  Returns the
** number of statements inserted. */
#define MDL_AUTO_SYNC_EVENT 7
uint32_t mdl_auto_sync(mdl_kernel *k, bool on);

/* Unrolling limits and result. */
typedef struct {
  uint32_t max_unroll;         /* iterations per loop with known trip */
  uint32_t sym_bound;          /* iterations unrolled for unknown trips */
  bool bound_fixed;            /* use sym_bound as given; otherwise at
                                  least one past the longest period of
                                  multi-buffers and id rotations */
  uint64_t max_instances;       /* instances per kernel; unrolling also
                                  stops after MDL_STEPS_PER_INSTANCE times
                                  as many executed statements */
  uint64_t max_memory;         /* bytes of model per kernel (0: none) */
  bool window;                 /* a loop of known trip count N past
                                  max_unroll becomes a loop of unknown
                                  trip count (an atom per N): decided for
                                  every trip count, it is decided for N
                                  (docs/loops.md, "Long loops") */
  uint64_t carry_from;         /* when not 0: a loop of known trip count
                                  carry_from past max_unroll runs carry_to
                                  iterations instead (at most max_unroll),
                                  and its iterations from carry_at on are
                                  numbered as in the longer run (the
                                  carry: docs/loops.md, "Long loops") */
  uint32_t carry_to, carry_at;
} mdl_limits;
#define MDL_STEPS_PER_INSTANCE 4
void mdl_limits_default(mdl_limits *l);

/* Unrolls every core of k into instances.  Returns 0, or -1 when a
** limit stopped it (k->limit_hit says which). */
int mdl_unroll(mdl_kernel *k, const mdl_limits *lim);
/* Unrolls k again with other limits (a larger trip bound, docs/loops.md):
** the instances of the first run are forgotten. */
int mdl_unroll_again(mdl_kernel *k, const mdl_limits *lim);

/* Self-check of a frozen kernel; appends to err (NUL-terminated) and
** returns the number of violations. */
int mdl_selfcheck(const mdl_kernel *k, char *err, size_t n);

/* Helpers on instances. */
static inline const mdl_inst *mdl_inst_at(const mdl_kernel *k, uint32_t i) {
  return &MDL_VEC_AT(k->insts, mdl_inst, i);
}
static inline const mdl_access *mdl_access_at(const mdl_kernel *k,
                                              uint32_t i) {
  return &MDL_VEC_AT(k->accesses, mdl_access, i);
}
static inline const mdl_memory *mdl_memory_at(const mdl_kernel *k,
                                              uint32_t i) {
  return &MDL_VEC_AT(k->memories, mdl_memory, i);
}
const char *mdl_inst_kind_name(mdl_inst_kind k);

/* The cores of k (bit per core slot) that a sync_block of mode (0
** ALL_CUBE .. 5 ALL, mdl_b_sync_block) waits for: the AIC for the cube
** modes, the AIVs for the vector ones, every core for ALL (the hard
** SyncAll: SyncAll.md, docs/semantics-decisions.md "hard SyncAll"). */
uint32_t mdl_sync_all_cores(const mdl_kernel *k, int mode);
/* Meeting m of the sync_blocks, per[c] holding core c's (uint32_t
** instance ids, program order): a core the meeting waits for that has no
** m-th sync_block (so the meeting never completes: a deadlock), else -1.
** Cores whose program was cut (k->cut_cores) are not known to lack it. */
int mdl_sync_all_absent(const mdl_kernel *k, const mdl_vec per[3],
                        uint32_t m);

/* The iteration of the loop at depth d that instance in runs, as a
** witness names it: in->iter[d], or, in a run that stands in for a
** longer one (k->relabel_*), its number in that run. */
uint64_t mdl_iter_label(const mdl_kernel *k, const mdl_inst *in,
                        uint32_t d);
/* Writes "iteration 2 of the loop at 14:5, ..." for an instance. */
void mdl_inst_where(const mdl_kernel *k, const mdl_inst *in, char *buf,
                    size_t n);

/* A concrete copy of the unrolled kernel k under valuation v: the
** instances whose guards hold, with run-time event ids and symbolic
** offsets evaluated, guards dropped.  It shares k's program, atoms and
** memories (free it with mdl_specialized_free before k).  NULL with *why
** set when a value it needs is not in v. */
mdl_kernel *mdl_specialize(const mdl_kernel *k, const mdl_valuation *v,
                           const char **why);
/* The largest trip count of k's loops of unknown trip count under v (0:
** none known): more than k->trip_bound, and k must be unrolled again
** (mdl_unroll_again) for mdl_specialize to run them whole. */
int64_t mdl_valuation_trip_max(const mdl_kernel *k, const mdl_valuation *v);
/* The copy of k for one outcome of its literals: the instances whose
** guard literals are all true (lit_true[i] for k->lits i), guards dropped,
** symbolic offsets and run-time ids kept as they are.  A literal marked
** MDL_LIT_OPEN counts as true, and an instance kept under one remembers
** its guard in the copy's resid (only ops may be: the caller leaves open
** only literals no sync depends on).  Same ownership as mdl_specialize. */
#define MDL_LIT_OPEN 2
/* The guard instance i of such a copy still depends on (0: none). */
static inline uint32_t mdl_inst_resid(const mdl_kernel *k, uint32_t i) {
  return i < k->resid_cap ? k->resid[i] : 0;
}
mdl_kernel *mdl_specialize_lits(const mdl_kernel *k, const uint8_t *lit_true,
                                const char **why);
void mdl_specialized_free(mdl_kernel *s);
/* The prefix of the unrolled kernel k that ends, on each core, before its
** first instruction in iteration K or later of a loop whose enclosing
** loops are in their last iteration (of nested loops, the inner loop is
** cut in the last run of the outer one): the kernel as ksv checks a loop
** past the unroll budget (cut_cores: every core, so that what waits for
** the part cut off is not a deadlock; findings behind such a wait are not
** decided, chk_behind_cut).  Every finding of the prefix that is decided
** is one of k's (docs/semantics-decisions.md 51).  NULL when no loop runs
** more than K iterations.  Free with mdl_specialized_free before k. */
mdl_kernel *mdl_prefix(const mdl_kernel *k, uint32_t K);
/* The value of interned form f of k under v: false when it needs an atom
** v leaves unknown. */
bool mdl_form_value(const mdl_kernel *k, const mdl_valuation *v, uint32_t f,
                    int64_t *out);
/* Does guard g of k hold under v?  1, 0, -1 (it needs an unknown atom). */
int mdl_guard_holds(const mdl_kernel *k, const mdl_valuation *v, uint32_t g);
/* A valuation that gives the kernel argument named name ("%arg2"), or
** "block_idx" / "block_num", the value v (created on first use).  Returns
** false when k has no such atom. */
bool mdl_valuation_set(const mdl_kernel *k, mdl_valuation **val,
                       const char *name, int64_t v);

/* ------------------------------------------ conflicts (mdl_conflict.c) */

/* Interned roots and boxes (zero the padding: compared bytewise). */
uint32_t mdl_root_intern(mdl_kernel *k, const mdl_root *r);
uint32_t mdl_box_intern(mdl_kernel *k, const mdl_box *b);
static inline const mdl_box *mdl_box_at(const mdl_kernel *k, uint32_t i) {
  return &MDL_VEC_AT(k->boxes, mdl_box, i);
}

/* Do accesses x and y touch common bytes?  The one overlap predicate of
** the engines, the simulator and the reports: same memory, byte ranges
** that meet (different symbolic bases: maybe), and, for two views of one
** root, index ranges that meet in every dimension. */
bool mdl_access_overlap(const mdl_kernel *k, const mdl_access *x,
                        const mdl_access *y);
/* The byte range a report shows for the overlapping pair x, y (y is the
** diagnostic's own access): the common part of their ranges. */
void mdl_access_common(const mdl_kernel *k, const mdl_access *x,
                       const mdl_access *y, int64_t *lo, int64_t *hi);
/* The {hivm.parallel_loop} loop of whose one execution instances a and
** b run different iterations, or NULL. */
const mdl_stmt *mdl_parallel_iters(const mdl_kernel *k, const mdl_inst *a,
                                   const mdl_inst *b);
/* The rule under which access aa of instance a and access ab of instance
** b conflict if nothing orders them (race, pipe-hazard, xcore-race,
** parallel-loop-conflict), or -1 when they cannot: no common bytes, both
** read, a same-pipe pair the pipe orders, the two AIVs of one logical
** vector program, or two cores of a lone half (k->open).  Every engine
** and the simulator classify with it. */
int mdl_conflict_rule(const mdl_kernel *k, uint32_t a, const mdl_access *aa,
                      uint32_t b, const mdl_access *ab);
/* Can instances a and b conflict at all (-1 for every access pair)?
** False for the AIV0/AIV1 instances of one logical vector program. */
bool mdl_insts_may_conflict(const mdl_kernel *k, uint32_t a, uint32_t b);
/* Instruction overlap on pipe p of one core: may two instances overlap
** in time (V on a2, MTE2, MTE3)? */
bool mdl_pipe_overlaps(const mdl_kernel *k, uint8_t p);

/* Memory instance id lookup/creation for the unroller. */
uint32_t mdl_memory_get(mdl_kernel *k, mdl_space sp, int core, int32_t argno,
                        uint32_t alloc_id, const char *name);

#endif
