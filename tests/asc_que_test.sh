#!/usr/bin/env bash
# The queue framework end to end (docs/ascendc-queues.md): the TQue
# kernels of tests/ascendc/que/ carry `// expect: RULE` (and `expect(a2)`,
# `(a5)`, `(bit)`, `(count)`) on the lines ksv reports, as the corpus
# does (tests/corpus_test.sh); ksv must report exactly those, on both
# profiles and both flag models.  `// expect-verdict: unknown`: exit 3.  The reference kernel add_tpipe_tque.asc
# (../shared/ascendc-reference, skipped when absent) must be clean.  The
# SMT engine and the simulator must agree on the clean and racy ones.
# usage: asc_que_test.sh KSV SOURCE_ROOT
set -u
ksv=$1
root=$2
pass=0 fail=0
expected() { # file arch model -> "line rule" lines
  awk -v arch="$2" -v model="$3" '
    { line = $0
      while (match(line, /\/\/ *expect(\([a-z0-9, ]+\))?:[a-z, -]+/)) {
        m = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH)
        ok = 1
        if (m ~ /^\/\/ *expect\(/) {
          q = m; sub(/^[^(]*\(/, "", q); sub(/\).*$/, "", q); gsub(/ /, "", q)
          nq = split(q, qs, /,/)
          for (j = 1; j <= nq; j++)
            if (qs[j] ~ /^a[25]$/ ? qs[j] != arch : qs[j] != model) ok = 0
        }
        if (!ok) continue
        sub(/^[^:]*: */, "", m)
        gsub(/ /, "", m); n = split(m, rules, /,/)
        for (i = 1; i <= n; i++) if (rules[i] != "") print NR, rules[i]
      }
    }' "$1" | sort
}
actual() { # ksv output -> "line rule"
  sed -n -E 's/^[^:]+:([0-9]+):[0-9]+: (error|warning): .*\[([a-z-]+)\]$/\1 \3/p' | sort
}
for f in "$root"/tests/ascendc/que/*.asc; do
  if grep -q '// expect-verdict: unknown' "$f"; then
    # not decided: exit 3 with the reason, whatever else is printed
    out=$("$ksv" check "$f" 2>&1)
    rc=$?
    if [ $rc -eq 3 ] && grep -q ': unknown -- ' <<<"$out"; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "FAIL $f: exit $rc, want 3 (unknown)"
    fi
    continue
  fi
  for model in count bit; do
    for arch in a2 a5; do
      exp=$(expected "$f" "$arch" "$model")
      out=$("$ksv" check --arch "$arch" --flag-model "$model" "$f" 2>&1)
      rc=$?
      act=$(actual <<<"$out")
      want_rc=0
      [ -n "$exp" ] && want_rc=1
      if [ "$exp" = "$act" ] && [ $rc -eq $want_rc ]; then
        pass=$((pass + 1))
      else
        fail=$((fail + 1))
        echo "FAIL $f ($arch, --flag-model $model, exit $rc, want $want_rc)"
        diff <(echo "$exp") <(echo "$act") | sed -n 's/^</  expected but not reported:/p; s/^>/  reported but not expected:/p'
      fi
    done
  done
done
# the SMT engine agrees on the verdicts, and the simulator confirms them
for f in "$root"/tests/ascendc/que/que_{single,double,cube,bug_no_enque,bug_use_after_free}.asc; do
  want_rc=0
  [ -n "$(expected "$f" a2 count)" ] && want_rc=1
  "$ksv" check --engine smt "$f" >/dev/null 2>&1
  rc=$?
  sim=$("$ksv" sim "$f" 2>&1 | tail -1)
  dyn=$(sed -n -E 's/.* ([0-9]+) dynamic findings?$/\1/p' <<<"$sim")
  sim_ok=0
  if [ -n "$dyn" ]; then
    if [ $want_rc -eq 0 ]; then [ "$dyn" -eq 0 ] && sim_ok=1
    else [ "$dyn" -gt 0 ] && sim_ok=1; fi
  fi
  if [ $rc -eq $want_rc ] && [ $sim_ok -eq 1 ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $f: smt exit $rc (want $want_rc), simulator: $sim"
  fi
done
# a library sync in a finding's notes says so (not "sync_related_args")
out=$("$ksv" check --flag-model bit "$root/tests/ascendc/que/que_double.asc" 2>&1)
if grep -q "EnQue (sets the enqueue event) on AIV (implicit: the library's own sync)" <<<"$out"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1))
  echo "FAIL the notes of a library sync do not name it"
fi
ref="$root/../shared/ascendc-reference/kernels/add_tpipe_tque.asc"
if [ -f "$ref" ]; then
  for arch in a2 a5; do
    out=$("$ksv" check --arch "$arch" "$ref" 2>&1)
    rc=$?
    if [ $rc -eq 0 ] && grep -q 'add_custom: clean' <<<"$out"; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "FAIL $ref ($arch): exit $rc"
      echo "$out" | head -5
    fi
  done
else
  echo "SKIP $ref (the reference folder is absent)"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
