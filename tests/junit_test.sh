#!/usr/bin/env bash
# junit_test.sh KSV XSD_VALIDATE SRCROOT -- the JUnit report of the whole
# corpus (plus an unreadable and a garbage file) validates against the Ant
# JUnit schema (../shared/schemas/JUnit.xsd, libxml2's validator), and its
# structure is what CI readers key on: one testsuite per file, classname
# on every testcase, unique names, at most one failure/error per testcase,
# counts that add up; every testcase has its own time, its share of its
# kernel's analysis (the testcases of one kernel share it evenly), and a
# suite's testcases take no more than the suite.  Skips (77) without
# ../shared.
set -u
ksv=${1:?usage: junit_test.sh KSV XSD_VALIDATE SRCROOT}
validate=${2:?}
root=${3:?}
abspath() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
ksv=$(abspath "$ksv")
validate=$(abspath "$validate")
schema="$root/../shared/schemas/JUnit.xsd"
if [ ! -f "$schema" ]; then
  echo "SKIP: $schema not found"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root" || exit 1
printf 'func.func @k\377\001() {\n  return\n}\n' >"$tmp/garbage.mlir"
files=(corpus/*/*.mlir corpus/*/*.cpp "$tmp/garbage.mlir" "$tmp/missing.mlir")
"$ksv" check --format junit -j 2 -o "$tmp/report.xml" "${files[@]}"
rc=$?
if [ "$rc" -gt 3 ]; then
  echo "FAIL: ksv exited $rc"
  exit 1
fi
"$validate" "$schema" "$tmp/report.xml" || { echo "FAIL: schema"; exit 1; }
python3 - "$tmp/report.xml" "${#files[@]}" <<'PY' || exit 1
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
nfiles = int(sys.argv[2])
bad = []
suites = root.findall('testsuite')
if len(suites) != nfiles:
    bad.append('%d testsuites for %d files' % (len(suites), nfiles))
kinds = {'failure': 0, 'error': 0, 'skipped': 0}
ntimed = ncases = 0
for s in suites:
    seen = set()
    per_kernel = {}
    total = 0.0
    cnt = {'failure': 0, 'error': 0, 'skipped': 0}
    cases = s.findall('testcase')
    for c in cases:
        key = (c.get('classname'), c.get('name'))
        if not key[0]:
            bad.append('%s: testcase without classname' % s.get('name'))
        if key in seen:
            bad.append('%s: duplicate testcase %s' % (s.get('name'), key))
        seen.add(key)
        try:
            t = float(c.get('time'))
        except (TypeError, ValueError):
            t = -1
        if not t >= 0:
            bad.append('%s: %s: time %r' % (s.get('name'), key, c.get('time')))
            t = 0
        total += t
        ncases += 1
        ntimed += t > 0
        per_kernel.setdefault(key[0], []).append((t, [e.tag for e in c]))
        sub = [e for e in c if e.tag in cnt]
        if len(sub) > 1:
            bad.append('%s: %s has %d results' % (s.get('name'), key, len(sub)))
        for e in sub:
            cnt[e.tag] += 1
            if e.tag != 'skipped' and (not e.get('message') or not (e.text or '').strip()):
                bad.append('%s: %s: message missing from attribute or body' % (s.get('name'), key))
    for k, attr in (('failure', 'failures'), ('error', 'errors'), ('skipped', 'skipped')):
        if int(s.get(attr)) != cnt[k]:
            bad.append('%s: %s=%s but %d' % (s.get('name'), attr, s.get(attr), cnt[k]))
        kinds[k] += cnt[k]
    if int(s.get('tests')) != len(cases):
        bad.append('%s: tests=%s but %d testcases' % (s.get('name'), s.get('tests'), len(cases)))
    # the suite's time is the whole file's; its testcases share no more
    if total > float(s.get('time')) + 0.001 + 1e-6 * len(cases):
        bad.append('%s: testcases take %.6f s, the suite %s s' % (s.get('name'), total, s.get('time')))
    for cls, ts in per_kernel.items():
        # a kernel that was checked (a failure or a pass) took time, shared
        # evenly by its testcases
        checked = any(not tags or 'failure' in tags for _, tags in ts)
        if checked and not all(t > 0 for t, _ in ts):
            bad.append('%s: %s: a testcase of a checked kernel has no time' % (s.get('name'), cls))
        if checked and max(t for t, _ in ts) - min(t for t, _ in ts) > 2e-6:
            bad.append('%s: %s: its testcases do not share its time evenly' % (s.get('name'), cls))
# a lone half (corpus/lone_aiv/ok.mlir): its cross-core rules are skipped
# testcases saying so, its verdict in system-out is its own
for s in suites:
    if not s.get('name', '').endswith('lone_aiv/ok.mlir'):
        continue
    xc = [c for c in s.findall('testcase') if c.get('name') == 'xcore-race']
    sk = [e for c in xc for e in c if e.tag == 'skipped']
    if len(xc) != 1 or len(sk) != 1 or 'cross-core not checked' not in (sk[0].get('message') or ''):
        bad.append('lone_aiv/ok.mlir: xcore-race is not a skipped testcase that says why')
    out = ''.join(e.text or '' for e in s.findall('system-out'))
    if 'epi_mix_aiv: clean (cross-core not checked) -- a lone half' not in out:
        bad.append('lone_aiv/ok.mlir: system-out lacks its verdict')
    break
else:
    bad.append('no testsuite for corpus/lone_aiv/ok.mlir')
# the corpus has findings, undecided-free kernels and the two bad files
if not kinds['failure']:
    bad.append('no failure in the whole corpus')
if kinds['error'] < 2:
    bad.append('the unreadable and the garbage file are not errors')
if ntimed * 10 < ncases * 9:
    bad.append('only %d of %d testcases have a time' % (ntimed, ncases))
for b in bad[:20]:
    print('FAIL:', b)
print('%d testsuites, %d failures, %d errors, %d skipped, %d of %d testcases timed' %
      (len(suites), kinds['failure'], kinds['error'], kinds['skipped'], ntimed, ncases))
sys.exit(1 if bad else 0)
PY
echo "PASS: JUnit report of ${#files[@]} files validates"
