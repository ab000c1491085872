#!/usr/bin/env bash
# suppress_test.sh KSV SRCROOT -- suppression and configuration
# (docs/rules.md "Suppressing a finding", docs/config.md): ksv-ignore
# comments in MLIR and C++ (the line, the line before, not two above; a
# call site of an inlined helper; one rule leaves the others; [*]; no
# reason or an unknown rule: a bad-suppression warning, nothing
# suppressed), --disable / --enable (unknown ids: exit 2), --list-rules,
# .ksv.yaml found from a nested directory, the nearest one only,
# --config / --no-config, the command line over the file, malformed files
# (file:line:col: error:, exit 2), and the suppressed findings in text,
# JSON (validated against docs/report.schema.json), SARIF and JUnit.
set -u
ksv=${1:?usage: suppress_test.sh KSV SRCROOT}
root=${2:?}
abspath() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
ksv=$(abspath "$ksv")
root=$(abspath "$root")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
base="$root/tests/suppress/two_rules.mlir" # a race at 10:3, invalid-sync at 15:3

# run NAME ARGS...: ksv check ARGS (in a directory with no config above,
# unless the test makes one) into NAME.out / NAME.err, status in NAME.rc
run() {
  local n=$1
  shift
  "$ksv" check "$@" >"$n.out" 2>"$n.err"
  echo $? >"$n.rc"
}
rc_is() { [ "$(cat "$1.rc")" = "$2" ] || fail "$1: exit $(cat "$1.rc"), want $2"; }
has() { grep -qF -- "$2" "$1.out" || fail "$1: no '$2' in the output"; }
hasnt() { ! grep -qF -- "$2" "$1.out" || fail "$1: '$2' in the output"; }
# kernel NAME SED: the base kernel with the sed script applied
kernel() { sed "$2" "$base" >"$1.mlir"; }
mkdir -p w && cd w || exit 1
[ ! -e "$tmp/.ksv.yaml" ] || exit 1

# ------------------------------------------------------------- comments
run plain "$root/tests/suppress/two_rules.mlir"
rc_is plain 1
has plain "2 errors, 0 warnings, 0 unknown"
has plain "[race]"
hasnt plain "suppressed"

kernel before 's|// SUPPRESS-RACE|// ksv-ignore[race]: the load is waited for by the caller|'
run before before.mlir
rc_is before 1 # the invalid-sync of the same kernel still fails the run
has before "before.mlir:15:3: error: pipe_barrier(PIPE_S) is illegal [invalid-sync]"
hasnt before "[race]"
has before "1 error, 0 warnings, 0 unknown, 1 suppressed"
run before_show --show-suppressed before.mlir
has before_show "[race] (suppressed: the load is waited for by the caller)"

kernel same 's|^\(  hivm.hir.vexp.*\)$|\1 // ksv-ignore[race]: trailing|'
run same same.mlir
has same "1 error, 0 warnings, 0 unknown, 1 suppressed"
hasnt same "[race]"

kernel two_above 's|// SUPPRESS-RACE|// ksv-ignore[race]: too far\n  // another comment|'
run two_above two_above.mlir
has two_above "two_above.mlir:11:3: error: vexp at 11:3"
has two_above "2 errors, 0 warnings, 0 unknown"
hasnt two_above "suppressed"

kernel wrong_rule 's|// SUPPRESS-RACE|// ksv-ignore[deadlock]: another rule|'
run wrong_rule wrong_rule.mlir
has wrong_rule "[race]"
hasnt wrong_rule "suppressed"

kernel both 's|// SUPPRESS-RACE|// ksv-ignore[race]: a|; s|// SUPPRESS-SYNC|// ksv-ignore[ invalid-sync , race ]: b|'
run both both.mlir
rc_is both 0 # suppressed errors do not fail the run
has both "both.mlir: k: clean -- 2 findings suppressed"
has both "0 errors, 0 warnings, 0 unknown, 2 suppressed"

kernel star 's|// SUPPRESS-RACE|// ksv-ignore[*]: every rule|'
run star star.mlir
has star "1 error, 0 warnings, 0 unknown, 1 suppressed"

kernel noreason 's|// SUPPRESS-RACE|// ksv-ignore[race]|'
run noreason noreason.mlir
rc_is noreason 1
has noreason "noreason.mlir:9:6: warning: ksv-ignore without a reason: not applied"
has noreason "[bad-suppression]"
has noreason "[race]"
has noreason "2 errors, 1 warning, 0 unknown"
run noreason_w --fail-on warning "$root/tests/suppress/two_rules.mlir" noreason.mlir
rc_is noreason_w 1

kernel typo 's|// SUPPRESS-RACE|// ksv-ignore[rac]: typo|'
run typo typo.mlir
has typo "ksv-ignore names an unknown rule 'rac'"
has typo "[race]"
kernel unsupp 's|// SUPPRESS-RACE|// ksv-ignore[unknown]: never|'
run unsupp unsupp.mlir
has unsupp "ksv-ignore names an unsuppressible rule 'unknown'"

# C++: a finding inside an inlined helper (44:5 in CopyOutTile, called
# at 65:9): a comment before it or at the call suppresses it
cpp="$root/corpus/asc_cce_vec/bug_store_offset.cpp"
run cpp_plain "$cpp"
has cpp_plain "bug_store_offset.cpp:65:9: note: in CopyOutTile, called from"
has cpp_plain "1 error, 0 warnings"
sed '44i\    // ksv-ignore[pipe-hazard]: the tiles are disjoint' "$cpp" >cpp_at.cpp
run cpp_at cpp_at.cpp
rc_is cpp_at 0
has cpp_at "0 errors, 0 warnings, 0 unknown, 1 suppressed"
sed '65i\        // ksv-ignore[pipe-hazard]: disjoint here' "$cpp" >cpp_call.cpp
run cpp_call cpp_call.cpp
rc_is cpp_call 0
has cpp_call "1 suppressed"
sed '64i\        // ksv-ignore[pipe-hazard]: not the call line' "$cpp" >cpp_far.cpp
sed -i '64a\        (void)0;' cpp_far.cpp # the call moves two lines below the comment
run cpp_far cpp_far.cpp
hasnt cpp_far "suppressed"

# ------------------------------------------------- --disable / --enable
run dis --disable race "$base"
rc_is dis 1
has dis "1 error, 0 warnings, 0 unknown, 1 suppressed"
run dis_show --disable=race --show-suppressed "$base"
has dis_show "(suppressed: rule race disabled by --disable race)"
run dis_two --disable race,invalid-sync "$base"
rc_is dis_two 0
run dis_en --disable '*' --enable invalid-sync "$base"
has dis_en "[invalid-sync]"
has dis_en "1 suppressed"
for bad in nosuch unknown bad-input ''; do
  run dis_bad --disable "$bad" "$base"
  rc_is dis_bad 2
  [ -s dis_bad.out ] && fail "--disable '$bad': a report was written"
done
grep -q "unknown rule 'nosuch'" dis_bad.err 2>/dev/null ||
  run dis_bad --disable nosuch "$base"
grep -q "unknown rule 'nosuch'" dis_bad.err || fail "--disable nosuch: no error naming it"

# ------------------------------------------------------------ list-rules
"$ksv" --list-rules >list.out || fail "ksv --list-rules exits $?"
n=$(wc -l <list.out)
ndef=$(grep -c '^REP_RULE(' "$root/reports/rep_rules.def")
[ "$n" = "$ndef" ] || fail "--list-rules: $n lines, rep_rules.def has $ndef rules"
grep -Eq '^race +error +Two conflicting .* https://[^ ]*/rules\.md#race$' list.out ||
  fail "--list-rules: no 'race error <line> <link>' line"
grep -Eq '^double-set +warning ' list.out || fail "--list-rules: double-set not a warning"
"$ksv" check --doc-url https://docs.example.org/ksv/ --list-rules >list2.out
grep -q '^race .*https://docs.example.org/ksv/rules.md#race$' list2.out ||
  fail "check --list-rules does not follow --doc-url"

# ---------------------------------------------------------------- config
mkdir -p proj/a/b/c && cp "$base" proj/a/b/c/k.mlir
printf '# the project config\ndisable: [invalid-sync]\n' >proj/.ksv.yaml
run nested proj/a/b/c/k.mlir
rc_is nested 1
has nested "1 error, 0 warnings, 0 unknown, 1 suppressed"
run nested_show --show-suppressed proj/a/b/c/k.mlir
has nested_show "(suppressed: rule invalid-sync disabled by $tmp/w/proj/.ksv.yaml:2)"
run nested_no --no-config proj/a/b/c/k.mlir
has nested_no "2 errors, 0 warnings, 0 unknown"
run nested_en --enable invalid-sync proj/a/b/c/k.mlir
has nested_en "2 errors, 0 warnings, 0 unknown"
# the nearest config only: no merging with the one above
printf 'severity:\n  race: warning\n' >proj/a/.ksv.yaml
run nearest proj/a/b/c/k.mlir
rc_is nearest 1
has nearest "1 error, 1 warning, 0 unknown"
hasnt nearest "suppressed"
# --config names one for every input
printf 'disable: "*"\n' >all.yaml
run named --config all.yaml proj/a/b/c/k.mlir
rc_is named 0
has named "2 suppressed"
run both_cfg --config all.yaml --no-config proj/a/b/c/k.mlir
rc_is both_cfg 2

# precedence: the file's options apply, the command line wins
printf 'severity: {race: warning, invalid-sync: warning}\nfail-on: warning\narch: a5\n' >proj/a/.ksv.yaml
run prec proj/a/b/c/k.mlir
rc_is prec 1 # fail-on: warning from the file
run prec_cli --fail-on error proj/a/b/c/k.mlir
rc_is prec_cli 0
run prec_arch --format json proj/a/b/c/k.mlir
grep -q '"arch": "a5"' prec_arch.out || fail "config arch: a5 not applied"
run prec_arch2 --format json --arch a2 proj/a/b/c/k.mlir
grep -q '"arch": "a2"' prec_arch2.out || fail "--arch a2 does not win over the config"
printf 'flag-model: bit\n' >fm.yaml
kernel dset 's|// SUPPRESS-RACE|hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID1>]\n  hivm.hir.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID1>]\n  hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID1>]\n  hivm.hir.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID1>]|'
run fm_count --no-config dset.mlir
run fm_bit --config fm.yaml dset.mlir
run fm_cli --config fm.yaml --flag-model count dset.mlir
grep -q "error: .*\[double-set\]" fm_bit.out || fail "config flag-model: bit not applied"
grep -q "warning: .*\[double-set\]" fm_cli.out || fail "--flag-model count does not win"

# malformed configs: located errors, exit 2, no report
badcfg() { # badcfg NAME TEXT EXPECTED-PREFIX
  printf '%b' "$2" >"$1.yaml"
  run "$1" --config "$1.yaml" "$base"
  rc_is "$1" 2
  [ -s "$1.out" ] && fail "$1: a report was written"
  grep -q "^$3" "$1.err" || fail "$1: stderr '$(head -1 "$1.err")', want '$3...'"
}
badcfg cfg_key 'disable: [race]\narchh: a5\n' '\(.*/\)\?cfg_key.yaml:2:1: error: unknown key'
badcfg cfg_val 'arch: a7\n' '\(.*/\)\?cfg_val.yaml:1:7: error: arch expects a2 or a5'
badcfg cfg_rule 'disable: [race, raec]\n' '\(.*/\)\?cfg_rule.yaml:1:17: error: disable: unknown rule'
badcfg cfg_yaml 'disable: [race\n' '\(.*/\)\?cfg_yaml.yaml:2:1: error: '
badcfg cfg_top '- race\n' '\(.*/\)\?cfg_top.yaml:1:1: error: the config is a mapping'
badcfg cfg_num 'trip-bound: 100\n' '\(.*/\)\?cfg_num.yaml:1:13: error: trip-bound expects an integer 1..64'
run cfg_missing --config nonexistent.yaml "$base"
rc_is cfg_missing 2
grep -q '^nonexistent.yaml:1:1: error: cannot read config' cfg_missing.err ||
  fail "a missing --config file: no located error"
mkdir -p badproj && printf 'engine: fast\n' >badproj/.ksv.yaml && cp "$base" badproj/k.mlir
run found_bad badproj/k.mlir
rc_is found_bad 2
grep -q "badproj/.ksv.yaml:1:9: error: engine expects auto, graph or smt" found_bad.err ||
  fail "a bad discovered config: $(head -1 found_bad.err)"
printf '' >badproj/.ksv.yaml
run empty_cfg badproj/k.mlir
rc_is empty_cfg 1 # an empty config configures nothing

# ------------------------------------------------------ report formats
run plainjson --format json "$base"
python3 "$root/tests/validate_json.py" plainjson.out || fail "the plain JSON does not validate"
run json --format json --disable invalid-sync before.mlir
python3 "$root/tests/validate_json.py" json.out || fail "the JSON with suppressions does not validate"
python3 - json.out <<'PY' || fail "JSON suppression fields"
import json, sys
doc = json.load(open(sys.argv[1]))
ds = doc['files'][0]['diagnostics']
by = {d['rule']: d for d in ds}
r, s = by['race'], by['invalid-sync']
assert r['suppressed'] and r['suppression'] == {
    'kind': 'inSource', 'justification': 'the load is waited for by the caller',
    'line': 9}, r.get('suppression')
assert s['suppressed'] and s['suppression']['kind'] == 'external', s
assert 'disabled by --disable invalid-sync' in s['suppression']['justification']
assert doc['summary']['suppressed'] == 2 and doc['summary']['errors'] == 0, doc['summary']
assert doc['files'][0]['units'][0]['verdict'] == 'clean'
run_plain = json.load(open('plainjson.out'))
assert all(d['suppressed'] is False for f in run_plain['files'] for d in f['diagnostics'])
PY
rc_is json 0 # every finding suppressed

run sarif --format sarif --disable invalid-sync before.mlir
rc_is sarif 0
python3 - sarif.out <<'PY' || fail "SARIF suppressions"
import json, sys
doc = json.load(open(sys.argv[1]))
res = {r['ruleId']: r for r in doc['runs'][0]['results']}
assert res['race']['suppressions'] == [{
    'kind': 'inSource', 'status': 'accepted',
    'justification': 'the load is waited for by the caller'}], res['race']
s = res['invalid-sync']['suppressions']
assert len(s) == 1 and s[0]['kind'] == 'external' and s[0]['status'] == 'accepted'
assert 'disabled by --disable invalid-sync' in s[0]['justification']
rules = [r['id'] for r in doc['runs'][0]['tool']['driver']['rules']]
assert 'bad-suppression' in rules
PY
run sarif_plain --format sarif "$base"
grep -q '"suppressions"' sarif_plain.out && fail "SARIF: suppressions on a finding nobody suppressed"

run junit --format junit before.mlir
rc_is junit 1
python3 - junit.out <<'PY' || fail "JUnit: a suppressed finding is a skipped testcase"
import sys, xml.etree.ElementTree as ET
cases = ET.parse(sys.argv[1]).getroot().iter('testcase')
race = [c for c in cases if c.get('name', '').startswith('race ')]
assert len(race) == 1, [c.get('name') for c in race]
sk = race[0].find('skipped')
assert sk is not None and 'suppressed: the load is waited for' in sk.get('message', ''), ET.tostring(race[0])
assert race[0].find('failure') is None
PY

run html --format html before.mlir
grep -q 'suppressed: the load is waited for by the caller' html.out ||
  fail "HTML: the suppressed finding is not marked"

[ $fails = 0 ] && echo "suppress: ok"
[ $fails = 0 ]
