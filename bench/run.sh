#!/bin/sh
# make bench: self-play speed of each game, and the wall time and peak
# memory of one `arbiter move` on a mid-game database.  Prints numbers; it
# asserts nothing.
set -e
. "$(pwd)/bench/summary.sh"
A=$(pwd)/arbiter
B=$(pwd)/${SELFPLAY:-build/bench/selfplay}
W=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-bench.XXXXXX")
trap 'rm -rf "$W"' EXIT

for g in $("$A" help | sed -n 's/^Games://p' | grep -o '[a-z]* (' | tr -d ' ('); do
	"$B" "$g" "${SELFPLAY_GAMES:-200}"
done

games=$("$A" help | sed -n 's/^Games://p')
has() {
	case "$games" in *" $1 ("*) return 0 ;; esac
	return 1
}

# Real games replayed in one process (engines that import logs).
SHARED=${ARBITER_SHARED:-$(pwd)/../shared}
if has terra && [ -d "$SHARED/games/terra" ]; then
	"${REPLAY:-build/bench/replay}" terra "$SHARED"/games/terra/*.log | tail -1
fi

export ARBITER_MAILDIR="$W/mail" HOME="$W"
unset ARBITER_SMTP_URL

# awaited GAME SEATS...: the first seat GAME waits for, its legal moves in $W/moves
awaited() {
	g=$1
	shift
	for s in "$@"; do
		if "$A" moves "$g" "$s" >"$W/moves" 2>/dev/null; then echo "$s"; return 0; fi
	done
	return 1
}

# play GAME N SEATS...: N listed moves, picked by a fixed rule; their mail
# stays queued
play() {
	g=$1 n=$2 k=0
	shift 2
	while [ $k -lt "$n" ]; do
		seat=$(awaited "$g" "$@") || break
		cmd=$(sed -n "$(( (k * 13 + 5) % $(wc -l <"$W/moves") + 1 ))p" "$W/moves")
		"$A" move --no-send "$g" "$seat" "$cmd" >/dev/null
		k=$((k + 1))
	done
}

# time_move LABEL GAME SEATS...: 51 runs of the awaited seat's first legal
# move, each on a fresh copy of the database, its mail written to a Maildir.
time_move() {
	label=$1 g=$2
	shift 2
	seat=$(awaited "$g" "$@")
	cmd=$(head -1 "$W/moves")
	# Each run copies the database file: the write-ahead log goes into it first.
	sqlite3 "$ARBITER_DB" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
	echo "$label: $(du -k "$ARBITER_DB" | cut -f1) KiB database, \
$("$A" log "$g" | wc -l) moves, $# seats with addresses; timing: move $g $seat '$cmd'"
	/usr/bin/python3 - "$A" "$ARBITER_DB" "$W" "$g" "$seat" "$cmd" <<'PY'
import os, resource, shutil, statistics, subprocess, sys, time
a, db, w, g, seat, cmd = sys.argv[1:]
times, peaks = [], []
for i in range(51):
    # the previous run's write-ahead log would replay its move on the copy
    for ext in ("-wal", "-shm"):
        if os.path.exists(os.path.join(w, "run.db" + ext)):
            os.remove(os.path.join(w, "run.db" + ext))
    shutil.copy(db, os.path.join(w, "run.db"))
    env = dict(os.environ, ARBITER_DB=os.path.join(w, "run.db"))
    t = time.perf_counter()
    subprocess.run([a, "move", g, seat, cmd], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    times.append(time.perf_counter() - t)
    peaks.append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
print("  arbiter move: median %.1f ms over %d runs (min %.1f, max %.1f); peak RSS %d KiB"
      % (statistics.median(times) * 1000, len(times), min(times) * 1000,
         max(times) * 1000, max(peaks)))
PY
}

export ARBITER_DB="$W/mid.db"
if has tigris; then
	ARBITER_TEST_SEED=5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed \
		"$A" new tigris --seat a:a@example.org --seat b:b@example.org \
		--seat c:c@example.org --seat d:d@example.org >"$W/id"
	play "$(cat "$W/id")" 120 a b c d
	"$A" send --quiet
	time_move "tigris, mid-game" "$(cat "$W/id")" a b c d
fi
if has terra && [ -d "$SHARED/games/terra" ]; then
	# The first half of a real league game, imported with four addresses.
	log="$SHARED/games/terra/4pLeague_S60_D1L1_G1.log"
	head -n $(( $(wc -l <"$log") / 2 )) "$log" >"$W/half.log"
	"$A" import terra "$W/half.log" --seat a:a@example.org --seat b:b@example.org \
		--seat c:c@example.org --seat d:d@example.org >"$W/id"
	"$A" send --quiet
	time_move "terra, half of a real game" "$(cat "$W/id")" a b c d
fi
if has warriors; then
	ARBITER_TEST_SEED=5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed \
		"$A" new warriors --seat a:a@example.org --seat b:b@example.org \
		--seat c:c@example.org --seat d:d@example.org >"$W/id"
	play "$(cat "$W/id")" 60 a b c d
	"$A" send --quiet
	time_move "warriors, mid-game" "$(cat "$W/id")" a b c d
fi

# Mail: how fast `send` empties a queue into a local SMTP server, and the
# wall time of `arbiter mail` for one inbound move.
mkdir -p "$W/smtp"
/usr/bin/python3 tests/mail/smtpd.py "$W/smtp" --lifetime 300 &
pid=$!
while [ ! -s "$W/smtp/port" ]; do sleep 0.1; done
export ARBITER_SMTP_URL="smtp://127.0.0.1:$(cat "$W/smtp/port")"
export ARBITER_DB="$W/mail.db" ARBITER_FROM=games@example.org
"$A" new tigris --seat a:a@example.org --seat b:b@example.org \
	--seat c:c@example.org --seat d:d@example.org >/dev/null
play 1 50 a b c d
queued=$(sqlite3 "$ARBITER_DB" "select count(*) from outbox where sent_at = 0")
# Timed by bench/timer (summary.sh's run): the child alone.
set -- $(run "$A" send --quiet)
echo "$queued $1" | awk '{ printf "send: %d mails over one SMTP connection in %.2f s: %.0f mails/s\n",
    $1, $2 / 1e9, $1 / ($2 / 1e9) }'
seat=$(awaited 1 a b c d)
idx=$(( $(printf 'a\nb\nc\nd\n' | grep -n "^$seat$" | cut -d: -f1) - 1 ))
reply=$(sqlite3 "$ARBITER_DB" "select message from outbox join outbox_body using (id) where seat = $idx order by id desc limit 1" |
	grep -i '^Reply-To:' | sed 's/.*<\(.*\)>.*/\1/' | tr -d '\r')
printf 'From: %s@example.org\nTo: %s\nMessage-ID: <bench-1@example.org>\nSubject: move\n\n%s\n' \
	"$seat" "$reply" "$(head -1 "$W/moves")" >"$W/in.eml"
set -- $(RUN_IN="$W/in.eml" run "$A" mail)
echo "$1" | awk '{ printf "arbiter mail: one inbound move applied, answered and its 5 mails sent in %.1f ms\n",
    $1 / 1e6 }'
kill $pid
