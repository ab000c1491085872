/*
** rep_fp.c -- stable fingerprints of diagnostics and the baseline they are
** matched against.  A fingerprint must survive re-running, re-indenting,
** inserting blank lines or unrelated ops, and renumbered SSA values; so it
** hashes what the finding is about (rule, file, kernel, the op names and
** normalized text of the lines involved) and never a line number.
*/
#include "rep.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------- hashing */

typedef struct { uint64_t h; } fnv;

static void fnv_bytes(fnv *f, const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++) {
    f->h ^= b[i];
    f->h *= 0x100000001b3ULL;
  }
}

static void fnv_str(fnv *f, const char *s) {
  fnv_bytes(f, s ? s : "", s ? strlen(s) + 1 : 1);
}

static bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.' ||
         c == '-';
}

/* Hashes line text s[0..len) normalized: no // comment, no loc(...),
** whitespace runs as one space, no leading/trailing space, numbered SSA
** values (%12) and uniquing suffixes (%c0_i64_3) as their stem. */
static void fnv_line(fnv *f, const char *s, size_t len) {
  char *buf = malloc(len + 1);
  if (!buf)
    abort();
  size_t o = 0;
  bool in_str = false, space = false;
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (in_str) {
      buf[o++] = c;
      if (c == '\\' && i + 1 < len)
        buf[o++] = s[++i];
      else if (c == '"')
        in_str = false;
      continue;
    }
    if (c == '/' && i + 1 < len && s[i + 1] == '/')
      break;
    if (c == 'l' && len - i >= 4 && !memcmp(s + i, "loc(", 4) &&
        (i == 0 || !ident_char(s[i - 1]))) {
      int depth = 0;
      for (; i < len; i++) {
        if (s[i] == '(')
          depth++;
        else if (s[i] == ')' && --depth == 0)
          break;
      }
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') {
      space = o > 0;
      continue;
    }
    if (space) {
      buf[o++] = ' ';
      space = false;
    }
    if (c == '"') {
      in_str = true;
      buf[o++] = c;
      continue;
    }
    if (c == '%') {
      size_t j = i + 1;
      while (j < len && ident_char(s[j]) && s[j] != '.' && s[j] != '-')
        j++;
      size_t e = j;
      bool digits = e > i + 1;
      for (size_t k = i + 1; k < e; k++)
        digits &= s[k] >= '0' && s[k] <= '9';
      if (!digits) { /* drop one "_<digits>" uniquing suffix */
        size_t k = e;
        while (k > i + 1 && s[k - 1] >= '0' && s[k - 1] <= '9')
          k--;
        if (k < e && k > i + 2 && s[k - 1] == '_')
          e = k - 1;
      }
      buf[o++] = '%';
      if (!digits) {
        memcpy(buf + o, s + i + 1, e - i - 1);
        o += e - i - 1;
      }
      i = j - 1;
      continue;
    }
    buf[o++] = c;
  }
  fnv_bytes(f, buf, o);
  fnv_bytes(f, "", 1);
  free(buf);
}

/* A location in another file than the input (a C++ header) hashes that
** file's path instead of its line text, which the reports do not have,
** and the inlining chain hashes the function names of its calls: moving
** lines in either file keeps the fingerprint, a different call path
** changes it.  HIVM locations have neither, and hash as they always did. */
static void fnv_loc(fnv *f, const mdl_diag *d, const rep_file_info *fi,
                    char tag, uint32_t line, uint32_t col,
                    const mdl_where *w) {
  fnv_bytes(f, &tag, 1);
  const char *file = mdl_where_file(w, NULL);
  const rep_site *s = rep_site_find(fi, d->unit, file, line, col);
  if (s) {
    fnv_str(f, s->op);
    fnv_bytes(f, &s->kind, 1);
  }
  const char *text;
  size_t len;
  if (file)
    fnv_str(f, file);
  else if (rep_source_line(fi, line, &text, &len))
    fnv_line(f, text, len);
  for (uint32_t i = 0; w && i < w->nframes; i++) {
    fnv_str(f, w->frames[i].func);
    fnv_str(f, w->frames[i].caller);
  }
}

static char *hex64(uint64_t h) {
  char *s = malloc(17);
  if (!s)
    abort();
  snprintf(s, 17, "%016llx", (unsigned long long)h);
  return s;
}

typedef struct { uint64_t h; uint32_t i; } fp_key;

static int key_cmp(const void *a, const void *b) {
  const fp_key *x = a, *y = b;
  if (x->h != y->h)
    return x->h < y->h ? -1 : 1;
  return x->i < y->i ? -1 : x->i > y->i;
}

/* seen[i]: how many diagnostics before i have the hash of i (base[i]),
** by sorting, not by comparing every pair. */
static void count_seen(const uint64_t *base, uint32_t n, uint32_t *seen) {
  fp_key *k = malloc((n ? n : 1) * sizeof *k);
  if (!k)
    abort();
  for (uint32_t i = 0; i < n; i++)
    k[i] = (fp_key){base[i], i};
  qsort(k, n, sizeof *k, key_cmp);
  for (uint32_t j = 0; j < n; j++)
    seen[k[j].i] = j && k[j - 1].h == k[j].h ? seen[k[j - 1].i] + 1 : 0;
  free(k);
}

/* The hash of diagnostic d before its number among equal ones. */
static uint64_t base_hash(const mdl_file_result *fr, const mdl_diag *d,
                          const rep_file_info *fi) {
  fnv f = {0xcbf29ce484222325ULL};
  fnv_str(&f, "ksv-fp1");
  fnv_str(&f, mdl_rule_name(d->rule));
  fnv_str(&f, fr->path);
  fnv_str(&f, d->unit);
  fnv_loc(&f, d, fi, 'P', d->line, d->col, d->where);
  for (uint32_t r = 0; r < d->nrelated; r++)
    fnv_loc(&f, d, fi, 'R', d->related[r].line, d->related[r].col,
            d->related[r].where);
  return f.h;
}

void rep_fingerprints(const mdl_file_result *fr, rep_file_info *fi) {
  uint32_t n = fr->diags.items.len;
  for (uint32_t i = 0; i < fi->nfps; i++)
    free(fi->fps[i]);
  free(fi->fps);
  if (n)
    rep_lines_index(fi);
  rep_sites_sort(fi);
  fi->fps = calloc(n ? n : 1, sizeof *fi->fps);
  uint64_t *base = calloc(n ? n : 1, sizeof *base);
  uint32_t *seen = calloc(n ? n : 1, sizeof *seen);
  if (!fi->fps || !base || !seen)
    abort();
  fi->nfps = n;
  for (uint32_t i = 0; i < n; i++)
    base[i] = base_hash(fr, &MDL_VEC_AT(fr->diags.items, mdl_diag, i), fi);
  count_seen(base, n, seen); /* equal findings: told apart by their order */
  for (uint32_t i = 0; i < n; i++) {
    fnv f = {base[i]};
    fnv_bytes(&f, &seen[i], sizeof seen[i]);
    fi->fps[i] = hex64(f.h);
  }
  free(base);
  free(seen);
}

/* ---------------------------------------------------------- baseline */

static void fpset_add(rep_fpset *set, const char *fp) {
  if (set->n == set->cap) {
    set->cap = set->cap ? set->cap * 2 : 64;
    char **nf = realloc(set->fps, set->cap * sizeof *nf);
    if (!nf)
      abort();
    set->fps = nf;
  }
  size_t len = strlen(fp) + 1;
  set->fps[set->n] = malloc(len);
  if (!set->fps[set->n])
    abort();
  memcpy(set->fps[set->n++], fp, len);
}

static int str_cmp(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int rep_baseline_load(const char *path, rep_fpset *set, char *err, size_t n) {
  memset(set, 0, sizeof *set);
  json_error_t je;
  json_t *root = json_load_file(path, 0, &je);
  if (!root) {
    if (je.line > 0)
      snprintf(err, n, "%s:%d:%d: cannot read baseline: %s", path, je.line,
               je.column, je.text);
    else
      snprintf(err, n, "cannot read baseline %s: %s", path, je.text);
    return -1;
  }
  uint32_t items = 0;
  json_t *runs = json_object_get(root, "runs");
  json_t *files = json_object_get(root, "files");
  size_t i, j;
  json_t *x, *y;
  if (json_is_array(runs)) { /* SARIF */
    json_array_foreach(runs, i, x) {
      json_array_foreach(json_object_get(x, "results"), j, y) {
        items++;
        json_t *fp = json_object_get(json_object_get(y, "partialFingerprints"),
                                     "ksv/v1");
        if (json_is_string(fp))
          fpset_add(set, json_string_value(fp));
      }
    }
  } else if (json_is_array(files)) { /* ksv JSON */
    json_array_foreach(files, i, x) {
      json_array_foreach(json_object_get(x, "diagnostics"), j, y) {
        items++;
        json_t *fp = json_object_get(y, "fingerprint");
        if (json_is_string(fp))
          fpset_add(set, json_string_value(fp));
      }
    }
  } else {
    snprintf(err, n, "%s: not a ksv JSON or SARIF report", path);
    json_decref(root);
    return -1;
  }
  json_decref(root);
  if (items && !set->n) {
    snprintf(err, n,
             "%s: the report has no fingerprints (written by an older ksv?)",
             path);
    rep_fpset_free(set);
    return -1;
  }
  if (set->n)
    qsort(set->fps, set->n, sizeof *set->fps, str_cmp);
  return 0;
}

bool rep_fpset_has(const rep_fpset *set, const char *fp) {
  return set->n && fp &&
         bsearch(&fp, set->fps, set->n, sizeof *set->fps, str_cmp);
}

void rep_fpset_free(rep_fpset *set) {
  for (uint32_t i = 0; i < set->n; i++)
    free(set->fps[i]);
  free(set->fps);
  memset(set, 0, sizeof *set);
}
