/*
** ksv_supp.c -- suppression: rule switches and severity overrides (from
** a config file and the command line) and `// ksv-ignore[RULE]: reason`
** comments, applied to a file's diagnostics once the checker is done
** (docs/rules.md "Suppressing a finding").  The frontends keep comments
** out of the model, so the comments are found by scanning the source
** text here.
*/
#include "ksv_supp.h"
#include "ksv_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ksv_rules_init(ksv_rules *r) {
  memset(r, 0, sizeof *r);
  memset(r->sev, -1, sizeof r->sev);
}

bool ksv_rule_suppressible(mdl_rule r) {
  return r != MDL_RULE_UNKNOWN && r != MDL_RULE_SYNTAX &&
         (unsigned)r < MDL_RULE_COUNT;
}

int ksv_rule_by_name(const char *s, size_t n) {
  for (int r = 0; r < MDL_RULE_COUNT; r++) {
    const char *nm = mdl_rule_name((mdl_rule)r);
    if (strlen(nm) == n && !memcmp(nm, s, n))
      return r;
  }
  return -1;
}

void ksv_rules_switch(ksv_rules *r, int rule, bool on, const char *by) {
  for (int k = 0; k < MDL_RULE_COUNT; k++) {
    if ((rule >= 0 && k != rule) || !ksv_rule_suppressible((mdl_rule)k))
      continue;
    r->off[k] = !on;
    snprintf(r->why[k], sizeof r->why[k], "rule %s disabled by %s",
             mdl_rule_name((mdl_rule)k), by);
  }
}

/* One "+a,b" / "-a,b" switch of the command line. */
static int cli_switch(ksv_rules *r, const char *sw, char *err, size_t nerr) {
  bool on = sw[0] == '+';
  const char *opt = on ? "--enable" : "--disable";
  for (const char *p = sw + 1;;) {
    size_t n = strcspn(p, ",");
    int rule = n == 1 && *p == '*' ? -1 : ksv_rule_by_name(p, n);
    if ((rule < 0 && !(n == 1 && *p == '*')) ||
        (rule >= 0 && !ksv_rule_suppressible((mdl_rule)rule))) {
      snprintf(err, nerr, "%s: %s rule '%.*s' (ksv --list-rules; unknown "
               "and bad-input cannot be switched off)", opt,
               rule < 0 ? "unknown" : "cannot switch off", (int)n, p);
      return -1;
    }
    char by[64];
    snprintf(by, sizeof by, "%s %.*s", opt, (int)(n < 40 ? n : 40), p);
    ksv_rules_switch(r, rule, on, by);
    if (!p[n])
      return 0;
    p += n + 1;
  }
}

int ksv_rules_cli(ksv_rules *r, const char *const *sw, uint32_t n, char *err,
                  size_t nerr) {
  for (uint32_t i = 0; i < n; i++)
    if (cli_switch(r, sw[i], err, nerr))
      return -1;
  return 0;
}

/* ------------------------------------------------------------ comments */

/* One valid `ksv-ignore[...]: reason` comment. */
typedef struct {
  uint32_t line;
  uint32_t mask;               /* bit per rule; all suppressible for [*] */
  char *why;                   /* the reason, owned */
} ignore;

typedef struct {
  ignore *v;
  uint32_t n, cap;
} ignores;

static void ignores_free(ignores *s) {
  for (uint32_t i = 0; i < s->n; i++)
    free(s->v[i].why);
  free(s->v);
  memset(s, 0, sizeof *s);
}

/* Parses the rule list and reason after "ksv-ignore" at p (end e) into
** it; NULL when valid, else why not (for the warning). */
static const char *parse_ignore(const char *p, const char *e, ignore *it,
                                char *buf, size_t nbuf) {
  if (p >= e || *p != '[')
    return "ksv-ignore needs the rules in brackets: // ksv-ignore[RULE]: "
           "reason";
  const char *close = memchr(p, ']', (size_t)(e - p));
  if (!close)
    return "ksv-ignore[ has no closing ]";
  for (const char *q = p + 1; q < close;) {
    while (q < close && (*q == ' ' || *q == ','))
      q++;
    const char *w = q;
    while (q < close && *q != ',' && *q != ' ')
      q++;
    if (q == w)
      continue;
    int r = q - w == 1 && *w == '*' ? -1 : ksv_rule_by_name(w, (size_t)(q - w));
    if (r >= 0 && ksv_rule_suppressible((mdl_rule)r)) {
      it->mask |= 1u << r;
      continue;
    }
    if (r < 0 && q - w == 1 && *w == '*') {
      for (int k = 0; k < MDL_RULE_COUNT; k++)
        if (ksv_rule_suppressible((mdl_rule)k))
          it->mask |= 1u << k;
      continue;
    }
    snprintf(buf, nbuf, "ksv-ignore names %s rule '%.*s' (ksv --list-rules): "
             "not applied", r < 0 ? "an unknown" : "an unsuppressible",
             (int)(q - w > 64 ? 64 : q - w), w);
    return buf;
  }
  if (!it->mask)
    return "ksv-ignore[] names no rule: not applied";
  const char *q = close + 1;
  while (q < e && *q == ' ')
    q++;
  if (q < e && *q == ':')
    q++;
  while (q < e && (*q == ' ' || *q == '\t'))
    q++;
  const char *end = e;
  while (end > q && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
    end--;
  if (end == q)
    return "ksv-ignore without a reason: not applied (write "
           "// ksv-ignore[RULE]: why it is safe)";
  it->why = mdl_strprintf("%.*s", (int)(end - q), q);
  return NULL;
}

/* The comment of line [s, e), if it is a ksv-ignore one: where the word
** starts, else NULL.  The marker must open a `//` comment. */
static const char *ignore_at(const char *s, const char *e) {
  for (const char *p = s; p + 1 < e; p++) {
    if (p[0] != '/' || p[1] != '/')
      continue;
    const char *q = p + 2;
    while (q < e && (*q == ' ' || *q == '\t'))
      q++;
    if ((size_t)(e - q) >= 10 && !memcmp(q, "ksv-ignore", 10))
      return q;
  }
  return NULL;
}

/* Collects the comments of text; malformed ones become warnings in d
** (when d is not NULL). */
static void scan(const char *path, const char *text, size_t len, ignores *out,
                 mdl_diags *d) {
  const char *p = text, *end = text + len;
  for (uint32_t line = 1; p < end; line++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *e = nl ? nl : end;
    const char *w = e - p >= 12 ? ignore_at(p, e) : NULL;
    if (w) {
      ignore it = {line, 0, NULL};
      char buf[160];
      const char *bad = parse_ignore(w + 10, e, &it, buf, sizeof buf);
      if (bad && d) {
        mdl_diag_add(d, MDL_RULE_BAD_SUPPRESSION, MDL_SEV_WARNING, path, NULL,
                     line, (uint32_t)(w - p) + 1, "%s", bad);
      } else if (!bad) {
        if (out->n == out->cap) {
          out->cap = out->cap ? out->cap * 2 : 8;
          out->v = realloc(out->v, out->cap * sizeof *out->v);
          if (!out->v)
            abort();
        }
        out->v[out->n++] = it;
      }
    }
    p = e + 1;
  }
}

/* The comment that suppresses rule r at line (on it or the line before):
** a binary search, the comments being in line order (scan). */
static const ignore *match(const ignores *s, uint32_t line, mdl_rule r) {
  uint32_t lo = 0, hi = s ? s->n : 0, from = line ? line - 1 : 0;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (s->v[mid].line < from)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (uint32_t i = lo; s && i < s->n && s->v[i].line <= line; i++)
    if ((s->v[i].line == line || s->v[i].line + 1 == line) &&
        (s->v[i].mask >> r & 1))
      return &s->v[i];
  return NULL;
}

/* The comments of the files a file's findings are located in: the file
** itself and, read when first needed, the headers it includes. */
typedef struct {
  const char *main;
  ignores mine;
  char *paths[16];
  ignores other[16];
  uint32_t nother;
} ignore_cache;

static const ignores *ignores_of(ignore_cache *c, const char *file) {
  if (!file || !strcmp(file, c->main))
    return &c->mine;
  for (uint32_t i = 0; i < c->nother; i++)
    if (!strcmp(c->paths[i], file))
      return &c->other[i];
  if (c->nother == 16)
    return NULL;
  uint32_t i = c->nother++;
  c->paths[i] = mdl_strprintf("%s", file);
  memset(&c->other[i], 0, sizeof c->other[i]);
  size_t len;
  uint64_t size; /* (a header past 64 MB: its comments are not read) */
  char *text = ksv_read_file(file, (uint64_t)64 << 20, &len, &size);
  if (text)
    scan(file, text, len, &c->other[i], NULL); /* its warnings: its own run */
  free(text);
  return &c->other[i];
}

/* The comment suppressing g: at its primary location, or at one of the
** calls of its inlining chain (a finding inside a helper that many
** kernels call is silenced where this kernel calls it). */
static const ignore *suppressor(ignore_cache *c, const mdl_diag *g) {
  const ignore *it = match(ignores_of(c, g->where ? g->where->file : NULL),
                           g->line, g->rule);
  for (uint32_t i = 0; !it && g->where && i < g->where->nframes; i++) {
    const mdl_frame *f = &g->where->frames[i];
    it = match(ignores_of(c, f->file), f->line, g->rule);
  }
  return it;
}

void ksv_diags_recount(mdl_diags *d) {
  d->errors = d->warnings = d->notes = d->suppressed = 0;
  for (uint32_t i = 0; i < d->items.len; i++) {
    const mdl_diag *g = &MDL_VEC_AT(d->items, mdl_diag, i);
    if (g->suppressed)
      d->suppressed++;
    else if (g->severity == MDL_SEV_ERROR)
      d->errors++;
    else if (g->severity == MDL_SEV_WARNING)
      d->warnings++;
    else
      d->notes++;
  }
}

/* A unit whose findings are all suppressed is clean; its note says so.
** (Its findings: rep_unit_groups, same-named kernels of two chunks
** apart.) */
static void units_after(mdl_file_result *fr) {
  rep_groups gr;
  rep_unit_groups(fr, &gr);
  for (uint32_t u = 0; u < fr->units.len; u++) {
    mdl_unit_result *ur = &MDL_VEC_AT(fr->units, mdl_unit_result, u);
    uint32_t live = 0, supp = 0;
    for (uint32_t m = gr.first[u]; m < gr.first[u + 1]; m++) {
      const mdl_diag *g = &MDL_VEC_AT(fr->diags.items, mdl_diag, gr.idx[m]);
      if (g->severity == MDL_SEV_NOTE)
        continue;
      supp += g->suppressed != 0;
      live += !g->suppressed && g->rule != MDL_RULE_BAD_SUPPRESSION;
    }
    if (ur->verdict != MDL_VERDICT_FINDINGS || live || !supp)
      continue;
    ur->verdict = MDL_VERDICT_CLEAN;
    char *n = mdl_strprintf("%u finding%s suppressed%s%s", supp,
                            supp == 1 ? "" : "s", ur->note ? "; " : "",
                            ur->note ? ur->note : "");
    free(ur->note);
    ur->note = n;
  }
  rep_groups_free(&gr);
}

void ksv_suppress(mdl_file_result *fr, const char *text, size_t len,
                  const ksv_rules *rules) {
  ignore_cache c;
  memset(&c, 0, sizeof c);
  c.main = fr->path;
  if (text)
    scan(fr->path, text, len, &c.mine, &fr->diags);
  for (uint32_t i = 0; i < fr->diags.items.len; i++) {
    mdl_diag *g = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
    if (!ksv_rule_suppressible(g->rule))
      continue;
    if (rules && rules->sev[g->rule] >= 0)
      g->severity = (mdl_severity)rules->sev[g->rule];
    const ignore *it = rules && rules->off[g->rule] ? NULL : suppressor(&c, g);
    if (rules && rules->off[g->rule]) {
      g->suppressed = MDL_SUPP_EXTERNAL;
      g->suppress_why = mdl_strprintf("%s", rules->why[g->rule]);
    } else if (it) {
      g->suppressed = MDL_SUPP_IN_SOURCE;
      g->suppress_why = mdl_strprintf("%s", it->why);
      g->suppress_line = it->line;
    }
  }
  ignores_free(&c.mine);
  for (uint32_t i = 0; i < c.nother; i++) {
    ignores_free(&c.other[i]);
    free(c.paths[i]);
  }
  mdl_diags_sort(&fr->diags);
  ksv_diags_recount(&fr->diags);
  units_after(fr);
}
