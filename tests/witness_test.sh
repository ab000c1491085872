#!/usr/bin/env bash
# witness_test.sh KSV SRCROOT -- the structured witness steps that the
# checker attaches to each diagnostic, as the JSON "witness_steps", the
# SARIF thread flows and the HTML timeline show them, on known corpus
# findings of both engines:
#   - a race (graph engine): the earlier load on AIV PIPE_MTE2, then the
#     vadd on AIV PIPE_V; two thread flows in that order;
#   - a cross-core race: the AIC's fixpipe, then the AIV0's load;
#   - a deadlock: the waits of the cycle, the AIC's first, on lanes of
#     three cores;
#   - a race of the SMT engine: both accesses carry the schedule's cycles;
#   - an --explain note: earlier access, the set/wait chain, the access;
#   - a redundant barrier: the pair it ordered and the chain that still
#     orders it;
#   - --replay adds notes to a finding but not a step: the thread flows
#     come from the checker's steps, not from the notes' text.
set -u
ksv=${1:?usage: witness_test.sh KSV SRCROOT}
root=${2:?}
ksv="$(cd "$(dirname "$ksv")" && pwd)/$(basename "$ksv")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root" || exit 1
run() { # OUT ARGS...: ksv check, exit 0/1 expected
  local out=$1
  shift
  "$ksv" check "$@" >"$out" 2>"$out.err"
  local rc=$?
  if [ "$rc" -gt 1 ]; then
    echo "FAIL: ksv check $* exited $rc"
    cat "$out.err"
    exit 1
  fi
}
ra=corpus/vec_add_db/bug_double_set.mlir
xr=corpus/matmul_epilogue/bug_wait_after_load.mlir
dl=corpus/flash_attn_fwd/bug_deadlock_order.mlir
sm=corpus/runtime_branch/bug_res_load_late.mlir
rb=corpus/flash_attn_fwd/bug_redundant_barrier.mlir
ex=corpus/vec_add_db/ok.mlir
args=(--no-redundant --timeout-ms 600000)
for f in ra xr dl sm; do
  eng=()
  [ $f = sm ] && eng=(--engine smt) # (auto: the graph engine's outcomes)
  run "$tmp/$f.json" --format json "${eng[@]}" "${args[@]}" "${!f}"
  run "$tmp/$f.sarif" --format sarif "${eng[@]}" "${args[@]}" "${!f}"
done
run "$tmp/ex.json" --format json --explain "${args[@]}" "$ex"
run "$tmp/ex.sarif" --format sarif --explain "${args[@]}" "$ex"
run "$tmp/rb.json" --format json --timeout-ms 600000 "$rb"
run "$tmp/ra-replay.sarif" --format sarif --replay --sim-runs 1 "${args[@]}" "$ra"
run "$tmp/dl.html" --format html "${args[@]}" "$dl"
python3 "$root/tests/validate_json.py" "$tmp"/*.json || exit 1

python3 - "$tmp" <<'PY' || exit 1
import json, os, sys
tmp = sys.argv[1]
bad = []
def need(cond, what):
    if not cond:
        bad.append(what)
    return cond
def load(name):
    return json.load(open(os.path.join(tmp, name)))
def diags(name):
    return [d for f in load(name)['files'] for d in f['diagnostics']]
def results(name):
    return load(name)['runs'][0]['results']
def find_diag(name, rule, line):
    for d in diags(name):
        if d['rule'] == rule and d['line'] == line:
            return d
    need(False, '%s: no %s at line %d' % (name, rule, line))
    return None
def find_result(name, rule, line):
    for r in results(name):
        reg = r['locations'][0]['physicalLocation']['region']
        if r['ruleId'] == rule and reg['startLine'] == line:
            return r
    need(False, '%s: no %s result at line %d' % (name, rule, line))
    return None
def steps(d):
    return [(s['role'], s['core'], s['pipe'], s['line']) for s in d.get('witness_steps', [])]
def flow(r):
    """[(thread flow id, [(executionOrder, line, role)])] of r's code flow"""
    cf = r.get('codeFlows') or [{}]
    return [(t['id'], [(l['executionOrder'],
                        l['location']['physicalLocation']['region']['startLine'],
                        l.get('properties', {}).get('role'))
                       for l in t['locations']])
            for t in cf[0].get('threadFlows', [])]

# every step of every diagnostic is well-formed and numbered in order
for name in ('ra.json', 'xr.json', 'dl.json', 'sm.json', 'ex.json', 'rb.json'):
    for d in diags(name):
        ws = d.get('witness_steps')
        if not need(isinstance(ws, list), '%s: %s at %d: no witness_steps' % (name, d['rule'], d['line'])):
            continue
        need([s['order'] for s in ws] == list(range(1, len(ws) + 1)),
             '%s: %s at %d: order' % (name, d['rule'], d['line']))
        if d['rule'] not in ('unknown', 'bad-input'):
            need(sum(s['primary'] for s in ws) == 1 and
                 any(s['primary'] and s['line'] == d['line'] for s in ws),
                 '%s: %s at %d: one primary step, at the diagnostic' % (name, d['rule'], d['line']))

# race, graph engine: the load still writing, then the vadd
d = find_diag('ra.json', 'race', 42)
if d:
    need(steps(d)[:2] == [('earlier-access', 'AIV', 'PIPE_MTE2', 37),
                          ('access', 'AIV', 'PIPE_V', 42)] and len(steps(d)) == 2,
         'race 42: steps %s' % steps(d))
r = find_result('ra.sarif', 'race', 42)
if r:
    need(flow(r) == [('AIV PIPE_MTE2', [(1, 37, 'earlier-access')]),
                     ('AIV PIPE_V', [(2, 42, 'access')])],
         'race 42: thread flows %s' % flow(r))
    # --replay adds notes (related locations) but no step
    r2 = find_result('ra-replay.sarif', 'race', 42)
    if r2:
        need(len(r2.get('relatedLocations', [])) > len(r.get('relatedLocations', [])),
             'race 42: --replay added no note')
        need(flow(r2) == flow(r), 'race 42: --replay changed the thread flows: %s' % flow(r2))

# cross-core race: two cores
d = find_diag('xr.json', 'xcore-race', 76)
if d:
    need(steps(d) == [('earlier-access', 'AIC', 'PIPE_FIX', 42),
                      ('access', 'AIV0', 'PIPE_MTE2', 76)],
         'xcore-race 76: steps %s' % steps(d))
r = find_result('xr.sarif', 'xcore-race', 76)
if r:
    need([t for t, _ in flow(r)] == ['AIC PIPE_FIX', 'AIV0 PIPE_MTE2'],
         'xcore-race 76: thread flows %s' % flow(r))

# deadlock: the waits of the cycle, the primary first, on three cores
d = find_diag('dl.json', 'deadlock', 57)
if d:
    st = steps(d)
    need(st and st[0] == ('blocked-wait', 'AIC', 'PIPE_MTE2', 57),
         'deadlock 57: first step %s' % (st[:1],))
    need(all(s[0] == 'blocked-wait' for s in st) and len(st) >= 3,
         'deadlock 57: steps %s' % st)
    need({s[1] for s in st} == {'AIC', 'AIV0', 'AIV1'}, 'deadlock 57: cores %s' % st)
    need([s['kind'] for s in d.get('witness_steps', [])][0] in ('wait_flag', 'sync_block_wait'),
         'deadlock 57: the first step is not a wait')
r = find_result('dl.sarif', 'deadlock', 57)
if r and d:
    fl = flow(r)
    lanes = []
    for s in d.get('witness_steps', []):
        lane = '%s %s' % (s['core'], s['pipe'])
        if lane not in lanes:
            lanes.append(lane)
    need([t for t, _ in fl] == lanes, 'deadlock 57: thread flows %s, steps %s' % (fl, lanes))
    order = sorted(o for _, ls in fl for o, _, _ in ls)
    need(order == list(range(1, len(d.get('witness_steps', [])) + 1)), 'deadlock 57: executionOrder %s' % order)
    need(fl[0][1][0][:2] == (1, 57), 'deadlock 57: step 1 is not the primary wait')

# SMT engine: the race carries the schedule's cycles
d = find_diag('sm.json', 'race', 32)
if d:
    ws = d.get('witness_steps', [])
    need([(s['role'], s['line']) for s in ws] == [('earlier-access', 31), ('access', 32)],
         'SMT race 32: steps %s' % steps(d))
    need(all('start' in s and 'end' in s and s['start'] <= s['end'] for s in ws),
         'SMT race 32: steps without schedule %s' % ws)
r = find_result('sm.sarif', 'race', 32)
if r:
    props = [l.get('properties', {}) for t in r['codeFlows'][0]['threadFlows'] for l in t['locations']]
    need(all('start' in p and 'end' in p for p in props), 'SMT race 32: SARIF steps without cycles')

# --explain: earlier access, the chain's set/wait pairs, the access
d = find_diag('ex.json', 'explain', 37)
if d:
    ws = d.get('witness_steps', [])
    need(ws[0]['role'] == 'earlier-access' and ws[-1]['role'] == 'access' and ws[-1]['line'] == 37,
         'explain 37: steps %s' % steps(d))
    chain = [(s['kind'], s['pipe']) for s in ws[1:-1]]
    need(chain and all(s['role'] == 'ordering-sync' for s in ws[1:-1]) and
         chain[0][0] == 'set_flag' and chain[-1][0] == 'wait_flag',
         'explain 37: chain %s' % chain)

# redundant barrier: the pair it ordered, itself, what still orders them
d = find_diag('rb.json', 'redundant-barrier', 110)
if d:
    roles = [s['role'] for s in d.get('witness_steps', [])]
    need(roles[:2] == ['earlier-access', 'sync'] and roles[-1] == 'access' and
         'ordering-sync' in roles, 'redundant-barrier 110: roles %s' % roles)
    need(d.get('witness_steps', [])[1]['kind'] == 'pipe_barrier' and d.get('witness_steps', [])[1]['primary'],
         'redundant-barrier 110: the barrier is not the primary step')

# the HTML timeline of the deadlock has a lane per core and pipe
html = open(os.path.join(tmp, 'dl.html')).read()
for lane in ('AIC PIPE_MTE2', 'AIV0 PIPE_MTE2', 'AIV1 PIPE_MTE3'):
    need('>%s</text>' % lane in html, 'HTML: no lane %s' % lane)

for b in bad[:30]:
    print('FAIL:', b)
sys.exit(1 if bad else 0)
PY
echo "PASS: witness steps of races, a deadlock, SMT schedules, explain and redundant chains"
