/*
** chk_loop.c -- every trip count of a loop (docs/loops.md): the steady
** state certificate.  A loop whose trip count is not known at compile time
** is checked on its outcomes 0..K (chk_enum.c).  Here the largest of them
** is examined for the premises under which every longer run repeats what
** the outcomes already show: the loop body repeats with a period P from
** some iteration on (the same instructions, flags and event ids, every
** memory's addresses moving by one stride per period), the vector clocks
** of the happens-before analysis repeat with it (each one period later is
** the same clock moved by one period), and each flag's sets and waits
** balance over a period.  From those, the bound N0 past which the
** statement-level findings repeat with period P follows (the knowledge
** lag of the clocks, the counters' overflow distance), and the trip
** counts up to it that the outcomes do not reach are built by inserting
** copies of a period (mdl_repeat_period) and checked like any outcome.
*/
#include "chk.h"
#include "chk_int.h"
#include "../model/mdl_build.h"
#include "chk_graph_x.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------- layout */

/* Where the loop runs in an outcome's instances, per core: its depth in
** the loop stack and the first instance of each iteration (iters + 1
** entries, the last one past the loop). */
typedef struct {
  bool has[3];
  uint8_t depth[3];
  uint32_t iters;            /* iterations (the same on every core) */
  uint32_t *start[3];
} layout;

static void layout_free(layout *ly) {
  for (int c = 0; c < 3; c++)
    free(ly->start[c]);
}

/* Is statement l one of the loops of the dimension (loops[0..n))? */
static bool is_loop(const uint32_t *loops, uint32_t n, uint32_t l) {
  for (uint32_t i = 0; i < n; i++)
    if (loops[i] == l)
      return true;
  return false;
}

/* The layout of the loops (statement ids loops[0..n)) in kernel s: false
** (why in *why) when a core runs one of them more than once or runs two,
** or when the cores disagree on the iterations. */
static bool layout_of(const mdl_kernel *s, const uint32_t *loops, uint32_t n,
                      layout *ly, const char **why) {
  memset(ly, 0, sizeof *ly);
  bool any = false;
  for (uint32_t c = 0; c < s->ncores; c++) {
    uint32_t first = s->core_first[c], end = first + s->core_count[c];
    uint32_t loop = NONE, iters = 0, lo = NONE, hi = NONE;
    uint8_t depth = 0;
    for (uint32_t i = first; i < end; i++) {
      const mdl_inst *in = mdl_inst_at(s, i);
      for (uint8_t d = 0; d < in->depth && d < MDL_MAX_DEPTH; d++) {
        if (!is_loop(loops, n, in->loops[d]))
          continue;
        if (loop != NONE && (loop != in->loops[d] || depth != d)) {
          *why = "a core runs the loop twice, or two loops of one trip "
                 "count";
          return false;
        }
        loop = in->loops[d];
        depth = d;
        for (uint8_t e = d + 1; e < in->depth && e < MDL_MAX_DEPTH; e++)
          if (is_loop(loops, n, in->loops[e])) {
            /* (an inner loop of the same trip count: a longer run is
               more iterations of both, not one more period) */
            *why = "a loop of the same trip count is nested in it";
            return false;
          }
        if (lo == NONE)
          lo = i;
        hi = i;
        if (in->iter[d] + 1 > iters)
          iters = in->iter[d] + 1;
        break;
      }
    }
    if (loop == NONE)
      continue;
    any = true;
    /* one run of the loop: every instance between its first and last is
       in it, in iteration order */
    uint32_t *st = calloc(iters + 2, sizeof *st);
    uint32_t cur = 0;
    st[0] = lo;
    for (uint32_t i = lo; i <= hi; i++) {
      const mdl_inst *in = mdl_inst_at(s, i);
      if (in->depth <= depth || in->loops[depth] != loop) {
        free(st);
        *why = "the loop is not one run of its body (it sits in another "
               "loop, or other code runs between its iterations)";
        return false;
      }
      while (in->iter[depth] > cur)
        st[++cur] = i;
      if (in->iter[depth] < cur) {
        free(st);
        *why = "the loop's iterations are not in order";
        return false;
      }
    }
    while (cur < iters)
      st[++cur] = hi + 1;
    if (ly->iters && ly->iters != iters) {
      free(st);
      *why = "the cores run the loop a different number of times";
      return false;
    }
    ly->iters = iters;
    ly->has[c] = true;
    ly->depth[c] = depth;
    ly->start[c] = st;
  }
  return any; /* (none: the outcome does not run the loop, why NULL) */
}

/* ------------------------------------------------------ the body repeats */

/* A linear form as a difference of two: c + sum coef[i] * atom[i]. */
#define LIN_MAX (2 * MDL_LIN_TERMS)
typedef struct {
  int64_t c;
  uint32_t n;
  uint32_t atom[LIN_MAX];
  int64_t coef[LIN_MAX];
} lin;

/* d += sign * (form f of k); false when it does not fit (or is unknown). */
static bool lin_add(const mdl_kernel *k, lin *d, uint32_t f, int64_t sign) {
  if (!f)
    return true;
  const mdl_val *v = &MDL_VEC_AT(k->forms, mdl_val, f);
  if (v->unknown)
    return false;
  d->c += sign * v->c;
  for (uint32_t i = 0; i < v->n; i++) {
    uint32_t j = 0;
    while (j < d->n && d->atom[j] < v->atom[i])
      j++;
    if (j < d->n && d->atom[j] == v->atom[i]) {
      d->coef[j] += sign * v->coef[i];
      if (!d->coef[j]) {
        memmove(d->atom + j, d->atom + j + 1, (d->n - j - 1) * 4);
        memmove(d->coef + j, d->coef + j + 1, (d->n - j - 1) * 8);
        d->n--;
      }
      continue;
    }
    if (d->n == LIN_MAX)
      return false;
    memmove(d->atom + j + 1, d->atom + j, (d->n - j) * 4);
    memmove(d->coef + j + 1, d->coef + j, (d->n - j) * 8);
    d->atom[j] = v->atom[i];
    d->coef[j] = sign * v->coef[i];
    d->n++;
  }
  return true;
}

static bool lin_eq(const lin *a, const lin *b) {
  return a->c == b->c && a->n == b->n &&
         !memcmp(a->atom, b->atom, a->n * sizeof *a->atom) &&
         !memcmp(a->coef, b->coef, a->n * sizeof *a->coef);
}

/* The move of a memory's addresses over one period: the same for every
** access of the memory in the loop; and of the index boxes of a root's
** views, the same for every view of the root. */
typedef struct {
  bool set;
  lin d;
} stride;

typedef struct {
  bool set;
  int64_t d[MDL_BOX_DIMS];
} bstride;

/* Boxes a and b (b one period later) are the same box moved by one shift
** per dimension, the root's: false when not. */
static bool box_move(const mdl_kernel *k, uint32_t a, uint32_t b,
                     bstride *bs) {
  if (!a || !b)
    return a == b;
  const mdl_box *x = &MDL_VEC_AT(k->boxes, mdl_box, a);
  const mdl_box *y = &MDL_VEC_AT(k->boxes, mdl_box, b);
  if (x->root != y->root || x->nd != y->nd)
    return false;
  bstride *r = &bs[x->root];
  for (uint8_t d = 0; d < x->nd && d < MDL_BOX_DIMS; d++) {
    int64_t mv = y->lo[d] - x->lo[d];
    if (y->hi[d] - y->lo[d] != x->hi[d] - x->lo[d] ||
        (r->set && r->d[d] != mv))
      return false;
    r->d[d] = mv;
  }
  r->set = true;
  return true;
}

/* How far access y (one period after x) moved: lo and symbolic part. */
static bool access_move(const mdl_kernel *k, const mdl_access *x,
                        const mdl_access *y, lin *d) {
  memset(d, 0, sizeof *d);
  d->c = y->lo - x->lo;
  return lin_add(k, d, y->sym ? y->form : 0, 1) &&
         lin_add(k, d, x->sym ? x->form : 0, -1);
}

/* (a failure a longer outcome cannot cure) */
static const char resid_why[] =
    "the loop body has branches on the iteration that no sync depends on "
    "(their outcome differs from one iteration to the next)";

/* Is instance b (one period after a, both of kernel s, the loop at depth
** dep) the same instruction?  Records the move of each access in
** strides (per memory); false with *why when not. */
static bool same_inst(const mdl_kernel *s, uint32_t a, uint32_t b,
                      uint8_t dep, uint32_t P, stride *strides,
                      bstride *bstrides, const char **why) {
  const mdl_inst *x = mdl_inst_at(s, a), *y = mdl_inst_at(s, b);
  if (x->kind != y->kind || x->stmt != y->stmt || x->core != y->core ||
      x->pipe != y->pipe || x->pipe2 != y->pipe2 || x->mode != y->mode ||
      x->implicit != y->implicit || x->lib != y->lib ||
      x->unit_flag != y->unit_flag || x->open != y->open ||
      x->id != y->id || x->id_form != y->id_form || x->depth != y->depth ||
      x->nacc != y->nacc) {
    *why = "the loop body is not the same every period (an instruction, a "
           "flag or an event id differs)";
    return false;
  }
  if (mdl_inst_resid(s, a) || mdl_inst_resid(s, b)) {
    *why = resid_why;
    return false;
  }
  for (uint8_t d = 0; d < x->depth && d < MDL_MAX_DEPTH; d++)
    if (x->loops[d] != y->loops[d] ||
        (d == dep ? y->iter[d] != x->iter[d] + P : y->iter[d] != x->iter[d])) {
      *why = "the loop's inner loops differ from one period to the next";
      return false;
    }
  if ((x->after == ~0u) != (y->after == ~0u) ||
      (x->after != ~0u && b - y->after != a - x->after)) {
    *why = "a macro op's parts differ from one period to the next";
    return false;
  }
  for (uint32_t q = 0; q < x->nacc; q++) {
    const mdl_access *p = mdl_access_at(s, x->acc_first + q);
    const mdl_access *r = mdl_access_at(s, y->acc_first + q);
    bool open_p = p->hi == INT64_MAX, open_r = r->hi == INT64_MAX;
    if (p->mem != r->mem || p->mode != r->mode || p->sym != r->sym ||
        open_p != open_r || (!open_p && p->hi - p->lo != r->hi - r->lo)) {
      *why = "an access differs from one period to the next (its memory or "
             "size)";
      return false;
    }
    if (!box_move(s, p->box, r->box, bstrides)) {
      *why = "the views of one buffer move by different amounts from one "
             "period to the next";
      return false;
    }
    lin mv;
    if (!access_move(s, p, r, &mv)) {
      *why = "an address moves from one period to the next by an amount "
             "ksv cannot write as a linear form";
      return false;
    }
    stride *st = &strides[p->mem];
    if (!st->set) {
      st->set = true;
      st->d = mv;
    } else if (!lin_eq(&st->d, &mv)) {
      *why = "the accesses of one memory move by different strides from one "
             "period to the next";
      return false;
    }
  }
  return true;
}

/* Does the body repeat with period P from iteration s0 on, on every core?
** strides: per memory (k->memories), filled. */
static bool repeats(const mdl_kernel *s, const layout *ly, uint32_t s0,
                    uint32_t P, stride *strides, bstride *bs,
                    const char **why) {
  memset(strides, 0, (s->memories.len + 1) * sizeof *strides);
  memset(bs, 0, (s->roots.len + 1) * sizeof *bs);
  bool ok = true;
  for (uint32_t c = 0; c < s->ncores; c++) {
    if (!ly->has[c])
      continue;
    const uint32_t *st = ly->start[c];
    for (uint32_t i = s0; i + P < ly->iters; i++) {
      uint32_t n0 = st[i + 1] - st[i], n1 = st[i + P + 1] - st[i + P];
      if (n0 != n1) {
        *why = "the loop body is not the same every period (its "
               "instructions differ in number)";
        ok = false;
      }
      for (uint32_t q = 0; ok && q < n0; q++)
        ok = same_inst(s, st[i] + q, st[i + P] + q, ly->depth[c], P, strides,
                       bs, why);
      if (!ok)
        break;
    }
    if (!ok)
      break;
  }
  return ok;
}

/* ------------------------------------------------- the clocks repeat */

/* The period map on the instances of one analysis: the iteration of each
** instance in the loop (NONE outside it), and per vector clock column
** what a position becomes one period later: positions from the first
** periodic one (thr) up to the loop's last (top) move by inc, earlier
** ones stay; later ones (after the loop) have no image. */
typedef struct {
  const gx *g;
  const layout *ly;
  uint32_t s0, P;
  uint32_t *iter;            /* per instance: iteration in the loop or NONE */
  uint32_t thr[NCH_MAX + 3], top[NCH_MAX + 3], inc[NCH_MAX + 3];
} pmap;

static void pmap_free(pmap *m) { free(m->iter); }

/* The instance one period after x (which is in iteration >= s0). */
static uint32_t phi_inst(const pmap *m, uint32_t x) {
  uint32_t c = mdl_inst_at(m->g->k, x)->core;
  const uint32_t *st = m->ly->start[c];
  uint32_t i = m->iter[x];
  return x - st[i] + st[i + m->P];
}

/* Column q's value v one period later; false when v has no image. */
static bool phi_val(const pmap *m, uint32_t q, uint32_t v, uint32_t *out) {
  if (v < m->thr[q]) {
    *out = v;
    return true;
  }
  if (v > m->top[q])
    return false;
  *out = v + m->inc[q];
  return true;
}

/* Builds m for the analysis g of the loop laid out in ly. */
static bool pmap_init(pmap *m, const gx *g, const layout *ly, uint32_t s0,
                      uint32_t P) {
  memset(m, 0, sizeof *m);
  m->g = g;
  m->ly = ly;
  m->s0 = s0;
  m->P = P;
  const mdl_kernel *k = g->k;
  m->iter = malloc((g->n ? g->n : 1) * sizeof *m->iter);
  if (!m->iter)
    return false;
  for (uint32_t i = 0; i < g->n; i++)
    m->iter[i] = NONE;
  for (uint32_t c = 0; c < k->ncores; c++)
    for (uint32_t it = 0; ly->has[c] && it < ly->iters; it++)
      for (uint32_t x = ly->start[c][it]; x < ly->start[c][it + 1]; x++)
        m->iter[x] = it;
  for (uint32_t q = 0; q < NCH_MAX + 3; q++) {
    m->thr[q] = UINT32_MAX;
    m->top[q] = 0;
  }
  for (uint32_t x = 0; x < g->n; x++) {
    uint32_t it = m->iter[x];
    uint32_t q = NONE, p = 0;
    if (g->chain[x] != NONE && g->col[g->chain[x]] != NOCOL) {
      q = g->col[g->chain[x]];
      p = g->pos[x];
    } else if (g->xpos[x]) {
      q = g->xcol[mdl_inst_at(k, x)->core];
      p = g->xpos[x];
    }
    if (q == NONE || q == NOCOL || it == NONE)
      continue;
    if (it >= s0 && p < m->thr[q])
      m->thr[q] = p;
    if (p > m->top[q])
      m->top[q] = p;
    if (it >= s0 && it < s0 + P)
      m->inc[q]++;
  }
  return true;
}

/* Do the clocks of the instances of iterations [from, to) (and of their
** images one period later) satisfy VC(phi x) = phi(VC(x)), node by node?
** On failure *why says so. */
static bool clocks_repeat(const pmap *m, uint32_t from, uint32_t to,
                          const char **why) {
  const gx *g = m->g;
  const mdl_kernel *k = g->k;
  for (uint32_t c = 0; c < k->ncores; c++) {
    if (!m->ly->has[c])
      continue;
    const uint32_t *st = m->ly->start[c];
    for (uint32_t x = st[from]; x < st[to]; x++) {
      uint32_t y = phi_inst(m, x);
      for (uint32_t nk = 0; nk < 4; nk++) {
        const uint32_t *vx = chk_graph_VC(g, 4 * x + nk);
        const uint32_t *vy = chk_graph_VC(g, 4 * y + nk);
        for (uint32_t q = 0; q < g->nch; q++) {
          uint32_t w = 0;
          if (!phi_val(m, q, vx[q], &w) || w != vy[q]) {
            if (getenv("KSV_LOOP_TRACE"))
              fprintf(stderr, "loop: clocks: inst %u -> %u node %u col %u: "
                      "%u -> %u (thr %u top %u inc %u), found %u\n", x, y,
                      nk, q, vx[q], w, m->thr[q], m->top[q], m->inc[q],
                      vy[q]);
            *why = "the order of the loop's instructions does not repeat "
                   "from one period to the next";
            return false;
          }
        }
      }
      /* the set a wait is matched with moves with it */
      uint32_t pa = g->wait_partner[x], pb = g->wait_partner[y];
      if ((pa == NONE) != (pb == NONE) ||
          (pa != NONE && (m->iter[pa] == NONE || m->iter[pa] < m->s0 ||
                          m->iter[pa] + m->P >= m->ly->iters ||
                          phi_inst(m, pa) != pb))) {
        *why = "a wait's set does not move with the wait from one period to "
               "the next";
        return false;
      }
    }
  }
  return true;
}

/* How many periods back the predecessors of the instances of iterations
** [from, to) reach (a set matched with a later wait, the issue and pipe
** order); false when one of them lies outside the loop (a sync before
** the loop still releases a wait of every period). */
static bool reach_back(const pmap *m, uint32_t from, uint32_t to,
                       uint32_t *R, const char **why) {
  const gx *g = m->g;
  const mdl_kernel *k = g->k;
  uint32_t back = 0;
  for (uint32_t c = 0; c < k->ncores; c++) {
    if (!m->ly->has[c])
      continue;
    const uint32_t *st = m->ly->start[c];
    for (uint32_t x = st[from]; x < st[to]; x++)
      for (uint32_t nk = 0; nk < 4; nk++) {
        uint32_t v = 4 * x + nk;
        for (uint32_t e = g->roff[v]; e < g->roff[v + 1]; e++) {
          uint32_t u = g->radj[e];
          /* a join of cross-core sets: the sets themselves */
          uint32_t lo = u, hi = u + 1;
          if (u >= 4 * g->n) {
            lo = g->roff[u];
            hi = g->roff[u + 1];
          }
          for (uint32_t f = lo; f < hi; f++) {
            uint32_t w = u >= 4 * g->n ? g->radj[f] : u;
            if (w >= 4 * g->n)
              continue;
            uint32_t it = m->iter[w >> 2];
            if (it == NONE) {
              *why = "an instruction outside the loop orders one in every "
                     "period of it";
              return false;
            }
            if (m->iter[x] > it && m->iter[x] - it > back)
              back = m->iter[x] - it;
            if (it > m->iter[x] + m->P) {
              *why = "an instruction of the loop waits for one more than a "
                     "period later (on another core)";
              return false;
            }
          }
        }
      }
  }
  *R = (back + m->P - 1) / m->P;
  if (!*R)
    *R = 1;
  return true;
}

/* The column of instance x in the clocks of g (its pipe chain, or its
** core's scalar releases), or NONE; *p its position there. */
static uint32_t column_of(const gx *g, uint32_t x, uint32_t *p) {
  if (g->chain[x] != NONE && g->col[g->chain[x]] != NOCOL) {
    *p = g->pos[x];
    return g->col[g->chain[x]];
  }
  if (g->xpos[x] && g->xcol[mdl_inst_at(g->k, x)->core] != NOCOL) {
    *p = g->xpos[x];
    return g->xcol[mdl_inst_at(g->k, x)->core];
  }
  return NONE;
}

/* What the clocks of the loop's accesses (and of those after it) know
** of each column: the instance at each position of a column, the moves
** of the addresses over a period, and the results. */
typedef struct {
  const pmap *m;
  const stride *st;
  const bstride *bs;
  uint32_t *len, **at;        /* per column: the instance at each position */
  uint32_t wcol[64][3];       /* per flag id and core: its waits' column */
  uint64_t budget;            /* positions scanned, at most */
  uint32_t lag, tail_lag, xlag;
  bool xstale;
  const char *why;
} lagctx;

/* Where instance x lies: -1 before the loop, 0 in it, 1 after it. */
static int region(const pmap *m, uint32_t x) {
  if (m->iter[x] != NONE)
    return 0;
  uint32_t c = mdl_inst_at(m->g->k, x)->core;
  if (!m->ly->has[c])
    return 1; /* (a core without the loop: a tail, which never moves) */
  return x < m->ly->start[c][0] ? -1 : 1;
}

/* Does access a keep its address from one period to the next (its memory
** does not move, nor its view)? */
static bool acc_still(const lagctx *lc, const mdl_access *a) {
  const mdl_kernel *k = lc->m->g->k;
  const stride *s = &lc->st[a->mem];
  if (s->set && (s->d.c || s->d.n))
    return false;
  if (!a->box)
    return true;
  const mdl_box *b = &MDL_VEC_AT(k->boxes, mdl_box, a->box);
  const bstride *r = &lc->bs[b->root];
  for (uint8_t d = 0; r->set && d < b->nd && d < MDL_BOX_DIMS; d++)
    if (r->d[d])
      return false;
  return true;
}

/* May accesses a and b touch the same bytes with one of them writing
** (one memory)? */
static bool may_conflict(const mdl_kernel *k, const mdl_access *a,
                         const mdl_access *b) {
  if (!((a->mode | b->mode) & MDL_ACC_WRITE))
    return false;
  if (a->mem == b->mem)
    return true;
  (void)k; /* (the engines never relate two memories either) */
  return false;
}

/* x is never ordered after the instances of column q past position v:
** those of them before the loop or in it (up to x's own iteration; all
** of the loop when x follows it) that may conflict with x are unordered
** with it at every distance.  That repeats with the period only when
** neither address moves; false (why set) when one does. */
static bool unknown_ok(lagctx *lc, uint32_t x, uint32_t q, uint32_t v) {
  const pmap *m = lc->m;
  const mdl_kernel *k = m->g->k;
  const mdl_inst *ix = mdl_inst_at(k, x);
  int rx = region(m, x);
  for (uint32_t p = v + 1; p < lc->len[q]; p++) {
    if (!lc->budget--) {
      lc->why = "the loop is too large to examine (the orders of its "
                "accesses)";
      return false;
    }
    uint32_t y = lc->at[q][p];
    if (y == NONE || y == x)
      continue;
    int ry = region(m, y);
    if (ry == 1 || (rx == 0 && ry == 0 && m->iter[y] > m->iter[x]))
      continue;
    const mdl_inst *iy = mdl_inst_at(k, y);
    for (uint32_t i = 0; i < ix->nacc; i++)
      for (uint32_t j = 0; j < iy->nacc; j++) {
        const mdl_access *a = mdl_access_at(k, ix->acc_first + i);
        const mdl_access *b = mdl_access_at(k, iy->acc_first + j);
        if (!may_conflict(k, a, b))
          continue;
        bool sa = rx != 0 || acc_still(lc, a);
        bool sb = ry != 0 || acc_still(lc, b);
        if (!sa || !sb) {
          lc->why = "an access in the loop is never ordered with a "
                    "conflicting one on another pipe or core, and one of "
                    "their addresses moves with the iteration: whether they "
                    "meet depends on the trip count";
          return false;
        }
      }
  }
  return true;
}

/* The knowledge of instance x (in the loop or after it) of every column:
** its lag (how many iterations back, or before the loop's end, a
** conflicting access is still unordered with it), and, for a cross-core
** set, how far it knows the waits of its flag. */
static bool know(lagctx *lc, uint32_t x) {
  const pmap *m = lc->m;
  const gx *g = m->g;
  const mdl_inst *in = mdl_inst_at(g->k, x);
  bool xset = in->kind == MDL_I_BSET && in->id >= 0 && in->id < 64;
  int rx = region(m, x);
  if (!in->nacc && !(xset && rx == 0))
    return true;
  const uint32_t *vc = chk_graph_VC(g, 4 * x + 1);
  uint32_t last = m->ly->iters ? m->ly->iters - 1 : 0;
  for (uint32_t q = 0; q < g->nch; q++) {
    bool wq = false;
    for (uint32_t r = 0; xset && rx == 0 && r < 3; r++)
      wq |= r != in->core && lc->wcol[in->id][r] == q;
    if (!lc->len[q] || (!in->nacc && !wq))
      continue;
    uint32_t v = vc[q] < lc->len[q] ? vc[q] : lc->len[q] - 1;
    uint32_t z = v ? lc->at[q][v] : NONE;
    int rz = z != NONE ? region(m, z) : -1;
    if (rz == 1)
      continue; /* it knows the whole loop */
    if (rz < 0) { /* nothing of the loop */
      if (wq)
        lc->xstale = true;
      if (in->nacc && !unknown_ok(lc, x, q, v))
        return false;
      continue;
    }
    uint32_t it = m->iter[z];
    uint32_t l = rx == 1 ? last - it
                 : it > m->iter[x] ? 0 : m->iter[x] - it;
    if (wq && l > lc->xlag)
      lc->xlag = l;
    if (in->nacc && rx == 0 && l > lc->lag)
      lc->lag = l;
    if (in->nacc && rx == 1 && l > lc->tail_lag)
      lc->tail_lag = l;
  }
  return true;
}

/* The lags of the accesses of one period [from, from + P) and of every
** access after the loop (lagctx); false (lc->why) when an unordered pair
** does not repeat with the period. */
static bool lags(const pmap *m, const stride *st, const bstride *bs,
                 uint32_t from, lagctx *lc) {
  const gx *g = m->g;
  const mdl_kernel *k = g->k;
  memset(lc, 0, sizeof *lc);
  lc->m = m;
  lc->st = st;
  lc->bs = bs;
  lc->budget = 1u << 24;
  uint32_t nq = g->nch;
  lc->len = calloc(nq + 1, sizeof *lc->len);
  lc->at = calloc(nq + 1, sizeof *lc->at);
  for (uint32_t f = 0; f < 64; f++)
    lc->wcol[f][0] = lc->wcol[f][1] = lc->wcol[f][2] = NONE;
  bool ok = lc->len && lc->at;
  for (uint32_t x = 0; ok && x < g->n; x++) {
    uint32_t p, q = column_of(g, x, &p);
    if (q == NONE)
      continue;
    const mdl_inst *in = mdl_inst_at(k, x);
    if (in->kind == MDL_I_BWAIT && in->id >= 0 && in->id < 64)
      lc->wcol[in->id][in->core] = q;
    if (p + 1 > lc->len[q]) {
      uint32_t *n = realloc(lc->at[q], (p + 1) * sizeof *n);
      if (!n) {
        ok = false;
        break;
      }
      for (uint32_t j = lc->len[q]; j <= p; j++)
        n[j] = NONE;
      lc->at[q] = n;
      lc->len[q] = p + 1;
    }
    lc->at[q][p] = x;
  }
  if (!ok)
    lc->why = "out of memory";
  for (uint32_t c = 0; ok && c < k->ncores; c++) {
    uint32_t end = k->core_first[c] + k->core_count[c];
    uint32_t a = m->ly->has[c] ? m->ly->start[c][from] : end;
    uint32_t b = m->ly->has[c] ? m->ly->start[c][from + m->P] : end;
    uint32_t t = m->ly->has[c] ? m->ly->start[c][m->ly->iters] : end;
    for (uint32_t x = a; ok && x < b; x++)
      ok = know(lc, x);
    for (uint32_t x = t; ok && x < end; x++)
      ok = know(lc, x);
  }
  for (uint32_t q = 0; lc->at && q < nq; q++)
    free(lc->at[q]);
  free(lc->at);
  free(lc->len);
  lc->at = NULL;
  lc->len = NULL;
  return ok;
}

/* ------------------------------------------------- flags per period */

/* The balance of one flag (an intra-core flag key, or a cross-core
** counter of a receiving core) before the periodic part and over one
** period: sets and waits, and for a counter the sender cores, all of
** which must set for one increment. */
typedef struct {
  uint32_t core;
  uint8_t src, dst;
  int32_t id;
  bool x;                    /* cross-core: core is the receiver */
  int64_t sets[2], waits[2]; /* [0] before the periodic part, [1] a period */
  uint8_t senders;           /* bit per core */
} fbal;

static fbal *bal_of(mdl_vec *v, uint32_t core, uint8_t src, uint8_t dst,
                    int32_t id, bool x) {
  for (uint32_t i = 0; i < v->len; i++) {
    fbal *b = &MDL_VEC_AT(*v, fbal, i);
    if (b->core == core && b->src == src && b->dst == dst && b->id == id &&
        b->x == x)
      return b;
  }
  fbal *b = mdl_vec_push(v, sizeof *b);
  b->core = core;
  b->src = src;
  b->dst = dst;
  b->id = id;
  b->x = x;
  return b;
}

/* Counts sync instance in in the balances v (part 0: before the periodic
** part, 1: its first period).  A cross-core set counts for every core it
** feeds (SEMANTICS.md 4). */
static void bal_add(const mdl_kernel *k, mdl_vec *v, const mdl_inst *in,
                    int part) {
  if (in->kind == MDL_I_SET)
    bal_of(v, in->core, in->pipe, in->pipe2, in->id, false)->sets[part]++;
  else if (in->kind == MDL_I_WAIT)
    bal_of(v, in->core, in->pipe2, in->pipe, in->id, false)->waits[part]++;
  else if (in->kind == MDL_I_BWAIT)
    bal_of(v, in->core, 0, 0, in->id, true)->waits[part]++;
  if (in->kind != MDL_I_BSET)
    return;
  mdl_core_type st = k->cores[in->core].type;
  for (uint32_t r = 0; r < k->ncores; r++) {
    mdl_core_type rt = k->cores[r].type;
    bool feeds = in->mode == MDL_XMODE_INTRA_BLOCK
                     ? rt != st
                     : in->mode == MDL_XMODE_INTER_SUBBLOCK
                           ? rt == MDL_CORE_AIV && st == MDL_CORE_AIV
                           : rt == st;
    if (!feeds)
      continue;
    fbal *b = bal_of(v, r, 0, 0, in->id, true);
    b->sets[part]++;
    b->senders |= (uint8_t)(1u << in->core);
  }
}

/* The net balance of b over part (sets the counter sees, less waits). */
static int64_t bal_net(const fbal *b, int part) {
  int64_t ns = __builtin_popcount(b->senders);
  return b->x && ns > 1 ? b->sets[part] - b->waits[part] * ns
                        : b->sets[part] - b->waits[part];
}

/* The balances of every flag the loop's instructions use: part 0 from
** the kernel's start to iteration s0, part 1 the period [s0, s0 + P). */
static void balances(const mdl_kernel *s, const layout *ly, uint32_t s0,
                     uint32_t P, mdl_vec *v) {
  for (uint32_t c = 0; c < s->ncores; c++) {
    uint32_t first = s->core_first[c];
    uint32_t a = ly->has[c] ? ly->start[c][s0] : first + s->core_count[c];
    uint32_t b = ly->has[c] ? ly->start[c][s0 + P] : a;
    for (uint32_t x = first; x < b; x++) {
      const mdl_inst *in = mdl_inst_at(s, x);
      if (!in->implicit || in->kind != MDL_I_OP)
        bal_add(s, v, in, x < a ? 0 : 1);
    }
  }
}

/* ------------------------------------------------------ the certificate */

/* The imbalance of the flags over a period: none (0), or the trip count
** at which the first one shows (a deadlock once the credits run out, a
** counter past 15), in *at, and what it is in *what. */
static bool drift(const mdl_kernel *s, const layout *ly, uint32_t s0,
                  uint32_t P, uint32_t *at, const char **what) {
  mdl_vec v = {0};
  balances(s, ly, s0, P, &v);
  bool any = false;
  *at = UINT32_MAX;
  for (uint32_t i = 0; i < v.len; i++) {
    const fbal *b = &MDL_VEC_AT(v, fbal, i);
    int64_t per = bal_net(b, 1), before = bal_net(b, 0);
    if (!per)
      continue;
    if (b->x && chk_open_counter(s, b->core, b->id))
      continue; /* a lone half: the missing partner feeds it */
    any = true;
    int64_t n; /* periods until it shows */
    if (per < 0) { /* the credits before run out */
      n = before >= 0 ? before / -per + 1 : 1;
      *what = "a flag is waited for more often than it is set in each "
              "period of the loop: once the credits run out, a wait waits "
              "forever";
    } else if (b->x) { /* the counter climbs past 15 */
      int64_t room = 16 - before;
      n = room > 0 ? (room + per - 1) / per : 1;
      *what = "a cross-core flag is set more often than it is waited for "
              "in each period of the loop: its counter climbs past 15";
    } else {
      n = 1;
      *what = "a flag is set more often than it is waited for in each "
              "period of the loop: sets are left when the kernel ends";
    }
    uint64_t t = (uint64_t)s0 + (uint64_t)n * P + P;
    if (t < *at)
      *at = t > UINT32_MAX ? UINT32_MAX : (uint32_t)t;
  }
  mdl_vec_free(&v);
  return any;
}

/* The smallest period P, a multiple of pmul (and first periodic
** iteration s0), with which the body repeats; false when none leaves room
** for the clock check. */
static bool find_period(const mdl_kernel *s, const layout *ly, uint32_t pmul,
                        stride *strides, bstride *bs, uint32_t *s0,
                        uint32_t *P, const char **why) {
  const char *w = "the loop body does not repeat";
  if (pmul < 1)
    pmul = 1;
  if (4 * pmul > ly->iters)
    w = "the loop's outcomes are too short for the period its remainders "
        "and quotients of the iteration need";
  for (uint32_t p = pmul; 4 * p <= ly->iters; p += pmul)
    for (uint32_t a = 0; a + 4 * p <= ly->iters; a++) {
      const char *w2;
      if (repeats(s, ly, a, p, strides, bs, &w2)) {
        *s0 = a;
        *P = p;
        return true;
      }
      if (a == 0 && p == 1)
        w = w2;
    }
  *why = w;
  return false;
}

bool chk_loop_certify(const mdl_kernel *s, const uint32_t *loops,
                      uint32_t nloops, uint32_t settle, uint32_t pmul,
                      const chk_options *o, chk_loop_cert *out) {
  memset(out, 0, sizeof *out);
  layout ly;
  const char *why = NULL;
  if (!layout_of(s, loops, nloops, &ly, &why)) {
    layout_free(&ly);
    if (!ly.has[0] && !ly.has[1] && !ly.has[2] && !ly.iters && !why) {
      out->ok = true; /* the loop does not run: nothing depends on it */
      return true;
    }
    snprintf(out->why, sizeof out->why, "%s", why);
    return false;
  }
  stride *strides = calloc(s->memories.len + 1, sizeof *strides);
  bstride *bs = calloc(s->roots.len + 1, sizeof *bs);
  gx g;
  memset(&g, 0, sizeof g);
  pmap m;
  memset(&m, 0, sizeof m);
  bool ok = strides && bs &&
            find_period(s, &ly, pmul, strides, bs, &out->s0, &out->P, &why);
  if (strides && bs && !ok && why != resid_why)
    out->want_iters = 2 * ly.iters; /* a longer period may show */
  if (ok && out->s0 < settle) /* (its comparisons are decided from there) */
    out->s0 = settle;
  uint32_t at;
  const char *what;
  if (ok && drift(s, &ly, out->s0, out->P, &at, &what)) {
    out->drift_at = at;
    why = what;
    ok = false;
  }
  if (ok) {
    chk_options go = *o;
    go.stats = NULL;
    chk_graph_analyse(&g, s, &go, NULL, false, NULL);
    if (g.cyclic || g.deadlock) {
      why = "its longest outcome deadlocks";
      ok = false;
    }
  }
  if (ok)
    ok = pmap_init(&m, &g, &ly, out->s0, out->P);
  /* a window of R + 1 periods whose clocks move with the period, R the
     periods the predecessors of its instructions reach back */
  uint32_t P = out->P, R = 1, w0 = out->s0;
  bool found = false;
  while (ok && !found && w0 + (R + 2) * P <= ly.iters) {
    uint32_t R2;
    if (!reach_back(&m, w0, w0 + (R + 1) * P, &R2, &why)) {
      w0 += P; /* (a transient: try one period later) */
      continue;
    }
    if (R2 > R) {
      R = R2;
      continue;
    }
    if (clocks_repeat(&m, w0, w0 + (R + 1) * P, &why))
      found = true;
    else
      w0 += P;
  }
  if (ok && !found) {
    /* the clocks may settle later than the outcomes reach: a longer
       one is asked for (chk_enum.c, the driver runs once more) */
    out->want_iters = 2 * ly.iters > w0 + (R + 3) * P
                          ? 2 * ly.iters : w0 + (R + 3) * P;
    if (!why)
      why = "the loop's outcomes are too short to show two periods of it";
    ok = false;
  }
  lagctx lc;
  if (ok && !lags(&m, strides, bs, w0, &lc)) {
    why = lc.why;
    ok = false;
  }
  if (ok) {
    /* every unordered pair lies within reach iterations (or as far before
       the loop's end); a cross-core set that never learns of its waits
       may run its counter up: 16 sets, at least one a period */
    uint32_t reach = lc.lag > lc.xlag ? lc.lag : lc.xlag;
    if (lc.tail_lag > reach)
      reach = lc.tail_lag;
    reach++;
    if (lc.xstale && reach < out->s0 + 16 * P + 1)
      reach = out->s0 + 16 * P + 1;
    out->w0 = w0;
    out->R = R;
    out->lag = reach;
    out->n0 = w0 + R * P + reach + P;
    out->need = out->n0 + P;
  }
  if (!ok && why)
    snprintf(out->why, sizeof out->why, "%s", why);
  out->ok = ok;
  if (getenv("KSV_LOOP_TRACE"))
    fprintf(stderr, "loop: %s; P %u s0 %u w0 %u R %u reach %u n0 %u need %u "
            "drift_at %u%s%s\n", ok ? "certified" : "not certified", out->P,
            out->s0, out->w0, out->R, out->lag, out->n0, out->need,
            out->drift_at, ok ? "" : ": ", ok ? "" : out->why);
  pmap_free(&m);
  if (g.k)
    chk_graph_gx_free(&g);
  free(strides);
  free(bs);
  layout_free(&ly);
  return ok;
}

/* ------------------------------------------------- the trip count is free */

/* Does form f mention atom a other than through atom T (memo: per atom,
** 0 not seen, 1 no, 2 yes)? */
static bool mentions(const mdl_kernel *k, uint32_t f, uint32_t a, uint32_t T,
                     uint8_t *memo) {
  if (!f)
    return false;
  const mdl_val *v = &MDL_VEC_AT(k->forms, mdl_val, f);
  for (uint8_t i = 0; i < v->n; i++) {
    uint32_t b = v->atom[i];
    if (b == a)
      return true;
    if (b == T || memo[b] == 1)
      continue;
    if (memo[b] == 2)
      return true;
    const mdl_atom *at = &MDL_VEC_AT(k->atoms, mdl_atom, b);
    memo[b] = 1; /* (atoms are built from earlier ones: no cycle) */
    if (at->kind == MDL_ATOM_OPAQUE &&
        (mentions(k, at->lhs, a, T, memo) || mentions(k, at->rhs, a, T, memo) ||
         mentions(k, at->third, a, T, memo)))
      memo[b] = 2;
    if (memo[b] == 2)
      return true;
  }
  return false;
}

/* The terms of form f whose atoms mention a, the trip count's own atom
** included (*p; memo as for mentions, with no atom exempt); false when
** they do not fit. */
static bool a_part(const mdl_kernel *k, uint32_t f, uint32_t a,
                   uint8_t *memo, lin *p) {
  memset(p, 0, sizeof *p);
  if (!f)
    return true;
  const mdl_val *v = &MDL_VEC_AT(k->forms, mdl_val, f);
  for (uint8_t i = 0; i < v->n; i++) {
    const mdl_atom *at = &MDL_VEC_AT(k->atoms, mdl_atom, v->atom[i]);
    bool m = v->atom[i] == a ||
             (at->kind == MDL_ATOM_OPAQUE &&
              (mentions(k, at->lhs, a, 0, memo) ||
               mentions(k, at->rhs, a, 0, memo) ||
               mentions(k, at->third, a, 0, memo)));
    if (!m)
      continue;
    if (p->n == LIN_MAX)
      return false;
    p->atom[p->n] = v->atom[i];
    p->coef[p->n++] = v->coef[i];
  }
  return true;
}

/* Is literal form f a comparison of atom a with a constant (the operands'
** difference has no other atom)?  Such a branch is a threshold on a:
** as the trip count grows with a, it changes once (chk_enum.c keeps the
** outcomes on one side of it together). */
static bool threshold(const mdl_kernel *k, uint32_t f, uint32_t a) {
  const mdl_val *v = &MDL_VEC_AT(k->forms, mdl_val, f);
  if (v->unknown || v->n != 1 || v->coef[0] != 1)
    return false;
  const mdl_atom *c = &MDL_VEC_AT(k->atoms, mdl_atom, v->atom[0]);
  if (c->kind != MDL_ATOM_OPAQUE || c->op != MDL_X_CMP)
    return false;
  lin d;
  memset(&d, 0, sizeof d);
  return lin_add(k, &d, c->lhs, 1) && lin_add(k, &d, c->rhs, -1) &&
         d.n == 1 && d.atom[0] == a;
}

/* Is atom a used by the symbolic kernel k anywhere but in the trip count
** (atom T, or the form trip itself): an address, an event id, another
** literal?  A threshold (above) is not a use when *thr is not NULL: it is
** set instead. */
static bool used_elsewhere(const mdl_kernel *k, uint32_t a, uint32_t T,
                           uint32_t trip, bool *thr) {
  uint8_t *memo = calloc(k->atoms.len + 1, 1);
  if (!memo)
    return true;
  bool used = false;
  for (uint32_t l = 0; !used && l < k->lits.len; l++) {
    const mdl_lit *lt = &MDL_VEC_AT(k->lits, mdl_lit, l);
    if (lt->atom_form == trip || !mentions(k, lt->atom_form, a, T, memo))
      continue;
    if (thr && lt->kind == 0 && threshold(k, lt->atom_form, a))
      *thr = true;
    else
      used = true;
  }
  /* per memory: the part of its addresses that moves with a */
  lin *part = calloc(k->memories.len + 1, sizeof *part);
  uint8_t *seen = calloc(k->memories.len + 1, 1);
  uint8_t *memo0 = calloc(k->atoms.len + 1, 1);
  used = used || !part || !seen || !memo0;
  for (uint32_t i = 0; !used && i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    used = mentions(k, in->id_form, a, T, memo);
    for (uint32_t q = 0; !used && q < in->nacc; q++) {
      const mdl_access *ac = mdl_access_at(k, in->acc_first + q);
      lin p;
      used = !a_part(k, ac->sym ? ac->form : 0, a, memo0, &p);
      if (!used && seen[ac->mem])
        used = !lin_eq(&p, &part[ac->mem]);
      part[ac->mem] = p;
      seen[ac->mem] = 1;
    }
  }
  free(part);
  free(seen);
  free(memo0);
  free(memo);
  return used;
}

/* An atom of the linear form f with coefficient 1 or -1 that is an
** argument or a value read at run time, and that k uses nowhere else
** (but in thresholds, when the trip count has no other atom: *thr). */
static bool free_in(const mdl_kernel *k, uint32_t f, uint32_t T,
                    uint32_t trip, bool *thr) {
  const mdl_val *v = &MDL_VEC_AT(k->forms, mdl_val, f);
  for (uint8_t i = 0; i < v->n; i++) {
    const mdl_atom *at = &MDL_VEC_AT(k->atoms, mdl_atom, v->atom[i]);
    *thr = false;
    if ((v->coef[i] == 1 || v->coef[i] == -1) &&
        at->kind != MDL_ATOM_BLOCK_IDX && at->kind != MDL_ATOM_BLOCK_NUM &&
        !used_elsewhere(k, v->atom[i], T, trip, v->n == 1 ? thr : NULL))
      return true;
  }
  return false;
}

bool chk_loop_free_trip(const mdl_kernel *k, uint32_t trip, bool *thr,
                        char *why, size_t n) {
  const mdl_val *v = &MDL_VEC_AT(k->forms, mdl_val, trip);
  bool ok = false;
  if (!v->unknown && v->n == 1 && v->coef[0] == 1) {
    const mdl_atom *T = &MDL_VEC_AT(k->atoms, mdl_atom, v->atom[0]);
    if (T->kind == MDL_ATOM_OPAQUE && T->op == MDL_X_CEILDIV && T->lhs &&
        T->rhs) {
      /* ceildiv(bound - start, step): a unit move of the bound moves the
         trip count by at most one, so it takes every value */
      const mdl_val *st = &MDL_VEC_AT(k->forms, mdl_val, T->rhs);
      bool pos = st->n == 0 ? st->c >= 1
                 : st->n == 1 && st->coef[0] == 1 && st->c == 0 &&
                       MDL_VEC_AT(k->atoms, mdl_atom, st->atom[0]).kind ==
                           MDL_ATOM_BLOCK_NUM;
      const mdl_val *nu = &MDL_VEC_AT(k->forms, mdl_val, T->lhs);
      ok = pos && free_in(k, T->lhs, v->atom[0], trip, thr);
      if (*thr && (st->n || nu->n != 1))
        ok = false; /* (a threshold's trip count depends on more) */
    }
  }
  if (!ok && !v->unknown)
    ok = free_in(k, trip, 0, trip, thr);
  if (getenv("KSV_LOOP_TRACE")) {
    char buf[200];
    mdl_val_print(k, v, buf, sizeof buf);
    fprintf(stderr, "loop: trip count %s: %s\n", buf, ok ? "free" : "not free");
  }
  if (!ok)
    snprintf(why, n, "the loop's bound is also used by the kernel elsewhere "
             "(an address, an event id or a branch), or its trip count is "
             "not a unit step of it: a longer run is not the same run with "
             "more iterations");
  return ok;
}
