/*
** mdl_core.c -- arena, vectors, names, machine profiles, diagnostics.
*/
#include "mdl.h"
#include "mdl_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void oom(void) {
  fputs("ksv: out of memory\n", stderr);
  exit(3);
}

/* ---------------------------------------------------------------- arena */

typedef struct chunk {
  struct chunk *next;
  size_t used, size;
  max_align_t data[];
} chunk;

struct mdl_arena {
  chunk *head;
};

mdl_arena *mdl_arena_new(void) {
  mdl_arena *a = calloc(1, sizeof *a);
  if (!a)
    oom();
  return a;
}

uint64_t mdl_arena_bytes(const mdl_arena *a) {
  uint64_t n = 0;
  for (const chunk *c = a ? a->head : NULL; c; c = c->next)
    n += sizeof *c + c->size;
  return n;
}

void mdl_arena_free(mdl_arena *a) {
  if (!a)
    return;
  for (chunk *c = a->head, *n; c; c = n) {
    n = c->next;
    free(c);
  }
  free(a);
}

void *mdl_alloc(mdl_arena *a, size_t n) {
  n = (n + 15) & ~(size_t)15;
  if (!n)
    n = 16;
  if (!a->head || a->head->size - a->head->used < n) {
    /* 4 KB first, doubling to 64 KB: a file of thousands of small
       kernels, all parsed before the first is checked, holds what they
       need, not 64 KB each (--max-memory-mb) */
    size_t sz = a->head && a->head->size < 65536 ? 2 * a->head->size
                : a->head                         ? 65536
                                                  : 4096;
    if (sz < n)
      sz = n;
    chunk *c = malloc(sizeof *c + sz);
    if (!c)
      oom();
    c->used = 0;
    c->size = sz;
    c->next = a->head;
    a->head = c;
  }
  void *p = (char *)a->head->data + a->head->used;
  a->head->used += n;
  memset(p, 0, n);
  return p;
}

char *mdl_strdup(mdl_arena *a, const char *s, size_t n) {
  char *d = mdl_alloc(a, n + 1);
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

void *mdl_vec_push(mdl_vec *v, size_t elem) {
  if (v->len == v->cap) {
    uint32_t nc = v->cap ? v->cap * 2 : 16;
    if (nc < v->cap)
      oom();
    void *d = realloc(v->data, (size_t)nc * elem);
    if (!d)
      oom();
    v->data = d;
    v->cap = nc;
  }
  void *p = (char *)v->data + (size_t)v->len++ * elem;
  memset(p, 0, elem);
  return p;
}

void mdl_vec_free(mdl_vec *v) {
  free(v->data);
  v->data = NULL;
  v->len = v->cap = 0;
}

char *mdl_strprintf(const char *fmt, ...) {
  va_list ap, aq;
  va_start(ap, fmt);
  va_copy(aq, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *s = malloc((size_t)(n < 0 ? 0 : n) + 1);
  if (!s)
    oom();
  vsnprintf(s, (size_t)(n < 0 ? 0 : n) + 1, fmt, aq);
  va_end(aq);
  return s;
}

/* ---------------------------------------------------------------- names */

static const char *pipe_names[] = {
#define X(n, s) s,
    MDL_PIPES(X)
#undef X
};

const char *mdl_pipe_name(mdl_pipe p) {
  return (unsigned)p < MDL_PIPE_COUNT ? pipe_names[p] : "PIPE_UNKNOWN";
}

int mdl_pipe_parse(const char *s, size_t n) {
  for (int i = 0; i < MDL_PIPE_COUNT; i++)
    if (strlen(pipe_names[i]) == n && memcmp(pipe_names[i], s, n) == 0)
      return i;
  return -1;
}

const char *mdl_space_name(mdl_space s) {
  static const char *n[] = {"gm", "ub", "cbuf", "ca", "cb", "cc", "local"};
  return (unsigned)s < MDL_SPACE_COUNT ? n[s] : "?";
}

static const struct {
  const char *name;
  mdl_severity sev;
} rules[] = {
#define X(e, s, sev) {s, sev},
    MDL_RULES(X)
#undef X
};

const char *mdl_rule_name(mdl_rule r) {
  return (unsigned)r < MDL_RULE_COUNT ? rules[r].name : "?";
}
mdl_severity mdl_rule_severity(mdl_rule r) {
  return (unsigned)r < MDL_RULE_COUNT ? rules[r].sev : MDL_SEV_ERROR;
}
const char *mdl_severity_name(mdl_severity s) {
  return s == MDL_SEV_ERROR ? "error" : s == MDL_SEV_WARNING ? "warning"
                                                             : "note";
}

const char *mdl_inst_kind_name(mdl_inst_kind k) {
  static const char *n[] = {"op", "set_flag", "wait_flag", "pipe_barrier",
                            "sync_block_set", "sync_block_wait",
                            "sync_block"};
  return (unsigned)k <= MDL_I_SYNC_ALL ? n[k] : "?";
}

uint32_t mdl_sync_all_cores(const mdl_kernel *k, int mode) {
  uint32_t m = 0;
  for (uint32_t c = 0; c < k->ncores; c++) {
    bool aic = k->cores[c].type == MDL_CORE_AIC;
    bool cube_mode = mode == 0 || mode == 3;
    if (mode == 5 || aic == cube_mode)
      m |= 1u << c;
  }
  return m;
}

int mdl_sync_all_absent(const mdl_kernel *k, const mdl_vec per[3],
                        uint32_t m) {
  uint32_t want = 0;
  for (uint32_t c = 0; c < k->ncores && c < 3; c++)
    if (m < per[c].len)
      want |= mdl_sync_all_cores(
          k, mdl_inst_at(k, MDL_VEC_AT(per[c], uint32_t, m))->mode);
  for (uint32_t c = 0; c < k->ncores && c < 3; c++)
    if (((want >> c) & 1u) && m >= per[c].len &&
        !((k->cut_cores >> c) & 1u))
      return (int)c;
  return -1;
}

/* ------------------------------------------------------------- profiles */

#define P(x) (1u << MDL_PIPE_##x)
static const mdl_profile profiles[2] = {
    {.name = "a2",
     .arch = MDL_ARCH_A2,
     .pipes = {P(S) | P(M) | P(MTE1) | P(MTE2) | P(MTE3) | P(FIX),
               P(S) | P(V) | P(MTE2) | P(MTE3)},
     .v_hw_ordered = false,
     .xcore_wait_scalar = true,
     .max_event_id = 7,
     .max_block_flag = 15,
     .reserved_event_ids = (1u << 6) | (1u << 7),
     .reserved_flags = (1u << 11) | (1u << 12) | (1u << 13) | (1u << 14),
     .max_counter = 15},
    {.name = "a5",
     .arch = MDL_ARCH_A5,
     .pipes = {P(S) | P(M) | P(MTE1) | P(MTE2) | P(FIX),
               P(S) | P(V) | P(MTE2) | P(MTE3)},
     .v_hw_ordered = true,
     .xcore_wait_scalar = false,
     .max_event_id = 7,
     .max_block_flag = 15,
     .reserved_event_ids = (1u << 6) | (1u << 7),
     .reserved_flags = (1u << 11) | (1u << 12) | (1u << 13) | (1u << 14),
     .max_counter = 15},
};
#undef P

const mdl_profile *mdl_profile_get(mdl_arch a) {
  return &profiles[a == MDL_ARCH_A5 ? 1 : 0];
}

bool mdl_core_has_pipe(const mdl_profile *p, mdl_core_type c, mdl_pipe pipe) {
  if (pipe == MDL_PIPE_ALL)
    return true;
  if ((unsigned)pipe >= MDL_NPIPE)
    return false;
  return (p->pipes[c] >> pipe) & 1u;
}

/* ---------------------------------------------------------- diagnostics */

mdl_diag *mdl_diag_add(mdl_diags *d, mdl_rule rule, mdl_severity sev,
                       const char *file, const char *unit, uint32_t line,
                       uint32_t col, const char *fmt, ...) {
  mdl_diag *g = mdl_vec_push(&d->items, sizeof *g);
  g->rule = rule;
  g->severity = sev;
  g->file = file;
  g->unit = unit ? mdl_strprintf("%s", unit) : NULL;
  g->line = line;
  g->col = col;
  va_list ap;
  va_start(ap, fmt);
  char buf[1024];
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  g->message = mdl_strprintf("%s", buf);
  if (sev == MDL_SEV_ERROR)
    d->errors++;
  else if (sev == MDL_SEV_WARNING)
    d->warnings++;
  else
    d->notes++;
  return g;
}

void mdl_diag_related(mdl_diag *g, uint32_t line, uint32_t col,
                      const char *fmt, ...) {
  mdl_related *r = realloc(g->related, (g->nrelated + 1) * sizeof *r);
  if (!r)
    oom();
  g->related = r;
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  r[g->nrelated].line = line;
  r[g->nrelated].col = col;
  r[g->nrelated].message = mdl_strprintf("%s", buf);
  r[g->nrelated].where = NULL;
  g->nrelated++;
}

void mdl_diag_witness(mdl_diag *g, const char *fmt, ...) {
  char buf[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  free(g->witness);
  g->witness = mdl_strprintf("%s", buf);
}

const char *mdl_step_role_name(mdl_step_role r) {
  static const char *n[] = {
#define X(e, s) s,
      MDL_STEP_ROLES(X)
#undef X
  };
  return (unsigned)r < MDL_STEP_ROLE_COUNT ? n[r] : "?";
}

mdl_step *mdl_diag_step(mdl_diag *g, mdl_step_role role, uint32_t line,
                        uint32_t col, const char *op, const char *fmt, ...) {
  mdl_step *s = realloc(g->steps, (g->nsteps + 1) * sizeof *s);
  if (!s)
    oom();
  g->steps = s;
  s += g->nsteps++;
  memset(s, 0, sizeof *s);
  s->role = (uint8_t)role;
  s->kind = MDL_STEP_NO_INST;
  s->pipe = MDL_PIPE_NONE;
  s->pipe2 = MDL_PIPE_NONE;
  s->flag = -1;
  s->line = line;
  s->col = col;
  s->op = op ? mdl_strprintf("%s", op) : NULL;
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  s->text = mdl_strprintf("%s", buf);
  return s;
}

void mdl_diags_cut(mdl_diags *d, uint32_t n) {
  for (uint32_t i = n; i < d->items.len; i++) {
    mdl_diag *g = &MDL_VEC_AT(d->items, mdl_diag, i);
    if (g->suppressed)
      d->suppressed--;
    else if (g->severity == MDL_SEV_ERROR)
      d->errors--;
    else if (g->severity == MDL_SEV_WARNING)
      d->warnings--;
    else
      d->notes--;
    free((char *)g->unit);
    free(g->message);
    free(g->witness);
    for (uint32_t j = 0; j < g->nrelated; j++) {
      free(g->related[j].message);
      mdl_where_free(g->related[j].where);
    }
    free(g->related);
    mdl_where_free(g->where);
    mdl_valuation_free(g->val);
    free(g->fix);
    free(g->fix_confirm);
    free(g->fix_by);
    free(g->suppress_why);
    for (uint32_t j = 0; j < g->nfix_edits; j++) {
      free(g->fix_edits[j].text);
      free(g->fix_edits[j].old);
    }
    free(g->fix_edits);
    for (uint32_t j = 0; j < g->nsteps; j++) {
      free(g->steps[j].op);
      free(g->steps[j].text);
      mdl_where_free(g->steps[j].where);
    }
    free(g->steps);
  }
  if (n < d->items.len)
    d->items.len = n;
}

void mdl_diags_free(mdl_diags *d) {
  mdl_diags_cut(d, 0);
  mdl_vec_free(&d->items);
  d->errors = d->warnings = d->notes = 0;
}

static int diag_cmp(const void *a, const void *b) {
  const mdl_diag *x = a, *y = b;
  int c = strcmp(x->file ? x->file : "", y->file ? y->file : "");
  if (c)
    return c;
  /* a unit's findings in its headers sort after those in the main file */
  c = strcmp(x->where && x->where->file ? x->where->file : "",
             y->where && y->where->file ? y->where->file : "");
  if (c)
    return c;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  if (x->col != y->col)
    return x->col < y->col ? -1 : 1;
  if (x->rule != y->rule)
    return x->rule < y->rule ? -1 : 1;
  return strcmp(x->message, y->message);
}

void mdl_diags_sort(mdl_diags *d) {
  if (d->items.len > 1)
    qsort(d->items.data, d->items.len, sizeof(mdl_diag), diag_cmp);
}

const char *mdl_verdict_name(mdl_verdict v) {
  static const char *n[] = {"clean", "findings", "unknown", "error"};
  return (unsigned)v <= MDL_VERDICT_ERROR ? n[v] : "?";
}

bool mdl_unit_bounded(const mdl_unit_result *u, uint32_t *bound) {
  bool any = false;
  uint32_t b = UINT32_MAX;
  for (uint32_t i = 0; i < u->proofs.len; i++) {
    const mdl_loop_proof *p = &MDL_VEC_AT(u->proofs, mdl_loop_proof, i);
    if (p->all)
      continue;
    any = true;
    if (p->bound < b)
      b = p->bound;
  }
  if (bound)
    *bound = any ? b : 0;
  return any;
}

void mdl_loop_proofs_free(mdl_vec *proofs) {
  for (uint32_t i = 0; i < proofs->len; i++)
    free(MDL_VEC_AT(*proofs, mdl_loop_proof, i).why);
  mdl_vec_free(proofs);
}

const char *mdl_unit_verdict_name(const mdl_unit_result *u) {
  bool bounded = mdl_unit_bounded(u, NULL);
  if (u->open && u->verdict == MDL_VERDICT_CLEAN)
    return bounded ? "clean (bounded, cross-core not checked)"
                   : "clean (cross-core not checked)";
  if (u->verdict == MDL_VERDICT_CLEAN && bounded)
    return "clean (bounded)";
  return mdl_verdict_name(u->verdict);
}

void mdl_file_result_free(mdl_file_result *r) {
  for (uint32_t i = 0; i < r->units.len; i++) {
    mdl_unit_result *u = &MDL_VEC_AT(r->units, mdl_unit_result, i);
    free(u->name);
    free(u->note);
    free(u->sim);
    mdl_loop_proofs_free(&u->proofs);
  }
  mdl_vec_free(&r->units);
  mdl_diags_free(&r->diags);
  for (uint32_t i = 0; i < r->causes.len; i++)
    free(MDL_VEC_AT(r->causes, mdl_cause, i).text);
  mdl_vec_free(&r->causes);
}

/* ------------------------------------------------------------ interning */

uint32_t mdl_intern(mdl_vec *vec, size_t elem, uint32_t **ht, uint32_t *cap,
                    const void *x, uint64_t (*hash)(const void *, size_t),
                    bool (*eq)(const void *, const void *, size_t)) {
  if (vec->len == 0)
    mdl_vec_push(vec, elem); /* id 0: none */
  if ((uint64_t)vec->len * 2 >= *cap) {
    uint32_t nc = *cap ? *cap * 2 : 64;
    uint32_t *nt = calloc(nc, sizeof *nt);
    if (!nt) {
      fputs("ksv: out of memory\n", stderr);
      exit(3);
    }
    for (uint32_t i = 0; i < *cap; i++) {
      uint32_t id = (*ht)[i];
      if (!id)
        continue;
      const void *e = (const char *)vec->data + (size_t)id * elem;
      uint32_t j = (uint32_t)(hash(e, elem) & (nc - 1));
      while (nt[j])
        j = (j + 1) & (nc - 1);
      nt[j] = id;
    }
    free(*ht);
    *ht = nt;
    *cap = nc;
  }
  uint32_t j = (uint32_t)(hash(x, elem) & (*cap - 1));
  while ((*ht)[j]) {
    const void *e = (const char *)vec->data + (size_t)(*ht)[j] * elem;
    if (eq(e, x, elem))
      return (*ht)[j];
    j = (j + 1) & (*cap - 1);
  }
  memcpy(mdl_vec_push(vec, elem), x, elem);
  (*ht)[j] = vec->len - 1;
  return vec->len - 1;
}
