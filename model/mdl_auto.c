/*
** mdl_auto.c -- the compiler's auto-sync as a model transformation.  The
** bisheng compiler's --cce-auto-sync (on by default in kernel-launch
** projects, off in many operator repositories) inserts some intra-core
** sync itself; ksv cannot see the build flags, so --assume-auto-sync says
** whether it ran, and when it did this file adds what it inserts, before
** unrolling, so that every engine, the simulator and fix see it.
**
** What it inserts (ascendc-reference/docs/PipeBarrier(ISASI).md: "with
** auto-sync on ... the compiler inserts the PIPE_V sync itself";
** ASCENDC.md "Compiler-inserted sync"):
**   - V->V ordering: a pipe_barrier(PIPE_V) before every vector op.  The
**     compiler places one only where two vector ops depend on each other;
**     one before every op orders the same dependent pairs, and a pair
**     with no dependency has no hazard to hide.
**   - on a2, scalar<->pipe pairs around GetValue/SetValue: before every
**     scalar access a set/wait from each of V, MTE2, MTE3 to S, after it
**     one from S back to each, on the vector core.
**   - nothing for MTE2/MTE3 overlaps (PipeBarrier(ISASI).md: the
**     developer inserts those), nothing on the cube.
** The compiler adds a sync only where the program has none: a barrier or
** pair spelled right next to the op (spelled()) is kept as the only one.
** The pairs use event id 7, the id the docs reserve for automatic sync
** (SetFlag-WaitFlag(ISASI).md).  Inserted statements are marked
** auto_sync: their instances are implicit (never reported redundant,
** never removed by fix), located at the op they protect.
*/
#include "mdl_build.h"

#include <string.h>

typedef struct {
  mdl_kernel *k;
  mdl_func *f;
  mdl_valref id;               /* the function's event-id constant */
  bool scalar_pairs;           /* a2: the scalar<->pipe pairs */
  uint32_t n;
} au;

static mdl_stmt *new_stmt(au *a, mdl_stmt_kind kind, const mdl_stmt *at,
                          uint8_t cores) {
  mdl_stmt *s = mdl_stmt_new(a->k, NULL, kind, at->loc);
  s->cores = cores;
  s->auto_sync = true;
  a->n++;
  return s;
}

/* Links s into b after prev (NULL: at the front). */
static void link_after(mdl_block *b, mdl_stmt *prev, mdl_stmt *s) {
  s->next = prev ? prev->next : b->first;
  if (prev)
    prev->next = s;
  else
    b->first = s;
  if (b->last == prev)
    b->last = s;
  b->count++;
}

static const mdl_pipe data_pipes[] = {MDL_PIPE_V, MDL_PIPE_MTE2,
                                      MDL_PIPE_MTE3};

static bool is_sync(const mdl_stmt *s) {
  return s->kind == MDL_S_SET || s->kind == MDL_S_WAIT ||
         s->kind == MDL_S_BARRIER;
}

/* Does the source already order the op: a sync of the kind the compiler
** would add among the syncs right before s (run: the first of them, or
** NULL) or right after it?  The compiler inserts only where the program lacks
** one, so a spelled PipeBarrier<PIPE_V> or WaitFlag<HardEvent::V_S> stays
** the only one and is never reported redundant because of ours.  kind:
** MDL_S_BARRIER (pipe src), MDL_S_WAIT before / MDL_S_SET after (src ->
** dst). */
static bool spelled(const mdl_stmt *run, const mdl_stmt *s, bool after,
                    mdl_stmt_kind kind, mdl_pipe src, mdl_pipe dst) {
  if (after)
    run = s->next;
  for (const mdl_stmt *x = run; x && x != s && is_sync(x); x = x->next) {
    if (x->auto_sync)
      continue;
    if (x->kind == MDL_S_BARRIER &&
        (x->u.bar.pipe == MDL_PIPE_ALL ||
         (kind == MDL_S_BARRIER && x->u.bar.pipe == src)))
      return true;
    if (x->kind == kind && kind != MDL_S_BARRIER &&
        x->u.flag.src == src && x->u.flag.dst == dst)
      return true;
  }
  return false;
}

static mdl_stmt *pair(au *a, mdl_block *b, mdl_stmt *prev,
                      const mdl_stmt *run, const mdl_stmt *at, mdl_pipe src,
                      mdl_pipe dst) {
  bool after = src == MDL_PIPE_S;
  if (spelled(run, at, after, after ? MDL_S_SET : MDL_S_WAIT, src, dst))
    return prev;
  uint8_t cores = (uint8_t)(at->cores & (1u << MDL_CORE_AIV) &
                            mdl_cores_with_pipes(a->k->prof, src, dst));
  if (!cores)
    return prev;
  for (int w = 0; w < 2; w++) {
    mdl_stmt *s = new_stmt(a, w ? MDL_S_WAIT : MDL_S_SET, at, cores);
    s->u.flag.src = src;
    s->u.flag.dst = dst;
    s->u.flag.id = a->id;
    link_after(b, prev, s);
    prev = s;
  }
  return prev;
}

static void walk(au *a, mdl_block *b);

/* The statements the compiler puts around s (in b after prev); returns
** the statement the walk continues after. */
static mdl_stmt *around(au *a, mdl_block *b, mdl_stmt *prev,
                        const mdl_stmt *run, mdl_stmt *s) {
  if (s->kind != MDL_S_OP || s->auto_sync)
    return s;
  if (s->u.op.pipe == MDL_PIPE_V) {
    uint8_t cores = (uint8_t)(s->cores & mdl_cores_with_pipes(
                                             a->k->prof, MDL_PIPE_V,
                                             MDL_PIPE_V));
    if (cores && !spelled(run, s, false, MDL_S_BARRIER, MDL_PIPE_V,
                          MDL_PIPE_V)) {
      mdl_stmt *bar = new_stmt(a, MDL_S_BARRIER, s, cores);
      bar->u.bar.pipe = MDL_PIPE_V;
      link_after(b, prev, bar);
    }
    return s;
  }
  if (s->u.op.pipe != MDL_PIPE_S || !a->scalar_pairs)
    return s;
  for (size_t i = 0; i < sizeof data_pipes / sizeof *data_pipes; i++)
    prev = pair(a, b, prev, run, s, data_pipes[i], MDL_PIPE_S);
  mdl_stmt *last = s;
  for (size_t i = 0; i < sizeof data_pipes / sizeof *data_pipes; i++)
    last = pair(a, b, last, run, s, MDL_PIPE_S, data_pipes[i]);
  return last;
}

static void walk(au *a, mdl_block *b) {
  mdl_stmt *prev = NULL, *run = NULL; /* run: syncs right before s */
  for (mdl_stmt *s = b->first; s;) {
    if (is_sync(s)) {
      run = run ? run : s;
      prev = s;
      s = s->next;
      continue;
    }
    switch (s->kind) {
    case MDL_S_FOR: walk(a, &s->u.loop.body); break;
    case MDL_S_IF:
      walk(a, &s->u.cif.then_b);
      walk(a, &s->u.cif.else_b);
      break;
    case MDL_S_WHILE:
      walk(a, &s->u.wh.before);
      walk(a, &s->u.wh.after);
      break;
    default: break;
    }
    mdl_stmt *last = around(a, b, prev, run, s);
    run = NULL;
    prev = last;
    s = last->next;
  }
}

uint32_t mdl_auto_sync(mdl_kernel *k, bool on) {
  if (!k || k->lang != MDL_LANG_ASCENDC || k->auto_sync >= 0)
    return 0;
  k->auto_sync = on;
  if (!on || k->unrolled)
    return 0;
  au a = {k, NULL, MDL_NOVAL, k->prof && k->prof->arch == MDL_ARCH_A2, 0};
  for (uint32_t i = 0; i < k->funcs.len; i++) {
    a.f = MDL_VEC_AT(k->funcs, mdl_func *, i);
    /* the event id: one constant at the top of the function */
    mdl_stmt *c = mdl_stmt_new(k, NULL, MDL_S_SCALAR, a.f->loc);
    c->auto_sync = true;
    c->u.x.op = MDL_X_CONST;
    c->u.x.a = c->u.x.b = c->u.x.c = MDL_NOVAL;
    c->u.x.k = MDL_AUTO_SYNC_EVENT;
    c->def = a.id = mdl_value_new(a.f, "auto_sync_event");
    link_after(&a.f->body, NULL, c);
    walk(&a, &a.f->body);
  }
  k->auto_syncs = a.n;
  return a.n;
}
