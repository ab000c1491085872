#!/usr/bin/env bash
# Every corpus file carries its expected findings inline:
#   `// expect: RULE[, RULE...]`        on the line where ksv reports them
#   `// expect(a2): RULE` / `(a5)`      for one profile only
# ksv must report exactly those (rule, line) pairs, no more and no fewer,
# on both profiles; a file without expectations must be clean.
# usage: corpus_test.sh KSV SOURCE_ROOT
set -u
ksv=$1
root=$2
pass=0 fail=0
expected() { # file arch -> "line rule" lines
  awk -v arch="$2" '
    { line = $0
      while (match(line, /\/\/ *expect(\(a[25]\))?:[a-z, -]+/)) {
        m = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH)
        prof = ""
        if (m ~ /expect\(/) { prof = m; sub(/^.*expect\(/, "", prof); sub(/\).*$/, "", prof) }
        if (prof != "" && prof != arch) continue
        sub(/^[^:]*: */, "", m)
        gsub(/ /, "", m); n = split(m, rules, /,/)
        for (i = 1; i <= n; i++) if (rules[i] != "") print NR, rules[i]
      }
    }' "$1" | sort
}
actual() { # ksv output -> "line rule"
  sed -n -E 's/^[^:]+:([0-9]+):[0-9]+: (error|warning): .*\[([a-z-]+)\]$/\1 \3/p' | sort
}
while IFS= read -r f; do
  for arch in a2 a5; do
    exp=$(expected "$f" "$arch")
    out=$("$ksv" check --arch "$arch" "$f" 2>&1)
    rc=$?
    act=$(actual <<<"$out")
    if [ "$exp" = "$act" ] && [ $rc -le 1 ]; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "FAIL $f ($arch, exit $rc)"
      diff <(echo "$exp") <(echo "$act") | sed -n 's/^</  expected but not reported:/p; s/^>/  reported but not expected:/p'
    fi
  done
done < <(find "$root/corpus" -name '*.mlir' | sort)
echo "corpus: $pass passed, $fail failed"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
