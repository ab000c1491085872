/*
** enospc.c -- a full disk for tests/fix_save_test.sh, without root or a
** small file system: preloaded (LD_PRELOAD), it makes write(2) on ksv's
** temporary files (".NAME.ksv-XXXXXX", driver/ksv_save.c) fail with
** ENOSPC at the first byte, as the audit's full disk did; with
** KSV_ENOSPC=fsync the writes succeed and fsync(2) fails with ENOSPC (a
** file system that allocates late).  Every other descriptor is left
** alone (stdio writes the report through glibc's internal write).
*/
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Is fd one of ksv's temporary files? */
static int ksv_temp(int fd) {
  char link[64], name[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, name, sizeof name - 1);
  if (n <= 0)
    return 0;
  name[n] = 0;
  return strstr(name, ".ksv-") != NULL;
}

static int only_fsync(void) {
  const char *m = getenv("KSV_ENOSPC");
  return m && !strcmp(m, "fsync");
}

ssize_t write(int fd, const void *buf, size_t count) {
  if (!only_fsync() && ksv_temp(fd)) {
    errno = ENOSPC;
    return -1;
  }
  return syscall(SYS_write, fd, buf, count);
}

int fsync(int fd) {
  if (ksv_temp(fd)) {
    errno = ENOSPC;
    return -1;
  }
  return (int)syscall(SYS_fsync, fd);
}
