#!/bin/sh
# bench/bigdb.sh DB N - a database of N Tigris games, 70% of them finished,
# for measuring commands that must not grow with the games a site has
# played.  Two games are made by arbiter itself through the real schema (a
# running one with a few moves, and one ended by a resignation); the
# others are copies of their rows under new ids (the same seed and log, so
# each copy replays under `arbiter verify` like its model; a snapshot is
# bound to its game's id, so copies have none and arbiter builds one from
# the log when it first loads them).
# Seat names and addresses are numbered per game; every running game
# waits for a seat idle for a day.
set -e
DB=$1
N=$2
A=${ARBITER:-$(pwd)/arbiter}
[ -n "$DB" ] && [ -n "$N" ] || { echo "usage: bigdb.sh DB N" >&2; exit 64; }
rm -f "$DB" "$DB-wal" "$DB-shm"
export ARBITER_DB="$DB" HOME=$(dirname "$DB")
unset ARBITER_SMTP_URL ARBITER_MAILDIR
"$A" new tigris --seat ann:ann@example.org --seat ben:ben@example.org >/dev/null
for k in 1 2 3 4; do
	for s in ann ben; do
		if "$A" moves 1 $s >"$DB.moves" 2>/dev/null; then
			"$A" move --no-send 1 $s "$(head -1 "$DB.moves")" >/dev/null
			break
		fi
	done
done
"$A" new tigris --seat ann:ann@example.org --seat ben:ben@example.org >/dev/null
"$A" move --no-send 2 ann resign >/dev/null
rm -f "$DB.moves"
day=$(( $(date +%s) - 86400 ))
sqlite3 "$DB" <<SQL
BEGIN;
CREATE TEMP TABLE k(n INTEGER PRIMARY KEY);
WITH RECURSIVE c(n) AS (SELECT 3 UNION ALL SELECT n + 1 FROM c WHERE n < $N)
INSERT INTO k SELECT n FROM c;
-- Model 1 (running) for every tenth game up to 30%, model 2 (finished) else.
CREATE TEMP TABLE m AS SELECT n, CASE WHEN n % 10 < 3 THEN 1 ELSE 2 END AS model FROM k;
INSERT INTO games (id, rules, title, options, seed, nseats, created, nmoves, over, remind_hours)
	SELECT m.n, g.rules, 'game ' || m.n, g.options, g.seed, g.nseats, g.created, g.nmoves,
	g.over, g.remind_hours FROM m JOIN games g ON g.id = m.model;
INSERT INTO seats (game_id, idx, name, email, password, idle_since, reminded_at, reminders,
	away_until, table_told, serial)
	SELECT m.n, s.idx, s.name || m.n, s.name || m.n || '@example.org', s.password,
	CASE WHEN s.idle_since != 0 THEN $day ELSE 0 END, s.reminded_at, s.reminders,
	s.away_until, 1, s.serial FROM m JOIN seats s ON s.game_id = m.model;
INSERT INTO moves SELECT m.n, v.seq, v.seat, v.text, v.source, NULL, v.at, v.drew, v.shown
	FROM m JOIN moves v ON v.game_id = m.model;
COMMIT;
SQL
