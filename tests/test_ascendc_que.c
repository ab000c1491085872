/*
** test_ascendc_que.c -- unit tests of frontend/ascendc/fe_asc_que.c, the
** queue framework's implicit sync (docs/ascendc-queues.md): the set/wait
** sequence (pipes, ids) and the buffer ranges that TPipe / TQue calls give,
** the event-id allocator, the constructor's priming and the destructor's
** drain, and the misuse cases (DeQue of an empty queue, AllocTensor past
** the buffers, EnQue past the depth).
**
** The handlers are driven directly, as the extraction calls them, against
** small stand-ins for the extraction's shared helpers (the rest of
** fe_asc_x.h), so that these tests pin the library semantics alone.  The
** queue types are parsed from C++ text with the tree-sitter grammar.
*/
#include "../frontend/ascendc/fe_asc_x.h"

#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const TSLanguage *tree_sitter_cpp(void);

/* ------------------------------------ stand-ins for the extraction */

static const char *g_src;     /* the text the type nodes come from */
static uint32_t g_line = 1;   /* the location of the next call */

mdl_loc fe_asc_loc(const fe_asc_ctx *x, TSNode n) {
  (void)x, (void)n;
  return (mdl_loc){g_line, 1};
}

const char *fe_asc_text(fe_asc_ctx *x, TSNode n) {
  if (ts_node_is_null(n))
    return "";
  uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
  return mdl_strdup(x->bd.k->arena, g_src + a, b - a);
}

const char *fe_asc_last_name(fe_asc_ctx *x, TSNode n) {
  const char *t = fe_asc_text(x, n), *p = strrchr(t, ':');
  return p ? p + 1 : t;
}

static void diag(fe_asc_ctx *x, mdl_rule r, const char *fmt, va_list ap) {
  char buf[512];
  vsnprintf(buf, sizeof buf, fmt, ap);
  mdl_diag_add(x->diags, r, MDL_SEV_WARNING, x->path, NULL, g_line, 1, "%s",
               buf);
}

void fe_asc_warn(fe_asc_ctx *x, TSNode n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag(x, MDL_RULE_UNSUPPORTED, fmt, ap);
  va_end(ap);
}

void fe_asc_unsupported(fe_asc_ctx *x, TSNode n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag(x, MDL_RULE_UNSUPPORTED, fmt, ap);
  va_end(ap);
  x->unknown = true;
}

fe_asc_val fe_asc_int(int64_t i) {
  fe_asc_val v;
  memset(&v, 0, sizeof v);
  v.kind = FE_AV_INT, v.i = i;
  return v;
}

fe_asc_val fe_asc_unknown(void) {
  fe_asc_val v;
  memset(&v, 0, sizeof v);
  return v;
}

bool fe_asc_const(const fe_asc_val *v, int64_t *out) {
  if (v->kind != FE_AV_INT)
    return false;
  *out = v->i;
  return true;
}

fe_asc_val fe_asc_expr(fe_asc_ctx *x, TSNode e) {
  const char *t = fe_asc_text(x, e);
  char *end;
  long long i = strtoll(t, &end, 0);
  return *t && !*end ? fe_asc_int(i) : fe_asc_unknown();
}

bool fe_asc_libconst(const char *name, fe_asc_val *out) {
  static const char *pos[] = {"GM", "VECIN", "VECOUT", "VECCALC", "A1", "B1",
                              "C1", "A2", "B2", "CO1", "CO2", "C2"};
  for (int i = 0; i < (int)(sizeof pos / sizeof pos[0]); i++)
    if (!strcmp(name, pos[i])) {
      *out = fe_asc_int(i);
      out->kind = FE_AV_POS;
      return true;
    }
  return false;
}

bool fe_asc_lookup(fe_asc_ctx *x, const char *name, fe_asc_val *out) {
  if (strcmp(name, "BUFFER_NUM"))
    return false;
  *out = fe_asc_int(2);
  return true;
}

uint32_t fe_asc_sizeof(const char *type) {
  return !strcmp(type, "float") ? 4 : !strcmp(type, "half") ? 2 : 0;
}

static int g_assigned;
void fe_asc_assign(fe_asc_ctx *x, TSNode lhs, fe_asc_val v) { g_assigned++; }


fe_asc_tensor fe_asc_local_alloc(fe_asc_ctx *x, mdl_space sp, fe_asc_pos pos,
                                 int64_t bytes, uint32_t elem) {
  if (x->base[sp] == MDL_NOVAL) {
    x->base[sp] = mdl_b_value(&x->bd, "base");
    mdl_stmt *s = mdl_b_buf(&x->bd, MDL_B_ALLOC, x->base[sp], "base",
                            (mdl_loc){1, 1});
    s->u.b.space = sp;
    s->u.b.size = 1 << 18;
    mdl_b_memref_info(&x->bd, x->base[sp], sp, 1 << 18, 1);
  }
  fe_asc_tensor t;
  memset(&t, 0, sizeof t);
  t.space = sp, t.pos = pos, t.buf = x->base[sp];
  t.off = x->next_addr[sp], t.off_sym = MDL_NOVAL, t.bytes = bytes;
  t.elem = elem;
  x->next_addr[sp] += bytes;
  return t;
}

/* ------------------------------------------------------- harness */

typedef struct {
  mdl_kernel *k;
  mdl_diags d;
  fe_asc_ctx x;
  TSParser *ps;
  TSTree *tree;
  char text[4096];
  fe_asc_obj objs[16];
  uint32_t nobj;
} env;

static void env_init(env *e, mdl_arch arch, fe_asc_core core) {
  memset(e, 0, sizeof *e);
  e->k = mdl_kernel_new("t.asc", "k");
  e->k->prof = mdl_profile_get(arch);
  e->x.diags = &e->d;
  e->x.path = "t.asc";
  e->x.core = core;
  for (int i = 0; i < MDL_SPACE_COUNT; i++)
    e->x.base[i] = MDL_NOVAL;
  mdl_b_func(&e->x.bd, e->k, "k", (mdl_loc){1, 1}, false);
  e->ps = ts_parser_new();
  ts_parser_set_language(e->ps, tree_sitter_cpp());
  g_line = 1;
}

static void env_free(env *e) {
  if (e->tree)
    ts_tree_delete(e->tree);
  ts_parser_delete(e->ps);
  mdl_diags_free(&e->d);
  mdl_kernel_free(e->k);
}

/* The first template_type node under n. */
static TSNode find_tt(TSNode n) {
  if (!strcmp(ts_node_type(n), "template_type"))
    return n;
  for (uint32_t i = 0; i < ts_node_named_child_count(n); i++) {
    TSNode r = find_tt(ts_node_named_child(n, i));
    if (!ts_node_is_null(r))
      return r;
  }
  return (TSNode){0};
}

/* An object of kind k declared as `decl` (C++ text). */
static fe_asc_obj *decl(env *e, fe_asc_objkind kind, const char *type,
                        const char *text) {
  fe_asc_obj *o = &e->objs[e->nobj++];
  memset(o, 0, sizeof *o);
  o->kind = kind, o->type = type;
  TSNode ty = {0};
  if (text) {
    snprintf(e->text, sizeof e->text, "%s", text);
    g_src = e->text;
    if (e->tree)
      ts_tree_delete(e->tree);
    e->tree = ts_parser_parse_string(e->ps, NULL, e->text,
                                     (uint32_t)strlen(e->text));
    ty = find_tt(ts_tree_root_node(e->tree));
    cr_assert(!ts_node_is_null(ty), "no template type in %s", text);
  }
  fe_asc_que_declare(&e->x, o, ty);
  return o;
}

static fe_asc_val vobj(fe_asc_obj *o) {
  fe_asc_val v = fe_asc_unknown();
  v.kind = FE_AV_OBJ, v.o = o;
  return v;
}

static fe_asc_val vhevt(mdl_pipe a, mdl_pipe b) {
  fe_asc_val v = fe_asc_unknown();
  v.kind = FE_AV_HEVT, v.i = a, v.j = b;
  return v;
}

/* Calls name on obj at line with the arguments (and one template arg
** targ when its kind is not UNKNOWN); returns the value. */
static fe_asc_val callv(env *e, uint32_t line, fe_asc_obj *obj,
                        const char *name, fe_asc_val targ, uint32_t n,
                        const fe_asc_val *args) {
  fe_asc_call c;
  memset(&c, 0, sizeof c);
  c.name = name, c.obj = obj, c.nargs = n;
  for (uint32_t i = 0; i < n; i++)
    c.arg[i] = args[i];
  if (targ.kind != FE_AV_UNKNOWN)
    c.targ[c.ntargs++] = targ;
  fe_asc_val res = fe_asc_unknown();
  g_line = line;
  const fe_asc_api *a = fe_asc_api_que;
  while (a->name && strcmp(a->name, name))
    a++;
  cr_assert(a->name, "no handler for %s", name);
  cr_assert(a->fn(&e->x, &c, &res), "%s refused", name);
  return res;
}

static fe_asc_val call0(env *e, uint32_t line, fe_asc_obj *o, const char *n) {
  return callv(e, line, o, n, fe_asc_unknown(), 0, NULL);
}

static fe_asc_val call1(env *e, uint32_t line, fe_asc_obj *o, const char *n,
                        fe_asc_val a) {
  return callv(e, line, o, n, fe_asc_unknown(), 1, &a);
}

static void init_buffer(env *e, uint32_t line, fe_asc_obj *pipe,
                        fe_asc_obj *q, int64_t num, int64_t len) {
  fe_asc_val a[3] = {vobj(q), fe_asc_int(num), fe_asc_int(len)};
  callv(e, line, pipe, "InitBuffer", fe_asc_unknown(), 3, a);
}

static const char *pn(mdl_pipe p) {
  static const char *n[] = {"S", "V", "M", "MTE1", "MTE2", "MTE3", "FIX",
                            "ALL"};
  return p < MDL_PIPE_COUNT ? n[p] : "?";
}

/* The sync statements emitted so far, from statement index *from on:
** "S MTE2>V 0 @51; W ...; B ALL @67" (then *from moves past them). */
static const char *syncs(env *e, uint32_t *from) {
  static char out[8192];
  int64_t kval[4096];
  size_t o = 0;
  uint32_t i = 0;
  out[0] = 0;
  for (mdl_stmt *s = e->x.bd.f->body.first; s; s = s->next, i++) {
    if (s->kind == MDL_S_SCALAR && s->u.x.op == MDL_X_CONST &&
        s->def < 4096)
      kval[s->def] = s->u.x.k;
    if (i < *from)
      continue;
    if (s->kind == MDL_S_SET || s->kind == MDL_S_WAIT)
      o += (size_t)snprintf(out + o, sizeof out - o, "%s%s %s>%s %lld @%u",
                            o ? "; " : "", s->kind == MDL_S_SET ? "S" : "W",
                            pn(s->u.flag.src), pn(s->u.flag.dst),
                            (long long)kval[s->u.flag.id], s->loc.line);
    else if (s->kind == MDL_S_BARRIER)
      o += (size_t)snprintf(out + o, sizeof out - o, "%sB %s @%u",
                            o ? "; " : "", pn(s->u.bar.pipe), s->loc.line);
  }
  *from = i;
  return out;
}

static bool has_diag(env *e, mdl_rule r, const char *needle) {
  for (uint32_t i = 0; i < e->d.items.len; i++) {
    const mdl_diag *g = &MDL_VEC_AT(e->d.items, mdl_diag, i);
    if (g->rule == r && strstr(g->message, needle))
      return true;
  }
  return false;
}

/* ----------------------------------------------------------- tests */

#define VECIN_Q(n) "AscendC::TQue<AscendC::TPosition::VECIN, " #n "> q;"
#define VECOUT_Q(n) "AscendC::TQue<AscendC::TPosition::VECOUT, " #n "> q;"

/* The reference kernel add_tpipe_tque.asc, call by call at its lines:
** the trace of docs/ascendc-queues.md 9, and the buffer layout. */
Test(que, add_tpipe_tque_trace) {
  env e;
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_obj *qx = decl(&e, FE_OBJ_TQUE, "TQue", VECIN_Q(1));
  fe_asc_obj *qy = decl(&e, FE_OBJ_TQUE, "TQue", VECIN_Q(1));
  fe_asc_obj *qz = decl(&e, FE_OBJ_TQUE, "TQue", VECOUT_Q(1));
  cr_assert(qx->ext && qz->ext);
  init_buffer(&e, 42, pipe, qx, 1, 100);
  init_buffer(&e, 43, pipe, qy, 1, 100);
  init_buffer(&e, 44, pipe, qz, 1, 100);
  fe_asc_val x = call0(&e, 47, qx, "AllocTensor");
  fe_asc_val y = call0(&e, 48, qy, "AllocTensor");
  cr_assert_eq(x.kind, FE_AV_LTENSOR);
  /* 100 bytes rounded to 128, consecutive in UB */
  cr_assert_eq(x.t.space, MDL_SPACE_UB);
  cr_assert_eq(x.t.off, 0);
  cr_assert_eq(x.t.bytes, 128);
  cr_assert_eq(y.t.off, 128);
  call1(&e, 51, qx, "EnQue", x);
  call1(&e, 52, qy, "EnQue", y);
  x = call0(&e, 55, qx, "DeQue");
  y = call0(&e, 56, qy, "DeQue");
  cr_assert_eq(y.t.off, 128);
  fe_asc_val z = call0(&e, 57, qz, "AllocTensor");
  cr_assert_eq(z.t.off, 256);
  call1(&e, 59, qz, "EnQue", z);
  call1(&e, 60, qx, "FreeTensor", x);
  call1(&e, 61, qy, "FreeTensor", y);
  z = call0(&e, 64, qz, "DeQue");
  call1(&e, 66, qz, "FreeTensor", z);
  fe_asc_que_destroy(&e.x, pipe, (mdl_loc){67, 1});
  uint32_t from = 0;
  cr_assert_str_eq(syncs(&e, &from),
                   "S MTE2>V 0 @51; S MTE2>V 1 @52; W MTE2>V 0 @55; "
                   "W MTE2>V 1 @56; S V>MTE3 0 @59; S V>MTE2 0 @60; "
                   "S V>MTE2 1 @61; W V>MTE3 0 @64; S MTE3>V 0 @66; "
                   "W V>MTE2 0 @67; W V>MTE2 1 @67; W MTE3>V 0 @67; "
                   "B ALL @67");
  cr_assert_eq(e.d.items.len, 0);
  cr_assert(!e.x.unknown);
  /* a destroyed pipe is not destroyed twice (Destroy() then ~TPipe) */
  fe_asc_que_destroy(&e.x, pipe, (mdl_loc){68, 1});
  cr_assert_str_eq(syncs(&e, &from), "");
  env_free(&e);
}

/* One pass of a double-buffer CopyIn / Compute / CopyOut iteration. */
static void db_iter(env *e, fe_asc_obj *qx, fe_asc_obj *qz, int64_t *xoff) {
  fe_asc_val x = call0(e, 10, qx, "AllocTensor");
  *xoff = x.t.off;
  call1(e, 11, qx, "EnQue", x);
  x = call0(e, 20, qx, "DeQue");
  fe_asc_val z = call0(e, 21, qz, "AllocTensor");
  call1(e, 22, qz, "EnQue", z);
  call1(e, 23, qx, "FreeTensor", x);
  z = call0(e, 30, qz, "DeQue");
  call1(e, 31, qz, "FreeTensor", z);
}

/* Double buffer: buffers alternate, the first use of each waits nothing,
** the free ids follow the allocator (lowest free), the destructor drains
** all four pending frees; the state has period 2 after the first pass. */
Test(que, double_buffer_ids_and_ranges) {
  env e;
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_obj *qx = decl(&e, FE_OBJ_TQUE, "TQue",
                        "TQue<TPosition::VECIN, BUFFER_NUM> inQueueX;");
  fe_asc_obj *qz = decl(&e, FE_OBJ_TQUE, "TQue", VECOUT_Q(2));
  cr_assert_eq(qx->depth, 2);
  init_buffer(&e, 5, pipe, qx, 2, 256);
  init_buffer(&e, 6, pipe, qz, 2, 256);
  int64_t off[4];
  uint32_t from = 0;
  void *s1 = NULL, *s2 = NULL;
  const char *want[4] = {
    "S MTE2>V 0 @11; W MTE2>V 0 @20; S V>MTE3 0 @22; S V>MTE2 0 @23; "
    "W V>MTE3 0 @30; S MTE3>V 0 @31",
    "S MTE2>V 0 @11; W MTE2>V 0 @20; S V>MTE3 0 @22; S V>MTE2 1 @23; "
    "W V>MTE3 0 @30; S MTE3>V 1 @31",
    "W V>MTE2 0 @10; S MTE2>V 0 @11; W MTE2>V 0 @20; W MTE3>V 0 @21; "
    "S V>MTE3 0 @22; S V>MTE2 0 @23; W V>MTE3 0 @30; S MTE3>V 0 @31",
    "W V>MTE2 1 @10; S MTE2>V 0 @11; W MTE2>V 0 @20; W MTE3>V 1 @21; "
    "S V>MTE3 0 @22; S V>MTE2 1 @23; W V>MTE3 0 @30; S MTE3>V 1 @31",
  };
  for (int k = 0; k < 4; k++) {
    db_iter(&e, qx, qz, &off[k]);
    cr_assert_str_eq(syncs(&e, &from), want[k], "iteration %d", k);
    if (k == 1)
      s1 = fe_asc_que_save(&e.x);
    if (k == 2) {
      s2 = fe_asc_que_save(&e.x);
      cr_assert(!fe_asc_que_same(&e.x, s1), "period 2, not 1");
    }
  }
  cr_assert(fe_asc_que_same(&e.x, s1), "period 2 after the first pass");
  cr_assert(!fe_asc_que_same(&e.x, s2));
  cr_assert_eq(off[0], 0);
  cr_assert_eq(off[1], 256);
  cr_assert_eq(off[2], 0);
  cr_assert_eq(off[3], 256);
  fe_asc_que_destroy(&e.x, pipe, (mdl_loc){40, 1});
  cr_assert_str_eq(syncs(&e, &from),
                   "W V>MTE2 0 @40; W V>MTE2 1 @40; W MTE3>V 0 @40; "
                   "W MTE3>V 1 @40; B ALL @40");
  /* restore gives back the saved state */
  fe_asc_que_restore(&e.x, s2);
  cr_assert(fe_asc_que_same(&e.x, s2));
  env_free(&e);
}

/* Single buffer: after the first pass (whose AllocTensor waits nothing)
** every pass leaves the state as it found it. */
Test(que, single_buffer_steady_state) {
  env e;
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_obj *qx = decl(&e, FE_OBJ_TQUE, "TQue", VECIN_Q(1));
  fe_asc_obj *qz = decl(&e, FE_OBJ_TQUE, "TQue", VECOUT_Q(1));
  init_buffer(&e, 5, pipe, qx, 1, 64);
  init_buffer(&e, 6, pipe, qz, 1, 64);
  int64_t off;
  void *s0 = fe_asc_que_save(&e.x);
  db_iter(&e, qx, qz, &off);
  cr_assert(!fe_asc_que_same(&e.x, s0), "the first pass differs");
  void *s1 = fe_asc_que_save(&e.x);
  uint32_t from = 0;
  (void)syncs(&e, &from);
  db_iter(&e, qx, qz, &off);
  cr_assert(fe_asc_que_same(&e.x, s1));
  cr_assert_str_eq(syncs(&e, &from),
                   "W V>MTE2 0 @10; S MTE2>V 0 @11; W MTE2>V 0 @20; "
                   "W MTE3>V 0 @21; S V>MTE3 0 @22; S V>MTE2 0 @23; "
                   "W V>MTE3 0 @30; S MTE3>V 0 @31");
  env_free(&e);
}

/* DeQue of a queue nothing was enqueued on: the library waits nothing; a
** located warning, and the tensor is the allocated buffer. */
Test(que, deque_without_enque) {
  env e;
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_obj *qx = decl(&e, FE_OBJ_TQUE, "TQue", VECIN_Q(2));
  init_buffer(&e, 5, pipe, qx, 2, 64);
  fe_asc_val x = call0(&e, 10, qx, "AllocTensor");
  fe_asc_val d = call0(&e, 12, qx, "DeQue");
  uint32_t from = 0;
  cr_assert_str_eq(syncs(&e, &from), "");
  cr_assert(has_diag(&e, MDL_RULE_UNSUPPORTED, "DeQue on queue 'q', which holds no tensor"));
  cr_assert_eq(d.kind, FE_AV_LTENSOR);
  cr_assert_eq(d.t.off, x.t.off);
  env_free(&e);
}

/* AllocTensor with every buffer allocated: the library spins forever. */
Test(que, alloc_past_buffers_deadlocks) {
  env e;
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_obj *qx = decl(&e, FE_OBJ_TQUE, "TQue", VECIN_Q(2));
  init_buffer(&e, 5, pipe, qx, 2, 64);
  call0(&e, 10, qx, "AllocTensor");
  call0(&e, 11, qx, "AllocTensor");
  cr_assert(!has_diag(&e, MDL_RULE_DEADLOCK, ""));
  uint32_t from = 0;
  syncs(&e, &from); /* (the first two allocations wait nothing) */
  call0(&e, 12, qx, "AllocTensor");
  /* the hang is a wait of the free event nothing sets (the highest id,
     taken for good), which the checker reports as the deadlock; the queue
     code reports nothing itself */
  cr_assert(!has_diag(&e, MDL_RULE_DEADLOCK, ""));
  cr_assert_str_eq(syncs(&e, &from), "W V>MTE2 7 @12");
  call0(&e, 13, qx, "AllocTensor"); /* the same id again */
  cr_assert_str_eq(syncs(&e, &from), "W V>MTE2 7 @13");
  env_free(&e);
}

/* EnQue past the depth overwrites the ring's slot (depth 1: the slot):
** the first tensor's set is never waited. */
Test(que, enque_past_depth_overwrites) {
  env e;
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_obj *qx = decl(&e, FE_OBJ_TQUE, "TQue", VECIN_Q(1));
  init_buffer(&e, 5, pipe, qx, 2, 64);
  fe_asc_val a = call0(&e, 10, qx, "AllocTensor");
  fe_asc_val b = call0(&e, 11, qx, "AllocTensor");
  call1(&e, 12, qx, "EnQue", a);
  call1(&e, 13, qx, "EnQue", b);
  cr_assert(has_diag(&e, MDL_RULE_UNSUPPORTED, "overwrites"));
  fe_asc_val d = call0(&e, 14, qx, "DeQue");
  cr_assert_eq(d.t.off, b.t.off);
  uint32_t from = 0;
  cr_assert_str_eq(syncs(&e, &from),
                   "S MTE2>V 0 @12; S MTE2>V 1 @13; W MTE2>V 1 @14");
  env_free(&e);
}

/* The allocator: lowest free id per event, held until released; Fetch
** does not take; the ninth id is 8 (out of the hardware range). */
Test(que, event_id_allocator) {
  env e;
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_val ev = vhevt(MDL_PIPE_V, MDL_PIPE_MTE3);
  fe_asc_val other = vhevt(MDL_PIPE_MTE3, MDL_PIPE_V);
  for (int i = 0; i < 8; i++)
    cr_assert_eq(callv(&e, 3, pipe, "AllocEventID", ev, 0, NULL).i, i);
  cr_assert_eq(callv(&e, 3, pipe, "AllocEventID", ev, 0, NULL).i, 8);
  /* another event has its own ids */
  cr_assert_eq(callv(&e, 3, pipe, "AllocEventID", other, 0, NULL).i, 0);
  fe_asc_val id3 = fe_asc_int(3);
  callv(&e, 4, pipe, "ReleaseEventID", ev, 1, &id3);
  cr_assert_eq(callv(&e, 5, pipe, "FetchEventID", fe_asc_unknown(), 1, &ev).i,
               3);
  cr_assert_eq(callv(&e, 5, pipe, "FetchEventID", ev, 0, NULL).i, 3);
  cr_assert_eq(callv(&e, 6, pipe, "AllocEventID", ev, 0, NULL).i, 3);
  /* GetTPipePtr() is the pipe */
  fe_asc_val gp = callv(&e, 7, NULL, "GetTPipePtr", fe_asc_unknown(), 0, NULL);
  cr_assert_eq(gp.kind, FE_AV_OBJ);
  cr_assert_eq(gp.o, pipe);
  /* the allocator emits nothing itself */
  uint32_t from = 0;
  cr_assert_str_eq(syncs(&e, &from), "");
  env_free(&e);
}

/* a2, AIC: the constructor takes and sets M_MTE1 0..2, so an A2 queue's
** free event (M_MTE1) gets id 3; the destructor waits 0..2 back. */
Test(que, a2_aic_priming_and_cube_events) {
  env e;
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIC);
  g_line = 26;
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_obj *a1 = decl(&e, FE_OBJ_TQUE, "TQue",
                        "TQue<TPosition::A1, 1> q;");
  fe_asc_obj *a2 = decl(&e, FE_OBJ_TQUE, "TQue",
                        "TQue<TPosition::A2, 1> q;");
  fe_asc_obj *co1 = decl(&e, FE_OBJ_TQUE, "TQue",
                         "TQue<TPosition::CO1, 1> q;");
  init_buffer(&e, 30, pipe, a1, 1, 1024);
  init_buffer(&e, 31, pipe, a2, 1, 1024);
  init_buffer(&e, 32, pipe, co1, 1, 1024);
  fe_asc_val t1 = call0(&e, 40, a1, "AllocTensor");
  cr_assert_eq(t1.t.space, MDL_SPACE_L1);
  call1(&e, 41, a1, "EnQue", t1);
  t1 = call0(&e, 42, a1, "DeQue");
  fe_asc_val t2 = call0(&e, 43, a2, "AllocTensor");
  cr_assert_eq(t2.t.space, MDL_SPACE_L0A);
  call1(&e, 44, a2, "EnQue", t2);
  call1(&e, 45, a1, "FreeTensor", t1);
  t2 = call0(&e, 46, a2, "DeQue");
  fe_asc_val c = call0(&e, 47, co1, "AllocTensor");
  cr_assert_eq(c.t.space, MDL_SPACE_L0C);
  call1(&e, 48, co1, "EnQue", c);
  call1(&e, 49, a2, "FreeTensor", t2);
  c = call0(&e, 50, co1, "DeQue");
  call1(&e, 51, co1, "FreeTensor", c);
  fe_asc_que_destroy(&e.x, pipe, (mdl_loc){60, 1});
  uint32_t from = 0;
  cr_assert_str_eq(syncs(&e, &from),
                   "S M>MTE1 0 @26; S M>MTE1 1 @26; S M>MTE1 2 @26; "
                   "S MTE2>MTE1 0 @41; W MTE2>MTE1 0 @42; S MTE1>M 0 @44; "
                   "S MTE1>MTE2 0 @45; W MTE1>M 0 @46; S M>FIX 0 @48; "
                   "S M>MTE1 3 @49; W M>FIX 0 @50; S FIX>M 0 @51; "
                   "W MTE1>MTE2 0 @60; W M>MTE1 3 @60; W FIX>M 0 @60; "
                   "W M>MTE1 0 @60; W M>MTE1 1 @60; W M>MTE1 2 @60; "
                   "B ALL @60");
  env_free(&e);
}

/* a5 (the C310 TPipe is not in the sources: ksv applies the a2 rules
** without the 2201-only AIC priming) and a2 on the AIV: no priming. */
Test(que, no_priming_off_a2_aic) {
  env e;
  env_init(&e, MDL_ARCH_A5, FE_ASC_CORE_AIC);
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_que_destroy(&e.x, pipe, (mdl_loc){9, 1});
  uint32_t from = 0;
  cr_assert_str_eq(syncs(&e, &from), "B ALL @9");
  env_free(&e);
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_que_destroy(&e.x, pipe, (mdl_loc){9, 1});
  from = 0;
  cr_assert_str_eq(syncs(&e, &from), "B ALL @9");
  env_free(&e);
}

/* depth 0: InitBuffer takes both ids per buffer and primes the free
** event; the in-place AllocTensor waits it, EnQue/DeQue use the fixed
** enqueue id, FreeTensor sets the fixed free id; the drain waits it. */
Test(que, depth_zero_static_ids) {
  env e;
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_obj *q = decl(&e, FE_OBJ_TQUE, "TQue", VECIN_Q(0));
  init_buffer(&e, 5, pipe, q, 2, 64);
  fe_asc_val dummy = fe_asc_unknown();
  g_assigned = 0;
  fe_asc_val t = callv(&e, 10, q, "AllocTensor", fe_asc_unknown(), 1, &dummy);
  cr_assert_eq(t.kind, FE_AV_LTENSOR);
  call1(&e, 11, q, "EnQue", t);
  call1(&e, 12, q, "DeQue", t);
  call1(&e, 13, q, "FreeTensor", t);
  fe_asc_que_destroy(&e.x, pipe, (mdl_loc){20, 1});
  uint32_t from = 0;
  cr_assert_str_eq(syncs(&e, &from),
                   "S V>MTE2 0 @5; S V>MTE2 1 @5; W V>MTE2 0 @10; "
                   "S MTE2>V 0 @11; W MTE2>V 0 @12; S V>MTE2 0 @13; "
                   "W V>MTE2 0 @20; W V>MTE2 1 @20; B ALL @20");
  env_free(&e);
}

/* A TBuf's InitBuffer is declined (the core table's: no sync). */
Test(que, tbuf_init_declined) {
  env e;
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_obj *b = decl(&e, FE_OBJ_TBUF, "TBuf", NULL);
  fe_asc_call c;
  memset(&c, 0, sizeof c);
  c.name = "InitBuffer", c.obj = pipe, c.nargs = 2;
  c.arg[0] = vobj(b), c.arg[1] = fe_asc_int(100);
  fe_asc_val res = fe_asc_unknown();
  cr_assert_not(fe_asc_api_que[0].fn(&e.x, &c, &res));
  uint32_t from = 0;
  cr_assert_str_eq(syncs(&e, &from), "");
  env_free(&e);
}

/* A length that is not a constant: each buffer its own root buffer (the
** pool never overlaps blocks), matched by EnQue / FreeTensor. */
Test(que, symbolic_length_roots) {
  env e;
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_obj *q = decl(&e, FE_OBJ_TQUE, "TQue", VECIN_Q(2));
  fe_asc_val a[3] = {vobj(q), fe_asc_int(2), fe_asc_unknown()};
  a[2].kind = FE_AV_SYM;
  callv(&e, 5, pipe, "InitBuffer", fe_asc_unknown(), 3, a);
  fe_asc_val t0 = call0(&e, 10, q, "AllocTensor");
  fe_asc_val t1 = call0(&e, 11, q, "AllocTensor");
  cr_assert_neq(t0.t.buf, t1.t.buf);
  cr_assert_eq(t0.t.bytes, -1);
  call1(&e, 12, q, "EnQue", t1);
  call1(&e, 13, q, "EnQue", t0);
  fe_asc_val d = call0(&e, 14, q, "DeQue");
  cr_assert_eq(d.t.buf, t1.t.buf);
  cr_assert(!e.x.unknown);
  env_free(&e);
}

/* What ksv does not model is a located warning and unknown, never
** silence: TQue<VECCALC>, a C2 (bias table) queue, a tensor of no
** buffer of the queue. */
Test(que, unsupported_is_unknown) {
  env e;
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  decl(&e, FE_OBJ_TQUE, "TQue", "TQue<TPosition::VECCALC, 1> q;");
  cr_assert(e.x.unknown);
  cr_assert(has_diag(&e, MDL_RULE_UNSUPPORTED, "not understood"));
  env_free(&e);
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIC);
  decl(&e, FE_OBJ_TQUE, "TQue", "TQue<TPosition::C2, 1> q;");
  cr_assert(e.x.unknown);
  env_free(&e);
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_obj *q = decl(&e, FE_OBJ_TQUE, "TQue", VECIN_Q(1));
  init_buffer(&e, 5, pipe, q, 1, 64);
  cr_assert(!e.x.unknown);
  call1(&e, 9, q, "FreeTensor", fe_asc_unknown());
  cr_assert(e.x.unknown);
  cr_assert(has_diag(&e, MDL_RULE_UNSUPPORTED, "cannot tell"));
  env_free(&e);
}

/* TQueBind<VECIN, VECOUT>: UB -> UB, events MTE2_MTE3 / MTE3_MTE2. */
Test(que, tquebind_ub_to_ub) {
  env e;
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_obj *q = decl(&e, FE_OBJ_TQUE, "TQueBind",
                       "TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;");
  cr_assert(q->ext);
  init_buffer(&e, 5, pipe, q, 1, 64);
  fe_asc_val t = call0(&e, 10, q, "AllocTensor");
  call1(&e, 11, q, "EnQue", t);
  t = call0(&e, 12, q, "DeQue");
  call1(&e, 13, q, "FreeTensor", t);
  uint32_t from = 0;
  cr_assert_str_eq(syncs(&e, &from),
                   "S MTE2>MTE3 0 @11; W MTE2>MTE3 0 @12; S MTE3>MTE2 0 @13");
  env_free(&e);
}

/* ------------------------------- whole kernels through the checker */

#include "../checker/chk.h"

/* A view of bytes of tensor t (its buffer at its offset). */
static mdl_valref view(env *e, const fe_asc_tensor *t, int64_t bytes) {
  /* the offset's statement goes first: the unroller runs them in order */
  mdl_valref off = mdl_b_const(&e->x.bd, t->off, (mdl_loc){g_line, 1});
  mdl_valref v = mdl_b_value(&e->x.bd, "view");
  mdl_b_memref_info(&e->x.bd, v, t->space, bytes, 4);
  mdl_stmt *s = mdl_b_buf(&e->x.bd, MDL_B_VIEW, v, "view",
                          (mdl_loc){g_line, 1});
  s->u.b.space = t->space;
  s->u.b.src = t->buf;
  s->u.b.off = off;
  s->u.b.off_scale = 1;
  s->u.b.absolute = true;
  s->u.b.size = bytes;
  return v;
}

static mdl_valref g_gm;
static void gm(env *e) {
  g_gm = mdl_b_value(&e->x.bd, "gm");
  mdl_b_memref_info(&e->x.bd, g_gm, MDL_SPACE_GM, 1 << 20, 4);
  mdl_stmt *s = mdl_b_buf(&e->x.bd, MDL_B_ARG, g_gm, "argument",
                          (mdl_loc){1, 1});
  s->u.b.space = MDL_SPACE_GM;
  s->u.b.argno = 0;
  s->u.b.size = 1 << 20;
}

/* DataCopy GM -> t (MTE2), t -> GM (MTE3), and a vector op t = f(a, b). */
/* A view of 64 bytes of the GM argument at off. */
static mdl_valref gm_at(env *e, int64_t off) {
  fe_asc_tensor t;
  memset(&t, 0, sizeof t);
  t.space = MDL_SPACE_GM, t.buf = g_gm, t.off = off;
  return view(e, &t, 64);
}

static void copy_in(env *e, uint32_t line, const fe_asc_tensor *t,
                    int64_t goff) {
  g_line = line;
  mdl_acc_spec a[2] = {mdl_acc(gm_at(e, goff), MDL_ACC_READ),
                       mdl_acc(view(e, t, 64), MDL_ACC_WRITE)};
  mdl_b_op(&e->x.bd, "DataCopy", MDL_PIPE_MTE2, a, 2, MDL_PIPE_NONE, NULL,
           0, (mdl_loc){line, 1});
}

static void copy_out(env *e, uint32_t line, const fe_asc_tensor *t,
                     int64_t goff) {
  g_line = line;
  mdl_acc_spec a[2] = {mdl_acc(view(e, t, 64), MDL_ACC_READ),
                       mdl_acc(gm_at(e, goff), MDL_ACC_WRITE)};
  mdl_b_op(&e->x.bd, "DataCopy", MDL_PIPE_MTE3, a, 2, MDL_PIPE_NONE, NULL,
           0, (mdl_loc){line, 1});
}

static void vadd(env *e, uint32_t line, const fe_asc_tensor *z,
                 const fe_asc_tensor *x, const fe_asc_tensor *y) {
  g_line = line;
  mdl_acc_spec a[3] = {mdl_acc(view(e, x, 64), MDL_ACC_READ),
                       mdl_acc(view(e, y, 64), MDL_ACC_READ),
                       mdl_acc(view(e, z, 64), MDL_ACC_WRITE)};
  mdl_b_op(&e->x.bd, "Add", MDL_PIPE_V, a, 3, MDL_PIPE_NONE, NULL, 0,
           (mdl_loc){line, 1});
}

static bool g_redundant;

/* Checks the built AIV kernel with the graph engine; returns the verdict
** and leaves the findings in e->d. */
static mdl_verdict check(env *e) {
  mdl_kernel_lone(e->k, e->x.bd.f, MDL_CORE_AIV, false);
  mdl_limits lim;
  mdl_limits_default(&lim);
  cr_assert_eq(mdl_unroll(e->k, &lim), 0, "unroll: %s",
               e->k->limit_hit ? e->k->limit_hit : "?");
  chk_options o;
  chk_options_default(&o);
  o.redundant = g_redundant;
  char *note = NULL;
  mdl_verdict v = chk_graph(e->k, &o, &e->d, &note);
  free(note);
  return v;
}

static bool has_rule(env *e, mdl_rule r) {
  for (uint32_t i = 0; i < e->d.items.len; i++)
    if (MDL_VEC_AT(e->d.items, mdl_diag, i).rule == r)
      return true;
  return false;
}

/* The seeded misuses of the pipeline below. */
typedef enum { OK, NO_ENQUE, USE_AFTER_FREE, NO_FREE_DRAIN } seed;

/* An add pipeline of n passes: x, y in, z out, num buffers each. */
static mdl_verdict pipeline(int num, int n, seed bug) {
  env e;
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  gm(&e);
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_obj *qx = decl(&e, FE_OBJ_TQUE, "TQue", VECIN_Q(2));
  fe_asc_obj *qy = decl(&e, FE_OBJ_TQUE, "TQue", VECIN_Q(2));
  fe_asc_obj *qz = decl(&e, FE_OBJ_TQUE, "TQue", VECOUT_Q(2));
  init_buffer(&e, 5, pipe, qx, num, 64);
  init_buffer(&e, 6, pipe, qy, num, 64);
  init_buffer(&e, 7, pipe, qz, num, 64);
  for (int i = 0; i < n; i++) {
    fe_asc_val x = call0(&e, 10, qx, "AllocTensor");
    copy_in(&e, 11, &x.t, i * 64);
    call1(&e, 12, qx, "EnQue", x);
    fe_asc_val y = call0(&e, 13, qy, "AllocTensor");
    copy_in(&e, 14, &y.t, 0x10000 + i * 64);
    if (bug != NO_ENQUE)
      call1(&e, 15, qy, "EnQue", y);
    x = call0(&e, 20, qx, "DeQue");
    y = call0(&e, 21, qy, "DeQue");
    fe_asc_val z = call0(&e, 22, qz, "AllocTensor");
    if (bug == USE_AFTER_FREE)
      call1(&e, 23, qx, "FreeTensor", x);
    vadd(&e, 24, &z.t, &x.t, &y.t);
    call1(&e, 25, qz, "EnQue", z);
    if (bug != USE_AFTER_FREE)
      call1(&e, 26, qx, "FreeTensor", x);
    call1(&e, 27, qy, "FreeTensor", y);
    z = call0(&e, 30, qz, "DeQue");
    copy_out(&e, 31, &z.t, 0x20000 + i * 64);
    call1(&e, 32, qz, "FreeTensor", z);
  }
  if (bug != NO_FREE_DRAIN)
    fe_asc_que_destroy(&e.x, pipe, (mdl_loc){40, 1});
  if (getenv("QUE_DEBUG")) {
    uint32_t from = 0;
    fprintf(stderr, "%s\n", syncs(&e, &from));
  }
  mdl_verdict v = check(&e);
  if (getenv("QUE_DEBUG"))
    for (uint32_t i = 0; i < e.d.items.len; i++) {
      const mdl_diag *g = &MDL_VEC_AT(e.d.items, mdl_diag, i);
      fprintf(stderr, "%u:%u %s %s\n", g->line, g->col,
              mdl_rule_name(g->rule), g->message);
    }
  if (bug == NO_ENQUE || bug == USE_AFTER_FREE)
    cr_assert(has_rule(&e, MDL_RULE_RACE), "a race is found");
  if (bug == NO_FREE_DRAIN)
    cr_assert(has_rule(&e, MDL_RULE_UNPAIRED_SET));
  if (bug == OK)
    cr_assert_eq(e.d.errors, 0, "no error finding");
  env_free(&e);
  return v;
}

Test(que_kernel, single_buffer_clean) {
  cr_assert_eq(pipeline(1, 1, OK), MDL_VERDICT_CLEAN);
  cr_assert_eq(pipeline(1, 3, OK), MDL_VERDICT_CLEAN);
}

Test(que_kernel, double_buffer_clean) {
  cr_assert_eq(pipeline(2, 4, OK), MDL_VERDICT_CLEAN);
  cr_assert_eq(pipeline(2, 5, OK), MDL_VERDICT_CLEAN);
}

/* A DeQue without its EnQue: the library waits nothing, so the MTE2
** copy in and the V Add race. */
Test(que_kernel, deque_without_enque_races) {
  cr_assert_eq(pipeline(1, 1, NO_ENQUE), MDL_VERDICT_FINDINGS);
}

/* x freed before the Add reads it: the next pass's copy into the same
** buffer waits the free, not the read. */
Test(que_kernel, use_after_free_races) {
  cr_assert_eq(pipeline(1, 2, USE_AFTER_FREE), MDL_VERDICT_FINDINGS);
  cr_assert_eq(pipeline(2, 4, USE_AFTER_FREE), MDL_VERDICT_FINDINGS);
}

/* Without the destructor's drain the last FreeTensor's sets stay
** pending: the drain is what makes a TQue kernel paired. */
Test(que_kernel, drain_pairs_the_last_frees) {
  cr_assert_eq(pipeline(2, 2, NO_FREE_DRAIN), MDL_VERDICT_FINDINGS);
}

/* The library's syncs are implicit: the redundant-sync search never
** proposes removing one (x's EnQue/DeQue pair is covered by y's, yet the
** kernel cannot drop it), and the kernel stays clean. */
Test(que_kernel, library_syncs_never_redundant) {
  g_redundant = true;
  cr_assert_eq(pipeline(2, 4, OK), MDL_VERDICT_CLEAN);
  g_redundant = false;
}

/* Nine free events held at once: the allocator's ninth id is 8, outside
** the hardware range, reported at the FreeTensor that takes it. */
Test(que, allocator_exhaustion_reported) {
  env e;
  env_init(&e, MDL_ARCH_A2, FE_ASC_CORE_AIV);
  fe_asc_obj *pipe = decl(&e, FE_OBJ_TPIPE, "TPipe", NULL);
  fe_asc_obj *q = decl(&e, FE_OBJ_TQUE, "TQue", VECIN_Q(1));
  init_buffer(&e, 5, pipe, q, 9, 32);
  for (uint32_t i = 0; i < 9; i++) {
    fe_asc_val t = call0(&e, 10 + i, q, "AllocTensor");
    call1(&e, 20 + i, q, "FreeTensor", t);
  }
  cr_assert(has_diag(&e, MDL_RULE_INVALID_SYNC, "hands out id 8"));
  const mdl_diag *g = &MDL_VEC_AT(e.d.items, mdl_diag, 0);
  cr_assert_eq(g->line, 28);
  /* the implicit statements are marked so */
  for (mdl_stmt *s = e.x.bd.f->body.first; s; s = s->next)
    if (s->kind == MDL_S_SET)
      cr_assert(s->implicit);
  env_free(&e);
}
