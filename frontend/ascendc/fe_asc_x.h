/*
** fe_asc_x.h -- the Ascend C extraction's internal header: an abstract
** interpreter over the tree-sitter tree of fe_asc_read/fe_asc_parse that
** builds ksv's model through model/mdl_build.h (issue 17, point 2).
**
**   fe_asc_build.c  entry discovery, per-core extraction, kernel assembly
**   fe_asc_eval.c   expressions: constants, symbolic scalars, names/scopes
**   fe_asc_stmt.c   statements, control flow, call inlining
**   fe_asc_call.c   calls, classes: objects, constructors, destructors
**   fe_asc_api.c    the library-call table: sync spellings, data ops, buffers
**   fe_asc_que.c    the queue framework (TQue/TPipe implicit sync; helper Q)
**   fe_asc_hdr.c    the header harness: device classes as kernels
**
** Values are abstract: an integer constant, a symbolic scalar (a value of
** the function being built), a pipe, a HardEvent, a LocalTensor (a byte
** range of a local memory), a GlobalTensor (a byte range of a GM kernel
** argument), an object (class instance or library object), or unknown.
** The file is read once per core (AIC, AIV), so every value belongs to the
** one mdl_func being built.
*/
#ifndef FE_ASC_X_H
#define FE_ASC_X_H

#include "fe_asc.h"
#include "../../model/mdl_build.h"

#include <string.h>

#define FE_ASC_MAX_INLINE 32          /* nested inlined calls */
#define FE_ASC_MAX_UNROLL 1024        /* constant-trip loops unrolled up to */
#define FE_ASC_MAX_STEPS 2000000u     /* evaluation steps per core */
#define FE_ASC_MAX_LEVEL 128u        /* nested branches and loops (the
                                         unroller recurses on them) */
#define FE_ASC_MAX_NEST 600u          /* nested expressions + statements
                                         (the C stack) */

/* ------------------------------------------------------------- values */

typedef enum {
  FE_AV_UNKNOWN,    /* nothing known (a scalar: x is a fresh unknown) */
  FE_AV_INT,        /* integer constant i */
  FE_AV_SYM,        /* symbolic scalar: value v of the function */
  FE_AV_PIPE,       /* i = mdl_pipe */
  FE_AV_HEVT,       /* HardEvent: i = src pipe, j = dst pipe */
  FE_AV_POS,        /* TPosition / Hardware: i = fe_asc_pos */
  FE_AV_LTENSOR,    /* LocalTensor: t */
  FE_AV_GTENSOR,    /* GlobalTensor / __gm__ pointer: t */
  FE_AV_OBJ,        /* object: o (reference semantics) */
  FE_AV_STR,        /* a string literal (ignored by everything) */
  FE_AV_TYPE        /* a type (template parameter): i = its sizeof, 0
                       unknown */
} fe_asc_vkind;

/* TPosition / Hardware, and the memory space each lives in. */
typedef enum {
  FE_POS_GM, FE_POS_VECIN, FE_POS_VECOUT, FE_POS_VECCALC, FE_POS_A1,
  FE_POS_B1, FE_POS_C1, FE_POS_A2, FE_POS_B2, FE_POS_CO1, FE_POS_CO2,
  FE_POS_C2, FE_POS_UB, FE_POS_L1, FE_POS_L0A, FE_POS_L0B, FE_POS_L0C,
  FE_POS_COUNT
} fe_asc_pos;
mdl_space fe_asc_pos_space(fe_asc_pos p);

/* A tensor: a byte range [off, off + bytes) of a memory.  Local tensors
** address their space absolutely (one base buffer per space and function,
** fe_asc_ctx.base), global ones a GM kernel argument (buf).  off is a
** constant (off_sym MDL_NOVAL) or the symbolic byte offset off_sym;
** bytes -1: unknown extent (the access covers the rest of the buffer). */
typedef struct {
  mdl_space space;
  fe_asc_pos pos;
  mdl_valref buf;              /* GM: the argument's buffer value; local:
                                  the base of the space */
  int64_t off;                 /* byte offset (constant part) */
  mdl_valref off_sym;          /* symbolic byte offset added, or NOVAL */
  int64_t bytes;               /* extent in bytes, -1 unknown */
  uint32_t elem;               /* element bytes (0: unknown, 1 used) */
  bool whole;                  /* nothing is known of the range */
  const char *st;              /* GM: the struct of the file it points to
                                  (`(__gm__ S *)p`, `S t = *p`), whose
                                  members' C types its fields have; NULL */
} fe_asc_tensor;

typedef struct fe_asc_obj fe_asc_obj;

typedef struct {
  fe_asc_vkind kind;
  int64_t i, j;                /* INT; PIPE; HEVT src/dst; POS */
  mdl_valref v;                /* SYM */
  fe_asc_tensor t;             /* LTENSOR / GTENSOR */
  fe_asc_obj *o;               /* OBJ */
  uint8_t ct;                  /* INT / SYM: its C integer type, bits |
                                  FE_CT_UNSIGNED; 0 unknown
                                  (fe_asc_ctype.c) */
  bool wu;                     /* INT / SYM, ct 0: a value of the kernel
                                  whose C type the source does not give
                                  ksv (a GET_TILING_DATA field ...): its
                                  arithmetic is checked to be the same in
                                  every type (mdl_stmt.u.x.wlim) */
} fe_asc_val;

#define FE_CT_UNSIGNED 128
#define FE_CT_PCHAR 1 /* a declared type: plain char, signedness unknown;
                         a value has ct 8 once converted (0..127) */

/* Library object kinds (a class of the file is FE_OBJ_CLASS). */
typedef enum {
  FE_OBJ_CLASS,     /* an instance of a class/struct of the file */
  FE_OBJ_TPIPE,     /* AscendC::TPipe (helper Q: fe_asc_que.c) */
  FE_OBJ_TQUE,      /* TQue / TQueBind (helper Q: fe_asc_que.c) */
  FE_OBJ_TBUF,      /* TBuf<pos>: one buffer, no sync */
  FE_OBJ_TQUESYNC,  /* TQueSync<P1, P2> */
  FE_OBJ_ALLOCATOR, /* LocalMemAllocator<Hardware::X> */
  FE_OBJ_OPAQUE     /* a library object ksv does not model */
} fe_asc_objkind;

typedef struct {
  const char *name;            /* arena text */
  fe_asc_val val;
  uint8_t ct;                  /* its declared integer type (0: none) */
} fe_asc_field;

struct fe_asc_obj {
  fe_asc_objkind kind;
  const char *type;            /* type name as written (arena) */
  TSNode cls;                  /* CLASS: its class_specifier */
  mdl_vec fields;              /* fe_asc_field */
  /* TBUF / TQUE / TQUESYNC / ALLOCATOR: */
  fe_asc_pos pos, pos2;        /* position(s) from the template args */
  int64_t depth;               /* TQue depth */
  mdl_pipe p1, p2;             /* TQUESYNC pipes */
  fe_asc_tensor buf;           /* TBUF: its buffer after InitBuffer;
                                  TQUE: the first buffer */
  int64_t num, len;            /* InitBuffer(q, num, len) */
  int64_t next;                /* ALLOCATOR: next free byte */
  void *ext;                   /* per-kind state of other files (Q) */
  fe_asc_obj *owned_by;        /* the object this one is a member of */
};

/* ------------------------------------------------------------ context */

/* A named variable of a scope. */
typedef struct {
  const char *name;            /* arena text */
  fe_asc_val val;
  uint32_t frame;              /* inlined-call frame, 0 = file scope */
  uint8_t ct;                  /* its declared integer type (0: none) */
} fe_asc_var;

/* An object to destroy at the end of its scope (reverse order). */
typedef struct {
  fe_asc_obj *o;
  uint32_t scope;
} fe_asc_dtor;

/* Control-flow state after a statement. */
typedef enum {
  FE_FLOW_NEXT, FE_FLOW_BREAK, FE_FLOW_CONTINUE, FE_FLOW_RETURN
} fe_asc_flow;

typedef struct fe_asc_ctx {
  const fe_asc_unit *u;        /* text + tree + source map */
  const char *path;            /* main file (diagnostics) */
  mdl_diags *diags;
  fe_asc_core core;            /* AIC or AIV: the side being extracted */
  mdl_builder bd;              /* where statements go */
  mdl_valref base[MDL_SPACE_COUNT]; /* base buffer of each local space */
  int64_t next_addr[MDL_SPACE_COUNT]; /* bump allocator of InitBuffer */
  mdl_vec vars;                /* fe_asc_var: the scope stack */
  mdl_vec consts;              /* fe_asc_var: file constants evaluated,
                                  and the unknown build macros (atoms) */
  mdl_vec *atom_keys;          /* char*: the names of the symbolic atoms
                                  (tiling fields, build macros, template
                                  parameters), shared by a kernel's two
                                  sides so one name is one atom */
  mdl_vec scopes;              /* uint32_t: vars.len at each scope open */
  mdl_vec dtors;               /* fe_asc_dtor */
  uint32_t frame;              /* current inlined-call frame */
  uint32_t nframes;            /* frames ever opened */
  fe_asc_obj *self;            /* `this` of the current method, or NULL */
  TSNode fn_stack[FE_ASC_MAX_INLINE]; /* functions being inlined */
  uint32_t depth;
  uint32_t chain;              /* inlining chain of the current function
                                  (mdl_b_chain; 0: the entry) */
  uint32_t level;              /* nested branches/loops being extracted */
  uint32_t loop_level;         /* level of the unrolled loop's body */
  mdl_block **loop_blk;        /* where that loop's next iteration goes */
  const mdl_block *path_root;  /* NULL, or the block the rest of the
                                  kernel goes to after an early return on
                                  a symbolic condition in the entry
                                  function: still one path (the other one
                                  ended), so the queue framework follows
                                  its state there concretely */
  uint32_t fn_scope;           /* scopes.len inside the current function:
                                  its objects are the dtors of scopes >= */
  uint32_t fn_level;           /* level at the current function's entry:
                                  an early return on a symbolic condition
                                  there moves the rest into the else */
  fe_asc_val ret;              /* value of the last return */
  bool symbolic_flow;          /* inside a branch/loop on a symbolic value */
  uint32_t nargs;              /* kernel arguments bound */
  uint64_t steps;
  TSNode at;                   /* the node being evaluated (locations) */
  uint32_t nest;               /* expressions + statements being evaluated */
  bool over_budget;            /* a budget was exceeded (reported once) */
  bool ambiguous;              /* the last file-constant search found two
                                  that differ */
  bool used_core;              /* the extracted side has code (an op, a
                                  sync, a buffer) */
  bool reads_sub_block;        /* GetSubBlockIdx was read */
  bool mix_hint;               /* __mix__ / KERNEL_TYPE_MIX_* seen */
  bool unknown;                /* the kernel's verdict must be unknown */
  uint32_t n_unsup, n_opaque;  /* constructs not understood, and how many
                                  of them are calls ksv cannot see (the
                                  header harness checks the sync skeleton
                                  when they are all such calls) */
  char unknown_why[512];
  bool failed;                 /* an error was reported */
  void *que;                   /* helper Q's per-core state (fe_asc_que.c) */
  mdl_vec objs;                /* fe_asc_obj*: every object made (branch
                                  merging compares their fields) */
  fe_asc_map defs;             /* definitions looked up (fe_asc_stmt.c) */
  mdl_vec def_nodes;           /* TSNode: their nodes (null: none) */
  bool indexed;                /* idx_defs / idx_decls built */
  mdl_vec idx_defs;            /* TSNode: function, class, struct and enum
                                  definitions outside function bodies, in
                                  document order (fe_asc_stmt.c) */
  mdl_vec idx_names;           /* fe_asc_defname: each idx_defs entry's
                                  name as written and its last name */
  mdl_vec idx_decls;           /* TSNode: declarations, field declarations
                                  and enumerator lists outside function
                                  bodies, in document order */
} fe_asc_ctx;

/* --------------------------------------------- the library-call table */

/* A call as the table sees it: the callee's name (last component, without
** template arguments), its template arguments and arguments evaluated,
** and the object it is called on (a method call `obj.Name(...)`), NULL
** for a free function. */
#define FE_ASC_MAX_ARGS 16
typedef struct {
  const char *name;            /* "SetFlag", "DataCopy", ... */
  const char *qual;            /* the full callee text as written */
  TSNode node;                 /* the call_expression */
  fe_asc_obj *obj;             /* receiver, or NULL */
  uint32_t ntargs, nargs;
  fe_asc_val targ[FE_ASC_MAX_ARGS];
  fe_asc_val arg[FE_ASC_MAX_ARGS];
  TSNode targ_node[FE_ASC_MAX_ARGS], arg_node[FE_ASC_MAX_ARGS];
  fe_asc_val *recv;            /* a method of a tensor value (t.GetValue,
                                  g.SetGlobalBuffer): the receiver, which
                                  the handler may update; else NULL */
} fe_asc_call;

/* A handler models the call (emits statements through ctx->bd) and sets
** *res to the call's value (zeroed: unknown).  Returns false when it
** cannot: the caller then treats the call as not understood. */
typedef bool (*fe_asc_handler)(fe_asc_ctx *x, const fe_asc_call *c,
                               fe_asc_val *res);

/* One table entry: name is the callee's last component; on says what the
** receiver must be (FE_API_FREE: a free function or AscendC:: function;
** FE_API_ANY: anything; else an object kind + FE_API_OBJ). */
#define FE_API_FREE (-1)
#define FE_API_ANY (-2)
#define FE_API_LTENSOR (-3)
#define FE_API_GTENSOR (-4)
#define FE_API_OBJ(kind) ((int)(kind))
typedef struct {
  const char *name;
  int on;
  fe_asc_handler fn;
} fe_asc_api;

/* The tables: fe_asc_api.c's own (sync, data ops, TBuf, static tensors)
** and fe_asc_que.c's (TQue, TPipe; helper Q).  Both end with {NULL}. */
extern const fe_asc_api fe_asc_api_core[];
extern const fe_asc_api fe_asc_api_que[];
/* Runs the handlers for call c in table order (the queue table first)
** until one returns true; false when none does (or none matches). */
bool fe_asc_api_call(fe_asc_ctx *x, const fe_asc_call *c, fe_asc_val *res);
/* Is there an entry for name at all (any receiver)? */
bool fe_asc_api_known(const char *name);
/* The object kind a library type name declares ("TPipe", "TQue", "TBuf",
** ...), FE_OBJ_CLASS when it is no library object ksv models. */
fe_asc_objkind fe_asc_api_objkind(const char *type);
/* A declared library object of kind k, type node ty: its template
** arguments read (positions, depth, pipes). */
void fe_asc_api_objinit(fe_asc_ctx *x, fe_asc_obj *o, TSNode ty);
/* The queue framework's hooks (fe_asc_que.c): a TQue / TPipe declared
** (template args read), and the end of a TPipe's life (its destructor's
** waits, at loc). */
void fe_asc_que_declare(fe_asc_ctx *x, fe_asc_obj *o, TSNode ty);
void fe_asc_que_destroy(fe_asc_ctx *x, fe_asc_obj *o, mdl_loc loc);
/* The queue state (allocator, buffers, rings) of the current TPipe, for
** control flow that is not followed concretely (fe_asc_que.c; helper Q):
** save before a loop body or a branch arm, compare after it (a body that
** leaves the state as it found it issues the same ids every iteration;
** otherwise the kernel is unknown), restore to run the other arm.  NULL /
** no-ops when the kernel has no TPipe. */
void *fe_asc_que_save(fe_asc_ctx *x);
bool fe_asc_que_same(fe_asc_ctx *x, const void *snap);
void fe_asc_que_restore(fe_asc_ctx *x, const void *snap);

/* The reading half's string map (fe_asc_map.c; declared in fe_asc_int.h,
** whose #if evaluator names clash with the extraction's). */
bool fe_asc_map_get(const fe_asc_map *m, const char *s, size_t n,
                    uint32_t *val);
void fe_asc_map_put(fe_asc_map *m, const char *s, size_t n, uint32_t val);
void fe_asc_map_free(fe_asc_map *m);

/* ---------------------------------------- shared helpers (all files) */

/* A node's child by field name; a null node for a null node (the runtime
** does not check). */
static inline TSNode fe_asc_child(TSNode n, const char *name) {
  if (ts_node_is_null(n))
    return n;
  return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

/* THE location of a node: every statement's loc comes from here. */
mdl_loc fe_asc_loc(const fe_asc_ctx *x, TSNode n);
/* Its context-free part (line and column in the node's own file), for
** the kernel's location before any context exists. */
mdl_loc fe_asc_loc_in(const fe_asc_unit *u, TSNode n);
/* The node's text (of the normalised output) copied to the arena. */
const char *fe_asc_text(fe_asc_ctx *x, TSNode n);
/* Is the node's text s? */
bool fe_asc_is(const fe_asc_ctx *x, TSNode n, const char *s);
/* A located warning / error at node n. */
void fe_asc_warn(fe_asc_ctx *x, TSNode n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void fe_asc_error(fe_asc_ctx *x, TSNode n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A construct that can affect sync or accesses and that ksv does not
** understand: a located warning naming it, and the kernel is unknown. */
void fe_asc_unsupported(fe_asc_ctx *x, TSNode n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Do the original bytes behind output range [a, b) of u contain word
** (a qualifier the normaliser blanked)? */
bool fe_asc_orig_has(const fe_asc_unit *u, uint32_t a, uint32_t b,
                     const char *word);
/* The last identifier of a (qualified, templated) name: "AscendC::
** HardEvent::MTE2_V" -> "MTE2_V". */
const char *fe_asc_last_name(fe_asc_ctx *x, TSNode n);

/* fe_asc_eval.c */
/* Within the step and nesting budgets?  When not: reported once as not
** understood (the kernel unknown), and false. */
bool fe_asc_budget(fe_asc_ctx *x, TSNode at);
fe_asc_val fe_asc_expr(fe_asc_ctx *x, TSNode e);
fe_asc_val fe_asc_int(int64_t i);
fe_asc_val fe_asc_unknown(void);
/* c ? a : b (constants fold; scalars a select). */
fe_asc_val fe_asc_select(fe_asc_ctx *x, fe_asc_val c, fe_asc_val a,
                         fe_asc_val b, TSNode at);
/* a op b (a C binary operator) on abstract values. */
fe_asc_val fe_asc_expr_binop(fe_asc_ctx *x, const char *op, fe_asc_val a,
                             fe_asc_val b, TSNode at);
/* A symbolic scalar of v as a value of the function (constants
** materialised at loc); MDL_NOVAL for a non-scalar. */
mdl_valref fe_asc_scalar(fe_asc_ctx *x, const fe_asc_val *v, mdl_loc loc);
/* Is v a known integer (*out set)? */
bool fe_asc_const(const fe_asc_val *v, int64_t *out);
/* Name lookup: a variable of the current frame or the file scope, a
** field of this, a constant of the file (constexpr, enum, #define), a
** library constant (PIPE_V, EVENT_ID0, HardEvent::X, TPosition::X).
** Returns false when the name is unknown. */
bool fe_asc_lookup(fe_asc_ctx *x, const char *name, fe_asc_val *out);
fe_asc_var *fe_asc_var_find(fe_asc_ctx *x, const char *name);
void fe_asc_bind(fe_asc_ctx *x, const char *name, fe_asc_val v);
/* A symbolic non-negative value named name: a kernel argument (argno >=
** 0) or a tiling field / build macro (argno -1: a fresh atom number, one
** per name and core). */
fe_asc_val fe_asc_atom(fe_asc_ctx *x, int64_t argno, const char *name,
                       mdl_loc loc);
/* fe_asc_atom of C type ct (0: none): its range is the type's. */
fe_asc_val fe_asc_atom_ct(fe_asc_ctx *x, int64_t argno, const char *name,
                          mdl_loc loc, uint8_t ct);
/* The argument number (1000 + i) of the atom named key in the kernel. */
int64_t fe_asc_atom_no(fe_asc_ctx *x, const char *key);
/* Assigns to an lvalue node (identifier, field, this->field). */
void fe_asc_assign(fe_asc_ctx *x, TSNode lhs, fe_asc_val v);
fe_asc_field *fe_asc_field_find(fe_asc_obj *o, const char *name);
/* A library constant by name: pipes, events, positions, HardEvent. */
bool fe_asc_libconst(const char *name, fe_asc_val *out);
/* sizeof(T) of a type name, 0 when unknown. */
uint32_t fe_asc_sizeof(const char *type);
/* The element type's size of a template type node `LocalTensor<float>`
** (its first template argument), 0 when unknown. */
uint32_t fe_asc_elem_of(fe_asc_ctx *x, TSNode ty);

/* fe_asc_stmt.c */
fe_asc_flow fe_asc_stmt(fe_asc_ctx *x, TSNode s);
/* Inlines function definition fn with arguments args[n] on self (NULL:
** free function) and template bindings; returns its value. */
fe_asc_val fe_asc_inline(fe_asc_ctx *x, TSNode fn, fe_asc_obj *self,
                         const fe_asc_val *args, uint32_t n, TSNode call);
/* fe_asc_inline with the template argument list targs (may be null). */
fe_asc_val fe_asc_inline_t(fe_asc_ctx *x, TSNode fn, fe_asc_obj *self,
                           const fe_asc_val *args, uint32_t n, TSNode call,
                           TSNode targs);
/* A call expression: inlined, a library call of the table, or ignored. */
fe_asc_val fe_asc_call_expr(fe_asc_ctx *x, TSNode call);
/* A new object of type node ty (a class of the file or a library type),
** constructed with args; its destructor runs at the end of the scope. */
fe_asc_obj *fe_asc_new_obj(fe_asc_ctx *x, TSNode ty, const char *tname,
                           const fe_asc_val *args, uint32_t n, TSNode at);
/* A new object of class definition cls (not looked up by name). */
fe_asc_obj *fe_asc_new_obj_cls(fe_asc_ctx *x, TSNode cls, const char *tname,
                               const fe_asc_val *args, uint32_t n, TSNode at);
/* The value a declared member/local of type ty starts with (*is_obj: an
** object was constructed). */
fe_asc_val fe_asc_default_of(fe_asc_ctx *x, TSNode ty, TSNode at,
                             bool *is_obj);
/* Binds function definition fn's parameters to args in the current frame;
** template parameters of cls's template to targs into object o. */
void fe_asc_bind_params(fe_asc_ctx *x, TSNode fn, const fe_asc_val *args,
                        uint32_t n);
void fe_asc_bind_template_into(fe_asc_ctx *x, TSNode cls, TSNode targs,
                               fe_asc_obj *o);
/* Is type ty (named tn) a scalar type (primitive, sized typedef, enum,
** type parameter)? */
bool fe_asc_scalar_type(fe_asc_ctx *x, TSNode ty, const char *tn);
/* An opaque object of type tname whose fields are its constructor's
** arguments by position ("#0", "#1", ...): a library parameter struct. */
fe_asc_obj *fe_asc_params_obj(fe_asc_ctx *x, const char *tname,
                              const fe_asc_val *args, uint32_t n);
/* Destroys o (its destructor, then its members in reverse). */
void fe_asc_run_dtor(fe_asc_ctx *x, fe_asc_obj *o, TSNode at);
void fe_asc_scope_open(fe_asc_ctx *x);
void fe_asc_scope_close(fe_asc_ctx *x, TSNode at);
/* The definition of class/struct name in the file, or a null node. */
TSNode fe_asc_find_class(fe_asc_ctx *x, const char *name);
/* The C type of field name (NULL: the one at position pos) of library
** parameter struct type: DataCopyParams's blockCount, blockLen,
** srcStride, dstStride are uint16_t; 0 for any other. */
uint8_t fe_asc_lib_field_ctype(const char *type, const char *name, int pos);
/* The definition of enum name, or a null node. */
TSNode fe_asc_find_enum(fe_asc_ctx *x, const char *name);
/* The type node alias name stands for (`using name = T`, `typedef T
** name`), or a null node. */
TSNode fe_asc_find_alias(fe_asc_ctx *x, const char *name);
/* The definition of free function name, or of method name of class cls
** (a null node: free), or a null node. */
typedef struct { const char *text, *last; } fe_asc_defname;

/* The index above, built on first use with one cursor walk of the tree
** (a search per name walked it all, each node's children by index:
** quadratic in the children of a class body). */
void fe_asc_index(fe_asc_ctx *x);

TSNode fe_asc_find_func(fe_asc_ctx *x, TSNode cls, const char *name,
                        uint32_t nargs);

/* fe_asc_hdr.c: the header harness (a file without a kernel entry). */
/* The device classes of tree node n (class/struct definitions at
** namespace scope marked CATLASS_DEVICE / __aicore__ that spell sync). */
void fe_asc_hdr_classes(const fe_asc_unit *u, TSNode n, mdl_vec *out,
                        int depth);
/* The number of free function definitions at namespace scope that spell
** sync (not harnessed on their own). */
uint32_t fe_asc_hdr_sync_funcs(const fe_asc_unit *u, TSNode n, int depth);
/* The function or class definition named name (its last component) at
** namespace scope of tree node n (--entry), or a null node. */
TSNode fe_asc_hdr_find_entry(const fe_asc_unit *u, TSNode n, const char *name,
                             int depth);
/* Which core an `operator()<AscendC::AIC>` / `<AIV>` specialisation
** (function definition fn) is for: 0 AIC, 1 AIV, -1 none (read from the
** original text: the normaliser blanks the argument list). */
int fe_asc_op_core(const fe_asc_unit *u, TSNode fn);
/* Extracts class cls as a kernel body on x's side: constructed with
** symbolic arguments, operator() and the public methods with sync called
** twice, destroyed.  Returns the verdict note (malloc'd). */
char *fe_asc_hdr_run(fe_asc_ctx *x, TSNode cls);

/* fe_asc_api.c: emitting data ops on tensors. */
/* The buffer value of tensor t for an access (a view of its range). */
mdl_valref fe_asc_tensor_view(fe_asc_ctx *x, const fe_asc_tensor *t,
                              mdl_loc loc);
/* A data op name on pipe reading r[nr] and writing w[nw]. */
void fe_asc_emit_op(fe_asc_ctx *x, const char *name, mdl_pipe pipe,
                    const fe_asc_tensor *const *r, uint32_t nr,
                    const fe_asc_tensor *const *w, uint32_t nw, mdl_loc loc);
/* A sub-tensor of t from element index idx (t[idx]). */
fe_asc_tensor fe_asc_subtensor(fe_asc_ctx *x, const fe_asc_tensor *t,
                               const fe_asc_val *idx, mdl_loc loc);
/* A fresh local buffer of bytes in space sp (the TPipe's bump
** allocator): its tensor. */
fe_asc_tensor fe_asc_local_alloc(fe_asc_ctx *x, mdl_space sp, fe_asc_pos pos,
                                 int64_t bytes, uint32_t elem);
/* A static tensor LocalTensor<T>(TPosition::X, addr, len) (elem bytes
** of T; a[n] the constructor's arguments). */
fe_asc_val fe_asc_api_static_tensor(fe_asc_ctx *x, uint32_t elem,
                                    const fe_asc_val *a, uint32_t n,
                                    TSNode at);

/* ---------------------------------------------- C integer types */
/* (fe_asc_ctype.c) */
uint8_t fe_asc_ctype(fe_asc_ctx *x, TSNode ty);
uint8_t fe_asc_ctype_text(const char *t);
int fe_asc_ct_bits(uint8_t ct);
uint8_t fe_asc_ct_common(uint8_t a, uint8_t b);
uint8_t fe_asc_ct_literal(const char *s, int64_t v);
/* v converted to type ct (none: v), as C converts an assignment. */
fe_asc_val fe_asc_convert(fe_asc_ctx *x, fe_asc_val v, uint8_t ct,
                          TSNode at);
bool fe_asc_ct_fold(fe_asc_ctx *x, mdl_xop op, int64_t a, int64_t b,
                    uint8_t ct, TSNode at, int64_t *out);
/* Values of unknown C type (fe_asc_val.wu): the result bits every
** common type with one of type ot holds; a op b folded (xo an mdl_xop,
** or -1 for comparison c) where every type gives the same, else false
** and the kernel unknown. */
int fe_asc_wu_lim(uint8_t ot);
bool fe_asc_wu_fold(fe_asc_ctx *x, int xo, mdl_cmp c, int64_t a, int64_t b,
                    int lim, TSNode at, int64_t *out);
/* The name of the struct or class of the file that type node ty names
** (`Tiling`, `ns::Tiling`, `struct Tiling`, the T of `T *`); NULL. */
const char *fe_asc_struct_of(fe_asc_ctx *x, TSNode ty);
/* The declared C type of member name of the file's struct st (or of its
** bases); 0 when it has none ksv reads (a pointer, an array, a
** bit-field, an alias, no such member). */
uint8_t fe_asc_member_ctype(fe_asc_ctx *x, const char *st, const char *name);

#endif
