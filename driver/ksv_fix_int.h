/*
** ksv_fix_int.h -- what ksv fix's search (ksv_fix.c) and its reports
** (ksv_fix_report.c) share: a check of a text, the simulator's summary,
** an applied fix and everything a run found out.
*/
#ifndef KSV_FIX_INT_H
#define KSV_FIX_INT_H

#include "../include/ksv.h"
#include "../fix/fix.h"
#include "../model/mdl.h"

#include <jansson.h>
#include <stdio.h>

typedef struct {
  mdl_file_result fr;
  mdl_vec units;               /* fe_unit */
  uint32_t errors, warnings;
  bool bad, unknown;
  uint32_t dropped;            /* kernels checked but not kept: those kept
                                  had their share of --max-memory-mb
                                  (fe_unit.dropped) */
} checked;

/* Simulated cycles of every kernel (sum), and dynamic findings. */
typedef struct {
  bool ran;                    /* every kernel was simulated */
  int64_t cycles;
  uint32_t findings, runs;
  char why[200], first[256];
} simsum;

typedef struct {
  char *finding;               /* "file:L:C: rule: message" of the target */
  mdl_rule rule;
  uint32_t line, col;          /* in the original text */
  uint32_t unit_ix;            /* the finding's unit (mdl_diag.unit_ix, of
                                  the original's check), 0: none */
  char *what;
  mdl_vec edits;               /* fix_edit, lines of the original text
                                  (0: next to a line an earlier fix
                                  inserted) */
  uint32_t resolved;           /* findings it removed */
  bool data;                   /* a data repair (fix_cand.data) */
  mdl_vec gone;                /* char*: keys (diag_key) of the findings
                                  it resolved */
} applied;

/* Everything a fix run found out. */
typedef struct {
  fix_text orig, cur;
  checked c0, cf;
  mdl_vec done;                /* applied */
  simsum sim0, simf;
  uint32_t n0, added, changed;
  bool clean, sim_ok;
  bool stopped;                /* the rounds ran out of max_seconds, or
                                  a signal stopped them */
  uint32_t dropped;            /* kernels whose findings the search did
                                  not try: the check of the rounds could
                                  not keep them (--max-memory-mb) */
  int signal;                  /* SIGINT / SIGTERM that stopped the run
                                  (0: none): cur is what the rounds
                                  fixed, not confirmed (cf is empty) */
  uint32_t budget_s;           /* the run's budget (fix_budget): its
                                  seconds and option, for the messages */
  const char *budget_opt;
  bool cf_c0;                  /* cf is c0 (nothing changed: the same
                                  check of the same text), not owned */
  bool symbolic;               /* the original has a symbolic kernel */
  bool c0_stripped;            /* c0's kernels were freed (more than the
                                  share of --max-memory-mb a check keeps) */
  bool cut;                    /* the confirmation ran out of
                                  --max-fix-seconds: cur is not confirmed
                                  (cf: the kernels it checked; the rest
                                  unknown, naming the budget) */
} fres;

/* ksv_fix.c */
const char *ksv_fix_op_name(fix_op op);
/* The original line of line `line` of t or, for a line a repair
** inserted, of the first original line after it (before it at the end). */
uint32_t ksv_fix_orig_near(const fix_text *t, uint32_t line);

/* ksv_fix_report.c */
/* "verified clean; no dynamic finding in 100 simulated runs" (owned). */
char *ksv_fix_confirm_str(const fres *r);
/* The report of a run: text (fixes, what is left, the summary, the diff
** unless the file is written), the diff alone, or JSON. */
void ksv_fix_report(const ksv_fix_options *o, const char *file,
                    const fres *R, FILE *out);
/* The JSON report of a run whose original did not check (prc: 2 or 3);
** R NULL: the file could not be read (read_err says why). */
void ksv_fix_unchecked_json(const char *file, const fres *R,
                            const char *read_err, int prc, FILE *out);
/* The report of a run whose original did not check, in o's format. */
void ksv_fix_report_unchecked(const ksv_fix_options *o, const char *file,
                              const fres *R, int prc, FILE *out);
/* The note on stderr of a run a signal stopped: what was kept, where. */
void ksv_fix_note_signal(const ksv_fix_options *o, const fres *R,
                         const char *dest, int wrc);

#endif
