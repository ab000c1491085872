/*
** chk_smt.c -- the SMT engine: decides the rules with Z3 over every
** branch outcome and trip count the unrolled kernel represents.
**
** Each node of the happens-before graph (chk_int.h: issue, start, end,
** chain frontier of every instance) is an integer time; each instance
** exists under its guard, a conjunction of branch outcomes and "trip
** count > k" literals over the kernel's symbolic values (arguments, block
** index, opaque expressions).  Edges are difference constraints that hold
** when their instance exists.  The k-th wait on a flag is released by the
** set whose guarded count of earlier sets equals its own guarded count of
** earlier waits (SEMANTICS.md 3), cross-core counters per section 4.
**
** One query per candidate (a conflicting statement pair, a wait, a set):
** satisfiable is a finding and the model its witness (branch outcomes,
** trip counts, argument values, start times); unsatisfiable is proven for
** the trip counts the unrolling covers; a timeout is an `unknown`.
*/
#include "chk.h"
#include "chk_int.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <z3.h>

/* Z3 reports errors through this handler instead of ending the process;
** the engine checks the flag after each call that can fail. */
static _Thread_local int z3_failed; /* per thread: -j runs kernels in parallel */
static _Thread_local int z3_memout; /* the error was Z3's memory limit */
static void on_z3_error(Z3_context c, Z3_error_code e) {
  (void)c;
  z3_failed = 1;
  z3_memout |= e == Z3_MEMOUT_FAIL;
}

typedef struct {
  uint32_t inst;
  Z3_ast mem;                 /* exists and belongs to this flag/counter */
  Z3_ast cnt;                 /* guarded 1-based count among its kind */
  Z3_ast rcnt;                /* cross-core waits: 1 + the earlier waits
                                 sure to pass first (chk_xwait_ranks) */
} seqel;

typedef struct {
  const mdl_kernel *k;
  const chk_options *o;
  Z3_ast *on;                 /* per statement: the sync is kept (NULL for
                                 statements that are not removable syncs) */
  mdl_vec assume;             /* Z3_ast: on_s / not on_s per removable sync */
  mdl_vec keys, xrecs;        /* fkey, xrec: built once, queried per run */
  mdl_vec ranged, ranges;     /* runtime ids: instance, "in range" */
  mdl_diags *explain;         /* --explain notes go here (main run only) */
  Z3_context c;
  Z3_solver s;
  Z3_sort isort;
  chk_skel sk;
  uint32_t n, nnodes;
  Z3_ast *t;                  /* node times (NULL until used) */
  uint32_t tcap;
  Z3_ast *ex;                 /* per instance: existence */
  Z3_ast *gcache;             /* per guard id */
  Z3_ast *acache;             /* per atom id */
  mdl_vec medges;             /* chk_edge with cond = index into mconds */
  mdl_vec mconds;             /* Z3_ast: activation of match edges */
  mdl_vec mreq;               /* per match edge: mreqs, see must_edges */
  mdl_vec mpool;              /* uint32_t: instances the mreqs name */
  const uint8_t *dis;         /* syncs switched off in this run */
  uint32_t *moff, *madj;      /* must graph: out-edges per node (CSR) */
  uint32_t *mseen, *mqueue, mepoch;
  uint32_t *mok;              /* per instance: epoch * 2 + (exists) */
  uint32_t mga, mgb;          /* context: the guards assumed to hold */
  Z3_ast mon;                 /* context: a switch literal assumed on */
  uint32_t mctx;              /* context epoch (mok) */
  uint64_t mwork;             /* edge visits so far */
  uint32_t pruned;            /* queries the must graph made needless */
  mdl_vec findings;           /* chk_finding */
  uint8_t *dead;              /* per node: on or behind the witness cycle */
  uint8_t *behind;            /* a prefix: per instance, behind a wait that
                                 may still wait at the cut (chk_open.c) */
  bool probe;                 /* redundancy re-check: any error will do */
  bool want_core;             /* record unsat cores (explain) */
  Z3_ast last_core[64];
  uint32_t last_core_n;
  uint8_t probe_src, probe_dst; /* pipes the removed sync ordered */
  uint32_t probe_u0;          /* unknowns before this probe */
  bool deadlock;
  mdl_vec sa_stuck;           /* uint32_t: the sync_blocks of the first
                                 meeting that never completes (build) */
  uint32_t sa_m, sa_gone;     /* its number, the core it waits for */
  uint32_t unknowns;
  char *unknown_what;
  uint32_t queries;
  double deadline;            /* monotonic seconds: the solver budget */
} sx;

static Z3_ast T(sx *x, uint32_t node) {
  if (node >= x->tcap) { /* increment and meet nodes come after 4n */
    uint32_t nc = x->tcap ? x->tcap : 64;
    while (nc <= node)
      nc *= 2;
    Z3_ast *nt = realloc(x->t, nc * sizeof *nt);
    if (!nt) {
      fputs("ksv: out of memory\n", stderr);
      exit(3);
    }
    memset(nt + x->tcap, 0, (nc - x->tcap) * sizeof *nt);
    x->t = nt;
    x->tcap = nc;
  }
  if (!x->t[node])
    x->t[node] = Z3_mk_const(x->c, Z3_mk_int_symbol(x->c, (int)node),
                             x->isort);
  return x->t[node];
}

static Z3_ast mk_int(sx *x, int64_t v) {
  return Z3_mk_int64(x->c, v, x->isort);
}

static Z3_ast mk_and2(sx *x, Z3_ast a, Z3_ast b) {
  Z3_ast v[2] = {a, b};
  return Z3_mk_and(x->c, 2, v);
}

static Z3_ast mk_or2(sx *x, Z3_ast a, Z3_ast b) {
  Z3_ast v[2] = {a, b};
  return Z3_mk_or(x->c, 2, v);
}

/* Simplified conjunction of a guard and a count equality; NULL when it
** can never hold (keeps queries on concrete kernels small). */
static Z3_ast when(sx *x, Z3_ast ex, Z3_ast cnt, Z3_ast val) {
  Z3_ast v[2] = {ex, Z3_mk_eq(x->c, cnt, val)};
  Z3_ast r = Z3_simplify(x->c, Z3_mk_and(x->c, 2, v));
  return Z3_get_bool_value(x->c, r) == Z3_L_FALSE ? NULL : r;
}

static Z3_ast mk_add2(sx *x, Z3_ast a, Z3_ast b) {
  Z3_ast v[2] = {a, b};
  return Z3_mk_add(x->c, 2, v);
}

static Z3_ast mk_sub2(sx *x, Z3_ast a, Z3_ast b) {
  Z3_ast v[2] = {a, b};
  return Z3_mk_sub(x->c, 2, v);
}

static Z3_ast mk_mul2(sx *x, Z3_ast a, Z3_ast b) {
  Z3_ast v[2] = {a, b};
  return Z3_mk_mul(x->c, 2, v);
}

/* ---------------------------------------------------------------- values */

static Z3_ast form_expr(sx *x, uint32_t form);

static Z3_ast fresh_int(sx *x, const char *name) {
  return Z3_mk_fresh_const(x->c, name, x->isort);
}

static bool is_bool_form(const sx *x, uint32_t form);

static void add(sx *x, Z3_ast a);

/* Division by a symbolic divisor d (grid-stride trip counts such as
** ceildiv(ntiles - block_idx, block_num)), kept linear: for d > 0 the
** quotient q is pinned exactly while it lies in -1..K+1 (K the trip
** bound), with d*j for constant j only; beyond that only its side is
** known, which decides every "trip count > k" literal for k <= K.  With
** d <= 0 (never a real loop step) q is unconstrained. */
static Z3_ast sym_div(sx *x, mdl_xop op, Z3_ast l, Z3_ast d) {
  Z3_ast q = fresh_int(x, "quot");
  int64_t K = (int64_t)x->k->trip_bound + 1;
  bool ceil = op == MDL_X_CEILDIV || op == MDL_X_DIVS;
  Z3_ast pos = Z3_mk_gt(x->c, d, mk_int(x, 0));
  for (int64_t j = -1; j <= K; j++) {
    /* ceil: d*(j-1) < l <= d*j ; floor: d*j <= l < d*(j+1) */
    Z3_ast lo = mk_mul2(x, mk_int(x, ceil ? j - 1 : j), d);
    Z3_ast hi = mk_mul2(x, mk_int(x, ceil ? j : j + 1), d);
    Z3_ast in = ceil ? mk_and2(x, Z3_mk_lt(x->c, lo, l), Z3_mk_le(x->c, l, hi))
                     : mk_and2(x, Z3_mk_le(x->c, lo, l), Z3_mk_lt(x->c, l, hi));
    add(x, Z3_mk_implies(x->c, pos,
                         Z3_mk_iff(x->c, Z3_mk_eq(x->c, q, mk_int(x, j)), in)));
  }
  Z3_ast big = mk_mul2(x, mk_int(x, ceil ? K : K + 1), d);
  add(x, Z3_mk_implies(x->c, pos,
                       Z3_mk_iff(x->c, Z3_mk_gt(x->c, q, mk_int(x, K)),
                                 ceil ? Z3_mk_gt(x->c, l, big)
                                      : Z3_mk_ge(x->c, l, big))));
  Z3_ast neg = mk_mul2(x, mk_int(x, ceil ? -2 : -1), d);
  add(x, Z3_mk_implies(x->c, pos,
                       Z3_mk_iff(x->c, Z3_mk_lt(x->c, q, mk_int(x, -1)),
                                 ceil ? Z3_mk_le(x->c, l, neg)
                                      : Z3_mk_lt(x->c, l, neg))));
  return q;
}

/* An atom as an integer term.  Operations Z3 cannot express exactly in
** linear integer arithmetic become fresh unknowns (any value): sound for
** finding executions, at worst a finding on a path the kernel never
** takes. */
static Z3_ast atom_expr(sx *x, uint32_t id) {
  if (x->acache[id])
    return x->acache[id];
  const mdl_atom *a = &MDL_VEC_AT(x->k->atoms, mdl_atom, id);
  Z3_ast r = NULL;
  char name[64];
  switch (a->kind) {
  case MDL_ATOM_ARG:
    snprintf(name, sizeof name, "arg%lld", (long long)a->a);
    r = Z3_mk_const(x->c, Z3_mk_string_symbol(x->c, name), x->isort);
    break;
  case MDL_ATOM_BLOCK_IDX:
  case MDL_ATOM_BLOCK_NUM:
    r = Z3_mk_const(x->c,
                    Z3_mk_string_symbol(x->c, a->kind == MDL_ATOM_BLOCK_IDX
                                                  ? "block_idx"
                                                  : "block_num"),
                    x->isort);
    break;
  case MDL_ATOM_FRESH:
    r = fresh_int(x, a->text[0] ? a->text : "v");
    break;
  case MDL_ATOM_OPAQUE: {
    Z3_ast l = a->lhs ? form_expr(x, a->lhs) : mk_int(x, 0);
    Z3_ast rr = a->rhs ? form_expr(x, a->rhs) : mk_int(x, 0);
    const mdl_val *rv = a->rhs ? &MDL_VEC_AT(x->k->forms, mdl_val, a->rhs)
                               : NULL;
    bool rconst = rv && mdl_val_is_const(rv);
    int64_t d = rconst ? rv->c : 0;
    Z3_ast zero = mk_int(x, 0), one = mk_int(x, 1);
    switch ((mdl_xop)a->op) {
    case MDL_X_ADD: r = mk_add2(x, l, rr); break;
    case MDL_X_SUB: r = mk_sub2(x, l, rr); break;
    case MDL_X_MUL: r = mk_mul2(x, l, rr); break;
    case MDL_X_FLOORDIV:
    case MDL_X_DIVS:
    case MDL_X_CEILDIV:
    case MDL_X_REMS:
      if (rconst && d > 0) {
        Z3_ast dd = mk_int(x, d);
        Z3_ast fl = Z3_mk_div(x->c, l, dd); /* floor for d > 0 */
        Z3_ast ce = Z3_mk_unary_minus(
            x->c, Z3_mk_div(x->c, Z3_mk_unary_minus(x->c, l), dd));
        Z3_ast neg = Z3_mk_lt(x->c, l, zero);
        Z3_ast tr = Z3_mk_ite(x->c, neg, ce, fl); /* truncation */
        if (a->op == MDL_X_FLOORDIV)
          r = fl;
        else if (a->op == MDL_X_CEILDIV)
          r = ce;
        else if (a->op == MDL_X_DIVS)
          r = tr;
        else
          r = mk_sub2(x, l, mk_mul2(x, dd, tr));
      } else if (!rconst && a->op != MDL_X_REMS) {
        r = sym_div(x, (mdl_xop)a->op, l, rr);
      }
      break;
    case MDL_X_REMU:
    case MDL_X_DIVU:
      /* unsigned by a positive constant: the signed result for l >= 0
         (loop counters), anything for "negative" (huge) l */
      if (rconst && d > 0) {
        Z3_ast dd = mk_int(x, d);
        Z3_ast v = a->op == MDL_X_DIVU ? Z3_mk_div(x->c, l, dd)
                                       : Z3_mk_mod(x->c, l, dd);
        /* 2^64 is 0 modulo a power of two: the remainder of a negative
           value read as unsigned is then the mathematical modulus */
        bool pow2 = (d & (d - 1)) == 0;
        r = pow2 && a->op == MDL_X_REMU
                ? v
                : Z3_mk_ite(x->c, Z3_mk_ge(x->c, l, zero), v,
                            fresh_int(x, "unsigned"));
      }
      break;
    case MDL_X_MINS:
      r = Z3_mk_ite(x->c, Z3_mk_le(x->c, l, rr), l, rr);
      break;
    case MDL_X_MAXS:
      r = Z3_mk_ite(x->c, Z3_mk_ge(x->c, l, rr), l, rr);
      break;
    case MDL_X_CMP: {
      const mdl_val *cv = &MDL_VEC_AT(x->k->forms, mdl_val, a->third);
      Z3_ast p;
      switch ((mdl_cmp)cv->c) {
      case MDL_CMP_EQ: p = Z3_mk_eq(x->c, l, rr); break;
      case MDL_CMP_NE: p = Z3_mk_not(x->c, Z3_mk_eq(x->c, l, rr)); break;
      case MDL_CMP_SLT: case MDL_CMP_ULT: p = Z3_mk_lt(x->c, l, rr); break;
      case MDL_CMP_SLE: case MDL_CMP_ULE: p = Z3_mk_le(x->c, l, rr); break;
      case MDL_CMP_SGT: case MDL_CMP_UGT: p = Z3_mk_gt(x->c, l, rr); break;
      default: p = Z3_mk_ge(x->c, l, rr); break;
      }
      r = Z3_mk_ite(x->c, p, one, zero);
      break;
    }
    case MDL_X_SELECT: {
      Z3_ast third = form_expr(x, a->third);
      r = Z3_mk_ite(x->c, Z3_mk_not(x->c, Z3_mk_eq(x->c, l, zero)), rr,
                    third);
      break;
    }
    case MDL_X_AND:
    case MDL_X_OR:
    case MDL_X_XOR:
      if (is_bool_form(x, a->lhs) && is_bool_form(x, a->rhs)) {
        Z3_ast bl = Z3_mk_not(x->c, Z3_mk_eq(x->c, l, zero));
        Z3_ast br = Z3_mk_not(x->c, Z3_mk_eq(x->c, rr, zero));
        Z3_ast p = a->op == MDL_X_AND ? mk_and2(x, bl, br)
                   : a->op == MDL_X_OR ? mk_or2(x, bl, br)
                                       : Z3_mk_xor(x->c, bl, br);
        r = Z3_mk_ite(x->c, p, one, zero);
      }
      break;
    default:
      break;
    }
    if (!r)
      r = fresh_int(x, "opaque");
    break;
  }
  }
  x->acache[id] = r;
  return r;
}

/* Is the form a 0/1 value (a comparison or a boolean of comparisons)? */
static bool is_bool_form(const sx *x, uint32_t form) {
  if (!form)
    return false;
  const mdl_val *v = &MDL_VEC_AT(x->k->forms, mdl_val, form);
  if (mdl_val_is_const(v))
    return v->c == 0 || v->c == 1;
  if (v->n != 1 || v->c != 0 || v->coef[0] != 1)
    return false;
  const mdl_atom *a = &MDL_VEC_AT(x->k->atoms, mdl_atom, v->atom[0]);
  if (a->kind != MDL_ATOM_OPAQUE)
    return false;
  if (a->op == MDL_X_CMP)
    return true;
  if (a->op == MDL_X_AND || a->op == MDL_X_OR || a->op == MDL_X_XOR)
    return is_bool_form(x, a->lhs) && is_bool_form(x, a->rhs);
  return false;
}

static Z3_ast val_expr(sx *x, const mdl_val *v) {
  if (v->unknown)
    return fresh_int(x, "unknown");
  Z3_ast sum = mk_int(x, v->c);
  for (uint32_t i = 0; i < v->n; i++)
    sum = mk_add2(x, sum, mk_mul2(x, mk_int(x, v->coef[i]),
                                  atom_expr(x, v->atom[i])));
  return sum;
}

static Z3_ast form_expr(sx *x, uint32_t form) {
  return val_expr(x, &MDL_VEC_AT(x->k->forms, mdl_val, form));
}

static Z3_ast lit_expr(sx *x, const mdl_lit *l) {
  Z3_ast f = form_expr(x, l->atom_form);
  Z3_ast p = l->kind == 1 ? Z3_mk_gt(x->c, f, mk_int(x, l->k))
                          : Z3_mk_not(x->c, Z3_mk_eq(x->c, f, mk_int(x, 0)));
  return l->kind == 1 || l->positive ? p : Z3_mk_not(x->c, p);
}

static Z3_ast guard_expr(sx *x, uint32_t g) {
  if (!g)
    return Z3_mk_true(x->c);
  if (x->gcache[g])
    return x->gcache[g];
  const mdl_guard *gd = &MDL_VEC_AT(x->k->guards, mdl_guard, g);
  Z3_ast *v = malloc((gd->n ? gd->n : 1) * sizeof *v);
  for (uint32_t i = 0; i < gd->n; i++)
    v[i] = lit_expr(x, &MDL_VEC_AT(x->k->lits, mdl_lit, gd->first + i));
  Z3_ast r = gd->n ? Z3_mk_and(x->c, gd->n, v) : Z3_mk_true(x->c);
  free(v);
  x->gcache[g] = r;
  return r;
}

/* ------------------------------------------------------------- queries */

static void add(sx *x, Z3_ast a) { Z3_solver_assert(x->c, x->s, a); }

/* Checks q on top of the base constraints.  Returns 1 sat (model kept
** in *m, caller decrefs), 0 unsat, -1 unknown/timeout. */
static uint32_t errors_of(const sx *x);

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int check(sx *x, Z3_ast q, Z3_model *m, const char *what) {
  if (x->probe && (errors_of(x) || x->unknowns > x->probe_u0))
    return 0; /* decided: the candidate is not removable */
  x->last_core_n = 0;
  x->queries++;
  if (x->deadline > 0 && now_s() > x->deadline) {
    /* --max-solver-seconds: every query past the budget is undecided */
    x->unknowns++;
    if (!x->unknown_what)
      x->unknown_what = mdl_strprintf(
          "could not ask %s: the solver budget of %u s per kernel ran out "
          "(--max-solver-seconds)",
          what, x->o->budget_s);
    return -1;
  }
  Z3_solver_push(x->c, x->s);
  add(x, q);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  /* with cores wanted the kept syncs are assumptions (the core names
     them), otherwise run() has asserted them: much faster */
  Z3_lbool r = x->want_core
                   ? Z3_solver_check_assumptions(x->c, x->s, x->assume.len,
                                                 (Z3_ast *)x->assume.data)
                   : Z3_solver_check(x->c, x->s);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (getenv("KSV_SMT_TRACE"))
    fprintf(stderr, "smt: %-40s %s %.1f ms\n", what,
            r == Z3_L_TRUE ? "sat" : r == Z3_L_FALSE ? "unsat" : "unknown",
            (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
                (double)(t1.tv_nsec - t0.tv_nsec) / 1e6);
  int out = r == Z3_L_TRUE ? 1 : r == Z3_L_FALSE ? 0 : -1;
  if (z3_failed)
    out = -1;
  if (out == 1 && m) {
    *m = Z3_solver_get_model(x->c, x->s);
    Z3_model_inc_ref(x->c, *m);
  }
  if (out == 0 && x->want_core) {
    /* the kept syncs this proof needs (for --explain) */
    Z3_ast_vector core = Z3_solver_get_unsat_core(x->c, x->s);
    unsigned nc = Z3_ast_vector_size(x->c, core);
    for (unsigned i = 0; i < nc && x->last_core_n < 64; i++)
      x->last_core[x->last_core_n++] = Z3_ast_vector_get(x->c, core, i);
  }
  if (out == -1) {
    x->unknowns++;
    if (!x->unknown_what)
      x->unknown_what = mdl_strprintf(
          "asked %s (%s)", what,
          z3_memout ? "Z3 ran out of memory: more than --max-memory-mb"
          : z3_failed ? "Z3 error"
          : strstr(Z3_solver_get_reason_unknown(x->c, x->s), "memout")
              ? "Z3 reached --max-memory-mb"
              : Z3_solver_get_reason_unknown(x->c, x->s));
  }
  Z3_solver_pop(x->c, x->s, 1);
  return out;
}

static bool model_true(sx *x, Z3_model m, Z3_ast a) {
  Z3_ast v = NULL;
  if (!Z3_model_eval(x->c, m, a, true, &v) || !v)
    return false;
  return Z3_get_bool_value(x->c, v) == Z3_L_TRUE;
}

static bool model_int(sx *x, Z3_model m, Z3_ast a, int64_t *out) {
  Z3_ast v = NULL;
  if (!Z3_model_eval(x->c, m, a, true, &v) || !v)
    return false;
  return Z3_get_numeral_int64(x->c, v, out);
}

/* Witness text: branch outcomes, trip counts and argument values the
** model chose, then start times of the named instances. */
static char *witness(sx *x, Z3_model m, const uint32_t *insts, int ni) {
  char buf[1024];
  size_t w = 0;
  buf[0] = 0;
#define APP(...)                                                           \
  do {                                                                     \
    int r_ = snprintf(buf + w, sizeof buf - w, __VA_ARGS__);               \
    if (r_ > 0 && (size_t)r_ < sizeof buf - w)                             \
      w += (size_t)r_;                                                     \
  } while (0)
  const mdl_kernel *k = x->k;
  /* literals: each distinct (loc, kind) once */
  uint32_t shown = 0;
  for (uint32_t i = 0; i < k->lits.len && shown < 8; i++) {
    const mdl_lit *l = &MDL_VEC_AT(k->lits, mdl_lit, i);
    bool dup = false;
    for (uint32_t j = 0; j < i && !dup; j++) {
      const mdl_lit *o = &MDL_VEC_AT(k->lits, mdl_lit, j);
      dup = o->loc.line == l->loc.line && o->loc.col == l->loc.col &&
            o->kind == l->kind && o->atom_form == l->atom_form;
    }
    if (dup)
      continue;
    int64_t v;
    if (!model_int(x, m, form_expr(x, l->atom_form), &v))
      continue;
    if (l->kind == 1)
      APP("%strip count %lld for the loop at %u:%u", shown ? ", " : "",
          (long long)(v < 0 ? 0 : v), l->loc.line, l->loc.col);
    else
      APP("%sbranch at %u:%u %s", shown ? ", " : "", l->loc.line, l->loc.col,
          v ? "taken" : "not taken");
    shown++;
  }
  for (uint32_t i = 0; i < k->atoms.len && w < sizeof buf - 64; i++) {
    const mdl_atom *a = &MDL_VEC_AT(k->atoms, mdl_atom, i);
    if (!x->acache[i] ||
        (a->kind != MDL_ATOM_ARG && a->kind != MDL_ATOM_BLOCK_IDX &&
         a->kind != MDL_ATOM_BLOCK_NUM))
      continue;
    int64_t v;
    if (model_int(x, m, x->acache[i], &v)) {
      APP("%s%s = %lld", shown ? ", " : "",
          a->kind == MDL_ATOM_ARG ? a->text : a->kind == MDL_ATOM_BLOCK_IDX
                                                  ? "block_idx"
                                                  : "block_num",
          (long long)v);
      shown++;
    }
  }
  if (ni) {
    APP("%sschedule:", shown ? "; " : "");
    for (int i = 0; i < ni; i++) {
      int64_t s0, e0;
      if (insts[i] == NONE || !model_int(x, m, T(x, NS(insts[i])), &s0) ||
          !model_int(x, m, T(x, NE(insts[i])), &e0))
        continue;
      const mdl_inst *in = mdl_inst_at(k, insts[i]);
      APP(" %s at %u:%u runs [%lld, %lld]", chk_op_name(k, in), in->loc.line,
          in->loc.col, (long long)s0, (long long)e0);
    }
  }
#undef APP
  return w ? mdl_strprintf("%s", buf) : NULL;
}

/* The witness of fd: its text, and with o->valuations the values of the
** atoms the queries used (mdl_valuation), for replay on a concrete copy. */
static void set_witness(sx *x, Z3_model m, chk_finding *fd,
                        const uint32_t *insts, int ni) {
  fd->witness = witness(x, m, insts, ni);
  for (int i = 0; i < ni; i++) { /* the schedule, for the witness steps */
    chk_sched t = {insts[i], 0, 0};
    if (insts[i] != NONE && model_int(x, m, T(x, NS(insts[i])), &t.t0) &&
        model_int(x, m, T(x, NE(insts[i])), &t.t1))
      *(chk_sched *)mdl_vec_push(&fd->sched, sizeof t) = t;
  }
  if (!x->o->valuations || fd->val)
    return;
  uint32_t na = x->k->atoms.len;
  mdl_valuation *v = calloc(1, sizeof *v);
  if (v) {
    v->natoms = na;
    v->val = calloc(na ? na : 1, sizeof *v->val);
    v->known = calloc(na ? na : 1, 1);
  }
  if (!v || !v->val || !v->known) {
    mdl_valuation_free(v);
    return;
  }
  for (uint32_t i = 0; i < na; i++)
    if (x->acache[i] && model_int(x, m, x->acache[i], &v->val[i]))
      v->known[i] = 1;
  fd->val = v;
}

/* ------------------------------------------------------------ building */

static Z3_ast done_node(sx *x, uint32_t i) {
  return T(x, x->sk.chain[i] != NONE ? NC(i) : NE(i));
}

static bool disabled_inst(const sx *x, uint32_t i) {
  const mdl_inst *in = mdl_inst_at(x->k, i);
  return in->kind != MDL_I_OP && !chk_sync_valid(x->k, in);
}

/* What makes a match edge certain: it is active whenever every instance
** in req exists (first = NONE: nothing syntactic makes it certain). */
typedef struct { uint32_t first, n; } mreqs;

static void match_edge_req(sx *x, uint32_t from, uint32_t to, Z3_ast cond,
                           const uint32_t *req, uint32_t nreq) {
  mreqs *r = mdl_vec_push(&x->mreq, sizeof *r);
  r->first = req ? x->mpool.len : NONE;
  r->n = req ? nreq : 0;
  for (uint32_t i = 0; req && i < nreq; i++)
    *(uint32_t *)mdl_vec_push(&x->mpool, sizeof(uint32_t)) = req[i];
  chk_edge *e = mdl_vec_push(&x->medges, sizeof *e);
  e->from = from;
  e->to = to;
  e->cond = x->mconds.len;
  *(Z3_ast *)mdl_vec_push(&x->mconds, sizeof(Z3_ast)) = cond;
  add(x, Z3_mk_implies(x->c, cond, Z3_mk_le(x->c, T(x, from), T(x, to))));
}


/* A count known without the solver: e's count is a numeral (counts()). */
static bool count_is(sx *x, const seqel *e, int64_t *v) {
  return Z3_is_numeral_ast(x->c, e->cnt) &&
         Z3_get_numeral_int64(x->c, e->cnt, v);
}

/* Does literal a imply literal b?  Trip literals "trip > k" of one trip
** count imply those with a smaller k (iteration k exists, so do the
** earlier ones); a branch literal implies only itself. */
static bool lit_implies(const mdl_lit *a, const mdl_lit *b) {
  if (a->kind != b->kind || a->atom_form != b->atom_form ||
      a->positive != b->positive)
    return false;
  return a->kind == 1 ? a->k >= b->k : a->k == b->k;
}

/* Does guard ga imply guard gb (every literal of gb follows from one of
** ga's)?  Syntactic, hence sound but incomplete. */
static bool guard_implies(const mdl_kernel *k, uint32_t ga, uint32_t gb) {
  if (ga == gb || gb == 0)
    return true;
  if (ga == 0)
    return false;
  const mdl_guard *A = &MDL_VEC_AT(k->guards, mdl_guard, ga);
  const mdl_guard *B = &MDL_VEC_AT(k->guards, mdl_guard, gb);
  for (uint32_t j = 0; j < B->n; j++) {
    const mdl_lit *lb = &MDL_VEC_AT(k->lits, mdl_lit, B->first + j);
    bool found = false;
    for (uint32_t i = 0; i < A->n && !found; i++)
      found = lit_implies(&MDL_VEC_AT(k->lits, mdl_lit, A->first + i), lb);
    if (!found)
      return false;
  }
  return true;
}

/* The switch literal of instance i's statement that its existence
** includes (build()), or NULL. */
static Z3_ast on_of(const sx *x, uint32_t i) {
  const mdl_inst *in = mdl_inst_at(x->k, i);
  if ((in->kind == MDL_I_SET || in->kind == MDL_I_WAIT ||
       in->kind == MDL_I_BARRIER) && !in->implicit)
    return x->on[in->stmt];
  return NULL;
}

/* Whenever sequence member e belongs to its sequence, so does j: the
** guard of e implies j's, j's switch literal is e's (or j has none) and
** j's flag is fixed or computed by the same expression. */
static bool member_implies(const sx *x, const seqel *e, const seqel *j) {
  const mdl_inst *ie = mdl_inst_at(x->k, e->inst);
  const mdl_inst *ij = mdl_inst_at(x->k, j->inst);
  Z3_ast oj = on_of(x, j->inst);
  if (oj && oj != on_of(x, e->inst))
    return false;
  if (ij->id < 0 && !(ie->id < 0 && ie->id_form == ij->id_form))
    return false;
  return guard_implies(x->k, ie->guard, ij->guard);
}

/* The count of member i of v assuming i belongs to v: 1 for itself, 1 for
** each earlier member its membership implies, an if-then-else for the
** rest; with pipe < MDL_PIPE_COUNT only the earlier members on that pipe
** or on PIPE_S count (rank_counts). */
static Z3_ast count_of(sx *x, const mdl_vec *v, uint32_t i, int pipe) {
  const seqel *e = &MDL_VEC_AT(*v, seqel, i);
  int64_t sure = 1;
  Z3_ast rest = NULL;
  for (uint32_t j = 0; j < i; j++) {
    const seqel *q = &MDL_VEC_AT(*v, seqel, j);
    uint8_t pq = mdl_inst_at(x->k, q->inst)->pipe;
    if (pipe < MDL_PIPE_COUNT && pq != pipe && pq != MDL_PIPE_S)
      continue;
    if (member_implies(x, e, q))
      sure++;
    else {
      Z3_ast t = Z3_mk_ite(x->c, q->mem, mk_int(x, 1), mk_int(x, 0));
      rest = rest ? mk_add2(x, rest, t) : t;
    }
  }
  return rest ? Z3_simplify(x->c, mk_add2(x, mk_int(x, sure), rest))
              : mk_int(x, sure);
}

/* Appends the guarded running count of v's instances (1-based) and sets
** *total.  A member's count is only ever used where the member belongs to
** the sequence, so it is written under that assumption: the earlier
** members its membership implies count as 1, not as an if-then-else.  In
** a loop without branches every count is then a constant, the matching
** conditions of the flags simplify to their members' guards, and the
** solver has far fewer case splits to make. */
static void counts(sx *x, mdl_vec *v, Z3_ast *total) {
  Z3_ast cnt = mk_int(x, 0);
  for (uint32_t i = 0; i < v->len; i++) {
    seqel *e = &MDL_VEC_AT(*v, seqel, i);
    cnt = Z3_simplify(x->c, mk_add2(x, cnt, Z3_mk_ite(x->c, e->mem,
                                                      mk_int(x, 1),
                                                      mk_int(x, 0))));
    e->cnt = count_of(x, v, i, MDL_PIPE_COUNT);
    e->rcnt = e->cnt;
  }
  *total = cnt;
}

/* The waits of a cross-core counter where a wait blocks only its pipe
** (a5): rcnt counts, besides the wait itself, only the earlier waits sure
** to pass before it (chk_xwait_ranks): those on its pipe and on PIPE_S. */
static void rank_counts(sx *x, mdl_vec *v) {
  if (x->k->prof->xcore_wait_scalar)
    return;
  for (uint32_t i = 0; i < v->len; i++) {
    seqel *e = &MDL_VEC_AT(*v, seqel, i);
    e->rcnt = count_of(x, v, i, mdl_inst_at(x->k, e->inst)->pipe);
  }
}

static void push_seq(mdl_vec *v, uint32_t i, Z3_ast mem) {
  seqel *e = mdl_vec_push(v, sizeof *e);
  e->inst = i;
  e->mem = mem;
}

static chk_finding *add_finding(sx *x, mdl_rule rule, uint32_t b,
                                uint32_t a) {
  chk_finding *f = mdl_vec_push(&x->findings, sizeof *f);
  f->rule = rule;
  f->b = b;
  f->a = a;
  f->mem = NONE;
  return f;
}

/* The instance of seq whose guard holds and whose count equals c in m. */
static uint32_t pick(sx *x, Z3_model m, const mdl_vec *seq, Z3_ast c) {
  for (uint32_t i = 0; i < seq->len; i++) {
    const seqel *e = &MDL_VEC_AT(*seq, seqel, i);
    if (model_true(x, m, mk_and2(x, e->mem, Z3_mk_eq(x->c, e->cnt, c))))
      return e->inst;
  }
  return NONE;
}

typedef struct {
  uint32_t core;
  uint8_t src, dst;
  int32_t id;
  mdl_vec sets, waits;        /* seqel */
  Z3_ast nsets, nwaits;
} fkey;

static const char *pn(uint8_t p) { return mdl_pipe_name((mdl_pipe)p); }

/* Intra-core flags: matching edges, then deadlock / unpaired / double
** set queries per statement. */
static void flags(sx *x, mdl_vec *keys) {
  const mdl_kernel *k = x->k;
  for (uint32_t i = 0; i < x->n; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if ((in->kind != MDL_I_SET && in->kind != MDL_I_WAIT) ||
        disabled_inst(x, i))
      continue;
    uint8_t src = in->kind == MDL_I_SET ? in->pipe : in->pipe2;
    uint8_t dst = in->kind == MDL_I_SET ? in->pipe2 : in->pipe;
    /* an id computed at run time belongs to the flag of its value */
    int32_t lo = in->id, hi = in->id;
    if (in->id < 0) {
      lo = 0;
      hi = k->prof->max_event_id;
    }
    for (int32_t id = lo; id <= hi; id++) {
      fkey *f = NULL;
      for (uint32_t j = 0; j < keys->len && !f; j++) {
        fkey *q = &MDL_VEC_AT(*keys, fkey, j);
        if (q->core == in->core && q->src == src && q->dst == dst &&
            q->id == id)
          f = q;
      }
      if (!f) {
        f = mdl_vec_push(keys, sizeof *f);
        f->core = in->core;
        f->src = src;
        f->dst = dst;
        f->id = id;
      }
      Z3_ast mem = x->ex[i];
      if (in->id < 0)
        mem = Z3_simplify(x->c, mk_and2(x, mem,
                                        Z3_mk_eq(x->c,
                                                 form_expr(x, in->id_form),
                                                 mk_int(x, id))));
      push_seq(in->kind == MDL_I_SET ? &f->sets : &f->waits, i, mem);
    }
  }
  for (uint32_t j = 0; j < keys->len; j++) {
    fkey *f = &MDL_VEC_AT(*keys, fkey, j);
    counts(x, &f->sets, &f->nsets);
    counts(x, &f->waits, &f->nwaits);
    for (uint32_t w = 0; w < f->waits.len; w++) {
      seqel *we = &MDL_VEC_AT(f->waits, seqel, w);
      for (uint32_t s = 0; s < f->sets.len; s++) {
        seqel *se = &MDL_VEC_AT(f->sets, seqel, s);
        Z3_ast cond = Z3_simplify(
            x->c, mk_and2(x, mk_and2(x, se->mem, we->mem),
                          Z3_mk_eq(x->c, se->cnt, we->cnt)));
        if (Z3_get_bool_value(x->c, cond) == Z3_L_FALSE)
          continue;
        int64_t cs, cw;
        uint32_t req[2] = {se->inst, we->inst};
        bool sure = count_is(x, se, &cs) && count_is(x, we, &cw) &&
                    cs == cw && mdl_inst_at(k, se->inst)->id >= 0 &&
                    mdl_inst_at(k, we->inst)->id >= 0;
        match_edge_req(x, NS(se->inst), NE(we->inst), cond,
                       sure ? req : NULL, 2);
      }
    }
  }
}

/* Is there an execution where the statement of seq[i] (its first
** element of that statement) is numbered past the other side's count
** (other + 1)?  Returns 1 with *m and the instance chosen (*inst, NONE when
** pick found none), 0 when none, and skips (0) an element whose statement
** an earlier one of seq already asked for.  what names the query. */
static int past_other(sx *x, const mdl_vec *seq, uint32_t i, Z3_ast other,
                      const char *what_fmt, Z3_model *m, uint32_t *inst) {
  const mdl_kernel *k = x->k;
  const mdl_inst *ii = mdl_inst_at(k, MDL_VEC_AT(*seq, seqel, i).inst);
  for (uint32_t q = 0; q < i; q++)
    if (mdl_inst_at(k, MDL_VEC_AT(*seq, seqel, q).inst)->stmt == ii->stmt)
      return 0;
  Z3_ast past = mk_add2(x, other, mk_int(x, 1));
  Z3_ast any = Z3_mk_false(x->c);
  for (uint32_t q = i; q < seq->len; q++) {
    const seqel *e = &MDL_VEC_AT(*seq, seqel, q);
    if (mdl_inst_at(k, e->inst)->stmt == ii->stmt)
      any = mk_or2(x, any, mk_and2(x, e->mem, Z3_mk_eq(x->c, e->cnt, past)));
  }
  char what[96];
  snprintf(what, sizeof what, what_fmt, ii->loc.line, ii->loc.col);
  if (check(x, any, m, what) != 1)
    return 0;
  *inst = pick(x, *m, seq, past);
  return 1;
}

/* The first wait of a key without its set: deadlock, per wait statement. */
static void wait_queries(sx *x, fkey *f) {
  const mdl_kernel *k = x->k;
  for (uint32_t w = 0; w < f->waits.len; w++) {
    seqel *we = &MDL_VEC_AT(f->waits, seqel, w);
    Z3_model m;
    uint32_t inst;
    if (!past_other(x, &f->waits, w, f->nsets,
                    "whether the wait_flag at %u:%u always gets its set", &m,
                    &inst))
      continue;
    int64_t ns = 0, num = 0;
    model_int(x, m, f->nsets, &ns);
    chk_finding *fd = add_finding(x, MDL_RULE_DEADLOCK,
                                  inst != NONE ? inst : we->inst, NONE);
    if (inst != NONE)
      for (uint32_t q = 0; q < f->waits.len; q++)
        if (MDL_VEC_AT(f->waits, seqel, q).inst == inst)
          model_int(x, m, MDL_VEC_AT(f->waits, seqel, q).cnt, &num);
    fd->msg = mdl_strprintf(
        "wait_flag[%s, %s, EVENT_ID%d] on %s waits forever: it is wait "
        "number %lld but only %lld matching set_flag%s execute%s",
        pn(f->src), pn(f->dst), f->id, k->cores[f->core].label,
        (long long)num, (long long)ns, ns == 1 ? "" : "s", ns == 1 ? "s" : "");
    uint32_t wl[1] = {fd->b};
    set_witness(x, m, fd, wl, 0);
    x->deadlock = true;
    Z3_model_dec_ref(x->c, m);
  }
}

/* The first set of a key left pending: unpaired-set, per set statement. */
static void set_queries(sx *x, fkey *f) {
  const mdl_kernel *k = x->k;
  for (uint32_t s = 0; s < f->sets.len; s++) {
    seqel *se = &MDL_VEC_AT(f->sets, seqel, s);
    Z3_model m;
    uint32_t inst;
    if (!past_other(x, &f->sets, s, f->nwaits,
                    "whether the set_flag at %u:%u is always waited for", &m,
                    &inst))
      continue;
    int64_t ns = 0, nw = 0;
    model_int(x, m, f->nsets, &ns);
    model_int(x, m, f->nwaits, &nw);
    chk_finding *fd = add_finding(x, MDL_RULE_UNPAIRED_SET,
                                  inst != NONE ? inst : se->inst, NONE);
    fd->msg = mdl_strprintf(
        "set_flag[%s, %s, EVENT_ID%d] on %s is still set when the "
        "kernel ends: %lld set%s but %lld wait%s",
        pn(f->src), pn(f->dst), f->id, k->cores[f->core].label,
        (long long)ns, ns == 1 ? "" : "s", (long long)nw, nw == 1 ? "" : "s");
    set_witness(x, m, fd, NULL, 0);
    Z3_model_dec_ref(x->c, m);
  }
}

static void flag_queries(sx *x, mdl_vec *keys) {
  for (uint32_t j = 0; j < keys->len; j++) {
    fkey *f = &MDL_VEC_AT(*keys, fkey, j);
    if (chk_cut_core(x->k, f->core))
      continue; /* a prefix: the end of the kernel is not in it */
    wait_queries(x, f);
    set_queries(x, f);
  }
}

/* Fewer than c waits of waits (total nwaits) exist, or the one numbered
** c ends after node: the wait that should precede node has not passed. */
static Z3_ast wait_late(sx *x, const mdl_vec *waits, Z3_ast nwaits, Z3_ast c,
                        uint32_t node) {
  Z3_ast late = Z3_simplify(x->c, Z3_mk_lt(x->c, nwaits, c));
  for (uint32_t w = 0; w < waits->len; w++) {
    const seqel *we = &MDL_VEC_AT(*waits, seqel, w);
    Z3_ast wh = when(x, we->mem, we->cnt, c);
    if (wh)
      late = mk_or2(x, late,
                    mk_and2(x, wh, Z3_mk_lt(x->c, T(x, node),
                                            done_node(x, we->inst))));
  }
  return late;
}

static bool must_path(sx *x, uint32_t from, uint32_t to);
static void must_ctx(sx *x, uint32_t ga, uint32_t gb, Z3_ast on);
static bool must_exists(sx *x, uint32_t r);

/* Is the set se, numbered c, certainly issued after the wait numbered
** c-1 of its flag has ended (a path of certain edges)?  Then it is no
** double set and needs no query. */
static bool must_clear_before(sx *x, const fkey *f, const seqel *se) {
  int64_t c, cw;
  const mdl_inst *si = mdl_inst_at(x->k, se->inst);
  if (x->want_core || si->id < 0 || !count_is(x, se, &c) || c < 2)
    return false;
  must_ctx(x, si->guard, 0, on_of(x, se->inst));
  for (uint32_t w = 0; w < f->waits.len; w++) {
    const seqel *we = &MDL_VEC_AT(f->waits, seqel, w);
    if (mdl_inst_at(x->k, we->inst)->id < 0 || !count_is(x, we, &cw) ||
        cw != c - 1 || !must_exists(x, we->inst))
      continue;
    uint32_t d = x->sk.chain[we->inst] != NONE ? NC(we->inst)
                                               : NE(we->inst);
    if (must_path(x, d, NS(se->inst)))
      return true;
  }
  return false;
}

/* One set or wait of a flag, in the program order of its core. */
typedef struct {
  const seqel *e;
  bool set;
} fev;

/* The events of f (sets and waits, each in program order) merged into
** program order.  Caller frees *OUT. */
static uint32_t flag_events(const fkey *f, fev **out) {
  uint32_t ns = f->sets.len, nw = f->waits.len, n = 0, a = 0, b = 0;
  fev *ev = malloc((ns + nw ? ns + nw : 1) * sizeof *ev);
  if (!ev) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  while (a < ns || b < nw) {
    const seqel *se = a < ns ? &MDL_VEC_AT(f->sets, seqel, a) : NULL;
    const seqel *we = b < nw ? &MDL_VEC_AT(f->waits, seqel, b) : NULL;
    bool take_set = se && (!we || se->inst < we->inst);
    ev[n].e = take_set ? se : we;
    ev[n++].set = take_set;
    take_set ? a++ : b++;
  }
  *out = ev;
  return n;
}

/* L[j]: the latest existing event of the flag before event j is a set
** (false when there is none), as a chain of if-then-else terms shared
** between the queries (memo L, NULL where not built yet). */
static Z3_ast last_is_set(sx *x, const fev *ev, Z3_ast *L, uint32_t j) {
  uint32_t from = j;
  while (from > 0 && !L[from])
    from--;
  if (!L[0])
    L[0] = Z3_mk_false(x->c);
  for (uint32_t i = from + 1; i <= j; i++)
    L[i] = Z3_mk_ite(x->c, ev[i - 1].e->mem,
                     ev[i - 1].set ? Z3_mk_true(x->c) : Z3_mk_false(x->c),
                     L[i - 1]);
  return L[j];
}

/* How far a query walks back before it uses the shared chain. */
#define PO_WALK 64

/* "Set event j follows an existing set of its flag with no existing set
** or wait of it between them", assuming event j exists; NULL when no
** outcome allows it.  Walks back over the events before j: an event
** whose existence j's implies (member_implies) ends the walk. */
static Z3_ast po_double_cond(sx *x, const fev *ev, Z3_ast *L, uint32_t j) {
  Z3_ast none = Z3_mk_true(x->c), cand = NULL;
  uint32_t i = j, steps = 0;
  while (i > 0 && steps < PO_WALK) {
    const fev *p = &ev[--i];
    steps++;
    if (p->set) {
      Z3_ast t = mk_and2(x, none, p->e->mem);
      cand = cand ? mk_or2(x, cand, t) : t;
    }
    if (member_implies(x, ev[j].e, p->e))
      return cand; /* it exists: nothing before it counts */
    none = mk_and2(x, none, Z3_mk_not(x->c, p->e->mem));
  }
  if (i > 0) { /* walk cut short: the rest through the chain */
    Z3_ast t = mk_and2(x, none, last_is_set(x, ev, L, i));
    cand = cand ? mk_or2(x, cand, t) : t;
  }
  return cand;
}

/* --flag-model count: two sets of a flag with no wait of it between them
** in program order, on some outcome (a warning; SEMANTICS.md 3).  As for
** the one-bit double sets, a set behind a wait that is never released
** never runs. */
static void po_double_sets(sx *x, mdl_vec *keys, const mdl_vec *stuck) {
  const mdl_kernel *k = x->k;
  for (uint32_t j = 0; j < keys->len; j++) {
    fkey *f = &MDL_VEC_AT(*keys, fkey, j);
    fev *ev;
    uint32_t n = flag_events(f, &ev);
    Z3_ast *L = calloc(n + 1, sizeof *L);
    if (!L) {
      fputs("ksv: out of memory\n", stderr);
      exit(3);
    }
    for (uint32_t e = 1; e < n; e++) {
      if (!ev[e].set)
        continue;
      const seqel *se = ev[e].e;
      const mdl_inst *si = mdl_inst_at(k, se->inst);
      if (x->dead && x->dead[NS(se->inst)])
        continue; /* on or behind a cycle of waits: never runs */
      Z3_ast c = po_double_cond(x, ev, L, e);
      if (!c) {
        x->pruned++; /* a wait of the flag before it always exists */
        continue;
      }
      Z3_ast q = mk_and2(x, se->mem, c);
      for (uint32_t d = 0; d < stuck->len; d++) {
        uint32_t wi = MDL_VEC_AT(*stuck, uint32_t, d);
        q = mk_and2(x, q, Z3_mk_lt(x->c, T(x, NS(se->inst)),
                                   done_node(x, wi)));
      }
      Z3_model m;
      char what[96];
      snprintf(what, sizeof what, "whether the set_flag at %u:%u can follow "
               "a set of its flag with no wait between", si->loc.line,
               si->loc.col);
      if (check(x, q, &m, what) != 1)
        continue;
      uint32_t prev = NONE; /* the model's latest event before it */
      for (uint32_t p = e; p > 0; p--)
        if (model_true(x, m, ev[p - 1].e->mem)) {
          prev = ev[p - 1].set ? ev[p - 1].e->inst : NONE;
          break;
        }
      chk_finding *fd = add_finding(x, MDL_RULE_DOUBLE_SET, se->inst, prev);
      fd->msg = chk_po_double_msg(k, f->core, f->src, f->dst, f->id);
      uint32_t wl[1] = {se->inst};
      set_witness(x, m, fd, wl, 1);
      char *w = chk_po_double_witness(k, prev, fd->witness);
      free(fd->witness);
      fd->witness = w;
      Z3_model_dec_ref(x->c, m);
    }
    free(L);
    free(ev);
  }
}

/* Double sets: the set numbered c fires before the wait numbered c-1 is
** released, or no such wait exists (--flag-model bit); with counting
** flags, two sets with no wait between them in program order. */
static void double_sets(sx *x, mdl_vec *keys, const mdl_vec *stuck) {
  const mdl_kernel *k = x->k;
  if (x->o->flags == MDL_FLAGS_COUNT) {
    if (!x->probe) /* warnings: a redundancy probe looks for errors */
      po_double_sets(x, keys, stuck);
    return;
  }
  for (uint32_t j = 0; j < keys->len; j++) {
    fkey *f = &MDL_VEC_AT(*keys, fkey, j);
    Z3_ast one = mk_int(x, 1), two = mk_int(x, 2);
    for (uint32_t s = 1; s < f->sets.len; s++) {
      seqel *se = &MDL_VEC_AT(f->sets, seqel, s);
      const mdl_inst *si = mdl_inst_at(k, se->inst);
      if (x->dead && x->dead[NS(se->inst)])
        continue; /* on or behind a cycle of waits: never runs */
      if (must_clear_before(x, f, se)) {
        x->pruned++;
        continue;
      }
      Z3_ast prev = mk_sub2(x, se->cnt, one);
      Z3_ast early = wait_late(x, &f->waits, f->nwaits, prev, NS(se->inst));
      Z3_ast q = mk_and2(x, mk_and2(x, se->mem,
                                    Z3_mk_ge(x->c, se->cnt, two)),
                         early);
      /* a set behind a wait that is never released never runs */
      for (uint32_t d = 0; d < stuck->len; d++) {
        uint32_t wi = MDL_VEC_AT(*stuck, uint32_t, d);
        q = mk_and2(x, q, Z3_mk_lt(x->c, T(x, NS(se->inst)),
                                   done_node(x, wi)));
      }
      Z3_model m;
      char what[96];
      snprintf(what, sizeof what, "whether the set_flag at %u:%u can be a "
               "double set", si->loc.line, si->loc.col);
      if (check(x, q, &m, what) != 1)
        continue;
      uint32_t prev_set = pick(x, m, &f->sets, prev);
      bool has_wait = false;
      int64_t pv = 0, nw = 0;
      model_int(x, m, prev, &pv);
      model_int(x, m, f->nwaits, &nw);
      has_wait = nw >= pv;
      chk_finding *fd = add_finding(x, MDL_RULE_DOUBLE_SET, se->inst,
                                    prev_set);
      fd->error = true; /* one bit: the set is lost */
      fd->msg = mdl_strprintf(
          "set_flag[%s, %s, EVENT_ID%d] can fire while the flag is still "
          "set: %s",
          pn(f->src), pn(f->dst), f->id,
          has_wait ? "nothing orders it after the wait_flag that clears the "
                     "previous set"
                   : "no wait_flag clears the previous set");
      uint32_t wl[1] = {se->inst};
      set_witness(x, m, fd, wl, 1);
      (void)si;
      Z3_model_dec_ref(x->c, m);
    }
  }
}

typedef struct {
  uint32_t r;                 /* receiving core */
  int32_t f;                  /* flag */
  mdl_vec waits;              /* seqel */
  mdl_vec seq[3];             /* per sender: seqel */
  Z3_ast tot[3], nwaits, mn;
  bool part[3];
  uint32_t nsend, expected, maxlen;
  uint32_t jfirst;            /* first increment node */
} xrec;

/* Instance i exists and uses flag fl (its flag may be computed at run
** time, e.g. from the counter of a loop with an unknown trip count). */
static Z3_ast flag_mem(sx *x, uint32_t i, int32_t fl) {
  const mdl_inst *in = mdl_inst_at(x->k, i);
  if (in->id >= 0)
    return x->ex[i];
  return Z3_simplify(x->c, mk_and2(x, x->ex[i],
                                   Z3_mk_eq(x->c, form_expr(x, in->id_form),
                                            mk_int(x, fl))));
}

/* Cross-core counters (SEMANTICS.md 4), as the graph engine reads them:
** the m-th increment of (receiving core, flag) happens once every
** participating sender has done its m-th set. */
static void xcore(sx *x, mdl_vec *recs, uint32_t *nextnode) {
  const mdl_kernel *k = x->k;
  uint32_t nc = k->ncores;
  for (int32_t fl = 0; fl <= k->prof->max_block_flag; fl++)
    for (uint32_t r = 0; r < nc; r++) {
      /* a lone half: a counter the missing partner feeds is the
         environment's (its waits are open, released at any time) */
      if (chk_open_counter(k, r, fl))
        continue;
      xrec xr;
      memset(&xr, 0, sizeof xr);
      xr.r = r;
      xr.f = fl;
      for (uint32_t i = k->core_first[r];
           i < k->core_first[r] + k->core_count[r]; i++) {
        const mdl_inst *in = mdl_inst_at(k, i);
        if (in->kind == MDL_I_BWAIT && !disabled_inst(x, i) &&
            (in->id == fl || (in->id == -1 && in->id_form)))
          push_seq(&xr.waits, i, flag_mem(x, i, fl));
      }
      mdl_core_type rt = k->cores[r].type;
      for (uint32_t s = 0; s < nc; s++)
        for (uint32_t i = k->core_first[s];
             i < k->core_first[s] + k->core_count[s]; i++) {
          const mdl_inst *in = mdl_inst_at(k, i);
          if (in->kind != MDL_I_BSET || disabled_inst(x, i) ||
              !(in->id == fl || (in->id == -1 && in->id_form)))
            continue;
          mdl_core_type st = k->cores[s].type;
          bool feeds = false;
          switch ((mdl_xmode)in->mode) {
          case MDL_XMODE_INTRA_BLOCK: feeds = st != rt; break;
          case MDL_XMODE_INTER_SUBBLOCK:
            feeds = st == MDL_CORE_AIV && rt == MDL_CORE_AIV;
            break;
          case MDL_XMODE_INTER_BLOCK: feeds = st == rt; break;
          }
          if (!feeds)
            continue;
          xr.part[s] = true;
          push_seq(&xr.seq[s], i, flag_mem(x, i, fl));
        }
      if (!xr.waits.len) {
        bool any = false;
        for (uint32_t s = 0; s < nc; s++)
          any |= xr.part[s];
        if (!any)
          continue;
      }
      uint32_t anyp = NONE;
      for (uint32_t s = 0; s < nc; s++)
        if (xr.part[s]) {
          xr.nsend++;
          anyp = s;
          if (xr.seq[s].len > xr.maxlen)
            xr.maxlen = xr.seq[s].len;
        }
      for (uint32_t s = 0; s < nc && anyp != NONE; s++)
        if (k->cores[s].type == k->cores[anyp].type &&
            (s != r || k->cores[s].type == rt))
          xr.expected++;
      counts(x, &xr.waits, &xr.nwaits);
      rank_counts(x, &xr.waits);
      xr.mn = NULL;
      for (uint32_t s = 0; s < nc; s++) {
        if (!xr.part[s])
          continue;
        counts(x, &xr.seq[s], &xr.tot[s]);
        xr.mn = !xr.mn ? xr.tot[s]
                       : Z3_mk_ite(x->c, Z3_mk_lt(x->c, xr.tot[s], xr.mn),
                                   xr.tot[s], xr.mn);
      }
      if (!xr.mn || xr.nsend < xr.expected)
        xr.mn = mk_int(x, 0);
      xr.mn = Z3_simplify(x->c, xr.mn);
      /* a sender that sets this counter from several pipes: its sets
         fire in any order across the pipes (chk_xset_ranks); rcnt of a
         set is then 1 + the sets that can fire before it, and the
         (m+1)-th increment follows every set whose rcnt is at most m+1 */
      bool multi = false;
      for (uint32_t s = 0; s < nc; s++) {
        mdl_vec *v = &xr.seq[s];
        if (!xr.part[s] || !v->len)
          continue;
        uint32_t *ids = malloc(v->len * sizeof *ids), *rk = malloc(v->len * sizeof *rk);
        for (uint32_t q = 0; q < v->len; q++)
          ids[q] = MDL_VEC_AT(*v, seqel, q).inst;
        multi |= chk_xset_ranks(k, ids, v->len, rk);
        free(ids);
        free(rk);
      }
      for (uint32_t s = 0; multi && s < nc; s++) {
        mdl_vec *v = &xr.seq[s];
        for (uint32_t q = 0; xr.part[s] && q < v->len; q++) {
          seqel *e = &MDL_VEC_AT(*v, seqel, q);
          uint8_t p = mdl_inst_at(k, e->inst)->pipe;
          Z3_ast before = mk_int(x, 1);
          for (uint32_t j = 0; j < v->len; j++) {
            const seqel *o = &MDL_VEC_AT(*v, seqel, j);
            if (j != q && (mdl_inst_at(k, o->inst)->pipe != p || j < q))
              before = mk_add2(x, before,
                               Z3_mk_ite(x->c, o->mem, mk_int(x, 1),
                                         mk_int(x, 0)));
          }
          e->rcnt = Z3_simplify(x->c, before);
        }
      }
      /* increment nodes and their edges */
      xr.jfirst = *nextnode;
      *nextnode += xr.maxlen;
      for (uint32_t m = 0; m < xr.maxlen; m++) {
        uint32_t jn = xr.jfirst + m;
        Z3_ast idx = mk_int(x, (int64_t)m + 1);
        for (uint32_t s = 0; s < nc; s++) {
          if (!xr.part[s])
            continue;
          for (uint32_t q = 0; q < xr.seq[s].len; q++) {
            seqel *e = &MDL_VEC_AT(xr.seq[s], seqel, q);
            if (multi) {
              Z3_ast cond = Z3_simplify(
                  x->c, mk_and2(x, e->mem, Z3_mk_le(x->c, e->rcnt, idx)));
              if (Z3_get_bool_value(x->c, cond) != Z3_L_FALSE)
                match_edge_req(x, NS(e->inst), jn, cond, NULL, 0);
              continue;
            }
            Z3_ast cond = Z3_simplify(
                x->c, mk_and2(x, e->mem, Z3_mk_eq(x->c, e->cnt, idx)));
            int64_t c;
            bool sure = count_is(x, e, &c) && c == (int64_t)m + 1 &&
                        mdl_inst_at(k, e->inst)->id >= 0;
            if (Z3_get_bool_value(x->c, cond) != Z3_L_FALSE)
              match_edge_req(x, NS(e->inst), jn, cond,
                             sure ? &e->inst : NULL, 1);
          }
        }
        /* the increment certainly happens when each sender's (m+1)-th
           set exists: those sets are what the jn -> wait edges need */
        uint32_t req[4], nreq = 1;
        bool sure = xr.nsend >= xr.expected && !multi;
        for (uint32_t s = 0; s < nc && sure; s++) {
          if (!xr.part[s])
            continue;
          uint32_t found = NONE;
          for (uint32_t q = 0; q < xr.seq[s].len && found == NONE; q++) {
            seqel *e = &MDL_VEC_AT(xr.seq[s], seqel, q);
            int64_t c;
            if (count_is(x, e, &c) && c == (int64_t)m + 1 &&
                mdl_inst_at(k, e->inst)->id >= 0)
              found = e->inst;
          }
          sure = found != NONE;
          req[nreq++] = found;
        }
        for (uint32_t q = 0; q < xr.waits.len; q++) {
          seqel *e = &MDL_VEC_AT(xr.waits, seqel, q);
          Z3_ast cond = Z3_simplify(
              x->c, mk_and2(x, mk_and2(x, e->mem,
                                       Z3_mk_eq(x->c, e->rcnt, idx)),
                            Z3_mk_le(x->c, idx, xr.mn)));
          int64_t c = 0;
          req[0] = e->inst;
          bool wsure = sure && Z3_is_numeral_ast(x->c, e->rcnt) &&
                       Z3_get_numeral_int64(x->c, e->rcnt, &c) &&
                       c == (int64_t)m + 1 &&
                       mdl_inst_at(k, e->inst)->id >= 0;
          if (Z3_get_bool_value(x->c, cond) != Z3_L_FALSE)
            match_edge_req(x, jn, NE(e->inst), cond, wsure ? req : NULL,
                           nreq);
        }
      }
      *(xrec *)mdl_vec_push(recs, sizeof xr) = xr;
    }
}

static void xcore_queries(sx *x, mdl_vec *recs) {
  const mdl_kernel *k = x->k;
  Z3_ast one = mk_int(x, 1);
  for (uint32_t j = 0; j < recs->len; j++) {
    xrec *xr = &MDL_VEC_AT(*recs, xrec, j);
    /* deadlock: the first wait past the increments (not in a prefix) */
    for (uint32_t w = 0; w < xr->waits.len && !k->cut_cores; w++) {
      seqel *we = &MDL_VEC_AT(xr->waits, seqel, w);
      uint32_t st = mdl_inst_at(k, we->inst)->stmt;
      bool seen = false;
      for (uint32_t q = 0; q < w && !seen; q++)
        seen = mdl_inst_at(k, MDL_VEC_AT(xr->waits, seqel, q).inst)->stmt ==
               st;
      if (seen)
        continue;
      Z3_ast any = Z3_mk_false(x->c);
      for (uint32_t q = w; q < xr->waits.len; q++) {
        seqel *e = &MDL_VEC_AT(xr->waits, seqel, q);
        if (mdl_inst_at(k, e->inst)->stmt == st)
          any = mk_or2(x, any, mk_and2(x, e->mem,
                                       Z3_mk_eq(x->c, e->cnt,
                                                mk_add2(x, xr->mn, one))));
      }
      Z3_model m;
      char what[96];
      const mdl_inst *wq = mdl_inst_at(k, we->inst);
      snprintf(what, sizeof what, "whether the sync_block_wait at %u:%u "
               "always gets its set", wq->loc.line, wq->loc.col);
      if (check(x, any, &m, what) == 1) {
        uint32_t inst = pick(x, m, &xr->waits, mk_add2(x, xr->mn, one));
        int64_t mn = 0;
        model_int(x, m, xr->mn, &mn);
        chk_finding *fd = add_finding(x, MDL_RULE_DEADLOCK,
                                      inst != NONE ? inst : we->inst, NONE);
        fd->msg = mdl_strprintf(
            "sync_block_wait on flag %d waits forever: only %lld matching "
            "sync_block_set%s reach %s, this is wait number %lld",
            xr->f, (long long)mn, mn == 1 ? "" : "s", k->cores[xr->r].label,
            (long long)mn + 1);
        set_witness(x, m, fd, NULL, 0);
        x->deadlock = true;
        Z3_model_dec_ref(x->c, m);
      }
    }
    /* leftovers: the first participating sender's set past the waits */
    uint32_t s0 = NONE;
    for (uint32_t s = 0; s < k->ncores && s0 == NONE; s++)
      if (xr->part[s])
        s0 = s;
    if (s0 == NONE)
      continue;
    mdl_vec *seq = &xr->seq[s0];
    for (uint32_t q0 = 0; q0 < seq->len; q0++) {
      seqel *se = &MDL_VEC_AT(*seq, seqel, q0);
      uint32_t st = mdl_inst_at(k, se->inst)->stmt;
      bool seen = false;
      for (uint32_t q = 0; q < q0 && !seen; q++)
        seen = mdl_inst_at(k, MDL_VEC_AT(*seq, seqel, q).inst)->stmt == st;
      if (seen)
        continue;
      Z3_ast lft = Z3_mk_false(x->c), ovf = Z3_mk_false(x->c);
      int64_t maxc = x->k->prof->max_counter;
      for (uint32_t q = q0; q < seq->len; q++) {
        seqel *e = &MDL_VEC_AT(*seq, seqel, q);
        if (mdl_inst_at(k, e->inst)->stmt != st)
          continue;
        lft = mk_or2(x, lft,
                     mk_and2(x, mk_and2(x, e->mem,
                                        Z3_mk_eq(x->c, e->cnt,
                                                 mk_add2(x, xr->nwaits, one))),
                             Z3_mk_gt(x->c, xr->mn, xr->nwaits)));
        /* overflow: increment c > 15 before the wait numbered c-15 */
        for (uint32_t m = (uint32_t)maxc; m < xr->maxlen; m++) {
          Z3_ast c = mk_int(x, (int64_t)m + 1);
          Z3_ast here = when(x, e->mem, e->cnt, c);
          if (!here)
            continue;
          Z3_ast need = mk_int(x, (int64_t)m + 1 - maxc);
          Z3_ast early;
          if (k->cut_cores) {
            /* a prefix: the consuming wait may come after the cut; only
               a wait here that ends after the increment is a finding */
            early = Z3_mk_false(x->c);
            for (uint32_t w = 0; w < xr->waits.len; w++) {
              const seqel *we = &MDL_VEC_AT(xr->waits, seqel, w);
              Z3_ast c2 = k->prof->xcore_wait_scalar ? we->cnt : we->rcnt;
              Z3_ast wh = k->prof->xcore_wait_scalar
                              ? when(x, we->mem, c2, need)
                              : mk_and2(x, we->mem,
                                        Z3_mk_ge(x->c, c2, need));
              if (wh)
                early = mk_or2(x, early,
                               mk_and2(x, wh,
                                       Z3_mk_lt(x->c, T(x, xr->jfirst + m),
                                                done_node(x, we->inst))));
            }
            if (!k->prof->xcore_wait_scalar) {
              /* first-come: no sure-to-follow wait ended before it */
              Z3_ast safe = Z3_mk_false(x->c);
              for (uint32_t w = 0; w < xr->waits.len; w++) {
                seqel *we = &MDL_VEC_AT(xr->waits, seqel, w);
                Z3_ast v[3] = {we->mem, Z3_mk_ge(x->c, we->rcnt, need),
                               Z3_mk_le(x->c, done_node(x, we->inst),
                                        T(x, xr->jfirst + m))};
                safe = mk_or2(x, safe, Z3_mk_and(x->c, 3, v));
              }
              early = mk_and2(x, early, Z3_mk_not(x->c, safe));
            }
          } else if (k->prof->xcore_wait_scalar)
            early = wait_late(x, &xr->waits, xr->nwaits, need,
                              xr->jfirst + m);
          else {
            early = Z3_simplify(x->c, Z3_mk_lt(x->c, xr->nwaits, need));
            /* first-come (a5): early unless some wait that is sure to
               follow `need` passes has ended before the increment */
            Z3_ast safe = Z3_mk_false(x->c);
            for (uint32_t w = 0; w < xr->waits.len; w++) {
              seqel *we = &MDL_VEC_AT(xr->waits, seqel, w);
              Z3_ast v[3] = {we->mem, Z3_mk_ge(x->c, we->rcnt, need),
                             Z3_mk_le(x->c, done_node(x, we->inst),
                                      T(x, xr->jfirst + m))};
              safe = mk_or2(x, safe, Z3_mk_and(x->c, 3, v));
            }
            early = mk_or2(x, early, Z3_mk_not(x->c, safe));
          }
          ovf = mk_or2(x, ovf,
                       mk_and2(x, here,
                               mk_and2(x, Z3_mk_le(x->c, c, xr->mn), early)));
        }
      }
      Z3_model m;
      char what[96];
      const mdl_inst *sq = mdl_inst_at(k, se->inst);
      snprintf(what, sizeof what, "whether the sync_block_set at %u:%u is "
               "always waited for", sq->loc.line, sq->loc.col);
      if (!k->cut_cores && check(x, lft, &m, what) == 1) {
        int64_t mn = 0, nw = 0;
        model_int(x, m, xr->mn, &mn);
        model_int(x, m, xr->nwaits, &nw);
        uint32_t inst = pick(x, m, seq, mk_add2(x, xr->nwaits, one));
        chk_finding *fd = add_finding(x, MDL_RULE_UNPAIRED_SET,
                                      inst != NONE ? inst : se->inst, NONE);
        fd->msg = mdl_strprintf(
            "sync_block_set on flag %d leaves the counter of %s at %lld when "
            "the kernel ends: %lld set%s, %lld wait%s",
            xr->f, k->cores[xr->r].label, (long long)(mn - nw),
            (long long)mn, mn == 1 ? "" : "s", (long long)nw,
            nw == 1 ? "" : "s");
        set_witness(x, m, fd, NULL, 0);
        Z3_model_dec_ref(x->c, m);
      }
      if (xr->maxlen > (uint32_t)maxc &&
          check(x, ovf, &m, "the bound of a cross-core counter") == 1) {
        chk_finding *fd = add_finding(x, MDL_RULE_FLAG_OVERFLOW, se->inst,
                                      NONE);
        fd->msg = mdl_strprintf(
            "sync_block_set can push a cross-core counter past %d: nothing "
            "orders it after the wait that consumes the set %d earlier",
            (int)maxc, (int)maxc);
        set_witness(x, m, fd, NULL, 0);
        Z3_model_dec_ref(x->c, m);
      }
    }
  }
}

static void xrecs_free(mdl_vec *recs) {
  for (uint32_t j = 0; j < recs->len; j++) {
    xrec *xr = &MDL_VEC_AT(*recs, xrec, j);
    mdl_vec_free(&xr->waits);
    for (int s = 0; s < 3; s++)
      mdl_vec_free(&xr->seq[s]);
  }
  mdl_vec_free(recs);
}

/* ------------------------------------------------------------- cycles */

/* Is there an assignment under which the active edges form a cycle?  A
** set of nodes each with an active edge into the set contains one. */
static void cycles(sx *x) {
  uint32_t nn = x->nnodes;
  const mdl_kernel *k = x->k;
  /* out-edges: skeleton (cond = instance or NONE) then match edges */
  uint32_t ns = x->sk.edges.len, nm = x->medges.len;
  uint32_t *off = calloc(nn + 1, sizeof *off);
  uint32_t *adj = malloc(((size_t)ns + nm + 1) * sizeof *adj);
  const chk_edge *se = x->sk.edges.data, *me = x->medges.data;
  for (uint32_t e = 0; e < ns; e++)
    off[se[e].from + 1]++;
  for (uint32_t e = 0; e < nm; e++)
    off[me[e].from + 1]++;
  for (uint32_t v = 0; v < nn; v++)
    off[v + 1] += off[v];
  uint32_t *fill = malloc((nn + 1) * sizeof *fill);
  memcpy(fill, off, (nn + 1) * sizeof *fill);
  for (uint32_t e = 0; e < ns; e++)
    adj[fill[se[e].from]++] = e;
  for (uint32_t e = 0; e < nm; e++)
    adj[fill[me[e].from]++] = ns + e;
  Z3_sort bs = Z3_mk_bool_sort(x->c);
  Z3_ast *cv = malloc((nn ? nn : 1) * sizeof *cv);
  for (uint32_t v = 0; v < nn; v++)
    cv[v] = Z3_mk_fresh_const(x->c, "cyc", bs);
  Z3_solver_push(x->c, x->s);
  Z3_ast waitsin = Z3_mk_false(x->c);
  mdl_vec terms = {0};
  for (uint32_t v = 0; v < nn; v++) {
    terms.len = 0;
    for (uint32_t e = off[v]; e < off[v + 1]; e++) {
      uint32_t id = adj[e];
      const chk_edge *ed = id < ns ? &se[id] : &me[id - ns];
      Z3_ast act = id < ns ? (ed->cond == NONE ? Z3_mk_true(x->c)
                                               : x->ex[ed->cond])
                           : MDL_VEC_AT(x->mconds, Z3_ast, ed->cond);
      *(Z3_ast *)mdl_vec_push(&terms, sizeof(Z3_ast)) =
          mk_and2(x, act, cv[ed->to]);
    }
    Z3_ast out = terms.len ? Z3_mk_or(x->c, terms.len, terms.data)
                           : Z3_mk_false(x->c);
    add(x, Z3_mk_implies(x->c, cv[v], out));
    if (v < 4 * x->n && (v & 3) == 2) {
      mdl_inst_kind kd = mdl_inst_at(k, v >> 2)->kind;
      if (kd == MDL_I_WAIT || kd == MDL_I_BWAIT || kd == MDL_I_SYNC_ALL)
        waitsin = mk_or2(x, waitsin, cv[v]);
    }
  }
  mdl_vec_free(&terms);
  Z3_model m = NULL;
  int r = check(x, waitsin, &m, "whether the waits can form a cycle");
  Z3_solver_pop(x->c, x->s, 1);
  if (r == 1) {
    /* render the cycle of the witness assignment canonically */
    mdl_vec act = {0};
    for (uint32_t e = 0; e < ns + nm; e++) {
      const chk_edge *ed = e < ns ? &se[e] : &me[e - ns];
      Z3_ast a = e < ns ? (ed->cond == NONE ? NULL : x->ex[ed->cond])
                        : MDL_VEC_AT(x->mconds, Z3_ast, ed->cond);
      if (a && !model_true(x, m, a))
        continue;
      chk_edge *ne = mdl_vec_push(&act, sizeof *ne);
      *ne = *ed;
    }
    uint32_t before = x->findings.len;
    if (!chk_cycle_finding(k, nn, act.data, act.len, &x->findings)) {
      chk_finding *fd = add_finding(x, MDL_RULE_DEADLOCK, 0, NONE);
      fd->msg = mdl_strprintf("the instructions form a cycle of waits");
    }
    if (x->findings.len > before) {
      chk_finding *fd = &MDL_VEC_AT(x->findings, chk_finding, before);
      set_witness(x, m, fd, NULL, 0);
    }
    x->deadlock = true;
    /* nodes on or behind the cycle never run: everything reachable from
       a node in a strongly connected component, i.e. what Kahn's
       algorithm cannot order */
    x->dead = calloc(nn ? nn : 1, 1);
    {
      uint32_t *deg = calloc(nn ? nn : 1, sizeof *deg);
      uint32_t *aoff = calloc(nn + 1, sizeof *aoff);
      uint32_t *aadj = malloc((act.len ? act.len : 1) * sizeof *aadj);
      const chk_edge *ae = act.data;
      for (uint32_t e = 0; e < act.len; e++) {
        aoff[ae[e].from + 1]++;
        deg[ae[e].to]++;
      }
      for (uint32_t v = 0; v < nn; v++)
        aoff[v + 1] += aoff[v];
      uint32_t *af = malloc((nn + 1) * sizeof *af);
      memcpy(af, aoff, (nn + 1) * sizeof *af);
      for (uint32_t e = 0; e < act.len; e++)
        aadj[af[ae[e].from]++] = ae[e].to;
      uint32_t *q = malloc((nn ? nn : 1) * sizeof *q), h = 0, tl = 0;
      for (uint32_t v = 0; v < nn; v++)
        if (!deg[v])
          q[tl++] = v;
      while (h < tl) {
        uint32_t v = q[h++];
        for (uint32_t e = aoff[v]; e < aoff[v + 1]; e++)
          if (--deg[aadj[e]] == 0)
            q[tl++] = aadj[e];
      }
      memset(x->dead, 1, nn);
      for (uint32_t i = 0; i < tl; i++)
        x->dead[q[i]] = 0;
      free(deg);
      free(aoff);
      free(aadj);
      free(af);
      free(q);
    }
    mdl_vec_free(&act);
    Z3_model_dec_ref(x->c, m);
  }
  free(cv);
  free(off);
  free(adj);
  free(fill);
}

/* ------------------------------------------------------ certain order */

/* Before asking the solver whether two instances can overlap, ksv looks
** for a path of certain edges between them: skeleton edges whose
** instance exists, match edges whose instances exist with the counts
** counts() found without the solver.  "Exists" is decided syntactically
** from the guards assumed in the query (guard_implies), so a path proves
** the order in every outcome where the query's instances exist, and the
** query is unsat without asking.  Sound, incomplete: where no path is
** found the solver decides as before.  --explain asks anyway (the unsat
** core names the syncs). */

#define MUST_BUDGET 200000000ull /* edge visits per run, then ask Z3 */

static void must_init(sx *x) {
  if (x->moff)
    return;
  uint32_t nn = x->nnodes, ns = x->sk.edges.len, nm = x->medges.len;
  const chk_edge *se = x->sk.edges.data, *me = x->medges.data;
  x->moff = calloc((size_t)nn + 2, sizeof *x->moff);
  x->madj = malloc(((size_t)ns + nm + 1) * sizeof *x->madj);
  x->mseen = calloc((size_t)nn + 1, sizeof *x->mseen);
  x->mqueue = malloc(((size_t)nn + 1) * sizeof *x->mqueue);
  x->mok = calloc((size_t)x->n + 1, sizeof *x->mok);
  if (!x->moff || !x->madj || !x->mseen || !x->mqueue || !x->mok) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  for (uint32_t e = 0; e < ns; e++)
    x->moff[se[e].from + 1]++;
  for (uint32_t e = 0; e < nm; e++)
    if (MDL_VEC_AT(x->mreq, mreqs, e).first != NONE)
      x->moff[me[e].from + 1]++;
  for (uint32_t v = 0; v < nn; v++)
    x->moff[v + 1] += x->moff[v];
  uint32_t *fill = malloc(((size_t)nn + 1) * sizeof *fill);
  memcpy(fill, x->moff, ((size_t)nn + 1) * sizeof *fill);
  for (uint32_t e = 0; e < ns; e++)
    x->madj[fill[se[e].from]++] = e;
  for (uint32_t e = 0; e < nm; e++)
    if (MDL_VEC_AT(x->mreq, mreqs, e).first != NONE)
      x->madj[fill[me[e].from]++] = ns + e;
  free(fill);
}

/* The context of the next must_path calls: guards ga and gb hold, and
** the switch literal on (or NULL) is on. */
static void must_ctx(sx *x, uint32_t ga, uint32_t gb, Z3_ast on) {
  must_init(x);
  x->mga = ga;
  x->mgb = gb;
  x->mon = on;
  if (++x->mctx >= 0x7fffffffu) {
    x->mctx = 1;
    memset(x->mok, 0, ((size_t)x->n + 1) * sizeof *x->mok);
  }
}

static bool lit_in_ctx(const sx *x, const mdl_lit *l) {
  const mdl_kernel *k = x->k;
  uint32_t gs[2] = {x->mga, x->mgb};
  for (int h = 0; h < 2; h++) {
    if (!gs[h])
      continue;
    const mdl_guard *G = &MDL_VEC_AT(k->guards, mdl_guard, gs[h]);
    for (uint32_t i = 0; i < G->n; i++)
      if (lit_implies(&MDL_VEC_AT(k->lits, mdl_lit, G->first + i), l))
        return true;
  }
  return false;
}

/* Does instance r certainly exist in the context? */
static bool must_exists(sx *x, uint32_t r) {
  uint32_t tag = x->mok[r];
  if (tag >> 1 == x->mctx)
    return tag & 1;
  const mdl_inst *in = mdl_inst_at(x->k, r);
  Z3_ast on = on_of(x, r);
  bool ok = !(on && on != x->mon && x->dis && x->dis[in->stmt]);
  if (ok && in->guard && in->guard != x->mga && in->guard != x->mgb) {
    const mdl_guard *G = &MDL_VEC_AT(x->k->guards, mdl_guard, in->guard);
    for (uint32_t i = 0; i < G->n && ok; i++)
      ok = lit_in_ctx(x, &MDL_VEC_AT(x->k->lits, mdl_lit, G->first + i));
  }
  x->mok[r] = x->mctx << 1 | (ok ? 1u : 0u);
  return ok;
}

/* Is there a path of certain edges from node `from` to node `to`? */
static bool must_path(sx *x, uint32_t from, uint32_t to) {
  if (x->mwork > MUST_BUDGET || x->want_core)
    return false;
  if (++x->mepoch == 0) {
    memset(x->mseen, 0, ((size_t)x->nnodes + 1) * sizeof *x->mseen);
    x->mepoch = 1;
  }
  uint32_t ns = x->sk.edges.len, head = 0, tail = 0;
  const chk_edge *se = x->sk.edges.data, *me = x->medges.data;
  x->mqueue[tail++] = from;
  x->mseen[from] = x->mepoch;
  while (head < tail) {
    uint32_t v = x->mqueue[head++];
    if (v == to)
      return true;
    for (uint32_t j = x->moff[v]; j < x->moff[v + 1]; j++) {
      uint32_t id = x->madj[j];
      x->mwork++;
      const chk_edge *ed = id < ns ? &se[id] : &me[id - ns];
      if (x->mseen[ed->to] == x->mepoch)
        continue;
      bool ok = true;
      if (id < ns)
        ok = ed->cond == NONE || must_exists(x, ed->cond);
      else {
        const mreqs *rq = &MDL_VEC_AT(x->mreq, mreqs, id - ns);
        for (uint32_t q = 0; q < rq->n && ok; q++)
          ok = must_exists(x, MDL_VEC_AT(x->mpool, uint32_t, rq->first + q));
      }
      if (!ok)
        continue;
      x->mseen[ed->to] = x->mepoch;
      x->mqueue[tail++] = ed->to;
    }
  }
  return false;
}

/* Do instances a and b certainly not overlap (one ends before the other
** starts) wherever both exist? */
static bool must_ordered(sx *x, uint32_t a, uint32_t b) {
  const mdl_kernel *k = x->k;
  if (x->want_core)
    return false;
  must_ctx(x, mdl_inst_at(k, a)->guard, mdl_inst_at(k, b)->guard, NULL);
  if (x->dead && (x->dead[NS(a)] || x->dead[NS(b)]))
    return false;
  uint32_t da = x->sk.chain[a] != NONE ? NC(a) : NE(a);
  uint32_t db = x->sk.chain[b] != NONE ? NC(b) : NE(b);
  return must_path(x, da, NS(b)) || must_path(x, db, NS(a));
}

/* -------------------------------------------------------------- races */

static bool overlapping_pipe(const mdl_kernel *k, uint8_t p) {
  return mdl_pipe_overlaps(k, p);
}

/* Do accesses p and q overlap: decided by mdl_access_overlap where the
** bases are comparable, a linear condition on the symbolic bases else. */
static Z3_ast acc_overlap(sx *x, const mdl_access *p, const mdl_access *q) {
  if (!mdl_access_overlap(x->k, p, q))
    return Z3_mk_false(x->c);
  if (p->sym == q->sym && (!p->sym || p->form == q->form))
    return Z3_mk_true(x->c);
  Z3_ast fp = p->sym ? form_expr(x, p->form) : mk_int(x, 0);
  Z3_ast fq = q->sym ? form_expr(x, q->form) : mk_int(x, 0);
  Z3_ast c1 = q->hi == INT64_MAX
                  ? Z3_mk_true(x->c)
                  : Z3_mk_lt(x->c, mk_add2(x, fp, mk_int(x, p->lo)),
                             mk_add2(x, fq, mk_int(x, q->hi)));
  Z3_ast c2 = p->hi == INT64_MAX
                  ? Z3_mk_true(x->c)
                  : Z3_mk_lt(x->c, mk_add2(x, fq, mk_int(x, q->lo)),
                             mk_add2(x, fp, mk_int(x, p->hi)));
  return mk_and2(x, c1, c2);
}

/* Marks the statements of the last unsat core in used. */
static void note_core(sx *x, uint8_t *used) {
  if (!used)
    return;
  for (uint32_t i = 0; i < x->last_core_n; i++)
    for (uint32_t s = 0; s < x->k->nstmts; s++)
      if (x->on[s] && x->on[s] == x->last_core[i])
        used[s] = 1;
}

typedef struct {
  mdl_rule rule;
  uint32_t sb, sa;            /* statements: primary, related */
  mdl_vec pairs;              /* uint32_t quadruples: pb, pa, accb, acca */
} rgroup;

/* --explain: the syncs an unsat core needs to keep a statement pair
** ordered in every outcome. */
static void explain_group(sx *x, const rgroup *g, const uint8_t *used) {
  const mdl_kernel *k = x->k;
  const uint32_t *q4 = g->pairs.data;
  const mdl_inst *ib = mdl_inst_at(k, q4[0]), *ia = mdl_inst_at(k, q4[1]);
  char by[512];
  size_t w = 0;
  by[0] = 0;
  for (uint32_t s = 0; s < k->nstmts; s++) {
    if (!used[s])
      continue;
    const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, s);
    const char *nm = st->kind == MDL_S_SET ? "set_flag"
                     : st->kind == MDL_S_WAIT ? "wait_flag"
                                              : "pipe_barrier";
    int r = snprintf(by + w, sizeof by - w, "%s%s at %u:%u", w ? ", " : "",
                     nm, st->loc.line, st->loc.col);
    if (r > 0 && (size_t)r < sizeof by - w)
      w += (size_t)r;
  }
  mdl_diag *d = mdl_diag_add_at(x->explain, MDL_RULE_EXPLAIN, MDL_SEV_NOTE, k, ib->loc,
      "%s at %u:%u is ordered after the conflicting %s at %u:%u by %s "
      "(an unsat core: these syncs suffice in every outcome)",
      chk_op_name(k, ib), ib->loc.line, ib->loc.col, chk_op_name(k, ia),
      ia->loc.line, ia->loc.col,
      w ? by : "program order and syncs the compiler placed (implicit or "
               "cross-core)");
  mdl_diag_related_at(d, k, ia->loc, "the earlier access");
}

/* Asks whether one of the np statement pairs of group g (pairs: 4 ids
** each) can overlap; records a finding for every pair the model shows.
** conds: room for np conditions.  Returns whether one did. */
static bool race_group(sx *x, const rgroup *g, const uint32_t *pairs,
                       uint32_t np, Z3_ast *conds) {
  const mdl_kernel *k = x->k;
  for (uint32_t p = 0; p < np; p++) {
    const uint32_t *q4 = pairs + 4 * p;
    uint32_t b = q4[0], a = q4[1];
    Z3_ast v[5] = {x->ex[a], x->ex[b],
                   acc_overlap(x, mdl_access_at(k, q4[3]),
                               mdl_access_at(k, q4[2])),
                   Z3_mk_lt(x->c, T(x, NS(b)), done_node(x, a)),
                   Z3_mk_lt(x->c, T(x, NS(a)), done_node(x, b))};
    conds[p] = Z3_mk_and(x->c, 5, v);
  }
  /* small groups in one query; large ones pair by pair (a disjunction
     of many schedules makes the solver case-split), first hit wins */
  Z3_model m;
  int r = 0;
  char what[128];
  {
    const uint32_t *w4 = pairs;
    const mdl_inst *wb = mdl_inst_at(k, w4[0]), *wa = mdl_inst_at(k, w4[1]);
    snprintf(what, sizeof what, "whether the %s at %u:%u and the %s at "
             "%u:%u can overlap", chk_op_name(k, wa), wa->loc.line,
             wa->loc.col, chk_op_name(k, wb), wb->loc.line, wb->loc.col);
  }
  uint8_t *used = x->explain ? calloc(k->nstmts + 1, 1) : NULL;
  if (np <= 8) {
    r = check(x, Z3_mk_or(x->c, np, conds), &m, what);
    note_core(x, used);
  } else {
    for (uint32_t p = 0; p < np && r != 1; p++) {
      r = check(x, conds[p], &m, what) == 1 ? 1 : r;
      note_core(x, used);
    }
  }
  if (r == 0 && used)
    explain_group(x, g, used);
  free(used);
  if (r == 1) {
    bool first = true;
    for (uint32_t p = 0; p < np; p++) {
      if (!model_true(x, m, conds[p]))
        continue;
      const uint32_t *q4 = pairs + 4 * p;
      const mdl_access *ab = mdl_access_at(k, q4[2]),
                       *aa = mdl_access_at(k, q4[3]);
      chk_finding *fd = add_finding(x, g->rule, q4[0], q4[1]);
      fd->mem = ab->mem;
      mdl_access_common(k, aa, ab, &fd->lo, &fd->hi);
      /* wbits as chk_emit reads them: 4 | related writes | primary */
      fd->wbits = (uint8_t)(4 | ((aa->mode & MDL_ACC_WRITE) ? 1 : 0) |
                            ((ab->mode & MDL_ACC_WRITE) ? 2 : 0));
      if (first) {
        uint32_t two[2] = {q4[1], q4[0]};
        set_witness(x, m, fd, two, 2);
        first = false;
      }
    }
    Z3_model_dec_ref(x->c, m);
  }
  return r == 1;
}

static void races(sx *x) {
  const mdl_kernel *k = x->k;
  mdl_vec groups = {0};
  for (uint32_t b = 0; b < x->n; b++) {
    const mdl_inst *ib = mdl_inst_at(k, b);
    if (ib->kind != MDL_I_OP || x->sk.chain[b] == NONE)
      continue;
    for (uint32_t a = 0; a < b; a++) {
      const mdl_inst *ia = mdl_inst_at(k, a);
      if (ia->kind != MDL_I_OP || x->sk.chain[a] == NONE)
        continue;
      if (ia->core != ib->core && k->open)
        continue; /* a lone half: cross-core races are not checked */
      if (ia->core == ib->core && ia->pipe == ib->pipe &&
          !overlapping_pipe(k, ia->pipe))
        continue; /* an in-order pipe orders them */
      if (!mdl_insts_may_conflict(k, a, b))
        continue; /* the two AIVs of one logical vector program */
      for (uint32_t u = 0; u < ia->nacc; u++)
        for (uint32_t v = 0; v < ib->nacc; v++) {
          const mdl_access *aa = mdl_access_at(k, ia->acc_first + u);
          const mdl_access *ab = mdl_access_at(k, ib->acc_first + v);
          /* (symbolic bases: the solver decides the bytes below) */
          int r = mdl_conflict_rule(k, a, aa, b, ab);
          if (r < 0)
            continue;
          mdl_rule rule = (mdl_rule)r;
          uint32_t pa = a, pb = b, xa = ia->acc_first + u,
                   xb = ib->acc_first + v;
          if (ia->core != ib->core) {
            bool ra = !(aa->mode & MDL_ACC_WRITE),
                 rb = !(ab->mode & MDL_ACC_WRITE);
            if ((ra && !rb) || (ra == rb && ia->core > ib->core)) {
              pa = b;
              pb = a;
              xa = ib->acc_first + v;
              xb = ia->acc_first + u;
            }
          }
          uint32_t sb = chk_src(k, mdl_inst_at(k, pb)->stmt),
                   sa = chk_src(k, mdl_inst_at(k, pa)->stmt);
          rgroup *g = NULL;
          for (uint32_t q = 0; q < groups.len && !g; q++) {
            rgroup *h = &MDL_VEC_AT(groups, rgroup, q);
            if (h->rule == rule && h->sb == sb && h->sa == sa)
              g = h;
          }
          if (!g) {
            g = mdl_vec_push(&groups, sizeof *g);
            g->rule = rule;
            g->sb = sb;
            g->sa = sa;
          }
          uint32_t *q4 = mdl_vec_push(&g->pairs, 4 * sizeof(uint32_t));
          q4[0] = pb;
          q4[1] = pa;
          q4[2] = xb;
          q4[3] = xa;
        }
    }
  }
  /* a redundancy probe asks first about the pairs on the pipes the
     removed sync ordered: a race there ends the probe */
  uint32_t *order = malloc((groups.len ? groups.len : 1) * sizeof *order);
  uint32_t no = 0;
  for (int pass = x->probe ? 0 : 1; pass < 2; pass++)
    for (uint32_t gi = 0; gi < groups.len; gi++) {
      rgroup *g = &MDL_VEC_AT(groups, rgroup, gi);
      const uint32_t *q4 = g->pairs.data;
      const mdl_inst *ia = mdl_inst_at(k, q4[1]), *ib = mdl_inst_at(k, q4[0]);
      bool hot = (ia->pipe == x->probe_src && ib->pipe == x->probe_dst) ||
                 (ib->pipe == x->probe_src && ia->pipe == x->probe_dst);
      if (pass == 1 && x->probe && hot)
        continue;
      if (pass == 0 && !hot)
        continue;
      order[no++] = gi;
    }
  for (uint32_t oi = 0; oi < no; oi++) {
    rgroup *g = &MDL_VEC_AT(groups, rgroup, order[oi]);
    uint32_t np = g->pairs.len;
    Z3_ast *conds = malloc(np * sizeof *conds);
    /* pairs a path of certain edges orders need no query: drop them */
    uint32_t kept = 0;
    for (uint32_t p = 0; p < np; p++) {
      const uint32_t *q4 = (const uint32_t *)g->pairs.data + 4 * p;
      if (must_ordered(x, q4[1], q4[0]))
        x->pruned++;
      else
        memmove((uint32_t *)g->pairs.data + 4 * kept++, q4,
                4 * sizeof(uint32_t));
    }
    g->pairs.len = np = kept;
    if (!np) {
      free(conds);
      continue;
    }
    /* a prefix (chk_open.c): the pairs with an instance behind a wait
       left waiting at the cut come last and are asked only when no other
       pair of the group races (their findings are then dropped as
       undecided, as the graph engine drops them) */
    uint32_t nfront = np;
    if (x->behind) {
      uint32_t *tmp = malloc(4 * np * sizeof *tmp), f = 0, l = np;
      for (uint32_t p = 0; p < np; p++) {
        const uint32_t *q4 = (const uint32_t *)g->pairs.data + 4 * p;
        bool bh = x->behind[q4[0]] || x->behind[q4[1]];
        memcpy(tmp + 4 * (bh ? --l : f++), q4, 4 * sizeof *tmp);
      }
      /* (the behind ones in their order) */
      for (uint32_t i = l, j = np - 1; i < j; i++, j--)
        for (int c = 0; c < 4; c++) {
          uint32_t t = tmp[4 * i + c];
          tmp[4 * i + c] = tmp[4 * j + c];
          tmp[4 * j + c] = t;
        }
      memcpy(g->pairs.data, tmp, 4 * np * sizeof *tmp);
      free(tmp);
      nfront = f;
    }
    bool hit = false;
    for (int phase = 0; phase < 2 && !hit; phase++) {
      uint32_t p0 = phase ? nfront : 0, p1 = phase ? np : nfront;
      if (p0 < p1)
        hit = race_group(x, g, (const uint32_t *)g->pairs.data + 4 * p0,
                         p1 - p0, conds);
    }
    free(conds);
  }
  free(order);
  for (uint32_t gi = 0; gi < groups.len; gi++)
    mdl_vec_free(&MDL_VEC_AT(groups, rgroup, gi).pairs);
  mdl_vec_free(&groups);
}

/* ------------------------------------------------------------ analysis */

static uint32_t count_sync_all_guarded(const mdl_kernel *k) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    n += in->kind == MDL_I_SYNC_ALL && in->guard;
  }
  return n;
}

static void sx_free(sx *x) {
  mdl_vec_free(&x->sa_stuck);
  chk_skel_free(&x->sk);
  free(x->behind);
  free(x->t);
  free(x->ex);
  free(x->gcache);
  free(x->acache);
  mdl_vec_free(&x->medges);
  mdl_vec_free(&x->mconds);
  mdl_vec_free(&x->mreq);
  mdl_vec_free(&x->mpool);
  free(x->moff);
  free(x->madj);
  free(x->mseen);
  free(x->mqueue);
  free(x->mok);
  chk_findings_free(&x->findings);
  free(x->unknown_what);
  free(x->dead);
  free(x->on);
  mdl_vec_free(&x->assume);
  for (uint32_t j = 0; j < x->keys.len; j++) {
    mdl_vec_free(&MDL_VEC_AT(x->keys, fkey, j).sets);
    mdl_vec_free(&MDL_VEC_AT(x->keys, fkey, j).waits);
  }
  mdl_vec_free(&x->keys);
  xrecs_free(&x->xrecs);
  mdl_vec_free(&x->ranged);
  mdl_vec_free(&x->ranges);
  if (x->s)
    Z3_solver_dec_ref(x->c, x->s);
  if (x->c)
    Z3_del_context(x->c);
}

/* A Z3 context and solver for k: the error handler, the memory limit,
** the logic (difference logic for concrete kernels), the per-query
** timeout, and the value caches. */
static void z3_open(sx *x, const mdl_kernel *k, const chk_options *o) {
  memset(x, 0, sizeof *x);
  x->k = k;
  x->o = o;
  x->n = k->insts.len;
  z3_failed = 0;
  z3_memout = 0;
  if (o->max_memory_mb) {
    /* --max-memory-mb: past this much memory Z3 gives up the search (the
       query is `unknown`, reason "memout") instead of the process running
       out.  The high watermark, not memory_max_size: at the hard limit Z3
       API calls fail and return NULL (a context could not even be made
       under a few MB, and ksv crashed).  The parameter is process-wide and
       an unsigned int of bytes. */
    char wm[24];
    uint64_t bytes = (uint64_t)o->max_memory_mb << 20;
    snprintf(wm, sizeof wm, "%llu",
             (unsigned long long)(bytes > 0xffffffffull ? 0xffffffffull
                                                        : bytes));
    Z3_global_param_set("memory_high_watermark", wm);
  }
  Z3_config cfg = Z3_mk_config();
  Z3_set_param_value(cfg, "model", "true");
  x->c = Z3_mk_context(cfg); /* ASTs live with the context */
  Z3_del_config(cfg);
  Z3_set_error_handler(x->c, on_z3_error);
  /* concrete kernels are pure difference logic over the node times */
  /* concrete kernels are pure difference logic; for symbolic ones Z3's
     default solver copes far better with the guarded counts than the
     QF_LIA setup (10x on corpus/grid_stride); KSV_Z3_LOGIC overrides
     (for experiments) */
  const char *logic = getenv("KSV_Z3_LOGIC");
  if (!logic)
    logic = k->lits.len ? "ALL" : "QF_IDL";
  x->s = !strcmp(logic, "ALL")
             ? Z3_mk_solver(x->c)
             : Z3_mk_solver_for_logic(x->c, Z3_mk_string_symbol(x->c, logic));
  Z3_solver_inc_ref(x->c, x->s);
  Z3_params p = Z3_mk_params(x->c);
  Z3_params_inc_ref(x->c, p);
  Z3_params_set_uint(x->c, p, Z3_mk_string_symbol(x->c, "timeout"),
                     o->timeout_ms ? o->timeout_ms : 1000);
  /* smaller unsat cores name fewer syncs in --explain */
  Z3_params_set_bool(x->c, p, Z3_mk_string_symbol(x->c, "core.minimize"),
                     true);
  Z3_solver_set_params(x->c, x->s, p);
  if (z3_failed) { /* an older Z3 without the parameter */
    z3_failed = 0;
    Z3_params_dec_ref(x->c, p);
    p = Z3_mk_params(x->c);
    Z3_params_inc_ref(x->c, p);
    Z3_params_set_uint(x->c, p, Z3_mk_string_symbol(x->c, "timeout"),
                       o->timeout_ms ? o->timeout_ms : 1000);
    Z3_solver_set_params(x->c, x->s, p);
  }
  Z3_params_dec_ref(x->c, p);
  x->isort = Z3_mk_int_sort(x->c);
  x->gcache = calloc(k->guards.len + 1, sizeof *x->gcache);
  x->acache = calloc(k->atoms.len + 1, sizeof *x->acache);
}

/* The block index lies in [0, block_num); unknown trip counts within the
** unrolled bound. */
static void value_domain(sx *x) {
  const mdl_kernel *k = x->k;
  for (uint32_t a = 0; a < k->atoms.len; a++) {
    const mdl_atom *at = &MDL_VEC_AT(k->atoms, mdl_atom, a);
    if (at->kind == MDL_ATOM_BLOCK_IDX || at->kind == MDL_ATOM_BLOCK_NUM) {
      Z3_ast bi = Z3_mk_const(x->c, Z3_mk_string_symbol(x->c, "block_idx"),
                              x->isort);
      Z3_ast bn = Z3_mk_const(x->c, Z3_mk_string_symbol(x->c, "block_num"),
                              x->isort);
      add(x, Z3_mk_ge(x->c, bi, mk_int(x, 0)));
      add(x, Z3_mk_lt(x->c, bi, bn));
      break;
    }
  }
  for (uint32_t i = 0; i < k->lits.len; i++) {
    const mdl_lit *l = &MDL_VEC_AT(k->lits, mdl_lit, i);
    if (l->kind == 1)
      add(x, Z3_mk_le(x->c, form_expr(x, l->atom_form),
                      mk_int(x, (int64_t)k->trip_bound)));
  }
}

static void build(sx *x, const mdl_kernel *k, const chk_options *o,
                  bool with_on) {
  z3_open(x, k, o);
  chk_skeleton(k, NULL, &x->sk);
  x->ex = calloc(x->n ? x->n : 1, sizeof *x->ex);
  /* one assumption literal per removable sync statement: the redundancy
     search and --explain's unsat cores work by switching them */
  x->on = calloc(k->nstmts + 1, sizeof *x->on);
  for (uint32_t i = 0; i < x->n; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    Z3_ast g = guard_expr(x, in->guard);
    /* (the literals make every query slower: only when needed) */
    if (with_on && (in->kind == MDL_I_SET || in->kind == MDL_I_WAIT ||
                    in->kind == MDL_I_BARRIER) && !in->implicit) {
      if (!x->on[in->stmt]) {
        char nm[32];
        snprintf(nm, sizeof nm, "on%u", in->stmt);
        x->on[in->stmt] = Z3_mk_const(x->c, Z3_mk_string_symbol(x->c, nm),
                                      Z3_mk_bool_sort(x->c));
      }
      g = Z3_simplify(x->c, mk_and2(x, g, x->on[in->stmt]));
    }
    x->ex[i] = g;
  }
  value_domain(x);
  /* node count: instances, then sync_all meets and increment nodes */
  uint32_t nextnode = x->sk.nnodes;

  /* skeleton edges */
  const chk_edge *es = x->sk.edges.data;
  for (uint32_t e = 0; e < x->sk.edges.len; e++) {
    Z3_ast le = Z3_mk_le(x->c, T(x, es[e].from), T(x, es[e].to));
    add(x, es[e].cond == NONE ? le
                              : Z3_mk_implies(x->c, x->ex[es[e].cond], le));
  }
  /* sync_all: k-th with k-th (only unguarded ones reach here) */
  {
    mdl_vec per[3] = {{0}, {0}, {0}};
    for (uint32_t i = 0; i < x->n; i++)
      if (mdl_inst_at(k, i)->kind == MDL_I_SYNC_ALL && !disabled_inst(x, i))
        *(uint32_t *)mdl_vec_push(&per[mdl_inst_at(k, i)->core],
                                  sizeof(uint32_t)) = i;
    uint32_t mx = 0;
    for (uint32_t c = 0; c < k->ncores; c++)
      if (per[c].len > mx)
        mx = per[c].len;
    for (uint32_t m = 0; m < mx; m++) {
      int gone = mdl_sync_all_absent(k, per, m);
      if (gone >= 0) {
        /* never meets: reported by run(); later meetings are behind */
        for (uint32_t c = 0; c < k->ncores; c++)
          if (m < per[c].len)
            *(uint32_t *)mdl_vec_push(&x->sa_stuck, sizeof(uint32_t)) =
                MDL_VEC_AT(per[c], uint32_t, m);
        x->sa_m = m;
        x->sa_gone = (uint32_t)gone;
        break;
      }
      uint32_t meet = nextnode++;
      for (uint32_t c = 0; c < k->ncores; c++)
        if (m < per[c].len) {
          uint32_t i = MDL_VEC_AT(per[c], uint32_t, m);
          match_edge_req(x, NS(i), meet, Z3_mk_true(x->c), &i, 0);
          match_edge_req(x, meet, NE(i), Z3_mk_true(x->c), &i, 0);
        }
    }
    for (uint32_t c = 0; c < 3; c++)
      mdl_vec_free(&per[c]);
  }
  /* ids computed at run time: whether they can leave the range is a
     query of run() */
  for (uint32_t i = 0; i < x->n; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->id != -1 || !in->id_form || in->kind == MDL_I_OP ||
        in->kind == MDL_I_BARRIER || in->kind == MDL_I_SYNC_ALL)
      continue;
    Z3_ast f = form_expr(x, in->id_form);
    int mx = in->kind == MDL_I_SET || in->kind == MDL_I_WAIT
                 ? k->prof->max_event_id : k->prof->max_block_flag;
    *(uint32_t *)mdl_vec_push(&x->ranged, sizeof(uint32_t)) = i;
    *(Z3_ast *)mdl_vec_push(&x->ranges, sizeof(Z3_ast)) =
        mk_and2(x, Z3_mk_ge(x->c, f, mk_int(x, 0)),
                Z3_mk_le(x->c, f, mk_int(x, mx)));
  }
  flags(x, &x->keys);
  xcore(x, &x->xrecs, &nextnode);
  x->nnodes = nextnode;
}

static void reset_run(sx *x) {
  chk_findings_free(&x->findings);
  x->findings = (mdl_vec){0};
  free(x->dead);
  x->dead = NULL;
  x->deadlock = false;
}

/* Runs every query with the syncs in dis (by statement) removed.  A probe
** stops at the first error and asks the likeliest queries first. */
/* A sync_block meeting that waits for a core without one
** (mdl_sync_all_absent): every core that reaches it waits forever, on
** every execution (the instances are unguarded: guarded ones are
** declined).  One deadlock, the other arrivals related. */
static void sync_all_stuck(sx *x) {
  if (!x->sa_stuck.len)
    return;
  const mdl_kernel *k = x->k;
  chk_finding *fd = add_finding(x, MDL_RULE_DEADLOCK,
                                MDL_VEC_AT(x->sa_stuck, uint32_t, 0), NONE);
  for (uint32_t r = 1; r < x->sa_stuck.len; r++)
    *(uint32_t *)mdl_vec_push(&fd->related, sizeof(uint32_t)) =
        MDL_VEC_AT(x->sa_stuck, uint32_t, r);
  bool none = true;
  for (uint32_t i = 0; i < k->insts.len; i++)
    if (mdl_inst_at(k, i)->kind == MDL_I_SYNC_ALL &&
        mdl_inst_at(k, i)->core == x->sa_gone)
      none = false;
  fd->msg = mdl_strprintf(
      "sync_block number %u waits forever: it waits for %s, which %s",
      x->sa_m + 1, k->cores[x->sa_gone].label,
      none ? "never executes one" : "executes fewer sync_blocks");
  x->deadlock = true;
}

static void run(sx *x, const uint8_t *dis, const mdl_stmt *probe) {
  const mdl_kernel *k = x->k;
  reset_run(x);
  x->dis = dis;
  x->assume.len = 0;
  for (uint32_t s = 0; s < k->nstmts; s++)
    if (x->on[s])
      *(Z3_ast *)mdl_vec_push(&x->assume, sizeof(Z3_ast)) =
          dis && dis[s] ? Z3_mk_not(x->c, x->on[s]) : x->on[s];
  Z3_solver_push(x->c, x->s);
  if (!x->want_core)
    for (uint32_t i = 0; i < x->assume.len; i++)
      add(x, MDL_VEC_AT(x->assume, Z3_ast, i));
  /* a runtime id out of range is invalid-sync (reported once per
     statement); like a constant one, the sync is then absent: it belongs
     to no flag */
  for (uint32_t r = 0; r < x->ranged.len; r++) {
    uint32_t i = MDL_VEC_AT(x->ranged, uint32_t, r);
    Z3_ast in = MDL_VEC_AT(x->ranges, Z3_ast, r);
    const mdl_inst *ii = mdl_inst_at(k, i);
    bool seen = false;
    for (uint32_t q = 0; q < x->findings.len && !seen; q++) {
      chk_finding *f = &MDL_VEC_AT(x->findings, chk_finding, q);
      seen = f->rule == MDL_RULE_INVALID_SYNC &&
             mdl_inst_at(k, f->b)->stmt == ii->stmt;
    }
    Z3_model m;
    if (!seen && !probe &&
        check(x, mk_and2(x, x->ex[i], Z3_mk_not(x->c, in)), &m,
              "a runtime id out of range") == 1) {
      int64_t v = 0;
      model_int(x, m, form_expr(x, ii->id_form), &v);
      chk_finding *fd = add_finding(x, MDL_RULE_INVALID_SYNC, i, NONE);
      fd->msg = mdl_strprintf(
          "the %s computed at run time can be %lld, out of range 0..%d",
          ii->kind == MDL_I_SET || ii->kind == MDL_I_WAIT ? "event id"
                                                          : "cross-core flag",
          (long long)v,
          ii->kind == MDL_I_SET || ii->kind == MDL_I_WAIT
              ? k->prof->max_event_id : k->prof->max_block_flag);
      set_witness(x, m, fd, NULL, 0);
      Z3_model_dec_ref(x->c, m);
    }
  }
  x->probe = probe != NULL;
  x->probe_u0 = x->unknowns;
  if (probe) {
    x->probe_src = probe->kind == MDL_S_BARRIER ? probe->u.bar.pipe
                                                : probe->u.flag.src;
    x->probe_dst = probe->kind == MDL_S_BARRIER ? probe->u.bar.pipe
                                                : probe->u.flag.dst;
  }
  if (x->probe)
    races(x); /* the likeliest error first; check() stops at the first */
  sync_all_stuck(x);
  cycles(x);
  flag_queries(x, &x->keys);
  xcore_queries(x, &x->xrecs);
  mdl_vec stuck = {0};
  for (uint32_t i = 0; i < x->findings.len; i++) {
    chk_finding *f = &MDL_VEC_AT(x->findings, chk_finding, i);
    if (f->rule == MDL_RULE_DEADLOCK)
      *(uint32_t *)mdl_vec_push(&stuck, sizeof(uint32_t)) = f->b;
  }
  double_sets(x, &x->keys, &stuck);
  if (!x->deadlock && !x->probe)
    races(x);
  mdl_vec_free(&stuck);
  Z3_solver_pop(x->c, x->s, 1);
}

static uint32_t errors_of(const sx *x) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < x->findings.len; i++) {
    const chk_finding *f = &MDL_VEC_AT(x->findings, chk_finding, i);
    /* a broken parallel_loop contract blocks redundancy claims too */
    if (f->error || mdl_rule_severity(f->rule) == MDL_SEV_ERROR ||
        f->rule == MDL_RULE_PARALLEL_LOOP)
      n++;
  }
  return n;
}

/* Greedy redundant-sync search, as the graph engine does it: a wait with
** every set/wait of its flag, or a barrier, is redundant when the kernel
** stays free of errors for every outcome without it. */
static void redundant(sx *x, mdl_diags *out, uint32_t *nwarn,
                      uint32_t *nunk) {
  const mdl_kernel *k = x->k;
  const chk_options *o = x->o;
  uint32_t ns = k->nstmts;
  uint8_t *dis = calloc(ns ? ns : 1, 1), *tried = calloc(ns ? ns : 1, 1);
  uint8_t *is_sync = calloc(ns ? ns : 1, 1);
  uint32_t nsync = 0;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if ((in->kind == MDL_I_WAIT || in->kind == MDL_I_BARRIER ||
         in->kind == MDL_I_SET) && !in->implicit && !is_sync[in->stmt]) {
      is_sync[in->stmt] = 1;
      nsync++;
    }
  }
  if ((uint64_t)nsync * k->insts.len > o->redundant_budget)
    nsync = 0;
  for (uint32_t s = 0; s < ns && nsync; s++) {
    const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, s);
    if (!is_sync[s] || tried[s] ||
        (st->kind != MDL_S_WAIT && st->kind != MDL_S_BARRIER))
      continue;
    uint8_t *grp = calloc(ns, 1);
    chk_sync_group(k, st, grp);
    bool removable = grp[s] == 1;
    for (uint32_t q = 0; q < ns; q++)
      if (grp[q]) {
        tried[q] = 1;
        if (dis[q])
          removable = false;
      }
    if (removable) {
      for (uint32_t q = 0; q < ns; q++)
        if (grp[q])
          dis[q] = 1;
      uint32_t u0 = x->unknowns;
      run(x, dis, st);
      bool ok = !errors_of(x) && x->unknowns == u0;
      if (x->unknowns != u0)
        (*nunk)++;
      if (ok) {
        mdl_diag *d;
        if (st->kind == MDL_S_BARRIER)
          d = mdl_diag_add_at(out, MDL_RULE_REDUNDANT_BARRIER, MDL_SEV_WARNING, k, st->loc,
                           "pipe_barrier(%s) is redundant: without it no "
                           "outcome of the kernel has a race, deadlock or "
                           "flag error (proven by Z3)",
                           mdl_pipe_name(st->u.bar.pipe));
        else {
          d = mdl_diag_add_at(out, MDL_RULE_REDUNDANT_WAIT, MDL_SEV_WARNING, k, st->loc,
                           "wait_flag[%s, %s] and its set_flag are "
                           "redundant: without them no outcome of the "
                           "kernel has a race, deadlock or flag error "
                           "(proven by Z3)",
                           mdl_pipe_name(st->u.flag.src),
                           mdl_pipe_name(st->u.flag.dst));
          for (uint32_t q = 0; q < ns; q++)
            if (grp[q] && q != s && chk_src(k, q) == q &&
                q != st->src) { /* one note per source statement */
              const mdl_stmt *z = MDL_VEC_AT(k->stmts, mdl_stmt *, q);
              mdl_diag_related_at(d, k, z->loc,
                               "%s of the same flag, removed with it",
                               z->kind == MDL_S_SET ? "set_flag"
                                                    : "wait_flag");
            }
        }
        (*nwarn)++;
      } else {
        for (uint32_t q = 0; q < ns; q++)
          if (grp[q])
            dis[q] = 0;
      }
    }
    free(grp);
  }
  free(dis);
  free(tried);
  free(is_sync);
}

mdl_verdict chk_smt(const mdl_kernel *k, const chk_options *o,
                    mdl_diags *out, char **note) {
  *note = NULL;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind != MDL_I_OP && in->kind != MDL_I_BARRIER &&
        in->kind != MDL_I_SYNC_ALL && in->id == -1 && !in->id_form) {
      *note = mdl_strprintf("the %s at %u:%u uses an event id or flag that "
                            "depends on a value ksv cannot express (loaded "
                            "from memory or computed by an unknown op)",
                            mdl_inst_kind_name(in->kind), in->loc.line,
                            in->loc.col);
      mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, in->loc, "not decided: %s", *note);
      return MDL_VERDICT_UNKNOWN;
    }
    if ((in->kind == MDL_I_BSET || in->kind == MDL_I_BWAIT) &&
        k->kind != MDL_KIND_MIX && !k->open) {
      *note = mdl_strprintf("cross-core sync in a kernel whose partner "
                            "cores are not in this input");
      mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc, "not decided: %s", *note);
      return MDL_VERDICT_UNKNOWN;
    }
  }
  if (k->insts.len > CHK_SMT_MAX_INSTANCES) {
    /* past this size Z3 spends minutes asserting the encoding, before
       --max-solver-seconds could stop a query (docs/limits.md) */
    *note = mdl_strprintf("%u instances, more than the SMT engine's limit "
                          "of %u (docs/limits.md)",
                          k->insts.len, CHK_SMT_MAX_INSTANCES);
    mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc, "not decided: %s", *note);
    return MDL_VERDICT_UNKNOWN;
  }
  if (count_sync_all_guarded(k)) {
    *note = mdl_strprintf("a sync_block barrier under a runtime branch");
    mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc, "not decided: %s", *note);
    return MDL_VERDICT_UNKNOWN;
  }
  uint32_t nerr = 0, nwarn = 0, nunk = 0;
  chk_invalid(k, out, &nerr, &nwarn);
  double deadline = o->budget_s ? now_s() + o->budget_s : 0;
  sx x;
  build(&x, k, o, o->explain);
  x.deadline = deadline;
  /* a prefix: what a wait left waiting at the cut may order is not
     decided (chk_open.c) */
  uint32_t first_cut = NONE;
  x.behind = chk_behind_cut(k, x.nnodes, x.sk.edges.data, x.sk.edges.len,
                            x.medges.data, x.medges.len, &first_cut);
  x.explain = o->explain ? out : NULL;
  x.want_core = o->explain;
  run(&x, NULL, NULL);
  x.explain = NULL;
  x.want_core = false;
  uint32_t undecided = chk_drop_behind(k, x.behind, &x.findings);
  chk_emit(k, &x.findings, out, &nerr, &nwarn);
  bool deadlock = x.deadlock;
  uint32_t unknowns = x.unknowns;
  char *what = x.unknown_what ? mdl_strprintf("%s", x.unknown_what) : NULL;
  uint32_t queries = x.queries;
  if (o->stats) {
    o->stats->queries = x.queries;
    o->stats->pruned = x.pruned;
  }
  uint32_t blocking = errors_of(&x);
  sx_free(&x);
  if (!nerr && !blocking && !unknowns && o->redundant && !k->cut_cores) {
    struct timespec t0, t1;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
    sx y;
    build(&y, k, o, true);
    y.deadline = deadline;
    redundant(&y, out, &nwarn, &nunk);
    if (o->stats) {
      o->stats->queries += y.queries;
      o->stats->pruned += y.pruned;
    }
    sx_free(&y);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
    if (o->stats) /* --stats: CPU seconds of the search */
      o->stats->redundant_s = (double)(t1.tv_sec - t0.tv_sec) +
                              (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  }
  if (unknowns) {
    mdl_diag_add_at(out, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                 "not decided: %u of %u queries timed out or failed, the "
                 "first %s; raise %s",
                 unknowns, queries, what ? what : "?",
                 what && strstr(what, "--max-memory-mb") ? "--max-memory-mb"
                 : what && strstr(what, "--max-solver-seconds")
                     ? "--max-solver-seconds"
                     : "--timeout-ms");
    *note = mdl_strprintf("%u queries undecided", unknowns);
    free(what);
    return MDL_VERDICT_UNKNOWN;
  }
  free(what);
  if (!k->concrete)
    *note = chk_scope_note(k, nerr || nwarn);
  if (deadlock && !*note)
    *note = mdl_strprintf("races are not reported behind a deadlock");
  if (nunk) {
    /* the verdict on errors stands; what is not known is whether the
       undecided candidates were redundant */
    char *n2 = mdl_strprintf(
        "%s%sthe redundant-sync search left %u candidate%s undecided (a "
        "query ran out of --timeout-ms or --max-solver-seconds)",
        *note ? *note : "", *note ? "; " : "", nunk, nunk == 1 ? "" : "s");
    free(*note);
    *note = n2;
  }
  chk_note_incomplete(k, undecided, first_cut, note);
  return nerr || nwarn ? MDL_VERDICT_FINDINGS : MDL_VERDICT_CLEAN;
}

/* ------------------------------------------------------ value oracle */

/* The SMT engine's encoding of values alone (no instances), for the graph
** engine's enumeration of outcomes (chk_int.h, chk_enum.c). */
struct chk_vals {
  sx x;
  uint32_t depth;             /* outcomes assumed (pushes) */
  uint32_t unknowns;
  char *why;                  /* the first undecided question */
};

chk_vals *chk_vals_new(const mdl_kernel *k, const chk_options *o) {
  chk_vals *v = calloc(1, sizeof *v);
  if (!v)
    return NULL;
  z3_open(&v->x, k, o);
  v->x.deadline = o->budget_s ? now_s() + o->budget_s : 0;
  value_domain(&v->x);
  return v;
}

void chk_vals_free(chk_vals *v) {
  if (!v)
    return;
  free(v->why);
  sx_free(&v->x);
  free(v);
}

const char *chk_vals_unknown(const chk_vals *v) { return v->why; }

/* The atom values of model m (the witness of an outcome or an overlap). */
static mdl_valuation *vals_of_model(sx *x, Z3_model m) {
  uint32_t na = x->k->atoms.len;
  mdl_valuation *v = calloc(1, sizeof *v);
  if (v) {
    v->natoms = na;
    v->val = calloc(na ? na : 1, sizeof *v->val);
    v->known = calloc(na ? na : 1, 1);
  }
  if (!v || !v->val || !v->known) {
    mdl_valuation_free(v);
    return NULL;
  }
  for (uint32_t i = 0; i < na; i++)
    if (x->acache[i] && model_int(x, m, x->acache[i], &v->val[i]))
      v->known[i] = 1;
  return v;
}

/* Checks the base constraints plus q (NULL: none).  1 sat (the witness in
** *val and *text when asked), 0 unsat, -1 undecided (recorded). */
static int vals_check(chk_vals *v, Z3_ast q, const char *what,
                      mdl_valuation **val, char **text) {
  sx *x = &v->x;
  Z3_model m = NULL;
  int r = check(x, q ? q : Z3_mk_true(x->c), (val || text) ? &m : NULL,
                what);
  if (r < 0) {
    v->unknowns++;
    if (!v->why && x->unknown_what)
      v->why = mdl_strprintf("%s", x->unknown_what);
  }
  if (r == 1 && m) {
    if (val)
      *val = vals_of_model(x, m);
    if (text)
      *text = witness(x, m, NULL, 0);
    Z3_model_dec_ref(x->c, m);
  }
  return r;
}

int chk_vals_assume(chk_vals *v, uint32_t n, const chk_dim *dims,
                    const int64_t *values, mdl_valuation **val,
                    char **text) {
  sx *x = &v->x;
  Z3_solver_push(x->c, x->s);
  v->depth++;
  for (uint32_t i = 0; i < n; i++) {
    Z3_ast f = form_expr(x, dims[i].form);
    if (dims[i].kind == 1) /* trip count: 0 stands for every f <= 0 */
      add(x, values[i] > 0 ? Z3_mk_eq(x->c, f, mk_int(x, values[i]))
                           : Z3_mk_le(x->c, f, mk_int(x, 0)));
    else {
      Z3_ast nz = Z3_mk_not(x->c, Z3_mk_eq(x->c, f, mk_int(x, 0)));
      add(x, values[i] ? nz : Z3_mk_not(x->c, nz));
    }
  }
  return vals_check(v, NULL, "whether an outcome of the branches and trip "
                             "counts is possible", val, text);
}

void chk_vals_pop(chk_vals *v) {
  assert(v->depth > 0);
  Z3_solver_pop(v->x.c, v->x.s, 1);
  v->depth--;
}

int chk_vals_overlap(chk_vals *v, const mdl_access *a, const mdl_access *b,
                     mdl_valuation **val) {
  sx *x = &v->x;
  assert(a->mem == b->mem);
  Z3_ast la = mk_int(x, a->lo), lb = mk_int(x, b->lo);
  if (a->sym)
    la = mk_add2(x, la, form_expr(x, a->form));
  if (b->sym)
    lb = mk_add2(x, lb, form_expr(x, b->form));
  /* [la, la + size a) and [lb, lb + size b) share a byte (an open end:
     everything from its start on) */
  Z3_ast q = Z3_mk_true(x->c);
  if (a->hi != INT64_MAX)
    q = Z3_mk_lt(x->c, lb, mk_add2(x, la, mk_int(x, a->hi - a->lo)));
  if (b->hi != INT64_MAX)
    q = mk_and2(x, q,
                Z3_mk_lt(x->c, la, mk_add2(x, lb, mk_int(x, b->hi - b->lo))));
  return vals_check(v, q, "whether two symbolic byte ranges overlap", val,
                    NULL);
}

int chk_vals_meet(chk_vals *v, uint32_t n, const uint32_t *atoms,
                  const int64_t *coefs, int64_t c, int64_t sa, int64_t sb,
                  mdl_valuation **val) {
  sx *x = &v->x;
  Z3_ast d = mk_int(x, c);
  for (uint32_t i = 0; i < n; i++)
    d = mk_add2(x, d, mk_mul2(x, mk_int(x, coefs[i]), atom_expr(x, atoms[i])));
  Z3_ast q = Z3_mk_true(x->c);
  if (sa >= 0)
    q = Z3_mk_lt(x->c, d, mk_int(x, sa));
  if (sb >= 0)
    q = mk_and2(x, q, Z3_mk_lt(x->c, mk_int(x, -sb), d));
  return vals_check(v, q, "whether two symbolic byte ranges overlap", val,
                    NULL);
}
