/*
** chk_open.c -- what both engines do for an incomplete program
** (SEMANTICS.md 1, "Incomplete programs"; docs/semantics-decisions.md
** 50-53):
**   - a lone half: cross-core counters that the missing partner feeds are
**     not matched (their waits are `open`: released at an arbitrary time,
**     ordering only what follows them in issue and pipe order), and
**     cross-core races are not reported (chk_open_counter);
**   - a kernel checked on the first K iterations of a loop past the
**     unroll budget (mdl_kernel.cut_cores): a wait that may still be
**     waiting when a cut core's prefix ends is not a deadlock (its set may
**     come after the cut), and what such a wait may order is not decided
**     either, since the set that releases it orders more than the prefix
**     shows: findings with an instruction behind such a wait are dropped
**     (chk_behind_cut, chk_drop_behind).
** Both engines use the same functions, so they agree on what is left
** undecided.
*/
#include "chk_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool chk_open_counter(const mdl_kernel *k, uint32_t r, int32_t f) {
  if (!k->open)
    return false;
  for (uint32_t i = k->core_first[r]; i < k->core_first[r] + k->core_count[r];
       i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind == MDL_I_BWAIT && in->open && (in->id == f || in->id < 0))
      return true;
  }
  return false;
}

bool chk_cut_core(const mdl_kernel *k, uint32_t core) {
  return (k->cut_cores >> core) & 1u;
}

/* Counts of one flag (intra-core key or cross-core counter): the
** instances that surely exist (guard 0, id known) and the waits. */
typedef struct {
  mdl_vec waits;             /* uint32_t instances, program order */
  uint32_t sure_sets[3];     /* per sender core */
  bool part[3];              /* sender core feeds this counter */
} flagcnt;

/* Marks in cut[] the waits of one flag that may be left waiting at the
** cut: wait number j (program order, every instance counted) when fewer
** than j+1 sets surely exist; where waits on several pipes pass in any
** order (cross-core, a5) every wait of a flag with more waits than sure
** sets. */
static void mark_late(const mdl_kernel *k, const mdl_vec *waits,
                      uint32_t sure, bool any_order, uint8_t *cut) {
  bool multi = false;
  for (uint32_t w = 1; w < waits->len && any_order; w++)
    multi |= mdl_inst_at(k, MDL_VEC_AT(*waits, uint32_t, w))->pipe !=
             mdl_inst_at(k, MDL_VEC_AT(*waits, uint32_t, 0))->pipe;
  for (uint32_t w = 0; w < waits->len; w++) {
    uint32_t i = MDL_VEC_AT(*waits, uint32_t, w);
    if (w >= sure || (multi && waits->len > sure) ||
        mdl_inst_at(k, i)->id < 0)
      cut[i] = 1;
  }
}

static bool sure_inst(const mdl_inst *in) { return !in->guard && in->id >= 0; }

/* cut_waits for the intra-core flags of cut cores, per (core, src, dst,
** id): cut[i] = 1 for a late wait, 2 for a wait of a flag already done. */
static void cut_flag_waits(const mdl_kernel *k, uint8_t *cut) {
  for (uint32_t c = 0; c < k->ncores; c++) {
    if (!chk_cut_core(k, c))
      continue;
    uint32_t first = k->core_first[c], end = first + k->core_count[c];
    for (uint32_t i = first; i < end; i++) {
      const mdl_inst *w = mdl_inst_at(k, i);
      if (w->kind != MDL_I_WAIT || !chk_sync_valid(k, w) || cut[i])
        continue;
      if (w->id < 0) {
        cut[i] = 1;
        continue;
      }
      /* the first wait of its flag not yet visited: do the flag */
      mdl_vec waits = {0};
      uint32_t sure = 0;
      for (uint32_t j = first; j < end; j++) {
        const mdl_inst *x = mdl_inst_at(k, j);
        if ((x->kind != MDL_I_SET && x->kind != MDL_I_WAIT) ||
            !chk_sync_valid(k, x) || x->id != w->id)
          continue;
        uint8_t src = x->kind == MDL_I_SET ? x->pipe : x->pipe2;
        uint8_t dst = x->kind == MDL_I_SET ? x->pipe2 : x->pipe;
        if (src != w->pipe2 || dst != w->pipe)
          continue;
        if (x->kind == MDL_I_WAIT)
          *(uint32_t *)mdl_vec_push(&waits, sizeof(uint32_t)) = j;
        else
          sure += sure_inst(x);
      }
      mark_late(k, &waits, sure, false, cut);
      for (uint32_t q = 0; q < waits.len; q++) /* visited */
        if (!cut[MDL_VEC_AT(waits, uint32_t, q)])
          cut[MDL_VEC_AT(waits, uint32_t, q)] = 2;
      mdl_vec_free(&waits);
    }
  }
}

/* cut_waits for the cross-core counters, when any core was cut: per
** (receiver, flag). */
static void cut_counter_waits(const mdl_kernel *k, uint8_t *cut) {
  uint32_t n = k->insts.len;
  for (uint32_t r = 0; k->cut_cores && r < k->ncores; r++)
    for (int32_t f = 0; f <= k->prof->max_block_flag; f++) {
      if (chk_open_counter(k, r, f))
        continue;
      flagcnt fc;
      memset(&fc, 0, sizeof fc);
      mdl_core_type rt = k->cores[r].type;
      for (uint32_t i = 0; i < n; i++) {
        const mdl_inst *x = mdl_inst_at(k, i);
        if (!chk_sync_valid(k, x) || (x->id != f && x->id >= 0))
          continue;
        if (x->kind == MDL_I_BWAIT && x->core == r) {
          *(uint32_t *)mdl_vec_push(&fc.waits, sizeof(uint32_t)) = i;
          continue;
        }
        if (x->kind != MDL_I_BSET)
          continue;
        mdl_core_type st = k->cores[x->core].type;
        bool feeds = x->mode == MDL_XMODE_INTRA_BLOCK ? st != rt
                     : x->mode == MDL_XMODE_INTER_SUBBLOCK
                         ? st == MDL_CORE_AIV && rt == MDL_CORE_AIV
                         : st == rt;
        if (!feeds)
          continue;
        fc.part[x->core] = true;
        fc.sure_sets[x->core] += x->id == f && sure_inst(x);
      }
      /* the m-th increment needs the m-th set of every sender of the
         senders' type (both AIVs for AIV -> AIC) */
      uint32_t anyp = NONE, sure = 0;
      for (uint32_t s = 0; s < k->ncores; s++)
        if (fc.part[s])
          anyp = s;
      if (anyp != NONE) {
        sure = UINT32_MAX;
        for (uint32_t s = 0; s < k->ncores; s++)
          if (k->cores[s].type == k->cores[anyp].type &&
              (s != r || k->cores[s].type == rt)) {
            uint32_t m = fc.part[s] ? fc.sure_sets[s] : 0;
            sure = m < sure ? m : sure;
          }
      }
      mark_late(k, &fc.waits, sure, !k->prof->xcore_wait_scalar, cut);
      mdl_vec_free(&fc.waits);
    }
}

/* The waits that may still wait when the prefix of a cut core ends. */
static uint32_t cut_waits(const mdl_kernel *k, uint8_t *cut) {
  uint32_t n = k->insts.len;
  cut_flag_waits(k, cut);
  cut_counter_waits(k, cut);
  uint32_t nc = 0;
  for (uint32_t i = 0; i < n; i++) {
    cut[i] = cut[i] == 1;
    nc += cut[i];
  }
  return nc;
}

uint8_t *chk_behind_cut(const mdl_kernel *k, uint32_t nnodes,
                        const chk_edge *e1, uint32_t n1, const chk_edge *e2,
                        uint32_t n2, uint32_t *first_cut) {
  *first_cut = NONE;
  uint32_t n = k->insts.len;
  if (!k->cut_cores || !n)
    return NULL;
  uint8_t *cut = calloc(n, 1);
  if (!cut)
    return NULL;
  if (!cut_waits(k, cut)) {
    free(cut);
    return NULL;
  }
  /* successors of every node, both edge lists (conditions ignored: an
     edge that may hold may order) */
  uint32_t *off = calloc((size_t)nnodes + 2, sizeof *off);
  uint32_t ne = n1 + n2;
  uint32_t *adj = malloc((ne ? ne : 1) * sizeof *adj);
  uint8_t *seen = calloc(nnodes ? nnodes : 1, 1);
  uint32_t *queue = malloc((nnodes ? nnodes : 1) * sizeof *queue);
  uint8_t *behind = calloc(n, 1);
  if (!off || !adj || !seen || !queue || !behind) {
    fputs("ksv: out of memory\n", stderr);
    exit(3);
  }
  for (uint32_t e = 0; e < ne; e++) {
    const chk_edge *x = e < n1 ? &e1[e] : &e2[e - n1];
    if (x->from < nnodes && x->to < nnodes)
      off[x->from + 1]++;
  }
  for (uint32_t v = 0; v < nnodes; v++)
    off[v + 1] += off[v];
  uint32_t *fill = malloc(((size_t)nnodes + 1) * sizeof *fill);
  memcpy(fill, off, ((size_t)nnodes + 1) * sizeof *fill);
  for (uint32_t e = 0; e < ne; e++) {
    const chk_edge *x = e < n1 ? &e1[e] : &e2[e - n1];
    if (x->from < nnodes && x->to < nnodes)
      adj[fill[x->from]++] = x->to;
  }
  free(fill);
  uint32_t qh = 0, qt = 0;
  for (uint32_t i = 0; i < n; i++)
    if (cut[i]) {
      if (*first_cut == NONE)
        *first_cut = i;
      if (!seen[NE(i)]) {
        seen[NE(i)] = 1;
        queue[qt++] = NE(i);
      }
    }
  while (qh < qt) {
    uint32_t v = queue[qh++];
    if (v < 4 * n && (v & 3) == 1)
      behind[v >> 2] = 1;
    for (uint32_t e = off[v]; e < off[v + 1]; e++)
      if (!seen[adj[e]]) {
        seen[adj[e]] = 1;
        queue[qt++] = adj[e];
      }
  }
  free(off);
  free(adj);
  free(seen);
  free(queue);
  free(cut);
  return behind;
}

/* (rule, statement pair) of a finding, as chk_emit groups them */
static void finding_key(const mdl_kernel *k, const chk_finding *f,
                        mdl_rule rule, uint32_t key[3]) {
  key[0] = (uint32_t)rule;
  key[1] = chk_src(k, mdl_inst_at(k, f->b)->stmt);
  key[2] = f->a != NONE ? chk_src(k, mdl_inst_at(k, f->a)->stmt) : NONE;
}

static bool key_in(const mdl_vec *keys, const uint32_t key[3]) {
  for (uint32_t j = 0; j < keys->len; j++)
    if (!memcmp((const uint32_t *)keys->data + 3 * j, key, 3 * sizeof *key))
      return true;
  return false;
}

uint32_t chk_drop_behind(const mdl_kernel *k, const uint8_t *behind,
                         mdl_vec *findings) {
  if (!behind)
    return 0;
  mdl_vec keys = {0}; /* uint32_t[3] per dropped (rule, statement pair) */
  for (uint32_t i = 0; i < findings->len; i++) {
    chk_finding *f = &MDL_VEC_AT(*findings, chk_finding, i);
    switch (f->rule) {
    case MDL_RULE_RACE:
    case MDL_RULE_PIPE_HAZARD:
    case MDL_RULE_XCORE_RACE:
    case MDL_RULE_PARALLEL_LOOP:
    case MDL_RULE_DOUBLE_SET:
    case MDL_RULE_FLAG_OVERFLOW:
      break;
    default:
      continue;
    }
    if (!((f->b < k->insts.len && behind[f->b]) ||
          (f->a != NONE && f->a < k->insts.len && behind[f->a])))
      continue;
    uint32_t key[3];
    finding_key(k, f, f->rule, key);
    if (!key_in(&keys, key))
      memcpy(mdl_vec_push(&keys, sizeof key), key, sizeof key);
    f->rule = MDL_RULE_COUNT; /* dropped: not decided */
  }
  /* a pair that is still reported by an instance before the cut is
     decided: count the others */
  uint32_t n = 0;
  for (uint32_t j = 0; j < keys.len; j++) {
    const uint32_t *key = (const uint32_t *)keys.data + 3 * j;
    bool kept = false;
    for (uint32_t i = 0; i < findings->len && !kept; i++) {
      const chk_finding *f = &MDL_VEC_AT(*findings, chk_finding, i);
      uint32_t fk[3];
      if (f->rule == MDL_RULE_COUNT)
        continue;
      finding_key(k, f, f->rule, fk);
      kept = !memcmp(fk, key, sizeof fk);
    }
    n += !kept;
  }
  mdl_vec_free(&keys);
  return n;
}

/* The cross-core wait statements of a lone half that are open. */
static uint32_t open_wait_stmts(const mdl_kernel *k) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < k->insts.len; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    if (in->kind != MDL_I_BWAIT || !in->open)
      continue;
    bool seen = false;
    for (uint32_t j = 0; j < i && !seen; j++)
      seen = mdl_inst_at(k, j)->open && mdl_inst_at(k, j)->stmt == in->stmt;
    n += !seen;
  }
  return n;
}

char *chk_incomplete_note(const mdl_kernel *k, uint32_t undecided,
                          uint32_t first_cut) {
  char open[400] = "", cut[600] = "";
  if (k->open) {
    uint32_t nw = open_wait_stmts(k);
    snprintf(open, sizeof open,
             "a lone half: %s %s not in this input, so cross-core "
             "properties were not checked (xcore-race, and deadlock, "
             "unpaired-set and flag-overflow of the flags shared with %s); "
             "%s%u cross-core wait%s taken as released at any time",
             k->open_missing ? k->open_missing : "its partner cores",
             k->open_missing && !strcmp(k->open_missing, "the AIC") ? "is"
                                                                   : "are",
             k->open_missing ? k->open_missing : "them",
             nw ? "its " : "", nw, nw == 1 ? "" : "s");
  }
  if (k->cut_cores) {
    char more[64] = "";
    if (k->cut_more)
      snprintf(more, sizeof more, " (and of %u more loop%s)", k->cut_more,
               k->cut_more == 1 ? "" : "s");
    int w = snprintf(cut, sizeof cut,
                     "checked on the first %u iteration%s of %s%s: what is "
                     "found there is real; not decided: %s, and redundant "
                     "syncs",
                     k->cut_iters, k->cut_iters == 1 ? "" : "s",
                     k->cut_note ? k->cut_note : "a loop", more,
                     k->cut_forever
                         ? "a wait still waiting after them (deadlock, "
                           "flag-overflow; the kernel never ends, so no set "
                           "is left pending at its end)"
                         : "waits still waiting and sets still pending when "
                           "they end (deadlock, unpaired-set, "
                           "flag-overflow)");
    if (undecided && first_cut != NONE && w > 0 && (size_t)w < sizeof cut) {
      const mdl_inst *c = mdl_inst_at(k, first_cut);
      snprintf(cut + w, sizeof cut - (size_t)w,
               "; %u finding%s after the %s at %u:%u, which may be "
               "released after the cut, %s not decided",
               undecided, undecided == 1 ? "" : "s", chk_op_name(k, c),
               c->loc.line, c->loc.col, undecided == 1 ? "is" : "are");
    }
  }
  return mdl_strprintf("%s%s%s", open, open[0] && cut[0] ? "; " : "", cut);
}

void chk_note_incomplete(const mdl_kernel *k, uint32_t undecided,
                         uint32_t first_cut, char **note) {
  if (!k->cut_cores && !k->open)
    return;
  char *inc = chk_incomplete_note(k, undecided, first_cut);
  char *both = *note ? mdl_strprintf("%s; %s", inc, *note) : inc;
  if (*note) {
    free(inc);
    free(*note);
  }
  *note = both;
}
