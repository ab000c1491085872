/*
** rep.h -- reports.  Renderers only read results; they never change a
** finding.  Every renderer takes the same array of file results.
*/
#ifndef KSV_REP_H
#define KSV_REP_H

#include <stdio.h>
#include "../model/mdl.h"

typedef struct {
  const mdl_file_result *files;
  uint32_t nfiles;
  const char *tool_version;
  const char *arch;
} rep_input;

/* GCC-style text: file:line:col: severity: message [rule], notes. */
int rep_text(FILE *out, const rep_input *in);
/* Stable JSON document (see README "JSON output"). */
int rep_json(FILE *out, const rep_input *in);

#endif
