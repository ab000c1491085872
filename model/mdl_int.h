/*
** mdl_int.h -- private to model/: what its files share beyond mdl.h.
*/
#ifndef KSV_MDL_INT_H
#define KSV_MDL_INT_H

#include "mdl.h"

/* Interns the elem-byte element x in vec with the open-addressing table
** *ht of *cap slots (ids; 0 = empty, so id 0 of vec is a dummy pushed
** first).  hash and eq see elements of elem bytes; the caller zeroes
** padding when eq compares bytes.  Returns x's id, adding a copy when x
** is new.  Out of memory exits 3, as the arena does. */
uint32_t mdl_intern(mdl_vec *vec, size_t elem, uint32_t **ht, uint32_t *cap,
                    const void *x, uint64_t (*hash)(const void *, size_t),
                    bool (*eq)(const void *, const void *, size_t));

#endif
