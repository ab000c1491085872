/*
** fe_asc_call.c -- calls and classes of the Ascend C extraction.  An
** object of a class of the file is a set of named fields (its members,
** default-initialised, then its constructor's initialiser list and body
** run); its destructor runs at the end of the scope that declared it, in
** reverse order of construction, members after the destructor's body
** (catlass primes flags in a constructor and drains them in the
** destructor).  A call is, in order: a method of the receiver's class, a
** method of `this`, a free function of the file (inlined), a library call
** of the table; anything else is ignored when it touches neither tensors
** nor sync, and not understood (the kernel unknown) when it does.
*/
#include "fe_asc_x.h"

#include <stdlib.h>
#include <string.h>

static bool is(TSNode n, const char *t) {
  return !ts_node_is_null(n) && !strcmp(ts_node_type(n), t);
}

static TSNode field(TSNode n, const char *name) {
  if (ts_node_is_null(n)) /* (the runtime does not check) */
    return n;
  return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

static const TSNode NONE = {{0}, 0, 0};

/* ------------------------------------------------------------ objects */

/* The class (or library type) name of type node ty and its template
** argument list (or a null node). */
static const char *type_name(fe_asc_ctx *x, TSNode ty, TSNode *targs) {
  *targs = NONE;
  for (int g = 0; g < 8 && !ts_node_is_null(ty); g++) {
    if (is(ty, "qualified_identifier")) {
      ty = field(ty, "name");
    } else if (is(ty, "template_type")) {
      *targs = field(ty, "arguments");
      return fe_asc_text(x, field(ty, "name"));
    } else if (is(ty, "dependent_type")) {
      ty = ts_node_named_child(ty, 0);
    } else {
      break;
    }
  }
  return fe_asc_text(x, ty);
}

static void add_field(fe_asc_obj *o, const char *name, fe_asc_val v) {
  fe_asc_field *f = fe_asc_field_find(o, name);
  if (!f) {
    f = mdl_vec_push(&o->fields, sizeof *f);
    f->name = name;
    f->ct = 0;
  }
  f->val = v;
}

/* Is type ty (named tn) a scalar: a primitive, a sized typedef, an enum
** of the file, a pointer or a type ksv knows to hold a number? */
bool fe_asc_scalar_type(fe_asc_ctx *x, TSNode ty, const char *tn) {
  static const char *const sc[] = {"event_t", "pipe_t", "GM_ADDR", "auto",
                                   "TEventID", "size_t", "uintptr_t",
                                   "intptr_t", "HardEvent", "TPosition",
                                   "QuePosition", "CubeFormat", "RoundMode",
                                   "CMPMODE", "SELMODE", NULL};
  if (is(ty, "primitive_type") || is(ty, "sized_type_specifier") ||
      is(ty, "enum_specifier") || fe_asc_sizeof(tn))
    return true;
  for (int i = 0; sc[i]; i++)
    if (!strcmp(sc[i], tn))
      return true;
  fe_asc_val tv;
  if (fe_asc_lookup(x, tn, &tv) && tv.kind == FE_AV_TYPE)
    return true; /* a template type parameter */
  /* an enum of the file */
  TSNode en = fe_asc_find_enum(x, tn);
  return !ts_node_is_null(en);
}

/* The value a member or local of type ty holds before anything is
** assigned: a sub-object for a class or library object, an empty tensor,
** an unknown scalar. */
fe_asc_val fe_asc_default_of(fe_asc_ctx *x, TSNode ty, TSNode at,
                             bool *is_obj) {
  TSNode targs;
  const char *tn = type_name(x, ty, &targs);
  fe_asc_val v = fe_asc_unknown();
  *is_obj = false;
  if (!strcmp(tn, "LocalTensor") || !strcmp(tn, "GlobalTensor")) {
    v.kind = tn[0] == 'L' ? FE_AV_LTENSOR : FE_AV_GTENSOR;
    v.t.whole = true;
    v.t.bytes = -1;
    v.t.buf = MDL_NOVAL;
    v.t.off_sym = MDL_NOVAL;
    v.t.elem = fe_asc_elem_of(x, ty);
    v.t.space = tn[0] == 'L' ? MDL_SPACE_UB : MDL_SPACE_GM;
    return v;
  }
  fe_asc_objkind k = fe_asc_api_objkind(tn);
  TSNode cls = k == FE_OBJ_CLASS ? fe_asc_find_class(x, tn) : NONE;
  if (k == FE_OBJ_CLASS && ts_node_is_null(cls)) {
    if (fe_asc_scalar_type(x, ty, tn))
      return v;
    /* an object of a type ksv does not see (a library tile, a type
       alias): calls that take it are not understood */
    fe_asc_obj *o = mdl_alloc(x->bd.k->arena, sizeof *o);
    o->kind = FE_OBJ_OPAQUE;
    o->type = tn;
    *(fe_asc_obj **)mdl_vec_push(&x->objs, sizeof o) = o;
    v.kind = FE_AV_OBJ;
    v.o = o;
    return v;
  }
  *is_obj = true;
  v.kind = FE_AV_OBJ;
  v.o = fe_asc_new_obj(x, ty, tn, NULL, 0, at);
  return v;
}

/* Default member values of class cls into o (recursively for members of
** class type), in declaration order; base classes first. */
static void init_members(fe_asc_ctx *x, fe_asc_obj *o, TSNode cls, int depth) {
  if (depth > 8)
    return;
  uint32_t nc = ts_node_named_child_count(cls);
  for (uint32_t i = 0; i < nc; i++) {
    TSNode b = ts_node_named_child(cls, i);
    if (!is(b, "base_class_clause"))
      continue;
    uint32_t nb = ts_node_named_child_count(b);
    for (uint32_t j = 0; j < nb; j++) {
      TSNode bn = ts_node_named_child(b, j);
      TSNode bc = is(bn, "access_specifier")
                      ? NONE
                      : fe_asc_find_class(x, fe_asc_last_name(x, bn));
      if (!ts_node_is_null(bc) && !ts_node_eq(bc, cls))
        init_members(x, o, bc, depth + 1);
    }
  }
  TSNode body = field(cls, "body");
  uint32_t n = ts_node_named_child_count(body);
  for (uint32_t i = 0; i < n; i++) {
    TSNode fd = ts_node_named_child(body, i);
    if (!is(fd, "field_declaration"))
      continue;
    TSNode ty = field(fd, "type");
    if (strstr(fe_asc_text(x, fd), "static ") == fe_asc_text(x, fd))
      continue; /* static members: file constants */
    uint32_t m = ts_node_named_child_count(fd);
    for (uint32_t j = 0; j < m; j++) {
      TSNode d = ts_node_named_child(fd, j);
      if (ts_node_eq(d, ty))
        continue;
      TSNode nm = d;
      while (!ts_node_is_null(nm) && !is(nm, "field_identifier")) {
        TSNode in = field(nm, "declarator");
        if (ts_node_is_null(in))
          break;
        nm = in;
      }
      if (!is(nm, "field_identifier"))
        continue;
      if (is(ts_node_child_by_field_name(fd, "declarator", 10),
             "function_declarator"))
        continue;
      bool obj;
      fe_asc_val v;
      TSNode dv = field(fd, "default_value");
      bool ptr = is(d, "pointer_declarator") || is(d, "reference_declarator");
      if (!ts_node_is_null(dv) && j + 1 < m &&
          ts_node_eq(ts_node_named_child(fd, j + 1), dv)) {
        v = fe_asc_expr(x, dv);
      } else if (ptr) {
        v = fe_asc_unknown(); /* set by the constructor */
      } else {
        v = fe_asc_default_of(x, ty, fd, &obj);
        if (obj)
          v.o->owned_by = o;
      }
      uint8_t ct = ptr || is(d, "array_declarator") ? 0 : fe_asc_ctype(x, ty);
      add_field(o, fe_asc_text(x, nm), fe_asc_convert(x, v, ct, fd));
      fe_asc_field_find(o, fe_asc_text(x, nm))->ct = ct;
    }
  }
}

/* Runs constructor ctor of o's class (or only the member defaults when
** there is none) with args. */
static void construct(fe_asc_ctx *x, fe_asc_obj *o, const fe_asc_val *args,
                      uint32_t n, TSNode at) {
  const char *cn = fe_asc_last_name(x, field(o->cls, "name"));
  TSNode ctor = fe_asc_find_func(x, o->cls, cn, n);
  if (ts_node_is_null(ctor))
    return;
  /* the initialiser list runs in the constructor's frame: bind the
     parameters by inlining a frame by hand */
  TSNode il = NONE;
  uint32_t nc = ts_node_named_child_count(ctor);
  for (uint32_t i = 0; i < nc; i++)
    if (is(ts_node_named_child(ctor, i), "field_initializer_list"))
      il = ts_node_named_child(ctor, i);
  if (!ts_node_is_null(il)) {
    uint32_t fr = x->frame;
    fe_asc_obj *self = x->self;
    x->frame = ++x->nframes;
    x->self = o;
    fe_asc_scope_open(x);
    /* parameters: the inliner's binding, without the body */
    fe_asc_bind_params(x, ctor, args, n);
    uint32_t ni = ts_node_named_child_count(il);
    for (uint32_t i = 0; i < ni; i++) {
      TSNode fi = ts_node_named_child(il, i);
      TSNode nm = ts_node_named_child(fi, 0);
      TSNode al = ts_node_named_child(fi, 1);
      fe_asc_val v = fe_asc_unknown();
      if (!ts_node_is_null(al) && ts_node_named_child_count(al) >= 1)
        v = fe_asc_expr(x, ts_node_named_child(al, 0));
      fe_asc_field *f = fe_asc_field_find(o, fe_asc_text(x, nm));
      if (f && f->val.kind == FE_AV_OBJ && f->val.o->kind == FE_OBJ_CLASS &&
          v.kind != FE_AV_OBJ) {
        /* a member object constructed with arguments */
        fe_asc_val a[FE_ASC_MAX_ARGS];
        uint32_t na = ts_node_named_child_count(al);
        for (uint32_t k = 0; k < na && k < FE_ASC_MAX_ARGS; k++)
          a[k] = fe_asc_expr(x, ts_node_named_child(al, k));
        construct(x, f->val.o, a, na < FE_ASC_MAX_ARGS ? na : FE_ASC_MAX_ARGS,
                  fi);
      } else {
        add_field(o, fe_asc_text(x, nm), v);
      }
    }
    fe_asc_scope_close(x, il);
    x->frame = fr;
    x->self = self;
  }
  fe_asc_inline(x, ctor, o, args, n, at);
}

fe_asc_obj *fe_asc_params_obj(fe_asc_ctx *x, const char *tname,
                              const fe_asc_val *args, uint32_t n) {
  fe_asc_obj *o = mdl_alloc(x->bd.k->arena, sizeof *o);
  *(fe_asc_obj **)mdl_vec_push(&x->objs, sizeof o) = o;
  o->type = tname;
  o->kind = FE_OBJ_OPAQUE;
  for (uint32_t i = 0; i < n && i < 10; i++) {
    char nm[4] = {'#', (char)('0' + i), 0, 0};
    const char *fn = mdl_strdup(x->bd.k->arena, nm, strlen(nm));
    uint8_t ct = fe_asc_lib_field_ctype(tname, NULL, (int)i);
    add_field(o, fn, fe_asc_convert(x, args[i], ct, x->at)); /* uint16_t */
    fe_asc_field_find(o, fn)->ct = ct;
  }
  return o;
}

fe_asc_obj *fe_asc_new_obj(fe_asc_ctx *x, TSNode ty, const char *tname,
                           const fe_asc_val *args, uint32_t n, TSNode at) {
  fe_asc_obj *o = mdl_alloc(x->bd.k->arena, sizeof *o);
  *(fe_asc_obj **)mdl_vec_push(&x->objs, sizeof o) = o;
  o->type = tname;
  o->kind = fe_asc_api_objkind(tname);
  if (o->kind != FE_OBJ_CLASS) {
    fe_asc_api_objinit(x, o, ty);
    return o;
  }
  o->cls = fe_asc_find_class(x, tname);
  if (ts_node_is_null(o->cls)) {
    o->kind = FE_OBJ_OPAQUE;
    for (uint32_t i = 0; i < n && i < 10; i++) { /* positional fields */
      char nm[4] = {'#', (char)('0' + i), 0, 0};
      add_field(o, mdl_strdup(x->bd.k->arena, nm, strlen(nm)), args[i]);
    }
    return o;
  }
  TSNode targs;
  type_name(x, ty, &targs);
  fe_asc_bind_template_into(x, o->cls, targs, o);
  fe_asc_obj *self = x->self;
  x->self = o;
  init_members(x, o, o->cls, 0);
  x->self = self;
  construct(x, o, args, n, at);
  return o;
}

/* A new object of class definition cls itself (the header harness: a
** file may hold several partial specialisations of one name, so the
** class is not looked up by name); its template parameters unbound. */
fe_asc_obj *fe_asc_new_obj_cls(fe_asc_ctx *x, TSNode cls, const char *tname,
                               const fe_asc_val *args, uint32_t n,
                               TSNode at) {
  fe_asc_obj *o = mdl_alloc(x->bd.k->arena, sizeof *o);
  *(fe_asc_obj **)mdl_vec_push(&x->objs, sizeof o) = o;
  o->type = tname;
  o->kind = FE_OBJ_CLASS;
  o->cls = cls;
  fe_asc_bind_template_into(x, cls, NONE, o);
  fe_asc_obj *self = x->self;
  x->self = o;
  init_members(x, o, cls, 0);
  x->self = self;
  construct(x, o, args, n, at);
  return o;
}

/* Destroys o: its destructor's body, then its members in reverse order
** (library objects: the queue framework's TPipe end of life). */
static void destroy(fe_asc_ctx *x, fe_asc_obj *o, TSNode at, int depth) {
  if (depth > 8)
    return;
  if (o->kind == FE_OBJ_TPIPE || o->kind == FE_OBJ_TQUE) {
    fe_asc_que_destroy(x, o, fe_asc_loc(x, at));
    return;
  }
  if (o->kind != FE_OBJ_CLASS)
    return;
  char dn[200];
  snprintf(dn, sizeof dn, "~%s", fe_asc_last_name(x, field(o->cls, "name")));
  TSNode d = fe_asc_find_func(x, o->cls, dn, 0);
  if (!ts_node_is_null(d))
    fe_asc_inline(x, d, o, NULL, 0, at);
  for (uint32_t i = o->fields.len; i-- > 0;) {
    fe_asc_field *f = &MDL_VEC_AT(o->fields, fe_asc_field, i);
    if (f->val.kind == FE_AV_OBJ && f->val.o != o && f->val.o->owned_by == o)
      destroy(x, f->val.o, at, depth + 1);
  }
}

void fe_asc_run_dtor(fe_asc_ctx *x, fe_asc_obj *o, TSNode at) {
  destroy(x, o, at, 0);
}

/* ------------------------------------------------------------- calls */

/* Does a value carry what a call ksv cannot see could use for sync or
** accesses (a tensor, a pipe, an event)? */
static bool touches(const fe_asc_val *v) {
  return v->kind == FE_AV_LTENSOR || v->kind == FE_AV_GTENSOR ||
         v->kind == FE_AV_PIPE || v->kind == FE_AV_HEVT ||
         (v->kind == FE_AV_OBJ &&
          !(v->o->type && !strcmp(v->o->type, "tiling")));
}

/* Library calls that touch neither sync nor the tensors' bytes (or whose
** effect the model does not need): ignored even with tensor arguments. */
static bool harmless(const char *name) {
  static const char *const h[] = {
      "InitSocState", "printf", "PRINTF", "DumpTensor", "DumpAccChkPoint",
      "assert", "ASSERT", "SetAtomicAdd", "SetAtomicNone", "SetAtomicMax",
      "SetAtomicMin", "SetAtomicType", "SetMaskCount", "SetMaskNorm",
      "SetVectorMask", "ResetMask", "SetSysWorkspace", "GetSysWorkSpacePtr",
      "GetUserWorkspace", "SetLoadDataPaddingValue", "SetFixpipeNz2ndFlag",
      "SetFixPipeConfig", "SetHF32Mode", "SetHF32TransMode",
      "SetMMLayoutTransform", "GetSize", "GetLength", "GetPhyAddr",
      "SetSize", "SetShapeInfo", "GetShapeInfo", "SetBufferLen", "trap",
      "KERNEL_TASK_TYPE_DEFAULT", "KERNEL_TASK_TYPE", "set_mask_norm",
      "set_vector_mask", "set_atomic_none", "set_atomic_add", "set_ctrl",
      "get_ctrl", "set_padding", "SetCtrlSpr", "ResetCtrlSpr", NULL};
  for (int i = 0; h[i]; i++)
    if (!strcmp(h[i], name))
      return true;
  return false;
}

/* A function-like macro of the file (the preprocessor does not expand
** them): does its body name a library call of the table (a sync, a data
** op)?  Then a call of it can affect sync or accesses. */
static bool macro_calls_library(const fe_asc_ctx *x, const char *name) {
  const fe_asc_macro *m = fe_asc_macro_find(x->u, name);
  if (!m || !m->function_like || !m->body)
    return false;
  for (const char *p = m->body; *p;) {
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_')) {
      p++;
      continue;
    }
    char id[64];
    size_t n = 0;
    while (((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
            (*p >= '0' && *p <= '9') || *p == '_')) {
      if (n + 1 < sizeof id)
        id[n++] = *p;
      p++;
    }
    id[n] = 0;
    if (fe_asc_api_known(id))
      return true;
  }
  return false;
}

/* Splits a callee node into its name, template arguments and receiver
** expression (null for a free function). */
static void callee_parts(fe_asc_ctx *x, TSNode fn, const char **name,
                         TSNode *targs, TSNode *recv) {
  *targs = NONE;
  *recv = NONE;
  if (is(fn, "field_expression")) {
    *recv = field(fn, "argument");
    fn = field(fn, "field");
  }
  for (int g = 0; g < 8; g++) {
    if (is(fn, "qualified_identifier")) {
      fn = field(fn, "name");
    } else if (is(fn, "template_function") || is(fn, "template_method")) {
      *targs = field(fn, "arguments");
      fn = field(fn, "name");
    } else {
      break;
    }
  }
  *name = fe_asc_text(x, fn);
}

static uint32_t eval_list(fe_asc_ctx *x, TSNode list, fe_asc_val *out,
                          TSNode *nodes) {
  uint32_t n = 0, nc = ts_node_is_null(list) ? 0 : ts_node_named_child_count(list);
  for (uint32_t i = 0; i < nc && n < FE_ASC_MAX_ARGS; i++) {
    TSNode a = ts_node_named_child(list, i);
    if (is(a, "comment"))
      continue;
    nodes[n] = a;
    out[n++] = fe_asc_expr(x, a);
  }
  return n;
}

/* Template arguments: types become FE_AV_TYPE (their size), the rest are
** evaluated (HardEvent::MTE2_V, PIPE_V, 2). */
static uint32_t eval_targs(fe_asc_ctx *x, TSNode list, fe_asc_val *out,
                           TSNode *nodes) {
  uint32_t n = 0, nc = ts_node_is_null(list) ? 0 : ts_node_named_child_count(list);
  for (uint32_t i = 0; i < nc && n < FE_ASC_MAX_ARGS; i++) {
    TSNode a = ts_node_named_child(list, i);
    nodes[n] = a;
    uint32_t sz = fe_asc_sizeof(fe_asc_text(x, a));
    if (sz && is(a, "type_descriptor")) {
      out[n] = fe_asc_unknown();
      out[n].kind = FE_AV_TYPE;
      out[n].i = sz;
    } else {
      out[n] = fe_asc_expr(x, a);
    }
    n++;
  }
  return n;
}

/* Method name of receiver object o's class (or a base), or null. */
static TSNode method_of(fe_asc_ctx *x, fe_asc_obj *o, const char *name,
                        uint32_t n) {
  if (!o || o->kind != FE_OBJ_CLASS)
    return NONE;
  return fe_asc_find_func(x, o->cls, name, n);
}

/* `obj(args)` on an object of a class of the file: its operator(), the
** specialisation for this core when there is one (catlass's
** `operator()<AscendC::AIC>`), else the primary. */
static TSNode call_operator(fe_asc_ctx *x, fe_asc_obj *o) {
  TSNode body = field(o->cls, "body"), primary = NONE, mine = NONE;
  int want = x->core == FE_ASC_CORE_AIC ? 0 : 1;
  uint32_t n = ts_node_named_child_count(body);
  for (uint32_t i = 0; i < n; i++) {
    TSNode d = ts_node_named_child(body, i);
    if (is(d, "template_declaration"))
      d = ts_node_named_child(d, ts_node_named_child_count(d) - 1);
    if (!is(d, "function_definition") || ts_node_is_null(field(d, "body")))
      continue;
    TSNode fd = field(d, "declarator");
    while (!ts_node_is_null(fd) && !is(fd, "function_declarator"))
      fd = field(fd, "declarator");
    const char *nm = fe_asc_text(x, field(fd, "declarator"));
    if (strncmp(nm, "operator()", 10))
      continue;
    /* the specialisation's <AscendC::AIC> is blanked by the normaliser:
       fe_asc_op_core reads the original text */
    int oc = fe_asc_op_core(x->u, d);
    if (oc < 0 && ts_node_is_null(primary))
      primary = d;
    else if (oc == want)
      mine = d;
  }
  return ts_node_is_null(mine) ? primary : mine;
}

fe_asc_val fe_asc_call_expr(fe_asc_ctx *x, TSNode call) {
  TSNode fn = field(call, "function");
  const char *name;
  TSNode targs, recv;
  callee_parts(x, fn, &name, &targs, &recv);
  fe_asc_call *c = calloc(1, sizeof *c);
  fe_asc_val r = fe_asc_unknown();
  c->name = name;
  c->qual = fe_asc_text(x, fn);
  c->node = call;
  fe_asc_val rv = fe_asc_unknown();
  if (!ts_node_is_null(recv)) {
    rv = fe_asc_expr(x, recv);
    if (rv.kind == FE_AV_OBJ)
      c->obj = rv.o;
    else if (rv.kind == FE_AV_LTENSOR || rv.kind == FE_AV_GTENSOR)
      c->recv = &rv;
  }
  c->nargs = eval_list(x, field(call, "arguments"), c->arg, c->arg_node);
  c->ntargs = eval_targs(x, targs, c->targ, c->targ_node);
  TSNode def = NONE;
  fe_asc_obj *self = NULL;
  if (ts_node_is_null(recv) && (is(fn, "identifier") ||
                                is(fn, "field_expression"))) {
    fe_asc_val fv = fe_asc_expr(x, fn);
    if (fv.kind == FE_AV_OBJ && fv.o->kind == FE_OBJ_CLASS) {
      def = call_operator(x, fv.o);
      self = fv.o;
      if (ts_node_is_null(def)) {
        fe_asc_unsupported(x, call, "a call of an object without a visible "
                           "operator()");
        free(c);
        return r;
      }
    }
  }
  if (!ts_node_is_null(def)) {
  } else if (c->obj) {
    def = method_of(x, c->obj, name, c->nargs);
    self = c->obj;
  } else if (ts_node_is_null(recv)) {
    if (x->self && !strstr(c->qual, "AscendC::")) {
      def = method_of(x, x->self, name, c->nargs);
      self = x->self;
    }
    if (ts_node_is_null(def) && !strstr(c->qual, "AscendC::")) {
      def = fe_asc_find_func(x, NONE, name, c->nargs);
      self = NULL;
      if (!ts_node_is_null(def) && strchr(c->qual, ':')) {
        /* Class::Static(...) or ns::f(...): the definition named so */
        TSNode q = fn;
        while (is(q, "template_function"))
          q = field(q, "name");
        (void)q;
      }
    }
  }
  if (ts_node_is_null(def) && !c->obj && !c->recv && strstr(name, "Params")) {
    /* a library parameter struct built in place (DataCopyParams(1, 8, 0,
       0)): its positional fields, for the extents of the op it is given */
    r.kind = FE_AV_OBJ;
    r.o = fe_asc_params_obj(x, name, c->arg, c->nargs);
  } else if (!ts_node_is_null(def) && self &&
      !strncmp(fe_asc_text(x, def), "virtual", 7)) {
    fe_asc_unsupported(x, call, "a call of virtual '%s' (dynamic dispatch)",
                       name);
  } else if (!ts_node_is_null(def)) {
    r = fe_asc_inline_t(x, def, self, c->arg, c->nargs, call, targs);
  } else if (fe_asc_api_call(x, c, &r)) {
    if (c->recv && !ts_node_is_null(recv))
      fe_asc_assign(x, recv, rv); /* g.SetGlobalBuffer(...) updated g */
  } else if (macro_calls_library(x, name)) {
    fe_asc_unsupported(x, call, "function-like macro '%s' that expands to "
                       "library calls (ksv does not expand function-like "
                       "macros)", name);
  } else if (!harmless(name)) {
    bool t = c->recv != NULL ||
             (c->obj && c->obj->kind != FE_OBJ_CLASS &&
              !(c->obj->type && !strcmp(c->obj->type, "tiling")));
    for (uint32_t i = 0; i < c->nargs && !t; i++)
      t = touches(&c->arg[i]);
    for (uint32_t i = 0; i < c->ntargs && !t; i++)
      t = c->targ[i].kind == FE_AV_HEVT || c->targ[i].kind == FE_AV_PIPE;
    if (t || fe_asc_api_known(name))
      x->n_opaque++;
    if (t || fe_asc_api_known(name))
      fe_asc_unsupported(x, call,
                         "call of '%s' that ksv cannot see or does not model, "
                         "with tensors, pipes or events",
                         c->qual);
  }
  free(c);
  return r;
}
