/*
** fe_asc_que.c -- the queue framework's implicit sync (TQue AllocTensor /
** EnQue / DeQue / FreeTensor, TPipe InitBuffer of queues, its event-id
** allocator and destructor): helper Q's file (branch wt-que).  This
** placeholder registers nothing, so TQue/TPipe calls are reported as not
** understood until Q's implementation replaces it.
*/
#include "fe_asc_x.h"

const fe_asc_api fe_asc_api_que[] = {{NULL, 0, NULL}};

void fe_asc_que_declare(fe_asc_ctx *x, fe_asc_obj *o, TSNode ty) {
  (void)x, (void)o, (void)ty;
}

void fe_asc_que_destroy(fe_asc_ctx *x, fe_asc_obj *o, mdl_loc loc) {
  (void)x, (void)o, (void)loc;
}
