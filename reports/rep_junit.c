/*
** rep_junit.c -- JUnit XML (the Apache Ant schema that Jenkins and GitLab
** read), written with libxml2's xmlTextWriter.
**
** One <testsuite> per input file.  Per kernel, one <testcase> per finding
** rule, classname "<file path as dots>.<kernel>", name the rule id, that
** passes; or, when the kernel has findings of the rule, one testcase per
** finding named "<rule> <kernel> <fingerprint>" (rep_fp.c): CI systems
** that compare runs key on the name, and the fingerprint does not move
** with line numbers or with the order of files, kernels and findings.
** A finding is a testcase of its own kernel only (rep_diag_units: two
** chunks may hold kernels of one name), so there is one per finding.
** A kernel that was not decided or not built gets a testcase "unknown" /
** "bad-input" with an <error>, and its rule testcases are <skipped>.  A
** finding at or above --fail-on is a <failure>; a warning below it
** passes, its text in the testcase's own <system-out> (and, as before, in
** the suite's with the other notes).  Every message is in the attribute
** and in the body (older GitLab shows only the body).
**
** Every testcase has `file` and `line` attributes (GitLab shows the
** file; the Ant schema has neither, nor a testcase's <system-out>: the
** Jenkins and GitLab readers take both, docs/ci.md): the finding's own
** location (a C++ header when it is there), else the kernel's first line,
** else the first diagnostic's; line is left out when there is none.
**
** Times: the testsuite's is the wall time of the whole file (reading,
** parsing, every kernel, --fix).  A kernel's analysis time (unrolling,
** checking, --replay; mdl_unit_result.secs, measured by the driver) is
** split evenly over its testcases, since one analysis decides every rule
** at once; the file's testcases of no kernel (an unreadable file, a chunk
** that does not parse) share what the kernels did not take.
*/
#include "rep.h"

#include <libxml/xmlwriter.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef enum { TC_PASS, TC_FAIL, TC_ERROR, TC_SKIP } tc_kind;

typedef struct {
  char *classname, *name;
  tc_kind kind;
  double secs;                 /* its share of the analysis time */
  const char *type;            /* rule id of a failure/error */
  char *message, *body;
  char *file;                  /* its location: file and line (0: none) */
  uint32_t line;
  char *out;                   /* its own <system-out>: a warning */
} testcase;

typedef struct {
  testcase *v;
  uint32_t n, cap;
  bool cut;                    /* the run's deadline passed: no more */
} tc_list;

static char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (!p)
    abort();
  return memcpy(p, s, n);
}

static testcase *tc_add(tc_list *l, const char *classname, const char *name,
                        tc_kind kind, const char *file, uint32_t line) {
  if (l->n == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 32;
    testcase *nv = realloc(l->v, l->cap * sizeof *nv);
    if (!nv)
      abort();
    l->v = nv;
  }
  testcase *t = &l->v[l->n++];
  memset(t, 0, sizeof *t);
  t->classname = xstrdup(classname);
  t->name = xstrdup(name);
  t->kind = kind;
  t->file = xstrdup(file);
  t->line = line;
  return t;
}

static void tc_free(tc_list *l) {
  for (uint32_t i = 0; i < l->n; i++) {
    free(l->v[i].classname);
    free(l->v[i].name);
    free(l->v[i].message);
    free(l->v[i].body);
    free(l->v[i].file);
    free(l->v[i].out);
  }
  free(l->v);
}

/* "corpus/x/ok.mlir" -> "corpus.x.ok": a Java-like package path, which
** Jenkins splits at its last dot and GitLab shows as is. */
static char *class_of_path(const char *path) {
  while (*path == '.' || *path == '/')
    path++;
  char *c = xstrdup(*path ? path : "input");
  char *dot = strrchr(c, '.');
  if (dot && dot != c && !strchr(dot, '/'))
    *dot = 0;
  for (char *p = c; *p; p++)
    if (*p == '/' || *p == '\\' || *p == ' ')
      *p = '.';
  return c;
}

/* The diagnostic as GCC-style text with its notes. */
static void diag_text(FILE *f, const char *path, const mdl_diag *d) {
  const char *df = mdl_where_file(d->where, path); /* a C++ header */
  fprintf(f, "%s:%u:%u: %s: %s [%s]\n", df, d->line, d->col,
          mdl_severity_name(d->severity), d->message, mdl_rule_name(d->rule));
  rep_chain_notes(f, path, d->where);
  for (uint32_t r = 0; r < d->nrelated; r++) {
    fprintf(f, "%s:%u:%u: note: %s\n",
            mdl_where_file(d->related[r].where, path), d->related[r].line,
            d->related[r].col, d->related[r].message);
    if (!rep_same_chain(d->related[r].where, d->where))
      rep_chain_notes(f, path, d->related[r].where);
  }
  if (d->witness)
    fprintf(f, "%s:%u:%u: note: witness: %s\n", df, d->line, d->col,
            d->witness);
  if (d->extra)
    fprintf(f, "%s:%u:%u: note: and %u more instance%s of this pair\n", df,
            d->line, d->col, d->extra, d->extra == 1 ? "" : "s");
}

static char *diag_string(const char *path, const mdl_diag *d) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f)
    abort();
  diag_text(f, path, d);
  fclose(f);
  return buf;
}

/* A file's diagnostics by the testcases they go in: group u those of
** unit u (rep_diag_units), group nunits those of the file itself. */
typedef struct {
  rep_groups g;
  uint32_t nunits;
} by_unit;

typedef struct { uint32_t line, u; } unit_line;

static int line_cmp(const void *a, const void *b) {
  const unit_line *x = a, *y = b;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->u < y->u ? -1 : x->u > y->u;
}

/* The unit that a diagnostic of no known unit (an input error of a chunk
** that has no kernel name yet) belongs to: the last unit that starts at
** or before it when that one failed to build; the file's otherwise.
** ord: the units by line, last[k] the latest of ord[0..k]. */
static uint32_t orphan_owner(const mdl_file_result *fr, const unit_line *ord,
                             const uint32_t *last, const mdl_diag *d) {
  uint32_t lo = 0, hi = fr->units.len; /* units starting at or before d */
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (ord[mid].line <= d->line)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (!lo)
    return fr->units.len;
  uint32_t u = last[lo - 1];
  return MDL_VEC_AT(fr->units, mdl_unit_result, u).verdict ==
                 MDL_VERDICT_ERROR
             ? u
             : fr->units.len;
}

static void by_unit_make(const mdl_file_result *fr, by_unit *b) {
  uint32_t nu = fr->units.len, n = fr->diags.items.len;
  uint32_t *owner = rep_diag_units(fr);
  unit_line *ord = malloc((nu + 1) * sizeof *ord);
  uint32_t *last = malloc((nu + 1) * sizeof *last);
  if (!ord || !last)
    abort();
  for (uint32_t u = 0; u < nu; u++)
    ord[u] = (unit_line){MDL_VEC_AT(fr->units, mdl_unit_result, u).line, u};
  qsort(ord, nu, sizeof *ord, line_cmp);
  for (uint32_t k = 0; k < nu; k++)
    last[k] = k && last[k - 1] > ord[k].u ? last[k - 1] : ord[k].u;
  for (uint32_t i = 0; i < n; i++)
    if (owner[i] == REP_NONE)
      owner[i] = orphan_owner(
          fr, ord, last, &MDL_VEC_AT(fr->diags.items, mdl_diag, i));
  b->nunits = nu;
  rep_groups_make(&b->g, owner, n, nu + 1);
  free(owner);
  free(ord);
  free(last);
}

/* The diagnostics of group k of b: *n of them, numbered as returned. */
static const uint32_t *members(const by_unit *b, uint32_t k, uint32_t *n) {
  *n = b->g.first[k + 1] - b->g.first[k];
  return b->g.idx + b->g.first[k];
}

/* An error testcase for the kernel-level diagnostics of rule r (unknown,
** bad input) of unit u (its diagnostics mine[0..nmine)), or of the file
** itself (u NULL). */
static void error_case(tc_list *l, const mdl_file_result *fr,
                       const char *cls, const mdl_unit_result *u,
                       const uint32_t *mine, uint32_t nmine, mdl_rule r,
                       const char *fallback) {
  const char *file = fr->path;
  uint32_t line = u ? u->line : 0;
  char *body = NULL, *first = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&body, &len);
  if (!f)
    abort();
  for (uint32_t m = 0; m < nmine; m++) {
    const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, mine[m]);
    if (d->rule != r)
      continue;
    if (!first) {
      file = mdl_where_file(d->where, fr->path);
      line = d->line;
      first = mdl_strprintf("%s:%u:%u: %s", file, d->line, d->col,
                            d->message);
    }
    diag_text(f, fr->path, d);
  }
  fclose(f);
  if (!first && !fallback) {
    free(body);
    return;
  }
  testcase *t = tc_add(l, cls, mdl_rule_name(r), TC_ERROR, file, line);
  t->type = mdl_rule_name(r);
  t->message = first ? first : mdl_strprintf("%s", fallback);
  if (!len) {
    free(body);
    body = mdl_strprintf("%s\n", t->message);
  }
  t->body = body;
}

/* The root cause line of finding i of a group of several (the lead says
** how many follow, a consequence what it follows from), or NULL. */
static char *cause_line(const mdl_file_result *fr, uint32_t i) {
  const mdl_cause *c =
      rep_cause_of(fr, &MDL_VEC_AT(fr->diags.items, mdl_diag, i));
  if (!c || c->nfindings < 2)
    return NULL;
  if (c->lead == i)
    return mdl_strprintf("root cause %u: %s: %u findings follow from it\n",
                         c->id, c->text, c->nfindings);
  return mdl_strprintf("follows from root cause %u at %u:%u: %s\n", c->id,
                       c->line, c->col, c->text);
}

/* The testcase of one finding d (index i of fr's diagnostics) of rule,
** named by its fingerprint when the driver computed one; k numbers the
** rule's findings of the kernel for a renderer given none (tests). */
static void finding_case(tc_list *l, const rep_input *in,
                         const mdl_file_result *fr, const rep_file_info *fi,
                         const char *cls, const mdl_unit_result *u,
                         uint32_t i, uint32_t nf, uint32_t k, FILE *sysout) {
  const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
  const char *rule = mdl_rule_name(d->rule);
  const char *fp = fi && i < fi->nfps ? fi->fps[i] : NULL;
  char *name = fp        ? mdl_strprintf("%s %s %s", rule, u->name, fp)
               : nf == 1 ? mdl_strprintf("%s", rule)
                         : mdl_strprintf("%s #%u", rule, k);
  bool fails = !d->suppressed && (d->severity == MDL_SEV_ERROR ||
               (in->fail_on_warning && d->severity == MDL_SEV_WARNING));
  const char *file = mdl_where_file(d->where, fr->path);
  testcase *t = tc_add(l, cls, name, fails         ? TC_FAIL
                                     : d->suppressed ? TC_SKIP
                                                     : TC_PASS,
                       file, d->line);
  free(name);
  char *body = diag_string(fr->path, d), *cl = cause_line(fr, i);
  if (cl) { /* one testcase per finding (stable names); the cause first */
    char *b = mdl_strprintf("%s%s", cl, body);
    free(body);
    body = b;
  }
  if (d->suppressed) { /* kept visible: skipped, with the justification */
    t->message = mdl_strprintf("suppressed: %s", d->suppress_why);
    t->out = body;
  } else if (fails) {
    t->type = rule;
    t->message = mdl_strprintf("%s:%u:%u: %s", file, d->line, d->col,
                               d->message);
    t->body = body;
  } else { /* a warning below --fail-on: shown, passing */
    t->out = body;
    if (cl)
      fputs(cl, sysout);
    diag_text(sysout, fr->path, d);
  }
  free(cl);
}

/* The testcases of rule r of unit u (cls its class; mine[0..nmine) its
** diagnostics; skip: why its rules were not checked, or NULL). */
static void rule_cases(tc_list *l, const rep_input *in,
                       const mdl_file_result *fr, const rep_file_info *fi,
                       const char *cls, const mdl_unit_result *u,
                       const uint32_t *mine, uint32_t nmine, mdl_rule r,
                       const char *skip, FILE *sysout) {
  uint32_t nf = 0;
  for (uint32_t m = 0; m < nmine; m++)
    nf += MDL_VEC_AT(fr->diags.items, mdl_diag, mine[m]).rule == r;
  const char *rule = mdl_rule_name(r);
  /* a lone half: the rules only cross-core syncs and accesses break
     were not checked */
  bool xcore = r == MDL_RULE_XCORE_RACE || r == MDL_RULE_FLAG_OVERFLOW;
  if (!nf && u->open && xcore && !skip) {
    testcase *t = tc_add(l, cls, rule, TC_SKIP, fr->path, u->line);
    t->message = mdl_strprintf("not checked: %s (cross-core not checked)",
                               u->note ? u->note : "a lone half");
    return;
  }
  if (!nf) {
    testcase *t = tc_add(l, cls, rule, skip ? TC_SKIP : TC_PASS, fr->path,
                         u->line);
    if (skip)
      t->message = mdl_strprintf("%s", skip);
    return;
  }
  uint32_t k = 0;
  for (uint32_t m = 0; m < nmine && !l->cut; m++)
    if (MDL_VEC_AT(fr->diags.items, mdl_diag, mine[m]).rule == r) {
      l->cut = k % 64 == 63 && rep_late(in);
      if (!l->cut)
        finding_case(l, in, fr, fi, cls, u, mine[m], nf, ++k, sysout);
    }
}

/* The testcases of unit u (mine[0..nmine): its diagnostics). */
static void unit_cases(tc_list *l, const rep_input *in,
                       const mdl_file_result *fr, const rep_file_info *fi,
                       const char *fcls, const mdl_unit_result *u,
                       const uint32_t *mine, uint32_t nmine, FILE *sysout) {
  uint32_t first = l->n;
  char *cls = mdl_strprintf("%s.%s", fcls, u->name);
  const char *skip = NULL;
  if (u->verdict == MDL_VERDICT_ERROR) {
    error_case(l, fr, cls, u, mine, nmine, MDL_RULE_SYNTAX,
               "the kernel could not be built: see the bad-input errors of "
               "this file");
    skip = "not checked: bad input";
  } else if (u->verdict == MDL_VERDICT_UNKNOWN) {
    char *why = mdl_strprintf("not decided%s%s", u->note ? ": " : "",
                              u->note ? u->note : "");
    error_case(l, fr, cls, u, mine, nmine, MDL_RULE_UNKNOWN, why);
    free(why);
    skip = "not decided (see the unknown testcase)";
  } else {
    /* a kernel with a verdict can still carry located input errors */
    error_case(l, fr, cls, u, mine, nmine, MDL_RULE_SYNTAX, NULL);
    error_case(l, fr, cls, u, mine, nmine, MDL_RULE_UNKNOWN, NULL);
  }
  for (int r = 0; r < MDL_RULE_COUNT && !l->cut; r++)
    if (rep_rule_is_finding((mdl_rule)r))
      rule_cases(l, in, fr, fi, cls, u, mine, nmine, (mdl_rule)r, skip,
                 sysout);
  for (uint32_t i = first; i < l->n; i++) /* the kernel's time, shared */
    l->v[i].secs = u->secs > 0 ? u->secs / (l->n - first) : 0;
  free(cls);
}

static void attr(xmlTextWriterPtr w, const char *name, const char *value) {
  char *v = rep_clean(value);
  xmlTextWriterWriteAttribute(w, BAD_CAST name, BAD_CAST v);
  free(v);
}

static void attr_u(xmlTextWriterPtr w, const char *name, uint32_t value) {
  xmlTextWriterWriteFormatAttribute(w, BAD_CAST name, "%u", value);
}

static void text(xmlTextWriterPtr w, const char *s) {
  char *v = rep_clean(s);
  xmlTextWriterWriteString(w, BAD_CAST v);
  free(v);
}

/* The testcase that says the report stops short: the run's deadline
** passed while it was written, and kernels' testcases from here on are
** not in it (an error: the run is not a clean one). */
static void cut_case(tc_list *l, const rep_input *in, const char *fcls,
                     const char *path, const char *from) {
  testcase *t = tc_add(l, fcls, "(report cut short)", TC_ERROR, path, 0);
  t->type = "unknown";
  t->message = mdl_strprintf("%s ran out while the report was written: "
                             "the testcases from kernel %s on are not (all) "
                             "in it", in->deadline_by ? in->deadline_by
                                                      : "the run's deadline",
                             from);
}

/* One <testsuite> of file fi; *cut: the deadline passed (set here, or
** before: the suite then holds only the cut testcase). */
static void write_suite(xmlTextWriterPtr w, const rep_input *in, uint32_t fi,
                        const char *stamp, const char *host, bool *cut) {
  const mdl_file_result *fr = &in->files[fi];
  char *fcls = class_of_path(fr->path);
  tc_list l = {0};
  char *out = NULL;
  size_t outlen = 0;
  FILE *sysout = open_memstream(&out, &outlen);
  if (!sysout)
    abort();
  by_unit bu;
  by_unit_make(fr, &bu);
  uint32_t nmine;
  const uint32_t *mine = members(&bu, bu.nunits, &nmine);
  /* input errors that belong to no kernel (unreadable file, bad chunk) */
  error_case(&l, fr, fcls, NULL, mine, nmine, MDL_RULE_SYNTAX, NULL);
  error_case(&l, fr, fcls, NULL, mine, nmine, MDL_RULE_UNKNOWN, NULL);
  const rep_file_info *info = in->info ? &in->info[fi] : NULL;
  uint32_t nfile = l.n;
  double rest = in->info ? in->info[fi].secs : 0.0;
  for (uint32_t u = 0; u < fr->units.len; u++) {
    const mdl_unit_result *ur = &MDL_VEC_AT(fr->units, mdl_unit_result, u);
    l.cut = *cut || rep_late(in);
    if (!l.cut) {
      mine = members(&bu, u, &nmine);
      unit_cases(&l, in, fr, info, fcls, ur, mine, nmine, sysout);
      rest -= ur->secs;
    }
    if (l.cut) {
      *cut = true;
      cut_case(&l, in, fcls, fr->path, ur->name);
      break;
    }
  }
  rep_groups_free(&bu.g);
  for (uint32_t i = 0; i < nfile; i++)
    l.v[i].secs = rest > 0 ? rest / nfile : 0;
  for (uint32_t i = 0; i < fr->diags.items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
    if (!rep_rule_is_finding(d->rule) && d->rule != MDL_RULE_SYNTAX &&
        d->rule != MDL_RULE_UNKNOWN)
      diag_text(sysout, fr->path, d);
  }
  for (uint32_t u = 0; u < fr->units.len; u++) {
    const mdl_unit_result *ur = &MDL_VEC_AT(fr->units, mdl_unit_result, u);
    fprintf(sysout, "%s: %s: %s%s%s\n", fr->path, ur->name,
            mdl_unit_verdict_name(ur), ur->note ? " -- " : "",
            ur->note ? ur->note : "");
  }
  fclose(sysout);
  uint32_t fails = 0, errors = 0, skipped = 0;
  for (uint32_t i = 0; i < l.n; i++) {
    fails += l.v[i].kind == TC_FAIL;
    errors += l.v[i].kind == TC_ERROR;
    skipped += l.v[i].kind == TC_SKIP;
  }
  xmlTextWriterStartElement(w, BAD_CAST "testsuite");
  attr(w, "name", fr->path);
  attr(w, "package", fcls);
  attr_u(w, "id", fi);
  attr(w, "timestamp", stamp);
  attr(w, "hostname", host);
  attr_u(w, "tests", l.n);
  attr_u(w, "failures", fails);
  attr_u(w, "errors", errors);
  attr_u(w, "skipped", skipped);
  xmlTextWriterWriteFormatAttribute(
      w, BAD_CAST "time", "%.3f", in->info ? in->info[fi].secs : 0.0);
  xmlTextWriterStartElement(w, BAD_CAST "properties");
  const char *props[][2] = {{"ksv.version", in->tool_version},
                            {"ksv.arch", in->arch},
                            {"ksv.fail-on",
                             in->fail_on_warning ? "warning" : "error"},
                            {"ksv.baseline", in->baseline}};
  for (size_t p = 0; p < sizeof props / sizeof *props; p++) {
    if (!props[p][1])
      continue;
    xmlTextWriterStartElement(w, BAD_CAST "property");
    attr(w, "name", props[p][0]);
    attr(w, "value", props[p][1]);
    xmlTextWriterEndElement(w);
  }
  xmlTextWriterEndElement(w);
  for (uint32_t i = 0; i < l.n; i++) {
    const testcase *t = &l.v[i];
    xmlTextWriterStartElement(w, BAD_CAST "testcase");
    attr(w, "name", t->name);
    attr(w, "classname", t->classname);
    attr(w, "file", t->file);
    if (t->line)
      attr_u(w, "line", t->line);
    /* six decimals: a small kernel's share is well under a millisecond */
    xmlTextWriterWriteFormatAttribute(w, BAD_CAST "time", "%.6f", t->secs);
    if (t->kind != TC_PASS) {
      xmlTextWriterStartElement(w, BAD_CAST(t->kind == TC_FAIL    ? "failure"
                                            : t->kind == TC_ERROR ? "error"
                                                                  : "skipped"));
      attr(w, "message", t->message);
      if (t->type)
        attr(w, "type", t->type);
      text(w, t->body ? t->body : t->message);
      xmlTextWriterEndElement(w);
    }
    if (t->out) {
      xmlTextWriterStartElement(w, BAD_CAST "system-out");
      text(w, t->out);
      xmlTextWriterEndElement(w);
    }
    xmlTextWriterEndElement(w);
  }
  xmlTextWriterStartElement(w, BAD_CAST "system-out");
  text(w, out);
  xmlTextWriterEndElement(w);
  xmlTextWriterStartElement(w, BAD_CAST "system-err");
  xmlTextWriterEndElement(w);
  xmlTextWriterEndElement(w);
  free(out);
  tc_free(&l);
  free(fcls);
}

int rep_junit(FILE *out, const rep_input *in) {
  /* SOURCE_DATE_EPOCH makes the report reproducible */
  time_t now = time(NULL);
  const char *sde = getenv("SOURCE_DATE_EPOCH");
  if (sde && *sde)
    now = (time_t)strtoll(sde, NULL, 10);
  struct tm tm;
  char stamp[32] = "1970-01-01T00:00:00";
  if (gmtime_r(&now, &tm))
    strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", &tm);
  char host[256] = "";
  if (gethostname(host, sizeof host - 1) || !host[0])
    snprintf(host, sizeof host, "localhost");
  host[sizeof host - 1] = 0;

  /* written as it is made: the report holds one file's testcases at a
     time, never the whole document */
  xmlOutputBufferPtr ob = xmlOutputBufferCreateFile(out, NULL);
  xmlTextWriterPtr w = ob ? xmlNewTextWriter(ob) : NULL;
  if (!w) {
    if (ob)
      xmlOutputBufferClose(ob);
    return -1;
  }
  xmlTextWriterSetIndent(w, 1);
  xmlTextWriterSetIndentString(w, BAD_CAST "  ");
  int rc = xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL) < 0;
  xmlTextWriterStartElement(w, BAD_CAST "testsuites");
  bool cut = false;
  for (uint32_t f = 0; f < in->nfiles; f++)
    write_suite(w, in, f, stamp, host, &cut);
  xmlTextWriterEndElement(w);
  rc |= xmlTextWriterEndDocument(w) < 0;
  xmlFreeTextWriter(w); /* (flushes and closes ob, not out) */
  return rc || ferror(out) ? -1 : cut ? REP_CUT : 0;
}
