#!/usr/bin/env bash
# Installs the Debian packages ksv needs (when missing), then configures
# the build directory.  Sourced by the two Quick start scripts: with
# KSV_TEST=1 (scripts/test.sh) for the test build, else (check-corpus.sh)
# for ksv alone, configured -Dtests=false, without criterion.
set -euo pipefail
KSV_PKGS="gcc meson ninja-build pkg-config libz3-dev libxml2-dev libjansson-dev libyaml-dev spin libtree-sitter-dev"
# the Ascend C frontend's grammar comes from the npm registry
# (scripts/fetch-grammar.sh): npm is needed unless node comes from elsewhere
command -v npm >/dev/null || KSV_PKGS="$KSV_PKGS npm"
# the test suite (scripts/test.sh sets KSV_TEST=1) also needs criterion
# (the unit tests), python3 (the scripts that read JSON/SARIF),
# python3-jsonschema (every JSON report the tests write is validated
# against docs/report.schema.json), patch (ksv fix --diff applies),
# python3-yaml (the CI snippets, action.yml and .pre-commit-hooks.yaml are
# parsed), man-db / groff-base (the man page must render without
# warnings) and pre-commit (the hook is run)
if [ "${KSV_TEST:-0}" = 1 ]; then
  KSV_PKGS="$KSV_PKGS libcriterion-dev python3 python3-jsonschema patch python3-yaml man-db groff-base pre-commit"
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
tests=false
[ "${KSV_TEST:-0}" = 1 ] && tests=true
if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" "$root" -Dtests=$tests >/dev/null
elif [ $tests = true ] &&
     grep -q '"name": "tests", "value": false' "$build/meson-info/intro-buildoptions.json"; then
  # check-corpus.sh configured this build without tests: turn them on
  meson configure "$build" -Dtests=true >/dev/null
fi
ninja -C "$build" >/dev/null
