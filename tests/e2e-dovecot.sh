# e2e-dovecot.sh - a private Dovecot for the end-to-end tests, sourced
# after e2e-lib.sh: Debian's Dovecot configured in $T/dovecot, run
# unprivileged (as nobody when the test runs as root), plain IMAP on a
# free port of 127.0.0.1, one Maildir.  dovecot_config writes the
# configuration (the caller then writes $D/passwd and fills the Maildir);
# dovecot_start runs it until the test ends; dovecot_stop stops it early.
[ -x /usr/sbin/dovecot ] || fail "/usr/sbin/dovecot is missing: install dovecot-imapd"

dovecot_config() {
	chmod 755 "$T"
	D="$T/dovecot"
	mkdir -p "$D/run" "$D/state" "$D/mail/Maildir/new" "$D/mail/Maildir/cur" \
		"$D/mail/Maildir/tmp"
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
}

dovecot_start() {
	[ "$(id -u)" -eq 0 ] && chown -R "$user:$group" "$D"
	$run /usr/sbin/dovecot -F -c "$D/dovecot.conf" >"$D/stdout.log" 2>&1 &
	DOVECOT_PID=$!
	trap 'dovecot_stop; cleanup' EXIT
	i=0
	until /usr/bin/python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
		[ $i -lt 100 ] || fail "dovecot did not start: $(cat "$D/dovecot.log" "$D/stdout.log" 2>/dev/null)"
	done
}

dovecot_stop() {
	if [ -n "${DOVECOT_PID:-}" ]; then
		kill "$DOVECOT_PID" 2>/dev/null
		wait "$DOVECOT_PID" 2>/dev/null
		DOVECOT_PID=
	fi
}
