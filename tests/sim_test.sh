#!/usr/bin/env bash
# The Cube/Vector simulator (`ksv sim`, docs/simulator.md) against the
# static engines and its own contract:
#  (a) every correct corpus kernel (corpus/*/ok*.mlir and the Ascend C
#      corpus/asc_*/ok*.cpp that `ksv check` reports clean: the 1:2 MIX
#      block index of corpus/asc_mix_fa/ok.cpp once showed AIV0-AIV1 races
#      here) and tests/sim/*.mlir show no dynamic finding in 100
#      jittered runs, on a2 and a5 (kernels that are not concrete: exit 3,
#      counted as skipped);
#  (b) every static race / pipe-hazard / xcore-race of the corpus bug files
#      (HIVM and Ascend C)
#      manifests when its pair is replayed (--replay PRIMARY,RELATED: the
#      finding's line, its first `note: conflicting` line and the rule), every
#      deadlock shows stuck pipes, every double-set / flag-overflow shows
#      when its set is replayed (--replay SET), under both flag models
#      (--flag-model count: a double-set warning is two sets landing with
#      no wait of the flag between them in program order; bit: a set
#      landing on a set flag);
#  (c) the trace of corpus/flash_attn_fwd/ok.mlir has the Trace Event
#      Format's required fields, and tests/trace_check.py holds on the
#      traces of it, of stuck runs and of the pipelining kernels (nesting
#      per track, microseconds, an overlap that matches the figures);
#  (d) tests/sim/pipelined.mlir overlaps Cube and Vector more than
#      tests/sim/serialized.mlir;
#  (e) exit codes, determinism of --seed, --cost files;
#  (f) the same replays on random kernels from tests/gen/kgen, and no
#      dynamic finding the static engines do not explain (under counting
#      flags no exception at all; under one bit what a lost set causes).
# usage: sim_test.sh KSV SOURCE_ROOT [KGEN]
set -u
ksv=$1
root=$2
kgen=${3:-}
pass=0 fail=0 skip=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# ---------------------------------------------------------------- (a)
for f in "$root"/corpus/*/ok*.mlir "$root"/corpus/*/ok*.cpp "$root"/tests/sim/*.mlir; do
  for arch in a2 a5; do
    "$ksv" check --no-redundant --arch "$arch" "$f" >/dev/null 2>&1 || continue
    out=$("$ksv" sim --arch "$arch" --runs 100 --seed 7 "$f" 2>&1)
    rc=$?
    if [ $rc -eq 3 ]; then
      skip=$((skip + 1))
    elif [ $rc -eq 0 ] && ! grep -q ': error: ' <<<"$out"; then
      ok
    else
      bad "(a) $f ($arch): exit $rc"
      grep ': error: ' <<<"$out" | head -5
    fi
  done
done

# (a') the correct symbolic kernels (unknown trip counts, branches, block
# index, run-time event ids: `ksv check` proves them for every value) on
# the concrete copies some values select (--set), 100 jittered runs each
symsets=(
  "dynamic_event_id/ok.mlir|%arg3=0|%arg3=1|%arg3=2|%arg3=5"
  "dynamic_event_id/ok_counter.mlir|%arg3=0|%arg3=1|%arg3=4"
  "runtime_branch/ok.mlir|%arg3=0|%arg3=1"
  "runtime_branch/ok_correlated.mlir|%arg3=0|%arg3=1"
  "trip_precredit/ok.mlir|%arg2=0|%arg2=1|%arg2=3"
  "asc_tiling_loop/ok.cpp|%tileNum=0 %usedCoreNum=2 block_idx=0|%tileNum=1 %usedCoreNum=2 block_idx=1|%tileNum=3 %usedCoreNum=2 block_idx=1|%tileNum=3 %usedCoreNum=2 block_idx=3"
  "grid_stride/ok.mlir|%arg4=5 block_idx=0 block_num=2|%arg4=5 block_idx=1 block_num=2|%arg4=1 block_idx=3 block_num=4"
  "xflag_rotate/ok.mlir|block_idx=0|block_idx=1|block_idx=3"
)
for e in "${symsets[@]}"; do
  IFS='|' read -r -a parts <<<"$e"
  f=$root/corpus/${parts[0]}
  for arch in a2 a5; do
    "$ksv" check --no-redundant --arch "$arch" "$f" >/dev/null 2>&1 || continue
    for vals in "${parts[@]:1}"; do
      args=()
      for v in $vals; do args+=(--set "$v"); done
      out=$("$ksv" sim --arch "$arch" --runs 100 --seed 7 "${args[@]}" "$f" 2>&1)
      rc=$?
      if [ $rc -eq 0 ] && grep -q "1 kernel simulated, 0 dynamic" <<<"$out"; then
        ok
      else
        bad "(a') $f ($arch, $vals): exit $rc"
        grep ': error: ' <<<"$out" | head -5
      fi
    done
  done
done
# --set: a name the kernel lacks is bad input; a value left open, unknown
"$ksv" sim --set %nope=1 "$root/corpus/trip_precredit/ok.mlir" >"$tmp/set.txt" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q ':[0-9]*:[0-9]*: error: --set: %nope is not' "$tmp/set.txt"; then ok
else bad "--set of an unknown name: exit $rc"; cat "$tmp/set.txt"; fi
"$ksv" sim --set block_idx=1 "$root/corpus/grid_stride/ok.mlir" >"$tmp/set.txt" 2>&1
rc=$?
if [ $rc -eq 3 ] && grep -q 'not simulated: .*(give its value with --set)' "$tmp/set.txt"; then ok
else bad "--set leaving a trip count open: exit $rc"; cat "$tmp/set.txt"; fi

# ---------------------------------------------------------------- (b)
# replay_findings FILE TAG MODEL: every static race / deadlock / flag
# finding of FILE on both profiles shows on the simulator, both under the
# flag model MODEL
replay_findings() {
  local f=$1 tag=$2 fm=$3 arch chk finds rule prim rel out rc esc good
  for arch in a2 a5; do
    # kernels that are not concrete are not simulated (exit 3)
    "$ksv" sim --arch "$arch" "$f" >/dev/null 2>&1
    if [ $? -eq 3 ]; then
      skip=$((skip + 1))
      continue
    fi
    chk=$("$ksv" check --no-redundant --arch "$arch" --flag-model "$fm" "$f" 2>&1)
    # one line per finding: RULE PRIMARY [RELATED]: for races the first
    # `note: conflicting` line, for double sets the earlier set's note (an
    # inlining-chain note of a C++ kernel, `note: in F, called from G`, and
    # the root-cause notes of docs/root-causes.md are not the related
    # access)
    finds=$(awk '
      /^[^:]+:[0-9]+:[0-9]+: (error|warning): / {
        if (pend != "") print pend
        pend = ""; want = 0 }
      match($0, /^[^:]+:[0-9]+:[0-9]+: (error: .*\[(race|pipe-hazard|xcore-race|deadlock|double-set|flag-overflow)|warning: .*\[double-set)\]$/) {
        split($0, p, ":"); rule = $0; sub(/.*\[/, "", rule); sub(/\]$/, "", rule)
        pend = rule " " p[2] ":" p[3]; want = (rule ~ /race|hazard|double/); next }
      want && /: note: / && !/: note: (witness|and [0-9]+ more|in [^ ]+, called from |root cause [0-9]+: |follows from root cause |consequence: |fix of root cause )/ {
        split($0, p, ":"); print pend " " p[2] ":" p[3]; pend = ""; want = 0; next }
      END { if (pend != "") print pend }' <<<"$chk")
    [ -n "$finds" ] || continue
    while read -r rule prim rel; do
      case $rule in
        deadlock) out=$("$ksv" sim --arch "$arch" --flag-model "$fm" "$f" 2>&1) ;;
        double-set|flag-overflow) out=$("$ksv" sim --arch "$arch" --flag-model "$fm" --replay "$prim${rel:+,$rel},$rule" "$f" 2>&1) ;;
        *) out=$("$ksv" sim --arch "$arch" --flag-model "$fm" --replay "$prim,$rel,$rule" "$f" 2>&1) ;;
      esac
      rc=$?
      if [ $rc -eq 3 ]; then
        skip=$((skip + 1))
        continue
      fi
      esc=$(sed 's/[.[\*^$/]/\\&/g' <<<"$f")
      case $rule in
        deadlock)
          good=$(grep -c -E "^$esc:[0-9]+:[0-9]+: error: .*\[deadlock\]$" <<<"$out")
          [ "$good" -gt 0 ] && grep -q ': note: stuck: ' <<<"$out" || good=0 ;;
        double-set|flag-overflow)
          # (counting flags: a double set is a warning, exit 0 if alone)
          good=$(grep -c -E "^$esc:$prim: (error|warning): .*\[$rule\]$" <<<"$out")
          [ "$fm" = count ] && [ $rule = double-set ] && [ $rc -eq 0 ] && rc=1 ;;
        *)
          good=$(grep -A1 -E "^$esc:$prim: error: .*\[$rule\]$" <<<"$out" |
                 grep -c -E "^$esc:$rel: note: conflicting ")
          grep -q 'replay: the pair overlapped' <<<"$out" || good=0 ;;
      esac
      if [ $rc -eq 1 ] && [ "$good" -gt 0 ]; then
        ok
      else
        bad "($tag) $f ($arch): static $rule at $prim${rel:+ with $rel} not shown by the simulator (exit $rc)"
        grep -E 'error:|replay:' <<<"$out" | head -4
      fi
    done <<<"$finds"
  done
}
# KSV_SIM_STRIDE=N: every Nth bug file only (scripts/sanitize.sh takes a
# share under the sanitizers; the normal suite replays them all)
nth=0
while IFS= read -r f; do
  nth=$((nth + 1))
  [ $(((nth - 1) % ${KSV_SIM_STRIDE:-1})) -eq 0 ] || continue
  for fm in count bit; do
    replay_findings "$f" b $fm
  done
done < <(grep -l -E 'expect(\([a-z0-9, ]+\))?:.*(race|pipe-hazard|deadlock|double-set|flag-overflow)' "$root"/corpus/*/bug*.mlir "$root"/corpus/*/bug*.cpp "$root"/tests/sim/bug*.mlir)

# ---------------------------------------------------------------- (c)
fa="$root/corpus/flash_attn_fwd/ok.mlir"
if "$ksv" sim --trace "$tmp/fa.json" "$fa" >/dev/null &&
   python3 - "$tmp/fa.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
ev = d["traceEvents"]
assert isinstance(ev, list) and ev, "no traceEvents"
kinds = {}
for e in ev:
    for k in ("name", "ph", "ts", "pid", "tid"):
        assert k in e, "event without %s: %r" % (k, e)
    assert isinstance(e["ts"], (int, float)) and e["ts"] >= 0
    assert isinstance(e["pid"], int) and isinstance(e["tid"], int)
    if e["ph"] == "X":
        assert isinstance(e.get("dur"), (int, float)) and e["dur"] >= 0, e
    if e["ph"] in ("s", "f"):
        assert "id" in e, e
    kinds[e["ph"]] = kinds.get(e["ph"], 0) + 1
assert kinds.get("X", 0) > 100, kinds
assert kinds.get("s", 0) > 0 and kinds.get("s") == kinds.get("f"), kinds
assert kinds.get("M", 0) >= 3, kinds
tracks = {(e["pid"], e["tid"]) for e in ev if e["ph"] == "X"}
assert len({p for p, _ in tracks}) == 3, tracks   # AIC, AIV0, AIV1
EOF
then ok; else bad "(c) trace of $fa"; fi
# (c') tests/trace_check.py: per track the slices nest or are disjoint
# (Perfetto's rule), ts/dur are microseconds at 1 cycle = 1 ns, flows sit
# in slices of their tracks, and the Cube/Vector overlap the trace shows is
# the figure `ksv sim` prints -- on flash_attn_fwd (which does not
# pipeline: 0), stuck runs, and the pipelining kernels, which must show
# an overlap: flash_attn_fwd/ok_preload (the same kernel with a preload),
# fa_preload (its preload ring, made concrete with --set) and
# tests/sim/pipelined.mlir
ovl_of() { sed -n -E 's/^  cube\/vector overlap: ([0-9.]+) .*/\1/p'; }
trace_case() { # MIN-OVERLAP ARCH FILE [SIM-ARGS...]
  local min=$1 arch=$2 f=$3 out o
  shift 3
  rm -f "$tmp/tr.json"
  out=$("$ksv" sim --arch "$arch" "$@" --trace "$tmp/tr.json" "$f" 2>&1)
  o=$(ovl_of <<<"$out")
  if [ -s "$tmp/tr.json" ] &&
     python3 "$root/tests/trace_check.py" "$tmp/tr.json" ${o:+--overlap "$o"} \
       ${min:+--min-overlap "$min"}; then
    ok
  else
    bad "(c') trace of $f ($arch $*): overlap '$o', want at least '${min:-any}'"
  fi
}
fpset=(--set %arg6=1 --set block_idx=0 --set block_num=1)
for arch in a2 a5; do
  trace_case "" "$arch" "$fa"
  trace_case "" "$arch" "$root/corpus/flash_attn_fwd/bug_deadlock_order.mlir"
  trace_case "" "$arch" "$root/corpus/lone_aiv/bug_no_preset.mlir"
  trace_case 0.02 "$arch" "$root/corpus/flash_attn_fwd/ok_preload.mlir"
  trace_case 0.02 "$arch" "$root/corpus/fa_preload/ok.mlir" "${fpset[@]}"
  trace_case 0.02 "$arch" "$root/tests/sim/pipelined.mlir"
  o=$("$ksv" sim --arch "$arch" "$fa" | ovl_of)
  [ "$o" = 0.0000 ] && ok ||
    bad "(c') $fa ($arch) overlaps ($o): docs/simulator.md says it does not pipeline"
done

# ---------------------------------------------------------------- (d)
ovl() { "$ksv" sim --arch "$1" "$2" | sed -n -E 's/^  cube\/vector overlap: ([0-9.]+) .*/\1/p'; }
for arch in a2 a5; do
  p=$(ovl "$arch" "$root/tests/sim/pipelined.mlir")
  s=$(ovl "$arch" "$root/tests/sim/serialized.mlir")
  if [ -n "$p" ] && [ -n "$s" ] && awk -v p="$p" -v s="$s" 'BEGIN { exit !(p > s && p > 0.02) }'; then
    ok
  else
    bad "(d) overlap ($arch): pipelined '$p' not above serialized '$s'"
  fi
done

# ---------------------------------------------------------------- (e)
vdb="$root/corpus/vec_add_db/ok.mlir"
a=$("$ksv" sim --runs 30 --seed 5 "$vdb"); b=$("$ksv" sim --runs 30 --seed 5 "$vdb")
c=$("$ksv" sim --runs 30 --seed 6 "$vdb")
if [ "$a" = "$b" ] && [ "$a" != "$c" ] && grep -q 'over 30 runs min' <<<"$a"; then ok
else bad "(e) --seed is not deterministic, or has no effect"; fi
cyc() { sed -n -E 's/^  cycles: ([0-9]+).*/\1/p'; }
n0=$("$ksv" sim "$vdb" | cyc)
printf '# slow vector unit and GM\nv.bw = 1\nmte2.startup = 1000 # cycles\n' >"$tmp/slow.cost"
n1=$("$ksv" sim --cost "$tmp/slow.cost" "$vdb" | cyc)
if [ -n "$n0" ] && [ -n "$n1" ] && [ "$n1" -gt $((n0 + 1000)) ]; then ok
else bad "(e) --cost had no effect ($n0 -> $n1)"; fi
printf 'no.such.key = 3\n' >"$tmp/bad.cost"
"$ksv" sim --cost "$tmp/bad.cost" "$vdb" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "(e) an unknown cost key is not bad input"
"$ksv" sim "$root/corpus/runtime_branch/ok.mlir" >/dev/null 2>&1
[ $? -eq 3 ] && ok || bad "(e) a kernel that is not concrete does not exit 3"
printf 'module {\n  func.func @k( {\n' >"$tmp/broken.mlir"
"$ksv" sim "$tmp/broken.mlir" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "(e) broken input does not exit 2"
"$ksv" sim --replay 1:1,2:2 "$vdb" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "(e) --replay of no instruction does not exit 2"
"$ksv" sim --runs 0 "$vdb" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "(e) --runs 0 is accepted"
printf 'queue_depth = 1\n' >"$tmp/q1.cost"
out=$("$ksv" sim --cost "$tmp/q1.cost" "$root/tests/sim/queue.mlir")
[ $? -eq 1 ] && grep -q '\[deadlock\]$' <<<"$out" && grep -q 'its queue is full' <<<"$out" &&
  ok || bad "(e) a full issue queue does not stall the scalar unit"
out=$("$ksv" sim --runs 100 --seed 3 "$root/corpus/vec_add_db/bug_missing_mte2_v.mlir")
[ $? -eq 1 ] && grep -q -E 'in [0-9]+ of 100 runs, first in run [0-9]+\) \[pipe-hazard\]$' <<<"$out" &&
  ok || bad "(e) jittered runs do not count the runs that hit a finding"
out=$("$ksv" sim --runs 20 "$root/corpus/vec_add_db/bug_missing_drain.mlir")
[ $? -eq 1 ] && grep -q '\[unpaired-set\]$' <<<"$out" && ok ||
  bad "(e) unpaired-set not shown dynamically"

# ---------------------------------------------------------------- (f)
# Random kernels (tests/gen/kgen, fixed seed): every static finding
# replays (as in (b)), and the simulator finds nothing the static engines
# do not, except what docs/simulator.md says: with one-bit flags, after a
# double set lost a set, deadlocks, double sets and flags left set that
# count pairing does not predict; races in a kernel the static engines
# find a deadlock in (they do not report races behind a deadlock).
# Counting flags lose no set: there, a dynamic double set (a warning) must
# be one the static engines report too.
if [ -n "$kgen" ]; then
  "$kgen" --seed "${KSV_SIM_KGEN_SEED:-11}" --count "${KSV_SIM_KGEN_COUNT:-30}" "$tmp/kg" >/dev/null ||
    bad "(f) kgen failed"
  for f in "$tmp"/kg/*.mlir; do
    for fm in count bit; do
      replay_findings "$f" f $fm
      for arch in a2 a5; do
        dyn=$("$ksv" sim --arch "$arch" --flag-model $fm --runs 20 --seed 3 "$f" 2>&1)
        [ $? -eq 3 ] && continue
        st=$("$ksv" check --no-redundant --arch "$arch" --flag-model $fm "$f" 2>&1 |
             sed -n -E 's/^[^:]+:([0-9]+):[0-9]+: (error|warning): .*\[([a-z-]+)\]$/\1 \3/p' | sort -u)
        extra=$(sed -n -E 's/^[^:]+:([0-9]+):[0-9]+: (error|warning): .*\[([a-z-]+)\]$/\1 \3/p' <<<"$dyn" |
                sort -u | comm -23 - <(echo "$st"))
        unexplained=""
        while read -r line rule; do
          [ -n "$rule" ] || continue
          case $rule in
            race|pipe-hazard|xcore-race) grep -q ' deadlock$' <<<"$st" && continue ;;
            deadlock|double-set|unpaired-set)
              [ $fm = bit ] && grep -q '\[double-set\]$' <<<"$dyn" && continue ;;
          esac
          unexplained="$unexplained $line:$rule"
        done <<<"$extra"
        if [ -z "$unexplained" ]; then ok; else
          bad "(f) $f ($arch, --flag-model $fm): dynamic findings the static engines do not report:$unexplained"
        fi
      done
    done
  done
fi

echo "sim: $pass passed, $fail failed, $skip skipped (not concrete)"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
