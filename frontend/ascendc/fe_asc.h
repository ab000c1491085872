/*
** fe_asc.h -- the Ascend C frontend's reading half: a small preprocessor,
** an offset-preserving normaliser and the tree-sitter C++ parse
** (docs/ascendc-frontend.md).  It knows syntax only; extraction into the
** model is a later step that walks the tree this produces.
**
** fe_asc_read() reads a file and the project headers it includes by
** relative path, keeps every branch of a conditional it cannot decide (with
** its condition), blanks directives, dead branches and the Ascend C
** qualifiers with spaces of the same length, and splices included files in
** at their #include.  The result is one text for tree-sitter whose byte
** ranges map back to (file, line, col) of the original text through the
** source map: inside one file every byte keeps its offset, so a node's
** line:col in a file without includes is the original token's.
*/
#ifndef FE_ASC_H
#define FE_ASC_H

#include "../../model/mdl.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <tree_sitter/api.h>

/* The core and architecture the text is read for: the core-type and arch
** macros (__DAV_C220_VEC__, __NPU_ARCH__, ...: fe_asc_macros.def) are
** decided by them; ANY leaves them one unknown value each, so both
** branches of a conditional on them are kept with their condition. */
typedef enum { FE_ASC_CORE_ANY, FE_ASC_CORE_AIC, FE_ASC_CORE_AIV } fe_asc_core;
typedef enum { FE_ASC_ARCH_ANY, FE_ASC_ARCH_C220, FE_ASC_ARCH_C310 } fe_asc_arch;

#define FE_ASC_MAX_INCLUDE_DEPTH 32     /* nested #include levels */
#define FE_ASC_MAX_IF_DEPTH 256         /* nested #if levels */
#define FE_ASC_MAX_BYTES (64u << 20)    /* preprocessed text, all files */
#define FE_ASC_MAX_FILES 4096           /* files read (an #include each) */

/* -D NAME=VALUE ("NAME" alone means 1). */
typedef struct {
  const char *name;
  const char *value;
} fe_asc_define;

typedef struct {
  fe_asc_core core;
  fe_asc_arch arch;
  const fe_asc_define *defines;
  uint32_t ndefines;
  uint32_t max_include_depth;  /* 0: FE_ASC_MAX_INCLUDE_DEPTH */
  bool missing_include_warns;  /* a quoted include found nowhere and not a
                                  library header is a warning (not read)
                                  instead of an error */
} fe_asc_opts;

/* A file that was read; text is its original bytes (NUL-terminated). */
typedef struct {
  char *path;
  char *text;
  uint32_t len;
  uint32_t *line_start;        /* byte offset of each line (0-based) */
  uint32_t nlines;
} fe_asc_file;

/* A conditional branch: one arm of #if/#ifdef/#ifndef/#elif/#else. */
typedef enum { FE_ASC_FALSE, FE_ASC_TRUE, FE_ASC_UNKNOWN } fe_asc_tri;
typedef struct {
  uint32_t parent;             /* enclosing branch, 0 = none (id 0 is the
                                  unconditional top level) */
  uint32_t group;              /* branches of one #if..#endif share it */
  uint32_t prev;               /* the previous arm of the group, 0 = first */
  fe_asc_tri value;            /* this arm's own test (#else: TRUE) */
  bool kept;                   /* its text is in the output */
  char kind[8];                /* "if" "ifdef" "ifndef" "elif" "else" */
  char *expr;                  /* the condition as written (owned) */
  uint32_t file, line, col;    /* the directive */
} fe_asc_cond;

/* An object-like #define (or -D, or a function-like one, flagged). */
typedef struct {
  char *name, *body;           /* owned; body trimmed, comments removed */
  bool function_like;
  bool undefined;              /* #undef'd later */
  bool has_value;              /* body folds to value */
  int64_t value;
  uint32_t cond;               /* branch it was defined under, 0 = always */
  uint32_t file, line, col;    /* file ~0u: -D on the command line */
} fe_asc_macro;

/* A string -> uint32_t hash map (fe_asc_map.c); keys are owned. */
typedef struct {
  char **keys;
  uint32_t *vals;
  uint32_t cap, n;
} fe_asc_map;

/* A byte range of the output copied from one file at one offset. */
typedef struct {
  uint32_t out, len;           /* output range [out, out+len) */
  uint32_t file, off;          /* from file's byte off */
  uint32_t cond;               /* innermost branch, 0 = unconditional */
  uint32_t from_seg;           /* the segment whose #include brought the
                                  file in, ~0u for the main file */
} fe_asc_seg;

typedef struct {
  mdl_vec files;               /* fe_asc_file; [0] is the main file */
  mdl_vec segs;                /* fe_asc_seg, in output order */
  mdl_vec conds;               /* fe_asc_cond; [0] the top level */
  mdl_vec macros;              /* fe_asc_macro */
  fe_asc_map macro_index;      /* name -> index of its last fe_asc_macro */
  char *text;                  /* normalised output (NUL-terminated) */
  uint32_t len;
  TSTree *tree;                /* after fe_asc_parse, else NULL */
} fe_asc_unit;

/* Reads PATH (TEXT of LEN bytes when TEXT is not NULL, else from disk) and
** its project includes into U (zeroed by the caller), preprocessed and
** normalised.  Errors and warnings go to DIAGS with file:line:col of the
** original text (rule bad-input); their file strings point into U, which
** must outlive DIAGS' use.  Returns false when an error was reported; U is
** then still filled as far as it got and must be freed. */
bool fe_asc_read(const char *path, const char *text, size_t len,
                 const fe_asc_opts *opts, fe_asc_unit *u, mdl_diags *diags);

/* Parses U's text with tree-sitter (U->tree) and reports every ERROR and
** MISSING node as a located error in DIAGS.  Returns false when there was
** one (or the parse failed). */
bool fe_asc_parse(fe_asc_unit *u, mdl_diags *diags);

/* The original location of output byte OFF: file index (into u->files),
** 1-based line and column.  Returns false when OFF is outside the text. */
bool fe_asc_locate(const fe_asc_unit *u, uint32_t off, uint32_t *file,
                   uint32_t *line, uint32_t *col);

/* The segment holding output byte OFF, or NULL. */
const fe_asc_seg *fe_asc_seg_at(const fe_asc_unit *u, uint32_t off);

/* The macro NAME as visible at the end of the text (the last definition
** not #undef'd), or NULL. */
const fe_asc_macro *fe_asc_macro_find(const fe_asc_unit *u, const char *name);

/* The TSLanguage of the pinned C++ grammar. */
const TSLanguage *fe_asc_language(void);

/* Frees everything U owns (not U itself). */
void fe_asc_unit_free(fe_asc_unit *u);

#endif
