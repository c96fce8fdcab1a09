#!/bin/sh
# needs: tigris
# A command loads only the libraries it uses.  arbiter is linked with
# SQLite, Jansson and Nettle; a move that writes its mail into a Maildir
# or sends it to a plain SMTP server loads neither GMime, GLib nor libcurl
# (what made a move cost three times a bare commit), while `arbiter mail`
# does load GMime, and mail to a server that offers STARTTLS loads
# libcurl.  When GMime cannot be loaded, `arbiter mail` exits 75 and
# leaves the game as it was: the site's fault, so the MTA keeps the message
# and tries again (a 69 would be bounced); when libcurl cannot be loaded
# for a TLS server, `send` exits 69 and the mail stays queued.  cairo
# (board pictures) is loaded only where a picture is drawn: by `show
# --format png` and by delivering mail that carries one, never by a move's
# transaction (--no-send), nor by a move when mail_pictures = no.
. "$(dirname "$0")/../e2e-lib.sh"

SMTPD_PIDS=
# start_smtpd NAME [ARGS]: an SMTP server (tests/mail/smtpd.py) storing
# into $T/NAME; its URL in $url.
start_smtpd() {
	d=$T/$1
	shift
	mkdir -p "$d"
	/usr/bin/python3 "$ROOT/tests/mail/smtpd.py" "$d" --lifetime 120 "$@" >/dev/null 2>&1 &
	SMTPD_PIDS="$SMTPD_PIDS $!"
	i=0
	while [ ! -s "$d/port" ]; do
		sleep 0.1
		i=$((i + 1))
		[ $i -lt 100 ] || fail "the SMTP server did not start"
	done
	url="smtp://127.0.0.1:$(cat "$d/port")"
}
trap 'for p in $SMTPD_PIDS; do kill $p 2>/dev/null; done; cleanup' EXIT

# loaded FILE CMD...: run CMD with the dynamic loader listing what it
# loads; the names of the shared objects in FILE.
loaded() {
	out=$1
	shift
	LD_DEBUG=files LD_DEBUG_OUTPUT="$T/ld" "$@" >"$T/out" 2>"$T/err"
	rc=$?
	cat "$T"/ld.* | sed -n 's/.*file=\([^ ]*\).*\[0\];.*/\1/p; s/.*file=\([^ ]*\) *\[0\];.*/\1/p' |
	    sort -u >"$out"
	rm -f "$T"/ld.*
	return $rc
}

linked=$(ldd "$ARBITER" | sed -n 's/^[[:space:]]*\([^ ]*\) .*/\1/p')
for lib in gmime glib gobject curl cairo; do
	echo "$linked" | grep -q "$lib" && fail "arbiter is linked with $lib: $linked"
	ok
done

expect_rc 0 "$ARBITER" new tigris --seat ada:ada@example.org --seat bo:bo@example.org
seat=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
[ -n "$seat" ] || fail "show names nobody awaited"
loaded "$T/move-libs" "$ARBITER" move 1 "$seat" pass || fail "the move failed: $(cat "$T/err")"
[ -s "$T/move-libs" ] || fail "LD_DEBUG listed nothing"
contains "$T/move-libs" libsqlite3
# On PostgreSQL the move talks to the server through libpq.
if is_pg; then
	contains "$T/move-libs" libpq
fi
for lib in gmime glib gobject curl; do
	lacks "$T/move-libs" "$lib"
done
ls "$ARBITER_MAILDIR"/new/* >/dev/null 2>&1 || fail "the move delivered no mail"
ok
# That move's mail carried the board's picture: cairo drew it, at delivery.
contains "$T/move-libs" libcairo
seat=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
loaded "$T/nosend-libs" "$ARBITER" move --no-send 1 "$seat" pass || fail "the move failed"
lacks "$T/nosend-libs" cairo
loaded "$T/send-libs" "$ARBITER" send || fail "send failed: $(cat "$T/err")"
contains "$T/send-libs" libcairo
seat=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
ARBITER_MAIL_PICTURES=no loaded "$T/nopic-libs" "$ARBITER" move 1 "$seat" pass ||
    fail "the move failed: $(cat "$T/err")"
lacks "$T/nopic-libs" cairo
loaded "$T/show-libs" "$ARBITER" show 1 || fail "show failed"
lacks "$T/show-libs" cairo
loaded "$T/png-libs" "$ARBITER" show 1 --format png -o "$T/board.png" || fail "show png failed"
contains "$T/png-libs" libcairo
for lib in gmime glib gobject curl; do
	lacks "$T/png-libs" "$lib"
done

# The other seat answers by mail: that loads GMime (and the move is played).
other=ada
[ "$seat" = ada ] && other=bo
newest_mail "$other" || fail "no mail to $other"
mail_to() {
	printf 'From: %s <%s@example.org>\nTo: %s\nSubject: Re: move\nMessage-ID: <%s@example.org>\nContent-Type: text/plain; charset=utf-8\n\npass\n' \
	    "$other" "$other" "$(cat "$T/reply-to")" "$1"
}
before=$(dbsum)
if command -v unshare >/dev/null && unshare -m true 2>/dev/null; then
	# GMime made unloadable in a private mount namespace: exit 75, nothing changed.
	gm=$(/sbin/ldconfig -p | sed -n 's/.*libgmime-3.0.so.0 .*=> //p' | head -1)
	[ -n "$gm" ] || fail "ldconfig does not know libgmime-3.0.so.0"
	mail_to first >"$T/msg"
	unshare -m sh -c 'mount --bind /dev/null "$1" && shift && "$@" <"$0"' \
	    "$T/msg" "$gm" "$ARBITER" mail >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -eq 75 ] || fail "arbiter mail without GMime exited $rc, expected 75: $(cat "$T/err")"
	ok
	one_line "$T/err"
	contains "$T/err" "libgmime-3.0.so.0"
	[ "$(dbsum)" = "$before" ] || fail "arbiter mail without GMime changed the database"
	ok
else
	echo "note: no mount namespace here; the missing-GMime case was not run"
fi
mail_to second >"$T/msg"
loaded "$T/mail-libs" "$ARBITER" mail <"$T/msg" || fail "arbiter mail failed: $(cat "$T/err")"
contains "$T/mail-libs" libgmime-3.0
lacks "$T/mail-libs" curl
"$ARBITER" log 1 >"$T/log"
contains "$T/log" "$other: pass"

# A move that sends its mail to a plain SMTP server: no libcurl, and the
# mail arrives.
start_smtpd plain
seat=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
ARBITER_SMTP_URL=$url loaded "$T/smtp-libs" "$ARBITER" move 1 "$seat" pass ||
    fail "the move failed: $(cat "$T/err")"
for lib in gmime glib gobject curl; do
	lacks "$T/smtp-libs" "$lib"
done
ls "$T/plain/"*.eml >/dev/null 2>&1 || fail "the move sent no mail to the SMTP server"
ok

# A server that offers STARTTLS: libcurl is loaded and does TLS; without
# libcurl `send` exits 69 and the mail stays queued.
if command -v openssl >/dev/null; then
	start_smtpd tls --tls starttls
	seat=$("$ARBITER" show 1 | sed -n 's/^Waiting for \([a-z]*\):.*/\1/p')
	"$ARBITER" move --no-send 1 "$seat" pass >/dev/null || fail "the move failed"
	queued=$(sql "SELECT count(*) FROM outbox WHERE sent_at = 0")
	[ "$queued" -gt 0 ] || fail "the move queued no mail"
	cu=$(/sbin/ldconfig -p | sed -n 's/.*libcurl.so.4 .*=> //p' | head -1)
	if [ -n "$cu" ] && command -v unshare >/dev/null && unshare -m true 2>/dev/null; then
		before=$(dbsum)
		ARBITER_SMTP_URL=$url unshare -m sh -c 'mount --bind /dev/null "$0" && exec "$@"' \
		    "$cu" "$ARBITER" send >"$T/out" 2>"$T/err"
		rc=$?
		[ $rc -eq 69 ] || fail "send without libcurl to a STARTTLS server exited $rc, expected 69: $(cat "$T/err")"
		ok
		one_line "$T/err"
		contains "$T/err" "libcurl"
		[ "$(sql "SELECT count(*) FROM outbox WHERE sent_at = 0")" = "$queued" ] ||
		    fail "send without libcurl sent or dropped mail"
		ok
		# The mail tried waits for its retry time; make it due now.
		sql "UPDATE outbox SET next_try = 0 WHERE sent_at = 0"
	fi
	ARBITER_SMTP_URL=$url ARBITER_SMTP_INSECURE=1 loaded "$T/tls-libs" "$ARBITER" send ||
	    fail "send over STARTTLS failed: $(cat "$T/err")"
	contains "$T/tls-libs" libcurl
	[ "$(ls "$T/tls/"*.tls 2>/dev/null | wc -l)" -eq "$queued" ] ||
	    fail "not every mail went over TLS: $(ls "$T/tls")"
	ok
fi
done_ok
