/*
** rep_site.c -- sites and witness lanes.  A diagnostic names source
** locations; the model knows which op runs at each.  The driver lets us
** read that from the kernel before it is freed (rep_sites_collect); the
** fingerprints hash it.  The witness itself comes structured from the
** checker (mdl_diag.steps); this file only names a step's lane.
*/
#include "rep.h"
#include "../model/mdl_build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int site_cmp(const void *a, const void *b) {
  const rep_site *x = a, *y = b;
  int c = strcmp(x->unit, y->unit);
  if (c)
    return c;
  if ((c = strcmp(x->file ? x->file : "", y->file ? y->file : "")))
    return c;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->col < y->col ? -1 : x->col > y->col;
}

/* file: NULL for the main file, else the path (a header of a C++
** kernel; the kernel's file table and the diagnostics' where agree on
** the spelling, both come from the frontend). */
typedef struct { const char *file; uint32_t line, col; } loc_key;

static int loc_cmp(const void *a, const void *b) {
  const loc_key *x = a, *y = b;
  int c = strcmp(x->file ? x->file : "", y->file ? y->file : "");
  if (c)
    return c;
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

/* which[0..n): the diagnostics of d whose unit is k's name (caller
** frees). */
static uint32_t *by_name(const mdl_kernel *k, const mdl_diags *d,
                         uint32_t *n) {
  uint32_t *w = malloc((d->items.len ? d->items.len : 1) * sizeof *w);
  if (!w)
    abort();
  *n = 0;
  for (uint32_t i = 0; i < d->items.len; i++) {
    const mdl_diag *g = &MDL_VEC_AT(d->items, mdl_diag, i);
    if (g->unit && !strcmp(g->unit, k->name))
      w[(*n)++] = i;
  }
  return w;
}

static void collect(const mdl_kernel *k, const mdl_diags *d,
                    const uint32_t *which, uint32_t nwhich,
                    rep_file_info *fi);

void rep_sites_collect(const mdl_kernel *k, const mdl_diags *d,
                       const uint32_t *which, uint32_t nwhich,
                       rep_file_info *fi) {
  if (!k || !k->unrolled || !k->name)
    return;
  if (which) {
    collect(k, d, which, nwhich, fi);
    return;
  }
  uint32_t *w = by_name(k, d, &nwhich);
  collect(k, d, w, nwhich, fi);
  free(w);
}

static void collect(const mdl_kernel *k, const mdl_diags *d,
                    const uint32_t *which, uint32_t nwhich,
                    rep_file_info *fi) {
  /* the locations these diagnostics name, deduplicated */
  uint32_t cap = 0;
  for (uint32_t w = 0; w < nwhich; w++)
    cap += 1 + MDL_VEC_AT(d->items, mdl_diag, which[w]).nrelated;
  if (!cap)
    return;
  loc_key *want = malloc(cap * sizeof *want);
  if (!want)
    abort();
  uint32_t n = 0;
  for (uint32_t w = 0; w < nwhich; w++) {
    const mdl_diag *g = &MDL_VEC_AT(d->items, mdl_diag, which[w]);
    want[n++] = (loc_key){mdl_where_file(g->where, NULL), g->line, g->col};
    for (uint32_t r = 0; r < g->nrelated; r++)
      want[n++] = (loc_key){mdl_where_file(g->related[r].where, NULL),
                            g->related[r].line, g->related[r].col};
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
    if (in->auto_sync) /* shares the location of the op it protects */
      continue;
    loc_key key = {in->loc.file ? mdl_kernel_file(k, in->loc.file) : NULL,
                   in->loc.line, in->loc.col};
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
  }
  uint32_t add = 0;
  for (uint32_t i = 0; i < m; i++)
    add += found[i].op != NULL;
  if (add && fi->nsites + add > fi->sites_cap) {
    uint32_t nc = fi->sites_cap ? 2 * fi->sites_cap : 16;
    nc = nc < fi->nsites + add ? fi->nsites + add : nc;
    rep_site *ns = realloc(fi->sites, (size_t)nc * sizeof *ns);
    if (!ns)
      abort();
    fi->sites = ns;
    fi->sites_cap = nc;
  }
  if (add) {
    for (uint32_t i = 0; i < m; i++) {
      if (!found[i].op)
        continue;
      found[i].unit = xstrdup(k->name);
      found[i].file = want[i].file ? xstrdup(want[i].file) : NULL;
      found[i].line = want[i].line;
      found[i].col = want[i].col;
      fi->sites[fi->nsites++] = found[i];
    }
  }
  free(found);
  free(want);
}

void rep_sites_sort(rep_file_info *fi) {
  if (fi && fi->nsites > 1)
    qsort(fi->sites, fi->nsites, sizeof *fi->sites, site_cmp);
}

const rep_site *rep_site_find(const rep_file_info *fi, const char *unit,
                              const char *file, uint32_t line, uint32_t col) {
  if (!fi || !fi->nsites || !unit)
    return NULL;
  rep_site key = {.unit = (char *)unit, .file = (char *)file, .line = line,
                  .col = col};
  return bsearch(&key, fi->sites, fi->nsites, sizeof key, site_cmp);
}

/* ------------------------------------------------------------ witness */

const char *rep_step_lane(const mdl_step *s, char *buf, size_t n) {
  snprintf(buf, n, "%s%s%s", s->core[0] ? s->core : "kernel",
           s->core[0] && s->pipe < MDL_PIPE_COUNT ? " " : "",
           s->core[0] && s->pipe < MDL_PIPE_COUNT
               ? mdl_pipe_name((mdl_pipe)s->pipe)
               : "");
  return buf;
}

bool rep_has_flow(const mdl_diag *d) {
  return d->nsteps >= 2 || (d->nsteps == 1 && d->witness);
}
