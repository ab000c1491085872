/*
** chk_graph_race.c -- the graph engine's race search: per memory, the
** accesses of each chain not ordered before an access.  Internals in
** chk_graph_x.h.
*/
#include "chk.h"
#include "chk_int.h"
#include "../model/mdl_build.h"
#include "chk_graph_x.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* A race finding already recorded for (rule, statement pair): further
** instance pairs only count (chk_finding.extra), as chk_emit would fold
** them, so a kernel with a race in every iteration costs one record per
** statement pair, not one per instance pair. */
typedef struct {
  uint32_t sb, sa, rule, f; /* f: finding index + 1; 0 = empty slot */
} rkey;

typedef struct {
  gx *g;
  rkey *keys;                /* open addressing, cap a power of two */
  uint32_t kcap, klen;
  mdl_vec nodes;             /* rgroup */
  mdl_vec ents;              /* accent */
  uint32_t *root;            /* [mem][chain][class]: treap roots */
  uint32_t *sym;             /* [mem][chain][class]: symbolic groups */
  uint32_t seed;
  mdl_vec cand;              /* accent copies found by a query */
  uint32_t runs;             /* groups that added to cand (each adds its
                                entries newest first: one needs no sort) */
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
  x->runs++;
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

/* Can access x of instance a and access y of instance b, which
** mdl_conflict_rule found conflicting, touch a common byte in one
** execution?  Where their symbolic bases differ the alias oracle
** (chk_options.alias) may say they cannot; where one of them exists only
** under literals the outcome left open (mdl_kernel.resid), the
** coexistence oracle decides both questions at once.  An undecided answer
** makes the analysis undecided.  With val (not NULL), *val and *text get
** the oracle's witness (NULL when it had none to give). */
static bool pair_possible(gx *g, uint32_t a, const mdl_access *x, uint32_t b,
                          const mdl_access *y, mdl_valuation **val,
                          char **text) {
  mdl_valuation *v = NULL;
  char *t = NULL;
  uint32_t ga = mdl_inst_resid(g->k, a), gb = mdl_inst_resid(g->k, b);
  int r = 1;
  if ((ga || gb) && g->o && g->o->coexist)
    r = g->o->coexist(g->o->alias_ctx, ga, gb, x, y, val ? &v : NULL,
                      val ? &t : NULL);
  else if ((x->sym != y->sym || (x->sym && x->form != y->form)) && g->o &&
           g->o->alias)
    r = g->o->alias(g->o->alias_ctx, x, y, val ? &v : NULL);
  if (r < 0)
    g->undecidable = true;
  if (val) {
    *val = v;
    *text = t;
  } else {
    mdl_valuation_free(v);
    free(t);
  }
  return r != 0;
}

static uint32_t rkey_hash(uint32_t sb, uint32_t sa, uint32_t rule) {
  uint32_t h = sb * 0x9E3779B1u ^ (sa + 0x7F4A7C15u) * 0x85EBCA77u ^ rule;
  return h ^ (h >> 15);
}

/* The slot of (sb, sa, rule) in x's key table (grown as needed). */
static rkey *rkey_slot(ridx *x, uint32_t sb, uint32_t sa, uint32_t rule) {
  if (2 * (x->klen + 1) > x->kcap) {
    uint32_t nc = x->kcap ? 2 * x->kcap : 64;
    rkey *n = calloc(nc, sizeof *n);
    if (!n) {
      fputs("ksv: out of memory\n", stderr);
      exit(3);
    }
    for (uint32_t i = 0; i < x->kcap; i++)
      if (x->keys[i].f) {
        const rkey *o = &x->keys[i];
        uint32_t h = rkey_hash(o->sb, o->sa, o->rule) & (nc - 1);
        while (n[h].f)
          h = (h + 1) & (nc - 1);
        n[h] = *o;
      }
    free(x->keys);
    x->keys = n;
    x->kcap = nc;
  }
  uint32_t h = rkey_hash(sb, sa, rule) & (x->kcap - 1);
  while (x->keys[h].f && !(x->keys[h].sb == sb && x->keys[h].sa == sa &&
                           x->keys[h].rule == rule))
    h = (h + 1) & (x->kcap - 1);
  return &x->keys[h];
}

/* Does the execution v (a witness's values) run instances a and b of the
** copy k of one outcome, with accesses x and y meeting?  1, 0, -1 (v
** leaves a value open).  Their open literals are evaluated in the kernel
** the copy was made from. */
static int runs_both(const mdl_kernel *k, const mdl_valuation *v, uint32_t a,
                     const mdl_access *x, uint32_t b, const mdl_access *y) {
  const mdl_kernel *of = k->resid_of ? k->resid_of : k;
  int ha = mdl_guard_holds(of, v, mdl_inst_resid(k, a));
  int hb = mdl_guard_holds(of, v, mdl_inst_resid(k, b));
  if (ha <= 0 || hb <= 0)
    return ha < 0 || hb < 0 ? -1 : 0;
  int64_t ox = 0, oy = 0;
  if ((x->sym && !mdl_form_value(of, v, x->form, &ox)) ||
      (y->sym && !mdl_form_value(of, v, y->form, &oy)))
    return -1;
  int64_t lx = x->lo + ox, ly = y->lo + oy;
  return (x->hi == INT64_MAX || ly < lx + (x->hi - x->lo)) &&
         (y->hi == INT64_MAX || lx < ly + (y->hi - y->lo));
}

/* The unordered conflict between instance a (earlier) and b: its primary
** *pb (later in program order on one core; across cores the reader (RAW),
** else the higher core) and related *pa.  False where it is not checked
** (the cores of a lone half). */
static bool race_orient(const gx *g, uint32_t a, const mdl_access *aa,
                        uint32_t b, const mdl_access *ab, uint32_t *pa,
                        uint32_t *pb) {
  const mdl_inst *ia = chk_graph_I(g, a), *ib = chk_graph_I(g, b);
  if (ia->core != ib->core && g->k->open)
    return false; /* a lone half: cross-core races are not checked */
  if (g->behind && (g->behind[a] || g->behind[b]))
    return false; /* a probe of a prefix: not decided there */
  *pa = a;
  *pb = b;
  if (ia->core == ib->core) {
    if (a > b) {
      *pa = b;
      *pb = a;
    }
  } else {
    bool ra = !(aa->mode & MDL_ACC_WRITE), rb = !(ab->mode & MDL_ACC_WRITE);
    if ((ra && !rb) || (ra == rb && ia->core > ib->core)) {
      *pa = b;
      *pb = a;
    }
  }
  return true;
}

/* The fold key of a race (rule, pb, pa), or NULL where every pair keeps
** its own record: a prefix's findings are dropped instance by instance
** behind the cut (chk_drop_behind). */
static rkey *race_key(ridx *x, mdl_rule rule, uint32_t pa, uint32_t pb) {
  const mdl_kernel *k = x->g->k;
  if (k->cut_cores)
    return NULL;
  uint32_t sb = chk_src(k, chk_graph_I(x->g, pb)->stmt);
  uint32_t sa = chk_src(k, chk_graph_I(x->g, pa)->stmt);
  rkey *key = rkey_slot(x, sb, sa, (uint32_t)rule);
  if (!key->f) {
    key->sb = sb;
    key->sa = sa;
    key->rule = (uint32_t)rule;
  }
  return key;
}

/* Records the unordered conflict (mdl_conflict_rule: rule) between
** access aa of instance a and ab of b, primary pb and related pa (of a
** and b), under its fold key (NULL: none); val and text (owned by the
** finding from now on) the execution that makes them meet, or NULL. */
static void race_pair(ridx *x, rkey *key, mdl_rule rule, uint32_t pa,
                      uint32_t pb, uint32_t b, const mdl_access *aa,
                      const mdl_access *ab, mdl_valuation *val, char *text) {
  gx *g = x->g;
  finding *fd = chk_graph_add_finding(g, rule, pb, pa);
  if (key) {
    key->f = g->findings.len;
    x->klen++;
  }
  fd->mem = ab->mem;
  fd->val = val;
  mdl_access_common(g->k, aa, ab, &fd->lo, &fd->hi);
  fd->witness = text; /* (an execution where both run, or NULL) */
  fd->outcome_in_witness = text != NULL;
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
void chk_graph_find_races(gx *g) {
  const mdl_kernel *k = g->k;
  uint32_t nm = k->memories.len ? k->memories.len : 1;
  size_t nslots = (size_t)nm * NCH_MAX * 2;
  ridx x = {g, NULL, 0, 0, {0}, {0}, malloc(nslots * sizeof(uint32_t)),
            malloc(nslots * sizeof(uint32_t)), 12345u, {0}, 0};
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
    const mdl_inst *ib = chk_graph_I(g, b);
    if (ib->kind != MDL_I_OP || g->chain[b] == NONE)
      continue;
    const uint32_t *vb = chk_graph_VC(g, NS(b));
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
        x.runs = 0;
        for (uint32_t cls = bw ? 0 : 1; cls < 2; cls++) {
          /* class 0: reads, 1: writes */
          rg_query(&x, x.root[slot + cls], ab, ab->lo, ab->hi, ab->sym, p,
                   b);
          /* newest first: a chain's accesses are indexed in its
             order, so the list is sorted by position */
          for (uint32_t s = x.sym[slot + cls];
               s != NONE && RG(&x, s)->lastpos > p; s = RG(&x, s)->left)
            rg_take(&x, s, p, b);
        }
        if (x.cand.len > 1 && x.runs > 1)
          qsort(x.cand.data, x.cand.len, sizeof(accent), cand_cmp);
        uint64_t before = g->race_pairs;
        if ((g->race_pairs += x.cand.len) > CHK_RACE_PAIRS_MAX ||
            ((before >> 16) != (g->race_pairs >> 16) && g->o &&
             g->o->deadline > 0 && chk_wall() > g->o->deadline)) {
          g->races_cut = true; /* (past its budget, or out of time) */
          goto done;
        }
        for (uint32_t j = 0; j < x.cand.len; j++) {
          const accent *r = &MDL_VEC_AT(x.cand, accent, j);
          const mdl_access *aa = mdl_access_at(k, r->acc);
          int rule = mdl_conflict_rule(k, r->inst, aa, b, ab);
          uint32_t pa, pb;
          if (rule < 0 || !race_orient(g, r->inst, aa, b, ab, &pa, &pb))
            continue;
          rkey *key = race_key(&x, (mdl_rule)rule, pa, pb);
          mdl_valuation *val = NULL;
          char *text = NULL;
          /* a folded pair only counts: no witness wanted; one under
             literals the outcome left open counts where it runs in the
             first pair's execution (as the SMT engine counts the pairs
             of its witness) */
          bool fold = key && key->f;
          if (fold) {
            finding *f0 = &MDL_VEC_AT(g->findings, finding, key->f - 1);
            if (f0->outcome_in_witness && f0->val &&
                (mdl_inst_resid(k, r->inst) || mdl_inst_resid(k, b))) {
              f0->extra += runs_both(k, f0->val, r->inst, aa, b, ab) == 1;
              continue;
            }
          }
          if (!fold && g->o && g->findings.len >= g->o->max_findings) {
            g->races_cut = g->findings_cut = true; /* --max-memory-mb */
            goto done;
          }
          if (!pair_possible(g, r->inst, aa, b, ab, fold ? NULL : &val,
                             fold ? NULL : &text))
            continue;
          if (fold)
            MDL_VEC_AT(g->findings, finding, key->f - 1).extra++;
          else
            race_pair(&x, key, (mdl_rule)rule, pa, pb, b, aa, ab, val, text);
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
  free(x.keys);
  mdl_vec_free(&x.nodes);
  mdl_vec_free(&x.ents);
  mdl_vec_free(&x.cand);
  free(x.root);
  free(x.sym);
  free(used);
}
