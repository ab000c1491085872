/*
** test_loc.c -- locations beyond one file and the compiler's auto-sync,
** on kernels built only through model/mdl_build.h (no frontend): the
** file and inlining-chain tables, a finding in a header carrying its file
** and chain into every report, fingerprints that survive moved lines,
** fix refusing to edit a header, and --assume-auto-sync's transformation
** (mdl_auto_sync) with its verdict note.
*/
#include <criterion/criterion.h>

#include "../checker/chk.h"
#include "../driver/ksv_int.h"
#include "../fix/fix.h"
#include "../model/mdl_build.h"
#include "../reports/rep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TestSuite(loc, .timeout = 20);

/* A buffer of bytes bytes in space sp at address addr. */
static mdl_valref buf_at(mdl_builder *bd, mdl_space sp, int64_t addr,
                         int64_t bytes, const char *name, mdl_loc loc) {
  mdl_valref a = mdl_b_const(bd, addr, loc);
  mdl_valref v = mdl_b_value(bd, name);
  mdl_b_memref_info(bd, v, sp, bytes, 2);
  mdl_stmt *s = mdl_b_buf(bd, MDL_B_PTR, v, "pointer_cast", loc);
  s->u.b.space = sp;
  s->u.b.size = bytes;
  s->u.b.naddr = 1;
  s->u.b.addrs = mdl_b_vals(bd, 1);
  s->u.b.addrs[0] = a;
  return v;
}

typedef struct {
  uint32_t shift;              /* lines every location moves by */
  const char *callee;          /* the inlined function of the ops */
  bool barrier;                /* PipeBarrier<PIPE_V> between the ops */
  bool in_header;              /* the ops are in kadd.h, else in k.cpp */
  mdl_lang lang;
  mdl_arch arch;
  bool scalar;                 /* the second op is GetValue on S */
  bool split;                  /* the Add is in k.cpp, not the header */
} kspec;

/* KernelAdd -> Process (at k.cpp:120:5) -> callee (at kadd.h:88:9, with
** in_header), whose Add writes
** ub and whose Mul (or GetValue) reads it: a V->V read-after-write pair
** (a pipe-hazard without the barrier), or V->S (a race). */
static mdl_kernel *build(const kspec *ks) {
  mdl_kernel *k = mdl_kernel_new("k.cpp", "KernelAdd");
  k->prof = mdl_profile_get(ks->arch);
  k->lang = ks->lang;
  mdl_builder bd;
  mdl_func *f = mdl_b_func(&bd, k, "KernelAdd", (mdl_loc){100, 1}, false);
  uint32_t h = ks->in_header ? mdl_b_file(k, "kadd.h") : 0;
  uint32_t c1 = mdl_b_chain(k, 0, "Process", (mdl_loc){120 + ks->shift, 5});
  uint32_t c2 = mdl_b_chain(k, c1, ks->callee,
                            (mdl_loc){88 + ks->shift, 9, h, 0});
  cr_assert_neq(c2, MDL_B_NONE);
  uint32_t s = ks->shift;
  mdl_valref ub = buf_at(&bd, MDL_SPACE_UB, 0, 64, "ub", (mdl_loc){101, 3});
  mdl_valref w = buf_at(&bd, MDL_SPACE_UB, 64, 64, "w", (mdl_loc){102, 3});
  mdl_acc_spec a1[1] = {mdl_acc(ub, MDL_ACC_WRITE)};
  mdl_b_op(&bd, "Add", MDL_PIPE_V, a1, 1, MDL_PIPE_NONE, NULL, 0,
           ks->split ? (mdl_loc){12 + s, 5} : (mdl_loc){12 + s, 5, h, c2});
  if (ks->barrier)
    mdl_b_barrier(&bd, MDL_PIPE_V, (mdl_loc){13 + s, 5, h, c2});
  if (ks->scalar) {
    mdl_valref i0 = mdl_b_const(&bd, 0, (mdl_loc){14 + s, 5, h, c2});
    mdl_b_scalar_access(&bd, "GetValue", ub, MDL_ACC_READ, i0, 2,
                        (mdl_loc){14 + s, 5, h, c2});
  } else {
    mdl_acc_spec a2[2] = {mdl_acc(ub, MDL_ACC_READ),
                          mdl_acc(w, MDL_ACC_WRITE)};
    mdl_b_op(&bd, "Mul", MDL_PIPE_V, a2, 2, MDL_PIPE_NONE, NULL, 0,
             (mdl_loc){14 + s, 5, h, c2});
  }
  mdl_kernel_lone(k, f, MDL_CORE_AIV, false);
  return k;
}

static kspec spec(void) {
  return (kspec){0, "Compute", false, true, MDL_LANG_ASCENDC, MDL_ARCH_A2,
                 false, false};
}

static void unroll_ok(mdl_kernel *k) {
  mdl_limits lim;
  mdl_limits_default(&lim);
  cr_assert_eq(mdl_unroll(k, &lim), 0);
  char err[512] = "";
  cr_assert_eq(mdl_selfcheck(k, err, sizeof err), 0, "selfcheck: %s", err);
}

/* Checks k (auto-sync as given first, on Ascend C) into d. */
static mdl_verdict check(mdl_kernel *k, bool auto_sync, mdl_diags *d,
                         char **note) {
  mdl_auto_sync(k, auto_sync);
  unroll_ok(k);
  chk_options co;
  chk_options_default(&co);
  co.redundant = true;
  *note = NULL;
  mdl_verdict v = chk_graph(k, &co, d, note);
  chk_steps_locate(k, d, 0);
  return v;
}

static uint32_t count_rule(const mdl_diags *d, mdl_rule r) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < d->items.len; i++)
    n += MDL_VEC_AT(d->items, mdl_diag, i).rule == r;
  return n;
}

static const mdl_diag *first_rule(const mdl_diags *d, mdl_rule r) {
  for (uint32_t i = 0; i < d->items.len; i++)
    if (MDL_VEC_AT(d->items, mdl_diag, i).rule == r)
      return &MDL_VEC_AT(d->items, mdl_diag, i);
  return NULL;
}

/* ------------------------------------------------------------ tables */

Test(loc, small_and_compatible) {
  cr_assert_eq(sizeof(mdl_loc), 12);
  mdl_loc l = (mdl_loc){3, 4};
  cr_assert_eq(l.file, 0);
  cr_assert_eq(l.chain, 0);
}

Test(loc, file_and_chain_tables) {
  mdl_kernel *k = mdl_kernel_new("k.cpp", "K");
  cr_assert_eq(mdl_b_file(k, "k.cpp"), 0);
  uint32_t h = mdl_b_file(k, "kadd.h");
  cr_assert_eq(h, 1);
  cr_assert_eq(mdl_b_file(k, "kadd.h"), 1);
  cr_assert_eq(mdl_b_file(k, "other.h"), 2);
  cr_assert_str_eq(mdl_kernel_file(k, 2), "other.h");
  cr_assert_str_eq(mdl_kernel_file(k, 0), "k.cpp");
  uint32_t c1 = mdl_b_chain(k, 0, "Process", (mdl_loc){120, 5});
  cr_assert_eq(c1, 1);
  cr_assert_eq(mdl_b_chain(k, 0, "Process", (mdl_loc){120, 5}), 1,
               "the same call in the same context is one entry");
  uint32_t c2 = mdl_b_chain(k, c1, "CopyIn", (mdl_loc){88, 9, h, 0});
  cr_assert_eq(c2, 2);
  cr_assert_eq(mdl_kernel_chain(k, c2)->call.chain, c1);
  cr_assert_eq(mdl_b_chain(k, 99, "X", (mdl_loc){1, 1}), MDL_B_NONE);
  mdl_where *w = mdl_where_of(k, (mdl_loc){12, 5, h, c2});
  cr_assert_not_null(w);
  cr_assert_str_eq(w->file, "kadd.h");
  cr_assert_eq(w->nframes, 2);
  cr_assert_str_eq(w->frames[0].func, "CopyIn");
  cr_assert_str_eq(w->frames[0].caller, "Process");
  cr_assert_str_eq(w->frames[0].file, "kadd.h");
  cr_assert_eq(w->frames[1].line, 120);
  char buf[256];
  cr_assert_str_eq(mdl_where_chain_str(w, buf, sizeof buf),
                   "in CopyIn, called from Process at kadd.h:88:9, called "
                   "from K at 120:5");
  mdl_where_free(w);
  cr_assert_null(mdl_where_of(k, (mdl_loc){12, 5}),
                 "file 0 without a chain resolves to nothing (HIVM)");
  mdl_kernel_free(k);
}

Test(loc, a_frontend_error_in_a_header) {
  mdl_file_result fr = {.path = "k.cpp"};
  mdl_diag *d = mdl_diag_add(&fr.diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR,
                             "k.cpp", NULL, 7, 3, "expected ';'");
  mdl_diag_in_file(d, "kadd.h");
  mdl_diag *e = mdl_diag_add(&fr.diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR,
                             "k.cpp", NULL, 9, 1, "in the input");
  mdl_diag_in_file(e, "k.cpp");
  cr_assert_null(e->where, "the input itself: nothing to say");
  rep_input in = {.files = &fr, .nfiles = 1, .tool_version = "0.1.0",
                  .arch = "a2"};
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  rep_text(f, &in);
  fclose(f);
  cr_assert_not_null(strstr(buf, "kadd.h:7:3: error: expected ';'"), "%s",
                     buf);
  cr_assert_not_null(strstr(buf, "k.cpp:9:1: error: in the input"), "%s",
                     buf);
  free(buf);
  mdl_file_result_free(&fr);
}

/* ---------------------------------------------------------- reports */

static char *render(int (*fn)(FILE *, const rep_input *), const rep_input *in) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  cr_assert_not_null(f);
  cr_assert_eq(fn(f, in), 0);
  fclose(f);
  return buf;
}

/* Writes a rendered report to the file the environment variable env
** names, if set: tests/sarif_test.sh and tests/json_schema_test.sh
** validate the reports of this C++ kernel with their schemas. */
static void keep_report(const char *env, const char *text) {
  const char *path = getenv(env);
  FILE *f = path ? fopen(path, "w") : NULL;
  if (f) {
    fputs(text, f);
    fclose(f);
  }
}

static void assert_has(const char *hay, const char *needle, const char *fmt) {
  cr_assert_not_null(strstr(hay, needle), "%s: no \"%s\" in:\n%s", fmt, needle,
                     hay);
}

Test(loc, a_header_finding_in_every_report) {
  kspec ks = spec();
  mdl_kernel *k = build(&ks);
  mdl_file_result fr = {.path = "k.cpp"};
  char *note;
  cr_assert_eq(check(k, false, &fr.diags, &note), MDL_VERDICT_FINDINGS);
  const mdl_diag *d = first_rule(&fr.diags, MDL_RULE_PIPE_HAZARD);
  cr_assert_not_null(d, "the V->V pair without a barrier");
  cr_assert_not_null(d->where);
  cr_assert_str_eq(d->where->file, "kadd.h");
  cr_assert_eq(d->where->nframes, 2);
  cr_assert_str_eq(d->where->frames[0].func, "Compute");
  cr_assert_gt(d->nrelated, 0);
  cr_assert_not_null(d->related[0].where);
  cr_assert_gt(d->nsteps, 0);
  cr_assert_not_null(d->steps[0].where, "witness steps carry the file");
  mdl_unit_result *u = mdl_vec_push(&fr.units, sizeof *u);
  u->name = mdl_strprintf("KernelAdd");
  u->verdict = MDL_VERDICT_FINDINGS;
  u->note = ksv_auto_sync_note(k, note);
  rep_file_info fi = {0};
  fi.text = mdl_strprintf("// k.cpp\n");
  fi.len = strlen(fi.text);
  rep_sites_collect(k, &fr.diags, NULL, 0, &fi);
  rep_fingerprints(&fr, &fi);
  rep_input in = {.files = &fr, .info = &fi, .nfiles = 1,
                  .tool_version = "0.1.0", .arch = "a2"};
  char *t = render(rep_text, &in);
  assert_has(t, "kadd.h:14:5: error: ", "text");
  assert_has(t, "kadd.h:88:9: note: in Compute, called from Process\n",
             "text");
  assert_has(t, "k.cpp:120:5: note: in Process, called from KernelAdd\n",
             "text");
  assert_has(t, "kadd.h:12:5: note: conflicting Add write", "text");
  cr_assert_null(strstr(strstr(t, "conflicting Add"), "called from"),
                 "a related location's chain, the same as the finding's, is "
                 "not repeated:\n%s", t);
  assert_has(t, "auto-sync assumed off (--assume-auto-sync)", "text");
  free(t);
  t = render(rep_json, &in);
  keep_report("KSV_LOC_JSON", t); /* for the JSON schema test */
  assert_has(t, "\"file\": \"kadd.h\"", "json");
  assert_has(t, "\"inlined_from\"", "json");
  assert_has(t, "\"function\": \"Compute\"", "json");
  assert_has(t, "\"caller\": \"KernelAdd\"", "json");
  free(t);
  t = render(rep_sarif, &in);
  keep_report("KSV_LOC_SARIF", t); /* for the SARIF validator */
  assert_has(t, "\"uri\": \"kadd.h\"", "sarif");
  assert_has(t, "\"stacks\"", "sarif");
  assert_has(t, "\"analysisTarget\"", "sarif");
  assert_has(t, "Compute called from Process", "sarif");
  assert_has(t, "auto-sync assumed off", "sarif");
  free(t);
  t = render(rep_junit, &in);
  assert_has(t, "kadd.h:14:5: ", "junit");
  assert_has(t, "note: in Compute, called from Process", "junit");
  free(t);
  t = render(rep_html, &in);
  assert_has(t, "kadd.h:14:5", "html");
  assert_has(t, "in Compute, called from Process at kadd.h:88:9", "html");
  assert_has(t, "auto-sync assumed off", "html");
  free(t);
  rep_file_info_free(&fi);
  mdl_file_result_free(&fr);
  mdl_kernel_free(k);
}

Test(loc, the_other_access_in_another_file_is_named_with_it) {
  kspec ks = spec();
  ks.split = true;
  mdl_kernel *k = build(&ks);
  mdl_diags d = {0};
  char *note;
  check(k, false, &d, &note);
  free(note);
  const mdl_diag *g = first_rule(&d, MDL_RULE_PIPE_HAZARD);
  cr_assert_not_null(g);
  cr_assert_not_null(strstr(g->message, "before the Add at k.cpp:12:5 on"),
                     "%s", g->message);
  cr_assert_null(g->related[0].where, "the Add: the input, no chain");
  mdl_diags_free(&d);
  mdl_kernel_free(k);
  ks.split = false; /* same file: the line and column say it */
  k = build(&ks);
  check(k, false, &d, &note);
  free(note);
  g = first_rule(&d, MDL_RULE_PIPE_HAZARD);
  cr_assert_not_null(strstr(g->message, "before the Add at 12:5 on"), "%s",
                     g->message);
  mdl_diags_free(&d);
  mdl_kernel_free(k);
}

/* The fingerprint of the header finding (its first pipe-hazard) of ks. */
static char *fp_of(const kspec *ks) {
  mdl_kernel *k = build(ks);
  mdl_file_result fr = {.path = "k.cpp"};
  char *note;
  check(k, false, &fr.diags, &note);
  free(note);
  mdl_diags_sort(&fr.diags);
  rep_file_info fi = {0};
  rep_sites_collect(k, &fr.diags, NULL, 0, &fi);
  rep_fingerprints(&fr, &fi);
  char *r = NULL;
  for (uint32_t i = 0; i < fr.diags.items.len && !r; i++)
    if (MDL_VEC_AT(fr.diags.items, mdl_diag, i).rule == MDL_RULE_PIPE_HAZARD)
      r = mdl_strprintf("%s", fi.fps[i]);
  cr_assert_not_null(r);
  rep_file_info_free(&fi);
  mdl_file_result_free(&fr);
  mdl_kernel_free(k);
  return r;
}

Test(loc, fingerprints_ignore_moved_lines_not_the_call_path) {
  kspec ks = spec();
  char *a = fp_of(&ks);
  ks.shift = 7; /* every line, in the header and the main file, moves */
  char *b = fp_of(&ks);
  cr_assert_str_eq(a, b);
  ks.callee = "ComputeTail"; /* the same ops reached through another call */
  char *c = fp_of(&ks);
  cr_assert_str_neq(a, c);
  ks = spec();
  ks.in_header = false; /* the same lines in the main file */
  char *e = fp_of(&ks);
  cr_assert_str_neq(a, e);
  free(a);
  free(b);
  free(c);
  free(e);
}

/* ------------------------------------------------------------- dump */

Test(loc, dump_shows_each_instruction_with_its_source_call) {
  kspec ks = spec();
  mdl_kernel *k = build(&ks);
  mdl_auto_sync(k, true);
  unroll_ok(k);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  ksv_dump_kernel(f, k);
  fclose(f);
  assert_has(buf, "auto-sync assumed on (--assume-auto-sync: 2 syncs "
                  "inserted)", "dump");
  assert_has(buf, " kadd.h:14:5 PIPE_V    Mul", "dump");
  assert_has(buf, "(in Compute, called from Process at kadd.h:88:9, called "
                  "from KernelAdd at 120:5)", "dump");
  assert_has(buf, " kadd.h:12:5 PIPE_V    auto-sync pipe_barrier", "dump");
  free(buf);
  mdl_kernel_free(k);
}

/* ------------------------------------------------------------ replay */

Test(loc, replay_finds_the_pair_in_its_header) {
  kspec ks = spec();
  mdl_kernel *k = build(&ks);
  mdl_diags d = {0};
  char *note;
  check(k, false, &d, &note);
  free(note);
  ksv_replay_diags(k, &d, 0, MDL_FLAGS_COUNT);
  const mdl_diag *g = first_rule(&d, MDL_RULE_PIPE_HAZARD);
  cr_assert_not_null(g);
  const mdl_related *rp = NULL;
  for (uint32_t r = 0; r < g->nrelated; r++)
    if (strstr(g->related[r].message, "replay on the simulator"))
      rp = &g->related[r];
  cr_assert_not_null(rp);
  cr_assert_not_null(strstr(rp->message, "the race happens"), "%s",
                     rp->message);
  cr_assert_not_null(rp->where, "the note is in the finding's file");
  cr_assert_str_eq(rp->where->file, "kadd.h");
  mdl_diags_free(&d);
  mdl_kernel_free(k);
}

/* -------------------------------------------------------------- fix */

/* The candidates for the pipe-hazard of ks on a text of 200 lines. */
static uint32_t ncands(const kspec *ks) {
  mdl_kernel *k = build(ks);
  mdl_diags d = {0};
  char *note;
  check(k, false, &d, &note);
  free(note);
  const mdl_diag *g = first_rule(&d, MDL_RULE_PIPE_HAZARD);
  cr_assert_not_null(g);
  char text[200 * 16];
  size_t n = 0;
  for (int i = 0; i < 200; i++)
    n += (size_t)snprintf(text + n, sizeof text - n, "  op%d();\n", i);
  fix_text t;
  fix_text_init(&t, text, n);
  mdl_vec cs = {0};
  fix_candidates(k, &t, g, &cs);
  uint32_t r = cs.len;
  fix_cands_free(&cs);
  fix_text_free(&t);
  mdl_diags_free(&d);
  mdl_kernel_free(k);
  return r;
}

Test(loc, fix_edits_only_the_input_file) {
  kspec ks = spec();
  ks.in_header = false;
  cr_assert_gt(ncands(&ks), 0, "in the main file: repairs");
  ks.in_header = true;
  cr_assert_eq(ncands(&ks), 0, "in a header: no edit of the input's lines");
}

/* -------------------------------------------------------- auto-sync */

Test(loc, auto_sync_orders_vector_ops) {
  kspec ks = spec();
  mdl_kernel *k = build(&ks);
  mdl_diags d = {0};
  char *note;
  check(k, false, &d, &note);
  cr_assert_eq(count_rule(&d, MDL_RULE_PIPE_HAZARD), 1, "off: a finding");
  cr_assert_eq(k->auto_sync, 0);
  char *n = ksv_auto_sync_note(k, note);
  cr_assert_str_eq(n + strlen(n) - strlen("auto-sync assumed off "
                                          "(--assume-auto-sync)"),
                   "auto-sync assumed off (--assume-auto-sync)");
  free(n);
  mdl_diags_free(&d);
  mdl_kernel_free(k);

  k = build(&ks);
  cr_assert_eq(check(k, true, &d, &note), MDL_VERDICT_CLEAN,
               "on: the compiler's barrier orders the pair");
  cr_assert_eq(d.items.len, 0, "and is never reported redundant");
  cr_assert_eq(k->auto_syncs, 2, "one barrier per vector op");
  n = ksv_auto_sync_note(k, note);
  cr_assert_not_null(strstr(n, "auto-sync assumed on (--assume-auto-sync: "
                               "2 syncs inserted)"), "%s", n);
  free(n);
  mdl_diags_free(&d);
  mdl_kernel_free(k);
}

Test(loc, auto_sync_keeps_a_spelled_barrier) {
  kspec ks = spec();
  ks.barrier = true;
  mdl_kernel *k = build(&ks);
  mdl_diags d = {0};
  char *note;
  cr_assert_eq(check(k, true, &d, &note), MDL_VERDICT_CLEAN);
  free(note);
  cr_assert_eq(k->auto_syncs, 1, "only before the first op");
  cr_assert_eq(count_rule(&d, MDL_RULE_REDUNDANT_BARRIER), 0);
  mdl_diags_free(&d);
  mdl_kernel_free(k);
}

Test(loc, auto_sync_is_ascend_c_only) {
  kspec ks = spec();
  ks.lang = MDL_LANG_HIVM;
  ks.in_header = false;
  mdl_kernel *k = build(&ks);
  mdl_diags d = {0};
  char *note;
  check(k, true, &d, &note);
  cr_assert_eq(count_rule(&d, MDL_RULE_PIPE_HAZARD), 1);
  cr_assert_eq(k->auto_syncs, 0);
  cr_assert_eq(k->auto_sync, -1);
  char *n = ksv_auto_sync_note(k, note);
  cr_assert(!n || !strstr(n, "auto-sync"), "no note for HIVM");
  free(n);
  mdl_diags_free(&d);
  mdl_kernel_free(k);
}

Test(loc, auto_sync_scalar_pairs_on_a2_only) {
  kspec ks = spec();
  ks.scalar = true;
  mdl_kernel *k = build(&ks);
  mdl_diags d = {0};
  char *note;
  check(k, false, &d, &note);
  free(note);
  cr_assert_eq(count_rule(&d, MDL_RULE_RACE), 1, "off: V -> S race");
  mdl_diags_free(&d);
  mdl_kernel_free(k);

  k = build(&ks);
  cr_assert_eq(check(k, true, &d, &note), MDL_VERDICT_CLEAN, "on, a2");
  free(note);
  cr_assert_eq(d.items.len, 0);
  mdl_diags_free(&d);
  mdl_kernel_free(k);

  ks.arch = MDL_ARCH_A5;
  k = build(&ks);
  check(k, true, &d, &note);
  free(note);
  cr_assert_eq(count_rule(&d, MDL_RULE_RACE), 1,
               "on, a5: no scalar pairs (ASCENDC.md: on a2)");
  mdl_diags_free(&d);
  mdl_kernel_free(k);
}
