#!/bin/sh
# needs: tigris
# The crontab lines of README.md and arbiter(1), as printed, run the way
# cron runs them: after `make install DESTDIR=...`, by /bin/sh under
# env -i with cron's PATH=/usr/bin:/bin (and its HOME, LOGNAME and SHELL).
# Each succeeds and prints nothing (--quiet): a reply waiting in a real
# IMAP mailbox (Debian's Dovecot on 127.0.0.1) is applied by `fetch`, the
# answer delivered by `send`, and `remind` runs.  With the IMAP server
# gone, `fetch` fails and says why.  The test substitutes only what the
# pages tell the reader to put in: the paths and the mail server.
. "$(dirname "$0")/../e2e-lib.sh"

[ -x /usr/sbin/dovecot ] || fail "/usr/sbin/dovecot is missing: install dovecot-imapd"
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

# Dovecot in a temporary directory, unprivileged, plain IMAP on a high port.
chmod 755 "$T"
D="$T/dovecot"
mkdir -p "$D/run" "$D/state" "$D/mail/Maildir/new" "$D/mail/Maildir/cur" "$D/mail/Maildir/tmp"
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
if [ "$(id -u)" -eq 0 ]; then
	user=nobody
	group=$(id -gn nobody)
	run="setpriv --reuid=nobody --regid=$group --clear-groups"
else
	user=$(id -un)
	group=$(id -gn)
	run=""
fi
uid=$(id -u "$user")
gid=$(getent group "$group" | cut -d: -f3)
cat >"$D/dovecot.conf" <<CONF
base_dir = $D/run
state_dir = $D/state
log_path = $D/dovecot.log
ssl = no
protocols = imap
listen = 127.0.0.1
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
default_internal_user = $user
default_internal_group = $group
default_login_user = $user
first_valid_uid = $uid
last_valid_uid = $uid
mail_location = maildir:$D/mail/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $D/passwd
}
userdb {
  driver = static
  args = uid=$uid gid=$gid home=$D/mail
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $port
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
  user = $user
}
service anvil {
  chroot =
}
service auth {
  user = $user
}
service auth-worker {
  user = $user
}
service log {
  user = $user
}
CONF
echo 'games:{PLAIN}imap-pass::::::' >"$D/passwd"

# The site: /srv/arbiter and /home/arbiter of the pages are here.
mkdir -p "$T/srv" "$T/home"
echo imap-pass >"$T/home/.imap-pass"
db="$T/srv/games.db"
"$BIN" --db "$db" new tigris --seat una:una@example.org --seat vic:vic@example.org \
	>/dev/null 2>"$T/err" || fail "new: $(cat "$T/err")"
seat=$("$BIN" --db "$db" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
idx=0; [ "$seat" = vic ] && idx=1
reply_to=$(grep -h -i "^Reply-To:.*+g1\.s$idx\." "$db.mail"/new/* | tail -1 | sed 's/.*<\(.*\)>.*/\1/')
[ -n "$reply_to" ] || fail "no reply address for $seat"
printf 'From: %s <%s@example.org>\r\nTo: %s\r\nSubject: Re: move\r\nMessage-ID: <cron-move-1@example.org>\r\n\r\nleader black F4\r\n' \
	"$seat" "$seat" "$reply_to" >"$D/mail/Maildir/new/1.move"
[ "$(id -u)" -eq 0 ] && chown -R "$user:$group" "$D"
mails_before=$(ls "$db.mail/new" | wc -l)

$run /usr/sbin/dovecot -F -c "$D/dovecot.conf" >"$D/stdout.log" 2>&1 &
DOVECOT_PID=$!
trap 'kill $DOVECOT_PID 2>/dev/null; wait $DOVECOT_PID 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT
i=0
until /usr/bin/python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
	[ $i -lt 100 ] || fail "dovecot did not start: $(cat "$D/dovecot.log" "$D/stdout.log" 2>/dev/null)"
done

# cron_run CMD: as cron runs a crontab command.
cron_run() {
	env -i PATH=/usr/bin:/bin HOME="$T/home" LOGNAME="$(id -un)" SHELL=/bin/sh \
		/bin/sh -c "$1" >"$T/cron.out" 2>&1
}
local_cmd() {
	printf '%s\n' "$1" | sed -e "s|/usr/local/bin/arbiter|$BIN|g" \
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
[ "$(ls "$db.mail/new" | wc -l)" -gt "$mails_before" ] || fail "send delivered nothing"
grep -l "Your move was applied" "$db.mail"/new/* >/dev/null || fail "no answer to the reply was delivered"
ok

# A failure is reported, so cron mails the admin.
kill $DOVECOT_PID 2>/dev/null
wait $DOVECOT_PID 2>/dev/null
line=$(grep ' fetch' "$T/cron" | head -1)
if cron_run "$(local_cmd "$line")"; then
	fail "fetch succeeded without its IMAP server"
fi
[ -s "$T/cron.out" ] || fail "fetch failed silently"
ok
done_ok
