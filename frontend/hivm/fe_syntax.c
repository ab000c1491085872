/*
** fe_syntax.c -- the MLIR syntax the builders read.
**
** Types (memref/tensor shapes, strides, address spaces), operand groups
** `ins(...)` / `outs(...)`, keyword and attribute lookup in an op's own
** tokens, bracket lists, and the generic op form (properties, operand
** segments).
*/
#include "fe_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t elem_bytes(fe_b *b, uint32_t t) {
  uint32_t n;
  const char *s = tok_str(b, t, &n);
  if (K(b, t) != T_BARE || n < 2)
    return 1;
  if ((s[0] == 'i' || s[0] == 'f' || s[0] == 'u' || s[0] == 's') &&
      s[1] >= '0' && s[1] <= '9') {
    long bits = strtol(s + 1, NULL, 10);
    if (s[0] == 'f' && n > 3 && s[2] != '6' && s[2] != '2') /* f8E4M3... */
      bits = 8;
    if (bits < 0 || bits > (1L << 24)) /* MLIR's widest integer type */
      bits = 1L << 24;
    return bits <= 8 ? 1 : (uint32_t)((bits + 7) / 8);
  }
  if (n == 4 && memcmp(s, "bf16", 4) == 0)
    return 2;
  if (n == 5 && memcmp(s, "index", 5) == 0)
    return 8;
  if (n >= 3 && memcmp(s, "f8", 2) == 0)
    return 1;
  return 1;
}

static int space_of_name(const char *s, uint32_t n) {
  static const char *names[] = {"gm", "ub", "cbuf", "ca", "cb", "cc"};
  for (int i = 0; i < 6; i++)
    if (strlen(names[i]) == n && memcmp(names[i], s, n) == 0)
      return i;
  if (n == 2 && memcmp(s, "l1", 2) == 0)
    return MDL_SPACE_L1;
  return -1;
}

/* type := memref<dims elem (, layout)? (, space)?> | tensor<...> | iN ...
** Returns the index after the type. */
uint32_t fe_parse_type(fe_b *b, uint32_t t, fe_type *ty) {
  memset(ty, 0, sizeof *ty);
  ty->bytes = -1;
  ty->offset = 0;
  if (K(b, t) == T_BARE && (IS(b, t, "memref") || IS(b, t, "tensor") ||
                            IS(b, t, "vector")) &&
      K(b, t + 1) == T_LANGLE) {
    ty->kind = IS(b, t, "memref") ? 1 : 2;
    uint32_t close = fe_match(b->p, t + 1);
    uint32_t i = t + 2;
    if (K(b, i) == T_DIMS) {
      uint32_t n;
      const char *s = tok_str(b, i, &n);
      for (uint32_t j = 0; j < n;) {
        int64_t d = -1;
        if (s[j] == '?' || s[j] == '*')
          j++;
        else {
          d = 0;
          while (j < n && s[j] >= '0' && s[j] <= '9') {
            if (d < ((int64_t)1 << 40))
              d = d * 10 + (s[j] - '0');
            j++;
          }
        }
        if (ty->nd < 8)
          ty->dims[ty->nd] = d;
        ty->nd++;
        j++; /* 'x' */
      }
      i++;
    }
    ty->elem = elem_bytes(b, i);
    for (; i < close; i++) {
      if (IS(b, i, "strided") && K(b, i + 1) == T_LANGLE) {
        ty->strided = true;
        uint32_t j = i + 2;
        int sn = 0;
        if (K(b, j) == T_LSQ) {
          uint32_t e = fe_match(b->p, j);
          for (j = j + 1; j < e; j++) {
            int64_t v;
            if (K(b, j) == T_QUESTION) {
              if (sn < 8)
                ty->strides[sn] = -1;
              sn++;
            } else if (fe_tok_int(b, j, &v)) {
              if (sn < 8)
                ty->strides[sn] = v;
              sn++;
              if (K(b, j) == T_MINUS)
                j++;
            }
          }
          j = e + 1;
        }
        if (K(b, j) == T_COMMA && IS(b, j + 1, "offset")) {
          int64_t v;
          if (K(b, j + 3) == T_QUESTION)
            ty->offset = -1;
          else if (fe_tok_int(b, j + 3, &v))
            ty->offset = v;
        }
        i = fe_match(b->p, i + 1);
      } else if (K(b, i) == T_HASH && IS(b, i, "#hivm.address_space") &&
                 K(b, i + 1) == T_LANGLE) {
        uint32_t n;
        const char *s = tok_str(b, i + 2, &n);
        int sp = space_of_name(s, n);
        if (sp >= 0) {
          ty->has_space = true;
          ty->space = (mdl_space)sp;
        }
        i = fe_match(b->p, i + 1);
      }
    }
    if (ty->nd <= 8) {
      int64_t prod = ty->elem;
      bool stat = true;
      for (int d = 0; d < ty->nd; d++) {
        if (ty->dims[d] < 0) {
          stat = false;
          break;
        }
        if (ty->dims[d] && prod > ((int64_t)1 << 50) / ty->dims[d]) {
          /* static dims past 2^50 bytes (memref<99999999999x...>): no
             buffer that large exists, and the size would overflow */
          fe_error(b->p, t, "shaped type of more than 2^50 bytes");
          b->failed = true;
          stat = false;
          break;
        }
        prod *= ty->dims[d];
      }
      if (stat && ty->strided) {
        /* span of a strided layout */
        int64_t span = 1;
        for (int d = 0; d < ty->nd && stat; d++) {
          if (ty->strides[d] < 0) {
            stat = false;
            break;
          }
          if (ty->dims[d] == 0) {
            span = 0;
            break;
          }
          /* dims < 2^44 (the lexer caps them); a product or sum
             past 2^62 makes the size unknown, not wrapped */
          if (ty->strides[d] > ((int64_t)1 << 62) / ty->dims[d] ||
              span > ((int64_t)1 << 62) -
                         (ty->dims[d] - 1) * ty->strides[d]) {
            stat = false;
            break;
          }
          span += (ty->dims[d] - 1) * ty->strides[d];
        }
        if (span > ((int64_t)1 << 62) / ty->elem)
          stat = false;
        prod = stat ? span * ty->elem : 0;
      }
      if (stat)
        ty->bytes = prod;
    }
    return close == ~0u ? t + 1 : close + 1;
  }
  if (K(b, t) == T_BARE) {
    uint32_t n;
    const char *s = tok_str(b, t, &n);
    if ((s[0] == 'i' && n > 1 && s[1] >= '0' && s[1] <= '9') ||
        (n == 5 && memcmp(s, "index", 5) == 0)) {
      ty->kind = 3;
      uint32_t w = 0;
      for (uint32_t i = 1; s[0] == 'i' && i < n && i < 4; i++)
        w = w * 10 + (uint32_t)(s[i] - '0');
      ty->ibits = s[0] != 'i' || w > 64 ? 64 : (uint8_t)w;
    }
    if (K(b, t + 1) == T_LANGLE)
      return fe_match(b->p, t + 1) + 1;
    return t + 1;
  }
  if ((K(b, t) == T_BANG || K(b, t) == T_HASH) && K(b, t + 1) == T_LANGLE)
    return fe_match(b->p, t + 1) + 1;
  if (K(b, t) == T_LPAREN) { /* function type */
    uint32_t e = fe_match(b->p, t) + 1;
    if (K(b, e) == T_ARROW) {
      fe_type dummy;
      return fe_parse_type(b, e + 1, &dummy);
    }
    return e;
  }
  return t + 1;
}

void fe_parse_group(fe_b *b, uint32_t open, fe_operands *o) {
  memset(o, 0, sizeof *o);
  uint32_t close = fe_match(b->p, open);
  if (close == ~0u)
    return;
  uint32_t i = open + 1, nty = 0;
  bool in_types = false;
  while (i < close) {
    if (K(b, i) == T_PERCENT && !in_types) {
      if (o->n < 32)
        o->tok[o->n] = i;
      o->n++;
      i++;
      if (K(b, i) == T_LSQ) /* %x[...] (not in groups; be lenient) */
        i = fe_match(b->p, i) + 1;
      if (K(b, i) == T_COLON) {
        in_types = true;
        i++;
      }
      if (K(b, i) == T_COMMA)
        i++;
      continue;
    }
    if (K(b, i) == T_COLON) {
      in_types = true;
      i++;
      continue;
    }
    if (in_types) {
      fe_type ty;
      uint32_t e = fe_parse_type(b, i, &ty);
      if (nty < 32) {
        o->ty[nty] = ty;
        o->has_ty[nty] = true;
      }
      nty++;
      i = e;
      if (K(b, i) == T_COMMA) {
        i++;
        /* format (%a : T, %b : T): a percent after a type */
        if (K(b, i) == T_PERCENT)
          in_types = false;
      }
      continue;
    }
    i++;
  }
  if (o->n > 32)
    o->n = 32;
}

/* Finds keyword kw followed by '(' in op's own tokens; returns the '('. */
uint32_t fe_find_group(fe_b *b, fe_op *op, const char *kw) {
  for (uint32_t i = op->name + 1; i < op->t1; i++) {
    if (fe_in_region(op, i))
      continue;
    if (IS(b, i, kw) && K(b, i + 1) == T_LPAREN)
      return i + 1;
    fe_tok_kind k = K(b, i);
    if ((k == T_LPAREN || k == T_LSQ || k == T_LANGLE ||
         (k == T_LBRACE && !fe_in_region(op, i))) &&
        fe_match(b->p, i) != ~0u)
      i = fe_match(b->p, i);
  }
  return ~0u;
}

/* First '[' group of the op (sync ops' pipe lists). */
uint32_t fe_find_tok(fe_b *b, fe_op *op, fe_tok_kind kind, uint32_t from) {
  for (uint32_t i = from ? from : op->name + 1; i < op->t1; i++) {
    if (fe_in_region(op, i))
      continue;
    if (K(b, i) == kind)
      return i;
    fe_tok_kind k = K(b, i);
    if ((k == T_LPAREN || k == T_LSQ || k == T_LANGLE || k == T_LBRACE) &&
        k != kind && fe_match(b->p, i) != ~0u)
      i = fe_match(b->p, i);
  }
  return ~0u;
}

/* "key = value" at depth 0: returns the first value token. */
uint32_t fe_find_kv(fe_b *b, fe_op *op, const char *key) {
  for (uint32_t i = op->name + 1; i + 1 < op->t1; i++) {
    if (fe_in_region(op, i))
      continue;
    if (IS(b, i, key) && K(b, i + 1) == T_EQ)
      return i + 2;
    fe_tok_kind k = K(b, i);
    if ((k == T_LPAREN || k == T_LSQ || k == T_LANGLE) &&
        fe_match(b->p, i) != ~0u)
      i = fe_match(b->p, i);
  }
  return ~0u;
}

/* Trailing result type: after the last ':' or '->' of the op. */
bool fe_result_type(fe_b *b, fe_op *op, fe_type *ty) {
  uint32_t last = ~0u;
  for (uint32_t i = op->name + 1; i < op->t1; i++) {
    if (fe_in_region(op, i))
      continue;
    fe_tok_kind k = K(b, i);
    if (k == T_COLON || k == T_ARROW || IS(b, i, "to") || IS(b, i, "into"))
      last = i;
    if ((k == T_LPAREN || k == T_LSQ || k == T_LANGLE || k == T_LBRACE) &&
        fe_match(b->p, i) != ~0u)
      i = fe_match(b->p, i);
  }
  if (last == ~0u || last + 1 >= op->t1)
    return false;
  uint32_t t = last + 1;
  if (K(b, t) == T_LPAREN && K(b, fe_match(b->p, t) + 1) == T_ARROW)
    t = fe_match(b->p, t) + 2;
  if (K(b, t) == T_LPAREN)
    t++;
  fe_parse_type(b, t, ty);
  return true;
}

/* -------------------------------------------------------- generic form */

/* MLIR's generic op form (what -mlir-print-op-generic prints):
**   results = "name"(operands) [successors]? <{properties}>? ({regions})?
**             {attributes}? : (operand types) -> result types
** The helpers below read it; each builder takes its operands from them
** where the custom form has keywords (docs/semantics-decisions.md 44). */

/* The value token after `key =` at the top level of the op's properties
** <{...}> or attribute dictionary {...} (not inside its regions), or ~0. */
uint32_t fe_gen_attr(fe_b *b, fe_op *op, const char *key) {
  for (uint32_t i = op->name + 1; i < op->t1; i++) {
    if (fe_in_region(op, i))
      continue;
    fe_tok_kind k = K(b, i);
    if (k == T_LBRACE) {
      uint32_t c = fe_match(b->p, i);
      for (uint32_t j = i + 1; j < c; j++) {
        if (IS(b, j, key) && K(b, j + 1) == T_EQ)
          return j + 2;
        fe_tok_kind kj = K(b, j);
        if (kj == T_LPAREN || kj == T_LSQ || kj == T_LANGLE || kj == T_LBRACE)
          j = fe_match(b->p, j);
      }
      i = c;
    } else if (k == T_LANGLE && K(b, i + 1) == T_LBRACE) {
      continue; /* <{ properties }>: read the dictionary */
    } else if (k == T_LPAREN || k == T_LSQ || k == T_LANGLE) {
      i = fe_match(b->p, i);
    }
  }
  return ~0u;
}

void fe_gen_read(fe_b *b, fe_op *op, fe_generic *g) {
  memset(g, 0, sizeof *g);
  uint32_t t = op->name + 1, colon = ~0u;
  if (K(b, t) == T_LPAREN)
    for (uint32_t i = t + 1, c = fe_match(b->p, t); i < c; i++)
      if (K(b, i) == T_PERCENT && g->n < 64)
        g->tok[g->n++] = i;
  for (uint32_t i = t; i < op->t1; i++) {
    if (fe_in_region(op, i))
      continue;
    fe_tok_kind k = K(b, i);
    if (k == T_COLON)
      colon = i;
    if ((k == T_LPAREN || k == T_LSQ || k == T_LANGLE || k == T_LBRACE) &&
        fe_match(b->p, i) != ~0u)
      i = fe_match(b->p, i);
  }
  if (colon != ~0u && K(b, colon + 1) == T_LPAREN) {
    uint32_t c = fe_match(b->p, colon + 1), n = 0;
    for (uint32_t i = colon + 2; i < c && n < 64; n++) {
      i = fe_parse_type(b, i, &g->ty[n]);
      if (K(b, i) != T_COMMA)
        break;
      i++;
    }
    g->has_ty = true;
  }
  uint32_t v = fe_gen_attr(b, op, "operandSegmentSizes");
  if (v == ~0u)
    v = fe_gen_attr(b, op, "operand_segment_sizes");
  if (v != ~0u && K(b, v + 1) == T_LANGLE) {
    uint32_t c = fe_match(b->p, v + 1);
    for (uint32_t i = v + 2; i < c && g->nseg < 16; i++) {
      int64_t x;
      if (K(b, i) == T_INT && K(b, i - 1) != T_BARE && fe_tok_int(b, i, &x))
        g->seg[g->nseg++] = x > 0 ? (uint32_t)x : 0;
    }
  }
}

/* Appends operands [first, first + n) of g to o. */
void fe_gen_take(const fe_generic *g, uint32_t first, uint32_t n,
                 fe_operands *o) {
  for (uint32_t i = first; i < first + n && i < g->n && o->n < 32; i++) {
    o->tok[o->n] = g->tok[i];
    o->ty[o->n] = g->ty[i];
    o->has_ty[o->n] = g->has_ty;
    o->n++;
  }
}

/* Start of ODS operand group k of g (one operand per group without
** segment sizes). */
uint32_t fe_gen_seg_start(const fe_generic *g, uint32_t k) {
  if (!g->nseg)
    return k;
  uint32_t s = 0;
  for (uint32_t i = 0; i < k && i < g->nseg; i++)
    s += g->seg[i];
  return s;
}

uint32_t fe_gen_seg_len(const fe_generic *g, uint32_t k) {
  return !g->nseg ? 1 : k < g->nseg ? g->seg[k] : 0;
}

/* A generic op ksv knows but cannot read in that form: a located error. */
void fe_gen_unsupported(fe_b *b, fe_op *op) {
  uint32_t n;
  const char *nm = fe_op_name(b->p, op->name, &n);
  fe_error(b->p, op->name, "unsupported: the generic form of '%.*s'; print "
           "the IR in its custom form (without -mlir-print-op-generic)",
           (int)n, nm);
  b->failed = true;
}

/* The symbol text of @name, @"name" or "name" (quotes and @ dropped). */
const char *fe_sym_text(fe_b *b, uint32_t t, uint32_t *n) {
  const char *s = tok_str(b, t, n);
  if (*n && s[0] == '@') {
    s++;
    (*n)--;
  }
  if (*n >= 2 && s[0] == '"' && s[*n - 1] == '"') {
    s++;
    *n -= 2;
  }
  return s;
}

/* The @callee of a func.call whose name token is t: `func.call @f(...)`
** or `"func.call"(...) <{callee = @f}>`, or ~0. */
uint32_t fe_call_callee(fe_b *b, uint32_t t) {
  if (K(b, t + 1) == T_AT)
    return t + 1;
  if (K(b, t) != T_STRING)
    return ~0u;
  for (uint32_t i = t + 1; i < t + 4096 && K(b, i) != T_EOF; i++) {
    if (IS(b, i, "callee") && K(b, i + 1) == T_EQ && K(b, i + 2) == T_AT)
      return i + 2;
    if (fe_tokat(b->p, i)->nl)
      break;
  }
  return ~0u;
}

/* --------------------------------------------------------- bracket lists */

mdl_valref fe_operand_or_const(fe_b *b, uint32_t t, uint32_t at) {
  int64_t v;
  if (K(b, t) == T_PERCENT)
    return fe_lookup(b, t);
  if (fe_tok_int(b, t, &v))
    return fe_emit_const(b, v, at);
  return MDL_NOVAL;
}

/* Reads a bracket list of static ints / SSA values: [0, %x, 16]. */
uint32_t fe_read_list(fe_b *b, uint32_t open, uint32_t *toks, uint32_t max) {
  uint32_t n = 0, c = fe_match(b->p, open);
  if (c == ~0u)
    return 0;
  for (uint32_t i = open + 1; i < c; i++) {
    if (K(b, i) == T_COMMA)
      continue;
    if (n < max)
      toks[n] = i;
    n++;
    if (K(b, i) == T_MINUS)
      i++;
  }
  return n;
}

/* `%buf[indices]` at t (what: "memref" or "tensor", for the message): the
** value of %buf, or MDL_NOVAL after a located error. */
mdl_valref fe_indexed(fe_b *b, uint32_t t, const char *what) {
  if (K(b, t) != T_PERCENT || K(b, t + 1) != T_LSQ) {
    fe_error(b->p, t, "expected '%%%s[indices]'", what);
    b->failed = true;
    return MDL_NOVAL;
  }
  return fe_lookup(b, t);
}

/* The element index of the bracket list opening at open: its one entry
** (a value or a literal), 0 for an empty list, MDL_NOVAL (the whole
** buffer) for several.  at locates the constants it emits. */
mdl_valref fe_elem_index(fe_b *b, uint32_t open, uint32_t at) {
  uint32_t idx[8], ni = fe_read_list(b, open, idx, 8);
  return ni == 1   ? fe_operand_or_const(b, idx[0], at)
         : ni == 0 ? fe_emit_const(b, 0, at)
                   : MDL_NOVAL;
}

/* The offsets of a generic memref.subview / reinterpret_cast, one token
** per dimension into offs (up to max): the entry of static_offsets =
** array<i64: ...>, or, for a dynamic entry (INT64_MIN), the next operand
** of the offsets group (ODS: source, offsets, sizes, strides).  Returns
** the number of dimensions, 0 when the op has no static_offsets. */
uint32_t fe_gen_offsets(fe_b *b, fe_op *op, uint32_t *offs, uint32_t max) {
  return fe_gen_list(b, op, "static_offsets", 1, offs, max);
}

/* The entries of the static list attr (static_offsets, static_sizes,
** static_strides) of a generic op, a dynamic one (INT64_MIN) taken from
** ODS operand group seg in order, as gen_offsets. */
uint32_t fe_gen_list(fe_b *b, fe_op *op, const char *attr, uint32_t seg,
                     uint32_t *offs, uint32_t max) {
  uint32_t v = fe_gen_attr(b, op, attr);
  if (v == ~0u || K(b, v + 1) != T_LANGLE)
    return 0;
  fe_generic g;
  fe_gen_read(b, op, &g);
  uint32_t dyn = fe_gen_seg_start(&g, seg), ndyn = fe_gen_seg_len(&g, seg),
           n = 0;
  uint32_t c = fe_match(b->p, v + 1), i = v + 2;
  while (i < c && K(b, i) != T_COLON)
    i++;
  for (i++; i < c && n < max; i++) {
    int64_t x;
    if (K(b, i) != T_INT && K(b, i) != T_MINUS)
      continue;
    uint32_t at = i;
    if (K(b, i) == T_MINUS)
      i++;
    if (!fe_tok_int(b, at, &x))
      return 0;
    if (x == INT64_MIN) {
      if (!ndyn)
        return 0;
      at = g.tok[dyn++];
      ndyn--;
    }
    offs[n++] = at;
  }
  return n;
}
