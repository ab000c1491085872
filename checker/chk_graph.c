/* placeholder replaced below */
#include "chk.h"
void chk_options_default(chk_options *o) { o->explain = false; o->redundant = true; o->redundant_budget = 200000000ull; }
mdl_verdict chk_graph(const mdl_kernel *k, const chk_options *o, mdl_diags *out, char **note) {
  (void)k; (void)o; (void)out; *note = NULL; return MDL_VERDICT_UNKNOWN; }
