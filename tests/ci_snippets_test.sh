#!/usr/bin/env bash
# ci_snippets_test.sh KSV SRCDIR: runs the GitLab job and the GitHub
# Actions workflow of docs/ci.md (the blocks marked `ci-snippet`, through
# tests/ci_run.py; every step but the build, which tests/ci_build_test.sh
# runs) against the corpus copied into kernels/ at several depths: each
# must check every kernel file (the JUnit testsuites, the SARIF artifacts),
# fail on the corpus's findings, render the HTML report then, pass on a
# clean tree, and fail when kernels/ holds no kernel or is missing.
set -uo pipefail
ksv=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
doc=$src/docs/ci.md
run=(python3 "$src/tests/ci_run.py")
mkdir -p "$tmp/bin" && ln -s "$ksv" "$tmp/bin/ksv"
export PATH="$tmp/bin:$PATH"
# py WS EXPR...: each python expression over the summary s must hold
check() {
  local what=$1 json=$2
  shift 2
  python3 - "$json" "$@" <<'EOF' || fail "$what"
import json, sys
s = json.load(open(sys.argv[1]))
steps = {st["name"]: st for st in s.get("steps", [])}
bad = [e for e in sys.argv[2:] if not eval(e, {"s": s, "steps": steps})]
for e in bad:
    print("  not:", e, file=sys.stderr)
sys.exit(1 if bad else 0)
EOF
}
# the kernel files a workspace holds (the test's own list, by extension)
kernels() {
  (cd "$1" && find kernels -type f | grep -E '\.(mlir|cpp|cc|cxx|h|hpp|asc|cce)$' | sort)
}
# covered WS: the JUnit or SARIF report names exactly the kernel files
covered() {
  local ws=$1 report=$2
  kernels "$ws" >"$tmp/want.txt"
  python3 - "$ws/$report" >"$tmp/got.txt" <<'EOF'
import json, sys, xml.etree.ElementTree as ET
p = sys.argv[1]
if p.endswith(".xml"):
    names = [t.get("name") for t in ET.parse(p).getroot().iter("testsuite")]
else:
    names = [a["location"]["uri"] for a in json.load(open(p))["runs"][0]["artifacts"]]
print("\n".join(sorted(set(names))))
EOF
  diff -u "$tmp/want.txt" "$tmp/got.txt" >"$tmp/cov.diff" ||
    fail "$report does not cover the kernel files: $(head -c 600 "$tmp/cov.diff")"
}
# a workspace: the corpus under kernels/, plus a kernel at the top and
# one three directories deeper than the families (the depths a glob of
# one `**` without globstar misses)
ws=$tmp/ws
mkdir -p "$ws/kernels/deep/er/still"
cp -r "$src/corpus/." "$ws/kernels/"
cp "$src/corpus/vec_add_db/ok.mlir" "$ws/kernels/top.mlir"
cp "$src/corpus/asc_tque_single/ok.cpp" "$ws/kernels/deep/er/still/k.cpp"
n=$(kernels "$ws" | wc -l)

# ---------------------------------------------------------------- GitLab
"${run[@]}" gitlab "$doc" gitlab "$ws" >"$tmp/gl.json" 2>"$tmp/gl.log" ||
  fail "ci_run gitlab: $(tail -3 "$tmp/gl.log")"
check "GitLab job on the corpus" "$tmp/gl.json" 's["rc"] == 1' 's["status"] == "failed"' \
  's["after_rc"] == 0' 's["artifacts"]["reports"]["junit"] == "ksv-junit.xml"' \
  '"ksv-report.html" in s["artifacts"]["paths"]'
[ -s "$ws/ksv-junit.xml" ] && covered "$ws" ksv-junit.xml || fail "GitLab: no JUnit report"
[ -s "$ws/ksv-report.html" ] || fail "GitLab: no HTML report after the failed gate"
rm -f "$ws/ksv-report.html"

# ---------------------------------------------------------------- GitHub
"${run[@]}" github "$doc" github "$ws" --skip "build ksv" >"$tmp/gh.json" 2>"$tmp/gh.log" ||
  fail "ci_run github: $(tail -3 "$tmp/gh.log")"
check "GitHub workflow on the corpus" "$tmp/gh.json" 'not s["ok"]' \
  'steps["list kernels"]["rc"] == 0' 'steps["ksv check"]["rc"] == 0' \
  'steps["github/codeql-action/upload-sarif@v3"]["with"]["sarif_file"] == "ksv.sarif"' \
  'steps["HTML report"]["ran"]' 'steps["actions/upload-artifact@v4"]["with"]["path"] == "ksv-report.html"' \
  'steps["gate"]["rc"] == 1'
[ -s "$ws/ksv.sarif" ] && covered "$ws" ksv.sarif || fail "GitHub: no SARIF report"
[ -s "$ws/ksv-report.html" ] || fail "GitHub: no HTML report after findings"

# ------------------------------------------------- a clean tree passes
clean=$tmp/clean
mkdir -p "$clean/kernels/a/b"
cp "$src/corpus/vec_add_db/ok.mlir" "$clean/kernels/a/k.mlir"
cp "$src/corpus/asc_tque_single/ok.cpp" "$clean/kernels/a/b/k.cpp"
"${run[@]}" gitlab "$doc" gitlab "$clean" >"$tmp/glc.json" 2>"$tmp/glc.log"
check "GitLab job on clean kernels" "$tmp/glc.json" 's["rc"] == 0' 's["after_rc"] == 0'
[ -e "$clean/ksv-report.html" ] && fail "GitLab: HTML report on a passing job"
covered "$clean" ksv-junit.xml
"${run[@]}" github "$doc" github "$clean" --skip "build ksv" >"$tmp/ghc.json" 2>"$tmp/ghc.log"
check "GitHub workflow on clean kernels" "$tmp/ghc.json" 's["ok"]' \
  'not steps["HTML report"]["ran"]' 'steps["gate"]["rc"] == 0'

# ---------------------------- no kernels, or no kernels/, must fail
for kind in empty missing; do
  e=$tmp/$kind
  mkdir -p "$e"
  [ $kind = empty ] && mkdir -p "$e/kernels/sub" && echo "not a kernel" >"$e/kernels/README.md"
  "${run[@]}" gitlab "$doc" gitlab "$e" >"$tmp/gle.json" 2>"$tmp/gle.log"
  check "GitLab job, $kind kernels/, must fail" "$tmp/gle.json" 's["rc"] != 0'
  "${run[@]}" github "$doc" github "$e" --skip "build ksv" >"$tmp/ghe.json" 2>"$tmp/ghe.log"
  check "GitHub workflow, $kind kernels/, must fail" "$tmp/ghe.json" 'not s["ok"]' \
    'steps["list kernels"]["rc"] != 0' 'not steps["ksv check"]["ran"]'
done

[ $fails = 0 ] && echo "ci-snippets: ok (both snippets over $n kernel files; clean, empty and missing trees)"
[ $fails = 0 ]
