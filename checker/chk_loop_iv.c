/*
** chk_loop_iv.c -- premise P2' of the proof for every trip count
** (docs/loops.md): what the loop body computes from the loop's iteration
** stays periodic, or moves by a fixed stride, for EVERY iteration, not only
** in the iterations ksv unrolled.  The certificate (chk_loop.c) sees the
** unrolled outcomes, where a branch `if (i == 100)` never fires when the
** outcomes stop at 64; this pass reads the loop's statements instead.
**
** Each scalar the body defines gets a class:
**   INDEP  not computed from the iteration;
**   PER    a periodic function of it (i mod m, a multi-buffer counter mod
**          m, and what is computed from those), from iteration `settle`
**          on;
**   LIN    the iteration times a value plus a value, or such a form
**          divided by a value (moves by a fixed stride each period): fine
**          as an address, an offset or an event id rotation's input;
**   BAD    anything else: a comparison of the iteration with a value
**          (unless a constant, which it passes once: settle), a min/max
**          clamp, a product of two iteration forms, a value carried from
**          one iteration to the next.
** A BAD value used by a branch, a loop bound, a flag or event id, an
** address, an offset or an access index fails the premise; `settle` is
** the first iteration after which every comparison with a constant is
** decided (the certificate's period must start there).
*/
#include "chk.h"
#include "chk_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { C_INDEP, C_PER, C_LIN, C_BAD };

typedef struct {
  uint8_t c;        /* class */
  bool ivc;         /* LIN: exactly the induction variable plus off */
  bool isk;         /* INDEP: the constant k */
  bool islb;        /* INDEP: the loop's lower bound */
  int64_t off, k;
  uint32_t settle;  /* PER: periodic from this iteration on */
} cls;

typedef struct {
  const mdl_func *f;
  const mdl_stmt *loop;
  cls *v;           /* per value of f */
  const mdl_stmt **def; /* per value of f: the scalar statement defining it */
  bool lb_k, step_k, step_blocks;
  int64_t lb, step;
  uint32_t settle;
  uint64_t pmul;    /* the period is a multiple of this: the divisors of
                       the iteration's remainders and quotients */
  const mdl_stmt *settle_at; /* the use that settles last */
  const char *settle_what;
  const mdl_stmt *bad_at; /* the first relevant use of a BAD value */
  const char *bad_what;
} ivw;

static cls get(const ivw *w, mdl_valref r) {
  cls z = {0};
  return r != MDL_NOVAL && r < w->f->values.len ? w->v[r] : z;
}

static void put(ivw *w, mdl_valref r, cls c) {
  if (r != MDL_NOVAL && r < w->f->values.len)
    w->v[r] = c;
}

static cls mk(uint8_t c, uint32_t settle) {
  cls z = {0};
  z.c = c;
  z.settle = c == C_PER ? settle : 0;
  return z;
}

/* Where two values meet (a select, the arms of an if, a loop-carried
** value's start and next): the same class, or INDEP with one. */
static cls join(cls a, cls b) {
  uint32_t s = a.settle > b.settle ? a.settle : b.settle;
  if (a.c == C_INDEP && b.c == C_INDEP)
    return mk(C_INDEP, 0);
  if (a.c == C_BAD || b.c == C_BAD)
    return mk(C_BAD, 0);
  if ((a.c == C_INDEP || a.c == C_PER) && (b.c == C_INDEP || b.c == C_PER))
    return mk(C_PER, s);
  return mk(C_BAD, 0); /* (an iteration form in one arm only) */
}

/* Periodic from the iteration at which iv + off (op) lb is decided: iv =
** lb + t * step with step at least 1 (a constant, or the block count). */
static cls compare_lb(const ivw *w, int64_t off) {
  if (!(w->step_k && w->step > 0) && !w->step_blocks)
    return mk(C_BAD, 0);
  if (off < -(1 << 20) || off > 1 << 20)
    return mk(C_BAD, 0);
  return mk(C_PER, (uint32_t)(off < 0 ? -off : off) + 2);
}

/* Periodic from the iteration at which iv + off (op) c is decided. */
static cls compare_const(const ivw *w, int64_t off, int64_t c) {
  if (!w->lb_k || !w->step_k || w->step <= 0)
    return mk(C_BAD, 0);
  /* iteration t has iv = lb + t * step: the comparison changes at most
     once, before iteration (c - off - lb) / step + 2 */
  __int128 t = ((__int128)c - off - w->lb) / w->step + 2;
  if (t < 0)
    t = 0;
  if (t > 1 << 20)
    return mk(C_BAD, 0);
  return mk(C_PER, (uint32_t)t);
}

static uint64_t gcd64(uint64_t a, uint64_t b) {
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* i mod m, i / m of a linear i: periodic (or a fixed stride) with a
** period that is a multiple of the constant m, which the certificate's
** period must then be (a window shorter than m shows none of it). */
static cls modular(ivw *w, cls a, cls b, uint8_t c, uint32_t st) {
  if (a.c != C_LIN)
    return mk(a.c == C_INDEP ? C_PER : a.c, st);
  if (!b.isk || b.k <= 0 || b.k > 4096)
    return mk(C_BAD, 0);
  uint64_t m = (uint64_t)b.k, l = w->pmul / gcd64(w->pmul, m) * m;
  if (l > 4096)
    return mk(C_BAD, 0);
  w->pmul = l;
  return mk(c, st);
}

static cls binop(ivw *w, const mdl_stmt *s, cls a, cls b) {
  mdl_xop op = s->u.x.op;
  uint32_t st = a.settle > b.settle ? a.settle : b.settle;
  if (a.c == C_BAD || b.c == C_BAD)
    return mk(C_BAD, 0);
  if (a.c == C_INDEP && b.c == C_INDEP) {
    cls r = mk(C_INDEP, 0);
    if (a.isk && b.isk && op == MDL_X_ADD) {
      r.isk = true;
      r.k = a.k + b.k;
    }
    return r;
  }
  bool lin = a.c == C_LIN || b.c == C_LIN;
  switch (op) {
  case MDL_X_ADD:
  case MDL_X_SUB: {
    cls r = mk(lin ? C_LIN : C_PER, st);
    /* iv + k, iv - k: still the iteration plus a known offset */
    if (a.c == C_LIN && a.ivc && b.c == C_INDEP && b.isk) {
      r.ivc = true;
      r.off = op == MDL_X_ADD ? a.off + b.k : a.off - b.k;
    } else if (op == MDL_X_ADD && b.c == C_LIN && b.ivc && a.c == C_INDEP &&
               a.isk) {
      r.ivc = true;
      r.off = b.off + a.k;
    }
    return r;
  }
  case MDL_X_MUL:
  case MDL_X_SHL:
    if (a.c == C_LIN && b.c == C_LIN)
      return mk(C_BAD, 0);
    if (lin && (a.c == C_PER || b.c == C_PER))
      return mk(C_BAD, 0);
    return mk(lin ? C_LIN : C_PER, st);
  case MDL_X_DIVS: case MDL_X_DIVU: case MDL_X_CEILDIV: case MDL_X_FLOORDIV:
    if (b.c != C_INDEP)
      return mk(C_BAD, 0);
    return modular(w, a, b, C_LIN, st);
  case MDL_X_SHRS: case MDL_X_SHRU: {
    if (b.c != C_INDEP || !b.isk || b.k < 0 || b.k > 12)
      return mk(C_BAD, 0);
    cls d = b;
    d.k = (int64_t)1 << b.k;
    return modular(w, a, d, C_LIN, st);
  }
  case MDL_X_REMS: case MDL_X_REMU:
    if (b.c != C_INDEP)
      return mk(C_BAD, 0);
    return modular(w, a, b, C_PER, st);
  case MDL_X_CMP:
    if (a.c == C_LIN && a.ivc && b.c == C_INDEP && b.isk)
      return compare_const(w, a.off, b.k);
    if (b.c == C_LIN && b.ivc && a.c == C_INDEP && a.isk)
      return compare_const(w, b.off, a.k);
    if (a.c == C_LIN && a.ivc && b.c == C_INDEP && b.islb)
      return compare_lb(w, a.off);
    if (b.c == C_LIN && b.ivc && a.c == C_INDEP && a.islb)
      return compare_lb(w, b.off);
    return lin ? mk(C_BAD, 0) : mk(C_PER, st);
  default: /* min, max, and, or, xor, ...: periodic in, periodic out */
    return lin ? mk(C_BAD, 0) : mk(C_PER, st);
  }
}

/* Does the loop body store into stack slot `slot`? */
static bool stores_slot(const mdl_block *b, mdl_valref slot) {
  for (const mdl_stmt *s = b->first; s; s = s->next) {
    if (s->kind == MDL_S_SSTORE && s->u.sst.slot == slot)
      return true;
    if ((s->kind == MDL_S_FOR && stores_slot(&s->u.loop.body, slot)) ||
        (s->kind == MDL_S_IF && (stores_slot(&s->u.cif.then_b, slot) ||
                                 stores_slot(&s->u.cif.else_b, slot))) ||
        (s->kind == MDL_S_WHILE && (stores_slot(&s->u.wh.before, slot) ||
                                    stores_slot(&s->u.wh.after, slot))))
      return true;
  }
  return false;
}

/* Is slot a counter: stored once per iteration, at the body's top level,
** with its own value plus a constant (`k = load; store k + c`, the form
** of the compiler's event-id counters)?  Then it moves by c each
** iteration: a fixed stride. */
static bool counter(const ivw *w, mdl_valref slot) {
  const mdl_stmt *st = NULL;
  uint32_t n = 0;
  for (const mdl_stmt *s = w->loop->u.loop.body.first; s; s = s->next)
    if (s->kind == MDL_S_SSTORE && s->u.sst.slot == slot) {
      st = s;
      n++;
    }
  if (n != 1)
    return false; /* (or stored under a branch or an inner loop) */
  mdl_valref v = st->u.sst.val;
  const mdl_stmt *d = v < w->f->values.len ? w->def[v] : NULL;
  if (!d || d->u.x.op != MDL_X_ADD)
    return false;
  const mdl_stmt *l = d->u.x.a < w->f->values.len ? w->def[d->u.x.a] : NULL;
  const mdl_stmt *c = d->u.x.b < w->f->values.len ? w->def[d->u.x.b] : NULL;
  if (l && l->u.x.op == MDL_X_CONST) {
    const mdl_stmt *t = l;
    l = c;
    c = t;
  }
  return l && c && l->u.x.op == MDL_X_SLOAD && l->u.x.a == slot &&
         c->u.x.op == MDL_X_CONST;
}

static void use(ivw *w, const mdl_stmt *s, mdl_valref r, const char *what);

static void scalar(ivw *w, const mdl_stmt *s) {
  cls a = get(w, s->u.x.a), b = get(w, s->u.x.b), c = get(w, s->u.x.c), r;
  switch (s->u.x.op) {
  case MDL_X_CONST:
    r = mk(C_INDEP, 0);
    r.isk = true;
    r.k = s->u.x.k;
    break;
  case MDL_X_COPY:
    r = a;
    break;
  case MDL_X_SELECT:
    r = a.c == C_INDEP ? join(b, c) : join(a, join(b, c));
    if (s->def < w->f->values.len &&
        MDL_VEC_AT(w->f->values, mdl_value, s->def).is_memref)
      use(w, s, s->u.x.a, "the choice of a buffer"); /* (not a scalar) */
    break;
  case MDL_X_MBCOUNTER: /* a loop's iteration count: a fixed stride */
    r = mk(C_LIN, 0);
    break;
  case MDL_X_SLOAD: /* a stack slot the body writes: carried over */
    r = b.c != C_INDEP ? mk(C_BAD, 0)
        : !stores_slot(&w->loop->u.loop.body, s->u.x.a) ? mk(C_INDEP, 0)
        : counter(w, s->u.x.a) ? mk(C_LIN, 0)
                               : mk(C_BAD, 0);
    break;
  case MDL_X_UNKNOWN:
    r = a.c == C_INDEP && b.c == C_INDEP && c.c == C_INDEP ? mk(C_INDEP, 0)
                                                           : mk(C_BAD, 0);
    break;
  case MDL_X_ARG:
  case MDL_X_BLOCK_IDX: case MDL_X_BLOCK_NUM: case MDL_X_SUB_BLOCK_IDX:
  case MDL_X_SUB_BLOCK_NUM:
    r = mk(C_INDEP, 0);
    break;
  default:
    r = binop(w, s, a, b);
    break;
  }
  put(w, s->def, r);
}

/* A use that decides what runs, which flag, or which bytes: a BAD value
** there fails the premise; a periodic one settles at its settle. */
static void use(ivw *w, const mdl_stmt *s, mdl_valref r, const char *what) {
  cls c = get(w, r);
  if (c.c == C_BAD && !w->bad_at) {
    w->bad_at = s;
    w->bad_what = what;
  }
  if (c.c == C_PER && c.settle > w->settle) {
    w->settle = c.settle;
    w->settle_at = s;
    w->settle_what = what;
  }
}

static void walk(ivw *w, const mdl_block *b);

static void results(ivw *w, uint32_t n, const mdl_valref *res,
                    const mdl_valref *y1, const mdl_valref *y2, cls cond) {
  for (uint32_t i = 0; i < n; i++) {
    cls r = join(cond.c == C_INDEP ? mk(C_INDEP, 0) : cond,
                 join(get(w, y1 ? y1[i] : MDL_NOVAL),
                      get(w, y2 ? y2[i] : MDL_NOVAL)));
    put(w, res[i], r);
  }
}

static void nested_for(ivw *w, const mdl_stmt *s) {
  use(w, s, s->u.loop.lb, "the bounds of an inner loop");
  use(w, s, s->u.loop.ub, "the bounds of an inner loop");
  use(w, s, s->u.loop.step, "the bounds of an inner loop");
  cls bnd = join(get(w, s->u.loop.lb),
                 join(get(w, s->u.loop.ub), get(w, s->u.loop.step)));
  put(w, s->u.loop.iv, bnd.c == C_INDEP ? mk(C_INDEP, 0) : mk(C_BAD, 0));
  /* its carried values: their start and their next, twice (a value
     carried through two steps settles on the second) */
  for (int pass = 0; pass < 2; pass++) {
    for (uint32_t i = 0; i < s->u.loop.niter; i++)
      put(w, s->u.loop.iter_arg[i],
          join(get(w, s->u.loop.iter_init[i]), get(w, s->u.loop.yield[i])));
    walk(w, &s->u.loop.body);
  }
  results(w, s->u.loop.nres, s->u.loop.res, s->u.loop.yield, NULL, bnd);
}

static void walk(ivw *w, const mdl_block *b) {
  for (const mdl_stmt *s = b->first; s; s = s->next) {
    switch (s->kind) {
    case MDL_S_SCALAR:
      scalar(w, s);
      break;
    case MDL_S_BUF:
      for (uint32_t i = 0; i < s->u.b.naddr; i++)
        use(w, s, s->u.b.addrs[i], "an address");
      use(w, s, s->u.b.off, "an offset");
      break;
    case MDL_S_OP:
      for (uint32_t i = 0; i < s->u.op.nacc; i++) {
        use(w, s, s->u.op.acc[i].index, "an element index");
        use(w, s, s->u.op.acc[i].half, "an L0 half");
      }
      for (uint32_t i = 0; i < s->u.op.nacc2; i++) {
        use(w, s, s->u.op.acc2[i].index, "an element index");
        use(w, s, s->u.op.acc2[i].half, "an L0 half");
      }
      if (s->def < w->f->values.len &&
          !MDL_VEC_AT(w->f->values, mdl_value, s->def).is_memref &&
          !MDL_VEC_AT(w->f->values, mdl_value, s->def).is_tensor)
        put(w, s->def, mk(C_BAD, 0)); /* a scalar an op computes: data */
      break;
    case MDL_S_SET: case MDL_S_WAIT:
      use(w, s, s->u.flag.id, "an event id");
      break;
    case MDL_S_BSET: case MDL_S_BWAIT:
      use(w, s, s->u.blk.flag, "a cross-core flag");
      break;
    case MDL_S_SYNC_BLOCK:
      use(w, s, s->u.sb.flag, "a cross-core flag");
      break;
    case MDL_S_SSTORE:
      use(w, s, s->u.sst.index, "an element index");
      break;
    case MDL_S_IF:
      use(w, s, s->u.cif.cond, "a branch condition");
      walk(w, &s->u.cif.then_b);
      walk(w, &s->u.cif.else_b);
      results(w, s->u.cif.nres, s->u.cif.res, s->u.cif.then_y,
              s->u.cif.else_y, get(w, s->u.cif.cond));
      break;
    case MDL_S_FOR:
      nested_for(w, s);
      break;
    case MDL_S_WHILE: /* its condition may depend on anything carried */
      for (uint32_t i = 0; i < s->u.wh.ninit; i++)
        put(w, s->u.wh.before_args[i], mk(C_BAD, 0));
      walk(w, &s->u.wh.before);
      use(w, s, s->u.wh.cond, "a while condition");
      walk(w, &s->u.wh.after);
      for (uint32_t i = 0; i < s->u.wh.nres; i++)
        put(w, s->u.wh.res[i], mk(C_BAD, 0));
      break;
    default:
      break;
    }
  }
}

/* Is v the carried value a plus steps that do not depend on the
** iteration (INDEP, or periodic: a fixed stride per period)? */
static bool stride_of(const ivw *w, mdl_valref x) {
  uint8_t c = get(w, x).c;
  return c == C_INDEP || c == C_PER;
}

static bool advances(const ivw *w, mdl_valref v, mdl_valref a, int depth) {
  const mdl_stmt *d = v < w->f->values.len ? w->def[v] : NULL;
  if (!d || depth > 8)
    return false;
  mdl_valref x = d->u.x.a, y = d->u.x.b;
  switch (d->u.x.op) {
  case MDL_X_COPY:
    return x == a || advances(w, x, a, depth + 1);
  case MDL_X_ADD:
    return ((x == a || advances(w, x, a, depth + 1)) && stride_of(w, y)) ||
           ((y == a || advances(w, y, a, depth + 1)) && stride_of(w, x));
  case MDL_X_SUB:
    return (x == a || advances(w, x, a, depth + 1)) && stride_of(w, y);
  default:
    return false;
  }
}

/* The loop's carried values (iter_args) of the forms compilers emit,
** classified from the last walk (where the unclassified ones were BAD, so
** what was found INDEP or periodic there depends on none of them): passed
** on unchanged (INDEP), set to a value that does not depend on the
** iteration (that value from iteration 1 on: periodic from 1), or
** advanced by such a value (`%p_next = %p + STRIDE`, a pointer or offset
** moved per tile: a fixed stride, LIN).  True when one changed class. */
static bool carried(ivw *w) {
  const mdl_stmt *l = w->loop;
  bool any = false;
  for (uint32_t i = 0; i < l->u.loop.niter; i++) {
    mdl_valref a = l->u.loop.iter_arg[i], y = l->u.loop.yield[i];
    cls was = get(w, a), c = was;
    if (y == a)
      c = mk(C_INDEP, 0);
    else if (stride_of(w, y)) /* (one iteration later than y) */
      c = join(get(w, l->u.loop.iter_init[i]),
               mk(C_PER, get(w, y).settle + 1));
    else if (advances(w, y, a, 0))
      c = mk(C_LIN, 0);
    if (c.c != was.c) {
      put(w, a, c);
      any = true;
    }
  }
  return any;
}

/* The function of k whose body holds the statement loop. */
static bool holds(const mdl_block *b, const mdl_stmt *loop) {
  for (const mdl_stmt *s = b->first; s; s = s->next) {
    if (s == loop)
      return true;
    if ((s->kind == MDL_S_FOR && holds(&s->u.loop.body, loop)) ||
        (s->kind == MDL_S_IF && (holds(&s->u.cif.then_b, loop) ||
                                 holds(&s->u.cif.else_b, loop))) ||
        (s->kind == MDL_S_WHILE && (holds(&s->u.wh.before, loop) ||
                                    holds(&s->u.wh.after, loop))))
      return true;
  }
  return false;
}

/* The constants of f (defined anywhere: the bounds' and the compared
** values' definitions usually precede the loop). */
static void consts(ivw *w, const mdl_block *b) {
  for (const mdl_stmt *s = b->first; s; s = s->next) {
    if (s->kind == MDL_S_SCALAR && s->def < w->f->values.len)
      w->def[s->def] = s;
    if (s->kind == MDL_S_SCALAR && s->u.x.op == MDL_X_CONST) {
      cls r = mk(C_INDEP, 0);
      r.isk = true;
      r.k = s->u.x.k;
      put(w, s->def, r);
    } else if (s->kind == MDL_S_FOR) {
      consts(w, &s->u.loop.body);
    } else if (s->kind == MDL_S_IF) {
      consts(w, &s->u.cif.then_b);
      consts(w, &s->u.cif.else_b);
    } else if (s->kind == MDL_S_WHILE) {
      consts(w, &s->u.wh.before);
      consts(w, &s->u.wh.after);
    }
  }
}

bool chk_loop_iv_check(const mdl_kernel *k, const mdl_stmt *loop,
                       uint32_t *settle, uint32_t *pmul, char *why,
                       size_t n) {
  const mdl_func *f = NULL;
  for (uint32_t c = 0; c < k->ncores && !f; c++)
    if (k->cores[c].fn && holds(&k->cores[c].fn->body, loop))
      f = k->cores[c].fn;
  if (!f) {
    snprintf(why, n, "the loop's statements were not found");
    return false;
  }
  ivw w;
  memset(&w, 0, sizeof w);
  w.f = f;
  w.loop = loop;
  w.pmul = 1;
  w.v = calloc(f->values.len + 1, sizeof *w.v);
  w.def = calloc(f->values.len + 1, sizeof *w.def);
  if (!w.v || !w.def) {
    free(w.v);
    free(w.def);
    snprintf(why, n, "out of memory");
    return false;
  }
  consts(&w, &f->body);
  cls lb = get(&w, loop->u.loop.lb), st = get(&w, loop->u.loop.step);
  w.lb_k = lb.isk;
  w.lb = lb.k;
  w.step_k = st.isk;
  w.step = st.k;
  const mdl_stmt *sd = loop->u.loop.step < f->values.len
                           ? w.def[loop->u.loop.step] : NULL;
  while (sd && sd->u.x.op == MDL_X_COPY && sd->u.x.a < f->values.len)
    sd = w.def[sd->u.x.a]; /* (an index_cast of the block count) */
  w.step_blocks = sd && sd->u.x.op == MDL_X_BLOCK_NUM;
  if (!lb.isk && loop->u.loop.lb < f->values.len) {
    w.v[loop->u.loop.lb].islb = true;
    for (uint32_t r = 0; r < f->values.len; r++) /* its copies */
      if (w.def[r] && w.def[r]->u.x.op == MDL_X_COPY &&
          w.def[r]->u.x.a == loop->u.loop.lb)
        w.v[r].islb = true;
  }
  cls iv = mk(C_LIN, 0);
  iv.ivc = true;
  put(&w, loop->u.loop.iv, iv);
  for (uint32_t i = 0; i < loop->u.loop.niter; i++) /* carried over */
    put(&w, loop->u.loop.iter_arg[i], mk(C_BAD, 0));
  walk(&w, &loop->u.loop.body);
  for (int pass = 0; pass < 3 && carried(&w); pass++) {
    w.settle = 0; /* again, with the carried values classified */
    w.pmul = 1;
    w.settle_at = w.bad_at = NULL;
    walk(&w, &loop->u.loop.body);
  }
  free(w.v);
  free(w.def);
  *settle = w.settle;
  *pmul = (uint32_t)w.pmul;
  if (w.bad_at) {
    snprintf(why, n, "%s at %u:%u depends on the iteration in a way that "
             "may change past the trip counts checked (a comparison, a "
             "clamp, or a value carried from one iteration to the next)",
             w.bad_what, w.bad_at->loc.line, w.bad_at->loc.col);
    return false;
  }
  if (w.settle > CHK_LOOP_SETTLE_MAX) {
    snprintf(why, n, "the body changes at iteration %u (%s at %u:%u "
             "compares the iteration with a constant), past the iterations "
             "ksv unrolls", w.settle - 2, w.settle_what,
             w.settle_at->loc.line, w.settle_at->loc.col);
    return false;
  }
  return true;
}
