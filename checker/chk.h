/*
** chk.h -- the checker: decides every rule on an unrolled kernel and
** appends findings to a diagnostics list.  It never prints.
*/
#ifndef KSV_CHK_H
#define KSV_CHK_H

#include "../model/mdl.h"

/* What one chk_graph() call spent, per phase (chk_options.stats). */
typedef struct {
  double build_s;        /* nodes, edges, flag matching, CSR */
  double order_s;        /* topological sort, vector clocks */
  double check_s;        /* flag checks, races, --explain */
  double redundant_s;    /* the redundant-sync search */
  uint64_t nodes, edges; /* of the main analysis */
  uint32_t reruns;       /* analyses run by the redundant-sync search */
  uint32_t queries;      /* SMT: solver queries asked */
  uint32_t pruned;       /* SMT: queries a path of certain edges decided */
  uint32_t outcomes;     /* graph, symbolic kernel: outcomes enumerated */
  uint32_t prefix_insts; /* graph: the instances of the prefix the
                            redundant-sync search ran on (0: none) */
  bool prefix_kept;      /* its result held for the whole kernel (else the
                            search ran on the whole kernel) */
} chk_stats;

typedef struct {
  bool explain;          /* add notes naming the sync that orders safe pairs */
  bool redundant;        /* search for redundant waits and barriers */
  uint64_t redundant_budget; /* max instances x sync statements for it */
  uint32_t timeout_ms;   /* SMT engine: per query */
  uint32_t budget_s;     /* SMT engine: solver seconds per kernel, all
                            queries together (0: none) */
  uint32_t sym_bound;    /* iterations unrolled for unknown trip counts */
  uint32_t max_memory_mb; /* graph: its clocks; SMT: Z3's memory_max_size
                            (0: no limit) */
  uint32_t max_findings; /* findings (statement pairs, each sync finding)
                            the kernel may still record: the driver keeps
                            every finding of a file until the reports, at
                            about CHK_FINDING_BYTES each, in a sixteenth of
                            --max-memory-mb (ksv_findings_room).  The race
                            search stops there (docs/limits.md); the SMT
                            engine's kernel is then unknown.  UINT32_MAX:
                            no limit */
  uint32_t enum_max;     /* graph engine: at most this many outcomes of a
                            symbolic kernel's branches and trip counts are
                            enumerated (more: chk_enum declines) */
  bool valuations;       /* SMT: keep each witness's values in the
                            diagnostic (mdl_diag.val), for replay */
  mdl_flag_model flags;  /* intra-core flags count (default) or are one
                            bit (--flag-model bit): which double sets are
                            findings, and their severity */
  chk_stats *stats;      /* OUT (NULL: not measured): chk_graph phases */
  /* Graph engine: can accesses a and b of one memory, with different
  ** symbolic bases, share a byte?  1 yes (*val: the values that make them
  ** meet, or NULL; the finding owns it; val NULL: no witness wanted), 0
  ** no, -1 undecided (the verdict is then unknown).  NULL: they may
  ** (conservative).  Set by the
  ** enumeration of outcomes (chk_enum.c) to the SMT value oracle. */
  int (*alias)(void *ctx, const mdl_access *a, const mdl_access *b,
               mdl_valuation **val);
  const char *(*alias_why)(void *ctx); /* what the oracle left undecided */
  /* Graph engine, a copy of one outcome with open literals (mdl_kernel.
  ** resid): can an instance under guard ga (of the symbolic kernel; 0:
  ** none) run together with one under gb, with their accesses a and b
  ** sharing a byte?  1 yes (*val, *text: the values and a description of
  ** that execution, or NULL; the finding owns them; val NULL: no witness
  ** wanted, which is cheaper), 0 no, -1 undecided.
  ** Set by the enumeration of outcomes (chk_enum.c). */
  int (*coexist)(void *ctx, uint32_t ga, uint32_t gb, const mdl_access *a,
                 const mdl_access *b, mdl_valuation **val, char **text);
  /* Graph engine, redundant-sync search: are the sync statements dis
  ** (by statement id) also removable together from the kernels the one
  ** searched stands for?  NULL: nothing else to verify. */
  bool (*redundant_verify)(void *ctx, const uint8_t *dis);
  /* Graph engine, redundant-sync search: the kernel whose sync statements
  ** and groups are searched (the symbolic kernel an outcome was copied
  ** from: a group is every statement of a flag in any outcome); NULL: the
  ** checked one. */
  const mdl_kernel *group_kernel;
  void *alias_ctx;
  /* OUT (NULL: not wanted): what the verdict covers of each loop whose
  ** trip count is not known (mdl_loop_proof, docs/loops.md), and the
  ** trip bound K with which the graph engine could prove every trip count
  ** (or show the counterexample), when larger than the one unrolled. */
  mdl_vec *proofs;
  uint32_t *want_bound;
  /* A time limit (chk_wall() seconds; 0: none): the graph engine's
  ** outcomes and every solver query past it are undecided, so the verdict
  ** is unknown.  The driver sets it for the longer run a proof asks for,
  ** whose result is kept only when it decides. */
  double deadline;
} chk_options;

/* CPU seconds of the calling thread: the clock of chk_stats (robust on a
** loaded machine and with -j). */
double chk_now(void);
/* Monotonic wall seconds: the clock of chk_options.deadline (Z3's query
** timeouts count wall time too). */
double chk_wall(void);

void chk_options_default(chk_options *o);

/* What one finding costs the driver until the reports are written, as
** --max-memory-mb counts it: the engine's record, the diagnostic (its
** message, related location, witness and steps), its fingerprint, site
** and root-cause entry (about 1.2 KB measured on a race; docs/limits.md). */
#define CHK_FINDING_BYTES 2048u

/* Checks k (unrolled, concrete).  Appends findings to out.  Returns the
** verdict for the unit; *note receives a malloc'd explanation or NULL. */
mdl_verdict chk_graph(const mdl_kernel *k, const chk_options *o,
                      mdl_diags *out, char **note);

/* The graph engine on a symbolic kernel: enumerates the possible outcomes
** of its branches and trip counts (trip counts up to k->trip_bound), at
** most o->enum_max, and decides each concrete copy exactly (chk_enum.c).
** Returns false, having written nothing to out, when it does not apply
** (run-time event ids or flags, more outcomes than o->enum_max): then
** *declined says why (malloc'd) and *verdict and *note are unset.
** Otherwise the contract of chk_graph. */
bool chk_enum(const mdl_kernel *k, const chk_options *o, mdl_diags *out,
              char **note, mdl_verdict *verdict, char **declined);

/* The SMT engine declines kernels of more instances (unknown): Z3 takes
** minutes to build and push their encoding (docs/limits.md). */
#define CHK_SMT_MAX_INSTANCES 20000u

/* The SMT engine (Z3): decides k for every branch outcome and trip count
** its guards allow (trip counts up to o->sym_bound).  Same contract. */
mdl_verdict chk_smt(const mdl_kernel *k, const chk_options *o,
                    mdl_diags *out, char **note);

/* Gives every diagnostic of k from out->items[first] on that has no
** witness steps yet (the notes and warnings an engine writes without a
** finding record: the SMT engine's --explain notes and redundant syncs)
** one step per location it names, its related locations first, on the
** core and pipe of the first instance there.  Unknown and bad-input
** diagnostics get none (chk_steps.c). */
void chk_steps_locate(const mdl_kernel *k, mdl_diags *out, uint32_t first);

/* The version of the Z3 library linked in (Z3_get_full_version), for
** `ksv --version`: only the checker links Z3. */
const char *chk_z3_version(void);

#endif
