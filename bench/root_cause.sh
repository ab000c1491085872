#!/usr/bin/env bash
# Root causes first (docs/root-causes.md): over every single-sync-deletion
# mutant of the correct corpus kernels (corpus/*/ok.mlir and
# corpus/asc_*/ok.cpp; each set/wait/barrier line deleted in turn), how
# often
#   - names: the first error ksv reports names the deleted sync's partner
#     (a set of a deleted wait, a wait of a deleted set: same pipes, and
#     same flag id for cross-core syncs; an mmadL1's implicit M->MTE1
#     handshake for an M->MTE1 set or wait) or its position (the code
#     line just before or after it, or the nearest statement before or
#     after it that is not a sync), at the error's own line or at the line of
#     the root cause it leads (JSON "cause"); "strictly": only the nearest
#     partner (a wait's set before it, a set's wait after it) counts;
#   - carries: under `check --fix` the first error carries the repair
#     itself (not "fixed by the repair at ...");
#   - restores: `ksv fix` gives the original text back (blanks aside), or
#     else a kernel that verifies and simulates clean (exit 0).
# Mutants without an error (the sync was redundant) are counted apart.
# "before": the same with the first error in line order, the order ksv
# reported in before root causes were grouped.
#
#   bash bench/root_cause.sh [--stride N] [--offset K] [--max-fix-seconds S]
#                            [--no-check-fix] [--verbose] [KSV [ROOT]]
#     --stride N: every Nth mutant only, from the Kth (default 1, 0)
#     --max-fix-seconds S: handed to ksv fix; check --fix is stopped after
#       twice that (default 30)
#     --no-check-fix: skip the "carries" figure (one check --fix less)
#     --no-fix: skip the "restores" figure (no ksv fix run: a quick look)
#     KSV default build/ksv, ROOT (the source tree) default .
# Prints one line per missed mutant with --verbose (MISSED: no partner or
# position; LOOSE: not the nearest), then the figures.
set -u
stride=1 offset=0 verbose=0 fixs=30 checkfix=1 runfix=1
while [ $# -gt 0 ]; do
  case $1 in
    --stride) stride=$2; shift 2;;
    --stride=*) stride=${1#*=}; shift;;
    --offset) offset=$2; shift 2;;
    --offset=*) offset=${1#*=}; shift;;
    --max-fix-seconds) fixs=$2; shift 2;;
    --max-fix-seconds=*) fixs=${1#*=}; shift;;
    --no-check-fix) checkfix=0; shift;;
    --no-fix) runfix=0; shift;;
    --verbose) verbose=1; shift;;
    -h|--help) sed -n '2,31p' "$0"; exit 0;;
    *) break;;
  esac
done
ksv=${1:-build/ksv}
root=${2:-.}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
KSV=$ksv ROOT=$root TMP=$tmp STRIDE=$stride OFFSET=$offset VERBOSE=$verbose \
FIXS=$fixs CHECKFIX=$checkfix RUNFIX=$runfix \
python3 - <<'EOF'
import glob, json, os, re, subprocess, sys

ksv, root, tmp = os.environ["KSV"], os.environ["ROOT"], os.environ["TMP"]
stride, offset = int(os.environ["STRIDE"]), int(os.environ["OFFSET"])
verbose = os.environ["VERBOSE"] == "1"
fixs, checkfix = os.environ["FIXS"], os.environ["CHECKFIX"] == "1"
runfix = os.environ["RUNFIX"] == "1"

MLIR = re.compile(r"hivm\.hir\.(set_flag|wait_flag|pipe_barrier|"
                  r"sync_block_set|sync_block_wait)\b(.*)")
CPP = re.compile(r"\b(SetFlag|WaitFlag|PipeBarrier|CrossCoreSetFlag|"
                 r"CrossCoreWaitFlag|SyncAll|set_flag|wait_flag|"
                 r"pipe_barrier)\b(.*)")
PARTNER = {"set_flag": "wait_flag", "wait_flag": "set_flag",
           "sync_block_set": "sync_block_wait",
           "sync_block_wait": "sync_block_set",
           "SetFlag": "WaitFlag", "WaitFlag": "SetFlag",
           "CrossCoreSetFlag": "CrossCoreWaitFlag",
           "CrossCoreWaitFlag": "CrossCoreSetFlag"}

def code(line):
    return line.split("//", 1)[0]

def sync_of(line):
    """(op, key) of the sync statement on line, or None.  The key is what
    pairs a set with its wait: the pipes (intra-core; the event id may be
    a loop-carried value), the pipes and flag id (cross-core)."""
    c = code(line)
    m = MLIR.search(c) or CPP.search(c)
    if not m:
        return None
    op, rest = m.group(1), m.group(2)
    if op in ("sync_block_set", "sync_block_wait"):
        pipes = re.findall(r"<(PIPE_\w+)>", rest)
        flag = re.search(r"flag\s*=\s*(\w+)", rest)
        return op, (tuple(pipes), flag.group(1) if flag else "")
    if op in ("set_flag", "wait_flag"):
        return op, tuple(re.findall(r"PIPE_\w+", rest)[:2])
    if op in ("SetFlag", "WaitFlag"):
        ev = re.search(r"HardEvent::(\w+)", rest)
        return op, ev.group(1) if ev else ""
    if op in ("CrossCoreSetFlag", "CrossCoreWaitFlag"):
        arg = re.search(r"\(\s*([^),]+)", rest)
        return op, arg.group(1).strip() if arg else ""
    return op, None  # barriers: no partner

MMAD = re.compile(r"hivm\.hir\.mmadL1?\b")

def implicit_partner(op, key, line):
    """An mmadL1 / mmad op is the partner of an M->MTE1 set or wait: its
    implicit handshake (sync_related_args, or the mmad library's own) waits
    and sets that flag (SEMANTICS.md 1; docs/semantics-decisions.md 40)."""
    return (op in ("set_flag", "wait_flag") and
            key == ("PIPE_M", "PIPE_MTE1") and bool(MMAD.search(code(line))))

EVENT = re.compile(r"\bEVENT_ID(\d+)\b")

def event_of(line):
    """The literal event id of an intra-core set or wait (EVENT_IDn), or
    None for a run-time one (a loop-carried %ev, an event_t variable)."""
    c = code(line)
    m = MLIR.search(c) or CPP.search(c)
    args = m.group(2) if m else ""
    if "(" in args and not args.lstrip().startswith("["):
        args = args[args.rindex("("):]  # C++: the call's argument list
    e = EVENT.findall(args)
    return e[-1] if e else None

def same_flag(a, b):
    """Two intra-core syncs can name the same flag: equal literal ids, or
    one of them run-time."""
    ea, eb = event_of(a), event_of(b)
    return ea is None or eb is None or ea == eb

def around(js, i):
    """The 1-based lines of the last of js before i and the first after."""
    b = [j for j in js if j < i]
    a = [j for j in js if j > i]
    return {j + 1 for j in b[-1:] + a[:1]}

def ksv_run(args, timeout=600):
    try:
        p = subprocess.run([ksv] + args, capture_output=True, text=True,
                           timeout=timeout)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        return 3, ""

def first_errors(path, extra=(), timeout=600):
    """(first error as reported, first error in line order) or Nones."""
    rc, out = ksv_run(["check", "--format", "json", *extra, path], timeout)
    try:
        doc = json.loads(out)
    except ValueError:
        return None, None
    errs = [d for f in doc["files"] for d in f["diagnostics"]
            if d["severity"] == "error" and d["rule"] not in ("unknown",
                                                              "bad-input")]
    if not errs:
        return None, None
    return errs[0], min(errs, key=lambda d: (d["line"], d["column"]))

def norm(text):
    return [l.strip() for l in text.splitlines() if l.strip()]

files = sorted(glob.glob(os.path.join(root, "corpus/*/ok.mlir")) +
               glob.glob(os.path.join(root, "corpus/asc_*/ok.cpp")))
mutants = []
for f in files:
    lines = open(f).read().split("\n")
    for i, l in enumerate(lines):
        if sync_of(l):
            mutants.append((f, lines, i))
n = errs = named = strict = inorder = inorder_strict = byflag = 0
carried = textual = verified = 0
for idx, (f, lines, i) in enumerate(mutants):
    if idx % stride != offset % stride:
        continue
    n += 1
    op, key = sync_of(lines[i])
    mlines = lines[:i] + lines[i + 1:]
    mpath = os.path.join(tmp, os.path.basename(f))
    open(mpath, "w").write("\n".join(mlines))
    d, d0 = first_errors(mpath)
    label = "%s:%d (%s)" % (os.path.relpath(f, root), i + 1, op)
    if not d:
        if verbose:
            print("no error: " + label, flush=True)
        continue
    errs += 1
    # original line numbers (1-based) that name the deletion
    want, near = set(), set()
    if key is not None and op in PARTNER:
        part = [j + 1 for j, l in enumerate(lines)
                if j != i and (sync_of(l) == (PARTNER[op], key) or
                               implicit_partner(op, key, l))]
        want |= set(part)
        # strict: the nearest partner the pairing runs to (a wait's set
        # before it, a set's wait after it; else the other side's farthest)
        if part and "ait" in op:
            pre = [j for j in part if j <= i]
            near.add(pre[-1] if pre else part[-1])
        elif part:
            post = [j for j in part if j > i + 1]
            near.add(post[0] if post else part[0])
    code_lines = [j for j, l in enumerate(lines) if code(l).strip()]
    near |= around(code_lines, i)
    # and the nearest statement that is not a sync (a race is reported at
    # an access, never at a sync line between it and the deletion)
    near |= around([j for j in code_lines if not sync_of(lines[j])
                    and code(lines[j]).strip() not in ("}", "{")], i)
    want |= near
    # the partners that can carry the deleted sync's flag id, and the
    # position: what a reader would call "names the deleted sync"
    flagged = {j for j in want if j in near or
               same_flag(lines[i], lines[j - 1])}
    to_orig = lambda m: m if m <= i else m + 1  # mutant line -> original
    got = {to_orig(d["line"])}
    if isinstance(d.get("cause"), dict):
        got.add(to_orig(d["cause"]["line"]))
    ok_name = bool(got & want)
    named += ok_name
    strict += bool(got & near)
    byflag += bool(got & flagged)
    inorder += to_orig(d0["line"]) in want
    inorder_strict += to_orig(d0["line"]) in near
    if checkfix:
        fd, _ = first_errors(mpath, ["--fix"], 2 * int(fixs))
        c = fd.get("cause") if fd else None
        carried += bool(fd and (fd.get("fix") or
                                (isinstance(c, dict) and c.get("fix"))))
    ok_text = rc = None
    if runfix:
        fixed = os.path.join(tmp, "fixed")
        if os.path.exists(fixed):
            os.remove(fixed)
        rc, _ = ksv_run(["fix", "--sim-runs", "5", "--max-fix-seconds", fixs,
                         "-o", fixed, mpath])
        ok_text = os.path.exists(fixed) and norm(open(fixed).read()) == norm(
            "\n".join(lines))
        textual += ok_text
        verified += (not ok_text) and rc == 0
    ok_strict = bool(got & near)
    if verbose and not (ok_name and ok_strict and ok_text is not False):
        print("%s%s: first error %s at %d:%d%s; fix %s" % (
            "" if ok_strict else "LOOSE " if ok_name else "MISSED ", label,
            d["rule"], d["line"], d["column"], " (cause at %d)" %
            d["cause"]["line"] if isinstance(d.get("cause"), dict) else "",
            "not run" if ok_text is None else
            "restores the text" if ok_text else
            "verifies clean" if rc == 0 else "exit %d" % rc), flush=True)

pct = lambda a, b: 100.0 * a / b if b else 0.0
print("root_cause: %d mutants (stride %d), %d with errors" % (n, stride, errs))
print("root_cause: first error names the deleted sync's partner or position: "
      "%d of %d (%.1f %%); strictly (the nearest partner): %d (%.1f %%)" % (
          named, errs, pct(named, errs), strict, pct(strict, errs)))
print("root_cause: the same, with the deleted sync's flag id (equal "
      "EVENT_IDn, or one of them a run-time id): %d of %d (%.1f %%)" % (
          byflag, errs, pct(byflag, errs)))
print("root_cause: before grouping (first error in line order): "
      "%d of %d (%.1f %%); strictly: %d (%.1f %%)" % (
          inorder, errs, pct(inorder, errs), inorder_strict,
          pct(inorder_strict, errs)))
if checkfix:
    print("root_cause: first error carries the repair (its own or its "
          "cause's) under check --fix: %d of %d (%.1f %%)" % (
              carried, errs, pct(carried, errs)))
if runfix:
    print("root_cause: ksv fix restores the original text: %d of %d (%.1f %%); "
      "or else verifies clean: %d more (together %.1f %%)" % (
          textual, errs, pct(textual, errs), verified,
          pct(textual + verified, errs)))
EOF
