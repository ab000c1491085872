/*
** fe_data.c -- HIVM data ops, their placement, and unknown ops.
**
** A data op's pipe (from fe_ops.def, or by its spaces), its read and
** write sets, macro ops and their sync_related_args; in one MIX function
** the core each op runs on (docs/semantics-decisions.md 30); an unknown op
** with memref operands is an opaque op on PIPE_S.
*/
#include "fe_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
uint8_t fe_op_core_attr(fe_b *b, fe_op *op, const char *key) {
  for (uint32_t i = op->name + 1; i + 2 < op->t1; i++) {
    if (fe_in_region(op, i))
      continue;
    if (!IS(b, i, key) || K(b, i + 1) != T_EQ)
      continue;
    uint32_t in = fe_angle_inner(b, i + 2);
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
      p->root = fe_vroot(b, out0);
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
      mdl_valref r = fe_vroot(b, a[i].buf);
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
void fe_place_stmts(fe_b *b, fe_op *op, mdl_block *blk, mdl_stmt *last) {
  uint8_t want = fe_op_core_attr(b, op, "hivm.tcore_type");
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
void fe_place_pending(fe_b *b) {
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
  fe_gen_read(b, op, &g);
  if (code == OP_MMADL1 || code == OP_BATCHMMADL1) {
    if (g.nseg < 7) {
      fe_gen_unsupported(b, op);
      return false;
    }
    fe_gen_take(&g, fe_gen_seg_start(&g, 0), fe_gen_seg_len(&g, 0), ins);
    fe_gen_take(&g, fe_gen_seg_start(&g, 1), fe_gen_seg_len(&g, 1), ins);
    fe_gen_take(&g, fe_gen_seg_start(&g, 9), fe_gen_seg_len(&g, 9), ins);
    fe_gen_take(&g, fe_gen_seg_start(&g, 6), fe_gen_seg_len(&g, 6), outs);
    fe_gen_take(&g, fe_gen_seg_start(&g, 7), fe_gen_seg_len(&g, 7), sync);
    return true;
  }
  if (code == OP_MMADMXL1 || code == OP_MLOAD || code == OP_MSTORE) {
    fe_gen_unsupported(b, op); /* operand layout not documented / scalar */
    return false;
  }
  uint32_t si = fe_gen_seg_start(&g, 0), sn = fe_gen_seg_len(&g, 0);
  uint32_t di = fe_gen_seg_start(&g, 1), dn = fe_gen_seg_len(&g, 1);
  fe_gen_take(&g, si, sn, ins);
  fe_gen_take(&g, di, dn, outs);
  for (uint32_t i = di + dn; i < g.n; i++) { /* temp_buffer, ...: RW */
    fe_gen_take(&g, i, 1, ins);
    fe_gen_take(&g, i, 1, outs);
  }
  return true;
}

void fe_build_data(fe_b *b, fe_op *op, fe_opcode code) {
  mdl_acc_spec acc[70], acc2[8];
  uint32_t na = 0, na2 = 0;
  mdl_pipe pipe = code == OP_VECTOR ? MDL_PIPE_V : fe_opcode_pipe(code);
  mdl_pipe pipe2 = MDL_PIPE_NONE;
  mdl_space src_sp = MDL_SPACE_LOCAL, dst_sp = MDL_SPACE_LOCAL;
  char nb[64];
  const char *opname = fe_op_text(b, op, nb, sizeof nb);
  if (code == OP_MLOAD || code == OP_MSTORE) {
    /* memref.load %buf[%i] : T ; memref.store %v, %buf[%i] : T */
    uint32_t t = op->name + 1;
    if (generic(b, op)) {
      fe_gen_unsupported(b, op);
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
    mdl_valref buf = fe_indexed(b, t, "memref");
    if (buf == MDL_NOVAL)
      return;
    mdl_value *bv = mdl_value_at(b->bd.f, buf);
    mdl_valref index = fe_elem_index(b, t + 1, op->t0);
    if (bv->slot) {
      if (code == OP_MSTORE) {
        mdl_stmt *s = fe_emit(b, MDL_S_SSTORE, op->t0);
        s->u.sst.slot = buf;
        s->u.sst.index = index;
        s->u.sst.val = fe_lookup(b, op->name + 1);
      } else {
        mdl_stmt *s = mdl_b_scalar(
            &b->bd, MDL_X_SLOAD,
            fe_new_value(b, op->nres ? op->res[0].tok : ~0u, NULL), buf, index,
            LOC(b, op->t0));
        if (op->nres)
          fe_bind_result(b, op, 0, s->def);
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
      fe_bind_unknown_results(b, op, false);
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
    uint32_t gi = fe_find_group(b, op, "ins"),
             go = fe_find_group(b, op, "outs");
    if (go == ~0u && code != OP_VECTOR) {
      fe_error(b->p, op->t0, "%s expects 'ins(...) outs(...)'", opname);
      b->failed = true;
      return;
    }
    if (gi != ~0u)
      fe_parse_group(b, gi, &ins);
    if (go != ~0u)
      fe_parse_group(b, go, &outs);
  }
  bool macro = code == OP_MMADL1 || code == OP_BATCHMMADL1 ||
               code == OP_MMADMXL1;
  for (uint32_t i = 0; i < ins.n; i++) {
    mdl_valref v = fe_lookup(b, ins.tok[i]);
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
    mdl_valref v = fe_lookup(b, outs.tok[i]);
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
  uint32_t sg = fe_find_group(b, op, "sync_related_args");
  if (sg != ~0u || have_gsync) {
    fe_operands g = gsync;
    if (sg != ~0u)
      fe_parse_group(b, sg, &g);
    nsargs = g.n;
    sargs = fe_arena_vals(b, nsargs);
    for (uint32_t i = 0; i < g.n; i++)
      sargs[i] = fe_lookup(b, g.tok[i]);
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
  for (uint32_t j = 0; j < fe_nresults(op); j++) {
    mdl_valref init = j < outs.n && j < 32 ? outv[j] : MDL_NOVAL;
    if (init != MDL_NOVAL && !mdl_value_at(b->bd.f, init)->is_memref)
      fe_bind_result(b, op, j,
                     fe_emit_alias(b, op, op->res[0].tok, init, NULL, NULL));
    else
      fe_bind_result(b, op, j, fe_new_value(b, op->res[0].tok, NULL));
  }
}

/* ------------------------------------------------------------- unknown */

void fe_build_unknown(fe_b *b, fe_op *op) {
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
    mdl_valref v = fe_lookup(b, i);
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
  const char *opname = fe_op_text(b, op, nb, sizeof nb);
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
      uint32_t mark = fe_scope_mark(b);
      fe_build_region(b, op->regions[r], NULL, NULL, 0, NULL, 0);
      fe_scope_pop(b, mark);
    }
  }
  /* results: memref results alias the first memref operand, or are new */
  fe_type rty;
  bool has = fe_result_type(b, op, &rty);
  for (uint32_t j = 0; j < fe_nresults(op); j++) {
    if (has && rty.kind == 1) {
      mdl_stmt *s = mdl_b_buf(&b->bd,
                              first_mem != MDL_NOVAL ? MDL_B_WHOLE
                                                     : MDL_B_ALLOC,
                              fe_new_value(b, op->res[0].tok, NULL),
                              "opaque result", LOC(b, op->t0));
      s->u.b.src = first_mem;
      s->u.b.size = rty.bytes;
      fe_set_memref_info(b, s->def, &rty,
                         first_mem != MDL_NOVAL
                             ? mdl_value_at(b->bd.f, first_mem)->space
                             : MDL_SPACE_LOCAL);
      s->u.b.space = mdl_value_at(b->bd.f, s->def)->space;
      fe_bind_result(b, op, j, s->def);
    } else {
      mdl_stmt *s =
          mdl_b_scalar(&b->bd, MDL_X_UNKNOWN,
                       fe_new_value(b, op->res[0].tok, has ? &rty : NULL),
                       MDL_NOVAL, MDL_NOVAL, LOC(b, op->t0));
      fe_bind_result(b, op, j, s->def);
    }
  }
}
