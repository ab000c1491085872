/*
** ksv_fix_report.c -- what `ksv fix` prints: the fixes it kept and their
** edits, what is left, the confirmation and the summary, as text or as
** JSON (docs/fix.md, "Output"), and the reports of a run whose original
** did not check or that a signal stopped.  It reads what the search
** (ksv_fix.c) found out and changes nothing.
*/
#include "ksv_fix_int.h"
#include "ksv_int.h"

#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

static json_t *edits_json(const applied *a) {
  json_t *arr = json_array();
  for (uint32_t e = 0; e < a->edits.len; e++) {
    const fix_edit *ed = &MDL_VEC_AT(a->edits, fix_edit, e);
    json_t *o = json_object();
    json_object_set_new(o, "action", json_string(ksv_fix_op_name(ed->op)));
    json_object_set_new(o, "line", json_integer(ed->line));
    if (ed->text)
      json_object_set_new(o, "text", json_string(ed->text));
    if (ed->old)
      json_object_set_new(o, "old", json_string(ed->old));
    json_array_append_new(arr, o);
  }
  return arr;
}

/* Inserted text, its further lines (a multi-line insert) indented under
** the first. */
static void print_text(FILE *out, const char *t) {
  for (; *t; t++)
    if (*t == '\n')
      fputs("\n      ", out);
    else
      fputc(*t, out);
  fputc('\n', out);
}

static void print_edit(FILE *out, const fix_edit *ed) {
  switch (ed->op) {
  case FIX_INSERT_BEFORE:
    fprintf(out, "    insert before line %u: ", ed->line);
    print_text(out, ed->text);
    break;
  case FIX_INSERT_AFTER:
    fprintf(out, "    insert after the statement at line %u: ", ed->line);
    print_text(out, ed->text);
    break;
  case FIX_DELETE:
    fprintf(out, "    delete line %u\n", ed->line);
    break;
  case FIX_REPLACE:
    fprintf(out, "    line %u: replace '%s' by '%s'\n", ed->line, ed->old,
            ed->text);
    break;
  }
}


/* "verified clean; no dynamic finding in 100 simulated runs" */
char *ksv_fix_confirm_str(const fres *r) {
  char sim[300];
  if (r->simf.ran)
    snprintf(sim, sizeof sim, "%s in %u simulated run%s (%" PRId64
             " cycles, was %s)",
             r->simf.findings ? "dynamic findings" : "no dynamic finding",
             r->simf.runs, r->simf.runs == 1 ? "" : "s", r->simf.cycles,
             r->sim0.ran ? "" : "not running to its end");
  else
    snprintf(sim, sizeof sim, "not simulated (%s)",
             r->simf.why[0] ? r->simf.why : "no kernel");
  if (r->simf.ran && r->sim0.ran) {
    size_t n = strlen(sim);
    snprintf(sim + n - 1, sizeof sim - n + 1, "%" PRId64 ")",
             r->sim0.cycles);
  }
  return mdl_strprintf("%s; %s",
                       r->clean ? "the fixed file verifies clean"
                       : r->added ? "the fixed file has new findings"
                                  : "the fixed file still has findings",
                       sim);
}

/* The summary line of the text report. */
static void text_summary(const ksv_fix_options *o, const fres *R,
                         FILE *out) {
  const checked *c = &R->cf;
  const simsum *s0 = &R->sim0, *sf = &R->simf;
  uint32_t n0 = R->n0, changed = R->changed;
  if (R->signal) { /* no confirmation ran: nothing to say about it */
    fprintf(out, "ksv fix: interrupted by %s after %u fix%s, %u line%s "
                 "changed; each fix was verified when it was applied, the "
                 "result is not confirmed (run `ksv check` on it)\n",
            R->signal == SIGINT ? "SIGINT" : "SIGTERM", R->done.len,
            R->done.len == 1 ? "" : "es", changed, changed == 1 ? "" : "s");
    return;
  }
  if (R->cut) { /* the confirmation ran out of time: not confirmed */
    fprintf(out, "ksv fix: %u fix%s, %u line%s changed; each fix was "
                 "verified when it was applied, the result is not confirmed "
                 "(the confirmation ran out of the %u s of %s; run `ksv "
                 "check` on it)\n",
            R->done.len, R->done.len == 1 ? "" : "es", changed,
            changed == 1 ? "" : "s", R->budget_s, R->budget_opt);
    return;
  }
  fprintf(out, "ksv fix: %u of %u finding%s fixed, %u line%s changed; "
               "the fixed kernel %s",
          n0 - (c->errors + c->warnings), n0, n0 == 1 ? "" : "s", changed,
          changed == 1 ? "" : "s",
          R->clean ? "verifies clean"
                : R->added ? "has new findings" : "still has findings");
  if (sf->ran)
    fprintf(out, "; simulator: %s in %u run%s, %" PRId64 " cycles%s",
            sf->findings ? "dynamic findings" : "no dynamic finding",
            sf->runs, sf->runs == 1 ? "" : "s", sf->cycles,
            s0->ran ? "" : " (the original does not run to its end)");
  else
    fprintf(out, "; not simulated (%s)", sf->why[0] ? sf->why : "no "
                                                                 "kernel");
  if (sf->ran && s0->ran)
    fprintf(out, " (was %" PRId64 ")", s0->cycles);
  if (R->stopped)
    fprintf(out, "; the search stopped after %u s (%s): not every "
                 "candidate was tried", R->budget_s, R->budget_opt);
  if (R->dropped)
    fprintf(out, "; %u kernel%s not kept for the search (the kernels kept "
                 "had their share of --max-memory-mb %u): %s findings were "
                 "not tried", R->dropped, R->dropped == 1 ? " was" : "s were",
            o->check.max_memory_mb, R->dropped == 1 ? "its" : "their");
  fputc('\n', out);
}

/* docs/fix-report.schema.json's "format_version" (1.1: each fix's and
** remaining finding's unit, unit_index and column; not_fixed) */
#define FIX_JSON_VERSION "1.1"

/* Sets "unit" and "unit_index" on o for unit ix (mdl_diag.unit_ix) of
** fr's units, as `ksv check --format json` gives them: which kernel, when
** two have one name (chunks, or one module).  Nothing for 0. */
static void unit_json(json_t *o, const mdl_file_result *fr, uint32_t ix) {
  if (!ix || ix > fr->units.len)
    return;
  const mdl_unit_result *u = &MDL_VEC_AT(fr->units, mdl_unit_result, ix - 1);
  json_object_set_new(o, "unit", json_string(u->name));
  json_object_set_new(o, "unit_index", json_integer(ix - 1));
}

static json_t *fixes_json(const fres *R) {
  json_t *fx = json_array();
  for (uint32_t i = 0; i < R->done.len; i++) {
    const applied *a = &MDL_VEC_AT(R->done, applied, i);
    json_t *f = json_object();
    json_object_set_new(f, "rule", json_string(mdl_rule_name(a->rule)));
    unit_json(f, &R->c0.fr, a->unit_ix);
    json_object_set_new(f, "line", json_integer(a->line));
    json_object_set_new(f, "column", json_integer(a->col));
    json_object_set_new(f, "finding", json_string(a->finding));
    json_object_set_new(f, "description", json_string(a->what));
    json_object_set_new(f, "kind", json_string(a->data ? "data" : "sync"));
    json_object_set_new(f, "edits", edits_json(a));
    json_object_set_new(f, "resolves", json_integer(a->resolved));
    json_array_append_new(fx, f);
  }
  return fx;
}

/* A finding of the check c of the fixed text cur (NULL: of the original,
** which did not check) as JSON "remaining" has it. */
static json_t *remaining_json(const checked *c, const fix_text *cur,
                              const mdl_diag *d) {
  json_t *r = json_object();
  json_object_set_new(r, "rule", json_string(mdl_rule_name(d->rule)));
  unit_json(r, &c->fr, d->unit_ix);
  if (d->where && d->where->file) { /* a C++ header: not edited */
    json_object_set_new(r, "file", json_string(d->where->file));
    json_object_set_new(r, "line", json_integer(d->line));
  } else {
    json_object_set_new(r, "line", json_integer(cur ? ksv_fix_orig_near(cur, d->line)
                                                    : d->line));
  }
  if (d->col)
    json_object_set_new(r, "column", json_integer(d->col));
  json_object_set_new(r, "message", json_string(d->message));
  return r;
}

static json_t *simulator_json(const fres *R) {
  const simsum *s0 = &R->sim0, *sf = &R->simf;
  json_t *sj = json_object();
  json_object_set_new(sj, "simulated", json_boolean(sf->ran));
  if (sf->ran) {
    json_object_set_new(sj, "runs", json_integer(sf->runs));
    json_object_set_new(sj, "dynamic_findings", json_integer(sf->findings));
    json_object_set_new(sj, "cycles_after", json_integer(sf->cycles));
  } else if (sf->why[0]) {
    json_object_set_new(sj, "why", json_string(sf->why));
  }
  if (s0->ran)
    json_object_set_new(sj, "cycles_before", json_integer(s0->cycles));
  return sj;
}

static json_t *confirmation_json(const fres *R) {
  /* interrupted, or the confirmation cut by the budget: not known */
  bool unknown = R->signal || R->cut;
  json_t *c = json_object();
  json_object_set_new(c, "findings_before", json_integer(R->n0));
  json_object_set_new(c, "findings_after",
                      unknown ? json_null()
                              : json_integer(R->cf.errors + R->cf.warnings));
  json_object_set_new(c, "new_findings",
                      unknown ? json_null() : json_integer(R->added));
  json_object_set_new(c, "verified_clean", json_boolean(R->clean));
  json_object_set_new(c, "lines_changed", json_integer(R->changed));
  /* (a search that left out kernels it could not keep stopped short) */
  json_object_set_new(c, "stopped", json_boolean(R->stopped || R->dropped));
  json_object_set_new(c, "interrupted",
                      !R->signal ? json_null()
                      : json_string(R->signal == SIGINT ? "SIGINT"
                                                        : "SIGTERM"));
  json_object_set_new(c, "simulator", simulator_json(R));
  return c;
}

static void json_out(json_t *root, FILE *out) {
  json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  fputc('\n', out);
  json_decref(root);
}

/* The JSON report of a run (docs/fix-report.schema.json). */
static void fix_json(const char *file, const fres *R, FILE *out) {
  json_t *root = json_object();
  json_object_set_new(root, "format_version", json_string(FIX_JSON_VERSION));
  json_object_set_new(root, "file", json_string(file));
  json_object_set_new(root, "fixes", fixes_json(R));
  json_t *rem = json_array();
  for (uint32_t i = 0; i < R->cf.fr.diags.items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(R->cf.fr.diags.items, mdl_diag, i);
    if (d->severity != MDL_SEV_NOTE)
      json_array_append_new(rem, remaining_json(&R->cf, &R->cur, d));
  }
  json_object_set_new(root, "remaining", rem);
  json_object_set_new(root, "confirmation", confirmation_json(R));
  char *ds = NULL;
  size_t dl = 0;
  FILE *m = open_memstream(&ds, &dl);
  if (m) {
    fix_diff(m, file, file, &R->orig, &R->cur);
    fclose(m);
    json_object_set_new(root, "diff", json_string(ds ? ds : ""));
    free(ds);
  }
  json_out(root, out);
}

/* The report of a run: text (fixes, what is left, the summary, the diff
** unless the file is written), the diff alone, or JSON. */
void ksv_fix_report(const ksv_fix_options *o, const char *file,
                       const fres *R, FILE *out) {
  const fix_text *cur = &R->cur;
  if (o->format == KSV_FORMAT_JSON) {
    fix_json(file, R, out);
    return;
  }
  if (o->diff_only) {
    fix_diff(out, file, file, &R->orig, cur);
    return;
  }
  for (uint32_t i = 0; i < R->done.len; i++) {
    const applied *a = &MDL_VEC_AT(R->done, applied, i);
    fprintf(out, "%s:%u:%u: fix: %s\n", file, a->line, a->col, a->finding);
    fprintf(out, "  %s (%u finding%s resolved)\n", a->what, a->resolved,
            a->resolved == 1 ? "" : "s");
    for (uint32_t e = 0; e < a->edits.len; e++)
      print_edit(out, &MDL_VEC_AT(a->edits, fix_edit, e));
  }
  for (uint32_t i = 0; i < R->cf.fr.diags.items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(R->cf.fr.diags.items, mdl_diag, i);
    if (d->severity == MDL_SEV_NOTE)
      continue;
    if (d->where && d->where->file) /* a C++ header: not edited */
      fprintf(out, "%s:%u:%u: not fixed: %s [%s] (ksv fix edits only the "
                   "input file %s)\n", d->where->file, d->line, d->col,
              d->message, mdl_rule_name(d->rule), file);
    else
      fprintf(out, "%s:%u:%u: not fixed: %s [%s]\n", file,
              ksv_fix_orig_near(cur, d->line), d->col, d->message,
              mdl_rule_name(d->rule));
  }
  text_summary(o, R, out);
  if (R->changed && !o->out_file && !o->in_place)
    fix_diff(out, file, file, &R->orig, cur);
}

/* Why a run whose original did not check (prc: 2 or 3) fixed nothing. */
static char *unchecked_why(const fres *R, int prc) {
  const char *why = prc == KSV_EXIT_BAD_INPUT
                        ? "not fixed: the input has errors"
                        : "not fixed: the kernel is not decided (unknown)";
  if (R && R->stopped) /* the budget ran out in the original's check */
    return mdl_strprintf("%s; the search stopped after %u s (%s): not "
                         "every candidate was tried", why, R->budget_s,
                         R->budget_opt);
  return mdl_strprintf("%s", why);
}

/* Is d one of the errors that keep the original from checking? */
static bool unchecked_error(const mdl_diag *d) {
  return d->rule == MDL_RULE_SYNTAX || d->rule == MDL_RULE_UNKNOWN;
}

/* The JSON report of a run whose original did not check (prc: 2 or 3):
** no fix, its errors as what remains, not_fixed saying why.  R: its check
** (NULL: the file could not be read; read_err says why). */
void ksv_fix_unchecked_json(const char *file, const fres *R,
                           const char *read_err, int prc, FILE *out) {
  json_t *root = json_object();
  json_object_set_new(root, "format_version", json_string(FIX_JSON_VERSION));
  json_object_set_new(root, "file", json_string(file));
  json_object_set_new(root, "fixes", json_array());
  json_t *rem = json_array();
  for (uint32_t i = 0; R && i < R->c0.fr.diags.items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(R->c0.fr.diags.items, mdl_diag, i);
    if (unchecked_error(d))
      json_array_append_new(rem, remaining_json(&R->c0, NULL, d));
  }
  if (read_err)
    json_array_append_new(
        rem, json_pack("{s:s, s:i, s:i, s:s}", "rule",
                       prc == KSV_EXIT_UNKNOWN ? "unknown" : "bad-input",
                       "line", 1, "column", 1, "message", read_err));
  json_object_set_new(root, "remaining", rem);
  json_t *nf = json_object();
  json_object_set_new(nf, "reason", json_string(prc == KSV_EXIT_BAD_INPUT
                                                    ? "bad-input"
                                                    : "unknown"));
  char *why = unchecked_why(R, prc);
  json_object_set_new(nf, "message", json_string(why));
  json_object_set_new(root, "not_fixed", nf);
  json_t *c = json_object();
  json_object_set_new(c, "findings_before", json_null());
  json_object_set_new(c, "findings_after", json_null());
  json_object_set_new(c, "new_findings", json_null());
  json_object_set_new(c, "verified_clean", json_false());
  json_object_set_new(c, "lines_changed", json_integer(0));
  json_object_set_new(c, "stopped", json_boolean(R && R->stopped));
  json_object_set_new(c, "interrupted", json_null());
  json_object_set_new(c, "simulator",
                      json_pack("{s:b, s:s}", "simulated", 0, "why", why));
  free(why);
  json_object_set_new(root, "confirmation", c);
  json_object_set_new(root, "diff", json_string(""));
  json_out(root, out);
}

/* The report of a run whose original did not check (prc: 2 or 3): its
** errors and unknowns, and why nothing was fixed. */
void ksv_fix_report_unchecked(const ksv_fix_options *o, const char *file,
                             const fres *R, int prc, FILE *out) {
  if (o->format == KSV_FORMAT_JSON) {
    ksv_fix_unchecked_json(file, R, NULL, prc, out);
    return;
  }
  for (uint32_t i = 0; i < R->c0.fr.diags.items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(R->c0.fr.diags.items, mdl_diag, i);
    if (unchecked_error(d))
      fprintf(out, "%s:%u:%u: %s: %s [%s]\n", file, d->line, d->col,
              mdl_severity_name(d->severity), d->message,
              mdl_rule_name(d->rule));
  }
  char *why = unchecked_why(R, prc);
  fprintf(out, "ksv fix: %s\n", why);
  free(why);
}

/* The note on stderr of a run a signal stopped: what was kept, where. */
void ksv_fix_note_signal(const ksv_fix_options *o, const fres *R,
                        const char *dest, int wrc) {
  if (!R->signal || o->check.progress == KSV_PROGRESS_OFF)
    return;
  fprintf(stderr, "ksv fix: interrupted by %s: %u fix%s kept%s%s\n",
          R->signal == SIGINT ? "SIGINT" : "SIGTERM", R->done.len,
          R->done.len == 1 ? "" : "es",
          !dest ? " (no -o or --in-place: nothing written)"
          : wrc ? ", not written" : R->changed ? ", written to "
                                              : ", nothing to write",
          dest && !wrc && R->changed ? dest : "");
}

