/* rep_html.c -- placeholder */
#include "rep.h"
int rep_html(FILE *out, const rep_input *in) { (void)out; (void)in; return -1; }
