/*
** fuzz_fix.c -- libFuzzer target: `ksv fix`'s candidate repairs on any
** input.  The input is checked (graph engine, small limits, redundant
** search on), then every candidate of every finding is generated
** (fix/fix_cand.c: it reads the source text line by line, follows value
** definitions, rewrites loop headers and view types) and applied to the
** text (fix/fix_text.c).  No candidate is re-checked: that is ksv_check,
** which fuzz_pipeline covers; what is checked here is that building and
** applying repairs never crashes, leaks or hangs, and that an applied
** candidate gives a text.  Built and run by tests/fuzz/run.sh.
*/
#include "../../driver/ksv_int.h"
#include "../../fix/fix.h"
#include "../../frontend/fe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  ksv_options o;
  ksv_options_default(&o);
  o.arch = size && (data[0] & 1); /* both machine profiles */
  o.engine = KSV_ENGINE_GRAPH;
  o.max_unroll = 64;
  o.max_instances = 2000;
  o.sym_bound = 2;
  o.trip_bound_fixed = true;
  o.no_redundant = size && (data[0] & 2);
  /* the driver hands the frontend a NUL-terminated copy of the file */
  char *text = malloc(size + 1);
  if (!text)
    return 0;
  memcpy(text, data, size);
  text[size] = 0;
  mdl_file_result fr;
  mdl_vec units = {0};
  memset(&fr, 0, sizeof fr);
  ksv_check_text(&o, "fuzz.mlir", text, size, &fr, NULL, &units);
  fix_text t;
  fix_text_init(&t, text, size);
  for (uint32_t i = 0; i < fr.diags.items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(fr.diags.items, mdl_diag, i);
    const mdl_kernel *k = NULL;
    for (uint32_t u = 0; u < units.len && !k; u++) {
      const fe_unit *fu = &MDL_VEC_AT(units, fe_unit, u);
      if (fu->k && d->unit && !strcmp(fu->name, d->unit))
        k = fu->k;
    }
    if (!k)
      continue;
    mdl_vec cs = {0};
    fix_candidates(k, &t, d, &cs);
    for (uint32_t j = 0; j < cs.len; j++) {
      const fix_cand *c = &MDL_VEC_AT(cs, fix_cand, j);
      if (!c->what || !c->edits.len)
        abort(); /* a candidate always says what it is and edits */
      fix_text out;
      if (!fix_apply(&t, c, &out)) {
        size_t n;
        free(fix_text_join(&out, &n));
        fix_text_free(&out);
      }
    }
    fix_cands_free(&cs);
  }
  fix_text_free(&t);
  fe_units_free(&units);
  mdl_file_result_free(&fr);
  free(text);
  return 0;
}
