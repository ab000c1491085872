/*
** ksv_export.c -- `ksv export --format promela`: parse and unroll a file,
** pick its kernel, and write the Promela model (reports/rep_promela.c).
*/
#include "../include/ksv.h"
#include "../frontend/fe.h"
#include "../model/mdl.h"
#include "../reports/rep.h"
#include "ksv_int.h"

#include <errno.h>
#include <string.h>
#include <stdlib.h>

int ksv_export(const ksv_options *o, const char *file, const char *kernel,
               FILE *out) {
  size_t len = 0;
  int rc = KSV_EXIT_CLEAN;
  const char *name = ksv_input_name(file); /* "-": "<stdin>" */
  char *text = ksv_read_input(file, name, o->max_memory_mb, stderr, &len,
                              &rc);
  if (!text)
    return rc;
  file = name;
  mdl_diags diags;
  memset(&diags, 0, sizeof diags);
  mdl_vec units = {0};
  fe_set_entry(o->entry);
  ksv_fe_parse(o->lang, o->defines, o->ndefines, file, text, len,
                ksv_fe_arch(o->arch), &units, &diags);
  for (uint32_t d = 0; d < diags.items.len; d++) {
    const mdl_diag *g = &MDL_VEC_AT(diags.items, mdl_diag, d);
    if (g->severity != MDL_SEV_ERROR)
      continue;
    fprintf(stderr, "%s:%u:%u: error: %s [%s]\n", file, g->line, g->col,
            g->message, mdl_rule_name(g->rule));
    rc = KSV_EXIT_BAD_INPUT;
  }
  fe_unit *pick = NULL;
  uint32_t nk = 0;
  for (uint32_t u = 0; u < units.len; u++) {
    fe_unit *fu = &MDL_VEC_AT(units, fe_unit, u);
    if (kernel && strcmp(fu->name, kernel))
      continue;
    nk++;
    if (!pick)
      pick = fu;
  }
  if (rc == KSV_EXIT_CLEAN && !pick) {
    if (kernel)
      fprintf(stderr, "%s:1:1: error: no kernel named %s [bad-input]\n", file,
              kernel);
    else
      fprintf(stderr, "%s:1:1: error: no kernel found: expected a func.func "
                      "with a body [bad-input]\n",
              file);
    rc = KSV_EXIT_BAD_INPUT;
  } else if (rc == KSV_EXIT_CLEAN && nk > 1) {
    fprintf(stderr, "%s:%u:1: error: %u kernels in the file; a model holds "
                    "one: choose it with --kernel NAME [bad-input]\n",
            file, pick->line, nk);
    rc = KSV_EXIT_BAD_INPUT;
  }
  if (rc == KSV_EXIT_CLEAN && (pick->error || !pick->k))
    rc = KSV_EXIT_BAD_INPUT;
  if (rc == KSV_EXIT_CLEAN) {
    mdl_kernel *k = pick->k;
    mdl_limits lim;
    memset(&lim, 0, sizeof lim);
    mdl_limits_default(&lim);
    lim.max_unroll = o->max_unroll;
    lim.max_instances = o->max_instances;
    lim.max_memory = (uint64_t)o->max_memory_mb << 20;
    ksv_auto_sync(k, o->auto_sync);
    mdl_unroll(k, &lim);
    char why[512];
    if (k->input_error) {
      fprintf(stderr, "%s:%u:%u: error: %s [bad-input]\n", file,
              k->input_error_loc.line, k->input_error_loc.col,
              k->input_error);
      rc = KSV_EXIT_BAD_INPUT;
    } else if (rep_promela(out, k, file, ksv_flag_model(o->flag_model), why,
                           sizeof why)) {
      fprintf(stderr, "%s:%u:%u: error: not exported: %s [unknown]\n", file,
              k->loc.line, k->loc.col, why);
      rc = KSV_EXIT_UNKNOWN;
    }
  }
  fe_units_free(&units);
  mdl_diags_free(&diags);
  free(text);
  return rc;
}
