/*
** fuzz_frontend.c -- libFuzzer target: the HIVM frontend alone (through
** the language-neutral entry, fe_parse_lang).  Lexes, parses and builds
** arbitrary bytes (every `// -----` chunk, both machine profiles
** alternately) and frees everything.  A crash, a hang,
** a leak or undefined behaviour here is a bug in frontend/ or model/.
** Built and run by tests/fuzz/run.sh.
*/
#include "../../frontend/fe.h"
#include "../../model/mdl.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* the driver hands the frontend a NUL-terminated copy of the file */
  char *text = malloc(size + 1);
  if (!text)
    return 0;
  memcpy(text, data, size);
  text[size] = 0;
  mdl_vec units = {0};
  mdl_diags diags;
  memset(&diags, 0, sizeof diags);
  mdl_arch arch = size && (data[0] & 1) ? MDL_ARCH_A5 : MDL_ARCH_A2;
  fe_parse_lang(FE_LANG_HIVM, "fuzz.mlir", text, size, arch, &units, &diags);
  fe_units_free(&units);
  mdl_diags_free(&diags);
  free(text);
  return 0;
}
