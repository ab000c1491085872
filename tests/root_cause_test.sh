#!/usr/bin/env bash
# root_cause_test.sh KSV SRCROOT -- root causes first (docs/root-causes.md).
# A correct corpus kernel with one wait deleted (HIVM and Ascend C) gives
# eight findings; every format must lead with the cause -- the unpaired
# set whose wait is missing -- and tie the other seven to it; a deleted
# set gives the deadlock of its wait, worded as the missing set.  In line
# order (before grouping) the first finding is a pipe hazard above the set.
set -u
ksv=${1:?usage: root_cause_test.sh KSV SRCROOT}
root=${2:?}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# one file per case: the mutant, the set's position, the sentence
mkdir -p "$tmp/mlir" "$tmp/cpp" "$tmp/set"
sed 36d "$root/corpus/vec_add_db/ok.mlir" >"$tmp/mlir/k.mlir" # wait_flag MTE2->V
sed 65d "$root/corpus/asc_static_flags/ok.cpp" >"$tmp/cpp/k.cpp" # WaitFlag MTE2_V
sed 35d "$root/corpus/vec_add_db/ok.mlir" >"$tmp/set/k.mlir" # set_flag MTE2->V

check_text() { # FILE POS SENTENCE
  local out first second
  out=$("$ksv" check "$1")
  [ $? -eq 1 ] || fail "$1: exit not 1"
  first=$(grep -m1 -E ': (error|warning): ' <<<"$out")
  second=$(grep -A1 -m1 -E ': (error|warning): ' <<<"$out" | sed -n 2p)
  grep -qE ":$2: error: .*\[unpaired-set\]$" <<<"$first" ||
    fail "$1: the first finding is not the unpaired set at $2: $first"
  grep -qF "note: root cause 1: $3 is missing: 8 findings follow from it" <<<"$second" ||
    fail "$1: the lead is not followed by its cause: $second"
  [ "$(grep -c "note: follows from root cause 1 at $2: $3 is missing" <<<"$out")" = 7 ] ||
    fail "$1: not 7 consequences pointing to the cause"
  [ "$(grep -c "note: consequence: " <<<"$out")" = 7 ] ||
    fail "$1: the cause does not list its 7 consequences"
  grep -qE '; 8 findings from 1 root cause$' <<<"$out" ||
    fail "$1: the summary does not count causes and findings"
  # the findings themselves are the line-ordered ones, regrouped
  [ "$(grep -cE ': (error|warning): ' <<<"$out")" = 8 ] || fail "$1: not 8 findings"
}
check_text "$tmp/mlir/k.mlir" 35:7 "the wait_flag for the set_flag at 35:7"
check_text "$tmp/cpp/k.cpp" 60:9 "the WaitFlag for the SetFlag at 60:9"

# JSON: one cause object per finding, the lead first; valid against the schema
check_json() { # FILE LINE [--fix]
  "$ksv" check --format json ${3:+"$3"} "$1" >"$tmp/r.json"
  python3 "$here/validate_json.py" "$tmp/r.json" || fail "$1: JSON not valid"
  python3 - "$tmp/r.json" "$2" "${3:-}" <<'EOF' || fail "$1: JSON grouping ${3:-}"
import json, sys
doc = json.load(open(sys.argv[1]))
line, fix = int(sys.argv[2]), sys.argv[3] == "--fix"
ds = doc["files"][0]["diagnostics"]
assert len(ds) == 8, len(ds)
assert ds[0]["rule"] == "unpaired-set" and ds[0]["line"] == line, ds[0]
c = ds[0]["cause"]
assert c["lead"] and c["id"] == 1 and c["findings"] == 8 and c["line"] == line, c
assert all(d["cause"]["id"] == 1 for d in ds)
assert sum(d["cause"]["lead"] for d in ds) == 1
assert doc["summary"]["root_causes"] == 1
if fix:  # the verified repair resolves all eight, and the cause carries it
    assert c["verified"] and "wait_flag" in c["fix"]["description"].lower(), c
EOF
}
check_json "$tmp/mlir/k.mlir" 35
check_json "$tmp/cpp/k.cpp" 60
check_json "$tmp/mlir/k.mlir" 35 --fix

# a deleted set: the deadlock of its wait, said as the missing set
"$ksv" check --format json "$tmp/set/k.mlir" >"$tmp/set.json"
python3 - "$tmp/set.json" <<'EOF' || fail "deleted set: cause"
import json, sys
d = json.load(open(sys.argv[1]))["files"][0]["diagnostics"][0]
assert d["rule"] == "deadlock" and d["line"] == 35, d
assert d["cause"]["message"] == ("the set_flag for the wait_flag at 35:7 is "
                                 "missing or comes after it"), d["cause"]
EOF

# SARIF: consequences relate to the cause, the lead to its consequences
"$ksv" check --format sarif "$tmp/mlir/k.mlir" >"$tmp/r.sarif"
python3 - "$tmp/r.sarif" <<'EOF' || fail "SARIF grouping"
import json, sys
rs = json.load(open(sys.argv[1]))["runs"][0]["results"]
lead = rs[0]
assert lead["ruleId"] == "unpaired-set" and lead["properties"]["rootCause"]["lead"]
cons = [l for l in lead["relatedLocations"]
        if l["message"]["text"].startswith("consequence of root cause 1")]
assert len(cons) == 7, len(cons)
for r in rs[1:]:
    assert not r["properties"]["rootCause"]["lead"]
    rel = [l for l in r["relatedLocations"]
           if l["message"]["text"].startswith("root cause 1: ")]
    assert len(rel) == 1 and rel[0]["physicalLocation"]["region"]["startLine"] == 35, r
    ids = [l["id"] for l in r["relatedLocations"]]
    assert len(ids) == len(set(ids)), ids
EOF

# HTML: the lead links its consequences, a consequence's How to fix its cause
"$ksv" check --format html -o "$tmp/r.html" "$tmp/mlir/k.mlir"
[ "$(grep -o '<p class="cause">Root cause 1: ' "$tmp/r.html" | wc -l)" = 1 ] ||
  fail "HTML: the lead does not state the cause"
[ "$(grep -o '<p class="cause">Follows from root cause 1 at 35:7' "$tmp/r.html" | wc -l)" = 7 ] ||
  fail "HTML: consequences do not point to the cause"
grep -q 'Fix root cause 1 first' "$tmp/r.html" || fail "HTML: How to fix ignores the cause"

# JUnit: one testcase per finding, the failure text starts with the cause
"$ksv" check --format junit "$tmp/mlir/k.mlir" >"$tmp/r.xml"
[ "$(grep -c '<failure .*>follows from root cause 1 at 35:7' "$tmp/r.xml")" = 6 ] ||
  fail "JUnit: failures do not start with their cause"
grep -q '<system-out>follows from root cause 1 at 35:7' "$tmp/r.xml" ||
  fail "JUnit: the double-set warning does not name its cause"
grep -q '>root cause 1: the wait_flag for the set_flag at 35:7 is missing: 8 findings' "$tmp/r.xml" ||
  fail "JUnit: the lead's failure does not state the cause"

# the benchmark behind docs/root-causes.md's figure runs, on a sample
# (every 40th mutant, no repairs), and the first error names the deleted
# sync's partner or position on at least 90 % of it (the whole run: 99.3 %)
bash "$root/bench/root_cause.sh" --stride 40 --no-fix --no-check-fix \
  "$ksv" "$root" >"$tmp/bench.txt" 2>&1 || fail "bench/root_cause.sh failed"
python3 - "$tmp/bench.txt" <<'PY' || fail "root-cause figure: $(cat "$tmp/bench.txt")"
import re, sys
t = open(sys.argv[1]).read()
m = re.search(r"partner or position: (\d+) of (\d+)", t)
assert m and int(m.group(2)) >= 10, t
assert int(m.group(1)) >= 0.9 * int(m.group(2)), m.group(0)
PY

[ $fails -eq 0 ] && echo "root causes: all checks passed"
[ $fails -eq 0 ]
