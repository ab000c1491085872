/*
** fe_asc_api.c -- the library-call table of the Ascend C extraction
** (ASCENDC.md's tables): the sync spellings (AscendC SetFlag / WaitFlag /
** PipeBarrier, TQueSync, the CCE intrinsics and their SET_FLAG macros,
** cross-core flags, SyncAll), the data ops with their pipe and the byte
** ranges they read and write (DataCopy by positions, LoadData, Mmad,
** Fixpipe, the vector APIs as a data table, GetValue / SetValue, CCE
** copies and vector intrinsics), the block indices, and the buffers that
** need no queue: TBuf, static tensors, LocalMemAllocator, GlobalTensor.
** The queue framework (TQue, TPipe's own sync) is fe_asc_que.c's table.
*/
#include "fe_asc_x.h"

#include <stdio.h>
#include <string.h>

static const TSNode NONE = {{0}, 0, 0};

mdl_space fe_asc_pos_space(fe_asc_pos p) {
  switch (p) {
  case FE_POS_GM: return MDL_SPACE_GM;
  case FE_POS_A1: case FE_POS_B1: case FE_POS_C1: case FE_POS_L1:
    return MDL_SPACE_L1;
  case FE_POS_A2: case FE_POS_L0A: return MDL_SPACE_L0A;
  case FE_POS_B2: case FE_POS_L0B: return MDL_SPACE_L0B;
  case FE_POS_CO1: case FE_POS_L0C: return MDL_SPACE_L0C;
  default: return MDL_SPACE_UB; /* VECIN/VECOUT/VECCALC/CO2/C2 (a2: UB) */
  }
}

uint32_t fe_asc_elem_of(fe_asc_ctx *x, TSNode ty) {
  for (int g = 0; g < 8 && !ts_node_is_null(ty); g++) {
    const char *t = ts_node_type(ty);
    if (!strcmp(t, "qualified_identifier"))
      ty = fe_asc_child(ty, "name");
    else if (!strcmp(t, "type_descriptor"))
      ty = fe_asc_child(ty, "type");
    else
      break;
  }
  if (ts_node_is_null(ty) || strcmp(ts_node_type(ty), "template_type"))
    return 0;
  TSNode al = fe_asc_child(ty, "arguments");
  if (ts_node_is_null(al) || !ts_node_named_child_count(al))
    return 0;
  TSNode a = ts_node_named_child(al, 0);
  const char *tn = fe_asc_text(x, a);
  uint32_t s = fe_asc_sizeof(tn);
  fe_asc_val v;
  if (!s && fe_asc_lookup(x, tn, &v) && v.kind == FE_AV_TYPE)
    s = (uint32_t)v.i;
  return s;
}

/* ------------------------------------------------------------ tensors */

/* n elements of e bytes: n * e, or -1 for n < 0 or past 64 bits (an
** extent not known: the tensor's own is kept). */
static int64_t elem_bytes(int64_t n, int64_t e) {
  int64_t r;
  return n < 0 || __builtin_mul_overflow(n, e ? e : 1, &r) ? -1 : r;
}

/* *off += k * e; false (and *off unchanged) past 64 bits: an index of
** 2^63 elements names no byte ksv can place. */
static bool off_add(int64_t *off, int64_t k, int64_t e) {
  int64_t d, r;
  if (__builtin_mul_overflow(k, e ? e : 1, &d) ||
      __builtin_add_overflow(*off, d, &r))
    return false;
  *off = r;
  return true;
}

/* The next free address past a buffer of bytes at *next (the TPipe and
** the allocators align to 32 bytes); INT64_MAX past 64 bits (every later
** buffer is then out of the address space, which the model reports). */
static void next_after(int64_t *next, int64_t bytes) {
  int64_t r;
  if (bytes <= 0)
    return;
  if (bytes > INT64_MAX - 31 ||
      __builtin_add_overflow(*next, (bytes + 31) / 32 * 32, &r))
    r = INT64_MAX;
  *next = r;
}

static fe_asc_tensor empty_tensor(mdl_space sp) {
  fe_asc_tensor t;
  memset(&t, 0, sizeof t);
  t.space = sp;
  t.buf = MDL_NOVAL;
  t.off_sym = MDL_NOVAL;
  t.bytes = -1;
  t.whole = true;
  return t;
}

fe_asc_tensor fe_asc_local_alloc(fe_asc_ctx *x, mdl_space sp, fe_asc_pos pos,
                                 int64_t bytes, uint32_t elem) {
  fe_asc_tensor t = empty_tensor(sp);
  t.pos = pos;
  t.buf = x->base[sp];
  t.elem = elem;
  t.whole = bytes < 0;
  t.off = x->next_addr[sp];
  t.bytes = bytes;
  next_after(&x->next_addr[sp], bytes); /* (32-byte aligned) */
  return t;
}

fe_asc_tensor fe_asc_subtensor(fe_asc_ctx *x, const fe_asc_tensor *t,
                               const fe_asc_val *idx, mdl_loc loc) {
  fe_asc_tensor r = *t;
  uint32_t e = t->elem ? t->elem : 1;
  int64_t k;
  if (fe_asc_const(idx, &k)) {
    int64_t off = r.off;
    if (!off_add(&r.off, k, e)) { /* past 64 bits: not narrowed */
      r.whole = true;
      r.bytes = -1;
      return r;
    }
    int64_t d = r.off - off, rest; /* k * e (it fits) */
    if (r.bytes >= 0)
      r.bytes = r.bytes <= d                              ? 0
                : __builtin_sub_overflow(r.bytes, d, &rest) ? -1
                                                            : rest;
    return r;
  }
  mdl_valref iv = fe_asc_scalar(x, idx, loc);
  if (iv == MDL_NOVAL) {
    r.whole = true;
    return r;
  }
  mdl_valref b = mdl_b_x(&x->bd, MDL_X_MUL, iv, mdl_b_const(&x->bd, e, loc),
                         loc);
  r.off_sym = r.off_sym == MDL_NOVAL ? b
                                     : mdl_b_x(&x->bd, MDL_X_ADD, r.off_sym,
                                               b, loc);
  r.bytes = -1; /* past a symbolic offset: the tensor's length is unknown */
  return r;
}

mdl_valref fe_asc_tensor_view(fe_asc_ctx *x, const fe_asc_tensor *t,
                              mdl_loc loc) {
  if (t->buf == MDL_NOVAL)
    return MDL_NOVAL;
  /* the offset's statements first: the view reads them */
  mdl_valref off = MDL_NOVAL;
  if (!t->whole) {
    off = mdl_b_const(&x->bd, t->off, loc);
    if (t->off_sym != MDL_NOVAL)
      off = mdl_b_x(&x->bd, MDL_X_ADD, off, t->off_sym, loc);
  }
  mdl_valref d = mdl_b_value(&x->bd, "tensor");
  mdl_stmt *s = mdl_b_buf(&x->bd, t->whole ? MDL_B_WHOLE : MDL_B_VIEW, d,
                          "tensor", loc);
  s->u.b.src = t->buf;
  s->u.b.space = t->space;
  if (!t->whole) {
    s->u.b.off = off;
    s->u.b.size = t->bytes;
  }
  mdl_b_memref_info(&x->bd, d, t->space, t->whole ? -1 : t->bytes, t->elem);
  return d;
}

void fe_asc_emit_op(fe_asc_ctx *x, const char *name, mdl_pipe pipe,
                    const fe_asc_tensor *const *r, uint32_t nr,
                    const fe_asc_tensor *const *w, uint32_t nw, mdl_loc loc) {
  mdl_acc_spec acc[2 * FE_ASC_MAX_ARGS];
  uint32_t n = 0;
  for (uint32_t i = 0; i < nr && n < 2 * FE_ASC_MAX_ARGS; i++) {
    mdl_valref v = fe_asc_tensor_view(x, r[i], loc);
    if (v != MDL_NOVAL)
      acc[n++] = mdl_acc(v, MDL_ACC_READ);
  }
  for (uint32_t i = 0; i < nw && n < 2 * FE_ASC_MAX_ARGS; i++) {
    mdl_valref v = fe_asc_tensor_view(x, w[i], loc);
    if (v != MDL_NOVAL)
      acc[n++] = mdl_acc(v, MDL_ACC_WRITE);
  }
  mdl_b_op(&x->bd, name, pipe, acc, n, MDL_PIPE_NONE, NULL, 0, loc);
  x->used_core = true;
}

/* The tensor t limited to count elements (count a scalar value); t
** itself when the count is not known. */
static fe_asc_tensor limit(fe_asc_ctx *x, fe_asc_tensor t,
                           const fe_asc_val *count) {
  int64_t k;
  if (count && fe_asc_const(count, &k) && k >= 0 && !t.whole) {
    t.bytes = k * (t.elem ? t.elem : 1);
  } else if (count && count->kind == FE_AV_SYM) {
    /* a symbolic extent: from the offset to the end of the tensor */
  }
  return t;
}

static bool tensor_arg(const fe_asc_val *v) {
  return v->kind == FE_AV_LTENSOR || v->kind == FE_AV_GTENSOR;
}

static bool scalar_arg(const fe_asc_val *v) {
  return v->kind == FE_AV_INT || v->kind == FE_AV_SYM ||
         v->kind == FE_AV_UNKNOWN;
}

/* A tensor argument the extraction lost track of: whole of nothing. */
static bool lost(fe_asc_ctx *x, const fe_asc_call *c, uint32_t i) {
  if (c->arg[i].t.buf != MDL_NOVAL)
    return false;
  fe_asc_unsupported(x, c->arg_node[i],
                     "a tensor whose buffer ksv could not follow");
  return true;
}

/* Field name (or position pos, "#pos": a struct built with arguments)
** of a library parameter struct v, when it is a known integer. */
static bool pfield(const fe_asc_val *v, const char *name, int pos,
                   int64_t *out) {
  if (v->kind != FE_AV_OBJ)
    return false;
  fe_asc_field *f = fe_asc_field_find(v->o, name);
  char nm[4] = {'#', (char)('0' + pos), 0, 0};
  if (!f && pos >= 0)
    f = fe_asc_field_find(v->o, nm);
  return f && fe_asc_const(&f->val, out) && *out >= 0;
}

uint8_t fe_asc_lib_field_ctype(const char *type, const char *name, int pos) {
  static const char *const dcp[] = {"blockCount", "blockLen", "srcStride",
                                    "dstStride"};
  if (!type || strcmp(type, "DataCopyParams"))
    return 0;
  for (int i = 0; i < 4; i++)
    if (name ? !strcmp(name, dcp[i]) : pos == i)
      return 16 | FE_CT_UNSIGNED;
  return 0;
}

/* v rounded up to a multiple of a; -1 past 64 bits or for v < 0. */
static int64_t up(int64_t v, int64_t a) {
  return v < 0 || v > INT64_MAX - a ? -1 : (v + a - 1) / a * a;
}

/* a * b * c, or -1 when it leaves 64 bits or a factor is negative (the
** extent is then not narrowed: limit_bytes keeps the tensor's own). */
static int64_t mul3(int64_t a, int64_t b, int64_t c) {
  int64_t r;
  if (a < 0 || b < 0 || c < 0 || __builtin_mul_overflow(a, b, &r) ||
      __builtin_mul_overflow(r, c, &r))
    return -1;
  return r;
}

/* n blocks of blk bytes, gap bytes apart: n * blk + (n - 1) * gap, or -1
** past 64 bits or with a negative part. */
static int64_t span(int64_t n, int64_t blk, int64_t gap) {
  int64_t a = mul3(n, blk, 1), b = mul3(n - 1, gap, 1), r;
  return a < 0 || b < 0 || __builtin_add_overflow(a, b, &r) ? -1 : r;
}

/* t limited to bytes when that is known (>= 0); t itself otherwise. */
static fe_asc_tensor limit_bytes(fe_asc_tensor t, int64_t bytes) {
  if (bytes >= 0 && !t.whole)
    t.bytes = bytes;
  return t;
}

/* ----------------------------------------------------------- data ops */

static bool h_datacopy(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)res;
  if (c->nargs < 2 || !tensor_arg(&c->arg[0]) || !tensor_arg(&c->arg[1]))
    return false;
  if (lost(x, c, 0) || lost(x, c, 1))
    return true;
  const fe_asc_val *count =
      c->nargs == 3 && scalar_arg(&c->arg[2]) ? &c->arg[2] : NULL;
  fe_asc_tensor d = limit(x, c->arg[0].t, count),
                s = limit(x, c->arg[1].t, count);
  int64_t bc, bl, ss = 0, ds = 0;
  const fe_asc_val *p = c->nargs >= 3 ? &c->arg[2] : NULL;
  if (p && pfield(p, "blockCount", 0, &bc) && pfield(p, "blockLen", 1, &bl)) {
    /* DataCopyParams: blockCount blocks of blockLen 32-byte units, the
       gaps srcStride / dstStride in the same units; DataCopyPad's
       DataCopyExtParams count blockLen in bytes (the UB side padded to 32
       bytes, its gap in 32-byte units, the GM gap in bytes) */
    pfield(p, "srcStride", 2, &ss);
    pfield(p, "dstStride", 3, &ds);
    bool pad = !strcmp(c->name, "DataCopyPad");
    int64_t blk_s = pad ? (s.space == MDL_SPACE_GM ? bl : up(bl, 32))
                        : mul3(bl, 32, 1);
    int64_t blk_d = pad ? (d.space == MDL_SPACE_GM ? bl : up(bl, 32))
                        : mul3(bl, 32, 1);
    int64_t gs = pad && s.space == MDL_SPACE_GM ? ss : mul3(ss, 32, 1);
    int64_t gd = pad && d.space == MDL_SPACE_GM ? ds : mul3(ds, 32, 1);
    if (bc > 0) { /* (past 64 bits or negative: the tensors' own extents) */
      s = limit_bytes(s, span(bc, blk_s, gs));
      d = limit_bytes(d, span(bc, blk_d, gd));
    }
  }
  mdl_pipe pp = mdl_copy_pipe(s.space, d.space);
  const fe_asc_tensor *r[1] = {&s}, *w[1] = {&d};
  fe_asc_emit_op(x, c->name, pp, r, 1, w, 1, fe_asc_loc(x, c->node));
  return true;
}

/* The extents a cube op's parameter struct gives (the last argument):
** Mmad's MmadParams m, n, k (16-element fractals: L0C m x n, L0A m x k,
** L0B k x n), LoadData's LoadData2DParams repeatTimes of 512-byte
** fractals (srcStride apart in the source), Fixpipe's nSize x mSize of the
** L0C source (its GM destination keeps its own extent: strides).  lim[0]
** the destination, lim[1 + i] the sources. */
static void cube_extents(const fe_asc_call *c, const fe_asc_tensor *w,
                         const fe_asc_tensor *const *r, uint32_t nr,
                         fe_asc_tensor *lim) {
  lim[0] = *w;
  for (uint32_t i = 0; i < nr; i++)
    lim[i + 1] = *r[i];
  const fe_asc_val *p = c->nargs ? &c->arg[c->nargs - 1] : NULL;
  int64_t m, n, k, rep, st = 1;
  if (!p || p->kind != FE_AV_OBJ)
    return;
  if (!strcmp(c->name, "Mmad") && pfield(p, "m", 0, &m) &&
      pfield(p, "n", 1, &n) && pfield(p, "k", 2, &k)) {
    m = up(m, 16), n = up(n, 16), k = up(k, 16);
    lim[0] = limit_bytes(lim[0], mul3(m, n, w->elem ? w->elem : 4));
    if (nr >= 1)
      lim[1] = limit_bytes(lim[1], mul3(m, k, r[0]->elem ? r[0]->elem : 2));
    if (nr >= 2)
      lim[2] = limit_bytes(lim[2], mul3(k, n, r[1]->elem ? r[1]->elem : 2));
  } else if (!strncmp(c->name, "LoadData", 8) &&
             pfield(p, "repeatTimes", 1, &rep) && rep > 0) {
    pfield(p, "srcStride", 2, &st);
    lim[0] = limit_bytes(lim[0], mul3(rep, 512, 1));
    int64_t span = mul3(rep - 1, st ? st : 1, 1);
    if (nr >= 1)
      lim[1] = limit_bytes(lim[1], span < 0 || span == INT64_MAX
                                       ? -1
                                       : mul3(span + 1, 512, 1));
  } else if (!strcmp(c->name, "Fixpipe") && pfield(p, "nSize", 0, &n) &&
             pfield(p, "mSize", 1, &m) && nr >= 1 &&
             r[0]->space == MDL_SPACE_L0C) {
    lim[1] = limit_bytes(lim[1], mul3(up(m, 16), up(n, 16),
                                      r[0]->elem ? r[0]->elem : 4));
  }
}

/* Mmad, Fixpipe, LoadData and friends: the first tensor argument is
** written, the other tensors read; pipe fixed (M, FIX) or by the spaces
** (LoadData: MTE1 from L1, MTE2 from GM). */
static bool cube_op(fe_asc_ctx *x, const fe_asc_call *c, int pipe) {
  const fe_asc_tensor *r[FE_ASC_MAX_ARGS], *w[1] = {NULL};
  uint32_t nr = 0;
  for (uint32_t i = 0; i < c->nargs; i++) {
    if (!tensor_arg(&c->arg[i]))
      continue;
    if (lost(x, c, i))
      return true;
    if (!w[0])
      w[0] = &c->arg[i].t;
    else
      r[nr++] = &c->arg[i].t;
  }
  if (!w[0] || !nr)
    return false;
  mdl_pipe p = pipe >= 0 ? (mdl_pipe)pipe
                         : mdl_copy_pipe(r[0]->space, w[0]->space);
  fe_asc_tensor lim[FE_ASC_MAX_ARGS + 1];
  cube_extents(c, w[0], r, nr, lim);
  const fe_asc_tensor *lr[FE_ASC_MAX_ARGS], *lw[1] = {&lim[0]};
  for (uint32_t i = 0; i < nr; i++)
    lr[i] = &lim[i + 1];
  fe_asc_emit_op(x, c->name, p, lr, nr, lw, 1, fe_asc_loc(x, c->node));
  return true;
}

static bool h_mmad(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)res;
  return cube_op(x, c, MDL_PIPE_M);
}

static bool h_fixpipe(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)res;
  return cube_op(x, c, MDL_PIPE_FIX);
}

static bool h_loaddata(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)res;
  return cube_op(x, c, -1);
}

/* The vector APIs: name, the index of the element count in the count
** form of the call (its last argument), and which tensor arguments after
** the first (the destination) are also written (a work buffer). */
typedef struct {
  const char *name;
  uint8_t count_at;
  uint8_t also_written;      /* bit i: the i-th tensor argument */
} vec_api;

static const vec_api VEC[] = {
    {"Add", 3, 0}, {"Sub", 3, 0}, {"Mul", 3, 0}, {"Div", 3, 0},
    {"Max", 3, 0}, {"Min", 3, 0}, {"And", 3, 0}, {"Or", 3, 0},
    {"AddRelu", 3, 0}, {"SubRelu", 3, 0}, {"MulAddDst", 3, 0},
    {"FusedMulAdd", 3, 0}, {"AddDeqRelu", 3, 0}, {"Exp", 2, 0},
    {"Ln", 2, 0}, {"Abs", 2, 0}, {"Reciprocal", 2, 0}, {"Sqrt", 2, 0},
    {"Rsqrt", 2, 0}, {"Relu", 2, 0}, {"Not", 2, 0}, {"Neg", 2, 0},
    {"Adds", 3, 0}, {"Muls", 3, 0}, {"Maxs", 3, 0}, {"Mins", 3, 0},
    {"ShiftLeft", 3, 0}, {"ShiftRight", 3, 0}, {"LeakyRelu", 3, 0},
    {"Axpy", 3, 0}, {"Duplicate", 2, 0}, {"Cast", 3, 0},
    {"Compare", 4, 0}, {"CompareScalar", 4, 0}, {"Select", 5, 0},
    {"ReduceMax", 3, 0x4}, {"ReduceMin", 3, 0x4}, {"ReduceSum", 3, 0x4},
    {"WholeReduceMax", 255, 0}, {"WholeReduceMin", 255, 0},
    {"WholeReduceSum", 255, 0}, {"BlockReduceMax", 255, 0},
    {"BlockReduceMin", 255, 0}, {"BlockReduceSum", 255, 0},
    {"PairReduceSum", 255, 0}, {"RepeatReduceSum", 255, 0},
    {"Brcb", 255, 0}, {"Gather", 255, 0}, {"Gatherb", 255, 0},
    {"Scatter", 255, 0}, {"Transpose", 255, 0}, {"TransDataTo5HD", 255, 0},
    {"Sort", 255, 0}, {"Sort32", 255, 0}, {"MrgSort", 255, 0},
    {"MrgSort4", 255, 0}, {"Copy", 4, 0}, {"GatherMask", 255, 0},
    {"SoftMax", 255, 0}, {"SimpleSoftMax", 255, 0}, {"Power", 255, 0},
    {"Sin", 2, 0}, {"Cos", 2, 0}, {"Tanh", 2, 0}, {"Sigmoid", 2, 0},
    {"Gelu", 2, 0}, {"Silu", 2, 0}, {"Sign", 2, 0}, {"Floor", 2, 0},
    {"Ceil", 2, 0}, {"Round", 2, 0}, {"Trunc", 2, 0}, {"CastDeq", 255, 0},
    {"Mul", 3, 0}, {NULL, 0, 0}};

static const vec_api *vec_find(const char *name) {
  for (int i = 0; VEC[i].name; i++)
    if (!strcmp(VEC[i].name, name))
      return &VEC[i];
  return NULL;
}

static bool h_vector(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)res;
  const vec_api *va = vec_find(c->name);
  if (!va)
    return false;
  const fe_asc_val *count = NULL;
  if (va->count_at != 255 && c->nargs >= (uint32_t)va->count_at + 1 &&
      c->nargs <= (uint32_t)va->count_at + 2 &&
      scalar_arg(&c->arg[va->count_at]) && !tensor_arg(&c->arg[c->nargs - 1]))
    count = &c->arg[va->count_at];
  fe_asc_tensor ts[FE_ASC_MAX_ARGS];
  const fe_asc_tensor *r[FE_ASC_MAX_ARGS], *w[FE_ASC_MAX_ARGS];
  uint32_t nt = 0, nr = 0, nw = 0;
  for (uint32_t i = 0; i < c->nargs; i++) {
    if (!tensor_arg(&c->arg[i]))
      continue;
    if (lost(x, c, i))
      return true;
    ts[nt] = limit(x, c->arg[i].t, count);
    if (nt == 0 || (nt < 8 && (va->also_written >> nt) & 1))
      w[nw++] = &ts[nt];
    else
      r[nr++] = &ts[nt];
    nt++;
  }
  if (!nw)
    return false;
  fe_asc_emit_op(x, c->name, MDL_PIPE_V, r, nr, w, nw,
                 fe_asc_loc(x, c->node));
  return true;
}

/* t.GetValue(i) / t.SetValue(i, v): one element on PIPE_S. */
static bool h_scalar_access(fe_asc_ctx *x, const fe_asc_call *c,
                            fe_asc_val *res) {
  if (!c->recv || c->nargs < 1 || c->recv->t.buf == MDL_NOVAL)
    return false;
  mdl_loc loc = fe_asc_loc(x, c->node);
  bool set = !strcmp(c->name, "SetValue");
  fe_asc_tensor t = c->recv->t;
  t.bytes = -1;
  mdl_valref v = fe_asc_tensor_view(x, &t, loc);
  mdl_valref ix = fe_asc_scalar(x, &c->arg[0], loc);
  mdl_b_scalar_access(&x->bd, set ? "SetValue" : "GetValue", v,
                      set ? MDL_ACC_WRITE : MDL_ACC_READ, ix,
                      t.elem ? t.elem : 1, loc);
  x->used_core = true;
  /* a value read from memory: nothing known of it (an event id made of
     it is not understood) */
  *res = fe_asc_unknown();
  return true;
}

/* --------------------------------------------------------------- sync */

/* An event id argument: a constant or a symbolic scalar value. */
static mdl_valref event_id(fe_asc_ctx *x, const fe_asc_call *c, uint32_t i,
                           mdl_loc loc) {
  if (i >= c->nargs)
    return mdl_b_const(&x->bd, 0, loc);
  mdl_valref v = fe_asc_scalar(x, &c->arg[i], loc);
  if (v == MDL_NOVAL || c->arg[i].kind == FE_AV_UNKNOWN)
    fe_asc_unsupported(x, c->arg_node[i], "an event id ksv cannot compute");
  return v == MDL_NOVAL ? mdl_b_const(&x->bd, 0, loc) : v;
}

/* Sync statements are named by the call as the file spells it
** ("SetFlag", "set_flag", "WAIT_FLAG"): messages and repairs use it. */
static void flag(fe_asc_ctx *x, const fe_asc_call *c, bool wait, mdl_pipe a,
                 mdl_pipe b, mdl_valref id, mdl_loc loc) {
  mdl_b_flag(&x->bd, wait, a, b, id, loc)->name = c->name;
  x->used_core = true;
}

/* AscendC::SetFlag<HardEvent::A_B>(id), WaitFlag; TQueSync.SetFlag(id). */
static bool h_setwait(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)res;
  bool wait = !strcmp(c->name, "WaitFlag");
  mdl_loc loc = fe_asc_loc(x, c->node);
  if (c->obj && c->obj->kind == FE_OBJ_TQUESYNC) {
    flag(x, c, wait, c->obj->p1, c->obj->p2, event_id(x, c, 0, loc), loc);
    return true;
  }
  if (c->obj)
    return false;
  if (c->ntargs < 1 || c->targ[0].kind != FE_AV_HEVT) {
    if (c->ntargs >= 1)
      fe_asc_unsupported(x, c->node, "%s of an event ksv cannot read",
                         c->name);
    return c->ntargs >= 1;
  }
  flag(x, c, wait, (mdl_pipe)c->targ[0].i, (mdl_pipe)c->targ[0].j,
       event_id(x, c, 0, loc), loc);
  return true;
}

/* A pipe named by an argument: PIPE_V, or V / MTE2 in the SET_FLAG
** macros' spelling. */
static bool pipe_arg(fe_asc_ctx *x, const fe_asc_call *c, uint32_t i,
                     mdl_pipe *p) {
  if (i >= c->nargs)
    return false;
  if (c->arg[i].kind == FE_AV_PIPE) {
    *p = (mdl_pipe)c->arg[i].i;
    return true;
  }
  char nm[32];
  snprintf(nm, sizeof nm, "PIPE_%s", fe_asc_text(x, c->arg_node[i]));
  int k = mdl_pipe_parse(nm, strlen(nm));
  if (k < 0)
    return false;
  *p = (mdl_pipe)k;
  return true;
}

/* set_flag(PIPE_A, PIPE_B, id) / wait_flag, SET_FLAG(A, B, id). */
static bool h_cce_flag(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)res;
  mdl_pipe a, b;
  if (c->obj || !pipe_arg(x, c, 0, &a) || !pipe_arg(x, c, 1, &b))
    return false;
  bool wait = c->name[0] == 'w' || c->name[0] == 'W';
  mdl_loc loc = fe_asc_loc(x, c->node);
  flag(x, c, wait, a, b, event_id(x, c, 2, loc), loc);
  return true;
}

/* PipeBarrier<PIPE_X>(), pipe_barrier(PIPE_X), PIPE_BARRIER(X). */
static bool h_barrier(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)res;
  mdl_pipe p;
  if (c->obj)
    return false;
  if (c->ntargs >= 1 && c->targ[0].kind == FE_AV_PIPE)
    p = (mdl_pipe)c->targ[0].i;
  else if (!pipe_arg(x, c, 0, &p))
    return false;
  mdl_b_barrier(&x->bd, p, fe_asc_loc(x, c->node))->name = c->name;
  x->used_core = true;
  return true;
}

static mdl_core_type side(const fe_asc_ctx *x) {
  return x->core == FE_ASC_CORE_AIC ? MDL_CORE_AIC : MDL_CORE_AIV;
}

/* A cross-core set / wait of flag id in mode (ASCENDC.md: 0 all AICs or
** all AIVs, 1 the two AIVs, 2 AIC with both AIVs, 4 AIC with one AIV). */
static void xflag(fe_asc_ctx *x, const fe_asc_call *c, bool wait, int64_t mode,
                  mdl_pipe pipe, mdl_valref id, mdl_loc loc) {
  if (mode != 0 && mode != 1 && mode != 2) {
    fe_asc_unsupported(x, c->node, "cross-core mode %lld (mode 4, AIC with "
                       "one AIV, is a5 only and not modelled)",
                       (long long)mode);
    return;
  }
  static const mdl_xmode xm[3] = {MDL_XMODE_INTER_BLOCK,
                                  MDL_XMODE_INTER_SUBBLOCK,
                                  MDL_XMODE_INTRA_BLOCK};
  mdl_b_xflag(&x->bd, wait, side(x), pipe, pipe, id, xm[mode], loc)->name =
      c->name;
  x->used_core = true;
}

/* CrossCoreSetFlag<mode, PIPE_X>(id), CrossCoreWaitFlag(id) and
** <mode, PIPE_X> (defaults: mode 0, PIPE_S). */
static bool h_crosscore(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)res;
  if (c->obj)
    return false;
  bool wait = strstr(c->name, "Wait") != NULL;
  int64_t mode = 0;
  mdl_pipe pipe = MDL_PIPE_S;
  if (c->ntargs >= 1 && !fe_asc_const(&c->targ[0], &mode)) {
    fe_asc_unsupported(x, c->node, "a cross-core mode ksv cannot compute");
    return true;
  }
  if (c->ntargs >= 2 && c->targ[1].kind == FE_AV_PIPE)
    pipe = (mdl_pipe)c->targ[1].i;
  mdl_loc loc = fe_asc_loc(x, c->node);
  xflag(x, c, wait, mode, pipe, event_id(x, c, 0, loc), loc);
  return true;
}

/* ffts_cross_core_sync(PIPE_X, config): config = 1 | mode << 4 | flag << 8
** (the library's GetffstMsg); wait_flag_dev(flag). */
static bool h_ffts(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)res;
  mdl_loc loc = fe_asc_loc(x, c->node);
  if (!strcmp(c->name, "wait_flag_dev")) {
    xflag(x, c, true, 2, MDL_PIPE_S, event_id(x, c, 0, loc), loc);
    return true;
  }
  mdl_pipe p;
  int64_t cfg;
  if (!pipe_arg(x, c, 0, &p))
    return false;
  if (c->nargs < 2 || !fe_asc_const(&c->arg[1], &cfg)) {
    fe_asc_unsupported(x, c->node, "an ffts config ksv cannot compute");
    return true;
  }
  xflag(x, c, false, (cfg >> 4) & 0xf, p,
        mdl_b_const(&x->bd, (cfg >> 8) & 0xf, loc), loc);
  return true;
}

/* SyncAll<isAIVOnly = true>(): all AIVs (ALL_VECTOR), <false>: all cores.
** The soft form (workspace tensors) is a GM protocol: not modelled. */
static bool h_syncall(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)res;
  if (c->nargs > 0) {
    fe_asc_unsupported(x, c->node, "the soft SyncAll (GM workspace)");
    return true;
  }
  int64_t aiv_only = 1;
  if (c->ntargs >= 1)
    fe_asc_const(&c->targ[0], &aiv_only);
  mdl_b_sync_block(&x->bd, aiv_only ? 1 : 5, MDL_NOVAL, MDL_PIPE_ALL,
                   MDL_PIPE_ALL, fe_asc_loc(x, c->node))->name = c->name;
  x->used_core = true;
  return true;
}

/* ------------------------------------------------------------ indices */

static bool h_index(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  static const struct { const char *n; mdl_xop op; } t[] = {
      {"GetBlockIdx", MDL_X_BLOCK_IDX}, {"get_block_idx", MDL_X_BLOCK_IDX},
      {"GetBlockNum", MDL_X_BLOCK_NUM}, {"get_block_num", MDL_X_BLOCK_NUM},
      {"GetSubBlockIdx", MDL_X_SUB_BLOCK_IDX},
      {"get_subblockid", MDL_X_SUB_BLOCK_IDX},
      {"GetSubBlockNum", MDL_X_SUB_BLOCK_NUM}};
  if (c->obj)
    return false;
  mdl_loc loc = fe_asc_loc(x, c->node);
  if (x->core == FE_ASC_CORE_AIV && (!strcmp(c->name, "GetBlockIdx") ||
                                     !strcmp(c->name, "get_block_idx"))) {
    /* on an AIV of a MIX kernel the block index counts the sub-blocks:
       2 * block + sub-block (ASCENDC.md, "Indices"); a lone vector kernel
       has one sub-block, so it is the block index there */
    mdl_valref b = mdl_b_x(&x->bd, MDL_X_BLOCK_IDX, MDL_NOVAL, MDL_NOVAL, loc);
    mdl_valref n = mdl_b_x(&x->bd, MDL_X_SUB_BLOCK_NUM, MDL_NOVAL, MDL_NOVAL,
                           loc);
    mdl_valref s = mdl_b_x(&x->bd, MDL_X_SUB_BLOCK_IDX, MDL_NOVAL, MDL_NOVAL,
                           loc);
    res->kind = FE_AV_SYM;
    res->ct = 64; /* int64_t GetBlockIdx() */
    res->v = mdl_b_x(&x->bd, MDL_X_ADD,
                     mdl_b_x(&x->bd, MDL_X_MUL, b, n, loc), s, loc);
    /* the two AIVs see different values: they are not one program */
    x->reads_sub_block = true;
    return true;
  }
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (!strcmp(t[i].n, c->name)) {
      res->kind = FE_AV_SYM;
      res->ct = 64; /* int64_t GetBlockIdx() / GetBlockNum() ... */
      res->v = mdl_b_x(&x->bd, t[i].op, MDL_NOVAL, MDL_NOVAL,
                       fe_asc_loc(x, c->node));
      if (t[i].op == MDL_X_SUB_BLOCK_IDX)
        x->reads_sub_block = true;
      return true;
    }
  if (!strcmp(c->name, "GetTaskRation")) {
    res->kind = FE_AV_SYM;
    res->wu = true; /* (its return type: no source in shared/) */
    res->v = mdl_b_x(&x->bd, MDL_X_SUB_BLOCK_NUM, MDL_NOVAL, MDL_NOVAL,
                     fe_asc_loc(x, c->node));
    return true;
  }
  return false;
}

/* static_cast / reinterpret_cast<T*>(p): p, with T's elements. */
static bool h_cast(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)x;
  if (c->obj || c->nargs != 1)
    return false;
  *res = c->arg[0];
  if ((res->kind == FE_AV_INT || res->kind == FE_AV_SYM) && c->ntargs >= 1) {
    /* static_cast<uint32_t>(v): converted as C converts */
    *res = fe_asc_convert(x, *res,
                          fe_asc_ctype_text(fe_asc_text(x, c->targ_node[0])),
                          c->node);
    return true;
  }
  if (res->kind == FE_AV_GTENSOR && c->ntargs >= 1) /* to __gm__ S * */
    res->t.st = fe_asc_struct_of(x, c->targ_node[0]);
  if (tensor_arg(res) && c->ntargs >= 1 && c->targ[0].kind == FE_AV_TYPE &&
      c->targ[0].i)
    res->t.elem = (uint32_t)c->targ[0].i;
  else if (tensor_arg(res) && c->ntargs >= 1) {
    const char *tt = fe_asc_text(x, c->targ_node[0]);
    char base[64];
    size_t n = 0;
    for (const char *p = tt; *p && n + 1 < sizeof base; p++)
      if (*p != '*' && *p != '&' && *p != ' ')
        base[n++] = *p;
    base[n] = 0;
    uint32_t s = fe_asc_sizeof(base);
    if (s)
      res->t.elem = s;
  }
  return true;
}

/* GET_TILING_DATA(name, tiling): name is the tiling struct, whose fields
** are symbolic non-negative values (one atom per field). */
static bool h_tiling(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)res;
  if (c->nargs < 1)
    return false;
  fe_asc_obj *o = mdl_alloc(x->bd.k->arena, sizeof *o);
  o->kind = FE_OBJ_OPAQUE;
  o->type = "tiling";
  fe_asc_val v = fe_asc_unknown();
  v.kind = FE_AV_OBJ;
  v.o = o;
  fe_asc_bind(x, fe_asc_text(x, c->arg_node[0]), v);
  return true;
}

/* ------------------------------------------------------------ buffers */

/* pipe.InitBuffer(tbuf, len): one buffer of len bytes.  TQue buffers are
** fe_asc_que.c's (its handler comes first; this one declines them). */
static bool h_initbuffer_tbuf(fe_asc_ctx *x, const fe_asc_call *c,
                              fe_asc_val *res) {
  (void)res;
  if (c->nargs < 2 || c->arg[0].kind != FE_AV_OBJ ||
      c->arg[0].o->kind != FE_OBJ_TBUF)
    return false;
  fe_asc_obj *b = c->arg[0].o;

  int64_t len;
  mdl_space sp = fe_asc_pos_space(b->pos);
  if (!fe_asc_const(&c->arg[c->nargs - 1], &len)) {
    fe_asc_warn(x, c->node, "a TBuf length ksv cannot compute: its tensors "
                "cover the whole %s", mdl_space_name(sp));
    len = -1;
  }
  b->len = len;
  b->num = 1;
  b->buf = fe_asc_local_alloc(x, sp, b->pos, len, 1);
  return true;
}

/* The element size a call's first template argument names (Get<float>). */
static uint32_t targ_elem(const fe_asc_call *c) {
  for (uint32_t i = 0; i < c->ntargs; i++)
    if (c->targ[i].kind == FE_AV_TYPE)
      return (uint32_t)c->targ[i].i;
  return 0;
}

/* tbuf.Get<T>() / Get<T>(len) / GetWithOffset<T>(len, byteOffset). */
static bool h_tbuf_get(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)x;
  fe_asc_obj *b = c->obj;
  if (b->buf.buf == MDL_NOVAL) {
    fe_asc_unsupported(x, c->node, "a TBuf used before its InitBuffer");
    return true;
  }
  res->kind = FE_AV_LTENSOR;
  res->t = b->buf;
  res->t.elem = targ_elem(c);
  uint32_t e = res->t.elem ? res->t.elem : 1;
  int64_t k;
  if (!strcmp(c->name, "GetWithOffset") && c->nargs >= 2) {
    if (!fe_asc_const(&c->arg[1], &k) || !off_add(&res->t.off, k, 1))
      res->t.whole = true;
  }
  if (c->nargs >= 1 && fe_asc_const(&c->arg[0], &k) && !res->t.whole)
    res->t.bytes = elem_bytes(k, e);
  return true;
}

fe_asc_val fe_asc_api_static_tensor(fe_asc_ctx *x, uint32_t elem,
                                    const fe_asc_val *a, uint32_t n,
                                    TSNode at) {
  /* LocalTensor<T>(TPosition pos, uint32_t addr (bytes), uint32_t len
     (elements)) */
  fe_asc_val v = fe_asc_unknown();
  v.kind = FE_AV_LTENSOR;
  fe_asc_pos pos = n >= 1 && a[0].kind == FE_AV_POS ? (fe_asc_pos)a[0].i
                                                    : FE_POS_VECCALC;
  mdl_space sp = fe_asc_pos_space(pos);
  v.t = empty_tensor(sp);
  v.t.pos = pos;
  v.t.buf = x->base[sp];
  v.t.elem = elem;
  int64_t addr, len;
  if (n >= 2 && fe_asc_const(&a[1], &addr)) {
    v.t.whole = false;
    v.t.off = addr;
    v.t.bytes = n >= 3 && fe_asc_const(&a[2], &len) ? elem_bytes(len, elem)
                                                    : -1;
  } else if (n >= 2) {
    mdl_valref s = fe_asc_scalar(x, &a[1], fe_asc_loc(x, at));
    if (s != MDL_NOVAL && a[1].kind != FE_AV_UNKNOWN) {
      v.t.whole = false;
      v.t.off_sym = s;
      v.t.bytes = n >= 3 && fe_asc_const(&a[2], &len)
                      ? elem_bytes(len, elem) : -1;
    }
  }
  return v;
}

/* LocalMemAllocator<Hardware::X>.Alloc<T, N>() / Alloc<T>(n): the next
** n * sizeof(T) bytes of the memory. */
static bool h_alloc(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  fe_asc_obj *o = c->obj;
  uint32_t e = targ_elem(c);
  int64_t n = -1;
  for (uint32_t i = 0; i < c->ntargs; i++)
    if (c->targ[i].kind == FE_AV_INT)
      n = c->targ[i].i;
  if (n < 0 && c->nargs >= 1)
    fe_asc_const(&c->arg[c->nargs - 1], &n);
  mdl_space sp = fe_asc_pos_space(o->pos);
  res->kind = FE_AV_LTENSOR;
  res->t = empty_tensor(sp);
  res->t.buf = x->base[sp];
  res->t.elem = e;
  if (n >= 0) {
    res->t.whole = false;
    res->t.off = o->next;
    res->t.bytes = elem_bytes(n, e);
    res->t.whole = res->t.bytes < 0; /* (past 64 bits) */
    next_after(&o->next, res->t.bytes);
  }
  return true;
}

/* g.SetGlobalBuffer((__gm__ T*)p + off, len). */
static bool h_setglobal(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)res;
  if (!c->recv || c->recv->kind != FE_AV_GTENSOR || c->nargs < 1)
    return false;
  uint32_t e = c->recv->t.elem;
  if (c->arg[0].kind != FE_AV_GTENSOR) {
    fe_asc_unsupported(x, c->arg_node[0],
                       "a global buffer that is not a kernel argument");
    return true;
  }
  c->recv->t = c->arg[0].t;
  c->recv->t.elem = e ? e : c->arg[0].t.elem;
  int64_t len;
  if (c->nargs >= 2 && fe_asc_const(&c->arg[1], &len) && len >= 0 &&
      c->recv->t.off_sym == MDL_NOVAL && !c->recv->t.whole)
    c->recv->t.bytes = elem_bytes(len, c->recv->t.elem);
  else
    c->recv->t.bytes = -1;
  return true;
}

/* t.ReinterpretCast<T>(): the same bytes as T elements. */
static bool h_reinterpret(fe_asc_ctx *x, const fe_asc_call *c,
                          fe_asc_val *res) {
  (void)x;
  if (!c->recv)
    return false;
  *res = *c->recv;
  res->t.elem = targ_elem(c);
  return true;
}

/* --------------------------------------------------- CCE intrinsics */

/* copy_gm_to_ubuf(dst, src, sid, nBurst, lenBurst, srcStride, dstStride)
** and its kin: nBurst bursts of lenBurst 32-byte blocks. */
static bool h_cce_copy(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)res;
  if (c->nargs < 2 || !tensor_arg(&c->arg[0]) || !tensor_arg(&c->arg[1]))
    return false;
  if (lost(x, c, 0) || lost(x, c, 1))
    return true;
  fe_asc_tensor d = c->arg[0].t, s = c->arg[1].t;
  int64_t nb, lb, ss = 0, ds = 0;
  if (c->nargs >= 5 && fe_asc_const(&c->arg[3], &nb) &&
      fe_asc_const(&c->arg[4], &lb)) {
    if (c->nargs >= 7) {
      fe_asc_const(&c->arg[5], &ss);
      fe_asc_const(&c->arg[6], &ds);
    }
    s.bytes = (nb * lb + (nb > 0 ? (nb - 1) * ss : 0)) * 32;
    d.bytes = (nb * lb + (nb > 0 ? (nb - 1) * ds : 0)) * 32;
    s.whole = d.whole = false;
  }
  mdl_pipe p = mdl_copy_pipe(s.space, d.space);
  const fe_asc_tensor *r[1] = {&s}, *w[1] = {&d};
  fe_asc_emit_op(x, c->name, p, r, 1, w, 1, fe_asc_loc(x, c->node));
  return true;
}

/* vadd(dst, src0, src1, repeat, ...) and the other v* intrinsics: the
** first pointer written, the others read, repeat x 256 bytes each (the
** default repeat stride of 8 blocks). */
static bool h_cce_vec(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  (void)res;
  if (c->name[0] != 'v' || c->nargs < 2 || !tensor_arg(&c->arg[0]))
    return false;
  fe_asc_tensor ts[FE_ASC_MAX_ARGS];
  const fe_asc_tensor *r[FE_ASC_MAX_ARGS], *w[1];
  uint32_t nt = 0, nr = 0;
  int64_t rep = -1;
  for (uint32_t i = 0; i < c->nargs; i++) {
    if (tensor_arg(&c->arg[i])) {
      if (lost(x, c, i))
        return true;
      ts[nt++] = c->arg[i].t;
    } else if (rep < 0 && fe_asc_const(&c->arg[i], &rep)) {
      break;
    }
  }
  /* after the repeat: a block stride per tensor, then a repeat stride per
     tensor (in 32-byte blocks); without them, 8 contiguous blocks a
     repeat.  A stride ksv cannot read: the tensor to its end. */
  uint32_t ri = 0;
  for (uint32_t i = 0; i < c->nargs; i++)
    if (!tensor_arg(&c->arg[i])) {
      ri = i;
      break;
    }
  for (uint32_t i = 0; i < nt && rep >= 0; i++) {
    int64_t bs = 1, rs = 8;
    bool has = c->nargs > ri + 2 * nt;
    if (has && (!fe_asc_const(&c->arg[ri + 1 + i], &bs) ||
                !fe_asc_const(&c->arg[ri + 1 + nt + i], &rs)))
      continue;
    if (!ts[i].whole && rep > 0)
      ts[i].bytes = ((rep - 1) * rs + 7 * bs + 1) * 32;
  }
  w[0] = &ts[0];
  for (uint32_t i = 1; i < nt; i++)
    r[nr++] = &ts[i];
  fe_asc_emit_op(x, c->name, MDL_PIPE_V, r, nr, w, 1, fe_asc_loc(x, c->node));
  return true;
}

/* ------------------------------------------------------------- table */

const fe_asc_api fe_asc_api_core[] = {
    {"SetFlag", FE_API_ANY, h_setwait},
    {"WaitFlag", FE_API_ANY, h_setwait},
    {"set_flag", FE_API_FREE, h_cce_flag},
    {"wait_flag", FE_API_FREE, h_cce_flag},
    {"SET_FLAG", FE_API_FREE, h_cce_flag},
    {"WAIT_FLAG", FE_API_FREE, h_cce_flag},
    {"PipeBarrier", FE_API_FREE, h_barrier},
    {"pipe_barrier", FE_API_FREE, h_barrier},
    {"PIPE_BARRIER", FE_API_FREE, h_barrier},
    {"CrossCoreSetFlag", FE_API_FREE, h_crosscore},
    {"CrossCoreWaitFlag", FE_API_FREE, h_crosscore},
    {"ffts_cross_core_sync", FE_API_FREE, h_ffts},
    {"wait_flag_dev", FE_API_FREE, h_ffts},
    {"SyncAll", FE_API_FREE, h_syncall},
    {"DataCopy", FE_API_FREE, h_datacopy},
    {"DataCopyPad", FE_API_FREE, h_datacopy},
    {"Mmad", FE_API_FREE, h_mmad},
    {"MmadWithSparse", FE_API_FREE, h_mmad},
    {"Fixpipe", FE_API_FREE, h_fixpipe},
    {"LoadData", FE_API_FREE, h_loaddata},
    {"LoadDataWithTranspose", FE_API_FREE, h_loaddata},
    {"LoadData3DV2", FE_API_FREE, h_loaddata},
    {"GetValue", FE_API_LTENSOR, h_scalar_access},
    {"SetValue", FE_API_LTENSOR, h_scalar_access},
    {"GetValue", FE_API_GTENSOR, h_scalar_access},
    {"SetValue", FE_API_GTENSOR, h_scalar_access},
    {"ReinterpretCast", FE_API_LTENSOR, h_reinterpret},
    {"SetGlobalBuffer", FE_API_GTENSOR, h_setglobal},
    {"InitBuffer", FE_API_OBJ(FE_OBJ_TPIPE), h_initbuffer_tbuf},
    {"Get", FE_API_OBJ(FE_OBJ_TBUF), h_tbuf_get},
    {"GetWithOffset", FE_API_OBJ(FE_OBJ_TBUF), h_tbuf_get},
    {"Alloc", FE_API_OBJ(FE_OBJ_ALLOCATOR), h_alloc},
    {"GetBlockIdx", FE_API_FREE, h_index},
    {"GetBlockNum", FE_API_FREE, h_index},
    {"GetSubBlockIdx", FE_API_FREE, h_index},
    {"GetSubBlockNum", FE_API_FREE, h_index},
    {"GetTaskRation", FE_API_FREE, h_index},
    {"get_block_idx", FE_API_FREE, h_index},
    {"get_block_num", FE_API_FREE, h_index},
    {"get_subblockid", FE_API_FREE, h_index},
    {"static_cast", FE_API_FREE, h_cast},
    {"reinterpret_cast", FE_API_FREE, h_cast},
    {"const_cast", FE_API_FREE, h_cast},
    {"GET_TILING_DATA", FE_API_FREE, h_tiling},
    {"copy_gm_to_ubuf", FE_API_FREE, h_cce_copy},
    {"copy_ubuf_to_gm", FE_API_FREE, h_cce_copy},
    {"copy_gm_to_cbuf", FE_API_FREE, h_cce_copy},
    {"copy_ubuf_to_ubuf", FE_API_FREE, h_cce_copy},
    {"copy_cbuf_to_gm", FE_API_FREE, h_cce_copy},
    {"copy_ubuf_to_cbuf", FE_API_FREE, h_cce_copy},
    {"*vector", FE_API_FREE, h_vector},
    {"*cce_vector", FE_API_FREE, h_cce_vec},
    {NULL, 0, NULL}};

static bool entry_matches(const fe_asc_api *e, const fe_asc_call *c) {
  if (e->name[0] == '*') { /* the data tables: their own name check */
    if (c->obj || c->recv)
      return false;
    if (!strcmp(e->name, "*vector"))
      return vec_find(c->name) != NULL;
    return c->name[0] == 'v' && c->nargs >= 2 && tensor_arg(&c->arg[0]);
  }
  if (strcmp(e->name, c->name))
    return false;
  if (e->on == FE_API_ANY)
    return true;
  if (e->on == FE_API_FREE)
    return !c->obj && !c->recv;
  if (e->on == FE_API_LTENSOR || e->on == FE_API_GTENSOR)
    return c->recv && c->recv->kind == (e->on == FE_API_LTENSOR
                                            ? FE_AV_LTENSOR : FE_AV_GTENSOR);
  return c->obj && (int)c->obj->kind == e->on;
}

bool fe_asc_api_call(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  const fe_asc_api *tabs[2] = {fe_asc_api_que, fe_asc_api_core};
  for (int t = 0; t < 2; t++)
    for (const fe_asc_api *e = tabs[t]; e->name; e++)
      if (entry_matches(e, c)) {
        *res = fe_asc_unknown();
        if (e->fn(x, c, res))
          return true;
      }
  return false;
}

bool fe_asc_api_known(const char *name) {
  const fe_asc_api *tabs[2] = {fe_asc_api_que, fe_asc_api_core};
  for (int t = 0; t < 2; t++)
    for (const fe_asc_api *e = tabs[t]; e->name; e++)
      if (!strcmp(e->name, name))
        return true;
  return vec_find(name) != NULL;
}

/* ---------------------------------------------------- library objects */

fe_asc_objkind fe_asc_api_objkind(const char *type) {
  static const struct { const char *n; fe_asc_objkind k; } t[] = {
      {"TPipe", FE_OBJ_TPIPE}, {"TQue", FE_OBJ_TQUE},
      {"TQueBind", FE_OBJ_TQUE}, {"TBuf", FE_OBJ_TBUF},
      {"TQueSync", FE_OBJ_TQUESYNC}, {"LocalMemAllocator", FE_OBJ_ALLOCATOR},
      {"TBufPool", FE_OBJ_OPAQUE}};
  const char *c = strrchr(type, ':');
  if (c)
    type = c + 1;
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (!strcmp(t[i].n, type))
      return t[i].k;
  return FE_OBJ_CLASS;
}

void fe_asc_api_objinit(fe_asc_ctx *x, fe_asc_obj *o, TSNode ty) {
  o->buf = empty_tensor(MDL_SPACE_UB);
  o->pos = FE_POS_VECCALC;
  /* the template arguments: TBuf<pos>, TQue<pos, depth>, TQueBind<src,
     dst, depth>, TQueSync<P1, P2>, LocalMemAllocator<Hardware::X> */
  TSNode t = ty;
  while (!ts_node_is_null(t) && !strcmp(ts_node_type(t), "qualified_identifier"))
    t = fe_asc_child(t, "name");
  TSNode al = ts_node_is_null(t) ? NONE
                                 : ts_node_child_by_field_name(t, "arguments",
                                                               9);
  uint32_t na = ts_node_is_null(al) ? 0 : ts_node_named_child_count(al);
  int npos = 0, npipe = 0;
  for (uint32_t i = 0; i < na; i++) {
    fe_asc_val v = fe_asc_expr(x, ts_node_named_child(al, i));
    if (v.kind == FE_AV_POS) {
      if (npos++ == 0)
        o->pos = (fe_asc_pos)v.i;
      else
        o->pos2 = (fe_asc_pos)v.i;
    } else if (v.kind == FE_AV_PIPE) {
      if (npipe++ == 0)
        o->p1 = (mdl_pipe)v.i;
      else
        o->p2 = (mdl_pipe)v.i;
    } else if (v.kind == FE_AV_INT) {
      o->depth = v.i;
    }
  }
  if (o->kind == FE_OBJ_TQUE || o->kind == FE_OBJ_TPIPE)
    fe_asc_que_declare(x, o, ty);
}
