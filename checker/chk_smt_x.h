/*
** chk_smt_x.h -- the SMT engine's internals, shared by chk_smt.c (node
** times, values, queries, API), chk_smt_flag.c (flags and cross-core
** counters) and chk_smt_race.c (cycles, certain order, races).
*/
#ifndef KSV_CHK_SMT_X_H
#define KSV_CHK_SMT_X_H

#include "chk.h"
#include "chk_int.h"
#include <stdbool.h>
#include <stdint.h>
#include <z3.h>
#include "chk_z3.h"

typedef struct {
  uint32_t inst;
  Z3_ast mem;  /* exists and belongs to this flag/counter */
  Z3_ast cnt;  /* guarded 1-based count among its kind */
  Z3_ast rcnt; /* cross-core waits: 1 + the earlier waits
                  sure to pass first (chk_xwait_ranks) */
} seqel;

/* The engine's state for one kernel: the Z3 context and solver, node
** times, the match edges, the certain-order graph and the findings. */
typedef struct {
  const mdl_kernel *k;
  const chk_options *o;
  Z3_ast *on;             /* per statement: the sync is kept (NULL for
                             statements that are not removable syncs) */
  mdl_vec assume;         /* Z3_ast: on_s / not on_s per removable sync */
  mdl_vec keys, xrecs;    /* fkey, xrec: built once, queried per run */
  mdl_vec ranged, ranges; /* runtime ids: instance, "in range" */
  mdl_diags *explain;     /* --explain notes go here (main run only) */
  Z3_context c;
  Z3_solver s;
  Z3_sort isort;
  chk_skel sk;
  uint32_t n, nnodes;
  Z3_ast *t; /* node times (NULL until used) */
  uint32_t tcap;
  Z3_ast *ex;            /* per instance: existence */
  Z3_ast *gcache;        /* per guard id */
  Z3_ast *acache;        /* per atom id */
  mdl_vec medges;        /* chk_edge with cond = index into mconds */
  mdl_vec mconds;        /* Z3_ast: activation of match edges */
  mdl_vec mreq;          /* per match edge: mreqs, see must_edges */
  mdl_vec mpool;         /* uint32_t: instances the mreqs name */
  const uint8_t *dis;    /* syncs switched off in this run */
  uint32_t *moff, *madj; /* must graph: out-edges per node (CSR) */
  uint32_t *mseen, *mqueue, mepoch;
  uint32_t *mok;     /* per instance: epoch * 2 + (exists) */
  uint32_t mga, mgb; /* context: the guards assumed to hold */
  Z3_ast mon;        /* context: a switch literal assumed on */
  uint32_t mctx;     /* context epoch (mok) */
  uint64_t mwork;    /* edge visits so far */
  uint32_t pruned;   /* queries the must graph made needless */
  mdl_vec findings;  /* chk_finding */
  uint8_t *dead;     /* per node: on or behind the witness cycle */
  uint8_t *behind;   /* a prefix: per instance, behind a wait that
                        may still wait at the cut (chk_open.c) */
  bool probe;        /* redundancy re-check: any error will do */
  bool want_core;    /* record unsat cores (explain) */
  Z3_ast last_core[64];
  uint32_t last_core_n;
  uint8_t probe_src, probe_dst; /* pipes the removed sync ordered */
  uint32_t probe_u0;            /* unknowns before this probe */
  bool deadlock;
  mdl_vec sa_stuck;       /* uint32_t: the sync_blocks of the first
                             meeting that never completes (build) */
  uint32_t sa_m, sa_gone; /* its number, the core it waits for */
  uint32_t unknowns;
  uint32_t unasked;  /* of them, left open without a query (a budget) */
  char *unknown_what;
  uint32_t queries;
  double deadline; /* monotonic seconds: the solver budget */
  double run_deadline; /* chk_wall() seconds: chk_options.deadline */
  uint32_t cur_timeout; /* the solver's timeout now (ms; 0: as opened) */
  Z3_ast bounded;      /* the value oracle: a literal that implies every
                          trip count <= K (value_domain), assumed by its
                          queries but for chk_vals_beyond; NULL: asserted */
} sx;

/* What makes a match edge certain: it is active whenever every instance
** in req exists (first = NONE: nothing syntactic makes it certain). */
typedef struct {
  uint32_t first, n;
} mreqs;

/* One flag of one core (pipe pair and id): its sets and waits in order. */
typedef struct {
  uint32_t core;
  uint8_t src, dst;
  int32_t id;
  mdl_vec sets, waits; /* seqel */
  Z3_ast nsets, nwaits;
} fkey;

/* chk_smt.c: node times and terms, the solver calls, witnesses, findings,
** the guarded sequences of a flag's sets and waits */
Z3_ast chk_smt_T(sx *x, uint32_t node);
Z3_ast chk_smt_mk_int(sx *x, int64_t v);
Z3_ast chk_smt_mk_and2(sx *x, Z3_ast a, Z3_ast b);
Z3_ast chk_smt_mk_or2(sx *x, Z3_ast a, Z3_ast b);
Z3_ast chk_smt_when(sx *x, Z3_ast ex, Z3_ast cnt, Z3_ast val);
Z3_ast chk_smt_mk_add2(sx *x, Z3_ast a, Z3_ast b);
Z3_ast chk_smt_mk_sub2(sx *x, Z3_ast a, Z3_ast b);
Z3_ast chk_smt_form_expr(sx *x, uint32_t form);
void chk_smt_add(sx *x, Z3_ast a);
int chk_smt_check(sx *x, Z3_ast q, Z3_model *m, const char *what);
bool chk_smt_model_true(sx *x, Z3_model m, Z3_ast a);
bool chk_smt_model_int(sx *x, Z3_model m, Z3_ast a, int64_t *out);
char *chk_smt_witness(sx *x, Z3_model m, const uint32_t *insts, int ni);
void chk_smt_set_witness(sx *x, Z3_model m, chk_finding *fd,
                         const uint32_t *insts, int ni);
Z3_ast chk_smt_done_node(sx *x, uint32_t i);
bool chk_smt_disabled_inst(const sx *x, uint32_t i);
void chk_smt_match_edge_req(sx *x, uint32_t from, uint32_t to, Z3_ast cond,
                            const uint32_t *req, uint32_t nreq);
bool chk_smt_count_is(sx *x, const seqel *e, int64_t *v);
bool chk_smt_lit_implies(const mdl_lit *a, const mdl_lit *b);
Z3_ast chk_smt_on_of(const sx *x, uint32_t i);
bool chk_smt_member_implies(const sx *x, const seqel *e, const seqel *j);
void chk_smt_counts(sx *x, mdl_vec *v, Z3_ast *total);
void chk_smt_rank_counts(sx *x, mdl_vec *v);
void chk_smt_push_seq(mdl_vec *v, uint32_t i, Z3_ast mem);
chk_finding *chk_smt_add_finding(sx *x, mdl_rule rule, uint32_t b, uint32_t a);
uint32_t chk_smt_pick(sx *x, Z3_model m, const mdl_vec *seq, Z3_ast c);
const char *chk_smt_pn(uint8_t p);

/* chk_smt_flag.c: flags (fkey per core, pipe pair and id) and the
** cross-core counters (xrec per receiving core and flag) */
void chk_smt_flags(sx *x, mdl_vec *keys);
void chk_smt_flag_queries(sx *x, mdl_vec *keys);
void chk_smt_double_sets(sx *x, mdl_vec *keys, const mdl_vec *stuck);
void chk_smt_xcore(sx *x, mdl_vec *recs, uint32_t *nextnode);
void chk_smt_xcore_queries(sx *x, mdl_vec *recs);
void chk_smt_xrecs_free(mdl_vec *recs);

/* chk_smt_race.c: the cycle query, the certain-order graph (must_*),
** the race queries */
void chk_smt_cycles(sx *x);
void chk_smt_must_ctx(sx *x, uint32_t ga, uint32_t gb, Z3_ast on);
bool chk_smt_must_exists(sx *x, uint32_t r);
bool chk_smt_must_path(sx *x, uint32_t from, uint32_t to);
void chk_smt_races(sx *x);

#endif
