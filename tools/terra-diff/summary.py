#!/usr/bin/env python3
"""summary.py - sum the chunks of run.sh.

    summary.py CHUNKDIR [FIRST LAST]

Reads every CHUNKDIR/A-B/ (a chunk of tdarb gen, with its stats.jsonl,
diff/ and report.txt) whose seeds lie in FIRST..LAST (all when not given)
and prints: the games played and how many came to their end; the
candidates offered per kind, accepted by both, refused by both, and the
disagreements (only arbiter refused, only the site refused, states that
differ after an accepted one, documented deviations); the whole-log
check's differences; and the files of every disagreement kept.
"""
import json
import os
import sys

FIELDS = ["offered", "accepted", "refused", "only_arbiter_refused",
          "only_site_refused", "state_differs", "deviation"]


def main():
    top = sys.argv[1]
    lo = int(sys.argv[2]) if len(sys.argv) > 2 else None
    hi = int(sys.argv[3]) if len(sys.argv) > 3 else None
    kinds, games, ended, players = {}, 0, 0, {}
    whole_bad, whole_n, diffs, chunks = [], 0, [], 0
    for name in sorted(os.listdir(top), key=lambda n: int(n.split("-")[0])
                       if n.split("-")[0].isdigit() else 0):
        try:
            a, b = (int(x) for x in name.split("-"))
        except ValueError:
            continue
        if lo is not None and (a < lo or b > hi):
            continue
        d = os.path.join(top, name)
        if not os.path.exists(os.path.join(d, "done")):
            continue
        chunks += 1
        st = os.path.join(d, "stats.jsonl")
        if os.path.exists(st):
            with open(st) as f:
                for line in f:
                    g = json.loads(line)
                    games += 1
                    ended += g["ended"]
                    players[g["players"]] = players.get(g["players"], 0) + 1
                    for k, v in g["kinds"].items():
                        t = kinds.setdefault(k, dict.fromkeys(FIELDS, 0))
                        for fld in FIELDS:
                            t[fld] += v.get(fld, 0)
        rep = os.path.join(d, "report.txt")
        if os.path.exists(rep):
            with open(rep) as f:
                for line in f:
                    whole_n += 1
                    if not line.rstrip().endswith(": agree"):
                        whole_bad.append(line.rstrip())
        dd = os.path.join(d, "diff")
        if os.path.isdir(dd):
            diffs += [os.path.join(dd, x) for x in sorted(os.listdir(dd))]
    print(f"chunks {chunks}, games {games} ({ended} to their end; players: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(players.items())) + ")")
    w = max([len(k) for k in kinds] + [4])
    head = ["offered", "both ok", "both no", "arb no", "site no", "state", "deviat."]
    print(f"{'kind':<{w}} " + " ".join(f"{h:>9}" for h in head))
    tot = dict.fromkeys(FIELDS, 0)
    for k in kinds:
        if kinds[k]["offered"] == 0:
            continue
        print(f"{k:<{w}} " + " ".join(f"{kinds[k][fld]:>9}" for fld in FIELDS))
        for fld in FIELDS:
            tot[fld] += kinds[k][fld]
    print(f"{'all':<{w}} " + " ".join(f"{tot[fld]:>9}" for fld in FIELDS))
    print(f"whole logs checked row by row: {whole_n}, differing: {len(whole_bad)}")
    for line in whole_bad:
        print("  " + line)
    print(f"disagreements kept: {len(diffs)}")
    for p in diffs:
        print("  " + p)
    sys.exit(1 if whole_bad or diffs or tot["only_arbiter_refused"] or
             tot["only_site_refused"] or tot["state_differs"] else 0)


if __name__ == "__main__":
    main()
