#!/usr/bin/env bash
# ci_build_test.sh SRCDIR: the build step of docs/ci.md's GitHub Actions
# workflow (scripts/ci-build.sh, through tests/ci_run.py) in a copy of the
# source outside git, with apt replaced by a recorder: every package counts
# as missing, `apt-get install` checks that each one it is given is a real,
# installed Debian package and only then lets pkg-config see that
# package's .pc files.  So the build proves that ksv configures and builds
# with tests off from exactly what the step installs -- no criterion --;
# then the binary must run, say `revision: unknown` (no git), and check
# a corpus kernel.
set -uo pipefail
src=$(cd "$1" && pwd)
tmp=$(mktemp -d /tmp/ksv-cibuild.XXXXXX)
trap '[ -n "${KSV_KEEP:-}" ] || rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# ------------------------------------ the workspace: ksv's source, no git
ws=$tmp/ws
mkdir -p "$ws/.ksv-src" "$ws/kernels"
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
  # the work tree as it is: tracked and new files, not the ignored builds
  git -C "$src" ls-files -co --exclude-standard -z |
    (cd "$src" && tar --null --ignore-failed-read -T - -cf - 2>/dev/null) | tar -xf - -C "$ws/.ksv-src"
else
  (cd "$src" && tar --exclude='./build*' --exclude=./.git -cf - .) | tar -xf - -C "$ws/.ksv-src"
fi
# the grammar fetch-grammar.sh put there (the step would fetch it with npm)
[ -f "$src/build-deps/tree-sitter-cpp/src/parser.c" ] || {
  echo "FAIL: no grammar in $src/build-deps (run scripts/fetch-grammar.sh)"; exit 1; }
mkdir -p "$ws/.ksv-src/build-deps"
cp -rL "$src/build-deps/tree-sitter-cpp" "$ws/.ksv-src/build-deps/"
cp "$src/corpus/vec_add_db/ok.mlir" "$src/corpus/vec_add_db/bug_double_set.mlir" "$ws/kernels/"

# ------------------------------------ apt, sudo and dpkg-query replaced
shim=$tmp/shim pc=$tmp/pc
mkdir -p "$shim" "$pc"
cat >"$shim/sudo" <<'EOF'
#!/bin/sh
exec "$@"
EOF
cat >"$shim/dpkg-query" <<'EOF'
#!/bin/sh
# every package is missing: the step must install what it needs
exit 1
EOF
cat >"$shim/apt-get" <<EOF
#!/usr/bin/env bash
set -u
[ "\$1" = update ] && exit 0
[ "\$1" = install ] || { echo "apt-get shim: \$*" >&2; exit 100; }
shift
for p in "\$@"; do
  case "\$p" in -*) continue ;; esac
  echo "\$p" >>"$tmp/installed.txt"
  /usr/bin/dpkg-query -W -f='\${Status}' "\$p" 2>/dev/null | grep -q "install ok installed" ||
    { echo "apt-get shim: \$p is not an installed Debian package here" >&2; exit 100; }
  /usr/bin/dpkg-query -L "\$p" | grep '\.pc\$' | while read -r f; do ln -sf "\$f" "$pc/"; done
done
EOF
chmod +x "$shim"/*
: >"$tmp/installed.txt"

# ------------------------------------ the step
env -u PKG_CONFIG_PATH PATH="$shim:$PATH" PKG_CONFIG_LIBDIR="$pc" \
  python3 "$src/tests/ci_run.py" github "$ws/.ksv-src/docs/ci.md" github "$ws" \
  --only "build ksv" >"$tmp/gh.json" 2>"$tmp/gh.log"
python3 - "$tmp/gh.json" <<'EOF' || { tail -30 "$tmp/gh.log"; fail "the build step failed"; }
import json, sys
s = json.load(open(sys.argv[1]))
st = [x for x in s["steps"] if x["name"] == "build ksv"][0]
sys.exit(0 if s["ok"] and st["ran"] and st["rc"] == 0 else 1)
EOF
echo "installed: $(tr '\n' ' ' <"$tmp/installed.txt")"
grep -qx libcriterion-dev "$tmp/installed.txt" && fail "the step installs criterion"
compgen -G "$pc/*criterion*" >/dev/null && fail "pkg-config saw criterion"
bdir=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["path"][0])' "$tmp/gh.json" 2>/dev/null)
[ -n "$bdir" ] && [ -x "$bdir/ksv" ] || { fail "the step puts no ksv on GITHUB_PATH"; exit 1; }

# ------------------------------------ what was built, and with what
meson introspect --buildoptions "$bdir" | python3 -c '
import json, sys
o = {x["name"]: x["value"] for x in json.load(sys.stdin)}
sys.exit(0 if o["tests"] is False else 1)' || fail "tests are on in the CI build"
meson introspect --dependencies "$bdir" | python3 -c '
import json, sys
names = {d["name"] for d in json.load(sys.stdin)}
# yaml-0.1: libyaml reads the project config .ksv.yaml (docs/config.md)
extra = names - {"jansson", "z3", "libxml-2.0", "yaml-0.1", "tree-sitter",
                 "threads", "m"}
print("dependencies:", " ".join(sorted(names)))
sys.exit(1 if extra else 0)' || fail "the CI build depends on more than Z3, libxml2, jansson, libyaml, tree-sitter"
meson introspect --targets "$bdir" | grep -q '"name": "test_frontend"' && fail "test programs built"
"$bdir/ksv" --version >"$tmp/version.txt" || fail "ksv --version exits $?"
grep -qx 'revision: unknown' "$tmp/version.txt" ||
  fail "outside git --version says: $(sed -n 2p "$tmp/version.txt")"
"$bdir/ksv" check "$ws/kernels/ok.mlir" >/dev/null || fail "ksv check ok.mlir exits $?"
"$bdir/ksv" check "$ws/kernels/bug_double_set.mlir" >/dev/null
[ $? = 1 ] || fail "ksv check bug_double_set.mlir does not find its bug"

[ $fails = 0 ] && echo "ci-build: ok (ksv built with tests off from what the step installs)"
[ $fails = 0 ]
