/*
** mdl_view.c -- layouts and index boxes of views while unrolling: a
** root buffer with a static layout, slices of it (memref.subview,
** tensor.extract_slice) and reshapes that only add or drop unit
** dimensions keep track of which indices of the root they cover, so
** that mdl_access_overlap can tell column halves of a row-major tile
** apart (docs/semantics-decisions.md 33).
*/
#include "mdl_view.h"

#include <string.h>

void mdl_vlay_root(mdl_kernel *k, mdl_vlay *v, uint32_t mem,
                   const mdl_val *base, const mdl_layout *lay) {
  memset(v, 0, sizeof *v);
  if (!lay || !lay->root || !lay->nd || lay->nd > VD)
    return;
  for (uint8_t d = 0; d < lay->nd; d++)
    if (lay->ext[d] < 0 || lay->st[d] < 0)
      return;
  v->vnd = lay->nd;
  v->elem = lay->elem ? lay->elem : 1;
  for (uint8_t d = 0; d < lay->nd; d++) {
    v->vst[d] = lay->st[d];
    v->vext[d] = lay->ext[d];
    v->vmap[d] = (int8_t)d;
  }
  (void)k;
  if (base->unknown)
    return; /* a layout, but no root to compare boxes in */
  for (uint8_t d = 0; d < lay->nd; d++) {
    v->rbase[d] = 0;
    v->rstep[d] = 1;
    v->rcnt[d] = lay->ext[d];
  }
  v->rlay = lay; /* interned when a slice needs it (root_key) */
  v->rmem = mem;
  v->rnd = lay->nd;
}

void mdl_vlay_root_key(mdl_kernel *k, mdl_vlay *v, const mdl_val *base) {
  if (v->rkey || !v->rlay)
    return;
  const mdl_layout *lay = v->rlay;
  v->rlay = NULL;
  if (base->unknown)
    return;
  mdl_root r;
  memset(&r, 0, sizeof r);
  r.mem = v->rmem;
  r.base = base->c;
  if (base->n) {
    mdl_val sym = *base;
    sym.c = 0;
    r.base_form = mdl_form_intern(k, &sym);
  }
  r.elem = lay->elem ? lay->elem : 1;
  r.nd = lay->nd;
  for (uint8_t d = 0; d < lay->nd; d++) {
    r.ext[d] = lay->ext[d];
    r.st[d] = lay->st[d];
  }
  v->rkey = mdl_root_intern(k, &r);
}

/* *r = a * b without overflow (false on overflow). */
static bool mul(int64_t a, int64_t b, int64_t *r) {
  return !__builtin_mul_overflow(a, b, r);
}

static bool cval(const mdl_val *x, int64_t *out) {
  if (!mdl_val_is_const(x))
    return false;
  *out = x->c;
  return true;
}

/* The box part of a slice: per source dimension mapped to a root
** dimension, the root indices it selects. */
static void slice_box(const mdl_kernel *k, mdl_vlay *v, const mdl_slice *sl,
                      const mdl_val *off, const mdl_val *size) {
  if (!v->rkey)
    return;
  const mdl_root *r = &MDL_VEC_AT(k->roots, mdl_root, v->rkey);
  for (uint8_t d = 0; d < sl->nd && d < v->vnd; d++) {
    int rd = v->vmap[d];
    if (rd < 0 || rd >= v->rnd || v->rcnt[rd] < 0)
      continue;
    int64_t o, n, last, ob, st, end;
    /* indices o + i * step < rcnt of the view's dimension (every product
       checked: offsets and sizes come from the kernel's values) */
    bool ok = cval(&off[d], &o) && cval(&size[d], &n) && sl->step[d] > 0 &&
              o >= 0 && n >= 0 &&
              (n == 0 || (mul(n - 1, sl->step[d], &last) &&
                          last < v->rcnt[rd] - o)) &&
              mul(o, v->rstep[rd], &ob) && mul(v->rstep[rd], sl->step[d], &st);
    if (!ok) {
      v->rcnt[rd] = -1; /* any index of this dimension */
      continue;
    }
    v->rbase[rd] += ob;
    v->rstep[rd] = st;
    v->rcnt[rd] = n;
    if (n && (!mul(n - 1, st, &end) || v->rbase[rd] + end >= r->ext[rd]))
      v->rcnt[rd] = -1;
  }
}

bool mdl_vlay_slice(mdl_kernel *k, mdl_vlay *v, const mdl_slice *sl,
                    const mdl_val *base, const mdl_val *off,
                    const mdl_val *size, mdl_val *delta, int64_t *span) {
  if (delta) {
    *delta = mdl_val_const(0);
    *span = -1;
  }
  mdl_vlay_root_key(k, v, base); /* (a root is its own view: base is its) */
  slice_box(k, v, sl, off, size);
  if (!v->vnd || v->vnd != sl->nd || sl->nd > VD || sl->rnd > VD) {
    v->vnd = 0;
    return false;
  }
  if (delta) {
    /* byte offset and hull of the slice in the view's layout */
    int64_t sp = 0, dc = 0;
    bool span_ok = true, dconst = true;
    for (uint8_t d = 0; d < sl->nd; d++) {
      int64_t o, n, t, u;
      /* (an offset past int64 takes the wrapping path below, as the
         kernel's arithmetic does; a span past it is unknown) */
      dconst = dconst && cval(&off[d], &o) && mul(o, v->vst[d], &t) &&
               mul(t, (int64_t)v->elem, &t) &&
               !__builtin_add_overflow(dc, t, &dc);
      span_ok = span_ok && cval(&size[d], &n) && n >= 0 &&
                sl->step[d] >= 0 &&
                (!n || (mul(n - 1, sl->step[d], &t) && mul(t, v->vst[d], &u) &&
                        !__builtin_add_overflow(sp, u, &sp)));
    }
    int64_t spb;
    if (span_ok && !mul(sp + 1, (int64_t)v->elem, &spb))
      span_ok = false;
    if (dconst)
      *delta = mdl_val_const(dc);
    else
      for (uint8_t d = 0; d < sl->nd; d++) {
        mdl_val st = mdl_val_const(v->vst[d] * (int64_t)v->elem);
        mdl_val t = mdl_val_binop(k, MDL_X_MUL, &off[d], &st);
        *delta = mdl_val_binop(k, MDL_X_ADD, delta, &t);
      }
    *span = span_ok ? spb : -1;
  }
  /* the result's layout: the kept dimensions (a rank-reducing slice
     drops unit ones, as MLIR infers its mask) */
  int64_t nst[VD], next[VD];
  int8_t nmap[VD];
  uint8_t j = 0;
  for (uint8_t d = 0; d < sl->nd; d++) {
    int64_t sz = -1;
    bool known = cval(&size[d], &sz);
    /* greedy, as MLIR's rank-reduction mask: a source dimension whose
       size matches the next result extent is kept, else it must be 1 */
    bool keep = sl->rnd == sl->nd ||
                (j < sl->rnd &&
                 (sl->rext[j] < 0 || !known || sl->rext[j] == sz));
    if (!keep) {
      if (!known || sz != 1) {
        v->vnd = 0; /* no mask fits: layout lost, box kept */
        return true;
      }
      continue;
    }
    if (j >= VD || sl->step[d] < 0) {
      v->vnd = 0;
      return true;
    }
    if (!mul(v->vst[d], sl->step[d], &nst[j])) {
      v->vnd = 0;
      return true;
    }
    next[j] = known ? sz : -1;
    nmap[j] = v->vmap[d];
    j++;
  }
  if (j != sl->rnd) {
    v->vnd = 0;
    return true;
  }
  for (uint8_t d = 0; d < j; d++) {
    v->vst[d] = nst[d];
    v->vext[d] = next[d];
    v->vmap[d] = nmap[d];
  }
  v->vnd = j;
  return true;
}

void mdl_vlay_reshape(mdl_vlay *v, const mdl_layout *shape) {
  if (!v->vnd)
    return;
  if (!shape || !shape->nd || shape->nd > VD) {
    v->vnd = 0;
    return;
  }
  /* the non-unit dimensions must correspond one to one */
  uint8_t src[VD], ns = 0;
  for (uint8_t d = 0; d < v->vnd; d++) {
    if (v->vext[d] < 0) {
      v->vnd = 0;
      return;
    }
    if (v->vext[d] != 1)
      src[ns++] = d;
  }
  mdl_vlay n = *v;
  uint8_t i = 0;
  for (uint8_t j = 0; j < shape->nd; j++) {
    int64_t e = shape->ext[j];
    if (e == 1) {
      n.vst[j] = 0;
      n.vext[j] = 1;
      n.vmap[j] = -1;
      continue;
    }
    if (e < 0 || i >= ns || v->vext[src[i]] != e) {
      v->vnd = 0;
      return;
    }
    n.vst[j] = v->vst[src[i]];
    n.vext[j] = e;
    n.vmap[j] = v->vmap[src[i]];
    i++;
  }
  if (i != ns) {
    v->vnd = 0;
    return;
  }
  n.vnd = shape->nd;
  *v = n;
}

uint32_t mdl_vlay_box(mdl_kernel *k, const mdl_vlay *v) {
  if (!v->rkey)
    return 0;
  const mdl_root *r = &MDL_VEC_AT(k->roots, mdl_root, v->rkey);
  mdl_box b;
  memset(&b, 0, sizeof b);
  b.root = v->rkey;
  b.nd = v->rnd;
  bool whole = true;
  for (uint8_t d = 0; d < v->rnd; d++) {
    if (v->rcnt[d] < 0) {
      b.lo[d] = 0;
      b.hi[d] = r->ext[d];
      continue;
    }
    b.lo[d] = v->rbase[d];
    b.hi[d] = v->rcnt[d] ? v->rbase[d] + (v->rcnt[d] - 1) * v->rstep[d] + 1
                         : v->rbase[d];
    whole &= b.lo[d] == 0 && b.hi[d] == r->ext[d];
  }
  /* the whole root meets every box of it: its byte range decides */
  return whole ? 0 : mdl_box_intern(k, &b);
}
