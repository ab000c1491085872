/*
** chk_smt_race.c -- the SMT engine's cycle query (deadlock), the graph of
** orders sure to hold (which prunes queries) and the race queries.
** Internals in chk_smt_x.h.
*/
#include "chk.h"
#include "chk_int.h"
#include "chk_smt_x.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- cycles */

/* Is there an assignment under which the active edges form a cycle?  A
** set of nodes each with an active edge into the set contains one. */
void chk_smt_cycles(sx *x) {
  if (chk_z3_dead) { /* past the budget: unknown, naming it */
    chk_smt_check(x, NULL, NULL, "whether the waits can form a cycle");
    return;
  }
  uint32_t nn = x->nnodes;
  const mdl_kernel *k = x->k;
  /* out-edges: skeleton (cond = instance or NONE) then match edges */
  uint32_t ns = x->sk.edges.len, nm = x->medges.len;
  uint32_t *off = calloc(nn + 1, sizeof *off);
  uint32_t *adj = malloc(((size_t)ns + nm + 1) * sizeof *adj);
  const chk_edge *se = x->sk.edges.data, *me = x->medges.data;
  for (uint32_t e = 0; e < ns; e++)
    off[se[e].from + 1]++;
  for (uint32_t e = 0; e < nm; e++)
    off[me[e].from + 1]++;
  for (uint32_t v = 0; v < nn; v++)
    off[v + 1] += off[v];
  uint32_t *fill = malloc((nn + 1) * sizeof *fill);
  memcpy(fill, off, (nn + 1) * sizeof *fill);
  for (uint32_t e = 0; e < ns; e++)
    adj[fill[se[e].from]++] = e;
  for (uint32_t e = 0; e < nm; e++)
    adj[fill[me[e].from]++] = ns + e;
  Z3_sort bs = Z3_mk_bool_sort(x->c);
  Z3_ast *cv = malloc((nn ? nn : 1) * sizeof *cv);
  for (uint32_t v = 0; v < nn; v++)
    cv[v] = chk_z3_live() ? Z3_mk_fresh_const(x->c, "cyc", bs) : NULL;
  Z3_solver_push(x->c, x->s);
  Z3_ast waitsin = Z3_mk_false(x->c);
  mdl_vec terms = {0};
  for (uint32_t v = 0; v < nn; v++) {
    terms.len = 0;
    for (uint32_t e = off[v]; e < off[v + 1]; e++) {
      uint32_t id = adj[e];
      const chk_edge *ed = id < ns ? &se[id] : &me[id - ns];
      Z3_ast act = id < ns ? (ed->cond == NONE ? Z3_mk_true(x->c)
                                               : x->ex[ed->cond])
                           : MDL_VEC_AT(x->mconds, Z3_ast, ed->cond);
      *(Z3_ast *)mdl_vec_push(&terms, sizeof(Z3_ast)) =
          chk_smt_mk_and2(x, act, cv[ed->to]);
    }
    Z3_ast out = terms.len ? Z3_mk_or(x->c, terms.len, terms.data)
                           : Z3_mk_false(x->c);
    chk_smt_add(x, Z3_mk_implies(x->c, cv[v], out));
    if (v < 4 * x->n && (v & 3) == 2) {
      mdl_inst_kind kd = mdl_inst_at(k, v >> 2)->kind;
      if (kd == MDL_I_WAIT || kd == MDL_I_BWAIT || kd == MDL_I_SYNC_ALL)
        waitsin = chk_smt_mk_or2(x, waitsin, cv[v]);
    }
  }
  mdl_vec_free(&terms);
  Z3_model m = NULL;
  int r = chk_smt_check(x, waitsin, &m, "whether the waits can form a cycle");
  Z3_solver_pop(x->c, x->s, 1);
  if (r == 1) {
    /* render the cycle of the witness assignment canonically */
    mdl_vec act = {0};
    for (uint32_t e = 0; e < ns + nm; e++) {
      const chk_edge *ed = e < ns ? &se[e] : &me[e - ns];
      Z3_ast a = e < ns ? (ed->cond == NONE ? NULL : x->ex[ed->cond])
                        : MDL_VEC_AT(x->mconds, Z3_ast, ed->cond);
      if (a && !chk_smt_model_true(x, m, a))
        continue;
      chk_edge *ne = mdl_vec_push(&act, sizeof *ne);
      *ne = *ed;
    }
    uint32_t before = x->findings.len;
    if (!chk_cycle_finding(k, nn, act.data, act.len, &x->findings)) {
      chk_finding *fd = chk_smt_add_finding(x, MDL_RULE_DEADLOCK, 0, NONE);
      fd->msg = mdl_strprintf("the instructions form a cycle of waits");
    }
    if (x->findings.len > before) {
      chk_finding *fd = &MDL_VEC_AT(x->findings, chk_finding, before);
      chk_smt_set_witness(x, m, fd, NULL, 0);
    }
    x->deadlock = true;
    /* nodes on or behind the cycle never run: everything reachable from
       a node in a strongly connected component, i.e. what Kahn's
       algorithm cannot order */
    x->dead = calloc(nn ? nn : 1, 1);
    {
      uint32_t *deg = calloc(nn ? nn : 1, sizeof *deg);
      uint32_t *aoff = calloc(nn + 1, sizeof *aoff);
      uint32_t *aadj = malloc((act.len ? act.len : 1) * sizeof *aadj);
      const chk_edge *ae = act.data;
      for (uint32_t e = 0; e < act.len; e++) {
        aoff[ae[e].from + 1]++;
        deg[ae[e].to]++;
      }
      for (uint32_t v = 0; v < nn; v++)
        aoff[v + 1] += aoff[v];
      uint32_t *af = malloc((nn + 1) * sizeof *af);
      memcpy(af, aoff, (nn + 1) * sizeof *af);
      for (uint32_t e = 0; e < act.len; e++)
        aadj[af[ae[e].from]++] = ae[e].to;
      uint32_t *q = malloc((nn ? nn : 1) * sizeof *q), h = 0, tl = 0;
      for (uint32_t v = 0; v < nn; v++)
        if (!deg[v])
          q[tl++] = v;
      while (h < tl) {
        uint32_t v = q[h++];
        for (uint32_t e = aoff[v]; e < aoff[v + 1]; e++)
          if (--deg[aadj[e]] == 0)
            q[tl++] = aadj[e];
      }
      memset(x->dead, 1, nn);
      for (uint32_t i = 0; i < tl; i++)
        x->dead[q[i]] = 0;
      free(deg);
      free(aoff);
      free(aadj);
      free(af);
      free(q);
    }
    mdl_vec_free(&act);
    Z3_model_dec_ref(x->c, m);
  }
  free(cv);
  free(off);
  free(adj);
  free(fill);
}

/* ------------------------------------------------------ certain order */

/* Before asking the solver whether two instances can overlap, ksv looks
** for a path of certain edges between them: skeleton edges whose
** instance exists, match edges whose instances exist with the counts
** counts() found without the solver.  "Exists" is decided syntactically
** from the guards assumed in the query (guard_implies), so a path proves
** the order in every outcome where the query's instances exist, and the
** query is unsat without asking.  Sound, incomplete: where no path is
** found the solver decides as before.  --explain asks anyway (the unsat
** core names the syncs). */

#define MUST_BUDGET 200000000ull /* edge visits per run, then ask Z3 */

static void must_init(sx *x) {
  if (x->moff)
    return;
  uint32_t nn = x->nnodes, ns = x->sk.edges.len, nm = x->medges.len;
  const chk_edge *se = x->sk.edges.data, *me = x->medges.data;
  x->moff = calloc((size_t)nn + 2, sizeof *x->moff);
  x->madj = malloc(((size_t)ns + nm + 1) * sizeof *x->madj);
  x->mseen = calloc((size_t)nn + 1, sizeof *x->mseen);
  x->mqueue = malloc(((size_t)nn + 1) * sizeof *x->mqueue);
  x->mok = calloc((size_t)x->n + 1, sizeof *x->mok);
  if (!x->moff || !x->madj || !x->mseen || !x->mqueue || !x->mok) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  for (uint32_t e = 0; e < ns; e++)
    x->moff[se[e].from + 1]++;
  for (uint32_t e = 0; e < nm; e++)
    if (MDL_VEC_AT(x->mreq, mreqs, e).first != NONE)
      x->moff[me[e].from + 1]++;
  for (uint32_t v = 0; v < nn; v++)
    x->moff[v + 1] += x->moff[v];
  uint32_t *fill = malloc(((size_t)nn + 1) * sizeof *fill);
  memcpy(fill, x->moff, ((size_t)nn + 1) * sizeof *fill);
  for (uint32_t e = 0; e < ns; e++)
    x->madj[fill[se[e].from]++] = e;
  for (uint32_t e = 0; e < nm; e++)
    if (MDL_VEC_AT(x->mreq, mreqs, e).first != NONE)
      x->madj[fill[me[e].from]++] = ns + e;
  free(fill);
}

/* The context of the next must_path calls: guards ga and gb hold, and
** the switch literal on (or NULL) is on. */
void chk_smt_must_ctx(sx *x, uint32_t ga, uint32_t gb, Z3_ast on) {
  must_init(x);
  x->mga = ga;
  x->mgb = gb;
  x->mon = on;
  if (++x->mctx >= 0x7fffffffu) {
    x->mctx = 1;
    memset(x->mok, 0, ((size_t)x->n + 1) * sizeof *x->mok);
  }
}

static bool lit_in_ctx(const sx *x, const mdl_lit *l) {
  const mdl_kernel *k = x->k;
  uint32_t gs[2] = {x->mga, x->mgb};
  for (int h = 0; h < 2; h++) {
    if (!gs[h])
      continue;
    const mdl_guard *G = &MDL_VEC_AT(k->guards, mdl_guard, gs[h]);
    for (uint32_t i = 0; i < G->n; i++)
      if (chk_smt_lit_implies(&MDL_VEC_AT(k->lits, mdl_lit, G->first + i), l))
        return true;
  }
  return false;
}

/* Does instance r certainly exist in the context? */
bool chk_smt_must_exists(sx *x, uint32_t r) {
  uint32_t tag = x->mok[r];
  if (tag >> 1 == x->mctx)
    return tag & 1;
  const mdl_inst *in = mdl_inst_at(x->k, r);
  Z3_ast on = chk_smt_on_of(x, r);
  bool ok = !(on && on != x->mon && x->dis && x->dis[in->stmt]);
  if (ok && in->guard && in->guard != x->mga && in->guard != x->mgb) {
    const mdl_guard *G = &MDL_VEC_AT(x->k->guards, mdl_guard, in->guard);
    for (uint32_t i = 0; i < G->n && ok; i++)
      ok = lit_in_ctx(x, &MDL_VEC_AT(x->k->lits, mdl_lit, G->first + i));
  }
  x->mok[r] = x->mctx << 1 | (ok ? 1u : 0u);
  return ok;
}

/* Is there a path of certain edges from node `from` to node `to`? */
bool chk_smt_must_path(sx *x, uint32_t from, uint32_t to) {
  if (x->mwork > MUST_BUDGET || x->want_core)
    return false;
  if (++x->mepoch == 0) {
    memset(x->mseen, 0, ((size_t)x->nnodes + 1) * sizeof *x->mseen);
    x->mepoch = 1;
  }
  uint32_t ns = x->sk.edges.len, head = 0, tail = 0;
  const chk_edge *se = x->sk.edges.data, *me = x->medges.data;
  x->mqueue[tail++] = from;
  x->mseen[from] = x->mepoch;
  while (head < tail) {
    uint32_t v = x->mqueue[head++];
    if (v == to)
      return true;
    for (uint32_t j = x->moff[v]; j < x->moff[v + 1]; j++) {
      uint32_t id = x->madj[j];
      x->mwork++;
      const chk_edge *ed = id < ns ? &se[id] : &me[id - ns];
      if (x->mseen[ed->to] == x->mepoch)
        continue;
      bool ok = true;
      if (id < ns)
        ok = ed->cond == NONE || chk_smt_must_exists(x, ed->cond);
      else {
        const mreqs *rq = &MDL_VEC_AT(x->mreq, mreqs, id - ns);
        for (uint32_t q = 0; q < rq->n && ok; q++)
          ok = chk_smt_must_exists(
              x, MDL_VEC_AT(x->mpool, uint32_t, rq->first + q));
      }
      if (!ok)
        continue;
      x->mseen[ed->to] = x->mepoch;
      x->mqueue[tail++] = ed->to;
    }
  }
  return false;
}

/* Do instances a and b certainly not overlap (one ends before the other
** starts) wherever both exist? */
static bool must_ordered(sx *x, uint32_t a, uint32_t b) {
  const mdl_kernel *k = x->k;
  if (x->want_core)
    return false;
  chk_smt_must_ctx(x, mdl_inst_at(k, a)->guard, mdl_inst_at(k, b)->guard, NULL);
  if (x->dead && (x->dead[NS(a)] || x->dead[NS(b)]))
    return false;
  uint32_t da = x->sk.chain[a] != NONE ? NC(a) : NE(a);
  uint32_t db = x->sk.chain[b] != NONE ? NC(b) : NE(b);
  return chk_smt_must_path(x, da, NS(b)) || chk_smt_must_path(x, db, NS(a));
}

/* -------------------------------------------------------------- races */

static bool overlapping_pipe(const mdl_kernel *k, uint8_t p) {
  return mdl_pipe_overlaps(k, p);
}

/* Do accesses p and q overlap: decided by mdl_access_overlap where the
** bases are comparable, a linear condition on the symbolic bases else. */
static Z3_ast acc_overlap(sx *x, const mdl_access *p, const mdl_access *q) {
  if (!mdl_access_overlap(x->k, p, q))
    return Z3_mk_false(x->c);
  if (p->sym == q->sym && (!p->sym || p->form == q->form))
    return Z3_mk_true(x->c);
  Z3_ast fp = p->sym ? chk_smt_form_expr(x, p->form) : chk_smt_mk_int(x, 0);
  Z3_ast fq = q->sym ? chk_smt_form_expr(x, q->form) : chk_smt_mk_int(x, 0);
  Z3_ast c1 =
      q->hi == INT64_MAX
          ? Z3_mk_true(x->c)
          : Z3_mk_lt(x->c, chk_smt_mk_add2(x, fp, chk_smt_mk_int(x, p->lo)),
                     chk_smt_mk_add2(x, fq, chk_smt_mk_int(x, q->hi)));
  Z3_ast c2 =
      p->hi == INT64_MAX
          ? Z3_mk_true(x->c)
          : Z3_mk_lt(x->c, chk_smt_mk_add2(x, fq, chk_smt_mk_int(x, q->lo)),
                     chk_smt_mk_add2(x, fp, chk_smt_mk_int(x, p->hi)));
  return chk_smt_mk_and2(x, c1, c2);
}

/* Marks the statements of the last unsat core in used. */
static void note_core(sx *x, uint8_t *used) {
  if (!used)
    return;
  for (uint32_t i = 0; i < x->last_core_n; i++)
    for (uint32_t s = 0; s < x->k->nstmts; s++)
      if (x->on[s] && x->on[s] == x->last_core[i])
        used[s] = 1;
}

typedef struct {
  mdl_rule rule;
  uint32_t sb, sa;            /* statements: primary, related */
  mdl_vec pairs;              /* uint32_t quadruples: pb, pa, accb, acca */
} rgroup;

/* --explain: the syncs an unsat core needs to keep a statement pair
** ordered in every outcome. */
static void explain_group(sx *x, const rgroup *g, const uint8_t *used) {
  const mdl_kernel *k = x->k;
  const uint32_t *q4 = g->pairs.data;
  const mdl_inst *ib = mdl_inst_at(k, q4[0]), *ia = mdl_inst_at(k, q4[1]);
  char by[512];
  size_t w = 0;
  by[0] = 0;
  for (uint32_t s = 0; s < k->nstmts; s++) {
    if (!used[s])
      continue;
    const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, s);
    const char *nm = st->kind == MDL_S_SET ? "set_flag"
                     : st->kind == MDL_S_WAIT ? "wait_flag"
                                              : "pipe_barrier";
    int r = snprintf(by + w, sizeof by - w, "%s%s at %u:%u", w ? ", " : "",
                     nm, st->loc.line, st->loc.col);
    if (r > 0 && (size_t)r < sizeof by - w)
      w += (size_t)r;
  }
  mdl_diag *d = mdl_diag_add_at(
      x->explain, MDL_RULE_EXPLAIN, MDL_SEV_NOTE, k, ib->loc,
      "%s at %u:%u is ordered after the conflicting %s at %u:%u by %s "
      "(an unsat core: these syncs suffice in every outcome)",
      chk_op_name(k, ib), ib->loc.line, ib->loc.col, chk_op_name(k, ia),
      ia->loc.line, ia->loc.col,
      w ? by
        : "program order and syncs the compiler placed (implicit or "
          "cross-core)");
  mdl_diag_related_at(d, k, ia->loc, "the earlier access");
}

/* The condition that pair q4 (pb, pa, accb, acca) overlaps in time. */
static Z3_ast pair_cond(sx *x, const uint32_t *q4) {
  const mdl_kernel *k = x->k;
  uint32_t b = q4[0], a = q4[1];
  Z3_ast v[5] = {
      x->ex[a], x->ex[b],
      acc_overlap(x, mdl_access_at(k, q4[3]), mdl_access_at(k, q4[2])),
      Z3_mk_lt(x->c, chk_smt_T(x, NS(b)), chk_smt_done_node(x, a)),
      Z3_mk_lt(x->c, chk_smt_T(x, NS(a)), chk_smt_done_node(x, b))};
  return Z3_mk_and(x->c, 5, v);
}

/* A model's values of the instances, read once each: whether it exists
** (-1 unread, 0, 1, 2 unreadable), its start and its end. */
typedef struct {
  int8_t *ex;
  int64_t *st, *dn;
} mvals;

static mvals mvals_open(const sx *x) {
  mvals mv = {malloc(x->n + 1), malloc((x->n + 1) * sizeof *mv.st),
              malloc((x->n + 1) * sizeof *mv.dn)};
  memset(mv.ex, -1, x->n + 1);
  return mv;
}

static void mvals_close(mvals *mv) {
  free(mv->ex);
  free(mv->st);
  free(mv->dn);
}

static int model_inst(sx *x, Z3_model m, mvals *mv, uint32_t i) {
  if (mv->ex[i] < 0) {
    bool e = chk_smt_model_true(x, m, x->ex[i]);
    bool ok = chk_smt_model_int(x, m, chk_smt_T(x, NS(i)), &mv->st[i]) &&
              chk_smt_model_int(x, m, chk_smt_done_node(x, i), &mv->dn[i]);
    mv->ex[i] = (int8_t)(ok ? e : 2);
  }
  return mv->ex[i];
}

/* Does pair q4 overlap in model m?  Evaluated from the instances' values,
** not by building the pair's condition: a hit in a group of a million
** pairs must not build a million terms. */
static bool model_pair(sx *x, Z3_model m, mvals *mv, const uint32_t *q4) {
  uint32_t b = q4[0], a = q4[1];
  int eb = model_inst(x, m, mv, b), ea = model_inst(x, m, mv, a);
  if (eb == 2 || ea == 2)
    return chk_smt_model_true(x, m, pair_cond(x, q4));
  if (!eb || !ea || !(mv->st[b] < mv->dn[a]) || !(mv->st[a] < mv->dn[b]))
    return false;
  const mdl_access *pa = mdl_access_at(x->k, q4[3]),
                   *pb = mdl_access_at(x->k, q4[2]);
  if (!mdl_access_overlap(x->k, pa, pb))
    return false;
  if (pa->sym == pb->sym && (!pa->sym || pa->form == pb->form))
    return true;
  return chk_smt_model_true(x, m, acc_overlap(x, pa, pb));
}

/* Records the first pair of a group that overlaps in model m as a
** finding, with its witness, and counts the others in it (chk_emit would
** fold them into it: one group is one statement pair of one rule).  mv:
** the model's instance values read so far. */
static void record_group(sx *x, mdl_rule rule, const uint32_t *pairs,
                         uint32_t np, Z3_model m, mvals *mv) {
  const mdl_kernel *k = x->k;
  uint32_t fi = NONE;
  for (uint32_t p = 0; p < np; p++) {
    const uint32_t *q4 = pairs + 4 * p;
    if (!model_pair(x, m, mv, q4))
      continue;
    if (fi != NONE) {
      MDL_VEC_AT(x->findings, chk_finding, fi).extra++;
      continue;
    }
    const mdl_access *ab = mdl_access_at(k, q4[2]),
                     *aa = mdl_access_at(k, q4[3]);
    fi = x->findings.len;
    chk_finding *fd = chk_smt_add_finding(x, rule, q4[0], q4[1]);
    fd->mem = ab->mem;
    mdl_access_common(k, aa, ab, &fd->lo, &fd->hi);
    /* wbits as chk_emit reads them: 4 | related writes | primary */
    fd->wbits = (uint8_t)(4 | ((aa->mode & MDL_ACC_WRITE) ? 1 : 0) |
                          ((ab->mode & MDL_ACC_WRITE) ? 2 : 0));
    uint32_t two[2] = {q4[1], q4[0]};
    chk_smt_set_witness(x, m, fd, two, 2);
  }
}

/* Asks whether one of the np statement pairs of group g (pairs: 4 ids
** each) can overlap; records a finding for every pair the model shows.
** Returns whether one did. */
static bool race_group(sx *x, const rgroup *g, const uint32_t *pairs,
                       uint32_t np) {
  const mdl_kernel *k = x->k;
  Z3_model m;
  int r = 0;
  char what[128];
  {
    const uint32_t *w4 = pairs;
    const mdl_inst *wb = mdl_inst_at(k, w4[0]), *wa = mdl_inst_at(k, w4[1]);
    snprintf(what, sizeof what, "whether the %s at %u:%u and the %s at "
             "%u:%u can overlap", chk_op_name(k, wa), wa->loc.line,
             wa->loc.col, chk_op_name(k, wb), wb->loc.line, wb->loc.col);
  }
  uint8_t *used = x->explain ? calloc(k->nstmts + 1, 1) : NULL;
  /* small groups in one query; large ones pair by pair (a disjunction
     of many schedules makes the solver case-split), first hit wins; each
     pair's condition is built when it is asked */
  if (np <= 8) {
    Z3_ast conds[8];
    for (uint32_t p = 0; p < np; p++)
      conds[p] = pair_cond(x, pairs + 4 * p);
    r = chk_smt_check(x, Z3_mk_or(x->c, np, conds), &m, what);
    note_core(x, used);
  } else {
    for (uint32_t p = 0; p < np && r != 1 && !chk_z3_dead; p++) {
      r = chk_smt_check(x, pair_cond(x, pairs + 4 * p), &m, what) == 1 ? 1
                                                                      : r;
      note_core(x, used);
    }
    if (r == 0 && chk_z3_dead)
      r = chk_smt_check(x, NULL, NULL, what); /* -1, naming the budget */
  }
  if (r == 0 && used)
    explain_group(x, g, used);
  free(used);
  if (r == 1) {
    mvals mv = mvals_open(x);
    record_group(x, g->rule, pairs, np, m, &mv);
    mvals_close(&mv);
    Z3_model_dec_ref(x->c, m);
  }
  return r == 1;
}

/* The race groups, one per (rule, primary statement, related statement),
** found through an open-addressing index (a linear scan per pair was
** quadratic in the statement pairs). */
typedef struct {
  mdl_vec groups;  /* rgroup */
  uint32_t *slot;  /* group index + 1, 0 free */
  uint32_t cap;    /* slots, a power of two */
  uint64_t npairs; /* pairs kept in all groups */
} rindex;

static uint32_t group_hash(mdl_rule rule, uint32_t sb, uint32_t sa) {
  uint64_t h = ((uint64_t)sb * 0x9E3779B1u) ^ ((uint64_t)sa * 0x85EBCA77u) ^
               ((uint64_t)rule * 0xC2B2AE3Du);
  return (uint32_t)(h ^ (h >> 29));
}

static rgroup *group_of(rindex *ix, mdl_rule rule, uint32_t sb, uint32_t sa) {
  if (2 * (ix->groups.len + 1) > ix->cap) { /* grow and re-index */
    uint32_t nc = ix->cap ? 2 * ix->cap : 64;
    uint32_t *ns = calloc(nc, sizeof *ns);
    for (uint32_t gi = 0; gi < ix->groups.len; gi++) {
      const rgroup *h = &MDL_VEC_AT(ix->groups, rgroup, gi);
      uint32_t j = group_hash(h->rule, h->sb, h->sa) & (nc - 1);
      while (ns[j])
        j = (j + 1) & (nc - 1);
      ns[j] = gi + 1;
    }
    free(ix->slot);
    ix->slot = ns;
    ix->cap = nc;
  }
  uint32_t j = group_hash(rule, sb, sa) & (ix->cap - 1);
  for (; ix->slot[j]; j = (j + 1) & (ix->cap - 1)) {
    rgroup *h = &MDL_VEC_AT(ix->groups, rgroup, ix->slot[j] - 1);
    if (h->rule == rule && h->sb == sb && h->sa == sa)
      return h;
  }
  rgroup *g = mdl_vec_push(&ix->groups, sizeof *g);
  g->rule = rule;
  g->sb = sb;
  g->sa = sa;
  ix->slot[j] = ix->groups.len;
  return g;
}

/* Keeps the conflicting access pairs of instances a < b in their groups,
** but those a path of certain edges orders (they need no query).  ord:
** must_ordered's answers for (a, b) and (b, a), -1 unasked. */
static void keep_pairs(sx *x, rindex *ix, uint32_t a, uint32_t b) {
  const mdl_kernel *k = x->k;
  const mdl_inst *ia = mdl_inst_at(k, a), *ib = mdl_inst_at(k, b);
  int8_t ord[2] = {-1, -1};
  for (uint32_t u = 0; u < ia->nacc; u++)
    for (uint32_t v = 0; v < ib->nacc; v++) {
      const mdl_access *aa = mdl_access_at(k, ia->acc_first + u);
      const mdl_access *ab = mdl_access_at(k, ib->acc_first + v);
      /* (symbolic bases: the solver decides the bytes below) */
      int r = mdl_conflict_rule(k, a, aa, b, ab);
      if (r < 0)
        continue;
      uint32_t pa = a, pb = b, xa = ia->acc_first + u,
               xb = ib->acc_first + v;
      if (ia->core != ib->core) {
        bool ra = !(aa->mode & MDL_ACC_WRITE),
             rb = !(ab->mode & MDL_ACC_WRITE);
        if ((ra && !rb) || (ra == rb && ia->core > ib->core)) {
          pa = b;
          pb = a;
          xa = ib->acc_first + v;
          xb = ia->acc_first + u;
        }
      }
      int8_t *o = &ord[pa != a];
      if (*o < 0)
        *o = must_ordered(x, pa, pb);
      if (*o) {
        x->pruned++;
        continue;
      }
      rgroup *g = group_of(ix, (mdl_rule)r, chk_src(k, mdl_inst_at(k, pb)->stmt),
                           chk_src(k, mdl_inst_at(k, pa)->stmt));
      uint32_t *q4 = mdl_vec_push(&g->pairs, 4 * sizeof(uint32_t));
      q4[0] = pb;
      q4[1] = pa;
      q4[2] = xb;
      q4[3] = xa;
      ix->npairs++;
    }
}

/* The pairs of instances that may conflict, in their groups.  Returns
** false when they pass their share of --max-memory-mb (a quarter, at 16
** bytes a pair and twice that while a vector grows): the kernel is then
** unknown, naming the budget. */
static bool collect_pairs(sx *x, rindex *ix) {
  const mdl_kernel *k = x->k;
  uint64_t room = x->o && x->o->max_memory_mb
                      ? ((uint64_t)x->o->max_memory_mb << 20) / 4 / 32
                      : UINT64_MAX;
  for (uint32_t b = 0; b < x->n; b++) {
    const mdl_inst *ib = mdl_inst_at(k, b);
    if (ib->kind != MDL_I_OP || x->sk.chain[b] == NONE)
      continue;
    for (uint32_t a = 0; a < b; a++) {
      const mdl_inst *ia = mdl_inst_at(k, a);
      if (ia->kind != MDL_I_OP || x->sk.chain[a] == NONE)
        continue;
      if (ia->core != ib->core && k->open)
        continue; /* a lone half: cross-core races are not checked */
      if (ia->core == ib->core && ia->pipe == ib->pipe &&
          !overlapping_pipe(k, ia->pipe))
        continue; /* an in-order pipe orders them */
      if (!mdl_insts_may_conflict(k, a, b))
        continue; /* the two AIVs of one logical vector program */
      keep_pairs(x, ix, a, b);
      if (ix->npairs > room) {
        x->unknowns++;
        x->unasked++;
        if (!x->unknown_what)
          x->unknown_what = mdl_strprintf(
              "could not ask about the instance pairs that may race: more "
              "than %llu of them pass their share of --max-memory-mb %u",
              (unsigned long long)room, x->o->max_memory_mb);
        return false;
      }
    }
  }
  return true;
}

/* Asks about group g: its pairs with an instance behind a wait left
** waiting at the cut of a prefix (chk_open.c) come last and are asked
** only when no other pair of the group races (their findings are then
** dropped as undecided, as the graph engine drops them). */
static void ask_group(sx *x, rgroup *g) {
  uint32_t np = g->pairs.len, nfront = np;
  if (x->behind) {
    uint32_t *tmp = malloc(4 * np * sizeof *tmp), f = 0, l = np;
    for (uint32_t p = 0; p < np; p++) {
      const uint32_t *q4 = (const uint32_t *)g->pairs.data + 4 * p;
      bool bh = x->behind[q4[0]] || x->behind[q4[1]];
      memcpy(tmp + 4 * (bh ? --l : f++), q4, 4 * sizeof *tmp);
    }
    /* (the behind ones in their order) */
    for (uint32_t i = l, j = np - 1; i < j; i++, j--)
      for (int c = 0; c < 4; c++) {
        uint32_t t = tmp[4 * i + c];
        tmp[4 * i + c] = tmp[4 * j + c];
        tmp[4 * j + c] = t;
      }
    memcpy(g->pairs.data, tmp, 4 * np * sizeof *tmp);
    free(tmp);
    nfront = f;
  }
  bool hit = false;
  for (int phase = 0; phase < 2 && !hit; phase++) {
    uint32_t p0 = phase ? nfront : 0, p1 = phase ? np : nfront;
    if (p0 < p1)
      hit = race_group(x, g, (const uint32_t *)g->pairs.data + 4 * p0,
                       p1 - p0);
  }
}

/* Groups asked together, at most: a kernel of many racing statements
** has a group per statement pair (44,850 for 300 statements), and one
** query each took minutes; a model of the batch shows every group that
** races in it. */
#define BATCH 64

/* May g be asked in a batch: a small group, none of its pairs behind a
** cut, and no unsat core wanted (--explain names the syncs per group)?
** (A redundancy probe stops at its first race; one that proves the
** candidate removable must prove every group, and a batch does that in
** one query.) */
static bool batchable(const sx *x, const rgroup *g) {
  if (x->explain || x->want_core || g->pairs.len > 8)
    return false;
  for (uint32_t p = 0; x->behind && p < g->pairs.len; p++) {
    const uint32_t *q4 = (const uint32_t *)g->pairs.data + 4 * p;
    if (x->behind[q4[0]] || x->behind[q4[1]])
      return false;
  }
  return true;
}

/* Asks the nb groups ids[] (indices into groups) together: while the
** disjunction of the open ones is satisfiable, every group its model
** shows racing is recorded (as race_group records it) and closed; unsat
** closes the rest.  An undecided query, or a model that shows no open
** group, leaves the open ones to ask_group.  The findings are then put
** in the groups' order, as one query per group would have made them. */
static void ask_batch(sx *x, mdl_vec *groups, const uint32_t *ids,
                      uint32_t nb) {
  bool open[BATCH];
  uint32_t f0 = x->findings.len, of[BATCH], nopen = nb;
  for (uint32_t i = 0; i < nb; i++)
    open[i] = true;
  while (nopen) {
    Z3_ast conds[BATCH * 8];
    uint32_t nc = 0;
    for (uint32_t i = 0; i < nb; i++) {
      const rgroup *g = &MDL_VEC_AT(*groups, rgroup, ids[i]);
      for (uint32_t p = 0; open[i] && p < g->pairs.len; p++)
        conds[nc++] = pair_cond(x, (const uint32_t *)g->pairs.data + 4 * p);
    }
    char what[96];
    snprintf(what, sizeof what, "whether one of %u statement pairs can "
             "overlap", nopen);
    Z3_model m;
    int r = chk_smt_check(x, Z3_mk_or(x->c, nc, conds), &m, what);
    if (r == 0)
      nopen = 0;
    if (r != 1)
      break;
    uint32_t closed = 0;
    mvals mv = mvals_open(x);
    for (uint32_t i = 0; i < nb; i++) {
      const rgroup *g = &MDL_VEC_AT(*groups, rgroup, ids[i]);
      bool shows = false;
      for (uint32_t p = 0; open[i] && p < g->pairs.len && !shows; p++)
        shows = model_pair(x, m, &mv, (const uint32_t *)g->pairs.data + 4 * p);
      if (!shows)
        continue;
      of[x->findings.len - f0] = i;
      record_group(x, g->rule, g->pairs.data, g->pairs.len, m, &mv);
      open[i] = false;
      closed++;
    }
    mvals_close(&mv);
    Z3_model_dec_ref(x->c, m);
    nopen -= closed;
    if (!closed)
      break;
  }
  for (uint32_t i = 0; i < nb && nopen; i++)
    if (open[i]) {
      uint32_t before = x->findings.len;
      ask_group(x, &MDL_VEC_AT(*groups, rgroup, ids[i]));
      if (x->findings.len > before)
        of[before - f0] = i; /* (one finding a group at most) */
    }
  /* the findings in group order (insertion sort: at most BATCH) */
  if (x->findings.len - f0 < 2)
    return;
  chk_finding *fs = &MDL_VEC_AT(x->findings, chk_finding, f0);
  for (uint32_t a = 1; a < x->findings.len - f0; a++)
    for (uint32_t b = a; b > 0 && of[b - 1] > of[b]; b--) {
      chk_finding t = fs[b];
      fs[b] = fs[b - 1];
      fs[b - 1] = t;
      uint32_t u = of[b];
      of[b] = of[b - 1];
      of[b - 1] = u;
    }
}

void chk_smt_races(sx *x) {
  const mdl_kernel *k = x->k;
  if (chk_z3_dead) { /* past the budget: unknown, naming it */
    chk_smt_check(x, NULL, NULL, "whether two instances can race");
    return;
  }
  rindex ix = {0};
  bool all = collect_pairs(x, &ix);
  free(ix.slot);
  mdl_vec groups = ix.groups;
  uint32_t ng = groups.len;
  if (!all)
    groups.len = 0; /* none asked: the kernel is unknown */
  /* a redundancy probe asks first about the pairs on the pipes the
     removed sync ordered: a race there ends the probe */
  uint32_t *order = malloc((groups.len ? groups.len : 1) * sizeof *order);
  uint32_t no = 0;
  for (int pass = x->probe ? 0 : 1; pass < 2; pass++)
    for (uint32_t gi = 0; gi < groups.len; gi++) {
      rgroup *g = &MDL_VEC_AT(groups, rgroup, gi);
      const uint32_t *q4 = g->pairs.data;
      const mdl_inst *ia = mdl_inst_at(k, q4[1]), *ib = mdl_inst_at(k, q4[0]);
      bool hot = (ia->pipe == x->probe_src && ib->pipe == x->probe_dst) ||
                 (ib->pipe == x->probe_src && ia->pipe == x->probe_dst);
      if (pass == 1 && x->probe && hot)
        continue;
      if (pass == 0 && !hot)
        continue;
      order[no++] = gi;
    }
  for (uint32_t oi = 0; oi < no;) {
    if (x->o && x->findings.len >= x->o->max_findings) {
      x->unknowns++; /* (chk_options.max_findings) */
      x->unasked++;
      if (!x->unknown_what)
        x->unknown_what = mdl_strprintf(
            "could not ask about the %u statement pairs left: the file's "
            "findings reached their share of --max-memory-mb %u (%u "
            "findings)", no - oi, x->o->max_memory_mb, x->findings.len);
      break;
    }
    /* a run of small groups is asked together */
    uint32_t nb = 0, room = x->o ? x->o->max_findings - x->findings.len
                                   : BATCH;
    while (oi + nb < no && nb < BATCH && nb < room &&
           batchable(x, &MDL_VEC_AT(groups, rgroup, order[oi + nb])))
      nb++;
    if (nb > 1) {
      ask_batch(x, &groups, order + oi, nb);
      oi += nb;
    } else
      ask_group(x, &MDL_VEC_AT(groups, rgroup, order[oi++]));
  }
  free(order);
  for (uint32_t gi = 0; gi < ng; gi++)
    mdl_vec_free(&MDL_VEC_AT(groups, rgroup, gi).pairs);
  mdl_vec_free(&groups);
}
