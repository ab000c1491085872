#!/usr/bin/env bash
# Installs the Debian packages ksv needs (when missing), then configures
# the build directory.  Sourced by the two Quick start scripts.
set -euo pipefail
KSV_PKGS="gcc meson ninja-build pkg-config libz3-dev libxml2-dev libjansson-dev libcriterion-dev spin libtree-sitter-dev"
# the Ascend C frontend's grammar comes from the npm registry
# (scripts/fetch-grammar.sh): npm is needed unless node comes from elsewhere
command -v npm >/dev/null || KSV_PKGS="$KSV_PKGS npm"
# the test suite (scripts/test.sh sets KSV_TEST=1) also needs python3 (the
# scripts that read JSON/SARIF), python3-jsonschema (every JSON report the
# tests write is validated against docs/report.schema.json) and patch
# (ksv fix --diff applies)
if [ "${KSV_TEST:-0}" = 1 ]; then
  KSV_PKGS="$KSV_PKGS python3 python3-jsonschema patch"
fi
source "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh"
# shellcheck disable=SC2086
ksv_apt_install $KSV_PKGS
# and, best effort, the tools of two report checks: headless Chromium (the
# HTML report) and node/npm (the SARIF Multitool).  They are looked up as
# commands (node may come from elsewhere than Debian's nodejs); when apt
# cannot install them the two tests skip, nothing else fails.
if [ "${KSV_TEST:-0}" = 1 ] && [ "$(id -u)" = 0 ]; then
  opt=""
  command -v chromium >/dev/null || opt="$opt chromium"
  command -v npm >/dev/null || opt="$opt npm"
  command -v node >/dev/null || opt="$opt nodejs"
  if [ -n "$opt" ]; then
    echo "ksv: installing, best effort, the report-check tools:$opt"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $opt >/dev/null 2>&1 ||
      echo "ksv: could not install$opt: the HTML / SARIF Multitool checks will skip" >&2
  fi
fi
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# the pinned tree-sitter C++ grammar, checksum-verified, into build-deps/
bash "$root/scripts/fetch-grammar.sh"
build="${KSV_BUILD:-$root/build}"
if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" "$root" >/dev/null
fi
ninja -C "$build" >/dev/null
