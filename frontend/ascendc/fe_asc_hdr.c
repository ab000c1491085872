/*
** fe_asc_hdr.c -- the header harness: a file without a kernel entry (a
** catlass block header, an ops-repository common header) holds its sync
** in device classes.  Each such class is checked as a synthesized kernel
** named after it: the object is constructed with symbolic arguments, its
** operator() and its public methods that hold sync are called twice in
** sequence (so the ping-pong state one call leaves for the next is
** exercised), then it is destroyed.  The extraction itself is the one of
** kernels (fe_asc_build.c's extract_side calls fe_asc_hdr_run in place of
** a kernel body).
*/
#include "fe_asc_x.h"
#include "../fe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const TSNode NONE = {{0}, 0, 0};

static bool is(TSNode n, const char *t) {
  return !ts_node_is_null(n) && !strcmp(ts_node_type(n), t);
}

/* (the tree-sitter runtime does not check for null nodes: these do) */
static TSNode field(TSNode n, const char *name) {
  if (ts_node_is_null(n))
    return NONE;
  return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

static uint32_t nkids(TSNode n) {
  return ts_node_is_null(n) ? 0 : ts_node_named_child_count(n);
}

/* The spellings that make a class a sync holder (ASCENDC.md's table). */
static const char *const SYNC_WORDS[] = {
    "SetFlag", "WaitFlag", "set_flag", "wait_flag", "SET_FLAG", "WAIT_FLAG",
    "PipeBarrier", "pipe_barrier", "PIPE_BARRIER", "CrossCoreSetFlag",
    "CrossCoreWaitFlag", "SyncAll",
    "ffts_cross_core_sync", "wait_flag_dev", NULL};

static bool range_has_sync(const fe_asc_unit *u, uint32_t a, uint32_t b) {
  for (int i = 0; SYNC_WORDS[i]; i++)
    if (fe_asc_orig_has(u, a, b, SYNC_WORDS[i]))
      return true;
  return false;
}

static bool node_has_sync(const fe_asc_unit *u, TSNode n) {
  return range_has_sync(u, ts_node_start_byte(n), ts_node_end_byte(n));
}

/* The identifier text range [*a, *b) of a class name or a scope
** (`KernelX`, `KernelX<T>`, `ns::KernelX<T>`). */
static void name_range(TSNode n, uint32_t *a, uint32_t *b) {
  for (int g = 0; g < 16 && !ts_node_is_null(n); g++) {
    if (is(n, "qualified_identifier") || is(n, "template_type"))
      n = field(n, "name");
    else
      break;
  }
  *a = ts_node_start_byte(n);
  *b = ts_node_end_byte(n);
}

/* Is there a method definition outside the class, `K::M(...) { ... }` at
** namespace scope with K class c's name, whose body spells sync?  (The ops
** repositories define kernel-class methods after the class.) */
static bool outside_sync(const fe_asc_unit *u, TSNode n, TSNode c,
                         int depth) {
  if (depth > 32 || ts_node_is_null(n))
    return false;
  const char *t = ts_node_type(n);
  if (!strcmp(t, "function_definition")) {
    TSNode d = field(n, "declarator");
    while (!ts_node_is_null(d) && !is(d, "function_declarator"))
      d = field(d, "declarator");
    TSNode q = field(d, "declarator");
    if (!is(q, "qualified_identifier") || ts_node_is_null(field(n, "body")))
      return false;
    uint32_t qa, qb, ca, cb;
    name_range(field(q, "scope"), &qa, &qb);
    name_range(field(c, "name"), &ca, &cb);
    return qb - qa == cb - ca && !memcmp(u->text + qa, u->text + ca, qb - qa) &&
           node_has_sync(u, field(n, "body"));
  }
  if (strcmp(t, "translation_unit") && strcmp(t, "namespace_definition") &&
      strcmp(t, "declaration_list") && strcmp(t, "linkage_specification") &&
      strcmp(t, "template_declaration"))
    return false;
  uint32_t nc = nkids(n);
  for (uint32_t i = 0; i < nc; i++)
    if (outside_sync(u, ts_node_named_child(n, i), c, depth + 1))
      return true;
  return false;
}

/* Is class node c device code holding sync: its original text marks
** methods CATLASS_DEVICE or __aicore__, and one of its method bodies (in
** the class or defined after it) spells a sync call (not a name:
** catlass's CrossCoreFlag is a struct of ids)? */
static bool device_class(const fe_asc_unit *u, TSNode c) {
  uint32_t a = ts_node_start_byte(c), b = ts_node_end_byte(c);
  TSNode body = field(c, "body");
  if (ts_node_is_null(body) || ts_node_is_null(field(c, "name")))
    return false;
  if (!fe_asc_orig_has(u, a, b, "CATLASS_DEVICE") &&
      !fe_asc_orig_has(u, a, b, "__aicore__"))
    return false;
  uint32_t n = nkids(body);
  for (uint32_t i = 0; i < n; i++) {
    TSNode d = ts_node_named_child(body, i);
    if (is(d, "template_declaration"))
      d = ts_node_named_child(d, nkids(d) - 1);
    if (is(d, "function_definition") && !ts_node_is_null(field(d, "body")) &&
        node_has_sync(u, field(d, "body")))
      return true;
  }
  return outside_sync(u, ts_tree_root_node(u->tree), c, 0);
}

void fe_asc_hdr_classes(const fe_asc_unit *u, TSNode n, mdl_vec *out,
                        int depth) {
  if (depth > 32 || ts_node_is_null(n))
    return;
  const char *t = ts_node_type(n);
  if (!strcmp(t, "class_specifier") || !strcmp(t, "struct_specifier")) {
    if (device_class(u, n))
      *(TSNode *)mdl_vec_push(out, sizeof n) = n;
    return; /* nested classes are members, not units */
  }
  if (strcmp(t, "translation_unit") && strcmp(t, "namespace_definition") &&
      strcmp(t, "declaration_list") && strcmp(t, "linkage_specification") &&
      strcmp(t, "template_declaration") && strcmp(t, "declaration") &&
      strcmp(t, "preproc_ifdef") && strcmp(t, "preproc_if") &&
      strcmp(t, "preproc_else"))
    return;
  uint32_t nc = nkids(n);
  for (uint32_t i = 0; i < nc; i++)
    fe_asc_hdr_classes(u, ts_node_named_child(n, i), out, depth + 1);
}

/* Free function definitions at namespace scope that spell sync (reported,
** not harnessed: see docs/ascendc-extraction.md "Headers"). */
uint32_t fe_asc_hdr_sync_funcs(const fe_asc_unit *u, TSNode n, int depth) {
  if (depth > 32 || ts_node_is_null(n))
    return 0;
  const char *t = ts_node_type(n);
  if (!strcmp(t, "function_definition")) {
    /* K::M(...) {...}: a method (its class is harnessed), not a helper */
    TSNode d = field(n, "declarator");
    while (!ts_node_is_null(d) && !is(d, "function_declarator"))
      d = field(d, "declarator");
    if (is(field(d, "declarator"), "qualified_identifier"))
      return 0;
    return node_has_sync(u, n) ? 1 : 0;
  }
  if (strcmp(t, "translation_unit") && strcmp(t, "namespace_definition") &&
      strcmp(t, "declaration_list") && strcmp(t, "linkage_specification") &&
      strcmp(t, "template_declaration"))
    return 0;
  uint32_t k = 0, nc = nkids(n);
  for (uint32_t i = 0; i < nc; i++)
    k += fe_asc_hdr_sync_funcs(u, ts_node_named_child(n, i), depth + 1);
  return k;
}

/* Does name node n (a declarator's or a class's name, maybe qualified or
** templated) end in identifier want? */
static bool last_is(const fe_asc_unit *u, TSNode n, const char *want) {
  for (int g = 0; g < 16 && !ts_node_is_null(n); g++) {
    if (is(n, "qualified_identifier") || is(n, "template_type") ||
        is(n, "template_function"))
      n = field(n, "name");
    else
      break;
  }
  if (ts_node_is_null(n))
    return false;
  uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
  return strlen(want) == b - a && !memcmp(u->text + a, want, b - a);
}

TSNode fe_asc_hdr_find_entry(const fe_asc_unit *u, TSNode n, const char *name,
                             int depth) {
  if (depth > 32 || ts_node_is_null(n))
    return NONE;
  const char *t = ts_node_type(n);
  if (!strcmp(t, "function_definition")) {
    TSNode d = field(n, "declarator");
    while (!ts_node_is_null(d) && !is(d, "function_declarator"))
      d = field(d, "declarator");
    return !ts_node_is_null(field(n, "body")) &&
                   last_is(u, field(d, "declarator"), name)
               ? n
               : NONE;
  }
  if (!strcmp(t, "class_specifier") || !strcmp(t, "struct_specifier"))
    return !ts_node_is_null(field(n, "body")) &&
                   last_is(u, field(n, "name"), name)
               ? n
               : NONE;
  if (strcmp(t, "translation_unit") && strcmp(t, "namespace_definition") &&
      strcmp(t, "declaration_list") && strcmp(t, "linkage_specification") &&
      strcmp(t, "template_declaration") && strcmp(t, "declaration"))
    return NONE;
  uint32_t nc = nkids(n);
  for (uint32_t i = 0; i < nc; i++) {
    TSNode r = fe_asc_hdr_find_entry(u, ts_node_named_child(n, i), name,
                                     depth + 1);
    if (!ts_node_is_null(r))
      return r;
  }
  return NONE;
}

static TSNode fn_declarator(TSNode fn) {
  TSNode d = field(fn, "declarator");
  while (!ts_node_is_null(d) && !is(d, "function_declarator"))
    d = field(d, "declarator");
  return d;
}

int fe_asc_op_core(const fe_asc_unit *u, TSNode fn) {
  /* the normaliser blanks the `<AscendC::AIC>` after operator() (and the
     grammar would not keep it in the operator_name): read the original
     bytes of the declarator */
  TSNode d = fn_declarator(fn);
  if (ts_node_is_null(d))
    return -1;
  uint32_t a = ts_node_start_byte(d), b = ts_node_end_byte(d);
  if (fe_asc_orig_has(u, a, b, "AIC>"))
    return 0;
  if (fe_asc_orig_has(u, a, b, "AIV>"))
    return 1;
  return -1;
}

/* ------------------------------------------------------ the harness */

/* A symbolic value for parameter p: a pointer or GM_ADDR is a GM kernel
** argument, a GlobalTensor a tensor over one, anything else unknown
** (library objects, layouts, a resource whose type ksv cannot see, and
** scalars: decision -- a scalar argument may be a count, which the
** extraction then treats as any unknown value, or an event id, which
** makes the unit unknown rather than a finding about ids the callers
** never pass). */
static fe_asc_val sym_param(fe_asc_ctx *x, TSNode p, int32_t argno) {
  TSNode decl = field(p, "declarator");
  TSNode nm = decl;
  while (!ts_node_is_null(nm) && !is(nm, "identifier"))
    nm = ts_node_is_null(field(nm, "declarator"))
             ? ts_node_named_child(nm, nkids(nm) - 1)
             : field(nm, "declarator");
  const char *name = is(nm, "identifier") ? fe_asc_text(x, nm) : "arg";
  const char *ty = fe_asc_text(x, field(p, "type"));
  mdl_loc loc = fe_asc_loc(x, p);
  bool gt = strstr(ty, "GlobalTensor") != NULL;
  if (is(decl, "pointer_declarator") || strstr(ty, "GM_ADDR") || gt) {
    mdl_valref r = mdl_b_value(&x->bd, name);
    mdl_stmt *s = mdl_b_buf(&x->bd, MDL_B_ARG, r, "argument", loc);
    s->u.b.space = MDL_SPACE_GM;
    s->u.b.argno = argno;
    mdl_b_memref_info(&x->bd, r, MDL_SPACE_GM, -1, 1);
    fe_asc_val v = fe_asc_unknown();
    v.kind = FE_AV_GTENSOR;
    memset(&v.t, 0, sizeof v.t);
    v.t.space = MDL_SPACE_GM;
    v.t.pos = FE_POS_GM;
    v.t.buf = r;
    v.t.off_sym = MDL_NOVAL;
    v.t.bytes = -1;
    v.t.elem = gt ? fe_asc_elem_of(x, field(p, "type")) : 1;
    if (!gt && !strstr(ty, "GM_ADDR"))
      v.t.elem = fe_asc_sizeof(ty);
    return v;
  }
  return fe_asc_unknown();
}

/* Symbolic arguments for every parameter of function definition fn. */
static uint32_t sym_args(fe_asc_ctx *x, TSNode fn, fe_asc_val *out,
                         int32_t *argno) {
  TSNode pl = field(fn_declarator(fn), "parameters");
  uint32_t n = 0, nc = nkids(pl);
  for (uint32_t i = 0; i < nc && n < FE_ASC_MAX_ARGS; i++) {
    TSNode p = ts_node_named_child(pl, i);
    if (!is(p, "parameter_declaration") &&
        !is(p, "optional_parameter_declaration"))
      continue;
    out[n++] = sym_param(x, p, (*argno)++);
  }
  return n;
}

/* The name a method definition declares ("operator()", "Process",
** "operator()<AscendC::AIC>"). */
static const char *method_name(fe_asc_ctx *x, TSNode fn) {
  return fe_asc_text(x, field(fn_declarator(fn), "declarator"));
}

/* The constructor to run: the one with the most parameters (catlass
** blocks have one; a class with a default and a full one is set up by the
** full one), or a null node. */
static TSNode pick_ctor(fe_asc_ctx *x, TSNode cls, const char *cn) {
  TSNode body = field(cls, "body"), best = NONE;
  uint32_t bestn = 0, n = nkids(body);
  for (uint32_t i = 0; i < n; i++) {
    TSNode d = ts_node_named_child(body, i);
    if (!is(d, "function_definition") || strcmp(method_name(x, d), cn))
      continue;
    TSNode pl = field(fn_declarator(d), "parameters");
    uint32_t np = nkids(pl);
    if (ts_node_is_null(best) || np > bestn) {
      best = d;
      bestn = np;
    }
  }
  return best;
}

/* The out-of-class definition of the method declaration d of class cls
** (named cn) when the harness calls it: a public, non-static method, not
** a constructor, destructor or operator, whose body spells sync; else a
** null node. */
static TSNode outside_def(fe_asc_ctx *x, TSNode cls, const char *cn,
                          TSNode d, bool need_sync) {
  TSNode fd = fn_declarator(d);
  const char *nm = fe_asc_text(x, field(fd, "declarator"));
  if (!strcmp(nm, cn) || nm[0] == '~' || !strncmp(nm, "operator", 8) ||
      !strncmp(fe_asc_text(x, d), "static", 6))
    return NONE;
  TSNode pl = field(fd, "parameters");
  uint32_t np = 0, nc = nkids(pl);
  for (uint32_t i = 0; i < nc; i++)
    np += is(ts_node_named_child(pl, i), "parameter_declaration") ||
          is(ts_node_named_child(pl, i), "optional_parameter_declaration");
  TSNode def = fe_asc_find_func(x, cls, nm, np);
  if (ts_node_is_null(def) || ts_node_is_null(field(def, "body")) ||
      (need_sync && !node_has_sync(x->u, field(def, "body"))))
    return NONE;
  return def;
}

/* The methods the harness calls, in declaration order: operator() (the
** specialisation for this core when there is one, catlass's
** operator()<AscendC::AIC>), and every other public, non-static method
** holding sync (not the constructors or the destructor). */
/* Is method name nm a set-up method (the ops repositories' Init(...),
** InitBuffers(...)), called once before the rest? */
static bool is_init(const char *nm) {
  const char *q = strrchr(nm, ':');
  return !strncmp(q ? q + 1 : nm, "Init", 4);
}

static uint32_t pick_methods(fe_asc_ctx *x, TSNode cls, const char *cn,
                             TSNode *out, uint32_t max, TSNode *init,
                             uint32_t *ninit) {
  TSNode body = field(cls, "body"), op = NONE, opmine = NONE;
  bool pub = is(cls, "struct_specifier");
  uint32_t k = 0, n = nkids(body), opat = 0;
  for (uint32_t i = 0; i < n && k < max; i++) {
    TSNode d = ts_node_named_child(body, i);
    if (is(d, "access_specifier")) {
      pub = !strncmp(fe_asc_text(x, d), "public", 6);
      continue;
    }
    if (is(d, "template_declaration"))
      d = ts_node_named_child(d, nkids(d) - 1);
    if (pub && (is(d, "field_declaration") || is(d, "declaration")) &&
        is(fn_declarator(d), "function_declarator")) {
      /* a method declared here and defined after the class */
      bool in = is_init(fe_asc_text(x, field(fn_declarator(d), "declarator")));
      TSNode def = outside_def(x, cls, cn, d, !in);
      if (!ts_node_is_null(def) && in && *ninit < max)
        init[(*ninit)++] = def;
      else if (!ts_node_is_null(def) && k < max)
        out[k++] = def;
      continue;
    }
    if (!is(d, "function_definition") || ts_node_is_null(field(d, "body")))
      continue;
    const char *nm = method_name(x, d);
    if (!strncmp(nm, "operator()", 10)) {
      int oc = fe_asc_op_core(x->u, d);
      if (oc < 0 && ts_node_is_null(op))
        op = d, opat = k;
      else if (oc == (x->core == FE_ASC_CORE_AIC ? 0 : 1))
        opmine = d, opat = k;
      continue;
    }
    if (!pub || !strcmp(nm, cn) || nm[0] == '~' || !strncmp(nm, "operator", 8))
      continue;
    if (!strncmp(fe_asc_text(x, d), "static", 6))
      continue;
    if (is_init(nm) && *ninit < max)
      init[(*ninit)++] = d;
    else if (node_has_sync(x->u, d))
      out[k++] = d;
  }
  TSNode o = ts_node_is_null(opmine) ? op : opmine;
  if (!ts_node_is_null(o) && k < max) {
    memmove(&out[opat + 1], &out[opat], (k - opat) * sizeof *out);
    out[opat] = o;
    k++;
  }
  return k;
}

/* The harness body of class cls, on the side x is extracting: returns the
** verdict note's first part (malloc'd). */
char *fe_asc_hdr_run(fe_asc_ctx *x, TSNode cls) {
  const char *cn = fe_asc_last_name(x, field(cls, "name"));
  int32_t argno = 0;
  fe_asc_val a[FE_ASC_MAX_ARGS];
  TSNode ctor = pick_ctor(x, cls, cn);
  uint32_t na = ts_node_is_null(ctor) ? 0 : sym_args(x, ctor, a, &argno);
  TSNode at = ts_node_is_null(ctor) ? cls : ctor;
  x->at = at;
  /* this definition (a file may specialise one name several times); a
     partial specialisation's argument list names the template's own
     parameters, which stay unbound (symbolic) */
  fe_asc_obj *o = fe_asc_new_obj_cls(x, cls, cn, a, na, at);
  TSNode ms[32], in[32];
  uint32_t ni = 0;
  uint32_t nm = o->kind == FE_OBJ_CLASS
                    ? pick_methods(x, cls, cn, ms, 32, in, &ni) : 0;
  for (uint32_t i = 0; i < ni; i++) { /* set-up once: Init(...) */
    uint32_t n = sym_args(x, in[i], a, &argno);
    x->at = in[i];
    fe_asc_inline(x, in[i], o, a, n, in[i]);
  }
  /* an ops-style kernel class (Init + Process) runs once per launch; a
     block class (catlass: constructor + operator()) is called per tile,
     so twice: the state one call leaves is what the next starts from */
  int rounds = ni ? 1 : 2;
  for (int round = 0; round < rounds; round++)
    for (uint32_t i = 0; i < nm; i++) {
      /* fresh symbolic arguments per call: the two calls need not see the
         same shapes or tensors */
      uint32_t n = sym_args(x, ms[i], a, &argno);
      x->at = ms[i];
      fe_asc_inline(x, ms[i], o, a, n, ms[i]);
    }
  fe_asc_run_dtor(x, o, cls);
  char calls[400] = "";
  size_t len = 0;
  for (uint32_t i = 0; i < nm && len < sizeof calls - 40; i++) {
    const char *mn = method_name(x, ms[i]), *q = strrchr(mn, ':');
    mn = q && strncmp(mn, "operator", 8) ? q + 1 : mn; /* K<T>::Process */
    len += (size_t)snprintf(calls + len, sizeof calls - len, "%s%s",
                            i ? (i + 1 == nm ? " and " : ", ") : "",
                            strncmp(mn, "operator()", 10) ? mn
                                                          : "operator()");
  }
  const char *why = fe_entry() ? "the class is the --entry"
                               : "the header has no kernel entry";
  char inits[200] = "";
  size_t il = 0;
  for (uint32_t i = 0; i < ni && il < sizeof inits - 40; i++) {
    const char *mn = method_name(x, in[i]), *q = strrchr(mn, ':');
    il += (size_t)snprintf(inits + il, sizeof inits - il, "%s%s",
                           i ? " and " : ", ", q ? q + 1 : mn);
  }
  if (ni)
    snprintf(inits + il, sizeof inits - il, " called once");
  if (nm)
    return mdl_strprintf("%s constructed%s, %s called %s, destroyed: %s",
                         cn, inits, calls, rounds > 1 ? "twice" : "once",
                         why);
  return mdl_strprintf("%s constructed%s and destroyed (no operator() or "
                       "public method with sync): %s", cn, inits, why);
}
