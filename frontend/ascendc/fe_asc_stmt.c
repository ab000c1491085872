/*
** fe_asc_stmt.c -- statements of the Ascend C extraction: declarations
** (scalars, tensors, objects of the file's classes and of the library),
** control flow (if / if constexpr / switch fold on constants, a model
** branch on symbolic conditions; loops unrolled when their trip count is a
** small constant, a model loop otherwise), and calls: the file's free
** functions, methods, constructors and destructors are inlined (depth
** FE_ASC_MAX_INLINE, recursion is not understood), library calls go to the
** table of fe_asc_api.c / fe_asc_que.c.
*/
#include "fe_asc_x.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>

static const TSNode NONE_NODE = {{0}, 0, 0};

static bool is(TSNode n, const char *t) {
  return !ts_node_is_null(n) && !strcmp(ts_node_type(n), t);
}

static TSNode field(TSNode n, const char *name) {
  if (ts_node_is_null(n)) /* (the runtime does not check) */
    return n;
  return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

/* ------------------------------------------------------------ scopes */

void fe_asc_scope_open(fe_asc_ctx *x) {
  uint32_t *m = mdl_vec_push(&x->scopes, sizeof *m);
  *m = x->vars.len;
}


void fe_asc_scope_close(fe_asc_ctx *x, TSNode at) {
  if (!x->scopes.len)
    return;
  uint32_t sc = x->scopes.len;
  while (x->dtors.len &&
         MDL_VEC_AT(x->dtors, fe_asc_dtor, x->dtors.len - 1).scope >= sc) {
    fe_asc_obj *o = MDL_VEC_AT(x->dtors, fe_asc_dtor, x->dtors.len - 1).o;
    x->dtors.len--;
    fe_asc_run_dtor(x, o, at);
  }
  x->vars.len = MDL_VEC_AT(x->scopes, uint32_t, sc - 1);
  x->scopes.len--;
}

/* --------------------------------------------------- finding definitions */

/* The name of a function definition's declarator ("Process", "K::Init",
** "~K"), and its parameter list. */
static TSNode fn_declarator(TSNode fn) {
  TSNode d = field(fn, "declarator");
  for (int g = 0; g < 8 && !ts_node_is_null(d) && !is(d, "function_declarator");
       g++)
    d = field(d, "declarator");
  return d;
}

static uint32_t count_params(TSNode fd) {
  TSNode pl = field(fd, "parameters");
  uint32_t n = 0, nc = ts_node_named_child_count(pl);
  for (uint32_t i = 0; i < nc; i++) {
    const char *t = ts_node_type(ts_node_named_child(pl, i));
    if (!strcmp(t, "parameter_declaration") ||
        !strcmp(t, "optional_parameter_declaration"))
      n++;
  }
  return n;
}

/* Does function definition fn declare name (its last component) and,
** qualified, scope cls_name (NULL: any)? */
static bool fn_named(fe_asc_ctx *x, TSNode fn, const char *name,
                     const char *scope) {
  TSNode fd = fn_declarator(fn);
  if (ts_node_is_null(fd))
    return false;
  TSNode dn = field(fd, "declarator");
  if (is(dn, "qualified_identifier")) {
    if (scope && !fe_asc_is(x, field(dn, "scope"), scope) &&
        strcmp(fe_asc_last_name(x, field(dn, "scope")), scope))
      return false; /* (K<T>::M of a class template: its last name) */
    dn = field(dn, "name");
  } else if (scope) {
    return false;
  }
  if (is(dn, "destructor_name") || is(dn, "template_function"))
    return !strcmp(fe_asc_text(x, dn), name) ||
           !strcmp(fe_asc_last_name(x, dn), name);
  return fe_asc_is(x, dn, name);
}

typedef struct {
  fe_asc_ctx *x;
  const char *name, *scope;
  const char *kind;            /* node type sought */
  uint32_t nargs;              /* functions: preferred arity */
  TSNode best;
  bool best_exact;
} finder;

/* One definition node of the index against the finder. */
static void find_one(finder *fi, TSNode n) {
  if (!is(n, fi->kind))
    return;
  if (is(n, "function_definition")) {
    if (!ts_node_is_null(field(n, "body")) &&
        fn_named(fi->x, n, fi->name, fi->scope)) {
      bool exact = count_params(fn_declarator(n)) == fi->nargs;
      if (ts_node_is_null(fi->best) || (exact && !fi->best_exact)) {
        fi->best = n;
        fi->best_exact = exact;
      }
    }
    return;
  }
  TSNode nm = field(n, "name");
  if (ts_node_is_null(fi->best) && !ts_node_is_null(nm) &&
      !ts_node_is_null(field(n, "body")) &&
      !strcmp(fe_asc_last_name(fi->x, nm), fi->name))
    fi->best = n;
}

/* The definitions of fi's kind inside node `within`, outside function
** bodies, in document order: the first that fits (a function: the first
** of the wanted arity, else the first). */
static void find_in(finder *fi, TSNode within) {
  if (ts_node_is_null(within))
    return;
  fe_asc_index(fi->x);
  uint32_t lo = ts_node_start_byte(within), hi = ts_node_end_byte(within);
  const mdl_vec *v = &fi->x->idx_defs;
  for (uint32_t i = 0; i < v->len; i++) {
    const fe_asc_defname *dn = &MDL_VEC_AT(fi->x->idx_names, fe_asc_defname, i);
    if (strcmp(dn->text, fi->name) && strcmp(dn->last, fi->name))
      continue; /* (what find_one would compare, read once) */
    TSNode n = MDL_VEC_AT(*v, TSNode, i);
    uint32_t b = ts_node_start_byte(n);
    if (b >= lo && b < hi && !ts_node_eq(n, within))
      find_one(fi, n);
  }
}

/* What the index keeps: definitions (functions are not entered), and
** declarations, which are not entered either. */
static bool is_def(const char *t) {
  return !strcmp(t, "function_definition") || !strcmp(t, "class_specifier") ||
         !strcmp(t, "struct_specifier") || !strcmp(t, "enum_specifier") ||
         !strcmp(t, "alias_declaration") || !strcmp(t, "type_definition");
}

static bool is_decl(const char *t) {
  return !strcmp(t, "declaration") || !strcmp(t, "field_declaration") ||
         !strcmp(t, "enumerator_list");
}

/* The names find_one compares: a function's declarator name (past its
** scope) as written and its last name; a class's or enum's last name. */
static fe_asc_defname def_name(fe_asc_ctx *x, TSNode n) {
  fe_asc_defname d = {"", ""};
  TSNode dn = field(n, "name");
  if (is(n, "function_definition")) {
    TSNode fd = fn_declarator(n);
    dn = ts_node_is_null(fd) ? fd : field(fd, "declarator");
    if (is(dn, "qualified_identifier"))
      dn = field(dn, "name");
  }
  if (is(n, "type_definition")) /* typedef T name; */
    dn = field(n, "declarator");
  if (!ts_node_is_null(dn)) {
    d.text = fe_asc_text(x, dn);
    d.last = fe_asc_last_name(x, dn);
  }
  return d;
}

void fe_asc_index(fe_asc_ctx *x) {
  if (x->indexed)
    return;
  x->indexed = true;
  TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(x->u->tree));
  int depth = 0, in_decl = -1; /* depth of the declaration we are in */
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&c);
    const char *t = ts_node_type(n);
    bool enter = depth < 48 && strcmp(t, "compound_statement") &&
                 strcmp(t, "parameter_list") &&
                 strcmp(t, "function_definition"); /* bodies: locals */
    if (ts_node_is_named(n) && is_def(t) && depth > 0) {
      *(TSNode *)mdl_vec_push(&x->idx_defs, sizeof n) = n;
      *(fe_asc_defname *)mdl_vec_push(&x->idx_names,
                                      sizeof(fe_asc_defname)) =
          def_name(x, n);
    }
    if (ts_node_is_named(n) && is_decl(t) && in_decl < 0) {
      /* constants are read off the outermost declaration only; a class
         defined in it is still a definition */
      *(TSNode *)mdl_vec_push(&x->idx_decls, sizeof n) = n;
      if (enter)
        in_decl = depth;
    }
    if (enter && ts_tree_cursor_goto_first_child(&c)) {
      depth++;
      continue;
    }
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (!ts_tree_cursor_goto_parent(&c)) {
        ts_tree_cursor_delete(&c);
        return;
      }
      if (--depth == in_decl)
        in_decl = -1;
    }
    if (depth == in_decl)
      in_decl = -1;
  }
}

/* Definitions found, by "kind:class offset:name:arity" (each search walks
** the tree: a kernel looks the same names up again and again). */
static bool cached(fe_asc_ctx *x, const char *key, TSNode *out) {
  uint32_t i;
  if (!fe_asc_map_get(&x->defs, key, strlen(key), &i))
    return false;
  *out = MDL_VEC_AT(x->def_nodes, TSNode, i);
  return true;
}

static TSNode remember(fe_asc_ctx *x, const char *key, TSNode n) {
  *(TSNode *)mdl_vec_push(&x->def_nodes, sizeof n) = n;
  fe_asc_map_put(&x->defs, key, strlen(key), x->def_nodes.len - 1);
  return n;
}

static TSNode find_enum1(fe_asc_ctx *x, const char *name) {
  finder fi = {x, name, NULL, "enum_specifier", 0, {{0}, 0, 0}, false};
  find_in(&fi, ts_tree_root_node(x->u->tree));
  return fi.best;
}

TSNode fe_asc_find_enum(fe_asc_ctx *x, const char *name) {
  char key[300];
  TSNode n;
  snprintf(key, sizeof key, "e:%s", name);
  return cached(x, key, &n) ? n : remember(x, key, find_enum1(x, name));
}

static TSNode find_class1(fe_asc_ctx *x, const char *name);

/* The type an alias of the file names: `using name = T;`, `typedef T
** name;` (outside function bodies, the first), or a null node. */
TSNode fe_asc_find_alias(fe_asc_ctx *x, const char *name) {
  fe_asc_index(x);
  const mdl_vec *v = &x->idx_defs;
  for (uint32_t i = 0; i < v->len; i++) {
    const fe_asc_defname *dn = &MDL_VEC_AT(x->idx_names, fe_asc_defname, i);
    TSNode n = MDL_VEC_AT(*v, TSNode, i);
    if ((is(n, "alias_declaration") || is(n, "type_definition")) &&
        (!strcmp(dn->text, name) || !strcmp(dn->last, name)))
      return field(n, "type");
  }
  TSNode none = {{0}, 0, 0};
  return none;
}

TSNode fe_asc_find_class(fe_asc_ctx *x, const char *name) {
  char key[300];
  TSNode n;
  snprintf(key, sizeof key, "c:%s", name);
  return cached(x, key, &n) ? n : remember(x, key, find_class1(x, name));
}

static TSNode find_class1(fe_asc_ctx *x, const char *name) {
  finder fi = {x, name, NULL, "class_specifier", 0, {{0}, 0, 0}, false};
  find_in(&fi, ts_tree_root_node(x->u->tree));
  if (ts_node_is_null(fi.best)) {
    fi.kind = "struct_specifier";
    find_in(&fi, ts_tree_root_node(x->u->tree));
  }
  return fi.best;
}

static const char *class_name(fe_asc_ctx *x, TSNode cls) {
  return fe_asc_last_name(x, field(cls, "name"));
}

static TSNode find_func1(fe_asc_ctx *x, TSNode cls, const char *name,
                         uint32_t nargs);

TSNode fe_asc_find_func(fe_asc_ctx *x, TSNode cls, const char *name,
                        uint32_t nargs) {
  char key[320];
  TSNode n;
  snprintf(key, sizeof key, "f:%u:%s:%u",
           ts_node_is_null(cls) ? ~0u : ts_node_start_byte(cls), name, nargs);
  return cached(x, key, &n) ? n : remember(x, key,
                                           find_func1(x, cls, name, nargs));
}

static TSNode find_func1(fe_asc_ctx *x, TSNode cls, const char *name,
                         uint32_t nargs) {
  finder fi = {x, name, NULL, "function_definition", nargs, {{0}, 0, 0},
               false};
  if (!ts_node_is_null(cls)) {
    find_in(&fi, field(cls, "body")); /* defined in the class */
    if (ts_node_is_null(fi.best)) {      /* or outside: K::Name */
      fi.scope = class_name(x, cls);
      find_in(&fi, ts_tree_root_node(x->u->tree));
      fi.scope = NULL;
    }
    if (ts_node_is_null(fi.best)) { /* a base class's */
      TSNode body = field(cls, "body");
      uint32_t nc = ts_node_named_child_count(cls);
      for (uint32_t i = 0; i < nc && ts_node_is_null(fi.best); i++) {
        TSNode b = ts_node_named_child(cls, i);
        if (!is(b, "base_class_clause"))
          continue;
        uint32_t nb = ts_node_named_child_count(b);
        for (uint32_t j = 0; j < nb && ts_node_is_null(fi.best); j++) {
          TSNode bn = ts_node_named_child(b, j);
          if (is(bn, "access_specifier"))
            continue;
          TSNode bc = fe_asc_find_class(x, fe_asc_last_name(x, bn));
          if (!ts_node_is_null(bc) && !ts_node_eq(bc, cls))
            fi.best = fe_asc_find_func(x, bc, name, nargs);
        }
      }
      (void)body;
    }
    return fi.best;
  }
  find_in(&fi, ts_tree_root_node(x->u->tree));
  return fi.best;
}

/* ---------------------------------------------------------- inlining */

/* The identifier a (parameter) declarator declares. */
static TSNode declarator_name(TSNode d) {
  for (int g = 0; g < 8 && !ts_node_is_null(d); g++) {
    if (is(d, "identifier") || is(d, "field_identifier"))
      return d;
    TSNode in = field(d, "declarator");
    if (ts_node_is_null(in))
      in = ts_node_named_child(d, ts_node_named_child_count(d) - 1);
    d = in;
  }
  return d;
}

/* The template parameters of the template_declaration around node n (a
** function or class definition), or a null node. */
static TSNode template_params(TSNode n) {
  TSNode p = ts_node_parent(n);
  if (is(p, "template_declaration"))
    return field(p, "parameters");
  return (TSNode){{0}, 0, 0};
}

/* Binds template parameters tp to the template argument nodes targs (a
** template_argument_list), evaluated; a type parameter T binds to its
** size (sizeof) so LocalTensor<T> knows its elements. */
static void bind_template(fe_asc_ctx *x, TSNode tp, TSNode targs,
                          fe_asc_obj *into);

void fe_asc_bind_template_into(fe_asc_ctx *x, TSNode cls, TSNode targs,
                               fe_asc_obj *o) {
  bind_template(x, template_params(cls), targs, o);
}

void fe_asc_bind_params(fe_asc_ctx *x, TSNode fn, const fe_asc_val *args,
                        uint32_t n);

static void bind_template(fe_asc_ctx *x, TSNode tp, TSNode targs,
                          fe_asc_obj *into) {
  if (ts_node_is_null(tp))
    return;
  uint32_t np = ts_node_named_child_count(tp), k = 0;
  uint32_t na = ts_node_is_null(targs) ? 0 : ts_node_named_child_count(targs);
  for (uint32_t i = 0; i < np; i++) {
    TSNode p = ts_node_named_child(tp, i);
    TSNode nm = field(p, "name");
    if (ts_node_is_null(nm))
      nm = declarator_name(field(p, "declarator"));
    if (ts_node_is_null(nm)) {
      uint32_t pc = ts_node_named_child_count(p);
      nm = pc ? ts_node_named_child(p, pc - 1) : nm;
    }
    const char *name = fe_asc_text(x, nm);
    bool type_param = strstr(ts_node_type(p), "type_parameter") != NULL;
    fe_asc_val v = fe_asc_unknown();
    if (k < na) {
      TSNode a = ts_node_named_child(targs, k++);
      if (type_param) {
        uint32_t sz = fe_asc_sizeof(fe_asc_text(x, a));
        if (!sz) { /* a type parameter of the enclosing template */
          fe_asc_val tv;
          if (fe_asc_lookup(x, fe_asc_text(x, a), &tv) &&
              tv.kind == FE_AV_TYPE)
            sz = (uint32_t)tv.i;
        }
        v.kind = FE_AV_TYPE;
        v.i = sz;
      } else {
        v = fe_asc_expr(x, a);
      }
    } else {
      TSNode dv = field(p, "default_value");
      if (!ts_node_is_null(dv) && !type_param)
        v = fe_asc_expr(x, dv);
      else if (!ts_node_is_null(dv)) {
        v.kind = FE_AV_TYPE;
        v.i = fe_asc_sizeof(fe_asc_text(x, dv));
      } else if (!type_param) /* not given (a header harness's class):
                                 a symbolic constant, as a template
                                 kernel's (helper H) */
        v = fe_asc_atom(x, -1, name, fe_asc_loc(x, p));
    }
    if (into) {
      fe_asc_field *f = mdl_vec_push(&into->fields, sizeof *f);
      f->name = name;
      f->val = v;
    } else {
      fe_asc_bind(x, name, v);
    }
  }
}

/* Binds the parameters of function declarator fd to args; a parameter
** `LocalTensor<T>` whose T is a template parameter not given binds T to
** the argument's element size. */
void fe_asc_bind_params(fe_asc_ctx *x, TSNode fn, const fe_asc_val *args,
                        uint32_t n) {
  TSNode fd = fn_declarator(fn);
  TSNode pl = field(fd, "parameters");
  uint32_t nc = ts_node_named_child_count(pl), k = 0;
  for (uint32_t i = 0; i < nc; i++) {
    TSNode p = ts_node_named_child(pl, i);
    if (!is(p, "parameter_declaration") &&
        !is(p, "optional_parameter_declaration"))
      continue;
    TSNode nm = declarator_name(field(p, "declarator"));
    fe_asc_val v = fe_asc_unknown();
    if (k < n)
      v = args[k];
    else if (!ts_node_is_null(field(p, "default_value")))
      v = fe_asc_expr(x, field(p, "default_value"));
    k++;
    if ((v.kind == FE_AV_LTENSOR || v.kind == FE_AV_GTENSOR) && v.t.elem) {
      /* deduce T of LocalTensor<T> / GlobalTensor<T> / T* */
      TSNode ty = field(p, "type");
      TSNode ta = is(ty, "qualified_identifier") ? field(ty, "name") : ty;
      TSNode tl = field(ta, "arguments");
      TSNode t0 = ts_node_is_null(tl) ? ty : ts_node_named_child(tl, 0);
      const char *tn = fe_asc_text(x, t0);
      fe_asc_val tv;
      if (!fe_asc_sizeof(tn) && (!fe_asc_lookup(x, tn, &tv) ||
                                 (tv.kind == FE_AV_TYPE && !tv.i))) {
        tv = fe_asc_unknown();
        tv.kind = FE_AV_TYPE;
        tv.i = v.t.elem;
        fe_asc_bind(x, tn, tv);
      }
    }
    if (v.kind == FE_AV_GTENSOR && fe_asc_struct_of(x, field(p, "type")))
      v.t.st = fe_asc_struct_of(x, field(p, "type")); /* S *p, const S &s */
    if (!ts_node_is_null(nm) && ts_node_named_child_count(nm) == 0) {
      TSNode pd = field(p, "declarator");
      uint8_t ct = is(pd, "pointer_declarator") || is(pd, "array_declarator")
                       ? 0 : fe_asc_ctype(x, field(p, "type"));
      fe_asc_bind(x, fe_asc_text(x, nm), fe_asc_convert(x, v, ct, p));
      fe_asc_var_find(x, fe_asc_text(x, nm))->ct = ct;
    }
  }
}

fe_asc_val fe_asc_inline_t(fe_asc_ctx *x, TSNode fn, fe_asc_obj *self,
                           const fe_asc_val *args, uint32_t n, TSNode call,
                           TSNode targs) {
  for (uint32_t i = 0; i < x->depth; i++)
    if (ts_node_eq(x->fn_stack[i], fn)) {
      fe_asc_unsupported(x, call, "recursive call of '%s'",
                         fe_asc_text(x, field(fn_declarator(fn),
                                              "declarator")));
      return fe_asc_unknown();
    }
  if (x->depth >= FE_ASC_MAX_INLINE) {
    fe_asc_unsupported(x, call, "calls nested deeper than %d",
                       FE_ASC_MAX_INLINE);
    return fe_asc_unknown();
  }
  /* the inlining chain: this call, inside the caller's chain */
  uint32_t saved_chain = x->chain;
  {
    TSNode dn = field(fn_declarator(fn), "declarator");
    uint32_t ch = mdl_b_chain(x->bd.k, x->chain, fe_asc_last_name(x, dn),
                              fe_asc_loc(x, call));
    if (ch != MDL_B_NONE)
      x->chain = ch;
  }
  x->fn_stack[x->depth++] = fn;
  uint32_t saved_frame = x->frame;
  fe_asc_obj *saved_self = x->self;
  mdl_block *saved_blk = x->bd.blk;
  uint32_t saved_level = x->level, saved_fn_level = x->fn_level;
  uint32_t saved_fn_scope = x->fn_scope;
  /* the arguments were evaluated in the caller's frame; bind them in a
     new one, where the caller's locals are not visible */
  x->frame = ++x->nframes;
  x->self = self;
  fe_asc_scope_open(x);
  x->fn_scope = x->scopes.len;
  bind_template(x, template_params(fn), targs, NULL);
  fe_asc_bind_params(x, fn, args, n);
  x->ret = fe_asc_unknown();
  x->fn_level = x->level;
  TSNode body = field(fn, "body");
  fe_asc_flow fl = fe_asc_stmt(x, body);
  (void)fl;
  fe_asc_val r = x->ret;
  fe_asc_scope_close(x, body);
  x->frame = saved_frame;
  x->self = saved_self;
  x->bd.blk = saved_blk; /* an early return may have moved it */
  x->level = saved_level;
  x->fn_level = saved_fn_level;
  x->fn_scope = saved_fn_scope;
  x->chain = saved_chain;
  x->depth--;
  return r;
}

fe_asc_val fe_asc_inline(fe_asc_ctx *x, TSNode fn, fe_asc_obj *self,
                         const fe_asc_val *args, uint32_t n, TSNode call) {
  return fe_asc_inline_t(x, fn, self, args, n, call, (TSNode){{0}, 0, 0});
}

/* ------------------------------------------------------- declarations */

static fe_asc_val static_tensor(fe_asc_ctx *x, TSNode ty, TSNode args,
                                TSNode at) {
  fe_asc_val a[FE_ASC_MAX_ARGS];
  uint32_t n = 0, nc = ts_node_named_child_count(args);
  for (uint32_t i = 0; i < nc && n < FE_ASC_MAX_ARGS; i++)
    a[n++] = fe_asc_expr(x, ts_node_named_child(args, i));
  return fe_asc_api_static_tensor(x, fe_asc_elem_of(x, ty), a, n, at);
}

static bool is_tensor_type(fe_asc_ctx *x, TSNode ty, char which) {
  const char *t = fe_asc_last_name(x, ty);
  return !strcmp(t, which == 'L' ? "LocalTensor" : "GlobalTensor");
}

/* One declarator d of a declaration of type ty. */
static void declare_one(fe_asc_ctx *x, TSNode ty, TSNode d) {
  TSNode val = NONE_NODE;
  TSNode decl = d;
  if (is(d, "init_declarator")) {
    decl = field(d, "declarator");
    val = field(d, "value");
  }
  TSNode nm = declarator_name(decl);
  if (ts_node_is_null(nm) || ts_node_named_child_count(nm))
    return;
  bool byref = is(decl, "reference_declarator") ||
               is(decl, "pointer_declarator");
  fe_asc_val v = fe_asc_unknown();
  bool ctor_args = is(val, "argument_list") ||
                   (is(val, "initializer_list") && !byref);
  if (ctor_args && is_tensor_type(x, ty, 'L') &&
      ts_node_named_child_count(val) >= 2) {
    v = static_tensor(x, ty, val, d);
  } else if (ctor_args && !is_tensor_type(x, ty, 'L') &&
             !is_tensor_type(x, ty, 'G')) {
    bool obj;
    fe_asc_val a[FE_ASC_MAX_ARGS];
    uint32_t n = 0, nc = ts_node_named_child_count(val);
    for (uint32_t i = 0; i < nc && n < FE_ASC_MAX_ARGS; i++)
      a[n++] = fe_asc_expr(x, ts_node_named_child(val, i));
    TSNode targs_dummy;
    (void)targs_dummy;
    const char *tn = fe_asc_last_name(x, ty);
    if (fe_asc_api_objkind(tn) != FE_OBJ_CLASS ||
        !ts_node_is_null(fe_asc_find_class(x, tn))) {
      v.kind = FE_AV_OBJ;
      v.o = fe_asc_new_obj(x, ty, tn, a, n, d);
      fe_asc_dtor *dt = mdl_vec_push(&x->dtors, sizeof *dt);
      dt->o = v.o;
      dt->scope = x->scopes.len;
    } else if (n == 1 && fe_asc_scalar_type(x, ty, tn)) {
      v = a[0]; /* int x(3); int x{3}; */
    } else if (!fe_asc_scalar_type(x, ty, tn)) {
      v.kind = FE_AV_OBJ; /* DataCopyParams p{1, 8, 0, 0}: a library struct */
      v.o = fe_asc_params_obj(x, tn, a, n);
    }
    (void)obj;
  } else if (!ts_node_is_null(val)) {
    v = fe_asc_expr(x, val);
    if (v.kind == FE_AV_LTENSOR && !v.t.elem)
      v.t.elem = fe_asc_elem_of(x, ty);
  } else if (!byref) {
    bool obj;
    v = fe_asc_default_of(x, ty, d, &obj);
    if (obj) {
      fe_asc_dtor *dt = mdl_vec_push(&x->dtors, sizeof *dt);
      dt->o = v.o;
      dt->scope = x->scopes.len;
    }
  }
  if (v.kind == FE_AV_GTENSOR && fe_asc_struct_of(x, ty)) /* S *p, S s = *p */
    v.t.st = fe_asc_struct_of(x, ty);
  /* its C integer type: the value converted, later assignments too */
  uint8_t ct = byref || is(decl, "array_declarator") ? 0 : fe_asc_ctype(x, ty);
  v = fe_asc_convert(x, v, ct, d);
  fe_asc_bind(x, fe_asc_text(x, nm), v);
  fe_asc_var_find(x, fe_asc_text(x, nm))->ct = ct;
}

static void declaration(fe_asc_ctx *x, TSNode s) {
  TSNode ty = field(s, "type");
  uint32_t nc = ts_node_named_child_count(s);
  for (uint32_t i = 0; i < nc; i++) {
    TSNode d = ts_node_named_child(s, i);
    if (ts_node_eq(d, ty))
      continue;
    const char *t = ts_node_type(d);
    if (!strcmp(t, "init_declarator") || !strcmp(t, "identifier") ||
        !strcmp(t, "pointer_declarator") ||
        !strcmp(t, "reference_declarator") || !strcmp(t, "array_declarator"))
      declare_one(x, ty, d);
  }
}

/* --------------------------------------------- branch state and merging */

/* The abstract state a branch can change: every variable and every
** field of every object, as they were. */
typedef struct {
  uint32_t nvars, nobjs;
  fe_asc_val *vals;            /* vars, then each object's fields */
  uint32_t *nfields;           /* per object */
  uint32_t n;
} snapshot;

static void snap_take(fe_asc_ctx *x, snapshot *sn) {
  sn->nvars = x->vars.len;
  sn->nobjs = x->objs.len;
  sn->nfields = calloc(sn->nobjs + 1, sizeof *sn->nfields);
  uint32_t n = sn->nvars;
  for (uint32_t i = 0; i < sn->nobjs; i++) {
    sn->nfields[i] = MDL_VEC_AT(x->objs, fe_asc_obj *, i)->fields.len;
    n += sn->nfields[i];
  }
  sn->vals = calloc(n + 1, sizeof *sn->vals);
  sn->n = n;
  uint32_t k = 0;
  for (uint32_t i = 0; i < sn->nvars; i++)
    sn->vals[k++] = MDL_VEC_AT(x->vars, fe_asc_var, i).val;
  for (uint32_t i = 0; i < sn->nobjs; i++) {
    fe_asc_obj *o = MDL_VEC_AT(x->objs, fe_asc_obj *, i);
    for (uint32_t j = 0; j < sn->nfields[i]; j++)
      sn->vals[k++] = MDL_VEC_AT(o->fields, fe_asc_field, j).val;
  }
}

/* The slot k of the current state (NULL when it no longer exists). */
static fe_asc_val *snap_slot(fe_asc_ctx *x, const snapshot *sn, uint32_t k) {
  if (k < sn->nvars)
    return k < x->vars.len ? &MDL_VEC_AT(x->vars, fe_asc_var, k).val : NULL;
  k -= sn->nvars;
  for (uint32_t i = 0; i < sn->nobjs; i++) {
    if (k < sn->nfields[i]) {
      fe_asc_obj *o = MDL_VEC_AT(x->objs, fe_asc_obj *, i);
      return &MDL_VEC_AT(o->fields, fe_asc_field, k).val;
    }
    k -= sn->nfields[i];
  }
  return NULL;
}

static void snap_restore(fe_asc_ctx *x, const snapshot *sn) {
  for (uint32_t k = 0; k < sn->n; k++) {
    fe_asc_val *v = snap_slot(x, sn, k);
    if (v)
      *v = sn->vals[k];
  }
}

static void snap_free(snapshot *sn) {
  free(sn->vals);
  free(sn->nfields);
}

static bool same_val(const fe_asc_val *a, const fe_asc_val *b) {
  if (a->kind != b->kind)
    return false;
  switch (a->kind) {
  case FE_AV_UNKNOWN: case FE_AV_STR: return true;
  case FE_AV_SYM: return a->v == b->v;
  case FE_AV_OBJ: return a->o == b->o;
  case FE_AV_LTENSOR: case FE_AV_GTENSOR:
    return a->t.space == b->t.space && a->t.buf == b->t.buf &&
           a->t.off == b->t.off && a->t.off_sym == b->t.off_sym &&
           a->t.bytes == b->t.bytes && a->t.whole == b->t.whole &&
           a->t.elem == b->t.elem;
  default: return a->i == b->i && a->j == b->j;
  }
}

static bool scalar_like(const fe_asc_val *v) {
  return v->kind == FE_AV_INT || v->kind == FE_AV_SYM ||
         v->kind == FE_AV_UNKNOWN;
}

/* After both arms of the model branch s ran (the then-arm's end state in
** th, the else-arm's the current one): scalars that differ become results
** of s, tensors of one space their union (conservatively the whole). */
static void merge(fe_asc_ctx *x, mdl_stmt *s, const snapshot *th) {
  uint32_t nres = 0;
  mdl_valref *res = NULL, *ty = NULL, *ey = NULL;
  mdl_block *saved = x->bd.blk;
  for (uint32_t k = 0; k < th->n; k++) {
    fe_asc_val *cur = snap_slot(x, th, k);
    if (!cur || same_val(cur, &th->vals[k]))
      continue;
    if (scalar_like(cur) && scalar_like(&th->vals[k])) {
      res = realloc(res, (nres + 1) * sizeof *res);
      ty = realloc(ty, (nres + 1) * sizeof *ty);
      ey = realloc(ey, (nres + 1) * sizeof *ey);
      x->bd.blk = &s->u.cif.then_b;
      ty[nres] = fe_asc_scalar(x, &th->vals[k], s->loc);
      x->bd.blk = &s->u.cif.else_b;
      ey[nres] = fe_asc_scalar(x, cur, s->loc);
      x->bd.blk = saved;
      res[nres] = mdl_b_value(&x->bd, NULL);
      fe_asc_val r = fe_asc_unknown();
      r.kind = FE_AV_SYM;
      r.v = res[nres++];
      r.ct = cur->ct == th->vals[k].ct ? cur->ct : 0; /* both arms' type */
      r.wu = !r.ct && (cur->wu || th->vals[k].wu);
      *cur = r;
    } else if ((cur->kind == FE_AV_LTENSOR || cur->kind == FE_AV_GTENSOR) &&
               cur->kind == th->vals[k].kind &&
               cur->t.space == th->vals[k].t.space) {
      cur->t.whole = true;
    }
  }
  x->bd.blk = saved;
  if (nres) {
    s->u.cif.nres = nres;
    s->u.cif.res = mdl_b_vals(&x->bd, nres);
    s->u.cif.then_y = mdl_b_vals(&x->bd, nres);
    s->u.cif.else_y = mdl_b_vals(&x->bd, nres);
    memcpy(s->u.cif.res, res, nres * sizeof *res);
    memcpy(s->u.cif.then_y, ty, nres * sizeof *ty);
    memcpy(s->u.cif.else_y, ey, nres * sizeof *ey);
  }
  free(res);
  free(ty);
  free(ey);
}

/* ------------------------------------------------------- control flow */

static fe_asc_val cond_value(fe_asc_ctx *x, TSNode c) {
  if (is(c, "condition_clause")) {
    TSNode v = field(c, "value");
    TSNode init = field(c, "initializer");
    if (!ts_node_is_null(init))
      fe_asc_stmt(x, init);
    if (is(v, "declaration")) {
      declaration(x, v);
      TSNode d = ts_node_named_child(v, ts_node_named_child_count(v) - 1);
      return fe_asc_expr(x, field(d, "value"));
    }
    return fe_asc_expr(x, v);
  }
  return fe_asc_expr(x, c);
}

/* A symbolic break / continue / return in an arm: the rest of the
** enclosing sequence goes into the other arm (the early-exit shapes
** `if (c) return;` at the top of a function and `if (c) continue/break;`
** at the top of an unrolled loop's body); anything else is not modelled. */
static fe_asc_flow sym_exit(fe_asc_ctx *x, TSNode s, fe_asc_flow f,
                            mdl_block *exiting, mdl_block *other) {
  if (f == FE_FLOW_RETURN && x->level == x->fn_level) {
    /* the return destroys the function's live objects on its own path
       (a catlass destructor drains what the constructor primed): their
       destructors in the returning arm, newest first; the other path
       destroys them at their scopes' ends as usual */
    mdl_block *saved = x->bd.blk;
    x->bd.blk = exiting;
    /* what they do to the objects (and the queue framework's state) is
       that path's only: the other one goes on from the state as it was */
    snapshot keep;
    snap_take(x, &keep);
    void *q = fe_asc_que_save(x);
    for (uint32_t i = x->dtors.len; i-- > 0;) {
      const fe_asc_dtor *d = &MDL_VEC_AT(x->dtors, fe_asc_dtor, i);
      if (d->scope < x->fn_scope)
        break;
      fe_asc_run_dtor(x, d->o, s);
    }
    snap_restore(x, &keep);
    snap_free(&keep);
    fe_asc_que_restore(x, q);
    x->bd.blk = saved;
    x->bd.blk = other;
    if (x->depth == 1) /* in the entry: nothing runs after it on the path
                          that returned */
      x->path_root = other;
    return FE_FLOW_NEXT;
  }
  if ((f == FE_FLOW_CONTINUE || f == FE_FLOW_BREAK) &&
      x->level == x->loop_level && x->loop_blk) {
    x->bd.blk = other;
    if (f == FE_FLOW_BREAK)
      *x->loop_blk = other; /* every later iteration too */
    return FE_FLOW_NEXT;
  }
  static const char *const nm[] = {"", "break", "continue", "return"};
  fe_asc_unsupported(x, s, "'%s' under a condition ksv cannot decide, "
                     "nested in other control flow", nm[f]);
  return FE_FLOW_NEXT;
}

/* An arm of a model branch: runs into x->bd.blk. */
typedef fe_asc_flow (*arm_fn)(fe_asc_ctx *x, const void *arg);

static fe_asc_flow arm_stmt(fe_asc_ctx *x, const void *arg) {
  TSNode n = *(const TSNode *)arg;
  return ts_node_is_null(n) ? FE_FLOW_NEXT : fe_asc_stmt(x, n);
}

/* A model branch on the symbolic condition c at s: both arms extracted
** from the same state, scalars they leave different merged into results,
** an arm that leaves by a jump handled by sym_exit. */
static fe_asc_flow sym_branch(fe_asc_ctx *x, TSNode s, fe_asc_val c,
                              arm_fn th, const void *ta, arm_fn el,
                              const void *ea) {
  if (x->level >= FE_ASC_MAX_LEVEL) {
    fe_asc_unsupported(x, s, "branches and loops nested deeper than %u",
                       FE_ASC_MAX_LEVEL);
    return FE_FLOW_NEXT;
  }
  mdl_loc loc = fe_asc_loc(x, s);
  mdl_valref cv = fe_asc_scalar(x, &c, loc);
  mdl_stmt *is_ = mdl_b_if(&x->bd, cv, 0, loc);
  mdl_block *saved = x->bd.blk;
  snapshot before, after_then;
  snap_take(x, &before);
  x->level++;
  x->bd.blk = &is_->u.cif.then_b;
  fe_asc_flow f1 = th(x, ta);
  snap_take(x, &after_then);
  snap_restore(x, &before);
  x->bd.blk = &is_->u.cif.else_b;
  fe_asc_flow f2 = el(x, ea);
  x->level--;
  x->bd.blk = saved;
  fe_asc_flow r = FE_FLOW_NEXT;
  if (f1 == FE_FLOW_NEXT && f2 == FE_FLOW_NEXT) {
    merge(x, is_, &after_then);
  } else if (f1 != FE_FLOW_NEXT && f2 == FE_FLOW_NEXT) {
    r = sym_exit(x, s, f1, &is_->u.cif.then_b,
                 &is_->u.cif.else_b); /* the else-state stays */
  } else if (f1 == FE_FLOW_NEXT && f2 != FE_FLOW_NEXT) {
    snap_restore(x, &after_then);
    r = sym_exit(x, s, f2, &is_->u.cif.else_b, &is_->u.cif.then_b);
  } else if (f1 == f2) {
    r = f1;
  } else {
    fe_asc_unsupported(x, s, "arms that leave by different jumps under a "
                       "condition ksv cannot decide");
  }
  snap_free(&before);
  snap_free(&after_then);
  return r;
}

static fe_asc_flow if_stmt(fe_asc_ctx *x, TSNode s) {
  fe_asc_val c = cond_value(x, field(s, "condition"));
  TSNode th = field(s, "consequence"), el = field(s, "alternative");
  if (is(el, "else_clause"))
    el = ts_node_named_child(el, 0);
  int64_t k;
  if (fe_asc_const(&c, &k))
    return k ? fe_asc_stmt(x, th)
             : ts_node_is_null(el) ? FE_FLOW_NEXT : fe_asc_stmt(x, el);
  return sym_branch(x, s, c, arm_stmt, &th, arm_stmt, &el);
}

/* The simple loop shape `v = lb; v < ub (<=, !=); v++ (+= step)`: its
** variable and step.  False for any other. */
static bool loop_shape(fe_asc_ctx *x, TSNode s, const char **var,
                       TSNode *ubn, bool *incl, fe_asc_val *step) {
  TSNode c = field(s, "condition"), u = field(s, "update");
  if (!is(c, "binary_expression") || ts_node_is_null(u))
    return false;
  TSNode l = field(c, "left");
  const char *op = fe_asc_text(x, field(c, "operator"));
  if (!is(l, "identifier") || (strcmp(op, "<") && strcmp(op, "<=") &&
                               strcmp(op, "!=")))
    return false;
  *var = fe_asc_text(x, l);
  *ubn = field(c, "right");
  *incl = !strcmp(op, "<=");
  if (is(u, "update_expression")) {
    if (!fe_asc_is(x, field(u, "operator"), "++") ||
        !fe_asc_is(x, field(u, "argument"), *var))
      return false;
    *step = fe_asc_int(1);
    return true;
  }
  if (is(u, "assignment_expression") &&
      fe_asc_is(x, field(u, "operator"), "+=") &&
      fe_asc_is(x, field(u, "left"), *var)) {
    *step = fe_asc_expr(x, field(u, "right"));
    return true;
  }
  TSNode r = field(u, "right");
  if (is(u, "assignment_expression") &&
      fe_asc_is(x, field(u, "operator"), "=") &&
      fe_asc_is(x, field(u, "left"), *var) && is(r, "binary_expression") &&
      fe_asc_is(x, field(r, "operator"), "+") &&
      fe_asc_is(x, field(r, "left"), *var)) { /* i = i + k */
    *step = fe_asc_expr(x, field(r, "right"));
    return true;
  }
  return false;
}

/* The lvalues a loop body assigns directly (variables and fields declared
** before the loop, by text, at most FE_ASC_MAX_ARGS): the loop-carried
** values of a model loop. */
typedef struct {
  TSNode lv[FE_ASC_MAX_ARGS];
  uint32_t n;
  bool overflow;
} carried;

static bool exists_before(fe_asc_ctx *x, TSNode lhs) {
  if (is(lhs, "identifier"))
    return fe_asc_var_find(x, fe_asc_text(x, lhs)) ||
           fe_asc_field_find(x->self, fe_asc_text(x, lhs));
  if (is(lhs, "field_expression")) {
    fe_asc_val b = fe_asc_expr(x, field(lhs, "argument"));
    return b.kind == FE_AV_OBJ &&
           fe_asc_field_find(b.o, fe_asc_last_name(x, lhs));
  }
  return false;
}

static void find_carried(fe_asc_ctx *x, TSNode n, const char *var,
                         carried *c, int depth) {
  if (depth > 64 || ts_node_is_null(n))
    return;
  TSNode lhs = NONE_NODE;
  if (is(n, "assignment_expression"))
    lhs = field(n, "left");
  else if (is(n, "update_expression"))
    lhs = field(n, "argument");
  if (!ts_node_is_null(lhs) && !fe_asc_is(x, lhs, var) &&
      exists_before(x, lhs)) {
    bool dup = false;
    for (uint32_t i = 0; i < c->n && !dup; i++)
      dup = !strcmp(fe_asc_text(x, c->lv[i]), fe_asc_text(x, lhs));
    if (!dup && c->n < FE_ASC_MAX_ARGS)
      c->lv[c->n++] = lhs;
    else if (!dup)
      c->overflow = true;
  }
  uint32_t nc = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < nc; i++)
    find_carried(x, ts_node_named_child(n, i), var, c, depth + 1);
}

/* Did anything but the carried values and the induction variable change
** in one extraction of a model loop's body?  (A value set in a call, a
** tensor reassigned: not followed across iterations.) */
static bool other_change(fe_asc_ctx *x, const snapshot *before,
                         const mdl_stmt *fs, mdl_valref iv) {
  for (uint32_t k = 0; k < before->n; k++) {
    fe_asc_val *cur = snap_slot(x, before, k);
    if (!cur || same_val(cur, &before->vals[k]))
      continue;
    if (cur->kind == FE_AV_SYM && cur->v == iv)
      continue;
    bool carried_one = false;
    for (uint32_t i = 0; i < fs->u.loop.niter && !carried_one; i++)
      carried_one = before->vals[k].kind == FE_AV_SYM &&
                    before->vals[k].v == fs->u.loop.iter_arg[i];
    if (!carried_one)
      return true;
  }
  return false;
}

static fe_asc_val symv(mdl_valref v) {
  fe_asc_val a = fe_asc_unknown();
  a.kind = FE_AV_SYM;
  a.v = v;
  return a;
}

/* A model loop `for v = lb to ub step st` around one extraction of body;
** the scalars the body assigns are its loop-carried values (iter_args,
** yields and results, as HIVM's scf.for); any other value the body
** changes is not understood. */
static void model_loop(fe_asc_ctx *x, TSNode s, const char *var,
                       fe_asc_val lb, fe_asc_val ub, fe_asc_val st,
                       TSNode body) {
  if (x->level >= FE_ASC_MAX_LEVEL) {
    fe_asc_unsupported(x, s, "branches and loops nested deeper than %u",
                       FE_ASC_MAX_LEVEL);
    return;
  }
  mdl_loc loc = fe_asc_loc(x, s);
  mdl_valref l = fe_asc_scalar(x, &lb, loc), u = fe_asc_scalar(x, &ub, loc),
             p = fe_asc_scalar(x, &st, loc);
  if (l == MDL_NOVAL || u == MDL_NOVAL || p == MDL_NOVAL) {
    fe_asc_unsupported(x, s, "loop bounds ksv cannot read");
    return;
  }
  carried c;
  memset(&c, 0, sizeof c);
  find_carried(x, body, var, &c, 0);
  if (c.overflow)
    fe_asc_unsupported(x, s, "a loop that carries more than %d values",
                       FE_ASC_MAX_ARGS);
  mdl_valref init[FE_ASC_MAX_ARGS];
  TSNode kept[FE_ASC_MAX_ARGS];
  uint8_t kct[FE_ASC_MAX_ARGS]; /* their C types: the carried values have
                                   them (no conversion to emit) */
  bool kwu[FE_ASC_MAX_ARGS];    /* of a type ksv does not know */
  uint32_t nk = 0;
  for (uint32_t i = 0; i < c.n; i++) {
    fe_asc_val v = fe_asc_expr(x, c.lv[i]);
    if (v.kind != FE_AV_INT && v.kind != FE_AV_SYM && v.kind != FE_AV_UNKNOWN)
      continue; /* a tensor or an object: other_change decides */
    kept[nk] = c.lv[i];
    kct[nk] = v.ct;
    kwu[nk] = v.wu;
    init[nk++] = fe_asc_scalar(x, &v, loc);
  }
  mdl_valref iv = mdl_b_value(&x->bd, var);
  mdl_stmt *fs = mdl_b_for(&x->bd, l, u, p, iv, nk, loc);
  for (uint32_t i = 0; i < nk; i++) {
    fs->u.loop.iter_init[i] = init[i];
    fs->u.loop.iter_arg[i] = mdl_b_value(&x->bd, fe_asc_text(x, kept[i]));
    fe_asc_val a = symv(fs->u.loop.iter_arg[i]);
    a.ct = kct[i];
    a.wu = kwu[i];
    fe_asc_assign(x, kept[i], a);
  }
  mdl_block *saved = x->bd.blk;
  mdl_block **saved_lb = x->loop_blk;
  uint32_t saved_ll = x->loop_level;
  x->loop_blk = NULL;
  x->bd.blk = &fs->u.loop.body;
  x->level++;
  x->loop_level = ~0u;
  fe_asc_var *v = fe_asc_var_find(x, var);
  fe_asc_val ivv = symv(iv);
  ivv.ct = v ? v->ct : 0; /* (for (uint32_t i ...): i is a uint32_t) */
  if (ivv.ct == FE_CT_PCHAR) /* (for (char i ...): checked in 0..127) */
    ivv = fe_asc_convert(x, symv(iv), FE_CT_PCHAR, s);
  if (v)
    v->val = ivv;
  else
    fe_asc_bind(x, var, ivv);
  snapshot before;
  snap_take(x, &before);
  fe_asc_flow f = fe_asc_stmt(x, body);
  if (f == FE_FLOW_BREAK || f == FE_FLOW_RETURN)
    fe_asc_unsupported(x, s, "a '%s' in a loop whose trip count ksv keeps "
                       "symbolic", f == FE_FLOW_BREAK ? "break" : "return");
  for (uint32_t i = 0; i < nk; i++) {
    fe_asc_val y = fe_asc_expr(x, kept[i]);
    fs->u.loop.yield[i] = fe_asc_scalar(x, &y, loc);
  }
  if (other_change(x, &before, fs, iv))
    fe_asc_unsupported(x, s, "a value that changes across the iterations "
                       "of a loop ksv keeps symbolic (set in a call, or not "
                       "a scalar)");
  snap_free(&before);
  x->level--;
  x->bd.blk = saved;
  x->loop_blk = saved_lb;
  x->loop_level = saved_ll;
  fs->u.loop.nres = nk;
  fs->u.loop.res = mdl_b_vals(&x->bd, nk);
  for (uint32_t i = 0; i < nk; i++) {
    fs->u.loop.res[i] = mdl_b_value(&x->bd, fe_asc_text(x, kept[i]));
    fe_asc_val r = symv(fs->u.loop.res[i]);
    r.ct = kct[i];
    r.wu = kwu[i];
    fe_asc_assign(x, kept[i], r);
  }
}

/* Runs one iteration of an unrolled loop; false when the loop ends. */
static bool unrolled_iter(fe_asc_ctx *x, TSNode body, mdl_block **next,
                          fe_asc_flow *out) {
  x->bd.blk = *next;
  fe_asc_flow f = fe_asc_stmt(x, body);
  x->bd.blk = *next; /* a `continue` redirect ends with the iteration */
  if (f == FE_FLOW_BREAK)
    return false;
  if (f == FE_FLOW_RETURN) {
    *out = FE_FLOW_RETURN;
    return false;
  }
  return true;
}

static fe_asc_flow loop_stmt(fe_asc_ctx *x, TSNode s) {
  bool is_for = is(s, "for_statement"), is_do = is(s, "do_statement");
  TSNode body = field(s, "body");
  TSNode cond = field(s, "condition");
  fe_asc_scope_open(x);
  if (is_for) {
    TSNode init = field(s, "initializer");
    if (is(init, "declaration"))
      declaration(x, init);
    else if (!ts_node_is_null(init))
      fe_asc_expr(x, init);
  }
  const char *var = NULL;
  TSNode ubn;
  bool incl;
  fe_asc_val step;
  bool shaped = is_for && loop_shape(x, s, &var, &ubn, &incl, &step);
  fe_asc_val lbv = fe_asc_unknown(), ubv = fe_asc_unknown();
  int64_t lb, ub, st;
  if (shaped) {
    fe_asc_lookup(x, var, &lbv);
    ubv = fe_asc_expr(x, ubn);
    if (incl)
      ubv = fe_asc_expr_binop(x, "+", ubv, fe_asc_int(1), s);
    if (fe_asc_const(&lbv, &lb) && fe_asc_const(&ubv, &ub) &&
        fe_asc_const(&step, &st) && st > 0 && ub > lb &&
        /* (the difference in 64 unsigned bits: from INT64_MIN it
           overflowed the signed ones) */
        ((uint64_t)ub - (uint64_t)lb - 1) / (uint64_t)st + 1 >
            FE_ASC_MAX_UNROLL) {
      model_loop(x, s, var, lbv, ubv, step, body);
      fe_asc_scope_close(x, s);
      return FE_FLOW_NEXT;
    }
  }
  fe_asc_flow out = FE_FLOW_NEXT;
  mdl_block *saved = x->bd.blk, *next = x->bd.blk;
  mdl_block **saved_lb = x->loop_blk;
  uint32_t saved_ll = x->loop_level;
  x->loop_blk = &next;
  x->level++;
  x->loop_level = x->level;
  uint32_t it = 0;
  for (;; it++) {
    if (!is_do || it > 0) {
      fe_asc_val c = ts_node_is_null(cond) ? fe_asc_int(1)
                                           : cond_value(x, cond);
      int64_t k;
      if (!fe_asc_const(&c, &k)) {
        if (it == 0 && shaped) {
          x->level--;
          x->loop_blk = saved_lb;
          x->loop_level = saved_ll;
          model_loop(x, s, var, lbv, ubv, step, body);
          fe_asc_scope_close(x, s);
          return FE_FLOW_NEXT;
        }
        fe_asc_unsupported(x, s, "a loop whose condition ksv cannot decide "
                           "and that is not `for (i = a; i < b; i += c)`");
        break;
      }
      if (!k)
        break;
    }
    if (it >= 4 * FE_ASC_MAX_UNROLL || x->steps > FE_ASC_MAX_STEPS) {
      fe_asc_unsupported(x, s, "a loop of more than %d iterations that is "
                         "not `for (i = a; i < b; i += c)`",
                         4 * FE_ASC_MAX_UNROLL);
      break;
    }
    if (!unrolled_iter(x, body, &next, &out))
      break;
    if (is_for && !ts_node_is_null(field(s, "update")))
      fe_asc_expr(x, field(s, "update"));
  }
  x->level--;
  x->loop_blk = saved_lb;
  x->loop_level = saved_ll;
  x->bd.blk = out == FE_FLOW_RETURN ? x->bd.blk : saved;
  if (out != FE_FLOW_RETURN)
    x->bd.blk = saved;
  fe_asc_scope_close(x, s);
  return out;
}

/* The statements of case_statement cs up to a `break` (consumed). */
static fe_asc_flow run_case(fe_asc_ctx *x, TSNode cs) {
  fe_asc_flow f = FE_FLOW_NEXT;
  uint32_t m = ts_node_named_child_count(cs);
  for (uint32_t j = 0; j < m && f == FE_FLOW_NEXT; j++) {
    TSNode st = ts_node_named_child(cs, j);
    if (!ts_node_eq(st, field(cs, "value")))
      f = fe_asc_stmt(x, st);
  }
  return f == FE_FLOW_BREAK ? FE_FLOW_NEXT : f;
}

/* A switch on a symbolic value, as the chain `if (v == a) ... else if (v ==
** b) ... else default`: each case that has statements must end in a jump
** (no fall-through into the next); cases without statements share the
** next one's. */
typedef struct {
  TSNode s;
  fe_asc_val v;
  TSNode cases[64];            /* case_statements with statements */
  fe_asc_val cond[64];         /* their conditions (v == a || v == b) */
  uint32_t n;
  TSNode deflt;                /* the default's statements, or null */
  uint32_t at;                 /* the case the chain is at */
} sw_chain;

static fe_asc_flow arm_case(fe_asc_ctx *x, const void *arg) {
  const TSNode *cs = arg;
  return run_case(x, *cs);
}

static fe_asc_flow arm_chain(fe_asc_ctx *x, const void *arg) {
  sw_chain *w = (sw_chain *)arg;
  if (w->at >= w->n)
    return ts_node_is_null(w->deflt) ? FE_FLOW_NEXT : run_case(x, w->deflt);
  uint32_t i = w->at++;
  return sym_branch(x, w->cases[i], w->cond[i], arm_case, &w->cases[i],
                    arm_chain, w);
}

static bool ends_in_jump(TSNode cs) {
  uint32_t m = ts_node_named_child_count(cs);
  if (!m)
    return false;
  const char *t = ts_node_type(ts_node_named_child(cs, m - 1));
  return !strcmp(t, "break_statement") || !strcmp(t, "return_statement") ||
         !strcmp(t, "continue_statement") ||
         (!strcmp(t, "compound_statement") &&
          ends_in_jump(ts_node_named_child(cs, m - 1)));
}

static fe_asc_flow switch_sym(fe_asc_ctx *x, TSNode s, fe_asc_val v) {
  sw_chain *w = calloc(1, sizeof *w);
  w->s = s;
  w->v = v;
  TSNode body = field(s, "body");
  uint32_t nc = ts_node_named_child_count(body);
  fe_asc_val pend = fe_asc_int(0);
  bool has_pend = false, ok = true;
  for (uint32_t i = 0; i < nc && ok; i++) {
    TSNode cs = ts_node_named_child(body, i);
    if (!is(cs, "case_statement"))
      continue;
    TSNode val = field(cs, "value");
    uint32_t nst = ts_node_named_child_count(cs) - !ts_node_is_null(val);
    bool last = i + 1 == nc;
    if (ts_node_is_null(val)) { /* default */
      ok = !has_pend && (last || ends_in_jump(cs));
      w->deflt = cs;
      continue;
    }
    fe_asc_val eq = fe_asc_expr_binop(x, "==", v, fe_asc_expr(x, val), cs);
    pend = has_pend ? fe_asc_expr_binop(x, "||", pend, eq, cs) : eq;
    has_pend = true;
    if (!nst)
      continue; /* shares the next case's statements */
    ok = (last || ends_in_jump(cs)) && w->n < 64;
    if (ok) {
      w->cases[w->n] = cs;
      w->cond[w->n++] = pend;
      has_pend = false;
    }
  }
  fe_asc_flow f = FE_FLOW_NEXT;
  if (!ok || has_pend)
    fe_asc_unsupported(x, s, "a switch on a value ksv cannot decide whose "
                       "cases fall through");
  else
    f = arm_chain(x, w);
  free(w);
  return f;
}

static fe_asc_flow switch_stmt(fe_asc_ctx *x, TSNode s) {
  fe_asc_val c = cond_value(x, field(s, "condition"));
  int64_t k;
  if (!fe_asc_const(&c, &k))
    return switch_sym(x, s, c);
  TSNode body = field(s, "body");
  uint32_t nc = ts_node_named_child_count(body), start = nc;
  for (uint32_t i = 0; i < nc && start == nc; i++) {
    TSNode cs = ts_node_named_child(body, i);
    TSNode v = field(cs, "value");
    if (ts_node_is_null(v))
      continue;
    fe_asc_val cv = fe_asc_expr(x, v);
    int64_t ck;
    if (fe_asc_const(&cv, &ck) && ck == k)
      start = i;
  }
  for (uint32_t i = 0; i < nc && start == nc; i++)
    if (ts_node_is_null(field(ts_node_named_child(body, i), "value")) &&
        is(ts_node_named_child(body, i), "case_statement"))
      start = i;
  fe_asc_scope_open(x);
  fe_asc_flow f = FE_FLOW_NEXT;
  for (uint32_t i = start; i < nc && f == FE_FLOW_NEXT; i++) {
    TSNode cs = ts_node_named_child(body, i);
    uint32_t m = ts_node_named_child_count(cs);
    for (uint32_t j = 0; j < m && f == FE_FLOW_NEXT; j++) {
      TSNode st = ts_node_named_child(cs, j);
      if (!ts_node_eq(st, field(cs, "value")))
        f = fe_asc_stmt(x, st);
    }
  }
  fe_asc_scope_close(x, s);
  return f == FE_FLOW_BREAK ? FE_FLOW_NEXT : f;
}

static fe_asc_flow stmt1(fe_asc_ctx *x, TSNode s);

/* The innermost conditional arm around output byte off whose test the
** preprocessor could not decide (a build macro the file uses but does not
** define, and -D does not give), or NULL. */
static const fe_asc_cond *undecided_arm(const fe_asc_unit *u, uint32_t off) {
  const fe_asc_seg *sg = fe_asc_seg_at(u, off);
  uint32_t c = sg ? sg->cond : 0;
  for (int guard = 0; c && c < u->conds.len && guard < FE_ASC_MAX_IF_DEPTH;
       guard++) {
    const fe_asc_cond *cd = &MDL_VEC_AT(u->conds, fe_asc_cond, c);
    if (cd->value == FE_ASC_UNKNOWN)
      return cd;
    for (uint32_t p = cd->prev; p && p < u->conds.len;) { /* earlier arms */
      const fe_asc_cond *pc = &MDL_VEC_AT(u->conds, fe_asc_cond, p);
      if (pc->value == FE_ASC_UNKNOWN)
        return pc;
      p = pc->prev;
    }
    c = cd->parent;
  }
  return NULL;
}

fe_asc_flow fe_asc_stmt(fe_asc_ctx *x, TSNode s) {
  if (ts_node_is_null(s) || x->failed)
    return FE_FLOW_NEXT;
  x->steps++;
  x->nest++;
  fe_asc_flow f = fe_asc_budget(x, s) ? stmt1(x, s) : FE_FLOW_NEXT;
  x->nest--;
  return f;
}

static fe_asc_flow stmt1(fe_asc_ctx *x, TSNode s) {
  const char *t = ts_node_type(s);
  const fe_asc_cond *arm;
  if (strcmp(t, "compound_statement") &&
      (arm = undecided_arm(x->u, ts_node_start_byte(s))) != NULL)
    fe_asc_unsupported(x, s, "a statement under `#%s %s` (line %u), which "
                       "depends on a macro the file does not define: give "
                       "its value with -D NAME=VALUE", arm->kind, arm->expr,
                       arm->line);
  if (!strcmp(t, "compound_statement")) {
    fe_asc_scope_open(x);
    fe_asc_flow f = FE_FLOW_NEXT;
    uint32_t nc = ts_node_named_child_count(s);
    for (uint32_t i = 0; i < nc && f == FE_FLOW_NEXT; i++)
      f = fe_asc_stmt(x, ts_node_named_child(s, i));
    fe_asc_scope_close(x, s);
    return f;
  }
  if (!strcmp(t, "expression_statement")) {
    if (ts_node_named_child_count(s))
      fe_asc_expr(x, ts_node_named_child(s, 0));
    return FE_FLOW_NEXT;
  }
  if (!strcmp(t, "declaration")) {
    declaration(x, s);
    return FE_FLOW_NEXT;
  }
  if (!strcmp(t, "if_statement"))
    return if_stmt(x, s);
  if (!strcmp(t, "for_statement") || !strcmp(t, "while_statement") ||
      !strcmp(t, "do_statement"))
    return loop_stmt(x, s);
  if (!strcmp(t, "switch_statement"))
    return switch_stmt(x, s);
  if (!strcmp(t, "return_statement")) {
    x->ret = ts_node_named_child_count(s)
                 ? fe_asc_expr(x, ts_node_named_child(s, 0))
                 : fe_asc_unknown();
    return FE_FLOW_RETURN;
  }
  if (!strcmp(t, "break_statement"))
    return FE_FLOW_BREAK;
  if (!strcmp(t, "continue_statement"))
    return FE_FLOW_CONTINUE;
  if (!strcmp(t, "goto_statement")) {
    fe_asc_unsupported(x, s, "goto");
    return FE_FLOW_NEXT;
  }
  if (!strcmp(t, "labeled_statement")) {
    uint32_t nc = ts_node_named_child_count(s);
    return nc ? fe_asc_stmt(x, ts_node_named_child(s, nc - 1)) : FE_FLOW_NEXT;
  }
  if (!strcmp(t, "for_range_loop")) {
    fe_asc_unsupported(x, s, "a range-for loop");
    return FE_FLOW_NEXT;
  }
  if (!strcmp(t, "try_statement") || !strcmp(t, "throw_statement")) {
    fe_asc_unsupported(x, s, "exceptions");
    return FE_FLOW_NEXT;
  }
  /* type definitions, using, static_assert, comments, `;`: nothing */
  return FE_FLOW_NEXT;
}
