/*
** sim_trace.c -- the schedule of a run as a Chrome/Perfetto trace (the
** Trace Event Format, JSON object form): one process per core, one
** thread per pipe (plus the scalar issue unit), every instruction a
** complete event ("X", ts/dur in cycles), every set -> wait release a
** flow ("s" at the set, "f" at the wait).  Written with jansson.
*/
#include "sim_int.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#define TID_SCALAR MDL_NPIPE /* the scalar issue unit's own track */

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

int sim_trace_write(const mdl_kernel *k, const sim_result *r, FILE *out) {
  if (!r->start || r->n != k->insts.len)
    return -1;
  json_t *ev = json_array();
  for (uint32_t c = 0; c < k->ncores; c++) {
    json_array_append_new(ev, meta("process_name", c, 0, "name",
                                   json_string(k->cores[c].label)));
    json_array_append_new(ev, meta("process_sort_index", c, 0, "sort_index",
                                   json_integer(c)));
    for (uint32_t q = 0; q <= TID_SCALAR; q++) {
      if (q < MDL_NPIPE &&
          !mdl_core_has_pipe(k->prof, k->cores[c].type, (mdl_pipe)q))
        continue;
      const char *nm = q == TID_SCALAR ? "scalar unit (issue)"
                                       : mdl_pipe_name((mdl_pipe)q);
      json_array_append_new(ev, meta("thread_name", c, q, "name",
                                     json_string(nm)));
      json_array_append_new(ev, meta("thread_sort_index", c, q, "sort_index",
                                     json_integer(q)));
    }
  }
  const mdl_profile *pr = k->prof;
  for (uint32_t i = 0; i < r->n; i++) {
    if (r->start[i] < 0)
      continue;
    const mdl_inst *in = mdl_inst_at(k, i);
    bool scalar = (in->kind == MDL_I_BWAIT &&
                   (pr->xcore_wait_scalar || in->pipe == MDL_PIPE_S)) ||
                  in->kind == MDL_I_SYNC_ALL ||
                  (in->kind == MDL_I_BARRIER && in->pipe == MDL_PIPE_ALL);
    int64_t end = r->end[i] >= 0 ? r->end[i] : r->total;
    if (end < r->start[i])
      end = r->start[i];
    json_t *e = json_object();
    json_object_set_new(e, "name", json_string(sim_op_name(k, i)));
    json_object_set_new(e, "cat", json_string(in->kind == MDL_I_OP ? "op"
                                                                  : "sync"));
    json_object_set_new(e, "ph", json_string("X"));
    json_object_set_new(e, "ts", json_integer(r->start[i]));
    json_object_set_new(e, "dur", json_integer(end - r->start[i]));
    json_object_set_new(e, "pid", json_integer(in->core));
    json_object_set_new(e, "tid", json_integer(track(in, scalar)));
    json_t *args = json_object();
    char buf[512];
    json_object_set_new(args, "instance", json_integer(i));
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
    json_array_append_new(ev, e);
    /* flow from the releasing set to this wait */
    uint32_t s = r->released_by ? r->released_by[i] : SIM_NONE;
    if (s != SIM_NONE && r->start[s] >= 0 && r->end[i] >= 0) {
      const mdl_inst *si = mdl_inst_at(k, s);
      json_t *fs = json_object(), *ff = json_object();
      json_object_set_new(fs, "name", json_string("flag"));
      json_object_set_new(fs, "cat", json_string("sync"));
      json_object_set_new(fs, "ph", json_string("s"));
      json_object_set_new(fs, "id", json_integer(i));
      json_object_set_new(fs, "ts", json_integer(r->start[s]));
      json_object_set_new(fs, "pid", json_integer(si->core));
      json_object_set_new(fs, "tid", json_integer(track(si, false)));
      json_object_set_new(ff, "name", json_string("flag"));
      json_object_set_new(ff, "cat", json_string("sync"));
      json_object_set_new(ff, "ph", json_string("f"));
      json_object_set_new(ff, "bp", json_string("e"));
      json_object_set_new(ff, "id", json_integer(i));
      json_object_set_new(ff, "ts", json_integer(r->end[i]));
      json_object_set_new(ff, "pid", json_integer(in->core));
      json_object_set_new(ff, "tid", json_integer(track(in, scalar)));
      json_array_append_new(ev, fs);
      json_array_append_new(ev, ff);
    }
  }
  json_t *root = json_object();
  json_object_set_new(root, "traceEvents", ev);
  json_object_set_new(root, "displayTimeUnit", json_string("ns"));
  json_t *other = json_object();
  json_object_set_new(other, "kernel", json_string(k->name));
  json_object_set_new(other, "arch", json_string(pr->name));
  json_object_set_new(other, "time_unit",
                      json_string("1 trace microsecond = 1 cycle"));
  json_object_set_new(other, "total_cycles", json_integer(r->total));
  json_object_set_new(root, "otherData", other);
  int rc = json_dumpf(root, out, JSON_COMPACT) ? -1 : 0;
  if (!rc && fputc('\n', out) == EOF)
    rc = -1;
  json_decref(root);
  return rc;
}
