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
enum { KSV_FORMAT_TEXT = 0, KSV_FORMAT_JSON = 1 };
enum { KSV_ENGINE_AUTO = 0, KSV_ENGINE_GRAPH = 1, KSV_ENGINE_SMT = 2 };

typedef struct {
  int arch;               /* 0 = a2, 1 = a5 */
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
} ksv_options;

void ksv_options_default(ksv_options *o);

/* Checks files and writes the report to out.  Returns the exit code. */
int ksv_check(const ksv_options *o, const char *const *files, int nfiles,
              FILE *out);

/* Writes the extracted sync graph of every kernel in file to out. */
int ksv_dump(const ksv_options *o, const char *file, FILE *out);

#endif
