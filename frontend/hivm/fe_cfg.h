/*
** fe_cfg.h -- the control-flow graph of a multi-block region (cf.br,
** cf.cond_br, cf.switch with successor block arguments): successors,
** cycle check and immediate post-dominators, so that fe_build.c can lower
** an acyclic CFG into the model's structured if/else form, every path
** checked.  Syntax only: what the branches mean is fe_build.c's.
*/
#ifndef KSV_FE_CFG_H
#define KSV_FE_CFG_H

#include "fe_parse.h"

typedef enum {
  FE_T_EXIT,    /* return, or any op that leaves the region */
  FE_T_BR,      /* cf.br ^dest(args) */
  FE_T_COND,    /* cf.cond_br %c, ^true(args), ^false(args) */
  FE_T_SWITCH   /* cf.switch %v : T, [default: ^d(args), K: ^k(args), ...] */
} fe_term_kind;

/* One successor of a terminator: its block and the branch's operands for
** that block's arguments. */
typedef struct {
  uint32_t blk;        /* block index in the region */
  uint32_t nargs;
  uint32_t *args;      /* %value tokens, one per block argument */
  int64_t value;       /* FE_T_SWITCH: the case value (not for default) */
  bool is_default;     /* FE_T_SWITCH: the default destination */
} fe_succ;

typedef struct {
  fe_term_kind kind;
  fe_op *op;           /* the terminator (NULL: the block is empty) */
  uint32_t cond;       /* COND / SWITCH: the %value token */
  uint32_t nsucc;      /* COND: [0] true, [1] false; SWITCH: default first */
  fe_succ *succ;
} fe_term;

typedef struct {
  uint32_t n;          /* blocks; index n is the virtual exit */
  fe_term *term;       /* per block */
  uint32_t *ipdom;     /* per block: immediate post-dominator (n = exit) */
  bool *reach;         /* per block: reachable from the entry block */
} fe_cfg;

/* Builds the CFG of region r (with more than one block) in p's arena.
** Returns false with a located error (through fe_error) when a branch is
** malformed or names an unknown block; returns true with *cycle set to
** the token of a branch that closes a cycle when the CFG is cyclic (then
** ipdom is not computed). */
bool fe_cfg_build(fe_parser *p, const fe_region *r, fe_cfg *g,
                  uint32_t *cycle);

/* Is op a cf terminator (cf.br, cf.cond_br, cf.switch)? */
bool fe_cfg_is_branch(const fe_parser *p, const fe_op *op);

#endif
