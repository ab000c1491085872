/*
** chk_int.h -- internals shared by the two engines of the checker (not
** part of chk.h): the intra-core skeleton of the happens-before graph,
** the finding record and its rendering, and the static sync checks.
**
** Nodes: instance i has an issue node 4i, a start 4i+1, an end 4i+2 and a
** chain frontier 4i+3 ("every instance of its pipe chain up to i has
** ended").  An edge x -> y means time(x) <= time(y); cond names the
** instance whose existence the edge needs (NONE: it holds whenever its
** endpoints are defined -- an absent instance still passes its chain's
** order on, and imposes nothing of its own).
*/
#ifndef KSV_CHK_INT_H
#define KSV_CHK_INT_H

#include "../model/mdl.h"

#define NONE UINT32_MAX
#define NI(i) (4 * (i))
#define NS(i) (4 * (i) + 1)
#define NE(i) (4 * (i) + 2)
#define NC(i) (4 * (i) + 3)

typedef struct {
  uint32_t from, to, cond;
} chk_edge;

typedef struct {
  mdl_vec edges;             /* chk_edge */
  uint32_t *chain;           /* per instance: pipe chain id or NONE */
  uint32_t *pos;             /* per instance: 1-based position in chain */
  uint32_t nnodes;           /* 4 * instances */
} chk_skel;

/* Intra-core edges of every core (issue order, pipes, barriers, macro
** parts, unit flags, sets after their pipe); no flag matching.  Syncs
** disabled by statement id, and invalid syncs, are left out. */
void chk_skeleton(const mdl_kernel *k, const uint8_t *disabled, chk_skel *sk);
void chk_skel_free(chk_skel *sk);

/* A sync the toolchain keeps (valid pipes and ids). */
bool chk_sync_valid(const mdl_kernel *k, const mdl_inst *in);

/* Do two accesses touch common bytes (symbolic bases: maybe)? */
bool chk_overlap(const mdl_access *x, const mdl_access *y);

typedef struct {
  mdl_rule rule;             /* MDL_RULE_COUNT: dropped */
  uint32_t a, b;             /* instances: b primary, a related (NONE) */
  uint32_t mem;              /* races: memory */
  int64_t lo, hi;
  uint8_t wbits;             /* races: 1 = first writes, 2 = second
                                writes, 4 = b is the second */
  char *msg;                 /* full message (non-race rules) */
  char *witness;             /* engine's witness, appended (may be NULL) */
  mdl_valuation *val;        /* SMT: the witness's atom values, or NULL */
  mdl_vec related;           /* uint32_t instances (cycle members) */
} chk_finding;

/* Renders findings as diagnostics: one per (rule, statement pair), with
** the count of further instances.  Counts errors and warnings. */
void chk_emit(const mdl_kernel *k, mdl_vec *findings, mdl_diags *out,
              uint32_t *nerr, uint32_t *nwarn);
void chk_findings_free(mdl_vec *findings);

/* invalid-sync: pipes the core lacks, PIPE_S barriers, ids out of range
** (errors), reserved ids (warnings). */
void chk_invalid(const mdl_kernel *k, mdl_diags *out, uint32_t *nerr,
                 uint32_t *nwarn);

const char *chk_op_name(const mdl_kernel *k, const mdl_inst *in);

/* Appends a deadlock finding for a cycle of waits in the concrete graph
** (nnodes nodes, edges es all active); false when there is none. */
bool chk_cycle_finding(const mdl_kernel *k, uint32_t nnodes,
                       const chk_edge *es, uint32_t ne, mdl_vec *findings);

/* The redundant-sync search's unit of removal for st (both engines). */
void chk_sync_group(const mdl_kernel *k, const mdl_stmt *st, uint8_t *grp);

#endif
