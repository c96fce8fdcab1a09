#!/bin/sh
# bench/mailcount.sh: how many mails each player of a 4-player Tigris &
# Euphrates game of 40 moves receives, by mail preference (issue 22).
#
#   sh bench/mailcount.sh [MODE...]
#
# MODE is a value of the preference "mail" all four players set by mail to
# the site address before the game ("every", "turn", "digest 6", ...), or
# "none" to set nothing (what an arbiter without preferences does: run it
# with ARBITER naming such a binary for the numbers before).  Default:
# none, every, turn, "digest 6", "digest 24".
#
# The game, the same for every mode: four players, a fixed seed; every
# move is sent by mail, as a reply to the newest mail the awaited player
# received, and only once that mail has told it the game waits for it (a
# player who chose a digest waits for its digest).  The clock is ARBITER_NOW:
# each hour cron runs `send` (which composes the digests due), and a player
# who has been told moves that hour, one move (its commands for one
# action) an hour.  The first 40 moves are counted; every mail to each
# player from the game's start on is counted, answers to its own moves
# included.  Prints one line per mode: MODE, each player's count, the
# total, and how many hours the 40 moves took.
set -eu
A=${ARBITER:-$(pwd)/arbiter}
case "$A" in /*) ;; *) A="$(pwd)/$A" ;; esac
W=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-mailcount.XXXXXX")
trap 'rm -rf "$W"' EXIT
PLAYERS="ada bo cy di"
MOVES=${MOVES:-40}
T0=1795000000

# newest PLAYER: the Reply-To of the newest mail to PLAYER about game 2, or nothing.
newest() {
	/usr/bin/python3 - "$ARBITER_MAILDIR/new" "$1@example.org" <<'PY'
import email, email.policy, os, sys
box, addr = sys.argv[1:3]
best = None
for n in os.listdir(box):
    m = email.message_from_binary_file(open(os.path.join(box, n), "rb"), policy=email.policy.default)
    if m["To"].addresses[0].addr_spec != addr or not m["Reply-To"]:
        continue
    to = m["Reply-To"].addresses[0].addr_spec
    if "+g2.s" not in to:
        continue
    k = int(n.rsplit("_", 1)[1])
    if best is None or k > best[0]:
        best = (k, to)
print(best[1] if best else "")
PY
}

# count PLAYER: mails delivered to PLAYER since the game began.
count() {
	n=0
	for f in "$ARBITER_MAILDIR"/new/*; do
		grep -q "^To: .*<$1@example.org>" "$f" || grep -q "^To: $1@example.org" "$f" || continue
		grep -qxF "$(basename "$f")" "$W/before" && continue
		n=$((n + 1))
	done
	echo $n
}

run() {
	mode=$1
	rm -rf "$W/db" "$W/mail"
	mkdir -p "$W/db"
	export ARBITER_DB="$W/db/games.db" ARBITER_MAILDIR="$W/mail" HOME="$W"
	# Each command delivers its mail before it exits (deliver = foreground), as
	# these figures always counted it; bench/moves.sh times the detached delivery.
	export ARBITER_DELIVER=foreground
	export ARBITER_FROM=games@example.org ARBITER_STRANGER_REPLIES_PER_HOUR=1000
	export ARBITER_REPLIES_PER_HOUR=1000 ARBITER_NOW=$T0
	unset ARBITER_SMTP_URL ARBITER_TEST_SEED
	# A database first (a game at the shell, removed: ids are never reused).
	"$A" new tigris --seat x --seat y >/dev/null
	"$A" delete 1 --yes >/dev/null
	if [ "$mode" != none ]; then
		for p in $PLAYERS; do
			printf 'Return-Path: <%s@example.org>\nFrom: %s@example.org\nTo: games@example.org\nSubject: settings\nMessage-ID: <set-%s@example.org>\n\nmail %s\n' \
			    "$p" "$p" "$p" "$mode" | "$A" mail >/dev/null
			to=$(/usr/bin/python3 - "$ARBITER_MAILDIR/new" "$p@example.org" <<'PY'
import email, email.policy, os, sys
box, addr = sys.argv[1:3]
for n in sorted(os.listdir(box), key=lambda n: int(n.rsplit("_", 1)[1]), reverse=True):
    m = email.message_from_binary_file(open(os.path.join(box, n), "rb"), policy=email.policy.default)
    if m["To"].addresses[0].addr_spec == addr and m["Reply-To"]:
        print(m["Reply-To"].addresses[0].addr_spec)
        break
PY
)
			printf 'Return-Path: <%s@example.org>\nFrom: %s@example.org\nTo: %s\nSubject: Re\nMessage-ID: <conf-%s@example.org>\n\nok\n' \
			    "$p" "$p" "$to" "$p" | "$A" mail >/dev/null
		done
	fi
	ls "$ARBITER_MAILDIR/new" >"$W/before" 2>/dev/null || : >"$W/before"
	ARBITER_TEST_SEED=1111111111111111111111111111111111111111111111111111111111111111 \
	    "$A" new tigris --seat ada:ada@example.org --seat bo:bo@example.org \
	    --seat cy:cy@example.org --seat di:di@example.org >/dev/null
	moves=0
	hour=0
	while [ $moves -lt "$MOVES" ] && [ $hour -lt 2000 ]; do
		hour=$((hour + 1))
		ARBITER_NOW=$((T0 + hour * 3600))
		"$A" send --quiet >/dev/null
		s=$("$A" show 2 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
		[ -n "$s" ] || break
		to=$(newest "$s")
		# Told: the newest mail's reply address carries the seat's serial now.
		serial=$(sqlite3 "$ARBITER_DB" "SELECT serial FROM seats WHERE game_id = 2 AND name = '$s'")
		case "$to" in *".n$serial."*) ;; *) continue ;; esac
		cmd=$("$A" moves 2 "$s" | head -1 | sed 's/ |.*//')
		printf 'Return-Path: <%s@example.org>\nFrom: %s@example.org\nTo: %s\nSubject: Re\nMessage-ID: <move-%d@example.org>\n\n%s\n' \
		    "$s" "$s" "$to" "$moves" "$cmd" | "$A" mail >/dev/null
		moves=$("$A" log 2 | grep -c '^ *[0-9]' || true)
	done
	ARBITER_NOW=$((T0 + (hour + 1) * 3600))
	"$A" send --quiet >/dev/null
	line="$(printf '%-10s' "$mode")"
	total=0
	for p in $PLAYERS; do
		c=$(count "$p")
		total=$((total + c))
		line="$line $(printf '%s %3d' "$p" "$c")"
	done
	echo "$line  total $total, $moves moves in $hour hours"
}

[ $# -gt 0 ] || set -- none every turn "digest 6" "digest 24"
for m in "$@"; do
	run "$m"
done
