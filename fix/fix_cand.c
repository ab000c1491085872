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
#include "fix_x.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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
const mdl_stmt *fix_x_stmt_at(const cx *x, uint32_t line, uint32_t col) {
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
const char *fix_x_sname(const mdl_stmt *s) {
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

fix_cand *fix_x_cand_new(cx *x, char *what) {
  if (x->out->len >= MAX_CANDS) {
    free(what);
    return NULL;
  }
  fix_cand *c = mdl_vec_push(x->out, sizeof *c);
  c->what = what;
  return c;
}

void fix_x_edit(fix_cand *c, fix_op op, uint32_t line, char *text,
                 const char *old) {
  if (!c) {
    free(text);
    return;
  }
  fix_edit *e = mdl_vec_push(&c->edits, sizeof *e);
  e->op = op;
  e->line = line;
  e->text = text;
  e->old = old ? mdl_strprintf("%s", old) : NULL;
  c->cost += op == FIX_REPLACE ? 2 : 1;
  for (const char *p = text; op != FIX_REPLACE && p && (p = strchr(p, '\n'));
       p++)
    c->cost++; /* a multi-line insert: one per line */
}

/* Does the source line of s hold just s (so deleting the line deletes s,
** and nothing opens a region on it)? */
bool fix_x_own_line(const cx *x, const mdl_stmt *s) {
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
char *fix_x_op_text(const cx *x, const mdl_stmt *s) {
  const char *l = MDL_VEC_AT(x->t->lines, fix_line, s->loc.line - 1).text;
  size_t a = s->loc.col ? s->loc.col - 1 : 0;
  if (a > strlen(l))
    a = 0;
  const char *c = strstr(l + a, "//");
  size_t n = c ? (size_t)(c - (l + a)) : strlen(l + a);
  while (n && (l[a + n - 1] == ' ' || l[a + n - 1] == '\t'))
    n--;
  return mdl_strprintf("%.*s", (int)n, l + a);
}

/* ---------------------------------------------------- kernel queries */

/* Pipes (bitmask) and core types (bit 0 AIC, bit 1 AIV) of the instances
** of s that access memory. */
void fix_x_pipes_of(const mdl_kernel *k, const mdl_stmt *s, uint32_t *pipes,
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
bool fix_x_same_src(const mdl_kernel *k, uint32_t st, const mdl_stmt *s) {
  const mdl_stmt *o = MDL_VEC_AT(k->stmts, mdl_stmt *, st);
  return o == s || (o->loc.line == s->loc.line && o->loc.col == s->loc.col &&
                    o->loc.file == s->loc.file && o->kind == s->kind);
}

int fix_x_free_event(const mdl_kernel *k, mdl_pipe src, mdl_pipe dst) {
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
int fix_x_free_xflag(const mdl_kernel *k) {
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

const mdl_inst *fix_x_first_inst(const mdl_kernel *k, const mdl_stmt *s) {
  for (uint32_t i = 0; i < k->insts.len; i++)
    if (mdl_inst_at(k, i)->stmt == s->id)
      return mdl_inst_at(k, i);
  return NULL;
}

const char *fix_x_pn(int p) { return mdl_pipe_name((mdl_pipe)p); }

char *fix_x_set_text(int src, int dst, int id) {
  return mdl_strprintf("hivm.hir.set_flag[<%s>, <%s>, <EVENT_ID%d>]",
                       fix_x_pn(src), fix_x_pn(dst), id);
}

char *fix_x_wait_text(int src, int dst, int id) {
  return mdl_strprintf("hivm.hir.wait_flag[<%s>, <%s>, <EVENT_ID%d>]",
                       fix_x_pn(src), fix_x_pn(dst), id);
}

/* The ancestor of s (or s) whose block is blk; NULL if none. */
const mdl_stmt *fix_x_ancestor_in(const cx *x, const mdl_stmt *s,
                                   const mdl_block *blk) {
  while (s && x->si[s->id].blk != blk)
    s = x->si[s->id].parent;
  return s;
}

/* The innermost block that holds both a and b (through their
** ancestors). */
const mdl_block *fix_x_common_block(const cx *x, const mdl_stmt *a,
                                     const mdl_stmt *b) {
  for (const mdl_stmt *p = a; p; p = x->si[p->id].parent)
    if (fix_x_ancestor_in(x, b, x->si[p->id].blk))
      return x->si[p->id].blk;
  return NULL;
}

const mdl_stmt *fix_x_enclosing_loop(const cx *x, const mdl_stmt *s) {
  for (const mdl_stmt *p = x->si[s->id].parent; p; p = x->si[p->id].parent)
    if (p->kind == MDL_S_FOR || p->kind == MDL_S_WHILE)
      return p;
  return NULL;
}

/* The loop whose body is (or holds, through ifs) block blk. */
const mdl_stmt *fix_x_loop_of_block(const cx *x, const mdl_stmt *member) {
  return fix_x_enclosing_loop(x, member);
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
    const mdl_block *fb = fix_x_fn_block(&x, c);
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
    fix_x_race_cands(&x, d);
    break;
  case MDL_RULE_INVALID_SYNC:
    fix_x_invalid_cands(&x, d);
    break;
  case MDL_RULE_REDUNDANT_WAIT:
  case MDL_RULE_REDUNDANT_BARRIER:
    fix_x_redundant_cands(&x, d);
    break;
  default:
    fix_x_flag_cands(&x, d);
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
