/*
** rep_mem.c -- the memory of the report documents, as --max-memory-mb
** counts it.  The JSON and SARIF reports are jansson trees and the HTML
** report a libxml2 tree, built whole before they are written: about 7 KB
** (JSON), 15 KB (SARIF) and 47 KB (HTML, an SVG timeline and a source
** excerpt each) of tree per finding.  Both libraries allocate through
** the counters below, so a renderer knows what its tree holds and stops
** when it passes the budget (rep_input.doc_budget) instead of growing
** past it; the report is then not written (the driver says so, exit 3).
** The counters are the one process-wide state of reports/: the libraries'
** allocator hooks are process-wide themselves.
*/
#include "rep.h"

#include <jansson.h>
#include <libxml/xmlmemory.h>
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static int64_t live; /* bytes the two libraries hold (__atomic) */

static void count(void *p, int sign) {
  if (p)
    __atomic_add_fetch(&live, sign * (int64_t)malloc_usable_size(p),
                       __ATOMIC_RELAXED);
}

static void *cnt_malloc(size_t n) {
  void *p = malloc(n);
  count(p, 1);
  return p;
}

static void cnt_free(void *p) {
  count(p, -1);
  free(p);
}

static void *cnt_realloc(void *p, size_t n) {
  int64_t before = p ? (int64_t)malloc_usable_size(p) : 0;
  void *q = realloc(p, n);
  if (!q && n)
    return NULL; /* p is untouched */
  __atomic_add_fetch(&live, -before, __ATOMIC_RELAXED);
  count(q, 1);
  return q;
}

static char *cnt_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = cnt_malloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

/* (Memory the libraries allocated before this ran is freed through
** cnt_free too: the counter is only read as a difference.) */
static void install(void) {
  json_set_alloc_funcs(cnt_malloc, cnt_free);
  xmlMemSetup(cnt_free, cnt_malloc, cnt_realloc, cnt_strdup);
}

int64_t rep_mem_begin(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, install);
  return __atomic_load_n(&live, __ATOMIC_RELAXED);
}

bool rep_mem_over(const rep_input *in, int64_t base) {
  return in->doc_budget &&
         __atomic_load_n(&live, __ATOMIC_RELAXED) - base >
             (int64_t)in->doc_budget;
}
