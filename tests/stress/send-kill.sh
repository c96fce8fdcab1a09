#!/bin/sh
# needs: tigris
# SIGKILL at random points of `arbiter send`, into a Maildir and to an SMTP
# server: no mail is lost, none is delivered twice into the Maildir, and
# over SMTP a mail repeats only inside the one documented gap (sent, the
# process killed before its record was committed: at most one per kill).
# STRESS_SHORT=1: 30 kills per mode; else 300.
. "$(dirname "$0")/../e2e-lib.sh"

runs=300
[ -n "${STRESS_SHORT:-}" ] && runs=30

rnd() {	# rnd N: a random number in 0..N-1
	echo $(( $(od -An -N2 -tu2 /dev/urandom) % $1 ))
}

# queue_more: queue mail by moves played with --no-send (a new game when
# the current one ends or every 40 moves)
game=0
moves=40
queue_more() {
	if [ $moves -ge 40 ]; then
		"$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org \
		    --seat cat:cat@example.org >/dev/null 2>"$T/err" || fail "new: $(cat "$T/err")"
		game=$((game + 1))
		moves=0
	fi
	for s in ann ben cat; do
		if "$ARBITER" moves $game $s >"$T/moves" 2>/dev/null; then
			"$ARBITER" move --no-send $game $s "$(head -1 "$T/moves")" >/dev/null 2>&1
			break
		fi
	done
	moves=$((moves + 1))
}

# kill_runs MODE: runs of send, each killed after a random 0-40 ms
kill_runs() {
	k=0
	while [ $k -lt $runs ]; do
		queue_more
		"$ARBITER" send --quiet >/dev/null 2>&1 &
		pid=$!
		sleep "0.0$(rnd 40 | sed 's/^\([0-9]\)$/0\1/')"
		kill -9 $pid 2>/dev/null
		wait $pid 2>/dev/null
		k=$((k + 1))
	done
	# Then one run to the end, once the claims of the killed runs ran out
	# (ten minutes): the queue must empty.
	ARBITER_NOW=$(( $(date +%s) + 700 )) "$ARBITER" send --quiet >/dev/null 2>"$T/err" ||
		fail "the last send failed: $(cat "$T/err")"
	q=$(sqlite3 "$ARBITER_DB" "SELECT count(*) FROM outbox WHERE sent_at = 0")
	[ "$q" -eq 0 ] || fail "$MODE: $q mails still queued after the last send"
	ok
}

# tally DIR GLOB: "mails distinct duplicates" of the Message-IDs in the files
tally() {
	/usr/bin/python3 - "$1" "$2" <<'PY'
import glob, os, re, sys
seen = {}
for path in glob.glob(os.path.join(sys.argv[1], sys.argv[2])):
    with open(path, "rb") as f:
        head = f.read(4096).decode("ascii", "replace")
    m = re.search(r"^Message-ID: (\S+)", head, re.M | re.I)
    key = m.group(1) if m else path
    seen[key] = seen.get(key, 0) + 1
print(sum(seen.values()), len(seen), sum(n - 1 for n in seen.values()))
PY
}

# Maildir
MODE=maildir
kill_runs
expected=$(sqlite3 "$ARBITER_DB" "SELECT count(*) FROM outbox WHERE sent_at != 0")
set -- $(tally "$ARBITER_MAILDIR" "new/*")
[ "$2" -eq "$expected" ] || fail "maildir: $2 distinct mails delivered, $expected sent"
[ "$3" -eq 0 ] || fail "maildir: $3 mails delivered twice"
ok
left=$(ls "$ARBITER_MAILDIR/tmp" | wc -l)
echo "maildir: $runs kills, $expected mails, lost 0, duplicated $3, files left in tmp/ $left"
# What the killed runs left in tmp/ goes once it is an hour old.
if [ "$left" -gt 0 ]; then
	touch -d '2 hours ago' "$ARBITER_MAILDIR"/tmp/*
	"$ARBITER" send --quiet >/dev/null 2>&1 || fail "send failed"
	[ "$(ls "$ARBITER_MAILDIR/tmp" | wc -l)" -eq 0 ] || fail "old files stay in tmp/"
	ok
fi

# SMTP
smtpd "$T/smtp" --lifetime 900
trap 'kill $SMTPD_PID 2>/dev/null; wait $SMTPD_PID 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT
export ARBITER_SMTP_URL="smtp://127.0.0.1:$(cat "$T/smtp/port")"
before=$(sqlite3 "$ARBITER_DB" "SELECT count(*) FROM outbox WHERE sent_at != 0")
MODE=smtp
kill_runs
expected=$(( $(sqlite3 "$ARBITER_DB" "SELECT count(*) FROM outbox WHERE sent_at != 0") - before ))
set -- $(tally "$T/smtp" "*.eml")
[ "$2" -eq "$expected" ] || fail "smtp: $2 distinct mails arrived, $expected sent"
[ "$3" -le "$runs" ] || fail "smtp: $3 mails arrived twice, more than one per kill ($runs)"
ok
echo "smtp: $runs kills, $expected mails, lost 0, duplicated $3 (at most one per kill)"
done_ok
