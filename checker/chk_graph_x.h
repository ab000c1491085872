/*
** chk_graph_x.h -- the graph engine's internals, shared by chk_graph.c
*(building, closure,
** analysis, API), chk_graph_race.c (races, redundant syncs) and
** chk_graph_rep.c (findings as diagnostics, invalid syncs, paths, explain).
*/
#ifndef KSV_CHK_GRAPH_X_H
#define KSV_CHK_GRAPH_X_H

#include <stdbool.h>
#include <stdint.h>
#include "chk.h"
#include "chk_int.h"
#include "../model/mdl_build.h"

#define NCH_MAX (3 * MDL_NPIPE)
#define NOCOL UINT16_MAX          /* gx.col of a chain without members */

typedef struct {
  const mdl_kernel *k;
  const uint8_t *disabled;   /* by statement id: sync removed (redundancy) */
  uint32_t n;                /* instances */
  uint32_t nnodes;
  mdl_vec edges;             /* edge */
  uint32_t *chain;           /* per instance: chain id or NONE */
  uint32_t *pos;             /* per instance: 1-based position in chain */
  uint32_t *xpos;            /* per instance: 1-based rank among its core's
                                scalar releases (waits and barriers that
                                hold the issue of the next instruction and
                                are no chain member), 0 = none */
  uint32_t nch;              /* vector clock columns */
  uint16_t col[NCH_MAX];     /* chain id -> column (NOCOL: unused chain) */
  uint16_t xcol[3];          /* core -> column of its scalar releases */
  /* CSR */
  uint32_t *off, *adj;       /* successors */
  uint32_t *roff, *radj;     /* predecessors */
  uint32_t *topo;            /* topological order of nodes */
  uint32_t ntopo;
  uint32_t *vc;              /* rows x nch: vector clocks */
  uint32_t *row;             /* per node: its row of vc (0: all zero) */
  /* matching results */
  mdl_vec findings;          /* struct finding */
  bool deadlock;
  bool cyclic;               /* a cycle of waits: topo covers a prefix */
  uint8_t *inorder;          /* cyclic: per node, ordered by Kahn */
  const chk_options *o;       /* its alias oracle (o->alias), may be NULL */
  bool undecidable;          /* the alias oracle left a pair undecided */
  char *undecided_why;
  uint32_t *wait_partner;    /* per instance: matched set inst / J node */
  uint32_t xcount[3];        /* per core: scalar releases so far */
  bool any_error;            /* redundancy probe: one error decides, so the
                                race search stops at the first */
  uint8_t *behind;           /* a probe of a prefix: the instances behind a
                                wait left waiting at its cut (findings there
                                are not decided: not recorded), or NULL */
  mdl_flag_model flags;      /* which double sets are findings */
  uint64_t race_pairs;       /* instance pairs the race search visited */
  bool races_cut;            /* it stopped at CHK_RACE_PAIRS_MAX: what it
                                found is real, later races were not looked
                                for and its instance counts are low */
  bool findings_cut;         /* ... it stopped at o->max_findings (its
                                share of --max-memory-mb) */
} gx;
/* The race search visits every unordered conflicting instance pair (each
** one a finding, folded into its statement pair's count): a loop of 65536
** iterations whose load races with every later iteration's read has 2^31.
** Past this many (about 5 s) it stops (docs/limits.md). */
#define CHK_RACE_PAIRS_MAX 16000000u

#define NS(i) (4 * (i) + 1)

typedef chk_finding finding;

/* What orders the pair a, b a removed sync ordered (instance x of it):
** the syncs of the path (chk_graph_rep.c, cover_note). */
#define PATH_MAX_SYNCS 8
typedef struct {
  uint32_t x, a, b, nchain, chain[PATH_MAX_SYNCS];
} cover_path;

const mdl_inst *chk_graph_I(const gx *g, uint32_t i);
bool chk_graph_inst_disabled(const gx *g, uint32_t i);
finding *chk_graph_add_finding(gx *g, mdl_rule rule, uint32_t b, uint32_t a);
uint32_t *chk_graph_VC(const gx *g, uint32_t node);
bool chk_graph_ordered(const gx *g, uint32_t a, uint32_t b);
void chk_graph_find_races(gx *g);
void chk_graph_gx_free(gx *g);
void chk_graph_analyse(gx *g, const mdl_kernel *k, const chk_options *o,
                       const uint8_t *disabled, bool any_error, chk_stats *st);
uint32_t chk_graph_count_errors(const gx *g);
/* behind (NULL: none): the instances behind a wait left waiting at the
** cut of a prefix (mdl_prefix); *whole (may be NULL): the note holds for
** the kernel the prefix was cut from too. */
void chk_graph_cover_note(const gx *g, const mdl_kernel *k, const mdl_stmt *st,
                          char *buf, size_t bn, cover_path *cv,
                          const uint8_t *behind, bool *whole);
bool chk_graph_find_redundant(const mdl_kernel *k, const chk_options *o,
                              mdl_diags *out, uint32_t *nwarn);
void chk_graph_explain(gx *g, const mdl_kernel *k, mdl_diags *out);

#endif
