#!/usr/bin/env bash
# ci-build.sh BUILDDIR: builds ksv alone on a Debian or Ubuntu CI runner
# (docs/ci.md's GitHub Actions job, action.yml): installs what is missing
# of the packages below (with sudo unless root), fetches the pinned
# grammar and configures -Dtests=false, so criterion and every other
# test-only package stay out.  -Dwerror=false: a runner's newer compiler
# may warn where Debian 12's does not, which must not stop a user's CI.
# tests/ci_build_test.sh runs it with apt replaced by a recorder that lets
# pkg-config see only the packages it installs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: ci-build.sh BUILDDIR}
pkgs="gcc meson ninja-build pkg-config libz3-dev libxml2-dev libjansson-dev libyaml-dev libtree-sitter-dev"
# the grammar comes through npm (scripts/fetch-grammar.sh)
command -v npm >/dev/null || pkgs="$pkgs npm"
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing="$missing $p"
done
if [ -n "$missing" ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  echo "ci-build: installing$missing"
  $sudo apt-get update -qq
  # shellcheck disable=SC2086
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi
bash "$root/scripts/fetch-grammar.sh"
meson setup -Dtests=false -Dwerror=false "$build" "$root" >/dev/null
ninja -C "$build" >/dev/null
"$build/ksv" --version
