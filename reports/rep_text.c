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

int rep_text(FILE *out, const rep_input *in) {
  uint32_t errors = 0, warnings = 0, unknown = 0, units = 0, open = 0;
  uint32_t suppressed = 0;
  for (uint32_t f = 0; f < in->nfiles; f++) {
    const mdl_file_result *fr = &in->files[f];
    for (uint32_t i = 0; i < fr->diags.items.len; i++) {
      const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
      if (d->suppressed && !in->show_suppressed)
        continue; /* counted in the summary */
      /* the statement's own file (a header of a C++ kernel) */
      const char *df = mdl_where_file(d->where, fr->path);
      fprintf(out, "%s:%u:%u: %s: %s [%s]", df, d->line, d->col,
              mdl_severity_name(d->severity), d->message,
              mdl_rule_name(d->rule));
      if (d->suppressed)
        fprintf(out, " (suppressed: %s)", d->suppress_why);
      fputc('\n', out);
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
    errors += fr->diags.errors;
    warnings += fr->diags.warnings;
    suppressed += fr->diags.suppressed;
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
  if (suppressed) /* never silently lost: --show-suppressed lists them */
    fprintf(out, ", %u suppressed", suppressed);
  if (in->baseline)
    fprintf(out, "; %u more in the baseline", in->baselined);
  fputc('\n', out);
  return ferror(out) ? -1 : 0;
}
