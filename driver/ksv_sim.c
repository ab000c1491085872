/*
** ksv_sim.c -- `ksv sim`: parse and unroll a file, run the simulator on
** every kernel (sim/sim.h), replay a forced pair, write the figures, the
** dynamic findings in the `ksv check` format, and a trace.
*/
#include "../include/ksv.h"
#include "../frontend/fe.h"
#include "../model/mdl.h"
#include "../sim/sim.h"
#include "ksv_int.h"
#include "ksv_prog.h"
#include "../model/mdl_build.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define MAX_REPLAY_TRIES 64

void ksv_sim_options_default(ksv_sim_options *o) {
  memset(o, 0, sizeof *o);
  o->arch = -1; /* the module's hacc.target, else a2 */
  mdl_limits l;
  mdl_limits_default(&l);
  o->runs = 1;
  o->seed = 1;
  o->max_unroll = l.max_unroll;
  o->max_instances = l.max_instances;
  o->max_memory_mb = (uint32_t)(l.max_memory >> 20);
}

/* "L:C,L:C[,RULE]" -> two locations; "L:C[,RULE]" (a set) -> a, and
** b = 0:0.  OUT: rule (MDL_RULE_COUNT: any). */
static int parse_pair(const char *s, mdl_loc *a, mdl_loc *b, mdl_rule *rule) {
  unsigned l1, c1, l2 = 0, c2 = 0;
  char tail, name[32] = "";
  int n;
  *rule = MDL_RULE_COUNT;
  b->line = b->col = 0;
  if (!s)
    return -1;
  if (sscanf(s, "%u:%u,%u:%u%c", &l1, &c1, &l2, &c2, &tail) == 4 ||
      (sscanf(s, "%u:%u,%u:%u,%31[a-z-]%n", &l1, &c1, &l2, &c2, name, &n) ==
           5 && !s[n])) {
    b->line = l2;
    b->col = c2;
  } else if (!(sscanf(s, "%u:%u%c", &l1, &c1, &tail) == 2 ||
               (sscanf(s, "%u:%u,%31[a-z-]%n", &l1, &c1, name, &n) == 3 &&
                !s[n]))) {
    return -1;
  }
  if (!l1 || !c1 || (b->line && !b->col))
    return -1;
  a->line = l1;
  a->col = c1;
  if (name[0]) {
    for (int r = 0; r < MDL_RULE_COUNT && *rule == MDL_RULE_COUNT; r++)
      if (!strcmp(name, mdl_rule_name((mdl_rule)r)))
        *rule = (mdl_rule)r;
    if (*rule != MDL_RULE_RACE && *rule != MDL_RULE_PIPE_HAZARD &&
        *rule != MDL_RULE_XCORE_RACE && *rule != MDL_RULE_PARALLEL_LOOP &&
        *rule != MDL_RULE_DOUBLE_SET &&
        *rule != MDL_RULE_FLAG_OVERFLOW)
      return -1;
  }
  return 0;
}

static void range_str(const mdl_kernel *k, const sim_finding *f, char *buf,
                      size_t n) {
  const mdl_memory *m = mdl_memory_at(k, f->mem);
  if (f->hi == INT64_MAX)
    snprintf(buf, n, "%s[0x%llx, end)", m->name, (unsigned long long)f->lo);
  else
    snprintf(buf, n, "%s[0x%llx, 0x%llx)", m->name, (unsigned long long)f->lo,
             (unsigned long long)f->hi);
}

/* "set_flag[PIPE_MTE2, PIPE_V, EVENT_ID0]" and friends. */
static void sync_str(const mdl_kernel *k, uint32_t i, char *buf, size_t n) {
  const mdl_inst *in = mdl_inst_at(k, i);
  switch (in->kind) {
  case MDL_I_SET:
  case MDL_I_WAIT: {
    mdl_pipe src = (mdl_pipe)(in->kind == MDL_I_SET ? in->pipe : in->pipe2);
    mdl_pipe dst = (mdl_pipe)(in->kind == MDL_I_SET ? in->pipe2 : in->pipe);
    snprintf(buf, n, "%s%s[%s, %s, EVENT_ID%d]", in->implicit ? "implicit " : "",
             in->kind == MDL_I_SET ? "set_flag" : "wait_flag",
             mdl_pipe_name(src), mdl_pipe_name(dst), in->id);
    break;
  }
  case MDL_I_BSET:
  case MDL_I_BWAIT:
    snprintf(buf, n, "%s flag %d", sim_op_name(k, i), in->id);
    break;
  default:
    snprintf(buf, n, "%s", sim_op_name(k, i));
    break;
  }
}

static void runs_str(const sim_result *r, const sim_finding *f, char *buf,
                     size_t n) {
  if (r->replay)
    snprintf(buf, n, "in the replay");
  else
    snprintf(buf, n, "in %u of %u run%s, first in run %u", f->runs, r->runs,
             r->runs == 1 ? "" : "s", f->run);
}

/* Is f a warning (a program-order double set of counting flags)? */
/* A double set is a warning under counting flags, an error under one
** bit; every other rule has its own severity (parallel-loop-conflict is
** a warning). */
static bool sim_warning(const sim_finding *f, mdl_flag_model fm) {
  if (f->rule == MDL_RULE_DOUBLE_SET)
    return fm == MDL_FLAGS_COUNT;
  return mdl_rule_severity(f->rule) != MDL_SEV_ERROR;
}

/* The file of location l of k: path for the input itself, else the
** header the instruction comes from (C++ kernels). */
static const char *lf(const mdl_kernel *k, const char *path, mdl_loc l) {
  return l.file ? mdl_kernel_file(k, l.file) : path;
}

static void print_finding(FILE *out, const char *path, const mdl_kernel *k,
                          const sim_result *r, const sim_finding *f,
                          mdl_flag_model fm) {
  const mdl_inst *b = mdl_inst_at(k, f->b);
  const mdl_inst *a = f->a != SIM_NONE ? mdl_inst_at(k, f->a) : NULL;
  char wb[256], wa[256] = "", rs[96], rn[128], sb[128], sa[128] = "";
  mdl_inst_where(k, b, wb, sizeof wb);
  if (a)
    mdl_inst_where(k, a, wa, sizeof wa);
  runs_str(r, f, rn, sizeof rn);
  const char *rule = mdl_rule_name(f->rule);
  fprintf(out, "%s:%u:%u: %s: ", lf(k, path, b->loc), b->loc.line, b->loc.col,
          sim_warning(f, fm) ? "warning" : "error");
  switch (f->rule) {
  case MDL_RULE_RACE:
  case MDL_RULE_PIPE_HAZARD:
  case MDL_RULE_XCORE_RACE:
  case MDL_RULE_PARALLEL_LOOP:
    range_str(k, f, rs, sizeof rs);
    fprintf(out,
            "%s at %u:%u on %s %s %s during cycles [%" PRId64 ", %" PRId64
            ") while the %s at %u:%u on %s %s was %s it during [%" PRId64
            ", %" PRId64 "): %s (%s) [%s]\n",
            sim_op_name(k, f->b), b->loc.line, b->loc.col,
            k->cores[b->core].label, f->b_write ? "wrote" : "read", rs,
            f->b_start, f->b_end, sim_op_name(k, f->a), a->loc.line,
            a->loc.col, k->cores[a->core].label,
            mdl_pipe_name((mdl_pipe)a->pipe),
            f->a_write ? "writing" : "reading", f->a_start, f->a_end,
            f->rule == MDL_RULE_PIPE_HAZARD
                ? "the same pipe overlapped them"
            : f->rule == MDL_RULE_RACE ? "the accesses overlapped in time"
            : f->rule == MDL_RULE_PARALLEL_LOOP
                ? "two iterations of a {hivm.parallel_loop} overlapped"
                : "the cores overlapped in time",
            rn, rule);
    fprintf(out, "%s:%u:%u: note: conflicting %s %s, %s, cycles [%" PRId64
                 ", %" PRId64 ")\n",
            lf(k, path, a->loc), a->loc.line, a->loc.col, sim_op_name(k, f->a),
            f->a_write ? "write" : "read", wa, f->a_start, f->a_end);
    break;
  case MDL_RULE_DEADLOCK: {
    sync_str(k, f->b, sb, sizeof sb);
    if (f->value > 0)
      fprintf(out,
              "the kernel stops in a cycle of waits: %s %s (waiting since "
              "cycle %" PRId64 ") and %d other wait%s each wait for a set "
              "held back by another wait on the cycle; %u pipe%s stuck (%s) "
              "[%s]\n",
              sb, wb, f->b_start, f->value - 1, f->value == 2 ? "" : "s",
              r->stuck.len, r->stuck.len == 1 ? "" : "s", rn, rule);
    else if (f->value < 0)
      fprintf(out,
              "the kernel stops: %s %s waits forever (since cycle %" PRId64
              "): %s; %u pipe%s stuck (%s) [%s]\n",
              sb, wb, f->b_start,
              mdl_inst_at(k, f->b)->kind == MDL_I_SYNC_ALL
                  ? "a core it waits for never reaches it"
                  : "no set of its flag is left to release it",
              r->stuck.len, r->stuck.len == 1 ? "" : "s",
              rn, rule);
    else
      fprintf(out,
              "the kernel stops: %s %s is never released (waiting since "
              "cycle %" PRId64 "); %u pipe%s stuck (%s) [%s]\n",
              sb, wb, f->b_start, r->stuck.len, r->stuck.len == 1 ? "" : "s",
              rn, rule);
    for (uint32_t j = 0; j < r->stuck.len; j++) {
      const sim_stuck *st = &MDL_VEC_AT(r->stuck, sim_stuck, j);
      const mdl_inst *h = mdl_inst_at(k, st->head);
      char what[128], wh[256];
      sync_str(k, st->head, what, sizeof what);
      mdl_inst_where(k, h, wh, sizeof wh);
      if (st->scalar)
        fprintf(out, "%s:%u:%u: note: stuck: the scalar unit of %s %s %s "
                     "(%s)\n",
                lf(k, path, h->loc), h->loc.line, h->loc.col, k->cores[st->core].label,
                st->queue_full ? "cannot issue, its queue is full, at"
                               : "stopped at",
                what, wh);
      else
        fprintf(out, "%s:%u:%u: note: stuck: %s %s at %s (%s)%s\n", lf(k, path, h->loc),
                h->loc.line, h->loc.col, k->cores[st->core].label,
                mdl_pipe_name((mdl_pipe)st->pipe), what, wh,
                h->kind == MDL_I_WAIT || h->kind == MDL_I_BWAIT
                    ? ", never released"
                    : "");
    }
    if (a)
      fprintf(out, "%s:%u:%u: note: its flag lost a set: this set_flag (%s) "
                   "landed at cycle %" PRId64 " while the flag was still set "
                   "(double-set), so one wait fewer is released\n",
              lf(k, path, a->loc), a->loc.line, a->loc.col, wa, f->a_end);
    break;
  }
  case MDL_RULE_DOUBLE_SET:
    sync_str(k, f->b, sb, sizeof sb);
    if (fm == MDL_FLAGS_COUNT) {
      fprintf(out,
              "%s %s landed at cycle %" PRId64 " with no wait of its flag "
              "since the set at %u:%u in program order: the flag counts %d "
              "pending set%s, none is lost (%s) [%s]\n",
              sb, wb, f->b_end, a->loc.line, a->loc.col, f->value,
              f->value == 1 ? "" : "s", rn, rule);
      fprintf(out, "%s:%u:%u: note: the previous set, %s, landed at cycle "
                   "%" PRId64 "\n",
              lf(k, path, a->loc), a->loc.line, a->loc.col, wa, f->a_end);
      break;
    }
    fprintf(out,
            "%s %s and the set at %u:%u both set the flag (at cycles %" PRId64
            " and %" PRId64 ") with no wait clearing it in between: one set "
            "is lost (%s) [%s]\n",
            sb, wb, a->loc.line, a->loc.col, f->b_end, f->a_end, rn, rule);
    fprintf(out, "%s:%u:%u: note: the other set, %s, landed at cycle %" PRId64
                 "\n",
            lf(k, path, a->loc), a->loc.line, a->loc.col, wa, f->a_end);
    break;
  case MDL_RULE_UNPAIRED_SET:
    sync_str(k, f->b, sb, sizeof sb);
    if (b->kind == MDL_I_BSET)
      fprintf(out,
              "%s %s leaves the counter of %s at %d when the kernel ends "
              "(%s) [%s]\n",
              sb, wb, k->cores[f->mem].label, f->value, rn, rule);
    else
      fprintf(out,
              "%s %s leaves the flag set when the kernel ends (%s) [%s]\n", sb,
              wb, rn, rule);
    break;
  case MDL_RULE_FLAG_OVERFLOW:
    sync_str(k, f->b, sb, sizeof sb);
    fprintf(out,
            "%s %s pushes the counter of flag %lld on %s to %d at cycle %" PRId64
            ", past %d (%s) [%s]\n",
            sb, wb, (long long)f->lo, k->cores[f->mem].label, f->value,
            f->b_end, k->prof->max_counter, rn, rule);
    break;
  default:
    fprintf(out, "%s [%s]\n", rule, rule);
    break;
  }
  mdl_where *w = mdl_where_of(k, b->loc); /* its inlining chain (C++) */
  rep_chain_notes(out, path, w);
  mdl_where_free(w);
  (void)sa;
}

static void print_figures(FILE *out, const char *path, const mdl_kernel *k,
                          const sim_result *r) {
  fprintf(out, "%s: %s (%s): ", path, k->name, k->prof->name);
  if (r->replay)
    fprintf(out, "replay run\n");
  else
    fprintf(out, "%u run%s\n", r->runs, r->runs == 1 ? "" : "s");
  char *an = ksv_auto_sync_note(k, NULL); /* Ascend C: the assumption */
  if (an)
    fprintf(out, "  %s\n", an);
  free(an);
  /* what the simulated program is not: its partner cores, its end */
  if (k->open)
    fprintf(out, "  open: %s %s not in this input; its cross-core waits "
                 "on flags they set are released as soon as they reach "
                 "their pipe, and its cross-core sets go nowhere\n",
            k->open_missing ? k->open_missing : "the partner cores",
            k->open_missing && !strcmp(k->open_missing, "the AIC") ? "is"
                                                                  : "are");
  if (k->cut_cores)
    fprintf(out, "  prefix: the first %u iterations of %s; a wait still "
                 "waiting, a set still pending or a counter still full "
                 "when they end is not a finding\n",
            k->cut_iters, k->cut_note ? k->cut_note : "a loop");
  fprintf(out, "  cycles: %" PRId64, r->total);
  if (r->runs > 1)
    fprintf(out, " (run 0, nominal); over %u runs min %" PRId64
                 " mean %.0f max %" PRId64,
            r->runs, r->min_total, r->mean_total, r->max_total);
  fputc('\n', out);
  for (uint32_t c = 0; c < k->ncores; c++) {
    fprintf(out, "  busy %s:", k->cores[c].label);
    for (uint32_t q = 0; q < MDL_NPIPE; q++) {
      if (!mdl_core_has_pipe(k->prof, k->cores[c].type, (mdl_pipe)q))
        continue;
      fprintf(out, " %s %.1f%%", mdl_pipe_name((mdl_pipe)q) + 5,
              r->total ? 100.0 * (double)r->busy[c][q] / (double)r->total : 0);
    }
    fputc('\n', out);
  }
  if (r->has_overlap)
    fprintf(out, "  cube/vector overlap: %.4f (%.1f%% of the run: the AIC's "
                 "PIPE_M and an AIV's PIPE_V busy together)\n",
            r->overlap, 100 * r->overlap);
  fprintf(out, "  critical path: %u instructions ending at cycle %" PRId64
               ":", r->crit_len, r->total);
  int64_t exec = 0;
  for (uint32_t q = 0; q < MDL_NPIPE; q++)
    if (r->crit_exec[q]) {
      fprintf(out, " %s %" PRId64, mdl_pipe_name((mdl_pipe)q) + 5,
              r->crit_exec[q]);
      exec += r->crit_exec[q];
    }
  fprintf(out, " executing, %" PRId64 " in flag latency, %" PRId64
               " issuing and waiting\n",
          r->crit_sync, r->total - exec - r->crit_sync);
}

/* Is instance location x the location at (line, column and file: a C++
** kernel's headers repeat the input's line numbers)? */
static bool loc_at(mdl_loc x, mdl_loc at) {
  return x.line == at.line && x.col == at.col && x.file == at.file;
}

/* The model location of a diagnostic's (line, col) with its file w (NULL:
** the input) in k's file table. */
static mdl_loc diag_loc(const mdl_kernel *k, uint32_t line, uint32_t col,
                        const mdl_where *w) {
  mdl_loc l = {line, col};
  for (uint32_t i = 1; w && w->file && i < k->files.len; i++)
    if (!strcmp(MDL_VEC_AT(k->files, const char *, i), w->file))
      l.file = i & (MDL_LOC_MAX_FILES - 1);
  return l;
}

/* Instances of ops at a location. */
static void ops_at(const mdl_kernel *k, mdl_loc l, mdl_vec *v) {
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind == MDL_I_OP && loc_at(in->loc, l))
      *(uint32_t *)mdl_vec_push(v, sizeof(uint32_t)) = i;
  }
}

typedef struct {
  uint32_t a, b;
  uint64_t key;
} cand;

static int cand_cmp(const void *x, const void *y) {
  const cand *p = x, *q = y;
  return p->key < q->key ? -1 : p->key > q->key;
}

/* Valid syncs of kind kd on core c with the flag of x (same pipes and id
** for set_flag/wait_flag, same flag id for cross-core), in program order. */
static void flag_seq(const mdl_kernel *k, const mdl_inst *x, mdl_inst_kind kd,
                     uint32_t c, mdl_vec *v) {
  for (uint32_t i = k->core_first[c]; i < k->core_first[c] + k->core_count[c];
       i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind != kd || in->id != x->id || !sim_sync_valid(k, i))
      continue;
    if (kd == MDL_I_SET && (in->pipe != x->pipe || in->pipe2 != x->pipe2))
      continue;
    if (kd == MDL_I_WAIT && (in->pipe != x->pipe2 || in->pipe2 != x->pipe))
      continue;
    *(uint32_t *)mdl_vec_push(v, sizeof(uint32_t)) = i;
  }
}

static uint32_t index_of(const mdl_vec *v, uint32_t i) {
  for (uint32_t j = 0; j < v->len; j++)
    if (MDL_VEC_AT(*v, uint32_t, j) == i)
      return j;
  return SIM_NONE;
}

/* Does the result show a double-set or flag-overflow (or want) at la? */
static bool flag_hit(const mdl_kernel *k, const sim_result *r, mdl_loc la,
                     mdl_rule want) {
  for (uint32_t j = 0; j < r->findings.len; j++) {
    const sim_finding *f = &MDL_VEC_AT(r->findings, sim_finding, j);
    const mdl_inst *b = mdl_inst_at(k, f->b);
    if ((want != MDL_RULE_COUNT ? f->rule == want
                                : f->rule == MDL_RULE_DOUBLE_SET ||
                                      f->rule == MDL_RULE_FLAG_OVERFLOW) &&
        loc_at(b->loc, la))
      return true;
  }
  return false;
}

/* A schedule to force for a flag finding: hold a wait (or every wait of
** a set's flag), or delay a set until a wait is released. */
typedef struct {
  uint32_t hold, delay_set, delay_after;
  bool count_pairing;
  uint32_t free_set;           /* count pairing: the set that lands freely */
} flag_force;

static void push_force(mdl_vec *v, uint32_t hold, uint32_t ds, uint32_t da) {
  for (uint32_t j = 0; j < v->len; j++) {
    const flag_force *f = &MDL_VEC_AT(*v, flag_force, j);
    if (f->hold == hold && f->delay_set == ds && f->delay_after == da)
      return;
  }
  flag_force *f = mdl_vec_push(v, sizeof *f);
  f->hold = hold;
  f->delay_set = ds;
  f->delay_after = da;
  f->count_pairing = false;
  f->free_set = SIM_NONE;
}

/* Schedules to try for a flag finding at the set x (lb: the earlier set
** of a double set, or 0:0), in the count pairing of SEMANTICS.md 3 (the
** k-th wait clears the k-th set): hold the wait that clears the earlier
** set; let the earlier set land only after the wait that clears its own
** predecessor (so that it is not lost itself); for a cross-core set hold
** the wait that consumes the set 15 increments earlier; then hold every
** wait of the flag. */
static void flag_forces(const mdl_kernel *k, uint32_t xi, mdl_loc lb,
                        mdl_vec *fs) {
  const mdl_inst *x = mdl_inst_at(k, xi);
  uint32_t first = fs->len;
  if (x->kind == MDL_I_SET) {
    mdl_vec sets = {0}, waits = {0};
    flag_seq(k, x, MDL_I_SET, x->core, &sets);
    flag_seq(k, x, MDL_I_WAIT, x->core, &waits);
    uint32_t ix = index_of(&sets, xi);
    for (uint32_t j = 0; ix != SIM_NONE && j < ix; j++) {
      uint32_t yi = MDL_VEC_AT(sets, uint32_t, j);
      const mdl_inst *y = mdl_inst_at(k, yi);
      bool at_y = lb.line ? loc_at(y->loc, lb)
                          : j + 1 == ix;
      if (!at_y)
        continue;
      if (j < waits.len)
        push_force(fs, MDL_VEC_AT(waits, uint32_t, j), SIM_NONE, SIM_NONE);
      if (j >= 1 && j - 1 < waits.len)
        push_force(fs, SIM_NONE, yi, MDL_VEC_AT(waits, uint32_t, j - 1));
    }
    mdl_vec_free(&sets);
    mdl_vec_free(&waits);
  } else {
    mdl_vec sets = {0};
    flag_seq(k, x, MDL_I_BSET, x->core, &sets);
    uint32_t m = index_of(&sets, xi);
    mdl_vec_free(&sets);
    for (uint32_t r = 0; r < k->ncores && m != SIM_NONE; r++) {
      if (r == x->core || m < (uint32_t)k->prof->max_counter)
        continue;
      mdl_vec waits = {0};
      flag_seq(k, x, MDL_I_BWAIT, r, &waits);
      uint32_t w = m - (uint32_t)k->prof->max_counter;
      if (w < waits.len)
        push_force(fs, MDL_VEC_AT(waits, uint32_t, w), SIM_NONE, SIM_NONE);
      mdl_vec_free(&waits);
    }
  }
  push_force(fs, xi, SIM_NONE, SIM_NONE);
  for (uint32_t j = first; j < fs->len; j++)
    MDL_VEC_AT(*fs, flag_force, j).free_set = xi;
}

/* Replays a flag finding at the set at la (lb: the earlier set, or 0:0):
** a plain run first, then the schedules of flag_forces for each instance
** of the set, until one shows a double-set or flag-overflow at la.
** OUT: used (the schedule that was kept; hold = delay_set = SIM_NONE for
** the plain run).  Returns -1 when there is no set at la in k. */
static int replay_set(const mdl_kernel *k, const sim_options *base,
                      mdl_loc la, mdl_loc lb, mdl_rule want, sim_result *r,
                      uint32_t *tried, bool *hit, flag_force *used) {
  mdl_vec fs = {0};
  bool any = false;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if ((in->kind != MDL_I_SET && in->kind != MDL_I_BSET) ||
        !loc_at(in->loc, la) ||
        !sim_sync_valid(k, i))
      continue;
    any = true;
    flag_forces(k, i, lb, &fs);
  }
  if (!any) {
    mdl_vec_free(&fs);
    return -1;
  }
  /* then, with one-bit flags, all of them again under count pairing (an
     earlier double set may have lost the set whose pairing the static
     finding counts on), count pairing alone first; counting flags lose
     no set */
  uint32_t nf = base->flags == MDL_FLAGS_BIT ? fs.len : 0;
  for (uint32_t j = 0; j < nf; j++) {
    uint32_t xi = MDL_VEC_AT(fs, flag_force, j).free_set;
    if (j && MDL_VEC_AT(fs, flag_force, j - 1).free_set == xi)
      continue;
    flag_force *cp = mdl_vec_push(&fs, sizeof *cp);
    cp->hold = cp->delay_set = cp->delay_after = SIM_NONE;
    cp->count_pairing = true;
    cp->free_set = xi;
  }
  for (uint32_t j = 0; j < nf; j++) {
    flag_force *f = mdl_vec_push(&fs, sizeof *f);
    *f = MDL_VEC_AT(fs, flag_force, j);
    f->count_pairing = true;
  }
  sim_options o = *base;
  o.runs = 1;
  o.jitter = false;
  int rc = sim_run(k, &o, r);
  *tried = 0;
  *hit = !rc && flag_hit(k, r, la, want);
  used->hold = used->delay_set = used->delay_after = SIM_NONE;
  used->count_pairing = false;
  for (uint32_t j = 0; !rc && !*hit && j < fs.len && j < MAX_REPLAY_TRIES;
       j++) {
    *used = MDL_VEC_AT(fs, flag_force, j);
    o.hold = used->hold;
    o.delay_set = used->delay_set;
    o.delay_after = used->delay_after;
    o.count_pairing = used->count_pairing;
    o.count_pairing_free = used->count_pairing ? used->free_set : SIM_NONE;
    sim_result_free(r);
    rc = sim_run(k, &o, r);
    (*tried)++;
    *hit = !rc && flag_hit(k, r, la, want);
  }
  mdl_vec_free(&fs);
  return rc;
}

/* Replays the pair at locations la, lb: tries the conflicting instance
** pairs, earliest first, until one overlaps; pairs whose race would be
** reported at la (the static finding's primary) come first.  Returns -1
** when the locations name no conflicting pair in k. */
static int replay(const mdl_kernel *k, const sim_options *base, mdl_loc la,
                  mdl_loc lb, mdl_rule want, sim_result *r, uint32_t *tried,
                  bool *hit) {
  mdl_vec va = {0}, vb = {0}, cs = {0};
  ops_at(k, la, &va);
  ops_at(k, lb, &vb);
  for (uint32_t x = 0; x < va.len; x++)
    for (uint32_t y = 0; y < vb.len; y++) {
      uint32_t a = MDL_VEC_AT(va, uint32_t, x), b = MDL_VEC_AT(vb, uint32_t, y);
      int cr = sim_conflict_rule(k, a, b);
      if (cr < 0 || (want != MDL_RULE_COUNT && cr != (int)want))
        continue;
      cand *c = mdl_vec_push(&cs, sizeof *c);
      c->a = a;
      c->b = b;
      c->key = (uint64_t)(a - k->core_first[mdl_inst_at(k, a)->core]) +
               (b - k->core_first[mdl_inst_at(k, b)->core]);
      c->key = (c->key << 32) | (a > b ? a - b : b - a);
      if (sim_race_primary(k, a, b) != a)
        c->key |= 1ull << 63; /* reported at lb: try last */
    }
  mdl_vec_free(&va);
  mdl_vec_free(&vb);
  if (!cs.len) {
    mdl_vec_free(&cs);
    return -1;
  }
  qsort(cs.data, cs.len, sizeof(cand), cand_cmp);
  int rc = SIM_OK;
  *tried = 0;
  for (uint32_t j = 0; j < cs.len && j < MAX_REPLAY_TRIES; j++) {
    const cand *c = &MDL_VEC_AT(cs, cand, j);
    sim_options o = *base;
    o.force_a = c->a;
    o.force_b = c->b;
    if (j)
      sim_result_free(r);
    rc = sim_run(k, &o, r);
    (*tried)++;
    *hit = !rc && r->replay_hit;
    if (rc || r->replay_hit)
      break;
  }
  mdl_vec_free(&cs);
  return rc;
}

static int finding_cmp(const void *x, const void *y) {
  const sim_finding *p = x, *q = y;
  if (p->b != q->b)
    return p->b < q->b ? -1 : 1;
  return (int)p->rule - (int)q->rule;
}

/* --cost FILE over c, read like every input (within --max-memory-mb /
** 64); its errors located, on stderr.  Returns 0 or the exit code. */
static int load_costs(const ksv_sim_options *o, sim_costs *c) {
  const char *name = ksv_input_name(o->cost_file);
  size_t len;
  int rc;
  char *text = ksv_read_input(o->cost_file, name, o->max_memory_mb, stderr,
                              &len, &rc);
  if (!text)
    return rc;
  char err[512];
  uint32_t line, col;
  rc = 0;
  if (sim_costs_parse(c, text, len, &line, &col, err, sizeof err)) {
    fprintf(stderr, "%s:%u:%u: error: %s [bad-input]\n", name, line, col,
            err);
    rc = KSV_EXIT_BAD_INPUT;
  }
  free(text);
  return rc;
}

int ksv_sim(const ksv_sim_options *o, const char *file, FILE *out) {
  sim_options so;
  sim_options_default(&so);
  so.runs = o->runs ? o->runs : 1;
  so.seed = o->seed;
  so.jitter = true;
  so.flags = ksv_flag_model(o->flag_model);
  so.deadline = o->max_seconds ? ksv_now_secs() + o->max_seconds : 0;
  if (o->cost_file) {
    int crc = load_costs(o, &so.costs);
    if (crc)
      return crc;
  }
  mdl_loc la = {0, 0}, lb = {0, 0};
  mdl_rule want = MDL_RULE_COUNT;
  if (o->replay && parse_pair(o->replay, &la, &lb, &want)) {
    fprintf(stderr, "ksv: error: --replay expects LINE:COL[,LINE:COL][,RULE] "
                    "(RULE: race, pipe-hazard, xcore-race, double-set, "
                    "flag-overflow): %s\n",
            o->replay);
    return KSV_EXIT_BAD_INPUT;
  }
  size_t len = 0;
  int rrc;
  const char *fname = ksv_input_name(file); /* "-": "<stdin>" */
  char *text = ksv_read_input(file, fname, o->max_memory_mb, out, &len,
                              &rrc);
  if (!text)
    return rrc;
  file = fname;
  mdl_diags diags;
  memset(&diags, 0, sizeof diags);
  mdl_vec units = {0};
  ksv_fe_parse(o->lang, o->defines, o->ndefines, file, text, len,
                ksv_fe_arch(o->arch), &units, &diags);
  bool bad = false, unknown = false, findings = false, traced = false;
  bool replay_found = false;
  for (uint32_t d = 0; d < diags.items.len; d++) {
    const mdl_diag *g = &MDL_VEC_AT(diags.items, mdl_diag, d);
    if (g->severity != MDL_SEV_ERROR)
      continue;
    fprintf(out, "%s:%u:%u: error: %s [%s]\n", file, g->line, g->col,
            g->message, mdl_rule_name(g->rule));
    bad = true;
  }
  if (!units.len && !bad) {
    fprintf(out, "%s:1:1: error: no kernel found: expected a func.func with "
                 "a body [bad-input]\n", file);
    bad = true;
  }
  mdl_limits lim;
  memset(&lim, 0, sizeof lim); /* fields mdl_limits_default leaves alone */
  mdl_limits_default(&lim);
  lim.max_unroll = o->max_unroll;
  lim.max_instances = o->max_instances;
  lim.max_memory = (uint64_t)o->max_memory_mb << 20;
  uint32_t nk = 0, nfind = 0;
  ksv_prog_start(o->progress);
  for (uint32_t u = 0; u < units.len; u++) {
    fe_unit *fu = &MDL_VEC_AT(units, fe_unit, u);
    if (fu->error || !fu->k) {
      bad = true;
      continue;
    }
    mdl_kernel *k = fu->k;
    ksv_auto_sync(k, o->auto_sync);
    mdl_unroll(k, &lim);
    if (k->input_error) {
      fprintf(out, "%s:%u:%u: error: %s [bad-input]\n", file,
              k->input_error_loc.line, k->input_error_loc.col, k->input_error);
      bad = true;
      continue;
    }
    if (k->limit_hit) {
      fprintf(out, "%s:%u:%u: error: not simulated: %s [unknown]\n", file,
              k->loc.line, k->loc.col, k->limit_hit);
      unknown = true;
      continue;
    }
    /* --set: the concrete copy the given values select */
    mdl_kernel *spec = NULL;
    if (o->nsets) {
      mdl_valuation *val = NULL;
      bool badset = false;
      for (uint32_t j = 0; j < o->nsets && !badset; j++) {
        const char *eq = strchr(o->sets[j], '=');
        char name[64];
        char *end;
        long long v = eq ? strtoll(eq + 1, &end, 0) : 0;
        size_t nl = eq ? (size_t)(eq - o->sets[j]) : 0;
        if (!eq || !eq[1] || *end || !nl || nl >= sizeof name) {
          fprintf(stderr, "ksv: error: --set expects NAME=INTEGER: %s\n",
                  o->sets[j]);
          badset = true;
          break;
        }
        memcpy(name, o->sets[j], nl);
        name[nl] = 0;
        if (!mdl_valuation_set(k, &val, name, v)) {
          fprintf(out, "%s:%u:%u: error: --set: %s is not an argument, "
                       "block_idx or block_num that the kernel's "
                       "synchronization depends on [bad-input]\n",
                  file, k->loc.line, k->loc.col, name);
          badset = true;
        }
      }
      const char *why = NULL;
      int64_t trips = badset ? 0 : mdl_valuation_trip_max(k, val);
      if (trips > (int64_t)k->trip_bound) {
        /* a loop runs longer than it was unrolled: unroll it to the
           values' trip count, not a prefix of it */
        mdl_limits lim2 = lim;
        lim2.bound_fixed = true;
        lim2.sym_bound = trips > (int64_t)lim.max_unroll ? lim.max_unroll
                                                         : (uint32_t)trips;
        if (mdl_unroll_again(k, &lim2) || trips > (int64_t)lim.max_unroll) {
          fprintf(out, "%s:%u:%u: error: not simulated: the values give a "
                       "loop %lld iterations, more than --max-unroll %u "
                       "[unknown]\n", file, k->loc.line, k->loc.col,
                  (long long)trips, lim.max_unroll);
          mdl_valuation_free(val);
          unknown = true;
          continue;
        }
      }
      if (!badset)
        spec = mdl_specialize(k, val, &why);
      mdl_valuation_free(val);
      if (badset) {
        bad = true;
        continue;
      }
      if (!spec) {
        fprintf(out, "%s:%u:%u: error: not simulated: %s (give its value "
                     "with --set) [unknown]\n",
                file, k->loc.line, k->loc.col, why);
        unknown = true;
        continue;
      }
      k = spec;
    }
    sim_result r;
    int rc;
    uint32_t tried = 0;
    bool hit = false, flag_replay = false;
    flag_force used = {SIM_NONE, SIM_NONE, SIM_NONE, false, SIM_NONE};
    /* shown while the kernel runs; hidden before anything is printed */
    ksv_prog_head("ksv sim: %s: kernel %u/%u %s, %u run%s",
                  ksv_prog_base(file), u + 1, units.len, fu->name, so.runs,
                  so.runs == 1 ? "" : "s");
    if (o->replay) {
      /* two ops: a race; a set (and the earlier set): a flag finding */
      rc = lb.line ? replay(k, &so, la, lb, want, &r, &tried, &hit) : -1;
      if (rc == -1) {
        flag_replay = true;
        rc = replay_set(k, &so, la, lb, want, &r, &tried, &hit, &used);
      }
      if (rc == -1) {
        mdl_specialized_free(spec);
        continue; /* the locations are not in this kernel */
      }
      replay_found = true;
    } else {
      rc = sim_run(k, &so, &r);
    }
    ksv_prog_hide(); /* the kernel's lines follow, perhaps on the terminal */
    if (rc) {
      fprintf(out, "%s:%u:%u: error: not simulated: %s [unknown]\n", file,
              k->loc.line, k->loc.col, sim_strerror(rc));
      unknown = true;
      sim_result_free(&r);
      mdl_specialized_free(spec);
      continue;
    }
    nk++;
    if (r.findings.len)
      qsort(r.findings.data, r.findings.len, sizeof(sim_finding),
            finding_cmp);
    for (uint32_t j = 0; j < r.findings.len; j++) {
      const sim_finding *f = &MDL_VEC_AT(r.findings, sim_finding, j);
      print_finding(out, file, k, &r, f, so.flags);
      findings |= !sim_warning(f, so.flags); /* warnings: exit 0 */
    }
    nfind += r.findings.len;
    print_figures(out, file, k, &r);
    if (r.cut)
      fprintf(out, "  stopped short by a budget: %u of %u runs (--max-seconds)"
                   " or a run's race detection past %u overlapping pairs "
                   "(docs/limits.md); what is shown was found\n",
              r.runs, so.runs, SIM_PAIRS_MAX);
    if (flag_replay) {
      fprintf(out, "  replay: %s at the set at %u:%u",
              hit ? "the flag finding happened" : "no flag finding",
              la.line, la.col);
      if (used.delay_set != SIM_NONE) {
        const mdl_inst *d = mdl_inst_at(k, used.delay_set);
        const mdl_inst *w = mdl_inst_at(k, used.delay_after);
        char wd[256], ww[256];
        mdl_inst_where(k, d, wd, sizeof wd);
        mdl_inst_where(k, w, ww, sizeof ww);
        fprintf(out, ": the set at %u:%u (%s) landed only once the %s at "
                     "%u:%u (%s) was released",
                d->loc.line, d->loc.col, wd, sim_op_name(k, used.delay_after),
                w->loc.line, w->loc.col, ww);
      } else if (used.hold != SIM_NONE) {
        const mdl_inst *h = mdl_inst_at(k, used.hold);
        char wh[256];
        mdl_inst_where(k, h, wh, sizeof wh);
        if (h->kind == MDL_I_WAIT || h->kind == MDL_I_BWAIT)
          fprintf(out, ": held the %s at %u:%u (%s)", sim_op_name(k, used.hold),
                  h->loc.line, h->loc.col, wh);
        else
          fprintf(out, ": held every wait of its flag");
        fprintf(out, " until cycle %" PRId64, r.held_until);
      } else if (!used.count_pairing) {
        fprintf(out, " in the plain run, nothing forced\n");
      }
      if (used.count_pairing)
        fprintf(out, "%s each set landing only after the wait that clears "
                     "the previous one (count pairing)",
                used.hold != SIM_NONE || used.delay_set != SIM_NONE ? ","
                                                                    : ":");
      if (used.hold != SIM_NONE || used.delay_set != SIM_NONE ||
          used.count_pairing)
        fprintf(out, " (%u schedule%s tried after the plain run)\n", tried,
                tried == 1 ? "" : "s");
    } else if (r.replay) {
      const mdl_inst *s = mdl_inst_at(k, r.stretched);
      char ws[256];
      mdl_inst_where(k, s, ws, sizeof ws);
      fprintf(out, "  replay: %s: stretched the %s at %u:%u (%s) to [%" PRId64
                   ", %" PRId64 ")%s after %u candidate pair%s\n",
              r.replay_hit ? "the pair overlapped" : "the pair stayed ordered",
              sim_op_name(k, r.stretched), s->loc.line, s->loc.col, ws,
              r.start[r.stretched], r.end[r.stretched],
              r.count_pairing ? ", each set landing only after the wait that "
                                "clears the previous one (count pairing)"
                              : "",
              tried, tried == 1 ? "" : "s");
    }
    if (o->trace_file && !traced) {
      FILE *tf = fopen(o->trace_file, "w");
      if (!tf || sim_trace_write(k, &r, tf)) {
        fprintf(stderr, "ksv: error: cannot write %s\n", o->trace_file);
        unknown = true;
      }
      if (tf && fclose(tf)) {
        fprintf(stderr, "ksv: error: cannot write %s\n", o->trace_file);
        unknown = true;
      }
      traced = true;
    }
    sim_result_free(&r);
    mdl_specialized_free(spec);
  }
  ksv_prog_end();
  if (o->replay && !replay_found && !bad) {
    fprintf(out, "%s:%u:%u: error: --replay: no conflicting pair of "
                 "instructions and no set_flag or sync_block_set at %u:%u "
                 "[bad-input]\n",
            file, la.line, la.col, la.line, la.col);
    bad = true;
  }
  fprintf(out, "ksv sim: %u kernel%s simulated, %u dynamic finding%s\n", nk,
          nk == 1 ? "" : "s", nfind, nfind == 1 ? "" : "s");
  fe_units_free(&units);
  mdl_diags_free(&diags);
  free(text);
  return bad ? KSV_EXIT_BAD_INPUT : unknown ? KSV_EXIT_UNKNOWN
         : findings ? KSV_EXIT_FINDINGS : KSV_EXIT_CLEAN;
}

/* ------------------------------------------- ksv check --replay, ksv fix */

void ksv_simulate(const mdl_kernel *k, uint32_t runs, uint64_t seed,
                  mdl_flag_model fm, double deadline, ksv_simfig *f) {
  memset(f, 0, sizeof *f);
  sim_options o;
  sim_options_default(&o);
  o.flags = fm;
  o.runs = runs ? runs : 1;
  o.seed = seed;
  o.jitter = true;
  o.deadline = deadline;
  sim_result r;
  int rc = sim_run(k, &o, &r);
  f->status = rc;
  if (rc) {
    f->why = sim_strerror(rc);
    sim_result_free(&r);
    return;
  }
  f->runs = r.runs;
  f->cycles = r.total;
  f->max_cycles = r.max_total > r.total ? r.max_total : r.total;
  f->overlap = r.overlap;
  f->has_overlap = r.has_overlap;
  f->findings = r.findings.len;
  f->runs_with_findings = r.runs_with_findings;
  f->cut = r.cut;
  f->open = k->open;
  f->cut_iters = k->cut_cores ? k->cut_iters : 0;
  if (r.findings.len) {
    qsort(r.findings.data, r.findings.len, sizeof(sim_finding), finding_cmp);
    const sim_finding *x = &MDL_VEC_AT(r.findings, sim_finding, 0);
    const mdl_inst *b = mdl_inst_at(k, x->b);
    int n = snprintf(f->first, sizeof f->first, "%s at the %s at %u:%u",
                     mdl_rule_name(x->rule), sim_op_name(k, x->b), b->loc.line,
                     b->loc.col);
    if (x->a != SIM_NONE && n > 0 && (size_t)n < sizeof f->first) {
      const mdl_inst *a = mdl_inst_at(k, x->a);
      snprintf(f->first + n, sizeof f->first - (size_t)n,
               " and the %s at %u:%u", sim_op_name(k, x->a), a->loc.line,
               a->loc.col);
    }
  }
  sim_result_free(&r);
}

char *ksv_simfig_str(const ksv_simfig *f) {
  if (f->status)
    return mdl_strprintf("not simulated: %s", f->why);
  char ov[96] = "";
  if (f->has_overlap)
    snprintf(ov, sizeof ov, ", cube/vector overlap %.1f%%", 100 * f->overlap);
  char fi[400];
  if (f->findings)
    snprintf(fi, sizeof fi, "%u dynamic finding%s in %u of %u runs (first: %s)",
             f->findings, f->findings == 1 ? "" : "s", f->runs_with_findings,
             f->runs, f->first);
  else
    snprintf(fi, sizeof fi, "no dynamic finding in %u run%s", f->runs,
             f->runs == 1 ? "" : "s");
  char sc[160] = "";
  if (f->cut_iters)
    snprintf(sc, sizeof sc, " (the first %u iterations)", f->cut_iters);
  return mdl_strprintf("simulated%s: %" PRId64 " cycles (nominal; at most %"
                       PRId64 " over %u jittered run%s)%s; %s%s%s",
                       sc, f->cycles, f->max_cycles, f->runs,
                       f->runs == 1 ? "" : "s", ov, fi,
                       f->open ? "; open cross-core waits released at once"
                               : "",
                       f->cut ? "; stopped short by a budget "
                                "(docs/limits.md)" : "");
}

/* The finding of rule `want` that the replay hit at la (and lb), or NULL. */
static const sim_finding *hit_at(const mdl_kernel *k, const sim_result *r,
                                 mdl_rule want, mdl_loc la, mdl_loc lb) {
  for (uint32_t j = 0; j < r->findings.len; j++) {
    const sim_finding *f = &MDL_VEC_AT(r->findings, sim_finding, j);
    if (f->rule != want)
      continue;
    const mdl_inst *b = mdl_inst_at(k, f->b);
    const mdl_inst *a = f->a != SIM_NONE ? mdl_inst_at(k, f->a) : NULL;
    bool pb = loc_at(b->loc, la), pa = a && loc_at(a->loc, la);
    bool qb = loc_at(b->loc, lb), qa = a && loc_at(a->loc, lb);
    if (!lb.line ? pb : ((pb && qa) || (pa && qb)))
      return f;
  }
  return NULL;
}

static void replay_race(const mdl_kernel *k, const sim_options *so,
                        mdl_diag *d) {
  mdl_loc la = diag_loc(k, d->line, d->col, d->where), lb = {0, 0};
  if (d->nrelated)
    lb = diag_loc(k, d->related[0].line, d->related[0].col,
                  d->related[0].where);
  sim_result r;
  uint32_t tried = 0;
  bool hit = false;
  int rc = lb.line ? replay(k, so, la, lb, d->rule, &r, &tried, &hit) : -1;
  if (rc == -1) {
    mdl_diag_related(d, d->line, d->col,
                     "replay on the simulator: no conflicting pair of "
                     "instructions at %u:%u and %u:%u to replay",
                     la.line, la.col, lb.line, lb.col);
    return;
  }
  const sim_finding *f = rc ? NULL : hit_at(k, &r, d->rule, la, lb);
  if (rc) {
    mdl_diag_related(d, d->line, d->col, "replay on the simulator: not "
                     "simulated: %s", sim_strerror(rc));
  } else if (!hit || !f) {
    mdl_diag_related(d, d->line, d->col,
                     "replay on the simulator: the pair stayed ordered in "
                     "the %u schedule%s tried; the race did not show",
                     tried, tried == 1 ? "" : "s");
  } else {
    const mdl_inst *b = mdl_inst_at(k, f->b), *a = mdl_inst_at(k, f->a);
    const mdl_inst *s = mdl_inst_at(k, r.stretched);
    char rs[96];
    range_str(k, f, rs, sizeof rs);
    mdl_diag_related(
        d, d->line, d->col,
        "replay on the simulator: the race happens: the %s at %u:%u %s %s "
        "during cycles [%" PRId64 ", %" PRId64 ") while the %s at %u:%u "
        "was %s it during [%" PRId64 ", %" PRId64 ") (forced by stretching "
        "the %s at %u:%u%s)",
        sim_op_name(k, f->b), b->loc.line, b->loc.col,
        f->b_write ? "wrote" : "read", rs, f->b_start, f->b_end,
        sim_op_name(k, f->a), a->loc.line, a->loc.col,
        f->a_write ? "writing" : "reading", f->a_start, f->a_end,
        sim_op_name(k, r.stretched), s->loc.line, s->loc.col,
        r.count_pairing ? ", each set landing only after the wait that "
                          "clears the previous one"
                        : "");
  }
  sim_result_free(&r);
}

static void replay_flag(const mdl_kernel *k, const sim_options *so,
                        mdl_diag *d) {
  mdl_loc la = diag_loc(k, d->line, d->col, d->where), lb = {0, 0};
  if (d->rule == MDL_RULE_DOUBLE_SET && d->nrelated)
    lb = diag_loc(k, d->related[0].line, d->related[0].col,
                  d->related[0].where);
  sim_result r;
  uint32_t tried = 0;
  bool hit = false;
  flag_force used;
  int rc = replay_set(k, so, la, lb, d->rule, &r, &tried, &hit, &used);
  if (rc == -1) {
    mdl_diag_related(d, d->line, d->col, "replay on the simulator: no set at "
                     "%u:%u to replay", la.line, la.col);
    return;
  }
  /* the simulator's double set may pair with another earlier set */
  const sim_finding *f = rc ? NULL : hit_at(k, &r, d->rule, la, lb);
  if (!rc && !f)
    f = hit_at(k, &r, d->rule, la, (mdl_loc){0, 0});
  if (rc)
    mdl_diag_related(d, d->line, d->col, "replay on the simulator: not "
                     "simulated: %s", sim_strerror(rc));
  else if (!f)
    mdl_diag_related(d, d->line, d->col,
                     "replay on the simulator: no %s at this set in the %u "
                     "schedule%s tried", mdl_rule_name(d->rule), tried + 1,
                     tried ? "s" : "");
  else if (f->rule == MDL_RULE_DOUBLE_SET && so->flags == MDL_FLAGS_COUNT)
    mdl_diag_related(d, d->line, d->col,
                     "replay on the simulator: the set lands at cycle %" PRId64
                     " with no wait of its flag since the set at %u:%u "
                     "(landed at cycle %" PRId64 ") in program order; the "
                     "flag counts %d pending set%s, none is lost",
                     f->b_end, mdl_inst_at(k, f->a)->loc.line,
                     mdl_inst_at(k, f->a)->loc.col, f->a_end, f->value,
                     f->value == 1 ? "" : "s");
  else if (f->rule == MDL_RULE_DOUBLE_SET)
    mdl_diag_related(d, d->line, d->col,
                     "replay on the simulator: the set lands at cycle %" PRId64
                     " while the flag is still set by the set at %u:%u "
                     "(landed at cycle %" PRId64 "): one set is lost",
                     f->b_end, mdl_inst_at(k, f->a)->loc.line,
                     mdl_inst_at(k, f->a)->loc.col, f->a_end);
  else
    mdl_diag_related(d, d->line, d->col,
                     "replay on the simulator: the set pushes the counter to "
                     "%d at cycle %" PRId64 ", past %d",
                     f->value, f->b_end, k->prof->max_counter);
  sim_result_free(&r);
}

/* A double set on the flag of the set at line:col. */
static const sim_finding *double_set_with(const mdl_kernel *k,
                                          const sim_result *r, uint32_t line,
                                          uint32_t col) {
  const mdl_inst *x = NULL;
  for (uint32_t i = 0; i < k->insts.len && !x; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind == MDL_I_SET && in->loc.line == line && in->loc.col == col)
      x = in;
  }
  for (uint32_t j = 0; x && j < r->findings.len; j++) {
    const sim_finding *f = &MDL_VEC_AT(r->findings, sim_finding, j);
    const mdl_inst *y = mdl_inst_at(k, f->b);
    if (f->rule == MDL_RULE_DOUBLE_SET && y->kind == MDL_I_SET &&
        y->core == x->core && y->pipe == x->pipe && y->pipe2 == x->pipe2 &&
        y->id == x->id)
      return f;
  }
  return NULL;
}

/* Deadlocks and sets left over need no forcing: the plain run shows them
** or not. */
static void replay_plain(const mdl_kernel *k, const sim_options *so,
                         mdl_diag *d) {
  sim_result r;
  int rc = sim_run(k, so, &r);
  if (rc) {
    mdl_diag_related(d, d->line, d->col, "replay on the simulator: not "
                     "simulated: %s", sim_strerror(rc));
    sim_result_free(&r);
    return;
  }
  if (d->rule == MDL_RULE_UNPAIRED_SET) {
    const sim_finding *f =
        hit_at(k, &r, MDL_RULE_UNPAIRED_SET,
               diag_loc(k, d->line, d->col, d->where), (mdl_loc){0, 0});
    if (f)
      mdl_diag_related(d, d->line, d->col, "replay on the simulator: the "
                       "flag is still set when the kernel ends");
    else if (so->flags == MDL_FLAGS_BIT &&
             ((f = hit_at(k, &r, MDL_RULE_DOUBLE_SET,
                          diag_loc(k, d->line, d->col, d->where),
                          (mdl_loc){0, 0})) ||
              (f = double_set_with(k, &r, d->line, d->col))))
      mdl_diag_related(d, d->line, d->col, "replay on the simulator: no set "
                       "is left over because the 1-bit flag lost one to the "
                       "double set at %u:%u (cycle %" PRId64 "); ksv counts "
                       "sets and waits, so the set is unpaired",
                       mdl_inst_at(k, f->b)->loc.line,
                       mdl_inst_at(k, f->b)->loc.col, f->b_end);
    else if (r.stuck.len)
      mdl_diag_related(d, d->line, d->col, "replay on the simulator: the "
                       "kernel stops before its end (%u stuck), so no set "
                       "is seen left over", r.stuck.len);
    else
      mdl_diag_related(d, d->line, d->col, "replay on the simulator: no set "
                       "of this statement is left over at the end");
    sim_result_free(&r);
    return;
  }
  if (!r.stuck.len) {
    mdl_diag_related(d, d->line, d->col, "replay on the simulator: the "
                     "nominal run ends after %" PRId64 " cycles; it did not "
                     "stop", r.total);
    sim_result_free(&r);
    return;
  }
  char buf[1024];
  size_t n = 0;
  bool here = false;
  for (uint32_t j = 0; j < r.stuck.len && n < sizeof buf - 1; j++) {
    const sim_stuck *st = &MDL_VEC_AT(r.stuck, sim_stuck, j);
    const mdl_inst *h = mdl_inst_at(k, st->head);
    here |= h->loc.line == d->line && h->loc.col == d->col;
    for (uint32_t q = 0; q < d->nrelated; q++)
      here |= h->loc.line == d->related[q].line &&
              h->loc.col == d->related[q].col;
    if (j == 4) {
      snprintf(buf + n, sizeof buf - n, "; and %u more", r.stuck.len - 4);
      break;
    }
    int w = snprintf(buf + n, sizeof buf - n, "%s%s %s at the %s at %u:%u",
                     j ? "; " : "", k->cores[st->core].label,
                     st->scalar ? "scalar unit"
                                : mdl_pipe_name((mdl_pipe)st->pipe),
                     sim_op_name(k, st->head), h->loc.line, h->loc.col);
    if (w < 0)
      break;
    n += (size_t)w;
  }
  mdl_diag_related(d, d->line, d->col,
                   "replay on the simulator: the kernel stops%s; %u stuck: "
                   "%s",
                   here ? " at this wait" : " (elsewhere than this wait)",
                   r.stuck.len, buf);
  sim_result_free(&r);
}

static bool symbolic_ids(const mdl_kernel *k) {
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->id == -1 && in->kind != MDL_I_OP && in->kind != MDL_I_BARRIER &&
        in->kind != MDL_I_SYNC_ALL)
      return true;
  }
  return false;
}

void ksv_replay_diags(const mdl_kernel *k0, mdl_diags *ds, uint32_t from,
                      mdl_flag_model fm) {
  sim_options so;
  sim_options_default(&so);
  so.flags = fm;
  so.runs = 1;
  so.jitter = false;
  bool symbolic = !k0->concrete || symbolic_ids(k0);
  /* the replay's notes are located at their diagnostic: in its file */
  uint32_t nd = ds->items.len > from ? ds->items.len - from : 0;
  uint32_t *nrel = calloc(nd ? nd : 1, sizeof *nrel);
  if (!nrel)
    abort();
  for (uint32_t i = from; i < ds->items.len; i++)
    nrel[i - from] = MDL_VEC_AT(ds->items, mdl_diag, i).nrelated;
  for (uint32_t i = from; i < ds->items.len; i++) {
    mdl_diag *d = &MDL_VEC_AT(ds->items, mdl_diag, i);
    if (d->rule != MDL_RULE_RACE && d->rule != MDL_RULE_PIPE_HAZARD &&
        d->rule != MDL_RULE_XCORE_RACE && d->rule != MDL_RULE_PARALLEL_LOOP &&
        d->rule != MDL_RULE_DOUBLE_SET &&
        d->rule != MDL_RULE_FLAG_OVERFLOW && d->rule != MDL_RULE_DEADLOCK &&
        d->rule != MDL_RULE_UNPAIRED_SET)
      continue;
    /* an SMT witness on a symbolic kernel: replay on the concrete copy
       its values select */
    const mdl_kernel *k = k0;
    mdl_kernel *spec = NULL;
    if (symbolic) {
      const char *why = "the finding carries no witness values";
      if (d->val)
        spec = mdl_specialize(k0, d->val, &why);
      if (!spec) {
        mdl_diag_related(d, d->line, d->col, "replay on the simulator: not "
                         "simulated: %s", why);
        continue;
      }
      k = spec;
    }
    switch (d->rule) {
    case MDL_RULE_RACE:
    case MDL_RULE_PIPE_HAZARD:
    case MDL_RULE_XCORE_RACE:
    case MDL_RULE_PARALLEL_LOOP:
      replay_race(k, &so, d);
      break;
    case MDL_RULE_DOUBLE_SET:
    case MDL_RULE_FLAG_OVERFLOW:
      replay_flag(k, &so, d);
      break;
    case MDL_RULE_DEADLOCK:
    case MDL_RULE_UNPAIRED_SET:
      replay_plain(k, &so, d);
      break;
    default:
      break;
    }
    if (spec) {
      mdl_diag *dd = &MDL_VEC_AT(ds->items, mdl_diag, i);
      mdl_related *r = &dd->related[dd->nrelated - 1];
      char *m = mdl_strprintf("%s (on the kernel as the witness's values "
                              "select it: %u of %u instructions)",
                              r->message, spec->insts.len, k0->insts.len);
      free(r->message);
      r->message = m;
      mdl_specialized_free(spec);
    }
  }
  for (uint32_t i = from; i < from + nd; i++) {
    mdl_diag *d = &MDL_VEC_AT(ds->items, mdl_diag, i);
    for (uint32_t r = nrel[i - from]; d->where && r < d->nrelated; r++)
      if (!d->related[r].where && d->related[r].line == d->line &&
          d->related[r].col == d->col)
        d->related[r].where = mdl_where_dup(d->where);
  }
  free(nrel);
}
