# Turns the `// CHECK: <sync op>` lines of an inject-sync test into real
# ops at their positions.  Only plain sync ops with static ids are used; a
# chunk whose CHECK lines name syncs that cannot be inserted textually
# (SSA-valued ids, sync_related_args) is listed as "skip" on stderr.
# Usage: awk -f insert_checks.awk IN > OUT 2> VERDICTS
function flush() { printf "%s ", (skip ? "skip" : "use") > "/dev/stderr"; skip = 0 }
{
  if ($0 ~ /^[ \t]*\/\/ -----[ \t]*$/) { flush(); print; next }
  if (match($0, /^[ \t]*\/\/[ \t]*CHECK:[ \t]*hivm\.hir\.(set_flag|wait_flag|pipe_barrier)\[[^%{}]*\][ \t]*$/)) {
    line = $0
    ind = line; sub(/[^ \t].*$/, "", ind)
    op = line; sub(/^[ \t]*\/\/[ \t]*CHECK:[ \t]*/, "", op); sub(/[ \t]*$/, "", op)
    print ind op "   // inserted from CHECK"
    next
  }
  if ($0 ~ /\/\/[ \t]*CHECK[-A-Z]*:.*(set_flag|wait_flag|pipe_barrier|sync_related_args|%c\{\{)/) skip = 1
  print
}
END { flush(); printf "\n" > "/dev/stderr" }
