#!/usr/bin/env bash
# syntax_test.sh KSV SOURCE_ROOT -- issue 16's syntax and contracts end to
# end (tests/syntax/ and the corpus):
#  (a) hacc.target picks the profile without --arch, in check, sim and the
#      reports; --arch overrides it; an unknown target is a warning and a2;
#  (b) the mmad library's own M->MTE1 handshake: ksv dump shows it, the
#      hivm-reference mmadL1 kernels no longer race M -> MTE1, and ksv fix
#      repairs around it without editing the op;
#  (c) the generic op form builds the same kernel as the custom form;
#      every syntax form of tests/syntax/forms.mlir is read (clean, and a
#      race once a wait is taken out);
#  (d) cf: a cyclic CFG is unknown (exit 3) naming the branch; the corpus's
#      cf_branch kernels are decided by both path-checking engines' rules;
#  (e) every example of the dialect reference (docs/HIVMDialect.md) parses.
# Parts needing ../shared/hivm-reference are skipped without it.
set -u
ksv=${1:?usage: syntax_test.sh KSV SOURCE_ROOT}
root=${2:?usage: syntax_test.sh KSV SOURCE_ROOT}
ref=${KSV_REFERENCE_DIR:-$root/../shared/hivm-reference}
syn=$root/tests/syntax
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
nolines() { sed -E 's/ [0-9]+:[0-9]+ / /; s/(branch|loop|trip of loop) [0-9]+:[0-9]+/\1/g'; }

# (a) hacc.target
for t in Ascend910B4:a2:1 Ascend910_9362:a2:1 Ascend910_9589:a5:0 \
         Ascend950PR_9579:a5:0; do
  IFS=: read -r name prof want <<<"$t"
  sed "s/TARGET/$name/" "$syn/target_vv.mlir" >"$tmp/tv.mlir"
  "$ksv" check "$tmp/tv.mlir" >"$tmp/tv.txt" 2>&1; rc=$?
  if [ $rc = "$want" ] && { [ "$want" = 0 ] || grep -q '\[pipe-hazard\]' "$tmp/tv.txt"; }; then
    ok; else bad "hacc.target $name: check exit $rc (want $want)"; fi
  "$ksv" dump "$tmp/tv.mlir" | grep -q "^kernel vv (single core, $prof)" &&
    ok || bad "hacc.target $name: dump does not say $prof"
  "$ksv" sim "$tmp/tv.mlir" >/dev/null 2>&1; rc=$?
  [ $rc = "$want" ] && ok || bad "hacc.target $name: sim exit $rc (want $want)"
  "$ksv" check --format json "$tmp/tv.mlir" 2>/dev/null | tee "$tmp/tv.json" |
    grep -q "\"arch\": \"$prof\"" && ok || bad "hacc.target $name: JSON arch"
  python3 "$root/tests/validate_json.py" "$tmp/tv.json" && ok ||
    bad "hacc.target $name: the JSON does not fit docs/report.schema.json"
  other=$([ "$prof" = a2 ] && echo a5 || echo a2)
  "$ksv" check --arch "$other" "$tmp/tv.mlir" >/dev/null 2>&1; rc=$?
  [ $rc = $((1 - want)) ] && ok || bad "hacc.target $name: --arch $other does not override (exit $rc)"
done
sed "s/TARGET/Ascend310P3/" "$syn/target_vv.mlir" >"$tmp/tu.mlir"
"$ksv" check "$tmp/tu.mlir" >"$tmp/tu.txt" 2>&1; rc=$?
if [ $rc = 1 ] && grep -q 'tu.mlir:4:[0-9]*: warning: target "Ascend310P3" names no device' "$tmp/tu.txt" &&
   grep -q '\[pipe-hazard\]' "$tmp/tu.txt"; then ok
else bad "unknown target: exit $rc, not a located warning and a2"; cat "$tmp/tu.txt"; fi

# (b) the mmad library's handshake
if "$ksv" dump --arch a5 "$root/corpus/mmad_library/ok.mlir" |
     grep -q 'PIPE_MTE1 implicit(mmad library) wait_flag PIPE_M -> PIPE_MTE1 id=1'; then
  ok; else bad "dump shows no implicit(mmad library) wait"; fi
if [ -d "$ref/tests" ]; then
  "$ksv" check "$ref/tests/IR_ops.mlir" >"$tmp/ir.txt" 2>&1
  if grep -q 'no sync from PIPE_M to PIPE_MTE1' "$tmp/ir.txt"; then
    bad "IR_ops.mlir: consecutive mmadL1s still race M -> MTE1"
    grep 'PIPE_M to PIPE_MTE1' "$tmp/ir.txt" | head -3
  else ok; fi
  "$ksv" dump "$ref/tests/IR_ops.mlir" 2>/dev/null | awk '/^kernel /{k=($2=="test_mmadL1")} k' |
    grep -c 'implicit(mmad library)' | grep -qx 32 && ok ||
    bad "IR_ops.mlir test_mmadL1: not 4 x 8 library syncs on a2"
fi
for f in bug_missing_preset_e1 bug_no_drain bug_hand_pair; do
  src=$root/corpus/mmad_library/$f.mlir
  for a in a2 a5; do
    "$ksv" fix --arch $a --diff "$src" >"$tmp/fx.diff" 2>/dev/null; rc=$?
    if [ $rc = 0 ] && ! grep -q '^[-+] .*mmadL1' "$tmp/fx.diff" &&
       grep -Eq '^[-+] +hivm.hir.(set|wait)_flag\[<PIPE_M>, <PIPE_MTE1>' "$tmp/fx.diff"; then ok
    else bad "ksv fix $f ($a): exit $rc, or it edits the mmadL1"; cat "$tmp/fx.diff"; fi
  done
done

# (c) the generic form: the same kernel as the custom form
same() { # GENERIC CUSTOM
  if diff <("$ksv" dump "$1" 2>&1 | nolines) <("$ksv" dump "$2" 2>&1 | nolines) >"$tmp/d"; then
    ok; else bad "$(basename "$1") and $(basename "$2") differ:"; head -5 "$tmp/d"; fi
}
same "$syn/generic_vec_add_db.mlir" "$root/corpus/vec_add_db/ok.mlir"
same "$syn/generic_cube_matmul.mlir" "$root/corpus/cube_matmul/ok.mlir"
same "$syn/misc_generic.mlir" "$syn/misc_custom.mlir"
for a in a2 a5; do
  "$ksv" check --arch $a "$syn/forms.mlir" >"$tmp/forms.txt" 2>&1; rc=$?
  if [ $rc = 0 ] && ! grep -q ': warning:\|: error:' "$tmp/forms.txt"; then ok
  else bad "forms.mlir ($a): exit $rc"; cat "$tmp/forms.txt"; fi
done
# without the wait, the generic-form load races the vabs: it was read as
# an MTE2 load, not skipped
grep -v 'wait_flag\[<PIPE_MTE2>, <PIPE_V>' "$syn/forms.mlir" >"$tmp/forms_bug.mlir"
"$ksv" check "$tmp/forms_bug.mlir" >"$tmp/fb.txt" 2>&1
grep -q 'vabs at .* may read ub.* while the load at .* on PIPE_MTE2 .*\[race\]' "$tmp/fb.txt" &&
  ok || { bad "forms.mlir without its wait: no race of the generic load"; cat "$tmp/fb.txt"; }

# (d) cf
"$ksv" check "$syn/cf_cycle.mlir" >"$tmp/cy.txt" 2>&1; rc=$?
if [ $rc = 3 ] && grep -q 'unknown.*the cf.br at 13:3 closes a cycle of blocks' "$tmp/cy.txt"; then ok
else bad "cf_cycle.mlir: exit $rc"; cat "$tmp/cy.txt"; fi
for a in a2 a5; do
  out=$("$ksv" check --engine smt --arch $a "$root/corpus/cf_branch/bug_set_one_path.mlir" 2>&1)
  grep -q 'bug_set_one_path.mlir:26:5: error: wait_flag.*waits forever.*\[deadlock\]' <<<"$out" &&
    grep -q 'witness: .*branch at 19:5 not taken' <<<"$out" && ok ||
    { bad "cf_branch/bug_set_one_path ($a): the SMT engine misses the path"; echo "$out"; }
  "$ksv" check --engine smt --arch $a "$root/corpus/cf_branch/ok_join.mlir" >/dev/null 2>&1 &&
    ok || bad "cf_branch/ok_join ($a): not clean"
done

# both engines and the simulator on the new corpus kernels: the mmad
# library's (concrete), and the cf_branch kernels made concrete by a
# constant %mode for each path (the graph engine then decides the lowered
# branches too); findings must be the same (rule and line), and the
# simulator must see a finding exactly when an error is reported
fl() { sed -n -E 's/^[^:]+:([0-9]+):[0-9]+: (error|warning): .*\[([a-z-]+)\]$/\1 \3/p' | sort; }
agree() { # FILE ARCH
  g=$("$ksv" check --engine graph --arch "$2" "$1" 2>&1 | fl)
  m=$("$ksv" check --engine smt --arch "$2" "$1" 2>&1 | fl)
  "$ksv" sim --runs 10 --arch "$2" "$1" >/dev/null 2>&1; src=$?
  errs=$(grep -vc 'redundant' <<<"$g" | tr -d ' ')
  [ -z "$g" ] && errs=0
  if [ "$g" = "$m" ] && { { [ "$errs" -gt 0 ] && [ $src = 1 ]; } ||
                          { [ "$errs" = 0 ] && [ $src = 0 ]; }; }; then ok
  else bad "$(basename "$1") ($2): graph [$g] smt [$m] sim exit $src"; fi
}
for f in "$root"/corpus/mmad_library/*.mlir; do
  for a in a2 a5; do agree "$f" $a; done
done
for f in "$root"/corpus/cf_branch/*.mlir; do
  for v in 0 1 5; do
    sed -e 's/, %mode: i32)/)/' \
        -e "0,/^    %c0_i64 = arith.constant 0 : i64/s//    %mode = arith.constant $v : i32\n&/" \
        "$f" >"$tmp/cf$v.mlir"
    grep -q "%mode = arith.constant $v" "$tmp/cf$v.mlir" ||
      { bad "$(basename "$f"): no %mode to make concrete"; continue; }
    for a in a2 a5; do agree "$tmp/cf$v.mlir" $a; done
  done
done

# (e) the examples of the dialect reference
doc=$ref/docs/HIVMDialect.md
if [ -f "$doc" ]; then
  n=$(python3 "$root/tests/syntax/docex.py" "$doc" "$tmp/docex.mlir")
  "$ksv" dump "$tmp/docex.mlir" >"$tmp/docex.out" 2>"$tmp/docex.err"; rc=$?
  if [ $rc = 0 ] && [ "${n:-0}" -ge 20 ] && ! grep -q 'error:' "$tmp/docex.err" &&
     [ "$(grep -c '^kernel ' "$tmp/docex.out")" = "$n" ]; then ok
  else bad "HIVMDialect.md examples: exit $rc, $n examples"; grep error: "$tmp/docex.err" | head; fi
fi

echo "syntax: $pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
