/*
** fe.c -- the language-neutral frontend entry: tells the input language
** by the file's extension and hands the text to that language's
** frontend (frontend/hivm/, frontend/ascendc/); an unsupported language
** is a located error, exit 2, as bad input is.
*/
#include "fe.h"
#include "ascendc/fe_ascendc.h"
#include "hivm/fe_hivm.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static _Atomic(const char *) entry_name;

void fe_set_entry(const char *name) { atomic_store(&entry_name, name); }

const char *fe_entry(void) { return atomic_load(&entry_name); }

static _Atomic(const char *const *) define_strs;
static _Atomic(uint32_t) define_count;

void fe_set_defines(const char *const *defs, uint32_t n) {
  atomic_store(&define_strs, defs);
  atomic_store(&define_count, n);
}

const char *const *fe_defines(uint32_t *n) {
  *n = atomic_load(&define_count);
  return atomic_load(&define_strs);
}

fe_lang fe_lang_of_path(const char *path) {
  static const char *const cxx[] = {".cpp", ".cc", ".cxx", ".h",
                                    ".hpp", ".asc", ".cce"};
  const char *slash = path ? strrchr(path, '/') : NULL;
  const char *dot = path ? strrchr(slash ? slash : path, '.') : NULL;
  if (!dot)
    return FE_LANG_HIVM;
  for (size_t i = 0; i < sizeof cxx / sizeof cxx[0]; i++)
    if (strcmp(dot, cxx[i]) == 0)
      return FE_LANG_ASCENDC;
  return FE_LANG_HIVM;
}

const char *fe_lang_name(fe_lang l) {
  return l == FE_LANG_ASCENDC ? "Ascend C" : "HIVM MLIR";
}

/* A language ksv recognises but does not read: one located error and
** one error unit for the file. */
static uint32_t unsupported(fe_lang lang, const char *path, mdl_vec *units,
                            mdl_diags *diags) {
  mdl_diag_add(diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR, path, NULL, 1, 1,
               "%s is not supported yet: ksv reads HIVM MLIR (.mlir)",
               fe_lang_name(lang));
  fe_unit *u = mdl_vec_push(units, sizeof *u);
  u->name = mdl_strprintf("%s", "(file)");
  u->line = 1;
  u->error = true;
  return 1;
}

/* The model knows its kernels' language only for what applies to one
** language (mdl_auto_sync: Ascend C): stamped here, whatever the
** frontend did. */
static void stamp_lang(mdl_vec *units, uint32_t first, fe_lang lang) {
  for (uint32_t i = first; i < units->len; i++) {
    mdl_kernel *k = MDL_VEC_AT(*units, fe_unit, i).k;
    if (k)
      k->lang = lang == FE_LANG_ASCENDC ? MDL_LANG_ASCENDC : MDL_LANG_HIVM;
  }
}

static uint32_t parse_lang(fe_lang lang, const char *path, const char *text,
                           size_t len, int arch, mdl_vec *units,
                           mdl_diags *diags) {
  switch (lang) {
  case FE_LANG_HIVM:
    return fe_hivm_parse_file(path, text, len, arch, units, diags);
  case FE_LANG_ASCENDC:
    return fe_asc_parse_file(path, text, len, arch, units, diags);
  default:
    return unsupported(lang, path, units, diags);
  }
}

uint32_t fe_parse_lang(fe_lang lang, const char *path, const char *text,
                       size_t len, int arch, mdl_vec *units,
                       mdl_diags *diags) {
  uint32_t first = units->len;
  uint32_t r = parse_lang(lang, path, text, len, arch, units, diags);
  stamp_lang(units, first, lang);
  return r;
}

uint32_t fe_parse_file(const char *path, const char *text, size_t len,
                       int arch, mdl_vec *units, mdl_diags *diags) {
  return fe_parse_lang(fe_lang_of_path(path), path, text, len, arch, units,
                       diags);
}

void fe_units_free(mdl_vec *units) {
  for (uint32_t i = 0; i < units->len; i++) {
    fe_unit *u = &MDL_VEC_AT(*units, fe_unit, i);
    free(u->name);
    free(u->unknown_why);
    free(u->note);
    mdl_kernel_free(u->k);
  }
  mdl_vec_free(units);
}
