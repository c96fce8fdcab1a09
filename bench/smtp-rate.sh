#!/bin/sh
# bench/smtp-rate.sh - `arbiter send` mails per second to a local SMTP
# server (tests/mail/smtpd.py) as a ratio to Python smtplib sending the
# same messages over one connection to the same server, in the same run.
# Prints the figures; asserts nothing.  Usage: sh bench/smtp-rate.sh [GAMES]
set -e
. "$(pwd)/bench/summary.sh"
A=$(pwd)/arbiter
GAMES=${1:-40}
W=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-smtp.XXXXXX")
# Each command delivers its mail before it exits (deliver = foreground), as
# these figures always counted it; bench/moves.sh times the detached delivery.
export HOME="$W" ARBITER_DB="$W/g.db" ARBITER_FROM=games@example.org
export ARBITER_DELIVER=foreground
unset ARBITER_MAILDIR
mkdir -p "$W/smtp"
/usr/bin/python3 tests/mail/smtpd.py "$W/smtp" --lifetime 600 &
PID=$!
trap 'kill $PID 2>/dev/null; rm -rf "$W"' EXIT
while [ ! -s "$W/smtp/port" ]; do sleep 0.05; done
PORT=$(cat "$W/smtp/port")
# Queue mail without sending it: a closed port makes every try fail, then
# the retry times are cleared.
g=0
while [ $g -lt "$GAMES" ]; do
	g=$((g + 1))
	ARBITER_SMTP_URL=smtp://127.0.0.1:1 "$A" new tigris --seat a:a@example.org \
	    --seat b:b@example.org --seat c:c@example.org >/dev/null 2>&1
	for k in 1 2 3 4; do
		for s in a b c; do
			if "$A" moves $g $s >"$W/m" 2>/dev/null; then
				"$A" move --no-send $g $s "$(head -1 "$W/m")" >/dev/null
				break
			fi
		done
	done
done
sqlite3 "$ARBITER_DB" "UPDATE outbox SET next_try = 0, attempts = 0"
n=$(sqlite3 "$ARBITER_DB" "SELECT count(*) FROM outbox WHERE sent_at = 0")
# The same messages, for smtplib.
sqlite3 "$ARBITER_DB" "SELECT id FROM outbox" | while read -r id; do
	sqlite3 "$ARBITER_DB" "SELECT writefile('$W/msg.$id', message) FROM outbox_body WHERE id = $id" >/dev/null
done
set -- $(ARBITER_SMTP_URL=smtp://127.0.0.1:$PORT run "$A" send --quiet)
ta=$1
sent=$(sqlite3 "$ARBITER_DB" "SELECT count(*) FROM outbox WHERE sent_at != 0")
cat >"$W/smtplib.py" <<'PY'
import glob, smtplib, sys
port, w = int(sys.argv[1]), sys.argv[2]
s = smtplib.SMTP("127.0.0.1", port)
for path in sorted(glob.glob(w + "/msg.*")):
    s.sendmail("games@example.org", ["a@example.org"], open(path, "rb").read())
s.quit()
PY
set -- $(run /usr/bin/python3 "$W/smtplib.py" "$PORT" "$W")
tp=$1
echo "$n $sent $ta $tp" | awk '{ a = $2 / ($3 / 1e9); p = $1 / ($4 / 1e9);
    printf "send: %d mails, %.0f/s; smtplib, one connection: %.0f/s; ratio %.2f\n", $2, a, p, a / p }' | tee "$W/rate"
summary "send to a local SMTP server: mails/s / smtplib's" "$(sed -n 's/.*ratio //p' "$W/rate")" ">= 0.8"
