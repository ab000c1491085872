/*
** fix_text.c -- the text side of `ksv fix`: a source as lines that
** remember their original line, edits applied with the anchor's
** indentation, and the unified diff between two versions.
*/
#include "fix.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static char *dupn(const char *s, size_t n) {
  char *d = malloc(n + 1);
  if (!d) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

void fix_text_init(fix_text *t, const char *buf, size_t len) {
  memset(t, 0, sizeof *t);
  size_t i = 0;
  uint32_t no = 0;
  while (i < len) {
    size_t j = i;
    while (j < len && buf[j] != '\n')
      j++;
    fix_line *l = mdl_vec_push(&t->lines, sizeof *l);
    l->orig = ++no;
    l->text = dupn(buf + i, j - i);
    t->final_newline = j < len;
    i = j + 1;
  }
}

void fix_text_copy(fix_text *dst, const fix_text *src) {
  memset(dst, 0, sizeof *dst);
  dst->final_newline = src->final_newline;
  dst->cxx = src->cxx;
  for (uint32_t i = 0; i < src->lines.len; i++) {
    const fix_line *s = &MDL_VEC_AT(src->lines, fix_line, i);
    fix_line *d = mdl_vec_push(&dst->lines, sizeof *d);
    d->orig = s->orig;
    d->text = dupn(s->text, strlen(s->text));
  }
}

char *fix_text_join(const fix_text *t, size_t *len) {
  size_t n = 0;
  for (uint32_t i = 0; i < t->lines.len; i++)
    n += strlen(MDL_VEC_AT(t->lines, fix_line, i).text) + 1;
  char *b = malloc(n + 1), *p = b;
  if (!b) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  for (uint32_t i = 0; i < t->lines.len; i++) {
    const char *s = MDL_VEC_AT(t->lines, fix_line, i).text;
    size_t m = strlen(s);
    memcpy(p, s, m);
    p += m;
    if (i + 1 < t->lines.len || t->final_newline)
      *p++ = '\n';
  }
  *p = 0;
  *len = (size_t)(p - b);
  return b;
}

bool fix_is_separator(const char *line) {
  const char *a = line, *z = line + strlen(line);
  while (*a == ' ' || *a == '\t')
    a++;
  while (z > a && (z[-1] == ' ' || z[-1] == '\t' || z[-1] == '\r'))
    z--;
  return z - a == 8 && !memcmp(a, "// -----", 8);
}

void fix_text_free(fix_text *t) {
  for (uint32_t i = 0; i < t->lines.len; i++)
    free(MDL_VEC_AT(t->lines, fix_line, i).text);
  mdl_vec_free(&t->lines);
}

void fix_cand_free(fix_cand *c) {
  for (uint32_t i = 0; i < c->edits.len; i++) {
    fix_edit *e = &MDL_VEC_AT(c->edits, fix_edit, i);
    free(e->text);
    free(e->old);
  }
  mdl_vec_free(&c->edits);
  free(c->what);
}

void fix_cands_free(mdl_vec *cands) {
  for (uint32_t i = 0; i < cands->len; i++)
    fix_cand_free(&MDL_VEC_AT(*cands, fix_cand, i));
  mdl_vec_free(cands);
}

/* Brace balance of a line, outside strings and // comments. */
static int brace_delta(const char *s) {
  int d = 0;
  bool str = false;
  for (; *s; s++) {
    if (str) {
      if (*s == '\\' && s[1])
        s++;
      else if (*s == '"')
        str = false;
    } else if (*s == '"') {
      str = true;
    } else if (s[0] == '/' && s[1] == '/') {
      break;
    } else if (*s == '{') {
      d++;
    } else if (*s == '}') {
      d--;
    }
  }
  return d;
}

/* C++: the statement starting at line index i ends on the line where
** its parentheses and braces are closed and its last character is `;` or
** `}` (a `for (...)` line goes on into its body, braced on the next line
** or not), unless an `else` follows. */
static uint32_t cxx_stmt_end(const fix_text *t, uint32_t i) {
  int br = 0, pa = 0;
  uint32_t n = t->lines.len;
  for (uint32_t j = i; j < n; j++) {
    const char *s = MDL_VEC_AT(t->lines, fix_line, j).text;
    char last = 0, q = 0;
    for (; *s; s++) {
      if (q) {
        if (*s == '\\' && s[1])
          s++;
        else if (*s == q)
          q = 0;
        continue;
      }
      if (*s == '"' || *s == '\'')
        q = *s;
      else if (s[0] == '/' && s[1] == '/')
        break;
      br += (*s == '{') - (*s == '}');
      pa += (*s == '(') - (*s == ')');
      if (*s != ' ' && *s != '\t')
        last = *s;
    }
    if (br < 0)
      return j > i ? j - 1 : i; /* the enclosing block closed */
    if (br == 0 && pa <= 0 && (last == ';' || last == '}')) {
      uint32_t k = j + 1;
      while (k < n && !MDL_VEC_AT(t->lines, fix_line, k).text
                          [strspn(MDL_VEC_AT(t->lines, fix_line, k).text,
                                  " \t")])
        k++;
      const char *nx = k < n ? MDL_VEC_AT(t->lines, fix_line, k).text : "";
      nx += strspn(nx, " \t");
      if (strncmp(nx, "else", 4) || isalnum((unsigned char)nx[4]))
        return j;
    }
  }
  return n ? n - 1 : 0;
}

/* Index of the last line of the statement starting at index i: the line
** that closes the regions it opens (i itself for a one-line op). */
uint32_t fix_stmt_end(const fix_text *t, uint32_t i) {
  if (t->cxx)
    return cxx_stmt_end(t, i);
  int bal = brace_delta(MDL_VEC_AT(t->lines, fix_line, i).text);
  uint32_t j = i;
  while (bal > 0 && j + 1 < t->lines.len) {
    j++;
    bal += brace_delta(MDL_VEC_AT(t->lines, fix_line, j).text);
  }
  return j;
}

static size_t indent_of(const char *s) {
  size_t n = 0;
  while (s[n] == ' ' || s[n] == '\t')
    n++;
  return n;
}

typedef struct {
  uint32_t at;                 /* line index the insert goes before */
  uint32_t seq;                /* edit order, for a stable result */
  const fix_edit *e;
  uint32_t anchor;             /* line whose indentation it takes */
} ins;

static int ins_cmp(const void *x, const void *y) {
  const ins *a = x, *b = y;
  if (a->at != b->at)
    return a->at < b->at ? -1 : 1;
  return a->seq < b->seq ? -1 : a->seq > b->seq;
}

int fix_apply(const fix_text *in, const fix_cand *c, fix_text *out) {
  uint32_t n = in->lines.len;
  memset(out, 0, sizeof *out);
  uint8_t *del = calloc(n + 1, 1);
  const fix_edit **rep = calloc(n + 1, sizeof *rep);
  ins *is = calloc(c->edits.len + 1, sizeof *is);
  uint32_t ni = 0;
  int rc = 0;
  if (!del || !rep || !is) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  for (uint32_t q = 0; q < c->edits.len && !rc; q++) {
    const fix_edit *e = &MDL_VEC_AT(c->edits, fix_edit, q);
    if (e->line < 1 || e->line > n) {
      rc = -1;
      break;
    }
    uint32_t i = e->line - 1;
    switch (e->op) {
    case FIX_INSERT_BEFORE:
      is[ni++] = (ins){i, q, e, i};
      break;
    case FIX_INSERT_AFTER:
      is[ni++] = (ins){fix_stmt_end(in, i) + 1, q, e, i};
      break;
    case FIX_DELETE:
      if (del[i])
        rc = -1;
      del[i] = 1;
      break;
    case FIX_REPLACE:
      if (rep[i] || !e->old ||
          !strstr(MDL_VEC_AT(in->lines, fix_line, i).text, e->old))
        rc = -1;
      rep[i] = e;
      break;
    }
  }
  if (!rc) {
    qsort(is, ni, sizeof *is, ins_cmp);
    uint32_t k = 0;
    out->final_newline = in->final_newline;
    out->cxx = in->cxx;
    for (uint32_t i = 0; i <= n; i++) {
      for (; k < ni && is[k].at == i; k++) {
        /* one line per '\n'-separated part, each after the anchor's
           indentation (a part keeps its own leading spaces: a body) */
        const char *anc = MDL_VEC_AT(in->lines, fix_line, is[k].anchor).text;
        size_t w = indent_of(anc);
        for (const char *p = is[k].e->text; p;) {
          const char *nl = strchr(p, '\n');
          size_t m = nl ? (size_t)(nl - p) : strlen(p);
          fix_line *l = mdl_vec_push(&out->lines, sizeof *l);
          l->orig = 0;
          l->text = malloc(w + m + 1);
          if (!l->text) {
            fputs("ksv: out of memory\n", stderr);
            exit(3);
          }
          memcpy(l->text, anc, w);
          memcpy(l->text + w, p, m);
          l->text[w + m] = 0;
          p = nl ? nl + 1 : NULL;
        }
      }
      if (i == n || del[i])
        continue;
      const fix_line *s = &MDL_VEC_AT(in->lines, fix_line, i);
      fix_line *l = mdl_vec_push(&out->lines, sizeof *l);
      l->orig = s->orig;
      if (rep[i]) {
        const char *p = strstr(s->text, rep[i]->old);
        size_t a = (size_t)(p - s->text), o = strlen(rep[i]->old),
               m = strlen(rep[i]->text);
        l->text = malloc(strlen(s->text) - o + m + 1);
        if (!l->text) {
          fputs("ksv: out of memory\n", stderr);
          exit(3);
        }
        memcpy(l->text, s->text, a);
        memcpy(l->text + a, rep[i]->text, m);
        strcpy(l->text + a + m, p + o);
      } else {
        l->text = dupn(s->text, strlen(s->text));
      }
    }
  }
  free(del);
  free(rep);
  free(is);
  if (rc)
    fix_text_free(out);
  return rc;
}

/* ------------------------------------------------------------- diff */

typedef struct {
  char kind;                   /* ' ', '-', '+' */
  uint32_t ai, bi;             /* 0-based indices into a / b */
} dop;

uint32_t fix_diff(FILE *out, const char *label_a, const char *label_b,
                  const fix_text *a, const fix_text *b) {
  /* b's lines carry the original line numbers of a's (a is the
     original): the alignment is a merge */
  mdl_vec ops = {0};
  uint32_t i = 0, j = 0, na = a->lines.len, nb = b->lines.len, changed = 0;
  while (i < na || j < nb) {
    const fix_line *lb = j < nb ? &MDL_VEC_AT(b->lines, fix_line, j) : NULL;
    const fix_line *la = i < na ? &MDL_VEC_AT(a->lines, fix_line, i) : NULL;
    dop *o = mdl_vec_push(&ops, sizeof *o);
    o->ai = i;
    o->bi = j;
    if (lb && (lb->orig == 0 || !la)) {
      o->kind = '+';
      j++;
    } else if (la && (!lb || lb->orig != la->orig)) {
      o->kind = '-';
      i++;
    } else if (strcmp(la->text, lb->text)) {
      o->kind = '-';
      i++;
      dop *p = mdl_vec_push(&ops, sizeof *p);
      p->kind = '+';
      p->ai = i;
      p->bi = j++;
    } else {
      o->kind = ' ';
      i++;
      j++;
    }
  }
  uint32_t no = ops.len;
  for (uint32_t q = 0; q < no; q++)
    changed += MDL_VEC_AT(ops, dop, q).kind != ' ';
  if (changed && out)
    fprintf(out, "--- %s\n+++ %s\n", label_a, label_b);
  /* hunks: changes with 3 lines of context, merged when close */
  uint32_t q = 0;
  while (out && q < no) {
    while (q < no && MDL_VEC_AT(ops, dop, q).kind == ' ')
      q++;
    if (q >= no)
      break;
    uint32_t start = q >= 3 ? q - 3 : 0, end = q;
    for (;;) {
      while (end < no && MDL_VEC_AT(ops, dop, end).kind != ' ')
        end++;
      uint32_t r = end;
      while (r < no && r < end + 7 && MDL_VEC_AT(ops, dop, r).kind == ' ')
        r++;
      if (r < no && r < end + 7 && MDL_VEC_AT(ops, dop, r).kind != ' ')
        end = r;
      else
        break;
    }
    uint32_t stop = end + 3 < no ? end + 3 : no;
    uint32_t a0 = MDL_VEC_AT(ops, dop, start).ai,
             b0 = MDL_VEC_AT(ops, dop, start).bi, ac = 0, bc = 0;
    for (uint32_t r = start; r < stop; r++) {
      char k = MDL_VEC_AT(ops, dop, r).kind;
      ac += k != '+';
      bc += k != '-';
    }
    fprintf(out, "@@ -%u,%u +%u,%u @@\n", ac ? a0 + 1 : a0, ac,
            bc ? b0 + 1 : b0, bc);
    for (uint32_t r = start; r < stop; r++) {
      const dop *o = &MDL_VEC_AT(ops, dop, r);
      const char *s = o->kind == '+'
                          ? MDL_VEC_AT(b->lines, fix_line, o->bi).text
                          : MDL_VEC_AT(a->lines, fix_line, o->ai).text;
      fprintf(out, "%c%s\n", o->kind, s);
    }
    q = stop;
  }
  mdl_vec_free(&ops);
  return changed;
}
