/*
** rep_site.c -- sites and witness steps.  A diagnostic names source
** locations; the model knows which cores and pipes execute them.  The
** driver lets us read that from the kernel before it is freed
** (rep_sites_collect); the SARIF thread flows and the HTML timelines then
** turn a diagnostic into steps on (core, pipe) lanes in witness order.
*/
#include "rep.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int site_cmp(const void *a, const void *b) {
  const rep_site *x = a, *y = b;
  int c = strcmp(x->unit, y->unit);
  if (c)
    return c;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->col < y->col ? -1 : x->col > y->col;
}

typedef struct { uint32_t line, col; } loc_key;

static int loc_cmp(const void *a, const void *b) {
  const loc_key *x = a, *y = b;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->col < y->col ? -1 : x->col > y->col;
}

static char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (!p)
    abort();
  return memcpy(p, s, n);
}

/* The locations written "at L:C" in s: their number; stored in out when
** out is not NULL. */
static uint32_t mentions(const char *s, loc_key *out) {
  uint32_t n = 0;
  for (const char *p = s; p && (p = strstr(p, " at ")); p += 4) {
    unsigned l, c;
    int used = 0;
    if (sscanf(p + 4, "%u:%u%n", &l, &c, &used) == 2 && used > 2) {
      if (out)
        out[n] = (loc_key){l, c};
      n++;
    }
  }
  return n;
}

static bool of_kernel(const mdl_diag *g, const mdl_kernel *k) {
  return g->unit && !strcmp(g->unit, k->name);
}

void rep_sites_collect(const mdl_kernel *k, const mdl_diags *d,
                       rep_file_info *fi) {
  if (!k || !k->unrolled || !k->name)
    return;
  /* the locations these diagnostics name, deduplicated */
  uint32_t cap = 0;
  for (uint32_t i = 0; i < d->items.len; i++)
    if (of_kernel(&MDL_VEC_AT(d->items, mdl_diag, i), k))
      cap += 1 + MDL_VEC_AT(d->items, mdl_diag, i).nrelated;
  if (!cap)
    return;
  for (uint32_t i = 0; i < d->items.len; i++) /* "at L:C" in the text */
    if (of_kernel(&MDL_VEC_AT(d->items, mdl_diag, i), k))
      cap += mentions(MDL_VEC_AT(d->items, mdl_diag, i).message, NULL);
  loc_key *want = malloc(cap * sizeof *want);
  if (!want)
    abort();
  uint32_t n = 0;
  for (uint32_t i = 0; i < d->items.len; i++) {
    const mdl_diag *g = &MDL_VEC_AT(d->items, mdl_diag, i);
    if (!of_kernel(g, k))
      continue;
    want[n++] = (loc_key){g->line, g->col};
    n += mentions(g->message, want + n);
    for (uint32_t r = 0; r < g->nrelated; r++)
      want[n++] = (loc_key){g->related[r].line, g->related[r].col};
  }
  qsort(want, n, sizeof *want, loc_cmp);
  uint32_t m = 0;
  for (uint32_t i = 0; i < n; i++)
    if (!m || loc_cmp(&want[m - 1], &want[i]))
      want[m++] = want[i];
  rep_site *found = calloc(m ? m : 1, sizeof *found);
  if (!found)
    abort();
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    loc_key key = {in->loc.line, in->loc.col};
    loc_key *w = bsearch(&key, want, m, sizeof *want, loc_cmp);
    if (!w)
      continue;
    rep_site *s = &found[w - want];
    if (!s->op) {
      const mdl_stmt *st = in->stmt < k->stmts.len
                               ? MDL_VEC_AT(k->stmts, mdl_stmt *, in->stmt)
                               : NULL;
      s->op = xstrdup(in->kind == MDL_I_OP && st && st->name
                          ? st->name
                          : mdl_inst_kind_name(in->kind));
      s->kind = (uint8_t)in->kind;
    }
    const char *label = in->core < k->ncores && k->cores[in->core].label
                            ? k->cores[in->core].label
                            : "core";
    bool have = false;
    for (uint32_t l = 0; l < s->nlanes && !have; l++)
      have = s->lanes[l].pipe == in->pipe && !strcmp(s->lanes[l].core, label);
    if (!have && s->nlanes < REP_MAX_LANES) {
      rep_lane *ln = &s->lanes[s->nlanes++];
      snprintf(ln->core, sizeof ln->core, "%s", label);
      ln->pipe = in->pipe;
    }
  }
  uint32_t add = 0;
  for (uint32_t i = 0; i < m; i++)
    add += found[i].op != NULL;
  if (add) {
    rep_site *ns = realloc(fi->sites, (fi->nsites + add) * sizeof *ns);
    if (!ns)
      abort();
    fi->sites = ns;
    for (uint32_t i = 0; i < m; i++) {
      if (!found[i].op)
        continue;
      found[i].unit = xstrdup(k->name);
      found[i].line = want[i].line;
      found[i].col = want[i].col;
      fi->sites[fi->nsites++] = found[i];
    }
    qsort(fi->sites, fi->nsites, sizeof *fi->sites, site_cmp);
  }
  free(found);
  free(want);
}

const rep_site *rep_site_find(const rep_file_info *fi, const char *unit,
                              uint32_t line, uint32_t col) {
  if (!fi || !fi->nsites || !unit)
    return NULL;
  rep_site key = {.unit = (char *)unit, .line = line, .col = col};
  return bsearch(&key, fi->sites, fi->nsites, sizeof key, site_cmp);
}

/* ------------------------------------------------------------ witness */

/* The nth (0-based) core label written "on AIC" / "on AIV0" in s. */
static bool core_on(const char *s, int nth, char out[8]) {
  for (const char *p = s; p && (p = strstr(p, "on AI")); p += 5) {
    if (p[5] != 'C' && p[5] != 'V')
      continue;
    if (nth-- > 0)
      continue;
    size_t n = 3;
    while (n < 7 && p[3 + n] >= '0' && p[3 + n] <= '9')
      n++;
    memcpy(out, p + 3, n);
    out[n] = 0;
    return true;
  }
  return false;
}

/* The pipe named in s right after `after` ("from " / " to "), or -1. */
static int pipe_after(const char *s, const char *after) {
  const char *p = s ? strstr(s, after) : NULL;
  if (!p)
    return -1;
  p += strlen(after);
  size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
  return mdl_pipe_parse(p, n);
}

/* Chooses the lane of site s on core (or any core when core is "") that
** the diagnostic's text points at: prefer[] in order, then the first pipe
** the message names, then the first lane. */
static void pick_lane(const rep_site *s, const char *msg, const int *prefer,
                      int nprefer, rep_step *st) {
  int cand[REP_MAX_LANES], nc = 0;
  for (uint32_t l = 0; l < s->nlanes; l++) {
    if (st->core[0] && strcmp(s->lanes[l].core, st->core))
      continue;
    cand[nc++] = l;
  }
  if (!nc) { /* the text named another core: trust the model */
    for (uint32_t l = 0; l < s->nlanes; l++)
      cand[nc++] = l;
  }
  if (!nc)
    return;
  int pick = cand[0];
  for (int p = 0; p < nprefer; p++)
    for (int c = 0; c < nc; c++)
      if (s->lanes[cand[c]].pipe == prefer[p]) {
        pick = cand[c];
        goto done;
      }
  if (msg && nc > 1) {
    const char *best = NULL;
    for (int c = 0; c < nc; c++) {
      const char *hit = strstr(msg, mdl_pipe_name((mdl_pipe)s->lanes[cand[c]].pipe));
      if (hit && (!best || hit < best)) {
        best = hit;
        pick = cand[c];
      }
    }
  }
done:
  snprintf(st->core, sizeof st->core, "%s", s->lanes[pick].core);
  st->pipe = s->lanes[pick].pipe;
}

/* "NAME at L:C runs [a, b]" in an SMT witness schedule. */
static void schedule_of(const char *w, rep_step *st) {
  char key[48];
  snprintf(key, sizeof key, " at %" PRIu32 ":%" PRIu32 " runs [", st->line,
           st->col);
  const char *p = w ? strstr(w, key) : NULL;
  long long a, b;
  if (p && sscanf(p + strlen(key), "%lld, %lld]", &a, &b) == 2) {
    st->timed = true;
    st->t0 = a;
    st->t1 = b;
  }
}

static bool race_like(mdl_rule r) {
  return r == MDL_RULE_RACE || r == MDL_RULE_PIPE_HAZARD ||
         r == MDL_RULE_XCORE_RACE;
}

uint32_t rep_witness_steps(const mdl_diag *d, const rep_file_info *fi,
                           rep_step *steps) {
  uint32_t n = 0;
  uint32_t nrel = d->nrelated < REP_MAX_STEPS - 1 ? d->nrelated
                                                  : REP_MAX_STEPS - 1;
  bool primary_first = d->rule == MDL_RULE_DEADLOCK ||
                       d->rule == MDL_RULE_UNKNOWN;
  /* the pipes "no sync from PIPE_A to PIPE_B" names: A the earlier */
  int from = pipe_after(d->message, "from "), to = pipe_after(d->message, " to ");
  int same = pipe_after(d->message, "same pipe ");
  for (int pass = 0; pass < 2; pass++) {
    bool want_primary = (pass == 0) == primary_first;
    if (want_primary) {
      rep_step *st = &steps[n++];
      memset(st, 0, sizeof *st);
      st->line = d->line;
      st->col = d->col;
      st->msg = d->message;
      st->primary = true;
      st->pipe = -1;
      if (!(d->witness && core_on(d->witness, race_like(d->rule) ? 1 : 0,
                                  st->core)) &&
          !(d->witness && core_on(d->witness, 0, st->core)))
        core_on(d->message, 0, st->core);
    } else {
      for (uint32_t r = 0; r < nrel; r++) {
        rep_step *st = &steps[n++];
        memset(st, 0, sizeof *st);
        st->line = d->related[r].line;
        st->col = d->related[r].col;
        st->msg = d->related[r].message;
        st->pipe = -1;
        core_on(d->related[r].message, 0, st->core);
      }
    }
  }
  /* the sync chain that orders a pair ("... by set_flag at 38:7 ->
  ** wait_flag at 39:7"), between the earlier access and the primary */
  const char *chain = d->rule == MDL_RULE_EXPLAIN ? strstr(d->message, " by ")
                      : d->rule == MDL_RULE_REDUNDANT_WAIT ||
                              d->rule == MDL_RULE_REDUNDANT_BARRIER
                          ? strstr(d->message, "also ordered by ")
                          : NULL;
  if (chain && n >= 1 && steps[n - 1].primary) {
    rep_step prim = steps[--n];
    chain = strstr(chain, "by ") + 2;
    for (const char *p = chain; p && n < REP_MAX_STEPS - 1;) {
      while (*p == ' ' || *p == '-' || *p == '>')
        p++;
      const char *at = strstr(p, " at ");
      unsigned l, c;
      int used = 0;
      if (!at || sscanf(at + 4, "%u:%u%n", &l, &c, &used) != 2)
        break;
      rep_step *st = &steps[n++];
      memset(st, 0, sizeof *st);
      st->line = l;
      st->col = c;
      st->pipe = -1;
      p = at + 4 + used;
      if (strncmp(p, " ->", 3))
        break;
    }
    steps[n++] = prim;
  }
  for (uint32_t i = 0; i < n; i++) {
    rep_step *st = &steps[i];
    const rep_site *s = rep_site_find(fi, d->unit, st->line, st->col);
    if (s) {
      int prefer[3], np = 0;
      if (same >= 0)
        prefer[np++] = same;
      if (st->primary && to >= 0)
        prefer[np++] = to;
      if (!st->primary && from >= 0)
        prefer[np++] = from;
      st->op = s->op;
      st->sync = s->kind == MDL_I_SET || s->kind == MDL_I_BSET    ? 's'
                 : s->kind == MDL_I_WAIT || s->kind == MDL_I_BWAIT ? 'w'
                                                                   : 0;
      pick_lane(s, d->message, prefer, np, st);
    }
    schedule_of(d->witness, st);
  }
  return n;
}
