#!/usr/bin/env bash
# Twins: kernels written in both languages give the same findings.
# Every corpus/twins/FAMILY/NAME.mlir is the HIVM twin of the Ascend C
# kernel corpus/FAMILY/NAME.cpp (same buffers, same sync structure). For
# each pair and both profiles, ksv must report the same multiset of
# findings, each described without its lines (which differ):
#   rule | severity | the statement it is reported at | the statement it
#   pairs with (the earlier access of a race, the first set of a
#   double-set; `-` for the others), each as core:pipe:class
# from the JSON witness steps, where class is `op` for a data operation
# and the language-neutral kind of a sync (set, wait, xset, xwait,
# barrier, syncall), so that a race
# between the same two pipes of the same cores, a deadlock at a wait of
# the same pipe, etc. compare equal whatever the spelling (`set_flag` /
# `SetFlag<HardEvent::...>`, `sync_block` / `SyncAll`). Both files must be
# decided (exit 0 or 1). Under the default flag model (count) only: with
# --flag-model bit a kernel has timing-only double-sets at every flag
# pair whose two sides can drift, and the twins differ there by design
# (the Ascend C cube kernels' explicit MTE1->M pair is the mmadL1's
# implicit MTE1 -> M order in HIVM, which has no flag to double-set).
# The test needs at least three families with an ok kernel and a seeded
# bug each. It skips (exit 77) only while ksv rejects Ascend C as a whole
# ("not supported yet"), i.e. before the extraction has landed.  Every
# JSON report it reads validates against docs/report.schema.json.
# usage: twins_test.sh KSV SOURCE_ROOT
set -u
ksv=$1
root=$2
twins=$root/corpus/twins
pass=0 fail=0
# every JSON report of the test is kept and validated against
# docs/report.schema.json at the end (tests/validate_json.py)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
njson=0
keep_json() {
  njson=$((njson + 1))
  printf '%s\n' "$1" >"$tmp/$njson.json"
}
describe() { # JSON report on stdin -> one sorted line per finding
  python3 -c '
import json, re, sys
def cls(kind):
    k = (kind or "").lower()
    if k == "op": return "op"
    if re.search(r"sync_?block_?wait|crosscorewait|wait_flag_dev", k): return "xwait"
    if re.search(r"sync_?block_?set|crosscoreset|ffts", k): return "xset"
    if re.search(r"sync_?block$|syncall", k): return "syncall"
    if "wait" in k: return "wait"
    if "barrier" in k: return "barrier"
    if "set" in k: return "set"
    return k
def desc(s):
    return "%s:%s:%s" % (s.get("core"), s.get("pipe"), cls(s.get("kind")))
def primary(steps):
    for s in steps:
        if s.get("primary"): return s
    for s in steps:
        if s.get("role") in ("access", "blocked-wait"): return s
    for s in steps:
        if cls(s.get("kind")) in ("wait", "xwait", "barrier", "syncall"): return s
    return steps[0] if steps else None
try:
    d = json.load(sys.stdin)
except ValueError:
    print("(no JSON report)"); sys.exit(0)
out = []
for f in d["files"]:
    for g in f["diagnostics"]:
        st = g.get("witness_steps", [])
        p = primary(st)
        q = next((s for s in st if s.get("role") in ("earlier-access", "previous-set")), None)
        out.append("%s|%s|at %s|after %s" % (g["rule"], g["severity"], desc(p) if p else "-",
                                            desc(q) if q else "-"))
print("\n".join(sorted(out)))'
}
families=0
for dir in "$twins"/*/; do
  fam=$(basename "$dir")
  nok=0 nbug=0
  for m in "$dir"*.mlir; do
    [ -e "$m" ] || continue
    name=$(basename "$m" .mlir)
    cpp=$root/corpus/$fam/$name.cpp
    if [ ! -f "$cpp" ]; then
      echo "FAIL corpus/twins/$fam/$name.mlir: no Ascend C kernel corpus/$fam/$name.cpp"
      fail=$((fail + 1))
      continue
    fi
    case $name in ok) nok=$((nok + 1)) ;; bug_*) nbug=$((nbug + 1)) ;; esac
    for model in count; do
      for arch in a2 a5; do
        hj=$("$ksv" check --format json --arch "$arch" --flag-model "$model" "$m" 2>/dev/null)
        hr=$?
        cj=$("$ksv" check --format json --arch "$arch" --flag-model "$model" "$cpp" 2>/dev/null)
        cr=$?
        if [ $cr -eq 2 ] && grep -q 'Ascend C is not supported yet' <<<"$cj"; then
          echo "SKIP: this ksv does not read Ascend C yet"
          exit 77
        fi
        keep_json "$hj"
        keep_json "$cj"
        hd=$(describe <<<"$hj")
        cd_=$(describe <<<"$cj")
        if [ $hr -le 1 ] && [ $cr -le 1 ] && [ "$hd" = "$cd_" ]; then
          pass=$((pass + 1))
        else
          fail=$((fail + 1))
          echo "FAIL $fam/$name ($arch, --flag-model $model): HIVM exit $hr, Ascend C exit $cr"
          diff <(echo "$hd") <(echo "$cd_") |
            sed -n 's/^</  only HIVM:     /p; s/^>/  only Ascend C: /p'
        fi
      done
    done
  done
  if [ $nok -ge 1 ] && [ $nbug -ge 1 ]; then
    families=$((families + 1))
  else
    echo "FAIL corpus/twins/$fam: needs ok.mlir and at least one bug_*.mlir"
    fail=$((fail + 1))
  fi
done
if [ $families -lt 3 ]; then
  echo "FAIL only $families twin families (at least 3 needed)"
  fail=$((fail + 1))
fi
if [ $njson -gt 0 ] && python3 -c 'import jsonschema' 2>/dev/null; then
  if python3 "$root/tests/validate_json.py" "$tmp"/*.json >"$tmp/v.txt"; then
    echo "twins: $njson JSON reports validate against docs/report.schema.json"
  else
    fail=$((fail + 1))
    echo "FAIL: a JSON report of the twins does not validate against docs/report.schema.json"
    head -10 "$tmp/v.txt"
  fi
fi
echo "twins: $families families, $pass pairs x profiles agree, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
