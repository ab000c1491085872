/*
** sim_stuck.c -- what a run that stopped with instances left shows: every
** stuck pipe and scalar unit with the instruction at its head, and which
** stuck wait waits for which.  A wait waits for the set that would
** release it; that set has not landed because something stuck holds it
** back (the scalar unit of its core, or the head of its pipe).  Following
** these links gives a cycle of waits (reported, like the static engines'
** chk_cycle_finding, at its lowest wait) or a wait that no set is left to
** release.
*/
#include "sim_int.h"

#include <stdlib.h>
#include <string.h>

#define NOCH 0xff
#define DEPTH 256

static bool is_wait(const sim_plan *p, uint32_t i) {
  uint8_t r = p->ip[i].role;
  return r == SR_WAIT || r == SR_BWAIT || r == SR_BWAIT_S || r == SR_SYNC_ALL;
}

static uint32_t first_open(const sim_engine *R, uint8_t ch) {
  const sim_plan *p = R->p;
  uint32_t n = p->moff[ch + 1] - p->moff[ch];
  return R->ch[ch].front < n ? p->members[p->moff[ch] + R->ch[ch].front]
                             : SIM_NONE;
}

static uint32_t blocker(const sim_engine *R, uint32_t x, int depth);

/* What holds the scalar unit of core c back. */
static uint32_t scalar_blocker(const sim_engine *R, uint32_t c, int depth) {
  const sim_core_st *cs = &R->cs[c];
  const sim_plan *p = R->p;
  if (cs->blocked_by != SIM_NONE && !R->s->done[cs->blocked_by])
    return blocker(R, cs->blocked_by, depth + 1);
  if (cs->stalled && cs->next < R->k->core_count[c]) {
    uint32_t i = R->k->core_first[c] + cs->next;
    uint8_t ch = p->ip[i].chain;
    if (ch != NOCH && R->ch[ch].started < R->ch[ch].issued)
      return blocker(R, p->members[p->moff[ch] + R->ch[ch].started],
                     depth + 1);
  }
  return SIM_NONE;
}

/* Frontier needs of a PIPE_ALL barrier / sync_block or a set. */
static uint32_t front_blocker(const sim_engine *R, uint32_t x, int depth) {
  const sim_iplan *ip = &R->p->ip[x];
  uint32_t c = mdl_inst_at(R->k, x)->core;
  if (ip->allneed != SIM_NONE) {
    const uint32_t *need = (const uint32_t *)R->p->allneed.data +
                           (size_t)ip->allneed * MDL_NPIPE;
    for (uint32_t q = 0; q < MDL_NPIPE; q++) {
      uint8_t ch = (uint8_t)(c * MDL_NPIPE + q);
      if (R->ch[ch].front < need[q])
        return blocker(R, first_open(R, ch), depth + 1);
    }
  } else if (ip->fch != NOCH && R->ch[ip->fch].front < ip->fneed) {
    return blocker(R, first_open(R, ip->fch), depth + 1);
  }
  return SIM_NONE;
}

/* The stuck wait that keeps instance x from happening, or SIM_NONE. */
static uint32_t blocker(const sim_engine *R, uint32_t x, int depth) {
  const sim_plan *p = R->p;
  const sim_sched *s = R->s;
  if (x == SIM_NONE || depth > DEPTH || s->done[x])
    return SIM_NONE;
  const sim_iplan *ip = &p->ip[x];
  if (s->start[x] >= 0) {
    if (is_wait(p, x) && s->end[x] < 0)
      return x;
    if ((ip->role == SR_SET || ip->role == SR_BSET) && R->dep &&
        R->dep[x] != SIM_NONE)
      return blocker(R, R->dep[x], depth + 1); /* a deferred set */
    return SIM_NONE;
  }
  if (s->issue[x] < 0)
    return scalar_blocker(R, mdl_inst_at(R->k, x)->core, depth);
  switch (ip->role) {
  case SR_SET:
  case SR_BSET:
  case SR_BAR_ALL:
  case SR_SYNC_ALL:
    return front_blocker(R, x, depth);
  default:
    break;
  }
  if (ip->chain == NOCH)
    return SIM_NONE;
  const sim_chain_st *c = &R->ch[ip->chain];
  if (c->front < ip->need_front)
    return blocker(R, first_open(R, ip->chain), depth + 1);
  if (ip->need_end != SIM_NONE && !s->done[ip->need_end])
    return blocker(R, ip->need_end, depth + 1);
  if (ip->after_ch != NOCH && R->ch[ip->after_ch].front < ip->after_pos)
    return blocker(R, first_open(R, ip->after_ch), depth + 1);
  if (ip->uf_ch != NOCH && R->ch[ip->uf_ch].front < ip->uf_pos)
    return blocker(R, first_open(R, ip->uf_ch), depth + 1);
  uint32_t head = p->members[p->moff[ip->chain] + c->started];
  return head != x ? blocker(R, head, depth + 1) : SIM_NONE;
}

/* The waits stuck wait w waits for (into out, at most 3); false when no
** set is left that could release it. */
static bool waits_for(const sim_engine *R, uint32_t w, uint32_t *out,
                      uint32_t *nout) {
  const mdl_kernel *k = R->k;
  const sim_plan *p = R->p;
  const mdl_inst *in = mdl_inst_at(k, w);
  *nout = 0;
  if (in->kind == MDL_I_WAIT) {
    for (uint32_t i = k->core_first[in->core];
         i < k->core_first[in->core] + k->core_count[in->core]; i++) {
      const mdl_inst *x = mdl_inst_at(k, i);
      if (x->kind != MDL_I_SET || p->ip[i].role == SR_SKIP ||
          x->pipe != in->pipe2 || x->pipe2 != in->pipe || x->id != in->id ||
          R->s->done[i])
        continue;
      out[(*nout)++] = blocker(R, i, 0);
      return true;
    }
    return false;
  }
  if (in->kind == MDL_I_BWAIT) {
    bool any = false;
    for (uint32_t c = 0; c < k->ncores && *nout < 3; c++)
      for (uint32_t i = k->core_first[c];
           i < k->core_first[c] + k->core_count[c]; i++) {
        const mdl_inst *x = mdl_inst_at(k, i);
        if (x->kind != MDL_I_BSET || p->ip[i].role == SR_SKIP ||
            x->id != in->id || R->s->done[i] || !sim_xfeeds(k, x, in->core))
          continue;
        out[(*nout)++] = blocker(R, i, 0);
        any = true;
        break;
      }
    return any;
  }
  /* sync_block: the cores that have not arrived at this meeting; none
     can release it when a core it waits for has no m-th one */
  uint32_t m = p->ip[w].ordinal;
  uint32_t want = mdl_sync_all_cores(k, in->mode);
  for (uint32_t c = 0; c < k->ncores; c++)
    if (((want >> c) & 1u) && p->nsync[c] <= m && !((k->cut_cores >> c) & 1u))
      return false;
  for (uint32_t c = 0; c < k->ncores && *nout < 3; c++)
    if (p->nsync[c] > m && R->cs[c].arrived <= m)
      out[(*nout)++] = scalar_blocker(R, c, 0);
  return true;
}

static bool st_dup(const sim_sched *s, uint32_t head) {
  for (uint32_t j = 0; j < s->stuck.len; j++)
    if (MDL_VEC_AT(s->stuck, sim_stuck, j).head == head)
      return true;
  return false;
}

/* The stuck pipes and scalar units, each with the instruction at its
** head; returns the stuck waits (started, never released) in waits. */
static void list_stuck(sim_engine *R, mdl_vec *waits) {
  const sim_plan *p = R->p;
  const mdl_kernel *k = R->k;
  sim_sched *s = R->s;
  for (uint32_t c = 0; c < k->ncores; c++) {
    sim_core_st *cs = &R->cs[c];
    bool blocked = cs->blocked_by != SIM_NONE && !s->done[cs->blocked_by];
    if (cs->next < k->core_count[c] || blocked) {
      sim_stuck *st = mdl_vec_push(&s->stuck, sizeof *st);
      st->core = (uint8_t)c;
      st->pipe = MDL_PIPE_S;
      st->scalar = true;
      st->head = blocked ? cs->blocked_by : k->core_first[c] + cs->next;
      st->queue_full = cs->stalled && !blocked;
    }
    for (uint32_t q = 0; q < MDL_NPIPE; q++) {
      uint32_t chn = c * MDL_NPIPE + q;
      sim_chain_st *ch = &R->ch[chn];
      const uint32_t *mem = p->members + p->moff[chn];
      uint32_t head = SIM_NONE;
      if (ch->started && !s->done[mem[ch->started - 1]] &&
          is_wait(p, mem[ch->started - 1]))
        head = mem[ch->started - 1];
      else if (ch->started < ch->issued)
        head = mem[ch->started];
      if (head == SIM_NONE || st_dup(s, head))
        continue;
      sim_stuck *st = mdl_vec_push(&s->stuck, sizeof *st);
      st->core = (uint8_t)c;
      st->pipe = (uint8_t)q;
      st->head = head;
    }
  }
  for (uint32_t i = 0; i < p->n; i++)
    if (is_wait(p, i) && s->start[i] >= 0 && !s->done[i])
      *(uint32_t *)mdl_vec_push(waits, sizeof(uint32_t)) = i;
}

static sim_finding *deadlock(sim_engine *R, uint32_t w, int32_t kind) {
  /* a wait on a flag that lost a set to a double set: name that set */
  const mdl_inst *in = mdl_inst_at(R->k, w);
  uint32_t lost = SIM_NONE;
  if (in->kind == MDL_I_WAIT) {
    const sim_flag1 *fl = sim_flag_of(R, in);
    if (fl->lost1)
      lost = fl->lost1 - 1;
  }
  sim_finding *f = sim_add_finding(R, MDL_RULE_DEADLOCK, w, lost);
  f->value = kind;
  return f;
}

void sim_report_stuck(sim_engine *R) {
  sim_sched *s = R->s;
  s->deadlock = true;
  mdl_vec waits = {0};
  list_stuck(R, &waits);
  uint32_t n = waits.len;
  const uint32_t *W = waits.data;
  /* edges w -> the stuck waits it waits for (index space of W) */
  uint32_t(*succ)[3] = calloc(n ? n : 1, sizeof *succ);
  uint8_t *nsucc = calloc(n ? n : 1, 1), *excess = calloc(n ? n : 1, 1);
  for (uint32_t a = 0; a < n; a++) {
    uint32_t out[3], no;
    excess[a] = !waits_for(R, W[a], out, &no);
    for (uint32_t j = 0; j < no; j++)
      for (uint32_t b = 0; b < n; b++)
        if (out[j] == W[b] && nsucc[a] < 3)
          succ[a][nsucc[a]++] = b;
  }
  /* reach[a * n + b]: a waits, transitively, for b */
  uint8_t *reach = calloc(n ? (size_t)n * n : 1, 1);
  uint32_t *stack = calloc(n ? n : 1, sizeof *stack);
  for (uint32_t a = 0; a < n; a++) {
    uint8_t *ra = reach + (size_t)a * n;
    uint32_t sp = 0;
    stack[sp++] = a;
    while (sp) {
      uint32_t v = stack[--sp];
      for (uint32_t j = 0; j < nsucc[v]; j++)
        if (!ra[succ[v][j]]) {
          ra[succ[v][j]] = 1;
          stack[sp++] = succ[v][j];
        }
    }
  }
  /* the lowest wait on a cycle, and the size of its strongly connected
     component */
  uint32_t on_cycle = SIM_NONE, ia = 0, ncyc = 0;
  for (uint32_t a = 0; a < n; a++)
    if (reach[(size_t)a * n + a] &&
        (on_cycle == SIM_NONE || W[a] < on_cycle)) {
      on_cycle = W[a];
      ia = a;
    }
  for (uint32_t b = 0; on_cycle != SIM_NONE && b < n; b++)
    ncyc += reach[(size_t)ia * n + b] && reach[(size_t)b * n + ia];
  bool any = false;
  if (on_cycle != SIM_NONE) {
    deadlock(R, on_cycle, (int32_t)ncyc);
    any = true;
  }
  for (uint32_t a = 0; a < n; a++)
    if (excess[a]) {
      deadlock(R, W[a], -1);
      any = true;
    }
  if (!any) {
    /* neither: the lowest stuck wait, else the lowest stuck head */
    uint32_t primary = n ? W[0] : SIM_NONE;
    for (uint32_t j = 0; primary == SIM_NONE && j < s->stuck.len; j++) {
      uint32_t h = MDL_VEC_AT(s->stuck, sim_stuck, j).head;
      if (primary == SIM_NONE || h < primary)
        primary = h;
    }
    if (primary != SIM_NONE)
      deadlock(R, primary, 0);
  }
  free(succ);
  free(nsucc);
  free(excess);
  free(reach);
  free(stack);
  mdl_vec_free(&waits);
}
