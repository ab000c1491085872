#!/usr/bin/env bash
# integrations_test.sh KSV SRCDIR: action.yml and .pre-commit-hooks.yaml.
# Both parse (python3-yaml) with their required keys; the action's steps
# run (tests/ci_run.py, with `ksv` given so that its build step, the
# scripts/ci-build.sh of tests/ci_build_test.sh, is skipped) over files
# and directories of the corpus: SARIF written for every file, the
# exit-code output, failing on findings unless fail is 'false', failing on
# paths that hold nothing ksv reads; the hook runs through `pre-commit
# try-repo` on a clean and a buggy kernel.
set -uo pipefail
ksv=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
mkdir -p "$tmp/bin" && ln -s "$ksv" "$tmp/bin/ksv"
export PATH="$tmp/bin:$PATH"

# ------------------------------------------------------------ action.yml
python3 - "$src/action.yml" <<'EOF' || fail "action.yml: keys"
import sys, yaml
a = yaml.safe_load(open(sys.argv[1]))
bad = []
def need(cond, what):
    if not cond:
        bad.append(what)
need(isinstance(a.get("name"), str) and isinstance(a.get("description"), str), "name, description")
ins = a.get("inputs") or {}
need(ins.get("paths", {}).get("required") is True, "a required input paths")
for k in ("sarif-file", "args", "fail", "ksv"):
    need(k in ins and "description" in ins[k], "input %s with a description" % k)
outs = a.get("outputs") or {}
for k in ("exit-code", "sarif-file"):
    need("value" in outs.get(k, {}), "output %s with a value" % k)
runs = a.get("runs") or {}
need(runs.get("using") == "composite", "runs.using: composite")
steps = runs.get("steps") or []
need(steps and all(s.get("shell") == "bash" for s in steps if "run" in s),
     "every run step with shell: bash (composite steps need one)")
build = [s for s in steps if s.get("id") == "build"]
need(build and "scripts/ci-build.sh" in build[0]["run"] and "inputs.ksv" in build[0].get("if", ""),
     "a build step running scripts/ci-build.sh unless inputs.ksv is given")
for b in bad:
    print("  action.yml lacks:", b, file=sys.stderr)
sys.exit(1 if bad else 0)
EOF
# expect WHAT EXPR...: python expressions over the summary s must hold
expect() {
  local what=$1
  shift
  python3 - "$tmp/act.json" "$@" <<'EOF' || { fail "$what"; sed 's/^/  | /' "$tmp/act.log" | tail -8; }
import json, sys
s = json.load(open(sys.argv[1]))
steps = {st["name"]: st for st in s["steps"]}
bad = [e for e in sys.argv[2:] if not eval(e, {"s": s, "steps": steps})]
for e in bad:
    print("  not:", e, file=sys.stderr)
sys.exit(1 if bad else 0)
EOF
}
ws=$tmp/ws
mkdir -p "$ws/kernels/a" "$ws/more" "$ws/empty"
cp "$src/corpus/vec_add_db/ok.mlir" "$src/corpus/vec_add_db/bug_double_set.mlir" "$ws/kernels/"
cp "$src/corpus/asc_tque_single/ok.cpp" "$ws/kernels/a/"
cp "$src/corpus/cube_matmul/ok.mlir" "$ws/more/one.mlir"
echo "notes" >"$ws/empty/README.md"
# act_in K=V...: the action run with these inputs, its summary in act.json
act_in() {
  local args=() kv
  for kv in "$@"; do args+=(--input "$kv"); done
  python3 "$src/tests/ci_run.py" action "$src/action.yml" "$ws" --input ksv="$ksv" \
    "${args[@]}" >"$tmp/act.json" 2>"$tmp/act.log" || fail "ci_run action: $(tail -3 "$tmp/act.log")"
}
act_in "paths=kernels more/one.mlir"
expect "action on findings" 'not s["ok"]' 'not steps["build ksv"]["ran"]' \
  'steps["ksv check"]["rc"] == 1' 's["outputs"]["exit-code"] == "1"' \
  's["outputs"]["sarif-file"] == "ksv.sarif"'
python3 - "$ws/ksv.sarif" <<'EOF' || fail "the action's SARIF does not cover the 4 files"
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]
uris = sorted(a["location"]["uri"] for a in r["artifacts"])
want = sorted(["kernels/a/ok.cpp", "kernels/bug_double_set.mlir", "kernels/ok.mlir", "more/one.mlir"])
print(uris, file=sys.stderr) if uris != want else None
sys.exit(0 if uris == want and r["results"] else 1)
EOF
grep -q 'bug_double_set.mlir:[0-9]*:[0-9]*: error: .*\[race\]' "$tmp/act.log" ||
  fail "the action's log does not list the finding"
mkdir -p "$ws/out"
act_in "paths=kernels" "fail=false" "sarif-file=out/k.sarif" "args=--arch a5"
expect "action with fail: false" 's["ok"]' 's["outputs"]["exit-code"] == "1"' \
  's["outputs"]["sarif-file"] == "out/k.sarif"'
[ -s "$ws/out/k.sarif" ] || fail "no SARIF at sarif-file"
act_in "paths=kernels/ok.mlir kernels/a"
expect "action on clean kernels" 's["ok"]' 's["outputs"]["exit-code"] == "0"'
act_in "paths=empty"
expect "action on a directory without kernels must fail" 'not s["ok"]' 'steps["ksv check"]["rc"] == 2'
act_in "paths=no/such/dir"
expect "action on a missing path must fail" 'not s["ok"]' 'steps["ksv check"]["rc"] == 2'

# ------------------------------------------------- .pre-commit-hooks.yaml
python3 - "$src/.pre-commit-hooks.yaml" >"$tmp/hook.txt" <<'EOF' || fail ".pre-commit-hooks.yaml: keys"
import re, sys, yaml
hooks = yaml.safe_load(open(sys.argv[1]))
h = [x for x in hooks if isinstance(x, dict) and x.get("id") == "ksv"]
if not h:
    sys.exit("no hook with id ksv")
h = h[0]
bad = [k for k in ("id", "name", "entry", "language") if not isinstance(h.get(k), str)]
if h.get("language") not in ("system", "script", "docker_image"):
    bad.append("language (%r)" % h.get("language"))
files = re.compile(h.get("files", ""))
for ext in ("mlir", "cpp", "cc", "cxx", "h", "hpp", "asc", "cce"):
    if not files.search("dir/k." + ext):
        bad.append("files matching ." + ext)
for other in ("k.py", "README.md", "k.mlir.orig", "k.c"):
    if files.search(other):
        bad.append("files not matching " + other)
if bad:
    sys.exit("hook ksv lacks: " + ", ".join(bad))
print(h["entry"])
EOF
# the hook through pre-commit itself, in a scratch repository; the hooks
# repository is a git repository holding this tree's hook definitions
# (try-repo reads the committed file: the tree may have none, or changes)
if ! command -v pre-commit >/dev/null; then
  fail "pre-commit is not installed (scripts/deps.sh installs it for the tests)"
else
  hooks=$tmp/hooks repo=$tmp/repo
  mkdir -p "$hooks" && cp "$src/.pre-commit-hooks.yaml" "$hooks/" &&
    git -C "$hooks" init -q && git -C "$hooks" add -A &&
    git -C "$hooks" -c user.name=t -c user.email=t@t commit -qm hooks || fail "hooks repository"
  mkdir -p "$repo/k" && git -C "$repo" init -q
  cp "$src/corpus/vec_add_db/ok.mlir" "$repo/k/ok.mlir"
  cp "$src/corpus/asc_tque_single/ok.cpp" "$repo/k/ok.cpp"
  cp "$src/corpus/vec_add_db/bug_double_set.mlir" "$repo/k/bug.mlir"
  echo "# not a kernel" >"$repo/notes.md"
  git -C "$repo" add -A
  hk() { (cd "$repo" && HOME=$tmp PRE_COMMIT_HOME=$tmp/pc pre-commit try-repo "$hooks" ksv "$@") >"$tmp/pc.log" 2>&1; }
  hk --files k/ok.mlir k/ok.cpp notes.md || fail "hook on clean kernels: $(tail -5 "$tmp/pc.log")"
  grep -q 'Passed' "$tmp/pc.log" || fail "hook on clean kernels did not run: $(tail -5 "$tmp/pc.log")"
  hk --files k/bug.mlir && fail "hook passes a kernel with a finding"
  grep -q 'bug.mlir:[0-9]*:[0-9]*: error: .*\[race\]' "$tmp/pc.log" ||
    fail "hook output lacks the finding: $(tail -5 "$tmp/pc.log")"
  hk --files notes.md || fail "hook on no kernel file"
  grep -q 'no files to check' "$tmp/pc.log" || fail "hook ran on notes.md: $(tail -3 "$tmp/pc.log")"
fi

[ $fails = 0 ] && echo "integrations: ok (action.yml, .pre-commit-hooks.yaml)"
[ $fails = 0 ]
