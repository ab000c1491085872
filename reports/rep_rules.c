/*
** rep_rules.c -- the rule catalogue (rep_rules.def) and small helpers the
** renderers share: clean UTF-8 for XML and JSON, source lines.
*/
#include "rep.h"

#include <stdlib.h>
#include <string.h>

static const rep_rule_info rules[MDL_RULE_COUNT] = {
#define REP_RULE(e, nm, sh, full, help, anchor) \
  [MDL_RULE_##e] = {nm, sh, full, help, anchor},
#include "rep_rules.def"
#undef REP_RULE
};

const rep_rule_info *rep_rule(mdl_rule r) {
  static const rep_rule_info none = {"Unknown", "", "", "", "rules"};
  if ((unsigned)r >= MDL_RULE_COUNT || !rules[r].name)
    return &none;
  return &rules[r];
}

bool rep_rule_is_finding(mdl_rule r) {
  return r < MDL_RULE_UNKNOWN;
}

/* Decodes one UTF-8 sequence at s (n bytes left): its length, or 0 when
** it is not a valid, shortest-form scalar value. */
static size_t utf8_len(const unsigned char *s, size_t n) {
  if (s[0] < 0x80)
    return 1;
  size_t len = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 ? 2 : 0;
  if (!len || s[0] > 0xF4 || len > n)
    return 0;
  for (size_t i = 1; i < len; i++)
    if ((s[i] & 0xC0) != 0x80)
      return 0;
  if (len == 3 && s[0] == 0xE0 && s[1] < 0xA0)
    return 0; /* overlong */
  if (len == 3 && s[0] == 0xED && s[1] >= 0xA0)
    return 0; /* surrogate */
  if (len == 4 && s[0] == 0xF0 && s[1] < 0x90)
    return 0;
  if (len == 4 && s[0] == 0xF4 && s[1] >= 0x90)
    return 0;
  return len;
}

char *rep_clean(const char *s) {
  if (!s)
    s = "";
  size_t n = strlen(s);
  char *out = malloc(n * 3 + 1), *o = out;
  if (!out)
    abort();
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    size_t len = utf8_len(p, n - (size_t)(p - (const unsigned char *)s));
    if (len == 1 && (*p >= 0x20 || *p == '\t' || *p == '\n') && *p != 0x7F) {
      *o++ = (char)*p++;
    } else if (len > 1) {
      memcpy(o, p, len);
      o += len;
      p += len;
    } else {
      memcpy(o, "\xEF\xBF\xBD", 3); /* U+FFFD */
      o += 3;
      p++;
    }
  }
  *o = 0;
  return out;
}

/* The scan rep_source_line does without an index. */
static bool scan_line(const rep_file_info *fi, uint32_t n, const char **s,
                      size_t *len) {
  const char *p = fi->text, *end = fi->text + fi->len;
  for (uint32_t l = 1; l < n; l++) {
    p = memchr(p, '\n', (size_t)(end - p));
    if (!p)
      return false;
    p++;
  }
  if (p >= end && n > 1)
    return false;
  const char *e = memchr(p, '\n', (size_t)(end - p));
  if (!e)
    e = end;
  if (e > p && e[-1] == '\r')
    e--;
  *s = p;
  *len = (size_t)(e - p);
  return true;
}

/* A line starts at 0 and after every newline that is not the text's last
** byte (as scan_line counts them). */
void rep_lines_index(rep_file_info *fi) {
  if (!fi || !fi->text || fi->lines || fi->len >= UINT32_MAX)
    return;
  uint32_t n = 1;
  for (const char *p = fi->text, *end = fi->text + fi->len;
       (p = memchr(p, '\n', (size_t)(end - p))) && ++p < end;)
    n++;
  fi->lines = malloc(n * sizeof *fi->lines);
  if (!fi->lines)
    abort();
  fi->lines[0] = 0;
  fi->nlines = 1;
  for (const char *p = fi->text, *end = fi->text + fi->len;
       (p = memchr(p, '\n', (size_t)(end - p))) && ++p < end;)
    fi->lines[fi->nlines++] = (uint32_t)(p - fi->text);
}

bool rep_source_line(const rep_file_info *fi, uint32_t n, const char **s,
                     size_t *len) {
  if (!fi || !fi->text || n == 0)
    return false;
  if (!fi->lines)
    return scan_line(fi, n, s, len);
  if (n > fi->nlines)
    return false;
  const char *p = fi->text + fi->lines[n - 1];
  const char *e = n < fi->nlines ? fi->text + fi->lines[n] - 1
                                 : fi->text + fi->len;
  if (n == fi->nlines && e > p && e[-1] == '\n')
    e--; /* (the text's last newline) */
  if (e > p && e[-1] == '\r')
    e--;
  *s = p;
  *len = (size_t)(e - p);
  return true;
}

void rep_file_info_free(rep_file_info *fi) {
  if (!fi)
    return;
  free(fi->text);
  free(fi->lines);
  for (uint32_t i = 0; i < fi->nsites; i++) {
    free(fi->sites[i].unit);
    free(fi->sites[i].file);
    free(fi->sites[i].op);
  }
  free(fi->sites);
  for (uint32_t i = 0; i < fi->nfps; i++)
    free(fi->fps[i]);
  free(fi->fps);
  memset(fi, 0, sizeof *fi);
}

/* A directory URL, its trailing slash optional. */
char *rep_help_uri(const char *base, const char *anchor) {
  if (!base)
    base = REP_DOC_URL;
  size_t n = strlen(base);
  return mdl_strprintf("%s%srules.md#%s", base,
                       n && base[n - 1] == '/' ? "" : "/", anchor);
}

uint32_t rep_errors(const mdl_file_result *fr) {
  uint32_t undecided = 0; /* counted in diags.errors too */
  for (uint32_t i = 0; i < fr->diags.items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
    undecided += !d->suppressed && d->severity == MDL_SEV_ERROR &&
                 d->rule == MDL_RULE_UNKNOWN;
  }
  return fr->diags.errors - undecided;
}
