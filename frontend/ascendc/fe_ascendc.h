/*
** fe_ascendc.h -- the Ascend C frontend's entry (frontend/ascendc/: the
** preprocessor and tree-sitter parse of fe_asc.h, and the extraction of
** fe_asc_x.h).  Called by frontend/fe.c only.
*/
#ifndef KSV_FE_ASCENDC_H
#define KSV_FE_ASCENDC_H

#include "../fe.h"

/* fe_parse_lang for Ascend C: one unit per kernel entry (a function
** marked __global__), a MIX pair, a lone AIV or a lone AIC kernel; a file
** without an entry gives a warning and no unit. */
uint32_t fe_asc_parse_file(const char *path, const char *text, size_t len,
                           int arch, mdl_vec *units, mdl_diags *diags);

#endif
