/*
** fix_que.c -- `ksv fix` on Ascend C: the one queue call it adds, a
** missing FreeTensor (docs/fix.md "Ascend C", docs/ascendc-queues.md 7).
**
** An AllocTensor that finds every buffer of its queue allocated spins
** forever in the library; no hand-written flag can release it, and the
** queue's own syncs are implicit, never edited.  When a buffer of that
** queue was dequeued into a local variable and never freed, the frontend
** records it (mdl_kernel.que_unfreed) with the queue and the variable as
** the file spells them and the last statement of the declaring block that
** names the variable; the repair is `Q.FreeTensor(T);` after it.  Adding
** the free is safe where moving or removing a queue call is not: the
** tensor is dead after its last use, and the free's set (after the last
** access on its pipe) is exactly what the next AllocTensor of that buffer
** waits.  The driver re-verifies the candidate as any other.
*/
#include "fix.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Is record u a FreeTensor missing behind the hung AllocTensor of
** finding d, on a line of the input text? */
static bool que_fits(const mdl_que_unfreed *u, const fix_text *t,
                     const mdl_diag *d) {
  return u->alloc.line == d->line && u->alloc.col == d->col &&
         !u->alloc.file && !u->after.file && u->after.line >= 1 &&
         u->after.line <= t->lines.len;
}

/* `Q.FreeTensor(T);` after the statement starting on the record's line
** (the driver's apply indents it as that line). */
static void que_edit(fix_cand *c, const mdl_que_unfreed *u) {
  fix_edit *e = mdl_vec_push(&c->edits, sizeof *e);
  e->op = FIX_INSERT_AFTER;
  e->line = u->after.line;
  e->text = mdl_strprintf("%sFreeTensor(%s);", u->recv, u->tensor);
  c->cost++;
}

uint32_t fix_que_cands(const mdl_kernel *k, const fix_text *t,
                       const mdl_diag *d, mdl_vec *out) {
  if (k->lang != MDL_LANG_ASCENDC || d->rule != MDL_RULE_DEADLOCK)
    return 0;
  uint32_t n = 0;
  for (uint32_t i = 0; i < k->que_unfreed.len; i++) {
    const mdl_que_unfreed *u = &MDL_VEC_AT(k->que_unfreed, mdl_que_unfreed, i);
    if (!que_fits(u, t, d))
      continue;
    fix_cand *c = mdl_vec_push(out, sizeof *c);
    c->what =
        mdl_strprintf("the missing %sFreeTensor(%s) after line %u, the last "
                      "use of the tensor dequeued at %u:%u (the AllocTensor at "
                      "%u:%u finds every buffer of its queue allocated)",
                      u->recv, u->tensor, u->after.line, u->deque.line,
                      u->deque.col, d->line, d->col);
    que_edit(c, u);
    n++;
  }
  if (n < 2)
    return n;
  /* several tensors never freed (two functions each forgot theirs): all
     the frees at once too, since one alone may leave the hang */
  fix_cand *c = mdl_vec_push(out, sizeof *c);
  c->what =
      mdl_strprintf("the %u missing FreeTensors of the AllocTensor at %u:%u", n,
                    d->line, d->col);
  for (uint32_t i = 0; i < k->que_unfreed.len; i++) {
    const mdl_que_unfreed *u = &MDL_VEC_AT(k->que_unfreed, mdl_que_unfreed, i);
    if (que_fits(u, t, d))
      que_edit(c, u);
  }
  return n + 1;
}
