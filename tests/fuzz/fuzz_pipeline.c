/*
** fuzz_pipeline.c -- libFuzzer target: the whole pipeline through the
** public API (include/ksv.h).  Each input is written to a scratch file
** and checked with small limits: the graph engine rendering every report
** format, `ksv dump` and a simulator run, then the SMT engine (Z3) once
** (150 instances, 100 ms per query), all into /dev/null.  Limits are
** small so that an input cannot make a run slow by being big on purpose:
** what is checked is that ksv never crashes, leaks or hangs, whatever
** the verdict.  Built and run by tests/fuzz/run.sh.
*/
#include "../../include/ksv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];
static FILE *devnull;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!devnull) {
    snprintf(path, sizeof path, "/tmp/ksv-fuzz-%ld.mlir", (long)getpid());
    devnull = fopen("/dev/null", "w");
    if (!devnull)
      abort();
  }
  FILE *f = fopen(path, "wb");
  if (!f)
    abort();
  if (size && fwrite(data, 1, size, f) != size)
    abort();
  fclose(f);
  ksv_options o;
  ksv_options_default(&o);
  o.arch = size && (data[0] & 1); /* both machine profiles */
  o.max_unroll = 64;
  o.max_instances = 2000;
  o.sym_bound = 2;
  o.trip_bound_fixed = true;
  o.timeout_ms = 200;
  const char *files[] = {path};
  int rc;
  o.engine = KSV_ENGINE_GRAPH;
  for (int fmt = KSV_FORMAT_TEXT; fmt <= KSV_FORMAT_HTML; fmt++) {
    o.format = fmt;
    /* --explain and the redundant-sync search (a re-check per candidate
       sync) once, with the text report */
    o.explain = fmt == KSV_FORMAT_TEXT;
    o.no_redundant = fmt != KSV_FORMAT_TEXT;
    rc = ksv_check(&o, files, 1, devnull);
    if (rc < 0 || rc > 3)
      abort();
  }
  ksv_dump(&o, path, devnull);
  ksv_sim_options so;
  ksv_sim_options_default(&so);
  so.arch = o.arch;
  so.runs = 1;
  so.max_unroll = o.max_unroll;
  so.max_instances = o.max_instances;
  rc = ksv_sim(&so, path, devnull);
  if (rc < 0 || rc > 3)
    abort();
  /* Z3 on a few hundred instances can take seconds (thousands of
     queries, each up to timeout_ms): smaller still, and the redundant-sync
     search (a re-proof per candidate) only on some inputs */
  o.engine = KSV_ENGINE_SMT;
  o.format = KSV_FORMAT_JSON;
  o.max_instances = 150;
  o.timeout_ms = 100;
  o.explain = size && (data[0] & 2);
  o.no_redundant = !(size && (data[0] & 4));
  rc = ksv_check(&o, files, 1, devnull);
  if (rc < 0 || rc > 3)
    abort();
  return 0;
}
