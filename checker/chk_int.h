/*
** chk_int.h -- internals shared by the two engines of the checker (not
** part of chk.h): the intra-core skeleton of the happens-before graph,
** the finding record and its rendering, and the static sync checks.
**
** Nodes: instance i has an issue node 4i, a start 4i+1, an end 4i+2 and a
** chain frontier 4i+3 ("every instance of its pipe chain up to i has
** ended").  An edge x -> y means time(x) <= time(y); cond names the
** instance whose existence the edge needs (NONE: it holds whenever its
** endpoints are defined -- an absent instance still passes its chain's
** order on, and imposes nothing of its own).
*/
#ifndef KSV_CHK_INT_H
#define KSV_CHK_INT_H

#include "../model/mdl.h"
#include "chk.h"

#define NONE UINT32_MAX
#define NI(i) (4 * (i))
#define NS(i) (4 * (i) + 1)
#define NE(i) (4 * (i) + 2)
#define NC(i) (4 * (i) + 3)

typedef struct {
  uint32_t from, to, cond;
} chk_edge;

typedef struct {
  mdl_vec edges;             /* chk_edge */
  uint32_t *chain;           /* per instance: pipe chain id or NONE */
  uint32_t *pos;             /* per instance: 1-based position in chain */
  uint32_t nnodes;           /* 4 * instances */
} chk_skel;

/* Intra-core edges of every core (issue order, pipes, barriers, macro
** parts, unit flags, sets after their pipe); no flag matching.  Syncs
** disabled by statement id, and invalid syncs, are left out. */
void chk_skeleton(const mdl_kernel *k, const uint8_t *disabled, chk_skel *sk);
void chk_skel_free(chk_skel *sk);

/* A sync the toolchain keeps (valid pipes and ids). */
bool chk_sync_valid(const mdl_kernel *k, const mdl_inst *in);

typedef struct {
  mdl_rule rule;             /* MDL_RULE_COUNT: dropped */
  bool error;                /* severity error whatever the rule's
                                (double-set under --flag-model bit) */
  uint32_t a, b;             /* instances: b primary, a related (NONE) */
  uint32_t mem;              /* races: memory */
  int64_t lo, hi;
  uint8_t wbits;             /* races: 1 = first writes, 2 = second
                                writes, 4 = b is the second */
  char *msg;                 /* full message (non-race rules) */
  char *witness;             /* engine's witness, appended (may be NULL) */
  mdl_valuation *val;        /* SMT: the witness's atom values, or NULL */
  mdl_vec related;           /* uint32_t instances (cycle members) */
  mdl_vec sched;             /* chk_sched: SMT schedule of the instances
                                the witness names (empty: none) */
  bool outcome_in_witness;   /* witness (and val) describe a whole
                                execution, the outcome's values too */
  uint32_t extra;            /* further instance pairs of the same rule
                                and statement pair folded into this one
                                (the graph engine's races) */
} chk_finding;

/* When an instance runs in an SMT witness's schedule. */
typedef struct {
  uint32_t inst;
  int64_t t0, t1;            /* start, end */
} chk_sched;

/* Appends to d the witness step of instance inst: its location, core and
** pipe, op name and where it runs; its times when sched (chk_sched, may
** be NULL) has them (chk_steps.c). */
void chk_step_inst(const mdl_kernel *k, mdl_diag *d, uint32_t inst,
                   mdl_step_role role, bool primary, const mdl_vec *sched);
/* The witness steps of finding f, in witness order: the earlier access
** then the later one (races), the previous set then the set (double
** set), the waits of a cycle (deadlock). */
void chk_finding_steps(const mdl_kernel *k, const chk_finding *f,
                       mdl_diag *d);

/* Renders findings as diagnostics: one per (rule, statement pair), with
** the count of further instances.  Counts errors and warnings. */
/* The source statement of instance statement stmt (mdl_stmt.src): what
** findings are keyed by, so the copies of one C++ call are one. */
static inline uint32_t chk_src(const mdl_kernel *k, uint32_t stmt) {
  return MDL_VEC_AT(k->stmts, mdl_stmt *, stmt)->src;
}
void chk_emit(const mdl_kernel *k, mdl_vec *findings, mdl_diags *out,
              uint32_t *nerr, uint32_t *nwarn);
void chk_findings_free(mdl_vec *findings);

/* invalid-sync: pipes the core lacks, PIPE_S barriers, ids out of range
** (errors), reserved ids (warnings). */
void chk_invalid(const mdl_kernel *k, mdl_diags *out, uint32_t *nerr,
                 uint32_t *nwarn);

const char *chk_op_name(const mdl_kernel *k, const mdl_inst *in);

/* The message of a program-order double set (--flag-model count) of the
** flag (core, src, dst, id), both engines'.  Caller frees. */
char *chk_po_double_msg(const mdl_kernel *k, uint32_t core, uint8_t src,
                        uint8_t dst, int32_t id);
/* Its witness: the previous set (instance prev, or NONE) and that no wait
** of the flag runs between the two; engine (may be NULL): the engine's
** own witness, appended.  Caller frees. */
char *chk_po_double_witness(const mdl_kernel *k, uint32_t prev,
                            const char *engine);

/* Appends a deadlock finding for a cycle of waits in the concrete graph
** (nnodes nodes, edges es all active); false when there is none. */
bool chk_cycle_finding(const mdl_kernel *k, uint32_t nnodes,
                       const chk_edge *es, uint32_t ne, mdl_vec *findings);

/* The increments the waits of one cross-core counter are sure to follow
** (SEMANTICS.md 4, docs/semantics-decisions.md): waits[0..n) are the
** counter's waits in program order; rank[w] = how many of the earlier
** ones have certainly passed when waits[w] passes, so waits[w] follows
** increment rank[w] (0-based).  A counter is first-come: where a wait
** blocks every pipe (a2) the waits pass in program order and rank[w] = w;
** where it blocks only its pipe (a5) only the earlier waits on its pipe
** and the earlier PIPE_S waits (which hold up issue) are sure to pass
** first. */
void chk_xwait_ranks(const mdl_kernel *k, const uint32_t *waits, uint32_t n,
                     uint32_t *rank);

/* The sender side of a cross-core counter: sets[0..n) are one sender
** core's sets of the counter in program order.  A set fires when the
** earlier instructions of its own pipe have ended, so sets on different
** pipes fire in any order: rank[j] = how many of the others can fire
** before sets[j] (the earlier ones on its pipe and every one on another
** pipe).  sets[j] is then among the first rank[j]+1 firings, and the
** (m+1)-th increment follows it whenever rank[j] <= m.  Returns whether
** the sets use more than one pipe (with one pipe, rank[j] = j). */
bool chk_xset_ranks(const mdl_kernel *k, const uint32_t *sets, uint32_t n,
                    uint32_t *rank);

/* Incomplete programs (chk_open.c).  Is the cross-core counter (receiving
** core r, flag f) of a lone half fed by the missing partner (one of its
** waits is open)?  Then it is not matched and not checked. */
bool chk_open_counter(const mdl_kernel *k, uint32_t r, int32_t f);
/* Was core's program cut after the first iterations of a loop past the
** unroll budget?  Then its flags' end-of-kernel checks are not decided. */
bool chk_cut_core(const mdl_kernel *k, uint32_t core);
/* In a kernel with a cut core: the instances behind (reachable from the
** release of) a wait that may still wait when a cut prefix ends, over the
** edges of both lists (nnodes nodes).  Returns a malloc'd mark per
** instance, or NULL when there is no such wait; *first_cut: the first
** such wait, or NONE. */
uint8_t *chk_behind_cut(const mdl_kernel *k, uint32_t nnodes,
                        const chk_edge *e1, uint32_t n1, const chk_edge *e2,
                        uint32_t n2, uint32_t *first_cut);
/* Drops (rule MDL_RULE_COUNT) the races, double sets and overflows with
** an instance behind such a wait; returns how many (rule, statement pair)
** findings were dropped. */
uint32_t chk_drop_behind(const mdl_kernel *k, const uint8_t *behind,
                         mdl_vec *findings);
/* The verdict note of an incomplete program (k->open or k->cut_cores):
** what was not checked and why; undecided findings dropped behind the
** wait first_cut (NONE).  Caller frees. */
char *chk_incomplete_note(const mdl_kernel *k, uint32_t undecided,
                          uint32_t first_cut);
/* Puts that note (when k is incomplete) before the verdict note *note
** ("incomplete; rest"), *note malloc'd or NULL. */
void chk_note_incomplete(const mdl_kernel *k, uint32_t undecided,
                         uint32_t first_cut, char **note);

/* The redundant-sync search's unit of removal for st (both engines): a
** barrier, or a wait with every set and wait of the flags it uses, with
** their copies, marked in grp (by statement id); grp[st] = 2 when the
** flags are shared with implicit syncs (not removable).  chk_groups
** indexes the flags of k once, for many statements (chk_redundant.c). */
typedef struct chk_groups chk_groups;
chk_groups *chk_groups_new(const mdl_kernel *k);
void chk_groups_free(chk_groups *x);
void chk_group_of(const chk_groups *x, const mdl_stmt *st, uint8_t *grp);
void chk_sync_group(const mdl_kernel *k, const mdl_stmt *st, uint8_t *grp);

/* ---------------------------------------------- enumerated outcomes */

/* One dimension of a symbolic kernel's outcomes: the trip count of the
** loops whose "trip > k" literals use form (kind 1; values 0..trip bound,
** 0 standing for every count <= 0), or a branch condition (kind 0;
** values 0 and 1). */
typedef struct {
  uint8_t kind;
  uint32_t form;
  mdl_loc loc;               /* the first literal's statement */
  int64_t nvalues;
} chk_dim;

/* The SMT engine's encoding of a kernel's values without its instances
** (chk_smt.c): which outcomes of the dimensions are possible, and whether
** two symbolic byte ranges can overlap under one.  Undecided answers
** (-1) are counted; chk_vals_unknown says what the first was. */
/* How a graph-engine note that its race search stopped begins (chk_graph.c
** races_cut): the enumeration keeps it in a symbolic kernel's note. */
#define CHK_RACES_CUT "the race search stopped after"

typedef struct chk_vals chk_vals;
chk_vals *chk_vals_new(const mdl_kernel *k, const chk_options *o);
void chk_vals_free(chk_vals *v);
/* Assumes dims[i] has values[i] until chk_vals_pop: 1 possible (*val and
** *text, when not NULL, get a witness: atom values, and a description;
** the caller frees both), 0 impossible (pop it anyway), -1 undecided. */
int chk_vals_assume(chk_vals *v, uint32_t n, const chk_dim *dims,
                    const int64_t *values, mdl_valuation **val, char **text);
void chk_vals_pop(chk_vals *v);
/* Can trip-count dimension d (dims[d].nvalues - 1 = K, the trip bound)
** pass K where no outcome of outs[0..nouts) matches the other dimensions
** (at_k: no outcome with d at K; a trip count K there stands for every
** longer one)?  Asked without the bound the oracle's other questions
** assume, at the base level (nothing assumed).  1 yes: those runs are not
** checked; 0; -1. */
int chk_vals_beyond(chk_vals *v, const chk_dim *dims, uint32_t ndims,
                    uint32_t d, const int64_t *const *outs, uint32_t nouts,
                    bool at_k);
/* Does some run pass K = bound iterations of the loop whose trip count is
** form, where no run within the bound enters it (the same bounds wrapping
** past block 0: block 0 runs it 2^64 - 1 times, the others never)?  Then
** its body is checked in no run at all.  1 yes, 0 no, -1 undecided. */
int chk_vals_unentered(chk_vals *v, uint32_t form, int64_t bound);
/* Under the assumed outcome, can accesses a and b of one memory share a
** byte?  1 (with the values in *val, when not NULL), 0, -1. */
int chk_vals_overlap(chk_vals *v, const mdl_access *a, const mdl_access *b,
                     mdl_valuation **val);
/* Under the assumed outcome, can the guards ga and gb (of the kernel the
** oracle was made for; 0: true) hold together, and, with ranges, accesses
** a and b share a byte?  1 (with the values in *val, every argument and
** the block index and number among them, and a description in *text,
** when not NULL), 0, -1. */
int chk_vals_coexist(chk_vals *v, uint32_t ga, uint32_t gb,
                     const mdl_access *a, const mdl_access *b, bool ranges,
                     mdl_valuation **val, char **text);
/* Under the assumed outcome, can -sb < c + sum coef[i] * atom[i] < sa
** hold (sa, sb -1: no bound on that side)?  1 (with the values in *val,
** when not NULL), 0, -1. */
int chk_vals_meet(chk_vals *v, uint32_t n, const uint32_t *atoms,
                  const int64_t *coefs, int64_t c, int64_t sa, int64_t sb,
                  mdl_valuation **val);
const char *chk_vals_unknown(const chk_vals *v);
/* The solver queries v has asked so far. */
uint32_t chk_vals_queries(const chk_vals *v);

/* Is the concrete kernel k free of errors (and decided) with the sync
** statements dis (by statement id, may be NULL) removed? (chk_graph.c) */
bool chk_graph_clean(const mdl_kernel *k, const chk_options *o,
                     const uint8_t *dis);

/* Every trip count of a loop (chk_loop.c, docs/loops.md): the premises
** under which the statement-level findings of every longer run repeat
** those of the outcomes, checked on the outcome s with the longest run of
** the loops (statement ids loops[0..n), one per core).  ok: they hold:
** from trip count n0 on the findings repeat with period P, so the
** outcomes 0..need-1 decide every trip count.  Else why says which
** premise failed; drift_at, when not 0: a flag's sets and waits do not
** balance over a period, and the trip count from which that shows. */
typedef struct {
  bool ok;
  uint32_t P, s0, w0, R, lag, n0, need;
  uint32_t all_P, all_n0, all_lag; /* certify, ok: over every group of
                                outcomes, the lcm of the periods (0: past
                                4096, or no group reaches the bound) and
                                the largest n0 and lag */
  uint32_t drift_at;
  uint32_t want_iters;       /* !ok: the clocks did not settle within the
                                outcome; a run this long might show it */
  char why[240];
} chk_loop_cert;
bool chk_loop_certify(const mdl_kernel *s, const uint32_t *loops,
                      uint32_t nloops, uint32_t settle, uint32_t pmul,
                      const chk_options *o, chk_loop_cert *out);
/* Premise P2' on the loop statement `loop` of the symbolic kernel k
** (chk_loop_iv.c): every value its body computes from the iteration and
** uses for a branch, a bound, a flag, an address or an index is periodic
** or moves by a fixed stride, for every iteration; *settle: the iteration
** from which its comparisons with constants are decided (the period of
** chk_loop_certify starts there); *pmul: the period is a multiple of it
** (the divisors of the iteration's remainders and quotients).  False with why (of n bytes) when
** not. */
#define CHK_LOOP_SETTLE_MAX 48 /* (64 unrolled at most: room for periods) */
bool chk_loop_iv_check(const mdl_kernel *k, const mdl_stmt *loop,
                       uint32_t *settle, uint32_t *pmul, char *why,
                       size_t n);
/* Premise 2 on the symbolic kernel k: the trip count (form trip) has a
** bound of its own -- an argument or run-time value, with unit
** coefficient, that nothing but the trip count uses -- so the run with
** a longer or shorter trip count and every other value the same exists.
** *thr: the bound is also compared with constants by branches (a
** threshold each: the caller keeps their outcomes apart), allowed only
** when the trip count depends on the bound alone.  False with why (of n
** bytes) when not. */
bool chk_loop_free_trip(const mdl_kernel *k, uint32_t trip, bool *thr,
                        char *why, size_t n);

/* What a symbolic kernel's verdict covers: "proven for trip counts 0..8 of
** the loop at 5:3, both outcomes of the branch at 9:7" (malloc'd). */
char *chk_scope_note(const mdl_kernel *k, bool findings,
                     const mdl_vec *proofs);
/* Adds to proofs (when not NULL) a bounded proof, for the reason why, of
** every loop of unknown trip count in k that has none yet. */
void chk_proofs_bounded(const mdl_kernel *k, mdl_vec *proofs,
                        const char *why);

#endif
