/*
** fe_asc_eval.c -- expressions of the Ascend C extraction: integer
** constants fold, everything that depends on a kernel argument, a tiling
** field, a block index or a build macro is a symbolic scalar (a value of
** the function being built, as the HIVM frontend's kernel arguments are),
** and names resolve through the scope stack, the fields of `this`, the
** file's constants and the library's (pipes, events, positions).
*/
#include "fe_asc_x.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------ locations and text */

mdl_loc fe_asc_loc_in(const fe_asc_unit *u, TSNode n) {
  uint32_t f = 0, line = 1, col = 1;
  if (!ts_node_is_null(n))
    fe_asc_locate(u, ts_node_start_byte(n), &f, &line, &col);
  return (mdl_loc){line, col};
}

mdl_loc fe_asc_loc(const fe_asc_ctx *x, TSNode n) {
  uint32_t f = 0, line = 1, col = 1;
  if (!ts_node_is_null(n))
    fe_asc_locate(x->u, ts_node_start_byte(n), &f, &line, &col);
  mdl_loc l = {line, col, 0, 0};
  if (f) { /* an included header: its index in the kernel's file table */
    uint32_t i = mdl_b_file(x->bd.k, MDL_VEC_AT(x->u->files, fe_asc_file,
                                                f).path);
    l.file = i == MDL_B_NONE ? 0 : i & (MDL_LOC_MAX_FILES - 1);
  }
  l.chain = x->chain & (MDL_LOC_MAX_CHAINS - 1); /* the calls inlined */
  return l;
}

const char *fe_asc_text(fe_asc_ctx *x, TSNode n) {
  if (ts_node_is_null(n))
    return "";
  uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
  if (b > x->u->len)
    b = x->u->len;
  return mdl_strdup(x->bd.k->arena, x->u->text + a, a < b ? b - a : 0);
}

bool fe_asc_is(const fe_asc_ctx *x, TSNode n, const char *s) {
  uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
  size_t m = strlen(s);
  return b - a == m && memcmp(x->u->text + a, s, m) == 0;
}

static void vdiag(fe_asc_ctx *x, TSNode n, mdl_rule r, mdl_severity sev,
                  const char *fmt, va_list ap) {
  uint32_t f = 0, line = 1, col = 1;
  if (!ts_node_is_null(n))
    fe_asc_locate(x->u, ts_node_start_byte(n), &f, &line, &col);
  char msg[512];
  vsnprintf(msg, sizeof msg, fmt, ap);
  const char *path = MDL_VEC_AT(x->u->files, fe_asc_file, f).path;
  /* the same message at the same place once (loops unrolled, two cores) */
  for (uint32_t i = 0; i < x->diags->items.len; i++) {
    const mdl_diag *d = &MDL_VEC_AT(x->diags->items, mdl_diag, i);
    if (d->line == line && d->col == col && !strcmp(d->file, path) &&
        !strcmp(d->message, msg))
      return;
  }
  mdl_diag_add(x->diags, r, sev, path, NULL, line, col, "%s", msg);
}

void fe_asc_warn(fe_asc_ctx *x, TSNode n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag(x, n, MDL_RULE_UNSUPPORTED, MDL_SEV_WARNING, fmt, ap);
  va_end(ap);
}

void fe_asc_error(fe_asc_ctx *x, TSNode n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag(x, n, MDL_RULE_SYNTAX, MDL_SEV_ERROR, fmt, ap);
  va_end(ap);
  x->failed = true;
}

void fe_asc_unsupported(fe_asc_ctx *x, TSNode n, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fe_asc_warn(x, n, "%s: the kernel's verdict is unknown", msg);
  if (!x->unknown) {
    mdl_loc l = fe_asc_loc(x, n);
    snprintf(x->unknown_why, sizeof x->unknown_why, "%.400s (at %u:%u)", msg,
             l.line, l.col);
  }
  x->unknown = true;
  x->n_unsup++;
}

const char *fe_asc_last_name(fe_asc_ctx *x, TSNode n) {
  for (int guard = 0; guard < 64 && !ts_node_is_null(n); guard++) {
    const char *t = ts_node_type(n);
    if (!strcmp(t, "qualified_identifier"))
      n = fe_asc_child(n, "name");
    else if (!strcmp(t, "template_function") || !strcmp(t, "template_type") ||
             !strcmp(t, "template_method"))
      n = fe_asc_child(n, "name");
    else if (!strcmp(t, "type_descriptor"))
      n = fe_asc_child(n, "type");
    else if (!strcmp(t, "field_expression"))
      n = fe_asc_child(n, "field");
    else if (!strcmp(t, "destructor_name"))
      return fe_asc_text(x, n);
    else
      break;
  }
  return fe_asc_text(x, n);
}

/* The original bytes behind output range [a, b) contain word? */
bool fe_asc_orig_has(const fe_asc_unit *u, uint32_t a, uint32_t b,
                     const char *word) {
  size_t wl = strlen(word);
  for (uint32_t off = a; off < b;) {
    const fe_asc_seg *s = fe_asc_seg_at(u, off);
    if (!s)
      return false;
    const fe_asc_file *f = &MDL_VEC_AT(u->files, fe_asc_file, s->file);
    uint32_t end = s->out + s->len < b ? s->out + s->len : b;
    uint32_t fa = s->off + (off - s->out), fb = s->off + (end - s->out);
    for (uint32_t i = fa; i + wl <= fb && i + wl <= f->len; i++)
      if (!memcmp(f->text + i, word, wl))
        return true;
    if (end <= off)
      return false;
    off = end;
  }
  return false;
}

/* ---------------------------------------------------------- values */

fe_asc_val fe_asc_int(int64_t i) {
  fe_asc_val v;
  memset(&v, 0, sizeof v);
  v.kind = FE_AV_INT;
  v.i = i;
  v.v = MDL_NOVAL;
  return v;
}

fe_asc_val fe_asc_unknown(void) {
  fe_asc_val v;
  memset(&v, 0, sizeof v);
  v.kind = FE_AV_UNKNOWN;
  v.v = MDL_NOVAL;
  return v;
}

static fe_asc_val sym(mdl_valref r) {
  fe_asc_val v = fe_asc_unknown();
  v.kind = FE_AV_SYM;
  v.v = r;
  return v;
}

bool fe_asc_const(const fe_asc_val *v, int64_t *out) {
  if (v->kind == FE_AV_INT || v->kind == FE_AV_PIPE) {
    *out = v->i;
    return true;
  }
  return false;
}

mdl_valref fe_asc_scalar(fe_asc_ctx *x, const fe_asc_val *v, mdl_loc loc) {
  switch (v->kind) {
  case FE_AV_INT:
  case FE_AV_PIPE:
    return mdl_b_const(&x->bd, v->i, loc);
  case FE_AV_SYM:
    return v->v;
  case FE_AV_UNKNOWN:
    return mdl_b_x(&x->bd, MDL_X_UNKNOWN, MDL_NOVAL, MDL_NOVAL, loc);
  default:
    return MDL_NOVAL;
  }
}

/* A symbolic atom: argument number argno named name (kernel argument,
** tiling field, build macro), non-negative as HIVM kernel arguments. */
int64_t fe_asc_atom_no(fe_asc_ctx *x, const char *key) {
  mdl_vec *ks = x->atom_keys;
  for (uint32_t i = 0; i < ks->len; i++)
    if (!strcmp(MDL_VEC_AT(*ks, char *, i), key))
      return 1000 + (int64_t)i;
  *(char **)mdl_vec_push(ks, sizeof(char *)) = mdl_strprintf("%s", key);
  return 1000 + (int64_t)ks->len - 1;
}

fe_asc_val fe_asc_atom(fe_asc_ctx *x, int64_t argno, const char *name,
                       mdl_loc loc) {
  return fe_asc_atom_ct(x, argno, name, loc, 0);
}

static mdl_stmt *atom_stmt(fe_asc_ctx *x, int64_t argno, const char *name,
                           mdl_loc loc) {
  if (argno < 0)
    argno = fe_asc_atom_no(x, name);
  mdl_valref r = mdl_b_value(&x->bd, name);
  mdl_stmt *s = mdl_b_scalar(&x->bd, MDL_X_ARG, r, MDL_NOVAL, MDL_NOVAL, loc);
  s->u.x.k = argno;
  s->cores = 0x3;
  return s;
}

fe_asc_val fe_asc_atom_ct(fe_asc_ctx *x, int64_t argno, const char *name,
                          mdl_loc loc, uint8_t ct) {
  mdl_stmt *s = atom_stmt(x, argno, name, loc);
  mdl_valref r = s->def;
  if (ct == FE_CT_PCHAR) { /* a char the kernel is given: -1 on a device
                              whose char is signed is 255 on one whose
                              char is unsigned; both are possible runs, in
                              [-256, 255], and it promotes to int */
    s->u.x.bits = 9;
    fe_asc_val v = sym(r);
    v.ct = 32;
    return v;
  }
  int w = fe_asc_ct_bits(ct);
  if (ct && w < 64 && (ct & FE_CT_UNSIGNED)) /* its range: model/mdl_val.c */
    s->u.x.zext = (uint8_t)w;
  else if (ct && w < 64)
    s->u.x.bits = (uint8_t)w;
  fe_asc_val v = sym(r);
  v.ct = ct;
  return v;
}

/* ------------------------------------------------ library constants */

typedef struct { const char *name; fe_asc_vkind kind; int64_t i, j; } lconst;

static const lconst LIBC[] = {
    {"PIPE_S", FE_AV_PIPE, MDL_PIPE_S, 0}, {"PIPE_V", FE_AV_PIPE, MDL_PIPE_V, 0},
    {"PIPE_M", FE_AV_PIPE, MDL_PIPE_M, 0},
    {"PIPE_MTE1", FE_AV_PIPE, MDL_PIPE_MTE1, 0},
    {"PIPE_MTE2", FE_AV_PIPE, MDL_PIPE_MTE2, 0},
    {"PIPE_MTE3", FE_AV_PIPE, MDL_PIPE_MTE3, 0},
    {"PIPE_FIX", FE_AV_PIPE, MDL_PIPE_FIX, 0},
    {"PIPE_ALL", FE_AV_PIPE, MDL_PIPE_ALL, 0},
    {"VECIN", FE_AV_POS, FE_POS_VECIN, 0}, {"VECOUT", FE_AV_POS, FE_POS_VECOUT, 0},
    {"VECCALC", FE_AV_POS, FE_POS_VECCALC, 0}, {"A1", FE_AV_POS, FE_POS_A1, 0},
    {"B1", FE_AV_POS, FE_POS_B1, 0}, {"C1", FE_AV_POS, FE_POS_C1, 0},
    {"A2", FE_AV_POS, FE_POS_A2, 0}, {"B2", FE_AV_POS, FE_POS_B2, 0},
    {"CO1", FE_AV_POS, FE_POS_CO1, 0}, {"CO2", FE_AV_POS, FE_POS_CO2, 0},
    {"C2", FE_AV_POS, FE_POS_C2, 0}, {"GM", FE_AV_POS, FE_POS_GM, 0},
    {"UB", FE_AV_POS, FE_POS_UB, 0}, {"L1", FE_AV_POS, FE_POS_L1, 0},
    {"L0A", FE_AV_POS, FE_POS_L0A, 0}, {"L0B", FE_AV_POS, FE_POS_L0B, 0},
    {"L0C", FE_AV_POS, FE_POS_L0C, 0},
    {"AIC", FE_AV_INT, 0, 0}, {"AIV", FE_AV_INT, 1, 0},
    {"true", FE_AV_INT, 1, 0}, {"false", FE_AV_INT, 0, 0},
    {"nullptr", FE_AV_INT, 0, 0}, {"NULL", FE_AV_INT, 0, 0},
};

/* HardEvent names: "MTE2_V" -> (MTE2, V); S_ / _S, FIX, MTE1 ...  The
** full list is library/kernel_event.h; every one is PIPEA_PIPEB. */
static bool hard_event(const char *name, fe_asc_val *out) {
  static const char *const pn[] = {"S", "V", "M", "MTE1", "MTE2", "MTE3",
                                   "FIX"};
  const char *us = strchr(name, '_');
  if (!us || strchr(us + 1, '_'))
    return false;
  int a = -1, b = -1;
  for (int p = 0; p < 7; p++) {
    if (strlen(pn[p]) == (size_t)(us - name) &&
        !strncmp(name, pn[p], (size_t)(us - name)))
      a = p;
    if (!strcmp(us + 1, pn[p]))
      b = p;
  }
  if (a < 0 || b < 0)
    return false;
  *out = fe_asc_unknown();
  out->kind = FE_AV_HEVT;
  out->i = a;
  out->j = b;
  return true;
}

bool fe_asc_libconst(const char *name, fe_asc_val *out) {
  for (size_t i = 0; i < sizeof LIBC / sizeof LIBC[0]; i++)
    if (!strcmp(LIBC[i].name, name)) {
      *out = fe_asc_unknown();
      out->kind = LIBC[i].kind;
      out->i = LIBC[i].i;
      out->j = LIBC[i].j;
      return true;
    }
  if (!strncmp(name, "EVENT_ID", 8) && name[8] >= '0' && name[8] <= '9' &&
      !name[9]) {
    *out = fe_asc_int(name[8] - '0');
    return true;
  }
  if (!strncmp(name, "PIPE_", 5)) {
    int p = mdl_pipe_parse(name, strlen(name));
    if (p >= 0) {
      *out = fe_asc_int(p);
      out->kind = FE_AV_PIPE;
      return true;
    }
  }
  return hard_event(name, out);
}

uint32_t fe_asc_sizeof(const char *t) {
  static const struct { const char *n; uint32_t s; } sz[] = {
      {"half", 2}, {"float", 4}, {"float16_t", 2}, {"bfloat16_t", 2},
      {"int8_t", 1}, {"uint8_t", 1}, {"int16_t", 2}, {"uint16_t", 2},
      {"int32_t", 4}, {"uint32_t", 4}, {"int64_t", 8}, {"uint64_t", 8},
      {"int", 4}, {"char", 1}, {"double", 8}, {"bool", 1}, {"short", 2},
      {"long", 8}, {"size_t", 8}, {"float32_t", 4}, {"int4b_t", 1},
      {"hifloat8_t", 1}, {"fp8_e4m3fn_t", 1}, {"fp8_e5m2_t", 1},
      {"unsigned", 4}};
  const char *c = strrchr(t, ':');
  if (c)
    t = c + 1;
  while (*t == ' ')
    t++;
  for (size_t i = 0; i < sizeof sz / sizeof sz[0]; i++)
    if (!strcmp(sz[i].n, t))
      return sz[i].s;
  return 0;
}

/* ----------------------------------------------------------- names */

fe_asc_var *fe_asc_var_find(fe_asc_ctx *x, const char *name) {
  for (uint32_t i = x->vars.len; i-- > 0;) {
    fe_asc_var *v = &MDL_VEC_AT(x->vars, fe_asc_var, i);
    if ((v->frame == x->frame || v->frame == 0) && !strcmp(v->name, name))
      return v;
  }
  return NULL;
}

void fe_asc_bind(fe_asc_ctx *x, const char *name, fe_asc_val val) {
  fe_asc_var *v = mdl_vec_push(&x->vars, sizeof *v);
  v->name = mdl_strdup(x->bd.k->arena, name, strlen(name));
  v->val = val;
  v->frame = x->frame;
}

fe_asc_field *fe_asc_field_find(fe_asc_obj *o, const char *name) {
  if (!o)
    return NULL;
  for (uint32_t i = 0; i < o->fields.len; i++) {
    fe_asc_field *f = &MDL_VEC_AT(o->fields, fe_asc_field, i);
    if (!strcmp(f->name, name))
      return f;
  }
  return NULL;
}

/* A build macro of the file (#define NAME value folds; one the build sets
** and the file does not define: one consistent unknown per name). */
static bool macro_value(fe_asc_ctx *x, const char *name, fe_asc_val *out) {
  const fe_asc_macro *m = fe_asc_macro_find(x->u, name);
  if (!m || m->function_like)
    return false;
  if (m->has_value) {
    *out = fe_asc_int(m->value);
    return true;
  }
  return false;
}

/* A name spelled like a macro (upper case, digits, '_') that nothing
** defines: a value the build sets (-DSCENARIO_NUM=2), one consistent
** unknown per name (ASCENDC.md, "Indices"). */
static bool build_macro(fe_asc_ctx *x, const char *name, fe_asc_val *out) {
  bool upper = false;
  for (const char *p = name; *p; p++) {
    if (!((*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
      return false; /* a plain identifier only (not F<1>::ID) */
    upper |= *p >= 'A' && *p <= 'Z';
  }
  if (!upper)
    return false;
  int64_t argno = fe_asc_atom_no(x, name);
  fe_asc_var *v = mdl_vec_push(&x->consts, sizeof *v);
  v->name = mdl_strdup(x->bd.k->arena, name, strlen(name));
  v->val = fe_asc_unknown();
  v->val.kind = FE_AV_SYM;
  v->val.v = MDL_NOVAL;
  v->val.i = argno;
  *out = fe_asc_atom(x, argno, name, fe_asc_loc(x, x->at));
  return true;
}

/* The value of a file-scope constant (constexpr/const/enum) declared
** anywhere in the file: evaluated on first use at file scope. */
static bool file_const(fe_asc_ctx *x, const char *name, fe_asc_val *out);
#define ABSENT (-7777) /* a consts entry: no file constant of that name */
#define AMBIGUOUS (-7778) /* ... several that differ: no value */

bool fe_asc_lookup(fe_asc_ctx *x, const char *name, fe_asc_val *out) {
  fe_asc_var *v = fe_asc_var_find(x, name);
  if (v) {
    *out = v->val;
    return true;
  }
  fe_asc_field *f = fe_asc_field_find(x->self, name); /* members shadow
                                                         the file's names */
  if (f) {
    *out = f->val;
    return true;
  }
  bool absent = false; /* known not to be a file constant */
  for (uint32_t i = 0; i < x->consts.len; i++)
    if (!strcmp(MDL_VEC_AT(x->consts, fe_asc_var, i).name, name)) {
      const fe_asc_val *cv = &MDL_VEC_AT(x->consts, fe_asc_var, i).val;
      if (cv->kind == FE_AV_UNKNOWN && cv->j == ABSENT) {
        absent = true;
        continue;
      }
      if (cv->kind == FE_AV_UNKNOWN && cv->j == AMBIGUOUS)
        return false;
      *out = *cv;
      if (out->kind == FE_AV_SYM && out->v == MDL_NOVAL) /* an atom: again
                              where it is used (same argno, same atom) */
        *out = fe_asc_atom(x, out->i, name, fe_asc_loc(x, x->at));
      return true;
    }
  /* the library's pipes and event ids first; the file's own constants
     before the library's other names (a file may call a constant L1) */
  if ((!strncmp(name, "PIPE_", 5) || !strncmp(name, "EVENT_ID", 8)) &&
      fe_asc_libconst(name, out))
    return true;
  if (macro_value(x, name, out))
    return true;
  x->ambiguous = false;
  if (!absent && file_const(x, name, out))
    return true;
  if (x->ambiguous)
    return false;
  if (fe_asc_libconst(name, out))
    return true;
  return build_macro(x, name, out);
}

/* The fixed underlying type of enum_specifier es: `enum E : uint8_t`,
** int for an `enum class` without one; 0: not fixed; -1: a type ksv
** does not read (an alias). */
static int enum_fixed(fe_asc_ctx *x, TSNode es) {
  TSNode base = fe_asc_child(es, "base");
  if (!ts_node_is_null(base))
    return fe_asc_ctype(x, base) ? fe_asc_ctype(x, base) : -1;
  uint32_t n = ts_node_child_count(es);
  for (uint32_t i = 0; i < n; i++) {
    const char *k = ts_node_type(ts_node_child(es, i));
    if (!strcmp(k, "class") || !strcmp(k, "struct"))
      return 32; /* scoped: int */
  }
  return 0;
}

/* The type an unscoped enum without a fixed type promotes to, of values
** lo..hi: the first of int, unsigned int, long, unsigned long that holds
** them all (C++ [conv.prom]). */
static uint8_t enum_promoted(int64_t lo, int64_t hi) {
  if (lo >= INT32_MIN && hi <= INT32_MAX)
    return 32;
  if (lo >= 0 && hi <= (int64_t)UINT32_MAX)
    return 32 | FE_CT_UNSIGNED;
  return 64;
}

/* A number, or its negation: a value that evaluates to nothing else. */
static bool is_literal(TSNode v) {
  if (!strcmp(ts_node_type(v), "unary_expression"))
    v = fe_asc_child(v, "argument");
  return !ts_node_is_null(v) && !strcmp(ts_node_type(v), "number_literal");
}

/* Enumerator name of enumerator_list l (the (*skip)-th of the name): its
** value, typed (fixed: converted to the type; else what the enum's values
** promote to, when every later value is a literal ksv reads; else 0). */
static bool enum_const(fe_asc_ctx *x, TSNode l, const char *name,
                       fe_asc_val *out, uint32_t *skip) {
  int fb = enum_fixed(x, ts_node_parent(l));
  uint8_t fixed = fb > 0 ? (uint8_t)fb : 0;
  int64_t next = 0, lo = 0, hi = 0;
  bool found = false, typed = fb >= 0; /* (an alias base: untyped) */
  uint32_t nc = ts_node_named_child_count(l);
  for (uint32_t i = 0; i < nc && !(found && (fixed || !typed)); i++) {
    TSNode e = ts_node_named_child(l, i);
    if (strcmp(ts_node_type(e), "enumerator"))
      continue;
    TSNode val = fe_asc_child(e, "value");
    if (!ts_node_is_null(val) && found && !is_literal(val)) {
      typed = false; /* a later value ksv would have to evaluate */
      break;
    }
    if (!ts_node_is_null(val)) {
      fe_asc_val vv = fe_asc_expr(x, val);
      if (vv.kind == FE_AV_INT)
        next = vv.i;
      else
        typed = false;
    }
    if (fixed)
      next = fe_asc_convert(x, fe_asc_int(next), fixed, e).i;
    lo = lo < next ? lo : next;
    hi = hi > next ? hi : next;
    if (!found && fe_asc_is(x, fe_asc_child(e, "name"), name) &&
        !(*skip)--) {
      *out = fe_asc_int(next);
      found = true;
    }
    next++;
  }
  if (found)
    out->ct = fixed ? fixed : typed ? enum_promoted(lo, hi) : 0;
  out->wu = found && !out->ct; /* (a type ksv does not work out) */
  return found;
}

/* Searches the tree for `constexpr T name = value;` / `const T name =
** value;` at namespace or class scope, or an enumerator name. */
static bool const_in(fe_asc_ctx *x, TSNode n, const char *name,
                     fe_asc_val *out, uint32_t *skip) {
  const char *t = ts_node_type(n);
  if (!strcmp(t, "enumerator_list"))
    return enum_const(x, n, name, out, skip);
  if (!strcmp(t, "declaration") || !strcmp(t, "field_declaration")) {
    /* converted to its declared C type (`constexpr uint32_t K =
       2147483647`: K + 1 is unsigned); a matching declarator is a plain
       name (fe_asc_is) */
    TSNode ty = fe_asc_child(n, "type");
    uint32_t nc = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < nc; i++) {
      TSNode d = ts_node_named_child(n, i);
      TSNode val = fe_asc_child(d, "value");
      TSNode dn = fe_asc_child(d, "declarator");
      if (!strcmp(ts_node_type(d), "init_declarator") && !ts_node_is_null(dn) &&
          fe_asc_is(x, dn, name) && !ts_node_is_null(val) && !(*skip)--) {
        *out = fe_asc_convert(x, fe_asc_expr(x, val), fe_asc_ctype(x, ty), d);
        return out->kind != FE_AV_UNKNOWN;
      }
    }
    TSNode dv = fe_asc_child(n, "default_value");
    TSNode dd = fe_asc_child(n, "declarator");
    if (!ts_node_is_null(dv) && !ts_node_is_null(dd) &&
        fe_asc_is(x, dd, name) && strstr(fe_asc_text(x, n), "const") &&
        !(*skip)--) {
      *out = fe_asc_convert(x, fe_asc_expr(x, dv), fe_asc_ctype(x, ty), n);
      return out->kind != FE_AV_UNKNOWN;
    }
    return false;
  }
  return false;
}

/* The (*skip)-th such constant of the file outside function bodies (the
** declarations of fe_asc_index, in document order). */
static bool find_const_in(fe_asc_ctx *x, const char *name, fe_asc_val *out,
                          uint32_t *skip) {
  fe_asc_index(x);
  for (uint32_t i = 0; i < x->idx_decls.len; i++)
    if (const_in(x, MDL_VEC_AT(x->idx_decls, TSNode, i), name, out, skip))
      return true;
  return false;
}

static bool file_const(fe_asc_ctx *x, const char *name, fe_asc_val *out) {
  if (x->depth >= FE_ASC_MAX_INLINE)
    return false;
  /* evaluated at file scope, guarded against `constexpr int a = a;` */
  uint32_t fr = x->frame;
  fe_asc_obj *self = x->self;
  x->frame = 0;
  x->self = NULL;
  x->depth++;
  uint32_t skip = 0;
  bool ok = find_const_in(x, name, out, &skip);
  fe_asc_val other;
  skip = 1;
  bool two = ok && find_const_in(x, name, &other, &skip);
  x->ambiguous = false; /* (nested look-ups above may have set it) */
  if (two && (other.kind != out->kind || other.i != out->i ||
              other.j != out->j))
    ok = false, x->ambiguous = true; /* two constants of the name
                   (template specialisations, namespaces) that differ: ksv
                   does not pick one, and it is no build macro either */
  x->depth--;
  x->frame = fr;
  x->self = self;
  fe_asc_var *v = mdl_vec_push(&x->consts, sizeof *v);
  v->name = mdl_strdup(x->bd.k->arena, name, strlen(name));
  if (ok) {
    v->val = *out;
  } else { /* remembered: the tree is not searched again for it */
    v->val = fe_asc_unknown();
    v->val.j = x->ambiguous ? AMBIGUOUS : ABSENT;
  }
  return ok;
}

/* ------------------------------------------------------ expressions */

static bool parse_number(const char *s, int64_t *out) {
  char buf[64];
  size_t n = 0;
  for (const char *p = s; *p && n + 1 < sizeof buf; p++)
    if (*p != '\'')
      buf[n++] = *p;
  buf[n] = 0;
  if (strchr(buf, '.') || ((buf[0] != '0' || (buf[1] != 'x' && buf[1] != 'X'))
                           && (strchr(buf, 'e') || strchr(buf, 'E'))))
    return false; /* floating point: not an index, an id or an extent */
  char *end;
  unsigned long long v = strtoull(buf, &end, 0);
  while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
    end++;
  if (*end)
    return false;
  *out = (int64_t)v;
  return true;
}

static bool cmp_of(const char *op, mdl_cmp *c) {
  static const struct { const char *s; mdl_cmp c; } t[] = {
      {"==", MDL_CMP_EQ}, {"!=", MDL_CMP_NE}, {"<", MDL_CMP_SLT},
      {"<=", MDL_CMP_SLE}, {">", MDL_CMP_SGT}, {">=", MDL_CMP_SGE}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (!strcmp(op, t[i].s)) {
      *c = t[i].c;
      return true;
    }
  return false;
}

static int xop_of(const char *op) {
  static const struct { const char *s; mdl_xop x; } t[] = {
      {"+", MDL_X_ADD}, {"-", MDL_X_SUB}, {"*", MDL_X_MUL}, {"/", MDL_X_DIVS},
      {"%", MDL_X_REMS}, {"&", MDL_X_AND}, {"|", MDL_X_OR}, {"^", MDL_X_XOR},
      {"<<", MDL_X_SHL}, {">>", MDL_X_SHRS}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (!strcmp(op, t[i].s))
      return (int)t[i].x;
  return -1;
}

/* The C type of a op b when both are typed (a shift: its left operand's
** promoted), with a and b converted to it and *xo made unsigned (/, %,
** >>) for an unsigned type; 0 otherwise (fe_asc_ctype.c). */
static uint8_t c_operands(fe_asc_ctx *x, const char *op, int *xo,
                          fe_asc_val *a, fe_asc_val *b, TSNode at) {
  bool shift = *xo == MDL_X_SHL || *xo == MDL_X_SHRS;
  uint8_t ct = !a->ct || !b->ct ? 0
               : shift         ? fe_asc_ct_common(a->ct, a->ct)
                               : fe_asc_ct_common(a->ct, b->ct);
  if (!ct)
    return 0;
  mdl_cmp c;
  if (cmp_of(op, &c) || !shift) {
    *a = fe_asc_convert(x, *a, ct, at);
    *b = fe_asc_convert(x, *b, ct, at);
  }
  if (ct & FE_CT_UNSIGNED)
    *xo = *xo == MDL_X_DIVS   ? MDL_X_DIVU
          : *xo == MDL_X_REMS ? MDL_X_REMU
          : *xo == MDL_X_SHRS ? MDL_X_SHRU
                              : *xo;
  return ct;
}

/* The comparison c in type ct: unsigned for an unsigned type (a uint64_t
** past 2^63 is negative in the model's 64 bits). */
static mdl_cmp c_cmp(mdl_cmp c, uint8_t ct) {
  if ((ct & FE_CT_UNSIGNED) && c >= MDL_CMP_SLT && c <= MDL_CMP_SGE)
    return (mdl_cmp)(c + (MDL_CMP_ULT - MDL_CMP_SLT));
  return c;
}

/* a op b on scalars (op a C operator); constants fold; typed operands in
** their C type (fe_asc_ctype.c). */
static fe_asc_val binop(fe_asc_ctx *x, const char *op, fe_asc_val a,
                        fe_asc_val b, TSNode at) {
  int64_t ca, cb;
  bool ka = fe_asc_const(&a, &ca), kb = fe_asc_const(&b, &cb);
  mdl_cmp c = MDL_CMP_EQ;
  int xo = xop_of(op);
  if (!strcmp(op, "&&") || !strcmp(op, "||")) {
    bool andop = op[0] == '&';
    if (ka && kb)
      return fe_asc_int(andop ? (ca && cb) : (ca || cb));
    if (ka)
      return andop ? (ca ? b : fe_asc_int(0)) : (ca ? fe_asc_int(1) : b);
    if (kb)
      return andop ? (cb ? a : fe_asc_int(0)) : (cb ? fe_asc_int(1) : a);
    xo = andop ? MDL_X_AND : MDL_X_OR; /* on 0/1 values */
  }
  uint8_t ct = 0;
  if (strcmp(op, "&&") && strcmp(op, "||")) {
    ct = c_operands(x, op, &xo, &a, &b, at);
    ka = fe_asc_const(&a, &ca);
    kb = fe_asc_const(&b, &cb);
  }
  bool uns = ct & FE_CT_UNSIGNED;
  /* an operand whose C type the source does not give (a GET_TILING_DATA
     field ...): exact where every type gives the same result */
  bool wu = !ct && (a.wu || b.wu) && strcmp(op, "&&") && strcmp(op, "||");
  int lim = fe_asc_wu_lim(a.wu && b.wu ? 0 : a.wu ? b.ct : a.ct);
  if (ka && kb && wu) {
    bool is_cmp = cmp_of(op, &c);
    int64_t r;
    if (!is_cmp && xo < 0)
      return fe_asc_unknown();
    if (!fe_asc_wu_fold(x, is_cmp ? -1 : xo, c, ca, cb, lim, at, &r))
      return fe_asc_unknown();
    fe_asc_val t = fe_asc_int(r);
    t.ct = is_cmp ? 32 : 0;
    t.wu = !is_cmp;
    return t;
  }
  if (ka && kb) {
    int64_t r;
    if (cmp_of(op, &c)) {
      fe_asc_val t = fe_asc_int(mdl_cmp_fold(c_cmp(c, ct), ca, cb));
      t.ct = ct ? 32 : 0;
      return t;
    }
    if (ct && xo >= 0) {
      if (!fe_asc_ct_fold(x, (mdl_xop)xo, ca, cb, ct, at, &r))
        return fe_asc_unknown();
      fe_asc_val t = fe_asc_int(r);
      t.ct = ct;
      return t;
    }
    if (xo >= 0 && mdl_xop_fold((mdl_xop)xo, ca, cb, &r))
      return fe_asc_int(r);
    return fe_asc_unknown();
  }
  if (a.kind == FE_AV_GTENSOR || a.kind == FE_AV_LTENSOR) {
    /* pointer arithmetic: x + n elements */
    if (!strcmp(op, "+") || !strcmp(op, "-")) {
      fe_asc_val r = a;
      fe_asc_val idx = b;
      if (op[0] == '-')
        idx = binop(x, "-", fe_asc_int(0), b, at);
      r.t = fe_asc_subtensor(x, &a.t, &idx, fe_asc_loc(x, at));
      return r;
    }
    return fe_asc_unknown();
  }
  mdl_loc loc = fe_asc_loc(x, at);
  mdl_valref va = fe_asc_scalar(x, &a, loc), vb = fe_asc_scalar(x, &b, loc);
  if (va == MDL_NOVAL || vb == MDL_NOVAL)
    return fe_asc_unknown();
  if (cmp_of(op, &c)) {
    mdl_stmt *s = mdl_b_scalar(&x->bd, MDL_X_CMP, mdl_b_value(&x->bd, NULL),
                               va, vb, loc);
    s->u.x.cmp = c_cmp(c, ct);
    s->u.x.wlim = wu ? (uint8_t)lim : 0;
    fe_asc_val t = sym(s->def);
    t.ct = ct || wu ? 32 : 0;
    return t;
  }
  if (xo < 0)
    return fe_asc_unknown();
  mdl_stmt *s = mdl_b_scalar(&x->bd, (mdl_xop)xo, MDL_NOVAL, va, vb, loc);
  s->def = mdl_b_value(&x->bd, NULL);
  s->u.x.wlim = wu ? (uint8_t)lim : 0;
  fe_asc_val t = sym(s->def);
  t.wu = wu;
  int w = fe_asc_ct_bits(ct);
  if (ct && xo != MDL_X_AND && xo != MDL_X_OR && xo != MDL_X_XOR) {
    /* in its type: unsigned wraps, signed overflow is undefined */
    if (uns && w < 64)
      s->u.x.zext = (uint8_t)w;
    else if (!uns) {
      s->u.x.bits = w < 64 ? (uint8_t)w : 0;
      s->u.x.cub = true;
    }
  }
  t.ct = ct;
  return t;
}

fe_asc_val fe_asc_expr_binop(fe_asc_ctx *x, const char *op, fe_asc_val a,
                             fe_asc_val b, TSNode at) {
  return binop(x, op, a, b, at);
}

fe_asc_val fe_asc_select(fe_asc_ctx *x, fe_asc_val c, fe_asc_val a,
                         fe_asc_val b, TSNode at) {
  int64_t k;
  if (fe_asc_const(&c, &k))
    return k ? a : b;
  if (a.kind == b.kind && a.kind == FE_AV_INT && a.i == b.i)
    return a;
  mdl_loc loc = fe_asc_loc(x, at);
  mdl_valref vc = fe_asc_scalar(x, &c, loc), va = fe_asc_scalar(x, &a, loc),
             vb = fe_asc_scalar(x, &b, loc);
  if (vc == MDL_NOVAL || va == MDL_NOVAL || vb == MDL_NOVAL) {
    if (a.kind == FE_AV_LTENSOR && b.kind == FE_AV_LTENSOR &&
        a.t.space == b.t.space) {
      fe_asc_val r = a; /* either of two buffers: the union, conservatively */
      r.t.whole = true;
      return r;
    }
    return fe_asc_unknown();
  }
  mdl_stmt *s = mdl_b_scalar(&x->bd, MDL_X_SELECT, mdl_b_value(&x->bd, NULL),
                             vc, va, loc);
  s->u.x.c = vb;
  fe_asc_val r = sym(s->def);
  r.wu = a.wu || b.wu;
  return r;
}

/* c ? a : b on a symbolic c: both converted to their common C type,
** which the result has (C11 6.5.15). */
static fe_asc_val typed_select(fe_asc_ctx *x, fe_asc_val c, fe_asc_val a,
                               fe_asc_val b, TSNode at) {
  uint8_t ct = fe_asc_ct_common(a.ct, b.ct);
  a = fe_asc_convert(x, a, ct, at);
  b = fe_asc_convert(x, b, ct, at);
  fe_asc_val r = fe_asc_select(x, c, a, b, at);
  if (r.kind == FE_AV_INT || r.kind == FE_AV_SYM)
    r.ct = ct;
  if (ct)
    r.wu = false;
  return r;
}

static fe_asc_val eval_binary(fe_asc_ctx *x, TSNode e) {
  TSNode l = fe_asc_child(e, "left");
  TSNode r = fe_asc_child(e, "right");
  TSNode o = fe_asc_child(e, "operator");
  const char *op = fe_asc_text(x, o);
  fe_asc_val a = fe_asc_expr(x, l);
  /* short circuit on a constant left side */
  int64_t k;
  if (fe_asc_const(&a, &k) && ((!strcmp(op, "&&") && !k) ||
                               (!strcmp(op, "||") && k)))
    return fe_asc_int(!strcmp(op, "||"));
  fe_asc_val b = fe_asc_expr(x, r);
  return binop(x, op, a, b, e);
}

static fe_asc_val eval_unary(fe_asc_ctx *x, TSNode e) {
  TSNode o = fe_asc_child(e, "operator");
  const char *op = fe_asc_text(x, o);
  fe_asc_val a = fe_asc_expr(x, fe_asc_child(e, "argument"));
  if (!strcmp(op, "+"))
    return a;
  fe_asc_val zero = fe_asc_int(0), ones = fe_asc_int(-1);
  zero.ct = ones.ct = 32; /* (int literals) */
  if (!strcmp(op, "-"))
    return binop(x, "-", zero, a, e);
  if (!strcmp(op, "!"))
    return binop(x, "==", a, fe_asc_int(0), e);
  if (!strcmp(op, "~"))
    return binop(x, "^", a, ones, e);
  return fe_asc_unknown();
}

static fe_asc_val eval_assign(fe_asc_ctx *x, TSNode e) {
  TSNode l = fe_asc_child(e, "left");
  TSNode o = fe_asc_child(e, "operator");
  fe_asc_val r = fe_asc_expr(x, fe_asc_child(e, "right"));
  const char *op = fe_asc_text(x, o);
  if (strcmp(op, "=")) {
    char bop[4] = {0};
    size_t n = strlen(op);
    memcpy(bop, op, n - 1 < 3 ? n - 1 : 3);
    r = binop(x, bop, fe_asc_expr(x, l), r, e);
  }
  fe_asc_assign(x, l, r);
  return r;
}

static fe_asc_val eval_update(fe_asc_ctx *x, TSNode e) {
  TSNode a = fe_asc_child(e, "argument");
  TSNode o = fe_asc_child(e, "operator");
  fe_asc_val old = fe_asc_expr(x, a), one = fe_asc_int(1);
  one.ct = 32;
  fe_asc_val nv = binop(x, fe_asc_is(x, o, "++") ? "+" : "-", old, one, e);
  fe_asc_assign(x, a, nv);
  /* prefix: the new value; postfix: the old one */
  return ts_node_start_byte(o) < ts_node_start_byte(a) ? nv : old;
}

static fe_asc_val tiling_field(fe_asc_ctx *x, const char *st, const char *fn,
                               TSNode at);
static fe_asc_val expr1(fe_asc_ctx *x, TSNode e);

/* (__ubuf__ T *)addr in the CCE spelling: a pointer into a local memory
** at byte addr, its extent given by the intrinsic that uses it (the
** address-space qualifier was blanked: read it from the original text). */
static fe_asc_val address_cast(fe_asc_ctx *x, TSNode ty, fe_asc_val a,
                               uint32_t elem, TSNode at) {
  static const struct { const char *q; mdl_space sp; fe_asc_pos pos; } t[] = {
      {"__ubuf__", MDL_SPACE_UB, FE_POS_VECCALC},
      {"__cbuf__", MDL_SPACE_L1, FE_POS_A1},
      {"__ca__", MDL_SPACE_L0A, FE_POS_A2},
      {"__cb__", MDL_SPACE_L0B, FE_POS_B2},
      {"__cc__", MDL_SPACE_L0C, FE_POS_CO1}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    /* from the cast's '(' to its type's end: the blanked qualifier */
    if (!fe_asc_orig_has(x->u, ts_node_start_byte(at), ts_node_end_byte(ty),
                         t[i].q))
      continue;
    fe_asc_val r = fe_asc_unknown();
    r.kind = FE_AV_LTENSOR;
    memset(&r.t, 0, sizeof r.t);
    r.t.space = t[i].sp;
    r.t.pos = t[i].pos;
    r.t.buf = x->base[t[i].sp];
    r.t.off_sym = MDL_NOVAL;
    r.t.bytes = -1;
    r.t.elem = elem;
    if (a.kind == FE_AV_INT)
      r.t.off = a.i;
    else
      r.t.off_sym = fe_asc_scalar(x, &a, fe_asc_loc(x, at));
    return r;
  }
  return fe_asc_unknown(); /* an integer made a pointer: memory ksv does
                              not follow */
}

/* Member arrays (catlass's `int32_t l1AEventList[STAGES]`,
** `LocalTensor<T> l0ATensorList[STAGES]`): element k of member a of
** object o is o's field "a[k]", made by the first store `a[k] = v` with a
** constant k (helper H, the header harness).  The owner an array lvalue
** names: `a` (a field of this no variable shadows), `this->a`, `obj.a`;
** NULL for anything else (locals keep the old reading). */
static fe_asc_obj *array_owner(fe_asc_ctx *x, TSNode arr, const char **name) {
  const char *t = ts_node_type(arr);
  if (!strcmp(t, "identifier") || !strcmp(t, "field_identifier")) {
    const char *n = fe_asc_text(x, arr);
    if (fe_asc_var_find(x, n) || !x->self || !fe_asc_field_find(x->self, n))
      return NULL;
    *name = n;
    return x->self;
  }
  if (!strcmp(t, "field_expression")) {
    fe_asc_val base =
        fe_asc_expr(x, ts_node_child_by_field_name(arr, "argument", 8));
    const char *n = fe_asc_last_name(x, arr);
    if (base.kind != FE_AV_OBJ || !fe_asc_field_find(base.o, n))
      return NULL;
    *name = n;
    return base.o;
  }
  return NULL;
}

static fe_asc_field *elem_field(fe_asc_ctx *x, fe_asc_obj *o,
                                const char *name, int64_t k, bool make) {
  char key[300];
  int n = snprintf(key, sizeof key, "%s[%lld]", name, (long long)k);
  fe_asc_field *f = fe_asc_field_find(o, key);
  if (!f && make) {
    f = mdl_vec_push(&o->fields, sizeof *f);
    f->name = mdl_strdup(x->bd.k->arena, key, (size_t)n);
  }
  return f;
}

/* The value of subscript e (index value *i) when it reads an element of a
** member array that has elements: a constant index its element; a
** symbolic one the select over elements 0..n-1 (an index past them is
** not a valid read).  False: not an array element (the caller goes on). */
static bool array_elem(fe_asc_ctx *x, TSNode e, const fe_asc_val *i,
                       fe_asc_val *r) {
  const char *an;
  fe_asc_obj *o =
      array_owner(x, ts_node_child_by_field_name(e, "argument", 8), &an);
  if (!o)
    return false;
  int64_t k;
  if (fe_asc_const(i, &k)) {
    fe_asc_field *f = elem_field(x, o, an, k, false);
    if (f)
      *r = f->val;
    return f != NULL;
  }
  if (i->kind != FE_AV_SYM)
    return false;
  int64_t n = 0;
  while (n < 64 && elem_field(x, o, an, n, false))
    n++;
  if (!n)
    return false;
  *r = elem_field(x, o, an, n - 1, false)->val;
  for (int64_t j = n - 1; j-- > 0;) {
    fe_asc_val c = binop(x, "==", *i, fe_asc_int(j), e);
    *r = fe_asc_select(x, c, elem_field(x, o, an, j, false)->val, *r, e);
  }
  return true;
}

/* A store a[i] = v into a member array: a constant index sets element i;
** any other forgets every element (they read as unknown from then on, so
** an event id from them is not computable rather than stale). */
static bool array_store(fe_asc_ctx *x, TSNode lhs, fe_asc_val v) {
  const char *an;
  fe_asc_obj *o =
      array_owner(x, ts_node_child_by_field_name(lhs, "argument", 8), &an);
  if (!o)
    return false;
  TSNode ix = ts_node_child_by_field_name(lhs, "indices", 7);
  fe_asc_val i = fe_asc_expr(x, ts_node_named_child(ix, 0));
  int64_t k;
  if (fe_asc_const(&i, &k) && k >= 0 && k < 64) {
    elem_field(x, o, an, k, true)->val = v;
    return true;
  }
  for (int64_t j = 0; j < 64; j++) {
    fe_asc_field *f = elem_field(x, o, an, j, false);
    if (f)
      f->val = fe_asc_unknown();
  }
  return true;
}

static fe_asc_val eval_field(fe_asc_ctx *x, TSNode e) {
  TSNode a = fe_asc_child(e, "argument");
  const char *fname = fe_asc_last_name(x, e);
  fe_asc_val base = fe_asc_expr(x, a);
  if (base.kind == FE_AV_OBJ) {
    fe_asc_field *f = fe_asc_field_find(base.o, fname);
    if (f)
      return f->val;
    if (base.o->kind == FE_OBJ_OPAQUE && base.o->type &&
        !strcmp(base.o->type, "tiling"))
      return tiling_field(x, NULL, fname, e);
  }
  if (base.kind == FE_AV_GTENSOR) /* tiling->field of a struct in GM */
    return tiling_field(x, base.t.st, fname, e);
  return fe_asc_unknown();
}

void fe_asc_assign(fe_asc_ctx *x, TSNode lhs, fe_asc_val v) {
  const char *t = ts_node_type(lhs);
  if (!strcmp(t, "parenthesized_expression")) {
    fe_asc_assign(x, ts_node_named_child(lhs, 0), v);
    return;
  }
  if (!strcmp(t, "identifier") || !strcmp(t, "field_identifier")) {
    const char *name = fe_asc_text(x, lhs);
    fe_asc_var *var = fe_asc_var_find(x, name);
    if (var) {
      var->val = fe_asc_convert(x, v, var->ct, lhs);
      return;
    }
    fe_asc_field *f = fe_asc_field_find(x->self, name);
    if (f) {
      f->val = fe_asc_convert(x, v, f->ct, lhs);
      return;
    }
    if (x->self) { /* a member the class declares but we did not see */
      fe_asc_field *nf = mdl_vec_push(&x->self->fields, sizeof *nf);
      nf->name = name;
      nf->val = v;
    }
    return;
  }
  if (!strcmp(t, "field_expression")) {
    fe_asc_val base =
        fe_asc_expr(x, fe_asc_child(lhs, "argument"));
    if (base.kind != FE_AV_OBJ)
      return;
    const char *fname = fe_asc_last_name(x, lhs);
    fe_asc_field *f = fe_asc_field_find(base.o, fname);
    if (!f) {
      f = mdl_vec_push(&base.o->fields, sizeof *f);
      f->name = fname;
      f->ct = base.o->kind == FE_OBJ_OPAQUE /* p.blockLen: uint16_t */
                  ? fe_asc_lib_field_ctype(base.o->type, fname, -1) : 0;
    }
    f->val = fe_asc_convert(x, v, f->ct, lhs);
    return;
  }
  if (!strcmp(t, "subscript_expression") && array_store(x, lhs, v))
    return;
  /* *p = v, a[i] = v: a store to memory, not to a tracked name */
}

/* The size of type name t: a known scalar type, or a type parameter
** bound to its size; 0 when unknown. */
static uint32_t size_of_name(fe_asc_ctx *x, const char *t) {
  uint32_t s = fe_asc_sizeof(t);
  fe_asc_val v;
  if (!s && fe_asc_lookup(x, t, &v) && v.kind == FE_AV_TYPE)
    s = (uint32_t)v.i;
  return s;
}

/* sizeof(T) / sizeof(expr). */
static fe_asc_val eval_sizeof(fe_asc_ctx *x, TSNode e) {
  TSNode ty = fe_asc_child(e, "type");
  if (!ts_node_is_null(ty)) {
    uint32_t s = size_of_name(x, fe_asc_text(x, ty));
    return s ? fe_asc_int(s) : fe_asc_unknown();
  }
  TSNode v = fe_asc_child(e, "value");
  if (!ts_node_is_null(v)) {
    if (!strcmp(ts_node_type(v), "parenthesized_expression"))
      v = ts_node_named_child(v, 0);
    uint32_t s = size_of_name(x, fe_asc_text(x, v));
    if (s)
      return fe_asc_int(s);
  }
  return fe_asc_unknown();
}

/* The core tests: the normaliser's rewrite of `if ASCEND_IS_AIV`, and
** g_coreType (compared with AscendC::AIV / AIC), fold per core. */
static bool core_test(fe_asc_ctx *x, const char *name, fe_asc_val *out) {
  bool aiv = x->core == FE_ASC_CORE_AIV;
  if (!strcmp(name, "IS_AIV_CORE") || !strcmp(name, "IS_NOT_AIC_CORE"))
    *out = fe_asc_int(aiv);
  else if (!strcmp(name, "IS_AIC_CORE") || !strcmp(name, "IS_NOT_AIV_CORE"))
    *out = fe_asc_int(!aiv);
  else if (!strcmp(name, "g_coreType") || !strcmp(name, "AscendC::g_coreType"))
    *out = fe_asc_int(aiv); /* AscendC::AIV is 1, AIC 0 (LIBC) */
  else
    return false;
  return true;
}

/* The atom argno of a field (name fn) of C type ct read from GM: the
** type's range; of unknown type (0) non-negative (ASCENDC.md, "Indices"),
** its arithmetic checked for every type (fe_asc_val.wu); plain char:
** what either signedness reads (fe_asc_atom_ct). */
static fe_asc_val field_atom(fe_asc_ctx *x, int64_t argno, const char *fn,
                             TSNode at, uint8_t ct) {
  mdl_loc loc = fe_asc_loc(x, at);
  if (ct)
    return fe_asc_atom_ct(x, argno, fn, loc, ct);
  mdl_stmt *s = atom_stmt(x, argno, fn, loc);
  s->u.x.zext = 63; /* [0, 2^63) */
  fe_asc_val v = sym(s->def);
  v.wu = true;
  return v;
}

/* A field of a tiling struct (GET_TILING_DATA) or of a struct read from
** GM: one symbolic value per field name (an atom made again at each use,
** the same).  Of struct st of the file (NULL: not known), the field has
** its declared C type, and its own atom: the range is the type's. */
static fe_asc_val tiling_field(fe_asc_ctx *x, const char *st, const char *fn,
                               TSNode at) {
  char nm[256];
  uint8_t ct = fe_asc_member_ctype(x, st, fn);
  snprintf(nm, sizeof nm, "tiling.%s%s%s", ct ? st : "", ct ? "." : "", fn);
  for (uint32_t i = 0; i < x->consts.len; i++) {
    fe_asc_var *v = &MDL_VEC_AT(x->consts, fe_asc_var, i);
    if (!strcmp(v->name, nm))
      return field_atom(x, v->val.i, fn, at, ct);
  }
  int64_t argno = fe_asc_atom_no(x, nm);
  fe_asc_var *v = mdl_vec_push(&x->consts, sizeof *v);
  v->name = mdl_strdup(x->bd.k->arena, nm, strlen(nm));
  v->val = fe_asc_unknown();
  v->val.kind = FE_AV_SYM;
  v->val.v = MDL_NOVAL;
  v->val.i = argno;
  return field_atom(x, argno, fn, at, ct);
}

static fe_asc_val eval_name(fe_asc_ctx *x, TSNode e) {
  fe_asc_val v;
  const char *name = fe_asc_text(x, e);
  if (core_test(x, name, &v))
    return v;
  if (fe_asc_lookup(x, name, &v))
    return v;
  const char *last = fe_asc_last_name(x, e);
  if (!strncmp(name, "::", 2)) { /* the global namespace's, not a member */
    fe_asc_obj *self = x->self;
    uint32_t fr = x->frame;
    x->self = NULL;
    x->frame = 0;
    bool ok = fe_asc_lookup(x, last, &v);
    x->self = self;
    x->frame = fr;
    return ok ? v : fe_asc_unknown();
  }
  if (strcmp(last, name) && fe_asc_lookup(x, last, &v))
    return v;
  if (!strcmp(name, "block_idx")) /* the CCE spelling of GetBlockIdx() */
    return sym(mdl_b_x(&x->bd, MDL_X_BLOCK_IDX, MDL_NOVAL, MDL_NOVAL,
                       fe_asc_loc(x, e)));
  if (!strcmp(name, "block_num"))
    return sym(mdl_b_x(&x->bd, MDL_X_BLOCK_NUM, MDL_NOVAL, MDL_NOVAL,
                       fe_asc_loc(x, e)));
  return fe_asc_unknown();
}

/* Past the step or nesting budget: not understood (once), never a silent
** unknown value. */
bool fe_asc_budget(fe_asc_ctx *x, TSNode at) {
  if (x->steps <= FE_ASC_MAX_STEPS && x->nest <= FE_ASC_MAX_NEST)
    return true;
  if (!x->over_budget)
    fe_asc_unsupported(x, at, x->nest > FE_ASC_MAX_NEST
                                  ? "expressions or statements nested deeper "
                                    "than %u"
                                  : "more than %u evaluation steps (a kernel "
                                    "too large to extract)",
                       x->nest > FE_ASC_MAX_NEST ? FE_ASC_MAX_NEST
                                                 : FE_ASC_MAX_STEPS);
  x->over_budget = true;
  return false;
}

fe_asc_val fe_asc_expr(fe_asc_ctx *x, TSNode e) {
  if (ts_node_is_null(e))
    return fe_asc_unknown();
  x->steps++;
  x->nest++;
  if (!fe_asc_budget(x, e)) {
    x->nest--;
    return fe_asc_unknown();
  }
  fe_asc_val r = expr1(x, e);
  x->nest--;
  return r;
}

static fe_asc_val expr1(fe_asc_ctx *x, TSNode e) {
  TSNode saved = x->at;
  x->at = e;
  const char *t = ts_node_type(e);
  fe_asc_val r = fe_asc_unknown();
  int64_t k;
  if (!strcmp(t, "number_literal")) {
    const char *lt = fe_asc_text(x, e);
    if (parse_number(lt, &k)) {
      r = fe_asc_int(k);
      r.ct = fe_asc_ct_literal(lt, k);
    }
  } else if (!strcmp(t, "true")) {
    r = fe_asc_int(1);
  } else if (!strcmp(t, "false") || !strcmp(t, "null")) {
    r = fe_asc_int(0);
  } else if (!strcmp(t, "char_literal")) {
    const char *s = fe_asc_text(x, e);
    r = fe_asc_int(s[0] == '\'' ? (unsigned char)s[1] : 0);
  } else if (!strcmp(t, "string_literal") ||
             !strcmp(t, "concatenated_string") ||
             !strcmp(t, "raw_string_literal")) {
    r.kind = FE_AV_STR;
  } else if (!strcmp(t, "identifier") || !strcmp(t, "qualified_identifier") ||
             !strcmp(t, "field_identifier") ||
             !strcmp(t, "type_identifier") || !strcmp(t, "type_descriptor") ||
             !strcmp(t, "namespace_identifier")) {
    r = eval_name(x, e);
  } else if (!strcmp(t, "this")) {
    if (x->self) {
      r.kind = FE_AV_OBJ;
      r.o = x->self;
    }
  } else if (!strcmp(t, "parenthesized_expression")) {
    uint32_t n = ts_node_named_child_count(e);
    for (uint32_t i = 0; i < n; i++)
      r = fe_asc_expr(x, ts_node_named_child(e, i));
  } else if (!strcmp(t, "comma_expression")) {
    fe_asc_expr(x, fe_asc_child(e, "left"));
    r = fe_asc_expr(x, fe_asc_child(e, "right"));
  } else if (!strcmp(t, "binary_expression")) {
    r = eval_binary(x, e);
  } else if (!strcmp(t, "unary_expression")) {
    r = eval_unary(x, e);
  } else if (!strcmp(t, "conditional_expression")) {
    fe_asc_val c =
        fe_asc_expr(x, fe_asc_child(e, "condition"));
    TSNode tn = fe_asc_child(e, "consequence");
    TSNode fn = fe_asc_child(e, "alternative");
    if (fe_asc_const(&c, &k))
      r = fe_asc_expr(x, k ? tn : fn);
    else
      r = typed_select(x, c, fe_asc_expr(x, tn), fe_asc_expr(x, fn), e);
  } else if (!strcmp(t, "assignment_expression")) {
    r = eval_assign(x, e);
  } else if (!strcmp(t, "update_expression")) {
    r = eval_update(x, e);
  } else if (!strcmp(t, "call_expression")) {
    r = fe_asc_call_expr(x, e);
  } else if (!strcmp(t, "field_expression")) {
    r = eval_field(x, e);
  } else if (!strcmp(t, "subscript_expression")) {
    fe_asc_val b =
        fe_asc_expr(x, fe_asc_child(e, "argument"));
    TSNode ix = fe_asc_child(e, "indices");
    fe_asc_val i = fe_asc_expr(x, ts_node_named_child(ix, 0));
    if (array_elem(x, e, &i, &r)) {
      /* an element of a member array */
    } else if (b.kind == FE_AV_LTENSOR || b.kind == FE_AV_GTENSOR) {
      r = b;
      r.t = fe_asc_subtensor(x, &b.t, &i, fe_asc_loc(x, e));
    } else if (b.kind == FE_AV_OBJ) {
      r = b; /* an element of an array of objects: the same kind */
    }
  } else if (!strcmp(t, "cast_expression")) {
    r = fe_asc_expr(x, fe_asc_child(e, "value"));
    TSNode ty = fe_asc_child(e, "type");
    uint32_t sz = fe_asc_sizeof(
        fe_asc_text(x, fe_asc_child(ty, "type")));
    if (r.kind == FE_AV_GTENSOR && strchr(fe_asc_text(x, ty), '*'))
      r.t.st = fe_asc_struct_of(x, fe_asc_child(ty, "type")); /* S * */
    if ((r.kind == FE_AV_GTENSOR || r.kind == FE_AV_LTENSOR) && sz &&
        strchr(fe_asc_text(x, ty), '*'))
      r.t.elem = sz; /* (__gm__ half *)x: half elements from here on */
    else if ((r.kind == FE_AV_INT || r.kind == FE_AV_SYM) &&
             strchr(fe_asc_text(x, ty), '*'))
      r = address_cast(x, ty, r, sz, e);
    else
      r = fe_asc_convert(x, r, fe_asc_ctype(x, ty), e); /* (uint32_t)v */
  } else if (!strcmp(t, "pointer_expression")) {
    r = fe_asc_expr(x, fe_asc_child(e, "argument"));
    if (r.kind == FE_AV_INT || r.kind == FE_AV_SYM)
      r = fe_asc_unknown(); /* &n / *p of a scalar: memory */
  } else if (!strcmp(t, "sizeof_expression")) {
    r = eval_sizeof(x, e);
  } else if (!strcmp(t, "lambda_expression")) {
    /* its body runs where it is called, which ksv does not follow */
    fe_asc_unsupported(x, e, "a lambda");
  } else if (!strcmp(t, "initializer_list")) {
    uint32_t n = ts_node_named_child_count(e);
    if (n == 1) {
      r = fe_asc_expr(x, ts_node_named_child(e, 0));
    } else if (n > 1) { /* {1, 8, 0, 0}: a parameter struct in place */
      fe_asc_val a[FE_ASC_MAX_ARGS];
      uint32_t m = 0;
      for (uint32_t i = 0; i < n && m < FE_ASC_MAX_ARGS; i++)
        a[m++] = fe_asc_expr(x, ts_node_named_child(e, i));
      r.kind = FE_AV_OBJ;
      r.o = fe_asc_params_obj(x, "{...}", a, m);
    }
  }
  x->at = saved;
  return r;
}
