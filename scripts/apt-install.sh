#!/usr/bin/env bash
# ksv_apt_install PKG...: installs the Debian packages among PKG that are
# not installed (as root), or says what to install and exits 2.  Sourced
# by scripts/deps.sh and scripts/deps-robustness.sh.
ksv_apt_install() {
  local missing="" p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  [ -n "$missing" ] || return 0
  echo "ksv: installing missing packages:$missing"
  if [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq $missing >/dev/null
  else
    echo "ksv: run as root, or install them with: sudo apt-get install$missing" >&2
    exit 2
  fi
}
