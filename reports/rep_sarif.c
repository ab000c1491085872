/*
** rep_sarif.c -- SARIF 2.1.0 (GitHub code scanning and other SARIF
** viewers), written with jansson.
**
** One run: the tool with the rule catalogue (rep_rules.def), the input
** files as artifacts, one result per diagnostic with its related
** locations, a code flow whose thread flows are the (core, pipe) lanes of
** the witness in witness order, and the stable fingerprint under
** partialFingerprints["ksv/v1"] (what --baseline matches).
*/
#include "rep.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* The project's home page (informationUri); the rules' helpUri come from
** rep_input.doc_url (--doc-url), REP_DOC_URL by default. */
#define KSV_HOME_URI "https://gitcode.com/ksv/ksv"

/* A json string of s made valid UTF-8 (paths and source may be anything). */
static json_t *str(const char *s) {
  char *c = rep_clean(s);
  json_t *j = json_string(c);
  free(c);
  return j;
}

/* SARIF messages are sentences: end them with a period. */
static json_t *message(const char *s) {
  size_t n = s ? strlen(s) : 0;
  char *m = mdl_strprintf("%s%s", s ? s : "",
                          n && strchr(".!?", s[n - 1]) ? "" : ".");
  json_t *o = json_object();
  json_object_set_new(o, "text", str(m));
  free(m);
  return o;
}

static json_t *text_obj(const char *s) {
  json_t *o = json_object();
  json_object_set_new(o, "text", str(s));
  return o;
}

static const char *level_of(mdl_severity s) {
  return s == MDL_SEV_ERROR ? "error" : s == MDL_SEV_WARNING ? "warning"
                                                             : "note";
}

/* A relative or absolute path as a URI reference: unreserved characters
** and '/' as they are, the rest percent-encoded; absolute paths as
** file:// URIs. */
static char *path_uri(const char *path) {
  size_t n = strlen(path);
  char *u = malloc(n * 3 + 8), *o = u;
  if (!u)
    abort();
  if (path[0] == '/')
    o += sprintf(o, "file://");
  for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
        (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
      *o++ = (char)*p;
    else
      o += sprintf(o, "%%%02X", *p);
  }
  *o = 0;
  return u;
}

/* The writer: the input, and the files other than the inputs that
** locations name (a C++ kernel's headers), as artifacts after the
** inputs' (index nfiles + i), in the order first named. */
typedef struct {
  const rep_input *in;
  char **extra;
  uint32_t nextra;
  const uint32_t *owner;       /* the file's diagnostics' units
                                  (rep_diag_units) */
  uint32_t unit_base;          /* the file's first unit in "kernels" */
} sarif_w;

/* The artifact index of path named by a location of input f: f when
** NULL (the input itself), else the header's extra artifact. */
static uint32_t art_index(sarif_w *w, uint32_t f, const char *path) {
  if (!path)
    return f;
  for (uint32_t i = 0; i < w->nextra; i++)
    if (!strcmp(w->extra[i], path))
      return w->in->nfiles + i;
  char **e = realloc(w->extra, (w->nextra + 1) * sizeof *e);
  if (!e)
    abort();
  w->extra = e;
  e[w->nextra] = mdl_strprintf("%s", path);
  return w->in->nfiles + w->nextra++;
}

/* The artifactLocation of input file f: its URI and index. */
static json_t *art_loc(sarif_w *w, uint32_t f) {
  json_t *art = json_object();
  char *uri = path_uri(f < w->in->nfiles ? w->in->files[f].path
                                         : w->extra[f - w->in->nfiles]);
  json_object_set_new(art, "uri", json_string(uri));
  free(uri);
  json_object_set_new(art, "index", json_integer(f));
  return art;
}

/* path: the location's own file when not input f's (mdl_where.file). */
static json_t *phys_loc(sarif_w *w, uint32_t f, const char *path,
                        uint32_t line, uint32_t col) {
  uint32_t a = art_index(w, f, path);
  json_t *art = art_loc(w, a);
  json_t *reg = json_object();
  json_object_set_new(reg, "startLine", json_integer(line ? line : 1));
  json_object_set_new(reg, "startColumn", json_integer(col ? col : 1));
  const char *s;
  size_t len;
  /* the snippet is the region's text: the line from the column on */
  if (a == f && w->in->info &&
      rep_source_line(&w->in->info[f], line, &s, &len) &&
      col >= 1 && col - 1 < len) {
    char *t = mdl_strprintf("%.*s", (int)(len - (col - 1)), s + col - 1);
    json_object_set_new(reg, "snippet", text_obj(t));
    free(t);
  }
  json_t *pl = json_object();
  json_object_set_new(pl, "artifactLocation", art);
  json_object_set_new(pl, "region", reg);
  return pl;
}

static json_t *location(sarif_w *w, uint32_t f, const char *path,
                        uint32_t line, uint32_t col, const char *unit,
                        const char *msg) {
  json_t *l = json_object();
  json_object_set_new(l, "physicalLocation",
                      phys_loc(w, f, path, line, col));
  if (unit) {
    json_t *ll = json_object();
    json_object_set_new(ll, "name", str(unit));
    json_object_set_new(ll, "kind", json_string("function"));
    json_t *a = json_array();
    json_array_append_new(a, ll);
    json_object_set_new(l, "logicalLocations", a);
  }
  if (msg)
    json_object_set_new(l, "message", message(msg));
  return l;
}

static json_t *rules_json(const char *doc_url) {
  json_t *rules = json_array();
  for (int r = 0; r < MDL_RULE_COUNT; r++) {
    const rep_rule_info *ri = rep_rule((mdl_rule)r);
    json_t *o = json_object();
    json_object_set_new(o, "id", json_string(mdl_rule_name((mdl_rule)r)));
    json_object_set_new(o, "name", json_string(ri->name));
    json_object_set_new(o, "shortDescription", text_obj(ri->short_desc));
    json_object_set_new(o, "fullDescription", text_obj(ri->full_desc));
    json_t *help = json_object();
    char *uri = rep_help_uri(doc_url, ri->anchor);
    char *t = mdl_strprintf("Fix: %s See %s.", ri->help, uri);
    char *md = mdl_strprintf("**Fix.** %s\n\nSee [docs/rules.md#%s](%s).",
                             ri->help, ri->anchor, uri);
    json_object_set_new(help, "text", str(t));
    json_object_set_new(help, "markdown", str(md));
    free(t);
    free(md);
    json_object_set_new(o, "help", help);
    json_object_set_new(o, "helpUri", str(uri));
    free(uri);
    json_t *cfg = json_object();
    json_object_set_new(
        cfg, "level", json_string(level_of(mdl_rule_severity((mdl_rule)r))));
    json_object_set_new(o, "defaultConfiguration", cfg);
    json_array_append_new(rules, o);
  }
  return rules;
}

/* The inlining chain of a location as a SARIF call stack (3.44: "a call
** stack", frames innermost first): the instruction in the inlined
** function, then each call, in the function that makes it.  This is what
** "called from" means in SARIF; relatedLocations stay the finding's own
** related instructions. */
static json_t *stack_json(sarif_w *w, uint32_t f, const mdl_where *wh,
                          uint32_t line, uint32_t col) {
  json_t *frames = json_array();
  for (uint32_t i = 0; i <= wh->nframes; i++) {
    const mdl_frame *fr = i ? &wh->frames[i - 1] : NULL;
    const char *fn = i ? fr->caller : wh->frames[0].func;
    json_t *l = i ? location(w, f, fr->file, fr->line, fr->col, fn, NULL)
                  : location(w, f, wh->file, line, col, fn, NULL);
    if (i) {
      char *m = mdl_strprintf("%s called from %s", fr->func, fr->caller);
      json_object_set_new(l, "message", message(m));
      free(m);
    }
    json_t *fo = json_object();
    json_object_set_new(fo, "location", l);
    json_array_append_new(frames, fo);
  }
  json_t *st = json_object();
  char buf[1024];
  json_object_set_new(st, "message",
                      message(mdl_where_chain_str(wh, buf, sizeof buf)));
  json_object_set_new(st, "frames", frames);
  return st;
}

/* The code flow of a witness (the checker's steps, mdl_diag.steps): one
** thread flow per (core, pipe) lane, in the order the witness first
** reaches it; executionOrder numbers the steps across all lanes in
** witness order.  Each step's role, and its cycles in an SMT schedule,
** go in its properties. */
static json_t *code_flow(sarif_w *w, uint32_t f, const mdl_diag *d) {
  if (!rep_has_flow(d))
    return NULL;
  uint32_t n = d->nsteps;
  char(*lane)[40] = malloc(n * sizeof *lane);
  if (!lane)
    abort();
  for (uint32_t i = 0; i < n; i++)
    rep_step_lane(&d->steps[i], lane[i], sizeof lane[i]);
  json_t *tfs = json_array();
  for (uint32_t i = 0; i < n; i++) {
    bool first = true;
    for (uint32_t j = 0; j < i && first; j++)
      first = strcmp(lane[i], lane[j]) != 0;
    if (!first)
      continue;
    json_t *tf = json_object();
    json_object_set_new(tf, "id", json_string(lane[i]));
    json_object_set_new(tf, "message", text_obj(lane[i]));
    json_t *locs = json_array();
    for (uint32_t j = i; j < n; j++) {
      if (strcmp(lane[i], lane[j]))
        continue;
      const mdl_step *st = &d->steps[j];
      json_t *tl = json_object();
      json_object_set_new(tl, "executionOrder", json_integer(j + 1));
      char *msg = mdl_strprintf("%s: %s", mdl_step_role_name(st->role),
                                st->text ? st->text : "");
      json_object_set_new(tl, "location",
                          location(w, f, mdl_where_file(st->where, NULL),
                                   st->line, st->col, NULL, msg));
      free(msg);
      json_object_set_new(tl, "importance",
                          json_string(st->primary ? "essential" : "important"));
      json_t *props = json_object();
      json_object_set_new(props, "role",
                          json_string(mdl_step_role_name(st->role)));
      if (st->timed) {
        json_object_set_new(props, "start", json_integer(st->t0));
        json_object_set_new(props, "end", json_integer(st->t1));
      }
      json_object_set_new(tl, "properties", props);
      json_array_append_new(locs, tl);
    }
    json_object_set_new(tf, "locations", locs);
    json_array_append_new(tfs, tf);
  }
  free(lane);
  json_t *cf = json_object();
  if (d->witness)
    json_object_set_new(cf, "message", message(d->witness));
  json_object_set_new(cf, "threadFlows", tfs);
  json_t *cfs = json_array();
  json_array_append_new(cfs, cf);
  return cfs;
}

/* Root causes (docs/root-causes.md): a consequence's related locations
** end with its cause, the lead's with its consequences; ids go on from
** the related locations' (next). */
static void cause_locations(sarif_w *w, uint32_t f, const rep_groups *cg,
                            uint32_t i, json_t *rel, uint32_t next) {
  const mdl_file_result *fr = &w->in->files[f];
  const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
  const mdl_cause *c = rep_cause_of(fr, d);
  if (!c || c->nfindings < 2)
    return;
  const mdl_diag *ld = &MDL_VEC_AT(fr->diags.items, mdl_diag, c->lead);
  if (c->lead != i) {
    char *m = mdl_strprintf("root cause %u: %s", c->id, c->text);
    json_t *l = location(w, f, mdl_where_file(ld->where, NULL), c->line,
                         c->col, NULL, m);
    free(m);
    json_object_set_new(l, "id", json_integer(next));
    json_array_append_new(rel, l);
    return;
  }
  for (uint32_t g = cg->first[c->id - 1]; g < cg->first[c->id]; g++) {
    uint32_t j = cg->idx[g];
    const mdl_diag *x = &MDL_VEC_AT(fr->diags.items, mdl_diag, j);
    if (j == i)
      continue;
    char *m = mdl_strprintf("consequence of root cause %u: %s", c->id,
                            x->message);
    json_t *l = location(w, f, mdl_where_file(x->where, NULL), x->line,
                         x->col, NULL, m);
    free(m);
    json_object_set_new(l, "id", json_integer(next++));
    json_array_append_new(rel, l);
  }
}

/* The result of diagnostic i of file f (cg: its root causes' findings,
** rep_cause_groups). */
static json_t *result_json(sarif_w *w, uint32_t f, const rep_groups *cg,
                           uint32_t i) {
  const mdl_file_result *fr = &w->in->files[f];
  const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
  json_t *o = json_object();
  json_object_set_new(o, "ruleId", json_string(mdl_rule_name(d->rule)));
  json_object_set_new(o, "ruleIndex", json_integer(d->rule));
  json_object_set_new(o, "level", json_string(level_of(d->severity)));
  json_object_set_new(o, "message", message(d->message));
  json_t *locs = json_array();
  json_array_append_new(locs, location(w, f, mdl_where_file(d->where, NULL),
                                       d->line, d->col, d->unit, NULL));
  json_object_set_new(o, "locations", locs);
  if (d->where && d->where->file) /* found in a header of the input */
    json_object_set_new(o, "analysisTarget", art_loc(w, f));
  json_t *rel = json_array();
  for (uint32_t r = 0; r < d->nrelated; r++) {
    const mdl_related *rl = &d->related[r];
    json_t *l = location(w, f, mdl_where_file(rl->where, NULL), rl->line,
                         rl->col, NULL, rl->message);
    json_object_set_new(l, "id", json_integer(r + 1));
    json_array_append_new(rel, l);
  }
  cause_locations(w, f, cg, i, rel, d->nrelated + 1);
  if (json_array_size(rel))
    json_object_set_new(o, "relatedLocations", rel);
  else
    json_decref(rel);
  json_t *cf = code_flow(w, f, d);
  if (cf)
    json_object_set_new(o, "codeFlows", cf);
  if (d->where && d->where->nframes) {
    json_t *stk = json_array();
    json_array_append_new(stk, stack_json(w, f, d->where, d->line, d->col));
    json_object_set_new(o, "stacks", stk);
  }
  if (d->suppressed) { /* SARIF 3.27.23: viewers hide it, CI does not fail */
    json_t *sp = json_object(), *sps = json_array();
    json_object_set_new(sp, "kind", json_string(d->suppressed ==
                                                        MDL_SUPP_IN_SOURCE
                                                    ? "inSource"
                                                    : "external"));
    json_object_set_new(sp, "status", json_string("accepted"));
    json_object_set_new(sp, "justification",
                        str(d->suppress_why ? d->suppress_why : ""));
    json_array_append_new(sps, sp);
    json_object_set_new(o, "suppressions", sps);
  }
  const rep_file_info *fi = w->in->info ? &w->in->info[f] : NULL;
  if (fi && i < fi->nfps) {
    json_t *fp = json_object();
    json_object_set_new(fp, "ksv/v1", json_string(fi->fps[i]));
    json_object_set_new(o, "partialFingerprints", fp);
  }
  if (d->fix && d->nfix_edits) {
    /* the verified repair as SARIF replacements: inserted lines are empty
       regions at the start of the line they go before; a deleted line is
       the region from its start to the start of the next */
    json_t *reps = json_array();
    for (uint32_t e = 0; e < d->nfix_edits; e++) {
      const mdl_fix_edit *m = &d->fix_edits[e];
      json_t *r = json_object(), *dr = json_object();
      uint32_t at = m->op == 1 ? m->end + 1 : m->line;
      json_object_set_new(dr, "startLine", json_integer(at));
      json_object_set_new(dr, "startColumn",
                          json_integer(m->op == 3 ? m->col : 1));
      json_object_set_new(dr, "endLine",
                          json_integer(m->op == 2 ? at + 1 : at));
      json_object_set_new(dr, "endColumn",
                          json_integer(m->op == 3 ? m->col + (uint32_t)strlen(
                                                                 m->old)
                                                  : 1));
      json_object_set_new(r, "deletedRegion", dr);
      if (m->op != 2) {
        char *t = mdl_strprintf("%s%s", m->text ? m->text : "",
                                m->op == 3 ? "" : "\n");
        json_t *ic = json_object();
        json_object_set_new(ic, "text", str(t));
        free(t);
        json_object_set_new(r, "insertedContent", ic);
      }
      json_array_append_new(reps, r);
    }
    json_t *al = art_loc(w, f);
    json_t *ch = json_object();
    json_object_set_new(ch, "artifactLocation", al);
    json_object_set_new(ch, "replacements", reps);
    json_t *chs = json_array();
    json_array_append_new(chs, ch);
    json_t *fx = json_object();
    char *desc = mdl_strprintf("%s (%s)", d->fix,
                               d->fix_confirm ? d->fix_confirm : "");
    json_object_set_new(fx, "description", message(desc));
    free(desc);
    json_object_set_new(fx, "artifactChanges", chs);
    json_t *fxs = json_array();
    json_array_append_new(fxs, fx);
    json_object_set_new(o, "fixes", fxs);
  }
  if (w->in->baseline && rep_rule_is_finding(d->rule))
    json_object_set_new(o, "baselineState", json_string("new"));
  json_t *props = json_object();
  if (d->unit)
    json_object_set_new(props, "kernel", str(d->unit));
  if (w->owner && w->owner[i] != REP_NONE) /* of same-named ones: which */
    json_object_set_new(props, "kernelIndex",
                        json_integer(w->unit_base + w->owner[i]));
  if (d->witness)
    json_object_set_new(props, "witness", str(d->witness));
  json_object_set_new(props, "furtherInstances", json_integer(d->extra));
  json_t *rc = rep_cause_json(&w->in->files[f], i, false);
  if (rc)
    json_object_set_new(props, "rootCause", rc);
  if (d->fix_by) { /* check --fix: the fix is the other result's */
    json_t *fb = json_object();
    json_object_set_new(fb, "line", json_integer(d->fix_by_line));
    json_object_set_new(fb, "column", json_integer(d->fix_by_col));
    json_object_set_new(fb, "description", str(d->fix_by));
    json_object_set_new(props, "fixedBy", fb);
  }
  json_object_set_new(o, "properties", props);
  return o;
}

int rep_sarif(FILE *out, const rep_input *in) {
  int64_t base = rep_mem_begin();
  bool over = false;
  sarif_w wr = {in, NULL, 0, NULL, 0}, *w = &wr;
  json_t *root = json_object();
  json_object_set_new(root, "$schema",
                      json_string("https://json.schemastore.org/sarif-2.1.0.json"));
  json_object_set_new(root, "version", json_string("2.1.0"));
  json_t *run = json_object();
  json_t *drv = json_object();
  json_object_set_new(drv, "name", json_string("ksv"));
  json_object_set_new(drv, "fullName",
                      json_string("ksv static synchronization verifier for "
                                  "fused Ascend kernels"));
  json_object_set_new(drv, "version", json_string(in->tool_version));
  json_object_set_new(drv, "informationUri", json_string(KSV_HOME_URI));
  json_object_set_new(drv, "semanticVersion", json_string(in->tool_version));
  json_object_set_new(drv, "rules", rules_json(in->doc_url ? in->doc_url
                                                            : REP_DOC_URL));
  json_t *tool = json_object();
  json_object_set_new(tool, "driver", drv);
  json_object_set_new(run, "tool", tool);

  bool bad = false;
  json_t *arts = json_array(), *results = json_array(), *units = json_array();
  for (uint32_t f = 0; f < in->nfiles && !over; f++) {
    const mdl_file_result *fr = &in->files[f];
    json_t *a = json_object(), *al = json_object();
    char *uri = path_uri(fr->path);
    json_object_set_new(al, "uri", json_string(uri));
    free(uri);
    json_object_set_new(a, "location", al);
    if (in->info && in->info[f].text)
      json_object_set_new(a, "length", json_integer((json_int_t)in->info[f].len));
    json_array_append_new(arts, a);
    rep_groups cg;
    rep_cause_groups(fr, &cg);
    uint32_t *owner = rep_diag_units(fr);
    w->owner = owner;
    for (uint32_t i = 0; i < fr->diags.items.len && !over; i++) {
      json_array_append_new(results, result_json(w, f, &cg, i));
      over = rep_mem_over(in, base);
    }
    w->owner = NULL;
    w->unit_base += fr->units.len;
    free(owner);
    rep_groups_free(&cg);
    for (uint32_t u = 0; u < fr->units.len; u++) {
      const mdl_unit_result *ur = &MDL_VEC_AT(fr->units, mdl_unit_result, u);
      json_t *uo = json_object();
      json_object_set_new(uo, "file", str(fr->path));
      json_object_set_new(uo, "kernel", str(ur->name));
      json_object_set_new(uo, "verdict", json_string(mdl_unit_verdict_name(ur)));
      json_object_set_new(uo, "crossCoreChecked", json_boolean(!ur->open));
      if (ur->note)
        json_object_set_new(uo, "note", str(ur->note));
      rep_json_proof(uo, ur, "proof", "proofBound", "loops");
      json_array_append_new(units, uo);
      bad |= ur->verdict == MDL_VERDICT_ERROR;
    }
  }
  for (uint32_t i = 0; i < w->nextra; i++) { /* headers, after the inputs */
    json_t *a = json_object(), *al = json_object();
    char *uri = path_uri(w->extra[i]);
    json_object_set_new(al, "uri", json_string(uri));
    free(uri);
    json_object_set_new(a, "location", al);
    /* a header the input includes (only C++ kernels have them) */
    json_object_set_new(a, "sourceLanguage", json_string("cplusplus"));
    json_array_append_new(arts, a);
    free(w->extra[i]);
  }
  free(w->extra);
  json_t *inv = json_object();
  /* a run with bad input did not check everything it was asked to */
  json_object_set_new(inv, "executionSuccessful", json_boolean(!bad));
  json_t *invs = json_array();
  json_array_append_new(invs, inv);
  json_object_set_new(run, "invocations", invs);
  json_object_set_new(run, "artifacts", arts);
  json_object_set_new(run, "results", results);
  json_t *props = json_object();
  json_object_set_new(props, "arch", json_string(in->arch));
  json_object_set_new(props, "kernels", units);
  if (in->baseline) {
    json_object_set_new(props, "baseline", str(in->baseline));
    json_object_set_new(props, "baselined", json_integer(in->baselined));
  }
  json_object_set_new(run, "properties", props);
  json_t *runs = json_array();
  json_array_append_new(runs, run);
  json_object_set_new(root, "runs", runs);
  if (over || rep_mem_over(in, base)) {
    json_decref(root);
    return REP_OVER;
  }
  rep_sink *k = malloc(sizeof *k); /* (stops at the run's deadline) */
  if (!k) {
    json_decref(root);
    return -1;
  }
  rep_sink_open(k, out, in);
  json_dump_callback(root, rep_sink_json, k,
                     JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  rep_sink_write(k, "\n", 1);
  json_decref(root);
  int rc = rep_sink_close(k);
  free(k);
  return rc;
}
