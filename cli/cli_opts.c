/*
** cli_opts.c -- option tables to getopt_long (glibc): `--opt=value` and
** `--opt value`, `--`, bundled short options (`-j4`, `-DN=1`), unique
** abbreviations of long names; and the --help lines of a table.
*/
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

int cli_usage_error(const cli *c, const char *msg, const char *arg) {
  fprintf(stderr, "ksv: error: %s%s%s%s (see 'ksv%s%s --help')\n", msg,
          arg ? ": '" : "", arg ? arg : "", arg ? "'" : "",
          c && c->cmd ? " " : "", c && c->cmd ? c->cmd : "");
  return KSV_EXIT_BAD_INPUT;
}

/* "--name" or "-s": how a row is named in messages. */
static const char *row_name(const cli_opt *r, char *buf, size_t n) {
  if (r->lname)
    snprintf(buf, n, "--%s", r->lname);
  else
    snprintf(buf, n, "-%c", r->sname);
  return buf;
}

static int bad_value(cli *c, const cli_opt *r, const char *what,
                     const char *v) {
  char name[64], msg[256];
  snprintf(msg, sizeof msg, "%s expects %s", row_name(r, name, sizeof name),
           what);
  return cli_usage_error(c, msg, v);
}

#define FIELD(c, r, type) ((type *)((char *)(c) + (r)->off))

int cli_set_true(cli *c, const cli_opt *r, const char *v) {
  (void)v;
  *FIELD(c, r, bool) = true;
  return 0;
}

static int parse_u64(const char *s, uint64_t max, uint64_t *out) {
  char *end;
  errno = 0;
  if (!s || !*s || *s == '-' || *s == '+' || isspace((unsigned char)*s))
    return -1;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || *end || v == 0 || v > max)
    return -1;
  *out = v;
  return 0;
}

static int bad_int(cli *c, const cli_opt *r, const char *v) {
  char what[64];
  snprintf(what, sizeof what, "an integer 1..%llu",
           (unsigned long long)r->max);
  return bad_value(c, r, r->max >= 100000000 ? "a positive integer" : what,
                   v);
}

int cli_set_u32(cli *c, const cli_opt *r, const char *v) {
  uint64_t n;
  if (parse_u64(v, r->max, &n))
    return bad_int(c, r, v);
  *FIELD(c, r, uint32_t) = (uint32_t)n;
  return 0;
}

int cli_set_u64(cli *c, const cli_opt *r, const char *v) {
  uint64_t n;
  if (parse_u64(v, r->max, &n))
    return bad_int(c, r, v);
  *FIELD(c, r, uint64_t) = n;
  return 0;
}

int cli_set_str(cli *c, const cli_opt *r, const char *v) {
  if (!*v)
    return bad_value(c, r, "a non-empty value", v);
  *FIELD(c, r, const char *) = v;
  return 0;
}

/* The index of v among the row's "a|b|c" choices, or -1. */
static int choice_of(const char *arg, const char *v) {
  size_t n = strlen(v);
  for (int k = 0; arg && *arg; k++) {
    size_t len = strcspn(arg, "|");
    if (len == n && !strncmp(arg, v, n))
      return k;
    arg += len + (arg[len] == '|');
  }
  return -1;
}

int cli_set_choice(cli *c, const cli_opt *r, const char *v) {
  int k = choice_of(r->arg, v);
  if (k < 0) { /* "a2 or a5", "text, json or sarif" */
    char what[256] = "";
    const char *a = r->arg;
    for (int i = 0; *a; i++) {
      size_t len = strcspn(a, "|");
      bool last = !a[len];
      snprintf(what + strlen(what), sizeof what - strlen(what), "%s%.*s",
               !i ? "" : last ? " or " : ", ", (int)len, a);
      a += len + !last;
    }
    return bad_value(c, r, what, v);
  }
  *FIELD(c, r, int) = k;
  return 0;
}

/* An absolute URI (RFC 3986 scheme ":" ...): SARIF's helpUri must be one. */
int cli_set_uri(cli *c, const cli_opt *r, const char *v) {
  const char *s = v;
  bool ok = isalpha((unsigned char)*s);
  while (ok && (isalnum((unsigned char)*s) || *s == '+' || *s == '-' ||
                *s == '.'))
    s++;
  if (!ok || *s != ':' || !s[1])
    return bad_value(c, r, "an absolute URL (scheme:...)", v);
  *FIELD(c, r, const char *) = v;
  return 0;
}

int cli_set_list(cli *c, const cli_opt *r, const char *v) {
  cli_list *l = FIELD(c, r, cli_list);
  l->v[l->n++] = v; /* argc long: never full */
  return 0;
}

/* ------------------------------------------------------------- parsing */

static int nrows(const cli_opt *rows) {
  int n = 0;
  while (rows[n].lname || rows[n].sname)
    n++;
  return n;
}

/* getopt_long's arrays for rows: long options return 256 + the row's
** index; the short string starts with ':' (a missing argument is told
** from an unknown option). */
static void build(const cli_opt *rows, int n, struct option *lo, char *so) {
  int nl = 0;
  *so++ = ':';
  for (int i = 0; i < n; i++) {
    if (rows[i].lname)
      lo[nl++] = (struct option){rows[i].lname,
                                 rows[i].arg ? required_argument : no_argument,
                                 NULL, 256 + i};
    if (rows[i].sname) {
      *so++ = rows[i].sname;
      if (rows[i].arg)
        *so++ = ':';
    }
  }
  lo[nl] = (struct option){NULL, 0, NULL, 0};
  *so = 0;
}

static int row_of_short(const cli_opt *rows, int n, int ch) {
  for (int i = 0; i < n; i++)
    if (rows[i].sname == ch)
      return i;
  return -1;
}

/* The usage error for getopt's '?' or ':' at argv[optind - 1]. */
static int getopt_error(cli *c, const cli_opt *rows, int n, int ret,
                        char **argv) {
  int r = optopt >= 256 ? optopt - 256 : row_of_short(rows, n, optopt);
  char name[64], arg[256];
  if (ret == ':' && r >= 0) {
    snprintf(arg, sizeof arg, "a value (%s)", rows[r].arg);
    return bad_value(c, &rows[r], arg, NULL);
  }
  if (r >= 0 && optopt >= 256) /* --switch=value */
    return cli_usage_error(c, "option takes no value",
                           row_name(&rows[r], name, sizeof name));
  if (optopt) {
    snprintf(arg, sizeof arg, "-%c", optopt);
  } else { /* an unknown or ambiguous long option, without its value */
    const char *a = argv[optind - 1];
    snprintf(arg, sizeof arg, "%.*s", (int)strcspn(a, "="), a);
  }
  int hits = 0; /* an abbreviation of several long names? */
  for (int i = 0; !optopt && i < n; i++)
    hits += rows[i].lname && arg[0] == '-' && arg[1] == '-' &&
            !strncmp(rows[i].lname, arg + 2, strlen(arg + 2));
  char msg[320];
  snprintf(msg, sizeof msg, "%s option '%s'",
           hits > 1 ? "ambiguous" : "unknown", arg);
  return cli_usage_error(c, msg, NULL);
}

int cli_parse(cli *c, const cli_opt *rows, int argc, char **argv,
              int *first) {
  int n = nrows(rows);
  struct option *lo = calloc((size_t)n + 1, sizeof *lo);
  char *so = calloc(2 * (size_t)n + 2, 1);
  if (!lo || !so)
    abort();
  build(rows, n, lo, so);
  opterr = 0; /* our messages, not getopt's */
  optind = 1;
  int rc = 0, ch, li;
  while (!rc && (ch = getopt_long(argc, argv, so, lo, &li)) != -1) {
    if (ch == '?' || ch == ':') {
      rc = getopt_error(c, rows, n, ch, argv);
      break;
    }
    int r = ch >= 256 ? ch - 256 : row_of_short(rows, n, ch);
    if (rows[r].set(c, &rows[r], optarg)) /* after its message */
      rc = KSV_EXIT_BAD_INPUT;
    if (rows[r].lname) { /* a config file does not override it */
      char name[64];
      snprintf(name, sizeof name, "--%s", rows[r].lname);
      c->o.given |= ksv_option_given(name);
    }
  }
  free(lo);
  free(so);
  *first = optind;
  return rc;
}

/* ---------------------------------------------------------------- help */

/* Writes text wrapped at 78 columns, continuation lines indented by
** indent, the first word at column col (where the cursor is). */
static void wrap(FILE *out, const char *text, int col, int indent) {
  for (bool first = true; *text; first = false) {
    size_t w = strcspn(text, " ");
    if (!first && col + 1 + (int)w > 78) {
      fprintf(out, "\n%*s", indent, "");
      col = indent;
    } else if (!first) {
      fputc(' ', out);
      col++;
    }
    fwrite(text, 1, w, out); /* verbatim: no printf directives */
    col += (int)w;
    text += w;
    while (*text == ' ')
      text++;
  }
  fputc('\n', out);
}

static bool same_row(const cli_opt *a, const cli_opt *b) {
  return a->sname == b->sname && a->set == b->set && a->off == b->off &&
         !strcmp(a->lname ? a->lname : "", b->lname ? b->lname : "") &&
         !strcmp(a->help, b->help);
}

void cli_print_rows(FILE *out, const cli_opt *rows, const cli_opt *skip) {
  for (const cli_opt *r = rows; r->lname || r->sname; r++) {
    bool skipped = false;
    for (const cli_opt *s = skip; s && (s->lname || s->sname); s++)
      skipped |= same_row(r, s);
    if (skipped)
      continue;
    char label[128];
    int n = 0;
    if (r->sname)
      n += snprintf(label, sizeof label, "-%c%s", r->sname,
                    r->lname ? ", " : "");
    if (r->lname)
      n += snprintf(label + n, sizeof label - (size_t)n, "--%s", r->lname);
    if (r->arg)
      snprintf(label + n, sizeof label - (size_t)n, " %s", r->arg);
    int col = fprintf(out, "  %s", label);
    col += fprintf(out, "%*s", col <= 22 ? 24 - col : 2, "");
    wrap(out, r->help, col, 24);
  }
}
