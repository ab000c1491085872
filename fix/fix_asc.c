/*
** fix_asc.c -- `ksv fix` on Ascend C: the candidates fix_cand.c writes in
** HIVM spelling, respelled as C++ statements in the file's own spelling
** (ASCENDC.md "Locations"; docs/fix.md "Ascend C"):
**   set_flag/wait_flag  AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(ID);
**                       (the qualification the file's own SetFlag/WaitFlag
**                       calls use), or set_flag(PIPE_V, PIPE_MTE3, ID); in
**                       a file of CCE intrinsics
**   pipe_barrier        AscendC::PipeBarrier<PIPE_V>(); / pipe_barrier(PIPE_V);
**   sync_block_set/wait CrossCoreSetFlag<mode, PIPE_X>(F); CrossCoreWaitFlag(F);
**                       (the mode and the wait's form as the file writes them)
** an id as the file spells ids: EVENT_IDn, a literal, or the named constant
** of that value the file already passes to syncs of that flag.  A
** candidate with an edit that has no C++ spelling (a rotating %ev, an
** scf.if, an arith expression) or that deletes or rewrites a line holding
** no spelled sync (an EnQue, whose queue sync is implicit) is dropped:
** nothing else of the file is edited.
*/
#include "fix.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  bool cce;                    /* the file writes CCE intrinsics */
  const char *ns;              /* "AscendC::" or "" before SetFlag, ... */
  char ev[48];                 /* what precedes the event name in
                                  SetFlag<...>: "HardEvent::", ... */
  bool literal_ids;            /* ids written as numbers, not EVENT_IDn */
  char xmode[16];              /* CrossCoreSetFlag's mode as written */
  bool xwait_targs;            /* CrossCoreWaitFlag<mode, PIPE_X>(f) */
} style;

static const char *line_at(const fix_text *t, uint32_t ln) {
  return ln >= 1 && ln <= t->lines.len
             ? MDL_VEC_AT(t->lines, fix_line, ln - 1).text
             : NULL;
}

/* The code of line l: up to a // comment. */
static size_t code_len(const char *l) {
  const char *c = strstr(l, "//");
  return c ? (size_t)(c - l) : strlen(l);
}

static bool word_at(const char *l, const char *p, const char *w) {
  size_t n = strlen(w);
  return !strncmp(p, w, n) && (p == l || !(isalnum((unsigned char)p[-1]) ||
                                           p[-1] == '_'));
}

/* Finds call name w (a whole word) in the code of line l; NULL if none. */
static const char *find_call(const char *l, const char *w) {
  size_t n = code_len(l);
  for (const char *p = strstr(l, w); p && (size_t)(p - l) < n;
       p = strstr(p + 1, w))
    if (word_at(l, p, w))
      return p;
  return NULL;
}

/* The last argument of the call whose name starts at p: [*a, *b). */
static bool last_arg(const char *p, const char **a, const char **b) {
  const char *o = strchr(p, '(');
  int depth = 0;
  if (!o)
    return false;
  const char *start = o + 1;
  for (const char *q = o; *q; q++) {
    if (*q == '(' || *q == '[')
      depth++;
    else if (*q == ')' || *q == ']') {
      if (--depth == 0 && *q == ')') {
        while (*start == ' ')
          start++;
        const char *e = q;
        while (e > start && e[-1] == ' ')
          e--;
        *a = start;
        *b = e;
        return e > start;
      }
    } else if (*q == ',' && depth == 1) {
      start = q + 1;
    }
  }
  return false;
}

static const char *const SYNC_NAMES[] = {
    "SetFlag", "WaitFlag", "PipeBarrier", "set_flag", "wait_flag",
    "pipe_barrier", "CrossCoreSetFlag", "CrossCoreWaitFlag",
    "ffts_cross_core_sync", "wait_flag_dev", "SyncAll", NULL};

/* The spelled sync call on line l, or NULL. */
static const char *sync_call(const char *l) {
  for (int i = 0; SYNC_NAMES[i]; i++) {
    const char *p = find_call(l, SYNC_NAMES[i]);
    if (p)
      return p;
  }
  return NULL;
}

/* ------------------------------------------------------------ style */

static void style_of(const fix_text *t, style *st) {
  memset(st, 0, sizeof *st);
  uint32_t api = 0, cce = 0, qual = 0, bare = 0, evn = 0, lit = 0;
  bool ev_seen = false, mode_seen = false;
  for (uint32_t i = 1; i <= t->lines.len; i++) {
    const char *l = line_at(t, i), *p;
    static const char *const api_names[] = {"SetFlag", "WaitFlag",
                                            "PipeBarrier", "SyncAll", NULL};
    for (int n = 0; api_names[n]; n++)
      if ((p = find_call(l, api_names[n]))) {
        api++;
        if (p - l >= 9 && !strncmp(p - 9, "AscendC::", 9))
          qual++;
        else if (p == l || p[-1] != '.')
          bare++;
        const char *h = strstr(p, "HardEvent::");
        const char *lt = strchr(p, '<');
        if (!ev_seen && lt && h && h > lt && (size_t)(h - lt) < 24) {
          snprintf(st->ev, sizeof st->ev, "%.*s", (int)(h - lt - 1 + 11),
                   lt + 1);
          ev_seen = true;
        }
      }
    static const char *const cce_names[] = {"set_flag", "wait_flag",
                                            "pipe_barrier", NULL};
    for (int n = 0; cce_names[n]; n++)
      cce += find_call(l, cce_names[n]) != NULL;
    const char *a, *b;
    if ((p = sync_call(l)) && strncmp(p, "Pipe", 4) &&
        strncmp(p, "pipe", 4) && last_arg(p, &a, &b)) {
      evn += !strncmp(a, "EVENT_ID", 8);
      lit += isdigit((unsigned char)*a) != 0;
    }
    if (!mode_seen && (p = find_call(l, "CrossCoreSetFlag")) && p[16] == '<') {
      const char *c = strchr(p + 17, ',');
      if (c && c - p - 17 < 15) {
        snprintf(st->xmode, sizeof st->xmode, "%.*s", (int)(c - p - 17),
                 p + 17);
        mode_seen = true;
      }
    }
    if ((p = find_call(l, "CrossCoreWaitFlag")) && p[17] == '<')
      st->xwait_targs = true;
  }
  st->cce = cce > api;
  /* no sync of its own: the API form, fully qualified (ASCENDC.md) */
  st->ns = qual || !bare ? "AscendC::" : "";
  if (!ev_seen)
    snprintf(st->ev, sizeof st->ev, "%sHardEvent::",
             qual || !api ? "AscendC::" : "");
  st->literal_ids = lit > evn;
  if (!mode_seen)
    snprintf(st->xmode, sizeof st->xmode, "2"); /* AIC with both AIVs */
}

/* The value a named constant of the file stands for (`NAME = 3`,
** `NAME = EVENT_ID3`, `#define NAME 3`), or -1. */
static long named_value(const fix_text *t, const char *name, size_t n) {
  for (uint32_t i = 1; i <= t->lines.len; i++) {
    const char *l = line_at(t, i);
    for (const char *p = strstr(l, name); p; p = strstr(p + 1, name)) {
      if (!word_at(l, p, name) || isalnum((unsigned char)p[n]) || p[n] == '_')
        continue;
      const char *q = p + n;
      while (*q == ' ')
        q++;
      bool def = strstr(l, "#define") && strstr(l, "#define") < p;
      if (*q == '=' && q[1] != '=')
        q++;
      else if (!def)
        continue;
      while (*q == ' ')
        q++;
      if (!strncmp(q, "EVENT_ID", 8))
        q += 8;
      if (isdigit((unsigned char)*q))
        return strtol(q, NULL, 0);
    }
  }
  return -1;
}

/* How the file spells id v for the syncs on lines naming key (the
** event, "MTE2_V", or the cross-core call): a named constant of that
** value it already passes to such a sync, else its style. */
static char *id_text(const fix_text *t, const style *st, const char *key,
                     long v, bool flag) {
  for (uint32_t i = 1; i <= t->lines.len; i++) {
    const char *l = line_at(t, i), *p = sync_call(l), *a, *b;
    if (!p || !strstr(l, key) || !last_arg(p, &a, &b) ||
        !(isalpha((unsigned char)*a) || *a == '_') ||
        !strncmp(a, "EVENT_ID", 8))
      continue;
    size_t n = 0;
    while (a + n < b && (isalnum((unsigned char)a[n]) || a[n] == '_'))
      n++;
    if (a + n != b)
      continue; /* an expression, not a name */
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)n, a);
    if (named_value(t, name, n) == v)
      return mdl_strprintf("%s", name);
  }
  return flag || st->literal_ids ? mdl_strprintf("%ld", v)
                                 : mdl_strprintf("EVENT_ID%ld", v);
}

/* ------------------------------------------------------ respelling */

static const char *pipe_short(const char *p) {
  return !strncmp(p, "PIPE_", 5) ? p + 5 : p;
}

/* Reads "<PIPE_A>, <PIPE_B>, <EVENT_IDn>" / "<CORE>, <PIPE_A>, <PIPE_B>]
** flag = n" operands: up to 3 bracketed names, then an id. */
static int operands(const char *s, char names[3][24], long *id) {
  int n = 0;
  *id = -1;
  const char *p = strchr(s, '[');
  while (p && n < 3) {
    const char *a = strchr(p, '<'), *b = a ? strchr(a, '>') : NULL;
    const char *close = strchr(p, ']');
    if (!a || !b || (close && a > close))
      break;
    snprintf(names[n++], 24, "%.*s", (int)(b - a - 1), a + 1);
    p = b + 1;
  }
  for (int i = 0; i < n; i++)
    if (!strncmp(names[i], "EVENT_ID", 8)) {
      *id = strtol(names[i] + 8, NULL, 10);
      n = i;
    }
  const char *f = strstr(s, "flag = ");
  if (f)
    *id = strtol(f + 7, NULL, 10);
  return n;
}

/* One HIVM sync op as a C++ statement in the file's spelling; NULL when
** it has none here (a rotating %ev id). */
static char *respell_op(const fix_text *t, const style *st, const char *h) {
  char nm[3][24];
  long id;
  int n = operands(h, nm, &id);
  bool set = strstr(h, "set_flag[") != NULL,
       wait = strstr(h, "wait_flag[") != NULL;
  char raw[64] = ""; /* an id written as a name (`ev`, a rotation) */
  const char *rc = strrchr(h, ','), *re = strrchr(h, ']');
  if ((set || wait) && n == 2 && id < 0 && rc && re && re > rc) {
    rc++;
    while (*rc == ' ')
      rc++;
    bool name = re > rc && (size_t)(re - rc) < sizeof raw &&
                (isalpha((unsigned char)*rc) || *rc == '_');
    for (const char *q = rc; name && q < re; q++)
      name = isalnum((unsigned char)*q) || *q == '_';
    if (name)
      snprintf(raw, sizeof raw, "%.*s", (int)(re - rc), rc);
  }
  if ((set || wait) && n == 2 && (id >= 0 || raw[0])) {
    /* the flag as the file's lines name it: the event, or the CCE
       intrinsic's two pipe arguments */
    char key[128], ckey[128];
    snprintf(key, sizeof key, "%s_%s", pipe_short(nm[0]), pipe_short(nm[1]));
    snprintf(ckey, sizeof ckey, "%s, %s", nm[0], nm[1]);
    char *it = raw[0] ? mdl_strprintf("%s", raw)
                      : id_text(t, st, st->cce ? ckey : key, id, false),
         *r;
    if (st->cce)
      r = mdl_strprintf("%s(%s, %s, %s);", set ? "set_flag" : "wait_flag",
                        nm[0], nm[1], it);
    else
      r = mdl_strprintf("%s%s<%s%s>(%s);", st->ns, set ? "SetFlag" : "WaitFlag",
                        st->ev, key, it);
    free(it);
    return r;
  }
  if (strstr(h, "pipe_barrier[") && n == 1)
    return st->cce ? mdl_strprintf("pipe_barrier(%s);", nm[0])
                   : mdl_strprintf("%sPipeBarrier<%s>();", st->ns, nm[0]);
  if (strstr(h, "sync_block[<ALL>") || strstr(h, "sync_block[<ALL_VECTOR>"))
    /* the hard SyncAll: every core (isAIVOnly = false) or the AIVs */
    return mdl_strprintf("%sSyncAll%s();", st->ns,
                         strstr(h, "<ALL>") ? "<false>" : "");
  bool bset = strstr(h, "sync_block_set[") != NULL,
       bwait = strstr(h, "sync_block_wait[") != NULL;
  if ((bset || bwait) && n == 3 && id >= 0) {
    char *it = id_text(t, st, bset ? "CrossCoreSetFlag" : "CrossCoreWaitFlag",
                       id, true), *r;
    if (bset)
      r = mdl_strprintf("%sCrossCoreSetFlag<%s, %s>(%s);", st->ns, st->xmode,
                        nm[1], it);
    else if (st->xwait_targs)
      r = mdl_strprintf("%sCrossCoreWaitFlag<%s, %s>(%s);", st->ns, st->xmode,
                        nm[2], it);
    else
      r = mdl_strprintf("%sCrossCoreWaitFlag(%s);", st->ns, it);
    free(it);
    return r;
  }
  return NULL;
}

/* Is insert text s something the C++ text can take: one HIVM sync op
** (respelled into *out) or a spelled C++ sync moved from elsewhere? */
static bool respell_insert(const fix_text *t, const style *st, const char *s,
                           char **out) {
  *out = NULL;
  if (strchr(s, '\n'))
    return false; /* an scf.if around a sync: no C++ form written */
  if (!strncmp(s, "hivm.hir.", 9)) {
    if (strchr(s, '%'))
      return false; /* an SSA id */
    *out = respell_op(t, st, s);
    return *out != NULL;
  }
  size_t n = strlen(s);
  return sync_call(s) && n && s[n - 1] == ';' && !strchr(s, '%');
}

/* A replacement in a sync's line: an EVENT_IDn or `flag = n` rename
** becomes a rename of the call's last argument, in the line's spelling. */
static bool respell_replace(const fix_text *t, const style *st, fix_edit *e) {
  const char *l = line_at(t, e->line), *p = l ? sync_call(l) : NULL, *a, *b;
  if (!p || !e->old || !e->text)
    return false;
  if (strstr(e->old, "PIPE_") && strstr(e->text, "PIPE_"))
    return strstr(l, e->old) != NULL; /* a pipe renamed as C++ spells it */
  if (!last_arg(p, &a, &b))
    return false;
  bool flag = !strncmp(e->old, "flag = ", 7);
  long from, to;
  if (flag && !strncmp(e->text, "flag = ", 7)) {
    from = strtol(e->old + 7, NULL, 10);
    to = strtol(e->text + 7, NULL, 10);
  } else if (!strncmp(e->old, "<EVENT_ID", 9) &&
             !strncmp(e->text, "<EVENT_ID", 9)) {
    from = strtol(e->old + 9, NULL, 10);
    to = strtol(e->text + 9, NULL, 10);
  } else {
    return false;
  }
  char *arg = mdl_strprintf("%.*s", (int)(b - a), a);
  long have = !strncmp(arg, "EVENT_ID", 8)       ? strtol(arg + 8, NULL, 10)
              : isdigit((unsigned char)arg[0]) ? strtol(arg, NULL, 0)
                                               : named_value(t, arg,
                                                             strlen(arg));
  if (have != from) {
    free(arg);
    return false; /* an id expression: not renamed here */
  }
  /* the key of this sync's flag: its event or its cross-core call */
  char key[64] = "";
  const char *h = strstr(p, "HardEvent::");
  if (h && h < a) {
    size_t k = 0;
    h += 11;
    while (k + 1 < sizeof key && (isalnum((unsigned char)h[k]) || h[k] == '_'))
      key[k] = h[k], k++;
    key[k] = 0;
  } else if (!strncmp(p, "set_flag", 8) || !strncmp(p, "wait_flag", 9)) {
    /* the two pipe arguments: "PIPE_MTE2, PIPE_V" */
    const char *c1 = strchr(p, '('), *c2 = c1 ? strchr(c1, ',') : NULL;
    const char *c3 = c2 ? strchr(c2 + 1, ',') : NULL;
    if (c1 && c3 && c3 - c1 - 1 < (long)sizeof key)
      snprintf(key, sizeof key, "%.*s", (int)(c3 - c1 - 1), c1 + 1);
  } else {
    snprintf(key, sizeof key, "%s", flag ? "CrossCore" : "Flag");
  }
  char *nw;
  if (!strncmp(arg, "EVENT_ID", 8))
    nw = mdl_strprintf("EVENT_ID%ld", to);
  else if (isdigit((unsigned char)arg[0]))
    nw = mdl_strprintf("%ld", to);
  else
    nw = id_text(t, st, key, to, flag);
  /* old/new: the argument with its closing parenthesis, which makes the
     replaced text the call's own (fix_apply replaces the first match) */
  free(e->old);
  free(e->text);
  e->old = mdl_strprintf("%.*s)", (int)(b - a), a);
  e->text = mdl_strprintf("%s)", nw);
  free(nw);
  free(arg);
  return strstr(l, e->old) == strstr(p, e->old);
}

/* Does line ln hold a statement the library makes, not the source (a
** queue's implicit sync on its EnQue/DeQue line)? */
static bool implicit_line(const mdl_kernel *k, uint32_t ln) {
  for (uint32_t i = 0; i < k->stmts.len; i++) {
    const mdl_stmt *s = MDL_VEC_AT(k->stmts, mdl_stmt *, i);
    if (s->loc.line == ln && s->loc.file == 0 && (s->implicit || s->auto_sync))
      return true;
  }
  return false;
}

static bool respell_cand(const mdl_kernel *k, const fix_text *t,
                         const style *st, fix_cand *c) {
  for (uint32_t i = 0; i < c->edits.len; i++) {
    fix_edit *e = &MDL_VEC_AT(c->edits, fix_edit, i);
    const char *l = line_at(t, e->line);
    if (!l)
      return false;
    if (e->op == FIX_DELETE || e->op == FIX_REPLACE) {
      /* only a spelled sync: never an EnQue line, never the code around */
      if (!sync_call(l) || implicit_line(k, e->line))
        return false;
      if (e->op == FIX_REPLACE && !respell_replace(t, st, e))
        return false;
      continue;
    }
    char *r;
    if (!respell_insert(t, st, e->text, &r))
      return false;
    if (r) {
      free(e->text);
      e->text = r;
    }
  }
  /* an edit of an inlined function's line is one edit, whichever
     inlining it was made for: the same edit twice is once */
  uint32_t kept = 0;
  for (uint32_t i = 0; i < c->edits.len; i++) {
    fix_edit *e = &MDL_VEC_AT(c->edits, fix_edit, i);
    bool dup = false;
    for (uint32_t j = 0; j < kept && !dup; j++) {
      const fix_edit *f = &MDL_VEC_AT(c->edits, fix_edit, j);
      dup = f->op == e->op && f->line == e->line &&
            !strcmp(f->text ? f->text : "", e->text ? e->text : "") &&
            !strcmp(f->old ? f->old : "", e->old ? e->old : "");
    }
    if (dup) {
      free(e->text);
      free(e->old);
      c->cost -= c->cost > 1;
    } else {
      MDL_VEC_AT(c->edits, fix_edit, kept++) = *e;
    }
  }
  c->edits.len = kept;
  return kept > 0;
}

uint32_t fix_asc_respell(const mdl_kernel *k, const fix_text *t, mdl_vec *out,
                         uint32_t first) {
  if (k->lang != MDL_LANG_ASCENDC)
    return 0;
  style st;
  style_of(t, &st);
  uint32_t kept = first, dropped = 0;
  for (uint32_t i = first; i < out->len; i++) {
    fix_cand *c = &MDL_VEC_AT(*out, fix_cand, i);
    if (!c->data && respell_cand(k, t, &st, c)) {
      MDL_VEC_AT(*out, fix_cand, kept++) = *c;
    } else {
      if (getenv("KSV_FIX_TRACE"))
        for (uint32_t e = 0; e < c->edits.len; e++) {
          const fix_edit *ed = &MDL_VEC_AT(c->edits, fix_edit, e);
          fprintf(stderr, "fix: dropped (%s): op %d line %u '%s' '%s'\n",
                  c->what, (int)ed->op, ed->line, ed->text ? ed->text : "",
                  ed->old ? ed->old : "");
        }
      fix_cand_free(c);
      dropped++;
    }
  }
  out->len = kept;
  return dropped;
}

/* ------------------------------------------------------ source loops */

/* A C++ loop statement starts on line index i (`for (`, `while (`, `do`)? */
static bool loop_line(const fix_text *t, uint32_t i) {
  const char *l = MDL_VEC_AT(t->lines, fix_line, i).text;
  l += strspn(l, " \t");
  return (!strncmp(l, "for", 3) && (l[3] == ' ' || l[3] == '(')) ||
         (!strncmp(l, "while", 5) && (l[5] == ' ' || l[5] == '('));
}

/* The name of the function whose body holds line index at (C++ text),
** into name; false when at is in none (a class body, file scope) or its
** header is not one line. */
static bool fn_of_line(const fix_text *t, uint32_t at, char *name, size_t n,
                       uint32_t *hdr) {
  int bal = 0;
  for (uint32_t j = at + 1; j-- > 0;) {
    const char *l = MDL_VEC_AT(t->lines, fix_line, j).text;
    size_t m = code_len(l);
    for (size_t q = m; q-- > 0;)
      bal += (l[q] == '}') - (l[q] == '{');
    if (bal >= 0 || j == at)
      continue;
    bal = 0; /* line j opens the block holding `at` */
    uint32_t h = j;
    const char *hl = l + strspn(l, " \t");
    while (*hl == '{' && h > 0) { /* the header on the line before */
      const char *pl = MDL_VEC_AT(t->lines, fix_line, --h).text;
      hl = pl + strspn(pl, " \t");
      if (!*hl)
        hl = "{";
    }
    /* a header whose parameters run over lines: from its first line */
    for (int up = 0; up < 8 && h > 0 && !strchr(hl, '(') && strchr(hl, ')');
         up++) {
      const char *pl = MDL_VEC_AT(t->lines, fix_line, --h).text;
      hl = pl + strspn(pl, " \t");
    }
    if (!strncmp(hl, "class", 5) || !strncmp(hl, "struct", 6) ||
        !strncmp(hl, "namespace", 9) || !strncmp(hl, "extern \"C\" {", 12))
      return false;
    static const char *const stmt_kw[] = {"for", "while", "if", "else",
                                          "switch", "do", "}", "case", NULL};
    bool kw = false;
    for (int q = 0; stmt_kw[q] && !kw; q++)
      kw = !strncmp(hl, stmt_kw[q], strlen(stmt_kw[q])) &&
           !(isalnum((unsigned char)hl[strlen(stmt_kw[q])]) ||
             hl[strlen(stmt_kw[q])] == '_');
    if (kw)
      continue; /* a nested block: the function is further up */
    /* the identifier before the first '(' that is not a qualifier */
    for (const char *p = strchr(hl, '('); p; p = strchr(p + 1, '(')) {
      const char *e = p;
      while (e > hl && e[-1] == ' ')
        e--;
      const char *b = e;
      while (b > hl && (isalnum((unsigned char)b[-1]) || b[-1] == '_' ||
                        b[-1] == ':' || b[-1] == '~'))
        b--;
      if (b == e || !strncmp(b, "__", 2))
        continue;
      const char *c = strrchr(b, ':'); /* Class::Method: the method */
      if (c && c < e)
        b = c + 1;
      snprintf(name, n, "%.*s", (int)(e - b), b);
      *hdr = h;
      return true;
    }
    return false;
  }
  return false;
}

/* Adds to out the loops holding line index at, innermost first, then
** those holding each call of the function at sits in (the frontend
** inlines calls; the text tells where they are when no inlining chain
** does). */
static void loops_of_line(const fix_text *t, uint32_t at, bool self,
                          uint32_t *out, uint32_t *n, uint32_t max,
                          int depth) {
  for (uint32_t i = at + 1; i-- > 0 && *n < max;) {
    if (!loop_line(t, i) || fix_stmt_end(t, i) < at || (i == at && !self))
      continue;
    bool dup = false;
    for (uint32_t q = 0; q < *n && !dup; q++)
      dup = out[q] == i + 1;
    if (!dup)
      out[(*n)++] = i + 1;
  }
  char name[96];
  uint32_t hdr;
  if (depth >= 6 || !fn_of_line(t, at, name, sizeof name, &hdr))
    return;
  size_t nl = strlen(name);
  for (uint32_t i = 0; i < t->lines.len && *n < max; i++) {
    const char *l = MDL_VEC_AT(t->lines, fix_line, i).text;
    if (i == hdr)
      continue;
    size_t m = code_len(l);
    for (const char *p = strstr(l, name); p && (size_t)(p - l) < m;
         p = strstr(p + 1, name)) {
      const char *q = p + nl;
      while (*q == ' ')
        q++;
      if (word_at(l, p, name) && (*q == '(' || *q == '<')) {
        loops_of_line(t, i, true, out, n, max, depth + 1);
        break;
      }
    }
  }
}

uint32_t fix_asc_loops(const mdl_kernel *k, const fix_text *t, mdl_loc loc,
                       uint32_t *out, uint32_t max) {
  uint32_t n = 0;
  if (!loc.chain) {
    if (loc.file == 0 && loc.line >= 1 && loc.line <= t->lines.len)
      loops_of_line(t, loc.line - 1, false, out, &n, max, 0);
    return n;
  }
  /* the statement's line, then each call that inlined it, outwards */
  for (uint32_t depth = 0; depth < 64 && n < max; depth++) {
    if (loc.file == 0 && loc.line >= 1 && loc.line <= t->lines.len) {
      uint32_t at = loc.line - 1;
      for (uint32_t i = at + 1; i-- > 0 && n < max;) {
        if (!loop_line(t, i) || fix_stmt_end(t, i) < at ||
            (i == at && depth == 0))
          continue;
        bool dup = false;
        for (uint32_t q = 0; q < n && !dup; q++)
          dup = out[q] == i + 1;
        if (!dup)
          out[n++] = i + 1;
      }
    }
    if (!loc.chain || loc.chain >= k->chains.len)
      break;
    loc = MDL_VEC_AT(k->chains, mdl_chain, loc.chain).call;
  }
  return n;
}

uint32_t fix_asc_common_loop(const mdl_kernel *k, const fix_text *t,
                             mdl_loc a, mdl_loc b) {
  uint32_t la[32], lb[32];
  uint32_t na = fix_asc_loops(k, t, a, la, 32),
           nb = fix_asc_loops(k, t, b, lb, 32);
  for (uint32_t i = 0; i < na; i++)
    for (uint32_t j = 0; j < nb; j++)
      if (la[i] == lb[j])
        return la[i];
  return 0;
}
