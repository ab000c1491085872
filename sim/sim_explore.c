/*
** sim_explore.c -- sim_run: the nominal run, the jittered runs (each
** latency scaled by a factor drawn uniformly from [0.5, 2] by splitmix64,
** deterministic for a seed) and the replay of a forced pair; merges the
** findings of all runs with the number of runs that hit each.
*/
#include "sim_int.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *sim_strerror(int code) {
  switch (code) {
  case SIM_OK: return "ok";
  case SIM_ENOTCONCRETE:
    return "the kernel has branches or trip counts unknown at compile time; "
           "the simulator runs only concrete kernels";
  case SIM_ESYMBOLIC:
    return "a sync uses an event id or flag computed at run time";
  case SIM_EPARTNER:
    return "cross-core sync in a kernel whose partner cores are not in this "
           "input";
  default: return "the kernel is not unrolled or an option is invalid";
  }
}

void sim_options_default(sim_options *o) {
  memset(o, 0, sizeof *o);
  o->seed = 1;
  o->runs = 1;
  o->jitter = true;
  sim_costs_default(&o->costs);
  o->force_a = o->force_b = o->hold = SIM_NONE;
  o->delay_set = o->delay_after = SIM_NONE;
  o->count_pairing = false;
  o->count_pairing_free = SIM_NONE;
  o->flags = MDL_FLAGS_COUNT;
}

void sim_result_free(sim_result *r) {
  mdl_vec_free(&r->findings);
  mdl_vec_free(&r->stuck);
  free(r->issue);
  free(r->start);
  free(r->end);
  free(r->released_by);
  memset(r, 0, sizeof *r);
}

static uint64_t splitmix64(uint64_t *st) {
  uint64_t z = (*st += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* Factor of every instance in run `run`: state seed ^ (run << 32), one
** draw per instance in instance order, u in [0, 1) from the top 53 bits,
** factor 0.5 + 1.5 u. */
static void draw_factors(uint64_t seed, uint32_t run, double *f, uint32_t n) {
  uint64_t st = seed ^ ((uint64_t)run << 32);
  for (uint32_t i = 0; i < n; i++) {
    double u = (double)(splitmix64(&st) >> 11) * (1.0 / 9007199254740992.0);
    f[i] = 0.5 + 1.5 * u;
  }
}

static int check_kernel(const mdl_kernel *k) {
  if (!k->unrolled || k->limit_hit || k->input_error)
    return SIM_EINVAL;
  if (!k->concrete)
    return SIM_ENOTCONCRETE;
  bool has_x = false;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    bool sync = in->kind == MDL_I_SET || in->kind == MDL_I_WAIT ||
                in->kind == MDL_I_BSET || in->kind == MDL_I_BWAIT;
    if (sync && in->id == -1)
      return SIM_ESYMBOLIC;
    has_x |= in->kind == MDL_I_BSET || in->kind == MDL_I_BWAIT;
  }
  if (has_x && k->kind != MDL_KIND_MIX && !k->open)
    return SIM_EPARTNER; /* (a lone half is open: sim_run.c) */
  return SIM_OK;
}

static uint32_t stmt_of(const mdl_kernel *k, uint32_t i) {
  return i == SIM_NONE ? SIM_NONE : mdl_inst_at(k, i)->stmt;
}

/* Merges one run's findings into r (one per rule and statement pair). */
static void merge(const mdl_kernel *k, sim_result *r, mdl_vec *last_run,
                  const sim_sched *s, uint32_t run) {
  if (s->findings.len)
    r->runs_with_findings++;
  for (uint32_t j = 0; j < s->findings.len; j++) {
    const sim_finding *f = &MDL_VEC_AT(s->findings, sim_finding, j);
    uint32_t sb = stmt_of(k, f->b), sa = stmt_of(k, f->a);
    uint32_t found = SIM_NONE;
    for (uint32_t x = 0; x < r->findings.len && found == SIM_NONE; x++) {
      const sim_finding *g = &MDL_VEC_AT(r->findings, sim_finding, x);
      if (g->rule == f->rule && stmt_of(k, g->b) == sb &&
          stmt_of(k, g->a) == sa)
        found = x;
    }
    if (found == SIM_NONE) {
      sim_finding *g = mdl_vec_push(&r->findings, sizeof *g);
      *g = *f;
      g->run = run;
      g->runs = 1;
      *(uint32_t *)mdl_vec_push(last_run, sizeof(uint32_t)) = run;
    } else if (MDL_VEC_AT(*last_run, uint32_t, found) != run) {
      MDL_VEC_AT(*last_run, uint32_t, found) = run;
      MDL_VEC_AT(r->findings, sim_finding, found).runs++;
    }
  }
  if (s->deadlock && !r->stuck.len)
    for (uint32_t j = 0; j < s->stuck.len; j++)
      *(sim_stuck *)mdl_vec_push(&r->stuck, sizeof(sim_stuck)) =
          MDL_VEC_AT(s->stuck, sim_stuck, j);
}

/* Keeps run 0's schedule and figures in r. */
static void keep(const sim_plan *p, sim_sched *s, sim_result *r) {
  sim_figures(p, s, r);
  r->n = p->n;
  r->issue = s->issue;
  r->start = s->start;
  r->end = s->end;
  r->released_by = s->released_by;
  s->issue = s->start = s->end = NULL;
  s->released_by = NULL;
}

static double sim_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void stats(sim_result *r, int64_t total, double *sum) {
  if (!r->runs || total < r->min_total)
    r->min_total = total;
  if (!r->runs || total > r->max_total)
    r->max_total = total;
  r->runs++;
  *sum += (double)total;
  r->mean_total = *sum / r->runs;
}

static void replay(const sim_plan *p, const sim_options *o, sim_result *r) {
  sim_options ro = *o;
  ro.costs.queue_depth = 0; /* the static model's queues are unbounded */
  sim_sched s;
  sim_execute(p, &ro, NULL, SIM_NONE, 0, &s);
  int64_t big = 2 * s.total + 1000;
  sim_sched_free(&s);
  r->replay = true;
  /* stretch a, then b; then, with one-bit flags, the same under count
     pairing (a set lost to a double set would otherwise order what the
     static engines do not; counting flags lose no set) */
  uint32_t order[2] = {o->force_a, o->force_b};
  int tries = o->flags == MDL_FLAGS_BIT ? 4 : 2;
  for (int t = 0; t < tries; t++) {
    ro.count_pairing = t >= 2;
    sim_execute(p, &ro, NULL, order[t & 1], big, &s);
    bool hit = sim_find_races(p, &s, o->force_a, o->force_b);
    if (hit || t == tries - 1) {
      r->count_pairing = ro.count_pairing;
      r->replay_hit = hit;
      r->stretched = order[t & 1];
      mdl_vec last = {0};
      merge(p->k, r, &last, &s, 0);
      mdl_vec_free(&last);
      double sum = 0;
      stats(r, s.total, &sum);
      keep(p, &s, r);
      sim_sched_free(&s);
      return;
    }
    sim_sched_free(&s);
  }
}

/* Replay of a flag finding: the waits of the held set's flag wait until
** the rest of the kernel has run. */
static void replay_hold(const sim_plan *p, const sim_options *o,
                        sim_result *r) {
  const mdl_kernel *k = p->k;
  sim_options ro = *o;
  ro.costs.queue_depth = 0;
  sim_options plain = ro;
  plain.hold = plain.delay_set = plain.delay_after = SIM_NONE;
  sim_sched s;
  sim_execute(p, &plain, NULL, SIM_NONE, 0, &s);
  int64_t big = 2 * s.total + 1000;
  sim_sched_free(&s);
  sim_execute(p, &ro, NULL, SIM_NONE, big, &s);
  sim_find_races(p, &s, SIM_NONE, SIM_NONE);
  r->replay = true;
  r->held = o->hold;
  r->held_until = big;
  /* a hit: a flag finding at the held set's statement, or any flag
     finding when a single wait was held or a set delayed */
  const mdl_inst *h = o->hold != SIM_NONE ? mdl_inst_at(k, o->hold) : NULL;
  bool set = h && (h->kind == MDL_I_SET || h->kind == MDL_I_BSET);
  for (uint32_t j = 0; j < s.findings.len; j++) {
    const sim_finding *f = &MDL_VEC_AT(s.findings, sim_finding, j);
    if ((f->rule == MDL_RULE_DOUBLE_SET || f->rule == MDL_RULE_FLAG_OVERFLOW) &&
        (!set || mdl_inst_at(k, f->b)->stmt == h->stmt))
      r->replay_hit = true;
  }
  mdl_vec last = {0};
  merge(k, r, &last, &s, 0);
  mdl_vec_free(&last);
  double sum = 0;
  stats(r, s.total, &sum);
  keep(p, &s, r);
  sim_sched_free(&s);
}

int sim_run(const mdl_kernel *k, const sim_options *o, sim_result *r) {
  memset(r, 0, sizeof *r);
  r->stretched = r->held = SIM_NONE;
  int rc = check_kernel(k);
  if (rc)
    return rc;
  if ((o->force_a == SIM_NONE) != (o->force_b == SIM_NONE) ||
      (o->force_a != SIM_NONE &&
       (o->force_a >= k->insts.len || o->force_b >= k->insts.len)))
    return SIM_EINVAL;
  sim_plan p;
  if (sim_plan_build(k, &o->costs, &p)) {
    sim_plan_free(&p);
    return SIM_EINVAL;
  }
  if (o->delay_set != SIM_NONE &&
      (o->delay_set >= k->insts.len || o->delay_after >= k->insts.len ||
       mdl_inst_at(k, o->delay_set)->kind != MDL_I_SET)) {
    sim_plan_free(&p);
    return SIM_EINVAL;
  }
  if (o->hold != SIM_NONE || o->delay_set != SIM_NONE) {
    const mdl_inst *h = o->hold < k->insts.len ? mdl_inst_at(k, o->hold)
                                               : NULL;
    if ((o->hold != SIM_NONE &&
         (!h || (h->kind != MDL_I_SET && h->kind != MDL_I_BSET &&
                 h->kind != MDL_I_WAIT && h->kind != MDL_I_BWAIT))) ||
        o->force_a != SIM_NONE) {
      sim_plan_free(&p);
      return SIM_EINVAL;
    }
    replay_hold(&p, o, r);
    sim_plan_free(&p);
    return SIM_OK;
  }
  if (o->force_a != SIM_NONE) {
    replay(&p, o, r);
    sim_plan_free(&p);
    return SIM_OK;
  }
  uint32_t runs = o->runs ? o->runs : 1;
  double *factor = malloc((p.n ? p.n : 1) * sizeof *factor);
  mdl_vec last = {0};
  double sum = 0;
  for (uint32_t run = 0; run < runs; run++) {
    if (run > 0 && o->deadline > 0 && sim_now() > o->deadline) {
      r->cut = true; /* out of time: the runs so far stand */
      break;
    }
    bool jit = run > 0 && o->jitter;
    if (jit)
      draw_factors(o->seed, run, factor, p.n);
    sim_sched s;
    sim_execute(&p, o, jit ? factor : NULL, SIM_NONE, 0, &s);
    sim_find_races(&p, &s, SIM_NONE, SIM_NONE);
    r->cut |= s.pairs_cut;
    merge(k, r, &last, &s, run);
    stats(r, s.total, &sum);
    if (run == 0)
      keep(&p, &s, r);
    sim_sched_free(&s);
  }
  mdl_vec_free(&last);
  free(factor);
  sim_plan_free(&p);
  return SIM_OK;
}
