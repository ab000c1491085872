/*
** sim_detect.c -- what a run shows: conflicting accesses that overlapped
** in simulated time (classified as checker/chk_graph.c find_races does),
** and the figures: busy cycles per pipe, Cube/Vector overlap and the
** critical path.
*/
#include "sim_int.h"

#include <stdlib.h>
#include <string.h>

const char *sim_op_name(const mdl_kernel *k, uint32_t inst) {
  const mdl_inst *in = mdl_inst_at(k, inst);
  const mdl_stmt *s = MDL_VEC_AT(k->stmts, mdl_stmt *, in->stmt);
  const char *n = s->name ? s->name : mdl_inst_kind_name(in->kind);
  if (!strncmp(n, "hivm.hir.", 9))
    n += 9;
  return n;
}

int sim_conflict_rule(const mdl_kernel *k, uint32_t a, uint32_t b) {
  const mdl_inst *x = mdl_inst_at(k, a), *y = mdl_inst_at(k, b);
  if (a == b || x->kind != MDL_I_OP || y->kind != MDL_I_OP)
    return -1;
  for (uint32_t i = 0; i < x->nacc; i++)
    for (uint32_t j = 0; j < y->nacc; j++) {
      int r = mdl_conflict_rule(k, a, mdl_access_at(k, x->acc_first + i), b,
                                mdl_access_at(k, y->acc_first + j));
      if (r >= 0)
        return r;
    }
  return -1;
}

/* Should the access pair (instance a, access aa) / (b, ab) be reported
** with b primary?  As checker/chk_graph.c find_races: on one core the
** later instance in program order; across cores the reader, else the
** higher core. */
static bool b_primary(const mdl_kernel *k, uint32_t a, const mdl_access *aa,
                      uint32_t b, const mdl_access *ab) {
  const mdl_inst *ia = mdl_inst_at(k, a), *ib = mdl_inst_at(k, b);
  if (ia->core == ib->core)
    return b > a;
  bool ra = !(aa->mode & MDL_ACC_WRITE), rb = !(ab->mode & MDL_ACC_WRITE);
  if (ra != rb)
    return rb;
  return ib->core > ia->core;
}

uint32_t sim_race_primary(const mdl_kernel *k, uint32_t a, uint32_t b) {
  const mdl_inst *x = mdl_inst_at(k, a), *y = mdl_inst_at(k, b);
  for (uint32_t i = 0; i < x->nacc; i++)
    for (uint32_t j = 0; j < y->nacc; j++) {
      const mdl_access *p = mdl_access_at(k, x->acc_first + i);
      const mdl_access *q = mdl_access_at(k, y->acc_first + j);
      if (mdl_conflict_rule(k, a, p, b, q) >= 0)
        return b_primary(k, a, p, b, q) ? b : a;
    }
  return SIM_NONE;
}

/* ------------------------------------------------------------ races */

typedef struct {
  uint32_t inst, acc, mem;
  int64_t start, end;
} entry;

static int entry_cmp(const void *x, const void *y) {
  const entry *a = x, *b = y;
  if (a->mem != b->mem)
    return a->mem < b->mem ? -1 : 1;
  if (a->start != b->start)
    return a->start < b->start ? -1 : 1;
  return a->inst < b->inst ? -1 : a->inst > b->inst;
}

#define MAX_RACE_KEYS 4096
#define KEY_CAP 8192 /* > 2 x MAX_RACE_KEYS: open addressing stays short */

/* The slot of (rule, sa, sb) in keys: 0 (free) or its finding + 1. */
static uint32_t *key_slot(uint32_t *keys, mdl_rule rule, uint32_t sa,
                          uint32_t sb, const mdl_kernel *k,
                          const sim_sched *s, uint32_t base) {
  uint32_t h = (rule * 2654435761u) ^ (sa * 40503u) ^ (sb * 2246822519u);
  for (uint32_t i = h & (KEY_CAP - 1);; i = (i + 1) & (KEY_CAP - 1)) {
    if (!keys[i])
      return &keys[i];
    const sim_finding *g =
        &MDL_VEC_AT(s->findings, sim_finding, keys[i] - 1);
    if (keys[i] - 1 >= base && g->rule == rule &&
        mdl_inst_at(k, g->b)->stmt == sb && mdl_inst_at(k, g->a)->stmt == sa)
      return &keys[i];
  }
}

bool sim_find_races(const sim_plan *p, sim_sched *s, uint32_t fa,
                    uint32_t fb) {
  const mdl_kernel *k = p->k;
  mdl_vec es = {0};
  for (uint32_t i = 0; i < p->n; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (p->ip[i].role != SR_OP || s->start[i] < 0 || s->end[i] < 0)
      continue;
    for (uint32_t a = 0; a < in->nacc; a++) {
      entry *e = mdl_vec_push(&es, sizeof *e);
      e->inst = i;
      e->acc = in->acc_first + a;
      e->mem = mdl_access_at(k, e->acc)->mem;
      e->start = s->start[i];
      e->end = s->end[i];
    }
  }
  if (es.len)
    qsort(es.data, es.len, sizeof(entry), entry_cmp);
  bool hit = false;
  uint32_t base = s->findings.len, nkeys = 0;
  uint32_t keys[KEY_CAP]; /* finding index + 1 by (rule, statements) */
  memset(keys, 0, sizeof keys);
  uint64_t pairs = 0;
  mdl_vec active = {0}; /* uint32_t entry indices */
  const entry *E = es.data;
  for (uint32_t x = 0; x < es.len && !s->pairs_cut; x++) {
    if (x == 0 || E[x].mem != E[x - 1].mem)
      active.len = 0;
    /* drop what ended before this access starts */
    uint32_t w = 0;
    for (uint32_t j = 0; j < active.len; j++) {
      uint32_t y = MDL_VEC_AT(active, uint32_t, j);
      if (E[y].end > E[x].start)
        MDL_VEC_AT(active, uint32_t, w++) = y;
    }
    active.len = w;
    const mdl_access *ax = mdl_access_at(k, E[x].acc);
    if ((pairs += active.len) > SIM_PAIRS_MAX) {
      s->pairs_cut = true; /* the findings so far stand */
      break;
    }
    for (uint32_t j = 0; j < active.len; j++) {
      const entry *ey = &E[MDL_VEC_AT(active, uint32_t, j)];
      if (ey->inst == E[x].inst)
        continue;
      const mdl_access *ay = mdl_access_at(k, ey->acc);
      int r = mdl_conflict_rule(k, ey->inst, ay, E[x].inst, ax);
      if (r < 0)
        continue;
      mdl_rule rule = (mdl_rule)r;
      /* primary: later in program order on one core; across cores the
         reader, else the higher core (as the checker reports) */
      uint32_t a = ey->inst, b = E[x].inst;
      const mdl_access *aa = ay, *ab = ax;
      if (!b_primary(k, a, aa, b, ab)) {
        uint32_t t = a;
        a = b;
        b = t;
        const mdl_access *ta = aa;
        aa = ab;
        ab = ta;
      }
      bool forced = (a == fa && b == fb) || (a == fb && b == fa);
      hit |= forced;
      uint32_t sa = mdl_inst_at(k, a)->stmt, sb = mdl_inst_at(k, b)->stmt;
      uint32_t *slot = key_slot(keys, rule, sa, sb, k, s, base);
      sim_finding *dup =
          *slot ? &MDL_VEC_AT(s->findings, sim_finding, *slot - 1) : NULL;
      if (dup && !forced)
        continue;
      if (!dup && nkeys >= MAX_RACE_KEYS)
        continue;
      sim_finding *f = dup;
      if (!f) {
        f = mdl_vec_push(&s->findings, sizeof *f);
        *slot = s->findings.len;
        nkeys++;
      }
      f->rule = rule;
      f->a = a;
      f->b = b;
      f->runs = 1;
      f->mem = ab->mem;
      mdl_access_common(k, aa, ab, &f->lo, &f->hi);
      f->a_write = (aa->mode & MDL_ACC_WRITE) != 0;
      f->b_write = (ab->mode & MDL_ACC_WRITE) != 0;
      f->a_start = s->start[a];
      f->a_end = s->end[a];
      f->b_start = s->start[b];
      f->b_end = s->end[b];
    }
    *(uint32_t *)mdl_vec_push(&active, sizeof(uint32_t)) = x;
  }
  mdl_vec_free(&active);
  mdl_vec_free(&es);
  return hit;
}

/* ---------------------------------------------------------- figures */

typedef struct {
  int64_t lo, hi;
} ival;

static int ival_cmp(const void *x, const void *y) {
  const ival *a = x, *b = y;
  return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* Sorts and merges intervals in place; returns the merged count. */
static uint32_t merge(ival *v, uint32_t n) {
  if (!n)
    return 0;
  qsort(v, n, sizeof *v, ival_cmp);
  uint32_t w = 0;
  for (uint32_t i = 1; i < n; i++) {
    if (v[i].lo <= v[w].hi) {
      if (v[i].hi > v[w].hi)
        v[w].hi = v[i].hi;
    } else
      v[++w] = v[i];
  }
  return w + 1;
}

static int64_t length(const ival *v, uint32_t n) {
  int64_t t = 0;
  for (uint32_t i = 0; i < n; i++)
    t += v[i].hi - v[i].lo;
  return t;
}

static int64_t intersect(const ival *a, uint32_t na, const ival *b,
                         uint32_t nb) {
  int64_t t = 0;
  uint32_t i = 0, j = 0;
  while (i < na && j < nb) {
    int64_t lo = a[i].lo > b[j].lo ? a[i].lo : b[j].lo;
    int64_t hi = a[i].hi < b[j].hi ? a[i].hi : b[j].hi;
    if (lo < hi)
      t += hi - lo;
    if (a[i].hi < b[j].hi)
      i++;
    else
      j++;
  }
  return t;
}

/* Intervals of the ops of the cores whose type is ct (or core c when
** c >= 0) on pipe q. */
static uint32_t collect(const sim_plan *p, const sim_sched *s, int c,
                        int ct, uint8_t q, ival *out) {
  const mdl_kernel *k = p->k;
  uint32_t n = 0;
  for (uint32_t i = 0; i < p->n; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (p->ip[i].role != SR_OP || in->pipe != q || s->start[i] < 0 ||
        s->end[i] <= s->start[i])
      continue;
    if (c >= 0 ? in->core != (uint32_t)c
               : (int)k->cores[in->core].type != ct)
      continue;
    out[n].lo = s->start[i];
    out[n].hi = s->end[i];
    n++;
  }
  return merge(out, n);
}

static void critical_path(const sim_plan *p, const sim_sched *s,
                          sim_result *r) {
  const mdl_kernel *k = p->k;
  uint32_t last = SIM_NONE;
  for (uint32_t i = 0; i < p->n; i++)
    if (s->done[i] && (last == SIM_NONE || s->end[i] > s->end[last]))
      last = i;
  if (last == SIM_NONE)
    return;
  uint8_t *seen = calloc(p->n, 1);
  uint32_t node = SIM_NODE(last, SIM_N_END);
  uint64_t steps = 0;
  while (node != SIM_NODE_NONE && steps++ < 4ull * p->n + 16) {
    uint32_t i = node >> 2;
    const mdl_inst *in = mdl_inst_at(k, i);
    if (!seen[i]) {
      seen[i] = 1;
      r->crit_len++;
    }
    switch (node & 3) {
    case SIM_N_END:
      if (p->ip[i].role == SR_OP) {
        r->crit_exec[in->pipe] += s->end[i] - s->start[i];
        node = SIM_NODE(i, SIM_N_START);
      } else if ((p->ip[i].role == SR_SET || p->ip[i].role == SR_BSET)) {
        r->crit_sync += s->end[i] - s->start[i];
        node = SIM_NODE(i, SIM_N_START);
      } else if (s->released_by[i] != SIM_NONE &&
                 s->end[s->released_by[i]] >= s->start[i] &&
                 s->end[i] > s->start[i]) {
        node = SIM_NODE(s->released_by[i], SIM_N_END);
      } else {
        node = SIM_NODE(i, SIM_N_START);
      }
      break;
    case SIM_N_START:
      node = s->spred[i];
      break;
    default:
      node = s->ipred[i];
      break;
    }
  }
  free(seen);
}

void sim_figures(const sim_plan *p, const sim_sched *s, sim_result *r) {
  const mdl_kernel *k = p->k;
  ival *a = malloc((p->n ? p->n : 1) * sizeof *a);
  ival *b = malloc((p->n ? p->n : 1) * sizeof *b);
  if (!a || !b)
    abort();
  r->total = s->total;
  for (uint32_t c = 0; c < k->ncores; c++)
    for (uint8_t q = 0; q < MDL_NPIPE; q++)
      r->busy[c][q] = length(a, collect(p, s, (int)c, 0, q, a));
  bool aic = false, aiv = false;
  for (uint32_t c = 0; c < k->ncores; c++) {
    aic |= k->cores[c].type == MDL_CORE_AIC;
    aiv |= k->cores[c].type == MDL_CORE_AIV;
  }
  r->has_overlap = aic && aiv;
  if (r->has_overlap && s->total > 0) {
    uint32_t na = collect(p, s, -1, MDL_CORE_AIC, MDL_PIPE_M, a);
    uint32_t nb = collect(p, s, -1, MDL_CORE_AIV, MDL_PIPE_V, b);
    r->overlap = (double)intersect(a, na, b, nb) / (double)s->total;
  }
  free(a);
  free(b);
  critical_path(p, s, r);
}
