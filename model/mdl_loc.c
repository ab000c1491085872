/*
** mdl_loc.c -- locations beyond one file: the kernel's file table and
** inlining chains (Ascend C instructions come from included headers and
** inlined calls), their builder functions, and the resolved form the
** diagnostics carry (mdl_where), since the reports run after the kernel
** is freed.
*/
#include "mdl_build.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xcalloc(size_t n, size_t sz) {
  void *p = calloc(n ? n : 1, sz);
  if (!p) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  return p;
}

static char *xdup(const char *s) {
  if (!s)
    return NULL;
  size_t n = strlen(s) + 1;
  return memcpy(xcalloc(n, 1), s, n);
}

/* Slot 0 of each table is implicit (the main file, no chain); filled on
** first use so that HIVM kernels never allocate either table. */
static void files_init(mdl_kernel *k) {
  if (!k->files.len)
    *(const char **)mdl_vec_push(&k->files, sizeof(const char *)) =
        k->file ? k->file : "";
}

uint32_t mdl_b_file(mdl_kernel *k, const char *path) {
  if (!path || (k->file && !strcmp(path, k->file)))
    return 0;
  files_init(k);
  for (uint32_t i = 1; i < k->files.len; i++)
    if (!strcmp(MDL_VEC_AT(k->files, const char *, i), path))
      return i;
  if (k->files.len >= MDL_LOC_MAX_FILES)
    return MDL_B_NONE;
  *(const char **)mdl_vec_push(&k->files, sizeof(const char *)) =
      mdl_strdup(k->arena, path, strlen(path));
  return k->files.len - 1;
}

uint32_t mdl_b_chain(mdl_kernel *k, uint32_t parent, const char *name,
                     mdl_loc call_loc) {
  if (!k->chains.len)
    mdl_vec_push(&k->chains, sizeof(mdl_chain));
  if (parent >= k->chains.len || !name)
    return MDL_B_NONE;
  call_loc.chain = parent & (MDL_LOC_MAX_CHAINS - 1);
  /* interned: the same call in the same context is one entry, so a call
     inside a loop unrolled by the frontend does not grow the table */
  for (uint32_t i = k->chains.len - 1; i >= 1; i--) {
    const mdl_chain *c = &MDL_VEC_AT(k->chains, mdl_chain, i);
    if (c->parent == parent && c->call.line == call_loc.line &&
        c->call.col == call_loc.col && c->call.file == call_loc.file &&
        !strcmp(c->name, name))
      return i;
  }
  if (k->chains.len >= MDL_LOC_MAX_CHAINS)
    return MDL_B_NONE;
  mdl_chain *c = mdl_vec_push(&k->chains, sizeof *c);
  c->name = mdl_strdup(k->arena, name, strlen(name));
  c->call = call_loc;
  c->parent = parent;
  return k->chains.len - 1;
}

const char *mdl_kernel_file(const mdl_kernel *k, uint32_t file) {
  if (file && file < k->files.len)
    return MDL_VEC_AT(k->files, const char *, file);
  return k->file;
}

const mdl_chain *mdl_kernel_chain(const mdl_kernel *k, uint32_t chain) {
  return chain && chain < k->chains.len
             ? &MDL_VEC_AT(k->chains, mdl_chain, chain)
             : NULL;
}

/* The name of the kernel's entry function that the outermost call of a
** chain is in: the function of the first core (the unit name for a
** lone function). */
static const char *entry_name(const mdl_kernel *k) {
  if (k->funcs.len == 1)
    return MDL_VEC_AT(k->funcs, mdl_func *, 0)->name;
  return k->name;
}

mdl_where *mdl_where_of(const mdl_kernel *k, mdl_loc loc) {
  if (!k || (!loc.file && !loc.chain))
    return NULL;
  mdl_where *w = xcalloc(1, sizeof *w);
  if (loc.file)
    w->file = xdup(mdl_kernel_file(k, loc.file));
  uint32_t n = 0;
  /* a chain is acyclic by construction (parents come first), bounded
     anyway against a corrupt table */
  for (const mdl_chain *c = mdl_kernel_chain(k, loc.chain);
       c && n < k->chains.len; c = mdl_kernel_chain(k, c->parent))
    n++;
  if (n) {
    w->frames = xcalloc(n, sizeof *w->frames);
    const mdl_chain *c = mdl_kernel_chain(k, loc.chain);
    for (uint32_t i = 0; i < n; i++, c = mdl_kernel_chain(k, c->parent)) {
      const mdl_chain *up = mdl_kernel_chain(k, c->parent);
      mdl_frame *f = &w->frames[i];
      f->func = xdup(c->name);
      f->caller = xdup(up ? up->name : entry_name(k));
      f->file = c->call.file ? xdup(mdl_kernel_file(k, c->call.file)) : NULL;
      f->line = c->call.line;
      f->col = c->call.col;
    }
    w->nframes = n;
  }
  return w;
}

mdl_where *mdl_where_dup(const mdl_where *w) {
  if (!w)
    return NULL;
  mdl_where *r = xcalloc(1, sizeof *r);
  r->file = xdup(w->file);
  r->nframes = w->nframes;
  if (w->nframes) {
    r->frames = xcalloc(w->nframes, sizeof *r->frames);
    for (uint32_t i = 0; i < w->nframes; i++) {
      r->frames[i] = w->frames[i];
      r->frames[i].func = xdup(w->frames[i].func);
      r->frames[i].caller = xdup(w->frames[i].caller);
      r->frames[i].file = xdup(w->frames[i].file);
    }
  }
  return r;
}

void mdl_where_free(mdl_where *w) {
  if (!w)
    return;
  for (uint32_t i = 0; i < w->nframes; i++) {
    free(w->frames[i].func);
    free(w->frames[i].caller);
    free(w->frames[i].file);
  }
  free(w->frames);
  free(w->file);
  free(w);
}

const char *mdl_where_file(const mdl_where *w, const char *main) {
  return w && w->file ? w->file : main;
}

const char *mdl_where_chain_str(const mdl_where *w, char *buf, size_t n) {
  if (!n)
    return buf;
  buf[0] = 0;
  size_t at = 0;
  for (uint32_t i = 0; w && i < w->nframes && at < n; i++) {
    const mdl_frame *f = &w->frames[i];
    int r;
    if (!i)
      r = snprintf(buf + at, n - at, "in %s, called from %s at %s%s%u:%u",
                   f->func, f->caller, f->file ? f->file : "",
                   f->file ? ":" : "", f->line, f->col);
    else
      r = snprintf(buf + at, n - at, ", called from %s at %s%s%u:%u",
                   f->caller, f->file ? f->file : "", f->file ? ":" : "",
                   f->line, f->col);
    if (r < 0)
      break;
    at += (size_t)r;
  }
  return buf;
}

/* ------------------------------------------------ located diagnostics */

void mdl_diag_in_file(mdl_diag *d, const char *path) {
  if (!path || (d->file && !strcmp(path, d->file)))
    return;
  if (!d->where)
    d->where = xcalloc(1, sizeof *d->where);
  free(d->where->file);
  d->where->file = xdup(path);
}

mdl_diag *mdl_diag_add_at(mdl_diags *d, mdl_rule rule, mdl_severity sev,
                          const mdl_kernel *k, mdl_loc loc, const char *fmt,
                          ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  mdl_diag *g = mdl_diag_add(d, rule, sev, k->file, k->name, loc.line,
                             loc.col, "%s", buf);
  g->where = mdl_where_of(k, loc);
  return g;
}

void mdl_diag_related_at(mdl_diag *g, const mdl_kernel *k, mdl_loc loc,
                         const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  mdl_diag_related(g, loc.line, loc.col, "%s", buf);
  g->related[g->nrelated - 1].where = mdl_where_of(k, loc);
}

mdl_step *mdl_diag_step_at(mdl_diag *g, const mdl_kernel *k,
                           mdl_step_role role, mdl_loc loc, const char *op,
                           const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  mdl_step *s = mdl_diag_step(g, role, loc.line, loc.col, op, "%s", buf);
  s->where = mdl_where_of(k, loc);
  return s;
}
