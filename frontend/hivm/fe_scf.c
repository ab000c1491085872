/*
** fe_scf.c -- structured control flow and unstructured CFGs.
**
** Regions and their terminators, scf.for / scf.if / scf.while, and the
** lowering of a multi-block region (cf.br, cf.cond_br, cf.switch) into
** structured ifs (docs/semantics-decisions.md 42).
*/
#include "fe_int.h"
#include "fe_cfg.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Builds region r into dst with its entry block's arguments bound to
** args (extra block args get fresh values, returned in out_args when
** non-NULL).  Leaves the last terminator's values in b->term_*. */
void fe_build_region(fe_b *b, fe_region *r, mdl_block *dst,
                     const mdl_valref *args, uint32_t nargs,
                     mdl_valref *out_args, uint32_t max_out) {
  mdl_block *save = b->bd.blk;
  if (dst)
    b->bd.blk = dst;
  uint32_t mark = fe_scope_mark(b);
  b->has_term = false;
  b->term_n = 0;
  b->term_cond = MDL_NOVAL;
  if (r && r->nblocks) {
    fe_blk *blk = &r->blocks[0];
    for (uint32_t i = 0; i < blk->nargs; i++) {
      mdl_valref v = i < nargs ? args[i] : fe_new_value(b, blk->args[i], NULL);
      if (i >= nargs) {
        fe_type ty;
        fe_parse_type(b, blk->argtype[i], &ty);
        mdl_value *mv = mdl_value_at(b->bd.f, v);
        mv->is_memref = ty.kind == 1;
        mv->space = ty.has_space ? ty.space : MDL_SPACE_LOCAL;
        mv->bytes = ty.bytes;
        mv->elem = ty.elem;
      }
      if (out_args && i < max_out)
        out_args[i] = v;
      fe_bind_tok(b, blk->args[i], v);
    }
    if (r->nblocks > 1)
      fe_build_cfg(b, r);
    else
      fe_build_block(b, &r->blocks[0]);
  }
  fe_scope_pop(b, mark);
  b->bd.blk = save;
}

void fe_record_term(fe_b *b, fe_op *op, bool condition) {
  uint32_t t = op->name + 1;
  b->has_term = true;
  b->term_n = 0;
  b->term_cond = MDL_NOVAL;
  if (condition && K(b, t) == T_LPAREN) {
    if (K(b, t + 1) == T_PERCENT)
      b->term_cond = fe_lookup(b, t + 1);
    /* scf.condition(%c) %args; generic: "scf.condition"(%c, %args) */
    t = generic(b, op) ? t + 2 : fe_match(b->p, t) + 1;
  }
  for (uint32_t i = t; i < op->t1; i++) {
    if (K(b, i) == T_COLON)
      break;
    if (K(b, i) == T_PERCENT && b->term_n < 64)
      b->term_vals[b->term_n++] = fe_lookup(b, i);
  }
}

/* The attribute dictionary of a loop (after its region): the
** {hivm.parallel_loop} contract, and in a MIX function the core type
** hivm.loop_core_type gives its body (docs/semantics-decisions.md 30). */
static void loop_attrs(fe_b *b, fe_op *op, mdl_stmt *s) {
  for (uint32_t i = op->name + 1; i < op->t1; i++)
    if (!fe_in_region(op, i) && IS(b, i, "hivm.parallel_loop"))
      s->u.loop.parallel = true;
  uint8_t only = fe_op_core_attr(b, op, "hivm.loop_core_type");
  if (b->bd.mix_single && only != 0x3)
    s->u.loop.only_cores = only;
}

/* The header of an scf.for: induction variable, bounds and iter_args
** (names and initial values); the custom form
**   scf.for %iv = %lb to %ub step %s (iter_args(%a = %x, ...))? ...
** or the generic "scf.for"(%lb, %ub, %s, %x...) ({^bb0(%iv, %a...): ...}).
** Returns false after a located error. */
typedef struct {
  uint32_t iv, lb, ub, step; /* tokens */
  uint32_t n, names[64];
  mdl_valref inits[64];
} fe_for_head;

static bool for_header(fe_b *b, fe_op *op, fe_for_head *h) {
  uint32_t t = op->name + 1;
  memset(h, 0, sizeof *h);
  if (generic(b, op)) {
    fe_generic g;
    fe_gen_read(b, op, &g);
    const fe_blk *e = op->nregions && op->regions[0]->nblocks
                          ? &op->regions[0]->blocks[0] : NULL;
    if (g.n < 3 || !e || e->nargs != g.n - 2) {
      fe_error(b->p, t, "expected '\"scf.for\"(%%lb, %%ub, %%step, "
               "%%inits...) ({^bb0(%%iv, %%iter_args...): ...})'");
      b->failed = true;
      return false;
    }
    h->lb = g.tok[0];
    h->ub = g.tok[1];
    h->step = g.tok[2];
    h->iv = e->args[0];
    for (uint32_t j = 3; j < g.n && h->n < 64; j++) {
      h->names[h->n] = e->args[j - 2];
      h->inits[h->n++] = fe_lookup(b, g.tok[j]);
    }
    return true;
  }
  if (K(b, t) != T_PERCENT || K(b, t + 1) != T_EQ ||
      K(b, t + 2) != T_PERCENT || !IS(b, t + 3, "to") ||
      K(b, t + 4) != T_PERCENT || !IS(b, t + 5, "step") ||
      K(b, t + 6) != T_PERCENT) {
    fe_error(b->p, t, "expected 'scf.for %%iv = %%lb to %%ub step %%step'");
    b->failed = true;
    return false;
  }
  h->iv = t;
  h->lb = t + 2;
  h->ub = t + 4;
  h->step = t + 6;
  uint32_t ia = fe_find_group(b, op, "iter_args");
  if (ia != ~0u) {
    uint32_t c = fe_match(b->p, ia);
    for (uint32_t j = ia + 1; j < c; j++)
      if (K(b, j) == T_PERCENT && K(b, j + 1) == T_EQ && h->n < 64) {
        h->names[h->n] = j;
        h->inits[h->n] = fe_lookup(b, j + 2);
        h->n++;
        j += 2;
      }
  }
  return true;
}

void fe_build_for(fe_b *b, fe_op *op) {
  if (op->nregions < 1) {
    fe_error(b->p, op->t0, "scf.for without a body region");
    b->failed = true;
    return;
  }
  fe_for_head h;
  if (!for_header(b, op, &h))
    return;
  uint32_t t = h.iv, n = h.n, *names = h.names;
  mdl_valref *inits = h.inits;
  mdl_valref lb = fe_lookup(b, h.lb), ub = fe_lookup(b, h.ub);
  mdl_valref step = fe_lookup(b, h.step);
  mdl_stmt *s = mdl_b_for(&b->bd, lb, ub, step, fe_new_value(b, t, NULL), n,
                          LOC(b, op->t0));
  s->name = "scf.for";
  if (K(b, h.step + 1) == T_COLON) { /* `step %c : i32`: the iv's width */
    fe_type ty;
    memset(&ty, 0, sizeof ty);
    fe_parse_type(b, h.step + 2, &ty);
    if (ty.kind == 3 && ty.ibits >= 8 && ty.ibits < 64)
      s->u.loop.ivbits = ty.ibits;
  }
  for (uint32_t j = 0; j < n; j++) {
    s->u.loop.iter_init[j] = inits[j];
    s->u.loop.iter_arg[j] = fe_new_value(b, names[j], NULL);
    fe_copy_value_info(b, s->u.loop.iter_arg[j], inits[j]);
    fe_valias(b, s->u.loop.iter_arg[j], inits[j]);
  }
  loop_attrs(b, op, s);
  mdl_stmt *save_loop = b->loop;
  b->loop = s;
  /* the body block's arguments are the iv and iter_args by name */
  mdl_block *save = b->bd.blk;
  b->bd.blk = &s->u.loop.body;
  uint32_t mark = fe_scope_mark(b);
  fe_bind_tok(b, t, s->u.loop.iv);
  for (uint32_t j = 0; j < n; j++)
    fe_bind_tok(b, names[j], s->u.loop.iter_arg[j]);
  b->has_term = false;
  b->term_n = 0;
  fe_region *r = op->regions[0];
  for (uint32_t j = 0; j < r->nblocks; j++)
    fe_build_block(b, &r->blocks[j]);
  if (b->term_n != n && !(b->term_n == 0 && n == 0)) {
    fe_error(b->p, op->t0, "scf.for yields %u values but has %u iter_args",
             b->term_n, n);
    b->failed = true;
  }
  for (uint32_t j = 0; j < n && j < b->term_n; j++)
    s->u.loop.yield[j] = b->term_vals[j];
  fe_scope_pop(b, mark);
  b->bd.blk = save;
  b->loop = save_loop;
  uint32_t nr = fe_nresults(op);
  s->u.loop.nres = nr < n ? nr : n;
  s->u.loop.res = fe_arena_vals(b, nr);
  for (uint32_t j = 0; j < nr; j++) {
    s->u.loop.res[j] = fe_new_value(b, op->res[0].tok, NULL);
    if (j < n) {
      fe_copy_value_info(b, s->u.loop.res[j], s->u.loop.iter_arg[j]);
      fe_valias(b, s->u.loop.res[j], s->u.loop.iter_arg[j]);
    }
    fe_bind_result(b, op, j, s->u.loop.res[j]);
  }
}

void fe_build_if(fe_b *b, fe_op *op) {
  uint32_t t = op->name + 1 + generic(b, op); /* "scf.if"(%c) */
  if (K(b, t) != T_PERCENT) {
    fe_error(b->p, t, "expected a condition value after scf.if");
    b->failed = true;
    return;
  }
  if (op->nregions < 1) {
    fe_error(b->p, op->t0, "scf.if without a then region");
    b->failed = true;
    return;
  }
  uint32_t nr = fe_nresults(op);
  mdl_stmt *s = mdl_b_if(&b->bd, fe_lookup(b, t), nr, LOC(b, op->t0));
  s->name = "scf.if";
  fe_build_region(b, op->regions[0], &s->u.cif.then_b, NULL, 0, NULL, 0);
  for (uint32_t j = 0; j < nr && j < b->term_n; j++)
    s->u.cif.then_y[j] = b->term_vals[j];
  if (nr && b->term_n != nr) {
    fe_error(b->p, op->t0, "scf.if then-branch yields %u values, expected %u",
             b->term_n, nr);
    b->failed = true;
  }
  if (op->nregions > 1) {
    fe_build_region(b, op->regions[1], &s->u.cif.else_b, NULL, 0, NULL, 0);
    for (uint32_t j = 0; j < nr && j < b->term_n; j++)
      s->u.cif.else_y[j] = b->term_vals[j];
    if (nr && b->term_n != nr) {
      fe_error(b->p, op->t0,
               "scf.if else-branch yields %u values, expected %u", b->term_n,
               nr);
      b->failed = true;
    }
  } else if (nr) {
    fe_error(b->p, op->t0, "scf.if with results needs an else region");
    b->failed = true;
  }
  for (uint32_t j = 0; j < nr; j++) {
    s->u.cif.res[j] = fe_new_value(b, op->res[0].tok, NULL);
    fe_copy_value_info(b, s->u.cif.res[j], s->u.cif.then_y[j]);
    fe_valias(b, s->u.cif.res[j], s->u.cif.then_y[j]);
    if (fe_vmem(b, s->u.cif.else_y[j]))
      fe_vinfo_of(b, s->u.cif.res[j])->mem = true;
    fe_bind_result(b, op, j, s->u.cif.res[j]);
  }
}

void fe_build_while(fe_b *b, fe_op *op) {
  /* scf.while (%a = %x, ...) : (T) -> (T) { before } do { after } */
  if (op->nregions < 2) {
    fe_error(b->p, op->t0, "scf.while needs a before and an after region");
    b->failed = true;
    return;
  }
  mdl_stmt *s = mdl_b_while(&b->bd, LOC(b, op->t0));
  s->name = "scf.while";
  uint32_t t = op->name + 1, n = 0, names[64];
  mdl_valref inits[64];
  if (generic(b, op)) { /* "scf.while"(%x...) ({^bb0(%a...): ...}, {...}) */
    fe_generic g;
    fe_gen_read(b, op, &g);
    const fe_blk *e = &op->regions[0]->blocks[0];
    for (uint32_t j = 0; j < g.n && j < 64; j++) {
      names[n] = j < e->nargs ? e->args[j] : g.tok[j];
      inits[n++] = fe_lookup(b, g.tok[j]);
    }
  } else if (K(b, t) == T_LPAREN) {
    uint32_t c = fe_match(b->p, t);
    for (uint32_t j = t + 1; j < c; j++)
      if (K(b, j) == T_PERCENT && K(b, j + 1) == T_EQ && n < 64) {
        names[n] = j;
        inits[n] = fe_lookup(b, j + 2);
        n++;
        j += 2;
      }
  }
  s->u.wh.ninit = n;
  s->u.wh.init = fe_arena_vals(b, n);
  s->u.wh.before_args = fe_arena_vals(b, n);
  for (uint32_t j = 0; j < n; j++) {
    s->u.wh.init[j] = inits[j];
    s->u.wh.before_args[j] = fe_new_value(b, names[j], NULL);
    fe_copy_value_info(b, s->u.wh.before_args[j], inits[j]);
  }
  mdl_stmt *save_loop = b->loop;
  b->loop = s;
  /* before region: args are named in the header (or by a block label) */
  uint32_t mark = fe_scope_mark(b);
  for (uint32_t j = 0; j < n; j++)
    fe_bind_tok(b, names[j], s->u.wh.before_args[j]);
  fe_build_region(b, op->regions[0], &s->u.wh.before, s->u.wh.before_args, n,
                  NULL, 0);
  fe_scope_pop(b, mark);
  s->u.wh.cond = b->term_cond;
  uint32_t nc = b->term_n;
  s->u.wh.cond_args = fe_arena_vals(b, nc);
  for (uint32_t j = 0; j < nc; j++)
    s->u.wh.cond_args[j] = b->term_vals[j];
  if (s->u.wh.cond == MDL_NOVAL) {
    fe_error(b->p, op->t0, "scf.while before-region must end in scf.condition");
    b->failed = true;
  }
  s->u.wh.after_args = fe_arena_vals(b, nc);
  for (uint32_t j = 0; j < nc; j++)
    fe_copy_value_info(b, MDL_NOVAL, MDL_NOVAL);
  fe_build_region(b, op->regions[1], &s->u.wh.after, NULL, 0,
                  s->u.wh.after_args, nc);
  s->u.wh.yield = fe_arena_vals(b, n);
  for (uint32_t j = 0; j < n && j < b->term_n; j++)
    s->u.wh.yield[j] = b->term_vals[j];
  b->loop = save_loop;
  uint32_t nr = fe_nresults(op);
  s->u.wh.nres = nr < nc ? nr : nc;
  s->u.wh.res = fe_arena_vals(b, nr);
  for (uint32_t j = 0; j < nr; j++) {
    s->u.wh.res[j] = fe_new_value(b, op->res[0].tok, NULL);
    if (j < nc)
      fe_copy_value_info(b, s->u.wh.res[j], s->u.wh.cond_args[j]);
    fe_bind_result(b, op, j, s->u.wh.res[j]);
  }
}

/* Builds op o of a block; unless it is a terminator, forgets the values
** of terminators built inside it (only a block's own terminator counts). */
static void build_block_op(fe_b *b, fe_op *o) {
  fe_opcode c = fe_classify(b, o->name);
  fe_build_op(b, o);
  if (c != OP_YIELD && c != OP_CONDITION && c != OP_SCOPE_RET &&
      c != OP_RETURN && c != OP_FRETURN) {
    b->has_term = false;
    b->term_n = 0;
    b->term_cond = MDL_NOVAL;
  }
}

void fe_build_block(fe_b *b, fe_blk *blk) {
  for (fe_op *o = blk->first; o; o = o->next) {
    build_block_op(b, o);
    if (b->p->nerrors > 20)
      return;
  }
}

/* ------------------------------------------------- unstructured CFGs */

/* A region of several blocks joined by cf.br / cf.cond_br / cf.switch is
** lowered into structured if/else (docs/semantics-decisions.md 42): each
** branch becomes an MDL_S_IF whose arms run the successors up to the
** branch's immediate post-dominator (the join), whose block arguments
** are the if's results; the join is built once after it.  A block both
** arms reach before the join is built in each (path duplication), at most
** FE_CFG_MAX_COPIES block copies per region.  A block argument is bound
** to the incoming value of the path.  Cycles are not lowered. */
#define FE_CFG_MAX_COPIES 4096

typedef struct {
  fe_region *r;
  fe_cfg g;
  uint32_t copies;     /* block copies built */
  uint32_t exits;      /* paths that left the region (return sites) */
  uint32_t nexit;      /* values of the region's terminators (return,
                          scf.yield): the results of an if whose arms
                          both leave the region */
  bool stop;           /* too many copies */
} cfgx;

static void cfg_path(fe_b *b, cfgx *x, uint32_t blk, uint32_t stop,
                     mdl_valref *yv);

/* Builds the ops of block blk but its cf terminator. */
static void cfg_block_ops(fe_b *b, fe_blk *blk, const fe_term *tm) {
  for (fe_op *o = blk->first; o; o = o->next) {
    if (tm->kind != FE_T_EXIT && o == tm->op)
      return;
    build_block_op(b, o);
  }
}

/* Takes successor s of a branch on the current path: its operands feed
** the join's results (yv) when s is the join stop, else they are bound
** to s's block arguments and the path goes on into s. */
static void cfg_arm(fe_b *b, cfgx *x, const fe_succ *s, uint32_t stop,
                    mdl_valref *yv) {
  mdl_valref v[64];
  uint32_t n = s->nargs < 64 ? s->nargs : 64;
  for (uint32_t i = 0; i < n; i++)
    v[i] = fe_lookup(b, s->args[i]);
  if (s->blk == stop) {
    memcpy(yv, v, n * sizeof *v);
    return;
  }
  fe_blk *t = &x->r->blocks[s->blk];
  for (uint32_t i = 0; i < n && i < t->nargs; i++)
    fe_bind_tok(b, t->args[i], v[i]);
  cfg_path(b, x, s->blk, stop, yv);
}

/* Emits `if cond { succ a } else { succ c }` (one arm each, up to the join
** J) with nj results; returns the if statement. */
static mdl_stmt *cfg_if(fe_b *b, cfgx *x, mdl_valref cond, uint32_t at,
                        uint32_t nj) {
  mdl_stmt *s = mdl_b_if(&b->bd, cond, nj, LOC(b, at));
  s->name = "cf.cond_br";
  (void)x;
  return s;
}

/* Builds one arm of if s into its then (else_arm false) or else block. */
static void cfg_if_arm(fe_b *b, cfgx *x, mdl_stmt *s, bool else_arm,
                       const fe_succ *succ, uint32_t J) {
  mdl_block *save = b->bd.blk;
  b->bd.blk = else_arm ? &s->u.cif.else_b : &s->u.cif.then_b;
  uint32_t mark = fe_scope_mark(b);
  cfg_arm(b, x, succ, J, else_arm ? s->u.cif.else_y : s->u.cif.then_y);
  fe_scope_pop(b, mark);
  b->bd.blk = save;
}

/* The cases k.. of cf.switch tm as a chain of ifs on `value == case`
** (the default last), joining at J; the chain's join values go to yv. */
static void cfg_switch(fe_b *b, cfgx *x, const fe_term *tm, uint32_t k,
                       uint32_t J, uint32_t nj, mdl_valref *yv) {
  if (k >= tm->nsucc) { /* succ[0] is the default */
    uint32_t mark = fe_scope_mark(b);
    cfg_arm(b, x, &tm->succ[0], J, yv);
    fe_scope_pop(b, mark);
    return;
  }
  uint32_t at = tm->op->t0;
  mdl_valref c = fe_emit_const(b, tm->succ[k].value, at);
  mdl_stmt *cmp = mdl_b_scalar(&b->bd, MDL_X_CMP, fe_new_value(b, ~0u, NULL),
                               fe_lookup(b, tm->cond), c, LOC(b, at));
  cmp->u.x.cmp = MDL_CMP_EQ;
  mdl_stmt *s = cfg_if(b, x, cmp->def, at, nj);
  s->name = "cf.switch";
  cfg_if_arm(b, x, s, false, &tm->succ[k], J);
  mdl_block *save = b->bd.blk;
  b->bd.blk = &s->u.cif.else_b;
  uint32_t mark = fe_scope_mark(b);
  cfg_switch(b, x, tm, k + 1, J, nj, s->u.cif.else_y);
  fe_scope_pop(b, mark);
  b->bd.blk = save;
  if (J == x->g.n)
    s->u.cif.nres = nj = x->nexit < 64 ? x->nexit : 64;
  for (uint32_t j = 0; j < nj; j++) {
    s->u.cif.res[j] = fe_new_value(b, ~0u, NULL);
    fe_copy_value_info(b, s->u.cif.res[j], s->u.cif.then_y[j]);
    yv[j] = s->u.cif.res[j];
  }
}

/* Builds the path from block blk up to (not into) block stop, the join
** of the enclosing branch (x->g.n: the region's exit); the operands of
** the branch into stop go to yv. */
static void cfg_path(fe_b *b, cfgx *x, uint32_t blk, uint32_t stop,
                     mdl_valref *yv) {
  for (;;) {
    if (++x->copies > FE_CFG_MAX_COPIES || x->stop || b->failed) {
      x->stop = true;
      return;
    }
    const fe_term *tm = &x->g.term[blk];
    cfg_block_ops(b, &x->r->blocks[blk], tm);
    if (tm->kind == FE_T_EXIT) { /* its values join at the exit */
      x->exits++;
      x->nexit = b->term_n;
      if (stop == x->g.n)
        memcpy(yv, b->term_vals, b->term_n * sizeof *yv);
      return;
    }
    if (tm->kind == FE_T_BR) {
      const fe_succ *s = &tm->succ[0];
      if (s->blk == stop) {
        cfg_arm(b, x, s, stop, yv);
        return;
      }
      fe_blk *t = &x->r->blocks[s->blk];
      for (uint32_t i = 0; i < s->nargs && i < t->nargs; i++)
        fe_bind_tok(b, t->args[i], fe_lookup(b, s->args[i]));
      blk = s->blk;
      continue;
    }
    uint32_t J = x->g.ipdom[blk];
    uint32_t nj = J < x->g.n ? x->r->blocks[J].nargs : 64;
    mdl_valref res[64];
    if (nj > 64) {
      fe_error(b->p, tm->op->t0, "join block with more than 64 arguments");
      b->failed = true;
      return;
    }
    if (tm->kind == FE_T_COND) {
      mdl_stmt *s = cfg_if(b, x, fe_lookup(b, tm->cond), tm->op->t0, nj);
      cfg_if_arm(b, x, s, false, &tm->succ[0], J);
      cfg_if_arm(b, x, s, true, &tm->succ[1], J);
      if (J == x->g.n)
        s->u.cif.nres = nj = x->nexit < 64 ? x->nexit : 64;
      for (uint32_t j = 0; j < nj; j++) {
        s->u.cif.res[j] = res[j] = fe_new_value(b, ~0u, NULL);
        fe_copy_value_info(b, res[j], s->u.cif.then_y[j]);
      }
    } else {
      cfg_switch(b, x, tm, 1, J, nj, res);
      if (J == x->g.n)
        nj = x->nexit < 64 ? x->nexit : 64;
    }
    if (J == x->g.n) { /* every path left the region inside the arms */
      if (stop == x->g.n)
        memcpy(yv, res, nj * sizeof *res);
      return;
    }
    if (J == stop) {
      memcpy(yv, res, nj * sizeof *res);
      return;
    }
    fe_blk *jb = &x->r->blocks[J];
    for (uint32_t j = 0; j < nj; j++)
      fe_bind_tok(b, jb->args[j], res[j]);
    blk = J;
  }
}

/* Builds multi-block region r at the current block (its entry block's
** arguments already bound), leaving the values the region returns or
** yields (selected by the path) in b->term_*.  Returns the number of
** paths that leave the region (its return sites); on a cycle or past
** FE_CFG_MAX_COPIES the kernel is not decided (k->limit_hit names the
** place). */
uint32_t fe_build_cfg(fe_b *b, fe_region *r) {
  cfgx x;
  memset(&x, 0, sizeof x);
  x.r = r;
  uint32_t cycle;
  if (!fe_cfg_build(b->p, r, &x.g, &cycle)) {
    b->failed = true;
    return 0;
  }
  if (cycle != ~0u) {
    const fe_tok *t = fe_tokat(b->p, cycle);
    char nm[32];
    if (!b->bd.k->limit_hit)
      b->bd.k->limit_hit = mdl_strprintf(
          "unsupported: the %s at %u:%u closes a cycle of blocks (a loop "
          "in unstructured control flow); ksv checks loops written as "
          "scf.for / scf.while", fe_text(b->p, cycle, nm, sizeof nm),
          t->line, t->col);
    return 0;
  }
  mdl_valref out[64];
  cfg_path(b, &x, 0, x.g.n, out);
  b->has_term = x.exits > 0;
  b->term_n = x.nexit < 64 ? x.nexit : 64;
  memcpy(b->term_vals, out, b->term_n * sizeof *out);
  b->term_cond = MDL_NOVAL;
  if (x.stop && !b->failed && !b->bd.k->limit_hit) {
    const fe_tok *t = fe_tokat(b->p, r->open);
    b->bd.k->limit_hit = mdl_strprintf(
        "unsupported: the control flow of the region at %u:%u needs more "
        "than %u block copies to be checked path by path", t->line, t->col,
        FE_CFG_MAX_COPIES);
  }
  return x.exits;
}
