#!/bin/sh
# needs: tigris
# The site a database belongs to.  Configuration errors exit 78 with the
# file, the line and the problem; a database made with a configuration and
# a key file refuses to run without them (the Postfix pipe, which passes
# no HOME, included) instead of making a new key; two databases sharing a
# key do not take each other's reply addresses; reading commands never
# create or change a database; every file arbiter makes is private; an
# older database gets a site record, hashed passwords and answers for the
# reply addresses it sent before.  (The databases are SQLite files in $T,
# or PostgreSQL databases of newdb: a missing or empty file is then a
# database without tables.)
. "$(dirname "$0")/../e2e-lib.sh"

moves_in() {
	sql_db "$1" "SELECT count(*) FROM moves"
}
main_db=$ARBITER_DB

# Configuration errors: 78, one line naming the file and the line.
umask 022
export ARBITER_FROM=games@example.org
expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
printf 'from = games@example.org\nfrom_name = x\000y\n' >"$T/nul.conf"
expect_rc 78 "$ARBITER" --config "$T/nul.conf" move 1 ann pass
one_line "$T/err"
contains "$T/err" "nul.conf:2: a NUL byte"
printf 'from = games@example.org\njust words\n' >"$T/bad.conf"
expect_rc 78 "$ARBITER" --config "$T/bad.conf" move 1 ann pass
one_line "$T/err"
contains "$T/err" "bad.conf:2: KEY = VALUE expected"
printf '# site\nfrobnicate = 1\n' >"$T/bad.conf"
expect_rc 78 "$ARBITER" --config "$T/bad.conf" show 1
contains "$T/err" "bad.conf:2: unknown key 'frobnicate'"
printf 'remind_hours = 5\n# later\nremind_hours = 6\n' >"$T/bad.conf"
expect_rc 78 "$ARBITER" --config "$T/bad.conf" show 1
one_line "$T/err"
contains "$T/err" "bad.conf:3: remind_hours is set twice: line 1 set it already"
# An output file that cannot be created: 73 (EX_CANTCREAT), one line.
expect_rc 73 "$ARBITER" show 1 -o "$T/no/such/dir/board.txt"
one_line "$T/err"
contains "$T/err" "cannot create $T/no/such/dir/board.txt"
# Standard output that cannot be written (a full disk): 74, one line, for
# the text and, with -o -, the picture (they exited 0 in silence).
for how in "show 1" "show 1 -o -" "show 1 --format svg -o -" "list" "post 1"; do
	expect_rc 74 sh -c 'exec "$@" >/dev/full' sh "$ARBITER" $how
	one_line "$T/err"
	contains "$T/err" "write"
done
# arbiter's own files are never an output, through a link or another name
# too: the configuration read, and (SQLite) every file beside the
# database, whatever arbiter made there.  All stay as they were.
printf 'from = games@example.org\n' >"$T/site.conf"
own="$T/site.conf"
if ! is_pg; then
	ln -s "$ARBITER_DB" "$T/link.png"
	ln "$ARBITER_DB" "$T/hard.png"
	own="$own $(ls "$ARBITER_DB" "$ARBITER_DB"-*) $T/link.png $T/hard.png"
fi
cp "$T/site.conf" "$T/site.conf.was"
for f in $own; do
	for how in "show 1 -o" "show 1 --format png -o" "post 1 --image"; do
		expect_rc 73 "$ARBITER" --config "$T/site.conf" $how "$f"
		one_line "$T/err"
		contains "$T/err" "will not write"
		ok
	done
done
cmp -s "$T/site.conf" "$T/site.conf.was" || fail "show -o wrote over the configuration"
# The files the configuration names or that hold the site are refused as
# well, there or not yet: the token key, the SMTP password, a template,
# the Maildir and a mail in it, the default configuration file, a file of
# the database's that is not there now (its journal), also through a
# dangling link (found by the second outside tester: -o onto the key file
# put the site out of action).
if ! is_pg; then
	O=$T/own
	mkdir -p "$O/tpl" "$O/home/.config/arbiter" "$O/bare/.config/arbiter"
	head -c 24 /dev/urandom | base64 >"$O/key"
	printf 'secret\n' >"$O/smtppass"
	cp "$ROOT/templates/mail-move.txt" "$O/tpl/"
	printf 'from = games@example.org\ndb = %s\nsecret_file = %s\nsmtp_password_file = %s\ntemplates = %s\nmaildir = %s\n' \
	    "$O/own.db" "$O/key" "$O/smtppass" "$O/tpl" "$O/mdir" >"$O/home/.config/arbiter/arbiter.conf"
	own() { env -u ARBITER_MAILDIR HOME="$O/home" ARBITER_DELIVER=foreground "$ARBITER" --db "$O/own.db" "$@"; }
	expect_rc 0 own init
	expect_rc 0 own new tigris --seat ada:ada@example.org --seat bo:bo@example.org
	mail=$(ls "$O/mdir/new" | head -1)
	[ -n "$mail" ] || fail "no mail was delivered into $O/mdir"
	ln -s "$O/own.db-journal" "$O/dangling.png"
	( cd "$O" && md5sum key smtppass tpl/mail-move.txt home/.config/arbiter/arbiter.conf \
	    "mdir/new/$mail" >"$O/sums" )
	for f in "$O/key" "$O/smtppass" "$O/tpl/mail-move.txt" "$O/mdir" "$O/mdir/new/$mail" \
	    "$O/mdir/tmp/x.png" "$O/home/.config/arbiter/arbiter.conf" "$O/own.db-journal" \
	    "$O/dangling.png"; do
		for how in "show 1 -o" "show 1 --format png -o" "post 1 --image"; do
			expect_rc 73 own $how "$f"
			one_line "$T/err"
			contains "$T/err" "will not write"
			ok
		done
	done
	# The same files under other names (the third outside tester): a hard
	# link to a template and to a mail, a file a template links to, and,
	# with no configuration read at all, the key and the configuration
	# the database's site record names.
	ln "$O/tpl/mail-move.txt" "$O/hard-tpl"
	ln "$O/mdir/new/$mail" "$O/hard-mail"
	mkdir -p "$O/real"
	printf 'Hello {{name}}\n' >"$O/real/mail-end.txt"
	ln -s "$O/real/mail-end.txt" "$O/tpl/mail-end.txt"
	( cd "$O" && md5sum real/mail-end.txt >>"$O/sums" )
	for f in "$O/hard-tpl" "$O/hard-mail" "$O/real/mail-end.txt"; do
		expect_rc 73 own show 1 -o "$f"
		contains "$T/err" "will not write"
	done
	for f in "$O/key" "$O/home/.config/arbiter/arbiter.conf" "$O/smtppass" \
	    "$O/tpl/mail-move.txt" "$O/tpl/new.txt" "$O/mdir/new/$mail" "$O/mdir/new/planted"; do
		expect_rc 73 env -u ARBITER_MAILDIR HOME="$O/bare" "$ARBITER" --db "$O/own.db" show 1 -o "$f"
		contains "$T/err" "will not write"
	done
	# Another database in use: the configuration's own is still the site's
	# (the fourth outside tester replaced it so).
	expect_rc 0 own --db "$O/other.db" new tigris --seat a --seat b
	for f in "$O/own.db" "$O/own.db-wal" "$O/own.db-journal"; do
		expect_rc 73 own --db "$O/other.db" show 1 -o "$f"
		contains "$T/err" "will not write"
	done
	# The Maildir by another path (a bind mount, in a namespace of one's
	# own where the system allows it): judged by device and inode.
	if unshare -Urm true 2>/dev/null; then
		mkdir -p "$O/bind"
		expect_rc 73 env -u ARBITER_MAILDIR HOME="$O/home" unshare -Urm sh -c \
		    'mount --bind "$1" "$2" && exec "$3" --db "$4" show 1 -o "$2/new/planted"' sh \
		    "$O/mdir" "$O/bind" "$ARBITER" "$O/own.db"
		contains "$T/err" "will not write"
		[ ! -e "$O/mdir/new/planted" ] || fail "show -o planted a mail through a bind mount"
	else
		echo "(no user namespaces here: the bind-mount case is not run)"
	fi
	# A link swapped between the check and the open: the file opened is
	# judged again, so the key is never written (before, within a few
	# dozen tries).
	printf 'harmless\n' >"$O/harmless"
	( i=0; while [ $i -lt 4000 ] && [ ! -e "$O/stop" ]; do
		ln -sfn "$O/harmless" "$O/race"; ln -sfn "$O/key" "$O/race"; i=$((i + 1)); done ) &
	swapper=$!
	i=0
	while [ $i -lt 150 ]; do
		own show 1 -o "$O/race" >/dev/null 2>&1
		i=$((i + 1))
	done
	touch "$O/stop"
	wait $swapper
	( cd "$O" && md5sum -c --quiet sums ) || fail "show -o or post --image changed a file of the site"
	[ ! -e "$O/own.db-journal" ] && [ ! -e "$O/mdir/tmp/x.png" ] || fail "an output was made in the site's place"
	expect_rc 0 own verify --all
	# The default configuration file and a Maildir not made yet, refused
	# before they exist (a file there would stop every command).
	expect_rc 73 env -u ARBITER_MAILDIR HOME="$O/bare" "$ARBITER" --db "$O/own.db" show 1 -o "$O/bare/.config/arbiter/arbiter.conf"
	contains "$T/err" "will not write"
	[ ! -e "$O/bare/.config/arbiter/arbiter.conf" ] || fail "show -o made the configuration file"
	expect_rc 73 env HOME="$O/bare" ARBITER_MAILDIR="$O/later" "$ARBITER" --db "$O/own.db" show 1 -o "$O/later"
	contains "$T/err" "a Maildir"
	[ ! -e "$O/later" ] || fail "show -o made a file where the Maildir goes"
fi
# A link that leads nowhere is not followed to make its target; an empty
# name is a usage error, as for post --image.
ln -s "$T/made-by-link.png" "$T/dangling.png"
expect_rc 73 "$ARBITER" show 1 -o "$T/dangling.png"
one_line "$T/err"
[ ! -e "$T/made-by-link.png" ] || fail "show -o made the target of a dangling link"
expect_rc 64 "$ARBITER" show 1 -o ""
one_line "$T/err"
# `show -o -` is standard output; post's own text goes there, so its
# picture is not written to a file named "-".
expect_rc 64 sh -c 'cd "$1" && exec "$2" post 1 --image -' sh "$T" "$ARBITER"
one_line "$T/err"
contains "$T/err" "--image -: the post itself goes to standard output"
[ ! -e "$T/-" ] || fail "post --image - made a file named -"
expect_rc 0 "$ARBITER" verify --all
printf 'remind_hours = soon\n' >"$T/bad.conf"
expect_rc 78 "$ARBITER" --config "$T/bad.conf" send
contains "$T/err" "bad.conf:1: remind_hours needs a whole number"
printf 'from_name = \377\376\n' >"$T/bad.conf"
expect_rc 78 "$ARBITER" --config "$T/bad.conf" remind
contains "$T/err" "bad.conf:1: invalid UTF-8"
expect_rc 78 "$ARBITER" --config "$T/missing.conf" move 1 ann pass
one_line "$T/err"
contains "$T/err" "missing.conf"
ARBITER_REPLIES_PER_HOUR=many expect_rc 78 "$ARBITER" send
contains "$T/err" "ARBITER_REPLIES_PER_HOUR: replies_per_hour needs a whole number"
[ "$(moves_in "$ARBITER_DB")" -eq 0 ] || fail "a configuration error moved"
ok

# Reading commands never create or change a database.
if is_pg; then
	empty=$(newdb empty) || fail "cannot make a database"
	for cmd in "show 1" "log 1" "moves 1 ann" "score 1" "export 1" "list" "verify --all" "verify 1"; do
		# shellcheck disable=SC2086
		expect_rc 66 "$ARBITER" --db "$empty" $cmd
		! db_made "$empty" || fail "'$cmd' made tables in an empty database"
	done
	expect_rc 66 "$ARBITER" --db "$empty" move 1 ann pass
	! db_made "$empty" || fail "move made tables in an empty database"
	expect_rc 75 "$ARBITER" --db "$empty" mail </dev/null
	! db_made "$empty" || fail "mail made tables in an empty database"
else
	: >"$T/empty.db"
	for cmd in "show 1" "log 1" "moves 1 ann" "score 1" "export 1" "list" "verify --all" "verify 1"; do
		# shellcheck disable=SC2086
		expect_rc 66 "$ARBITER" --db "$T/empty.db" $cmd
		contains "$T/err" "empty, not an arbiter database"
		[ ! -s "$T/empty.db" ] || fail "'$cmd' wrote into an empty file"
		# shellcheck disable=SC2086
		expect_rc 66 "$ARBITER" --db "$T/none.db" $cmd
		[ ! -e "$T/none.db" ] || fail "'$cmd' created a database"
	done
	expect_rc 66 "$ARBITER" --db "$T/empty.db" move 1 ann pass
	[ ! -s "$T/empty.db" ] || fail "move wrote into an empty file"
	expect_rc 75 "$ARBITER" --db "$T/none.db" mail </dev/null
	[ ! -e "$T/none.db" ] || fail "mail created a database"
fi
before=$(dbsum)
files_before=$(ls -a "$T")
for cmd in "show 1" "show 1 --as ann" "log 1" "moves 1 ann" "score 1" "export 1" "list" "verify --all"; do
	# shellcheck disable=SC2086
	"$ARBITER" $cmd >/dev/null 2>&1
	[ "$(dbsum)" = "$before" ] || fail "'$cmd' changed the database"
done
[ "$(ls -a "$T")" = "$files_before" ] || fail "reading commands left files: $(ls -a "$T")"
touch "$T/files.after"
ok

# Every file arbiter makes is its user's alone, whatever the umask.
# (PostgreSQL: no database file, and no default Maildir beside it: the
# Maildir is named where the default would be.)
umask 022
mkdir "$T/site"
if is_pg; then
	site_db=$(newdb site) || fail "cannot make a database"
	export ARBITER_DB="$site_db"
	export ARBITER_MAILDIR="$T/site/games.db.mail"
else
	export ARBITER_DB="$T/site/games.db"
	unset ARBITER_MAILDIR
fi
expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
for s in ann ben; do
	if "$ARBITER" moves 1 "$s" >"$T/moves" 2>/dev/null; then seat=$s; break; fi
done
expect_rc 0 "$ARBITER" move 1 "$seat" "$(head -1 "$T/moves")"
printf 'Return-Path: <eve@evil.example>\nFrom: eve@evil.example\nTo: games@example.org\nMessage-ID: <x@evil.example>\n\nhello\n' |
	"$ARBITER" mail >/dev/null 2>&1 || fail "mail"
expect_rc 0 "$ARBITER" send
expect_rc 0 "$ARBITER" remind
[ -d "$T/site/games.db.mail/new" ] || fail "no Maildir"
find "$T/site" -newer "$T/files.after" ! -path "$T/site" >"$T/made"
[ "$(wc -l <"$T/made")" -gt 5 ] || fail "too few files made: $(cat "$T/made")"
while read -r f; do
	m=$(stat -c %a "$f")
	if [ -d "$f" ]; then
		[ "$m" = 700 ] || fail "$f is a directory of mode $m"
	else
		[ "$m" = 600 ] || fail "$f has mode $m"
	fi
done <"$T/made"
ok

# The Postfix pipe passes no HOME: the configuration the database was made
# with is not found, and that is an error (78 from a command, 75 from
# `mail`, which Postfix defers), not a new key that answers "does not
# belong to any seat".
pipe_db=$(newdb pipe) || fail "cannot make a database"
export ARBITER_DB="$pipe_db"
export ARBITER_MAILDIR="$T/pipe-maildir"
unset ARBITER_FROM
mkdir -p "$HOME/.config/arbiter"
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$T/key"
printf 'from = games@example.org\nsecret_file = %s\n' "$T/key" >"$HOME/.config/arbiter/arbiter.conf"
# A PostgreSQL site names its Maildir (none defaults to one beside the
# database); without the configuration the pipe is given that alone, so
# that what is refused is the missing configuration, not the Maildir.
pipe_env=
if is_pg; then
	echo "maildir = $ARBITER_MAILDIR" >>"$HOME/.config/arbiter/arbiter.conf"
	pipe_env="ARBITER_MAILDIR=$ARBITER_MAILDIR"
fi
# The same seed here and in the second database below: the same game.
export ARBITER_TEST_SEED=5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed
expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
for s in ann ben; do
	if "$ARBITER" moves 1 "$s" >"$T/moves" 2>/dev/null; then seat=$s; break; fi
done
idx=0; [ "$seat" = ben ] && idx=1
to=$(grep -h -i "^Reply-To:.*games+g1\.s$idx\." "$ARBITER_MAILDIR"/new/* | head -1 | sed 's/.*<\(.*\)>.*/\1/')
pipe_to=$to
pipe_idx=$idx
ext=${to#games+}
ext=${ext%@example.org}
printf 'Return-Path: <%s@example.org>\nFrom: %s@example.org\nTo: %s\nMessage-ID: <pipe-1@example.org>\n\n%s\n' \
	"$seat" "$seat" "$to" "$(head -1 "$T/moves")" >"$T/pipe.eml"
mails=$(ls "$ARBITER_MAILDIR/new" | wc -l)
expect_rc 75 env -i $pipe_env "$ARBITER" --db "$pipe_db" mail --extension "$ext" <"$T/pipe.eml"
one_line "$T/err"
contains "$T/err" "give --config"
[ "$(moves_in "$pipe_db")" -eq 0 ] || fail "a mail moved without its configuration"
[ ! -e "$pipe_db.mail" ] || fail "mail went to the default Maildir"
[ "$(ls "$ARBITER_MAILDIR/new" | wc -l)" -eq "$mails" ] || fail "mail was sent without the configuration"
# The recipe with --config works, through the same bare environment.
expect_rc 0 env -i "$ARBITER" --db "$pipe_db" --config "$HOME/.config/arbiter/arbiter.conf" \
	mail --no-send --extension "$ext" <"$T/pipe.eml"
[ "$(moves_in "$pipe_db")" -eq 1 ] || fail "the mail through --config did not move"
# Another key, or none, is refused by every command that writes.
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$T/key2"
ARBITER_SECRET_FILE="$T/key2" expect_rc 78 "$ARBITER" send
contains "$T/err" "is not the key this database's reply addresses are made with"
printf 'from = games@example.org\n' >"$T/nokey.conf"
expect_rc 78 "$ARBITER" --config "$T/nokey.conf" send
contains "$T/err" "names no secret_file"
# A database with its own key refuses a key file it was not made with.
ARBITER_SECRET_FILE="$T/key" expect_rc 78 "$ARBITER" --db "$main_db" send
contains "$T/err" "keeps a token key of its own"
ok

# Two databases sharing one key file do not take each other's reply addresses.
export ARBITER_SECRET_FILE="$T/key"
b_db=$(newdb b) || fail "cannot make a database"
export ARBITER_DB="$b_db"
expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
unset ARBITER_TEST_SEED
seat=ann; [ "$pipe_idx" = 1 ] && seat=ben
"$ARBITER" moves 1 "$seat" >"$T/moves" 2>/dev/null || fail "$seat is not awaited in the second database"
printf 'Return-Path: <%s@example.org>\nFrom: %s@example.org\nTo: %s\nMessage-ID: <cross-1@example.org>\n\n%s\n' \
	"$seat" "$seat" "$pipe_to" "$(head -1 "$T/moves")" >"$T/cross.eml"
expect_rc 0 "$ARBITER" mail --no-send <"$T/cross.eml"
[ "$(moves_in "$b_db")" -eq 0 ] || fail "a reply address of another database moved"
[ "$(sql_db "$b_db" "SELECT result FROM inbound WHERE message_id = 'cross-1@example.org'")" = unproven ] ||
	fail "the other database's reply address was not refused"
unset ARBITER_SECRET_FILE
rm -rf "$HOME/.config/arbiter"
ok

# An older database: no site record, seat passwords in clear, reply
# addresses of the first format.  A writing command brings it up to date;
# its passwords still work; its old reply addresses are answered as stale.
old_db=$(newdb old) || fail "cannot make a database"
export ARBITER_DB="$old_db"
export ARBITER_FROM=games@example.org
expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
for s in ann ben; do
	if "$ARBITER" moves 1 "$s" >"$T/moves" 2>/dev/null; then seat=$s; break; fi
done
idx=0; [ "$seat" = ben ] && idx=1
sql "DELETE FROM meta WHERE key IN ('site', 'seat_passwords')" >/dev/null
sql "UPDATE seats SET password = 'c0ffee123456' WHERE idx = $idx" >/dev/null
expect_rc 0 "$ARBITER" send --quiet
# (the site record is JSON: its legacy_tokens is true)
[ "$(sql "SELECT value FROM meta WHERE key = 'site'" |
    /usr/bin/python3 -c 'import json, sys; print(int(json.load(sys.stdin).get("legacy_tokens") == 1))')" = 1 ] ||
	fail "an older database was not marked as one"
case "$(sql "SELECT password FROM seats WHERE idx = $idx")" in
'$pbkdf2-sha256$'*) ;;
*) fail "a password in clear was not hashed" ;;
esac
# legacy_address DB IDX: the seat's reply address in the first format
legacy_address() {
	/usr/bin/python3 - "$(sql_db "$1" "SELECT value FROM meta WHERE key = 'token_key'")" "$2" <<'PY'
import base64, hashlib, hmac, sys
key = sys.argv[1]
assert key, "no token_key"
text = "g1.s%s.m0" % sys.argv[2]
tok = base64.b32encode(hmac.new(key.encode(), text.encode(), hashlib.sha256).digest()).decode().lower()[:20]
print("games+%s.%s@example.org" % (text, tok))
PY
}
old=$(legacy_address "$ARBITER_DB" "$idx")
printf 'Return-Path: <%s@example.org>\nFrom: %s@example.org\nTo: %s\nMessage-ID: <legacy-1@example.org>\n\n%s\n' \
	"$seat" "$seat" "$old" "$(head -1 "$T/moves")" >"$T/m"
expect_rc 0 "$ARBITER" mail --no-send <"$T/m"
[ "$(sql "SELECT result FROM inbound WHERE message_id = 'legacy-1@example.org'")" = stale ] ||
	fail "a reply address of the first format was not answered as stale"
[ "$(moves_in "$ARBITER_DB")" -eq 0 ] || fail "a reply address of the first format moved"
printf 'Return-Path: <x@elsewhere.example>\nFrom: x@elsewhere.example\nTo: games@example.org\nMessage-ID: <oldpw-1@example.org>\n\ngame: 1\npassword: c0ffee123456\n%s\n' \
	"$(head -1 "$T/moves")" >"$T/m"
expect_rc 0 "$ARBITER" mail --no-send <"$T/m"
[ "$(moves_in "$ARBITER_DB")" -eq 1 ] || fail "a hashed old password did not work"
# A new database never takes the first format.
new_db=$(newdb new) || fail "cannot make a database"
export ARBITER_DB="$new_db"
expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
printf 'Return-Path: <%s@example.org>\nFrom: %s@example.org\nTo: %s\nMessage-ID: <legacy-2@example.org>\n\n%s\n' \
	"$seat" "$seat" "$(legacy_address "$ARBITER_DB" "$idx")" "$("$ARBITER" moves 1 "$seat" | head -1)" >"$T/m"
expect_rc 0 "$ARBITER" mail --no-send <"$T/m"
[ "$(sql "SELECT result FROM inbound WHERE message_id = 'legacy-2@example.org'")" = unproven ] ||
	fail "a new database took a reply address of the first format"
ok

# An older database whose reply addresses were made with a key file that
# is not configured now: refused, not given a new key.
sql_db "$new_db" "DELETE FROM meta" >/dev/null
expect_rc 78 "$ARBITER" send
contains "$T/err" "were made with a key file"
ok

# Two databases on the same domain: game #1 of each starts its own thread;
# no Message-ID of one site is ever used by the other.
for d in one two; do
	db=$(newdb "$d") || fail "cannot make a database"
	ARBITER_DB="$db" ARBITER_MAILDIR="$T/box-$d" "$ARBITER" new tigris \
	    --seat ann:ann@example.org --seat ben:ben@example.org >/dev/null 2>&1 ||
		fail "new game in $db failed"
	ARBITER_DB="$db" ARBITER_MAILDIR="$T/box-$d" "$ARBITER" send >/dev/null 2>&1 ||
		fail "send from $db failed"
done
cat "$T"/box-one/new/* | sed -n 's/^Message-ID: //p' | sort >"$T/ids-one"
cat "$T"/box-two/new/* | sed -n 's/^Message-ID: //p' | sort >"$T/ids-two"
[ -s "$T/ids-one" ] && [ -s "$T/ids-two" ] || fail "no mail to compare"
[ -z "$(comm -12 "$T/ids-one" "$T/ids-two")" ] ||
	fail "two sites share Message-IDs: $(comm -12 "$T/ids-one" "$T/ids-two")"
ok
done_ok
