/*
** rep.h -- reports.  Renderers only read results; they never change a
** finding.  Every renderer takes the same array of file results, plus,
** per file, what the driver kept for them: the source text (excerpts,
** fingerprints), the sites (the op at each location a finding names,
** read from the model before it was freed) and one stable fingerprint per
** diagnostic.  The witness comes structured with each diagnostic
** (mdl_diag.steps, filled by the checker): the SARIF thread flows, the
** HTML timelines and the JSON "witness_steps" draw those.
*/
#ifndef KSV_REP_H
#define KSV_REP_H

#include <stdio.h>
#include "../model/mdl.h"

/* What the model says about one source location a diagnostic names. */
typedef struct {
  char *unit;                  /* kernel (unit) name, owned */
  char *file;                  /* the location's file when not the main
                                  file (a C++ header), owned, or NULL */
  uint32_t line, col;
  char *op;                    /* op name ("hivm.hir.vadd"), owned */
  uint8_t kind;                /* mdl_inst_kind of its instances */
} rep_site;

typedef struct {
  char *text;                  /* source text (owned), NULL if unread */
  size_t len;
  rep_site *sites;             /* owned; sorted by unit, line, col */
  uint32_t nsites, sites_cap;  /* (grown by doubling: a file of 10,000
                                  kernels adds sites 10,000 times) */
  char **fps;                  /* fingerprint per diagnostic, owned */
  uint32_t nfps;
  uint32_t *lines;             /* offset in text of each line's start
                                  (rep_lines_index), owned, or NULL */
  uint32_t nlines;
  double secs;                 /* wall time spent checking the file
                                  (its kernels: mdl_unit_result.secs) */
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
  const char *doc_url;         /* --doc-url: the docs directory the SARIF
                                  rules' helpUri point into (rules.md#id);
                                  NULL: REP_DOC_URL */
  bool show_suppressed;        /* text: list suppressed findings too */
  bool color;                  /* text: ANSI colours */
  bool excerpts;               /* text: after each finding its source line
                                  and a caret, its rule's doc link and,
                                  where a verified fix is attached, how to
                                  apply it (clang-like) */
  uint64_t doc_budget;         /* bytes the tree of a JSON, SARIF or HTML
                                  report may hold (--max-memory-mb / 2;
                                  rep_mem.c); 0: no limit */
  double deadline;             /* the run's end (--max-seconds, on the
                                  monotonic clock as chk_wall), past which
                                  a report is not finished (rep_mem.c);
                                  0: none */
  const char *deadline_by;     /* its budget as messages name it
                                  ("--max-seconds 10") */
} rep_input;

/* What a renderer returns when its document passed in->doc_budget, or
** the deadline passed while it was built: it wrote nothing (0: written;
** -1: a write error). */
#define REP_OVER 1
/* What the text and JUnit reports return when the deadline passed while
** they were written: they stop short and say so in the report. */
#define REP_CUT 2

/* The published docs (README, docs/ci.md): where helpUri point by
** default. */
#define REP_DOC_URL "https://gitcode.com/ksv/ksv/blob/main/docs/"

/* The report trees' memory (rep_mem.c): jansson and libxml2 allocate
** through counters from the first call on.  rep_mem_begin returns the
** bytes they hold now; rep_mem_over says whether they hold more than
** in->doc_budget beyond base. */
int64_t rep_mem_begin(void);
bool rep_mem_over(const rep_input *in, int64_t base);
/* Has the run's deadline (in->deadline) passed?  rep_mem_over says a
** tree is past it halfway from its start to the deadline (freeing it
** takes about as long as building it). */
bool rep_late(const rep_input *in);
/* Did the last tree (JSON, SARIF, HTML) stop for the deadline rather
** than for its memory? */
bool rep_mem_late(void);

/* A report's output (rep_mem.c): written through a 64 KB buffer, and
** stopped when the run's deadline, less the time the tree took to build
** (its freeing), passes (checked at each buffer); the
** report is then cut back to where it began when out can be (a file),
** and rep_sink_close returns REP_OVER (else 0, or -1 on a write error).
** rep_sink_json / rep_sink_xml are the write callbacks of jansson's
** json_dump_callback and libxml2's xmlOutputBufferCreateIO. */
typedef struct {
  FILE *out;
  const rep_input *in;
  long long start;             /* out's offset when the report began */
  double until;                /* the deadline less the tree's build time
                                  (its freeing: about as long) */
  bool late, err;
  size_t n;
  char buf[65536];
} rep_sink;
void rep_sink_open(rep_sink *k, FILE *out, const rep_input *in);
int rep_sink_write(rep_sink *k, const char *p, size_t n);
int rep_sink_close(rep_sink *k);
int rep_sink_json(const char *buf, size_t size, void *data);
int rep_sink_xml(void *ctx, const char *buf, int len);

/* GCC-style text: file:line:col: severity: message [rule], notes. */
int rep_text(FILE *out, const rep_input *in);
/* Stable JSON document (see README "JSON output").  0, -1 or REP_OVER,
** as SARIF and HTML. */
int rep_json(FILE *out, const rep_input *in);
/* JUnit XML (Ant schema): a testsuite per file, testcases per kernel and
** rule (reports/rep_junit.c), written as it is made (no tree). */
int rep_junit(FILE *out, const rep_input *in);
/* SARIF 2.1.0 (reports/rep_sarif.c). */
int rep_sarif(FILE *out, const rep_input *in);
/* One self-contained HTML page (reports/rep_html.c). */
int rep_html(FILE *out, const rep_input *in);

/* The Promela model of one unrolled kernel for SPIN (reports/rep_promela.c,
** docs/export.md); file names the source in the model's header, fm says
** whether intra-core flags count or are one bit.  Returns 0, or -1 when
** k cannot be exported (not concrete, a limit, a run-time event id): OUT
** why, a NUL-terminated reason of at most nwhy bytes. */
int rep_promela(FILE *out, const mdl_kernel *k, const char *file,
                mdl_flag_model fm, char *why, size_t nwhy);

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

/* --------------------------------------------------------------- sites */

/* Records, for every location that the diagnostics of kernel k name
** (those of d numbered which[0..nwhich): rep_unit_groups; which NULL:
** every one whose unit is k->name), the op that
** runs there (rep_site.c).  k is only read; fi->sites grows, unsorted
** until rep_sites_sort. */
void rep_sites_collect(const mdl_kernel *k, const mdl_diags *d,
                       const uint32_t *which, uint32_t nwhich,
                       rep_file_info *fi);
/* Sorts fi->sites for rep_site_find (rep_fingerprints does, once). */
void rep_sites_sort(rep_file_info *fi);
/* The site of (unit, file, line, col) (file NULL: the main file), or
** NULL; fi->sites sorted. */
const rep_site *rep_site_find(const rep_file_info *fi, const char *unit,
                              const char *file, uint32_t line, uint32_t col);
void rep_file_info_free(rep_file_info *fi);

/* ------------------------------------------------------------ witness */

/* The thread-flow lane of a witness step: "AIV0 PIPE_V", "AIC" when the
** pipe is unknown, "kernel" when the core is.  Writes into buf. */
const char *rep_step_lane(const mdl_step *s, char *buf, size_t n);
/* Is a diagnostic's witness drawn (a SARIF code flow, an HTML timeline)?
** When it has two steps or more, or one and a witness text. */
bool rep_has_flow(const mdl_diag *d);

/* --------------------------------------------------------- fingerprints */

/* Computes fi->fps for every diagnostic of fr: a hash of the rule, the
** file path, the kernel name, and the op names/kinds and normalized text
** (no comments, whitespace or numbered SSA names) of the lines involved;
** no line numbers, so unrelated edits keep it.  Equal hashes in one file
** are told apart by their order.  First indexes fi for the renderers:
** its lines (rep_lines_index) and its sites (sorted once). */
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

/* ------------------------------------------------------ groups (index) */

/* Diagnostics grouped by a key (rep_index.c): the indices of group k, in
** diagnostic order, are idx[first[k] .. first[k + 1]).  Owned. */
typedef struct {
  uint32_t *first, *idx;
  uint32_t ngroups;
} rep_groups;
#define REP_NONE UINT32_MAX

/* Groups the n diagnostics of key[i] (< ngroups; REP_NONE: in no
** group).  Free with rep_groups_free. */
void rep_groups_make(rep_groups *g, const uint32_t *key, uint32_t n,
                     uint32_t ngroups);
void rep_groups_free(rep_groups *g);
/* The findings of each root cause of fr: group c - 1 holds cause c's. */
void rep_cause_groups(const mdl_file_result *fr, rep_groups *g);
/* The unit of every diagnostic of fr (caller frees): its index in
** fr->units, by mdl_diag.unit_ix where the driver set it, else by name
** (of same-named units, the last that starts at or before it); REP_NONE
** for a diagnostic of no unit (d->unit NULL) or of a name no unit has.
** Two chunks may hold kernels of one name: each finding is its own
** chunk's. */
uint32_t *rep_diag_units(const mdl_file_result *fr);
/* The diagnostics of each unit of fr (group u: fr->units[u]'s). */
void rep_unit_groups(const mdl_file_result *fr, rep_groups *g);
/* Which units of fr share their name with another unit of fr (1: it
** does), for rep_unit_label.  Caller frees. */
uint8_t *rep_unit_repeats(const mdl_file_result *fr);
/* The name the text reports give unit u of fr: its name, and when another
** unit of the file has that name (repeats: rep_unit_repeats, or NULL:
** looked up here) " (unit N, line L)" -- N its index in the file's units
** as JSON's unit_index gives it, L the line it starts at (JUnit's
** testcase line; left out when 0).  Caller frees. */
char *rep_unit_label(const mdl_file_result *fr, uint32_t u,
                     const uint8_t *repeats);

/* ------------------------------------------------------------- helpers */

/* The inlining chain of a location (w may be NULL: nothing) as GCC-style
** note lines, one per call, each at the call (path: the main file). */
void rep_chain_notes(FILE *out, const char *path, const mdl_where *w);
/* Do a and b (either may be NULL) name the same inlining chain?  A
** related location's chain is printed only when it differs from its
** diagnostic's. */
bool rep_same_chain(const mdl_where *a, const mdl_where *b);
/* The root cause d belongs to (driver/ksv_cause.c), or NULL. */
const mdl_cause *rep_cause_of(const mdl_file_result *fr, const mdl_diag *d);
/* rep_json.c: the JSON object of the root cause of finding i of fr (NULL:
** none), with the repair that resolves it when with_fix (a jansson json_t,
** which SARIF's property bag shares). */
struct json_t *rep_cause_json(const mdl_file_result *fr, uint32_t i,
                              bool with_fix);

/* rep_json.c: sets on the JSON object uo of unit ur (a jansson json_t,
** which SARIF shares) what its verdict covers (docs/loops.md): kind "all"
** or "bounded", with bound the smallest bound, and under loops each loop
** of unknown trip count; nothing for an undecided unit. */
void rep_json_proof(struct json_t *uo, const mdl_unit_result *ur,
                    const char *kind, const char *bound, const char *loops);

/* A copy of s that is valid UTF-8 with no control characters except tab
** and newline (others become U+FFFD); caller frees. */
char *rep_clean(const char *s);
/* base (NULL: REP_DOC_URL) + "rules.md#" + anchor: the page of a rule
** (SARIF helpUri, the text's doc links); caller frees. */
char *rep_help_uri(const char *base, const char *anchor);
/* The error findings of fr the summaries count: unsuppressed, of error
** severity, and not the `unknown` rule's "not decided" lines (those are
** counted as unknown kernels, not as errors). */
uint32_t rep_errors(const mdl_file_result *fr);
/* Line n (1-based) of fi's text, without its newline: start and length.
** Returns false when there is no such line.  O(1) once rep_lines_index
** ran (rep_fingerprints runs it), a scan of the text before. */
bool rep_source_line(const rep_file_info *fi, uint32_t n, const char **s,
                     size_t *len);
/* Indexes the lines of fi's text (fi->lines), once; nothing for a text of
** 4 GiB or more (rep_source_line scans then). */
void rep_lines_index(rep_file_info *fi);

#endif
