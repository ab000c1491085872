/*
 * kgen.c -- random structured HIVM kernel generator for ksv's differential
 * tests (tests/differential_test.sh, bench/differential.sh).
 *
 *   kgen [--symbolic] [--clean] [--seed N] [--count M] OUTDIR
 *
 * Writes OUTDIR/k<N+i>.mlir, i = 0..M-1 (defaults N = 1, M = 100); file
 * k<s> depends only on s.  Each file is one kernel: a single AIV kernel, a
 * single AIC (cube) kernel, or a MIX kernel given as @k<s>_mix_aic +
 * @k<s>_mix_aiv, with cross-core flags through a GM workspace, AIC -> AIVs
 * (epilogue) or AIVs -> AIC (prologue), and slot credits when the workspace
 * ring is reused.  Every kernel starts from a correctly synchronized
 * template (clean for ksv on a2: no race, no flag error, no redundant sync;
 * reverse flags are emitted only when a buffer really is reused) and then
 * gets 0..2 seeded mutations (none with --clean), recorded in the leading
 *   // kgen: seed=N mutations=KIND,KIND
 * comment (second line: the template shape, third line: mutation details).
 * The output is a pure function of the seed (own splitmix64 PRNG, never
 * rand()).  With --symbolic, some loop bounds are index arguments and some
 * scf.if conditions depend on an argument or on hivm.hir.get_block_idx:
 * those kernels are for the SMT engine only (the graph engine says unknown).
 *
 * C11 + libc (+ POSIX mkdir).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ------------------------------------------------------------------ PRNG */

static uint64_t rng_state;

static uint64_t rnext(void) {
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* uniform in [lo, hi] */
static int rint_(int lo, int hi) {
  if (hi <= lo)
    return lo;
  return lo + (int)(rnext() % (uint64_t)(hi - lo + 1));
}

static int chance(int pct) { return rint_(0, 99) < pct; }

/* ----------------------------------------------------------------- arena */

static char arena[1 << 21];
static size_t arena_used;

static void die(const char *msg) {
  fprintf(stderr, "kgen: %s\n", msg);
  exit(2);
}

static char *vafmt(const char *fmt, va_list ap) {
  size_t room = sizeof arena - arena_used;
  int n = vsnprintf(arena + arena_used, room, fmt, ap);
  if (n < 0 || (size_t)n + 1 > room)
    die("arena full");
  char *s = arena + arena_used;
  arena_used += (size_t)n + 1;
  return s;
}

__attribute__((format(printf, 1, 2))) static char *afmt(const char *fmt,
                                                         ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = vafmt(fmt, ap);
  va_end(ap);
  return s;
}

/* ----------------------------------------------------------------- pipes */

enum { P_S, P_V, P_M, P_MTE1, P_MTE2, P_MTE3, P_FIX, P_ALL, NPIPE };
static const char *const pipe_name[NPIPE] = {
    "PIPE_S",    "PIPE_V",    "PIPE_M",   "PIPE_MTE1",
    "PIPE_MTE2", "PIPE_MTE3", "PIPE_FIX", "PIPE_ALL"};
#define PB(p) (1u << (p))

enum { C_AIV, C_AIC };

/* ----------------------------------------------------------------- lines */

enum lk {
  LK_TEXT,  /* scalar / view op, no sync meaning */
  LK_OP,    /* data op on `pipes` */
  LK_SET,   /* set_flag[src, dst, ev] */
  LK_WAIT,  /* wait_flag[src, dst, ev] */
  LK_BAR,   /* pipe_barrier[src] */
  LK_BSET,  /* sync_block_set[core, src, dst] flag = */
  LK_BWAIT, /* sync_block_wait[core, src, dst] flag = */
  LK_FOR,   /* scf.for ... { */
  LK_IF,    /* scf.if ... { */
  LK_ELSE,  /* } else { */
  LK_END    /* } */
};

typedef struct {
  enum lk k;
  const char *text; /* TEXT, OP, FOR, IF */
  unsigned pipes;   /* OP */
  int src, dst;     /* sync pipes; BAR: src */
  int ev;           /* literal event id, or -1: evname */
  const char *evname;
  int flag;         /* BSET / BWAIT */
  const char *ivar; /* FOR: induction variable */
  int trip;         /* FOR: trip count, -1 symbolic */
} line;

#define MAXL 600
#define MAXC 64

typedef struct {
  const char *name;
  int core; /* C_AIV / C_AIC */
  int mix;
  line l[MAXL];
  int n;
  long ci[MAXC]; /* index constants */
  int nci;
  long cl[MAXC]; /* i64 constants */
  int ncl;
  int use_true;
  int tmp;
} fn;

typedef struct {
  const char *args;
  fn f[2];
  int nf;
  const char *shape;
  char muts[256];
  char detail[1024];
} kernel;

static kernel K;

static line *add(fn *f, enum lk k) {
  if (f->n >= MAXL)
    die("too many lines");
  line *x = &f->l[f->n++];
  memset(x, 0, sizeof *x);
  x->k = k;
  x->ev = -1;
  x->trip = -1;
  return x;
}

static void ins_line(fn *f, int pos, line x) {
  if (f->n >= MAXL)
    die("too many lines");
  memmove(&f->l[pos + 1], &f->l[pos], (size_t)(f->n - pos) * sizeof(line));
  f->l[pos] = x;
  f->n++;
}

static void del_line(fn *f, int pos) {
  memmove(&f->l[pos], &f->l[pos + 1],
          (size_t)(f->n - pos - 1) * sizeof(line));
  f->n--;
}

static const char *CI(fn *f, long v) {
  int i;
  for (i = 0; i < f->nci && f->ci[i] != v; i++)
    ;
  if (i == f->nci) {
    if (f->nci >= MAXC)
      die("too many constants");
    f->ci[f->nci++] = v;
  }
  return afmt("%%c%ld", v);
}

static const char *CL(fn *f, long v) {
  int i;
  for (i = 0; i < f->ncl && f->cl[i] != v; i++)
    ;
  if (i == f->ncl) {
    if (f->ncl >= MAXC)
      die("too many constants");
    f->cl[f->ncl++] = v;
  }
  return afmt("%%c%ld_i64", v);
}

__attribute__((format(printf, 2, 3))) static void T(fn *f, const char *fmt,
                                                     ...) {
  va_list ap;
  va_start(ap, fmt);
  add(f, LK_TEXT)->text = vafmt(fmt, ap);
  va_end(ap);
}

__attribute__((format(printf, 3, 4))) static void OP(fn *f, unsigned pipes,
                                                      const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  line *x = add(f, LK_OP);
  x->text = vafmt(fmt, ap);
  x->pipes = pipes;
  va_end(ap);
}

/* event reference: literal id (>= 0) or an SSA name */
typedef struct {
  int lit;
  const char *name;
} evr;

static evr EL(int id) {
  evr e = {id, NULL};
  return e;
}

static void SYNC(fn *f, enum lk k, int s, int d, evr e) {
  line *x = add(f, k);
  x->src = s;
  x->dst = d;
  x->ev = e.name ? -1 : e.lit;
  x->evname = e.name;
}
#define SETF(f, s, d, e) SYNC(f, LK_SET, s, d, e)
#define WAITF(f, s, d, e) SYNC(f, LK_WAIT, s, d, e)

static void BAR(fn *f, int p) { add(f, LK_BAR)->src = p; }

static void XSYNC(fn *f, enum lk k, int flag, int s, int d) {
  line *x = add(f, k);
  x->flag = flag;
  x->src = s;
  x->dst = d;
}

static void FOR(fn *f, const char *iv, const char *lb, const char *ub,
                int trip) {
  line *x = add(f, LK_FOR);
  x->text = afmt("scf.for %s = %s to %s step %s {", iv, lb, ub, CI(f, 1));
  x->ivar = iv;
  x->trip = trip;
}

static void IF(fn *f, const char *cond) {
  add(f, LK_IF)->text = afmt("scf.if %s {", cond);
}
static void ELSE(fn *f) { add(f, LK_ELSE); }
static void END(fn *f) { add(f, LK_END); }

/* ----------------------------------------------------------------- types */

static const char *ubt(int n, const char *et) {
  return afmt("memref<%dx%s, #hivm.address_space<ub>>", n, et);
}
static const char *ubst(int n, const char *et) {
  return afmt("memref<%dx%s, strided<[1]>, #hivm.address_space<ub>>", n, et);
}
static const char *gmt(long n, const char *et) {
  return afmt("memref<%ldx%s, #hivm.address_space<gm>>", n, et);
}
static const char *gmst(int n, const char *et) {
  return afmt("memref<%dx%s, strided<[1], offset: ?>, "
              "#hivm.address_space<gm>>",
              n, et);
}
static const char *gm2(const char *et) {
  return afmt("memref<16x16x%s, strided<[16, 1], offset: ?>, "
              "#hivm.address_space<gm>>",
              et);
}
static const char *l1t(void) {
  return "memref<16x16xf16, #hivm.address_space<cbuf>>";
}
static const char *cct(void) {
  return "memref<16x16xf32, #hivm.address_space<cc>>";
}

/* ------------------------------------------------------- shared helpers */

/* Emits the multi-buffer selectors (%par/%even or %rem/%is0/%is1) and %ev
** for iteration counter g; returns the event ref of the rotating flags. */
static evr rotate(fn *f, const char *g, int nbuf, int evbase) {
  if (nbuf == 1)
    return EL(evbase);
  if (nbuf == 2) {
    T(f, "%%par = arith.remsi %s, %s : index", g, CI(f, 2));
    T(f, "%%even = arith.cmpi eq, %%par, %s : index", CI(f, 0));
    T(f, "%%ev = arith.select %%even, %s, %s : i64", CL(f, evbase),
      CL(f, evbase + 1));
  } else {
    T(f, "%%rem = arith.remsi %s, %s : index", g, CI(f, 3));
    T(f, "%%is0 = arith.cmpi eq, %%rem, %s : index", CI(f, 0));
    T(f, "%%is1 = arith.cmpi eq, %%rem, %s : index", CI(f, 1));
    T(f, "%%evt = arith.select %%is1, %s, %s : i64", CL(f, evbase + 1),
      CL(f, evbase + 2));
    T(f, "%%ev = arith.select %%is0, %s, %%evt : i64", CL(f, evbase));
  }
  evr e = {0, "%ev"};
  return e;
}

/* A logical buffer with nbuf copies at addr[0..nbuf-1]. */
typedef struct {
  const char *name;
  const char *ty;
  long addr[3];
} buf;

/* before the loop: single-copy buffers, and the copies select picks from */
static void buf_prelude(fn *f, const buf *b, int nbuf, int bufsel) {
  if (nbuf == 1)
    T(f, "%%%s = hivm.hir.pointer_cast(%s) : %s", b->name, CL(f, b->addr[0]),
      b->ty);
  else if (bufsel == 1)
    for (int j = 0; j < nbuf; j++)
      T(f, "%%%s_%d = hivm.hir.pointer_cast(%s) : %s", b->name, j,
        CL(f, b->addr[j]), b->ty);
}

/* in the loop body, after rotate(): the current copy */
static void buf_select(fn *f, const buf *b, int nbuf, int bufsel) {
  if (nbuf == 1)
    return;
  if (bufsel == 0) {
    if (nbuf == 2)
      T(f, "%%%s = hivm.hir.pointer_cast(%s, %s) : %s", b->name,
        CL(f, b->addr[0]), CL(f, b->addr[1]), b->ty);
    else
      T(f, "%%%s = hivm.hir.pointer_cast(%s, %s, %s) : %s", b->name,
        CL(f, b->addr[0]), CL(f, b->addr[1]), CL(f, b->addr[2]), b->ty);
  } else if (nbuf == 2) {
    T(f, "%%%s = arith.select %%even, %%%s_0, %%%s_1 : %s", b->name, b->name,
      b->name, b->ty);
  } else {
    T(f, "%%%s_t = arith.select %%is1, %%%s_1, %%%s_2 : %s", b->name,
      b->name, b->name, b->ty);
    T(f, "%%%s = arith.select %%is0, %%%s_0, %%%s_t : %s", b->name, b->name,
      b->name, b->ty);
  }
}

/* ---------------------------------------------------------- AIV template */

typedef struct {
  int nbuf;     /* 1..3 UB buffer sets */
  int bufsel;   /* 0: multi-address pointer_cast, 1: arith.select */
  int style;    /* 0: MTE3->MTE2 back-pressure, 1: V->MTE2 + MTE3->V */
  int nin;      /* 1 or 2 loaded inputs */
  int nv;       /* vector ops in the chain, 1..3 */
  int wmv_late; /* style 1: MTE3->V wait before the last V op */
  int svm_late; /* style 1: V->MTE2 set after the last V op */
  int fwd_all;  /* MTE2->V ordered by pipe_barrier(PIPE_ALL) (nbuf 1) */
  int tail;     /* 0, 1: tail copies in scf.if, 2: and syncs in branches */
  int tailcond; /* 0: g == K, 1: g == n-1, 2: block idx == 0, 3: g < m */
  int tailk;
  int tile;      /* elements per tile */
  int outer;     /* outer trip count, 0: single loop */
  int inner;     /* inner trip count */
  int sym;       /* inner bound is the index argument %n */
  int evbase;    /* first event id of the rotating flags */
  int needrev;   /* buffers are reused: reverse flags */
  int mix;       /* MIX AIV half: input from the GM workspace */
  int pro;       /* MIX prologue: the AIV writes the workspace, AIC reads */
  int ring;      /* workspace slots are reused: credits back to the AIC */
  int nslots, f1, f2;
  int bw_first; /* cross-core wait before the reverse-flag wait */
  int bidx;     /* %bidx is needed */
} vcfg;

static const char *const un_ops[] = {"vexp", "vabs", "vrelu", "vln",
                                     "vsqrt", "vrec"};
static const char *const bin_ops[] = {"vadd", "vmul", "vsub", "vmax",
                                      "vmin"};

static void gen_aiv(fn *f, const vcfg *c) {
  int f32 = c->mix && !c->pro;
  const char *et = f32 ? "f32" : "f16";
  int esz = f32 ? 4 : 2;
  int tile = c->tile, half = tile / 2;
  const char *UT = ubt(tile, et);
  long total = c->sym ? 64 : (long)(c->outer ? c->outer : 1) * c->inner;
  long gmlen = total * tile * (c->mix ? 2 : 1);
  const char *GT = gmt(gmlen, et);
  const char *WT = gmt((long)(c->ring ? c->nslots : total) * 256, et);
  const char *BT = gmt(256, et);

  /* buffers */
  buf b[6];
  int nb = 0;
  long addr = 0;
  const char *names[6];
  int nn = 0;
  names[nn++] = "xb";
  if (c->nin == 2)
    names[nn++] = "yb";
  for (int k = 1; k < c->nv; k++)
    names[nn++] = k == 1 ? "t1" : "t2";
  names[nn++] = "zb";
  for (int i = 0; i < nn; i++) {
    b[nb].name = names[i];
    b[nb].ty = UT;
    for (int j = 0; j < c->nbuf; j++) {
      b[nb].addr[j] = addr;
      addr += (long)tile * esz;
    }
    nb++;
  }
  const buf *bx = &b[0], *by = c->nin == 2 ? &b[1] : NULL;

  if (c->mix) {
    T(f, "%%sbi = hivm.hir.get_sub_block_idx -> i64");
    T(f, "%%sb = arith.index_cast %%sbi : i64 to index");
    T(f, "%%half = arith.muli %%sb, %s : index", CI(f, 128));
  }
  if (c->bidx) {
    T(f, "%%bid = hivm.hir.get_block_idx -> i64");
    T(f, "%%bidx = arith.index_cast %%bid : i64 to index");
  }
  for (int i = 0; i < nb; i++)
    buf_prelude(f, &b[i], c->nbuf, c->bufsel);

  int mv = c->needrev && c->style == 1 && !c->fwd_all; /* MTE3->V flags */
  /* presets */
  if (c->mix && !c->pro && c->ring)
    for (int s = 0; s < c->nslots; s++)
      XSYNC(f, LK_BSET, c->f2, P_MTE2, P_FIX);
  if (c->needrev) {
    for (int e = 0; e < c->nbuf; e++) {
      if (c->style == 0)
        SETF(f, P_MTE3, P_MTE2, EL(c->evbase + e));
      else
        SETF(f, P_V, P_MTE2, EL(c->evbase + e));
    }
    if (mv)
      for (int e = 0; e < c->nbuf; e++)
        SETF(f, P_MTE3, P_V, EL(c->evbase + e));
  }

  /* loops */
  /* symbolic: the outer bound when nested (g stays linear in %n) */
  int symin = c->sym && !c->outer;
  const char *ub_in = symin ? "%n" : CI(f, c->inner);
  if (c->outer)
    FOR(f, "%o", CI(f, 0), c->sym ? "%n" : CI(f, c->outer),
        c->sym ? -1 : c->outer);
  FOR(f, "%i", CI(f, 0), ub_in, symin ? -1 : c->inner);
  const char *g = "%i";
  if (c->outer) {
    T(f, "%%gb = arith.muli %%o, %s : index", ub_in);
    T(f, "%%g = arith.addi %%gb, %%i : index");
    g = "%g";
  }
  evr E = rotate(f, g, c->nbuf, c->evbase);
  for (int i = 0; i < nb; i++)
    buf_select(f, &b[i], c->nbuf, c->bufsel);

  /* GM views: x source, y source, z destination (offset expressions) */
  const char *xsrc, *xoff, *xty, *ysrc, *yoff, *yty, *zdst, *zoff, *zty;
  if (c->mix) {
    if (c->ring) {
      T(f, "%%slot = arith.remsi %s, %s : index", g, CI(f, c->nslots));
      T(f, "%%sbase = arith.muli %%slot, %s : index", CI(f, 256));
    } else {
      T(f, "%%sbase = arith.muli %s, %s : index", g, CI(f, 256));
    }
    T(f, "%%soff = arith.addi %%sbase, %%half : index");
    T(f, "%%obase = arith.muli %s, %s : index", g, CI(f, 256));
    T(f, "%%ooff = arith.addi %%obase, %%half : index");
    if (c->pro) {
      xsrc = "%arg0", xoff = "%ooff", xty = gmt(total * 256, et);
      ysrc = "%arg1", yoff = "%half", yty = BT;
      zdst = "%arg2", zoff = "%soff", zty = WT;
    } else {
      xsrc = "%arg2", xoff = "%soff", xty = WT;
      ysrc = "%arg3", yoff = "%half", yty = BT;
      zdst = "%arg4", zoff = "%ooff", zty = gmt(total * 256, et);
    }
  } else {
    T(f, "%%off = arith.muli %s, %s : index", g, CI(f, tile));
    xsrc = "%arg0", xoff = "%off", xty = GT;
    ysrc = "%arg1", yoff = "%off", yty = GT;
    zdst = "%arg2", zoff = "%off", zty = GT;
  }

  int tail = c->tail;
  if (tail == 2 && c->fwd_all && !(c->needrev && (c->style == 0 || mv)))
    tail = 1;
  if (tail) {
    switch (c->tailcond) {
    case 0:
      T(f, "%%tl = arith.cmpi eq, %s, %s : index", g, CI(f, c->tailk));
      break;
    case 1:
      if (c->outer) {
        T(f, "%%tot = arith.muli %%n, %s : index", CI(f, c->inner));
        T(f, "%%nm1 = arith.subi %%tot, %s : index", CI(f, 1));
      } else {
        T(f, "%%nm1 = arith.subi %%n, %s : index", CI(f, 1));
      }
      T(f, "%%tl = arith.cmpi eq, %s, %%nm1 : index", g);
      break;
    case 2:
      T(f, "%%tl = arith.cmpi eq, %%bidx, %s : index", CI(f, 0));
      break;
    default:
      T(f, "%%tl = arith.cmpi slt, %s, %%m : index", g);
      break;
    }
  }

  int epi = c->mix && !c->pro;
  if (epi && c->bw_first)
    XSYNC(f, LK_BWAIT, c->f1, P_FIX, P_MTE2);
  if (c->needrev)
    WAITF(f, c->style == 0 ? P_MTE3 : P_V, P_MTE2, E);
  if (epi && !c->bw_first)
    XSYNC(f, LK_BWAIT, c->f1, P_FIX, P_MTE2);

  /* loads */
  for (int br = tail ? 0 : 1; br < 2; br++) {
    /* br 0: tail (then) branch, br 1: full tiles */
    int n = br == 0 ? half : tile;
    if (tail && br == 0)
      IF(f, "%tl");
    else if (tail)
      ELSE(f);
    const buf *in[2] = {bx, by};
    for (int j = 0; j < c->nin; j++) {
      const char *src = j == 0 ? xsrc : ysrc, *off = j == 0 ? xoff : yoff;
      const char *sty = j == 0 ? xty : yty;
      const char *v = afmt("%%%s%s", j == 0 ? "xs" : "ys", br == 0 ? "t" : "");
      T(f, "%s = memref.subview %s[%s] [%d] [1] : %s to %s", v, src, off, n,
        sty, gmst(n, et));
      const char *dst = afmt("%%%s", in[j]->name);
      const char *dty = UT;
      if (br == 0) {
        const char *d2 = afmt("%%%st", in[j]->name);
        T(f, "%s = memref.subview %s[0] [%d] [1] : %s to %s", d2, dst, n, UT,
          ubst(n, et));
        dst = d2;
        dty = ubst(n, et);
      }
      OP(f, PB(P_MTE2), "hivm.hir.load ins(%s : %s) outs(%s : %s)", v,
         gmst(n, et), dst, dty);
    }
    if (tail == 2 && !c->fwd_all)
      SETF(f, P_MTE2, P_V, E);
  }
  if (tail)
    END(f);
  if (epi && c->ring)
    XSYNC(f, LK_BSET, c->f2, P_MTE2, P_FIX);
  if (!c->fwd_all) {
    if (tail != 2)
      SETF(f, P_MTE2, P_V, E);
    WAITF(f, P_MTE2, P_V, E);
  } else {
    BAR(f, P_ALL);
  }

  /* vector chain */
  for (int k = 1; k <= c->nv; k++) {
    if (k > 1)
      BAR(f, P_V);
    if (mv && k == (c->wmv_late ? c->nv : 1))
      WAITF(f, P_MTE3, P_V, E);
    const char *outn = k == c->nv ? "zb" : (k == 1 ? "t1" : "t2");
    if (k == 1 && c->nin == 2) {
      OP(f, PB(P_V), "hivm.hir.%s ins(%%xb, %%yb : %s, %s) outs(%%%s : %s)",
         bin_ops[rint_(0, 4)], UT, UT, outn, UT);
    } else {
      const char *inn = k == 1 ? "xb" : (k == 2 ? "t1" : "t2");
      if (chance(30))
        OP(f, PB(P_V),
           "hivm.hir.%s ins(%%%s, %%%s : %s, %s) outs(%%%s : %s)",
           bin_ops[rint_(0, 4)], inn, inn, UT, UT, outn, UT);
      else
        OP(f, PB(P_V), "hivm.hir.%s ins(%%%s : %s) outs(%%%s : %s)",
           un_ops[rint_(0, 5)], inn, UT, outn, UT);
    }
    if (c->needrev && c->style == 1 && k == (c->svm_late ? c->nv : 1))
      SETF(f, P_V, P_MTE2, E);
  }
  SETF(f, P_V, P_MTE3, E);
  WAITF(f, P_V, P_MTE3, E);
  /* prologue: wait for a free workspace slot (credit from the AIC) */
  if (c->pro && c->ring)
    XSYNC(f, LK_BWAIT, c->f2, P_MTE2, P_MTE3);

  /* store */
  int rset = c->needrev && (c->style == 0 || mv);
  int rs = c->style == 0 ? P_MTE2 : P_V;
  for (int br = tail ? 0 : 1; br < 2; br++) {
    int n = br == 0 ? half : tile;
    if (tail && br == 0)
      IF(f, "%tl");
    else if (tail)
      ELSE(f);
    const char *v = afmt("%%zs%s", br == 0 ? "t" : "");
    T(f, "%s = memref.subview %s[%s] [%d] [1] : %s to %s", v, zdst, zoff, n,
      zty, gmst(n, et));
    const char *src = "%zb", *sty = UT;
    if (br == 0) {
      T(f, "%%zbt = memref.subview %%zb[0] [%d] [1] : %s to %s", n, UT,
        ubst(n, et));
      src = "%zbt";
      sty = ubst(n, et);
    }
    OP(f, PB(P_MTE3), "hivm.hir.store ins(%s : %s) outs(%s : %s)", src, sty,
       v, gmst(n, et));
    if (tail == 2 && rset)
      SETF(f, P_MTE3, rs, E);
  }
  if (tail)
    END(f);
  if (c->pro) /* tile ready for the AIC */
    XSYNC(f, LK_BSET, c->f1, P_MTE3, P_MTE2);
  if (tail != 2 && rset)
    SETF(f, P_MTE3, rs, E);
  END(f);
  if (c->outer)
    END(f);

  /* drains */
  if (c->needrev) {
    for (int e = 0; e < c->nbuf; e++)
      WAITF(f, c->style == 0 ? P_MTE3 : P_V, P_MTE2, EL(c->evbase + e));
    if (mv)
      for (int e = 0; e < c->nbuf; e++)
        WAITF(f, P_MTE3, P_V, EL(c->evbase + e));
  }
  if (c->pro && c->ring)
    for (int sl = 0; sl < c->nslots; sl++)
      XSYNC(f, LK_BWAIT, c->f2, P_MTE2, P_MTE3);
}

/* ---------------------------------------------------------- AIC template */

typedef struct {
  int nout;   /* output tiles (outer loop), 1..3 */
  int nk;     /* K steps (inner loop), 1..4 */
  int nbuf;   /* L1 buffer sets, 1..2 */
  int bufsel; /* 0 multi-address pointer_cast, 1 arith.select */
  int evbase;
  int sym;    /* outer bound is %n */
  int bfirst; /* nd2nz B before A */
  int tail;   /* fixpipe in an scf.if (1), with its syncs in branches (2) */
  int tailcond, tailk;
  int bidx;
  int mix, ring, nslots, f1, f2;
  int pro; /* MIX prologue: A comes from the workspace the AIVs write */
} ccfg;

static void gen_aic(fn *f, const ccfg *c) {
  int outer = c->sym || c->nout > 1, inner = c->nk > 1;
  long nout = c->sym ? 64 : c->nout;
  long nmm = c->sym ? 1000 : (long)c->nout * c->nk;
  int revl1 = nmm > c->nbuf, fixm = outer;
  /* MIX, one K step per tile: the credit wait before fixpipe(t) is a scalar
     wait (a2) released only after the AIVs loaded slot t - nslots, i.e.
     after mmad(t - nslots): with nbuf > nslots that already orders the L1
     reuse, and MTE1->MTE2 back-pressure would be redundant */
  if (c->mix && !c->pro && c->ring && c->nk == 1 && c->nbuf > c->nslots)
    revl1 = 0;
  const char *AT = c->pro ? gmt(256L * (c->ring ? c->nslots : nout), "f16")
                         : gmt(256L * c->nk, "f16");
  const char *BTY = gmt(256L * c->nk * nout, "f16");
  int epi = c->mix && !c->pro;
  const char *CT = epi ? gmt(256L * (c->ring ? c->nslots : nout), "f32")
                       : gmt(256L * nout, "f32");
  const char *asrc = c->pro ? "%arg2" : "%arg0";
  const char *bsrc = c->pro ? "%arg3" : "%arg1";
  const char *cdst = c->pro ? "%arg4" : "%arg2";

  buf ba = {"a1", l1t(), {0, 1024, 2048}};
  buf bb = {"b1", l1t(), {512, 1536, 2560}};
  if (c->bidx) {
    T(f, "%%bid = hivm.hir.get_block_idx -> i64");
    T(f, "%%bidx = arith.index_cast %%bid : i64 to index");
  }
  T(f, "%%cc = hivm.hir.pointer_cast(%s) : %s", CL(f, 0), cct());
  if (c->pro && c->ring) /* every workspace slot starts free */
    for (int sl = 0; sl < c->nslots; sl++)
      XSYNC(f, LK_BSET, c->f2, P_MTE2, P_MTE3);
  buf_prelude(f, &ba, c->nbuf, c->bufsel);
  buf_prelude(f, &bb, c->nbuf, c->bufsel);

  /* presets, in a random order */
  int order[3] = {0, 1, 2};
  for (int i = 2; i > 0; i--) {
    int j = rint_(0, i), t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  for (int i = 0; i < 3; i++) {
    if (order[i] == 0 && revl1)
      for (int e = 0; e < c->nbuf; e++)
        SETF(f, P_MTE1, P_MTE2, EL(c->evbase + e));
    if (order[i] == 1) { /* the mmad library's M->MTE1 events [5]/[6] */
      SETF(f, P_M, P_MTE1, EL(0));
      SETF(f, P_M, P_MTE1, EL(1));
    }
    if (order[i] == 2 && fixm)
      SETF(f, P_FIX, P_M, EL(0));
  }

  const char *tv = CI(f, 0), *kv = CI(f, 0), *g = CI(f, 0);
  if (outer) {
    FOR(f, "%t", CI(f, 0), c->sym ? "%n" : CI(f, c->nout),
        c->sym ? -1 : c->nout);
    tv = g = "%t";
    if (fixm)
      WAITF(f, P_FIX, P_M, EL(0));
  }
  if (inner) {
    FOR(f, "%k", CI(f, 0), CI(f, c->nk), c->nk);
    kv = g = "%k";
    if (outer) {
      T(f, "%%gb = arith.muli %%t, %s : index", CI(f, c->nk));
      T(f, "%%g = arith.addi %%gb, %%k : index");
      g = "%g";
    }
  }
  if (c->pro) { /* wait for the AIVs' tile (nk == 1: once per tile) */
    XSYNC(f, LK_BWAIT, c->f1, P_MTE3, P_MTE2);
    if (c->ring) {
      T(f, "%%slot = arith.remsi %s, %s : index", tv, CI(f, c->nslots));
      T(f, "%%aslot = arith.muli %%slot, %s : index", CI(f, 256));
    } else {
      T(f, "%%aslot = arith.muli %s, %s : index", tv, CI(f, 256));
    }
  }
  evr E = rotate(f, g, c->nbuf, c->evbase);
  buf_select(f, &ba, c->nbuf, c->bufsel);
  buf_select(f, &bb, c->nbuf, c->bufsel);
  const char *init = "%true";
  if (inner)
    T(f, "%%init = arith.cmpi eq, %%k, %s : index", CI(f, 0)), init = "%init";
  else
    f->use_true = 1;
  if (!c->pro)
    T(f, "%%aoff = arith.muli %s, %s : index", kv, CI(f, 256));
  T(f, "%%boff = arith.muli %s, %s : index", g, CI(f, 256));
  T(f,
    "%%ag = memref.reinterpret_cast %s to offset: [%s], sizes: [16, "
    "16], strides: [16, 1] : %s to %s",
    asrc, c->pro ? "%aslot" : "%aoff", AT, gm2("f16"));
  T(f,
    "%%bg = memref.reinterpret_cast %s to offset: [%%boff], sizes: [16, "
    "16], strides: [16, 1] : %s to %s",
    bsrc, BTY, gm2("f16"));
  if (revl1)
    WAITF(f, P_MTE1, P_MTE2, E);
  for (int j = 0; j < 2; j++) {
    int isb = j ^ c->bfirst;
    OP(f, PB(P_MTE2), "hivm.hir.nd2nz {dst_continuous} ins(%s : %s) outs(%s : %s)",
       isb ? "%bg" : "%ag", gm2("f16"), isb ? "%b1" : "%a1", l1t());
  }
  if (c->pro && c->ring) /* the slot is read: give it back to the AIVs */
    XSYNC(f, LK_BSET, c->f2, P_MTE2, P_MTE3);
  SETF(f, P_MTE2, P_MTE1, E);
  WAITF(f, P_MTE2, P_MTE1, E);
  /* the compiler's form: the mmad library waits M->MTE1 EVENT_ID0/1
     ([5]/[6]) before its MTE1 part and sets them after its M part */
  const char *none = CL(f, -1);
  OP(f, PB(P_MTE1) | PB(P_M),
     "hivm.hir.mmadL1 ins(%%a1, %%b1, %s, %s, %s, %s : %s, %s, i1, index, "
     "index, index) outs(%%cc : %s) sync_related_args(%s, %s, %s, %s, %s, "
     "%s, %s : i64, i64, i64, i64, i64, i64, i64)",
     init, CI(f, 16), CI(f, 16), CI(f, 16), l1t(), l1t(), cct(), none, none,
     none, none, none, CL(f, 0), CL(f, 1));
  if (revl1)
    SETF(f, P_MTE1, P_MTE2, E);
  if (inner)
    END(f);

  /* epilogue of the output tile */
  if (epi && c->ring) {
    T(f, "%%slot = arith.remsi %s, %s : index", tv, CI(f, c->nslots));
    T(f, "%%coff = arith.muli %%slot, %s : index", CI(f, 256));
  } else {
    T(f, "%%coff = arith.muli %s, %s : index", tv, CI(f, 256));
  }
  T(f,
    "%%cg = memref.reinterpret_cast %s to offset: [%%coff], sizes: [16, "
    "16], strides: [16, 1] : %s to %s",
    cdst, CT, gm2("f32"));
  int tail = c->tail;
  if (tail) {
    switch (c->tailcond) {
    case 0:
      T(f, "%%tl = arith.cmpi eq, %s, %s : index", tv, CI(f, c->tailk));
      break;
    case 1:
      T(f, "%%nm1 = arith.subi %%n, %s : index", CI(f, 1));
      T(f, "%%tl = arith.cmpi eq, %s, %%nm1 : index", tv);
      break;
    case 2:
      T(f, "%%tl = arith.cmpi eq, %%bidx, %s : index", CI(f, 0));
      break;
    default:
      T(f, "%%tl = arith.cmpi slt, %s, %%m : index", tv);
      break;
    }
  }
  SETF(f, P_M, P_FIX, EL(0));
  WAITF(f, P_M, P_FIX, EL(0));
  if (epi && c->ring)
    XSYNC(f, LK_BWAIT, c->f2, P_MTE2, P_FIX);
  for (int br = tail ? 0 : 1; br < 2; br++) {
    if (tail && br == 0)
      IF(f, "%tl");
    else if (tail)
      ELSE(f);
    OP(f, PB(P_FIX), "hivm.hir.fixpipe%s ins(%%cc : %s) outs(%%cg : %s)",
       br == 0 ? "" : " {enable_nz2nd}", cct(), gm2("f32"));
    if (tail == 2 && fixm)
      SETF(f, P_FIX, P_M, EL(0));
  }
  if (tail)
    END(f);
  if (tail != 2 && fixm)
    SETF(f, P_FIX, P_M, EL(0));
  if (epi)
    XSYNC(f, LK_BSET, c->f1, P_FIX, P_MTE2);
  if (outer)
    END(f);

  for (int i = 0; i < 3; i++) {
    if (order[i] == 0 && revl1)
      for (int e = 0; e < c->nbuf; e++)
        WAITF(f, P_MTE1, P_MTE2, EL(c->evbase + e));
    if (order[i] == 1) {
      WAITF(f, P_M, P_MTE1, EL(0));
      WAITF(f, P_M, P_MTE1, EL(1));
    }
    if (order[i] == 2 && fixm)
      WAITF(f, P_FIX, P_M, EL(0));
  }
  if (epi && c->ring)
    for (int s = 0; s < c->nslots; s++)
      XSYNC(f, LK_BWAIT, c->f2, P_MTE2, P_FIX);
}

/* ------------------------------------------------------------- mutations */

enum {
  M_DROP_WAIT,
  M_DROP_SET,
  M_DROP_BARRIER,
  M_WAIT_LATE,
  M_SWAP_EVENT,
  M_EXTRA_SET,
  M_SET_ONE_BRANCH,
  M_DUP_WAIT,
  M_DROP_XWAIT,
  M_REDUNDANT_PAIR,
  M_EXTRA_BARRIER,
  NMUT
};
static const char *const mut_name[NMUT] = {
    "drop_wait",      "drop_set",    "drop_barrier",   "wait_after_consumer",
    "swap_event",     "extra_set",   "set_one_branch", "dup_wait",
    "drop_xcore_wait", "redundant_pair", "extra_barrier"};

static int symbolic;
static int force_clean; /* --clean: templates only (validation) */

static const char *sync_desc(const line *x) {
  switch (x->k) {
  case LK_SET:
  case LK_WAIT:
    return afmt("%s[%s,%s,%s]", x->k == LK_SET ? "set_flag" : "wait_flag",
                pipe_name[x->src], pipe_name[x->dst],
                x->ev >= 0 ? afmt("EVENT_ID%d", x->ev) : x->evname);
  case LK_BAR:
    return afmt("pipe_barrier[%s]", pipe_name[x->src]);
  case LK_BSET:
  case LK_BWAIT:
    return afmt("%s[%s,%s] flag=%d",
                x->k == LK_BSET ? "sync_block_set" : "sync_block_wait",
                pipe_name[x->src], pipe_name[x->dst], x->flag);
  default:
    return "?";
  }
}

/* removing line p would leave an empty region (ksv rejects `scf.if %c {}`) */
static int sole_in_block(const fn *f, int p) {
  enum lk a = p > 0 ? f->l[p - 1].k : LK_TEXT;
  enum lk b = p + 1 < f->n ? f->l[p + 1].k : LK_TEXT;
  return (a == LK_FOR || a == LK_IF || a == LK_ELSE) &&
         (b == LK_END || b == LK_ELSE);
}

/* random line index of f whose kind is in mask (bit per enum lk), or -1;
** with del, only lines whose removal keeps every region non-empty */
static int pick(const fn *f, unsigned mask, int del) {
  int cand[MAXL], n = 0;
  for (int i = 0; i < f->n; i++)
    if ((mask & (1u << f->l[i].k)) && !(del && sole_in_block(f, i)))
      cand[n++] = i;
  return n ? cand[rint_(0, n - 1)] : -1;
}

/* innermost enclosing scf.for of line p, or -1 */
static int enclosing_for(const fn *f, int p) {
  int lvl = 0;
  for (int j = p - 1; j >= 0; j--) {
    enum lk k = f->l[j].k;
    if (k == LK_END)
      lvl++;
    else if (k == LK_FOR || k == LK_IF) {
      if (lvl == 0) {
        if (k == LK_FOR)
          return j;
      } else {
        lvl--;
      }
    }
  }
  return -1;
}

/* index after the block opened at p (its matching LK_END + 1) */
static int block_end(const fn *f, int p) {
  int lvl = 0;
  for (int j = p; j < f->n; j++) {
    if (f->l[j].k == LK_FOR || f->l[j].k == LK_IF)
      lvl++;
    else if (f->l[j].k == LK_END && --lvl == 0)
      return j + 1;
  }
  return f->n;
}

static int has_op(const fn *f, int from, int to, unsigned pipes) {
  for (int j = from; j < to; j++)
    if (f->l[j].k == LK_OP && (f->l[j].pipes & pipes))
      return 1;
  return 0;
}

/* position just after the first consumer of the wait at p in its block */
static int consumer_after(const fn *f, int p) {
  unsigned pipes = f->l[p].k == LK_BWAIT ? ~0u : PB(f->l[p].dst);
  for (int j = p + 1; j < f->n; j++) {
    enum lk k = f->l[j].k;
    if (k == LK_ELSE || k == LK_END)
      return -1;
    if (k == LK_FOR || k == LK_IF) {
      int e = block_end(f, j);
      if (has_op(f, j, e, pipes))
        return e;
      j = e - 1;
      continue;
    }
    if (k == LK_OP && (f->l[j].pipes & pipes))
      return j + 1;
  }
  return -1;
}

static unsigned core_pipes(const fn *f) {
  return f->core == C_AIV ? PB(P_V) | PB(P_MTE2) | PB(P_MTE3)
                          : PB(P_M) | PB(P_MTE1) | PB(P_MTE2) | PB(P_FIX);
}

static int rand_pipe(unsigned mask) {
  int c[NPIPE], n = 0;
  for (int p = 0; p < NPIPE; p++)
    if (mask & PB(p))
      c[n++] = p;
  return c[rint_(0, n - 1)];
}

#define KB(k) (1u << (k))

/* Applies one mutation of kind m to a random function; 0 if impossible. */
static int mutate(int m) {
  fn *f = &K.f[rint_(0, K.nf - 1)];
  int p;
  line x;
  switch (m) {
  case M_DROP_WAIT:
  case M_DROP_SET:
  case M_DROP_BARRIER:
  case M_DROP_XWAIT:
    p = pick(f, m == M_DROP_WAIT    ? KB(LK_WAIT)
                : m == M_DROP_SET   ? KB(LK_SET) | (chance(20) ? KB(LK_BSET) : 0)
                : m == M_DROP_XWAIT ? KB(LK_BWAIT)
                                    : KB(LK_BAR),
             1);
    if (p < 0)
      return 0;
    strcat(K.detail, afmt(" %s(@%s %s)", mut_name[m], f->name,
                          sync_desc(&f->l[p])));
    del_line(f, p);
    return 1;
  case M_WAIT_LATE: {
    p = pick(f, KB(LK_WAIT) | KB(LK_BWAIT), 1);
    if (p < 0)
      return 0;
    int q = consumer_after(f, p);
    if (q < 0)
      return 0;
    x = f->l[p];
    ins_line(f, q, x);
    del_line(f, p);
    strcat(K.detail,
           afmt(" %s(@%s %s)", mut_name[m], f->name, sync_desc(&x)));
    return 1;
  }
  case M_SWAP_EVENT: {
    p = pick(f, KB(LK_SET) | KB(LK_WAIT) |
                    (chance(20) ? KB(LK_BSET) | KB(LK_BWAIT) : 0),
             0);
    if (p < 0)
      return 0;
    line *l = &f->l[p];
    const char *before = sync_desc(l);
    if (l->k == LK_BSET || l->k == LK_BWAIT) {
      int nf;
      do
        nf = rint_(0, 6);
      while (nf == l->flag);
      l->flag = nf;
    } else if (l->ev < 0) {
      l->ev = rint_(0, 3);
      l->evname = NULL;
    } else {
      int ne;
      do
        ne = chance(10) ? rint_(6, 7) : rint_(0, 5);
      while (ne == l->ev);
      l->ev = ne;
    }
    strcat(K.detail, afmt(" %s(@%s %s -> %s)", mut_name[m], f->name, before,
                          sync_desc(l)));
    return 1;
  }
  case M_EXTRA_SET:
  case M_DUP_WAIT:
    p = pick(f, m == M_EXTRA_SET ? KB(LK_SET)
                                 : KB(LK_WAIT) | (chance(20) ? KB(LK_BWAIT) : 0),
             0);
    if (p < 0)
      return 0;
    x = f->l[p];
    ins_line(f, p + 1, x);
    strcat(K.detail,
           afmt(" %s(@%s %s)", mut_name[m], f->name, sync_desc(&x)));
    return 1;
  case M_SET_ONE_BRANCH: {
    p = pick(f, KB(LK_SET) | (chance(20) ? KB(LK_BSET) : 0), 0);
    if (p < 0)
      return 0;
    int lp = enclosing_for(f, p);
    const char *cond;
    const char *mk = afmt("%%mk%d", f->tmp++);
    static const char *const preds[] = {"eq", "ne", "slt", "sge", "sle",
                                        "sgt"};
    line c = {0};
    c.k = LK_TEXT;
    c.ev = -1;
    if (symbolic && chance(40)) {
      /* on the block index (a fresh read of it) */
      line b0 = c, b1 = c;
      const char *bi = afmt("%%mkb%d", f->tmp++);
      const char *bx = afmt("%%mkx%d", f->tmp++);
      b0.text = afmt("%s = hivm.hir.get_block_idx -> i64", bi);
      b1.text = afmt("%s = arith.index_cast %s : i64 to index", bx, bi);
      c.text = afmt("%s = arith.cmpi %s, %s, %s : index", mk, preds[rint_(0, 5)],
                    bx, CI(f, rint_(0, 1)));
      ins_line(f, p, c);
      ins_line(f, p, b1);
      ins_line(f, p, b0);
      p += 3;
      cond = afmt("blockidx");
    } else {
      if (lp < 0)
        return 0;
      const line *fl = &f->l[lp];
      int kk = rint_(0, fl->trip > 1 ? fl->trip - 1 : 1);
      const char *pr = preds[rint_(0, 5)];
      c.text = afmt("%s = arith.cmpi %s, %s, %s : index", mk, pr, fl->ivar,
                    CI(f, kk));
      cond = afmt("%s %s %d", fl->ivar, pr, kk);
      ins_line(f, p, c);
      p++;
    }
    x = f->l[p];
    line li = {0}, le = {0};
    li.k = LK_IF;
    li.ev = -1;
    li.text = afmt("scf.if %s {", mk);
    le.k = LK_END;
    le.ev = -1;
    ins_line(f, p + 1, le);
    ins_line(f, p, li);
    strcat(K.detail, afmt(" %s(@%s %s if %s)", mut_name[m], f->name,
                          sync_desc(&x), cond));
    return 1;
  }
  case M_REDUNDANT_PAIR: {
    line s = {0}, w = {0};
    s.k = LK_SET;
    w.k = LK_WAIT;
    s.ev = w.ev = rint_(4, 5);
    if (chance(50)) {
      p = pick(f, KB(LK_WAIT), 0);
      if (p < 0)
        return 0;
      s.src = w.src = f->l[p].src;
      s.dst = w.dst = f->l[p].dst;
      p++;
    } else {
      unsigned cp = core_pipes(f);
      s.src = w.src = rand_pipe(cp);
      s.dst = w.dst = rand_pipe(cp & ~PB(s.src));
      p = rint_(0, f->n);
    }
    ins_line(f, p, w);
    ins_line(f, p, s);
    strcat(K.detail,
           afmt(" %s(@%s %s)", mut_name[m], f->name, sync_desc(&s)));
    return 1;
  }
  case M_EXTRA_BARRIER: {
    line b = {0};
    b.k = LK_BAR;
    b.ev = -1;
    b.src = chance(20) ? P_ALL : rand_pipe(core_pipes(f));
    p = rint_(0, f->n);
    ins_line(f, p, b);
    strcat(K.detail,
           afmt(" %s(@%s %s)", mut_name[m], f->name, sync_desc(&b)));
    return 1;
  }
  default:
    return 0;
  }
}

/* -------------------------------------------------------------- printing */

static int cmp_long(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

static void print_fn(FILE *o, fn *f) {
  fprintf(o,
          "  func.func @%s(%s) attributes {hacc.entry, hivm.func_core_type = "
          "#hivm.func_core_type<%s>%s} {\n",
          f->name, K.args, f->core == C_AIV ? "AIV" : "AIC",
          f->mix ? ", hivm.part_of_mix" : "");
  qsort(f->ci, (size_t)f->nci, sizeof(long), cmp_long);
  qsort(f->cl, (size_t)f->ncl, sizeof(long), cmp_long);
  for (int i = 0; i < f->nci; i++)
    fprintf(o, "    %%c%ld = arith.constant %ld : index\n", f->ci[i],
            f->ci[i]);
  for (int i = 0; i < f->ncl; i++)
    fprintf(o, "    %%c%ld_i64 = arith.constant %ld : i64\n", f->cl[i],
            f->cl[i]);
  if (f->use_true)
    fprintf(o, "    %%true = arith.constant true\n");
  int d = 2;
  for (int i = 0; i < f->n; i++) {
    const line *x = &f->l[i];
    if (x->k == LK_END || x->k == LK_ELSE)
      d--;
    fprintf(o, "%*s", 2 * d, "");
    switch (x->k) {
    case LK_TEXT:
    case LK_OP:
    case LK_FOR:
    case LK_IF:
      fprintf(o, "%s\n", x->text);
      break;
    case LK_ELSE:
      fprintf(o, "} else {\n");
      break;
    case LK_END:
      fprintf(o, "}\n");
      break;
    case LK_SET:
    case LK_WAIT:
      if (x->ev >= 0)
        fprintf(o, "hivm.hir.%s[<%s>, <%s>, <EVENT_ID%d>]\n",
                x->k == LK_SET ? "set_flag" : "wait_flag", pipe_name[x->src],
                pipe_name[x->dst], x->ev);
      else
        fprintf(o, "hivm.hir.%s[<%s>, <%s>, %s]\n",
                x->k == LK_SET ? "set_flag" : "wait_flag", pipe_name[x->src],
                pipe_name[x->dst], x->evname);
      break;
    case LK_BAR:
      fprintf(o, "hivm.hir.pipe_barrier[<%s>]\n", pipe_name[x->src]);
      break;
    case LK_BSET:
    case LK_BWAIT:
      fprintf(o, "hivm.hir.%s[<%s>, <%s>, <%s>] flag = %d\n",
              x->k == LK_BSET ? "sync_block_set" : "sync_block_wait",
              f->core == C_AIC ? "CUBE" : "VECTOR", pipe_name[x->src],
              pipe_name[x->dst], x->flag);
      break;
    }
    if (x->k == LK_FOR || x->k == LK_IF || x->k == LK_ELSE)
      d++;
  }
  fprintf(o, "    return\n  }\n");
}

/* ------------------------------------------------------------ generation */

static void fn_init(fn *f, const char *name, int core, int mix) {
  memset(f, 0, sizeof *f);
  f->name = name;
  f->core = core;
  f->mix = mix;
}

static void gen_kernel(long seed, FILE *o) {
  arena_used = 0;
  memset(&K, 0, sizeof K);
  rng_state = (uint64_t)seed * 0x2545f4914f6cdd1dull ^
              (symbolic ? 0x5bd1e995u : 0x9d2c5680u);
  rnext();

  int sym_loop = 0, sym_if = 0;
  if (symbolic) {
    sym_loop = chance(70);
    sym_if = !sym_loop || chance(50);
  }
  int shape = rint_(0, 99);
  shape = shape < 40 ? 0 : shape < 65 ? 1 : 2; /* aiv, aic, mix */
  const char *kn = afmt("k%ld", seed);
  int usem = 0;

  if (shape == 0) {
    vcfg c;
    memset(&c, 0, sizeof c);
    c.nbuf = rint_(1, 3);
    c.bufsel = rint_(0, 1);
    c.style = rint_(0, 1);
    c.nin = rint_(1, 2);
    c.nv = rint_(1, 3);
    c.tile = 64 << rint_(0, 2);
    c.outer = chance(30) ? rint_(2, 3) : 0;
    c.inner = rint_(1, 6);
    c.sym = sym_loop;
    if (c.sym && c.outer) /* keep the SMT unrolling (trip bound x inner) small */
      c.inner = rint_(1, 2);
    long n = (long)(c.outer ? c.outer : 1) * c.inner;
    if (!c.sym && n == 1)
      c.nbuf = 1;
    c.needrev = c.sym || n > c.nbuf;
    c.fwd_all = c.nbuf == 1 && chance(15);
    c.wmv_late = chance(50);
    c.svm_late = chance(50);
    if (c.nv > 1 && c.wmv_late && !c.svm_late)
      c.svm_late = 1;
    c.evbase = rint_(0, 4 - c.nbuf);
    if (sym_if || chance(35)) {
      c.tail = rint_(1, 2);
      if (sym_if) {
        c.tailcond = rint_(1, 3);
        if (c.tailcond == 1 && !c.sym)
          c.tailcond = 2;
      } else {
        c.tailcond = 0;
        c.tailk = c.sym ? rint_(0, 3) : rint_(0, (int)n - 1);
      }
      c.bidx = c.tailcond == 2;
      usem = c.tailcond == 3;
    }
    K.nf = 1;
    fn_init(&K.f[0], kn, C_AIV, 0);
    K.args = afmt("%%arg0: %s, %%arg1: %s, %%arg2: %s%s%s",
                  gmt((c.sym ? 64 : n) * c.tile, "f16"),
                  gmt((c.sym ? 64 : n) * c.tile, "f16"),
                  gmt((c.sym ? 64 : n) * c.tile, "f16"),
                  c.sym ? ", %n: index" : "", usem ? ", %m: index" : "");
    gen_aiv(&K.f[0], &c);
    K.shape = afmt("aiv trips=%s%s%s nbuf=%d bufsel=%s style=%s nin=%d nv=%d "
                   "tile=%d%s tail=%d",
                   c.outer ? (c.sym ? "nx" : afmt("%dx", c.outer)) : "",
                   c.sym && !c.outer ? "n" : afmt("%d", c.inner),
                   c.sym ? "(sym)" : "", c.nbuf,
                   c.bufsel ? "select" : "ptrcast",
                   c.style ? "v-mte2+mte3-v" : "mte3-mte2", c.nin, c.nv,
                   c.tile, c.fwd_all ? " fwd=pipe_all" : "", c.tail);
  } else if (shape == 1) {
    ccfg c;
    memset(&c, 0, sizeof c);
    c.nout = rint_(1, 3);
    c.nk = rint_(1, 4);
    c.sym = sym_loop;
    if (c.sym)
      c.nk = rint_(1, 2);
    long n = (long)c.nout * c.nk;
    c.nbuf = (!c.sym && n == 1) ? 1 : rint_(1, 2);
    c.bufsel = rint_(0, 1);
    c.evbase = rint_(0, 4 - c.nbuf);
    c.bfirst = rint_(0, 1);
    if (sym_if || chance(25)) {
      c.tail = rint_(1, 2);
      if (sym_if) {
        c.tailcond = rint_(1, 3);
        if (c.tailcond == 1 && !c.sym)
          c.tailcond = 2;
      } else {
        c.tailk = rint_(0, c.nout > 1 ? c.nout - 1 : 1);
      }
      c.bidx = c.tailcond == 2;
      usem = c.tailcond == 3;
      if (c.tailcond == 0 && !(c.sym || c.nout > 1))
        c.tail = 0; /* no loop counter to compare */
    }
    K.nf = 1;
    fn_init(&K.f[0], kn, C_AIC, 0);
    long no = c.sym ? 64 : c.nout;
    K.args = afmt("%%arg0: %s, %%arg1: %s, %%arg2: %s%s%s",
                  gmt(256L * c.nk, "f16"), gmt(256L * c.nk * no, "f16"),
                  gmt(256L * no, "f32"), c.sym ? ", %n: index" : "",
                  usem ? ", %m: index" : "");
    gen_aic(&K.f[0], &c);
    K.shape = afmt("aic nout=%s nk=%d nbuf=%d bufsel=%s tail=%d",
                   c.sym ? "n(sym)" : afmt("%d", c.nout), c.nk, c.nbuf,
                   c.bufsel ? "select" : "ptrcast", c.tail);
  } else {
    ccfg a;
    vcfg v;
    memset(&a, 0, sizeof a);
    memset(&v, 0, sizeof v);
    a.mix = v.mix = 1;
    a.sym = v.sym = sym_loop;
    /* epilogue: AIC -> workspace -> AIVs; prologue: AIVs -> workspace -> AIC */
    int pro = a.pro = v.pro = chance(40);
    a.nout = rint_(1, 3);
    a.nk = pro ? 1 : rint_(1, 2);
    long na = (long)a.nout * a.nk;
    a.nbuf = (!a.sym && na == 1) ? 1 : rint_(1, 2);
    a.bufsel = rint_(0, 1);
    a.evbase = rint_(0, 4 - a.nbuf);
    a.bfirst = rint_(0, 1);
    a.nslots = v.nslots = rint_(1, 2);
    a.ring = v.ring = a.sym || a.nout > a.nslots;
    a.f1 = v.f1 = rint_(0, 5);
    do
      a.f2 = rint_(0, 7);
    while (a.f2 == a.f1);
    v.f2 = a.f2;
    v.tile = 128;
    v.inner = a.nout;
    v.nbuf = (!v.sym && a.nout == 1) ? 1 : rint_(1, 2);
    v.bufsel = rint_(0, 1);
    v.style = rint_(0, 1);
    v.nin = rint_(1, 2);
    v.nv = rint_(1, 2);
    v.needrev = v.sym || a.nout > v.nbuf;
    /* prologue ring: the AIV's slot-credit wait before store(t) is a scalar
       wait (a2) released once the AIC read slot t - nslots, i.e. after
       store(t - nslots): with nbuf > nslots that orders every UB reuse */
    if (pro && v.ring && v.nbuf > v.nslots)
      v.needrev = 0;
    v.fwd_all = v.nbuf == 1 && chance(10);
    v.wmv_late = chance(50);
    v.svm_late = chance(50);
    if (v.nv > 1 && v.wmv_late && !v.svm_late)
      v.svm_late = 1;
    v.evbase = rint_(0, 4 - v.nbuf);
    v.bw_first = chance(60);
    if (sym_if) {
      /* the symbolic branch goes to one side at random */
      int side = rint_(0, 1);
      int tc = rint_(1, 3);
      if (tc == 1 && !a.sym)
        tc = 2;
      if (side == 0) {
        a.tail = rint_(1, 2), a.tailcond = tc, a.bidx = tc == 2;
      } else {
        v.tail = rint_(1, 2), v.tailcond = tc, v.bidx = tc == 2;
      }
      usem = tc == 3;
    } else if (chance(30)) {
      v.tail = rint_(1, 2);
      v.tailk = rint_(0, a.nout > 1 ? a.nout - 1 : 0);
    }
    K.nf = 2;
    fn_init(&K.f[0], afmt("%s_mix_aic", kn), C_AIC, 1);
    fn_init(&K.f[1], afmt("%s_mix_aiv", kn), C_AIV, 1);
    long no = a.sym ? 64 : a.nout;
    if (pro)
      K.args = afmt("%%arg0: %s, %%arg1: %s, %%arg2: %s, %%arg3: %s, "
                    "%%arg4: %s%s%s",
                    gmt(256L * no, "f16"), gmt(256, "f16"),
                    gmt(256L * (a.ring ? a.nslots : no), "f16"),
                    gmt(256L * no, "f16"), gmt(256L * no, "f32"),
                    a.sym ? ", %n: index" : "", usem ? ", %m: index" : "");
    else
      K.args = afmt("%%arg0: %s, %%arg1: %s, %%arg2: %s, %%arg3: %s, "
                    "%%arg4: %s%s%s",
                    gmt(256L * a.nk, "f16"), gmt(256L * a.nk * no, "f16"),
                    gmt(256L * (a.ring ? a.nslots : no), "f32"),
                    gmt(256, "f32"), gmt(256L * no, "f32"),
                    a.sym ? ", %n: index" : "", usem ? ", %m: index" : "");
    gen_aic(&K.f[0], &a);
    gen_aiv(&K.f[1], &v);
    K.shape = afmt("mix %s ntiles=%s nk=%d l1buf=%d ws_slots=%s f1=%d f2=%d | "
                   "aiv nbuf=%d style=%s nin=%d nv=%d tail=%d/%d",
                   pro ? "prologue" : "epilogue",
                   a.sym ? "n(sym)" : afmt("%d", a.nout), a.nk, a.nbuf,
                   a.ring ? afmt("%d(ring)", a.nslots) : "all", a.f1, a.f2,
                   v.nbuf, v.style ? "v-mte2+mte3-v" : "mte3-mte2", v.nin,
                   v.nv, a.tail, v.tail);
  }

  /* mutations: 0 (45%), 1 (35%), 2 (20%) */
  int r = rint_(0, 99), nm = r < 45 ? 0 : r < 80 ? 1 : 2;
  if (force_clean)
    nm = 0;
  for (int i = 0; i < nm; i++) {
    for (int tries = 0; tries < 50; tries++) {
      int m = rint_(0, NMUT - 1);
      if (mutate(m)) {
        if (K.muts[0])
          strcat(K.muts, ",");
        strcat(K.muts, mut_name[m]);
        break;
      }
    }
  }

  fprintf(o, "// kgen: seed=%ld mutations=%s%s\n", seed,
          K.muts[0] ? K.muts : "none", symbolic ? " symbolic" : "");
  fprintf(o, "// kgen: shape: %s\n", K.shape);
  if (K.detail[0])
    fprintf(o, "// kgen: detail:%s\n", K.detail);
  fprintf(o, "module {\n");
  for (int i = 0; i < K.nf; i++)
    print_fn(o, &K.f[i]);
  fprintf(o, "}\n");
}

/* ------------------------------------------------------------------ main */

static void usage(void) {
  fprintf(stderr,
          "usage: kgen [--symbolic] [--clean] [--seed N] [--count M] OUTDIR\n"
          "writes OUTDIR/k<N+i>.mlir for i in 0..M-1 (defaults N=1 M=100);\n"
          "--clean: the correct templates only, no seeded mutation\n");
  exit(2);
}

static long num(const char *s) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || *end || v < 0)
    usage();
  return v;
}

int main(int argc, char **argv) {
  long seed = 1, count = 100;
  const char *dir = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--symbolic"))
      symbolic = 1;
    else if (!strcmp(argv[i], "--clean"))
      force_clean = 1;
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = num(argv[++i]);
    else if (!strcmp(argv[i], "--count") && i + 1 < argc)
      count = num(argv[++i]);
    else if (argv[i][0] == '-' || dir)
      usage();
    else
      dir = argv[i];
  }
  if (!dir)
    usage();
  if (mkdir(dir, 0777) && errno != EEXIST) {
    perror(dir);
    return 2;
  }
  for (long i = 0; i < count; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/k%ld.mlir", dir, seed + i);
    FILE *o = fopen(path, "w");
    if (!o) {
      perror(path);
      return 2;
    }
    gen_kernel(seed + i, o);
    if (fclose(o)) {
      perror(path);
      return 2;
    }
  }
  return 0;
}
