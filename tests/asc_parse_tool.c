/*
** asc_parse_tool.c -- preprocesses, normalises and parses Ascend C files
** with frontend/ascendc/ and prints the located diagnostics (stderr), the
** tree's S-expression (--sexp) or the normalised text (--text); --time N
** repeats each file N times and prints the mean wall and CPU time per file
** (docs/ascendc-frontend.md, "Speed").  Exit 0 clean, 2 any error.
**
**   asc_parse_tool [--core aic|aiv] [--arch c220|c310] [-D NAME=VALUE]...
**                  [--warn-missing] [--sexp|--text] [--time N] FILE...
*/
#include "../frontend/ascendc/fe_asc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  fe_asc_opts o = {0};
  fe_asc_define defs[64];
  int mode = 0, reps = 0, status = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--core") && i + 1 < argc) {
      o.core = !strcmp(argv[++i], "aic") ? FE_ASC_CORE_AIC : FE_ASC_CORE_AIV;
    } else if (!strcmp(a, "--arch") && i + 1 < argc) {
      o.arch = !strcmp(argv[++i], "c310") ? FE_ASC_ARCH_C310
                                          : FE_ASC_ARCH_C220;
    } else if (!strcmp(a, "-D") && i + 1 < argc && o.ndefines < 64) {
      char *d = argv[++i], *eq = strchr(d, '=');
      if (eq)
        *eq = 0;
      defs[o.ndefines++] = (fe_asc_define){d, eq ? eq + 1 : NULL};
      o.defines = defs;
    } else if (!strcmp(a, "--warn-missing")) {
      o.missing_include_warns = true;
    } else if (!strcmp(a, "--sexp")) {
      mode = 1;
    } else if (!strcmp(a, "--text")) {
      mode = 2;
    } else if (!strcmp(a, "--time") && i + 1 < argc) {
      reps = atoi(argv[++i]);
    } else {
      int n = reps > 0 ? reps : 1;
      double t0 = now();
      clock_t c0 = clock();
      for (int r = 0; r < n; r++) {
        fe_asc_unit u = {0};
        mdl_diags d;
        memset(&d, 0, sizeof d);
        bool ok = fe_asc_read(a, NULL, 0, &o, &u, &d);
        ok = fe_asc_parse(&u, &d) && ok;
        if (r == 0) {
          for (uint32_t k = 0; k < d.items.len; k++) {
            mdl_diag *g = &MDL_VEC_AT(d.items, mdl_diag, k);
            fprintf(stderr, "%s:%u:%u: %s: %s\n", g->file, g->line, g->col,
                    mdl_severity_name(g->severity), g->message);
          }
          if (mode == 1 && u.tree) {
            char *s = ts_node_string(ts_tree_root_node(u.tree));
            puts(s);
            free(s);
          } else if (mode == 2) {
            fwrite(u.text, 1, u.len, stdout);
          }
          if (!ok)
            status = 2;
        }
        mdl_diags_free(&d);
        fe_asc_unit_free(&u);
      }
      if (reps > 0)
        printf("%s: %.2f ms wall, %.2f ms CPU per preprocess+parse "
               "(%d runs)\n", a, (now() - t0) * 1e3 / n,
               (double)(clock() - c0) * 1e3 / CLOCKS_PER_SEC / n, n);
    }
  }
  return status;
}
