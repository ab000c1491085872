/*
** test_badinput.c -- malformed inputs: each must give at least one
** bad-input (MDL_RULE_SYNTAX) error with a line and column >= 1, both from
** the frontend (fe_parse_file) and through the library driver
** (ksv_check, JSON report parsed with jansson), whose exit status is 2.
*/
#include <criterion/criterion.h>
#include <jansson.h>

#include "../frontend/fe.h"
#include "../include/ksv.h"
#include "../model/mdl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

TestSuite(badinput, .timeout = 10);

/* A valid kernel the truncation tests cut. */
static const char valid[] =
    "module {\n"
    "  func.func @k(%arg0: memref<16xf16, #hivm.address_space<gm>>) {\n"
    "    %c0_i64 = arith.constant 0 : i64\n"
    "    %0 = hivm.hir.pointer_cast(%c0_i64) [] : memref<16xf16, "
    "#hivm.address_space<ub>>\n"
    "    hivm.hir.load ins(%arg0 : memref<16xf16, #hivm.address_space<gm>>)"
    " outs(%0 : memref<16xf16, #hivm.address_space<ub>>)\n"
    "    hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]\n"
    "    hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]\n"
    "    return\n"
    "  }\n"
    "}\n";

/* Frontend level: at least one SYNTAX error with a location, no kernel. */
static void fe_expect_bad(const char *text, size_t len, uint32_t line) {
  mdl_vec units = {0};
  mdl_diags diags = {0};
  uint32_t n = fe_parse_file("bad.mlir", text, len, MDL_ARCH_A2, &units,
                             &diags);
  cr_assert_geq(n, 1, "fe_parse_file reported no syntax error");
  cr_assert_geq(diags.errors, 1);
  bool found = false;
  for (uint32_t i = 0; i < diags.items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(diags.items, mdl_diag, i);
    if (d->rule == MDL_RULE_SYNTAX && d->severity == MDL_SEV_ERROR) {
      cr_assert_geq(d->line, 1);
      cr_assert_geq(d->col, 1);
      cr_assert_not_null(d->message);
      cr_assert_gt(strlen(d->message), 0);
      cr_assert_str_eq(d->file, "bad.mlir");
      if (line && !found)
        cr_assert_eq(d->line, line, "error at line %u, expected %u: %s",
                     d->line, line, d->message);
      found = true;
    }
  }
  cr_assert(found, "no bad-input error diagnostic");
  for (uint32_t i = 0; i < units.len; i++) {
    fe_unit *u = &MDL_VEC_AT(units, fe_unit, i);
    cr_assert(u->error, "unit %s should be an error unit", u->name);
    cr_assert_null(u->k, "no kernel is built for a bad chunk");
  }
  fe_units_free(&units);
  mdl_diags_free(&diags);
}

/* Driver level: writes text to a temp file, runs ksv_check with a JSON
** report, checks exit 2 and a bad-input error with line/column >= 1. */
static void drv_expect_bad(const char *text, size_t len) {
  char path[] = "/tmp/ksv-bad-XXXXXX";
  int fd = mkstemp(path);
  cr_assert_geq(fd, 0);
  cr_assert_eq(write(fd, text, len), (ssize_t)len);
  close(fd);
  char *buf = NULL;
  size_t blen = 0;
  FILE *out = open_memstream(&buf, &blen);
  cr_assert_not_null(out);
  ksv_options o;
  ksv_options_default(&o);
  o.format = KSV_FORMAT_JSON;
  const char *files[] = {path};
  int rc = ksv_check(&o, files, 1, out);
  fclose(out);
  unlink(path);
  cr_assert_eq(rc, KSV_EXIT_BAD_INPUT, "exit %d, expected 2", rc);
  json_error_t err;
  json_t *root = json_loadb(buf, blen, 0, &err);
  cr_assert_not_null(root, "report is not JSON: %s", err.text);
  json_t *f0 = json_array_get(json_object_get(root, "files"), 0);
  cr_assert_not_null(f0);
  json_t *dg = json_object_get(f0, "diagnostics");
  cr_assert(json_is_array(dg));
  bool found = false;
  for (size_t i = 0; i < json_array_size(dg); i++) {
    json_t *d = json_array_get(dg, i);
    const char *rule = json_string_value(json_object_get(d, "rule"));
    const char *sev = json_string_value(json_object_get(d, "severity"));
    if (rule && sev && !strcmp(rule, "bad-input") && !strcmp(sev, "error")) {
      cr_assert_geq(json_integer_value(json_object_get(d, "line")), 1);
      cr_assert_geq(json_integer_value(json_object_get(d, "column")), 1);
      found = true;
    }
  }
  cr_assert(found, "no bad-input error in the JSON report:\n%s", buf);
  json_t *u0 = json_array_get(json_object_get(f0, "units"), 0);
  cr_assert_str_eq(json_string_value(json_object_get(u0, "verdict")),
                   "error");
  cr_assert_geq(
      json_integer_value(json_object_get(json_object_get(root, "summary"),
                                         "errors")),
      1);
  json_decref(root);
  free(buf);
}

static void expect_bad(const char *text, uint32_t line) {
  fe_expect_bad(text, strlen(text), line);
  drv_expect_bad(text, strlen(text));
}

/* ------------------------------------------------------------- tests */

Test(badinput, valid_kernel_is_accepted) {
  /* the baseline the truncations cut: parses cleanly */
  mdl_vec units = {0};
  mdl_diags diags = {0};
  cr_assert_eq(fe_parse_file("ok.mlir", valid, strlen(valid), MDL_ARCH_A2,
                             &units, &diags),
               0);
  cr_assert_eq(diags.errors, 0);
  cr_assert_eq(units.len, 1);
  cr_assert_not_null(MDL_VEC_AT(units, fe_unit, 0).k);
  fe_units_free(&units);
  mdl_diags_free(&diags);
}

Test(badinput, truncated_in_the_middle_of_an_op) {
  /* cut inside the memref type of the pointer_cast (line 4) and inside
  ** the set_flag attribute list (line 6) */
  const char *cuts[] = {"#hivm.address_space<u", "<PIPE_V>, <EVE"};
  for (int i = 0; i < 2; i++) {
    const char *at = strstr(valid, cuts[i]);
    cr_assert_not_null(at);
    size_t len = (size_t)(at - valid) + strlen(cuts[i]);
    char *t = strndup(valid, len);
    fe_expect_bad(t, len, 0);
    drv_expect_bad(t, len);
    free(t);
  }
}

Test(badinput, truncated_after_an_op) {
  /* complete ops but the function and module are never closed */
  const char *at = strstr(valid, "    return");
  size_t len = (size_t)(at - valid);
  char *t = strndup(valid, len);
  fe_expect_bad(t, len, 0);
  drv_expect_bad(t, len);
  free(t);
}

Test(badinput, missing_closing_brace) {
  expect_bad("func.func @k() {\n"
             "  hivm.hir.pipe_barrier[<PIPE_V>]\n"
             "  return\n",
             0);
}

Test(badinput, extra_closing_paren) {
  expect_bad("func.func @k() {\n"
             "  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>])\n"
             "  return\n"
             "}\n",
             2);
}

Test(badinput, unknown_pipe) {
  expect_bad("func.func @k() {\n"
             "  hivm.hir.set_flag[<PIPE_FOO>, <PIPE_V>, <EVENT_ID0>]\n"
             "  return\n"
             "}\n",
             2);
}

Test(badinput, unknown_event_id) {
  expect_bad("func.func @k() {\n"
             "  hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_IDX>]\n"
             "  return\n"
             "}\n",
             2);
}

Test(badinput, unknown_sync_block_core_type) {
  expect_bad("func.func @k() {\n"
             "  hivm.hir.sync_block_set[<GPU>, <PIPE_FIX>, <PIPE_V>] flag = 1\n"
             "  return\n"
             "}\n",
             2);
}

Test(badinput, set_flag_with_two_items) {
  expect_bad("func.func @k() {\n"
             "  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>]\n"
             "  return\n"
             "}\n",
             2);
}

Test(badinput, subview_of_an_integer) {
  expect_bad("func.func @k() {\n"
             "  %c0 = arith.constant 0 : i64\n"
             "  %s = memref.subview %c0[0] [1] [1] : memref<16xf16> to "
             "memref<1xf16>\n"
             "  return\n"
             "}\n",
             3);
}

Test(badinput, use_of_undefined_value) {
  expect_bad("func.func @k() {\n"
             "  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %nope]\n"
             "  return\n"
             "}\n",
             2);
}

Test(badinput, scf_for_without_header) {
  expect_bad("func.func @k() {\n"
             "  %c0 = arith.constant 0 : index\n"
             "  scf.for {\n"
             "    hivm.hir.pipe_barrier[<PIPE_V>]\n"
             "  }\n"
             "  return\n"
             "}\n",
             3);
}

Test(badinput, pointer_cast_without_address) {
  expect_bad("func.func @k() {\n"
             "  %0 = hivm.hir.pointer_cast() : memref<16xf16, "
             "#hivm.address_space<ub>>\n"
             "  return\n"
             "}\n",
             2);
}

Test(badinput, binary_junk) {
  unsigned char junk[512];
  uint32_t x = 12345;
  for (size_t i = 0; i < sizeof junk; i++) {
    x = x * 1103515245u + 12345u;
    junk[i] = (unsigned char)(x >> 16);
  }
  junk[0] = 0x7f;
  junk[3] = 0x00;
  junk[10] = 0xff;
  junk[100] = 0x00;
  junk[200] = 0xff;
  fe_expect_bad((const char *)junk, sizeof junk, 0);
  drv_expect_bad((const char *)junk, sizeof junk);
}

Test(badinput, nul_inside_a_kernel) {
  char t[sizeof valid];
  memcpy(t, valid, sizeof valid);
  char *at = strstr(t, "hivm.hir.load");
  cr_assert_not_null(at);
  at[4] = '\0';
  fe_expect_bad(t, sizeof valid - 1, 5);
  drv_expect_bad(t, sizeof valid - 1);
}

/* The frontend finds no kernel in these (no error of its own); the
** driver turns that into a bad-input error at 1:1. */
Test(badinput, empty_file) {
  mdl_vec units = {0};
  mdl_diags diags = {0};
  cr_assert_eq(fe_parse_file("e.mlir", "", 0, MDL_ARCH_A2, &units, &diags),
               0);
  cr_assert_eq(units.len, 0);
  fe_units_free(&units);
  mdl_diags_free(&diags);
  drv_expect_bad("", 0);
}

Test(badinput, only_comments) {
  const char *t = "// RUN: nothing\n// -----\n// CHECK: nothing either\n";
  mdl_vec units = {0};
  mdl_diags diags = {0};
  cr_assert_eq(
      fe_parse_file("c.mlir", t, strlen(t), MDL_ARCH_A2, &units, &diags), 0);
  cr_assert_eq(units.len, 0);
  cr_assert_eq(diags.errors, 0);
  fe_units_free(&units);
  mdl_diags_free(&diags);
  drv_expect_bad(t, strlen(t));
}

Test(badinput, missing_file) {
  ksv_options o;
  ksv_options_default(&o);
  char *buf = NULL;
  size_t blen = 0;
  FILE *out = open_memstream(&buf, &blen);
  const char *files[] = {"/nonexistent/ksv/no-such-file.mlir"};
  int rc = ksv_check(&o, files, 1, out);
  fclose(out);
  cr_assert_eq(rc, KSV_EXIT_BAD_INPUT);
  cr_assert_not_null(strstr(buf, "no-such-file.mlir:1:1: error:"), "%s",
                     buf);
  free(buf);
}

Test(badinput, bad_chunk_does_not_poison_other_chunks) {
  const char *t = "func.func @good() {\n"
                  "  hivm.hir.pipe_barrier[<PIPE_V>]\n"
                  "  return\n"
                  "}\n"
                  "// -----\n"
                  "func.func @bad() {\n"
                  "  hivm.hir.pipe_barrier[<PIPE_NOPE>]\n"
                  "  return\n"
                  "}\n";
  mdl_vec units = {0};
  mdl_diags diags = {0};
  uint32_t n =
      fe_parse_file("m.mlir", t, strlen(t), MDL_ARCH_A2, &units, &diags);
  cr_assert_eq(n, 1);
  cr_assert_eq(units.len, 2);
  fe_unit *g = &MDL_VEC_AT(units, fe_unit, 0);
  fe_unit *b = &MDL_VEC_AT(units, fe_unit, 1);
  cr_assert_str_eq(g->name, "good");
  cr_assert_not(g->error);
  cr_assert_not_null(g->k);
  cr_assert(b->error);
  cr_assert_null(b->k);
  const mdl_diag *d = &MDL_VEC_AT(diags.items, mdl_diag, 0);
  cr_assert_eq(d->rule, MDL_RULE_SYNTAX);
  cr_assert_eq(d->line, 7);
  fe_units_free(&units);
  mdl_diags_free(&diags);
}
