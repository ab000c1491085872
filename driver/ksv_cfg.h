/*
** ksv_cfg.h -- the project config file (docs/config.md): `.ksv.yaml`,
** found by walking up from an input's directory as clang-tidy finds
** `.clang-tidy`, read with libyaml.
*/
#ifndef KSV_CFG_H
#define KSV_CFG_H

#include "../include/ksv.h"
#include "ksv_supp.h"

#define KSV_CFG_NAME ".ksv.yaml"

typedef struct {
  char *path;                  /* owned */
  ksv_rules rules;             /* disable / enable / severity */
  ksv_options set;             /* the check options it sets ... */
  uint32_t given;              /* ... as KSV_GIVEN_* bits */
} ksv_cfg;

/* The nearest .ksv.yaml above input (its directory first), malloc'd, or
** NULL when there is none up to the root. */
char *ksv_cfg_find(const char *input);
/* Reads path into c.  0, or -1 with err "path:line:col: error: ..." (a
** missing file: line and column 1). */
int ksv_cfg_load(const char *path, ksv_cfg *c, char *err, size_t nerr);
void ksv_cfg_free(ksv_cfg *c);
/* o with c's options where the command line (o->given) did not set them. */
void ksv_cfg_apply(const ksv_cfg *c, ksv_options *o);

#endif
