/*
** rep_index.c -- the diagnostics of a file grouped once, so that no
** renderer looks through every diagnostic per finding: the findings of
** each root cause, and the unit of each diagnostic (by the index the
** driver gave it, else by name: chunks may hold kernels of one name), and
** which units share a name (the text report tells them apart).
** Every grouping is a counting sort, linear in the diagnostics; a name is
** found by binary search.
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

/* Units by name, then by index: the same-named ones side by side. */
typedef struct {
  const char *name;
  uint32_t u;
} unit_key;

static int unit_key_cmp(const void *a, const void *b) {
  const unit_key *x = a, *y = b;
  int c = strcmp(x->name, y->name);
  return c ? c : x->u < y->u ? -1 : x->u > y->u;
}

/* The unit a diagnostic of no known unit index names: of the units named
** d->unit (keys[lo..hi)), the last that starts at or before it, else the
** first; REP_NONE when none has the name. */
static uint32_t unit_by_name(const mdl_file_result *fr, const unit_key *keys,
                             uint32_t n, const mdl_diag *d) {
  uint32_t lo = 0, hi = n;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (strcmp(keys[mid].name, d->unit) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  uint32_t best = REP_NONE;
  for (uint32_t k = lo; k < n && !strcmp(keys[k].name, d->unit); k++) {
    const mdl_unit_result *u =
        &MDL_VEC_AT(fr->units, mdl_unit_result, keys[k].u);
    if (best == REP_NONE || u->line <= d->line)
      best = keys[k].u;
  }
  return best;
}

uint32_t *rep_diag_units(const mdl_file_result *fr) {
  uint32_t n = fr->diags.items.len, nu = fr->units.len;
  uint32_t *owner = xcalloc(n);
  unit_key *keys = calloc(nu ? nu : 1, sizeof *keys);
  if (!keys)
    abort();
  for (uint32_t u = 0; u < nu; u++)
    keys[u] = (unit_key){MDL_VEC_AT(fr->units, mdl_unit_result, u).name, u};
  qsort(keys, nu, sizeof *keys, unit_key_cmp);
  for (uint32_t i = 0; i < n; i++) {
    const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
    const mdl_unit_result *u =
        d->unit_ix && d->unit_ix <= nu
            ? &MDL_VEC_AT(fr->units, mdl_unit_result, d->unit_ix - 1)
            : NULL;
    if (!d->unit)
      owner[i] = REP_NONE;
    else if (u && !strcmp(u->name, d->unit))
      owner[i] = d->unit_ix - 1;
    else
      owner[i] = unit_by_name(fr, keys, nu, d);
  }
  free(keys);
  return owner;
}

void rep_unit_groups(const mdl_file_result *fr, rep_groups *g) {
  uint32_t *owner = rep_diag_units(fr);
  rep_groups_make(g, owner, fr->diags.items.len, fr->units.len);
  free(owner);
}

uint8_t *rep_unit_repeats(const mdl_file_result *fr) {
  uint32_t nu = fr->units.len;
  uint8_t *rep = calloc(nu ? nu : 1, 1);
  unit_key *keys = calloc(nu ? nu : 1, sizeof *keys);
  if (!rep || !keys)
    abort();
  uint32_t n = 0;
  for (uint32_t u = 0; u < nu; u++) {
    const char *name = MDL_VEC_AT(fr->units, mdl_unit_result, u).name;
    if (name)
      keys[n++] = (unit_key){name, u};
  }
  qsort(keys, n, sizeof *keys, unit_key_cmp);
  for (uint32_t k = 1; k < n; k++)
    if (!strcmp(keys[k - 1].name, keys[k].name))
      rep[keys[k - 1].u] = rep[keys[k].u] = 1;
  free(keys);
  return rep;
}

char *rep_unit_label(const mdl_file_result *fr, uint32_t u,
                     const uint8_t *repeats) {
  const mdl_unit_result *ur = &MDL_VEC_AT(fr->units, mdl_unit_result, u);
  if (!ur->name)
    return mdl_strprintf("(unit %u)", u);
  bool again = repeats && repeats[u];
  for (uint32_t i = 0; !repeats && !again && i < fr->units.len; i++) {
    const char *other = MDL_VEC_AT(fr->units, mdl_unit_result, i).name;
    again = i != u && other && !strcmp(other, ur->name);
  }
  if (!again)
    return mdl_strprintf("%s", ur->name);
  if (!ur->line)
    return mdl_strprintf("%s (unit %u)", ur->name, u);
  return mdl_strprintf("%s (unit %u, line %u)", ur->name, u, ur->line);
}
