/*
** rep_text.c -- GCC-style diagnostics that editors and CI annotators
** parse: "file:line:col: error: message [rule]" and "note:" lines.
*/
#include "rep.h"
#include "../include/ksv.h" /* KSV_STDIN_NAME */

#include <stdlib.h>
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
static void cause_notes(FILE *out, const mdl_file_result *fr,
                        const rep_groups *cg, uint32_t i, const char *df) {
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
  for (uint32_t m = cg->first[c->id - 1]; m < cg->first[c->id]; m++) {
    uint32_t j = cg->idx[m];
    const mdl_diag *x = &MDL_VEC_AT(fr->diags.items, mdl_diag, j);
    if (j != i)
      fprintf(out, "%s:%u:%u: note: consequence: %s at %u:%u\n",
              mdl_where_file(x->where, fr->path), x->line, x->col,
              mdl_rule_name(x->rule), x->line, x->col);
  }
}

/* ANSI SGR sequences of --color (clang's choice of colours). */
#define C_BOLD "\033[1m"
#define C_RESET "\033[0m"

static const char *sev_color(mdl_severity s) {
  return s == MDL_SEV_ERROR ? "\033[1;31m" : s == MDL_SEV_WARNING
                                                ? "\033[1;35m"
                                                : "\033[1;36m";
}

/* "file:line:col: SEV: " (coloured: a bold location, the severity in its
** colour, the message that follows bold). */
static void head(FILE *out, bool color, const char *file, uint32_t line,
                 uint32_t col, mdl_severity sev) {
  if (color)
    fprintf(out, C_BOLD "%s:%u:%u: %s%s:" C_RESET C_BOLD " ", file, line,
            col, sev_color(sev), mdl_severity_name(sev));
  else
    fprintf(out, "%s:%u:%u: %s: ", file, line, col, mdl_severity_name(sev));
}

/* The source line of a finding and a caret under its column, tabs kept
** so that the caret lines up in any tab width; UTF-8 continuation bytes
** take no column. */
static void excerpt(FILE *out, bool color, const rep_file_info *fi,
                    uint32_t line, uint32_t col) {
  const char *s;
  size_t len;
  if (!rep_source_line(fi, line, &s, &len))
    return;
  char *raw = mdl_strprintf("%.*s", (int)len, s);
  char *clean = rep_clean(raw);
  fprintf(out, "%5u | %s\n      | ", line, clean);
  for (size_t i = 0; col && i < col - 1 && i < len; i++)
    if (((unsigned char)s[i] & 0xC0) != 0x80)
      fputc(s[i] == '\t' ? '\t' : ' ', out);
  fputs(color ? "\033[1;32m^" C_RESET "\n" : "^\n", out);
  free(clean);
  free(raw);
}

/* After a finding's notes: the page of its rule and, where a verified
** repair is attached (--fix), the command that applies it. */
static void pointers(FILE *out, const rep_input *in, const char *path,
                     const mdl_diag *d) {
  char *uri = rep_help_uri(in->doc_url, rep_rule(d->rule)->anchor);
  fprintf(out, "      = rule %s: %s\n", mdl_rule_name(d->rule), uri);
  free(uri);
  if (d->fix)
    fprintf(out, "      = run `ksv fix%s%s` to apply the fix above\n",
            strcmp(path, KSV_STDIN_NAME) ? " " : "",
            strcmp(path, KSV_STDIN_NAME) ? path : "");
}

/* One diagnostic with its notes (rich: with the excerpt and pointers);
** cg: the root causes' findings (rep_cause_groups). */
static void diag_text(FILE *out, const rep_input *in,
                      const mdl_file_result *fr, const rep_file_info *fi,
                      const rep_groups *cg, uint32_t i) {
  const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
  /* the statement's own file (a header of a C++ kernel) */
  const char *df = mdl_where_file(d->where, fr->path);
  bool color = in->color;
  head(out, color, df, d->line, d->col, d->severity);
  fprintf(out, "%s [%s]", d->message, mdl_rule_name(d->rule));
  if (d->suppressed)
    fprintf(out, " (suppressed: %s)", d->suppress_why);
  fprintf(out, "%s\n", color ? C_RESET : "");
  if (in->excerpts && df == fr->path) /* fi holds the main file only */
    excerpt(out, color, fi, d->line, d->col);
  cause_notes(out, fr, cg, i, df);
  rep_chain_notes(out, fr->path, d->where);
  for (uint32_t r = 0; r < d->nrelated; r++) {
    const mdl_related *rl = &d->related[r];
    head(out, color, mdl_where_file(rl->where, fr->path), rl->line, rl->col,
         MDL_SEV_NOTE);
    fprintf(out, "%s%s\n", rl->message, color ? C_RESET : "");
    if (!rep_same_chain(rl->where, d->where))
      rep_chain_notes(out, fr->path, rl->where);
  }
  if (d->witness) {
    head(out, color, df, d->line, d->col, MDL_SEV_NOTE);
    fprintf(out, "witness: %s%s\n", d->witness, color ? C_RESET : "");
  }
  if (d->fix) {
    head(out, color, df, d->line, d->col, MDL_SEV_NOTE);
    fprintf(out, "fix: %s (%u line edit%s; %s)%s\n", d->fix, d->nfix_edits,
            d->nfix_edits == 1 ? "" : "s",
            d->fix_confirm ? d->fix_confirm : "", color ? C_RESET : "");
  }
  if (d->fix_by) {
    head(out, color, df, d->line, d->col, MDL_SEV_NOTE);
    fprintf(out, "fixed by the repair proposed at %u:%u (%s)%s\n",
            d->fix_by_line, d->fix_by_col, d->fix_by, color ? C_RESET : "");
  }
  if (d->extra) {
    head(out, color, df, d->line, d->col, MDL_SEV_NOTE);
    fprintf(out, "and %u more instance%s of this pair%s\n", d->extra,
            d->extra == 1 ? "" : "s", color ? C_RESET : "");
  }
  if (in->excerpts)
    pointers(out, in, fr->path, d);
}

/* The verdict line of every unit of fr (and its simulator line); a kernel
** whose name another of the file has is told apart (rep_unit_label). */
static void unit_lines(FILE *out, const mdl_file_result *fr) {
  uint8_t *repeats = rep_unit_repeats(fr);
  for (uint32_t u = 0; u < fr->units.len; u++) {
    const mdl_unit_result *ur = &MDL_VEC_AT(fr->units, mdl_unit_result, u);
    char *name = rep_unit_label(fr, u, repeats);
    fprintf(out, "%s: %s: %s%s%s\n", fr->path, name,
            mdl_unit_verdict_name(ur), ur->note ? " -- " : "",
            ur->note ? ur->note : "");
    if (ur->sim)
      fprintf(out, "%s: %s: %s\n", fr->path, name, ur->sim);
    free(name);
  }
  free(repeats);
}

int rep_text(FILE *out, const rep_input *in) {
  uint32_t causes = 0, findings = 0;
  uint32_t errors = 0, warnings = 0, unknown = 0, units = 0, open = 0,
           bounded = 0;
  uint32_t suppressed = 0, shown = 0, total = 0;
  bool cut = false; /* the deadline passed: no more diagnostics */
  for (uint32_t f = 0; f < in->nfiles; f++) {
    const mdl_file_result *fr = &in->files[f];
    const rep_file_info *fi = in->info ? &in->info[f] : NULL;
    rep_groups cg = {0};
    if (!cut)
      rep_cause_groups(fr, &cg);
    for (uint32_t i = 0; i < fr->diags.items.len; i++) {
      const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
      if (d->suppressed && !in->show_suppressed)
        continue; /* the summary counts it */
      total++;
      cut = cut || (total % 64 == 1 && rep_late(in));
      if (!cut) {
        diag_text(out, in, fr, fi, &cg, i);
        shown++;
      }
    }
    rep_groups_free(&cg);
    for (uint32_t u = 0; u < fr->units.len; u++) {
      const mdl_unit_result *ur = &MDL_VEC_AT(fr->units, mdl_unit_result, u);
      units++;
      if (ur->verdict == MDL_VERDICT_UNKNOWN)
        unknown++;
      open += ur->open;
      bounded += (ur->verdict == MDL_VERDICT_CLEAN ||
                  ur->verdict == MDL_VERDICT_FINDINGS) &&
                 mdl_unit_bounded(ur, NULL);
    }
    causes += fr->causes.len;
    for (uint32_t c = 0; c < fr->causes.len; c++)
      findings += MDL_VEC_AT(fr->causes, mdl_cause, c).nfindings;
    errors += rep_errors(fr);
    warnings += fr->diags.warnings;
    suppressed += fr->diags.suppressed;
  }
  for (uint32_t f = 0; f < in->nfiles; f++)
    unit_lines(out, &in->files[f]);
  fprintf(out, "ksv: %u file%s, %u kernel%s: %u error%s, %u warning%s, %u unknown",
          in->nfiles, in->nfiles == 1 ? "" : "s", units, units == 1 ? "" : "s",
          errors, errors == 1 ? "" : "s", warnings, warnings == 1 ? "" : "s",
          unknown);
  if (open) /* lone halves: their cross-core properties were not checked */
    fprintf(out, ", %u cross-core not checked", open);
  if (bounded) /* proven for trip counts 0..K only (docs/loops.md) */
    fprintf(out, ", %u bounded", bounded);
  if (suppressed) /* never silently lost: --show-suppressed lists them */
    fprintf(out, ", %u suppressed", suppressed);
  if (causes) /* root causes first (docs/root-causes.md) */
    fprintf(out, "; %u finding%s from %u root cause%s", findings,
            findings == 1 ? "" : "s", causes, causes == 1 ? "" : "s");
  if (in->baseline)
    fprintf(out, "; %u more in the baseline", in->baselined);
  fputc('\n', out);
  if (cut) /* never a short report that looks whole */
    fprintf(out, "ksv: the report stops short: %s ran out while it was "
            "written, after %u of its %u diagnostics\n",
            in->deadline_by ? in->deadline_by : "the run's deadline", shown,
            total);
  return ferror(out) ? -1 : cut ? REP_CUT : 0;
}
