/*
** ksv.c -- the driver behind include/ksv.h: read, parse, unroll, check,
** render.  Owns the order of phases and the exit-code policy.
*/
#include "../include/ksv.h"
#include "../checker/chk.h"
#include "../frontend/fe.h"
#include "../model/mdl.h"
#include "../model/mdl_build.h"
#include "../reports/rep.h"
#include "ksv_int.h"
#include "ksv_cfg.h"
#include "ksv_supp.h"
#include "ksv_prog.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

void ksv_options_default(ksv_options *o) {
  memset(o, 0, sizeof *o);
  o->arch = -1; /* the module's hacc.target, else a2 */
  mdl_limits l;
  mdl_limits_default(&l);
  o->max_unroll = l.max_unroll;
  o->sym_bound = l.sym_bound;
  o->max_instances = l.max_instances;
  o->max_memory_mb = (uint32_t)(l.max_memory >> 20);
  chk_options co;
  chk_options_default(&co);
  o->timeout_ms = co.timeout_ms;
  o->solver_budget_s = co.budget_s;
  const char *st = getenv("KSV_STATS");
  o->stats = st && *st && strcmp(st, "0");
  o->sim_runs = 20;
}

/* Has the run's deadline (--max-seconds, ksv fix's budget) passed? */
static bool past_deadline(const ksv_options *o) {
  return o->run_deadline > 0 && chk_wall() > o->run_deadline;
}

void ksv_deadline_name(const ksv_options *o, char *buf, size_t n) {
  if (o->deadline_by)
    snprintf(buf, n, "%s", o->deadline_by);
  else
    snprintf(buf, n, "--max-seconds %u", o->max_seconds);
}

void ksv_limits_of(const ksv_options *o, mdl_limits *l) {
  memset(l, 0, sizeof *l); /* (every field: window is off) */
  l->max_unroll = o->max_unroll;
  l->sym_bound = o->sym_bound;
  l->bound_fixed = o->trip_bound_fixed;
  l->max_instances = o->max_instances;
  l->max_memory = (uint64_t)o->max_memory_mb << 20;
}

/* Why the graph engine did not decide symbolic kernel k: chk_enum's
** reason (owned by the caller, consumed here). */
static char *describe_guards(const mdl_kernel *k, char *declined) {
  const char *why = declined ? declined : "it does not apply";
  char *r;
  if (k->lits.len) { /* name the first unknown condition or trip count */
    const mdl_lit *l = &MDL_VEC_AT(k->lits, mdl_lit, 0);
    r = mdl_strprintf("depends on %s at %u:%u, unknown at compile time, and "
                      "the graph engine cannot enumerate its outcomes: %s "
                      "(--engine smt or auto decides it)",
                      l->kind == 1 ? "the trip count of the loop"
                                   : "the condition",
                      l->loc.line, l->loc.col, why);
  } else {
    r = mdl_strprintf("depends on values unknown at compile time, and the "
                      "graph engine cannot decide it: %s (--engine smt or "
                      "auto decides it)", why);
  }
  free(declined);
  return r;
}

char *ksv_auto_sync_note(const mdl_kernel *k, char *note) {
  if (!k || k->lang != MDL_LANG_ASCENDC)
    return note;
  char ins[64] = "";
  if (k->auto_sync > 0)
    snprintf(ins, sizeof ins, ": %u syncs inserted", k->auto_syncs);
  char *r = mdl_strprintf("%s%sauto-sync assumed %s (--assume-auto-sync%s)",
                          note ? note : "", note ? "; " : "",
                          k->auto_sync > 0 ? "on" : "off", ins);
  free(note);
  return r;
}

double ksv_now_secs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* --stats measures CPU seconds of the checking thread (user + system),
** which other processes on a loaded machine do not inflate. */
static double cpu_secs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* --stats: one line per checked kernel (the analysis broken down where the
** engine measures it: graph build, ordering, checks, redundant search). */
static void print_stats(const mdl_kernel *k, const char *engine,
                        double unroll_s, double check_s, const chk_stats *cs) {
  ksv_prog_hide();
  fprintf(stderr,
          "ksv-stats: file=%s kernel=%s engine=%s instances=%u accesses=%u "
          "unroll_s=%.6f analyse_s=%.6f build_s=%.6f order_s=%.6f "
          "check_s=%.6f redundant_s=%.6f reruns=%u nodes=%llu edges=%llu "
          "queries=%u pruned=%u outcomes=%u prefix=%u%s trip_bound=%u\n",
          k->file, k->name, engine, k->insts.len, k->accesses.len, unroll_s,
          check_s - cs->redundant_s, cs->build_s, cs->order_s, cs->check_s,
          cs->redundant_s, cs->reruns, (unsigned long long)cs->nodes,
          (unsigned long long)cs->edges, cs->queries, cs->pruned,
          cs->outcomes, cs->prefix_insts,
          !cs->prefix_insts ? "" : cs->prefix_kept ? ":kept" : ":fell-back",
          k->concrete ? 0 : k->trip_bound);
}

/* --replay: every finding of k from diags->items[first] on the simulator,
** and the kernel's figures over o->sim_runs jittered runs. */
static void replay(const ksv_options *o, const mdl_kernel *k,
                   mdl_diags *diags, uint32_t first, mdl_unit_result *u) {
  if (!o->replay || u->verdict == MDL_VERDICT_ERROR)
    return;
  ksv_replay_diags(k, diags, first, ksv_flag_model(o->flag_model));
  ksv_simfig f;
  ksv_simulate(k, o->sim_runs, 1, ksv_flag_model(o->flag_model),
               o->run_deadline, &f);
  u->sim = ksv_simfig_str(&f);
}

/* A lone half (k->open) is checked without its partner cores: the unit
** says so (its verdict "clean (cross-core not checked)"), and with
** --require-complete it is undecided instead. */
static void open_verdict(const ksv_options *o, const mdl_kernel *k,
                         mdl_diags *diags, mdl_unit_result *u) {
  if (!k->open || u->verdict == MDL_VERDICT_ERROR ||
      u->verdict == MDL_VERDICT_UNKNOWN)
    return;
  u->open = true;
  if (!o->require_complete)
    return;
  mdl_diag_add_at(diags, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
               "not decided: %s %s not in this input, so its cross-core "
               "properties were not checked (--require-complete)",
               k->open_missing ? k->open_missing : "the partner cores",
               k->open_missing && !strcmp(k->open_missing, "the AIC")
                   ? "is" : "are");
  u->verdict = MDL_VERDICT_UNKNOWN;
}

/* --require-unbounded: a kernel proven for a bounded range of some
** loop's trip counts only is undecided (docs/loops.md). */
static void unbounded_verdict(const ksv_options *o, const mdl_kernel *k,
                              mdl_diags *diags, mdl_unit_result *u) {
  uint32_t bound;
  if (!o->require_unbounded || u->verdict != MDL_VERDICT_CLEAN ||
      !mdl_unit_bounded(u, &bound))
    return;
  const mdl_loop_proof *p = NULL;
  for (uint32_t i = 0; !p && i < u->proofs.len; i++)
    if (!MDL_VEC_AT(u->proofs, mdl_loop_proof, i).all)
      p = &MDL_VEC_AT(u->proofs, mdl_loop_proof, i);
  if (p->prefix)
    mdl_diag_add_at(diags, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                    "not decided: checked only on the first %u iterations "
                    "of %s (--require-unbounded)", p->bound,
                    p->why ? p->why : "a loop");
  else
    mdl_diag_add_at(diags, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                    "not decided: proven only for trip counts 0..%u of the "
                    "loop at %u:%u (--require-unbounded): %s", p->bound,
                    p->line, p->col, p->why ? p->why : "not shown");
  u->verdict = MDL_VERDICT_UNKNOWN;
}

/* A kernel checked on the first K iterations of a loop past --max-unroll
** is bounded too: its proof entry says so (docs/loops.md). */
static void prefix_proof(const mdl_kernel *k, mdl_unit_result *u) {
  if (!k->cut_cores || (u->verdict != MDL_VERDICT_CLEAN &&
                        u->verdict != MDL_VERDICT_FINDINGS))
    return;
  mdl_loop_proof *p = mdl_vec_push(&u->proofs, sizeof *p);
  if (!p)
    return;
  p->line = k->cut_line;
  p->col = k->cut_col;
  p->all = false;
  p->bound = k->cut_iters;
  p->prefix = true;
  p->why = mdl_strprintf("%s", k->cut_note ? k->cut_note : "a loop");
}

/* Decides the unrolled kernel k into diags and u; every engine's result
** gets the same finishing: a lone half's verdict, witness steps, --stats,
** --replay. */
static void decide(const ksv_options *o, mdl_kernel *k, chk_options *co,
                   mdl_diags *diags, mdl_unit_result *u, double t_unroll) {
  uint32_t first = diags->items.len;
  chk_stats cs;
  memset(&cs, 0, sizeof cs);
  co->stats = o->stats ? &cs : NULL;
  uint32_t want = 0;
  co->proofs = &u->proofs;
  co->want_bound = &want;
  double t_check = o->stats ? cpu_secs() : 0;
  bool done;
  char *declined;
  const char *eng = ksv_decide_proven(o, k, co, diags, u, first, &want, &done,
                                  &declined);
  co->want_bound = NULL;
  if (!eng) {
    char *why = describe_guards(k, declined);
    mdl_diag_add_at(diags, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                    "not decided: the verdict %s", why);
    u->verdict = MDL_VERDICT_UNKNOWN;
    u->note = why;
    mdl_loop_proofs_free(&u->proofs);
    co->proofs = NULL;
    return;
  }
  free(declined);
  if (!done)
    u->verdict = !strcmp(eng, "smt") ? chk_smt(k, co, diags, &u->note)
                                     : chk_graph(k, co, diags, &u->note);
  if (ksv_decide_window(o, k, co, diags, u, first))
    eng = "graph";
  co->proofs = NULL;
  if (u->verdict != MDL_VERDICT_CLEAN && u->verdict != MDL_VERDICT_FINDINGS)
    mdl_loop_proofs_free(&u->proofs);
  open_verdict(o, k, diags, u);
  prefix_proof(k, u);
  unbounded_verdict(o, k, diags, u);
  chk_steps_locate(k, diags, first);
  if (o->stats)
    print_stats(k, eng, t_unroll, cpu_secs() - t_check, &cs);
  replay(o, k, diags, first, u);
}

/* A file check_file could not read (errno set): a located error, or an
** input over --max-memory-mb / 64 (size: ksv_read_file's), unknown. */
static void unread_file(const char *path, uint64_t max, uint64_t size,
                        mdl_file_result *fr) {
  mdl_unit_result *u = mdl_vec_push(&fr->units, sizeof *u);
  u->name = mdl_strprintf("(file)");
  if (errno == EFBIG && max) {
    char *why = ksv_too_big(size, max);
    mdl_diag_add(&fr->diags, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, path, NULL, 1,
                 1, "not decided: %s", why);
    free(why);
    u->verdict = MDL_VERDICT_UNKNOWN;
    char lim[64];
    ksv_size_str(max, lim, sizeof lim);
    u->note = mdl_strprintf("input larger than %s (--max-memory-mb / 64)",
                            lim);
    return;
  }
  char msg[256];
  strerror_r(errno, msg, sizeof msg);
  mdl_diag_add(&fr->diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR, path, NULL, 1, 1,
               "cannot read file: %s", msg);
  u->verdict = MDL_VERDICT_ERROR;
}

/* Checks one file into fr; fi keeps, for the reports, the source text
** and the cores/pipes of the instructions the diagnostics name. */
static void check_file(const ksv_options *o, const ksv_rules *rules,
                       const char *operand, mdl_file_result *fr,
                       rep_file_info *fi) {
  const char *path = ksv_input_name(operand); /* "-": "<stdin>" */
  fr->path = path;
  size_t len = 0;
  uint64_t max = ksv_input_max(o->max_memory_mb), size;
  char *text = ksv_read_file(operand, max, &len, &size);
  if (!text) {
    unread_file(path, max, size, fr);
    return;
  }
  ksv_check_text(o, path, text, len, fr, fi, NULL);
  if (o->fix)
    ksv_attach_fixes(o, path, text, len, &fr->diags);
  ksv_suppress(fr, text, len, rules); /* before the fingerprints */
  fi->text = text;
  fi->len = len;
}

/* A unit the frontend could not read all of (a construct that can affect
** sync or accesses, fe_unit.unknown): the verdict is unknown, never clean
** (the frontend's located warnings name the construct). */
static void frontend_unknown(const fe_unit *fu, const char *path,
                             const mdl_kernel *k, mdl_diags *diags,
                             mdl_unit_result *u) {
  const char *why = fu->unknown_why ? fu->unknown_why
                                    : "a construct ksv does not understand";
  mdl_diag_add(diags, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, path, k->name,
               k->loc.line, k->loc.col, "not decided: the kernel uses %s",
               why);
  u->verdict = MDL_VERDICT_UNKNOWN;
  free(u->note);
  u->note = mdl_strprintf("not decided: the kernel uses %s", why);
}

/* --entry NAME: handed to the frontends; on a HIVM file, bad usage (a
** located error, exit 2): its kernels are its func.func definitions. */
static bool entry_applies(const ksv_options *o, const char *path,
                          mdl_file_result *fr) {
  if (o->entry && ksv_lang_of(o->lang, path) != FE_LANG_ASCENDC) {
    mdl_diag_add(&fr->diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR, path, NULL, 1, 1,
                 "--entry %s picks an Ascend C function or class; a HIVM "
                 "file's kernels are its func.func definitions", o->entry);
    mdl_unit_result *u = mdl_vec_push(&fr->units, sizeof *u);
    u->name = mdl_strprintf("(file)");
    u->verdict = MDL_VERDICT_ERROR;
    return false;
  }
  if (fe_entry() != o->entry)
    fe_set_entry(o->entry);
  return true;
}

/* Is rule r a property of the sync skeleton alone (the flags' counts and
** pairing), which calls that leave every flag as they found it cannot
** change?  Races and redundancy need the accesses those calls hide. */
static bool skeleton_rule(mdl_rule r) {
  return r == MDL_RULE_DEADLOCK || r == MDL_RULE_UNPAIRED_SET ||
         r == MDL_RULE_DOUBLE_SET || r == MDL_RULE_FLAG_OVERFLOW ||
         r == MDL_RULE_INVALID_SYNC;
}

/* A header harness's unit that is unknown only through calls ksv cannot
** see (catlass's tile copies): the engines run on what was extracted and
** only the sync skeleton's findings are kept -- under the stated
** assumption that those calls leave every flag as they found it.  With
** findings the verdict is findings; without, unknown as before (races
** are not decided). */
static void skeleton_check(const ksv_options *o, const fe_unit *fu,
                           const char *path, mdl_kernel *k,
                           chk_options *co, mdl_diags *diags,
                           mdl_unit_result *u, double t_unroll) {
  mdl_diags tmp;
  memset(&tmp, 0, sizeof tmp);
  mdl_unit_result tu;
  memset(&tu, 0, sizeof tu);
  decide(o, k, co, &tmp, &tu, t_unroll);
  uint32_t kept = 0;
  for (uint32_t i = 0; i < tmp.items.len; i++) {
    mdl_diag *g = &MDL_VEC_AT(tmp.items, mdl_diag, i);
    if (!skeleton_rule(g->rule))
      continue;
    mdl_diag *c = mdl_vec_push(&diags->items, sizeof *c);
    *c = *g; /* ownership moves: tmp's copy is emptied */
    memset(g, 0, sizeof *g);
    mdl_diag_related(c, c->line, c->col, "found in the sync skeleton: the "
                     "calls ksv cannot see are assumed to leave every flag "
                     "as they found it");
    diags->errors += c->severity == MDL_SEV_ERROR;
    diags->warnings += c->severity == MDL_SEV_WARNING;
    diags->notes += c->severity == MDL_SEV_NOTE;
    kept += c->severity == MDL_SEV_ERROR;
  }
  mdl_diags_free(&tmp);
  free(tu.note);
  free(tu.sim);
  free(tu.name);
  mdl_loop_proofs_free(&tu.proofs);
  if (kept) { /* findings: the rest undecided is said in the note */
    u->verdict = MDL_VERDICT_FINDINGS;
    free(u->note);
    u->note = mdl_strprintf("its sync skeleton has %u error%s (the calls ksv "
                            "cannot see assumed to leave every flag as they "
                            "found it); races not decided: the kernel uses "
                            "%s", kept, kept > 1 ? "s" : "",
                            fu->unknown_why ? fu->unknown_why
                                            : "a construct ksv does not "
                                              "understand");
  } else {
    frontend_unknown(fu, path, k, diags, u);
    char *n = mdl_strprintf("%s; its sync skeleton (flags and barriers, the "
                            "calls ksv cannot see assumed to leave every "
                            "flag as they found it) has no deadlock, "
                            "unpaired or double set", u->note);
    free(u->note);
    u->note = n;
  }
}

/* The run's deadline (o->run_deadline: --max-seconds, ksv fix's budget):
** past it a kernel is not checked -- it is unknown, naming the budget
** (true) -- and before it, the solver's query time is cut to what is left
** (in co). */
static bool out_of_time(const ksv_options *o, const fe_unit *fu,
                        chk_options *co, mdl_diags *diags,
                        mdl_unit_result *u) {
  if (o->run_deadline <= 0)
    return false;
  double left = o->run_deadline - chk_wall();
  if (left > 0) {
    co->deadline = o->run_deadline;
    if (!co->timeout_ms || co->timeout_ms > left * 1000 + 100)
      co->timeout_ms = (uint32_t)(left * 1000) + 100;
    return false;
  }
  char by[64];
  ksv_deadline_name(o, by, sizeof by);
  u->note = mdl_strprintf("%s ran out before it was checked", by);
  mdl_diag_add_at(diags, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, fu->k, fu->k->loc,
                  "not decided: %s", u->note);
  u->verdict = MDL_VERDICT_UNKNOWN;
  return true;
}

/* A kernel left unknown when the run's deadline passed while it was
** checked: its unknowns (from diags->items[first] on; an engine stopped
** early says why it stopped, not that the budget did) and its note name
** the budget: "... (--max-seconds N ran out)". */
static void blame_budget(const ksv_options *o, mdl_diags *diags,
                         uint32_t first, mdl_unit_result *u) {
  if (u->verdict != MDL_VERDICT_UNKNOWN || !past_deadline(o))
    return;
  char by[64];
  ksv_deadline_name(o, by, sizeof by);
  for (uint32_t i = first; i < diags->items.len; i++) {
    mdl_diag *g = &MDL_VEC_AT(diags->items, mdl_diag, i);
    if (g->rule != MDL_RULE_UNKNOWN)
      continue;
    char *n = mdl_strprintf("%s (%s ran out)", g->message ? g->message : "",
                            by);
    free(g->message);
    g->message = n;
  }
  char *n = mdl_strprintf("%s (%s ran out)", u->note ? u->note
                                                     : "not decided", by);
  free(u->note);
  u->note = n;
}

/* A kernel unrolling left nothing to decide: an input error, a limit,
** (debug builds) a model that fails its self-check.  True after the
** diagnostic and the verdict. */
static bool unroll_failed(const char *path, const mdl_kernel *k,
                          mdl_diags *diags, mdl_unit_result *u) {
  if (k->input_error) {
    mdl_diag_add_at(diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR, k,
                    k->input_error_loc, "%s", k->input_error);
    u->verdict = MDL_VERDICT_ERROR;
    return true;
  }
  if (k->limit_hit) {
    mdl_diag_add_at(diags, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, k, k->loc,
                    "not decided: %s", k->limit_hit);
    u->verdict = MDL_VERDICT_UNKNOWN;
    u->note = ksv_auto_sync_note(k, mdl_strprintf("%s", k->limit_hit));
    return true;
  }
#ifndef NDEBUG
  char err[1024];
  if (mdl_selfcheck(k, err, sizeof err)) {
    mdl_diag_add(diags, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, path, k->name,
                 k->loc.line, k->loc.col,
                 "internal error: model self-check failed: %s", err);
    u->verdict = MDL_VERDICT_UNKNOWN;
    return true;
  }
#else
  (void)path;
#endif
  return false;
}

/* Checks the built kernel of unit fu into fr's diagnostics and u. */
static void check_unit(const ksv_options *o, const char *path, fe_unit *fu,
                       const chk_options *co, const mdl_limits *lim,
                       mdl_file_result *fr, mdl_unit_result *u) {
  chk_options hco = *co;
  if (out_of_time(o, fu, &hco, &fr->diags, u))
    return;
  mdl_kernel *k = fu->k;
  fr->archs |= (uint8_t)(1u << k->prof->arch);
  double t_unit = ksv_now_secs(); /* the kernel's time, for JUnit */
  double t_unroll = o->stats ? cpu_secs() : 0;
  ksv_auto_sync(k, o->auto_sync);
  mdl_unroll(k, lim);
  t_unroll = o->stats ? cpu_secs() - t_unroll : 0;
  if (unroll_failed(path, k, &fr->diags, u)) {
    u->secs = ksv_now_secs() - t_unit;
    return;
  }
  /* a harness's two calls are two copies of each method: a barrier that
     orders the previous call's work is "redundant" in the first copy, so
     the redundant-sync search does not run on them */
  hco.redundant = co->redundant && !fu->note;
  uint32_t first = fr->diags.items.len;
  if (fu->unknown && fu->skeleton)
    skeleton_check(o, fu, path, k, &hco, &fr->diags, u, t_unroll);
  else if (fu->unknown) /* the frontend did not understand all of it: the
                      engines would judge a program that is not the
                      kernel, so they do not run */
    frontend_unknown(fu, path, k, &fr->diags, u);
  else
    decide(o, k, &hco, &fr->diags, u, t_unroll);
  blame_budget(o, &fr->diags, first, u);
  u->note = ksv_auto_sync_note(k, u->note);
  if (fu->note) { /* a synthesized unit says so first (a header) */
    char *n = u->note ? mdl_strprintf("%s; %s", fu->note, u->note)
                      : mdl_strprintf("%s", fu->note);
    free(u->note);
    u->note = n;
  }
  u->secs = ksv_now_secs() - t_unit;
}

/* A file's units being checked (ksv_check_text): the frontend's units,
** which are fr->units from base on, and the frontend's diagnostics of
** each (pre, by unit). */
typedef struct {
  mdl_file_result *fr;
  rep_file_info *fi;
  mdl_vec *units;              /* fe_unit */
  uint32_t base;
  rep_groups pre;
  uint64_t kept, keep_max;     /* bytes of the kernels kept (ksv fix's
                                  check), and their share of
                                  --max-memory-mb (0: no limit) */
} unit_run;

/* Ties every diagnostic the frontend gave (from d0 on) to its unit
** (mdl_diag.unit_ix), so that two chunks' kernels of one name keep their
** own findings: the HIVM frontend numbered its units from 1 (moved past
** the base units before them); the others (Ascend C) go by name, to the
** first unit of that name.  Then groups them by unit (r->pre). */
static void tag_parse(unit_run *r, uint32_t d0) {
  mdl_diags *ds = &r->fr->diags;
  uint32_t n = ds->items.len, nu = r->units->len;
  uint32_t *key = malloc((n ? n : 1) * sizeof *key);
  if (!key)
    abort();
  for (uint32_t j = 0; j < n; j++) {
    mdl_diag *d = &MDL_VEC_AT(ds->items, mdl_diag, j);
    key[j] = REP_NONE;
    if (j < d0 || !d->unit)
      continue;
    if (d->unit_ix)
      d->unit_ix += r->base;
    for (uint32_t i = 0; !d->unit_ix && i < nu; i++)
      if (!strcmp(MDL_VEC_AT(*r->units, fe_unit, i).name, d->unit))
        d->unit_ix = r->base + i + 1;
    if (d->unit_ix > r->base)
      key[j] = d->unit_ix - 1 - r->base;
  }
  rep_groups_make(&r->pre, key, n, nu);
  free(key);
}

/* Unit i has been checked, its diagnostics added from `from` on: they
** are tied to it (those that name it), its sites are kept for the
** fingerprints (the ops at the locations its diagnostics name), and,
** unless the caller keeps the units, its kernel is freed at once: a file
** of many kernels holds one unrolled kernel at a time.  Kept ones (ksv
** fix) are kept while they fit in r->keep_max together (the first one
** whatever its size: one kernel is bounded by the model's budget); one
** past it is freed all the same, its unit marked dropped. */
static void finish_unit(unit_run *r, uint32_t i, uint32_t from, bool keep) {
  mdl_diags *ds = &r->fr->diags;
  fe_unit *fu = &MDL_VEC_AT(*r->units, fe_unit, i);
  uint32_t ix = r->base + i + 1, to = ds->items.len;
  const char *name = MDL_VEC_AT(r->fr->units, mdl_unit_result, ix - 1).name;
  uint32_t npre = r->pre.first[i + 1] - r->pre.first[i];
  uint32_t *which = malloc((npre + to - from + 1) * sizeof *which), nw = 0;
  if (!which)
    abort();
  for (uint32_t m = r->pre.first[i]; m < r->pre.first[i + 1]; m++)
    which[nw++] = r->pre.idx[m];
  for (uint32_t j = from; j < to; j++) {
    mdl_diag *d = &MDL_VEC_AT(ds->items, mdl_diag, j);
    if (!d->unit_ix && d->unit && !strcmp(d->unit, name))
      d->unit_ix = ix;
    if (d->unit_ix == ix)
      which[nw++] = j;
  }
  if (r->fi && fu->k)
    rep_sites_collect(fu->k, ds, which, nw, r->fi);
  free(which);
  uint64_t bytes = keep ? mdl_kernel_bytes(fu->k) : 0;
  if (keep && r->keep_max && r->kept && r->kept + bytes > r->keep_max) {
    keep = false; /* past the share: not kept (its check stands) */
    fu->dropped = true;
  }
  r->kept += keep ? bytes : 0;
  if (!keep) {
    mdl_kernel_free(fu->k);
    fu->k = NULL;
  }
}

void ksv_check_text(const ksv_options *o, const char *path,
                    const char *text, size_t len, mdl_file_result *fr,
                    rep_file_info *fi, mdl_vec *keep) {
  fr->path = path;
  mdl_vec units = {0};
  if (!entry_applies(o, path, fr))
    return;
  double t_parse = o->stats ? cpu_secs() : 0;
  uint32_t d0 = fr->diags.items.len;
  ksv_fe_parse(o->lang, o->defines, o->ndefines, path, text, len,
                ksv_fe_arch(o->arch), &units, &fr->diags);
  if (o->stats)
    ksv_prog_hide();
  if (o->stats)
    fprintf(stderr, "ksv-stats: file=%s bytes=%zu units=%u parse_s=%.6f\n",
            path, len, units.len, cpu_secs() - t_parse);
  if (!units.len && !fr->diags.errors &&
      fe_lang_of_path(path) != FE_LANG_ASCENDC) {
    /* (an Ascend C file without an entry, a header, was reported by its
       frontend: a warning, nothing to check) */
    mdl_diag_add(&fr->diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR, path, NULL, 1, 1,
                 "no kernel found: expected a func.func with a body");
    mdl_unit_result *u = mdl_vec_push(&fr->units, sizeof *u);
    u->name = mdl_strprintf("(file)");
    u->verdict = MDL_VERDICT_ERROR;
  }
  mdl_limits lim;
  ksv_limits_of(o, &lim);
  chk_options co;
  chk_options_default(&co);
  co.explain = o->explain;
  co.redundant = !o->no_redundant;
  co.timeout_ms = o->timeout_ms;
  co.budget_s = o->solver_budget_s;
  co.sym_bound = o->sym_bound;
  co.max_memory_mb = o->max_memory_mb;
  co.valuations = o->replay;
  co.flags = ksv_flag_model(o->flag_model);
  co.deadline = o->run_deadline;
  /* (a check of one unit keeps what it has: one unrolled kernel) */
  unit_run run = {fr, fi, &units, fr->units.len, {0}, 0,
                  o->only_unit ? 0 : ksv_keep_max(o->max_memory_mb)};
  tag_parse(&run, d0);
  uint32_t from = fr->diags.items.len;
  for (uint32_t i = 0; i < units.len; i++) {
    fe_unit *fu = &MDL_VEC_AT(units, fe_unit, i);
    if (i) { /* (the previous unit: done) */
      finish_unit(&run, i - 1, from, keep);
      from = fr->diags.items.len;
    }
    /* (-j: files in parallel, one line: the head names no single file) */
    if (o->progress != KSV_PROGRESS_OFF && o->jobs <= 1)
      ksv_prog_detail("kernel %u/%u %s", i + 1, units.len, fu->name);
    mdl_unit_result *u = mdl_vec_push(&fr->units, sizeof *u);
    u->name = mdl_strprintf("%s", fu->name);
    u->line = fu->line;
    if (fu->error || !fu->k) {
      u->verdict = MDL_VERDICT_ERROR;
      continue;
    }
    if (o->only_unit && i + 1 != o->only_unit) {
      u->verdict = MDL_VERDICT_CLEAN; /* (not checked: ksv fix knows it) */
      continue;
    }
    co.max_findings = ksv_findings_room(o->max_memory_mb,
                                        fr->diags.items.len);
    check_unit(o, path, fu, &co, &lim, fr, u);
  }
  if (units.len)
    finish_unit(&run, units.len - 1, from, keep);
  rep_groups_free(&run.pre);
  if (keep)
    *keep = units;
  else
    fe_units_free(&units);
  mdl_diags_sort(&fr->diags);
}

/* -j: workers take the next unchecked file; results land in input order,
** so the reports do not depend on the schedule. */
typedef struct {
  const ksv_options *o;        /* per file: the command line and config */
  const ksv_rules *rules;      /* per file */
  const char *const *files;
  int nfiles, next, done;      /* done: files finished (progress) */
  mdl_file_result *frs;
  rep_file_info *fis;
  pthread_mutex_t lock;
} check_pool;

static void *check_worker(void *arg) {
  check_pool *p = arg;
  for (;;) {
    pthread_mutex_lock(&p->lock);
    int i = p->next < p->nfiles ? p->next++ : -1;
    if (i >= 0)
      ksv_prog_head("ksv check: %d/%d files done, checking %s", p->done,
                    p->nfiles, ksv_prog_base(p->files[i]));
    pthread_mutex_unlock(&p->lock);
    if (i < 0)
      return NULL;
    double t0 = ksv_now_secs();
    check_file(&p->o[i], &p->rules[i], p->files[i], &p->frs[i], &p->fis[i]);
    p->fis[i].secs = ksv_now_secs() - t0;
    pthread_mutex_lock(&p->lock);
    p->done++;
    pthread_mutex_unlock(&p->lock);
  }
}

static void check_all(const ksv_options *o, const ksv_rules *rules,
                      const char *const *files, int nfiles,
                      mdl_file_result *frs, rep_file_info *fis) {
  check_pool p = {o, rules, files, nfiles, 0, 0, frs, fis,
                  PTHREAD_MUTEX_INITIALIZER};
  uint32_t jobs = o->jobs > 1 ? o->jobs : 1;
  if (jobs > (uint32_t)nfiles)
    jobs = nfiles > 0 ? (uint32_t)nfiles : 1;
  pthread_t *tid = jobs > 1 ? calloc(jobs, sizeof *tid) : NULL;
  uint32_t started = 0;
  for (uint32_t t = 0; tid && t < jobs; t++)
    if (!pthread_create(&tid[t], NULL, check_worker, &p))
      started++;
    else
      break;
  if (!started)
    check_worker(&p); /* -j 1, or no thread could start */
  for (uint32_t t = 0; t < started; t++)
    pthread_join(tid[t], NULL);
  free(tid);
  pthread_mutex_destroy(&p.lock);
}

/* --baseline: drops the findings whose fingerprint the baseline has (with
** their fingerprints) and recounts.  Returns how many were dropped. */
static uint32_t drop_baselined(mdl_file_result *fr, rep_file_info *fi,
                               const rep_fpset *base) {
  mdl_diags keep = {0}, gone = {0};
  uint32_t nk = 0;
  for (uint32_t i = 0; i < fr->diags.items.len; i++) {
    mdl_diag *g = &MDL_VEC_AT(fr->diags.items, mdl_diag, i);
    bool drop = rep_rule_is_finding(g->rule) && rep_fpset_has(base, fi->fps[i]);
    mdl_diags *to = drop ? &gone : &keep;
    *(mdl_diag *)mdl_vec_push(&to->items, sizeof *g) = *g;
    if (drop) {
      free(fi->fps[i]);
      continue;
    }
    fi->fps[nk++] = fi->fps[i];
  }
  fi->nfps = nk;
  mdl_vec_free(&fr->diags.items);
  fr->diags = keep;
  ksv_diags_recount(&fr->diags); /* suppressed ones count apart */
  uint32_t dropped = gone.items.len;
  mdl_diags_free(&gone);
  return dropped;
}

/* The config of file (--config, else the nearest .ksv.yaml, none with
** --no-config), read once per path into cfgs; NULL for none, or on a bad
** config (the error printed). */
static const ksv_cfg *config_of(const ksv_options *o, const char *file,
                                ksv_cfg *cfgs, int *ncfgs, bool *bad) {
  if (o->no_config)
    return NULL;
  char *path = o->config ? mdl_strprintf("%s", o->config) : ksv_cfg_find(file);
  if (!path)
    return NULL;
  for (int i = 0; i < *ncfgs; i++)
    if (!strcmp(cfgs[i].path, path)) {
      free(path);
      return &cfgs[i];
    }
  char err[PATH_MAX + 512];
  ksv_cfg *c = &cfgs[(*ncfgs)++];
  if (ksv_cfg_load(path, c, err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    *bad = true;
  }
  free(path);
  return *bad ? NULL : c;
}

/* The options and rule switches of each file: the command line over the
** file's config (docs/config.md).  0, or KSV_EXIT_BAD_INPUT after the
** error on stderr. */
static int file_settings(const ksv_options *o, const char *const *files,
                         int nfiles, ksv_options *fo, ksv_rules *fr) {
  ksv_cfg *cfgs = calloc((size_t)nfiles + 1, sizeof *cfgs);
  int ncfgs = 0, rc = 0;
  if (!cfgs)
    return KSV_EXIT_UNKNOWN;
  for (int i = 0; i < nfiles && !rc; i++) {
    bool bad = false;
    const ksv_cfg *c = config_of(o, files[i], cfgs, &ncfgs, &bad);
    fo[i] = *o;
    ksv_rules_init(&fr[i]);
    if (c) {
      ksv_cfg_apply(c, &fo[i]);
      fr[i] = c->rules;
    }
    char err[256];
    if (bad) {
      rc = KSV_EXIT_BAD_INPUT;
    } else if (ksv_rules_cli(&fr[i], o->rule_switches, o->nrule_switches,
                             err, sizeof err)) {
      fprintf(stderr, "ksv: error: %s\n", err);
      rc = KSV_EXIT_BAD_INPUT;
    }
  }
  for (int i = 0; i < ncfgs; i++)
    ksv_cfg_free(&cfgs[i]);
  free(cfgs);
  return rc;
}

int ksv_list_rules(FILE *out, const char *doc_url) {
  for (int r = 0; r < MDL_RULE_COUNT; r++) {
    const rep_rule_info *ri = rep_rule((mdl_rule)r);
    fprintf(out, "%-23s %-8s %s %srules.md#%s\n", mdl_rule_name((mdl_rule)r),
            mdl_severity_name(mdl_rule_severity((mdl_rule)r)),
            ri->short_desc, doc_url ? doc_url : REP_DOC_URL, ri->anchor);
  }
  return ferror(out) ? KSV_EXIT_UNKNOWN : KSV_EXIT_CLEAN;
}

/* The exit status's share of file i: bad input, undecided, findings
** (suppressed ones never fail the run). */
static void file_status(const mdl_file_result *fr, bool fail_on_warning,
                        bool *bad, bool *unknown, bool *findings) {
  for (uint32_t u = 0; u < fr->units.len; u++) {
    mdl_verdict v = MDL_VEC_AT(fr->units, mdl_unit_result, u).verdict;
    *bad |= v == MDL_VERDICT_ERROR;
    *unknown |= v == MDL_VERDICT_UNKNOWN;
  }
  for (uint32_t d = 0; d < fr->diags.items.len; d++) {
    const mdl_diag *g = &MDL_VEC_AT(fr->diags.items, mdl_diag, d);
    if (g->suppressed)
      continue;
    if (g->rule == MDL_RULE_SYNTAX && g->severity == MDL_SEV_ERROR)
      *bad = true;
    else if (g->rule == MDL_RULE_UNKNOWN)
      *unknown = true;
    else if (g->severity == MDL_SEV_ERROR ||
             (fail_on_warning && g->severity == MDL_SEV_WARNING &&
              g->rule != MDL_RULE_UNSUPPORTED))
      *findings = true;
  }
}

static int check_files(const ksv_options *o, const ksv_options *fo,
                       const ksv_rules *frules, const char *const *files,
                       int nfiles, FILE *out);

static int render_one(int format, FILE *out, const rep_input *in) {
  switch (format) {
  case KSV_FORMAT_JSON: return rep_json(out, in);
  case KSV_FORMAT_JUNIT: return rep_junit(out, in);
  case KSV_FORMAT_SARIF: return rep_sarif(out, in);
  case KSV_FORMAT_HTML: return rep_html(out, in);
  default: return rep_text(out, in);
  }
}

/* One report of the run in format (KSV_FORMAT_*): 0, or -1 (a write
** error; or a document past its share of --max-memory-mb mb, not
** written: said on stderr). */
static int render(int format, FILE *out, const rep_input *in, uint32_t mb) {
  static const char *const names[] = {"text", "JSON", "JUnit", "SARIF",
                                      "HTML"};
  const char *name = names[format >= 0 && format <= 4 ? format : 0];
  int rc = render_one(format, out, in);
  if (rc == REP_CUT) /* (the report says where it stops) */
    fprintf(stderr, "ksv: error: the %s report stops short: %s ran out "
                    "while it was written\n", name, in->deadline_by);
  else if (rc == REP_OVER && rep_mem_late())
    fprintf(stderr, "ksv: error: the %s report was not written: it could "
                    "not be finished within %s (raise it, or write the "
                    "text report, which is written as it is made)\n",
            name, in->deadline_by);
  else if (rc == REP_OVER)
    fprintf(stderr, "ksv: error: the %s report was not written: its "
                    "document needs more than %llu MB, half of "
                    "--max-memory-mb %u (raise it, or write the text "
                    "report, which keeps no document)\n",
            name, (unsigned long long)(in->doc_budget >> 20), mb);
  return rc ? -1 : 0;
}

int ksv_check(const ksv_options *o, const char *const *files, int nfiles,
              FILE *out) {
  if (o->config && o->no_config) {
    fprintf(stderr, "ksv: error: --config and --no-config exclude each "
                    "other\n");
    return KSV_EXIT_BAD_INPUT;
  }
  ksv_options oo = *o; /* --max-seconds: the run's deadline, from now */
  if (oo.max_seconds && !oo.run_deadline)
    oo.run_deadline = chk_wall() + oo.max_seconds;
  o = &oo;
  size_t nf = (size_t)(nfiles > 0 ? nfiles : 1);
  ksv_options *fo = calloc(nf, sizeof *fo);
  ksv_rules *frules = calloc(nf, sizeof *frules);
  int rc = fo && frules ? file_settings(o, files, nfiles, fo, frules)
                        : KSV_EXIT_UNKNOWN;
  if (!rc)
    rc = check_files(o, fo, frules, files, nfiles, out);
  free(fo);
  free(frules);
  return rc;
}

/* ksv_check once every file's settings are known. */
static int check_files(const ksv_options *o, const ksv_options *fo,
                       const ksv_rules *frules, const char *const *files,
                       int nfiles, FILE *out) {
  rep_fpset base = {0};
  if (o->baseline) {
    char err[512];
    if (rep_baseline_load(o->baseline, &base, err, sizeof err)) {
      fprintf(stderr, "ksv: error: %s\n", err);
      return KSV_EXIT_BAD_INPUT;
    }
  }
  size_t nf = (size_t)(nfiles > 0 ? nfiles : 1);
  mdl_file_result *frs = calloc(nf, sizeof *frs);
  rep_file_info *fis = calloc(nf, sizeof *fis);
  if (!frs || !fis) {
    free(frs);
    free(fis);
    rep_fpset_free(&base);
    return KSV_EXIT_UNKNOWN;
  }
  double t_check = o->stats ? ksv_now_secs() : 0;
  ksv_prog_start(o->progress);
  check_all(fo, frules, files, nfiles, frs, fis);
  ksv_prog_end(); /* before the report: stdout may be the same terminal */
  double t_report = o->stats ? ksv_now_secs() : 0, c_report = cpu_secs();
  uint32_t baselined = 0;
  for (int i = 0; i < nfiles; i++) {
    rep_fingerprints(&frs[i], &fis[i]);
    if (o->baseline)
      baselined += drop_baselined(&frs[i], &fis[i], &base);
    ksv_group_causes(&frs[i], &fis[i]); /* after the fingerprints: they
                                           number equal hashes in line
                                           order, which stays */
  }
  rep_fpset_free(&base);
  uint8_t archs = 0; /* without --arch: the profiles the targets chose */
  for (int i = 0; i < nfiles; i++)
    archs |= frs[i].archs;
  int oarch = fo[0].arch; /* the command line's, or every config's */
  for (int i = 1; i < nfiles; i++)
    oarch = fo[i].arch == oarch ? oarch : -1;
  const char *arch = oarch == 1 ? "a5" : oarch == 0 ? "a2"
                     : archs == 2 ? "a5" : archs == 3 ? "a2+a5" : "a2";
  /* the report-wide --fail-on: the first input's (JUnit failures) */
  rep_input in = {frs, fis, (uint32_t)nfiles, KSV_VERSION, arch,
                  fo[0].fail_on_warning, o->baseline, baselined, o->doc_url,
                  o->show_suppressed, o->color, o->excerpts,
                  ((uint64_t)o->max_memory_mb << 20) / 2};
  char by[64];
  ksv_deadline_name(o, by, sizeof by);
  /* report building counts too, with a grace of a tenth of the budget
     plus a quarter of a second past the run's deadline: a run whose
     kernels took it all still writes a report of ordinary size whole */
  in.deadline = o->run_deadline > 0
                    ? o->run_deadline + 0.1 * o->max_seconds + 0.25
                    : 0;
  in.deadline_by = by;
  int rc = render(o->format, out, &in, o->max_memory_mb);
  in.color = in.excerpts = false; /* files: plain text */
  for (uint32_t r = 0; r < o->nreports; r++)
    rc |= render(o->reports[r].format, o->reports[r].out, &in,
                 o->max_memory_mb);
  if (o->stats) {
    fflush(out);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    fprintf(stderr,
            "ksv-stats: total files=%d check_wall_s=%.6f report_s=%.6f "
            "cpu_s=%.6f maxrss_kb=%ld\n",
            nfiles, t_report - t_check, cpu_secs() - c_report,
            (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
                (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6,
            ru.ru_maxrss);
  }
  bool bad = false, unknown = false, findings = false;
  for (int i = 0; i < nfiles; i++) {
    file_status(&frs[i], fo[i].fail_on_warning, &bad, &unknown, &findings);
    mdl_file_result_free(&frs[i]);
    rep_file_info_free(&fis[i]);
  }
  free(frs);
  free(fis);
  if (rc)
    return KSV_EXIT_UNKNOWN;
  return bad ? KSV_EXIT_BAD_INPUT : unknown ? KSV_EXIT_UNKNOWN
         : findings ? KSV_EXIT_FINDINGS : KSV_EXIT_CLEAN;
}

/* ----------------------------------------------------------------- dump */

static void dump_access(FILE *out, const mdl_kernel *k, const mdl_access *a) {
  const mdl_memory *m = mdl_memory_at(k, a->mem);
  char sym[128] = "";
  if (a->sym) {
    const mdl_val *f = &MDL_VEC_AT(k->forms, mdl_val, a->form);
    mdl_val_print(k, f, sym, sizeof sym);
  }
  fprintf(out, " %s %s[", a->mode == 3 ? "RW" : a->mode == 2 ? "W" : "R",
          m->name);
  if (a->sym)
    fprintf(out, "%s + ", sym);
  fprintf(out, "0x%llx, ", (unsigned long long)a->lo);
  if (a->hi == INT64_MAX)
    fprintf(out, "end)");
  else if (a->sym)
    fprintf(out, "%s + 0x%llx)", sym, (unsigned long long)a->hi);
  else
    fprintf(out, "0x%llx)", (unsigned long long)a->hi);
  if (a->box) { /* the index ranges of a view of a root (mdl_box) */
    const mdl_box *b = mdl_box_at(k, a->box);
    fprintf(out, " box r%u[", b->root);
    for (uint8_t d = 0; d < b->nd; d++)
      fprintf(out, "%s%lld:%lld", d ? ", " : "", (long long)b->lo[d],
              (long long)b->hi[d]);
    fputc(']', out);
  }
}

void ksv_dump_kernel(FILE *out, const mdl_kernel *k) {
  fprintf(out, "kernel %s (%s, %s)\n", k->name,
          k->ncores == 3 ? "mix: 1 AIC + 2 AIV"
          : k->ncores == 2 ? "lone half: 2 AIV" : "single core",
          k->prof->name);
  if (k->aiv_one_program)
    fprintf(out, "  the AIVs run one logical vector program (no "
                 "get_sub_block_idx): AIV0-AIV1 pairs do not conflict\n");
  if (k->open)
    fprintf(out, "  open: %s %s not in this input; its cross-core waits "
                 "marked (open) are released by them at any time\n",
            k->open_missing ? k->open_missing : "the partner cores",
            k->open_missing && !strcmp(k->open_missing, "the AIC") ? "is"
                                                                  : "are");
  char *an = ksv_auto_sync_note(k, NULL); /* Ascend C: the assumption */
  if (an)
    fprintf(out, "  %s\n", an);
  free(an);
  if (k->limit_hit)
    fprintf(out, "  not unrolled: %s\n", k->limit_hit);
  if (k->bound_note)
    fprintf(out, "  note: %s\n", k->bound_note);
  if (k->cut_cores)
    fprintf(out, "  note: unrolled to the first %u iterations of %s; "
                 "nothing after them is in the model\n",
            k->cut_iters, k->cut_note ? k->cut_note : "a loop");
  for (uint32_t c = 0; c < k->ncores; c++) {
    fprintf(out, "  core %s (%s, function %s): %u instances\n",
            k->cores[c].label,
            k->cores[c].type == MDL_CORE_AIC ? "cube" : "vector",
            k->cores[c].fn->name, k->core_count[c]);
    for (uint32_t i = k->core_first[c];
         i < k->core_first[c] + k->core_count[c]; i++) {
      const mdl_inst *in = mdl_inst_at(k, i);
      const mdl_stmt *s = MDL_VEC_AT(k->stmts, mdl_stmt *, in->stmt);
      /* a C++ kernel's instruction in a header: that file's name */
      fprintf(out, "    #%u %s%s%u:%u %-9s ", i,
              in->loc.file ? mdl_kernel_file(k, in->loc.file) : "",
              in->loc.file ? ":" : "", in->loc.line, in->loc.col,
              mdl_pipe_name((mdl_pipe)in->pipe));
      switch (in->kind) {
      case MDL_I_OP:
        fprintf(out, "%s", s->name ? s->name : "op");
        if (in->after != ~0u)
          fprintf(out, " (after #%u)", in->after);
        if (in->unit_flag)
          fprintf(out, " unit_flag");
        break;
      case MDL_I_SET:
      case MDL_I_WAIT:
        fprintf(out, "%s%s %s -> %s id=",
                in->auto_sync ? "auto-sync "
                : in->lib     ? "implicit(mmad library) "
                : in->implicit ? "implicit " : "",
                mdl_inst_kind_name(in->kind),
                mdl_pipe_name(in->kind == MDL_I_SET ? (mdl_pipe)in->pipe
                                                    : (mdl_pipe)in->pipe2),
                mdl_pipe_name(in->kind == MDL_I_SET ? (mdl_pipe)in->pipe2
                                                    : (mdl_pipe)in->pipe));
        if (in->id >= 0)
          fprintf(out, "%d", in->id);
        else
          fprintf(out, "?");
        break;
      case MDL_I_BSET:
      case MDL_I_BWAIT:
        fprintf(out, "%s %s -> %s flag=", mdl_inst_kind_name(in->kind),
                mdl_pipe_name(in->kind == MDL_I_BSET ? (mdl_pipe)in->pipe
                                                     : (mdl_pipe)in->pipe2),
                mdl_pipe_name(in->kind == MDL_I_BSET ? (mdl_pipe)in->pipe2
                                                     : (mdl_pipe)in->pipe));
        if (in->id >= 0)
          fprintf(out, "%d", in->id);
        else
          fprintf(out, "?");
        fprintf(out, " mode=%s%s", in->mode == 2 ? "intra-block"
                                   : in->mode == 1 ? "inter-subblock"
                                                   : "inter-block",
                in->open ? " (open)" : "");
        break;
      default:
        fprintf(out, "%s%s", in->auto_sync ? "auto-sync " : "",
                mdl_inst_kind_name(in->kind));
        break;
      }
      for (uint32_t a = 0; a < in->nacc; a++)
        dump_access(out, k, mdl_access_at(k, in->acc_first + a));
      if (in->loc.chain) { /* the source call that produced it */
        mdl_where *w = mdl_where_of(k, in->loc);
        char chain[1024];
        fprintf(out, "  (%s)", mdl_where_chain_str(w, chain, sizeof chain));
        mdl_where_free(w);
      }
      if (in->guard) {
        const mdl_guard *g = &MDL_VEC_AT(k->guards, mdl_guard, in->guard);
        fprintf(out, "  if");
        for (uint32_t l = 0; l < g->n; l++) {
          const mdl_lit *lt = &MDL_VEC_AT(k->lits, mdl_lit, g->first + l);
          if (lt->kind == 1)
            fprintf(out, " [trip of loop %u:%u > %lld]", lt->loc.line,
                    lt->loc.col, (long long)lt->k);
          else
            fprintf(out, " [branch %u:%u %s]", lt->loc.line, lt->loc.col,
                    lt->positive ? "taken" : "not taken");
        }
      }
      fputc('\n', out);
    }
  }
}

const char *ksv_z3_version(void) { return chk_z3_version(); }

/* ksv dump's kernels of units into out, their errors into diags: 2 when
** one was not built or read, 3 when a limit stopped unrolling one (its
** listing shows how far it got), else 0. */
static int dump_units(const ksv_options *o, const char *file, mdl_vec *units,
                      mdl_diags *diags, FILE *out) {
  mdl_limits lim;
  ksv_limits_of(o, &lim);
  bool bad = false, unknown = false;
  for (uint32_t i = 0; i < units->len; i++) {
    fe_unit *fu = &MDL_VEC_AT(*units, fe_unit, i);
    if (!fu->k) {
      fprintf(out, "kernel %s: not built (errors)\n", fu->name);
      bad = true;
      continue;
    }
    mdl_kernel *k = fu->k;
    ksv_auto_sync(k, o->auto_sync);
    mdl_unroll(k, &lim);
    if (k->input_error) {
      mdl_diag_add(diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR, file, k->name,
                   k->input_error_loc.line, k->input_error_loc.col, "%s",
                   k->input_error);
      bad = true;
    } else if (k->limit_hit) {
      mdl_diag_add(diags, MDL_RULE_UNKNOWN, MDL_SEV_ERROR, file, k->name,
                   k->loc.line, k->loc.col, "not unrolled whole: %s",
                   k->limit_hit);
      unknown = true;
    }
    ksv_dump_kernel(out, k);
  }
  return bad ? KSV_EXIT_BAD_INPUT : unknown ? KSV_EXIT_UNKNOWN : 0;
}

int ksv_dump(const ksv_options *o, const char *file, FILE *out) {
  size_t len;
  int rc = KSV_EXIT_CLEAN;
  const char *name = ksv_input_name(file); /* "-": "<stdin>" */
  char *text = ksv_read_input(file, name, o->max_memory_mb, stderr, &len,
                              &rc);
  if (!text)
    return rc;
  mdl_file_result fr;
  memset(&fr, 0, sizeof fr);
  fr.path = name;
  mdl_vec units = {0};
  fe_set_entry(o->entry);
  ksv_fe_parse(o->lang, o->defines, o->ndefines, name, text, len,
               ksv_fe_arch(o->arch), &units, &fr.diags);
  rc = dump_units(o, name, &units, &fr.diags, out);
  if (!units.len && !fr.diags.errors)
    mdl_diag_add(&fr.diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR, name, NULL, 1, 1,
                 "no kernel found: expected a func.func with a body");
  for (uint32_t d = 0; d < fr.diags.items.len; d++) {
    const mdl_diag *g = &MDL_VEC_AT(fr.diags.items, mdl_diag, d);
    fprintf(stderr, "%s:%u:%u: %s: %s [%s]\n", name, g->line, g->col,
            mdl_severity_name(g->severity), g->message, mdl_rule_name(g->rule));
    if (g->severity == MDL_SEV_ERROR && g->rule != MDL_RULE_UNKNOWN)
      rc = KSV_EXIT_BAD_INPUT;
  }
  fe_units_free(&units);
  mdl_file_result_free(&fr);
  free(text);
  return rc;
}
