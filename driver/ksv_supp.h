/*
** ksv_supp.h -- suppression (docs/rules.md "Suppressing a finding"):
** the rules a config file or the command line switched off or re-rated,
** and the `// ksv-ignore[RULE]: reason` comments of the source text.
** The driver applies both to a file's diagnostics after the checker ran:
** the checker never learns of them, and a suppressed finding is kept,
** marked (mdl_diag.suppressed), for the reports.
*/
#ifndef KSV_SUPP_H
#define KSV_SUPP_H

#include "../model/mdl.h"

/* Per rule: switched off (and by what), and a severity override. */
typedef struct {
  bool off[MDL_RULE_COUNT];
  char why[MDL_RULE_COUNT][192];  /* "rule race disabled by ..." */
  int8_t sev[MDL_RULE_COUNT];     /* mdl_severity, or -1: the rule's own */
} ksv_rules;

void ksv_rules_init(ksv_rules *r);
/* Can rule r be switched off or suppressed?  Not unknown and bad-input:
** a kernel that was not verified must never look clean. */
bool ksv_rule_suppressible(mdl_rule r);
/* The rule whose id is the n bytes at s (mdl_rule_name), or -1. */
int ksv_rule_by_name(const char *s, size_t n);
/* Applies one switch: on (enable) or off for rule r, or every
** suppressible rule when r < 0 ("*"); by names its origin ("--disable",
** ".ksv.yaml:3"). */
void ksv_rules_switch(ksv_rules *r, int rule, bool on, const char *by);
/* Applies the command line's "+RULE,..." / "-RULE,..." switches; on an
** unknown or unswitchable id writes the error into err and returns -1. */
int ksv_rules_cli(ksv_rules *r, const char *const *sw, uint32_t n,
                  char *err, size_t nerr);

/* Applies rules and the ksv-ignore comments of text (the checked file
** path; a header a finding is located in is read when needed) to fr's
** diagnostics: severity overrides, then suppression; malformed comments
** become warnings; the counts are redone and the list sorted.  A unit
** whose findings are all suppressed becomes clean (its note says how
** many were). */
void ksv_suppress(mdl_file_result *fr, const char *text, size_t len,
                  const ksv_rules *rules);
/* Recounts d's errors, warnings, notes and suppressed. */
void ksv_diags_recount(mdl_diags *d);

#endif
