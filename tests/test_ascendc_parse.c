/*
** test_ascendc_parse.c -- unit tests of frontend/ascendc/'s reading half
** (issue 17, point 1): the reference kernels parse with no ERROR node, the
** normaliser keeps every offset, the preprocessor's rules (#define
** folding, conditionals on core and arch macros kept with their condition,
** relative includes, cycles, depth, -D, undefined build macros), the
** source map across includes, and located errors for bad input.
**
** Run from the build directory by meson with KSV_SRC (the checkout) in
** the environment; the reference kernels are KSV_SRC/../shared/
** ascendc-reference/kernels (the test skips when that folder is absent).
*/
#include "../frontend/ascendc/fe_asc.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *src_root(void) {
  const char *s = getenv("KSV_SRC");
  return s ? s : "..";
}

typedef struct {
  fe_asc_unit u;
  mdl_diags d;
  bool ok;
} rd;

/* Reads and parses TEXT as file PATH with OPTS (NULL: defaults). */
static void readp(rd *r, const char *path, const char *text,
                  const fe_asc_opts *o) {
  memset(r, 0, sizeof *r);
  r->ok = fe_asc_read(path, text, text ? strlen(text) : 0, o, &r->u, &r->d);
  r->ok = fe_asc_parse(&r->u, &r->d) && r->ok;
}

static void rd_free(rd *r) {
  mdl_diags_free(&r->d);
  fe_asc_unit_free(&r->u);
}

static const mdl_diag *diag_at(const rd *r, uint32_t k) {
  return k < r->d.items.len ? &MDL_VEC_AT(r->d.items, mdl_diag, k) : NULL;
}

/* The only diagnostic must be an error at FILE:LINE:COL containing MSG. */
static void expect_error(const rd *r, const char *file, uint32_t line,
                         uint32_t col, const char *msg) {
  cr_assert(!r->ok, "expected an error '%s'", msg);
  const mdl_diag *g = diag_at(r, 0);
  cr_assert(g, "no diagnostic for '%s'", msg);
  cr_expect_eq(g->severity, MDL_SEV_ERROR);
  cr_expect_eq(g->rule, MDL_RULE_SYNTAX);
  cr_expect_str_eq(g->file, file);
  cr_expect(g->line == line && g->col == col, "'%s' at %u:%u, not %u:%u",
            g->message, g->line, g->col, line, col);
  cr_expect(strstr(g->message, msg), "message '%s' lacks '%s'", g->message,
            msg);
}

/* The first node of TYPE (pre-order) whose text starts with PREFIX. */
static bool find_node(const rd *r, TSNode n, const char *type,
                      const char *prefix, TSNode *out) {
  if (!strcmp(ts_node_type(n), type) &&
      !strncmp(r->u.text + ts_node_start_byte(n), prefix, strlen(prefix))) {
    *out = n;
    return true;
  }
  for (uint32_t k = 0; k < ts_node_child_count(n); k++)
    if (find_node(r, ts_node_child(n, k), type, prefix, out))
      return true;
  return false;
}

static TSNode node(const rd *r, const char *type, const char *prefix) {
  TSNode n;
  cr_assert(find_node(r, ts_tree_root_node(r->u.tree), type, prefix, &n),
            "no %s node '%s'", type, prefix);
  return n;
}

/* 1-based line:col of the first occurrence of NEEDLE in TEXT. */
static void pos_of(const char *text, const char *needle, uint32_t *line,
                   uint32_t *col) {
  const char *p = strstr(text, needle);
  cr_assert(p, "'%s' not in the text", needle);
  *line = 1, *col = 1;
  for (const char *q = text; q < p; q++) {
    if (*q == '\n')
      ++*line, *col = 1;
    else
      ++*col;
  }
}

/* ----------------------------------------------------- reference kernels */

static const char *const absent_headers[] = {
    /* sample headers of the kernels' own projects, not in the folder */
    "kernel_common.hpp", "cross_core_set_wait_flag.h"};

Test(ascendc_reference, every_kernel_parses_with_no_error_node) {
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/../shared/ascendc-reference/kernels",
           src_root());
  DIR *dh = opendir(dir);
  if (!dh) {
    cr_skip_test("%s is absent: reference kernels not checked", dir);
    return;
  }
  static const fe_asc_core cores[] = {FE_ASC_CORE_ANY, FE_ASC_CORE_AIC,
                                      FE_ASC_CORE_AIV};
  static const fe_asc_arch arches[] = {FE_ASC_ARCH_ANY, FE_ASC_ARCH_C220,
                                       FE_ASC_ARCH_C310};
  struct dirent *e;
  int files = 0;
  while ((e = readdir(dh))) {
    if (e->d_name[0] == '.')
      continue;
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    files++;
    for (int c = 0; c < 3; c++) {
      fe_asc_opts o = {.core = cores[c], .arch = arches[c],
                       .missing_include_warns = true};
      rd r;
      readp(&r, path, NULL, &o);
      cr_expect(r.u.tree && !ts_node_has_error(ts_tree_root_node(r.u.tree)),
                "%s has ERROR nodes (config %d)", e->d_name, c);
      for (uint32_t k = 0; k < r.d.items.len; k++) {
        const mdl_diag *g = diag_at(&r, k);
        bool absent = false;
        for (size_t h = 0; h < 2; h++)
          absent |= strstr(g->message, absent_headers[h]) != NULL;
        cr_expect(g->severity == MDL_SEV_WARNING && absent,
                  "%s:%u:%u: %s", g->file, g->line, g->col, g->message);
      }
      cr_expect(r.ok, "%s not read cleanly", e->d_name);
      /* the main file's bytes keep their offsets: same length */
      const fe_asc_file *f = &MDL_VEC_AT(r.u.files, fe_asc_file, 0);
      cr_expect_eq(r.u.len, f->len, "%s: output length", e->d_name);
      rd_free(&r);
    }
  }
  closedir(dh);
  cr_expect_geq(files, 9, "only %d reference kernels", files);
}

/* ------------------------------------------------------------ normaliser */

static const char qual_src[] =
    "extern \"C\" __global__ __aicore__ void add_custom(__gm__ uint8_t* x,\n"
    "    __gm__ uint8_t* y) __attribute__((always_inline))\n"
    "{\n"
    "    __ubuf__ half *u = (__ubuf__ half *)get_imm(0);\n"
    "    if ASCEND_IS_AIV {\n"
    "        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);\n"
    "    }\n"
    "    if (ASCEND_IS_AIC) { set_flag(PIPE_MTE2, PIPE_V, EVENT_ID1); }\n"
    "}\n"
    "__global__ __mix__(1, 2) [aicore] void mix_kernel(__cbuf__ int *a) {\n"
    "    launch<<<8, nullptr, stream>>>(a); wait_flag(PIPE_V, PIPE_S, 3);\n"
    "}\n";

Test(ascendc_normaliser, qualifiers_blanked_offsets_kept) {
  rd r;
  readp(&r, "q.asc", qual_src, NULL);
  cr_assert(r.ok, "%s", diag_at(&r, 0) ? diag_at(&r, 0)->message : "");
  cr_assert_eq(r.u.len, strlen(qual_src));
  /* only qualifier bytes changed, and no newline */
  for (uint32_t i = 0; i < r.u.len; i++) {
    if (qual_src[i] == '\n' || r.u.text[i] == '\n')
      cr_assert_eq(qual_src[i], r.u.text[i], "newline moved at %u", i);
  }
  cr_expect(!strstr(r.u.text, "__gm__") && !strstr(r.u.text, "__aicore__") &&
            !strstr(r.u.text, "__mix__") && !strstr(r.u.text, "(1, 2)") &&
            !strstr(r.u.text, "always_inline") &&
            !strstr(r.u.text, "[aicore]") && !strstr(r.u.text, "<<<"));
  cr_expect(strstr(r.u.text, "extern \"C\""), "extern \"C\" stays");
  cr_expect(strstr(r.u.text, "if (IS_AIV_CORE) {"), "core test rewritten");
  cr_expect(strstr(r.u.text, "if ((IS_AIC_CORE))"), "core test rewritten");
  /* every call node sits at its original token's line:col */
  static const char *const calls[] = {"AscendC::SetFlag", "set_flag(",
                                      "get_imm(", "wait_flag(", "launch"};
  for (size_t k = 0; k < 5; k++) {
    TSNode n = node(&r, "call_expression", calls[k]);
    uint32_t line, col, f, l2, c2;
    pos_of(qual_src, calls[k], &line, &col);
    TSPoint p = ts_node_start_point(n);
    cr_expect(p.row + 1 == line && p.column + 1 == col,
              "%s at %u:%u, not %u:%u", calls[k], p.row + 1, p.column + 1,
              line, col);
    cr_assert(fe_asc_locate(&r.u, ts_node_start_byte(n), &f, &l2, &c2));
    cr_expect(f == 0 && l2 == line && c2 == col);
  }
  node(&r, "linkage_specification", "extern");
  node(&r, "if_statement", "if (IS_AIV_CORE)");
  rd_free(&r);
}

Test(ascendc_normaliser, operator_specialisation) {
  static const char s[] =
      "struct K {\n"
      "  template <int32_t CORE_TYPE = g_coreType>\n"
      "  CATLASS_DEVICE void operator()(P const &p);\n"
      "  template <>\n"
      "  CATLASS_DEVICE void operator()<AscendC::AIC>(P const &p) { f(); }\n"
      "};\n";
  rd r;
  readp(&r, "k.cpp", s, NULL);
  cr_expect(r.ok);
  /* the arguments are blanked in the tree, kept in the original text */
  cr_expect(strstr(r.u.text, "operator()              (P"));
  cr_expect(strstr(MDL_VEC_AT(r.u.files, fe_asc_file, 0).text,
                   "operator()<AscendC::AIC>(P"));
  rd_free(&r);
}

/* ---------------------------------------------------------- preprocessor */

Test(ascendc_pp, define_folding_and_qualifier_macros) {
  static const char s[] = "#define TILE (4 * 1024)\n"
                          "#define HALF TILE / 2\n"
                          "#define MASK (1u << 5) | 0x3\n"
                          "#define NAME AscendC::HardEvent::MTE2_V\n"
                          "#define SET_FLAG(a, b, id) set_flag(PIPE_##a, PIPE_##b, id)\n"
                          "#define DEV __aicore__ __inline__\n"
                          "#define TMP 1\n"
                          "#undef TMP\n"
                          "DEV void f(__gm__ int *x) { SET_FLAG(MTE2, V, HALF); }\n";
  rd r;
  readp(&r, "d.cpp", s, NULL);
  cr_assert(r.ok);
  const fe_asc_macro *m = fe_asc_macro_find(&r.u, "HALF");
  cr_assert(m && m->has_value);
  cr_expect_eq(m->value, 2048);
  cr_expect_eq(m->line, 2);
  cr_expect_eq(m->col, 9);
  m = fe_asc_macro_find(&r.u, "MASK");
  cr_assert(m && m->has_value);
  cr_expect_eq(m->value, 35);
  m = fe_asc_macro_find(&r.u, "NAME");
  cr_assert(m && !m->has_value);
  cr_expect_str_eq(m->body, "AscendC::HardEvent::MTE2_V");
  m = fe_asc_macro_find(&r.u, "SET_FLAG");
  cr_assert(m && m->function_like);
  cr_expect(!fe_asc_macro_find(&r.u, "TMP"), "#undef");
  /* a macro of qualifiers is blanked where used */
  cr_expect(strstr(r.u.text, "    void f(       int *x)"), "%s", r.u.text);
  node(&r, "call_expression", "SET_FLAG(MTE2");
  rd_free(&r);
}

static const char core_src[] = "int common;\n"
                               "#if defined(__DAV_C220_CUBE__)\n"
                               "int cube_side;\n"
                               "#elif defined(__DAV_C220_VEC__)\n"
                               "int vec_side;\n"
                               "#else\n"
                               "int neither;\n"
                               "#endif\n";

/* The branch id of the text NEEDLE in R's output. */
static const fe_asc_cond *cond_of(const rd *r, const char *needle) {
  const char *p = strstr(r->u.text, needle);
  cr_assert(p, "'%s' not kept", needle);
  const fe_asc_seg *s = fe_asc_seg_at(&r->u, (uint32_t)(p - r->u.text));
  cr_assert(s);
  return &MDL_VEC_AT(r->u.conds, fe_asc_cond, s->cond);
}

Test(ascendc_pp, core_conditionals_keep_both_branches) {
  rd r;
  readp(&r, "c.cpp", core_src, NULL);
  cr_assert(r.ok);
  const fe_asc_cond *a = cond_of(&r, "cube_side"), *b = cond_of(&r, "vec_side"),
                    *c = cond_of(&r, "neither");
  cr_expect_str_eq(a->kind, "if");
  cr_expect_str_eq(a->expr, "defined(__DAV_C220_CUBE__)");
  cr_expect_eq(a->value, FE_ASC_UNKNOWN);
  cr_expect_eq(a->line, 2);
  cr_expect_str_eq(b->kind, "elif");
  cr_expect_str_eq(b->expr, "defined(__DAV_C220_VEC__)");
  cr_expect_eq(b->value, FE_ASC_UNKNOWN);
  cr_expect_eq(&MDL_VEC_AT(r.u.conds, fe_asc_cond, b->prev), a);
  cr_expect_str_eq(c->kind, "else");
  cr_expect(a->group == b->group && b->group == c->group && a->group);
  cr_expect_eq(cond_of(&r, "common")->kind[0], 0, "unconditional");
  node(&r, "declaration", "int cube_side");
  node(&r, "declaration", "int vec_side");
  rd_free(&r);
  /* each core gets its own */
  fe_asc_opts aic = {.core = FE_ASC_CORE_AIC, .arch = FE_ASC_ARCH_C220};
  readp(&r, "c.cpp", core_src, &aic);
  cr_expect(strstr(r.u.text, "cube_side") && !strstr(r.u.text, "vec_side") &&
            !strstr(r.u.text, "neither"));
  cr_expect_eq(cond_of(&r, "cube_side")->value, FE_ASC_TRUE);
  rd_free(&r);
  fe_asc_opts aiv = {.core = FE_ASC_CORE_AIV, .arch = FE_ASC_ARCH_C220};
  readp(&r, "c.cpp", core_src, &aiv);
  cr_expect(!strstr(r.u.text, "cube_side") && strstr(r.u.text, "vec_side") &&
            !strstr(r.u.text, "neither"));
  rd_free(&r);
  /* on c310 neither c220 macro is defined */
  fe_asc_opts c310 = {.core = FE_ASC_CORE_AIV, .arch = FE_ASC_ARCH_C310};
  readp(&r, "c.cpp", core_src, &c310);
  cr_expect(!strstr(r.u.text, "cube_side") && !strstr(r.u.text, "vec_side") &&
            strstr(r.u.text, "neither"));
  rd_free(&r);
}

Test(ascendc_pp, arch_value_and_constant_conditions) {
  static const char s[] = "#if __NPU_ARCH__ == 2201\n"
                          "int a2;\n"
                          "#elif __NPU_ARCH__ == 3510\n"
                          "int a5;\n"
                          "#endif\n"
                          "#if 0\n"
                          "this is not C++ at all {\n"
                          "#endif\n"
                          "#if 1\n"
                          "int one;\n"
                          "#else\n"
                          "int never;\n"
                          "#endif\n";
  rd r;
  readp(&r, "a.cpp", s, NULL);
  cr_assert(r.ok);
  cr_expect(strstr(r.u.text, "int a2;") && strstr(r.u.text, "int a5;"));
  cr_expect(!strstr(r.u.text, "not C++") && !strstr(r.u.text, "never"));
  cr_expect_eq(cond_of(&r, "one")->value, FE_ASC_TRUE);
  rd_free(&r);
  fe_asc_opts a5 = {.arch = FE_ASC_ARCH_C310};
  readp(&r, "a.cpp", s, &a5);
  cr_expect(!strstr(r.u.text, "int a2;") && strstr(r.u.text, "int a5;"));
  rd_free(&r);
}

static const char build_src[] = "#if SCENARIO_NUM == 2\n"
                                "int two;\n"
                                "#endif\n"
                                "#ifdef SCENARIO_NUM\n"
                                "int defined_;\n"
                                "#endif\n"
                                "#ifndef SCENARIO_NUM\n"
                                "int undefined_;\n"
                                "#endif\n"
                                "#if defined(SCENARIO_NUM) && 0\n"
                                "int never;\n"
                                "#endif\n";

Test(ascendc_pp, undefined_build_macro_is_one_unknown_value) {
  rd r;
  readp(&r, "b.cpp", build_src, NULL);
  cr_assert(r.ok);
  cr_expect_eq(cond_of(&r, "two")->value, FE_ASC_UNKNOWN);
  cr_expect_eq(cond_of(&r, "defined_")->value, FE_ASC_UNKNOWN);
  cr_expect_eq(cond_of(&r, "undefined_")->value, FE_ASC_UNKNOWN);
  cr_expect(!strstr(r.u.text, "never"), "short circuit on a known 0");
  rd_free(&r);
  fe_asc_define d = {"SCENARIO_NUM", "2"};
  fe_asc_opts o = {.defines = &d, .ndefines = 1};
  readp(&r, "b.cpp", build_src, &o);
  cr_assert(r.ok);
  cr_expect(strstr(r.u.text, "two") && strstr(r.u.text, "defined_") &&
            !strstr(r.u.text, "undefined_"));
  const fe_asc_macro *m = fe_asc_macro_find(&r.u, "SCENARIO_NUM");
  cr_assert(m && m->has_value && m->value == 2 && m->file == ~0u);
  rd_free(&r);
  d.value = "3";
  readp(&r, "b.cpp", build_src, &o);
  cr_expect(!strstr(r.u.text, "two") && strstr(r.u.text, "defined_"));
  rd_free(&r);
}

Test(ascendc_pp, relative_includes_and_source_map) {
  char path[4096];
  snprintf(path, sizeof path, "%s/tests/ascendc/main.cpp", src_root());
  rd r;
  readp(&r, path, NULL, NULL);
  cr_assert(r.ok, "%s", diag_at(&r, 0) ? diag_at(&r, 0)->message : "");
  /* main.cpp, sub/a.h, sub/b.h, sub/a.h again (its guard then blanks it) */
  cr_assert_eq(r.u.files.len, 4);
  cr_expect_str_eq(MDL_VEC_AT(r.u.files, fe_asc_file, 1).path,
                   MDL_VEC_AT(r.u.files, fe_asc_file, 3).path);
  const fe_asc_file *b = &MDL_VEC_AT(r.u.files, fe_asc_file, 2);
  cr_expect(strstr(b->path, "sub/b.h"), "b.h read relative to sub/a.h");
  /* a node of each file maps to its original line:col */
  static const struct {
    const char *call;
    uint32_t file, line, col;
  } want[] = {{"AscendC::WaitFlag", 2, 5, 5},
              {"AscendC::SetFlag", 1, 5, 36},
              {"AscendC::PipeBarrier", 0, 7, 5},
              {"HelperB(TILE_A)", 0, 8, 5}};
  for (size_t k = 0; k < 4; k++) {
    TSNode n = node(&r, "call_expression", want[k].call);
    uint32_t f, l, c;
    cr_assert(fe_asc_locate(&r.u, ts_node_start_byte(n), &f, &l, &c));
    cr_expect(f == want[k].file && l == want[k].line && c == want[k].col,
              "%s at file %u %u:%u", want[k].call, f, l, c);
  }
  /* the guard keeps the second #include "sub/a.h" empty */
  const char *h = strstr(r.u.text, "HelperA");
  cr_expect(h && !strstr(h + 1, "HelperA"), "a.h's body once");
  const fe_asc_macro *m = fe_asc_macro_find(&r.u, "TILE_A");
  cr_assert(m && m->has_value && m->value == 256 && m->file == 1);
  rd_free(&r);
}

Test(ascendc_pp, include_cycle_located) {
  char path[4096];
  snprintf(path, sizeof path, "%s/tests/ascendc/cycle_a.h", src_root());
  rd r;
  readp(&r, path, NULL, NULL);
  cr_assert(!r.ok);
  const mdl_diag *g = diag_at(&r, 0);
  cr_assert(g);
  cr_expect(strstr(g->file, "cycle_b.h") && g->line == 1 && g->col == 10,
            "%s:%u:%u", g->file, g->line, g->col);
  cr_expect(strstr(g->message, "cycle_a.h -> cycle_b.h -> cycle_a.h"), "%s",
            g->message);
  rd_free(&r);
}

Test(ascendc_pp, include_depth_limited) {
  char dir[] = "/tmp/ksv-asc-depthXXXXXX";
  cr_assert(mkdtemp(dir));
  for (int k = 0; k < 40; k++) {
    char p[256];
    snprintf(p, sizeof p, "%s/h%d.h", dir, k);
    FILE *f = fopen(p, "w");
    cr_assert(f);
    fprintf(f, "int v%d;\n#include \"h%d.h\"\n", k, k + 1);
    fclose(f);
  }
  char p[256];
  snprintf(p, sizeof p, "%s/h0.h", dir);
  rd r;
  fe_asc_opts o = {.max_include_depth = 8};
  readp(&r, p, NULL, &o);
  cr_assert(!r.ok);
  const mdl_diag *g = diag_at(&r, 0);
  cr_expect(strstr(g->message, "deeper than 8") && strstr(g->file, "h7.h") &&
            g->line == 2 && g->col == 10, "%s:%u:%u: %s", g->file, g->line,
            g->col, g->message);
  cr_expect_eq(r.u.files.len, 8);
  rd_free(&r);
  readp(&r, p, NULL, NULL);    /* the default limit: 32 */
  cr_expect(!r.ok && strstr(diag_at(&r, 0)->message, "deeper than 32"));
  rd_free(&r);
  for (int k = 0; k < 40; k++) {
    snprintf(p, sizeof p, "%s/h%d.h", dir, k);
    unlink(p);
  }
  rmdir(dir);
}

Test(ascendc_pp, include_reads_bounded, .timeout = 60) {
  char dir[] = "/tmp/ksv-asc-manyXXXXXX";
  cr_assert(mkdtemp(dir));
  char h[256], c[256];
  snprintf(h, sizeof h, "%s/g.h", dir);
  snprintf(c, sizeof c, "%s/main.cpp", dir);
  FILE *f = fopen(h, "w");
  fputs("#ifndef G_H\n#define G_H\nint g;\n#endif\n", f);
  fclose(f);
  f = fopen(c, "w");
  for (int k = 0; k < 10000; k++)
    fputs("#include \"g.h\"\n", f);
  fclose(f);
  rd r;
  readp(&r, c, NULL, NULL);
  cr_expect(!r.ok);
  const mdl_diag *g = diag_at(&r, 0);
  cr_expect(g && strstr(g->message, "more than 4096 files") && g->line == 4096,
            "%s:%u", g ? g->message : "", g ? g->line : 0);
  cr_expect_eq(r.d.items.len, 1, "reported once");
  rd_free(&r);
  unlink(h);
  unlink(c);
  rmdir(dir);
}

Test(ascendc_pp, missing_and_library_includes) {
  static const char s[] = "#include <iostream>\n"
                          "#include \"kernel_operator.h\"\n"
                          "#include \"catlass/arch/arch.hpp\"\n"
                          "#include \"cstdarg\"\n"
                          "  #include \"my_tiling.h\"\n";
  rd r;
  readp(&r, "/nonexistent-ksv/m.cpp", s, NULL);
  expect_error(&r, "/nonexistent-ksv/m.cpp", 5, 12, "'my_tiling.h' not found");
  cr_expect_eq(r.d.items.len, 1);
  rd_free(&r);
  fe_asc_opts o = {.missing_include_warns = true};
  readp(&r, "/nonexistent-ksv/m.cpp", s, &o);
  cr_expect(r.ok && r.d.items.len == 1 &&
            diag_at(&r, 0)->severity == MDL_SEV_WARNING);
  rd_free(&r);
}

/* ---------------------------------------------------------------- errors */

Test(ascendc_errors, located) {
  static const struct {
    const char *src, *msg;
    uint32_t line, col;
  } cases[] = {
      {"void f() {\n  int x = ;\n}\n", "syntax error near '='", 2, 9},
      {"void f() {\n  g(1;\n}\n", "syntax error", 2, 6},
      {"int a;\n#endif\n", "#endif without #if", 2, 1},
      {"#if 1\n#else\n#elif 2\n#endif\n", "#elif after #else (of the #if at 1:1)",
       3, 1},
      {"int a;\n  #if X\nint b;\n", "'#endif' expected (to close '#if' at 2:3)",
       4, 1},
      {"#foo bar\n", "unknown directive '#foo'", 1, 2},
      {"#if 1 +\n#endif\n", "#if expression expected", 1, 8},
      {"#if (1\n#endif\n", "')' expected", 1, 7},
      {"#if 1 / 0\n#endif\n", "division by zero", 1, 10},
      {"#if F(2)\n#endif\n", "function-like macro call", 1, 6},
      {"#include foo.h\n", "#include expects", 1, 10},
      {"#include \"unterminated\n", "#include expects", 1, 10},
      {"#define\n", "macro name expected", 1, 8},
      {"#define 3x\n", "macro name expected", 1, 9},
      {"#ifdef\n#endif\n", "macro name expected after #ifdef", 1, 7},
      {"#error stop here\n", "#error stop here", 1, 1},
      {"#if 99999999999999999999\n#endif\n", "too large", 1, 25},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    rd r;
    readp(&r, "e.cpp", cases[k].src, NULL);
    expect_error(&r, "e.cpp", cases[k].line, cases[k].col, cases[k].msg);
    rd_free(&r);
  }
  /* -D with a bad name */
  fe_asc_define d = {"1BAD", "2"};
  fe_asc_opts o = {.defines = &d, .ndefines = 1};
  rd r;
  readp(&r, "e.cpp", "int a;\n", &o);
  expect_error(&r, "<command line>", 1, 1, "-D: '1BAD' is not a macro name");
  rd_free(&r);
}

Test(ascendc_errors, syntax_error_in_included_file_located_there) {
  char dir[] = "/tmp/ksv-asc-incXXXXXX";
  cr_assert(mkdtemp(dir));
  char p[256], q[256];
  snprintf(p, sizeof p, "%s/bad.h", dir);
  snprintf(q, sizeof q, "%s/main.cpp", dir);
  FILE *f = fopen(p, "w");
  fputs("int ok;\nvoid g() { return 1 +; }\n", f);
  fclose(f);
  f = fopen(q, "w");
  fputs("int a;\n\n#include \"bad.h\"\nint b;\n", f);
  fclose(f);
  rd r;
  readp(&r, q, NULL, NULL);
  expect_error(&r, p, 2, 22, "syntax error");
  rd_free(&r);
  unlink(p);
  unlink(q);
  rmdir(dir);
}

/* --------------------------------------------------------------- hostile */

Test(ascendc_hostile, no_crash_no_hang, .timeout = 60) {
  /* deep nesting of braces, parentheses and #if; NUL bytes; junk */
  size_t n = 200000;
  char *s = malloc(8u << 20);
  memset(s, '{', n);
  memset(s + n, '}', n);
  s[2 * n] = 0;
  rd r;
  readp(&r, "deep.cpp", s, NULL); /* nested blocks: accepted */
  rd_free(&r);
  for (size_t k = 0; k < n; k++)
    s[k] = "(["[k % 2];
  s[n] = 0;
  readp(&r, "deep2.cpp", s, NULL);
  cr_expect(!r.ok);
  rd_free(&r);
  size_t m = 0;
  for (int k = 0; k < 300; k++)
    m += (size_t)sprintf(s + m, "#if X%d\n", k);
  readp(&r, "ifs.cpp", s, NULL);
  cr_expect(!r.ok && strstr(diag_at(&r, 0)->message, "nested deeper"));
  rd_free(&r);
  /* an #if expression 100k parentheses deep */
  m = (size_t)sprintf(s, "#if ");
  for (int k = 0; k < 100000; k++)
    s[m++] = '(';
  strcpy(s + m, "1\n#endif\n");
  readp(&r, "paren.cpp", s, NULL);
  cr_expect(!r.ok && strstr(diag_at(&r, 0)->message, "nested too deeply"));
  rd_free(&r);
  /* 200k macro names: look-ups stay linear (a hash map) */
  m = 0;
  for (int k = 0; k < 200000; k++)
    m += (size_t)sprintf(s + m, "#define M%d %d\n", k, k);
  m += (size_t)sprintf(s + m, "#if M199999 != 199999\n#error wrong\n#endif\n");
  readp(&r, "many.cpp", s, NULL);
  cr_expect(r.ok);
  rd_free(&r);
  static const char nul[] = "int a;\0#include \"x\"\0\n#if\0 1\n";
  memset(&r, 0, sizeof r);
  fe_asc_read("nul.cpp", nul, sizeof nul, NULL, &r.u, &r.d);
  fe_asc_parse(&r.u, &r.d);
  rd_free(&r);
  /* a pseudo-random byte soup of C++ and directive fragments */
  static const char *const frag[] = {
      "#if ", "#ifdef A\n", "#else\n", "#endif\n", "#define M (", "\n",
      "__mix__(", "__gm__ ", "{", "}", "(", ")", "\"", "'", "/*", "*/",
      "\\\n", "template <", ">", "operator()<", "<<<", ">>>", "#include \"",
      "defined(", "ASCEND_IS_AIV", "[aicore]", "int x;", "#elif 1\n"};
  uint32_t seed = 12345;
  for (int it = 0; it < 300; it++) {
    m = 0;
    for (int k = 0; k < 60; k++) {
      seed = seed * 1103515245u + 12345u;
      const char *fr = frag[(seed >> 16) % (sizeof frag / sizeof frag[0])];
      m += (size_t)sprintf(s + m, "%s", fr);
    }
    readp(&r, "/nonexistent-ksv/soup.cpp", s, NULL);
    rd_free(&r);
  }
  free(s);
}
