#!/usr/bin/env bash
# baseline_test.sh KSV SRCROOT -- --baseline and the stable fingerprints:
# a bug added to a clean corpus kernel is exactly one new finding against
# the baseline of the old version (JSON and SARIF baselines alike), a
# second bug is exactly one more, and reformatting the file (re-indenting,
# blank lines, comments that shift every line) yields none.
set -u
ksv=${1:?usage: baseline_test.sh KSV SRCROOT}
root=${2:?}
ksv="$(cd "$(dirname "$ksv")" && pwd)/$(basename "$ksv")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
src="$root/corpus/vec_add_db/ok.mlir"
cd "$tmp" || exit 1

# findings FILE.json: number of finding diagnostics in a JSON report
findings() {
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(sum(1 for f in d["files"] for g in f["diagnostics"]
          if g["rule"] not in ("unknown", "bad-input", "unsupported-op", "explain")))
' "$1"
}
rules() {
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join(g["rule"] for f in d["files"] for g in f["diagnostics"]))
' "$1"
}
fps() {
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print("\n".join(sorted(g["fingerprint"] for f in d["files"] for g in f["diagnostics"])))
' "$1"
}
# check NAME ARGS...: ksv check --format json on k.mlir, report in NAME.json
check() {
  local name=$1; shift
  "$ksv" check --format json -o "$name.json" "$@" k.mlir
  echo $?
}

# v0: the clean kernel
cp "$src" k.mlir
rc=$(check v0)
[ "$rc" = 0 ] || fail "v0 is not clean (exit $rc)"
"$ksv" check --format sarif -o v0.sarif k.mlir

# v1: one bug -- the store moved before the wait that orders it after vadd
awk '/wait_flag\[<PIPE_V>, <PIPE_MTE3>, %ev\]/ { held = $0; next }
     { print } /hivm.hir.store/ && held { print held; held = "" }' \
  "$src" >k.mlir
cmp -s k.mlir "$src" && fail "v1 did not change the kernel"
rc=$(check v1)
[ "$rc" = 1 ] || fail "v1 exit $rc, expected 1"
[ "$(findings v1.json)" = 1 ] || fail "v1 has $(findings v1.json) findings, expected 1"
for b in v0.json v0.sarif; do
  rc=$(check new1 --baseline "$b")
  [ "$rc" = 1 ] || fail "v1 against $b: exit $rc, expected 1"
  n=$(findings new1.json)
  [ "$n" = 1 ] || fail "v1 against $b: $n new findings, expected 1"
done
"$ksv" check --format sarif -o v1.sarif k.mlir
# the same run twice: the same fingerprints
check v1again >/dev/null
[ "$(fps v1.json)" = "$(fps v1again.json)" ] || fail "fingerprints differ between runs"

# v2: a second bug on top -- the EVENT_ID1 drain after the loop deleted
cp k.mlir v1.mlir
grep -v 'wait_flag\[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID1>\]' v1.mlir >k.mlir
rc=$(check v2)
[ "$(findings v2.json)" = 2 ] || fail "v2 has $(findings v2.json) findings, expected 2"
for b in v1.json v1.sarif; do
  rc=$(check new2 --baseline "$b")
  [ "$rc" = 1 ] || fail "v2 against $b: exit $rc, expected 1"
  n=$(findings new2.json)
  [ "$n" = 1 ] || fail "v2 against $b: $n new findings, expected 1"
  [ "$(rules new2.json)" = unpaired-set ] ||
    fail "v2 against $b: new findings '$(rules new2.json)', expected unpaired-set"
  grep -q '"baselined": 1' new2.json || fail "v2 against $b: summary.baselined is not 1"
done

# v1 reformatted: 4 more comment lines on top, every line indented 2 more
# spaces, a blank line after every op, trailing spaces
{ printf '// reformatted\n//\n// by the baseline test\n\n'
  sed -e 's/^/  /' -e 's/$/  /' -e '/hivm.hir/a\
' v1.mlir; } >k.mlir
rc=$(check v1fmt)
[ "$rc" = 1 ] || fail "v1 reformatted: exit $rc, expected 1"
[ "$(fps v1.json)" = "$(fps v1fmt.json)" ] ||
  fail "reformatting changed the fingerprints"
for b in v1.json v1.sarif; do
  rc=$(check fmt --baseline "$b")
  [ "$rc" = 0 ] || fail "v1 reformatted against $b: exit $rc, expected 0"
  n=$(findings fmt.json)
  [ "$n" = 0 ] || fail "v1 reformatted against $b: $n new findings, expected 0"
done
"$ksv" check --baseline v1.json k.mlir >fmt.txt
grep -q '; 1 more in the baseline' fmt.txt || fail "text summary does not count the baseline"

# unusable baselines are usage errors
"$ksv" check --baseline missing.json k.mlir >/dev/null 2>err.txt
rc=$?
[ "$rc" = 2 ] || fail "a missing baseline: exit $rc, expected 2"
"$ksv" check k.mlir >text.txt
"$ksv" check --baseline text.txt k.mlir >/dev/null 2>err.txt
rc=$?
[ "$rc" = 2 ] || fail "a text report as baseline: exit $rc, expected 2"
echo '{"files": [{"path": "k.mlir", "diagnostics": [{"rule": "race"}]}]}' >old.json
"$ksv" check --baseline old.json k.mlir >/dev/null 2>err.txt
rc=$?
[ "$rc" = 2 ] && grep -q fingerprints err.txt ||
  fail "a report without fingerprints: exit $rc, $(cat err.txt)"

# every JSON report above (old.json is hand-written) fits the schema
rm -f old.json
python3 "$root/tests/validate_json.py" ./*.json ||
  fail "a JSON report does not fit docs/report.schema.json"

if [ "$fails" -gt 0 ]; then
  echo "$fails failure(s)"
  exit 1
fi
echo "PASS: baseline"
