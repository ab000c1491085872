/*
** mdl_unroll.c -- executes each core's structured program abstractly and
** emits the instance graph.
**
** Scalars are evaluated as constants or linear forms over symbolic atoms.
** Loops with known trip counts are unrolled exactly (up to max_unroll
** iterations); loops with unknown trip counts are unrolled sym_bound
** times, each iteration guarded by "iteration k exists"; branches on
** unknown conditions run both ways, each side guarded by its outcome.
** The guard of every instance says under which outcomes it exists.
*/
#include "mdl.h"
#include "mdl_view.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define L0_HALF 32768

typedef struct {
  bool valid;
  uint32_t mem;
  mdl_val root, off;
  int64_t size, root_size;
  mdl_vlay lay;               /* layout and index box (mdl_view.c) */
  uint32_t alt;               /* other memories it may name (a union of an
                                 unknown branch): 1 + index into ur.alts,
                                 whole root ranges; 0 none */
} ref_t;

#define UNION_MAX 8           /* memories one value may name */

#define SLOT_LITS 64
typedef struct {
  mdl_valref slot;
  int64_t index;
  mdl_val v;
  uint32_t nl;                /* guard literals in force at the store */
  uint32_t lits[SLOT_LITS];   /* (lit ids are unique per push) */
} slotval;

/* Guards interned by content: an open-addressing table of guard ids,
** shared by the cores of a kernel (a kernel with many unknown branches
** or trip counts has many guards; a linear search made unrolling
** quadratic in them). */
typedef struct {
  uint32_t *slot; /* guard ids, 0 = empty */
  uint32_t cap;   /* power of two */
} guard_tab;

/* Work done while unrolling one kernel, against its limits. */
#define MAX_CUTS 8
typedef struct {
  uint64_t steps;  /* statements executed, all cores */
  guard_tab gt;
  /* loops past the unroll budget that are checked on their first K
     iterations (statement ids): known before they run (scf.for with a
     constant trip count, a scf.while that provably never ends) or found
     by a run that reached --max-unroll (restart) */
  uint32_t cuts[MAX_CUTS], ncuts;
  uint32_t restart;  /* a scf.while to cut on the next run, or ~0 */
  uint32_t cut_seen[MAX_CUTS], nseen; /* loops cut in this run */
} ur_budget;

typedef struct {
  mdl_kernel *k;
  const mdl_limits *lim;
  ur_budget *bud;
  int core;
  mdl_core_type ctype;
  const mdl_func *f;
  mdl_val *env;
  ref_t *refs;
  uint32_t *loop_count;       /* by statement id: running iteration count */
  uint32_t depth;
  uint32_t iters[MDL_MAX_DEPTH], loops[MDL_MAX_DEPTH];
  mdl_vec litstack;           /* uint32_t lit ids */
  uint32_t guard;             /* interned current guard */
  mdl_vec slots;              /* slotval */
  uint32_t last_id_form;      /* form of the last symbolic id_of() */
  uint32_t fresh;
  mdl_loc at;                 /* the statement being executed */
  uint32_t cur_box;           /* box of the accesses being added */
  mdl_vec alts;               /* ref_t: alternatives of unions (immutable) */
  uint64_t trip;              /* the loop being cut: its trip count (0:
                                  not known, a scf.while) */
  bool stop;
} ur;

static void set_limit(ur *u, const char *msg) {
  if (!u->k->limit_hit)
    u->k->limit_hit = mdl_strprintf("%s", msg);
  u->stop = true;
}

static void set_input_error(ur *u, mdl_loc loc, const char *msg) {
  if (!u->k->input_error) {
    u->k->input_error = mdl_strprintf("%s", msg);
    u->k->input_error_loc = loc;
  }
  u->stop = true;
}

static mdl_val val(ur *u, mdl_valref v) {
  if (v == MDL_NOVAL || v >= u->f->values.len) {
    mdl_val x = {0};
    x.unknown = true;
    return x;
  }
  return u->env[v];
}

static mdl_val unknown(void) {
  mdl_val x = {0};
  x.unknown = true;
  return x;
}

/* ------------------------------------------------------------- guards */

static uint64_t lit_hash(uint64_t h, const mdl_lit *l) {
  uint64_t x = ((uint64_t)l->atom_form << 2) ^ ((uint64_t)l->kind << 1) ^
               l->positive ^ ((uint64_t)l->k * 0x9e3779b97f4a7c15ull);
  return (h ^ x) * 0x100000001b3ull;
}

static uint64_t guard_hash(const mdl_kernel *k, const mdl_guard *g) {
  uint64_t h = 0xcbf29ce484222325ull ^ g->n;
  for (uint32_t i = 0; i < g->n; i++)
    h = lit_hash(h, &MDL_VEC_AT(k->lits, mdl_lit, g->first + i));
  return h;
}

/* Keeps the table at most half full (guard 0, "true", is never in it). */
static void guard_tab_grow(guard_tab *t, const mdl_kernel *k) {
  if ((uint64_t)k->guards.len * 2 < t->cap)
    return;
  uint32_t nc = t->cap ? t->cap * 2 : 256;
  uint32_t *ns = calloc(nc, sizeof *ns);
  if (!ns) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  for (uint32_t g = 1; g < k->guards.len; g++) {
    uint32_t j = (uint32_t)guard_hash(k, &MDL_VEC_AT(k->guards, mdl_guard, g))
                 & (nc - 1);
    while (ns[j])
      j = (j + 1) & (nc - 1);
    ns[j] = g;
  }
  free(t->slot);
  t->slot = ns;
  t->cap = nc;
}

static void recompute_guard(ur *u) {
  if (!u->litstack.len) {
    u->guard = 0;
    return;
  }
  mdl_kernel *k = u->k;
  /* intern: look the literal stack up in the table of existing guards */
  uint32_t n = u->litstack.len;
  const uint32_t *ls = u->litstack.data;
  guard_tab *t = &u->bud->gt;
  guard_tab_grow(t, k);
  u->bud->steps += n; /* hashing n literals is work too */
  uint64_t h = 0xcbf29ce484222325ull ^ n;
  for (uint32_t i = 0; i < n; i++)
    h = lit_hash(h, &MDL_VEC_AT(k->lits, mdl_lit, ls[i]));
  uint32_t j = (uint32_t)h & (t->cap - 1);
  for (; t->slot[j]; j = (j + 1) & (t->cap - 1)) {
    uint32_t g = t->slot[j];
    const mdl_guard *gd = &MDL_VEC_AT(k->guards, mdl_guard, g);
    if (gd->n != n)
      continue;
    bool same = true;
    for (uint32_t i = 0; i < n && same; i++) {
      const mdl_lit *a = &MDL_VEC_AT(k->lits, mdl_lit, gd->first + i);
      const mdl_lit *b = &MDL_VEC_AT(k->lits, mdl_lit, ls[i]);
      same = a->atom_form == b->atom_form && a->k == b->k &&
             a->kind == b->kind && a->positive == b->positive;
    }
    if (same) {
      u->guard = g;
      return;
    }
  }
  t->slot[j] = k->guards.len; /* the guard pushed below */
  u->bud->steps += n;          /* its literals count as work (and memory) */
  mdl_guard *gd = mdl_vec_push(&k->guards, sizeof *gd);
  gd->first = k->lits.len;
  gd->n = n;
  for (uint32_t i = 0; i < n; i++) {
    mdl_lit l = MDL_VEC_AT(k->lits, mdl_lit, ls[i]);
    *(mdl_lit *)mdl_vec_push(&k->lits, sizeof l) = l;
  }
  u->guard = k->guards.len - 1;
  k->concrete = false;
}

static void push_lit(ur *u, uint8_t kind, const mdl_val *form, int64_t kk,
                     bool positive, mdl_loc loc) {
  mdl_lit *l = mdl_vec_push(&u->k->lits, sizeof *l);
  l->kind = kind;
  l->atom_form = mdl_form_intern(u->k, form);
  l->k = kk;
  l->positive = positive;
  l->loc = loc;
  uint32_t *e = mdl_vec_push(&u->litstack, sizeof *e);
  *e = u->k->lits.len - 1;
  recompute_guard(u);
}

static void pop_lit(ur *u) {
  u->litstack.len--;
  recompute_guard(u);
}

/* ---------------------------------------------------------- instances */

static mdl_inst *new_inst(ur *u, const mdl_stmt *s, mdl_inst_kind kind,
                          mdl_pipe pipe) {
  mdl_kernel *k = u->k;
  if (k->insts.len >= u->lim->max_instances) {
    char msg[160];
    snprintf(msg, sizeof msg,
             "more than %llu instances (--max-instances); the kernel was "
             "not analysed",
             (unsigned long long)u->lim->max_instances);
    set_limit(u, msg);
    return NULL;
  }
  mdl_inst *in = mdl_vec_push(&k->insts, sizeof *in);
  in->kind = kind;
  in->core = (uint8_t)u->core;
  in->pipe = (uint8_t)pipe;
  in->pipe2 = MDL_PIPE_NONE;
  in->id = -1;
  in->stmt = s->id;
  in->loc = s->loc;
  /* the compiler's sync (mdl_auto_sync) is never a finding of its own
     nor removable, like the other syncs the source does not spell */
  in->implicit = in->auto_sync = s->auto_sync;
  in->acc_first = k->accesses.len;
  in->guard = u->guard;
  in->after = ~0u;
  in->depth = (uint8_t)(u->depth < MDL_MAX_DEPTH ? u->depth : MDL_MAX_DEPTH);
  for (uint32_t d = 0; d < in->depth; d++) {
    in->iter[d] = u->iters[d];
    in->loops[d] = u->loops[d];
  }
  return in;
}

static int32_t id_of(ur *u, mdl_valref v) {
  mdl_val x = val(u, v);
  u->last_id_form = 0;
  if (!x.unknown && x.n)
    u->last_id_form = mdl_form_intern(u->k, &x);
  if (mdl_val_is_const(&x) && x.c >= INT32_MIN && x.c <= INT32_MAX)
    return (int32_t)x.c;
  return x.unknown || x.n ? -1 : (int32_t)x.c;
}

static void add_access1(ur *u, uint32_t mem, const mdl_val *off,
                        int64_t size, uint8_t mode);

/* a5 moves data between the cores of a MIX kernel without GM: the cube's
** FIX (L0C -> UB) and MTE1 (L1 -> UB) write the UB of the vector cores,
** and an AIV's MTE3 (UB -> L1) writes the cube's L1.  Such an access
** names the other core's memory (docs/semantics-decisions.md 15); a cube
** write to UB reaches both AIVs (dual destination, or a target sub-block
** the IR does not name). */
static void add_access(ur *u, uint32_t mem, const mdl_val *off, int64_t size,
                       uint8_t mode) {
  mdl_kernel *k = u->k;
  const mdl_memory *m = mdl_memory_at(k, mem);
  if (k->prof->arch == MDL_ARCH_A5 && k->kind == MDL_KIND_MIX &&
      m->core >= 0 && m->argno < 0 && m->alloc_id == 0) {
    mdl_space sp = m->space;
    bool to_aiv = u->ctype == MDL_CORE_AIC && sp == MDL_SPACE_UB;
    bool to_aic = u->ctype == MDL_CORE_AIV && sp == MDL_SPACE_L1;
    if (to_aiv || to_aic) {
      for (uint32_t c = 0; c < k->ncores; c++)
        if (k->cores[c].type == (to_aiv ? MDL_CORE_AIV : MDL_CORE_AIC))
          add_access1(u, mdl_memory_get(k, sp, (int)c, -1, 0,
                                        mdl_space_name(sp)),
                      off, size, mode);
      return;
    }
  }
  add_access1(u, mem, off, size, mode);
}

static void add_access1(ur *u, uint32_t mem, const mdl_val *off,
                        int64_t size, uint8_t mode) {
  mdl_access *a = mdl_vec_push(&u->k->accesses, sizeof *a);
  a->mem = mem;
  a->mode = mode;
  a->box = u->cur_box;
  if (off->unknown) {
    a->lo = 0;
    a->hi = INT64_MAX;
    return;
  }
  a->lo = off->c;
  if (off->n) {
    mdl_val sym = *off;
    sym.c = 0;
    a->sym = true;
    a->form = mdl_form_intern(u->k, &sym);
  }
  if (size < 0 || a->lo > INT64_MAX - size)
    a->hi = INT64_MAX;
  else
    a->hi = a->lo + size;
  /* a concrete address outside the 48-bit address space (negative, e.g.
     an i64 near 2^64, or past 2^48) is no buffer of any Ascend core: an
     input error, not a range to compare (it wrapped or was clamped) */
  const int64_t top = (int64_t)1 << 48;
  if (!a->sym && (a->lo < 0 || a->lo >= top ||
                  (size >= 0 && a->hi > top))) {
    char msg[200];
    snprintf(msg, sizeof msg,
             "access to %s at 0x%llx (+%lld bytes) is outside the 48-bit "
             "address space", mdl_memory_at(u->k, mem)->name,
             (unsigned long long)a->lo, (long long)size);
    set_input_error(u, u->at, msg);
  }
  if (a->lo < 0 && !a->sym) {
    /* negative offsets: clamp, the range still overlaps what it touches */
    a->lo = 0;
    if (a->hi < 0)
      a->hi = 0;
  }
}

static uint32_t core_mem(ur *u, mdl_space sp) {
  char name[32];
  snprintf(name, sizeof name, "%s", mdl_space_name(sp));
  return mdl_memory_get(u->k, sp, u->core, -1, 0, name);
}

static void emit_accs(ur *u, const mdl_acc_spec *acc, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    const mdl_acc_spec *s = &acc[i];
    if (s->core_space >= 0) {
      uint32_t mem = core_mem(u, (mdl_space)s->core_space);
      mdl_val off = mdl_val_const(0);
      int64_t size = -1;
      if (s->half != MDL_NOVAL) {
        mdl_val h = val(u, s->half);
        if (mdl_val_is_const(&h) && h.c >= 0) {
          off = mdl_val_const((h.c & 1) * L0_HALF);
          size = L0_HALF;
        }
      }
      add_access(u, mem, &off, size, s->mode);
      continue;
    }
    if (s->buf == MDL_NOVAL || s->buf >= u->f->values.len)
      continue;
    const ref_t *r = &u->refs[s->buf];
    if (!r->valid)
      continue;
    if (s->whole) {
      add_access(u, r->mem, &r->root, r->root_size, s->mode);
    } else if (s->index != MDL_NOVAL) {
      mdl_val idx = val(u, s->index);
      mdl_val e = mdl_val_const(s->elem);
      mdl_val d = mdl_val_binop(u->k, MDL_X_MUL, &idx, &e);
      mdl_val o = mdl_val_binop(u->k, MDL_X_ADD, &r->off, &d);
      add_access(u, r->mem, &o, s->elem, s->mode);
    } else {
      u->cur_box = mdl_vlay_box(u->k, &r->lay);
      add_access(u, r->mem, &r->off, r->size, s->mode);
      u->cur_box = 0;
    }
    /* a value an unknown branch chose: the other memories it may name */
    for (uint32_t x = r->alt; x; x = MDL_VEC_AT(u->alts, ref_t, x - 1).alt) {
      const ref_t *o = &MDL_VEC_AT(u->alts, ref_t, x - 1);
      add_access(u, o->mem, &o->root, o->root_size, s->mode);
    }
  }
}

/* Emits an implicit set or wait of flag (src -> dst) on the id value idv;
** a constant id below 0 means none.  lib marks the mmad library's own
** handshake; idv == MDL_NOVAL with lib gives the constant id cid. */
static void implicit_flag_id(ur *u, const mdl_stmt *s, mdl_inst_kind kind,
                             mdl_pipe src, mdl_pipe dst, mdl_valref idv,
                             int32_t cid, bool lib) {
  int32_t id = cid;
  uint32_t form = 0;
  if (idv != MDL_NOVAL || !lib) {
    if (idv == MDL_NOVAL)
      return;
    mdl_val x = val(u, idv);
    if (mdl_val_is_const(&x) && x.c < 0)
      return; /* -1 = none */
    id = id_of(u, idv);
    form = u->last_id_form;
  }
  mdl_inst *in = new_inst(u, s, kind, kind == MDL_I_SET ? src : dst);
  if (!in)
    return;
  in->pipe2 = (uint8_t)(kind == MDL_I_SET ? dst : src);
  in->id = id;
  in->id_form = form;
  in->implicit = true;
  in->lib = lib;
  in->nacc = 0;
}

static void implicit_flag(ur *u, const mdl_stmt *s, mdl_inst_kind kind,
                          mdl_pipe src, mdl_pipe dst, mdl_valref idv) {
  implicit_flag_id(u, s, kind, src, dst, idv, -1, false);
}

/* The M->MTE1 handshake of the mmad library template (SEMANTICS.md 1,
** "The mmad library's own handshake"; docs/semantics-decisions.md 40):
** which ids the op waits before its MTE1 part and sets after its M part,
** and which of EVENT_ID0/EVENT_ID1 it pre-sets at entry and waits at exit
** itself (a2, for an id [5]/[6] of -1). */
typedef struct {
  uint32_t n;          /* ids waited and set: 1 (known half) or 2 */
  mdl_valref v[2];     /* the id value, or MDL_NOVAL: constant c[] */
  int32_t c[2];
  bool own[2];         /* a2: pre-set EVENT_ID0/1 at entry, wait at exit */
} lib_hs;

static bool neg_const(ur *u, mdl_valref v) {
  mdl_val x = val(u, v);
  return v == MDL_NOVAL || (mdl_val_is_const(&x) && x.c < 0);
}

static void lib_handshake(ur *u, const mdl_stmt *s, lib_hs *h) {
  const mdl_valref *sa = s->u.op.sync_args;
  bool ids = s->u.op.mmad_lib == 1 && s->u.op.nsync >= 7;
  mdl_valref v[2] = {MDL_NOVAL, MDL_NOVAL};
  int half = -1; /* -1: alternating by k-part, or not known: both */
  if (ids) {
    for (int j = 0; j < 2; j++)
      if (!neg_const(u, sa[5 + j]))
        v[j] = sa[5 + j];
    mdl_val hv = val(u, sa[4]);
    if (mdl_val_is_const(&hv) && hv.c >= 0)
      half = (int)(hv.c & 1);
  }
  memset(h, 0, sizeof *h);
  for (int j = 0; j < 2; j++) {
    h->own[j] = u->k->prof->arch == MDL_ARCH_A2 && v[j] == MDL_NOVAL;
    if (half >= 0 && half != j)
      continue;
    h->v[h->n] = v[j];
    h->c[h->n] = j;
    h->n++;
  }
  if (h->n == 2) { /* both halves on one id: one wait and one set */
    int64_t c[2];
    bool known = true;
    for (int j = 0; j < 2; j++) {
      mdl_val x = val(u, v[j]);
      c[j] = v[j] == MDL_NOVAL ? j : x.c;
      known = known && (v[j] == MDL_NOVAL || mdl_val_is_const(&x));
    }
    if ((known && c[0] == c[1]) || (v[0] != MDL_NOVAL && v[0] == v[1]))
      h->n = 1;
  }
}

static void lib_flags(ur *u, const mdl_stmt *s, const lib_hs *h,
                      mdl_inst_kind kind) {
  for (uint32_t j = 0; j < h->n; j++)
    implicit_flag_id(u, s, kind, MDL_PIPE_M, MDL_PIPE_MTE1, h->v[j], h->c[j],
                     true);
}

static void lib_own(ur *u, const mdl_stmt *s, const lib_hs *h,
                    mdl_inst_kind kind) {
  for (int j = 0; j < 2; j++)
    if (h->own[j])
      implicit_flag_id(u, s, kind, MDL_PIPE_M, MDL_PIPE_MTE1, MDL_NOVAL, j,
                       true);
}

static void exec_op(ur *u, const mdl_stmt *s) {
  mdl_pipe p = s->u.op.pipe;
  if (!mdl_core_has_pipe(u->k->prof, u->ctype, p)) {
    char msg[200];
    snprintf(msg, sizeof msg, "'%s' runs on %s, which the %s core lacks on %s",
             s->name, mdl_pipe_name(p),
             u->ctype == MDL_CORE_AIC ? "cube (AIC)" : "vector (AIV)",
             u->k->prof->name);
    set_input_error(u, s->loc, msg);
    return;
  }
  const mdl_valref *sa = s->u.op.sync_args;
  uint32_t ns = s->u.op.nsync;
  bool lib = s->u.op.mmad_lib && s->u.op.pipe2 == MDL_PIPE_M;
  bool mmad = lib ? s->u.op.mmad_lib == 1 && ns >= 7
                  : s->u.op.pipe2 == MDL_PIPE_M && ns >= 7 && ns < 8;
  bool mmadmx = lib ? s->u.op.mmad_lib == 2 && ns >= 8
                    : s->u.op.pipe2 == MDL_PIPE_M && ns >= 8;
  lib_hs hs;
  memset(&hs, 0, sizeof hs);
  if (lib) {
    lib_handshake(u, s, &hs);
    lib_own(u, s, &hs, MDL_I_SET);
  }
  if (mmad) {
    implicit_flag(u, s, MDL_I_WAIT, MDL_PIPE_MTE2, MDL_PIPE_MTE1, sa[0]);
    implicit_flag(u, s, MDL_I_WAIT, MDL_PIPE_MTE2, MDL_PIPE_MTE1, sa[1]);
  } else if (mmadmx) {
    for (int i = 0; i < 4; i++)
      implicit_flag(u, s, MDL_I_WAIT, MDL_PIPE_MTE2, MDL_PIPE_MTE1, sa[i]);
  }
  if (lib)
    lib_flags(u, s, &hs, MDL_I_WAIT);
  mdl_inst *in = new_inst(u, s, MDL_I_OP, p);
  if (!in)
    return;
  uint32_t first = u->k->insts.len - 1;
  emit_accs(u, s->u.op.acc, s->u.op.nacc);
  in = &MDL_VEC_AT(u->k->insts, mdl_inst, first);
  in->nacc = u->k->accesses.len - in->acc_first;
  in->unit_flag = s->u.op.unit_flag && p == MDL_PIPE_FIX;
  if (s->u.op.pipe2 != MDL_PIPE_NONE) {
    if (mmad) {
      implicit_flag(u, s, MDL_I_SET, MDL_PIPE_MTE1, MDL_PIPE_MTE2, sa[2]);
      implicit_flag(u, s, MDL_I_SET, MDL_PIPE_MTE1, MDL_PIPE_MTE2, sa[3]);
    } else if (mmadmx) {
      for (int i = 4; i < 8; i++)
        implicit_flag(u, s, MDL_I_SET, MDL_PIPE_MTE1, MDL_PIPE_MTE2, sa[i]);
    }
    mdl_inst *in2 = new_inst(u, s, MDL_I_OP, s->u.op.pipe2);
    if (!in2)
      return;
    uint32_t second = u->k->insts.len - 1;
    emit_accs(u, s->u.op.acc2, s->u.op.nacc2);
    in2 = &MDL_VEC_AT(u->k->insts, mdl_inst, second);
    in2->nacc = u->k->accesses.len - in2->acc_first;
    in2->after = first;
    in2->unit_flag = s->u.op.unit_flag != 0;
    if (lib) {
      lib_flags(u, s, &hs, MDL_I_SET);
      lib_own(u, s, &hs, MDL_I_WAIT);
    }
  }
}

/* ------------------------------------------------------------ scalars */

static mdl_val atom_val(ur *u, mdl_atom_kind kind, int64_t a,
                        const char *text) {
  mdl_atom at;
  memset(&at, 0, sizeof at);
  at.kind = kind;
  at.a = a;
  snprintf(at.text, sizeof at.text, "%s", text);
  return mdl_val_atom(u->k, &at);
}

static void set_ref_from(ur *u, mdl_valref dst, mdl_valref src) {
  if (dst == MDL_NOVAL || src == MDL_NOVAL || src >= u->f->values.len)
    return;
  u->refs[dst] = u->refs[src];
}

/* Adds the memories of x (and of its alternatives) to the union list l
** of *n entries; false past UNION_MAX memories. */
static bool union_add(ur *u, ref_t *l, uint32_t *n, const ref_t *x) {
  for (;;) {
    ref_t y = *x;
    y.alt = 0;
    uint32_t j = 0;
    while (j < *n && l[j].mem != y.mem)
      j++;
    if (j == *n) {
      if (*n == UNION_MAX)
        return false;
      l[(*n)++] = y;
    } else {
      /* one memory twice: the same view, or the whole root */
      mdl_val d;
      bool same = !l[j].off.unknown && !y.off.unknown &&
                  memcmp(&l[j].off, &y.off, sizeof d) == 0 &&
                  l[j].size == y.size;
      if (!same) {
        l[j].off = l[j].root;
        l[j].size = l[j].root_size;
        memset(&l[j].lay, 0, sizeof l[j].lay); /* the whole root: no box */
      } else if (memcmp(&l[j].lay, &y.lay, sizeof y.lay) != 0) {
        memset(&l[j].lay, 0, sizeof l[j].lay);
      }
    }
    if (!x->alt)
      return true;
    x = &MDL_VEC_AT(u->alts, ref_t, x->alt - 1);
  }
}

/* Reference that stands for either a or b (unknown branch): a's view,
** and where they name different memories (ping-pong tensors of two
** buffers) those as alternatives, whole, that every access through the
** value touches too (UNION_MAX of them, else a limit). */
static ref_t ref_union(ur *u, const ref_t *a, const ref_t *b, mdl_loc loc) {
  if (!a->valid)
    return *b;
  if (!b->valid)
    return *a;
  ref_t l[UNION_MAX];
  uint32_t n = 0;
  (void)loc;
  if (!union_add(u, l, &n, a) || !union_add(u, l, &n, b)) {
    set_limit(u, "a memref chosen by unknown conditions may refer to more "
                 "than 8 memories; not analysed");
    return *a;
  }
  ref_t r = l[0];
  r.alt = 0;
  for (uint32_t j = n; j-- > 1;) {
    ref_t *o = mdl_vec_push(&u->alts, sizeof *o);
    *o = l[j];
    o->off = o->root;
    o->size = o->root_size;
    memset(&o->lay, 0, sizeof o->lay);
    o->alt = r.alt;
    r.alt = u->alts.len;
  }
  return r;
}

/* The result in the width its statement states: zero-extended from the
** operand's width (extui), wrapped to the result's (i32 arithmetic,
** trunci; 64 bits otherwise), as the hardware computes it: constants in
** place, a symbolic form that may leave the width through an exact wrap
** atom (docs/semantics-decisions.md 12). */
static mdl_val in_width(ur *u, const mdl_stmt *s, mdl_val r) {
  if (s->u.x.op == MDL_X_CMP)
    return r;
  if (s->u.x.cub && !r.unknown) {
    int bits = s->u.x.bits ? s->u.x.bits : 64;
    int64_t lo, hi, m = (int64_t)((1ull << (bits - 1)) - 1);
    if (!mdl_val_range(u->k, &r, &lo, &hi) || lo < -m - 1 || hi > m) {
      char msg[200];
      snprintf(msg, sizeof msg,
               "the signed %d-bit arithmetic at %u:%u may overflow "
               "(undefined behaviour in C++)", bits, s->loc.line, s->loc.col);
      set_limit(u, msg);
      return r;
    }
  }
  if (s->u.x.zext)
    r = mdl_val_wrap(u->k, &r, s->u.x.zext, true);
  return mdl_val_wrap(u->k, &r, s->u.x.bits ? s->u.x.bits : 64, false);
}

static bool nonneg(ur *u, mdl_valref v, int64_t top) {
  int64_t lo, hi;
  if (v == MDL_NOVAL)
    return true;
  mdl_val x = val(u, v);
  return x.unknown || (mdl_val_range(u->k, &x, &lo, &hi) && lo >= 0 &&
                       hi <= top);
}

/* An operation on a value whose C type the source does not give ksv
** (mdl_stmt.u.x.wlim): its 64-bit result r is what the kernel computes
** only where every type the value may have gives it -- a ring operation
** (+, -, *, <<) whose result lies in [0, 2^wlim), wlim the widest bits
** every common type holds; any other on non-negative operands (those
** convert to every common type unchanged, and /, %, >>, &, |, ^ and the
** comparisons agree on them).  Otherwise the kernel is unknown: ksv
** cannot tell which value the kernel computes.  An unknown value is any
** value already. */
static void width_free(ur *u, const mdl_stmt *s, const mdl_val *r) {
  int lim = s->u.x.wlim;
  int64_t top = lim >= 63 ? INT64_MAX : ((int64_t)1 << lim) - 1, lo, hi;
  bool ok;
  if (r->unknown)
    return;
  switch (s->u.x.op) {
  case MDL_X_ADD:
  case MDL_X_SUB:
  case MDL_X_MUL:
  case MDL_X_COPY:
    ok = mdl_val_range(u->k, r, &lo, &hi) && lo >= 0 && hi <= top;
    break;
  case MDL_X_SHL:
    ok = mdl_val_range(u->k, r, &lo, &hi) && lo >= 0 && hi <= top &&
         nonneg(u, s->u.x.b, lim - 1);
    break;
  default:
    ok = nonneg(u, s->u.x.a, INT64_MAX) && nonneg(u, s->u.x.b, INT64_MAX);
    break;
  }
  if (ok)
    return;
  char msg[300];
  if (lim == 7 && s->u.x.op == MDL_X_COPY)
    snprintf(msg, sizeof msg,
             "the plain char at %u:%u may hold a value outside 0..127, "
             "which depends on char's signedness on the device (not "
             "documented; use int8_t or uint8_t)", s->loc.line, s->loc.col);
  else
    snprintf(msg, sizeof msg,
             "the arithmetic at %u:%u, on a value whose C type ksv does not "
             "know (a GET_TILING_DATA field, a bit-field, an enumerator), "
             "may give another result in that type "
             "(convert it to its type first, as `uint32_t n = t.n`)",
             s->loc.line, s->loc.col);
  set_limit(u, msg);
}

static void exec_scalar(ur *u, const mdl_stmt *s) {
  mdl_val r;
  mdl_valref d = s->def;
  switch (s->u.x.op) {
  case MDL_X_CONST:
    r = mdl_val_const(s->u.x.k);
    break;
  case MDL_X_ARG: {
    char t[24];
    snprintf(t, sizeof t, "%%arg%lld", (long long)s->u.x.k);
    if (d != MDL_NOVAL && u->f->values.len > d)
      snprintf(t, sizeof t, "%%%s", mdl_value_at(u->f, d)->name);
    r = atom_val(u, MDL_ATOM_ARG, s->u.x.k, t);
    if (!mdl_val_is_const(&r) && !r.unknown) { /* its declared width */
      mdl_atom at = MDL_VEC_AT(u->k->atoms, mdl_atom, r.atom[0]);
      at.op = s->u.x.bits ? s->u.x.bits
              : s->u.x.zext ? s->u.x.zext | MDL_WRAP_UNSIGNED : 0;
      r = mdl_val_atom(u->k, &at);
    }
    break;
  }
  case MDL_X_BLOCK_IDX:
    r = atom_val(u, MDL_ATOM_BLOCK_IDX, 0, "block_idx");
    break;
  case MDL_X_BLOCK_NUM:
    r = atom_val(u, MDL_ATOM_BLOCK_NUM, 0, "block_num");
    break;
  case MDL_X_SUB_BLOCK_IDX:
    r = mdl_val_const(u->k->cores[u->core].sub_block);
    break;
  case MDL_X_SUB_BLOCK_NUM:
    r = mdl_val_const(u->k->kind == MDL_KIND_MIX ? 2 : 1);
    break;
  case MDL_X_COPY:
    r = val(u, s->u.x.a);
    set_ref_from(u, d, s->u.x.a);
    break;
  case MDL_X_CMP: {
    mdl_val a = val(u, s->u.x.a), b = val(u, s->u.x.b);
    r = mdl_val_cmp(u->k, s->u.x.cmp, &a, &b);
    break;
  }
  case MDL_X_SELECT: {
    mdl_val c = val(u, s->u.x.a), a = val(u, s->u.x.b), b = val(u, s->u.x.c);
    r = mdl_val_select(u->k, &c, &a, &b);
    if (d != MDL_NOVAL && s->u.x.b != MDL_NOVAL && s->u.x.c != MDL_NOVAL &&
        (u->refs[s->u.x.b].valid || u->refs[s->u.x.c].valid)) {
      if (mdl_val_is_const(&c))
        u->refs[d] = u->refs[c.c ? s->u.x.b : s->u.x.c];
      else
        u->refs[d] = ref_union(u, &u->refs[s->u.x.b], &u->refs[s->u.x.c],
                               s->loc);
    }
    break;
  }
  case MDL_X_MBCOUNTER: {
    int64_t id = s->u.x.k;
    r = id >= 0 && (uint64_t)id < u->k->nstmts && u->loop_count[id]
            ? mdl_val_const(u->loop_count[id] - 1)
            : mdl_val_const(0);
    break;
  }
  case MDL_X_SLOAD: {
    mdl_val idx = val(u, s->u.x.b);
    r = unknown();
    if (mdl_val_is_const(&idx))
      for (uint32_t i = u->slots.len; i-- > 0;) {
        slotval *sv = &MDL_VEC_AT(u->slots, slotval, i);
        if (sv->slot == s->u.x.a && sv->index == idx.c) {
          /* a value stored under a guard is known while that guard still
             holds (the next iteration of a loop with an unknown trip
             count), not after its scope */
          bool in_scope = sv->nl <= u->litstack.len;
          for (uint32_t l = 0; l < sv->nl && in_scope; l++)
            in_scope = sv->lits[l] == MDL_VEC_AT(u->litstack, uint32_t, l);
          if (in_scope)
            r = sv->v;
          break;
        }
      }
    break;
  }
  case MDL_X_UNKNOWN:
    r = unknown();
    break;
  default: {
    mdl_val a = val(u, s->u.x.a), b = val(u, s->u.x.b);
    r = mdl_val_binop(u->k, s->u.x.op, &a, &b);
    break;
  }
  }
  if (s->u.x.wlim)
    width_free(u, s, &r);
  r = in_width(u, s, r);
  if (d != MDL_NOVAL && d < u->f->values.len)
    u->env[d] = r;
}

/* The layout and box of a view statement's result r (its bytes already
** set): a slice narrows the source's, a root statement (reinterpret_cast,
** memref.view, a workspace view) starts a new root at r's offset, a
** reshape keeps what unit dimensions allow; any other view (a cast, a
** tensor of the memref) keeps the source's. */
static void view_layout(ur *u, const mdl_stmt *s, ref_t *r) {
  const mdl_layout *lay = s->u.b.lay;
  if (s->u.b.sl) {
    ref_t *src = &u->refs[s->u.b.src];
    mdl_vlay_root_key(u->k, &src->lay, &src->off); /* once, in the root */
    r->lay.rkey = src->lay.rkey;
    r->lay.rlay = src->lay.rlay;
    mdl_val off[MDL_VIEW_DIMS], size[MDL_VIEW_DIMS];
    for (uint8_t d = 0; d < s->u.b.sl->nd && d < MDL_VIEW_DIMS; d++) {
      off[d] = val(u, s->u.b.sl->off[d]);
      size[d] = val(u, s->u.b.sl->size[d]);
    }
    /* (the frontend gave the bytes: the layout and box only) */
    mdl_vlay_slice(u->k, &r->lay, s->u.b.sl, &src->off, off, size, NULL,
                   NULL);
  } else if (lay && lay->root) {
    mdl_vlay_root(u->k, &r->lay, r->mem, &r->off, lay);
  } else if (lay) {
    mdl_vlay_reshape(&r->lay, lay);
  } else if (s->u.b.size != -2) {
    memset(&r->lay, 0, sizeof r->lay); /* other bytes: the box is stale */
  }
}

/* A slice of src (tensor.extract_slice, or a subview whose source type
** does not give the strides): offset and hull from src's layout; when
** that is unknown, src's own range, which holds the slice. */
static void exec_slice(ur *u, const mdl_stmt *s, ref_t *src, ref_t *r) {
  const mdl_slice *sl = s->u.b.sl;
  mdl_vlay_root_key(u->k, &src->lay, &src->off); /* once, in the root */
  *r = *src;
  mdl_val off[MDL_VIEW_DIMS], size[MDL_VIEW_DIMS], delta;
  int64_t span;
  for (uint8_t d = 0; d < sl->nd && d < MDL_VIEW_DIMS; d++) {
    off[d] = val(u, sl->off[d]);
    size[d] = val(u, sl->size[d]);
  }
  if (mdl_vlay_slice(u->k, &r->lay, sl, &src->off, off, size, &delta,
                     &span)) {
    r->off = mdl_val_binop(u->k, MDL_X_ADD, &src->off, &delta);
    r->size = span;
  }
}

static void exec_buf(ur *u, const mdl_stmt *s) {
  ref_t r;
  memset(&r, 0, sizeof r);
  r.valid = true;
  r.root = r.off = mdl_val_const(0);
  r.size = r.root_size = s->u.b.size;
  mdl_kernel *k = u->k;
  switch (s->u.b.kind) {
  case MDL_B_ARG: {
    char name[64];
    snprintf(name, sizeof name, "gm:%%%s", mdl_value_at(u->f, s->def)->name);
    if (s->u.b.space == MDL_SPACE_GM)
      r.mem = mdl_memory_get(k, MDL_SPACE_GM, -1, s->u.b.argno, 0, name);
    else
      r.mem = mdl_memory_get(k, s->u.b.space, u->core, s->u.b.argno, 0, name);
    mdl_vlay_root(k, &r.lay, r.mem, &r.off, s->u.b.lay);
    break;
  }
  case MDL_B_PTR: {
    uint32_t slot = 0;
    if (s->u.b.naddr > 1 && s->u.b.loop &&
        u->loop_count[s->u.b.loop->id])
      slot = (u->loop_count[s->u.b.loop->id] - 1) % s->u.b.naddr;
    r.root = r.off = val(u, s->u.b.addrs[slot]);
    r.mem = core_mem(u, s->u.b.space);
    mdl_vlay_root(k, &r.lay, r.mem, &r.off, s->u.b.lay);
    break;
  }
  case MDL_B_ALLOC: {
    char name[64];
    snprintf(name, sizeof name, "%s:%%%s", mdl_space_name(s->u.b.space),
             mdl_value_at(u->f, s->def)->name);
    if (s->u.b.space == MDL_SPACE_GM)
      r.mem = mdl_memory_get(k, MDL_SPACE_GM, -1, -2, s->id + 1, name);
    else
      r.mem = mdl_memory_get(k, s->u.b.space, u->core, -1, s->id + 1, name);
    mdl_vlay_root(k, &r.lay, r.mem, &r.off, s->u.b.lay);
    break;
  }
  case MDL_B_SLICE:
    if (s->u.b.src == MDL_NOVAL || !u->refs[s->u.b.src].valid) {
      r.valid = false;
      break;
    }
    exec_slice(u, s, &u->refs[s->u.b.src], &r);
    break;
  case MDL_B_VIEW:
  case MDL_B_WHOLE:
  case MDL_B_SELECT: {
    if (s->u.b.src == MDL_NOVAL || !u->refs[s->u.b.src].valid) {
      r.valid = false;
      break;
    }
    ref_t *src = &u->refs[s->u.b.src];
    r = *src;
    if (s->u.b.kind == MDL_B_WHOLE && s->u.b.sl) {
      /* a subview whose source type hides the strides: its layout may
         still be known from the view it was cast from */
      exec_slice(u, s, src, &r);
      break;
    }
    if (s->u.b.kind != MDL_B_VIEW) {
      r.off = src->root;
      r.size = src->root_size;
      memset(&r.lay, 0, sizeof r.lay); /* the whole root: no box */
      break;
    }
    mdl_val delta = mdl_val_const(0);
    if (s->u.b.off != MDL_NOVAL) {
      mdl_val o = val(u, s->u.b.off), sc = mdl_val_const(s->u.b.off_scale);
      delta = mdl_val_binop(k, MDL_X_MUL, &o, &sc);
    }
    const mdl_val *base = s->u.b.absolute ? &src->root : &src->off;
    r.off = mdl_val_binop(k, MDL_X_ADD, base, &delta);
    /* a byte address is 64 bits: elements * bytes may wrap there */
    r.off = mdl_val_wrap(k, &r.off, 64, false);
    if (s->u.b.size == -2)
      r.size = src->size;
    else if (s->u.b.size >= 0)
      r.size = s->u.b.size;
    else if (src->size >= 0 && mdl_val_is_const(&delta) &&
             !s->u.b.absolute && delta.c >= 0 && delta.c <= src->size)
      r.size = src->size - delta.c;
    else
      r.size = -1;
    view_layout(u, s, &r);
    break;
  }
  }
  if (s->def != MDL_NOVAL)
    u->refs[s->def] = r;
}

/* ------------------------------------------------------------- control */

static void exec_block(ur *u, const mdl_block *b);

static void assign_all(ur *u, const mdl_valref *dst, const mdl_valref *src,
                       uint32_t n) {
  if (!n)
    return;
  mdl_val tmpv[64];
  ref_t tmpr[64];
  uint32_t m = n < 64 ? n : 64;
  for (uint32_t i = 0; i < m; i++) {
    tmpv[i] = val(u, src[i]);
    if (src[i] != MDL_NOVAL && src[i] < u->f->values.len)
      tmpr[i] = u->refs[src[i]];
    else
      memset(&tmpr[i], 0, sizeof tmpr[i]);
  }
  for (uint32_t i = 0; i < m; i++)
    if (dst[i] != MDL_NOVAL && dst[i] < u->f->values.len) {
      u->env[dst[i]] = tmpv[i];
      u->refs[dst[i]] = tmpr[i];
    }
}

static void invalidate(ur *u, const mdl_valref *dst, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (dst[i] != MDL_NOVAL && dst[i] < u->f->values.len) {
      u->env[dst[i]] = unknown();
    }
}

static void push_loop(ur *u, const mdl_stmt *s, uint32_t i) {
  if (u->depth < MDL_MAX_DEPTH) {
    u->loops[u->depth] = s->id;
    u->iters[u->depth] = i;
  }
  u->depth++;
  u->loop_count[s->id]++;
}

static void note_bound(ur *u, const mdl_stmt *s, uint32_t n) {
  if (!u->k->bound_note) {
    u->k->bound_note = mdl_strprintf(
        "the loop at %u:%u (unknown trip count) was unrolled to %u "
        "iterations", s->loc.line, s->loc.col, n);
  }
}

/* K of a loop past the unroll budget: the bound of unknown trip counts
** (one past the longest rotation, --trip-bound), at most --max-unroll. */
static uint32_t cut_iters(const ur *u) {
  uint32_t K = u->k->trip_bound;
  return K < u->lim->max_unroll ? K : u->lim->max_unroll;
}

/* May loop s be cut here?  Only where no unknown branch or trip count
** holds (the cut ends the core's program, which must be one program
** order); otherwise the loop length is a limit (unknown). */
static bool can_cut(ur *u, const mdl_stmt *s, const char *why) {
  if (!u->litstack.len)
    return true;
  char msg[300];
  snprintf(msg, sizeof msg,
           "%s is under a branch or trip count unknown at compile time; "
           "the kernel was not analysed", why);
  set_limit(u, msg);
  (void)s;
  return false;
}

/* The core's program ends here: the loop that runs past the unroll
** budget has run its first K iterations (docs/semantics-decisions.md 51).
** Nothing after it is executed; the checks that need the end of the
** kernel are not decided for this core. */
static void cut_here(ur *u, const mdl_stmt *s, const char *why,
                     uint32_t iters, bool forever) {
  mdl_kernel *k = u->k;
  if (!k->cut_note) {
    k->cut_note = mdl_strdup(k->arena, why, strlen(why));
    k->cut_iters = iters;
    k->cut_line = s->loc.line;
    k->cut_col = s->loc.col;
    k->cut_forever = forever;
    k->cut_trip = forever ? 0 : u->trip;
  }
  k->cut_cores |= (uint8_t)(1u << u->core);
  u->stop = true;
  bool seen = false; /* (AIV0 and AIV1 cut the same loop) */
  for (uint32_t i = 0; i < u->bud->nseen && !seen; i++)
    seen = u->bud->cut_seen[i] == s->id;
  if (!seen && u->bud->nseen < MAX_CUTS)
    u->bud->cut_seen[u->bud->nseen++] = s->id;
  k->cut_more = u->bud->nseen ? u->bud->nseen - 1 : 0;
}

static bool is_cut(const ur *u, const mdl_stmt *s) {
  for (uint32_t i = 0; i < u->bud->ncuts; i++)
    if (u->bud->cuts[i] == s->id)
      return true;
  return false;
}

/* Would the induction variable of loop s wrap in its width (index: 64
** bits, `: i32`: 32) before the loop ends -- lb + n*step past the
** width's maximum after the last of n iterations, where the hardware
** compares the wrapped, negative value with ub and goes on?  Then its
** iterations are not the ceildiv(ub - lb, step) ksv unrolls: the kernel
** is unknown, naming the loop (docs/semantics-decisions.md 12).  With
** constant bounds exactly; otherwise by the bounds' ranges over the K
** iterations of an unknown trip count and the exit test after them. */
static bool iv_wraps(ur *u, const mdl_stmt *s, mdl_val lb, mdl_val ub,
                     mdl_val st) {
  int bits = s->u.loop.ivbits ? s->u.loop.ivbits : 64;
  __int128 max = ((__int128)1 << (bits - 1)) - 1, last;
  int64_t llo, lhi, ulo, uhi, slo, shi;
  if (!mdl_val_range(u->k, &lb, &llo, &lhi) ||
      !mdl_val_range(u->k, &ub, &ulo, &uhi) ||
      !mdl_val_range(u->k, &st, &slo, &shi))
    return false; /* (unknown bounds: the loop is not unrolled as counted) */
  if (slo <= 0 || llo >= uhi)
    return false; /* (a non-positive step is an error or unknown elsewhere;
                     no iteration) */
  if (lb.n == 0 && ub.n == 0 && st.n == 0) {
    __int128 n = ((__int128)ub.c - lb.c + st.c - 1) / st.c;
    last = (__int128)lb.c + n * st.c;
  } else {
    __int128 n = ((__int128)uhi - llo + slo - 1) / slo;
    if (n > u->k->trip_bound)
      n = u->k->trip_bound;
    last = (__int128)lhi + n * shi;
    /* (the last iv is below ub: what follows it is below ub + step) */
    if ((__int128)uhi + shi - 1 < last)
      last = (__int128)uhi + shi - 1;
  }
  if (last <= max)
    return false;
  char msg[240], ty[8] = "index";
  if (bits != 64)
    snprintf(ty, sizeof ty, "i%d", bits);
  snprintf(msg, sizeof msg,
           "the induction variable of the loop at %u:%u %s: lb + n*step "
           "leaves the %s range (iv + step overflows, and the hardware "
           "compares the wrapped value with the upper bound), so its "
           "iterations are not ceildiv(ub - lb, step)",
           s->loc.line, s->loc.col, lb.n || ub.n || st.n ? "may wrap" : "wraps",
           ty);
  set_limit(u, msg);
  return true;
}

/* (not inlined: the recursion over nested loops goes through exec_for,
** whose frame must stay small -- 499 nested loops under ASan) */
static __attribute__((noinline)) bool exec_for_known(ur *u, const mdl_stmt *s,
                                                     mdl_val lb, mdl_val st,
                                                     mdl_val *trip);
static __attribute__((noinline)) void exec_for_unknown(ur *u,
                                                       const mdl_stmt *s,
                                                       mdl_val lb, mdl_val st,
                                                       mdl_val trip);

static __attribute__((noinline)) void exec_for(ur *u, const mdl_stmt *s) {
  mdl_val lb = val(u, s->u.loop.lb), ub = val(u, s->u.loop.ub),
          st = val(u, s->u.loop.step);
  const mdl_valref *ia = s->u.loop.iter_arg;
  uint32_t n = s->u.loop.niter;
  assign_all(u, ia, s->u.loop.iter_init, n);
  if (s->u.loop.only_cores && !((s->u.loop.only_cores >> u->ctype) & 1u)) {
    /* hivm.loop_core_type names the other core: as the compiler's split
       leaves it there, the loop runs no iteration (results = inits) */
    assign_all(u, s->u.loop.res, ia, s->u.loop.nres);
    return;
  }
  bool concrete = mdl_val_is_const(&lb) && mdl_val_is_const(&ub) &&
                  mdl_val_is_const(&st);
  if (mdl_val_is_const(&st) && st.c <= 0) {
    char msg[160];
    snprintf(msg, sizeof msg, "scf.for at %u:%u has a non-positive step %lld",
             s->loc.line, s->loc.col, (long long)st.c);
    set_input_error(u, s->loc, msg);
    return;
  }
  mdl_val diff = mdl_val_binop(u->k, MDL_X_SUB, &ub, &lb);
  mdl_val trip = mdl_val_binop(u->k, MDL_X_CEILDIV, &diff, &st);
  if (iv_wraps(u, s, lb, ub, st))
    return;
  if (mdl_val_is_const(&trip) && !concrete)
    concrete = true; /* e.g. iv from block_idx to block_idx + 4 */
  if (concrete && exec_for_known(u, s, lb, st, &trip))
    return;
  exec_for_unknown(u, s, lb, st, trip);
}

/* Loop s of trip count n runs mdl_limits.carry_to iterations instead, its
** later ones numbered as in the run of n (mdl_inst_where): false when
** the kernel has no room to say so. */
static bool carry(ur *u, const mdl_stmt *s, uint64_t n) {
  mdl_kernel *k = u->k;
  for (uint8_t i = 0; i < k->nrelabel; i++)
    if (k->relabel_loop[i] == s->id)
      return true;
  if (k->nrelabel == sizeof k->relabel_loop / sizeof k->relabel_loop[0])
    return false;
  k->relabel_loop[k->nrelabel++] = s->id;
  k->relabel_at = u->lim->carry_at;
  k->relabel_shift = n - u->lim->carry_to;
  return true;
}

/* A loop of known trip count: unrolled whole, or cut past max_unroll (a
** prefix); false when mdl_limits.window makes its trip count the atom
** *trip instead (the caller unrolls it as a loop of unknown trip count). */
static bool exec_for_known(ur *u, const mdl_stmt *s, mdl_val lb, mdl_val st,
                           mdl_val *trip) {
  mdl_val ub = val(u, s->u.loop.ub);
  const mdl_valref *ia = s->u.loop.iter_arg;
  uint32_t n = s->u.loop.niter;
  uint64_t ut = trip->c > 0 ? (uint64_t)trip->c : 0;
  if (mdl_val_is_const(&lb) && mdl_val_is_const(&ub) &&
      mdl_val_is_const(&st)) {
    /* exactly, without the wrap-around of ub - lb: the loop from
    ** INT64_MIN to INT64_MAX runs 2^64 - 1 times, not 0 */
    uint64_t d = ub.c > lb.c ? (uint64_t)ub.c - (uint64_t)lb.c : 0;
    ut = d / (uint64_t)st.c + (d % (uint64_t)st.c != 0);
  }
  char why[200] = "";
  if (ut > u->lim->max_unroll && u->lim->window) {
    /* one atom per N: the cores' loops of N iterations share it */
    char t[40];
    snprintf(t, sizeof t, "N=%llu", (unsigned long long)ut);
    *trip = atom_val(u, MDL_ATOM_FRESH, -1, t);
    u->k->windowed = true;
    return false;
  }
  if (ut > u->lim->max_unroll && ut == u->lim->carry_from &&
      u->lim->carry_to <= u->lim->max_unroll && carry(u, s, ut))
    ut = u->lim->carry_to;
  if (ut > u->lim->max_unroll) {
    /* checked on its first K iterations: a prefix of the run */
    u->trip = ut;
    snprintf(why, sizeof why,
             "the loop at %u:%u (%llu iterations, more than --max-unroll "
             "%u)", s->loc.line, s->loc.col, (unsigned long long)ut,
             u->lim->max_unroll);
    if (!can_cut(u, s, why))
      return true;
    ut = cut_iters(u);
  }
  int64_t t = (int64_t)ut;
  for (int64_t i = 0; i < t && !u->stop; i++) {
    mdl_val iv = mdl_val_const(i), sv = st;
    mdl_val off = mdl_val_binop(u->k, MDL_X_MUL, &iv, &sv);
    u->env[s->u.loop.iv] = mdl_val_binop(u->k, MDL_X_ADD, &lb, &off);
    push_loop(u, s, (uint32_t)i);
    exec_block(u, &s->u.loop.body);
    u->depth--;
    assign_all(u, ia, s->u.loop.yield, n);
  }
  if (why[0] && !u->stop) {
    cut_here(u, s, why, (uint32_t)t, false);
    return true;
  }
  assign_all(u, s->u.loop.res, ia, s->u.loop.nres);
  return true;
}

/* A loop of unknown trip count: iterations 0..K-1, iteration i guarded by
** trip > i. */
static void exec_for_unknown(ur *u, const mdl_stmt *s, mdl_val lb,
                             mdl_val st, mdl_val trip) {
  const mdl_valref *ia = s->u.loop.iter_arg;
  uint32_t n = s->u.loop.niter;
  uint32_t K = u->k->trip_bound, pushed = 0;
  note_bound(u, s, K);
  for (uint32_t i = 0; i < K && !u->stop; i++) {
    mdl_val iv = mdl_val_const(i);
    mdl_val off = mdl_val_binop(u->k, MDL_X_MUL, &iv, &st);
    u->env[s->u.loop.iv] = mdl_val_binop(u->k, MDL_X_ADD, &lb, &off);
    push_lit(u, 1, &trip, i, true, s->loc);
    pushed++;
    push_loop(u, s, i);
    exec_block(u, &s->u.loop.body);
    u->depth--;
    assign_all(u, ia, s->u.loop.yield, n);
  }
  /* pop what was pushed: a limit can stop the loop before K (popping K
     underflowed the literal stack and crashed) */
  while (pushed--)
    pop_lit(u);
  invalidate(u, s->u.loop.res, s->u.loop.nres);
  for (uint32_t j = 0; j < s->u.loop.nres && j < n; j++)
    if (s->u.loop.res[j] != MDL_NOVAL)
      u->refs[s->u.loop.res[j]] = u->refs[ia[j]];
}

static __attribute__((noinline)) void exec_if(ur *u, const mdl_stmt *s) {
  mdl_val c = val(u, s->u.cif.cond);
  uint32_t n = s->u.cif.nres;
  if (mdl_val_is_const(&c)) {
    if (c.c) {
      exec_block(u, &s->u.cif.then_b);
      assign_all(u, s->u.cif.res, s->u.cif.then_y, n);
    } else {
      exec_block(u, &s->u.cif.else_b);
      assign_all(u, s->u.cif.res, s->u.cif.else_y, n);
    }
    return;
  }
  mdl_val form = c;
  if (c.unknown) {
    /* a fresh, unique condition */
    char t[24];
    snprintf(t, sizeof t, "cond@%u:%u", s->loc.line, s->loc.col);
    form = atom_val(u, MDL_ATOM_FRESH, (int64_t)s->id * 100000 + u->fresh++,
                    t);
  }
  push_lit(u, 0, &form, 0, true, s->loc);
  exec_block(u, &s->u.cif.then_b);
  pop_lit(u);
  mdl_val tv[64];
  ref_t tr[64];
  for (uint32_t j = 0; j < n && j < 64; j++) {
    tv[j] = val(u, s->u.cif.then_y[j]);
    tr[j] = s->u.cif.then_y[j] != MDL_NOVAL ? u->refs[s->u.cif.then_y[j]]
                                            : (ref_t){0};
  }
  push_lit(u, 0, &form, 0, false, s->loc);
  exec_block(u, &s->u.cif.else_b);
  pop_lit(u);
  for (uint32_t j = 0; j < n && j < 64; j++) {
    mdl_valref d = s->u.cif.res[j];
    if (d == MDL_NOVAL)
      continue;
    mdl_val ev = val(u, s->u.cif.else_y[j]);
    u->env[d] = mdl_val_select(u->k, &form, &tv[j], &ev);
    ref_t er = s->u.cif.else_y[j] != MDL_NOVAL ? u->refs[s->u.cif.else_y[j]]
                                               : (ref_t){0};
    u->refs[d] = ref_union(u, &tr[j], &er, s->loc);
  }
}

/* Marks in bad[] the values of block b whose value may change between
** two iterations with the same loop-carried arguments: what alloca slots,
** loop counters or unknown ops give, what nested control flow defines,
** and every scalar computed from those. */
static void taint_block(const mdl_func *f, const mdl_block *b, uint8_t *bad) {
  for (const mdl_stmt *s = b->first; s; s = s->next) {
    mdl_valref d = s->def;
    bool t = false;
    if (s->kind == MDL_S_SCALAR) {
      mdl_xop op = s->u.x.op;
      t = op == MDL_X_SLOAD || op == MDL_X_MBCOUNTER || op == MDL_X_UNKNOWN;
      const mdl_valref in[3] = {s->u.x.a, s->u.x.b, s->u.x.c};
      for (int i = 0; i < 3 && !t; i++)
        t = in[i] != MDL_NOVAL && in[i] < f->values.len && bad[in[i]];
    } else if (s->kind != MDL_S_BUF) {
      t = true; /* nested loops and ifs, ops with results */
      const mdl_valref *res = s->kind == MDL_S_FOR ? s->u.loop.res
                              : s->kind == MDL_S_IF ? s->u.cif.res
                              : s->kind == MDL_S_WHILE ? s->u.wh.res : NULL;
      uint32_t nr = s->kind == MDL_S_FOR ? s->u.loop.nres
                    : s->kind == MDL_S_IF ? s->u.cif.nres
                    : s->kind == MDL_S_WHILE ? s->u.wh.nres : 0;
      for (uint32_t j = 0; j < nr; j++)
        if (res[j] != MDL_NOVAL && res[j] < f->values.len)
          bad[res[j]] = 1;
    }
    if (t && d != MDL_NOVAL && d < f->values.len)
      bad[d] = 1;
  }
}

/* Is the control of scf.while s a function of its loop-carried arguments
** and of values from outside the loop?  Then two iterations entered with
** equal arguments continue alike, and a condition that is true in both
** stays true: the loop never ends. */
static bool while_pure(const mdl_func *f, const mdl_stmt *s) {
  uint8_t *bad = calloc(f->values.len + 1, 1);
  if (!bad)
    return false;
  taint_block(f, &s->u.wh.before, bad);
  taint_block(f, &s->u.wh.after, bad);
  bool ok = s->u.wh.cond == MDL_NOVAL || s->u.wh.cond >= f->values.len ||
            !bad[s->u.wh.cond];
  for (uint32_t j = 0; ok && j < s->u.wh.nres; j++) {
    mdl_valref v = s->u.wh.cond_args[j];
    ok = v == MDL_NOVAL || v >= f->values.len || !bad[v];
  }
  for (uint32_t j = 0; ok && j < s->u.wh.ninit; j++) {
    mdl_valref v = s->u.wh.yield[j];
    ok = v == MDL_NOVAL || v >= f->values.len || !bad[v];
  }
  free(bad);
  return ok;
}

static bool val_same(const mdl_val *a, const mdl_val *b) {
  if (a->unknown || b->unknown || a->c != b->c || a->n != b->n)
    return false;
  for (uint32_t i = 0; i < a->n; i++)
    if (a->atom[i] != b->atom[i] || a->coef[i] != b->coef[i])
      return false;
  return true;
}

static __attribute__((noinline)) void exec_while(ur *u, const mdl_stmt *s) {
  uint32_t n = s->u.wh.ninit;
  assign_all(u, s->u.wh.before_args, s->u.wh.init, n);
  uint32_t pushed = 0;
  char why[200] = "";
  bool cut = is_cut(u, s), forever = false;
  if (cut)
    snprintf(why, sizeof why, "the scf.while at %u:%u (more than "
             "--max-unroll %u iterations)", s->loc.line, s->loc.col,
             u->lim->max_unroll);
  /* the loop-carried arguments of the previous iteration, to see a loop
     whose condition stays true with arguments that never change */
  bool pure = !cut && !u->litstack.len && while_pure(u->f, s);
  mdl_val *prev = pure ? calloc(n + 1, sizeof *prev) : NULL;
  for (uint32_t i = 0;; i++) {
    if (u->stop)
      break;
    if (cut && i >= cut_iters(u)) {
      u->trip = 0;
      cut_here(u, s, why, i, forever);
      break;
    }
    if (i >= u->lim->max_unroll) {
      if (!pushed && !u->litstack.len && u->bud->ncuts < MAX_CUTS) {
        /* unroll again, checking only its first K iterations */
        u->bud->restart = s->id;
        u->stop = true;
        break;
      }
      char msg[200];
      snprintf(msg, sizeof msg,
               "the scf.while at %u:%u runs more than --max-unroll %u "
               "iterations; the kernel was not analysed",
               s->loc.line, s->loc.col, u->lim->max_unroll);
      set_limit(u, msg);
      break;
    }
    if (pushed && i >= u->k->trip_bound) {
      note_bound(u, s, i);
      break;
    }
    bool same = prev && i > 0;
    for (uint32_t j = 0; prev && j < n; j++) {
      mdl_val v = val(u, s->u.wh.before_args[j]);
      same = same && val_same(&v, &prev[j]);
      prev[j] = v;
    }
    push_loop(u, s, i);
    exec_block(u, &s->u.wh.before);
    mdl_val c = val(u, s->u.wh.cond);
    if (mdl_val_is_const(&c) && !c.c) {
      u->depth--;
      break;
    }
    if (same && mdl_val_is_const(&c) && !cut) {
      /* entered with the arguments of the previous iteration, whose
         condition was true too: it never ends */
      cut = forever = true;
      snprintf(why, sizeof why, "the scf.while at %u:%u (it never ends: its "
               "condition stays true)", s->loc.line, s->loc.col);
    }
    if (!mdl_val_is_const(&c)) {
      mdl_val form = c;
      if (c.unknown) {
        char t[24];
        snprintf(t, sizeof t, "while@%u:%u#%u", s->loc.line, s->loc.col, i);
        form = atom_val(u, MDL_ATOM_FRESH,
                        (int64_t)s->id * 100000 + u->fresh++, t);
      }
      push_lit(u, 0, &form, 0, true, s->loc);
      pushed++;
      free(prev); /* a condition unknown at compile time: guarded */
      prev = NULL;
    }
    assign_all(u, s->u.wh.after_args, s->u.wh.cond_args, s->u.wh.nres);
    exec_block(u, &s->u.wh.after);
    u->depth--;
    assign_all(u, s->u.wh.before_args, s->u.wh.yield, n);
  }
  free(prev);
  while (pushed--)
    pop_lit(u);
  if (u->k->bound_note || !u->k->concrete)
    invalidate(u, s->u.wh.res, s->u.wh.nres);
  else
    assign_all(u, s->u.wh.res, s->u.wh.cond_args, s->u.wh.nres);
}

/* Bytes held by the kernel's growing arrays (the bulk of its memory). */
static uint64_t model_bytes(const mdl_kernel *k, const ur_budget *bud) {
  return (uint64_t)k->insts.cap * sizeof(mdl_inst) +
         (uint64_t)k->accesses.cap * sizeof(mdl_access) +
         (uint64_t)k->lits.cap * sizeof(mdl_lit) +
         (uint64_t)k->guards.cap * sizeof(mdl_guard) +
         (uint64_t)k->forms.cap * sizeof(mdl_val) +
         (uint64_t)k->atoms.cap * sizeof(mdl_atom) +
         (uint64_t)bud->gt.cap * sizeof(uint32_t);
}

/* Counts one executed statement against the limits: loops that emit no
** instance (empty, or holding only scalars) must still end, and guards
** and literals grow with the work, not with the instances. */
static bool over_budget(ur *u) {
  uint64_t steps = ++u->bud->steps;
  if (u->stop)
    return true;
  if (steps > u->lim->max_instances * MDL_STEPS_PER_INSTANCE) {
    char msg[200];
    snprintf(msg, sizeof msg,
             "unrolling executed more than %llu statements (%d x "
             "--max-instances); the kernel was not analysed",
             (unsigned long long)(u->lim->max_instances *
                                  MDL_STEPS_PER_INSTANCE),
             MDL_STEPS_PER_INSTANCE);
    set_limit(u, msg);
    return true;
  }
  if (u->lim->max_memory && !(steps & 255) &&
      model_bytes(u->k, u->bud) > u->lim->max_memory) {
    char msg[200];
    snprintf(msg, sizeof msg,
             "the unrolled kernel needs more than %llu MB of memory "
             "(--max-memory-mb); the kernel was not analysed",
             (unsigned long long)(u->lim->max_memory >> 20));
    set_limit(u, msg);
    return true;
  }
  return false;
}

static void exec_block(ur *u, const mdl_block *b) {
  if (over_budget(u)) /* an empty loop body costs a step too */
    return;
  for (const mdl_stmt *s = b->first; s && !u->stop; s = s->next) {
    if (!((s->cores >> u->ctype) & 1u))
      continue;
    if (over_budget(u))
      break;
    u->at = s->loc;
    switch (s->kind) {
    case MDL_S_SCALAR: exec_scalar(u, s); break;
    case MDL_S_BUF: exec_buf(u, s); break;
    case MDL_S_OP: exec_op(u, s); break;
    case MDL_S_SET:
    case MDL_S_WAIT: {
      bool set = s->kind == MDL_S_SET;
      mdl_inst *in = new_inst(u, s, set ? MDL_I_SET : MDL_I_WAIT,
                              set ? s->u.flag.src : s->u.flag.dst);
      if (!in)
        break;
      in->pipe2 = (uint8_t)(set ? s->u.flag.dst : s->u.flag.src);
      in->id = id_of(u, s->u.flag.id);
      in->id_form = u->last_id_form;
      in->implicit |= s->implicit; /* (new_inst: the compiler's as well) */
      break;
    }
    case MDL_S_BARRIER: {
      mdl_inst *in = new_inst(u, s, MDL_I_BARRIER, s->u.bar.pipe);
      if (in)
        in->implicit |= s->implicit; /* (new_inst: the compiler's too) */
      break;
    }
    case MDL_S_BSET:
    case MDL_S_BWAIT: {
      bool set = s->kind == MDL_S_BSET;
      mdl_inst *in = new_inst(u, s, set ? MDL_I_BSET : MDL_I_BWAIT,
                              set ? s->u.blk.set_pipe : s->u.blk.wait_pipe);
      if (!in)
        break;
      in->pipe2 = (uint8_t)(set ? s->u.blk.wait_pipe : s->u.blk.set_pipe);
      in->id = id_of(u, s->u.blk.flag);
      in->id_form = u->last_id_form;
      in->mode = (uint8_t)s->u.blk.mode;
      break;
    }
    case MDL_S_SYNC_BLOCK: {
      mdl_pipe p = u->ctype == MDL_CORE_AIC ? s->u.sb.cube_pipe
                                            : s->u.sb.vec_pipe;
      mdl_inst *in = new_inst(u, s, MDL_I_SYNC_ALL, p);
      if (!in)
        break;
      in->mode = (uint8_t)s->u.sb.mode;
      in->id = s->u.sb.flag != MDL_NOVAL ? id_of(u, s->u.sb.flag) : 0;
      break;
    }
    case MDL_S_FOR: exec_for(u, s); break;
    case MDL_S_IF: exec_if(u, s); break;
    case MDL_S_WHILE: exec_while(u, s); break;
    case MDL_S_SSTORE: {
      mdl_val idx = val(u, s->u.sst.index);
      if (mdl_val_is_const(&idx)) {
        slotval *sv = NULL;
        for (uint32_t i = 0; i < u->slots.len; i++) {
          slotval *x = &MDL_VEC_AT(u->slots, slotval, i);
          if (x->slot == s->u.sst.slot && x->index == idx.c)
            sv = x;
        }
        if (!sv) {
          sv = mdl_vec_push(&u->slots, sizeof *sv);
          sv->slot = s->u.sst.slot;
          sv->index = idx.c;
        }
        sv->v = val(u, s->u.sst.val);
        sv->nl = u->litstack.len;
        if (sv->nl > SLOT_LITS) {
          sv->v = unknown();
          sv->nl = 0;
        }
        for (uint32_t l = 0; l < sv->nl; l++)
          sv->lits[l] = MDL_VEC_AT(u->litstack, uint32_t, l);
      } else {
        u->slots.len = 0; /* unknown index: forget every slot */
      }
      break;
    }
    }
  }
}

void mdl_limits_default(mdl_limits *l) {
  memset(l, 0, sizeof *l);
  l->max_unroll = 65536;
  l->sym_bound = 8;
  l->bound_fixed = false;
  l->max_instances = 4000000;
  l->max_memory = (uint64_t)4096 << 20;
}

/* The trip bound K of unknown trip counts is one past the longest
** rotation that decides which flag or buffer an iteration uses (decision
** 16; docs/semantics-decisions.md 52): the address list of a
** multi-buffer pointer_cast, and a `rem` by a constant whose value
** reaches an event id, a cross-core flag, the sync_related_args of a
** macro op, an L0 ping-pong half, a pointer_cast address, or the
** condition that selects between memrefs (arith.select, scf.if).  A rem
** that only feeds offsets, views and indices (a tile offset) does not
** raise K.  per[v] is the longest rotation period that value v of the
** function depends on (0: none), found by a forward use-analysis to a
** fixpoint (loop-carried values and alloca slots carry it around). */
typedef struct {
  const mdl_func *f;
  int64_t *consts;             /* per value: constant, 0 if none */
  uint32_t *per;               /* per value: period it depends on */
  uint32_t p;                  /* longest period at a sink */
  bool changed;
} per_walk;

static uint32_t per_of(const per_walk *w, mdl_valref v) {
  return v != MDL_NOVAL && v < w->f->values.len ? w->per[v] : 0;
}

static void per_raise(per_walk *w, mdl_valref v, uint32_t p) {
  if (v != MDL_NOVAL && v < w->f->values.len && p > w->per[v]) {
    w->per[v] = p;
    w->changed = true;
  }
}

static void per_sink(per_walk *w, mdl_valref v) {
  uint32_t p = per_of(w, v);
  if (p > w->p)
    w->p = p;
}

static void per_copy(per_walk *w, const mdl_valref *dst, const mdl_valref *src,
                     uint32_t n, uint32_t extra) {
  for (uint32_t i = 0; dst && src && i < n; i++) {
    uint32_t p = per_of(w, src[i]);
    per_raise(w, dst[i], p > extra ? p : extra);
  }
}

static bool is_memref(const per_walk *w, mdl_valref v) {
  return v != MDL_NOVAL && v < w->f->values.len &&
         mdl_value_at(w->f, v)->is_memref;
}

static void per_scalar(per_walk *w, const mdl_stmt *s) {
  const mdl_func *f = w->f;
  if (s->u.x.op == MDL_X_CONST && s->def < f->values.len)
    w->consts[s->def] = s->u.x.k;
  uint32_t p = per_of(w, s->u.x.a);
  if (s->u.x.op != MDL_X_SLOAD) {
    uint32_t q = per_of(w, s->u.x.b), r = per_of(w, s->u.x.c);
    p = q > p ? q : p;
    p = r > p ? r : p;
  }
  if ((s->u.x.op == MDL_X_REMU || s->u.x.op == MDL_X_REMS) &&
      s->u.x.b < f->values.len && w->consts[s->u.x.b] > 0 &&
      w->consts[s->u.x.b] < 4096 && (uint32_t)w->consts[s->u.x.b] > p)
    p = (uint32_t)w->consts[s->u.x.b];
  per_raise(w, s->def, p);
  if (s->u.x.op == MDL_X_SELECT && is_memref(w, s->def))
    per_sink(w, s->u.x.a); /* the condition picks a buffer */
}

static void per_block(per_walk *w, const mdl_block *b) {
  for (const mdl_stmt *s = b->first; s; s = s->next) {
    switch (s->kind) {
    case MDL_S_SCALAR: per_scalar(w, s); break;
    case MDL_S_SSTORE: per_raise(w, s->u.sst.slot, per_of(w, s->u.sst.val));
      break;
    case MDL_S_BUF:
      if (s->u.b.kind == MDL_B_PTR) {
        if (s->u.b.naddr > w->p)
          w->p = s->u.b.naddr;
        for (uint32_t a = 0; a < s->u.b.naddr; a++)
          per_sink(w, s->u.b.addrs[a]);
      }
      break;
    case MDL_S_OP:
      for (uint32_t a = 0; a < s->u.op.nsync; a++)
        per_sink(w, s->u.op.sync_args[a]);
      for (uint32_t a = 0; a < s->u.op.nacc; a++)
        per_sink(w, s->u.op.acc[a].half);
      for (uint32_t a = 0; a < s->u.op.nacc2; a++)
        per_sink(w, s->u.op.acc2[a].half);
      break;
    case MDL_S_SET:
    case MDL_S_WAIT: per_sink(w, s->u.flag.id); break;
    case MDL_S_BSET:
    case MDL_S_BWAIT: per_sink(w, s->u.blk.flag); break;
    case MDL_S_SYNC_BLOCK: per_sink(w, s->u.sb.flag); break;
    case MDL_S_FOR:
      per_copy(w, s->u.loop.iter_arg, s->u.loop.iter_init, s->u.loop.niter, 0);
      per_block(w, &s->u.loop.body);
      per_copy(w, s->u.loop.iter_arg, s->u.loop.yield, s->u.loop.niter, 0);
      per_copy(w, s->u.loop.res, s->u.loop.iter_arg,
               s->u.loop.nres < s->u.loop.niter ? s->u.loop.nres
                                                : s->u.loop.niter, 0);
      break;
    case MDL_S_IF: {
      per_block(w, &s->u.cif.then_b);
      per_block(w, &s->u.cif.else_b);
      uint32_t c = per_of(w, s->u.cif.cond);
      per_copy(w, s->u.cif.res, s->u.cif.then_y, s->u.cif.nres, c);
      per_copy(w, s->u.cif.res, s->u.cif.else_y, s->u.cif.nres, c);
      for (uint32_t j = 0; j < s->u.cif.nres; j++)
        if (is_memref(w, s->u.cif.res[j]))
          per_sink(w, s->u.cif.cond);
      break;
    }
    case MDL_S_WHILE:
      per_copy(w, s->u.wh.before_args, s->u.wh.init, s->u.wh.ninit, 0);
      per_block(w, &s->u.wh.before);
      per_copy(w, s->u.wh.after_args, s->u.wh.cond_args, s->u.wh.nres, 0);
      per_block(w, &s->u.wh.after);
      per_copy(w, s->u.wh.before_args, s->u.wh.yield, s->u.wh.ninit, 0);
      per_copy(w, s->u.wh.res, s->u.wh.cond_args, s->u.wh.nres,
               per_of(w, s->u.wh.cond));
      break;
    default:
      break;
    }
  }
}

static uint32_t loop_period(const mdl_kernel *k) {
  uint32_t p = 1;
  for (uint32_t i = 0; i < k->funcs.len; i++) {
    per_walk w = {MDL_VEC_AT(k->funcs, mdl_func *, i), NULL, NULL, 1, false};
    uint32_t nv = w.f->values.len + 1;
    w.consts = calloc(nv, sizeof *w.consts);
    w.per = calloc(nv, sizeof *w.per);
    if (w.consts && w.per) {
      /* every pass raises some per[v]; values are few and periods < 4096 */
      for (uint32_t pass = 0; pass < 64; pass++) {
        w.changed = false;
        per_block(&w, &w.f->body);
        if (!w.changed)
          break;
      }
      if (w.p > p)
        p = w.p;
    }
    free(w.consts);
    free(w.per);
  }
  return p;
}

/* Does some core of k have type t? */
static bool has_core_type(const mdl_kernel *k, mdl_core_type t) {
  for (uint32_t c = 0; c < k->ncores; c++)
    if (k->cores[c].type == t)
      return true;
  return false;
}

/* A lone half (k->open): the cross-core waits whose setters are not in
** the input are released by the environment (SEMANTICS.md 1).  A counter
** (receiving core, flag) with one such wait is the environment's as a
** whole: every wait on it is open (a wait whose flag is computed at run
** time may be on any counter of its core).  INTER_SUBBLOCK and
** INTER_BLOCK waits whose setters are all here stay closed. */
static void mark_open(mdl_kernel *k) {
  uint32_t n = k->insts.len;
  uint32_t any[3] = {0, 0, 0}; /* per core: bit per flag 0..31 with an open
                                  wait; bit 31 also for a run-time id */
  bool sym_open[3] = {false, false, false};
  for (uint32_t i = 0; i < n; i++) {
    mdl_inst *in = &MDL_VEC_AT(k->insts, mdl_inst, i);
    if (in->kind != MDL_I_BWAIT)
      continue;
    mdl_core_type rt = k->cores[in->core].type, st = rt;
    switch ((mdl_xmode)in->mode) {
    case MDL_XMODE_INTRA_BLOCK:
      st = rt == MDL_CORE_AIC ? MDL_CORE_AIV : MDL_CORE_AIC;
      break;
    case MDL_XMODE_INTER_SUBBLOCK: st = MDL_CORE_AIV; break;
    case MDL_XMODE_INTER_BLOCK: st = rt; break;
    }
    in->open = !has_core_type(k, st);
    if (!in->open)
      continue;
    if (in->id >= 0 && in->id < 31)
      any[in->core] |= 1u << in->id;
    else
      sym_open[in->core] = true;
  }
  for (uint32_t i = 0; i < n; i++) {
    mdl_inst *in = &MDL_VEC_AT(k->insts, mdl_inst, i);
    if (in->kind != MDL_I_BWAIT || in->open)
      continue;
    in->open = sym_open[in->core] ||
               (in->id >= 0 && in->id < 31
                    ? (any[in->core] >> in->id) & 1u
                    : any[in->core] != 0);
  }
}

/* Forgets the instances of an unrolling that is run again (a scf.while
** reached --max-unroll and is now cut): atoms, forms and memories stay,
** they are interned. */
static void unroll_reset(mdl_kernel *k) {
  k->insts.len = 0;
  k->accesses.len = 0;
  k->lits.len = 0;
  k->guards.len = 1;
  k->concrete = true;
  free(k->bound_note);
  k->bound_note = NULL;
  k->cut_cores = 0;
  k->cut_iters = 0;
  k->cut_note = NULL;
  k->cut_forever = false;
  k->windowed = false;
  k->cut_trip = 0;
  k->nrelabel = 0;
  k->relabel_at = 0;
  k->relabel_shift = 0;
  k->cut_more = 0;
}

/* Unrolls every core once with the cuts in bud.  Returns true when a
** scf.while asked for another run with it cut (bud->restart). */
static bool unroll_cores(mdl_kernel *k, const mdl_limits *lim,
                         ur_budget *bud) {
  bud->restart = ~0u;
  for (uint32_t c = 0; c < k->ncores; c++) {
    k->core_first[c] = k->insts.len;
    ur u;
    memset(&u, 0, sizeof u);
    u.k = k;
    u.lim = lim;
    u.bud = bud;
    u.core = (int)c;
    u.ctype = k->cores[c].type;
    u.f = k->cores[c].fn;
    uint32_t nv = u.f->values.len ? u.f->values.len : 1;
    u.env = calloc(nv, sizeof *u.env);
    u.refs = calloc(nv, sizeof *u.refs);
    u.loop_count = calloc(k->nstmts + 1, sizeof *u.loop_count);
    if (!u.env || !u.refs || !u.loop_count) {
      fputs("ksv: out of memory\n", stderr);
      exit(3);
    }
    for (uint32_t i = 0; i < nv; i++)
      u.env[i].unknown = true;
    exec_block(&u, &u.f->body);
    free(u.env);
    free(u.refs);
    free(u.loop_count);
    mdl_vec_free(&u.litstack);
    mdl_vec_free(&u.slots);
    mdl_vec_free(&u.alts);
    k->core_count[c] = k->insts.len - k->core_first[c];
    /* a cut ends only this core's program */
    if (k->limit_hit || k->input_error || bud->restart != ~0u)
      break;
  }
  return bud->restart != ~0u && !k->limit_hit && !k->input_error;
}

int mdl_unroll(mdl_kernel *k, const mdl_limits *lim) {
  if (k->unrolled)
    return k->limit_hit || k->input_error ? -1 : 0;
  k->unrolled = true;
  k->trip_bound = lim->sym_bound;
  if (!lim->bound_fixed) {
    uint32_t p = loop_period(k) + 1;
    if (p > k->trip_bound)
      k->trip_bound = p > 64 ? 64 : p;
  }
  k->concrete = true;
  if (!k->guards.len)
    mdl_vec_push(&k->guards, sizeof(mdl_guard)); /* guard 0 = true */
  ur_budget bud;
  memset(&bud, 0, sizeof bud);
  while (unroll_cores(k, lim, &bud)) {
    bud.cuts[bud.ncuts++] = bud.restart;
    free(bud.gt.slot);
    bud.gt.slot = NULL;
    bud.gt.cap = 0;
    bud.steps = 0; /* the run that found the loop is not this one's work */
    bud.nseen = 0;
    unroll_reset(k);
  }
  free(bud.gt.slot);
  for (uint32_t c = 0; c < k->ncores; c++)
    if (k->core_first[c] + k->core_count[c] > k->insts.len ||
        (c && k->core_first[c] < k->core_first[c - 1])) {
      k->core_first[c] = k->insts.len;
      k->core_count[c] = 0;
    }
  if (k->open && !k->limit_hit && !k->input_error)
    mark_open(k);
  return k->limit_hit || k->input_error ? -1 : 0;
}

int mdl_unroll_again(mdl_kernel *k, const mdl_limits *lim) {
  unroll_reset(k);
  free(k->limit_hit);
  k->limit_hit = NULL;
  k->unrolled = false;
  return mdl_unroll(k, lim);
}
