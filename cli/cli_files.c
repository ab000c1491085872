/*
** cli_files.c -- check's file operands: a directory stands for the inputs
** below it (.mlir and the Ascend C extensions), found recursively, in
** byte order of their paths so that reports do not depend on the file
** system; --include / --exclude globs (fnmatch) select among them.
*/
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
  char **v;
  int n, cap;
} strvec;

static void push(strvec *s, char *p) {
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 16;
    s->v = realloc(s->v, (size_t)s->cap * sizeof *s->v);
    if (!s->v)
      abort();
  }
  s->v[s->n++] = p;
}

static char *dup_path(const char *dir, const char *name) {
  size_t a = strlen(dir), b = strlen(name);
  char *p = malloc(a + b + 2);
  if (!p)
    abort();
  memcpy(p, dir, a);
  size_t k = a;
  if (!a || dir[a - 1] != '/')
    p[k++] = '/';
  memcpy(p + k, name, b + 1);
  return p;
}

static char *copy(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (!p)
    abort();
  return memcpy(p, s, n);
}

/* The inputs ksv reads (fe_lang_of_path's extensions, and .mlir). */
static bool input_ext(const char *name) {
  static const char *const ext[] = {".mlir", ".cpp", ".cc", ".cxx", ".h",
                                    ".hpp",  ".asc", ".cce"};
  const char *dot = strrchr(name, '.');
  for (size_t i = 0; dot && i < sizeof ext / sizeof ext[0]; i++)
    if (!strcmp(dot, ext[i]))
      return true;
  return false;
}

/* Does glob g match the entry: its name, or its path below the directory
** operand (rel)? */
static bool glob_hit(const char *const *g, uint32_t n, const char *name,
                     const char *rel) {
  for (uint32_t i = 0; i < n; i++)
    if (!fnmatch(g[i], name, 0) || !fnmatch(g[i], rel, FNM_PATHNAME))
      return true;
  return false;
}

/* Adds the inputs below dir (rel: its path below the operand) to out. */
static int walk(const cli *c, const char *dir, size_t root, strvec *out) {
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(stderr, "ksv: error: %s: cannot read the directory: %s\n", dir,
            strerror(errno));
    return KSV_EXIT_BAD_INPUT;
  }
  int rc = 0;
  struct dirent *e;
  while (!rc && (e = readdir(d))) {
    if (e->d_name[0] == '.') /* ., .., .git and other hidden entries */
      continue;
    char *p = dup_path(dir, e->d_name);
    const char *rel = p + root;
    struct stat st;
    bool keep = false;
    if (lstat(p, &st) || glob_hit(c->excludes.v, c->excludes.n, e->d_name, rel))
      ; /* gone, or excluded (a directory: all of it) */
    else if (S_ISDIR(st.st_mode)) /* not through links: no cycles */
      rc = walk(c, p, root, out);
    else if ((S_ISREG(st.st_mode) || (S_ISLNK(st.st_mode) && !stat(p, &st) &&
                                      S_ISREG(st.st_mode))) &&
             input_ext(e->d_name))
      keep = !c->includes.n ||
             glob_hit(c->includes.v, c->includes.n, e->d_name, rel);
    if (keep)
      push(out, p);
    else
      free(p);
  }
  closedir(d);
  return rc;
}

static int by_path(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One directory operand: its inputs, sorted, or an error when none. */
static int expand_dir(const cli *c, const char *dir, strvec *out) {
  strvec found = {0};
  size_t root = strlen(dir) + (dir[strlen(dir) - 1] != '/');
  int rc = walk(c, dir, root, &found);
  if (!rc && !found.n) {
    fprintf(stderr, "ksv: error: %s: no input file (.mlir, .cpp, .cc, "
                    ".cxx, .h, .hpp, .asc, .cce) in the directory%s\n",
            dir, c->includes.n || c->excludes.n
                     ? " (after --include/--exclude)" : "");
    rc = KSV_EXIT_BAD_INPUT;
  }
  if (found.n)
    qsort(found.v, (size_t)found.n, sizeof *found.v, by_path);
  for (int i = 0; i < found.n; i++)
    if (rc)
      free(found.v[i]);
    else
      push(out, found.v[i]);
  free(found.v);
  return rc;
}

int cli_expand(const cli *c, char **ops, int nops, char ***files,
               int *nfiles) {
  strvec out = {0};
  int rc = 0, stdin_seen = 0;
  for (int i = 0; !rc && i < nops; i++) {
    struct stat st;
    if (!strcmp(ops[i], "-") && stdin_seen++)
      rc = cli_usage_error(c, "standard input ('-') given twice", NULL);
    else if (strcmp(ops[i], "-") && !stat(ops[i], &st) &&
             S_ISDIR(st.st_mode))
      rc = expand_dir(c, ops[i], &out);
    else /* a file (its errors are located ones, from the driver) */
      push(&out, copy(ops[i]));
  }
  if (rc) {
    cli_files_free(out.v, out.n);
    out.v = NULL;
    out.n = 0;
  }
  *files = out.v;
  *nfiles = out.n;
  return rc;
}

void cli_files_free(char **files, int nfiles) {
  for (int i = 0; i < nfiles; i++)
    free(files[i]);
  free(files);
}
