/*
** rep_html.c -- one self-contained HTML page (no script, no network, no
** external asset), built with libxml2's HTML tree API so that every text
** and attribute is escaped by the serializer.
**
** The page: a summary (totals, then one row per file and kernel with its
** verdict), then per file each finding with its source excerpt (the lines
** involved highlighted), its notes, the witness as an inline SVG timeline
** (one lane per core and pipe the witness involves, the conflicting
** accesses highlighted, set-to-wait arrows along an ordering chain), the
** fix pattern of its rule, and the --explain notes.
*/
#include "rep.h"

#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>

static const char css[] =
    "body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d2433;"
    "background:#f6f7f9}"
    "header{background:#1d2433;color:#fff;padding:14px 24px}"
    "header h1{margin:0;font-size:20px}header p{margin:4px 0 0;opacity:.85}"
    "main{padding:8px 24px 40px;max-width:1200px}"
    "h2{font-size:17px;margin:28px 0 8px;word-break:break-all}"
    "table{border-collapse:collapse;background:#fff;width:100%}"
    "th,td{border:1px solid #d8dce3;padding:4px 8px;text-align:left;"
    "vertical-align:top}"
    "th{background:#eef0f4}td.num{text-align:right}td.note{width:34%}"
    ".v{font-weight:600;border-radius:3px;padding:1px 6px;white-space:nowrap}"
    ".v-clean{background:#dcf3e3;color:#17612e}"
    ".v-findings{background:#fde2e1;color:#9b1c17}"
    ".v-unknown{background:#fff0c2;color:#7a5300}"
    ".v-open{background:#e3eef9;color:#1d4f86}"
    ".v-bounded{background:#fdf1d6;color:#7a5300}"
    ".proof-bounded{color:#7a5300}.proof-why{font-size:.85em;color:#555}"
    ".v-error{background:#e8dcf7;color:#52248f}"
    ".finding{background:#fff;border:1px solid #d8dce3;border-left:5px solid "
    "#9b1c17;margin:12px 0;padding:8px 14px}"
    ".sev-warning{border-left-color:#c48a00}.sev-note{border-left-color:"
    "#3a6fc4}"
    ".finding h3{font-size:14px;margin:2px 0 6px}"
    ".sev{text-transform:uppercase;font-size:11px;font-weight:700;"
    "margin-right:6px}"
    ".msg{margin:4px 0 8px;font-weight:600}"
    "pre.src{background:#fbfbfc;border:1px solid #e3e6eb;padding:6px 0;"
    "overflow-x:auto;font:12px/1.5 ui-monospace,monospace;margin:6px 0}"
    "pre.src span.l{display:block;padding:0 10px;white-space:pre}"
    "pre.src span.n{display:inline-block;width:4em;color:#8a93a3;"
    "user-select:none}"
    "pre.src span.primary{background:#fde2e1}"
    "div.fix{border-left:3px solid #2da44e;padding-left:8px}"
    "pre.diff{background:#f6f8fa;padding:6px 10px;white-space:pre}"
    "pre.src span.related{background:#fff0c2}"
    "pre.src span.gap{color:#8a93a3}"
    "ul.notes{margin:4px 0;padding-left:20px}ul.notes li{margin:2px 0}"
    "figure{margin:8px 0}figcaption{font-size:12px;color:#4a5263}"
    "svg text{font:11px ui-monospace,monospace}"
    "details{margin:6px 0}summary{cursor:pointer;color:#3a6fc4}"
    "code{font:12px ui-monospace,monospace}"
    ".fp{font-size:11px;color:#8a93a3}";

typedef xmlNodePtr node;

/* An element with escaped text content (text may be NULL). */
static node el(node parent, const char *tag, const char *text) {
  node n = xmlNewNode(NULL, BAD_CAST tag);
  if (text) {
    char *c = rep_clean(text);
    xmlNodeAddContent(n, BAD_CAST c);
    free(c);
  }
  if (parent)
    xmlAddChild(parent, n);
  return n;
}

static node elc(node parent, const char *tag, const char *cls,
                const char *text) {
  node n = el(parent, tag, text);
  if (cls)
    xmlNewProp(n, BAD_CAST "class", BAD_CAST cls);
  return n;
}

static void add_text(node n, const char *text) {
  char *c = rep_clean(text);
  xmlNodeAddContent(n, BAD_CAST c);
  free(c);
}

static void prop(node n, const char *name, const char *value) {
  char *c = rep_clean(value);
  xmlNewProp(n, BAD_CAST name, BAD_CAST c);
  free(c);
}

static void propf(node n, const char *name, const char *fmt, double v) {
  char buf[64];
  snprintf(buf, sizeof buf, fmt, v);
  xmlNewProp(n, BAD_CAST name, BAD_CAST buf);
}

/* ------------------------------------------------------------ excerpt */

typedef struct { uint32_t line; char kind; } mark; /* 'p' primary, 'r' */

static int u32_cmp(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* Source line l (s[0..len)) of an excerpt, numbered, marked by kind. */
static void excerpt_line(node pre, uint32_t l, char kind, const char *s,
                         size_t len) {
  node sp = elc(pre, "span",
                kind == 'p' ? "l primary" : kind == 'r' ? "l related" : "l",
                NULL);
  char num[16];
  snprintf(num, sizeof num, "%u", l);
  elc(sp, "span", "n", num);
  char *t = mdl_strprintf("%.*s", (int)len, s);
  add_text(sp, t);
  free(t);
}

static void excerpt(node parent, const rep_file_info *fi, const mdl_diag *d) {
  if (!fi || !fi->text)
    return;
  mark m[64];
  uint32_t nm = 0;
  /* the excerpt is of the input's text: lines in a header are not in it */
  if (!d->where || !d->where->file)
    m[nm++] = (mark){d->line, 'p'};
  for (uint32_t r = 0; r < d->nrelated && nm < 64; r++)
    if (!d->related[r].where || !d->related[r].where->file)
      m[nm++] = (mark){d->related[r].line, 'r'};
  if (!nm)
    return;
  /* each marked line with two lines of context, in order; gaps elided
     (only those lines are looked at: marks far apart cost nothing) */
  uint32_t show[64 * 5], ns = 0;
  for (uint32_t i = 0; i < nm; i++)
    for (uint64_t l = m[i].line > 2 ? m[i].line - 2 : 1;
         l <= (uint64_t)m[i].line + 2 && l <= UINT32_MAX; l++)
      show[ns++] = (uint32_t)l;
  qsort(show, ns, sizeof *show, u32_cmp);
  node pre = elc(parent, "pre", "src", NULL);
  uint32_t last = 0;
  for (uint32_t k = 0; k < ns; k++) {
    uint32_t l = show[k];
    if (k && show[k - 1] == l)
      continue;
    char kind = 0;
    for (uint32_t i = 0; i < nm; i++)
      if (m[i].line == l && kind != 'p')
        kind = m[i].kind;
    const char *s;
    size_t len;
    if (!rep_source_line(fi, l, &s, &len))
      continue;
    if (last && l > last + 1)
      elc(pre, "span", "l gap", "     \xE2\x8B\xAE");
    last = l;
    excerpt_line(pre, l, kind, s, len);
  }
}

/* ------------------------------------------------------------ timeline */

#define SVG_W 760.0
#define LABEL_W 120.0
#define LANE_H 30.0

static node svg_el(node parent, const char *tag) {
  return el(parent, tag, NULL);
}

static void svg_text(node parent, double x, double y, const char *anchor,
                     const char *s) {
  node t = el(parent, "text", s);
  propf(t, "x", "%.1f", x);
  propf(t, "y", "%.1f", y);
  if (anchor)
    prop(t, "text-anchor", anchor);
}

static const char *short_op(const char *op) {
  if (!op)
    return "?";
  const char *dot = strrchr(op, '.');
  return dot ? dot + 1 : op;
}

/* 's' a set, 'w' a wait, 0 anything else. */
static char sync_of(const mdl_step *s) {
  return s->kind == MDL_I_SET || s->kind == MDL_I_BSET    ? 's'
         : s->kind == MDL_I_WAIT || s->kind == MDL_I_BWAIT ? 'w'
                                                            : 0;
}

/* The witness as the checker's steps (mdl_diag.steps) on one lane per
** core and pipe, in witness order. */
#define MAX_DRAWN 24
static void timeline(node parent, const mdl_diag *d) {
  if (!rep_has_flow(d))
    return;
  uint32_t n = d->nsteps < MAX_DRAWN ? d->nsteps : MAX_DRAWN;
  const mdl_step *st = d->steps;
  /* lanes in the order the witness reaches them */
  char lane[MAX_DRAWN][40];
  uint32_t of[MAX_DRAWN], nl = 0;
  for (uint32_t i = 0; i < n; i++) {
    char name[40];
    rep_step_lane(&st[i], name, sizeof name);
    uint32_t l = 0;
    while (l < nl && strcmp(lane[l], name))
      l++;
    if (l == nl)
      snprintf(lane[nl++], sizeof lane[0], "%s", name);
    of[i] = l;
  }
  /* time: the SMT schedule when every step has one, else the step order;
  ** the accesses of a race overlap, the waits of a deadlock never end */
  bool timed = true;
  int64_t tmin = INT64_MAX, tmax = INT64_MIN;
  for (uint32_t i = 0; i < n; i++) {
    timed &= st[i].timed;
    if (st[i].timed) {
      tmin = st[i].t0 < tmin ? st[i].t0 : tmin;
      tmax = st[i].t1 > tmax ? st[i].t1 : tmax;
    }
  }
  bool race = d->rule == MDL_RULE_RACE || d->rule == MDL_RULE_PIPE_HAZARD ||
              d->rule == MDL_RULE_XCORE_RACE ||
              d->rule == MDL_RULE_PARALLEL_LOOP;
  bool dead = d->rule == MDL_RULE_DEADLOCK;
  double x0 = LABEL_W + 10, span = SVG_W - x0 - 20;
  double bx[MAX_DRAWN], bw[MAX_DRAWN];
  for (uint32_t i = 0; i < n; i++) {
    if (timed && tmax > tmin) {
      bx[i] = x0 + span * (double)(st[i].t0 - tmin) / (double)(tmax - tmin);
      bw[i] = span * (double)(st[i].t1 - st[i].t0) / (double)(tmax - tmin);
      if (bw[i] < 6)
        bw[i] = 6;
    } else if (race) {
      bx[i] = x0 + span * (0.08 + 0.30 * i / (n > 1 ? n - 1 : 1));
      bw[i] = span * 0.55;
    } else {
      double slot = span / n;
      bx[i] = x0 + slot * i + 4;
      bw[i] = dead ? x0 + span - bx[i] : (sync_of(&st[i]) ? 10 : slot * 0.8);
    }
  }
  double h = LANE_H * nl + 28;
  node fig = el(parent, "figure", NULL);
  node svg = svg_el(fig, "svg");
  prop(svg, "xmlns", "http://www.w3.org/2000/svg");
  propf(svg, "width", "%.0f", SVG_W);
  propf(svg, "height", "%.0f", h);
  char vb[64];
  snprintf(vb, sizeof vb, "0 0 %.0f %.0f", SVG_W, h);
  prop(svg, "viewBox", vb);
  prop(svg, "role", "img");
  el(svg, "title", "witness timeline");
  for (uint32_t l = 0; l < nl; l++) {
    double y = 8 + LANE_H * l;
    node r = svg_el(svg, "rect");
    propf(r, "x", "%.1f", 0);
    propf(r, "y", "%.1f", y);
    propf(r, "width", "%.1f", SVG_W);
    propf(r, "height", "%.1f", LANE_H - 2);
    prop(r, "fill", l % 2 ? "#f3f5f8" : "#eaedf2");
    svg_text(svg, 6, y + LANE_H / 2 + 3, NULL, lane[l]);
  }
  node axis = svg_el(svg, "line");
  propf(axis, "x1", "%.1f", x0);
  propf(axis, "x2", "%.1f", x0 + span);
  propf(axis, "y1", "%.1f", h - 14);
  propf(axis, "y2", "%.1f", h - 14);
  prop(axis, "stroke", "#8a93a3");
  prop(axis, "marker-end", "url(#ksv-arrow)");
  svg_text(svg, x0 + span, h - 2, "end",
           timed ? "time (SMT schedule)" : "time");
  for (uint32_t i = 0; i < n; i++) {
    double y = 8 + LANE_H * of[i] + 4;
    bool hot = st[i].role == MDL_STEP_ACCESS ||
               st[i].role == MDL_STEP_EARLIER ||
               st[i].role == MDL_STEP_BLOCKED || st[i].primary ||
               st[i].role == MDL_STEP_PREVIOUS;
    node r = svg_el(svg, "rect");
    propf(r, "x", "%.1f", bx[i]);
    propf(r, "y", "%.1f", y);
    propf(r, "width", "%.1f", bw[i]);
    propf(r, "height", "%.1f", LANE_H - 10);
    prop(r, "rx", "3");
    prop(r, "fill", hot ? (d->severity == MDL_SEV_ERROR ? "#e5534b" : "#d99a06")
                    : sync_of(&st[i]) ? "#3a6fc4"
                                      : "#8a93a3");
    prop(r, "fill-opacity", race ? "0.55" : "0.9");
    if (dead)
      prop(r, "stroke-dasharray", "4 3");
    if (dead)
      prop(r, "stroke", "#9b1c17");
    char label[96];
    snprintf(label, sizeof label, "%s %u:%u%s", short_op(st[i].op), st[i].line,
             st[i].col, dead ? " waits forever" : "");
    char *tip = mdl_strprintf("%s: %s", mdl_step_role_name(st[i].role),
                              st[i].text ? st[i].text : label);
    el(r, "title", tip);
    free(tip);
    svg_text(svg, bx[i] + 3, y + LANE_H - 14, NULL, label);
  }
  /* set -> wait arrows along an ordering chain (explain, redundant-wait) */
  for (uint32_t i = 0; i + 1 < n; i++) {
    if (sync_of(&st[i]) != 's' || st[i].role != MDL_STEP_ORDERING)
      continue;
    uint32_t j = i + 1;
    while (j < n && !(sync_of(&st[j]) == 'w' &&
                      st[j].role == MDL_STEP_ORDERING))
      j++;
    if (j >= n)
      continue;
    node a = svg_el(svg, "line");
    propf(a, "x1", "%.1f", bx[i] + bw[i]);
    propf(a, "y1", "%.1f", 8 + LANE_H * of[i] + LANE_H / 2);
    propf(a, "x2", "%.1f", bx[j]);
    propf(a, "y2", "%.1f", 8 + LANE_H * of[j] + LANE_H / 2);
    prop(a, "stroke", "#3a6fc4");
    prop(a, "stroke-width", "1.5");
    prop(a, "marker-end", "url(#ksv-arrow)");
  }
  node cap = el(fig, "figcaption", NULL);
  add_text(cap, d->witness ? d->witness
               : race    ? "the two accesses can overlap in time"
                         : "the instructions involved, in witness order");
}

/* ------------------------------------------------------------ findings */

/* Root causes first (docs/root-causes.md): the lead of a group says its
** cause and links its consequences; a consequence links back. */
static void cause_par(node art, const mdl_file_result *fr,
                      const rep_groups *cg, uint32_t f, uint32_t i) {
  const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
  const mdl_cause *c = rep_cause_of(fr, d);
  if (!c || c->nfindings < 2)
    return;
  char *t, href[48];
  node p = elc(art, "p", "cause", NULL);
  if (c->lead != i) {
    t = mdl_strprintf("Follows from root cause %u at %u:%u: %s. ", c->id,
                      c->line, c->col, c->text);
    add_text(p, t);
    free(t);
    snprintf(href, sizeof href, "#f%u-d%u", f, c->lead);
    prop(el(p, "a", "see the cause"), "href", href);
    return;
  }
  t = mdl_strprintf("Root cause %u: %s: %u findings follow from it%s: ",
                    c->id, c->text, c->nfindings,
                    c->verified ? " (one verified repair resolves them all)"
                                : "");
  add_text(p, t);
  free(t);
  for (uint32_t m = cg->first[c->id - 1], k = 0; m < cg->first[c->id]; m++) {
    uint32_t j = cg->idx[m];
    const mdl_diag *x = &MDL_VEC_AT(fr->diags.items, mdl_diag, j);
    if (j == i)
      continue;
    if (k++)
      add_text(p, ", ");
    t = mdl_strprintf("%s at %u:%u", mdl_rule_name(x->rule), x->line, x->col);
    snprintf(href, sizeof href, "#f%u-d%u", f, j);
    prop(el(p, "a", t), "href", href);
    free(t);
  }
}

/* A consequence's "How to fix" starts with its cause: the rule's generic
** repair would be the wrong one. */
static void cause_help(node det, const mdl_file_result *fr, uint32_t i) {
  const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
  const mdl_cause *c = rep_cause_of(fr, d);
  if (!c || c->nfindings < 2 || c->lead == i)
    return;
  const mdl_diag *fx = c->fix ? &MDL_VEC_AT(fr->diags.items, mdl_diag,
                                            c->fix - 1) : NULL;
  char *t = mdl_strprintf("Fix root cause %u first (%s)%s%s%s.", c->id,
                          c->text, fx ? ": " : "", fx ? fx->fix : "",
                          fx ? " resolves this finding too" : "");
  el(det, "p", t);
  free(t);
}

/* Finding i of file f (cg: its root causes' findings, rep_cause_groups). */
static void finding(node parent, const rep_input *in, const rep_groups *cg,
                    uint32_t f, uint32_t i) {
  const mdl_file_result *fr = &in->files[f];
  const rep_file_info *fi = in->info ? &in->info[f] : NULL;
  const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
  char cls[48], id[48];
  snprintf(cls, sizeof cls, "finding sev-%s", mdl_severity_name(d->severity));
  snprintf(id, sizeof id, "f%u-d%u", f, i);
  node art = elc(parent, "article", cls, NULL);
  prop(art, "id", id);
  node h = el(art, "h3", NULL);
  elc(h, "span", "sev", mdl_severity_name(d->severity));
  el(h, "code", mdl_rule_name(d->rule));
  char *where = mdl_strprintf("  %s:%u:%u%s%s",
                              mdl_where_file(d->where, fr->path), d->line,
                              d->col,
                              d->unit ? " in " : "", d->unit ? d->unit : "");
  add_text(h, where);
  free(where);
  if (d->suppressed) { /* kept, marked: the reason beside the finding */
    char *sp = mdl_strprintf("suppressed: %s", d->suppress_why);
    el(art, "p", sp);
    free(sp);
  }
  elc(art, "p", "msg", d->message);
  cause_par(art, fr, cg, f, i);
  excerpt(art, fi, d);
  node ul = elc(art, "ul", "notes", NULL);
  char chain[1024];
  if (d->where && d->where->nframes) /* the inlining chain (C++) */
    el(ul, "li", mdl_where_chain_str(d->where, chain, sizeof chain));
  for (uint32_t r = 0; r < d->nrelated; r++) {
    const mdl_related *rl = &d->related[r];
    char *t = mdl_strprintf("%s%s%u:%u: %s%s%s",
                            rl->where && rl->where->file ? rl->where->file : "",
                            rl->where && rl->where->file ? ":" : "", rl->line,
                            rl->col, rl->message,
                            rl->where && rl->where->nframes &&
                                    !rep_same_chain(rl->where, d->where)
                                ? "; " : "",
                            rl->where && rl->where->nframes &&
                                    !rep_same_chain(rl->where, d->where)
                                ? mdl_where_chain_str(rl->where, chain,
                                                      sizeof chain)
                                : "");
    el(ul, "li", t);
    free(t);
  }
  if (d->extra) {
    char *t = mdl_strprintf("and %u more instance%s of this pair", d->extra,
                            d->extra == 1 ? "" : "s");
    el(ul, "li", t);
    free(t);
  }
  if (!ul->children) {
    xmlUnlinkNode(ul);
    xmlFreeNode(ul);
  }
  timeline(art, d);
  if (d->fix_by) {
    char *t = mdl_strprintf("Fixed by the repair proposed at %u:%u: %s",
                            d->fix_by_line, d->fix_by_col, d->fix_by);
    elc(art, "p", "fix", t);
    free(t);
  }
  if (d->fix) {
    /* the verified repair, as a diff of the lines it touches */
    node fx = elc(art, "div", "fix", NULL);
    char *t = mdl_strprintf("Proposed fix: %s", d->fix);
    el(fx, "p", t);
    free(t);
    if (d->fix_confirm)
      elc(fx, "p", "confirm", d->fix_confirm);
    node pre = elc(fx, "pre", "diff", NULL);
    for (uint32_t e = 0; e < d->nfix_edits; e++) {
      const mdl_fix_edit *m = &d->fix_edits[e];
      const char *s0;
      size_t n0;
      bool have = fi && rep_source_line(fi, m->line, &s0, &n0);
      char *ln = NULL;
      if (m->op == 0 || m->op == 1) {
        ln = mdl_strprintf("@@ %s line %u\n+%s\n",
                           m->op ? "after" : "before",
                           m->op ? m->end : m->line, m->text ? m->text : "");
      } else if (m->op == 2) {
        ln = mdl_strprintf("@@ line %u\n-%.*s\n", m->line,
                           have ? (int)n0 : 0, have ? s0 : "");
      } else if (have && m->col >= 1 && m->old &&
                 m->col - 1 + strlen(m->old) <= n0) {
        size_t a = m->col - 1, o = strlen(m->old);
        ln = mdl_strprintf("@@ line %u\n-%.*s\n+%.*s%s%.*s\n", m->line,
                           (int)n0, s0, (int)a, s0, m->text ? m->text : "",
                           (int)(n0 - a - o), s0 + a + o);
      }
      if (ln) {
        add_text(pre, ln);
        free(ln);
      }
    }
  }
  if (rep_rule_is_finding(d->rule) || d->rule == MDL_RULE_UNKNOWN ||
      d->rule == MDL_RULE_SYNTAX || d->rule == MDL_RULE_UNSUPPORTED) {
    node det = el(art, "details", NULL);
    el(det, "summary", "How to fix");
    cause_help(det, fr, i);
    el(det, "p", rep_rule(d->rule)->help);
    char *more = mdl_strprintf("Rule %s: %s See docs/rules.md#%s.",
                               mdl_rule_name(d->rule),
                               rep_rule(d->rule)->full_desc,
                               rep_rule(d->rule)->anchor);
    el(det, "p", more);
    free(more);
  }
  if (fi && i < fi->nfps) {
    char *t = mdl_strprintf("fingerprint %s", fi->fps[i]);
    elc(art, "p", "fp", t);
    free(t);
  }
}

static const char *verdict_class(const mdl_unit_result *u) {
  static const char *c[] = {"v v-clean", "v v-findings", "v v-unknown",
                            "v v-error"};
  if (u->open && u->verdict == MDL_VERDICT_CLEAN)
    return "v v-open"; /* clean, cross-core not checked */
  if (u->verdict == MDL_VERDICT_CLEAN && mdl_unit_bounded(u, NULL))
    return "v v-bounded"; /* clean for trip counts 0..K only */
  return (unsigned)u->verdict <= MDL_VERDICT_ERROR ? c[u->verdict] : "v";
}

/* What the verdict covers (docs/loops.md): "all", or "bounded" with each
** loop proven for trip counts 0..K only and why. */
static void td_proof(node tr, const mdl_unit_result *u) {
  node td = el(tr, "td", NULL);
  if (u->verdict != MDL_VERDICT_CLEAN && u->verdict != MDL_VERDICT_FINDINGS)
    return;
  uint32_t b;
  if (!mdl_unit_bounded(u, &b)) {
    elc(td, "span", "proof proof-all", "all");
    return;
  }
  bool prefix = true; /* every bounded loop a prefix of a longer run */
  for (uint32_t i = 0; i < u->proofs.len; i++) {
    const mdl_loop_proof *p = &MDL_VEC_AT(u->proofs, mdl_loop_proof, i);
    prefix = prefix && (p->all || p->prefix);
  }
  char *t = prefix ? mdl_strprintf("bounded: the first %u iterations", b)
                   : mdl_strprintf("bounded: trip counts 0..%u", b);
  elc(td, "span", "proof proof-bounded", t);
  free(t);
  for (uint32_t i = 0; i < u->proofs.len; i++) {
    const mdl_loop_proof *p = &MDL_VEC_AT(u->proofs, mdl_loop_proof, i);
    if (p->all)
      continue;
    char *w = mdl_strprintf("loop at %u:%u: %s", p->line, p->col,
                            p->why ? p->why : "not shown");
    elc(td, "div", "proof-why", w);
    free(w);
  }
}

static void td_num(node tr, uint32_t v) {
  char b[16];
  snprintf(b, sizeof b, "%u", v);
  elc(tr, "td", "num", b);
}

/* The summary table's row of every unit of file f: its errors and
** warnings are its own diagnostics' (rep_unit_groups: same-named kernels
** of two chunks count apart). */
static void summary_rows(node tbody, const rep_input *in, uint32_t f) {
  const mdl_file_result *fr = &in->files[f];
  rep_groups g;
  rep_unit_groups(fr, &g);
  for (uint32_t u = 0; u < fr->units.len; u++) {
    const mdl_unit_result *ur = &MDL_VEC_AT(fr->units, mdl_unit_result, u);
    uint32_t ne = 0, nw = 0;
    for (uint32_t m = g.first[u]; m < g.first[u + 1]; m++) {
      const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, g.idx[m]);
      if (d->suppressed)
        continue; /* suppressed: shown, not counted */
      ne += d->severity == MDL_SEV_ERROR && d->rule != MDL_RULE_UNKNOWN;
      nw += d->severity == MDL_SEV_WARNING;
    }
    node tr = el(tbody, "tr", NULL);
    node a = el(el(tr, "td", NULL), "a", fr->path);
    char href[32];
    snprintf(href, sizeof href, "#f%u", f);
    prop(a, "href", href);
    el(el(tr, "td", NULL), "code", ur->name);
    elc(el(tr, "td", NULL), "span", verdict_class(ur),
        mdl_unit_verdict_name(ur));
    td_proof(tr, ur);
    td_num(tr, ne);
    td_num(tr, nw);
    node nt = elc(tr, "td", "note", ur->note ? ur->note : "");
    if (ur->sim)
      elc(nt, "div", "sim", ur->sim);
  }
  rep_groups_free(&g);
}

/* The section of file f: its findings, the --explain pairs folded.
** False when the tree passed the report's budget (rep_mem.c; base: what
** the libraries held before it) on the way: the section is then cut. */
static bool file_section(node main_, const rep_input *in, uint32_t f,
                         int64_t base) {
  const mdl_file_result *fr = &in->files[f];
  rep_groups cg;
  rep_cause_groups(fr, &cg);
  node sec = el(main_, "section", NULL);
  char id[32];
  snprintf(id, sizeof id, "f%u", f);
  prop(sec, "id", id);
  el(sec, "h2", fr->path);
  uint32_t nexpl = 0, nshown = 0;
  bool over = false;
  for (uint32_t i = 0; i < fr->diags.items.len && !over; i++) {
    const mdl_diag *d = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
    if (d->rule == MDL_RULE_EXPLAIN) {
      nexpl++;
      continue;
    }
    finding(sec, in, &cg, f, i);
    nshown++;
    over = rep_mem_over(in, base);
  }
  if (!nshown)
    el(sec, "p", fr->diags.items.len ? "No finding." : "No finding: clean.");
  if (nexpl) {
    node det = el(sec, "details", NULL);
    char *t = mdl_strprintf("%u conflicting pair%s proven ordered "
                            "(--explain)",
                            nexpl, nexpl == 1 ? "" : "s");
    el(det, "summary", t);
    free(t);
    for (uint32_t i = 0; i < fr->diags.items.len && !over; i++)
      if (MDL_VEC_AT(fr->diags.items, mdl_diag, i).rule == MDL_RULE_EXPLAIN) {
        finding(det, in, &cg, f, i);
        over = rep_mem_over(in, base);
      }
  }
  rep_groups_free(&cg);
  return !over;
}

int rep_html(FILE *out, const rep_input *in) {
  int64_t base = rep_mem_begin();
  htmlDocPtr doc = htmlNewDocNoDtD(NULL, NULL);
  if (!doc)
    return -1;
  xmlCreateIntSubset(doc, BAD_CAST "html", NULL, NULL);
  node html = el(NULL, "html", NULL);
  xmlDocSetRootElement(doc, html);
  prop(html, "lang", "en");
  node head = el(html, "head", NULL);
  node meta = el(head, "meta", NULL);
  prop(meta, "charset", "utf-8");
  el(head, "title", "ksv report");
  el(head, "style", css);
  node body = el(html, "body", NULL);
  /* the arrow head every timeline refers to */
  node defs_svg = el(body, "svg", NULL);
  prop(defs_svg, "width", "0");
  prop(defs_svg, "height", "0");
  prop(defs_svg, "style", "position:absolute");
  prop(defs_svg, "aria-hidden", "true");
  node defs = el(defs_svg, "defs", NULL);
  node mk = el(defs, "marker", NULL);
  prop(mk, "id", "ksv-arrow");
  prop(mk, "viewBox", "0 0 10 10");
  prop(mk, "refX", "9");
  prop(mk, "refY", "5");
  prop(mk, "markerWidth", "7");
  prop(mk, "markerHeight", "7");
  prop(mk, "orient", "auto");
  node mp = el(mk, "path", NULL);
  prop(mp, "d", "M0 0L10 5L0 10z");
  prop(mp, "fill", "#3a6fc4");

  uint32_t errors = 0, warnings = 0, unknown = 0, units = 0, open = 0;
  for (uint32_t f = 0; f < in->nfiles; f++) {
    errors += rep_errors(&in->files[f]);
    warnings += in->files[f].diags.warnings;
    for (uint32_t u = 0; u < in->files[f].units.len; u++) {
      units++;
      unknown += MDL_VEC_AT(in->files[f].units, mdl_unit_result, u).verdict ==
                 MDL_VERDICT_UNKNOWN;
      open += MDL_VEC_AT(in->files[f].units, mdl_unit_result, u).open;
    }
  }
  node hdr = el(body, "header", NULL);
  el(hdr, "h1", "ksv report");
  char *sum = mdl_strprintf(
      "ksv %s, profile %s: %u file%s, %u kernel%s: %u error%s, %u warning%s, "
      "%u unknown",
      in->tool_version, in->arch, in->nfiles, in->nfiles == 1 ? "" : "s",
      units, units == 1 ? "" : "s", errors, errors == 1 ? "" : "s", warnings,
      warnings == 1 ? "" : "s", unknown);
  if (open) { /* lone halves: their cross-core properties were not checked */
    char *s2 = mdl_strprintf("%s, %u cross-core not checked", sum, open);
    free(sum);
    sum = s2;
  }
  el(hdr, "p", sum);
  free(sum);
  if (in->baseline) {
    char *b = mdl_strprintf("only findings absent from the baseline %s; %u "
                            "more are in it",
                            in->baseline, in->baselined);
    el(hdr, "p", b);
    free(b);
  }
  node main_ = el(body, "main", NULL);
  el(main_, "h2", "Summary");
  node table = el(main_, "table", NULL);
  node tr = el(el(table, "thead", NULL), "tr", NULL);
  const char *cols[] = {"file", "kernel", "verdict", "proof", "errors",
                        "warnings", "note"};
  for (size_t c = 0; c < 7; c++)
    el(tr, "th", cols[c]);
  node tbody = el(table, "tbody", NULL);
  for (uint32_t f = 0; f < in->nfiles; f++)
    summary_rows(tbody, in, f);
  bool over = rep_mem_over(in, base);
  for (uint32_t f = 0; f < in->nfiles && !over; f++)
    over = !file_section(main_, in, f, base);
  if (over) {
    xmlFreeDoc(doc);
    return REP_OVER;
  }
  /* written as it is serialized: no second copy of the page in memory;
     stopped at the run's deadline (rep_sink) */
  rep_sink *k = malloc(sizeof *k);
  xmlOutputBufferPtr ob = NULL;
  if (k) {
    rep_sink_open(k, out, in);
    ob = xmlOutputBufferCreateIO(rep_sink_xml, NULL, k, NULL);
  }
  int rc = ob ? 0 : -1;
  if (ob) {
    htmlDocContentDumpFormatOutput(ob, doc, NULL, 1);
    xmlOutputBufferClose(ob); /* (-1 when the sink stopped it) */
    rc = rep_sink_close(k);
  }
  free(k);
  xmlFreeDoc(doc);
  return rc;
}
