#!/usr/bin/env bash
# sarif_test.sh MODE KSV SRCROOT [CACHE] -- the SARIF report of the whole
# corpus (plus an unreadable and a garbage file).
#   structural: checks with python3 what SARIF 2.1.0 requires and what ksv
#     promises (rule catalogue, locations, code flows in witness order
#     with each step's role and one essential step,
#     unique stable fingerprints); always runs.
#   multitool: validates it with Microsoft's SARIF Multitool
#     (../shared/schemas/README.md): $KSV_SARIF_MULTITOOL, or npm-installed
#     into CACHE; skips (77) when node/npm or the tool is unavailable.
set -u
mode=${1:?usage: sarif_test.sh structural|multitool KSV SRCROOT [CACHE]}
ksv=${2:?}
root=${3:?}
cache=${4:-}
abspath() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
ksv=$(abspath "$ksv")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tool=()
if [ "$mode" = multitool ]; then
  if [ -n "${KSV_SARIF_MULTITOOL:-}" ]; then
    tool=("$KSV_SARIF_MULTITOOL")
  else
    if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
      echo "SKIP: node/npm not installed"
      exit 77
    fi
    cache=${cache:-$tmp/npm}
    bin="$cache/node_modules/.bin/sarif-multitool"
    if [ ! -x "$bin" ]; then
      mkdir -p "$cache"
      if ! timeout 600 npm install --prefix "$cache" --no-audit --no-fund \
          @microsoft/sarif-multitool@5.7.0 >"$tmp/npm.log" 2>&1; then
        tail -5 "$tmp/npm.log"
        echo "SKIP: cannot install @microsoft/sarif-multitool"
        exit 77
      fi
    fi
    tool=("$bin")
  fi
  if ! "${tool[@]}" --help >/dev/null 2>&1; then
    echo "SKIP: the SARIF Multitool does not run here"
    exit 77
  fi
fi

cd "$root" || exit 1
printf 'func.func @k\377\001() {\n  return\n}\n' >"$tmp/garbage.mlir"
files=(corpus/*/*.mlir corpus/*/*.cpp "$tmp/garbage.mlir" "$tmp/missing.mlir")
"$ksv" check --format sarif -j 2 -o "$tmp/report.sarif" "${files[@]}"
rc=$?
if [ "$rc" -gt 3 ]; then
  echo "FAIL: ksv exited $rc"
  exit 1
fi

if [ "$mode" = multitool ]; then
  # and a report whose results carry fixes (check --fix): the concrete
  # families, where fixes are quick
  "$ksv" check --fix --format sarif -j 2 -o "$tmp/fixes.sarif" \
    corpus/vec_add_db/bug*.mlir corpus/cube_matmul/bug*.mlir
  if ! grep -q '"artifactChanges"' "$tmp/fixes.sarif"; then
    echo "FAIL: check --fix wrote no SARIF fix"
    exit 1
  fi
  "${tool[@]}" validate "$tmp/fixes.sarif" -o "$tmp/validation-fixes.sarif" \
    >"$tmp/validate-fixes.log" 2>&1
  "${tool[@]}" validate "$tmp/report.sarif" -o "$tmp/validation.sarif" \
    >"$tmp/validate.log" 2>&1
  # and a C++ kernel's report: a finding in a header with its inlining
  # chain (header artifact, stacks, analysisTarget), written by test_loc
  more=()
  if [ -n "${KSV_TEST_LOC:-}" ]; then
    KSV_LOC_SARIF="$tmp/loc.sarif" "$KSV_TEST_LOC" --jobs 1 \
      --filter 'loc/a_header_finding_in_every_report' >/dev/null 2>&1
    if [ ! -s "$tmp/loc.sarif" ]; then
      echo "FAIL: test_loc wrote no SARIF report"
      exit 1
    fi
    "${tool[@]}" validate "$tmp/loc.sarif" -o "$tmp/validation-loc.sarif" \
      >"$tmp/validate-loc.log" 2>&1
    more=("$tmp/validation-loc.sarif")
  fi
  # exit code 0 either way: the violations are the results
  python3 - "$tmp/validation.sarif" "$tmp/validation-fixes.sarif" \
      "${more[@]}" <<'PY' || { cat "$tmp/validate.log" "$tmp/validate-fixes.log" | head -40; exit 1; }
import json, sys
res = []
for fn in sys.argv[1:]:
    runs = json.load(open(fn))['runs']
    res += [r for run in runs for r in run.get('results', [])]
for r in res[:20]:
    print('FAIL: %s: %s' % (r.get('ruleId'), r.get('message', {}).get('text', r.get('message'))))
print('%d violations' % len(res))
sys.exit(1 if res else 0)
PY
  echo "PASS: the Multitool finds no violation"
  exit 0
fi

# --doc-url: the rules' helpUri point into that docs directory
"$ksv" check --format sarif --doc-url https://docs.example.org/ksv \
  -o "$tmp/docurl.sarif" corpus/vec_add_db/ok.mlir

python3 - "$tmp/report.sarif" "${#files[@]}" "$root/docs/rules.md" \
    "$tmp/docurl.sarif" <<'PY' || exit 1
import json, re, sys
doc = json.load(open(sys.argv[1]))
nfiles = int(sys.argv[2])
bad = []
def need(cond, what):
    if not cond:
        bad.append(what)
    return cond
need(doc.get('version') == '2.1.0', 'version is not 2.1.0')
need('$schema' in doc, '$schema missing')
runs = doc.get('runs')
need(isinstance(runs, list) and len(runs) == 1, 'one run expected')
run = runs[0]
drv = run['tool']['driver']
need(drv.get('name') == 'ksv' and drv.get('version'), 'tool.driver name/version')
rules = drv.get('rules', [])
ids = [r.get('id') for r in rules]
need(len(set(ids)) == len(ids), 'rule ids not unique')
for want in ['race', 'pipe-hazard', 'xcore-race', 'deadlock', 'double-set',
             'unpaired-set', 'flag-overflow', 'invalid-sync', 'redundant-wait',
             'redundant-barrier', 'unknown', 'bad-input']:
    need(want in ids, 'rule %s missing from the catalogue' % want)
for r in rules:
    rid = r.get('id')
    need(r.get('name') and r['name'].lower() != rid.lower(), '%s: name' % rid)
    for k in ('shortDescription', 'fullDescription', 'help'):
        need(r.get(k, {}).get('text'), '%s: %s.text' % (rid, k))
    need(r.get('defaultConfiguration', {}).get('level') in ('error', 'warning', 'note'),
         '%s: defaultConfiguration.level' % rid)
need(r'Fix' in rules[0]['help']['text'], 'help carries no fix pattern')
# helpUri: the published docs by default, each at a heading of
# docs/rules.md (GitHub/GitCode anchors: lower case, punctuation dropped,
# spaces as dashes); --doc-url replaces the base
def slug(h):
    return re.sub(r'[^a-z0-9 _-]', '', h.strip().lower()).replace(' ', '-')
anchors = {slug(l.lstrip('#')) for l in open(sys.argv[3]) if l.startswith('#')}
base = 'https://gitcode.com/ksv/ksv/blob/main/docs/rules.md#'
for r in rules:
    u = r.get('helpUri', '')
    need(u.startswith(base) and u[len(base):] in anchors,
         '%s: helpUri %s is not a heading of docs/rules.md' % (r.get('id'), u))
    need(u in r['help']['text'] and u in r['help']['markdown'],
         '%s: help does not link %s' % (r.get('id'), u))
need(not drv.get('informationUri', '').startswith('file:'), 'informationUri is a local path')
other = json.load(open(sys.argv[4]))['runs'][0]['tool']['driver']['rules']
need([r['helpUri'] for r in other] ==
     [r['helpUri'].replace(base, 'https://docs.example.org/ksv/rules.md#') for r in rules],
     '--doc-url does not set helpUri: %r' % [r['helpUri'] for r in other][:2])
need(all(i.get('executionSuccessful') is not None for i in run.get('invocations', [{}])),
     'invocations[].executionSuccessful')
arts = run.get('artifacts', [])
need(len(arts) == nfiles, '%d artifacts for %d files' % (len(arts), nfiles))
results = run.get('results', [])
need(results, 'no results on the corpus')
def check_loc(l, where):
    pl = l.get('physicalLocation', {})
    al = pl.get('artifactLocation', {})
    reg = pl.get('region', {})
    need(al.get('uri'), where + ': uri')
    if 'index' in al:
        need(0 <= al['index'] < len(arts) and arts[al['index']]['location']['uri'] == al['uri'],
             where + ': artifact index/uri mismatch')
    need(reg.get('startLine', 0) >= 1 and reg.get('startColumn', 0) >= 1, where + ': region')
fps = set()
flows = 0
roles = {'access', 'earlier-access', 'blocked-wait', 'sync', 'previous-set',
         'ordering-sync', 'site'}
for n, r in enumerate(results):
    w = 'results[%d]' % n
    rid = r.get('ruleId')
    if not need(rid in ids, w + ': ruleId %s not in the catalogue' % rid):
        continue
    need(r.get('ruleIndex') == ids.index(rid), w + ': ruleIndex')
    need(r.get('level') in ('error', 'warning', 'note'), w + ': level')
    need(r.get('message', {}).get('text'), w + ': message.text')
    locs = r.get('locations', [])
    if need(len(locs) == 1, w + ': one location'):
        check_loc(locs[0], w + '.locations[0]')
    rel_ids = set()
    for k, l in enumerate(r.get('relatedLocations', [])):
        check_loc(l, w + '.relatedLocations[%d]' % k)
        need(l.get('message', {}).get('text'), w + ': related message')
        need(l.get('id') not in rel_ids, w + ': related id unique')
        rel_ids.add(l.get('id'))
    fp = r.get('partialFingerprints', {}).get('ksv/v1', '')
    need(re.fullmatch('[0-9a-f]{16}', fp), w + ': partialFingerprints["ksv/v1"]')
    need(fp not in fps, w + ': fingerprint %s not unique' % fp)
    fps.add(fp)
    if r.get('properties', {}).get('witness'):
        need(r.get('codeFlows'), w + ': a witness but no codeFlow')
    for cf in r.get('codeFlows', []):
        flows += 1
        tfs = cf.get('threadFlows', [])
        need(tfs, w + ': codeFlow without threadFlows')
        tids = [t.get('id') for t in tfs]
        need(len(set(tids)) == len(tids), w + ': threadFlow ids not unique')
        order = []
        essential = 0
        for t in tfs:
            need(t.get('locations'), w + ': empty threadFlow')
            for tl in t.get('locations', []):
                order.append(tl.get('executionOrder'))
                check_loc(tl.get('location', {}), w + ': threadFlow location')
                # every step says its part in the checker's witness
                need(tl.get('properties', {}).get('role') in roles,
                     w + ': step role %r' % tl.get('properties', {}).get('role'))
                essential += tl.get('importance') == 'essential'
        need(essential == 1, w + ': %d essential steps (the finding itself is one)' % essential)
        need(sorted(order) == list(range(1, len(order) + 1)), w + ': executionOrder')
        # thread flows come in the order the witness first reaches them
        firsts = [min(tl['executionOrder'] for tl in t['locations']) for t in tfs]
        need(firsts == sorted(firsts), w + ': threadFlows not in witness order')
need(flows, 'no codeFlow in the whole corpus')
# cross-core races name two cores
xr = [r for r in results if r.get('ruleId') == 'xcore-race']
need(any(len({t['id'].split()[0] for t in cf['threadFlows']}) >= 2
         for r in xr for cf in r.get('codeFlows', [])),
     'no xcore-race has threadFlows on two cores')
# a lone half: a verdict of its own, and crossCoreChecked false
kern = run.get('properties', {}).get('kernels', [])
lone = [u for u in kern if u.get('kernel') == 'epi_mix_aiv' and
        u.get('file', '').endswith('lone_aiv/ok.mlir')]
need(len(lone) == 1 and lone[0].get('verdict') == 'clean (cross-core not checked)' and
     lone[0].get('crossCoreChecked') is False and 'a lone half' in lone[0].get('note', ''),
     'lone_aiv/ok.mlir: properties.kernels: %r' % lone)
need(all(u.get('crossCoreChecked') is True for u in kern
         if u.get('file', '').endswith('vec_add_db/ok.mlir')),
     'a complete kernel is not crossCoreChecked')
for b in bad[:30]:
    print('FAIL:', b)
print('%d results, %d code flows, %d rules' % (len(results), flows, len(rules)))
sys.exit(1 if bad else 0)
PY
echo "PASS: SARIF report of ${#files[@]} files is structurally valid"
