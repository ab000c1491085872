/*
** fe_scalar.c -- scalar ops: arith, index and block ids, affine maps.
**
** Each becomes a scalar statement the unroller evaluates (constants and
** linear forms); an affine map is expanded into its arithmetic.
*/
#include "fe_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ affine */

typedef struct {
  fe_b *b;
  uint32_t t, end;
  uint32_t ndims, nsyms;
  mdl_valref dims[16], syms[16];
  uint32_t dimtok[16], symtok[16];
  uint32_t at; /* location token */
  bool err;
} fe_aff;

static mdl_valref aff_expr(fe_aff *a);

static mdl_valref aff_primary(fe_aff *a) {
  fe_b *b = a->b;
  if (a->t >= a->end) {
    a->err = true;
    return MDL_NOVAL;
  }
  if (K(b, a->t) == T_LPAREN) {
    uint32_t close = fe_match(b->p, a->t);
    uint32_t save = a->end;
    a->t++;
    a->end = close;
    mdl_valref v = aff_expr(a);
    a->end = save;
    a->t = close + 1;
    return v;
  }
  if (K(b, a->t) == T_MINUS) {
    a->t++;
    mdl_valref v = aff_primary(a);
    mdl_valref z = fe_emit_const(b, 0, a->at);
    return fe_emit_x(b, MDL_X_SUB, z, v, a->at);
  }
  int64_t c;
  if (fe_tok_int(b, a->t, &c)) {
    a->t++;
    return fe_emit_const(b, c, a->at);
  }
  if (K(b, a->t) == T_BARE) {
    for (uint32_t i = 0; i < a->ndims; i++)
      if (fe_is(b->p, a->t, "") == false) {
        uint32_t n1, n2;
        const char *s1 = tok_str(b, a->t, &n1),
                   *s2 = tok_str(b, a->dimtok[i], &n2);
        if (n1 == n2 && memcmp(s1, s2, n1) == 0) {
          a->t++;
          return a->dims[i];
        }
      }
    for (uint32_t i = 0; i < a->nsyms; i++) {
      uint32_t n1, n2;
      const char *s1 = tok_str(b, a->t, &n1),
                 *s2 = tok_str(b, a->symtok[i], &n2);
      if (n1 == n2 && memcmp(s1, s2, n1) == 0) {
        a->t++;
        return a->syms[i];
      }
    }
  }
  a->err = true;
  return MDL_NOVAL;
}

static mdl_valref aff_term(fe_aff *a) {
  fe_b *b = a->b;
  mdl_valref v = aff_primary(a);
  while (!a->err && a->t < a->end) {
    mdl_xop op;
    if (K(b, a->t) == T_STAR)
      op = MDL_X_MUL;
    else if (IS(b, a->t, "floordiv"))
      op = MDL_X_FLOORDIV;
    else if (IS(b, a->t, "ceildiv"))
      op = MDL_X_CEILDIV;
    else if (IS(b, a->t, "mod"))
      op = MDL_X_REMS; /* affine mod of non-negative values */
    else
      break;
    a->t++;
    mdl_valref r = aff_primary(a);
    if (op == MDL_X_REMS) {
      /* mod is non-negative: ((x rem m) + m) rem m */
      mdl_valref t1 = fe_emit_x(b, MDL_X_REMS, v, r, a->at);
      mdl_valref t2 = fe_emit_x(b, MDL_X_ADD, t1, r, a->at);
      v = fe_emit_x(b, MDL_X_REMS, t2, r, a->at);
    } else
      v = fe_emit_x(b, op, v, r, a->at);
  }
  return v;
}

static mdl_valref aff_expr(fe_aff *a) {
  fe_b *b = a->b;
  mdl_valref v = aff_term(a);
  while (!a->err && a->t < a->end &&
         (K(b, a->t) == T_PLUS || K(b, a->t) == T_MINUS)) {
    mdl_xop op = K(b, a->t) == T_PLUS ? MDL_X_ADD : MDL_X_SUB;
    a->t++;
    mdl_valref r = aff_term(a);
    v = fe_emit_x(b, op, v, r, a->at);
  }
  return v;
}

/* Finds the affine_map<...> token for a map reference (inline or #alias). */
static uint32_t resolve_map(fe_b *b, uint32_t t) {
  if (IS(b, t, "affine_map") && K(b, t + 1) == T_LANGLE)
    return t;
  if (K(b, t) == T_HASH) {
    uint32_t n;
    const char *s = tok_str(b, t, &n);
    for (fe_op *o = b->p->top.first; o; o = o->next) {
      if (K(b, o->name) != T_HASH)
        continue;
      uint32_t m;
      const char *s2 = tok_str(b, o->name, &m);
      if (m == n && memcmp(s, s2, n) == 0 && K(b, o->name + 1) == T_EQ)
        return o->name + 2;
    }
  }
  return ~0u;
}

/* affine.apply/min/max MAP (dims)[syms]: evaluates every result of the
** map; combines several results with op (min/max).  Returns MDL_NOVAL
** when the map cannot be read. */
static mdl_valref build_affine(fe_b *b, fe_op *op, uint32_t maptok,
                               mdl_xop combine) {
  uint32_t m = resolve_map(b, maptok);
  if (m == ~0u || !IS(b, m, "affine_map"))
    return MDL_NOVAL;
  fe_aff a;
  memset(&a, 0, sizeof a);
  a.b = b;
  a.at = op->t0;
  /* map: affine_map< (d...) [s...] -> (e, ...) > */
  uint32_t i = m + 2, mclose = fe_match(b->p, m + 1);
  if (K(b, i) != T_LPAREN)
    return MDL_NOVAL;
  uint32_t dclose = fe_match(b->p, i);
  for (uint32_t j = i + 1; j < dclose; j++)
    if (K(b, j) == T_BARE && a.ndims < 16)
      a.dimtok[a.ndims++] = j;
  i = dclose + 1;
  if (K(b, i) == T_LSQ) {
    uint32_t sclose = fe_match(b->p, i);
    for (uint32_t j = i + 1; j < sclose; j++)
      if (K(b, j) == T_BARE && a.nsyms < 16)
        a.symtok[a.nsyms++] = j;
    i = sclose + 1;
  }
  if (K(b, i) != T_ARROW || K(b, i + 1) != T_LPAREN)
    return MDL_NOVAL;
  uint32_t eopen = i + 1, eclose = fe_match(b->p, eopen);
  (void)mclose;
  /* operands after the map: (dims)[syms] */
  uint32_t u =
      K(b, maptok) == T_HASH ? maptok + 1 : fe_match(b->p, maptok + 1) + 1;
  uint32_t nd = 0, ns = 0;
  if (K(b, u) == T_LPAREN) {
    uint32_t c = fe_match(b->p, u);
    for (uint32_t j = u + 1; j < c; j++)
      if (K(b, j) == T_PERCENT && nd < 16)
        a.dims[nd++] = fe_lookup(b, j);
    u = c + 1;
  }
  if (K(b, u) == T_LSQ) {
    uint32_t c = fe_match(b->p, u);
    for (uint32_t j = u + 1; j < c; j++)
      if (K(b, j) == T_PERCENT && ns < 16)
        a.syms[ns++] = fe_lookup(b, j);
  }
  if (nd != a.ndims || ns != a.nsyms || b->failed)
    return MDL_NOVAL;
  mdl_valref result = MDL_NOVAL;
  uint32_t st = eopen + 1;
  while (st < eclose) {
    uint32_t en = st;
    while (en < eclose && K(b, en) != T_COMMA) {
      if (K(b, en) == T_LPAREN)
        en = fe_match(b->p, en);
      en++;
    }
    a.t = st;
    a.end = en;
    a.err = false;
    mdl_valref v = aff_expr(&a);
    if (a.err || a.t != en)
      return MDL_NOVAL;
    result = result == MDL_NOVAL ? v : fe_emit_x(b, combine, result, v, op->t0);
    st = en + 1;
  }
  return result;
}

/* -------------------------------------------------------------- scalars */

/* The integer width of op's operand type (`arith.extui %x : i32 to i64`),
** when below 64; 0 otherwise. */
static uint8_t operand_bits(fe_b *b, fe_op *op) {
  for (uint32_t i = op->name + 1; i < op->t1; i++) {
    if (K(b, i) == T_LANGLE)
      i = fe_match(b->p, i);
    else if (K(b, i) == T_COLON) {
      fe_type ty;
      memset(&ty, 0, sizeof ty);
      fe_parse_type(b, i + 1, &ty);
      return ty.kind == 3 && ty.ibits >= 8 && ty.ibits < 64 ? ty.ibits : 0;
    }
  }
  return 0;
}

void fe_build_scalar(fe_b *b, fe_op *op, fe_opcode code) {
  uint32_t t = op->name + 1;
  mdl_valref a = MDL_NOVAL, c2 = MDL_NOVAL, c3 = MDL_NOVAL;
  mdl_xop x = MDL_X_UNKNOWN;
  mdl_cmp cmp = MDL_CMP_EQ;
  int64_t kval = 0;
  fe_type rty;
  memset(&rty, 0, sizeof rty);
  bool has_rty = fe_result_type(b, op, &rty);
  switch (code) {
  case OP_CONST: {
    int64_t v;
    if (generic(b, op)) /* "arith.constant"() <{value = 5 : i32}> */
      t = fe_gen_attr(b, op, "value");
    else if (K(b, t) == T_LBRACE) /* arith.constant {attrs} 5 : i32 */
      t = fe_match(b->p, t) + 1;
    if (t == ~0u) {
      x = MDL_X_UNKNOWN;
    } else if (fe_tok_int(b, t, &v)) {
      x = MDL_X_CONST;
      kval = v;
    } else if (IS(b, t, "true") || IS(b, t, "false")) {
      x = MDL_X_CONST;
      kval = IS(b, t, "true");
    }
    break;
  }
  case OP_ADDI: x = MDL_X_ADD; break;
  case OP_SUBI: x = MDL_X_SUB; break;
  case OP_MULI: x = MDL_X_MUL; break;
  case OP_DIVSI: x = MDL_X_DIVS; break;
  case OP_DIVUI: x = MDL_X_DIVU; break;
  case OP_REMSI: x = MDL_X_REMS; break;
  case OP_REMUI: x = MDL_X_REMU; break;
  case OP_CEILDIVSI: case OP_CEILDIVUI: x = MDL_X_CEILDIV; break;
  case OP_FLOORDIVSI: x = MDL_X_FLOORDIV; break;
  case OP_MINSI: x = MDL_X_MINS; break;
  case OP_MAXSI: x = MDL_X_MAXS; break;
  case OP_MINUI: x = MDL_X_MINU; break;
  case OP_MAXUI: x = MDL_X_MAXU; break;
  case OP_ANDI: x = MDL_X_AND; break;
  case OP_ORI: x = MDL_X_OR; break;
  case OP_XORI: x = MDL_X_XOR; break;
  case OP_SHLI: x = MDL_X_SHL; break;
  case OP_SHRSI: x = MDL_X_SHRS; break;
  case OP_SHRUI: x = MDL_X_SHRU; break;
  case OP_CMPI: {
    static const char *preds[] = {"eq", "ne", "slt", "sle", "sgt",
                                  "sge", "ult", "ule", "ugt", "uge"};
    x = MDL_X_CMP;
    bool found = false;
    int64_t pi;
    if (generic(b, op)) { /* <{predicate = 2 : i64}>: arith's enum order */
      uint32_t pv = fe_gen_attr(b, op, "predicate");
      if (pv != ~0u && fe_tok_int(b, pv, &pi) && pi >= 0 && pi < 10) {
        cmp = (mdl_cmp)pi;
        found = true;
      }
      t = pv == ~0u ? op->name : pv;
    }
    for (int i = 0; i < 10 && !found; i++)
      if (IS(b, t, preds[i])) {
        cmp = (mdl_cmp)i;
        found = true;
      }
    if (!found) {
      char buf[32];
      fe_error(b->p, t, "unknown arith.cmpi predicate '%s'",
               fe_text(b->p, t, buf, sizeof buf));
      b->failed = true;
      return;
    }
    t = generic(b, op) ? op->name + 1 : t + 2;
    break;
  }
  case OP_SELECT: x = MDL_X_SELECT; break;
  case OP_INDEX_CAST: case OP_INDEX_CASTUI: case OP_EXTSI: case OP_EXTUI:
  case OP_TRUNCI:
    x = MDL_X_COPY;
    break;
  case OP_BLOCK_IDX: x = MDL_X_BLOCK_IDX; break;
  case OP_BLOCK_NUM: x = MDL_X_BLOCK_NUM; break;
  case OP_SUB_BLOCK_IDX:
    x = MDL_X_SUB_BLOCK_IDX;
    b->saw_sbi = true; /* the AIVs no longer run one logical program */
    break;
  case OP_SUB_BLOCK_NUM: x = MDL_X_SUB_BLOCK_NUM; break;
  case OP_MB_COUNTER:
    x = MDL_X_MBCOUNTER;
    kval = b->loop ? (int64_t)b->loop->id : -1;
    break;
  case OP_DIM: {
    /* memref.dim %m, %cI : type -> static extent when known */
    fe_type ty;
    uint32_t i = t;
    while (i < op->t1 && K(b, i) != T_COLON)
      i++;
    fe_parse_type(b, i + 1, &ty);
    mdl_valref idx = K(b, t + 2) == T_PERCENT ? fe_lookup(b, t + 2) : MDL_NOVAL;
    (void)idx;
    x = MDL_X_UNKNOWN;
    break;
  }
  case OP_AFFINE_APPLY: case OP_AFFINE_MIN: case OP_AFFINE_MAX: {
    if (generic(b, op)) { /* <{map = ...}>: not read in that form */
      fe_gen_unsupported(b, op);
      return;
    }
    mdl_valref v = build_affine(b, op, t,
                                code == OP_AFFINE_MAX ? MDL_X_MAXS
                                                      : MDL_X_MINS);
    if (b->failed)
      return;
    if (v == MDL_NOVAL) {
      fe_warn(b->p, op->t0, MDL_RULE_UNSUPPORTED,
              "affine map not understood; its result is treated as unknown");
      fe_bind_unknown_results(b, op, true);
      return;
    }
    mdl_stmt *s =
        mdl_b_scalar(&b->bd, MDL_X_COPY,
                     fe_new_value(b, op->nres ? op->res[0].tok : ~0u, NULL), v,
                     MDL_NOVAL, LOC(b, op->t0));
    if (op->nres)
      fe_bind_result(b, op, 0, s->def);
    return;
  }
  default:
    break;
  }
  /* operands */
  if (x != MDL_X_CONST && x != MDL_X_UNKNOWN && x != MDL_X_BLOCK_IDX &&
      x != MDL_X_BLOCK_NUM && x != MDL_X_SUB_BLOCK_IDX &&
      x != MDL_X_SUB_BLOCK_NUM && x != MDL_X_MBCOUNTER) {
    mdl_valref ops[3] = {MDL_NOVAL, MDL_NOVAL, MDL_NOVAL};
    uint32_t n = 0;
    for (uint32_t i = t; i < op->t1 && n < 3; i++) {
      if (K(b, i) == T_COLON)
        break;
      if (K(b, i) == T_PERCENT)
        ops[n++] = fe_lookup(b, i);
      else if (K(b, i) == T_LANGLE)
        i = fe_match(b->p, i);
    }
    uint32_t need = x == MDL_X_SELECT ? 3 : x == MDL_X_COPY ? 1 : 2;
    if (n < need) {
      char buf[48];
      fe_error(b->p, op->t0, "'%s' expects %u operands",
               fe_op_text(b, op, buf, sizeof buf), need);
      b->failed = true;
      return;
    }
    a = ops[0];
    c2 = ops[1];
    c3 = ops[2];
  }
  if (!op->nres) {
    if (x != MDL_X_UNKNOWN)
      return;
  }
  mdl_stmt *s = fe_emit(b, MDL_S_SCALAR, op->t0);
  s->def =
      fe_new_value(b, op->nres ? op->res[0].tok : ~0u, has_rty ? &rty : NULL);
  if (has_rty && rty.kind == 3 && rty.ibits >= 8 && rty.ibits < 64)
    s->u.x.bits = rty.ibits;
  if (code == OP_EXTUI || code == OP_INDEX_CASTUI)
    s->u.x.zext = operand_bits(b, op);
  s->u.x.op = x;
  s->u.x.cmp = cmp;
  s->u.x.k = kval;
  s->u.x.a = a;
  s->u.x.b = c2;
  s->u.x.c = c3;
  if (x == MDL_X_SELECT)
    fe_copy_value_info(b, s->def, c2);
  if (op->nres)
    fe_bind_result(b, op, 0, s->def);
  for (uint32_t j = 1; j < fe_nresults(op); j++)
    fe_bind_result(b, op, j, fe_new_value(b, op->res[0].tok, NULL));
}
