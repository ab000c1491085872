/*
** main.c -- the ksv command line: argument parsing over include/ksv.h.
*/
#include "../include/ksv.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: ksv check [options] FILE...\n"
    "       ksv dump [--arch a2|a5] [--assume-auto-sync on|off] FILE\n"
    "       ksv fix [check options] [-o FILE | --in-place] [--diff]\n"
    "               [--allow-barrier-all] [--sim-runs N]\n"
    "               [--max-fix-seconds N] FILE\n"
    "       ksv sim [sim options] FILE\n"
    "       ksv export --format promela [--arch a2|a5] [--kernel NAME]\n"
    "                  [--flag-model count|bit] [-o OUT] FILE\n"
    "                                   the kernel as a model for SPIN\n"
    "       ksv --version | --help\n"
    "\n"
    "Static synchronization verifier for fused Ascend kernels (HIVM MLIR,\n"
    "Ascend C / CCE C++).\n"
    "\n"
    "check options:\n"
    "  --arch a2|a5          machine profile (default: the one the module's\n"
    "                        hacc.target names, Ascend910B*/910_93* a2,\n"
    "                        Ascend910_95*/950* a5; a2 without a target)\n"
    "  --flag-model count|bit  intra-core flags count their sets (default;\n"
    "                        double-set: a warning for two sets with no\n"
    "                        wait between them in program order) or are\n"
    "                        one bit (a set that may fire before the wait\n"
    "                        clearing the previous one: error double-set);\n"
    "                        also for fix, sim and export\n"
    "  --assume-auto-sync on|off  Ascend C: whether the bisheng compiler's\n"
    "                        --cce-auto-sync inserted its sync (V->V\n"
    "                        barriers; on a2 scalar<->pipe pairs around\n"
    "                        GetValue/SetValue); default off: no sync the\n"
    "                        source does not show is assumed; stated in\n"
    "                        each Ascend C verdict note; also for fix,\n"
    "                        sim, dump and export\n"
    "  --lang auto|hivm|ascendc  input language (default auto: .mlir\n"
    "                        HIVM; .cpp .cc .cxx .h .hpp .asc .cce Ascend\n"
    "                        C); also for fix, sim, dump and export\n"
    "  -D NAME[=VALUE]       Ascend C: a build macro (as the compiler's\n"
    "                        -D; NAME alone is 1); a macro the file uses\n"
    "                        but neither defines nor is given is one\n"
    "                        unknown value; also for fix, sim, dump, export\n"
    "  --format text|json|junit|sarif|html  report format (default text)\n"
    "  -o FILE               write the report to FILE (default stdout)\n"
    "  --entry NAME          Ascend C: check function or class NAME as the\n"
    "                        kernel (a class: constructed, operator() and\n"
    "                        its public sync methods called twice,\n"
    "                        destroyed); HIVM files: an error\n"
    "  --baseline FILE       report only findings absent from FILE, an\n"
    "                        earlier JSON or SARIF report of ksv\n"
    "  --doc-url URL         SARIF: the docs directory each rule's helpUri\n"
    "                        points into (URL/rules.md#RULE; default\n"
    "                        https://gitcode.com/ksv/ksv/blob/main/docs/)\n"
    "  -j N                  check N files in parallel (same output)\n"
    "  --explain             for each conflicting pair that is safe, name\n"
    "                        the sync that orders it\n"
    "  --no-redundant        skip the redundant-wait/-barrier search\n"
    "  --stats               phase times and sizes on stderr, one\n"
    "                        'ksv-stats:' line per file, kernel and run\n"
    "                        (also KSV_STATS=1)\n"
    "  --replay              replay every finding on the simulator (a note\n"
    "                        says what happened) and simulate every\n"
    "                        concrete kernel (cycles, overlap, findings)\n"
    "  --fix                 attach to each finding the repair `ksv fix`\n"
    "                        verifies (text, JSON, SARIF fixes, HTML diff)\n"
    "  --sim-runs N          --replay: jittered runs for the figures\n"
    "                        (default 20)\n"
    "  --fail-on error|warning  findings that make the exit status 1\n"
    "                        (default error)\n"
    "  --max-unroll N        iterations unrolled per loop with a known trip\n"
    "                        count (default 65536); a longer loop, or a\n"
    "                        scf.while that never ends, is checked on its\n"
    "                        first iterations (the --trip-bound K), the\n"
    "                        note says what is left undecided\n"
    "  --require-complete    a lone half of a MIX pair (or a lone function\n"
    "                        with cross-core syncs), checked without its\n"
    "                        partner cores, is 'unknown' (exit 3) instead\n"
    "                        of 'clean (cross-core not checked)'\n"
    "  --max-instances N     instances per kernel (default 4000000)\n"
    "  --max-memory-mb N     memory per kernel for the model, the graph\n"
    "                        engine and Z3, each (default 4096); more\n"
    "                        gives 'unknown'\n"
    "  --engine auto|graph|smt  graph: exact on kernels whose branches and\n"
    "                        trip counts are known; smt: Z3, for every\n"
    "                        outcome; auto (default): graph where concrete,\n"
    "                        smt for the rest\n"
    "  --timeout-ms N        SMT engine: time limit per query (default\n"
    "                        10000); a query that runs out is 'unknown'\n"
    "  --max-solver-seconds N  SMT engine: solver time per kernel, all\n"
    "                        queries together (default 600); past it the\n"
    "                        kernel is 'unknown'\n"
    "  --trip-bound N        loops with unknown trip counts are checked for\n"
    "                        0..N iterations (default: 8, or one past the\n"
    "                        longest rotation that selects a buffer, an\n"
    "                        event id or a cross-core flag, if larger)\n"
    "\n"
    "fix options (besides the check options; docs/fix.md):\n"
    "  -o FILE | --in-place  write the fixed kernel to FILE / over FILE\n"
    "  --diff                print only the unified diff\n"
    "  --format text|json    the fixes, their edits and confirmation\n"
    "  --allow-barrier-all   allow repairs with PIPE_ALL barriers\n"
    "  --sim-runs N          jittered confirmation runs (default 100)\n"
    "  --max-fix-seconds N   wall time for the repair rounds (default\n"
    "                        300); past it ksv fix confirms and reports\n"
    "                        what it found and says it stopped\n"
    "\n"
    "sim options (the Cube/Vector simulator, docs/simulator.md):\n"
    "  --arch a2|a5          machine profile (default: hacc.target, else a2)\n"
    "  --flag-model count|bit  flags count their sets (default) or are\n"
    "                        one bit (a second set is lost)\n"
    "  --assume-auto-sync on|off  as for check (default off)\n"
    "  --lang, -D NAME[=VALUE]  as for check\n"
    "  --runs N              run 0 nominal, runs 1..N-1 with jittered\n"
    "                        latencies (default 1)\n"
    "  --seed S              jitter seed (default 1)\n"
    "  --cost FILE           'key = value' overrides of the cost table\n"
    "  --trace FILE          Chrome/Perfetto trace (JSON) of run 0\n"
    "  --set NAME=VALUE      simulate a symbolic kernel with this value of\n"
    "                        an argument (%%arg2) or block_idx / block_num\n"
    "                        (repeatable)\n"
    "  --replay L:C,L:C[,RULE]  force the schedule that lets these two\n"
    "                        conflicting instructions overlap (RULE: race,\n"
    "                        pipe-hazard, xcore-race or\n"
    "                        parallel-loop-conflict picks the pairs)\n"
    "  --replay L:C[,L:C][,RULE]  on a set_flag / sync_block_set (and the\n"
    "                        earlier set): force a double-set or\n"
    "                        flag-overflow there by holding waits\n"
    "  exit status: 0 no dynamic finding (or only warnings), 1 dynamic\n"
    "  errors, 2 bad input, 3 kernel not concrete (unknown branches or\n"
    "  trip counts)\n"
    "\n"
    "exit status: 0 clean, 1 findings, 2 bad input or usage,\n"
    "             3 undecided (unknown) or internal error\n";

static int bad_usage(const char *msg, const char *arg) {
  fprintf(stderr, "ksv: error: %s%s%s\n", msg, arg ? ": " : "",
          arg ? arg : "");
  fputs("try 'ksv --help'\n", stderr);
  return KSV_EXIT_BAD_INPUT;
}

/* An absolute URI (RFC 3986 scheme ":" ...): SARIF's helpUri must be one. */
static bool is_uri(const char *s) {
  if (!s || !isalpha((unsigned char)*s))
    return false;
  while (isalnum((unsigned char)*s) || *s == '+' || *s == '-' || *s == '.')
    s++;
  return *s == ':' && s[1];
}

static int parse_u64(const char *s, uint64_t max, uint64_t *out) {
  char *end;
  errno = 0;
  if (!s || !*s || *s == '-')
    return -1;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || *end || v == 0 || v > max)
    return -1;
  *out = v;
  return 0;
}

/* --flag-model count|bit (or --flag-model=X): returns how many argv
** slots it took (1 or 2), 0 when a is not the option, -1 on a bad value
** (after the usage message). */
static int flag_model_opt(const char *a, const char *v, int *out) {
  const char *val = v;
  int used = 2;
  if (!strncmp(a, "--flag-model=", 13)) {
    val = a + 13;
    used = 1;
  } else if (strcmp(a, "--flag-model")) {
    return 0;
  }
  if (!val || (strcmp(val, "count") && strcmp(val, "bit"))) {
    bad_usage("--flag-model expects count or bit", val);
    return -1;
  }
  *out = !strcmp(val, "bit") ? KSV_FLAGS_BIT : KSV_FLAGS_COUNT;
  return used;
}

/* --assume-auto-sync on|off (or =X), as flag_model_opt. */
static int auto_sync_opt(const char *a, const char *v, int *out) {
  const char *val = v;
  int used = 2;
  if (!strncmp(a, "--assume-auto-sync=", 19)) {
    val = a + 19;
    used = 1;
  } else if (strcmp(a, "--assume-auto-sync")) {
    return 0;
  }
  if (!val || (strcmp(val, "on") && strcmp(val, "off"))) {
    bad_usage("--assume-auto-sync expects on or off", val);
    return -1;
  }
  *out = !strcmp(val, "on") ? KSV_AUTO_SYNC_ON : KSV_AUTO_SYNC_OFF;
  return used;
}

/* The options check, fix, dump, sim and export share, and where they go. */
typedef struct {
  int *flag_model, *auto_sync, *lang;
  const char **defs;           /* -D operands: at most KSV_MAX_DEFINES */
  uint32_t *ndefs;
} shared_dst;
#define KSV_MAX_DEFINES 256

/* --lang hivm|ascendc|auto, or -D NAME[=VALUE] / -DNAME[=VALUE]: the argv
** slots taken, 0 when a is neither, -1 on a bad value. */
static int input_opt(const char *a, const char *v, const shared_dst *d) {
  if (!strcmp(a, "--lang") || !strncmp(a, "--lang=", 7)) {
    const char *val = a[6] == '=' ? a + 7 : v;
    static const char *const names[] = {"auto", "hivm", "ascendc"};
    for (int k = 0; val && k < 3; k++)
      if (!strcmp(val, names[k])) {
        *d->lang = k; /* the order of KSV_LANG_* */
        return a[6] == '=' ? 1 : 2;
      }
    bad_usage("--lang expects hivm, ascendc or auto", val);
    return -1;
  }
  if (strncmp(a, "-D", 2))
    return 0;
  const char *def = a[2] ? a + 2 : v;
  size_t nl = def ? strcspn(def, "=") : 0;
  bool ok = nl > 0 && (isalpha((unsigned char)def[0]) || def[0] == '_');
  for (size_t k = 1; ok && k < nl; k++)
    ok = isalnum((unsigned char)def[k]) || def[k] == '_';
  if (!ok) {
    bad_usage("-D expects NAME or NAME=VALUE (a C macro name)", def);
    return -1;
  }
  if (*d->ndefs >= KSV_MAX_DEFINES) {
    bad_usage("too many -D options (at most 256)", def);
    return -1;
  }
  d->defs[(*d->ndefs)++] = def;
  return a[2] ? 1 : 2;
}

/* Any option that check, fix, dump, sim and export share: the argv slots
** it took, 0 when a is none, -1 on a bad value. */
static int shared_opt(const char *a, const char *v, const shared_dst *d) {
  int fm = flag_model_opt(a, v, d->flag_model);
  if (!fm)
    fm = auto_sync_opt(a, v, d->auto_sync);
  return fm ? fm : input_opt(a, v, d);
}

/* ksv sim [options] FILE */
static int sim_main(int argc, char **argv) {
  ksv_sim_options o;
  ksv_sim_options_default(&o);
  const char *file = NULL;
  /* the --set operands, compacted into argv itself (slot 2 + nsets is
     never past the option being read): nothing to free, so nothing leaks
     on the early returns of a usage error (LeakSanitizer) */
  const char **sets = (const char **)argv + 2;
  o.sets = sets;
  static const char *defs[KSV_MAX_DEFINES];
  shared_dst sd = {&o.flag_model, &o.auto_sync, &o.lang, defs, &o.ndefines};
  o.defines = defs;
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    uint64_t n;
    int fm = shared_opt(a, v, &sd);
    if (fm < 0)
      return KSV_EXIT_BAD_INPUT;
    if (fm) {
      i += fm - 1;
      continue;
    }
    if (!strcmp(a, "--arch")) {
      if (!v || (strcmp(v, "a2") && strcmp(v, "a5")))
        return bad_usage("--arch expects a2 or a5", v);
      o.arch = !strcmp(v, "a5");
    } else if (!strcmp(a, "--set")) {
      if (!v || !strchr(v, '='))
        return bad_usage("--set expects NAME=VALUE", v);
      sets[o.nsets++] = v;
    } else if (!strcmp(a, "--runs")) {
      if (parse_u64(v, 1000000, &n))
        return bad_usage("--runs expects a positive integer", v);
      o.runs = (uint32_t)n;
    } else if (!strcmp(a, "--seed")) {
      if (v && !strcmp(v, "0"))
        n = 0;
      else if (parse_u64(v, UINT64_MAX, &n))
        return bad_usage("--seed expects a non-negative integer", v);
      o.seed = n;
    } else if (!strcmp(a, "--cost") || !strcmp(a, "--trace") ||
               !strcmp(a, "--replay")) {
      if (!v)
        return bad_usage("option expects an argument", a);
      *(a[2] == 'c' ? &o.cost_file : a[2] == 't' ? &o.trace_file
                                                 : &o.replay) = v;
    } else if (a[0] == '-' && a[1]) {
      return bad_usage("unknown option", a);
    } else if (file) {
      return bad_usage("sim takes exactly one file", a);
    } else {
      file = a;
      continue;
    }
    i++;
  }
  if (!file)
    return bad_usage("no input files", NULL);
  return ksv_sim(&o, file, stdout);
}

/* ksv export --format promela [--arch a2|a5] [--kernel NAME] [-o OUT] FILE */
static int export_main(int argc, char **argv) {
  ksv_options o;
  ksv_options_default(&o);
  const char *file = NULL, *outpath = NULL, *kernel = NULL;
  static const char *defs[KSV_MAX_DEFINES];
  shared_dst sd = {&o.flag_model, &o.auto_sync, &o.lang, defs, &o.ndefines};
  o.defines = defs;
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    uint64_t n;
    int fm = shared_opt(a, v, &sd);
    if (fm < 0)
      return KSV_EXIT_BAD_INPUT;
    if (fm) {
      i += fm - 1;
      continue;
    }
    if (!strcmp(a, "--arch")) {
      if (!v || (strcmp(v, "a2") && strcmp(v, "a5")))
        return bad_usage("--arch expects a2 or a5", v);
      o.arch = !strcmp(v, "a5");
    } else if (!strcmp(a, "--format")) {
      if (!v || strcmp(v, "promela"))
        return bad_usage("--format expects promela", v);
    } else if (!strcmp(a, "--kernel") || !strcmp(a, "-o")) {
      if (!v)
        return bad_usage("option expects an argument", a);
      *(a[1] == 'o' ? &outpath : &kernel) = v;
    } else if (!strcmp(a, "--max-unroll")) {
      if (parse_u64(v, 100000000, &n))
        return bad_usage("--max-unroll expects a positive integer", v);
      o.max_unroll = (uint32_t)n;
    } else if (!strcmp(a, "--max-instances")) {
      if (parse_u64(v, 1000000000, &n))
        return bad_usage("--max-instances expects a positive integer", v);
      o.max_instances = n;
    } else if (a[0] == '-' && a[1]) {
      return bad_usage("unknown option", a);
    } else if (file) {
      return bad_usage("export takes exactly one file", a);
    } else {
      file = a;
      continue;
    }
    i++;
  }
  if (!file)
    return bad_usage("no input files", NULL);
  FILE *out = stdout;
  if (outpath && !(out = fopen(outpath, "w"))) {
    fprintf(stderr, "ksv: error: cannot write %s: %s\n", outpath,
            strerror(errno));
    return KSV_EXIT_BAD_INPUT;
  }
  int rc = ksv_export(&o, file, kernel, out);
  if (outpath && fclose(out)) {
    fprintf(stderr, "ksv: error: cannot write %s\n", outpath);
    rc = KSV_EXIT_UNKNOWN;
  }
  if (outpath && rc)
    remove(outpath); /* no half-written model */
  return rc;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return bad_usage("missing command", NULL);
  if (!strcmp(argv[1], "--version")) {
    printf("ksv %s\n", KSV_VERSION);
    return 0;
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    fputs(usage, stdout);
    return 0;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "sim"))
    return sim_main(argc, argv);
  if (!strcmp(cmd, "export"))
    return export_main(argc, argv);
  if (strcmp(cmd, "check") && strcmp(cmd, "dump") && strcmp(cmd, "fix"))
    return bad_usage("unknown command", cmd);
  bool is_fix = !strcmp(cmd, "fix"), sim_runs_given = false;
  ksv_fix_options fo;
  ksv_fix_options_default(&fo);
  ksv_options o;
  ksv_options_default(&o);
  const char *outpath = NULL;
  /* the file operands, compacted into argv itself (slot 2 + nfiles is
     never past the argument being read): nothing to free on the early
     returns of a usage error */
  const char **files = (const char **)argv + 2;
  int nfiles = 0;
  static const char *defs[KSV_MAX_DEFINES];
  shared_dst sd = {&o.flag_model, &o.auto_sync, &o.lang, defs, &o.ndefines};
  o.defines = defs;
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    uint64_t n;
    int fm = shared_opt(a, v, &sd);
    if (fm < 0)
      return KSV_EXIT_BAD_INPUT;
    if (fm) {
      i += fm - 1;
    } else if (!strcmp(a, "--arch")) {
      if (!v || (strcmp(v, "a2") && strcmp(v, "a5")))
        return bad_usage("--arch expects a2 or a5", v);
      o.arch = !strcmp(v, "a5");
      i++;
    } else if (!strcmp(a, "--format")) {
      static const char *const fmts[] = {"text", "json", "junit", "sarif",
                                         "html"};
      int f = -1;
      for (int k = 0; v && k < 5; k++)
        if (!strcmp(v, fmts[k]))
          f = k; /* the order of KSV_FORMAT_* */
      if (f < 0)
        return bad_usage("--format expects text, json, junit, sarif or html",
                         v);
      o.format = f;
      i++;
    } else if (!strcmp(a, "--entry")) {
      if (!v || !*v)
        return bad_usage("--entry expects a function or class name", NULL);
      o.entry = v;
      i++;
    } else if (!strcmp(a, "--baseline")) {
      if (!v)
        return bad_usage("--baseline expects a JSON or SARIF report", NULL);
      o.baseline = v;
      i++;
    } else if (!strcmp(a, "--doc-url")) {
      if (!is_uri(v))
        return bad_usage("--doc-url expects an absolute URL (scheme:...)", v);
      o.doc_url = v;
      i++;
    } else if (!strcmp(a, "-j")) {
      if (parse_u64(v, 256, &n))
        return bad_usage("-j expects an integer 1..256", v);
      o.jobs = (uint32_t)n;
      i++;
    } else if (!strcmp(a, "-o")) {
      if (!v)
        return bad_usage("-o expects a file name", NULL);
      outpath = v;
      i++;
    } else if (!strcmp(a, "--explain")) {
      o.explain = true;
    } else if (!strcmp(a, "--no-redundant")) {
      o.no_redundant = true;
    } else if (!strcmp(a, "--stats")) {
      o.stats = true;
    } else if (!strcmp(a, "--require-complete")) {
      o.require_complete = true;
    } else if (is_fix && !strcmp(a, "--in-place")) {
      fo.in_place = true;
    } else if (is_fix && !strcmp(a, "--diff")) {
      fo.diff_only = true;
    } else if (is_fix && !strcmp(a, "--allow-barrier-all")) {
      fo.allow_barrier_all = true;
    } else if (is_fix && !strcmp(a, "--max-fix-seconds")) {
      if (parse_u64(v, 86400, &n))
        return bad_usage("--max-fix-seconds expects an integer 1..86400", v);
      fo.max_seconds = (uint32_t)n;
      i++;
    } else if (!is_fix && !strcmp(a, "--fix")) {
      o.fix = true;
    } else if (!strcmp(a, "--replay")) {
      o.replay = true;
    } else if (!strcmp(a, "--sim-runs")) {
      if (parse_u64(v, 100000, &n))
        return bad_usage("--sim-runs expects an integer 1..100000", v);
      o.sim_runs = (uint32_t)n;
      sim_runs_given = true;
      i++;
    } else if (!strcmp(a, "--fail-on")) {
      if (!v || (strcmp(v, "error") && strcmp(v, "warning")))
        return bad_usage("--fail-on expects error or warning", v);
      o.fail_on_warning = !strcmp(v, "warning");
      i++;
    } else if (!strcmp(a, "--max-unroll")) {
      if (parse_u64(v, 100000000, &n))
        return bad_usage("--max-unroll expects a positive integer", v);
      o.max_unroll = (uint32_t)n;
      i++;
    } else if (!strcmp(a, "--max-instances")) {
      if (parse_u64(v, 1000000000, &n))
        return bad_usage("--max-instances expects a positive integer", v);
      o.max_instances = n;
      i++;
    } else if (!strcmp(a, "--max-memory-mb")) {
      if (parse_u64(v, 1048576, &n))
        return bad_usage("--max-memory-mb expects an integer 1..1048576", v);
      o.max_memory_mb = (uint32_t)n;
      i++;
    } else if (!strcmp(a, "--engine")) {
      if (!v || (strcmp(v, "auto") && strcmp(v, "graph") && strcmp(v, "smt")))
        return bad_usage("--engine expects auto, graph or smt", v);
      o.engine = !strcmp(v, "graph") ? KSV_ENGINE_GRAPH
                 : !strcmp(v, "smt") ? KSV_ENGINE_SMT
                                     : KSV_ENGINE_AUTO;
      i++;
    } else if (!strcmp(a, "--timeout-ms")) {
      if (parse_u64(v, 86400000, &n))
        return bad_usage("--timeout-ms expects a positive integer", v);
      o.timeout_ms = (uint32_t)n;
      i++;
    } else if (!strcmp(a, "--max-solver-seconds")) {
      if (parse_u64(v, 86400, &n))
        return bad_usage("--max-solver-seconds expects an integer 1..86400",
                         v);
      o.solver_budget_s = (uint32_t)n;
      i++;
    } else if (!strcmp(a, "--trip-bound")) {
      if (parse_u64(v, 64, &n))
        return bad_usage("--trip-bound expects an integer 1..64", v);
      o.sym_bound = (uint32_t)n;
      o.trip_bound_fixed = true;
      i++;
    } else if (a[0] == '-' && a[1]) {
      return bad_usage("unknown option", a);
    } else {
      files[nfiles++] = a;
    }
  }
  if (!nfiles)
    return bad_usage("no input files", NULL);
  int rc;
  if (is_fix) {
    if (nfiles != 1)
      return bad_usage("fix takes exactly one file", NULL);
    if (o.format != KSV_FORMAT_TEXT && o.format != KSV_FORMAT_JSON)
      return bad_usage("fix writes --format text or json", NULL);
    if (fo.in_place && outpath)
      return bad_usage("fix: -o and --in-place exclude each other", NULL);
    fo.check = o;
    fo.format = o.format;
    fo.out_file = outpath;
    if (sim_runs_given)
      fo.sim_runs = o.sim_runs;
    rc = ksv_fix(&fo, files[0], stdout);
  } else if (!strcmp(cmd, "dump")) {
    if (nfiles != 1)
      return bad_usage("dump takes exactly one file", NULL);
    rc = ksv_dump(&o, files[0], stdout);
  } else {
    FILE *out = stdout;
    if (outpath) {
      out = fopen(outpath, "w");
      if (!out) {
        fprintf(stderr, "ksv: error: cannot write %s: %s\n", outpath,
                strerror(errno));
        return KSV_EXIT_BAD_INPUT;
      }
    }
    rc = ksv_check(&o, files, nfiles, out);
    if (outpath && fclose(out)) {
      fprintf(stderr, "ksv: error: cannot write %s\n", outpath);
      rc = KSV_EXIT_UNKNOWN;
    }
  }
  return rc;
}
