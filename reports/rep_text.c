/*
** rep_text.c -- GCC-style diagnostics that editors and CI annotators
** parse: "file:line:col: error: message [rule]" and "note:" lines.
*/
#include "rep.h"

#include <string.h>

/* The inlining chain of a location as note lines, each at its call:
** "k.cpp:88:9: note: in CopyIn, called from Process". */
void rep_chain_notes(FILE *out, const char *path, const mdl_where *w) {
  for (uint32_t i = 0; w && i < w->nframes; i++) {
    const mdl_frame *f = &w->frames[i];
    fprintf(out, "%s:%u:%u: note: in %s, called from %s\n",
            f->file ? f->file : path, f->line, f->col, f->func, f->caller);
  }
}

bool rep_same_chain(const mdl_where *a, const mdl_where *b) {
  uint32_t na = a ? a->nframes : 0, nb = b ? b->nframes : 0;
  if (na != nb)
    return false;
  for (uint32_t i = 0; i < na; i++) {
    const mdl_frame *x = &a->frames[i], *y = &b->frames[i];
    if (x->line != y->line || x->col != y->col || strcmp(x->func, y->func) ||
        strcmp(x->file ? x->file : "", y->file ? y->file : ""))
      return false;
  }
  return true;
}

/* The cause d belongs to (NULL: none). */
const mdl_cause *rep_cause_of(const mdl_file_result *fr, const mdl_diag *d) {
  return d->cause && d->cause <= fr->causes.len
             ? &MDL_VEC_AT(fr->causes, mdl_cause, d->cause - 1)
             : NULL;
}

/* Root causes first: the lead of a group of several says the cause and
** lists its consequences; each consequence points back to it. */
static void cause_notes(FILE *out, const mdl_file_result *fr, uint32_t i,
                        const char *df) {
  const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
  const mdl_cause *c = rep_cause_of(fr, d);
  if (!c || c->nfindings < 2)
    return;
  if (c->lead != i) {
    fprintf(out, "%s:%u:%u: note: follows from root cause %u at %u:%u: "
            "%s\n", df, d->line, d->col, c->id, c->line, c->col, c->text);
    return;
  }
  fprintf(out, "%s:%u:%u: note: root cause %u: %s: %u findings follow from "
          "it%s\n", df, d->line, d->col, c->id, c->text, c->nfindings,
          c->verified ? " (one verified repair resolves them all)" : "");
  const mdl_diag *fx = c->fix ? &MDL_VEC_AT(fr->diags.items, mdl_diag,
                                            c->fix - 1) : NULL;
  if (fx && c->fix - 1 != i) /* the repair, told with the cause */
    fprintf(out, "%s:%u:%u: note: fix of root cause %u: %s (%u line edit%s, "
            "given with the %s at %u:%u)\n", df, d->line, d->col, c->id,
            fx->fix, fx->nfix_edits, fx->nfix_edits == 1 ? "" : "s",
            mdl_rule_name(fx->rule), fx->line, fx->col);
  for (uint32_t j = 0; j < fr->diags.items.len; j++) {
    const mdl_diag *x = &MDL_VEC_AT(fr->diags.items, mdl_diag, j);
    if (j != i && x->cause == c->id)
      fprintf(out, "%s:%u:%u: note: consequence: %s at %u:%u\n",
              mdl_where_file(x->where, fr->path), x->line, x->col,
              mdl_rule_name(x->rule), x->line, x->col);
  }
}

int rep_text(FILE *out, const rep_input *in) {
  uint32_t causes = 0, findings = 0;
  uint32_t errors = 0, warnings = 0, unknown = 0, units = 0, open = 0;
  for (uint32_t f = 0; f < in->nfiles; f++) {
    const mdl_file_result *fr = &in->files[f];
    for (uint32_t i = 0; i < fr->diags.items.len; i++) {
      const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
      /* the statement's own file (a header of a C++ kernel) */
      const char *df = mdl_where_file(d->where, fr->path);
      fprintf(out, "%s:%u:%u: %s: %s [%s]\n", df, d->line, d->col,
              mdl_severity_name(d->severity), d->message,
              mdl_rule_name(d->rule));
      cause_notes(out, fr, i, df);
      rep_chain_notes(out, fr->path, d->where);
      for (uint32_t r = 0; r < d->nrelated; r++) {
        const mdl_related *rl = &d->related[r];
        fprintf(out, "%s:%u:%u: note: %s\n",
                mdl_where_file(rl->where, fr->path), rl->line, rl->col,
                rl->message);
        if (!rep_same_chain(rl->where, d->where))
          rep_chain_notes(out, fr->path, rl->where);
      }
      if (d->witness)
        fprintf(out, "%s:%u:%u: note: witness: %s\n", df, d->line,
                d->col, d->witness);
      if (d->fix)
        fprintf(out, "%s:%u:%u: note: fix: %s (%u line edit%s; %s)\n",
                df, d->line, d->col, d->fix, d->nfix_edits,
                d->nfix_edits == 1 ? "" : "s",
                d->fix_confirm ? d->fix_confirm : "");
      if (d->fix_by)
        fprintf(out, "%s:%u:%u: note: fixed by the repair proposed at %u:%u "
                "(%s)\n", df, d->line, d->col, d->fix_by_line,
                d->fix_by_col, d->fix_by);
      if (d->extra)
        fprintf(out, "%s:%u:%u: note: and %u more instance%s of this pair\n",
                df, d->line, d->col, d->extra, d->extra == 1 ? "" : "s");
    }
    for (uint32_t u = 0; u < fr->units.len; u++) {
      const mdl_unit_result *ur = &MDL_VEC_AT(fr->units, mdl_unit_result, u);
      units++;
      if (ur->verdict == MDL_VERDICT_UNKNOWN)
        unknown++;
      open += ur->open;
    }
    causes += fr->causes.len;
    for (uint32_t c = 0; c < fr->causes.len; c++)
      findings += MDL_VEC_AT(fr->causes, mdl_cause, c).nfindings;
    errors += fr->diags.errors;
    warnings += fr->diags.warnings;
  }
  for (uint32_t f = 0; f < in->nfiles; f++) {
    const mdl_file_result *fr = &in->files[f];
    for (uint32_t u = 0; u < fr->units.len; u++) {
      const mdl_unit_result *ur = &MDL_VEC_AT(fr->units, mdl_unit_result, u);
      fprintf(out, "%s: %s: %s%s%s\n", fr->path, ur->name,
              mdl_unit_verdict_name(ur), ur->note ? " -- " : "",
              ur->note ? ur->note : "");
      if (ur->sim)
        fprintf(out, "%s: %s: %s\n", fr->path, ur->name, ur->sim);
    }
  }
  fprintf(out, "ksv: %u file%s, %u kernel%s: %u error%s, %u warning%s, %u unknown",
          in->nfiles, in->nfiles == 1 ? "" : "s", units, units == 1 ? "" : "s",
          errors, errors == 1 ? "" : "s", warnings, warnings == 1 ? "" : "s",
          unknown);
  if (open) /* lone halves: their cross-core properties were not checked */
    fprintf(out, ", %u cross-core not checked", open);
  if (causes) /* root causes first (docs/root-causes.md) */
    fprintf(out, "; %u finding%s from %u root cause%s", findings,
            findings == 1 ? "" : "s", causes, causes == 1 ? "" : "s");
  if (in->baseline)
    fprintf(out, "; %u more in the baseline", in->baselined);
  fputc('\n', out);
  return ferror(out) ? -1 : 0;
}
