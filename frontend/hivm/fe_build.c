/*
** fe_build.c -- gives meaning to parsed ops: builds model kernels.
**
** Per chunk: find the functions, pair MIX halves into kernels, and
** lower each function body into model statements through the model
** builder (model/mdl_build.h).  This file holds the builder state's
** symbols and values, functions and inlined calls, the dispatch of an op
** to its builder (the other fe_*.c of frontend/hivm/), and the targets.
** func.call to a function of the same chunk is inlined.
*/
#include "fe_int.h"
#include "fe_hivm.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *name;
  int pipe;
} optab[] = {
#define X(c, n, p) {n, (int)MDL_PIPE_##p},
#define MDL_PIPE_NONE_ MDL_PIPE_NONE
#include "fe_ops.def"
#undef X
};

/* The pipe fe_ops.def gives op code c. */
mdl_pipe fe_opcode_pipe(fe_opcode c) {
  assert(c < OP_COUNT);
  return (mdl_pipe)optab[c].pipe;
}

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

uint32_t fe_scope_mark(fe_b *b) { return b->syms.len; }

void fe_scope_pop(fe_b *b, uint32_t mark) {
  while (b->syms.len > mark) {
    fe_sym *sy = &MDL_VEC_AT(b->syms, fe_sym, b->syms.len - 1);
    MDL_VEC_AT(b->names, fe_name, sy->name).head = sy->prev;
    b->syms.len--;
  }
}

void fe_bind_tok(fe_b *b, uint32_t t, mdl_valref v) {
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

mdl_valref fe_lookup(fe_b *b, uint32_t t) {
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

bool fe_tok_int(fe_b *b, uint32_t t, int64_t *out) {
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
fe_opcode fe_classify(fe_b *b, uint32_t t) {
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

/* The op's name into buf (without the quotes of the generic form). */
const char *fe_op_text(fe_b *b, const fe_op *op, char *buf, size_t n) {
  uint32_t m;
  const char *s = fe_op_name(b->p, op->name, &m);
  snprintf(buf, n, "%.*s", (int)m, s);
  return buf;
}

/* ------------------------------------------------------------- values */

mdl_valref fe_new_value(fe_b *b, uint32_t nametok, const fe_type *ty) {
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
mdl_stmt *fe_emit(fe_b *b, mdl_stmt_kind kind, uint32_t t) {
  return mdl_b_stmt(&b->bd, kind, LOC(b, t));
}

mdl_valref fe_emit_const(fe_b *b, int64_t c, uint32_t t) {
  return mdl_b_const(&b->bd, c, LOC(b, t));
}

mdl_valref fe_emit_x(fe_b *b, mdl_xop op, mdl_valref a, mdl_valref c2,
                     uint32_t t) {
  return mdl_b_x(&b->bd, op, a, c2, LOC(b, t));
}

/* Binds every result name of op to fresh unknown values. */
void fe_bind_unknown_results(fe_b *b, fe_op *op, bool typed) {
  fe_type ty;
  bool has = typed && fe_result_type(b, op, &ty);
  for (uint32_t r = 0; r < op->nres; r++) {
    uint32_t cnt = op->res[r].count;
    for (uint32_t j = 0; j < cnt; j++) {
      mdl_stmt *s =
          mdl_b_scalar(&b->bd, MDL_X_UNKNOWN,
                       fe_new_value(b, op->res[r].tok, has ? &ty : NULL),
                       MDL_NOVAL, MDL_NOVAL, LOC(b, op->t0));
      if (cnt == 1)
        fe_bind_tok(b, op->res[r].tok, s->def);
      char nm[80], base[64];
      snprintf(nm, sizeof nm, "%s#%u",
               fe_text(b->p, op->res[r].tok, base, sizeof base), j);
      char *d = mdl_strdup(b->bd.k->arena, nm, strlen(nm));
      bind(b, d, (uint32_t)strlen(d), s->def);
    }
  }
}

/* Binds result i (flattened over %a:2 groups) of op to v. */
void fe_bind_result(fe_b *b, fe_op *op, uint32_t i, mdl_valref v) {
  uint32_t base = 0;
  for (uint32_t r = 0; r < op->nres; r++) {
    uint32_t cnt = op->res[r].count;
    if (i < base + cnt) {
      if (cnt == 1)
        fe_bind_tok(b, op->res[r].tok, v);
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

uint32_t fe_nresults(fe_op *op) {
  uint32_t n = 0;
  for (uint32_t r = 0; r < op->nres; r++)
    n += op->res[r].count;
  return n;
}

/* ------------------------------------------------------------- builder */

mdl_valref *fe_arena_vals(fe_b *b, uint32_t n) {
  return mdl_b_vals(&b->bd, n);
}

void fe_copy_value_info(fe_b *b, mdl_valref dst, mdl_valref src) {
  mdl_b_copy_info(&b->bd, dst, src);
}

/* ---------------------------------------------------------- functions */

/* Builds fn's body at the current block.  args (when non-NULL) bind the
** parameters (inlined call); otherwise kernel arguments are created. */
static void build_func_body(fe_b *b, fe_op *fn, const mdl_valref *args,
                            uint32_t nargs, mdl_valref *rets, uint32_t nrets) {
  fe_fninfo fi;
  fe_fn_info(b, fn, &fi);
  uint32_t mark = fe_scope_mark(b);
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
      fe_parse_type(b, j + 2, &ty);
      mdl_valref v;
      if (args) {
        v = argno < nargs ? args[argno] : fe_new_value(b, j, &ty);
      } else if (ty.kind == 1) {
        v = fe_new_value(b, j, &ty);
        mdl_stmt *s = mdl_b_buf(&b->bd, MDL_B_ARG, v, "argument", LOC(b, j));
        mdl_value *mv = mdl_value_at(b->bd.f, v);
        if (!ty.has_space)
          mv->space = MDL_SPACE_GM;
        s->u.b.space = mv->space;
        s->u.b.argno = (int32_t)argno;
        s->u.b.size = ty.bytes;
        s->u.b.lay = fe_type_layout(b, &ty, true);
      } else {
        v = fe_new_value(b, j, &ty);
        mdl_stmt *s = mdl_b_scalar(&b->bd, MDL_X_ARG, v, MDL_NOVAL,
                                   MDL_NOVAL, LOC(b, j));
        s->u.x.k = argno;
        if (ty.kind == 3 && ty.ibits >= 8 && ty.ibits < 64)
          s->u.x.bits = ty.ibits; /* its range (an i32 tile count) */
        s->cores = 0x3;
      }
      fe_bind_tok(b, j, v);
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
      fe_build_cfg(b, r);
    } else {
      fe_build_block(b, &r->blocks[0]);
    }
    for (uint32_t j = 0; j < nrets && j < b->term_n; j++)
      rets[j] = b->term_vals[j];
  }
  fe_scope_pop(b, mark);
}

static fe_op *find_func(fe_b *b, uint32_t symtok) {
  int i = fe_func_named(b, symtok);
  return i >= 0 ? b->funcs[i] : NULL;
}

static void build_op_meaning(fe_b *b, fe_op *op);

/* Builds op; in a MIX function then places what it emitted. */
void fe_build_op(fe_b *b, fe_op *op) {
  mdl_block *blk = b->bd.blk;
  mdl_stmt *last = blk->last;
  build_op_meaning(b, op);
  if (b->bd.mix_single && blk == b->bd.blk)
    fe_place_stmts(b, op, blk, last);
}

static void build_op_meaning(fe_b *b, fe_op *op) {
  fe_opcode code = fe_classify(b, op->name);
  switch (code) {
  case OP_FOR: fe_build_for(b, op); return;
  case OP_IF: fe_build_if(b, op); return;
  case OP_WHILE: fe_build_while(b, op); return;
  case OP_YIELD: case OP_SCOPE_RET: case OP_RETURN: case OP_FRETURN:
    fe_record_term(b, op, false);
    return;
  case OP_CONDITION:
    fe_record_term(b, op, true);
    return;
  case OP_SCOPE: case OP_EXEC_REGION: { /* a region run once, in place */
    mdl_valref rets[64];
    uint32_t nr = 0;
    if (op->nregions) {
      fe_build_region(b, op->regions[0], NULL, NULL, 0, NULL, 0);
      nr = b->term_n < 64 ? b->term_n : 64;
      memcpy(rets, b->term_vals, nr * sizeof *rets);
    }
    for (uint32_t j = 0; j < fe_nresults(op); j++)
      fe_bind_result(b, op, j,
                     j < nr ? rets[j] : fe_new_value(b, op->res[0].tok, NULL));
    return;
  }
  case OP_CALL:
  case OP_CALL2: {
    uint32_t t = op->name + 1, ct = fe_call_callee(b, op->name);
    fe_op *callee = ct != ~0u ? find_func(b, ct) : NULL;
    if (!callee || callee->nregions == 0) {
      fe_warn(b->p, op->t0, MDL_RULE_UNSUPPORTED,
              "call to a function not defined in this input");
      fe_build_unknown(b, op);
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
          args[na++] = fe_lookup(b, j);
    }
    mdl_valref rets[64];
    uint32_t nr = fe_nresults(op) < 64 ? fe_nresults(op) : 64;
    for (uint32_t j = 0; j < nr; j++)
      rets[j] = MDL_NOVAL;
    b->call_depth++;
    build_func_body(b, callee, args, na, rets, nr);
    b->call_depth--;
    for (uint32_t j = 0; j < nr; j++)
      fe_bind_result(b, op, j,
                     rets[j] != MDL_NOVAL
                         ? rets[j]
                         : fe_new_value(b, op->res[0].tok, NULL));
    return;
  }
  case OP_SET_FLAG: case OP_WAIT_FLAG: case OP_PIPE_BARRIER: case OP_BSET:
  case OP_BWAIT: case OP_SYNC_BLOCK:
    fe_build_sync(b, op, code);
    return;
  case OP_LOAD: case OP_STORE: case OP_ND2NZ: case OP_NZ2ND:
  case OP_FIXPIPE: case OP_COPY: case OP_L12UB: case OP_LOAD_SCALE:
  case OP_MMADL1: case OP_BATCHMMADL1: case OP_MMADMXL1: case OP_VECTOR:
  case OP_INDIRECT_LOAD: case OP_INDIRECT_STORE: case OP_MLOAD:
  case OP_MSTORE:
    fe_build_data(b, op, code);
    return;
  case OP_POINTER_CAST: case OP_ALLOC: case OP_ALLOCA: case OP_SUBVIEW:
  case OP_CAST: case OP_COLLAPSE: case OP_EXPAND: case OP_REINTERPRET:
  case OP_VIEW: case OP_SPACE_CAST:
    fe_build_buffer(b, op, code);
    return;
  case OP_MARK: case OP_ANCHOR: case OP_MASK_NORM: case OP_FFTS:
  case OP_SET_CTRL: case OP_DEALLOC: case OP_INIT_DEBUG:
  case OP_FINISH_DEBUG: case OP_DEBUG: case OP_DEP_MARK:
    fe_bind_unknown_results(b, op, false);
    return;
  case OP_TO_TENSOR: case OP_TO_MEMREF: case OP_TO_BUFFER: case OP_TEMPTY:
  case OP_TEXTRACT_SLICE: case OP_TINSERT_SLICE: case OP_TEXPAND:
  case OP_TCOLLAPSE: case OP_TRESHAPE: case OP_TCAST:
    fe_build_tensor(b, op, code);
    return;
  case OP_TEXTRACT: case OP_TINSERT:
    fe_build_elem(b, op, code);
    return;
  case OP_ALLOC_WS:
    fe_build_workspace(b, op);
    return;
  case OP_MODULE: case OP_BMODULE: case OP_FUNC:
    return;
  case OP_MCOPY: case OP_UNKNOWN: case OP_COUNT:
    fe_build_unknown(b, op);
    return;
  default:
    fe_build_scalar(b, op, code);
    return;
  }
}

/* --------------------------------------------------------------- chunks */

static int module_target(fe_b *b, fe_op *m, uint32_t *at);

/* Appends the functions of blk (and of the modules in it, recursively)
** to out, and the modules to mods; tgts gets per function the target of
** the innermost module around it that names one (module_target), tgt
** that of blk's (-1: none). */
static void collect_funcs(fe_b *b, fe_blk *blk, mdl_vec *out, mdl_vec *mods,
                          mdl_vec *tgts, int tgt) {
  for (fe_op *o = blk->first; o; o = o->next) {
    fe_opcode c = fe_classify(b, o->name);
    if (c == OP_FUNC) {
      fe_op **slot = mdl_vec_push(out, sizeof(fe_op *));
      *slot = o;
      *(int *)mdl_vec_push(tgts, sizeof(int)) = tgt;
    } else if (c == OP_MODULE || c == OP_BMODULE) {
      *(fe_op **)mdl_vec_push(mods, sizeof(fe_op *)) = o;
      uint32_t at;
      int t = o->nregions ? module_target(b, o, &at) : -1;
      for (uint32_t r = 0; r < o->nregions; r++)
        for (uint32_t j = 0; j < o->regions[r]->nblocks; j++)
          collect_funcs(b, &o->regions[r]->blocks[j], out, mods, tgts,
                        r == 0 && t != -1 ? t : tgt);
    }
  }
}

/* ------------------------------------------------------------- targets */

/* The close of the region of op that token t is in, or ~0. */
static uint32_t region_close(const fe_op *op, uint32_t t) {
  for (uint32_t i = 0; i < op->nregions; i++)
    if (t >= op->regions[i]->open && t <= op->regions[i]->close)
      return op->regions[i]->close;
  return ~0u;
}

/* The device module m names: `hacc.target = #hacc.target<"NAME">` among
** its attributes, else `#dlti.dl_entry<"ARCH", "dav-...">` of its target
** spec.  Returns 0 (a2), 1 (a5), -1 none, -2 a name ksv does not know;
** *at is the token of the name. */
static int module_target(fe_b *b, fe_op *m, uint32_t *at) {
  int spec = -1;
  uint32_t spec_at = ~0u;
  for (uint32_t i = m->name + 1; i + 2 < m->t1; i++) {
    uint32_t skip = region_close(m, i);
    if (skip != ~0u) { /* (the body: only the attributes are read) */
      i = skip;
      continue;
    }
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

/* The profile of a kernel: arch when it is a profile, else tgt, the
** target of the innermost module around its function that names one
** (collect_funcs), else a2. */
static const mdl_profile *fn_profile(int arch, int tgt) {
  return arch >= 0 ? mdl_profile_choose(arch, -1)
                   : mdl_profile_choose(arch, tgt);
}

/* The name of function i of the chunk into buf. */
static const char *fn_name(fe_b *b, uint32_t i, char *buf, size_t n) {
  if (b->finfo[i].sym == ~0u)
    return "anonymous";
  uint32_t m;
  const char *s = fe_sym_text(b, b->finfo[i].sym, &m);
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

/* Builds function i of the chunk into k (*out: its model function). */
static void build_kernel_func(fe_b *b, mdl_kernel *k, uint32_t i,
                              const mdl_func **out, bool mix_single) {
  char nb[256];
  fe_op *fn = b->funcs[i];
  const char *nm = fn_name(b, i, nb, sizeof nb);
  mdl_func *f = mdl_b_func(&b->bd, k, nm, LOC(b, fn->t0), mix_single);
  b->loop = NULL;
  fe_scope_pop(b, 0); /* (the previous kernel's names: unbound) */
  b->vinfo.len = 0;
  b->pend.len = 0;
  b->placed.len = 0; /* (statement ids restart with each kernel) */
  b->saw_sbi = false;
  build_func_body(b, fn, NULL, 0, NULL, 0);
  if (mix_single)
    fe_place_pending(b);
  *out = f;
}

/* The kernel of function i (name name) with profile prof: the MIX pair
** with function partner (>= 0), one MIX function, or a lone function (a
** lone half when is_aic or is_aiv).  The caller owns it. */
static mdl_kernel *build_kernel(fe_b *b, const char *path, uint32_t i,
                                const char *name, int partner, bool is_aic,
                                bool is_aiv, const mdl_profile *prof) {
  mdl_kernel *k;
  fe_op *fn = b->funcs[i];
  const fe_fninfo *fi = &b->finfo[i];
  if (partner >= 0) {
    uint32_t aic = is_aic ? i : (uint32_t)partner;
    uint32_t aiv = is_aic ? (uint32_t)partner : i;
    char a1[256], a2[256];
    const char *na = fn_name(b, aic, a1, sizeof a1);
    const char *nv = fn_name(b, aiv, a2, sizeof a2);
    char *uname = mdl_strprintf("%s+%s", na, nv);
    k = mdl_kernel_new(path, uname);
    k->prof = prof;
    k->loc = LOC(b, b->funcs[aic]->t0);
    b->p->unit = k->name;
    const mdl_func *fa, *fv;
    build_kernel_func(b, k, aic, &fa, false);
    build_kernel_func(b, k, aiv, &fv, false);
    mdl_kernel_mix_pair(k, fa, fv);
    free(uname);
    return k;
  }
  k = mdl_kernel_new(path, name);
  k->prof = prof;
  k->loc = LOC(b, fn->t0);
  b->p->unit = k->name;
  const mdl_func *ff;
  bool mix = fi->core == 2;
  build_kernel_func(b, k, i, &ff, mix);
  if (mix) {
    /* one logical vector program until sub-block indices are read
       (SEMANTICS.md 1, docs/semantics-decisions.md 31) */
    mdl_kernel_mix_one(k, ff, b->saw_sbi);
  } else {
    mdl_core_type ct = is_aic              ? MDL_CORE_AIC
                       : is_aiv            ? MDL_CORE_AIV
                       : fi->core == 0     ? MDL_CORE_AIC
                       : fi->core == 1     ? MDL_CORE_AIV
                       : looks_cube(b, fn) ? MDL_CORE_AIC
                                           : MDL_CORE_AIV;
    mdl_kernel_lone(k, ff, ct, is_aic || is_aiv);
  }
  return k;
}

/* Forms and builds the kernels of chunk number chunk, parsed without
** errors (b->funcs its functions, indexed; tgts their modules' targets,
** collect_funcs): a MIX pair or a lone
** function for every function with a body that is not a host function
** and that no other function calls.  Appends a unit per kernel (an error
** unit, without a kernel, when building it failed).  Returns whether it
** appended any. */
static bool build_kernels(fe_b *b, const char *path, int arch, uint32_t chunk,
                          const int *tgts, mdl_vec *units) {
  bool had_unit = false;
  bool *used = calloc(b->nfuncs + 1, 1);
  for (uint32_t i = 0; i < b->nfuncs && !b->p->nerrors; i++) {
    const fe_fninfo *fi = &b->finfo[i];
    if (used[i] || !fi->has_body || fi->host || b->called[i])
      continue;
    char n1[256];
    const char *name = fn_name(b, i, n1, sizeof n1);
    bool is_aic =
        ends_with(name, "_mix_aic") || (fi->core == 0 && fi->part_of_mix);
    bool is_aiv =
        ends_with(name, "_mix_aiv") || (fi->core == 1 && fi->part_of_mix);
    /* the partner: the other half, of the same name prefix first */
    uint32_t plen = (uint32_t)strlen(name);
    if (ends_with(name, "_mix_aic") || ends_with(name, "_mix_aiv"))
      plen -= 8;
    int partner =
        is_aic || is_aiv
            ? fe_mix_partner(b, used, i, plen,
                             (uint8_t)((is_aic ? FE_HALF_AIV : 0) |
                                       (is_aiv ? FE_HALF_AIC : 0)))
            : -1;
    used[i] = true;
    if (partner >= 0)
      used[partner] = true;
    const mdl_profile *prof = fn_profile(arch, tgts[i]);
    b->p->unit_ix = units->len + 1; /* (the unit pushed below) */
    mdl_kernel *k =
        build_kernel(b, path, i, name, partner, is_aic, is_aiv, prof);
    fe_unit *u = mdl_vec_push(units, sizeof *u);
    u->name = mdl_strprintf("%s", k->name);
    u->chunk = chunk;
    u->line = k->loc.line;
    if (b->p->nerrors || b->failed) {
      u->error = true;
      mdl_kernel_free(k);
    } else {
      u->k = k;
    }
    had_unit = true;
  }
  free(used);
  return had_unit;
}

/* Statements outside any function or module are errors. */
static void check_top(fe_b *b) {
  for (fe_op *o = b->p->top.first; o; o = o->next) {
    fe_opcode c = fe_classify(b, o->name);
    if (c != OP_FUNC && c != OP_MODULE && c != OP_BMODULE &&
        K(b, o->name) != T_HASH && K(b, o->name) != T_BANG) {
      char nb[64];
      fe_error(b->p, o->t0, "'%s' outside of a function",
               fe_text(b->p, o->name, nb, sizeof nb));
    }
  }
}

/* Lexes, parses and builds chunk number chunk, text[start, end) whose
** first line is start_line, for profile arch (fe_hivm_parse_file).
** Appends its units (an error unit for the chunk when it has errors and
** no kernel; a later error turns each of its kernels into an error
** unit).  Returns its number of errors. */
static uint32_t build_chunk(const char *path, const char *text,
                            uint32_t start, uint32_t end, uint32_t start_line,
                            uint32_t chunk, int arch, mdl_vec *units,
                            mdl_diags *diags) {
  fe_parser p;
  memset(&p, 0, sizeof p);
  p.path = path;
  p.text = text;
  p.diags = diags;
  p.arena = mdl_arena_new();
  p.unit = NULL;
  uint32_t errs = 0;
  if (!fe_lex(text, start, end, start_line, &p.toks)) {
    mdl_diag_add(diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR, path, NULL,
                 p.toks.err_line, p.toks.err_col, "%s", p.toks.err_msg);
    errs = 1;
  } else {
    errs = fe_parse_chunk(&p);
  }
  mdl_vec funcs = {0}, mods = {0}, tgts = {0};
  fe_b b;
  memset(&b, 0, sizeof b);
  b.p = &p;
  if (!errs) {
    collect_funcs(&b, &p.top, &funcs, &mods, &tgts, -1);
    b.funcs = funcs.data;
    b.nfuncs = funcs.len;
    fe_funcs_index(&b);
    if (arch < 0)
      warn_targets(&b, mods.data, mods.len);
    check_top(&b);
    errs = p.nerrors;
  }
  bool had_unit = false;
  if (!errs) {
    had_unit = build_kernels(&b, path, arch, chunk, tgts.data, units);
    errs = p.nerrors;
  }
  if (errs && !had_unit) {
    fe_unit *u = mdl_vec_push(units, sizeof *u);
    u->name = mdl_strprintf("chunk %u", chunk + 1);
    u->chunk = chunk;
    u->line = start_line;
    u->error = true;
  } else if (errs) {
    /* a later error poisons every unit of the chunk (the last ones) */
    for (uint32_t i = units->len; i-- > 0;) {
      fe_unit *u = &MDL_VEC_AT(*units, fe_unit, i);
      if (u->chunk != chunk)
        break;
      if (u->k) {
        mdl_kernel_free(u->k);
        u->k = NULL;
        u->error = true;
      }
    }
  }
  if (p.nerrors > 20)
    mdl_diag_add(diags, MDL_RULE_SYNTAX, MDL_SEV_NOTE, path, NULL, start_line,
                 1, "%u more errors in this chunk not shown", p.nerrors - 20);
  fe_funcs_free(&b);
  mdl_vec_free(&funcs);
  mdl_vec_free(&mods);
  mdl_vec_free(&tgts);
  mdl_vec_free(&b.names);
  mdl_vec_free(&b.syms);
  mdl_vec_free(&b.vinfo);
  mdl_vec_free(&b.pend);
  mdl_vec_free(&b.placed);
  free(b.ht);
  fe_toks_free(&p.toks);
  mdl_arena_free(p.arena);
  return errs;
}

/* The end of the chunk of text[pos, len) (pos starts line line): the
** start of the next line that is exactly "// -----" (blanks and a CR
** aside), or len.  *next, *next_line: where the next chunk starts (*next
** is len + 1 when there is none). */
static uint32_t chunk_end(const char *text, uint32_t len, uint32_t pos,
                          uint32_t line, uint32_t *next,
                          uint32_t *next_line) {
  uint32_t scan = pos, ln = line;
  *next = len + 1;
  *next_line = line;
  while (scan < len) {
    uint32_t e = scan;
    while (e < len && text[e] != '\n')
      e++;
    /* is [scan, e) a separator line? */
    uint32_t a = scan, z = e;
    while (a < z && (text[a] == ' ' || text[a] == '\t'))
      a++;
    while (z > a &&
           (text[z - 1] == ' ' || text[z - 1] == '\t' || text[z - 1] == '\r'))
      z--;
    if (z - a == 8 && memcmp(text + a, "// -----", 8) == 0) {
      *next = e < len ? e + 1 : len;
      *next_line = ln + 1;
      return scan;
    }
    scan = e < len ? e + 1 : e;
    ln++;
    if (e >= len)
      break;
  }
  return len;
}

uint32_t fe_hivm_parse_file(const char *path, const char *text, size_t len,
                            int arch, mdl_vec *units, mdl_diags *diags) {
  if (len > 0xFFFFFFF0u) {
    mdl_diag_add(diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR, path, NULL, 1, 1,
                 "input larger than 4 GiB");
    fe_unit *u = mdl_vec_push(units, sizeof *u);
    u->name = mdl_strprintf("%s", "(file)");
    u->error = true;
    return 1;
  }
  uint32_t n = (uint32_t)len, pos = 0, line = 1, chunk = 0, errors = 0;
  while (pos <= n) {
    uint32_t next, next_line;
    uint32_t end = chunk_end(text, n, pos, line, &next, &next_line);
    errors += build_chunk(path, text, pos, end, line, chunk, arch, units,
                          diags);
    chunk++;
    if (next > n)
      break;
    pos = next;
    line = next_line;
  }
  return errors;
}
