/*
** ksv_int.h -- what the two halves of the driver (ksv.c: check, dump,
** fix; ksv_sim.c: the simulator) share.  Not part of the public API.
*/
#ifndef KSV_INT_H
#define KSV_INT_H

#include "../model/mdl.h"

#include "../frontend/fe.h"
#include "../include/ksv.h"
#include "../reports/rep.h"
#include "../checker/chk.h"

/* The frontend on a file in the language --lang names (KSV_LANG_*), else
** the one of its extension; -D's macros handed over first. */
static inline uint32_t ksv_fe_parse(int lang, const char *const *defs,
                                    uint32_t ndefs, const char *path,
                                    const char *text, size_t len, int arch,
                                    mdl_vec *units, mdl_diags *diags) {
  fe_set_defines(defs, ndefs);
  if (lang == KSV_LANG_AUTO)
    return fe_parse_file(path, text, len, arch, units, diags);
  return fe_parse_lang(lang == KSV_LANG_ASCENDC ? FE_LANG_ASCENDC
                                                : FE_LANG_HIVM,
                       path, text, len, arch, units, diags);
}

/* The language a file is read as under --lang. */
static inline fe_lang ksv_lang_of(int lang, const char *path) {
  return lang == KSV_LANG_AUTO ? fe_lang_of_path(path)
         : lang == KSV_LANG_ASCENDC ? FE_LANG_ASCENDC : FE_LANG_HIVM;
}

/* Checks the text of one file (path: for messages) into fr.  fi (may be
** NULL): sites for the reports.  keep (may be NULL): receives the parsed
** units (fe_unit, free with fe_units_free), kernels unrolled. */
/* Monotonic wall-clock seconds (for durations). */
double ksv_now_secs(void);

/* The frontend's profile argument for an options arch (0 a2, 1 a5, -1 not
** given: each module's hacc.target, a2 without one). */
static inline int ksv_fe_arch(int arch) {
  return arch < 0 ? -1 : arch ? 1 : 0;
}

/* The budget that set o->run_deadline as messages name it: "--max-seconds
** 10", "--max-fix-seconds 5". */
void ksv_deadline_name(const ksv_options *o, char *buf, size_t n);

/* The unrolling limits the options set (mdl_limits: every field). */
void ksv_limits_of(const ksv_options *o, mdl_limits *l);

/* driver/ksv_decide.c.  The engine's first run on unrolled kernel k into
** diags (from index first) and u, and the longer runs a proof for every
** trip count asks for (*want: the trip bound it asked for last), within
** three times the first run's time.  Returns the engine that decided
** ("graph", "smt"; *done: its result is in u), or NULL when none applies
** (*declined: why, owned by the caller). */
const char *ksv_decide_proven(const ksv_options *o, mdl_kernel *k,
                              chk_options *co, mdl_diags *diags,
                              mdl_unit_result *u, uint32_t first,
                              uint32_t *want, bool *done, char **declined);
/* A kernel checked on the first K iterations of a loop of known trip count
** past --max-unroll (k->cut_cores), decided in u: decided again with that
** trip count left open, and carried over to the real one when the open
** kernel has findings (docs/loops.md, "Long loops").  True when that
** result replaced u's (k is then unrolled as that result says). */
bool ksv_decide_window(const ksv_options *o, mdl_kernel *k, chk_options *co,
                       mdl_diags *diags, mdl_unit_result *u, uint32_t first);

void ksv_check_text(const ksv_options *o, const char *path,
                    const char *text, size_t len, mdl_file_result *fr,
                    rep_file_info *fi, mdl_vec *keep);

/* check --fix: runs `ksv fix` on the text and attaches each repair (its
** description, edits in lines of the text, and the confirmation) to the
** diagnostic of diags it was made for. */
void ksv_attach_fixes(const ksv_options *o, const char *path,
                      const char *text, size_t len, mdl_diags *diags);

/* Root causes first (driver/ksv_cause.c): groups the findings of fr that
** one statement explains, words each group's cause (fr->causes, each
** finding's `cause`) and orders fr's diagnostics (and fi's fingerprints,
** when fi has one per diagnostic) so that each group comes lead first.
** Findings themselves are not changed. */
void ksv_group_causes(mdl_file_result *fr, rep_file_info *fi);

/* driver/ksv_read.c.  The input-size limit of --max-memory-mb N: N MB /
** 64 (parsing takes about 16 bytes per input byte; 0: none). */
uint64_t ksv_input_max(uint32_t max_memory_mb);
/* The findings a kernel may still record when its file holds kept
** diagnostics already: a file's findings get N MB / 16 of --max-memory-mb
** N, CHK_FINDING_BYTES each (chk_options.max_findings; N 0: no limit):
** 2048 findings at 64 MB, whose JSON tree (7 KB each) fits the report's
** half of N (rep_input.doc_budget). */
uint32_t ksv_findings_room(uint32_t max_memory_mb, uint32_t kept);
/* The bytes the kernels one check keeps for ksv fix (ksv_check_text's
** keep) may hold together: N MB / 8 of --max-memory-mb N (a fix run has
** up to four such checks alive; 0: no limit). */
uint64_t ksv_keep_max(uint32_t max_memory_mb);

/* Reads a whole file (NUL-terminated), "-" standard input, holding at
** most max + 1 bytes of it (max 0: no limit) whatever it is (a pipe, a
** device).  NULL with errno set on failure: EFBIG when it has more than
** max bytes (*size: its size when known without reading it, a regular
** file; else 0), EISDIR for a directory. */
char *ksv_read_file(const char *path, uint64_t max, size_t *len,
                    uint64_t *size);

/* n bytes as "64 MB" when a whole number of MB, else "16384 bytes". */
void ksv_size_str(uint64_t n, char *buf, size_t size);

/* What an input past the limit max is told (size: ksv_read_file's):
** "the file has B bytes, more than the M MB inputs are limited to
** (--max-memory-mb / 64)".  Caller frees. */
char *ksv_too_big(uint64_t size, uint64_t max);

/* Reads the input of dump, sim, export and fix (file: "-" standard
** input) within the limit of --max-memory-mb; on failure prints to err
** the located error (name: the file's name in locations) -- "cannot read
** file" [bad-input], *rc 2; or "not decided: " ksv_too_big [unknown], *rc
** 3 -- and returns NULL. */
char *ksv_read_input(const char *file, const char *name,
                     uint32_t max_memory_mb, FILE *err, size_t *len,
                     int *rc);
/* ksv_read_input without the printing: on failure NULL, *rc 2 or 3 and
** *why (caller frees) the message -- "cannot read file: ..." (bad-input)
** or "not decided: ..." (unknown); *why NULL on success. */
char *ksv_read_input_why(const char *file, uint32_t max_memory_mb,
                         size_t *len, int *rc, char **why);

/* The name a file operand has in locations and reports. */
static inline const char *ksv_input_name(const char *path) {
  return path[0] == '-' && !path[1] ? KSV_STDIN_NAME : path;
}

/* What one simulation of a kernel showed (ksv check --replay, ksv fix). */
typedef struct {
  int status;                  /* 0, or a sim error (why: its text) */
  const char *why;
  uint32_t runs;               /* run 0 nominal, the rest jittered */
  int64_t cycles;              /* of the nominal run */
  int64_t max_cycles;          /* over all runs */
  double overlap;              /* Cube/Vector overlap of run 0 */
  bool has_overlap;
  uint32_t findings;           /* distinct dynamic findings */
  uint32_t runs_with_findings;
  char first[256];             /* the first dynamic finding, "" if none */
  bool open;                   /* a lone half: open waits released at once */
  uint32_t cut_iters;          /* a prefix of that many iterations, or 0 */
  bool cut;                    /* a budget stopped the simulation short */
} ksv_simfig;

/* Simulates the unrolled kernel k in `runs` runs (seed: jitter; fm: how
** flags hold their sets). */
void ksv_simulate(const mdl_kernel *k, uint32_t runs, uint64_t seed,
                  mdl_flag_model fm, double deadline, ksv_simfig *f);

/* One line of figures: "simulated: 1234 cycles, ...". Caller frees. */
char *ksv_simfig_str(const ksv_simfig *f);

/* Replays every race, pipe-hazard, xcore-race, deadlock, double-set,
** flag-overflow and unpaired-set finding d->items[from..] of kernel k on
** the simulator and adds a note saying what happened (both accesses'
** cycles, the stuck pipes, the set that landed on a set flag), with the
** flag model fm the diagnostics were found under. */
void ksv_replay_diags(const mdl_kernel *k, mdl_diags *d, uint32_t from,
                      mdl_flag_model fm);

/* --assume-auto-sync: adds the compiler's sync to an Ascend C kernel
** before it is unrolled (mdl_auto_sync; nothing for HIVM). */
static inline void ksv_auto_sync(mdl_kernel *k, int auto_sync) {
  mdl_auto_sync(k, auto_sync == KSV_AUTO_SYNC_ON);
}

/* The verdict note of an Ascend C kernel k states the auto-sync
** assumption: note (consumed, may be NULL) with "auto-sync assumed on|off
** (--assume-auto-sync)" appended; note itself for other kernels. */
char *ksv_auto_sync_note(const mdl_kernel *k, char *note);

/* ksv dump's listing of the unrolled kernel k: per core each instance
** with its location (file and inlining chain for C++), pipe, sync and
** accesses. */
void ksv_dump_kernel(FILE *out, const mdl_kernel *k);

/* The flag model of o->flag_model. */
static inline mdl_flag_model ksv_flag_model(int flag_model) {
  return flag_model == KSV_FLAGS_BIT ? MDL_FLAGS_BIT : MDL_FLAGS_COUNT;
}

#endif
