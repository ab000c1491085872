/*
** chk_z3.h -- Z3's AST constructors made safe after a Z3 error (internal
** to the SMT engine: included by chk_smt_x.h after z3.h).
**
** With an error handler set, a failing Z3 call (out of memory past the
** --max-memory-mb watermark, a bad argument) returns NULL, and the next
** call that is given that NULL crashes inside Z3 (a segfault in Z3_mk_or
** after a memory error).  Each constructor the engine uses is redefined
** here to pass a NULL operand on as its NULL result without calling Z3; an
** assertion of NULL is dropped.  The error handler has recorded the
** failure, so the query that follows is undecided (chk_smt_check), never
** decided on a half-built encoding.
**
** Past Z3's memory limit every further constructor fails the same way, and
** each failing call can first try to grow a table (tens of MB a call, not
** all of it returned): an audit's kernel of a million racing pairs grew
** past 19 GB under --max-memory-mb 64 that way.  Worse, a limit reached
** inside a solver push leaves Z3 unable to free its context (a crash in
** Z3_del_context).  So the engine stops before Z3's own limit: every 64th
** constructor compares Z3's allocation with the kernel's --max-memory-mb
** (chk_z3_over), and from then on, or after a memory error, chk_z3_dead
** holds: the constructors return NULL without calling Z3 and the engine
** asks no more queries.  The kernel is unknown, naming the budget.
*/
#ifndef CHK_Z3_H
#define CHK_Z3_H

#include <stdbool.h>
#include <z3.h>

extern _Thread_local int chk_z3_dead;
extern _Thread_local unsigned chk_z3_tick;
bool chk_z3_over(void); /* chk_smt.c: past the budget? sets chk_z3_dead */

static inline bool chk_z3_live(void) {
  if (chk_z3_dead)
    return false;
  return (++chk_z3_tick & 63) != 0 || !chk_z3_over();
}

static inline bool chk_z3_all(unsigned n, Z3_ast const a[]) {
  if (!chk_z3_live())
    return false;
  for (unsigned i = 0; i < n; i++)
    if (!a[i])
      return false;
  return true;
}

#define CHK_Z3_1(name)                                                      \
  static inline Z3_ast chk_z3_##name(Z3_context c, Z3_ast a) {              \
    return a && chk_z3_live() ? (Z3_mk_##name)(c, a) : NULL;                                 \
  }
#define CHK_Z3_2(name)                                                      \
  static inline Z3_ast chk_z3_##name(Z3_context c, Z3_ast a, Z3_ast b) {    \
    return a && b && chk_z3_live() ? (Z3_mk_##name)(c, a, b) : NULL;                         \
  }
#define CHK_Z3_N(name)                                                      \
  static inline Z3_ast chk_z3_##name(Z3_context c, unsigned n,              \
                                     Z3_ast const a[]) {                    \
    return chk_z3_all(n, a) ? (Z3_mk_##name)(c, n, a) : NULL;               \
  }
CHK_Z3_1(not)
CHK_Z3_1(unary_minus)
CHK_Z3_2(lt)
CHK_Z3_2(le)
CHK_Z3_2(gt)
CHK_Z3_2(ge)
CHK_Z3_2(eq)
CHK_Z3_2(implies)
CHK_Z3_2(iff)
CHK_Z3_2(xor)
CHK_Z3_2(div)
CHK_Z3_2(mod)
CHK_Z3_N(and)
CHK_Z3_N(or)
CHK_Z3_N(add)
CHK_Z3_N(sub)
CHK_Z3_N(mul)

static inline Z3_ast chk_z3_ite(Z3_context c, Z3_ast i, Z3_ast t, Z3_ast e) {
  return i && t && e && chk_z3_live() ? (Z3_mk_ite)(c, i, t, e) : NULL;
}
static inline Z3_ast chk_z3_simplify(Z3_context c, Z3_ast a) {
  return a && chk_z3_live() ? (Z3_simplify)(c, a) : NULL;
}
static inline void chk_z3_assert(Z3_context c, Z3_solver s, Z3_ast a) {
  if (a && chk_z3_live())
    (Z3_solver_assert)(c, s, a);
}
static inline bool chk_z3_model_eval(Z3_context c, Z3_model m, Z3_ast a,
                                     bool completion, Z3_ast *v) {
  return a && chk_z3_live() && (Z3_model_eval)(c, m, a, completion, v);
}

static inline Z3_lbool chk_z3_bool_value(Z3_context c, Z3_ast a) {
  return a ? (Z3_get_bool_value)(c, a) : Z3_L_UNDEF;
}
static inline bool chk_z3_is_numeral(Z3_context c, Z3_ast a) {
  return a && (Z3_is_numeral_ast)(c, a);
}

#define Z3_get_bool_value(c, a) chk_z3_bool_value(c, a)
#define Z3_is_numeral_ast(c, a) chk_z3_is_numeral(c, a)
#define Z3_mk_not(c, a) chk_z3_not(c, a)
#define Z3_mk_unary_minus(c, a) chk_z3_unary_minus(c, a)
#define Z3_mk_lt(c, a, b) chk_z3_lt(c, a, b)
#define Z3_mk_le(c, a, b) chk_z3_le(c, a, b)
#define Z3_mk_gt(c, a, b) chk_z3_gt(c, a, b)
#define Z3_mk_ge(c, a, b) chk_z3_ge(c, a, b)
#define Z3_mk_eq(c, a, b) chk_z3_eq(c, a, b)
#define Z3_mk_implies(c, a, b) chk_z3_implies(c, a, b)
#define Z3_mk_iff(c, a, b) chk_z3_iff(c, a, b)
#define Z3_mk_xor(c, a, b) chk_z3_xor(c, a, b)
#define Z3_mk_div(c, a, b) chk_z3_div(c, a, b)
#define Z3_mk_mod(c, a, b) chk_z3_mod(c, a, b)
#define Z3_mk_and(c, n, a) chk_z3_and(c, n, a)
#define Z3_mk_or(c, n, a) chk_z3_or(c, n, a)
#define Z3_mk_add(c, n, a) chk_z3_add(c, n, a)
#define Z3_mk_sub(c, n, a) chk_z3_sub(c, n, a)
#define Z3_mk_mul(c, n, a) chk_z3_mul(c, n, a)
#define Z3_mk_ite(c, i, t, e) chk_z3_ite(c, i, t, e)
#define Z3_simplify(c, a) chk_z3_simplify(c, a)
#define Z3_solver_assert(c, s, a) chk_z3_assert(c, s, a)
#define Z3_model_eval(c, m, a, k, v) chk_z3_model_eval(c, m, a, k, v)

#endif
