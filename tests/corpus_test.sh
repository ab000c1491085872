#!/usr/bin/env bash
# Every corpus file (HIVM .mlir and Ascend C .cpp: the same `//` comment
# syntax in both) carries its expected findings inline:
#   `// expect: RULE[, RULE...]`        on the line where ksv reports them
#   `// expect(a2): RULE` / `(a5)`      for one profile only
#   `// expect(bit): RULE` / `(count)`  for one flag model only
#                                       (--flag-model, SEMANTICS.md 3)
#   `// expect(a2,bit): RULE`           both qualifiers must hold
# ksv must report exactly those (rule, line) pairs, no more and no fewer,
# on both profiles and under both flag models (count, the default, and
# bit); a file without expectations must be clean.
# A known disagreement -- ksv reports what the spec says it should not, or
# misses what it should -- is written beside the expectation, not into it:
#   `// ksv-known: +RULE` ksv also reports RULE on this line (wrong)
#   `// ksv-known: -RULE` ksv does not report the expected RULE here
# (same qualifiers as expect; the file's header says why ksv is wrong).
# Such a run passes when ksv gives exactly the expectation with those
# differences, and is counted and listed; when ksv gives the expectation
# itself, the marker is stale and the run fails, so that it is removed.
# KSV_CORPUS_MODELS (default "count bit") narrows the flag models
# (scripts/sanitize.sh: count; its differential-bit run covers bit), and
# KSV_CORPUS_ARCHS (default "a2 a5") the profiles ("alternate", as
# scripts/sanitize.sh sets it: a5 on the odd files, a2 on the even ones;
# the normal suite runs both on every file).
# usage: corpus_test.sh KSV SOURCE_ROOT
set -u
ksv=$1
root=$2
pass=0 fail=0 known=0
expected() { # file arch model [TAG] -> "line rule" lines (TAG: expect, ksv-known)
  awk -v arch="$2" -v model="$3" -v tag="${4:-expect}" '
    BEGIN { re = "// *" tag "(\\([a-z0-9, ]+\\))?:[a-z, +-]+"; qre = "^// *" tag "\\(" }
    { line = $0
      while (match(line, re)) {
        m = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH)
        ok = 1
        if (m ~ qre) {
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
# a qualifier the awk above does not know is a typo in a kernel
bad=$(grep -rhoE '// *(expect|ksv-known)\([^)]*\)' "$root/corpus" --include='*.mlir' --include='*.cpp' |
  sed -E 's/^.*\(//; s/\)$//; s/ //g' | tr ',' '\n' | grep -vxE 'a2|a5|bit|count' | sort -u)
if [ -n "$bad" ]; then
  echo "FAIL unknown expect qualifier(s): $bad"
  fail=$((fail + 1))
fi
nth=0
while IFS= read -r f; do
  nth=$((nth + 1))
  archs=${KSV_CORPUS_ARCHS:-a2 a5}
  [ "$archs" = alternate ] && archs=$([ $((nth % 2)) = 0 ] && echo a2 || echo a5)
  for model in ${KSV_CORPUS_MODELS:-count bit}; do
    for arch in $archs; do
      exp=$(expected "$f" "$arch" "$model")
      kn=$(expected "$f" "$arch" "$model" ksv-known)
      out=$("$ksv" check --arch "$arch" --flag-model "$model" "$f" 2>&1)
      rc=$?
      act=$(actual <<<"$out")
      kexp=
      if [ -n "$kn" ]; then # the expectation with ksv's known differences (multisets)
        kexp=$(comm -23 <({ echo "$exp"; sed -n 's/ +/ /p' <<<"$kn"; } | grep . | sort) \
                        <(sed -n 's/ -/ /p' <<<"$kn" | sort))
      fi
      if [ "$exp" = "$act" ] && [ $rc -le 1 ] && [ -n "$kn" ]; then
        fail=$((fail + 1))
        echo "FAIL $f ($arch, --flag-model $model): ksv now gives the expectation; remove its stale ksv-known marker(s)"
      elif [ "$exp" = "$act" ] && [ $rc -le 1 ]; then
        pass=$((pass + 1))
      elif [ -n "$kn" ] && [ "$kexp" = "$act" ] && [ $rc -le 1 ]; then
        pass=$((pass + 1)) known=$((known + 1))
        echo "KNOWN $f ($arch, --flag-model $model): ksv differs from the expectation as marked:" $(tr '\n' ' ' <<<"$kn")
      else
        fail=$((fail + 1))
        echo "FAIL $f ($arch, --flag-model $model, exit $rc)"
        diff <(echo "$exp") <(echo "$act") | sed -n 's/^</  expected but not reported:/p; s/^>/  reported but not expected:/p'
      fi
    done
  done
done < <(find "$root/corpus" \( -name '*.mlir' -o -name '*.cpp' \) | sort)
echo "corpus: $pass passed, $fail failed ($known of the passed with a known ksv disagreement, listed above)"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
