/*
** ksv_fix.c -- `ksv fix`: repairs findings one at a time, keeping for each
** the cheapest candidate (fix/fix.h) that removes it without adding any
** finding, then confirms the result: the patched text verifies and the
** simulator shows no dynamic finding over jittered runs.  Prints what it
** did, a unified diff, or JSON; writes the fixed file.  docs/fix.md.
*/
#include "../include/ksv.h"
#include "../fix/fix.h"
#include "../frontend/fe.h"
#include "../model/mdl.h"
#include "ksv_int.h"
#include "ksv_prog.h"
#include "ksv_fix_int.h"
#include "ksv_save.h"

#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

/* SIGINT or SIGTERM received during ksv fix (0: none).  The handler only
** stores the number (async-signal-safe); the rounds poll it before each
** candidate, like the --max-fix-seconds deadline, and the run then
** writes what it fixed so far. */
static volatile sig_atomic_t fix_signal;

void ksv_fix_options_default(ksv_fix_options *o) {
  memset(o, 0, sizeof *o);
  ksv_options_default(&o->check);
  o->sim_runs = 100;
  o->max_seconds = 300;
  o->max_fixes = 32;
}

/* ------------------------------------------------------ finding keys */

/* s[0..n) as a part of a key: a long one (a line of a megabyte) as its
** first 160 bytes and a hash of the whole, so that every finding's key
** stays small (--max-memory-mb: the search holds several keys of each
** finding). */
static char *key_part(const char *s, size_t n) {
  if (n <= 192)
    return mdl_strprintf("%.*s", (int)n, s);
  uint64_t h = 1469598103934665603ull; /* FNV-1a */
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return mdl_strprintf("%.160s...#%016" PRIx64 "/%zu", s, h, n);
}

/* A finding's identity across edits: rule, unit, and the text (trimmed,
** no comment) of its line and of its first related line.  Line numbers
** move when lines are inserted; the text does not.  The unit goes by its
** index (mdl_diag.unit_ix, which edits of syncs do not move) as well as
** its name: two kernels of one name (chunks, or one module) may have
** lines of the same text. */
static char *line_key(const fix_text *t, uint32_t line) {
  if (!line || line > t->lines.len)
    return mdl_strprintf("?");
  const char *l = MDL_VEC_AT(t->lines, fix_line, line - 1).text;
  while (*l == ' ' || *l == '\t')
    l++;
  const char *c = strstr(l, "//");
  size_t n = c ? (size_t)(c - l) : strlen(l);
  while (n && (l[n - 1] == ' ' || l[n - 1] == '\t'))
    n--;
  return key_part(l, n);
}

static char *diag_key(const fix_text *t, const mdl_diag *d) {
  char *a = line_key(t, d->line);
  char *b = d->nrelated ? line_key(t, d->related[0].line) : mdl_strprintf("-");
  char *u = key_part(d->unit ? d->unit : "", d->unit ? strlen(d->unit) : 0);
  char *k = mdl_strprintf("%s|%u|%s|%s|%s", mdl_rule_name(d->rule),
                          d->unit_ix, u, a, b);
  free(u);
  free(a);
  free(b);
  return k;
}

/* Key k of a check of a chunk on its own (fix_chunk) as the check of the
** whole file has it: its unit index moved past the off units before the
** chunk. */
static char *key_moved(const char *k, uint32_t off) {
  const char *bar = strchr(k, '|');
  char *end = NULL;
  unsigned long ix = bar ? strtoul(bar + 1, &end, 10) : 0;
  if (!ix || !off)
    return mdl_strprintf("%s", k);
  return mdl_strprintf("%.*s|%lu%s", (int)(bar - k), k, ix + off, end);
}

typedef struct {
  mdl_vec keys;                /* char* */
} keyset;

static void keys_free(keyset *ks) {
  for (uint32_t i = 0; i < ks->keys.len; i++)
    free(MDL_VEC_AT(ks->keys, char *, i));
  mdl_vec_free(&ks->keys);
}

/* How many keys of b are not matched in a (multiset difference); out
** (may be NULL) receives copies of them (char*). */
static uint32_t keys_diff(const keyset *a, const keyset *b, mdl_vec *out) {
  uint8_t *used = calloc(a->keys.len + 1, 1);
  uint32_t n = 0;
  for (uint32_t i = 0; i < b->keys.len; i++) {
    const char *k = MDL_VEC_AT(b->keys, char *, i);
    bool found = false;
    for (uint32_t j = 0; j < a->keys.len && !found; j++)
      if (!used[j] && !strcmp(k, MDL_VEC_AT(a->keys, char *, j)))
        used[j] = 1, found = true;
    if (!found && out)
      *(char **)mdl_vec_push(out, sizeof(char *)) = mdl_strprintf("%s", k);
    n += !found;
  }
  free(used);
  return n;
}

static uint32_t keys_new(const keyset *a, const keyset *b) {
  return keys_diff(a, b, NULL);
}

/* How many of the keys are deadlocks. */
static uint32_t deadlocks(const keyset *ks) {
  uint32_t n = 0;
  for (uint32_t j = 0; j < ks->keys.len; j++)
    n += !strncmp(MDL_VEC_AT(ks->keys, char *, j), "deadlock|", 9);
  return n;
}

static bool keys_has(const keyset *a, const char *k) {
  for (uint32_t j = 0; j < a->keys.len; j++)
    if (!strcmp(k, MDL_VEC_AT(a->keys, char *, j)))
      return true;
  return false;
}

/* ----------------------------------------------------------- checking */


static void check(const ksv_options *co, const char *path, const fix_text *t,
                  checked *c) {
  memset(c, 0, sizeof *c);
  size_t len;
  char *text = fix_text_join(t, &len);
  ksv_check_text(co, path, text, len, &c->fr, NULL, &c->units);
  free(text);
  for (uint32_t i = 0; i < c->fr.diags.items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(c->fr.diags.items, mdl_diag, i);
    if (d->rule == MDL_RULE_SYNTAX && d->severity == MDL_SEV_ERROR)
      c->bad = true;
    else if (d->rule == MDL_RULE_UNKNOWN)
      c->unknown = true;
    else if (d->severity == MDL_SEV_ERROR)
      c->errors++;
    else if (d->severity == MDL_SEV_WARNING && d->rule != MDL_RULE_UNSUPPORTED)
      c->warnings++;
  }
  for (uint32_t u = 0; u < c->fr.units.len; u++) {
    mdl_verdict v = MDL_VEC_AT(c->fr.units, mdl_unit_result, u).verdict;
    c->bad |= v == MDL_VERDICT_ERROR;
    c->unknown |= v == MDL_VERDICT_UNKNOWN;
  }
  for (uint32_t u = 0; u < c->units.len; u++)
    c->dropped += MDL_VEC_AT(c->units, fe_unit, u).dropped;
}

static void checked_free(checked *c) {
  fe_units_free(&c->units);
  mdl_file_result_free(&c->fr);
}

/* Frees the kernels c keeps (their names, results and findings stay):
** what a check holds when nothing asks for its kernels again.  A run
** keeps at most one set beside the check under way (--max-memory-mb). */
static void checked_strip(checked *c) {
  for (uint32_t i = 0; i < c->units.len; i++) {
    fe_unit *u = &MDL_VEC_AT(c->units, fe_unit, i);
    mdl_kernel_free(u->k);
    u->k = NULL;
  }
}

/* The bytes of the kernels c keeps. */
static uint64_t checked_bytes(const checked *c) {
  uint64_t n = 0;
  for (uint32_t i = 0; i < c->units.len; i++)
    n += mdl_kernel_bytes(MDL_VEC_AT(c->units, fe_unit, i).k);
  return n;
}

/* The unit of the check c that diagnostic d belongs to (its index in
** c->units, which are c->fr.units), or -1: by the unit index the driver
** gives every diagnostic of a unit -- two kernels may have one name
** (chunks, or one module) -- and by name only for one without it. */
static int unit_of(const checked *c, const mdl_diag *d) {
  if (d->unit_ix)
    return d->unit_ix <= c->units.len ? (int)d->unit_ix - 1 : -1;
  for (uint32_t i = 0; d->unit && i < c->units.len; i++)
    if (!strcmp(MDL_VEC_AT(c->units, fe_unit, i).name, d->unit))
      return (int)i;
  return -1;
}

/* Do diagnostics a and b of checks of one text belong to the same unit
** (or both to none)? */
static bool same_unit(const mdl_diag *a, const mdl_diag *b) {
  if (a->unit_ix && b->unit_ix)
    return a->unit_ix == b->unit_ix;
  return !strcmp(a->unit ? a->unit : "", b->unit ? b->unit : "");
}

static const mdl_kernel *kernel_of(const checked *c, const mdl_diag *d) {
  int u = unit_of(c, d);
  return u < 0 ? NULL : MDL_VEC_AT(c->units, fe_unit, (uint32_t)u).k;
}


/* The text a check read, for a kernel it did not keep (fe_unit.dropped):
** that kernel is unrolled again on its own when it is simulated. */
typedef struct {
  const char *path;
  const fix_text *t;
} source;

/* Unit i of a check of src, unrolled again alone into *one (a check of
** that unit only: chunks may hold kernels of one name; the caller frees
** it); NULL when it is not there. */
static const mdl_kernel *recheck_unit(const source *src, uint32_t i,
                                      const ksv_options *co, checked *one) {
  ksv_options oo = *co;
  oo.only_unit = i + 1;
  oo.no_redundant = true; /* (only its instructions are wanted) */
  check(&oo, src->path, src->t, one);
  return i < one->units.len ? MDL_VEC_AT(one->units, fe_unit, i).k : NULL;
}

/* Unit u (of a check of src) on the simulator into s; false when co's
** deadline has passed (nothing more is simulated). */
static bool simulate_unit(const checked *c, uint32_t i, const source *src,
                          uint32_t runs, const ksv_options *co, simsum *s) {
  const fe_unit *u = &MDL_VEC_AT(c->units, fe_unit, i);
  if (co->run_deadline > 0 && ksv_now_secs() > co->run_deadline) {
    char by[64];
    ksv_deadline_name(co, by, sizeof by);
    s->ran = false;
    snprintf(s->why, sizeof s->why, "%s ran out", by);
    return false;
  }
  checked one = {0};
  const mdl_kernel *k = u->k;
  if (!k && u->dropped && src)
    k = recheck_unit(src, i, co, &one);
  ksv_simfig f = {0};
  if (k)
    ksv_simulate(k, runs, 1, ksv_flag_model(co->flag_model),
                 co->run_deadline, &f);
  checked_free(&one);
  if (!k || f.status) {
    s->ran = false;
    if (k) {
      char *label = i < c->fr.units.len ? rep_unit_label(&c->fr, i, NULL)
                                        : mdl_strprintf("%s", u->name);
      snprintf(s->why, sizeof s->why, "%s: %s", label, f.why);
      free(label);
    }
    return true;
  }
  s->cycles += f.cycles;
  s->findings += f.findings;
  s->runs = f.runs;
  if (f.findings && !s->first[0])
    snprintf(s->first, sizeof s->first, "%s", f.first);
  return true;
}

/* The kernels of c, a check of src (only: the one of that index in
** c->units, or -1: every one) on the simulator, runs each, with co's flag
** model; none past co's deadline (ksv fix's budget: s->ran is then false,
** s->why says so).  A kernel c did not keep is unrolled again first,
** alone. */
static void simulate_only(const checked *c, const source *src, uint32_t runs,
                          const ksv_options *co, int only, simsum *s) {
  memset(s, 0, sizeof *s);
  s->ran = c->units.len > 0;
  for (uint32_t i = 0; i < c->units.len; i++)
    if ((only < 0 || i == (uint32_t)only) &&
        !simulate_unit(c, i, src, runs, co, s))
      break;
}

static void simulate(const checked *c, const source *src, uint32_t runs,
                     const ksv_options *co, simsum *s) {
  simulate_only(c, src, runs, co, -1, s);
}

/* ------------------------------------------------- one kernel's check */

/* A candidate that edits the lines of one kernel only is re-checked on
** that kernel alone (ksv_options.only_unit): the others are the same
** program, so what the full check of the round said of them stands, and
** their findings' keys (which name lines by their text) are the same in
** the edited text. */

static bool unmasked(const checked *c0, const fix_text *cur,
                     const mdl_diag *d);

/* Which unit of the check c owns each line of its text (nlines lines):
** 0 none, u + 1 unit u (its kernel has a statement there, or inlines
** one), UINT32_MAX several. */
static uint32_t *line_owners(const checked *c, uint32_t nlines) {
  uint32_t *own = calloc(nlines + 2, sizeof *own);
  for (uint32_t u = 0; own && u < c->units.len; u++) {
    const mdl_kernel *k = MDL_VEC_AT(c->units, fe_unit, u).k;
    for (uint32_t q = 0; k && q < k->nstmts; q++) {
      const mdl_stmt *st = MDL_VEC_AT(k->stmts, mdl_stmt *, q);
      uint32_t l = st->loc.line;
      if (st->loc.file || !l || l > nlines)
        continue;
      own[l] = !own[l] || own[l] == u + 1 ? u + 1 : UINT32_MAX;
    }
  }
  return own;
}

/* The unit the edits of candidate c touch, when it is one (every edited
** line and the lines next to it belong to it or to none, and some to
** it), else -1. */
static int cand_unit(const uint32_t *own, uint32_t nlines, const fix_cand *c) {
  uint32_t unit = 0;
  for (uint32_t e = 0; own && e < c->edits.len; e++) {
    uint32_t l = MDL_VEC_AT(c->edits, fix_edit, e).line;
    if (!l || l > nlines || !own[l])
      return -1; /* an edit of a line no statement is on */
    for (uint32_t m = l > 1 ? l - 1 : l; m <= l + 1 && m <= nlines; m++) {
      if (!own[m])
        continue;
      if (own[m] == UINT32_MAX || (unit && own[m] != unit))
        return -1;
      unit = own[m];
    }
  }
  return unit ? (int)unit - 1 : -1;
}

/* What the full check cc of cur says of every kernel but unit `unit` (an
** index in cc->units): the keys of its findings (without and with the
** unmasked redundant syncs), its errors and warnings, and whether one is
** undecided or bad. */
typedef struct {
  keyset masked, all;
  uint32_t errors, warnings;
  bool bad, unknown;
} others;

static void others_of(const fix_text *cur, const checked *cc,
                      const checked *c0, int unit, others *x) {
  memset(x, 0, sizeof *x);
  for (uint32_t i = 0; i < cc->fr.diags.items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(cc->fr.diags.items, mdl_diag, i);
    if (!d->unit || unit_of(cc, d) == unit)
      continue; /* (the file's own diagnostics: the re-check has them) */
    if (d->rule == MDL_RULE_SYNTAX && d->severity == MDL_SEV_ERROR)
      x->bad = true;
    else if (d->rule == MDL_RULE_UNKNOWN)
      x->unknown = true;
    else if (d->severity == MDL_SEV_ERROR)
      x->errors++;
    else if (d->severity == MDL_SEV_WARNING && d->rule != MDL_RULE_UNSUPPORTED)
      x->warnings++;
    if (d->severity == MDL_SEV_NOTE)
      continue;
    char *k = diag_key(cur, d);
    *(char **)mdl_vec_push(&x->all.keys, sizeof(char *)) = k;
    if (!unmasked(c0, cur, d))
      *(char **)mdl_vec_push(&x->masked.keys, sizeof(char *)) =
          mdl_strprintf("%s", k);
  }
  for (uint32_t u = 0; u < cc->fr.units.len; u++) {
    const mdl_unit_result *r = &MDL_VEC_AT(cc->fr.units, mdl_unit_result, u);
    if (!r->name || u == (uint32_t)unit)
      continue;
    x->bad |= r->verdict == MDL_VERDICT_ERROR;
    x->unknown |= r->verdict == MDL_VERDICT_UNKNOWN;
  }
}

static void others_free(others *x) {
  keys_free(&x->masked);
  keys_free(&x->all);
}

/* Adds x to the keys and counts of a re-check of one kernel (r2, keys
** after / after_all), which then stand for the full check. */
static void others_add(const others *x, checked *r2, keyset *after,
                       keyset *after_all) {
  for (uint32_t i = 0; i < x->masked.keys.len; i++)
    *(char **)mdl_vec_push(&after->keys, sizeof(char *)) =
        mdl_strprintf("%s", MDL_VEC_AT(x->masked.keys, char *, i));
  for (uint32_t i = 0; i < x->all.keys.len; i++)
    *(char **)mdl_vec_push(&after_all->keys, sizeof(char *)) =
        mdl_strprintf("%s", MDL_VEC_AT(x->all.keys, char *, i));
  r2->errors += x->errors;
  r2->warnings += x->warnings;
  r2->bad |= x->bad;
  r2->unknown |= x->unknown;
}

/* -------------------------------------------------------------- fixes */


const char *ksv_fix_op_name(fix_op op) {
  switch (op) {
  case FIX_INSERT_BEFORE: return "insert-before";
  case FIX_INSERT_AFTER: return "insert-after";
  case FIX_DELETE: return "delete";
  default: return "replace";
  }
}

/* The original line of line `line` of t (0 if inserted). */
static uint32_t orig_of(const fix_text *t, uint32_t line) {
  return line && line <= t->lines.len
             ? MDL_VEC_AT(t->lines, fix_line, line - 1).orig
             : 0;
}

/* The original line of line `line` of t or, for a line a repair inserted
** (a finding on an inserted sync), of the first original line after it
** (before it at the end): a report names lines of the original file. */
uint32_t ksv_fix_orig_near(const fix_text *t, uint32_t line) {
  for (uint32_t l = line; l && l <= t->lines.len; l++)
    if (orig_of(t, l))
      return orig_of(t, l);
  for (uint32_t l = line < t->lines.len ? line : t->lines.len; l; l--)
    if (orig_of(t, l))
      return orig_of(t, l);
  return 1;
}

/* A redundant sync the original check could not see: the original kernel
** had errors in that unit, and the checker looks for redundant syncs only
** in kernels without errors.  Once a repair removes the errors, such a
** sync of the original text shows up as redundant; that is not the
** repair's doing (on a5, for one, every PIPE_V barrier of a kernel
** written for a2 is), so it is not counted as a new finding, and the
** redundant-sync phase may remove it like any redundant original sync. */
static bool unmasked(const checked *c0, const fix_text *cur,
                     const mdl_diag *d) {
  if (!c0 || (d->rule != MDL_RULE_REDUNDANT_WAIT &&
       d->rule != MDL_RULE_REDUNDANT_BARRIER) ||
      !orig_of(cur, d->line))
    return false;
  for (uint32_t i = 0; i < c0->fr.diags.items.len; i++) {
    const mdl_diag *e = &MDL_VEC_AT(c0->fr.diags.items, mdl_diag, i);
    if (e->severity == MDL_SEV_ERROR && same_unit(e, d))
      return true;
  }
  return false;
}

/* The keys of fr's findings, without the unmasked redundant syncs (see
** unmasked) when c0 is given. */
static void keys_of_masked(const fix_text *t, const mdl_file_result *fr,
                           const checked *c0, keyset *ks) {
  memset(ks, 0, sizeof *ks);
  for (uint32_t i = 0; i < fr->diags.items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
    if (d->severity == MDL_SEV_NOTE || unmasked(c0, t, d))
      continue;
    *(char **)mdl_vec_push(&ks->keys, sizeof(char *)) = diag_key(t, d);
  }
}

static void keys_of(const fix_text *t, const mdl_file_result *fr,
                    keyset *ks) {
  keys_of_masked(t, fr, NULL, ks);
}

static void applied_free(applied *a) {
  free(a->finding);
  free(a->what);
  for (uint32_t i = 0; i < a->edits.len; i++) {
    free(MDL_VEC_AT(a->edits, fix_edit, i).text);
    free(MDL_VEC_AT(a->edits, fix_edit, i).old);
  }
  mdl_vec_free(&a->edits);
  for (uint32_t i = 0; i < a->gone.len; i++)
    free(MDL_VEC_AT(a->gone, char *, i));
  mdl_vec_free(&a->gone);
}

/* A candidate of a round, with the finding it was made for. */
typedef struct {
  fix_cand c;
  uint32_t diag;               /* index into the round's diagnostics */
} rcand;

static bool same_edits(const fix_cand *a, const fix_cand *b) {
  if (a->edits.len != b->edits.len)
    return false;
  for (uint32_t i = 0; i < a->edits.len; i++) {
    const fix_edit *x = &MDL_VEC_AT(a->edits, fix_edit, i);
    const fix_edit *y = &MDL_VEC_AT(b->edits, fix_edit, i);
    if (x->op != y->op || x->line != y->line ||
        strcmp(x->text ? x->text : "", y->text ? y->text : "") ||
        strcmp(x->old ? x->old : "", y->old ? y->old : ""))
      return false;
  }
  return true;
}

/* The order repairs are tried in (docs/fix.md): flag edits (0), then a
** launch-wide barrier for a race (1: it serializes every core of its
** mode), then data repairs (2: they change what the kernel computes). */
static int tier(const fix_cand *c) { return c->data ? 2 : c->last ? 1 : 0; }

/* A repair deletes a line an earlier repair of done (before a) inserted:
** in the original file's terms that insertion is undone, so the earlier
** edit that inserted text is dropped (the edits name lines of the
** original file, >= 1: fix-report.schema.json).  False when no such
** edit is found. */
static bool cancel_insert(mdl_vec *done, applied *a,
                          const char *text) {
  text += strspn(text, " \t");
  for (applied *b = a; b-- > (applied *)done->data;)
    for (uint32_t e = b->edits.len; e-- > 0;) {
      fix_edit *x = &MDL_VEC_AT(b->edits, fix_edit, e);
      if (x->op == FIX_DELETE || x->op == FIX_REPLACE || !x->text ||
          strcmp(x->text + strspn(x->text, " \t"), text))
        continue;
      free(x->text);
      free(x->old);
      memmove(x, x + 1, (b->edits.len - e - 1) * sizeof *x);
      b->edits.len--;
      return true;
    }
  return false;
}

/* Records the fix c of finding d of the current text cur (found by the
** original check c0 of orig) in done, its lines those of the original
** text; resolved: how many findings it removed.  Returns the record. */
static applied *record_fix(mdl_vec *done, const fix_text *cur,
                           const fix_text *orig, const checked *c0,
                           const mdl_diag *d, const fix_cand *c,
                           uint32_t resolved) {
  applied *a = mdl_vec_push(done, sizeof *a);
  a->rule = d->rule;
  a->line = ksv_fix_orig_near(cur, d->line);
  a->col = d->col;
  /* name the finding as the original check did */
  char *key = diag_key(cur, d);
  const mdl_diag *od = NULL;
  for (uint32_t i = 0; i < c0->fr.diags.items.len && !od; i++) {
    const mdl_diag *x = &MDL_VEC_AT(c0->fr.diags.items, mdl_diag, i);
    char *k2 = diag_key(orig, x);
    if (!strcmp(k2, key))
      od = x;
    free(k2);
  }
  free(key);
  a->unit_ix = d->unit_ix;
  if (od) {
    a->line = od->line;
    a->col = od->col;
    a->unit_ix = od->unit_ix;
  }
  a->finding = mdl_strprintf("%s [%s]", od ? od->message : d->message,
                             mdl_rule_name(d->rule));
  a->what = mdl_strprintf("%s", c->what);
  a->data = c->data;
  for (uint32_t e = 0; e < c->edits.len; e++) {
    const fix_edit *ed = &MDL_VEC_AT(c->edits, fix_edit, e);
    if (ed->op == FIX_DELETE && !orig_of(cur, ed->line) &&
        ed->line >= 1 && ed->line <= cur->lines.len &&
        cancel_insert(done, a,
                      MDL_VEC_AT(cur->lines, fix_line, ed->line - 1).text))
      continue; /* a line an earlier repair inserted: both edits go */
    if (!orig_of(cur, ed->line))
      continue; /* next to a line an earlier repair inserted: no line of
                   the original names it (docs/fix.md; the diff has it) */
    fix_edit *ne = mdl_vec_push(&a->edits, sizeof *ne);
    ne->op = ed->op;
    ne->line = orig_of(cur, ed->line);
    ne->text = ed->text ? mdl_strprintf("%s", ed->text) : NULL;
    ne->old = ed->old ? mdl_strprintf("%s", ed->old) : NULL;
  }
  a->resolved = resolved;
  return a;
}

/* Is the redundant sync d of the current check cc one to remove: one of
** the original kernel's, or one a repair inserted?  (An original sync
** that a repair made redundant is that repair's new finding, left for
** the report.) */
static bool redundant_wanted(const fix_text *cur, const checked *cc,
                             const fix_text *orig, const checked *c0,
                             const mdl_diag *d) {
  (void)cc;
  char *key = diag_key(cur, d);
  keyset k0;
  keys_of(orig, &c0->fr, &k0);
  bool want = keys_has(&k0, key) || !orig_of(cur, d->line) ||
              unmasked(c0, cur, d);
  keys_free(&k0);
  free(key);
  return want;
}

/* The first step of the redundant-sync phase: the redundant syncs a check
** reports can be removed together (the checker's greedy search keeps a
** set that is), so their removals are tried as one edit -- one check
** instead of a round of checks per sync.  Kept when the result checks
** without error, every one of them is gone, no finding is new and the
** simulated kernel is not slower; each removal is then recorded as its
** own fix.  Otherwise the rounds remove them one by one. */
static void fix_redundant_together(const ksv_options *co, const char *path,
                                   fix_text *cur, checked *cc,
                                   const fix_text *orig, const checked *c0,
                                   mdl_vec *done) {
  mdl_vec ds = {0};            /* const mdl_diag * */
  fix_cand all = {0};
  mdl_vec cands = {0};         /* fix_cand, one per diagnostic of ds */
  for (uint32_t i = 0; i < cc->fr.diags.items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(cc->fr.diags.items, mdl_diag, i);
    if ((d->rule != MDL_RULE_REDUNDANT_WAIT &&
         d->rule != MDL_RULE_REDUNDANT_BARRIER) ||
        d->severity == MDL_SEV_NOTE || !redundant_wanted(cur, cc, orig, c0, d))
      continue;
    const mdl_kernel *k = kernel_of(cc, d);
    mdl_vec cs = {0};
    if (k)
      fix_candidates(k, cur, d, &cs);
    if (cs.len) { /* (one: the removal of its group) */
      *(const mdl_diag **)mdl_vec_push(&ds, sizeof d) = d;
      *(fix_cand *)mdl_vec_push(&cands, sizeof(fix_cand)) =
          MDL_VEC_AT(cs, fix_cand, 0);
      for (uint32_t j = 1; j < cs.len; j++)
        fix_cand_free(&MDL_VEC_AT(cs, fix_cand, j));
    }
    mdl_vec_free(&cs);
  }
  for (uint32_t i = 0; i < cands.len; i++) {
    const fix_cand *c = &MDL_VEC_AT(cands, fix_cand, i);
    for (uint32_t e = 0; e < c->edits.len; e++)
      *(fix_edit *)mdl_vec_push(&all.edits, sizeof(fix_edit)) =
          MDL_VEC_AT(c->edits, fix_edit, e); /* (shared strings) */
  }
  fix_text t = {0};
  bool kept = false;
  if (cands.len >= 2 && !fix_apply(cur, &all, &t)) {
    checked r2;
    check(co, path, &t, &r2);
    keyset before, after, before_all, after_all;
    keys_of_masked(cur, &cc->fr, c0, &before);
    keys_of_masked(&t, &r2.fr, c0, &after);
    keys_of(cur, &cc->fr, &before_all);
    keys_of(&t, &r2.fr, &after_all);
    bool ok = !r2.bad && !r2.unknown && r2.errors <= cc->errors &&
              !keys_new(&before, &after);
    for (uint32_t i = 0; i < ds.len && ok; i++) { /* each target gone */
      char *key = diag_key(cur, MDL_VEC_AT(ds, const mdl_diag *, i));
      uint32_t nb = 0, na = 0;
      for (uint32_t j = 0; j < before_all.keys.len; j++)
        nb += !strcmp(MDL_VEC_AT(before_all.keys, char *, j), key);
      for (uint32_t j = 0; j < after_all.keys.len; j++)
        na += !strcmp(MDL_VEC_AT(after_all.keys, char *, j), key);
      ok = na < nb;
      free(key);
    }
    if (ok) {
      simsum s0, s1;
      source sc = {path, cur}, st = {path, &t};
      simulate(cc, &sc, 1, co, &s0);
      if (s0.ran) {
        simulate(&r2, &st, 1, co, &s1);
        ok = s1.ran && s1.cycles <= s0.cycles;
      }
    }
    if (ok) {
      for (uint32_t i = 0; i < ds.len; i++) {
        const mdl_diag *d = MDL_VEC_AT(ds, const mdl_diag *, i);
        applied *a = record_fix(done, cur, orig, c0, d,
                                &MDL_VEC_AT(cands, fix_cand, i), 1);
        *(char **)mdl_vec_push(&a->gone, sizeof(char *)) = diag_key(cur, d);
      }
      fix_text_free(cur);
      *cur = t;
      checked_free(cc);
      *cc = r2;
      kept = true;
    } else {
      fix_text_free(&t);
      checked_free(&r2);
    }
    keys_free(&before);
    keys_free(&after);
    keys_free(&before_all);
    keys_free(&after_all);
  }
  if (getenv("KSV_FIX_TRACE"))
    fprintf(stderr, "fix: %u redundant syncs removed together: %s\n",
            cands.len, kept ? "kept" : "not kept");
  mdl_vec_free(&all.edits); /* (the strings are the candidates') */
  for (uint32_t i = 0; i < cands.len; i++)
    fix_cand_free(&MDL_VEC_AT(cands, fix_cand, i));
  mdl_vec_free(&cands);
  mdl_vec_free(&ds);
}

/* One round: the candidates of every finding the phase fixes, each
** applied and re-checked; kept is the one that leaves the fewest errors,
** then warnings, then changes the fewest lines, among those that remove
** their finding and add none (and, for a redundant sync, do not make the
** simulated kernel slower).  On success replaces *cur and *cc and records
** the fix.  The original check c0 names the findings.  deadline:
** ksv_now_secs() past which no candidate is tried (0: none); the best one
** found by then is kept, and *stopped is set. */
static bool fix_round(const ksv_fix_options *o, const ksv_options *co,
                      const char *path, int phase, fix_text *cur,
                      checked *cc, const fix_text *orig, const checked *c0,
                      mdl_vec *done, bool unmask, double deadline,
                      bool *stopped) {
  static int trace = -1;
  if (trace < 0)
    trace = getenv("KSV_FIX_TRACE") != NULL;
  mdl_vec rc = {0};
  bool symbolic = false;
  for (uint32_t i = 0; i < cc->fr.diags.items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(cc->fr.diags.items, mdl_diag, i);
    bool redundant = d->rule == MDL_RULE_REDUNDANT_WAIT ||
                     d->rule == MDL_RULE_REDUNDANT_BARRIER;
    bool want = d->severity != MDL_SEV_NOTE &&
                (phase == 1 ? !redundant
                            : redundant && redundant_wanted(cur, cc, orig, c0,
                                                            d));
    const mdl_kernel *k = want ? kernel_of(cc, d) : NULL;
    if (!k)
      continue;
    symbolic |= !k->concrete;
    mdl_vec cs = {0};
    fix_candidates(k, cur, d, &cs);
    if (trace)
      fprintf(stderr, "fix: %u candidates for %u:%u [%s]\n", cs.len, d->line,
              d->col, mdl_rule_name(d->rule));
    for (uint32_t j = 0; j < cs.len; j++) {
      fix_cand *c = &MDL_VEC_AT(cs, fix_cand, j);
      bool dup = false;
      for (uint32_t q = 0; q < rc.len && !dup; q++)
        dup = same_edits(&MDL_VEC_AT(rc, rcand, q).c, c);
      if (dup) {
        fix_cand_free(c);
        continue;
      }
      rcand *r = mdl_vec_push(&rc, sizeof *r);
      r->c = *c;
      r->diag = i;
    }
    mdl_vec_free(&cs);
  }
  /* cheapest first (stable) within a tier: flag edits, then launch-wide
     barriers, then data repairs */
  for (uint32_t i = 1; i < rc.len; i++) {
    rcand v = MDL_VEC_AT(rc, rcand, i);
    uint32_t j = i;
    while (j > 0 && (tier(&MDL_VEC_AT(rc, rcand, j - 1).c) > tier(&v.c) ||
                     (tier(&MDL_VEC_AT(rc, rcand, j - 1).c) == tier(&v.c) &&
                      MDL_VEC_AT(rc, rcand, j - 1).c.cost > v.c.cost))) {
      MDL_VEC_AT(rc, rcand, j) = MDL_VEC_AT(rc, rcand, j - 1);
      j--;
    }
    MDL_VEC_AT(rc, rcand, j) = v;
  }
  ksv_prog_head("ksv fix: %s: %s %u, %u fixed", ksv_prog_base(path),
                phase == 1 ? "round" : "redundant-sync round", done->len + 1,
                done->len);
  keyset before, before_all;
  keys_of_masked(cur, &cc->fr, c0, &before);
  keys_of(cur, &cc->fr, &before_all);
  uint32_t dl0 = deadlocks(&before_all);
  simsum s0 = {0};
  if (phase == 2)
    simulate(cc, &(source){path, cur}, 1, co, &s0);
  int best = -1;
  fix_text best_t = {0};
  checked best_c = {0};
  bool best_partial = false;
  uint32_t best_err = 0, best_warn = 0, best_resolved = 0, best_gone = 0;
  /* a file of several kernels: a candidate confined to one is re-checked
     on it alone (the others are as the round's check found them) */
  uint32_t nl = cur->lines.len;
  uint32_t *own = cc->units.len > 1 ? line_owners(cc, nl) : NULL;
  /* the candidates are made: the kernels of cc are not read again (but
     by the redundant-sync round of several kernels: s0u below), so the
     round holds the best candidate's beside the one being checked */
  if (phase == 1 || !own)
    checked_strip(cc);
  others oth = {0};
  int oth_unit = -1;
  simsum s0u = {0};
  uint32_t budget = symbolic ? 24 : 400;
  for (uint32_t i = 0; i < rc.len; i++) {
    const rcand *r = &MDL_VEC_AT(rc, rcand, i);
    const fix_cand *c = &r->c;
    if (fix_signal || (deadline > 0 && ksv_now_secs() > deadline)) {
      *stopped = true;
      break;
    }
    /* a launch-wide barrier after every flag edit (taken when it leaves
       fewer findings: the loop stops at the first clean repair), a data
       repair only when no sync edit works; they are few and do not
       count against the budget */
    if (tier(c) == 2 ? best >= 0 : tier(c) == 0 && !budget)
      continue;
    if (!tier(c))
      budget--;
    const mdl_diag *d = &MDL_VEC_AT(cc->fr.diags.items, mdl_diag, r->diag);
    ksv_prog_detail("candidate %u/%u for %u:%u [%s]", i + 1, rc.len, d->line,
                    d->col, mdl_rule_name(d->rule));
    if (!o->allow_barrier_all) {
      bool all = false;
      for (uint32_t e = 0; e < c->edits.len; e++) {
        const fix_edit *ed = &MDL_VEC_AT(c->edits, fix_edit, e);
        all |= ed->text && strstr(ed->text, "PIPE_ALL");
      }
      if (all)
        continue;
    }
    fix_text t;
    if (fix_apply(cur, c, &t))
      continue;
    int unit = own ? cand_unit(own, nl, c) : -1;
    if (unit >= 0 && unit_of(cc, d) != unit)
      unit = -1; /* (its finding is another kernel's) */
    bool one_unit = unit >= 0;
    ksv_options one = *co;
    one.only_unit = one_unit ? (uint32_t)unit + 1 : 0;
    checked r2;
    check(&one, path, &t, &r2);
    keyset after, after_all;
    keys_of_masked(&t, &r2.fr, c0, &after);
    keys_of(&t, &r2.fr, &after_all);
    if (one_unit) {
      if (oth_unit != unit) {
        others_free(&oth);
        others_of(cur, cc, c0, unit, &oth);
        if (phase == 2)
          simulate_only(cc, &(source){path, cur}, 1, co, unit, &s0u);
        oth_unit = unit;
      }
      others_add(&oth, &r2, &after, &after_all);
    }
    uint32_t nnew = keys_new(&before, &after);
    /* fewer findings: counted without the unmasked redundant syncs (a
       repair that unmasks them still fixes its finding) or with them (a
       redundant sync's removal) */
    /* unmask (fix_compute's second attempt): a repair that removes a
       deadlock may show what the deadlock hid (the checker reports no
       race or flag misuse behind one): taken when it leaves no more
       errors than there were */
    bool hidden = unmask && deadlocks(&after_all) < dl0 &&
                  r2.errors <= cc->errors;
    bool ok = !r2.bad && !r2.unknown &&
              (hidden || (!nnew && (after.keys.len < before.keys.len ||
                                    after_all.keys.len <
                                        before_all.keys.len)));
    uint32_t resolved = after_all.keys.len < before_all.keys.len
                            ? before_all.keys.len - after_all.keys.len
                            : before.keys.len - after.keys.len;
    /* the finding it was made for must be gone (one instance fewer) */
    if (ok) {
      char *target = diag_key(cur, d);
      uint32_t nb = 0, na = 0;
      for (uint32_t j = 0; j < before_all.keys.len; j++)
        nb += !strcmp(MDL_VEC_AT(before_all.keys, char *, j), target);
      for (uint32_t j = 0; j < after_all.keys.len; j++)
        na += !strcmp(MDL_VEC_AT(after_all.keys, char *, j), target);
      ok = na < nb;
      free(target);
    }
    if (ok && phase == 2 && (one_unit ? s0u.ran : s0.ran)) {
      simsum s1;
      simulate_only(&r2, &(source){path, &t}, 1, co, unit, &s1);
      ok = s1.ran && s1.cycles <= (one_unit ? s0u.cycles : s0.cycles);
    }
    if (trace) {
      char *label = one_unit ? rep_unit_label(&cc->fr, (uint32_t)unit, NULL)
                             : NULL;
      fprintf(stderr, "fix: [%u] cost %u %s: %s (errors %u, warnings %u, "
                      "new %u%s%s%s)\n", i, c->cost, ok ? "ok" : "rejected",
              c->what, r2.errors, r2.warnings, nnew,
              r2.bad ? ", bad input" : r2.unknown ? ", unknown" : "",
              label ? ", re-checked kernel " : "", label ? label : "");
      free(label);
    }
    if (trace && nnew)
      for (uint32_t j = 0; j < after.keys.len; j++)
        if (!keys_has(&before, MDL_VEC_AT(after.keys, char *, j)))
          fprintf(stderr, "fix:   new: %s\n", MDL_VEC_AT(after.keys, char *, j));
    /* the findings of before it removes (in the second attempt, a tie
       goes to the repair that removes more: a wrong id that is both an
       unpaired set and a deadlock is one slip) */
    uint32_t gone = keys_new(&after_all, &before_all);
    keys_free(&after);
    keys_free(&after_all);
    bool better = ok && (best < 0 || r2.errors < best_err ||
                         (r2.errors == best_err && r2.warnings < best_warn) ||
                         (unmask && r2.errors == best_err &&
                          r2.warnings == best_warn && gone > best_gone));
    if (better) {
      if (best >= 0) {
        fix_text_free(&best_t);
        checked_free(&best_c);
      }
      best = (int)i;
      best_t = t;
      best_c = r2;
      best_partial = one_unit;
      best_err = r2.errors;
      best_warn = r2.warnings;
      best_resolved = resolved;
      best_gone = gone;
      if (!r2.errors && !r2.warnings)
        break; /* clean: nothing cheaper comes later */
    } else {
      fix_text_free(&t);
      checked_free(&r2);
    }
  }
  free(own);
  others_free(&oth);
  if (best >= 0 && best_partial) { /* the next round needs all of it */
    checked_free(&best_c);
    check(co, path, &best_t, &best_c);
  }
  if (best >= 0) {
    const rcand *r = &MDL_VEC_AT(rc, rcand, (uint32_t)best);
    const mdl_diag *d = &MDL_VEC_AT(cc->fr.diags.items, mdl_diag, r->diag);
    /* which findings went: the keys before, less those after (as
       multisets: one instance of a pair may go, another stay) */
    keyset after_all;
    keys_of(&best_t, &best_c.fr, &after_all);
    applied *a = record_fix(done, cur, orig, c0, d, &r->c, best_resolved);
    keys_diff(&after_all, &before_all, &a->gone);
    keys_free(&after_all);
    fix_text_free(cur);
    *cur = best_t;
    checked_free(cc);
    *cc = best_c;
  }
  keys_free(&before);
  keys_free(&before_all);
  for (uint32_t i = 0; i < rc.len; i++)
    fix_cand_free(&MDL_VEC_AT(rc, rcand, i).c);
  mdl_vec_free(&rc);
  return best >= 0;
}

/* Saves t to path atomically (ksv_save.h).  SIGINT and SIGTERM wait
** until the rename: a second signal (the first one resets the handler)
** would otherwise end ksv with the temporary file left behind. */
static int write_file(const char *path, const fix_text *t) {
  size_t len;
  char *s = fix_text_join(t, &len);
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGINT);
  sigaddset(&block, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &block, &old);
  char err[4200];
  int rc = s ? ksv_save(path, s, len, err, sizeof err) : -1;
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (rc)
    fprintf(stderr, "ksv: error: %s\n", s ? err : "out of memory");
  free(s);
  return rc != 0;
}

static void on_signal(int sig) { fix_signal = sig; }

/* The handlers of SIGINT and SIGTERM before ksv fix set its own. */
typedef struct {
  struct sigaction old[2];
  bool set[2];
} fix_sigs;
static const int fix_caught[2] = {SIGINT, SIGTERM};

/* Catches SIGINT and SIGTERM for the run.  A signal ignored when ksv
** started (a background job of a non-interactive shell) stays ignored,
** as the shell meant; the first signal resets the handler, so a second
** one ends ksv at once. */
static void signals_catch(fix_sigs *s) {
  fix_signal = 0;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART | SA_RESETHAND;
  for (int i = 0; i < 2; i++)
    s->set[i] = !sigaction(fix_caught[i], NULL, &s->old[i]) &&
                s->old[i].sa_handler != SIG_IGN &&
                !sigaction(fix_caught[i], &sa, NULL);
}

static void signals_restore(const fix_sigs *s) {
  for (int i = 0; i < 2; i++)
    if (s->set[i])
      sigaction(fix_caught[i], &s->old[i], NULL);
}

/* Has the monotonic time t (0: none) passed? */
static bool past(double t) { return t > 0 && ksv_now_secs() > t; }


static void fres_free(fres *r) {
  if (!r->cf_c0)
    checked_free(&r->cf);
  checked_free(&r->c0);
  for (uint32_t i = 0; i < r->done.len; i++)
    applied_free(&MDL_VEC_AT(r->done, applied, i));
  mdl_vec_free(&r->done);
  fix_text_free(&r->orig);
  fix_text_free(&r->cur);
}

/* The options of a full check of the file (the original, the
** confirmation) and of a quick one (candidates of symbolic kernels). */
static void fix_check_options(const ksv_fix_options *o, ksv_options *quick,
                              ksv_options *full) {
  *quick = o->check;
  *full = o->check;
  quick->no_redundant = true;
  quick->replay = full->replay = false;
  quick->explain = full->explain = false;
  full->no_redundant = false;
  /* the line shows rounds and candidates, not each re-check's kernels */
  quick->progress = full->progress = KSV_PROGRESS_OFF;
}

/* Checks the original text into r->c0 (r->orig and r->cur set from
** text).  Returns 0, or KSV_EXIT_BAD_INPUT / KSV_EXIT_UNKNOWN when it
** does not check (r->c0 says why). */
static int fix_start(const ksv_fix_options *o, const char *file,
                     const char *text, size_t len, fres *r) {
  memset(r, 0, sizeof *r);
  fix_text_init(&r->orig, text, len);
  fix_text_copy(&r->cur, &r->orig);
  ksv_options quick, full;
  fix_check_options(o, &quick, &full);
  ksv_prog_head("ksv fix: %s: checking", ksv_prog_base(file));
  check(&full, file, &r->orig, &r->c0);
  /* a C++ text: its statements end at `;` or `}` (fix_stmt_end) */
  for (uint32_t i = 0; i < r->c0.units.len; i++) {
    const fe_unit *u = &MDL_VEC_AT(r->c0.units, fe_unit, i);
    if (u->k && u->k->lang == MDL_LANG_ASCENDC)
      r->orig.cxx = r->cur.cxx = true;
    r->symbolic |= u->k && !u->k->concrete;
  }
  if (r->c0.bad || r->c0.unknown)
    return r->c0.bad ? KSV_EXIT_BAD_INPUT : KSV_EXIT_UNKNOWN;
  r->n0 = r->c0.errors + r->c0.warnings;
  return 0;
}

/* After the original's simulation: its kernels are not needed again
** unless the confirmation reuses its check (nothing changed).  When they
** hold more than a check's share of --max-memory-mb (ksv_keep_max) they
** are freed, and the confirmation checks again instead. */
static void fix_start_done(const ksv_fix_options *o, fres *r) {
  if (checked_bytes(&r->c0) > ksv_keep_max(o->check.max_memory_mb)) {
    checked_strip(&r->c0);
    r->c0_stripped = true;
  }
}

/* The repair rounds on r (after fix_start): r->cur, r->done, r->changed;
** deadline: ksv_now_secs() past which no candidate is tried (0: none). */
static void fix_search(const ksv_fix_options *o, const char *file, fres *r,
                       double deadline) {
  ksv_options quick, full;
  fix_check_options(o, &quick, &full);
  /* phase 1: everything but redundant syncs; phase 2: those.  Concrete
     kernels check in milliseconds: every candidate is judged with the
     redundant search too, so a repair that makes another sync redundant
     counts as adding a finding; symbolic kernels (a solver run per
     candidate) skip it until phase 2 */
  bool symbolic = r->symbolic;
  /* symbolic kernels: candidates are judged with loops unrolled to 4
     iterations (each judgement is a solver run); the confirmation below
     uses the full bound, so a repair that only holds for short loops is
     reported as not fixing, never as fixed */
  ksv_options sfull = full;
  if (symbolic) {
    quick.sym_bound = sfull.sym_bound = 4;
    quick.trip_bound_fixed = sfull.trip_bound_fixed = true;
  }
  for (int phase = 1; phase <= 2 && !r->stopped && !fix_signal; phase++) {
    const ksv_options *co = phase == 1 && symbolic ? &quick
                            : symbolic             ? &sfull
                                                   : &full;
    checked cc;
    check(co, file, &r->cur, &cc);
    if (cc.dropped > r->dropped) /* (their findings have no candidate) */
      r->dropped = cc.dropped;
    if (phase == 2 && !fix_signal && r->done.len < o->max_fixes)
      fix_redundant_together(co, file, &r->cur, &cc, &r->orig, &r->c0,
                             &r->done);
    while (!r->stopped && r->done.len < o->max_fixes &&
           fix_round(o, co, file, phase, &r->cur, &cc, &r->orig, &r->c0,
                     &r->done, false, deadline, &r->stopped))
      ;
    /* second attempt: the checker reports no race or flag misuse behind
       a deadlock, so a deadlock's repair can show findings that were
       there all along, which the rounds above reject as new.  When they
       leave errors, the rounds run again from the original text taking
       such a repair (one that removes a deadlock and leaves no more
       errors); that result is kept if it has fewer errors */
    if (phase == 1 && cc.errors && !r->stopped) {
      fix_text a_text = r->cur;
      mdl_vec a_done = r->done;
      checked a_cc = cc;
      r->done = (mdl_vec){0};
      fix_text_copy(&r->cur, &r->orig);
      check(co, file, &r->cur, &cc);
      while (!r->stopped && r->done.len < o->max_fixes &&
             fix_round(o, co, file, phase, &r->cur, &cc, &r->orig, &r->c0,
                       &r->done, true, deadline, &r->stopped))
        ;
      bool better = !cc.bad && !cc.unknown && cc.errors < a_cc.errors;
      mdl_vec *drop = better ? &a_done : &r->done;
      for (uint32_t i = 0; i < drop->len; i++)
        applied_free(&MDL_VEC_AT(*drop, applied, i));
      mdl_vec_free(drop);
      if (better) {
        fix_text_free(&a_text);
        checked_free(&a_cc);
      } else {
        fix_text_free(&r->cur);
        r->cur = a_text;
        r->done = a_done;
        checked_free(&cc);
        cc = a_cc;
      }
    }
    checked_free(&cc);
  }
  r->changed = fix_diff(NULL, "", "", &r->orig, &r->cur);
}

/* The confirmation of r->cur: a full check (r->cf; what it added to the
** original's findings, whether it is clean) and the simulator. */
static void fix_confirm(const ksv_fix_options *o, const char *file,
                        fres *r) {
  ksv_options quick, full;
  fix_check_options(o, &quick, &full);
  if (fix_signal) {
    /* stopped by the user: each fix kept was verified when it was
       applied; the confirmation (a check and the simulator, minutes on a
       large file) is left out -- what was asked for is to stop */
    r->signal = fix_signal;
    snprintf(r->simf.why, sizeof r->simf.why, "interrupted");
    return;
  }
  /* confirmation (of a text the search left as it was: the original's
     check, which is the same) */
  ksv_prog_head("ksv fix: %s: confirming: checking", ksv_prog_base(file));
  r->cf_c0 = !r->changed && !r->c0_stripped;
  if (r->cf_c0)
    r->cf = r->c0;
  else
    check(&full, file, &r->cur, &r->cf);
  if (fix_signal) { /* during that check: the simulator is left out */
    r->signal = fix_signal;
    snprintf(r->simf.why, sizeof r->simf.why, "interrupted");
    return;
  }
  if (r->cf.unknown && past(full.run_deadline)) {
    r->cut = r->stopped = true; /* (what it checked is listed) */
    char by[64];
    ksv_deadline_name(&full, by, sizeof by);
    snprintf(r->simf.why, sizeof r->simf.why, "%s ran out", by);
    return;
  }
  keyset k0, kf;
  keys_of(&r->orig, &r->c0.fr, &k0);
  keys_of_masked(&r->cur, &r->cf.fr, &r->c0, &kf);
  r->added = keys_new(&k0, &kf);
  keys_free(&k0);
  keys_free(&kf);
  r->clean = !r->cf.bad && !r->cf.unknown && !r->cf.errors &&
             !r->cf.warnings;
  ksv_prog_head("ksv fix: %s: confirming: %u simulated runs",
                ksv_prog_base(file), o->sim_runs);
  simulate(&r->cf, &(source){file, &r->cur}, o->sim_runs, &full, &r->simf);
  r->sim_ok = r->simf.ran && !r->simf.findings;
}

/* Does the original check of r name a finding (an error or a warning)
** on a line of [a, b) (1-based)? */
static bool has_findings(const fres *r, uint32_t a, uint32_t b) {
  for (uint32_t i = 0; i < r->c0.fr.diags.items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(r->c0.fr.diags.items, mdl_diag, i);
    if (d->severity != MDL_SEV_NOTE && !(d->where && d->where->file) &&
        d->line >= a && d->line < b)
      return true;
  }
  return false;
}

/* The fixes c of a chunk whose check numbered its units from 1, as the
** check of the whole file names them: their units moved past the off
** units before the chunk. */
static void done_moved(mdl_vec *c, uint32_t off) {
  for (uint32_t i = 0; off && i < c->len; i++) {
    applied *a = &MDL_VEC_AT(*c, applied, i);
    a->unit_ix += a->unit_ix ? off : 0;
    for (uint32_t g = 0; g < a->gone.len; g++) {
      char **k = &MDL_VEC_AT(a->gone, char *, g);
      char *m = key_moved(*k, off);
      free(*k);
      *k = m;
    }
  }
}

/* Fixes the lines [a, b) (1-based) of r->orig, one `// -----` chunk of a
** HIVM file, on their own: the chunk's text with a line break for each
** line before it, so that every check of a candidate reads that chunk
** alone and names the file's lines.  Appends the chunk's fixed lines to
** r->cur and its fixes to r->done, their units those of the file's check
** r->c0. */
static void fix_chunk(const ksv_fix_options *o, const char *file, fres *r,
                      uint32_t a, uint32_t b, double deadline) {
  mdl_vec buf = {0};
  for (uint32_t i = 1; i < a; i++)
    *(char *)mdl_vec_push(&buf, 1) = '\n';
  for (uint32_t i = a; i < b; i++) {
    const char *t = MDL_VEC_AT(r->orig.lines, fix_line, i - 1).text;
    for (const char *p = t; *p; p++)
      *(char *)mdl_vec_push(&buf, 1) = *p;
    *(char *)mdl_vec_push(&buf, 1) = '\n';
  }
  if (getenv("KSV_FIX_TRACE"))
    fprintf(stderr, "fix: the chunk of lines %u..%u on its own\n", a, b - 1);
  fres c;
  int rc = fix_start(o, file, buf.data ? buf.data : "", buf.len, &c);
  mdl_vec_free(&buf);
  checked_strip(&c.c0); /* (the chunk is confirmed with the file) */
  if (!rc)
    fix_search(o, file, &c, deadline);
  /* the chunk's lines: its fixed text past the line breaks before it */
  const fix_text *src = rc ? &c.orig : &c.cur;
  for (uint32_t i = a - 1; i < src->lines.len; i++) {
    const fix_line *l = &MDL_VEC_AT(src->lines, fix_line, i);
    fix_line *n = mdl_vec_push(&r->cur.lines, sizeof *n);
    n->orig = l->orig;
    n->text = mdl_strprintf("%s", l->text);
  }
  uint32_t off = 0; /* the file's units before the chunk */
  for (uint32_t i = 0; i < r->c0.units.len; i++)
    off += MDL_VEC_AT(r->c0.units, fe_unit, i).line < a;
  done_moved(&c.done, off);
  for (uint32_t i = 0; i < c.done.len; i++)
    *(applied *)mdl_vec_push(&r->done, sizeof(applied)) =
        MDL_VEC_AT(c.done, applied, i);
  c.done.len = 0;
  r->stopped |= c.stopped;
  r->dropped += c.dropped;
  fres_free(&c);
}

/* The repair rounds of a HIVM file of several `// -----` chunks: each
** chunk is an independent module, fixed on its own (its candidates
** re-check that chunk, not the file: a file of 40 kernels costs 40 small
** searches, not 40 x 40); chunks without findings are kept as they are.
** False when the file is one chunk (or C++): fix_search fixes it whole. */
static bool fix_search_chunks(const ksv_fix_options *o, const char *file,
                              fres *r, double deadline) {
  if (ksv_lang_of(o->check.lang, file) == FE_LANG_ASCENDC)
    return false;
  const mdl_vec *L = &r->orig.lines;
  uint32_t nsep = 0;
  for (uint32_t i = 0; i < L->len; i++)
    nsep += fix_is_separator(MDL_VEC_AT(*L, fix_line, i).text);
  if (!nsep)
    return false;
  fix_text_free(&r->cur);
  memset(&r->cur, 0, sizeof r->cur);
  r->cur.final_newline = r->orig.final_newline;
  uint32_t a = 1;
  for (uint32_t i = 1; i <= L->len + 1; i++) {
    bool sep = i <= L->len &&
               fix_is_separator(MDL_VEC_AT(*L, fix_line, i - 1).text);
    if (!sep && i <= L->len)
      continue;
    /* the chunk [a, i) */
    if (has_findings(r, a, i) && !fix_signal)
      fix_chunk(o, file, r, a, i, deadline);
    else
      for (uint32_t j = a; j < i; j++) {
        fix_line *n = mdl_vec_push(&r->cur.lines, sizeof *n);
        n->orig = MDL_VEC_AT(*L, fix_line, j - 1).orig;
        n->text = mdl_strprintf("%s", MDL_VEC_AT(*L, fix_line, j - 1).text);
      }
    if (sep) {
      fix_line *n = mdl_vec_push(&r->cur.lines, sizeof *n);
      n->orig = MDL_VEC_AT(*L, fix_line, i - 1).orig;
      n->text = mdl_strprintf("%s", MDL_VEC_AT(*L, fix_line, i - 1).text);
    }
    a = i + 1;
  }
  r->changed = fix_diff(NULL, "", "", &r->orig, &r->cur);
  return true;
}

/* The budget of a fix run begun at start: --max-fix-seconds, or the run's
** --max-seconds when that ends sooner (ksv check --fix: the check's
** deadline).  Its end (0: none), its seconds (*secs) and option (*opt). */
static double fix_budget(const ksv_fix_options *o, double start,
                         uint32_t *secs, const char **opt) {
  double end = o->max_seconds ? start + o->max_seconds : 0;
  double run = o->check.run_deadline > 0 ? o->check.run_deadline
               : o->check.max_seconds ? start + o->check.max_seconds
                                      : 0;
  *secs = o->max_seconds;
  *opt = "--max-fix-seconds";
  if (run > 0 && (end <= 0 || run < end)) {
    end = run;
    *secs = o->check.max_seconds;
    *opt = "--max-seconds";
  }
  return end;
}

/* The deadline of the search of a run begun at start whose budget ends at
** end (0: none) and whose original took t seconds to check and simulate:
** it leaves the confirmation (the same check, on the fixed text, and the
** simulator) one and a half times that, and at least a fifth of the
** budget. */
static double search_deadline(double start, double end, double t) {
  if (end <= 0)
    return 0;
  double fifth = 0.2 * (end - start);
  return end - (1.5 * t > fifth ? 1.5 * t : fifth);
}

/* Runs the repair rounds and the confirmation on text, within the budget
** of a run begun at start (fix_budget; docs/fix.md, "The budget"), a
** deadline every check gets (a check past it leaves the kernels it did not
** reach unknown): the original's check by 0.8 of the budget, the search
** by search_deadline, the confirmation by its end.  Returns 0, or
** KSV_EXIT_BAD_INPUT / KSV_EXIT_UNKNOWN when the original does not check
** (r->c0 says why; r->cf is empty; r->stopped: out of time). */
static int fix_compute(const ksv_fix_options *o0, const char *file,
                       const char *text, size_t len, double start,
                       fres *r) {
  ksv_fix_options o = *o0;
  uint32_t secs;
  const char *opt;
  double end = fix_budget(&o, start, &secs, &opt);
  char by[64];
  snprintf(by, sizeof by, "%s %u", opt, secs);
  o.check.run_deadline = end > 0 ? start + 0.8 * (end - start) : 0;
  o.check.deadline_by = by;
  double t0 = ksv_now_secs();
  int rc = fix_start(&o, file, text, len, r);
  r->budget_s = secs;
  r->budget_opt = opt;
  if (rc) {
    r->stopped = rc == KSV_EXIT_UNKNOWN && past(o.check.run_deadline);
    return rc;
  }
  simulate(&r->c0, &(source){file, &r->orig}, 1, &o.check, &r->sim0);
  fix_start_done(&o, r);
  double search = search_deadline(start, end, ksv_now_secs() - t0);
  o.check.run_deadline = search;
  if (!past(search) && !fix_search_chunks(&o, file, r, search))
    fix_search(&o, file, r, search);
  r->stopped |= past(search);
  o.check.run_deadline = end;
  fix_confirm(&o, file, r);
  return 0;
}

/* Reads the input file (named name in reports) within the input limit;
** on failure reports why nothing was fixed, in o's format, and returns
** NULL with *rc 2 or 3. */
static char *fix_read(const ksv_fix_options *o, const char *file,
                      const char *name, FILE *out, size_t *len, int *rc) {
  char *why;
  char *text = ksv_read_input_why(file, o->check.max_memory_mb, len, rc,
                                  &why);
  if (text)
    return text;
  if (o->format == KSV_FORMAT_JSON) {
    ksv_fix_unchecked_json(name, NULL, why, *rc, out);
  } else {
    fprintf(out, "%s:1:1: error: %s [%s]\n", name, why,
            *rc == KSV_EXIT_UNKNOWN ? "unknown" : "bad-input");
    if (*rc == KSV_EXIT_UNKNOWN)
      fprintf(out, "ksv fix: not fixed: the kernel is not decided "
                   "(unknown)\n");
  }
  free(why);
  return NULL;
}

int ksv_fix(const ksv_fix_options *o, const char *file, FILE *out) {
  double start = ksv_now_secs(); /* --max-fix-seconds counts from here */
  size_t len = 0;
  int rc;
  const char *name = ksv_input_name(file); /* "-": "<stdin>" */
  char *text = fix_read(o, file, name, out, &len, &rc);
  if (!text)
    return rc;
  file = name;
  /* an output ksv cannot write fails now, not after the search */
  const char *dest = o->out_file ? o->out_file : o->in_place ? file : NULL;
  char err[4200];
  if (dest && ksv_save_probe(dest, err, sizeof err)) {
    fprintf(stderr, "ksv: error: %s\n", err);
    free(text);
    return KSV_EXIT_BAD_INPUT;
  }
  fix_sigs sigs;
  signals_catch(&sigs);
  ksv_prog_start(o->check.progress);
  fres R;
  rc = fix_compute(o, file, text, len, start, &R);
  free(text);
  ksv_prog_end();
  if (rc) {
    ksv_fix_report_unchecked(o, file, &R, rc, out);
  } else {
    /* written before the report: the file is what a stopped run keeps */
    int wrc = dest && R.changed ? write_file(dest, &R.cur) : 0;
    ksv_fix_report(o, file, &R, out);
    ksv_fix_note_signal(o, &R, dest, wrc);
    bool ok = R.clean && !R.added && (R.sim_ok || !R.simf.ran);
    rc = wrc      ? KSV_EXIT_BAD_INPUT /* the input, an old output intact */
         : R.signal ? KSV_EXIT_SIGNAL(R.signal)
         : R.cut    ? KSV_EXIT_UNKNOWN /* the result is not confirmed */
         : ok       ? KSV_EXIT_CLEAN
                    : KSV_EXIT_FINDINGS;
  }
  fres_free(&R);
  signals_restore(&sigs);
  return rc;
}

/* ------------------------------------------------------- check --fix */

void ksv_attach_fixes(const ksv_options *co, const char *path,
                      const char *text, size_t len, mdl_diags *diags) {
  ksv_fix_options o;
  ksv_fix_options_default(&o);
  o.check = *co;
  o.check.fix = false;
  o.sim_runs = co->sim_runs ? co->sim_runs : 20;
  bool any = false;
  for (uint32_t i = 0; i < diags->items.len && !any; i++) {
    const mdl_diag *d = &MDL_VEC_AT(diags->items, mdl_diag, i);
    any = d->severity != MDL_SEV_NOTE && fix_rule_fixable(d->rule);
  }
  if (!any)
    return;
  fres R;
  if (fix_compute(&o, path, text, len, ksv_now_secs(), &R)) {
    fres_free(&R);
    return;
  }
  char *confirm = ksv_fix_confirm_str(&R);
  for (uint32_t i = 0; i < R.done.len; i++) {
    const applied *a = &MDL_VEC_AT(R.done, applied, i);
    mdl_diag *d = NULL;
    for (uint32_t j = 0; j < diags->items.len && !d; j++) {
      mdl_diag *x = &MDL_VEC_AT(diags->items, mdl_diag, j);
      if (x->rule == a->rule && x->line == a->line && x->col == a->col &&
          !x->fix)
        d = x;
    }
    if (!d)
      continue;
    d->fix = mdl_strprintf("%s", a->what);
    d->fix_data = a->data;
    d->fix_confirm = mdl_strprintf("%s", confirm);
    d->fix_edits = calloc(a->edits.len ? a->edits.len : 1,
                          sizeof *d->fix_edits);
    for (uint32_t e = 0; d->fix_edits && e < a->edits.len; e++) {
      const fix_edit *ed = &MDL_VEC_AT(a->edits, fix_edit, e);
      mdl_fix_edit *m = &d->fix_edits[d->nfix_edits];
      if (!ed->line || ed->line > R.orig.lines.len)
        continue; /* next to a line an earlier fix inserted */
      const char *l = MDL_VEC_AT(R.orig.lines, fix_line, ed->line - 1).text;
      size_t ind = 0;
      while (l[ind] == ' ' || l[ind] == '\t')
        ind++;
      m->op = (uint8_t)(ed->op == FIX_INSERT_BEFORE  ? 0
                        : ed->op == FIX_INSERT_AFTER ? 1
                        : ed->op == FIX_DELETE       ? 2
                                                     : 3);
      m->line = ed->line;
      m->end = ed->op == FIX_INSERT_AFTER
                   ? fix_stmt_end(&R.orig, ed->line - 1) + 1
                   : ed->line;
      if (ed->op == FIX_REPLACE) {
        const char *p = strstr(l, ed->old ? ed->old : "");
        m->col = p ? (uint32_t)(p - l) + 1 : 1;
        m->text = mdl_strprintf("%s", ed->text);
        m->old = mdl_strprintf("%s", ed->old ? ed->old : "");
      } else if (ed->text) {
        /* every line of a multi-line insert after the indentation */
        size_t nl = 0;
        for (const char *p = ed->text; *p; p++)
          nl += *p == '\n';
        char *t = malloc(strlen(ed->text) + (nl + 1) * ind + 1), *q = t;
        if (t) {
          memcpy(q, l, ind);
          q += ind;
          for (const char *p = ed->text; *p; p++) {
            *q++ = *p;
            if (*p == '\n') {
              memcpy(q, l, ind);
              q += ind;
            }
          }
          *q = 0;
        }
        m->text = t;
      }
      d->nfix_edits++;
    }
  }
  /* a finding another finding's repair resolves as well points to it
     (the edits are given once, with that repair) */
  for (uint32_t j = 0; j < diags->items.len; j++) {
    mdl_diag *x = &MDL_VEC_AT(diags->items, mdl_diag, j);
    if (x->fix || x->fix_by || x->severity == MDL_SEV_NOTE)
      continue;
    char *key = diag_key(&R.orig, x);
    for (uint32_t i = 0; i < R.done.len && !x->fix_by; i++) {
      const applied *a = &MDL_VEC_AT(R.done, applied, i);
      bool gone = false;
      for (uint32_t q = 0; q < a->gone.len && !gone; q++)
        gone = !strcmp(MDL_VEC_AT(a->gone, char *, q), key);
      const mdl_diag *t = NULL;
      for (uint32_t q = 0; gone && q < diags->items.len && !t; q++) {
        const mdl_diag *y = &MDL_VEC_AT(diags->items, mdl_diag, q);
        if (y->fix && y->rule == a->rule && y->line == a->line &&
            y->col == a->col)
          t = y;
      }
      if (!t)
        continue;
      x->fix_by = mdl_strprintf("%s", a->what);
      x->fix_by_line = t->line;
      x->fix_by_col = t->col;
    }
    free(key);
  }
  free(confirm);
  fres_free(&R);
}
