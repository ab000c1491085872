/*
** fix_race.c -- candidate repairs of races, pipe hazards and cross-core races
** (set/wait pairs, barriers, cross-core flag pairs, moved waits).
** Internals in fix_x.h.
*/
#include "fix.h"
#include "fix_x.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- races */

/* The event-id operand of a set_flag/wait_flag statement as written
** ("<EVENT_ID0>", "%ev"), or NULL. */
static char *id_operand(const cx *x, const mdl_stmt *s) {
  if (s->kind != MDL_S_SET && s->kind != MDL_S_WAIT)
    return NULL;
  char *t = fix_x_op_text(x, s);
  char *p = strrchr(t, ',');
  char *e = p ? strchr(p, ']') : NULL;
  char *r = NULL;
  if (p && e) {
    p++;
    while (*p == ' ')
      p++;
    r = mdl_strprintf("%.*s", (int)(e - p), p);
  }
  free(t);
  return r;
}

/* The event-id operand of a set_flag/wait_flag statement when it is an
** SSA value ("%ev": a buffer rotation), else NULL. */
char *fix_x_rotating_id(const cx *x, const mdl_stmt *s) {
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
      !fix_x_own_line(x, s))
    return NULL;
  uint32_t ids = 0;
  for (uint32_t i = 0; i < x->k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(x->k, i);
    if (fix_x_same_src(x->k, in->stmt, s) && in->id >= 0 && in->id < 32)
      ids |= 1u << in->id;
  }
  if (!(ids & (ids - 1)))
    return NULL;
  char *t = fix_x_op_text(x, s), *r = NULL;
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
    r = mdl_strprintf("%.*s", (int)(e - b), b);
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
  fix_cand *c = fix_x_cand_new(
      x, mdl_strprintf(
             "loop-carried set_flag/wait_flag pair %s -> %s, EVENT_ID%d "
             "around the loop at line %u: a set before the loop, the wait "
             "before the %s at %u, the set after the %s at %u, a drain wait "
             "after the loop",
             fix_x_pn(pa), fix_x_pn(pb), id, L, IB ? "loop" : fix_x_sname(b),
             IB ? IB : b->loc.line, IA ? "loop" : fix_x_sname(a),
             IA ? IA : a->loc.line));
  fix_x_edit(c, FIX_INSERT_BEFORE, L, fix_x_set_text(pa, pb, id), NULL);
  fix_x_edit(c, FIX_INSERT_BEFORE, IB ? IB : b->loc.line,
             fix_x_wait_text(pa, pb, id), NULL);
  fix_x_edit(c, FIX_INSERT_AFTER, IA ? IA : a->loc.line,
             fix_x_set_text(pa, pb, id), NULL);
  fix_x_edit(c, FIX_INSERT_AFTER, L, fix_x_wait_text(pa, pb, id), NULL);
}

static void race_pair(cx *x, const mdl_stmt *a, const mdl_stmt *b, int pa,
                      int pb) {
  const mdl_kernel *k = x->k;
  int id = fix_x_free_event(k, (mdl_pipe)pa, (mdl_pipe)pb);
  if (id < 0)
    return;
  const mdl_block *cb = fix_x_common_block(x, a, b);
  const mdl_stmt *A = cb ? fix_x_ancestor_in(x, a, cb) : a;
  const mdl_stmt *B = cb ? fix_x_ancestor_in(x, b, cb) : b;
  bool carried = !cb || x->si[A->id].idx >= x->si[B->id].idx;
  /* in a multi-buffered loop the producer may run a buffer ahead: one
     event id per buffer, the rotation the block's other syncs use, when
     no sync of this pipe pair exists yet */
  if (!carried && cb && !pair_used(k, pa, pb)) {
    mdl_vec seen = {0};
    for (const mdl_stmt *o = cb->first; o; o = o->next) {
      char *rid = x->t->cxx ? cxx_rotating_id(x, o) : fix_x_rotating_id(x, o);
      bool dup = !rid;
      for (uint32_t q = 0; q < seen.len && !dup; q++)
        dup = !strcmp(MDL_VEC_AT(seen, char *, q), rid);
      if (dup) {
        free(rid);
        continue;
      }
      *(char **)mdl_vec_push(&seen, sizeof(char *)) = rid;
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf(
                 "set_flag/wait_flag pair %s -> %s, event id %s (one per "
                 "buffer): the set after the %s at %u:%u, the wait before "
                 "the %s at %u:%u",
                 fix_x_pn(pa), fix_x_pn(pb), rid, fix_x_sname(a), a->loc.line,
                 a->loc.col, fix_x_sname(b), b->loc.line, b->loc.col));
      fix_x_edit(c, FIX_INSERT_AFTER, A->loc.line,
                 mdl_strprintf("hivm.hir.set_flag[<%s>, <%s>, %s]",
                               fix_x_pn(pa), fix_x_pn(pb), rid),
                 NULL);
      fix_x_edit(c, FIX_INSERT_BEFORE, B->loc.line,
                 mdl_strprintf("hivm.hir.wait_flag[<%s>, <%s>, %s]",
                               fix_x_pn(pa), fix_x_pn(pb), rid),
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
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf(
                 "set_flag/wait_flag pair %s -> %s, EVENT_ID%d: the set after "
                 "the %s at %u, the wait before the %s at %u",
                 fix_x_pn(pa), fix_x_pn(pb), id, LA ? "loop" : fix_x_sname(a),
                 LA ? LA : a->loc.line, LB ? "loop" : fix_x_sname(b),
                 LB ? LB : b->loc.line));
      fix_x_edit(c, FIX_INSERT_AFTER, LA ? LA : a->loc.line,
                 fix_x_set_text(pa, pb, id), NULL);
      fix_x_edit(c, FIX_INSERT_BEFORE, LB ? LB : b->loc.line,
                 fix_x_wait_text(pa, pb, id), NULL);
    }
  }
  if (!carried) {
    fix_cand *c = fix_x_cand_new(
        x, mdl_strprintf(
               "set_flag/wait_flag pair %s -> %s, EVENT_ID%d: the set after "
               "the %s at %u:%u, the wait before the %s at %u:%u",
               fix_x_pn(pa), fix_x_pn(pb), id, fix_x_sname(a), a->loc.line,
               a->loc.col, fix_x_sname(b), b->loc.line, b->loc.col));
    fix_x_edit(c, FIX_INSERT_AFTER, A->loc.line, fix_x_set_text(pa, pb, id),
               NULL);
    fix_x_edit(c, FIX_INSERT_BEFORE, B->loc.line, fix_x_wait_text(pa, pb, id),
               NULL);
  } else if (x->t->cxx && !fix_x_loop_of_block(x, A)) {
    /* C++: the loops of the source holding both (the frontend unrolled
       them), innermost first */
    uint32_t la[16], lb[16];
    uint32_t na = fix_asc_loops(k, x->t, a->loc, la, 16),
             nb = fix_asc_loops(k, x->t, b->loc, lb, 16);
    for (uint32_t i = 0; i < na; i++)
      for (uint32_t j = 0; j < nb; j++) {
        if (la[i] != lb[j])
          continue;
        fix_cand *c = fix_x_cand_new(
            x, mdl_strprintf(
                   "loop-carried set_flag/wait_flag pair %s -> %s, "
                   "EVENT_ID%d around the loop at line %u: a set before the "
                   "loop, the wait before the %s at %u:%u, the set after the "
                   "%s at %u:%u, a drain wait after the loop",
                   fix_x_pn(pa), fix_x_pn(pb), id, la[i], fix_x_sname(b),
                   b->loc.line, b->loc.col, fix_x_sname(a), a->loc.line,
                   a->loc.col));
        fix_x_edit(c, FIX_INSERT_BEFORE, la[i], fix_x_set_text(pa, pb, id),
                   NULL);
        fix_x_edit(c, FIX_INSERT_BEFORE, b->loc.line,
                   fix_x_wait_text(pa, pb, id), NULL);
        fix_x_edit(c, FIX_INSERT_AFTER, a->loc.line, fix_x_set_text(pa, pb, id),
                   NULL);
        fix_x_edit(c, FIX_INSERT_AFTER, la[i], fix_x_wait_text(pa, pb, id),
                   NULL);
        if (i > 0 || j > 0)
          cxx_carried_outer(x, a, b, pa, pb, id, la[i], i ? la[i - 1] : 0,
                            j ? lb[j - 1] : 0);
      }
  } else {
    /* around the innermost loop holding both, then the outer ones (a
       pre-set inside an outer loop can land before the drain of the
       previous outer iteration clears it) */
    for (const mdl_stmt *L = fix_x_loop_of_block(x, A); L;
         L = fix_x_enclosing_loop(x, L)) {
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf(
                 "loop-carried set_flag/wait_flag pair %s -> %s, EVENT_ID%d "
                 "around the loop at %u:%u: a set before the loop, the wait "
                 "before the %s at %u:%u, the set after the %s at %u:%u, a "
                 "drain wait after the loop",
                 fix_x_pn(pa), fix_x_pn(pb), id, L->loc.line, L->loc.col,
                 fix_x_sname(b), b->loc.line, b->loc.col, fix_x_sname(a),
                 a->loc.line, a->loc.col));
      fix_x_edit(c, FIX_INSERT_BEFORE, L->loc.line, fix_x_set_text(pa, pb, id),
                 NULL);
      fix_x_edit(c, FIX_INSERT_BEFORE, B->loc.line, fix_x_wait_text(pa, pb, id),
                 NULL);
      fix_x_edit(c, FIX_INSERT_AFTER, A->loc.line, fix_x_set_text(pa, pb, id),
                 NULL);
      fix_x_edit(c, FIX_INSERT_AFTER, L->loc.line, fix_x_wait_text(pa, pb, id),
                 NULL);
    }
  }
  /* the direct placement, when it differs */
  if (A != a || B != b) {
    fix_cand *c = fix_x_cand_new(
        x, mdl_strprintf(
               "set_flag/wait_flag pair %s -> %s, EVENT_ID%d right after the "
               "%s at %u:%u and right before the %s at %u:%u",
               fix_x_pn(pa), fix_x_pn(pb), id, fix_x_sname(a), a->loc.line,
               a->loc.col, fix_x_sname(b), b->loc.line, b->loc.col));
    fix_x_edit(c, FIX_INSERT_AFTER, a->loc.line, fix_x_set_text(pa, pb, id),
               NULL);
    fix_x_edit(c, FIX_INSERT_BEFORE, b->loc.line, fix_x_wait_text(pa, pb, id),
               NULL);
  }
}

static void barrier(cx *x, const mdl_stmt *a, const mdl_stmt *b, int p) {
  fix_cand *c = fix_x_cand_new(
      x, mdl_strprintf("pipe_barrier(%s) before the %s at %u:%u", fix_x_pn(p),
                       fix_x_sname(b), b->loc.line, b->loc.col));
  fix_x_edit(c, FIX_INSERT_BEFORE, b->loc.line,
             mdl_strprintf("hivm.hir.pipe_barrier[<%s>]", fix_x_pn(p)), NULL);
  c = fix_x_cand_new(x, mdl_strprintf("pipe_barrier(%s) after the %s at %u:%u",
                                      fix_x_pn(p), fix_x_sname(a), a->loc.line,
                                      a->loc.col));
  fix_x_edit(c, FIX_INSERT_AFTER, a->loc.line,
             mdl_strprintf("hivm.hir.pipe_barrier[<%s>]", fix_x_pn(p)), NULL);
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
void fix_x_cxx_xcore_credit(cx *x, const mdl_stmt *a, const mdl_stmt *b,
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
    fix_cand *c = fix_x_cand_new(
        x, mdl_strprintf(
               "cross-core flag %d (%s -> %s), pre-credited: a set before the "
               "loop at line %u and after the %s at %u:%u; the wait before "
               "the %s at %u:%u and a drain wait after the loop at line %u",
               f, fix_x_pn(pa), fix_x_pn(pb), LA, fix_x_sname(a), a->loc.line,
               a->loc.col, fix_x_sname(b), b->loc.line, b->loc.col, LB));
    fix_x_edit(c, FIX_INSERT_BEFORE, LA, mdl_strprintf("%s", st), NULL);
    fix_x_edit(c, FIX_INSERT_AFTER, a->loc.line, mdl_strprintf("%s", st), NULL);
    fix_x_edit(c, FIX_INSERT_BEFORE, b->loc.line, mdl_strprintf("%s", wt),
               NULL);
    fix_x_edit(c, FIX_INSERT_AFTER, LB, mdl_strprintf("%s", wt), NULL);
  }
}

/* The pre-credited cross-core pair a -> b with flag f: a set before the
** setter's loop and after a, the wait before b and a drain wait after the
** waiter's loop (model loops, or C++ source loops). */
void fix_x_xcore_credited(cx *x, const mdl_stmt *a, const mdl_stmt *b, int f,
                           int pa, int pb, bool a_cube, bool b_cube) {
  const char *ca = a_cube ? "CUBE" : "VECTOR", *cb = b_cube ? "CUBE"
                                                              : "VECTOR";
  char *st =
      mdl_strprintf("hivm.hir.sync_block_set[<%s>, <%s>, <%s>] flag = %d", ca,
                    fix_x_pn(pa), fix_x_pn(pb), f);
  char *wt =
      mdl_strprintf("hivm.hir.sync_block_wait[<%s>, <%s>, <%s>] flag = %d", cb,
                    fix_x_pn(pa), fix_x_pn(pb), f);
  const mdl_stmt *La = fix_x_enclosing_loop(x, a),
                 *Lb = fix_x_enclosing_loop(x, b);
  if (La && Lb) {
    fix_cand *c = fix_x_cand_new(
        x, mdl_strprintf(
               "cross-core flag %d (%s -> %s), pre-credited: a set before the "
               "loop at %u:%u and after the %s at %u:%u; the wait before the "
               "%s at %u:%u and a drain wait after the loop at %u:%u",
               f, fix_x_pn(pa), fix_x_pn(pb), La->loc.line, La->loc.col,
               fix_x_sname(a), a->loc.line, a->loc.col, fix_x_sname(b),
               b->loc.line, b->loc.col, Lb->loc.line, Lb->loc.col));
    fix_x_edit(c, FIX_INSERT_BEFORE, La->loc.line, mdl_strprintf("%s", st),
               NULL);
    fix_x_edit(c, FIX_INSERT_AFTER, a->loc.line, mdl_strprintf("%s", st), NULL);
    fix_x_edit(c, FIX_INSERT_BEFORE, b->loc.line, mdl_strprintf("%s", wt),
               NULL);
    fix_x_edit(c, FIX_INSERT_AFTER, Lb->loc.line, mdl_strprintf("%s", wt),
               NULL);
  }
  fix_x_cxx_xcore_credit(x, a, b, f, pa, pb, st, wt);
  free(st);
  free(wt);
}

static void xcore_pair(cx *x, const mdl_stmt *a, const mdl_stmt *b, int pa,
                       int pb, bool a_cube, bool b_cube) {
  int f = fix_x_free_xflag(x->k);
  if (f < 0)
    return;
  const char *ca = a_cube ? "CUBE" : "VECTOR", *cb = b_cube ? "CUBE"
                                                              : "VECTOR";
  fix_cand *c = fix_x_cand_new(
      x, mdl_strprintf(
             "cross-core flag %d (%s -> %s): sync_block_set after the %s at "
             "%u:%u, sync_block_wait before the %s at %u:%u",
             f, fix_x_pn(pa), fix_x_pn(pb), fix_x_sname(a), a->loc.line,
             a->loc.col, fix_x_sname(b), b->loc.line, b->loc.col));
  fix_x_edit(
      c, FIX_INSERT_AFTER, a->loc.line,
      mdl_strprintf("hivm.hir.sync_block_set[<%s>, <%s>, <%s>] flag = %d", ca,
                    fix_x_pn(pa), fix_x_pn(pb), f),
      NULL);
  fix_x_edit(
      c, FIX_INSERT_BEFORE, b->loc.line,
      mdl_strprintf("hivm.hir.sync_block_wait[<%s>, <%s>, <%s>] flag = %d", cb,
                    fix_x_pn(pa), fix_x_pn(pb), f),
      NULL);
  fix_x_xcore_credited(x, a, b, f, pa, pb, a_cube, b_cube);
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
    if (after && o->kind == MDL_S_IF && fix_x_own_line(x, b)) {
      bool holds = false;
      for (const mdl_stmt *q = o->u.cif.then_b.first; q && !holds;
           q = q->next)
        holds = q->kind == MDL_S_BWAIT ||
                (q->kind == MDL_S_WAIT && (oi = fix_x_first_inst(x->k, q)) &&
                 (pa < 0 || (oi->pipe2 == pa && oi->pipe == pb)));
      if (holds) {
        fix_cand *c = fix_x_cand_new(
            x, mdl_strprintf("%s at %u:%u moved after the branch at "
                             "%u:%u that holds its wait",
                             fix_x_sname(b), b->loc.line, b->loc.col,
                             o->loc.line, o->loc.col));
        fix_x_edit(c, FIX_DELETE, b->loc.line, NULL, NULL);
        fix_x_edit(c, FIX_INSERT_AFTER, o->loc.line, fix_x_op_text(x, b), NULL);
        break;
      }
    }
    if (!after || (o->kind != MDL_S_WAIT && o->kind != MDL_S_BWAIT) ||
        !fix_x_own_line(x, o) || !(oi = fix_x_first_inst(x->k, o)) ||
        (o->kind == MDL_S_WAIT && pa >= 0 &&
         (oi->pipe2 != pa || oi->pipe != pb)))
      continue;
    char *wt = fix_x_op_text(x, o);
    fix_cand *c = fix_x_cand_new(
        x, mdl_strprintf("%s at %u:%u moved before the %s at %u:%u",
                         fix_x_sname(o), o->loc.line, o->loc.col,
                         fix_x_sname(b), b->loc.line, b->loc.col));
    fix_x_edit(c, FIX_DELETE, o->loc.line, NULL, NULL);
    fix_x_edit(c, FIX_INSERT_BEFORE, b->loc.line, wt, NULL);
    if (fix_x_own_line(x, b)) {
      char *bt = fix_x_op_text(x, b);
      c = fix_x_cand_new(
          x, mdl_strprintf("%s at %u:%u moved after the %s at %u:%u",
                           fix_x_sname(b), b->loc.line, b->loc.col,
                           fix_x_sname(o), o->loc.line, o->loc.col));
      fix_x_edit(c, FIX_DELETE, b->loc.line, NULL, NULL);
      fix_x_edit(c, FIX_INSERT_AFTER, o->loc.line, bt, NULL);
    }
    break;
  }
}

/* The wait_flag that pairs with set_flag statement s, as s is written
** (a rotating id "%ev" stays %ev). */
static char *renamed_op(const cx *x, const mdl_stmt *s, const char *from,
                        const char *to) {
  char *t = fix_x_op_text(x, s);
  char *p = strstr(t, from);
  /* the Ascend C API spelling of the same (fix_asc.c respells the rest) */
  if (!p && !strcmp(from, "set_flag") && (p = strstr(t, "SetFlag")))
    from = "SetFlag", to = "WaitFlag";
  else if (!p && !strcmp(from, "wait_flag") && (p = strstr(t, "WaitFlag")))
    from = "WaitFlag", to = "SetFlag";
  char *r = p ? mdl_strprintf("%.*s%s%s", (int)(p - t), t, to, p + strlen(from))
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
void fix_x_orphan_set_wait(cx *x, const mdl_stmt *s, const mdl_stmt *b) {
  if (s->kind != MDL_S_SET || !fix_x_own_line(x, s))
    return;
  const mdl_stmt *at = b;
  for (const mdl_stmt *o = s->next; o && !at; o = o->next) {
    uint32_t pipes, cores;
    if (o->kind == MDL_S_WAIT && o->u.flag.src == s->u.flag.src &&
        o->u.flag.dst == s->u.flag.dst)
      return; /* it has a wait in its block: not the shape */
    if (o->kind != MDL_S_OP)
      continue;
    fix_x_pipes_of(x->k, o, &pipes, &cores);
    if ((pipes >> s->u.flag.dst) & 1)
      at = o;
  }
  char *wt = at ? wait_for_set(x, s) : NULL;
  if (!wt)
    return;
  fix_cand *c = fix_x_cand_new(
      x, mdl_strprintf("the missing wait_flag of the set at %u:%u, "
                       "before the %s at %u:%u",
                       s->loc.line, s->loc.col, fix_x_sname(at), at->loc.line,
                       at->loc.col));
  fix_x_edit(c, FIX_INSERT_BEFORE, at->loc.line, wt, NULL);
}

/* A set_flag and the wait_flag of its flag that follows it in its block,
** removed together: a pair that orders nothing the kernel needs can
** still double-set (its set runs ahead on the source pipe). */
void fix_x_pair_removal(cx *x, const mdl_stmt *s) {
  if (s->kind != MDL_S_SET || !fix_x_own_line(x, s))
    return;
  char *wt = wait_for_set(x, s);
  for (const mdl_stmt *o = s->next; wt && o; o = o->next) {
    if (o->kind != MDL_S_WAIT || o->u.flag.src != s->u.flag.src ||
        o->u.flag.dst != s->u.flag.dst)
      continue;
    char *ot = fix_x_op_text(x, o);
    bool same = !strcmp(ot, wt) && fix_x_own_line(x, o);
    free(ot);
    if (same) {
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf("the set_flag at %u:%u and its wait_flag "
                           "at %u:%u removed",
                           s->loc.line, s->loc.col, o->loc.line, o->loc.col));
      fix_x_edit(c, FIX_DELETE, s->loc.line, NULL, NULL);
      fix_x_edit(c, FIX_DELETE, o->loc.line, NULL, NULL);
    }
    break;
  }
  free(wt);
}

/* A set_flag/wait_flag with a literal id where the other syncs of its
** pipe pair in its block use a rotating id ("%ev", one per buffer): the
** literal replaced by the rotation (a double-buffered id typed as one). */
void fix_x_rotation_id(cx *x, const mdl_stmt *s) {
  char *id = fix_x_own_line(x, s) ? id_operand(x, s) : NULL;
  for (const mdl_stmt *o = x->si[s->id].blk->first; id && *id != '%' && o;
       o = o->next) {
    if (o == s || (o->kind != MDL_S_SET && o->kind != MDL_S_WAIT) ||
        o->u.flag.src != s->u.flag.src || o->u.flag.dst != s->u.flag.dst)
      continue;
    char *rid = fix_x_rotating_id(x, o);
    if (!rid)
      continue;
    char *old = mdl_strprintf("%s]", id);
    fix_cand *c = fix_x_cand_new(
        x, mdl_strprintf("%s at %u:%u with the buffer rotation %s "
                         "instead of %s, as the %s at %u:%u",
                         fix_x_sname(s), s->loc.line, s->loc.col, rid, id,
                         fix_x_sname(o), o->loc.line, o->loc.col));
    fix_x_edit(c, FIX_REPLACE, s->loc.line, mdl_strprintf("%s]", rid), old);
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
void fix_x_orphan_wait_set(cx *x, const mdl_stmt *w) {
  if (w->kind != MDL_S_WAIT || !fix_x_own_line(x, w))
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
    fix_x_pipes_of(x->k, o, &pipes, &cores);
    if (!((pipes >> w->u.flag.src) & 1))
      continue;
    if (!past)
      before = o;
    last = o;
  }
  const mdl_stmt *at = before ? before : last;
  char *st = at ? renamed_op(x, w, "wait_flag", "set_flag") : NULL;
  if (st) {
    fix_cand *c = fix_x_cand_new(
        x, mdl_strprintf("the missing set_flag of the wait at %u:%u, "
                         "after the %s at %u:%u",
                         w->loc.line, w->loc.col, fix_x_sname(at), at->loc.line,
                         at->loc.col));
    fix_x_edit(c, FIX_INSERT_AFTER, at->loc.line, st, NULL);
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
        fix_x_fn_block(x, o) != fix_x_fn_block(x, a) ||
        o->u.blk.set_pipe != (mdl_pipe)pa ||
        o->u.blk.wait_pipe != (mdl_pipe)pb ||
        !(oi = fix_x_first_inst(x->k, o)) || oi->id < 0)
      continue;
    bool waited = false;
    for (uint32_t j = 0; j < x->k->insts.len && !waited; j++) {
      const mdl_inst *q = mdl_inst_at(x->k, j);
      waited = q->kind == MDL_I_BWAIT && q->id == oi->id;
    }
    if (waited)
      continue;
    fix_cand *c = fix_x_cand_new(
        x, mdl_strprintf(
               "the missing sync_block_wait of the sync_block_set at %u:%u "
               "(flag %d), before the %s at %u:%u",
               o->loc.line, o->loc.col, oi->id, fix_x_sname(b), b->loc.line,
               b->loc.col));
    fix_x_edit(
        c, FIX_INSERT_BEFORE, b->loc.line,
        mdl_strprintf("hivm.hir.sync_block_wait[<%s>, <%s>, <%s>] flag = %d",
                      b_cube ? "CUBE" : "VECTOR", fix_x_pn(pa), fix_x_pn(pb),
                      oi->id),
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
    fix_x_orphan_set_wait(x, last, b);
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
          !fix_x_own_line(x, o) || !(oi = fix_x_first_inst(x->k, o)) ||
          (pa >= 0 && (oi->pipe2 != pa || oi->pipe != pb)))
        continue;
      char *wt = fix_x_op_text(x, o);
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf("%s at %u:%u moved out of the branch at "
                           "%u:%u, before it: it guards the %s at "
                           "%u:%u in the other branch too",
                           fix_x_sname(o), o->loc.line, o->loc.col, p->loc.line,
                           p->loc.col, fix_x_sname(b), b->loc.line, b->loc.col));
      fix_x_edit(c, FIX_DELETE, o->loc.line, NULL, NULL);
      fix_x_edit(c, FIX_INSERT_BEFORE, p->loc.line, wt, NULL);
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
      const mdl_inst *in = fix_x_first_inst(k, st);
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
    int g = fix_x_free_xflag(k);
    if (g < 0)
      return;
    char *from = mdl_strprintf("flag = %d", f),
         *to = mdl_strprintf("flag = %d", g);
    for (int q = 0; q < np; q++) {
      /* the statements of this pair; every one must be editable */
      const mdl_stmt *sel[64];
      uint32_t ns = 0;
      bool ok = true;
      for (uint32_t i = 0; i < k->stmts.len && ok; i++) {
        const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, i);
        const mdl_inst *in = fix_x_first_inst(k, st);
        if ((st->kind != MDL_S_BSET && st->kind != MDL_S_BWAIT) || !in ||
            in->id != f || st->u.blk.set_pipe != (mdl_pipe)pairs[q][0] ||
            st->u.blk.wait_pipe != (mdl_pipe)pairs[q][1])
          continue;
        char *ot = fix_x_own_line(x, st) ? fix_x_op_text(x, st) : NULL;
        const char *at = ot ? strstr(ot, from) : NULL;
        ok = at && !isdigit((unsigned char)at[strlen(from)]) && ns < 64;
        free(ot);
        if (ok)
          sel[ns++] = st;
      }
      if (!ok || !ns)
        continue;
      fix_cand *c = fix_x_cand_new(
          x, mdl_strprintf(
                 "cross-core flag %d is set or waited on from several pipes: "
                 "the %s -> %s syncs get flag %d of their own",
                 f, fix_x_pn(pairs[q][0]), fix_x_pn(pairs[q][1]), g));
      for (uint32_t i = 0; i < ns; i++)
        fix_x_edit(c, FIX_REPLACE, sel[i]->loc.line, mdl_strprintf("%s", to),
                   from);
    }
    free(from);
    free(to);
  }
}

void fix_x_race_cands(cx *x, const mdl_diag *d) {
  if (!d->nrelated)
    return;
  const mdl_stmt *b = fix_x_stmt_at(x, d->line, d->col);
  const mdl_stmt *a = fix_x_stmt_at(x, d->related[0].line, d->related[0].col);
  if (!a || !b)
    return;
  uint32_t pa, pb, ca, cb;
  fix_x_pipes_of(x->k, a, &pa, &ca);
  fix_x_pipes_of(x->k, b, &pb, &cb);
  if (d->rule == MDL_RULE_XCORE_RACE) {
    fix_x_subblock_cands(x, a, b);
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
