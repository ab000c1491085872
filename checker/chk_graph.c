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

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NCH_MAX (3 * MDL_NPIPE)
#define NOCOL UINT16_MAX
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
}

typedef chk_edge edge;

typedef struct {
  const mdl_kernel *k;
  const uint8_t *disabled;   /* by statement id: sync removed (redundancy) */
  uint32_t n;                /* instances */
  uint32_t nnodes;
  mdl_vec edges;             /* edge */
  uint32_t *chain;           /* per instance: chain id or NONE */
  uint32_t *pos;             /* per instance: 1-based position in chain */
  uint32_t *xpos;            /* per instance: 1-based rank among its core's
                                scalar releases (waits and barriers that
                                hold the issue of the next instruction and
                                are no chain member), 0 = none */
  uint32_t nch;              /* vector clock columns */
  uint16_t col[NCH_MAX];     /* chain id -> column (NOCOL: unused chain) */
  uint16_t xcol[3];          /* core -> column of its scalar releases */
  /* CSR */
  uint32_t *off, *adj;       /* successors */
  uint32_t *roff, *radj;     /* predecessors */
  uint32_t *topo;            /* topological order of nodes */
  uint32_t ntopo;
  uint32_t *vc;              /* rows x nch: vector clocks */
  uint32_t *row;             /* per node: its row of vc (0: all zero) */
  /* matching results */
  mdl_vec findings;          /* struct finding */
  bool deadlock;
  bool cyclic;               /* a cycle of waits: topo covers a prefix */
  uint8_t *inorder;          /* cyclic: per node, ordered by Kahn */
  const chk_options *o;       /* its alias oracle (o->alias), may be NULL */
  bool undecidable;          /* the alias oracle left a pair undecided */
  char *undecided_why;
  uint32_t *wait_partner;    /* per instance: matched set inst / J node */
  uint32_t xcount[3];        /* per core: scalar releases so far */
  bool any_error;            /* redundancy probe: one error decides, so the
                                race search stops at the first */
  mdl_flag_model flags;      /* which double sets are findings */
} gx;

/* CPU seconds of this thread (chk_stats: robust on a loaded machine). */
static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* node numbering */
#define NI(i) (4 * (i))
#define NS(i) (4 * (i) + 1)
#define NE(i) (4 * (i) + 2)
#define NC(i) (4 * (i) + 3)

typedef chk_finding finding;

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

static const mdl_inst *I(const gx *g, uint32_t i) {
  return mdl_inst_at(g->k, i);
}

static bool inst_disabled(const gx *g, uint32_t i) {
  const mdl_inst *in = I(g, i);
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

static finding *add_finding(gx *g, mdl_rule rule, uint32_t b, uint32_t a) {
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
    const mdl_inst *in = I(g, i);
    bool disabled = inst_disabled(g, i) || !sync_valid(g, in);
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
      if (uf_last != NONE && I(g, uf_last)->pipe != p)
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
    if (I(g, i)->kind == MDL_I_BSET || I(g, i)->kind == MDL_I_BWAIT)
      *(uint32_t *)mdl_vec_push(&xs, sizeof(uint32_t)) = i;
  uint64_t used = 0; /* flag ids that occur (0..63) */
  for (uint32_t xi = 0; xi < xs.len; xi++) {
    int32_t id = I(g, MDL_VEC_AT(xs, uint32_t, xi))->id;
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
        const mdl_inst *in = I(g, i);
        if (in->core != r)
          continue;
        if (in->kind == MDL_I_BWAIT && in->id == f &&
            !inst_disabled(g, i) && sync_valid(g, in))
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
          const mdl_inst *in = I(g, i);
          if (in->core != s || in->kind != MDL_I_BSET || in->id != f || inst_disabled(g, i) ||
              !sync_valid(g, in))
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
          finding *fd = add_finding(g, MDL_RULE_DEADLOCK, wi, NONE);
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
        finding *fd = add_finding(g, MDL_RULE_UNPAIRED_SET, si, NONE);
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
          finding *fd = add_finding(g, MDL_RULE_FLAG_OVERFLOW,
                                    MDL_VEC_AT(incset, uint32_t, m), NONE);
          fd->mem = MDL_VEC_AT(incs, uint32_t, m);
          fd->lo = -1;
          fd->msg = mdl_strprintf(
              "the counter of flag %d on %s can exceed %d: %u sets are "
              "outstanding before enough waits exist",
              f, k->cores[r].label, k->prof->max_counter, m + 1);
          break;
        }
        finding *fd = add_finding(g, MDL_RULE_FLAG_OVERFLOW,
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
    const mdl_inst *in = I(g, i);
    if ((in->kind != MDL_I_SET && in->kind != MDL_I_WAIT) ||
        inst_disabled(g, i) || !sync_valid(g, in))
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
        finding *fd = add_finding(g, MDL_RULE_DEADLOCK, wi, NONE);
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
      finding *fd = add_finding(g, MDL_RULE_UNPAIRED_SET, si, NONE);
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
  uint32_t *fo = malloc((nn + 1) * sizeof *fo), *ro = malloc((nn + 1) * sizeof *ro);
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

static uint32_t *VC(const gx *g, uint32_t node) {
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
    uint32_t *mv = VC(g, v);
    for (uint32_t e = g->roff[v]; e < g->roff[v + 1]; e++)
      vc_max(mv, VC(g, g->radj[e]), g->nch); /* (no self-loops in a DAG order) */
    if (v < 4 * g->n && (v & 3) == 3) {
      uint32_t i = v >> 2;
      if (g->chain[i] != NONE && g->pos[i] > mv[g->col[g->chain[i]]])
        mv[g->col[g->chain[i]]] = g->pos[i];
    } else if (v < 4 * g->n && (v & 3) == 2 && g->xpos[v >> 2]) {
      uint32_t i = v >> 2, c = g->xcol[I(g, i)->core];
      if (g->xpos[i] > mv[c])
        mv[c] = g->xpos[i];
    }
  }
}

/* Must instance a (a chain member) end before node x? */
static bool ends_before(const gx *g, uint32_t a, uint32_t node) {
  if (g->chain[a] == NONE)
    return false;
  return VC(g, node)[g->col[g->chain[a]]] >= g->pos[a];
}

/* Must a end before b starts?  (a's end node reaches S(b)) */
static bool ordered(const gx *g, uint32_t a, uint32_t b) {
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
    return VC(g, y)[g->xcol[I(g, x)->core]] >= g->xpos[x];
  return reaches(g, NE(x), y);
}

/* Release of a wait (E node) reaches the firing of a set? */
static bool wait_before_set(const gx *g, uint32_t w, uint32_t s) {
  if (g->chain[w] != NONE)
    return ends_before(g, w, NS(s));
  return released_before(g, w, NS(s));
}

/* ---------------------------------------------------------------- races */

/* Accesses seen so far, per (memory, chain, reads | writes), grouped by
** exact byte range: a group is a node of a treap keyed by (lo, hi) whose
** subtrees carry their highest hi and the highest chain position of their
** entries.  For an access b the unordered accesses of a chain are those
** with a position above b's vector clock, so a query visits only groups
** that overlap b and hold an access not ordered before it: a reused buffer
** costs one group, disjoint tiles cost a logarithmic descent, and reads
** never visit reads.  Every entry a query yields from an exact-range group
** is a conflicting unordered pair (a finding), so the work is proportional
** to the findings plus a logarithmic term per access and chain.  Accesses
** with a symbolic base may alias anything: they sit in a plain list per
** (memory, chain, class) that every query scans, and a symbolic query
** scans whole trees (pruned by position only). */

typedef struct {
  uint32_t inst, acc;
  uint32_t prev;             /* earlier entry of the group, NONE */
} accent;

typedef struct {
  int64_t lo, hi, maxhi;     /* range; max hi in the subtree */
  uint32_t box;              /* index box of the range (mdl_box), 0 */
  uint32_t left, right;      /* treap children (sym list: left = next) */
  uint32_t prio;
  uint32_t lastpos, maxpos;  /* chain position of the last entry; max in
                                the subtree */
  uint32_t last;             /* last entry (accent), NONE */
} rgroup;

typedef struct {
  const gx *g;
  mdl_vec nodes;             /* rgroup */
  mdl_vec ents;              /* accent */
  uint32_t *root;            /* [mem][chain][class]: treap roots */
  uint32_t *sym;             /* [mem][chain][class]: symbolic groups */
  uint32_t seed;
  mdl_vec cand;              /* accent copies found by a query */
} ridx;

#define RG(x, i) (&MDL_VEC_AT((x)->nodes, rgroup, i))

static void rg_fix(ridx *x, uint32_t v) {
  rgroup *n = RG(x, v);
  n->maxhi = n->hi;
  n->maxpos = n->lastpos;
  for (int s = 0; s < 2; s++) {
    uint32_t c = s ? n->right : n->left;
    if (c == NONE)
      continue;
    const rgroup *m = RG(x, c);
    if (m->maxhi > n->maxhi)
      n->maxhi = m->maxhi;
    if (m->maxpos > n->maxpos)
      n->maxpos = m->maxpos;
  }
}

static uint32_t rg_new(ridx *x, const mdl_access *a) {
  rgroup *n = mdl_vec_push(&x->nodes, sizeof *n);
  n->lo = a->lo;
  n->hi = a->hi;
  n->box = a->box;
  n->left = n->right = n->last = NONE;
  x->seed = x->seed * 1103515245u + 12345u;
  n->prio = x->seed >> 8;
  return x->nodes.len - 1;
}

static void rg_add(ridx *x, uint32_t v, uint32_t inst, uint32_t acc) {
  accent *e = mdl_vec_push(&x->ents, sizeof *e);
  e->inst = inst;
  e->acc = acc;
  rgroup *n = RG(x, v);
  e->prev = n->last;
  n->last = x->ents.len - 1;
  n->lastpos = x->g->pos[inst];
}

/* Inserts (inst, acc) into the group of its range under root; returns
** the new root. */
static uint32_t rg_insert(ridx *x, uint32_t root, const mdl_access *a,
                          uint32_t inst, uint32_t acc) {
  if (root == NONE) {
    uint32_t v = rg_new(x, a);
    rg_add(x, v, inst, acc);
    rg_fix(x, v);
    return v;
  }
  rgroup *n = RG(x, root);
  if (n->lo == a->lo && n->hi == a->hi && n->box == a->box) {
    rg_add(x, root, inst, acc);
    rg_fix(x, root);
    return root;
  }
  bool right = a->lo > n->lo || (a->lo == n->lo && a->hi > n->hi) ||
               (a->lo == n->lo && a->hi == n->hi && a->box > n->box);
  uint32_t c = rg_insert(x, right ? n->right : n->left, a, inst, acc);
  n = RG(x, root); /* (the vector may have moved) */
  if (right)
    n->right = c;
  else
    n->left = c;
  if (RG(x, c)->prio > n->prio) { /* rotate c above root */
    rgroup *m = RG(x, c);
    if (right) {
      n->right = m->left;
      m->left = root;
    } else {
      n->left = m->right;
      m->right = root;
    }
    rg_fix(x, root);
    rg_fix(x, c);
    return c;
  }
  rg_fix(x, root);
  return root;
}

/* The entries of group v above chain position p (newest first). */
static void rg_take(ridx *x, uint32_t v, uint32_t p, uint32_t self) {
  for (uint32_t e = RG(x, v)->last; e != NONE;) {
    accent en = MDL_VEC_AT(x->ents, accent, e);
    if (x->g->pos[en.inst] <= p)
      break;
    if (en.inst != self)
      *(accent *)mdl_vec_push(&x->cand, sizeof en) = en;
    e = en.prev;
  }
}

/* Does the range of group n meet access q (the index boxes of two views
** of one root decide past the byte hull, mdl_access_overlap)?  Every
** entry of a group has the group's range and box, so a group of column
** halves that q does not touch is skipped whole, not entry by entry. */
static bool rg_meets(const ridx *x, const rgroup *n, const mdl_access *q) {
  if (!n->box || !q->box || n->box == q->box)
    return true;
  mdl_access r = {0};
  r.mem = q->mem;
  r.lo = n->lo;
  r.hi = n->hi;
  r.box = n->box;
  return mdl_access_overlap(x->g->k, &r, q);
}

/* Groups under v overlapping access q's range [lo, hi) (all of them:
** any) with an entry above position p. */
static void rg_query(ridx *x, uint32_t v, const mdl_access *q, int64_t lo,
                     int64_t hi, bool any, uint32_t p, uint32_t self) {
  while (v != NONE) {
    const rgroup *n = RG(x, v);
    if (n->maxpos <= p || (!any && n->maxhi <= lo))
      return;
    rg_query(x, n->left, q, lo, hi, any, p, self);
    n = RG(x, v);
    if (!any && n->lo >= hi)
      return;
    if (n->lastpos > p && (any || n->hi > lo) && rg_meets(x, n, q))
      rg_take(x, v, p, self);
    v = RG(x, v)->right;
  }
}

static int cand_cmp(const void *pa, const void *pb) {
  const accent *a = pa, *b = pb;
  /* newest first: chain position (instance order), then access index */
  if (a->inst != b->inst)
    return a->inst < b->inst ? 1 : -1;
  return a->acc < b->acc ? 1 : a->acc > b->acc ? -1 : 0;
}

/* Do accesses x and y, which mdl_conflict_rule found conflicting, share
** a byte?  Where their symbolic bases differ the alias oracle
** (chk_options.alias) may say they cannot; an undecided answer makes the
** analysis undecided.  *val gets the oracle's witness values when it
** found an overlap. */
static bool may_overlap(gx *g, const mdl_access *x, const mdl_access *y,
                        mdl_valuation **val) {
  *val = NULL;
  if (!(x->sym != y->sym || (x->sym && x->form != y->form)))
    return true; /* (mdl_access_overlap decided) */
  if (!g->o || !g->o->alias)
    return true;
  int r = g->o->alias(g->o->alias_ctx, x, y, val);
  if (r < 0)
    g->undecidable = true;
  return r != 0;
}

/* Records the unordered conflict (mdl_conflict_rule: rule) between
** access aa of instance a (earlier) and ab of b; val (owned by the
** finding from now on) the values that make their symbolic ranges meet,
** or NULL. */
static void race_pair(gx *g, mdl_rule rule, uint32_t a, const mdl_access *aa,
                      uint32_t b, const mdl_access *ab, mdl_valuation *val) {
  const mdl_inst *ia = I(g, a), *ib = I(g, b);
  if (ia->core != ib->core && g->k->open) {
    mdl_valuation_free(val);
    return; /* a lone half: cross-core races are not checked */
  }
  /* primary: later in program order on one core; across cores
     the reader (RAW), else the higher core */
  uint32_t pa = a, pb = b;
  if (ia->core == ib->core) {
    if (pa > pb) {
      uint32_t tmp = pa;
      pa = pb;
      pb = tmp;
    }
  } else {
    bool ra = !(aa->mode & MDL_ACC_WRITE), rb = !(ab->mode & MDL_ACC_WRITE);
    if (ra && !rb) {
      pa = b;
      pb = a;
    } else if (ra == rb && ia->core > ib->core) {
      pa = b;
      pb = a;
    }
  }
  finding *fd = add_finding(g, rule, pb, pa);
  fd->mem = ab->mem;
  fd->val = val;
  mdl_access_common(g->k, aa, ab, &fd->lo, &fd->hi);
  fd->witness = NULL;
  /* remember which access of which is the writer */
  fd->wbits = (uint8_t)(((aa->mode & MDL_ACC_WRITE) ? 1 : 0) |
                        ((ab->mode & MDL_ACC_WRITE) ? 2 : 0) |
                        (pb == b ? 4 : 0));
}

/* Every conflicting pair of accesses (one writes, ranges overlap) of
** which neither must end before the other starts.  Accesses are visited
** in topological order of their start nodes, so the earlier of an
** unordered pair is already indexed when the later one is visited; the
** pairs of one access come chain by chain, newest first. */
static void find_races(gx *g) {
  const mdl_kernel *k = g->k;
  uint32_t nm = k->memories.len ? k->memories.len : 1;
  size_t nslots = (size_t)nm * NCH_MAX * 2;
  ridx x = {g, {0}, {0}, malloc(nslots * sizeof(uint32_t)),
            malloc(nslots * sizeof(uint32_t)), 12345u, {0}};
  if (!x.root || !x.sym) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  for (size_t i = 0; i < nslots; i++)
    x.root[i] = x.sym[i] = NONE;
  uint32_t *used = calloc(nm, sizeof *used); /* per memory: bit per chain
                                                with entries */
  uint32_t nf0 = g->findings.len;
  for (uint32_t t = 0; t < g->ntopo; t++) {
    uint32_t v = g->topo[t];
    if (v >= 4 * g->n || (v & 3) != 1)
      continue;
    uint32_t b = v >> 2;
    const mdl_inst *ib = I(g, b);
    if (ib->kind != MDL_I_OP || g->chain[b] == NONE)
      continue;
    const uint32_t *vb = VC(g, NS(b));
    /* one logical vector program: the other AIV's chains are skipped
       whole (mdl_insts_may_conflict), not pair by pair */
    uint32_t other = 0;
    if (k->aiv_one_program && k->cores[ib->core].type == MDL_CORE_AIV)
      for (uint32_t c = 0; c < k->ncores; c++)
        if (c != ib->core && k->cores[c].type == MDL_CORE_AIV)
          other |= ((1u << MDL_NPIPE) - 1) << (c * MDL_NPIPE);
    for (uint32_t xa = 0; xa < ib->nacc; xa++) {
      uint32_t accb = ib->acc_first + xa;
      const mdl_access *ab = mdl_access_at(k, accb);
      bool bw = (ab->mode & MDL_ACC_WRITE) != 0;
      for (uint32_t bits = used[ab->mem] & ~other; bits; bits &= bits - 1) {
        uint32_t c = (uint32_t)__builtin_ctz(bits); /* ascending chains */
        uint32_t p = vb[g->col[c]];
        size_t slot = ((size_t)ab->mem * NCH_MAX + c) * 2;
        x.cand.len = 0;
        for (uint32_t cls = bw ? 0 : 1; cls < 2; cls++) {
          /* class 0: reads, 1: writes */
          rg_query(&x, x.root[slot + cls], ab, ab->lo, ab->hi, ab->sym, p,
                   b);
          for (uint32_t s = x.sym[slot + cls]; s != NONE; s = RG(&x, s)->left)
            if (RG(&x, s)->lastpos > p)
              rg_take(&x, s, p, b);
        }
        if (x.cand.len > 1)
          qsort(x.cand.data, x.cand.len, sizeof(accent), cand_cmp);
        for (uint32_t j = 0; j < x.cand.len; j++) {
          const accent *r = &MDL_VEC_AT(x.cand, accent, j);
          const mdl_access *aa = mdl_access_at(k, r->acc);
          int rule = mdl_conflict_rule(k, r->inst, aa, b, ab);
          mdl_valuation *val;
          if (rule >= 0 && may_overlap(g, aa, ab, &val))
            race_pair(g, (mdl_rule)rule, r->inst, aa, b, ab, val);
        }
        if (g->any_error && g->findings.len > nf0)
          goto done; /* (a probe: every race rule decides it) */
      }
      /* index b's access */
      uint32_t c = g->chain[b];
      size_t slot = ((size_t)ab->mem * NCH_MAX + c) * 2 + (bw ? 1 : 0);
      used[ab->mem] |= 1u << c;
      if (ab->sym) {
        uint32_t s = rg_new(&x, ab);
        rg_add(&x, s, b, accb);
        RG(&x, s)->left = x.sym[slot];
        x.sym[slot] = s;
      } else {
        x.root[slot] = rg_insert(&x, x.root[slot], ab, b, accb);
      }
    }
  }
done:
  mdl_vec_free(&x.nodes);
  mdl_vec_free(&x.ents);
  mdl_vec_free(&x.cand);
  free(x.root);
  free(x.sym);
  free(used);
}

/* -------------------------------------------------------------- analysis */

static void gx_free(gx *g) {
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
  uint32_t *idx = malloc(nnodes * sizeof *idx), *low = malloc(nnodes * sizeof *low);
  uint32_t *comp = malloc(nnodes * sizeof *comp), *st = malloc(nnodes * sizeof *st);
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
    finding *fd = add_finding(g, MDL_RULE_DEADLOCK, 0, NONE);
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
      finding *fd = add_finding(g, MDL_RULE_DOUBLE_SET, si, prev);
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
        finding *fd = add_finding(g, MDL_RULE_DOUBLE_SET, si,
                                  MDL_VEC_AT(r->sets, uint32_t, s - 1));
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
  gx_free(&g);
}

void chk_skel_free(chk_skel *sk) {
  mdl_vec_free(&sk->edges);
  free(sk->chain);
  free(sk->pos);
}

static uint32_t count_errors(const gx *g);

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
      fd = add_finding(g, MDL_RULE_DEADLOCK, i, NONE);
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

static void analyse(gx *g, const mdl_kernel *k, const chk_options *o,
                    const uint8_t *disabled, bool any_error, chk_stats *st) {
  chainst ch[NCH_MAX];
  double t0 = st ? now_s() : 0;
  init_chains(g, k, disabled, ch);
  g->o = o;
  g->any_error = any_error;
  g->flags = o ? o->flags : MDL_FLAGS_COUNT;
  /* sync_block (all cores of a mode meet): k-th with k-th */
  {
    mdl_vec per[3] = {{0}, {0}, {0}};
    for (uint32_t i = 0; i < g->n; i++)
      if (I(g, i)->kind == MDL_I_SYNC_ALL && !inst_disabled(g, i))
        *(uint32_t *)mdl_vec_push(&per[I(g, i)->core], sizeof(uint32_t)) = i;
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
  double t1 = st ? now_s() : 0;
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
  double t2 = st ? now_s() : 0;
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
  check_double_sets(g, &recs);
  if (!g->deadlock && !(any_error && count_errors(g)))
    find_races(g);
  flag_recs_free(&recs);
  if (st)
    st->check_s = now_s() - t2;
}

/* ------------------------------------------------------------ reporting */

char *chk_po_double_witness(const mdl_kernel *k, uint32_t prev,
                            const char *engine) {
  char at[320] = "the previous set";
  if (prev != NONE) {
    const mdl_inst *p = mdl_inst_at(k, prev);
    char wp[256];
    mdl_inst_where(k, p, wp, sizeof wp);
    snprintf(at, sizeof at, "the set at %u:%u (%s)", p->loc.line, p->loc.col,
             wp);
  }
  return mdl_strprintf("no wait_flag of the flag runs between %s and this "
                       "set%s%s",
                       at, engine ? "; " : "", engine ? engine : "");
}

char *chk_po_double_msg(const mdl_kernel *k, uint32_t core, uint8_t src,
                        uint8_t dst, int32_t id) {
  return mdl_strprintf(
      "set_flag[%s, %s, EVENT_ID%d] on %s sets the flag again with no "
      "wait_flag of it since the previous set (program order): the flag "
      "counts both, but the CCE documentation forbids it and a wait is "
      "often missing",
      mdl_pipe_name((mdl_pipe)src), mdl_pipe_name((mdl_pipe)dst), id,
      k->cores[core].label);
}

const char *chk_op_name(const mdl_kernel *k, const mdl_inst *in) {
  const mdl_stmt *s = MDL_VEC_AT(k->stmts, mdl_stmt *, in->stmt);
  const char *n = s->name ? s->name : mdl_inst_kind_name(in->kind);
  if (!strncmp(n, "hivm.hir.", 9))
    n += 9;
  return n;
}

static void range_str(const mdl_kernel *k, uint32_t mem, int64_t lo,
                      int64_t hi, char *buf, size_t n) {
  const mdl_memory *m = mdl_memory_at(k, mem);
  if (hi == INT64_MAX)
    snprintf(buf, n, "%s[0x%llx, end)", m->name, (unsigned long long)lo);
  else
    snprintf(buf, n, "%s[0x%llx, 0x%llx)", m->name, (unsigned long long)lo,
             (unsigned long long)hi);
}

typedef struct {
  mdl_rule rule;
  uint32_t sb, sa; /* statement ids */
  uint32_t d;      /* index into the diagnostics (the vector may move) */
} dkey;

void chk_emit(const mdl_kernel *k, mdl_vec *findings, mdl_diags *out,
              uint32_t *nerr, uint32_t *nwarn) {
  mdl_vec keys = {0};
  for (uint32_t i = 0; i < findings->len; i++) {
    finding *f = &MDL_VEC_AT(*findings, finding, i);
    if (f->rule == MDL_RULE_COUNT)
      continue;
    const mdl_inst *b = mdl_inst_at(k, f->b);
    const mdl_inst *a = f->a != NONE ? mdl_inst_at(k, f->a) : NULL;
    uint32_t sb = chk_src(k, b->stmt), sa = a ? chk_src(k, a->stmt) : NONE;
    dkey *dup = NULL;
    for (uint32_t j = 0; j < keys.len && !dup; j++) {
      dkey *x = &MDL_VEC_AT(keys, dkey, j);
      if (x->rule == f->rule && x->sb == sb && x->sa == sa)
        dup = x;
    }
    if (dup) {
      MDL_VEC_AT(out->items, mdl_diag, dup->d).extra++;
      continue;
    }
    char wb[256], wa[256], rng[96];
    mdl_inst_where(k, b, wb, sizeof wb);
    mdl_diag *d;
    mdl_severity sev = f->error ? MDL_SEV_ERROR : mdl_rule_severity(f->rule);
    if (f->rule == MDL_RULE_RACE || f->rule == MDL_RULE_PIPE_HAZARD ||
        f->rule == MDL_RULE_XCORE_RACE || f->rule == MDL_RULE_PARALLEL_LOOP) {
      unsigned bits = f->wbits;
      bool b_is_second = (bits & 4) != 0;
      bool a_w = b_is_second ? (bits & 1) : (bits & 2);
      bool b_w = b_is_second ? (bits & 2) : (bits & 1);
      range_str(k, f->mem, f->lo, f->hi, rng, sizeof rng);
      mdl_inst_where(k, a, wa, sizeof wa);
      const char *pa = mdl_pipe_name((mdl_pipe)a->pipe);
      const char *pb = mdl_pipe_name((mdl_pipe)b->pipe);
      /* the other access in another file than the finding's (a C++
         header): its location names the file */
      char al[288];
      snprintf(al, sizeof al, "%s%s%u:%u",
               a->loc.file != b->loc.file ? mdl_kernel_file(k, a->loc.file)
                                          : "",
               a->loc.file != b->loc.file ? ":" : "", a->loc.line,
               a->loc.col);
      if (f->rule == MDL_RULE_RACE)
        d = mdl_diag_add_at(out, f->rule, sev, k, b->loc,
                         "%s at %u:%u may %s %s while the %s at %s on %s "
                         "is still %s it: no sync from %s to %s orders them",
                         chk_op_name(k, b), b->loc.line, b->loc.col,
                         b_w ? "write" : "read", rng, chk_op_name(k, a),
                         al, pa,
                         a_w ? "writing" : "reading", pa, pb);
      else if (f->rule == MDL_RULE_PIPE_HAZARD)
        d = mdl_diag_add_at(out, f->rule, sev, k, b->loc,
                         "%s at %u:%u may %s %s before the %s at %s on "
                         "the same pipe %s has finished %s it: no "
                         "pipe_barrier(%s) between them",
                         chk_op_name(k, b), b->loc.line, b->loc.col,
                         b_w ? "write" : "read", rng, chk_op_name(k, a),
                         al, pb,
                         a_w ? "writing" : "reading", pb);
      else if (f->rule == MDL_RULE_PARALLEL_LOOP) {
        const mdl_stmt *pl = mdl_parallel_iters(k, a, b);
        d = mdl_diag_add_at(out, f->rule, sev, k, b->loc,
                         "%s at %u:%u may %s %s while the %s at %s of "
                         "another iteration is still %s it: the input "
                         "breaks the contract of the {hivm.parallel_loop} "
                         "at %u:%u, whose iterations must not conflict",
                         chk_op_name(k, b), b->loc.line, b->loc.col,
                         b_w ? "write" : "read", rng, chk_op_name(k, a),
                         al,
                         a_w ? "writing" : "reading", pl ? pl->loc.line : 0,
                         pl ? pl->loc.col : 0);
      } else
        d = mdl_diag_add_at(out, f->rule, sev, k, b->loc,
                         "%s at %u:%u on %s may %s %s while the %s at %s "
                         "on %s is still %s it: no cross-core flag orders "
                         "them",
                         chk_op_name(k, b), b->loc.line, b->loc.col,
                         k->cores[b->core].label, b_w ? "write" : "read", rng,
                         chk_op_name(k, a), al,
                         k->cores[a->core].label, a_w ? "writing" : "reading");
      mdl_diag_related_at(d, k, a->loc, "conflicting %s %s, %s",
                       chk_op_name(k, a), a_w ? "write" : "read", wa);
      mdl_diag_witness(d,
                       "%s (%s) and %s (%s) can overlap in time: nothing "
                       "forces the first to end before the second starts"
                       "%s%s",
                       chk_op_name(k, a), wa, chk_op_name(k, b), wb,
                       f->witness ? "; " : "", f->witness ? f->witness : "");
    } else {
      d = mdl_diag_add_at(out, f->rule, sev, k, b->loc, "%s",
                       f->msg ? f->msg : mdl_rule_name(f->rule));
      if (a) {
        mdl_inst_where(k, a, wa, sizeof wa);
        mdl_diag_related_at(d, k, a->loc, "%s %s",
                         chk_op_name(k, a), wa);
      }
      for (uint32_t r = 0; r < f->related.len; r++) {
        const mdl_inst *x = mdl_inst_at(k, MDL_VEC_AT(f->related, uint32_t, r));
        char wx[256];
        mdl_inst_where(k, x, wx, sizeof wx);
        mdl_diag_related_at(d, k, x->loc, "%s %s, also on the "
                         "cycle", chk_op_name(k, x), wx);
      }
      mdl_diag_witness(d, "%s%s%s", wb, f->witness ? "; " : "",
                       f->witness ? f->witness : "");
    }
    chk_finding_steps(k, f, d); /* the first instance's, as d->val */
    d->val = f->val; /* the first instance's witness values */
    f->val = NULL;
    if (sev == MDL_SEV_ERROR)
      (*nerr)++;
    else if (sev == MDL_SEV_WARNING)
      (*nwarn)++;
    dkey *nk = mdl_vec_push(&keys, sizeof *nk);
    nk->rule = f->rule;
    nk->sb = sb;
    nk->sa = sa;
    nk->d = (uint32_t)(d - (mdl_diag *)out->items.data);
  }
  mdl_vec_free(&keys);
}

/* ------------------------------------------------------- invalid syncs */

void chk_invalid(const mdl_kernel *k, mdl_diags *out, uint32_t *nerr,
                 uint32_t *nwarn) {
  uint8_t *reported = calloc(k->nstmts ? k->nstmts : 1, 1);
  const mdl_profile *pr = k->prof;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind == MDL_I_OP || in->implicit ||
        reported[chk_src(k, in->stmt)])
      continue;
    const char *core = k->cores[in->core].type == MDL_CORE_AIC
                           ? "the cube core (AIC)" : "a vector core (AIV)";
    char msg[300] = "";
    bool warn = false;
    switch (in->kind) {
    case MDL_I_SET:
    case MDL_I_WAIT:
      for (int q = 0; q < 2 && !msg[0]; q++) {
        uint8_t p = q ? in->pipe2 : in->pipe;
        if (p == MDL_PIPE_ALL)
          snprintf(msg, sizeof msg, "%s cannot name PIPE_ALL",
                   mdl_inst_kind_name(in->kind));
        else if (!mdl_core_has_pipe(pr, k->cores[in->core].type, (mdl_pipe)p))
          snprintf(msg, sizeof msg,
                   "%s names %s, which %s does not have on %s: the "
                   "toolchain drops it, so it synchronizes nothing",
                   mdl_inst_kind_name(in->kind), mdl_pipe_name((mdl_pipe)p),
                   core, pr->name);
      }
      if (!msg[0] && in->id >= 0 && in->id > pr->max_event_id)
        snprintf(msg, sizeof msg, "event id %d is out of range 0..%d",
                 in->id, pr->max_event_id);
      else if (!msg[0] && in->id < -1)
        snprintf(msg, sizeof msg, "event id %d is out of range 0..%d",
                 in->id, pr->max_event_id);
      else if (!msg[0] && in->id >= 0 && (pr->reserved_event_ids >> in->id) & 1) {
        snprintf(msg, sizeof msg,
                 "event id %d is reserved by the runtime and the queue "
                 "framework; use 0..5 by hand", in->id);
        warn = true;
      }
      break;
    case MDL_I_BARRIER:
      if (in->pipe == MDL_PIPE_S)
        snprintf(msg, sizeof msg, "pipe_barrier(PIPE_S) is illegal");
      else if (!mdl_core_has_pipe(pr, k->cores[in->core].type,
                                  (mdl_pipe)in->pipe))
        snprintf(msg, sizeof msg,
                 "pipe_barrier names %s, which %s does not have on %s: the "
                 "toolchain drops it",
                 mdl_pipe_name((mdl_pipe)in->pipe), core, pr->name);
      break;
    case MDL_I_BSET:
    case MDL_I_BWAIT:
      if (!mdl_core_has_pipe(pr, k->cores[in->core].type, (mdl_pipe)in->pipe))
        snprintf(msg, sizeof msg,
                 "%s names %s, which %s does not have on %s: the toolchain "
                 "drops it",
                 mdl_inst_kind_name(in->kind),
                 mdl_pipe_name((mdl_pipe)in->pipe), core, pr->name);
      else if (in->id > pr->max_block_flag || in->id < -1)
        snprintf(msg, sizeof msg, "cross-core flag %d is out of range 0..%d",
                 in->id, pr->max_block_flag);
      else if (in->id >= 0 && (pr->reserved_flags >> in->id) & 1) {
        snprintf(msg, sizeof msg,
                 "cross-core flag %d is used by the hard SyncAll (11..14)",
                 in->id);
        warn = true;
      }
      break;
    default:
      break;
    }
    if (!msg[0])
      continue;
    reported[chk_src(k, in->stmt)] = 1;
    mdl_diag *d = mdl_diag_add_at(out, MDL_RULE_INVALID_SYNC, warn ? MDL_SEV_WARNING : MDL_SEV_ERROR, k, in->loc,
                               "%s", msg);
    chk_step_inst(k, d, i, MDL_STEP_SYNC, true, NULL);
    if (warn)
      (*nwarn)++;
    else
      (*nerr)++;
  }
  free(reported);
}

static uint32_t count_errors(const gx *g) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < g->findings.len; i++) {
    const finding *f = &MDL_VEC_AT(g->findings, finding, i);
    /* a broken parallel_loop contract blocks redundancy claims too */
    if (f->rule != MDL_RULE_COUNT &&
        (f->error || mdl_rule_severity(f->rule) == MDL_SEV_ERROR ||
         f->rule == MDL_RULE_PARALLEL_LOOP))
      n++;
  }
  return n;
}

/* ------------------------------------------------------------ paths */

/* Names the syncs on a path that orders a's end before b's start: walks
** back from S(b) through nodes that still carry a's frontier.  Writes
** "set_flag at 12:5 -> wait_flag at 14:5" into by, and the instances in
** path order into OUT chain (room for PATH_MAX_SYNCS), and returns how
** many syncs it names (0: the pipe or program order alone orders them). */
#define PATH_MAX_SYNCS 8
static uint32_t path_syncs(const gx *g, const mdl_kernel *k, uint32_t a,
                           uint32_t b, char *by, size_t bn, uint32_t *chain) {
  uint32_t node = NS(b), syncs[PATH_MAX_SYNCS], nsy = 0, steps = 0;
  uint32_t ca = g->chain[a], pa = g->pos[a];
  by[0] = 0;
  if (ca == NONE)
    return 0;
  uint32_t cola = g->col[ca];
  while (steps++ < 100000) {
    if (node < 4 * g->n && (node & 3) == 3 && g->chain[node >> 2] == ca &&
        g->pos[node >> 2] >= pa)
      break;
    uint32_t nx = NONE;
    for (uint32_t e = g->roff[node]; e < g->roff[node + 1]; e++) {
      uint32_t p = g->radj[e];
      if (VC(g, p)[cola] >= pa) {
        nx = p;
        break;
      }
    }
    if (nx == NONE)
      break;
    if (nx < 4 * g->n && nsy < PATH_MAX_SYNCS) {
      /* name a wait or barrier the path is released by, and a set only
         where it releases a wait (not on the issue chain) */
      uint32_t i = nx >> 2;
      mdl_inst_kind kd = I(g, i)->kind;
      bool rec = false;
      if ((nx & 3) == 2)
        rec = kd == MDL_I_WAIT || kd == MDL_I_BWAIT ||
              kd == MDL_I_BARRIER || kd == MDL_I_SYNC_ALL;
      else if ((nx & 3) == 1 && (kd == MDL_I_SET || kd == MDL_I_BSET))
        rec = node >= 4 * g->n ||
              ((node & 3) == 2 && I(g, node >> 2)->kind != MDL_I_OP);
      if (rec && (nsy == 0 || syncs[nsy - 1] != i))
        syncs[nsy++] = i;
    }
    node = nx;
  }
  size_t w = 0;
  for (uint32_t s = 0; s < nsy; s++)
    chain[s] = syncs[nsy - 1 - s];
  for (uint32_t s = nsy; s-- > 0 && w < bn;) {
    const mdl_inst *x = I(g, syncs[s]);
    int m = snprintf(by + w, bn - w, "%s%s at %u:%u", w ? " -> " : "",
                     chk_op_name(k, x), x->loc.line, x->loc.col);
    if (m > 0)
      w += (size_t)m;
  }
  return nsy;
}

/* Do instances a and b touch common bytes, one of them writing (any
** pipes; not the two AIVs of one logical vector program)? */
static bool insts_conflict(const mdl_kernel *k, uint32_t a, uint32_t b) {
  const mdl_inst *x = mdl_inst_at(k, a), *y = mdl_inst_at(k, b);
  if (!mdl_insts_may_conflict(k, a, b))
    return false;
  for (uint32_t i = 0; i < x->nacc; i++)
    for (uint32_t j = 0; j < y->nacc; j++) {
      const mdl_access *p = mdl_access_at(k, x->acc_first + i);
      const mdl_access *q = mdl_access_at(k, y->acc_first + j);
      if (((p->mode | q->mode) & MDL_ACC_WRITE) &&
          mdl_access_overlap(k, p, q))
        return true;
    }
  return false;
}

/* Says what already orders what the removed sync statement st ordered:
** finds the nearest conflicting pair of ops around one of its instances
** (a before it on the pipe it waits for, b after it on the pipe it
** blocks) and names the syncs on the path that orders them in g, the
** analysis without st.  OUT cv: that instance of st, the pair (a NONE
** when there is none) and the syncs of the path. */
typedef struct {
  uint32_t x, a, b, nchain, chain[PATH_MAX_SYNCS];
} cover_path;

/* What orders a before b on one pipe with no sync on the path: a kept
** barrier of the pipe between them, V -> V order in hardware (a5), or the
** pipe's in-order completion. */
static void same_pipe_order(const gx *g, const mdl_kernel *k, uint32_t a,
                            uint32_t b, char *by, size_t bn) {
  const mdl_inst *ia = I(g, a);
  for (uint32_t i = a + 1; i < b; i++) {
    const mdl_inst *x = I(g, i);
    if (x->core == ia->core && x->kind == MDL_I_BARRIER &&
        (x->pipe == ia->pipe || x->pipe == MDL_PIPE_ALL) &&
        !inst_disabled(g, i) && chk_sync_valid(k, x)) {
      snprintf(by, bn, "the pipe_barrier(%s) at %u:%u",
               mdl_pipe_name((mdl_pipe)x->pipe), x->loc.line, x->loc.col);
      return;
    }
  }
  snprintf(by, bn, "%s", ia->pipe == MDL_PIPE_V && k->prof->v_hw_ordered
                             ? "the hardware (V -> V is in order on this "
                               "profile)"
                             : "the in-order pipe");
}

static void cover_note(const gx *g, const mdl_kernel *k, const mdl_stmt *st,
                       char *buf, size_t bn, cover_path *cv) {
  uint32_t x = NONE;
  for (uint32_t i = 0; i < g->n && x == NONE; i++)
    if (I(g, i)->stmt == st->id)
      x = i;
  snprintf(buf, bn, "it orders no conflicting accesses");
  cv->x = x;
  cv->a = cv->b = NONE;
  cv->nchain = 0;
  if (x == NONE)
    return;
  const mdl_inst *ix = I(g, x);
  uint32_t c = ix->core, first = k->core_first[c],
           last = first + k->core_count[c];
  uint8_t pa = ix->pipe, pb = ix->pipe; /* barrier: its own pipe */
  uint32_t from = x;                    /* a must precede this */
  if (ix->kind == MDL_I_WAIT) {
    pa = ix->pipe2;
    for (uint32_t i = x; i-- > first;) {
      const mdl_inst *y = I(g, i);
      if (y->kind == MDL_I_SET && y->pipe == ix->pipe2 &&
          y->pipe2 == ix->pipe && y->id == ix->id) {
        from = i;
        break;
      }
    }
  }
  for (uint32_t b = x + 1; b < last && b < x + 512; b++) {
    const mdl_inst *ib = I(g, b);
    if (ib->kind != MDL_I_OP ||
        (pb != MDL_PIPE_ALL && pb != MDL_PIPE_S && ib->pipe != pb))
      continue;
    for (uint32_t a = from; a-- > first && a + 512 > from;) {
      const mdl_inst *ia = I(g, a);
      if (ia->kind != MDL_I_OP || (pa != MDL_PIPE_ALL && ia->pipe != pa) ||
          !insts_conflict(k, a, b) || !ordered(g, a, b))
        continue;
      char by[400];
      uint32_t nsy = path_syncs(g, k, a, b, by, sizeof by, cv->chain);
      cv->a = a;
      cv->b = b;
      cv->nchain = nsy;
      char pair[200];
      int pr = ia->stmt == ib->stmt
          ? snprintf(pair, sizeof pair, "two instances of the %s at %u:%u",
                     chk_op_name(k, ia), ia->loc.line, ia->loc.col)
          : snprintf(pair, sizeof pair, "the %s at %u:%u and the %s at %u:%u",
                     chk_op_name(k, ia), ia->loc.line, ia->loc.col,
                     chk_op_name(k, ib), ib->loc.line, ib->loc.col);
      if (pr < 0)
        pair[0] = 0;
      if (!nsy)
        same_pipe_order(g, k, a, b, by, sizeof by);
      if (snprintf(buf, bn, "%s it orders are also ordered by %s", pair,
                   by) < 0)
        buf[0] = 0;
      return;
    }
  }
}

/* --------------------------------------------------------- redundancy */

/* The removable group of the sync statement st, marked in grp: a barrier
** alone; a wait with every set/wait statement of the flag keys its
** instances use.  grp[st] = 2 when the flag is shared with implicit syncs
** (macro ops): the group is not removable. */
/* Adds to grp every copy (same src) of a statement in it; true if any. */
static bool group_copies(const mdl_kernel *k, uint8_t *grp) {
  uint32_t ns = k->nstmts;
  uint8_t *src = calloc(ns ? ns : 1, 1);
  bool any = false;
  for (uint32_t q = 0; q < ns; q++)
    if (grp[q])
      src[chk_src(k, q)] = 1;
  for (uint32_t q = 0; q < ns; q++)
    if (!grp[q] && src[chk_src(k, q)]) {
      grp[q] = 1;
      any = true;
    }
  free(src);
  return any;
}

void chk_sync_group(const mdl_kernel *k, const mdl_stmt *st, uint8_t *grp) {
  uint32_t s = st->id;
  grp[s] = 1;
  /* removing a C++ call removes every copy of it (mdl_stmt.src) */
  group_copies(k, grp);
  if (st->kind != MDL_S_WAIT)
    return;
  /* closure over flag keys (core, src, dst, id): one pass over the
     instances per round collects the keys of the group, the next adds
     every statement using one of them */
  typedef struct {
    uint32_t core;
    uint8_t src, dst;
    int32_t id;
  } fkey;
  mdl_vec keys = {0};
  bool changed = true;
  while (changed) {
    changed = false;
    keys.len = 0;
    for (uint32_t i = 0; i < k->insts.len; i++) {
      const mdl_inst *in = mdl_inst_at(k, i);
      if ((in->kind != MDL_I_WAIT && in->kind != MDL_I_SET) ||
          in->implicit || !grp[in->stmt])
        continue;
      fkey f = {in->core, in->kind == MDL_I_SET ? in->pipe : in->pipe2,
                in->kind == MDL_I_SET ? in->pipe2 : in->pipe, in->id};
      bool have = false;
      for (uint32_t j = 0; j < keys.len && !have; j++) {
        const fkey *g = &MDL_VEC_AT(keys, fkey, j);
        have = g->core == f.core && g->src == f.src && g->dst == f.dst &&
               g->id == f.id;
      }
      if (!have)
        *(fkey *)mdl_vec_push(&keys, sizeof f) = f;
    }
    for (uint32_t j = 0; j < k->insts.len; j++) {
      const mdl_inst *x = mdl_inst_at(k, j);
      if ((x->kind != MDL_I_WAIT && x->kind != MDL_I_SET) || grp[x->stmt])
        continue;
      uint8_t xs = x->kind == MDL_I_SET ? x->pipe : x->pipe2;
      uint8_t xd = x->kind == MDL_I_SET ? x->pipe2 : x->pipe;
      for (uint32_t q = 0; q < keys.len; q++) {
        const fkey *g = &MDL_VEC_AT(keys, fkey, q);
        if (g->core != x->core || g->id != x->id || g->src != xs ||
            g->dst != xd)
          continue;
        if (x->implicit) {
          grp[s] = 2; /* shares a flag with implicit syncs: not removable */
        } else {
          grp[x->stmt] = 1;
          changed = true;
        }
        break;
      }
    }
    if (changed && group_copies(k, grp))
      changed = true;
  }
  mdl_vec_free(&keys);
}

/* Flag groups: sets and waits of one flag key that pair only with each
** other, as statements.  Removing a whole group is one source edit. */
/* One sync group the search found removable: its statement s (a wait or
** a barrier), the group (by statement id, owned) and what orders its
** pairs without it. */
typedef struct {
  uint32_t s;
  uint8_t *grp;
  char cover[600];
  cover_path cv;
  bool dropped;              /* o->redundant_verify refused it */
} red_cand;

/* Is k still free of errors (and decided) with the syncs dis removed?
** With cover, fills it and cv for statement st. */
static bool still_clean(const mdl_kernel *k, const chk_options *o,
                        const uint8_t *dis, const mdl_stmt *st, char *cover,
                        size_t cn, cover_path *cv) {
  gx g;
  analyse(&g, k, o, dis, true, NULL);
  if (o->stats)
    o->stats->reruns++;
  bool ok = !count_errors(&g) && !g.undecidable;
  if (ok && cover)
    cover_note(&g, k, st, cover, cn, cv);
  gx_free(&g);
  return ok;
}

bool chk_graph_clean(const mdl_kernel *k, const chk_options *o,
                     const uint8_t *dis) {
  return still_clean(k, o, dis, NULL, NULL, 0, NULL);
}

/* The greedy search: each wait's or barrier's group is removed in turn
** and kept out when the kernel stays clean.  Appends to cands. */
static void redundant_greedy(const mdl_kernel *k, const chk_options *o,
                             const uint8_t *is_sync, uint8_t *dis,
                             mdl_vec *cands) {
  uint32_t ns = k->nstmts;
  uint8_t *tried = calloc(ns ? ns : 1, 1);
  for (uint32_t s = 0; s < ns; s++) {
    const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, s);
    if (!is_sync[s] || tried[s] ||
        (st->kind != MDL_S_WAIT && st->kind != MDL_S_BARRIER))
      continue;
    /* group: for a wait, every set/wait statement of the same flag keys
       its instances use */
    uint8_t *grp = calloc(ns, 1);
    chk_sync_group(o->group_kernel ? o->group_kernel : k, st, grp);
    bool removable = grp[s] == 1;
    for (uint32_t q = 0; q < ns; q++)
      if (grp[q]) {
        tried[q] = 1;
        if (dis[q])
          removable = false;
      }
    red_cand c = {s, grp, {0}, {NONE, NONE, NONE, 0, {0}}, false};
    if (removable) {
      for (uint32_t q = 0; q < ns; q++)
        dis[q] |= grp[q];
      if (still_clean(k, o, dis, st, c.cover, sizeof c.cover, &c.cv)) {
        *(red_cand *)mdl_vec_push(cands, sizeof c) = c;
        continue;
      }
      for (uint32_t q = 0; q < ns; q++)
        if (grp[q])
          dis[q] = 0;
    }
    free(grp);
  }
  free(tried);
}

/* o->redundant_verify: the groups must also be removable together from
** the kernels it stands for (the other outcomes of an enumeration).  When
** the whole set is not, keeps greedily the candidates that are. */
static void redundant_verify(const mdl_kernel *k, const chk_options *o,
                             uint8_t *dis, mdl_vec *cands) {
  if (!o->redundant_verify || !cands->len ||
      o->redundant_verify(o->alias_ctx, dis))
    return;
  memset(dis, 0, k->nstmts ? k->nstmts : 1);
  for (uint32_t i = 0; i < cands->len; i++) {
    red_cand *c = &MDL_VEC_AT(*cands, red_cand, i);
    for (uint32_t q = 0; q < k->nstmts; q++)
      dis[q] |= c->grp[q];
    const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, c->s);
    if (still_clean(k, o, dis, st, c->cover, sizeof c->cover, &c->cv) &&
        o->redundant_verify(o->alias_ctx, dis))
      continue;
    c->dropped = true;
    for (uint32_t q = 0; q < k->nstmts; q++)
      if (c->grp[q])
        dis[q] = 0;
  }
}

/* The warning of candidate c, with its witness steps. */
static void redundant_emit(const mdl_kernel *k, const red_cand *c,
                           mdl_diags *out) {
  const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, c->s);
  mdl_diag *d;
  if (st->kind == MDL_S_BARRIER) {
    d = mdl_diag_add_at(out, MDL_RULE_REDUNDANT_BARRIER, MDL_SEV_WARNING, k, st->loc,
                     "pipe_barrier(%s) is redundant: %s",
                     mdl_pipe_name(st->u.bar.pipe), c->cover);
  } else {
    d = mdl_diag_add_at(out, MDL_RULE_REDUNDANT_WAIT, MDL_SEV_WARNING, k, st->loc,
                     "wait_flag[%s, %s] and its set_flag are redundant: %s",
                     mdl_pipe_name(st->u.flag.src),
                     mdl_pipe_name(st->u.flag.dst), c->cover);
    for (uint32_t q = 0; q < k->nstmts; q++)
      if (c->grp[q] && q != c->s && chk_src(k, q) == q &&
          q != st->src) { /* one note per source statement */
        const mdl_stmt *x = MDL_VEC_AT(k->stmts, mdl_stmt *, q);
        mdl_diag_related_at(d, k, x->loc,
                         "%s of the same flag, removed with it",
                         x->kind == MDL_S_SET ? "set_flag" : "wait_flag");
      }
  }
  if (c->cv.a != NONE) {
    /* the pair it ordered, around it, and what orders them without it;
       with no pair, chk_steps_locate gives its locations */
    chk_step_inst(k, d, c->cv.a, MDL_STEP_EARLIER, false, NULL);
    chk_step_inst(k, d, c->cv.x, MDL_STEP_SYNC, true, NULL);
    for (uint32_t q = 0; q < c->cv.nchain; q++)
      chk_step_inst(k, d, c->cv.chain[q], MDL_STEP_ORDERING, false, NULL);
    chk_step_inst(k, d, c->cv.b, MDL_STEP_ACCESS, false, NULL);
  }
}

/* redundant-wait / redundant-barrier: sync groups whose removal keeps k
** free of errors, removable together.  False when the search is past its
** work budget (not searched). */
static bool find_redundant(const mdl_kernel *k, const chk_options *o,
                           mdl_diags *out, uint32_t *nwarn) {
  uint32_t ns = k->nstmts;
  uint8_t *is_sync = calloc(ns ? ns : 1, 1);
  uint32_t nsync = 0;
  /* the syncs and their groups: of the kernel this one stands for */
  const mdl_kernel *gk = o->group_kernel ? o->group_kernel : k;
  for (uint32_t i = 0; i < gk->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(gk, i);
    if ((in->kind == MDL_I_WAIT || in->kind == MDL_I_BARRIER ||
         in->kind == MDL_I_SET) && !in->implicit && !is_sync[in->stmt]) {
      is_sync[in->stmt] = 1;
      nsync++;
    }
  }
  if ((uint64_t)nsync * k->insts.len > o->redundant_budget) {
    free(is_sync);
    return false; /* too large: not searched (the caller says so) */
  }
  uint8_t *dis = calloc(ns ? ns : 1, 1);
  mdl_vec cands = {0};
  redundant_greedy(k, o, is_sync, dis, &cands);
  redundant_verify(k, o, dis, &cands);
  for (uint32_t i = 0; i < cands.len; i++) {
    red_cand *c = &MDL_VEC_AT(cands, red_cand, i);
    if (!c->dropped) {
      redundant_emit(k, c, out);
      (*nwarn)++;
    }
    free(c->grp);
  }
  mdl_vec_free(&cands);
  free(dis);
  free(is_sync);
  return true;
}

/* --------------------------------------------------------------- explain */



static void explain(gx *g, const mdl_kernel *k, mdl_diags *out) {
  /* for each conflicting, ordered pair of statements on one memory: name
     the sync on a path from the first's end to the second's start */
  mdl_vec seen = {0};
  for (uint32_t b = 0; b < g->n; b++) {
    const mdl_inst *ib = I(g, b);
    if (ib->kind != MDL_I_OP)
      continue;
    for (uint32_t a = 0; a < b && seen.len < 4096; a++) {
      const mdl_inst *ia = I(g, a);
      if (ia->kind != MDL_I_OP || g->chain[a] == NONE)
        continue;
      if (!insts_conflict(k, a, b) || !ordered(g, a, b))
        continue;
      uint32_t key = ia->stmt * 65537u + ib->stmt;
      bool dup = false;
      for (uint32_t s = 0; s < seen.len && !dup; s++)
        dup = MDL_VEC_AT(seen, uint32_t, s) == key;
      if (dup)
        continue;
      *(uint32_t *)mdl_vec_push(&seen, sizeof(uint32_t)) = key;
      char by[512];
      uint32_t chain[PATH_MAX_SYNCS];
      uint32_t nsy = path_syncs(g, k, a, b, by, sizeof by, chain);
      mdl_diag *d = mdl_diag_add_at(out, MDL_RULE_EXPLAIN, MDL_SEV_NOTE, k, ib->loc, "%s at %u:%u is ordered after the conflicting %s at "
          "%u:%u by %s",
          chk_op_name(k, ib), ib->loc.line, ib->loc.col, chk_op_name(k, ia),
          ia->loc.line, ia->loc.col,
          nsy ? by : (ia->core == ib->core && ia->pipe == ib->pipe
                          ? "the in-order pipe"
                          : "program order"));
      mdl_diag_related_at(d, k, ia->loc, "the earlier access");
      chk_step_inst(k, d, a, MDL_STEP_EARLIER, false, NULL);
      for (uint32_t q = 0; q < nsy; q++)
        chk_step_inst(k, d, chain[q], MDL_STEP_ORDERING, false, NULL);
      chk_step_inst(k, d, b, MDL_STEP_ACCESS, true, NULL);
    }
  }
  mdl_vec_free(&seen);
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
      mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, in->loc, "not decided: %s", *note);
      return MDL_VERDICT_UNKNOWN;
    }
    has_x |= in->kind == MDL_I_BSET || in->kind == MDL_I_BWAIT;
  }
  if (has_x && k->kind != MDL_KIND_MIX && !k->open) {
    *note = mdl_strprintf("cross-core sync in a kernel whose partner cores "
                          "are not in this input");
    mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc, "not decided: %s", *note);
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
    mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc, "not decided: %s", *note);
    return MDL_VERDICT_UNKNOWN;
  }
  uint32_t nerr = 0, nwarn = 0;
  chk_invalid(k, out, &nerr, &nwarn);
  gx g;
  chk_stats *st = o->stats;
  analyse(&g, k, o, NULL, false, st);
  uint32_t before = nerr;
  if (g.undecidable) {
    /* the alias oracle could not tell whether two ranges meet */
    *note = mdl_strprintf("whether two symbolic byte ranges overlap was not "
                          "decided (%s)",
                          o->alias_why ? o->alias_why(o->alias_ctx) : "?");
    mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc, "not decided: %s", *note);
    gx_free(&g);
    return MDL_VERDICT_UNKNOWN;
  }
  double t3 = st ? now_s() : 0;
  /* a prefix: what a wait left waiting at the cut may order is not
     decided (chk_open.c) */
  uint32_t first_cut = NONE;
  uint8_t *behind = chk_behind_cut(k, g.nnodes, g.edges.data, g.edges.len,
                                   NULL, 0, &first_cut);
  uint32_t undecided = chk_drop_behind(k, behind, &g.findings);
  free(behind);
  chk_emit(k, &g.findings, out, &nerr, &nwarn);
  if (o->explain && !g.deadlock)
    explain(&g, k, out);
  if (st)
    st->check_s += now_s() - t3;
  bool clean_errors = nerr == 0 && !count_errors(&g);
  bool deadlock = g.deadlock;
  gx_free(&g);
  double t4 = st ? now_s() : 0;
  bool searched = true;
  if (clean_errors && o->redundant && !k->cut_cores)
    searched = find_redundant(k, o, out, &nwarn);
  if (st)
    st->redundant_s = now_s() - t4;
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
