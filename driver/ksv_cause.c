/*
** ksv_cause.c -- root causes first (docs/root-causes.md).  One missing or
** misplaced sync gives several findings: a deleted wait_flag leaves its
** set unpaired, sets it twice, and every access the wait ordered races.
** This step, after the checker and before the reports, groups the
** findings of a file that one statement explains, picks the finding that
** leads each group, words the cause, and orders the file's diagnostics so
** that each group comes out lead first.  It never adds, drops or changes
** a finding: only their order, their `cause` and the file's causes.
**
** Grouping, strongest evidence first:
**  1. check --fix: a finding another finding's verified repair resolves
**     (fix_by) joins that finding's group;
**  2. sync findings at one statement (the unpaired set and the double set
**     of one set_flag), or of one intra-core flag, are one group;
**  3. a race or hazard joins the sync finding of its unit whose flag
**     shares a pipe with it on its core (a cross-core race: a cross-core
**     sync), the nearest one when several do;
**  4. races left over that share their later access are one group.
*/
#include "ksv_int.h"

#include <stdlib.h>
#include <string.h>

static uint32_t uf_find(uint32_t *p, uint32_t x) {
  while (p[x] != x)
    x = p[x] = p[p[x]];
  return x;
}

static void uf_join(uint32_t *p, uint32_t a, uint32_t b) {
  a = uf_find(p, a);
  b = uf_find(p, b);
  if (a != b)
    p[a < b ? b : a] = a < b ? a : b;
}

static bool race_rule(mdl_rule r) {
  return r == MDL_RULE_RACE || r == MDL_RULE_PIPE_HAZARD ||
         r == MDL_RULE_XCORE_RACE || r == MDL_RULE_PARALLEL_LOOP;
}

/* Findings about one sync statement: the statement is the cause. */
static bool sync_rule(mdl_rule r) {
  return r == MDL_RULE_UNPAIRED_SET || r == MDL_RULE_DEADLOCK ||
         r == MDL_RULE_FLAG_OVERFLOW || r == MDL_RULE_DOUBLE_SET ||
         r == MDL_RULE_INVALID_SYNC;
}

/* Which finding of a group leads: the one its sentence is best told
** from (the unpaired set of a missing wait, the blocked wait of a missing
** set), errors before warnings; lower is better. */
static int lead_rank(const mdl_diag *d) {
  static const mdl_rule order[] = {
      MDL_RULE_UNPAIRED_SET, MDL_RULE_DEADLOCK, MDL_RULE_FLAG_OVERFLOW,
      MDL_RULE_INVALID_SYNC, MDL_RULE_DOUBLE_SET, MDL_RULE_RACE,
      MDL_RULE_XCORE_RACE, MDL_RULE_PIPE_HAZARD};
  int r = (int)(sizeof order / sizeof order[0]);
  for (int i = 0; i < (int)(sizeof order / sizeof order[0]); i++)
    if (order[i] == d->rule)
      r = i;
  return (d->severity == MDL_SEV_ERROR ? 0 : 16) + r;
}

/* Two chunks may hold kernels of one name: the unit's index tells them
** apart where the driver set it. */
static bool same_unit(const mdl_diag *a, const mdl_diag *b) {
  if (a->unit_ix && b->unit_ix && a->unit_ix != b->unit_ix)
    return false;
  return !strcmp(a->unit ? a->unit : "", b->unit ? b->unit : "");
}

/* The step of d in role r (the primary one when several), or NULL. */
static const mdl_step *step_of(const mdl_diag *d, mdl_step_role r) {
  const mdl_step *s = NULL;
  for (uint32_t i = 0; i < d->nsteps; i++)
    if (d->steps[i].role == r && (!s || d->steps[i].primary))
      s = &d->steps[i];
  return s;
}

/* The sync step a sync finding is about (the set, the blocked wait). */
static const mdl_step *sync_step(const mdl_diag *d) {
  const mdl_step *s = step_of(d, MDL_STEP_SYNC);
  return s ? s : step_of(d, MDL_STEP_BLOCKED);
}

static bool xcore_kind(uint8_t kind) {
  return kind == MDL_I_BSET || kind == MDL_I_BWAIT ||
         kind == MDL_I_SYNC_ALL;
}

/* Do the sync findings a and b name one intra-core flag (core, pipes,
** id)?  A counted flag's missing wait shows as a double set at one set
** and the unpaired set at its last. */
static bool same_flag(const mdl_diag *a, const mdl_diag *b) {
  const mdl_step *s = sync_step(a), *t = sync_step(b);
  if (!s || !t || s->flag < 0 || s->flag != t->flag || strcmp(s->core, t->core))
    return false;
  if ((s->kind != MDL_I_SET && s->kind != MDL_I_WAIT) ||
      (t->kind != MDL_I_SET && t->kind != MDL_I_WAIT))
    return false;
  uint8_t s0 = s->kind == MDL_I_SET ? s->pipe : s->pipe2,
          s1 = s->kind == MDL_I_SET ? s->pipe2 : s->pipe,
          t0 = t->kind == MDL_I_SET ? t->pipe : t->pipe2,
          t1 = t->kind == MDL_I_SET ? t->pipe2 : t->pipe;
  return s0 == t0 && s1 == t1;
}

/* How well the sync finding a explains race r (0: not at all): the
** flag's two pipes are the race's (3), one of them is (1..2), on the
** race's core; a cross-core race and a cross-core sync share a pipe. */
static int explains(const mdl_diag *a, const mdl_diag *r) {
  const mdl_step *s = sync_step(a), *e = step_of(r, MDL_STEP_EARLIER),
                 *x = step_of(r, MDL_STEP_ACCESS);
  if (!s || !e || !x || !same_unit(a, r))
    return 0;
  bool xr = r->rule == MDL_RULE_XCORE_RACE;
  if (xr != xcore_kind(s->kind))
    return 0;
  if (!xr && strcmp(s->core, x->core))
    return 0;
  bool src = s->pipe == e->pipe || s->pipe2 == e->pipe;
  bool dst = s->pipe == x->pipe || s->pipe2 == x->pipe;
  if (s->kind == MDL_I_SET || s->kind == MDL_I_BSET) /* set: pipe is src */
    return (s->pipe == e->pipe && s->pipe2 == x->pipe) ? 3 : src + dst;
  return (s->pipe2 == e->pipe && s->pipe == x->pipe) ? 3 : src + dst;
}

static uint32_t line_dist(const mdl_diag *a, const mdl_diag *b) {
  return a->line > b->line ? a->line - b->line : b->line - a->line;
}

/* The diagnostics of a file by unit (rep_diag_units; the last group:
** those of no unit): the pairwise rules below look only within one, so
** that a file of many kernels costs what its kernels cost one by one. */
typedef struct {
  const mdl_diag *g;
  const bool *fnd;             /* g[i] is a finding */
  uint32_t *p;                 /* union-find */
  const uint32_t *m;           /* one unit's diagnostics, in order */
  uint32_t k;                  /* how many */
  uint32_t *sy, nsy;           /* positions in m of its sync findings, in
                                  order (a unit has few, its races may be
                                  quadratic in its statements) */
} unit_grp;

/* 3: each race whose group is not settled (no sync finding in it, no
** verified repair of its own) joins the sync finding of its unit that
** explains it best (ties: the nearest). */
static void join_races(const unit_grp *u, const bool *settled) {
  const mdl_diag *g = u->g;
  for (uint32_t a = 0; a < u->k; a++) {
    uint32_t i = u->m[a];
    if (!race_rule(g[i].rule) || settled[uf_find(u->p, i)])
      continue;
    uint32_t best = UINT32_MAX;
    int bs = 0;
    for (uint32_t b = 0; b < u->nsy; b++) {
      uint32_t j = u->m[u->sy[b]];
      int sc = explains(&g[j], &g[i]);
      if (sc > bs || (sc && sc == bs &&
                      line_dist(&g[j], &g[i]) < line_dist(&g[best], &g[i])))
        best = j, bs = sc;
    }
    if (best != UINT32_MAX)
      uf_join(u->p, i, best);
  }
}

/* 1 and 2 within one unit. */
static void join_syncs(const unit_grp *u) {
  const mdl_diag *g = u->g;
  for (uint32_t a = 0; a < u->k; a++) {
    uint32_t i = u->m[a];
    if (!u->fnd[i])
      continue;
    for (uint32_t b = 0; b < u->k && g[i].fix_by; b++) { /* 1: verified */
      uint32_t j = u->m[b];
      if (u->fnd[j] && g[j].fix && g[j].line == g[i].fix_by_line &&
          g[j].col == g[i].fix_by_col && same_unit(&g[i], &g[j]))
        uf_join(u->p, i, j);
    }
    for (uint32_t b = 0; sync_rule(g[i].rule) && b < u->nsy && u->sy[b] < a;
         b++) { /* 2: one sync statement or flag */
      uint32_t j = u->m[u->sy[b]];
      if (u->fnd[j] && same_unit(&g[i], &g[j]) &&
          ((g[i].line == g[j].line && g[i].col == g[j].col &&
            rep_same_chain(g[i].where, g[j].where)) ||
           same_flag(&g[i], &g[j])))
        uf_join(u->p, i, j);
    }
  }
}

typedef struct {
  uint32_t line, col, i;
} at_key;

static int at_cmp(const void *a, const void *b) {
  const at_key *x = a, *y = b;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  if (x->col != y->col)
    return x->col < y->col ? -1 : 1;
  return x->i < y->i ? -1 : x->i > y->i;
}

/* 4 within one unit: the races whose groups are not settled are joined
** with those at the same location (sorted by it: a unit's races may be
** quadratic in its statements).  Joins never settle a group, so which
** races are unsettled does not change on the way. */
static void join_accesses(const unit_grp *u, const bool *settled) {
  const mdl_diag *g = u->g;
  uint32_t *p = u->p, n = 0;
  at_key *r = malloc((u->k ? u->k : 1) * sizeof *r);
  if (!r)
    abort();
  for (uint32_t a = 0; a < u->k; a++) {
    uint32_t i = u->m[a];
    if (race_rule(g[i].rule) && !settled[uf_find(p, i)])
      r[n++] = (at_key){g[i].line, g[i].col, i};
  }
  qsort(r, n, sizeof *r, at_cmp);
  for (uint32_t a = 1; a < n; a++)
    for (uint32_t b = a; b-- > 0 && r[b].line == r[a].line &&
                         r[b].col == r[a].col;)
      if (same_unit(&g[r[a].i], &g[r[b].i])) {
        uf_join(p, r[a].i, r[b].i); /* (all before b are joined to it) */
        break;
      }
  free(r);
}

/* Group k of by (a unit), its sync findings listed in sy. */
static unit_grp unit_of(const mdl_diag *g, const bool *fnd, uint32_t *p,
                        const rep_groups *by, uint32_t k, uint32_t *sy) {
  unit_grp u = {g, fnd, p, by->idx + by->first[k],
                by->first[k + 1] - by->first[k], sy, 0};
  for (uint32_t a = 0; a < u.k; a++)
    if (fnd[u.m[a]] && sync_rule(g[u.m[a]].rule))
      sy[u.nsy++] = a;
  return u;
}

/* Groups the findings of fr's diagnostics (index i is a finding when
** fnd[i]) into p (union-find), unit by unit. */
static void group(const mdl_file_result *fr, const bool *fnd, uint32_t *p) {
  const mdl_diag *g = (const mdl_diag *)fr->diags.items.data;
  uint32_t n = fr->diags.items.len, nu = fr->units.len;
  for (uint32_t i = 0; i < n; i++)
    p[i] = i;
  uint32_t *key = rep_diag_units(fr);
  for (uint32_t i = 0; i < n; i++)
    key[i] = key[i] == REP_NONE ? nu : key[i];
  rep_groups by;
  rep_groups_make(&by, key, n, nu + 1);
  free(key);
  bool *settled = calloc(n ? n : 1, sizeof *settled);
  uint32_t *sy = malloc((n ? n : 1) * sizeof *sy);
  if (!settled || !sy)
    abort();
  for (uint32_t k = 0; k <= nu; k++) {
    unit_grp u = unit_of(g, fnd, p, &by, k, sy);
    join_syncs(&u);
  }
  for (uint32_t i = 0; i < n; i++)
    if (fnd[i] && (sync_rule(g[i].rule) || g[i].fix))
      settled[uf_find(p, i)] = true;
  for (uint32_t k = 0; k <= nu; k++) {
    unit_grp u = unit_of(g, fnd, p, &by, k, sy);
    join_races(&u, settled);
  }
  for (uint32_t k = 0; k <= nu; k++) {
    unit_grp u = unit_of(g, fnd, p, &by, k, sy);
    join_accesses(&u, settled);
  }
  free(settled);
  free(sy);
  rep_groups_free(&by);
}

/* ------------------------------------------------------------ wording */

static const char *op_of(const mdl_step *s, const char *dflt) {
  return s && s->op ? s->op : dflt;
}

/* The op that pairs with op in its language's spelling: set_flag and
** wait_flag, SetFlag and WaitFlag, sync_block_set and sync_block_wait,
** CrossCoreSetFlag and CrossCoreWaitFlag (from, to: "set", "wait"). */
static const char *partner_op(const char *op, const char *from,
                              const char *to, char *buf, size_t n) {
  char up_from[8], up_to[8];
  snprintf(up_from, sizeof up_from, "%c%s", from[0] - 32, from + 1);
  snprintf(up_to, sizeof up_to, "%c%s", to[0] - 32, to + 1);
  const char *p = strstr(op, from), *q = strstr(op, up_from);
  const char *hit = p ? p : q;
  if (!hit)
    return to;
  snprintf(buf, n, "%.*s%s%s", (int)(hit - op), op, p ? to : up_to,
           hit + strlen(from));
  return buf;
}

/* The sentence of a sync finding's cause (the lead d). */
static char *sync_sentence(const mdl_diag *d) {
  const mdl_step *s = sync_step(d);
  const char *op = op_of(s, "sync");
  char pb[64];
  switch (d->rule) {
  case MDL_RULE_UNPAIRED_SET:
    return mdl_strprintf("the %s for the %s at %u:%u is missing",
                         partner_op(op, "set", "wait", pb, sizeof pb), op,
                         d->line, d->col);
  case MDL_RULE_DEADLOCK:
    if (s && (s->kind == MDL_I_WAIT || s->kind == MDL_I_BWAIT))
      return mdl_strprintf("the %s for the %s at %u:%u is missing or comes "
                           "after it",
                           partner_op(op, "wait", "set", pb, sizeof pb), op,
                           d->line, d->col);
    return mdl_strprintf("the %s at %u:%u waits for what never comes", op,
                         d->line, d->col);
  case MDL_RULE_FLAG_OVERFLOW:
    return mdl_strprintf("a wait for the %s at %u:%u is missing: its "
                         "counter runs ahead of the waits", op, d->line,
                         d->col);
  case MDL_RULE_DOUBLE_SET:
    return mdl_strprintf("a wait_flag is missing between two runs of the "
                         "%s at %u:%u", op, d->line, d->col);
  default:
    return mdl_strprintf("the %s at %u:%u is invalid", op, d->line, d->col);
  }
}

/* The sentence of the cause the finding d leads. */
static char *sentence(const mdl_diag *d) {
  if (sync_rule(d->rule))
    return sync_sentence(d);
  const mdl_step *e = step_of(d, MDL_STEP_EARLIER),
                 *a = step_of(d, MDL_STEP_ACCESS);
  if (race_rule(d->rule) && e && a && d->rule == MDL_RULE_PIPE_HAZARD)
    return mdl_strprintf("a pipe_barrier(%s) is missing between the %s at "
                         "%u:%u and the %s at %u:%u", mdl_pipe_name(a->pipe),
                         op_of(e, "access"), e->line, e->col,
                         op_of(a, "access"), a->line, a->col);
  if (race_rule(d->rule) && e && a)
    return mdl_strprintf("a sync is missing: nothing orders the %s at %u:%u "
                         "before the %s at %u:%u", op_of(e, "access"),
                         e->line, e->col, op_of(a, "access"), a->line,
                         a->col);
  if (d->rule == MDL_RULE_REDUNDANT_WAIT ||
      d->rule == MDL_RULE_REDUNDANT_BARRIER)
    return mdl_strprintf("the %s at %u:%u is not needed",
                         op_of(step_of(d, MDL_STEP_SYNC), "sync"), d->line,
                         d->col);
  return mdl_strprintf("the %s finding at %u:%u", mdl_rule_name(d->rule),
                       d->line, d->col);
}

/* ----------------------------------------------------------- ordering */

/* The lead of every group, by its root (lead[r]; lead[i] = i for the
** rest): the best-ranked member, the one with the repair on a tie, then
** the first. */
static void leads(const mdl_diag *g, uint32_t n, uint32_t *p, const bool *fnd,
                  uint32_t *lead) {
  for (uint32_t i = 0; i < n; i++)
    lead[i] = i;
  for (uint32_t i = 0; i < n; i++) { /* (a root is its group's first) */
    if (!fnd[i])
      continue;
    uint32_t r = uf_find(p, i), best = lead[r];
    int x = lead_rank(&g[i]), y = lead_rank(&g[best]);
    if (x < y || (x == y && g[i].fix && !g[best].fix))
      lead[r] = i;
  }
}

/* The new order of the diagnostics: each group at its first member's
** place (its root), lead first, the rest in their order; ord[k] = old
** index. */
static void order(uint32_t n, uint32_t *p, const bool *fnd,
                  const uint32_t *lead, uint32_t *ord) {
  uint32_t *root = malloc((n ? n : 1) * sizeof *root);
  if (!root) {
    for (uint32_t i = 0; i < n; i++)
      ord[i] = i;
    return;
  }
  for (uint32_t i = 0; i < n; i++)
    root[i] = fnd[i] ? uf_find(p, i) : REP_NONE;
  rep_groups mem; /* each group's members, in order */
  rep_groups_make(&mem, root, n, n);
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (!fnd[i]) {
      ord[k++] = i;
      continue;
    }
    if (root[i] != i)
      continue; /* (placed with its group) */
    ord[k++] = lead[i];
    for (uint32_t m = mem.first[i]; m < mem.first[i + 1]; m++)
      if (mem.idx[m] != lead[i])
        ord[k++] = mem.idx[m];
  }
  rep_groups_free(&mem);
  free(root);
}

/* Adds the cause of the group that finding l (in the new order) leads:
** nmem members, the repair on member fix - 1 (0: none). */
static void add_cause(mdl_file_result *fr, uint32_t l, uint32_t nmem,
                      uint32_t fix, bool verified) {
  mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, l);
  mdl_cause *c = mdl_vec_push(&fr->causes, sizeof *c);
  c->id = fr->causes.len;
  c->unit = d->unit;
  c->line = d->line;
  c->col = d->col;
  c->text = sentence(d);
  c->lead = l;
  c->fix = fix;
  c->nfindings = nmem;
  c->verified = verified;
}

static void permute(mdl_file_result *fr, rep_file_info *fi,
                    const uint32_t *ord, uint32_t n) {
  mdl_diag *g = (mdl_diag *)fr->diags.items.data;
  mdl_diag *ng = malloc(n * sizeof *ng);
  char **nf = fi && fi->nfps == n ? malloc(n * sizeof *nf) : NULL;
  if (!ng) {
    free(nf);
    return;
  }
  for (uint32_t k = 0; k < n; k++) {
    ng[k] = g[ord[k]];
    if (nf)
      nf[k] = fi->fps[ord[k]];
  }
  memcpy(g, ng, n * sizeof *ng);
  if (nf) {
    memcpy(fi->fps, nf, n * sizeof *nf);
    free(nf);
  }
  free(ng);
}

/* Numbers the groups in the new order and words their causes (root[k]:
** the group of diagnostic k of the new order, a finding when fnd[k]). */
static void name_causes(mdl_file_result *fr, const bool *fnd,
                        const uint32_t *root) {
  mdl_diag *g = (mdl_diag *)fr->diags.items.data;
  uint32_t n = fr->diags.items.len;
  /* per group (by root): members, the first repair (k + 1), whether all
     have one or are resolved by one, and its cause once named */
  uint32_t *nmem = calloc(n ? n : 1, sizeof *nmem),
           *fix = calloc(n ? n : 1, sizeof *fix),
           *id = calloc(n ? n : 1, sizeof *id);
  bool *all = malloc((n ? n : 1) * sizeof *all);
  if (!nmem || !fix || !id || !all)
    abort();
  for (uint32_t k = 0; k < n; k++)
    all[k] = true;
  for (uint32_t k = 0; k < n; k++) {
    if (!fnd[k])
      continue;
    uint32_t r = root[k];
    nmem[r]++;
    if (g[k].fix && !fix[r])
      fix[r] = k + 1;
    all[r] = all[r] && (g[k].fix || g[k].fix_by);
  }
  for (uint32_t k = 0; k < n; k++) {
    if (!fnd[k])
      continue;
    uint32_t r = root[k];
    if (!id[r]) {
      add_cause(fr, k, nmem[r], fix[r], fix[r] && all[r] && nmem[r] > 1);
      id[r] = fr->causes.len;
    }
    g[k].cause = id[r];
  }
  free(nmem);
  free(fix);
  free(id);
  free(all);
}

void ksv_group_causes(mdl_file_result *fr, rep_file_info *fi) {
  uint32_t n = fr->diags.items.len;
  if (!n)
    return;
  mdl_diag *g = (mdl_diag *)fr->diags.items.data;
  uint32_t *p = malloc(n * sizeof *p), *lead = malloc(n * sizeof *lead),
           *ord = malloc(n * sizeof *ord), *root = malloc(n * sizeof *root);
  bool *fnd = malloc(n * sizeof *fnd), *nfnd = malloc(n * sizeof *nfnd);
  if (p && lead && ord && root && fnd && nfnd) {
    for (uint32_t i = 0; i < n; i++)
      fnd[i] = rep_rule_is_finding(g[i].rule);
    group(fr, fnd, p);
    leads(g, n, p, fnd, lead);
    order(n, p, fnd, lead, ord);
    for (uint32_t k = 0; k < n; k++) { /* the roots in the new order */
      root[k] = uf_find(p, ord[k]);
      nfnd[k] = fnd[ord[k]];
    }
    permute(fr, fi, ord, n);
    name_causes(fr, nfnd, root);
  }
  free(p);
  free(lead);
  free(ord);
  free(root);
  free(fnd);
  free(nfnd);
}
