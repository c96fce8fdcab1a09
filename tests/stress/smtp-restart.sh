#!/bin/sh
# needs: tigris
# The SMTP server is stopped and started again while `arbiter send` runs in
# a loop: every mail arrives exactly once; what could not be sent waits and
# goes when the server is back.  STRESS_SHORT=1: 60 mails and 2 restarts;
# else 600 mails and 10 restarts.
. "$(dirname "$0")/../e2e-lib.sh"

games=20 restarts=10
[ -n "${STRESS_SHORT:-}" ] && games=2 restarts=2
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
export ARBITER_SMTP_URL="smtp://127.0.0.1:$port"
export ARBITER_FROM=games@example.org
SMTPD_PID=
start() {
	smtpd "$T/smtp.$1" --port "$port" --lifetime 600
}
stop() {
	[ -n "$SMTPD_PID" ] && kill "$SMTPD_PID" 2>/dev/null && wait "$SMTPD_PID" 2>/dev/null
	SMTPD_PID=
}
trap 'stop; [ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT

# Queue the mail: each game's start mails and ten moves, nothing sent yet.
g=0
while [ $g -lt $games ]; do
	g=$((g + 1))
	ARBITER_SMTP_URL=smtp://127.0.0.1:1 "$ARBITER" new tigris --seat ann:ann@example.org \
	    --seat ben:ben@example.org --seat cat:cat@example.org >/dev/null 2>&1
	k=0
	while [ $k -lt 9 ]; do
		for s in ann ben cat; do
			if "$ARBITER" moves $g $s >"$T/moves" 2>/dev/null; then
				"$ARBITER" move --no-send $g $s "$(head -1 "$T/moves")" >/dev/null 2>&1
				break
			fi
		done
		k=$((k + 1))
	done
done
total=$(sqlite3 "$ARBITER_DB" "SELECT count(*) FROM outbox")
# The start mails' first try failed (no server): they wait an hour or so.
# Send in a loop with the clock moved on a day each round, restarting the
# server under it.
r=0
now=$(date +%s)
start 0
touch "$T/go"
( while [ -e "$T/go" ]; do
	now=$((now + 86400))
	ARBITER_NOW=$now "$ARBITER" send --quiet >/dev/null 2>&1
done ) &
LOOP=$!
while [ $r -lt $restarts ]; do
	sleep 0.3
	stop
	sleep 0.2
	r=$((r + 1))
	start $r
done
# Let the loop empty the queue, then stop it.
i=0
while [ "$(sqlite3 "$ARBITER_DB" "SELECT count(*) FROM outbox WHERE sent_at = 0 AND failed = 0")" -gt 0 ]; do
	sleep 0.2
	i=$((i + 1))
	[ $i -lt 600 ] || { rm -f "$T/go"; fail "the queue did not empty"; }
done
rm -f "$T/go"
wait $LOOP
set -- $(/usr/bin/python3 - "$T" <<'PY'
import glob, os, re, sys
seen = {}
for path in glob.glob(os.path.join(sys.argv[1], "smtp.*", "*.eml")):
    head = open(path, "rb").read(4096).decode("ascii", "replace")
    key = re.search(r"^Message-ID: (\S+)", head, re.M | re.I).group(1)
    seen[key] = seen.get(key, 0) + 1
print(len(seen), sum(n - 1 for n in seen.values()))
PY
)
[ "$1" -eq "$total" ] || fail "$1 of $total mails arrived"
[ "$2" -eq 0 ] || fail "$2 mails arrived twice"
ok
echo "smtp restarts: $restarts restarts, $total mails, lost $((total - $1)), duplicated $2"
done_ok
