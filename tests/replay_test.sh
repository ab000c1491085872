#!/usr/bin/env bash
# `ksv check --replay` (issue 5): every race, pipe-hazard, xcore-race,
# deadlock, double-set and flag-overflow finding of the corpus's seeded-bug
# kernels manifests on the simulator when its witness is replayed -- for
# symbolic kernels on the concrete copy the SMT witness's values select.
# Each finding must carry a "replay on the simulator:" note saying it
# happened (the race's two accesses overlapped in cycles, the kernel
# stopped, the counter passed 15; a double set: under counting flags both
# sets landed with no wait of the flag between them in program order,
# under --flag-model bit the set landed on a set flag).  Both flag models.
# usage: replay_test.sh KSV SOURCE_ROOT
set -u
ksv=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

check() { # ARCH MODEL FILES...
  local arch=$1 model=$2
  shift 2
  "$ksv" check --replay --no-redundant --sim-runs 1 -j 2 --arch "$arch" \
    --flag-model "$model" "$@" >"$tmp/out.txt" 2>&1
  local rc=$?
  if [ $rc -ne 1 ]; then
    echo "FAIL ($arch): exit $rc, expected 1 (findings)"
    fail=$((fail + 1))
  fi
  # per finding: its rule and the replay note (if any)
  awk -v arch="$arch $model" -v model="$model" '
    function flush() {
      if (rule == "") return
      n++
      ok = 0
      if (rule ~ /race|hazard/) ok = (note ~ /the race happens: .* during cycles \[[0-9]+, [0-9]+\) while .* during \[[0-9]+, [0-9]+\)/)
      else if (rule == "deadlock") ok = (note ~ /the kernel stops.*stuck/)
      else if (rule == "double-set" && model == "bit") ok = (note ~ /the set lands at cycle [0-9]+ while the flag is still set/)
      else if (rule == "double-set") ok = (note ~ /the set lands at cycle [0-9]+ with no wait of its flag since the set at [0-9]+:[0-9]+ \(landed at cycle [0-9]+\) in program order; the flag counts [0-9]+ pending set/)
      else if (rule == "flag-overflow") ok = (note ~ /pushes the counter to [0-9]+ at cycle/)
      else ok = 1
      if (!ok) { bad++; print "FAIL (" arch ") " head; print "  " (note == "" ? "(no replay note)" : note) }
      rule = ""; note = ""
    }
    / (error|warning): / { flush()
      if (match($0, /\[(race|pipe-hazard|xcore-race|deadlock|double-set|flag-overflow)\]$/)) {
        rule = substr($0, RSTART + 1, RLENGTH - 2); head = $0 }
      next }
    / note: replay on the simulator: / { if (rule != "") note = $0; next }
    END { flush(); printf "%s: %d findings replayed, %d did not manifest\n", arch, n, bad; exit bad > 0 }
  ' "$tmp/out.txt" || fail=$((fail + 1))
}

for model in count bit; do
  check a2 $model "$root"/corpus/*/bug*.mlir "$root"/corpus/*/bug*.cpp
  # a5: the families with symbolic kernels (SMT witnesses) and the a5 paths
  check a5 $model "$root"/corpus/{runtime_branch,trip_precredit,grid_stride,dynamic_event_id,xflag_rotate,matmul_ub_a5,counted_flags}/bug*.mlir \
    "$root"/corpus/asc_*/bug*.cpp
done

# a witness replay is not an execution of the correct kernel: --replay on
# a clean kernel adds figures and no note
out=$("$ksv" check --replay --sim-runs 5 "$root/corpus/vec_add_db/ok.mlir" 2>&1)
if ! grep -q "simulated: [0-9]* cycles .*no dynamic finding in 5 runs" <<<"$out" ||
   grep -q "replay on the simulator" <<<"$out"; then
  echo "FAIL figures of a clean kernel:"; echo "$out"; fail=$((fail + 1))
fi
# without --replay: no simulation
out=$("$ksv" check "$root/corpus/vec_add_db/bug_missing_mte2_v.mlir" 2>&1)
if grep -q "replay on the simulator\|simulated:" <<<"$out"; then
  echo "FAIL simulation without --replay"; fail=$((fail + 1))
fi
# JSON carries the figures and the notes
"$ksv" check --replay --sim-runs 2 --format json \
  "$root/corpus/runtime_branch/bug_set_only_in_then.mlir" >"$tmp/r.json"
python3 - "$tmp/r.json" <<'PY' || fail=$((fail + 1))
import json, sys
d = json.load(open(sys.argv[1]))
u = d["files"][0]["units"][0]
assert u["simulator"].startswith("simulated:") or u["simulator"].startswith("not simulated:"), u
notes = [r["message"] for x in d["files"][0]["diagnostics"] for r in x.get("related", [])]
assert any(n.startswith("replay on the simulator: the kernel stops") for n in notes), notes
PY
python3 "$root/tests/validate_json.py" "$tmp/r.json" || fail=$((fail + 1))
exit $((fail > 0))
