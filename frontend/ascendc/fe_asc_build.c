/*
** fe_asc_build.c -- the Ascend C extraction's entry: reads the file once
** per core (AIC, AIV: the core-type macros decided for each), finds the
** kernels (functions marked __global__, a qualifier the normaliser blanks,
** so it is looked up in the original text), extracts each kernel once per
** core by abstract interpretation of its body, and assembles the kernel:
** a MIX pair when both sides have code of their own (or the file says
** MIX: __mix__, KERNEL_TYPE_MIX_*), else a lone AIV or AIC function.
*/
#include "fe_asc_x.h"
#include "fe_ascendc.h"
#include "../fe.h"

#include <pthread.h>
#include <stdio.h>
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

/* Does function definition fn carry `word` among the blanked qualifiers
** before its body (from the end of the previous token)? */
static bool fn_has_qual(const fe_asc_unit *u, TSNode fn, const char *word) {
  uint32_t a = ts_node_start_byte(fn);
  while (a > 0 && (u->text[a - 1] == ' ' || u->text[a - 1] == '\t' ||
                   u->text[a - 1] == '\n' || u->text[a - 1] == '\r'))
    a--;
  TSNode body = field(fn, "body");
  uint32_t b = ts_node_is_null(body) ? ts_node_end_byte(fn)
                                     : ts_node_start_byte(body);
  return fe_asc_orig_has(u, a, b, word);
}

/* The kernel entries of the tree: function definitions at namespace
** scope marked __global__ (or catlass's CATLASS_GLOBAL, which is
** `__global__ __aicore__`). */
static void find_entries(const fe_asc_unit *u, TSNode n, mdl_vec *out,
                         int depth) {
  if (depth > 32)
    return;
  const char *t = ts_node_type(n);
  if (!strcmp(t, "function_definition")) {
    if (!ts_node_is_null(field(n, "body")) &&
        (fn_has_qual(u, n, "__global__") ||
         fn_has_qual(u, n, "CATLASS_GLOBAL")))
      *(TSNode *)mdl_vec_push(out, sizeof n) = n;
    return;
  }
  if (strcmp(t, "translation_unit") && strcmp(t, "namespace_definition") &&
      strcmp(t, "declaration_list") && strcmp(t, "linkage_specification") &&
      strcmp(t, "template_declaration"))
    return;
  uint32_t nc = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < nc; i++)
    find_entries(u, ts_node_named_child(n, i), out, depth + 1);
}

static const char *fn_name(fe_asc_ctx *x, TSNode fn) {
  TSNode d = field(fn, "declarator");
  while (!ts_node_is_null(d) && !is(d, "function_declarator"))
    d = field(d, "declarator");
  return fe_asc_last_name(x, field(d, "declarator"));
}

/* ------------------------------------------------------- one core */

/* The kernel's parameters: pointers (GM_ADDR, __gm__ T*) are GM kernel
** arguments, the rest symbolic scalar arguments. */
static void bind_kernel_params(fe_asc_ctx *x, TSNode fn) {
  TSNode d = field(fn, "declarator");
  while (!ts_node_is_null(d) && !is(d, "function_declarator"))
    d = field(d, "declarator");
  TSNode pl = field(d, "parameters");
  uint32_t nc = ts_node_named_child_count(pl);
  int32_t argno = 0;
  for (uint32_t i = 0; i < nc; i++) {
    TSNode p = ts_node_named_child(pl, i);
    if (!is(p, "parameter_declaration"))
      continue;
    TSNode decl = field(p, "declarator");
    TSNode nm = decl;
    while (!ts_node_is_null(nm) && !is(nm, "identifier"))
      nm = field(nm, "declarator");
    const char *name = ts_node_is_null(nm) ? "arg" : fe_asc_text(x, nm);
    const char *ty = fe_asc_text(x, field(p, "type"));
    mdl_loc loc = fe_asc_loc(x, p);
    fe_asc_val v;
    if (is(decl, "pointer_declarator") || strstr(ty, "GM_ADDR")) {
      mdl_valref r = mdl_b_value(&x->bd, name);
      mdl_stmt *s = mdl_b_buf(&x->bd, MDL_B_ARG, r, "argument", loc);
      s->u.b.space = MDL_SPACE_GM;
      s->u.b.argno = argno;
      mdl_b_memref_info(&x->bd, r, MDL_SPACE_GM, -1, 1);
      v = fe_asc_unknown();
      v.kind = FE_AV_GTENSOR;
      memset(&v.t, 0, sizeof v.t);
      v.t.space = MDL_SPACE_GM;
      v.t.pos = FE_POS_GM;
      v.t.buf = r;
      v.t.off_sym = MDL_NOVAL;
      v.t.bytes = -1;
      v.t.elem = strstr(ty, "GM_ADDR") ? 1 : fe_asc_sizeof(ty);
    } else {
      uint8_t ct = fe_asc_ctype(x, field(p, "type"));
      v = fe_asc_atom_ct(x, argno, name, loc, ct);
      fe_asc_bind(x, name, v);
      fe_asc_var_find(x, name)->ct = ct;
      argno++;
      continue;
    }
    fe_asc_bind(x, name, v);
    argno++;
  }
}

/* The template argument list of a launch of kernel name in the host code
** (`name<args><<<...>>>(...)`, the launch configuration blanked), the
** first one found, or a null node. */
static TSNode find_launch(fe_asc_ctx *x, TSNode n, const char *name,
                          TSNode *host, int depth) {
  if (depth > 200 || ts_node_is_null(n))
    return (TSNode){{0}, 0, 0};
  if (is(n, "function_definition"))
    *host = n;
  if (is(n, "call_expression")) {
    TSNode f = field(n, "function");
    if (is(f, "template_function") &&
        fe_asc_is(x, field(f, "name"), name))
      return field(f, "arguments");
  }
  uint32_t nc = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < nc; i++) {
    TSNode r = find_launch(x, ts_node_named_child(n, i), name, host,
                           depth + 1);
    if (!ts_node_is_null(r))
      return r;
  }
  return (TSNode){{0}, 0, 0};
}

/* Binds the constexpr locals of host function h (in order) in the
** current scope: the launch's template arguments name them. */
static void bind_host_consts(fe_asc_ctx *x, TSNode n, int depth) {
  if (depth > 64 || ts_node_is_null(n))
    return;
  if (is(n, "declaration") && strstr(fe_asc_text(x, n), "constexpr")) {
    uint32_t nc = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < nc; i++) {
      TSNode d = ts_node_named_child(n, i);
      if (!is(d, "init_declarator"))
        continue;
      fe_asc_val v = fe_asc_expr(x, field(d, "value"));
      if (v.kind == FE_AV_INT)
        fe_asc_bind(x, fe_asc_text(x, field(d, "declarator")), v);
    }
    return;
  }
  uint32_t nc = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < nc; i++)
    bind_host_consts(x, ts_node_named_child(n, i), depth + 1);
}

/* A template kernel's parameters: the constants of its launch in the host
** code when the file has one, else symbolic values (non-type) and
** unknown sizes (types). */
static void bind_kernel_template(fe_asc_ctx *x, TSNode fn, const char *name) {
  TSNode p = ts_node_parent(fn);
  if (!is(p, "template_declaration"))
    return;
  TSNode tp = field(p, "parameters");
  uint32_t n = ts_node_named_child_count(tp);
  TSNode host = {{0}, 0, 0};
  TSNode la = find_launch(x, ts_tree_root_node(x->u->tree), name, &host, 0);
  fe_asc_val given[64];
  uint32_t ng = 0;
  if (!ts_node_is_null(la)) {
    fe_asc_scope_open(x);
    bind_host_consts(x, field(host, "body"), 0);
    uint32_t na = ts_node_named_child_count(la);
    for (uint32_t i = 0; i < na && ng < 64; i++) {
      TSNode a = ts_node_named_child(la, i);
      uint32_t sz = fe_asc_sizeof(fe_asc_text(x, a));
      given[ng] = sz ? fe_asc_unknown() : fe_asc_expr(x, a);
      if (sz || given[ng].kind != FE_AV_INT) {
        given[ng] = fe_asc_unknown();
        given[ng].kind = FE_AV_TYPE;
        given[ng].i = sz;
      }
      ng++;
    }
    fe_asc_scope_close(x, fn);
  }
  for (uint32_t i = 0; i < n; i++) {
    TSNode q = ts_node_named_child(tp, i);
    bool type_param = strstr(ts_node_type(q), "type_parameter") != NULL;
    TSNode nm = field(q, type_param ? "name" : "declarator");
    if (ts_node_is_null(nm) && type_param)
      nm = ts_node_named_child(q, 0);
    if (ts_node_is_null(nm))
      continue;
    fe_asc_val v;
    if (i < ng && (given[i].kind == FE_AV_INT || given[i].kind == FE_AV_TYPE))
      v = given[i];
    else if (type_param) {
      v = fe_asc_unknown();
      v.kind = FE_AV_TYPE;
    } else {
      v = fe_asc_atom(x, -1, fe_asc_text(x, nm), fe_asc_loc(x, q));
    }
    fe_asc_bind(x, fe_asc_text(x, nm), v);
  }
}

typedef struct {
  mdl_func *f;
  bool own;                    /* data ops only this core type runs */
  bool generic;                /* data ops either could run */
  bool sync_own;               /* flags/barriers on pipes only it has */
  bool sync_generic;
  mdl_vec own_syncs;           /* mdl_loc of each of those */
  mdl_vec misplaced;           /* mdl_loc of syncs on pipes it lacks */
  bool unknown;
  char why[512];
  bool failed;
  bool reads_sub_block;
  char *note;                  /* a header harness's verdict note */
  bool opaque_only;            /* unknown only through calls ksv cannot
                                  see */
} side_result;

/* Which core types can run statement s (its pipes and memories). */
static uint8_t stmt_cores(const mdl_kernel *k, const mdl_func *f,
                          const mdl_stmt *s) {
  switch (s->kind) {
  case MDL_S_OP: {
    uint8_t m = 0x3;
    mdl_space dst = MDL_SPACE_GM, src = MDL_SPACE_GM;
    bool have_dst = false, have_src = false;
    for (uint32_t i = 0; i < s->u.op.nacc; i++) {
      const mdl_acc_spec *a = &s->u.op.acc[i];
      if (a->buf == MDL_NOVAL)
        continue;
      mdl_space sp = mdl_value_at(f, a->buf)->space;
      m &= mdl_cores_of_space(sp);
      if (a->mode & MDL_ACC_WRITE && !have_dst) {
        dst = sp;
        have_dst = true;
      } else if (!have_src) {
        src = sp;
        have_src = true;
      }
    }
    return m & mdl_cores_of_pipe(s->u.op.pipe, dst, src);
  }
  case MDL_S_SET: case MDL_S_WAIT: case MDL_S_BARRIER:
    /* a library's implicit sync (the TPipe's AIC priming) says nothing of
       which core the kernel's code is for */
    return s->implicit ? 0 : mdl_stmt_pipe_cores(k->prof, s);
  case MDL_S_BSET: case MDL_S_BWAIT:
    return (uint8_t)(1u << s->u.blk.core);
  case MDL_S_SYNC_BLOCK:
    return s->u.sb.mode == 0 || s->u.sb.mode == 3 ? 0x1
           : s->u.sb.mode == 5 ? 0x3 : 0x2;
  default:
    return 0;
  }
}

static void classify_block(const mdl_kernel *k, const mdl_func *f,
                           const mdl_block *b, uint8_t bit, side_result *r) {
  for (const mdl_stmt *s = b->first; s; s = s->next) {
    uint8_t m = stmt_cores(k, f, s);
    /* a flag or barrier names pipes, which a misplaced one gets wrong (the
       invalid-sync finding): it places the kernel only when no data op
       does, as the HIVM frontend places by data ops and spaces first */
    bool sync = s->kind == MDL_S_SET || s->kind == MDL_S_WAIT ||
                s->kind == MDL_S_BARRIER;
    if (m == bit)
      *(sync ? &r->sync_own : &r->own) = true;
    else if (m == 0x3)
      *(sync ? &r->sync_generic : &r->generic) = true;
    if (sync && m == bit)
      *(mdl_loc *)mdl_vec_push(&r->own_syncs, sizeof(mdl_loc)) = s->loc;
    else if (sync && m && !(m & bit))
      *(mdl_loc *)mdl_vec_push(&r->misplaced, sizeof(mdl_loc)) = s->loc;
    if (s->kind == MDL_S_FOR)
      classify_block(k, f, &s->u.loop.body, bit, r);
    else if (s->kind == MDL_S_IF) {
      classify_block(k, f, &s->u.cif.then_b, bit, r);
      classify_block(k, f, &s->u.cif.else_b, bit, r);
    }
  }
}

static void extract_side(const fe_asc_unit *u, const char *path,
                         mdl_diags *diags, mdl_kernel *k, TSNode fn,
                         fe_asc_core core, const char *fname,
                         mdl_vec *atom_keys, side_result *out) {
  fe_asc_ctx *x = calloc(1, sizeof *x);
  x->atom_keys = atom_keys;
  x->u = u;
  x->path = path;
  x->diags = diags;
  x->core = core;
  char nm[300];
  snprintf(nm, sizeof nm, "%s%s", fname,
           core == FE_ASC_CORE_AIC ? "_aic" : "_aiv");
  out->f = mdl_b_func(&x->bd, k, nm, fe_asc_loc(x, fn), false);
  static const mdl_space local[] = {MDL_SPACE_UB, MDL_SPACE_L1, MDL_SPACE_L0A,
                                    MDL_SPACE_L0B, MDL_SPACE_L0C};
  for (int i = 0; i < MDL_SPACE_COUNT; i++)
    x->base[i] = MDL_NOVAL;
  mdl_loc loc = fe_asc_loc(x, fn);
  for (size_t i = 0; i < sizeof local / sizeof local[0]; i++) {
    /* one base per local memory: tensors address it absolutely */
    mdl_valref zero = mdl_b_const(&x->bd, 0, loc);
    mdl_valref b = mdl_b_value(&x->bd, mdl_space_name(local[i]));
    mdl_stmt *s = mdl_b_buf(&x->bd, MDL_B_PTR, b, "base", loc);
    s->u.b.space = local[i];
    s->u.b.naddr = 1;
    s->u.b.addrs = mdl_b_vals(&x->bd, 1);
    s->u.b.addrs[0] = zero;
    mdl_b_memref_info(&x->bd, b, local[i], -1, 1);
    x->base[local[i]] = b;
  }
  x->frame = x->nframes = 1;
  fe_asc_scope_open(x);
  x->fn_scope = x->scopes.len;
  if (is(fn, "function_definition")) {
    bind_kernel_template(x, fn, fname);
    bind_kernel_params(x, fn);
    x->fn_stack[x->depth++] = fn;
    x->fn_level = x->level;
    x->fn_scope = x->scopes.len;
    fe_asc_stmt(x, field(fn, "body"));
  } else {
    out->note = fe_asc_hdr_run(x, fn); /* a header's device class */
  }
  x->bd.blk = &out->f->body;
  fe_asc_scope_close(x, fn);
  uint8_t bit = core == FE_ASC_CORE_AIC ? 0x1 : 0x2;
  classify_block(k, out->f, &out->f->body, bit, out);
  out->unknown = x->unknown;
  memcpy(out->why, x->unknown_why, sizeof out->why);
  out->failed = x->failed;
  out->reads_sub_block = x->reads_sub_block;
  out->opaque_only = x->unknown && x->n_unsup == x->n_opaque;
  mdl_vec_free(&x->vars);
  mdl_vec_free(&x->consts);
  mdl_vec_free(&x->scopes);
  mdl_vec_free(&x->dtors);
  for (uint32_t i = 0; i < x->objs.len; i++)
    mdl_vec_free(&MDL_VEC_AT(x->objs, fe_asc_obj *, i)->fields);
  mdl_vec_free(&x->objs);
  fe_asc_map_free(&x->defs);
  mdl_vec_free(&x->def_nodes);
  mdl_vec_free(&x->idx_defs);
  mdl_vec_free(&x->idx_decls);
  mdl_vec_free(&x->idx_names);
  free(x);
}

/* ------------------------------------------------------------ kernels */

/* Does the file say MIX (__mix__ on the entry, KERNEL_TYPE_MIX_*)? */
static bool says_mix(const fe_asc_unit *u, TSNode fn) {
  if (fn_has_qual(u, fn, "__mix__"))
    return true;
  TSNode body = field(fn, "body");
  return strstr(u->text, "KERNEL_TYPE_MIX_") != NULL &&
         fe_asc_orig_has(u, ts_node_start_byte(body), ts_node_end_byte(body),
                  "KERNEL_TYPE_MIX_");
}

static void free_keys(mdl_vec *keys) {
  for (uint32_t i = 0; i < keys->len; i++)
    free(MDL_VEC_AT(*keys, char *, i));
  mdl_vec_free(keys);
}

static void side_free(side_result *r) {
  mdl_vec_free(&r->own_syncs);
  mdl_vec_free(&r->misplaced);
}

/* Is one of the syncs at locations own not among other (the same C++
** call, read by the other core type's extraction too)? */
static bool only_here(const mdl_vec *own, const mdl_vec *other) {
  for (uint32_t i = 0; i < own->len; i++) {
    const mdl_loc *a = &MDL_VEC_AT(*own, mdl_loc, i);
    bool seen = false;
    for (uint32_t j = 0; j < other->len && !seen; j++) {
      const mdl_loc *b = &MDL_VEC_AT(*other, mdl_loc, j);
      seen = a->line == b->line && a->col == b->col && a->file == b->file;
    }
    if (!seen)
      return true;
  }
  return false;
}

/* Which sides have code of their own: both extracted into a scratch
** kernel whose statements and diagnostics are dropped (so the kernel holds
** only the functions its cores run). */
static void classify_sides(fe_asc_unit *uu, const char *path,
                           const mdl_profile *prof, TSNode fv, TSNode fa,
                           const char *name, bool *aic, bool *aiv) {
  mdl_kernel *k0 = mdl_kernel_new(path, name);
  k0->prof = prof;
  mdl_diags tmp;
  memset(&tmp, 0, sizeof tmp);
  mdl_vec keys;
  memset(&keys, 0, sizeof keys);
  side_result ra, rv;
  memset(&ra, 0, sizeof ra);
  memset(&rv, 0, sizeof rv);
  extract_side(&uu[0], path, &tmp, k0, fa, FE_ASC_CORE_AIC, name, &keys, &ra);
  extract_side(&uu[1], path, &tmp, k0, fv, FE_ASC_CORE_AIV, name, &keys, &rv);
  if (!ra.own && !rv.own) {
    /* no data op places the kernel: its flags and barriers do */
    ra.own = ra.sync_own;
    rv.own = rv.sync_own;
    rv.generic = rv.generic || rv.sync_generic;
  } else {
    /* a sync only one core type's code has (under ASCEND_IS_AIC, say) is
       that core's code; one both read is placed by the data ops */
    ra.own = ra.own || only_here(&ra.own_syncs, &rv.misplaced);
    rv.own = rv.own || only_here(&rv.own_syncs, &ra.misplaced);
  }
  *aic = ra.own;
  *aiv = rv.own || (!ra.own && rv.generic);
  side_free(&ra);
  side_free(&rv);
  free(ra.note);
  free(rv.note);
  free_keys(&keys);
  mdl_diags_free(&tmp);
  mdl_kernel_free(k0);
}

static void build_kernel(fe_asc_unit *uu, const char *path, int arch,
                         TSNode fv, TSNode fa, const char *name,
                         mdl_vec *units, mdl_diags *diags) {
  const mdl_profile *prof = mdl_profile_choose(arch, -1);
  bool aic, aiv;
  classify_sides(uu, path, prof, fv, fa, name, &aic, &aiv);
  bool mix = says_mix(&uu[1], fv) || (aic && aiv);
  mdl_kernel *k = mdl_kernel_new(path, name);
  k->prof = prof;
  k->loc = fe_asc_loc_in(&uu[1], fv);
  uint32_t line = k->loc.line;
  side_result ra, rv;
  memset(&ra, 0, sizeof ra);
  memset(&rv, 0, sizeof rv);
  mdl_vec keys;
  memset(&keys, 0, sizeof keys);
  if (mix || aic)
    extract_side(&uu[0], path, diags, k, fa, FE_ASC_CORE_AIC, name, &keys,
                 &ra);
  if (mix || !aic)
    extract_side(&uu[1], path, diags, k, fv, FE_ASC_CORE_AIV, name, &keys,
                 &rv);
  free_keys(&keys);
  side_free(&ra);
  side_free(&rv);
  if (mix)
    mdl_kernel_mix_pair(k, ra.f, rv.f);
  else if (aic)
    mdl_kernel_lone(k, ra.f, MDL_CORE_AIC, false);
  else
    mdl_kernel_lone(k, rv.f, MDL_CORE_AIV, false);
  /* the extraction unrolls constant loops and gives each core its own
     copy: the copies of one C++ call are one source statement */
  mdl_kernel_share_src(k);
  fe_unit *un = mdl_vec_push(units, sizeof *un);
  un->name = mdl_strprintf("%s", name);
  un->line = line;
  un->note = rv.note ? rv.note : ra.note;
  if (un->note == rv.note)
    free(ra.note);
  if (ra.failed || rv.failed) {
    un->error = true;
    mdl_kernel_free(k);
    return;
  }
  un->k = k;
  if (ra.unknown || rv.unknown) {
    un->unknown = true;
    /* a harness's sync skeleton is checked when only calls ksv cannot
       see are missing (the driver: fe_unit.skeleton), and the class is
       no template: a template's constants are ksv's guesses of an
       instantiation (catlass's STAGES from a trait it cannot select) */
    un->skeleton = un->note && !is(ts_node_parent(fv), "template_declaration")
                   && (!ra.unknown || ra.opaque_only) &&
                   (!rv.unknown || rv.opaque_only);
    un->unknown_why = mdl_strprintf("%s", rv.unknown ? rv.why : ra.why);
  }
}

/* A file without an entry (a header): each device class with sync is a
** synthesized kernel (fe_asc_hdr.c), found in both reads by name. */
static void harness(fe_asc_unit *uu, const char *path, int arch,
                    mdl_vec *units, mdl_diags *diags) {
  mdl_vec cv, ca;
  memset(&cv, 0, sizeof cv);
  memset(&ca, 0, sizeof ca);
  fe_asc_hdr_classes(&uu[1], ts_tree_root_node(uu[1].tree), &cv, 0);
  fe_asc_hdr_classes(&uu[0], ts_tree_root_node(uu[0].tree), &ca, 0);
  uint32_t nf = fe_asc_hdr_sync_funcs(&uu[1], ts_tree_root_node(uu[1].tree),
                                      0);
  char fns[160] = "";
  if (nf) /* helpers: their sync pairs with their caller's */
    snprintf(fns, sizeof fns, "%s%u free function%s with sync not checked "
             "on %s own (checked where a kernel calls %s)",
             cv.len || ca.len ? "" : "; ", nf, nf > 1 ? "s" : "",
             nf > 1 ? "their" : "its", nf > 1 ? "them" : "it");
  if (!cv.len && !ca.len)
    mdl_diag_add(diags, MDL_RULE_UNSUPPORTED, MDL_SEV_WARNING, path, NULL, 1,
                 1, "no kernel entry (a function marked __global__) and no "
                 "device class with sync: nothing to check%s", fns);
  else if (nf)
    mdl_diag_add(diags, MDL_RULE_UNSUPPORTED, MDL_SEV_WARNING, path, NULL, 1,
                 1, "%s", fns);
  for (uint32_t i = 0; i < cv.len + ca.len; i++) {
    /* every class of either read; one of the AIV's read is the unit, the
       AIC's of the same name (and rank among same names) its other side */
    bool aic_only = i >= cv.len;
    TSNode c = MDL_VEC_AT(aic_only ? ca : cv, TSNode, aic_only ? i - cv.len
                                                               : i);
    const fe_asc_unit *cu = &uu[aic_only ? 0 : 1];
    TSNode nm = field(c, "name");
    uint32_t a = ts_node_start_byte(nm), b = ts_node_end_byte(nm);
    const mdl_vec *other = aic_only ? &cv : &ca;
    const fe_asc_unit *ou = &uu[aic_only ? 1 : 0];
    /* the same rank among the classes of the same name (the second
       BlockEpilogue specialisation is the other read's second) */
    const mdl_vec *mine = aic_only ? &ca : &cv;
    uint32_t self_i = aic_only ? i - cv.len : i, rank = 0;
    for (uint32_t j = 0; j < self_i; j++) {
      TSNode d = field(MDL_VEC_AT(*mine, TSNode, j), "name");
      uint32_t da = ts_node_start_byte(d), db = ts_node_end_byte(d);
      rank += db - da == b - a && !memcmp(cu->text + da, cu->text + a, b - a);
    }
    TSNode match = {{0}, 0, 0};
    for (uint32_t j = 0; j < other->len && ts_node_is_null(match); j++) {
      TSNode d = field(MDL_VEC_AT(*other, TSNode, j), "name");
      uint32_t da = ts_node_start_byte(d), db = ts_node_end_byte(d);
      if (db - da == b - a && !memcmp(ou->text + da, cu->text + a, b - a) &&
          !rank--)
        match = MDL_VEC_AT(*other, TSNode, j);
    }
    if (aic_only && !ts_node_is_null(match))
      continue; /* done with its AIV read */
    char name[256];
    /* the unit's name: the class's, without template arguments */
    uint32_t e = a;
    while (e < b && cu->text[e] != '<' && cu->text[e] != ' ')
      e++;
    snprintf(name, sizeof name, "%.*s", (int)(e - a), cu->text + a);
    uint32_t same = 0; /* specialisations of one name: BlockEpilogue#2 */
    for (uint32_t j = 0; j < units->len; j++)
      same += !strncmp(MDL_VEC_AT(*units, fe_unit, j).name, name,
                       strlen(name)) &&
              (!MDL_VEC_AT(*units, fe_unit, j).name[strlen(name)] ||
               MDL_VEC_AT(*units, fe_unit, j).name[strlen(name)] == '#');
    if (same)
      snprintf(name + strlen(name), sizeof name - strlen(name), "#%u",
               same + 1);
    if (ts_node_is_null(match)) { /* as a kernel only one read has */
      mdl_diag_add(diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR, path, NULL, 1, 1,
                   "class '%s' is not in the file as read for the %s", name,
                   aic_only ? "AIV" : "AIC");
      continue;
    }
    TSNode fv = aic_only ? match : c, fa = aic_only ? c : match;
    build_kernel(uu, path, arch, fv, fa, name, units, diags);
  }
  mdl_vec_free(&cv);
  mdl_vec_free(&ca);
}

/* Included files' paths outlive their units: the diagnostics point at
** them (mdl_diag.file is not owned).  Interned once per path for the
** process (a handful of headers), under a lock (ksv -j). */
static pthread_mutex_t paths_lock = PTHREAD_MUTEX_INITIALIZER;
static char **paths;
static uint32_t npaths;

static const char *intern_path(const char *p) {
  pthread_mutex_lock(&paths_lock);
  const char *r = NULL;
  for (uint32_t i = 0; i < npaths && !r; i++)
    if (!strcmp(paths[i], p))
      r = paths[i];
  if (!r) {
    char **np = realloc(paths, (npaths + 1) * sizeof *np);
    if (np) {
      paths = np;
      paths[npaths] = strdup(p);
      r = paths[npaths] ? paths[npaths++] : NULL;
    }
  }
  pthread_mutex_unlock(&paths_lock);
  return r ? r : "(header)";
}

/* Frees both reads, first moving the diagnostics from d0 on off their
** file strings. */
static void release(fe_asc_unit *uu, mdl_diags *diags, uint32_t d0) {
  for (uint32_t i = d0; i < diags->items.len; i++) {
    mdl_diag *g = &MDL_VEC_AT(diags->items, mdl_diag, i);
    for (int c = 0; c < 2; c++)
      for (uint32_t f = 0; f < uu[c].files.len; f++) {
        const fe_asc_file *ff = &MDL_VEC_AT(uu[c].files, fe_asc_file, f);
        if (g->file == ff->path)
          g->file = intern_path(ff->path);
      }
  }
  fe_asc_unit_free(&uu[0]);
  fe_asc_unit_free(&uu[1]);
  free(uu);
}

/* The -D macros of the command line (fe_defines) as the preprocessor takes
** them: "NAME" or "NAME=VALUE", split (malloc'd, one block). */
static fe_asc_define *cli_defines(uint32_t *n) {
  uint32_t nd;
  const char *const *d = fe_defines(&nd);
  *n = 0;
  if (!nd || !d)
    return NULL;
  size_t bytes = nd * sizeof(fe_asc_define);
  for (uint32_t i = 0; i < nd; i++)
    bytes += strlen(d[i]) + 1;
  fe_asc_define *out = malloc(bytes);
  if (!out)
    return NULL;
  char *p = (char *)(out + nd);
  for (uint32_t i = 0; i < nd; i++) {
    size_t l = strlen(d[i]);
    memcpy(p, d[i], l + 1);
    char *eq = strchr(p, '=');
    if (eq)
      *eq = 0;
    out[i].name = p;
    out[i].value = eq ? eq + 1 : "1";
    p += l + 1;
  }
  *n = nd;
  return out;
}

uint32_t fe_asc_parse_file(const char *path, const char *text, size_t len,
                           int arch, mdl_vec *units, mdl_diags *diags) {
  uint32_t e0 = diags->errors, d0 = diags->items.len;
  fe_asc_unit *uu = calloc(2, sizeof *uu);
  fe_asc_opts o;
  memset(&o, 0, sizeof o);
  o.arch = arch == MDL_ARCH_A5 ? FE_ASC_ARCH_C310 : FE_ASC_ARCH_C220;
  o.missing_include_warns = true;
  fe_asc_define *defs = cli_defines(&o.ndefines);
  o.defines = defs;
  bool ok = true;
  for (int c = 0; c < 2 && ok; c++) {
    o.core = c == 0 ? FE_ASC_CORE_AIC : FE_ASC_CORE_AIV;
    mdl_diags *d = diags, tmp;
    memset(&tmp, 0, sizeof tmp);
    if (c == 0)
      d = &tmp; /* the AIC read repeats the AIV read's warnings */
    ok = fe_asc_read(path, text, len, &o, &uu[c], d) && ok;
    ok = fe_asc_parse(&uu[c], d) && ok;
    if (c == 0 && !ok) {
      for (uint32_t i = 0; i < tmp.items.len; i++) {
        mdl_diag *g = &MDL_VEC_AT(tmp.items, mdl_diag, i);
        mdl_diag_add(diags, g->rule, g->severity, g->file, NULL, g->line,
                     g->col, "%s", g->message);
      }
    }
    mdl_diags_free(&tmp);
  }
  if (!ok) {
    fe_unit *un = mdl_vec_push(units, sizeof *un);
    un->name = mdl_strprintf("%s", "(file)");
    un->line = 1;
    un->error = true;
    release(uu, diags, d0);
    free(defs);
    return diags->errors - e0 ? diags->errors - e0 : 1;
  }
  mdl_vec ev, ea;
  memset(&ev, 0, sizeof ev);
  memset(&ea, 0, sizeof ea);
  const char *en = fe_entry();
  if (en) { /* --entry NAME: that function or class only */
    TSNode v = fe_asc_hdr_find_entry(&uu[1], ts_tree_root_node(uu[1].tree),
                                     en, 0);
    TSNode a = fe_asc_hdr_find_entry(&uu[0], ts_tree_root_node(uu[0].tree),
                                     en, 0);
    if (ts_node_is_null(v) || ts_node_is_null(a)) {
      mdl_diag_add(diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR, path, NULL, 1, 1,
                   "--entry %s: no function or class of that name with a "
                   "body at namespace scope%s", en,
                   ts_node_is_null(v) == ts_node_is_null(a)
                       ? "" : " in the file as read for both cores");
      fe_unit *un = mdl_vec_push(units, sizeof *un);
      un->name = mdl_strprintf("%s", en);
      un->line = 1;
      un->error = true;
    } else {
      build_kernel(uu, path, arch, v, a, en, units, diags);
    }
  } else {
    find_entries(&uu[1], ts_tree_root_node(uu[1].tree), &ev, 0);
    find_entries(&uu[0], ts_tree_root_node(uu[0].tree), &ea, 0);
  }
  if (!ev.len && !en)
    harness(uu, path, arch, units, diags);
  /* names through a throwaway context (the tree's text) */
  for (uint32_t i = 0; i < ev.len; i++) {
    TSNode fv = MDL_VEC_AT(ev, TSNode, i);
    char name[256];
    TSNode d = field(fv, "declarator");
    while (!ts_node_is_null(d) && !is(d, "function_declarator"))
      d = field(d, "declarator");
    TSNode dn = field(d, "declarator");
    uint32_t a = ts_node_start_byte(dn), b = ts_node_end_byte(dn);
    snprintf(name, sizeof name, "%.*s", (int)(b - a), uu[1].text + a);
    TSNode fa = fv;
    bool found = false;
    for (uint32_t j = 0; j < ea.len && !found; j++) {
      TSNode c = MDL_VEC_AT(ea, TSNode, j);
      TSNode cd = field(c, "declarator");
      while (!ts_node_is_null(cd) && !is(cd, "function_declarator"))
        cd = field(cd, "declarator");
      TSNode cn = field(cd, "declarator");
      uint32_t ca = ts_node_start_byte(cn), cb = ts_node_end_byte(cn);
      if (cb - ca == b - a && !memcmp(uu[0].text + ca, name, b - a)) {
        fa = c;
        found = true;
      }
    }
    if (!found) {
      mdl_diag_add(diags, MDL_RULE_SYNTAX, MDL_SEV_ERROR, path, NULL, 1, 1,
                   "kernel '%s' is not in the file as read for the AIC", name);
      continue;
    }
    build_kernel(uu, path, arch, fv, fa, name, units, diags);
  }
  (void)fn_name;
  mdl_vec_free(&ev);
  mdl_vec_free(&ea);
  release(uu, diags, d0);
  free(defs);
  return diags->errors - e0;
}
