/*
** ksv_prog.c -- the progress line on stderr (ksv_prog.h).
**
** The line is written with one write(2) per update, `\r` first and padded
** with blanks over the previous one, so no terminal control sequence is
** needed (a dumb terminal or a CI log shows it too).  It is kept within
** the terminal's width: a wrapped line could not be rewritten by `\r`.
** Updates are drawn at most every 100 ms, the first at once: a kernel
** checked per millisecond must not spend its time on the terminal.  An
** update that came too soon is drawn by a ticker thread when its time
** comes, so the line never stays behind what is running (the one kernel
** that takes minutes).
*/
#include "ksv_prog.h"
#include "../include/ksv.h"
#include "ksv_int.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define PROG_MAX 512
#define PROG_EVERY 0.1

static struct {
  pthread_mutex_t lock;
  pthread_cond_t wake;         /* ends the ticker's wait */
  int depth;                   /* nested starts */
  bool on, pending, stop, ticking;
  char head[PROG_MAX], detail[PROG_MAX];
  size_t shown;                /* bytes of the line on the screen */
  double last;                 /* when it was last drawn (0: never) */
  pthread_t ticker;
} prog = {.lock = PTHREAD_MUTEX_INITIALIZER,
          .wake = PTHREAD_COND_INITIALIZER};

/* Columns of the terminal on stderr, 80 when it does not say. */
static size_t columns(void) {
  struct winsize ws;
  if (!ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) && ws.ws_col > 1)
    return ws.ws_col;
  return 80;
}

static void put(const char *s, size_t n) {
  while (n) {
    ssize_t w = write(STDERR_FILENO, s, n);
    if (w <= 0)
      return; /* progress is best effort: never an error */
    s += w;
    n -= (size_t)w;
  }
}

/* Draws head and detail (under the lock). */
static void draw(bool force) {
  double now = ksv_now_secs();
  if (!force && prog.last > 0 && now - prog.last < PROG_EVERY) {
    prog.pending = true;
    return;
  }
  prog.pending = false;
  prog.last = now;
  char line[PROG_MAX * 2 + 8];
  int n = snprintf(line, sizeof line, "%s%s%s", prog.head,
                   prog.detail[0] ? ": " : "", prog.detail);
  size_t len = n < 0 ? 0 : (size_t)n, max = columns() - 1;
  if (len >= sizeof line)
    len = sizeof line - 1;
  if (len > max) {
    len = max;
    while (len && ((unsigned char)line[len] & 0xC0) == 0x80)
      len--; /* not within a UTF-8 sequence */
  }
  char buf[sizeof line * 2 + 2];
  size_t k = 0;
  buf[k++] = '\r';
  memcpy(buf + k, line, len);
  k += len;
  for (size_t i = len; i < prog.shown && k < sizeof buf; i++)
    buf[k++] = ' ';
  put(buf, k);
  prog.shown = len;
}

/* Draws an update that came too soon, once its 100 ms are over. */
static void *tick(void *arg) {
  (void)arg;
  pthread_mutex_lock(&prog.lock);
  while (!prog.stop) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_nsec += (long)(PROG_EVERY * 1e9);
    if (t.tv_nsec >= 1000000000L)
      t.tv_sec++, t.tv_nsec -= 1000000000L;
    pthread_cond_timedwait(&prog.wake, &prog.lock, &t);
    if (!prog.stop && prog.pending)
      draw(false);
  }
  pthread_mutex_unlock(&prog.lock);
  return NULL;
}

const char *ksv_prog_base(const char *path) {
  const char *b = strrchr(path, '/');
  return b && b[1] ? b + 1 : path;
}

void ksv_prog_start(int mode) {
  pthread_mutex_lock(&prog.lock);
  if (!prog.depth++) {
    prog.on = mode == KSV_PROGRESS_ON ||
              (mode == KSV_PROGRESS_AUTO && isatty(STDERR_FILENO));
    prog.head[0] = prog.detail[0] = 0;
    prog.shown = 0;
    prog.last = 0;
    prog.pending = prog.stop = false;
    /* without the ticker, updates that came too soon wait for the next */
    prog.ticking =
        prog.on && !pthread_create(&prog.ticker, NULL, tick, NULL);
  }
  pthread_mutex_unlock(&prog.lock);
}

static void set(char *dst, bool clear_detail, const char *fmt, va_list ap) {
  pthread_mutex_lock(&prog.lock);
  if (prog.on) {
    vsnprintf(dst, PROG_MAX, fmt, ap);
    if (clear_detail)
      prog.detail[0] = 0;
    draw(false);
  }
  pthread_mutex_unlock(&prog.lock);
}

void ksv_prog_head(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  set(prog.head, true, fmt, ap);
  va_end(ap);
}

void ksv_prog_detail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  set(prog.detail, false, fmt, ap);
  va_end(ap);
}

/* Blanks the line on the screen (under the lock). */
static void erase(void) {
  if (!prog.on || !prog.last)
    return;
  char buf[PROG_MAX * 2 + 8];
  size_t k = 0, n = prog.shown < sizeof buf - 2 ? prog.shown : sizeof buf - 2;
  buf[k++] = '\r';
  memset(buf + k, ' ', n);
  k += n;
  buf[k++] = '\r';
  put(buf, k);
  prog.shown = 0;
  prog.last = 0; /* the next update draws at once */
}

void ksv_prog_hide(void) {
  pthread_mutex_lock(&prog.lock);
  erase();
  pthread_mutex_unlock(&prog.lock);
}

void ksv_prog_end(void) {
  pthread_mutex_lock(&prog.lock);
  bool join = false;
  if (prog.depth && !--prog.depth) {
    erase();
    prog.on = false;
    prog.stop = true;
    join = prog.ticking;
    prog.ticking = false;
    pthread_cond_signal(&prog.wake);
  }
  pthread_mutex_unlock(&prog.lock);
  if (join)
    pthread_join(prog.ticker, NULL);
}
