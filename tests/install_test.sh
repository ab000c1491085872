#!/usr/bin/env bash
# shellcheck disable=SC2046  # option lists ($(opts_of ...)) split into words on purpose
# install_test.sh KSV BUILDDIR SRCDIR: `meson install --destdir` of the
# build puts ksv, the man page, the bash completion and the rules doc where
# they belong; the man page renders without warnings and names every
# option `ksv --help` lists; the completion offers the subcommands, each
# one's options (those --help lists for it) and the values of the options
# that take a fixed set.
set -uo pipefail
ksv=$1 build=$2 src=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# ------------------------------------------------------------ install
dest=$tmp/dest
meson install -C "$build" --no-rebuild --quiet --destdir "$dest" \
  >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; echo "FAIL: meson install"; exit 1; }
# the directories as configured (prefix, bindir, mandir, datadir)
prefix="" bindir="" mandir="" datadir=""
eval "$(python3 - "$build/meson-info/intro-buildoptions.json" <<'EOF'
import json, sys
opts = {o["name"]: o["value"] for o in json.load(open(sys.argv[1]))}
for k in ("prefix", "bindir", "mandir", "datadir"):
    print(f"{k}='{opts[k]}'")
EOF
)"
at() { case "$1" in /*) echo "$dest$1" ;; *) echo "$dest$prefix/$1" ;; esac; }
bin=$(at "$bindir")/ksv
man=$(at "$mandir")/man1/ksv.1
comp=$(at "$datadir")/bash-completion/completions/ksv
rules=$(at "$datadir")/doc/ksv/rules.md
for f in "$bin" "$man" "$comp" "$rules"; do
  [ -f "$f" ] || fail "not installed: ${f#"$dest"}"
done
[ -x "$bin" ] && "$bin" --version | grep -q '^ksv ' || fail "installed ksv does not run"
cmp -s "$rules" "$src/docs/rules.md" || fail "installed rules.md differs from docs/rules.md"
cmp -s "$man" "$src/docs/ksv.1" || fail "installed ksv.1 differs from docs/ksv.1"
[ $fails = 0 ] || exit 1

# ------------------------------------------------------------ man page
# man-db's own warnings (groff -ww through man), then groff's directly
LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$man" >"$tmp/man.txt" 2>"$tmp/man.err" ||
  fail "man -l exits $?"
[ -s "$tmp/man.err" ] && fail "man -l warns: $(head -5 "$tmp/man.err")"
groff -man -Tutf8 -ww -z "$man" 2>"$tmp/groff.err" || fail "groff exits $?"
[ -s "$tmp/groff.err" ] && fail "groff warns: $(head -5 "$tmp/groff.err")"
grep -q '^NAME' "$tmp/man.txt" && grep -q 'static synchronization verifier' "$tmp/man.txt" ||
  fail "man page renders without its NAME section"
version=$("$ksv" --version | sed -n '1s/^ksv //p')
grep -q "^\.TH KSV 1 .*\"ksv $version\"" "$man" || fail "ksv.1's .TH does not name ksv $version"

# every option of --help (the compiler's --cce-auto-sync, which --help
# names in a description, is not one of ksv's), by section
# (and of each command's own --help, which lists all of that command's:
# "cmd OPTION" lines from the "options:" section on)
"$ksv" --help >"$tmp/help.txt" || fail "ksv --help exits $?"
for c in check fix dump sim export; do
  "$ksv" $c --help >"$tmp/help.$c.txt" || fail "ksv $c --help exits $?"
done
python3 - "$tmp/help.txt" "$tmp"/help.*.txt >"$tmp/opts.txt" <<'EOF'
import re, sys
opt = re.compile(r"(?<![\w/-])--?[A-Za-z][A-Za-z0-9-]*")
sec = None  # the usage line's subcommand, or the options section
for line in open(sys.argv[1]):
    m = re.match(r"(?:usage:)?\s+ksv (\S+)", line) or \
        re.match(r"(check|fix|sim|dump|export) options", line)
    if m:
        sec = m.group(1)
    elif not line.strip():
        sec = None
    for o in opt.findall(line):
        if o != "--cce-auto-sync":
            print(sec or "none", o)
for path in sys.argv[2:]:
    cmd = path.rsplit(".", 2)[-2]
    rows = False
    for line in open(path):
        rows = rows or line.startswith("options:")
        if rows and line.startswith("  -"):  # an option row's names
            for o in opt.findall(line.split("  ", 2)[1]):
                print("own-" + cmd, o)
EOF
[ -s "$tmp/opts.txt" ] || fail "no options found in ksv --help"
while read -r _ o; do
  grep -Eq -- "(^|[^a-zA-Z0-9-])$o([^a-zA-Z0-9-]|$)" "$tmp/man.txt" ||
    fail "the man page does not name $o (ksv --help lists it)"
done <"$tmp/opts.txt"

# ------------------------------------------------------------ completion
# complete WORD...: what the completion offers for the last word
complete_words() {
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
           cd "$0" && _ksv && printf "%s\n" "${COMPREPLY[@]}"' "$tmp" "$comp" "$@"
}
offers() { # offers WORDS... -- EXPECTED...
  local words=() w
  while [ "$1" != -- ]; do words+=("$1"); shift; done
  shift
  complete_words "${words[@]}" >"$tmp/c.txt" || fail "completion of '${words[*]}' fails"
  for w in "$@"; do
    grep -qxF -- "$w" "$tmp/c.txt" || fail "'${words[*]}<TAB>' does not offer $w"
  done
}
offers ksv '' -- check dump fix sim export --version --help
offers ksv ch -- check
opts_of() { awk -v c="$1" '$1 == c {print $2}' "$tmp/opts.txt"; }
for c in check fix sim dump export; do
  [ -n "$(opts_of own-$c)" ] || fail "ksv $c --help lists no option"
  offers ksv $c - -- $(opts_of own-$c)
done
offers ksv '' -- $(opts_of --version)
offers ksv check --format '' -- text json junit sarif html
offers ksv fix --format '' -- text json
offers ksv export --format '' -- promela
offers ksv check --arch '' -- a2 a5
offers ksv sim --flag-model '' -- count bit
offers ksv check --engine '' -- auto graph smt
offers ksv check --fail-on w -- warning
offers ksv dump --assume-auto-sync '' -- on off
offers ksv check --lang '' -- auto hivm ascendc
complete_words ksv check --max-fix >"$tmp/c.txt"
grep -q . "$tmp/c.txt" && fail "'ksv check --max-fix' offers a fix-only option"
touch "$tmp/k1.mlir" "$tmp/k2.cpp"
offers ksv check --replay k -- k1.mlir k2.cpp # check's --replay is a switch
offers ksv fix -o k -- k1.mlir k2.cpp
complete_words ksv sim --replay '' >"$tmp/c.txt"
grep -q . "$tmp/c.txt" && fail "'ksv sim --replay' (L:C) offers files"

[ $fails = 0 ] && echo "install: ok ($(wc -l <"$tmp/opts.txt") option mentions checked)"
[ $fails = 0 ]
