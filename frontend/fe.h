/*
** fe.h -- the frontend: HIVM MLIR text to model kernels.
*/
#ifndef KSV_FE_H
#define KSV_FE_H

#include "../model/mdl.h"

typedef struct {
  char *name;         /* unit name (function names), malloc'd */
  uint32_t chunk;     /* 0-based split-input chunk */
  uint32_t line;      /* first line of the unit */
  mdl_kernel *k;      /* NULL when the chunk had errors */
  bool error;
} fe_unit;

/* Parses a whole file (all `// -----` chunks) for profile arch (an
** mdl_arch), or, when arch is FE_ARCH_TARGET, for the profile the
** `hacc.target` of each kernel's module names (a2 without one).  Appends
** one fe_unit per kernel (or one error unit per failed chunk) to units,
** and errors/warnings to diags.  Returns the number of syntax errors. */
#define FE_ARCH_TARGET (-1)
uint32_t fe_parse_file(const char *path, const char *text, size_t len,
                       int arch, mdl_vec *units, mdl_diags *diags);
void fe_units_free(mdl_vec *units);

#endif
