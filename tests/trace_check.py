#!/usr/bin/env python3
"""Checks a `ksv sim --trace` file against the Trace Event Format and the
rules Perfetto applies to it (docs/simulator.md, "Trace"):

- every event has its required fields; complete events ("X") a
  non-negative dur; flows ("s"/"f") an id, in pairs;
- time units: ts and dur are microseconds and a cycle is one nanosecond,
  so ts * 1000 is a whole number of nanoseconds whether an importer
  truncates or rounds it, and it equals the slice's args.start_cycle
  (args.end_cycle for ts + dur); otherData.total_cycles is the last end;
- per track (pid, tid) the slices nest or are disjoint (no partial
  overlap), every track carrying slices is named by a thread_name
  metadata event, every flow end lies inside a slice of its track;
- with --overlap F: the Cube/Vector overlap computed from the trace (the
  AIC's PIPE_M ops and any AIV's PIPE_V ops running together, over the
  run) equals F, the figure `ksv sim` printed, to 1e-4; with
  --min-overlap F it is at least F.

usage: trace_check.py TRACE [--overlap F] [--min-overlap F]
Exit 0 when every check holds, 1 with the failed checks on stderr.
"""
import json
import math
import sys


def ns(us):
    """Nanoseconds of a ts/dur, as a truncating and a rounding importer
    read it (both must agree)."""
    return int(math.floor(us * 1000.0)), int(round(us * 1000.0))


def union(iv):
    out = []
    for lo, hi in sorted(iv):
        if out and lo <= out[-1][1]:
            out[-1][1] = max(out[-1][1], hi)
        else:
            out.append([lo, hi])
    return out


def intersect(a, b):
    i = j = tot = 0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if hi > lo:
            tot += hi - lo
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return tot


def check(d, errs):
    ev = d.get("traceEvents")
    if not isinstance(ev, list) or not ev:
        errs.append("no traceEvents")
        return None
    other = d.get("otherData", {})
    if "1 ns" not in other.get("time_unit", ""):
        errs.append("otherData.time_unit does not state 1 cycle = 1 ns")
    procs, threads, tracks, flows = {}, {}, {}, []
    for e in ev:
        for k in ("name", "ph", "ts", "pid", "tid"):
            if k not in e:
                errs.append("event without %s: %r" % (k, e))
                return None
        if not isinstance(e["ts"], (int, float)) or e["ts"] < 0:
            errs.append("bad ts: %r" % e)
            continue
        if e["ph"] == "M":
            name = e.get("args", {}).get("name")
            if e["name"] == "process_name":
                procs[e["pid"]] = name
            elif e["name"] == "thread_name":
                threads[(e["pid"], e["tid"])] = name
        elif e["ph"] == "X":
            dur = e.get("dur")
            if not isinstance(dur, (int, float)) or dur < 0:
                errs.append("complete event without a dur >= 0: %r" % e)
                continue
            (t0, t1), (d0, d1) = ns(e["ts"]), ns(dur)
            if t0 != t1 or d0 != d1:
                errs.append("ts/dur not whole nanoseconds: %r" % e)
            a = e.get("args", {})
            if a.get("start_cycle") != t1 or a.get("end_cycle") != t1 + d1:
                errs.append("ts/dur (us) do not match the cycles in args "
                            "(1 cycle = 1 ns): %r" % e)
            tracks.setdefault((e["pid"], e["tid"]), []).append(
                (t1, t1 + d1, e))
        elif e["ph"] in ("s", "f"):
            if "id" not in e:
                errs.append("flow without id: %r" % e)
            t0, t1 = ns(e["ts"])
            if t0 != t1:
                errs.append("flow ts not whole nanoseconds: %r" % e)
            flows.append((e["ph"], e.get("id"), (e["pid"], e["tid"]), t1))
    return procs, threads, tracks, flows


def check_nesting(tracks, threads, errs):
    for tr, sl in tracks.items():
        if tr not in threads:
            errs.append("track %r has slices but no thread_name" % (tr,))
        stack = []
        for lo, hi, e in sorted(sl, key=lambda x: (x[0], -x[1])):
            while stack and stack[-1][1] <= lo:
                stack.pop()
            if stack and hi > stack[-1][1]:
                top = stack[-1][2]
                errs.append("partial overlap on track %r: %s [%d, %d) and "
                            "%s [%d, %d)" % (tr, top["name"], stack[-1][0],
                                             stack[-1][1], e["name"], lo, hi))
                return
            stack.append((lo, hi, e))


def check_flows(flows, tracks, errs):
    ends = {}
    for ph, fid, tr, t in flows:
        ends.setdefault(fid, []).append(ph)
        if not any(lo <= t <= hi for lo, hi, _ in tracks.get(tr, [])):
            errs.append("flow %s of id %r at %d ns is in no slice of its "
                        "track %r" % (ph, fid, t, tr))
            return
    for fid, phs in ends.items():
        if sorted(phs) != ["f", "s"]:
            errs.append("flow id %r has ends %r" % (fid, phs))
            return


def overlap(procs, threads, tracks, total):
    """The AIC's PIPE_M ops and the AIV's PIPE_V ops running together, as a
    fraction of the run (docs/simulator.md, Figures)."""
    m, v = [], []
    for (pid, tid), sl in tracks.items():
        pipe = (threads.get((pid, tid)) or "").split(" ")[0]
        core = procs.get(pid) or ""
        ops = [(lo, hi) for lo, hi, e in sl if e.get("cat") == "op" and hi > lo]
        if core == "AIC" and pipe == "PIPE_M":
            m += ops
        elif core.startswith("AIV") and pipe == "PIPE_V":
            v += ops
    return intersect(union(m), union(v)) / total if total else 0.0


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    want = floor = None
    args = argv[2:]
    while args:
        if args[0] == "--overlap":
            want = float(args[1])
        elif args[0] == "--min-overlap":
            floor = float(args[1])
        else:
            print("trace_check.py: unknown option %s" % args[0],
                  file=sys.stderr)
            return 2
        args = args[2:]
    with open(argv[1]) as f:
        d = json.load(f)
    errs = []
    got = check(d, errs)
    if got:
        procs, threads, tracks, flows = got
        check_nesting(tracks, threads, errs)
        check_flows(flows, tracks, errs)
        total = d.get("otherData", {}).get("total_cycles")
        # (a stuck wait is drawn to the end of the run, or from its issue on
        # when the scalar unit reached it later)
        last = max((hi for sl in tracks.values() for _, hi, e in sl
                    if not e.get("args", {}).get("stuck")), default=0)
        if total != last:
            errs.append("otherData.total_cycles %r is not the last end %d" %
                        (total, last))
        ov = overlap(procs, threads, tracks, total or 0)
        if want is not None and abs(ov - want) > 1e-4:
            errs.append("overlap from the trace %.4f, ksv sim says %.4f" %
                        (ov, want))
        if floor is not None and not ov >= floor:
            errs.append("overlap %.4f is below %.4f" % (ov, floor))
    for e in errs[:10]:
        print("trace_check: %s: %s" % (argv[1], e), file=sys.stderr)
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
