#!/usr/bin/python3
"""players.py - players of a game by mail who read nothing but their mail.

    python3 players.py ARBITER MAILDIR GAME-ID NAME... [--max-moves N]
        [--prefer WORD...] [--actions N] [--plays NAME=FACTION,...]
        [--counts FILE]

Each player reads the newest mail arbiter sent it about the game (the
Maildir's new/ folder, as `arbiter mail` delivers without an SMTP server).
When that mail says "The game waits for you", the player picks a command
from the mail's own list of legal commands (never from `arbiter moves`) and
replies to the mail's Reply-To address with it, through `arbiter mail` on
standard input, as a mail program would.  The players take turns in the
order given, each acting on its newest mail, until a mail says the game is
over or nobody is awaited.

A player's choice: from the short list ("keep one word of each A|B and one
choice of each A | B | ..."), the first choice of each line, reading "A|B"
as its first word; lines in the order of --prefer (words a command begins
with, "leech" before "build" ..., or a whole command the list shows,
"pick-color gray"), a pass once it has taken --actions
actions in a round (counted from its own replies), never a conversion or
burning power; with --plays, "setup FACTION" when its list offers a setup.

Prints each player's mails per round (the round a mail shows: "Terra
Mystica, round R"; 0 before the first) and the total, one line a player:

    ann  r0 3  r1 12  r2 9 ... total 60

and with --counts FILE the same as JSON.  Exits 1 when a reply was
refused, answered as stale, or the game stopped short of its end.
"""
import email
import email.policy
import json
import os
import re
import subprocess
import sys


PARSED = {}


def mails(box):
    """Every mail in the Maildir, oldest first: (key, To name, message);
    each file read once."""
    for name in os.listdir(box):
        if name not in PARSED:
            path = os.path.join(box, name)
            m = email.message_from_binary_file(open(path, "rb"),
                                               policy=email.policy.default)
            PARSED[name] = (int(name.rsplit("_", 1)[1]),
                            m["To"].addresses[0].display_name, m)
    return sorted(PARSED.values(), key=lambda t: t[0])


def text_of(m):
    return m.get_body(preferencelist=("plain",)).get_content()


def legal_lines(text):
    """The lines of the mail's list of legal commands."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("Your legal commands now"):
            break
    else:
        return []
    out = []
    for line in lines[i + 1:]:
        if line.startswith("  ") and line.strip():
            out.append(line.strip())
        elif out and not line.strip():
            break
        elif line.startswith("-- "):
            break
    return out


def choices(line):
    """The complete commands a line of the list shows: its first choice
    with the first word of each "A|B", then each other choice written out
    ("pick-color yellow | black" shows "pick-color black" too)."""
    line = re.sub(r"\s+\(\d+ choices\)$", "", line)
    parts = line.split(" | ")
    first = " ".join(w.split("|")[0] for w in parts[0].split())
    head = first.rsplit(" ", 1)[0] if " " in first else ""
    out = [first]
    for p in parts[1:]:
        if p != "..." and head:
            out.append(head + " " + p.split("|")[0])
    return out


def main():
    args = sys.argv[1:]
    arbiter, box, game = args[0], args[1], args[2]
    names, prefer, actions, max_moves, counts_file, plays = [], [], 3, 600, None, {}
    i = 3
    while i < len(args):
        if args[i] == "--prefer":
            i += 1
            while i < len(args) and not args[i].startswith("--"):
                prefer.append(args[i])
                i += 1
            continue
        if args[i] == "--plays":
            # NAME=FACTION: the faction that player sets up
            plays.update(dict(a.split("=", 1) for a in args[i + 1].split(",")))
            i += 2
            continue
        if args[i] == "--actions":
            actions = int(args[i + 1])
            i += 2
            continue
        if args[i] == "--max-moves":
            max_moves = int(args[i + 1])
            i += 2
            continue
        if args[i] == "--counts":
            counts_file = args[i + 1]
            i += 2
            continue
        names.append(args[i])
        i += 1
    done_actions = {}   # (name, round) -> actions taken
    sent = 0
    over = False
    idle = 0
    while sent < max_moves and not over:
        moved = False
        for name in names:
            box_mails = [t for t in mails(box) if t[1] == name and
                         "#%s]" % game in str(t[2]["Subject"])]
            if not box_mails:
                continue
            m = box_mails[-1][2]
            text = text_of(m)
            if "game over" in str(m["Subject"]):
                over = True
                break
            if "The game waits for you" not in text:
                continue
            rnd = re.search(r"Terra Mystica, round (\d+)", text)
            rnd = int(rnd.group(1)) if rnd else 0
            lines = legal_lines(text)
            if not lines:
                print("FAIL: %s is awaited but its mail lists no command" % name)
                return 1
            shown = [c for l in lines for c in choices(l)]
            cmds = [choices(l)[0] for l in lines]
            cmds = [c for c in cmds if not c.startswith(("convert", "burn"))] or cmds
            taken = done_actions.get((name, rnd), 0)
            choice = None
            if name in plays and any(c.startswith("setup ") for c in cmds):
                # the faction the player came to play, as the notation writes it
                choice = "setup " + plays[name]
            if choice is None and taken >= actions:
                choice = next((c for c in cmds if c.startswith("pass")), None)
            if choice is None:
                for word in prefer:
                    # a verb ("build"), or a whole command among those shown
                    choice = next((c for c in (shown if " " in word else cmds)
                                   if c.split()[0] == word or c == word), None)
                    if choice is not None:
                        break
            if choice is None:
                choice = cmds[0]
            if choice.split()[0] in ("build", "upgrade", "send", "action", "advance",
                                     "transform", "dig"):
                done_actions[(name, rnd)] = taken + 1
            to = m["Reply-To"].addresses[0].addr_spec
            sent += 1
            mail = ("Return-Path: <%s@example.org>\nFrom: %s <%s@example.org>\nTo: %s\n"
                    "Subject: Re: %s\nMessage-ID: <play-%d@example.org>\n"
                    "In-Reply-To: %s\n\nHi all,\n\n%s\n\nCheers, %s\n" %
                    (name, name, name, to, m["Subject"], sent, m["Message-ID"], choice,
                     name))
            r = subprocess.run([arbiter, "mail"], input=mail.encode(), capture_output=True)
            if r.returncode != 0:
                print("FAIL: arbiter mail exited %d: %s" % (r.returncode, r.stderr.decode()))
                return 1
            answer = [t for t in mails(box) if t[1] == name][-1][2]
            atext = " ".join(text_of(answer).split())
            if "not accepted" in str(answer["Subject"]) or "has moved on" in atext:
                print("FAIL: %s's reply '%s' to move %s was refused: %s" %
                      (name, choice, m["Subject"], atext[:400]))
                return 1
            moved = True
        idle = 0 if moved else idle + 1
        if idle > 1:
            break
    counts = {}
    missed = []
    for _, to, m in mails(box):
        if to not in names or "#%s]" % game not in str(m["Subject"]):
            continue
        text = text_of(m)
        rnd = re.search(r"Terra Mystica, round (\d+)", text)
        rnd = int(rnd.group(1)) if rnd else 0
        if rnd >= 1 and rnd not in counts.get(to, {}):
            # the player's first mail of a round tells the round's end
            # and start: what each faction scored, got as cult bonus and
            # as income
            flat = " ".join(text.split())
            want = ["Round %d income:" % rnd]
            if rnd >= 2:
                want += ["Round %d ended; VP scored in it:" % (rnd - 1), "Its cult bonus"]
            missed += ["%s's first mail of round %d lacks '%s'" % (to, rnd, w)
                       for w in want if w not in flat]
        counts.setdefault(to, {}).setdefault(rnd, 0)
        counts[to][rnd] += 1
    for name in names:
        c = counts.get(name, {})
        print("%-5s %s  total %d" % (name, "  ".join("r%d %3d" % (r, c[r]) for r in sorted(c)),
                                    sum(c.values())))
    print("%d replies sent" % sent)
    if counts_file:
        json.dump({"replies": sent, "counts": counts}, open(counts_file, "w"))
    if not over:
        print("FAIL: the game did not end (%d replies)" % sent)
        return 1
    if missed:
        print("FAIL: " + "\n      ".join(missed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
