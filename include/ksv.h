/*
** ksv.h -- public API of the ksv library: check and dump HIVM kernels.
** The CLI is a thin layer over these calls.
*/
#ifndef KSV_H
#define KSV_H

#include <stdio.h>
#include <stdbool.h>
#include <stdint.h>

#define KSV_VERSION "0.1.0"

enum { KSV_EXIT_CLEAN = 0, KSV_EXIT_FINDINGS = 1, KSV_EXIT_BAD_INPUT = 2,
       KSV_EXIT_UNKNOWN = 3 };
/* ksv fix stopped by a signal: 128 + its number, as a shell reports a
** process it killed (130 SIGINT, 143 SIGTERM); what was fixed so far is
** written (docs/fix.md, "Stopping") */
#define KSV_EXIT_SIGNAL(sig) (128 + (sig))
/* --progress / --quiet: the progress line on stderr (files, kernels, fix
** rounds), shown when stderr is a terminal (auto), always, or never */
enum { KSV_PROGRESS_AUTO = 0, KSV_PROGRESS_ON = 1, KSV_PROGRESS_OFF = 2 };
enum { KSV_FORMAT_TEXT = 0, KSV_FORMAT_JSON = 1, KSV_FORMAT_JUNIT = 2,
       KSV_FORMAT_SARIF = 3, KSV_FORMAT_HTML = 4 };
enum { KSV_ENGINE_AUTO = 0, KSV_ENGINE_GRAPH = 1, KSV_ENGINE_SMT = 2 };
/* --flag-model: intra-core flags count (SEMANTICS.md 3) or are one bit */
enum { KSV_FLAGS_COUNT = 0, KSV_FLAGS_BIT = 1 };
/* --assume-auto-sync: did the bisheng compiler's --cce-auto-sync insert
** its sync into Ascend C kernels (README; model/mdl_auto.c)?  Off by
** default: ksv never assumes sync it cannot see. */
enum { KSV_AUTO_SYNC_OFF = 0, KSV_AUTO_SYNC_ON = 1 };
/* --lang: the input language, by extension unless given. */
enum { KSV_LANG_AUTO = 0, KSV_LANG_HIVM = 1, KSV_LANG_ASCENDC = 2 };

/* The file operand "-" is standard input; locations name it so.  Its
** language is HIVM unless --lang says otherwise (no extension). */
#define KSV_STDIN_NAME "<stdin>"

/* --report FORMAT=FILE: one more report of the same run, beside out. */
typedef struct {
  int format;             /* KSV_FORMAT_* */
  FILE *out;              /* opened by the caller */
} ksv_report;

typedef struct {
  int arch;               /* 0 = a2, 1 = a5, -1 = (default) the profile
                             each module's hacc.target names, a2 without */
  int format;             /* KSV_FORMAT_* */
  bool fail_on_warning;   /* exit 1 on warnings too */
  bool explain;           /* notes naming the sync that orders safe pairs */
  bool no_redundant;      /* skip the redundant-sync search */
  uint32_t max_unroll;    /* iterations per loop with a known trip count */
  uint32_t sym_bound;     /* iterations unrolled for unknown trip counts */
  bool trip_bound_fixed;  /* sym_bound given by the user: no period rule */
  uint64_t max_instances; /* instances per kernel */
  int engine;             /* KSV_ENGINE_*: auto = graph where concrete */
  uint32_t timeout_ms;    /* SMT engine: per query */
  uint32_t solver_budget_s; /* SMT engine: solver seconds per kernel */
  uint32_t max_memory_mb; /* model, graph clocks and Z3, each (0: none) */
  uint32_t max_seconds;   /* --max-seconds: wall seconds for the whole run
                             (0: none); kernels past it are unknown */
  double run_deadline;    /* internal: that run's end on the monotonic
                             clock (set by ksv_check / ksv_fix), 0: none;
                             past it no kernel is checked (each is
                             unknown, naming deadline_by) and the engines
                             stop at their next query or outcome */
  const char *deadline_by; /* internal: the budget that set run_deadline
                             as messages name it ("--max-fix-seconds 5");
                             NULL: --max-seconds */
  uint32_t only_unit;     /* ksv fix's re-check of a candidate: only the
                             kernel of this unit (1 + its index among the
                             text's units: two may have one name) is
                             unrolled and checked (the others are
                             parsed); 0: every one */
  const char *entry;      /* --entry NAME: the Ascend C function or class
                             checked as the kernel of every file (NULL:
                             the __global__ entries, or a header's
                             device classes) */
  int lang;               /* KSV_LANG_*: every file read as that language
                             (auto: .mlir HIVM, .cpp .cc .cxx .h .hpp .asc
                             .cce Ascend C) */
  const char *const *defines; /* -D NAME[=VALUE]: Ascend C build macros */
  uint32_t ndefines;
  const char *baseline;   /* report only findings absent from this earlier
                             JSON or SARIF report (NULL: all) */
  const char *doc_url;    /* --doc-url: the docs directory the SARIF rules
                             link into (NULL: the published docs) */
  uint32_t jobs;          /* files checked in parallel (0 or 1: serial) */
  bool stats;             /* --stats or KSV_STATS=1: phase times and sizes
                             on stderr (docs/PERFORMANCE.md) */
  bool replay;            /* replay each finding on the simulator and
                             simulate each kernel (notes, figures) */
  uint32_t sim_runs;      /* --replay: runs for the figures (default 20) */
  bool fix;               /* attach a verified repair to each finding
                             (docs/fix.md) */
  int flag_model;         /* KSV_FLAGS_*: count (default) or bit; the
                             engines, --replay, fix and export follow it */
  bool require_complete;  /* a lone half (cross-core not checked) is
                             `unknown` (exit 3), not clean */
  bool require_unbounded; /* a kernel proven for a bounded range of a
                             loop's trip counts only is `unknown` (exit 3),
                             not `clean (bounded)` (docs/loops.md) */
  int auto_sync;          /* KSV_AUTO_SYNC_*: Ascend C kernels only; the
                             value is stated in each such verdict note */
  /* Suppression and configuration (docs/config.md, docs/rules.md) */
  const char *config;     /* --config FILE: the project config of every
                             input (NULL: each input's nearest .ksv.yaml,
                             walking up from its directory) */
  bool no_config;         /* --no-config: read no config file */
  const char *const *rule_switches; /* --disable / --enable in command-line
                             order: "-RULE[,RULE]" / "+RULE[,RULE]" ("*":
                             every rule that can be switched off) */
  uint32_t nrule_switches;
  bool show_suppressed;   /* text: list suppressed findings too */
  uint32_t given;         /* KSV_GIVEN_* bits: the options the command
                             line set, which a config file does not
                             override (ksv_option_given) */
  const ksv_report *reports; /* more reports of the run (--report) */
  uint32_t nreports;
  bool color;             /* text report on out: ANSI colours (--color) */
  bool excerpts;          /* text report on out: the source line and a
                             caret under each finding, its rule's doc link
                             and, with fix, "run `ksv fix` to apply" */
  int progress;           /* KSV_PROGRESS_*: the line on stderr; quiet
                             (off) also drops ksv fix's notes there */
} ksv_options;

/* The options a config file can set, as bits of ksv_options.given. */
enum { KSV_GIVEN_ARCH = 1, KSV_GIVEN_FLAG_MODEL = 2, KSV_GIVEN_AUTO_SYNC = 4,
       KSV_GIVEN_FAIL_ON = 8, KSV_GIVEN_ENGINE = 16,
       KSV_GIVEN_TRIP_BOUND = 32, KSV_GIVEN_MAX_UNROLL = 64,
       KSV_GIVEN_TIMEOUT = 128, KSV_GIVEN_REQUIRE_COMPLETE = 256,
       KSV_GIVEN_LANG = 512, KSV_GIVEN_REQUIRE_UNBOUNDED = 1024 };
/* The KSV_GIVEN_* bit of a command-line option ("--arch", "--arch=a5"),
** 0 for one a config file cannot set. */
uint32_t ksv_option_given(const char *arg);
/* Writes the rule catalogue (id, default severity, one line, doc link
** under doc_url, NULL: the published docs) to out. */
int ksv_list_rules(FILE *out, const char *doc_url);

void ksv_options_default(ksv_options *o);

/* Checks files and writes the report to out.  Returns the exit code. */
int ksv_check(const ksv_options *o, const char *const *files, int nfiles,
              FILE *out);

/* Writes the extracted sync graph of every kernel in file to out. */
/* The version of the Z3 library the SMT engine runs on (`ksv --version`). */
const char *ksv_z3_version(void);

int ksv_dump(const ksv_options *o, const char *file, FILE *out);

/* Writes the Promela model (docs/export.md) of the kernel of file -- the
** one named kernel, when file holds several -- to out.  Uses arch,
** max_unroll, max_instances, max_memory_mb and flag_model of o.  Returns
** 0, 2 (bad input, or no such kernel) or 3 (the kernel is not concrete, a
** limit was hit, or the input is larger than max_memory_mb / 64 MB). */
int ksv_export(const ksv_options *o, const char *file, const char *kernel,
               FILE *out);

/* ksv fix (docs/fix.md): minimal repairs, re-verified and simulated. */
typedef struct {
  ksv_options check;      /* arch, engine, limits of the checks */
  int format;             /* KSV_FORMAT_TEXT or KSV_FORMAT_JSON */
  const char *out_file;   /* -o: write the fixed file here, or NULL */
  bool in_place;          /* rewrite the input file */
  bool diff_only;         /* print only the unified diff */
  bool allow_barrier_all; /* candidates may use PIPE_ALL */
  uint32_t sim_runs;      /* confirmation runs (default 100) */
  uint32_t max_fixes;     /* edits at most (default 32) */
  uint32_t max_seconds;   /* wall seconds for the whole run (default 300,
                             0: none): the original's check, the rounds
                             and their re-checks, the confirmation each
                             get a deadline (docs/fix.md, "The budget");
                             past it the run stops, reports what it has
                             and says it stopped */
} ksv_fix_options;

void ksv_fix_options_default(ksv_fix_options *o);
/* Fixes the findings of file; writes the report (text: fixes, what is
** left, the confirmation and the diff; or JSON) to out.  Returns 0 (every
** finding fixed, verified clean, simulated clean), 1 (findings left), 2
** (bad input, or -o / --in-place cannot be written: found before the
** search where it can be), 3 (undecided kernel, or the budget ran out
** before the original or the confirmation was checked whole) or
** KSV_EXIT_SIGNAL(sig) (SIGINT or SIGTERM: the rounds stopped, the fixes
** so far written).  The
** file is written atomically: a temporary file beside it, fsync, rename;
** the input is never half-written. */
int ksv_fix(const ksv_fix_options *o, const char *file, FILE *out);

/* The simulator (docs/simulator.md). */
typedef struct {
  int arch;               /* 0 = a2, 1 = a5, -1 = (default) hacc.target */
  uint32_t runs;          /* run 0 nominal, runs 1.. jittered (default 1) */
  uint32_t max_seconds;   /* --max-seconds: no jittered run starts past it
                             (0: none) */
  uint64_t seed;          /* jitter seed (default 1) */
  const char *cost_file;  /* "key = value" overrides, or NULL */
  const char *trace_file; /* Chrome/Perfetto trace of run 0, or NULL */
  const char *replay;     /* "LINE:COL,LINE:COL": force that pair, or NULL */
  const char *const *sets;/* "NAME=VALUE": symbolic kernels are simulated
                             with these argument / block values */
  uint32_t nsets;
  uint32_t max_unroll;    /* iterations per loop with a known trip count */
  uint64_t max_instances; /* instances per kernel */
  uint32_t max_memory_mb; /* the model while unrolling, and MB * 2^20 / 64
                             bytes of input (0: none) */
  int flag_model;         /* KSV_FLAGS_*: flags count (default) or one bit */
  int auto_sync;          /* KSV_AUTO_SYNC_*, as in ksv_options */
  int lang;               /* KSV_LANG_*, as in ksv_options */
  const char *const *defines; /* -D, as in ksv_options */
  uint32_t ndefines;
  int progress;           /* KSV_PROGRESS_*, as in ksv_options */
} ksv_sim_options;

void ksv_sim_options_default(ksv_sim_options *o);

/* Simulates every kernel of file and writes the figures and the dynamic
** findings (file:line:col: error: message [rule]) to out.  Returns 0 (no
** dynamic finding), 1 (findings), 2 (bad input or options) or 3 (a kernel
** is not concrete, or an internal error). */
int ksv_sim(const ksv_sim_options *o, const char *file, FILE *out);

#endif
