/*
** fe_asc_map.c -- a string -> uint32_t hash map (open addressing, FNV-1a),
** so that macro look-ups, the set of project macro names and the
** qualifier macros stay linear in the input however many #defines it has.
*/
#include "fe_asc_int.h"

#include <stdlib.h>
#include <string.h>

static uint32_t hash(const char *s, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

/* The slot of S[0..N): its own, or the empty one where it would go. */
static uint32_t slot(const fe_asc_map *m, const char *s, size_t n) {
  uint32_t i = hash(s, n) & (m->cap - 1);
  while (m->keys[i] &&
         !(strlen(m->keys[i]) == n && memcmp(m->keys[i], s, n) == 0))
    i = (i + 1) & (m->cap - 1);
  return i;
}

bool fe_asc_map_get(const fe_asc_map *m, const char *s, size_t n,
                    uint32_t *val) {
  if (!m || !m->cap)
    return false;
  uint32_t i = slot(m, s, n);
  if (!m->keys[i])
    return false;
  if (val)
    *val = m->vals[i];
  return true;
}

static void grow(fe_asc_map *m) {
  fe_asc_map o = *m;
  m->cap = o.cap ? o.cap * 2 : 64;
  m->keys = calloc(m->cap, sizeof *m->keys);
  m->vals = calloc(m->cap, sizeof *m->vals);
  if (!m->keys || !m->vals)
    abort();
  for (uint32_t k = 0; k < o.cap; k++)
    if (o.keys[k]) {
      uint32_t i = slot(m, o.keys[k], strlen(o.keys[k]));
      m->keys[i] = o.keys[k];
      m->vals[i] = o.vals[k];
    }
  free(o.keys);
  free(o.vals);
}

void fe_asc_map_put(fe_asc_map *m, const char *s, size_t n, uint32_t val) {
  if ((m->n + 1) * 2 > m->cap)
    grow(m);
  uint32_t i = slot(m, s, n);
  if (!m->keys[i]) {
    m->keys[i] = malloc(n + 1);
    if (!m->keys[i])
      abort();
    memcpy(m->keys[i], s, n);
    m->keys[i][n] = 0;
    m->n++;
  }
  m->vals[i] = val;
}

void fe_asc_map_free(fe_asc_map *m) {
  for (uint32_t k = 0; k < m->cap; k++)
    free(m->keys[k]);
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}
