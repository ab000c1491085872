/*
** mdl_build.c -- the model builder (mdl_build.h): statements, values,
** sync, data ops and their accesses, buffers and layouts, loops and
** branches appended by a frontend; the machine facts of core placement;
** profile choice; kernel assembly from functions.
*/
#include "mdl_build.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ kernels */

mdl_func *mdl_b_func(mdl_builder *bd, mdl_kernel *k, const char *name,
                     mdl_loc loc, bool mix_single) {
  mdl_func *f = mdl_func_new(k, mdl_strdup(k->arena, name, strlen(name)),
                             loc);
  bd->k = k;
  bd->f = f;
  bd->blk = &f->body;
  bd->cores = 0x3;
  bd->mix_single = mix_single;
  return f;
}

void mdl_kernel_mix_pair(mdl_kernel *k, const mdl_func *aic,
                         const mdl_func *aiv) {
  k->kind = MDL_KIND_MIX;
  k->ncores = 3;
  k->cores[0] = (mdl_core){MDL_CORE_AIC, 0, aic, "AIC"};
  k->cores[1] = (mdl_core){MDL_CORE_AIV, 0, aiv, "AIV0"};
  k->cores[2] = (mdl_core){MDL_CORE_AIV, 1, aiv, "AIV1"};
}

void mdl_kernel_mix_one(mdl_kernel *k, const mdl_func *f,
                        bool reads_sub_block) {
  mdl_kernel_mix_pair(k, f, f);
  k->aiv_one_program = !reads_sub_block;
}

bool mdl_kernel_has_xcore_sync(const mdl_kernel *k) {
  for (uint32_t i = 0; i < k->stmts.len; i++) {
    mdl_stmt_kind kd = MDL_VEC_AT(k->stmts, mdl_stmt *, i)->kind;
    if (kd == MDL_S_BSET || kd == MDL_S_BWAIT)
      return true;
  }
  return false;
}

void mdl_kernel_lone(mdl_kernel *k, const mdl_func *f, mdl_core_type ct,
                     bool half) {
  k->open = half || mdl_kernel_has_xcore_sync(k);
  if (k->open && ct == MDL_CORE_AIV) {
    k->kind = MDL_KIND_MIX;
    k->ncores = 2;
    k->cores[0] = (mdl_core){MDL_CORE_AIV, 0, f, "AIV0"};
    k->cores[1] = (mdl_core){MDL_CORE_AIV, 1, f, "AIV1"};
    k->open_missing = "the AIC";
    return;
  }
  k->kind = MDL_KIND_SINGLE;
  k->ncores = 1;
  k->cores[0] = (mdl_core){ct, 0, f, ct == MDL_CORE_AIC ? "AIC" : "AIV"};
  if (k->open)
    k->open_missing = ct == MDL_CORE_AIC ? "the two AIVs" : "the AIC";
}

/* ----------------------------------------------------------- profiles */

int mdl_arch_of_device(const char *s, size_t n) {
  static const struct { const char *prefix; int arch; } dev[] = {
      {"Ascend910B", MDL_ARCH_A2}, {"Ascend910_93", MDL_ARCH_A2},
      {"Ascend910_95", MDL_ARCH_A5}, {"Ascend950", MDL_ARCH_A5},
      {"dav-c220", MDL_ARCH_A2}, {"dav-c310", MDL_ARCH_A5}};
  for (size_t i = 0; i < sizeof dev / sizeof dev[0]; i++) {
    size_t m = strlen(dev[i].prefix);
    if (n >= m && memcmp(s, dev[i].prefix, m) == 0)
      return dev[i].arch;
  }
  return -1;
}

const mdl_profile *mdl_profile_choose(int arch, int target) {
  if (arch >= 0)
    return mdl_profile_get((mdl_arch)arch);
  return mdl_profile_get(target == MDL_ARCH_A5 ? MDL_ARCH_A5 : MDL_ARCH_A2);
}

/* ----------------------------------------------------- placement facts */

uint8_t mdl_cores_with_pipes(const mdl_profile *p, mdl_pipe p1, mdl_pipe p2) {
  uint8_t m = 0;
  for (int c = 0; c < 2; c++)
    if (mdl_core_has_pipe(p, (mdl_core_type)c, p1) &&
        mdl_core_has_pipe(p, (mdl_core_type)c, p2))
      m |= (uint8_t)(1u << c);
  return m ? m : 0x3;
}

uint8_t mdl_cores_of_space(mdl_space sp) {
  switch (sp) {
  case MDL_SPACE_UB: return 0x2;
  case MDL_SPACE_L1: case MDL_SPACE_L0A: case MDL_SPACE_L0B:
  case MDL_SPACE_L0C: return 0x1;
  default: return 0x3;
  }
}

uint8_t mdl_stmt_pipe_cores(const mdl_profile *p, const mdl_stmt *s) {
  switch (s->kind) {
  case MDL_S_OP:
    return mdl_cores_with_pipes(p, s->u.op.pipe,
                                s->u.op.pipe2 != MDL_PIPE_NONE
                                    ? s->u.op.pipe2
                                    : s->u.op.pipe);
  case MDL_S_SET:
  case MDL_S_WAIT:
    return mdl_cores_with_pipes(p, s->u.flag.src, s->u.flag.dst);
  case MDL_S_BARRIER:
    return mdl_cores_with_pipes(p, s->u.bar.pipe, s->u.bar.pipe);
  default:
    return 0x3;
  }
}

uint8_t mdl_cores_of_pipe(mdl_pipe pipe, mdl_space dst, mdl_space src) {
  switch (pipe) {
  case MDL_PIPE_V: return 0x2;
  case MDL_PIPE_M: case MDL_PIPE_MTE1: case MDL_PIPE_FIX: return 0x1;
  case MDL_PIPE_MTE2: return mdl_cores_of_space(dst);
  case MDL_PIPE_MTE3: return mdl_cores_of_space(src);
  default: return 0x3;
  }
}

mdl_pipe mdl_copy_pipe(mdl_space src, mdl_space dst) {
  if (src == MDL_SPACE_UB && dst == MDL_SPACE_UB)
    return MDL_PIPE_V;
  if (src == MDL_SPACE_L0C)
    return MDL_PIPE_FIX;
  if (src == MDL_SPACE_GM)
    return MDL_PIPE_MTE2;
  if (src == MDL_SPACE_UB)
    return MDL_PIPE_MTE3;
  if (src == MDL_SPACE_L1 && dst == MDL_SPACE_GM)
    return MDL_PIPE_MTE3;
  if (src == MDL_SPACE_L1)
    return MDL_PIPE_MTE1;
  return MDL_PIPE_V;
}

/* ------------------------------------------------------------- values */

mdl_valref mdl_b_value(mdl_builder *bd, const char *name) {
  const char *nm = name ? name : "tmp";
  return mdl_value_new(bd->f, mdl_strdup(bd->k->arena, nm, strlen(nm)));
}

mdl_valref *mdl_b_vals(mdl_builder *bd, uint32_t n) {
  mdl_valref *v = mdl_alloc(bd->k->arena, (n ? n : 1) * sizeof *v);
  for (uint32_t i = 0; i < n; i++)
    v[i] = MDL_NOVAL;
  return v;
}

void mdl_b_copy_info(mdl_builder *bd, mdl_valref dst, mdl_valref src) {
  if (dst == MDL_NOVAL || src == MDL_NOVAL)
    return;
  mdl_value *d = mdl_value_at(bd->f, dst), *s = mdl_value_at(bd->f, src);
  d->is_memref = s->is_memref;
  d->is_tensor = s->is_tensor;
  d->space = s->space;
  d->bytes = s->bytes;
  d->elem = s->elem;
}

void mdl_b_memref_info(mdl_builder *bd, mdl_valref v, mdl_space sp,
                       int64_t bytes, uint32_t elem) {
  mdl_value *mv = mdl_value_at(bd->f, v);
  mv->is_memref = true;
  mv->space = sp;
  mv->bytes = bytes;
  mv->elem = elem ? elem : 1;
}

/* --------------------------------------------------------- statements */

mdl_stmt *mdl_b_stmt(mdl_builder *bd, mdl_stmt_kind kind, mdl_loc loc) {
  mdl_stmt *s = mdl_stmt_new(bd->k, bd->blk, kind, loc);
  s->cores = bd->cores;
  s->def = MDL_NOVAL;
  return s;
}

mdl_stmt *mdl_b_scalar(mdl_builder *bd, mdl_xop op, mdl_valref def,
                       mdl_valref a, mdl_valref b, mdl_loc loc) {
  mdl_stmt *s = mdl_b_stmt(bd, MDL_S_SCALAR, loc);
  s->def = def;
  s->u.x.op = op;
  s->u.x.a = a;
  s->u.x.b = b;
  s->u.x.c = MDL_NOVAL;
  return s;
}

mdl_valref mdl_b_const(mdl_builder *bd, int64_t c, mdl_loc loc) {
  mdl_stmt *s = mdl_b_scalar(bd, MDL_X_CONST, MDL_NOVAL, MDL_NOVAL,
                             MDL_NOVAL, loc);
  s->def = mdl_b_value(bd, NULL);
  s->u.x.k = c;
  return s->def;
}

mdl_valref mdl_b_x(mdl_builder *bd, mdl_xop op, mdl_valref a, mdl_valref b,
                   mdl_loc loc) {
  mdl_stmt *s = mdl_b_scalar(bd, op, MDL_NOVAL, a, b, loc);
  s->def = mdl_b_value(bd, NULL);
  return s->def;
}

mdl_stmt *mdl_b_buf(mdl_builder *bd, mdl_buf_kind kind, mdl_valref def,
                    const char *name, mdl_loc loc) {
  mdl_stmt *s = mdl_b_stmt(bd, MDL_S_BUF, loc);
  s->name = name;
  s->def = def;
  s->u.b.kind = kind;
  s->u.b.src = MDL_NOVAL;
  s->u.b.off = MDL_NOVAL;
  s->u.b.other = MDL_NOVAL;
  s->u.b.size = -1;
  s->u.b.off_scale = 1;
  s->cores = 0x3;
  return s;
}

/* Is the root layout l injective?  Sorted by stride, each dimension
** steps past the span of the smaller ones (unit dimensions do not
** matter). */
static bool layout_injective(const mdl_layout *l) {
  for (int d = 0; d < l->nd; d++) {
    if (l->ext[d] <= 1)
      continue;
    int64_t below = 1; /* span of the dims with smaller strides */
    for (int e = 0; e < l->nd; e++)
      if (e != d && l->ext[e] > 1 &&
          (l->st[e] < l->st[d] || (l->st[e] == l->st[d] && e > d)))
        below += (l->ext[e] - 1) * l->st[e];
    if (l->st[d] < below)
      return false;
  }
  return true;
}

const mdl_layout *mdl_layout_new(mdl_kernel *k, int nd, const int64_t *ext,
                                 const int64_t *st, uint32_t elem,
                                 bool root) {
  if (nd < 1 || nd > MDL_VIEW_DIMS)
    return NULL;
  mdl_layout l;
  memset(&l, 0, sizeof l);
  l.nd = (uint8_t)nd;
  l.elem = elem ? elem : 1;
  for (int d = 0; d < nd; d++) {
    l.ext[d] = ext[d];
    if (root && ext[d] < 0)
      return NULL;
  }
  if (root) {
    int64_t rm = 1; /* row-major stride */
    for (int d = nd - 1; d >= 0; d--) {
      l.st[d] = st ? st[d] : rm;
      if (l.st[d] < 0)
        return NULL;
      rm *= ext[d] ? ext[d] : 1;
    }
    if (!layout_injective(&l))
      return NULL;
    l.root = true;
  }
  mdl_layout *out = mdl_alloc(k->arena, sizeof *out);
  *out = l;
  return out;
}

/* --------------------------------------------------------------- sync */

mdl_stmt *mdl_b_flag(mdl_builder *bd, bool wait, mdl_pipe src, mdl_pipe dst,
                     mdl_valref id, mdl_loc loc) {
  mdl_stmt *s = mdl_b_stmt(bd, wait ? MDL_S_WAIT : MDL_S_SET, loc);
  s->u.flag.src = src;
  s->u.flag.dst = dst;
  s->u.flag.id = id;
  if (bd->mix_single)
    s->cores = mdl_cores_with_pipes(bd->k->prof, src, dst);
  return s;
}

mdl_stmt *mdl_b_barrier(mdl_builder *bd, mdl_pipe pipe, mdl_loc loc) {
  mdl_stmt *s = mdl_b_stmt(bd, MDL_S_BARRIER, loc);
  s->u.bar.pipe = pipe;
  if (bd->mix_single)
    s->cores = mdl_cores_with_pipes(bd->k->prof, pipe, pipe);
  return s;
}

mdl_stmt *mdl_b_xflag(mdl_builder *bd, bool wait, mdl_core_type core,
                      mdl_pipe set_pipe, mdl_pipe wait_pipe, mdl_valref flag,
                      mdl_xmode mode, mdl_loc loc) {
  mdl_stmt *s = mdl_b_stmt(bd, wait ? MDL_S_BWAIT : MDL_S_BSET, loc);
  s->u.blk.core = core;
  s->u.blk.set_pipe = set_pipe;
  s->u.blk.wait_pipe = wait_pipe;
  s->u.blk.flag = flag;
  s->u.blk.mode = mode;
  if (bd->mix_single)
    s->cores = (uint8_t)(1u << core);
  return s;
}

mdl_stmt *mdl_b_sync_block(mdl_builder *bd, int mode, mdl_valref flag,
                           mdl_pipe cube_pipe, mdl_pipe vec_pipe,
                           mdl_loc loc) {
  mdl_stmt *s = mdl_b_stmt(bd, MDL_S_SYNC_BLOCK, loc);
  s->u.sb.mode = mode;
  s->u.sb.flag = flag;
  s->u.sb.cube_pipe = cube_pipe;
  s->u.sb.vec_pipe = vec_pipe;
  if (bd->mix_single) /* ALL_CUBE, BARRIER_CUBE; ALL; the vector modes */
    s->cores = mode == 0 || mode == 3 ? 0x1 : mode == 5 ? 0x3 : 0x2;
  return s;
}

/* ----------------------------------------------------------- data ops */

mdl_acc_spec mdl_acc(mdl_valref buf, uint8_t mode) {
  mdl_acc_spec a = {0}; /* every field: `whole` and `elem` too */
  a.buf = buf;
  a.mode = mode;
  a.index = MDL_NOVAL;
  a.core_space = -1;
  a.half = MDL_NOVAL;
  return a;
}

void mdl_acc_macro_l0(mdl_acc_spec *mte1, uint32_t *n1, mdl_acc_spec *m,
                      uint32_t *n2, mdl_valref half) {
  static const mdl_space l0[2] = {MDL_SPACE_L0A, MDL_SPACE_L0B};
  for (int i = 0; i < 2; i++) {
    mdl_acc_spec *a = &mte1[(*n1)++];
    *a = mdl_acc(MDL_NOVAL, MDL_ACC_WRITE);
    a->core_space = (int8_t)l0[i];
    a->half = half;
  }
  for (int i = 0; i < 2; i++) {
    mdl_acc_spec *a = &m[(*n2)++];
    *a = mdl_acc(MDL_NOVAL, MDL_ACC_READ);
    a->core_space = (int8_t)l0[i];
    a->half = half;
  }
}

mdl_stmt *mdl_b_op(mdl_builder *bd, const char *name, mdl_pipe pipe,
                   const mdl_acc_spec *acc, uint32_t nacc, mdl_pipe pipe2,
                   const mdl_acc_spec *acc2, uint32_t nacc2, mdl_loc loc) {
  mdl_stmt *s = mdl_b_stmt(bd, MDL_S_OP, loc);
  s->name = name;
  s->u.op.pipe = pipe;
  s->u.op.pipe2 = pipe2;
  s->u.op.nacc = nacc;
  s->u.op.acc = mdl_alloc(bd->k->arena, (nacc ? nacc : 1) * sizeof *acc);
  if (nacc)
    memcpy(s->u.op.acc, acc, nacc * sizeof *acc);
  s->u.op.nacc2 = nacc2;
  s->u.op.acc2 = mdl_alloc(bd->k->arena, (nacc2 ? nacc2 : 1) * sizeof *acc2);
  if (nacc2)
    memcpy(s->u.op.acc2, acc2, nacc2 * sizeof *acc2);
  return s;
}

mdl_stmt *mdl_b_scalar_access(mdl_builder *bd, const char *name,
                              mdl_valref buf, uint8_t mode, mdl_valref index,
                              uint32_t elem, mdl_loc loc) {
  mdl_acc_spec a = mdl_acc(buf, mode);
  a.index = index;
  a.whole = index == MDL_NOVAL;
  a.elem = elem ? elem : 1;
  return mdl_b_op(bd, name, MDL_PIPE_S, &a, 1, MDL_PIPE_NONE, NULL, 0, loc);
}

/* ------------------------------------------------------- control flow */

mdl_stmt *mdl_b_for(mdl_builder *bd, mdl_valref lb, mdl_valref ub,
                    mdl_valref step, mdl_valref iv, uint32_t niter,
                    mdl_loc loc) {
  mdl_stmt *s = mdl_b_stmt(bd, MDL_S_FOR, loc);
  s->u.loop.lb = lb;
  s->u.loop.ub = ub;
  s->u.loop.step = step;
  s->u.loop.iv = iv;
  s->u.loop.loop_id = bd->f->nloops++;
  s->u.loop.niter = niter;
  s->u.loop.iter_init = mdl_b_vals(bd, niter);
  s->u.loop.iter_arg = mdl_b_vals(bd, niter);
  s->u.loop.yield = mdl_b_vals(bd, niter);
  return s;
}

mdl_stmt *mdl_b_while(mdl_builder *bd, mdl_loc loc) {
  mdl_stmt *s = mdl_b_stmt(bd, MDL_S_WHILE, loc);
  s->u.wh.loop_id = bd->f->nloops++;
  return s;
}

mdl_stmt *mdl_b_if(mdl_builder *bd, mdl_valref cond, uint32_t nres,
                   mdl_loc loc) {
  mdl_stmt *s = mdl_b_stmt(bd, MDL_S_IF, loc);
  s->u.cif.cond = cond;
  s->u.cif.nres = nres;
  s->u.cif.res = mdl_b_vals(bd, nres);
  s->u.cif.then_y = mdl_b_vals(bd, nres);
  s->u.cif.else_y = mdl_b_vals(bd, nres);
  return s;
}

static int src_cmp(const void *pa, const void *pb) {
  const mdl_stmt *a = *(mdl_stmt *const *)pa, *b = *(mdl_stmt *const *)pb;
  uint32_t ka[6] = {a->kind, a->loc.file, a->loc.chain, a->loc.line,
                    a->loc.col, a->id};
  uint32_t kb[6] = {b->kind, b->loc.file, b->loc.chain, b->loc.line,
                    b->loc.col, b->id};
  for (int i = 0; i < 6; i++)
    if (ka[i] != kb[i])
      return ka[i] < kb[i] ? -1 : 1;
  return 0;
}

void mdl_kernel_share_src(mdl_kernel *k) {
  uint32_t n = k->stmts.len;
  if (!n)
    return;
  mdl_stmt **v = malloc(n * sizeof *v);
  memcpy(v, k->stmts.data, n * sizeof *v);
  qsort(v, n, sizeof *v, src_cmp);
  for (uint32_t i = 0; i < n; i++) {
    const mdl_stmt *p = i ? v[i - 1] : NULL;
    /* an unlocated statement is no source statement */
    bool same = p && v[i]->loc.line && p->kind == v[i]->kind &&
                p->loc.file == v[i]->loc.file &&
                p->loc.chain == v[i]->loc.chain &&
                p->loc.line == v[i]->loc.line && p->loc.col == v[i]->loc.col;
    v[i]->src = same ? p->src : v[i]->id;
  }
  free(v);
}
