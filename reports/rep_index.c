/*
** rep_index.c -- the diagnostics of a file grouped once, so that no
** renderer looks through every diagnostic per finding: the findings of
** each root cause.  Every grouping is a counting sort, linear in the
** diagnostics.
*/
#include "rep.h"

#include <stdlib.h>
#include <string.h>

static uint32_t *xcalloc(size_t n) {
  uint32_t *p = calloc(n ? n : 1, sizeof *p);
  if (!p)
    abort();
  return p;
}

void rep_groups_make(rep_groups *g, const uint32_t *key, uint32_t n,
                     uint32_t ngroups) {
  g->ngroups = ngroups;
  g->first = xcalloc((size_t)ngroups + 1);
  g->idx = xcalloc(n);
  for (uint32_t i = 0; i < n; i++)
    if (key[i] < ngroups)
      g->first[key[i] + 1]++;
  for (uint32_t k = 0; k < ngroups; k++)
    g->first[k + 1] += g->first[k];
  uint32_t *at = xcalloc((size_t)ngroups + 1);
  memcpy(at, g->first, ((size_t)ngroups + 1) * sizeof *at);
  for (uint32_t i = 0; i < n; i++)
    if (key[i] < ngroups)
      g->idx[at[key[i]]++] = i;
  free(at);
}

void rep_groups_free(rep_groups *g) {
  free(g->first);
  free(g->idx);
  memset(g, 0, sizeof *g);
}

void rep_cause_groups(const mdl_file_result *fr, rep_groups *g) {
  uint32_t n = fr->diags.items.len;
  uint32_t *key = xcalloc(n);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t c = MDL_VEC_AT(fr->diags.items, mdl_diag, i).cause;
    key[i] = c && c <= fr->causes.len ? c - 1 : REP_NONE;
  }
  rep_groups_make(g, key, n, fr->causes.len);
  free(key);
}

