/*
** fe_asc_pp.c -- the small preprocessor of the Ascend C frontend
** (docs/ascendc-frontend.md, "Preprocessor").  It copies each file into
** the output byte for byte, blanking directive lines and the arms of
** conditionals known to be false (spaces, newlines kept), so offsets inside
** a file never move; a quoted #include of a project header is spliced in
** after its (blanked) directive line as a new segment of the source map.
** Arms it cannot decide (a build macro the text never defines, a core or
** arch macro under FE_ASC_CORE_ANY / FE_ASC_ARCH_ANY) are all kept, each
** with its condition (fe_asc_cond).  Object-like #defines are recorded,
** not substituted; those whose body is only qualifiers are blanked where
** used, by the normaliser.  Then the whole output is normalised.
*/
#define _XOPEN_SOURCE 700 /* realpath */
#include "fe_asc_int.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
  uint32_t cond;               /* the current arm's fe_asc_cond, 0 if dead */
  uint32_t group;
  bool dead;                   /* inside a dead arm (no arm record) */
  bool kept;                   /* the current arm's text is output */
  bool certain;                /* the current arm is kept for sure */
  bool taken;                  /* an earlier arm is TRUE for sure */
  bool maybe;                  /* an earlier arm is UNKNOWN */
  bool seen_else;
  uint32_t line, col;          /* the #if */
} frame;

typedef struct {
  fe_asc_unit *u;
  const fe_asc_opts *o;
  mdl_diags *d;
  char *buf;
  uint32_t blen, bcap;
  bool overflow;
  fe_asc_map quals;            /* qualifier macros */
  fe_asc_map names;            /* every macro name #defined in a file
                                  read so far */
  char *stack[FE_ASC_MAX_INCLUDE_DEPTH + 2]; /* canonical paths, owned */
  uint32_t depth;
  uint32_t ngroups;
  fe_asc_map once;             /* canonical paths with #pragma once */
  bool error;
  bool too_many;               /* FE_ASC_MAX_FILES reported */
} pp;

static const char cmdline[] = "<command line>";

/* ----------------------------------------------------------- utilities */

static char *dupn(const char *s, size_t n) {
  char *r = malloc(n + 1);
  if (!r)
    abort();
  memcpy(r, s, n);
  r[n] = 0;
  return r;
}

static fe_asc_file *file_at(const pp *p, uint32_t f) {
  return &MDL_VEC_AT(p->u->files, fe_asc_file, f);
}

/* 1-based line and column of byte OFF of file F. */
static void file_pos(const fe_asc_file *f, uint32_t off, uint32_t *line,
                     uint32_t *col) {
  uint32_t lo = 0, hi = f->nlines;
  while (hi - lo > 1) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (f->line_start[mid] <= off)
      lo = mid;
    else
      hi = mid;
  }
  *line = lo + 1;
  *col = off - f->line_start[lo] + 1;
}

static void diag(pp *p, mdl_severity sev, uint32_t f, uint32_t off,
                 const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static void diag(pp *p, mdl_severity sev, uint32_t f, uint32_t off,
                 const char *fmt, ...) {
  char msg[768];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  uint32_t line = 1, col = 1;
  const char *path = cmdline;
  if (f != ~0u) {
    file_pos(file_at(p, f), off, &line, &col);
    path = file_at(p, f)->path;
  }
  if (sev == MDL_SEV_ERROR)
    p->error = true;
  mdl_diag_add(p->d, sev == MDL_SEV_ERROR ? MDL_RULE_SYNTAX
                                          : MDL_RULE_UNSUPPORTED,
               sev, path, NULL, line, col, "%s", msg);
}

/* Adds a file (takes TEXT) and its line table; returns its index. */
static uint32_t add_file(pp *p, const char *path, char *text, uint32_t len) {
  fe_asc_file *f = mdl_vec_push(&p->u->files, sizeof *f);
  f->path = dupn(path, strlen(path));
  f->text = text;
  f->len = len;
  uint32_t n = 1;
  for (uint32_t i = 0; i < len; i++)
    n += text[i] == '\n';
  f->line_start = malloc(n * sizeof *f->line_start);
  if (!f->line_start)
    abort();
  f->nlines = 0;
  f->line_start[f->nlines++] = 0;
  for (uint32_t i = 0; i < len; i++)
    if (text[i] == '\n')
      f->line_start[f->nlines++] = i + 1;
  return p->u->files.len - 1;
}

/* ------------------------------------------------------ output and map */

static void seg_begin(pp *p, uint32_t file, uint32_t off, uint32_t cond,
                      uint32_t from) {
  fe_asc_seg *s = p->u->segs.len
                      ? &MDL_VEC_AT(p->u->segs, fe_asc_seg, p->u->segs.len - 1)
                      : NULL;
  if (s && s->len == 0) {      /* an empty segment is reused */
    s->file = file, s->off = off, s->cond = cond, s->from_seg = from;
    return;
  }
  if (s && s->file == file && s->off + s->len == off && s->cond == cond &&
      s->from_seg == from)
    return;                    /* continues the same run */
  s = mdl_vec_push(&p->u->segs, sizeof *s);
  s->out = p->blen;
  s->file = file, s->off = off, s->cond = cond, s->from_seg = from;
}

/* Appends TEXT[0..N) to the output (blanked when BLANK), extending the
** current segment. */
static void emit(pp *p, const char *text, uint32_t n, bool blank) {
  if (p->overflow)
    return;
  if ((uint64_t)p->blen + n + 1 > FE_ASC_MAX_BYTES) {
    p->overflow = true;
    return;
  }
  if (p->blen + n + 1 > p->bcap) {
    while (p->blen + n + 1 > p->bcap)
      p->bcap = p->bcap ? p->bcap * 2 : 4096;
    p->buf = realloc(p->buf, p->bcap);
    if (!p->buf)
      abort();
  }
  for (uint32_t i = 0; i < n; i++)
    p->buf[p->blen + i] = blank && text[i] != '\n' ? ' ' : text[i];
  p->blen += n;
  MDL_VEC_AT(p->u->segs, fe_asc_seg, p->u->segs.len - 1).len += n;
}

/* --------------------------------------------------------------- macros */

static fe_asc_macro *macro_last(const fe_asc_unit *u, const char *s,
                                size_t n) {
  uint32_t k;
  return fe_asc_map_get(&u->macro_index, s, n, &k)
             ? &MDL_VEC_AT(u->macros, fe_asc_macro, k)
             : NULL;
}

typedef struct {
  const char *name;
  fe_asc_core core;
  fe_asc_arch arch;
  int64_t value;
} cfg_macro;

static const cfg_macro cfg_macros[] = {
#define M(n, c, a, v) {#n, c, a, v},
#include "fe_asc_macros.def"
#undef M
};

/* 2 yes, 1 maybe (the option is ANY), 0 no */
static int cfg_match(int want, int have) {
  return want == 0 || want == have ? 2 : have == 0 ? 1 : 0;
}

static fe_asc_id lookup(void *ctx, const char *s, size_t n, int64_t *val) {
  pp *p = ctx;
  const fe_asc_macro *m = macro_last(p->u, s, n);
  if (m)
    return m->cond != 0 ? FE_ASC_ID_UNKNOWN
           : m->undefined ? FE_ASC_ID_UNDEF
           : m->has_value ? (*val = m->value, FE_ASC_ID_VALUE)
                          : FE_ASC_ID_DEFINED;
  bool maybe = false, named = false;
  for (size_t k = 0; k < sizeof cfg_macros / sizeof cfg_macros[0]; k++) {
    const cfg_macro *c = &cfg_macros[k];
    if (strlen(c->name) != n || memcmp(c->name, s, n) != 0)
      continue;
    named = true;
    int a = cfg_match((int)c->core, (int)p->o->core);
    int b = cfg_match((int)c->arch, (int)p->o->arch);
    if (a == 2 && b == 2) {
      *val = c->value;
      return FE_ASC_ID_VALUE;
    }
    maybe |= a && b;
  }
  if (named)
    return maybe ? FE_ASC_ID_UNKNOWN : FE_ASC_ID_UNDEF;
  /* a macro the project defines somewhere is not a build macro */
  if (fe_asc_map_get(&p->names, s, n, NULL))
    return FE_ASC_ID_UNDEF;
  return FE_ASC_ID_UNKNOWN;
}

/* Records a macro; BODY is trimmed here.  FILE ~0u: from -D. */
static void add_macro(pp *p, const char *name, size_t nlen, const char *body,
                      size_t blen, bool fn, uint32_t cond, uint32_t file,
                      uint32_t off) {
  while (blen && (body[0] == ' ' || body[0] == '\t'))
    body++, blen--;
  while (blen && (body[blen - 1] == ' ' || body[blen - 1] == '\t' ||
                  body[blen - 1] == '\r'))
    blen--;
  fe_asc_macro m = {0};
  m.name = dupn(name, nlen);
  m.body = dupn(body, blen);
  m.function_like = fn;
  m.cond = cond;
  m.file = file;
  if (file != ~0u)
    file_pos(file_at(p, file), off, &m.line, &m.col);
  char err[128];
  size_t eo;
  if (!fn && blen) {
    int r = fe_asc_eval(body, blen, lookup, p, &m.value, err, sizeof err, &eo);
    m.has_value = r == FE_ASC_TRUE || r == FE_ASC_FALSE;
  }
  if (!fn && fe_asc_is_qualifier_body(body, blen, &p->quals))
    fe_asc_map_put(&p->quals, name, nlen, 0);
  *(fe_asc_macro *)mdl_vec_push(&p->u->macros, sizeof m) = m;
  fe_asc_map_put(&p->u->macro_index, name, nlen, p->u->macros.len - 1);
}

/* ------------------------------------------------------------ directives */

/* One logical directive: its cleaned text (continuations joined, comments
** a space) and, per byte of it, the file offset it came from. */
typedef struct {
  char *s;
  uint32_t *at;
  uint32_t n, cap;
  uint32_t end;                /* file offset after the directive */
} dline;

/* Appends C, from file offset AT, to D (always room for a final NUL). */
static void put(dline *d, char c, uint32_t at) {
  if (d->n + 2 > d->cap) {
    d->cap = d->cap ? d->cap * 2 : 128;
    d->s = realloc(d->s, d->cap);
    d->at = realloc(d->at, d->cap * sizeof *d->at);
    if (!d->s || !d->at)
      abort();
  }
  d->at[d->n] = at;
  d->s[d->n++] = c;
}

/* Reads the directive starting at file offset START (the line's first
** byte) into D. */
static void read_directive(const fe_asc_file *f, uint32_t start, dline *d) {
  const char *t = f->text;
  uint32_t len = f->len, i = start;
  memset(d, 0, sizeof *d);
  while (i < len && t[i] != '\n') {
    if (t[i] == '\\' && (i + 1 < len && (t[i + 1] == '\n' ||
                                         (t[i + 1] == '\r' && i + 2 < len &&
                                          t[i + 2] == '\n')))) {
      i += t[i + 1] == '\n' ? 2 : 3;
      continue;
    }
    if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
      while (i < len && t[i] != '\n')
        i++;
      break;
    }
    if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
      put(d, ' ', i);
      i += 2;
      while (i + 1 < len && !(t[i] == '*' && t[i + 1] == '/'))
        i++;
      i = i + 1 < len ? i + 2 : len;
      continue;
    }
    if (t[i] == '"' || t[i] == '\'') {
      char q = t[i];
      put(d, t[i], i);
      i++;
      while (i < len && t[i] != q && t[i] != '\n') {
        put(d, t[i], i);
        i++;
      }
      if (i < len && t[i] == q) {
        put(d, t[i], i);
        i++;
      }
      continue;
    }
    put(d, t[i], i);
    i++;
  }
  put(d, 0, i);
  d->n--;
  d->s[d->n] = 0;
  d->end = i < len ? i + 1 : len;
}

static uint32_t skip_sp(const dline *d, uint32_t i) {
  while (i < d->n && (d->s[i] == ' ' || d->s[i] == '\t' || d->s[i] == '\r' ||
                      d->s[i] == '\f' || d->s[i] == '\v'))
    i++;
  return i;
}

static uint32_t cur_cond(const frame *fr, uint32_t nfr) {
  return nfr ? fr[nfr - 1].cond : 0;
}
static bool live(const frame *fr, uint32_t nfr) {
  return !nfr || fr[nfr - 1].kept;
}
static bool certain(const frame *fr, uint32_t nfr) {
  return !nfr || fr[nfr - 1].certain;
}

/* Adds an arm record and returns its id. */
static uint32_t add_arm(pp *p, uint32_t parent, uint32_t group, uint32_t prev,
                        const char *kind, fe_asc_tri v, bool kept,
                        const dline *d, uint32_t ex, uint32_t fid,
                        uint32_t off) {
  fe_asc_cond *c = mdl_vec_push(&p->u->conds, sizeof *c);
  c->parent = parent, c->group = group, c->prev = prev, c->value = v;
  c->kept = kept;
  snprintf(c->kind, sizeof c->kind, "%s", kind);
  uint32_t e = d->n;
  while (e > ex && (d->s[e - 1] == ' ' || d->s[e - 1] == '\t' ||
                    d->s[e - 1] == '\r'))
    e--;
  c->expr = dupn(d->s + ex, e > ex ? e - ex : 0);
  c->file = fid;
  file_pos(file_at(p, fid), off, &c->line, &c->col);
  return p->u->conds.len - 1;
}

/* The value of the test of an #if/#elif/#ifdef/#ifndef at D->s[EX..). */
static fe_asc_tri test_value(pp *p, const char *kind, const dline *d,
                             uint32_t ex, uint32_t fid) {
  if (kind[2] == 'd' || kind[2] == 'n') { /* ifdef / ifndef */
    uint32_t e = ex;
    while (e < d->n && fe_asc_idchar((unsigned char)d->s[e]))
      e++;
    if (e == ex || !fe_asc_idstart((unsigned char)d->s[ex])) {
      diag(p, MDL_SEV_ERROR, fid, d->at[ex], "macro name expected after #%s",
           kind);
      return FE_ASC_FALSE;
    }
    if (skip_sp(d, e) < d->n)
      diag(p, MDL_SEV_ERROR, fid, d->at[skip_sp(d, e)],
           "unexpected text after #%s %.*s", kind, (int)(e - ex),
           d->s + ex);
    int64_t v;
    fe_asc_id k = lookup(p, d->s + ex, e - ex, &v);
    if (k == FE_ASC_ID_UNKNOWN)
      return FE_ASC_UNKNOWN;
    bool def = k != FE_ASC_ID_UNDEF;
    return def == (kind[2] == 'd') ? FE_ASC_TRUE : FE_ASC_FALSE;
  }
  char err[160];
  size_t eo = 0;
  int r = fe_asc_eval(d->s + ex, d->n - ex, lookup, p, NULL, err, sizeof err,
                      &eo);
  if (r < 0) {
    diag(p, MDL_SEV_ERROR, fid, d->at[ex + eo], "%s", err);
    return FE_ASC_FALSE;
  }
  return (fe_asc_tri)r;
}

static void process_file(pp *p, uint32_t fid, uint32_t from);

/* Whether NAME is a library header (fe_asc_lib.def). */
static bool library_header(const char *name) {
  static const char *const lib[] = {
#define L(s) s,
#include "fe_asc_lib.def"
#undef L
  };
  if (!strchr(name, '.') && !strchr(name, '/'))
    return true;
  for (size_t k = 0; k < sizeof lib / sizeof lib[0]; k++)
    if (strncmp(name, lib[k], strlen(lib[k])) == 0)
      return true;
  return false;
}

/* Reads the whole regular file PATH (at most FE_ASC_MAX_BYTES); NULL if it
** cannot. */
static char *slurp(const char *path, uint32_t *len) {
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
    return NULL;               /* no devices, fifos or directories */
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 4096, n = 0;
  char *b = malloc(cap);
  if (!b)
    abort();
  size_t k;
  while ((k = fread(b + n, 1, cap - n - 1, f)) > 0) {
    n += k;
    if (n > FE_ASC_MAX_BYTES) {
      fclose(f);
      free(b);
      return NULL;
    }
    if (cap - n - 1 == 0) {
      cap *= 2;
      b = realloc(b, cap);
      if (!b)
        abort();
    }
  }
  bool bad = ferror(f);
  fclose(f);
  if (bad) {
    free(b);
    return NULL;
  }
  b[n] = 0;
  *len = (uint32_t)n;
  return b;
}

/* #include "name" | <name>: reads a project header relative to the
** including file and splices it in. */
static void do_include(pp *p, const dline *d, uint32_t ex, uint32_t fid,
                       uint32_t from) {
  uint32_t at = d->at[ex];
  if (p->overflow)
    return;                    /* past the size limit: reported once */
  char open = ex < d->n ? d->s[ex] : 0;
  char close = open == '"' ? '"' : open == '<' ? '>' : 0;
  const char *e = close ? memchr(d->s + ex + 1, close, d->n - ex - 1) : NULL;
  if (!e) {
    diag(p, MDL_SEV_ERROR, fid, at,
         "#include expects \"FILE\" or <FILE>%s",
         close || ex >= d->n ? "" : " (a computed #include is not supported)");
    return;
  }
  if (open == '<')
    return;                    /* the library: not read */
  char *name = dupn(d->s + ex + 1, (size_t)(e - d->s - ex - 1));
  const char *inc = file_at(p, fid)->path;
  const char *slash = strrchr(inc, '/');
  size_t dl = slash ? (size_t)(slash - inc + 1) : 0;
  char *path = malloc(dl + strlen(name) + 1);
  if (!path)
    abort();
  memcpy(path, inc, dl);
  strcpy(path + dl, name);
  char *canon = name[0] ? realpath(path, NULL) : NULL;
  if (!canon) {
    if (!library_header(name))
      diag(p, p->o->missing_include_warns ? MDL_SEV_WARNING : MDL_SEV_ERROR,
           fid, at, "'%s' not found beside %s (a project header ksv cannot "
           "read)", name, inc);
  } else {
    uint32_t maxd = p->o->max_include_depth ? p->o->max_include_depth
                                            : FE_ASC_MAX_INCLUDE_DEPTH;
    if (maxd > FE_ASC_MAX_INCLUDE_DEPTH)
      maxd = FE_ASC_MAX_INCLUDE_DEPTH;
    bool cycle = false;
    for (uint32_t k = 0; k < p->depth; k++)
      cycle |= strcmp(p->stack[k], canon) == 0;
    if (cycle) {
      char chain[512];
      size_t n = 0;
      chain[0] = 0;
      for (uint32_t k = 0; k < p->depth && n < sizeof chain - 1; k++) {
        const char *b = strrchr(p->stack[k], '/');
        n += (size_t)snprintf(chain + n, sizeof chain - n, "%s -> ",
                              b ? b + 1 : p->stack[k]);
      }
      diag(p, MDL_SEV_ERROR, fid, at, "#include cycle: %s%s", chain, name);
    } else if (fe_asc_map_get(&p->once, canon, strlen(canon), NULL)) {
      /* #pragma once: read already */
    } else if (p->u->files.len >= FE_ASC_MAX_FILES) {
      if (!p->too_many)
        diag(p, MDL_SEV_ERROR, fid, at, "more than %d files read by #include",
             FE_ASC_MAX_FILES);
      p->too_many = true;
    } else if (p->depth >= maxd) {
      diag(p, MDL_SEV_ERROR, fid, at,
           "#include nested deeper than %u levels (at '%s')", maxd, name);
    } else {
      uint32_t len = 0;
      char *text = slurp(path, &len);
      if (!text) {
        diag(p, MDL_SEV_ERROR, fid, at, "cannot read '%s'", path);
      } else {
        uint32_t nf = add_file(p, path, text, len);
        p->stack[p->depth++] = canon;
        canon = NULL;
        process_file(p, nf, from);
        free(p->stack[--p->depth]);
      }
    }
  }
  free(canon);
  free(path);
  free(name);
}

/* #define NAME body | #define NAME(params) body | #undef NAME */
static void do_define(pp *p, const dline *d, uint32_t ex, uint32_t fid,
                      bool undef, uint32_t cond) {
  uint32_t e = ex;
  while (e < d->n && fe_asc_idchar((unsigned char)d->s[e]))
    e++;
  if (e == ex || !fe_asc_idstart((unsigned char)d->s[ex])) {
    diag(p, MDL_SEV_ERROR, fid, d->at[ex], "macro name expected after #%s",
         undef ? "undef" : "define");
    return;
  }
  if (undef) {
    fe_asc_macro *m = macro_last(p->u, d->s + ex, e - ex);
    if (m && cond == 0)
      m->undefined = true;
    else if (m)
      m->cond = cond;          /* maybe undefined: no longer known */
    return;
  }
  bool fn = e < d->n && d->s[e] == '(';
  uint32_t b = e;
  if (fn) {
    const char *c = memchr(d->s + e, ')', d->n - e);
    if (!c) {
      diag(p, MDL_SEV_ERROR, fid, d->at[e],
           "')' expected in the parameters of macro '%.*s'", (int)(e - ex),
           d->s + ex);
      return;
    }
    b = (uint32_t)(c - d->s) + 1;
  }
  add_macro(p, d->s + ex, e - ex, d->s + b, d->n - b, fn, cond, fid,
            d->at[ex]);
}

/* Handles the conditional directives; returns false for any other. */
static bool do_conditional(pp *p, frame *fr, uint32_t *nfr, const char *name,
                           const dline *d, uint32_t ex, uint32_t fid,
                           uint32_t hash) {
  bool isif = !strcmp(name, "if") || !strcmp(name, "ifdef") ||
              !strcmp(name, "ifndef");
  if (isif) {
    if (*nfr >= FE_ASC_MAX_IF_DEPTH) {
      diag(p, MDL_SEV_ERROR, fid, hash, "#if nested deeper than %d levels",
           FE_ASC_MAX_IF_DEPTH);
      return true;
    }
    frame f = {0};
    file_pos(file_at(p, fid), hash, &f.line, &f.col);
    if (!live(fr, *nfr)) {
      f.dead = true;
    } else {
      f.group = ++p->ngroups;
      fe_asc_tri v = test_value(p, name, d, ex, fid);
      f.kept = v != FE_ASC_FALSE;
      f.certain = v == FE_ASC_TRUE && certain(fr, *nfr);
      f.taken = v == FE_ASC_TRUE;
      f.maybe = v == FE_ASC_UNKNOWN;
      f.cond = add_arm(p, cur_cond(fr, *nfr), f.group, 0, name, v, f.kept,
                       d, ex, fid, hash);
    }
    fr[(*nfr)++] = f;
    return true;
  }
  bool iselse = !strcmp(name, "else"), iselif = !strcmp(name, "elif");
  bool isend = !strcmp(name, "endif");
  if (!iselse && !iselif && !isend)
    return false;
  if (!*nfr) {
    diag(p, MDL_SEV_ERROR, fid, hash, "#%s without #if", name);
    return true;
  }
  frame *f = &fr[*nfr - 1];
  if (isend) {
    if (!f->dead && ex < d->n)
      diag(p, MDL_SEV_ERROR, fid, d->at[ex], "unexpected text after #endif");
    (*nfr)--;
    return true;
  }
  if (f->seen_else) {
    diag(p, MDL_SEV_ERROR, fid, hash, "#%s after #else (of the #if at %u:%u)",
         name, f->line, f->col);
    return true;
  }
  f->seen_else = iselse;
  if (f->dead)
    return true;
  fe_asc_tri v = FE_ASC_FALSE;
  if (!f->taken)
    v = iselse ? FE_ASC_TRUE : test_value(p, name, d, ex, fid);
  uint32_t parent = *nfr > 1 ? fr[*nfr - 2].cond : 0;
  bool parent_certain = *nfr > 1 ? fr[*nfr - 2].certain : true;
  f->kept = v != FE_ASC_FALSE;
  f->certain = v == FE_ASC_TRUE && !f->maybe && parent_certain;
  f->cond = add_arm(p, parent, f->group, f->cond, name, v, f->kept, d, ex,
                    fid, hash);
  f->taken |= v == FE_ASC_TRUE;
  f->maybe |= v == FE_ASC_UNKNOWN;
  return true;
}

/* One directive at file offset HASH ('#'); D is its text. */
static void directive(pp *p, frame *fr, uint32_t *nfr, const dline *d,
                      uint32_t fid, uint32_t from) {
  uint32_t i = skip_sp(d, 0);
  uint32_t hash = d->at[i];
  i = skip_sp(d, i + 1);
  if (i >= d->n)
    return;                    /* the null directive */
  uint32_t ns = i;
  while (i < d->n && fe_asc_idchar((unsigned char)d->s[i]))
    i++;
  char name[16];
  snprintf(name, sizeof name, "%.*s", (int)(i - ns), d->s + ns);
  uint32_t ex = skip_sp(d, i);
  if (do_conditional(p, fr, nfr, name, d, ex, fid, hash))
    return;
  if (!live(fr, *nfr))
    return;
  uint32_t cond = certain(fr, *nfr) ? 0 : cur_cond(fr, *nfr);
  if (!strcmp(name, "include"))
    do_include(p, d, ex, fid, from);
  else if (!strcmp(name, "define") || !strcmp(name, "undef"))
    do_define(p, d, ex, fid, name[0] == 'u', cond);
  else if (!strcmp(name, "pragma") && cond == 0 && d->n - ex >= 4 &&
           !memcmp(d->s + ex, "once", 4) && p->depth) {
    const char *c = p->stack[p->depth - 1];
    fe_asc_map_put(&p->once, c, strlen(c), 0);
  } else if (!strcmp(name, "error")) {
    if (cond == 0)
      diag(p, MDL_SEV_ERROR, fid, hash, "#error %s", d->s + ex);
  } else if (strcmp(name, "pragma") && strcmp(name, "warning") &&
             strcmp(name, "line") && strcmp(name, "ident") &&
             !(i == ns && d->s[ns] >= '0' && d->s[ns] <= '9'))
    diag(p, MDL_SEV_ERROR, fid, d->at[ns], "unknown directive '#%.*s'",
         (int)(i > ns ? i - ns : 1), d->s + ns);
}

/* Whether the line at I of F starts with '#' (outside a comment). */
static bool directive_line(const fe_asc_file *f, uint32_t i) {
  while (i < f->len && (f->text[i] == ' ' || f->text[i] == '\t'))
    i++;
  return i < f->len && f->text[i] == '#';
}

/* Scans the ordinary line [I, E) for block comments; updates *IN. */
static void scan_comments(const char *t, uint32_t i, uint32_t e, bool *in) {
  while (i < e) {
    if (*in) {
      if (t[i] == '*' && i + 1 < e && t[i + 1] == '/')
        *in = false, i++;
    } else if (t[i] == '/' && i + 1 < e && t[i + 1] == '/') {
      return;
    } else if (t[i] == '/' && i + 1 < e && t[i + 1] == '*') {
      *in = true, i++;
    } else if (t[i] == '"' || t[i] == '\'') {
      char q = t[i++];
      while (i < e && t[i] != q) {
        if (t[i] == '\\')
          i++;
        i++;
      }
    }
    i++;
  }
}

/* Records every name FILE #defines (a project macro is never a build
** macro, even before its definition: include guards). */
static void prescan(pp *p, uint32_t fid) {
  const fe_asc_file *f = file_at(p, fid);
  for (uint32_t l = 0; l < f->nlines; l++) {
    uint32_t i = f->line_start[l];
    if (!directive_line(f, i))
      continue;
    while (f->text[i] != '#')
      i++;
    i++;
    while (i < f->len && (f->text[i] == ' ' || f->text[i] == '\t'))
      i++;
    if (f->len - i < 6 || memcmp(f->text + i, "define", 6) != 0)
      continue;
    i += 6;
    while (i < f->len && (f->text[i] == ' ' || f->text[i] == '\t'))
      i++;
    uint32_t s = i;
    while (i < f->len && fe_asc_idchar((unsigned char)f->text[i]))
      i++;
    if (i > s)
      fe_asc_map_put(&p->names, f->text + s, i - s, 0);
  }
}

static void process_file(pp *p, uint32_t fid, uint32_t from) {
  frame fr[FE_ASC_MAX_IF_DEPTH];
  uint32_t nfr = 0;
  prescan(p, fid);
  bool in_comment = false;
  uint32_t i = 0;
  while (i < file_at(p, fid)->len && !p->overflow) {
    const fe_asc_file *f = file_at(p, fid);
    if (!in_comment && directive_line(f, i)) {
      dline d;
      read_directive(f, i, &d);
      seg_begin(p, fid, i, cur_cond(fr, nfr), from);
      emit(p, f->text + i, d.end - i, true);
      uint32_t seg = p->u->segs.len - 1;
      uint32_t end = d.end;
      directive(p, fr, &nfr, &d, fid, seg);
      free(d.s);
      free(d.at);
      i = end;
      continue;
    }
    uint32_t e = i;
    while (e < f->len && f->text[e] != '\n')
      e++;
    e = e < f->len ? e + 1 : e;
    scan_comments(f->text, i, e, &in_comment);
    seg_begin(p, fid, i, cur_cond(fr, nfr), from);
    emit(p, f->text + i, e - i, !live(fr, nfr));
    i = e;
  }
  if (nfr)
    diag(p, MDL_SEV_ERROR, fid, file_at(p, fid)->len,
         "'#endif' expected (to close '#if' at %u:%u)", fr[nfr - 1].line,
         fr[nfr - 1].col);
}

/* --------------------------------------------------------------- public */

static bool valid_name(const char *s) {
  if (!s || !fe_asc_idstart((unsigned char)s[0]))
    return false;
  for (; *s; s++)
    if (!fe_asc_idchar((unsigned char)*s))
      return false;
  return true;
}

bool fe_asc_read(const char *path, const char *text, size_t len,
                 const fe_asc_opts *opts, fe_asc_unit *u, mdl_diags *diags) {
  static const fe_asc_opts none = {0};
  pp p = {0};
  p.u = u, p.o = opts ? opts : &none, p.d = diags;
  fe_asc_cond *top = mdl_vec_push(&u->conds, sizeof *top);
  top->value = FE_ASC_TRUE, top->kept = true;
  top->expr = dupn("", 0);
  for (uint32_t k = 0; k < p.o->ndefines; k++) {
    const fe_asc_define *df = &p.o->defines[k];
    if (!valid_name(df->name)) {
      diag(&p, MDL_SEV_ERROR, ~0u, 0, "-D: '%s' is not a macro name",
           df->name ? df->name : "");
      continue;
    }
    const char *v = df->value ? df->value : "1";
    add_macro(&p, df->name, strlen(df->name), v, strlen(v), false, 0, ~0u, 0);
  }
  char *own;
  uint32_t n = 0;
  if (text) {
    if (len > FE_ASC_MAX_BYTES) {
      diag(&p, MDL_SEV_ERROR, ~0u, 0, "%s: larger than %u MB", path,
           FE_ASC_MAX_BYTES >> 20);
      return false;
    }
    own = dupn(text, len);
    n = (uint32_t)len;
  } else if (!(own = slurp(path, &n))) {
    diag(&p, MDL_SEV_ERROR, ~0u, 0, "%s: cannot read the file", path);
    return false;
  }
  uint32_t fid = add_file(&p, path, own, n);
  char *canon = realpath(path, NULL);
  p.stack[p.depth++] = canon ? canon : dupn(path, strlen(path));
  process_file(&p, fid, ~0u);
  free(p.stack[--p.depth]);
  if (p.overflow)
    diag(&p, MDL_SEV_ERROR, fid, 0, "preprocessed text larger than %u MB",
         FE_ASC_MAX_BYTES >> 20);
  if (!p.buf)
    p.buf = dupn("", 0);
  p.buf[p.blen] = 0;
  fe_asc_normalise(p.buf, p.blen, &p.quals);
  u->text = p.buf;
  u->len = p.blen;
  fe_asc_map_free(&p.quals);
  fe_asc_map_free(&p.names);
  fe_asc_map_free(&p.once);
  return !p.error;
}

const fe_asc_macro *fe_asc_macro_find(const fe_asc_unit *u, const char *name) {
  const fe_asc_macro *m = macro_last(u, name, strlen(name));
  return m && !m->undefined ? m : NULL;
}

void fe_asc_unit_free(fe_asc_unit *u) {
  for (uint32_t k = 0; k < u->files.len; k++) {
    fe_asc_file *f = &MDL_VEC_AT(u->files, fe_asc_file, k);
    free(f->path);
    free(f->text);
    free(f->line_start);
  }
  for (uint32_t k = 0; k < u->conds.len; k++)
    free(MDL_VEC_AT(u->conds, fe_asc_cond, k).expr);
  for (uint32_t k = 0; k < u->macros.len; k++) {
    free(MDL_VEC_AT(u->macros, fe_asc_macro, k).name);
    free(MDL_VEC_AT(u->macros, fe_asc_macro, k).body);
  }
  mdl_vec_free(&u->files);
  mdl_vec_free(&u->segs);
  mdl_vec_free(&u->conds);
  mdl_vec_free(&u->macros);
  fe_asc_map_free(&u->macro_index);
  free(u->text);
  if (u->tree)
    ts_tree_delete(u->tree);
  memset(u, 0, sizeof *u);
}
