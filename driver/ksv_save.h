/*
** ksv_save.h -- writing a file so that it is never seen half-written (ksv
** fix -o / --in-place): a temporary file in the same directory, fsync,
** rename over the target.  A failure (no space, a file-size limit, an
** unwritable directory) leaves the target as it was.
*/
#ifndef KSV_SAVE_H
#define KSV_SAVE_H

#include <stddef.h>

/* Can path be saved?  Checked before minutes of work: the target, if it
** exists, is a regular file with a write permission bit that ksv may
** write (a read-only file, mode 0444, is refused even for root), a
** symbolic link leads to an existing file, and a file can be created in
** the target's directory.  0, or -1 with the reason in err ("cannot
** write P: ..."). */
int ksv_save_probe(const char *path, char *err, size_t n);

/* Writes len bytes of data to path atomically; an existing target keeps
** its permissions (and owner, where allowed); a symbolic link is followed
** (its target is replaced, the link stays; a hard link's other names keep
** the old file: rename(2) gives the name a new one).  0, or -1 with err. */
int ksv_save(const char *path, const char *data, size_t len, char *err,
             size_t n);

#endif
