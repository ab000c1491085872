/*
** fe_asc_cond.c -- the #if expression evaluator: C's preprocessor
** arithmetic on int64 values that may be unknown.  An identifier is
** looked up by the caller (a defined macro's value, 0 for a macro known
** not to be defined, unknown for a build macro the text never defines);
** `defined NAME` and `defined(NAME)` are unknown for such a macro too.
** Unknown operands make the result unknown, except where C's short
** circuit decides (0 && x, 1 || x, a known ?: condition).
*/
#include "fe_asc_int.h"

#include <stdio.h>
#include <string.h>

#define MAX_DEPTH 200

typedef struct {
  const char *s;
  size_t n, i;
  fe_asc_lookup look;
  void *ctx;
  int depth;
  char *err;
  size_t errn, erroff;
  bool failed;
} ev;

typedef struct {
  int64_t v;
  bool known;
} val;

static void fail(ev *e, const char *msg) {
  if (e->failed)
    return;
  e->failed = true;
  e->erroff = e->i;
  snprintf(e->err, e->errn, "%s", msg);
}

static void skip_ws(ev *e) {
  while (e->i < e->n && (e->s[e->i] == ' ' || e->s[e->i] == '\t' ||
                         e->s[e->i] == '\r' || e->s[e->i] == '\n' ||
                         e->s[e->i] == '\f' || e->s[e->i] == '\v'))
    e->i++;
}

/* Consumes the operator OP when it is next (and not the start of a longer
** one the caller lists in NOT). */
static bool eat(ev *e, const char *op, const char *not) {
  skip_ws(e);
  size_t k = strlen(op);
  if (e->i + k > e->n || memcmp(e->s + e->i, op, k) != 0)
    return false;
  if (not && e->i + k < e->n && strchr(not, e->s[e->i + k]))
    return false;
  e->i += k;
  return true;
}

static val expr(ev *e);

/* number: decimal, hex, octal, binary, with u/l suffixes; 'c' literals */
static val number(ev *e) {
  val r = {0, true};
  const char *s = e->s;
  size_t i = e->i;
  uint64_t v = 0;
  int base = 10;
  if (s[i] == '0' && i + 1 < e->n && (s[i + 1] == 'x' || s[i + 1] == 'X'))
    base = 16, i += 2;
  else if (s[i] == '0' && i + 1 < e->n && (s[i + 1] == 'b' || s[i + 1] == 'B'))
    base = 2, i += 2;
  else if (s[i] == '0')
    base = 8;
  bool over = false;
  for (; i < e->n; i++) {
    int c = s[i], d;
    if (c == '\'')
      continue;
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if (c >= 'a' && c <= 'f')
      d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      d = c - 'A' + 10;
    else
      break;
    if (d >= base)
      break;
    if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
      over = true;
    v = v * (uint64_t)base + (uint64_t)d;
  }
  while (i < e->n && strchr("uUlL", s[i]))
    i++;
  e->i = i;
  if (i < e->n && fe_asc_idchar((unsigned char)s[i])) {
    fail(e, "bad number in #if expression");
    return r;
  }
  if (over)
    fail(e, "integer literal too large in #if expression");
  r.v = (int64_t)v;
  return r;
}

static val charlit(ev *e) {
  val r = {0, true};
  e->i++;
  if (e->i < e->n && e->s[e->i] == '\\' && e->i + 1 < e->n) {
    char c = e->s[e->i + 1];
    r.v = c == 'n' ? 10 : c == 't' ? 9 : c == '0' ? 0 : c;
    e->i += 2;
  } else if (e->i < e->n) {
    r.v = (unsigned char)e->s[e->i++];
  }
  if (e->i >= e->n || e->s[e->i] != '\'')
    fail(e, "unterminated character literal in #if expression");
  else
    e->i++;
  return r;
}

static bool ident(ev *e, size_t *start, size_t *len) {
  skip_ws(e);
  if (e->i >= e->n || !fe_asc_idstart((unsigned char)e->s[e->i]))
    return false;
  *start = e->i;
  while (e->i < e->n && fe_asc_idchar((unsigned char)e->s[e->i]))
    e->i++;
  *len = e->i - *start;
  return true;
}

/* defined NAME | defined ( NAME ) */
static val defined_op(ev *e) {
  val r = {0, true};
  bool paren = eat(e, "(", NULL);
  size_t st, ln;
  if (!ident(e, &st, &ln)) {
    fail(e, "macro name expected after 'defined'");
    return r;
  }
  if (paren && !eat(e, ")", NULL))
    fail(e, "')' expected after 'defined(NAME'");
  int64_t v;
  fe_asc_id k = e->look(e->ctx, e->s + st, ln, &v);
  if (k == FE_ASC_ID_UNKNOWN)
    r.known = false;
  else
    r.v = k != FE_ASC_ID_UNDEF;
  return r;
}

/* primary: number | char | identifier | defined | ( expr ) | unary op */
static val unary(ev *e) {
  val r = {0, true};
  if (++e->depth > MAX_DEPTH) {
    fail(e, "#if expression nested too deeply");
    e->depth--;
    return r;
  }
  skip_ws(e);
  if (e->i >= e->n) {
    fail(e, "#if expression expected");
  } else if (eat(e, "!", "=")) {
    r = unary(e);
    r.v = !r.v;
  } else if (eat(e, "~", NULL)) {
    r = unary(e);
    r.v = (int64_t)~(uint64_t)r.v;
  } else if (eat(e, "-", NULL)) {
    r = unary(e);
    r.v = (int64_t)(0 - (uint64_t)r.v);
  } else if (eat(e, "+", NULL)) {
    r = unary(e);
  } else if (eat(e, "(", NULL)) {
    r = expr(e);
    if (!eat(e, ")", NULL))
      fail(e, "')' expected in #if expression");
  } else if (e->s[e->i] >= '0' && e->s[e->i] <= '9') {
    r = number(e);
  } else if (e->s[e->i] == '\'') {
    r = charlit(e);
  } else {
    size_t st, ln;
    if (!ident(e, &st, &ln)) {
      fail(e, "unexpected character in #if expression");
    } else if (ln == 7 && memcmp(e->s + st, "defined", 7) == 0) {
      r = defined_op(e);
    } else if ((ln == 4 && memcmp(e->s + st, "true", 4) == 0) ||
               (ln == 5 && memcmp(e->s + st, "false", 5) == 0)) {
      r.v = ln == 4;
    } else {
      int64_t v = 0;
      fe_asc_id k = e->look(e->ctx, e->s + st, ln, &v);
      skip_ws(e);
      if (e->i < e->n && e->s[e->i] == '(') {
        fail(e, "function-like macro call in #if expression is not "
                "supported");
      } else if (k == FE_ASC_ID_VALUE) {
        r.v = v;
      } else if (k == FE_ASC_ID_UNDEF) {
        r.v = 0;
      } else {
        r.known = false;
      }
    }
  }
  e->depth--;
  return r;
}

/* Binary operators by precedence level, lowest first (|| and && and ?:
** are handled apart for their short circuit). */
static const char *const levels[][6] = {
    {"|", NULL}, {"^", NULL}, {"&", NULL}, {"==", "!=", NULL},
    {"<=", ">=", "<", ">", NULL}, {"<<", ">>", NULL}, {"+", "-", NULL},
    {"*", "/", "%", NULL}};
#define NLEVELS ((int)(sizeof levels / sizeof levels[0]))

static bool eat_binop(ev *e, int lv, const char **op) {
  for (int k = 0; levels[lv][k]; k++) {
    const char *o = levels[lv][k];
    /* '|' not '||', '&' not '&&', '<' not '<<'/'<=', ... */
    const char *not = !strcmp(o, "|") ? "|=" : !strcmp(o, "&") ? "&="
                      : !strcmp(o, "<") ? "<=" : !strcmp(o, ">") ? ">="
                      : !strcmp(o, "<<") || !strcmp(o, ">>") ? "="
                      : strlen(o) == 1 ? "=" : NULL;
    if (eat(e, o, not)) {
      *op = o;
      return true;
    }
  }
  return false;
}

static val apply(ev *e, const char *op, val a, val b) {
  val r = {0, a.known && b.known};
  uint64_t x = (uint64_t)a.v, y = (uint64_t)b.v;
  switch (op[0]) {
  case '|': r.v = (int64_t)(x | y); break;
  case '^': r.v = (int64_t)(x ^ y); break;
  case '&': r.v = (int64_t)(x & y); break;
  case '=': r.v = a.v == b.v; break;
  case '!': r.v = a.v != b.v; break;
  case '+': r.v = (int64_t)(x + y); break;
  case '-': r.v = (int64_t)(x - y); break;
  case '*': r.v = (int64_t)(x * y); break;
  case '<':
    r.v = op[1] == '<' ? (int64_t)(b.v >= 0 && b.v < 64 ? x << b.v : 0)
          : op[1] == '=' ? a.v <= b.v : a.v < b.v;
    break;
  case '>':
    r.v = op[1] == '>' ? (b.v >= 0 && b.v < 64 ? a.v >> b.v : 0)
          : op[1] == '=' ? a.v >= b.v : a.v > b.v;
    break;
  case '/':
  case '%':
    if (b.known && b.v == 0) {
      fail(e, "division by zero in #if expression");
      r.known = false;
    } else if (r.known) {
      if (a.v == INT64_MIN && b.v == -1)
        r.v = op[0] == '/' ? INT64_MIN : 0;
      else
        r.v = op[0] == '/' ? a.v / b.v : a.v % b.v;
    }
    break;
  }
  if (!r.known)
    r.v = 0;
  return r;
}

static val binary(ev *e, int lv) {
  if (lv >= NLEVELS)
    return unary(e);
  val a = binary(e, lv + 1);
  const char *op;
  while (!e->failed && eat_binop(e, lv, &op))
    a = apply(e, op, a, binary(e, lv + 1));
  return a;
}

static val land(ev *e) {
  val a = binary(e, 0);
  while (!e->failed && eat(e, "&&", NULL)) {
    val b = binary(e, 0);
    if ((a.known && !a.v) || (b.known && !b.v))
      a = (val){0, true};
    else
      a = (val){a.known && b.known, a.known && b.known};
  }
  return a;
}

static val lor(ev *e) {
  val a = land(e);
  while (!e->failed && eat(e, "||", NULL)) {
    val b = land(e);
    if ((a.known && a.v) || (b.known && b.v))
      a = (val){1, true};
    else
      a = (val){0, a.known && b.known};
  }
  return a;
}

/* expr: lor ( '?' expr ':' expr )? */
static val expr(ev *e) {
  if (++e->depth > MAX_DEPTH) {
    fail(e, "#if expression nested too deeply");
    e->depth--;
    return (val){0, true};
  }
  val c = lor(e);
  if (!e->failed && eat(e, "?", NULL)) {
    val a = expr(e);
    if (!eat(e, ":", NULL))
      fail(e, "':' expected in #if expression");
    val b = expr(e);
    c = !c.known ? (val){0, false} : c.v ? a : b;
  }
  e->depth--;
  return c;
}

int fe_asc_eval(const char *s, size_t n, fe_asc_lookup look, void *ctx,
                int64_t *out, char *err, size_t errn, size_t *erroff) {
  ev e = {s, n, 0, look, ctx, 0, err, errn, 0, false};
  val r = expr(&e);
  skip_ws(&e);
  if (!e.failed && e.i < e.n)
    fail(&e, "unexpected text after #if expression");
  if (e.failed) {
    *erroff = e.erroff;
    return -1;
  }
  if (out)
    *out = r.v;
  return !r.known ? FE_ASC_UNKNOWN : r.v ? FE_ASC_TRUE : FE_ASC_FALSE;
}
