/*
** fe_mem.c -- memory: buffers, views, tensors and workspaces.
**
** What the frontend knows of a value's memory (the value it aliases,
** whether bytes are behind it), the buffer ops (pointer_cast, alloc,
** subview, casts, reinterpret_cast, memref.view), tensors that name memory
** (SEMANTICS.md 1), element access through a tensor, and the workspace.
*/
#include "fe_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------- value memory info */

/* The frontend's memory info of value v (grown on demand; never NULL
** for a valid v). */
fe_vinfo *fe_vinfo_of(fe_b *b, mdl_valref v) {
  while (b->vinfo.len <= v)
    mdl_vec_push(&b->vinfo, sizeof(fe_vinfo));
  return &MDL_VEC_AT(b->vinfo, fe_vinfo, v);
}

/* The value v aliases (itself when it starts a chain). */
mdl_valref fe_vroot(fe_b *b, mdl_valref v) {
  if (v == MDL_NOVAL)
    return MDL_NOVAL;
  const fe_vinfo *i = fe_vinfo_of(b, v);
  return i->set ? i->root : v;
}

/* Is memory behind v?  Every memref (but a scalar slot); a tensor only
** when it names a memref's bytes (tensor.empty and tensor arguments are
** values, docs/semantics-decisions.md 34). */
bool fe_vmem(fe_b *b, mdl_valref v) {
  if (v == MDL_NOVAL)
    return false;
  const mdl_value *mv = mdl_value_at(b->bd.f, v);
  if (mv->is_memref)
    return !mv->slot;
  return fe_vinfo_of(b, v)->mem;
}

/* dst aliases src (a view, a tensor of it, a loop-carried copy). */
void fe_valias(fe_b *b, mdl_valref dst, mdl_valref src) {
  if (dst == MDL_NOVAL || src == MDL_NOVAL)
    return;
  mdl_valref r = fe_vroot(b, src);
  bool m = fe_vmem(b, src);
  fe_vinfo *i = fe_vinfo_of(b, dst);
  i->root = r;
  i->mem = m;
  i->set = true;
}

/* The static shape of type ty as a root (root: extents and element
** strides, from a strided layout or row-major, injective) or as the
** target of a reshape (extents only); NULL when it has none.  Arena
** memory. */
const mdl_layout *fe_type_layout(fe_b *b, const fe_type *ty, bool root) {
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
  const mdl_layout *l = ty ? fe_type_layout(b, ty, false) : NULL;
  if (!l)
    l = mdl_alloc(b->bd.k->arena, sizeof *l); /* nd 0 */
  return l;
}
void fe_set_memref_info(fe_b *b, mdl_valref v, const fe_type *ty,
                        mdl_space fallback) {
  mdl_b_memref_info(&b->bd, v, ty->has_space ? ty->space : fallback,
                    ty->bytes, ty->elem);
}

static const mdl_slice *read_slice(fe_b *b, fe_op *op, uint32_t t,
                                   const fe_type *rty);
void fe_build_buffer(fe_b *b, fe_op *op, fe_opcode code) {
  uint32_t t = op->name + 1;
  bool gen = generic(b, op);
  if (gen && code != OP_POINTER_CAST) /* "memref.cast"(%src) : (...) -> T */
    t++;
  fe_type rty;
  memset(&rty, 0, sizeof rty);
  if (!fe_result_type(b, op, &rty) || rty.kind != 1) {
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
  fe_op_text(b, op, nb, sizeof nb);
  mdl_stmt *s = mdl_b_buf(&b->bd, MDL_B_ARG /* set below */,
                          fe_new_value(b, op->res[0].tok, NULL),
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
    s->u.b.src = fe_lookup(b, t);
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
    s->u.b.addrs = fe_arena_vals(b, n);
    n = 0;
    for (uint32_t i = t + 1; i < c; i++)
      if (K(b, i) == T_PERCENT)
        s->u.b.addrs[n++] = fe_lookup(b, i);
    s->u.b.loop = b->loop;
    s->u.b.lay = fe_type_layout(b, &rty, true);
    break;
  }
  case OP_ALLOC:
  case OP_ALLOCA:
    s->u.b.kind = MDL_B_ALLOC;
    s->u.b.lay = fe_type_layout(b, &rty, true);
    break;
  case OP_CAST: case OP_COLLAPSE: case OP_EXPAND: case OP_SPACE_CAST:
    if (K(b, t) != T_PERCENT) {
      fe_error(b->p, t, "expected the source memref");
      b->failed = true;
      return;
    }
    s->u.b.kind = MDL_B_VIEW;
    s->u.b.src = fe_lookup(b, t);
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
    s->u.b.src = fe_lookup(b, t);
    uint32_t l[2];
    if (fe_read_list(b, t + 1, l, 1) >= 1)
      s->u.b.off = fe_operand_or_const(b, l[0], op->t0);
    s->u.b.lay = fe_type_layout(b, &rty, true);
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
    s->u.b.src = fe_lookup(b, t);
    mdl_value *sv = s->u.b.src != MDL_NOVAL ? mdl_value_at(b->bd.f, s->u.b.src)
                                            : NULL;
    s->u.b.off_scale = rty.elem ? rty.elem : (sv && sv->elem ? sv->elem : 1);
    uint32_t go[1];
    if (gen && fe_gen_offsets(b, op, go, 1) == 1) {
      s->u.b.off = fe_operand_or_const(b, go[0], op->t0);
      if (s->u.b.off == MDL_NOVAL)
        s->u.b.kind = MDL_B_WHOLE;
    } else if (gen) {
      s->u.b.kind = MDL_B_WHOLE;
    }
    for (uint32_t i = t + 1; i < op->t1 && !gen; i++)
      if (IS(b, i, "offset") && K(b, i + 1) == T_COLON &&
          K(b, i + 2) == T_LSQ) {
        uint32_t l[1];
        if (fe_read_list(b, i + 2, l, 1) >= 1)
          s->u.b.off = fe_operand_or_const(b, l[0], op->t0);
        if (s->u.b.off == MDL_NOVAL)
          s->u.b.kind = MDL_B_WHOLE;
        break;
      }
    if (s->u.b.kind == MDL_B_VIEW)
      s->u.b.lay = fe_type_layout(b, &rty, true);
    break;
  }
  case OP_SUBVIEW: {
    /* subview %src[offs] [sizes] [strides] : srcT to dstT */
    if (K(b, t) != T_PERCENT || (!gen && K(b, t + 1) != T_LSQ)) {
      fe_error(b->p, t, "expected 'memref.subview %%src[...] [...] [...]'");
      b->failed = true;
      return;
    }
    s->u.b.src = fe_lookup(b, t);
    s->u.b.sl = read_slice(b, op, t + 1, &rty);
    uint32_t offs[8], n;
    fe_type sty;
    if (gen) { /* static_offsets and the dynamic offset operands */
      fe_generic g;
      fe_gen_read(b, op, &g);
      n = fe_gen_offsets(b, op, offs, 8);
      sty = g.ty[0];
    } else {
      n = fe_read_list(b, t + 1, offs, 8);
      uint32_t i = fe_match(b->p, t + 1) + 1;
      while (i < op->t1 && K(b, i) != T_COLON)
        i++;
      fe_parse_type(b, i + 1, &sty);
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
      if (K(b, offs[d]) != T_PERCENT && fe_tok_int(b, offs[d], &v) && v == 0)
        continue;
      mdl_valref ov = fe_operand_or_const(b, offs[d], op->t0);
      if (ov == MDL_NOVAL) {
        s->u.b.kind = MDL_B_WHOLE;
        break;
      }
      mdl_valref term =
          strides[d] == 1
              ? ov
              : fe_emit_x(b, MDL_X_MUL, ov,
                          fe_emit_const(b, strides[d], op->t0), op->t0);
      acc =
          acc == MDL_NOVAL ? term : fe_emit_x(b, MDL_X_ADD, acc, term, op->t0);
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
               fe_op_text(b, op, nm, sizeof nm),
               mdl_value_at(b->bd.f, s->u.b.src)->name);
      b->failed = true;
      return;
    }
  } else if (code == OP_ALLOCA && !rty.has_space) {
    mdl_value_at(b->bd.f, s->def)->slot = true;
  }
  fe_set_memref_info(b, s->def, &rty, fallback);
  s->u.b.space = mdl_value_at(b->bd.f, s->def)->space;
  fe_valias(b, s->def, s->u.b.src);
  fe_bind_result(b, op, 0, s->def);
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
    n = fe_gen_list(b, op, "static_offsets", 1, offs, MDL_VIEW_DIMS + 1);
    if (fe_gen_list(b, op, "static_sizes", 2, sizes, MDL_VIEW_DIMS + 1) != n ||
        fe_gen_list(b, op, "static_strides", 3, steps, MDL_VIEW_DIMS + 1) != n)
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
    n = fe_read_list(b, t, offs, MDL_VIEW_DIMS + 1);
    if (fe_read_list(b, so + 1, sizes, MDL_VIEW_DIMS + 1) != n ||
        fe_read_list(b, st + 1, steps, MDL_VIEW_DIMS + 1) != n)
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
    sl->off[d] = fe_operand_or_const(b, offs[d], op->t0);
    sl->size[d] = fe_operand_or_const(b, sizes[d], op->t0);
    int64_t v;
    sl->step[d] = K(b, steps[d]) != T_PERCENT && fe_tok_int(b, steps[d], &v) &&
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
mdl_valref fe_emit_alias(fe_b *b, fe_op *op, uint32_t restok, mdl_valref src,
                         const fe_type *rty, const mdl_layout *lay) {
  char nb[48];
  fe_text(b->p, op->name, nb, sizeof nb);
  mdl_stmt *s =
      mdl_b_buf(&b->bd, MDL_B_VIEW, fe_new_value(b, restok, rty),
                mdl_strdup(b->bd.k->arena, nb, strlen(nb)), LOC(b, op->t0));
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
  fe_valias(b, s->def, src);
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
  return fe_lookup(b, t);
}

/* %t = tensor.extract %src[%i] (read) / tensor.insert %v into %t[%i]
** (write; the result names %t): one element through a tensor that names
** memory is a scalar access on PIPE_S, as memref.load/store. */
void fe_build_elem(fe_b *b, fe_op *op, fe_opcode code) {
  uint32_t t = op->name + 1;
  if (code == OP_TINSERT) {
    if (K(b, t) != T_PERCENT || !IS(b, t + 1, "into")) {
      fe_error(b->p, t, "expected 'tensor.insert %%value into %%dest[...]'");
      b->failed = true;
      return;
    }
    t += 2;
  }
  mdl_valref buf = fe_indexed(b, t, "tensor");
  if (buf == MDL_NOVAL)
    return;
  if (fe_vmem(b, buf)) {
    mdl_value *bv = mdl_value_at(b->bd.f, buf);
    mdl_valref index = fe_elem_index(b, t + 1, op->t0);
    mdl_b_scalar_access(&b->bd,
                        code == OP_TEXTRACT ? "tensor.extract"
                                            : "tensor.insert",
                        buf, code == OP_TEXTRACT ? MDL_ACC_READ
                                                 : MDL_ACC_WRITE,
                        index, bv->elem, LOC(b, op->t0));
  }
  if (code == OP_TEXTRACT || !op->nres)
    fe_bind_unknown_results(b, op, true);
  else
    fe_bind_result(b, op, 0,
                   fe_emit_alias(b, op, op->res[0].tok, buf, NULL, NULL));
}

/* memref_ext.alloc_workspace() from %ws offset = [%o] : from T to R: a
** view of bytes [o, o + size of R) of the workspace argument, no access,
** no pipe, no core; without `from`, a workspace of its own in GM. */
void fe_build_workspace(fe_b *b, fe_op *op) {
  fe_type rty;
  if (!fe_result_type(b, op, &rty) || rty.kind != 1 || !op->nres) {
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
  mdl_valref src = from != ~0u ? fe_lookup(b, from) : MDL_NOVAL;
  mdl_valref off = MDL_NOVAL;
  if (offl != ~0u) {
    uint32_t l[2];
    if (fe_read_list(b, offl, l, 2) == 1)
      off = fe_operand_or_const(b, l[0], op->t0);
  }
  if (b->failed)
    return;
  mdl_stmt *s = mdl_b_buf(&b->bd, MDL_B_VIEW /* set below */,
                          fe_new_value(b, op->res[0].tok, NULL),
                          "memref_ext.alloc_workspace", LOC(b, op->t0));
  s->u.b.src = src;
  s->u.b.off = off;
  s->u.b.size = rty.bytes;
  s->u.b.lay = fe_type_layout(b, &rty, true);
  const mdl_value *sv = src != MDL_NOVAL ? mdl_value_at(b->bd.f, src) : NULL;
  s->u.b.off_scale = sv && sv->elem ? sv->elem : 1;
  if (src == MDL_NOVAL) {
    s->u.b.kind = MDL_B_ALLOC;
    fe_set_memref_info(b, s->def, &rty, MDL_SPACE_GM);
  } else {
    /* an offset the IR does not give (or cannot be read): the whole
       workspace */
    s->u.b.kind = off != MDL_NOVAL || offl == ~0u ? MDL_B_VIEW : MDL_B_WHOLE;
    fe_set_memref_info(b, s->def, &rty, sv->space);
    fe_valias(b, s->def, src);
  }
  s->u.b.space = mdl_value_at(b->bd.f, s->def)->space;
  fe_bind_result(b, op, 0, s->def);
}

/* Tensors name memory (SEMANTICS.md 1): to_tensor is its memref's bytes,
** slices and reshapes are views of their source, insert_slice names its
** destination; tensor.empty has no memory behind it. */
void fe_build_tensor(fe_b *b, fe_op *op, fe_opcode code) {
  if (!op->nres) {
    char nb[48];
    fe_error(b->p, op->t0, "'%s' without a result",
             fe_text(b->p, op->name, nb, sizeof nb));
    b->failed = true;
    return;
  }
  fe_type rty;
  memset(&rty, 0, sizeof rty);
  bool has_rty = fe_result_type(b, op, &rty);
  switch (code) {
  case OP_TEMPTY:
    fe_bind_unknown_results(b, op, true); /* a value: no memory behind it */
    return;
  case OP_TO_TENSOR: {
    mdl_valref src = first_operand(b, op);
    if (src == MDL_NOVAL)
      return;
    mdl_valref v = fe_emit_alias(b, op, op->res[0].tok, src, NULL, NULL);
    mdl_value_at(b->bd.f, v)->is_tensor = true;
    mdl_value_at(b->bd.f, v)->is_memref = false;
    fe_bind_result(b, op, 0, v);
    return;
  }
  case OP_TINSERT_SLICE: {
    /* %r = tensor.insert_slice %src into %dst[...]: %r is %dst */
    uint32_t t = op->name + 1;
    if (K(b, t) != T_PERCENT || !IS(b, t + 1, "into") ||
        K(b, t + 2) != T_PERCENT) {
      fe_error(b->p, t,
               "expected 'tensor.insert_slice %%src into %%dest[...]'");
      b->failed = true;
      return;
    }
    if (fe_lookup(b, t) == MDL_NOVAL)
      return;
    mdl_valref dst = fe_lookup(b, t + 2);
    if (dst == MDL_NOVAL)
      return;
    fe_bind_result(b, op, 0,
                   fe_emit_alias(b, op, op->res[0].tok, dst, NULL, NULL));
    return;
  }
  case OP_TEXTRACT_SLICE: {
    mdl_valref src = first_operand(b, op);
    if (src == MDL_NOVAL)
      return;
    const mdl_slice *sl = has_rty ? read_slice(b, op, op->name + 2, &rty)
                                  : NULL;
    /* without readable lists: the source's bytes, which hold it */
    mdl_stmt *s =
        mdl_b_buf(&b->bd, sl ? MDL_B_SLICE : MDL_B_VIEW,
                  fe_new_value(b, op->res[0].tok, has_rty ? &rty : NULL),
                  "tensor.extract_slice", LOC(b, op->t0));
    s->u.b.src = src;
    if (!sl)
      s->u.b.size = -2;
    s->u.b.sl = sl;
    mdl_value *dv = mdl_value_at(b->bd.f, s->def);
    dv->space = mdl_value_at(b->bd.f, src)->space;
    s->u.b.space = dv->space;
    fe_valias(b, s->def, src);
    fe_bind_result(b, op, 0, s->def);
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
    mdl_valref v =
        fe_emit_alias(b, op, op->res[0].tok, src, has_rty ? &rty : NULL, lay);
    fe_bind_result(b, op, 0, v);
    return;
  }
  }
}
