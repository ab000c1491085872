/* A cross-core sync in a loop whose partner syncs (the other kind, same
** pipes) sit in a loop of another function with other bounds: either
** loop given the other's bounds (align_loop never makes a loop that
** follows the block index ignore it: the loops of a kernel split its
** tiles over the blocks, and a loop that ignores the block index while
** its partner follows it is the slip). */
/*
** fix_cand.c -- candidate repairs of one finding, as line edits, cheapest
** and most canonical first (docs/fix.md):
**   race           set_flag after the earlier access, wait_flag before the
**                  later one, with an event id the kernel does not use for
**                  that pipe pair; placed in the innermost block holding
**                  both (around the statements that contain them); when
**                  the later access comes first in that block (a hazard
**                  carried by a loop): the same pair plus a set before the
**                  loop and a drain wait after it
**   pipe-hazard    pipe_barrier on the pipe, before the later access
**   xcore-race     sync_block_set after the earlier access, sync_block_wait
**                  before the later one, a free flag id; or the same with
**                  a pre-credit set before the setter's loop and a drain
**                  wait after the waiter's loop (model loops, or the two
**                  cores' C++ source loops); a wait in the other
**                  branch of the access's if moved before the if
**   deadlock, unpaired-set, double-set, flag-overflow
**                  the missing set or wait; the sync moved out of its
**                  branch, out of its loops, or to another place in its
**                  block; a sync of its flag moved across the loops that
**                  hold it (or the finding's sync); set and wait put
**                  under one condition; a drain per id of a rotation;
**                  a pre-credit loop run fewer times; an id expression
**                  that feeds only syncs corrected; removed; for a
**                  cross-core flag-overflow, a pre-credited credit flag
**                  the other way (back-pressure)
**   invalid-sync   the flag renamed to a free valid id; its id expression
**                  computed as its partner's; removed
**   redundant-*    the removal of the sync and the syncs of its flag
** and two data repairs, tried only when no sync edit works:
**   deadlock ...   a cross-core sync's loop given the bounds of the loop
**                  holding its partner syncs on the other core
**   xcore-race     a store both vector sub-blocks make to the same GM
**                  bytes moved by the sub-block's share
** Nothing here decides: the driver re-verifies every candidate.
*/
#include "fix.h"

#include <stdarg.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

#define MAX_CANDS 96

/* Where a statement sits: its parent (loop/if, NULL at function level),
** its block and its position in it. */
typedef struct {
  const mdl_stmt *parent;
  const mdl_block *blk;
  uint32_t idx;
  bool seen;
} sinfo;

typedef struct {
  const mdl_kernel *k;
  const fix_text *t;
  sinfo *si;
  mdl_vec *out;
  /* per function (body block): the statement defining each value */
  const mdl_block *fb[3];
  const mdl_stmt **defs[3];
  uint32_t ndefs[3];
} cx;

static void walk(sinfo *si, const mdl_block *b, const mdl_stmt *parent) {
  uint32_t i = 0;
  for (const mdl_stmt *s = b->first; s; s = s->next, i++) {
    if (!si[s->id].seen) {
      si[s->id] = (sinfo){parent, b, i, true};
    }
    switch (s->kind) {
    case MDL_S_FOR:
      walk(si, &s->u.loop.body, s);
      break;
    case MDL_S_IF:
      walk(si, &s->u.cif.then_b, s);
      walk(si, &s->u.cif.else_b, s);
      break;
    case MDL_S_WHILE:
      walk(si, &s->u.wh.before, s);
      walk(si, &s->u.wh.after, s);
      break;
    default:
      break;
    }
  }
}

/* The op or sync statement at a location (the scalars a sync's operands
** lower to share its location): the first one in a function body (an
** Ascend C loop the frontend unrolled has a copy per iteration, and
** statements it built but left out of the bodies). */
static const mdl_stmt *stmt_at(const cx *x, uint32_t line, uint32_t col) {
  const mdl_kernel *k = x->k;
  const mdl_stmt *any = NULL;
  for (uint32_t i = 0; i < k->stmts.len; i++) {
    const mdl_stmt *s = MDL_VEC_AT(k->stmts, mdl_stmt *, i);
    if (s->loc.line == line && s->loc.col == col &&
        s->kind != MDL_S_SCALAR && s->kind != MDL_S_BUF) {
      if (x->si[s->id].seen)
        return s;
      any = any ? any : s;
    }
  }
  return x->si && any && x->si[any->id].seen ? any : NULL;
}

/* A statement's name for messages; the Ascend C frontend leaves syncs
** unnamed. */
static const char *sname(const mdl_stmt *s) {
  if (s->name)
    return s->name;
  switch (s->kind) {
  case MDL_S_SET: return "set_flag";
  case MDL_S_WAIT: return "wait_flag";
  case MDL_S_BARRIER: return "pipe_barrier";
  case MDL_S_BSET: return "sync_block_set";
  case MDL_S_BWAIT: return "sync_block_wait";
  default: return "op";
  }
}

static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static char *fmt(const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int n = vsnprintf(NULL, 0, f, ap);
  va_end(ap);
  char *s = malloc((size_t)n + 1);
  if (!s) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  va_start(ap, f);
  vsnprintf(s, (size_t)n + 1, f, ap);
  va_end(ap);
  return s;
}

static fix_cand *cand_new(cx *x, char *what) {
  if (x->out->len >= MAX_CANDS) {
    free(what);
    return NULL;
  }
  fix_cand *c = mdl_vec_push(x->out, sizeof *c);
  c->what = what;
  return c;
}

static void edit(fix_cand *c, fix_op op, uint32_t line, char *text,
                 const char *old) {
  if (!c) {
    free(text);
    return;
  }
  fix_edit *e = mdl_vec_push(&c->edits, sizeof *e);
  e->op = op;
  e->line = line;
  e->text = text;
  e->old = old ? fmt("%s", old) : NULL;
  c->cost += op == FIX_REPLACE ? 2 : 1;
  for (const char *p = text; op != FIX_REPLACE && p && (p = strchr(p, '\n'));
       p++)
    c->cost++; /* a multi-line insert: one per line */
}

/* Does the source line of s hold just s (so deleting the line deletes s,
** and nothing opens a region on it)? */
static bool own_line(const cx *x, const mdl_stmt *s) {
  if (s->loc.line < 1 || s->loc.line > x->t->lines.len)
    return false;
  const char *l = MDL_VEC_AT(x->t->lines, fix_line, s->loc.line - 1).text;
  const char *c = strstr(l, "//");
  size_t n = c ? (size_t)(c - l) : strlen(l);
  int bal = 0; /* attribute dictionaries balance; regions do not */
  for (size_t i = 0; i < n; i++)
    bal += (l[i] == '{') - (l[i] == '}');
  if (bal)
    return false;
  for (uint32_t i = 0; i < x->k->stmts.len; i++) {
    const mdl_stmt *o = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
    if (o != s && o->loc.line == s->loc.line &&
        (o->loc.col != s->loc.col))
      return false;
  }
  return true;
}

/* The op text of a sync statement as it stands in the source. */
static char *op_text(const cx *x, const mdl_stmt *s) {
  const char *l = MDL_VEC_AT(x->t->lines, fix_line, s->loc.line - 1).text;
  size_t a = s->loc.col ? s->loc.col - 1 : 0;
  if (a > strlen(l))
    a = 0;
  const char *c = strstr(l + a, "//");
  size_t n = c ? (size_t)(c - (l + a)) : strlen(l + a);
  while (n && (l[a + n - 1] == ' ' || l[a + n - 1] == '\t'))
    n--;
  return fmt("%.*s", (int)n, l + a);
}

/* ---------------------------------------------------- kernel queries */

/* Pipes (bitmask) and core types (bit 0 AIC, bit 1 AIV) of the instances
** of s that access memory. */
static void pipes_of(const mdl_kernel *k, const mdl_stmt *s, uint32_t *pipes,
                     uint32_t *cores) {
  *pipes = *cores = 0;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind != MDL_I_OP || !in->nacc)
      continue;
    /* the statements of one source op: an Ascend C loop the frontend
       unrolled (or a function inlined twice) has a statement per copy,
       all at the op's location */
    const mdl_stmt *o = MDL_VEC_AT(k->stmts, mdl_stmt *, in->stmt);
    if (o != s && (o->loc.line != s->loc.line || o->loc.col != s->loc.col ||
                   o->loc.file != s->loc.file || o->kind != s->kind))
      continue;
    *pipes |= 1u << in->pipe;
    *cores |= 1u << (k->cores[in->core].type == MDL_CORE_AIC ? 0 : 1);
  }
}

/* An event id no set_flag/wait_flag of pipes src -> dst uses, valid and
** not reserved; -1 when there is none. */
/* Is statement id st a copy of s (the same source op: an Ascend C loop
** the frontend unrolled has one per iteration)? */
static bool same_src(const mdl_kernel *k, uint32_t st, const mdl_stmt *s) {
  const mdl_stmt *o = MDL_VEC_AT(k->stmts, mdl_stmt *, st);
  return o == s || (o->loc.line == s->loc.line && o->loc.col == s->loc.col &&
                    o->loc.file == s->loc.file && o->kind == s->kind);
}

static int free_event(const mdl_kernel *k, mdl_pipe src, mdl_pipe dst) {
  uint32_t used = 0;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->id < 0 || in->id > 31)
      continue;
    if ((in->kind == MDL_I_SET && in->pipe == src && in->pipe2 == dst) ||
        (in->kind == MDL_I_WAIT && in->pipe2 == src && in->pipe == dst))
      used |= 1u << in->id;
  }
  for (int id = 0; id <= k->prof->max_event_id; id++)
    if (!((used >> id) & 1) && !((k->prof->reserved_event_ids >> id) & 1))
      return id;
  return -1;
}

/* A cross-core flag id no sync_block_set/wait uses; -1 when none. */
static int free_xflag(const mdl_kernel *k) {
  uint32_t used = 0;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if ((in->kind == MDL_I_BSET || in->kind == MDL_I_BWAIT) && in->id >= 0 &&
        in->id < 32)
      used |= 1u << in->id;
  }
  for (int id = 0; id <= k->prof->max_block_flag; id++)
    if (!((used >> id) & 1) && !((k->prof->reserved_flags >> id) & 1))
      return id;
  return -1;
}

static const mdl_inst *first_inst(const mdl_kernel *k, const mdl_stmt *s) {
  for (uint32_t i = 0; i < k->insts.len; i++)
    if (mdl_inst_at(k, i)->stmt == s->id)
      return mdl_inst_at(k, i);
  return NULL;
}

static const char *pn(int p) { return mdl_pipe_name((mdl_pipe)p); }

static char *set_text(int src, int dst, int id) {
  return fmt("hivm.hir.set_flag[<%s>, <%s>, <EVENT_ID%d>]", pn(src), pn(dst),
             id);
}
static char *wait_text(int src, int dst, int id) {
  return fmt("hivm.hir.wait_flag[<%s>, <%s>, <EVENT_ID%d>]", pn(src), pn(dst),
             id);
}

/* The ancestor of s (or s) whose block is blk; NULL if none. */
static const mdl_stmt *ancestor_in(const cx *x, const mdl_stmt *s,
                                   const mdl_block *blk) {
  while (s && x->si[s->id].blk != blk)
    s = x->si[s->id].parent;
  return s;
}

/* The innermost block that holds both a and b (through their
** ancestors). */
static const mdl_block *common_block(const cx *x, const mdl_stmt *a,
                                     const mdl_stmt *b) {
  for (const mdl_stmt *p = a; p; p = x->si[p->id].parent)
    if (ancestor_in(x, b, x->si[p->id].blk))
      return x->si[p->id].blk;
  return NULL;
}

static const mdl_stmt *enclosing_loop(const cx *x, const mdl_stmt *s) {
  for (const mdl_stmt *p = x->si[s->id].parent; p; p = x->si[p->id].parent)
    if (p->kind == MDL_S_FOR || p->kind == MDL_S_WHILE)
      return p;
  return NULL;
}

/* The loop whose body is (or holds, through ifs) block blk. */
static const mdl_stmt *loop_of_block(const cx *x, const mdl_stmt *member) {
  return enclosing_loop(x, member);
}

/* ------------------------------------------------------------- races */

/* The event-id operand of a set_flag/wait_flag statement as written
** ("<EVENT_ID0>", "%ev"), or NULL. */
static char *id_operand(const cx *x, const mdl_stmt *s) {
  if (s->kind != MDL_S_SET && s->kind != MDL_S_WAIT)
    return NULL;
  char *t = op_text(x, s);
  char *p = strrchr(t, ',');
  char *e = p ? strchr(p, ']') : NULL;
  char *r = NULL;
  if (p && e) {
    p++;
    while (*p == ' ')
      p++;
    r = fmt("%.*s", (int)(e - p), p);
  }
  free(t);
  return r;
}

/* The event-id operand of a set_flag/wait_flag statement when it is an
** SSA value ("%ev": a buffer rotation), else NULL. */
static char *rotating_id(const cx *x, const mdl_stmt *s) {
  char *r = id_operand(x, s);
  if (r && *r != '%') {
    free(r);
    r = NULL;
  }
  return r;
}

/* C++: the id argument of a set/wait written as a name whose copies take
** several ids (`ev`, the ping-pong of a double-buffered loop the frontend
** unrolled), else NULL: the rotation a new pair of that block can use. */
static char *cxx_rotating_id(const cx *x, const mdl_stmt *s) {
  if (!x->t->cxx || (s->kind != MDL_S_SET && s->kind != MDL_S_WAIT) ||
      !own_line(x, s))
    return NULL;
  uint32_t ids = 0;
  for (uint32_t i = 0; i < x->k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(x->k, i);
    if (same_src(x->k, in->stmt, s) && in->id >= 0 && in->id < 32)
      ids |= 1u << in->id;
  }
  if (!(ids & (ids - 1)))
    return NULL;
  char *t = op_text(x, s), *r = NULL;
  char *e = strrchr(t, ')');
  char *b = e;
  while (b && b > t && b[-1] != '(' && b[-1] != ',')
    b--;
  while (b && b < e && *b == ' ')
    b++;
  bool name = b && b < e && (isalpha((unsigned char)*b) || *b == '_');
  for (char *q = b; name && q < e; q++)
    name = isalnum((unsigned char)*q) || *q == '_';
  if (name && strncmp(b, "EVENT_ID", 8))
    r = fmt("%.*s", (int)(e - b), b);
  free(t);
  return r;
}

/* Does any set_flag/wait_flag of pipes src -> dst exist in k? */
static bool pair_used(const mdl_kernel *k, int src, int dst) {
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if ((in->kind == MDL_I_SET && in->pipe == src && in->pipe2 == dst) ||
        (in->kind == MDL_I_WAIT && in->pipe2 == src && in->pipe == dst))
      return true;
  }
  return false;
}

/* C++: the outermost source loop holding s but not o (0: none). */
static uint32_t cxx_own_loop(const cx *x, const mdl_stmt *s,
                             const mdl_stmt *o) {
  uint32_t ls[16], lo[16], r = 0;
  uint32_t ns = fix_asc_loops(x->k, x->t, s->loc, ls, 16),
           no = fix_asc_loops(x->k, x->t, o->loc, lo, 16);
  for (uint32_t i = 0; i < ns; i++) {
    for (uint32_t j = 0; j < no; j++)
      if (ls[i] == lo[j])
        return r;
    r = ls[i];
  }
  return r;
}

/* C++, a loop-carried pair whose accesses sit in inner loops of the loop L
** holding both: the wait before the inner loop holding b (IB), the set
** after the one holding a (IA), so that each runs once per iteration of L
** (0: the access itself is in L's body). */
static void cxx_carried_outer(cx *x, const mdl_stmt *a, const mdl_stmt *b,
                              int pa, int pb, int id, uint32_t L, uint32_t IA,
                              uint32_t IB) {
  fix_cand *c = cand_new(
      x, fmt("loop-carried set_flag/wait_flag pair %s -> %s, EVENT_ID%d "
             "around the loop at line %u: a set before the loop, the wait "
             "before the %s at %u, the set after the %s at %u, a drain wait "
             "after the loop",
             pn(pa), pn(pb), id, L, IB ? "loop" : sname(b),
             IB ? IB : b->loc.line, IA ? "loop" : sname(a),
             IA ? IA : a->loc.line));
  edit(c, FIX_INSERT_BEFORE, L, set_text(pa, pb, id), NULL);
  edit(c, FIX_INSERT_BEFORE, IB ? IB : b->loc.line, wait_text(pa, pb, id),
       NULL);
  edit(c, FIX_INSERT_AFTER, IA ? IA : a->loc.line, set_text(pa, pb, id),
       NULL);
  edit(c, FIX_INSERT_AFTER, L, wait_text(pa, pb, id), NULL);
}

static void race_pair(cx *x, const mdl_stmt *a, const mdl_stmt *b, int pa,
                      int pb) {
  const mdl_kernel *k = x->k;
  int id = free_event(k, (mdl_pipe)pa, (mdl_pipe)pb);
  if (id < 0)
    return;
  const mdl_block *cb = common_block(x, a, b);
  const mdl_stmt *A = cb ? ancestor_in(x, a, cb) : a;
  const mdl_stmt *B = cb ? ancestor_in(x, b, cb) : b;
  bool carried = !cb || x->si[A->id].idx >= x->si[B->id].idx;
  /* in a multi-buffered loop the producer may run a buffer ahead: one
     event id per buffer, the rotation the block's other syncs use, when
     no sync of this pipe pair exists yet */
  if (!carried && cb && !pair_used(k, pa, pb)) {
    mdl_vec seen = {0};
    for (const mdl_stmt *o = cb->first; o; o = o->next) {
      char *rid = x->t->cxx ? cxx_rotating_id(x, o) : rotating_id(x, o);
      bool dup = !rid;
      for (uint32_t q = 0; q < seen.len && !dup; q++)
        dup = !strcmp(MDL_VEC_AT(seen, char *, q), rid);
      if (dup) {
        free(rid);
        continue;
      }
      *(char **)mdl_vec_push(&seen, sizeof(char *)) = rid;
      fix_cand *c = cand_new(
          x, fmt("set_flag/wait_flag pair %s -> %s, event id %s (one per "
                 "buffer): the set after the %s at %u:%u, the wait before "
                 "the %s at %u:%u",
                 pn(pa), pn(pb), rid, sname(a), a->loc.line, a->loc.col,
                 sname(b), b->loc.line, b->loc.col));
      edit(c, FIX_INSERT_AFTER, A->loc.line,
           fmt("hivm.hir.set_flag[<%s>, <%s>, %s]", pn(pa), pn(pb), rid),
           NULL);
      edit(c, FIX_INSERT_BEFORE, B->loc.line,
           fmt("hivm.hir.wait_flag[<%s>, <%s>, %s]", pn(pa), pn(pb), rid),
           NULL);
    }
    for (uint32_t q = 0; q < seen.len; q++)
      free(MDL_VEC_AT(seen, char *, q));
    mdl_vec_free(&seen);
  }
  if (!carried && x->t->cxx) {
    /* C++: around the source loops that hold one access and not the other
       (unrolled by the frontend, they are no blocks of the model) */
    uint32_t LA = cxx_own_loop(x, a, b), LB = cxx_own_loop(x, b, a);
    if (LA || LB) {
      fix_cand *c = cand_new(
          x, fmt("set_flag/wait_flag pair %s -> %s, EVENT_ID%d: the set after "
                 "the %s at %u, the wait before the %s at %u",
                 pn(pa), pn(pb), id, LA ? "loop" : sname(a),
                 LA ? LA : a->loc.line, LB ? "loop" : sname(b),
                 LB ? LB : b->loc.line));
      edit(c, FIX_INSERT_AFTER, LA ? LA : a->loc.line, set_text(pa, pb, id),
           NULL);
      edit(c, FIX_INSERT_BEFORE, LB ? LB : b->loc.line, wait_text(pa, pb, id),
           NULL);
    }
  }
  if (!carried) {
    fix_cand *c = cand_new(
        x, fmt("set_flag/wait_flag pair %s -> %s, EVENT_ID%d: the set after "
               "the %s at %u:%u, the wait before the %s at %u:%u",
               pn(pa), pn(pb), id, sname(a), a->loc.line, a->loc.col, sname(b),
               b->loc.line, b->loc.col));
    edit(c, FIX_INSERT_AFTER, A->loc.line, set_text(pa, pb, id), NULL);
    edit(c, FIX_INSERT_BEFORE, B->loc.line, wait_text(pa, pb, id), NULL);
  } else if (x->t->cxx && !loop_of_block(x, A)) {
    /* C++: the loops of the source holding both (the frontend unrolled
       them), innermost first */
    uint32_t la[16], lb[16];
    uint32_t na = fix_asc_loops(k, x->t, a->loc, la, 16),
             nb = fix_asc_loops(k, x->t, b->loc, lb, 16);
    for (uint32_t i = 0; i < na; i++)
      for (uint32_t j = 0; j < nb; j++) {
        if (la[i] != lb[j])
          continue;
        fix_cand *c = cand_new(
            x, fmt("loop-carried set_flag/wait_flag pair %s -> %s, "
                   "EVENT_ID%d around the loop at line %u: a set before the "
                   "loop, the wait before the %s at %u:%u, the set after the "
                   "%s at %u:%u, a drain wait after the loop",
                   pn(pa), pn(pb), id, la[i], sname(b), b->loc.line,
                   b->loc.col, sname(a), a->loc.line, a->loc.col));
        edit(c, FIX_INSERT_BEFORE, la[i], set_text(pa, pb, id), NULL);
        edit(c, FIX_INSERT_BEFORE, b->loc.line, wait_text(pa, pb, id), NULL);
        edit(c, FIX_INSERT_AFTER, a->loc.line, set_text(pa, pb, id), NULL);
        edit(c, FIX_INSERT_AFTER, la[i], wait_text(pa, pb, id), NULL);
        if (i > 0 || j > 0)
          cxx_carried_outer(x, a, b, pa, pb, id, la[i], i ? la[i - 1] : 0,
                            j ? lb[j - 1] : 0);
      }
  } else {
    /* around the innermost loop holding both, then the outer ones (a
       pre-set inside an outer loop can land before the drain of the
       previous outer iteration clears it) */
    for (const mdl_stmt *L = loop_of_block(x, A); L;
         L = enclosing_loop(x, L)) {
      fix_cand *c = cand_new(
          x, fmt("loop-carried set_flag/wait_flag pair %s -> %s, EVENT_ID%d "
                 "around the loop at %u:%u: a set before the loop, the wait "
                 "before the %s at %u:%u, the set after the %s at %u:%u, a "
                 "drain wait after the loop",
                 pn(pa), pn(pb), id, L->loc.line, L->loc.col, sname(b),
                 b->loc.line, b->loc.col, sname(a), a->loc.line, a->loc.col));
      edit(c, FIX_INSERT_BEFORE, L->loc.line, set_text(pa, pb, id), NULL);
      edit(c, FIX_INSERT_BEFORE, B->loc.line, wait_text(pa, pb, id), NULL);
      edit(c, FIX_INSERT_AFTER, A->loc.line, set_text(pa, pb, id), NULL);
      edit(c, FIX_INSERT_AFTER, L->loc.line, wait_text(pa, pb, id), NULL);
    }
  }
  /* the direct placement, when it differs */
  if (A != a || B != b) {
    fix_cand *c = cand_new(
        x, fmt("set_flag/wait_flag pair %s -> %s, EVENT_ID%d right after the "
               "%s at %u:%u and right before the %s at %u:%u",
               pn(pa), pn(pb), id, sname(a), a->loc.line, a->loc.col, sname(b),
               b->loc.line, b->loc.col));
    edit(c, FIX_INSERT_AFTER, a->loc.line, set_text(pa, pb, id), NULL);
    edit(c, FIX_INSERT_BEFORE, b->loc.line, wait_text(pa, pb, id), NULL);
  }
}

static void barrier(cx *x, const mdl_stmt *a, const mdl_stmt *b, int p) {
  fix_cand *c = cand_new(x, fmt("pipe_barrier(%s) before the %s at %u:%u",
                                pn(p), sname(b), b->loc.line, b->loc.col));
  edit(c, FIX_INSERT_BEFORE, b->loc.line,
       fmt("hivm.hir.pipe_barrier[<%s>]", pn(p)), NULL);
  c = cand_new(x, fmt("pipe_barrier(%s) after the %s at %u:%u", pn(p),
                      sname(a), a->loc.line, a->loc.col));
  edit(c, FIX_INSERT_AFTER, a->loc.line,
       fmt("hivm.hir.pipe_barrier[<%s>]", pn(p)), NULL);
}

/* C++: the pre-credited pair around the source loops holding a (the
** setter's) and b (the waiter's), which the frontend unrolled: two loops
** on two cores, each core runs its own.  The setter's core sets once
** before its loop and after a in every iteration (N + 1), the waiter's
** core waits before b in every iteration and once after its loop (N + 1);
** in mode 2 each AIV counter takes one increment per AIC set and the AIC
** counter one per pair of AIV sets, so the counts balance on every core
** (SEMANTICS.md 4) and at most two credits are outstanding.  Around the
** innermost loops, then the outermost. */
static void cxx_xcore_credit(cx *x, const mdl_stmt *a, const mdl_stmt *b,
                             int f, int pa, int pb, const char *st,
                             const char *wt) {
  if (!x->t->cxx)
    return;
  uint32_t la[16], lb[16];
  uint32_t na = fix_asc_loops(x->k, x->t, a->loc, la, 16),
           nb = fix_asc_loops(x->k, x->t, b->loc, lb, 16);
  if (!na || !nb || fix_asc_common_loop(x->k, x->t, a->loc, b->loc))
    return; /* a loop both cores run: the HIVM pair's case */
  for (int outer = 0; outer < 2; outer++) {
    uint32_t LA = outer ? la[na - 1] : la[0], LB = outer ? lb[nb - 1] : lb[0];
    if (outer && na == 1 && nb == 1)
      break;
    fix_cand *c = cand_new(
        x, fmt("cross-core flag %d (%s -> %s), pre-credited: a set before the "
               "loop at line %u and after the %s at %u:%u; the wait before "
               "the %s at %u:%u and a drain wait after the loop at line %u",
               f, pn(pa), pn(pb), LA, sname(a), a->loc.line, a->loc.col,
               sname(b), b->loc.line, b->loc.col, LB));
    edit(c, FIX_INSERT_BEFORE, LA, fmt("%s", st), NULL);
    edit(c, FIX_INSERT_AFTER, a->loc.line, fmt("%s", st), NULL);
    edit(c, FIX_INSERT_BEFORE, b->loc.line, fmt("%s", wt), NULL);
    edit(c, FIX_INSERT_AFTER, LB, fmt("%s", wt), NULL);
  }
}

/* The pre-credited cross-core pair a -> b with flag f: a set before the
** setter's loop and after a, the wait before b and a drain wait after the
** waiter's loop (model loops, or C++ source loops). */
static void xcore_credited(cx *x, const mdl_stmt *a, const mdl_stmt *b, int f,
                           int pa, int pb, bool a_cube, bool b_cube) {
  const char *ca = a_cube ? "CUBE" : "VECTOR", *cb = b_cube ? "CUBE"
                                                              : "VECTOR";
  char *st = fmt("hivm.hir.sync_block_set[<%s>, <%s>, <%s>] flag = %d", ca,
                 pn(pa), pn(pb), f);
  char *wt = fmt("hivm.hir.sync_block_wait[<%s>, <%s>, <%s>] flag = %d", cb,
                 pn(pa), pn(pb), f);
  const mdl_stmt *La = enclosing_loop(x, a), *Lb = enclosing_loop(x, b);
  if (La && Lb) {
    fix_cand *c = cand_new(
        x, fmt("cross-core flag %d (%s -> %s), pre-credited: a set before the "
               "loop at %u:%u and after the %s at %u:%u; the wait before the "
               "%s at %u:%u and a drain wait after the loop at %u:%u",
               f, pn(pa), pn(pb), La->loc.line, La->loc.col, sname(a),
               a->loc.line, a->loc.col, sname(b), b->loc.line, b->loc.col,
               Lb->loc.line, Lb->loc.col));
    edit(c, FIX_INSERT_BEFORE, La->loc.line, fmt("%s", st), NULL);
    edit(c, FIX_INSERT_AFTER, a->loc.line, fmt("%s", st), NULL);
    edit(c, FIX_INSERT_BEFORE, b->loc.line, fmt("%s", wt), NULL);
    edit(c, FIX_INSERT_AFTER, Lb->loc.line, fmt("%s", wt), NULL);
  }
  cxx_xcore_credit(x, a, b, f, pa, pb, st, wt);
  free(st);
  free(wt);
}

static void xcore_pair(cx *x, const mdl_stmt *a, const mdl_stmt *b, int pa,
                       int pb, bool a_cube, bool b_cube) {
  int f = free_xflag(x->k);
  if (f < 0)
    return;
  const char *ca = a_cube ? "CUBE" : "VECTOR", *cb = b_cube ? "CUBE"
                                                              : "VECTOR";
  fix_cand *c = cand_new(
      x, fmt("cross-core flag %d (%s -> %s): sync_block_set after the %s at "
             "%u:%u, sync_block_wait before the %s at %u:%u",
             f, pn(pa), pn(pb), sname(a), a->loc.line, a->loc.col, sname(b),
             b->loc.line, b->loc.col));
  edit(c, FIX_INSERT_AFTER, a->loc.line,
       fmt("hivm.hir.sync_block_set[<%s>, <%s>, <%s>] flag = %d", ca, pn(pa),
           pn(pb), f), NULL);
  edit(c, FIX_INSERT_BEFORE, b->loc.line,
       fmt("hivm.hir.sync_block_wait[<%s>, <%s>, <%s>] flag = %d", cb, pn(pa),
           pn(pb), f), NULL);
  xcore_credited(x, a, b, f, pa, pb, a_cube, b_cube);
}

/* A race whose sync exists but sits after the later access in its block:
** move the wait before the access, or the access after the wait. */
static void misplaced_wait(cx *x, const mdl_stmt *b, int pa, int pb) {
  const sinfo *si = &x->si[b->id];
  bool after = false;
  for (const mdl_stmt *o = si->blk->first; o; o = o->next) {
    if (o == b) {
      after = true;
      continue;
    }
    const mdl_inst *oi;
    /* a branch holding the wait (a credit skipped on the first tile):
       move the access after the branch */
    if (after && o->kind == MDL_S_IF && own_line(x, b)) {
      bool holds = false;
      for (const mdl_stmt *q = o->u.cif.then_b.first; q && !holds;
           q = q->next)
        holds = q->kind == MDL_S_BWAIT ||
                (q->kind == MDL_S_WAIT && (oi = first_inst(x->k, q)) &&
                 (pa < 0 || (oi->pipe2 == pa && oi->pipe == pb)));
      if (holds) {
        fix_cand *c = cand_new(x, fmt("%s at %u:%u moved after the branch at "
                                      "%u:%u that holds its wait",
                                      sname(b), b->loc.line, b->loc.col,
                                      o->loc.line, o->loc.col));
        edit(c, FIX_DELETE, b->loc.line, NULL, NULL);
        edit(c, FIX_INSERT_AFTER, o->loc.line, op_text(x, b), NULL);
        break;
      }
    }
    if (!after || (o->kind != MDL_S_WAIT && o->kind != MDL_S_BWAIT) ||
        !own_line(x, o) || !(oi = first_inst(x->k, o)) ||
        (o->kind == MDL_S_WAIT && pa >= 0 &&
         (oi->pipe2 != pa || oi->pipe != pb)))
      continue;
    char *wt = op_text(x, o);
    fix_cand *c = cand_new(x, fmt("%s at %u:%u moved before the %s at %u:%u",
                                  sname(o), o->loc.line, o->loc.col, sname(b),
                                  b->loc.line, b->loc.col));
    edit(c, FIX_DELETE, o->loc.line, NULL, NULL);
    edit(c, FIX_INSERT_BEFORE, b->loc.line, wt, NULL);
    if (own_line(x, b)) {
      char *bt = op_text(x, b);
      c = cand_new(x, fmt("%s at %u:%u moved after the %s at %u:%u", sname(b),
                          b->loc.line, b->loc.col, sname(o), o->loc.line,
                          o->loc.col));
      edit(c, FIX_DELETE, b->loc.line, NULL, NULL);
      edit(c, FIX_INSERT_AFTER, o->loc.line, bt, NULL);
    }
    break;
  }
}

static const mdl_block *fn_block(const cx *x, const mdl_stmt *s);

/* The wait_flag that pairs with set_flag statement s, as s is written
** (a rotating id "%ev" stays %ev). */
static char *renamed_op(const cx *x, const mdl_stmt *s, const char *from,
                        const char *to) {
  char *t = op_text(x, s);
  char *p = strstr(t, from);
  /* the Ascend C API spelling of the same (fix_asc.c respells the rest) */
  if (!p && !strcmp(from, "set_flag") && (p = strstr(t, "SetFlag")))
    from = "SetFlag", to = "WaitFlag";
  else if (!p && !strcmp(from, "wait_flag") && (p = strstr(t, "WaitFlag")))
    from = "WaitFlag", to = "SetFlag";
  char *r = p ? fmt("%.*s%s%s", (int)(p - t), t, to, p + strlen(from))
              : NULL;
  free(t);
  return r;
}

static char *wait_for_set(const cx *x, const mdl_stmt *s) {
  return renamed_op(x, s, "set_flag", "wait_flag");
}

/* A set_flag that never gets its wait: the wait inserted where the set's
** destination pipe first needs it, before the next statement of the
** set's block with an access on that pipe (pb < 0: the set's own
** destination), or before b itself when b is given.  For a race, the
** sets of pipes pa -> pb in b's block before b that no wait of that pair
** follows before b. */
static void orphan_set_wait(cx *x, const mdl_stmt *s, const mdl_stmt *b) {
  if (s->kind != MDL_S_SET || !own_line(x, s))
    return;
  const mdl_stmt *at = b;
  for (const mdl_stmt *o = s->next; o && !at; o = o->next) {
    uint32_t pipes, cores;
    if (o->kind == MDL_S_WAIT && o->u.flag.src == s->u.flag.src &&
        o->u.flag.dst == s->u.flag.dst)
      return; /* it has a wait in its block: not the shape */
    if (o->kind != MDL_S_OP)
      continue;
    pipes_of(x->k, o, &pipes, &cores);
    if ((pipes >> s->u.flag.dst) & 1)
      at = o;
  }
  char *wt = at ? wait_for_set(x, s) : NULL;
  if (!wt)
    return;
  fix_cand *c = cand_new(x, fmt("the missing wait_flag of the set at %u:%u, "
                                "before the %s at %u:%u",
                                s->loc.line, s->loc.col, sname(at),
                                at->loc.line, at->loc.col));
  edit(c, FIX_INSERT_BEFORE, at->loc.line, wt, NULL);
}

/* A set_flag and the wait_flag of its flag that follows it in its block,
** removed together: a pair that orders nothing the kernel needs can
** still double-set (its set runs ahead on the source pipe). */
static void pair_removal(cx *x, const mdl_stmt *s) {
  if (s->kind != MDL_S_SET || !own_line(x, s))
    return;
  char *wt = wait_for_set(x, s);
  for (const mdl_stmt *o = s->next; wt && o; o = o->next) {
    if (o->kind != MDL_S_WAIT || o->u.flag.src != s->u.flag.src ||
        o->u.flag.dst != s->u.flag.dst)
      continue;
    char *ot = op_text(x, o);
    bool same = !strcmp(ot, wt) && own_line(x, o);
    free(ot);
    if (same) {
      fix_cand *c = cand_new(x, fmt("the set_flag at %u:%u and its wait_flag "
                                    "at %u:%u removed",
                                    s->loc.line, s->loc.col, o->loc.line,
                                    o->loc.col));
      edit(c, FIX_DELETE, s->loc.line, NULL, NULL);
      edit(c, FIX_DELETE, o->loc.line, NULL, NULL);
    }
    break;
  }
  free(wt);
}

/* A set_flag/wait_flag with a literal id where the other syncs of its
** pipe pair in its block use a rotating id ("%ev", one per buffer): the
** literal replaced by the rotation (a double-buffered id typed as one). */
static void rotation_id(cx *x, const mdl_stmt *s) {
  char *id = own_line(x, s) ? id_operand(x, s) : NULL;
  for (const mdl_stmt *o = x->si[s->id].blk->first; id && *id != '%' && o;
       o = o->next) {
    if (o == s || (o->kind != MDL_S_SET && o->kind != MDL_S_WAIT) ||
        o->u.flag.src != s->u.flag.src || o->u.flag.dst != s->u.flag.dst)
      continue;
    char *rid = rotating_id(x, o);
    if (!rid)
      continue;
    char *old = fmt("%s]", id);
    fix_cand *c = cand_new(x, fmt("%s at %u:%u with the buffer rotation %s "
                                  "instead of %s, as the %s at %u:%u",
                                  sname(s), s->loc.line, s->loc.col, rid, id,
                                  sname(o), o->loc.line, o->loc.col));
    edit(c, FIX_REPLACE, s->loc.line, fmt("%s]", rid), old);
    free(old);
    free(rid);
    break;
  }
  free(id);
}

/* A wait_flag no set ever matches (a dropped set): the set, as the wait
** is written, after the last access on the flag's source pipe before the
** wait in its block (or, for a wait at the top of a loop body that
** credits the next iteration, the last such access of the block). */
static void orphan_wait_set(cx *x, const mdl_stmt *w) {
  if (w->kind != MDL_S_WAIT || !own_line(x, w))
    return;
  for (const mdl_stmt *o = x->si[w->id].blk->first; o; o = o->next)
    if (o->kind == MDL_S_SET && o->u.flag.src == w->u.flag.src &&
        o->u.flag.dst == w->u.flag.dst)
      return; /* its block has a set of the pair: not the shape */
  const mdl_stmt *before = NULL, *last = NULL;
  bool past = false;
  for (const mdl_stmt *o = x->si[w->id].blk->first; o; o = o->next) {
    if (o == w) {
      past = true;
      continue;
    }
    uint32_t pipes, cores;
    if (o->kind != MDL_S_OP)
      continue;
    pipes_of(x->k, o, &pipes, &cores);
    if (!((pipes >> w->u.flag.src) & 1))
      continue;
    if (!past)
      before = o;
    last = o;
  }
  const mdl_stmt *at = before ? before : last;
  char *st = at ? renamed_op(x, w, "wait_flag", "set_flag") : NULL;
  if (st) {
    fix_cand *c = cand_new(x, fmt("the missing set_flag of the wait at %u:%u, "
                                  "after the %s at %u:%u",
                                  w->loc.line, w->loc.col, sname(at),
                                  at->loc.line, at->loc.col));
    edit(c, FIX_INSERT_AFTER, at->loc.line, st, NULL);
  }
}

/* xcore-race: a sync_block_set of the pair in the earlier access's
** function that no sync_block_wait anywhere waits for (a dropped wait):
** that wait, before the later access. */
static void orphan_xset_wait(cx *x, const mdl_stmt *a, const mdl_stmt *b,
                             int pa, int pb, bool b_cube) {
  for (uint32_t i = 0; i < x->k->stmts.len; i++) {
    const mdl_stmt *o = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
    const mdl_inst *oi;
    if (o->kind != MDL_S_BSET || !x->si[o->id].seen ||
        fn_block(x, o) != fn_block(x, a) || o->u.blk.set_pipe != (mdl_pipe)pa ||
        o->u.blk.wait_pipe != (mdl_pipe)pb || !(oi = first_inst(x->k, o)) ||
        oi->id < 0)
      continue;
    bool waited = false;
    for (uint32_t j = 0; j < x->k->insts.len && !waited; j++) {
      const mdl_inst *q = mdl_inst_at(x->k, j);
      waited = q->kind == MDL_I_BWAIT && q->id == oi->id;
    }
    if (waited)
      continue;
    fix_cand *c = cand_new(
        x, fmt("the missing sync_block_wait of the sync_block_set at %u:%u "
               "(flag %d), before the %s at %u:%u",
               o->loc.line, o->loc.col, oi->id, sname(b), b->loc.line,
               b->loc.col));
    edit(c, FIX_INSERT_BEFORE, b->loc.line,
         fmt("hivm.hir.sync_block_wait[<%s>, <%s>, <%s>] flag = %d",
             b_cube ? "CUBE" : "VECTOR", pn(pa), pn(pb), oi->id),
         NULL);
    return;
  }
}

static void orphan_sets_before(cx *x, const mdl_stmt *b, int pa, int pb) {
  const mdl_block *blk = x->si[b->id].blk;
  const mdl_stmt *last = NULL;
  for (const mdl_stmt *o = blk->first; o && o != b; o = o->next) {
    if (o->kind == MDL_S_SET && o->u.flag.src == (mdl_pipe)pa &&
        o->u.flag.dst == (mdl_pipe)pb)
      last = o;
    else if (o->kind == MDL_S_WAIT && o->u.flag.src == (mdl_pipe)pa &&
             o->u.flag.dst == (mdl_pipe)pb)
      last = NULL;
  }
  if (last)
    orphan_set_wait(x, last, b);
}

/* A race whose access sits in one branch of an if while the wait that
** guards it sits in the other branch only: that wait moved out of its
** branch, before the if (pa < 0: a cross-core wait). */
static void sibling_wait(cx *x, const mdl_stmt *b, int pa, int pb) {
  for (const mdl_stmt *p = x->si[b->id].parent; p && p->kind == MDL_S_IF;
       p = x->si[p->id].parent) {
    const mdl_block *mine = NULL;
    for (const mdl_stmt *q = b; q && !mine; q = x->si[q->id].parent)
      if (x->si[q->id].parent == p)
        mine = x->si[q->id].blk;
    const mdl_block *other =
        mine == &p->u.cif.then_b ? &p->u.cif.else_b : &p->u.cif.then_b;
    for (const mdl_stmt *o = other->first; o; o = o->next) {
      const mdl_inst *oi;
      if ((pa < 0 ? o->kind != MDL_S_BWAIT : o->kind != MDL_S_WAIT) ||
          !own_line(x, o) || !(oi = first_inst(x->k, o)) ||
          (pa >= 0 && (oi->pipe2 != pa || oi->pipe != pb)))
        continue;
      char *wt = op_text(x, o);
      fix_cand *c = cand_new(x, fmt("%s at %u:%u moved out of the branch at "
                                    "%u:%u, before it: it guards the %s at "
                                    "%u:%u in the other branch too",
                                    sname(o), o->loc.line, o->loc.col,
                                    p->loc.line, p->loc.col, sname(b),
                                    b->loc.line, b->loc.col));
      edit(c, FIX_DELETE, o->loc.line, NULL, NULL);
      edit(c, FIX_INSERT_BEFORE, p->loc.line, wt, NULL);
    }
  }
}

/* A cross-core counter set or waited on from several pipe pairs: its
** increments are first-come (docs/semantics-decisions.md 19), so a set
** from one pipe can release the wait meant for another.  Candidate: the
** syncs of one pipe pair get a flag of their own (every sync_block_set
** and sync_block_wait of that pair and flag is renamed). */
static void split_counter(cx *x) {
  const mdl_kernel *k = x->k;
  for (int f = 0; f <= k->prof->max_block_flag; f++) {
    int pairs[8][2], np = 0;
    for (uint32_t i = 0; i < k->stmts.len; i++) {
      const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, i);
      const mdl_inst *in = first_inst(k, st);
      if ((st->kind != MDL_S_BSET && st->kind != MDL_S_BWAIT) || !in ||
          in->id != f)
        continue;
      int sp = st->u.blk.set_pipe, wp = st->u.blk.wait_pipe, q = 0;
      while (q < np && (pairs[q][0] != sp || pairs[q][1] != wp))
        q++;
      if (q == np && np < 8) {
        pairs[np][0] = sp;
        pairs[np][1] = wp;
        np++;
      }
    }
    if (np < 2)
      continue;
    int g = free_xflag(k);
    if (g < 0)
      return;
    char *from = fmt("flag = %d", f), *to = fmt("flag = %d", g);
    for (int q = 0; q < np; q++) {
      /* the statements of this pair; every one must be editable */
      const mdl_stmt *sel[64];
      uint32_t ns = 0;
      bool ok = true;
      for (uint32_t i = 0; i < k->stmts.len && ok; i++) {
        const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, i);
        const mdl_inst *in = first_inst(k, st);
        if ((st->kind != MDL_S_BSET && st->kind != MDL_S_BWAIT) || !in ||
            in->id != f || st->u.blk.set_pipe != (mdl_pipe)pairs[q][0] ||
            st->u.blk.wait_pipe != (mdl_pipe)pairs[q][1])
          continue;
        char *ot = own_line(x, st) ? op_text(x, st) : NULL;
        const char *at = ot ? strstr(ot, from) : NULL;
        ok = at && !isdigit((unsigned char)at[strlen(from)]) && ns < 64;
        free(ot);
        if (ok)
          sel[ns++] = st;
      }
      if (!ok || !ns)
        continue;
      fix_cand *c = cand_new(
          x, fmt("cross-core flag %d is set or waited on from several pipes: "
                 "the %s -> %s syncs get flag %d of their own",
                 f, pn(pairs[q][0]), pn(pairs[q][1]), g));
      for (uint32_t i = 0; i < ns; i++)
        edit(c, FIX_REPLACE, sel[i]->loc.line, fmt("%s", to), from);
    }
    free(from);
    free(to);
  }
}

static void subblock_cands(cx *x, const mdl_stmt *a, const mdl_stmt *b);
static void loop_align_cands(cx *x, const mdl_stmt *s);

static void race_cands(cx *x, const mdl_diag *d) {
  if (!d->nrelated)
    return;
  const mdl_stmt *b = stmt_at(x, d->line, d->col);
  const mdl_stmt *a = stmt_at(x, d->related[0].line, d->related[0].col);
  if (!a || !b)
    return;
  uint32_t pa, pb, ca, cb;
  pipes_of(x->k, a, &pa, &ca);
  pipes_of(x->k, b, &pb, &cb);
  if (d->rule == MDL_RULE_XCORE_RACE) {
    subblock_cands(x, a, b);
    /* a cross-core wait placed after the access it should guard */
    misplaced_wait(x, a, -1, -1);
    misplaced_wait(x, b, -1, -1);
    sibling_wait(x, a, -1, -1);
    sibling_wait(x, b, -1, -1);
    split_counter(x);
  }
  for (int p = 0; p < MDL_NPIPE; p++)
    for (int q = 0; q < MDL_NPIPE; q++) {
      if (!((pa >> p) & 1) || !((pb >> q) & 1))
        continue;
      if (d->rule == MDL_RULE_PIPE_HAZARD && p == q)
        barrier(x, a, b, p);
      else if (d->rule == MDL_RULE_RACE && p != q) {
        orphan_sets_before(x, b, p, q);
        misplaced_wait(x, b, p, q);
        sibling_wait(x, b, p, q);
        race_pair(x, a, b, p, q);
      }
      else if (d->rule == MDL_RULE_XCORE_RACE) {
        for (int u = 0; u < 2; u++)
          for (int v = 0; v < 2; v++)
            if (((ca >> u) & 1) && ((cb >> v) & 1) && u != v) {
              orphan_xset_wait(x, a, b, p, q, v == 0);
              xcore_pair(x, a, b, p, q, u == 0, v == 0);
              /* a write-after-read carried by the loop: the reader
                 credits the writer (pre-credited) */
              xcore_pair(x, b, a, q, p, v == 0, u == 0);
            }
      }
    }
  /* a launch-wide barrier between the two (after the flag pairs: the
     heavier repair, fix_xall.c) */
  if (d->rule == MDL_RULE_XCORE_RACE)
    fix_xall_race(x->k, x->t, a, b, x->out);
}

/* ------------------------------------------------------- flag misuse */

static bool is_sync_stmt(const mdl_stmt *s) {
  return s->kind == MDL_S_SET || s->kind == MDL_S_WAIT ||
         s->kind == MDL_S_BARRIER || s->kind == MDL_S_BSET ||
         s->kind == MDL_S_BWAIT;
}

/* Is s inside statement L (a loop or branch)? */
static bool inside(const cx *x, const mdl_stmt *s, const mdl_stmt *L) {
  for (const mdl_stmt *p = x->si[s->id].parent; p; p = x->si[p->id].parent)
    if (p == L)
      return true;
  return false;
}

/* The body block of the function holding s. */
static const mdl_block *fn_block(const cx *x, const mdl_stmt *s) {
  while (x->si[s->id].parent)
    s = x->si[s->id].parent;
  return x->si[s->id].blk;
}

/* Deletes sync s for candidate c (which moves it elsewhere); when s was
** all its `scf.if` held (the if alone on its line, then s, then the
** closing brace; no else, no results), the emptied if goes too, without
** counting in the candidate's cost. */
static void delete_sync(const cx *x, fix_cand *c, const mdl_stmt *s) {
  edit(c, FIX_DELETE, s->loc.line, NULL, NULL);
  const mdl_stmt *p = x->si[s->id].parent;
  if (!c || !p || p->kind != MDL_S_IF || p->u.cif.else_b.first ||
      p->u.cif.nres || p->loc.line + 1 != s->loc.line ||
      p->loc.line + 2 > x->t->lines.len)
    return;
  for (const mdl_stmt *q = p->u.cif.then_b.first; q; q = q->next)
    if (q != s && q->loc.line != s->loc.line)
      return;
  const char *l = MDL_VEC_AT(x->t->lines, fix_line, p->loc.line - 1).text;
  const char *e = MDL_VEC_AT(x->t->lines, fix_line, p->loc.line + 1).text;
  while (*l == ' ' || *l == '\t')
    l++;
  while (*e == ' ' || *e == '\t')
    e++;
  if (strncmp(l, "scf.if ", 7) || strncmp(e, "}", 1) ||
      strspn(e + 1, " \t") != strlen(e + 1) ||
      fix_stmt_end(x->t, p->loc.line - 1) != p->loc.line + 1)
    return;
  edit(c, FIX_DELETE, p->loc.line, NULL, NULL);
  edit(c, FIX_DELETE, p->loc.line + 2, NULL, NULL);
  c->cost -= 2; /* tidying, not part of the repair: the order of the
                   candidates stays that of the moves */
}

/* Is value v defined in block b (or its nested regions)? */
static bool defined_in(const mdl_block *b, mdl_valref v) {
  for (const mdl_stmt *s = b->first; s; s = s->next) {
    if (s->def == v)
      return true;
    switch (s->kind) {
    case MDL_S_FOR:
      if (s->u.loop.iv == v || defined_in(&s->u.loop.body, v))
        return true;
      break;
    case MDL_S_IF:
      if (defined_in(&s->u.cif.then_b, v) || defined_in(&s->u.cif.else_b, v))
        return true;
      break;
    case MDL_S_WHILE:
      if (defined_in(&s->u.wh.before, v) || defined_in(&s->u.wh.after, v))
        return true;
      break;
    default:
      break;
    }
  }
  return false;
}

/* The run-time id operand of a sync: an SSA value written as its event
** id or flag (MDL_NOVAL for a literal id, which lowers to a constant
** too). */
static mdl_valref sync_id_val(const cx *x, const mdl_stmt *s) {
  if (s->kind == MDL_S_SET || s->kind == MDL_S_WAIT) {
    char *r = rotating_id(x, s);
    bool ssa = r != NULL;
    free(r);
    if (!ssa)
      return MDL_NOVAL;
  } else if (s->kind == MDL_S_BSET || s->kind == MDL_S_BWAIT) {
    char *t = op_text(x, s);
    bool ssa = strstr(t, "flag = %") != NULL;
    free(t);
    if (!ssa)
      return MDL_NOVAL;
  }
  switch (s->kind) {
  case MDL_S_SET:
  case MDL_S_WAIT:
    return s->u.flag.id;
  case MDL_S_BSET:
  case MDL_S_BWAIT:
    return s->u.blk.flag;
  default:
    return MDL_NOVAL;
  }
}

/* Sync s moved just before or just after loop L (one candidate each);
** none when its id is a value computed in the loop. */
static void loop_move(cx *x, const mdl_stmt *s, const mdl_stmt *L,
                      uint32_t extra) {
  mdl_valref v = sync_id_val(x, s);
  if (v != MDL_NOVAL && L->kind == MDL_S_FOR &&
      (L->u.loop.iv == v || defined_in(&L->u.loop.body, v)))
    return;
  if (v != MDL_NOVAL && L->kind == MDL_S_WHILE)
    return;
  char *txt = op_text(x, s);
  for (int after = 0; after < 2; after++) {
    fix_cand *c = cand_new(x, fmt("%s at %u:%u moved %s the loop at %u:%u",
                                  sname(s), s->loc.line, s->loc.col,
                                  after ? "after" : "before", L->loc.line,
                                  L->loc.col));
    delete_sync(x, c, s);
    edit(c, after ? FIX_INSERT_AFTER : FIX_INSERT_BEFORE, L->loc.line,
         fmt("%s", txt), NULL);
    if (c)
      c->cost += extra;
  }
  free(txt);
}

/* Moves of sync s: out of its branch (before / after the if), out of
** the loops holding it, and to every other place in its block. */
/* Sync s moved out of the branches that hold it: just before or just
** after each enclosing scf.if. */
static void branch_out(cx *x, const mdl_stmt *s) {
  if (!is_sync_stmt(s) || !own_line(x, s))
    return;
  char *txt = op_text(x, s);
  for (const mdl_stmt *p = x->si[s->id].parent; p && p->kind == MDL_S_IF;
       p = x->si[p->id].parent) {
    for (int after = 0; after < 2; after++) {
      fix_cand *c = cand_new(x, fmt("%s at %u:%u moved out of the branch at "
                                    "%u:%u, %s it",
                                    sname(s), s->loc.line, s->loc.col,
                                    p->loc.line, p->loc.col,
                                    after ? "after" : "before"));
      delete_sync(x, c, s);
      edit(c, after ? FIX_INSERT_AFTER : FIX_INSERT_BEFORE, p->loc.line,
           fmt("%s", txt), NULL);
    }
  }
  free(txt);
}

/* A wait that starves because a set of its pipe pair (on its core's
** function) sits in a branch that does not always run: that set moved
** out of its branch. */
static void branch_set_cands(cx *x, const mdl_stmt *w) {
  if (w->kind != MDL_S_WAIT)
    return;
  for (uint32_t i = 0; i < x->k->stmts.len; i++) {
    const mdl_stmt *o = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
    const mdl_stmt *p;
    if (o->kind != MDL_S_SET || !x->si[o->id].seen ||
        o->u.flag.src != w->u.flag.src || o->u.flag.dst != w->u.flag.dst ||
        fn_block(x, o) != fn_block(x, w) || !(p = x->si[o->id].parent) ||
        p->kind != MDL_S_IF)
      continue;
    branch_out(x, o);
  }
}

static void move_cands(cx *x, const mdl_stmt *s) {
  if (!is_sync_stmt(s) || !own_line(x, s))
    return;
  branch_out(x, s);
  char *txt = op_text(x, s);
  const sinfo *si = &x->si[s->id];
  /* out of its block: just before or just after each loop holding it
     (a pre-credit left inside the loop, a drain on its last iteration),
     the innermost first */
  uint32_t lvl = 0;
  for (const mdl_stmt *L = enclosing_loop(x, s); L;
       L = enclosing_loop(x, L), lvl++)
    loop_move(x, s, L, lvl);
  /* other places in the block, nearest first */
  const mdl_block *b = si->blk;
  uint32_t n = b->count, me = si->idx;
  for (uint32_t dist = 1; dist < n && x->out->len < MAX_CANDS; dist++)
    for (int dir = -1; dir <= 1; dir += 2) {
      int64_t to = (int64_t)me + dir * (int64_t)dist;
      if (to < 0 || to >= (int64_t)n)
        continue;
      const mdl_stmt *o = b->first;
      for (int64_t i = 0; i < to && o; i++)
        o = o->next;
      if (!o || o->loc.line == 0 || o->kind == MDL_S_SCALAR ||
          o->kind == MDL_S_BUF)
        continue;
      fix_cand *c = cand_new(x, fmt("%s at %u:%u moved %s the %s at %u:%u",
                                    sname(s), s->loc.line, s->loc.col,
                                    dir < 0 ? "before" : "after", sname(o),
                                    o->loc.line, o->loc.col));
      edit(c, FIX_DELETE, s->loc.line, NULL, NULL);
      edit(c, dir < 0 ? FIX_INSERT_BEFORE : FIX_INSERT_AFTER, o->loc.line,
           fmt("%s", txt), NULL);
      if (c)
        c->cost += dist > 1; /* prefer the nearest places */
    }
  free(txt);
}

static void delete_cand(cx *x, const mdl_stmt *s, const char *why) {
  if (!s || !is_sync_stmt(s) || !own_line(x, s))
    return;
  fix_cand *c = cand_new(x, fmt("%s at %u:%u removed%s", sname(s), s->loc.line,
                                s->loc.col, why));
  edit(c, FIX_DELETE, s->loc.line, NULL, NULL);
}

/* The partner of a flag sync: a set's wait or a wait's set, same flag. */
static char *partner_text(const mdl_stmt *s, const mdl_inst *in) {
  if (s->kind == MDL_S_SET)
    return wait_text(in->pipe, in->pipe2, in->id);
  if (s->kind == MDL_S_WAIT)
    return set_text(in->pipe2, in->pipe, in->id);
  return NULL;
}


/* The ids (bitmask) that the other syncs of o's kind of flag use: for a
** set_flag/wait_flag those of its pipe pair on its core, for a cross-core
** sync every sync_block_set/wait. */
static uint32_t used_ids(const mdl_kernel *k, const mdl_stmt *o,
                         const mdl_inst *oi) {
  uint32_t used = 0;
  bool flag = o->kind == MDL_S_SET || o->kind == MDL_S_WAIT;
  mdl_pipe src = (mdl_pipe)(oi->kind == MDL_I_SET ? oi->pipe : oi->pipe2);
  mdl_pipe dst = (mdl_pipe)(oi->kind == MDL_I_SET ? oi->pipe2 : oi->pipe);
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->stmt == o->id || in->id < 0 || in->id > 31)
      continue;
    if (flag ? in->core == oi->core &&
                   ((in->kind == MDL_I_SET && in->pipe == src &&
                     in->pipe2 == dst) ||
                    (in->kind == MDL_I_WAIT && in->pipe2 == src &&
                     in->pipe == dst))
             : in->kind == MDL_I_BSET || in->kind == MDL_I_BWAIT)
      used |= 1u << in->id;
  }
  return used;
}

/* The condition operand of an scf.if as written ("%has_res"), or NULL. */
static char *if_cond(const cx *x, const mdl_stmt *p) {
  if (!p->loc.line || p->loc.line > x->t->lines.len)
    return NULL;
  const char *l = MDL_VEC_AT(x->t->lines, fix_line, p->loc.line - 1).text;
  const char *q = strstr(l, "scf.if");
  if (!q)
    return NULL;
  q += 6;
  while (*q == ' ')
    q++;
  size_t n = 0;
  if (*q != '%')
    return NULL;
  while (q[n] && q[n] != ' ' && q[n] != '{' && q[n] != '-' && q[n] != ':')
    n++;
  return fmt("%.*s", (int)n, q);
}

/* Sync s, in a branch of the if ps, moved out of it (just before and
** just after it) under the condition of the branch that holds its
** partner o: an `scf.if` of its own with that condition (s in its else
** region when o is in an else branch). */
static void under_cond(cx *x, const mdl_stmt *s, const mdl_stmt *ps,
                       const mdl_stmt *o) {
  const mdl_stmt *po = x->si[o->id].parent;
  char *c = own_line(x, s) ? if_cond(x, po) : NULL;
  if (!c)
    return;
  bool in_else = x->si[o->id].blk == &po->u.cif.else_b;
  char *txt = op_text(x, s);
  for (int after = 0; after < 2; after++) {
    fix_cand *k = cand_new(x, fmt("%s at %u:%u moved out of the branch at "
                                  "%u:%u, %s it, under the condition of the "
                                  "branch at %u:%u (%s%s) that holds its "
                                  "partner",
                                  sname(s), s->loc.line, s->loc.col,
                                  ps->loc.line, ps->loc.col,
                                  after ? "after" : "before", po->loc.line,
                                  po->loc.col, in_else ? "not " : "", c));
    delete_sync(x, k, s);
    edit(k, after ? FIX_INSERT_AFTER : FIX_INSERT_BEFORE, ps->loc.line,
         in_else ? fmt("scf.if %s {\n} else {\n  %s\n}", c, txt)
                 : fmt("scf.if %s {\n  %s\n}", c, txt),
         NULL);
  }
  free(txt);
  free(c);
}

/* The function whose body is block fb. */
static const mdl_func *func_of(const cx *x, const mdl_block *fb) {
  for (uint32_t c = 0; c < x->k->ncores; c++)
    if (x->k->cores[c].fn && &x->k->cores[c].fn->body == fb)
      return x->k->cores[c].fn;
  return NULL;
}

/* The SSA name (without %) of value v of function f, or NULL. */
static const char *val_name(const mdl_func *f, mdl_valref v) {
  if (!f || v == MDL_NOVAL || v >= f->values.len)
    return NULL;
  return MDL_VEC_AT(f->values, mdl_value, v).name;
}

/* The statement of the function with body fb defining v as a constant
** (an `arith.constant ... : index` on a line of its own), or NULL. */
static const mdl_stmt *index_const(const cx *x, const mdl_block *fb,
                                   mdl_valref v) {
  for (uint32_t i = 0; v != MDL_NOVAL && i < x->k->stmts.len; i++) {
    const mdl_stmt *c = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
    if (c->kind != MDL_S_SCALAR || c->u.x.op != MDL_X_CONST ||
        c->def != v || !x->si[c->id].seen || fn_block(x, c) != fb ||
        !c->loc.line || c->loc.line > x->t->lines.len)
      continue;
    const char *l = MDL_VEC_AT(x->t->lines, fix_line, c->loc.line - 1).text;
    return strstr(l, ": index") ? c : NULL;
  }
  return NULL;
}

/* A loop from constant 0 by 1 holding only syncs (and scalars): a
** pre-credit or drain loop.  Returns its trip count, or -1. */
static int64_t sync_loop_trip(const cx *x, const mdl_stmt *L) {
  if (L->kind != MDL_S_FOR)
    return -1;
  bool any = false;
  for (const mdl_stmt *q = L->u.loop.body.first; q; q = q->next) {
    if (q->kind != MDL_S_SCALAR && !is_sync_stmt(q))
      return -1;
    any |= is_sync_stmt(q);
  }
  const mdl_block *fb = fn_block(x, L);
  const mdl_stmt *lb = index_const(x, fb, L->u.loop.lb),
                 *st = index_const(x, fb, L->u.loop.step),
                 *ub = index_const(x, fb, L->u.loop.ub);
  if (!any || !lb || !st || !ub || lb->u.x.k != 0 || st->u.x.k != 1)
    return -1;
  return ub->u.x.k;
}

/* Too many credits: s sits in a loop that only issues syncs (a
** pre-credit loop of N sets) and the syncs of its flag in other such
** loops (the drain loop of N waits) match it; both counts lowered to
** each smaller index constant both functions define, the largest first
** (the deepest ring the checker proves). */
static void credit_count_cands(cx *x, const mdl_stmt *s, const mdl_inst *in) {
  const mdl_stmt *L = x->si[s->id].parent;
  int64_t n = L ? sync_loop_trip(x, L) : -1;
  if (n < 2)
    return;
  const mdl_stmt *loops[8];
  uint32_t nl = 0;
  loops[nl++] = L;
  for (uint32_t i = 0; i < x->k->stmts.len && nl < 8; i++) {
    const mdl_stmt *o = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
    const mdl_inst *oi;
    const mdl_stmt *P = x->si[o->id].seen ? x->si[o->id].parent : NULL;
    if (!P || P == L || !is_sync_stmt(o) || o->kind == MDL_S_BARRIER ||
        !(oi = first_inst(x->k, o)) || oi->id != in->id ||
        ((s->kind == MDL_S_BSET || s->kind == MDL_S_BWAIT) !=
         (o->kind == MDL_S_BSET || o->kind == MDL_S_BWAIT)) ||
        sync_loop_trip(x, P) != n)
      continue;
    bool dup = false;
    for (uint32_t j = 0; j < nl; j++)
      dup |= loops[j] == P;
    if (!dup)
      loops[nl++] = P;
  }
  /* the smaller counts to try: the index constants of s's function */
  int64_t vals[16];
  uint32_t nv = 0;
  for (uint32_t i = 0; i < x->k->stmts.len && nv < 16; i++) {
    const mdl_stmt *k = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
    if (k->kind != MDL_S_SCALAR || k->u.x.op != MDL_X_CONST ||
        k->u.x.k < 1 || k->u.x.k >= n ||
        index_const(x, fn_block(x, L), k->def) != k)
      continue;
    uint32_t j = 0;
    while (j < nv && vals[j] > k->u.x.k)
      j++;
    if (j < nv && vals[j] == k->u.x.k)
      continue;
    memmove(vals + j + 1, vals + j, (nv - j) * sizeof *vals);
    vals[j] = k->u.x.k;
    nv++;
  }
  for (uint32_t vi = 0; vi < nv && x->out->len < MAX_CANDS; vi++) {
    int64_t v = vals[vi];
    fix_cand *c = NULL;
    for (uint32_t j = 0; j < nl; j++) {
      const mdl_block *fb = fn_block(x, loops[j]);
      const mdl_func *f = func_of(x, fb);
      const char *old = val_name(f, loops[j]->u.loop.ub), *nw = NULL;
      for (uint32_t i = 0; i < x->k->stmts.len && !nw; i++) {
        const mdl_stmt *k = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
        if (k->kind == MDL_S_SCALAR && k->u.x.op == MDL_X_CONST &&
            k->u.x.k == v && index_const(x, fb, k->def) == k)
          nw = val_name(f, k->def);
      }
      char *ot = old ? fmt("to %%%s ", old) : NULL;
      const char *l =
          MDL_VEC_AT(x->t->lines, fix_line, loops[j]->loc.line - 1).text;
      bool fits = ot && nw && strstr(l, ot);
      if (fits && !c)
        c = cand_new(x, fmt("the credit loop%s at %u:%u run %lld times "
                            "instead of %lld (one credit per buffer)",
                            nl > 1 ? "s" : "", L->loc.line, L->loc.col,
                            (long long)v, (long long)n));
      if (fits)
        edit(c, FIX_REPLACE, loops[j]->loc.line, fmt("to %%%s ", nw), ot);
      free(ot);
      if (!fits) {
        if (c) {
          fix_cand_free(c);
          x->out->len--;
        }
        c = NULL;
        break;
      }
    }
  }
}

/* The statement defining v in the function with body fb, or NULL. */
static const mdl_stmt *def_stmt(const cx *x, const mdl_block *fb,
                                mdl_valref v) {
  for (int f = 0; f < 3 && v != MDL_NOVAL; f++)
    if (x->fb[f] == fb && x->defs[f])
      return v < x->ndefs[f] ? x->defs[f][v] : NULL;
  return NULL;
}

/* Does line l use the SSA value %name (as an operand, not a prefix of a
** longer name)? */
static bool uses_name(const char *l, const char *name) {
  size_t n = strlen(name);
  for (const char *p = strchr(l, '%'); p; p = strchr(p + 1, '%')) {
    if (strncmp(p + 1, name, n))
      continue;
    char c = p[1 + n];
    if (!(c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
          (c >= 'A' && c <= 'Z')))
      return true;
  }
  return false;
}

/* Do the values chain[0..n) of the function with body fb feed only syncs
** (and each other)?  Checked on the function's text: every other line
** naming one of them is a set_flag/wait_flag/sync_block_set/wait. */
static bool feeds_only_syncs(const cx *x, const mdl_block *fb,
                             const mdl_stmt **chain, uint32_t n) {
  const mdl_func *f = func_of(x, fb);
  uint32_t lo = UINT32_MAX, hi = 0;
  for (uint32_t i = 0; i < x->k->stmts.len; i++) {
    const mdl_stmt *c = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
    if (!x->si[c->id].seen || fn_block(x, c) != fb || !c->loc.line)
      continue;
    lo = c->loc.line < lo ? c->loc.line : lo;
    hi = c->loc.line > hi ? c->loc.line : hi;
  }
  if (!f || hi > x->t->lines.len)
    return false;
  for (uint32_t ln = lo; ln <= hi; ln++) {
    const char *l = MDL_VEC_AT(x->t->lines, fix_line, ln - 1).text;
    bool chain_line = false;
    for (uint32_t j = 0; j < n; j++)
      chain_line |= chain[j]->loc.line == ln;
    if (chain_line || strstr(l, "hivm.hir.set_flag") ||
        strstr(l, "hivm.hir.wait_flag") || strstr(l, "hivm.hir.sync_block"))
      continue;
    for (uint32_t j = 0; j < n; j++) {
      const char *nm = val_name(f, chain[j]->def);
      if (!nm || uses_name(l, nm))
        return false;
    }
  }
  return true;
}

/* A sync whose event id or flag is computed at run time by an expression
** that feeds only syncs: the expression repaired (it is sync, not data).
**  - a rotation `arith.remui %i, %cN` whose modulus does not match the
**    buffers or the pre-credited ids: each other index constant 2..8 as
**    the modulus, nearest first;
**  - the expression a partner sync of the flag (the other core's wait)
**    computes its id with, when its operands are named alike here. */
static void id_expr_cands(cx *x, const mdl_stmt *s, const mdl_inst *in) {
  mdl_valref v = sync_id_val(x, s);
  if (v == MDL_NOVAL)
    return;
  const mdl_block *fb = fn_block(x, s);
  const mdl_func *f = func_of(x, fb);
  const mdl_stmt *chain[8];
  uint32_t n = 0;
  const mdl_stmt *D = def_stmt(x, fb, v);
  while (D && D->kind == MDL_S_SCALAR && n < 8) {
    chain[n++] = D;
    if (D->u.x.op != MDL_X_COPY)
      break;
    D = def_stmt(x, fb, D->u.x.a);
  }
  if (!n || !D || D->kind != MDL_S_SCALAR || !own_line(x, D) ||
      !feeds_only_syncs(x, fb, chain, n))
    return;
  const char *dl = MDL_VEC_AT(x->t->lines, fix_line, D->loc.line - 1).text;
  /* the modulus of a rotation */
  const mdl_stmt *m = (D->u.x.op == MDL_X_REMU || D->u.x.op == MDL_X_REMS)
                          ? index_const(x, fb, D->u.x.b)
                          : NULL;
  const char *mn = m ? val_name(f, m->def) : NULL;
  char *old = mn ? fmt(", %%%s ", mn) : NULL;
  if (old && strstr(dl, old))
    for (int64_t dist = 1; dist <= 6; dist++)
      for (int sg = -1; sg <= 1; sg += 2) {
        int64_t want = m->u.x.k + sg * dist;
        if (want < 2 || want > 8)
          continue;
        for (uint32_t i = 0; i < x->k->stmts.len; i++) {
          const mdl_stmt *k = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
          const char *kn;
          if (k->kind != MDL_S_SCALAR || k->u.x.op != MDL_X_CONST ||
              k->u.x.k != want || index_const(x, fb, k->def) != k ||
              !(kn = val_name(f, k->def)))
            continue;
          fix_cand *c = cand_new(x, fmt("the id rotation at %u:%u modulo "
                                        "%lld instead of %lld",
                                        D->loc.line, D->loc.col,
                                        (long long)want,
                                        (long long)m->u.x.k));
          edit(c, FIX_REPLACE, D->loc.line, fmt(", %%%s ", kn), old);
          break;
        }
      }
  free(old);
  /* the expression of a partner's id */
  const char *eq = strstr(dl, " = ");
  for (uint32_t i = 0; eq && i < x->k->stmts.len && x->out->len < MAX_CANDS;
       i++) {
    const mdl_stmt *o = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
    const mdl_inst *oi;
    bool partner =
        o != s && x->si[o->id].seen && sync_id_val(x, o) != MDL_NOVAL &&
        (oi = first_inst(x->k, o)) &&
        (((s->kind == MDL_S_BSET || s->kind == MDL_S_BWAIT) &&
          (o->kind == MDL_S_BSET || o->kind == MDL_S_BWAIT) &&
          o->kind != s->kind && o->u.blk.set_pipe == s->u.blk.set_pipe &&
          o->u.blk.wait_pipe == s->u.blk.wait_pipe) ||
         ((s->kind == MDL_S_SET || s->kind == MDL_S_WAIT) &&
          (o->kind == MDL_S_SET || o->kind == MDL_S_WAIT) &&
          o->kind != s->kind && oi->core == in->core &&
          o->u.flag.src == s->u.flag.src && o->u.flag.dst == s->u.flag.dst));
    if (!partner)
      continue;
    const mdl_block *ob = fn_block(x, o);
    const mdl_stmt *od = def_stmt(x, ob, sync_id_val(x, o));
    if (!od || !own_line(x, od))
      continue;
    /* the partner's id value, followed to its expression the same way */
    for (uint32_t q = 0; od && od->kind == MDL_S_SCALAR &&
                         od->u.x.op == MDL_X_COPY && q < 8; q++)
      od = def_stmt(x, ob, od->u.x.a);
    if (!od || !own_line(x, od))
      continue;
    const char *ol = MDL_VEC_AT(x->t->lines, fix_line, od->loc.line - 1).text;
    const char *oeq = strstr(ol, " = ");
    if (!oeq || !strcmp(oeq, eq))
      continue;
    /* every operand it names is a value of this function too */
    const mdl_func *of = func_of(x, ob);
    bool ok = of != NULL;
    for (const char *p = strchr(oeq, '%'); ok && p; p = strchr(p + 1, '%')) {
      size_t len = 1;
      while (p[len] == '_' || (p[len] >= '0' && p[len] <= '9') ||
             (p[len] >= 'a' && p[len] <= 'z') ||
             (p[len] >= 'A' && p[len] <= 'Z'))
        len++;
      bool found = false;
      for (uint32_t j = 0; j < f->values.len && !found; j++) {
        const char *nm = MDL_VEC_AT(f->values, mdl_value, j).name;
        found = nm && strlen(nm) == len - 1 && !strncmp(nm, p + 1, len - 1);
      }
      ok = found;
    }
    if (!ok)
      continue;
    fix_cand *c = cand_new(x, fmt("the id at %u:%u computed as its partner's "
                                  "at %u:%u", D->loc.line, D->loc.col,
                                  od->loc.line, od->loc.col));
    char *oe = fmt("%s", oeq), *cm = strstr(oe, "//");
    if (cm)
      *cm = 0;
    char *de = fmt("%s", eq), *dm = strstr(de, "//");
    if (dm)
      *dm = 0;
    edit(c, FIX_REPLACE, D->loc.line, oe, de);
    free(de);
    break;
  }
}

/* ------------------------------------------------------ data repairs */

/* Some seeded bugs are not a sync placed wrong but data the syncs are
** right for: a tile loop that starts where its partner core's does not,
** a store both vector sub-blocks make to the same bytes.  A sync edit
** would silence such a finding while the kernel computes wrong numbers,
** so these candidates change the data instead; they are marked `data`
** and tried only when no sync repair works (the driver), and they are
** confirmed like every other candidate. */

/* The computation of value v of the function with body fb as text, the
** same for the same computation in any function of the kernel ("(mul
** #128 sbid)"; commutative operands sorted).  False when it depends on
** anything but constants, scalar arguments and the block / sub-block
** indices (a loop variable, a load), or nests deeper than 8. */
static bool canon(const cx *x, const mdl_block *fb, mdl_valref v, char *buf,
                  size_t n, int depth) {
  static const char *const xname[MDL_X_COUNT] = {
      [MDL_X_ADD] = "add",     [MDL_X_SUB] = "sub",
      [MDL_X_MUL] = "mul",     [MDL_X_DIVS] = "divs",
      [MDL_X_DIVU] = "divu",   [MDL_X_REMS] = "rems",
      [MDL_X_REMU] = "remu",   [MDL_X_CEILDIV] = "ceildiv",
      [MDL_X_FLOORDIV] = "floordiv", [MDL_X_MINS] = "mins",
      [MDL_X_MAXS] = "maxs",   [MDL_X_MINU] = "minu",
      [MDL_X_MAXU] = "maxu",   [MDL_X_AND] = "and",
      [MDL_X_OR] = "or",       [MDL_X_XOR] = "xor",
      [MDL_X_SHL] = "shl",     [MDL_X_SHRS] = "shrs",
      [MDL_X_SHRU] = "shru",   [MDL_X_CMP] = "cmp",
      [MDL_X_SELECT] = "select",     [MDL_X_BLOCK_IDX] = "bid",
      [MDL_X_BLOCK_NUM] = "bnum",    [MDL_X_SUB_BLOCK_IDX] = "sbid",
      [MDL_X_SUB_BLOCK_NUM] = "sbnum"};
  const mdl_stmt *D = depth < 8 ? def_stmt(x, fb, v) : NULL;
  if (!D || D->kind != MDL_S_SCALAR)
    return false;
  int w;
  switch (D->u.x.op) {
  case MDL_X_CONST:
    w = snprintf(buf, n, "#%lld", (long long)D->u.x.k);
    break;
  case MDL_X_ARG:
    w = snprintf(buf, n, "arg%lld", (long long)D->u.x.k);
    break;
  case MDL_X_BLOCK_IDX:
  case MDL_X_BLOCK_NUM:
  case MDL_X_SUB_BLOCK_IDX:
  case MDL_X_SUB_BLOCK_NUM:
    w = snprintf(buf, n, "%s", xname[D->u.x.op]);
    break;
  case MDL_X_COPY:
    return canon(x, fb, D->u.x.a, buf, n, depth + 1);
  default: {
    const char *nm = xname[D->u.x.op];
    if (!nm)
      return false;
    char a[128], b[128], c[128] = "";
    if (!canon(x, fb, D->u.x.a, a, sizeof a, depth + 1) ||
        !canon(x, fb, D->u.x.b, b, sizeof b, depth + 1) ||
        (D->u.x.op == MDL_X_SELECT &&
         !canon(x, fb, D->u.x.c, c, sizeof c, depth + 1)))
      return false;
    bool comm = D->u.x.op == MDL_X_ADD || D->u.x.op == MDL_X_MUL ||
                D->u.x.op == MDL_X_AND || D->u.x.op == MDL_X_OR ||
                D->u.x.op == MDL_X_XOR || D->u.x.op == MDL_X_MINS ||
                D->u.x.op == MDL_X_MAXS || D->u.x.op == MDL_X_MINU ||
                D->u.x.op == MDL_X_MAXU;
    bool swap = comm && strcmp(a, b) > 0;
    if (D->u.x.op == MDL_X_CMP)
      w = snprintf(buf, n, "(cmp%d %s %s)", (int)D->u.x.cmp, a, b);
    else
      w = snprintf(buf, n, "(%s %s %s%s%s)", nm, swap ? b : a, swap ? a : b,
                   *c ? " " : "", c);
    break;
  }
  }
  return w > 0 && (size_t)w < n;
}

/* Does the statement's source line give its result the type index (the
** type of loop bounds and view offsets; `%b = hivm.hir.get_block_idx ->
** i64` does not, its `arith.index_cast` does)? */
static bool index_typed(const cx *x, const mdl_stmt *D) {
  if (!D->loc.line || D->loc.line > x->t->lines.len)
    return false;
  const char *l = MDL_VEC_AT(x->t->lines, fix_line, D->loc.line - 1).text;
  const char *c = strstr(l, "//");
  size_t n = c ? (size_t)(c - l) : strlen(l);
  while (n && (l[n - 1] == ' ' || l[n - 1] == '\t'))
    n--;
  return n >= 6 && !strncmp(l + n - 6, " index", 6);
}

/* An index value of the function with body fb that computes want
** (canon) and is defined before statement at, in a block that holds at;
** its SSA name, or NULL. */
static const char *value_computing(const cx *x, const mdl_block *fb,
                                   const char *want, const mdl_stmt *at) {
  const mdl_func *f = func_of(x, fb);
  for (uint32_t i = 0; f && i < x->k->stmts.len; i++) {
    const mdl_stmt *D = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
    char got[256];
    if (D->kind != MDL_S_SCALAR || D->def == MDL_NOVAL ||
        !x->si[D->id].seen || fn_block(x, D) != fb ||
        D->loc.line >= at->loc.line || !ancestor_in(x, at, x->si[D->id].blk) ||
        !val_name(f, D->def) || !index_typed(x, D) ||
        !canon(x, fb, D->def, got, sizeof got, 0) ||
        strcmp(got, want))
      continue;
    return val_name(f, D->def);
  }
  return NULL;
}

/* Edit of candidate c turning source line ln into nw: one replacement of
** the part that differs (widened until it is the first occurrence of
** itself on the line, which is the one fix_apply replaces).  False, and
** no edit, when the line is empty or already nw. */
static bool replace_line(const cx *x, fix_cand *c, uint32_t ln,
                         const char *nw) {
  const char *l = MDL_VEC_AT(x->t->lines, fix_line, ln - 1).text;
  size_t lo = strlen(l), nn = strlen(nw), p = 0, s = 0;
  if (!lo || !strcmp(l, nw))
    return false; /* nothing to anchor on, or nothing to change */
  while (p < lo && p < nn && l[p] == nw[p])
    p++;
  while (s < lo - p && s < nn - p && l[lo - 1 - s] == nw[nn - 1 - s])
    s++;
  /* whole tokens: "%c0" -> "%bid", not "c0" -> "bid" */
#define TOK(ch) (isalnum((unsigned char)(ch)) || (ch) == '_' || (ch) == '%')
  while (p > 0 && TOK(l[p - 1]))
    p--;
  while (s > 0 && TOK(l[lo - s]))
    s--;
#undef TOK
  for (;;) {
    char *old = fmt("%.*s", (int)(lo - p - s), l + p);
    if ((*old && strstr(l, old) == l + p) || p == 0) {
      if (!*old) { /* a pure insertion: anchor it on a character */
        free(old);
        if (p < lo)
          s--;
        else
          p--;
        continue;
      }
      edit(c, FIX_REPLACE, ln, fmt("%.*s", (int)(nn - p - s), nw + p), old);
      free(old);
      return true;
    }
    free(old);
    p--;
  }
}

/* Whether the computation text names the block index. */
static bool names_block(const char *canon_text) {
  const char *p = canon_text;
  while ((p = strstr(p, "bid")))
    if (p == canon_text || p[-1] != 's')
      return true;
    else
      p++;
  return false;
}

/* Loop L (of its function) given the bounds of loop M of another
** function where they compute something else; each bound written with
** a value of L's function that computes M's.  None when a bound has no
** such value, or the bounds already agree, or L's bounds name the block
** index and M's do not. */
static void align_loop(cx *x, const mdl_stmt *L, const mdl_stmt *M,
                       const mdl_stmt *s, const mdl_stmt *o) {
  const mdl_block *fl = fn_block(x, L), *fm = fn_block(x, M);
  const mdl_func *f = func_of(x, fl);
  const mdl_valref lv[3] = {L->u.loop.lb, L->u.loop.ub, L->u.loop.step};
  const mdl_valref mv[3] = {M->u.loop.lb, M->u.loop.ub, M->u.loop.step};
  const char *fmt_old[3] = {"= %%%s to ", "to %%%s step ", "step %%%s "};
  char *line = fmt("%s", MDL_VEC_AT(x->t->lines, fix_line,
                                    L->loc.line - 1).text);
  char *l2 = fmt("%s ", line); /* "step %c1 {" or "step %c1" at the end */
  free(line);
  bool changed = false, had_bid = false, has_bid = false;
  for (int i = 0; i < 3; i++) {
    char a[256], b[256];
    if (!canon(x, fm, mv[i], b, sizeof b, 0))
      goto out;
    bool ca = canon(x, fl, lv[i], a, sizeof a, 0);
    had_bid |= ca && names_block(a);
    has_bid |= names_block(b);
    if (ca && !strcmp(a, b))
      continue;
    const char *nw = value_computing(x, fl, b, L), *on = val_name(f, lv[i]);
    if (!nw || !on)
      goto out;
    char *ot = fmt(fmt_old[i], on), *nt = fmt(fmt_old[i], nw);
    char *hit = strstr(l2, ot);
    if (!hit) {
      free(ot);
      free(nt);
      goto out;
    }
    char *r = fmt("%.*s%s%s", (int)(hit - l2), l2, nt, hit + strlen(ot));
    free(l2);
    l2 = r;
    free(ot);
    free(nt);
    changed = true;
  }
  /* never a loop that follows the block index made to ignore it: every
     block would run the same tiles and write the same GM bytes (a race
     between blocks, which the model, one block at a time, cannot see) */
  if (changed && !(had_bid && !has_bid)) {
    l2[strlen(l2) - 1] = 0;
    fix_cand *c = cand_new(
        x, fmt("data repair (changes which iterations run; review it): the "
               "loop at %u:%u given the bounds of the loop at %u:%u, so that "
               "the %s at %u:%u meets the %s at %u:%u",
               L->loc.line, L->loc.col, M->loc.line, M->loc.col, sname(s),
               s->loc.line, s->loc.col, sname(o), o->loc.line, o->loc.col));
    if (c) {
      c->data = true;
      if (!replace_line(x, c, L->loc.line, l2)) {
        fix_cand_free(c);
        x->out->len--;
      }
    }
  }
out:
  free(l2);
}

/* A cross-core sync in a loop whose partner syncs (the other kind, same
** pipes) sit in a loop of another function with other bounds: either
** loop given the other's bounds.  The one that makes a loop follow the
** block index comes first: the loops of a kernel split its tiles over
** the blocks, and a loop that ignores the block index while its partner
** follows it is the likelier slip (the other way round is never
** proposed, align_loop). */
static void loop_align_cands(cx *x, const mdl_stmt *s) {
  if (s->kind != MDL_S_BSET && s->kind != MDL_S_BWAIT)
    return;
  const mdl_stmt *L = enclosing_loop(x, s);
  if (!L || L->kind != MDL_S_FOR)
    return;
  const mdl_stmt *done[8];
  uint32_t nd = 0;
  for (uint32_t i = 0; i < x->k->stmts.len && nd < 8; i++) {
    const mdl_stmt *o = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
    if (!x->si[o->id].seen || o->kind == s->kind ||
        (o->kind != MDL_S_BSET && o->kind != MDL_S_BWAIT) ||
        o->u.blk.set_pipe != s->u.blk.set_pipe ||
        o->u.blk.wait_pipe != s->u.blk.wait_pipe ||
        fn_block(x, o) == fn_block(x, s))
      continue;
    const mdl_stmt *M = enclosing_loop(x, o);
    bool dup = !M || M->kind != MDL_S_FOR;
    for (uint32_t j = 0; j < nd && !dup; j++)
      dup = done[j] == M;
    if (dup)
      continue;
    done[nd++] = M;
    align_loop(x, L, M, s, o);
    align_loop(x, M, L, o, s);
  }
}

/* The memref type a view line gives its result (after the last " to "),
** with its layout's offset made dynamic ("strided<[16, 1]>" ->
** "strided<[16, 1], offset: ?>"; the type unchanged when its offset is
** already dynamic); NULL when the type has no strided layout.  *old gets
** the type as written. */
static char *dyn_offset_type(const char *line, char **old) {
  *old = NULL;
  const char *t = NULL;
  for (const char *p = strstr(line, " to memref<"); p;
       p = strstr(p + 1, " to memref<"))
    t = p + 4;
  if (!t)
    return NULL;
  int depth = 0;
  const char *e = t;
  for (; *e; e++) {
    depth += (*e == '<') - (*e == '>');
    if (!depth && *e == '>')
      break;
  }
  if (!*e)
    return NULL;
  char *ty = fmt("%.*s", (int)(e + 1 - t), t);
  char *st = strstr(ty, "strided<[");
  char *cl = st ? strchr(st, ']') : NULL;
  if (!cl || cl[1] == 0) {
    free(ty);
    return NULL;
  }
  char *r = NULL;
  if (cl[1] == '>')
    r = fmt("%.*s, offset: ?%s", (int)(cl + 1 - ty), ty, cl + 1);
  else if (!strncmp(cl + 1, ", offset: ", 10) && cl[11] != '?') {
    char *end = cl + 11;
    while (*end == '-' || (*end >= '0' && *end <= '9'))
      end++;
    r = fmt("%.*s?%s", (int)(cl + 11 - ty), ty, end);
  } else if (!strncmp(cl + 1, ", offset: ?", 11))
    r = fmt("%s", ty);
  if (r)
    *old = ty;
  else
    free(ty);
  return r;
}

/* xcore-race of one statement with itself on the two vector sub-blocks:
** both write the same GM bytes, the sub-block offset missing from the
** view it writes through.  The view's constant offset is moved by a value
** the function computes as sub_block_idx * the view's elements (the
** offset its other views use), when the argument has room for both
** shares; the view's result type (and the uses' types) get a dynamic
** offset.  Views at a run-time offset, views of views and multi-dimension
** subviews get no candidate. */
static void subblock_cands(cx *x, const mdl_stmt *a, const mdl_stmt *b) {
  if (a != b || a->kind != MDL_S_OP || x->k->kind != MDL_KIND_MIX)
    return;
  uint32_t pa, ca;
  pipes_of(x->k, a, &pa, &ca);
  if (ca != 2)
    return;
  const mdl_block *fb = fn_block(x, a);
  const mdl_func *f = func_of(x, fb);
  for (uint32_t j = 0; f && j < a->u.op.nacc + a->u.op.nacc2; j++) {
    const mdl_acc_spec *as = j < a->u.op.nacc
                                 ? &a->u.op.acc[j]
                                 : &a->u.op.acc2[j - a->u.op.nacc];
    const mdl_stmt *V = (as->mode & MDL_ACC_WRITE) && !as->whole
                            ? def_stmt(x, fb, as->buf)
                            : NULL;
    const mdl_stmt *S = V && V->kind == MDL_S_BUF && V->u.b.kind == MDL_B_VIEW
                            ? def_stmt(x, fb, V->u.b.src)
                            : NULL;
    if (!S || S->kind != MDL_S_BUF || S->u.b.kind != MDL_B_ARG ||
        S->u.b.space != MDL_SPACE_GM || S->u.b.size <= 0 ||
        V->u.b.size <= 0 || V->u.b.off_scale <= 0 ||
        V->u.b.size % V->u.b.off_scale || !V->loc.line)
      continue;
    int64_t elems = V->u.b.size / V->u.b.off_scale;
    char off[256] = "#0";
    if (V->u.b.off != MDL_NOVAL && !canon(x, fb, V->u.b.off, off, sizeof off, 0))
      continue;
    if (off[0] != '#')
      continue; /* a run-time offset */
    long long c0 = strtoll(off + 1, NULL, 10);
    if (c0 < 0 || (c0 + 2 * elems) * V->u.b.off_scale > S->u.b.size)
      continue; /* no room for the second share */
    char want[64];
    snprintf(want, sizeof want, "(mul #%lld sbid)", (long long)elems);
    const char *h = value_computing(x, fb, want, V);
    const char *vn = val_name(f, V->def), *sn = val_name(f, V->u.b.src);
    if (!h || !vn || !sn)
      continue;
    const char *l = MDL_VEC_AT(x->t->lines, fix_line, V->loc.line - 1).text;
    char *oldty = NULL, *newty = dyn_offset_type(l, &oldty);
    /* the offset as written: reinterpret_cast `offset: [C]`, or a 1-D
       subview `%src[C]` */
    char *o1 = fmt("offset: [%lld]", c0), *o2 = fmt("%%%s[%lld] [", sn, c0);
    bool rc = strstr(l, "memref.reinterpret_cast") && strstr(l, o1);
    bool sv = strstr(l, "memref.subview") && strstr(l, o2);
    char *nw = NULL;
    if (newty && (rc || sv) && c0 == 0) {
      const char *o = rc ? o1 : o2;
      char *n1 = rc ? fmt("offset: [%%%s]", h) : fmt("%%%s[%%%s] [", sn, h);
      const char *p = strstr(l, o);
      char *t1 = fmt("%.*s%s%s", (int)(p - l), l, n1, p + strlen(o));
      const char *q = strstr(t1, oldty);
      if (q)
        nw = fmt("%.*s%s%s", (int)(q - t1), t1, newty, q + strlen(oldty));
      free(n1);
      free(t1);
    }
    free(o1);
    free(o2);
    fix_cand *c = NULL;
    if (nw)
      c = cand_new(x, fmt("data repair (changes the address; review it): "
                          "the %s at %u:%u writes the same GM bytes on both "
                          "vector sub-blocks; its view %%%s at %u:%u offset "
                          "by the sub-block's share %%%s",
                          sname(a), a->loc.line, a->loc.col, vn, V->loc.line,
                          V->loc.col, h));
    if (c && !replace_line(x, c, V->loc.line, nw)) {
      fix_cand_free(c);
      x->out->len--;
      c = NULL;
    }
    if (c) {
      c->data = true;
      /* the uses that spell the view's type */
      for (uint32_t ln = V->loc.line + 1;
           strcmp(oldty, newty) && ln <= x->t->lines.len; ln++) {
        const char *u = MDL_VEC_AT(x->t->lines, fix_line, ln - 1).text;
        if (!uses_name(u, vn))
          continue;
        const char *p = strstr(u, oldty);
        if (!p)
          continue;
        if (strstr(p + 1, oldty)) { /* which one is the view's? */
          fix_cand_free(c);
          x->out->len--;
          c = NULL;
          break;
        }
        char *t2 = fmt("%.*s%s%s", (int)(p - u), u, newty, p + strlen(oldty));
        bool done = replace_line(x, c, ln, t2);
        free(t2);
        if (!done) {
          fix_cand_free(c);
          x->out->len--;
          c = NULL;
          break;
        }
      }
    }
    free(nw);
    free(oldty);
    free(newty);
  }
}

/* A flag finding at an mmad op's own M->MTE1 handshake (the mmad library's
** implicit syncs, docs/semantics-decisions.md 40): never an edit of the op,
** only explicit syncs around it.  A wait of the library that never passes:
** the pre-set of its events before the outermost loop holding the op, with
** the drain after it (the compiler's form), and the removal of hand-written
** syncs of those events in the op's block (a pair that repeats the
** library's own consumes its pre-set); a set left pending: the drain. */
static void lib_cands(cx *x, const mdl_diag *d, const mdl_stmt *s) {
  uint32_t wids = 0, sids = 0;
  for (uint32_t i = 0; i < x->k->insts.len; i++) {
    const mdl_inst *o = mdl_inst_at(x->k, i);
    if (o->stmt != s->id || !o->lib || o->id < 0 || o->id >= 32)
      continue;
    if (o->kind == MDL_I_WAIT)
      wids |= 1u << o->id;
    else
      sids |= 1u << o->id;
  }
  const mdl_stmt *top = s;
  while (x->si[top->id].parent)
    top = x->si[top->id].parent;
  if (d->rule == MDL_RULE_DEADLOCK && wids) {
    fix_cand *c = cand_new(x, fmt("the pre-set of the mmad library's M->MTE1 "
                                  "events before the %s at %u:%u, drained "
                                  "after it", sname(top) ? sname(top) : "op",
                                  top->loc.line, top->loc.col));
    for (int id = 0; id < 32; id++)
      if ((wids >> id) & 1) {
        edit(c, FIX_INSERT_BEFORE, top->loc.line,
             set_text(MDL_PIPE_M, MDL_PIPE_MTE1, id), NULL);
        edit(c, FIX_INSERT_AFTER, top->loc.line,
             wait_text(MDL_PIPE_M, MDL_PIPE_MTE1, id), NULL);
      }
    fix_cand *r = NULL;
    for (const mdl_stmt *o = x->si[s->id].blk->first; o; o = o->next) {
      const mdl_inst *oi;
      if ((o->kind != MDL_S_SET && o->kind != MDL_S_WAIT) || !own_line(x, o) ||
          !(oi = first_inst(x->k, o)) || oi->id < 0 || oi->id >= 32 ||
          !((wids >> oi->id) & 1) ||
          (o->kind == MDL_S_SET ? oi->pipe : oi->pipe2) != MDL_PIPE_M ||
          (o->kind == MDL_S_SET ? oi->pipe2 : oi->pipe) != MDL_PIPE_MTE1)
        continue;
      if (!r)
        r = cand_new(x, fmt("the hand-written M->MTE1 syncs beside the %s at "
                            "%u:%u removed: the mmad library waits and sets "
                            "them itself", sname(s), s->loc.line, s->loc.col));
      edit(r, FIX_DELETE, o->loc.line, NULL, NULL);
    }
  }
  if (d->rule == MDL_RULE_UNPAIRED_SET && sids) {
    fix_cand *c = cand_new(x, fmt("a drain of the mmad library's M->MTE1 "
                                  "events after the %s at %u:%u",
                                  sname(top) ? sname(top) : "op",
                                  top->loc.line, top->loc.col));
    for (int id = 0; id < 32; id++)
      if ((sids >> id) & 1)
        edit(c, FIX_INSERT_AFTER, top->loc.line,
             wait_text(MDL_PIPE_M, MDL_PIPE_MTE1, id), NULL);
  }
}

/* C++: the loops of the source text that hold sync s (the frontend
** unrolled them: no loop of the model), innermost first.  For a wait
** that never gets its set (deadlock): a pre-credit set per id before
** each, with or without its drain wait after it; for a set left pending:
** a drain wait per id after each (all ids of a rotation at once). */
static void cxx_loop_syncs(cx *x, const mdl_stmt *s, const mdl_inst *in,
                           uint32_t ids, bool preset) {
  if (!x->t->cxx)
    return;
  uint32_t L[16];
  uint32_t n = fix_asc_loops(x->k, x->t, s->loc, L, 16);
  int src = preset ? in->pipe2 : in->pipe, dst = preset ? in->pipe : in->pipe2;
  for (uint32_t i = 0; i < n; i++) {
    for (int id = 0; id < 32; id++) {
      if (!((ids >> id) & 1))
        continue;
      for (int drain = 0; drain < (preset ? 2 : 1); drain++) {
        fix_cand *c = cand_new(
            x, preset ? fmt("the missing pre-credit set_flag (EVENT_ID%d) "
                            "before the loop at line %u%s", id, L[i],
                            drain ? ", and its drain wait after it" : "")
                      : fmt("a drain wait_flag (EVENT_ID%d) after the loop "
                            "at line %u", id, L[i]));
        if (preset)
          edit(c, FIX_INSERT_BEFORE, L[i], set_text(src, dst, id), NULL);
        if (!preset || drain)
          edit(c, FIX_INSERT_AFTER, L[i], wait_text(src, dst, id), NULL);
      }
    }
    if (ids & (ids - 1)) { /* a rotation: every id at once */
      fix_cand *c = cand_new(x, preset ? fmt("the missing pre-credit "
                                             "set_flag per event id before "
                                             "the loop at line %u, drained "
                                             "after it", L[i])
                                       : fmt("a drain wait_flag per event id "
                                             "after the loop at line %u",
                                             L[i]));
      for (int id = 0; id < 32; id++)
        if ((ids >> id) & 1) {
          if (preset)
            edit(c, FIX_INSERT_BEFORE, L[i], set_text(src, dst, id), NULL);
          edit(c, FIX_INSERT_AFTER, L[i], wait_text(src, dst, id), NULL);
        }
    }
  }
}

/* The first data op after s in program order, past the syncs and scalar
** code that follow it (outwards through its blocks); NULL at a loop or
** branch: the access a cross-core wait guards. */
static const mdl_stmt *op_after(const cx *x, const mdl_stmt *s) {
  for (const mdl_stmt *p = s; p; p = x->si[p->id].parent)
    for (const mdl_stmt *o = p->next; o; o = o->next) {
      if (o->kind == MDL_S_OP && o->u.op.nacc)
        return o;
      if (o->kind == MDL_S_FOR || o->kind == MDL_S_WHILE ||
          o->kind == MDL_S_IF)
        return NULL;
    }
  return NULL;
}

/* The last data op on pipe before s in its block (or, when none, before
** its parent in the parent's): the access a cross-core set publishes. */
static const mdl_stmt *op_before(const cx *x, const mdl_stmt *s, int pipe) {
  for (const mdl_stmt *p = s; p; p = x->si[p->id].parent) {
    const mdl_stmt *last = NULL;
    for (const mdl_stmt *o = x->si[p->id].blk->first; o && o != p;
         o = o->next)
      if (o->kind == MDL_S_OP && o->u.op.nacc && (int)o->u.op.pipe == pipe)
        last = o;
    if (last)
      return last;
  }
  return NULL;
}

/* C++, a cross-core set s pushing its counter past 15: the receiver runs
** its C++ loop behind the sender's, and nothing holds the sender back.
** Back-pressure is a credit flag the other way, pre-credited around the
** two cores' source loops (cxx_xcore_credit): set after the access the
** receiver's wait guards (its read of what s publishes: the write-after-
** read the missing flag leaves racing) and waited for before the access
** s publishes; or, with no such accesses, set after the wait and waited
** for before s. */
static void cxx_backpressure(cx *x, const mdl_stmt *s, const mdl_inst *in) {
  int f = free_xflag(x->k);
  for (uint32_t i = 0; f >= 0 && i < x->k->stmts.len; i++) {
    const mdl_stmt *w = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
    const mdl_inst *wi;
    if (w->kind != MDL_S_BWAIT || !(wi = first_inst(x->k, w)) ||
        wi->id != in->id || !x->si[w->id].seen || wi->core == in->core)
      continue;
    bool s_cube = x->k->cores[in->core].type == MDL_CORE_AIC,
         w_cube = x->k->cores[wi->core].type == MDL_CORE_AIC;
    const mdl_stmt *ra = op_after(x, w), *sa = op_before(x, s, in->pipe);
    if (ra && sa)
      xcore_credited(x, ra, sa, f, ra->u.op.pipe, in->pipe, w_cube, s_cube);
    char *cs = fmt("hivm.hir.sync_block_set[<%s>, <%s>, <%s>] flag = %d",
                   w_cube ? "CUBE" : "VECTOR", pn(wi->pipe), pn(in->pipe), f);
    char *cw = fmt("hivm.hir.sync_block_wait[<%s>, <%s>, <%s>] flag = %d",
                   s_cube ? "CUBE" : "VECTOR", pn(wi->pipe), pn(in->pipe), f);
    cxx_xcore_credit(x, w, s, f, wi->pipe, in->pipe, cs, cw);
    free(cs);
    free(cw);
    break;
  }
}

static void flag_cands(cx *x, const mdl_diag *d) {
  const mdl_stmt *lib = stmt_at(x, d->line, d->col);
  if (lib && lib->kind == MDL_S_OP && lib->u.op.mmad_lib) {
    lib_cands(x, d, lib);
    return;
  }
  const mdl_stmt *s = stmt_at(x, d->line, d->col);
  if (!s)
    return;
  if (d->rule == MDL_RULE_DEADLOCK)
    fix_xall_deadlock(x->k, x->t, s, x->out); /* a SyncAll a core skips */
  const mdl_inst *in = first_inst(x->k, s);
  loop_align_cands(x, s);
  rotation_id(x, s);
  /* the missing partner next to it: a set right before a wait that
     never gets one; a wait right before a set that lands on a set flag;
     a drain wait after the top-level statement holding a set left over */
  if (in && in->id >= 0 && (s->kind == MDL_S_SET || s->kind == MDL_S_WAIT)) {
    char *pt = partner_text(s, in);
    if (d->rule == MDL_RULE_DEADLOCK && s->kind == MDL_S_WAIT) {
      orphan_wait_set(x, s);
      branch_set_cands(x, s);
    }
    if (d->rule == MDL_RULE_DEADLOCK && s->kind == MDL_S_WAIT) {
      fix_cand *c = cand_new(x, fmt("the missing %s before the wait at %u:%u",
                                    "set_flag", s->loc.line, s->loc.col));
      edit(c, FIX_INSERT_BEFORE, s->loc.line, fmt("%s", pt), NULL);
      /* a missing pre-credit: a set (per event id the wait uses) before
         the loops that precede the wait or hold it */
      uint32_t ids = 0;
      for (uint32_t i = 0; i < x->k->insts.len; i++) {
        const mdl_inst *o = mdl_inst_at(x->k, i);
        if (same_src(x->k, o->stmt, s) && o->id >= 0 && o->id < 32)
          ids |= 1u << o->id;
      }
      for (const mdl_stmt *p = s; p; p = x->si[p->id].parent)
        for (const mdl_stmt *o = x->si[p->id].blk->first;
             o && (o != p || p != s); o = o == p ? NULL : o->next) {
          if (o->kind != MDL_S_FOR && o->kind != MDL_S_WHILE)
            continue;
          for (int id = 0; id < 32; id++)
            if ((ids >> id) & 1)
              for (int drain = 0; drain < 2; drain++) {
                fix_cand *pc = cand_new(
                    x, fmt("the missing pre-credit set_flag (EVENT_ID%d) "
                           "before the loop at %u:%u%s",
                           id, o->loc.line, o->loc.col,
                           drain ? ", and its drain wait after it" : ""));
                edit(pc, FIX_INSERT_BEFORE, o->loc.line,
                     set_text(in->pipe2, in->pipe, id), NULL);
                if (drain)
                  edit(pc, FIX_INSERT_AFTER, o->loc.line,
                       wait_text(in->pipe2, in->pipe, id), NULL);
              }
        }
      cxx_loop_syncs(x, s, in, ids, true);
    } else if (d->rule == MDL_RULE_DOUBLE_SET && s->kind == MDL_S_SET) {
      orphan_set_wait(x, s, NULL);
      pair_removal(x, s);
      fix_cand *c = cand_new(x, fmt("the missing wait_flag before the set at "
                                    "%u:%u", s->loc.line, s->loc.col));
      edit(c, FIX_INSERT_BEFORE, s->loc.line, fmt("%s", pt), NULL);
    } else if (d->rule == MDL_RULE_UNPAIRED_SET && s->kind == MDL_S_SET) {
      orphan_set_wait(x, s, NULL);
      const mdl_stmt *top = s;
      while (x->si[top->id].parent)
        top = x->si[top->id].parent;
      /* one drain per event id the set uses (a rotation uses several) */
      uint32_t ids = 0;
      for (uint32_t i = 0; i < x->k->insts.len; i++) {
        const mdl_inst *o = mdl_inst_at(x->k, i);
        if (same_src(x->k, o->stmt, s) && o->id >= 0 && o->id < 32)
          ids |= 1u << o->id;
      }
      for (int id = 0; id < 32; id++)
        if ((ids >> id) & 1) {
          fix_cand *c = cand_new(x, fmt("a drain wait_flag (EVENT_ID%d) "
                                        "after the %s at %u:%u", id,
                                        sname(top), top->loc.line,
                                        top->loc.col));
          edit(c, FIX_INSERT_AFTER, top->loc.line,
               wait_text(in->pipe, in->pipe2, id), NULL);
        }
      cxx_loop_syncs(x, s, in, ids, false);
      /* a set whose id rotates (a run-time id taking several values):
         after the loop, one drain per id of the rotation, in place of a
         drain of one run-time id (which drains only the last) */
      if (ids & (ids - 1)) {
        char idl[200] = "";
        for (int id = 0; id < 32; id++)
          if ((ids >> id) & 1)
            snprintf(idl + strlen(idl), sizeof idl - strlen(idl),
                     "%sEVENT_ID%d", idl[0] ? ", " : "", id);
        fix_cand *c = cand_new(x, fmt("a drain wait_flag per event id of "
                                      "the rotation (%s) after the %s at "
                                      "%u:%u", idl, sname(top),
                                      top->loc.line, top->loc.col));
        uint32_t ndel = 0;
        for (const mdl_stmt *o = top->next; c && o; o = o->next) {
          const mdl_inst *oi;
          if (o->kind != MDL_S_WAIT || sync_id_val(x, o) == MDL_NOVAL ||
              !own_line(x, o) || !(oi = first_inst(x->k, o)) ||
              oi->core != in->core || oi->pipe2 != in->pipe ||
              oi->pipe != in->pipe2)
            continue;
          edit(c, FIX_DELETE, o->loc.line, NULL, NULL);
          ndel++;
        }
        for (int id = 0; id < 32; id++)
          if ((ids >> id) & 1)
            edit(c, FIX_INSERT_AFTER, top->loc.line,
                 wait_text(in->pipe, in->pipe2, id), NULL);
        if (c && ndel)
          c->what = (free(c->what),
                     fmt("a drain wait_flag per event id of the rotation "
                         "(%s) after the %s at %u:%u, in place of the "
                         "drain of one run-time id", idl, sname(top),
                         top->loc.line, top->loc.col));
      }
    }
    free(pt);
  }
  /* a cross-core wait starved by a missing pre-credit: the sender's set
     before its loop and the receiver's wait after its own, once or twice
     (a ring of two slots) */
  if (in && s->kind == MDL_S_BWAIT && d->rule == MDL_RULE_DEADLOCK &&
      own_line(x, s))
    for (uint32_t i = 0; i < x->k->stmts.len; i++) {
      const mdl_stmt *ps = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
      const mdl_inst *pi;
      if (ps->kind != MDL_S_BSET || !(pi = first_inst(x->k, ps)) ||
          pi->id != in->id || !x->si[ps->id].seen || !own_line(x, ps))
        continue;
      const mdl_stmt *ls = ps, *lw = s;
      while (x->si[ls->id].parent)
        ls = x->si[ls->id].parent;
      while (x->si[lw->id].parent)
        lw = x->si[lw->id].parent;
      if (ls == ps || lw == s)
        break; /* not in loops: nothing to pre-credit */
      char *st = op_text(x, ps), *wt = op_text(x, s);
      for (int n = 1; n <= 2; n++) {
        fix_cand *c = cand_new(
            x, fmt("%d pre-credit %s before the loop at %u:%u, and as many "
                   "drain %s after the loop at %u:%u",
                   n, sname(ps), ls->loc.line, ls->loc.col, sname(s),
                   lw->loc.line, lw->loc.col));
        for (int j = 0; j < n; j++) {
          edit(c, FIX_INSERT_BEFORE, ls->loc.line, fmt("%s", st), NULL);
          edit(c, FIX_INSERT_AFTER, lw->loc.line, fmt("%s", wt), NULL);
        }
      }
      free(st);
      free(wt);
      break;
    }
  /* a counter pushed past 15: back-pressure, a credit flag the other way
     (the receiver sets it after each wait, pre-credited once before its
     loop; the sender waits for it before each set, drained after its
     loop) */
  if (in && s->kind == MDL_S_BSET && d->rule == MDL_RULE_FLAG_OVERFLOW &&
      own_line(x, s)) {
    int f = free_xflag(x->k);
    for (uint32_t i = 0; f >= 0 && i < x->k->stmts.len; i++) {
      const mdl_stmt *w = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
      const mdl_inst *wi;
      if (w->kind != MDL_S_BWAIT || !(wi = first_inst(x->k, w)) ||
          wi->id != in->id || !x->si[w->id].seen || !own_line(x, w))
        continue;
      const mdl_stmt *ls = s, *lw = w;
      while (x->si[ls->id].parent)
        ls = x->si[ls->id].parent;
      while (x->si[lw->id].parent)
        lw = x->si[lw->id].parent;
      if (ls == s || lw == w)
        break;
      bool s_aic = x->k->cores[in->core].type == MDL_CORE_AIC;
      /* receiver sets on its wait pipe, sender waits on its set pipe */
      char *cs = fmt("hivm.hir.sync_block_set[<%s>, <%s>, <%s>] flag = %d",
                     s_aic ? "VECTOR" : "CUBE", pn(wi->pipe), pn(in->pipe),
                     f);
      char *cw = fmt("hivm.hir.sync_block_wait[<%s>, <%s>, <%s>] flag = %d",
                     s_aic ? "CUBE" : "VECTOR", pn(wi->pipe), pn(in->pipe),
                     f);
      fix_cand *c = cand_new(
          x, fmt("back-pressure on flag %d: a credit flag %d set after the "
                 "%s at %u:%u (once before its loop), waited for before the "
                 "%s at %u:%u (drained after its loop)",
                 in->id, f, sname(w), w->loc.line, w->loc.col, sname(s),
                 s->loc.line, s->loc.col));
      edit(c, FIX_INSERT_BEFORE, lw->loc.line, fmt("%s", cs), NULL);
      edit(c, FIX_INSERT_AFTER, w->loc.line, fmt("%s", cs), NULL);
      edit(c, FIX_INSERT_BEFORE, s->loc.line, fmt("%s", cw), NULL);
      edit(c, FIX_INSERT_AFTER, ls->loc.line, fmt("%s", cw), NULL);
      free(cs);
      free(cw);
      break;
    }
  }
  if (in && s->kind == MDL_S_BSET && d->rule == MDL_RULE_FLAG_OVERFLOW &&
      x->t->cxx)
    cxx_backpressure(x, s, in);
  /* a cross-core wait that no set reaches: the missing sync_block_set on
     the other core, after one of its ops on the set pipe */
  if (in && s->kind == MDL_S_BWAIT && d->rule == MDL_RULE_DEADLOCK) {
    bool wait_on_aic = x->k->cores[in->core].type == MDL_CORE_AIC;
    uint8_t *done = calloc(x->k->nstmts ? x->k->nstmts : 1, 1);
    for (uint32_t i = 0; done && i < x->k->insts.len &&
                         x->out->len < MAX_CANDS; i++) {
      const mdl_inst *o = mdl_inst_at(x->k, i);
      const mdl_stmt *os = MDL_VEC_AT(x->k->stmts, mdl_stmt *, o->stmt);
      bool on_aic = x->k->cores[o->core].type == MDL_CORE_AIC;
      if (o->kind != MDL_I_OP || on_aic == wait_on_aic ||
          o->pipe != in->pipe2 || done[o->stmt] || !own_line(x, os))
        continue;
      done[o->stmt] = 1;
      fix_cand *c = cand_new(x, fmt("the missing sync_block_set (flag %d) "
                                    "after the %s at %u:%u", in->id,
                                    sname(os), os->loc.line, os->loc.col));
      edit(c, FIX_INSERT_AFTER, os->loc.line,
           fmt("hivm.hir.sync_block_set[<%s>, <%s>, <%s>] flag = %d",
               on_aic ? "CUBE" : "VECTOR", pn(in->pipe2), pn(in->pipe),
               in->id), NULL);
      if (c)
        c->cost++; /* after the cheaper local repairs */
    }
    free(done);
  }
  /* a cross-core set left over: the receiver's wait again, after the
     top-level statement holding that wait (a drain) */
  if (in && s->kind == MDL_S_BSET && d->rule == MDL_RULE_UNPAIRED_SET)
    for (uint32_t i = 0; i < x->k->stmts.len && x->out->len < MAX_CANDS;
         i++) {
      const mdl_stmt *w = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
      const mdl_inst *wi;
      if (w->kind != MDL_S_BWAIT || !(wi = first_inst(x->k, w)) ||
          wi->id != in->id || !x->si[w->id].seen)
        continue;
      const mdl_stmt *top = w;
      while (x->si[top->id].parent)
        top = x->si[top->id].parent;
      /* as many as the sender pre-credits: one or two */
      for (int n = 1; n <= 2; n++) {
        fix_cand *c = cand_new(x, fmt("%d drain %s after the %s at %u:%u", n,
                                      sname(w), sname(top), top->loc.line,
                                      top->loc.col));
        for (int j = 0; j < n; j++)
          edit(c, FIX_INSERT_AFTER, top->loc.line, op_text(x, w), NULL);
      }
    }
  /* a typo in the event id: the set or wait with another id of its
     pipe pair (one that a sync of the pair uses: an id no other sync
     uses could never pair up, the renamed sync would be left unpaired) */
  for (int pass = 0; pass <= (int)d->nrelated; pass++) {
    const mdl_stmt *o =
        pass ? stmt_at(x, d->related[pass - 1].line,
                       d->related[pass - 1].col)
             : s;
    const mdl_inst *oi = o ? first_inst(x->k, o) : NULL;
    if (oi && oi->id >= 0 && (o->kind == MDL_S_BSET || o->kind == MDL_S_BWAIT)) {
      /* a cross-core flag typo: another flag id */
      char old[32];
      snprintf(old, sizeof old, "flag = %d", oi->id);
      char *txt = op_text(x, o);
      bool has = strstr(txt, old) != NULL;
      free(txt);
      uint32_t used = used_ids(x->k, o, oi);
      for (int id = 0; has && id <= x->k->prof->max_block_flag; id++) {
        if (id == oi->id || ((x->k->prof->reserved_flags >> id) & 1) ||
            !((used >> id) & 1))
          continue;
        fix_cand *c = cand_new(x, fmt("%s at %u:%u with flag %d instead of "
                                      "%d", sname(o), o->loc.line, o->loc.col,
                                      id, oi->id));
        edit(c, FIX_REPLACE, o->loc.line, fmt("flag = %d", id), old);
      }
      continue;
    }
    if (!oi || oi->id < 0 || (o->kind != MDL_S_SET && o->kind != MDL_S_WAIT))
      continue;
    char old[32];
    snprintf(old, sizeof old, "<EVENT_ID%d>", oi->id);
    char *txt = op_text(x, o);
    bool has = strstr(txt, old) != NULL;
    free(txt);
    uint32_t used = used_ids(x->k, o, oi);
    for (int id = 0; has && id <= x->k->prof->max_event_id; id++) {
      if (id == oi->id || ((x->k->prof->reserved_event_ids >> id) & 1) ||
          !((used >> id) & 1))
        continue;
      fix_cand *c = cand_new(x, fmt("%s at %u:%u with EVENT_ID%d instead of "
                                    "EVENT_ID%d",
                                    sname(o), o->loc.line, o->loc.col, id,
                                    oi->id));
      edit(c, FIX_REPLACE, o->loc.line, fmt("<EVENT_ID%d>", id), old);
    }
  }
  if (in && in->id >= 0)
    credit_count_cands(x, s, in);
  if (in)
    id_expr_cands(x, s, in);
  delete_cand(x, s, "");
  for (uint32_t r = 0; r < d->nrelated; r++)
    delete_cand(x, stmt_at(x, d->related[r].line, d->related[r].col), "");
  move_cands(x, s);
  for (uint32_t r = 0; r < d->nrelated; r++) {
    const mdl_stmt *o = stmt_at(x, d->related[r].line, d->related[r].col);
    if (o && o != s)
      move_cands(x, o);
  }
  /* the other syncs of the flag (a set in the wrong branch, ...) */
  if (in && in->id >= 0)
    for (uint32_t i = 0; i < x->k->stmts.len && x->out->len < MAX_CANDS;
         i++) {
      const mdl_stmt *o = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
      const mdl_inst *oi;
      if (o == s || !is_sync_stmt(o) || o->kind == MDL_S_BARRIER ||
          !(oi = first_inst(x->k, o)) || oi->id != in->id ||
          oi->core != in->core)
        continue;
      bool same = (o->kind == MDL_S_SET || o->kind == MDL_S_WAIT)
                      ? ((oi->kind == in->kind && oi->pipe == in->pipe &&
                          oi->pipe2 == in->pipe2) ||
                         (oi->kind != in->kind && oi->pipe == in->pipe2 &&
                          oi->pipe2 == in->pipe))
                      : (o->kind == MDL_S_BSET || o->kind == MDL_S_BWAIT);
      if (same && x->si[o->id].parent &&
          x->si[o->id].parent->kind == MDL_S_IF)
        move_cands(x, o);
    }
  /* a set and its wait under two different conditions: either moved out
     of its branch under the condition of the other's branch */
  if (in && in->id >= 0 && (s->kind == MDL_S_SET || s->kind == MDL_S_WAIT))
    for (uint32_t i = 0; i < x->k->stmts.len && x->out->len < MAX_CANDS;
         i++) {
      const mdl_stmt *o = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
      const mdl_inst *oi;
      if (o == s || !x->si[o->id].seen ||
          (o->kind != MDL_S_SET && o->kind != MDL_S_WAIT) ||
          o->kind == s->kind || !(oi = first_inst(x->k, o)) ||
          oi->id != in->id || oi->core != in->core ||
          oi->pipe != in->pipe2 || oi->pipe2 != in->pipe)
        continue;
      const mdl_stmt *ps = x->si[s->id].parent, *po = x->si[o->id].parent;
      if (!ps || !po || ps->kind != MDL_S_IF || po->kind != MDL_S_IF ||
          ps == po)
        continue;
      under_cond(x, o, po, s);
      under_cond(x, s, ps, o);
    }
  /* a sync of the flag on the wrong side of a loop: one outside the loops
     holding s (a pre-credit emitted after the loop) moved just before or
     after each of them; one inside loops that s is not in (a pre-credit
     issued on the first iteration, a drain on the last; on either core
     for a cross-core flag) moved out of them */
  if (in && in->id >= 0)
    for (uint32_t i = 0; i < x->k->stmts.len && x->out->len < MAX_CANDS;
         i++) {
      const mdl_stmt *o = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
      const mdl_inst *oi;
      if (o == s || !x->si[o->id].seen || !own_line(x, o) ||
          !(oi = first_inst(x->k, o)) || oi->id != in->id)
        continue;
      bool same;
      if (s->kind == MDL_S_SET || s->kind == MDL_S_WAIT)
        same = (o->kind == MDL_S_SET || o->kind == MDL_S_WAIT) &&
               oi->core == in->core &&
               ((oi->kind == in->kind && oi->pipe == in->pipe &&
                 oi->pipe2 == in->pipe2) ||
                (oi->kind != in->kind && oi->pipe == in->pipe2 &&
                 oi->pipe2 == in->pipe));
      else
        same = (s->kind == MDL_S_BSET || s->kind == MDL_S_BWAIT) &&
               (o->kind == MDL_S_BSET || o->kind == MDL_S_BWAIT);
      if (!same)
        continue;
      for (const mdl_stmt *L = enclosing_loop(x, s); L;
           L = enclosing_loop(x, L))
        if (!inside(x, o, L) && fn_block(x, o) == fn_block(x, L))
          loop_move(x, o, L, 0);
      uint32_t lvl = 0;
      for (const mdl_stmt *L = enclosing_loop(x, o); L;
           L = enclosing_loop(x, L), lvl++)
        if (!inside(x, s, L))
          loop_move(x, o, L, lvl);
    }
}

/* A pipe the core lacks: the sync (and the syncs of its flag naming the
** same pipe) with each pipe the core has. */
static void pipe_swap_cands(cx *x, const mdl_stmt *s, const mdl_inst *in) {
  if (!own_line(x, s))
    return;
  mdl_core_type ct = x->k->cores[in->core].type;
  char *txt = op_text(x, s);
  /* C++ spells the pipe as a template argument after the mode
     (CrossCoreSetFlag<2, PIPE_MTE1>) where HIVM writes <PIPE_MTE1> */
  const char *form = "<%s>";
  for (int p = 0; p < MDL_NPIPE; p++) {
    char tok[32];
    snprintf(tok, sizeof tok, "<%s>", pn(p));
    if (!strstr(txt, tok) && x->t->cxx) {
      snprintf(tok, sizeof tok, " %s>", pn(p));
      form = " %s>";
    }
    if (!strstr(txt, tok) || mdl_core_has_pipe(x->k->prof, ct, (mdl_pipe)p))
      continue;
    for (int q = 0; q < MDL_NPIPE; q++) {
      if (q == p || q == MDL_PIPE_S ||
          !mdl_core_has_pipe(x->k->prof, ct, (mdl_pipe)q))
        continue;
      char nt[32];
      snprintf(nt, sizeof nt, form, pn(q));
      fix_cand *c = cand_new(x, fmt("%s in the syncs of flag %d instead of %s",
                                    pn(q), in->id, pn(p)));
      for (uint32_t i = 0; c && i < x->k->stmts.len; i++) {
        const mdl_stmt *o = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
        const mdl_inst *oi;
        if (o->kind != s->kind && !(s->kind == MDL_S_BSET &&
                                    o->kind == MDL_S_BWAIT) &&
            !(s->kind == MDL_S_BWAIT && o->kind == MDL_S_BSET) &&
            !(s->kind == MDL_S_SET && o->kind == MDL_S_WAIT) &&
            !(s->kind == MDL_S_WAIT && o->kind == MDL_S_SET))
          continue;
        if (!(oi = first_inst(x->k, o)) || oi->id != in->id ||
            !own_line(x, o))
          continue;
        char *ot = op_text(x, o);
        if (strstr(ot, tok))
          edit(c, FIX_REPLACE, o->loc.line, fmt("%s", nt), tok);
        free(ot);
      }
    }
  }
  free(txt);
}

/* invalid-sync: rename the flag to a free valid id (in every sync of the
** same flag), or remove the sync. */
static void invalid_cands(cx *x, const mdl_diag *d) {
  const mdl_stmt *s = stmt_at(x, d->line, d->col);
  if (!s)
    return;
  const mdl_inst *in = first_inst(x->k, s);
  if (in && in->kind != MDL_I_OP)
    pipe_swap_cands(x, s, in);
  if (in && in->kind != MDL_I_OP)
    id_expr_cands(x, s, in);
  if (in && in->id >= 0 && (s->kind == MDL_S_SET || s->kind == MDL_S_WAIT)) {
    mdl_pipe src = (mdl_pipe)(s->kind == MDL_S_SET ? in->pipe : in->pipe2);
    mdl_pipe dst = (mdl_pipe)(s->kind == MDL_S_SET ? in->pipe2 : in->pipe);
    /* the rotation the block's other syncs use, in every sync of the
       flag (a typo'd double-buffer id) */
    for (const mdl_stmt *o = x->si[s->id].blk->first; o; o = o->next) {
      char *rid = rotating_id(x, o);
      if (!rid)
        continue;
      char old[32];
      snprintf(old, sizeof old, "<EVENT_ID%d>", in->id);
      fix_cand *c = cand_new(x, fmt("EVENT_ID%d replaced by the buffer "
                                    "rotation %s in the syncs of the flag "
                                    "%s -> %s", in->id, rid, pn(src),
                                    pn(dst)));
      for (const mdl_stmt *q = x->si[s->id].blk->first; c && q;
           q = q->next) {
        const mdl_inst *qi;
        if ((q->kind != MDL_S_SET && q->kind != MDL_S_WAIT) ||
            !(qi = first_inst(x->k, q)) || qi->id != in->id ||
            !own_line(x, q))
          continue;
        char *qt = op_text(x, q);
        if (strstr(qt, old))
          edit(c, FIX_REPLACE, q->loc.line, fmt("%s", rid), old);
        free(qt);
      }
      free(rid);
      break;
    }
    int id = free_event(x->k, src, dst);
    if (id >= 0) {
      fix_cand *c = cand_new(x, fmt("EVENT_ID%d renamed EVENT_ID%d in every "
                                    "sync of the flag %s -> %s",
                                    in->id, id, pn(src), pn(dst)));
      char old[32], nw[32];
      snprintf(old, sizeof old, "<EVENT_ID%d>", in->id);
      snprintf(nw, sizeof nw, "<EVENT_ID%d>", id);
      uint8_t *done = calloc(x->t->lines.len + 1, 1);
      for (uint32_t i = 0; c && done && i < x->k->insts.len; i++) {
        const mdl_inst *o = mdl_inst_at(x->k, i);
        const mdl_stmt *os = MDL_VEC_AT(x->k->stmts, mdl_stmt *, o->stmt);
        bool same = o->id == in->id && o->core == in->core &&
                    ((o->kind == MDL_I_SET && o->pipe == src &&
                      o->pipe2 == dst) ||
                     (o->kind == MDL_I_WAIT && o->pipe2 == src &&
                      o->pipe == dst));
        if (!same || o->implicit || !os->loc.line ||
            os->loc.line > x->t->lines.len || done[os->loc.line])
          continue;
        done[os->loc.line] = 1;
        edit(c, FIX_REPLACE, os->loc.line, fmt("%s", nw), old);
      }
      free(done);
    }
  } else if (in && in->id >= 0 &&
             (s->kind == MDL_S_BSET || s->kind == MDL_S_BWAIT)) {
    int f = free_xflag(x->k);
    if (f >= 0) {
      fix_cand *c = cand_new(x, fmt("cross-core flag %d renamed %d in every "
                                    "sync of it", in->id, f));
      char old[32], nw[32];
      snprintf(old, sizeof old, "flag = %d", in->id);
      snprintf(nw, sizeof nw, "flag = %d", f);
      uint8_t *done = calloc(x->t->lines.len + 1, 1);
      for (uint32_t i = 0; c && done && i < x->k->stmts.len; i++) {
        const mdl_stmt *o = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
        const mdl_inst *oi;
        if ((o->kind != MDL_S_BSET && o->kind != MDL_S_BWAIT) ||
            !(oi = first_inst(x->k, o)) || oi->id != in->id ||
            !o->loc.line || o->loc.line > x->t->lines.len ||
            done[o->loc.line])
          continue;
        done[o->loc.line] = 1;
        edit(c, FIX_REPLACE, o->loc.line, fmt("%s", nw), old);
      }
      free(done);
    }
  }
  delete_cand(x, s, "");
}

/* redundant-*: remove the sync and the syncs of its flag named with it. */
static void redundant_cands(cx *x, const mdl_diag *d) {
  const mdl_stmt *s = stmt_at(x, d->line, d->col);
  if (!s || !own_line(x, s))
    return;
  fix_cand *c = cand_new(x, fmt("%s at %u:%u removed%s", sname(s), s->loc.line,
                                s->loc.col,
                                d->nrelated ? " with the syncs of its flag"
                                            : ""));
  edit(c, FIX_DELETE, s->loc.line, NULL, NULL);
  for (uint32_t r = 0; c && r < d->nrelated; r++) {
    const mdl_stmt *o = stmt_at(x, d->related[r].line, d->related[r].col);
    if (!o || !own_line(x, o)) {
      /* a group we cannot delete line by line: no candidate */
      fix_cand_free(c);
      x->out->len--;
      return;
    }
    edit(c, FIX_DELETE, o->loc.line, NULL, NULL);
  }
}

bool fix_rule_fixable(mdl_rule r) {
  switch (r) {
  case MDL_RULE_RACE:
  case MDL_RULE_PIPE_HAZARD:
  case MDL_RULE_XCORE_RACE:
  case MDL_RULE_DEADLOCK:
  case MDL_RULE_DOUBLE_SET:
  case MDL_RULE_UNPAIRED_SET:
  case MDL_RULE_FLAG_OVERFLOW:
  case MDL_RULE_INVALID_SYNC:
  case MDL_RULE_REDUNDANT_WAIT:
  case MDL_RULE_REDUNDANT_BARRIER:
    return true;
  default:
    return false;
  }
}

/* Does candidate c add, move, change or remove a cross-core sync?  A lone
** half gets no such repair: its partner cores are not in the input, so
** nothing can check what the edit does to them. */
static bool touches_xcore(const fix_text *t, const fix_cand *c) {
  for (uint32_t e = 0; e < c->edits.len; e++) {
    const fix_edit *x = &MDL_VEC_AT(c->edits, fix_edit, e);
    if (x->text && strstr(x->text, "sync_block"))
      return true;
    if ((x->op == FIX_DELETE || x->op == FIX_REPLACE) && x->line >= 1 &&
        x->line <= t->lines.len &&
        strstr(MDL_VEC_AT(t->lines, fix_line, x->line - 1).text,
               "sync_block"))
      return true;
  }
  return false;
}

static int cand_cmp(const void *p, const void *q) {
  const fix_cand *a = p, *b = q;
  return a->cost < b->cost ? -1 : a->cost > b->cost;
}

/* Edits are lines of the input text: a kernel whose statements also come
** from other files (a C++ kernel's headers, mdl_loc.file) may only be
** edited on lines that hold statements of the input and none of another
** file (a header's line numbers can coincide with the input's).  Marks in
** ok[line] (nlines + 1 slots) the lines an edit may touch; NULL when
** every statement is the input's (HIVM): every line may. */
/* C++: does the input's line of s not hold s (its op's name is not on
** the line from its column on)?  Then its location is another file's (a
** frontend that does not record a header's file index gives its lines as
** the input's). */
static bool misplaced(const fix_text *t, const mdl_stmt *s) {
  if (!t->cxx || !s->name || s->implicit || s->auto_sync || !s->loc.line ||
      s->loc.line > t->lines.len || s->kind != MDL_S_OP)
    return false;
  const char *l = MDL_VEC_AT(t->lines, fix_line, s->loc.line - 1).text;
  size_t n = strcspn(s->name, " (");
  if (s->loc.col >= 1 && s->loc.col - 1 <= strlen(l))
    l += s->loc.col - 1;
  for (const char *p = strstr(l, s->name); p; p = strstr(p + 1, s->name))
    if (strlen(p) >= n && !strncmp(p, s->name, n))
      return false;
  return true;
}

static uint8_t *input_lines(const mdl_kernel *k, const fix_text *t) {
  uint32_t nlines = t->lines.len;
  bool foreign = false;
  for (uint32_t i = 0; i < k->stmts.len && !foreign; i++)
    foreign = MDL_VEC_AT(k->stmts, mdl_stmt *, i)->loc.file != 0 ||
              misplaced(t, MDL_VEC_AT(k->stmts, mdl_stmt *, i));
  if (!foreign)
    return NULL;
  uint8_t *ok = calloc(nlines + 2, 1);
  if (!ok)
    return NULL;
  for (uint32_t i = 0; i < k->stmts.len; i++) {
    const mdl_stmt *s = MDL_VEC_AT(k->stmts, mdl_stmt *, i);
    if (s->auto_sync || s->loc.line > nlines)
      continue;
    ok[s->loc.line] |= s->loc.file || misplaced(t, s) ? 2 : 1;
  }
  return ok;
}

/* Drops the candidates of out[first..] with an edit off the input's own
** lines (input_lines); returns how many were dropped. */
static uint32_t drop_foreign(const mdl_kernel *k, const fix_text *t,
                             mdl_vec *out, uint32_t first) {
  uint8_t *ok = input_lines(k, t);
  if (!ok)
    return 0;
  uint32_t kept = first, dropped = 0;
  for (uint32_t i = first; i < out->len; i++) {
    fix_cand *c = &MDL_VEC_AT(*out, fix_cand, i);
    bool fits = true;
    for (uint32_t e = 0; e < c->edits.len && fits; e++) {
      uint32_t l = MDL_VEC_AT(c->edits, fix_edit, e).line;
      fits = l <= t->lines.len && ok[l] == 1;
    }
    if (fits) {
      MDL_VEC_AT(*out, fix_cand, kept++) = *c;
    } else {
      fix_cand_free(c);
      dropped++;
    }
  }
  out->len = kept;
  free(ok);
  return dropped;
}

void fix_candidates(const mdl_kernel *k, const fix_text *t, const mdl_diag *d,
                    mdl_vec *out) {
  if (!fix_rule_fixable(d->rule) || !k->unrolled)
    return;
  cx x = {.k = k, .t = t,
        .si = calloc(k->nstmts ? k->nstmts : 1, sizeof(sinfo)),
        .out = out};
  if (!x.si)
    return;
  for (uint32_t c = 0; c < k->ncores; c++)
    if (k->cores[c].fn)
      walk(x.si, &k->cores[c].fn->body, NULL);
  /* the definitions index of def_stmt (the first statement defining a
     value, in statement order) */
  for (uint32_t c = 0; c < k->ncores; c++) {
    const mdl_func *fn = k->cores[c].fn;
    int f = 0;
    while (fn && f < 3 && x.fb[f] && x.fb[f] != &fn->body)
      f++;
    if (!fn || f == 3 || x.fb[f])
      continue;
    x.fb[f] = &fn->body;
    x.ndefs[f] = fn->values.len;
    x.defs[f] = calloc(fn->values.len ? fn->values.len : 1,
                       sizeof *x.defs[f]);
  }
  for (uint32_t i = 0; i < k->stmts.len; i++) {
    const mdl_stmt *c = MDL_VEC_AT(k->stmts, mdl_stmt *, i);
    if (c->def == MDL_NOVAL || !x.si[c->id].seen)
      continue;
    const mdl_block *fb = fn_block(&x, c);
    for (int f = 0; f < 3; f++)
      if (x.fb[f] == fb && x.defs[f] && c->def < x.ndefs[f] &&
          !x.defs[f][c->def])
        x.defs[f][c->def] = c;
  }
  uint32_t first = out->len;
  switch (d->rule) {
  case MDL_RULE_RACE:
  case MDL_RULE_PIPE_HAZARD:
  case MDL_RULE_XCORE_RACE:
    race_cands(&x, d);
    break;
  case MDL_RULE_INVALID_SYNC:
    invalid_cands(&x, d);
    break;
  case MDL_RULE_REDUNDANT_WAIT:
  case MDL_RULE_REDUNDANT_BARRIER:
    redundant_cands(&x, d);
    break;
  default:
    flag_cands(&x, d);
    break;
  }
  /* a candidate whose edits all fell through (no line of the text fitted)
     is nothing to try */
  uint32_t kept = first;
  for (uint32_t i = first; i < out->len; i++) {
    fix_cand *c = &MDL_VEC_AT(*out, fix_cand, i);
    if (!c->edits.len || (k->open && touches_xcore(t, c)))
      fix_cand_free(c);
    else
      MDL_VEC_AT(*out, fix_cand, kept++) = *c;
  }
  out->len = kept;
  uint32_t n_all = out->len - first;
  uint32_t n_foreign = drop_foreign(k, t, out, first);
  uint32_t n_asc = fix_asc_respell(k, t, out, first);
  /* the missing FreeTensor: C++ already, made after the respelling */
  fix_que_cands(k, t, d, out);
  if (getenv("KSV_FIX_TRACE"))
    fprintf(stderr, "fix: %u candidates made, %u off the input's lines, %u "
            "without an Ascend C spelling\n", n_all, n_foreign, n_asc);
  /* cheapest first, stable within a cost */
  if (out->len > first + 1) {
    fix_cand *c = &MDL_VEC_AT(*out, fix_cand, first);
    uint32_t n = out->len - first;
    /* insertion sort keeps the canonical order among equals */
    for (uint32_t i = 1; i < n; i++) {
      fix_cand v = c[i];
      uint32_t j = i;
      while (j > 0 && cand_cmp(&c[j - 1], &v) > 0) {
        c[j] = c[j - 1];
        j--;
      }
      c[j] = v;
    }
  }
  for (int f = 0; f < 3; f++)
    free(x.defs[f]);
  free(x.si);
}
