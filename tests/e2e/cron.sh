#!/bin/sh
# needs: tigris
# The crontab lines of README.md and arbiter(1), as printed, run the way
# cron runs them: after `make install DESTDIR=...`, by /bin/sh under
# env -i with cron's PATH=/usr/bin:/bin (and its HOME, LOGNAME and SHELL).
# Each succeeds and prints nothing (--quiet): a reply waiting in a real
# IMAP mailbox (Debian's Dovecot on 127.0.0.1) is applied by `fetch`, the
# answer delivered by `send`, and `remind` runs.  With the IMAP server
# gone, `fetch` fails and says why.  The test substitutes only what the
# pages tell the reader to put in: the paths and the mail server.  On
# PostgreSQL the database path of the lines is the database's URI (quoted
# for the shell, as a crontab needs it), and the Maildir, by default beside
# a database file, is named in arbiter.conf.
. "$(dirname "$0")/../e2e-lib.sh"

main_db=$ARBITER_DB
unset ARBITER_MAILDIR ARBITER_DB
(cd "$ROOT" && /usr/bin/python3 tests/examples.py --crontab) >"$T/cron" 2>"$T/err" ||
	fail "cannot read the crontab lines: $(cat "$T/err")"
[ "$(wc -l <"$T/cron")" -ge 3 ] || fail "expected send, fetch and remind: $(cat "$T/cron")"
grep -q ' send' "$T/cron" && grep -q ' fetch' "$T/cron" && grep -q ' remind' "$T/cron" ||
	fail "expected send, fetch and remind: $(cat "$T/cron")"

# Installed as the README says, into a staging root.
make -s -C "$ROOT" install DESTDIR="$T/inst" PREFIX=/usr/local >"$T/make.log" 2>&1 ||
	fail "make install: $(tail -5 "$T/make.log")"
BIN="$T/inst/usr/local/bin/arbiter"
[ -x "$BIN" ] || fail "make install did not install $BIN"
ok

# Dovecot in a temporary directory, unprivileged, plain IMAP on a high
# port, with the user games (password imap-pass) and its Maildir.
. "$ROOT/tests/e2e-dovecot.sh"
dovecot_config
echo 'games:{PLAIN}imap-pass::::::' >"$D/passwd"

# The site: /srv/arbiter and /home/arbiter of the pages are here.
mkdir -p "$T/srv" "$T/home"
echo imap-pass >"$T/home/.imap-pass"
if is_pg "$main_db"; then
	db=$main_db
	db_arg="'$db'"
	maildir="$T/srv/games.db.mail"
	mkdir -p "$T/home/.config/arbiter"
	echo "maildir = $maildir" >"$T/home/.config/arbiter/arbiter.conf"
else
	db="$T/srv/games.db"
	db_arg=$db
	maildir="$db.mail"
fi
"$BIN" --db "$db" new tigris --seat una:una@example.org --seat vic:vic@example.org \
	>/dev/null 2>"$T/err" || fail "new: $(cat "$T/err")"
seat=$("$BIN" --db "$db" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
idx=0; [ "$seat" = vic ] && idx=1
reply_to=$(grep -h -i "^Reply-To:.*+g1\.s$idx\." "$maildir"/new/* | tail -1 | sed 's/.*<\(.*\)>.*/\1/')
[ -n "$reply_to" ] || fail "no reply address for $seat"
printf 'From: %s <%s@example.org>\r\nTo: %s\r\nSubject: Re: move\r\nMessage-ID: <cron-move-1@example.org>\r\n\r\nleader black F4\r\n' \
	"$seat" "$seat" "$reply_to" >"$D/mail/Maildir/new/1.move"
mails_before=$(ls "$maildir/new" | wc -l)

dovecot_start

# cron_run CMD: as cron runs a crontab command.
cron_run() {
	env -i PATH=/usr/bin:/bin HOME="$T/home" LOGNAME="$(id -un)" SHELL=/bin/sh \
		/bin/sh -c "$1" >"$T/cron.out" 2>&1
}
local_cmd() {
	printf '%s\n' "$1" | sed -e "s|/usr/local/bin/arbiter|$BIN|g" \
	    -e "s|/srv/arbiter/games.db|$(sed_text "$db_arg")|g" \
	    -e "s|/srv/arbiter/|$T/srv/|g" -e "s|/home/arbiter/|$T/home/|g" \
	    -e "s|imaps://games@mail.example.org/INBOX|imap://games@127.0.0.1:$port/INBOX|g"
}
# fetch first (it applies the reply), then send (it delivers the answer).
for kind in fetch send remind; do
	grep " $kind" "$T/cron" >"$T/lines"
	while IFS= read -r line; do
		cmd=$(local_cmd "$line")
		cron_run "$cmd" || fail "cron line '$line' failed: $(cat "$T/cron.out")"
		[ ! -s "$T/cron.out" ] || fail "cron line '$line' printed (cron would mail it): $(cat "$T/cron.out")"
		ok
	done <"$T/lines"
done
"$BIN" --db "$db" log --format json 1 | grep -q '"source": "mail"' || fail "fetch did not apply the reply"
[ "$(ls "$maildir/new" | wc -l)" -gt "$mails_before" ] || fail "send delivered nothing"
grep -l "Your move was applied" "$maildir"/new/* >/dev/null || fail "no answer to the reply was delivered"
ok

# A failure is reported, so cron mails the admin.
dovecot_stop
line=$(grep ' fetch' "$T/cron" | head -1)
if cron_run "$(local_cmd "$line")"; then
	fail "fetch succeeded without its IMAP server"
fi
[ -s "$T/cron.out" ] || fail "fetch failed silently"
ok
done_ok
