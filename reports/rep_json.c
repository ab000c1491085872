/*
** rep_json.c -- the stable JSON report, written with jansson.  Later
** work adds fields; existing ones are never renamed.  The document's
** shape is docs/report.schema.json, which every test's JSON output is
** validated against: a field added here goes there too, and raises the
** minor number of REP_JSON_FORMAT (a renamed or removed one, the major).
*/
#include "rep.h"

#include <jansson.h>

/* docs/report.schema.json's "format_version" */
#define REP_JSON_FORMAT "1.3" /* 1.1: suppressed, suppression, each
                                 finding's "cause"; 1.2: each unit's proof,
                                 proof_bound, loops; summary.bounded; 1.3:
                                 each diagnostic's unit_index */

/* The location's file, when not the unit's main file, and its inlining
** chain, innermost call first (C++ kernels; README "JSON output").  Only
** present when there is one, so HIVM reports keep their shape. */
static void where_json(json_t *o, const mdl_where *w) {
  if (!w)
    return;
  if (w->file)
    json_object_set_new(o, "file", json_string(w->file));
  if (!w->nframes)
    return;
  json_t *a = json_array();
  for (uint32_t i = 0; i < w->nframes; i++) {
    const mdl_frame *f = &w->frames[i];
    json_t *x = json_object();
    json_object_set_new(x, "function", json_string(f->func));
    json_object_set_new(x, "caller", json_string(f->caller));
    if (f->file)
      json_object_set_new(x, "file", json_string(f->file));
    json_object_set_new(x, "line", json_integer(f->line));
    json_object_set_new(x, "column", json_integer(f->col));
    json_array_append_new(a, x);
  }
  json_object_set_new(o, "inlined_from", a);
}

/* The witness as the checker's steps, in witness order (README, "JSON
** output"): where each instruction is, its core and pipe, its role. */
static json_t *steps_json(const mdl_diag *d) {
  json_t *a = json_array();
  for (uint32_t i = 0; i < d->nsteps; i++) {
    const mdl_step *s = &d->steps[i];
    json_t *x = json_object();
    json_object_set_new(x, "order", json_integer(i + 1));
    json_object_set_new(x, "role", json_string(mdl_step_role_name(s->role)));
    json_object_set_new(x, "line", json_integer(s->line));
    json_object_set_new(x, "column", json_integer(s->col));
    where_json(x, s->where);
    json_object_set_new(x, "core", s->core[0] ? json_string(s->core)
                                              : json_null());
    json_object_set_new(x, "pipe", s->pipe < MDL_PIPE_COUNT
                                       ? json_string(mdl_pipe_name(
                                             (mdl_pipe)s->pipe))
                                       : json_null());
    json_object_set_new(x, "kind", s->kind != MDL_STEP_NO_INST
                                       ? json_string(mdl_inst_kind_name(
                                             (mdl_inst_kind)s->kind))
                                       : json_null());
    json_object_set_new(x, "op", s->op ? json_string(s->op) : json_null());
    json_object_set_new(x, "primary", json_boolean(s->primary));
    json_object_set_new(x, "text", json_string(s->text ? s->text : ""));
    if (s->timed) { /* SMT witnesses: the schedule's start and end */
      json_object_set_new(x, "start", json_integer(s->t0));
      json_object_set_new(x, "end", json_integer(s->t1));
    }
    json_array_append_new(a, x);
  }
  return a;
}

/* The root cause a finding belongs to (docs/root-causes.md): the same
** object on every member, "lead" true on the one that leads the group
** (rep.h; SARIF's property bag takes it without the fix). */
json_t *rep_cause_json(const mdl_file_result *fr, uint32_t i,
                       bool with_fix) {
  const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
  const mdl_cause *c = rep_cause_of(fr, d);
  if (!c)
    return NULL;
  json_t *o = json_object();
  char *text = rep_clean(c->text);
  json_object_set_new(o, "id", json_integer(c->id));
  json_object_set_new(o, "line", json_integer(c->line));
  json_object_set_new(o, "column", json_integer(c->col));
  json_object_set_new(o, "message", json_string(text));
  json_object_set_new(o, "lead", json_boolean(c->lead == i));
  json_object_set_new(o, "findings", json_integer(c->nfindings));
  json_object_set_new(o, "verified", json_boolean(c->verified));
  free(text);
  if (c->fix && with_fix) { /* the finding whose fix is the cause's repair */
    const mdl_diag *x = &MDL_VEC_AT(fr->diags.items, mdl_diag, c->fix - 1);
    json_t *fx = json_object();
    json_object_set_new(fx, "line", json_integer(x->line));
    json_object_set_new(fx, "column", json_integer(x->col));
    json_object_set_new(fx, "rule", json_string(mdl_rule_name(x->rule)));
    json_object_set_new(fx, "description", json_string(x->fix));
    json_object_set_new(o, "fix", fx);
  }
  return o;
}

/* Diagnostic d with its fingerprint fp (NULL: none) and its unit's
** index in the file's units (REP_NONE: none, rep_diag_units). */
static json_t *diag_json(const mdl_diag *d, const char *fp, uint32_t unit) {
  json_t *o = json_object();
  json_object_set_new(o, "rule", json_string(mdl_rule_name(d->rule)));
  json_object_set_new(o, "severity",
                      json_string(mdl_severity_name(d->severity)));
  json_object_set_new(o, "unit", d->unit ? json_string(d->unit) : json_null());
  if (unit != REP_NONE) /* which of same-named units (two chunks) */
    json_object_set_new(o, "unit_index", json_integer(unit));
  json_object_set_new(o, "line", json_integer(d->line));
  json_object_set_new(o, "column", json_integer(d->col));
  where_json(o, d->where);
  json_object_set_new(o, "message", json_string(d->message));
  json_t *rel = json_array();
  for (uint32_t r = 0; r < d->nrelated; r++) {
    json_t *x = json_object();
    json_object_set_new(x, "line", json_integer(d->related[r].line));
    json_object_set_new(x, "column", json_integer(d->related[r].col));
    where_json(x, d->related[r].where);
    json_object_set_new(x, "message", json_string(d->related[r].message));
    json_array_append_new(rel, x);
  }
  json_object_set_new(o, "related", rel);
  if (d->witness)
    json_object_set_new(o, "witness", json_string(d->witness));
  json_object_set_new(o, "witness_steps", steps_json(d));
  json_object_set_new(o, "further_instances", json_integer(d->extra));
  if (d->fix_by) { /* check --fix: resolved by another finding's fix */
    json_t *fb = json_object();
    json_object_set_new(fb, "line", json_integer(d->fix_by_line));
    json_object_set_new(fb, "column", json_integer(d->fix_by_col));
    json_object_set_new(fb, "description", json_string(d->fix_by));
    json_object_set_new(o, "fixed_by", fb);
  }
  if (d->fix) { /* check --fix: the verified repair (docs/fix.md) */
    static const char *const act[] = {"insert-before", "insert-after",
                                      "delete", "replace"};
    json_t *fx = json_object();
    json_object_set_new(fx, "description", json_string(d->fix));
    if (d->fix_confirm)
      json_object_set_new(fx, "confirmation", json_string(d->fix_confirm));
    json_object_set_new(fx, "kind", json_string(d->fix_data ? "data" : "sync"));
    json_t *ed = json_array();
    for (uint32_t e = 0; e < d->nfix_edits; e++) {
      const mdl_fix_edit *m = &d->fix_edits[e];
      json_t *x = json_object();
      json_object_set_new(x, "action", json_string(act[m->op & 3]));
      json_object_set_new(x, "line", json_integer(m->op == 1 ? m->end
                                                             : m->line));
      if (m->op == 3)
        json_object_set_new(x, "column", json_integer(m->col));
      if (m->old)
        json_object_set_new(x, "old", json_string(m->old));
      if (m->text)
        json_object_set_new(x, "text", json_string(m->text));
      json_array_append_new(ed, x);
    }
    json_object_set_new(fx, "edits", ed);
    json_object_set_new(o, "fix", fx);
  }
  /* a suppressed finding is kept, marked (docs/rules.md "Suppressing") */
  json_object_set_new(o, "suppressed", json_boolean(d->suppressed));
  if (d->suppressed) {
    json_t *sp = json_object();
    json_object_set_new(sp, "kind", json_string(d->suppressed ==
                                                        MDL_SUPP_IN_SOURCE
                                                    ? "inSource"
                                                    : "external"));
    json_object_set_new(sp, "justification",
                        json_string(d->suppress_why ? d->suppress_why : ""));
    if (d->suppressed == MDL_SUPP_IN_SOURCE)
      json_object_set_new(sp, "line", json_integer(d->suppress_line));
    json_object_set_new(o, "suppression", sp);
  }
  if (fp) /* stable across runs and unrelated edits: what --baseline matches */
    json_object_set_new(o, "fingerprint", json_string(fp));
  return o;
}

void rep_json_proof(json_t *uo, const mdl_unit_result *ur, const char *kind,
                    const char *bound, const char *loops) {
  if (ur->verdict != MDL_VERDICT_CLEAN && ur->verdict != MDL_VERDICT_FINDINGS)
    return;
  uint32_t b;
  bool bounded = mdl_unit_bounded(ur, &b);
  json_object_set_new(uo, kind, json_string(bounded ? "bounded" : "all"));
  if (bounded)
    json_object_set_new(uo, bound, json_integer(b));
  if (!ur->proofs.len)
    return;
  json_t *arr = json_array();
  for (uint32_t i = 0; i < ur->proofs.len; i++) {
    const mdl_loop_proof *p = &MDL_VEC_AT(ur->proofs, mdl_loop_proof, i);
    json_t *lo = json_object();
    json_object_set_new(lo, "line", json_integer(p->line));
    json_object_set_new(lo, "column", json_integer(p->col));
    json_object_set_new(lo, "proof", json_string(p->all ? "all" : "bounded"));
    if (!p->all) {
      json_object_set_new(lo, "bound", json_integer(p->bound));
      if (p->prefix) /* the first bound iterations of a longer run */
        json_object_set_new(lo, "prefix", json_true());
      if (p->why)
        json_object_set_new(lo, "why", json_string(p->why));
    }
    json_array_append_new(arr, lo);
  }
  json_object_set_new(uo, loops, arr);
}

int rep_json(FILE *out, const rep_input *in) {
  int64_t base = rep_mem_begin();
  bool over = false;
  json_t *root = json_object();
  json_object_set_new(root, "format_version", json_string(REP_JSON_FORMAT));
  json_t *tool = json_object();
  json_object_set_new(tool, "name", json_string("ksv"));
  json_object_set_new(tool, "version", json_string(in->tool_version));
  json_object_set_new(root, "tool", tool);
  json_object_set_new(root, "arch", json_string(in->arch));
  json_t *files = json_array();
  uint32_t errors = 0, warnings = 0, unknown = 0, open = 0, supp = 0;
  uint32_t causes = 0, bounded = 0;
  for (uint32_t f = 0; f < in->nfiles && !over; f++) {
    const mdl_file_result *fr = &in->files[f];
    json_t *fo = json_object();
    json_object_set_new(fo, "path", json_string(fr->path));
    json_t *units = json_array();
    for (uint32_t u = 0; u < fr->units.len; u++) {
      const mdl_unit_result *ur = &MDL_VEC_AT(fr->units, mdl_unit_result, u);
      json_t *uo = json_object();
      json_object_set_new(uo, "name", json_string(ur->name));
      json_object_set_new(uo, "line", json_integer(ur->line));
      json_object_set_new(uo, "verdict",
                          json_string(mdl_unit_verdict_name(ur)));
      /* false for a lone half checked without its partner cores */
      json_object_set_new(uo, "cross_core_checked",
                          json_boolean(!ur->open));
      if (ur->note)
        json_object_set_new(uo, "note", json_string(ur->note));
      if (ur->sim)
        json_object_set_new(uo, "simulator", json_string(ur->sim));
      rep_json_proof(uo, ur, "proof", "proof_bound", "loops");
      json_array_append_new(units, uo);
      if (ur->verdict == MDL_VERDICT_UNKNOWN)
        unknown++;
      open += ur->open;
      bounded += (ur->verdict == MDL_VERDICT_CLEAN ||
                  ur->verdict == MDL_VERDICT_FINDINGS) &&
                 mdl_unit_bounded(ur, NULL);
    }
    json_object_set_new(fo, "units", units);
    json_t *diags = json_array();
    const rep_file_info *fi = in->info ? &in->info[f] : NULL;
    uint32_t *owner = rep_diag_units(fr);
    for (uint32_t i = 0; i < fr->diags.items.len && !over; i++) {
      over = rep_mem_over(in, base); /* (the units' entries too) */
      json_t *dj = diag_json(&MDL_VEC_AT(fr->diags.items, mdl_diag, i),
                             fi && i < fi->nfps ? fi->fps[i] : NULL,
                             owner[i]);
      json_t *cj = rep_cause_json(fr, i, true);
      if (cj)
        json_object_set_new(dj, "cause", cj);
      json_array_append_new(diags, dj);
    }
    free(owner);
    causes += fr->causes.len;
    json_object_set_new(fo, "diagnostics", diags);
    json_array_append_new(files, fo);
    errors += rep_errors(fr);
    warnings += fr->diags.warnings;
    supp += fr->diags.suppressed;
  }
  json_object_set_new(root, "files", files);
  json_t *sum = json_object();
  json_object_set_new(sum, "errors", json_integer(errors));
  json_object_set_new(sum, "warnings", json_integer(warnings));
  json_object_set_new(sum, "unknown", json_integer(unknown));
  json_object_set_new(sum, "cross_core_not_checked", json_integer(open));
  json_object_set_new(sum, "bounded", json_integer(bounded));
  json_object_set_new(sum, "suppressed", json_integer(supp));
  json_object_set_new(sum, "root_causes", json_integer(causes));
  if (in->baseline) /* findings left out because the baseline has them */
    json_object_set_new(sum, "baselined", json_integer(in->baselined));
  json_object_set_new(root, "summary", sum);
  if (over || rep_mem_over(in, base)) {
    json_decref(root);
    return REP_OVER;
  }
  rep_sink *k = malloc(sizeof *k); /* (stops at the run's deadline) */
  if (!k) {
    json_decref(root);
    return -1;
  }
  rep_sink_open(k, out, in);
  json_dump_callback(root, rep_sink_json, k,
                     JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  rep_sink_write(k, "\n", 1);
  json_decref(root);
  int rc = rep_sink_close(k);
  free(k);
  return rc;
}
