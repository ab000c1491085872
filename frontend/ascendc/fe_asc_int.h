/*
** fe_asc_int.h -- what the files of frontend/ascendc/ share and nobody
** else sees: the #if expression evaluator (fe_asc_cond.c), the normaliser
** (fe_asc_norm.c) and the lexical helpers of the preprocessor.
*/
#ifndef FE_ASC_INT_H
#define FE_ASC_INT_H

#include "fe_asc.h"

/* What an identifier is, for the #if evaluator. */
typedef enum {
  FE_ASC_ID_UNDEF,             /* known not to be defined (value 0) */
  FE_ASC_ID_VALUE,             /* defined, with an integer value */
  FE_ASC_ID_DEFINED,           /* defined, value not an integer */
  FE_ASC_ID_UNKNOWN            /* a build macro: one unknown value */
} fe_asc_id;

/* Looks NAME[0..N) up; *VAL is set for FE_ASC_ID_VALUE. */
typedef fe_asc_id (*fe_asc_lookup)(void *ctx, const char *name, size_t n,
                                   int64_t *val);

/* Evaluates the #if expression S[0..N) (comments already removed).
** Returns FE_ASC_TRUE / FE_ASC_FALSE when decided, FE_ASC_UNKNOWN when it
** depends on an unknown build macro; on a syntax error returns -1 and
** writes a message to ERR (ERRN bytes) and its offset in S to *ERROFF. */
int fe_asc_eval(const char *s, size_t n, fe_asc_lookup look, void *ctx,
                int64_t *val, char *err, size_t errn, size_t *erroff);

bool fe_asc_map_get(const fe_asc_map *m, const char *s, size_t n,
                    uint32_t *val); /* OUT: val, may be NULL */
void fe_asc_map_put(fe_asc_map *m, const char *s, size_t n, uint32_t val);
void fe_asc_map_free(fe_asc_map *m);

/* Blanks the qualifiers of fe_asc_qual.def, the extra qualifier macros
** EXTRA (the keys of a map) and CUDA-style launch
** configurations `<<<...>>>` in TEXT[0..LEN), in place, keeping every
** newline and every byte's offset.  Comments, strings and character
** literals are left alone. */
void fe_asc_normalise(char *text, uint32_t len, const fe_asc_map *extra);

/* True when every token of S[0..N) (comments removed) is a word the
** normaliser blanks (fe_asc_qual.def Q/QA entries, QA with its
** parentheses): a #define of such a body is a qualifier macro. */
bool fe_asc_is_qualifier_body(const char *s, size_t n,
                              const fe_asc_map *extra);

static inline bool fe_asc_idstart(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         c == '$';
}
static inline bool fe_asc_idchar(int c) {
  return fe_asc_idstart(c) || (c >= '0' && c <= '9');
}

#endif
