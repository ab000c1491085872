/*
** ksv_cfg.c -- the project config file `.ksv.yaml` (docs/config.md),
** parsed with libyaml: its document API gives every node with its line
** and column, so a bad value is reported where it is.  Unknown keys are
** errors: a misspelt key must not be silently ignored.
*/
#define _XOPEN_SOURCE 700 /* realpath */
#include "ksv_cfg.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <yaml.h>

char *ksv_cfg_find(const char *input) {
  char *dir = realpath(input, NULL);
  if (!dir)
    return NULL;
  for (;;) {
    char *slash = strrchr(dir, '/'); /* the file's directory, then up */
    if (!slash) {
      free(dir);
      return NULL;
    }
    *slash = 0;
    char *p = mdl_strprintf("%s/%s", dir, KSV_CFG_NAME);
    if (!access(p, R_OK)) {
      free(dir);
      return p;
    }
    free(p);
    if (slash == dir) { /* was the root: / checked, nothing found */
      free(dir);
      return NULL;
    }
  }
}

/* Parsing state: the document and where the first error went. */
typedef struct {
  yaml_document_t doc;
  const char *path;
  char *err;
  size_t nerr;
  ksv_cfg *c;
} cfg_rd;

static int bad(cfg_rd *r, const yaml_node_t *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int bad(cfg_rd *r, const yaml_node_t *n, const char *fmt, ...) {
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  snprintf(r->err, r->nerr, "%s:%zu:%zu: error: %s", r->path,
           n ? n->start_mark.line + 1 : 1, n ? n->start_mark.column + 1 : 1,
           msg);
  return -1;
}

static const char *scalar(const yaml_node_t *n) {
  return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value
                                          : NULL;
}

/* The index in names (NULL-terminated) of scalar n, or -1 (error set). */
static int choice(cfg_rd *r, const char *key, const yaml_node_t *n,
                  const char *const *names) {
  const char *s = scalar(n);
  for (int k = 0; s && names[k]; k++)
    if (!strcmp(s, names[k]))
      return k;
  char all[128] = "";
  for (int k = 0; names[k]; k++)
    snprintf(all + strlen(all), sizeof all - strlen(all), "%s%s",
             k ? (names[k + 1] ? ", " : " or ") : "", names[k]);
  bad(r, n, "%s expects %s", key, all);
  return -1;
}

static int number(cfg_rd *r, const char *key, const yaml_node_t *n,
                  unsigned long max, uint32_t *out) {
  const char *s = scalar(n);
  char *end;
  errno = 0;
  unsigned long v = s && *s >= '0' && *s <= '9' ? strtoul(s, &end, 10) : 0;
  if (!s || errno || *end || v == 0 || v > max)
    return bad(r, n, "%s expects an integer 1..%lu", key, max);
  *out = (uint32_t)v;
  return 0;
}

/* disable / enable: a rule id, "*", or a list of them. */
static int switches(cfg_rd *r, const char *key, const yaml_node_t *n,
                    bool on) {
  const yaml_node_item_t *it = NULL, *end = NULL;
  int one = 0;
  if (n->type == YAML_SEQUENCE_NODE) {
    it = n->data.sequence.items.start;
    end = n->data.sequence.items.top;
  }
  for (;;) {
    const yaml_node_t *x = n->type == YAML_SEQUENCE_NODE
                               ? (it < end ? yaml_document_get_node(&r->doc, *it++)
                                           : NULL)
                               : (one++ ? NULL : n);
    if (!x)
      return 0;
    const char *s = scalar(x);
    int rule = s && !strcmp(s, "*") ? -1 : s ? ksv_rule_by_name(s, strlen(s))
                                             : -2;
    if (rule == -2 || (rule == -1 && strcmp(s, "*")) ||
        (rule >= 0 && !ksv_rule_suppressible((mdl_rule)rule)))
      return bad(r, x, "%s: %s rule%s%s%s (ksv --list-rules; unknown and "
                 "bad-input cannot be switched off)", key,
                 rule >= 0 ? "cannot switch off" : "unknown", s ? " '" : "",
                 s ? s : "", s ? "'" : "");
    char by[PATH_MAX + 32];
    snprintf(by, sizeof by, "%s:%zu", r->path, x->start_mark.line + 1);
    ksv_rules_switch(&r->c->rules, rule, on, by);
  }
}

/* severity: {RULE: error|warning|note, ...} */
static int severities(cfg_rd *r, const yaml_node_t *n) {
  if (n->type != YAML_MAPPING_NODE)
    return bad(r, n, "severity expects a mapping RULE: error|warning|note");
  static const char *const sev[] = {"note", "warning", "error", NULL};
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
       p < n->data.mapping.pairs.top; p++) {
    const yaml_node_t *k = yaml_document_get_node(&r->doc, p->key);
    const yaml_node_t *v = yaml_document_get_node(&r->doc, p->value);
    const char *s = scalar(k);
    int rule = s ? ksv_rule_by_name(s, strlen(s)) : -1;
    if (rule < 0 || !ksv_rule_suppressible((mdl_rule)rule))
      return bad(r, k, "severity: %s rule '%s' (ksv --list-rules)",
                 rule < 0 ? "unknown" : "cannot re-rate", s ? s : "?");
    int x = choice(r, "severity", v, sev);
    if (x < 0)
      return -1;
    r->c->rules.sev[rule] = (int8_t)x; /* the order of mdl_severity */
  }
  return 0;
}

/* A check option: key k (a scalar) with value v. */
static int option(cfg_rd *r, const char *k, const yaml_node_t *kn,
                  const yaml_node_t *v) {
  static const char *const arch[] = {"a2", "a5", NULL};
  static const char *const fm[] = {"count", "bit", NULL};
  static const char *const onoff[] = {"off", "on", NULL};
  static const char *const lang[] = {"auto", "hivm", "ascendc", NULL};
  static const char *const failon[] = {"error", "warning", NULL};
  static const char *const eng[] = {"auto", "graph", "smt", NULL};
  static const char *const tf[] = {"false", "true", NULL};
  ksv_options *o = &r->c->set;
  int x = 0;
  if (!strcmp(k, "arch") && (x = choice(r, k, v, arch)) >= 0)
    o->arch = x;
  else if (!strcmp(k, "flag-model") && (x = choice(r, k, v, fm)) >= 0)
    o->flag_model = x; /* the order of KSV_FLAGS_* */
  else if (!strcmp(k, "assume-auto-sync") && (x = choice(r, k, v, onoff)) >= 0)
    o->auto_sync = x;
  else if (!strcmp(k, "lang") && (x = choice(r, k, v, lang)) >= 0)
    o->lang = x;
  else if (!strcmp(k, "fail-on") && (x = choice(r, k, v, failon)) >= 0)
    o->fail_on_warning = x;
  else if (!strcmp(k, "engine") && (x = choice(r, k, v, eng)) >= 0)
    o->engine = x; /* the order of KSV_ENGINE_* */
  else if (!strcmp(k, "require-complete") && (x = choice(r, k, v, tf)) >= 0)
    o->require_complete = x;
  else if (!strcmp(k, "require-unbounded") && (x = choice(r, k, v, tf)) >= 0)
    o->require_unbounded = x;
  else if (!strcmp(k, "trip-bound"))
    x = number(r, k, v, 64, &o->sym_bound);
  else if (!strcmp(k, "max-unroll"))
    x = number(r, k, v, 100000000, &o->max_unroll);
  else if (!strcmp(k, "timeout-ms"))
    x = number(r, k, v, 86400000, &o->timeout_ms);
  else if (x >= 0)
    return bad(r, kn, "unknown key '%s' (docs/config.md)", k);
  return x < 0 ? -1 : 0;
}

/* The options a config file can set, in the order of the KSV_GIVEN_*
** bits; the keys are the command-line options' names. */
static const char *const given_names[] = {
    "arch", "flag-model", "assume-auto-sync", "fail-on", "engine",
    "trip-bound", "max-unroll", "timeout-ms", "require-complete", "lang",
    "require-unbounded"};

static uint32_t given_bit(const char *k, size_t n) {
  for (uint32_t b = 0; b < sizeof given_names / sizeof *given_names; b++)
    if (strlen(given_names[b]) == n && !memcmp(k, given_names[b], n))
      return 1u << b;
  return 0;
}

uint32_t ksv_option_given(const char *arg) {
  if (strncmp(arg, "--", 2))
    return 0;
  return given_bit(arg + 2, strcspn(arg + 2, "="));
}

static int top_level(cfg_rd *r, const yaml_node_t *root) {
  if (!root || (root->type == YAML_SCALAR_NODE && !*scalar(root)))
    return 0; /* an empty file: nothing configured */
  if (root->type != YAML_MAPPING_NODE)
    return bad(r, root, "the config is a mapping of keys (docs/config.md)");
  for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
       p < root->data.mapping.pairs.top; p++) {
    const yaml_node_t *k = yaml_document_get_node(&r->doc, p->key);
    const yaml_node_t *v = yaml_document_get_node(&r->doc, p->value);
    const char *key = scalar(k);
    if (!key)
      return bad(r, k, "a key must be a plain word");
    int rc = !strcmp(key, "disable")    ? switches(r, key, v, false)
             : !strcmp(key, "enable")   ? 0 /* after every disable */
             : !strcmp(key, "severity") ? severities(r, v)
                                        : option(r, key, k, v);
    if (rc)
      return -1;
    r->c->given |= given_bit(key, strlen(key));
  }
  for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
       p < root->data.mapping.pairs.top; p++) {
    const char *key = scalar(yaml_document_get_node(&r->doc, p->key));
    if (!strcmp(key, "enable") &&
        switches(r, key, yaml_document_get_node(&r->doc, p->value), true))
      return -1;
  }
  return 0;
}

int ksv_cfg_load(const char *path, ksv_cfg *c, char *err, size_t nerr) {
  memset(c, 0, sizeof *c);
  ksv_rules_init(&c->rules);
  ksv_options_default(&c->set);
  c->path = mdl_strprintf("%s", path);
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, nerr, "%s:1:1: error: cannot read config: %s", path,
             strerror(errno));
    return -1;
  }
  yaml_parser_t p;
  cfg_rd r = {.path = path, .err = err, .nerr = nerr, .c = c};
  yaml_parser_initialize(&p);
  yaml_parser_set_input_file(&p, f);
  int rc = 0;
  if (!yaml_parser_load(&p, &r.doc)) {
    snprintf(err, nerr, "%s:%zu:%zu: error: %s%s%s", path,
             p.problem_mark.line + 1, p.problem_mark.column + 1,
             p.problem ? p.problem : "malformed YAML",
             p.context ? " " : "", p.context ? p.context : "");
    rc = -1;
  } else {
    rc = top_level(&r, yaml_document_get_root_node(&r.doc));
    yaml_document_delete(&r.doc);
  }
  yaml_parser_delete(&p);
  fclose(f);
  return rc;
}

void ksv_cfg_free(ksv_cfg *c) {
  free(c->path);
  c->path = NULL;
}

void ksv_cfg_apply(const ksv_cfg *c, ksv_options *o) {
  uint32_t g = c->given & ~o->given;
  const ksv_options *s = &c->set;
  if (g & KSV_GIVEN_ARCH)
    o->arch = s->arch;
  if (g & KSV_GIVEN_FLAG_MODEL)
    o->flag_model = s->flag_model;
  if (g & KSV_GIVEN_AUTO_SYNC)
    o->auto_sync = s->auto_sync;
  if (g & KSV_GIVEN_LANG)
    o->lang = s->lang;
  if (g & KSV_GIVEN_FAIL_ON)
    o->fail_on_warning = s->fail_on_warning;
  if (g & KSV_GIVEN_ENGINE)
    o->engine = s->engine;
  if (g & KSV_GIVEN_REQUIRE_COMPLETE)
    o->require_complete = s->require_complete;
  if (g & KSV_GIVEN_REQUIRE_UNBOUNDED)
    o->require_unbounded = s->require_unbounded;
  if (g & KSV_GIVEN_TRIP_BOUND) {
    o->sym_bound = s->sym_bound;
    o->trip_bound_fixed = true;
  }
  if (g & KSV_GIVEN_MAX_UNROLL)
    o->max_unroll = s->max_unroll;
  if (g & KSV_GIVEN_TIMEOUT)
    o->timeout_ms = s->timeout_ms;
}
