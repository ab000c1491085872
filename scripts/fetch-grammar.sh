#!/usr/bin/env bash
# Fetches the pinned tree-sitter C++ grammar (MIT) that frontend/ascendc/
# parses with, verifies the tarball's sha256, and unpacks the generated
# parser (src/parser.c, src/scanner.c, src/tree_sitter/*.h) into
# build-deps/tree-sitter-cpp/ (gitignored: the 17 MB parser is never
# committed).  meson.build compiles it into a static library.
#
# The version must be one whose parser ABI the Debian 12 runtime
# (libtree-sitter-dev 0.20.7) accepts: LANGUAGE_VERSION 13..14.  0.23.4 is
# ABI 14.  The tarball comes through npm from the configured registry.  The
# grammar's own generated parser is self-contained: tree-sitter-c (a
# dependency of its grammar.js) is needed only to regenerate it, not here.
#
# Idempotent: does nothing when the unpacked grammar is present and its
# stamp names the pinned version and checksum.
set -euo pipefail
TS_CPP_VERSION=0.23.4
TS_CPP_SHA256=615d152f70e7a6bed8f15a93c3c0c264c40dc71c1b6a1445646fff9439e776bc
root=$(cd "$(dirname "$0")/.." && pwd)
dest="$root/build-deps/tree-sitter-cpp"
stamp="tree-sitter-cpp@$TS_CPP_VERSION sha256:$TS_CPP_SHA256"
if [ -f "$dest/src/parser.c" ] && [ "$(cat "$dest/.stamp" 2>/dev/null)" = "$stamp" ]; then
  exit 0
fi
command -v npm >/dev/null || {
  echo "fetch-grammar: npm is needed to fetch tree-sitter-cpp@$TS_CPP_VERSION (apt-get install npm)" >&2
  exit 2
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "fetch-grammar: fetching tree-sitter-cpp@$TS_CPP_VERSION"
(cd "$tmp" && npm pack --silent "tree-sitter-cpp@$TS_CPP_VERSION" >/dev/null)
tgz="$tmp/tree-sitter-cpp-$TS_CPP_VERSION.tgz"
[ -f "$tgz" ] || { echo "fetch-grammar: npm pack gave no $tgz" >&2; exit 2; }
got=$(sha256sum "$tgz" | cut -d' ' -f1)
if [ "$got" != "$TS_CPP_SHA256" ]; then
  echo "fetch-grammar: CHECKSUM MISMATCH for tree-sitter-cpp-$TS_CPP_VERSION.tgz" >&2
  echo "fetch-grammar:   expected $TS_CPP_SHA256" >&2
  echo "fetch-grammar:   got      $got" >&2
  exit 1
fi
tar -xzf "$tgz" -C "$tmp" package/src/parser.c package/src/scanner.c \
  package/src/tree_sitter package/LICENSE
abi=$(sed -n 's/^#define LANGUAGE_VERSION \([0-9]*\)$/\1/p' "$tmp/package/src/parser.c")
if [ "$abi" != 13 ] && [ "$abi" != 14 ]; then
  echo "fetch-grammar: parser ABI $abi is not one the 0.20.7 runtime accepts (13..14)" >&2
  exit 1
fi
rm -rf "$dest"
mkdir -p "$dest"
cp -r "$tmp/package/src" "$tmp/package/LICENSE" "$dest/"
echo "$stamp" >"$dest/.stamp"
echo "fetch-grammar: tree-sitter-cpp@$TS_CPP_VERSION (ABI $abi) in $dest"
