/*
** sim_run.c -- the event-driven execution of one run, and sim_run: the
** nominal run, the jittered runs and the replay of a forced pair.
**
** Per core a scalar unit issues instances in program order (one per
** `issue` cycles) into per-pipe queues (at most `queue_depth` waiting);
** each pipe starts its queue head as soon as the plan's constraints hold
** (sim_plan.c).  Sets become visible `flag_latency` cycles after they
** fire (sync_block_set: `xcore_latency`); a wait at the head of its pipe
** (or at the scalar unit) is released when its flag holds a set, and
** takes it: a flag counts the sets that landed (first come, first
** served), or with --flag-model bit is one bit that a second set cannot
** raise further; cross-core counters count 0..15.  When no event is left and
** instances remain, every stuck pipe is named with the instruction at its
** head (deadlock).
*/
#include "sim_int.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NOCH 0xff

typedef sim_event event;
typedef sim_heap heap;

static bool ev_less(const event *x, const event *y) {
  return x->t < y->t || (x->t == y->t && x->seq < y->seq);
}

static void heap_push(heap *h, int64_t t, uint8_t kind, uint32_t x) {
  if (h->n == h->cap) {
    h->cap = h->cap ? 2 * h->cap : 256;
    event *na = realloc(h->a, h->cap * sizeof *na);
    if (!na)
      abort();
    h->a = na;
  }
  event e = {t, h->seq++, x, kind};
  uint32_t i = h->n++;
  while (i) {
    uint32_t up = (i - 1) / 2;
    if (!ev_less(&e, &h->a[up]))
      break;
    h->a[i] = h->a[up];
    i = up;
  }
  h->a[i] = e;
}

static event heap_pop(heap *h) {
  event top = h->a[0], last = h->a[--h->n];
  uint32_t i = 0;
  for (;;) {
    uint32_t l = 2 * i + 1, r = l + 1, m = i;
    const event *best = &last;
    if (l < h->n && ev_less(&h->a[l], best)) {
      m = l;
      best = &h->a[l];
    }
    if (r < h->n && ev_less(&h->a[r], best))
      m = r;
    if (m == i)
      break;
    h->a[i] = h->a[m];
    i = m;
  }
  if (h->n)
    h->a[i] = last;
  return top;
}

typedef sim_chain_st chain_st;
typedef sim_core_st core_st;
typedef sim_flag1 flag1;
typedef sim_engine run;

static int64_t lat(const run *R, uint32_t i, double base) {
  double f = R->factor ? R->factor[i] : 1.0;
  double d = base * f;
  return (int64_t)llround(d);
}

sim_flag1 *sim_flag_of(sim_engine *R, const mdl_inst *in) {
  uint32_t src = in->kind == MDL_I_SET ? in->pipe : in->pipe2;
  uint32_t dst = in->kind == MDL_I_SET ? in->pipe2 : in->pipe;
  size_t idx = (((size_t)in->core * MDL_NPIPE + src) * MDL_NPIPE + dst) *
                   NFLAG_ID + (uint32_t)in->id;
  return &R->flags[idx];
}

sim_finding *sim_add_finding(sim_engine *R, mdl_rule rule, uint32_t b,
                             uint32_t a) {
  sim_finding *f = mdl_vec_push(&R->s->findings, sizeof *f);
  f->rule = rule;
  f->b = b;
  f->a = a;
  f->mem = SIM_NONE;
  f->runs = 1;
  return f;
}

static void fill_times(const sim_sched *s, sim_finding *f) {
  f->b_start = s->start[f->b];
  f->b_end = s->end[f->b];
  f->a_start = f->a != SIM_NONE ? s->start[f->a] : -1;
  f->a_end = f->a != SIM_NONE ? s->end[f->a] : -1;
}

/* An instance ended (now): frontier of its chain. */
static void complete(run *R, uint32_t i) {
  sim_sched *s = R->s;
  if (s->done[i])
    return;
  s->done[i] = true;
  if (s->end[i] < 0)
    s->end[i] = R->now;
  const sim_iplan *ip = &R->p->ip[i];
  if (ip->chain == NOCH)
    return;
  chain_st *c = &R->ch[ip->chain];
  const uint32_t *mem = R->p->members + R->p->moff[ip->chain];
  uint32_t n = R->p->moff[ip->chain + 1] - R->p->moff[ip->chain];
  while (c->front < n && s->done[mem[c->front]]) {
    uint32_t m = mem[c->front];
    uint32_t prev = c->front ? c->pmax[c->front] : SIM_NONE;
    c->pmax[c->front + 1] =
        prev != SIM_NONE && s->end[prev] >= s->end[m] ? prev : m;
    c->front++;
  }
}

/* Node of the latest of "front of chain ch reached pos". */
static uint32_t front_node(const run *R, uint8_t ch, uint32_t pos) {
  if (!pos)
    return SIM_NODE_NONE;
  return SIM_NODE(R->ch[ch].pmax[pos], SIM_N_END);
}

static int64_t node_time(const run *R, uint32_t node) {
  if (node == SIM_NODE_NONE)
    return -1;
  uint32_t i = node >> 2;
  switch (node & 3) {
  case SIM_N_END: return R->s->end[i];
  case SIM_N_START: return R->s->start[i];
  default: return R->s->issue[i];
  }
}

static void bind(const run *R, uint32_t *best, uint32_t node) {
  if (node == SIM_NODE_NONE)
    return;
  if (*best == SIM_NODE_NONE || node_time(R, node) > node_time(R, *best))
    *best = node;
}

static void schedule_end(run *R, uint32_t i, int64_t d) {
  if (d <= 0) {
    R->s->end[i] = R->now;
    complete(R, i);
  } else {
    R->s->end[i] = R->now + d;
    heap_push(&R->h, R->now + d, EV_END, i);
  }
}

/* ------------------------------------------------------------ flags */

bool sim_xfeeds(const mdl_kernel *k, const mdl_inst *x, uint32_t r) {
  mdl_core_type st = k->cores[x->core].type, rt = k->cores[r].type;
  switch ((mdl_xmode)x->mode) {
  case MDL_XMODE_INTRA_BLOCK: return st != rt;
  case MDL_XMODE_INTER_SUBBLOCK:
    return st == MDL_CORE_AIV && rt == MDL_CORE_AIV;
  case MDL_XMODE_INTER_BLOCK: return st == rt;
  }
  return false;
}

/* Cross-core set visible: bump the counters of the cores it feeds
** (SEMANTICS.md 4; the k-th increment needs the k-th set of every core of
** the sending group). */
static void xcore_visible(run *R, uint32_t i) {
  const mdl_kernel *k = R->k;
  const mdl_inst *in = mdl_inst_at(k, i);
  uint32_t s = in->core, f = (uint32_t)in->id;
  mdl_core_type st = k->cores[s].type;
  for (uint32_t r = 0; r < k->ncores; r++) {
    mdl_core_type gt = st; /* type of the sending group */
    if (!sim_xfeeds(k, in, r))
      continue;
    R->xsent[r][f][s]++;
    uint32_t mn = UINT32_MAX;
    for (uint32_t q = 0; q < k->ncores; q++)
      if (k->cores[q].type == gt && R->xsent[r][f][q] < mn)
        mn = R->xsent[r][f][q];
    if (mn == UINT32_MAX || mn <= R->xincs[r][f])
      continue;
    int32_t delta = (int32_t)(mn - R->xincs[r][f]);
    R->xincs[r][f] = mn;
    R->xcnt[r][f] += delta;
    R->xlast[r][f] = i;
    if (R->xcnt[r][f] > k->prof->max_counter && !R->xopen[r][f]) {
      sim_finding *fd = sim_add_finding(R, MDL_RULE_FLAG_OVERFLOW, i, SIM_NONE);
      fd->value = R->xcnt[r][f];
      fd->mem = r; /* the receiving core */
      fd->lo = f;
    }
  }
}

static void visible(run *R, uint32_t i) {
  if (R->dep && R->dep[i] != SIM_NONE && !R->s->done[R->dep[i]]) {
    /* lands once the wait it depends on is released */
    *(uint32_t *)mdl_vec_push(&R->deferred, sizeof(uint32_t)) = i;
    return;
  }
  const mdl_inst *in = mdl_inst_at(R->k, i);
  if (in->kind == MDL_I_SET && R->o->flags == MDL_FLAGS_COUNT) {
    flag1 *fl = sim_flag_of(R, in);
    *(uint32_t *)mdl_vec_push(&fl->landed, sizeof(uint32_t)) = i;
    fl->owner = i;
    if (R->po_prev[i] != SIM_NONE) {
      /* no wait of the flag since the previous set: both are counted */
      sim_finding *fd =
          sim_add_finding(R, MDL_RULE_DOUBLE_SET, i, R->po_prev[i]);
      fd->value = (int32_t)(fl->landed.len - fl->released);
    }
  } else if (in->kind == MDL_I_SET) {
    flag1 *fl = sim_flag_of(R, in);
    if (fl->v) {
      /* named like the static engines: the later set in program order
         (two sets can land in either order) */
      sim_add_finding(R, MDL_RULE_DOUBLE_SET, i > fl->owner ? i : fl->owner,
                      i > fl->owner ? fl->owner : i);
      fl->lost1 = i + 1;
    }
    fl->v = 1;
    fl->owner = i;
  } else {
    xcore_visible(R, i);
  }
  complete(R, i);
}

/* Is wait i held (replay of a flag finding)? */
static bool held(const run *R, uint32_t i, const mdl_inst *in) {
  if (R->o->hold == SIM_NONE || R->now >= R->big)
    return false;
  if (R->o->hold == i)
    return true;
  const mdl_inst *h = mdl_inst_at(R->k, R->o->hold);
  if (h->kind != MDL_I_SET && h->kind != MDL_I_BSET)
    return false;
  if (in->id != h->id)
    return false;
  if (h->kind == MDL_I_SET)
    return in->kind == MDL_I_WAIT && in->core == h->core &&
           in->pipe == h->pipe2 && in->pipe2 == h->pipe;
  return in->kind == MDL_I_BWAIT && in->core != h->core;
}

/* Tries to release a started wait. */
static bool try_release(run *R, uint32_t i) {
  sim_sched *s = R->s;
  if (s->done[i] || s->start[i] < 0)
    return false;
  const mdl_inst *in = mdl_inst_at(R->k, i);
  if (held(R, i, in))
    return false;
  if (in->kind == MDL_I_WAIT && R->o->flags == MDL_FLAGS_COUNT) {
    flag1 *fl = sim_flag_of(R, in);
    if (fl->released >= fl->landed.len)
      return false;
    s->released_by[i] = MDL_VEC_AT(fl->landed, uint32_t, fl->released);
    fl->released++;
  } else if (in->kind == MDL_I_WAIT) {
    flag1 *fl = sim_flag_of(R, in);
    if (!fl->v)
      return false;
    fl->v = 0;
    fl->released++;
    s->released_by[i] = fl->owner;
  } else if (in->open) {
    /* a lone half: released by the missing partner, here at once */
    R->xwaited[in->core][in->id]++;
    s->released_by[i] = SIM_NONE;
  } else {
    int32_t *c = &R->xcnt[in->core][in->id];
    if (*c <= 0)
      return false;
    (*c)--;
    R->xwaited[in->core][in->id]++;
    s->released_by[i] = R->xlast[in->core][in->id];
  }
  s->end[i] = R->now;
  complete(R, i);
  return true;
}

/* ------------------------------------------------------------ issue */

static bool try_issue(run *R, uint32_t c) {
  const sim_plan *p = R->p;
  const mdl_kernel *k = R->k;
  sim_sched *s = R->s;
  core_st *cs = &R->cs[c];
  bool changed = false;
  uint32_t first = k->core_first[c], cnt = k->core_count[c];
  while (cs->next < cnt) {
    if (cs->blocked_by != SIM_NONE) {
      if (!s->done[cs->blocked_by])
        return changed;
      if (s->end[cs->blocked_by] >= cs->ready) {
        cs->ready = s->end[cs->blocked_by];
        cs->ready_node = SIM_NODE(cs->blocked_by, SIM_N_END);
      }
      cs->blocked_by = SIM_NONE;
    }
    uint32_t i = first + cs->next;
    const sim_iplan *ip = &p->ip[i];
    if (ip->role == SR_SKIP) {
      cs->next++;
      continue;
    }
    if (cs->ready > R->now) {
      if (cs->wake < 0 || cs->wake > cs->ready) {
        cs->wake = cs->ready;
        heap_push(&R->h, cs->ready, EV_WAKE, c);
      }
      return changed;
    }
    if (ip->chain != NOCH && R->o->costs.queue_depth &&
        R->ch[ip->chain].issued - R->ch[ip->chain].started >=
            R->o->costs.queue_depth) {
      cs->stalled = true;
      return changed;
    }
    if (cs->stalled) {
      /* the slot was freed by the head of that queue starting now */
      cs->stalled = false;
      uint32_t h = p->members[p->moff[ip->chain] + R->ch[ip->chain].started -
                              1];
      cs->ready_node = SIM_NODE(h, SIM_N_START);
    }
    s->issue[i] = R->now;
    s->ipred[i] = cs->ready_node;
    cs->ready = R->now + (int64_t)llround(R->o->costs.issue);
    cs->ready_node = SIM_NODE(i, SIM_N_ISSUE);
    cs->next++;
    changed = true;
    if (ip->chain != NOCH)
      R->ch[ip->chain].issued++;
    switch (ip->role) {
    case SR_SET:
    case SR_BSET:
      R->ch[ip->fch].sets_issued++;
      break;
    case SR_NOPIPE:
      s->start[i] = R->now;
      s->spred[i] = SIM_NODE(i, SIM_N_ISSUE);
      s->end[i] = R->now;
      complete(R, i);
      break;
    case SR_BWAIT_S:
      s->start[i] = R->now;
      s->spred[i] = SIM_NODE(i, SIM_N_ISSUE);
      break;
    default:
      break;
    }
    if (ip->scalar_block)
      cs->blocked_by = i;
  }
  return changed;
}

/* The instance the scalar unit of core c is stopped on, started or not:
** PIPE_ALL barriers and sync_block arrive once their frontiers allow. */
static bool try_scalar_sync(run *R, uint32_t c) {
  core_st *cs = &R->cs[c];
  sim_sched *s = R->s;
  uint32_t i = cs->blocked_by;
  if (i == SIM_NONE || s->done[i])
    return false;
  const sim_iplan *ip = &R->p->ip[i];
  if (ip->role == SR_BWAIT_S)
    return try_release(R, i);
  if (ip->role != SR_BAR_ALL && ip->role != SR_SYNC_ALL)
    return false;
  bool changed = false;
  if (s->start[i] >= 0) {
    if (ip->role != SR_SYNC_ALL || s->end[i] >= 0)
      return false;
  } else {
    uint32_t best = SIM_NODE(i, SIM_N_ISSUE);
    if (ip->allneed != SIM_NONE) {
      const uint32_t *need =
          (const uint32_t *)R->p->allneed.data + (size_t)ip->allneed * MDL_NPIPE;
      for (uint32_t q = 0; q < MDL_NPIPE; q++) {
        uint8_t ch = (uint8_t)(c * MDL_NPIPE + q);
        if (R->ch[ch].front < need[q])
          return false;
        bind(R, &best, front_node(R, ch, need[q]));
      }
    } else if (ip->fch != NOCH) {
      if (R->ch[ip->fch].front < ip->fneed)
        return false;
      bind(R, &best, front_node(R, ip->fch, ip->fneed));
    }
    s->start[i] = R->now;
    s->spred[i] = best;
    if (ip->role == SR_BAR_ALL) {
      schedule_end(R, i, lat(R, i, R->o->costs.barrier));
      return true;
    }
    cs->arrived++;
    changed = true;
  }
  /* sync_block: the m-th meeting ends once every core it waits for
     (its mode's, mdl_sync_all_cores, and every core that has an m-th
     sync_block) has arrived at it; a core without one never does */
  uint32_t m = ip->ordinal;
  uint32_t want = mdl_sync_all_cores(R->k, mdl_inst_at(R->k, i)->mode);
  for (uint32_t q = 0; q < R->k->ncores; q++)
    if ((R->p->nsync[q] > m || ((want >> q) & 1u)) &&
        R->cs[q].arrived <= m)
      return changed;
  for (uint32_t q = 0; q < R->k->ncores; q++) {
    uint32_t x = R->cs[q].blocked_by;
    if (R->p->nsync[q] > m && x != SIM_NONE && s->end[x] < 0 &&
        R->p->ip[x].role == SR_SYNC_ALL) {
      schedule_end(R, x, lat(R, x, R->o->costs.xcore_latency));
      changed = true;
    }
  }
  return changed;
}

/* ------------------------------------------------------------ pipes */

static bool try_start(run *R, uint32_t chn) {
  const sim_plan *p = R->p;
  sim_sched *s = R->s;
  chain_st *c = &R->ch[chn];
  const uint32_t *mem = p->members + p->moff[chn];
  bool changed = false;
  /* a wait at the head is released by its flag */
  if (c->started && !s->done[mem[c->started - 1]]) {
    uint32_t h = mem[c->started - 1];
    uint8_t r = p->ip[h].role;
    if ((r == SR_WAIT || r == SR_BWAIT) && try_release(R, h))
      changed = true;
  }
  while (c->started < c->issued) {
    uint32_t i = mem[c->started];
    const sim_iplan *ip = &p->ip[i];
    if (c->front < ip->need_front)
      break;
    if (ip->need_end != SIM_NONE && !s->done[ip->need_end])
      break;
    if (ip->after_ch != NOCH && R->ch[ip->after_ch].front < ip->after_pos)
      break;
    if (ip->uf_ch != NOCH && R->ch[ip->uf_ch].front < ip->uf_pos)
      break;
    uint32_t best = SIM_NODE(i, SIM_N_ISSUE);
    if (c->started)
      bind(R, &best, SIM_NODE(mem[c->started - 1], SIM_N_START));
    bind(R, &best, front_node(R, (uint8_t)chn, ip->need_front));
    if (ip->need_end != SIM_NONE)
      bind(R, &best, SIM_NODE(ip->need_end, SIM_N_END));
    if (ip->after_ch != NOCH)
      bind(R, &best, front_node(R, ip->after_ch, ip->after_pos));
    if (ip->uf_ch != NOCH)
      bind(R, &best, front_node(R, ip->uf_ch, ip->uf_pos));
    s->start[i] = R->now;
    s->spred[i] = best;
    c->started++;
    changed = true;
    switch (ip->role) {
    case SR_OP:
      if (i == R->stretch)
        schedule_end(R, i, R->big);
      else {
        int64_t d = lat(R, i, p->cost[i]);
        schedule_end(R, i, d < 1 ? 1 : d);
      }
      break;
    case SR_BAR:
      schedule_end(R, i, lat(R, i, R->o->costs.barrier));
      break;
    default: /* waits */
      if (!try_release(R, i))
        return changed; /* the head blocks its pipe */
      break;
    }
  }
  return changed;
}

static bool try_fire(run *R, uint32_t chn) {
  const sim_plan *p = R->p;
  sim_sched *s = R->s;
  chain_st *c = &R->ch[chn];
  const uint32_t *sets = p->sets + p->soff[chn];
  bool changed = false;
  while (c->sets_fired < c->sets_issued) {
    uint32_t i = sets[c->sets_fired];
    const sim_iplan *ip = &p->ip[i];
    if (c->front < ip->fneed)
      break;
    uint32_t best = SIM_NODE(i, SIM_N_ISSUE);
    bind(R, &best, front_node(R, (uint8_t)chn, ip->fneed));
    s->start[i] = R->now;
    s->spred[i] = best;
    c->sets_fired++;
    changed = true;
    int64_t d = lat(R, i, ip->role == SR_SET ? R->o->costs.flag_latency
                                              : R->o->costs.xcore_latency);
    if (d <= 0) {
      s->end[i] = R->now;
      visible(R, i);
    } else {
      s->end[i] = R->now + d;
      heap_push(&R->h, R->now + d, EV_VISIBLE, i);
    }
  }
  return changed;
}

static void propagate(run *R) {
  bool changed;
  uint64_t rounds = 0;
  (void)rounds; /* only the assert reads it (release builds: -DNDEBUG) */
  do {
    /* every round that changes something moves one instance forward */
    assert(rounds++ < 8ull * R->p->n + 64);
    changed = false;
    for (uint32_t j = 0; j < R->deferred.len; j++) {
      uint32_t i = MDL_VEC_AT(R->deferred, uint32_t, j);
      if (!R->s->done[R->dep[i]])
        continue;
      MDL_VEC_AT(R->deferred, uint32_t, j) =
          MDL_VEC_AT(R->deferred, uint32_t, R->deferred.len - 1);
      R->deferred.len--;
      R->s->end[i] = R->now;
      visible(R, i);
      changed = true;
      break;
    }
    for (uint32_t c = 0; c < R->k->ncores; c++) {
      changed |= try_issue(R, c);
      changed |= try_scalar_sync(R, c);
    }
    for (uint32_t ch = 0; ch < R->p->nch; ch++) {
      changed |= try_start(R, ch);
      changed |= try_fire(R, ch);
    }
  } while (changed);
}

/* ------------------------------------------------------------ a run */

/* The set_flag of owner's flag with index n among its valid sets in
** program order (the first past n released waits), else owner. */
static uint32_t unpaired_set(const run *R, uint32_t owner, uint32_t n) {
  const mdl_kernel *k = R->k;
  const mdl_inst *o = mdl_inst_at(k, owner);
  uint32_t seen = 0;
  for (uint32_t i = k->core_first[o->core];
       i < k->core_first[o->core] + k->core_count[o->core]; i++) {
    const mdl_inst *x = mdl_inst_at(k, i);
    if (x->kind == MDL_I_SET && R->p->ip[i].role != SR_SKIP &&
        x->pipe == o->pipe && x->pipe2 == o->pipe2 && x->id == o->id &&
        seen++ == n)
      return i;
  }
  return owner;
}

/* The same for a counter (receiving core r, flag f): the n-th set of the
** lowest sending core that feeds it, else last. */
static uint32_t unpaired_xset(const run *R, uint32_t r, uint32_t f,
                              uint32_t n, uint32_t last) {
  const mdl_kernel *k = R->k;
  for (uint32_t q = 0; q < k->ncores; q++) {
    uint32_t seen = 0;
    bool any = false;
    for (uint32_t i = k->core_first[q]; i < k->core_first[q] + k->core_count[q];
         i++) {
      const mdl_inst *x = mdl_inst_at(k, i);
      if (x->kind != MDL_I_BSET || R->p->ip[i].role == SR_SKIP ||
          x->id != (int32_t)f || !sim_xfeeds(k, x, r))
        continue;
      any = true;
      if (seen++ == n)
        return i;
    }
    if (any)
      break;
  }
  return last;
}

/* Sets that land only after a wait: count pairing and o->delay_set. */
static uint32_t *make_deps(const sim_plan *p, const sim_options *o) {
  if (!o->count_pairing && o->delay_set == SIM_NONE)
    return NULL;
  const mdl_kernel *k = p->k;
  uint32_t *dep = malloc((p->n ? p->n : 1) * sizeof *dep);
  if (!dep)
    abort();
  for (uint32_t i = 0; i < p->n; i++)
    dep[i] = SIM_NONE;
  if (o->count_pairing) {
    /* per flag (core, src, dst, id): the k-th set after the (k-1)-th wait */
    size_t nf = (size_t)3 * MDL_NPIPE * MDL_NPIPE * NFLAG_ID;
    mdl_vec *waits = calloc(nf, sizeof *waits);
    uint32_t *nsets = calloc(nf, sizeof *nsets);
    if (!waits || !nsets)
      abort();
    for (int pass = 0; pass < 2; pass++)
      for (uint32_t i = 0; i < p->n; i++) {
        const mdl_inst *in = mdl_inst_at(k, i);
        if (p->ip[i].role == SR_SKIP ||
            (in->kind != MDL_I_SET && in->kind != MDL_I_WAIT))
          continue;
        uint32_t src = in->kind == MDL_I_SET ? in->pipe : in->pipe2;
        uint32_t dst = in->kind == MDL_I_SET ? in->pipe2 : in->pipe;
        size_t f = (((size_t)in->core * MDL_NPIPE + src) * MDL_NPIPE + dst) *
                       NFLAG_ID + (uint32_t)in->id;
        if (pass == 0 && in->kind == MDL_I_WAIT)
          *(uint32_t *)mdl_vec_push(&waits[f], sizeof(uint32_t)) = i;
        else if (pass == 1 && in->kind == MDL_I_SET) {
          uint32_t kk = nsets[f]++;
          if (kk >= 1 && kk - 1 < waits[f].len && i != o->count_pairing_free)
            dep[i] = MDL_VEC_AT(waits[f], uint32_t, kk - 1);
        }
      }
    for (size_t f = 0; f < nf; f++)
      mdl_vec_free(&waits[f]);
    free(waits);
    free(nsets);
  }
  if (o->delay_set != SIM_NONE)
    dep[o->delay_set] = o->delay_after;
  return dep;
}

/* Count model: per set, the previous set of its flag when no wait of
** the flag lies between them in program order (instances of a core are
** in program order; invalid syncs are absent), else SIM_NONE. */
static uint32_t *make_po_prev(const sim_plan *p) {
  const mdl_kernel *k = p->k;
  size_t nf = (size_t)3 * MDL_NPIPE * MDL_NPIPE * NFLAG_ID;
  uint32_t *prev = malloc((p->n ? p->n : 1) * sizeof *prev);
  uint32_t *last = malloc(nf * sizeof *last); /* last set, if no wait since */
  if (!prev || !last)
    abort();
  for (size_t f = 0; f < nf; f++)
    last[f] = SIM_NONE;
  for (uint32_t i = 0; i < p->n; i++) {
    prev[i] = SIM_NONE;
    const mdl_inst *in = mdl_inst_at(k, i);
    if (p->ip[i].role == SR_SKIP ||
        (in->kind != MDL_I_SET && in->kind != MDL_I_WAIT))
      continue;
    uint32_t src = in->kind == MDL_I_SET ? in->pipe : in->pipe2;
    uint32_t dst = in->kind == MDL_I_SET ? in->pipe2 : in->pipe;
    size_t f = (((size_t)in->core * MDL_NPIPE + src) * MDL_NPIPE + dst) *
                   NFLAG_ID + (uint32_t)in->id;
    if (in->kind == MDL_I_SET) {
      prev[i] = last[f];
      last[f] = i;
    } else {
      last[f] = SIM_NONE;
    }
  }
  free(last);
  return prev;
}

/* A kernel run on the first iterations of a loop past the unroll budget
** (mdl_kernel.cut_cores): what needs the end of the kernel is not a
** finding of the prefix -- a wait still waiting for a set that comes
** after the cut, a set still pending, a counter whose consuming waits come
** after it.  A cycle of waits stays one (value > 0). */
static void drop_cut_findings(sim_sched *s) {
  uint32_t kept = 0;
  for (uint32_t j = 0; j < s->findings.len; j++) {
    sim_finding *f = &MDL_VEC_AT(s->findings, sim_finding, j);
    bool end = f->rule == MDL_RULE_UNPAIRED_SET ||
               f->rule == MDL_RULE_FLAG_OVERFLOW ||
               (f->rule == MDL_RULE_DEADLOCK && f->value <= 0);
    if (!end)
      MDL_VEC_AT(s->findings, sim_finding, kept++) = *f;
  }
  s->findings.len = kept;
  if (!kept)
    s->deadlock = false;
}

void sim_execute(const sim_plan *p, const sim_options *o,
                 const double *factor, uint32_t stretch, int64_t big,
                 sim_sched *s) {
  const mdl_kernel *k = p->k;
  uint32_t n = p->n, n1 = n ? n : 1;
  memset(s, 0, sizeof *s);
  s->issue = malloc(n1 * sizeof *s->issue);
  s->start = malloc(n1 * sizeof *s->start);
  s->end = malloc(n1 * sizeof *s->end);
  s->released_by = malloc(n1 * sizeof *s->released_by);
  s->spred = malloc(n1 * sizeof *s->spred);
  s->ipred = malloc(n1 * sizeof *s->ipred);
  s->done = calloc(n1, sizeof *s->done);
  run R;
  memset(&R, 0, sizeof R);
  R.p = p;
  R.k = k;
  R.o = o;
  R.factor = factor;
  R.stretch = stretch;
  R.big = big;
  R.s = s;
  R.dep = make_deps(p, o);
  R.po_prev = o->flags == MDL_FLAGS_COUNT ? make_po_prev(p) : NULL;
  R.ch = calloc(p->nch ? p->nch : 1, sizeof *R.ch);
  R.flags = calloc((size_t)3 * MDL_NPIPE * MDL_NPIPE * NFLAG_ID,
                   sizeof *R.flags);
  if (!s->issue || !s->start || !s->end || !s->released_by || !s->spred ||
      !s->ipred || !s->done || !R.ch || !R.flags)
    abort();
  for (uint32_t i = 0; i < n; i++) {
    s->issue[i] = s->start[i] = s->end[i] = -1;
    s->released_by[i] = SIM_NONE;
    s->spred[i] = s->ipred[i] = SIM_NODE_NONE;
  }
  for (uint32_t ch = 0; ch < p->nch; ch++) {
    uint32_t nm = p->moff[ch + 1] - p->moff[ch];
    R.ch[ch].pmax = calloc(nm + 1, sizeof *R.ch[ch].pmax);
    if (!R.ch[ch].pmax)
      abort();
  }
  /* a lone half: a counter with an open wait is the missing partner's */
  for (uint32_t i = 0; i < n; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind == MDL_I_BWAIT && in->open && in->id >= 0 &&
        in->id < NXFLAG)
      R.xopen[in->core][in->id] = true;
  }
  for (uint32_t c = 0; c < 3; c++) {
    R.cs[c].blocked_by = SIM_NONE;
    R.cs[c].ready_node = SIM_NODE_NONE;
    R.cs[c].wake = -1;
  }
  if (o->hold != SIM_NONE)
    heap_push(&R.h, big, EV_WAKE, 0); /* the held waits may go */
  propagate(&R);
  while (R.h.n) {
    event e = heap_pop(&R.h);
    R.now = e.t;
    /* one event at a time: a wait at the head of its pipe reacts to a set
       before the next event of the same cycle (a second set landing in
       that cycle finds the flag cleared) */
    switch (e.kind) {
    case EV_END: complete(&R, e.x); break;
    case EV_VISIBLE: visible(&R, e.x); break;
    default:
      if (R.cs[e.x].wake == e.t)
        R.cs[e.x].wake = -1;
      break;
    }
    propagate(&R);
  }
  bool all = true;
  int64_t total = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (p->ip[i].role == SR_SKIP)
      continue;
    if (!s->done[i])
      all = false;
    else if (s->end[i] > total)
      total = s->end[i];
  }
  s->total = total;
  if (!all) {
    sim_report_stuck(&R);
  } else {
    /* flags still set when the kernel ends, named like the static
       engines do: the first set (program order) past the waits that ran */
    size_t nf = (size_t)3 * MDL_NPIPE * MDL_NPIPE * NFLAG_ID;
    for (size_t f = 0; f < nf; f++)
      if (R.flags[f].v || R.flags[f].released < R.flags[f].landed.len)
        sim_add_finding(&R, MDL_RULE_UNPAIRED_SET,
                        unpaired_set(&R, R.flags[f].owner,
                                     R.flags[f].released), SIM_NONE);
    for (uint32_t c = 0; c < k->ncores; c++)
      for (uint32_t f = 0; f < NXFLAG; f++)
        if (R.xcnt[c][f] > 0 && !R.xopen[c][f]) {
          sim_finding *fd = sim_add_finding(
              &R, MDL_RULE_UNPAIRED_SET,
              unpaired_xset(&R, c, f, R.xwaited[c][f], R.xlast[c][f]),
              SIM_NONE);
          fd->value = R.xcnt[c][f];
          fd->mem = c;
          fd->lo = f;
        }
  }
  if (k->cut_cores)
    drop_cut_findings(s);
  for (uint32_t j = 0; j < s->findings.len; j++)
    fill_times(s, &MDL_VEC_AT(s->findings, sim_finding, j));
  for (uint32_t ch = 0; ch < p->nch; ch++)
    free(R.ch[ch].pmax);
  free(R.ch);
  for (size_t f = 0; f < (size_t)3 * MDL_NPIPE * MDL_NPIPE * NFLAG_ID; f++)
    mdl_vec_free(&R.flags[f].landed);
  free(R.flags);
  free(R.po_prev);
  free(R.h.a);
  free(R.dep);
  mdl_vec_free(&R.deferred);
}

void sim_sched_free(sim_sched *s) {
  free(s->issue);
  free(s->start);
  free(s->end);
  free(s->released_by);
  free(s->spred);
  free(s->ipred);
  free(s->done);
  mdl_vec_free(&s->findings);
  mdl_vec_free(&s->stuck);
  memset(s, 0, sizeof *s);
}
