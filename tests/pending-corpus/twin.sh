#!/usr/bin/env bash
# Concrete twin of a symbolic kernel: every line defining one of the named SSA values
# (`%NAME = ...`, in every function of the file) is replaced, on the same line, by a constant,
# so line numbers and therefore expectations are unchanged.
#   usage: twin.sh FILE NAME=VALUE:TYPE...      (TYPE i1 takes VALUE true|false)
#   e.g.   twin.sh runtime_branch/ok.mlir has_res=false:i1 > /tmp/t.mlir
#          build/ksv check --arch a2 /tmp/t.mlir
set -eu
f=$1; shift
args=()
for s in "$@"; do
  name=${s%%=*}; rest=${s#*=}; val=${rest%%:*}; ty=${rest#*:}
  if [ "$ty" = i1 ]; then c="arith.constant $val"; else c="arith.constant $val : $ty"; fi
  grep -q "^ *%$name = " "$f" || { echo "twin.sh: no definition of %$name in $f" >&2; exit 2; }
  args+=(-e "s/^\( *\)%$name = .*\$/\1%$name = $c/")
done
sed "${args[@]}" "$f"
