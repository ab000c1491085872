/*
** fe_funcs.c -- the functions of a chunk, read once: what each says of
** itself (symbol, core type, MIX part, host, body), an index by symbol
** name, and which are called from another function of the chunk (those
** are inlined, not kernels).  A module of many functions costs what the
** same functions cost as separate chunks: every lookup here is a binary
** search, and the calls are found in one pass over the chunk.
*/
#include "fe_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What function fn says of itself: its @name, signature, core type,
** MIX part, host kind and whether it has a body. */
void fe_fn_info(fe_b *b, fe_op *fn, fe_fninfo *fi) {
  memset(fi, 0, sizeof *fi);
  fi->core = -1;
  fi->sym = fi->args_open = ~0u;
  for (uint32_t i = fn->name + 1; i < fn->t1; i++) {
    if (fe_in_region(fn, i))
      continue;
    if (K(b, i) == T_AT && fi->sym == ~0u) {
      fi->sym = i;
      if (K(b, i + 1) == T_LPAREN)
        fi->args_open = i + 1;
    }
    if (IS(b, i, "#hivm.func_core_type") && K(b, i + 1) == T_LANGLE) {
      if (IS(b, i + 2, "AIC"))
        fi->core = 0;
      else if (IS(b, i + 2, "AIV"))
        fi->core = 1;
      else if (IS(b, i + 2, "MIX"))
        fi->core = 2;
    }
    if (IS(b, i, "hivm.part_of_mix"))
      fi->part_of_mix = true;
    if (IS(b, i, "#hacc.function_kind") && IS(b, i + 2, "HOST"))
      fi->host = true;
  }
  fi->has_body = fn->nregions > 0;
  if (generic(b, fn)) { /* <{sym_name = "f", function_type = ...}> */
    uint32_t v = fe_gen_attr(b, fn, "sym_name");
    fi->sym = v != ~0u && K(b, v) == T_STRING ? v : ~0u;
    fi->args_open = ~0u;
    fi->has_body = fn->nregions > 0 && (fn->regions[0]->nblocks > 1 ||
                                        fn->regions[0]->blocks[0].first);
  }
}

static void *xcalloc(size_t n, size_t sz) {
  void *p = calloc(n ? n : 1, sz);
  if (!p) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  return p;
}

static int fname_cmp(const void *a, const void *c) {
  const fe_fname *x = a, *y = c;
  size_t n = x->n < y->n ? x->n : y->n;
  int r = memcmp(x->s, y->s, n);
  if (r)
    return r;
  if (x->n != y->n)
    return x->n < y->n ? -1 : 1;
  return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static bool same_name(const fe_fname *x, const fe_fname *y) {
  return x->n == y->n && !memcmp(x->s, y->s, x->n);
}

/* The first entry of b->byname named s[0..n), or b->nnamed. */
static uint32_t name_lower(const fe_b *b, const char *s, uint32_t n) {
  uint32_t lo = 0, hi = b->nnamed;
  fe_fname key = {s, n, 0};
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (fname_cmp(&b->byname[mid], &key) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < b->nnamed && same_name(&b->byname[lo], &key) ? lo : b->nnamed;
}

/* The index of the first function of the chunk named by symbol token
** symtok (@f, "f"), or -1. */
int fe_func_named(fe_b *b, uint32_t symtok) {
  uint32_t n;
  const char *s = fe_sym_text(b, symtok, &n);
  uint32_t at = name_lower(b, s, n);
  return at < b->nnamed ? (int)b->byname[at].idx : -1;
}

/* Records that function f calls the function(s) named by callee token
** ct: caller[g] is the first caller of name group g (its first entry in
** byname), multi[g] whether a second one calls it too. */
static void note_call(fe_b *b, uint32_t f, uint32_t ct, uint32_t *caller,
                      bool *multi) {
  uint32_t n;
  const char *s = fe_sym_text(b, ct, &n);
  uint32_t g = name_lower(b, s, n);
  if (g == b->nnamed)
    return;
  if (caller[g] == ~0u)
    caller[g] = f;
  else if (caller[g] != f)
    multi[g] = true;
}

/* b->called: one pass over every function's tokens for its calls. */
static void mark_called(fe_b *b) {
  uint32_t *caller = xcalloc(b->nnamed, sizeof *caller);
  bool *multi = xcalloc(b->nnamed, sizeof *multi);
  for (uint32_t g = 0; g < b->nnamed; g++)
    caller[g] = ~0u;
  for (uint32_t i = 0; i < b->nfuncs; i++) {
    const fe_op *f = b->funcs[i];
    for (uint32_t t = f->t0;
         t < f->t1 || (f->nregions && t <= f->regions[0]->close); t++) {
      uint32_t ct = fe_is_op(b->p, t, "func.call") ? fe_call_callee(b, t) : ~0u;
      if (ct != ~0u)
        note_call(b, i, ct, caller, multi);
    }
  }
  /* called: some other function than itself calls its name */
  for (uint32_t e = 0, g = 0; e < b->nnamed; e++) {
    if (!same_name(&b->byname[e], &b->byname[g]))
      g = e;
    uint32_t j = b->byname[e].idx;
    b->called[j] = multi[g] || (caller[g] != ~0u && caller[g] != j);
  }
  free(caller);
  free(multi);
}

static bool ends_with(const char *s, uint32_t n, const char *suf) {
  size_t m = strlen(suf);
  return n >= m && !memcmp(s + n - m, suf, m);
}

/* b->halves: what each function with a body, not a host one, may be of a
** MIX pair (its name's _mix_aic / _mix_aiv, else its core type and
** hivm.part_of_mix), and the lists of each. */
static void index_halves(fe_b *b) {
  fe_halves *h = &b->halves;
  h->half = xcalloc(b->nfuncs, 1);
  for (uint32_t j = 0; j < b->nfuncs; j++) {
    const fe_fninfo *f = &b->finfo[j];
    if (!f->has_body || f->host)
      continue;
    uint32_t n = 0;
    const char *s = f->sym != ~0u ? fe_sym_text(b, f->sym, &n) : "";
    h->half[j] = (uint8_t)(
        (ends_with(s, n, "_mix_aic") || (f->core == 0 && f->part_of_mix)
             ? FE_HALF_AIC : 0) |
        (ends_with(s, n, "_mix_aiv") || (f->core == 1 && f->part_of_mix)
             ? FE_HALF_AIV : 0));
  }
  for (uint8_t w = 1; w < 4; w++) {
    h->list[w] = xcalloc(b->nfuncs, sizeof *h->list[w]);
    for (uint32_t j = 0; j < b->nfuncs; j++)
      if (h->half[j] & w)
        h->list[w][h->n[w]++] = j;
  }
}

/* The first function of b->byname whose name is not below s[0..n) in
** the order of byname (where those that start with it begin). */
static uint32_t prefix_lower(const fe_b *b, const char *s, uint32_t n) {
  uint32_t lo = 0, hi = b->nnamed;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    const fe_fname *e = &b->byname[mid];
    uint32_t m = e->n < n ? e->n : n;
    int c = memcmp(e->s, s, m);
    if (c < 0 || (!c && e->n < n))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* Of the unused functions other than i of a half in want, the first
** whose name starts with i's first plen bytes, or -1: they are a range
** of b->byname. */
static int same_prefix(fe_b *b, const bool *used, uint32_t i, uint32_t plen,
                       uint8_t want) {
  uint32_t n;
  if (b->finfo[i].sym == ~0u)
    return -1;
  const char *s = fe_sym_text(b, b->finfo[i].sym, &n);
  if (plen > n)
    return -1;
  int best = -1;
  for (uint32_t e = prefix_lower(b, s, plen);
       e < b->nnamed && b->byname[e].n >= plen &&
       !memcmp(b->byname[e].s, s, plen);
       e++) {
    uint32_t j = b->byname[e].idx;
    if (j != i && !used[j] && (b->halves.half[j] & want) &&
        (best < 0 || j < (uint32_t)best))
      best = (int)j;
  }
  return best;
}

/* The MIX partner of function i (plen: the length of its name's prefix,
** without _mix_aic / _mix_aiv; want: the halves a partner may be,
** FE_HALF_*): of the unused functions with a body of such a half, the
** first whose name starts with the prefix, else the first; -1 when none.
** The first unused of each half is remembered (used only grows), so a
** chunk of many halves stays linear. */
int fe_mix_partner(fe_b *b, const bool *used, uint32_t i, uint32_t plen,
                   uint8_t want) {
  fe_halves *h = &b->halves;
  int best = same_prefix(b, used, i, plen, want);
  if (best >= 0)
    return best;
  while (h->cur[want] < h->n[want] &&
         (used[h->list[want][h->cur[want]]] ||
          h->list[want][h->cur[want]] == i))
    h->cur[want]++;
  return h->cur[want] < h->n[want] ? (int)h->list[want][h->cur[want]] : -1;
}

/* Reads b->funcs once: b->finfo, b->byname, b->called and b->halves. */
void fe_funcs_index(fe_b *b) {
  b->finfo = xcalloc(b->nfuncs, sizeof *b->finfo);
  b->byname = xcalloc(b->nfuncs, sizeof *b->byname);
  b->called = xcalloc(b->nfuncs, sizeof *b->called);
  b->nnamed = 0;
  for (uint32_t i = 0; i < b->nfuncs; i++) {
    fe_fn_info(b, b->funcs[i], &b->finfo[i]);
    if (b->finfo[i].sym == ~0u)
      continue;
    fe_fname *e = &b->byname[b->nnamed++];
    e->s = fe_sym_text(b, b->finfo[i].sym, &e->n);
    e->idx = i;
  }
  qsort(b->byname, b->nnamed, sizeof *b->byname, fname_cmp);
  mark_called(b);
  index_halves(b);
}

void fe_funcs_free(fe_b *b) {
  free(b->halves.half);
  for (int w = 1; w < 4; w++)
    free(b->halves.list[w]);
  memset(&b->halves, 0, sizeof b->halves);
  free(b->finfo);
  free(b->byname);
  free(b->called);
  b->finfo = NULL;
  b->byname = NULL;
  b->called = NULL;
  b->nnamed = 0;
}
