/*
** test_frontend.c -- frontend + model tests: parse small HIVM snippets
** with fe_parse_file(), unroll with mdl_unroll() and check the instance
** graph (pipes, byte ranges, loops, branches, calls, MIX pairing, scalar
** folding, sync ops).  Every built kernel must pass mdl_selfcheck().
*/
#include <criterion/criterion.h>

#include "../frontend/fe.h"
#include "../model/mdl.h"

#include <stdint.h>
#include <string.h>

/* ------------------------------------------------------------ harness */

static mdl_vec units;
static mdl_diags diags;
static uint32_t nsyntax;

static void teardown(void) {
  fe_units_free(&units);
  mdl_diags_free(&diags);
  memset(&units, 0, sizeof units);
  memset(&diags, 0, sizeof diags);
  nsyntax = 0;
}

TestSuite(frontend, .fini = teardown, .timeout = 10);

static const char *first_diag(void) {
  if (!diags.items.len)
    return "(none)";
  const mdl_diag *d = &MDL_VEC_AT(diags.items, mdl_diag, 0);
  return d->message;
}

/* Parses src for arch; asserts no errors and the expected unit count. */
static void parse_arch(const char *src, mdl_arch arch, uint32_t nunits) {
  nsyntax = fe_parse_file("t.mlir", src, strlen(src), arch, &units, &diags);
  cr_assert_eq(nsyntax, 0, "syntax errors: %u (first: %s)", nsyntax,
               first_diag());
  cr_assert_eq(diags.errors, 0, "diagnostic errors: %u (first: %s)",
               diags.errors, first_diag());
  cr_assert_eq(units.len, nunits, "expected %u units, got %u", nunits,
               units.len);
}

static void parse(const char *src, uint32_t nunits) {
  parse_arch(src, MDL_ARCH_A2, nunits);
}

/* Unrolls unit i with default limits, self-checks it and returns it. */
static mdl_kernel *kernel(uint32_t i) {
  cr_assert_lt(i, units.len);
  fe_unit *u = &MDL_VEC_AT(units, fe_unit, i);
  cr_assert_not(u->error, "unit %s has errors", u->name);
  cr_assert_not_null(u->k);
  mdl_kernel *k = u->k;
  if (!k->unrolled) {
    mdl_limits lim;
    mdl_limits_default(&lim);
    cr_assert_eq(mdl_unroll(k, &lim), 0, "unroll stopped: %s",
                 k->limit_hit ? k->limit_hit : "?");
    cr_assert_null(k->input_error, "input error: %s", k->input_error);
    char err[1024] = "";
    int nv = mdl_selfcheck(k, err, sizeof err);
    cr_assert_eq(nv, 0, "self-check violations: %d: %s", nv, err);
  }
  return k;
}

static const mdl_inst *inst(const mdl_kernel *k, uint32_t core, uint32_t i) {
  cr_assert_lt(core, k->ncores);
  cr_assert_lt(i, k->core_count[core], "instance %u of core %u (has %u)", i,
               core, k->core_count[core]);
  return mdl_inst_at(k, k->core_first[core] + i);
}

static const mdl_access *acc(const mdl_kernel *k, const mdl_inst *in,
                             uint32_t j) {
  cr_assert_lt(j, in->nacc, "access %u of an instance with %u", j, in->nacc);
  return mdl_access_at(k, in->acc_first + j);
}

/* Asserts access j of in: memory name, mode, [lo, hi), not symbolic. */
static void check_acc(const mdl_kernel *k, const mdl_inst *in, uint32_t j,
                      const char *mem, uint8_t mode, int64_t lo, int64_t hi) {
  const mdl_access *a = acc(k, in, j);
  const mdl_memory *m = mdl_memory_at(k, a->mem);
  cr_assert_str_eq(m->name, mem, "access %u: memory %s, expected %s", j,
                   m->name, mem);
  cr_assert_eq(a->mode, mode, "access %u: mode %u, expected %u", j, a->mode,
               mode);
  cr_assert_not(a->sym, "access %u unexpectedly symbolic", j);
  cr_assert_eq(a->lo, lo, "access %u of %s: lo 0x%llx, expected 0x%llx", j,
               mem, (unsigned long long)a->lo, (unsigned long long)lo);
  cr_assert_eq(a->hi, hi, "access %u of %s: hi 0x%llx, expected 0x%llx", j,
               mem, (unsigned long long)a->hi, (unsigned long long)hi);
}

#define UB "#hivm.address_space<ub>"
#define GM "#hivm.address_space<gm>"
#define T3 "memref<16x16x16xf16, " UB ">"
#define G3 "memref<16x16x16xf16, " GM ">"

/* ------------------------------------------------------ pipes, ranges */

static const char basic[] =
    "module {\n"
    "  func.func @basic(%arg0: " G3 ", %arg3: " G3 ") {\n"
    "    %c0_i64 = arith.constant 0 : i64\n"
    "    %c8192_i64 = arith.constant 8192 : i64\n"
    "    %0 = hivm.hir.pointer_cast(%c0_i64) [] : " T3 "\n"
    "    %4 = hivm.hir.pointer_cast(%c8192_i64) [] : " T3 "\n"
    "    hivm.hir.load ins(%arg0 : " G3 ") outs(%4 : " T3 ")\n"
    "    hivm.hir.vadd ins(%0, %4 : " T3 ", " T3 ") outs(%0 : " T3 ")\n"
    "    hivm.hir.store ins(%0 : " T3 ") outs(%arg3 : " G3 ")\n"
    "    return\n"
    "  }\n"
    "}\n";

Test(frontend, load_vadd_store_pipes_and_ranges) {
  parse(basic, 1);
  mdl_kernel *k = kernel(0);
  cr_assert_str_eq(k->name, "basic");
  cr_assert_eq(k->kind, MDL_KIND_SINGLE);
  cr_assert_eq(k->ncores, 1);
  cr_assert_eq(k->cores[0].type, MDL_CORE_AIV);
  cr_assert_str_eq(k->cores[0].label, "AIV");
  cr_assert(k->concrete);
  cr_assert_eq(k->insts.len, 3);
  cr_assert_eq(k->core_count[0], 3);

  const mdl_inst *ld = inst(k, 0, 0);
  cr_assert_eq(ld->kind, MDL_I_OP);
  cr_assert_eq(ld->pipe, MDL_PIPE_MTE2);
  cr_assert_eq(ld->loc.line, 7);
  cr_assert_eq(ld->loc.col, 5);
  cr_assert_eq(ld->guard, 0);
  cr_assert_eq(ld->nacc, 2);
  check_acc(k, ld, 0, "gm:%arg0", MDL_ACC_READ, 0, 8192);
  /* 16x16x16xf16 = 8192 bytes at address 8192 */
  check_acc(k, ld, 1, "ub", MDL_ACC_WRITE, 8192, 16384);

  const mdl_inst *va = inst(k, 0, 1);
  cr_assert_eq(va->pipe, MDL_PIPE_V);
  cr_assert_eq(va->nacc, 3);
  check_acc(k, va, 0, "ub", MDL_ACC_READ, 0, 8192);
  check_acc(k, va, 1, "ub", MDL_ACC_READ, 8192, 16384);
  check_acc(k, va, 2, "ub", MDL_ACC_WRITE, 0, 8192);

  const mdl_inst *st = inst(k, 0, 2);
  cr_assert_eq(st->pipe, MDL_PIPE_MTE3);
  cr_assert_eq(st->nacc, 2);
  check_acc(k, st, 0, "ub", MDL_ACC_READ, 0, 8192);
  check_acc(k, st, 1, "gm:%arg3", MDL_ACC_WRITE, 0, 8192);
  /* the two GM arguments are distinct memories, UB is one memory */
  cr_assert_neq(acc(k, ld, 0)->mem, acc(k, st, 1)->mem);
  cr_assert_eq(acc(k, ld, 1)->mem, acc(k, st, 0)->mem);
  cr_assert_eq(mdl_memory_at(k, acc(k, ld, 0)->mem)->space, MDL_SPACE_GM);
  cr_assert_eq(mdl_memory_at(k, acc(k, ld, 1)->mem)->space, MDL_SPACE_UB);
}

#define CB "#hivm.address_space<cbuf>"
#define CC "#hivm.address_space<cc>"

static const char cube[] =
    "func.func @cube(%arg0: memref<256xf32, " GM ">,\n"
    "                %arg1: memref<256xf32, " GM ">) {\n"
    "  %c0_i64 = arith.constant 0 : i64\n"
    "  %c1024_i64 = arith.constant 1024 : i64\n"
    "  %c16 = arith.constant 16 : index\n"
    "  %true = arith.constant true\n"
    "  %0 = hivm.hir.pointer_cast(%c0_i64) : memref<256xf32, " CB ">\n"
    "  %1 = hivm.hir.pointer_cast(%c1024_i64) : memref<256xf32, " CB ">\n"
    "  %2 = hivm.hir.pointer_cast(%c0_i64) : memref<256xf32, " CC ">\n"
    "  hivm.hir.nd2nz {dst_continuous} ins(%arg0 : memref<256xf32, " GM ">)"
    " outs(%0 : memref<256xf32, " CB ">)\n"
    "  hivm.hir.mmadL1 ins(%0, %1, %true, %c16, %c16, %c16 :"
    " memref<256xf32, " CB ">, memref<256xf32, " CB ">, i1, index, index,"
    " index) outs(%2 : memref<256xf32, " CC ">)\n"
    "  hivm.hir.fixpipe {enable_nz2nd} ins(%2 : memref<256xf32, " CC ">)"
    " outs(%arg1 : memref<256xf32, " GM ">)\n"
    "  return\n"
    "}\n";

Test(frontend, cube_nd2nz_mmadl1_fixpipe) {
  parse(cube, 1);
  mdl_kernel *k = kernel(0);
  cr_assert_eq(k->ncores, 1);
  cr_assert_eq(k->cores[0].type, MDL_CORE_AIC, "cube ops => AIC core");
  cr_assert_str_eq(k->cores[0].label, "AIC");
  /* nd2nz, the mmadL1's 2 parts and its library handshake (a2, no
     sync_related_args: pre-set 2, wait 2, set 2, wait 2), fixpipe */
  cr_assert_eq(k->core_count[0], 4 + 8);

  const mdl_inst *nd = inst(k, 0, 0);
  cr_assert_eq(nd->kind, MDL_I_OP);
  cr_assert_eq(nd->pipe, MDL_PIPE_MTE2);
  check_acc(k, nd, 0, "gm:%arg0", MDL_ACC_READ, 0, 1024);
  check_acc(k, nd, 1, "cbuf", MDL_ACC_WRITE, 0, 1024);

  /* mmadL1 = an MTE1 part (L1 -> L0A/L0B) then an M part after it */
  const mdl_inst *m1 = inst(k, 0, 5);
  const mdl_inst *m2 = inst(k, 0, 6);
  cr_assert_eq(m1->kind, MDL_I_OP);
  cr_assert_eq(m2->kind, MDL_I_OP);
  cr_assert_eq(m1->pipe, MDL_PIPE_MTE1);
  cr_assert_eq(m2->pipe, MDL_PIPE_M);
  cr_assert_eq(m1->stmt, m2->stmt, "both parts come from one statement");
  cr_assert_eq(m2->after, k->core_first[0] + 5, "M part after MTE1 part");
  cr_assert_eq(m1->loc.line, 11);
  cr_assert_eq(m2->loc.line, 11);
  check_acc(k, m1, 0, "cbuf", MDL_ACC_READ, 0, 1024);
  check_acc(k, m1, 1, "cbuf", MDL_ACC_READ, 1024, 2048);
  bool m_writes_cc = false;
  for (uint32_t j = 0; j < m2->nacc; j++) {
    const mdl_access *a = acc(k, m2, j);
    if (!strcmp(mdl_memory_at(k, a->mem)->name, "cc") &&
        (a->mode & MDL_ACC_WRITE)) {
      m_writes_cc = true;
      cr_assert_eq(a->lo, 0);
      cr_assert_eq(a->hi, 1024);
    }
  }
  cr_assert(m_writes_cc, "the M part writes L0C");

  const mdl_inst *fx = inst(k, 0, 11);
  cr_assert_eq(fx->pipe, MDL_PIPE_FIX);
  check_acc(k, fx, 0, "cc", MDL_ACC_READ, 0, 1024);
  check_acc(k, fx, 1, "gm:%arg1", MDL_ACC_WRITE, 0, 1024);
}

/* ------------------------------------------------------------- views */

#define U2 "memref<16x16xf16, " UB ">"
#define U8 "memref<8xf16, " UB ">"
#define U32 "memref<32xf16, " UB ">"

static const char views_ssa[] =
    "func.func @views() {\n"
    "  %c8192_i64 = arith.constant 8192 : i64\n"
    "  %c4 = arith.constant 4 : index\n"
    "  %c64 = arith.constant 64 : index\n"
    "  %b = hivm.hir.pointer_cast(%c8192_i64) [] : " U2 "\n"
    "  %sv = memref.subview %b[0, %c4] [1, 8] [1, 1] : " U2 " to " U8 "\n"
    "  hivm.hir.vabs ins(%sv : " U8 ") outs(%sv : " U8 ")\n"
    "  %rc = memref.reinterpret_cast %b to offset: [%c64], sizes: [32],"
    " strides: [1] : " U2 " to " U32 "\n"
    "  hivm.hir.vabs ins(%rc : " U32 ") outs(%rc : " U32 ")\n"
    "  %v = memref.view %b[%c64][] : " U2 " to " U8 "\n"
    "  hivm.hir.vabs ins(%v : " U8 ") outs(%v : " U8 ")\n"
    "  return\n"
    "}\n";

Test(frontend, views_with_ssa_offsets) {
  parse(views_ssa, 1);
  mdl_kernel *k = kernel(0);
  cr_assert_eq(k->core_count[0], 3);
  /* subview [0, 4] of 16x16xf16 at 8192: 4 elements = 8 bytes in */
  const mdl_inst *a = inst(k, 0, 0);
  check_acc(k, a, 0, "ub", MDL_ACC_READ, 8192 + 8, 8192 + 8 + 16);
  check_acc(k, a, 1, "ub", MDL_ACC_WRITE, 8192 + 8, 8192 + 8 + 16);
  /* reinterpret_cast offset 64 elements = 128 bytes, 32xf16 = 64 bytes */
  const mdl_inst *b = inst(k, 0, 1);
  check_acc(k, b, 0, "ub", MDL_ACC_READ, 8192 + 128, 8192 + 192);
  /* memref.view shift is in bytes */
  const mdl_inst *c = inst(k, 0, 2);
  check_acc(k, c, 0, "ub", MDL_ACC_READ, 8192 + 64, 8192 + 80);
}

static const char subview_static[] =
    "func.func @sv() {\n"
    "  %c8192_i64 = arith.constant 8192 : i64\n"
    "  %b = hivm.hir.pointer_cast(%c8192_i64) [] : " U2 "\n"
    "  %sv = memref.subview %b[2, 0] [1, 16] [1, 1] : " U2
    " to memref<16xf16, " UB ">\n"
    "  hivm.hir.vabs ins(%sv : memref<16xf16, " UB ">)"
    " outs(%sv : memref<16xf16, " UB ">)\n"
    "  return\n"
    "}\n";

Test(frontend, subview_static_row_offset) {
  parse(subview_static, 1);
  mdl_kernel *k = kernel(0);
  /* row 2 of 16x16xf16: 2 * 16 * 2 = 64 bytes in, 16xf16 = 32 bytes */
  const mdl_inst *a = inst(k, 0, 0);
  check_acc(k, a, 0, "ub", MDL_ACC_READ, 8192 + 64, 8192 + 96);
}

static const char subview_ssa_row[] =
    "func.func @svr() {\n"
    "  %c8192_i64 = arith.constant 8192 : i64\n"
    "  %c2 = arith.constant 2 : index\n"
    "  %b = hivm.hir.pointer_cast(%c8192_i64) [] : " U2 "\n"
    "  %sv = memref.subview %b[%c2, 0] [1, 16] [1, 1] : " U2
    " to memref<16xf16, " UB ">\n"
    "  hivm.hir.vabs ins(%sv : memref<16xf16, " UB ">)"
    " outs(%sv : memref<16xf16, " UB ">)\n"
    "  return\n"
    "}\n";

Test(frontend, subview_ssa_row_offset) {
  parse(subview_ssa_row, 1);
  mdl_kernel *k = kernel(0);
  const mdl_inst *a = inst(k, 0, 0);
  check_acc(k, a, 0, "ub", MDL_ACC_READ, 8192 + 64, 8192 + 96);
}

static const char reinterpret_static[] =
    "func.func @rc() {\n"
    "  %c8192_i64 = arith.constant 8192 : i64\n"
    "  %b = hivm.hir.pointer_cast(%c8192_i64) [] : " U2 "\n"
    "  %rc = memref.reinterpret_cast %b to offset: [64], sizes: [32],"
    " strides: [1] : " U2 " to " U32 "\n"
    "  hivm.hir.vabs ins(%rc : " U32 ") outs(%rc : " U32 ")\n"
    "  return\n"
    "}\n";

Test(frontend, reinterpret_cast_static_offset) {
  parse(reinterpret_static, 1);
  mdl_kernel *k = kernel(0);
  const mdl_inst *a = inst(k, 0, 0);
  check_acc(k, a, 0, "ub", MDL_ACC_READ, 8192 + 128, 8192 + 192);
}

/* ------------------------------------------------------ loops, buffers */

#define U16 "memref<16xf16, " UB ">"

static const char multibuf[] =
    "func.func @db(%arg0: memref<16xf16, " GM ">) {\n"
    "  %c0_i64 = arith.constant 0 : i64\n"
    "  %c32_i64 = arith.constant 32 : i64\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c4 = arith.constant 4 : index\n"
    "  %c16 = arith.constant 16 : index\n"
    "  scf.for %i = %c0 to %c16 step %c4 {\n"
    "    %0 = hivm.hir.pointer_cast(%c0_i64, %c32_i64) : " U16 "\n"
    "    annotation.mark %0 {hivm.multi_buffer = 2 : i32} : " U16 "\n"
    "    hivm.hir.load ins(%arg0 : memref<16xf16, " GM ">) outs(%0 : " U16
    ")\n"
    "  }\n"
    "  return\n"
    "}\n";

Test(frontend, multi_buffer_alternates_addresses) {
  parse(multibuf, 1);
  mdl_kernel *k = kernel(0);
  cr_assert_eq(k->core_count[0], 4, "16/4 = 4 iterations");
  for (uint32_t i = 0; i < 4; i++) {
    const mdl_inst *in = inst(k, 0, i);
    cr_assert_eq(in->pipe, MDL_PIPE_MTE2);
    cr_assert_eq(in->depth, 1);
    cr_assert_eq(in->iter[0], i);
    int64_t lo = (i % 2) ? 32 : 0;
    check_acc(k, in, 1, "ub", MDL_ACC_WRITE, lo, lo + 32);
  }
}

static const char loops[] =
    "func.func @loops() {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c2 = arith.constant 2 : index\n"
    "  %c3 = arith.constant 3 : index\n"
    "  %c11 = arith.constant 11 : index\n"
    "  %c128 = arith.constant 128 : index\n"
    "  %c1024 = arith.constant 1024 : index\n"
    "  scf.for %i = %c0 to %c1024 step %c128 {\n"
    "    hivm.hir.pipe_barrier[<PIPE_V>]\n"
    "  }\n"
    "  scf.for %i = %c2 to %c11 step %c3 {\n"
    "    scf.for %j = %c0 to %c2 step %c2 {\n"
    "      scf.for %k = %c0 to %c3 step %c2 {\n"
    "        hivm.hir.pipe_barrier[<PIPE_MTE2>]\n"
    "      }\n"
    "    }\n"
    "  }\n"
    "  scf.for %i = %c3 to %c2 step %c2 {\n"
    "    hivm.hir.pipe_barrier[<PIPE_S>]\n"
    "  }\n"
    "  return\n"
    "}\n";

Test(frontend, scf_for_unrolling_counts) {
  parse(loops, 1);
  mdl_kernel *k = kernel(0);
  /* 1024/128 = 8, then 3 * 1 * 2 = 6, then 0 (ub < lb) */
  cr_assert_eq(k->core_count[0], 14);
  cr_assert(k->concrete);
  uint32_t nv = 0, nm = 0;
  for (uint32_t i = 0; i < 14; i++) {
    const mdl_inst *in = inst(k, 0, i);
    cr_assert_eq(in->kind, MDL_I_BARRIER);
    cr_assert_eq(in->guard, 0);
    if (in->pipe == MDL_PIPE_V) {
      cr_assert_eq(in->depth, 1);
      cr_assert_eq(in->iter[0], nv);
      nv++;
    } else {
      cr_assert_eq(in->pipe, MDL_PIPE_MTE2);
      cr_assert_eq(in->depth, 3);
      cr_assert_eq(in->iter[0], nm / 2);
      cr_assert_eq(in->iter[1], 0);
      cr_assert_eq(in->iter[2], nm % 2);
      nm++;
    }
  }
  cr_assert_eq(nv, 8);
  cr_assert_eq(nm, 6);
}

/* ------------------------------------------------------------ branches */

static const char if_const[] =
    "func.func @cif() {\n"
    "  %true = arith.constant true\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c2 = arith.constant 2 : index\n"
    "  %c = arith.cmpi eq, %c1, %c2 : index\n"
    "  scf.if %true {\n"
    "    hivm.hir.pipe_barrier[<PIPE_V>]\n"
    "  } else {\n"
    "    hivm.hir.pipe_barrier[<PIPE_MTE2>]\n"
    "  }\n"
    "  scf.if %c {\n"
    "    hivm.hir.pipe_barrier[<PIPE_MTE3>]\n"
    "  } else {\n"
    "    hivm.hir.pipe_barrier[<PIPE_S>]\n"
    "  }\n"
    "  return\n"
    "}\n";

Test(frontend, scf_if_constant_condition_takes_one_branch) {
  parse(if_const, 1);
  mdl_kernel *k = kernel(0);
  cr_assert(k->concrete);
  cr_assert_eq(k->core_count[0], 2);
  const mdl_inst *a = inst(k, 0, 0), *b = inst(k, 0, 1);
  cr_assert_eq(a->pipe, MDL_PIPE_V, "then branch of a true condition");
  cr_assert_eq(a->loc.line, 7);
  cr_assert_eq(a->guard, 0);
  cr_assert_eq(b->pipe, MDL_PIPE_S, "else branch of 1 == 2");
  cr_assert_eq(b->loc.line, 14);
  cr_assert_eq(b->guard, 0);
}

static const char if_unknown[] =
    "func.func @uif(%arg0: i1) {\n"
    "  hivm.hir.pipe_barrier[<PIPE_MTE3>]\n"
    "  scf.if %arg0 {\n"
    "    hivm.hir.pipe_barrier[<PIPE_V>]\n"
    "  } else {\n"
    "    hivm.hir.pipe_barrier[<PIPE_MTE2>]\n"
    "  }\n"
    "  return\n"
    "}\n";

Test(frontend, scf_if_unknown_condition_guards_both_branches) {
  parse(if_unknown, 1);
  mdl_kernel *k = kernel(0);
  cr_assert_not(k->concrete, "a branch on an argument is not concrete");
  cr_assert_eq(k->core_count[0], 3);
  const mdl_inst *pre = inst(k, 0, 0), *th = inst(k, 0, 1),
                 *el = inst(k, 0, 2);
  cr_assert_eq(pre->guard, 0);
  cr_assert_eq(th->pipe, MDL_PIPE_V);
  cr_assert_eq(el->pipe, MDL_PIPE_MTE2);
  cr_assert_neq(th->guard, 0);
  cr_assert_neq(el->guard, 0);
  cr_assert_neq(th->guard, el->guard);
  const mdl_guard *gt = &MDL_VEC_AT(k->guards, mdl_guard, th->guard);
  const mdl_guard *ge = &MDL_VEC_AT(k->guards, mdl_guard, el->guard);
  cr_assert_eq(gt->n, 1);
  cr_assert_eq(ge->n, 1);
  const mdl_lit *lt = &MDL_VEC_AT(k->lits, mdl_lit, gt->first);
  const mdl_lit *le = &MDL_VEC_AT(k->lits, mdl_lit, ge->first);
  cr_assert_eq(lt->kind, 0);
  cr_assert_eq(le->kind, 0);
  cr_assert(lt->positive);
  cr_assert_not(le->positive);
  cr_assert_eq(lt->atom_form, le->atom_form, "same condition");
  cr_assert_eq(lt->loc.line, 3);
  cr_assert_eq(lt->loc.col, 3);
}

/* ---------------------------------------------------- calls and units */

static const char calls[] =
    "func.func @helper(%b: " U16 ") {\n"
    "  hivm.hir.vabs ins(%b : " U16 ") outs(%b : " U16 ")\n"
    "  return\n"
    "}\n"
    "func.func @caller() {\n"
    "  %c64_i64 = arith.constant 64 : i64\n"
    "  %c128_i64 = arith.constant 128 : i64\n"
    "  %0 = hivm.hir.pointer_cast(%c64_i64) : " U16 "\n"
    "  %1 = hivm.hir.pointer_cast(%c128_i64) : " U16 "\n"
    "  func.call @helper(%0) : (" U16 ") -> ()\n"
    "  hivm.hir.pipe_barrier[<PIPE_V>]\n"
    "  func.call @helper(%1) : (" U16 ") -> ()\n"
    "  return\n"
    "}\n";

Test(frontend, func_call_is_inlined) {
  parse(calls, 1); /* the callee is not a kernel of its own */
  mdl_kernel *k = kernel(0);
  cr_assert_str_eq(k->name, "caller");
  cr_assert_eq(k->core_count[0], 3);
  const mdl_inst *a = inst(k, 0, 0), *b = inst(k, 0, 1), *c = inst(k, 0, 2);
  cr_assert_eq(a->pipe, MDL_PIPE_V);
  cr_assert_eq(a->kind, MDL_I_OP);
  cr_assert_eq(a->loc.line, 2, "located in the callee");
  check_acc(k, a, 0, "ub", MDL_ACC_READ, 64, 96);
  cr_assert_eq(b->kind, MDL_I_BARRIER);
  cr_assert_eq(c->kind, MDL_I_OP);
  check_acc(k, c, 1, "ub", MDL_ACC_WRITE, 128, 160);
}

static const char split[] =
    "func.func @one() {\n"
    "  hivm.hir.pipe_barrier[<PIPE_V>]\n"
    "  return\n"
    "}\n"
    "// -----\n"
    "func.func @two() {\n"
    "  hivm.hir.pipe_barrier[<PIPE_V>]\n"
    "  hivm.hir.pipe_barrier[<PIPE_V>]\n"
    "  return\n"
    "}\n"
    "\n"
    "// -----\n"
    "func.func @one() {\n"
    "  return\n"
    "}\n";

Test(frontend, split_input_gives_separate_units) {
  parse(split, 3);
  const char *names[] = {"one", "two", "one"};
  uint32_t lines[] = {1, 6, 13}, counts[] = {1, 2, 0};
  for (uint32_t i = 0; i < 3; i++) {
    fe_unit *u = &MDL_VEC_AT(units, fe_unit, i);
    cr_assert_str_eq(u->name, names[i]);
    cr_assert_eq(u->chunk, i);
    cr_assert_eq(u->line, lines[i], "unit %u line %u", i, u->line);
    mdl_kernel *k = kernel(i);
    cr_assert_eq(k->core_count[0], counts[i]);
  }
  /* line numbers stay file-absolute across chunks */
  cr_assert_eq(inst(kernel(1), 0, 1)->loc.line, 8);
}

static const char mix[] =
    "module {\n"
    "  func.func @x_mix_aic(%arg0: memref<16xf16, " GM ">) {\n"
    "    hivm.hir.sync_block_set[<CUBE>, <PIPE_FIX>, <PIPE_V>] flag = 1\n"
    "    return\n"
    "  }\n"
    "  func.func @x_mix_aiv(%arg0: memref<16xf16, " GM ">) {\n"
    "    %i = hivm.hir.get_sub_block_idx -> i64\n"
    "    hivm.hir.sync_block_wait[<CUBE>, <PIPE_FIX>, <PIPE_V>] flag = 1\n"
    "    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %i]\n"
    "    return\n"
    "  }\n"
    "}\n";

Test(frontend, mix_pairing_gives_three_cores) {
  parse(mix, 1);
  mdl_kernel *k = kernel(0);
  cr_assert_eq(k->kind, MDL_KIND_MIX);
  cr_assert_str_eq(k->name, "x_mix_aic+x_mix_aiv");
  cr_assert_eq(k->ncores, 3);
  cr_assert_eq(k->cores[0].type, MDL_CORE_AIC);
  cr_assert_eq(k->cores[1].type, MDL_CORE_AIV);
  cr_assert_eq(k->cores[2].type, MDL_CORE_AIV);
  cr_assert_str_eq(k->cores[0].label, "AIC");
  cr_assert_str_eq(k->cores[1].label, "AIV0");
  cr_assert_str_eq(k->cores[2].label, "AIV1");
  cr_assert_eq(k->cores[1].sub_block, 0);
  cr_assert_eq(k->cores[2].sub_block, 1);
  cr_assert_str_eq(k->cores[0].fn->name, "x_mix_aic");
  cr_assert_str_eq(k->cores[1].fn->name, "x_mix_aiv");
  cr_assert_eq(k->cores[1].fn, k->cores[2].fn);
  cr_assert_eq(k->core_count[0], 1);
  cr_assert_eq(k->core_count[1], 2);
  cr_assert_eq(k->core_count[2], 2);
  cr_assert_eq(inst(k, 0, 0)->kind, MDL_I_BSET);
  cr_assert_eq(inst(k, 0, 0)->core, 0);
  cr_assert_eq(inst(k, 1, 0)->kind, MDL_I_BWAIT);
  cr_assert_eq(inst(k, 1, 0)->core, 1);
  cr_assert_eq(inst(k, 2, 0)->core, 2);
  /* get_sub_block_idx is 0 on AIV0 and 1 on AIV1 */
  cr_assert_eq(inst(k, 1, 1)->id, 0);
  cr_assert_eq(inst(k, 2, 1)->id, 1);
}

/* ---------------------------------------------------- scalar folding */

static const char arith[] =
    "#map = affine_map<(d0)[s0] -> (d0 * 4 + s0)>\n"
    "func.func @ar() {\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c2 = arith.constant 2 : index\n"
    "  %c7 = arith.constant 7 : i64\n"
    "  %c10 = arith.constant 10 : i64\n"
    "  %cm7 = arith.constant -7 : i64\n"
    "  %c2_i64 = arith.constant 2 : i64\n"
    "  %c3_i64 = arith.constant 3 : i64\n"
    "  %a = arith.addi %c2_i64, %c3_i64 : i64\n"          /* 5 */
    "  %m = arith.muli %c2_i64, %c3_i64 : i64\n"          /* 6 */
    "  %d = arith.divsi %c7, %c2_i64 : i64\n"             /* 3 */
    "  %r = arith.remsi %c7, %c3_i64 : i64\n"             /* 1 */
    "  %lt = arith.cmpi slt, %c2_i64, %c3_i64 : i64\n"    /* true */
    "  %s = arith.select %lt, %c7, %c2_i64 : i64\n"       /* 7 */
    "  %ge = arith.cmpi sge, %c2_i64, %c3_i64 : i64\n"    /* false */
    "  %s2 = arith.select %ge, %c7, %c2_i64 : i64\n"      /* 2 */
    "  %nd = arith.divsi %cm7, %c2_i64 : i64\n"           /* -3 */
    "  %nd2 = arith.addi %nd, %c10 : i64\n"               /* 7 */
    "  %nr = arith.remsi %cm7, %c3_i64 : i64\n"           /* -1 */
    "  %nr2 = arith.addi %nr, %c2_i64 : i64\n"            /* 1 */
    "  %ap = affine.apply #map(%c1)[%c2]\n"               /* 6 */
    "  %api = arith.index_cast %ap : index to i64\n"
    "  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %a]\n"
    "  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %m]\n"
    "  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %d]\n"
    "  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %r]\n"
    "  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %s]\n"
    "  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %s2]\n"
    "  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %nd2]\n"
    "  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %nr2]\n"
    "  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %api]\n"
    "  return\n"
    "}\n";

Test(frontend, arith_and_affine_fold_to_concrete_event_ids) {
  parse(arith, 1);
  mdl_kernel *k = kernel(0);
  const int32_t want[] = {5, 6, 3, 1, 7, 2, 7, 1, 6};
  uint32_t n = sizeof want / sizeof want[0];
  cr_assert_eq(k->core_count[0], n);
  for (uint32_t i = 0; i < n; i++) {
    const mdl_inst *in = inst(k, 0, i);
    cr_assert_eq(in->kind, MDL_I_SET);
    cr_assert_eq(in->id, want[i], "set_flag #%u: id %d, expected %d", i,
                 in->id, want[i]);
  }
}

/* ------------------------------------------------------------ sync ops */

static const char flags[] =
    "func.func @fl(%arg0: i64) {\n"
    "  %e = arith.constant 2 : i64\n"
    "  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID3>]\n"
    "  hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID3>]\n"
    "  hivm.hir.set_flag [#hivm.pipe<PIPE_V>, #hivm.pipe<PIPE_MTE3>,"
    " #hivm.event<EVENT_ID5>]\n"
    "  hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, %e]\n"
    "  hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, %arg0]\n"
    "  hivm.hir.pipe_barrier[<PIPE_ALL>]\n"
    "  return\n"
    "}\n";

Test(frontend, set_wait_flag_static_and_ssa_ids) {
  parse(flags, 1);
  mdl_kernel *k = kernel(0);
  cr_assert_eq(k->core_count[0], 6);
  const mdl_inst *s0 = inst(k, 0, 0);
  cr_assert_eq(s0->kind, MDL_I_SET);
  cr_assert_eq(s0->pipe, MDL_PIPE_MTE2, "set executes on the src pipe");
  cr_assert_eq(s0->pipe2, MDL_PIPE_V);
  cr_assert_eq(s0->id, 3);
  cr_assert_not(s0->implicit);
  const mdl_inst *w0 = inst(k, 0, 1);
  cr_assert_eq(w0->kind, MDL_I_WAIT);
  cr_assert_eq(w0->pipe, MDL_PIPE_V, "wait executes on the dst pipe");
  cr_assert_eq(w0->pipe2, MDL_PIPE_MTE2);
  cr_assert_eq(w0->id, 3);
  const mdl_inst *s1 = inst(k, 0, 2);
  cr_assert_eq(s1->pipe, MDL_PIPE_V);
  cr_assert_eq(s1->pipe2, MDL_PIPE_MTE3);
  cr_assert_eq(s1->id, 5);
  const mdl_inst *w1 = inst(k, 0, 3);
  cr_assert_eq(w1->kind, MDL_I_WAIT);
  cr_assert_eq(w1->id, 2, "SSA id from a constant");
  const mdl_inst *s2 = inst(k, 0, 4);
  cr_assert_eq(s2->kind, MDL_I_SET);
  cr_assert_eq(s2->id, -1, "SSA id from an argument is symbolic");
  const mdl_inst *br = inst(k, 0, 5);
  cr_assert_eq(br->kind, MDL_I_BARRIER);
  cr_assert_eq(br->pipe, MDL_PIPE_ALL);
}

static const char blocks[] =
    "func.func @bs() {\n"
    "  %f = arith.constant 4 : i64\n"
    "  hivm.hir.sync_block_set[<CUBE>, <PIPE_FIX>, <PIPE_V>] flag = 1\n"
    "    sync_instr_mode = #hivm.sync_block_instr_mode"
    "<INTER_BLOCK_SYNCHRONIZATION>\n"
    "  hivm.hir.sync_block_wait[<CUBE>, <PIPE_M>, <PIPE_V>] flag = %f\n"
    "  hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE3>, <PIPE_MTE2>]"
    " flag = 7 sync_instr_mode = #hivm.sync_block_instr_mode"
    "<INTER_SUBBLOCK_SYNCHRONIZATION>\n"
    "  return\n"
    "}\n";

Test(frontend, sync_block_set_wait_flag_and_mode) {
  parse(blocks, 1);
  mdl_kernel *k = kernel(0);
  cr_assert_eq(k->core_count[0], 3);
  const mdl_inst *a = inst(k, 0, 0);
  cr_assert_eq(a->kind, MDL_I_BSET);
  cr_assert_eq(a->pipe, MDL_PIPE_FIX);
  cr_assert_eq(a->pipe2, MDL_PIPE_V);
  cr_assert_eq(a->id, 1);
  cr_assert_eq(a->mode, MDL_XMODE_INTER_BLOCK);
  const mdl_inst *b = inst(k, 0, 1);
  cr_assert_eq(b->kind, MDL_I_BWAIT);
  cr_assert_eq(b->pipe, MDL_PIPE_V, "wait blocks the wait pipe");
  cr_assert_eq(b->pipe2, MDL_PIPE_M);
  cr_assert_eq(b->id, 4, "flag from an SSA constant");
  cr_assert_eq(b->mode, MDL_XMODE_INTRA_BLOCK, "default mode");
  const mdl_inst *c = inst(k, 0, 2);
  cr_assert_eq(c->kind, MDL_I_BSET);
  cr_assert_eq(c->pipe, MDL_PIPE_MTE3);
  cr_assert_eq(c->pipe2, MDL_PIPE_MTE2);
  cr_assert_eq(c->id, 7);
  cr_assert_eq(c->mode, MDL_XMODE_INTER_SUBBLOCK);
}

/* ------------------------------------------------------------ profiles */

Test(frontend, arch_selects_profile) {
  parse_arch(basic, MDL_ARCH_A5, 1);
  mdl_kernel *k = kernel(0);
  cr_assert_str_eq(k->prof->name, "a5");
  cr_assert_eq(k->prof->arch, MDL_ARCH_A5);
  cr_assert_eq(k->core_count[0], 3);
}

Test(frontend, model_helpers) {
  cr_assert_str_eq(mdl_pipe_name(MDL_PIPE_MTE2), "PIPE_MTE2");
  cr_assert_eq(mdl_pipe_parse("PIPE_V", 6), MDL_PIPE_V);
  cr_assert_eq(mdl_pipe_parse("PIPE_FOO", 8), -1);
  cr_assert_str_eq(mdl_rule_name(MDL_RULE_SYNTAX), "bad-input");
  cr_assert_eq(mdl_rule_severity(MDL_RULE_SYNTAX), MDL_SEV_ERROR);
  cr_assert_str_eq(mdl_severity_name(MDL_SEV_ERROR), "error");
  const mdl_profile *a2 = mdl_profile_get(MDL_ARCH_A2);
  cr_assert_str_eq(a2->name, "a2");
  cr_assert(mdl_core_has_pipe(a2, MDL_CORE_AIV, MDL_PIPE_V));
  cr_assert(mdl_core_has_pipe(a2, MDL_CORE_AIC, MDL_PIPE_M));
  cr_assert_not(mdl_core_has_pipe(a2, MDL_CORE_AIV, MDL_PIPE_M));
  cr_assert_not(mdl_core_has_pipe(a2, MDL_CORE_AIC, MDL_PIPE_V));
  cr_assert(mdl_cmp_fold(MDL_CMP_SLT, -1, 0));
  cr_assert_not(mdl_cmp_fold(MDL_CMP_ULT, -1, 0));
}

/* `call @f(...)` is the custom form of func.call inside func.func (the func
** dialect is the default there, as for `return`). */
static const char short_call[] =
    "func.func @helper(%b: " U16 ") {\n"
    "  hivm.hir.vabs ins(%b : " U16 ") outs(%b : " U16 ")\n"
    "  return\n"
    "}\n"
    "func.func @caller() {\n"
    "  %c64_i64 = arith.constant 64 : i64\n"
    "  %0 = hivm.hir.pointer_cast(%c64_i64) : " U16 "\n"
    "  func.call @helper(%0) : (" U16 ") -> ()\n"
    "  call @helper(%0) : (" U16 ") -> ()\n"
    "  return\n"
    "}\n";

Test(frontend, func_call_short_form_is_inlined) {
  parse(short_call, 1);
  mdl_kernel *k = kernel(0);
  cr_assert_str_eq(k->name, "caller");
  cr_assert_eq(k->core_count[0], 2, "both calls inlined, got %u instances",
               k->core_count[0]);
}

/* Access specs are fully initialised: with a poisoned stack (the state a
** worker thread or an earlier call can leave) a view is still accessed at
** its own range, not as its whole root buffer. */
static const char view_src[] =
    "func.func @v(%arg0: memref<256xf16, #hivm.address_space<gm>>) "
    "attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {\n"
    "  %c0 = arith.constant 0 : i64\n"
    "  %u = hivm.hir.pointer_cast(%c0) : memref<256xf16, "
    "#hivm.address_space<ub>>\n"
    "  %h = memref.subview %u[128] [128] [1] : memref<256xf16, "
    "#hivm.address_space<ub>> to memref<128xf16, strided<[1], offset: 128>, "
    "#hivm.address_space<ub>>\n"
    "  hivm.hir.vabs ins(%h : memref<128xf16, strided<[1], offset: 128>, "
    "#hivm.address_space<ub>>) outs(%h : memref<128xf16, strided<[1], "
    "offset: 128>, #hivm.address_space<ub>>)\n"
    "  return\n"
    "}\n";

static void __attribute__((noinline)) poison_stack(void) {
  volatile unsigned char junk[1 << 16];
  for (size_t i = 0; i < sizeof junk; i++)
    junk[i] = 0x7f;
}

Test(frontend, access_specs_initialised_under_poisoned_stack) {
  poison_stack();
  parse(view_src, 1);
  mdl_kernel *k = kernel(0);
  const mdl_inst *va = inst(k, 0, 0);
  cr_assert_eq(va->pipe, MDL_PIPE_V);
  check_acc(k, va, 0, "ub", MDL_ACC_READ, 256, 512);
  check_acc(k, va, 1, "ub", MDL_ACC_WRITE, 256, 512);
}

/* ------------------------------------------------- checker budgets */

#include "../checker/chk.h"

static const char redundant_src[] =
    "func.func @r() {\n"
    "  hivm.hir.pipe_barrier[<PIPE_V>]\n"
    "  hivm.hir.pipe_barrier[<PIPE_V>]\n"
    "  return\n"
    "}\n";

/* The graph engine's redundant-sync search has a work budget (sync
** statements x instances); past it the search is skipped and the verdict
** note says so instead of the kernel passing silently as clean. */
Test(frontend, redundant_search_past_budget_is_stated) {
  parse(redundant_src, 1);
  mdl_kernel *k = kernel(0);
  chk_options o;
  chk_options_default(&o);
  mdl_diags out = {0};
  char *note = NULL;
  mdl_verdict v = chk_graph(k, &o, &out, &note);
  cr_assert_eq(v, MDL_VERDICT_FINDINGS, "two barriers: one is redundant");
  cr_assert_null(note);
  free(note);
  mdl_diags_free(&out);
  memset(&out, 0, sizeof out);
  o.redundant_budget = 1;
  v = chk_graph(k, &o, &out, &note);
  cr_assert_eq(v, MDL_VERDICT_CLEAN);
  cr_assert_not_null(note);
  cr_assert(strstr(note, "redundant-sync search was skipped"), "%s", note);
  free(note);
  mdl_diags_free(&out);
}

/* ------------------------------------- W2: placement, memory, conflicts */

#define MIXATTR \
  " attributes {hacc.entry, hivm.func_core_type = " \
  "#hivm.func_core_type<MIX>}"
#define CB "#hivm.address_space<cbuf>"

/* Instances of statement line `line` on core c (counts them). */
static uint32_t insts_at_line(const mdl_kernel *k, uint32_t c, uint32_t line) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < k->core_count[c]; i++)
    if (inst(k, c, i)->loc.line == line)
      n++;
  return n;
}

/* The first instance of core c at line `line`. */
static const mdl_inst *inst_at_line(const mdl_kernel *k, uint32_t c,
                                    uint32_t line) {
  for (uint32_t i = 0; i < k->core_count[c]; i++)
    if (inst(k, c, i)->loc.line == line)
      return inst(k, c, i);
  cr_assert_fail("no instance at line %u on core %u", line, c);
  return NULL;
}

static const char place_src[] =
    "func.func @p(%g: memref<256xf16, " GM ">, %h: memref<256xf16, " GM
    ">, %o: memref<256xf32, " GM ">)" MIXATTR " {\n"                  /* 1 */
    "  %c0 = arith.constant 0 : i64\n"                                /* 2 */
    "  %i0 = arith.constant 0 : index\n"                              /* 3 */
    "  %c16 = arith.constant 16 : index\n"                            /* 4 */
    "  %t = arith.constant true\n"                                    /* 5 */
    "  %l1 = hivm.hir.pointer_cast(%c0) : memref<256xf16, " CB ">\n"  /* 6 */
    "  %u = hivm.hir.pointer_cast(%c0) : memref<256xf16, " UB ">\n"   /* 7 */
    "  hivm.hir.load ins(%g : memref<256xf16, " GM ">) outs(%l1 : "
    "memref<256xf16, " CB ">)\n"                                      /* 8 */
    "  hivm.hir.load ins(%g : memref<256xf16, " GM ">) outs(%u : "
    "memref<256xf16, " UB ">)\n"                                      /* 9 */
    "  hivm.hir.store ins(%l1 : memref<256xf16, " CB ">) outs(%h : "
    "memref<256xf16, " GM ">)\n"                                      /* 10 */
    "  %x = memref.load %g[%i0] : memref<256xf16, " GM ">\n"          /* 11 */
    "  %y = memref.load %g[%i0] {hivm.tcore_type = "
    "#hivm.tcore_type<CUBE>} : memref<256xf16, " GM ">\n"             /* 12 */
    "  %e0 = tensor.empty() : tensor<256xf16>\n"                      /* 13 */
    "  %a = hivm.hir.load ins(%g : memref<256xf16, " GM ">) outs(%e0 : "
    "tensor<256xf16>) -> tensor<256xf16>\n"                           /* 14 */
    "  %e1 = tensor.empty() : tensor<256xf16>\n"                      /* 15 */
    "  %v = hivm.hir.vexp ins(%a : tensor<256xf16>) outs(%e1 : "
    "tensor<256xf16>) -> tensor<256xf16>\n"                           /* 16 */
    "  %e2 = tensor.empty() : tensor<256xf16>\n"                      /* 17 */
    "  %b = hivm.hir.load ins(%h : memref<256xf16, " GM ">) outs(%e2 : "
    "tensor<256xf16>) -> tensor<256xf16>\n"                           /* 18 */
    "  %e3 = tensor.empty() : tensor<16x16xf32>\n"                    /* 19 */
    "  %m = hivm.hir.mmadL1 ins(%b, %b, %t, %c16, %c16, %c16 : "
    "tensor<256xf16>, tensor<256xf16>, i1, index, index, index) outs(%e3 : "
    "tensor<16x16xf32>) -> tensor<16x16xf32>\n"                       /* 20 */
    "  %e4 = tensor.empty() : tensor<256xf16>\n"                      /* 21 */
    "  %c = hivm.hir.load ins(%h : memref<256xf16, " GM ">) outs(%e4 : "
    "tensor<256xf16>) -> tensor<256xf16>\n"                           /* 22 */
    "  %d = hivm.hir.load {hivm.tcore_type = "
    "#hivm.tcore_type<CUBE_OR_VECTOR>} ins(%h : memref<256xf16, " GM
    ">) outs(%e4 : tensor<256xf16>) -> tensor<256xf16>\n"            /* 23 */
    "  return\n"
    "}\n";

/* Placement in one MIX function (SEMANTICS.md 1): load by the space it
** writes, store always VECTOR, an explicit hivm.tcore_type first, a load
** into a tensor by the core of its users (every core without one). */
Test(frontend, mix_function_placement) {
  parse(place_src, 1);
  mdl_kernel *k = kernel(0);
  cr_assert_eq(k->kind, MDL_KIND_MIX);
  const uint32_t aic = 0, aiv0 = 1, aiv1 = 2;
  /* load into cbuf: CUBE; into ub: VECTOR */
  cr_assert_eq(insts_at_line(k, aic, 8), 1);
  cr_assert_eq(insts_at_line(k, aiv0, 8), 0);
  cr_assert_eq(insts_at_line(k, aic, 9), 0);
  cr_assert_eq(insts_at_line(k, aiv0, 9), 1);
  cr_assert_eq(insts_at_line(k, aiv1, 9), 1);
  /* store reading cbuf: still VECTOR */
  cr_assert_eq(insts_at_line(k, aic, 10), 0);
  cr_assert_eq(insts_at_line(k, aiv0, 10), 1);
  /* a scalar GM read runs everywhere, unless an attribute says CUBE */
  cr_assert_eq(insts_at_line(k, aic, 11), 1);
  cr_assert_eq(insts_at_line(k, aiv0, 11), 1);
  cr_assert_eq(insts_at_line(k, aic, 12), 1);
  cr_assert_eq(insts_at_line(k, aiv0, 12), 0);
  cr_assert_eq(insts_at_line(k, aiv1, 12), 0);
  /* load into a tensor: the vexp reads it (VECTOR), the mmadL1 reads
     the other (CUBE), nothing reads the third (every core) */
  cr_assert_eq(insts_at_line(k, aic, 14), 0);
  cr_assert_eq(insts_at_line(k, aiv0, 14), 1);
  cr_assert_eq(insts_at_line(k, aic, 18), 1);
  cr_assert_eq(insts_at_line(k, aiv0, 18), 0);
  cr_assert_eq(insts_at_line(k, aic, 22), 1);
  cr_assert_eq(insts_at_line(k, aiv0, 22), 1);
  /* CUBE_OR_VECTOR: every core with the op's pipe (MTE2: all three) */
  cr_assert_eq(insts_at_line(k, aic, 23), 1);
  cr_assert_eq(insts_at_line(k, aiv1, 23), 1);
  /* no get_sub_block_idx: one logical vector program */
  cr_assert(k->aiv_one_program);
}

static const char loopcore_src[] =
    "func.func @lc(%g: memref<256xf16, " GM ">)" MIXATTR " {\n"      /* 1 */
    "  %i0 = arith.constant 0 : index\n"                             /* 2 */
    "  %i1 = arith.constant 1 : index\n"                             /* 3 */
    "  %i2 = arith.constant 2 : index\n"                             /* 4 */
    "  %r = scf.for %i = %i0 to %i2 step %i1 iter_args(%a = %i0) -> "
    "(index) {\n"                                                    /* 5 */
    "    %x = memref.load %g[%i] : memref<256xf16, " GM ">\n"        /* 6 */
    "    %n = arith.addi %a, %i1 : index\n"                          /* 7 */
    "    scf.yield %n : index\n"                                     /* 8 */
    "  } {hivm.loop_core_type = #hivm.tcore_type<CUBE>}\n"           /* 9 */
    "  %e = arith.index_cast %r : index to i64\n"                    /* 10 */
    "  hivm.hir.pipe_barrier[<PIPE_ALL>]\n"                          /* 11 */
    "  hivm.hir.set_flag[<PIPE_S>, <PIPE_MTE2>, %e]\n"               /* 12 */
    "  %s = hivm.hir.get_sub_block_idx -> i64\n"                     /* 13 */
    "  return\n"
    "}\n";

/* hivm.loop_core_type in a MIX function: the body runs on that core
** type; on the other the loop runs no iteration and yields its inits,
** as the compiler's split leaves it there. */
Test(frontend, mix_loop_core_type) {
  parse(loopcore_src, 1);
  mdl_kernel *k = kernel(0);
  cr_assert_eq(insts_at_line(k, 0, 6), 2);
  cr_assert_eq(insts_at_line(k, 1, 6), 0);
  cr_assert_eq(insts_at_line(k, 2, 6), 0);
  cr_assert_eq(inst_at_line(k, 0, 12)->id, 2);
  cr_assert_eq(inst_at_line(k, 1, 12)->id, 0);
  /* get_sub_block_idx read: both AIVs run the code as written */
  cr_assert_not(k->aiv_one_program);
}

static const char ws_src[] =
    "func.func @w(%ws: memref<?xi8>, %g: memref<?xf32>)" MIXATTR " {\n"
    "  %c1024 = arith.constant 1024 : index\n"                        /* 2 */
    "  %v = memref_ext.alloc_workspace() from %ws offset = [%c1024] : "
    "from memref<?xi8> to memref<16x16xf32>\n"                        /* 3 */
    "  %t = bufferization.to_tensor %v restrict writable : "
    "memref<16x16xf32>\n"                                             /* 4 */
    "  %e = tensor.empty() : tensor<16x16xf32>\n"                     /* 5 */
    "  %l = hivm.hir.load ins(%t : tensor<16x16xf32>) outs(%e : "
    "tensor<16x16xf32>) -> tensor<16x16xf32>\n"                       /* 6 */
    "  %s = tensor.extract_slice %t[8, 0] [8, 16] [1, 1] : "
    "tensor<16x16xf32> to tensor<8x16xf32>\n"                         /* 7 */
    "  %e2 = tensor.empty() : tensor<8x16xf32>\n"                     /* 8 */
    "  %x = hivm.hir.vexp ins(%s : tensor<8x16xf32>) outs(%e2 : "
    "tensor<8x16xf32>) -> tensor<8x16xf32>\n"                         /* 9 */
    "  %st = hivm.hir.store ins(%x : tensor<8x16xf32>) outs(%t : "
    "tensor<16x16xf32>) -> tensor<16x16xf32>\n"                       /* 10 */
    "  %l2 = hivm.hir.load ins(%st : tensor<16x16xf32>) outs(%e : "
    "tensor<16x16xf32>) -> tensor<16x16xf32>\n"                       /* 11 */
    "  return\n"
    "}\n";

/* alloc_workspace is a view of [offset, offset + size) of its workspace
** argument, with no access of its own; tensors name the memory behind
** them (to_tensor, slices, destination-style results), tensor.empty
** none. */
Test(frontend, workspace_and_tensor_aliases) {
  parse(ws_src, 1);
  mdl_kernel *k = kernel(0);
  const uint32_t aiv0 = 1;
  for (uint32_t c = 0; c < 3; c++)
    cr_assert_eq(insts_at_line(k, c, 3), 0, "alloc_workspace: no access");
  const mdl_inst *l = inst_at_line(k, aiv0, 6);
  cr_assert_eq(l->nacc, 1, "the load reads the workspace, writes no memory");
  check_acc(k, l, 0, "gm:%ws", MDL_ACC_READ, 1024, 2048);
  const mdl_inst *x = inst_at_line(k, aiv0, 9);
  cr_assert_eq(x->nacc, 1);
  check_acc(k, x, 0, "gm:%ws", MDL_ACC_READ, 1024 + 512, 2048);
  const mdl_inst *st = inst_at_line(k, aiv0, 10);
  cr_assert_eq(st->nacc, 1);
  check_acc(k, st, 0, "gm:%ws", MDL_ACC_WRITE, 1024, 2048);
  /* the store's result is its destination again */
  check_acc(k, inst_at_line(k, aiv0, 11), 0, "gm:%ws", MDL_ACC_READ, 1024,
            2048);
}

static const char halves_src[] =
    "func.func @h(%g: memref<16x16xf16, " GM ">) {\n"
    "  %c0 = arith.constant 0 : i64\n"                                /* 2 */
    "  %t = hivm.hir.pointer_cast(%c0) : memref<16x32xf16, " UB ">\n" /* 3 */
    "  %l = memref.subview %t[0, 0] [16, 16] [1, 1] : memref<16x32xf16, " UB
    "> to memref<16x16xf16, strided<[32, 1]>, " UB ">\n"              /* 4 */
    "  %r = memref.subview %t[0, 16] [16, 16] [1, 1] : memref<16x32xf16, " UB
    "> to memref<16x16xf16, strided<[32, 1], offset: 16>, " UB ">\n"  /* 5 */
    "  %m = memref.subview %t[0, 8] [16, 16] [1, 1] : memref<16x32xf16, " UB
    "> to memref<16x16xf16, strided<[32, 1], offset: 8>, " UB ">\n"   /* 6 */
    "  %q = memref.subview %r[8, 0] [8, 8] [1, 1] : memref<16x16xf16, "
    "strided<[32, 1], offset: 16>, " UB "> to memref<8x8xf16, "
    "strided<[32, 1], offset: 272>, " UB ">\n"                        /* 7 */
    "  %tt = bufferization.to_tensor %t : memref<16x32xf16, " UB ">\n" /* 8 */
    "  %tl = tensor.extract_slice %tt[0, 0] [16, 16] [1, 1] : "
    "tensor<16x32xf16> to tensor<16x16xf16>\n"                        /* 9 */
    "  hivm.hir.load ins(%g : memref<16x16xf16, " GM ">) outs(%l : "
    "memref<16x16xf16, strided<[32, 1]>, " UB ">)\n"                  /* 10 */
    "  hivm.hir.load ins(%g : memref<16x16xf16, " GM ">) outs(%r : "
    "memref<16x16xf16, strided<[32, 1], offset: 16>, " UB ">)\n"      /* 11 */
    "  hivm.hir.load ins(%g : memref<16x16xf16, " GM ">) outs(%m : "
    "memref<16x16xf16, strided<[32, 1], offset: 8>, " UB ">)\n"       /* 12 */
    "  hivm.hir.load ins(%g : memref<16x16xf16, " GM ">) outs(%q : "
    "memref<8x8xf16, strided<[32, 1], offset: 272>, " UB ">)\n"       /* 13 */
    "  %e = tensor.empty() : tensor<16x16xf16>\n"                     /* 14 */
    "  %x = hivm.hir.vexp ins(%tl : tensor<16x16xf16>) outs(%e : "
    "tensor<16x16xf16>) -> tensor<16x16xf16>\n"                       /* 15 */
    "  return\n"
    "}\n";

/* Two subviews of one buffer overlap only if they overlap in every
** dimension: mdl_access_overlap on the index boxes, past the byte hulls
** (the column halves of a row-major tile have overlapping hulls). */
Test(frontend, subview_boxes_overlap_per_dimension) {
  parse(halves_src, 1);
  mdl_kernel *k = kernel(0);
  const mdl_access *l = acc(k, inst_at_line(k, 0, 10), 1);
  const mdl_access *r = acc(k, inst_at_line(k, 0, 11), 1);
  const mdl_access *m = acc(k, inst_at_line(k, 0, 12), 1);
  const mdl_access *q = acc(k, inst_at_line(k, 0, 13), 1);
  const mdl_access *tl = acc(k, inst_at_line(k, 0, 15), 0);
  /* byte hulls: left [0, 0x3e0), right [0x20, 0x400) */
  cr_assert_eq(l->lo, 0);
  cr_assert_eq(l->hi, 0x3e0);
  cr_assert_eq(r->lo, 0x20);
  cr_assert_eq(r->hi, 0x400);
  cr_assert(l->box && r->box && m->box && q->box && tl->box);
  cr_assert_not(mdl_access_overlap(k, l, r), "column halves are disjoint");
  cr_assert_not(mdl_access_overlap(k, r, l));
  cr_assert(mdl_access_overlap(k, l, m), "columns 8..15 are common");
  cr_assert(mdl_access_overlap(k, m, r), "columns 16..23 are common");
  /* a subview of the right half (rows 8..15, columns 16..23) */
  cr_assert_eq(q->lo, 272 * 2);
  cr_assert_not(mdl_access_overlap(k, l, q));
  cr_assert(mdl_access_overlap(k, r, q));
  cr_assert(mdl_access_overlap(k, m, q));
  /* a tensor slice of the same tile is compared in the same root */
  cr_assert_eq(tl->lo, 0);
  cr_assert_eq(tl->hi, 0x3e0);
  cr_assert(mdl_access_overlap(k, l, tl));
  cr_assert_not(mdl_access_overlap(k, r, tl));
  /* the byte range a report shows: the hull of the common box */
  int64_t lo, hi;
  mdl_access_common(k, l, m, &lo, &hi);
  cr_assert_eq(lo, 8 * 2);
  cr_assert_eq(hi, (15 * 32 + 15) * 2 + 2);
  /* the rule: two loads write common bytes on one DMA pipe */
  uint32_t il = inst_at_line(k, 0, 10) - mdl_inst_at(k, 0);
  uint32_t ir = inst_at_line(k, 0, 11) - mdl_inst_at(k, 0);
  uint32_t im = inst_at_line(k, 0, 12) - mdl_inst_at(k, 0);
  cr_assert_eq(mdl_conflict_rule(k, il, l, ir, r), -1);
  cr_assert_eq(mdl_conflict_rule(k, il, l, im, m), MDL_RULE_PIPE_HAZARD);
}

static const char ploop_src[] =
    "func.func @pl(%g: memref<512xf16, " GM ">) {\n"
    "  %c0 = arith.constant 0 : i64\n"                                /* 2 */
    "  %i0 = arith.constant 0 : index\n"                              /* 3 */
    "  %i1 = arith.constant 1 : index\n"                              /* 4 */
    "  %i2 = arith.constant 2 : index\n"                              /* 5 */
    "  %u = hivm.hir.pointer_cast(%c0) : memref<128xf16, " UB ">\n"   /* 6 */
    "  scf.for %o = %i0 to %i2 step %i1 {\n"                          /* 7 */
    "    scf.for %i = %i0 to %i2 step %i1 {\n"                        /* 8 */
    "      hivm.hir.load ins(%g : memref<512xf16, " GM ">) outs(%u : "
    "memref<128xf16, " UB ">)\n"                                      /* 9 */
    "    } {hivm.parallel_loop}\n"                                    /* 10 */
    "  }\n"                                                           /* 11 */
    "  return\n"
    "}\n";

/* {hivm.parallel_loop}: accesses of different iterations of one
** execution of the loop conflict under parallel-loop-conflict; two
** executions of it (iterations of the outer loop) are not covered. */
Test(frontend, parallel_loop_iterations) {
  parse(ploop_src, 1);
  mdl_kernel *k = kernel(0);
  cr_assert_eq(k->core_count[0], 4);
  const mdl_inst *a = inst(k, 0, 0), *b = inst(k, 0, 1), *c = inst(k, 0, 2);
  const mdl_stmt *pl = mdl_parallel_iters(k, a, b);
  cr_assert_not_null(pl);
  cr_assert_eq(pl->loc.line, 8);
  cr_assert_null(mdl_parallel_iters(k, a, c), "other outer iteration");
  cr_assert_null(mdl_parallel_iters(k, b, c));
  cr_assert_eq(mdl_conflict_rule(k, 0, acc(k, a, 1), 1, acc(k, b, 1)),
               MDL_RULE_PARALLEL_LOOP);
  cr_assert_eq(mdl_conflict_rule(k, 0, acc(k, a, 1), 2, acc(k, c, 1)),
               MDL_RULE_PIPE_HAZARD);
  cr_assert_eq(mdl_conflict_rule(k, 0, acc(k, a, 0), 1, acc(k, b, 0)), -1,
               "two reads do not conflict");
}

static const char oneprog_src[] =
    "func.func @op(%g: memref<256xf16, " GM ">, %h: memref<256xf16, " GM
    ">)" MIXATTR " {\n"
    "  %c0 = arith.constant 0 : i64\n"
    "  %u = hivm.hir.pointer_cast(%c0) : memref<256xf16, " UB ">\n"
    "  hivm.hir.store ins(%u : memref<256xf16, " UB ">) outs(%h : "
    "memref<256xf16, " GM ">)\n"
    "  return\n"
    "}\n";

/* One logical vector program: the AIV0 and AIV1 instances never
** conflict with each other (mdl_insts_may_conflict, mdl_conflict_rule). */
Test(frontend, aiv_one_program_pairs) {
  parse(oneprog_src, 1);
  mdl_kernel *k = kernel(0);
  cr_assert(k->aiv_one_program);
  cr_assert_eq(k->core_count[0], 0);
  const mdl_inst *s0 = inst(k, 1, 0), *s1 = inst(k, 2, 0);
  uint32_t i0 = k->core_first[1], i1 = k->core_first[2];
  cr_assert_not(mdl_insts_may_conflict(k, i0, i1));
  cr_assert_eq(mdl_conflict_rule(k, i0, acc(k, s0, 1), i1, acc(k, s1, 1)),
               -1);
  k->aiv_one_program = false; /* as once sub-block indices are read */
  cr_assert(mdl_insts_may_conflict(k, i0, i1));
  cr_assert_eq(mdl_conflict_rule(k, i0, acc(k, s0, 1), i1, acc(k, s1, 1)),
               MDL_RULE_XCORE_RACE);
}

static const char union_src[] =
    "func.func @u(%g: memref<256xf32, " GM ">, %c: i1) {\n"
    "  %a = memref.alloc() : memref<256xf32, " UB ">\n"                 /* 2 */
    "  %b = memref.alloc() : memref<256xf32, " UB ">\n"                 /* 3 */
    "  %t = scf.if %c -> (tensor<256xf32>) {\n"                        /* 4 */
    "    %x = bufferization.to_tensor %a : memref<256xf32, " UB ">\n"   /* 5 */
    "    scf.yield %x : tensor<256xf32>\n"
    "  } else {\n"
    "    %y = bufferization.to_tensor %b : memref<256xf32, " UB ">\n"   /* 8 */
    "    scf.yield %y : tensor<256xf32>\n"
    "  }\n"
    "  hivm.hir.store ins(%t : tensor<256xf32>) outs(%g : memref<256xf32, "
    GM ">)\n"                                                          /* 11 */
    "  return\n"
    "}\n";

/* A tensor an unknown branch chose between two buffers names both: an
** access through it touches each (it was an `unknown` limit before). */
Test(frontend, union_of_memories_accesses_each) {
  parse(union_src, 1);
  mdl_kernel *k = kernel(0);
  const mdl_inst *st = inst_at_line(k, 0, 11);
  cr_assert_eq(st->nacc, 3, "the store reads both buffers, writes GM");
  const char *m0 = mdl_memory_at(k, acc(k, st, 0)->mem)->name;
  const char *m1 = mdl_memory_at(k, acc(k, st, 1)->mem)->name;
  cr_assert(strstr(m0, "%a") || strstr(m0, "%b"), "%s", m0);
  cr_assert(strstr(m1, "%a") || strstr(m1, "%b"), "%s", m1);
  cr_assert_neq(acc(k, st, 0)->mem, acc(k, st, 1)->mem);
}

/* ------------------------------------------------------------ languages */

/* fe_lang_of_path tells the language by the extension only: the Ascend C
** ones, everything else (.mlir, none, a dot in a directory) HIVM. */
Test(frontend, lang_of_path_by_extension) {
  static const char *const cxx[] = {"k.cpp", "a/b.cc", "k.cxx", "k.h",
                                    "inc/k.hpp", "k.asc", "./x.y/k.cce"};
  for (size_t i = 0; i < sizeof cxx / sizeof cxx[0]; i++)
    cr_expect_eq(fe_lang_of_path(cxx[i]), FE_LANG_ASCENDC, "%s", cxx[i]);
  static const char *const hivm[] = {"k.mlir", "k", "a.cpp/k", "k.cpp.mlir",
                                     "k.CPP", "k.c", ".h.d/kernel"};
  for (size_t i = 0; i < sizeof hivm / sizeof hivm[0]; i++)
    cr_expect_eq(fe_lang_of_path(hivm[i]), FE_LANG_HIVM, "%s", hivm[i]);
}

/* A valid HIVM kernel in a .cpp file is not read as MLIR but as C++: a
** located syntax error, and one error unit without a kernel. */
Test(frontend, ascendc_reads_cpp_files_as_cpp) {
  const char *src = "func.func @k() {\n  return\n}\n";
  nsyntax = fe_parse_file("k.cpp", src, strlen(src), FE_ARCH_TARGET, &units,
                          &diags);
  cr_assert_geq(nsyntax, 1);
  cr_assert_geq(diags.errors, 1);
  const mdl_diag *d = &MDL_VEC_AT(diags.items, mdl_diag, 0);
  cr_expect_eq(d->line, 1);
  cr_expect_eq(d->col, 1);
  cr_expect(strstr(d->message, "syntax error"), "%s", d->message);
  cr_assert_eq(units.len, 1);
  cr_expect(MDL_VEC_AT(units, fe_unit, 0).error);
  cr_expect_null(MDL_VEC_AT(units, fe_unit, 0).k);
  /* the same text as .mlir is a kernel */
  teardown();
  parse_arch(src, MDL_ARCH_A2, 1);
}
