#!/usr/bin/env bash
# version_test.sh KSV BUILDDIR SRCDIR: `ksv --version` prints the project's
# version, the git revision of the source tree (`unknown` outside git:
# tests/ci_build_test.sh builds a copy outside git and checks that) and the
# version of the Z3 library the binary runs on.
set -uo pipefail
ksv=$1 build=$2 src=$3
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
out=$("$ksv" --version) || fail "--version exits $?"
echo "$out"
[ "$(echo "$out" | wc -l)" = 3 ] || fail "--version prints $(echo "$out" | wc -l) lines, expected 3"

# 1. the version meson.build declares
want=$(meson introspect --projectinfo "$build" |
       python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
[ "$(echo "$out" | sed -n 1p)" = "ksv $want" ] || fail "line 1 is not 'ksv $want'"

# 2. the revision: HEAD's (a prefix of its hash, -dirty when the tree is)
rev=$(echo "$out" | sed -n 's/^revision: //p')
if top=$(git -C "$src" rev-parse --show-toplevel 2>/dev/null) &&
   [ "$(cd "$top" && pwd -P)" = "$(cd "$src" && pwd -P)" ]; then
  head=$(git -C "$src" rev-parse HEAD)
  base=${rev%-dirty}
  # a hash prefix, or `git describe`'s TAG-N-gHASH once there are tags
  [ -n "$base" ] && [ "$(git -C "$src" rev-parse -q --verify "$base^{commit}")" = "$head" ] ||
    fail "revision '$rev' is not HEAD ($head)"
  if git -C "$src" diff --quiet HEAD 2>/dev/null; then
    [ "$rev" = "$base" ] || fail "revision '$rev' says dirty on a clean tree"
  else
    [ "$rev" != "$base" ] || fail "revision '$rev' does not say -dirty"
  fi
else
  [ "$rev" = unknown ] || fail "outside git the revision is '$rev', expected unknown"
fi
# the fallback: a directory that is not the top of a work tree has none
# (a tarball unpacked inside another repository)
bash "$src/scripts/git-rev.sh" "$src/docs" >/dev/null 2>&1 &&
  fail "git-rev.sh gives a revision for a subdirectory"

# 3. Z3: the version of the libz3 the binary loads, asked directly
lib=$(ldd "$ksv" | awk '/libz3/ {print $3}')
if [ -n "$lib" ]; then
  z3=$(python3 -c 'import ctypes, sys
z = ctypes.CDLL(sys.argv[1]); z.Z3_get_full_version.restype = ctypes.c_char_p
print(z.Z3_get_full_version().decode())' "$lib")
  [ "$(echo "$out" | sed -n 3p)" = "z3: $z3" ] || fail "line 3 is not 'z3: $z3'"
else
  echo "$out" | grep -Eq '^z3: [0-9]+\.[0-9]+' || fail "no Z3 version"
fi
[ $fails = 0 ] && echo "version: ok"
[ $fails = 0 ]
