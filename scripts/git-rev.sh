#!/usr/bin/env bash
# git-rev.sh SRCDIR: prints the git revision of the ksv source tree SRCDIR
# for `ksv --version` (meson's vcs_tag runs it at every build).  Fails, so
# that vcs_tag writes its fallback "unknown", when SRCDIR is not the top
# of a git work tree: a release tarball unpacked inside some other
# repository must not report that repository's revision.
set -euo pipefail
src=$(cd "$1" && pwd -P)
top=$(git -C "$src" rev-parse --show-toplevel 2>/dev/null) || exit 1
[ "$(cd "$top" && pwd -P)" = "$src" ] || exit 1
git -C "$src" describe --always --dirty --abbrev=12
