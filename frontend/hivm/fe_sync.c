/*
** fe_sync.c -- HIVM sync ops, custom and generic form.
**
** set_flag / wait_flag, pipe_barrier, sync_block_set / sync_block_wait
** and sync_block: their pipes, event ids and modes read from the syntax,
** the statements made by the model builder.
*/
#include "fe_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------------- sync */

/* Inner identifier of "<X>" or "#hivm.foo<X>" at t; ~0u if not that. */
uint32_t fe_angle_inner(fe_b *b, uint32_t t) {
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
  uint32_t in = fe_angle_inner(b, t);
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
    return fe_lookup(b, t);
  int64_t v;
  if (fe_tok_int(b, t, &v))
    return fe_emit_const(b, v, at);
  uint32_t in = fe_angle_inner(b, t);
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
        return fe_emit_const(b, id, at);
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
  fe_gen_read(b, op, &g);
  mdl_stmt *s = NULL;
  uint32_t n;
  const char *nm = fe_op_name(b->p, op->name, &n);
  switch (code) {
  case OP_SET_FLAG:
  case OP_WAIT_FLAG: {
    uint32_t sp = fe_gen_attr(b, op, "set_pipe"),
             wp = fe_gen_attr(b, op, "wait_pipe");
    uint32_t ev = fe_gen_attr(b, op, "static_event_id");
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
    uint32_t pv = fe_gen_attr(b, op, "pipe");
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
    uint32_t ct = fe_gen_attr(b, op, "tcore_type"),
             tp = fe_gen_attr(b, op, "tpipe");
    uint32_t pp = fe_gen_attr(b, op, "pipe"),
             fl = fe_gen_attr(b, op, "static_flag_id");
    uint32_t in = ct != ~0u ? fe_angle_inner(b, ct) : ~0u;
    mdl_pipe sp, wp;
    if (in == ~0u || tp == ~0u || pp == ~0u ||
        (fl == ~0u && !fe_gen_seg_len(&g, 0))) {
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
    uint32_t mv = fe_gen_attr(b, op, "tsync_instr_mode");
    uint32_t mi = mv != ~0u ? fe_angle_inner(b, mv) : ~0u;
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
    fe_gen_unsupported(b, op);
    return;
  }
  s->name = mdl_strdup(b->bd.k->arena, nm, n);
}

void fe_build_sync(fe_b *b, fe_op *op, fe_opcode code) {
  if (generic(b, op)) {
    build_sync_generic(b, op, code);
    return;
  }
  uint32_t lsq = fe_find_tok(b, op, T_LSQ, 0);
  if (lsq == ~0u) {
    char buf[48];
    fe_error(b->p, op->t0, "expected '[' after %s",
             fe_op_text(b, op, buf, sizeof buf));
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
  const char *opname = fe_op_text(b, op, nb, sizeof nb);
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
    uint32_t in = fe_angle_inner(b, items[0]);
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
    uint32_t fv = fe_find_kv(b, op, "flag");
    if (fv == ~0u) {
      fe_error(b->p, close, "%s needs 'flag = N'", opname);
      b->failed = true;
      return;
    }
    mdl_valref flag = parse_event(b, fv, op->t0);
    if (flag == MDL_NOVAL)
      return;
    mdl_xmode mode = MDL_XMODE_INTRA_BLOCK;
    uint32_t mv = fe_find_kv(b, op, "sync_instr_mode");
    if (mv != ~0u) {
      uint32_t mi = fe_angle_inner(b, mv);
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
    uint32_t in = n ? fe_angle_inner(b, items[0]) : ~0u;
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
    uint32_t cp = fe_find_kv(b, op, "tcube_pipe"),
             vp = fe_find_kv(b, op, "tvector_pipe");
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
