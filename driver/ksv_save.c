/*
** ksv_save.c -- atomic file writes (ksv_save.h).
*/
#define _GNU_SOURCE /* realpath, fchown with glibc's feature macros */
#include "ksv_save.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(char *err, size_t n, const char *path, int e) {
  snprintf(err, n, "cannot write %s: %s", path, strerror(e));
  return -1;
}

/* The file a write to path lands in: a symbolic link's target (followed:
** the link stays a link).  NULL with the reason in err for a link to
** nothing (its target is not created) or a loop of links. */
static char *target_of(const char *path, char *err, size_t n) {
  struct stat st;
  if (lstat(path, &st) || !S_ISLNK(st.st_mode)) {
    char *p = strdup(path);
    if (!p)
      fail(err, n, path, ENOMEM);
    return p;
  }
  char *r = realpath(path, NULL);
  if (!r && errno == ENOENT)
    snprintf(err, n, "cannot write %s: a symbolic link to a file that "
                     "does not exist (ksv follows links; it does not create "
                     "their target)", path);
  else if (!r)
    fail(err, n, path, errno);
  return r;
}

/* "DIR/.BASE.ksv-XXXXXX" for mkstemp: beside the target, so rename(2)
** stays within one file system. */
static char *temp_name(const char *path) {
  char *a = strdup(path), *b = strdup(path);
  char *t = NULL;
  if (a && b) {
    const char *dir = dirname(a), *base = basename(b);
    size_t n = strlen(dir) + strlen(base) + 16;
    t = malloc(n);
    if (t)
      snprintf(t, n, "%s/.%.200s.ksv-XXXXXX", dir, base);
  }
  free(a);
  free(b);
  return t;
}

/* An existing target must be a regular file ksv may write. */
static int check_target(const char *path, struct stat *st, bool *exists,
                        char *err, size_t n) {
  *exists = !stat(path, st);
  if (!*exists)
    return errno == ENOENT ? 0 : fail(err, n, path, errno);
  if (!S_ISREG(st->st_mode))
    return fail(err, n, path, S_ISDIR(st->st_mode) ? EISDIR : EINVAL);
  if (!(st->st_mode & 0222)) { /* (root could write it: it is not meant) */
    snprintf(err, n, "cannot write %s: the file is read-only (mode %04o)",
             path, (unsigned)(st->st_mode & 07777));
    return -1;
  }
  if (access(path, W_OK))
    return fail(err, n, path, errno);
  return 0;
}

/* The target of a write to path (*p, a link followed) and the name of
** its temporary file (*tmp), both allocated (NULL on failure), and the
** target's state.  0, or -1 with err. */
static int prepare(const char *path, char **p, char **tmp, struct stat *st,
                   bool *exists, char *err, size_t n) {
  *p = target_of(path, err, n);
  *tmp = *p ? temp_name(*p) : NULL;
  if (!*p)
    return -1;
  if (!*tmp)
    return fail(err, n, path, ENOMEM);
  return check_target(*p, st, exists, err, n);
}

int ksv_save_probe(const char *path, char *err, size_t n) {
  char *p, *tmp;
  struct stat st;
  bool exists;
  int rc = prepare(path, &p, &tmp, &st, &exists, err, n);
  if (!rc) {
    int fd = mkstemp(tmp);
    if (fd < 0)
      rc = fail(err, n, path, errno);
    else {
      close(fd);
      unlink(tmp);
    }
  }
  free(tmp);
  free(p);
  return rc;
}

/* All of data to fd; a file-size limit (ulimit -f) is an error (EFBIG)
** here, not the SIGXFSZ that would end ksv. */
static int write_all(int fd, const char *data, size_t len) {
  struct sigaction ign = {.sa_handler = SIG_IGN}, old;
  sigemptyset(&ign.sa_mask);
  sigaction(SIGXFSZ, &ign, &old);
  int e = 0;
  while (len && !e) {
    ssize_t w = write(fd, data, len);
    if (w < 0 && errno != EINTR)
      e = errno;
    else if (w > 0)
      data += w, len -= (size_t)w;
  }
  sigaction(SIGXFSZ, &old, NULL);
  return e;
}

/* The mode a new file gets from open(2): 0666 less the umask. */
static mode_t new_mode(void) {
  mode_t m = umask(0);
  umask(m);
  return 0666 & ~m;
}

int ksv_save(const char *path, const char *data, size_t len, char *err,
             size_t n) {
  char *p, *tmp;
  struct stat st;
  bool exists;
  int rc = prepare(path, &p, &tmp, &st, &exists, err, n);
  int fd = rc ? -1 : mkstemp(tmp);
  if (!rc && fd < 0)
    rc = fail(err, n, path, errno);
  if (!rc) {
    int e = 0;
    if (exists && fchown(fd, st.st_uid, st.st_gid))
      (void)0; /* another owner: only root may keep it; the mode stays */
    if (fchmod(fd, exists ? st.st_mode & 07777 : new_mode()))
      e = errno;
    if (!e)
      e = write_all(fd, data, len);
    if (!e && fsync(fd))
      e = errno;
    if (close(fd) && !e)
      e = errno;
    if (!e && rename(tmp, p))
      e = errno;
    if (e) {
      unlink(tmp);
      rc = fail(err, n, path, e);
    }
  }
  if (!rc) { /* the rename itself durable: fsync the directory */
    char *d = strdup(p);
    int dfd = d ? open(dirname(d), O_RDONLY | O_DIRECTORY) : -1;
    if (dfd >= 0) {
      fsync(dfd);
      close(dfd);
    }
    free(d);
  }
  free(tmp);
  free(p);
  return rc;
}
