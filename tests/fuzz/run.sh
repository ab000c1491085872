#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan + libFuzzer) in their
# own build directory and runs each for a bounded time.
#
#   KSV_FUZZ_SECONDS  seconds per target (default 60)
#   KSV_FUZZ_BUILD    build directory (default build-fuzz in the checkout)
#   KSV_FUZZ_TARGETS  targets to run (default "fuzz_frontend fuzz_pipeline fuzz_fix
#                     fuzz_ascendc")
#
# The seed corpus is every .mlir file of corpus/ and tests/, copied at run
# time (fuzz_ascendc: the C++ files of tests/ascendc/ and corpus/ and, when present,
# ../shared/ascendc-reference/kernels, with tests/fuzz/ascendc.dict).  A
# crash, leak, timeout or out-of-memory leaves the input in
# $KSV_FUZZ_BUILD/artifacts and makes this script exit 1; turn it into a
# regression file under tests/hostile/ (tests/hostile_test.sh runs them).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
secs="${KSV_FUZZ_SECONDS:-60}"
build="${KSV_FUZZ_BUILD:-$root/build-fuzz}"
targets="${KSV_FUZZ_TARGETS:-fuzz_frontend fuzz_pipeline fuzz_fix fuzz_ascendc}"
# a build directory configured from another checkout is started over
if [ -f "$build/build.ninja" ] && [ "$(cat "$build/.ksv-root" 2>/dev/null)" != "$root" ]; then
  rm -rf "$build"
fi
bash "$root/scripts/fetch-grammar.sh"
if [ ! -f "$build/build.ninja" ]; then
  CC=clang meson setup "$build" "$root" -Dfuzz=true \
    -Db_sanitize=address,undefined -Db_lundef=false -Dwerror=false \
    -Dc_args=-fsanitize=fuzzer-no-link >/dev/null
  echo "$root" >"$build/.ksv-root"
fi
# a build directory from before a target was added learns of it first
ninja -C "$build" build.ninja >/dev/null
ninja -C "$build" tests/fuzz/fuzz_frontend tests/fuzz/fuzz_pipeline tests/fuzz/fuzz_fix \
  tests/fuzz/fuzz_ascendc \
  >"$build/ninja.log" || { cat "$build/ninja.log"; exit 1; }
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1
mkdir -p "$build/artifacts"
status=0
for t in $targets; do
  work="$build/corpus-$t"
  rm -rf "$work"
  mkdir -p "$work"
  # seeds: copies, named by content so that duplicates collapse
  dict="$root/tests/fuzz/hivm.dict"
  if [ "$t" = fuzz_ascendc ]; then
    dict="$root/tests/fuzz/ascendc.dict"
    { find "$root/tests/ascendc" "$root/../shared/ascendc-reference/kernels" \
        -type f -print0 2>/dev/null || true
      find "$root/corpus" -type f \( -name '*.cpp' -o -name '*.asc' -o \
        -name '*.cce' -o -name '*.h' -o -name '*.hpp' \) -print0; }
  else
    find "$root/corpus" "$root/tests" -name '*.mlir' -print0
  fi |
    while IFS= read -r -d '' f; do
      cp "$f" "$work/$(sha1sum <"$f" | cut -c1-16)"
    done
  echo "fuzz: $t for ${secs}s ($(ls "$work" | wc -l) seeds)"
  if ! "$build/tests/fuzz/$t" "$work" -dict="$dict" \
      -max_total_time="$secs" -timeout=60 -rss_limit_mb=2560 \
      -max_len=65536 -print_final_stats=1 \
      -artifact_prefix="$build/artifacts/$t-" >"$build/$t.log" 2>&1; then
    status=1
    echo "fuzz: $t FAILED; the input is in $build/artifacts:" >&2
    grep -E 'ERROR|SUMMARY|runtime error|Test unit written' "$build/$t.log" \
      | head -20 >&2 || true
  else
    grep -E '^stat::number_of_executed_units|^Done' "$build/$t.log" || true
  fi
done
exit $status
