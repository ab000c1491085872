/*
** mdl_kernel.c -- kernels, functions, statements, values, memories, and
** the model self-check.
*/
#include "mdl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

mdl_kernel *mdl_kernel_new(const char *file, const char *name) {
  mdl_kernel *k = calloc(1, sizeof *k);
  if (!k) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  k->arena = mdl_arena_new();
  k->file = file;
  k->name = mdl_strdup(k->arena, name, strlen(name));
  k->concrete = true;
  k->auto_sync = -1;
  return k;
}

void mdl_kernel_free(mdl_kernel *k) {
  if (!k)
    return;
  for (uint32_t i = 0; i < k->funcs.len; i++) {
    mdl_func *f = MDL_VEC_AT(k->funcs, mdl_func *, i);
    mdl_vec_free(&f->values);
  }
  mdl_vec_free(&k->funcs);
  mdl_vec_free(&k->stmts);
  mdl_vec_free(&k->atoms);
  mdl_vec_free(&k->forms);
  free(k->atom_ht);
  free(k->form_ht);
  mdl_vec_free(&k->roots);
  mdl_vec_free(&k->boxes);
  free(k->root_ht);
  free(k->box_ht);
  mdl_vec_free(&k->memories);
  mdl_vec_free(&k->insts);
  mdl_vec_free(&k->accesses);
  mdl_vec_free(&k->lits);
  mdl_vec_free(&k->guards);
  mdl_vec_free(&k->files);
  mdl_vec_free(&k->chains);
  mdl_vec_free(&k->que_unfreed);
  free(k->limit_hit);
  free(k->input_error);
  free(k->bound_note);
  mdl_arena_free(k->arena);
  free(k);
}

static uint64_t vec_bytes(const mdl_vec *v, size_t elem) {
  return (uint64_t)v->cap * elem;
}

uint64_t mdl_kernel_bytes(const mdl_kernel *k) {
  if (!k)
    return 0;
  uint64_t n = sizeof *k + mdl_arena_bytes(k->arena) +
               vec_bytes(&k->funcs, sizeof(mdl_func *)) +
               vec_bytes(&k->stmts, sizeof(mdl_stmt *)) +
               vec_bytes(&k->atoms, sizeof(mdl_atom)) +
               vec_bytes(&k->forms, sizeof(mdl_val)) +
               vec_bytes(&k->roots, sizeof(mdl_root)) +
               vec_bytes(&k->boxes, sizeof(mdl_box)) +
               vec_bytes(&k->memories, sizeof(mdl_memory)) +
               vec_bytes(&k->insts, sizeof(mdl_inst)) +
               vec_bytes(&k->accesses, sizeof(mdl_access)) +
               vec_bytes(&k->lits, sizeof(mdl_lit)) +
               vec_bytes(&k->guards, sizeof(mdl_guard)) +
               vec_bytes(&k->chains, sizeof(mdl_chain)) +
               4ull * (k->atom_htcap + k->form_htcap + k->root_htcap +
                       k->box_htcap);
  for (uint32_t i = 0; i < k->funcs.len; i++)
    n += vec_bytes(&MDL_VEC_AT(k->funcs, mdl_func *, i)->values,
                   sizeof(mdl_value));
  return n;
}

mdl_stmt *mdl_stmt_new(mdl_kernel *k, mdl_block *b, mdl_stmt_kind kind,
                       mdl_loc loc) {
  mdl_stmt *s = mdl_alloc(k->arena, sizeof *s);
  s->kind = kind;
  s->loc = loc;
  s->id = k->nstmts++;
  s->src = s->id;
  s->def = MDL_NOVAL;
  s->cores = 0x3;
  mdl_stmt **slot = mdl_vec_push(&k->stmts, sizeof(mdl_stmt *));
  *slot = s;
  if (b) {
    if (b->last)
      b->last->next = s;
    else
      b->first = s;
    b->last = s;
    b->count++;
  }
  return s;
}

mdl_func *mdl_func_new(mdl_kernel *k, const char *name, mdl_loc loc) {
  mdl_func *f = mdl_alloc(k->arena, sizeof *f);
  f->name = name;
  f->loc = loc;
  mdl_func **slot = mdl_vec_push(&k->funcs, sizeof(mdl_func *));
  *slot = f;
  return f;
}

mdl_valref mdl_value_new(mdl_func *f, const char *name) {
  mdl_value *v = mdl_vec_push(&f->values, sizeof *v);
  v->name = name;
  v->bytes = -1;
  v->space = MDL_SPACE_LOCAL;
  return f->values.len - 1;
}

mdl_value *mdl_value_at(const mdl_func *f, mdl_valref v) {
  return &MDL_VEC_AT(f->values, mdl_value, v);
}

uint32_t mdl_memory_get(mdl_kernel *k, mdl_space sp, int core, int32_t argno,
                        uint32_t alloc_id, const char *name) {
  for (uint32_t i = 0; i < k->memories.len; i++) {
    mdl_memory *m = &MDL_VEC_AT(k->memories, mdl_memory, i);
    if (m->space == sp && m->core == core && m->argno == argno &&
        m->alloc_id == alloc_id)
      return i;
  }
  mdl_memory *m = mdl_vec_push(&k->memories, sizeof *m);
  m->space = sp;
  m->core = core;
  m->argno = argno;
  m->alloc_id = alloc_id;
  m->name = mdl_strdup(k->arena, name, strlen(name));
  return k->memories.len - 1;
}

uint64_t mdl_iter_label(const mdl_kernel *k, const mdl_inst *in,
                        uint32_t d) {
  uint64_t it = in->iter[d];
  if (it < k->relabel_at)
    return it;
  for (uint8_t i = 0; i < k->nrelabel; i++)
    if (k->relabel_loop[i] == in->loops[d])
      return it + k->relabel_shift;
  return it;
}

void mdl_inst_where(const mdl_kernel *k, const mdl_inst *in, char *buf,
                    size_t n) {
  size_t w = 0;
  buf[0] = 0;
  int m = snprintf(buf, n, "on %s", k->cores[in->core].label);
  if (m < 0)
    return;
  w = (size_t)m;
  for (int d = in->depth - 1; d >= 0 && w < n; d--) {
    const mdl_stmt *ls = MDL_VEC_AT(k->stmts, mdl_stmt *, in->loops[d]);
    m = snprintf(buf + w, n - w, "%s iteration %llu of the loop at %u:%u",
                 d == in->depth - 1 ? "," : " and",
                 (unsigned long long)mdl_iter_label(k, in, d),
                 ls->loc.line, ls->loc.col);
    if (m < 0)
      return;
    w += (size_t)m;
  }
  if (in->implicit && in->kind != MDL_I_OP && w < n) {
    /* a sync statement of its own that a library performs (the Ascend C
       queue framework; its name says which call), else a macro op's */
    const mdl_stmt *st = in->stmt < k->stmts.len
                             ? MDL_VEC_AT(k->stmts, mdl_stmt *, in->stmt)
                             : NULL;
    if (st && st->implicit)
      snprintf(buf + w, n - w, " (implicit: the library's own sync)");
    else
      snprintf(buf + w, n - w, "%s",
               in->lib ? " (the mmad library's own M->MTE1 handshake)"
                       : " (implicit: sync_related_args)");
  }
}

/* ------------------------------------------------------------ self-check */

#define FAIL(...)                                                          \
  do {                                                                     \
    nerr++;                                                                \
    if (w < n) {                                                           \
      int m_ = snprintf(err + w, n - w, __VA_ARGS__);                      \
      if (m_ > 0)                                                          \
        w += (size_t)m_;                                                   \
      if (w < n)                                                           \
        err[w++] = '\n';                                                   \
      if (w < n)                                                           \
        err[w] = 0;                                                        \
    }                                                                      \
  } while (0)

int mdl_selfcheck(const mdl_kernel *k, char *err, size_t n) {
  int nerr = 0;
  size_t w = 0;
  if (n)
    err[0] = 0;
  if (k->ncores < 1 || k->ncores > 3)
    FAIL("kernel has %u cores", k->ncores);
  for (uint32_t i = 0; i < k->stmts.len; i++) {
    const mdl_stmt *s = MDL_VEC_AT(k->stmts, mdl_stmt *, i);
    if (s->id != i)
      FAIL("statement ids not dense: %u at %u", s->id, i);
  }
  if (!k->unrolled)
    return nerr;
  uint32_t total = 0;
  for (uint32_t c = 0; c < k->ncores; c++) {
    if (k->core_first[c] != total)
      FAIL("core %u instances not contiguous", c);
    total += k->core_count[c];
  }
  if (total != k->insts.len)
    FAIL("instance count %u != sum of cores %u", k->insts.len, total);
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->core >= k->ncores)
      FAIL("instance %u on core %u", i, in->core);
    if (in->stmt >= k->nstmts)
      FAIL("instance %u has statement %u", i, in->stmt);
    if (in->acc_first + in->nacc > k->accesses.len)
      FAIL("instance %u accesses out of range", i);
    if (in->guard >= k->guards.len && k->guards.len)
      FAIL("instance %u guard %u out of range", i, in->guard);
    if (in->pipe >= MDL_PIPE_COUNT)
      FAIL("instance %u has pipe %u", i, in->pipe);
    if (in->kind == MDL_I_OP && in->pipe != MDL_PIPE_ALL &&
        !mdl_core_has_pipe(k->prof, k->cores[in->core].type,
                           (mdl_pipe)in->pipe))
      FAIL("instance %u (%u:%u) runs on %s, which %s lacks", i,
           in->loc.line, in->loc.col, mdl_pipe_name((mdl_pipe)in->pipe),
           k->cores[in->core].label);
    if (in->after != ~0u && in->after >= i)
      FAIL("instance %u: macro predecessor %u not earlier", i, in->after);
    if (in->depth > MDL_MAX_DEPTH)
      FAIL("instance %u depth %u", i, in->depth);
    for (uint32_t a = 0; a < in->nacc; a++) {
      const mdl_access *ac = mdl_access_at(k, in->acc_first + a);
      if (ac->mem >= k->memories.len)
        FAIL("instance %u access memory %u out of range", i, ac->mem);
      if (ac->lo > ac->hi)
        FAIL("instance %u access range [%lld, %lld) inverted", i,
             (long long)ac->lo, (long long)ac->hi);
      if (!ac->mode || ac->mode > 3)
        FAIL("instance %u access mode %u", i, ac->mode);
    }
  }
  return nerr;
}
