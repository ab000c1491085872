/*
** sim_cost.c -- the simulator's cost table: defaults (docs/simulator.md
** gives the source of each figure), "key = value" overrides, and the
** nominal duration of an instruction: a start-up per path plus bytes /
** bandwidth (mmad: multiply-accumulates / rate).
*/
#include "sim.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const path_names[SIM_NPATH] = {
#define X(e, s) s,
    SIM_PATHS(X)
#undef X
};

void sim_costs_default(sim_costs *c) {
  memset(c, 0, sizeof *c);
  /* GM <-> local moves: HBM latency, per-core share of HBM bandwidth */
  c->startup[SIM_PATH_MTE2] = 100;
  c->bw[SIM_PATH_MTE2] = 64;
  c->startup[SIM_PATH_MTE3] = 100;
  c->bw[SIM_PATH_MTE3] = 64;
  /* L1 -> L0A/L0B */
  c->startup[SIM_PATH_MTE1] = 10;
  c->bw[SIM_PATH_MTE1] = 256;
  /* L0C -> GM/L1/UB through the fixpipe */
  c->startup[SIM_PATH_FIX] = 20;
  c->bw[SIM_PATH_FIX] = 128;
  /* vector unit: one 256-byte repeat per cycle */
  c->startup[SIM_PATH_V] = 8;
  c->bw[SIM_PATH_V] = 256;
  /* cube: 16x16x16 fp16 multiply-accumulates per cycle */
  c->startup[SIM_PATH_M] = 10;
  c->bw[SIM_PATH_M] = 4096;
  /* scalar loads/stores: UB, and GM through the scalar cache miss path */
  c->startup[SIM_PATH_S] = 2;
  c->bw[SIM_PATH_S] = 8;
  c->startup[SIM_PATH_S_GM] = 100;
  c->bw[SIM_PATH_S_GM] = 8;
  c->issue = 1;
  c->flag_latency = 2;
  c->xcore_latency = 20;
  c->barrier = 1;
  c->default_bytes = 512;
  c->queue_depth = 32;
}

int sim_costs_set(sim_costs *c, const char *key, double v) {
  if (!(v >= 0) || v > 1e12)
    return -1;
  for (int p = 0; p < SIM_NPATH; p++) {
    size_t n = strlen(path_names[p]);
    if (strncmp(key, path_names[p], n) || key[n] != '.')
      continue;
    if (!strcmp(key + n + 1, "startup")) {
      c->startup[p] = v;
      return 0;
    }
    if (!strcmp(key + n + 1, "bw")) {
      if (v <= 0)
        return -1;
      c->bw[p] = v;
      return 0;
    }
    return -1;
  }
  if (!strcmp(key, "issue"))
    c->issue = v;
  else if (!strcmp(key, "flag_latency"))
    c->flag_latency = v;
  else if (!strcmp(key, "xcore_latency"))
    c->xcore_latency = v;
  else if (!strcmp(key, "barrier"))
    c->barrier = v;
  else if (!strcmp(key, "default_bytes"))
    c->default_bytes = v;
  else if (!strcmp(key, "queue_depth")) {
    if (v != floor(v) || v > 1e6)
      return -1;
    c->queue_depth = (uint32_t)v;
  } else
    return -1;
  return 0;
}

/* The [*b, *e) of text without its blanks at both ends. */
static void trim(const char **b, const char **e) {
  while (*b < *e && (**b == ' ' || **b == '\t'))
    (*b)++;
  while (*e > *b && ((*e)[-1] == ' ' || (*e)[-1] == '\t' ||
                     (*e)[-1] == '\r'))
    (*e)--;
}

/* One line [l, e) of a cost file over c: blank, a comment, or key =
** value.  Returns 0, or -1 with the message in err and the column (from
** 1) of what is wrong in *col. */
static int cost_line(sim_costs *c, const char *l, const char *e,
                     uint32_t *col, char *err, size_t n) {
  const char *hash = memchr(l, '#', (size_t)(e - l));
  const char *kb = l, *ke = hash ? hash : e;
  trim(&kb, &ke);
  if (kb == ke)
    return 0;
  *col = (uint32_t)(kb - l) + 1;
  const char *eq = memchr(kb, '=', (size_t)(ke - kb));
  if (!eq) {
    snprintf(err, n, "expected 'key = value'");
    return -1;
  }
  const char *vb = eq + 1, *ve = ke, *ee = eq;
  trim(&vb, &ve);
  trim(&kb, &ee);
  char *key = mdl_strprintf("%.*s", (int)(ee - kb), kb);
  char *val = mdl_strprintf("%.*s", (int)(ve - vb), vb), *end;
  errno = 0;
  double v = strtod(val, &end);
  int rc = 0;
  if (!*val || *end || errno) {
    *col = (uint32_t)(vb - l) + 1;
    snprintf(err, n, "'%s' is not a number", val);
    rc = -1;
  } else if (sim_costs_set(c, key, v)) {
    snprintf(err, n, "unknown key or bad value: %s = %s", key, val);
    rc = -1;
  }
  free(key);
  free(val);
  return rc;
}

int sim_costs_parse(sim_costs *c, const char *text, size_t len,
                    uint32_t *line, uint32_t *col, char *err, size_t n) {
  const char *nul = memchr(text, 0, len);
  if (nul) { /* (/dev/zero, a binary file: never a line of text) */
    *line = 1;
    for (const char *p = text; p < nul; p++)
      *line += *p == '\n';
    const char *bol = nul;
    while (bol > text && bol[-1] != '\n')
      bol--;
    *col = (uint32_t)(nul - bol) + 1;
    snprintf(err, n, "a NUL byte: a cost file is text");
    return -1;
  }
  *line = 0;
  for (const char *l = text, *end = text + len; l < end;) {
    const char *e = memchr(l, '\n', (size_t)(end - l));
    if (!e)
      e = end;
    ++*line;
    if (cost_line(c, l, e, col, err, n))
      return -1;
    l = e + 1;
  }
  return 0;
}

/* Bytes of the finite accesses of an instance with the given mode. */
static double acc_bytes(const mdl_kernel *k, const mdl_inst *in, int mode,
                        bool largest) {
  double sum = 0, mx = 0;
  for (uint32_t a = 0; a < in->nacc; a++) {
    const mdl_access *x = mdl_access_at(k, in->acc_first + a);
    if (!(x->mode & mode) || x->hi == INT64_MAX || x->hi <= x->lo)
      continue;
    double b = (double)(x->hi - x->lo);
    sum += b;
    if (b > mx)
      mx = b;
  }
  return largest ? mx : sum;
}

static bool touches_gm(const mdl_kernel *k, const mdl_inst *in) {
  for (uint32_t a = 0; a < in->nacc; a++) {
    const mdl_access *x = mdl_access_at(k, in->acc_first + a);
    if (mdl_memory_at(k, x->mem)->space == MDL_SPACE_GM)
      return true;
  }
  return false;
}

/* Multiply-accumulates of an mmad: inputs A (MxK) and B (KxN) in fp16,
** output C (MxN) in fp32, square output tile: M = N = sqrt(C / 4),
** K = (A + B) / (2 (M + N)).  The input bytes come from the macro op's
** MTE1 part when the M part reads whole L0 buffers. */
static double mmad_macs(const mdl_kernel *k, const mdl_inst *in) {
  double c = acc_bytes(k, in, MDL_ACC_WRITE, false);
  double ab = acc_bytes(k, in, MDL_ACC_READ, false);
  if (in->after != ~0u)
    ab = acc_bytes(k, mdl_inst_at(k, in->after), MDL_ACC_READ, false);
  if (c <= 0 || ab <= 0)
    return -1;
  double m = sqrt(c / 4);
  double kk = ab / (2 * (m + m));
  return m * m * kk;
}

double sim_op_cost(const mdl_kernel *k, const sim_costs *c, uint32_t inst) {
  const mdl_inst *in = mdl_inst_at(k, inst);
  sim_path p;
  double work;
  switch (in->pipe) {
  case MDL_PIPE_MTE2: p = SIM_PATH_MTE2; break;
  case MDL_PIPE_MTE3: p = SIM_PATH_MTE3; break;
  case MDL_PIPE_MTE1: p = SIM_PATH_MTE1; break;
  case MDL_PIPE_FIX: p = SIM_PATH_FIX; break;
  case MDL_PIPE_V: p = SIM_PATH_V; break;
  case MDL_PIPE_M: p = SIM_PATH_M; break;
  default: p = touches_gm(k, in) ? SIM_PATH_S_GM : SIM_PATH_S; break;
  }
  if (p == SIM_PATH_M) {
    work = mmad_macs(k, in);
    if (work < 0)
      work = c->default_bytes / 4 * 16; /* a 16-deep product per element */
  } else if (p == SIM_PATH_V) {
    work = acc_bytes(k, in, MDL_ACC_READ | MDL_ACC_WRITE, true);
  } else if (p == SIM_PATH_S || p == SIM_PATH_S_GM) {
    work = acc_bytes(k, in, MDL_ACC_READ | MDL_ACC_WRITE, true);
  } else {
    /* a move: the bytes it delivers, else the bytes it reads */
    work = acc_bytes(k, in, MDL_ACC_WRITE, false);
    if (work <= 0)
      work = acc_bytes(k, in, MDL_ACC_READ, false);
  }
  if (work <= 0)
    work = c->default_bytes;
  double d = c->startup[p] + work / c->bw[p];
  return d < 1 ? 1 : d;
}
