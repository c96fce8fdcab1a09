#!/bin/sh
# needs: tigris
# `arbiter init` makes an empty site, as the README's first steps say:
# the database (private to its user whatever the umask, or the tables of
# an empty PostgreSQL database), its schema and its key; `list`, `migrate`
# and mail to the site address work on it at once; run again it changes
# nothing.  Before it existed, `list` and `migrate` on a new path exited 66
# with nothing to make a site but a game (issue 22).
. "$(dirname "$0")/../e2e-lib.sh"

umask 022
db=$ARBITER_DB
if ! is_pg; then
	db="$T/site/games.db"
	expect_rc 66 "$ARBITER" --db "$db" init
	contains "$T/err" "the directory $T/site: No such file or directory"
	one_line "$T/err"
	mkdir "$T/site"
fi
# Before init: no database, and the error says what makes one.
expect_rc 66 "$ARBITER" --db "$db" list
contains "$T/err" "arbiter init"
expect_rc 0 "$ARBITER" --db "$db" init
grep -q "a new site; its token key is kept in the database" "$T/out" || fail "init said: $(cat "$T/out")"
ok
[ "$(sql_db "$db" "SELECT count(*) FROM meta WHERE key IN ('site', 'token_key')")" -eq 2 ] ||
	fail "init recorded no site and key"
ok
if ! is_pg; then
	for f in "$db" "$db-wal" "$db-shm"; do
		[ ! -e "$f" ] || [ "$(stat -c %a "$f")" = 600 ] || fail "$f has mode $(stat -c %a "$f")"
	done
	ok
fi
before=$(ARBITER_DB=$db dbsum)
expect_rc 0 "$ARBITER" --db "$db" init
contains "$T/out" "a site already; nothing changed"
[ "$(ARBITER_DB=$db dbsum)" = "$before" ] || fail "a second init changed the database"
ok
expect_rc 0 "$ARBITER" --db "$db" list
[ ! -s "$T/out" ] || fail "list on an empty site printed: $(cat "$T/out")"
expect_rc 0 "$ARBITER" --db "$db" migrate
contains "$T/out" "already current"

# A first mail to the site address is answered (a confirmation), not bounced.
export ARBITER_FROM=games@example.org
if is_pg; then export ARBITER_MAILDIR="$T/maildir"; fi
printf 'Return-Path: <ann@example.org>\nFrom: ann@example.org\nTo: games@example.org\nSubject: hi\nMessage-ID: <i1@example.org>\n\nhelp\n' |
	"$ARBITER" --db "$db" mail >"$T/out" 2>"$T/err" || fail "mail to the new site: $(cat "$T/err")"
ok
[ "$(sql_db "$db" "SELECT count(*) FROM outbox WHERE rcpt = 'ann@example.org'")" -eq 1 ] ||
	fail "the first mail to a new site got no answer"
ok

# A game on it keeps the key init made.
key=$(sql_db "$db" "SELECT value FROM meta WHERE key = 'token_key'")
expect_rc 0 "$ARBITER" --db "$db" new tigris --seat ada:ada@example.org --seat bo:bo@example.org
[ "$(sql_db "$db" "SELECT value FROM meta WHERE key = 'token_key'")" = "$key" ] ||
	fail "the key changed after init"
ok
done_ok
