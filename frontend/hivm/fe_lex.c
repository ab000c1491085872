/*
** fe_lex.c -- hand-written lexer for the MLIR textual form used by HIVM.
**
** Shapes are lexed in context: right after `memref<`, `tensor<` or
** `vector<` the dimension list "16x?x8x" becomes one T_DIMS token, the
** way MLIR's own lexer treats dimension lists.
*/
#include "fe_lex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_id_start(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_id_char(int c) {
  return is_id_start(c) || is_digit(c) || c == '$' || c == '.';
}
static bool is_suffix_char(int c) { return is_id_char(c) || c == '-'; }

static void push(fe_toks *ts, fe_tok_kind k, uint32_t off, uint32_t len,
                 uint32_t line, uint32_t col, bool nl) {
  if (ts->n == ts->cap) {
    ts->cap = ts->cap ? ts->cap * 2 : 256;
    ts->t = realloc(ts->t, ts->cap * sizeof *ts->t);
    if (!ts->t) {
      fputs("ksv: out of memory\n", stderr);
      exit(3);
    }
  }
  fe_tok *t = &ts->t[ts->n++];
  t->kind = k;
  t->off = off;
  t->len = len;
  t->line = line;
  t->col = col;
  t->nl = nl;
}

static bool tok_is(const char *text, const fe_tok *t, const char *s) {
  size_t n = strlen(s);
  return t->len == n && memcmp(text + t->off, s, n) == 0;
}

/* True when the two previous tokens are `memref|tensor|vector` `<`. */
static bool shape_context(const char *text, const fe_toks *ts) {
  if (ts->n < 2)
    return false;
  const fe_tok *a = &ts->t[ts->n - 2], *b = &ts->t[ts->n - 1];
  return b->kind == T_LANGLE && a->kind == T_BARE &&
         (tok_is(text, a, "memref") || tok_is(text, a, "tensor") ||
          tok_is(text, a, "vector"));
}

static void lex_error(fe_toks *ts, uint32_t line, uint32_t col,
                      const char *msg) {
  if (!ts->err) {
    ts->err = true;
    ts->err_line = line;
    ts->err_col = col;
    snprintf(ts->err_msg, sizeof ts->err_msg, "%s", msg);
  }
}

bool fe_lex(const char *s, uint32_t begin, uint32_t end, uint32_t line,
            fe_toks *ts) {
  uint32_t i = begin, line_start = begin;
  bool nl = true;
  while (i < end) {
    unsigned char c = (unsigned char)s[i];
    uint32_t col = i - line_start + 1, st = i;
    if (c == '\n') {
      i++;
      line++;
      line_start = i;
      nl = true;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      i++;
      continue;
    }
    if (c == '/' && i + 1 < end && s[i + 1] == '/') {
      while (i < end && s[i] != '\n')
        i++;
      continue;
    }
    if (c == 0) {
      lex_error(ts, line, col, "NUL byte in input");
      push(ts, T_ERROR, st, 1, line, col, nl);
      break;
    }
    if (c >= 0x80) {
      lex_error(ts, line, col, "unexpected non-ASCII byte outside a string");
      push(ts, T_ERROR, st, 1, line, col, nl);
      break;
    }
    fe_tok_kind k = T_OTHER;
    if (shape_context(s, ts) && (is_digit(c) || c == '?' || c == '*')) {
      /* dims: (INT | ? | *) 'x' repeated */
      uint32_t j = i, last = i;
      bool any = false;
      for (;;) {
        uint32_t d = j;
        if (d < end && (s[d] == '?' || s[d] == '*'))
          d++;
        else
          while (d < end && is_digit((unsigned char)s[d]))
            d++;
        if (d == j || d >= end || s[d] != 'x')
          break;
        j = d + 1;
        last = j;
        any = true;
      }
      if (any) {
        push(ts, T_DIMS, st, last - st, line, col, nl);
        nl = false;
        i = last;
        continue;
      }
    }
    if (c == '%' || c == '^' || c == '#' || c == '!' || c == '@') {
      k = c == '%' ? T_PERCENT : c == '^' ? T_CARET : c == '#' ? T_HASH
          : c == '!' ? T_BANG : T_AT;
      i++;
      if (i < end && s[i] == '"' && (k == T_AT)) { /* @"quoted" */
        i++;
        while (i < end && s[i] != '"' && s[i] != '\n')
          i++;
        if (i < end && s[i] == '"')
          i++;
      } else {
        uint32_t j = i;
        while (j < end && (is_suffix_char((unsigned char)s[j]) ||
                           (k == T_PERCENT && s[j] == '#')))
          j++;
        if (j == i) {
          lex_error(ts, line, col, "expected an identifier after the sigil");
          push(ts, T_ERROR, st, 1, line, col, nl);
          return false;
        }
        i = j;
      }
    } else if (is_id_start(c)) {
      k = T_BARE;
      while (i < end && is_id_char((unsigned char)s[i]))
        i++;
    } else if (is_digit(c)) {
      k = T_INT;
      if (c == '0' && i + 1 < end && (s[i + 1] == 'x' || s[i + 1] == 'X') &&
          i + 2 < end && strchr("0123456789abcdefABCDEF", s[i + 2]) &&
          s[i + 2]) {
        i += 2;
        while (i < end && s[i] && strchr("0123456789abcdefABCDEF", s[i]))
          i++;
      } else {
        while (i < end && is_digit((unsigned char)s[i]))
          i++;
        if (i + 1 < end && s[i] == '.' && is_digit((unsigned char)s[i + 1])) {
          k = T_FLOAT;
          i++;
          while (i < end && is_digit((unsigned char)s[i]))
            i++;
        } else if (i < end && s[i] == '.' &&
                   !(i + 1 < end && is_id_start((unsigned char)s[i + 1]))) {
          k = T_FLOAT;
          i++;
        }
        if (i < end && (s[i] == 'e' || s[i] == 'E') && k == T_FLOAT) {
          uint32_t j = i + 1;
          if (j < end && (s[j] == '+' || s[j] == '-'))
            j++;
          if (j < end && is_digit((unsigned char)s[j])) {
            i = j;
            while (i < end && is_digit((unsigned char)s[i]))
              i++;
          }
        }
      }
    } else if (c == '"') {
      k = T_STRING;
      i++;
      while (i < end && s[i] != '"') {
        if (s[i] == '\n' || s[i] == 0) {
          lex_error(ts, line, col, "unterminated string literal");
          push(ts, T_ERROR, st, 1, line, col, nl);
          return false;
        }
        if (s[i] == '\\' && i + 1 < end)
          i++;
        i++;
      }
      if (i >= end) {
        lex_error(ts, line, col, "unterminated string literal");
        push(ts, T_ERROR, st, 1, line, col, nl);
        return false;
      }
      i++;
    } else {
      i++;
      switch (c) {
      case '(': k = T_LPAREN; break;
      case ')': k = T_RPAREN; break;
      case '[': k = T_LSQ; break;
      case ']': k = T_RSQ; break;
      case '{': k = T_LBRACE; break;
      case '}': k = T_RBRACE; break;
      case '<':
        if (i < end && s[i] == '=') { i++; k = T_LE; } else k = T_LANGLE;
        break;
      case '>':
        if (i < end && s[i] == '=') { i++; k = T_GE; } else k = T_RANGLE;
        break;
      case ',': k = T_COMMA; break;
      case ':': k = T_COLON; break;
      case '=':
        if (i < end && s[i] == '=') { i++; k = T_EQEQ; } else k = T_EQ;
        break;
      case '-':
        if (i < end && s[i] == '>') { i++; k = T_ARROW; } else k = T_MINUS;
        break;
      case '?': k = T_QUESTION; break;
      case '*': k = T_STAR; break;
      case '+': k = T_PLUS; break;
      case '/': k = T_SLASH; break;
      case '|': k = T_PIPE; break;
      case '.':
        if (i + 1 < end && s[i] == '.' && s[i + 1] == '.') {
          i += 2;
          k = T_ELLIPSIS;
        } else
          k = T_OTHER;
        break;
      default:
        k = T_OTHER;
        break;
      }
      if (k == T_OTHER) {
        char msg[64];
        snprintf(msg, sizeof msg, "unexpected character '%c'", c);
        lex_error(ts, line, col, msg);
        push(ts, T_ERROR, st, 1, line, col, nl);
        return false;
      }
    }
    push(ts, k, st, i - st, line, col, nl);
    nl = false;
  }
  uint32_t col = i - line_start + 1;
  push(ts, T_EOF, i, 0, line, col, nl);
  return !ts->err;
}

void fe_toks_free(fe_toks *t) {
  free(t->t);
  t->t = NULL;
  t->n = t->cap = 0;
}

const char *fe_tok_kind_name(fe_tok_kind k) {
  static const char *names[] = {
      "end of input", "invalid token", "SSA value", "block label",
      "attribute", "type alias", "symbol", "identifier", "integer", "float",
      "string", "shape", "'('", "')'", "'['", "']'", "'{'", "'}'", "'<'",
      "'>'", "','", "':'", "'='", "'->'", "'?'", "'*'", "'+'", "'-'", "'/'",
      "'>='", "'<='", "'=='", "'|'", "'...'", "character"};
  return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "token";
}
