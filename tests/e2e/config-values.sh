#!/bin/sh
# needs: tigris
# Every value of the configuration is judged when the configuration is
# read, and a wrong one is refused before anything acts, in one line that
# names the file (or the variable), the line and the rule: 78 from every
# command, 75 from `mail` (the site's fault: the MTA keeps the mail).
# Before, a `from` that is no address loaded and made every `mail` exit 74
# with nothing recorded, `new` and `move` 74; `smtp_url = smtp://[::1`
# loaded and made every `send` exit 64 (issue 28, defect 5).
. "$(dirname "$0")/../e2e-lib.sh"

export ARBITER_FROM=games@example.org
expect_rc 0 "$ARBITER" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
before=$(dbsum)
unset ARBITER_FROM
printf 'Return-Path: <ann@example.org>\nFrom: ann@example.org\nTo: games@example.org\nSubject: x\nMessage-ID: <cv-1@example.org>\n\nhelp\n' >"$T/mail"

# refused LINE RULE: a configuration whose second line is LINE is refused
# by `new`, `move`, `show`, `send` and `remind` (78) and by `mail` (75),
# with one line naming the file, line 2 and RULE; nothing changes.
refused() {
	printf '# the site\n%s\n' "$1" >"$T/site.conf"
	for cmd in "new tigris --seat a:a@example.org --seat b:b@example.org" "move 1 ann pass" \
	    "show 1" "send" "remind" "list"; do
		# shellcheck disable=SC2086
		expect_rc 78 "$ARBITER" --config "$T/site.conf" $cmd
		one_line "$T/err"
		contains "$T/err" "$T/site.conf:2: $2"
	done
	expect_rc 75 sh -c '"$1" --config "$2" mail <"$3"' sh "$ARBITER" "$T/site.conf" "$T/mail"
	one_line "$T/err"
	contains "$T/err" "$T/site.conf:2: $2"
	[ "$(dbsum)" = "$before" ] || fail "'$1' changed the database"
	ok
}
refused "from = The Arbiter" "from: 'The Arbiter' is not a plain address local@domain"
refused "from = games@" "from: 'games@' is not a plain address"
refused "reply_address = games+x@example.org" "reply_address: 'games+x@example.org' holds a '+' before the '@'"
refused "reply_address = games example.org" "reply_address: 'games example.org' is not a plain address"
refused "smtp_url = smtp://[::1" "smtp_url: 'smtp://[::1': it is not smtp://HOST[:PORT][/NAME]"
refused "smtp_url = smtp://mail.example.org:99999" "smtp_url: 'smtp://mail.example.org:99999': it is not"
refused "smtp_url = smtps://:465" "smtp_url: 'smtps://:465': it is not"
refused "smtp_url = http://mail.example.org" "smtp_url: 'http://mail.example.org': it must start with smtp:// or smtps://"
refused "templates = $T/no-such-dir" "templates: $T/no-such-dir: No such file or directory"
refused "maildir = $T/mail" "maildir: $T/mail is not a directory"
refused "open_signup = 2" "open_signup must be 0 or 1"
refused "smtp_insecure = yes" "smtp_insecure must be 0 or 1"
refused "secret_file = $T/no-key" "secret_file $T/no-key: cannot read it: No such file or directory"
refused "smtp_password_file = $T/no-password" "smtp_password_file $T/no-password: cannot read it"
refused "db = postgresql://db.example.org:five/games" "db: the port 'five' is not a number from 1 to 65535"
refused "db = postgresql://db.example.org/games?sslmode=always" "db: sslmode 'always' is none of"
refused "db = postgresql://db.example.org/games?connect_timeout=soon" "db: connect_timeout 'soon' is not a whole number"
refused "db = postgresql://[::1/games" "db: libpq cannot read the URI"
refused "db =" "db: it is empty"

# The environment's values, named by their variable.
ARBITER_FROM="games at example.org" expect_rc 78 "$ARBITER" show 1
contains "$T/err" "ARBITER_FROM: from: 'games at example.org' is not a plain address"
ARBITER_SMTP_URL="smtp://[::1" expect_rc 78 "$ARBITER" send
contains "$T/err" "ARBITER_SMTP_URL: smtp_url: 'smtp://[::1'"
# The database given on the command line, too.
expect_rc 78 "$ARBITER" --db "postgresql://u:s3cr3t@db.example.org:x/games" list
contains "$T/err" "the database of --db or ARBITER_DB: the port 'x' is not a number"
lacks "$T/err" "s3cr3t"
[ "$(dbsum)" = "$before" ] || fail "a refused configuration changed the database"

# Good values of the same keys load: the game goes on.
printf 'from = games@example.org\nreply_address = play@example.org\nsmtp_url = smtp://[::1]:2525/arbiter\nopen_signup = 0\ntemplates = %s\n' "$T" >"$T/good.conf"
expect_rc 0 "$ARBITER" --config "$T/good.conf" show 1
done_ok
