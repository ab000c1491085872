/*
** fe_asc_norm.c -- the offset-preserving normaliser.  The Ascend C / CCE
** qualifiers of fe_asc_qual.def are not C++; tree-sitter would read them
** as errors.  They are overwritten with spaces (or, for a core test
** spelled without parentheses, with a parenthesised identifier of the same
** length), so every other byte keeps its offset and every node its
** line:col.  Newlines are never touched.
*/
#include "fe_asc_int.h"

#include <string.h>

typedef enum { QK_WORD, QK_ARGS, QK_REWRITE } qkind;

typedef struct {
  const char *name;
  qkind kind;
  const char *repl;
} qual;

static const qual quals[] = {
#define Q(n) {#n, QK_WORD, NULL},
#define QA(n) {#n, QK_ARGS, NULL},
#define QR(n, r) {#n, QK_REWRITE, r},
#include "fe_asc_qual.def"
#undef Q
#undef QA
#undef QR
};
#define NQUALS (sizeof quals / sizeof quals[0])

/* The table entry for the identifier S[0..N), or NULL. */
static const qual *find_qual(const char *s, size_t n) {
  for (size_t k = 0; k < NQUALS; k++)
    if (strlen(quals[k].name) == n && memcmp(quals[k].name, s, n) == 0)
      return &quals[k];
  return NULL;
}

static bool find_extra(const char *s, size_t n, const fe_asc_map *extra) {
  return fe_asc_map_get(extra, s, n, NULL);
}

static void blank(char *t, uint32_t from, uint32_t to) {
  for (uint32_t i = from; i < to; i++)
    if (t[i] != '\n')
      t[i] = ' ';
}

/* Skips a comment, string or character literal starting at I; returns the
** offset after it, or I when none starts there. */
static uint32_t skip_lexical(const char *t, uint32_t len, uint32_t i) {
  if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
    while (i < len && t[i] != '\n')
      i++;
    return i;
  }
  if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
    i += 2;
    while (i + 1 < len && !(t[i] == '*' && t[i + 1] == '/'))
      i++;
    return i + 1 < len ? i + 2 : len;
  }
  if (t[i] == '"' || t[i] == '\'') {
    char q = t[i++];
    while (i < len && t[i] != q && t[i] != '\n') {
      if (t[i] == '\\' && i + 1 < len)
        i++;
      i++;
    }
    return i < len && t[i] == q ? i + 1 : i;
  }
  return i;
}

/* The offset after the balanced (...) that starts at or after I (spaces
** between), or I when no '(' follows. */
static uint32_t skip_parens(const char *t, uint32_t len, uint32_t i) {
  uint32_t j = i;
  while (j < len && (t[j] == ' ' || t[j] == '\t' || t[j] == '\n' ||
                     t[j] == '\r'))
    j++;
  if (j >= len || t[j] != '(')
    return i;
  int depth = 0;
  while (j < len) {
    uint32_t k = skip_lexical(t, len, j);
    if (k != j) {
      j = k;
      continue;
    }
    if (t[j] == '(')
      depth++;
    else if (t[j] == ')' && --depth == 0)
      return j + 1;
    j++;
  }
  return i;                    /* unbalanced: leave it to the parser */
}

/* `<<<a, b, c>>>` of a kernel launch in host code: the end offset, or I. */
static uint32_t launch_config(const char *t, uint32_t len, uint32_t i) {
  if (i + 3 > len || memcmp(t + i, "<<<", 3) != 0 ||
      (i + 3 < len && t[i + 3] == '<'))
    return i;
  for (uint32_t j = i + 3; j + 2 < len && t[j] != ';' && t[j] != '{'; j++)
    if (memcmp(t + j, ">>>", 3) == 0)
      return j + 3;
  return i;
}

/* `operator()<AscendC::AIC>(`: an explicit specialisation of the call
** operator (catlass's per-core kernels), which the grammar does not read.
** Returns the end of the template argument list when T[I..) is
** `operator ( ) <...>` followed by '(', else I.  The arguments are blanked;
** the extraction reads them from the original text at the same offsets. */
static uint32_t operator_spec(const char *t, uint32_t len, uint32_t i) {
  uint32_t j = i + 8;
  if (j > len || memcmp(t + i, "operator", 8) != 0)
    return i;
  while (j < len && t[j] == ' ')
    j++;
  if (j + 1 >= len || t[j] != '(' || t[j + 1] != ')')
    return i;
  j += 2;
  while (j < len && t[j] == ' ')
    j++;
  if (j >= len || t[j] != '<')
    return i;
  int depth = 0;
  for (; j < len && t[j] != '\n' && t[j] != ';' && t[j] != '{'; j++) {
    if (t[j] == '<')
      depth++;
    else if (t[j] == '>' && --depth == 0)
      break;
  }
  if (j >= len || t[j] != '>')
    return i;
  uint32_t e = j + 1;
  while (e < len && (t[e] == ' ' || t[e] == '\t'))
    e++;
  return e < len && t[e] == '(' ? j + 1 : i;
}

void fe_asc_normalise(char *t, uint32_t len, const fe_asc_map *extra) {
  uint32_t i = 0;
  while (i < len) {
    uint32_t k = skip_lexical(t, len, i);
    if (k != i) {
      i = k;
      continue;
    }
    if ((k = launch_config(t, len, i)) != i) {
      blank(t, i, k);
      i = k;
      continue;
    }
    /* `[aicore]`: the CCE spelling of __aicore__ */
    if (t[i] == '[' && i + 8 <= len && memcmp(t + i, "[aicore]", 8) == 0) {
      blank(t, i, i + 8);
      i += 8;
      continue;
    }
    if (!fe_asc_idstart((unsigned char)t[i]) ||
        (i > 0 && fe_asc_idchar((unsigned char)t[i - 1]))) {
      i++;
      continue;
    }
    uint32_t e = i;
    while (e < len && fe_asc_idchar((unsigned char)t[e]))
      e++;
    uint32_t sp = operator_spec(t, len, i);
    if (sp != i) {
      uint32_t a = i + 8;
      while (t[a] != '<')
        a++;
      blank(t, a, sp);
      i = sp;
      continue;
    }
    const qual *q = find_qual(t + i, e - i);
    if (q && q->kind == QK_REWRITE) {
      memcpy(t + i, q->repl, e - i);
    } else if (q && q->kind == QK_ARGS) {
      e = skip_parens(t, len, e);
      blank(t, i, e);
    } else if (q || find_extra(t + i, e - i, extra)) {
      blank(t, i, e);
    }
    i = e;
  }
}

bool fe_asc_is_qualifier_body(const char *s, size_t n,
                              const fe_asc_map *extra) {
  size_t i = 0;
  while (i < n) {
    if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
      i++;
      continue;
    }
    if (s[i] == '[' && i + 8 <= n && memcmp(s + i, "[aicore]", 8) == 0) {
      i += 8;
      continue;
    }
    if (!fe_asc_idstart((unsigned char)s[i]))
      return false;
    size_t e = i;
    while (e < n && fe_asc_idchar((unsigned char)s[e]))
      e++;
    const qual *q = find_qual(s + i, e - i);
    if (q && q->kind == QK_ARGS)
      e = skip_parens(s, (uint32_t)n, (uint32_t)e);
    else if (!(q && q->kind == QK_WORD) && !find_extra(s + i, e - i, extra))
      return false;
    i = e;
  }
  return true;
}
