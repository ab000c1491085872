/*
** sim_trace.c -- the schedule of a run as a Chrome/Perfetto trace (the
** Trace Event Format, JSON object form): one process per core, one
** thread per pipe (plus the scalar issue unit), every instruction a
** complete event ("X"), every set -> wait release a flow ("s" at the set,
** "f" at the wait).  Written with jansson.
**
** Two rules of the format shape this file.  Slices on one thread must
** nest or be disjoint (Perfetto drops or misdraws partial overlaps), but
** a pipe runs overlapping work: V on a2, MTE2 and MTE3 overlap
** consecutive copies, and a set_flag is in flight (flag_latency) while
** the next op of its pipe runs.  So every pipe is split into lanes, each
** lane a thread holding disjoint slices.  And ts/dur are microseconds: a
** cycle is written as one nanosecond (a 1 GHz clock), ts = cycles / 1000.
*/
#include "sim_int.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TID_SCALAR MDL_NPIPE /* the scalar issue unit's own track */
#define NTRACK (MDL_NPIPE + 1) /* pipes and the scalar unit, per lane */

/* Cycles as the format's microseconds, at one cycle per nanosecond.  The
** double nearest c / 1000 can fall just below it, and an importer that
** truncates ts * 1000 to integer nanoseconds (Perfetto's JSON importer)
** would then move a slice boundary by 1 ns and make adjacent slices
** overlap: take the next double up until ts * 1000 >= c exactly. */
static json_t *usec(int64_t c) {
  double d = (double)c / 1000.0;
  while (d * 1000.0 < (double)c)
    d = nextafter(d, INFINITY);
  return json_real(d);
}

static json_t *meta(const char *name, uint32_t pid, uint32_t tid,
                    const char *key, json_t *val) {
  json_t *e = json_object();
  json_object_set_new(e, "name", json_string(name));
  json_object_set_new(e, "ph", json_string("M"));
  json_object_set_new(e, "ts", json_integer(0));
  json_object_set_new(e, "pid", json_integer(pid));
  json_object_set_new(e, "tid", json_integer(tid));
  json_t *args = json_object();
  json_object_set_new(args, key, val);
  json_object_set_new(e, "args", args);
  return e;
}

/* Track of an instance: its pipe, or the scalar unit. */
static uint32_t track(const mdl_inst *in, bool scalar) {
  if (scalar || in->pipe >= MDL_NPIPE)
    return TID_SCALAR;
  return in->pipe;
}

static void accesses(const mdl_kernel *k, const mdl_inst *in, char *buf,
                     size_t n) {
  size_t w = 0;
  buf[0] = 0;
  for (uint32_t a = 0; a < in->nacc && w < n; a++) {
    const mdl_access *x = mdl_access_at(k, in->acc_first + a);
    const char *mode = x->mode == 3 ? "RW" : x->mode == 2 ? "W" : "R";
    int m;
    if (x->hi == INT64_MAX)
      m = snprintf(buf + w, n - w, "%s%s %s%s[0x%llx, end)", w ? ", " : "",
                   mode, mdl_memory_at(k, x->mem)->name, x->sym ? "+sym" : "",
                   (unsigned long long)x->lo);
    else
      m = snprintf(buf + w, n - w, "%s%s %s%s[0x%llx, 0x%llx)", w ? ", " : "",
                   mode, mdl_memory_at(k, x->mem)->name, x->sym ? "+sym" : "",
                   (unsigned long long)x->lo, (unsigned long long)x->hi);
    if (m < 0)
      break;
    w += (size_t)m;
  }
}

/* Where an instance is drawn, before lanes: its pipe, or the scalar unit
** for the waits that stop it. */
static uint32_t base_track(const mdl_kernel *k, const mdl_inst *in) {
  const mdl_profile *pr = k->prof;
  bool scalar = (in->kind == MDL_I_BWAIT &&
                 (pr->xcore_wait_scalar || in->pipe == MDL_PIPE_S)) ||
                in->kind == MDL_I_SYNC_ALL ||
                (in->kind == MDL_I_BARRIER && in->pipe == MDL_PIPE_ALL);
  return track(in, scalar);
}

/* The end drawn for instance i: a wait never released runs to the end. */
static int64_t drawn_end(const sim_result *r, uint32_t i) {
  int64_t end = r->end[i] >= 0 ? r->end[i] : r->total;
  return end < r->start[i] ? r->start[i] : end;
}

typedef struct {
  int64_t start, end;
  uint32_t key; /* core * NTRACK + base track */
  uint32_t inst;
} slot;

static int slot_cmp(const void *x, const void *y) {
  const slot *a = x, *b = y;
  if (a->key != b->key)
    return a->key < b->key ? -1 : 1;
  if (a->start != b->start)
    return a->start < b->start ? -1 : 1;
  if (a->end != b->end)
    return a->end < b->end ? -1 : 1;
  return a->inst < b->inst ? -1 : a->inst > b->inst;
}

/* Lane of every drawn instance (tid = base track + NTRACK * lane): first
** fit over the slices of one (core, track) in start order, each lane
** taking a slice only once its previous one has ended, so the slices of
** a lane are disjoint (the fewest lanes that achieve it).  OUT: tid[i],
** and per (core, track) the lanes used.  Returns 0 or -1 (memory). */
static int assign_lanes(const mdl_kernel *k, const sim_result *r,
                        uint32_t *tid, uint32_t nlanes[3][NTRACK]) {
  slot *sl = malloc((r->n ? r->n : 1) * sizeof *sl);
  int64_t *last = malloc((r->n ? r->n : 1) * sizeof *last);
  if (!sl || !last) {
    free(sl);
    free(last);
    return -1;
  }
  uint32_t m = 0;
  for (uint32_t i = 0; i < r->n; i++) {
    if (r->start[i] < 0)
      continue;
    const mdl_inst *in = mdl_inst_at(k, i);
    sl[m++] = (slot){r->start[i], drawn_end(r, i),
                     in->core * NTRACK + base_track(k, in), i};
  }
  qsort(sl, m, sizeof *sl, slot_cmp);
  for (uint32_t j = 0, g; j < m; j = g) {
    uint32_t used = 0, key = sl[j].key;
    for (g = j; g < m && sl[g].key == key; g++) {
      uint32_t l = 0;
      while (l < used && last[l] > sl[g].start)
        l++;
      if (l == used)
        used++;
      last[l] = sl[g].end;
      tid[sl[g].inst] = key % NTRACK + NTRACK * l;
    }
    nlanes[key / NTRACK][key % NTRACK] = used;
  }
  free(sl);
  free(last);
  return 0;
}

/* The trace events, written one by one as they are made (a kernel of a
** million instructions has millions: the file, not a tree of them in
** memory; --max-memory-mb), into the array the caller opened. */
typedef struct {
  FILE *out;
  uint64_t n;                  /* events written */
  bool err;
} evw;

static void put(evw *w, json_t *e) {
  if (!e || (w->n++ && fputc(',', w->out) == EOF) ||
      json_dumpf(e, w->out, JSON_COMPACT))
    w->err = true;
  json_decref(e);
}

static void thread_meta(const mdl_kernel *k, evw *ev, uint32_t c,
                        uint32_t q, uint32_t lanes) {
  if (q < MDL_NPIPE &&
      !mdl_core_has_pipe(k->prof, k->cores[c].type, (mdl_pipe)q))
    return;
  const char *nm = q == TID_SCALAR ? "scalar unit (issue)"
                                   : mdl_pipe_name((mdl_pipe)q);
  for (uint32_t l = 0; l < (lanes ? lanes : 1); l++) {
    char buf[64];
    if (l)
      snprintf(buf, sizeof buf, "%s (lane %u)", nm, l + 1);
    else
      snprintf(buf, sizeof buf, "%s", nm);
    uint32_t t = q + NTRACK * l;
    put(ev, meta("thread_name", c, t, "name",
                                   json_string(buf)));
    put(ev, meta("thread_sort_index", c, t, "sort_index",
                                   json_integer(q * 64 + l)));
  }
}

static json_t *slice(const mdl_kernel *k, const sim_result *r, uint32_t i,
                     uint32_t tid) {
  const mdl_inst *in = mdl_inst_at(k, i);
  json_t *e = json_object();
  json_object_set_new(e, "name", json_string(sim_op_name(k, i)));
  json_object_set_new(e, "cat", json_string(in->kind == MDL_I_OP ? "op"
                                                                : "sync"));
  json_object_set_new(e, "ph", json_string("X"));
  json_object_set_new(e, "ts", usec(r->start[i]));
  json_object_set_new(e, "dur", usec(drawn_end(r, i) - r->start[i]));
  json_object_set_new(e, "pid", json_integer(in->core));
  json_object_set_new(e, "tid", json_integer(tid));
  json_t *args = json_object();
  char buf[512];
  json_object_set_new(args, "instance", json_integer(i));
  /* the schedule in cycles, as the figures give it */
  json_object_set_new(args, "start_cycle", json_integer(r->start[i]));
  json_object_set_new(args, "end_cycle", json_integer(drawn_end(r, i)));
  snprintf(buf, sizeof buf, "%u:%u", in->loc.line, in->loc.col);
  json_object_set_new(args, "loc", json_string(buf));
  mdl_inst_where(k, in, buf, sizeof buf);
  json_object_set_new(args, "where", json_string(buf));
  if (r->issue[i] >= 0)
    json_object_set_new(args, "issued", json_integer(r->issue[i]));
  if (in->nacc) {
    accesses(k, in, buf, sizeof buf);
    json_object_set_new(args, "accesses", json_string(buf));
  }
  if (in->kind != MDL_I_OP && in->kind != MDL_I_BARRIER &&
      in->kind != MDL_I_SYNC_ALL)
    json_object_set_new(args, "id", json_integer(in->id));
  if (r->end[i] < 0)
    json_object_set_new(args, "stuck", json_true());
  json_object_set_new(e, "args", args);
  return e;
}

static json_t *flow(const char *ph, uint32_t id, int64_t t, uint32_t pid,
                    uint32_t tid) {
  json_t *f = json_object();
  json_object_set_new(f, "name", json_string("flag"));
  json_object_set_new(f, "cat", json_string("sync"));
  json_object_set_new(f, "ph", json_string(ph));
  if (ph[0] == 'f')
    json_object_set_new(f, "bp", json_string("e"));
  json_object_set_new(f, "id", json_integer(id));
  json_object_set_new(f, "ts", usec(t));
  json_object_set_new(f, "pid", json_integer(pid));
  json_object_set_new(f, "tid", json_integer(tid));
  return f;
}

static json_t *other_data(const mdl_kernel *k, const sim_result *r) {
  json_t *other = json_object();
  json_object_set_new(other, "kernel", json_string(k->name));
  json_object_set_new(other, "arch", json_string(k->prof->name));
  json_object_set_new(other, "time_unit",
                      json_string("1 cycle = 1 ns (ts and dur in "
                                  "microseconds = cycles / 1000)"));
  json_object_set_new(other, "total_cycles", json_integer(r->total));
  return other;
}

int sim_trace_write(const mdl_kernel *k, const sim_result *r, FILE *out) {
  if (!r->start || r->n != k->insts.len)
    return -1;
  uint32_t *tid = malloc((r->n ? r->n : 1) * sizeof *tid);
  uint32_t nlanes[3][NTRACK];
  memset(nlanes, 0, sizeof nlanes);
  if (!tid || assign_lanes(k, r, tid, nlanes)) {
    free(tid);
    return -1;
  }
  /* {"traceEvents":[...],"displayTimeUnit":"ns","otherData":{...}} as
     jansson writes it compact */
  evw w = {out, 0, fputs("{\"traceEvents\":[", out) == EOF};
  for (uint32_t c = 0; c < k->ncores; c++) {
    put(&w, meta("process_name", c, 0, "name",
                 json_string(k->cores[c].label)));
    put(&w, meta("process_sort_index", c, 0, "sort_index",
                 json_integer(c)));
    for (uint32_t q = 0; q < NTRACK; q++)
      thread_meta(k, &w, c, q, nlanes[c][q]);
  }
  for (uint32_t i = 0; i < r->n; i++) {
    if (r->start[i] < 0)
      continue;
    const mdl_inst *in = mdl_inst_at(k, i);
    put(&w, slice(k, r, i, tid[i]));
    /* flow from the releasing set to this wait, on the lanes of both */
    uint32_t s = r->released_by ? r->released_by[i] : SIM_NONE;
    if (s != SIM_NONE && r->start[s] >= 0 && r->end[i] >= 0) {
      put(&w, flow("s", i, r->start[s], mdl_inst_at(k, s)->core, tid[s]));
      put(&w, flow("f", i, r->end[i], in->core, tid[i]));
    }
  }
  free(tid);
  w.err |= fputs("],\"displayTimeUnit\":\"ns\",\"otherData\":", out) == EOF;
  json_t *other = other_data(k, r);
  w.err |= !other || json_dumpf(other, out, JSON_COMPACT) != 0;
  json_decref(other);
  w.err |= fputs("}\n", out) == EOF;
  return w.err ? -1 : 0;
}
