/*
** rep_promela.c -- `ksv export --format promela`: the sync skeleton of one
** concrete, unrolled kernel as a Promela model, so that SPIN checks the
** properties of SEMANTICS.md independently of ksv's engines.  Only reads
** the model (the instance graph after mdl_unroll).
**
** The model (docs/export.md has the full account):
**  - one process per (core, pipe) running that pipe's instances in issue
**    order; a per-core process for the scalar waits that are no pipe's
**    (a2 sync_block_wait, PIPE_ALL barriers, sync_block); the issue order
**    is an epoch per core: an instance starts only once every scalar wait
**    before it in program order has been released (rel_<core>);
**  - an instance is one atomic step.  Any one op at a time may instead be
**    held open (started, not ended: `ochain`, `opos`) and ended later by
**    the `closer` process: that is every overlap a race needs (an op's end
**    has no predecessor but its start, so any execution in which two ops
**    overlap can end every other op at once).  Starting an op asserts that
**    no conflicting access is in progress (per memory segment, the owner
**    `own_*` of the held op); a race is an assertion violation;
**  - in-order pipes start an instance after every earlier one of the pipe
**    ended; V (a2), MTE2 and MTE3 may overlap consecutive instances, until
**    a barrier or a wait; set_flag fires once every earlier instance of
**    its pipe ended, without blocking the pipe (a separate process fires
**    the sets of a pipe whose ops may be held open);
**  - intra-core flags count (--flag-model count, the default): a set
**    adds one, a wait blocks while the count is 0, then takes one; the
**    program-order double set is a static warning of ksv's, not a
**    property of an execution, so the model asserts nothing about it.
**    With --flag-model bit they are one bit (COUNT_PAIRING: counters,
**    ksv's count-based pairing); a wait blocks until set, then clears; a
**    set on a set flag violates an assertion (double-set).  Cross-core counters
**    count the sets of every participating sender; a wait blocks while the
**    counter is 0; more than 15 outstanding violates an assertion;
**  - a wait that is never released is an invalid end state (deadlock);
**    a flag or counter left set when every process ended violates an
**    assertion (unpaired-set).
*/
#include "rep.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX
#define NCH (3 * MDL_NPIPE)

/* Where an instance runs in the model. */
enum { X_SKIP, X_PIPE, X_SETS, X_CTL };

typedef struct {
  uint8_t where;               /* X_* */
  bool scalar;                 /* releases the issue of later instances */
  bool hold;                   /* op that may be held open */
  uint32_t chain;              /* chain members: core * 7 + pipe, else NONE */
  uint32_t pos;                /* 1-based position in its chain */
  uint32_t before;             /* sets: members of its chain before it */
  uint32_t epoch;              /* scalar waits before it on its core */
} xinst;

/* A group of accesses to one memory whose offsets compare: the same
** symbolic base (or none).  Segments are the elementary intervals of the
** group's access bounds. */
typedef struct {
  uint32_t mem;
  bool sym;
  uint32_t form;
  int64_t *bounds;             /* sorted, unique */
  uint32_t nb;
  uint32_t seg0;               /* first global segment id */
  bool multi;                  /* its memory has other groups */
} xgroup;

typedef struct {
  uint32_t inst;
  uint8_t mode;
} xacc;

typedef struct {
  uint32_t r;                  /* receiving core */
  int32_t f;                   /* flag id */
  bool active;                 /* increments happen (enough senders) */
  uint8_t senders;             /* bitmask of participating cores */
} xcounter;

typedef struct {
  const mdl_kernel *k;
  uint32_t n;
  xinst *x;
  xgroup *groups;
  uint32_t ngroups;
  uint32_t *acc_group;         /* per access: group */
  uint32_t *acc_s0, *acc_s1;   /* per access: segment range */
  uint32_t nseg;
  bool *live;                  /* per segment: two ops may conflict on it */
  bool held_chain[NCH];        /* some op of the chain may be held open */
  bool sets_proc[NCH];         /* the chain's sets run in their own process */
  bool observed[NCH];          /* another process waits for the chain's
                                  frontier: its members count their starts */
  bool any_hold;
  xcounter *ctr;
  uint32_t nctr;
  const char *ptype;           /* "short" or "int" for positions */
} xm;

static const char *pname(uint8_t p) {
  const char *s = mdl_pipe_name((mdl_pipe)p);
  return strncmp(s, "PIPE_", 5) ? s : s + 5;
}

static const char *clabel(const mdl_kernel *k, uint32_t c) {
  return k->cores[c].label;
}

/* Does the toolchain keep this sync (SEMANTICS.md 1: pipes the core lacks
** are compiled out; ids in range)?  Mirrors what ksv reports as
** invalid-sync, which is then modelled as absent. */
static bool sync_kept(const mdl_kernel *k, const mdl_inst *in) {
  const mdl_profile *pr = k->prof;
  mdl_core_type t = k->cores[in->core].type;
  switch (in->kind) {
  case MDL_I_SET:
  case MDL_I_WAIT:
    return in->pipe != MDL_PIPE_ALL && in->pipe2 != MDL_PIPE_ALL &&
           mdl_core_has_pipe(pr, t, (mdl_pipe)in->pipe) &&
           mdl_core_has_pipe(pr, t, (mdl_pipe)in->pipe2) && in->id >= 0 &&
           in->id <= pr->max_event_id;
  case MDL_I_BARRIER:
    return in->pipe != MDL_PIPE_S &&
           mdl_core_has_pipe(pr, t, (mdl_pipe)in->pipe);
  case MDL_I_BSET:
  case MDL_I_BWAIT:
    return mdl_core_has_pipe(pr, t, (mdl_pipe)in->pipe) && in->id >= 0 &&
           in->id <= pr->max_block_flag;
  default:
    return true;
  }
}

/* May consecutive instances of pipe p overlap (SEMANTICS.md 2)? */
static bool overlapping(const mdl_kernel *k, uint8_t p) {
  if (p == MDL_PIPE_V)
    return !k->prof->v_hw_ordered;
  return p == MDL_PIPE_MTE2 || p == MDL_PIPE_MTE3;
}

static bool scalar_bwait(const mdl_kernel *k, const mdl_inst *in) {
  return in->kind == MDL_I_BWAIT &&
         (k->prof->xcore_wait_scalar || in->pipe == MDL_PIPE_S);
}

/* ------------------------------------------------------------ analysis */

/* Places every instance: its process, chain position and issue epoch. */
static void place(xm *m) {
  const mdl_kernel *k = m->k;
  for (uint32_t c = 0; c < k->ncores; c++) {
    uint32_t cnt[MDL_NPIPE] = {0}, epoch = 0;
    for (uint32_t i = k->core_first[c]; i < k->core_first[c] + k->core_count[c];
         i++) {
      const mdl_inst *in = mdl_inst_at(k, i);
      xinst *x = &m->x[i];
      x->chain = NONE;
      x->epoch = epoch;
      if (!sync_kept(k, in)) {
        x->where = X_SKIP;
        continue;
      }
      uint8_t p = in->pipe;
      switch (in->kind) {
      case MDL_I_OP:
      case MDL_I_WAIT:
        x->where = X_PIPE;
        x->scalar = in->kind == MDL_I_WAIT && p == MDL_PIPE_S;
        break;
      case MDL_I_BARRIER:
        x->where = p == MDL_PIPE_ALL ? X_CTL : X_PIPE;
        x->scalar = p == MDL_PIPE_ALL;
        break;
      case MDL_I_BWAIT:
        x->scalar = scalar_bwait(k, in);
        x->where = x->scalar ? X_CTL : X_PIPE;
        break;
      case MDL_I_SYNC_ALL:
        x->where = X_CTL;
        x->scalar = true;
        break;
      case MDL_I_SET:
      case MDL_I_BSET:
        x->where = X_PIPE; /* X_SETS decided once holds are known */
        x->before = p < MDL_NPIPE ? cnt[p] : 0;
        break;
      }
      if (x->where == X_PIPE && in->kind != MDL_I_SET &&
          in->kind != MDL_I_BSET && p < MDL_NPIPE) {
        x->chain = c * MDL_NPIPE + p;
        x->pos = ++cnt[p];
      }
      if (x->scalar)
        epoch++;
    }
  }
}

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

static uint32_t seg_index(const xgroup *g, int64_t v) {
  uint32_t lo = 0, hi = g->nb;
  while (lo < hi) {
    uint32_t mid = (lo + hi) / 2;
    if (g->bounds[mid] < v)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* Could accesses x and y of two different ops overlap in time as a finding
** of ksv's rules (race, pipe-hazard, xcore-race)? */
static bool may_conflict(const xm *m, const xacc *x, const xacc *y) {
  if (x->inst == y->inst || !((x->mode | y->mode) & MDL_ACC_WRITE))
    return false;
  const xinst *a = &m->x[x->inst], *b = &m->x[y->inst];
  if (a->chain != b->chain)
    return true;
  uint8_t p = mdl_inst_at(m->k, x->inst)->pipe;
  if (!overlapping(m->k, p))
    return false;
  return p == MDL_PIPE_V ||
         ((x->mode & MDL_ACC_WRITE) && (y->mode & MDL_ACC_WRITE));
}

/* Groups, segments, live segments and the ops that may be held open. */
static void segments(xm *m) {
  const mdl_kernel *k = m->k;
  uint32_t na = k->accesses.len;
  m->acc_group = calloc(na ? na : 1, sizeof *m->acc_group);
  m->acc_s0 = calloc(na ? na : 1, sizeof *m->acc_s0);
  m->acc_s1 = calloc(na ? na : 1, sizeof *m->acc_s1);
  uint32_t cap = 0;
  for (uint32_t i = 0; i < m->n; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind != MDL_I_OP)
      continue;
    for (uint32_t a = in->acc_first; a < in->acc_first + in->nacc; a++) {
      const mdl_access *ac = mdl_access_at(k, a);
      uint32_t form = ac->sym ? ac->form : 0, g;
      for (g = 0; g < m->ngroups; g++)
        if (m->groups[g].mem == ac->mem && m->groups[g].sym == ac->sym &&
            m->groups[g].form == form)
          break;
      if (g == m->ngroups) {
        if (m->ngroups == cap) {
          cap = cap ? 2 * cap : 16;
          m->groups = realloc(m->groups, cap * sizeof *m->groups);
        }
        memset(&m->groups[g], 0, sizeof m->groups[g]);
        m->groups[g].mem = ac->mem;
        m->groups[g].sym = ac->sym;
        m->groups[g].form = form;
        m->ngroups++;
      }
      xgroup *gr = &m->groups[g];
      m->acc_group[a] = g;
      gr->bounds = realloc(gr->bounds, (gr->nb + 2) * sizeof *gr->bounds);
      gr->bounds[gr->nb++] = ac->lo;
      gr->bounds[gr->nb++] = ac->hi;
    }
  }
  for (uint32_t g = 0; g < m->ngroups; g++) {
    xgroup *gr = &m->groups[g];
    qsort(gr->bounds, gr->nb, sizeof *gr->bounds, cmp_i64);
    uint32_t u = 0;
    for (uint32_t j = 0; j < gr->nb; j++)
      if (!u || gr->bounds[j] != gr->bounds[u - 1])
        gr->bounds[u++] = gr->bounds[j];
    gr->nb = u;
    gr->seg0 = m->nseg;
    m->nseg += u ? u - 1 : 0;
    for (uint32_t h = 0; h < m->ngroups; h++)
      if (h != g && m->groups[h].mem == gr->mem)
        gr->multi = true;
  }
  /* accessors per segment */
  uint32_t *cnt = calloc(m->nseg + 1, sizeof *cnt);
  for (uint32_t i = 0; i < m->n; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind != MDL_I_OP)
      continue;
    for (uint32_t a = in->acc_first; a < in->acc_first + in->nacc; a++) {
      const mdl_access *ac = mdl_access_at(k, a);
      const xgroup *gr = &m->groups[m->acc_group[a]];
      m->acc_s0[a] = gr->seg0 + seg_index(gr, ac->lo);
      m->acc_s1[a] = gr->seg0 + seg_index(gr, ac->hi);
      for (uint32_t s = m->acc_s0[a]; s < m->acc_s1[a]; s++)
        cnt[s + 1]++;
    }
  }
  for (uint32_t s = 0; s < m->nseg; s++)
    cnt[s + 1] += cnt[s];
  xacc *acc = malloc((cnt[m->nseg] ? cnt[m->nseg] : 1) * sizeof *acc);
  uint32_t *fill = malloc((m->nseg + 1) * sizeof *fill);
  memcpy(fill, cnt, (m->nseg + 1) * sizeof *fill);
  for (uint32_t i = 0; i < m->n; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind != MDL_I_OP)
      continue;
    for (uint32_t a = in->acc_first; a < in->acc_first + in->nacc; a++)
      for (uint32_t s = m->acc_s0[a]; s < m->acc_s1[a]; s++) {
        acc[fill[s]].inst = i;
        acc[fill[s]++].mode = mdl_access_at(k, a)->mode;
      }
  }
  m->live = calloc(m->nseg ? m->nseg : 1, sizeof *m->live);
  for (uint32_t s = 0; s < m->nseg; s++) {
    bool writer = false, one_chain = true;
    for (uint32_t j = cnt[s]; j < cnt[s + 1]; j++) {
      writer |= (acc[j].mode & MDL_ACC_WRITE) != 0;
      one_chain &= m->x[acc[j].inst].chain == m->x[acc[cnt[s]].inst].chain;
    }
    if (!writer || (one_chain && cnt[s + 1] > cnt[s] &&
                    !overlapping(k, mdl_inst_at(k, acc[cnt[s]].inst)->pipe)))
      continue;
    for (uint32_t j = cnt[s]; j < cnt[s + 1] && !m->live[s]; j++)
      for (uint32_t l = j + 1; l < cnt[s + 1] && !m->live[s]; l++)
        m->live[s] = may_conflict(m, &acc[j], &acc[l]);
  }
  free(cnt);
  free(acc);
  free(fill);
  /* ops that touch a live segment, or a memory with several groups */
  for (uint32_t i = 0; i < m->n; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind != MDL_I_OP)
      continue;
    for (uint32_t a = in->acc_first; a < in->acc_first + in->nacc; a++) {
      bool h = m->groups[m->acc_group[a]].multi;
      for (uint32_t s = m->acc_s0[a]; s < m->acc_s1[a] && !h; s++)
        h = m->live[s];
      if (h) {
        m->x[i].hold = true;
        m->held_chain[m->x[i].chain] = true;
        m->any_hold = true;
      }
    }
  }
  /* sets of an overlapping pipe whose ops may be held open fire in their
     own process: they must not stop the pipe (SEMANTICS.md 3) */
  for (uint32_t i = 0; i < m->n; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    xinst *x = &m->x[i];
    if ((in->kind == MDL_I_SET || in->kind == MDL_I_BSET) &&
        x->where == X_PIPE && in->pipe < MDL_NPIPE) {
      uint32_t ch = in->core * MDL_NPIPE + in->pipe;
      if (m->held_chain[ch] && overlapping(k, in->pipe)) {
        x->where = X_SETS;
        m->sets_proc[ch] = true;
      }
    }
  }
}

/* Which chains' frontiers other steps wait for (sets fired by their own
** process, macro-op parts, unit flags, PIPE_ALL barriers, sync_block).
** A step of any other chain that neither blocks nor may be held open
** changes nothing another process sees, and is left out of the model. */
static void observe(xm *m) {
  const mdl_kernel *k = m->k;
  for (uint32_t ch = 0; ch < NCH; ch++)
    m->observed[ch] = m->sets_proc[ch];
  for (uint32_t c = 0; c < k->ncores; c++) {
    uint32_t uf_last = NONE;
    bool seen[MDL_NPIPE] = {false};
    for (uint32_t i = k->core_first[c]; i < k->core_first[c] + k->core_count[c];
         i++) {
      const mdl_inst *in = mdl_inst_at(k, i);
      const xinst *x = &m->x[i];
      if (x->where == X_SKIP)
        continue;
      if (in->kind == MDL_I_OP && in->after != ~0u)
        m->observed[m->x[in->after].chain] = true;
      if (in->kind == MDL_I_OP && in->unit_flag &&
          (in->pipe == MDL_PIPE_M || in->pipe == MDL_PIPE_FIX)) {
        if (uf_last != NONE && mdl_inst_at(k, uf_last)->pipe != in->pipe)
          m->observed[m->x[uf_last].chain] = true;
        uf_last = i;
      }
      if ((in->kind == MDL_I_BARRIER && in->pipe == MDL_PIPE_ALL) ||
          in->kind == MDL_I_SYNC_ALL)
        for (uint32_t q = 0; q < MDL_NPIPE; q++)
          if (seen[q] && (in->kind == MDL_I_BARRIER ||
                          in->pipe == MDL_PIPE_ALL || in->pipe == q))
            m->observed[c * MDL_NPIPE + q] = true;
      if (x->chain != NONE)
        seen[x->chain % MDL_NPIPE] = true;
    }
  }
}

/* Does a set of mode `mode` on core s feed the counter of core r
** (SEMANTICS.md 4, docs/semantics-decisions.md 3-4)? */
static bool feeds(const mdl_kernel *k, uint8_t mode, uint32_t s, uint32_t r) {
  mdl_core_type st = k->cores[s].type, rt = k->cores[r].type;
  switch ((mdl_xmode)mode) {
  case MDL_XMODE_INTRA_BLOCK:
    return st != rt;
  case MDL_XMODE_INTER_SUBBLOCK:
    return st == MDL_CORE_AIV && rt == MDL_CORE_AIV;
  case MDL_XMODE_INTER_BLOCK:
    return st == rt;
  }
  return false;
}

/* Cross-core counters: per (receiving core, flag) the cores whose sets
** increment it.  The k-th increment needs the k-th set of every core of
** the senders' type: a counter some of whose expected senders never set
** is never incremented. */
static void counters(xm *m) {
  const mdl_kernel *k = m->k;
  m->ctr = calloc((size_t)k->ncores * (k->prof->max_block_flag + 1) + 1,
                  sizeof *m->ctr);
  for (uint32_t r = 0; r < k->ncores; r++)
    for (int32_t f = 0; f <= k->prof->max_block_flag; f++) {
      uint8_t part = 0;
      bool waited = false;
      uint32_t anyp = NONE;
      for (uint32_t i = 0; i < m->n; i++) {
        const mdl_inst *in = mdl_inst_at(k, i);
        if (m->x[i].where == X_SKIP || in->id != f)
          continue;
        if (in->kind == MDL_I_BWAIT && in->core == r)
          waited = true;
        if (in->kind == MDL_I_BSET && feeds(k, in->mode, in->core, r)) {
          part |= (uint8_t)(1u << in->core);
          anyp = in->core;
        }
      }
      if (!part && !waited)
        continue;
      xcounter *c = &m->ctr[m->nctr++];
      c->r = r;
      c->f = f;
      c->senders = part;
      uint32_t nsend = 0, expected = 0;
      for (uint32_t s = 0; s < k->ncores; s++) {
        nsend += (part >> s) & 1u;
        if (anyp != NONE && k->cores[s].type == k->cores[anyp].type &&
            (s != r || k->cores[s].type == k->cores[r].type))
          expected++;
      }
      c->active = nsend && nsend >= expected;
    }
}

static const xcounter *counter_of(const xm *m, uint32_t r, int32_t f) {
  for (uint32_t i = 0; i < m->nctr; i++)
    if (m->ctr[i].r == r && m->ctr[i].f == f)
      return &m->ctr[i];
  return NULL;
}

/* ------------------------------------------------------------- writing */

static void flag_name(const mdl_kernel *k, const mdl_inst *in, char *buf,
                      size_t n) {
  uint8_t src = in->kind == MDL_I_SET ? in->pipe : in->pipe2;
  uint8_t dst = in->kind == MDL_I_SET ? in->pipe2 : in->pipe;
  snprintf(buf, n, "fl_%s_%s_%s_%d", clabel(k, in->core), pname(src),
           pname(dst), in->id);
}

/* "FR(c, K)": every member of chain c up to position K has ended. */
static void put_frontier(FILE *o, const xm *m, uint32_t ch, uint32_t K) {
  if (!K)
    fputs("true", o);
  else if (m->held_chain[ch])
    fprintf(o, "(st_%u >= %u && !(ochain == %u && opos <= %u))", ch, K, ch,
            K);
  else
    fprintf(o, "st_%u >= %u", ch, K);
}

/* Starts "atomic { GUARD -> " with the issue epoch and extra guards. */
static void put_guard(FILE *o, const xm *m, uint32_t i, const char *extra) {
  const mdl_inst *in = mdl_inst_at(m->k, i);
  const xinst *x = &m->x[i];
  bool any = false;
  fputs("  atomic { ", o);
  if (x->epoch) {
    fprintf(o, "rel_%u >= %u", (unsigned)in->core, x->epoch);
    any = true;
  }
  if (extra && *extra) {
    fprintf(o, "%s%s", any ? " && " : "", extra);
    any = true;
  }
  fputs(any ? " ->\n" : "\n", o);
}

static void put_comment(FILE *o, const mdl_kernel *k, uint32_t i) {
  const mdl_inst *in = mdl_inst_at(k, i);
  const mdl_stmt *s = MDL_VEC_AT(k->stmts, mdl_stmt *, in->stmt);
  const char *name = s->name ? s->name : mdl_inst_kind_name(in->kind);
  if (!strncmp(name, "hivm.hir.", 9))
    name += 9;
  fprintf(o, "  /* #%u %u:%u %s", i, in->loc.line, in->loc.col, name);
  if (in->kind == MDL_I_SET || in->kind == MDL_I_WAIT)
    fprintf(o, " %s->%s id %d",
            pname(in->kind == MDL_I_SET ? in->pipe : in->pipe2),
            pname(in->kind == MDL_I_SET ? in->pipe2 : in->pipe), in->id);
  else if (in->kind == MDL_I_BSET || in->kind == MDL_I_BWAIT)
    fprintf(o, " flag %d", in->id);
  else if (in->kind == MDL_I_BARRIER)
    fprintf(o, " %s", pname(in->pipe));
  fputs(" */\n", o);
}

static void put_cnt(FILE *o, const mdl_kernel *k, const xcounter *c) {
  fprintf(o, "cnt_%s_%d", clabel(k, c->r), c->f);
}

/* The race checks of op i, its chain's start counter and, maybe, holding
** it open. */
static void put_op_body(FILE *o, const xm *m, uint32_t i) {
  const mdl_kernel *k = m->k;
  const mdl_inst *in = mdl_inst_at(k, i);
  const xinst *x = &m->x[i];
  const char *ok = !overlapping(k, in->pipe) ? "OK_INORDER"
                   : in->pipe == MDL_PIPE_V  ? "OK_V"
                                             : "OK_DMA";
  if (x->hold)
    fputs("#ifndef NO_RACE\n", o);
  for (uint32_t a = in->acc_first; a < in->acc_first + in->nacc; a++) {
    const mdl_access *ac = mdl_access_at(k, a);
    const xgroup *gr = &m->groups[m->acc_group[a]];
    for (uint32_t s = m->acc_s0[a]; s < m->acc_s1[a]; s++)
      if (m->live[s] || gr->multi)
        fprintf(o, "    assert(no_race && %s(own_%u, %u, %u));\n", ok, s,
                x->chain, (unsigned)ac->mode);
    if (gr->multi)
      for (uint32_t h = 0; h < m->ngroups; h++)
        if (h != m->acc_group[a] && m->groups[h].mem == gr->mem)
          fprintf(o, "    assert(no_race && %s(gown_%u, %u, %u));\n", ok, h,
                  x->chain, (unsigned)ac->mode);
  }
  if (x->hold)
    fputs("#endif\n", o);
  if (m->observed[x->chain])
    fprintf(o, "    st_%u++", x->chain);
  else
    fputs("    skip", o);
  if (x->hold) {
    fprintf(o, "\n#ifndef NO_RACE\n    ;\n    if\n    :: ochain == NOCHAIN -> "
               "ochain = %u; opos = %u",
            x->chain, x->pos);
    for (uint32_t a = in->acc_first; a < in->acc_first + in->nacc; a++) {
      const mdl_access *ac = mdl_access_at(k, a);
      const xgroup *gr = &m->groups[m->acc_group[a]];
      unsigned code = ((x->chain + 1) << 2) | ac->mode;
      for (uint32_t s = m->acc_s0[a]; s < m->acc_s1[a]; s++)
        if (m->live[s] || gr->multi)
          fprintf(o, ";\n       own_%u = own_%u | %u", s, s, code);
      if (gr->multi)
        fprintf(o, ";\n       gown_%u = gown_%u | %u", m->acc_group[a],
                m->acc_group[a], code);
    }
    fputs("\n    :: true\n    fi\n#endif\n", o);
  }
  fputs(" }\n", o);
}

/* The firing of a set (intra-core flag or cross-core counters). */
static void put_fire(FILE *o, const xm *m, uint32_t i) {
  const mdl_kernel *k = m->k;
  const mdl_inst *in = mdl_inst_at(k, i);
  if (in->kind == MDL_I_SET) {
    char fl[64];
    flag_name(k, in, fl, sizeof fl);
    fprintf(o, "    SET_FLAG(%s) }\n", fl);
    return;
  }
  bool any = false;
  for (uint32_t r = 0; r < k->ncores; r++) {
    const xcounter *c = counter_of(m, r, in->id);
    if (!c || !c->active || !((c->senders >> in->core) & 1u) ||
        !feeds(k, in->mode, in->core, r))
      continue;
    fprintf(o, "%s    sent_%s_%s_%d++; assert(no_overflow && ",
            any ? ";\n" : "", clabel(k, in->core), clabel(k, r), in->id);
    put_cnt(o, k, c);
    fprintf(o, " <= %d)", k->prof->max_counter);
    any = true;
  }
  fputs(any ? " }\n" : "    skip /* feeds no counter */ }\n", o);
}

typedef struct {
  char *buf;
  size_t len;
  FILE *f;
  bool always;                 /* a step that is there without NO_RACE */
} stream;

static FILE *stream_open(stream *s) {
  if (!s->f)
    s->f = open_memstream(&s->buf, &s->len);
  return s->f;
}

/* Writes every process of core c into its stream. */
static void put_core(const xm *m, uint32_t c, stream *pipes, stream *sets,
                     stream *ctl, uint32_t *sync_all) {
  const mdl_kernel *k = m->k;
  uint32_t cnt[MDL_NPIPE] = {0};
  uint32_t uf_last = NONE;
  char g[512];
  for (uint32_t i = k->core_first[c]; i < k->core_first[c] + k->core_count[c];
       i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    const xinst *x = &m->x[i];
    if (x->where == X_SKIP)
      continue;
    uint8_t p = in->pipe < MDL_NPIPE ? in->pipe : 0;
    uint32_t ch = c * MDL_NPIPE + p;
    stream *sp = x->where == X_CTL    ? ctl
                 : x->where == X_SETS ? &sets[p]
                                      : &pipes[p];
    FILE *o = stream_open(sp);
    bool always = true; /* cleared for steps only the race check needs */
    put_comment(o, k, i);
    /* the previous member of an in-order pipe has ended */
    char prev[64] = "";
    if (!overlapping(k, p) && m->held_chain[ch])
      snprintf(prev, sizeof prev, "ochain != %u", ch);
    switch (in->kind) {
    case MDL_I_OP: {
      FILE *gs;
      char *gb = NULL;
      size_t gl = 0;
      gs = open_memstream(&gb, &gl);
      fputs(prev, gs);
      bool any = prev[0] != 0;
      if (in->after != ~0u) {
        fputs(any ? " && " : "", gs);
        put_frontier(gs, m, m->x[in->after].chain, m->x[in->after].pos);
        any = true;
      }
      if (in->unit_flag && (p == MDL_PIPE_M || p == MDL_PIPE_FIX)) {
        if (uf_last != NONE && mdl_inst_at(k, uf_last)->pipe != p) {
          fputs(any ? " && " : "", gs);
          put_frontier(gs, m, m->x[uf_last].chain, m->x[uf_last].pos);
        }
        uf_last = i;
      }
      fclose(gs);
      /* left out only without guards of its own: a later instance of the
         pipe starts after this one, so it inherits them (and the issue
         epoch only grows) */
      if (!m->observed[ch] && !x->hold && !gb[0]) {
        fputs("  /* (nothing waits for it, it cannot race) */\n", o);
        always = false;
      } else {
        bool only_race = !m->observed[ch] && !gb[0];
        if (only_race)
          fputs("#ifndef NO_RACE\n", o);
        put_guard(o, m, i, gb);
        put_op_body(o, m, i);
        if (only_race)
          fputs("#endif\n", o);
        always = !only_race;
      }
      free(gb);
      break;
    }
    case MDL_I_BARRIER:
      if (in->pipe == MDL_PIPE_ALL) {
        /* everything before it has ended; nothing after it is issued
           until then */
        FILE *gs;
        char *gb = NULL;
        size_t gl = 0;
        gs = open_memstream(&gb, &gl);
        bool any = false;
        for (uint32_t q = 0; q < MDL_NPIPE; q++)
          if (cnt[q]) {
            fputs(any ? " && " : "", gs);
            put_frontier(gs, m, c * MDL_NPIPE + q, cnt[q]);
            any = true;
          }
        fclose(gs);
        put_guard(o, m, i, gb);
        free(gb);
        fprintf(o, "    rel_%u++ }\n", c);
      } else {
        /* every earlier instance of the pipe has ended, overlapping or not */
        char all[64] = "";
        if (m->held_chain[ch])
          snprintf(all, sizeof all, "ochain != %u", ch);
        if (!m->observed[ch] && !m->held_chain[ch]) {
          fputs("  /* (orders nothing that is modelled) */\n", o);
          always = false;
        } else if (!m->observed[ch]) {
          always = false;
          fputs("#ifndef NO_RACE\n", o);
          put_guard(o, m, i, all);
          fputs("    skip }\n#endif\n", o);
        } else {
          put_guard(o, m, i, all);
          fprintf(o, "    st_%u++ }\n", ch);
        }
      }
      break;
    case MDL_I_SET:
    case MDL_I_BSET:
      if (x->where == X_SETS) {
        FILE *gs;
        char *gb = NULL;
        size_t gl = 0;
        gs = open_memstream(&gb, &gl);
        put_frontier(gs, m, ch, x->before);
        fclose(gs);
        put_guard(o, m, i, gb);
        free(gb);
      } else {
        put_guard(o, m, i, prev);
      }
      put_fire(o, m, i);
      break;
    case MDL_I_WAIT: {
      char fl[64];
      flag_name(k, in, fl, sizeof fl);
      snprintf(g, sizeof g, "%s%s%s > 0", prev, prev[0] ? " && " : "", fl);
      put_guard(o, m, i, g);
      fprintf(o, "    %s = %s - 1", fl, fl);
      if (m->observed[ch])
        fprintf(o, "; st_%u++", ch);
      if (x->scalar)
        fprintf(o, "; rel_%u++", c);
      fputs(" }\n", o);
      break;
    }
    case MDL_I_BWAIT: {
      const xcounter *ct = counter_of(m, c, in->id);
      if (!ct || !ct->active) {
        /* no increment ever reaches this counter */
        put_guard(o, m, i, "false");
        fputs("    skip }\n", o);
      } else {
        char *gb = NULL;
        size_t gl = 0;
        FILE *gs = open_memstream(&gb, &gl);
        if (!x->scalar && prev[0])
          fprintf(gs, "%s && ", prev);
        put_cnt(gs, k, ct);
        fputs(" > 0", gs);
        fclose(gs);
        put_guard(o, m, i, gb);
        free(gb);
        fprintf(o, "    cons_%s_%d++", clabel(k, c), in->id);
        if (x->scalar)
          fprintf(o, "; rel_%u++", c);
        else if (m->observed[ch])
          fprintf(o, "; st_%u++", ch);
        fputs(" }\n", o);
      }
      break;
    }
    case MDL_I_SYNC_ALL: {
      /* the m-th sync_block of every core meet */
      uint32_t nth = sync_all[c]++;
      char *gb = NULL;
      size_t gl = 0;
      FILE *gs = open_memstream(&gb, &gl);
      bool any = false;
      for (uint32_t q = 0; q < MDL_NPIPE; q++)
        if (cnt[q] && (in->pipe == MDL_PIPE_ALL || q == p)) {
          fputs(any ? " && " : "", gs);
          put_frontier(gs, m, c * MDL_NPIPE + q, cnt[q]);
          any = true;
        }
      fclose(gs);
      put_guard(o, m, i, gb);
      free(gb);
      fprintf(o, "    sa_%u++ }\n", nth);
      fprintf(o, "  atomic { sa_%u == SA_%u -> rel_%u++ }\n", nth, nth, c);
      break;
    }
    }
    sp->always |= always;
    if (x->chain != NONE)
      cnt[p]++;
  }
}

static void put_header(FILE *o, const xm *m, const char *file,
                       mdl_flag_model fm, const char *pt) {
  const mdl_kernel *k = m->k;
  bool bit = fm == MDL_FLAGS_BIT;
  fprintf(o,
          "/* Promela model of kernel %s (%s, %s), written by ksv export\n"
          "** --format promela from the unrolled instance graph (%u "
          "instances).\n"
          "** Check: spin -a THIS && gcc -DSAFETY -o pan pan.c && ./pan -c0 "
          "-m1000000\n",
          k->name, file, k->prof->name, m->n);
  if (bit)
    fprintf(o,
            "** (spin -DCOUNT_PAIRING: flags count like ksv's pairing; "
            "-DNO_RACE: no op\n** is held open and no race is looked for, "
            "a far smaller state space).\n"
            "** A race, pipe-hazard or xcore-race violates `no_race`, a "
            "double set\n"
            "** `no_double_set`, a counter past %d `no_overflow`, a flag or "
            "counter left\n",
            k->prof->max_counter);
  else
    fprintf(o,
            "** (spin -DNO_RACE: no op is held open and no race is looked "
            "for, a far\n** smaller state space).  Intra-core flags count "
            "their sets (--flag-model\n** count; a set never fails).\n"
            "** A race, pipe-hazard or xcore-race violates `no_race`, a "
            "counter past %d\n** `no_overflow`, a flag or counter left\n",
            k->prof->max_counter);
  fputs("** set at the end `no_unpaired`; a wait never released is an "
        "invalid end\n"
        "** state (deadlock).  docs/export.md describes the model. */\n\n",
        o);
  fputs("#define NOCHAIN 255\n"
        "/* owner of a segment: ((chain + 1) << 2) | modes (1 read, 2 write) "
        "of the\n** op held open; an access of chain c with modes w "
        "conflicts when one writes\n** and the chains differ, or on the "
        "same overlapping pipe: V on any write,\n** MTE2/MTE3 when both "
        "write */\n"
        "#define OK_INORDER(o, c, w) ((o) == 0 || (((o) | (w)) & 2) == 0 || "
        "((o) >> 2) == (c) + 1)\n"
        "#define OK_V(o, c, w) ((o) == 0 || (((o) | (w)) & 2) == 0)\n"
        "#define OK_DMA(o, c, w) ((o) == 0 || (((o) | (w)) & 2) == 0 || "
        "(((o) >> 2) == (c) + 1 && ((o) & (w) & 2) == 0))\n",
        o);
  if (bit)
    fputs("#ifdef COUNT_PAIRING\n"
          "#define FLAG byte\n"
          "#define SET_FLAG(f) assert(no_double_set && f == 0); f = f + 1\n"
          "#else\n"
          "#define FLAG bit\n"
          "#define SET_FLAG(f) assert(no_double_set && f == 0); f = 1\n"
          "#endif\n",
          o);
  else /* a flag counts at most every set of the kernel */
    fprintf(o,
            "#define FLAG %s\n"
            "#define SET_FLAG(f) f = f + 1\n",
            pt);
  fprintf(o,
          "#define MIN(a, b) ((a) < (b) -> (a) : (b))\n\n"
          "hidden byte no_race = 1, %sno_overflow = 1, no_unpaired = 1;\n",
          bit ? "no_double_set = 1, " : "");
}

/* The model compares byte segments only.  Where ksv's conflict relation
** (mdl_conflict_rule) says less -- views of one root that are disjoint
** in a dimension, the two AIVs of one logical vector program, the
** iterations of a {hivm.parallel_loop} -- the model would report races
** ksv does not: such a kernel is not exported.  Returns the reason, or
** NULL.  Quadratic in the instances; past 4000 any such feature refuses. */
static const char *bytes_differ(const mdl_kernel *k) {
  bool feature = k->aiv_one_program;
  for (uint32_t s = 0; s < k->nstmts && !feature; s++) {
    const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, s);
    feature = st->kind == MDL_S_FOR && st->u.loop.parallel;
  }
  for (uint32_t a = 0; a < k->accesses.len && !feature; a++)
    feature = mdl_access_at(k, a)->box != 0;
  if (!feature)
    return NULL;
  if (k->insts.len > 4000)
    return "the kernel has views compared per dimension, a logical vector "
           "program or a parallel_loop, and is too large to check that the "
           "model's byte ranges agree with ksv";
  for (uint32_t j = 0; j < k->insts.len; j++) {
    const mdl_inst *ib = mdl_inst_at(k, j);
    if (ib->kind != MDL_I_OP)
      continue;
    for (uint32_t i = 0; i < j; i++) {
      const mdl_inst *ia = mdl_inst_at(k, i);
      if (ia->kind != MDL_I_OP)
        continue;
      for (uint32_t x = 0; x < ia->nacc; x++)
        for (uint32_t y = 0; y < ib->nacc; y++) {
          const mdl_access *p = mdl_access_at(k, ia->acc_first + x);
          const mdl_access *q = mdl_access_at(k, ib->acc_first + y);
          if (p->mem != q->mem || !((p->mode | q->mode) & MDL_ACC_WRITE) ||
              p->sym != q->sym || (p->sym && p->form != q->form) ||
              p->lo >= q->hi || q->lo >= p->hi)
            continue; /* the model sees no common byte either */
          if (!mdl_insts_may_conflict(k, i, j))
            return "the two AIVs run one logical vector program (no "
                   "get_sub_block_idx), which the model does not express";
          if (!mdl_access_overlap(k, p, q))
            return "two views of one buffer are disjoint in a dimension "
                   "but not in bytes, which the model does not express";
          if (mdl_parallel_iters(k, ia, ib))
            return "iterations of a {hivm.parallel_loop} touch common "
                   "bytes (parallel-loop-conflict), which the model would "
                   "report as races";
        }
    }
  }
  return NULL;
}

int rep_promela(FILE *out, const mdl_kernel *k, const char *file,
                mdl_flag_model fm, char *why, size_t nwhy) {
  if (!k->unrolled || k->limit_hit) {
    snprintf(why, nwhy, "%s",
             k->limit_hit ? k->limit_hit : "the kernel was not unrolled");
    return -1;
  }
  /* incomplete programs (docs/semantics-decisions.md 50, 51): the model
     would block on the partner's waits, or stop at the cut as if the
     kernel ended there */
  if (k->open || k->cut_cores) {
    snprintf(why, nwhy, "%s",
             k->open ? "a lone half: its partner cores are not in this "
                       "input, so the model would wait for them forever"
                     : "the kernel is checked on a prefix of a loop past "
                       "--max-unroll, which has no end to model");
    return -1;
  }
  if (!k->concrete) {
    const mdl_lit *l =
        k->lits.len ? &MDL_VEC_AT(k->lits, mdl_lit, 0) : NULL;
    if (l)
      snprintf(why, nwhy,
               "not concrete: depends on %s at %u:%u, unknown at compile "
               "time; the Promela export needs known branches and trip "
               "counts",
               l->kind == 1 ? "the trip count of the loop" : "the condition",
               l->loc.line, l->loc.col);
    else
      snprintf(why, nwhy, "not concrete: unknown branches or trip counts");
    return -1;
  }
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind != MDL_I_OP && in->kind != MDL_I_BARRIER &&
        in->kind != MDL_I_SYNC_ALL && in->id < 0) {
      snprintf(why, nwhy,
               "the event id or flag of the sync at %u:%u is computed at "
               "run time; the Promela export needs constant ids",
               in->loc.line, in->loc.col);
      return -1;
    }
  }
  const char *differ = bytes_differ(k);
  if (differ) {
    snprintf(why, nwhy, "%s", differ);
    return -1;
  }
  xm m;
  memset(&m, 0, sizeof m);
  m.k = k;
  m.n = k->insts.len;
  m.x = calloc(m.n ? m.n : 1, sizeof *m.x);
  place(&m);
  segments(&m);
  observe(&m);
  counters(&m);
  const char *pt = m.n < 30000 ? "short" : "int";
  put_header(out, &m, file, fm, pt);

  /* processes, per core */
  uint32_t nsa[3] = {0, 0, 0};
  stream pipes[3][MDL_NPIPE], sets[3][MDL_NPIPE], ctl[3];
  memset(pipes, 0, sizeof pipes);
  memset(sets, 0, sizeof sets);
  memset(ctl, 0, sizeof ctl);
  for (uint32_t c = 0; c < k->ncores; c++)
    put_core(&m, c, pipes[c], sets[c], &ctl[c], nsa);

  /* globals */
  for (uint32_t c = 0; c < k->ncores; c++)
    fprintf(out, "%s rel_%u; /* scalar waits of %s released */\n", pt, c,
            clabel(k, c));
  for (uint32_t ch = 0; ch < NCH; ch++)
    if (m.observed[ch])
      fprintf(out, "%s st_%u; /* %s %s: instances started */\n", pt, ch,
              clabel(k, ch / MDL_NPIPE), pname((uint8_t)(ch % MDL_NPIPE)));
  fprintf(out, "byte ochain = NOCHAIN; %s opos; /* the op held open */\n", pt);
  for (uint32_t g = 0; g < m.ngroups; g++) {
    const xgroup *gr = &m.groups[g];
    const mdl_memory *mem = mdl_memory_at(k, gr->mem);
    for (uint32_t s = 0; s + 1 < gr->nb; s++)
      if (m.live[gr->seg0 + s] || gr->multi)
        fprintf(out, "byte own_%u; /* %s[0x%" PRIx64 ", 0x%" PRIx64 ")%s */\n",
                gr->seg0 + s, mem->name, (uint64_t)gr->bounds[s],
                (uint64_t)gr->bounds[s + 1], gr->sym ? " + symbolic base" : "");
    if (gr->multi)
      fprintf(out, "byte gown_%u; /* any of %s%s */\n", g, mem->name,
              gr->sym ? " + a symbolic base" : "");
  }
  /* flags */
  {
    char **names = NULL;
    uint32_t nn = 0;
    for (uint32_t i = 0; i < m.n; i++) {
      const mdl_inst *in = mdl_inst_at(k, i);
      if (m.x[i].where == X_SKIP ||
          (in->kind != MDL_I_SET && in->kind != MDL_I_WAIT))
        continue;
      char fl[64];
      flag_name(k, in, fl, sizeof fl);
      bool seen = false;
      for (uint32_t j = 0; j < nn && !seen; j++)
        seen = !strcmp(names[j], fl);
      if (!seen) {
        names = realloc(names, (nn + 1) * sizeof *names);
        names[nn++] = mdl_strprintf("%s", fl);
        fprintf(out, "FLAG %s;\n", fl);
      }
    }
    /* counters */
    const char *ct = m.n < 200 ? "byte" : pt;
    for (uint32_t i = 0; i < m.nctr; i++) {
      const xcounter *c = &m.ctr[i];
      if (!c->active)
        continue;
      fprintf(out, "%s cons_%s_%d", ct, clabel(k, c->r), c->f);
      for (uint32_t s = 0; s < k->ncores; s++)
        if ((c->senders >> s) & 1u)
          fprintf(out, ", sent_%s_%s_%d", clabel(k, s), clabel(k, c->r),
                  c->f);
      fputs(";\n#define ", out);
      put_cnt(out, k, c);
      fputs(" (", out);
      uint32_t ns = 0;
      for (uint32_t s = 0; s < k->ncores; s++)
        if ((c->senders >> s) & 1u)
          ns++;
      uint32_t done = 0;
      for (uint32_t s = 0; s < k->ncores; s++)
        if ((c->senders >> s) & 1u) {
          if (++done < ns)
            fputs("MIN(", out);
          fprintf(out, "sent_%s_%s_%d", clabel(k, s), clabel(k, c->r), c->f);
          if (done > 1)
            fputs(")", out);
          if (done < ns)
            fputs(", ", out);
        }
      fprintf(out, " - cons_%s_%d)\n", clabel(k, c->r), c->f);
    }
    for (uint32_t c = 0; c < k->ncores; c++)
      for (uint32_t s = 0; s < nsa[c]; s++) {
        bool first = true;
        for (uint32_t d = 0; d < c; d++)
          first &= nsa[d] <= s;
        if (!first)
          continue;
        /* the meeting waits for every core that has an s-th sync_block
           and every core its mode names (mdl_sync_all_cores: the hard
           SyncAll waits for the AIC too); one without it never comes */
        uint32_t want = 0;
        for (uint32_t d = 0; d < k->ncores; d++) {
          uint32_t nth = 0;
          for (uint32_t i = k->core_first[d];
               i < k->core_first[d] + k->core_count[d]; i++) {
            const mdl_inst *in = mdl_inst_at(k, i);
            if (in->kind == MDL_I_SYNC_ALL && nth++ == s)
              want |= (1u << d) |
                      (mdl_sync_all_cores(k, in->mode) & ~k->cut_cores);
          }
        }
        uint32_t np = (uint32_t)__builtin_popcount(want);
        fprintf(out, "byte sa_%u;\n#define SA_%u %u\n", s, s, np);
      }

    /* the processes: closer and fin first, so that the pipes (created
       after them) can all die and leave _nr_pr to fin */
    fputs("\n", out);
    if (m.any_hold) {
      fputs("active proctype closer() { /* ends the op held open */\n"
            "end: do\n"
            "  :: atomic { ochain != NOCHAIN ->\n     ",
            out);
      for (uint32_t s = 0; s < m.nseg; s++) {
        const xgroup *gr = NULL;
        for (uint32_t g = 0; g < m.ngroups; g++)
          if (s >= m.groups[g].seg0 &&
              s + 1 < m.groups[g].seg0 + m.groups[g].nb)
            gr = &m.groups[g];
        if (m.live[s] || (gr && gr->multi))
          fprintf(out, "own_%u = 0; ", s);
      }
      for (uint32_t g = 0; g < m.ngroups; g++)
        if (m.groups[g].multi)
          fprintf(out, "gown_%u = 0; ", g);
      fputs("ochain = NOCHAIN; opos = 0 }\n  od\n}\n\n", out);
    }
    /* the end: nothing left set */
    fprintf(out, "active proctype fin() { /* once every pipe has ended */\n"
                 "end: _nr_pr == %d;\n",
            m.any_hold ? 2 : 1);
    for (uint32_t j = 0; j < nn; j++) {
      fprintf(out, "  assert(no_unpaired && %s == 0);\n", names[j]);
      free(names[j]);
    }
    free(names);
    for (uint32_t i = 0; i < m.nctr; i++)
      if (m.ctr[i].active) {
        fputs("  assert(no_unpaired && ", out);
        put_cnt(out, k, &m.ctr[i]);
        fputs(" == 0);\n", out);
      }
    fputs("  skip\n}\n\n", out);
    for (uint32_t c = 0; c < k->ncores; c++) {
      for (uint32_t p = 0; p <= MDL_NPIPE; p++)
        for (int which = 0; which < 2; which++) {
          stream *s = p == MDL_NPIPE ? (which ? NULL : &ctl[c])
                      : which        ? &sets[c][p]
                                     : &pipes[c][p];
          if (!s || !s->f)
            continue;
          fclose(s->f);
          if (p == MDL_NPIPE)
            fprintf(out, "active proctype scalar_%s() { /* its scalar waits "
                         "that are no pipe's */\n",
                    clabel(k, c));
          else
            fprintf(out, "active proctype %s_%s_%s() {\n",
                    which ? "sets" : "pipe", clabel(k, c), pname((uint8_t)p));
          fwrite(s->buf, 1, s->len, out);
          /* a body needs a statement */
          fputs(s->always ? "}\n\n" : "#ifdef NO_RACE\n  skip\n#endif\n}\n\n",
                out);
          free(s->buf);
        }
    }
  }
  for (uint32_t g = 0; g < m.ngroups; g++)
    free(m.groups[g].bounds);
  free(m.groups);
  free(m.acc_group);
  free(m.acc_s0);
  free(m.acc_s1);
  free(m.live);
  free(m.ctr);
  free(m.x);
  return 0;
}
