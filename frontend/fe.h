/*
** fe.h -- the frontend: source text to model kernels, one subfolder per
** input language behind this one interface (frontend/hivm/: HIVM MLIR;
** frontend/ascendc/: Ascend C).  Every
** frontend builds its kernels through the model builder (model/
** mdl_build.h), so nothing after the frontend knows the language.
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
  bool unknown;       /* the frontend met a construct that can affect
                         sync or accesses and that it does not understand:
                         the unit's verdict is unknown, never clean */
  char *unknown_why;  /* what and where (malloc'd), or NULL */
  char *note;         /* how the unit was made, for its verdict note (a
                         header harness), malloc'd, or NULL */
  bool skeleton;      /* unknown only through calls the frontend cannot
                         see: the sync skeleton (flags, barriers) may be
                         checked on its own (the header harness) */
  bool dropped;       /* checked, then k freed: the kernels a check keeps
                         for ksv fix had their share of --max-memory-mb
                         (driver/ksv.c, finish_unit) */
} fe_unit;

/* Input languages. */
typedef enum {
  FE_LANG_HIVM,       /* HIVM MLIR (.mlir, and any other extension) */
  FE_LANG_ASCENDC     /* Ascend C / CCE C++: .cpp .cc .cxx .h .hpp .asc
                         .cce */
} fe_lang;

/* The language of a file by its extension (case-sensitive, as the
** compilers treat them): Ascend C for .cpp .cc .cxx .h .hpp .asc .cce,
** HIVM for everything else.  path is not read. */
fe_lang fe_lang_of_path(const char *path);
/* "HIVM MLIR", "Ascend C". */
const char *fe_lang_name(fe_lang l);

/* Parses a whole file as language lang for profile arch (an mdl_arch),
** or, when arch is FE_ARCH_TARGET, for the profile the file names for
** each kernel (HIVM: the `hacc.target` of its module; a2 without one).
** Appends one fe_unit per kernel (or one error unit per failed chunk) to
** units, and errors/warnings to diags, each located file:line:col.
** Returns the number of errors.  text is NUL-terminated at len. */
#define FE_ARCH_TARGET (-1)
uint32_t fe_parse_lang(fe_lang lang, const char *path, const char *text,
                       size_t len, int arch, mdl_vec *units,
                       mdl_diags *diags);
/* fe_parse_lang in the language of path (fe_lang_of_path). */
uint32_t fe_parse_file(const char *path, const char *text, size_t len,
                       int arch, mdl_vec *units, mdl_diags *diags);
/* --entry NAME: the function or class every Ascend C file is checked
** through (NULL: the __global__ entries, or a header's device classes).
** Set once by the driver before files are parsed; read by the
** frontends (atomic: ksv -j). */
void fe_set_entry(const char *name);
const char *fe_entry(void);
/* -D NAME[=VALUE]... (n strings, "NAME" meaning NAME=1): the build macros
** of every Ascend C file (a macro the file uses, does not define and is
** not given here is one consistent unknown value).  Set as fe_set_entry;
** defs must outlive the parses. */
void fe_set_defines(const char *const *defs, uint32_t n);
const char *const *fe_defines(uint32_t *n);
/* Frees the units' names and kernels, and the vector. */
void fe_units_free(mdl_vec *units);

#endif
