#!/usr/bin/env bash
# action-check.sh: the check step of action.yml.  Reads KSV_BIN, KSV_PATHS
# (files or directories, white-space separated), KSV_SARIF, KSV_ARGS and
# KSV_FAIL from the environment; runs `ksv check` once with the SARIF
# report to KSV_SARIF (the text report goes to the log from that SARIF, so
# the kernels are not checked twice); sets the outputs exit-code and
# sarif-file.  A path that does not exist, or paths that hold no file ksv
# reads, fail the step with exit 2: nothing checked is never a pass.
set -euo pipefail
ksv=${KSV_BIN:-ksv}
files=()
for p in ${KSV_PATHS:-}; do
  if [ -d "$p" ]; then
    while IFS= read -r f; do files+=("$f"); done < <(
      find "$p" -type f \( -name '*.mlir' -o -name '*.cpp' -o -name '*.cc' -o -name '*.cxx' \
        -o -name '*.h' -o -name '*.hpp' -o -name '*.asc' -o -name '*.cce' \) | sort)
  elif [ -f "$p" ]; then
    files+=("$p")
  else
    echo "::error::ksv: no such file or directory: $p"
    exit 2
  fi
done
if [ ${#files[@]} = 0 ]; then
  echo "::error::ksv: no file ksv reads in: ${KSV_PATHS:-(no paths given)}"
  exit 2
fi
echo "ksv: checking ${#files[@]} files"
set +e
# shellcheck disable=SC2086  # KSV_ARGS is a list of options
"$ksv" check --format sarif -o "$KSV_SARIF" ${KSV_ARGS:-} "${files[@]}"
rc=$?
set -e
# the findings in the log, one line each, from the report just written
python3 - "$KSV_SARIF" <<'PY' || true
import json, sys
for run in json.load(open(sys.argv[1])).get("runs", []):
    for r in run.get("results", []):
        loc = r["locations"][0]["physicalLocation"] if r.get("locations") else {}
        uri = loc.get("artifactLocation", {}).get("uri", "?")
        reg = loc.get("region", {})
        print("%s:%s:%s: %s: %s [%s]" % (uri, reg.get("startLine", 0), reg.get("startColumn", 0),
              r.get("level", "warning"), r["message"]["text"], r.get("ruleId", "")))
PY
echo "exit-code=$rc" >>"${GITHUB_OUTPUT:-/dev/null}"
echo "sarif-file=$KSV_SARIF" >>"${GITHUB_OUTPUT:-/dev/null}"
echo "ksv: exit $rc (0 clean, 1 findings, 2 bad input, 3 undecided)"
if [ "${KSV_FAIL:-true}" = true ] && [ $rc != 0 ]; then
  exit $rc
fi
exit 0
