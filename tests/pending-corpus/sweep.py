#!/usr/bin/env python3
"""Checks the expectations of the pending symbolic corpus against concrete twins.

For every file listed in twins.txt, every assignment of its unknowns (the cartesian product of
the listed values, filtered by the optional `where` expression) gives a concrete twin
(twin.sh), checked by the graph engine on a2 and a5. The symbolic verdict is derived as
  errors and non-redundancy warnings: the union over all twins of (rule, line, related lines),
    keeping per key the largest count one twin reports;
  redundant-wait / redundant-barrier: reported only if no twin has an error, and then only
    those every twin reports (a sync is redundant only if removing it is safe for every value);
and compared with the file's `// expect:` comments.
usage: sweep.py KSV [-v] [--table] [FILE-SUBSTRING...]
  (run from anywhere; -v prints every twin's findings, --table the README table)
"""
import collections, itertools, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REDUNDANT = ("redundant-wait", "redundant-barrier")
PAIR_RULES = ("race", "pipe-hazard", "xcore-race", "double-set")


def expected(path, arch):
    out = collections.Counter()
    rx = re.compile(r"// *expect(\(a[25]\))?:[a-z, -]+")
    for n, line in enumerate(open(path), 1):
        for m in rx.finditer(line):
            s = m.group(0)
            if m.group(1) and m.group(1)[1:-1] != arch:
                continue
            for r in s.split(":", 1)[1].replace(" ", "").split(","):
                if r:
                    out[(n, r)] += 1
    return out


def specs():
    for line in open(os.path.join(HERE, "twins.txt")):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split("|")
        f, vars_ = parts[0].split()[0], parts[0].split()[1:]
        where = parts[1].strip() if len(parts) > 1 and parts[1].strip() else "True"
        # known graph-engine deviations from SEMANTICS.md: `| ignore LINE:RULE ...` drops them from
        # every twin (see README.md, "Graph-engine deviations")
        ignore = set()
        if len(parts) > 2:
            for x in parts[2].split()[1:]:
                l, r = x.split(":")
                ignore.add((int(l), r))
        doms = []
        spec = {}
        for v in vars_:  # name:type=v1,lo..hi,...
            nt, vals = v.split("=")
            name, ty = nt.split(":")
            spec[name] = "%s (%s)" % (vals, ty)
            items, vals = vals.split(","), []
            for it in items:  # v or lo..hi
                if ".." in it:
                    lo, hi = it.split("..")
                    vals += [str(i) for i in range(int(lo), int(hi) + 1)]
                else:
                    vals.append(it)
            doms.append((name, ty, vals))
        yield f, doms, where, ignore, spec


def run(ksv, path, arch):
    p = subprocess.run([ksv, "check", "--format", "json", "--arch", arch, path],
                       capture_output=True, text=True)
    if p.returncode > 1:
        return p.returncode, None, p.stdout + p.stderr
    doc = json.loads(p.stdout)
    c = collections.Counter()
    for f in doc["files"]:
        for d in f["diagnostics"]:
            if d["severity"] == "note":
                continue
            # a pair finding is identified by its other access / set; a deadlock's notes (the
            # cycle members, the other instances) vary with the unknowns, so only its line counts
            rel = (tuple(sorted(set(r["line"] for r in d.get("related", []))))
                   if d["rule"] in PAIR_RULES else ())
            c[(d["line"], d["rule"], rel)] += 1
    return p.returncode, c, ""


def main():
    ksv = os.path.abspath(sys.argv[1])
    verbose = "-v" in sys.argv
    filt = [a for a in sys.argv[2:] if not a.startswith("-")]
    bad = 0
    tmp = tempfile.mkdtemp(prefix="twins.")
    table = "--table" in sys.argv
    rows = []
    for f, doms, where, ignore, spec in specs():
        if filt and not any(x in f for x in filt):
            continue
        path = os.path.join(HERE, f)
        witness = {}
        for arch in ("a2", "a5"):
            union, red, any_err, per, ignored = collections.Counter(), None, False, [], set()
            for vals in itertools.product(*[d[2] for d in doms]):
                env = {d[0]: (int(v) if v.lstrip("-").isdigit() else v == "true") for d, v in zip(doms, vals)}
                if not eval(where, {}, env):
                    continue
                subs = ["%s=%s:%s" % (d[0], v, d[1]) for d, v in zip(doms, vals)]
                twin = os.path.join(tmp, f.replace("/", "__") + "." + "_".join(vals) + ".mlir")
                with open(twin, "w") as o:
                    subprocess.run([os.path.join(HERE, "twin.sh"), path] + subs, stdout=o, check=True)
                rc, c, err = run(ksv, twin, arch)
                label = " ".join(subs)
                if c is None:
                    print("ERROR %s %s %s: exit %d\n%s" % (f, arch, label, rc, err))
                    bad += 1
                    continue
                dropped = [k for k in c if (k[0], k[1]) in ignore]
                for k in dropped:
                    del c[k]
                if dropped:
                    ignored.add(label)
                errs = collections.Counter({k: n for k, n in c.items() if k[1] not in REDUNDANT})
                reds = set(k for k in c if k[1] in REDUNDANT)
                any_err |= bool(errs)
                red = reds if red is None else red & reds
                for k, n in errs.items():
                    union[k] = max(union[k], n)
                per.append((label, sorted(c.items())))
                for k in errs:
                    witness.setdefault((arch, k[0], k[1]), label)
            sym = collections.Counter()
            for (line, rule, _), n in union.items():
                sym[(line, rule)] += n
            if not any_err and red:
                for (line, rule, _) in red:
                    sym[(line, rule)] += 1
            exp = expected(path, arch)
            ok = sym == exp
            bad += not ok
            print("%s %-45s %s  %s" % ("ok  " if ok else "FAIL", f, arch,
                  ", ".join("%d:%s%s" % (l, r, "x%d" % n if n > 1 else "") for (l, r), n in sorted(sym.items())) or "clean"))
            if ignored:
                print("     (ignored %s on %d twins, e.g. %s)" % (" ".join("%d:%s" % k for k in sorted(ignore)), len(ignored), sorted(ignored)[0]))
            if not ok:
                print("     expected: " + (", ".join("%d:%s%s" % (l, r, "x%d" % n if n > 1 else "") for (l, r), n in sorted(exp.items())) or "clean"))
            if verbose or not ok:
                groups = collections.OrderedDict()
                for label, items in per:
                    key = ", ".join("%d:%s<-%s%s" % (l, r, list(rel), "x%d" % n if n > 1 else "") for (l, r, rel), n in items) or "clean"
                    groups.setdefault(key, []).append(label)
                for key, labels in groups.items():
                    more = " (+%d more)" % (len(labels) - 3) if len(labels) > 3 else ""
                    print("       %s\n           e.g. %s%s" % (key, "; ".join(labels[:3]), more))
        if table:
            # one row per file: each expected finding with the first twin that shows it
            exp = {a: expected(path, a) for a in ("a2", "a5")}
            cells = []
            for (line, rule) in sorted(set(exp["a2"]) | set(exp["a5"])):
                archs = [a for a in ("a2", "a5") if (line, rule) in exp[a]]
                n = max(exp[a][(line, rule)] for a in archs)
                w = witness.get((archs[0], line, rule), "?")
                cells.append("%d: %s%s%s [%s]" % (line, rule, " x%d" % n if n > 1 else "",
                             "" if len(archs) == 2 else " (%s only)" % archs[0], w))
            unk = " ".join("%s=%s" % (d[0], spec[d[0]]) for d in doms)
            if where != "True":
                unk += " if " + where
            rows.append("| `%s` | %s | %s |" % (f, unk.replace("|", "\\|"), "<br>".join(cells) or "clean"))
    if table:
        print("| file | twins (unknown values swept) | expected findings [first witness] |")
        print("|---|---|---|")
        print("\n".join(rows))
    print("sweep: %s" % ("all expectations match" if not bad else "%d mismatches" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
