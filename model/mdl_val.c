/*
** mdl_val.c -- scalar values known at unroll time.
**
** A value is a constant, a linear form over interned atoms, or unknown.
** Atoms are hash-consed per kernel: the same expression computed on the
** AIC and on an AIV is the same atom, so addresses and conditions that
** depend on the block index compare equal across cores.  Integers are
** 64-bit two's complement; bit widths of i32/index are not modelled
** (documented in docs/semantics-decisions.md).
*/
#include "mdl.h"
#include "mdl_int.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t mix(uint64_t h, uint64_t x) {
  h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}

static uint64_t atom_hash(const mdl_atom *a) {
  uint64_t h = mix(a->kind, a->op);
  h = mix(h, (uint64_t)a->a);
  h = mix(h, a->lhs);
  h = mix(h, a->rhs);
  return mix(h, a->third);
}

static bool atom_eq(const mdl_atom *a, const mdl_atom *b) {
  return a->kind == b->kind && a->op == b->op && a->a == b->a &&
         a->lhs == b->lhs && a->rhs == b->rhs && a->third == b->third;
}

static uint64_t form_hash(const mdl_val *v) {
  uint64_t h = mix((uint64_t)v->c, v->n);
  h = mix(h, v->unknown);
  for (int i = 0; i < v->n; i++)
    h = mix(mix(h, v->atom[i]), (uint64_t)v->coef[i]);
  return h;
}

static bool form_eq(const mdl_val *a, const mdl_val *b) {
  if (a->c != b->c || a->n != b->n || a->unknown != b->unknown)
    return false;
  for (int i = 0; i < a->n; i++)
    if (a->atom[i] != b->atom[i] || a->coef[i] != b->coef[i])
      return false;
  return true;
}

static uint64_t atom_hash_v(const void *a, size_t n) { return atom_hash(a); }
static uint64_t form_hash_v(const void *v, size_t n) { return form_hash(v); }
static bool atom_eq_v(const void *a, const void *b, size_t n) {
  return atom_eq(a, b);
}
static bool form_eq_v(const void *a, const void *b, size_t n) {
  return form_eq(a, b);
}

uint32_t mdl_atom_intern(mdl_kernel *k, const mdl_atom *a) {
  mdl_atom t = *a;
  memset(t.text, 0, sizeof t.text);
  memcpy(t.text, a->text, strnlen(a->text, sizeof t.text - 1));
  return mdl_intern(&k->atoms, sizeof(mdl_atom), &k->atom_ht, &k->atom_htcap,
                    &t, atom_hash_v, atom_eq_v);
}

uint32_t mdl_form_intern(mdl_kernel *k, const mdl_val *v) {
  mdl_val t;
  memset(&t, 0, sizeof t);
  t.c = v->c;
  t.n = v->n;
  t.unknown = v->unknown;
  for (int i = 0; i < v->n; i++) {
    t.atom[i] = v->atom[i];
    t.coef[i] = v->coef[i];
  }
  return mdl_intern(&k->forms, sizeof(mdl_val), &k->form_ht, &k->form_htcap,
                    &t, form_hash_v, form_eq_v);
}

mdl_val mdl_val_atom(mdl_kernel *k, const mdl_atom *a) {
  mdl_val v = {0};
  v.n = 1;
  v.atom[0] = mdl_atom_intern(k, a);
  v.coef[0] = 1;
  return v;
}

static mdl_val unknown_val(void) {
  mdl_val v = {0};
  v.unknown = true;
  return v;
}

/* a + s*b, or false when it needs more than MDL_LIN_TERMS terms or a
** constant or coefficient leaves the 64 bits: a form is exact over the
** integers, and one that wrapped would not be (the difference of
** bid + INT64_MAX and bid + INT64_MIN is 2^64 - 1, not -1); the caller
** makes the value opaque instead (docs/semantics-decisions.md 12). */
static bool lin_add(const mdl_val *a, const mdl_val *b, int64_t s,
                    mdl_val *out) {
  mdl_val r = *a;
  int64_t t;
  if (__builtin_mul_overflow(s, b->c, &t) ||
      __builtin_add_overflow(a->c, t, &r.c))
    return false;
  for (int i = 0; i < b->n; i++) {
    int64_t cf;
    if (__builtin_mul_overflow(s, b->coef[i], &cf))
      return false;
    int j;
    for (j = 0; j < r.n; j++)
      if (r.atom[j] == b->atom[i])
        break;
    if (j < r.n) {
      if (__builtin_add_overflow(r.coef[j], cf, &r.coef[j]))
        return false;
    } else {
      if (r.n == MDL_LIN_TERMS)
        return false;
      r.atom[r.n] = b->atom[i];
      r.coef[r.n] = cf;
      r.n++;
    }
  }
  /* drop zero terms and sort by atom id for a canonical form */
  int w = 0;
  for (int i = 0; i < r.n; i++)
    if (r.coef[i]) {
      r.atom[w] = r.atom[i];
      r.coef[w] = r.coef[i];
      w++;
    }
  r.n = (uint8_t)w;
  for (int i = 1; i < r.n; i++)
    for (int j = i; j > 0 && r.atom[j - 1] > r.atom[j]; j--) {
      uint32_t ta = r.atom[j];
      int64_t tc = r.coef[j];
      r.atom[j] = r.atom[j - 1];
      r.coef[j] = r.coef[j - 1];
      r.atom[j - 1] = ta;
      r.coef[j - 1] = tc;
    }
  for (int i = r.n; i < MDL_LIN_TERMS; i++) {
    r.atom[i] = 0;
    r.coef[i] = 0;
  }
  *out = r;
  return true;
}

static const char *xop_sym(mdl_xop op) {
  switch (op) {
  case MDL_X_DIVS: case MDL_X_DIVU: return "/";
  case MDL_X_REMS: case MDL_X_REMU: return "%";
  case MDL_X_CEILDIV: return "ceildiv";
  case MDL_X_FLOORDIV: return "floordiv";
  case MDL_X_MINS: case MDL_X_MINU: return "min";
  case MDL_X_MAXS: case MDL_X_MAXU: return "max";
  case MDL_X_AND: return "&";
  case MDL_X_OR: return "|";
  case MDL_X_XOR: return "^";
  case MDL_X_SHL: return "<<";
  case MDL_X_SHRS: case MDL_X_SHRU: return ">>";
  case MDL_X_MUL: return "*";
  case MDL_X_CMP: return "cmp";
  case MDL_X_SELECT: return "select";
  case MDL_X_WRAP: return "wrap";
  default: return "op";
  }
}

static mdl_val opaque(mdl_kernel *k, mdl_xop op, const mdl_val *a,
                      const mdl_val *b, const mdl_val *c) {
  mdl_atom at;
  memset(&at, 0, sizeof at);
  at.kind = MDL_ATOM_OPAQUE;
  at.op = op;
  at.lhs = a ? mdl_form_intern(k, a) : 0;
  at.rhs = b ? mdl_form_intern(k, b) : 0;
  at.third = c ? mdl_form_intern(k, c) : 0;
  snprintf(at.text, sizeof at.text, "(%s)", xop_sym(op));
  return mdl_val_atom(k, &at);
}

static int64_t floordiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    q--;
  return q;
}

/* x in bits (8..64): zero-extended from them with zext, else
** sign-extended, as a register of that width holds it. */
static int64_t wrap_const(int64_t x, int bits, bool zext) {
  if (bits <= 0 || bits >= 64)
    return x;
  uint64_t m = 1ull << bits, c = (uint64_t)x & (m - 1);
  if (!zext && (c & (m >> 1)))
    c |= ~(m - 1);
  return (int64_t)c;
}

/* Constant folding of op; returns false when undefined (div by 0). */
static bool fold(mdl_xop op, int64_t x, int64_t y, int64_t *r) {
  uint64_t ux = (uint64_t)x, uy = (uint64_t)y;
  switch (op) {
  case MDL_X_ADD: *r = (int64_t)(ux + uy); return true;
  case MDL_X_SUB: *r = (int64_t)(ux - uy); return true;
  case MDL_X_MUL: *r = (int64_t)(ux * uy); return true;
  case MDL_X_DIVS:
    if (!y || (x == INT64_MIN && y == -1)) return false;
    *r = x / y; return true;
  case MDL_X_DIVU: if (!y) return false; *r = (int64_t)(ux / uy); return true;
  case MDL_X_REMS:
    if (!y || (x == INT64_MIN && y == -1)) return false;
    *r = x % y; return true;
  case MDL_X_REMU: if (!y) return false; *r = (int64_t)(ux % uy); return true;
  case MDL_X_FLOORDIV:
    if (!y || (x == INT64_MIN && y == -1)) return false;
    *r = floordiv(x, y); return true;
  case MDL_X_CEILDIV: /* (without negating x: INT64_MIN) */
    if (!y || (x == INT64_MIN && y == -1)) return false;
    *r = x / y + ((x % y != 0) && ((x < 0) == (y < 0))); return true;
  case MDL_X_MINS: *r = x < y ? x : y; return true;
  case MDL_X_MAXS: *r = x > y ? x : y; return true;
  case MDL_X_MINU: *r = ux < uy ? x : y; return true;
  case MDL_X_MAXU: *r = ux > uy ? x : y; return true;
  case MDL_X_AND: *r = x & y; return true;
  case MDL_X_OR: *r = x | y; return true;
  case MDL_X_XOR: *r = x ^ y; return true;
  case MDL_X_SHL: *r = y < 0 || y > 63 ? 0 : (int64_t)(ux << y); return true;
  case MDL_X_SHRS: *r = y < 0 || y > 63 ? (x < 0 ? -1 : 0) : x >> y;
    return true;
  case MDL_X_SHRU: *r = y < 0 || y > 63 ? 0 : (int64_t)(ux >> y); return true;
  case MDL_X_WRAP: *r = wrap_const(x, (int)(y % MDL_WRAP_UNSIGNED),
                                   y >= MDL_WRAP_UNSIGNED);
    return true;
  default: return false;
  }
}

bool mdl_xop_fold(mdl_xop op, int64_t x, int64_t y, int64_t *r) {
  return fold(op, x, y, r);
}

bool mdl_cmp_fold(mdl_cmp c, int64_t x, int64_t y) {
  uint64_t ux = (uint64_t)x, uy = (uint64_t)y;
  switch (c) {
  case MDL_CMP_EQ: return x == y;
  case MDL_CMP_NE: return x != y;
  case MDL_CMP_SLT: return x < y;
  case MDL_CMP_SLE: return x <= y;
  case MDL_CMP_SGT: return x > y;
  case MDL_CMP_SGE: return x >= y;
  case MDL_CMP_ULT: return ux < uy;
  case MDL_CMP_ULE: return ux <= uy;
  case MDL_CMP_UGT: return ux > uy;
  case MDL_CMP_UGE: return ux >= uy;
  }
  return false;
}

mdl_val mdl_val_cmp(mdl_kernel *k, mdl_cmp c, const mdl_val *a,
                    const mdl_val *b) {
  if (a->unknown || b->unknown)
    return unknown_val();
  mdl_val d;
  if (lin_add(a, b, -1, &d) && d.n == 0) {
    /* a - b is a constant: decide signed predicates and equality */
    switch (c) {
    case MDL_CMP_EQ: return mdl_val_const(d.c == 0);
    case MDL_CMP_NE: return mdl_val_const(d.c != 0);
    case MDL_CMP_SLT: return mdl_val_const(d.c < 0);
    case MDL_CMP_SLE: return mdl_val_const(d.c <= 0);
    case MDL_CMP_SGT: return mdl_val_const(d.c > 0);
    case MDL_CMP_SGE: return mdl_val_const(d.c >= 0);
    default:
      if (a->n == 0)
        return mdl_val_const(mdl_cmp_fold(c, a->c, b->c));
      if (d.c == 0)
        return mdl_val_const(c == MDL_CMP_ULE || c == MDL_CMP_UGE);
      break;
    }
  }
  mdl_val cc = mdl_val_const(c);
  return opaque(k, MDL_X_CMP, a, b, &cc);
}

mdl_val mdl_val_select(mdl_kernel *k, const mdl_val *c, const mdl_val *a,
                       const mdl_val *b) {
  if (mdl_val_is_const(c))
    return c->c ? *a : *b;
  if (c->unknown)
    return unknown_val();
  if (!a->unknown && !b->unknown && form_eq(a, b))
    return *a;
  if (a->unknown || b->unknown)
    return unknown_val();
  return opaque(k, MDL_X_SELECT, c, a, b);
}

/* a / d and a % d for a constant d > 0 where a = d*L + c, every
** coefficient of L a multiple of d, and the division is exact on the
** form: floor division always (floor(d*L + c, d) = L + floor(c, d)); the
** truncating and unsigned ones only where a >= 0 for every value, i.e.
** L is over the block index / block count (>= 0, SMT value_domain) with
** positive coefficients and c >= 0.  Why: on an AIV of a 1:2 MIX kernel
** GetBlockIdx() is 2*block + sub_block (ASCENDC.md "Indices"), and the
** kernels divide it by GetTaskRation() back to the block; without this
** each AIV got its own opaque atom, and every consumer that has no
** alias oracle (the simulator) saw AIV0 and AIV1 addresses as aliasing
** (docs/semantics-decisions.md, 1:2 MIX block index). */
static bool exact_divmod(const mdl_kernel *k, mdl_xop op, const mdl_val *a,
                         const mdl_val *b, mdl_val *r) {
  if (b->n != 0 || b->c <= 0 || a->n == 0)
    return false;
  int64_t d = b->c;
  bool floor_op = op == MDL_X_FLOORDIV;
  bool div = floor_op || op == MDL_X_DIVS || op == MDL_X_DIVU;
  if (!div && op != MDL_X_REMS && op != MDL_X_REMU)
    return false;
  for (int i = 0; i < a->n; i++) {
    const mdl_atom *at = &MDL_VEC_AT(k->atoms, mdl_atom, a->atom[i]);
    if (a->coef[i] % d != 0)
      return false;
    if (!floor_op && (a->coef[i] <= 0 || (at->kind != MDL_ATOM_BLOCK_IDX &&
                                          at->kind != MDL_ATOM_BLOCK_NUM)))
      return false;
  }
  if (!floor_op && a->c < 0)
    return false;
  int64_t q = a->c / d, m = a->c % d;
  if (m < 0) { /* floor */
    q -= 1;
    m += d;
  }
  if (!div) {
    *r = mdl_val_const(m);
    return true;
  }
  *r = *a;
  r->c = q;
  for (int i = 0; i < r->n; i++)
    r->coef[i] /= d;
  return true;
}

mdl_val mdl_val_binop(mdl_kernel *k, mdl_xop op, const mdl_val *a,
                      const mdl_val *b) {
  if (a->unknown || b->unknown)
    return unknown_val();
  if (a->n == 0 && b->n == 0) {
    int64_t r;
    if (fold(op, a->c, b->c, &r))
      return mdl_val_const(r);
    return unknown_val();
  }
  mdl_val r;
  switch (op) {
  case MDL_X_ADD:
    if (lin_add(a, b, 1, &r))
      return r;
    break;
  case MDL_X_SUB:
    if (lin_add(a, b, -1, &r))
      return r;
    break;
  case MDL_X_MUL: {
    const mdl_val *c = a->n == 0 ? a : b->n == 0 ? b : NULL;
    const mdl_val *s = c == a ? b : a;
    if (c) {
      mdl_val z = mdl_val_const(0);
      if (c->c == 0)
        return z;
      if (lin_add(&z, s, c->c, &r))
        return r;
    }
    break;
  }
  case MDL_X_SHL:
    if (b->n == 0 && b->c >= 0 && b->c < 62) {
      mdl_val m = mdl_val_const((int64_t)1 << b->c);
      return mdl_val_binop(k, MDL_X_MUL, a, &m);
    }
    break;
  case MDL_X_MINS: case MDL_X_MAXS: case MDL_X_MINU: case MDL_X_MAXU:
  case MDL_X_AND: case MDL_X_OR:
    if (form_eq(a, b))
      return *a;
    break;
  case MDL_X_DIVS: case MDL_X_DIVU: case MDL_X_FLOORDIV: case MDL_X_CEILDIV:
    if (b->n == 0 && b->c == 1)
      return *a;
    if (exact_divmod(k, op, a, b, &r))
      return r;
    break;
  case MDL_X_REMS: case MDL_X_REMU:
    if (exact_divmod(k, op, a, b, &r))
      return r;
    break;
  default:
    break;
  }
  return opaque(k, op, a, b, NULL);
}

/* ------------------------------------------------------------ ranges */

/* Bounds of exact integer values, saturated at +-RANGE_INF (past any
** 64-bit bound, so a saturated range is never within a width). */
typedef __int128 i128;
#define RANGE_INF ((i128)1 << 100)

static i128 sat(i128 x) {
  return x > RANGE_INF ? RANGE_INF : x < -RANGE_INF ? -RANGE_INF : x;
}

static i128 sat_mul(i128 a, i128 b) {
  i128 r;
  if (__builtin_mul_overflow(a, b, &r))
    return (a < 0) != (b < 0) ? -RANGE_INF : RANGE_INF;
  return sat(r);
}

typedef struct { i128 lo, hi; } range;

static range full(int bits, bool zext) {
  range r;
  if (bits <= 0 || bits > 64)
    bits = 64;
  if (zext) {
    r.lo = 0;
    r.hi = ((i128)1 << bits) - 1;
  } else {
    r.lo = -((i128)1 << (bits - 1));
    r.hi = ((i128)1 << (bits - 1)) - 1;
  }
  return r;
}

/* (work: atoms left to visit; a shared operand is visited again, so a
** chain of squares would take 2^n steps without it: past it, an atom has
** the 64-bit range, which only wraps more) */
#define RANGE_WORK 4096

static range form_range(const mdl_kernel *k, const mdl_val *v, int *work);

static range id_range(const mdl_kernel *k, uint32_t form, int *work) {
  if (!form || form >= k->forms.len)
    return full(64, false);
  return form_range(k, &MDL_VEC_AT(k->forms, mdl_val, form), work);
}

static range hull(range a, range b) {
  range r = {a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
  return r;
}

/* The range of the Z3 term chk_smt gives an opaque atom (over-approximated:
** an operation it leaves a fresh unknown has the 64-bit range, the
** hardware's). */
static range opaque_range(const mdl_kernel *k, const mdl_atom *a, int *work) {
  const mdl_val *rv =
      a->rhs && a->rhs < k->forms.len ? &MDL_VEC_AT(k->forms, mdl_val, a->rhs)
                                      : NULL;
  int64_t d = rv && mdl_val_is_const(rv) ? rv->c : 0;
  range t;
  if (a->op == MDL_X_WRAP)
    return full((int)(d % MDL_WRAP_UNSIGNED), d >= MDL_WRAP_UNSIGNED);
  if (a->op == MDL_X_CMP) {
    t.lo = 0;
    t.hi = 1;
    return t;
  }
  range l = id_range(k, a->lhs, work), r = id_range(k, a->rhs, work);
  switch ((mdl_xop)a->op) {
  case MDL_X_ADD:
    t.lo = sat(l.lo + r.lo);
    t.hi = sat(l.hi + r.hi);
    return t;
  case MDL_X_SUB:
    t.lo = sat(l.lo - r.hi);
    t.hi = sat(l.hi - r.lo);
    return t;
  case MDL_X_MUL: {
    i128 p[4] = {sat_mul(l.lo, r.lo), sat_mul(l.lo, r.hi),
                 sat_mul(l.hi, r.lo), sat_mul(l.hi, r.hi)};
    t.lo = t.hi = p[0];
    for (int i = 1; i < 4; i++) {
      t.lo = p[i] < t.lo ? p[i] : t.lo;
      t.hi = p[i] > t.hi ? p[i] : t.hi;
    }
    return t;
  }
  case MDL_X_MINS: case MDL_X_MAXS: case MDL_X_SELECT:
    return a->op == MDL_X_SELECT ? hull(r, id_range(k, a->third, work))
                                 : hull(l, r);
  case MDL_X_REMS: case MDL_X_REMU:
    if (d > 0) {
      t.lo = a->op == MDL_X_REMS && l.lo < 0 ? -(i128)(d - 1) : 0;
      t.hi = l.hi < 0 && a->op == MDL_X_REMS ? 0 : (i128)(d - 1);
      return a->op == MDL_X_REMU && l.lo < 0 ? full(64, false) : t;
    }
    break;
  case MDL_X_DIVS: case MDL_X_FLOORDIV: case MDL_X_CEILDIV:
  case MDL_X_DIVU:
    if (d > 0 && (l.lo >= 0 || a->op != MDL_X_DIVU)) {
      t.lo = l.lo >= 0 ? l.lo / d : l.lo / d - 1; /* (rounding either way) */
      t.hi = l.hi / d + 1;
      return t;
    }
    break;
  case MDL_X_SHRS: case MDL_X_SHRU:
    if (l.lo >= 0 && rv && mdl_val_is_const(rv) && d >= 0 && d < 64) {
      t.lo = 0;
      t.hi = l.hi >> d;
      return t;
    }
    break;
  case MDL_X_AND: /* a non-negative operand bounds the result */
    if (l.lo >= 0 || r.lo >= 0) {
      t.lo = 0;
      t.hi = l.lo >= 0 && r.lo >= 0 ? (l.hi < r.hi ? l.hi : r.hi)
             : l.lo >= 0           ? l.hi
                                   : r.hi;
      return t;
    }
    break;
  default:
    break;
  }
  return full(64, false);
}

static range atom_range(const mdl_kernel *k, uint32_t id, int *work) {
  const mdl_atom *a = &MDL_VEC_AT(k->atoms, mdl_atom, id);
  range r;
  switch (a->kind) {
  case MDL_ATOM_BLOCK_IDX:
  case MDL_ATOM_BLOCK_NUM:
    r.lo = a->kind == MDL_ATOM_BLOCK_NUM;
    r.hi = MDL_BLOCK_NUM_MAX - (a->kind == MDL_ATOM_BLOCK_IDX);
    return r;
  case MDL_ATOM_ARG:
    return full((int)(a->op % MDL_WRAP_UNSIGNED), a->op >= MDL_WRAP_UNSIGNED);
  case MDL_ATOM_OPAQUE:
    if (a->op == MDL_X_WRAP || a->op == MDL_X_CMP || --*work > 0)
      return opaque_range(k, a, work);
    break;
  default:
    break;
  }
  return full(64, false);
}

static range form_range(const mdl_kernel *k, const mdl_val *v, int *work) {
  range r = {v->c, v->c};
  if (v->unknown)
    return full(64, false);
  for (int i = 0; i < v->n; i++) {
    range a = atom_range(k, v->atom[i], work);
    i128 x = sat_mul(v->coef[i], a.lo), y = sat_mul(v->coef[i], a.hi);
    r.lo = sat(r.lo + (x < y ? x : y));
    r.hi = sat(r.hi + (x < y ? y : x));
  }
  return r;
}

bool mdl_val_range(const mdl_kernel *k, const mdl_val *v, int64_t *lo,
                   int64_t *hi) {
  int work = RANGE_WORK;
  range r = form_range(k, v, &work);
  if (v->unknown || r.lo < INT64_MIN || r.hi > INT64_MAX)
    return false;
  *lo = (int64_t)r.lo;
  *hi = (int64_t)r.hi;
  return true;
}

mdl_val mdl_val_wrap(mdl_kernel *k, const mdl_val *v, int bits, bool zext) {
  if (bits <= 0 || bits > 64)
    bits = 64;
  if (v->unknown)
    return *v;
  if (v->n == 0)
    return mdl_val_const(wrap_const(v->c, bits, zext));
  int work = RANGE_WORK;
  range r = form_range(k, v, &work), w = full(bits, zext);
  if (r.lo >= w.lo && r.hi <= w.hi)
    return *v;
  mdl_val wv = mdl_val_const(bits + (zext ? MDL_WRAP_UNSIGNED : 0));
  return opaque(k, MDL_X_WRAP, v, &wv, NULL);
}

void mdl_val_print(const mdl_kernel *k, const mdl_val *v, char *buf,
                   size_t n) {
  if (v->unknown) {
    snprintf(buf, n, "?");
    return;
  }
  size_t w = 0;
  buf[0] = 0;
  for (int i = 0; i < v->n && w < n; i++) {
    const mdl_atom *a = &MDL_VEC_AT(k->atoms, mdl_atom, v->atom[i]);
    int m;
    if (v->coef[i] == 1)
      m = snprintf(buf + w, n - w, "%s%s", i ? " + " : "", a->text);
    else
      m = snprintf(buf + w, n - w, "%s%lld*%s", i ? " + " : "",
                   (long long)v->coef[i], a->text);
    if (m < 0)
      return;
    w += (size_t)m;
  }
  if (w >= n)
    return;
  if (v->n == 0)
    snprintf(buf + w, n - w, "%lld", (long long)v->c);
  else if (v->c)
    snprintf(buf + w, n - w, " + %lld", (long long)v->c);
}
