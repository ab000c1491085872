/*
** chk_graph.c -- the graph engine: exact happens-before on concrete
** kernels (SEMANTICS.md section 5).
**
** Every instance i has an issue node I(i), a start S(i) and an end E(i);
** every member of a pipe chain also has a frontier node C(i) = "every
** instance of this chain up to i has ended".  All constraints are edges
** x -> y meaning time(x) <= time(y).  With no upper bounds, "a must end
** before b starts" is exactly reachability C(a) ~> S(b), and frontiers of
** one chain are monotone, so one vector clock per node (the highest
** frontier of each chain that reaches it) answers every ordering query
** in O(1).  Races are found per memory by scanning, for each access, only
** the accesses of each chain that are not ordered before it.
*/
#include "chk.h"

#include "chk_int.h"

#include "../model/mdl_build.h"
#include "chk_graph_x.h"

#include <limits.h>

#include <stdio.h>

#include <stdlib.h>

#include <string.h>

#include <time.h>


_Static_assert(NCH_MAX <= 32, "find_races keeps a bit per chain");

void chk_options_default(chk_options *o) {
  memset(o, 0, sizeof *o); /* every field, stats and valuations too */
  o->explain = false;
  o->redundant = true;
  o->redundant_budget = 400000000ull;
  o->timeout_ms = 10000;
  o->budget_s = 600;
  o->sym_bound = 8;
  o->enum_max = 256;
  o->max_memory_mb = 4096;
  o->max_findings = UINT32_MAX;
}

typedef chk_edge edge;

double chk_wall(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double chk_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* node numbering */
#define NI(i) (4 * (i))

#define NE(i) (4 * (i) + 2)

#define NC(i) (4 * (i) + 3)

static void add_edge_c(gx *g, uint32_t from, uint32_t to, uint32_t cond) {
  /* (the common case without a call: millions of edges at 1M instances) */
  edge *e = g->edges.len < g->edges.cap
                ? (edge *)g->edges.data + g->edges.len++
                : mdl_vec_push(&g->edges, sizeof *e);
  e->from = from;
  e->to = to;
  e->cond = cond;
}

static void add_edge(gx *g, uint32_t from, uint32_t to) {
  add_edge_c(g, from, to, NONE);
}

static uint32_t new_node(gx *g) { return g->nnodes++; }

const mdl_inst *chk_graph_I(const gx *g, uint32_t i) {
  return mdl_inst_at(g->k, i);
}

bool chk_graph_inst_disabled(const gx *g, uint32_t i) {
  const mdl_inst *in = chk_graph_I(g, i);
  return g->disabled && in->kind != MDL_I_OP && !in->implicit &&
         g->disabled[in->stmt];
}

/* Is pipe p of core type ct present?  Syncs naming absent pipes are
** dropped by the toolchain: modelled as absent (invalid-sync reports
** them). */
static bool pipe_ok(const mdl_kernel *k, uint32_t core, uint8_t p) {
  if (p == MDL_PIPE_ALL)
    return true;
  return mdl_core_has_pipe(k->prof, k->cores[core].type, (mdl_pipe)p);
}

void chk_xwait_ranks(const mdl_kernel *k, const uint32_t *waits, uint32_t n,
                     uint32_t *rank) {
  uint32_t per[MDL_PIPE_COUNT + 1] = {0}; /* earlier waits per pipe */
  for (uint32_t w = 0; w < n; w++) {
    uint8_t p = mdl_inst_at(k, waits[w])->pipe;
    uint32_t pi = p < MDL_PIPE_COUNT ? p : MDL_PIPE_COUNT;
    rank[w] = k->prof->xcore_wait_scalar ? w
              : per[pi] + (p != MDL_PIPE_S ? per[MDL_PIPE_S] : 0);
    per[pi]++;
  }
}

bool chk_xset_ranks(const mdl_kernel *k, const uint32_t *sets, uint32_t n,
                    uint32_t *rank) {
  uint32_t tot[MDL_PIPE_COUNT + 1] = {0}, seen[MDL_PIPE_COUNT + 1] = {0};
  for (uint32_t j = 0; j < n; j++) {
    uint8_t p = mdl_inst_at(k, sets[j])->pipe;
    tot[p < MDL_PIPE_COUNT ? p : MDL_PIPE_COUNT]++;
  }
  bool multi = false;
  for (uint32_t j = 0; j < n; j++) {
    uint8_t p = mdl_inst_at(k, sets[j])->pipe;
    uint32_t pi = p < MDL_PIPE_COUNT ? p : MDL_PIPE_COUNT;
    /* the earlier ones on its pipe, every one on another pipe */
    rank[j] = seen[pi] + (n - tot[pi]);
    multi |= tot[pi] != n;
    seen[pi]++;
  }
  return multi;
}

bool chk_sync_valid(const mdl_kernel *k, const mdl_inst *in) {
  const mdl_profile *pr = k->prof;
  switch (in->kind) {
  case MDL_I_SET:
  case MDL_I_WAIT:
    /* (an id computed at run time, -1, is range-checked by the SMT
       engine, the only one that decides such kernels) */
    return pipe_ok(k, in->core, in->pipe) && pipe_ok(k, in->core, in->pipe2) &&
           in->pipe != MDL_PIPE_ALL && in->pipe2 != MDL_PIPE_ALL &&
           in->id >= -1 && in->id <= pr->max_event_id;
  case MDL_I_BARRIER:
    return pipe_ok(k, in->core, in->pipe) && in->pipe != MDL_PIPE_S;
  case MDL_I_BSET:
  case MDL_I_BWAIT:
    return pipe_ok(k, in->core, in->pipe) && in->id >= -1 &&
           in->id <= pr->max_block_flag;
  default:
    return true;
  }
}

static bool sync_valid(const gx *g, const mdl_inst *in) {
  return chk_sync_valid(g->k, in);
}

/* in-order-completion pipes: an instance starts after the previous one
** of its pipe ended.  Only V (a2), MTE2 and MTE3 may overlap. */
static bool overlapping_pipe(const gx *g, uint8_t p) {
  if (p == MDL_PIPE_V)
    return !g->k->prof->v_hw_ordered;
  return p == MDL_PIPE_MTE2 || p == MDL_PIPE_MTE3;
}

/* ------------------------------------------------------------- building */

typedef struct {
  uint32_t last;      /* last instance on the chain, NONE */
  uint32_t blocker;   /* node that must precede the next start, NONE */
  uint32_t bcond;     /* instance whose existence the blocker needs */
  uint32_t count;
} chainst;

typedef struct {
  uint32_t core;
  uint8_t src, dst;
  int32_t id;
} flagkey;

typedef struct {
  flagkey key;
  mdl_vec sets, waits; /* uint32_t instance ids */
} flagrec;

static flagrec *flag_get(mdl_vec *recs, const flagkey *k) {
  for (uint32_t i = 0; i < recs->len; i++) {
    flagrec *r = &MDL_VEC_AT(*recs, flagrec, i);
    if (r->key.core == k->core && r->key.src == k->src &&
        r->key.dst == k->dst && r->key.id == k->id)
      return r;
  }
  flagrec *r = mdl_vec_push(recs, sizeof *r);
  r->key = *k;
  return r;
}

finding *chk_graph_add_finding(gx *g, mdl_rule rule, uint32_t b, uint32_t a) {
  finding *f = mdl_vec_push(&g->findings, sizeof *f);
  f->rule = rule;
  f->b = b;
  f->a = a;
  f->mem = NONE;
  return f;
}

static void build_core(gx *g, uint32_t c, chainst *ch) {
  const mdl_kernel *k = g->k;
  uint32_t first = k->core_first[c], cnt = k->core_count[c];
  uint32_t prev_issue = NONE;
  uint32_t issue_blocker = NONE; /* scalar wait release -> next issue */
  uint32_t issue_cond = NONE;
  uint32_t uf_last = NONE;       /* last unit-flag instance (M or FIX) */
  for (uint32_t i = first; i < first + cnt; i++) {
    const mdl_inst *in = chk_graph_I(g, i);
    bool disabled = chk_graph_inst_disabled(g, i) || !sync_valid(g, in);
    /* issue chain */
    if (prev_issue != NONE)
      add_edge(g, NI(prev_issue), NI(i));
    if (issue_blocker != NONE) {
      add_edge_c(g, issue_blocker, NI(i), issue_cond);
      issue_blocker = NONE;
    }
    prev_issue = i;
    add_edge(g, NI(i), NS(i));
    add_edge(g, NS(i), NE(i));
    if (disabled)
      continue;
    /* edges out of an end go through its frontier node, so that vector
       clocks carry them (the MTE1 part is a chain member) */
    if (in->after != ~0u)
      add_edge(g, g->chain[in->after] != NONE ? NC(in->after)
                                               : NE(in->after), NS(i));
    uint8_t p = in->pipe;
    bool scalar_wait = false;
    if (in->kind == MDL_I_WAIT && p == MDL_PIPE_S)
      scalar_wait = true;
    if (in->kind == MDL_I_BWAIT &&
        (k->prof->xcore_wait_scalar || p == MDL_PIPE_S))
      scalar_wait = true;
    if (in->kind == MDL_I_SYNC_ALL)
      scalar_wait = true;
    if (in->kind == MDL_I_BARRIER && p == MDL_PIPE_ALL) {
      /* everything before completes before anything after starts */
      for (uint32_t q = 0; q < MDL_NPIPE; q++) {
        chainst *cs = &ch[c * MDL_NPIPE + q];
        if (cs->last != NONE)
          add_edge(g, NC(cs->last), NS(i));
      }
      issue_blocker = NE(i);
      issue_cond = i;
      g->xpos[i] = ++g->xcount[c];
      continue;
    }
    if (in->kind == MDL_I_SET || in->kind == MDL_I_BSET) {
      /* side node: fires after every earlier instance of its pipe */
      chainst *cs = &ch[c * MDL_NPIPE + (p < MDL_NPIPE ? p : 0)];
      if (cs->last != NONE)
        add_edge(g, NC(cs->last), NS(i));
      continue;
    }
    if (in->kind == MDL_I_SYNC_ALL) {
      uint8_t q = p < MDL_NPIPE ? p : MDL_PIPE_S;
      if (p == MDL_PIPE_ALL) {
        for (uint32_t r = 0; r < MDL_NPIPE; r++) {
          chainst *cs = &ch[c * MDL_NPIPE + r];
          if (cs->last != NONE)
            add_edge(g, NC(cs->last), NS(i));
        }
      } else {
        chainst *cs = &ch[c * MDL_NPIPE + q];
        if (cs->last != NONE)
          add_edge(g, NC(cs->last), NS(i));
      }
      issue_blocker = NE(i);
      issue_cond = i;
      g->xpos[i] = ++g->xcount[c];
      continue;
    }
    if (scalar_wait) {
      /* the scalar unit stops: nothing later is issued until release */
      issue_blocker = NE(i);
      issue_cond = i;
      if (in->kind == MDL_I_WAIT)
        p = MDL_PIPE_S;
      else {
        g->xpos[i] = ++g->xcount[c];
        continue;
      }
    }
    if (p >= MDL_NPIPE)
      continue;
    uint32_t cid = c * MDL_NPIPE + p;
    chainst *cs = &ch[cid];
    g->chain[i] = cid;
    g->pos[i] = ++cs->count;
    if (cs->last != NONE) {
      add_edge(g, NS(cs->last), NS(i));
      add_edge(g, NC(cs->last), NC(i));
    }
    if (cs->blocker != NONE)
      add_edge_c(g, cs->blocker, NS(i), cs->bcond);
    add_edge(g, NE(i), NC(i));
    cs->bcond = NONE;
    if (in->kind == MDL_I_BARRIER) {
      if (cs->last != NONE) /* (an absent barrier must not pass it on) */
        add_edge_c(g, NC(cs->last), NS(i), i);
      cs->blocker = NE(i);
      cs->bcond = i;
    } else if (in->kind == MDL_I_WAIT || in->kind == MDL_I_BWAIT) {
      cs->blocker = NE(i);
      cs->bcond = i;
    } else if (!overlapping_pipe(g, p)) {
      cs->blocker = NC(i); /* an absent op passes its chain's order on */
    } else {
      cs->blocker = NONE;
    }
    cs->last = i;
    /* unit flags: M write -> FIX read -> next M write, in program order */
    if (in->kind == MDL_I_OP && in->unit_flag &&
        (p == MDL_PIPE_M || p == MDL_PIPE_FIX)) {
      if (uf_last != NONE && chk_graph_I(g, uf_last)->pipe != p)
        add_edge_c(g, NC(uf_last), NS(i), uf_last);
      uf_last = i;
    }
  }
}

/* Cross-core matching.  Returns false when the kernel cannot be decided. */
static void match_xcore(gx *g, uint32_t *xnode_of_set) {
  const mdl_kernel *k = g->k;
  /* per (core, flag id): sequence of increments (nodes) and waits */
  uint32_t nc = k->ncores;
  /* the cross-core syncs, in instance order (by core, program order) */
  mdl_vec xs = {0};
  for (uint32_t i = 0; i < g->n; i++)
    if (chk_graph_I(g, i)->kind == MDL_I_BSET ||
        chk_graph_I(g, i)->kind == MDL_I_BWAIT)
      *(uint32_t *)mdl_vec_push(&xs, sizeof(uint32_t)) = i;
  uint64_t used = 0; /* flag ids that occur (0..63) */
  for (uint32_t xi = 0; xi < xs.len; xi++) {
    int32_t id = chk_graph_I(g, MDL_VEC_AT(xs, uint32_t, xi))->id;
    if (id >= 0 && id < 64)
      used |= 1ull << id;
  }
  for (int32_t f = 0; f <= k->prof->max_block_flag && xs.len; f++) {
    if (f < 64 && !((used >> f) & 1))
      continue;
    for (uint32_t r = 0; r < nc; r++) {
      /* a lone half: a counter the missing partner feeds is the
         environment's (its waits are open, released at any time) */
      if (chk_open_counter(k, r, f))
        continue;
      mdl_vec incs = {0}, incset = {0}, waits = {0};
      /* waits on core r */
      for (uint32_t xi = 0; xi < xs.len; xi++) {
        uint32_t i = MDL_VEC_AT(xs, uint32_t, xi);
        const mdl_inst *in = chk_graph_I(g, i);
        if (in->core != r)
          continue;
        if (in->kind == MDL_I_BWAIT && in->id == f &&
            !chk_graph_inst_disabled(g, i) && sync_valid(g, in))
          *(uint32_t *)mdl_vec_push(&waits, sizeof(uint32_t)) = i;
      }
      /* increments: sets that feed core r */
      mdl_core_type rt = k->cores[r].type;
      /* collect per-sender sequences */
      mdl_vec seq[3] = {{0}, {0}, {0}};
      bool part[3] = {false, false, false};
      for (uint32_t s = 0; s < nc; s++) {
        for (uint32_t xi = 0; xi < xs.len; xi++) {
          uint32_t i = MDL_VEC_AT(xs, uint32_t, xi);
          const mdl_inst *in = chk_graph_I(g, i);
          if (in->core != s || in->kind != MDL_I_BSET || in->id != f ||
              chk_graph_inst_disabled(g, i) || !sync_valid(g, in))
            continue;
          mdl_core_type st = k->cores[s].type;
          bool feeds = false;
          switch ((mdl_xmode)in->mode) {
          case MDL_XMODE_INTRA_BLOCK:
            feeds = st != rt;
            break;
          case MDL_XMODE_INTER_SUBBLOCK:
            feeds = st == MDL_CORE_AIV && rt == MDL_CORE_AIV;
            break;
          case MDL_XMODE_INTER_BLOCK:
            feeds = st == rt;
            break;
          }
          if (!feeds)
            continue;
          part[s] = true;
          *(uint32_t *)mdl_vec_push(&seq[s], sizeof(uint32_t)) = i;
        }
      }
      /* the k-th increment happens when every participating sender has
         done its k-th set */
      uint32_t nsend = 0, minlen = UINT32_MAX, maxlen = 0;
      for (uint32_t s = 0; s < nc; s++)
        if (part[s]) {
          nsend++;
          if (seq[s].len < minlen)
            minlen = seq[s].len;
          if (seq[s].len > maxlen)
            maxlen = seq[s].len;
        }
      /* senders of a mode that needs several cores: AIV->AIC needs both
         AIVs; if one AIV never sets, the increments never happen */
      uint32_t expected = 0;
      for (uint32_t s = 0; s < nc; s++) {
        if (!nsend)
          break;
        /* which cores must participate: same type as the participants */
        uint32_t anyp = NONE;
        for (uint32_t q = 0; q < nc; q++)
          if (part[q])
            anyp = q;
        if (anyp != NONE && k->cores[s].type == k->cores[anyp].type &&
            (s != r || k->cores[s].type == rt))
          expected++;
      }
      if (nsend && nsend < expected)
        minlen = 0;
      if (!nsend)
        minlen = 0;
      /* a sender that sets this counter from several pipes: its sets
         fire in any order across the pipes (chk_xset_ranks) */
      bool multi = false;
      uint32_t *srank[3] = {NULL, NULL, NULL};
      for (uint32_t s = 0; s < nc; s++)
        if (part[s]) {
          srank[s] = malloc((seq[s].len ? seq[s].len : 1) * sizeof(uint32_t));
          multi |= chk_xset_ranks(k, seq[s].data, seq[s].len, srank[s]);
        }
      for (uint32_t m = 0; m < minlen; m++) {
        uint32_t node;
        if (multi) {
          /* the (m+1)-th firing follows every set that at most m others
             can precede */
          node = new_node(g);
          for (uint32_t s = 0; s < nc; s++)
            for (uint32_t q = 0; part[s] && q < seq[s].len; q++)
              if (srank[s][q] <= m)
                add_edge(g, NS(MDL_VEC_AT(seq[s], uint32_t, q)), node);
        } else if (nsend == 1) {
          uint32_t s = 0;
          while (!part[s])
            s++;
          node = NS(MDL_VEC_AT(seq[s], uint32_t, m));
        } else {
          node = new_node(g);
          for (uint32_t s = 0; s < nc; s++)
            if (part[s])
              add_edge(g, NS(MDL_VEC_AT(seq[s], uint32_t, m)), node);
        }
        *(uint32_t *)mdl_vec_push(&incs, sizeof(uint32_t)) = node;
        uint32_t rep = NONE;
        for (uint32_t s = 0; s < nc && rep == NONE; s++)
          if (part[s])
            rep = MDL_VEC_AT(seq[s], uint32_t, m);
        *(uint32_t *)mdl_vec_push(&incset, sizeof(uint32_t)) = rep;
      }
      /* match waits: the w-th wait passes after increment number
         xwait_rank(w) (program order on a2, fewer on a5) */
      uint32_t *rank = malloc((waits.len ? waits.len : 1) * sizeof *rank);
      chk_xwait_ranks(k, waits.data, waits.len, rank);
      for (uint32_t w = 0; w < waits.len; w++) {
        uint32_t wi = MDL_VEC_AT(waits, uint32_t, w);
        if (rank[w] < incs.len) {
          add_edge(g, MDL_VEC_AT(incs, uint32_t, rank[w]), NE(wi));
          g->wait_partner[wi] = MDL_VEC_AT(incset, uint32_t, rank[w]);
        }
        if (w == incs.len && !k->cut_cores) { /* (a cut: not decided) */
          finding *fd = chk_graph_add_finding(g, MDL_RULE_DEADLOCK, wi, NONE);
          fd->msg = mdl_strprintf(
              "sync_block_wait on flag %d waits forever: only %u matching "
              "sync_block_set%s reach %s, this is wait number %u",
              f, incs.len, incs.len == 1 ? "" : "s", k->cores[r].label,
              w + 1);
          g->deadlock = true;
        }
      }
      /* leftovers and overflow */
      if (incs.len > waits.len && !k->cut_cores) {
        uint32_t si = MDL_VEC_AT(incset, uint32_t, waits.len);
        finding *fd = chk_graph_add_finding(g, MDL_RULE_UNPAIRED_SET, si, NONE);
        fd->msg = mdl_strprintf(
            "sync_block_set on flag %d leaves the counter of %s at %u when "
            "the kernel ends: %u set%s, %u wait%s",
            f, k->cores[r].label, incs.len - waits.len, incs.len,
            incs.len == 1 ? "" : "s", waits.len, waits.len == 1 ? "" : "s");
      }
      for (uint32_t m = (uint32_t)k->prof->max_counter; m < incs.len; m++) {
        /* increment m (0-based) overflows unless wait m-15 released:
           a wait of rank >= m-15, after which m-14 waits have passed */
        uint32_t need = m - (uint32_t)k->prof->max_counter, nw = need;
        while (nw < waits.len && rank[nw] < need)
          nw++;
        if (nw >= waits.len && k->cut_cores)
          break; /* the consuming wait may come after the cut */
        if (nw >= waits.len) {
          /* checked after the graph is closed: mark with a=NONE */
          finding *fd = chk_graph_add_finding(
              g, MDL_RULE_FLAG_OVERFLOW, MDL_VEC_AT(incset, uint32_t, m), NONE);
          fd->mem = MDL_VEC_AT(incs, uint32_t, m);
          fd->lo = -1;
          fd->msg = mdl_strprintf(
              "the counter of flag %d on %s can exceed %d: %u sets are "
              "outstanding before enough waits exist",
              f, k->cores[r].label, k->prof->max_counter, m + 1);
          break;
        }
        finding *fd = chk_graph_add_finding(g, MDL_RULE_FLAG_OVERFLOW,
                                            MDL_VEC_AT(incset, uint32_t, m),
                                            MDL_VEC_AT(waits, uint32_t, nw));
        fd->mem = MDL_VEC_AT(incs, uint32_t, m); /* node to test */
        fd->lo = 1; /* "to be confirmed" */
      }
      (void)xnode_of_set;
      free(rank);
      for (uint32_t s = 0; s < 3; s++)
        free(srank[s]);
      for (uint32_t s = 0; s < 3; s++)
        mdl_vec_free(&seq[s]);
      mdl_vec_free(&incs);
      mdl_vec_free(&incset);
      mdl_vec_free(&waits);
    }
  }
  mdl_vec_free(&xs);
}

static void match_flags(gx *g, mdl_vec *recs) {
  const mdl_kernel *k = g->k;
  for (uint32_t i = 0; i < g->n; i++) {
    const mdl_inst *in = chk_graph_I(g, i);
    if ((in->kind != MDL_I_SET && in->kind != MDL_I_WAIT) ||
        chk_graph_inst_disabled(g, i) || !sync_valid(g, in))
      continue;
    flagkey fk;
    fk.core = in->core;
    fk.src = in->kind == MDL_I_SET ? in->pipe : in->pipe2;
    fk.dst = in->kind == MDL_I_SET ? in->pipe2 : in->pipe;
    fk.id = in->id;
    flagrec *r = flag_get(recs, &fk);
    *(uint32_t *)mdl_vec_push(in->kind == MDL_I_SET ? &r->sets : &r->waits,
                              sizeof(uint32_t)) = i;
  }
  for (uint32_t j = 0; j < recs->len; j++) {
    flagrec *r = &MDL_VEC_AT(*recs, flagrec, j);
    uint32_t ns = r->sets.len, nw = r->waits.len;
    for (uint32_t w = 0; w < nw; w++) {
      uint32_t wi = MDL_VEC_AT(r->waits, uint32_t, w);
      if (w < ns) {
        uint32_t si = MDL_VEC_AT(r->sets, uint32_t, w);
        add_edge(g, NS(si), NE(wi));
        g->wait_partner[wi] = si;
      } else if (w == ns && !chk_cut_core(k, r->key.core)) {
        finding *fd = chk_graph_add_finding(g, MDL_RULE_DEADLOCK, wi, NONE);
        fd->msg = mdl_strprintf(
            "wait_flag[%s, %s, EVENT_ID%d] on %s waits forever: it is wait "
            "number %u but only %u matching set_flag%s execute%s",
            mdl_pipe_name((mdl_pipe)r->key.src),
            mdl_pipe_name((mdl_pipe)r->key.dst), r->key.id,
            k->cores[r->key.core].label, w + 1, ns, ns == 1 ? "" : "s",
            ns == 1 ? "s" : "");
        g->deadlock = true;
      }
    }
    if (ns > nw && !chk_cut_core(k, r->key.core)) {
      uint32_t si = MDL_VEC_AT(r->sets, uint32_t, nw);
      finding *fd = chk_graph_add_finding(g, MDL_RULE_UNPAIRED_SET, si, NONE);
      fd->msg = mdl_strprintf(
          "set_flag[%s, %s, EVENT_ID%d] on %s is still set when the kernel "
          "ends: %u set%s but %u wait%s",
          mdl_pipe_name((mdl_pipe)r->key.src),
          mdl_pipe_name((mdl_pipe)r->key.dst), r->key.id,
          k->cores[r->key.core].label, ns, ns == 1 ? "" : "s", nw,
          nw == 1 ? "" : "s");
    }
  }
}

/* --------------------------------------------------------------- closure */

static void csr(gx *g) {
  uint32_t nn = g->nnodes;
  g->off = calloc(nn + 1, sizeof *g->off);
  g->roff = calloc(nn + 1, sizeof *g->roff);
  uint32_t ne = g->edges.len;
  g->adj = malloc((ne ? ne : 1) * sizeof *g->adj);
  g->radj = malloc((ne ? ne : 1) * sizeof *g->radj);
  if (!g->off || !g->roff || !g->adj || !g->radj) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  const edge *es = g->edges.data;
  for (uint32_t e = 0; e < ne; e++) {
    g->off[es[e].from + 1]++;
    g->roff[es[e].to + 1]++;
  }
  for (uint32_t v = 0; v < nn; v++) {
    g->off[v + 1] += g->off[v];
    g->roff[v + 1] += g->roff[v];
  }
  uint32_t *fo = malloc((nn + 1) * sizeof *fo),
           *ro = malloc((nn + 1) * sizeof *ro);
  memcpy(fo, g->off, (nn + 1) * sizeof *fo);
  memcpy(ro, g->roff, (nn + 1) * sizeof *ro);
  for (uint32_t e = 0; e < ne; e++) {
    g->adj[fo[es[e].from]++] = es[e].to;
    g->radj[ro[es[e].to]++] = es[e].from;
  }
  free(fo);
  free(ro);
}

/* Kahn's algorithm; leaves the order in g->topo and returns the number of
** ordered nodes (less than nnodes when there is a cycle). */
static uint32_t toposort(gx *g) {
  uint32_t nn = g->nnodes;
  uint32_t *deg = malloc((nn ? nn : 1) * sizeof *deg);
  g->topo = malloc((nn ? nn : 1) * sizeof *g->topo);
  for (uint32_t v = 0; v < nn; v++)
    deg[v] = g->roff[v + 1] - g->roff[v];
  uint32_t head = 0, tail = 0;
  for (uint32_t v = 0; v < nn; v++)
    if (!deg[v])
      g->topo[tail++] = v;
  while (head < tail) {
    uint32_t v = g->topo[head++];
    for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++)
      if (--deg[g->adj[e]] == 0)
        g->topo[tail++] = g->adj[e];
  }
  free(deg);
  g->ntopo = tail;
  return tail;
}

uint32_t *chk_graph_VC(const gx *g, uint32_t node) {
  return &g->vc[(size_t)g->row[node] * g->nch];
}

/* Vector clock columns: one per pipe chain that has members, one per core
** with scalar releases.  E(w) of the k-th scalar release w of a core
** reaches E(w') of every later one (issue order), so "E(w) reaches x" is
** "column(core) of x >= k", as for chain frontiers. */
static void columns(gx *g) {
  bool used[NCH_MAX] = {false};
  for (uint32_t i = 0; i < g->n; i++)
    if (g->chain[i] != NONE)
      used[g->chain[i]] = true;
  g->nch = 0;
  for (uint32_t c = 0; c < NCH_MAX; c++)
    g->col[c] = used[c] ? (uint16_t)g->nch++ : NOCOL;
  for (uint32_t c = 0; c < 3; c++)
    g->xcol[c] = c < g->k->ncores && g->xcount[c] ? (uint16_t)g->nch++
                                                  : NOCOL;
}

/* m = max(m, p) column-wise (restrict: the compiler vectorizes it) */
static void vc_max(uint32_t *restrict m, const uint32_t *restrict p,
                   uint32_t n) {
  for (uint32_t c = 0; c < n; c++)
    m[c] = p[c] > m[c] ? p[c] : m[c];
}

/* Does node v raise a column of its own (a frontier, a scalar release)? */
static bool raises(const gx *g, uint32_t v) {
  if (v >= 4 * g->n)
    return false;
  uint32_t i = v >> 2;
  return ((v & 3) == 3 && g->chain[i] != NONE) ||
         ((v & 3) == 2 && g->xpos[i]);
}

/* Vector clocks in topological order.  A node with one predecessor that
** raises nothing has that predecessor's clock: it shares its row (issue
** and end nodes mostly), and a node with none shares the zero row 0, so
** memory and merges are spent only where clocks differ.  Nodes Kahn could
** not order (behind a cycle) keep the zero row. */
static void closure(gx *g) {
  columns(g);
  g->row = calloc(g->nnodes ? g->nnodes : 1, sizeof *g->row);
  if (!g->row) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  size_t rows = 1;
  for (uint32_t t = 0; t < g->ntopo; t++) {
    uint32_t v = g->topo[t], np = g->roff[v + 1] - g->roff[v];
    if (raises(g, v) || np > 1)
      rows++;
  }
  size_t sz = rows * g->nch;
  g->vc = calloc(sz ? sz : 1, sizeof *g->vc);
  if (!g->vc) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  uint32_t next = 1;
  for (uint32_t t = 0; t < g->ntopo; t++) {
    uint32_t v = g->topo[t], np = g->roff[v + 1] - g->roff[v];
    if (!raises(g, v) && np <= 1) {
      g->row[v] = np ? g->row[g->radj[g->roff[v]]] : 0;
      continue;
    }
    g->row[v] = next++;
    uint32_t *mv = chk_graph_VC(g, v);
    for (uint32_t e = g->roff[v]; e < g->roff[v + 1]; e++)
      vc_max(mv, chk_graph_VC(g, g->radj[e]),
             g->nch); /* (no self-loops in a DAG order) */
    if (v < 4 * g->n && (v & 3) == 3) {
      uint32_t i = v >> 2;
      if (g->chain[i] != NONE && g->pos[i] > mv[g->col[g->chain[i]]])
        mv[g->col[g->chain[i]]] = g->pos[i];
    } else if (v < 4 * g->n && (v & 3) == 2 && g->xpos[v >> 2]) {
      uint32_t i = v >> 2, c = g->xcol[chk_graph_I(g, i)->core];
      if (g->xpos[i] > mv[c])
        mv[c] = g->xpos[i];
    }
  }
}

/* Must instance a (a chain member) end before node x? */
static bool ends_before(const gx *g, uint32_t a, uint32_t node) {
  if (g->chain[a] == NONE)
    return false;
  return chk_graph_VC(g, node)[g->col[g->chain[a]]] >= g->pos[a];
}

/* Must a end before b starts?  (a's end node reaches S(b)) */
bool chk_graph_ordered(const gx *g, uint32_t a, uint32_t b) {
  if (g->chain[a] != NONE)
    return ends_before(g, a, NS(b));
  return false;
}

/* Does node x reach node y?  Only for x = E(wait) / S(set) style checks:
** uses the vector clock when x's instance is a chain member, else a
** bounded DFS. */
static bool reaches(const gx *g, uint32_t x, uint32_t y) {
  if (x == y)
    return true;
  uint32_t nn = g->nnodes;
  uint8_t *seen = calloc(nn, 1);
  uint32_t *stack = malloc(nn * sizeof *stack);
  uint32_t sp = 0;
  bool found = false;
  stack[sp++] = x;
  seen[x] = 1;
  while (sp && !found) {
    uint32_t v = stack[--sp];
    for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++) {
      uint32_t w = g->adj[e];
      if (w == y) {
        found = true;
        break;
      }
      if (!seen[w]) {
        seen[w] = 1;
        stack[sp++] = w;
      }
    }
  }
  free(seen);
  free(stack);
  return found;
}

/* Does E(x) reach node y?  O(1) for scalar releases (xpos). */
static bool released_before(const gx *g, uint32_t x, uint32_t y) {
  if (g->xpos[x])
    return chk_graph_VC(g, y)[g->xcol[chk_graph_I(g, x)->core]] >= g->xpos[x];
  return reaches(g, NE(x), y);
}

/* Release of a wait (E node) reaches the firing of a set? */
static bool wait_before_set(const gx *g, uint32_t w, uint32_t s) {
  if (g->chain[w] != NONE)
    return ends_before(g, w, NS(s));
  return released_before(g, w, NS(s));
}

/* -------------------------------------------------------------- analysis */

void chk_graph_gx_free(gx *g) {
  free(g->behind);
  mdl_vec_free(&g->edges);
  free(g->chain);
  free(g->pos);
  free(g->xpos);
  free(g->off);
  free(g->adj);
  free(g->roff);
  free(g->radj);
  free(g->topo);
  free(g->vc);
  free(g->row);
  free(g->wait_partner);
  free(g->inorder);
  free(g->undecided_why);
  chk_findings_free(&g->findings);
}

/* Reports a cycle of waits in a concrete graph (edges all active): the
** strongly connected components of more than one node; the finding's
** primary is the lowest wait instance on a cycle, the other waits of its
** component are named with it.  Both engines render cycles with this, so
** the report does not depend on how the cycle was found. */
bool chk_cycle_finding(const mdl_kernel *k, uint32_t nnodes,
                       const chk_edge *es, uint32_t ne, mdl_vec *findings) {
  uint32_t n = k->insts.len;
  uint32_t *off = calloc(nnodes + 1, sizeof *off);
  uint32_t *adj = malloc((ne ? ne : 1) * sizeof *adj);
  for (uint32_t e = 0; e < ne; e++)
    off[es[e].from + 1]++;
  for (uint32_t v = 0; v < nnodes; v++)
    off[v + 1] += off[v];
  uint32_t *fill = malloc((nnodes + 1) * sizeof *fill);
  memcpy(fill, off, (nnodes + 1) * sizeof *fill);
  for (uint32_t e = 0; e < ne; e++)
    adj[fill[es[e].from]++] = es[e].to;
  /* iterative Tarjan */
  uint32_t *idx = malloc(nnodes * sizeof *idx),
           *low = malloc(nnodes * sizeof *low);
  uint32_t *comp = malloc(nnodes * sizeof *comp),
           *st = malloc(nnodes * sizeof *st);
  uint32_t *cs = malloc(nnodes * sizeof *cs), *ce = malloc(nnodes * sizeof *ce);
  uint8_t *on = calloc(nnodes ? nnodes : 1, 1);
  for (uint32_t v = 0; v < nnodes; v++)
    idx[v] = comp[v] = NONE;
  uint32_t counter = 0, sp = 0, csp = 0, ncomp = 0;
  for (uint32_t r = 0; r < nnodes; r++) {
    if (idx[r] != NONE)
      continue;
    cs[csp] = r;
    ce[csp++] = off[r];
    idx[r] = low[r] = counter++;
    st[sp++] = r;
    on[r] = 1;
    while (csp) {
      uint32_t v = cs[csp - 1];
      if (ce[csp - 1] < off[v + 1]) {
        uint32_t w = adj[ce[csp - 1]++];
        if (idx[w] == NONE) {
          idx[w] = low[w] = counter++;
          st[sp++] = w;
          on[w] = 1;
          cs[csp] = w;
          ce[csp++] = off[w];
        } else if (on[w] && idx[w] < low[v]) {
          low[v] = idx[w];
        }
        continue;
      }
      csp--;
      if (csp && low[v] < low[cs[csp - 1]])
        low[cs[csp - 1]] = low[v];
      if (low[v] == idx[v]) {
        uint32_t w;
        do {
          w = st[--sp];
          on[w] = 0;
          comp[w] = ncomp;
        } while (w != v);
        ncomp++;
      }
    }
  }
  uint32_t *size = calloc(ncomp ? ncomp : 1, sizeof *size);
  for (uint32_t v = 0; v < nnodes; v++)
    size[comp[v]]++;
  uint32_t best = NONE;
  for (uint32_t i = 0; i < n && best == NONE; i++) {
    mdl_inst_kind kd = mdl_inst_at(k, i)->kind;
    if ((kd == MDL_I_WAIT || kd == MDL_I_BWAIT || kd == MDL_I_SYNC_ALL) &&
        size[comp[NE(i)]] > 1)
      best = i;
  }
  bool found = best != NONE;
  if (found) {
    finding *fd = mdl_vec_push(findings, sizeof *fd);
    fd->rule = MDL_RULE_DEADLOCK;
    fd->b = best;
    fd->a = NONE;
    fd->mem = NONE;
    uint32_t nw = 1;
    for (uint32_t i = best + 1; i < n; i++) {
      mdl_inst_kind kd = mdl_inst_at(k, i)->kind;
      if ((kd == MDL_I_WAIT || kd == MDL_I_BWAIT || kd == MDL_I_SYNC_ALL) &&
          comp[NE(i)] == comp[NE(best)]) {
        *(uint32_t *)mdl_vec_push(&fd->related, sizeof(uint32_t)) = i;
        nw++;
      }
    }
    fd->msg = nw == 1
                  ? mdl_strprintf(
                        "wait_flag that only a set it holds back can release "
                        "(a cycle of one wait): no set of its flag comes "
                        "before it")
                  : mdl_strprintf(
                        "cycle of waits: %u waits can each be released only "
                        "after another on the cycle, so none ever is", nw);
  }
  free(off);
  free(adj);
  free(fill);
  free(idx);
  free(low);
  free(comp);
  free(st);
  free(cs);
  free(ce);
  free(on);
  free(size);
  return found;
}

/* Records the cycle that stopped Kahn's algorithm as a deadlock. */
static void report_cycle(gx *g) {
  if (!chk_cycle_finding(g->k, g->nnodes, g->edges.data, g->edges.len,
                         &g->findings)) {
    finding *fd = chk_graph_add_finding(g, MDL_RULE_DEADLOCK, 0, NONE);
    fd->msg = mdl_strprintf("the instructions form a cycle of waits");
  }
  g->deadlock = true;
}

/* Does instance x run only after a wait that is never released? */
static bool behind_stuck_wait(const gx *g, uint32_t x) {
  if (g->cyclic && !g->inorder[NS(x)])
    return true; /* on or behind the cycle: never runs */
  for (uint32_t i = 0; i < g->findings.len; i++) {
    const finding *f = &MDL_VEC_AT(g->findings, finding, i);
    if (f->rule != MDL_RULE_DEADLOCK)
      continue;
    if (wait_before_set(g, f->b, x))
      return true;
    /* (a sync_block that never meets stops every core that reached it) */
    if (mdl_inst_at(g->k, f->b)->kind == MDL_I_SYNC_ALL)
      for (uint32_t r = 0; r < f->related.len; r++)
        if (wait_before_set(g, MDL_VEC_AT(f->related, uint32_t, r), x))
          return true;
  }
  return false;
}

/* --flag-model count: the set numbered s+1 of a flag follows the one
** numbered s with no wait of the flag between them in program order
** (instances of one core are numbered in program order, and a flag
** belongs to one core).  A warning: counting hardware keeps both sets,
** but the CCE documentation forbids it and it is the mark of a lost
** wait.  Sets behind a wait that is never released never run. */
static void check_po_double_sets(gx *g, mdl_vec *recs) {
  for (uint32_t j = 0; j < recs->len; j++) {
    flagrec *r = &MDL_VEC_AT(*recs, flagrec, j);
    uint32_t w = 0, nw = r->waits.len;
    for (uint32_t s = 1; s < r->sets.len; s++) {
      uint32_t prev = MDL_VEC_AT(r->sets, uint32_t, s - 1);
      uint32_t si = MDL_VEC_AT(r->sets, uint32_t, s);
      while (w < nw && MDL_VEC_AT(r->waits, uint32_t, w) < prev)
        w++;
      if (w < nw && MDL_VEC_AT(r->waits, uint32_t, w) < si)
        continue; /* a wait of the flag between them */
      if (g->deadlock && behind_stuck_wait(g, si))
        continue;
      finding *fd = chk_graph_add_finding(g, MDL_RULE_DOUBLE_SET, si, prev);
      fd->msg = chk_po_double_msg(g->k, r->key.core, r->key.src, r->key.dst,
                                  r->key.id);
      fd->witness = chk_po_double_witness(g->k, prev, NULL);
    }
  }
}

static void check_double_sets(gx *g, mdl_vec *recs) {
  if (g->flags == MDL_FLAGS_COUNT) {
    check_po_double_sets(g, recs);
    return;
  }
  for (uint32_t j = 0; j < recs->len; j++) {
    flagrec *r = &MDL_VEC_AT(*recs, flagrec, j);
    for (uint32_t s = 1; s < r->sets.len; s++) {
      uint32_t si = MDL_VEC_AT(r->sets, uint32_t, s);
      bool ok = s - 1 < r->waits.len &&
                wait_before_set(g, MDL_VEC_AT(r->waits, uint32_t, s - 1), si);
      if (!ok && g->deadlock && behind_stuck_wait(g, si))
        continue;
      if (!ok) {
        finding *fd = chk_graph_add_finding(
            g, MDL_RULE_DOUBLE_SET, si, MDL_VEC_AT(r->sets, uint32_t, s - 1));
        fd->error = true; /* one bit: the set is lost */
        fd->msg = mdl_strprintf(
            "set_flag[%s, %s, EVENT_ID%d] can fire while the flag is still "
            "set: %s",
            mdl_pipe_name((mdl_pipe)r->key.src),
            mdl_pipe_name((mdl_pipe)r->key.dst), r->key.id,
            s - 1 < r->waits.len
                ? "nothing orders it after the wait_flag that clears the "
                  "previous set"
                : "no wait_flag clears the previous set");
      }
    }
  }
}

static void flag_recs_free(mdl_vec *recs) {
  for (uint32_t j = 0; j < recs->len; j++) {
    flagrec *r = &MDL_VEC_AT(*recs, flagrec, j);
    mdl_vec_free(&r->sets);
    mdl_vec_free(&r->waits);
  }
  mdl_vec_free(recs);
}

void chk_findings_free(mdl_vec *findings) {
  for (uint32_t i = 0; i < findings->len; i++) {
    finding *f = &MDL_VEC_AT(*findings, finding, i);
    free(f->msg);
    free(f->witness);
    mdl_valuation_free(f->val);
    mdl_vec_free(&f->related);
    mdl_vec_free(&f->sched);
  }
  mdl_vec_free(findings);
}

static void init_chains(gx *g, const mdl_kernel *k, const uint8_t *disabled,
                        chainst *ch) {
  memset(g, 0, sizeof *g);
  g->k = k;
  g->disabled = disabled;
  g->n = k->insts.len;
  g->nnodes = 4 * g->n;
  g->chain = malloc((g->n ? g->n : 1) * sizeof *g->chain);
  g->pos = calloc(g->n ? g->n : 1, sizeof *g->pos);
  g->xpos = calloc(g->n ? g->n : 1, sizeof *g->xpos);
  g->wait_partner = malloc((g->n ? g->n : 1) * sizeof *g->wait_partner);
  for (uint32_t i = 0; i < g->n; i++) {
    g->chain[i] = NONE;
    g->wait_partner[i] = NONE;
  }
  for (uint32_t c = 0; c < NCH_MAX; c++) {
    ch[c].last = ch[c].blocker = ch[c].bcond = NONE;
    ch[c].count = 0;
  }
  for (uint32_t c = 0; c < k->ncores; c++)
    build_core(g, c, ch);
}

void chk_skeleton(const mdl_kernel *k, const uint8_t *disabled,
                  chk_skel *sk) {
  gx g;
  chainst ch[NCH_MAX];
  init_chains(&g, k, disabled, ch);
  sk->edges = g.edges;
  sk->chain = g.chain;
  sk->pos = g.pos;
  sk->nnodes = g.nnodes;
  g.edges = (mdl_vec){0};
  g.chain = NULL;
  g.pos = NULL;
  chk_graph_gx_free(&g);
}

void chk_skel_free(chk_skel *sk) {
  mdl_vec_free(&sk->edges);
  free(sk->chain);
  free(sk->pos);
}

/* The race search stopped at CHK_RACE_PAIRS_MAX: the findings so far are
** real; without one the kernel is not decided. */
static mdl_verdict races_cut(const mdl_kernel *k, const chk_options *o,
                             mdl_diags *out, uint64_t pairs, bool full,
                             uint32_t nerr, uint32_t nwarn, char **note) {
  char why[160];
  if (full)
    snprintf(why, sizeof why, "%u findings, when the file's findings "
             "reached their share of --max-memory-mb %u", o->max_findings,
             o->max_memory_mb);
  else
    snprintf(why, sizeof why, "%s", pairs > CHK_RACE_PAIRS_MAX
                                        ? "16000000 unordered instance pairs"
                                        : "running out of time");
  *note = mdl_strprintf(CHK_RACES_CUT " %s (docs/limits.md): races past "
                        "them are not reported, and instance counts are "
                        "at least those shown", why);
  if (nerr || nwarn)
    return MDL_VERDICT_FINDINGS;
  mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                  "not decided: %s", *note);
  return MDL_VERDICT_UNKNOWN;
}

/* Runs the whole analysis with the given disabled statements (any_error:
** stop at the first error, for the redundant-sync search).  The flag
** model of the double-set check is o->flags. */
/* Meeting m of the sync_blocks waits for core gone, which has no m-th
** one (mdl_sync_all_absent): the cores that arrive wait forever.  One
** deadlock at the first of them, the others related. */
static void sync_all_stuck(gx *g, const mdl_vec per[3], uint32_t m,
                           uint32_t gone) {
  const mdl_kernel *k = g->k;
  finding *fd = NULL;
  for (uint32_t c = 0; c < k->ncores; c++) {
    if (m >= per[c].len)
      continue;
    uint32_t i = MDL_VEC_AT(per[c], uint32_t, m);
    if (!fd)
      fd = chk_graph_add_finding(g, MDL_RULE_DEADLOCK, i, NONE);
    else
      *(uint32_t *)mdl_vec_push(&fd->related, sizeof(uint32_t)) = i;
  }
  fd->msg = mdl_strprintf(
      "sync_block number %u waits forever: it waits for %s, which %s", m + 1,
      k->cores[gone].label,
      per[gone].len ? "executes fewer sync_blocks"
                    : "never executes one");
  g->deadlock = true;
}

void chk_graph_analyse(gx *g, const mdl_kernel *k, const chk_options *o,
                    const uint8_t *disabled, bool any_error, chk_stats *st) {
  chainst ch[NCH_MAX];
  double t0 = st ? chk_now() : 0;
  init_chains(g, k, disabled, ch);
  g->o = o;
  g->any_error = any_error;
  g->flags = o ? o->flags : MDL_FLAGS_COUNT;
  /* sync_block (all cores of a mode meet): k-th with k-th */
  {
    mdl_vec per[3] = {{0}, {0}, {0}};
    for (uint32_t i = 0; i < g->n; i++)
      if (chk_graph_I(g, i)->kind == MDL_I_SYNC_ALL &&
          !chk_graph_inst_disabled(g, i))
        *(uint32_t *)mdl_vec_push(&per[chk_graph_I(g, i)->core],
                                  sizeof(uint32_t)) = i;
    uint32_t mx = 0;
    for (uint32_t c = 0; c < k->ncores; c++)
      if (per[c].len > mx)
        mx = per[c].len;
    for (uint32_t m = 0; m < mx; m++) {
      int gone = mdl_sync_all_absent(k, per, m);
      if (gone >= 0) {
        sync_all_stuck(g, per, m, (uint32_t)gone);
        break; /* the later meetings are behind this one */
      }
      uint32_t meet = new_node(g);
      for (uint32_t c = 0; c < k->ncores; c++)
        if (m < per[c].len) {
          uint32_t i = MDL_VEC_AT(per[c], uint32_t, m);
          add_edge(g, NS(i), meet);
          add_edge(g, meet, NE(i));
        }
    }
    for (uint32_t c = 0; c < 3; c++)
      mdl_vec_free(&per[c]);
  }
  mdl_vec recs = {0};
  match_flags(g, &recs);
  match_xcore(g, NULL);
  csr(g);
  double t1 = st ? chk_now() : 0;
  if (st) {
    st->build_s = t1 - t0;
    st->nodes = g->nnodes;
    st->edges = g->edges.len;
  }
  if (toposort(g) < g->nnodes) {
    /* a cycle of waits: nothing on or behind it runs; double sets before
       it are still real (closure covers the nodes Kahn ordered) */
    report_cycle(g);
    g->cyclic = true;
    g->inorder = calloc(g->nnodes ? g->nnodes : 1, 1);
    for (uint32_t t = 0; t < g->ntopo; t++)
      g->inorder[g->topo[t]] = 1;
    closure(g);
    /* overflow candidates are not confirmed behind a cycle: drop them */
    for (uint32_t i = 0; i < g->findings.len; i++) {
      finding *f = &MDL_VEC_AT(g->findings, finding, i);
      if (f->rule == MDL_RULE_FLAG_OVERFLOW && f->lo == 1)
        f->rule = MDL_RULE_COUNT;
    }
    check_double_sets(g, &recs);
    flag_recs_free(&recs);
    return;
  }
  closure(g);
  double t2 = st ? chk_now() : 0;
  if (st)
    st->order_s = t2 - t1;
  /* confirm overflow candidates */
  for (uint32_t i = 0; i < g->findings.len; i++) {
    finding *f = &MDL_VEC_AT(g->findings, finding, i);
    if (f->rule == MDL_RULE_FLAG_OVERFLOW && f->lo == 1) {
      uint32_t w = f->a;
      bool forced = g->chain[w] != NONE ? ends_before(g, w, f->mem)
                                        : released_before(g, w, f->mem);
      if (forced)
        f->rule = MDL_RULE_COUNT; /* dropped */
      else {
        f->msg = mdl_strprintf(
            "sync_block_set can push a cross-core counter past %d: nothing "
            "orders it after the wait that consumes the set %d earlier",
            k->prof->max_counter, k->prof->max_counter);
      }
      f->a = NONE;
    }
  }
  /* a wait that is never released stops its pipe: only double sets that
     happen before every such wait are reported; races behind a deadlock
     are not (docs/semantics-decisions.md 13) */
  if (any_error && k->cut_cores) {
    /* a probe of a prefix: only decided errors count, and the race search
       stops at the first of those */
    uint32_t first_cut;
    g->behind = chk_behind_cut(k, g->nnodes, g->edges.data, g->edges.len,
                               NULL, 0, &first_cut);
    chk_drop_behind(k, g->behind, &g->findings);
  }
  check_double_sets(g, &recs);
  if (g->behind)
    chk_drop_behind(k, g->behind, &g->findings);
  if (!g->deadlock && !(any_error && chk_graph_count_errors(g)))
    chk_graph_find_races(g);
  flag_recs_free(&recs);
  if (st)
    st->check_s = chk_now() - t2;
}

/* ------------------------------------------------------------------ API */

mdl_verdict chk_graph(const mdl_kernel *k, const chk_options *o,
                      mdl_diags *out, char **note) {
  *note = NULL;
  /* symbolic ids and lone cross-core syncs cannot be decided here */
  bool has_x = false;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if ((in->kind == MDL_I_SET || in->kind == MDL_I_WAIT ||
         in->kind == MDL_I_BSET || in->kind == MDL_I_BWAIT) && in->id < 0 &&
        in->id == -1) {
      *note = mdl_strprintf("the %s at %u:%u uses an event id or flag that "
                            "depends on a runtime value",
                            mdl_inst_kind_name(in->kind), in->loc.line,
                            in->loc.col);
      mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, in->loc,
                      "not decided: %s", *note);
      return MDL_VERDICT_UNKNOWN;
    }
    has_x |= in->kind == MDL_I_BSET || in->kind == MDL_I_BWAIT;
  }
  if (has_x && k->kind != MDL_KIND_MIX && !k->open) {
    *note = mdl_strprintf("cross-core sync in a kernel whose partner cores "
                          "are not in this input");
    mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                    "not decided: %s", *note);
    return MDL_VERDICT_UNKNOWN;
  }
  /* --max-memory-mb: the vector clocks (a word per node and chain, four
     nodes per instance) dominate; decline rather than fail to allocate */
  uint64_t need = (uint64_t)k->insts.len * 4 *
                  ((uint64_t)k->ncores * MDL_NPIPE * 4 + 64);
  if (o->max_memory_mb && need > ((uint64_t)o->max_memory_mb << 20)) {
    *note = mdl_strprintf("the happens-before graph of %u instances needs "
                          "about %llu MB, more than --max-memory-mb %u",
                          k->insts.len, (unsigned long long)(need >> 20),
                          o->max_memory_mb);
    mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                    "not decided: %s", *note);
    return MDL_VERDICT_UNKNOWN;
  }
  uint32_t nerr = 0, nwarn = 0;
  chk_invalid(k, out, &nerr, &nwarn);
  gx g;
  chk_stats *st = o->stats;
  chk_graph_analyse(&g, k, o, NULL, false, st);
  uint32_t before = nerr;
  if (g.undecidable) {
    /* the alias oracle could not tell whether two ranges meet */
    *note = mdl_strprintf("whether two symbolic byte ranges overlap was not "
                          "decided (%s)",
                          o->alias_why ? o->alias_why(o->alias_ctx) : "?");
    mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                    "not decided: %s", *note);
    chk_graph_gx_free(&g);
    return MDL_VERDICT_UNKNOWN;
  }
  double t3 = st ? chk_now() : 0;
  /* a prefix: what a wait left waiting at the cut may order is not
     decided (chk_open.c) */
  uint32_t first_cut = NONE;
  uint8_t *behind = chk_behind_cut(k, g.nnodes, g.edges.data, g.edges.len,
                                   NULL, 0, &first_cut);
  uint32_t undecided = chk_drop_behind(k, behind, &g.findings);
  free(behind);
  chk_emit(k, &g.findings, out, &nerr, &nwarn);
  if (o->explain && !g.deadlock)
    chk_graph_explain(&g, k, out);
  if (st)
    st->check_s += chk_now() - t3;
  bool clean_errors = nerr == 0 && !chk_graph_count_errors(&g);
  bool deadlock = g.deadlock, cut = g.races_cut, full = g.findings_cut;
  uint64_t pairs = g.race_pairs;
  chk_graph_gx_free(&g);
  if (cut)
    return races_cut(k, o, out, pairs, full, nerr, nwarn, note);
  double t4 = st ? chk_now() : 0;
  bool searched = true;
  if (clean_errors && o->redundant && !k->cut_cores)
    searched = chk_graph_find_redundant(k, o, out, &nwarn);
  if (st)
    st->redundant_s = chk_now() - t4;
  (void)before;
  if (deadlock)
    *note = mdl_strprintf("races are not reported behind a deadlock");
  else if (!searched)
    *note = mdl_strprintf("the redundant-sync search was skipped: its "
                          "work, sync statements x %u instances, is past "
                          "its budget of %llu",
                          k->insts.len,
                          (unsigned long long)o->redundant_budget);
  chk_note_incomplete(k, undecided, first_cut, note);
  return nerr || nwarn ? MDL_VERDICT_FINDINGS : MDL_VERDICT_CLEAN;
}
