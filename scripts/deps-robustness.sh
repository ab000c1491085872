#!/usr/bin/env bash
# Installs (when missing) what the robustness runs of .ci/run need on top
# of scripts/deps.sh: clang with its sanitizer and libFuzzer runtimes
# (tests/fuzz/run.sh, scripts/sanitize.sh), llvm-symbolizer for readable
# sanitizer stacks, valgrind (tests/valgrind_corpus.sh) and python3
# (tests/metamorphic.py).  Sourced by .ci/run.
set -euo pipefail
KSV_ROBUST_PKGS="clang libclang-rt-14-dev llvm valgrind python3"
missing=""
for p in $KSV_ROBUST_PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "ksv: installing missing packages:$missing"
  if [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq $missing >/dev/null
  else
    echo "ksv: run as root, or install them with: sudo apt-get install$missing" >&2
    exit 2
  fi
fi
