#!/usr/bin/env bash
# Quick start, command 2: install what is missing, build, run every test.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
KSV_TEST=1 source "$root/scripts/deps.sh"
build="${KSV_BUILD:-$root/build}"
meson test -C "$build" --print-errorlogs "$@"
