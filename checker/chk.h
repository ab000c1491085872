/*
** chk.h -- the checker: decides every rule on an unrolled kernel and
** appends findings to a diagnostics list.  It never prints.
*/
#ifndef KSV_CHK_H
#define KSV_CHK_H

#include "../model/mdl.h"

typedef struct {
  bool explain;          /* add notes naming the sync that orders safe pairs */
  bool redundant;        /* search for redundant waits and barriers */
  uint64_t redundant_budget; /* max instances x sync statements for it */
} chk_options;

void chk_options_default(chk_options *o);

/* Checks k (unrolled, concrete).  Appends findings to out.  Returns the
** verdict for the unit; *note receives a malloc'd explanation or NULL. */
mdl_verdict chk_graph(const mdl_kernel *k, const chk_options *o,
                      mdl_diags *out, char **note);

#endif
