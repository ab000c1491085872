/*
** test_build.c -- the model builder (model/mdl_build.h) without any
** frontend (linked into test_frontend): a kernel built only through
** mdl_b_* unrolls into the instances and accesses the HIVM frontend
** would give it, the kernel assembly gives the core slots of a MIX pair,
** one MIX function and a lone half, and the machine facts (pipes of
** copies, owners of spaces, cores with pipes, device names, layouts)
** hold.  This is the interface the Ascend C frontend builds through.
*/
#include <criterion/criterion.h>

#include "../model/mdl_build.h"

#include <string.h>

TestSuite(builder, .timeout = 10);

static const mdl_loc L1 = {1, 1}, L2 = {2, 1}, L3 = {3, 1}, L4 = {4, 1},
                     L5 = {5, 1};

/* A buffer of bytes bytes in space sp at address 0 (pointer_cast). */
static mdl_valref ptr_buf(mdl_builder *bd, mdl_space sp, int64_t bytes,
                          mdl_loc loc) {
  mdl_valref addr = mdl_b_const(bd, 0, loc);
  mdl_valref v = mdl_b_value(bd, "ub0");
  mdl_b_memref_info(bd, v, sp, bytes, 2);
  mdl_stmt *s = mdl_b_buf(bd, MDL_B_PTR, v, "pointer_cast", loc);
  s->u.b.space = sp;
  s->u.b.size = bytes;
  s->u.b.naddr = 1;
  s->u.b.addrs = mdl_b_vals(bd, 1);
  s->u.b.addrs[0] = addr;
  return v;
}

/* GM argument 0 of bytes bytes. */
static mdl_valref gm_arg(mdl_builder *bd, int64_t bytes) {
  mdl_valref v = mdl_b_value(bd, "arg0");
  mdl_b_memref_info(bd, v, MDL_SPACE_GM, bytes, 2);
  mdl_stmt *s = mdl_b_buf(bd, MDL_B_ARG, v, "argument", L1);
  s->u.b.space = MDL_SPACE_GM;
  s->u.b.argno = 0;
  s->u.b.size = bytes;
  return v;
}

static void unroll_ok(mdl_kernel *k) {
  mdl_limits lim;
  mdl_limits_default(&lim);
  cr_assert_eq(mdl_unroll(k, &lim), 0, "unroll: %s",
               k->limit_hit ? k->limit_hit : "?");
  char err[512] = "";
  cr_assert_eq(mdl_selfcheck(k, err, sizeof err), 0, "selfcheck: %s", err);
}

/* load GM -> UB (the copy's pipe from its spaces), set/wait MTE2 -> V,
** a vector op on UB: one AIV with the instances and byte ranges of the
** HIVM kernel of the same ops. */
Test(builder, vector_kernel_without_a_frontend) {
  mdl_kernel *k = mdl_kernel_new("t.cpp", "k");
  k->prof = mdl_profile_get(MDL_ARCH_A2);
  mdl_builder bd;
  mdl_func *f = mdl_b_func(&bd, k, "k", L1, false);
  mdl_valref g = gm_arg(&bd, 64);
  mdl_valref u = ptr_buf(&bd, MDL_SPACE_UB, 64, L2);
  mdl_acc_spec a[2] = {mdl_acc(g, MDL_ACC_READ), mdl_acc(u, MDL_ACC_WRITE)};
  mdl_pipe cp = mdl_copy_pipe(MDL_SPACE_GM, MDL_SPACE_UB);
  cr_assert_eq(cp, MDL_PIPE_MTE2);
  mdl_b_op(&bd, "DataCopy", cp, a, 2, MDL_PIPE_NONE, NULL, 0, L3);
  mdl_valref id = mdl_b_const(&bd, 0, L4);
  mdl_b_flag(&bd, false, MDL_PIPE_MTE2, MDL_PIPE_V, id, L4);
  mdl_b_flag(&bd, true, MDL_PIPE_MTE2, MDL_PIPE_V, id, L4);
  mdl_acc_spec v[2] = {mdl_acc(u, MDL_ACC_READ), mdl_acc(u, MDL_ACC_WRITE)};
  mdl_b_op(&bd, "Add", MDL_PIPE_V, v, 2, MDL_PIPE_NONE, NULL, 0, L5);
  mdl_kernel_lone(k, f, MDL_CORE_AIV, false);
  cr_assert_not(k->open);
  cr_assert_eq(k->ncores, 1);
  cr_assert_str_eq(k->cores[0].label, "AIV");
  unroll_ok(k);
  cr_assert_eq(k->core_count[0], 4);
  const mdl_inst *ld = mdl_inst_at(k, 0), *st = mdl_inst_at(k, 1),
                 *wt = mdl_inst_at(k, 2), *ad = mdl_inst_at(k, 3);
  cr_expect_eq(ld->kind, MDL_I_OP);
  cr_expect_eq(ld->pipe, MDL_PIPE_MTE2);
  cr_expect_eq(st->kind, MDL_I_SET);
  cr_expect_eq(wt->kind, MDL_I_WAIT);
  cr_expect_eq(wt->id, 0);
  cr_expect_eq(ad->pipe, MDL_PIPE_V);
  cr_assert_eq(ld->nacc, 2);
  const mdl_access *w = mdl_access_at(k, ld->acc_first + 1);
  cr_expect_eq(mdl_memory_at(k, w->mem)->space, MDL_SPACE_UB);
  cr_expect_eq(w->mode, MDL_ACC_WRITE);
  cr_expect_eq(w->lo, 0);
  cr_expect_eq(w->hi, 64);
  cr_expect_eq(ld->loc.line, 3);
  mdl_kernel_free(k);
}

/* A scalar access (GetValue) is one element on PIPE_S. */
Test(builder, scalar_access_is_one_element_on_s) {
  mdl_kernel *k = mdl_kernel_new("t.cpp", "k");
  k->prof = mdl_profile_get(MDL_ARCH_A2);
  mdl_builder bd;
  mdl_func *f = mdl_b_func(&bd, k, "k", L1, false);
  mdl_valref u = ptr_buf(&bd, MDL_SPACE_UB, 64, L1);
  mdl_b_scalar_access(&bd, "GetValue", u, MDL_ACC_READ,
                      mdl_b_const(&bd, 3, L2), 2, L2);
  mdl_kernel_lone(k, f, MDL_CORE_AIV, false);
  unroll_ok(k);
  const mdl_inst *in = mdl_inst_at(k, 0);
  cr_assert_eq(in->pipe, MDL_PIPE_S);
  const mdl_access *a = mdl_access_at(k, in->acc_first);
  cr_expect_eq(a->lo, 6);
  cr_expect_eq(a->hi, 8);
  mdl_kernel_free(k);
}

/* Kernel assembly: a MIX pair, one MIX function (one logical vector
** program until it reads the sub-block index), a lone half. */
Test(builder, kernel_assembly) {
  mdl_kernel *k = mdl_kernel_new("t.cpp", "mix");
  k->prof = mdl_profile_get(MDL_ARCH_A2);
  mdl_builder bd;
  mdl_func *c = mdl_b_func(&bd, k, "aic", L1, false);
  mdl_func *v = mdl_b_func(&bd, k, "aiv", L2, false);
  mdl_kernel_mix_pair(k, c, v);
  cr_expect_eq(k->kind, MDL_KIND_MIX);
  cr_assert_eq(k->ncores, 3);
  cr_expect_str_eq(k->cores[0].label, "AIC");
  cr_expect_eq(k->cores[0].fn, c);
  cr_expect_str_eq(k->cores[2].label, "AIV1");
  cr_expect_eq(k->cores[2].sub_block, 1);
  cr_expect_eq(k->cores[2].fn, v);
  mdl_kernel_mix_one(k, c, false);
  cr_expect(k->aiv_one_program);
  cr_expect_eq(k->cores[1].fn, c);
  mdl_kernel_mix_one(k, c, true);
  cr_expect_not(k->aiv_one_program);
  mdl_kernel_free(k);

  /* a lone vector function with a cross-core wait: open, both AIVs */
  k = mdl_kernel_new("t.cpp", "half");
  k->prof = mdl_profile_get(MDL_ARCH_A2);
  v = mdl_b_func(&bd, k, "aiv", L1, false);
  cr_expect_not(mdl_kernel_has_xcore_sync(k));
  mdl_b_xflag(&bd, true, MDL_CORE_AIV, MDL_PIPE_FIX, MDL_PIPE_V,
              mdl_b_const(&bd, 1, L2), MDL_XMODE_INTRA_BLOCK, L2);
  cr_expect(mdl_kernel_has_xcore_sync(k));
  mdl_kernel_lone(k, v, MDL_CORE_AIV, false);
  cr_expect(k->open);
  cr_assert_eq(k->ncores, 2);
  cr_expect_str_eq(k->cores[1].label, "AIV1");
  cr_expect_str_eq(k->open_missing, "the AIC");
  mdl_kernel_free(k);
}

/* In one MIX function a sync runs on the core types with its pipes. */
Test(builder, mix_single_sync_placement) {
  mdl_kernel *k = mdl_kernel_new("t.cpp", "k");
  k->prof = mdl_profile_get(MDL_ARCH_A2);
  mdl_builder bd;
  mdl_b_func(&bd, k, "k", L1, true);
  mdl_valref id = mdl_b_const(&bd, 0, L1);
  cr_expect_eq(mdl_b_flag(&bd, false, MDL_PIPE_MTE2, MDL_PIPE_V, id, L1)->cores,
               0x2);
  cr_expect_eq(mdl_b_flag(&bd, false, MDL_PIPE_M, MDL_PIPE_FIX, id, L1)->cores,
               0x1);
  cr_expect_eq(mdl_b_barrier(&bd, MDL_PIPE_ALL, L1)->cores, 0x3);
  cr_expect_eq(mdl_b_xflag(&bd, false, MDL_CORE_AIC, MDL_PIPE_FIX,
                           MDL_PIPE_V, id, MDL_XMODE_INTRA_BLOCK, L1)
                   ->cores,
               0x1);
  cr_expect_eq(mdl_b_sync_block(&bd, 1, MDL_NOVAL, MDL_PIPE_ALL,
                                MDL_PIPE_ALL, L1)
                   ->cores,
               0x2);
  mdl_kernel_free(k);
}

/* The machine facts of placement and profiles. */
Test(builder, machine_facts) {
  cr_expect_eq(mdl_copy_pipe(MDL_SPACE_UB, MDL_SPACE_GM), MDL_PIPE_MTE3);
  cr_expect_eq(mdl_copy_pipe(MDL_SPACE_UB, MDL_SPACE_UB), MDL_PIPE_V);
  cr_expect_eq(mdl_copy_pipe(MDL_SPACE_GM, MDL_SPACE_L1), MDL_PIPE_MTE2);
  cr_expect_eq(mdl_copy_pipe(MDL_SPACE_L1, MDL_SPACE_L0A), MDL_PIPE_MTE1);
  cr_expect_eq(mdl_copy_pipe(MDL_SPACE_L1, MDL_SPACE_GM), MDL_PIPE_MTE3);
  cr_expect_eq(mdl_copy_pipe(MDL_SPACE_L0C, MDL_SPACE_GM), MDL_PIPE_FIX);
  cr_expect_eq(mdl_cores_of_space(MDL_SPACE_UB), 0x2);
  cr_expect_eq(mdl_cores_of_space(MDL_SPACE_L0C), 0x1);
  cr_expect_eq(mdl_cores_of_space(MDL_SPACE_GM), 0x3);
  cr_expect_eq(mdl_cores_of_pipe(MDL_PIPE_MTE2, MDL_SPACE_L1, MDL_SPACE_GM),
               0x1);
  cr_expect_eq(mdl_cores_of_pipe(MDL_PIPE_MTE3, MDL_SPACE_GM, MDL_SPACE_UB),
               0x2);
  cr_expect_eq(mdl_cores_of_pipe(MDL_PIPE_S, MDL_SPACE_GM, MDL_SPACE_GM),
               0x3);
  const mdl_profile *a2 = mdl_profile_get(MDL_ARCH_A2);
  cr_expect_eq(mdl_cores_with_pipes(a2, MDL_PIPE_V, MDL_PIPE_V), 0x2);
  cr_expect_eq(mdl_cores_with_pipes(a2, MDL_PIPE_MTE1, MDL_PIPE_M), 0x1);
  cr_expect_eq(mdl_cores_with_pipes(a2, MDL_PIPE_S, MDL_PIPE_MTE2), 0x3);
  cr_expect_eq(mdl_arch_of_device("Ascend910B3", 11), MDL_ARCH_A2);
  cr_expect_eq(mdl_arch_of_device("Ascend950PR", 11), MDL_ARCH_A5);
  cr_expect_eq(mdl_arch_of_device("dav-c310", 8), MDL_ARCH_A5);
  cr_expect_eq(mdl_arch_of_device("Ascend310P", 10), -1);
  cr_expect_eq(mdl_profile_choose(-1, -1)->arch, MDL_ARCH_A2);
  cr_expect_eq(mdl_profile_choose(-1, MDL_ARCH_A5)->arch, MDL_ARCH_A5);
  cr_expect_eq(mdl_profile_choose(MDL_ARCH_A2, MDL_ARCH_A5)->arch,
               MDL_ARCH_A2);
}

/* Root layouts: row-major strides, injectivity, dynamic extents. */
Test(builder, layouts) {
  mdl_kernel *k = mdl_kernel_new("t.cpp", "k");
  const int64_t ext[2] = {4, 8}, bad[2] = {1, 1}, dyn[2] = {-1, 8};
  const mdl_layout *l = mdl_layout_new(k, 2, ext, NULL, 2, true);
  cr_assert_not_null(l);
  cr_expect(l->root);
  cr_expect_eq(l->st[0], 8);
  cr_expect_eq(l->st[1], 1);
  cr_expect_null(mdl_layout_new(k, 2, ext, bad, 2, true)); /* overlapping */
  cr_expect_null(mdl_layout_new(k, 2, dyn, NULL, 2, true));
  const mdl_layout *r = mdl_layout_new(k, 2, dyn, NULL, 0, false);
  cr_assert_not_null(r); /* a reshape's new shape: extents only */
  cr_expect_not(r->root);
  cr_expect_eq(r->elem, 1);
  cr_expect_null(mdl_layout_new(k, 0, ext, NULL, 2, true));
  mdl_kernel_free(k);
}

/* The 1:2 MIX AIV block index divided back by the task ration
** (docs/semantics-decisions.md 72): (2*b + s)/2 is b on both AIVs, the
** remainder s; not where the value may be negative. */
Test(builder, exact_division_of_the_sub_block_index) {
  mdl_kernel *k = mdl_kernel_new("t.cpp", "k");
  mdl_atom a = {0};
  a.kind = MDL_ATOM_BLOCK_IDX;
  strcpy(a.text, "block_idx");
  mdl_val b = mdl_val_atom(k, &a), two = mdl_val_const(2);
  mdl_val b2 = mdl_val_binop(k, MDL_X_MUL, &b, &two);
  for (int64_t s = 0; s < 2; s++) {
    mdl_val sv = mdl_val_const(s);
    mdl_val x = mdl_val_binop(k, MDL_X_ADD, &b2, &sv);
    mdl_xop divs[] = {MDL_X_DIVU, MDL_X_DIVS, MDL_X_FLOORDIV};
    for (int i = 0; i < 3; i++) {
      mdl_val q = mdl_val_binop(k, divs[i], &x, &two);
      cr_expect(q.n == 1 && q.atom[0] == b.atom[0] && q.coef[0] == 1 &&
                q.c == 0, "op %d, s=%lld", i, (long long)s);
    }
    mdl_val r = mdl_val_binop(k, MDL_X_REMU, &x, &two);
    cr_expect(mdl_val_is_const(&r) && r.c == s);
  }
  /* 2*b - 1 may be negative: truncation is not floor, kept opaque;
     floor division is exact for every integer */
  mdl_val m1 = mdl_val_const(-1);
  mdl_val y = mdl_val_binop(k, MDL_X_ADD, &b2, &m1);
  mdl_val t = mdl_val_binop(k, MDL_X_DIVS, &y, &two);
  cr_expect(t.n == 1 && t.atom[0] != b.atom[0]);
  mdl_val f = mdl_val_binop(k, MDL_X_FLOORDIV, &y, &two);
  cr_expect(f.n == 1 && f.atom[0] == b.atom[0] && f.c == -1);
  /* an argument may be negative: unsigned division stays opaque */
  mdl_atom g = {0};
  g.kind = MDL_ATOM_ARG;
  mdl_val av = mdl_val_atom(k, &g);
  mdl_val a2 = mdl_val_binop(k, MDL_X_MUL, &av, &two);
  mdl_val u = mdl_val_binop(k, MDL_X_DIVU, &a2, &two);
  cr_expect(u.n == 1 && u.atom[0] != av.atom[0]);
  mdl_kernel_free(k);
}
