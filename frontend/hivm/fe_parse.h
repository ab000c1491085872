/*
** fe_parse.h -- generic MLIR operation structure.  The parser knows the
** shape of MLIR (results, op name, balanced operand/attribute groups,
** regions with blocks) but no op semantics; fe_build.c gives meaning to
** the ops it knows.
*/
#ifndef KSV_FE_PARSE_H
#define KSV_FE_PARSE_H

#include "fe_lex.h"
#include "../../model/mdl.h"

typedef struct fe_op fe_op;
typedef struct fe_region fe_region;

typedef struct {
  uint32_t tok;      /* %name token */
  uint32_t count;    /* %name:2 -> 2 */
} fe_result;

typedef struct {
  uint32_t label;    /* ^bb token or ~0 */
  uint32_t nargs;
  uint32_t *args;    /* %arg tokens */
  uint32_t *argtype; /* first token of each arg type */
  fe_op *first, *last;
} fe_blk;

struct fe_region {
  uint32_t open, close; /* '{' and '}' token indices */
  uint32_t nblocks;
  fe_blk *blocks;
};

struct fe_op {
  fe_op *next;
  uint32_t t0, name, t1; /* first token, op-name token, one past the end */
  uint32_t nres;
  fe_result *res;
  uint32_t nregions;
  fe_region **regions;
};

typedef struct {
  const char *path;
  const char *text;
  fe_toks toks;
  mdl_arena *arena;
  mdl_diags *diags;
  const char *unit;  /* for diagnostics */
  uint32_t unit_ix;  /* for diagnostics: 1 + the index of unit among the
                        file's units (mdl_diag.unit_ix), 0 */
  uint32_t *match;   /* matching bracket of every token, ~0 if none */
  uint32_t pos;
  uint32_t nerrors;
  fe_blk top;        /* top-level statements of the chunk */
} fe_parser;

/* Parses the token array into ops.  Errors go to diags; returns the
** number of errors. */
uint32_t fe_parse_chunk(fe_parser *p);

/* Token helpers shared with the builder. */
bool fe_is(const fe_parser *p, uint32_t t, const char *s);
/* The op name at t without the quotes of the generic form
** ("scf.for" -> scf.for); *n its length. */
const char *fe_op_name(const fe_parser *p, uint32_t t, uint32_t *n);
/* Is the op name at t (custom or generic form) s? */
bool fe_is_op(const fe_parser *p, uint32_t t, const char *s);
const fe_tok *fe_tokat(const fe_parser *p, uint32_t t);
/* Index of the token that closes the group opened at t ('(' '[' '{' '<'),
** or ~0 when unbalanced. */
uint32_t fe_match(const fe_parser *p, uint32_t t);
/* Located error through the one formatter. */
void fe_error(fe_parser *p, uint32_t t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void fe_warn(fe_parser *p, uint32_t t, mdl_rule rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Copies a token's text into buf (truncated). */
const char *fe_text(const fe_parser *p, uint32_t t, char *buf, size_t n);
/* Is token t inside one of op's regions? */
bool fe_in_region(const fe_op *op, uint32_t t);

#endif
