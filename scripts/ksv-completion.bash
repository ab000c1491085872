# bash completion for ksv -- installed by `meson install` as
# share/bash-completion/completions/ksv (bash-completion loads it the first
# time `ksv` is completed); `source` it by hand otherwise.  Completes the
# subcommands, each one's options (the lists of `ksv --help`, which
# tests/install_test.sh compares with it), the values of the options that
# take a fixed set, and file names elsewhere.

_ksv_shared="-h --help --arch --flag-model --assume-auto-sync --lang -D"
_ksv_limits="--max-unroll --max-instances --max-memory-mb"
_ksv_prog="--progress --quiet -q"
_ksv_both="$_ksv_shared $_ksv_prog --entry --baseline --doc-url -j --explain
  --no-redundant --stats --replay --fail-on $_ksv_limits --require-complete
  --engine --timeout-ms --max-solver-seconds --max-seconds --trip-bound
  --require-unbounded"
_ksv_check="$_ksv_both --format -o --report --color --include --exclude
  --fix --sim-runs"
_ksv_fix="$_ksv_both --format -o --in-place --diff --allow-barrier-all
  --sim-runs --max-fix-seconds"
_ksv_dump="$_ksv_shared --entry $_ksv_limits"
# check only: suppression and configuration (docs/config.md)
_ksv_supp="--disable --enable --list-rules --config --no-config
  --show-suppressed"
_ksv_sim="$_ksv_shared $_ksv_prog $_ksv_limits --runs --seed --max-seconds --cost --trace --set
  --replay"
_ksv_export="$_ksv_shared --format --kernel --entry -o $_ksv_limits"

# _ksv_files: the words of COMPREPLY for file names matching $cur (with
# bash-completion's _filedir when it is loaded: quoting, ~, directories).
_ksv_files() {
  if declare -F _filedir >/dev/null; then
    _filedir
  else
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
  fi
}

_ksv() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  COMPREPLY=()
  if [ "$COMP_CWORD" -eq 1 ]; then
    mapfile -t COMPREPLY < <(compgen -W "check dump fix sim export --version --help --list-rules" -- "$cur")
    return 0
  fi
  local cmd=${COMP_WORDS[1]} vals=""
  case "$prev" in
    --arch) vals="a2 a5" ;;
    --flag-model) vals="count bit" ;;
    --assume-auto-sync) vals="on off" ;;
    --lang) vals="auto hivm ascendc" ;;
    --engine) vals="auto graph smt" ;;
    --fail-on) vals="error warning" ;;
    --color) vals="auto always never" ;;
    --report) # FORMAT=FILE: the format, then the file name after '='
      mapfile -t COMPREPLY < <(compgen -W "text= json= junit= sarif= html=" -- "$cur")
      compopt -o nospace 2>/dev/null
      return 0 ;;
    --format)
      case "$cmd" in
        export) vals="promela" ;;
        fix) vals="text json" ;;
        *) vals="text json junit sarif html" ;;
      esac ;;
    -o | --baseline | --cost | --trace | --config) _ksv_files; return 0 ;;
    --disable | --enable)
      vals=$("${COMP_WORDS[0]}" --list-rules 2>/dev/null | awk '{print $1}') ;;
    -j | -D | --entry | --kernel | --sim-runs | --max-unroll | --max-instances | \
      --max-memory-mb | --timeout-ms | --max-solver-seconds | --max-seconds | --trip-bound | \
      --max-fix-seconds | --runs | --seed | --set | --include | --exclude | \
      --doc-url)
      return 0 ;; # a number, a name or a location: nothing to offer
    --replay) [ "$cmd" = sim ] && return 0 ;; # check's --replay is a switch
  esac
  if [ -n "$vals" ]; then
    mapfile -t COMPREPLY < <(compgen -W "$vals" -- "$cur")
    return 0
  fi
  if [[ "$cur" == -* ]]; then
    local opts
    case "$cmd" in
      check) opts="$_ksv_check $_ksv_supp" ;;
      fix) opts=$_ksv_fix ;;
      dump) opts=$_ksv_dump ;;
      sim) opts=$_ksv_sim ;;
      export) opts=$_ksv_export ;;
      *) return 0 ;;
    esac
    mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
    return 0
  fi
  _ksv_files
}
complete -F _ksv ksv
