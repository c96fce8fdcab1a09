#!/usr/bin/env python3
"""compare.py - compare arbiter's and the reference's per-row states.

    compare.py ARB.jsonl REF.jsonl [--final]

Both files hold, per game, a {"game":...} line, then {"line":N, "text":...,
"f":{faction:{field:value}}} or {"line":N, "error":...} lines, then an
{"end":..., "over":...} line (tdarb replay / tdref.pl).  For each game it
prints the first log row where the two disagree: a field of a faction, or
one side refusing a row the other accepted, or a different end.  With
--final only the state after the last row is compared.  Exit status 1 when
any game differs.
"""
import json
import sys


def load(path):
    games, cur = {}, None
    with open(path) as f:
        for raw in f:
            d = json.loads(raw)
            if "game" in d:
                cur = {"rows": {}, "fatal": d.get("fatal"), "over": None,
                       "error": None}
                games[d["game"]] = cur
            elif "end" in d:
                cur["over"] = d.get("over")
            elif "line" in d and d["line"] is not None:
                if "error" in d:
                    cur["error"] = (d["line"], d.get("text"), d["error"])
                else:
                    cur["rows"][d["line"]] = (d.get("text"), d["f"])
    return games


def state_at(rows, lines, line):
    """The state after log row `line`: the last recorded row <= line."""
    best = None
    for ln in lines:
        if ln <= line:
            best = ln
        else:
            break
    return rows[best][1] if best is not None else {}


# After the game ends the reference shows the resources converted for the
# final scoring; arbiter keeps them: compare the rest.
RESOURCES = {"C", "W", "P", "P1", "P2", "P3"}


def diff_state(a, r, final=False):
    for fac in sorted(set(a) | set(r)):
        if fac not in a or fac not in r:
            return f"faction {fac} only in {'arbiter' if fac in a else 'reference'}"
        for k in sorted(set(a[fac]) | set(r[fac])):
            if final and k in RESOURCES:
                continue
            if a[fac].get(k) != r[fac].get(k):
                return f"{fac} {k}: arbiter {a[fac].get(k)} reference {r[fac].get(k)}"
    return None


TRANSIENT = []


def faction(text):
    text = text or ""
    return text.split(":", 1)[0].strip().lower() if ":" in text else ""


def compare(name, a, r, final_only):
    if a["fatal"] or r["fatal"]:
        return f"fatal: arbiter {a['fatal']!r} reference {r['fatal']!r}"
    alines = sorted(a["rows"])
    rlines = sorted(r["rows"])
    aerr = a["error"]
    rerr = r["error"]
    # The reference finishes a turn (income, next player) only when a row
    # of another faction follows: compare after the last row of each run
    # of rows of one faction.
    # A row both refuse follows the last one taken as any row does: the
    # reference's state before it is no checkpoint when it is of the same
    # faction.
    both = aerr and rerr and aerr[0] == rerr[0]
    check = []
    for i, ln in enumerate(alines):
        nxt = alines[i + 1] if i + 1 < len(alines) else None
        if nxt is not None:
            same = faction(a["rows"][nxt][0]) == faction(a["rows"][ln][0])
        else:
            same = both and faction(aerr[1]) == faction(a["rows"][ln][0])
        if not same:
            check.append(ln)
    if final_only:
        check = check[-1:]
    # A difference that is gone again at the next checkpoint is a matter
    # of timing (the reference pays income and cult bonuses lazily, when
    # the next action starts): counted in TRANSIENT, not reported.
    pending = None
    for i, ln in enumerate(check):
        if rerr and rerr[0] <= ln:
            break
        if rerr and check[i + 1:] and check[i + 1] >= rerr[0] and not aerr:
            break   # the state before a refused row: the refusal says more
        last = ln == alines[-1] and a["over"] and r["over"]
        d = diff_state(a["rows"][ln][1], state_at(r["rows"], rlines, ln), last)
        if d and pending is None:
            pending = f"line {ln} [{a['rows'][ln][0]}]: {d}"
            pending_at = i
        elif d and i - pending_at >= 3:
            return pending
        elif not d and pending is not None:
            TRANSIENT.append(f"{name}: {pending}")
            pending = None
    if pending is not None:
        return pending
    if aerr or rerr:
        if aerr and rerr and aerr[0] == rerr[0]:
            return None     # both refuse the same row
        first = min(e[0] for e in (aerr, rerr) if e)
        msg = []
        if aerr and aerr[0] == first:
            msg.append(f"arbiter refuses [{aerr[1]}]: {aerr[2]}")
        else:
            msg.append("arbiter accepts it")
        if rerr and rerr[0] == first:
            msg.append(f"reference refuses [{rerr[1]}]: {rerr[2].strip()}")
        else:
            msg.append("reference accepts it")
        return f"line {first}: " + "; ".join(msg)
    if a["over"] != r["over"]:
        return f"end: arbiter over={a['over']} reference finished={r['over']}"
    return None


def main():
    args = [x for x in sys.argv[1:] if not x.startswith("--")]
    final_only = "--final" in sys.argv
    arb, ref = load(args[0]), load(args[1])
    bad = 0
    for name in arb:
        if name not in ref:
            print(f"{name}: missing from the reference output")
            bad += 1
            continue
        d = compare(name, arb[name], ref[name], final_only)
        if d:
            bad += 1
            print(f"{name}: {d}")
        else:
            print(f"{name}: agree")
    for t in TRANSIENT:
        print(f"transient: {t}")
    print(f"{len(arb)} games, {bad} differ, {len(TRANSIENT)} transient differences",
          file=sys.stderr)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
