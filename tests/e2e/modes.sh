#!/bin/sh
# needs: tigris
# backend: sqlite — the modes of the database file, its log and index
# The database holds the token key, the seeds and every hand: whatever the
# umask, and whoever made the file, arbiter makes it private (0600) when it
# lays the schema, its log and index with it; a database others may read
# once it holds a site is refused with one line that says how to fix it,
# by every command (78), and by `mail` with 75 so the MTA keeps the mail.
# (The enumeration of every file arbiter writes is tests/unit/test_enumerate.c.)
. "$(dirname "$0")/../e2e-lib.sh"

umask 022
# An empty file made by someone else, under umask 022 (issue 28, defect 4).
touch "$T/e.db"
[ "$(stat -c %a "$T/e.db")" = 644 ] || fail "touch made mode $(stat -c %a "$T/e.db")"
expect_rc 0 "$ARBITER" --db "$T/e.db" new tigris --seat ada:ada@example.org --seat bo:bo@example.org
for f in "$T/e.db" "$T/e.db-wal" "$T/e.db-shm"; do
	[ -e "$f" ] || fail "$f is missing"
	[ "$(stat -c %a "$f")" = 600 ] || fail "$f has mode $(stat -c %a "$f"), not 600"
	ok
done

# Opened up afterwards: refused, by a reader too, and nothing is read.
chmod 644 "$T/e.db"
expect_rc 78 "$ARBITER" --db "$T/e.db" show 1
one_line "$T/err"
contains "$T/err" "may be read by others than its owner (mode 0644)"
contains "$T/err" "chmod 600 $T/e.db"
[ ! -s "$T/out" ] || fail "show printed the game from a database others may read"
expect_rc 78 "$ARBITER" --db "$T/e.db" move 1 ada "pass"
printf 'From: ada@example.org\nTo: games@example.org\nSubject: x\nMessage-ID: <m1@example.org>\n\nhelp\n' >"$T/mail"
expect_rc 75 sh -c '"$1" --db "$2" mail <"$3"' sh "$ARBITER" "$T/e.db" "$T/mail"
contains "$T/err" "may be read by others"
chmod 600 "$T/e.db"
chmod 640 "$T/e.db-wal"
expect_rc 78 "$ARBITER" --db "$T/e.db" list
contains "$T/err" "$T/e.db-wal may be read by others than its owner (mode 0640)"
chmod 600 "$T/e.db-wal"
chmod 620 "$T/e.db"
expect_rc 78 "$ARBITER" --db "$T/e.db" list
contains "$T/err" "$T/e.db may be written by others than its owner (mode 0620)"
chmod 600 "$T/e.db"
chmod 640 "$T/e.db-wal"
chmod 600 "$T/e.db-wal"
expect_rc 0 "$ARBITER" --db "$T/e.db" show 1

# Opened up while no log and no index lay beside it (the last connection
# to close removes them): refused before SQLite opens it, so neither is
# made, as SQLite would make them, in the database file's own open mode.
sqlite3 "$T/e.db" "SELECT count(*) FROM games" >/dev/null || fail "sqlite3 cannot read $T/e.db"
[ ! -e "$T/e.db-wal" ] && [ ! -e "$T/e.db-shm" ] || fail "sqlite3 left the log or its index"
for m in 644 444; do
	chmod $m "$T/e.db"
	expect_rc 78 "$ARBITER" --db "$T/e.db" show 1
	one_line "$T/err"
	contains "$T/err" "may be read by others than its owner (mode 0$m)"
	for f in "$T/e.db-wal" "$T/e.db-shm"; do
		[ ! -e "$f" ] || fail "refusing a database of mode $m made $f, mode $(stat -c %a "$f")"
		ok
	done
done
chmod 600 "$T/e.db"
expect_rc 0 "$ARBITER" --db "$T/e.db" show 1
# A FIFO in the database's place, open to others: refused at once, not
# waited on (a read-only open of a FIFO waits for a writer).
mkfifo "$T/fifo.db"
chmod 644 "$T/fifo.db"
expect_rc 74 timeout 20 "$ARBITER" --db "$T/fifo.db" show 1
one_line "$T/err"

# A database an older arbiter made open, before any site: it gets its
# site, and is made private before the key goes in.
sqlite3 "$T/e.db" "VACUUM INTO '$T/old.db'" || fail "cannot copy the database"
sqlite3 "$T/old.db" "DELETE FROM meta; DELETE FROM outbox_body; DELETE FROM outbox;
    DELETE FROM snapshots; DELETE FROM moves; DELETE FROM seats; DELETE FROM games" ||
	fail "cannot empty the copy"
chmod 644 "$T/old.db"
expect_rc 0 "$ARBITER" --db "$T/old.db" init
contains "$T/out" "a new site"
for f in "$T/old.db" "$T/old.db-wal" "$T/old.db-shm"; do
	[ ! -e "$f" ] || [ "$(stat -c %a "$f")" = 600 ] || fail "$f has mode $(stat -c %a "$f")"
done
ok
# A file named by -o that was there, readable by others: what arbiter
# writes into it (a seat's own screen) is private too.
touch "$T/screen.txt" && chmod 644 "$T/screen.txt"
expect_rc 0 "$ARBITER" --db "$T/o.db" new tigris --seat ada:ada@example.org --seat bo:bo@example.org
expect_rc 0 "$ARBITER" --db "$T/o.db" show 1 --as ada -o "$T/screen.txt"
[ "$(stat -c %a "$T/screen.txt")" = 600 ] ||
	fail "show -o left mode $(stat -c %a "$T/screen.txt")"
contains "$T/screen.txt" "Behind your screen"
ok
done_ok
