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
** The run's deadline (--max-seconds, rep_input.deadline) counts the same
** way, with the time to free the tree kept in hand: a tree not built
** halfway from its start to the deadline is dropped, and a finished one
** is written through a sink that stops when what is left would not free
** it, cutting the file back to where the report began (rep_sink_*).
*/
#include "rep.h"

#include <time.h>

#include <jansson.h>
#include <libxml/xmlmemory.h>
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* When the tree being built began (the monotonic clock): a tree is
** finished only if it could be freed in time too (rep_mem_over). */
static double tree_t0;
static bool tree_late; /* the last tree stopped for the deadline */

static double now_secs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts); /* (chk_wall's clock) */
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int64_t rep_mem_begin(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, install);
  tree_t0 = now_secs();
  tree_late = false;
  return __atomic_load_n(&live, __ATOMIC_RELAXED);
}

bool rep_mem_late(void) { return tree_late; }

bool rep_late(const rep_input *in) {
  return in->deadline > 0 && now_secs() > in->deadline;
}

/* A tree's building stops halfway from its start to the deadline:
** freeing it takes about as long as building it did (glibc's frees of
** millions of small blocks), and that must fit before the deadline. */
bool rep_mem_over(const rep_input *in, int64_t base) {
  if (in->deadline > 0 && now_secs() > tree_t0 + (in->deadline - tree_t0) / 2)
    return tree_late = true;
  return in->doc_budget && __atomic_load_n(&live, __ATOMIC_RELAXED) - base >
                               (int64_t)in->doc_budget;
}

/* ------------------------------------------------------------- sinks */

void rep_sink_open(rep_sink *k, FILE *out, const rep_input *in) {
  memset(k, 0, sizeof *k);
  k->out = out;
  k->in = in;
  k->start = ftello(out); /* -1: a pipe, a terminal */
  /* the tree is freed after it is written: as long as it took to build */
  k->until = in->deadline > 0 ? in->deadline - (now_secs() - tree_t0) : 0;
}

/* Writes what the buffer holds: false when the deadline passed (nothing
** more is written) or a write failed. */
static bool sink_flush(rep_sink *k) {
  if (k->late || k->err)
    return false;
  if (k->in->deadline > 0 && now_secs() > k->until) {
    k->late = tree_late = true;
    return false;
  }
  if (k->n && fwrite(k->buf, 1, k->n, k->out) != k->n)
    k->err = true;
  k->n = 0;
  return !k->err;
}

int rep_sink_write(rep_sink *k, const char *p, size_t n) {
  while (n) {
    if (k->n == sizeof k->buf && !sink_flush(k))
      return -1;
    size_t m = sizeof k->buf - k->n < n ? sizeof k->buf - k->n : n;
    memcpy(k->buf + k->n, p, m);
    k->n += m;
    p += m;
    n -= m;
  }
  return 0;
}

int rep_sink_close(rep_sink *k) {
  if (!k->late && !k->err)
    sink_flush(k);
  if (k->late) { /* no half report: cut the file back where it can be */
    fflush(k->out);
    if (k->start >= 0 && ftruncate(fileno(k->out), k->start) == 0)
      fseeko(k->out, k->start, SEEK_SET);
    return REP_OVER;
  }
  return k->err || fflush(k->out) || ferror(k->out) ? -1 : 0;
}

/* jansson's and libxml2's write callbacks over a sink */
int rep_sink_json(const char *buf, size_t size, void *data) {
  return rep_sink_write(data, buf, size);
}

int rep_sink_xml(void *ctx, const char *buf, int len) {
  return len < 0 || rep_sink_write(ctx, buf, (size_t)len) ? -1 : len;
}
