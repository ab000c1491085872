/*
** kbench.c -- generator of synthetic fused kernels for the scale benchmark
** (bench/scale.sh): one HIVM MLIR kernel on stdout whose size is set by
** its parameters, correctly synchronized unless a bug is seeded.
**
**   kbench [--cores 1|3] [--depth D] [--tiles T] [--bufs B] [--ring R]
**          [--bug none|race|xrace|deadlock|double-set] [--seed S]
**          [--sym none|tiles|block]
**
** --cores 3 (default): a MIX kernel, @kb_mix_aic + @kb_mix_aiv (the AIV
**   function runs on both vector cores, each on its half of a tile).  Per
**   tile the AIC loads A and B into L1 (nd2nz, B rotating L1 buffers with
**   MTE2->MTE1 / MTE1->MTE2 flags), multiplies (mmadL1 into L0C) and
**   writes the result with fixpipe into a GM workspace slot; the AIVs wait
**   for the slot (sync_block_wait), load their half and a bias into UB,
**   run a chain of D vector ops (pipe_barrier(PIPE_V) between them) and
**   store to GM.  With --ring R > 0 the workspace is a ring of R slots and
**   the AIVs hand each slot back after loading it (sync_block_set credits,
**   preset R times); --ring 0 gives every tile its own slot (no credits:
**   the two AIVs are then never ordered against each other).
** --cores 1: the AIV part alone (input from GM, no cross-core flags).
** --depth D: vector ops per tile (1..16).   --tiles T: loop trip count.
** --bufs B: UB/L1 multi-buffer depth (1..4), event ids rotate i mod B.
** --bug: race (drop the MTE2->V wait of the AIV), xrace (drop the AIV's
**   sync_block_wait: cross-core race, and the flag is left set), deadlock
**   (an extra wait_flag with no set after the loop), double-set (the AIV's
**   back-pressure set_flag twice).
** --sym tiles|block: a symbolic kernel, as real kernels are.  The tile
**   loop becomes the inner loop of a row loop whose trip count is not
**   known at compile time: `tiles` runs rows 0 .. %nrows (a kernel
**   argument, as tiling data), `block` runs rows block_idx, block_idx +
**   block_num, ... < %nrows (the grid-stride loop of a multi-core launch).
**   Row r works on the tiles r * T + t; the GM workspace slot and the
**   output tile depend on it (so, under `block`, on the block index:
**   symbolic addresses).  ksv checks every row count 0..K (K the trip
**   bound, 8 here), so the largest outcome has 8 * T tiles.
** About 17 + 2 * (11 + 2D) instances per tile for --cores 3 (D = 4: 55),
** 9 + 2D for --cores 1.  The output is a pure function of the options.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int cores, depth, tiles, bufs, ring, seed;
  const char *bug;
  const char *sym;           /* none, tiles, block */
} opts;

static const char *const unops[] = {"vexp", "vabs", "vrelu", "vln", "vsqrt",
                                    "vrec"};

#define UBT "memref<128xf32, #hivm.address_space<ub>>"
#define GMS "memref<128xf32, strided<[1], offset: ?>, #hivm.address_space<gm>>"
#define L1T "memref<16x16xf16, #hivm.address_space<cbuf>>"
#define CCT "memref<16x16xf32, #hivm.address_space<cc>>"
#define GM2H "memref<16x16xf16, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>"
#define GM2F "memref<16x16xf32, strided<[16, 1], offset: ?>, #hivm.address_space<gm>>"

static int is_bug(const opts *o, const char *b) { return !strcmp(o->bug, b); }
static int is_sym(const opts *o) { return strcmp(o->sym, "none") != 0; }

/* The row loop of a symbolic kernel (nothing for --sym none): rows
** 0 .. %nrows or block_idx, block_idx + block_num, ... < %nrows, and
** %g = the tile's global index r * T + t (else %g = t), which the caller
** computes inside the tile loop with g_index. */
static void row_open(const opts *o) {
  if (!is_sym(o))
    return;
  printf("    %%nrows = arith.index_cast %%arg5 : i64 to index\n");
  if (!strcmp(o->sym, "block"))
    printf("    %%bidx = hivm.hir.get_block_idx -> i64\n"
           "    %%bnum = hivm.hir.get_block_num -> i64\n"
           "    %%rlo = arith.index_cast %%bidx : i64 to index\n"
           "    %%rstep = arith.index_cast %%bnum : i64 to index\n"
           "    scf.for %%row = %%rlo to %%nrows step %%rstep {\n");
  else
    printf("    scf.for %%row = %%c0 to %%nrows step %%c1 {\n");
}

static void row_close(const opts *o) {
  if (is_sym(o))
    printf("    }\n");
}

static void g_index(const opts *o, const char *iv) {
  if (is_sym(o))
    printf("      %%rT = arith.muli %%row, %%cT : index\n"
           "      %%g = arith.addi %%rT, %s : index\n", iv);
  else
    printf("      %%g = arith.addi %s, %%c0 : index\n", iv);
}

/* %ev = i mod B as an i64 event id (and %slot for the ring) */
static void rotate(const opts *o, const char *iv) {
  printf("      %%r = arith.remsi %s, %%cB : index\n", iv);
  printf("      %%ev = arith.index_cast %%r : index to i64\n");
  (void)o;
}

/* a pointer_cast with B addresses base, base + step, ... */
static void multi_buf(const char *name, long base, long step, int b,
                      const char *ty) {
  printf("      %%%s = hivm.hir.pointer_cast(", name);
  for (int j = 0; j < b; j++)
    printf("%s%%c%ld_i64", j ? ", " : "", base + j * step);
  printf(") : %s\n", ty);
}

static void consts_i64(long base, long step, int b) {
  for (int j = 0; j < b; j++)
    printf("    %%c%ld_i64 = arith.constant %ld : i64\n", base + j * step,
           base + j * step);
}

static void args(const opts *o, long wslots) {
  /* arg0 A, arg1 B, arg2 workspace, arg3 bias, arg4 out[, arg5 rows] */
  long t = o->tiles;
  if (is_sym(o)) {
    printf("(%%arg0: memref<256xf16, #hivm.address_space<gm>>, "
           "%%arg1: memref<?xf16, #hivm.address_space<gm>>, "
           "%%arg2: memref<?xf32, #hivm.address_space<gm>>, "
           "%%arg3: memref<256xf32, #hivm.address_space<gm>>, "
           "%%arg4: memref<?xf32, #hivm.address_space<gm>>, %%arg5: i64)");
    return;
  }
  printf("(%%arg0: memref<256xf16, #hivm.address_space<gm>>, "
         "%%arg1: memref<%ldxf16, #hivm.address_space<gm>>, "
         "%%arg2: memref<%ldxf32, #hivm.address_space<gm>>, "
         "%%arg3: memref<256xf32, #hivm.address_space<gm>>, "
         "%%arg4: memref<%ldxf32, #hivm.address_space<gm>>)",
         256 * t, 256 * wslots, 256 * t);
}

/* the memref type of GM argument n (1 B, 2 workspace, 4 out) of size len */
static void gm_type(const opts *o, const char *elt, long len) {
  if (is_sym(o))
    printf("memref<?x%s, #hivm.address_space<gm>>", elt);
  else
    printf("memref<%ldx%s, #hivm.address_space<gm>>", len, elt);
}

/* %coff: the byte offset / 4 of the tile's GM workspace slot: t mod R
** of a ring, else the tile's own (global index %g); under --sym block
** each block has its own ring (block_idx * R slots further). */
static void ws_slot(const opts *o, const char *iv) {
  if (o->ring)
    printf("      %%slot = arith.remsi %s, %%cR : index\n", iv);
  else
    printf("      %%slot = arith.addi %%g, %%c0 : index\n");
  if (o->ring && !strcmp(o->sym, "block"))
    printf("      %%bix = arith.index_cast %%bidx : i64 to index\n"
           "      %%bslot = arith.muli %%bix, %%cR : index\n"
           "      %%aslot = arith.addi %%slot, %%bslot : index\n"
           "      %%coff = arith.muli %%aslot, %%c256 : index\n");
  else
    printf("      %%coff = arith.muli %%slot, %%c256 : index\n");
}

static void gen_aic(const opts *o, long wslots) {
  int B = o->bufs;
  printf("  func.func @kb_mix_aic");
  args(o, wslots);
  printf(" attributes {hacc.entry, hivm.func_core_type = "
         "#hivm.func_core_type<AIC>, hivm.part_of_mix} {\n");
  printf("    %%c0 = arith.constant 0 : index\n"
         "    %%c1 = arith.constant 1 : index\n"
         "    %%c16 = arith.constant 16 : index\n"
         "    %%c256 = arith.constant 256 : index\n"
         "    %%cB = arith.constant %d : index\n"
         "    %%cR = arith.constant %ld : index\n"
         "    %%cT = arith.constant %d : index\n"
         "    %%c0_i64 = arith.constant 0 : i64\n"
         "    %%true = arith.constant true\n",
         B, wslots, o->tiles);
  consts_i64(1024, 1024, B);
  consts_i64(512, 1024, B);
  printf("    %%cc = hivm.hir.pointer_cast(%%c0_i64) : " CCT "\n");
  for (int e = 0; e < B; e++)
    printf("    hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID%d>]\n",
           e);
  /* the mmad library's M->MTE1 handshake on EVENT_ID0/1 (the mmadL1's
     sync_related_args [5]/[6]): pre-set both, drained after the loop */
  printf("    %%c-1_i64 = arith.constant -1 : i64\n"
         "    %%c1_i64 = arith.constant 1 : i64\n"
         "    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]\n"
         "    hivm.hir.set_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]\n"
         "    hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]\n");
  row_open(o);
  printf("    scf.for %%t = %%c0 to %%cT step %%c1 {\n");
  rotate(o, "%t");
  g_index(o, "%t");
  multi_buf("a1", 1024, 1024, B, L1T);
  multi_buf("b1", 512, 1024, B, L1T);
  printf("      %%boff = arith.muli %%g, %%c256 : index\n"
         "      %%ag = memref.reinterpret_cast %%arg0 to offset: [%%c0], "
         "sizes: [16, 16], strides: [16, 1] : memref<256xf16, "
         "#hivm.address_space<gm>> to " GM2H "\n"
         "      %%bg = memref.reinterpret_cast %%arg1 to offset: [%%boff], "
         "sizes: [16, 16], strides: [16, 1] : ");
  gm_type(o, "f16", 256L * o->tiles);
  printf(" to " GM2H "\n");
  printf("      hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, %%ev]\n");
  printf("      hivm.hir.nd2nz {dst_continuous} ins(%%ag : " GM2H
         ") outs(%%a1 : " L1T ")\n");
  printf("      hivm.hir.nd2nz {dst_continuous} ins(%%bg : " GM2H
         ") outs(%%b1 : " L1T ")\n");
  printf("      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, %%ev]\n"
         "      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, %%ev]\n"
         "      hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]\n");
  printf("      hivm.hir.mmadL1 ins(%%a1, %%b1, %%true, %%c16, %%c16, %%c16 : "
         L1T ", " L1T ", i1, index, index, index) outs(%%cc : " CCT ") "
         "sync_related_args(%%c-1_i64, %%c-1_i64, %%c-1_i64, %%c-1_i64, "
         "%%c-1_i64, %%c0_i64, %%c1_i64 : i64, i64, i64, i64, i64, i64, "
         "i64)\n");
  printf("      hivm.hir.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, %%ev]\n");
  ws_slot(o, "%t");
  printf("      %%cg = memref.reinterpret_cast %%arg2 to offset: [%%coff], "
         "sizes: [16, 16], strides: [16, 1] : ");
  gm_type(o, "f32", 256 * wslots);
  printf(" to " GM2F "\n");
  printf("      hivm.hir.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]\n"
         "      hivm.hir.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]\n");
  if (o->ring)
    printf("      hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_FIX>] "
           "flag = 4\n");
  printf("      hivm.hir.fixpipe {enable_nz2nd} ins(%%cc : " CCT
         ") outs(%%cg : " GM2F ")\n");
  printf("      hivm.hir.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]\n"
         "      hivm.hir.sync_block_set[<CUBE>, <PIPE_FIX>, <PIPE_MTE2>] "
         "flag = 2\n");
  printf("    }\n");
  row_close(o);
  for (int e = 0; e < B; e++)
    printf("    hivm.hir.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID%d>]\n",
           e);
  printf("    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID0>]\n"
         "    hivm.hir.wait_flag[<PIPE_M>, <PIPE_MTE1>, <EVENT_ID1>]\n"
         "    hivm.hir.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID0>]\n");
  for (long s = 0; s < (o->ring ? wslots : 0); s++)
    printf("    hivm.hir.sync_block_wait[<CUBE>, <PIPE_MTE2>, <PIPE_FIX>] "
           "flag = 4\n");
  printf("    return\n  }\n");
}

static void gen_aiv(const opts *o, long wslots) {
  int B = o->bufs, D = o->depth, mix = o->cores == 3;
  unsigned long rng = 0x9e3779b97f4a7c15ul * (unsigned long)(o->seed + 1);
  printf("  func.func @%s", mix ? "kb_mix_aiv" : "kb_vec");
  args(o, wslots);
  printf(" attributes {hacc.entry, hivm.func_core_type = "
         "#hivm.func_core_type<AIV>%s} {\n",
         mix ? ", hivm.part_of_mix" : "");
  printf("    %%c0 = arith.constant 0 : index\n"
         "    %%c1 = arith.constant 1 : index\n"
         "    %%c128 = arith.constant 128 : index\n"
         "    %%c256 = arith.constant 256 : index\n"
         "    %%cB = arith.constant %d : index\n"
         "    %%cR = arith.constant %ld : index\n"
         "    %%cT = arith.constant %d : index\n",
         B, wslots, o->tiles);
  /* UB: x, y (bias), t (temporaries), z; B copies each of 512 bytes */
  long step = 512, x0 = 0, y0 = 512L * B, t0 = 1024L * B, z0 = 1536L * B;
  consts_i64(x0, step, B);
  consts_i64(y0, step, B);
  consts_i64(t0, step, B);
  consts_i64(z0, step, B);
  if (mix)
    printf("    %%sbi = hivm.hir.get_sub_block_idx -> i64\n"
           "    %%sb = arith.index_cast %%sbi : i64 to index\n"
           "    %%half = arith.muli %%sb, %%c128 : index\n");
  else
    printf("    %%half = arith.muli %%c0, %%c128 : index\n");
  for (long s = 0; s < (mix && o->ring ? wslots : 0); s++)
    printf("    hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] "
           "flag = 4\n");
  for (int e = 0; e < B; e++)
    printf("    hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID%d>]\n",
           e);
  row_open(o);
  printf("    scf.for %%i = %%c0 to %%cT step %%c1 {\n");
  rotate(o, "%i");
  g_index(o, "%i");
  multi_buf("xb", x0, step, B, UBT);
  multi_buf("yb", y0, step, B, UBT);
  multi_buf("tb", t0, step, B, UBT);
  multi_buf("zb", z0, step, B, UBT);
  ws_slot(o, "%i");
  printf("      %%soff = arith.addi %%coff, %%half : index\n"
         "      %%obase = arith.muli %%g, %%c256 : index\n"
         "      %%ooff = arith.addi %%obase, %%half : index\n");
  printf("      hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, %%ev]\n");
  if (is_bug(o, "double-set"))
    printf("      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, %%ev]\n");
  if (mix && !is_bug(o, "xrace"))
    printf("      hivm.hir.sync_block_wait[<VECTOR>, <PIPE_FIX>, <PIPE_MTE2>] "
           "flag = 2\n");
  printf("      %%xs = memref.subview %s[%s] [128] [1] : ",
         mix ? "%arg2" : "%arg4", mix ? "%soff" : "%ooff");
  gm_type(o, "f32", 256 * (mix ? wslots : o->tiles));
  printf(" to " GMS "\n");
  printf("      hivm.hir.load ins(%%xs : " GMS ") outs(%%xb : " UBT ")\n");
  printf("      %%ys = memref.subview %%arg3[%%half] [128] [1] : "
         "memref<256xf32, #hivm.address_space<gm>> to " GMS "\n");
  printf("      hivm.hir.load ins(%%ys : " GMS ") outs(%%yb : " UBT ")\n");
  if (mix && o->ring)
    printf("      hivm.hir.sync_block_set[<VECTOR>, <PIPE_MTE2>, <PIPE_FIX>] "
           "flag = 4\n");
  printf("      hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, %%ev]\n");
  if (!is_bug(o, "race"))
    printf("      hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, %%ev]\n");
  /* x + y -> t, then D - 1 unary ops t -> z -> t ..., the last into z */
  for (int d = 0; d < D; d++) {
    const char *out = d == D - 1 ? "%zb" : (d % 2 ? "%zb" : "%tb");
    const char *in = d == 0 ? NULL : ((d - 1) % 2 ? "%zb" : "%tb");
    if (d)
      printf("      hivm.hir.pipe_barrier[<PIPE_V>]\n");
    if (!in) {
      printf("      hivm.hir.vadd ins(%%xb, %%yb : " UBT ", " UBT
             ") outs(%s : " UBT ")\n",
             out);
    } else {
      rng = rng * 6364136223846793005ul + 1442695040888963407ul;
      if (!strcmp(in, out))
        out = !strcmp(in, "%zb") ? "%tb" : "%zb";
      printf("      hivm.hir.%s ins(%s : " UBT ") outs(%s : " UBT ")\n",
             unops[(rng >> 33) % 6], in, out);
      if (d == D - 1 && strcmp(out, "%zb")) {
        printf("      hivm.hir.pipe_barrier[<PIPE_V>]\n");
        printf("      hivm.hir.vabs ins(%s : " UBT ") outs(%%zb : " UBT
               ")\n",
               out);
      }
    }
  }
  printf("      hivm.hir.set_flag[<PIPE_V>, <PIPE_MTE3>, %%ev]\n"
         "      hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE3>, %%ev]\n");
  printf("      %%zs = memref.subview %%arg4[%%ooff] [128] [1] : ");
  gm_type(o, "f32", 256L * o->tiles);
  printf(" to " GMS "\n");
  printf("      hivm.hir.store ins(%%zb : " UBT ") outs(%%zs : " GMS ")\n");
  printf("      hivm.hir.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, %%ev]\n");
  printf("    }\n");
  row_close(o);
  for (int e = 0; e < B; e++)
    printf("    hivm.hir.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID%d>]\n",
           e);
  if (is_bug(o, "deadlock"))
    printf("    hivm.hir.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID5>]\n");
  printf("    return\n  }\n");
}

static int num(const char *s, int lo, int hi, const char *what) {
  char *e;
  long v = s ? strtol(s, &e, 10) : 0;
  if (!s || *e || v < lo || v > hi) {
    fprintf(stderr, "kbench: %s expects an integer %d..%d\n", what, lo, hi);
    exit(2);
  }
  return (int)v;
}

int main(int argc, char **argv) {
  opts o = {3, 4, 64, 2, 4, 1, "none", "none"};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--cores")) {
      o.cores = num(v, 1, 3, a);
      if (o.cores == 2) {
        fputs("kbench: --cores expects 1 or 3\n", stderr);
        return 2;
      }
    } else if (!strcmp(a, "--depth"))
      o.depth = num(v, 1, 16, a);
    else if (!strcmp(a, "--tiles"))
      o.tiles = num(v, 1, 100000000, a);
    else if (!strcmp(a, "--bufs"))
      o.bufs = num(v, 1, 4, a);
    else if (!strcmp(a, "--ring"))
      o.ring = num(v, 0, 15, a);
    else if (!strcmp(a, "--seed"))
      o.seed = num(v, 0, 1000000000, a);
    else if (!strcmp(a, "--bug")) {
      if (!v || (strcmp(v, "none") && strcmp(v, "race") &&
                 strcmp(v, "xrace") && strcmp(v, "deadlock") &&
                 strcmp(v, "double-set"))) {
        fputs("kbench: --bug expects none, race, xrace, deadlock or "
              "double-set\n",
              stderr);
        return 2;
      }
      o.bug = v;
    } else if (!strcmp(a, "--sym")) {
      if (!v || (strcmp(v, "none") && strcmp(v, "tiles") &&
                 strcmp(v, "block"))) {
        fputs("kbench: --sym expects none, tiles or block\n", stderr);
        return 2;
      }
      o.sym = v;
    } else {
      fprintf(stderr, "usage: kbench [--cores 1|3] [--depth D] [--tiles T] "
                      "[--bufs B] [--ring R] [--bug KIND] [--seed S] "
                      "[--sym none|tiles|block]\n");
      return 2;
    }
    i++;
  }
  long wslots = o.ring ? o.ring : o.tiles;
  printf("// kbench: cores=%d depth=%d tiles=%d bufs=%d ring=%d bug=%s "
         "seed=%d",
         o.cores, o.depth, o.tiles, o.bufs, o.ring, o.bug, o.seed);
  printf(is_sym(&o) ? " sym=%s\n" : "\n", o.sym);
  printf("module {\n");
  if (o.cores == 3)
    gen_aic(&o, wslots);
  gen_aiv(&o, wslots);
  printf("}\n");
  return 0;
}
