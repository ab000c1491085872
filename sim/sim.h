/*
** sim.h -- the Cube/Vector simulator: executes the unrolled instance
** graph of a concrete kernel (SEMANTICS.md) event by event, with a
** documented cost table (docs/simulator.md), and reports what actually
** happened: cycles, pipe utilisation, Cube/Vector overlap, the critical
** path, and dynamic findings (accesses that overlap in time, stuck pipes,
** double sets, flags left set, counter overflow).
**
** The simulator only reads the kernel.  It links the model and nothing
** else of ksv (jansson only for the trace writer).
*/
#ifndef KSV_SIM_H
#define KSV_SIM_H

#include <stdio.h>
#include "../model/mdl.h"

#define SIM_NONE UINT32_MAX

/* Status codes of sim_run (findings are data, not errors). */
enum {
  SIM_OK = 0,
  SIM_ENOTCONCRETE, /* guards (unknown branches / trip counts) */
  SIM_ESYMBOLIC,    /* an event id or flag computed at run time */
  SIM_EPARTNER,     /* cross-core sync without the partner cores */
  SIM_EINVAL        /* not unrolled, or a bad option */
};
const char *sim_strerror(int code);

/* ------------------------------------------------------------ costs */

/* Cost paths: a fixed start-up plus bytes / bandwidth (M: MACs / rate). */
#define SIM_PATHS(X) \
  X(MTE2, "mte2") X(MTE3, "mte3") X(MTE1, "mte1") X(FIX, "fix") \
  X(V, "v") X(M, "m") X(S, "s") X(S_GM, "s_gm")
typedef enum {
#define X(e, s) SIM_PATH_##e,
  SIM_PATHS(X)
#undef X
  SIM_NPATH
} sim_path;

typedef struct {
  double startup[SIM_NPATH];   /* cycles */
  double bw[SIM_NPATH];        /* bytes per cycle (M: MACs per cycle) */
  double issue;                /* scalar issue cycles per instruction */
  double flag_latency;         /* set_flag fire -> flag visible */
  double xcore_latency;        /* sync_block_set fire -> counter bumped */
  double barrier;              /* pipe_barrier duration */
  double default_bytes;        /* op whose byte count the IR hides */
  uint32_t queue_depth;        /* per-pipe issue queue; 0 = unbounded */
} sim_costs;

void sim_costs_default(sim_costs *c);
/* Sets one "key = value" entry ("mte2.bw", "issue", ...).  Returns 0, or
** -1 for an unknown key or a value out of range. */
int sim_costs_set(sim_costs *c, const char *key, double v);
/* Applies the text of a cost file (len bytes: key = value lines, '#'
** comments) over c.  Returns 0, or -1 with the message in err and where
** it is wrong in *line and *col (from 1): a line that is not key = value,
** a value that is not a number, an unknown key or a bad value, a NUL
** byte. */
int sim_costs_parse(sim_costs *c, const char *text, size_t len,
                    uint32_t *line, uint32_t *col, char *err, size_t n);
/* Nominal duration of an OP instance, in cycles (>= 1). */
double sim_op_cost(const mdl_kernel *k, const sim_costs *c, uint32_t inst);

/* ---------------------------------------------------------- options */

typedef struct {
  uint64_t seed;               /* jitter PRNG seed */
  uint32_t runs;               /* run 0 nominal, runs 1.. jittered */
  bool jitter;                 /* perturb latencies in runs 1.. */
  double deadline;             /* monotonic seconds (CLOCK_MONOTONIC): no
                                  jittered run starts past it (0: none) */
  sim_costs costs;
  /* Replay: force the schedule that lets instances force_a and force_b
  ** overlap (SIM_NONE: no replay).  Replay runs once, unjittered, with
  ** unbounded queues. */
  uint32_t force_a, force_b;
  /* Replay of a flag finding: hold this wait (wait_flag or
  ** sync_block_wait instance), or every wait on the flag that this set
  ** (set_flag or sync_block_set instance) feeds, until the rest of the
  ** kernel has run, so that sets pile up (double-set, flag-overflow).
  ** SIM_NONE: no hold.  Exclusive with force_a/force_b. */
  uint32_t hold;
  /* Replay of a double set: set instance delay_set becomes visible only
  ** once wait instance delay_after has been released (SIM_NONE: none). */
  uint32_t delay_set, delay_after;
  /* Count pairing (the static engines' reading of SEMANTICS.md 3): the
  ** k-th set_flag of a flag lands only once the wait that clears the
  ** (k-1)-th has been released, so no set is ever lost to a double set.
  ** Used by the race replay after a plain stretch showed nothing. */
  bool count_pairing;
  uint32_t count_pairing_free; /* a set exempt from it (the one whose
                                  double set a flag replay wants) */
  /* How flags hold their sets (--flag-model; default COUNT).  COUNT: a
  ** counter of the sets that landed, consumed first come first served; a
  ** set that follows another of its flag with no wait of it between them
  ** in program order is reported (double-set) when it lands.  BIT: one
  ** bit; a set landing on a set flag is lost (double-set). */
  mdl_flag_model flags;
} sim_options;

void sim_options_default(sim_options *o);

/* ---------------------------------------------------------- results */

typedef struct {
  mdl_rule rule;               /* race, pipe-hazard, xcore-race, deadlock,
                                  double-set, unpaired-set, flag-overflow */
  uint32_t b;                  /* primary instance */
  uint32_t a;                  /* related instance, or SIM_NONE */
  int64_t b_start, b_end;      /* simulated [start, end) of b */
  int64_t a_start, a_end;      /* of a (-1 when a never ran) */
  uint32_t mem;                /* races: memory and common bytes */
  int64_t lo, hi;
  bool a_write, b_write;
  uint32_t run;                /* first run that hit it */
  uint32_t runs;               /* how many runs hit it */
  int32_t value;               /* flag-overflow, unpaired cross-core set:
                                  the counter; double-set of counting
                                  flags: the sets pending once it landed;
                                  deadlock: waits on a cycle
                                  of waits (> 0), -1 no set is left for
                                  the wait, 0 otherwise */
} sim_finding;

typedef struct {
  uint8_t core;
  uint8_t pipe;                /* MDL_PIPE_S also for the scalar unit */
  bool scalar;                 /* the core's scalar issue unit */
  uint32_t head;               /* instance at its head */
  bool queue_full;             /* scalar: stalled on a full queue */
} sim_stuck;

typedef struct {
  /* figures of run 0 (nominal, or the replay run) */
  int64_t total;               /* cycles until the last instance ended */
  int64_t busy[3][MDL_NPIPE];  /* cycles with an op executing */
  double overlap;              /* AIC M busy while an AIV V busy / total */
  bool has_overlap;            /* kernel has an AIC and an AIV */
  uint32_t crit_len;           /* instances on the critical path */
  int64_t crit_exec[MDL_NPIPE];/* its cycles executing, per pipe */
  int64_t crit_sync;           /* its cycles in flag latency */
  /* across runs */
  uint32_t runs;
  uint32_t runs_with_findings;
  bool cut;                    /* a budget stopped it short: fewer runs
                                  than asked (sim_options.deadline), or a
                                  run's race detection stopped after
                                  SIM_PAIRS_MAX overlapping pairs */
  int64_t min_total, max_total;
  double mean_total;
  mdl_vec findings;            /* sim_finding, one per (rule, stmt pair) */
  mdl_vec stuck;               /* sim_stuck of the first deadlocked run */
  /* schedule of run 0 (per instance, -1 = never) */
  uint32_t n;
  int64_t *issue, *start, *end;
  uint32_t *released_by;       /* waits: the set that released it */
  /* replay */
  bool replay;                 /* a forced pair / a hold was replayed */
  bool replay_hit;             /* ... and the pair overlapped / the held
                                  set's statement has a flag finding */
  uint32_t stretched;          /* the instance that was stretched */
  bool count_pairing;          /* the replay needed count pairing */
  uint32_t held;               /* hold: the held wait or set, SIM_NONE */
  int64_t held_until;          /* hold: waits released from this cycle */
} sim_result;

/* Overlapping access pairs one run's race detection looks at, at most
** (a loop unrolled to thousands of unsynchronized copies has millions);
** past it the run's findings so far stand and sim_result.cut is set. */
#define SIM_PAIRS_MAX 4000000u

/* Runs the kernel o->runs times (and the replay, if asked).  k must be
** unrolled and concrete.  OUT: r (free with sim_result_free, also after
** an error).  Returns SIM_OK or an error code. */
int sim_run(const mdl_kernel *k, const sim_options *o, sim_result *r);
void sim_result_free(sim_result *r);

/* The rule under which two instances conflict if nothing orders them
** (mdl_conflict_rule of their first conflicting access pair), or -1. */
int sim_conflict_rule(const mdl_kernel *k, uint32_t a, uint32_t b);

/* Of two conflicting instances, the one a race on them is reported at
** (the checker's choice: the later one on one core; across cores the
** reader, else the higher core); SIM_NONE when they do not conflict. */
uint32_t sim_race_primary(const mdl_kernel *k, uint32_t a, uint32_t b);

/* Writes the schedule of run 0 as a Chrome/Perfetto trace (JSON object
** format: traceEvents with complete and flow events).  Returns 0 or -1. */
int sim_trace_write(const mdl_kernel *k, const sim_result *r, FILE *out);

/* Is the sync kept by the toolchain (pipes the core has, ids in range)?
** Invalid syncs are absent from the simulation. */
bool sim_sync_valid(const mdl_kernel *k, uint32_t inst);

/* "load" for "hivm.hir.load": the op name used in messages. */
const char *sim_op_name(const mdl_kernel *k, uint32_t inst);

#endif
