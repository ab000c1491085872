/* rep_sarif.c -- placeholder */
#include "rep.h"
int rep_sarif(FILE *out, const rep_input *in) { (void)out; (void)in; return -1; }
