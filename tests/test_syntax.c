/*
** test_syntax.c -- frontend and model tests of issue 16's syntax and
** contracts (linked into test_frontend): the mmad library's M->MTE1
** handshake on both profiles, the profile from hacc.target, attribute
** dictionaries that span lines or follow a region, cf.br / cf.cond_br /
** cf.switch lowered path by path, and the generic op form.
*/
#include <criterion/criterion.h>

#include "../frontend/fe.h"
#include "../model/mdl.h"

#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static mdl_vec units;
static mdl_diags diags;
static uint32_t nsyntax;

static void fini(void) {
  fe_units_free(&units);
  mdl_diags_free(&diags);
  memset(&units, 0, sizeof units);
  memset(&diags, 0, sizeof diags);
  nsyntax = 0;
}

TestSuite(syntax, .fini = fini, .timeout = 20);

static const char *first_msg(void) {
  return diags.items.len ? MDL_VEC_AT(diags.items, mdl_diag, 0).message
                         : "(none)";
}

/* Parses src for arch (an mdl_arch, or FE_ARCH_TARGET); no errors. */
static void parse_ok(const char *src, int arch, uint32_t nunits) {
  fini();
  nsyntax = fe_parse_file("s.mlir", src, strlen(src), arch, &units, &diags);
  cr_assert_eq(nsyntax, 0, "syntax errors: %u (first: %s)", nsyntax,
               first_msg());
  cr_assert_eq(diags.errors, 0, "errors: %u (first: %s)", diags.errors,
               first_msg());
  cr_assert_eq(units.len, nunits, "expected %u units, got %u", nunits,
               units.len);
}

/* Parses src, which must give a located error whose text holds what. */
static void parse_err(const char *src, const char *what) {
  fini();
  nsyntax = fe_parse_file("s.mlir", src, strlen(src), MDL_ARCH_A2, &units,
                          &diags);
  bool found = false;
  for (uint32_t i = 0; i < diags.items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(diags.items, mdl_diag, i);
    if (d->severity == MDL_SEV_ERROR && d->line > 0 &&
        strstr(d->message, what))
      found = true;
  }
  cr_assert(found, "no located error with '%s' (first: %s)", what,
            first_msg());
}

/* Unit i, unrolled and self-checked. */
static mdl_kernel *unit(uint32_t i) {
  fe_unit *u = &MDL_VEC_AT(units, fe_unit, i);
  cr_assert_not_null(u->k, "unit %s not built", u->name);
  if (!u->k->unrolled) {
    mdl_limits lim;
    mdl_limits_default(&lim);
    mdl_unroll(u->k, &lim);
    char err[1024] = "";
    cr_assert_eq(mdl_selfcheck(u->k, err, sizeof err), 0, "%s", err);
  }
  return u->k;
}

static const char *pipe_short(uint8_t p) {
  const char *n = mdl_pipe_name((mdl_pipe)p);
  return strncmp(n, "PIPE_", 5) ? n : n + 5;
}

/* The instances of core c as text, one word each: the executing pipe of
** an op; s/w, src>dst:id of a flag, then L for the mmad library's own
** syncs and I for those of sync_related_args. */
static char *seq(const mdl_kernel *k, uint32_t c) {
  static char buf[4096];
  size_t w = 0;
  buf[0] = 0;
  for (uint32_t i = k->core_first[c];
       i < k->core_first[c] + k->core_count[c] && w < sizeof buf - 64; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind == MDL_I_OP)
      w += (size_t)snprintf(buf + w, sizeof buf - w, "%s%s",
                            w ? " " : "", pipe_short(in->pipe));
    else if (in->kind == MDL_I_SET || in->kind == MDL_I_WAIT) {
      bool set = in->kind == MDL_I_SET;
      w += (size_t)snprintf(
          buf + w, sizeof buf - w, "%s%c%s>%s:%d%s", w ? " " : "",
          set ? 's' : 'w', pipe_short(set ? in->pipe : in->pipe2),
          pipe_short(set ? in->pipe2 : in->pipe), in->id,
          in->lib ? "L" : in->implicit ? "I" : "");
    } else
      w += (size_t)snprintf(buf + w, sizeof buf - w, "%s%s", w ? " " : "",
                            mdl_inst_kind_name(in->kind));
  }
  return buf;
}

/* ------------------------------------------------- the mmad library */

#define L1T "memref<256xf16, #hivm.address_space<cbuf>>"
#define L0C "memref<256xf32, #hivm.address_space<cc>>"

/* One AIC function around one mmad op line (%a1, %b1, %cc, %true, %c16
** and %cm1 (-1), %c0..%c3 (i64) defined). */
static char *cube_fn(const char *mmad) {
  static char b[4096];
  snprintf(b, sizeof b,
           "func.func @m() attributes {hivm.func_core_type = "
           "#hivm.func_core_type<AIC>} {\n"
           "  %%c0_i64 = arith.constant 0 : i64\n"
           "  %%c512_i64 = arith.constant 512 : i64\n"
           "  %%cm1 = arith.constant -1 : i64\n"
           "  %%c0 = arith.constant 0 : i64\n"
           "  %%c1 = arith.constant 1 : i64\n"
           "  %%c2 = arith.constant 2 : i64\n"
           "  %%c3 = arith.constant 3 : i64\n"
           "  %%c16 = arith.constant 16 : index\n"
           "  %%true = arith.constant true\n"
           "  %%a1 = hivm.hir.pointer_cast(%%c0_i64) : " L1T "\n"
           "  %%b1 = hivm.hir.pointer_cast(%%c512_i64) : " L1T "\n"
           "  %%cc = hivm.hir.pointer_cast(%%c0_i64) : " L0C "\n"
           "  %s\n"
           "  return\n"
           "}\n",
           mmad);
  return b;
}

#define MMAD_OPS                                                            \
  "ins(%a1, %b1, %true, %c16, %c16, %c16 : " L1T ", " L1T                   \
  ", i1, index, index, index) outs(%cc : " L0C ")"
#define ARGS7(a4, a5, a6)                                                   \
  " sync_related_args(%cm1, %cm1, %cm1, %cm1, " a4 ", " a5 ", " a6          \
  " : i64, i64, i64, i64, i64, i64, i64)"

Test(syntax, mmad_without_args_a2_presets_and_drains_itself) {
  parse_ok(cube_fn("hivm.hir.mmadL1 " MMAD_OPS), MDL_ARCH_A2, 1);
  cr_assert_str_eq(seq(unit(0), 0),
                   "sM>MTE1:0L sM>MTE1:1L wM>MTE1:0L wM>MTE1:1L MTE1 M "
                   "sM>MTE1:0L sM>MTE1:1L wM>MTE1:0L wM>MTE1:1L");
}

Test(syntax, mmad_without_args_a5_waits_without_preset) {
  parse_ok(cube_fn("hivm.hir.mmadL1 " MMAD_OPS), MDL_ARCH_A5, 1);
  cr_assert_str_eq(seq(unit(0), 0),
                   "wM>MTE1:0L wM>MTE1:1L MTE1 M sM>MTE1:0L sM>MTE1:1L");
}

Test(syntax, mmad_half_selects_one_given_event) {
  /* [4] = 1: half 1, its event [6] = 3; given ids: no own pre-set */
  parse_ok(cube_fn("hivm.hir.mmadL1 " MMAD_OPS ARGS7("%c1", "%c2", "%c3")),
           MDL_ARCH_A2, 1);
  mdl_kernel *k = unit(0);
  cr_assert_str_eq(seq(k, 0), "wM>MTE1:3L MTE1 M sM>MTE1:3L");
  /* and the MTE1 part writes L0A half 1 only */
  const mdl_inst *m1 = mdl_inst_at(k, k->core_first[0] + 1);
  bool half1 = false;
  for (uint32_t a = 0; a < m1->nacc; a++) {
    const mdl_access *x = mdl_access_at(k, m1->acc_first + a);
    if (!strcmp(mdl_memory_at(k, x->mem)->name, "ca"))
      half1 = x->lo == 32768 && x->hi == 65536;
  }
  cr_assert(half1, "the MTE1 part writes ca[0x8000, 0x10000)");
}

Test(syntax, mmad_alternating_half_uses_both_events) {
  /* [4] = -1, [5] = 2, [6] = -1: events 2 and EVENT_ID1; on a2 the op
     pre-sets and drains EVENT_ID1 (its -1 id) itself, not 2 */
  parse_ok(cube_fn("hivm.hir.mmadL1 " MMAD_OPS ARGS7("%cm1", "%c2", "%cm1")),
           MDL_ARCH_A2, 1);
  cr_assert_str_eq(seq(unit(0), 0),
                   "sM>MTE1:1L wM>MTE1:2L wM>MTE1:1L MTE1 M sM>MTE1:2L "
                   "sM>MTE1:1L wM>MTE1:1L");
}

Test(syntax, mmad_both_halves_on_one_event_wait_once) {
  parse_ok(cube_fn("hivm.hir.mmadL1 " MMAD_OPS ARGS7("%cm1", "%c3", "%c3")),
           MDL_ARCH_A5, 1);
  cr_assert_str_eq(seq(unit(0), 0), "wM>MTE1:3L MTE1 M sM>MTE1:3L");
}

Test(syntax, mmad_sync_related_args_stay_implicit_not_library) {
  /* [0] = 0: the MTE2->MTE1 wait of A (sync_related_args), beside the
     library's handshake on [5]/[6] */
  parse_ok(cube_fn("hivm.hir.mmadL1 " MMAD_OPS
                   " sync_related_args(%c0, %cm1, %cm1, %cm1, %c0, %c0, %c1"
                   " : i64, i64, i64, i64, i64, i64, i64)"),
           MDL_ARCH_A5, 1);
  cr_assert_str_eq(seq(unit(0), 0),
                   "wMTE2>MTE1:0I wM>MTE1:0L MTE1 M sM>MTE1:0L");
}

Test(syntax, batch_mmad_half_selects_its_event_and_l0_half) {
  /* the same id layout as mmadL1: [4] = 0 -> half 0, its event [5] = 2,
     and the L0 accesses of half 0, so the handshake covers them */
  parse_ok(cube_fn("hivm.hir.batchMmadL1 " MMAD_OPS
                   ARGS7("%c0", "%c2", "%c3")), MDL_ARCH_A5, 1);
  mdl_kernel *k = unit(0);
  cr_assert_str_eq(seq(k, 0), "wM>MTE1:2L MTE1 M sM>MTE1:2L");
  const mdl_inst *m1 = mdl_inst_at(k, k->core_first[0] + 1);
  for (uint32_t a = 0; a < m1->nacc; a++) {
    const mdl_access *x = mdl_access_at(k, m1->acc_first + a);
    if (!strcmp(mdl_memory_at(k, x->mem)->name, "cb"))
      cr_assert(x->lo == 0 && x->hi == 32768, "cb[0x0, 0x8000)");
  }
}

Test(syntax, batch_mmad_and_mmadmx_use_the_library_too) {
  parse_ok(cube_fn("hivm.hir.batchMmadL1 " MMAD_OPS), MDL_ARCH_A5, 1);
  cr_assert_str_eq(seq(unit(0), 0),
                   "wM>MTE1:0L wM>MTE1:1L MTE1 M sM>MTE1:0L sM>MTE1:1L");
  /* mmadmxL1: its 8 ids are MTE2<->MTE1 ones; the M->MTE1 handshake is
     always EVENT_ID0/1, pre-set by the op itself on a2 */
  parse_ok(cube_fn("hivm.hir.mmadmxL1 " MMAD_OPS), MDL_ARCH_A2, 1);
  cr_assert_str_eq(seq(unit(0), 0),
                   "sM>MTE1:0L sM>MTE1:1L wM>MTE1:0L wM>MTE1:1L MTE1 M "
                   "sM>MTE1:0L sM>MTE1:1L wM>MTE1:0L wM>MTE1:1L");
}

/* --------------------------------------------------------- hacc.target */

static char *target_mod(const char *attrs) {
  static char b[1024];
  snprintf(b, sizeof b,
           "module attributes {%s} {\n"
           "  func.func @k() attributes {hivm.func_core_type = "
           "#hivm.func_core_type<AIV>} {\n"
           "    return\n"
           "  }\n"
           "}\n",
           attrs);
  return b;
}

static const char *prof_of(const char *attrs, int arch) {
  parse_ok(target_mod(attrs), arch, 1);
  return MDL_VEC_AT(units, fe_unit, 0).k->prof->name;
}

Test(syntax, hacc_target_names_the_profile) {
  cr_assert_str_eq(prof_of("hacc.target = #hacc.target<\"Ascend910B4\">",
                           FE_ARCH_TARGET), "a2");
  cr_assert_str_eq(prof_of("hacc.target = #hacc.target<\"Ascend910_9362\">",
                           FE_ARCH_TARGET), "a2");
  cr_assert_str_eq(prof_of("hacc.target = #hacc.target<\"Ascend910_9589\">",
                           FE_ARCH_TARGET), "a5");
  cr_assert_str_eq(prof_of("hacc.target = #hacc.target<\"Ascend950PR_9579\">",
                           FE_ARCH_TARGET), "a5");
  cr_assert_str_eq(prof_of("hivm.module_core_type = "
                           "#hivm.module_core_type<MIX>", FE_ARCH_TARGET),
                   "a2", "no target: a2");
  /* the target spec's ARCH when there is no hacc.target */
  cr_assert_str_eq(prof_of("dlti.target_system_spec = "
                           "#dlti.target_system_spec<\"NPU\" : "
                           "#hacc.target_device_spec<#dlti.dl_entry<\"ARCH\", "
                           "\"dav-c310\">>>", FE_ARCH_TARGET), "a5");
  /* --arch overrides the target */
  cr_assert_str_eq(prof_of("hacc.target = #hacc.target<\"Ascend950PR_9589\">",
                           MDL_ARCH_A2), "a2");
  cr_assert_str_eq(prof_of("hacc.target = #hacc.target<\"Ascend910B4\">",
                           MDL_ARCH_A5), "a5");
}

Test(syntax, unknown_target_warns_and_checks_a2) {
  cr_assert_str_eq(prof_of("hacc.target = #hacc.target<\"Ascend310P3\">",
                           FE_ARCH_TARGET), "a2");
  cr_assert_eq(diags.warnings, 1);
  const mdl_diag *d = &MDL_VEC_AT(diags.items, mdl_diag, 0);
  cr_assert_eq(d->rule, MDL_RULE_UNSUPPORTED);
  cr_assert(strstr(d->message, "Ascend310P3") && d->line == 1, "%s",
            d->message);
  /* with --arch given the target is not read: no warning */
  prof_of("hacc.target = #hacc.target<\"Ascend310P3\">", MDL_ARCH_A5);
  cr_assert_eq(diags.warnings, 0);
}

Test(syntax, inner_module_target_wins) {
  parse_ok("module attributes {hacc.target = #hacc.target<\"Ascend910B4\">} {\n"
           "  module attributes {hacc.target = "
           "#hacc.target<\"Ascend950PR_9589\">} {\n"
           "    func.func @in() { return }\n"
           "  }\n"
           "  func.func @out() { return }\n"
           "}\n",
           FE_ARCH_TARGET, 2);
  cr_assert_str_eq(MDL_VEC_AT(units, fe_unit, 0).k->prof->name, "a5");
  cr_assert_str_eq(MDL_VEC_AT(units, fe_unit, 1).k->prof->name, "a2");
}

/* ----------------------------------------------- attribute dictionaries */

#define UBT "memref<256xf32, #hivm.address_space<ub>>"

static const char dicts[] =
    "func.func @d(%n: index) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant {tag = \"one\"} 1 : index\n"
    "  %c0_i64 = arith.constant 0 : i64\n"
    "  %ub = hivm.hir.pointer_cast(%c0_i64) : " UBT "\n"
    "  scf.for %i = %c0 to %n step %c1 {\n"
    "    hivm.hir.vabs {\n"
    "      hivm.part_of_mix\n"
    "    } ins(%ub : " UBT ") outs(%ub : " UBT ")\n"
    "    hivm.hir.pipe_barrier[<PIPE_V>]\n"
    "  } {\n"
    "    no_inline,\n"
    "    hivm.loop_core_type = #hivm.tcore_type<VECTOR>,\n"
    "    note = \"a } and a { in a \\\"string\\\"\"\n"
    "  }\n"
    "  scf.for %j = %c0 to %c1 step %c1 {\n"
    "    hivm.hir.set_mask_norm\n"
    "  } {}\n"
    "  hivm.hir.vabs {\n"
    "    a_flag,\n"
    "    b = 1 : i32\n"
    "  }\n"
    "      ins(%ub : " UBT ") outs(%ub : " UBT ")\n"
    "  return\n"
    "}\n";

Test(syntax, attribute_dictionaries_over_lines_and_after_regions) {
  parse_ok(dicts, MDL_ARCH_A5, 1);
  mdl_kernel *k = unit(0);
  /* the loop with an unknown trip runs vabs + barrier per iteration, the
     second loop (one iteration) only set_mask_norm (no instance), then
     the last vabs: every op was read as an op, no dictionary as a region */
  uint32_t nv = 0, nb = 0;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    nv += in->kind == MDL_I_OP;
    nb += in->kind == MDL_I_BARRIER;
  }
  cr_assert_eq(nv, nb + 1, "vabs per barrier, and one after: %u, %u", nv, nb);
  cr_assert_eq(diags.items.len, 0, "%s", first_msg());
}

/* --------------------------------------------------------------- cf CFGs */

static const char diamond[] =
    "func.func @c(%n: i32) {\n"
    "  %c0_i32 = arith.constant 0 : i32\n"
    "  %c0_i64 = arith.constant 0 : i64\n"
    "  %c1_i64 = arith.constant 1 : i64\n"
    "  %big = arith.cmpi sgt, %n, %c0_i32 : i32\n"
    "  cf.cond_br %big, ^bb1(%c0_i64 : i64), ^bb2\n"
    "^bb1(%x: i64):\n"
    "  hivm.hir.set_flag[<PIPE_S>, <PIPE_V>, %x]\n"
    "  cf.br ^bb3(%x : i64)\n"
    "^bb2:\n"
    "  hivm.hir.set_flag[<PIPE_S>, <PIPE_V>, <EVENT_ID1>]\n"
    "  cf.br ^bb3(%c1_i64 : i64)\n"
    "^bb3(%ev: i64):\n"
    "  hivm.hir.wait_flag[<PIPE_S>, <PIPE_V>, %ev]\n"
    "  return\n"
    "}\n";

Test(syntax, cond_br_diamond_is_an_if_with_the_join_arguments) {
  parse_ok(diamond, MDL_ARCH_A5, 1);
  mdl_kernel *k = MDL_VEC_AT(units, fe_unit, 0).k;
  const mdl_func *f = k->cores[0].fn;
  const mdl_stmt *ifs = NULL;
  for (const mdl_stmt *s = f->body.first; s; s = s->next)
    if (s->kind == MDL_S_IF)
      ifs = s;
  cr_assert_not_null(ifs, "the cond_br became an if");
  cr_assert_eq(ifs->u.cif.nres, 1, "the join's argument is its result");
  cr_assert_eq(ifs->u.cif.then_b.last->kind, MDL_S_SET);
  cr_assert_eq(ifs->u.cif.else_b.last->kind, MDL_S_SET);
  cr_assert_eq(ifs->next->kind, MDL_S_WAIT, "the join is built once, after");
  unit(0);
  cr_assert_str_eq(seq(k, 0), "sS>V:0 sS>V:1 wS>V:-1");
}

Test(syntax, switch_is_a_chain_of_ifs) {
  parse_ok("func.func @s(%m: i32) {\n"
           "  cf.switch %m : i32, [\n"
           "    default: ^bb3,\n"
           "    4: ^bb1,\n"
           "    -2: ^bb2\n"
           "  ]\n"
           "^bb1:\n"
           "  hivm.hir.pipe_barrier[<PIPE_V>]\n"
           "  cf.br ^bb3\n"
           "^bb2:\n"
           "  hivm.hir.pipe_barrier[<PIPE_MTE2>]\n"
           "  cf.br ^bb3\n"
           "^bb3:\n"
           "  return\n"
           "}\n",
           MDL_ARCH_A5, 1);
  const mdl_func *f = MDL_VEC_AT(units, fe_unit, 0).k->cores[0].fn;
  const mdl_stmt *s = f->body.last;
  cr_assert_eq(s->kind, MDL_S_IF, "case 4");
  cr_assert_eq(s->u.cif.then_b.first->kind, MDL_S_BARRIER);
  const mdl_stmt *e = s->u.cif.else_b.last;
  cr_assert_eq(e->kind, MDL_S_IF, "case -2, in the else of case 4");
  cr_assert_eq(e->u.cif.then_b.first->kind, MDL_S_BARRIER);
  cr_assert_eq(e->u.cif.else_b.count, 0, "default: straight to the join");
}

Test(syntax, multiple_returns_give_the_value_of_the_path) {
  parse_ok("func.func @pick(%c: i1, %a: i64, %b: i64) -> i64 {\n"
           "  cf.cond_br %c, ^bb1, ^bb2\n"
           "^bb1:\n"
           "  return %a : i64\n"
           "^bb2:\n"
           "  return %b : i64\n"
           "}\n"
           "func.func @k() {\n"
           "  %t = arith.constant true\n"
           "  %c2 = arith.constant 2 : i64\n"
           "  %c5 = arith.constant 5 : i64\n"
           "  %v = func.call @pick(%t, %c2, %c5) : (i1, i64, i64) -> i64\n"
           "  hivm.hir.set_flag[<PIPE_S>, <PIPE_V>, %v]\n"
           "  hivm.hir.wait_flag[<PIPE_S>, <PIPE_V>, %v]\n"
           "  return\n"
           "}\n",
           MDL_ARCH_A5, 1);
  cr_assert_str_eq(seq(unit(0), 0), "sS>V:2 wS>V:2", "true: %%a");
}

Test(syntax, cyclic_cfg_is_not_decided) {
  parse_ok("func.func @loop(%n: i32) {\n"
           "  %c0 = arith.constant 0 : i32\n"
           "  %c1 = arith.constant 1 : i32\n"
           "  cf.br ^bb1(%c0 : i32)\n"
           "^bb1(%i: i32):\n"
           "  %more = arith.cmpi slt, %i, %n : i32\n"
           "  cf.cond_br %more, ^bb2, ^bb3\n"
           "^bb2:\n"
           "  %j = arith.addi %i, %c1 : i32\n"
           "  cf.br ^bb1(%j : i32)\n"
           "^bb3:\n"
           "  return\n"
           "}\n",
           MDL_ARCH_A2, 1);
  mdl_kernel *k = MDL_VEC_AT(units, fe_unit, 0).k;
  cr_assert_not_null(k->limit_hit, "a cycle is not decided");
  cr_assert(strstr(k->limit_hit, "cf.br at 10:3 closes a cycle"), "%s",
            k->limit_hit);
}

Test(syntax, cfg_past_the_copy_bound_is_not_decided) {
  /* level i: ^a_i: cond_br to ^b_i or the end; ^b_i and ^c_i both reach
     ^a_{i+1}, which is no join (the end post-dominates): 2^13 copies */
  char *src = malloc(1 << 16);
  size_t w = (size_t)sprintf(src, "func.func @x(%%c: i1) {\n  cf.br ^a0\n");
  int levels = 13;
  for (int i = 0; i < levels; i++)
    w += (size_t)sprintf(src + w,
                         "^a%d:\n  cf.cond_br %%c, ^b%d, ^c%d\n"
                         "^b%d:\n  cf.cond_br %%c, ^a%d, ^end\n"
                         "^c%d:\n  cf.br ^a%d\n",
                         i, i, i, i, i + 1, i, i + 1);
  sprintf(src + w, "^a%d:\n  cf.br ^end\n^end:\n  return\n}\n", levels);
  parse_ok(src, MDL_ARCH_A2, 1);
  free(src);
  mdl_kernel *k = MDL_VEC_AT(units, fe_unit, 0).k;
  cr_assert_not_null(k->limit_hit);
  cr_assert(strstr(k->limit_hit, "more than 4096 block copies"), "%s",
            k->limit_hit);
}

Test(syntax, malformed_branches_are_located_errors) {
  parse_err("func.func @e() {\n  cf.br ^nowhere\n^bb1:\n  return\n}\n",
            "no block of this region");
  parse_err("func.func @e(%a: i32) {\n  cf.br ^bb1\n^bb1(%x: i32):\n"
            "  return\n}\n",
            "passes 0 values for its 1 block arguments");
  parse_err("func.func @e() {\n^entry:\n  cf.br ^next\n^next:\n"
            "  cf.br ^entry\n}\n",
            "branch to the entry block");
}

/* ------------------------------------------------------- generic form */

static const char custom_k[] =
    "func.func @g(%arg0: memref<512xf32, #hivm.address_space<gm>>) "
    "attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c2 = arith.constant 2 : index\n"
    "  %c256 = arith.constant 256 : index\n"
    "  %c0_i64 = arith.constant 0 : i64\n"
    "  %ub = hivm.hir.pointer_cast(%c0_i64) : " UBT "\n"
    "  scf.for %i = %c0 to %c2 step %c1 {\n"
    "    %off = arith.muli %i, %c256 : index\n"
    "    %even = arith.cmpi eq, %i, %c0 : index\n"
    "    %src = memref.subview %arg0[%off] [256] [1] : memref<512xf32, "
    "#hivm.address_space<gm>> to memref<256xf32, strided<[1], offset: ?>, "
    "#hivm.address_space<gm>>\n"
    "    hivm.hir.load ins(%src : memref<256xf32, strided<[1], offset: ?>, "
    "#hivm.address_space<gm>>) outs(%ub : " UBT ")\n"
    "    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]\n"
    "    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]\n"
    "    hivm.hir.vabs ins(%ub : " UBT ") outs(%ub : " UBT ")\n"
    "    hivm.hir.pipe_barrier[<PIPE_ALL>]\n"
    "  }\n"
    "  return\n"
    "}\n";

static const char generic_k[] =
    "\"func.func\"() <{function_type = (memref<512xf32, "
    "#hivm.address_space<gm>>) -> (), sym_name = \"g\"}> ({\n"
    "^bb0(%arg0: memref<512xf32, #hivm.address_space<gm>>):\n"
    "  %c0 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
    "  %c1 = \"arith.constant\"() <{value = 1 : index}> : () -> index\n"
    "  %c2 = \"arith.constant\"() <{value = 2 : index}> : () -> index\n"
    "  %c256 = \"arith.constant\"() <{value = 256 : index}> : () -> index\n"
    "  %c0_i64 = \"arith.constant\"() <{value = 0 : i64}> : () -> i64\n"
    "  %ub = \"hivm.hir.pointer_cast\"(%c0_i64) : (i64) -> " UBT "\n"
    "  \"scf.for\"(%c0, %c2, %c1) ({\n"
    "  ^bb0(%i: index):\n"
    "    %off = \"arith.muli\"(%i, %c256) <{overflowFlags = "
    "#arith.overflow<none>}> : (index, index) -> index\n"
    "    %even = \"arith.cmpi\"(%i, %c0) <{predicate = 0 : i64}> : "
    "(index, index) -> i1\n"
    "    %src = \"memref.subview\"(%arg0, %off) <{operandSegmentSizes = "
    "array<i32: 1, 1, 0, 0>, static_offsets = array<i64: "
    "-9223372036854775808>, static_sizes = array<i64: 256>, static_strides "
    "= array<i64: 1>}> : (memref<512xf32, #hivm.address_space<gm>>, index) "
    "-> memref<256xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>\n"
    "    \"hivm.hir.load\"(%src, %ub) <{operandSegmentSizes = array<i32: 1, "
    "1, 0, 0, 0, 0>}> : (memref<256xf32, strided<[1], offset: ?>, "
    "#hivm.address_space<gm>>, " UBT ") -> ()\n"
    "    \"hivm.hir.set_flag\"() <{set_pipe = #hivm.pipe<PIPE_MTE2>, "
    "static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = "
    "#hivm.pipe<PIPE_V>}> : () -> ()\n"
    "    \"hivm.hir.wait_flag\"() <{set_pipe = #hivm.pipe<PIPE_MTE2>, "
    "static_event_id = #hivm.event<EVENT_ID0>, wait_pipe = "
    "#hivm.pipe<PIPE_V>}> : () -> ()\n"
    "    \"hivm.hir.vabs\"(%ub, %ub) <{operandSegmentSizes = array<i32: 1, 1, "
    "0>}> : (" UBT ", " UBT ") -> ()\n"
    "    \"hivm.hir.pipe_barrier\"() <{pipe = #hivm.pipe<PIPE_ALL>}> : () -> "
    "()\n"
    "    \"scf.yield\"() : () -> ()\n"
    "  }) : (index, index, index) -> ()\n"
    "  \"func.return\"() : () -> ()\n"
    "}) {hivm.func_core_type = #hivm.func_core_type<AIV>} : () -> ()\n";

/* The instances and accesses of unit 0 as text. */
static char *fingerprint(void) {
  mdl_kernel *k = unit(0);
  char *s = malloc(1 << 16);
  size_t w = (size_t)snprintf(s, 1 << 16, "%s|%s|", k->name, seq(k, 0));
  for (uint32_t i = 0; i < k->accesses.len && w < (1 << 16) - 64; i++) {
    const mdl_access *a = mdl_access_at(k, i);
    w += (size_t)snprintf(s + w, (1 << 16) - w, "%s[%lld,%lld)%u ",
                          mdl_memory_at(k, a->mem)->name, (long long)a->lo,
                          (long long)a->hi, a->mode);
  }
  return s;
}

Test(syntax, generic_form_builds_the_same_kernel) {
  parse_ok(custom_k, MDL_ARCH_A2, 1);
  char *a = fingerprint();
  parse_ok(generic_k, MDL_ARCH_A2, 1);
  char *b = fingerprint();
  cr_assert_str_eq(a, b);
  cr_assert(strstr(a, "gm:%arg0[1024,2048)"), "the second tile: %s", a);
  free(a);
  free(b);
}

Test(syntax, generic_form_ksv_cannot_read_is_a_located_error) {
  parse_err("func.func @a(%i: index) {\n"
            "  %x = \"affine.apply\"(%i) <{map = affine_map<(d0) -> (d0 + "
            "1)>}> : (index) -> index\n"
            "  return\n"
            "}\n",
            "unsupported: the generic form of 'affine.apply'");
}
