#!/usr/bin/env bash
# junit_test.sh KSV XSD_VALIDATE SRCROOT -- the JUnit report of the whole
# corpus (plus an unreadable and a garbage file) validates against the Ant
# JUnit schema (tests/schemas/JUnit.xsd, carried in the repo under its
# licence: tests/schemas/README.md; libxml2's validator) extended
# by the testcase `file`/`line` attributes and testcase <system-out>
# (tests/junit_xsd_ext.py), and without those against the Ant schema
# itself; its structure is what CI readers key on: one testsuite per file,
# classname, file and line on every testcase, unique names, a finding's
# testcase named "<rule> <kernel> <fingerprint>" (the JSON report's), a
# warning's passing with its text in its <system-out>, at most one
# failure/error per testcase, counts that add up; every testcase has its
# own time, its share of its kernel's analysis (the testcases of one
# kernel share it evenly), and a suite's testcases take no more than the
# suite.  And the names are stable: the same findings with every line
# shifted, the kernels of a file and the files of the run in another
# order, give the same testcase names.  Runs on a fresh clone: nothing
# outside the repository is read.  Under ASan: every 3rd corpus file.
set -u
ksv=${1:?usage: junit_test.sh KSV XSD_VALIDATE SRCROOT}
validate=${2:?}
root=${3:?}
abspath() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
ksv=$(abspath "$ksv")
validate=$(abspath "$validate")
schema="$root/tests/schemas/JUnit.xsd"
if [ ! -f "$schema" ]; then
  echo "FAIL: $schema not found (it is part of the repository)"
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root" || exit 1
printf 'func.func @k\377\001() {\n  return\n}\n' >"$tmp/garbage.mlir"
files=(corpus/*/*.mlir corpus/*/*.cpp)
# under ASan every 3rd corpus file (twice the whole corpus takes minutes
# there, and the corpus test puts every file through the same checks)
if grep -q __asan_init "$ksv" 2>/dev/null; then
  all=("${files[@]}") files=()
  for i in "${!all[@]}"; do [ $((i % 3)) = 0 ] && files+=("${all[$i]}"); done
fi
files+=("$tmp/garbage.mlir" "$tmp/missing.mlir")
"$ksv" check --format junit -j 2 -o "$tmp/report.xml" "${files[@]}"
rc=$?
if [ "$rc" -gt 3 ]; then
  echo "FAIL: ksv exited $rc"
  exit 1
fi
"$ksv" check --format json -j 2 -o "$tmp/report.json" "${files[@]}"
python3 "$root/tests/junit_xsd_ext.py" "$schema" "$tmp/ksv-junit.xsd" \
  "$tmp/report.xml" "$tmp/stripped.xml" || { echo "FAIL: junit_xsd_ext.py"; exit 1; }
"$validate" "$tmp/ksv-junit.xsd" "$tmp/report.xml" ||
  { echo "FAIL: the report does not fit the extended schema"; exit 1; }
"$validate" "$schema" "$tmp/stripped.xml" ||
  { echo "FAIL: the report without file/line/testcase system-out does not fit the Ant schema"; exit 1; }
python3 - "$tmp/report.xml" "${#files[@]}" "$tmp/report.json" <<'PY' || exit 1
import json, re, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
nfiles = int(sys.argv[2])
bad = []
# the findings of the JSON report, by (file, kernel, fingerprint)
findings = {}
for f in json.load(open(sys.argv[3]))['files']:
    for d in f['diagnostics']:
        if d['rule'] not in ('unknown', 'bad-input', 'unsupported-op', 'explain'):
            findings[(f['path'], d['unit'], d['fingerprint'])] = d
named = set()
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
        if not c.get('file'):
            bad.append('%s: %s: no file attribute' % (s.get('name'), key))
        if c.get('line') is not None and not re.fullmatch('[1-9][0-9]*', c.get('line')):
            bad.append('%s: %s: line %r' % (s.get('name'), key, c.get('line')))
        if c.get('line') is None and not s.get('name').endswith('missing.mlir'):
            bad.append('%s: %s: no line attribute' % (s.get('name'), key))
        m = re.fullmatch(r'(\S+) (\S+) ([0-9a-f]{16})', key[1])
        if m:
            d = findings.get((s.get('name'), m.group(2), m.group(3)))
            if not d or d['rule'] != m.group(1) or not key[0].endswith('.' + m.group(2)):
                bad.append('%s: %s names no finding of the JSON report' % (s.get('name'), key))
            elif c.get('line') != str(d['line']):
                bad.append('%s: %s: line %s, the finding is at %s' % (s.get('name'), key, c.get('line'), d['line']))
            else:
                named.add((s.get('name'), m.group(2), m.group(3)))
                warn = d['severity'] != 'error'
                out = ''.join(e.text or '' for e in c.findall('system-out'))
                if warn and (c.find('failure') is not None or ': warning: ' not in out):
                    bad.append('%s: %s: a warning, not passing with its text' % (s.get('name'), key))
                if not warn and c.find('failure') is None:
                    bad.append('%s: %s: an error that does not fail' % (s.get('name'), key))
        elif any(e.tag == 'failure' for e in c) or re.search(' #[0-9]', key[1]):
            bad.append('%s: %s: a finding not named by its fingerprint' % (s.get('name'), key))
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
miss = set(findings) - named
if miss:
    bad.append('%d findings of the JSON report have no testcase, e.g. %s' % (len(miss), sorted(miss)[0]))
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

# stable names.  Run 1: k.mlir holds vec_add_db/ok.mlir with two waits
# deleted (bugs A and B: races, pipe hazards, unpaired sets) and a kernel
# with double-set warnings; l.mlir a kernel with several findings per
# rule.  Run 2: bug A fixed (its findings, which came first, are gone),
# the kernels of k.mlir in the other order, blank and comment lines
# shifting every line, and the files given the other way round.  Every
# testcase of run 2 has run 1's name for the same finding (numbering
# findings in line order would rename B's).
st="$tmp/stable"
mkdir -p "$st/1" "$st/2"
grep -v 'wait_flag\[<PIPE_V>, <PIPE_MTE3>' corpus/vec_add_db/ok.mlir >"$st/b.mlir"
grep -v 'wait_flag\[<PIPE_MTE2>, <PIPE_V>' "$st/b.mlir" >"$st/ab.mlir"
warn=corpus/counted_flags/bug_lost_wait.mlir
{ cat "$st/ab.mlir"; echo '// -----'; cat "$warn"; } >"$st/1/k.mlir"
cp corpus/cube_matmul/bug_event_id9.mlir "$st/1/l.mlir"
shift_lines() { printf '// shifted\n\n'; sed -e '/hivm.hir/i\
' "$@"; }
{ shift_lines "$warn"; echo '// -----'; shift_lines "$st/b.mlir"; } >"$st/2/k.mlir"
shift_lines corpus/cube_matmul/bug_event_id9.mlir >"$st/2/l.mlir"
(cd "$st/1" && "$ksv" check --format junit -o ../1.xml k.mlir l.mlir)
(cd "$st/2" && "$ksv" check --format junit -o ../2.xml l.mlir k.mlir)
python3 - "$st/1.xml" "$st/2.xml" <<'PY' || exit 1
import re, sys, xml.etree.ElementTree as ET
def cases(fn):
    r = {}
    for s in ET.parse(fn).getroot().iter('testsuite'):
        for c in s.findall('testcase'):
            res = [e for e in c if e.tag != 'system-out']
            # what the finding says, its line numbers masked
            msg = res[0].get('message', '') if res else \
                ''.join(e.text or '' for e in c.findall('system-out'))
            msg = re.sub(r'[0-9]+', 'N', msg.split(': ', 1)[-1].split('\n')[0])
            r[(s.get('name'), c.get('classname'), c.get('name'))] = \
                ([e.tag for e in res], msg, c.get('line'))
    return r
a, b = cases(sys.argv[1]), cases(sys.argv[2])
bad = []
gone = sorted(set(b) - set(a))
if gone:
    bad.append('names of run 2 not in run 1: %s' % gone[:3])
same = [k for k in b if k in a]
for k in same:
    if a[k][:2] != b[k][:2]:
        bad.append('%s: run 1 %s, run 2 %s' % (k[2], a[k][:2], b[k][:2]))
fails = [k for k in b if b[k][0] == ['failure']]
warns = [k for k in b if ' ' in k[2] and not b[k][0]]
fixed = [k for k in a if k not in b and a[k][0] == ['failure']]
if len(fails) < 10 or len(warns) < 3 or len(fixed) < 3:
    bad.append('the stability test has %d failures, %d warnings, %d fixed' %
               (len(fails), len(warns), len(fixed)))
if not all(a[k][2] != b[k][2] for k in fails if k in a):
    bad.append('the lines did not shift: the test tests nothing')
for x in bad[:10]:
    print('FAIL:', x)
print('stable names: %d testcases, %d failures, %d warnings; %d fixed in run 2' %
      (len(b), len(fails), len(warns), len(fixed)))
sys.exit(1 if bad else 0)
PY
# SOURCE_DATE_EPOCH pins the timestamp (a reproducible report: jobs_test.sh
# compares the text and JSON reports across -j)
stamp=$(SOURCE_DATE_EPOCH=86400 "$ksv" check --format junit corpus/vec_add_db/ok.mlir |
  grep -o 'timestamp="[^"]*"' | sort -u)
if [ "$stamp" != 'timestamp="1970-01-02T00:00:00"' ]; then
  echo "FAIL: SOURCE_DATE_EPOCH=86400 gives $stamp"
  exit 1
fi
echo "PASS: JUnit report of ${#files[@]} files validates; names are stable"
