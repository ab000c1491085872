/*
** fe_hivm.h -- the HIVM MLIR frontend's entry (frontend/hivm/: lexer,
** generic MLIR parser, CFGs, and the builders that give HIVM ops their
** meaning through the model builder).  Called by frontend/fe.c only.
*/
#ifndef KSV_FE_HIVM_H
#define KSV_FE_HIVM_H

#include "../fe.h"

/* fe_parse_lang for HIVM: splits the file at `// -----` lines and builds
** the kernels of every chunk (contract of fe_parse_lang). */
uint32_t fe_hivm_parse_file(const char *path, const char *text, size_t len,
                            int arch, mdl_vec *units, mdl_diags *diags);

#endif
