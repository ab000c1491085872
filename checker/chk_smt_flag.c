/*
** chk_smt_flag.c -- the SMT engine's flag queries (a wait that may wait
** forever, a set with no wait, a set over a pending one, overflow) and the
** cross-core counters of SEMANTICS.md 4 (their increment nodes, deadlocks
** and overflow).  Internals in chk_smt_x.h.
*/
#include "chk.h"
#include "chk_int.h"
#include "chk_smt_x.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* Is there an execution where the statement of seq[i] (its first
** element of that statement) is numbered past the other side's count
** (other + 1)?  Returns 1 with *m and the instance chosen (*inst, NONE when
** pick found none), 0 when none, and skips (0) an element whose statement
** an earlier one of seq already asked for.  what names the query. */
static int past_other(sx *x, const mdl_vec *seq, uint32_t i, Z3_ast other,
                      const char *what_fmt, Z3_model *m, uint32_t *inst) {
  const mdl_kernel *k = x->k;
  const mdl_inst *ii = mdl_inst_at(k, MDL_VEC_AT(*seq, seqel, i).inst);
  for (uint32_t q = 0; q < i; q++)
    if (mdl_inst_at(k, MDL_VEC_AT(*seq, seqel, q).inst)->stmt == ii->stmt)
      return 0;
  Z3_ast past = chk_smt_mk_add2(x, other, chk_smt_mk_int(x, 1));
  Z3_ast any = Z3_mk_false(x->c);
  for (uint32_t q = i; q < seq->len; q++) {
    const seqel *e = &MDL_VEC_AT(*seq, seqel, q);
    if (mdl_inst_at(k, e->inst)->stmt == ii->stmt)
      any = chk_smt_mk_or2(
          x, any, chk_smt_mk_and2(x, e->mem, Z3_mk_eq(x->c, e->cnt, past)));
  }
  char what[96];
  snprintf(what, sizeof what, what_fmt, ii->loc.line, ii->loc.col);
  if (chk_smt_check(x, any, m, what) != 1)
    return 0;
  *inst = chk_smt_pick(x, *m, seq, past);
  return 1;
}

/* The first wait of a key without its set: deadlock, per wait statement. */
static void wait_queries(sx *x, fkey *f) {
  const mdl_kernel *k = x->k;
  for (uint32_t w = 0; w < f->waits.len; w++) {
    seqel *we = &MDL_VEC_AT(f->waits, seqel, w);
    Z3_model m;
    uint32_t inst;
    if (!past_other(x, &f->waits, w, f->nsets,
                    "whether the wait_flag at %u:%u always gets its set", &m,
                    &inst))
      continue;
    int64_t ns = 0, num = 0;
    chk_smt_model_int(x, m, f->nsets, &ns);
    chk_finding *fd = chk_smt_add_finding(x, MDL_RULE_DEADLOCK,
                                          inst != NONE ? inst : we->inst, NONE);
    if (inst != NONE)
      for (uint32_t q = 0; q < f->waits.len; q++)
        if (MDL_VEC_AT(f->waits, seqel, q).inst == inst)
          chk_smt_model_int(x, m, MDL_VEC_AT(f->waits, seqel, q).cnt, &num);
    fd->msg = mdl_strprintf(
        "wait_flag[%s, %s, EVENT_ID%d] on %s waits forever: it is wait "
        "number %lld but only %lld matching set_flag%s execute%s",
        chk_smt_pn(f->src), chk_smt_pn(f->dst), f->id, k->cores[f->core].label,
        (long long)num, (long long)ns, ns == 1 ? "" : "s", ns == 1 ? "s" : "");
    uint32_t wl[1] = {fd->b};
    chk_smt_set_witness(x, m, fd, wl, 0);
    x->deadlock = true;
    Z3_model_dec_ref(x->c, m);
  }
}

/* The first set of a key left pending: unpaired-set, per set statement. */
static void set_queries(sx *x, fkey *f) {
  const mdl_kernel *k = x->k;
  for (uint32_t s = 0; s < f->sets.len; s++) {
    seqel *se = &MDL_VEC_AT(f->sets, seqel, s);
    Z3_model m;
    uint32_t inst;
    if (!past_other(x, &f->sets, s, f->nwaits,
                    "whether the set_flag at %u:%u is always waited for", &m,
                    &inst))
      continue;
    int64_t ns = 0, nw = 0;
    chk_smt_model_int(x, m, f->nsets, &ns);
    chk_smt_model_int(x, m, f->nwaits, &nw);
    chk_finding *fd = chk_smt_add_finding(x, MDL_RULE_UNPAIRED_SET,
                                          inst != NONE ? inst : se->inst, NONE);
    fd->msg = mdl_strprintf(
        "set_flag[%s, %s, EVENT_ID%d] on %s is still set when the "
        "kernel ends: %lld set%s but %lld wait%s",
        chk_smt_pn(f->src), chk_smt_pn(f->dst), f->id, k->cores[f->core].label,
        (long long)ns, ns == 1 ? "" : "s", (long long)nw, nw == 1 ? "" : "s");
    chk_smt_set_witness(x, m, fd, NULL, 0);
    Z3_model_dec_ref(x->c, m);
  }
}

void chk_smt_flag_queries(sx *x, mdl_vec *keys) {
  for (uint32_t j = 0; j < keys->len; j++) {
    fkey *f = &MDL_VEC_AT(*keys, fkey, j);
    if (chk_cut_core(x->k, f->core))
      continue; /* a prefix: the end of the kernel is not in it */
    wait_queries(x, f);
    set_queries(x, f);
  }
}

/* Fewer than c waits of waits (total nwaits) exist, or the one numbered
** c ends after node: the wait that should precede node has not passed. */
static Z3_ast wait_late(sx *x, const mdl_vec *waits, Z3_ast nwaits, Z3_ast c,
                        uint32_t node) {
  Z3_ast late = Z3_simplify(x->c, Z3_mk_lt(x->c, nwaits, c));
  for (uint32_t w = 0; w < waits->len; w++) {
    const seqel *we = &MDL_VEC_AT(*waits, seqel, w);
    Z3_ast wh = chk_smt_when(x, we->mem, we->cnt, c);
    if (wh)
      late = chk_smt_mk_or2(
          x, late,
          chk_smt_mk_and2(x, wh,
                          Z3_mk_lt(x->c, chk_smt_T(x, node),
                                   chk_smt_done_node(x, we->inst))));
  }
  return late;
}

/* Is the set se, numbered c, certainly issued after the wait numbered
** c-1 of its flag has ended (a path of certain edges)?  Then it is no
** double set and needs no query. */
static bool must_clear_before(sx *x, const fkey *f, const seqel *se) {
  int64_t c, cw;
  const mdl_inst *si = mdl_inst_at(x->k, se->inst);
  if (x->want_core || si->id < 0 || !chk_smt_count_is(x, se, &c) || c < 2)
    return false;
  chk_smt_must_ctx(x, si->guard, 0, chk_smt_on_of(x, se->inst));
  for (uint32_t w = 0; w < f->waits.len; w++) {
    const seqel *we = &MDL_VEC_AT(f->waits, seqel, w);
    if (mdl_inst_at(x->k, we->inst)->id < 0 || !chk_smt_count_is(x, we, &cw) ||
        cw != c - 1 || !chk_smt_must_exists(x, we->inst))
      continue;
    uint32_t d = x->sk.chain[we->inst] != NONE ? NC(we->inst)
                                               : NE(we->inst);
    if (chk_smt_must_path(x, d, NS(se->inst)))
      return true;
  }
  return false;
}

/* One set or wait of a flag, in the program order of its core. */
typedef struct {
  const seqel *e;
  bool set;
} fev;

/* The events of f (sets and waits, each in program order) merged into
** program order.  Caller frees *OUT. */
static uint32_t flag_events(const fkey *f, fev **out) {
  uint32_t ns = f->sets.len, nw = f->waits.len, n = 0, a = 0, b = 0;
  fev *ev = malloc((ns + nw ? ns + nw : 1) * sizeof *ev);
  if (!ev) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  while (a < ns || b < nw) {
    const seqel *se = a < ns ? &MDL_VEC_AT(f->sets, seqel, a) : NULL;
    const seqel *we = b < nw ? &MDL_VEC_AT(f->waits, seqel, b) : NULL;
    bool take_set = se && (!we || se->inst < we->inst);
    ev[n].e = take_set ? se : we;
    ev[n++].set = take_set;
    take_set ? a++ : b++;
  }
  *out = ev;
  return n;
}

/* L[j]: the latest existing event of the flag before event j is a set
** (false when there is none), as a chain of if-then-else terms shared
** between the queries (memo L, NULL where not built yet). */
static Z3_ast last_is_set(sx *x, const fev *ev, Z3_ast *L, uint32_t j) {
  uint32_t from = j;
  while (from > 0 && !L[from])
    from--;
  if (!L[0])
    L[0] = Z3_mk_false(x->c);
  for (uint32_t i = from + 1; i <= j; i++)
    L[i] = Z3_mk_ite(x->c, ev[i - 1].e->mem,
                     ev[i - 1].set ? Z3_mk_true(x->c) : Z3_mk_false(x->c),
                     L[i - 1]);
  return L[j];
}

/* How far a query walks back before it uses the shared chain. */
#define PO_WALK 64

/* "Set event j follows an existing set of its flag with no existing set
** or wait of it between them", assuming event j exists; NULL when no
** outcome allows it.  Walks back over the events before j: an event
** whose existence j's implies (member_implies) ends the walk. */
static Z3_ast po_double_cond(sx *x, const fev *ev, Z3_ast *L, uint32_t j) {
  Z3_ast none = Z3_mk_true(x->c), cand = NULL;
  uint32_t i = j, steps = 0;
  while (i > 0 && steps < PO_WALK) {
    const fev *p = &ev[--i];
    steps++;
    if (p->set) {
      Z3_ast t = chk_smt_mk_and2(x, none, p->e->mem);
      cand = cand ? chk_smt_mk_or2(x, cand, t) : t;
    }
    if (chk_smt_member_implies(x, ev[j].e, p->e))
      return cand; /* it exists: nothing before it counts */
    none = chk_smt_mk_and2(x, none, Z3_mk_not(x->c, p->e->mem));
  }
  if (i > 0) { /* walk cut short: the rest through the chain */
    Z3_ast t = chk_smt_mk_and2(x, none, last_is_set(x, ev, L, i));
    cand = cand ? chk_smt_mk_or2(x, cand, t) : t;
  }
  return cand;
}

/* --flag-model count: two sets of a flag with no wait of it between them
** in program order, on some outcome (a warning; SEMANTICS.md 3).  As for
** the one-bit double sets, a set behind a wait that is never released
** never runs. */
static void po_double_sets(sx *x, mdl_vec *keys, const mdl_vec *stuck) {
  const mdl_kernel *k = x->k;
  for (uint32_t j = 0; j < keys->len; j++) {
    fkey *f = &MDL_VEC_AT(*keys, fkey, j);
    fev *ev;
    uint32_t n = flag_events(f, &ev);
    Z3_ast *L = calloc(n + 1, sizeof *L);
    if (!L) {
      fputs("ksv: out of memory\n", stderr);
      exit(3);
    }
    for (uint32_t e = 1; e < n; e++) {
      if (!ev[e].set)
        continue;
      const seqel *se = ev[e].e;
      const mdl_inst *si = mdl_inst_at(k, se->inst);
      if (x->dead && x->dead[NS(se->inst)])
        continue; /* on or behind a cycle of waits: never runs */
      Z3_ast c = po_double_cond(x, ev, L, e);
      if (!c) {
        x->pruned++; /* a wait of the flag before it always exists */
        continue;
      }
      Z3_ast q = chk_smt_mk_and2(x, se->mem, c);
      for (uint32_t d = 0; d < stuck->len; d++) {
        uint32_t wi = MDL_VEC_AT(*stuck, uint32_t, d);
        q = chk_smt_mk_and2(x, q, Z3_mk_lt(x->c, chk_smt_T(x, NS(se->inst)),
                                   chk_smt_done_node(x, wi)));
      }
      Z3_model m;
      char what[96];
      snprintf(what, sizeof what, "whether the set_flag at %u:%u can follow "
               "a set of its flag with no wait between", si->loc.line,
               si->loc.col);
      if (chk_smt_check(x, q, &m, what) != 1)
        continue;
      uint32_t prev = NONE; /* the model's latest event before it */
      for (uint32_t p = e; p > 0; p--)
        if (chk_smt_model_true(x, m, ev[p - 1].e->mem)) {
          prev = ev[p - 1].set ? ev[p - 1].e->inst : NONE;
          break;
        }
      chk_finding *fd =
          chk_smt_add_finding(x, MDL_RULE_DOUBLE_SET, se->inst, prev);
      fd->msg = chk_po_double_msg(k, f->core, f->src, f->dst, f->id);
      uint32_t wl[1] = {se->inst};
      chk_smt_set_witness(x, m, fd, wl, 1);
      char *w = chk_po_double_witness(k, prev, fd->witness);
      free(fd->witness);
      fd->witness = w;
      Z3_model_dec_ref(x->c, m);
    }
    free(L);
    free(ev);
  }
}

/* Double sets: the set numbered c fires before the wait numbered c-1 is
** released, or no such wait exists (--flag-model bit); with counting
** flags, two sets with no wait between them in program order. */
void chk_smt_double_sets(sx *x, mdl_vec *keys, const mdl_vec *stuck) {
  const mdl_kernel *k = x->k;
  if (x->o->flags == MDL_FLAGS_COUNT) {
    if (!x->probe) /* warnings: a redundancy probe looks for errors */
      po_double_sets(x, keys, stuck);
    return;
  }
  for (uint32_t j = 0; j < keys->len; j++) {
    fkey *f = &MDL_VEC_AT(*keys, fkey, j);
    Z3_ast one = chk_smt_mk_int(x, 1), two = chk_smt_mk_int(x, 2);
    for (uint32_t s = 1; s < f->sets.len; s++) {
      seqel *se = &MDL_VEC_AT(f->sets, seqel, s);
      const mdl_inst *si = mdl_inst_at(k, se->inst);
      if (x->dead && x->dead[NS(se->inst)])
        continue; /* on or behind a cycle of waits: never runs */
      if (must_clear_before(x, f, se)) {
        x->pruned++;
        continue;
      }
      Z3_ast prev = chk_smt_mk_sub2(x, se->cnt, one);
      Z3_ast early = wait_late(x, &f->waits, f->nwaits, prev, NS(se->inst));
      Z3_ast q = chk_smt_mk_and2(x, chk_smt_mk_and2(x, se->mem,
                                    Z3_mk_ge(x->c, se->cnt, two)),
                         early);
      /* a set behind a wait that is never released never runs */
      for (uint32_t d = 0; d < stuck->len; d++) {
        uint32_t wi = MDL_VEC_AT(*stuck, uint32_t, d);
        q = chk_smt_mk_and2(x, q, Z3_mk_lt(x->c, chk_smt_T(x, NS(se->inst)),
                                   chk_smt_done_node(x, wi)));
      }
      Z3_model m;
      char what[96];
      snprintf(what, sizeof what, "whether the set_flag at %u:%u can be a "
               "double set", si->loc.line, si->loc.col);
      if (chk_smt_check(x, q, &m, what) != 1)
        continue;
      uint32_t prev_set = chk_smt_pick(x, m, &f->sets, prev);
      bool has_wait = false;
      int64_t pv = 0, nw = 0;
      chk_smt_model_int(x, m, prev, &pv);
      chk_smt_model_int(x, m, f->nwaits, &nw);
      has_wait = nw >= pv;
      chk_finding *fd = chk_smt_add_finding(x, MDL_RULE_DOUBLE_SET, se->inst,
                                            prev_set);
      fd->error = true; /* one bit: the set is lost */
      fd->msg = mdl_strprintf(
          "set_flag[%s, %s, EVENT_ID%d] can fire while the flag is still "
          "set: %s",
          chk_smt_pn(f->src), chk_smt_pn(f->dst), f->id,
          has_wait ? "nothing orders it after the wait_flag that clears the "
                     "previous set"
                   : "no wait_flag clears the previous set");
      uint32_t wl[1] = {se->inst};
      chk_smt_set_witness(x, m, fd, wl, 1);
      (void)si;
      Z3_model_dec_ref(x->c, m);
    }
  }
}

typedef struct {
  uint32_t r;                 /* receiving core */
  int32_t f;                  /* flag */
  mdl_vec waits;              /* seqel */
  mdl_vec seq[3];             /* per sender: seqel */
  Z3_ast tot[3], nwaits, mn;
  bool part[3];
  uint32_t nsend, expected, maxlen;
  uint32_t jfirst;            /* first increment node */
} xrec;

/* Instance i exists and uses flag fl (its flag may be computed at run
** time, e.g. from the counter of a loop with an unknown trip count). */
static Z3_ast flag_mem(sx *x, uint32_t i, int32_t fl) {
  const mdl_inst *in = mdl_inst_at(x->k, i);
  if (in->id >= 0)
    return x->ex[i];
  return Z3_simplify(
      x->c, chk_smt_mk_and2(x, x->ex[i],
                            Z3_mk_eq(x->c, chk_smt_form_expr(x, in->id_form),
                                     chk_smt_mk_int(x, fl))));
}

/* Cross-core counters (SEMANTICS.md 4), as the graph engine reads them:
** the m-th increment of (receiving core, flag) happens once every
** participating sender has done its m-th set. */
void chk_smt_xcore(sx *x, mdl_vec *recs, uint32_t *nextnode) {
  const mdl_kernel *k = x->k;
  uint32_t nc = k->ncores;
  for (int32_t fl = 0; fl <= k->prof->max_block_flag; fl++)
    for (uint32_t r = 0; r < nc; r++) {
      /* a lone half: a counter the missing partner feeds is the
         environment's (its waits are open, released at any time) */
      if (chk_open_counter(k, r, fl))
        continue;
      xrec xr;
      memset(&xr, 0, sizeof xr);
      xr.r = r;
      xr.f = fl;
      for (uint32_t i = k->core_first[r];
           i < k->core_first[r] + k->core_count[r]; i++) {
        const mdl_inst *in = mdl_inst_at(k, i);
        if (in->kind == MDL_I_BWAIT && !chk_smt_disabled_inst(x, i) &&
            (in->id == fl || (in->id == -1 && in->id_form)))
          chk_smt_push_seq(&xr.waits, i, flag_mem(x, i, fl));
      }
      mdl_core_type rt = k->cores[r].type;
      for (uint32_t s = 0; s < nc; s++)
        for (uint32_t i = k->core_first[s];
             i < k->core_first[s] + k->core_count[s]; i++) {
          const mdl_inst *in = mdl_inst_at(k, i);
          if (in->kind != MDL_I_BSET || chk_smt_disabled_inst(x, i) ||
              !(in->id == fl || (in->id == -1 && in->id_form)))
            continue;
          mdl_core_type st = k->cores[s].type;
          bool feeds = false;
          switch ((mdl_xmode)in->mode) {
          case MDL_XMODE_INTRA_BLOCK: feeds = st != rt; break;
          case MDL_XMODE_INTER_SUBBLOCK:
            feeds = st == MDL_CORE_AIV && rt == MDL_CORE_AIV;
            break;
          case MDL_XMODE_INTER_BLOCK: feeds = st == rt; break;
          }
          if (!feeds)
            continue;
          xr.part[s] = true;
          chk_smt_push_seq(&xr.seq[s], i, flag_mem(x, i, fl));
        }
      if (!xr.waits.len) {
        bool any = false;
        for (uint32_t s = 0; s < nc; s++)
          any |= xr.part[s];
        if (!any)
          continue;
      }
      uint32_t anyp = NONE;
      for (uint32_t s = 0; s < nc; s++)
        if (xr.part[s]) {
          xr.nsend++;
          anyp = s;
          if (xr.seq[s].len > xr.maxlen)
            xr.maxlen = xr.seq[s].len;
        }
      for (uint32_t s = 0; s < nc && anyp != NONE; s++)
        if (k->cores[s].type == k->cores[anyp].type &&
            (s != r || k->cores[s].type == rt))
          xr.expected++;
      chk_smt_counts(x, &xr.waits, &xr.nwaits);
      chk_smt_rank_counts(x, &xr.waits);
      xr.mn = NULL;
      for (uint32_t s = 0; s < nc; s++) {
        if (!xr.part[s])
          continue;
        chk_smt_counts(x, &xr.seq[s], &xr.tot[s]);
        xr.mn = !xr.mn ? xr.tot[s]
                       : Z3_mk_ite(x->c, Z3_mk_lt(x->c, xr.tot[s], xr.mn),
                                   xr.tot[s], xr.mn);
      }
      if (!xr.mn || xr.nsend < xr.expected)
        xr.mn = chk_smt_mk_int(x, 0);
      xr.mn = Z3_simplify(x->c, xr.mn);
      /* a sender that sets this counter from several pipes: its sets
         fire in any order across the pipes (chk_xset_ranks); rcnt of a
         set is then 1 + the sets that can fire before it, and the
         (m+1)-th increment follows every set whose rcnt is at most m+1 */
      bool multi = false;
      for (uint32_t s = 0; s < nc; s++) {
        mdl_vec *v = &xr.seq[s];
        if (!xr.part[s] || !v->len)
          continue;
        uint32_t *ids = malloc(v->len * sizeof *ids),
                 *rk = malloc(v->len * sizeof *rk);
        for (uint32_t q = 0; q < v->len; q++)
          ids[q] = MDL_VEC_AT(*v, seqel, q).inst;
        multi |= chk_xset_ranks(k, ids, v->len, rk);
        free(ids);
        free(rk);
      }
      for (uint32_t s = 0; multi && s < nc; s++) {
        mdl_vec *v = &xr.seq[s];
        for (uint32_t q = 0; xr.part[s] && q < v->len; q++) {
          seqel *e = &MDL_VEC_AT(*v, seqel, q);
          uint8_t p = mdl_inst_at(k, e->inst)->pipe;
          Z3_ast before = chk_smt_mk_int(x, 1);
          for (uint32_t j = 0; j < v->len; j++) {
            const seqel *o = &MDL_VEC_AT(*v, seqel, j);
            if (j != q && (mdl_inst_at(k, o->inst)->pipe != p || j < q))
              before =
                  chk_smt_mk_add2(x, before,
                                  Z3_mk_ite(x->c, o->mem, chk_smt_mk_int(x, 1),
                                            chk_smt_mk_int(x, 0)));
          }
          e->rcnt = Z3_simplify(x->c, before);
        }
      }
      /* increment nodes and their edges */
      xr.jfirst = *nextnode;
      *nextnode += xr.maxlen;
      for (uint32_t m = 0; m < xr.maxlen; m++) {
        uint32_t jn = xr.jfirst + m;
        Z3_ast idx = chk_smt_mk_int(x, (int64_t)m + 1);
        for (uint32_t s = 0; s < nc; s++) {
          if (!xr.part[s])
            continue;
          for (uint32_t q = 0; q < xr.seq[s].len; q++) {
            seqel *e = &MDL_VEC_AT(xr.seq[s], seqel, q);
            if (multi) {
              Z3_ast cond = Z3_simplify(
                  x->c,
                  chk_smt_mk_and2(x, e->mem, Z3_mk_le(x->c, e->rcnt, idx)));
              if (Z3_get_bool_value(x->c, cond) != Z3_L_FALSE)
                chk_smt_match_edge_req(x, NS(e->inst), jn, cond, NULL, 0);
              continue;
            }
            Z3_ast cond = Z3_simplify(
                x->c, chk_smt_mk_and2(x, e->mem, Z3_mk_eq(x->c, e->cnt, idx)));
            int64_t c;
            bool sure = chk_smt_count_is(x, e, &c) && c == (int64_t)m + 1 &&
                        mdl_inst_at(k, e->inst)->id >= 0;
            if (Z3_get_bool_value(x->c, cond) != Z3_L_FALSE)
              chk_smt_match_edge_req(x, NS(e->inst), jn, cond,
                                     sure ? &e->inst : NULL, 1);
          }
        }
        /* the increment certainly happens when each sender's (m+1)-th
           set exists: those sets are what the jn -> wait edges need */
        uint32_t req[4], nreq = 1;
        bool sure = xr.nsend >= xr.expected && !multi;
        for (uint32_t s = 0; s < nc && sure; s++) {
          if (!xr.part[s])
            continue;
          uint32_t found = NONE;
          for (uint32_t q = 0; q < xr.seq[s].len && found == NONE; q++) {
            seqel *e = &MDL_VEC_AT(xr.seq[s], seqel, q);
            int64_t c;
            if (chk_smt_count_is(x, e, &c) && c == (int64_t)m + 1 &&
                mdl_inst_at(k, e->inst)->id >= 0)
              found = e->inst;
          }
          sure = found != NONE;
          req[nreq++] = found;
        }
        for (uint32_t q = 0; q < xr.waits.len; q++) {
          seqel *e = &MDL_VEC_AT(xr.waits, seqel, q);
          Z3_ast cond = Z3_simplify(
              x->c, chk_smt_mk_and2(x, chk_smt_mk_and2(x, e->mem,
                                       Z3_mk_eq(x->c, e->rcnt, idx)),
                            Z3_mk_le(x->c, idx, xr.mn)));
          int64_t c = 0;
          req[0] = e->inst;
          bool wsure = sure && Z3_is_numeral_ast(x->c, e->rcnt) &&
                       Z3_get_numeral_int64(x->c, e->rcnt, &c) &&
                       c == (int64_t)m + 1 &&
                       mdl_inst_at(k, e->inst)->id >= 0;
          if (Z3_get_bool_value(x->c, cond) != Z3_L_FALSE)
            chk_smt_match_edge_req(x, jn, NE(e->inst), cond, wsure ? req : NULL,
                                   nreq);
        }
      }
      *(xrec *)mdl_vec_push(recs, sizeof xr) = xr;
    }
}

void chk_smt_xcore_queries(sx *x, mdl_vec *recs) {
  const mdl_kernel *k = x->k;
  Z3_ast one = chk_smt_mk_int(x, 1);
  for (uint32_t j = 0; j < recs->len; j++) {
    xrec *xr = &MDL_VEC_AT(*recs, xrec, j);
    /* deadlock: the first wait past the increments (not in a prefix) */
    for (uint32_t w = 0; w < xr->waits.len && !k->cut_cores; w++) {
      seqel *we = &MDL_VEC_AT(xr->waits, seqel, w);
      uint32_t st = mdl_inst_at(k, we->inst)->stmt;
      bool seen = false;
      for (uint32_t q = 0; q < w && !seen; q++)
        seen = mdl_inst_at(k, MDL_VEC_AT(xr->waits, seqel, q).inst)->stmt ==
               st;
      if (seen)
        continue;
      Z3_ast any = Z3_mk_false(x->c);
      for (uint32_t q = w; q < xr->waits.len; q++) {
        seqel *e = &MDL_VEC_AT(xr->waits, seqel, q);
        if (mdl_inst_at(k, e->inst)->stmt == st)
          any = chk_smt_mk_or2(
              x, any,
              chk_smt_mk_and2(
                  x, e->mem,
                  Z3_mk_eq(x->c, e->cnt, chk_smt_mk_add2(x, xr->mn, one))));
      }
      Z3_model m;
      char what[96];
      const mdl_inst *wq = mdl_inst_at(k, we->inst);
      snprintf(what, sizeof what, "whether the sync_block_wait at %u:%u "
               "always gets its set", wq->loc.line, wq->loc.col);
      if (chk_smt_check(x, any, &m, what) == 1) {
        uint32_t inst =
            chk_smt_pick(x, m, &xr->waits, chk_smt_mk_add2(x, xr->mn, one));
        int64_t mn = 0;
        chk_smt_model_int(x, m, xr->mn, &mn);
        chk_finding *fd = chk_smt_add_finding(
            x, MDL_RULE_DEADLOCK, inst != NONE ? inst : we->inst, NONE);
        fd->msg = mdl_strprintf(
            "sync_block_wait on flag %d waits forever: only %lld matching "
            "sync_block_set%s reach %s, this is wait number %lld",
            xr->f, (long long)mn, mn == 1 ? "" : "s", k->cores[xr->r].label,
            (long long)mn + 1);
        chk_smt_set_witness(x, m, fd, NULL, 0);
        x->deadlock = true;
        Z3_model_dec_ref(x->c, m);
      }
    }
    /* leftovers: the first participating sender's set past the waits */
    uint32_t s0 = NONE;
    for (uint32_t s = 0; s < k->ncores && s0 == NONE; s++)
      if (xr->part[s])
        s0 = s;
    if (s0 == NONE)
      continue;
    mdl_vec *seq = &xr->seq[s0];
    for (uint32_t q0 = 0; q0 < seq->len; q0++) {
      seqel *se = &MDL_VEC_AT(*seq, seqel, q0);
      uint32_t st = mdl_inst_at(k, se->inst)->stmt;
      bool seen = false;
      for (uint32_t q = 0; q < q0 && !seen; q++)
        seen = mdl_inst_at(k, MDL_VEC_AT(*seq, seqel, q).inst)->stmt == st;
      if (seen)
        continue;
      Z3_ast lft = Z3_mk_false(x->c), ovf = Z3_mk_false(x->c);
      int64_t maxc = x->k->prof->max_counter;
      for (uint32_t q = q0; q < seq->len; q++) {
        seqel *e = &MDL_VEC_AT(*seq, seqel, q);
        if (mdl_inst_at(k, e->inst)->stmt != st)
          continue;
        lft = chk_smt_mk_or2(
            x, lft,
            chk_smt_mk_and2(
                x,
                chk_smt_mk_and2(x, e->mem,
                                Z3_mk_eq(x->c, e->cnt,
                                         chk_smt_mk_add2(x, xr->nwaits, one))),
                Z3_mk_gt(x->c, xr->mn, xr->nwaits)));
        /* overflow: increment c > 15 before the wait numbered c-15 */
        for (uint32_t m = (uint32_t)maxc; m < xr->maxlen; m++) {
          Z3_ast c = chk_smt_mk_int(x, (int64_t)m + 1);
          Z3_ast here = chk_smt_when(x, e->mem, e->cnt, c);
          if (!here)
            continue;
          Z3_ast need = chk_smt_mk_int(x, (int64_t)m + 1 - maxc);
          Z3_ast early;
          if (k->cut_cores) {
            /* a prefix: the consuming wait may come after the cut; only
               a wait here that ends after the increment is a finding */
            early = Z3_mk_false(x->c);
            for (uint32_t w = 0; w < xr->waits.len; w++) {
              const seqel *we = &MDL_VEC_AT(xr->waits, seqel, w);
              Z3_ast c2 = k->prof->xcore_wait_scalar ? we->cnt : we->rcnt;
              Z3_ast wh = k->prof->xcore_wait_scalar
                              ? chk_smt_when(x, we->mem, c2, need)
                              : chk_smt_mk_and2(x, we->mem,
                                                Z3_mk_ge(x->c, c2, need));
              if (wh)
                early = chk_smt_mk_or2(
                    x, early,
                    chk_smt_mk_and2(x, wh,
                                    Z3_mk_lt(x->c, chk_smt_T(x, xr->jfirst + m),
                                             chk_smt_done_node(x, we->inst))));
            }
            if (!k->prof->xcore_wait_scalar) {
              /* first-come: no sure-to-follow wait ended before it */
              Z3_ast safe = Z3_mk_false(x->c);
              for (uint32_t w = 0; w < xr->waits.len; w++) {
                seqel *we = &MDL_VEC_AT(xr->waits, seqel, w);
                Z3_ast v[3] = {we->mem, Z3_mk_ge(x->c, we->rcnt, need),
                               Z3_mk_le(x->c, chk_smt_done_node(x, we->inst),
                                        chk_smt_T(x, xr->jfirst + m))};
                safe = chk_smt_mk_or2(x, safe, Z3_mk_and(x->c, 3, v));
              }
              early = chk_smt_mk_and2(x, early, Z3_mk_not(x->c, safe));
            }
          } else if (k->prof->xcore_wait_scalar)
            early = wait_late(x, &xr->waits, xr->nwaits, need,
                              xr->jfirst + m);
          else {
            early = Z3_simplify(x->c, Z3_mk_lt(x->c, xr->nwaits, need));
            /* first-come (a5): early unless some wait that is sure to
               follow `need` passes has ended before the increment */
            Z3_ast safe = Z3_mk_false(x->c);
            for (uint32_t w = 0; w < xr->waits.len; w++) {
              seqel *we = &MDL_VEC_AT(xr->waits, seqel, w);
              Z3_ast v[3] = {we->mem, Z3_mk_ge(x->c, we->rcnt, need),
                             Z3_mk_le(x->c, chk_smt_done_node(x, we->inst),
                                      chk_smt_T(x, xr->jfirst + m))};
              safe = chk_smt_mk_or2(x, safe, Z3_mk_and(x->c, 3, v));
            }
            early = chk_smt_mk_or2(x, early, Z3_mk_not(x->c, safe));
          }
          ovf = chk_smt_mk_or2(
              x, ovf,
              chk_smt_mk_and2(
                  x, here,
                  chk_smt_mk_and2(x, Z3_mk_le(x->c, c, xr->mn), early)));
        }
      }
      Z3_model m;
      char what[96];
      const mdl_inst *sq = mdl_inst_at(k, se->inst);
      snprintf(what, sizeof what, "whether the sync_block_set at %u:%u is "
               "always waited for", sq->loc.line, sq->loc.col);
      if (!k->cut_cores && chk_smt_check(x, lft, &m, what) == 1) {
        int64_t mn = 0, nw = 0;
        chk_smt_model_int(x, m, xr->mn, &mn);
        chk_smt_model_int(x, m, xr->nwaits, &nw);
        uint32_t inst =
            chk_smt_pick(x, m, seq, chk_smt_mk_add2(x, xr->nwaits, one));
        chk_finding *fd = chk_smt_add_finding(
            x, MDL_RULE_UNPAIRED_SET, inst != NONE ? inst : se->inst, NONE);
        fd->msg = mdl_strprintf(
            "sync_block_set on flag %d leaves the counter of %s at %lld when "
            "the kernel ends: %lld set%s, %lld wait%s",
            xr->f, k->cores[xr->r].label, (long long)(mn - nw),
            (long long)mn, mn == 1 ? "" : "s", (long long)nw,
            nw == 1 ? "" : "s");
        chk_smt_set_witness(x, m, fd, NULL, 0);
        Z3_model_dec_ref(x->c, m);
      }
      if (xr->maxlen > (uint32_t)maxc &&
          chk_smt_check(x, ovf, &m, "the bound of a cross-core counter") == 1) {
        chk_finding *fd =
            chk_smt_add_finding(x, MDL_RULE_FLAG_OVERFLOW, se->inst, NONE);
        fd->msg = mdl_strprintf(
            "sync_block_set can push a cross-core counter past %d: nothing "
            "orders it after the wait that consumes the set %d earlier",
            (int)maxc, (int)maxc);
        chk_smt_set_witness(x, m, fd, NULL, 0);
        Z3_model_dec_ref(x->c, m);
      }
    }
  }
}

void chk_smt_xrecs_free(mdl_vec *recs) {
  for (uint32_t j = 0; j < recs->len; j++) {
    xrec *xr = &MDL_VEC_AT(*recs, xrec, j);
    mdl_vec_free(&xr->waits);
    for (int s = 0; s < 3; s++)
      mdl_vec_free(&xr->seq[s]);
  }
  mdl_vec_free(recs);
}
