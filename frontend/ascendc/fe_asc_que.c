/*
** fe_asc_que.c -- the queue framework's implicit sync: TPipe (its buffer
** pools, its event-id allocator, its constructor's priming and its
** destructor's drain), TQue / TQueBind (AllocTensor, EnQue, DeQue,
** FreeTensor) and InitBuffer of queues.  ksv reads no library
** header, so this file is the library written down as abstract state
** (docs/ascendc-queues.md cites the source of every rule): the calls are
** followed in program order, their sets and waits are emitted as model
** statements at the call that performs them, exactly like written ones,
** with the ids the allocator would hand out.
*/
#include "fe_asc_x.h"

#include <stdio.h>
#include <string.h>

#define QUE_MAX_BUF 64      /* QBUF_MAX_LEN: buffers of one TPipe */
#define QUE_MAX_EVENT 8     /* ids per HardEvent (hardware range 0-7) */
#define QUE_BLK 32          /* ONE_BLK_SIZE: InitBuffer rounds len up */
#define QUE_NOID (-1)       /* INVALID_TEVENTID */

typedef enum { QB_FREE, QB_OCCUPIED, QB_ENQUE, QB_DEQUE } que_bstate;

typedef struct {
  uint8_t state;               /* que_bstate */
  int8_t enq_id, free_id;      /* event ids held, QUE_NOID */
  int64_t addr;                /* byte offset in the pool's space */
} que_buf;

/* The dynamic state of a queue: what loops compare (que_snap). */
typedef struct {
  int32_t cursor, head, tail, used;
  int16_t ring[QUE_MAX_BUF];   /* buffer index per ring slot, -1 empty */
  que_buf b[QUE_MAX_BUF];
} que_dyn;

/* Where a buffer's tensor was dequeued, for `ksv fix` (mdl_que_unfreed):
** kept beside the state, not in it, so that loops and branches compare the
** library's state only (two arms naming the tensor otherwise are one
** state). */
typedef struct {
  const char *recv, *var;      /* NULL var: not bound to a local */
  mdl_loc deque, after;
} que_deq;

typedef struct {
  const char *name;            /* the variable, for messages */
  fe_asc_pos src, dst;         /* logical positions (TQueBind<src, dst>) */
  int64_t depth;
  bool has_evt;                /* the pair has events (GetQueEvt != MAX) */
  mdl_pipe ep1, ep2;           /* enQueEvt */
  mdl_pipe fp1, fp2;           /* freeBufEvt */
  mdl_space space;             /* the buffer pool's memory */
  fe_asc_pos pos;              /* GetPosition(src, dst): the tensors' pos */
  bool inited;                 /* InitBuffer ran */
  int num;
  int64_t len;                 /* rounded to 32 */
  fe_asc_tensor base;          /* the block of all num buffers */
  que_dyn d;
  int hang1;                   /* 1 + the id of the wait nothing sets that
                                  stands for a hung AllocTensor, 0 none */
  que_deq deq[QUE_MAX_BUF];    /* per buffer, while it is dequeued */
} que_q;

/* The allocator and the buffer table of a TPipe. */
typedef struct {
  uint16_t occupy[MDL_NPIPE][MDL_NPIPE]; /* taken ids per HardEvent */
  bool destroyed;
  bool primed;                 /* a2 AIC: M_MTE1 0..2 set by the ctor */
  uint32_t nq;
  que_q *q[QUE_MAX_BUF];       /* queues in InitBuffer order */
} que_pipe;

/* Per core: the pipe GetTPipePtr() returns (the last constructed). */
typedef struct {
  fe_asc_obj *cur;
  bool sym_warned;             /* a call in symbolic control flow reported */
} que_core;

/* ------------------------------------------------ positions and events */

/* GetPhyType (event:369-438) for a2/a5: the memory of a position;
** FE_POS_COUNT for a memory ksv has no space for (BIAS, FIXBUF). */
static fe_asc_pos que_phys(fe_asc_pos p) {
  switch (p) {
  case FE_POS_GM: case FE_POS_CO2: return FE_POS_GM;
  case FE_POS_VECIN: case FE_POS_VECOUT: case FE_POS_VECCALC:
  case FE_POS_UB: return FE_POS_UB;
  case FE_POS_A1: case FE_POS_B1: case FE_POS_C1: case FE_POS_L1:
    return FE_POS_L1;
  case FE_POS_A2: case FE_POS_L0A: return FE_POS_L0A;
  case FE_POS_B2: case FE_POS_L0B: return FE_POS_L0B;
  case FE_POS_CO1: case FE_POS_L0C: return FE_POS_L0C;
  default: return FE_POS_COUNT; /* C2: BIAS */
  }
}

/* GetBufferLogicPos (event:478-509): TQue<pos> is TQueBind<src, dst>. */
static bool que_logic(fe_asc_pos p, fe_asc_pos *src, fe_asc_pos *dst) {
  static const struct { fe_asc_pos p, s, d; } tab[] = {
    {FE_POS_A1, FE_POS_GM, FE_POS_A1},    {FE_POS_B1, FE_POS_GM, FE_POS_B1},
    {FE_POS_C1, FE_POS_GM, FE_POS_C1},    {FE_POS_A2, FE_POS_A1, FE_POS_A2},
    {FE_POS_B2, FE_POS_B1, FE_POS_B2},    {FE_POS_C2, FE_POS_C1, FE_POS_C2},
    {FE_POS_CO1, FE_POS_CO1, FE_POS_CO2}, {FE_POS_CO2, FE_POS_CO2, FE_POS_GM},
    {FE_POS_VECIN, FE_POS_GM, FE_POS_VECIN},
    {FE_POS_VECOUT, FE_POS_VECOUT, FE_POS_GM},
  };
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (tab[i].p == p) {
      *src = tab[i].s, *dst = tab[i].d;
      return true;
    }
  return false; /* VECCALC (asserted by the library), Hardware values */
}

/* GetQueEvt (event:540-644) on a2/a5 memories: the enqueue (fwd) or the
** free-buffer event of a queue from memory s to memory d as its pipe
** pair; false for HardEvent::MAX (no event). */
static bool que_evt(fe_asc_pos s, fe_asc_pos d, bool fwd, mdl_pipe *p1,
                    mdl_pipe *p2) {
  mdl_pipe a = MDL_PIPE_NONE, b = MDL_PIPE_NONE;
  if (s == FE_POS_GM) {
    if (d == FE_POS_UB) a = MDL_PIPE_MTE2, b = MDL_PIPE_V;
    else if (d == FE_POS_L1) a = MDL_PIPE_MTE2, b = MDL_PIPE_MTE1;
    else if (d == FE_POS_L0A || d == FE_POS_L0B) a = MDL_PIPE_MTE2, b = MDL_PIPE_M;
  } else if (s == FE_POS_UB) {
    if (d == FE_POS_GM) a = MDL_PIPE_V, b = MDL_PIPE_MTE3;
    else if (d == FE_POS_L1) a = MDL_PIPE_MTE3, b = MDL_PIPE_MTE1;
    else if (d == FE_POS_UB) a = MDL_PIPE_MTE2, b = MDL_PIPE_MTE3;
    else if (d == FE_POS_L0C && fwd) a = MDL_PIPE_V, b = MDL_PIPE_V;
  } else if (s == FE_POS_L1) {
    if (d == FE_POS_UB) a = MDL_PIPE_MTE1, b = MDL_PIPE_V;
    else if (d == FE_POS_L0A || d == FE_POS_L0B) a = MDL_PIPE_MTE1, b = MDL_PIPE_M;
  } else if (s == FE_POS_L0A || s == FE_POS_L0B) {
    if (d == FE_POS_L0C) a = MDL_PIPE_M, b = MDL_PIPE_V;
  } else if (s == FE_POS_L0C) {
    if (d == FE_POS_GM) a = MDL_PIPE_M, b = MDL_PIPE_FIX;
  }
  if (a == MDL_PIPE_NONE)
    return false;
  /* the free-buffer event is the reverse pair (fwdDirect false) */
  *p1 = fwd ? a : b;
  *p2 = fwd ? b : a;
  return true;
}

static mdl_space que_space(fe_asc_pos phys) {
  switch (phys) {
  case FE_POS_UB: return MDL_SPACE_UB;
  case FE_POS_L1: return MDL_SPACE_L1;
  case FE_POS_L0A: return MDL_SPACE_L0A;
  case FE_POS_L0B: return MDL_SPACE_L0B;
  case FE_POS_L0C: return MDL_SPACE_L0C;
  default: return MDL_SPACE_COUNT;
  }
}

/* ---------------------------------------------------------- emission */

static que_core *que_core_of(fe_asc_ctx *x) {
  if (!x->que)
    x->que = mdl_alloc(x->bd.k->arena, sizeof(que_core));
  return x->que;
}

static que_pipe *que_pipe_of(fe_asc_obj *o) {
  if (!o || o->kind != FE_OBJ_TPIPE)
    return NULL;
  return o->ext;
}

/* The pipe a queue call goes through: the last constructed (GetTPipePtr,
** tpipe:157-168). */
static que_pipe *que_cur_pipe(fe_asc_ctx *x) {
  return que_pipe_of(que_core_of(x)->cur);
}

/* SetFlag / WaitFlag<p1_p2>(id) of the library at loc; V_V sets as
** pipe_barrier(PIPE_V) and waits as nothing (event:964, 1193). */
static void que_flag(fe_asc_ctx *x, bool wait, mdl_pipe p1, mdl_pipe p2,
                     int id, mdl_loc loc, const char *why) {
  mdl_stmt *s;
  if (p1 == MDL_PIPE_V && p2 == MDL_PIPE_V) {
    if (wait)
      return;
    s = mdl_b_barrier(&x->bd, MDL_PIPE_V, loc);
  } else {
    s = mdl_b_flag(&x->bd, wait, p1, p2, mdl_b_const(&x->bd, id, loc), loc);
  }
  s->name = why;
  s->implicit = true; /* the library's: never redundant, never edited */
  x->used_core = true;
}

/* Is this the first report at loc?  A call in an unrolled loop is
** reported once, not once per iteration, and the file is extracted once
** per core: a diagnostic already in the list at loc is not repeated. */
static bool que_first(fe_asc_ctx *x, mdl_loc loc) {
  for (uint32_t i = 0; i < x->diags->items.len; i++) {
    const mdl_diag *g = &MDL_VEC_AT(x->diags->items, mdl_diag, i);
    if (g->line == loc.line && g->col == loc.col &&
        (g->rule == MDL_RULE_DEADLOCK || g->rule == MDL_RULE_UNSUPPORTED ||
         g->rule == MDL_RULE_INVALID_SYNC))
      return false;
  }
  return true;
}

/* AllocEventID<p1_p2> (tpipe:497-510): the lowest free id, taken.  A
** full allocator gives 8 (sff0 of a full low byte; the range check is a
** debug assert only): an id out of the hardware's range.  For the
** library's own syncs (loc not NULL) it is reported here at *loc, as the
** checker does not check implicit syncs as written ones; an id the kernel
** takes itself (AllocEventID in user code) it checks at the kernel's
** SetFlag. */
static int que_alloc_id(fe_asc_ctx *x, que_pipe *p, mdl_pipe p1, mdl_pipe p2,
                        const mdl_loc *loc) {
  if (!p || p1 >= MDL_NPIPE || p2 >= MDL_NPIPE)
    return 0;
  uint16_t *m = &p->occupy[p1][p2];
  int id = 0;
  while (id < QUE_MAX_EVENT && (*m >> id & 1))
    id++;
  if (id < QUE_MAX_EVENT)
    *m |= (uint16_t)(1u << id);
  else if (loc && que_first(x, *loc))
    mdl_diag_add(x->diags, MDL_RULE_INVALID_SYNC, MDL_SEV_ERROR, x->path,
                 NULL, loc->line, loc->col,
                 "all %d event ids of %s->%s are held: the TPipe allocator "
                 "hands out id %d, outside the hardware's 0-%d "
                 "(kernel_tpipe_impl.h:497-510)", QUE_MAX_EVENT,
                 mdl_pipe_name(p1), mdl_pipe_name(p2), id,
                 QUE_MAX_EVENT - 1);
  return id;
}

static void que_release_id(que_pipe *p, mdl_pipe p1, mdl_pipe p2, int id) {
  if (p && p1 < MDL_NPIPE && p2 < MDL_NPIPE && id >= 0 && id < QUE_MAX_EVENT)
    p->occupy[p1][p2] &= (uint16_t)~(1u << id);
}

static int que_fetch_id(const que_pipe *p, mdl_pipe p1, mdl_pipe p2) {
  if (!p || p1 >= MDL_NPIPE || p2 >= MDL_NPIPE)
    return 0;
  int id = 0;
  while (id < QUE_MAX_EVENT && (p->occupy[p1][p2] >> id & 1))
    id++;
  return id;
}

static mdl_loc que_loc(fe_asc_ctx *x, const fe_asc_call *c) {
  return fe_asc_loc(x, c->node);
}


static const char *que_name(const que_q *q) {
  return q->name ? q->name : "queue";
}

/* ------------------------------------------------------ declarations */

/* A template argument of a queue type: a position or an integer (a
** literal, a constexpr name, TPosition::X), by the extraction's evaluator
** first, then by name. */
static bool que_targ(fe_asc_ctx *x, TSNode a, fe_asc_val *out) {
  *out = fe_asc_expr(x, a);
  if (out->kind == FE_AV_INT || out->kind == FE_AV_POS)
    return true;
  const char *last = fe_asc_last_name(x, a);
  if (last && fe_asc_libconst(last, out) && out->kind == FE_AV_POS)
    return true;
  return last && fe_asc_lookup(x, last, out) && out->kind == FE_AV_INT;
}

/* The declared variable's name of a declaration whose type is ty (for
** messages), or NULL. */
static const char *que_var_name(fe_asc_ctx *x, TSNode ty) {
  TSNode d = ts_node_parent(ty);
  while (!ts_node_is_null(d) && strcmp(ts_node_type(d), "declaration") &&
         strcmp(ts_node_type(d), "field_declaration"))
    d = ts_node_parent(d);
  if (ts_node_is_null(d))
    return NULL;
  TSNode v = ts_node_child_by_field_name(d, "declarator", 10);
  while (!ts_node_is_null(v) && strcmp(ts_node_type(v), "identifier") &&
         strcmp(ts_node_type(v), "field_identifier"))
    v = ts_node_child_by_field_name(v, "declarator", 10);
  return ts_node_is_null(v) ? NULL : fe_asc_text(x, v);
}

/* Reads TQue<pos, depth> / TQueBind<src, dst, depth> off type node ty. */
static bool que_read_type(fe_asc_ctx *x, fe_asc_obj *o, que_q *q, TSNode ty) {
  fe_asc_val v[4];
  uint32_t n = 0;
  while (!ts_node_is_null(ty) &&
         !strcmp(ts_node_type(ty), "qualified_identifier"))
    ty = ts_node_child_by_field_name(ty, "name", 4);
  TSNode args = ts_node_is_null(ty)
                    ? ty : ts_node_child_by_field_name(ty, "arguments", 9);
  for (uint32_t i = 0; !ts_node_is_null(args) && n < 4 &&
                       i < ts_node_named_child_count(args); i++)
    if (!que_targ(x, ts_node_named_child(args, i), &v[n++]))
      return false;
  bool bind = o->type && strstr(o->type, "TQueBind");
  if (bind) {
    if (n < 3 || v[0].kind != FE_AV_POS || v[1].kind != FE_AV_POS ||
        v[2].kind != FE_AV_INT)
      return false;
    q->src = (fe_asc_pos)v[0].i, q->dst = (fe_asc_pos)v[1].i;
    q->depth = v[2].i;
  } else {
    if (n < 2 || v[0].kind != FE_AV_POS || v[1].kind != FE_AV_INT)
      return false;
    if (!que_logic((fe_asc_pos)v[0].i, &q->src, &q->dst))
      return false;
    q->depth = v[1].i;
  }
  return q->depth >= 0 && q->depth <= QUE_MAX_BUF;
}

/* The events, pool and tensor position of queue q (GetQueEvt,
** GetBufferPos, GetPosition; event:440-476, 540-644). */
static bool que_classify(que_q *q) {
  fe_asc_pos ps = que_phys(q->src), pd = que_phys(q->dst);
  if (ps == FE_POS_COUNT || pd == FE_POS_COUNT)
    return false;
  bool to_gm = q->dst == FE_POS_GM || q->dst == FE_POS_CO2;
  q->space = que_space(to_gm ? ps : pd);
  q->pos = to_gm ? q->src : q->dst;
  if (q->space == MDL_SPACE_COUNT)
    return false;
  q->has_evt = que_evt(ps, pd, true, &q->ep1, &q->ep2) &&
               que_evt(ps, pd, false, &q->fp1, &q->fp2);
  return q->has_evt;
}

/* The TPipe constructor (tpipe:74-170): empty pools and allocator; on a2
** on the AIC the matmul macro's M_MTE1 ids 0, 1, 2 are taken and set. */
static void que_pipe_new(fe_asc_ctx *x, fe_asc_obj *o, TSNode at) {
  que_pipe *p = mdl_alloc(x->bd.k->arena, sizeof *p);
  o->ext = p;
  que_core_of(x)->cur = o;
  if (x->core != FE_ASC_CORE_AIC || x->bd.k->prof->arch != MDL_ARCH_A2)
    return;
  mdl_loc loc = fe_asc_loc(x, at);
  for (int i = 0; i < 3; i++)
    que_flag(x, false, MDL_PIPE_M, MDL_PIPE_MTE1,
             que_alloc_id(x, p, MDL_PIPE_M, MDL_PIPE_MTE1, &loc), loc,
             "TPipe constructor (matmul M_MTE1 priming)");
  p->primed = true;
}

void fe_asc_que_declare(fe_asc_ctx *x, fe_asc_obj *o, TSNode ty) {
  if (o->kind == FE_OBJ_TPIPE) {
    que_pipe_new(x, o, ty);
    return;
  }
  if (o->kind != FE_OBJ_TQUE)
    return;
  que_q *q = mdl_alloc(x->bd.k->arena, sizeof *q);
  q->name = que_var_name(x, ty);
  o->ext = q;
  if (!que_read_type(x, o, q, ty)) {
    fe_asc_unsupported(x, ty, "queue type '%s': positions or depth not "
                       "understood", fe_asc_text(x, ty));
    o->ext = NULL;
    return;
  }
  if (!que_classify(q)) {
    fe_asc_unsupported(x, ty, "queue type '%s': a position pair whose "
                       "events or memory ksv does not model "
                       "(docs/ascendc-queues.md 1)", fe_asc_text(x, ty));
    o->ext = NULL;
    return;
  }
  o->pos = q->src, o->pos2 = q->dst, o->depth = q->depth;
}

/* Is block t inside a loop body or a branch arm of block b? */
static bool que_nested(const mdl_block *b, const mdl_block *t, bool inside) {
  if (b == t)
    return inside;
  for (const mdl_stmt *s = b->first; s; s = s->next) {
    if (s->kind == MDL_S_FOR && que_nested(&s->u.loop.body, t, true))
      return true;
    if (s->kind == MDL_S_WHILE && (que_nested(&s->u.wh.before, t, true) ||
                                   que_nested(&s->u.wh.after, t, true)))
      return true;
    if (s->kind == MDL_S_IF && (que_nested(&s->u.cif.then_b, t, true) ||
                                que_nested(&s->u.cif.else_b, t, true)))
      return true;
  }
  return false;
}

/* A queue call the extraction does not follow concretely: in a model loop
** (one extraction of the body for every iteration) or a model branch (a
** condition on a symbolic value), where the buffer and the ids it uses
** depend on the iteration or the path (docs/ascendc-queues.md 7).  The
** kernel is then unknown, never clean or wrongly accused. */
static bool que_symbolic_flow(fe_asc_ctx *x, const fe_asc_call *c) {
  /* (after an early return in the entry function the rest is one path:
     fe_asc_ctx.path_root, wt-core) */
  const mdl_block *root = x->path_root ? x->path_root : &x->bd.f->body;
  if (x->bd.blk == root || !que_nested(root, x->bd.blk, false))
    return false;
  que_core *qc = que_core_of(x);
  mdl_loc loc = que_loc(x, c);
  if (!qc->sym_warned && que_first(x, loc))
    fe_asc_unsupported(x, c->node, "%s in a loop whose trip count ksv "
                       "keeps symbolic, or in a branch on a symbolic "
                       "condition: the buffer and the event ids the queue "
                       "framework uses there depend on the iteration or the "
                       "path", c->name);
  else if (!x->unknown) /* reported by the other core's extraction */
    snprintf(x->unknown_why, sizeof x->unknown_why, "%s in a loop or branch "
             "ksv does not follow concretely (at %u:%u)", c->name, loc.line,
             loc.col);
  qc->sym_warned = true; /* once per core: the rest follow from it */
  x->unknown = true;
  return true;
}

static que_q *que_of(fe_asc_ctx *x, const fe_asc_call *c) {
  que_q *q = c->obj ? c->obj->ext : NULL;
  if (!q) {
    fe_asc_unsupported(x, c->node, "%s on a queue ksv does not model",
                       c->name);
    return NULL;
  }
  if (!q->inited) {
    fe_asc_unsupported(x, c->node, "%s on a queue before its InitBuffer",
                       c->name);
    return NULL;
  }
  que_symbolic_flow(x, c); /* followed anyway: the kernel is unknown */
  return q;
}

/* ------------------------------------------------------- InitBuffer */

static int64_t que_round(int64_t len) {
  return (len + QUE_BLK - 1) / QUE_BLK * QUE_BLK;
}

/* A root buffer of its own for one InitBuffer buffer whose length is not
** a constant: the pipe's bump allocator lays every InitBuffer block out
** after the previous ones (tpipe:299-330), so blocks never overlap, and a
** distinct allocation says exactly that without symbolic (rounded, hence
** non-linear) addresses. */
static fe_asc_tensor que_root(fe_asc_ctx *x, mdl_space sp, fe_asc_pos pos,
                              const que_q *q, int i, mdl_loc loc) {
  fe_asc_tensor t;
  memset(&t, 0, sizeof t);
  char nm[96];
  snprintf(nm, sizeof nm, "%s.buf%d", que_name(q), i);
  const char *name = mdl_strdup(x->bd.k->arena, nm, strlen(nm));
  mdl_valref v = mdl_b_value(&x->bd, name);
  mdl_stmt *s = mdl_b_buf(&x->bd, MDL_B_ALLOC, v, name, loc);
  s->u.b.space = sp;
  s->u.b.size = -1;
  mdl_b_memref_info(&x->bd, v, sp, -1, 0);
  t.space = sp, t.pos = pos, t.buf = v;
  t.off = 0, t.off_sym = MDL_NOVAL, t.bytes = -1;
  return t;
}

/* InitBuffer(que, num, len) (tpipe:247-341): num buffers of len rounded up
** to 32, consecutive in the pool; FREE with invalid ids (depth != 0), or,
** depth 0, each takes its two ids and sets its free event (priming). */
static bool que_init_que(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_obj *o,
                         que_pipe *p) {
  que_q *q = o->ext;
  mdl_loc loc = que_loc(x, c);
  int64_t num, len = -1;
  if (!q)
    return true; /* reported at its declaration */
  if (c->nargs < 3 || !fe_asc_const(&c->arg[1], &num) || num < 1 ||
      num > QUE_MAX_BUF || p->nq >= QUE_MAX_BUF) {
    fe_asc_unsupported(x, c->node, "InitBuffer of queue '%s' whose buffer "
                       "count is not a constant in 1..64", que_name(q));
    return true;
  }
  bool cl = fe_asc_const(&c->arg[2], &len);
  if (cl && len <= 0) {
    fe_asc_unsupported(x, c->node, "InitBuffer of queue '%s' with length "
                       "%lld", que_name(q), (long long)len);
    return true;
  }
  memset(&q->d, 0, sizeof q->d);
  q->num = (int)num, q->len = cl ? que_round(len) : -1;
  if (cl)
    q->base = fe_asc_local_alloc(x, q->space, q->pos, num * q->len, 0);
  for (int i = 0; i < q->num; i++) {
    que_buf *b = &q->d.b[i];
    b->state = QB_FREE, b->enq_id = b->free_id = QUE_NOID;
    b->addr = cl ? q->base.off + i * q->len : i;
    if (q->depth == 0) {
      b->enq_id = (int8_t)que_alloc_id(x, p, q->ep1, q->ep2, &loc);
      b->free_id = (int8_t)que_alloc_id(x, p, q->fp1, q->fp2, &loc);
      que_flag(x, false, q->fp1, q->fp2, b->free_id, loc,
               "InitBuffer (depth-0 queue: free event primed)");
    }
  }
  for (int i = 0; i < QUE_MAX_BUF; i++)
    q->d.ring[i] = -1;
  if (!cl) {
    /* one root per buffer: addr is the buffer's index, base unused */
    q->base = que_root(x, q->space, q->pos, q, 0, loc);
    q->d.b[0].addr = (int64_t)q->base.buf;
    for (int i = 1; i < q->num; i++)
      q->d.b[i].addr = (int64_t)que_root(x, q->space, q->pos, q, i, loc).buf;
  }
  q->inited = true;
  p->q[p->nq++] = q;
  x->used_core = true;
  return true;
}

static bool h_init_buffer(fe_asc_ctx *x, const fe_asc_call *c,
                          fe_asc_val *res) {
  *res = fe_asc_int(1); /* returns true */
  que_pipe *p = que_pipe_of(c->obj);
  fe_asc_obj *o = c->nargs ? c->arg[0].o : NULL;
  if (!p || c->nargs < 2 || c->arg[0].kind != FE_AV_OBJ || !o)
    return false;
  /* a TBuf's InitBuffer (one buffer, no sync, tpipe:347-407) is the core
     table's: declined here */
  if (o->kind == FE_OBJ_TQUE)
    return que_init_que(x, c, o, p);
  return false;
}

/* ----------------------------------------------- tensors and buffers */

/* Is buffer b of q the one tensor t lies in? */
static bool que_holds(const que_q *q, const que_buf *b, const fe_asc_tensor *t) {
  if (t->space != q->space || t->whole)
    return false;
  if (q->len < 0) /* a root per buffer */
    return t->buf == (mdl_valref)b->addr;
  return t->buf == q->base.buf && t->off_sym == MDL_NOVAL &&
         t->off >= b->addr && t->off < b->addr + q->len;
}

/* The buffer of q that tensor argument a is (a copy or a sub-tensor of
** an AllocTensor/DeQue result), or -1 with a located report. */
static int que_find(fe_asc_ctx *x, const fe_asc_call *c, que_q *q,
                    const fe_asc_val *a) {
  if (a->kind == FE_AV_LTENSOR)
    for (int i = 0; i < q->num; i++)
      if (que_holds(q, &q->d.b[i], &a->t))
        return i;
  fe_asc_unsupported(x, c->node, "%s on queue '%s' of a tensor ksv cannot "
                     "tell is one of its buffers", c->name, que_name(q));
  return -1;
}

/* The LocalTensor of buffer i of q, elements of elem bytes. */
static fe_asc_tensor que_tensor(const que_q *q, int i, uint32_t elem) {
  fe_asc_tensor t = q->base;
  t.pos = q->pos;
  t.elem = elem;
  t.off_sym = MDL_NOVAL;
  t.whole = false;
  if (q->len < 0) {
    t.buf = (mdl_valref)q->d.b[i].addr;
    t.off = 0, t.bytes = -1;
  } else {
    t.off = q->d.b[i].addr, t.bytes = q->len;
  }
  return t;
}

/* The element size of the call's first template argument (T of
** AllocTensor<T>), 0 when absent or unknown. */
static uint32_t que_elem(fe_asc_ctx *x, const fe_asc_call *c) {
  if (c->ntargs == 0)
    return 0;
  if (c->targ[0].kind == FE_AV_TYPE) /* a type the extraction knows */
    return (uint32_t)c->targ[0].i;
  if (ts_node_is_null(c->targ_node[0]))
    return 0;
  return fe_asc_sizeof(fe_asc_text(x, c->targ_node[0]));
}

/* --------------------------------- what a missing FreeTensor would be */

/* Does the subtree of n name local variable var (an identifier, not a
** member's field_identifier)? */
static bool que_names(const fe_asc_ctx *x, TSNode n, const char *var) {
  if (!strcmp(ts_node_type(n), "identifier")) {
    uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
    return b - a == strlen(var) && !memcmp(x->u->text + a, var, b - a);
  }
  for (uint32_t i = 0; i < ts_node_named_child_count(n); i++)
    if (que_names(x, ts_node_named_child(n, i), var))
      return true;
  return false;
}

/* Where DeQue call c's result goes, for the FreeTensor ksv fix may add
** (docs/fix.md "Ascend C"): the local variable its declaration binds
** (`LocalTensor<half> z = q.DeQue<half>();`), the queue as the call
** spells it with its operator, and the last statement of the declaring
** block that names the variable, after which the tensor is dead.  Only
** a local: a member or an out parameter lives on past the function, and
** a FreeTensor placed by this function's text could free it too early.
** A last statement that leaves the block (return, break, ...) has no
** after: no record. */
static void que_bind(fe_asc_ctx *x, const fe_asc_call *c, que_deq *d) {
  memset(d, 0, sizeof *d);
  TSNode fn = fe_asc_child(c->node, "function");
  TSNode fld = fe_asc_child(fn, "field");
  if (ts_node_is_null(fld)) /* also a call without a node (unit tests) */
    return;
  TSNode id = ts_node_parent(c->node);
  if (ts_node_is_null(id) || strcmp(ts_node_type(id), "init_declarator"))
    return;
  TSNode var = fe_asc_child(id, "declarator");
  TSNode st = ts_node_parent(id), blk = ts_node_parent(st);
  if (ts_node_is_null(var) || strcmp(ts_node_type(var), "identifier") ||
      ts_node_is_null(blk) || strcmp(ts_node_type(st), "declaration") ||
      strcmp(ts_node_type(blk), "compound_statement"))
    return;
  const char *v = fe_asc_text(x, var);
  TSNode last = st;
  bool after = false;
  for (uint32_t i = 0; i < ts_node_named_child_count(blk); i++) {
    TSNode s = ts_node_named_child(blk, i);
    if (ts_node_eq(s, st))
      after = true;
    else if (after && que_names(x, s, v))
      last = s;
  }
  static const char *const leaves[] = {"return_statement", "break_statement",
                                       "continue_statement", "goto_statement",
                                       NULL};
  for (int i = 0; leaves[i]; i++)
    if (!strcmp(ts_node_type(last), leaves[i]))
      return;
  uint32_t a = ts_node_start_byte(fn), b = ts_node_start_byte(fld);
  d->recv = mdl_strdup(x->bd.k->arena, x->u->text + a, b > a ? b - a : 0);
  d->var = v;
  d->deque = que_loc(x, c);
  d->after = fe_asc_loc(x, last);
}

/* A hung AllocTensor of q at loc: each buffer of q dequeued and never
** freed is a FreeTensor missing; recorded once per (call, tensor) in
** the kernel, for ksv fix. */
static void que_note_unfreed(fe_asc_ctx *x, que_q *q, mdl_loc loc) {
  mdl_kernel *k = x->bd.k;
  for (int i = 0; i < q->num; i++) {
    const que_deq *d = &q->deq[i];
    if (q->d.b[i].state != QB_DEQUE || !d->var)
      continue;
    bool dup = false;
    for (uint32_t j = 0; j < k->que_unfreed.len && !dup; j++) {
      const mdl_que_unfreed *u = &MDL_VEC_AT(k->que_unfreed,
                                             mdl_que_unfreed, j);
      dup = u->alloc.line == loc.line && u->alloc.col == loc.col &&
            u->alloc.file == loc.file && u->after.line == d->after.line &&
            u->after.file == d->after.file && !strcmp(u->tensor, d->var) &&
            !strcmp(u->recv, d->recv);
    }
    if (dup)
      continue;
    mdl_que_unfreed *u = mdl_vec_push(&k->que_unfreed, sizeof *u);
    u->alloc = loc, u->deque = d->deque, u->after = d->after;
    u->recv = d->recv, u->tensor = d->var;
  }
}

/* --------------------------------------------------------- the calls */

static void que_deadlock(fe_asc_ctx *x, const fe_asc_call *c, que_q *q) {
  mdl_loc loc = que_loc(x, c);
  if (!que_first(x, loc))
    return;
  mdl_diag_add(x->diags, MDL_RULE_DEADLOCK, MDL_SEV_ERROR, x->path, NULL,
               loc.line, loc.col,
               "AllocTensor on queue '%s': all %d of its buffers are "
               "allocated and none was freed: the library's AllocBuffer "
               "spins forever (kernel_tquebind_impl.h:593-657); what is "
               "reported after it assumes the allocation went through",
               que_name(q), q->num);
}

/* AllocTensor<T>() (tquebind:586-674): the first FREE buffer from the
** cursor, round robin; it waits and releases the free event of the
** FreeTensor that freed it, if any.  AllocTensor<T>(t), depth 0
** (tquebind:99-143): the same buffer search, an unconditional wait of the
** buffer's own free id, t becomes the buffer. */
static bool h_alloc(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  que_q *q = que_of(x, c);
  que_pipe *p = que_cur_pipe(x);
  if (!q)
    return true;
  mdl_loc loc = que_loc(x, c);
  int i = -1;
  for (int k = 0; k < q->num; k++) {
    int j = (q->d.cursor + k) % q->num;
    if (q->d.b[j].state == QB_FREE) {
      i = j;
      break;
    }
  }
  if (i < 0) {
    /* the library spins forever: a wait nothing sets (an id taken and
       never released), so the checker reports the deadlock at this call
       and, as behind any deadlock, nothing after it on this core */
    if (!q->hang1 && p && !(q->fp1 == MDL_PIPE_V && q->fp2 == MDL_PIPE_V)) {
      /* the highest id free (hand-picked ids are usually the low ones),
         taken for good */
      uint16_t *m = &p->occupy[q->fp1][q->fp2];
      for (int id = QUE_MAX_EVENT - 1; id >= 0 && !q->hang1; id--)
        if (!(*m >> id & 1)) {
          *m |= (uint16_t)(1u << id);
          q->hang1 = 1 + id;
        }
    }
    que_note_unfreed(x, q, loc);
    int never = q->hang1 ? q->hang1 - 1 : QUE_MAX_EVENT;
    if (never < QUE_MAX_EVENT)
      que_flag(x, true, q->fp1, q->fp2, never, loc,
               "AllocTensor with every buffer allocated and none freed (the "
               "library's AllocBuffer spins forever, "
               "kernel_tquebind_impl.h:593-657)");
    else
      que_deadlock(x, c, q);
    i = q->d.cursor % q->num;
  }
  q->d.cursor = (i + 1) % q->num;
  que_buf *b = &q->d.b[i];
  b->state = QB_OCCUPIED;
  if (q->depth == 0) {
    que_flag(x, true, q->fp1, q->fp2, b->free_id, loc,
             "AllocTensor (waits the buffer's free event)");
  } else if (b->free_id != QUE_NOID) {
    que_flag(x, true, q->fp1, q->fp2, b->free_id, loc,
             "AllocTensor (waits the FreeTensor of this buffer)");
    que_release_id(p, q->fp1, q->fp2, b->free_id);
    b->free_id = QUE_NOID;
  }
  res->kind = FE_AV_LTENSOR;
  res->t = que_tensor(q, i, que_elem(x, c));
  if (q->depth == 0 && c->nargs >= 1 && !ts_node_is_null(c->arg_node[0]))
    fe_asc_assign(x, c->arg_node[0], *res);
  return true;
}

/* The events of an EnQue/DeQue: the queue's, or those of the user
** positions EnQue<srcUserPos, dstUserPos> (tquebind:169-244). */
static bool que_user_evt(fe_asc_ctx *x, const fe_asc_call *c, const que_q *q,
                         mdl_pipe *p1, mdl_pipe *p2) {
  *p1 = q->ep1, *p2 = q->ep2;
  if (c->ntargs < 2 || c->targ[0].kind != FE_AV_POS ||
      c->targ[1].kind != FE_AV_POS)
    return true;
  if (!que_evt(que_phys((fe_asc_pos)c->targ[0].i),
               que_phys((fe_asc_pos)c->targ[1].i), true, p1, p2)) {
    fe_asc_unsupported(x, c->node, "%s with user positions ksv does not "
                       "model", c->name);
    return false;
  }
  return true;
}

/* EnQue(t) (tquebind:247-324): the buffer into the ring's tail slot (depth
** 1: the one slot, overwritten), an enqueue id allocated and set. */
static bool h_enque(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  *res = fe_asc_int(1);
  que_q *q = que_of(x, c);
  que_pipe *p = que_cur_pipe(x);
  mdl_pipe p1, p2;
  if (!q) /* reported */
    return true;
  if (c->nargs < 1) /* not a form ksv knows: the caller reports it */
    return false;
  int i = que_find(x, c, q, &c->arg[0]);
  if (i < 0 || !que_user_evt(x, c, q, &p1, &p2))
    return true;
  mdl_loc loc = que_loc(x, c);
  que_buf *b = &q->d.b[i];
  if (q->depth == 0) {
    que_flag(x, false, q->ep1, q->ep2, b->enq_id, loc,
             "EnQue (sets the buffer's enqueue event)");
    b->state = QB_ENQUE;
    return true;
  }
  if (q->d.used >= q->depth && que_first(x, loc))
    fe_asc_warn(x, c->node, "EnQue on queue '%s' holding %d of depth %lld: "
                "the library overwrites the oldest slot", que_name(q),
                q->d.used, (long long)q->depth);
  int slot = q->depth == 1 ? 0 : q->d.tail;
  q->d.ring[slot] = (int16_t)i;
  if (q->d.used < q->depth)
    q->d.used++;
  if (q->depth != 1)
    q->d.tail = (q->d.tail + 1) % (int)q->depth;
  b->state = QB_ENQUE;
  if (p1 == MDL_PIPE_V && p2 == MDL_PIPE_V)
    b->enq_id = 0; /* V_V: a barrier, id 0 unallocated (tquebind:222) */
  else
    b->enq_id = (int8_t)que_alloc_id(x, p, p1, p2, &loc);
  que_flag(x, false, p1, p2, b->enq_id, loc,
           "EnQue (sets the enqueue event)");
  return true;
}

/* DeQue<T>() (tquebind:365-427): the buffer of the ring's head slot; it
** waits and releases the enqueue id, if valid.  An empty queue: the
** library reads a stale slot whose id is invalid (no wait); ksv warns and
** hands out the oldest allocated, not enqueued buffer, which is what the
** kernel meant to receive. */
static bool h_deque(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  que_q *q = que_of(x, c);
  que_pipe *p = que_cur_pipe(x);
  mdl_pipe p1, p2;
  if (!q || !que_user_evt(x, c, q, &p1, &p2)) /* reported */
    return true;
  mdl_loc loc = que_loc(x, c);
  if (q->depth == 0) { /* DeQue(t) in place (tquebind:336-352) */
    int i = c->nargs >= 1 ? que_find(x, c, q, &c->arg[0]) : -1;
    if (i >= 0) {
      que_flag(x, true, q->ep1, q->ep2, q->d.b[i].enq_id, loc,
               "DeQue (waits the buffer's enqueue event)");
      q->d.b[i].state = QB_DEQUE;
    }
    return true;
  }
  int slot = q->depth == 1 ? 0 : q->d.head;
  int i = q->d.used > 0 ? q->d.ring[slot] : -1;
  if (i < 0) {
    if (que_first(x, loc))
      fe_asc_warn(x, c->node, "DeQue on queue '%s', which holds no tensor "
                  "(no EnQue before it): the library waits nothing",
                  que_name(q));
    for (int k = 0; k < q->num && i < 0; k++) {
      int j = (q->d.cursor + k) % q->num;
      if (q->d.b[j].state == QB_OCCUPIED)
        i = j;
    }
    if (i < 0)
      i = q->d.ring[slot] >= 0 ? q->d.ring[slot] : 0;
  } else {
    q->d.used--;
    if (q->depth != 1)
      q->d.head = (q->d.head + 1) % (int)q->depth;
    que_buf *b = &q->d.b[i];
    if (b->enq_id != QUE_NOID) {
      que_flag(x, true, p1, p2, b->enq_id, loc,
               "DeQue (waits the EnQue of this buffer)");
      if (!(p1 == MDL_PIPE_V && p2 == MDL_PIPE_V))
        que_release_id(p, p1, p2, b->enq_id);
      b->enq_id = QUE_NOID;
    }
  }
  q->d.b[i].state = QB_DEQUE;
  que_bind(x, c, &q->deq[i]);
  res->kind = FE_AV_LTENSOR;
  res->t = que_tensor(q, i, que_elem(x, c));
  return true;
}

/* FreeTensor(t) (tquebind:509-583): a free id allocated and set (depth 0:
** the buffer's own id set); the buffer is FREE again. */
static bool h_free(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  *res = fe_asc_unknown();
  que_q *q = que_of(x, c);
  que_pipe *p = que_cur_pipe(x);
  if (!q) /* reported */
    return true;
  if (c->nargs < 1) /* not a form ksv knows: the caller reports it */
    return false;
  int i = que_find(x, c, q, &c->arg[0]);
  if (i < 0)
    return true;
  que_buf *b = &q->d.b[i];
  mdl_loc loc = que_loc(x, c);
  if (b->state == QB_FREE) {
    if (que_first(x, loc))
      fe_asc_warn(x, c->node, "FreeTensor of a buffer of queue '%s' that "
                  "is free already", que_name(q));
    return true;
  }
  if (b->enq_id != QUE_NOID && q->depth != 0 && que_first(x, loc))
    fe_asc_warn(x, c->node, "FreeTensor on queue '%s' of a tensor still "
                "enqueued (its enqueue event is never waited)", que_name(q));
  if (q->depth != 0)
    b->free_id = (int8_t)que_alloc_id(x, p, q->fp1, q->fp2, &loc);
  que_flag(x, false, q->fp1, q->fp2, b->free_id, loc,
           "FreeTensor (sets the free-buffer event)");
  b->state = QB_FREE;
  return true;
}

/* FreeAllEvent() (tquebind:677-699): waits and releases every pending
** free event of the queue. */
static bool h_free_all(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  *res = fe_asc_unknown();
  que_q *q = que_of(x, c);
  que_pipe *p = que_cur_pipe(x);
  if (!q)
    return true;
  for (int i = 0; i < q->num && q->depth != 0; i++) {
    que_buf *b = &q->d.b[i];
    if (b->free_id == QUE_NOID)
      continue;
    que_flag(x, true, q->fp1, q->fp2, b->free_id, que_loc(x, c),
             "FreeAllEvent (waits a free-buffer event)");
    que_release_id(p, q->fp1, q->fp2, b->free_id);
    b->free_id = QUE_NOID;
  }
  return true;
}

/* HasTensorInQue, VacantInQue, GetTensorCountInQue, HasIdleBuffer
** (tquebind:712-784): known from the state. */
static bool h_query(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  que_q *q = que_of(x, c);
  if (!q)
    return true;
  int idle = 0;
  for (int i = 0; i < q->num; i++)
    idle += q->d.b[i].state == QB_FREE;
  if (!strcmp(c->name, "HasTensorInQue"))
    *res = fe_asc_int(q->d.used > 0);
  else if (!strcmp(c->name, "VacantInQue"))
    *res = fe_asc_int(q->d.used < q->depth);
  else if (!strcmp(c->name, "GetTensorCountInQue"))
    *res = fe_asc_int(q->d.used);
  else
    *res = fe_asc_int(idle > 0);
  res->ct = 32; /* int32_t GetTensorCountInQue(); bool, promoted, of the
                   others (tquebind:712-784) */
  return true;
}

/* ------------------------------------------------ the TPipe's calls */

/* The HardEvent of AllocEventID<evt>() / FetchEventID(evt) / ...<evt>. */
static bool que_hevt(fe_asc_ctx *x, const fe_asc_call *c, mdl_pipe *p1,
                     mdl_pipe *p2) {
  const fe_asc_val *e = c->ntargs && c->targ[0].kind == FE_AV_HEVT ? &c->targ[0]
                        : c->nargs && c->arg[0].kind == FE_AV_HEVT ? &c->arg[0]
                                                                   : NULL;
  if (!e || e->i >= MDL_NPIPE || e->j >= MDL_NPIPE) {
    fe_asc_unsupported(x, c->node, "%s of an event ksv cannot work out",
                       c->name);
    return false;
  }
  *p1 = (mdl_pipe)e->i, *p2 = (mdl_pipe)e->j;
  return true;
}

static bool h_alloc_id(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  mdl_pipe p1, p2;
  que_pipe *p = que_pipe_of(c->obj);
  if (!p || !que_hevt(x, c, &p1, &p2))
    return p != NULL;
  *res = fe_asc_int(que_alloc_id(x, p, p1, p2, NULL));
  res->ct = 8; /* TEventID (int8_t) AllocEventID() (tpipe:498) */
  return true;
}

static bool h_fetch_id(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  mdl_pipe p1, p2;
  que_pipe *p = que_pipe_of(c->obj);
  if (!p || !que_hevt(x, c, &p1, &p2))
    return p != NULL;
  *res = fe_asc_int(que_fetch_id(p, p1, p2));
  res->ct = 8; /* TEventID (int8_t) FetchEventID() (tpipe:526) */
  return true;
}

static bool h_release_id(fe_asc_ctx *x, const fe_asc_call *c,
                         fe_asc_val *res) {
  mdl_pipe p1, p2;
  int64_t id;
  *res = fe_asc_unknown();
  que_pipe *p = que_pipe_of(c->obj);
  if (!p || !que_hevt(x, c, &p1, &p2))
    return p != NULL;
  const fe_asc_val *a = &c->arg[c->nargs ? c->nargs - 1 : 0];
  if (!c->nargs || !fe_asc_const(a, &id)) {
    fe_asc_unsupported(x, c->node, "ReleaseEventID of an id that is not a "
                       "constant");
    return true;
  }
  que_release_id(p, p1, p2, (int)id);
  return true;
}

/* The drain of DestroyWithoutPipeAll / Reset (tpipe:557-593, 606-616):
** every FREE buffer's pending free event is waited. */
static void que_drain(fe_asc_ctx *x, que_pipe *p, mdl_loc loc,
                      const char *why) {
  for (uint32_t k = 0; k < p->nq; k++) {
    que_q *q = p->q[k];
    for (int i = 0; i < q->num; i++) {
      que_buf *b = &q->d.b[i];
      if (b->free_id == QUE_NOID || b->state != QB_FREE)
        continue;
      que_flag(x, true, q->fp1, q->fp2, b->free_id, loc, why);
      b->free_id = QUE_NOID;
    }
  }
}

/* Destroy() (tpipe:595-604): the drain, the a2 AIC M_MTE1 waits, then
** pipe_barrier(PIPE_ALL); the destructor calls it once (tpipe:80-86). */
static void que_destroy(fe_asc_ctx *x, que_pipe *p, mdl_loc loc) {
  if (p->destroyed)
    return;
  p->destroyed = true;
  que_drain(x, p, loc, "TPipe destructor (waits the last FreeTensor)");
  if (p->primed)
    for (int i = 0; i < 3; i++) {
      que_flag(x, true, MDL_PIPE_M, MDL_PIPE_MTE1, i, loc,
               "TPipe destructor (matmul M_MTE1 drain)");
      que_release_id(p, MDL_PIPE_M, MDL_PIPE_MTE1, i);
    }
  mdl_stmt *s = mdl_b_barrier(&x->bd, MDL_PIPE_ALL, loc);
  s->name = "TPipe destructor (pipe_barrier(PIPE_ALL))";
  s->implicit = true;
  x->used_core = true;
}

static bool h_destroy(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  *res = fe_asc_unknown();
  que_pipe *p = que_pipe_of(c->obj);
  if (!p)
    return false;
  que_destroy(x, p, que_loc(x, c));
  return true;
}

/* Reset() (tpipe:606-624): the drain, then empty pools and allocator. */
static bool h_reset(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  *res = fe_asc_unknown();
  que_pipe *p = que_pipe_of(c->obj);
  if (!p)
    return false;
  que_drain(x, p, que_loc(x, c), "TPipe::Reset (waits the last FreeTensor)");
  memset(p->occupy, 0, sizeof p->occupy);
  for (uint32_t k = 0; k < p->nq; k++)
    p->q[k]->inited = false;
  p->nq = 0;
  return true;
}

/* GetTPipePtr(): the pipe constructed last. */
static bool h_get_pipe(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res) {
  fe_asc_obj *o = que_core_of(x)->cur;
  if (!o) {
    fe_asc_unsupported(x, c->node, "GetTPipePtr() before any TPipe");
    return true;
  }
  res->kind = FE_AV_OBJ;
  res->o = o;
  return true;
}

void fe_asc_que_destroy(fe_asc_ctx *x, fe_asc_obj *o, mdl_loc loc) {
  que_pipe *p = que_pipe_of(o);
  if (p)
    que_destroy(x, p, loc);
}

/* ------------------------------------------------- loops (snapshots) */

/* The queue state of the current pipe, for a loop that is not unrolled:
** a body whose one pass leaves the state as it found it issues the same
** ids in every iteration (docs/ascendc-queues.md 7). */
typedef struct {
  que_pipe pipe;
  que_dyn d[QUE_MAX_BUF];
} que_snap_t;

void *fe_asc_que_save(fe_asc_ctx *x) {
  que_pipe *p = que_cur_pipe(x);
  if (!p)
    return NULL;
  que_snap_t *s = mdl_alloc(x->bd.k->arena, sizeof *s);
  s->pipe = *p;
  for (uint32_t k = 0; k < p->nq; k++)
    s->d[k] = p->q[k]->d;
  return s;
}

bool fe_asc_que_same(fe_asc_ctx *x, const void *snap) {
  que_pipe *p = que_cur_pipe(x);
  const que_snap_t *s = snap;
  if (!p || !s)
    return p == NULL && s == NULL;
  if (s->pipe.nq != p->nq || s->pipe.destroyed != p->destroyed ||
      memcmp(s->pipe.occupy, p->occupy, sizeof p->occupy))
    return false;
  for (uint32_t k = 0; k < p->nq; k++)
    if (s->pipe.q[k] != p->q[k] ||
        memcmp(&s->d[k], &p->q[k]->d, sizeof s->d[k]))
      return false;
  return true;
}

void fe_asc_que_restore(fe_asc_ctx *x, const void *snap) {
  que_pipe *p = que_cur_pipe(x);
  const que_snap_t *s = snap;
  if (!p || !s)
    return;
  *p = s->pipe;
  for (uint32_t k = 0; k < p->nq; k++)
    p->q[k]->d = s->d[k];
}

/* ------------------------------------------------------------- table */

#define Q FE_API_OBJ(FE_OBJ_TQUE)
#define P FE_API_OBJ(FE_OBJ_TPIPE)
const fe_asc_api fe_asc_api_que[] = {
  {"InitBuffer", P, h_init_buffer},
  {"AllocEventID", P, h_alloc_id},
  {"ReleaseEventID", P, h_release_id},
  {"FetchEventID", P, h_fetch_id},
  {"Destroy", P, h_destroy},
  {"Reset", P, h_reset},
  {"GetTPipePtr", FE_API_FREE, h_get_pipe},
  {"AllocTensor", Q, h_alloc},
  {"EnQue", Q, h_enque},
  {"DeQue", Q, h_deque},
  {"FreeTensor", Q, h_free},
  {"FreeAllEvent", Q, h_free_all},
  {"HasTensorInQue", Q, h_query},
  {"VacantInQue", Q, h_query},
  {"GetTensorCountInQue", Q, h_query},
  {"HasIdleBuffer", Q, h_query},
  {NULL, 0, NULL},
};
#undef Q
#undef P
