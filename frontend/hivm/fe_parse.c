/*
** fe_parse.c -- generic MLIR statement parser.
**
** An operation is: results? name body, where body is everything up to
** the next statement on a later line, with balanced ( [ { < groups.
** A '{' opens a region when what follows it is a statement (on a new
** line, or an SSA definition / op name / block label); otherwise it is
** an attribute dictionary.  This lets ksv read every op of the custom
** assembly formats HIVM prints without knowing each grammar, while the
** ops it needs are given meaning by fe_build.c.
*/
#include "fe_parse.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FE_MAX_ERRORS 20
#define FE_MAX_NEST 2000


const fe_tok *fe_tokat(const fe_parser *p, uint32_t t) {
  return &p->toks.t[t < p->toks.n ? t : p->toks.n - 1];
}

bool fe_is(const fe_parser *p, uint32_t t, const char *s) {
  const fe_tok *k = fe_tokat(p, t);
  size_t n = strlen(s);
  return k->len == n && memcmp(p->text + k->off, s, n) == 0;
}

const char *fe_op_name(const fe_parser *p, uint32_t t, uint32_t *n) {
  const fe_tok *k = fe_tokat(p, t);
  if (k->kind == T_STRING && k->len >= 2) { /* generic form: "scf.for" */
    *n = k->len - 2;
    return p->text + k->off + 1;
  }
  *n = k->len;
  return p->text + k->off;
}

bool fe_is_op(const fe_parser *p, uint32_t t, const char *s) {
  uint32_t n;
  const char *x = fe_op_name(p, t, &n);
  return n == strlen(s) && memcmp(x, s, n) == 0;
}

const char *fe_text(const fe_parser *p, uint32_t t, char *buf, size_t n) {
  const fe_tok *k = fe_tokat(p, t);
  size_t m = k->len < n - 1 ? k->len : n - 1;
  memcpy(buf, p->text + k->off, m);
  buf[m] = 0;
  return buf;
}

static void vdiag(fe_parser *p, uint32_t t, mdl_rule rule, mdl_severity sev,
                  const char *fmt, va_list ap) {
  char msg[512];
  vsnprintf(msg, sizeof msg, fmt, ap);
  const fe_tok *k = fe_tokat(p, t);
  mdl_diag *d = mdl_diag_add(p->diags, rule, sev, p->path, p->unit, k->line,
                             k->col, "%s", msg);
  d->unit_ix = p->unit ? p->unit_ix : 0;
}

void fe_error(fe_parser *p, uint32_t t, const char *fmt, ...) {
  p->nerrors++;
  if (p->nerrors > FE_MAX_ERRORS)
    return;
  va_list ap;
  va_start(ap, fmt);
  vdiag(p, t, MDL_RULE_SYNTAX, MDL_SEV_ERROR, fmt, ap);
  va_end(ap);
}

void fe_warn(fe_parser *p, uint32_t t, mdl_rule rule, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag(p, t, rule, MDL_SEV_WARNING, fmt, ap);
  va_end(ap);
}

/* ------------------------------------------------------------ matching */

uint32_t fe_match(const fe_parser *p, uint32_t t) {
  return t < p->toks.n ? p->match[t] : ~0u;
}

static const char *closer_of(fe_tok_kind k) {
  return k == T_LPAREN ? ")" : k == T_LSQ ? "]" : k == T_LBRACE ? "}" : ">";
}

/* Computes the matching token of every bracket; reports the first
** imbalance.  Returns false on error. */
static bool compute_match(fe_parser *p) {
  uint32_t n = p->toks.n;
  uint32_t *m = mdl_alloc(p->arena, (size_t)n * sizeof *m);
  uint32_t *stack = malloc((size_t)n * sizeof *stack);
  uint32_t sp = 0;
  bool ok = true;
  if (!stack) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  for (uint32_t i = 0; i < n; i++) {
    m[i] = ~0u;
    fe_tok_kind k = p->toks.t[i].kind;
    if (k == T_LPAREN || k == T_LSQ || k == T_LBRACE || k == T_LANGLE) {
      if (sp >= FE_MAX_NEST) {
        fe_error(p, i, "nesting deeper than %d levels", FE_MAX_NEST);
        ok = false;
        break;
      }
      stack[sp++] = i;
    } else if (k == T_RPAREN || k == T_RSQ || k == T_RBRACE ||
               k == T_RANGLE) {
      /* a stray '>' closes an open '<' only */
      fe_tok_kind want = k == T_RPAREN ? T_LPAREN : k == T_RSQ ? T_LSQ
                         : k == T_RBRACE ? T_LBRACE : T_LANGLE;
      /* tolerate '<' left open inside (), [] (none occur in valid IR) */
      while (sp && p->toks.t[stack[sp - 1]].kind == T_LANGLE &&
             want != T_LANGLE) {
        uint32_t o = stack[sp - 1];
        fe_error(p, o, "'>' expected (to close '<' at %u:%u)",
                 p->toks.t[o].line, p->toks.t[o].col);
        ok = false;
        sp--;
      }
      if (!ok)
        break;
      if (!sp) {
        char b[8];
        fe_error(p, i, "unbalanced '%s' with nothing open",
                 fe_text(p, i, b, sizeof b));
        ok = false;
        break;
      }
      uint32_t o = stack[sp - 1];
      if (p->toks.t[o].kind != want) {
        char b[8];
        fe_error(p, i, "'%s' expected (to close '%s' at %u:%u), found '%s'",
                 closer_of(p->toks.t[o].kind), fe_text(p, o, b, sizeof b),
                 p->toks.t[o].line, p->toks.t[o].col,
                 p->toks.t[i].kind == T_RANGLE ? ">" :
                 p->toks.t[i].kind == T_RPAREN ? ")" :
                 p->toks.t[i].kind == T_RSQ ? "]" : "}");
        ok = false;
        break;
      }
      sp--;
      m[o] = i;
      m[i] = o;
    }
  }
  if (ok && sp) {
    uint32_t o = stack[sp - 1];
    char b[8];
    fe_error(p, n - 1, "'%s' expected (to close '%s' at %u:%u) at end of input",
             closer_of(p->toks.t[o].kind), fe_text(p, o, b, sizeof b),
             p->toks.t[o].line, p->toks.t[o].col);
    ok = false;
  }
  free(stack);
  p->match = m;
  return ok;
}

/* ------------------------------------------------------------ statements */

static fe_tok_kind kind(const fe_parser *p, uint32_t t) {
  return fe_tokat(p, t)->kind;
}

static bool has_dot(const fe_parser *p, uint32_t t) {
  const fe_tok *k = fe_tokat(p, t);
  return memchr(p->text + k->off, '.', k->len) != NULL;
}

/* Does a statement begin at token t? */
static bool is_starter(const fe_parser *p, uint32_t t) {
  switch (kind(p, t)) {
  case T_PERCENT: {
    uint32_t j = t;
    for (;;) {
      if (kind(p, j) != T_PERCENT)
        return false;
      j++;
      if (kind(p, j) == T_COLON && kind(p, j + 1) == T_INT)
        j += 2;
      if (kind(p, j) == T_EQ)
        return true;
      if (kind(p, j) != T_COMMA)
        return false;
      j++;
    }
  }
  case T_BARE:
    if (has_dot(p, t))
      return kind(p, t + 1) != T_EQ;
    return fe_is(p, t, "return") || fe_is(p, t, "module") ||
           (fe_is(p, t, "call") && kind(p, t + 1) == T_AT);
  case T_STRING:
    return kind(p, t + 1) == T_LPAREN;
  case T_CARET:
  case T_RBRACE:
    return true;
  case T_HASH:
  case T_BANG:
    return kind(p, t + 1) == T_EQ;
  default:
    return false;
  }
}

/* Does the '{' at t open a region (rather than an attribute dictionary)?
** A dictionary is `{` (key (= value)?), ... `}`; a region holds
** statements.  after_region: t follows a region of the same op (`} {`,
** `}) {`), where MLIR puts only the op's trailing attribute dictionary;
** after_name: t follows the op name, where custom formats put attr-dict.
** A dictionary may span lines (`} {\n  no_inline,\n  hivm.x = ...\n}`).
** The one ambiguous shape, a lone dotted word on its own line
** (`{\n  hivm.part_of_mix\n}` or `{\n  hivm.hir.set_mask_norm\n}`), is a
** dictionary right after the op name and a region elsewhere
** (docs/semantics-decisions.md 43). */
static bool is_region_open(const fe_parser *p, uint32_t t, bool after_region,
                           bool after_name) {
  if (t > 0 && fe_is(p, t - 1, "attributes"))
    return false;
  uint32_t n = t + 1;
  if (kind(p, n) == T_RBRACE) /* `{}`: an empty dictionary, unless it is an
                                 empty region: `{` .. `}` over lines, or
                                 an empty then-region before `else` */
    return !after_region && (fe_tokat(p, n)->nl || fe_is(p, n + 1, "else"));
  if (after_region)
    return false;
  switch (kind(p, n)) {
  case T_PERCENT:
  case T_CARET:
    return true;
  case T_STRING:
    return kind(p, n + 1) == T_LPAREN;
  case T_BARE: {
    fe_tok_kind k1 = kind(p, n + 1);
    if (k1 == T_EQ || k1 == T_COMMA)
      return false; /* key = value, or a unit attribute and more */
    if (is_starter(p, n) && !has_dot(p, n))
      return true; /* `{ return }` */
    if (k1 == T_RBRACE) /* one word: `{hivm.parallel_loop}` or a lone op */
      return has_dot(p, n) && fe_tokat(p, n + 1)->nl && !after_name;
    return has_dot(p, n);
  }
  default:
    return fe_tokat(p, n)->nl;
  }
}

static void parse_stmts(fe_parser *p, fe_blk *b, uint32_t end, int depth);

static void blk_append(fe_blk *b, fe_op *op) {
  if (b->last)
    b->last->next = op;
  else
    b->first = op;
  b->last = op;
}

/* region := '{' block* '}' ; block := (^label (args)? ':')? stmt* */
static fe_region *parse_region(fe_parser *p, uint32_t open, int depth) {
  fe_region *r = mdl_alloc(p->arena, sizeof *r);
  r->open = open;
  r->close = fe_match(p, open);
  /* count blocks */
  uint32_t cap = 4;
  r->blocks = mdl_alloc(p->arena, cap * sizeof *r->blocks);
  r->nblocks = 1;
  r->blocks[0].label = ~0u;
  p->pos = open + 1;
  while (p->pos < r->close) {
    if (kind(p, p->pos) == T_CARET) {
      if (r->nblocks == cap) {
        fe_blk *nb = mdl_alloc(p->arena, 2 * cap * sizeof *nb);
        memcpy(nb, r->blocks, cap * sizeof *nb);
        r->blocks = nb;
        cap *= 2;
      }
      fe_blk *b = &r->blocks[r->blocks[0].first || r->nblocks > 1 ||
                                     r->blocks[0].label != ~0u
                                 ? r->nblocks++
                                 : 0];
      b->label = p->pos++;
      if (kind(p, p->pos) == T_LPAREN) {
        uint32_t close = fe_match(p, p->pos);
        uint32_t na = 0;
        for (uint32_t i = p->pos + 1; i < close; i++)
          if (kind(p, i) == T_PERCENT && kind(p, i + 1) == T_COLON)
            na++;
        b->args = mdl_alloc(p->arena, (na + 1) * sizeof *b->args);
        b->argtype = mdl_alloc(p->arena, (na + 1) * sizeof *b->argtype);
        for (uint32_t i = p->pos + 1; i < close; i++)
          if (kind(p, i) == T_PERCENT && kind(p, i + 1) == T_COLON) {
            b->argtype[b->nargs] = i + 2;
            b->args[b->nargs++] = i;
          }
        p->pos = close + 1;
      }
      if (kind(p, p->pos) == T_COLON)
        p->pos++;
      else
        fe_error(p, p->pos, "expected ':' after block label");
      continue;
    }
    parse_stmts(p, &r->blocks[r->nblocks - 1], r->close, depth + 1);
    if (p->nerrors)
      break;
  }
  p->pos = r->close + 1;
  return r;
}

/* Parses one statement at p->pos (which is a starter). */
static fe_op *parse_op(fe_parser *p, uint32_t end, int depth) {
  fe_op *op = mdl_alloc(p->arena, sizeof *op);
  op->t0 = p->pos;
  /* results */
  if (kind(p, p->pos) == T_PERCENT) {
    uint32_t n = 0;
    for (uint32_t j = p->pos; kind(p, j) != T_EQ; j++)
      if (kind(p, j) == T_PERCENT)
        n++;
    op->res = mdl_alloc(p->arena, n * sizeof *op->res);
    while (kind(p, p->pos) != T_EQ) {
      if (kind(p, p->pos) == T_PERCENT) {
        fe_result *r = &op->res[op->nres++];
        r->tok = p->pos;
        r->count = 1;
        if (kind(p, p->pos + 1) == T_COLON) {
          char b[24];
          long c = strtol(fe_text(p, p->pos + 2, b, sizeof b), NULL, 10);
          r->count = c > 0 && c < 100000 ? (uint32_t)c : 1;
          p->pos += 2;
        }
      }
      p->pos++;
    }
    p->pos++; /* '=' */
  }
  op->name = p->pos;
  fe_tok_kind nk = kind(p, op->name);
  if (nk == T_HASH || nk == T_BANG) {
    /* alias definition: #map = affine_map<...> ; the name is the alias */
  } else if (nk != T_BARE && nk != T_STRING) {
    char b[32];
    fe_error(p, op->name, "expected an operation name, found %s '%s'",
             fe_tok_kind_name(nk), fe_text(p, op->name, b, sizeof b));
    return NULL;
  }
  uint32_t i = op->name + 1;
  uint32_t rcap = 0, after_region = ~0u;
  while (i < end && kind(p, i) != T_EOF) {
    const fe_tok *t = fe_tokat(p, i);
    if (t->nl && is_starter(p, i))
      break;
    if (t->kind == T_RBRACE)
      break;
    if (t->kind == T_LBRACE || (t->kind == T_LPAREN &&
                                kind(p, i + 1) == T_LBRACE)) {
      uint32_t b = t->kind == T_LBRACE ? i : i + 1;
      if (is_region_open(p, b, i == after_region, i == op->name + 1)) {
        if (depth > FE_MAX_NEST / 4) {
          fe_error(p, b, "regions nested deeper than %d levels",
                   FE_MAX_NEST / 4);
          return NULL;
        }
        for (;;) {
          if (op->nregions == rcap) {
            uint32_t nc = rcap ? rcap * 2 : 2;
            fe_region **nr = mdl_alloc(p->arena, nc * sizeof *nr);
            if (rcap)
              memcpy(nr, op->regions, rcap * sizeof *nr);
            op->regions = nr;
            rcap = nc;
          }
          op->regions[op->nregions++] = parse_region(p, b, depth);
          if (p->nerrors)
            return NULL;
          b = fe_match(p, b) + 1;
          /* generic form: ({...}, {...}) */
          if (t->kind == T_LPAREN && kind(p, b) == T_COMMA &&
              kind(p, b + 1) == T_LBRACE) {
            b++;
            continue;
          }
          break;
        }
        i = t->kind == T_LBRACE ? b : fe_match(p, i) + 1;
        after_region = i;
        continue;
      }
    }
    if (t->kind == T_LPAREN || t->kind == T_LSQ || t->kind == T_LBRACE ||
        t->kind == T_LANGLE) {
      i = fe_match(p, i) + 1;
      continue;
    }
    i++;
  }
  op->t1 = i;
  p->pos = i;
  return op;
}

static void skip_to_next_stmt(fe_parser *p, uint32_t end) {
  uint32_t i = p->pos + 1;
  while (i < end && kind(p, i) != T_EOF &&
         !(fe_tokat(p, i)->nl && is_starter(p, i)))
    i++;
  p->pos = i;
}

static void parse_stmts(fe_parser *p, fe_blk *b, uint32_t end, int depth) {
  while (p->pos < end && kind(p, p->pos) != T_EOF) {
    if (kind(p, p->pos) == T_CARET || kind(p, p->pos) == T_RBRACE)
      return;
    if (!is_starter(p, p->pos)) {
      char buf[32];
      fe_error(p, p->pos, "expected an operation, found %s '%s'",
               fe_tok_kind_name(kind(p, p->pos)),
               fe_text(p, p->pos, buf, sizeof buf));
      skip_to_next_stmt(p, end);
      if (p->nerrors > FE_MAX_ERRORS)
        return;
      continue;
    }
    uint32_t before = p->pos;
    fe_op *op = parse_op(p, end, depth);
    if (!op) {
      if (p->pos <= before)
        p->pos = before;
      skip_to_next_stmt(p, end);
      if (p->nerrors > FE_MAX_ERRORS)
        return;
      continue;
    }
    blk_append(b, op);
  }
}

uint32_t fe_parse_chunk(fe_parser *p) {
  if (!compute_match(p))
    return p->nerrors;
  p->pos = 0;
  uint32_t end = p->toks.n - 1; /* EOF */
  while (p->pos < end) {
    if (kind(p, p->pos) == T_RBRACE || kind(p, p->pos) == T_CARET) {
      fe_error(p, p->pos, "unexpected %s at top level",
               fe_tok_kind_name(kind(p, p->pos)));
      p->pos++;
      if (p->nerrors > FE_MAX_ERRORS)
        break;
      continue;
    }
    parse_stmts(p, &p->top, end, 0);
    if (p->nerrors > FE_MAX_ERRORS)
      break;
  }
  return p->nerrors;
}

bool fe_in_region(const fe_op *op, uint32_t t) {
  for (uint32_t i = 0; i < op->nregions; i++)
    if (t >= op->regions[i]->open && t <= op->regions[i]->close)
      return true;
  return false;
}
