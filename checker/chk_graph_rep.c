/*
** chk_graph_rep.c -- the graph engine's findings as diagnostics (messages,
*witnesses,
** notes), invalid syncs, the paths of a witness, --explain.  Internals in
** chk_graph_x.h.
*/
#include "chk.h"
#include "chk_int.h"
#include "../model/mdl_build.h"
#include "chk_graph_x.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ reporting */

char *chk_po_double_witness(const mdl_kernel *k, uint32_t prev,
                            const char *engine) {
  char at[320] = "the previous set";
  if (prev != NONE) {
    const mdl_inst *p = mdl_inst_at(k, prev);
    char wp[256];
    mdl_inst_where(k, p, wp, sizeof wp);
    snprintf(at, sizeof at, "the set at %u:%u (%s)", p->loc.line, p->loc.col,
             wp);
  }
  return mdl_strprintf("no wait_flag of the flag runs between %s and this "
                       "set%s%s",
                       at, engine ? "; " : "", engine ? engine : "");
}

char *chk_po_double_msg(const mdl_kernel *k, uint32_t core, uint8_t src,
                        uint8_t dst, int32_t id) {
  return mdl_strprintf(
      "set_flag[%s, %s, EVENT_ID%d] on %s sets the flag again with no "
      "wait_flag of it since the previous set (program order): the flag "
      "counts both, but the CCE documentation forbids it and a wait is "
      "often missing",
      mdl_pipe_name((mdl_pipe)src), mdl_pipe_name((mdl_pipe)dst), id,
      k->cores[core].label);
}

const char *chk_op_name(const mdl_kernel *k, const mdl_inst *in) {
  const mdl_stmt *s = MDL_VEC_AT(k->stmts, mdl_stmt *, in->stmt);
  const char *n = s->name ? s->name : mdl_inst_kind_name(in->kind);
  if (!strncmp(n, "hivm.hir.", 9))
    n += 9;
  return n;
}

static void range_str(const mdl_kernel *k, uint32_t mem, int64_t lo,
                      int64_t hi, char *buf, size_t n) {
  const mdl_memory *m = mdl_memory_at(k, mem);
  if (hi == INT64_MAX)
    snprintf(buf, n, "%s[0x%llx, end)", m->name, (unsigned long long)lo);
  else
    snprintf(buf, n, "%s[0x%llx, 0x%llx)", m->name, (unsigned long long)lo,
             (unsigned long long)hi);
}

typedef struct {
  mdl_rule rule;
  uint32_t sb, sa; /* statement ids */
  uint32_t d;      /* index into the diagnostics (the vector may move) */
} dkey;

/* The diagnostics emitted so far by (rule, statement pair): an open
** hash table (a kernel may have a finding for every pair of its
** statements). */
typedef struct {
  dkey *slot;      /* d UINT32_MAX: empty */
  size_t cap;      /* a power of two, at least twice the findings */
} dtab;

static dkey *dtab_slot(const dtab *t, mdl_rule rule, uint32_t sb,
                       uint32_t sa) {
  uint32_t h = ((uint32_t)rule * 0x9e3779b1u) ^ (sb * 0x85ebca6bu) ^
               (sa * 0xc2b2ae35u);
  for (size_t i = (h ^ (h >> 15)) & (t->cap - 1);;
       i = (i + 1) & (t->cap - 1)) {
    dkey *x = &t->slot[i];
    if (x->d == UINT32_MAX ||
        (x->rule == rule && x->sb == sb && x->sa == sa))
      return x;
  }
}

void chk_emit(const mdl_kernel *k, mdl_vec *findings, mdl_diags *out,
              uint32_t *nerr, uint32_t *nwarn) {
  dtab keys = {NULL, 16};
  while (keys.cap < 2 * (size_t)findings->len)
    keys.cap *= 2;
  keys.slot = malloc(keys.cap * sizeof *keys.slot);
  if (!keys.slot)
    abort();
  for (size_t i = 0; i < keys.cap; i++)
    keys.slot[i].d = UINT32_MAX;
  for (uint32_t i = 0; i < findings->len; i++) {
    finding *f = &MDL_VEC_AT(*findings, finding, i);
    if (f->rule == MDL_RULE_COUNT)
      continue;
    const mdl_inst *b = mdl_inst_at(k, f->b);
    const mdl_inst *a = f->a != NONE ? mdl_inst_at(k, f->a) : NULL;
    uint32_t sb = chk_src(k, b->stmt), sa = a ? chk_src(k, a->stmt) : NONE;
    dkey *nk = dtab_slot(&keys, f->rule, sb, sa);
    if (nk->d != UINT32_MAX) {
      MDL_VEC_AT(out->items, mdl_diag, nk->d).extra += 1 + f->extra;
      continue;
    }
    char wb[256], wa[256], rng[96];
    mdl_inst_where(k, b, wb, sizeof wb);
    mdl_diag *d;
    mdl_severity sev = f->error ? MDL_SEV_ERROR : mdl_rule_severity(f->rule);
    if (f->rule == MDL_RULE_RACE || f->rule == MDL_RULE_PIPE_HAZARD ||
        f->rule == MDL_RULE_XCORE_RACE || f->rule == MDL_RULE_PARALLEL_LOOP) {
      unsigned bits = f->wbits;
      bool b_is_second = (bits & 4) != 0;
      bool a_w = b_is_second ? (bits & 1) : (bits & 2);
      bool b_w = b_is_second ? (bits & 2) : (bits & 1);
      range_str(k, f->mem, f->lo, f->hi, rng, sizeof rng);
      mdl_inst_where(k, a, wa, sizeof wa);
      const char *pa = mdl_pipe_name((mdl_pipe)a->pipe);
      const char *pb = mdl_pipe_name((mdl_pipe)b->pipe);
      /* the other access in another file than the finding's (a C++
         header): its location names the file */
      char al[288];
      snprintf(al, sizeof al, "%s%s%u:%u",
               a->loc.file != b->loc.file ? mdl_kernel_file(k, a->loc.file)
                                          : "",
               a->loc.file != b->loc.file ? ":" : "", a->loc.line,
               a->loc.col);
      if (f->rule == MDL_RULE_RACE)
        d = mdl_diag_add_at(out, f->rule, sev, k, b->loc,
                         "%s at %u:%u may %s %s while the %s at %s on %s "
                         "is still %s it: no sync from %s to %s orders them",
                         chk_op_name(k, b), b->loc.line, b->loc.col,
                         b_w ? "write" : "read", rng, chk_op_name(k, a),
                         al, pa,
                         a_w ? "writing" : "reading", pa, pb);
      else if (f->rule == MDL_RULE_PIPE_HAZARD)
        d = mdl_diag_add_at(out, f->rule, sev, k, b->loc,
                         "%s at %u:%u may %s %s before the %s at %s on "
                         "the same pipe %s has finished %s it: no "
                         "pipe_barrier(%s) between them",
                         chk_op_name(k, b), b->loc.line, b->loc.col,
                         b_w ? "write" : "read", rng, chk_op_name(k, a),
                         al, pb,
                         a_w ? "writing" : "reading", pb);
      else if (f->rule == MDL_RULE_PARALLEL_LOOP) {
        const mdl_stmt *pl = mdl_parallel_iters(k, a, b);
        d = mdl_diag_add_at(out, f->rule, sev, k, b->loc,
                         "%s at %u:%u may %s %s while the %s at %s of "
                         "another iteration is still %s it: the input "
                         "breaks the contract of the {hivm.parallel_loop} "
                         "at %u:%u, whose iterations must not conflict",
                         chk_op_name(k, b), b->loc.line, b->loc.col,
                         b_w ? "write" : "read", rng, chk_op_name(k, a),
                         al,
                         a_w ? "writing" : "reading", pl ? pl->loc.line : 0,
                         pl ? pl->loc.col : 0);
      } else
        d = mdl_diag_add_at(out, f->rule, sev, k, b->loc,
                         "%s at %u:%u on %s may %s %s while the %s at %s "
                         "on %s is still %s it: no cross-core flag orders "
                         "them",
                         chk_op_name(k, b), b->loc.line, b->loc.col,
                         k->cores[b->core].label, b_w ? "write" : "read", rng,
                         chk_op_name(k, a), al,
                         k->cores[a->core].label, a_w ? "writing" : "reading");
      mdl_diag_related_at(d, k, a->loc, "conflicting %s %s, %s",
                       chk_op_name(k, a), a_w ? "write" : "read", wa);
      mdl_diag_witness(d,
                       "%s (%s) and %s (%s) can overlap in time: nothing "
                       "forces the first to end before the second starts"
                       "%s%s",
                       chk_op_name(k, a), wa, chk_op_name(k, b), wb,
                       f->witness ? "; " : "", f->witness ? f->witness : "");
    } else {
      d = mdl_diag_add_at(out, f->rule, sev, k, b->loc, "%s",
                       f->msg ? f->msg : mdl_rule_name(f->rule));
      if (a) {
        mdl_inst_where(k, a, wa, sizeof wa);
        mdl_diag_related_at(d, k, a->loc, "%s %s",
                         chk_op_name(k, a), wa);
      }
      for (uint32_t r = 0; r < f->related.len; r++) {
        const mdl_inst *x = mdl_inst_at(k, MDL_VEC_AT(f->related, uint32_t, r));
        char wx[256];
        mdl_inst_where(k, x, wx, sizeof wx);
        mdl_diag_related_at(d, k, x->loc, "%s %s, also on the "
                         "cycle", chk_op_name(k, x), wx);
      }
      mdl_diag_witness(d, "%s%s%s", wb, f->witness ? "; " : "",
                       f->witness ? f->witness : "");
    }
    d->extra += f->extra;
    d->whole_witness = f->outcome_in_witness;
    chk_finding_steps(k, f, d); /* the first instance's, as d->val */
    d->val = f->val; /* the first instance's witness values */
    f->val = NULL;
    if (sev == MDL_SEV_ERROR)
      (*nerr)++;
    else if (sev == MDL_SEV_WARNING)
      (*nwarn)++;
    nk->rule = f->rule;
    nk->sb = sb;
    nk->sa = sa;
    nk->d = (uint32_t)(d - (mdl_diag *)out->items.data);
  }
  free(keys.slot);
}

/* ------------------------------------------------------- invalid syncs */

void chk_invalid(const mdl_kernel *k, mdl_diags *out, uint32_t *nerr,
                 uint32_t *nwarn) {
  uint8_t *reported = calloc(k->nstmts ? k->nstmts : 1, 1);
  const mdl_profile *pr = k->prof;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind == MDL_I_OP || in->implicit ||
        reported[chk_src(k, in->stmt)])
      continue;
    const char *core = k->cores[in->core].type == MDL_CORE_AIC
                           ? "the cube core (AIC)" : "a vector core (AIV)";
    char msg[300] = "";
    bool warn = false;
    switch (in->kind) {
    case MDL_I_SET:
    case MDL_I_WAIT:
      for (int q = 0; q < 2 && !msg[0]; q++) {
        uint8_t p = q ? in->pipe2 : in->pipe;
        if (p == MDL_PIPE_ALL)
          snprintf(msg, sizeof msg, "%s cannot name PIPE_ALL",
                   mdl_inst_kind_name(in->kind));
        else if (!mdl_core_has_pipe(pr, k->cores[in->core].type, (mdl_pipe)p))
          snprintf(msg, sizeof msg,
                   "%s names %s, which %s does not have on %s: the "
                   "toolchain drops it, so it synchronizes nothing",
                   mdl_inst_kind_name(in->kind), mdl_pipe_name((mdl_pipe)p),
                   core, pr->name);
      }
      if (!msg[0] && in->id >= 0 && in->id > pr->max_event_id)
        snprintf(msg, sizeof msg, "event id %d is out of range 0..%d",
                 in->id, pr->max_event_id);
      else if (!msg[0] && in->id < -1)
        snprintf(msg, sizeof msg, "event id %d is out of range 0..%d",
                 in->id, pr->max_event_id);
      else if (!msg[0] && in->id >= 0 &&
               (pr->reserved_event_ids >> in->id) & 1) {
        snprintf(msg, sizeof msg,
                 "event id %d is reserved by the runtime and the queue "
                 "framework; use 0..5 by hand", in->id);
        warn = true;
      }
      break;
    case MDL_I_BARRIER:
      if (in->pipe == MDL_PIPE_S)
        snprintf(msg, sizeof msg, "pipe_barrier(PIPE_S) is illegal");
      else if (!mdl_core_has_pipe(pr, k->cores[in->core].type,
                                  (mdl_pipe)in->pipe))
        snprintf(msg, sizeof msg,
                 "pipe_barrier names %s, which %s does not have on %s: the "
                 "toolchain drops it",
                 mdl_pipe_name((mdl_pipe)in->pipe), core, pr->name);
      break;
    case MDL_I_BSET:
    case MDL_I_BWAIT:
      if (!mdl_core_has_pipe(pr, k->cores[in->core].type, (mdl_pipe)in->pipe))
        snprintf(msg, sizeof msg,
                 "%s names %s, which %s does not have on %s: the toolchain "
                 "drops it",
                 mdl_inst_kind_name(in->kind),
                 mdl_pipe_name((mdl_pipe)in->pipe), core, pr->name);
      else if (in->id > pr->max_block_flag || in->id < -1)
        snprintf(msg, sizeof msg, "cross-core flag %d is out of range 0..%d",
                 in->id, pr->max_block_flag);
      else if (in->id >= 0 && (pr->reserved_flags >> in->id) & 1) {
        snprintf(msg, sizeof msg,
                 "cross-core flag %d is used by the hard SyncAll (11..14)",
                 in->id);
        warn = true;
      }
      break;
    default:
      break;
    }
    if (!msg[0])
      continue;
    reported[chk_src(k, in->stmt)] = 1;
    mdl_diag *d = mdl_diag_add_at(out, MDL_RULE_INVALID_SYNC,
                                  warn ? MDL_SEV_WARNING : MDL_SEV_ERROR, k,
                                  in->loc, "%s", msg);
    chk_step_inst(k, d, i, MDL_STEP_SYNC, true, NULL);
    if (warn)
      (*nwarn)++;
    else
      (*nerr)++;
  }
  free(reported);
}

uint32_t chk_graph_count_errors(const gx *g) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < g->findings.len; i++) {
    const finding *f = &MDL_VEC_AT(g->findings, finding, i);
    /* a broken parallel_loop contract blocks redundancy claims too */
    if (f->rule != MDL_RULE_COUNT &&
        (f->error || mdl_rule_severity(f->rule) == MDL_SEV_ERROR ||
         f->rule == MDL_RULE_PARALLEL_LOOP))
      n++;
  }
  return n;
}

/* ------------------------------------------------------------ paths */

/* Names the syncs on a path that orders a's end before b's start: walks
** back from S(b) through nodes that still carry a's frontier.  Writes
** "set_flag at 12:5 -> wait_flag at 14:5" into by, and the instances in
** path order into OUT chain (room for PATH_MAX_SYNCS), and returns how
** many syncs it names (0: the pipe or program order alone orders them). */
static uint32_t path_syncs(const gx *g, const mdl_kernel *k, uint32_t a,
                           uint32_t b, char *by, size_t bn, uint32_t *chain) {
  uint32_t node = NS(b), syncs[PATH_MAX_SYNCS], nsy = 0, steps = 0;
  uint32_t ca = g->chain[a], pa = g->pos[a];
  by[0] = 0;
  if (ca == NONE)
    return 0;
  uint32_t cola = g->col[ca];
  while (steps++ < 100000) {
    if (node < 4 * g->n && (node & 3) == 3 && g->chain[node >> 2] == ca &&
        g->pos[node >> 2] >= pa)
      break;
    uint32_t nx = NONE;
    for (uint32_t e = g->roff[node]; e < g->roff[node + 1]; e++) {
      uint32_t p = g->radj[e];
      if (chk_graph_VC(g, p)[cola] >= pa) {
        nx = p;
        break;
      }
    }
    if (nx == NONE)
      break;
    if (nx < 4 * g->n && nsy < PATH_MAX_SYNCS) {
      /* name a wait or barrier the path is released by, and a set only
         where it releases a wait (not on the issue chain) */
      uint32_t i = nx >> 2;
      mdl_inst_kind kd = chk_graph_I(g, i)->kind;
      bool rec = false;
      if ((nx & 3) == 2)
        rec = kd == MDL_I_WAIT || kd == MDL_I_BWAIT ||
              kd == MDL_I_BARRIER || kd == MDL_I_SYNC_ALL;
      else if ((nx & 3) == 1 && (kd == MDL_I_SET || kd == MDL_I_BSET))
        rec = node >= 4 * g->n ||
              ((node & 3) == 2 && chk_graph_I(g, node >> 2)->kind != MDL_I_OP);
      if (rec && (nsy == 0 || syncs[nsy - 1] != i))
        syncs[nsy++] = i;
    }
    node = nx;
  }
  size_t w = 0;
  for (uint32_t s = 0; s < nsy; s++)
    chain[s] = syncs[nsy - 1 - s];
  for (uint32_t s = nsy; s-- > 0 && w < bn;) {
    const mdl_inst *x = chk_graph_I(g, syncs[s]);
    int m = snprintf(by + w, bn - w, "%s%s at %u:%u", w ? " -> " : "",
                     chk_op_name(k, x), x->loc.line, x->loc.col);
    if (m > 0)
      w += (size_t)m;
  }
  return nsy;
}

/* Can accesses p of instance a and q of b run in one execution?  Only
** a copy with open literals asks (chk_options.coexist); an undecided
** answer counts as no (this only chooses what a note names). */
static bool accs_coexist(const gx *g, uint32_t a, const mdl_access *p,
                         uint32_t b, const mdl_access *q) {
  uint32_t ga = mdl_inst_resid(g->k, a), gb = mdl_inst_resid(g->k, b);
  if (!(ga || gb) || !g->o || !g->o->coexist)
    return true;
  return g->o->coexist(g->o->alias_ctx, ga, gb, p, q, NULL, NULL) == 1;
}

/* Do instances a and b touch common bytes, one of them writing (any
** pipes; not the two AIVs of one logical vector program), in one
** execution? */
static bool insts_conflict(const gx *g, uint32_t a, uint32_t b) {
  const mdl_kernel *k = g->k;
  const mdl_inst *x = mdl_inst_at(k, a), *y = mdl_inst_at(k, b);
  if (!mdl_insts_may_conflict(k, a, b))
    return false;
  for (uint32_t i = 0; i < x->nacc; i++)
    for (uint32_t j = 0; j < y->nacc; j++) {
      const mdl_access *p = mdl_access_at(k, x->acc_first + i);
      const mdl_access *q = mdl_access_at(k, y->acc_first + j);
      if (((p->mode | q->mode) & MDL_ACC_WRITE) &&
          mdl_access_overlap(k, p, q) && accs_coexist(g, a, p, b, q))
        return true;
    }
  return false;
}

/* What orders a before b on one pipe with no sync on the path: a kept
** barrier of the pipe between them, V -> V order in hardware (a5), or the
** pipe's in-order completion. */
static void same_pipe_order(const gx *g, const mdl_kernel *k, uint32_t a,
                            uint32_t b, char *by, size_t bn) {
  const mdl_inst *ia = chk_graph_I(g, a);
  for (uint32_t i = a + 1; i < b; i++) {
    const mdl_inst *x = chk_graph_I(g, i);
    if (x->core == ia->core && x->kind == MDL_I_BARRIER &&
        (x->pipe == ia->pipe || x->pipe == MDL_PIPE_ALL) &&
        !chk_graph_inst_disabled(g, i) && chk_sync_valid(k, x)) {
      snprintf(by, bn, "the pipe_barrier(%s) at %u:%u",
               mdl_pipe_name((mdl_pipe)x->pipe), x->loc.line, x->loc.col);
      return;
    }
  }
  snprintf(by, bn, "%s", ia->pipe == MDL_PIPE_V && k->prof->v_hw_ordered
                             ? "the hardware (V -> V is in order on this "
                               "profile)"
                             : "the in-order pipe");
}

/* Says what already orders what the removed sync statement st ordered:
** finds the nearest conflicting pair of ops around one of its instances
** (a before it on the pipe it waits for, b after it on the pipe it
** blocks) and names the syncs on the path that orders them in g, the
** analysis without st.  OUT cv: that instance of st, the pair (a NONE
** when there is none) and the syncs of the path. */
void chk_graph_cover_note(const gx *g, const mdl_kernel *k,
                          const mdl_stmt *st, char *buf, size_t bn,
                          cover_path *cv, const uint8_t *behind,
                          bool *whole) {
  if (whole)
    *whole = true;
  uint32_t x = NONE;
  for (uint32_t i = 0; i < g->n && x == NONE; i++)
    if (chk_graph_I(g, i)->stmt == st->id)
      x = i;
  snprintf(buf, bn, "it orders no conflicting accesses");
  cv->x = x;
  cv->a = cv->b = NONE;
  cv->nchain = 0;
  if (x == NONE)
    return;
  const mdl_inst *ix = chk_graph_I(g, x);
  uint32_t c = ix->core, first = k->core_first[c],
           last = first + k->core_count[c];
  uint8_t pa = ix->pipe, pb = ix->pipe; /* barrier: its own pipe */
  uint32_t from = x;                    /* a must precede this */
  if (ix->kind == MDL_I_WAIT) {
    pa = ix->pipe2;
    for (uint32_t i = x; i-- > first;) {
      const mdl_inst *y = chk_graph_I(g, i);
      if (y->kind == MDL_I_SET && y->pipe == ix->pipe2 &&
          y->pipe2 == ix->pipe && y->id == ix->id) {
        from = i;
        break;
      }
    }
  }
  /* a prefix's note holds for the whole kernel when the scan neither
     ends at the cut nor reads an order a wait left at the cut may change */
  if (whole && ((k->prefix_cut >> c) & 1u) && x + 512 > last)
    *whole = false;
  for (uint32_t b = x + 1; b < last && b < x + 512; b++) {
    const mdl_inst *ib = chk_graph_I(g, b);
    if (ib->kind != MDL_I_OP ||
        (pb != MDL_PIPE_ALL && pb != MDL_PIPE_S && ib->pipe != pb))
      continue;
    if (whole && behind && behind[b])
      *whole = false;
    for (uint32_t a = from; a-- > first && a + 512 > from;) {
      const mdl_inst *ia = chk_graph_I(g, a);
      if (ia->kind != MDL_I_OP || (pa != MDL_PIPE_ALL && ia->pipe != pa) ||
          !insts_conflict(g, a, b) || !chk_graph_ordered(g, a, b))
        continue;
      char by[400];
      uint32_t nsy = path_syncs(g, k, a, b, by, sizeof by, cv->chain);
      cv->a = a;
      cv->b = b;
      cv->nchain = nsy;
      char pair[200];
      int pr = ia->stmt == ib->stmt
          ? snprintf(pair, sizeof pair, "two instances of the %s at %u:%u",
                     chk_op_name(k, ia), ia->loc.line, ia->loc.col)
          : snprintf(pair, sizeof pair, "the %s at %u:%u and the %s at %u:%u",
                     chk_op_name(k, ia), ia->loc.line, ia->loc.col,
                     chk_op_name(k, ib), ib->loc.line, ib->loc.col);
      if (pr < 0)
        pair[0] = 0;
      if (!nsy)
        same_pipe_order(g, k, a, b, by, sizeof by);
      if (snprintf(buf, bn, "%s it orders are also ordered by %s", pair,
                   by) < 0)
        buf[0] = 0;
      if (whole && behind && behind[a])
        *whole = false;
      return;
    }
  }
}

/* --------------------------------------------------------------- explain */

void chk_graph_explain(gx *g, const mdl_kernel *k, mdl_diags *out) {
  /* for each conflicting, ordered pair of statements on one memory: name
     the sync on a path from the first's end to the second's start */
  mdl_vec seen = {0};
  for (uint32_t b = 0; b < g->n; b++) {
    const mdl_inst *ib = chk_graph_I(g, b);
    if (ib->kind != MDL_I_OP)
      continue;
    for (uint32_t a = 0; a < b && seen.len < 4096; a++) {
      const mdl_inst *ia = chk_graph_I(g, a);
      if (ia->kind != MDL_I_OP || g->chain[a] == NONE)
        continue;
      if (!insts_conflict(g, a, b) || !chk_graph_ordered(g, a, b))
        continue;
      uint32_t key = ia->stmt * 65537u + ib->stmt;
      bool dup = false;
      for (uint32_t s = 0; s < seen.len && !dup; s++)
        dup = MDL_VEC_AT(seen, uint32_t, s) == key;
      if (dup)
        continue;
      *(uint32_t *)mdl_vec_push(&seen, sizeof(uint32_t)) = key;
      char by[512];
      uint32_t chain[PATH_MAX_SYNCS];
      uint32_t nsy = path_syncs(g, k, a, b, by, sizeof by, chain);
      mdl_diag *d =
          mdl_diag_add_at(out, MDL_RULE_EXPLAIN, MDL_SEV_NOTE, k, ib->loc,
                          "%s at %u:%u is ordered after the conflicting %s at "
                          "%u:%u by %s",
                          chk_op_name(k, ib), ib->loc.line, ib->loc.col,
                          chk_op_name(k, ia), ia->loc.line, ia->loc.col,
                          nsy ? by
                              : (ia->core == ib->core && ia->pipe == ib->pipe
                                     ? "the in-order pipe"
                                     : "program order"));
      mdl_diag_related_at(d, k, ia->loc, "the earlier access");
      chk_step_inst(k, d, a, MDL_STEP_EARLIER, false, NULL);
      for (uint32_t q = 0; q < nsy; q++)
        chk_step_inst(k, d, chain[q], MDL_STEP_ORDERING, false, NULL);
      chk_step_inst(k, d, b, MDL_STEP_ACCESS, true, NULL);
    }
  }
  mdl_vec_free(&seen);
}
