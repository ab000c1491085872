#!/usr/bin/env python3
"""ci_run.py: runs the shell steps of ksv's CI definitions the way their CI
systems would, so tests can exercise them (tests/ci_snippets_test.sh,
tests/ci_build_test.sh, tests/integrations_test.sh).

  ci_run.py extract DOC MARK           print the YAML block of DOC marked
                                       <!-- ci-snippet: MARK -->
  ci_run.py github DOC MARK W [--only NAME | --skip NAME]...
                                       run the one job of the marked GitHub
                                       Actions workflow in workspace W
  ci_run.py action ACTION W [--input K=V]...
                                       run a composite action.yml in W
  ci_run.py gitlab DOC MARK W          run the marked GitLab job in W

Each run prints a JSON summary on stdout: the steps ({name, ran, rc,
uses, with}), the job's status and its artifacts (GitLab), and exits 0;
the caller judges.  What is modelled: GitHub's default `bash -e` for a
workflow's `run` (`shell: bash` adds pipefail and no profile), `if:`
with success()/always()/failure(), ==, !=, &&, ||, !, the contexts
steps.ID.outputs.NAME, inputs.NAME and env.NAME, GITHUB_OUTPUT /
GITHUB_PATH / GITHUB_ENV, `${{ }}` in run, with and env; `uses:` steps
are recorded, not run.  GitLab: `script` in one `bash -eo pipefail` (as
its bash shell does), then `after_script` in a new shell with
CI_JOB_STATUS.  Anything else in an expression is an error: the
snippets must stay within what is tested.
"""
import json
import os
import re
import subprocess
import sys

import yaml


def extract(doc, mark):
    text = open(doc, encoding="utf-8").read()
    m = re.search(r"<!-- ci-snippet: %s -->\s*```ya?ml\n(.*?)```" % re.escape(mark),
                  text, re.S)
    if not m:
        sys.exit("ci_run: no ```yaml block marked 'ci-snippet: %s' in %s" % (mark, doc))
    return m.group(1)


class Ctx:
    def __init__(self, inputs=None):
        self.outputs = {}  # step id -> {name: value}
        self.inputs = inputs or {}
        self.env = {}
        self.ok = True

    def eval(self, expr):
        """One GitHub expression, as a Python value."""
        ctx = r"(steps)\.([\w-]+)\.outputs\.([\w-]+)|(inputs|env)\.([\w-]+)"
        out, pos = [], 0
        tok = re.compile(r"\s+|'(?:[^']|'')*'|%s|(always|success|failure)\(\)|==|!=|&&|\|\||!|\(|\)|\d+" % ctx)
        while pos < len(expr):
            m = tok.match(expr, pos)
            if not m:
                raise ValueError("unsupported expression: %r" % expr)
            t = m.group(0)
            pos = m.end()
            if t.isspace():
                continue
            if t.startswith("'"):
                out.append(repr(t[1:-1].replace("''", "'")))
            elif m.group(1):
                out.append(repr(self.outputs.get(m.group(2), {}).get(m.group(3), "")))
            elif m.group(4):
                src = self.inputs if m.group(4) == "inputs" else self.env
                out.append(repr(src.get(m.group(5), "")))
            elif m.group(6):
                out.append({"always": "True", "success": repr(self.ok),
                            "failure": repr(not self.ok)}[m.group(6)])
            elif t.isdigit():
                out.append(repr(t))  # GitHub compares '0' and 0 loosely
            else:
                out.append({"&&": " and ", "||": " or ", "!": " not "}.get(t, t))
        return eval("".join(out), {"__builtins__": {}})

    def subst(self, s):
        return re.sub(r"\$\{\{(.*?)\}\}", lambda m: str(self.eval(m.group(1))), str(s))

    def cond(self, step):
        c = step.get("if")
        if c is None:
            return self.ok
        c = str(c).strip()
        if c.startswith("${{") and c.endswith("}}"):
            c = c[3:-2]
        v = bool(self.eval(c))
        # no status function: GitHub implies success() &&
        if not re.search(r"\b(always|success|failure)\(\)", c):
            v = v and self.ok
        return v


def read_kv(path):
    """GITHUB_OUTPUT / GITHUB_ENV: NAME=VALUE lines and NAME<<EOF blocks."""
    kv, lines = {}, open(path, encoding="utf-8").read().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delim = line.split("<<", 1)
            j = lines.index(delim, i + 1)
            kv[name] = "\n".join(lines[i + 1:j])
            i = j + 1
            continue
        if "=" in line:
            name, val = line.split("=", 1)
            kv[name] = val
        i += 1
    return kv


def run_steps(steps, ws, ctx, shell_default, extra_env, only, skip):
    tmp = os.path.join(ws, ".ci-run")
    os.makedirs(tmp, exist_ok=True)
    paths, report = [], []
    for n, step in enumerate(steps):
        name = step.get("name") or step.get("uses") or "step %d" % n
        rec = {"name": name, "id": step.get("id"), "ran": False, "rc": None}
        report.append(rec)
        if (only and name not in only) or name in skip or not ctx.cond(step):
            continue
        if "uses" in step:
            rec["uses"] = step["uses"]
            rec["with"] = {k: ctx.subst(v) for k, v in (step.get("with") or {}).items()}
            continue
        files = {k: os.path.join(tmp, "%s_%d" % (k, n)) for k in ("output", "path", "env")}
        for f in files.values():
            open(f, "w").close()
        env = dict(os.environ)
        env.update(extra_env)
        env.update(ctx.env)
        env.update({k: ctx.subst(v) for k, v in (step.get("env") or {}).items()})
        env.update(GITHUB_OUTPUT=files["output"], GITHUB_PATH=files["path"],
                   GITHUB_ENV=files["env"], GITHUB_WORKSPACE=ws,
                   PATH=os.pathsep.join(paths[::-1] + [env["PATH"]]))
        shell = step.get("shell")
        if shell is None:
            shell = shell_default
        argv = {"bash": ["bash", "--noprofile", "--norc", "-eo", "pipefail"],
                None: ["bash", "-e"]}.get(shell)
        if argv is None:
            raise ValueError("unsupported shell %r in step %r" % (shell, name))
        script = os.path.join(tmp, "step_%d.sh" % n)
        with open(script, "w") as f:
            f.write(ctx.subst(step["run"]))
        cwd = os.path.join(ws, step.get("working-directory", "."))
        rc = subprocess.run(argv + [script], cwd=cwd, env=env,
                            stdout=sys.stderr).returncode
        rec.update(ran=True, rc=rc)
        if step.get("id"):
            ctx.outputs[step["id"]] = read_kv(files["output"])
        ctx.env.update(read_kv(files["env"]))
        paths += [p for p in open(files["path"]).read().splitlines() if p]
        if rc != 0 and not step.get("continue-on-error"):
            ctx.ok = False
    return report, paths


def github(doc, mark, ws, only, skip):
    wf = yaml.safe_load(extract(doc, mark))
    jobs = wf["jobs"]
    if len(jobs) != 1:
        sys.exit("ci_run: the workflow must have one job")
    job = next(iter(jobs.values()))
    ctx = Ctx()
    tmpdir = os.path.join(ws, ".ci-run", "runner-temp")
    os.makedirs(tmpdir, exist_ok=True)
    steps, paths = run_steps(job["steps"], ws, ctx, None, {"RUNNER_TEMP": tmpdir},
                             only, skip)
    return {"steps": steps, "ok": ctx.ok, "path": paths}


def action(path, ws, inputs):
    act = yaml.safe_load(open(path, encoding="utf-8"))
    vals = {k: str(v.get("default", "")) for k, v in (act.get("inputs") or {}).items()}
    for k, v in inputs.items():
        if k not in vals:
            sys.exit("ci_run: action has no input %r" % k)
        vals[k] = v
    ctx = Ctx(vals)
    tmpdir = os.path.join(ws, ".ci-run", "runner-temp")
    os.makedirs(tmpdir, exist_ok=True)
    env = {"RUNNER_TEMP": tmpdir,
           "GITHUB_ACTION_PATH": os.path.dirname(os.path.abspath(path))}
    steps, paths = run_steps(act["runs"]["steps"], ws, ctx, "composite", env, [], [])
    outs = {k: ctx.subst(v["value"]) for k, v in (act.get("outputs") or {}).items()}
    return {"steps": steps, "ok": ctx.ok, "outputs": outs, "path": paths}


def gitlab(doc, mark, ws):
    conf = yaml.safe_load(extract(doc, mark))
    (name, job), = [(k, v) for k, v in conf.items() if isinstance(v, dict) and "script" in v]
    env = dict(os.environ, CI_PROJECT_DIR=ws)

    def sh(lines, extra):
        for line in lines:
            if not isinstance(line, str):  # `- echo "a: b"` is a mapping
                sys.exit("ci_run: %s: a script line is not a string: %r" % (name, line))
        return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                               "\n".join(lines)], cwd=ws, env=dict(env, **extra),
                              stdout=sys.stderr).returncode

    rc = sh(job["script"], {})
    status = "success" if rc == 0 else "failed"
    arc = sh(job["after_script"], {"CI_JOB_STATUS": status}) if job.get("after_script") else None
    return {"job": name, "rc": rc, "status": status, "after_rc": arc,
            "artifacts": job.get("artifacts", {})}


def main(argv):
    if len(argv) >= 3 and argv[0] == "extract":
        sys.stdout.write(extract(argv[1], argv[2]))
        return
    opts = {"--only": [], "--skip": [], "--input": []}
    pos, i = [], 0
    while i < len(argv):
        if argv[i] in opts:
            opts[argv[i]].append(argv[i + 1])
            i += 2
        else:
            pos.append(argv[i])
            i += 1
    if pos and pos[0] == "github" and len(pos) == 4:
        out = github(pos[1], pos[2], os.path.abspath(pos[3]), opts["--only"], opts["--skip"])
    elif pos and pos[0] == "action" and len(pos) == 3:
        out = action(pos[1], os.path.abspath(pos[2]),
                     dict(kv.split("=", 1) for kv in opts["--input"]))
    elif pos and pos[0] == "gitlab" and len(pos) == 4:
        out = gitlab(pos[1], pos[2], os.path.abspath(pos[3]))
    else:
        sys.exit(__doc__)
    sys.stdout.flush()
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1:])
