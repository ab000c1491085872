/*
** mdl_conflict.c -- which pairs of accesses conflict: the one overlap
** predicate (byte ranges, refined by the index ranges of views of one
** root buffer), the interned roots and boxes it compares, and the rule a
** conflicting pair falls under.  The graph and SMT engines, the simulator
** and the reports all decide with these functions, so they cannot drift
** apart (SEMANTICS.md 1, "Memory through views, workspaces and tensors";
** docs/semantics-decisions.md 30-35).
*/
#include "mdl.h"
#include "mdl_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ interning */

static uint64_t bytes_hash(const void *p, size_t n) {
  const unsigned char *s = p;
  uint64_t h = 0xcbf29ce484222325ull;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) { /* a word at a time: boxes are 80 bytes */
    uint64_t w;
    memcpy(&w, s + i, 8);
    h = (h ^ w) * 0x100000001b3ull;
    h ^= h >> 29;
  }
  for (; i < n; i++)
    h = (h ^ s[i]) * 0x100000001b3ull;
  return h;
}

static bool bytes_eq(const void *a, const void *b, size_t n) {
  return memcmp(a, b, n) == 0;
}

uint32_t mdl_root_intern(mdl_kernel *k, const mdl_root *r) {
  mdl_root t;
  memset(&t, 0, sizeof t); /* padding too: compared bytewise */
  t.mem = r->mem;
  t.base = r->base;
  t.base_form = r->base_form;
  t.elem = r->elem;
  t.nd = r->nd < MDL_BOX_DIMS ? r->nd : MDL_BOX_DIMS;
  for (uint8_t d = 0; d < t.nd; d++) {
    t.ext[d] = r->ext[d];
    t.st[d] = r->st[d];
  }
  return mdl_intern(&k->roots, sizeof t, &k->root_ht, &k->root_htcap, &t,
                    bytes_hash, bytes_eq);
}

uint32_t mdl_box_intern(mdl_kernel *k, const mdl_box *b) {
  mdl_box t;
  memset(&t, 0, sizeof t);
  t.root = b->root;
  t.nd = b->nd < MDL_BOX_DIMS ? b->nd : MDL_BOX_DIMS;
  for (uint8_t d = 0; d < t.nd; d++) {
    t.lo[d] = b->lo[d];
    t.hi[d] = b->hi[d];
  }
  return mdl_intern(&k->boxes, sizeof t, &k->box_ht, &k->box_htcap, &t,
                    bytes_hash, bytes_eq);
}

/* -------------------------------------------------------------- overlap */

static bool bytes_overlap(const mdl_access *x, const mdl_access *y) {
  if (x->sym != y->sym || (x->sym && x->form != y->form))
    return true; /* different symbolic bases: may alias */
  return x->lo < y->hi && y->lo < x->hi;
}

/* The boxes of x and y when both are views of one root, else NULL. */
static bool same_root(const mdl_kernel *k, const mdl_access *x,
                      const mdl_access *y, const mdl_box **bx,
                      const mdl_box **by) {
  if (!x->box || !y->box || x->box >= k->boxes.len ||
      y->box >= k->boxes.len)
    return false;
  *bx = mdl_box_at(k, x->box);
  *by = mdl_box_at(k, y->box);
  return (*bx)->root == (*by)->root && (*bx)->nd == (*by)->nd;
}

bool mdl_access_overlap(const mdl_kernel *k, const mdl_access *x,
                        const mdl_access *y) {
  if (x->mem != y->mem || !bytes_overlap(x, y))
    return false;
  if (x->box == y->box)
    return true;
  const mdl_box *bx, *by;
  if (!same_root(k, x, y, &bx, &by))
    return true;
  /* as AscendNPU-IR's areOverlappingStaticSlices: disjoint in one
     dimension is disjoint (the root's layout is injective) */
  for (uint8_t d = 0; d < bx->nd; d++)
    if (bx->lo[d] >= by->hi[d] || by->lo[d] >= bx->hi[d])
      return false;
  return true;
}

void mdl_access_common(const mdl_kernel *k, const mdl_access *x,
                       const mdl_access *y, int64_t *lo, int64_t *hi) {
  if (x->sym != y->sym || (x->sym && x->form != y->form)) {
    *lo = y->lo;
    *hi = y->hi;
    return;
  }
  *lo = x->lo > y->lo ? x->lo : y->lo;
  *hi = x->hi < y->hi ? x->hi : y->hi;
  const mdl_box *bx, *by;
  if (!same_root(k, x, y, &bx, &by))
    return;
  const mdl_root *r = &MDL_VEC_AT(k->roots, mdl_root, bx->root);
  if (r->base_form || x->sym)
    return;
  /* the byte hull of the common box */
  int64_t blo = r->base, bhi, t;
  if (__builtin_add_overflow(r->base, (int64_t)r->elem, &bhi))
    return;
  for (uint8_t d = 0; d < bx->nd; d++) {
    int64_t l = bx->lo[d] > by->lo[d] ? bx->lo[d] : by->lo[d];
    int64_t h = bx->hi[d] < by->hi[d] ? bx->hi[d] : by->hi[d];
    if (l >= h || r->st[d] < 0 || h > r->ext[d])
      return;
    /* (a root's layout spans less than 2^50 bytes: no overflow) */
    if (__builtin_mul_overflow(l, r->st[d] * (int64_t)r->elem, &t) ||
        __builtin_add_overflow(blo, t, &blo) ||
        __builtin_mul_overflow(h - 1, r->st[d] * (int64_t)r->elem, &t) ||
        __builtin_add_overflow(bhi, t, &bhi))
      return;
  }
  if (blo > *lo && blo < *hi)
    *lo = blo;
  if (bhi < *hi && bhi > *lo)
    *hi = bhi;
}

/* ---------------------------------------------------------------- pairs */

const mdl_stmt *mdl_parallel_iters(const mdl_kernel *k, const mdl_inst *a,
                                   const mdl_inst *b) {
  uint8_t n = a->depth < b->depth ? a->depth : b->depth;
  for (uint8_t d = 0; d < n; d++) {
    if (a->loops[d] != b->loops[d])
      return NULL; /* different loops here: no common iteration space */
    if (a->iter[d] != b->iter[d]) {
      /* the first level where they part: a parallel loop's iterations
         (deeper levels are different executions of the inner loops) */
      const mdl_stmt *s = MDL_VEC_AT(k->stmts, mdl_stmt *, a->loops[d]);
      return s->kind == MDL_S_FOR && s->u.loop.parallel ? s : NULL;
    }
  }
  return NULL;
}

bool mdl_insts_may_conflict(const mdl_kernel *k, uint32_t a, uint32_t b) {
  if (!k->aiv_one_program)
    return true;
  const mdl_inst *ia = mdl_inst_at(k, a), *ib = mdl_inst_at(k, b);
  return ia->core == ib->core ||
         k->cores[ia->core].type != MDL_CORE_AIV ||
         k->cores[ib->core].type != MDL_CORE_AIV;
}

bool mdl_pipe_overlaps(const mdl_kernel *k, uint8_t p) {
  if (p == MDL_PIPE_V)
    return !k->prof->v_hw_ordered;
  return p == MDL_PIPE_MTE2 || p == MDL_PIPE_MTE3;
}

int mdl_conflict_rule(const mdl_kernel *k, uint32_t a, const mdl_access *aa,
                      uint32_t b, const mdl_access *ab) {
  if (a == b || aa->mem != ab->mem ||
      !((aa->mode | ab->mode) & MDL_ACC_WRITE))
    return -1;
  const mdl_inst *ia = mdl_inst_at(k, a), *ib = mdl_inst_at(k, b);
  bool same_core = ia->core == ib->core;
  if (!same_core && k->open)
    return -1; /* a lone half: cross-core pairs are not checked
                  (docs/semantics-decisions.md 50) */
  if (same_core && ia->pipe == ib->pipe) {
    /* one pipe: only where its instructions may overlap, and on the DMA
       pipes only two writes (SEMANTICS.md 2) */
    bool both_w = (aa->mode & MDL_ACC_WRITE) && (ab->mode & MDL_ACC_WRITE);
    if (!mdl_pipe_overlaps(k, ia->pipe) ||
        (ia->pipe != MDL_PIPE_V && !both_w))
      return -1;
  }
  if (!mdl_insts_may_conflict(k, a, b) || !mdl_access_overlap(k, aa, ab))
    return -1;
  if (mdl_parallel_iters(k, ia, ib))
    return MDL_RULE_PARALLEL_LOOP;
  if (!same_core)
    return MDL_RULE_XCORE_RACE;
  return ia->pipe == ib->pipe ? MDL_RULE_PIPE_HAZARD : MDL_RULE_RACE;
}
