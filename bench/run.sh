#!/bin/sh
# make bench: self-play speed of each game, and the wall time and peak
# memory of one `arbiter move` on a mid-game database.  Prints numbers; it
# asserts nothing.
set -e
A=$(pwd)/arbiter
B=$(pwd)/${SELFPLAY:-build/bench/selfplay}
W=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-bench.XXXXXX")
trap 'rm -rf "$W"' EXIT

for g in $("$A" help | sed -n 's/^Games://p' | grep -o '[a-z]* (' | tr -d ' ('); do
	"$B" "$g" "${SELFPLAY_GAMES:-200}"
done

# A mid-game Tigris database: four players, 120 submissions.
export ARBITER_DB="$W/mid.db" ARBITER_MAILDIR="$W/mail" HOME="$W"
unset ARBITER_SMTP_URL
ARBITER_TEST_SEED=5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed \
	"$A" new tigris --seat a:a@example.org --seat b:b@example.org \
	--seat c:c@example.org --seat d:d@example.org >/dev/null
n=0
while [ $n -lt 120 ]; do
	for s in a b c d; do
		if "$A" moves 1 "$s" >"$W/moves" 2>/dev/null; then seat=$s; break; fi
	done
	cmd=$(sed -n "$(( (n * 13 + 5) % $(wc -l <"$W/moves") + 1 ))p" "$W/moves")
	"$A" move 1 "$seat" "$cmd" >/dev/null
	n=$((n + 1))
done
for s in a b c d; do
	if "$A" moves 1 "$s" >"$W/moves" 2>/dev/null; then seat=$s; break; fi
done
cmd=$(head -1 "$W/moves")
echo "mid-game database: $(du -k "$W/mid.db" | cut -f1) KiB, $n moves; timing: move 1 $seat '$cmd'"

# 51 runs, each on a fresh copy of the database, mail written to a Maildir.
/usr/bin/python3 - "$A" "$W" "$seat" "$cmd" <<'PY'
import os, resource, shutil, statistics, subprocess, sys, time
a, w, seat, cmd = sys.argv[1:]
times, peaks = [], []
for i in range(51):
    shutil.copy(os.path.join(w, "mid.db"), os.path.join(w, "run.db"))
    env = dict(os.environ, ARBITER_DB=os.path.join(w, "run.db"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t = time.perf_counter()
    subprocess.run([a, "move", "1", seat, cmd], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    times.append(time.perf_counter() - t)
    peaks.append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
print("arbiter move: median %.1f ms over %d runs (min %.1f, max %.1f); peak RSS %d KiB"
      % (statistics.median(times) * 1000, len(times), min(times) * 1000,
         max(times) * 1000, max(peaks)))
PY

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
k=0
while [ $k -lt 50 ]; do
	for s in a b c d; do
		if "$A" moves 1 "$s" >"$W/moves" 2>/dev/null; then seat=$s; break; fi
	done
	"$A" move --no-send 1 "$seat" "$(head -1 "$W/moves")" >/dev/null
	k=$((k + 1))
done
queued=$(sqlite3 "$ARBITER_DB" "select count(*) from outbox where sent_at = 0")
t0=$(date +%s.%N)
"$A" send --quiet
t1=$(date +%s.%N)
/usr/bin/python3 -c "import sys; q, a, b = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]); print('send: %d mails over one SMTP connection in %.2f s: %.0f mails/s' % (q, b - a, q / (b - a)))" "$queued" "$t0" "$t1"
for s in a b c d; do
	if "$A" moves 1 "$s" >"$W/moves" 2>/dev/null; then seat=$s; break; fi
done
idx=$(( $(printf 'a\nb\nc\nd\n' | grep -n "^$seat$" | cut -d: -f1) - 1 ))
reply=$(sqlite3 "$ARBITER_DB" "select message from outbox where seat = $idx order by id desc limit 1" |
	grep -i '^Reply-To:' | sed 's/.*<\(.*\)>.*/\1/' | tr -d '\r')
printf 'From: %s@example.org\nTo: %s\nMessage-ID: <bench-1@example.org>\nSubject: move\n\n%s\n' \
	"$seat" "$reply" "$(head -1 "$W/moves")" >"$W/in.eml"
t0=$(date +%s.%N)
"$A" mail <"$W/in.eml"
t1=$(date +%s.%N)
/usr/bin/python3 -c "import sys; print('arbiter mail: one inbound move applied, answered and its 5 mails sent in %.1f ms' % ((float(sys.argv[2]) - float(sys.argv[1])) * 1000))" "$t0" "$t1"
kill $pid
