/*
** test_ascendc_build.c -- unit tests of the Ascend C extraction (issue
** 17, point 2): small C++ kernels through fe_parse_lang, and assertions on
** the model they give: the statements of each core's function (a compact
** trace: ops with their pipe, sets/waits with pipes and ids, barriers,
** cross-core flags, loops, branches), the kernel's shape (lone AIV / AIC,
** MIX pair), the byte ranges of accesses after unrolling, and the cases
** that must be unknown.
*/
#include "../frontend/fe.h"
#include "../model/mdl.h"
#include "../model/mdl_build.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
  mdl_vec units;
  mdl_diags d;
  uint32_t errors;
} ex;

static void extract(ex *e, const char *src) {
  memset(e, 0, sizeof *e);
  e->errors = fe_parse_lang(FE_LANG_ASCENDC, "t.cpp", src, strlen(src), -1,
                            &e->units, &e->d);
}

static void ex_free(ex *e) {
  fe_units_free(&e->units);
  mdl_diags_free(&e->d);
}

static fe_unit *unit(ex *e, uint32_t i) {
  cr_assert(i < e->units.len, "no unit %u (%u units, %u errors)", i,
            e->units.len, e->errors);
  return &MDL_VEC_AT(e->units, fe_unit, i);
}

/* The constant a value holds, when a MDL_X_CONST statement of block b
** (recursively) defines it; -1 otherwise. */
static int64_t const_of(const mdl_block *b, mdl_valref v) {
  for (const mdl_stmt *s = b->first; s; s = s->next) {
    if (s->kind == MDL_S_SCALAR && s->def == v)
      return s->u.x.op == MDL_X_CONST ? s->u.x.k : -1;
    const mdl_block *sub[2] = {NULL, NULL};
    if (s->kind == MDL_S_FOR)
      sub[0] = &s->u.loop.body;
    if (s->kind == MDL_S_IF) {
      sub[0] = &s->u.cif.then_b;
      sub[1] = &s->u.cif.else_b;
    }
    for (int i = 0; i < 2; i++)
      if (sub[i]) {
        int64_t c = const_of(sub[i], v);
        if (c != -2)
          return c;
      }
  }
  return -2;
}

static const char *pn(mdl_pipe p) { return mdl_pipe_name(p) + 5; }

static void id_text(const mdl_func *f, mdl_valref v, char *o, size_t n) {
  int64_t c = const_of(&f->body, v);
  if (c >= 0)
    snprintf(o, n, "%lld", (long long)c);
  else
    snprintf(o, n, "?");
}

static void rtrim(char *s) {
  size_t n = strlen(s);
  while (n && s[n - 1] == ' ')
    s[--n] = 0;
}

/* The trace of block b: "op:Add@V set:MTE2-V#0 for{...} if{...|...}". */
static void trace_block(const mdl_func *f, const mdl_block *b, char *o,
                        size_t n) {
  for (const mdl_stmt *s = b->first; s; s = s->next) {
    char t[256] = "", id[32];
    if (s->implicit) /* the queue framework's (tests/test_ascendc_que.c) */
      continue;
    switch (s->kind) {
    case MDL_S_OP:
      snprintf(t, sizeof t, "op:%s@%s ", s->name, pn(s->u.op.pipe));
      break;
    case MDL_S_SET: case MDL_S_WAIT:
      id_text(f, s->u.flag.id, id, sizeof id);
      snprintf(t, sizeof t, "%s:%s-%s#%s ",
               s->kind == MDL_S_SET ? "set" : "wait", pn(s->u.flag.src),
               pn(s->u.flag.dst), id);
      break;
    case MDL_S_BARRIER:
      snprintf(t, sizeof t, "bar:%s ", pn(s->u.bar.pipe));
      break;
    case MDL_S_BSET: case MDL_S_BWAIT:
      id_text(f, s->u.blk.flag, id, sizeof id);
      snprintf(t, sizeof t, "%s:%s#%s/m%d ",
               s->kind == MDL_S_BSET ? "xset" : "xwait",
               pn(s->kind == MDL_S_BSET ? s->u.blk.set_pipe
                                        : s->u.blk.wait_pipe),
               id, (int)s->u.blk.mode);
      break;
    case MDL_S_SYNC_BLOCK:
      snprintf(t, sizeof t, "syncall:%d ", s->u.sb.mode);
      break;
    case MDL_S_FOR: {
      char in[2048] = "";
      trace_block(f, &s->u.loop.body, in, sizeof in);
      rtrim(in);
      snprintf(t, sizeof t, "for{%.200s} ", in);
      break;
    }
    case MDL_S_IF: {
      char a[1024] = "", c[1024] = "";
      trace_block(f, &s->u.cif.then_b, a, sizeof a);
      trace_block(f, &s->u.cif.else_b, c, sizeof c);
      rtrim(a);
      rtrim(c);
      snprintf(t, sizeof t, "if{%.100s|%.100s} ", a, c);
      break;
    }
    default:
      break;
    }
    strncat(o, t, n - strlen(o) - 1);
  }
}

/* The trace of core slot c of unit u's kernel (trailing space removed). */
static char *trace(fe_unit *u, uint32_t c) {
  static char buf[8192];
  buf[0] = 0;
  cr_assert(u->k, "unit %s has no kernel", u->name);
  cr_assert(c < u->k->ncores, "no core %u", c);
  trace_block(u->k->cores[c].fn, &u->k->cores[c].fn->body, buf, sizeof buf);
  size_t n = strlen(buf);
  if (n && buf[n - 1] == ' ')
    buf[n - 1] = 0;
  return buf;
}

#define PRE "#include \"kernel_operator.h\"\nusing namespace AscendC;\n"

/* The n-th data-op instance of k (the queue framework's implicit syncs
** around it are tests/test_ascendc_que.c's). */
static const mdl_inst *op_inst(const mdl_kernel *k, uint32_t n) {
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind == MDL_I_OP && n-- == 0)
      return in;
  }
  cr_assert_fail("no op instance %u", n);
  return NULL;
}

/* --------------------------------------------------------------- tests */

Test(ascendc_build, vector_class_inlined_lone_aiv) {
  ex e;
  extract(&e, PRE
          "constexpr int32_t N = 256;\n"
          "class K {\n"
          "public:\n"
          "  __aicore__ inline void Init(GM_ADDR x) {\n"
          "    g.SetGlobalBuffer((__gm__ float *)x, N);\n"
          "    pipe.InitBuffer(b, N * sizeof(float));\n"
          "  }\n"
          "  __aicore__ inline void Process() { CopyIn(); Compute(); }\n"
          "  __aicore__ inline void CopyIn() {\n"
          "    LocalTensor<float> t = b.Get<float>();\n"
          "    DataCopy(t, g, N);\n"
          "    SetFlag<HardEvent::MTE2_V>(EVENT_ID1);\n"
          "  }\n"
          "  __aicore__ inline void Compute() {\n"
          "    LocalTensor<float> t = b.Get<float>();\n"
          "    WaitFlag<HardEvent::MTE2_V>(EVENT_ID1);\n"
          "    Adds(t, t, 1.0f, N);\n"
          "    PipeBarrier<PIPE_V>();\n"
          "  }\n"
          "private:\n"
          "  TPipe pipe; TBuf<TPosition::VECCALC> b; GlobalTensor<float> g;\n"
          "};\n"
          "extern \"C\" __global__ __aicore__ void k(GM_ADDR x) {\n"
          "  K op; op.Init(x); op.Process();\n"
          "}\n");
  cr_assert_eq(e.errors, 0);
  fe_unit *u = unit(&e, 0);
  cr_expect_str_eq(u->name, "k");
  cr_expect(!u->unknown, "unknown: %s", u->unknown_why);
  cr_expect_eq(u->k->ncores, 1);
  cr_expect_eq(u->k->cores[0].type, MDL_CORE_AIV);
  cr_expect_str_eq(trace(u, 0), "op:DataCopy@MTE2 set:MTE2-V#1 wait:MTE2-V#1 "
                                "op:Adds@V bar:V");
  ex_free(&e);
}

Test(ascendc_build, locations_are_the_calls) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k() {\n"
              "  SetFlag<HardEvent::V_MTE3>(0);\n"
              "    WaitFlag<HardEvent::V_MTE3>(0);\n}\n");
  fe_unit *u = unit(&e, 0);
  const mdl_stmt *s = u->k->cores[0].fn->body.first;
  while (s && s->kind != MDL_S_SET)
    s = s->next;
  cr_assert(s);
  cr_expect(s->loc.line == 4 && s->loc.col == 3, "set at %u:%u", s->loc.line,
            s->loc.col);
  cr_expect(s->next->loc.line == 5 && s->next->loc.col == 5);
  ex_free(&e);
}

Test(ascendc_build, constant_loop_unrolled_ids_fold) {
  ex e;
  extract(&e, PRE "enum Ev { E0 = 2, E1 };\n#define BASE 4\n"
              "template <int D> __aicore__ void step(int i) {\n"
              "  SetFlag<HardEvent::MTE2_V>(i % 2);\n"
              "  WaitFlag<HardEvent::MTE2_V>(D + (i & 1));\n}\n"
              "extern \"C\" __global__ __aicore__ void k() {\n"
              "  for (int i = 0; i < 3; i++) step<BASE>(i);\n"
              "  set_flag(PIPE_V, PIPE_S, E1);\n"
              "  wait_flag(PIPE_V, PIPE_S, true ? E1 : E0);\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect_str_eq(trace(u, 0),
                   "set:MTE2-V#0 wait:MTE2-V#4 set:MTE2-V#1 wait:MTE2-V#5 "
                   "set:MTE2-V#0 wait:MTE2-V#4 set:V-S#3 wait:V-S#3");
  ex_free(&e);
}

Test(ascendc_build, cce_spellings) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k() {\n"
              "  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID1);\n"
              "  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID1);\n"
              "  pipe_barrier(PIPE_V);\n"
              "  SET_FLAG(V, MTE3, EVENT_ID0);\n"
              "  WAIT_FLAG(V, MTE3, EVENT_ID0);\n"
              "  PipeBarrier<PIPE_ALL>();\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect_str_eq(trace(u, 0), "set:MTE2-V#1 wait:MTE2-V#1 bar:V "
                                "set:V-MTE3#0 wait:V-MTE3#0 bar:ALL");
  ex_free(&e);
}

Test(ascendc_build, tquesync_object) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k() {\n"
              "  TQueSync<PIPE_S, PIPE_MTE3> s;\n"
              "  s.SetFlag(2);\n  s.WaitFlag(2);\n}\n");
  cr_expect_str_eq(trace(unit(&e, 0), 0), "set:S-MTE3#2 wait:S-MTE3#2");
  ex_free(&e);
}

Test(ascendc_build, ctor_dtor_order) {
  ex e;
  extract(&e, PRE "class A {\npublic:\n"
              "  __aicore__ A(int i) : id(i) { SetFlag<HardEvent::M_MTE1>(id); }\n"
              "  __aicore__ ~A() { WaitFlag<HardEvent::M_MTE1>(id); }\n"
              "  int id;\n};\n"
              "extern \"C\" __global__ __aicore__ void k() {\n"
              "  A a(1);\n  { A b(2); }\n  A c(3);\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect_eq(u->k->cores[0].type, MDL_CORE_AIC);
  cr_expect_str_eq(trace(u, 0), "set:M-MTE1#1 set:M-MTE1#2 wait:M-MTE1#2 "
                                "set:M-MTE1#3 wait:M-MTE1#3 wait:M-MTE1#1");
  ex_free(&e);
}

Test(ascendc_build, member_object_dtor_after_owner) {
  ex e;
  extract(&e, PRE "struct In { __aicore__ ~In() { pipe_barrier(PIPE_MTE2); } };\n"
              "struct Out { In in; __aicore__ ~Out() { pipe_barrier(PIPE_V); } };\n"
              "extern \"C\" __global__ __aicore__ void k() { Out o; }\n");
  cr_expect_str_eq(trace(unit(&e, 0), 0), "bar:V bar:MTE2");
  ex_free(&e);
}

Test(ascendc_build, symbolic_loop_from_tiling) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(GM_ADDR t) {\n"
              "  GET_TILING_DATA(td, t);\n"
              "  for (uint32_t i = 0; i < td.tileNum; i++) {\n"
              "    SetFlag<HardEvent::MTE2_V>(i % 2);\n"
              "    WaitFlag<HardEvent::MTE2_V>(i % 2);\n  }\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect(!u->unknown);
  cr_expect_str_eq(trace(u, 0), "for{set:MTE2-V#? wait:MTE2-V#?}");
  ex_free(&e);
}

Test(ascendc_build, big_constant_loop_is_a_model_loop) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k() {\n"
              "  for (int i = 0; i < 100000; i += 2) pipe_barrier(PIPE_V);\n}\n");
  cr_expect_str_eq(trace(unit(&e, 0), 0), "for{bar:V}");
  ex_free(&e);
}

Test(ascendc_build, branches_fold_or_stay) {
  ex e;
  extract(&e, PRE "constexpr bool kFast = false;\n"
              "extern \"C\" __global__ __aicore__ void k(uint32_t n) {\n"
              "  if constexpr (kFast) pipe_barrier(PIPE_MTE2);\n"
              "  else pipe_barrier(PIPE_MTE3);\n"
              "  if (n > 3) pipe_barrier(PIPE_V); else pipe_barrier(PIPE_S);\n"
              "  switch (2) { case 1: pipe_barrier(PIPE_M); break;\n"
              "    case 2: pipe_barrier(PIPE_FIX); break; }\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect_str_eq(trace(u, 0), "bar:MTE3 if{bar:V|bar:S} bar:FIX");
  ex_free(&e);
}

Test(ascendc_build, symbolic_merge_gives_if_results) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(uint32_t n) {\n"
              "  int id = 0;\n  if (n > 3) id = 1;\n"
              "  SetFlag<HardEvent::V_S>(id);\n  WaitFlag<HardEvent::V_S>(id);\n}\n");
  fe_unit *u = unit(&e, 0);
  const mdl_stmt *s = u->k->cores[0].fn->body.first;
  while (s && s->kind != MDL_S_IF)
    s = s->next;
  cr_assert(s);
  cr_expect_eq(s->u.cif.nres, 1);
  cr_expect_str_eq(trace(u, 0), "if{|} set:V-S#? wait:V-S#?");
  ex_free(&e);
}

Test(ascendc_build, early_return_moves_the_rest) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(uint32_t n) {\n"
              "  if (GetBlockIdx() >= n) return;\n"
              "  pipe_barrier(PIPE_V);\n}\n");
  cr_expect_str_eq(trace(unit(&e, 0), 0), "if{|bar:V}");
  ex_free(&e);
}

Test(ascendc_build, continue_in_unrolled_loop) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(uint32_t n) {\n"
              "  for (int i = 0; i < 2; i++) {\n"
              "    if (i == n) continue;\n    pipe_barrier(PIPE_V);\n  }\n}\n");
  cr_expect_str_eq(trace(unit(&e, 0), 0), "if{|bar:V} if{|bar:V}");
  ex_free(&e);
}

/* Accesses: TBuf byte ranges, sub-tensors, counts times element size. */
Test(ascendc_build, tensor_byte_ranges) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(GM_ADDR x) {\n"
              "  TPipe pipe; TBuf<TPosition::VECCALC> a, b;\n"
              "  GlobalTensor<half> g; g.SetGlobalBuffer((__gm__ half *)x + 16, 1024);\n"
              "  pipe.InitBuffer(a, 1000); pipe.InitBuffer(b, 512);\n"
              "  LocalTensor<half> ta = a.Get<half>();\n"
              "  LocalTensor<half> tb = b.Get<half>();\n"
              "  DataCopy(ta[8], g, 64);\n"
              "  Add(tb, ta, ta[100], 10);\n}\n");
  fe_unit *u = unit(&e, 0);
  mdl_limits lim;
  mdl_limits_default(&lim);
  cr_assert_eq(mdl_unroll(u->k, &lim), 0);
  const mdl_kernel *k = u->k;
  const mdl_inst *c = op_inst(k, 0), *a = op_inst(k, 1);
  cr_assert_eq(c->nacc, 2);
  const mdl_access *r = mdl_access_at(k, c->acc_first),
                   *w = mdl_access_at(k, c->acc_first + 1);
  cr_expect(r->lo == 32 && r->hi == 32 + 128, "gm [%lld, %lld)",
            (long long)r->lo, (long long)r->hi);
  cr_expect(w->lo == 16 && w->hi == 16 + 128, "ub [%lld, %lld)",
            (long long)w->lo, (long long)w->hi);
  cr_assert_eq(a->nacc, 3);
  const mdl_access *s0 = mdl_access_at(k, a->acc_first),
                   *s1 = mdl_access_at(k, a->acc_first + 1),
                   *d = mdl_access_at(k, a->acc_first + 2);
  cr_expect(s0->lo == 0 && s0->hi == 20);
  cr_expect(s1->lo == 200 && s1->hi == 220);
  /* b starts after a's 1000 bytes, aligned to 32 */
  cr_expect(d->lo == 1024 && d->hi == 1044, "dst [%lld, %lld)",
            (long long)d->lo, (long long)d->hi);
  cr_expect_eq(d->mode, MDL_ACC_WRITE);
  ex_free(&e);
}

Test(ascendc_build, static_tensor_and_allocator) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k() {\n"
              "  LocalTensor<float> t(TPosition::VECCALC, 4096, 64);\n"
              "  LocalMemAllocator<Hardware::UB> al;\n"
              "  LocalTensor<float> u = al.Alloc<float, 16>();\n"
              "  LocalTensor<float> v = al.Alloc<float, 16>();\n"
              "  Exp(t, u, 16);\n  Duplicate(v, 0.0f, 8);\n}\n");
  fe_unit *u = unit(&e, 0);
  mdl_limits lim;
  mdl_limits_default(&lim);
  cr_assert_eq(mdl_unroll(u->k, &lim), 0);
  const mdl_kernel *k = u->k;
  cr_assert_eq(k->insts.len, 2);
  const mdl_inst *x0 = mdl_inst_at(k, 0), *x1 = mdl_inst_at(k, 1);
  const mdl_access *r = mdl_access_at(k, x0->acc_first),
                   *w = mdl_access_at(k, x0->acc_first + 1);
  cr_expect(r->lo == 0 && r->hi == 64 && r->mode == MDL_ACC_READ);
  cr_expect(w->lo == 4096 && w->hi == 4096 + 64 && w->mode == MDL_ACC_WRITE);
  cr_assert_eq(x1->nacc, 1);
  const mdl_access *dv = mdl_access_at(k, x1->acc_first);
  cr_expect(dv->lo == 64 && dv->hi == 96, "[%lld, %lld)", (long long)dv->lo,
            (long long)dv->hi);
  ex_free(&e);
}

Test(ascendc_build, getvalue_setvalue_on_s) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k() {\n"
              "  TPipe p; TBuf<TPosition::VECCALC> b; p.InitBuffer(b, 64);\n"
              "  LocalTensor<int32_t> t = b.Get<int32_t>();\n"
              "  int32_t v = t.GetValue(3);\n  t.SetValue(4, v);\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect_str_eq(trace(u, 0), "op:GetValue@S op:SetValue@S");
  ex_free(&e);
}

Test(ascendc_build, cube_ops_make_a_lone_aic) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(GM_ADDR a) {\n"
              "  TPipe p; TBuf<TPosition::A1> l1; TBuf<TPosition::A2> l0a;\n"
              "  TBuf<TPosition::B2> l0b; TBuf<TPosition::CO1> l0c;\n"
              "  p.InitBuffer(l1, 512); p.InitBuffer(l0a, 512);\n"
              "  p.InitBuffer(l0b, 512); p.InitBuffer(l0c, 512);\n"
              "  GlobalTensor<half> g; g.SetGlobalBuffer((__gm__ half *)a, 256);\n"
              "  LocalTensor<half> t1 = l1.Get<half>(), ta = l0a.Get<half>();\n"
              "  LocalTensor<half> tb = l0b.Get<half>();\n"
              "  LocalTensor<float> tc = l0c.Get<float>();\n"
              "  DataCopy(t1, g, 256);\n"
              "  LoadData(ta, t1, 0);\n"
              "  Mmad(tc, ta, tb, 0);\n"
              "  Fixpipe(g, tc, 0);\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect_eq(u->k->ncores, 1);
  cr_expect_eq(u->k->cores[0].type, MDL_CORE_AIC);
  cr_expect_str_eq(trace(u, 0), "op:DataCopy@MTE2 op:LoadData@MTE1 "
                                "op:Mmad@M op:Fixpipe@FIX");
  ex_free(&e);
}

Test(ascendc_build, mix_pair_with_cross_core_flags) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k() {\n"
              "  if ASCEND_IS_AIC {\n"
              "    pipe_barrier(PIPE_M);\n"
              "    CrossCoreSetFlag<2, PIPE_FIX>(3);\n  }\n"
              "  if ASCEND_IS_AIV {\n"
              "    CrossCoreWaitFlag(3);\n"
              "    pipe_barrier(PIPE_V);\n"
              "    CrossCoreSetFlag<1, PIPE_MTE3>(4);\n"
              "    SyncAll();\n  }\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_assert_eq(u->k->ncores, 3);
  cr_expect_eq(u->k->kind, MDL_KIND_MIX);
  cr_expect_str_eq(trace(u, 0), "bar:M xset:FIX#3/m2");
  cr_expect_str_eq(trace(u, 1), "xwait:S#3/m0 bar:V xset:MTE3#4/m1 syncall:1");
  ex_free(&e);
}

Test(ascendc_build, dav_macros_split_cores) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k() {\n"
              "#if defined(__DAV_C220_CUBE__)\n  pipe_barrier(PIPE_MTE1);\n"
              "#elif defined(__DAV_C220_VEC__)\n  pipe_barrier(PIPE_V);\n"
              "#endif\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_assert_eq(u->k->ncores, 3);
  cr_expect_str_eq(trace(u, 0), "bar:MTE1");
  cr_expect_str_eq(trace(u, 1), "bar:V");
  ex_free(&e);
}

Test(ascendc_build, ffts_and_block_index) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k() {\n"
              "  if (g_coreType == AscendC::AIV) {\n"
              "    ffts_cross_core_sync(PIPE_MTE3, 1 | (2 << 4) | (5 << 8));\n"
              "  } else { wait_flag_dev(5); pipe_barrier(PIPE_M); }\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_assert_eq(u->k->ncores, 3);
  cr_expect_str_eq(trace(u, 0), "xwait:S#5/m2 bar:M");
  cr_expect_str_eq(trace(u, 1), "xset:MTE3#5/m2");
  ex_free(&e);
}

Test(ascendc_build, unseen_call_with_tensor_is_unknown) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(GM_ADDR x) {\n"
              "  GlobalTensor<float> g; g.SetGlobalBuffer((__gm__ float *)x, 8);\n"
              "  MysteryKernelHelper(g);\n  pipe_barrier(PIPE_V);\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect(u->unknown);
  cr_expect(u->unknown_why && strstr(u->unknown_why, "MysteryKernelHelper"),
            "why: %s", u->unknown_why);
  bool warned = false;
  for (uint32_t i = 0; i < e.d.items.len; i++) {
    const mdl_diag *g = &MDL_VEC_AT(e.d.items, mdl_diag, i);
    warned |= g->severity == MDL_SEV_WARNING && g->line == 5 &&
              strstr(g->message, "MysteryKernelHelper");
  }
  cr_expect(warned, "no located warning at 5");
  ex_free(&e);
}

Test(ascendc_build, scalar_host_calls_are_ignored) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(uint32_t n) {\n"
              "  uint32_t m = Max3(n, 3u, 4u);\n  printf(\"%d\", m);\n"
              "  pipe_barrier(PIPE_V);\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect(!u->unknown, "unknown: %s", u->unknown_why);
  ex_free(&e);
}

Test(ascendc_build, recursion_goto_unknown) {
  ex e;
  extract(&e, PRE "__aicore__ void r(int n) { pipe_barrier(PIPE_V); r(n - 1); }\n"
              "extern \"C\" __global__ __aicore__ void k() { r(3); }\n"
              "extern \"C\" __global__ __aicore__ void k2() {\n"
              "  pipe_barrier(PIPE_V);\n  goto out;\nout:\n  return;\n}\n");
  cr_expect(unit(&e, 0)->unknown);
  cr_expect(strstr(unit(&e, 0)->unknown_why, "recursive"));
  cr_expect(unit(&e, 1)->unknown);
  cr_expect(strstr(unit(&e, 1)->unknown_why, "goto"));
  ex_free(&e);
}

Test(ascendc_build, unknown_event_id_and_mode4) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(GM_ADDR x) {\n"
              "  GlobalTensor<int32_t> g; g.SetGlobalBuffer((__gm__ int32_t *)x, 8);\n"
              "  CrossCoreSetFlag<4, PIPE_V>(1);\n}\n");
  cr_expect(unit(&e, 0)->unknown);
  ex_free(&e);
}

Test(ascendc_build, header_without_entry) {
  ex e;
  extract(&e, "#pragma once\n__aicore__ inline void helper() { pipe_barrier(PIPE_V); }\n");
  cr_expect_eq(e.errors, 0);
  cr_expect_eq(e.units.len, 0);
  cr_assert_eq(e.d.items.len, 1);
  const mdl_diag *g = &MDL_VEC_AT(e.d.items, mdl_diag, 0);
  cr_expect_eq(g->severity, MDL_SEV_WARNING);
  cr_expect(strstr(g->message, "no kernel entry"));
  ex_free(&e);
}

Test(ascendc_build, syntax_error_is_bad_input) {
  ex e;
  extract(&e, "extern \"C\" __global__ __aicore__ void k( {\n");
  cr_expect_gt(e.errors, 0);
  cr_assert_eq(e.units.len, 1);
  cr_expect(unit(&e, 0)->error);
  ex_free(&e);
}

Test(ascendc_build, template_kernel_takes_launch_constants) {
  ex e;
  extract(&e, PRE "template <uint32_t L>\n"
              "__global__ __aicore__ void kt(GM_ADDR x) {\n"
              "  for (uint32_t i = 0; i < L; i++) pipe_barrier(PIPE_V);\n}\n"
              "void host() { constexpr uint32_t len = 2; kt<len><<<8, 0, 0>>>(0); }\n");
  cr_expect_str_eq(trace(unit(&e, 0), 0), "bar:V bar:V");
  ex_free(&e);
}

Test(ascendc_build, build_macro_is_one_unknown) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k() {\n"
              "  SetFlag<HardEvent::V_S>(SCENARIO_NUM);\n"
              "  WaitFlag<HardEvent::V_S>(SCENARIO_NUM);\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect(!u->unknown);
  mdl_limits lim;
  mdl_limits_default(&lim);
  cr_assert_eq(mdl_unroll(u->k, &lim), 0);
  const mdl_inst *s = mdl_inst_at(u->k, 0), *w = mdl_inst_at(u->k, 1);
  cr_expect_eq(s->id, -1);
  cr_expect(s->id_form && s->id_form == w->id_form,
            "the same symbolic id: %u %u", s->id_form, w->id_form);
  ex_free(&e);
}

Test(ascendc_build, symbolic_loop_carries_scalars) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(uint32_t n) {\n"
              "  uint32_t ping = 0;\n"
              "  for (uint32_t i = 0; i < n; i++) {\n"
              "    SetFlag<HardEvent::V_S>(ping);\n"
              "    WaitFlag<HardEvent::V_S>(ping);\n"
              "    ping = 1 - ping;\n  }\n"
              "  SetFlag<HardEvent::S_V>(ping);\n  WaitFlag<HardEvent::S_V>(ping);\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect(!u->unknown, "unknown: %s", u->unknown_why);
  const mdl_stmt *s = u->k->cores[0].fn->body.first;
  while (s && s->kind != MDL_S_FOR)
    s = s->next;
  cr_assert(s);
  cr_expect_eq(s->u.loop.niter, 1);
  cr_expect_eq(s->u.loop.nres, 1);
  /* the ids after the loop are its result */
  const mdl_stmt *t = s->next;
  while (t && t->kind != MDL_S_SET)
    t = t->next;
  cr_assert(t);
  cr_expect_eq(t->u.flag.id, s->u.loop.res[0]);
  mdl_limits lim;
  mdl_limits_default(&lim);
  cr_assert_eq(mdl_unroll(u->k, &lim), 0);
  ex_free(&e);
}

Test(ascendc_build, symbolic_loop_state_changed_in_a_call_is_unknown) {
  ex e;
  extract(&e, PRE "struct P { uint32_t ping = 0;\n"
              "  __aicore__ void Step() { SetFlag<HardEvent::V_S>(ping);\n"
              "    WaitFlag<HardEvent::V_S>(ping); Flip(); }\n"
              "  __aicore__ void Flip() { ping = 1 - ping; } };\n"
              "extern \"C\" __global__ __aicore__ void k(uint32_t n) {\n"
              "  P p;\n  for (uint32_t i = 0; i < n; i++) p.Step();\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect(u->unknown);
  ex_free(&e);
}

Test(ascendc_build, aiv_block_index_counts_sub_blocks) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(GM_ADDR x) {\n"
              "  GlobalTensor<float> g;\n"
              "  g.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * 64, 64);\n"
              "  if ASCEND_IS_AIC { pipe_barrier(PIPE_M); }\n"
              "  if ASCEND_IS_AIV {\n"
              "    TPipe p; TBuf<TPosition::VECCALC> b; p.InitBuffer(b, 256);\n"
              "    LocalTensor<float> t = b.Get<float>();\n"
              "    DataCopy(g, t, 64);\n  }\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_assert_eq(u->k->ncores, 3);
  mdl_limits lim;
  mdl_limits_default(&lim);
  cr_assert_eq(mdl_unroll(u->k, &lim), 0);
  /* AIV0 and AIV1 write different 256 bytes of x: GetBlockIdx() on an
     AIV of a MIX kernel is 2 * block + sub-block */
  const mdl_kernel *k = u->k;
  const mdl_access *w[2] = {NULL, NULL};
  for (uint32_t c = 1; c < 3; c++) {
    const mdl_inst *in = mdl_inst_at(k, k->core_first[c]);
    w[c - 1] = mdl_access_at(k, in->acc_first + 1);
  }
  cr_assert(w[0] && w[1]);
  cr_expect(!mdl_access_overlap(k, w[0], w[1]), "the AIVs' writes overlap");
  ex_free(&e);
}

Test(ascendc_build, hostile_nesting_is_unknown_not_a_crash) {
  char *src = malloc(400000), *p = src;
  p += sprintf(p, "extern \"C\" __global__ __aicore__ void k(uint32_t a) "
                  "{ int x = ");
  for (int i = 0; i < 50000; i++)
    *p++ = '(';
  *p++ = 'a';
  for (int i = 0; i < 50000; i++)
    *p++ = ')';
  p += sprintf(p, "; }\nextern \"C\" __global__ __aicore__ void "
                  "k2(uint32_t a) { ");
  for (int i = 0; i < 3000; i++)
    p += sprintf(p, "if (a) {");
  p += sprintf(p, "pipe_barrier(PIPE_V);");
  for (int i = 0; i < 3000; i++)
    *p++ = '}';
  sprintf(p, " }\n");
  ex e;
  extract(&e, src);
  cr_expect(unit(&e, 0)->unknown);
  cr_expect(unit(&e, 1)->unknown);
  mdl_limits lim;
  mdl_limits_default(&lim);
  mdl_unroll(unit(&e, 1)->k, &lim); /* shallow enough for the unroller */
  ex_free(&e);
  free(src);
}

Test(ascendc_build, one_atom_per_name_on_both_cores) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(GM_ADDR t) {\n"
              "  GET_TILING_DATA(td, t);\n"
              "  if ASCEND_IS_AIC { uint32_t a = td.other;\n"
              "    CrossCoreSetFlag<2, PIPE_M>(td.flag); }\n"
              "  if ASCEND_IS_AIV { CrossCoreWaitFlag(td.flag); }\n}\n");
  fe_unit *u = unit(&e, 0);
  mdl_limits lim;
  mdl_limits_default(&lim);
  cr_assert_eq(mdl_unroll(u->k, &lim), 0);
  const mdl_kernel *k = u->k;
  const mdl_inst *s = mdl_inst_at(k, k->core_first[0]),
                 *w = mdl_inst_at(k, k->core_first[1]);
  cr_expect_eq(s->kind, MDL_I_BSET);
  cr_expect_eq(w->kind, MDL_I_BWAIT);
  cr_expect(s->id_form && s->id_form == w->id_form,
            "td.flag is one value on both cores: %u %u", s->id_form,
            w->id_form);
  ex_free(&e);
}

Test(ascendc_build, virtual_call_and_id_from_memory_unknown) {
  ex e;
  extract(&e, PRE "struct B { virtual void Run() { pipe_barrier(PIPE_V); } };\n"
              "extern \"C\" __global__ __aicore__ void k() { B b; b.Run(); }\n"
              "extern \"C\" __global__ __aicore__ void k2() {\n"
              "  TPipe p; TBuf<TPosition::VECCALC> b; p.InitBuffer(b, 64);\n"
              "  LocalTensor<int32_t> t = b.Get<int32_t>();\n"
              "  SetFlag<HardEvent::S_V>(t.GetValue(0));\n}\n");
  cr_expect(unit(&e, 0)->unknown);
  cr_expect(strstr(unit(&e, 0)->unknown_why, "virtual"));
  cr_expect(unit(&e, 1)->unknown);
  cr_expect(strstr(unit(&e, 1)->unknown_why, "event id"));
  ex_free(&e);
}

/* Parameter structs give the extents of DataCopy, LoadData, Mmad, Fixpipe
** (named fields or constructor arguments by position). */
Test(ascendc_build, param_struct_extents) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(GM_ADDR a) {\n"
              "  GlobalTensor<half> g; g.SetGlobalBuffer((__gm__ half *)a);\n"
              "  LocalTensor<half> l1(TPosition::A1, 0, 4096);\n"
              "  LocalTensor<half> l0a(TPosition::A2, 0, 4096);\n"
              "  LocalTensor<half> l0b(TPosition::B2, 0, 4096);\n"
              "  LocalTensor<float> l0c(TPosition::CO1, 0, 4096);\n"
              "  DataCopyParams dp{2, 4, 1, 0};\n"
              "  DataCopy(l1, g, dp);\n"
              "  LoadData2DParams lp; lp.repeatTimes = 3;\n"
              "  LoadData(l0a, l1, lp);\n"
              "  Mmad(l0c, l0a, l0b, MmadParams(16, 32, 48, false, 0, false, false, false));\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect(!u->unknown, "%s", u->unknown_why);
  mdl_limits lim;
  mdl_limits_default(&lim);
  cr_assert_eq(mdl_unroll(u->k, &lim), 0);
  const mdl_kernel *k = u->k;
  const mdl_inst *dc = op_inst(k, 0), *ld = op_inst(k, 1), *mm = op_inst(k, 2);
  /* 2 blocks of 4 x 32 bytes, 1 block apart in GM, contiguous in L1 */
  const mdl_access *gr = mdl_access_at(k, dc->acc_first),
                   *lw = mdl_access_at(k, dc->acc_first + 1);
  cr_expect(gr->hi - gr->lo == 2 * 128 + 32, "gm %lld", (long long)(gr->hi - gr->lo));
  cr_expect(lw->hi - lw->lo == 2 * 128, "l1 %lld", (long long)(lw->hi - lw->lo));
  const mdl_access *lr = mdl_access_at(k, ld->acc_first);
  cr_expect(lr->hi - lr->lo == 3 * 512);
  /* Mmad 16 x 32 x 48: L0C 16*32*4, L0A 16*48*2, L0B 48*32*2 */
  cr_assert_eq(mm->nacc, 3);
  const mdl_access *ra = mdl_access_at(k, mm->acc_first),
                   *rb = mdl_access_at(k, mm->acc_first + 1),
                   *wc = mdl_access_at(k, mm->acc_first + 2);
  cr_expect(ra->hi - ra->lo == 16 * 48 * 2);
  cr_expect(rb->hi - rb->lo == 48 * 32 * 2);
  cr_expect(wc->hi - wc->lo == 16 * 32 * 4);
  ex_free(&e);
}

/* An early return destroys the live objects on its own path too. */
Test(ascendc_build, early_return_runs_destructors) {
  ex e;
  extract(&e, PRE "struct G { __aicore__ G() { SetFlag<HardEvent::M_MTE1>(0); }\n"
              "  __aicore__ ~G() { WaitFlag<HardEvent::M_MTE1>(0); } };\n"
              "__aicore__ void body(uint32_t n) {\n"
              "  G g;\n  if (GetBlockIdx() >= n) return;\n"
              "  pipe_barrier(PIPE_M);\n}\n"
              "extern \"C\" __global__ __aicore__ void k(uint32_t n) {\n"
              "  body(n);\n  if (n > 2) { if (n > 3) pipe_barrier(PIPE_MTE1); }\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect(!u->unknown, "%s", u->unknown_why);
  cr_expect_str_eq(trace(u, 0), "set:M-MTE1#0 if{wait:M-MTE1#0|bar:M "
                                "wait:M-MTE1#0} if{if{bar:MTE1|}|}");
  ex_free(&e);
}

Test(ascendc_build, lambda_is_unknown) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k() {\n"
              "  auto f = [&](int i) { SetFlag<HardEvent::V_S>(i); };\n"
              "  f(1);\n}\n");
  cr_expect(unit(&e, 0)->unknown);
  ex_free(&e);
}

Test(ascendc_build, sync_in_a_function_like_macro_is_unknown) {
  ex e;
  extract(&e, PRE "#define DRAIN() PipeBarrier<PIPE_ALL>()\n"
              "#define CEIL(a, b) (((a) + (b) - 1) / (b))\n"
              "extern \"C\" __global__ __aicore__ void k(uint32_t n) {\n"
              "  uint32_t t = CEIL(n, 32);\n  DRAIN();\n}\n"
              "extern \"C\" __global__ __aicore__ void k2(uint32_t n) {\n"
              "  uint32_t t = CEIL(n, 32);\n  pipe_barrier(PIPE_V);\n}\n");
  cr_expect(unit(&e, 0)->unknown);
  cr_expect(!unit(&e, 1)->unknown, "%s", unit(&e, 1)->unknown_why);
  ex_free(&e);
}

Test(ascendc_build, file_constants_win_over_library_names) {
  ex e;
  extract(&e, PRE "constexpr int32_t L1 = 5;\n"
              "extern \"C\" __global__ __aicore__ void k() {\n"
              "  SetFlag<HardEvent::V_S>(L1);\n  WaitFlag<HardEvent::V_S>(L1);\n}\n");
  cr_expect_str_eq(trace(unit(&e, 0), 0), "set:V-S#5 wait:V-S#5");
  ex_free(&e);
}

Test(ascendc_build, loop_step_spellings) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(uint32_t n) {\n"
              "  for (uint32_t i = 0; i < n; i = i + 2) pipe_barrier(PIPE_V);\n"
              "  for (uint32_t j = 1; j <= n; ++j) pipe_barrier(PIPE_S);\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect(!u->unknown, "%s", u->unknown_why);
  cr_expect_str_eq(trace(u, 0), "for{bar:V} for{bar:S}");
  ex_free(&e);
}

Test(ascendc_build, symbolic_switch_is_an_if_chain) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(uint32_t mode) {\n"
              "  switch (mode) {\n"
              "  case 0: case 1: pipe_barrier(PIPE_V); break;\n"
              "  case 2: { pipe_barrier(PIPE_S); break; }\n"
              "  default: pipe_barrier(PIPE_MTE2);\n  }\n}\n"
              "extern \"C\" __global__ __aicore__ void k2(uint32_t mode) {\n"
              "  switch (mode) { case 0: pipe_barrier(PIPE_V);\n"
              "  case 1: pipe_barrier(PIPE_S); break; }\n}\n");
  fe_unit *u = unit(&e, 0);
  cr_expect(!u->unknown, "%s", u->unknown_why);
  cr_expect_str_eq(trace(u, 0), "if{bar:V|if{bar:S|bar:MTE2}}");
  cr_expect(unit(&e, 1)->unknown, "fall-through is not modelled");
  ex_free(&e);
}

/* Two constants of one name that differ (template specialisations): not
** folded, so an event id made of one is not understood. */
Test(ascendc_build, ambiguous_constant_is_not_folded) {
  ex e;
  extract(&e, PRE "template <int C> struct F;\n"
              "template <> struct F<0> { static constexpr uint16_t ID = 8; };\n"
              "template <> struct F<1> { static constexpr uint16_t ID = 9; };\n"
              "constexpr int ONE = 1;\nconstexpr int ONE2 = 1;\n"
              "extern \"C\" __global__ __aicore__ void k() {\n"
              "  CrossCoreSetFlag<0, PIPE_MTE3>(F<1>::ID);\n}\n");
  cr_expect(unit(&e, 0)->unknown);
  ex_free(&e);
}

Test(ascendc_build, loop_without_update_is_unknown_not_a_crash) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(uint32_t n) {\n"
              "  for (uint32_t i = 0; i < n;) { pipe_barrier(PIPE_V); i++; }\n}\n");
  cr_expect(unit(&e, 0)->unknown);
  ex_free(&e);
}

/* Locations: a statement of an inlined call carries its chain (callee and
** call site); one from an included header the header's file index. */
Test(ascendc_build, locations_carry_chain_and_file) {
  char dir[] = "/tmp/ksv_asc_locXXXXXX";
  cr_assert(mkdtemp(dir));
  char hp[300], cp[300];
  snprintf(hp, sizeof hp, "%s/h.h", dir);
  snprintf(cp, sizeof cp, "%s/k.cpp", dir);
  FILE *h = fopen(hp, "w");
  cr_assert(h);
  fputs("#pragma once\n__aicore__ inline void Drain() {\n"
        "  pipe_barrier(PIPE_V);\n}\n", h);
  fclose(h);
  const char *src = "#include \"h.h\"\n"
                    "__aicore__ void Step() { Drain(); }\n"
                    "extern \"C\" __global__ __aicore__ void k() {\n"
                    "  Step();\n}\n";
  mdl_vec units = {0};
  mdl_diags d = {0};
  fe_parse_lang(FE_LANG_ASCENDC, cp, src, strlen(src), -1, &units, &d);
  cr_assert_eq(units.len, 1);
  fe_unit *u = &MDL_VEC_AT(units, fe_unit, 0);
  cr_assert(u->k);
  const mdl_stmt *s = u->k->cores[0].fn->body.first;
  while (s && s->kind != MDL_S_BARRIER)
    s = s->next;
  cr_assert(s);
  cr_expect(s->loc.line == 3 && s->loc.col == 3);
  cr_expect_neq(s->loc.file, 0);
  cr_expect(strstr(mdl_kernel_file(u->k, s->loc.file), "h.h"));
  const mdl_chain *c = mdl_kernel_chain(u->k, s->loc.chain);
  cr_assert(c, "no chain");
  cr_expect_str_eq(c->name, "Drain");
  cr_expect(c->call.line == 2 && c->call.file == 0, "called at %u",
            c->call.line);
  const mdl_chain *p = mdl_kernel_chain(u->k, c->parent);
  cr_assert(p, "no parent chain");
  cr_expect_str_eq(p->name, "Step");
  cr_expect_eq(p->call.line, 4);
  cr_expect_eq(p->parent, 0);
  fe_units_free(&units);
  mdl_diags_free(&d);
  remove(hp);
  rmdir(dir);
}

Test(ascendc_build, brace_params_in_place) {
  ex e;
  extract(&e, PRE "extern \"C\" __global__ __aicore__ void k(GM_ADDR a) {\n"
              "  GlobalTensor<half> g; g.SetGlobalBuffer((__gm__ half *)a);\n"
              "  LocalTensor<half> t(TPosition::VECCALC, 0, 4096);\n"
              "  DataCopy(t, g, {1, 2, 0, 0});\n}\n");
  fe_unit *u = unit(&e, 0);
  mdl_limits lim;
  mdl_limits_default(&lim);
  cr_assert_eq(mdl_unroll(u->k, &lim), 0);
  const mdl_inst *dc = op_inst(u->k, 0);
  const mdl_access *w = mdl_access_at(u->k, dc->acc_first + 1);
  cr_expect(w->hi - w->lo == 64, "%lld", (long long)(w->hi - w->lo));
  ex_free(&e);
}

Test(ascendc_build, members_shadow_file_constants) {
  ex e;
  extract(&e, PRE "constexpr int32_t ID = 1;\n"
              "struct K { int32_t ID = 4;\n"
              "  __aicore__ void Run() { SetFlag<HardEvent::V_S>(ID);\n"
              "    WaitFlag<HardEvent::V_S>(::ID); } };\n"
              "extern \"C\" __global__ __aicore__ void k() {\n"
              "  SetFlag<HardEvent::S_V>(ID); WaitFlag<HardEvent::S_V>(ID);\n"
              "  K o; o.Run();\n}\n");
  cr_expect_str_eq(trace(unit(&e, 0), 0), "set:S-V#1 wait:S-V#1 set:V-S#4 "
                                          "wait:V-S#1");
  ex_free(&e);
}
