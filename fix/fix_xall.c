/*
** fix_xall.c -- `ksv fix`: the launch-wide barrier (the hard SyncAll,
** hivm.hir.sync_block[<ALL>] / [<ALL_VECTOR>]) as a repair (docs/fix.md,
** "SyncAll").  A hard SyncAll waits for every core of its mode
** (docs/semantics-decisions.md 73), so it may only go where every core of
** that mode reaches it exactly once: at the top level of the kernel entry,
** never in a loop, a branch or a core branch.
**   xcore-race  a SyncAll between the two accesses: C++, between the
**               entry's top-level statements holding the accesses'
**               outermost calls (the inlining chain, mdl_kernel.chains);
**               HIVM, in each core function (after the earlier access's
**               top-level statement, before the later one's, at the end of
**               a function holding neither)
**   deadlock    a SyncAll that waits for a core that never executes one:
**               moved out of its core branch when it is the branch's first
**               or last statement (C++), or the missing core given its own
**               (C++: at the end of each of its `if ASCEND_IS_x` branches;
**               HIVM: in its function, from the end)
** Inserts are written in HIVM; fix_asc.c respells them SyncAll<false>() /
** SyncAll().  Only reads the kernel.
*/
#include "fix.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TOP 256
#define MAX_POS 4 /* positions tried per candidate kind */

/* A launch-wide barrier is heavier than a flag pair of as many lines (it
** waits for every pipe of every core of its mode): one more in the cost,
** so that among repairs that verify alike the flag pair comes first. */
static fix_cand *xcand(mdl_vec *out, char *what) {
  fix_cand *c = mdl_vec_push(out, sizeof *c);
  c->what = what;
  c->cost = 1;
  return c;
}

static void xedit(fix_cand *c, fix_op op, uint32_t line, char *text) {
  fix_edit *e = mdl_vec_push(&c->edits, sizeof *e);
  e->op = op;
  e->line = line;
  e->text = text;
  c->cost++;
}

static const char *tline(const fix_text *t, uint32_t i) {
  return MDL_VEC_AT(t->lines, fix_line, i).text;
}

/* The code of a line: without leading blanks, up to a // comment; its
** length in *n (trailing blanks dropped). */
static const char *code_of(const char *l, size_t *n) {
  l += strspn(l, " \t");
  const char *c = strstr(l, "//");
  size_t m = c ? (size_t)(c - l) : strlen(l);
  while (m && (l[m - 1] == ' ' || l[m - 1] == '\t'))
    m--;
  *n = m;
  return l;
}

/* Does any core of the AIC type run a data op?  Then the AIC takes part
** and the barrier is SyncAll<false>() (mode ALL); otherwise the vector-only
** SyncAll() (ALL_VECTOR): an AIC with nothing to publish or wait for need
** not join (SyncAll.md: isAIVOnly = true joins the AIVs only). */
static bool aic_takes_part(const mdl_kernel *k) {
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind == MDL_I_OP && in->nacc &&
        k->cores[in->core].type == MDL_CORE_AIC)
      return true;
  }
  return false;
}

static char *xall_text(bool all) {
  return mdl_strprintf("hivm.hir.sync_block[<%s>, 11 : i16]",
                       all ? "ALL" : "ALL_VECTOR");
}

/* Is o a copy of s (the same source statement: a C++ call unrolled or
** inlined more than once has one per copy)? */
static bool copy_of(const mdl_stmt *o, const mdl_stmt *s) {
  return o == s || (o->kind == s->kind && o->loc.line == s->loc.line &&
                    o->loc.col == s->loc.col && o->loc.file == s->loc.file);
}

/* ----------------------------------------------------- C++: the entry */

/* A top-level statement of the entry: first and last 0-based line (a
** comment before it is part of it). */
typedef struct { uint32_t s, e; } span;

/* The top-level statements of the kernel entry (whose definition starts
** at k->loc); how many, 0 when its body is not found. */
static uint32_t entry_stmts(const mdl_kernel *k, const fix_text *t,
                            span *sp) {
  if (k->loc.file || !k->loc.line || k->loc.line > t->lines.len)
    return 0;
  uint32_t i = k->loc.line - 1, n = 0;
  size_t m;
  const char *c;
  for (; i < t->lines.len; i++) { /* the line opening the body */
    c = code_of(tline(t, i), &m);
    if (m && c[m - 1] == '{')
      break;
    if (memchr(c, ';', m) || memchr(c, '{', m))
      return 0; /* a declaration, or a body not opened at a line's end */
  }
  for (i++; i < t->lines.len && n < MAX_TOP;) {
    c = code_of(tline(t, i), &m);
    if (!*c) {
      i++;
      continue;
    }
    if (*c == '}')
      return n;
    uint32_t e = fix_stmt_end(t, i);
    sp[n++] = (span){i, e};
    i = e + 1;
  }
  return 0;
}

/* The location of the outermost call that inlined loc (loc itself when it
** is the entry's own statement). */
static mdl_loc outermost(const mdl_kernel *k, mdl_loc loc) {
  for (int d = 0; d < 64 && loc.chain && loc.chain < k->chains.len; d++)
    loc = MDL_VEC_AT(k->chains, mdl_chain, loc.chain).call;
  return loc;
}

/* The index of the top-level statement holding line ln (1-based), or -1. */
static int top_of(const span *sp, uint32_t n, uint32_t ln) {
  for (uint32_t i = 0; i < n; i++)
    if (ln >= sp[i].s + 1 && ln <= sp[i].e + 1)
      return (int)i;
  return -1;
}

/* The top-level statements holding the copies of s: the first in *lo,
** the last in *hi; false when a copy is not in the entry's text. */
static bool cxx_tops(const mdl_kernel *k, const span *sp, uint32_t n,
                     const mdl_stmt *s, int *lo, int *hi) {
  *lo = (int)n;
  *hi = -1;
  for (uint32_t i = 0; i < k->stmts.len; i++) {
    const mdl_stmt *o = MDL_VEC_AT(k->stmts, mdl_stmt *, i);
    if (!copy_of(o, s))
      continue;
    mdl_loc l = outermost(k, o->loc);
    int x = l.file ? -1 : top_of(sp, n, l.line);
    if (x < 0)
      return false;
    *lo = x < *lo ? x : *lo;
    *hi = x > *hi ? x : *hi;
  }
  return *hi >= 0;
}

static void cxx_race(const mdl_kernel *k, const fix_text *t,
                     const mdl_stmt *a, const mdl_stmt *b, mdl_vec *out) {
  span sp[MAX_TOP];
  uint32_t n = entry_stmts(k, t, sp);
  int alo, ahi, blo, bhi;
  if (!n || !cxx_tops(k, sp, n, a, &alo, &ahi) ||
      !cxx_tops(k, sp, n, b, &blo, &bhi) || ahi >= blo)
    return; /* both in one top-level statement (a loop, say): no place */
  bool all = aic_takes_part(k);
  const char *nm = all ? "SyncAll<false>() (every core)"
                       : "SyncAll() (every AIV)";
  /* right before the later access's statement, then right after the
     earlier one's when other statements lie between */
  fix_cand *c =
      xcand(out, mdl_strprintf("%s before line %u, between the access at "
                               "%u:%u and the one at %u:%u",
                               nm, sp[blo].s + 1, a->loc.line, a->loc.col,
                               b->loc.line, b->loc.col));
  xedit(c, FIX_INSERT_BEFORE, sp[blo].s + 1, xall_text(all));
  c->last = true;
  if (blo > ahi + 1) {
    c = xcand(out,
              mdl_strprintf("%s after the statement at line %u, between the "
                            "access at %u:%u and the one at %u:%u",
                            nm, sp[ahi].s + 1, a->loc.line, a->loc.col,
                            b->loc.line, b->loc.col));
    xedit(c, FIX_INSERT_AFTER, sp[ahi].s + 1, xall_text(all));
    c->last = true;
  }
}

/* ------------------------------------------------- HIVM: per function */

static bool holds(const mdl_stmt *T, const mdl_stmt *s);

static bool block_holds(const mdl_block *b, const mdl_stmt *s) {
  for (const mdl_stmt *o = b->first; o; o = o->next)
    if (holds(o, s))
      return true;
  return false;
}

static bool holds(const mdl_stmt *T, const mdl_stmt *s) {
  if (copy_of(T, s))
    return true;
  switch (T->kind) {
  case MDL_S_FOR:
    return block_holds(&T->u.loop.body, s);
  case MDL_S_IF:
    return block_holds(&T->u.cif.then_b, s) ||
           block_holds(&T->u.cif.else_b, s);
  case MDL_S_WHILE:
    return block_holds(&T->u.wh.before, s) || block_holds(&T->u.wh.after, s);
  default:
    return false;
  }
}

/* The first (*lo) and last (*hi) top-level statement of body b holding a
** copy of s (NULL: none). */
static void fn_tops(const mdl_block *b, const mdl_stmt *s,
                    const mdl_stmt **lo, const mdl_stmt **hi) {
  *lo = *hi = NULL;
  for (const mdl_stmt *o = b->first; o; o = o->next)
    if (holds(o, s)) {
      *lo = *lo ? *lo : o;
      *hi = o;
    }
}

static bool before(const mdl_block *b, const mdl_stmt *x, const mdl_stmt *y) {
  for (const mdl_stmt *o = b->first; o; o = o->next) {
    if (o == y)
      return false;
    if (o == x)
      return true;
  }
  return false;
}

/* One candidate: in every function of the barrier's cores, the barrier
** after the earlier access, before the later one (late: right before it;
** else right after the earlier), at the end of a function holding
** neither. */
static void hivm_race(const mdl_kernel *k, const mdl_stmt *a,
                      const mdl_stmt *b, mdl_vec *out) {
  bool all = aic_takes_part(k);
  for (int late = 1; late >= 0; late--) {
    fix_cand *c = NULL;
    bool fits = true, differs = false;
    const mdl_func *done[3] = {0};
    for (uint32_t ci = 0; ci < k->ncores && fits; ci++) {
      const mdl_func *f = k->cores[ci].fn;
      if (!f || (!all && k->cores[ci].type == MDL_CORE_AIC) ||
          (ci && (done[0] == f || done[1] == f || done[2] == f)))
        continue;
      done[ci] = f;
      const mdl_block *body = &f->body;
      const mdl_stmt *alo, *ahi, *blo, *bhi;
      fn_tops(body, a, &alo, &ahi);
      fn_tops(body, b, &blo, &bhi);
      if (!body->last) {
        fits = false;
        break;
      }
      if (!c)
        c = xcand(out, mdl_strprintf(
                           "sync_block <%s> (SyncAll) %s between the "
                           "access at %u:%u and the one at %u:%u, in every "
                           "core function",
                           all ? "ALL" : "ALL_VECTOR",
                           late ? "right before the later access"
                                : "right after the earlier access",
                           a->loc.line, a->loc.col, b->loc.line, b->loc.col));
      c->last = true;
      if (ahi && blo && !before(body, ahi, blo))
        fits = false;
      else if (blo && (late || !ahi))
        xedit(c, FIX_INSERT_BEFORE, blo->loc.line, xall_text(all));
      else if (ahi)
        xedit(c, FIX_INSERT_AFTER, ahi->loc.line, xall_text(all));
      else
        xedit(c, FIX_INSERT_AFTER, body->last->loc.line, xall_text(all));
      differs |= ahi && blo && ahi->next != blo;
    }
    if (c && (!fits || !c->edits.len || (!late && !differs))) {
      fix_cand_free(c); /* no place, or the same edits as the late one */
      out->len--;
    }
  }
}

void fix_xall_race(const mdl_kernel *k, const fix_text *t, const mdl_stmt *a,
                   const mdl_stmt *b, mdl_vec *out) {
  if (k->open || a == b)
    return;
  if (t->cxx)
    cxx_race(k, t, a, b, out);
  else
    hivm_race(k, a, b, out);
}

/* --------------------------------------------------------- deadlock */

/* Core types (bit 0 AIC, bit 1 AIV) that some SyncAll meeting waits for
** and that never arrive (mdl_sync_all_absent). */
static uint32_t absent_types(const mdl_kernel *k) {
  mdl_vec per[3];
  memset(per, 0, sizeof per);
  uint32_t most = 0, types = 0;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind == MDL_I_SYNC_ALL && in->core < 3) {
      *(uint32_t *)mdl_vec_push(&per[in->core], sizeof(uint32_t)) = i;
      most = per[in->core].len > most ? per[in->core].len : most;
    }
  }
  for (uint32_t m = 0; m < most; m++) {
    int gone = mdl_sync_all_absent(k, per, m);
    if (gone >= 0)
      types |= k->cores[gone].type == MDL_CORE_AIC ? 1u : 2u;
  }
  for (int c = 0; c < 3; c++)
    mdl_vec_free(&per[c]);
  return types;
}

/* The SyncAll statement's text on its line when the line holds just it;
** NULL otherwise. */
static char *own_text(const fix_text *t, const mdl_stmt *s) {
  if (s->loc.file || !s->loc.line || s->loc.line > t->lines.len)
    return NULL;
  size_t n;
  const char *c = code_of(tline(t, s->loc.line - 1), &n);
  if (!n || (t->cxx && c[n - 1] != ';') || memchr(c, '{', n) ||
      memchr(c, '}', n) || (t->cxx && memchr(c, ';', n) != c + n - 1))
    return NULL;
  return mdl_strprintf("%.*s", (int)n, c);
}

/* Is top-level statement sp a branch on the core type (`if ASCEND_IS_AIC
** {` ... `}`, no else)?  bit 0 AIC, bit 1 AIV, 0 not one. */
static uint32_t core_branch(const fix_text *t, span sp) {
  size_t n, m;
  const char *c = code_of(tline(t, sp.s), &n);
  for (uint32_t i = sp.s; !n && i < sp.e;) /* a comment before it */
    c = code_of(tline(t, ++i), &n), sp.s = i;
  const char *e = code_of(tline(t, sp.e), &m);
  if (n < 4 || strncmp(c, "if", 2) || isalnum((unsigned char)c[2]) ||
      c[n - 1] != '{' || sp.e <= sp.s || m != 1 || *e != '}')
    return 0;
  const char *aic = strstr(c, "ASCEND_IS_AIC"), *aiv = strstr(c, "ASCEND_IS_AIV");
  if (!aic == !aiv || memchr(c, '!', n) || strstr(c, "&&") || strstr(c, "||"))
    return 0;
  return aic ? 1u : 2u;
}

/* The inner statements of core branch sp (its header's line: sp.s or a
** later one after a comment). */
static uint32_t branch_stmts(const fix_text *t, span sp, span *in) {
  uint32_t i = sp.s, n = 0;
  size_t m;
  while (i < sp.e && (code_of(tline(t, i), &m), !m)) /* a comment */
    i++;
  for (i++; i < sp.e && n < MAX_TOP;) {
    if (!*code_of(tline(t, i), &m)) {
      i++;
      continue;
    }
    uint32_t e = fix_stmt_end(t, i);
    if (e >= sp.e)
      break;
    in[n++] = (span){i, e};
    i = e + 1;
  }
  return n;
}

static void cxx_deadlock(const mdl_kernel *k, const fix_text *t,
                         const mdl_stmt *s, uint32_t types, mdl_vec *out) {
  span sp[MAX_TOP], in[MAX_TOP];
  uint32_t n = entry_stmts(k, t, sp);
  char *txt = own_text(t, s);
  if (!n || !txt) {
    free(txt);
    return;
  }
  /* moved out of its core branch, when it opens or closes it (a SyncAll
     in the middle would need the branch split in two) */
  int top = s->loc.chain ? -1 : top_of(sp, n, s->loc.line);
  if (top >= 0 && core_branch(t, sp[top])) {
    uint32_t ni = branch_stmts(t, sp[top], in);
    for (int end = 0; end < 2 && ni; end++) {
      if (in[end ? ni - 1 : 0].s + 1 != s->loc.line &&
          in[end ? ni - 1 : 0].e + 1 != s->loc.line)
        continue;
      fix_cand *c =
          xcand(out, mdl_strprintf("the SyncAll at %u:%u moved out of its "
                                   "core branch, %s it",
                                   s->loc.line, s->loc.col,
                                   end ? "after" : "before"));
      c->cost--; /* a moved barrier: no heavier than the added one */
      xedit(c, FIX_DELETE, s->loc.line, NULL);
      xedit(c, end ? FIX_INSERT_AFTER : FIX_INSERT_BEFORE, sp[top].s + 1,
            mdl_strprintf("%s", txt));
    }
  }
  /* the core that never arrives given its own, at the end of its branch */
  uint32_t npos = 0;
  for (uint32_t i = 0; i < n && npos < MAX_POS; i++) {
    if (!(core_branch(t, sp[i]) & types))
      continue;
    uint32_t ni = branch_stmts(t, sp[i], in);
    if (!ni)
      continue;
    fix_cand *c =
        xcand(out, mdl_strprintf("the %s of the core that never executes "
                                 "one, at the end of its branch at line %u",
                                 txt, sp[i].s + 1));
    xedit(c, FIX_INSERT_AFTER, in[ni - 1].s + 1, mdl_strprintf("%s", txt));
    npos++;
  }
  free(txt);
}

/* HIVM: the function of each core type that never arrives gets the
** barrier as s spells it, after its last top-level statement, then after
** the ones before (nearest the end first). */
static void hivm_deadlock(const mdl_kernel *k, const fix_text *t,
                          const mdl_stmt *s, uint32_t types, mdl_vec *out) {
  char *txt = own_text(t, s);
  if (!txt)
    return;
  for (uint32_t ci = 0; ci < k->ncores; ci++) {
    const mdl_func *f = k->cores[ci].fn;
    uint32_t ty = k->cores[ci].type == MDL_CORE_AIC ? 1u : 2u;
    if (!f || !(types & ty) || block_holds(&f->body, s))
      continue;
    types &= ~ty; /* one function per core type */
    const mdl_stmt *tops[MAX_TOP];
    uint32_t n = 0;
    for (const mdl_stmt *o = f->body.first; o && n < MAX_TOP; o = o->next)
      if (o->kind != MDL_S_SCALAR && o->kind != MDL_S_BUF)
        tops[n++] = o;
    for (uint32_t p = 0; p < n && p < MAX_POS; p++) {
      const mdl_stmt *o = tops[n - 1 - p];
      fix_cand *c =
          xcand(out, mdl_strprintf("the %s of %s, which never executes one, "
                                   "after the statement at line %u",
                                   txt, k->cores[ci].label, o->loc.line));
      c->cost--; /* an added barrier, not a heavier alternative */
      xedit(c, FIX_INSERT_AFTER, o->loc.line, mdl_strprintf("%s", txt));
    }
  }
  free(txt);
}

void fix_xall_deadlock(const mdl_kernel *k, const fix_text *t,
                       const mdl_stmt *s, mdl_vec *out) {
  if (k->open || s->kind != MDL_S_SYNC_BLOCK)
    return;
  uint32_t types = absent_types(k);
  if (!types)
    return;
  if (t->cxx)
    cxx_deadlock(k, t, s, types, out);
  else
    hivm_deadlock(k, t, s, types, out);
}
