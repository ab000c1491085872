/*
** chk_redundant.c -- redundant syncs: the removable group of a sync
** statement (both engines), and the graph engine's greedy search for
** groups whose removal keeps the kernel free of errors, on a prefix of the
** kernel where it has long loops (verified on the whole kernel).
** Internals in chk_graph_x.h.
*/
#include "chk.h"
#include "chk_int.h"
#include "../model/mdl_build.h"
#include "chk_graph_x.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------- groups */

/* The flag keys of a kernel's syncs, indexed once: which keys each sync
** statement's instances use, which statements use each key, which keys
** implicit syncs (macro ops) use too, and the copies of each statement
** (mdl_stmt.src), so that the group of a statement is a closure over
** small sets instead of passes over every instance. */
typedef struct {
  uint32_t core;
  uint8_t src, dst;
  int32_t id;
} fkey;

struct chk_groups {
  const mdl_kernel *k;
  mdl_vec keys;              /* fkey, distinct */
  uint8_t *key_implicit;     /* per key: an implicit sync uses it */
  uint32_t *sk_off, *sk;     /* per statement: its keys (CSR) */
  uint32_t *ks_off, *ks;     /* per key: its statements (CSR) */
  uint32_t *cp_off, *cp;     /* per source statement: its copies (CSR) */
};

static fkey key_of(const mdl_inst *in) {
  fkey f = {in->core, in->kind == MDL_I_SET ? in->pipe : in->pipe2,
            in->kind == MDL_I_SET ? in->pipe2 : in->pipe, in->id};
  return f;
}

static uint32_t key_find(chk_groups *x, fkey f, uint32_t **ht,
                         uint32_t *cap) {
  if (2 * (x->keys.len + 1) > *cap) {
    uint32_t nc = *cap ? 2 * *cap : 64;
    uint32_t *n = malloc(nc * sizeof *n);
    if (!n) {
      fputs("ksv: out of memory\n", stderr);
      exit(3);
    }
    for (uint32_t i = 0; i < nc; i++)
      n[i] = NONE;
    for (uint32_t j = 0; j < x->keys.len; j++) {
      const fkey *g = &MDL_VEC_AT(x->keys, fkey, j);
      uint32_t h = (g->core * 0x9E3779B1u ^ g->src * 0x85EBCA77u ^
                    g->dst * 0xC2B2AE3Du ^ (uint32_t)g->id) & (nc - 1);
      while (n[h] != NONE)
        h = (h + 1) & (nc - 1);
      n[h] = j;
    }
    free(*ht);
    *ht = n;
    *cap = nc;
  }
  uint32_t h = (f.core * 0x9E3779B1u ^ f.src * 0x85EBCA77u ^
                f.dst * 0xC2B2AE3Du ^ (uint32_t)f.id) & (*cap - 1);
  for (; (*ht)[h] != NONE; h = (h + 1) & (*cap - 1)) {
    const fkey *g = &MDL_VEC_AT(x->keys, fkey, (*ht)[h]);
    if (g->core == f.core && g->src == f.src && g->dst == f.dst &&
        g->id == f.id)
      return (*ht)[h];
  }
  *(fkey *)mdl_vec_push(&x->keys, sizeof f) = f;
  (*ht)[h] = x->keys.len - 1;
  return x->keys.len - 1;
}

/* CSR of the distinct pairs (a, b) of pairs[0..n) (2 x uint32 each) by a
** (na values): *off (na + 1) and *val. */
static void csr(const uint32_t *pairs, uint32_t n, uint32_t na,
                uint32_t **off, uint32_t **val) {
  *off = calloc(na + 2, sizeof **off);
  *val = malloc((n ? n : 1) * sizeof **val);
  uint32_t *fill = malloc((na + 1) * sizeof *fill);
  if (!*off || !*val || !fill) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  for (uint32_t i = 0; i < n; i++)
    (*off)[pairs[2 * i] + 1]++;
  for (uint32_t a = 0; a < na; a++)
    (*off)[a + 1] += (*off)[a];
  memcpy(fill, *off, (na + 1) * sizeof *fill);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t a = pairs[2 * i], b = pairs[2 * i + 1];
    bool dup = false; /* (pairs of one a arrive in order: check the last) */
    for (uint32_t j = (*off)[a]; j < fill[a] && !dup; j++)
      dup = (*val)[j] == b;
    if (!dup)
      (*val)[fill[a]++] = b;
  }
  /* compact the gaps the duplicates left */
  uint32_t w = 0;
  for (uint32_t a = 0; a < na; a++) {
    uint32_t s = (*off)[a], e = fill[a];
    (*off)[a] = w;
    for (uint32_t j = s; j < e; j++)
      (*val)[w++] = (*val)[j];
  }
  (*off)[na] = w;
  free(fill);
}

chk_groups *chk_groups_new(const mdl_kernel *k) {
  chk_groups *x = calloc(1, sizeof *x);
  uint32_t ns = k->nstmts;
  mdl_vec sk = {0}, ks = {0}, cp = {0};
  uint32_t *ht = NULL, cap = 0;
  x->k = k;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind != MDL_I_WAIT && in->kind != MDL_I_SET)
      continue;
    uint32_t key = key_find(x, key_of(in), &ht, &cap);
    if (in->implicit)
      continue;
    uint32_t *p = mdl_vec_push(&sk, 2 * sizeof(uint32_t));
    p[0] = in->stmt;
    p[1] = key;
    p = mdl_vec_push(&ks, 2 * sizeof(uint32_t));
    p[0] = key;
    p[1] = in->stmt;
  }
  x->key_implicit = calloc(x->keys.len + 1, 1);
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if ((in->kind == MDL_I_WAIT || in->kind == MDL_I_SET) && in->implicit)
      x->key_implicit[key_find(x, key_of(in), &ht, &cap)] = 1;
  }
  for (uint32_t q = 0; q < ns; q++) {
    uint32_t *p = mdl_vec_push(&cp, 2 * sizeof(uint32_t));
    p[0] = chk_src(k, q);
    p[1] = q;
  }
  csr(sk.data, sk.len, ns, &x->sk_off, &x->sk);
  csr(ks.data, ks.len, x->keys.len, &x->ks_off, &x->ks);
  csr(cp.data, cp.len, ns, &x->cp_off, &x->cp);
  mdl_vec_free(&sk);
  mdl_vec_free(&ks);
  mdl_vec_free(&cp);
  free(ht);
  return x;
}

void chk_groups_free(chk_groups *x) {
  if (!x)
    return;
  mdl_vec_free(&x->keys);
  free(x->key_implicit);
  free(x->sk_off);
  free(x->sk);
  free(x->ks_off);
  free(x->ks);
  free(x->cp_off);
  free(x->cp);
  free(x);
}

/* Adds statement q and its copies (same source statement) to grp and to
** the work list. */
static void group_add(const chk_groups *x, uint32_t q, uint8_t *grp,
                      mdl_vec *work) {
  uint32_t src = chk_src(x->k, q);
  for (uint32_t j = x->cp_off[src]; j < x->cp_off[src + 1]; j++) {
    uint32_t c = x->cp[j];
    if (grp[c])
      continue;
    grp[c] = 1;
    *(uint32_t *)mdl_vec_push(work, sizeof c) = c;
  }
  if (!grp[q]) {
    grp[q] = 1;
    *(uint32_t *)mdl_vec_push(work, sizeof q) = q;
  }
}

/* The removable group of the sync statement st, marked in grp: a barrier
** alone; a wait with every set/wait statement of the flag keys its
** instances use; each with its copies (removing a C++ call removes every
** copy of it, mdl_stmt.src).  grp[st] = 2 when the flag is shared with
** implicit syncs (macro ops): the group is not removable. */
void chk_group_of(const chk_groups *x, const mdl_stmt *st, uint8_t *grp) {
  mdl_vec work = {0};
  group_add(x, st->id, grp, &work);
  if (st->kind != MDL_S_WAIT) {
    mdl_vec_free(&work);
    return;
  }
  uint8_t *seen = calloc(x->keys.len + 1, 1);
  bool shared = false;
  for (uint32_t w = 0; w < work.len; w++) {
    uint32_t q = MDL_VEC_AT(work, uint32_t, w);
    for (uint32_t j = x->sk_off[q]; j < x->sk_off[q + 1]; j++) {
      uint32_t key = x->sk[j];
      if (seen[key])
        continue;
      seen[key] = 1;
      shared |= x->key_implicit[key];
      for (uint32_t m = x->ks_off[key]; m < x->ks_off[key + 1]; m++)
        group_add(x, x->ks[m], grp, &work);
    }
  }
  if (shared)
    grp[st->id] = 2;
  free(seen);
  mdl_vec_free(&work);
}

void chk_sync_group(const mdl_kernel *k, const mdl_stmt *st, uint8_t *grp) {
  chk_groups *x = chk_groups_new(k);
  chk_group_of(x, st, grp);
  chk_groups_free(x);
}

/* ------------------------------------------------------ the search */

/* Flag groups: sets and waits of one flag key that pair only with each
** other, as statements.  Removing a whole group is one source edit. */
/* One sync group the search found removable: its statement s (a wait or
** a barrier), the group (by statement id, owned) and what orders its
** pairs without it. */
typedef struct {
  uint32_t s;
  uint8_t *grp;
  char cover[600];
  cover_path cv;
  bool dropped;              /* o->redundant_verify refused it */
  bool whole;                /* cover holds for the whole kernel (not only
                                for the prefix it was found on) */
} red_cand;

/* Is k still free of errors (and decided) with the syncs dis removed?
** With cover, fills it and cv for statement st (and *whole: whether a
** prefix's note holds for the whole kernel).  On a prefix (k->cut_cores)
** the findings behind a wait left waiting at the cut are not decided and
** do not count (chk_behind_cut), so every error it counts is one of the
** whole kernel's. */
static bool still_clean(const mdl_kernel *k, const chk_options *o,
                        const uint8_t *dis, const mdl_stmt *st, char *cover,
                        size_t cn, cover_path *cv, bool *whole) {
  gx g;
  chk_graph_analyse(&g, k, o, dis, true, NULL);
  if (o->stats)
    o->stats->reruns++;
  bool ok = !chk_graph_count_errors(&g) && !g.undecidable;
  if (ok && cover)
    chk_graph_cover_note(&g, k, st, cover, cn, cv, g.behind, whole);
  chk_graph_gx_free(&g);
  return ok;
}

bool chk_graph_clean(const mdl_kernel *k, const chk_options *o,
                     const uint8_t *dis) {
  return still_clean(k, o, dis, NULL, NULL, 0, NULL, NULL);
}

/* Does the group grp have an instance in kernel p? */
static bool group_in(const mdl_kernel *p, const uint8_t *grp) {
  for (uint32_t i = 0; i < p->insts.len; i++)
    if (grp[mdl_inst_at(p, i)->stmt])
      return true;
  return false;
}

/* The greedy search: each wait's or barrier's group is removed in turn
** and kept out when the kernel stays clean.  Appends to cands.  With
** whole (not NULL), k is a prefix of whole: a group with no instance in
** it is judged on whole. */
static void redundant_greedy(const mdl_kernel *k, const mdl_kernel *whole,
                             const chk_options *o, const chk_groups *groups,
                             const uint8_t *is_sync, uint8_t *dis,
                             mdl_vec *cands) {
  uint32_t ns = k->nstmts;
  uint8_t *tried = calloc(ns ? ns : 1, 1);
  for (uint32_t s = 0; s < ns; s++) {
    const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, s);
    if (!is_sync[s] || tried[s] ||
        (st->kind != MDL_S_WAIT && st->kind != MDL_S_BARRIER))
      continue;
    /* group: for a wait, every set/wait statement of the same flag keys
       its instances use */
    uint8_t *grp = calloc(ns, 1);
    chk_group_of(groups, st, grp);
    bool removable = grp[s] == 1;
    for (uint32_t q = 0; q < ns; q++)
      if (grp[q]) {
        tried[q] = 1;
        if (dis[q])
          removable = false;
      }
    red_cand c = {s, grp, {0}, {NONE, NONE, NONE, 0, {0}}, false, true};
    if (removable) {
      for (uint32_t q = 0; q < ns; q++)
        dis[q] |= grp[q];
      const mdl_kernel *on = whole && !group_in(k, grp) ? whole : k;
      if (still_clean(on, o, dis, st, c.cover, sizeof c.cover, &c.cv,
                      &c.whole)) {
        *(red_cand *)mdl_vec_push(cands, sizeof c) = c;
        continue;
      }
      for (uint32_t q = 0; q < ns; q++)
        if (grp[q])
          dis[q] = 0;
    }
    free(grp);
  }
  free(tried);
}

/* o->redundant_verify: the groups must also be removable together from
** the kernels it stands for (the other outcomes of an enumeration).  When
** the whole set is not, keeps greedily the candidates that are. */
static void redundant_verify(const mdl_kernel *k, const chk_options *o,
                             uint8_t *dis, mdl_vec *cands) {
  if (!o->redundant_verify || !cands->len ||
      o->redundant_verify(o->alias_ctx, dis))
    return;
  memset(dis, 0, k->nstmts ? k->nstmts : 1);
  for (uint32_t i = 0; i < cands->len; i++) {
    red_cand *c = &MDL_VEC_AT(*cands, red_cand, i);
    for (uint32_t q = 0; q < k->nstmts; q++)
      dis[q] |= c->grp[q];
    const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, c->s);
    if (still_clean(k, o, dis, st, c->cover, sizeof c->cover, &c->cv,
                    NULL) &&
        o->redundant_verify(o->alias_ctx, dis))
      continue;
    c->dropped = true;
    for (uint32_t q = 0; q < k->nstmts; q++)
      if (c->grp[q])
        dis[q] = 0;
  }
}

/* The warning of candidate c, with its witness steps. */
static void redundant_emit(const mdl_kernel *k, const red_cand *c,
                           mdl_diags *out) {
  const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, c->s);
  mdl_diag *d;
  if (st->kind == MDL_S_BARRIER) {
    d = mdl_diag_add_at(out, MDL_RULE_REDUNDANT_BARRIER, MDL_SEV_WARNING, k,
                        st->loc, "pipe_barrier(%s) is redundant: %s",
                        mdl_pipe_name(st->u.bar.pipe), c->cover);
  } else {
    d = mdl_diag_add_at(
        out, MDL_RULE_REDUNDANT_WAIT, MDL_SEV_WARNING, k, st->loc,
        "wait_flag[%s, %s] and its set_flag are redundant: %s",
        mdl_pipe_name(st->u.flag.src), mdl_pipe_name(st->u.flag.dst), c->cover);
    for (uint32_t q = 0; q < k->nstmts; q++)
      if (c->grp[q] && q != c->s && chk_src(k, q) == q &&
          q != st->src) { /* one note per source statement */
        const mdl_stmt *x = MDL_VEC_AT(k->stmts, mdl_stmt *, q);
        mdl_diag_related_at(d, k, x->loc,
                         "%s of the same flag, removed with it",
                         x->kind == MDL_S_SET ? "set_flag" : "wait_flag");
      }
  }
  if (c->cv.a != NONE) {
    /* the pair it ordered, around it, and what orders them without it;
       with no pair, chk_steps_locate gives its locations */
    chk_step_inst(k, d, c->cv.a, MDL_STEP_EARLIER, false, NULL);
    chk_step_inst(k, d, c->cv.x, MDL_STEP_SYNC, true, NULL);
    for (uint32_t q = 0; q < c->cv.nchain; q++)
      chk_step_inst(k, d, c->cv.chain[q], MDL_STEP_ORDERING, false, NULL);
    chk_step_inst(k, d, c->cv.b, MDL_STEP_ACCESS, false, NULL);
  }
}

static void cands_free(mdl_vec *cands) {
  for (uint32_t i = 0; i < cands->len; i++)
    free(MDL_VEC_AT(*cands, red_cand, i).grp);
  mdl_vec_free(cands);
}

/* The greedy search on a prefix of k (mdl_prefix: the first K iterations
** of every loop that runs longer, K the trip bound: 8, or one past the
** longest rotation of buffers and event ids), when k has such loops: the
** search then costs reruns of the small prefix and one check of k.  Exact,
** because the prefix only ever says "not removable" for an error k has
** too (a decided finding of a prefix is one of the kernel's), and removing
** more syncs never removes an error: so the greedy search on the prefix
** keeps at least what the search on k would, candidate by candidate, and
** keeps exactly that when k stays clean without everything it kept.  That
** is checked (on k, and on the kernels o->redundant_verify stands for);
** when it fails, false: the caller searches k itself.  A group with no
** instance in the prefix (the code after a long inner loop, when the cut
** falls in its first run) is judged on k at once.  Notes that a prefix
** may not show whole (the scan for an ordered pair reached its cut) are
** found again on k.  On success the candidates are in *cands and dis is
** their union. */
static bool redundant_prefix(const mdl_kernel *k, const chk_options *o,
                             const chk_groups *groups,
                             const uint8_t *is_sync, uint8_t *dis,
                             mdl_vec *cands) {
  const char *env = getenv("KSV_REDUNDANT_PREFIX"); /* 0: off (tests) */
  mdl_kernel *p = env && !strcmp(env, "0")
                      ? NULL
                      : mdl_prefix(k, k->trip_bound > 8 ? k->trip_bound : 8);
  if (!p)
    return false;
  /* worth it when the reruns it saves outweigh the check of k: a rerun
     that finds a race stops there, so the prefix must be much smaller
     (measured: at 60% of the kernel the search cost the same) */
  if ((uint64_t)p->insts.len * 5 > (uint64_t)k->insts.len * 2) {
    mdl_specialized_free(p);
    return false;
  }
  redundant_greedy(p, k, o, groups, is_sync, dis, cands);
  uint32_t np = p->insts.len;
  mdl_specialized_free(p);
  bool ok = !cands->len ||
            (still_clean(k, o, dis, NULL, NULL, 0, NULL, NULL) &&
             (!o->redundant_verify || o->redundant_verify(o->alias_ctx, dis)));
  if (o->stats) {
    o->stats->prefix_insts = np;
    o->stats->prefix_kept = ok;
  }
  if (!ok) {
    cands_free(cands);
    memset(dis, 0, k->nstmts ? k->nstmts : 1);
    return false;
  }
  /* a note the prefix did not show whole: found again on k, with the
     groups kept before it removed (as the search on k would) */
  uint8_t *before = calloc(k->nstmts ? k->nstmts : 1, 1);
  for (uint32_t i = 0; i < cands->len; i++) {
    red_cand *c = &MDL_VEC_AT(*cands, red_cand, i);
    for (uint32_t q = 0; q < k->nstmts; q++)
      before[q] |= c->grp[q];
    if (c->whole)
      continue;
    const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, c->s);
    still_clean(k, o, before, st, c->cover, sizeof c->cover, &c->cv, NULL);
  }
  free(before);
  return true;
}

/* redundant-wait / redundant-barrier: sync groups whose removal keeps k
** free of errors, removable together.  False when the search is past its
** work budget (not searched). */
bool chk_graph_find_redundant(const mdl_kernel *k, const chk_options *o,
                           mdl_diags *out, uint32_t *nwarn) {
  uint32_t ns = k->nstmts;
  uint8_t *is_sync = calloc(ns ? ns : 1, 1);
  uint32_t nsync = 0;
  /* the syncs and their groups: of the kernel this one stands for */
  const mdl_kernel *gk = o->group_kernel ? o->group_kernel : k;
  for (uint32_t i = 0; i < gk->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(gk, i);
    if ((in->kind == MDL_I_WAIT || in->kind == MDL_I_BARRIER ||
         in->kind == MDL_I_SET) && !in->implicit && !is_sync[in->stmt]) {
      is_sync[in->stmt] = 1;
      nsync++;
    }
  }
  uint8_t *dis = calloc(ns ? ns : 1, 1);
  mdl_vec cands = {0};
  chk_groups *groups = chk_groups_new(gk);
  if (!redundant_prefix(k, o, groups, is_sync, dis, &cands)) {
    if ((uint64_t)nsync * k->insts.len > o->redundant_budget) {
      chk_groups_free(groups);
      free(is_sync);
      free(dis);
      return false; /* too large: not searched (the caller says so) */
    }
    redundant_greedy(k, NULL, o, groups, is_sync, dis, &cands);
    redundant_verify(k, o, dis, &cands);
  }
  chk_groups_free(groups);
  for (uint32_t i = 0; i < cands.len; i++) {
    red_cand *c = &MDL_VEC_AT(cands, red_cand, i);
    if (!c->dropped) {
      redundant_emit(k, c, out);
      (*nwarn)++;
    }
    free(c->grp);
  }
  mdl_vec_free(&cands);
  free(dis);
  free(is_sync);
  return true;
}
