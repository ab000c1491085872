/*
** fe_int.h -- what the files of the HIVM frontend's builder share
** (frontend/hivm/fe_*.c; not for use outside frontend/hivm/): op codes,
** MLIR types, the builder state (fe_b, around the model builder), and the
** helpers one file defines and others call (each documented where it is
** defined).
*/
#ifndef KSV_FE_INT_H
#define KSV_FE_INT_H

#include "fe_parse.h"
#include "../../model/mdl_build.h"

/* ------------------------------------------------------------ op codes */

typedef enum {
#define X(c, n, p) OP_##c,
#include "fe_ops.def"
#undef X
  OP_COUNT,
  OP_VECTOR, /* any hivm.hir.v* */
  OP_UNKNOWN
} fe_opcode;

/* The pipe fe_ops.def gives op code c (< OP_COUNT). */
mdl_pipe fe_opcode_pipe(fe_opcode c);

/* ------------------------------------------------------------ types */

typedef struct {
  int kind;          /* 0 other, 1 memref, 2 tensor, 3 integer/index */
  bool has_space;
  mdl_space space;
  int nd;
  int64_t dims[8];   /* -1 dynamic */
  uint32_t elem;     /* element bytes */
  bool strided;
  int64_t strides[8];/* -1 dynamic */
  int64_t offset;    /* -1 dynamic */
  int64_t bytes;     /* static size or -1 */
  uint8_t ibits;     /* kind 3: the integer width (iN: N; index: 64) */
} fe_type;

typedef struct {
  const char *name;
  uint32_t len;
  int32_t head;      /* latest binding (index into syms), -1 */
} fe_name;

typedef struct {
  uint32_t name;     /* index into names */
  mdl_valref v;
  int32_t prev;      /* previous binding of the same name, -1 */
} fe_sym;

/* What a function says of itself (fe_funcs.c). */
typedef struct {
  uint32_t sym;        /* @name token, ~0 */
  uint32_t args_open;  /* '(' of the signature, ~0 */
  int core;            /* -1 unknown, 0 AIC, 1 AIV, 2 MIX */
  bool part_of_mix, host, has_body;
} fe_fninfo;

/* The MIX halves of a chunk (fe_funcs.c): which half each function may
** be, and the candidates for a partner, in order, of each half wanted. */
enum { FE_HALF_AIC = 1, FE_HALF_AIV = 2 };
typedef struct {
  uint8_t *half;        /* per function: FE_HALF_* bits (0: no body, host) */
  uint32_t *list[4];    /* by the bits wanted: the functions with one */
  uint32_t n[4], cur[4];/* their number; the first that may be unused */
} fe_halves;

/* A function's symbol name (text s[0..n)) and its index in the chunk. */
typedef struct {
  const char *s;
  uint32_t n, idx;
} fe_fname;

typedef struct {
  fe_parser *p;
  mdl_builder bd;       /* the kernel, function and block being built, the
                           core mask of new statements, and whether this
                           is one MIX function (ops placed per core type) */
  mdl_stmt *loop;       /* innermost enclosing loop */
  uint32_t call_depth;
  /* symbol table: names are interned; each has a stack of bindings */
  mdl_vec names;        /* fe_name */
  mdl_vec syms;         /* fe_sym */
  int32_t *ht;          /* name hash -> name index, -1 */
  uint32_t htcap;
  /* values of the last terminator built (scf.yield, scf.condition, ...) */
  mdl_valref term_vals[64];
  uint32_t term_n;
  mdl_valref term_cond;
  bool has_term;
  /* functions of the chunk, and what fe_funcs_index read of them */
  fe_op **funcs;
  uint32_t nfuncs;
  fe_fninfo *finfo;     /* per function */
  fe_fname *byname;     /* the functions with a symbol, by name, index */
  uint32_t nnamed;
  bool *called;         /* per function: another function calls it */
  fe_halves halves;
  bool failed;
  /* memory through tensors, placement in a MIX function (per function;
     see fe_mem.c and fe_data.c) */
  mdl_vec vinfo;        /* fe_vinfo by value */
  mdl_vec pend;         /* fe_pend: loads placed by the core of their users */
  mdl_vec placed;       /* uint8_t by statement id: placed by attribute */
  bool saw_sbi;         /* the function reads get_sub_block_idx */
} fe_b;

/* What the frontend knows of a value's memory: the value it aliases
** (the first of a chain of views, tensors of memrefs, results of
** destination-style ops, loop-carried values) and whether memory is
** behind it (a memref, or a tensor that names one). */
typedef struct {
  mdl_valref root;
  bool set, mem;
} fe_vinfo;

/* A load whose address spaces do not say which core runs it (tensors,
** unspaced memrefs): it runs on the cores of its users. */
typedef struct {
  mdl_stmt *s;
  mdl_valref root;     /* what it writes */
  uint8_t users;       /* core mask of the placed ops that read it */
} fe_pend;

/* Operand group "(%a, %b : T1, T2)" or "(%a : T1, %b : T2)".  Fills
** up to max operand tokens and their types.  Returns count. */
typedef struct {
  uint32_t tok[32];
  fe_type ty[32];
  bool has_ty[32];
  uint32_t n;
} fe_operands;

/* The operand tokens of a generic op, its types (from the function type
** after the op's last top-level ':'), and the operand count of each ODS
** operand group (operandSegmentSizes = array<i32: ...>, or the older
** operand_segment_sizes = dense<[...]>; nseg 0 when the op has none, i.e.
** one operand per group). */
typedef struct {
  uint32_t n, tok[64];
  fe_type ty[64];
  bool has_ty;
  uint32_t nseg, seg[16];
} fe_generic;

/* ------------------------------------------------------ token helpers */

static inline fe_tok_kind K(fe_b *b, uint32_t t) {
  return fe_tokat(b->p, t)->kind;
}
static inline bool IS(fe_b *b, uint32_t t, const char *s) {
  return fe_is(b->p, t, s);
}
static inline mdl_loc LOC(fe_b *b, uint32_t t) {
  const fe_tok *k = fe_tokat(b->p, t);
  mdl_loc l = {k->line, k->col};
  return l;
}

static inline const char *tok_str(fe_b *b, uint32_t t, uint32_t *n) {
  const fe_tok *k = fe_tokat(b->p, t);
  *n = k->len;
  return b->p->text + k->off;
}

/* Is op in the generic form ("name"(operands) ... : (types) -> results)? */
static inline bool generic(fe_b *b, const fe_op *op) {
  return K(b, op->name) == T_STRING;
}

/* fe_build.c: symbols, values, functions, dispatch */
uint32_t fe_scope_mark(fe_b *b);
void fe_scope_pop(fe_b *b, uint32_t mark);
void fe_bind_tok(fe_b *b, uint32_t t, mdl_valref v);
mdl_valref fe_lookup(fe_b *b, uint32_t t);
bool fe_tok_int(fe_b *b, uint32_t t, int64_t *out);
fe_opcode fe_classify(fe_b *b, uint32_t t);
const char *fe_op_text(fe_b *b, const fe_op *op, char *buf, size_t n);
mdl_valref fe_new_value(fe_b *b, uint32_t nametok, const fe_type *ty);
mdl_stmt *fe_emit(fe_b *b, mdl_stmt_kind kind, uint32_t t);
mdl_valref fe_emit_const(fe_b *b, int64_t c, uint32_t t);
mdl_valref fe_emit_x(fe_b *b, mdl_xop op, mdl_valref a, mdl_valref c2,
                     uint32_t t);
void fe_bind_unknown_results(fe_b *b, fe_op *op, bool typed);
void fe_bind_result(fe_b *b, fe_op *op, uint32_t i, mdl_valref v);
uint32_t fe_nresults(fe_op *op);
mdl_valref *fe_arena_vals(fe_b *b, uint32_t n);
void fe_copy_value_info(fe_b *b, mdl_valref dst, mdl_valref src);
void fe_build_op(fe_b *b, fe_op *op);

/* fe_funcs.c: the functions of a chunk */
void fe_fn_info(fe_b *b, fe_op *fn, fe_fninfo *fi);
void fe_funcs_index(fe_b *b);
int fe_func_named(fe_b *b, uint32_t symtok);
int fe_mix_partner(fe_b *b, const bool *used, uint32_t i, uint32_t plen,
                   uint8_t want);
void fe_funcs_free(fe_b *b);

/* fe_syntax.c: types, operand groups, attributes, the generic form */
uint32_t fe_parse_type(fe_b *b, uint32_t t, fe_type *ty);
void fe_parse_group(fe_b *b, uint32_t open, fe_operands *o);
uint32_t fe_find_group(fe_b *b, fe_op *op, const char *kw);
uint32_t fe_find_tok(fe_b *b, fe_op *op, fe_tok_kind kind, uint32_t from);
uint32_t fe_find_kv(fe_b *b, fe_op *op, const char *key);
bool fe_result_type(fe_b *b, fe_op *op, fe_type *ty);
uint32_t fe_gen_attr(fe_b *b, fe_op *op, const char *key);
void fe_gen_read(fe_b *b, fe_op *op, fe_generic *g);
void fe_gen_take(const fe_generic *g, uint32_t first, uint32_t n,
                 fe_operands *o);
uint32_t fe_gen_seg_start(const fe_generic *g, uint32_t k);
uint32_t fe_gen_seg_len(const fe_generic *g, uint32_t k);
void fe_gen_unsupported(fe_b *b, fe_op *op);
const char *fe_sym_text(fe_b *b, uint32_t t, uint32_t *n);
uint32_t fe_call_callee(fe_b *b, uint32_t t);
mdl_valref fe_operand_or_const(fe_b *b, uint32_t t, uint32_t at);
mdl_valref fe_indexed(fe_b *b, uint32_t t, const char *what);
mdl_valref fe_elem_index(fe_b *b, uint32_t open, uint32_t at);
uint32_t fe_read_list(fe_b *b, uint32_t open, uint32_t *toks, uint32_t max);
uint32_t fe_gen_offsets(fe_b *b, fe_op *op, uint32_t *offs, uint32_t max);
uint32_t fe_gen_list(fe_b *b, fe_op *op, const char *attr, uint32_t seg,
                     uint32_t *offs, uint32_t max);

/* fe_scalar.c: scalar ops and affine maps */
void fe_build_scalar(fe_b *b, fe_op *op, fe_opcode code);

/* fe_scf.c: regions, loops, branches, CFGs */
void fe_build_region(fe_b *b, fe_region *r, mdl_block *dst,
                     const mdl_valref *args, uint32_t nargs,
                     mdl_valref *out_args, uint32_t max_out);
void fe_record_term(fe_b *b, fe_op *op, bool condition);
void fe_build_for(fe_b *b, fe_op *op);
void fe_build_if(fe_b *b, fe_op *op);
void fe_build_while(fe_b *b, fe_op *op);
void fe_build_block(fe_b *b, fe_blk *blk);
uint32_t fe_build_cfg(fe_b *b, fe_region *r);

/* fe_mem.c: memory info of values, buffers, views, tensors, workspaces */
fe_vinfo *fe_vinfo_of(fe_b *b, mdl_valref v);
mdl_valref fe_vroot(fe_b *b, mdl_valref v);
bool fe_vmem(fe_b *b, mdl_valref v);
void fe_valias(fe_b *b, mdl_valref dst, mdl_valref src);
const mdl_layout *fe_type_layout(fe_b *b, const fe_type *ty, bool root);
void fe_set_memref_info(fe_b *b, mdl_valref v, const fe_type *ty,
                        mdl_space fallback);
void fe_build_buffer(fe_b *b, fe_op *op, fe_opcode code);
mdl_valref fe_emit_alias(fe_b *b, fe_op *op, uint32_t restok, mdl_valref src,
                         const fe_type *rty, const mdl_layout *lay);
void fe_build_elem(fe_b *b, fe_op *op, fe_opcode code);
void fe_build_workspace(fe_b *b, fe_op *op);
void fe_build_tensor(fe_b *b, fe_op *op, fe_opcode code);

/* fe_sync.c: sync ops */
uint32_t fe_angle_inner(fe_b *b, uint32_t t);
void fe_build_sync(fe_b *b, fe_op *op, fe_opcode code);

/* fe_data.c: data ops, placement, unknown ops */
uint8_t fe_op_core_attr(fe_b *b, fe_op *op, const char *key);
void fe_place_stmts(fe_b *b, fe_op *op, mdl_block *blk, mdl_stmt *last);
void fe_place_pending(fe_b *b);
void fe_build_data(fe_b *b, fe_op *op, fe_opcode code);
void fe_build_unknown(fe_b *b, fe_op *op);

#endif
