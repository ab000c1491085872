/*
** sim_int.h -- internals shared by the simulator's files: the static plan
** of every instance (its role, chain, and the constraints SEMANTICS.md
** section 5 puts on its start, exactly as checker/chk_graph.c builds
** them), and one run's schedule.
*/
#ifndef KSV_SIM_INT_H
#define KSV_SIM_INT_H

#include "sim.h"

/* What an instance does in the machine. */
typedef enum {
  SR_SKIP,     /* invalid sync: compiled out, absent */
  SR_NOPIPE,   /* on no real pipe: issued, nothing else */
  SR_OP,       /* data op on its pipe */
  SR_SET,      /* set_flag: side event of its pipe */
  SR_BSET,     /* sync_block_set: side event of its pipe */
  SR_WAIT,     /* wait_flag: member of the dst pipe (PIPE_S: scalar) */
  SR_BWAIT,    /* sync_block_wait on a pipe (a5) */
  SR_BWAIT_S,  /* sync_block_wait that stops the scalar unit */
  SR_BAR,      /* pipe_barrier(P) */
  SR_BAR_ALL,  /* pipe_barrier(PIPE_ALL) */
  SR_SYNC_ALL  /* sync_block: every core meets */
} sim_role;

/* Node of a time: what bound a start (critical path). */
#define SIM_N_END 0u
#define SIM_N_START 1u
#define SIM_N_ISSUE 2u
#define SIM_NODE(i, t) (((i) << 2) | (t))
#define SIM_NODE_NONE UINT32_MAX

typedef struct {
  uint8_t role;
  uint8_t chain;            /* chain index core * MDL_NPIPE + pipe, 0xff */
  bool scalar_block;        /* the next issue waits for its end */
  uint32_t pos;             /* 1-based position in its chain */
  uint32_t need_front;      /* own chain: members 1..need_front ended */
  uint32_t need_end;        /* an instance that must have ended */
  uint8_t after_ch;         /* C(after): chain and position, 0xff none */
  uint32_t after_pos;
  uint8_t uf_ch;            /* unit flag: C(previous unit-flag op) */
  uint32_t uf_pos;
  uint8_t fch;              /* sets / sync_all: chain whose frontier */
  uint32_t fneed;           /* ... must reach this position */
  uint32_t allneed;         /* PIPE_ALL: index into plan.allneed */
  uint32_t ordinal;         /* SYNC_ALL: its number on its core */
} sim_iplan;

typedef struct {
  const mdl_kernel *k;
  uint32_t n;
  sim_iplan *ip;
  uint32_t nch;             /* ncores * MDL_NPIPE */
  uint32_t *members;        /* per chain, member instances (CSR) */
  uint32_t *moff;           /* nch + 1 */
  uint32_t *sets;           /* per chain, sets firing on its frontier */
  uint32_t *soff;           /* nch + 1 */
  mdl_vec allneed;          /* uint32_t[MDL_NPIPE] per PIPE_ALL sync */
  uint32_t nsync[3];        /* SYNC_ALL instances per core */
  double *cost;             /* nominal op durations */
} sim_plan;

int sim_plan_build(const mdl_kernel *k, const sim_costs *c, sim_plan *p);
void sim_plan_free(sim_plan *p);

/* One run's schedule and flag events. */
typedef struct {
  int64_t *issue, *start, *end;  /* -1 = never */
  uint32_t *released_by;         /* waits */
  uint32_t *spred;               /* node that bound the start */
  uint32_t *ipred;               /* node that bound the issue */
  bool *done;
  mdl_vec findings;              /* sim_finding of this run (flags) */
  mdl_vec stuck;                 /* sim_stuck */
  bool deadlock;
  bool pairs_cut;                /* race detection stopped at SIM_PAIRS_MAX */
  int64_t total;
} sim_sched;


/* Executes one run: factor[i] scales instance i's latency (NULL: 1);
** stretch (SIM_NONE or an instance) gets duration big.  OUT: s. */
/* o->hold (a set instance, or SIM_NONE): waits on its flag are held
** until cycle big.  o->flags: counting or one-bit flags. */
void sim_execute(const sim_plan *p, const sim_options *o,
                 const double *factor, uint32_t stretch, int64_t big,
                 sim_sched *s);
void sim_sched_free(sim_sched *s);

/* ------------------------------------------------- engine state (sim_run.c) */

#define NFLAG_ID 8   /* event ids 0..7 */
#define NXFLAG 16    /* cross-core flags 0..15 */

enum { EV_END, EV_VISIBLE, EV_WAKE };  /* event kinds */

typedef struct {
  int64_t t;
  uint64_t seq;
  uint32_t x;
  uint8_t kind;
} sim_event;

typedef struct {
  sim_event *a;
  uint32_t n, cap;
  uint64_t seq;
} sim_heap;

typedef struct {
  uint32_t issued, started, front;
  uint32_t sets_issued, sets_fired;
  uint32_t *pmax;            /* pmax[p]: latest-ending of members 1..p */
} sim_chain_st;

typedef struct {
  uint32_t next;             /* next instance to issue (relative) */
  int64_t ready;             /* earliest time of the next issue */
  uint32_t ready_node;       /* node that bound ready */
  uint32_t blocked_by;       /* scalar-blocking instance not yet ended */
  bool stalled;              /* head's queue full */
  int64_t wake;              /* pending wake-up time, -1 */
  uint32_t arrived;          /* SYNC_ALLs that have arrived */
} sim_core_st;

typedef struct {
  uint8_t v;                 /* bit model: set */
  uint32_t owner;            /* the last set that landed */
  uint32_t lost1;            /* bit model: 1 + the last set that landed
                                on v = 1 */
  uint32_t released;         /* waits it released */
  mdl_vec landed;            /* count model: uint32_t sets in landing
                                order; [released, len) are pending and
                                the next wait takes landed[released] */
} sim_flag1;

typedef struct {
  const sim_plan *p;
  const mdl_kernel *k;
  const sim_options *o;
  const double *factor;
  uint32_t stretch;
  int64_t big;
  sim_sched *s;
  sim_heap h;
  sim_chain_st *ch;
  sim_core_st cs[3];
  sim_flag1 *flags;          /* [core][src][dst][id] */
  int32_t xcnt[3][NXFLAG];   /* counter per (receiving core, flag) */
  uint32_t xlast[3][NXFLAG]; /* last set that bumped it */
  uint32_t xsent[3][NXFLAG][3]; /* sets per (receiver, flag, sender) */
  uint32_t xincs[3][NXFLAG];
  uint32_t xwaited[3][NXFLAG];  /* waits released per counter */
  bool xopen[3][NXFLAG];     /* a lone half: the counter is the missing
                                partner's (it has an open wait) */
  int64_t now;
  uint32_t *dep;             /* per set: a wait it lands after, or NULL */
  uint32_t *po_prev;         /* count model, per set: the previous set of
                                its flag when no wait of it lies between
                                them in program order, else SIM_NONE */
  mdl_vec deferred;          /* sets waiting for their dep */
} sim_engine;

/* Does sync_block_set instance x bump the counter of core r? */
bool sim_xfeeds(const mdl_kernel *k, const mdl_inst *x, uint32_t r);
/* The flag of a set_flag / wait_flag instance. */
sim_flag1 *sim_flag_of(sim_engine *R, const mdl_inst *in);
sim_finding *sim_add_finding(sim_engine *R, mdl_rule rule, uint32_t b,
                             uint32_t a);
/* A run that stopped with instances left: the stuck pipes and the
** deadlock findings (sim_stuck.c). */
void sim_report_stuck(sim_engine *R);

/* Appends this run's races to s->findings; true when instances fa and fb
** (SIM_NONE: none) overlapped with a conflict. */
bool sim_find_races(const sim_plan *p, sim_sched *s, uint32_t fa,
                    uint32_t fb);

/* Figures of a run into r (busy, overlap, critical path). */
void sim_figures(const sim_plan *p, const sim_sched *s, sim_result *r);

#endif
