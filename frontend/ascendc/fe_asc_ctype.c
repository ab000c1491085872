/*
** fe_asc_ctype.c -- the C integer types of Ascend C scalars (issue 21):
** a value carries its type when the source states it (a declaration, a
** parameter, a member, a cast, a literal) as fe_asc_val.ct, bits plus
** FE_CT_UNSIGNED, 0 when unknown.  Conversions to a type wrap as C does
** (unsigned: modulo 2^bits; signed: two's complement, as bisheng does);
** arithmetic on two typed operands is done in their common type (the
** usual arithmetic conversions): unsigned results wrap, and a signed
** result that may overflow -- undefined behaviour in C++ -- makes the
** kernel unknown, naming the expression (folded here for constants; for
** symbolic values the unroller decides from the operands' ranges,
** mdl_stmt.u.x.cub).  An untyped operand keeps the 64-bit arithmetic of
** before (docs/semantics-decisions.md 12).
*/
#include "fe_asc_x.h"

#include <stdio.h>
#include <string.h>

/* The type named t ("uint32_t", "unsigned int", "int"); 0 when it is not
** a known integer type (a float, a class, an alias ksv does not read). */
static uint8_t ctype_name(const char *t) {
  static const struct { const char *n; uint8_t ct; } tab[] = {
      {"int8_t", 8}, {"int16_t", 16}, {"int32_t", 32}, {"int64_t", 64},
      {"uint8_t", 8 | FE_CT_UNSIGNED}, {"uint16_t", 16 | FE_CT_UNSIGNED},
      {"uint32_t", 32 | FE_CT_UNSIGNED}, {"uint64_t", 64 | FE_CT_UNSIGNED},
      {"size_t", 64 | FE_CT_UNSIGNED}, {"uintptr_t", 64 | FE_CT_UNSIGNED},
      {"intptr_t", 64}, {"int", 32}, {"signed", 32}, {"signed int", 32},
      {"unsigned", 32 | FE_CT_UNSIGNED},
      {"unsigned int", 32 | FE_CT_UNSIGNED}, {"short", 16},
      {"unsigned short", 16 | FE_CT_UNSIGNED}, {"long", 64},
      {"long long", 64}, {"unsigned long", 64 | FE_CT_UNSIGNED},
      {"unsigned long long", 64 | FE_CT_UNSIGNED},
      {"long int", 64}, {"unsigned char", 8 | FE_CT_UNSIGNED},
      {"signed char", 8}, {"short int", 16}, {"long long int", 64},
      {"TEventID", 8}, /* using TEventID = int8_t (the SetFlag docs) */
      {"char", FE_CT_PCHAR}}; /* its signedness on the device is not
                                 documented (semantics-decisions 12) */
  char buf[64];
  size_t n = 0;
  bool sp = false;
  for (const char *p = t; *p && n + 1 < sizeof buf; p++) {
    if (*p == ' ' || *p == '\t' || *p == '\n') {
      sp = n > 0;
      continue;
    }
    if (sp)
      buf[n++] = ' ';
    sp = false;
    if (n + 1 < sizeof buf)
      buf[n++] = *p;
  }
  buf[n] = 0;
  const char *b = buf;
  if (!strncmp(b, "const ", 6))
    b += 6;
  if (!strncmp(b, "std::", 5))
    b += 5;
  else if (!strncmp(b, "AscendC::", 9))
    b += 9;
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (!strcmp(tab[i].n, b))
      return tab[i].ct;
  return 0;
}

/* The type of type node ty, through the file's aliases (`using u32 =
** uint32_t`, `typedef unsigned int u32`; 8 deep at most). */
static uint8_t ctype_of(fe_asc_ctx *x, TSNode ty, int depth) {
  if (ts_node_is_null(ty) || depth > 8)
    return 0;
  if (!strcmp(ts_node_type(ty), "type_descriptor"))
    ty = fe_asc_child(ty, "type");
  uint8_t ct = ts_node_is_null(ty) ? 0 : ctype_name(fe_asc_text(x, ty));
  if (ct || ts_node_is_null(ty) ||
      (strcmp(ts_node_type(ty), "type_identifier") &&
       strcmp(ts_node_type(ty), "qualified_identifier")))
    return ct;
  TSNode al = fe_asc_find_alias(x, fe_asc_last_name(x, ty));
  return ts_node_eq(al, ty) ? 0 : ctype_of(x, al, depth + 1);
}

uint8_t fe_asc_ctype(fe_asc_ctx *x, TSNode ty) {
  return ctype_of(x, ty, 0);
}

uint8_t fe_asc_ctype_text(const char *t) { return ctype_name(t); }

int fe_asc_ct_bits(uint8_t ct) { return ct & ~FE_CT_UNSIGNED; }

/* The integer promotion: types narrower than int become int. */
static uint8_t promote(uint8_t ct) {
  return fe_asc_ct_bits(ct) < 32 ? 32 : ct;
}

/* The common type of two typed operands (C11 6.3.1.8): the wider, and
** at equal width the unsigned one; 0 when either is unknown. */
uint8_t fe_asc_ct_common(uint8_t a, uint8_t b) {
  if (!a || !b)
    return 0;
  a = promote(a);
  b = promote(b);
  int wa = fe_asc_ct_bits(a), wb = fe_asc_ct_bits(b);
  if (wa != wb)
    return wa > wb ? a : b;
  return (a | b);
}

/* The type of an integer literal of value v spelled s (C++ [lex.icon]):
** int, else long (decimal) or unsigned int / long / unsigned long
** (octal, hex), u: unsigned, l / ll: 64 bits. */
uint8_t fe_asc_ct_literal(const char *s, int64_t v) {
  bool u = strchr(s, 'u') || strchr(s, 'U');
  bool l = strchr(s, 'l') || strchr(s, 'L');
  bool dec = !(s[0] == '0' && s[1]);
  uint64_t uv = (uint64_t)v;
  if (!l && !u && uv <= 0x7fffffffu)
    return 32;
  if (!l && (u || !dec) && uv <= 0xffffffffu)
    return 32 | FE_CT_UNSIGNED;
  if (!u && uv <= 0x7fffffffffffffffull)
    return 64;
  return 64 | FE_CT_UNSIGNED;
}

static int64_t wrap_to(int64_t v, uint8_t ct) {
  int64_t r;
  int w = fe_asc_ct_bits(ct);
  mdl_xop_fold(MDL_X_WRAP, v,
               w + ((ct & FE_CT_UNSIGNED) && w < 64 ? MDL_WRAP_UNSIGNED : 0),
               &r);
  return r;
}

/* v converted to plain char: exact where it lies in 0..127, on which
** signed and unsigned char agree (an int8_t there); a constant outside
** makes the kernel unknown, a symbolic value is checked by the unroller
** (wlim 7: mdl_unroll.c, width_free). */
static fe_asc_val to_pchar(fe_asc_ctx *x, fe_asc_val v, TSNode at) {
  if (v.kind == FE_AV_INT && (v.i < 0 || v.i > 127)) {
    fe_asc_unsupported(x, at, "the plain char '%s' holding %lld, outside "
                       "0..127, whose value depends on char's signedness "
                       "on the device, which is not documented (use int8_t "
                       "or uint8_t)", fe_asc_text(x, at), (long long)v.i);
    return fe_asc_unknown();
  }
  if (v.kind == FE_AV_SYM) {
    mdl_stmt *s = mdl_b_scalar(&x->bd, MDL_X_COPY,
                               mdl_b_value(&x->bd, NULL), v.v, MDL_NOVAL,
                               fe_asc_loc(x, at));
    s->u.x.wlim = 7;
    v.v = s->def;
  }
  v.ct = 8;
  v.wu = false;
  return v;
}

fe_asc_val fe_asc_convert(fe_asc_ctx *x, fe_asc_val v, uint8_t ct,
                          TSNode at) {
  if (!ct || (v.kind != FE_AV_INT && v.kind != FE_AV_SYM))
    return v;
  if (ct == FE_CT_PCHAR)
    return to_pchar(x, v, at);
  v.wu = false;
  if (v.kind == FE_AV_INT) {
    v.i = wrap_to(v.i, ct);
    v.ct = ct;
    return v;
  }
  if (v.ct == ct)
    return v;
  int w = fe_asc_ct_bits(ct);
  mdl_stmt *s = mdl_b_scalar(&x->bd, MDL_X_COPY, mdl_b_value(&x->bd, NULL),
                             v.v, MDL_NOVAL, fe_asc_loc(x, at));
  if (w < 64 && (ct & FE_CT_UNSIGNED))
    s->u.x.zext = (uint8_t)w; /* modulo 2^w, non-negative */
  else if (w < 64)
    s->u.x.bits = (uint8_t)w;
  v.v = s->def;
  v.ct = ct;
  return v;
}

/* Folds a op b of constants in type ct; false, with the kernel unknown
** and the expression named, when a signed result overflows. */
bool fe_asc_ct_fold(fe_asc_ctx *x, mdl_xop op, int64_t a, int64_t b,
                    uint8_t ct, TSNode at, int64_t *out) {
  int w = fe_asc_ct_bits(ct);
  bool uns = ct & FE_CT_UNSIGNED;
  if (uns && w == 64) { /* unsigned 64: the wrapping fold, unsigned ops */
    if (op == MDL_X_DIVS)
      op = MDL_X_DIVU;
    else if (op == MDL_X_REMS)
      op = MDL_X_REMU;
    else if (op == MDL_X_SHRS)
      op = MDL_X_SHRU;
  }
  __int128 r;
  switch (op) {
  case MDL_X_ADD: r = (__int128)a + b; break;
  case MDL_X_SUB: r = (__int128)a - b; break;
  case MDL_X_MUL: r = (__int128)a * b; break;
  default: {
    int64_t f;
    if (!mdl_xop_fold(op, a, b, &f))
      return false;
    *out = wrap_to(f, ct);
    return true;
  }
  }
  __int128 lo = -((__int128)1 << (w - 1)), hi = ((__int128)1 << (w - 1)) - 1;
  if (!uns && (r < lo || r > hi)) {
    fe_asc_unsupported(x, at, "the signed %d-bit arithmetic '%s', which "
                       "overflows (undefined behaviour in C++)", w,
                       fe_asc_text(x, at));
    return false;
  }
  *out = wrap_to((int64_t)(uint64_t)r, ct);
  return true;
}

/* ---------------------------------------- values of unknown C type */

/* The widest result bits every common type of a value of unknown type
** and one of type ot (0: unknown too) holds: 63 when ot is 64-bit (the
** common type is int64_t or uint64_t), 32 for unsigned int (unsigned
** int, long or unsigned long), else 31 (int at least). */
int fe_asc_wu_lim(uint8_t ot) {
  if (!ot || ot == FE_CT_PCHAR)
    return 31;
  ot = promote(ot);
  if (fe_asc_ct_bits(ot) == 64)
    return 63;
  return (ot & FE_CT_UNSIGNED) ? 32 : 31;
}

/* Folds a op b (op a C operator, xo its mdl_xop or -1 for a comparison
** c) where one operand's C type is unknown: the result every type gives
** (the rule of mdl_unroll.c, width_free), else false with the kernel
** unknown, the expression named. */
bool fe_asc_wu_fold(fe_asc_ctx *x, int xo, mdl_cmp c, int64_t a, int64_t b,
                    int lim, TSNode at, int64_t *out) {
  __int128 r = 0, top = ((__int128)1 << lim) - 1;
  bool ok;
  switch (xo) {
  case MDL_X_ADD: r = (__int128)a + b; ok = true; break;
  case MDL_X_SUB: r = (__int128)a - b; ok = true; break;
  case MDL_X_MUL: r = (__int128)a * b; ok = true; break;
  case MDL_X_SHL:
    ok = b >= 0 && b < lim && a >= 0;
    r = ok ? (__int128)a << b : -1;
    break;
  default:
    ok = a >= 0 && b >= 0;
    break;
  }
  ok = ok && r >= 0 && r <= top;
  if (ok && xo < 0)
    *out = mdl_cmp_fold(c, a, b);
  else if (ok && (xo == MDL_X_ADD || xo == MDL_X_SUB || xo == MDL_X_MUL ||
                  xo == MDL_X_SHL))
    *out = (int64_t)r;
  else if (ok)
    return mdl_xop_fold((mdl_xop)xo, a, b, out); /* (x / 0: unknown) */
  if (!ok)
    fe_asc_unsupported(x, at, "the arithmetic '%s', on a value whose C type "
                       "ksv does not know (a GET_TILING_DATA field, a "
                       "bit-field, an enumerator), "
                       "may give another result in that type (convert it "
                       "to its type first, as `uint32_t n = t.n`)",
                       fe_asc_text(x, at));
  return ok;
}

/* ------------------------------------------- members of file structs */

static bool node_is(TSNode n, const char *t) {
  return !ts_node_is_null(n) && !strcmp(ts_node_type(n), t);
}

const char *fe_asc_struct_of(fe_asc_ctx *x, TSNode ty) {
  if (node_is(ty, "type_descriptor"))
    ty = fe_asc_child(ty, "type");
  if (node_is(ty, "struct_specifier") || node_is(ty, "class_specifier"))
    ty = fe_asc_child(ty, "name");
  if (!node_is(ty, "type_identifier") && !node_is(ty, "qualified_identifier"))
    return NULL; /* a scalar, a template, a type ksv does not follow */
  const char *n = fe_asc_last_name(x, ty);
  return ts_node_is_null(fe_asc_find_class(x, n)) ? NULL : n;
}

/* Member name's type in field declaration fd: -1 when fd does not
** declare it; 0 when it does, but not as a plain integer. */
static int decl_ctype(fe_asc_ctx *x, TSNode fd, const char *name) {
  TSNode ty = fe_asc_child(fd, "type");
  bool bits = false; /* a bit-field: the width is not the type's */
  int r = -1;
  uint32_t m = ts_node_named_child_count(fd);
  for (uint32_t j = 0; j < m; j++) {
    TSNode d = ts_node_named_child(fd, j);
    bits |= node_is(d, "bitfield_clause");
    TSNode nm = d;
    while (!node_is(nm, "field_identifier") &&
           !ts_node_is_null(fe_asc_child(nm, "declarator")))
      nm = fe_asc_child(nm, "declarator");
    if (ts_node_eq(d, ty) || !node_is(nm, "field_identifier") ||
        !fe_asc_is(x, nm, name))
      continue;
    r = node_is(d, "field_identifier") ? fe_asc_ctype(x, ty) : 0;
  }
  if (r > 0 && (bits || !strncmp(fe_asc_text(x, fd), "static ", 7)))
    return 0;
  return r;
}

/* Member name's type in class cls or its bases: as decl_ctype. */
static int class_ctype(fe_asc_ctx *x, TSNode cls, const char *name,
                       int depth) {
  if (ts_node_is_null(cls) || depth > 8)
    return -1;
  TSNode body = fe_asc_child(cls, "body");
  uint32_t n = ts_node_named_child_count(body);
  for (uint32_t i = 0; i < n; i++) {
    TSNode fd = ts_node_named_child(body, i);
    int r = node_is(fd, "field_declaration") ? decl_ctype(x, fd, name) : -1;
    if (r >= 0)
      return r;
  }
  n = ts_node_named_child_count(cls);
  for (uint32_t i = 0; i < n; i++) {
    TSNode b = ts_node_named_child(cls, i);
    uint32_t nb = node_is(b, "base_class_clause")
                      ? ts_node_named_child_count(b) : 0;
    for (uint32_t j = 0; j < nb; j++) {
      TSNode bn = ts_node_named_child(b, j);
      if (node_is(bn, "access_specifier"))
        continue;
      TSNode bc = fe_asc_find_class(x, fe_asc_last_name(x, bn));
      int r = ts_node_eq(bc, cls) ? -1 : class_ctype(x, bc, name, depth + 1);
      if (r >= 0)
        return r;
    }
  }
  return -1;
}

uint8_t fe_asc_member_ctype(fe_asc_ctx *x, const char *st, const char *name) {
  if (!st)
    return 0;
  int r = class_ctype(x, fe_asc_find_class(x, st), name, 0);
  return r > 0 ? (uint8_t)r : 0;
}
