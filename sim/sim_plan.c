/*
** sim_plan.c -- the static plan of a run: for every instance its role,
** its pipe chain and what its start waits for.  The constraints are those
** of SEMANTICS.md section 5 as checker/chk_graph.c (build_core) builds
** them, so the simulator executes exactly the orders the graph engine
** reasons about:
**   - instances of one pipe start in program order;
**   - on pipes that complete in order (all but V on a2, MTE2, MTE3) an
**     instance starts after every earlier one of its pipe ended;
**   - after a pipe_barrier or a wait, the next instance of the pipe starts
**     after the barrier / wait ended; a barrier starts once every earlier
**     instance of its pipe ended;
**   - a set fires once every earlier instance of its pipe ended, and does
**     not block its pipe;
**   - PIPE_ALL and scalar waits stop the issue of everything after them;
**   - the M part of a macro op starts after its MTE1 part; unit flags
**     order M -> FIX -> M in program order.
** Invalid syncs (a pipe the core lacks, bad ids) are absent.
*/
#include "sim_int.h"

#include <stdlib.h>
#include <string.h>

#define NOCH 0xff

static bool pipe_ok(const mdl_kernel *k, uint32_t core, uint8_t p) {
  if (p == MDL_PIPE_ALL)
    return true;
  if (p >= MDL_NPIPE)
    return false;
  return mdl_core_has_pipe(k->prof, k->cores[core].type, (mdl_pipe)p);
}

/* The toolchain keeps the sync (chk_sync_valid in the checker). */
static bool sync_valid(const mdl_kernel *k, const mdl_inst *in) {
  const mdl_profile *pr = k->prof;
  switch (in->kind) {
  case MDL_I_SET:
  case MDL_I_WAIT:
    return pipe_ok(k, in->core, in->pipe) && pipe_ok(k, in->core, in->pipe2) &&
           in->pipe != MDL_PIPE_ALL && in->pipe2 != MDL_PIPE_ALL &&
           in->id >= 0 && in->id <= pr->max_event_id;
  case MDL_I_BARRIER:
    return pipe_ok(k, in->core, in->pipe) && in->pipe != MDL_PIPE_S;
  case MDL_I_BSET:
  case MDL_I_BWAIT:
    return pipe_ok(k, in->core, in->pipe) && in->id >= 0 &&
           in->id <= pr->max_block_flag;
  default:
    return true;
  }
}

bool sim_sync_valid(const mdl_kernel *k, uint32_t inst) {
  return sync_valid(k, mdl_inst_at(k, inst));
}

static bool overlapping_pipe(const mdl_kernel *k, uint8_t p) {
  if (p == MDL_PIPE_V)
    return !k->prof->v_hw_ordered;
  return p == MDL_PIPE_MTE2 || p == MDL_PIPE_MTE3;
}

typedef struct {
  uint32_t count;     /* members so far */
  uint32_t bl_front;  /* next member: front needed */
  uint32_t bl_end;    /* next member: instance end needed */
} chbuild;

static uint32_t push_allneed(sim_plan *p, const chbuild *cb) {
  uint32_t *a = mdl_vec_push(&p->allneed, sizeof(uint32_t) * MDL_NPIPE);
  for (uint32_t q = 0; q < MDL_NPIPE; q++)
    a[q] = cb[q].count;
  return p->allneed.len - 1;
}

static void plan_core(sim_plan *p, uint32_t c) {
  const mdl_kernel *k = p->k;
  chbuild cb[MDL_NPIPE];
  memset(cb, 0, sizeof cb);
  for (uint32_t q = 0; q < MDL_NPIPE; q++)
    cb[q].bl_end = SIM_NONE;
  uint32_t uf_last = SIM_NONE;
  uint32_t first = k->core_first[c], cnt = k->core_count[c];
  for (uint32_t i = first; i < first + cnt; i++) {
    const mdl_inst *in = mdl_inst_at(k, i);
    sim_iplan *ip = &p->ip[i];
    if (!sync_valid(k, in)) {
      ip->role = SR_SKIP;
      continue;
    }
    if (in->after != ~0u) {
      const sim_iplan *ap = &p->ip[in->after];
      if (ap->chain != NOCH) {
        ip->after_ch = ap->chain;
        ip->after_pos = ap->pos;
      } else {
        ip->need_end = in->after;
      }
    }
    uint8_t pp = in->pipe;
    if (in->kind == MDL_I_BARRIER && pp == MDL_PIPE_ALL) {
      ip->role = SR_BAR_ALL;
      ip->scalar_block = true;
      ip->allneed = push_allneed(p, cb);
      continue;
    }
    if (in->kind == MDL_I_SET || in->kind == MDL_I_BSET) {
      uint8_t q = pp < MDL_NPIPE ? pp : MDL_PIPE_S;
      ip->role = in->kind == MDL_I_SET ? SR_SET : SR_BSET;
      ip->fch = (uint8_t)(c * MDL_NPIPE + q);
      ip->fneed = cb[q].count;
      continue;
    }
    if (in->kind == MDL_I_SYNC_ALL) {
      ip->role = SR_SYNC_ALL;
      ip->scalar_block = true;
      ip->ordinal = p->nsync[c]++;
      if (pp == MDL_PIPE_ALL) {
        ip->allneed = push_allneed(p, cb);
      } else {
        uint8_t q = pp < MDL_NPIPE ? pp : MDL_PIPE_S;
        ip->fch = (uint8_t)(c * MDL_NPIPE + q);
        ip->fneed = cb[q].count;
      }
      continue;
    }
    bool scalar_wait =
        (in->kind == MDL_I_WAIT && pp == MDL_PIPE_S) ||
        (in->kind == MDL_I_BWAIT &&
         (k->prof->xcore_wait_scalar || pp == MDL_PIPE_S));
    if (scalar_wait) {
      ip->scalar_block = true;
      if (in->kind == MDL_I_BWAIT) {
        ip->role = SR_BWAIT_S;
        continue;
      }
      pp = MDL_PIPE_S;
    }
    if (pp >= MDL_NPIPE) {
      ip->role = SR_NOPIPE;
      continue;
    }
    switch (in->kind) {
    case MDL_I_OP: ip->role = SR_OP; break;
    case MDL_I_WAIT: ip->role = SR_WAIT; break;
    case MDL_I_BWAIT: ip->role = SR_BWAIT; break;
    case MDL_I_BARRIER: ip->role = SR_BAR; break;
    default: ip->role = SR_NOPIPE; continue;
    }
    chbuild *b = &cb[pp];
    ip->chain = (uint8_t)(c * MDL_NPIPE + pp);
    ip->pos = ++b->count;
    ip->need_front = b->bl_front;
    if (b->bl_end != SIM_NONE)
      ip->need_end = b->bl_end;
    b->bl_front = 0;
    b->bl_end = SIM_NONE;
    if (ip->role == SR_BAR) {
      ip->need_front = ip->pos - 1;
      b->bl_end = i;
    } else if (ip->role == SR_WAIT || ip->role == SR_BWAIT) {
      b->bl_end = i;
    } else if (!overlapping_pipe(k, pp)) {
      b->bl_front = ip->pos;
    }
    /* unit flags: M write -> FIX read -> next M write, in program order */
    if (ip->role == SR_OP && in->unit_flag &&
        (pp == MDL_PIPE_M || pp == MDL_PIPE_FIX)) {
      if (uf_last != SIM_NONE && mdl_inst_at(k, uf_last)->pipe != pp) {
        ip->uf_ch = p->ip[uf_last].chain;
        ip->uf_pos = p->ip[uf_last].pos;
      }
      uf_last = i;
    }
  }
}

int sim_plan_build(const mdl_kernel *k, const sim_costs *c, sim_plan *p) {
  memset(p, 0, sizeof *p);
  p->k = k;
  p->n = k->insts.len;
  p->nch = k->ncores * MDL_NPIPE;
  uint32_t n1 = p->n ? p->n : 1;
  p->ip = calloc(n1, sizeof *p->ip);
  p->cost = calloc(n1, sizeof *p->cost);
  p->moff = calloc(p->nch + 1, sizeof *p->moff);
  p->soff = calloc(p->nch + 1, sizeof *p->soff);
  if (!p->ip || !p->cost || !p->moff || !p->soff)
    return -1;
  for (uint32_t i = 0; i < p->n; i++) {
    sim_iplan *ip = &p->ip[i];
    ip->chain = ip->after_ch = ip->uf_ch = ip->fch = NOCH;
    ip->need_end = SIM_NONE;
    ip->allneed = SIM_NONE;
  }
  for (uint32_t cr = 0; cr < k->ncores; cr++)
    plan_core(p, cr);
  /* CSR of chain members and of the sets waiting on each frontier */
  for (uint32_t i = 0; i < p->n; i++) {
    const sim_iplan *ip = &p->ip[i];
    if (ip->chain != NOCH)
      p->moff[ip->chain + 1]++;
    if ((ip->role == SR_SET || ip->role == SR_BSET) && ip->fch != NOCH)
      p->soff[ip->fch + 1]++;
  }
  for (uint32_t ch = 0; ch < p->nch; ch++) {
    p->moff[ch + 1] += p->moff[ch];
    p->soff[ch + 1] += p->soff[ch];
  }
  p->members = malloc((p->moff[p->nch] ? p->moff[p->nch] : 1) *
                      sizeof *p->members);
  p->sets = malloc((p->soff[p->nch] ? p->soff[p->nch] : 1) * sizeof *p->sets);
  uint32_t *mf = calloc(p->nch + 1, sizeof *mf), *sf = calloc(p->nch + 1,
                                                             sizeof *sf);
  if (!p->members || !p->sets || !mf || !sf) {
    free(mf);
    free(sf);
    return -1;
  }
  for (uint32_t i = 0; i < p->n; i++) {
    const sim_iplan *ip = &p->ip[i];
    if (ip->chain != NOCH)
      p->members[p->moff[ip->chain] + mf[ip->chain]++] = i;
    if ((ip->role == SR_SET || ip->role == SR_BSET) && ip->fch != NOCH)
      p->sets[p->soff[ip->fch] + sf[ip->fch]++] = i;
    if (ip->role == SR_OP)
      p->cost[i] = sim_op_cost(k, c, i);
  }
  free(mf);
  free(sf);
  return 0;
}

void sim_plan_free(sim_plan *p) {
  free(p->ip);
  free(p->cost);
  free(p->members);
  free(p->moff);
  free(p->sets);
  free(p->soff);
  mdl_vec_free(&p->allneed);
  memset(p, 0, sizeof *p);
}
