/*
** fe_cfg.c -- the control-flow graph of a multi-block region: the
** successors (and successor operands) of each block's terminator, a cycle
** check, and the immediate post-dominator of every block, which is where
** the paths from a branch join again (fe_build.c emits the branch as an
** if/else there and continues with the join block once).
*/
#include "fe_cfg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static fe_tok_kind kind(const fe_parser *p, uint32_t t) {
  return fe_tokat(p, t)->kind;
}

bool fe_cfg_is_branch(const fe_parser *p, const fe_op *op) {
  return op && (fe_is_op(p, op->name, "cf.br") ||
                fe_is_op(p, op->name, "cf.cond_br") ||
                fe_is_op(p, op->name, "cf.switch"));
}

/* The block of region r labelled like token t, or ~0. */
static uint32_t block_of(const fe_parser *p, const fe_region *r, uint32_t t) {
  const fe_tok *k = fe_tokat(p, t);
  for (uint32_t i = 0; i < r->nblocks; i++) {
    if (r->blocks[i].label == ~0u)
      continue;
    const fe_tok *l = fe_tokat(p, r->blocks[i].label);
    if (l->len == k->len && !memcmp(p->text + l->off, p->text + k->off, k->len))
      return i;
  }
  return ~0u;
}

/* successor := ^label ( '(' %v (, %v)* ':' types ')' )?
** Parses the successor at t (a '^' token) into s; returns the token after
** it, or ~0 with an error. */
static uint32_t parse_succ(fe_parser *p, const fe_region *r, uint32_t t,
                           fe_succ *s) {
  if (kind(p, t) != T_CARET) {
    fe_error(p, t, "expected a successor block '^label'");
    return ~0u;
  }
  s->blk = block_of(p, r, t);
  if (s->blk == ~0u) {
    char b[48];
    fe_error(p, t, "branch to '%s', which is no block of this region",
             fe_text(p, t, b, sizeof b));
    return ~0u;
  }
  uint32_t i = t + 1;
  if (kind(p, i) == T_LPAREN) {
    uint32_t c = fe_match(p, i);
    uint32_t n = 0;
    for (uint32_t j = i + 1; j < c && kind(p, j) != T_COLON; j++)
      n += kind(p, j) == T_PERCENT;
    s->args = mdl_alloc(p->arena, (n ? n : 1) * sizeof *s->args);
    for (uint32_t j = i + 1; j < c && kind(p, j) != T_COLON; j++)
      if (kind(p, j) == T_PERCENT)
        s->args[s->nargs++] = j;
    i = c + 1;
  }
  if (s->nargs != r->blocks[s->blk].nargs) {
    char b[48];
    fe_error(p, t, "branch to '%s' passes %u values for its %u block "
             "arguments", fe_text(p, t, b, sizeof b), s->nargs,
             r->blocks[s->blk].nargs);
    return ~0u;
  }
  return i;
}

/* The generic form: "cf.br"(%a...)[^d] and
** "cf.cond_br"(%c, %t..., %f...)[^t, ^f] <{operandSegmentSizes =
** array<i32: 1, nt, nf>}>: the successors are listed in [...], their
** operands split by the segment sizes. */
static bool parse_generic_term(fe_parser *p, const fe_region *r, fe_op *op,
                               fe_term *tm) {
  bool br = fe_is_op(p, op->name, "cf.br");
  uint32_t t = op->name + 1, ops[64], nops = 0, seg[3] = {0, 0, 0}, nseg = 0;
  if (!br && !fe_is_op(p, op->name, "cf.cond_br")) {
    fe_error(p, op->name, "unsupported: the generic form of 'cf.switch'; "
             "print the IR in its custom form");
    return false;
  }
  uint32_t lsq = t;
  if (kind(p, t) == T_LPAREN) {
    for (uint32_t i = t + 1, c = fe_match(p, t); i < c; i++)
      if (kind(p, i) == T_PERCENT && nops < 64)
        ops[nops++] = i;
    lsq = fe_match(p, t) + 1;
  }
  for (uint32_t i = lsq; i + 2 < op->t1; i++)
    if (fe_is(p, i, "operandSegmentSizes") && kind(p, i + 1) == T_EQ &&
        kind(p, i + 3) == T_LANGLE)
      for (uint32_t j = i + 4, c = fe_match(p, i + 3); j < c && nseg < 3; j++)
        if (kind(p, j) == T_INT && kind(p, j - 1) != T_BARE)
          seg[nseg++] = (uint32_t)strtoul(p->text + fe_tokat(p, j)->off,
                                          NULL, 10);
  uint32_t want = br ? 1 : 2;
  if (kind(p, lsq) != T_LSQ || (!br && (nseg != 3 || seg[0] != 1 ||
                                        1 + seg[1] + seg[2] != nops))) {
    fe_error(p, op->name, "expected '\"%s\"(operands)[successors]' with "
             "its operandSegmentSizes", br ? "cf.br" : "cf.cond_br");
    return false;
  }
  tm->kind = br ? FE_T_BR : FE_T_COND;
  tm->nsucc = want;
  tm->succ = mdl_alloc(p->arena, want * sizeof *tm->succ);
  if (!br)
    tm->cond = ops[0];
  uint32_t i = lsq + 1, first = br ? 0 : 1;
  for (uint32_t k = 0; k < want; k++) {
    fe_succ *s = &tm->succ[k];
    uint32_t n = br ? nops : seg[1 + k];
    if (kind(p, i) != T_CARET || (s->blk = block_of(p, r, i)) == ~0u) {
      fe_error(p, i, "expected a successor block of this region");
      return false;
    }
    s->args = mdl_alloc(p->arena, (n ? n : 1) * sizeof *s->args);
    for (uint32_t a = 0; a < n; a++)
      s->args[s->nargs++] = ops[first + a];
    first += n;
    if (s->nargs != r->blocks[s->blk].nargs) {
      fe_error(p, i, "branch passes %u values for %u block arguments",
               s->nargs, r->blocks[s->blk].nargs);
      return false;
    }
    i += 2; /* ^bb ',' */
  }
  return true;
}

/* cf.br ^d(args) | cf.cond_br %c, ^t(args), ^f(args)
** | cf.switch %v : T, [default: ^d(args), K: ^k(args), ...] */
static bool parse_term(fe_parser *p, const fe_region *r, fe_op *op,
                       fe_term *tm) {
  uint32_t t = op->name + 1;
  if (fe_tokat(p, op->name)->kind == T_STRING)
    return parse_generic_term(p, r, op, tm);
  if (fe_is_op(p, op->name, "cf.br")) {
    tm->kind = FE_T_BR;
    tm->nsucc = 1;
    tm->succ = mdl_alloc(p->arena, sizeof *tm->succ);
    return parse_succ(p, r, t, &tm->succ[0]) != ~0u;
  }
  if (kind(p, t) != T_PERCENT) {
    fe_error(p, t, "expected the condition value of the branch");
    return false;
  }
  tm->cond = t;
  if (fe_is_op(p, op->name, "cf.cond_br")) {
    tm->kind = FE_T_COND;
    tm->nsucc = 2;
    tm->succ = mdl_alloc(p->arena, 2 * sizeof *tm->succ);
    uint32_t i = t + 1;
    while (i < op->t1 && kind(p, i) != T_CARET) /* `, `, weights(...) */
      i = kind(p, i) == T_LPAREN || kind(p, i) == T_LSQ ? fe_match(p, i) + 1
                                                          : i + 1;
    i = parse_succ(p, r, i, &tm->succ[0]);
    if (i == ~0u)
      return false;
    if (kind(p, i) != T_COMMA) {
      fe_error(p, i, "expected ',' and the false successor of cf.cond_br");
      return false;
    }
    return parse_succ(p, r, i + 1, &tm->succ[1]) != ~0u;
  }
  tm->kind = FE_T_SWITCH;
  uint32_t lsq = t + 1;
  while (lsq < op->t1 && kind(p, lsq) != T_LSQ)
    lsq = kind(p, lsq) == T_LANGLE ? fe_match(p, lsq) + 1 : lsq + 1;
  if (lsq >= op->t1) {
    fe_error(p, op->name, "expected the '[' case list of cf.switch");
    return false;
  }
  uint32_t close = fe_match(p, lsq), n = 0;
  for (uint32_t j = lsq + 1; j < close; j++)
    n += kind(p, j) == T_CARET;
  tm->succ = mdl_alloc(p->arena, (n ? n : 1) * sizeof *tm->succ);
  bool have_default = false;
  for (uint32_t j = lsq + 1; j < close;) {
    fe_succ s = {0};
    if (fe_is(p, j, "default")) {
      s.is_default = true;
      j++;
    } else {
      bool neg = kind(p, j) == T_MINUS;
      uint32_t v = neg ? j + 1 : j;
      if (kind(p, v) != T_INT) {
        fe_error(p, j, "expected 'default' or a case value in cf.switch");
        return false;
      }
      char b[32];
      long long x = strtoll(fe_text(p, v, b, sizeof b), NULL, 0);
      s.value = neg ? -x : x;
      j = v + 1;
    }
    if (kind(p, j) != T_COLON) {
      fe_error(p, j, "expected ':' after the case of cf.switch");
      return false;
    }
    j = parse_succ(p, r, j + 1, &s);
    if (j == ~0u)
      return false;
    if (s.is_default) { /* the default goes first */
      if (have_default) {
        fe_error(p, lsq, "cf.switch with two default destinations");
        return false;
      }
      memmove(tm->succ + 1, tm->succ, tm->nsucc * sizeof *tm->succ);
      tm->succ[0] = s;
      have_default = true;
    } else {
      tm->succ[tm->nsucc] = s;
    }
    tm->nsucc++;
    if (kind(p, j) == T_COMMA)
      j++;
  }
  if (!have_default) {
    fe_error(p, lsq, "cf.switch without a default destination");
    return false;
  }
  return true;
}

/* Depth-first order from the entry block: post-order into post (returns
** its length), reachability into g->reach; *cycle gets the terminator of
** a branch back to a block still on the path, or stays ~0. */
static uint32_t dfs(fe_cfg *g, uint32_t *post, uint32_t *cycle) {
  uint32_t n = g->n, np = 0, sp = 0;
  uint8_t *state = calloc(n, 1); /* 0 new, 1 on the path, 2 done */
  uint32_t *stk = malloc(n * sizeof *stk), *next = calloc(n, sizeof *next);
  if (!state || !stk || !next) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  stk[sp++] = 0;
  state[0] = 1;
  while (sp) {
    uint32_t b = stk[sp - 1];
    const fe_term *tm = &g->term[b];
    if (next[b] < tm->nsucc) {
      uint32_t s = tm->succ[next[b]++].blk;
      if (state[s] == 1 && *cycle == ~0u)
        *cycle = tm->op ? tm->op->name : 0;
      if (state[s] == 0) {
        state[s] = 1;
        stk[sp++] = s;
      }
      continue;
    }
    state[b] = 2;
    g->reach[b] = true;
    post[np++] = b;
    sp--;
  }
  free(state);
  free(stk);
  free(next);
  return np;
}

bool fe_cfg_build(fe_parser *p, const fe_region *r, fe_cfg *g,
                  uint32_t *cycle) {
  uint32_t n = r->nblocks;
  memset(g, 0, sizeof *g);
  *cycle = ~0u;
  g->n = n;
  g->term = mdl_alloc(p->arena, n * sizeof *g->term);
  g->ipdom = mdl_alloc(p->arena, n * sizeof *g->ipdom);
  g->reach = mdl_alloc(p->arena, n * sizeof *g->reach);
  for (uint32_t i = 0; i < n; i++) {
    fe_term *tm = &g->term[i];
    tm->op = r->blocks[i].last;
    tm->kind = FE_T_EXIT;
    if (fe_cfg_is_branch(p, tm->op) && !parse_term(p, r, tm->op, tm))
      return false;
    for (uint32_t s = 0; s < tm->nsucc; s++)
      if (tm->succ[s].blk == 0) {
        fe_error(p, tm->op->name, "branch to the entry block of a region");
        return false;
      }
  }
  uint32_t *post = malloc(n * sizeof *post);
  uint32_t *depth = malloc((n + 1) * sizeof *depth);
  if (!post || !depth) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  uint32_t np = dfs(g, post, cycle);
  if (*cycle == ~0u) {
    /* post-order of a DAG lists every block after its successors: the
       immediate post-dominator of b is the nearest common ancestor of
       its successors in the post-dominator tree rooted at the exit */
    depth[n] = 0;
    for (uint32_t k = 0; k < np; k++) {
      uint32_t b = post[k];
      const fe_term *tm = &g->term[b];
      uint32_t a = tm->nsucc ? tm->succ[0].blk : n;
      for (uint32_t s = 1; s < tm->nsucc; s++) {
        uint32_t c = tm->succ[s].blk;
        while (a != c) {
          if (depth[a] >= depth[c] && a != n)
            a = g->ipdom[a];
          else
            c = g->ipdom[c];
        }
      }
      g->ipdom[b] = a;
      depth[b] = depth[a] + 1;
    }
  }
  free(post);
  free(depth);
  return true;
}
