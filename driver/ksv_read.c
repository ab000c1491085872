/*
** ksv_read.c -- reading an input file, bounded (ksv_int.h): every
** subcommand reads its kernels through ksv_read_file, which never holds
** more than the limit plus one byte, whatever the input is (a regular
** file, standard input, a pipe, /dev/zero).
*/
#include "ksv_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

uint64_t ksv_input_max(uint32_t max_memory_mb) {
  return ((uint64_t)max_memory_mb << 20) / 64;
}

uint64_t ksv_keep_max(uint32_t max_memory_mb) {
  return ((uint64_t)max_memory_mb << 20) / 8;
}

uint32_t ksv_findings_room(uint32_t max_memory_mb, uint32_t kept) {
  if (!max_memory_mb)
    return UINT32_MAX;
  uint64_t cap = ((uint64_t)max_memory_mb << 20) / 16 / CHK_FINDING_BYTES;
  return cap > kept ? (uint32_t)(cap - kept) : 0;
}

/* Reads f to its end into a buffer of at most max + 1 bytes (max 0: no
** limit); hint: the file's size when known.  NULL with errno (EFBIG: more
** than max bytes; *len then max + 1). */
static char *read_stream(FILE *f, uint64_t max, uint64_t hint, size_t *len) {
  size_t cap = hint && hint < SIZE_MAX / 2 ? (size_t)hint + 1 : 1 << 16;
  if (max && cap > max + 1)
    cap = (size_t)max + 1;
  size_t n = 0;
  char *buf = malloc(cap + 1);
  for (;;) {
    if (!buf) {
      errno = ENOMEM;
      return NULL;
    }
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap && ferror(f)) {
      int e = errno ? errno : EIO;
      free(buf);
      errno = e;
      return NULL;
    }
    if (max && n > max) { /* (cap is max + 1 then) */
      free(buf);
      *len = n;
      errno = EFBIG;
      return NULL;
    }
    if (n < cap)
      break;
    size_t ncap = cap * 2;
    if (max && ncap > max + 1)
      ncap = (size_t)max + 1;
    char *nb = realloc(buf, ncap + 1);
    if (!nb)
      free(buf);
    buf = nb;
    cap = ncap;
  }
  buf[n] = 0;
  *len = n;
  return buf;
}

char *ksv_read_file(const char *path, uint64_t max, size_t *len,
                    uint64_t *size) {
  bool in = !strcmp(path, "-");
  FILE *f = in ? stdin : fopen(path, "rb");
  *size = 0;
  if (!f)
    return NULL;
  struct stat st;
  bool known = !fstat(fileno(f), &st);
  bool reg = known && S_ISREG(st.st_mode);
  char *r = NULL;
  if (known && S_ISDIR(st.st_mode)) {
    errno = EISDIR;
  } else if (reg && max && (uint64_t)st.st_size > max) {
    *size = (uint64_t)st.st_size; /* not read at all */
    errno = EFBIG;
  } else { /* (a file that grows while read: EFBIG, *size 0) */
    r = read_stream(f, max, reg ? (uint64_t)st.st_size : 0, len);
  }
  int e = errno;
  if (!in)
    fclose(f);
  errno = e;
  return r;
}

void ksv_size_str(uint64_t n, char *buf, size_t size) {
  if (n >= 1 << 20 && !(n & ((1 << 20) - 1)))
    snprintf(buf, size, "%llu MB", (unsigned long long)(n >> 20));
  else
    snprintf(buf, size, "%llu bytes", (unsigned long long)n);
}

char *ksv_too_big(uint64_t size, uint64_t max) {
  char lim[64];
  ksv_size_str(max, lim, sizeof lim);
  if (size)
    return mdl_strprintf("the file has %llu bytes, more than the %s inputs "
                         "are limited to (--max-memory-mb / 64)",
                         (unsigned long long)size, lim);
  return mdl_strprintf("the file has more than the %s inputs are limited "
                       "to (--max-memory-mb / 64; a stream, read no "
                       "further)", lim);
}

char *ksv_read_input_why(const char *file, uint32_t max_memory_mb,
                         size_t *len, int *rc, char **why) {
  uint64_t max = ksv_input_max(max_memory_mb), size;
  char *text = ksv_read_file(file, max, len, &size);
  *why = NULL;
  if (text)
    return text;
  if (errno == EFBIG && max) {
    char *big = ksv_too_big(size, max);
    *why = mdl_strprintf("not decided: %s", big);
    free(big);
    *rc = KSV_EXIT_UNKNOWN;
  } else {
    *why = mdl_strprintf("cannot read file: %s", strerror(errno));
    *rc = KSV_EXIT_BAD_INPUT;
  }
  return NULL;
}

char *ksv_read_input(const char *file, const char *name,
                     uint32_t max_memory_mb, FILE *err, size_t *len,
                     int *rc) {
  char *why;
  char *text = ksv_read_input_why(file, max_memory_mb, len, rc, &why);
  if (!text)
    fprintf(err, "%s:1:1: error: %s [%s]\n", name, why,
            *rc == KSV_EXIT_UNKNOWN ? "unknown" : "bad-input");
  free(why);
  return text;
}
