/*
** rep.h -- reports.  Renderers only read results; they never change a
** finding.  Every renderer takes the same array of file results, plus,
** per file, what the driver kept for them: the source text (excerpts,
** fingerprints), the sites (which cores and pipes run the instructions a
** finding names, read from the model before it was freed) and one stable
** fingerprint per diagnostic.
*/
#ifndef KSV_REP_H
#define KSV_REP_H

#include <stdio.h>
#include "../model/mdl.h"

/* One (core, pipe) an instruction runs on. */
typedef struct {
  char core[8];                /* "AIC", "AIV0", "AIV" */
  uint8_t pipe;                /* mdl_pipe */
} rep_lane;

#define REP_MAX_LANES 8

/* What the model says about one source location a diagnostic names. */
typedef struct {
  char *unit;                  /* kernel (unit) name, owned */
  uint32_t line, col;
  char *op;                    /* op name ("hivm.hir.vadd"), owned */
  uint8_t kind;                /* mdl_inst_kind of its instances */
  uint8_t nlanes;
  rep_lane lanes[REP_MAX_LANES];
} rep_site;

typedef struct {
  char *text;                  /* source text (owned), NULL if unread */
  size_t len;
  rep_site *sites;             /* owned; sorted by unit, line, col */
  uint32_t nsites;
  char **fps;                  /* fingerprint per diagnostic, owned */
  uint32_t nfps;
  double secs;                 /* wall time spent checking the file */
} rep_file_info;

typedef struct {
  const mdl_file_result *files;
  const rep_file_info *info;   /* parallel to files; may be NULL */
  uint32_t nfiles;
  const char *tool_version;
  const char *arch;
  bool fail_on_warning;        /* warnings fail the run (--fail-on) */
  const char *baseline;        /* --baseline FILE, or NULL */
  uint32_t baselined;          /* findings dropped because of it */
} rep_input;

/* GCC-style text: file:line:col: severity: message [rule], notes. */
int rep_text(FILE *out, const rep_input *in);
/* Stable JSON document (see README "JSON output"). */
int rep_json(FILE *out, const rep_input *in);
/* JUnit XML (Ant schema): a testsuite per file, testcases per kernel and
** rule (reports/rep_junit.c). */
int rep_junit(FILE *out, const rep_input *in);
/* SARIF 2.1.0 (reports/rep_sarif.c). */
int rep_sarif(FILE *out, const rep_input *in);
/* One self-contained HTML page (reports/rep_html.c). */
int rep_html(FILE *out, const rep_input *in);

/* The Promela model of one unrolled kernel for SPIN (reports/rep_promela.c,
** docs/export.md); file names the source in the model's header.  Returns
** 0, or -1 when k cannot be exported (not concrete, a limit, a run-time
** event id): OUT why, a NUL-terminated reason of at most nwhy bytes. */
int rep_promela(FILE *out, const mdl_kernel *k, const char *file, char *why,
                size_t nwhy);

/* ------------------------------------------------------ rule catalogue */

/* The rule id itself is mdl_rule_name(r). */
typedef struct {
  const char *name;            /* PascalCase name ("Race") */
  const char *short_desc;      /* one line */
  const char *full_desc;       /* what it means, why it matters */
  const char *help;            /* the fix pattern (docs/rules.md) */
  const char *anchor;          /* section of docs/rules.md */
} rep_rule_info;

const rep_rule_info *rep_rule(mdl_rule r);
/* Is r a finding (race .. redundant-barrier), as opposed to unknown,
** bad input, unsupported ops and explain notes? */
bool rep_rule_is_finding(mdl_rule r);

/* ---------------------------------------------------- sites, witnesses */

/* Records, for every location that the diagnostics of kernel k (those
** whose unit is k->name) name, which cores and pipes run it (rep_site.c).
** k is only read; fi->sites grows. */
void rep_sites_collect(const mdl_kernel *k, const mdl_diags *d,
                       rep_file_info *fi);
/* The site of (unit, line, col), or NULL. */
const rep_site *rep_site_find(const rep_file_info *fi, const char *unit,
                              uint32_t line, uint32_t col);
void rep_file_info_free(rep_file_info *fi);

/* One step of a witness: an instruction on a lane, in witness order. */
typedef struct {
  uint32_t line, col;
  const char *msg;             /* the diagnostic's message or note, or
                                  NULL for a step of an ordering chain */
  const char *op;              /* op name from the site, or NULL */
  char core[8];                /* "" when unknown */
  int pipe;                    /* mdl_pipe, -1 when unknown */
  bool primary;                /* the location the diagnostic is at */
  char sync;                   /* 's' a set, 'w' a wait, 0 otherwise */
  bool timed;                  /* t0/t1 from an SMT schedule */
  int64_t t0, t1;
} rep_step;

#define REP_MAX_STEPS 16
/* Fills steps (at most REP_MAX_STEPS) in witness order; returns the
** number.  Lanes come from the sites; cores from the notes' text. */
uint32_t rep_witness_steps(const mdl_diag *d, const rep_file_info *fi,
                           rep_step *steps);

/* --------------------------------------------------------- fingerprints */

/* Computes fi->fps for every diagnostic of fr: a hash of the rule, the
** file path, the kernel name, and the op names/kinds and normalized text
** (no comments, whitespace or numbered SSA names) of the lines involved;
** no line numbers, so unrelated edits keep it.  Equal hashes in one file
** are told apart by their order. */
void rep_fingerprints(const mdl_file_result *fr, rep_file_info *fi);

/* A set of fingerprints read from an earlier JSON or SARIF report. */
typedef struct {
  char **fps;
  uint32_t n, cap;
} rep_fpset;

/* Reads path (a ksv JSON or SARIF report).  0, or -1 with err set. */
int rep_baseline_load(const char *path, rep_fpset *set, char *err, size_t n);
bool rep_fpset_has(const rep_fpset *set, const char *fp);
void rep_fpset_free(rep_fpset *set);

/* ------------------------------------------------------------- helpers */

/* A copy of s that is valid UTF-8 with no control characters except tab
** and newline (others become U+FFFD); caller frees. */
char *rep_clean(const char *s);
/* Line n (1-based) of fi's text, without its newline: start and length.
** Returns false when there is no such line. */
bool rep_source_line(const rep_file_info *fi, uint32_t n, const char **s,
                     size_t *len);

#endif
