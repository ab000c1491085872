/*
** fuzz_ascendc.c -- libFuzzer target: the Ascend C frontend.  Reads
** arbitrary bytes as a C++ file with the reading half (preprocess,
** normalise, parse: the first byte picks the core and arch the text is
** read for), then whole, extraction into the model included, through the
** language-neutral entry (fe_parse_lang), and frees everything.  Relative includes resolve under a directory that does not
** exist; absolute ones may read a regular file, bounded like any input.
** A crash, hang, leak or undefined behaviour here is a bug in
** frontend/ascendc/.  Built and run by tests/fuzz/run.sh.
*/
#include "../../frontend/ascendc/fe_asc.h"
#include "../../frontend/fe.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fe_asc_opts o = {0};
  if (size) {
    o.core = (fe_asc_core)(data[0] % 3);
    o.arch = (fe_asc_arch)((data[0] / 3) % 3);
    o.missing_include_warns = data[0] & 0x80;
  }
  fe_asc_define d = {"SCENARIO_NUM", "2"};
  o.defines = &d;
  o.ndefines = size && (data[0] & 0x40) ? 1 : 0;
  fe_asc_unit u = {0};
  mdl_diags diags;
  memset(&diags, 0, sizeof diags);
  fe_asc_read("/nonexistent-ksv-fuzz/fuzz.cpp", (const char *)data, size, &o,
              &u, &diags);
  fe_asc_parse(&u, &diags);
  /* every diagnostic is located inside a file that was read */
  for (uint32_t k = 0; k < diags.items.len; k++) {
    const mdl_diag *g = &MDL_VEC_AT(diags.items, mdl_diag, k);
    if (!g->file || g->line == 0 || g->col == 0)
      abort();
  }
  for (uint32_t off = 0; off < u.len; off += 97) {
    uint32_t f, l, c;
    if (!fe_asc_locate(&u, off, &f, &l, &c) || f >= u.files.len)
      abort();
  }
  mdl_diags_free(&diags);
  fe_asc_unit_free(&u);
  /* the extraction, as the driver runs it: a NUL-terminated copy */
  char *text = malloc(size + 1);
  if (!text)
    return 0;
  memcpy(text, data, size);
  text[size] = 0;
  mdl_vec units = {0};
  memset(&diags, 0, sizeof diags);
  int arch = size && (data[0] & 0x20) ? MDL_ARCH_A5 : MDL_ARCH_A2;
  fe_parse_lang(FE_LANG_ASCENDC, "/nonexistent-ksv-fuzz/fuzz.cpp", text, size,
                arch, &units, &diags);
  for (uint32_t k = 0; k < diags.items.len; k++) {
    const mdl_diag *g = &MDL_VEC_AT(diags.items, mdl_diag, k);
    if (!g->file || g->line == 0 || g->col == 0)
      abort();
  }
  fe_units_free(&units);
  mdl_diags_free(&diags);
  free(text);
  return 0;
}
