/*
** fix_flag.c -- candidate repairs of flag misuse (deadlock, unpaired set,
** double set, overflow: the missing partner, moved or removed syncs,
** pre-credits, id expressions), invalid and redundant syncs.  Internals
** in fix_x.h.
*/
#include "fix.h"
#include "fix_x.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
const mdl_block *fix_x_fn_block(const cx *x, const mdl_stmt *s) {
  while (x->si[s->id].parent)
    s = x->si[s->id].parent;
  return x->si[s->id].blk;
}

/* Deletes sync s for candidate c (which moves it elsewhere); when s was
** all its `scf.if` held (the if alone on its line, then s, then the
** closing brace; no else, no results), the emptied if goes too, without
** counting in the candidate's cost. */
static void delete_sync(const cx *x, fix_cand *c, const mdl_stmt *s) {
  fix_x_edit(c, FIX_DELETE, s->loc.line, NULL, NULL);
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
  fix_x_edit(c, FIX_DELETE, p->loc.line, NULL, NULL);
  fix_x_edit(c, FIX_DELETE, p->loc.line + 2, NULL, NULL);
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
    char *r = fix_x_rotating_id(x, s);
    bool ssa = r != NULL;
    free(r);
    if (!ssa)
      return MDL_NOVAL;
  } else if (s->kind == MDL_S_BSET || s->kind == MDL_S_BWAIT) {
    char *t = fix_x_op_text(x, s);
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
  char *txt = fix_x_op_text(x, s);
  for (int after = 0; after < 2; after++) {
    fix_cand *c = fix_x_cand_new(
        x, mdl_strprintf("%s at %u:%u moved %s the loop at %u:%u",
                         fix_x_sname(s), s->loc.line, s->loc.col,
                         after ? "after" : "before", L->loc.line, L->loc.col));
    delete_sync(x, c, s);
    fix_x_edit(c, after ? FIX_INSERT_AFTER : FIX_INSERT_BEFORE, L->loc.line,
               mdl_strprintf("%s", txt), NULL);
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
  if (!is_sync_stmt(s) || !fix_x_own_line(x, s))
    return;
  char *txt = fix_x_op_text(x, s);
  for (const mdl_stmt *p = x->si[s->id].parent; p && p->kind == MDL_S_IF;
       p = x->si[p->id].parent) {
    for (int after = 0; after < 2; after++) {
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf("%s at %u:%u moved out of the branch at "
                           "%u:%u, %s it",
                           fix_x_sname(s), s->loc.line, s->loc.col, p->loc.line,
                           p->loc.col, after ? "after" : "before"));
      delete_sync(x, c, s);
      fix_x_edit(c, after ? FIX_INSERT_AFTER : FIX_INSERT_BEFORE, p->loc.line,
                 mdl_strprintf("%s", txt), NULL);
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
        fix_x_fn_block(x, o) != fix_x_fn_block(x, w) ||
        !(p = x->si[o->id].parent) || p->kind != MDL_S_IF)
      continue;
    branch_out(x, o);
  }
}

static void move_cands(cx *x, const mdl_stmt *s) {
  if (!is_sync_stmt(s) || !fix_x_own_line(x, s))
    return;
  branch_out(x, s);
  char *txt = fix_x_op_text(x, s);
  const sinfo *si = &x->si[s->id];
  /* out of its block: just before or just after each loop holding it
     (a pre-credit left inside the loop, a drain on its last iteration),
     the innermost first */
  uint32_t lvl = 0;
  for (const mdl_stmt *L = fix_x_enclosing_loop(x, s); L;
       L = fix_x_enclosing_loop(x, L), lvl++)
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
      fix_cand *c = fix_x_cand_new(
          x,
          mdl_strprintf("%s at %u:%u moved %s the %s at %u:%u", fix_x_sname(s),
                        s->loc.line, s->loc.col, dir < 0 ? "before" : "after",
                        fix_x_sname(o), o->loc.line, o->loc.col));
      fix_x_edit(c, FIX_DELETE, s->loc.line, NULL, NULL);
      fix_x_edit(c, dir < 0 ? FIX_INSERT_BEFORE : FIX_INSERT_AFTER, o->loc.line,
                 mdl_strprintf("%s", txt), NULL);
      if (c)
        c->cost += dist > 1; /* prefer the nearest places */
    }
  free(txt);
}

static void delete_cand(cx *x, const mdl_stmt *s, const char *why) {
  if (!s || !is_sync_stmt(s) || !fix_x_own_line(x, s))
    return;
  fix_cand *c =
      fix_x_cand_new(x, mdl_strprintf("%s at %u:%u removed%s", fix_x_sname(s),
                                      s->loc.line, s->loc.col, why));
  fix_x_edit(c, FIX_DELETE, s->loc.line, NULL, NULL);
}

/* The partner of a flag sync: a set's wait or a wait's set, same flag. */
static char *partner_text(const mdl_stmt *s, const mdl_inst *in) {
  if (s->kind == MDL_S_SET)
    return fix_x_wait_text(in->pipe, in->pipe2, in->id);
  if (s->kind == MDL_S_WAIT)
    return fix_x_set_text(in->pipe2, in->pipe, in->id);
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
  return mdl_strprintf("%.*s", (int)n, q);
}

/* Sync s, in a branch of the if ps, moved out of it (just before and
** just after it) under the condition of the branch that holds its
** partner o: an `scf.if` of its own with that condition (s in its else
** region when o is in an else branch). */
static void under_cond(cx *x, const mdl_stmt *s, const mdl_stmt *ps,
                       const mdl_stmt *o) {
  const mdl_stmt *po = x->si[o->id].parent;
  char *c = fix_x_own_line(x, s) ? if_cond(x, po) : NULL;
  if (!c)
    return;
  bool in_else = x->si[o->id].blk == &po->u.cif.else_b;
  char *txt = fix_x_op_text(x, s);
  for (int after = 0; after < 2; after++) {
    fix_cand *k = fix_x_cand_new(
        x, mdl_strprintf("%s at %u:%u moved out of the branch at "
                         "%u:%u, %s it, under the condition of the "
                         "branch at %u:%u (%s%s) that holds its "
                         "partner",
                         fix_x_sname(s), s->loc.line, s->loc.col, ps->loc.line,
                         ps->loc.col, after ? "after" : "before", po->loc.line,
                         po->loc.col, in_else ? "not " : "", c));
    delete_sync(x, k, s);
    fix_x_edit(k, after ? FIX_INSERT_AFTER : FIX_INSERT_BEFORE, ps->loc.line,
               in_else ? mdl_strprintf("scf.if %s {\n} else {\n  %s\n}", c, txt)
                 : mdl_strprintf("scf.if %s {\n  %s\n}", c, txt),
         NULL);
  }
  free(txt);
  free(c);
}

/* The function whose body is block fb. */
const mdl_func *fix_x_func_of(const cx *x, const mdl_block *fb) {
  for (uint32_t c = 0; c < x->k->ncores; c++)
    if (x->k->cores[c].fn && &x->k->cores[c].fn->body == fb)
      return x->k->cores[c].fn;
  return NULL;
}

/* The SSA name (without %) of value v of function f, or NULL. */
const char *fix_x_val_name(const mdl_func *f, mdl_valref v) {
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
        c->def != v || !x->si[c->id].seen || fix_x_fn_block(x, c) != fb ||
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
  const mdl_block *fb = fix_x_fn_block(x, L);
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
        !(oi = fix_x_first_inst(x->k, o)) || oi->id != in->id ||
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
        index_const(x, fix_x_fn_block(x, L), k->def) != k)
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
      const mdl_block *fb = fix_x_fn_block(x, loops[j]);
      const mdl_func *f = fix_x_func_of(x, fb);
      const char *old = fix_x_val_name(f, loops[j]->u.loop.ub), *nw = NULL;
      for (uint32_t i = 0; i < x->k->stmts.len && !nw; i++) {
        const mdl_stmt *k = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
        if (k->kind == MDL_S_SCALAR && k->u.x.op == MDL_X_CONST &&
            k->u.x.k == v && index_const(x, fb, k->def) == k)
          nw = fix_x_val_name(f, k->def);
      }
      char *ot = old ? mdl_strprintf("to %%%s ", old) : NULL;
      const char *l =
          MDL_VEC_AT(x->t->lines, fix_line, loops[j]->loc.line - 1).text;
      bool fits = ot && nw && strstr(l, ot);
      if (fits && !c)
        c = fix_x_cand_new(
            x, mdl_strprintf("the credit loop%s at %u:%u run %lld times "
                             "instead of %lld (one credit per buffer)",
                             nl > 1 ? "s" : "", L->loc.line, L->loc.col,
                             (long long)v, (long long)n));
      if (fits)
        fix_x_edit(c, FIX_REPLACE, loops[j]->loc.line,
                   mdl_strprintf("to %%%s ", nw), ot);
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
const mdl_stmt *fix_x_def_stmt(const cx *x, const mdl_block *fb,
                                mdl_valref v) {
  for (int f = 0; f < 3 && v != MDL_NOVAL; f++)
    if (x->fb[f] == fb && x->defs[f])
      return v < x->ndefs[f] ? x->defs[f][v] : NULL;
  return NULL;
}

/* Does line l use the SSA value %name (as an operand, not a prefix of a
** longer name)? */
bool fix_x_uses_name(const char *l, const char *name) {
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
  const mdl_func *f = fix_x_func_of(x, fb);
  uint32_t lo = UINT32_MAX, hi = 0;
  for (uint32_t i = 0; i < x->k->stmts.len; i++) {
    const mdl_stmt *c = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
    if (!x->si[c->id].seen || fix_x_fn_block(x, c) != fb || !c->loc.line)
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
      const char *nm = fix_x_val_name(f, chain[j]->def);
      if (!nm || fix_x_uses_name(l, nm))
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
  const mdl_block *fb = fix_x_fn_block(x, s);
  const mdl_func *f = fix_x_func_of(x, fb);
  const mdl_stmt *chain[8];
  uint32_t n = 0;
  const mdl_stmt *D = fix_x_def_stmt(x, fb, v);
  while (D && D->kind == MDL_S_SCALAR && n < 8) {
    chain[n++] = D;
    if (D->u.x.op != MDL_X_COPY)
      break;
    D = fix_x_def_stmt(x, fb, D->u.x.a);
  }
  if (!n || !D || D->kind != MDL_S_SCALAR || !fix_x_own_line(x, D) ||
      !feeds_only_syncs(x, fb, chain, n))
    return;
  const char *dl = MDL_VEC_AT(x->t->lines, fix_line, D->loc.line - 1).text;
  /* the modulus of a rotation */
  const mdl_stmt *m = (D->u.x.op == MDL_X_REMU || D->u.x.op == MDL_X_REMS)
                          ? index_const(x, fb, D->u.x.b)
                          : NULL;
  const char *mn = m ? fix_x_val_name(f, m->def) : NULL;
  char *old = mn ? mdl_strprintf(", %%%s ", mn) : NULL;
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
              !(kn = fix_x_val_name(f, k->def)))
            continue;
          fix_cand *c = fix_x_cand_new(
              x, mdl_strprintf("the id rotation at %u:%u modulo "
                               "%lld instead of %lld",
                               D->loc.line, D->loc.col, (long long)want,
                               (long long)m->u.x.k));
          fix_x_edit(c, FIX_REPLACE, D->loc.line, mdl_strprintf(", %%%s ", kn),
                     old);
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
        (oi = fix_x_first_inst(x->k, o)) &&
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
    const mdl_block *ob = fix_x_fn_block(x, o);
    const mdl_stmt *od = fix_x_def_stmt(x, ob, sync_id_val(x, o));
    if (!od || !fix_x_own_line(x, od))
      continue;
    /* the partner's id value, followed to its expression the same way */
    for (uint32_t q = 0; od && od->kind == MDL_S_SCALAR &&
                         od->u.x.op == MDL_X_COPY && q < 8; q++)
      od = fix_x_def_stmt(x, ob, od->u.x.a);
    if (!od || !fix_x_own_line(x, od))
      continue;
    const char *ol = MDL_VEC_AT(x->t->lines, fix_line, od->loc.line - 1).text;
    const char *oeq = strstr(ol, " = ");
    if (!oeq || !strcmp(oeq, eq))
      continue;
    /* every operand it names is a value of this function too */
    const mdl_func *of = fix_x_func_of(x, ob);
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
    fix_cand *c = fix_x_cand_new(
        x, mdl_strprintf("the id at %u:%u computed as its partner's "
                         "at %u:%u",
                         D->loc.line, D->loc.col, od->loc.line, od->loc.col));
    char *oe = mdl_strprintf("%s", oeq), *cm = strstr(oe, "//");
    if (cm)
      *cm = 0;
    char *de = mdl_strprintf("%s", eq), *dm = strstr(de, "//");
    if (dm)
      *dm = 0;
    fix_x_edit(c, FIX_REPLACE, D->loc.line, oe, de);
    free(de);
    break;
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
        fix_cand *c = fix_x_cand_new(
            x,
            preset
                ? mdl_strprintf("the missing pre-credit set_flag (EVENT_ID%d) "
                                "before the loop at line %u%s",
                                id, L[i],
                                drain ? ", and its drain wait after it" : "")
                : mdl_strprintf("a drain wait_flag (EVENT_ID%d) after the loop "
                                "at line %u",
                                id, L[i]));
        if (preset)
          fix_x_edit(c, FIX_INSERT_BEFORE, L[i], fix_x_set_text(src, dst, id),
                     NULL);
        if (!preset || drain)
          fix_x_edit(c, FIX_INSERT_AFTER, L[i], fix_x_wait_text(src, dst, id),
                     NULL);
      }
    }
    if (ids & (ids - 1)) { /* a rotation: every id at once */
      fix_cand *c = fix_x_cand_new(
          x, preset ? mdl_strprintf("the missing pre-credit "
                                    "set_flag per event id before "
                                    "the loop at line %u, drained "
                                    "after it",
                                    L[i])
                    : mdl_strprintf("a drain wait_flag per event id "
                                    "after the loop at line %u",
                                    L[i]));
      for (int id = 0; id < 32; id++)
        if ((ids >> id) & 1) {
          if (preset)
            fix_x_edit(c, FIX_INSERT_BEFORE, L[i], fix_x_set_text(src, dst, id),
                       NULL);
          fix_x_edit(c, FIX_INSERT_AFTER, L[i], fix_x_wait_text(src, dst, id),
                     NULL);
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
  int f = fix_x_free_xflag(x->k);
  for (uint32_t i = 0; f >= 0 && i < x->k->stmts.len; i++) {
    const mdl_stmt *w = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
    const mdl_inst *wi;
    if (w->kind != MDL_S_BWAIT || !(wi = fix_x_first_inst(x->k, w)) ||
        wi->id != in->id || !x->si[w->id].seen || wi->core == in->core)
      continue;
    bool s_cube = x->k->cores[in->core].type == MDL_CORE_AIC,
         w_cube = x->k->cores[wi->core].type == MDL_CORE_AIC;
    const mdl_stmt *ra = op_after(x, w), *sa = op_before(x, s, in->pipe);
    if (ra && sa)
      fix_x_xcore_credited(x, ra, sa, f, ra->u.op.pipe, in->pipe, w_cube,
                           s_cube);
    char *cs = mdl_strprintf(
        "hivm.hir.sync_block_set[<%s>, <%s>, <%s>] flag = %d",
        w_cube ? "CUBE" : "VECTOR", fix_x_pn(wi->pipe), fix_x_pn(in->pipe), f);
    char *cw = mdl_strprintf(
        "hivm.hir.sync_block_wait[<%s>, <%s>, <%s>] flag = %d",
        s_cube ? "CUBE" : "VECTOR", fix_x_pn(wi->pipe), fix_x_pn(in->pipe), f);
    fix_x_cxx_xcore_credit(x, w, s, f, wi->pipe, in->pipe, cs, cw);
    free(cs);
    free(cw);
    break;
  }
}

/* flag_cands: the missing partner of a set or wait next to it, its pre-credit and drain. */
static void partner_cands(cx *x, const mdl_diag *d, const mdl_stmt *s,
                          const mdl_inst *in) {
  /* the missing partner next to it: a set right before a wait that
     never gets one; a wait right before a set that lands on a set flag;
     a drain wait after the top-level statement holding a set left over */
  if (in && in->id >= 0 && (s->kind == MDL_S_SET || s->kind == MDL_S_WAIT)) {
    char *pt = partner_text(s, in);
    if (d->rule == MDL_RULE_DEADLOCK && s->kind == MDL_S_WAIT) {
      fix_x_orphan_wait_set(x, s);
      branch_set_cands(x, s);
    }
    if (d->rule == MDL_RULE_DEADLOCK && s->kind == MDL_S_WAIT) {
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf("the missing %s before the wait at %u:%u",
                           "set_flag", s->loc.line, s->loc.col));
      fix_x_edit(c, FIX_INSERT_BEFORE, s->loc.line, mdl_strprintf("%s", pt),
                 NULL);
      /* a missing pre-credit: a set (per event id the wait uses) before
         the loops that precede the wait or hold it */
      uint32_t ids = 0;
      for (uint32_t i = 0; i < x->k->insts.len; i++) {
        const mdl_inst *o = mdl_inst_at(x->k, i);
        if (fix_x_same_src(x->k, o->stmt, s) && o->id >= 0 && o->id < 32)
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
                fix_cand *pc = fix_x_cand_new(
                    x, mdl_strprintf(
                           "the missing pre-credit set_flag (EVENT_ID%d) "
                           "before the loop at %u:%u%s",
                           id, o->loc.line, o->loc.col,
                           drain ? ", and its drain wait after it" : ""));
                fix_x_edit(pc, FIX_INSERT_BEFORE, o->loc.line,
                           fix_x_set_text(in->pipe2, in->pipe, id), NULL);
                if (drain)
                  fix_x_edit(pc, FIX_INSERT_AFTER, o->loc.line,
                             fix_x_wait_text(in->pipe2, in->pipe, id), NULL);
              }
        }
      cxx_loop_syncs(x, s, in, ids, true);
    } else if (d->rule == MDL_RULE_DOUBLE_SET && s->kind == MDL_S_SET) {
      fix_x_orphan_set_wait(x, s, NULL);
      fix_x_pair_removal(x, s);
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf("the missing wait_flag before the set at "
                           "%u:%u",
                           s->loc.line, s->loc.col));
      fix_x_edit(c, FIX_INSERT_BEFORE, s->loc.line, mdl_strprintf("%s", pt),
                 NULL);
    } else if (d->rule == MDL_RULE_UNPAIRED_SET && s->kind == MDL_S_SET) {
      fix_x_orphan_set_wait(x, s, NULL);
      const mdl_stmt *top = s;
      while (x->si[top->id].parent)
        top = x->si[top->id].parent;
      /* one drain per event id the set uses (a rotation uses several) */
      uint32_t ids = 0;
      for (uint32_t i = 0; i < x->k->insts.len; i++) {
        const mdl_inst *o = mdl_inst_at(x->k, i);
        if (fix_x_same_src(x->k, o->stmt, s) && o->id >= 0 && o->id < 32)
          ids |= 1u << o->id;
      }
      for (int id = 0; id < 32; id++)
        if ((ids >> id) & 1) {
          fix_cand *c = fix_x_cand_new(
              x, mdl_strprintf("a drain wait_flag (EVENT_ID%d) "
                               "after the %s at %u:%u",
                               id, fix_x_sname(top), top->loc.line, top->loc.col));
          fix_x_edit(c, FIX_INSERT_AFTER, top->loc.line,
                     fix_x_wait_text(in->pipe, in->pipe2, id), NULL);
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
        fix_cand *c = fix_x_cand_new(
            x, mdl_strprintf("a drain wait_flag per event id of "
                             "the rotation (%s) after the %s at "
                             "%u:%u",
                             idl, fix_x_sname(top), top->loc.line, top->loc.col));
        uint32_t ndel = 0;
        for (const mdl_stmt *o = top->next; c && o; o = o->next) {
          const mdl_inst *oi;
          if (o->kind != MDL_S_WAIT || sync_id_val(x, o) == MDL_NOVAL ||
              !fix_x_own_line(x, o) || !(oi = fix_x_first_inst(x->k, o)) ||
              oi->core != in->core || oi->pipe2 != in->pipe ||
              oi->pipe != in->pipe2)
            continue;
          fix_x_edit(c, FIX_DELETE, o->loc.line, NULL, NULL);
          ndel++;
        }
        for (int id = 0; id < 32; id++)
          if ((ids >> id) & 1)
            fix_x_edit(c, FIX_INSERT_AFTER, top->loc.line,
                       fix_x_wait_text(in->pipe, in->pipe2, id), NULL);
        if (c && ndel)
          c->what =
              (free(c->what),
               mdl_strprintf("a drain wait_flag per event id of the rotation "
                             "(%s) after the %s at %u:%u, in place of the "
                             "drain of one run-time id",
                             idl, fix_x_sname(top), top->loc.line, top->loc.col));
      }
    }
    free(pt);
  }
}

/* flag_cands: a cross-core wait starved by a missing pre-credit. */
static void xcore_precredit_cands(cx *x, const mdl_diag *d, const mdl_stmt *s,
                                  const mdl_inst *in) {
  /* a cross-core wait starved by a missing pre-credit: the sender's set
     before its loop and the receiver's wait after its own, once or twice
     (a ring of two slots) */
  if (in && s->kind == MDL_S_BWAIT && d->rule == MDL_RULE_DEADLOCK &&
      fix_x_own_line(x, s))
    for (uint32_t i = 0; i < x->k->stmts.len; i++) {
      const mdl_stmt *ps = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
      const mdl_inst *pi;
      if (ps->kind != MDL_S_BSET || !(pi = fix_x_first_inst(x->k, ps)) ||
          pi->id != in->id || !x->si[ps->id].seen || !fix_x_own_line(x, ps))
        continue;
      const mdl_stmt *ls = ps, *lw = s;
      while (x->si[ls->id].parent)
        ls = x->si[ls->id].parent;
      while (x->si[lw->id].parent)
        lw = x->si[lw->id].parent;
      if (ls == ps || lw == s)
        break; /* not in loops: nothing to pre-credit */
      char *st = fix_x_op_text(x, ps), *wt = fix_x_op_text(x, s);
      for (int n = 1; n <= 2; n++) {
        fix_cand *c = fix_x_cand_new(
            x, mdl_strprintf(
                   "%d pre-credit %s before the loop at %u:%u, and as many "
                   "drain %s after the loop at %u:%u",
                   n, fix_x_sname(ps), ls->loc.line, ls->loc.col,
                   fix_x_sname(s), lw->loc.line, lw->loc.col));
        for (int j = 0; j < n; j++) {
          fix_x_edit(c, FIX_INSERT_BEFORE, ls->loc.line,
                     mdl_strprintf("%s", st), NULL);
          fix_x_edit(c, FIX_INSERT_AFTER, lw->loc.line, mdl_strprintf("%s", wt),
                     NULL);
        }
      }
      free(st);
      free(wt);
      break;
    }
}

/* flag_cands: a cross-core counter pushed past 15: back-pressure. */
static void xcore_backpressure_cands(cx *x, const mdl_diag *d, const mdl_stmt *s,
                                     const mdl_inst *in) {
  /* a counter pushed past 15: back-pressure, a credit flag the other way
     (the receiver sets it after each wait, pre-credited once before its
     loop; the sender waits for it before each set, drained after its
     loop) */
  if (in && s->kind == MDL_S_BSET && d->rule == MDL_RULE_FLAG_OVERFLOW &&
      fix_x_own_line(x, s)) {
    int f = fix_x_free_xflag(x->k);
    for (uint32_t i = 0; f >= 0 && i < x->k->stmts.len; i++) {
      const mdl_stmt *w = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
      const mdl_inst *wi;
      if (w->kind != MDL_S_BWAIT || !(wi = fix_x_first_inst(x->k, w)) ||
          wi->id != in->id || !x->si[w->id].seen || !fix_x_own_line(x, w))
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
      char *cs = mdl_strprintf(
          "hivm.hir.sync_block_set[<%s>, <%s>, <%s>] flag = %d",
          s_aic ? "VECTOR" : "CUBE", fix_x_pn(wi->pipe), fix_x_pn(in->pipe), f);
      char *cw = mdl_strprintf(
          "hivm.hir.sync_block_wait[<%s>, <%s>, <%s>] flag = %d",
          s_aic ? "CUBE" : "VECTOR", fix_x_pn(wi->pipe), fix_x_pn(in->pipe), f);
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf(
                 "back-pressure on flag %d: a credit flag %d set after the "
                 "%s at %u:%u (once before its loop), waited for before the "
                 "%s at %u:%u (drained after its loop)",
                 in->id, f, fix_x_sname(w), w->loc.line, w->loc.col,
                 fix_x_sname(s), s->loc.line, s->loc.col));
      fix_x_edit(c, FIX_INSERT_BEFORE, lw->loc.line, mdl_strprintf("%s", cs),
                 NULL);
      fix_x_edit(c, FIX_INSERT_AFTER, w->loc.line, mdl_strprintf("%s", cs),
                 NULL);
      fix_x_edit(c, FIX_INSERT_BEFORE, s->loc.line, mdl_strprintf("%s", cw),
                 NULL);
      fix_x_edit(c, FIX_INSERT_AFTER, ls->loc.line, mdl_strprintf("%s", cw),
                 NULL);
      free(cs);
      free(cw);
      break;
    }
  }
  if (in && s->kind == MDL_S_BSET && d->rule == MDL_RULE_FLAG_OVERFLOW &&
      x->t->cxx)
    cxx_backpressure(x, s, in);
}

/* flag_cands: a cross-core wait no set reaches. */
static void xcore_missing_set_cands(cx *x, const mdl_diag *d, const mdl_stmt *s,
                                    const mdl_inst *in) {
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
          o->pipe != in->pipe2 || done[o->stmt] || !fix_x_own_line(x, os))
        continue;
      done[o->stmt] = 1;
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf("the missing sync_block_set (flag %d) "
                           "after the %s at %u:%u",
                           in->id, fix_x_sname(os), os->loc.line, os->loc.col));
      fix_x_edit(
          c, FIX_INSERT_AFTER, os->loc.line,
          mdl_strprintf("hivm.hir.sync_block_set[<%s>, <%s>, <%s>] flag = %d",
                        on_aic ? "CUBE" : "VECTOR", fix_x_pn(in->pipe2),
                        fix_x_pn(in->pipe), in->id),
          NULL);
      if (c)
        c->cost++; /* after the cheaper local repairs */
    }
    free(done);
  }
}

/* flag_cands: a cross-core set left over: a drain. */
static void xcore_drain_cands(cx *x, const mdl_diag *d, const mdl_stmt *s,
                              const mdl_inst *in) {
  /* a cross-core set left over: the receiver's wait again, after the
     top-level statement holding that wait (a drain) */
  if (in && s->kind == MDL_S_BSET && d->rule == MDL_RULE_UNPAIRED_SET)
    for (uint32_t i = 0; i < x->k->stmts.len && x->out->len < MAX_CANDS;
         i++) {
      const mdl_stmt *w = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
      const mdl_inst *wi;
      if (w->kind != MDL_S_BWAIT || !(wi = fix_x_first_inst(x->k, w)) ||
          wi->id != in->id || !x->si[w->id].seen)
        continue;
      const mdl_stmt *top = w;
      while (x->si[top->id].parent)
        top = x->si[top->id].parent;
      /* as many as the sender pre-credits: one or two */
      for (int n = 1; n <= 2; n++) {
        fix_cand *c =
            fix_x_cand_new(x, mdl_strprintf("%d drain %s after the %s at %u:%u",
                                            n, fix_x_sname(w), fix_x_sname(top),
                                            top->loc.line, top->loc.col));
        for (int j = 0; j < n; j++)
          fix_x_edit(c, FIX_INSERT_AFTER, top->loc.line, fix_x_op_text(x, w),
                     NULL);
      }
    }
}

/* flag_cands: a typo in the event id or flag. */
static void id_typo_cands(cx *x, const mdl_diag *d, const mdl_stmt *s,
                          const mdl_inst *in) {
  /* a typo in the event id: the set or wait with another id of its
     pipe pair (one that a sync of the pair uses: an id no other sync
     uses could never pair up, the renamed sync would be left unpaired) */
  for (int pass = 0; pass <= (int)d->nrelated; pass++) {
    const mdl_stmt *o =
        pass ? fix_x_stmt_at(x, d->related[pass - 1].line,
                             d->related[pass - 1].col)
             : s;
    const mdl_inst *oi = o ? fix_x_first_inst(x->k, o) : NULL;
    if (oi && oi->id >= 0 &&
        (o->kind == MDL_S_BSET || o->kind == MDL_S_BWAIT)) {
      /* a cross-core flag typo: another flag id */
      char old[32];
      snprintf(old, sizeof old, "flag = %d", oi->id);
      char *txt = fix_x_op_text(x, o);
      bool has = strstr(txt, old) != NULL;
      free(txt);
      uint32_t used = used_ids(x->k, o, oi);
      for (int id = 0; has && id <= x->k->prof->max_block_flag; id++) {
        if (id == oi->id || ((x->k->prof->reserved_flags >> id) & 1) ||
            !((used >> id) & 1))
          continue;
        fix_cand *c = fix_x_cand_new(
            x, mdl_strprintf("%s at %u:%u with flag %d instead of "
                             "%d",
                             fix_x_sname(o), o->loc.line, o->loc.col, id, oi->id));
        fix_x_edit(c, FIX_REPLACE, o->loc.line, mdl_strprintf("flag = %d", id),
                   old);
      }
      continue;
    }
    if (!oi || oi->id < 0 || (o->kind != MDL_S_SET && o->kind != MDL_S_WAIT))
      continue;
    char old[32];
    snprintf(old, sizeof old, "<EVENT_ID%d>", oi->id);
    char *txt = fix_x_op_text(x, o);
    bool has = strstr(txt, old) != NULL;
    free(txt);
    uint32_t used = used_ids(x->k, o, oi);
    for (int id = 0; has && id <= x->k->prof->max_event_id; id++) {
      if (id == oi->id || ((x->k->prof->reserved_event_ids >> id) & 1) ||
          !((used >> id) & 1))
        continue;
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf("%s at %u:%u with EVENT_ID%d instead of "
                           "EVENT_ID%d",
                           fix_x_sname(o), o->loc.line, o->loc.col, id, oi->id));
      fix_x_edit(c, FIX_REPLACE, o->loc.line, mdl_strprintf("<EVENT_ID%d>", id),
                 old);
    }
  }
}

/* flag_cands: the other syncs of the flag moved. */
static void flag_sibling_cands(cx *x, const mdl_diag *d, const mdl_stmt *s,
                               const mdl_inst *in) {
  /* the other syncs of the flag (a set in the wrong branch, ...) */
  if (in && in->id >= 0)
    for (uint32_t i = 0; i < x->k->stmts.len && x->out->len < MAX_CANDS;
         i++) {
      const mdl_stmt *o = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
      const mdl_inst *oi;
      if (o == s || !is_sync_stmt(o) || o->kind == MDL_S_BARRIER ||
          !(oi = fix_x_first_inst(x->k, o)) || oi->id != in->id ||
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
          o->kind == s->kind || !(oi = fix_x_first_inst(x->k, o)) ||
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
      if (o == s || !x->si[o->id].seen || !fix_x_own_line(x, o) ||
          !(oi = fix_x_first_inst(x->k, o)) || oi->id != in->id)
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
      for (const mdl_stmt *L = fix_x_enclosing_loop(x, s); L;
           L = fix_x_enclosing_loop(x, L))
        if (!inside(x, o, L) && fix_x_fn_block(x, o) == fix_x_fn_block(x, L))
          loop_move(x, o, L, 0);
      uint32_t lvl = 0;
      for (const mdl_stmt *L = fix_x_enclosing_loop(x, o); L;
           L = fix_x_enclosing_loop(x, L), lvl++)
        if (!inside(x, s, L))
          loop_move(x, o, L, lvl);
    }
}

void fix_x_flag_cands(cx *x, const mdl_diag *d) {
  const mdl_stmt *lib = fix_x_stmt_at(x, d->line, d->col);
  if (lib && lib->kind == MDL_S_OP && lib->u.op.mmad_lib) {
    fix_x_lib_cands(x, d, lib);
    return;
  }
  const mdl_stmt *s = fix_x_stmt_at(x, d->line, d->col);
  if (!s)
    return;
  if (d->rule == MDL_RULE_DEADLOCK)
    fix_xall_deadlock(x->k, x->t, s, x->out); /* a SyncAll a core skips */
  const mdl_inst *in = fix_x_first_inst(x->k, s);
  fix_x_loop_align_cands(x, s);
  fix_x_rotation_id(x, s);
  partner_cands(x, d, s, in);
  xcore_precredit_cands(x, d, s, in);
  xcore_backpressure_cands(x, d, s, in);
  xcore_missing_set_cands(x, d, s, in);
  xcore_drain_cands(x, d, s, in);
  id_typo_cands(x, d, s, in);
  if (in && in->id >= 0)
    credit_count_cands(x, s, in);
  if (in)
    id_expr_cands(x, s, in);
  delete_cand(x, s, "");
  for (uint32_t r = 0; r < d->nrelated; r++)
    delete_cand(x, fix_x_stmt_at(x, d->related[r].line, d->related[r].col), "");
  move_cands(x, s);
  for (uint32_t r = 0; r < d->nrelated; r++) {
    const mdl_stmt *o = fix_x_stmt_at(x, d->related[r].line, d->related[r].col);
    if (o && o != s)
      move_cands(x, o);
  }
  flag_sibling_cands(x, d, s, in);
}

/* A pipe the core lacks: the sync (and the syncs of its flag naming the
** same pipe) with each pipe the core has. */
static void pipe_swap_cands(cx *x, const mdl_stmt *s, const mdl_inst *in) {
  if (!fix_x_own_line(x, s))
    return;
  mdl_core_type ct = x->k->cores[in->core].type;
  char *txt = fix_x_op_text(x, s);
  /* C++ spells the pipe as a template argument after the mode
     (CrossCoreSetFlag<2, PIPE_MTE1>) where HIVM writes <PIPE_MTE1> */
  const char *form = "<%s>";
  for (int p = 0; p < MDL_NPIPE; p++) {
    char tok[32];
    snprintf(tok, sizeof tok, "<%s>", fix_x_pn(p));
    if (!strstr(txt, tok) && x->t->cxx) {
      snprintf(tok, sizeof tok, " %s>", fix_x_pn(p));
      form = " %s>";
    }
    if (!strstr(txt, tok) || mdl_core_has_pipe(x->k->prof, ct, (mdl_pipe)p))
      continue;
    for (int q = 0; q < MDL_NPIPE; q++) {
      if (q == p || q == MDL_PIPE_S ||
          !mdl_core_has_pipe(x->k->prof, ct, (mdl_pipe)q))
        continue;
      char nt[32];
      snprintf(nt, sizeof nt, form, fix_x_pn(q));
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf("%s in the syncs of flag %d instead of %s",
                           fix_x_pn(q), in->id, fix_x_pn(p)));
      for (uint32_t i = 0; c && i < x->k->stmts.len; i++) {
        const mdl_stmt *o = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
        const mdl_inst *oi;
        if (o->kind != s->kind && !(s->kind == MDL_S_BSET &&
                                    o->kind == MDL_S_BWAIT) &&
            !(s->kind == MDL_S_BWAIT && o->kind == MDL_S_BSET) &&
            !(s->kind == MDL_S_SET && o->kind == MDL_S_WAIT) &&
            !(s->kind == MDL_S_WAIT && o->kind == MDL_S_SET))
          continue;
        if (!(oi = fix_x_first_inst(x->k, o)) || oi->id != in->id ||
            !fix_x_own_line(x, o))
          continue;
        char *ot = fix_x_op_text(x, o);
        if (strstr(ot, tok))
          fix_x_edit(c, FIX_REPLACE, o->loc.line, mdl_strprintf("%s", nt), tok);
        free(ot);
      }
    }
  }
  free(txt);
}

/* invalid-sync: rename the flag to a free valid id (in every sync of the
** same flag), or remove the sync. */
void fix_x_invalid_cands(cx *x, const mdl_diag *d) {
  const mdl_stmt *s = fix_x_stmt_at(x, d->line, d->col);
  if (!s)
    return;
  const mdl_inst *in = fix_x_first_inst(x->k, s);
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
      char *rid = fix_x_rotating_id(x, o);
      if (!rid)
        continue;
      char old[32];
      snprintf(old, sizeof old, "<EVENT_ID%d>", in->id);
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf("EVENT_ID%d replaced by the buffer "
                           "rotation %s in the syncs of the flag "
                           "%s -> %s",
                           in->id, rid, fix_x_pn(src), fix_x_pn(dst)));
      for (const mdl_stmt *q = x->si[s->id].blk->first; c && q;
           q = q->next) {
        const mdl_inst *qi;
        if ((q->kind != MDL_S_SET && q->kind != MDL_S_WAIT) ||
            !(qi = fix_x_first_inst(x->k, q)) || qi->id != in->id ||
            !fix_x_own_line(x, q))
          continue;
        char *qt = fix_x_op_text(x, q);
        if (strstr(qt, old))
          fix_x_edit(c, FIX_REPLACE, q->loc.line, mdl_strprintf("%s", rid),
                     old);
        free(qt);
      }
      free(rid);
      break;
    }
    int id = fix_x_free_event(x->k, src, dst);
    if (id >= 0) {
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf("EVENT_ID%d renamed EVENT_ID%d in every "
                           "sync of the flag %s -> %s",
                           in->id, id, fix_x_pn(src), fix_x_pn(dst)));
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
        fix_x_edit(c, FIX_REPLACE, os->loc.line, mdl_strprintf("%s", nw), old);
      }
      free(done);
    }
  } else if (in && in->id >= 0 &&
             (s->kind == MDL_S_BSET || s->kind == MDL_S_BWAIT)) {
    int f = fix_x_free_xflag(x->k);
    if (f >= 0) {
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf("cross-core flag %d renamed %d in every "
                           "sync of it",
                           in->id, f));
      char old[32], nw[32];
      snprintf(old, sizeof old, "flag = %d", in->id);
      snprintf(nw, sizeof nw, "flag = %d", f);
      uint8_t *done = calloc(x->t->lines.len + 1, 1);
      for (uint32_t i = 0; c && done && i < x->k->stmts.len; i++) {
        const mdl_stmt *o = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
        const mdl_inst *oi;
        if ((o->kind != MDL_S_BSET && o->kind != MDL_S_BWAIT) ||
            !(oi = fix_x_first_inst(x->k, o)) || oi->id != in->id ||
            !o->loc.line || o->loc.line > x->t->lines.len ||
            done[o->loc.line])
          continue;
        done[o->loc.line] = 1;
        fix_x_edit(c, FIX_REPLACE, o->loc.line, mdl_strprintf("%s", nw), old);
      }
      free(done);
    }
  }
  delete_cand(x, s, "");
}

/* redundant-*: remove the sync and the syncs of its flag named with it. */
void fix_x_redundant_cands(cx *x, const mdl_diag *d) {
  const mdl_stmt *s = fix_x_stmt_at(x, d->line, d->col);
  if (!s || !fix_x_own_line(x, s))
    return;
  fix_cand *c = fix_x_cand_new(
      x,
      mdl_strprintf("%s at %u:%u removed%s", fix_x_sname(s), s->loc.line,
                    s->loc.col, d->nrelated ? " with the syncs of its flag" : ""));
  fix_x_edit(c, FIX_DELETE, s->loc.line, NULL, NULL);
  for (uint32_t r = 0; c && r < d->nrelated; r++) {
    const mdl_stmt *o = fix_x_stmt_at(x, d->related[r].line, d->related[r].col);
    if (!o || !fix_x_own_line(x, o)) {
      /* a group we cannot delete line by line: no candidate */
      fix_cand_free(c);
      x->out->len--;
      return;
    }
    fix_x_edit(c, FIX_DELETE, o->loc.line, NULL, NULL);
  }
}
