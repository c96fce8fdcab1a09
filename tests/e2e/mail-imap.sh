#!/bin/sh
# needs: tigris
# `arbiter fetch` against a real IMAP server on 127.0.0.1: Debian's Dovecot,
# configured here in a temporary directory and run unprivileged.  Unseen
# messages are handled through the path of `arbiter mail` and marked seen
# only once handled.
. "$(dirname "$0")/../e2e-lib.sh"

[ -x /usr/sbin/dovecot ] || fail "/usr/sbin/dovecot is missing: install dovecot-imapd"
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
echo 'imap-pass' >"$T/imap-pass"

# A game whose first seat answers by mail.
export ARBITER_FROM=games@example.org
export ARBITER_TEST_SEED=1111111111111111222222222222222233333333333333334444444444444444
expect_rc 0 "$ARBITER" new tigris --seat una:una@example.org --seat vic:vic@example.org
unset ARBITER_TEST_SEED
for s in una vic; do
	if "$ARBITER" moves 1 "$s" >"$T/moves" 2>/dev/null; then seat=$s; break; fi
done
idx=0; [ "$seat" = vic ] && idx=1
reply_to=$(grep -h -i "^Reply-To:.*games+g1\.s$idx\." "$ARBITER_MAILDIR"/new/* | tail -1 | sed 's/.*<\(.*\)>.*/\1/')
[ -n "$reply_to" ] || fail "no reply address for $seat"
cmd=$(grep '^tile' "$T/moves" | head -1)
printf 'From: %s <%s@example.org>\r\nTo: %s\r\nSubject: Re: move\r\nMessage-ID: <imap-move-1@example.org>\r\n\r\n%s\r\n' \
	"$seat" "$seat" "$reply_to" "$cmd" >"$D/mail/Maildir/new/1.move"
printf 'From: %s@example.org\r\nTo: %s\r\nSubject: Out of office\r\nAuto-Submitted: auto-replied\r\nMessage-ID: <imap-auto-1@example.org>\r\n\r\nI am away.\r\n' \
	"$seat" "$reply_to" >"$D/mail/Maildir/new/2.auto"
# A 12 MB message from the other seat: fetched cut at the limit, answered
# from its header, and marked seen like any other.
other=una; oidx=0; [ "$seat" = una ] && other=vic && oidx=1
other_to=$(grep -h -i "^Reply-To:.*games+g1\.s$oidx\." "$ARBITER_MAILDIR"/new/* | tail -1 | sed 's/.*<\(.*\)>.*/\1/')
{
	printf 'From: %s@example.org\r\nReturn-Path: <%s@example.org>\r\nTo: %s\r\nSubject: photos\r\nMessage-ID: <imap-big-1@example.org>\r\n\r\n' \
		"$other" "$other" "$other_to"
	head -c 12582912 /dev/zero | tr '\0' 'x' | fold -w 76 | sed 's/$/\r/'
} >"$D/mail/Maildir/new/3.big"
[ "$(id -u)" -eq 0 ] && chown -R "$user:$group" "$D"

$run /usr/sbin/dovecot -F -c "$D/dovecot.conf" >"$D/stdout.log" 2>&1 &
DOVECOT_PID=$!
trap 'kill $DOVECOT_PID 2>/dev/null; wait $DOVECOT_PID 2>/dev/null; cleanup' EXIT
i=0
until /usr/bin/python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
	[ $i -lt 100 ] || fail "dovecot did not start: $(cat "$D/dovecot.log" "$D/stdout.log" 2>/dev/null)"
done

expect_rc 0 "$ARBITER" fetch --user games --password-file "$T/imap-pass" "imap://127.0.0.1:$port/INBOX"
contains "$T/out" "3 messages handled"
"$ARBITER" log --format json 1 | grep -q '"source": "mail"' || fail "the fetched move was not applied"
# Both are seen now; a second fetch finds nothing.
ls "$D/mail/Maildir/cur" | grep -c ':2,.*S' | grep -qx 3 || fail "messages not marked seen: $(ls "$D/mail/Maildir/cur" "$D/mail/Maildir/new")"
expect_rc 0 "$ARBITER" fetch --user games --password-file "$T/imap-pass" "imap://127.0.0.1:$port/INBOX"
contains "$T/out" "0 messages handled"
[ "$("$ARBITER" log 1 | wc -l)" -eq 1 ] || fail "a fetched move was applied twice"
# The mover got an answer, the big one too; the auto-reply got none.
grep -l "Auto-Submitted: auto-replied" "$ARBITER_MAILDIR"/new/* >"$T/replies"
[ "$(wc -l <"$T/replies")" -eq 2 ] || fail "expected two replies, got $(wc -l <"$T/replies")"
grep -l "larger than 10 MB" $(cat "$T/replies") | xargs grep -l "^To: .*$other@example.org" >/dev/null ||
	fail "the big message was not answered to $other"
# --quiet prints nothing when all went well (cron mails any output).
expect_rc 0 "$ARBITER" fetch --quiet --user games --password-file "$T/imap-pass" "imap://127.0.0.1:$port/INBOX"
[ ! -s "$T/out" ] || fail "fetch --quiet printed: $(cat "$T/out")"
[ ! -s "$T/err" ] || fail "fetch --quiet printed: $(cat "$T/err")"
# A wrong password does not get better by retrying: 77, not 75 (cron would
# retry it for ever), one line, said once.
echo wrong >"$T/bad-pass"
expect_rc 77 "$ARBITER" fetch --user games --password-file "$T/bad-pass" "imap://127.0.0.1:$port/INBOX"
one_line "$T/err"
contains "$T/err" "login refused"
lacks "$T/err" "imap: imap:"
lacks "$T/err" "wrong"
expect_rc 66 "$ARBITER" fetch --user games --password-file "$T/no-such-file" "imap://127.0.0.1:$port/INBOX"
expect_rc 64 "$ARBITER" fetch --user games --password-file "$T/imap-pass" "http://127.0.0.1:$port/INBOX"
# A server that is not there is worth another try.
expect_rc 75 "$ARBITER" fetch --user games --password-file "$T/imap-pass" "imap://127.0.0.1:1/INBOX"
lacks "$T/err" "imap: imap:"
expect_rc 0 "$ARBITER" fetch --help
contains "$T/out" "--insecure"
done_ok
