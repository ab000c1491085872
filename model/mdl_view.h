/*
** mdl_view.h -- private to model/: the layout and index box a memref or
** tensor value carries while a core is unrolled (mdl_view.c), so that
** two views of one root buffer can be compared dimension by dimension
** (SEMANTICS.md 1, "Memory through views, workspaces and tensors";
** docs/semantics-decisions.md 33).
*/
#ifndef KSV_MDL_VIEW_H
#define KSV_MDL_VIEW_H

#include "mdl.h"

#define VD MDL_VIEW_DIMS

typedef struct {
  /* the view's element layout: element (i_0..i_n) of the view is at
     byte off + elem * sum(i_d * vst[d]) (off: the ref's byte offset) */
  uint8_t vnd;                 /* rank; 0 = layout unknown */
  uint32_t elem;
  int64_t vst[VD];             /* element stride per view dimension */
  int64_t vext[VD];            /* extent per view dimension, -1 unknown */
  int8_t vmap[VD];             /* root dimension of each view dimension,
                                  -1 for a unit dimension it has not */
  /* the index box in the root: per root dimension the indices
     rbase + i * rstep, 0 <= i < rcnt (rcnt -1: any index) */
  uint32_t rkey;               /* mdl_root id, 0 = no root interned */
  const mdl_layout *rlay;      /* a root not interned yet (until a slice
                                  needs it): its layout; its memory rmem,
                                  its base the offset of the ref */
  uint32_t rmem;
  uint8_t rnd;
  int64_t rbase[VD], rstep[VD], rcnt[VD];
} mdl_vlay;

/* A root: the value starts at byte offset base of memory mem with the
** static layout lay (lay->root).  Leaves v without a root when base is
** unknown or lay is not static. */
void mdl_vlay_root(mdl_kernel *k, mdl_vlay *v, uint32_t mem,
                   const mdl_val *base, const mdl_layout *lay);

/* Interns v's pending root (a ref that is the root itself, whose element
** 0 is at byte offset base), so that the slices of it share the id. */
void mdl_vlay_root_key(mdl_kernel *k, mdl_vlay *v, const mdl_val *base);

/* Applies slice sl (offsets off[], sizes size[] evaluated) to v, the
** layout of a ref at byte offset base.  OUT: *delta, the byte offset of
** the slice within v, and *span, its byte hull (-1: unknown); delta NULL:
** neither (the caller has the bytes).  Returns
** false when v's layout is unknown (then v keeps its box, which still
** covers the slice, and loses its layout). */
bool mdl_vlay_slice(mdl_kernel *k, mdl_vlay *v, const mdl_slice *sl,
                    const mdl_val *base, const mdl_val *off,
                    const mdl_val *size, mdl_val *delta, int64_t *span);

/* A reshape to extents shape->ext: the layout is kept where the two
** shapes differ only in unit dimensions, lost otherwise (the box stays). */
void mdl_vlay_reshape(mdl_vlay *v, const mdl_layout *shape);

/* The interned box of an access through v; 0 without a root or when it
** covers the whole root (the bytes say as much then). */
uint32_t mdl_vlay_box(mdl_kernel *k, const mdl_vlay *v);

#endif
