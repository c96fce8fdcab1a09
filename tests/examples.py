#!/usr/bin/python3
"""examples.py - run every example of README.md and of the manual pages.

Every code block of README.md and every .nf block of man/*.[156] carries a
marker saying what kind of example it is: in README.md an HTML comment
<!-- example: KIND[; PARAMS] --> before the block, in a manual page a roff
comment .\\" example: KIND[; PARAMS] before the .nf, optionally followed by
more comment lines .\\" KEY: VALUE.  A block without a marker is an error,
so a new example is run or says why not.  Kinds:

  shell      "$ " lines are commands, run in order in a fresh directory
             with a fresh database and `arbiter` on PATH; the lines after a
             command are its output ("..." stands for any lines).  PARAMS
             "NAME: ..." names the seat the game drew to start: when the
             game drew another, the two names are swapped in what follows,
             as the page tells the reader to.
  commands   every line is a command (a trailing \\ continues it), run in
             order in a fresh directory; files named that exist in the
             directory given by PARAMS "files from DIR" are copied first,
             to the same relative path (a word KEY=FILE names FILE).
  play GAME  the block is in GAME's notation, played on a game of the
             seats given by PARAMS "seats A B"; KEY lines "before: SEAT:
             TEXT" are played first; "block: SEAT" sends the whole block as
             one submission, "lines: SEAT, SEAT" one line each.  The game's
             seed is the first of a fixed series for which the whole
             example (before and block) is accepted: the page promises a
             position in which it is legal, the one its text describes.
  map GAME   a map file of GAME (Terra Mystica's --option map=FILE): a
             game on it is made with arbiter new.
  pipe       an MTA pipe (procmail, .forward): the command after "|" reads
             a player's reply on standard input and applies it.
  conf       an arbiter.conf(5): arbiter reads it (the files it names are
             made first).
  crontab    cron lines: tests/e2e/cron.sh runs them (--crontab prints
             them); here each must name the program by its full path.
  postfix NAME  the Postfix recipe: tests/e2e/postfix.sh applies README.md's;
             a manual page's must be the same.
  output     shows output only.
  not run: REASON

Paths the pages tell the reader to replace with their own (/srv/arbiter,
/home/arbiter, /usr/local/bin/arbiter) are replaced with the test's.  The
manual pages of games also must show `arbiter new` in the form the program
accepts (with --seat).  Prints one line per example and exits 1 on the
first failure.
"""
import email.policy
import email
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.getcwd()
ARBITER = os.path.abspath(os.environ.get("ARBITER", "./arbiter"))
failures = []
counts = {}


class Example:
    def __init__(self, where, kind, params, lines, keys):
        self.where = where      # "README.md:42"
        self.kind = kind
        self.params = params
        self.lines = lines
        self.keys = keys        # [(key, value)] from the roff comment lines


def fail(ex, msg):
    print("FAIL %s (%s): %s" % (ex.where, ex.kind, msg), file=sys.stderr)
    failures.append(ex.where)


def parse_marker(text):
    """'play tigris; seats a b' -> ('play', 'tigris; seats a b' split)."""
    if text.startswith("not run:"):
        return "not run", [text[len("not run:"):].strip()]
    parts = [p.strip() for p in text.split(";")]
    head = parts[0].split(None, 1)
    return head[0], head[1:] + parts[1:]


def readme_examples(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    out, marker, i = [], None, 0
    name = os.path.relpath(path, ROOT)
    while i < len(lines):
        line = lines[i]
        m = re.match(r"<!-- example: (.*?) -->$", line)
        if m:
            marker = (m.group(1), i + 1)
            i += 1
            continue
        if line.startswith("    ") and (i == 0 or lines[i - 1].strip() == ""):
            start, block = i, []
            while i < len(lines) and (lines[i].startswith("    ") or (
                    lines[i].strip() == "" and i + 1 < len(lines)
                    and lines[i + 1].startswith("    "))):
                block.append(lines[i][4:])
                i += 1
            ex = Example("%s:%d" % (name, start + 1), *((parse_marker(marker[0])
                         if marker else ("?", [])) + (block, [])))
            if marker is None:
                fail(ex, "a code block without an example marker")
            out.append(ex)
            marker = None
            continue
        if marker and line.strip() and not line.startswith("<!--"):
            out.append(Example("%s:%d" % (name, marker[1]), "?", [], [], []))
            fail(out[-1], "an example marker without a code block after it")
            marker = None
        i += 1
    return out


def deroff(s):
    s = s.replace("\\(aq", "'").replace("\\(dq", '"').replace("\\-", "-")
    s = s.replace("\\&", "").replace("\\e", "\\").replace("\\(ti", "~")
    return re.sub(r"\\f[BIRP]", "", s)


def man_examples(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    out, marker, keys, i = [], None, [], 0
    name = os.path.relpath(path, ROOT)
    while i < len(lines):
        line = lines[i]
        m = re.match(r'\.\\" example: (.*)$', line)
        if m:
            marker, keys = (m.group(1), i + 1), []
            i += 1
            continue
        m = re.match(r'\.\\" ([a-z]+): (.*)$', line)
        if m and marker:
            keys.append((m.group(1), m.group(2)))
            i += 1
            continue
        if line.startswith(".nf"):
            start, block = i, []
            i += 1
            while i < len(lines) and not lines[i].startswith(".fi"):
                if not lines[i].startswith("."):
                    block.append(deroff(lines[i]))
                i += 1
            ex = Example("%s:%d" % (name, start + 1), *((parse_marker(marker[0])
                         if marker else ("?", [])) + (block, keys)))
            if marker is None:
                fail(ex, "an .nf block without an example marker")
            out.append(ex)
            marker, keys = None, []
        i += 1
    return out


def synopsis_check(path):
    """A game's page shows `arbiter new` the way the program takes it."""
    text = open(path, encoding="utf-8").read()
    m = re.search(r"^\.SH SYNOPSIS\n(.*?)^\.SH ", text, re.S | re.M)
    ex = Example(os.path.relpath(path, ROOT) + ": SYNOPSIS", "synopsis", [], [], [])
    if m is None:
        return fail(ex, "no SYNOPSIS")
    syn = deroff(m.group(1))
    if "arbiter new" in syn and "--seat" not in syn:
        return fail(ex, "shows `arbiter new` without --seat, which the program "
                    "refuses (exit 64)")
    counts["synopsis"] = counts.get("synopsis", 0) + 1


# Paths the pages tell the reader to put their own in place of.
def local_paths(text, d):
    text = text.replace("/usr/local/bin/arbiter", ARBITER)
    text = text.replace("/srv/arbiter/", d + "/srv/")
    text = text.replace("/home/arbiter/", d + "/home/")
    return text


def fresh_dir():
    d = tempfile.mkdtemp(prefix="arbiter-examples.")
    os.makedirs(d + "/bin")
    os.makedirs(d + "/home")
    os.makedirs(d + "/srv")
    os.symlink(ARBITER, d + "/bin/arbiter")
    return d


def remove(d):
    # A detached delivery (deliver = background) may still be writing
    # into the directory's Maildir for a moment: tried again until it is gone.
    for _ in range(100):
        try:
            shutil.rmtree(d)
            return
        except OSError:
            time.sleep(0.1)
    shutil.rmtree(d)


def env_for(d):
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARBITER")}
    env["PATH"] = d + "/bin:" + os.environ.get("PATH", "/usr/bin:/bin")
    env["HOME"] = d + "/home"
    return env


def run(cmd, d, env, stdin=None):
    return subprocess.run(["sh", "-c", cmd], cwd=d, env=env, input=stdin,
                          capture_output=True, timeout=120)


def matches(got, want):
    """Lines got match want, where a line "..." stands for any lines."""
    if not want:
        return not got
    if want[0] == "...":
        return any(matches(got[k:], want[1:]) for k in range(len(got) + 1))
    return bool(got) and got[0].rstrip() == want[0].rstrip() and matches(got[1:], want[1:])


def join_continued(lines):
    out, cur = [], None
    for line in lines:
        if cur is not None:
            cur += "\n" + line
        else:
            cur = line
        if not cur.endswith("\\"):
            out.append(cur)
            cur = None
    if cur is not None:
        out.append(cur)
    return out


def swap_names(text, a, b):
    return re.sub(r"\b(%s|%s)\b" % (re.escape(a), re.escape(b)),
                  lambda m: b if m.group(1) == a else a, text)


def awaited(d, env, game="1"):
    r = run("arbiter show %s" % game, d, env)
    m = re.search(r"^Waiting for (?:\d+ )?([A-Za-z0-9_.-]+):", r.stdout.decode(), re.M)
    return m.group(1) if m else None


def run_shell(ex):
    d = fresh_dir()
    env = env_for(d)
    drawn = None
    for p in ex.params:
        m = re.match(r"(\w+): the seat drawn", p)
        if m:
            drawn = m.group(1)
    steps, cur = [], None
    for line in ex.lines:
        if line.startswith("$ "):
            cur = [line[2:], []]
            steps.append(cur)
        elif cur is not None and cur[0].endswith("\\") and not cur[1]:
            cur[0] += "\n" + line
        elif cur is not None:
            cur[1].append(line)
        elif line.strip():
            return fail(ex, "output before any command: %r" % line)
    while steps and steps[-1][1] and steps[-1][1][-1] == "":
        steps[-1][1].pop()
    swap = None
    for n, (cmd, want) in enumerate(steps):
        if swap:
            cmd = swap_names(cmd, *swap)
            want = [swap_names(w, *swap) for w in want]
        r = run(local_paths(cmd, d), d, env)
        if r.returncode != 0:
            return fail(ex, "'%s' exited %d: %s" % (cmd, r.returncode, r.stderr.decode()))
        got = r.stdout.decode().rstrip("\n").split("\n") if r.stdout else []
        want = [w for w in want]
        if want and not matches(got, want):
            return fail(ex, "'%s' printed:\n%s\nexpected:\n%s" % (cmd, "\n".join(got),
                                                                    "\n".join(want)))
        if n == 0 and drawn:
            who = awaited(d, env)
            if who is None:
                return fail(ex, "after '%s' no seat is awaited" % cmd)
            if who != drawn:
                swap = (drawn, who)
    remove(d)
    return True


def run_commands(ex):
    d = fresh_dir()
    env = env_for(d)
    src = None
    for p in ex.params:
        if p.startswith("files from "):
            src = os.path.normpath(os.path.join(ROOT, p[len("files from "):]))
    for cmd in join_continued(ex.lines):
        if not cmd.strip():
            continue
        if src:
            for word in cmd.split():
                word = word.split("=", 1)[-1]
                if os.path.isfile(os.path.join(src, word)):
                    # a relative path keeps its directories
                    dst = os.path.join(d, word)
                    os.makedirs(os.path.dirname(dst), exist_ok=True)
                    shutil.copy(os.path.join(src, word), dst)
        r = run(local_paths(cmd, d), d, env)
        if r.returncode != 0:
            return fail(ex, "'%s' exited %d: %s" % (cmd, r.returncode, r.stderr.decode()))
    remove(d)
    return True


def run_map(ex):
    d = fresh_dir()
    env = env_for(d)
    with open(d + "/example.map", "w") as f:
        f.write("\n".join(ex.lines) + "\n")
    cmd = "arbiter new %s --seat a --seat b --option map=example.map" % ex.params[0]
    r = run(cmd, d, env)
    if r.returncode != 0:
        return fail(ex, "'%s' exited %d: %s" % (cmd, r.returncode, r.stderr.decode()))
    remove(d)
    return True


def run_play(ex):
    game, seats = ex.params[0], None
    for p in ex.params[1:]:
        if p.startswith("seats "):
            seats = p.split()[1:]
    if seats is None:
        return fail(ex, "no seats given")
    before = [v.split(":", 1) for k, v in ex.keys if k == "before"]
    block = [v.strip() for k, v in ex.keys if k == "block"]
    lines = [v for k, v in ex.keys if k == "lines"]
    text = [line for line in ex.lines if line.strip()]
    if block:
        subs = [(block[0], "\n".join(text))]
    elif lines:
        who = [s.strip() for s in lines[0].split(",")]
        if len(who) != len(text):
            return fail(ex, "lines: names %d seats for %d lines" % (len(who), len(text)))
        subs = list(zip(who, text))
    else:
        return fail(ex, "neither block: nor lines: says who sends it")
    last = ""
    for i in range(1, 41):
        d = fresh_dir()
        env = env_for(d)
        env["ARBITER_TEST_SEED"] = "%064x" % (i * 7919 + 1)
        ok = run("arbiter new %s %s" % (game, " ".join("--seat " + s for s in seats)),
                 d, env).returncode == 0
        for seat, sub in [(s.strip(), t.strip()) for s, t in before] + subs:
            if not ok:
                break
            r = subprocess.run([ARBITER, "move", "1", seat, sub], cwd=d, env=env,
                               capture_output=True, timeout=60)
            ok = r.returncode == 0
            if not ok:
                last = "%s: '%s' exited %d: %s" % (seat, sub, r.returncode,
                                                  r.stderr.decode().strip())
        remove(d)
        if ok:
            return True
    return fail(ex, "no game of the first 40 seeds accepts it; the last said %s" % last)


def reply_to(maildir, seat):
    # The start mail comes a moment after `new` returned (a detached
    # process delivers it, as on a site left at the default): waited for,
    # as a reader would, for up to 30 seconds.
    for _ in range(300):
        for f in sorted(glob.glob(maildir + "/new/*")):
            m = email.message_from_binary_file(open(f, "rb"), policy=email.policy.default)
            if m["To"].addresses[0].display_name == seat and "legal commands" in m.get_body(preferencelist=("plain",)).get_content():
                return m["Reply-To"].addresses[0].addr_spec
        time.sleep(0.1)
    return None


def run_pipe(ex):
    text = "\n".join(ex.lines)
    m = re.search(r'\|\s*([^"\n]+)', text)
    if not m:
        return fail(ex, "no '| command' in the block")
    d = fresh_dir()
    env = env_for(d)
    cmd = local_paths(m.group(1).strip(), d)
    db = re.search(r"--db (\S+)", cmd)
    if not db:
        return fail(ex, "the pipe names no --db")
    db = db.group(1)
    env["ARBITER_DB"] = db
    if run("arbiter new tigris --seat ada:ada@example.org --seat bo:bo@example.org",
           d, env).returncode != 0:
        return fail(ex, "cannot start a game")
    seat = awaited(d, env)
    rcpt = reply_to(db + ".mail", seat)
    if rcpt is None:
        return fail(ex, "no start mail for %s" % seat)
    msg = ("From: %s <%s@example.org>\nTo: %s\nSubject: Re: your move\n"
           "Message-ID: <pipe-example@example.org>\n\nleader black F4\n" % (seat, seat, rcpt))
    del env["ARBITER_DB"]
    r = run(cmd, d, env, stdin=msg.encode())
    if r.returncode != 0:
        return fail(ex, "'%s' exited %d: %s" % (cmd, r.returncode, r.stderr.decode()))
    r = run("arbiter --db %s log 1" % db, d, env)
    if ("%s: leader black F4" % seat) not in r.stdout.decode():
        return fail(ex, "the piped reply was not applied: %s" % r.stdout.decode())
    remove(d)
    return True


def run_conf(ex):
    d = fresh_dir()
    env = env_for(d)
    conf = local_paths("\n".join(ex.lines), d) + "\n"
    for m in re.finditer(r"^\w+_file\s*=\s*(\S+)", conf, re.M):
        os.makedirs(os.path.dirname(m.group(1)), exist_ok=True)
        with open(m.group(1), "w") as f:
            f.write("a-secret-of-sufficient-length\n")
    with open(d + "/arbiter.conf", "w") as f:
        f.write(conf)
    for cmd in ("arbiter --config arbiter.conf new tigris --seat a --seat b",
                "arbiter --config arbiter.conf show 1"):
        r = run(cmd, d, env)
        if r.returncode != 0:
            return fail(ex, "'%s' exited %d: %s" % (cmd, r.returncode, r.stderr.decode()))
    remove(d)
    return True


def cron_commands(ex):
    """The command of each cron line (five time fields, then the command)."""
    out = []
    for line in ex.lines:
        if line.strip() and not line.startswith("#"):
            fields = line.split(None, 5)
            out.append(fields[5] if len(fields) == 6 else line)
    return out


def check_crontab(ex):
    cmds = cron_commands(ex)
    if not cmds:
        return fail(ex, "no cron line")
    for c in cmds:
        if c.endswith("\\"):
            return fail(ex, "'%s': a crontab line cannot be continued" % c)
        if not c.startswith("/"):
            return fail(ex, "'%s': cron's PATH is /usr/bin:/bin; name the program "
                        "by its full path" % c)
    return True


def norm(lines):
    return " ".join(" ".join(lines).split())


def main():
    readme = readme_examples(os.path.join(ROOT, "README.md"))
    pages = sorted(glob.glob(os.path.join(ROOT, "man", "*.[156]")))
    examples = list(readme)
    for p in pages:
        examples += man_examples(p)
    if len(sys.argv) > 1 and sys.argv[1] == "--crontab":
        seen = []
        for ex in examples:
            if ex.kind == "crontab":
                for c in cron_commands(ex):
                    if c not in seen:
                        seen.append(c)
        print("\n".join(seen))
        return 0
    for p in pages:
        if os.path.basename(p).startswith("arbiter-"):
            synopsis_check(p)
    runners = {"shell": run_shell, "commands": run_commands, "play": run_play,
               "pipe": run_pipe, "conf": run_conf, "crontab": check_crontab,
               "map": run_map}
    for ex in examples:
        if ex.kind == "?":
            continue
        if ex.kind in runners:
            ok = runners[ex.kind](ex)
        elif ex.kind == "postfix":
            name = ex.params[0] if ex.params else ""
            ref = [e for e in readme if e.kind == "postfix" and e.params[:1] == [name]]
            if not ref:
                ok = fail(ex, "README.md has no Postfix %s block" % name)
            elif ex in readme:
                ok = True
            elif norm(ref[0].lines) != norm(ex.lines):
                ok = fail(ex, "differs from README.md's Postfix %s (%s)" % (name, ref[0].where))
            else:
                ok = True
        elif ex.kind in ("output", "not run"):
            ok = True
        else:
            ok = fail(ex, "unknown kind of example")
        if ok:
            counts[ex.kind] = counts.get(ex.kind, 0) + 1
            print("ok   %s (%s)" % (ex.where, " ".join([ex.kind] + ex.params[:1])))
    print("examples: %s" % ", ".join("%d %s" % (n, k) for k, n in sorted(counts.items())))
    if failures:
        print("%d examples failed: %s" % (len(failures), " ".join(failures)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
