/*
** ksv_prog.h -- the progress line on stderr (ksv check, fix, sim): one
** line, rewritten in place with `\r`, cleared when the work ends.  Shown
** when stderr is a terminal (KSV_PROGRESS_AUTO), always (--progress) or
** never (--quiet).  Process-wide: there is one stderr; thread-safe (-j).
*/
#ifndef KSV_PROG_H
#define KSV_PROG_H

/* Starts a progress line under mode (KSV_PROGRESS_*); nested starts (ksv
** check --fix runs the fix rounds inside a check) share the outer line. */
void ksv_prog_start(int mode);

/* Sets the head of the line (what the command is doing: "file 3/12
** a.mlir"); clears the detail.  printf format. */
void ksv_prog_head(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* Sets the detail after the head ("kernel 2/5 foo"). */
void ksv_prog_detail(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* The last component of path: the line has room for little (the kernel,
** the candidate), and the count says where in the run it is. */
const char *ksv_prog_base(const char *path);

/* Erases the line for output that goes to the same terminal (the
** findings sim prints as it goes, --stats lines); the next update draws
** it again. */
void ksv_prog_hide(void);

/* Ends the outermost start: the line is erased (nothing is left behind
** for the output that follows). */
void ksv_prog_end(void);

#endif
