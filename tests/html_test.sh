#!/usr/bin/env bash
# html_test.sh KSV SRCROOT -- the HTML report of the whole corpus (and an
# --explain report) is one self-contained page that renders in headless
# Chromium with no console errors.  Skips (77) without chromium (Debian
# package `chromium`; not a build dependency).  With KSV_SCREENSHOT=FILE it
# also writes a screenshot of (the top of) the corpus report there
# (docs/report.png).
set -u
ksv=${1:?usage: html_test.sh KSV SRCROOT}
root=${2:?}
ksv="$(cd "$(dirname "$ksv")" && pwd)/$(basename "$ksv")"
chrome=""
for c in chromium chromium-browser google-chrome; do
  if command -v "$c" >/dev/null; then chrome=$c; break; fi
done
if [ -z "$chrome" ]; then
  echo "SKIP: no headless Chromium (apt-get install chromium)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
cd "$root" || exit 1
printf 'func.func @k\377\001() {\n  return\n}\n' >"$tmp/garbage.mlir"
files=(corpus/*/*.mlir corpus/*/*.cpp "$tmp/garbage.mlir" "$tmp/missing.mlir")
"$ksv" check --format html -j 2 -o "$tmp/corpus.html" "${files[@]}"
[ "$?" -le 3 ] || fail "ksv crashed on the corpus"
"$ksv" check --format html --explain -o "$tmp/explain.html" \
  corpus/vec_add_db/ok.mlir corpus/vec_add_db/bug_redundant_mte2_mte3.mlir
[ "$?" -le 3 ] || fail "ksv crashed with --explain"

for page in corpus explain; do
  f="$tmp/$page.html"
  # self-contained: nothing to fetch
  if grep -Eo '(src|href)="[^"#][^"]*"' "$f" | grep -q .; then
    fail "$page.html refers to external resources: $(grep -Eo '(src|href)="[^"#][^"]*"' "$f" | head -3)"
  fi
  grep -qi '<script' "$f" && fail "$page.html has a script"
  timeout 300 "$chrome" --headless --disable-gpu --no-sandbox \
    --no-first-run --disable-extensions --user-data-dir="$tmp/profile" \
    --enable-logging=stderr --v=0 --dump-dom "file://$f" \
    >"$tmp/$page.dom" 2>"$tmp/$page.log"
  rc=$?
  [ "$rc" = 0 ] || fail "chromium exited $rc on $page.html: $(tail -3 "$tmp/$page.log")"
  grep -q '<h1>ksv report</h1>' "$tmp/$page.dom" || fail "$page.html: the DOM has no report"
  if grep -E 'CONSOLE|Uncaught|ERROR:.*(html|svg|render)' "$tmp/$page.log" | grep -q .; then
    fail "$page.html: console messages: $(grep -E 'CONSOLE|Uncaught|ERROR' "$tmp/$page.log" | head -5)"
  fi
  # every timeline parsed as SVG (foreign content) with its lanes
  nsvg=$(grep -o '<svg' "$f" | wc -l)
  ndom=$(grep -o '<svg' "$tmp/$page.dom" | wc -l)
  [ "$nsvg" = "$ndom" ] || fail "$page.html: $nsvg svg elements written, $ndom in the DOM"
  [ "$nsvg" -gt 1 ] || fail "$page.html: no witness timeline"
done
nf=$(grep -o '<section id="f' "$tmp/corpus.dom" | wc -l)
[ "$nf" = "${#files[@]}" ] || fail "corpus.html: $nf file sections for ${#files[@]} files"
grep -q 'class="l primary"' "$tmp/corpus.dom" || fail "corpus.html: no highlighted source line"
grep -q 'proven ordered' "$tmp/explain.dom" || fail "explain.html: no --explain notes"
# a lone half has a verdict of its own, and the header counts it
grep -q '<span class="v v-open">clean (cross-core not checked)</span>' "$tmp/corpus.dom" ||
  fail "corpus.html: no lone-half verdict"
grep -q 'cross-core not checked</p>' "$tmp/corpus.dom" || fail "corpus.html: the header does not count lone halves"
grep -q 'ksv-arrow' "$tmp/explain.dom" || fail "explain.html: no set-to-wait arrow"

if [ -n "${KSV_SCREENSHOT:-}" ]; then
  timeout 300 "$chrome" --headless --disable-gpu --no-sandbox --no-first-run \
    --user-data-dir="$tmp/profile" --hide-scrollbars --window-size=1280,1400 \
    --screenshot="$KSV_SCREENSHOT" "file://$tmp/corpus.html" \
    >/dev/null 2>&1 || fail "no screenshot"
fi
[ "$fails" = 0 ] || exit 1
echo "PASS: HTML reports render in $chrome ($nsvg timelines in the explain page)"
