#!/usr/bin/env bash
# json_schema_test.sh KSV SRCROOT -- the JSON report validates against
# docs/report.schema.json (python3-jsonschema, tests/validate_json.py):
# every corpus file on both engines (plus an unreadable and a garbage
# file), the optional fields (--fix, --replay, --explain, --baseline, C++
# headers' file/inlined_from, SMT schedules) each present somewhere; and
# the schema is strict: a misspelled, an unknown or a missing field, or a
# wrong format_version, fails it; with KSV_TEST_LOC (meson sets it) the
# report tests/test_loc.c renders validates too.  Skips (77) without
# python3-jsonschema.
set -u
ksv=${1:?usage: json_schema_test.sh KSV SRCROOT}
root=${2:?}
abspath() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
ksv=$(abspath "$ksv")
validate="$root/tests/validate_json.py"
python3 -c 'import jsonschema' 2>/dev/null || {
  echo "SKIP: python3-jsonschema not installed"
  exit 77
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root" || exit 1
fail=0
bad() { echo "FAIL: $*"; fail=1; }
printf 'func.func @k\377\001() {\n  return\n}\n' >"$tmp/garbage.mlir"
files=(corpus/*/*.mlir corpus/*/*.cpp "$tmp/garbage.mlir" "$tmp/missing.mlir")

# report NAME ARGS...: ksv check --format json ARGS into NAME.json
report() {
  local name=$1
  shift
  "$ksv" check --format json -o "$tmp/$name.json" "$@" 2>/dev/null
  local rc=$?
  [ "$rc" -le 3 ] || bad "$name: ksv exited $rc"
}
report graph --engine graph -j 2 "${files[@]}"
# (the SMT engine's redundant-sync search adds a minute and no field: its
# findings have the graph engine's shape, which the first report covers)
report smt --engine smt --no-redundant -j 2 "${files[@]}"
report extras --fix --replay --sim-runs 2 --explain \
  corpus/vec_add_db/*.mlir corpus/asc_tque_double/*.cpp
report baseline --baseline "$tmp/extras.json" corpus/vec_add_db/*.mlir
python3 "$validate" "$tmp"/{graph,smt,extras,baseline}.json ||
  bad "a report does not validate"
# and the report tests/test_loc.c renders of a C++ kernel with a finding
# in a header (file, inlined_from), when meson gives its path
if [ -n "${KSV_TEST_LOC:-}" ]; then
  KSV_LOC_JSON="$tmp/loc.json" "$KSV_TEST_LOC" --jobs 1 \
    --filter 'loc/a_header_finding_in_every_report' >/dev/null 2>&1
  if [ ! -s "$tmp/loc.json" ]; then
    bad "test_loc wrote no JSON report"
  else
    python3 "$validate" "$tmp/loc.json" || bad "test_loc's JSON report does not validate"
  fi
fi

# every optional field the schema declares occurs in one of the reports,
# so that validation covered it
python3 - "$tmp" <<'PY' || fail=1
import json, sys
seen = set()
def walk(o, path):
    if isinstance(o, dict):
        for k, v in o.items():
            seen.add(path + '.' + k)
            walk(v, path + '.' + k)
    elif isinstance(o, list):
        for x in o:
            walk(x, path + '[]')
for n in ('graph', 'smt', 'extras', 'baseline'):
    walk(json.load(open('%s/%s.json' % (sys.argv[1], n))), '')
d = '.files[].diagnostics[]'
want = ['.format_version', '.summary.baselined', '.files[].units[].note',
        '.files[].units[].simulator', d + '.witness', d + '.fix',
        d + '.fix.confirmation', d + '.fixed_by', d + '.fingerprint',
        d + '.inlined_from', d + '.related[].inlined_from',
        d + '.witness_steps[].start', d + '.witness_steps[].inlined_from',
        d + '.unit_index']
miss = [w for w in want if w not in seen]
for m in miss:
    print('FAIL: no report carries %s' % m)
sys.exit(1 if miss else 0)
PY

# strictness: each mutation of a valid report must be rejected
python3 - "$tmp/extras.json" "$tmp" <<'PY' || fail=1
import copy, json, sys
doc = json.load(open(sys.argv[1]))
d0 = next(d for f in doc['files'] for d in f['diagnostics'] if d['witness_steps'])
def mut(name, fn):
    m = copy.deepcopy(doc)
    fn(m)
    json.dump(m, open('%s/mut_%s.json' % (sys.argv[2], name), 'w'))
def diag(m):
    return next(d for f in m['files'] for d in f['diagnostics'] if d['witness_steps'])
mut('misspelled', lambda m: diag(m).__setitem__('colum', diag(m).pop('column')))
mut('missing', lambda m: diag(m).pop('severity'))
mut('unknown_top', lambda m: m.__setitem__('extra', 1))
mut('unknown_step', lambda m: diag(m)['witness_steps'][0].__setitem__('cycle', 3))
mut('unknown_unit', lambda m: m['files'][0]['units'][0].__setitem__('verdit', 'clean'))
mut('version', lambda m: m.__setitem__('format_version', '0.9'))
mut('no_version', lambda m: m.pop('format_version'))
mut('rule', lambda m: diag(m).__setitem__('rule', 'races'))
mut('fingerprint', lambda m: diag(m).__setitem__('fingerprint', 'xyz'))
PY
for m in "$tmp"/mut_*.json; do
  if python3 "$validate" "$m" >/dev/null; then
    bad "the schema accepts $(basename "$m" .json)"
  fi
done
[ "$fail" = 0 ] && echo "PASS: JSON reports of ${#files[@]} files on both engines validate; the schema is strict"
exit "$fail"
