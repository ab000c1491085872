#!/usr/bin/env bash
# The whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer
# (and LeakSanitizer), in its own build directory.  clang builds it: gcc
# 12 with -fsanitize warns (-Werror) about a null format string in
# vsnprintf(NULL, 0, ...) that is not one.  Warnings are not errors here
# (-Dwerror=false): the gcc build of scripts/test.sh enforces them, and
# clang-only warnings (-Wfor-loop-analysis in bench/kbench.c) must not stop
# the runtime checks.  Z3 stays an uninstrumented
# shared library.  The differential tests run with 200, 30 and 60 (bit) random
# kernels instead of 1000, 100 and 300 (about 3x slower under the sanitizers),
# the metamorphic test and the engines-corpus test on every 4th corpus file,
# the corpus test under the default flag model only, and without
# fix-symbolic (the longest test under the sanitizers: the fix test runs
# the same repair code on the concrete families, the differential runs
# the SMT engine);
# every other test runs as
# in scripts/test.sh, with 4x the timeouts, but for three that re-render
# the whole corpus through writers the other report tests already run
# under the sanitizers: the SARIF Multitool and headless Chromium checks
# (external validators) and the -j test (threads: ASan sees nothing there
# that -j 1 does not), and two of the install suite: ci-build (it builds
# and runs its own uninstrumented ksv) and ci-snippets (the corpus through
# the JUnit, SARIF and HTML writers four times over); and three that re-run
# the corpus or whole fix searches through code other tests already put
# under the sanitizers: report-json-schema (every corpus file in JSON on
# both engines: the validator is the point, not the writer), progress (ksv
# fix on the whole seeded-bug corpus, interrupted: minutes under ASan) and
# integrations (the action and pre-commit hook around ksv check).  This
# keeps CI under 20 minutes.
#
#   KSV_ASAN_BUILD  build directory (default build-asan in the checkout: a
#                   directory outside it could hold another checkout's
#                   build, and the sanitizers would test that code)
#   extra arguments go to `meson test` (e.g. a suite or test name)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${KSV_ASAN_BUILD:-$root/build-asan}"
# a build directory configured from another checkout is started over
if [ -f "$build/build.ninja" ] && [ "$(cat "$build/.ksv-root" 2>/dev/null)" != "$root" ]; then
  rm -rf "$build"
fi
bash "$root/scripts/fetch-grammar.sh"
if [ ! -f "$build/build.ninja" ]; then
  CC=clang meson setup "$build" "$root" -Db_sanitize=address,undefined \
    -Db_lundef=false -Dwerror=false >/dev/null
  echo "$root" >"$build/.ksv-root"
fi
ninja -C "$build" >"$build/ninja.log" || { cat "$build/ninja.log"; exit 1; }
# a sanitizer report exits 86, which no test takes for a ksv exit code
export ASAN_OPTIONS=detect_leaks=1:exitcode=86:abort_on_error=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=86
export LSAN_OPTIONS=exitcode=86
# hostile inputs run 20 s each normally; the sanitizers are ~4x slower
export KSV_HOSTILE_TIMEOUT=80
# the metamorphic test on every 4th corpus file (5 minutes on all of them)
export KSV_META_STRIDE=4
# both engines on every 4th corpus file from the second (the corpus test
# runs them all; .ci/run's suite takes the even ones)
export KSV_ENGINES_STRIDE=4
export KSV_ENGINES_START=1
export KSV_LOOPS_STRIDE=4
# ksv fix on every 4th Ascend C bug file and profile (the whole set runs
# in the normal suite)
export KSV_FIX_ASC_STRIDE=4
# the simulator's replay of every static finding on every 6th bug file
# (the normal suite replays them all)
export KSV_SIM_STRIDE=6
# the corpus expectations under the default flag model only (the one-bit
# model's code runs under the sanitizers in differential-bit)
export KSV_CORPUS_MODELS=count
# and on one profile per file, alternating (the profiles differ in tables
# the normal suite checks on every file; the code paths are the same)
export KSV_CORPUS_ARCHS=alternate
status=0
if [ $# -eq 0 ]; then
  tests=$(meson test -C "$build" --list 2>/dev/null | sed -n 's/^ksv:[^/]* \/ //p' |
          grep -vx 'differential\|differential-redundant\|differential-bit\|report-sarif-multitool\|report-html\|report-jobs\|fix-symbolic\|ci-build\|ci-snippets\|report-json-schema\|progress\|integrations')
  # shellcheck disable=SC2086
  meson test -C "$build" --print-errorlogs --timeout-multiplier 4 $tests ||
    status=1
  echo "sanitize: differential (200 kernels, --no-redundant)"
  KSV_DIFF_COUNT=200 KSV_DIFF_ARGS=--no-redundant bash \
    "$root/tests/differential_test.sh" "$build/ksv" "$build/tests/kgen" ||
    status=1
  echo "sanitize: differential-redundant (30 kernels)"
  KSV_DIFF_COUNT=30 KSV_DIFF_SEED=5001 bash \
    "$root/tests/differential_test.sh" "$build/ksv" "$build/tests/kgen" ||
    status=1
  echo "sanitize: differential-bit (60 kernels, --flag-model bit)"
  KSV_DIFF_COUNT=60 KSV_DIFF_ARGS="--no-redundant --flag-model=bit" bash \
    "$root/tests/differential_test.sh" "$build/ksv" "$build/tests/kgen" ||
    status=1
else
  meson test -C "$build" --print-errorlogs --timeout-multiplier 4 "$@" ||
    status=1
fi
exit $status
