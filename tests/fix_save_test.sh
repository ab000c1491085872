#!/usr/bin/env bash
# ksv fix -o / --in-place never loses the user's file (issue 21, point 5):
#  - refused at once -- exit 2, `ksv: error: cannot write ...` (or the
#    located read error), within 2 s on an input whose search takes
#    minutes, the target untouched: a read-only file (mode 0444, also for
#    root, also behind a symbolic link), a directory (--in-place, -o), a
#    symbolic link to nothing (its target is not created), a loop of
#    links, an -o in a directory that cannot be written (/proc; a mode 0555
#    one when not root);
#  - a symbolic link is followed: its target is rewritten, the link stays;
#  - a file-size limit (`ulimit -f`, SIGXFSZ ignored by the shell or not)
#    and a full disk (ENOSPC at the first write, or at fsync: tests/
#    enospc.c preloaded; skipped under ASan, whose runtime must come
#    first) leave the target byte for byte, no temporary file, exit 2;
#  - SIGINT / SIGTERM at any moment (during the original's check, in the
#    search, once a fix is in; one signal, or a second one that ends ksv
#    at once) leave the input untouched or replaced whole: it checks
#    (exit 0 or 1) and ends as it did, never a part of it, and no
#    temporary file stays.
# No real full disk: that needs a small file system (a loop device or a
# tmpfs, root); the preloaded library fails the same calls the same way.
# usage: fix_save_test.sh KSV SOURCE_ROOT [ENOSPC_LIB]
set -u
ksv=$1
root=$2
enospc=${3:-}
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
bug=$root/corpus/vec_add_db/bug_missing_mte2_v.mlir
asan=0
grep -q __asan_init "$ksv" 2>/dev/null && asan=1

# the slow input: every concrete seeded bug of the corpus as chunks of one
# file (its check takes seconds, its repair minutes)
first=1
for f in "$root"/corpus/*/bug*.mlir; do
  case $f in *grid_stride*|*runtime_branch*|*trip_precredit*|*dynamic_event_id*|*xflag_rotate*) continue;; esac
  [ $first = 1 ] || printf '\n// -----\n'
  first=0
  cat "$f"
done >"$tmp/all.orig"

no_temp() { [ -z "$(find "$tmp" -name '.*.ksv-*' 2>/dev/null)" ]; }
secs_since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN {printf "%.2f", b - a}'; }

# refused NAME TARGET REGEX ARGS...: ksv fix ARGS exits 2 within 2 s with
# a line matching REGEX on stdout or stderr, TARGET (if a file) unchanged
refused() {
  local name=$1 target=$2 re=$3
  shift 3
  local before="" t0 secs rc
  [ -f "$target" ] && before=$(md5sum <"$target")
  t0=$(date +%s.%N)
  "$ksv" fix --sim-runs 2 "$@" >"$tmp/r.out" 2>&1
  rc=$?
  secs=$(secs_since "$t0")
  if [ $rc -eq 2 ] && grep -Eq -- "$re" "$tmp/r.out" &&
     awk -v s="$secs" 'BEGIN {exit !(s <= 2)}' &&
     { [ -z "$before" ] || [ "$(md5sum <"$target")" = "$before" ]; } && no_temp; then ok
  else bad "$name: exit $rc after ${secs}s"; head -3 "$tmp/r.out"; fi
}

# --- refused at once ----------------------------------------------------
cp "$tmp/all.orig" "$tmp/ro.mlir"
chmod 444 "$tmp/ro.mlir"
refused "--in-place on a read-only file" "$tmp/ro.mlir" \
  "^ksv: error: cannot write $tmp/ro.mlir: the file is read-only \(mode 0444\)$" --in-place "$tmp/ro.mlir"
refused "-o onto a read-only file" "$tmp/ro.mlir" \
  "^ksv: error: cannot write $tmp/ro.mlir: the file is read-only" -o "$tmp/ro.mlir" "$tmp/all.orig"
ln -s ro.mlir "$tmp/ro_link.mlir"
refused "--in-place through a link to a read-only file" "$tmp/ro.mlir" \
  "cannot write $tmp/ro.mlir: the file is read-only" --in-place "$tmp/ro_link.mlir"
mkdir "$tmp/dir.mlir"
refused "--in-place on a directory" "" \
  "^$tmp/dir.mlir:1:1: error: cannot read file: Is a directory" --in-place "$tmp/dir.mlir"
refused "-o onto a directory" "" \
  "^ksv: error: cannot write $tmp/dir.mlir: Is a directory$" -o "$tmp/dir.mlir" "$tmp/all.orig"
ln -s missing.mlir "$tmp/dangling.mlir"
refused "-o onto a link to nothing" "" \
  "^ksv: error: cannot write $tmp/dangling.mlir: a symbolic link to a file that does not exist" \
  -o "$tmp/dangling.mlir" "$tmp/all.orig"
if [ -L "$tmp/dangling.mlir" ] && [ ! -e "$tmp/missing.mlir" ]; then ok
else bad "-o onto a link to nothing: the link was replaced or its target made"; fi
ln -s loop2.mlir "$tmp/loop1.mlir"
ln -s loop1.mlir "$tmp/loop2.mlir"
refused "-o onto a loop of links" "" "cannot write $tmp/loop1.mlir: Too many levels of symbolic links" \
  -o "$tmp/loop1.mlir" "$tmp/all.orig"
refused "-o in /proc" "" "^ksv: error: cannot write /proc/ksv-fix-test.mlir: " \
  -o /proc/ksv-fix-test.mlir "$tmp/all.orig"
if [ "$(id -u)" != 0 ]; then # (root writes in any directory)
  mkdir "$tmp/ro_dir" && chmod 555 "$tmp/ro_dir"
  refused "-o in a read-only directory" "" "Permission denied" -o "$tmp/ro_dir/x.mlir" "$tmp/all.orig"
  chmod 755 "$tmp/ro_dir"
fi

# --- a symbolic link is followed ----------------------------------------
cp "$bug" "$tmp/t.mlir"
ln -s t.mlir "$tmp/link.mlir"
"$ksv" fix --sim-runs 2 -o "$tmp/want.mlir" "$bug" >/dev/null 2>&1
"$ksv" fix --sim-runs 2 --in-place "$tmp/link.mlir" >/dev/null 2>&1; rc=$?
if [ $rc -eq 0 ] && [ -L "$tmp/link.mlir" ] && [ "$(readlink "$tmp/link.mlir")" = t.mlir ] &&
   cmp -s "$tmp/t.mlir" "$tmp/want.mlir" && ! cmp -s "$tmp/t.mlir" "$bug"; then ok
else bad "--in-place through a symbolic link: exit $rc, link $(readlink "$tmp/link.mlir")"; fi

# --- write failures -----------------------------------------------------
# lost_none NAME RC: exit 2, "cannot write", the target byte for byte
lost_none() {
  if [ "$2" -eq 2 ] && cmp -s "$tmp/w.mlir" "$bug" && grep -q "^ksv: error: cannot write $tmp/w.mlir: $3" "$tmp/w.err" &&
     no_temp; then ok
  else bad "$1: exit $2"; cat "$tmp/w.err"; fi
}
cp "$bug" "$tmp/w.mlir"
(trap '' XFSZ; ulimit -f 1; "$ksv" fix --sim-runs 2 --in-place "$tmp/w.mlir" >/dev/null 2>"$tmp/w.err"); rc=$?
lost_none "--in-place under ulimit -f, SIGXFSZ ignored" $rc "File too large"
cp "$bug" "$tmp/w.mlir"
(ulimit -f 1; "$ksv" fix --sim-runs 2 --in-place "$tmp/w.mlir" >/dev/null 2>"$tmp/w.err"); rc=$?
lost_none "--in-place under ulimit -f" $rc "File too large"
if [ -n "$enospc" ] && [ -f "$enospc" ] && [ $asan = 0 ]; then
  for mode in write fsync; do
    cp "$bug" "$tmp/w.mlir"
    KSV_ENOSPC=$mode LD_PRELOAD=$enospc "$ksv" fix --sim-runs 2 --in-place "$tmp/w.mlir" >/dev/null 2>"$tmp/w.err"; rc=$?
    lost_none "--in-place on a full disk (ENOSPC at $mode)" $rc "No space left on device"
    cp "$bug" "$tmp/w.mlir"
    KSV_ENOSPC=$mode LD_PRELOAD=$enospc "$ksv" fix --sim-runs 2 -o "$tmp/w.mlir" "$bug" >/dev/null 2>"$tmp/w.err"; rc=$?
    lost_none "-o onto an existing file on a full disk (ENOSPC at $mode)" $rc "No space left on device"
  done
else
  echo "SKIP full disk: no preload library${enospc:+ ($enospc)}, or an ASan build"
fi

# --- signals ------------------------------------------------------------
# whole FILE: the input as it was, or replaced whole (it checks, and ends
# with the input's last line), and no temporary file
whole() {
  cmp -s "$1" "$tmp/all.orig" && return 0
  "$ksv" check -q "$1" >/dev/null 2>&1
  [ $? -le 1 ] && [ "$(tail -n 1 "$1")" = "$(tail -n 1 "$tmp/all.orig")" ] && no_temp
}
# signal_fix WAIT SIG [SIG2]: ksv fix --in-place on a copy of the slow
# input, SIG once WAIT holds (a number: seconds; "fix": a fix is in), SIG2
# 50 ms later; the exit status and the file
signal_fix() {
  local wait=$1 sig=$2 sig2=${3:-} waited=0 rc
  cp "$tmp/all.orig" "$tmp/sig.mlir"
  set -m # (a background job of a script would ignore SIGINT)
  "$ksv" fix --progress --sim-runs 2 --in-place "$tmp/sig.mlir" >/dev/null 2>"$tmp/sig.err" &
  local pid=$!
  set +m
  if [ "$wait" = fix ]; then
    while ! grep -q ', [1-9][0-9]* fixed' "$tmp/sig.err" && [ $waited -lt 1200 ] &&
          kill -0 $pid 2>/dev/null; do
      sleep 0.1
      waited=$((waited + 1))
    done
  else
    sleep "$wait"
  fi
  kill -s "$sig" $pid 2>/dev/null
  [ -n "$sig2" ] && { sleep 0.05; kill -s "$sig2" $pid 2>/dev/null; }
  wait $pid
  rc=$?
  if [[ " 130 143 " == *" $rc "* ]] && whole "$tmp/sig.mlir"; then ok
  else bad "SIG$sig${sig2:+ and SIG$sig2} after $wait: exit $rc, the input $(cmp -s "$tmp/sig.mlir" "$tmp/all.orig" && echo untouched || echo "changed: $(wc -c <"$tmp/sig.mlir") bytes")"
    tail -c 300 "$tmp/sig.err" | tr '\r' '\n' | tail -2; fi
  changed=$(cmp -s "$tmp/sig.mlir" "$tmp/all.orig" && echo 0 || echo 1)
}
signal_fix 0.3 INT
signal_fix 2 TERM
signal_fix 2 INT TERM
# once a fix is in: minutes of repair under ASan before the first one, on
# the path the cases above already run (the interrupted search, the file
# left whole); the suite without the sanitizers runs them
if [ $asan = 0 ]; then
  signal_fix fix TERM
  [ "$changed" = 1 ] || bad "SIGTERM once a fix is in: the input was not rewritten"
  signal_fix fix INT INT
fi

echo "fix-save: $pass passed, $fail failed"
[ $fail -eq 0 ]
