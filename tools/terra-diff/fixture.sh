#!/bin/sh
# fixture.sh LOG... - write NAME.expected beside each LOG (a log of
# tests/terra/reference/found/) from the site's engine: the row it refuses
# (refused=LINE, when it refuses one), then each faction's VP and, as
# FACTION.X=N, its resources, power bowls and cult positions, all after
# the last row it accepts.  tests/terra/test_reference.c replays the log
# and wants exactly that.  Also prints how arbiter compares (check.sh).
# The site runs its engine with PERL_HASH_SEED=0 (src/app.fcgi): Perl's hash
# order, which decides e.g. which cult track a town tile's key goes to, is
# then fixed.  Run the reference the same way, or it varies from run to run.
export PERL_HASH_SEED=0
set -e
here=$(cd "$(dirname "$0")" && pwd)
REF=${REF:-$(cd "$here/../.." && pwd)/../shared/reference/terra-mystica/src}
for log in "$@"; do
	exp=${log%.log}.expected
	perl "$here/tdref.pl" "$REF" "$log" | python3 -c '
import json, sys
state, refused = None, None
for raw in sys.stdin:
    d = json.loads(raw)
    if "error" in d:
        refused = d["line"]
    elif "f" in d:
        state = d["f"]
if refused is not None:
    print(f"refused={refused}")
for fac in sorted(state or {}):
    print("%s=%d" % (fac, state[fac]["VP"]))
for fac in sorted(state or {}):
    for k in ("C", "W", "P", "P1", "P2", "P3", "FIRE", "WATER", "EARTH", "AIR"):
        print("%s.%s=%d" % (fac, k, state[fac][k]))
' > "$exp"
	echo "$exp: $(head -1 "$exp")"
	sh "$here/check.sh" "$log" 2>/dev/null || true
done
