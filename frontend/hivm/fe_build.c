/*
** fe_build.c -- gives meaning to parsed ops: builds model kernels.
**
** Per chunk: find the functions, pair MIX halves into kernels, and
** lower each function body into model statements (scalars, buffers,
** data ops with their pipe and accesses, sync ops, loops, branches).
** func.call to a function of the same chunk is inlined.
*/
#include "fe_hivm.h"
#include "fe_cfg.h"
#include "fe_parse.h"
#include "../../model/mdl_build.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum {
#define X(c, n, p) OP_##c,
#include "fe_ops.def"
#undef X
  OP_COUNT,
  OP_VECTOR, /* any hivm.hir.v* */
  OP_UNKNOWN
} fe_opcode;

static const struct {
  const char *name;
  int pipe;
} optab[] = {
#define X(c, n, p) {n, (int)MDL_PIPE_##p},
#define MDL_PIPE_NONE_ MDL_PIPE_NONE
#include "fe_ops.def"
#undef X
};

/* ------------------------------------------------------------ types */

typedef struct {
  int kind;          /* 0 other, 1 memref, 2 tensor, 3 integer/index */
  bool has_space;
  mdl_space space;
  int nd;
  int64_t dims[8];   /* -1 dynamic */
  uint32_t elem;     /* element bytes */
  bool strided;
  int64_t strides[8];/* -1 dynamic */
  int64_t offset;    /* -1 dynamic */
  int64_t bytes;     /* static size or -1 */
} fe_type;

typedef struct {
  const char *name;
  uint32_t len;
  int32_t head;      /* latest binding (index into syms), -1 */
} fe_name;

typedef struct {
  uint32_t name;     /* index into names */
  mdl_valref v;
  int32_t prev;      /* previous binding of the same name, -1 */
} fe_sym;

typedef struct {
  fe_parser *p;
  mdl_builder bd;       /* the kernel, function and block being built, the
                           core mask of new statements, and whether this
                           is one MIX function (ops placed per core type) */
  mdl_stmt *loop;       /* innermost enclosing loop */
  uint32_t call_depth;
  /* symbol table: names are interned; each has a stack of bindings */
  mdl_vec names;        /* fe_name */
  mdl_vec syms;         /* fe_sym */
  int32_t *ht;          /* name hash -> name index, -1 */
  uint32_t htcap;
  /* values of the last terminator built (scf.yield, scf.condition, ...) */
  mdl_valref term_vals[64];
  uint32_t term_n;
  mdl_valref term_cond;
  bool has_term;
  /* functions of the chunk */
  fe_op **funcs;
  uint32_t nfuncs;
  bool failed;
  /* memory through tensors, placement in a MIX function (per function;
     see "tensors and views" and "placement" below) */
  mdl_vec vinfo;        /* fe_vinfo by value */
  mdl_vec pend;         /* fe_pend: loads placed by the core of their users */
  mdl_vec placed;       /* uint8_t by statement id: placed by attribute */
  bool saw_sbi;         /* the function reads get_sub_block_idx */
} fe_b;

/* What the frontend knows of a value's memory: the value it aliases
** (the first of a chain of views, tensors of memrefs, results of
** destination-style ops, loop-carried values) and whether memory is
** behind it (a memref, or a tensor that names one). */
typedef struct {
  mdl_valref root;
  bool set, mem;
} fe_vinfo;

/* A load whose address spaces do not say which core runs it (tensors,
** unspaced memrefs): it runs on the cores of its users. */
typedef struct {
  mdl_stmt *s;
  mdl_valref root;     /* what it writes */
  uint8_t users;       /* core mask of the placed ops that read it */
} fe_pend;

/* ---------------------------------------------------------- symbols */

static uint32_t name_hash(const char *s, uint32_t n) {
  uint32_t h = 2166136261u;
  for (uint32_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

/* Returns the name index of s, creating it when create is set; -1. */
static int32_t name_of(fe_b *b, const char *s, uint32_t n, bool create) {
  if (!b->htcap || (create && b->names.len * 2 >= b->htcap)) {
    uint32_t nc = b->htcap ? b->htcap * 2 : 1024;
    int32_t *nt = malloc(nc * sizeof *nt);
    if (!nt) {
      fputs("ksv: out of memory\n", stderr);
      exit(3);
    }
    for (uint32_t i = 0; i < nc; i++)
      nt[i] = -1;
    for (uint32_t i = 0; i < b->names.len; i++) {
      fe_name *nm = &MDL_VEC_AT(b->names, fe_name, i);
      uint32_t j = name_hash(nm->name, nm->len) & (nc - 1);
      while (nt[j] >= 0)
        j = (j + 1) & (nc - 1);
      nt[j] = (int32_t)i;
    }
    free(b->ht);
    b->ht = nt;
    b->htcap = nc;
  }
  uint32_t j = name_hash(s, n) & (b->htcap - 1);
  while (b->ht[j] >= 0) {
    fe_name *nm = &MDL_VEC_AT(b->names, fe_name, b->ht[j]);
    if (nm->len == n && memcmp(nm->name, s, n) == 0)
      return b->ht[j];
    j = (j + 1) & (b->htcap - 1);
  }
  if (!create)
    return -1;
  fe_name *nm = mdl_vec_push(&b->names, sizeof *nm);
  nm->name = s;
  nm->len = n;
  nm->head = -1;
  b->ht[j] = (int32_t)b->names.len - 1;
  return b->ht[j];
}

static void bind(fe_b *b, const char *s, uint32_t n, mdl_valref v) {
  int32_t id = name_of(b, s, n, true);
  fe_name *nm = &MDL_VEC_AT(b->names, fe_name, id);
  fe_sym *sy = mdl_vec_push(&b->syms, sizeof *sy);
  sy->name = (uint32_t)id;
  sy->v = v;
  sy->prev = nm->head;
  nm->head = (int32_t)b->syms.len - 1;
}

static uint32_t scope_mark(fe_b *b) { return b->syms.len; }

static void scope_pop(fe_b *b, uint32_t mark) {
  while (b->syms.len > mark) {
    fe_sym *sy = &MDL_VEC_AT(b->syms, fe_sym, b->syms.len - 1);
    MDL_VEC_AT(b->names, fe_name, sy->name).head = sy->prev;
    b->syms.len--;
  }
}

static const char *tok_str(fe_b *b, uint32_t t, uint32_t *n) {
  const fe_tok *k = fe_tokat(b->p, t);
  *n = k->len;
  return b->p->text + k->off;
}

static void bind_tok(fe_b *b, uint32_t t, mdl_valref v) {
  uint32_t n;
  const char *s = tok_str(b, t, &n);
  bind(b, s, n, v);
}

static mdl_valref lookup_str(fe_b *b, const char *s, uint32_t n) {
  int32_t id = name_of(b, s, n, false);
  if (id < 0)
    return MDL_NOVAL;
  int32_t h = MDL_VEC_AT(b->names, fe_name, id).head;
  return h < 0 ? MDL_NOVAL : MDL_VEC_AT(b->syms, fe_sym, h).v;
}

static mdl_valref lookup(fe_b *b, uint32_t t) {
  uint32_t n;
  const char *s = tok_str(b, t, &n);
  mdl_valref v = lookup_str(b, s, n);
  if (v == MDL_NOVAL) {
    char buf[64];
    fe_error(b->p, t, "use of undefined value '%s'",
             fe_text(b->p, t, buf, sizeof buf));
    b->failed = true;
  }
  return v;
}

/* ------------------------------------------------------------- helpers */

static fe_tok_kind K(fe_b *b, uint32_t t) { return fe_tokat(b->p, t)->kind; }
static bool IS(fe_b *b, uint32_t t, const char *s) { return fe_is(b->p, t, s); }
static mdl_loc LOC(fe_b *b, uint32_t t) {
  const fe_tok *k = fe_tokat(b->p, t);
  mdl_loc l = {k->line, k->col};
  return l;
}

static bool tok_int(fe_b *b, uint32_t t, int64_t *out) {
  char buf[40];
  bool neg = false;
  if (K(b, t) == T_MINUS) {
    neg = true;
    t++;
  }
  if (K(b, t) != T_INT)
    return false;
  fe_text(b->p, t, buf, sizeof buf);
  char *end;
  errno = 0;
  unsigned long long u = strtoull(buf, &end, 0);
  /* a literal past 64 bits (or longer than buf, which truncated it) is
  ** an error, not a saturated or wrapped value that could make a loop
  ** look empty; up to 2^64 - 1 it is the two's complement bit pattern */
  if (errno == ERANGE || fe_tokat(b->p, t)->len >= sizeof buf ||
      (neg && u > (unsigned long long)INT64_MAX + 1)) {
    fe_error(b->p, t, "integer literal out of the 64-bit range");
    b->failed = true;
    return false;
  }
  if (*end)
    return false;
  *out = neg ? (int64_t)(0 - (uint64_t)u) : (int64_t)u;
  return true;
}

/* The op an op-name token names, in the custom (bare) or the generic
** (quoted) form. */
static fe_opcode classify(fe_b *b, uint32_t t) {
  if (K(b, t) != T_BARE && K(b, t) != T_STRING)
    return OP_UNKNOWN;
  for (int i = 0; i < OP_COUNT; i++)
    if (fe_is_op(b->p, t, optab[i].name))
      return (fe_opcode)i;
  uint32_t n;
  const char *s = fe_op_name(b->p, t, &n);
  if (n > 10 && memcmp(s, "hivm.hir.v", 10) == 0)
    return OP_VECTOR;
  return OP_UNKNOWN;
}

/* Is op in the generic form ("name"(operands) ... : (types) -> results)? */
static bool generic(fe_b *b, const fe_op *op) {
  return K(b, op->name) == T_STRING;
}

/* The op's name into buf (without the quotes of the generic form). */
static const char *op_text(fe_b *b, const fe_op *op, char *buf, size_t n) {
  uint32_t m;
  const char *s = fe_op_name(b->p, op->name, &m);
  snprintf(buf, n, "%.*s", (int)m, s);
  return buf;
}

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
static uint32_t parse_type(fe_b *b, uint32_t t, fe_type *ty) {
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
            } else if (tok_int(b, j, &v)) {
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
          else if (tok_int(b, j + 3, &v))
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
        (n == 5 && memcmp(s, "index", 5) == 0))
      ty->kind = 3;
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
      return parse_type(b, e + 1, &dummy);
    }
    return e;
  }
  return t + 1;
}

/* Operand group "(%a, %b : T1, T2)" or "(%a : T1, %b : T2)".  Fills
** up to max operand tokens and their types.  Returns count. */
typedef struct {
  uint32_t tok[32];
  fe_type ty[32];
  bool has_ty[32];
  uint32_t n;
} fe_operands;

static void parse_group(fe_b *b, uint32_t open, fe_operands *o) {
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
      uint32_t e = parse_type(b, i, &ty);
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
static uint32_t find_group(fe_b *b, fe_op *op, const char *kw) {
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
static uint32_t find_tok(fe_b *b, fe_op *op, fe_tok_kind kind,
                         uint32_t from) {
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
static uint32_t find_kv(fe_b *b, fe_op *op, const char *key) {
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
static bool result_type(fe_b *b, fe_op *op, fe_type *ty) {
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
  parse_type(b, t, ty);
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
static uint32_t gen_attr(fe_b *b, fe_op *op, const char *key) {
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

/* The operand tokens of a generic op, its types (from the function type
** after the op's last top-level ':'), and the operand count of each ODS
** operand group (operandSegmentSizes = array<i32: ...>, or the older
** operand_segment_sizes = dense<[...]>; nseg 0 when the op has none, i.e.
** one operand per group). */
typedef struct {
  uint32_t n, tok[64];
  fe_type ty[64];
  bool has_ty;
  uint32_t nseg, seg[16];
} fe_generic;

static void gen_read(fe_b *b, fe_op *op, fe_generic *g) {
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
      i = parse_type(b, i, &g->ty[n]);
      if (K(b, i) != T_COMMA)
        break;
      i++;
    }
    g->has_ty = true;
  }
  uint32_t v = gen_attr(b, op, "operandSegmentSizes");
  if (v == ~0u)
    v = gen_attr(b, op, "operand_segment_sizes");
  if (v != ~0u && K(b, v + 1) == T_LANGLE) {
    uint32_t c = fe_match(b->p, v + 1);
    for (uint32_t i = v + 2; i < c && g->nseg < 16; i++) {
      int64_t x;
      if (K(b, i) == T_INT && K(b, i - 1) != T_BARE && tok_int(b, i, &x))
        g->seg[g->nseg++] = x > 0 ? (uint32_t)x : 0;
    }
  }
}

/* Appends operands [first, first + n) of g to o. */
static void gen_take(const fe_generic *g, uint32_t first, uint32_t n,
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
static uint32_t gen_seg_start(const fe_generic *g, uint32_t k) {
  if (!g->nseg)
    return k;
  uint32_t s = 0;
  for (uint32_t i = 0; i < k && i < g->nseg; i++)
    s += g->seg[i];
  return s;
}

static uint32_t gen_seg_len(const fe_generic *g, uint32_t k) {
  return !g->nseg ? 1 : k < g->nseg ? g->seg[k] : 0;
}

/* A generic op ksv knows but cannot read in that form: a located error. */
static void gen_unsupported(fe_b *b, fe_op *op) {
  uint32_t n;
  const char *nm = fe_op_name(b->p, op->name, &n);
  fe_error(b->p, op->name, "unsupported: the generic form of '%.*s'; print "
           "the IR in its custom form (without -mlir-print-op-generic)",
           (int)n, nm);
  b->failed = true;
}

/* The symbol text of @name, @"name" or "name" (quotes and @ dropped). */
static const char *sym_text(fe_b *b, uint32_t t, uint32_t *n) {
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
static uint32_t call_callee(fe_b *b, uint32_t t) {
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

/* ------------------------------------------------------------- values */

static mdl_valref new_value(fe_b *b, uint32_t nametok, const fe_type *ty) {
  char buf[64];
  const char *nm = nametok != ~0u ? fe_text(b->p, nametok, buf, sizeof buf)
                                  : "tmp";
  if (nm[0] == '%')
    nm++;
  mdl_valref v = mdl_b_value(&b->bd, nm);
  if (ty) {
    mdl_value *mv = mdl_value_at(b->bd.f, v);
    mv->is_memref = ty->kind == 1;
    mv->is_tensor = ty->kind == 2;
    mv->space = ty->has_space ? ty->space : MDL_SPACE_LOCAL;
    mv->bytes = ty->bytes;
    mv->elem = ty->elem;
  }
  return v;
}

/* The model builder's statements located at token t. */
static mdl_stmt *emit(fe_b *b, mdl_stmt_kind kind, uint32_t t) {
  return mdl_b_stmt(&b->bd, kind, LOC(b, t));
}

static mdl_valref emit_const(fe_b *b, int64_t c, uint32_t t) {
  return mdl_b_const(&b->bd, c, LOC(b, t));
}

static mdl_valref emit_x(fe_b *b, mdl_xop op, mdl_valref a, mdl_valref c2,
                         uint32_t t) {
  return mdl_b_x(&b->bd, op, a, c2, LOC(b, t));
}

/* Binds every result name of op to fresh unknown values. */
static void bind_unknown_results(fe_b *b, fe_op *op, bool typed) {
  fe_type ty;
  bool has = typed && result_type(b, op, &ty);
  for (uint32_t r = 0; r < op->nres; r++) {
    uint32_t cnt = op->res[r].count;
    for (uint32_t j = 0; j < cnt; j++) {
      mdl_stmt *s = mdl_b_scalar(&b->bd, MDL_X_UNKNOWN,
                                 new_value(b, op->res[r].tok, has ? &ty : NULL),
                                 MDL_NOVAL, MDL_NOVAL, LOC(b, op->t0));
      if (cnt == 1)
        bind_tok(b, op->res[r].tok, s->def);
      char nm[80], base[64];
      snprintf(nm, sizeof nm, "%s#%u",
               fe_text(b->p, op->res[r].tok, base, sizeof base), j);
      char *d = mdl_strdup(b->bd.k->arena, nm, strlen(nm));
      bind(b, d, (uint32_t)strlen(d), s->def);
    }
  }
}

/* Binds result i (flattened over %a:2 groups) of op to v. */
static void bind_result(fe_b *b, fe_op *op, uint32_t i, mdl_valref v) {
  uint32_t base = 0;
  for (uint32_t r = 0; r < op->nres; r++) {
    uint32_t cnt = op->res[r].count;
    if (i < base + cnt) {
      if (cnt == 1)
        bind_tok(b, op->res[r].tok, v);
      char nm[80], nb[64];
      snprintf(nm, sizeof nm, "%s#%u",
               fe_text(b->p, op->res[r].tok, nb, sizeof nb), i - base);
      char *d = mdl_strdup(b->bd.k->arena, nm, strlen(nm));
      bind(b, d, (uint32_t)strlen(d), v);
      return;
    }
    base += cnt;
  }
}

static uint32_t nresults(fe_op *op) {
  uint32_t n = 0;
  for (uint32_t r = 0; r < op->nres; r++)
    n += op->res[r].count;
  return n;
}

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
    mdl_valref z = emit_const(b, 0, a->at);
    return emit_x(b, MDL_X_SUB, z, v, a->at);
  }
  int64_t c;
  if (tok_int(b, a->t, &c)) {
    a->t++;
    return emit_const(b, c, a->at);
  }
  if (K(b, a->t) == T_BARE) {
    for (uint32_t i = 0; i < a->ndims; i++)
      if (fe_is(b->p, a->t, "") == false) {
        uint32_t n1, n2;
        const char *s1 = tok_str(b, a->t, &n1), *s2 = tok_str(b, a->dimtok[i], &n2);
        if (n1 == n2 && memcmp(s1, s2, n1) == 0) {
          a->t++;
          return a->dims[i];
        }
      }
    for (uint32_t i = 0; i < a->nsyms; i++) {
      uint32_t n1, n2;
      const char *s1 = tok_str(b, a->t, &n1), *s2 = tok_str(b, a->symtok[i], &n2);
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
      mdl_valref t1 = emit_x(b, MDL_X_REMS, v, r, a->at);
      mdl_valref t2 = emit_x(b, MDL_X_ADD, t1, r, a->at);
      v = emit_x(b, MDL_X_REMS, t2, r, a->at);
    } else
      v = emit_x(b, op, v, r, a->at);
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
    v = emit_x(b, op, v, r, a->at);
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
  uint32_t u = K(b, maptok) == T_HASH ? maptok + 1 : fe_match(b->p, maptok + 1) + 1;
  uint32_t nd = 0, ns = 0;
  if (K(b, u) == T_LPAREN) {
    uint32_t c = fe_match(b->p, u);
    for (uint32_t j = u + 1; j < c; j++)
      if (K(b, j) == T_PERCENT && nd < 16)
        a.dims[nd++] = lookup(b, j);
    u = c + 1;
  }
  if (K(b, u) == T_LSQ) {
    uint32_t c = fe_match(b->p, u);
    for (uint32_t j = u + 1; j < c; j++)
      if (K(b, j) == T_PERCENT && ns < 16)
        a.syms[ns++] = lookup(b, j);
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
    result = result == MDL_NOVAL ? v : emit_x(b, combine, result, v, op->t0);
    st = en + 1;
  }
  return result;
}

/* ------------------------------------------------------------- builder */

static void build_block(fe_b *b, fe_blk *blk);
static void build_op(fe_b *b, fe_op *op);
static uint32_t build_cfg(fe_b *b, fe_region *r);

static mdl_valref *arena_vals(fe_b *b, uint32_t n) {
  return mdl_b_vals(&b->bd, n);
}

static void copy_value_info(fe_b *b, mdl_valref dst, mdl_valref src) {
  mdl_b_copy_info(&b->bd, dst, src);
}

/* ------------------------------------------------- value memory info */

/* The frontend's memory info of value v (grown on demand; never NULL
** for a valid v). */
static fe_vinfo *vinfo(fe_b *b, mdl_valref v) {
  while (b->vinfo.len <= v)
    mdl_vec_push(&b->vinfo, sizeof(fe_vinfo));
  return &MDL_VEC_AT(b->vinfo, fe_vinfo, v);
}

/* The value v aliases (itself when it starts a chain). */
static mdl_valref vroot(fe_b *b, mdl_valref v) {
  if (v == MDL_NOVAL)
    return MDL_NOVAL;
  const fe_vinfo *i = vinfo(b, v);
  return i->set ? i->root : v;
}

/* Is memory behind v?  Every memref (but a scalar slot); a tensor only
** when it names a memref's bytes (tensor.empty and tensor arguments are
** values, docs/semantics-decisions.md 34). */
static bool vmem(fe_b *b, mdl_valref v) {
  if (v == MDL_NOVAL)
    return false;
  const mdl_value *mv = mdl_value_at(b->bd.f, v);
  if (mv->is_memref)
    return !mv->slot;
  return vinfo(b, v)->mem;
}

/* dst aliases src (a view, a tensor of it, a loop-carried copy). */
static void valias(fe_b *b, mdl_valref dst, mdl_valref src) {
  if (dst == MDL_NOVAL || src == MDL_NOVAL)
    return;
  mdl_valref r = vroot(b, src);
  bool m = vmem(b, src);
  fe_vinfo *i = vinfo(b, dst);
  i->root = r;
  i->mem = m;
  i->set = true;
}

/* The static shape of type ty as a root (root: extents and element
** strides, from a strided layout or row-major, injective) or as the
** target of a reshape (extents only); NULL when it has none.  Arena
** memory. */
static const mdl_layout *type_layout(fe_b *b, const fe_type *ty, bool root) {
  if ((ty->kind != 1 && ty->kind != 2) || ty->nd < 1 ||
      ty->nd > MDL_VIEW_DIMS || (root && (ty->kind != 1 || ty->bytes < 0)))
    return NULL; /* (a root's size is static and below 2^50 bytes, so its
                    strides and spans cannot overflow) */
  return mdl_layout_new(b->bd.k, ty->nd, ty->dims,
                        ty->strided ? ty->strides : NULL, ty->elem, root);
}

/* The new shape of a reshape to type ty: its extents, or an empty shape
** (the layout is then lost, the box kept) when ty has none. */
static const mdl_layout *reshape_layout(fe_b *b, const fe_type *ty) {
  const mdl_layout *l = ty ? type_layout(b, ty, false) : NULL;
  if (!l)
    l = mdl_alloc(b->bd.k->arena, sizeof *l); /* nd 0 */
  return l;
}

/* Builds region r into dst with its entry block's arguments bound to
** args (extra block args get fresh values, returned in out_args when
** non-NULL).  Leaves the last terminator's values in b->term_*. */
static void build_region(fe_b *b, fe_region *r, mdl_block *dst,
                         const mdl_valref *args, uint32_t nargs,
                         mdl_valref *out_args, uint32_t max_out) {
  mdl_block *save = b->bd.blk;
  if (dst)
    b->bd.blk = dst;
  uint32_t mark = scope_mark(b);
  b->has_term = false;
  b->term_n = 0;
  b->term_cond = MDL_NOVAL;
  if (r && r->nblocks) {
    fe_blk *blk = &r->blocks[0];
    for (uint32_t i = 0; i < blk->nargs; i++) {
      mdl_valref v = i < nargs ? args[i] : new_value(b, blk->args[i], NULL);
      if (i >= nargs) {
        fe_type ty;
        parse_type(b, blk->argtype[i], &ty);
        mdl_value *mv = mdl_value_at(b->bd.f, v);
        mv->is_memref = ty.kind == 1;
        mv->space = ty.has_space ? ty.space : MDL_SPACE_LOCAL;
        mv->bytes = ty.bytes;
        mv->elem = ty.elem;
      }
      if (out_args && i < max_out)
        out_args[i] = v;
      bind_tok(b, blk->args[i], v);
    }
    if (r->nblocks > 1)
      build_cfg(b, r);
    else
      build_block(b, &r->blocks[0]);
  }
  scope_pop(b, mark);
  b->bd.blk = save;
}

static void record_term(fe_b *b, fe_op *op, bool condition) {
  uint32_t t = op->name + 1;
  b->has_term = true;
  b->term_n = 0;
  b->term_cond = MDL_NOVAL;
  if (condition && K(b, t) == T_LPAREN) {
    if (K(b, t + 1) == T_PERCENT)
      b->term_cond = lookup(b, t + 1);
    /* scf.condition(%c) %args; generic: "scf.condition"(%c, %args) */
    t = generic(b, op) ? t + 2 : fe_match(b->p, t) + 1;
  }
  for (uint32_t i = t; i < op->t1; i++) {
    if (K(b, i) == T_COLON)
      break;
    if (K(b, i) == T_PERCENT && b->term_n < 64)
      b->term_vals[b->term_n++] = lookup(b, i);
  }
}

static uint8_t op_core_attr(fe_b *b, fe_op *op, const char *key);

/* The attribute dictionary of a loop (after its region): the
** {hivm.parallel_loop} contract, and in a MIX function the core type
** hivm.loop_core_type gives its body (docs/semantics-decisions.md 30). */
static void loop_attrs(fe_b *b, fe_op *op, mdl_stmt *s) {
  for (uint32_t i = op->name + 1; i < op->t1; i++)
    if (!fe_in_region(op, i) && IS(b, i, "hivm.parallel_loop"))
      s->u.loop.parallel = true;
  uint8_t only = op_core_attr(b, op, "hivm.loop_core_type");
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
    gen_read(b, op, &g);
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
      h->inits[h->n++] = lookup(b, g.tok[j]);
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
  uint32_t ia = find_group(b, op, "iter_args");
  if (ia != ~0u) {
    uint32_t c = fe_match(b->p, ia);
    for (uint32_t j = ia + 1; j < c; j++)
      if (K(b, j) == T_PERCENT && K(b, j + 1) == T_EQ && h->n < 64) {
        h->names[h->n] = j;
        h->inits[h->n] = lookup(b, j + 2);
        h->n++;
        j += 2;
      }
  }
  return true;
}

static void build_for(fe_b *b, fe_op *op) {
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
  mdl_valref lb = lookup(b, h.lb), ub = lookup(b, h.ub);
  mdl_valref step = lookup(b, h.step);
  mdl_stmt *s = mdl_b_for(&b->bd, lb, ub, step, new_value(b, t, NULL), n,
                          LOC(b, op->t0));
  s->name = "scf.for";
  for (uint32_t j = 0; j < n; j++) {
    s->u.loop.iter_init[j] = inits[j];
    s->u.loop.iter_arg[j] = new_value(b, names[j], NULL);
    copy_value_info(b, s->u.loop.iter_arg[j], inits[j]);
    valias(b, s->u.loop.iter_arg[j], inits[j]);
  }
  loop_attrs(b, op, s);
  mdl_stmt *save_loop = b->loop;
  b->loop = s;
  /* the body block's arguments are the iv and iter_args by name */
  mdl_block *save = b->bd.blk;
  b->bd.blk = &s->u.loop.body;
  uint32_t mark = scope_mark(b);
  bind_tok(b, t, s->u.loop.iv);
  for (uint32_t j = 0; j < n; j++)
    bind_tok(b, names[j], s->u.loop.iter_arg[j]);
  b->has_term = false;
  b->term_n = 0;
  fe_region *r = op->regions[0];
  for (uint32_t j = 0; j < r->nblocks; j++)
    build_block(b, &r->blocks[j]);
  if (b->term_n != n && !(b->term_n == 0 && n == 0)) {
    fe_error(b->p, op->t0, "scf.for yields %u values but has %u iter_args",
             b->term_n, n);
    b->failed = true;
  }
  for (uint32_t j = 0; j < n && j < b->term_n; j++)
    s->u.loop.yield[j] = b->term_vals[j];
  scope_pop(b, mark);
  b->bd.blk = save;
  b->loop = save_loop;
  uint32_t nr = nresults(op);
  s->u.loop.nres = nr < n ? nr : n;
  s->u.loop.res = arena_vals(b, nr);
  for (uint32_t j = 0; j < nr; j++) {
    s->u.loop.res[j] = new_value(b, op->res[0].tok, NULL);
    if (j < n) {
      copy_value_info(b, s->u.loop.res[j], s->u.loop.iter_arg[j]);
      valias(b, s->u.loop.res[j], s->u.loop.iter_arg[j]);
    }
    bind_result(b, op, j, s->u.loop.res[j]);
  }
}

static void build_if(fe_b *b, fe_op *op) {
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
  uint32_t nr = nresults(op);
  mdl_stmt *s = mdl_b_if(&b->bd, lookup(b, t), nr, LOC(b, op->t0));
  s->name = "scf.if";
  build_region(b, op->regions[0], &s->u.cif.then_b, NULL, 0, NULL, 0);
  for (uint32_t j = 0; j < nr && j < b->term_n; j++)
    s->u.cif.then_y[j] = b->term_vals[j];
  if (nr && b->term_n != nr) {
    fe_error(b->p, op->t0, "scf.if then-branch yields %u values, expected %u",
             b->term_n, nr);
    b->failed = true;
  }
  if (op->nregions > 1) {
    build_region(b, op->regions[1], &s->u.cif.else_b, NULL, 0, NULL, 0);
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
    s->u.cif.res[j] = new_value(b, op->res[0].tok, NULL);
    copy_value_info(b, s->u.cif.res[j], s->u.cif.then_y[j]);
    valias(b, s->u.cif.res[j], s->u.cif.then_y[j]);
    if (vmem(b, s->u.cif.else_y[j]))
      vinfo(b, s->u.cif.res[j])->mem = true;
    bind_result(b, op, j, s->u.cif.res[j]);
  }
}

static void build_while(fe_b *b, fe_op *op) {
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
    gen_read(b, op, &g);
    const fe_blk *e = &op->regions[0]->blocks[0];
    for (uint32_t j = 0; j < g.n && j < 64; j++) {
      names[n] = j < e->nargs ? e->args[j] : g.tok[j];
      inits[n++] = lookup(b, g.tok[j]);
    }
  } else if (K(b, t) == T_LPAREN) {
    uint32_t c = fe_match(b->p, t);
    for (uint32_t j = t + 1; j < c; j++)
      if (K(b, j) == T_PERCENT && K(b, j + 1) == T_EQ && n < 64) {
        names[n] = j;
        inits[n] = lookup(b, j + 2);
        n++;
        j += 2;
      }
  }
  s->u.wh.ninit = n;
  s->u.wh.init = arena_vals(b, n);
  s->u.wh.before_args = arena_vals(b, n);
  for (uint32_t j = 0; j < n; j++) {
    s->u.wh.init[j] = inits[j];
    s->u.wh.before_args[j] = new_value(b, names[j], NULL);
    copy_value_info(b, s->u.wh.before_args[j], inits[j]);
  }
  mdl_stmt *save_loop = b->loop;
  b->loop = s;
  /* before region: args are named in the header (or by a block label) */
  uint32_t mark = scope_mark(b);
  for (uint32_t j = 0; j < n; j++)
    bind_tok(b, names[j], s->u.wh.before_args[j]);
  build_region(b, op->regions[0], &s->u.wh.before, s->u.wh.before_args, n,
               NULL, 0);
  scope_pop(b, mark);
  s->u.wh.cond = b->term_cond;
  uint32_t nc = b->term_n;
  s->u.wh.cond_args = arena_vals(b, nc);
  for (uint32_t j = 0; j < nc; j++)
    s->u.wh.cond_args[j] = b->term_vals[j];
  if (s->u.wh.cond == MDL_NOVAL) {
    fe_error(b->p, op->t0, "scf.while before-region must end in scf.condition");
    b->failed = true;
  }
  s->u.wh.after_args = arena_vals(b, nc);
  for (uint32_t j = 0; j < nc; j++)
    copy_value_info(b, MDL_NOVAL, MDL_NOVAL);
  build_region(b, op->regions[1], &s->u.wh.after, NULL, 0,
               s->u.wh.after_args, nc);
  s->u.wh.yield = arena_vals(b, n);
  for (uint32_t j = 0; j < n && j < b->term_n; j++)
    s->u.wh.yield[j] = b->term_vals[j];
  b->loop = save_loop;
  uint32_t nr = nresults(op);
  s->u.wh.nres = nr < nc ? nr : nc;
  s->u.wh.res = arena_vals(b, nr);
  for (uint32_t j = 0; j < nr; j++) {
    s->u.wh.res[j] = new_value(b, op->res[0].tok, NULL);
    if (j < nc)
      copy_value_info(b, s->u.wh.res[j], s->u.wh.cond_args[j]);
    bind_result(b, op, j, s->u.wh.res[j]);
  }
}

static void build_block(fe_b *b, fe_blk *blk) {
  for (fe_op *o = blk->first; o; o = o->next) {
    fe_opcode c = classify(b, o->name);
    build_op(b, o);
    if (c != OP_YIELD && c != OP_CONDITION && c != OP_SCOPE_RET &&
        c != OP_RETURN && c != OP_FRETURN) {
      /* only a block's own terminator counts (nested ones reset) */
      b->has_term = false;
      b->term_n = 0;
      b->term_cond = MDL_NOVAL;
    }
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
    fe_opcode c = classify(b, o->name);
    build_op(b, o);
    if (c != OP_YIELD && c != OP_CONDITION && c != OP_SCOPE_RET &&
        c != OP_RETURN && c != OP_FRETURN) {
      b->has_term = false;
      b->term_n = 0;
      b->term_cond = MDL_NOVAL;
    }
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
    v[i] = lookup(b, s->args[i]);
  if (s->blk == stop) {
    memcpy(yv, v, n * sizeof *v);
    return;
  }
  fe_blk *t = &x->r->blocks[s->blk];
  for (uint32_t i = 0; i < n && i < t->nargs; i++)
    bind_tok(b, t->args[i], v[i]);
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
  uint32_t mark = scope_mark(b);
  cfg_arm(b, x, succ, J, else_arm ? s->u.cif.else_y : s->u.cif.then_y);
  scope_pop(b, mark);
  b->bd.blk = save;
}

/* The cases k.. of cf.switch tm as a chain of ifs on `value == case`
** (the default last), joining at J; the chain's join values go to yv. */
static void cfg_switch(fe_b *b, cfgx *x, const fe_term *tm, uint32_t k,
                       uint32_t J, uint32_t nj, mdl_valref *yv) {
  if (k >= tm->nsucc) { /* succ[0] is the default */
    uint32_t mark = scope_mark(b);
    cfg_arm(b, x, &tm->succ[0], J, yv);
    scope_pop(b, mark);
    return;
  }
  uint32_t at = tm->op->t0;
  mdl_valref c = emit_const(b, tm->succ[k].value, at);
  mdl_stmt *cmp = mdl_b_scalar(&b->bd, MDL_X_CMP, new_value(b, ~0u, NULL),
                               lookup(b, tm->cond), c, LOC(b, at));
  cmp->u.x.cmp = MDL_CMP_EQ;
  mdl_stmt *s = cfg_if(b, x, cmp->def, at, nj);
  s->name = "cf.switch";
  cfg_if_arm(b, x, s, false, &tm->succ[k], J);
  mdl_block *save = b->bd.blk;
  b->bd.blk = &s->u.cif.else_b;
  uint32_t mark = scope_mark(b);
  cfg_switch(b, x, tm, k + 1, J, nj, s->u.cif.else_y);
  scope_pop(b, mark);
  b->bd.blk = save;
  if (J == x->g.n)
    s->u.cif.nres = nj = x->nexit < 64 ? x->nexit : 64;
  for (uint32_t j = 0; j < nj; j++) {
    s->u.cif.res[j] = new_value(b, ~0u, NULL);
    copy_value_info(b, s->u.cif.res[j], s->u.cif.then_y[j]);
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
        bind_tok(b, t->args[i], lookup(b, s->args[i]));
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
      mdl_stmt *s = cfg_if(b, x, lookup(b, tm->cond), tm->op->t0, nj);
      cfg_if_arm(b, x, s, false, &tm->succ[0], J);
      cfg_if_arm(b, x, s, true, &tm->succ[1], J);
      if (J == x->g.n)
        s->u.cif.nres = nj = x->nexit < 64 ? x->nexit : 64;
      for (uint32_t j = 0; j < nj; j++) {
        s->u.cif.res[j] = res[j] = new_value(b, ~0u, NULL);
        copy_value_info(b, res[j], s->u.cif.then_y[j]);
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
      bind_tok(b, jb->args[j], res[j]);
    blk = J;
  }
}

/* Builds multi-block region r at the current block (its entry block's
** arguments already bound), leaving the values the region returns or
** yields (selected by the path) in b->term_*.  Returns the number of
** paths that leave the region (its return sites); on a cycle or past
** FE_CFG_MAX_COPIES the kernel is not decided (k->limit_hit names the
** place). */
static uint32_t build_cfg(fe_b *b, fe_region *r) {
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

/* ---------------------------------------------------------- functions */

typedef struct {
  uint32_t sym;        /* @name token */
  uint32_t args_open;  /* '(' of the signature */
  int core;            /* -1 unknown, 0 AIC, 1 AIV, 2 MIX */
  bool part_of_mix, host, has_body;
} fe_fninfo;

static void fn_info(fe_b *b, fe_op *fn, fe_fninfo *fi) {
  memset(fi, 0, sizeof *fi);
  fi->core = -1;
  fi->sym = fi->args_open = ~0u;
  for (uint32_t i = fn->name + 1; i < fn->t1; i++) {
    if (fe_in_region(fn, i))
      continue;
    if (K(b, i) == T_AT && fi->sym == ~0u) {
      fi->sym = i;
      if (K(b, i + 1) == T_LPAREN)
        fi->args_open = i + 1;
    }
    if (IS(b, i, "#hivm.func_core_type") && K(b, i + 1) == T_LANGLE) {
      if (IS(b, i + 2, "AIC"))
        fi->core = 0;
      else if (IS(b, i + 2, "AIV"))
        fi->core = 1;
      else if (IS(b, i + 2, "MIX"))
        fi->core = 2;
    }
    if (IS(b, i, "hivm.part_of_mix"))
      fi->part_of_mix = true;
    if (IS(b, i, "#hacc.function_kind") && IS(b, i + 2, "HOST"))
      fi->host = true;
  }
  fi->has_body = fn->nregions > 0;
  if (generic(b, fn)) { /* <{sym_name = "f", function_type = ...}> */
    uint32_t v = gen_attr(b, fn, "sym_name");
    fi->sym = v != ~0u && K(b, v) == T_STRING ? v : ~0u;
    fi->args_open = ~0u;
    fi->has_body = fn->nregions > 0 && (fn->regions[0]->nblocks > 1 ||
                                        fn->regions[0]->blocks[0].first);
  }
}

/* Builds fn's body at the current block.  args (when non-NULL) bind the
** parameters (inlined call); otherwise kernel arguments are created. */
static void build_func_body(fe_b *b, fe_op *fn, const mdl_valref *args,
                            uint32_t nargs, mdl_valref *rets, uint32_t nrets) {
  fe_fninfo fi;
  fn_info(b, fn, &fi);
  uint32_t mark = scope_mark(b);
  uint32_t argno = 0;
  /* the parameters `%a: T` of the signature, or (generic form) of the
     entry block ^bb0(%a: T, ...) */
  uint32_t ptok[256], np = 0;
  if (fi.args_open != ~0u) {
    uint32_t c = fe_match(b->p, fi.args_open);
    for (uint32_t j = fi.args_open + 1; j < c && np < 256; j++) {
      if (K(b, j) == T_LBRACE || K(b, j) == T_LANGLE || K(b, j) == T_LSQ ||
          (K(b, j) == T_LPAREN)) {
        j = fe_match(b->p, j);
        continue;
      }
      if (K(b, j) == T_PERCENT && K(b, j + 1) == T_COLON)
        ptok[np++] = j;
    }
  } else if (generic(b, fn) && fn->nregions && fn->regions[0]->nblocks) {
    const fe_blk *e = &fn->regions[0]->blocks[0];
    for (uint32_t i = 0; i < e->nargs && np < 256; i++)
      ptok[np++] = e->args[i];
  }
  {
    for (uint32_t pi = 0; pi < np; pi++) {
      uint32_t j = ptok[pi];
      fe_type ty;
      parse_type(b, j + 2, &ty);
      mdl_valref v;
      if (args) {
        v = argno < nargs ? args[argno] : new_value(b, j, &ty);
      } else if (ty.kind == 1) {
        v = new_value(b, j, &ty);
        mdl_stmt *s = mdl_b_buf(&b->bd, MDL_B_ARG, v, "argument", LOC(b, j));
        mdl_value *mv = mdl_value_at(b->bd.f, v);
        if (!ty.has_space)
          mv->space = MDL_SPACE_GM;
        s->u.b.space = mv->space;
        s->u.b.argno = (int32_t)argno;
        s->u.b.size = ty.bytes;
        s->u.b.lay = type_layout(b, &ty, true);
      } else {
        v = new_value(b, j, &ty);
        mdl_stmt *s = mdl_b_scalar(&b->bd, MDL_X_ARG, v, MDL_NOVAL,
                                   MDL_NOVAL, LOC(b, j));
        s->u.x.k = argno;
        s->cores = 0x3;
      }
      bind_tok(b, j, v);
      argno++;
    }
  }
  if (!args)
    b->bd.f->nargs = argno;
  if (fn->nregions) {
    fe_region *r = fn->regions[0];
    b->has_term = false;
    b->term_n = 0;
    if (r->nblocks > 1) {
      build_cfg(b, r);
    } else {
      build_block(b, &r->blocks[0]);
    }
    for (uint32_t j = 0; j < nrets && j < b->term_n; j++)
      rets[j] = b->term_vals[j];
  }
  scope_pop(b, mark);
}

static fe_op *find_func(fe_b *b, uint32_t symtok) {
  uint32_t n;
  const char *s = sym_text(b, symtok, &n);
  for (uint32_t i = 0; i < b->nfuncs; i++) {
    fe_fninfo fi;
    fn_info(b, b->funcs[i], &fi);
    if (fi.sym == ~0u)
      continue;
    uint32_t m;
    const char *s2 = sym_text(b, fi.sym, &m);
    if (m == n && memcmp(s, s2, n) == 0)
      return b->funcs[i];
  }
  return NULL;
}

/* -------------------------------------------------------------- scalars */

static void build_scalar(fe_b *b, fe_op *op, fe_opcode code) {
  uint32_t t = op->name + 1;
  mdl_valref a = MDL_NOVAL, c2 = MDL_NOVAL, c3 = MDL_NOVAL;
  mdl_xop x = MDL_X_UNKNOWN;
  mdl_cmp cmp = MDL_CMP_EQ;
  int64_t kval = 0;
  fe_type rty;
  memset(&rty, 0, sizeof rty);
  bool has_rty = result_type(b, op, &rty);
  switch (code) {
  case OP_CONST: {
    int64_t v;
    if (generic(b, op)) /* "arith.constant"() <{value = 5 : i32}> */
      t = gen_attr(b, op, "value");
    else if (K(b, t) == T_LBRACE) /* arith.constant {attrs} 5 : i32 */
      t = fe_match(b->p, t) + 1;
    if (t == ~0u) {
      x = MDL_X_UNKNOWN;
    } else if (tok_int(b, t, &v)) {
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
      uint32_t pv = gen_attr(b, op, "predicate");
      if (pv != ~0u && tok_int(b, pv, &pi) && pi >= 0 && pi < 10) {
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
    parse_type(b, i + 1, &ty);
    mdl_valref idx = K(b, t + 2) == T_PERCENT ? lookup(b, t + 2) : MDL_NOVAL;
    (void)idx;
    x = MDL_X_UNKNOWN;
    break;
  }
  case OP_AFFINE_APPLY: case OP_AFFINE_MIN: case OP_AFFINE_MAX: {
    if (generic(b, op)) { /* <{map = ...}>: not read in that form */
      gen_unsupported(b, op);
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
      bind_unknown_results(b, op, true);
      return;
    }
    mdl_stmt *s = mdl_b_scalar(&b->bd, MDL_X_COPY,
                               new_value(b, op->nres ? op->res[0].tok : ~0u,
                                         NULL),
                               v, MDL_NOVAL, LOC(b, op->t0));
    if (op->nres)
      bind_result(b, op, 0, s->def);
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
        ops[n++] = lookup(b, i);
      else if (K(b, i) == T_LANGLE)
        i = fe_match(b->p, i);
    }
    uint32_t need = x == MDL_X_SELECT ? 3 : x == MDL_X_COPY ? 1 : 2;
    if (n < need) {
      char buf[48];
      fe_error(b->p, op->t0, "'%s' expects %u operands",
               op_text(b, op, buf, sizeof buf), need);
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
  mdl_stmt *s = emit(b, MDL_S_SCALAR, op->t0);
  s->def = new_value(b, op->nres ? op->res[0].tok : ~0u,
                     has_rty ? &rty : NULL);
  s->u.x.op = x;
  s->u.x.cmp = cmp;
  s->u.x.k = kval;
  s->u.x.a = a;
  s->u.x.b = c2;
  s->u.x.c = c3;
  if (x == MDL_X_SELECT)
    copy_value_info(b, s->def, c2);
  if (op->nres)
    bind_result(b, op, 0, s->def);
  for (uint32_t j = 1; j < nresults(op); j++)
    bind_result(b, op, j, new_value(b, op->res[0].tok, NULL));
}

/* -------------------------------------------------------------- buffers */

static mdl_valref operand_or_const(fe_b *b, uint32_t t, uint32_t at) {
  int64_t v;
  if (K(b, t) == T_PERCENT)
    return lookup(b, t);
  if (tok_int(b, t, &v))
    return emit_const(b, v, at);
  return MDL_NOVAL;
}

/* Reads a bracket list of static ints / SSA values: [0, %x, 16]. */
static uint32_t read_list(fe_b *b, uint32_t open, uint32_t *toks,
                          uint32_t max) {
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

static void set_memref_info(fe_b *b, mdl_valref v, const fe_type *ty,
                            mdl_space fallback) {
  mdl_b_memref_info(&b->bd, v, ty->has_space ? ty->space : fallback,
                    ty->bytes, ty->elem);
}

static const mdl_slice *read_slice(fe_b *b, fe_op *op, uint32_t t,
                                   const fe_type *rty);

/* The offsets of a generic memref.subview / reinterpret_cast, one token
** per dimension into offs (up to max): the entry of static_offsets =
** array<i64: ...>, or, for a dynamic entry (INT64_MIN), the next operand
** of the offsets group (ODS: source, offsets, sizes, strides).  Returns
** the number of dimensions, 0 when the op has no static_offsets. */
static uint32_t gen_list(fe_b *b, fe_op *op, const char *attr, uint32_t seg,
                         uint32_t *offs, uint32_t max);

static uint32_t gen_offsets(fe_b *b, fe_op *op, uint32_t *offs,
                            uint32_t max) {
  return gen_list(b, op, "static_offsets", 1, offs, max);
}

/* The entries of the static list attr (static_offsets, static_sizes,
** static_strides) of a generic op, a dynamic one (INT64_MIN) taken from
** ODS operand group seg in order, as gen_offsets. */
static uint32_t gen_list(fe_b *b, fe_op *op, const char *attr, uint32_t seg,
                         uint32_t *offs, uint32_t max) {
  uint32_t v = gen_attr(b, op, attr);
  if (v == ~0u || K(b, v + 1) != T_LANGLE)
    return 0;
  fe_generic g;
  gen_read(b, op, &g);
  uint32_t dyn = gen_seg_start(&g, seg), ndyn = gen_seg_len(&g, seg), n = 0;
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
    if (!tok_int(b, at, &x))
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

static void build_buffer(fe_b *b, fe_op *op, fe_opcode code) {
  uint32_t t = op->name + 1;
  bool gen = generic(b, op);
  if (gen && code != OP_POINTER_CAST) /* "memref.cast"(%src) : (...) -> T */
    t++;
  fe_type rty;
  memset(&rty, 0, sizeof rty);
  if (!result_type(b, op, &rty) || rty.kind != 1) {
    if (code == OP_ALLOC || code == OP_ALLOCA || code == OP_POINTER_CAST) {
      fe_error(b->p, op->t0, "expected a memref result type");
      b->failed = true;
      return;
    }
  }
  if (!op->nres) {
    fe_error(b->p, op->t0, "buffer op without a result");
    b->failed = true;
    return;
  }
  mdl_stmt *before = b->bd.blk->last;
  char nb[48];
  /* fe_text first: the order in which arguments are evaluated is
     unspecified, and strlen(nb) ran on the uninitialised buffer (valgrind) */
  op_text(b, op, nb, sizeof nb);
  mdl_stmt *s = mdl_b_buf(&b->bd, MDL_B_ARG /* set below */,
                          new_value(b, op->res[0].tok, NULL),
                          mdl_strdup(b->bd.k->arena, nb, strlen(nb)),
                          LOC(b, op->t0));
  s->u.b.size = rty.bytes;
  mdl_space fallback = MDL_SPACE_LOCAL;
  if (gen && code == OP_VIEW)
    code = OP_COUNT; /* "memref.view": the whole source */
  switch (code) {
  case OP_COUNT:
    if (K(b, t) != T_PERCENT) {
      fe_error(b->p, t, "expected the source memref");
      b->failed = true;
      return;
    }
    s->u.b.kind = MDL_B_WHOLE;
    s->u.b.src = lookup(b, t);
    break;
  case OP_POINTER_CAST: {
    if (K(b, t) != T_LPAREN) {
      fe_error(b->p, t, "expected '(' after hivm.hir.pointer_cast");
      b->failed = true;
      return;
    }
    uint32_t c = fe_match(b->p, t), n = 0;
    for (uint32_t i = t + 1; i < c; i++)
      if (K(b, i) == T_PERCENT)
        n++;
    if (!n) {
      fe_error(b->p, t, "hivm.hir.pointer_cast needs at least one address");
      b->failed = true;
      return;
    }
    s->u.b.kind = MDL_B_PTR;
    s->u.b.naddr = n;
    s->u.b.addrs = arena_vals(b, n);
    n = 0;
    for (uint32_t i = t + 1; i < c; i++)
      if (K(b, i) == T_PERCENT)
        s->u.b.addrs[n++] = lookup(b, i);
    s->u.b.loop = b->loop;
    s->u.b.lay = type_layout(b, &rty, true);
    break;
  }
  case OP_ALLOC:
  case OP_ALLOCA:
    s->u.b.kind = MDL_B_ALLOC;
    s->u.b.lay = type_layout(b, &rty, true);
    break;
  case OP_CAST: case OP_COLLAPSE: case OP_EXPAND: case OP_SPACE_CAST:
    if (K(b, t) != T_PERCENT) {
      fe_error(b->p, t, "expected the source memref");
      b->failed = true;
      return;
    }
    s->u.b.kind = MDL_B_VIEW;
    s->u.b.src = lookup(b, t);
    s->u.b.size = -2; /* same bytes as the source */
    if (code == OP_COLLAPSE || code == OP_EXPAND)
      s->u.b.lay = reshape_layout(b, &rty);
    break;
  case OP_VIEW: {
    /* memref.view %src[%shift][%sizes] : T to T */
    if (K(b, t) != T_PERCENT || K(b, t + 1) != T_LSQ) {
      fe_error(b->p, t, "expected 'memref.view %%src[%%shift][...]'");
      b->failed = true;
      return;
    }
    s->u.b.kind = MDL_B_VIEW;
    s->u.b.src = lookup(b, t);
    uint32_t l[2];
    if (read_list(b, t + 1, l, 1) >= 1)
      s->u.b.off = operand_or_const(b, l[0], op->t0);
    s->u.b.lay = type_layout(b, &rty, true);
    break;
  }
  case OP_REINTERPRET: {
    /* reinterpret_cast %src to offset: [X], sizes: [...], strides: [...] */
    if (K(b, t) != T_PERCENT) {
      fe_error(b->p, t, "expected the source memref");
      b->failed = true;
      return;
    }
    s->u.b.kind = MDL_B_VIEW;
    s->u.b.absolute = true;
    s->u.b.src = lookup(b, t);
    mdl_value *sv = s->u.b.src != MDL_NOVAL ? mdl_value_at(b->bd.f, s->u.b.src)
                                            : NULL;
    s->u.b.off_scale = rty.elem ? rty.elem : (sv && sv->elem ? sv->elem : 1);
    uint32_t go[1];
    if (gen && gen_offsets(b, op, go, 1) == 1) {
      s->u.b.off = operand_or_const(b, go[0], op->t0);
      if (s->u.b.off == MDL_NOVAL)
        s->u.b.kind = MDL_B_WHOLE;
    } else if (gen) {
      s->u.b.kind = MDL_B_WHOLE;
    }
    for (uint32_t i = t + 1; i < op->t1 && !gen; i++)
      if (IS(b, i, "offset") && K(b, i + 1) == T_COLON &&
          K(b, i + 2) == T_LSQ) {
        uint32_t l[1];
        if (read_list(b, i + 2, l, 1) >= 1)
          s->u.b.off = operand_or_const(b, l[0], op->t0);
        if (s->u.b.off == MDL_NOVAL)
          s->u.b.kind = MDL_B_WHOLE;
        break;
      }
    if (s->u.b.kind == MDL_B_VIEW)
      s->u.b.lay = type_layout(b, &rty, true);
    break;
  }
  case OP_SUBVIEW: {
    /* subview %src[offs] [sizes] [strides] : srcT to dstT */
    if (K(b, t) != T_PERCENT || (!gen && K(b, t + 1) != T_LSQ)) {
      fe_error(b->p, t, "expected 'memref.subview %%src[...] [...] [...]'");
      b->failed = true;
      return;
    }
    s->u.b.src = lookup(b, t);
    s->u.b.sl = read_slice(b, op, t + 1, &rty);
    uint32_t offs[8], n;
    fe_type sty;
    if (gen) { /* static_offsets and the dynamic offset operands */
      fe_generic g;
      gen_read(b, op, &g);
      n = gen_offsets(b, op, offs, 8);
      sty = g.ty[0];
    } else {
      n = read_list(b, t + 1, offs, 8);
      uint32_t i = fe_match(b->p, t + 1) + 1;
      while (i < op->t1 && K(b, i) != T_COLON)
        i++;
      parse_type(b, i + 1, &sty);
    }
    int64_t strides[8];
    bool ok = n <= 8 && sty.kind == 1 && (int)n == sty.nd;
    if (ok) {
      if (sty.strided) {
        for (uint32_t d = 0; d < n; d++) {
          strides[d] = sty.strides[d];
          if (strides[d] < 0)
            ok = false;
        }
      } else {
        int64_t st = 1;
        for (int d = (int)n - 1; d >= 0; d--) {
          strides[d] = st;
          if (sty.dims[d] < 0 && d > 0) {
            ok = false;
            break;
          }
          st *= sty.dims[d] > 0 ? sty.dims[d] : 1;
        }
      }
    }
    if (!ok) {
      s->u.b.kind = MDL_B_WHOLE;
      break;
    }
    s->u.b.kind = MDL_B_VIEW;
    s->u.b.off_scale = sty.elem ? sty.elem : 1;
    mdl_valref acc = MDL_NOVAL;
    for (uint32_t d = 0; d < n; d++) {
      int64_t v;
      if (K(b, offs[d]) != T_PERCENT && tok_int(b, offs[d], &v) && v == 0)
        continue;
      mdl_valref ov = operand_or_const(b, offs[d], op->t0);
      if (ov == MDL_NOVAL) {
        s->u.b.kind = MDL_B_WHOLE;
        break;
      }
      mdl_valref term = strides[d] == 1
                            ? ov
                            : emit_x(b, MDL_X_MUL, ov,
                                     emit_const(b, strides[d], op->t0),
                                     op->t0);
      acc = acc == MDL_NOVAL ? term : emit_x(b, MDL_X_ADD, acc, term, op->t0);
    }
    s->u.b.off = acc;
    break;
  }
  default:
    break;
  }
  if (s->u.b.kind == MDL_B_WHOLE)
    s->u.b.off = MDL_NOVAL;
  if (s->u.b.src != MDL_NOVAL) {
    mdl_value *sv = mdl_value_at(b->bd.f, s->u.b.src);
    fallback = sv->space;
    if (!sv->is_memref) {
      char nm[48];
      fe_error(b->p, t, "'%s' expects a memref operand, but '%s' is not one",
               op_text(b, op, nm, sizeof nm), mdl_value_at(b->bd.f, s->u.b.src)->name);
      b->failed = true;
      return;
    }
  } else if (code == OP_ALLOCA && !rty.has_space) {
    mdl_value_at(b->bd.f, s->def)->slot = true;
  }
  set_memref_info(b, s->def, &rty, fallback);
  s->u.b.space = mdl_value_at(b->bd.f, s->def)->space;
  valias(b, s->def, s->u.b.src);
  bind_result(b, op, 0, s->def);
  if (s->next) {
    /* the offset was computed by statements emitted after s: move s after
       them so the unroller evaluates the offset first */
    if (before)
      before->next = s->next;
    else
      b->bd.blk->first = s->next;
    b->bd.blk->last->next = s;
    s->next = NULL;
    b->bd.blk->last = s;
  }
}

/* ----------------------------------------------------- tensors and views */

/* Reads the [offsets] [sizes] [strides] of a slice whose offsets list
** opens at t (memref.subview, tensor.extract_slice) into an arena slice
** (static entries become constants); the result's rank and extents come
** from rty.  NULL when the lists cannot be read or the rank is past
** MDL_VIEW_DIMS. */
static const mdl_slice *read_slice(fe_b *b, fe_op *op, uint32_t t,
                                   const fe_type *rty) {
  uint32_t offs[MDL_VIEW_DIMS + 1], sizes[MDL_VIEW_DIMS + 1],
      steps[MDL_VIEW_DIMS + 1], n;
  if (generic(b, op)) {
    /* static_offsets / _sizes / _strides and the dynamic operands */
    n = gen_list(b, op, "static_offsets", 1, offs, MDL_VIEW_DIMS + 1);
    if (gen_list(b, op, "static_sizes", 2, sizes, MDL_VIEW_DIMS + 1) != n ||
        gen_list(b, op, "static_strides", 3, steps, MDL_VIEW_DIMS + 1) != n)
      return NULL;
  } else {
    if (K(b, t) != T_LSQ)
      return NULL;
    uint32_t so = fe_match(b->p, t);
    if (so == ~0u || K(b, so + 1) != T_LSQ)
      return NULL;
    uint32_t st = fe_match(b->p, so + 1);
    if (st == ~0u || K(b, st + 1) != T_LSQ)
      return NULL;
    n = read_list(b, t, offs, MDL_VIEW_DIMS + 1);
    if (read_list(b, so + 1, sizes, MDL_VIEW_DIMS + 1) != n ||
        read_list(b, st + 1, steps, MDL_VIEW_DIMS + 1) != n)
      return NULL;
  }
  if (n == 0 || n > MDL_VIEW_DIMS || rty->nd > MDL_VIEW_DIMS || rty->nd < 0)
    return NULL;
  mdl_slice *sl = mdl_alloc(b->bd.k->arena, sizeof *sl);
  sl->nd = (uint8_t)n;
  sl->rnd = (uint8_t)rty->nd;
  sl->elem = rty->elem ? rty->elem : 1;
  for (int d = 0; d < rty->nd; d++)
    sl->rext[d] = rty->dims[d];
  for (uint32_t d = 0; d < n; d++) {
    sl->off[d] = operand_or_const(b, offs[d], op->t0);
    sl->size[d] = operand_or_const(b, sizes[d], op->t0);
    int64_t v;
    sl->step[d] = K(b, steps[d]) != T_PERCENT && tok_int(b, steps[d], &v) &&
                          v > 0
                      ? v
                      : -1;
    if (sl->off[d] == MDL_NOVAL || sl->size[d] == MDL_NOVAL)
      return NULL;
  }
  return sl;
}

/* Emits the buffer statement of a result that names src's bytes (a
** tensor of a memref, a destination-style result, a reshape with the
** new shape lay, a cast).  Returns the new value. */
static mdl_valref emit_alias(fe_b *b, fe_op *op, uint32_t restok,
                             mdl_valref src, const fe_type *rty,
                             const mdl_layout *lay) {
  char nb[48];
  fe_text(b->p, op->name, nb, sizeof nb);
  mdl_stmt *s = mdl_b_buf(&b->bd, MDL_B_VIEW, new_value(b, restok, rty),
                          mdl_strdup(b->bd.k->arena, nb, strlen(nb)),
                          LOC(b, op->t0));
  s->u.b.src = src;
  s->u.b.size = -2; /* the same bytes as the source */
  s->u.b.lay = lay;
  mdl_value *dv = mdl_value_at(b->bd.f, s->def);
  const mdl_value *sv = mdl_value_at(b->bd.f, src);
  if (!rty) {
    dv->is_memref = sv->is_memref;
    dv->is_tensor = sv->is_tensor;
    dv->bytes = sv->bytes;
    dv->elem = sv->elem;
  }
  if (!rty || !rty->has_space)
    dv->space = sv->space;
  s->u.b.space = dv->space;
  valias(b, s->def, src);
  return s->def;
}

/* The first operand of op (after its name), looked up; MDL_NOVAL. */
static mdl_valref first_operand(fe_b *b, fe_op *op) {
  uint32_t t = op->name + 1;
  if (t >= op->t1 || K(b, t) != T_PERCENT) {
    char nb[48];
    fe_error(b->p, t < op->t1 ? t : op->name,
             "expected the source value of '%s'",
             fe_text(b->p, op->name, nb, sizeof nb));
    b->failed = true;
    return MDL_NOVAL;
  }
  return lookup(b, t);
}

/* %t = tensor.extract %src[%i] (read) / tensor.insert %v into %t[%i]
** (write; the result names %t): one element through a tensor that names
** memory is a scalar access on PIPE_S, as memref.load/store. */
static void build_elem(fe_b *b, fe_op *op, fe_opcode code) {
  uint32_t t = op->name + 1;
  if (code == OP_TINSERT) {
    if (K(b, t) != T_PERCENT || !IS(b, t + 1, "into")) {
      fe_error(b->p, t, "expected 'tensor.insert %%value into %%dest[...]'");
      b->failed = true;
      return;
    }
    t += 2;
  }
  if (K(b, t) != T_PERCENT || K(b, t + 1) != T_LSQ) {
    fe_error(b->p, t, "expected '%%tensor[indices]'");
    b->failed = true;
    return;
  }
  mdl_valref buf = lookup(b, t);
  if (buf == MDL_NOVAL)
    return;
  if (vmem(b, buf)) {
    mdl_value *bv = mdl_value_at(b->bd.f, buf);
    uint32_t idx[8], ni = read_list(b, t + 1, idx, 8);
    mdl_valref index = ni == 1 ? operand_or_const(b, idx[0], op->t0)
                       : ni == 0 ? emit_const(b, 0, op->t0)
                                 : MDL_NOVAL;
    mdl_b_scalar_access(&b->bd,
                        code == OP_TEXTRACT ? "tensor.extract"
                                            : "tensor.insert",
                        buf, code == OP_TEXTRACT ? MDL_ACC_READ
                                                 : MDL_ACC_WRITE,
                        index, bv->elem, LOC(b, op->t0));
  }
  if (code == OP_TEXTRACT || !op->nres)
    bind_unknown_results(b, op, true);
  else
    bind_result(b, op, 0, emit_alias(b, op, op->res[0].tok, buf, NULL, NULL));
}

/* memref_ext.alloc_workspace() from %ws offset = [%o] : from T to R: a
** view of bytes [o, o + size of R) of the workspace argument, no access,
** no pipe, no core; without `from`, a workspace of its own in GM. */
static void build_workspace(fe_b *b, fe_op *op) {
  fe_type rty;
  if (!result_type(b, op, &rty) || rty.kind != 1 || !op->nres) {
    fe_error(b->p, op->t0, "expected 'memref_ext.alloc_workspace() ... : "
                           "memref<...>' with a result");
    b->failed = true;
    return;
  }
  uint32_t from = ~0u, offl = ~0u;
  for (uint32_t i = op->name + 1; i + 1 < op->t1; i++) {
    if (fe_in_region(op, i))
      continue;
    if (from == ~0u && IS(b, i, "from") && K(b, i + 1) == T_PERCENT)
      from = i + 1;
    if (IS(b, i, "offset") && K(b, i + 1) == T_EQ && K(b, i + 2) == T_LSQ)
      offl = i + 2;
  }
  mdl_valref src = from != ~0u ? lookup(b, from) : MDL_NOVAL;
  mdl_valref off = MDL_NOVAL;
  if (offl != ~0u) {
    uint32_t l[2];
    if (read_list(b, offl, l, 2) == 1)
      off = operand_or_const(b, l[0], op->t0);
  }
  if (b->failed)
    return;
  mdl_stmt *s = mdl_b_buf(&b->bd, MDL_B_VIEW /* set below */,
                          new_value(b, op->res[0].tok, NULL),
                          "memref_ext.alloc_workspace", LOC(b, op->t0));
  s->u.b.src = src;
  s->u.b.off = off;
  s->u.b.size = rty.bytes;
  s->u.b.lay = type_layout(b, &rty, true);
  const mdl_value *sv = src != MDL_NOVAL ? mdl_value_at(b->bd.f, src) : NULL;
  s->u.b.off_scale = sv && sv->elem ? sv->elem : 1;
  if (src == MDL_NOVAL) {
    s->u.b.kind = MDL_B_ALLOC;
    set_memref_info(b, s->def, &rty, MDL_SPACE_GM);
  } else {
    /* an offset the IR does not give (or cannot be read): the whole
       workspace */
    s->u.b.kind = off != MDL_NOVAL || offl == ~0u ? MDL_B_VIEW : MDL_B_WHOLE;
    set_memref_info(b, s->def, &rty, sv->space);
    valias(b, s->def, src);
  }
  s->u.b.space = mdl_value_at(b->bd.f, s->def)->space;
  bind_result(b, op, 0, s->def);
}

/* Tensors name memory (SEMANTICS.md 1): to_tensor is its memref's bytes,
** slices and reshapes are views of their source, insert_slice names its
** destination; tensor.empty has no memory behind it. */
static void build_tensor(fe_b *b, fe_op *op, fe_opcode code) {
  if (!op->nres) {
    char nb[48];
    fe_error(b->p, op->t0, "'%s' without a result",
             fe_text(b->p, op->name, nb, sizeof nb));
    b->failed = true;
    return;
  }
  fe_type rty;
  memset(&rty, 0, sizeof rty);
  bool has_rty = result_type(b, op, &rty);
  switch (code) {
  case OP_TEMPTY:
    bind_unknown_results(b, op, true); /* a value: no memory behind it */
    return;
  case OP_TO_TENSOR: {
    mdl_valref src = first_operand(b, op);
    if (src == MDL_NOVAL)
      return;
    mdl_valref v = emit_alias(b, op, op->res[0].tok, src, NULL, NULL);
    mdl_value_at(b->bd.f, v)->is_tensor = true;
    mdl_value_at(b->bd.f, v)->is_memref = false;
    bind_result(b, op, 0, v);
    return;
  }
  case OP_TINSERT_SLICE: {
    /* %r = tensor.insert_slice %src into %dst[...]: %r is %dst */
    uint32_t t = op->name + 1;
    if (K(b, t) != T_PERCENT || !IS(b, t + 1, "into") ||
        K(b, t + 2) != T_PERCENT) {
      fe_error(b->p, t, "expected 'tensor.insert_slice %%src into %%dest[...]'");
      b->failed = true;
      return;
    }
    if (lookup(b, t) == MDL_NOVAL)
      return;
    mdl_valref dst = lookup(b, t + 2);
    if (dst == MDL_NOVAL)
      return;
    bind_result(b, op, 0, emit_alias(b, op, op->res[0].tok, dst, NULL, NULL));
    return;
  }
  case OP_TEXTRACT_SLICE: {
    mdl_valref src = first_operand(b, op);
    if (src == MDL_NOVAL)
      return;
    const mdl_slice *sl = has_rty ? read_slice(b, op, op->name + 2, &rty)
                                  : NULL;
    /* without readable lists: the source's bytes, which hold it */
    mdl_stmt *s = mdl_b_buf(&b->bd, sl ? MDL_B_SLICE : MDL_B_VIEW,
                            new_value(b, op->res[0].tok,
                                      has_rty ? &rty : NULL),
                            "tensor.extract_slice", LOC(b, op->t0));
    s->u.b.src = src;
    if (!sl)
      s->u.b.size = -2;
    s->u.b.sl = sl;
    mdl_value *dv = mdl_value_at(b->bd.f, s->def);
    dv->space = mdl_value_at(b->bd.f, src)->space;
    s->u.b.space = dv->space;
    valias(b, s->def, src);
    bind_result(b, op, 0, s->def);
    return;
  }
  default: {
    /* reshapes, casts and the memref of a tensor: src's bytes */
    mdl_valref src = first_operand(b, op);
    if (src == MDL_NOVAL)
      return;
    bool reshape = code == OP_TEXPAND || code == OP_TCOLLAPSE ||
                   code == OP_TRESHAPE;
    const mdl_layout *lay = reshape ? reshape_layout(b, has_rty ? &rty : NULL)
                                    : NULL;
    mdl_valref v = emit_alias(b, op, op->res[0].tok, src,
                              has_rty ? &rty : NULL, lay);
    bind_result(b, op, 0, v);
    return;
  }
  }
}

/* ----------------------------------------------------------------- sync */

/* Inner identifier of "<X>" or "#hivm.foo<X>" at t; ~0u if not that. */
static uint32_t angle_inner(fe_b *b, uint32_t t) {
  if (K(b, t) == T_HASH && K(b, t + 1) == T_LANGLE)
    return t + 2;
  if (K(b, t) == T_LANGLE)
    return t + 1;
  return ~0u;
}

static uint32_t item_end(fe_b *b, uint32_t t) {
  if (K(b, t) == T_HASH && K(b, t + 1) == T_LANGLE)
    return fe_match(b->p, t + 1) + 1;
  if (K(b, t) == T_LANGLE)
    return fe_match(b->p, t) + 1;
  return t + 1;
}

static bool parse_pipe(fe_b *b, uint32_t t, mdl_pipe *out) {
  uint32_t in = angle_inner(b, t);
  if (in == ~0u || K(b, in) != T_BARE) {
    char buf[32];
    fe_error(b->p, t, "expected a pipe such as <PIPE_V>, found '%s'",
             fe_text(b->p, t, buf, sizeof buf));
    b->failed = true;
    return false;
  }
  uint32_t n;
  const char *s = tok_str(b, in, &n);
  int p = mdl_pipe_parse(s, n);
  if (p < 0) {
    char buf[32];
    fe_error(b->p, in, "unknown pipe '%s'", fe_text(b->p, in, buf, sizeof buf));
    b->failed = true;
    return false;
  }
  *out = (mdl_pipe)p;
  return true;
}

/* event id: <EVENT_IDn>, #hivm.event<EVENT_IDn>, %v, or an integer */
static mdl_valref parse_event(fe_b *b, uint32_t t, uint32_t at) {
  if (K(b, t) == T_PERCENT)
    return lookup(b, t);
  int64_t v;
  if (tok_int(b, t, &v))
    return emit_const(b, v, at);
  uint32_t in = angle_inner(b, t);
  if (in != ~0u && K(b, in) == T_BARE) {
    uint32_t n;
    const char *s = tok_str(b, in, &n);
    if (n > 8 && memcmp(s, "EVENT_ID", 8) == 0) {
      char buf[24];
      size_t m = n - 8 < sizeof buf - 1 ? n - 8 : sizeof buf - 1;
      memcpy(buf, s + 8, m);
      buf[m] = 0;
      char *end;
      long id = strtol(buf, &end, 10);
      if (!*end && m)
        return emit_const(b, id, at);
    }
  }
  char buf[32];
  fe_error(b->p, t, "expected an event id such as <EVENT_ID0> or an SSA "
                    "value, found '%s'", fe_text(b->p, t, buf, sizeof buf));
  b->failed = true;
  return MDL_NOVAL;
}

/* A sync op in the generic form: its pipes, event / flag ids and modes are
** properties (set_pipe, wait_pipe, static_event_id; pipe; tcore_type,
** tpipe, pipe, static_flag_id, tsync_instr_mode; sync_block_mode,
** flag_id, tcube_pipe, tvector_pipe), a dynamic id its first operand. */
static void build_sync_generic(fe_b *b, fe_op *op, fe_opcode code) {
  fe_generic g;
  gen_read(b, op, &g);
  mdl_stmt *s = NULL;
  uint32_t n;
  const char *nm = fe_op_name(b->p, op->name, &n);
  switch (code) {
  case OP_SET_FLAG:
  case OP_WAIT_FLAG: {
    uint32_t sp = gen_attr(b, op, "set_pipe"), wp = gen_attr(b, op, "wait_pipe");
    uint32_t ev = gen_attr(b, op, "static_event_id");
    mdl_pipe src, dst;
    if (sp == ~0u || wp == ~0u || (ev == ~0u && !g.n)) {
      fe_error(b->p, op->name, "%.*s needs set_pipe, wait_pipe and an event "
               "id", (int)n, nm);
      b->failed = true;
      return;
    }
    if (!parse_pipe(b, sp, &src) || !parse_pipe(b, wp, &dst))
      return;
    mdl_valref id = parse_event(b, ev != ~0u ? ev : g.tok[0], op->t0);
    if (id == MDL_NOVAL)
      return;
    s = mdl_b_flag(&b->bd, code == OP_WAIT_FLAG, src, dst, id, LOC(b, op->t0));
    break;
  }
  case OP_PIPE_BARRIER: {
    uint32_t pv = gen_attr(b, op, "pipe");
    mdl_pipe p;
    if (pv == ~0u) {
      fe_error(b->p, op->name, "pipe_barrier needs its pipe");
      b->failed = true;
      return;
    }
    if (!parse_pipe(b, pv, &p))
      return;
    s = mdl_b_barrier(&b->bd, p, LOC(b, op->t0));
    break;
  }
  case OP_BSET:
  case OP_BWAIT: {
    uint32_t ct = gen_attr(b, op, "tcore_type"), tp = gen_attr(b, op, "tpipe");
    uint32_t pp = gen_attr(b, op, "pipe"), fl = gen_attr(b, op, "static_flag_id");
    uint32_t in = ct != ~0u ? angle_inner(b, ct) : ~0u;
    mdl_pipe sp, wp;
    if (in == ~0u || tp == ~0u || pp == ~0u ||
        (fl == ~0u && !gen_seg_len(&g, 0))) {
      fe_error(b->p, op->name, "%.*s needs tcore_type, tpipe, pipe and a "
               "flag", (int)n, nm);
      b->failed = true;
      return;
    }
    if (!parse_pipe(b, tp, &sp) || !parse_pipe(b, pp, &wp))
      return;
    mdl_valref flag = parse_event(b, fl != ~0u ? fl : g.tok[0], op->t0);
    if (flag == MDL_NOVAL)
      return;
    mdl_xmode mode = MDL_XMODE_INTRA_BLOCK;
    uint32_t mv = gen_attr(b, op, "tsync_instr_mode");
    uint32_t mi = mv != ~0u ? angle_inner(b, mv) : ~0u;
    if (mi != ~0u && IS(b, mi, "INTER_BLOCK_SYNCHRONIZATION"))
      mode = MDL_XMODE_INTER_BLOCK;
    else if (mi != ~0u && IS(b, mi, "INTER_SUBBLOCK_SYNCHRONIZATION"))
      mode = MDL_XMODE_INTER_SUBBLOCK;
    s = mdl_b_xflag(&b->bd, code == OP_BWAIT,
                    IS(b, in, "CUBE") ? MDL_CORE_AIC : MDL_CORE_AIV, sp, wp,
                    flag, mode, LOC(b, op->t0));
    break;
  }
  default: /* sync_block: its modes as the custom form spells them */
    gen_unsupported(b, op);
    return;
  }
  s->name = mdl_strdup(b->bd.k->arena, nm, n);
}

static void build_sync(fe_b *b, fe_op *op, fe_opcode code) {
  if (generic(b, op)) {
    build_sync_generic(b, op, code);
    return;
  }
  uint32_t lsq = find_tok(b, op, T_LSQ, 0);
  if (lsq == ~0u) {
    char buf[48];
    fe_error(b->p, op->t0, "expected '[' after %s",
             op_text(b, op, buf, sizeof buf));
    b->failed = true;
    return;
  }
  uint32_t close = fe_match(b->p, lsq);
  uint32_t items[8], n = 0;
  for (uint32_t i = lsq + 1; i < close;) {
    if (n < 8)
      items[n] = i;
    n++;
    i = item_end(b, i);
    while (i < close && K(b, i) != T_COMMA)
      i++;
    i++;
  }
  mdl_stmt *s;
  char nb[48];
  const char *opname = op_text(b, op, nb, sizeof nb);
  switch (code) {
  case OP_SET_FLAG:
  case OP_WAIT_FLAG: {
    if (n != 3) {
      fe_error(b->p, lsq, "%s expects [set_pipe, wait_pipe, event_id]",
               opname);
      b->failed = true;
      return;
    }
    mdl_pipe src, dst;
    if (!parse_pipe(b, items[0], &src) || !parse_pipe(b, items[1], &dst))
      return;
    mdl_valref id = parse_event(b, items[2], op->t0);
    if (id == MDL_NOVAL)
      return;
    s = mdl_b_flag(&b->bd, code == OP_WAIT_FLAG, src, dst, id, LOC(b, op->t0));
    break;
  }
  case OP_PIPE_BARRIER: {
    mdl_pipe p;
    if (n != 1) {
      fe_error(b->p, lsq, "pipe_barrier expects one pipe");
      b->failed = true;
      return;
    }
    if (!parse_pipe(b, items[0], &p))
      return;
    s = mdl_b_barrier(&b->bd, p, LOC(b, op->t0));
    break;
  }
  case OP_BSET:
  case OP_BWAIT: {
    if (n != 3) {
      fe_error(b->p, lsq, "%s expects [core_type, set_pipe, wait_pipe]",
               opname);
      b->failed = true;
      return;
    }
    uint32_t in = angle_inner(b, items[0]);
    mdl_core_type core;
    if (in != ~0u && IS(b, in, "CUBE"))
      core = MDL_CORE_AIC;
    else if (in != ~0u && IS(b, in, "VECTOR"))
      core = MDL_CORE_AIV;
    else {
      fe_error(b->p, items[0], "expected <CUBE> or <VECTOR>");
      b->failed = true;
      return;
    }
    mdl_pipe sp, wp;
    if (!parse_pipe(b, items[1], &sp) || !parse_pipe(b, items[2], &wp))
      return;
    uint32_t fv = find_kv(b, op, "flag");
    if (fv == ~0u) {
      fe_error(b->p, close, "%s needs 'flag = N'", opname);
      b->failed = true;
      return;
    }
    mdl_valref flag = parse_event(b, fv, op->t0);
    if (flag == MDL_NOVAL)
      return;
    mdl_xmode mode = MDL_XMODE_INTRA_BLOCK;
    uint32_t mv = find_kv(b, op, "sync_instr_mode");
    if (mv != ~0u) {
      uint32_t mi = angle_inner(b, mv);
      if (mi != ~0u && IS(b, mi, "INTER_BLOCK_SYNCHRONIZATION"))
        mode = MDL_XMODE_INTER_BLOCK;
      else if (mi != ~0u && IS(b, mi, "INTER_SUBBLOCK_SYNCHRONIZATION"))
        mode = MDL_XMODE_INTER_SUBBLOCK;
      else if (mi != ~0u && IS(b, mi, "INTRA_BLOCK_SYNCHRONIZATION"))
        mode = MDL_XMODE_INTRA_BLOCK;
      else {
        fe_error(b->p, mv, "unknown sync_instr_mode");
        b->failed = true;
        return;
      }
    }
    s = mdl_b_xflag(&b->bd, code == OP_BWAIT, core, sp, wp, flag, mode,
                    LOC(b, op->t0));
    break;
  }
  case OP_SYNC_BLOCK: {
    uint32_t in = n ? angle_inner(b, items[0]) : ~0u;
    if (in == ~0u) {
      fe_error(b->p, lsq, "sync_block expects [mode, flag]");
      b->failed = true;
      return;
    }
    static const char *modes[] = {"ALL_CUBE", "ALL_VECTOR", "ALL_SUB_VECTOR",
                                  "BARRIER_CUBE", "BARRIER_VECTOR", "ALL"};
    int mode = -1;
    for (int i = 0; i < 6; i++)
      if (IS(b, in, modes[i]))
        mode = i;
    if (mode < 0) {
      fe_error(b->p, in, "unknown sync_block mode");
      b->failed = true;
      return;
    }
    s = mdl_b_sync_block(&b->bd, mode, MDL_NOVAL, MDL_PIPE_ALL,
                         MDL_PIPE_ALL, LOC(b, op->t0));
    s->u.sb.flag = n > 1 ? parse_event(b, items[1], op->t0) : MDL_NOVAL;
    uint32_t cp = find_kv(b, op, "tcube_pipe"), vp = find_kv(b, op, "tvector_pipe");
    if (cp != ~0u)
      parse_pipe(b, cp, &s->u.sb.cube_pipe);
    if (vp != ~0u)
      parse_pipe(b, vp, &s->u.sb.vec_pipe);
    break;
  }
  default:
    return;
  }
  s->name = mdl_strdup(b->bd.k->arena, opname, strlen(opname));
}

/* ----------------------------------------------------------------- data */

/* Is operand i of group g memory: a memref, or a tensor (an access
** through it is an access to the bytes it names, if any)? */
static bool is_memref_operand(fe_b *b, const fe_operands *g, uint32_t i,
                              mdl_valref v) {
  if (g->has_ty[i])
    return g->ty[i].kind == 1 || (g->ty[i].kind == 2 &&
                                  (v == MDL_NOVAL ||
                                   !mdl_value_at(b->bd.f, v)->is_memref));
  return v != MDL_NOVAL && (mdl_value_at(b->bd.f, v)->is_memref ||
                            mdl_value_at(b->bd.f, v)->is_tensor);
}

static mdl_space operand_space(fe_b *b, mdl_valref v) {
  return v == MDL_NOVAL ? MDL_SPACE_LOCAL : mdl_value_at(b->bd.f, v)->space;
}

static void add_acc(mdl_acc_spec *acc, uint32_t *n, mdl_valref buf,
                    uint8_t mode) {
  acc[(*n)++] = mdl_acc(buf, mode);
}

/* --------------------------------------------------------- placement */

/* The core mask an attribute key = #hivm.tcore_type<X> of op names: 1
** CUBE, 2 VECTOR, 3 CUBE_OR_VECTOR; 0 without one. */
static uint8_t op_core_attr(fe_b *b, fe_op *op, const char *key) {
  for (uint32_t i = op->name + 1; i + 2 < op->t1; i++) {
    if (fe_in_region(op, i))
      continue;
    if (!IS(b, i, key) || K(b, i + 1) != T_EQ)
      continue;
    uint32_t in = angle_inner(b, i + 2);
    if (in == ~0u)
      return 0;
    if (IS(b, in, "CUBE"))
      return 0x1;
    if (IS(b, in, "VECTOR"))
      return 0x2;
    if (IS(b, in, "CUBE_OR_VECTOR"))
      return 0x3;
    return 0;
  }
  return 0;
}

/* Placement of a data op in a MIX function without an attribute, as
** AscendNPU-IR's getCoreType/inferCoreType: store VECTOR; nd2nz, the
** mmads and fixpipe CUBE; load by the space it writes (cbuf/ca/cb CUBE,
** ub VECTOR), else by the core of its users (fe_pend, decided when the
** function is built); every other op by its pipe. */
static void place_data(fe_b *b, mdl_stmt *s, fe_opcode code, mdl_space dst,
                       mdl_space src, mdl_valref out0) {
  switch (code) {
  case OP_STORE:
    s->cores = 0x2;
    return;
  case OP_ND2NZ: case OP_FIXPIPE: case OP_MMADL1: case OP_BATCHMMADL1:
  case OP_MMADMXL1:
    s->cores = 0x1;
    return;
  case OP_LOAD:
    if (dst == MDL_SPACE_L1 || dst == MDL_SPACE_L0A || dst == MDL_SPACE_L0B)
      s->cores = 0x1;
    else if (dst == MDL_SPACE_UB)
      s->cores = 0x2;
    else {
      s->cores = 0x3; /* until its users are known */
      fe_pend *p = mdl_vec_push(&b->pend, sizeof *p);
      p->s = s;
      p->root = vroot(b, out0);
    }
    return;
  default:
    break;
  }
  s->cores = mdl_cores_of_pipe(s->u.op.pipe, dst, src);
}

static fe_pend *pending_of(fe_b *b, const mdl_stmt *s) {
  for (uint32_t i = 0; i < b->pend.len; i++)
    if (MDL_VEC_AT(b->pend, fe_pend, i).s == s)
      return &MDL_VEC_AT(b->pend, fe_pend, i);
  return NULL;
}

/* A placed op s that reads what a pending load writes is one of its
** users: the load runs on s's core too. */
static void note_users(fe_b *b, const mdl_stmt *s) {
  if (!b->pend.len || (s->cores != 0x1 && s->cores != 0x2) ||
      pending_of(b, s))
    return;
  for (int part = 0; part < 2; part++) {
    const mdl_acc_spec *a = part ? s->u.op.acc2 : s->u.op.acc;
    uint32_t n = part ? s->u.op.nacc2 : s->u.op.nacc;
    for (uint32_t i = 0; i < n; i++) {
      if (!(a[i].mode & MDL_ACC_READ) || a[i].buf == MDL_NOVAL)
        continue;
      mdl_valref r = vroot(b, a[i].buf);
      for (uint32_t j = 0; j < b->pend.len; j++) {
        fe_pend *p = &MDL_VEC_AT(b->pend, fe_pend, j);
        if (p->root == r && p->s != s)
          p->users |= s->cores;
      }
    }
  }
}

/* After op was built into blk (its statements follow last): an explicit
** hivm.tcore_type places its ops and syncs (CUBE_OR_VECTOR: every core
** with their pipes), and placed ops make loads that feed them theirs. */
static void place_stmts(fe_b *b, fe_op *op, mdl_block *blk, mdl_stmt *last) {
  uint8_t want = op_core_attr(b, op, "hivm.tcore_type");
  for (mdl_stmt *s = last ? last->next : blk->first; s; s = s->next) {
    if (s->kind != MDL_S_OP && s->kind != MDL_S_SET &&
        s->kind != MDL_S_WAIT && s->kind != MDL_S_BARRIER)
      continue;
    while (b->placed.len <= s->id)
      mdl_vec_push(&b->placed, 1);
    uint8_t *pl = &MDL_VEC_AT(b->placed, uint8_t, s->id);
    if (want && !*pl) {
      s->cores = want == 0x3 ? mdl_stmt_pipe_cores(b->bd.k->prof, s) : want;
      *pl = 1;
      fe_pend *p = pending_of(b, s);
      if (p)
        p->s = NULL; /* placed by its attribute, not by its users */
    }
    if (s->kind == MDL_S_OP)
      note_users(b, s);
  }
}

/* At the end of a MIX function: every pending load runs on the cores of
** its users, or on every core when nothing placed reads it. */
static void place_pending(fe_b *b) {
  for (uint32_t i = 0; i < b->pend.len; i++) {
    fe_pend *p = &MDL_VEC_AT(b->pend, fe_pend, i);
    if (p->s)
      p->s->cores = p->users ? p->users : 0x3;
  }
  b->pend.len = 0;
}

/* The ins, outs and sync_related_args of a data op in the generic form,
** by its ODS operand groups: mmadL1 / batchMmadL1 (a, b, init, m, k, n,
** c, sync_related_args, unit_flag_cond, per_channel_bias); every other
** data op (src, dst, then extra operands such as temp_buffer, read and
** written).  Returns false after a located error. */
static bool gen_ins_outs(fe_b *b, fe_op *op, fe_opcode code, fe_operands *ins,
                         fe_operands *outs, fe_operands *sync) {
  fe_generic g;
  gen_read(b, op, &g);
  if (code == OP_MMADL1 || code == OP_BATCHMMADL1) {
    if (g.nseg < 7) {
      gen_unsupported(b, op);
      return false;
    }
    gen_take(&g, gen_seg_start(&g, 0), gen_seg_len(&g, 0), ins);
    gen_take(&g, gen_seg_start(&g, 1), gen_seg_len(&g, 1), ins);
    gen_take(&g, gen_seg_start(&g, 9), gen_seg_len(&g, 9), ins);
    gen_take(&g, gen_seg_start(&g, 6), gen_seg_len(&g, 6), outs);
    gen_take(&g, gen_seg_start(&g, 7), gen_seg_len(&g, 7), sync);
    return true;
  }
  if (code == OP_MMADMXL1 || code == OP_MLOAD || code == OP_MSTORE) {
    gen_unsupported(b, op); /* operand layout not documented / scalar */
    return false;
  }
  uint32_t si = gen_seg_start(&g, 0), sn = gen_seg_len(&g, 0);
  uint32_t di = gen_seg_start(&g, 1), dn = gen_seg_len(&g, 1);
  gen_take(&g, si, sn, ins);
  gen_take(&g, di, dn, outs);
  for (uint32_t i = di + dn; i < g.n; i++) { /* temp_buffer, ...: RW */
    gen_take(&g, i, 1, ins);
    gen_take(&g, i, 1, outs);
  }
  return true;
}

static void build_data(fe_b *b, fe_op *op, fe_opcode code) {
  mdl_acc_spec acc[70], acc2[8];
  uint32_t na = 0, na2 = 0;
  mdl_pipe pipe = code == OP_VECTOR ? MDL_PIPE_V : (mdl_pipe)optab[code].pipe;
  mdl_pipe pipe2 = MDL_PIPE_NONE;
  mdl_space src_sp = MDL_SPACE_LOCAL, dst_sp = MDL_SPACE_LOCAL;
  char nb[64];
  const char *opname = op_text(b, op, nb, sizeof nb);
  if (code == OP_MLOAD || code == OP_MSTORE) {
    /* memref.load %buf[%i] : T ; memref.store %v, %buf[%i] : T */
    uint32_t t = op->name + 1;
    if (generic(b, op)) {
      gen_unsupported(b, op);
      return;
    }
    if (code == OP_MSTORE) {
      if (K(b, t) != T_PERCENT || K(b, t + 1) != T_COMMA) {
        fe_error(b->p, t, "expected 'memref.store %%value, %%memref[...]'");
        b->failed = true;
        return;
      }
      t += 2;
    }
    if (K(b, t) != T_PERCENT || K(b, t + 1) != T_LSQ) {
      fe_error(b->p, t, "expected '%%memref[indices]'");
      b->failed = true;
      return;
    }
    mdl_valref buf = lookup(b, t);
    if (buf == MDL_NOVAL)
      return;
    mdl_value *bv = mdl_value_at(b->bd.f, buf);
    uint32_t idx[8], ni = read_list(b, t + 1, idx, 8);
    mdl_valref index = ni == 1 ? operand_or_const(b, idx[0], op->t0)
                               : ni == 0 ? emit_const(b, 0, op->t0)
                                         : MDL_NOVAL;
    if (bv->slot) {
      if (code == OP_MSTORE) {
        mdl_stmt *s = emit(b, MDL_S_SSTORE, op->t0);
        s->u.sst.slot = buf;
        s->u.sst.index = index;
        s->u.sst.val = lookup(b, op->name + 1);
      } else {
        mdl_stmt *s = mdl_b_scalar(
            &b->bd, MDL_X_SLOAD,
            new_value(b, op->nres ? op->res[0].tok : ~0u, NULL), buf, index,
            LOC(b, op->t0));
        if (op->nres)
          bind_result(b, op, 0, s->def);
      }
      return;
    }
    mdl_stmt *s = mdl_b_scalar_access(
        &b->bd, code == OP_MLOAD ? "memref.load" : "memref.store", buf,
        code == OP_MLOAD ? MDL_ACC_READ : MDL_ACC_WRITE, index, bv->elem,
        LOC(b, op->t0));
    if (b->bd.mix_single)
      s->cores = mdl_cores_of_space(bv->space);
    if (op->nres)
      bind_unknown_results(b, op, false);
    return;
  }
  fe_operands ins, outs, gsync;
  memset(&ins, 0, sizeof ins);
  memset(&outs, 0, sizeof outs);
  memset(&gsync, 0, sizeof gsync);
  bool have_gsync = false;
  if (generic(b, op)) {
    if (!gen_ins_outs(b, op, code, &ins, &outs, &gsync))
      return;
    have_gsync = gsync.n > 0;
  } else {
    uint32_t gi = find_group(b, op, "ins"), go = find_group(b, op, "outs");
    if (go == ~0u && code != OP_VECTOR) {
      fe_error(b->p, op->t0, "%s expects 'ins(...) outs(...)'", opname);
      b->failed = true;
      return;
    }
    if (gi != ~0u)
      parse_group(b, gi, &ins);
    if (go != ~0u)
      parse_group(b, go, &outs);
  }
  bool macro = code == OP_MMADL1 || code == OP_BATCHMMADL1 ||
               code == OP_MMADMXL1;
  for (uint32_t i = 0; i < ins.n; i++) {
    mdl_valref v = lookup(b, ins.tok[i]);
    if (v == MDL_NOVAL)
      return;
    if (!is_memref_operand(b, &ins, i, v))
      continue;
    if (i == 0 || src_sp == MDL_SPACE_LOCAL)
      src_sp = operand_space(b, v);
    add_acc(acc, &na, v, MDL_ACC_READ);
  }
  mdl_valref outv[32];
  for (uint32_t i = 0; i < outs.n; i++) {
    mdl_valref v = lookup(b, outs.tok[i]);
    if (v == MDL_NOVAL)
      return;
    outv[i] = is_memref_operand(b, &outs, i, v) ? v : MDL_NOVAL;
    if (!is_memref_operand(b, &outs, i, v))
      continue;
    if (i == 0)
      dst_sp = operand_space(b, v);
    if (macro)
      add_acc(acc2, &na2, v, MDL_ACC_WRITE);
    else
      add_acc(acc, &na, v, MDL_ACC_WRITE);
  }
  if (code == OP_VECTOR &&
      (dst_sp == MDL_SPACE_L1 || dst_sp == MDL_SPACE_L0A ||
       dst_sp == MDL_SPACE_L0B)) {
    /* a vector op filling cube-side memory (vbrc into cbuf) is the cube's
       constant initialisation, executed by MTE2 */
    pipe = MDL_PIPE_MTE2;
  }
  if (code == OP_COPY) /* (src, dst) space -> pipe */
    pipe = mdl_copy_pipe(src_sp, dst_sp);
  mdl_valref half = MDL_NOVAL;
  mdl_valref *sargs = NULL;
  uint32_t nsargs = 0;
  uint32_t sg = find_group(b, op, "sync_related_args");
  if (sg != ~0u || have_gsync) {
    fe_operands g = gsync;
    if (sg != ~0u)
      parse_group(b, sg, &g);
    nsargs = g.n;
    sargs = arena_vals(b, nsargs);
    for (uint32_t i = 0; i < g.n; i++)
      sargs[i] = lookup(b, g.tok[i]);
    if ((code == OP_MMADL1 || code == OP_BATCHMMADL1) && nsargs >= 5)
      half = sargs[4];
  }
  if (macro) {
    /* MTE1 part: L1 -> L0A/L0B ; M part: L0A/L0B -> L0C */
    pipe = MDL_PIPE_MTE1;
    pipe2 = MDL_PIPE_M;
    mdl_acc_macro_l0(acc, &na, acc2, &na2, half);
  }
  mdl_stmt *s = mdl_b_op(&b->bd, mdl_strdup(b->bd.k->arena, opname,
                                            strlen(opname)),
                         pipe, acc, na, pipe2, acc2, na2, LOC(b, op->t0));
  s->u.op.sync_args = sargs;
  s->u.op.nsync = nsargs;
  s->u.op.mmad_lib = code == OP_MMADMXL1 ? 2
                     : code == OP_MMADL1 || code == OP_BATCHMMADL1 ? 1 : 0;
  /* unit flag: `unit_flag[<ENABLED...>]` or unit_flag_mode(...) */
  for (uint32_t i = op->name + 1; i < op->t1; i++) {
    if ((IS(b, i, "unit_flag") || IS(b, i, "unit_flag_mode")) &&
        !fe_in_region(op, i)) {
      for (uint32_t j = i + 1; j < op->t1 && j < i + 8; j++)
        if (K(b, j) == T_BARE) {
          uint32_t n;
          const char *s2 = tok_str(b, j, &n);
          if (n >= 7 && memcmp(s2, "ENABLED", 7) == 0)
            s->u.op.unit_flag = 1;
        }
    }
  }
  if (b->bd.mix_single)
    place_data(b, s, code, dst_sp, src_sp, outs.n ? outv[0] : MDL_NOVAL);
  /* results: destination style, result j names the bytes of init j */
  for (uint32_t j = 0; j < nresults(op); j++) {
    mdl_valref init = j < outs.n && j < 32 ? outv[j] : MDL_NOVAL;
    if (init != MDL_NOVAL && !mdl_value_at(b->bd.f, init)->is_memref)
      bind_result(b, op, j, emit_alias(b, op, op->res[0].tok, init, NULL,
                                       NULL));
    else
      bind_result(b, op, j, new_value(b, op->res[0].tok, NULL));
  }
}

/* ------------------------------------------------------------- unknown */

static void build_unknown(fe_b *b, fe_op *op) {
  mdl_acc_spec acc[64];
  uint32_t na = 0;
  mdl_valref first_mem = MDL_NOVAL;
  for (uint32_t i = op->name + 1; i < op->t1; i++) {
    if (fe_in_region(op, i))
      continue;
    if (K(b, i) != T_PERCENT)
      continue;
    if (K(b, i + 1) == T_EQ) /* iter-arg style binding inside unknown op */
      continue;
    mdl_valref v = lookup(b, i);
    if (v == MDL_NOVAL)
      return;
    mdl_value *mv = mdl_value_at(b->bd.f, v);
    if (mv->is_memref && !mv->slot && na < 64) {
      add_acc(acc, &na, v, MDL_ACC_READ | MDL_ACC_WRITE);
      if (first_mem == MDL_NOVAL)
        first_mem = v;
    }
  }
  char nb[64];
  const char *opname = op_text(b, op, nb, sizeof nb);
  if (na) {
    fe_warn(b->p, op->t0, MDL_RULE_UNSUPPORTED,
            "unknown op '%s' touches memory: modelled as an opaque scalar "
            "op that reads and writes all its memref operands",
            opname);
    mdl_stmt *s = mdl_b_op(&b->bd, mdl_strdup(b->bd.k->arena, opname,
                                              strlen(opname)),
                           MDL_PIPE_S, acc, na, MDL_PIPE_NONE, NULL, 0,
                           LOC(b, op->t0));
    s->u.op.opaque = true;
  }
  if (op->nregions) {
    fe_warn(b->p, op->t0, MDL_RULE_UNSUPPORTED,
            "unknown op '%s' has regions: they are modelled as executed "
            "once, in order", opname);
    for (uint32_t r = 0; r < op->nregions; r++) {
      uint32_t mark = scope_mark(b);
      build_region(b, op->regions[r], NULL, NULL, 0, NULL, 0);
      scope_pop(b, mark);
    }
  }
  /* results: memref results alias the first memref operand, or are new */
  fe_type rty;
  bool has = result_type(b, op, &rty);
  for (uint32_t j = 0; j < nresults(op); j++) {
    if (has && rty.kind == 1) {
      mdl_stmt *s = mdl_b_buf(&b->bd,
                              first_mem != MDL_NOVAL ? MDL_B_WHOLE
                                                     : MDL_B_ALLOC,
                              new_value(b, op->res[0].tok, NULL),
                              "opaque result", LOC(b, op->t0));
      s->u.b.src = first_mem;
      s->u.b.size = rty.bytes;
      set_memref_info(b, s->def, &rty,
                      first_mem != MDL_NOVAL
                          ? mdl_value_at(b->bd.f, first_mem)->space
                          : MDL_SPACE_LOCAL);
      s->u.b.space = mdl_value_at(b->bd.f, s->def)->space;
      bind_result(b, op, j, s->def);
    } else {
      mdl_stmt *s = mdl_b_scalar(&b->bd, MDL_X_UNKNOWN,
                                 new_value(b, op->res[0].tok,
                                           has ? &rty : NULL),
                                 MDL_NOVAL, MDL_NOVAL, LOC(b, op->t0));
      bind_result(b, op, j, s->def);
    }
  }
}

static void build_op_meaning(fe_b *b, fe_op *op);

/* Builds op; in a MIX function then places what it emitted. */
static void build_op(fe_b *b, fe_op *op) {
  mdl_block *blk = b->bd.blk;
  mdl_stmt *last = blk->last;
  build_op_meaning(b, op);
  if (b->bd.mix_single && blk == b->bd.blk)
    place_stmts(b, op, blk, last);
}

static void build_op_meaning(fe_b *b, fe_op *op) {
  fe_opcode code = classify(b, op->name);
  switch (code) {
  case OP_FOR: build_for(b, op); return;
  case OP_IF: build_if(b, op); return;
  case OP_WHILE: build_while(b, op); return;
  case OP_YIELD: case OP_SCOPE_RET: case OP_RETURN: case OP_FRETURN:
    record_term(b, op, false);
    return;
  case OP_CONDITION:
    record_term(b, op, true);
    return;
  case OP_SCOPE: case OP_EXEC_REGION: { /* a region run once, in place */
    mdl_valref rets[64];
    uint32_t nr = 0;
    if (op->nregions) {
      build_region(b, op->regions[0], NULL, NULL, 0, NULL, 0);
      nr = b->term_n < 64 ? b->term_n : 64;
      memcpy(rets, b->term_vals, nr * sizeof *rets);
    }
    for (uint32_t j = 0; j < nresults(op); j++)
      bind_result(b, op, j,
                  j < nr ? rets[j] : new_value(b, op->res[0].tok, NULL));
    return;
  }
  case OP_CALL:
  case OP_CALL2: {
    uint32_t t = op->name + 1, ct = call_callee(b, op->name);
    fe_op *callee = ct != ~0u ? find_func(b, ct) : NULL;
    if (!callee || callee->nregions == 0) {
      fe_warn(b->p, op->t0, MDL_RULE_UNSUPPORTED,
              "call to a function not defined in this input");
      build_unknown(b, op);
      return;
    }
    if (b->call_depth >= 16) {
      fe_error(b->p, op->t0, "calls nested deeper than 16 (recursion?)");
      b->failed = true;
      return;
    }
    mdl_valref args[64];
    uint32_t na = 0;
    uint32_t ao = generic(b, op) ? t : t + 1; /* "func.call"(%a) / @f(%a) */
    if (K(b, ao) == T_LPAREN) {
      uint32_t c = fe_match(b->p, ao);
      for (uint32_t j = ao + 1; j < c; j++)
        if (K(b, j) == T_PERCENT && na < 64)
          args[na++] = lookup(b, j);
    }
    mdl_valref rets[64];
    uint32_t nr = nresults(op) < 64 ? nresults(op) : 64;
    for (uint32_t j = 0; j < nr; j++)
      rets[j] = MDL_NOVAL;
    b->call_depth++;
    build_func_body(b, callee, args, na, rets, nr);
    b->call_depth--;
    for (uint32_t j = 0; j < nr; j++)
      bind_result(b, op, j,
                  rets[j] != MDL_NOVAL ? rets[j]
                                       : new_value(b, op->res[0].tok, NULL));
    return;
  }
  case OP_SET_FLAG: case OP_WAIT_FLAG: case OP_PIPE_BARRIER: case OP_BSET:
  case OP_BWAIT: case OP_SYNC_BLOCK:
    build_sync(b, op, code);
    return;
  case OP_LOAD: case OP_STORE: case OP_ND2NZ: case OP_NZ2ND:
  case OP_FIXPIPE: case OP_COPY: case OP_L12UB: case OP_LOAD_SCALE:
  case OP_MMADL1: case OP_BATCHMMADL1: case OP_MMADMXL1: case OP_VECTOR:
  case OP_INDIRECT_LOAD: case OP_INDIRECT_STORE: case OP_MLOAD:
  case OP_MSTORE:
    build_data(b, op, code);
    return;
  case OP_POINTER_CAST: case OP_ALLOC: case OP_ALLOCA: case OP_SUBVIEW:
  case OP_CAST: case OP_COLLAPSE: case OP_EXPAND: case OP_REINTERPRET:
  case OP_VIEW: case OP_SPACE_CAST:
    build_buffer(b, op, code);
    return;
  case OP_MARK: case OP_ANCHOR: case OP_MASK_NORM: case OP_FFTS:
  case OP_SET_CTRL: case OP_DEALLOC: case OP_INIT_DEBUG:
  case OP_FINISH_DEBUG: case OP_DEBUG: case OP_DEP_MARK:
    bind_unknown_results(b, op, false);
    return;
  case OP_TO_TENSOR: case OP_TO_MEMREF: case OP_TO_BUFFER: case OP_TEMPTY:
  case OP_TEXTRACT_SLICE: case OP_TINSERT_SLICE: case OP_TEXPAND:
  case OP_TCOLLAPSE: case OP_TRESHAPE: case OP_TCAST:
    build_tensor(b, op, code);
    return;
  case OP_TEXTRACT: case OP_TINSERT:
    build_elem(b, op, code);
    return;
  case OP_ALLOC_WS:
    build_workspace(b, op);
    return;
  case OP_MODULE: case OP_BMODULE: case OP_FUNC:
    return;
  case OP_MCOPY: case OP_UNKNOWN: case OP_COUNT:
    build_unknown(b, op);
    return;
  default:
    build_scalar(b, op, code);
    return;
  }
}

/* --------------------------------------------------------------- chunks */

/* Appends the functions of blk (and of the modules in it, recursively)
** to out, and the modules to mods. */
static void collect_funcs(fe_b *b, fe_blk *blk, mdl_vec *out, mdl_vec *mods) {
  for (fe_op *o = blk->first; o; o = o->next) {
    fe_opcode c = classify(b, o->name);
    if (c == OP_FUNC) {
      fe_op **slot = mdl_vec_push(out, sizeof(fe_op *));
      *slot = o;
    } else if (c == OP_MODULE || c == OP_BMODULE) {
      *(fe_op **)mdl_vec_push(mods, sizeof(fe_op *)) = o;
      for (uint32_t r = 0; r < o->nregions; r++)
        for (uint32_t j = 0; j < o->regions[r]->nblocks; j++)
          collect_funcs(b, &o->regions[r]->blocks[j], out, mods);
    }
  }
}

/* ------------------------------------------------------------- targets */

/* The device module m names: `hacc.target = #hacc.target<"NAME">` among
** its attributes, else `#dlti.dl_entry<"ARCH", "dav-...">` of its target
** spec.  Returns 0 (a2), 1 (a5), -1 none, -2 a name ksv does not know;
** *at is the token of the name. */
static int module_target(fe_b *b, fe_op *m, uint32_t *at) {
  int spec = -1;
  uint32_t spec_at = ~0u;
  for (uint32_t i = m->name + 1; i + 2 < m->t1; i++) {
    if (fe_in_region(m, i))
      continue;
    if (IS(b, i, "#hacc.target") && K(b, i + 1) == T_LANGLE &&
        K(b, i + 2) == T_STRING) {
      uint32_t n;
      const char *s = tok_str(b, i + 2, &n);
      *at = i + 2;
      int a = n >= 2 ? mdl_arch_of_device(s + 1, n - 2) : -1;
      return a >= 0 ? a : -2;
    }
    if (IS(b, i, "#dlti.dl_entry") && K(b, i + 1) == T_LANGLE &&
        IS(b, i + 2, "\"ARCH\"") && K(b, i + 3) == T_COMMA &&
        K(b, i + 4) == T_STRING && spec == -1) {
      uint32_t n;
      const char *s = tok_str(b, i + 4, &n);
      spec_at = i + 4;
      spec = n >= 2 ? mdl_arch_of_device(s + 1, n - 2) : -1;
      if (spec < 0)
        spec = -2;
    }
  }
  *at = spec_at;
  return spec;
}

/* Warns once about every module of the chunk whose target ksv does not
** know (it is then checked as a2). */
static void warn_targets(fe_b *b, fe_op **mods, uint32_t nmods) {
  for (uint32_t i = 0; i < nmods; i++) {
    uint32_t at = ~0u;
    if (module_target(b, mods[i], &at) != -2)
      continue;
    char nm[80];
    fe_warn(b->p, at, MDL_RULE_UNSUPPORTED,
            "target %s names no device ksv models (Ascend910B*, "
            "Ascend910_93*: a2; Ascend910_95*, Ascend950*: a5): its kernels "
            "are checked as a2; give --arch to choose",
            fe_text(b->p, at, nm, sizeof nm));
  }
}

/* The profile of the kernel whose function is fn: arch when it is a
** profile, else the target of the innermost module holding fn, else a2. */
static const mdl_profile *fn_profile(fe_b *b, int arch, fe_op *fn,
                                     fe_op **mods, uint32_t nmods) {
  if (arch >= 0)
    return mdl_profile_choose(arch, -1);
  int best = -1;
  uint32_t best_open = 0;
  for (uint32_t i = 0; i < nmods; i++) {
    fe_op *m = mods[i];
    uint32_t at;
    if (!m->nregions || fn->t0 < m->regions[0]->open ||
        fn->t0 > m->regions[0]->close || m->regions[0]->open < best_open)
      continue;
    int t = module_target(b, m, &at);
    if (t == -1)
      continue;
    best = t;
    best_open = m->regions[0]->open;
  }
  return mdl_profile_choose(arch, best);
}

static bool called_in_chunk(fe_b *b, fe_op *fn) {
  fe_fninfo fi;
  fn_info(b, fn, &fi);
  if (fi.sym == ~0u)
    return false;
  for (uint32_t i = 0; i < b->nfuncs; i++) {
    fe_op *f = b->funcs[i];
    if (f == fn)
      continue;
    for (uint32_t t = f->t0; t < f->t1 || (f->nregions && t <= f->regions[0]->close); t++) {
      uint32_t ct = fe_is_op(b->p, t, "func.call") ? call_callee(b, t) : ~0u;
      if (ct != ~0u) {
        uint32_t n1, n2;
        const char *s1 = sym_text(b, ct, &n1), *s2 = sym_text(b, fi.sym, &n2);
        if (n1 == n2 && memcmp(s1, s2, n1) == 0)
          return true;
      }
    }
  }
  return false;
}

static const char *fn_name(fe_b *b, fe_op *fn, char *buf, size_t n) {
  fe_fninfo fi;
  fn_info(b, fn, &fi);
  if (fi.sym == ~0u)
    return "anonymous";
  uint32_t m;
  const char *s = sym_text(b, fi.sym, &m);
  snprintf(buf, n, "%.*s", (int)m, s);
  return buf;
}

static bool ends_with(const char *s, const char *suf) {
  size_t n = strlen(s), m = strlen(suf);
  return n >= m && strcmp(s + n - m, suf) == 0;
}

/* Does a function look like cube code (by its ops and memory spaces)? */
static bool looks_cube(fe_b *b, fe_op *fn) {
  if (!fn->nregions)
    return false;
  /* ops that say where they run (sync_block_set[<CUBE>, ...]): only CUBE */
  uint32_t cube = 0, vector = 0;
  for (uint32_t t = fn->regions[0]->open; t <= fn->regions[0]->close; t++)
    if (IS(b, t, "#hivm.tcore_type") && K(b, t + 1) == T_LANGLE) {
      cube += IS(b, t + 2, "CUBE");
      vector += IS(b, t + 2, "VECTOR");
    }
  if (cube && !vector)
    return true;
  for (uint32_t t = fn->regions[0]->open; t <= fn->regions[0]->close; t++) {
    if (IS(b, t, "hivm.hir.mmadL1") || IS(b, t, "hivm.hir.fixpipe") ||
        IS(b, t, "hivm.hir.nd2nz") || IS(b, t, "hivm.hir.batchMmadL1") ||
        IS(b, t, "hivm.hir.mmadmxL1"))
      return true;
    if (IS(b, t, "#hivm.address_space") &&
        (IS(b, t + 2, "cbuf") || IS(b, t + 2, "cc") || IS(b, t + 2, "ca") ||
         IS(b, t + 2, "cb")))
      return true;
  }
  return false;
}

static void build_kernel_func(fe_b *b, mdl_kernel *k, fe_op *fn,
                              const mdl_func **out, bool mix_single) {
  char nb[256];
  const char *nm = fn_name(b, fn, nb, sizeof nb);
  fe_fninfo fi;
  fn_info(b, fn, &fi);
  mdl_func *f = mdl_b_func(&b->bd, k, nm, LOC(b, fn->t0), mix_single);
  b->loop = NULL;
  b->syms.len = 0;
  for (uint32_t i = 0; i < b->names.len; i++)
    MDL_VEC_AT(b->names, fe_name, i).head = -1;
  b->vinfo.len = 0;
  b->pend.len = 0;
  b->placed.len = 0; /* (statement ids restart with each kernel) */
  b->saw_sbi = false;
  build_func_body(b, fn, NULL, 0, NULL, 0);
  if (mix_single)
    place_pending(b);
  *out = f;
}

uint32_t fe_hivm_parse_file(const char *path, const char *text, size_t len,
                            int arch, mdl_vec *units, mdl_diags *diags) {
  uint32_t total_errors = 0;
  if (len > 0xFFFFFFF0u) {
    mdl_diag_add(diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR, path, NULL, 1, 1,
                 "input larger than 4 GiB");
    fe_unit *u = mdl_vec_push(units, sizeof *u);
    u->name = mdl_strprintf("%s", "(file)");
    u->error = true;
    return 1;
  }
  /* split at lines that are exactly "// -----" */
  uint32_t pos = 0, line = 1, chunk = 0;
  while (pos <= len) {
    uint32_t start = pos, start_line = line, end = (uint32_t)len;
    uint32_t scan = pos, ln = line;
    uint32_t next = (uint32_t)len + 1, next_line = line;
    while (scan < len) {
      uint32_t e = scan;
      while (e < len && text[e] != '\n')
        e++;
      /* is [scan, e) a separator line? */
      uint32_t a = scan, z = e;
      while (a < z && (text[a] == ' ' || text[a] == '\t'))
        a++;
      while (z > a && (text[z - 1] == ' ' || text[z - 1] == '\t' ||
                       text[z - 1] == '\r'))
        z--;
      if (z - a == 8 && memcmp(text + a, "// -----", 8) == 0) {
        end = scan;
        next = e < len ? e + 1 : (uint32_t)len;
        next_line = ln + 1;
        break;
      }
      scan = e < len ? e + 1 : e;
      ln++;
      if (e >= len)
        break;
    }
    /* parse chunk [start, end) */
    fe_parser p;
    memset(&p, 0, sizeof p);
    p.path = path;
    p.text = text;
    p.diags = diags;
    p.arena = mdl_arena_new();
    char unitname[64];
    snprintf(unitname, sizeof unitname, "chunk %u", chunk + 1);
    p.unit = NULL;
    bool lexok = fe_lex(text, start, end, start_line, &p.toks);
    uint32_t errs = 0;
    if (!lexok) {
      mdl_diag_add(diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR, path, NULL,
                   p.toks.err_line, p.toks.err_col, "%s", p.toks.err_msg);
      errs = 1;
    } else {
      errs = fe_parse_chunk(&p);
    }
    mdl_vec funcs = {0}, mods = {0};
    fe_b b;
    memset(&b, 0, sizeof b);
    b.p = &p;
    if (!errs) {
      collect_funcs(&b, &p.top, &funcs, &mods);
      b.funcs = funcs.data;
      b.nfuncs = funcs.len;
      if (arch < 0)
        warn_targets(&b, mods.data, mods.len);
      /* statements outside any function/module are not allowed */
      for (fe_op *o = p.top.first; o; o = o->next) {
        fe_opcode c = classify(&b, o->name);
        if (c != OP_FUNC && c != OP_MODULE && c != OP_BMODULE &&
            K(&b, o->name) != T_HASH && K(&b, o->name) != T_BANG) {
          char nb[64];
          fe_error(&p, o->t0, "'%s' outside of a function",
                   fe_text(&p, o->name, nb, sizeof nb));
        }
      }
      errs = p.nerrors;
    }
    bool had_unit = false;
    if (!errs) {
      /* form kernels */
      bool *used = calloc(b.nfuncs + 1, 1);
      for (uint32_t i = 0; i < b.nfuncs && !p.nerrors; i++) {
        fe_op *fn = b.funcs[i];
        fe_fninfo fi;
        fn_info(&b, fn, &fi);
        if (used[i] || !fi.has_body || fi.host || called_in_chunk(&b, fn))
          continue;
        char n1[256], n2[256];
        const char *name = fn_name(&b, fn, n1, sizeof n1);
        int partner = -1;
        bool is_aic = ends_with(name, "_mix_aic") ||
                      (fi.core == 0 && fi.part_of_mix);
        bool is_aiv = ends_with(name, "_mix_aiv") ||
                      (fi.core == 1 && fi.part_of_mix);
        if (is_aic || is_aiv) {
          size_t plen = strlen(name);
          if (ends_with(name, "_mix_aic") || ends_with(name, "_mix_aiv"))
            plen -= 8;
          for (uint32_t j = 0; j < b.nfuncs; j++) {
            if (j == i || used[j])
              continue;
            fe_fninfo fj;
            fn_info(&b, b.funcs[j], &fj);
            if (!fj.has_body || fj.host)
              continue;
            const char *nj = fn_name(&b, b.funcs[j], n2, sizeof n2);
            bool j_aic = ends_with(nj, "_mix_aic") ||
                         (fj.core == 0 && fj.part_of_mix);
            bool j_aiv = ends_with(nj, "_mix_aiv") ||
                         (fj.core == 1 && fj.part_of_mix);
            if ((is_aic && j_aiv) || (is_aiv && j_aic)) {
              bool same_prefix = strncmp(name, nj, plen) == 0;
              if (partner < 0 || same_prefix)
                partner = (int)j;
              if (same_prefix)
                break;
            }
          }
        }
        mdl_kernel *k;
        used[i] = true;
        const mdl_profile *prof = fn_profile(&b, arch, fn, mods.data,
                                             mods.len);
        if (partner >= 0) {
          used[partner] = true;
          fe_op *aic = is_aic ? fn : b.funcs[partner];
          fe_op *aiv = is_aic ? b.funcs[partner] : fn;
          char a1[256], a2[256];
          const char *na = fn_name(&b, aic, a1, sizeof a1);
          const char *nv = fn_name(&b, aiv, a2, sizeof a2);
          char *uname = mdl_strprintf("%s+%s", na, nv);
          k = mdl_kernel_new(path, uname);
          k->prof = prof;
          k->loc = LOC(&b, aic->t0);
          p.unit = k->name;
          const mdl_func *fa, *fv;
          build_kernel_func(&b, k, aic, &fa, false);
          build_kernel_func(&b, k, aiv, &fv, false);
          mdl_kernel_mix_pair(k, fa, fv);
          free(uname);
        } else {
          k = mdl_kernel_new(path, name);
          k->prof = prof;
          k->loc = LOC(&b, fn->t0);
          p.unit = k->name;
          const mdl_func *ff;
          bool mix = fi.core == 2;
          build_kernel_func(&b, k, fn, &ff, mix);
          if (mix) {
            /* one logical vector program until sub-block indices are
               read (SEMANTICS.md 1, docs/semantics-decisions.md 31) */
            mdl_kernel_mix_one(k, ff, b.saw_sbi);
          } else {
            mdl_core_type ct = is_aic ? MDL_CORE_AIC
                               : is_aiv ? MDL_CORE_AIV
                               : fi.core == 0 ? MDL_CORE_AIC
                               : fi.core == 1 ? MDL_CORE_AIV
                               : looks_cube(&b, fn) ? MDL_CORE_AIC
                                                    : MDL_CORE_AIV;
            mdl_kernel_lone(k, ff, ct, is_aic || is_aiv);
          }
        }
        fe_unit *u = mdl_vec_push(units, sizeof *u);
        u->name = mdl_strprintf("%s", k->name);
        u->chunk = chunk;
        u->line = k->loc.line;
        if (p.nerrors || b.failed) {
          u->error = true;
          mdl_kernel_free(k);
        } else {
          u->k = k;
        }
        had_unit = true;
      }
      free(used);
      errs = p.nerrors;
    }
    if (errs && !had_unit) {
      fe_unit *u = mdl_vec_push(units, sizeof *u);
      u->name = mdl_strprintf("%s", unitname);
      u->chunk = chunk;
      u->line = start_line;
      u->error = true;
    } else if (errs) {
      /* a later error poisons every unit of the chunk */
      for (uint32_t i = 0; i < units->len; i++) {
        fe_unit *u = &MDL_VEC_AT(*units, fe_unit, i);
        if (u->chunk == chunk && u->k) {
          mdl_kernel_free(u->k);
          u->k = NULL;
          u->error = true;
        }
      }
    }
    total_errors += errs;
    if (p.nerrors > 20)
      mdl_diag_add(diags, MDL_RULE_SYNTAX, MDL_SEV_NOTE, path, NULL,
                   start_line, 1, "%u more errors in this chunk not shown",
                   p.nerrors - 20);
    mdl_vec_free(&funcs);
    mdl_vec_free(&mods);
    mdl_vec_free(&b.names);
    mdl_vec_free(&b.syms);
    mdl_vec_free(&b.vinfo);
    mdl_vec_free(&b.pend);
    mdl_vec_free(&b.placed);
    free(b.ht);
    fe_toks_free(&p.toks);
    mdl_arena_free(p.arena);
    chunk++;
    if (next > len)
      break;
    pos = next;
    line = next_line;
  }
  return total_errors;
}
