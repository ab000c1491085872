/*
** fix_data.c -- the data repairs, tried only when no sync edit works: a
** cross-core sync's loop given its partner's bounds, a store both vector
** sub-blocks make moved by the sub-block's share.  Internals in fix_x.h.
*/
#include "fix.h"
#include "fix_x.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  const mdl_stmt *D = depth < 8 ? fix_x_def_stmt(x, fb, v) : NULL;
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
  const mdl_func *f = fix_x_func_of(x, fb);
  for (uint32_t i = 0; f && i < x->k->stmts.len; i++) {
    const mdl_stmt *D = MDL_VEC_AT(x->k->stmts, mdl_stmt *, i);
    char got[256];
    if (D->kind != MDL_S_SCALAR || D->def == MDL_NOVAL || !x->si[D->id].seen ||
        fix_x_fn_block(x, D) != fb || D->loc.line >= at->loc.line ||
        !fix_x_ancestor_in(x, at, x->si[D->id].blk) ||
        !fix_x_val_name(f, D->def) || !index_typed(x, D) ||
        !canon(x, fb, D->def, got, sizeof got, 0) || strcmp(got, want))
      continue;
    return fix_x_val_name(f, D->def);
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
    char *old = mdl_strprintf("%.*s", (int)(lo - p - s), l + p);
    if ((*old && strstr(l, old) == l + p) || p == 0) {
      if (!*old) { /* a pure insertion: anchor it on a character */
        free(old);
        if (p < lo)
          s--;
        else
          p--;
        continue;
      }
      fix_x_edit(c, FIX_REPLACE, ln,
                 mdl_strprintf("%.*s", (int)(nn - p - s), nw + p), old);
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
  const mdl_block *fl = fix_x_fn_block(x, L), *fm = fix_x_fn_block(x, M);
  const mdl_func *f = fix_x_func_of(x, fl);
  const mdl_valref lv[3] = {L->u.loop.lb, L->u.loop.ub, L->u.loop.step};
  const mdl_valref mv[3] = {M->u.loop.lb, M->u.loop.ub, M->u.loop.step};
  const char *fmt_old[3] = {"= %%%s to ", "to %%%s step ", "step %%%s "};
  char *line = mdl_strprintf("%s", MDL_VEC_AT(x->t->lines, fix_line,
                                    L->loc.line - 1).text);
  char *l2 =
      mdl_strprintf("%s ", line); /* "step %c1 {" or "step %c1" at the end */
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
    const char *nw = value_computing(x, fl, b, L),
               *on = fix_x_val_name(f, lv[i]);
    if (!nw || !on)
      goto out;
    char *ot = mdl_strprintf(fmt_old[i], on),
         *nt = mdl_strprintf(fmt_old[i], nw);
    char *hit = strstr(l2, ot);
    if (!hit) {
      free(ot);
      free(nt);
      goto out;
    }
    char *r =
        mdl_strprintf("%.*s%s%s", (int)(hit - l2), l2, nt, hit + strlen(ot));
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
    fix_cand *c = fix_x_cand_new(
        x,
        mdl_strprintf(
            "data repair (changes which iterations run; review it): the "
            "loop at %u:%u given the bounds of the loop at %u:%u, so that "
            "the %s at %u:%u meets the %s at %u:%u",
            L->loc.line, L->loc.col, M->loc.line, M->loc.col, fix_x_sname(s),
            s->loc.line, s->loc.col, fix_x_sname(o), o->loc.line, o->loc.col));
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
void fix_x_loop_align_cands(cx *x, const mdl_stmt *s) {
  if (s->kind != MDL_S_BSET && s->kind != MDL_S_BWAIT)
    return;
  const mdl_stmt *L = fix_x_enclosing_loop(x, s);
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
        fix_x_fn_block(x, o) == fix_x_fn_block(x, s))
      continue;
    const mdl_stmt *M = fix_x_enclosing_loop(x, o);
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
  char *ty = mdl_strprintf("%.*s", (int)(e + 1 - t), t);
  char *st = strstr(ty, "strided<[");
  char *cl = st ? strchr(st, ']') : NULL;
  if (!cl || cl[1] == 0) {
    free(ty);
    return NULL;
  }
  char *r = NULL;
  if (cl[1] == '>')
    r = mdl_strprintf("%.*s, offset: ?%s", (int)(cl + 1 - ty), ty, cl + 1);
  else if (!strncmp(cl + 1, ", offset: ", 10) && cl[11] != '?') {
    char *end = cl + 11;
    while (*end == '-' || (*end >= '0' && *end <= '9'))
      end++;
    r = mdl_strprintf("%.*s?%s", (int)(cl + 11 - ty), ty, end);
  } else if (!strncmp(cl + 1, ", offset: ?", 11))
    r = mdl_strprintf("%s", ty);
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
void fix_x_subblock_cands(cx *x, const mdl_stmt *a, const mdl_stmt *b) {
  if (a != b || a->kind != MDL_S_OP || x->k->kind != MDL_KIND_MIX)
    return;
  uint32_t pa, ca;
  fix_x_pipes_of(x->k, a, &pa, &ca);
  if (ca != 2)
    return;
  const mdl_block *fb = fix_x_fn_block(x, a);
  const mdl_func *f = fix_x_func_of(x, fb);
  for (uint32_t j = 0; f && j < a->u.op.nacc + a->u.op.nacc2; j++) {
    const mdl_acc_spec *as = j < a->u.op.nacc
                                 ? &a->u.op.acc[j]
                                 : &a->u.op.acc2[j - a->u.op.nacc];
    const mdl_stmt *V = (as->mode & MDL_ACC_WRITE) && !as->whole
                            ? fix_x_def_stmt(x, fb, as->buf)
                            : NULL;
    const mdl_stmt *S = V && V->kind == MDL_S_BUF && V->u.b.kind == MDL_B_VIEW
                            ? fix_x_def_stmt(x, fb, V->u.b.src)
                            : NULL;
    if (!S || S->kind != MDL_S_BUF || S->u.b.kind != MDL_B_ARG ||
        S->u.b.space != MDL_SPACE_GM || S->u.b.size <= 0 ||
        V->u.b.size <= 0 || V->u.b.off_scale <= 0 ||
        V->u.b.size % V->u.b.off_scale || !V->loc.line)
      continue;
    int64_t elems = V->u.b.size / V->u.b.off_scale;
    char off[256] = "#0";
    if (V->u.b.off != MDL_NOVAL &&
        !canon(x, fb, V->u.b.off, off, sizeof off, 0))
      continue;
    if (off[0] != '#')
      continue; /* a run-time offset */
    long long c0 = strtoll(off + 1, NULL, 10);
    if (c0 < 0 || (c0 + 2 * elems) * V->u.b.off_scale > S->u.b.size)
      continue; /* no room for the second share */
    char want[64];
    snprintf(want, sizeof want, "(mul #%lld sbid)", (long long)elems);
    const char *h = value_computing(x, fb, want, V);
    const char *vn = fix_x_val_name(f, V->def),
               *sn = fix_x_val_name(f, V->u.b.src);
    if (!h || !vn || !sn)
      continue;
    const char *l = MDL_VEC_AT(x->t->lines, fix_line, V->loc.line - 1).text;
    char *oldty = NULL, *newty = dyn_offset_type(l, &oldty);
    /* the offset as written: reinterpret_cast `offset: [C]`, or a 1-D
       subview `%src[C]` */
    char *o1 = mdl_strprintf("offset: [%lld]", c0),
         *o2 = mdl_strprintf("%%%s[%lld] [", sn, c0);
    bool rc = strstr(l, "memref.reinterpret_cast") && strstr(l, o1);
    bool sv = strstr(l, "memref.subview") && strstr(l, o2);
    char *nw = NULL;
    if (newty && (rc || sv) && c0 == 0) {
      const char *o = rc ? o1 : o2;
      char *n1 = rc ? mdl_strprintf("offset: [%%%s]", h)
                    : mdl_strprintf("%%%s[%%%s] [", sn, h);
      const char *p = strstr(l, o);
      char *t1 = mdl_strprintf("%.*s%s%s", (int)(p - l), l, n1, p + strlen(o));
      const char *q = strstr(t1, oldty);
      if (q)
        nw = mdl_strprintf("%.*s%s%s", (int)(q - t1), t1, newty,
                           q + strlen(oldty));
      free(n1);
      free(t1);
    }
    free(o1);
    free(o2);
    fix_cand *c = NULL;
    if (nw)
      c = fix_x_cand_new(
          x, mdl_strprintf("data repair (changes the address; review it): "
                           "the %s at %u:%u writes the same GM bytes on both "
                           "vector sub-blocks; its view %%%s at %u:%u offset "
                           "by the sub-block's share %%%s",
                           fix_x_sname(a), a->loc.line, a->loc.col, vn, V->loc.line,
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
        if (!fix_x_uses_name(u, vn))
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
        char *t2 = mdl_strprintf("%.*s%s%s", (int)(p - u), u, newty,
                                 p + strlen(oldty));
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
void fix_x_lib_cands(cx *x, const mdl_diag *d, const mdl_stmt *s) {
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
    fix_cand *c = fix_x_cand_new(
        x, mdl_strprintf("the pre-set of the mmad library's M->MTE1 "
                         "events before the %s at %u:%u, drained "
                         "after it",
                         fix_x_sname(top) ? fix_x_sname(top) : "op",
                         top->loc.line, top->loc.col));
    for (int id = 0; id < 32; id++)
      if ((wids >> id) & 1) {
        fix_x_edit(c, FIX_INSERT_BEFORE, top->loc.line,
                   fix_x_set_text(MDL_PIPE_M, MDL_PIPE_MTE1, id), NULL);
        fix_x_edit(c, FIX_INSERT_AFTER, top->loc.line,
                   fix_x_wait_text(MDL_PIPE_M, MDL_PIPE_MTE1, id), NULL);
      }
    fix_cand *r = NULL;
    for (const mdl_stmt *o = x->si[s->id].blk->first; o; o = o->next) {
      const mdl_inst *oi;
      if ((o->kind != MDL_S_SET && o->kind != MDL_S_WAIT) ||
          !fix_x_own_line(x, o) || !(oi = fix_x_first_inst(x->k, o)) ||
          oi->id < 0 || oi->id >= 32 || !((wids >> oi->id) & 1) ||
          (o->kind == MDL_S_SET ? oi->pipe : oi->pipe2) != MDL_PIPE_M ||
          (o->kind == MDL_S_SET ? oi->pipe2 : oi->pipe) != MDL_PIPE_MTE1)
        continue;
      if (!r)
        r = fix_x_cand_new(
            x, mdl_strprintf("the hand-written M->MTE1 syncs beside the %s at "
                             "%u:%u removed: the mmad library waits and sets "
                             "them itself",
                             fix_x_sname(s), s->loc.line, s->loc.col));
      fix_x_edit(r, FIX_DELETE, o->loc.line, NULL, NULL);
    }
  }
  if (d->rule == MDL_RULE_UNPAIRED_SET && sids) {
    fix_cand *c =
        fix_x_cand_new(x, mdl_strprintf("a drain of the mmad library's M->MTE1 "
                                        "events after the %s at %u:%u",
                                        fix_x_sname(top) ? fix_x_sname(top) : "op",
                                        top->loc.line, top->loc.col));
    for (int id = 0; id < 32; id++)
      if ((sids >> id) & 1)
        fix_x_edit(c, FIX_INSERT_AFTER, top->loc.line,
                   fix_x_wait_text(MDL_PIPE_M, MDL_PIPE_MTE1, id), NULL);
  }
}
