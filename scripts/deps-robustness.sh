#!/usr/bin/env bash
# Installs (when missing) what the robustness runs of .ci/run need on top
# of scripts/deps.sh: clang with its sanitizer and libFuzzer runtimes
# (tests/fuzz/run.sh, scripts/sanitize.sh), llvm-symbolizer for readable
# sanitizer stacks, valgrind (tests/valgrind_corpus.sh) and python3
# (tests/metamorphic.py).  Sourced by .ci/run.
set -euo pipefail
KSV_ROBUST_PKGS="clang libclang-rt-14-dev llvm valgrind python3"
source "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh"
# shellcheck disable=SC2086
ksv_apt_install $KSV_ROBUST_PKGS
