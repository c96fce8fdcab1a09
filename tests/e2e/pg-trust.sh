#!/bin/sh
# needs: tigris
# backend: postgresql — connections to PostgreSQL that hang, time out, are refused TLS, or carry passwords
# PostgreSQL as an attacker and a flaky network meet it (issue 28, items 6,
# 8 and 10), through a relay in front of the test server (tests/pg-proxy.py)
# that can stop forwarding or stay silent:
#  - a connection that stops answering mid-transaction, its backend idle
#    holding the writers' lock: `move`, `show` and `mail` exit 75 within
#    the session's statement_timeout and 10 s, and another host's move
#    goes through once the server ends the idle transaction (before, they
#    waited in poll() for ever);
#  - a server that never answers: one connect_timeout, not two;
#  - sslmode=require against a server without TLS: 78 from a command, 75
#    from `mail` (before, 75: the MTA retried for ever);
#  - a read-only role: the refusal said once;
#  - a password in the URI: never printed, however long the URI or the
#    password, and gone from the command line that ps shows.
. "$(dirname "$0")/../e2e-lib.sh"

case "$ARBITER_DB" in
postgresql://*) ;;
*) echo "skipped: needs PostgreSQL (ARBITER_TEST_PG)"; exit 77 ;;
esac
name=${ARBITER_DB#postgresql:///}
name=${name%%\?*}
mkdir "$T/proxy"
/usr/bin/python3 "$ROOT/tests/pg-proxy.py" "$ARBITER_TEST_PG" "$T/proxy" &
proxy=$!
trap 'kill $proxy 2>/dev/null; cleanup' EXIT
i=0
until [ -s "$T/proxy/port" ]; do
	sleep 0.05
	i=$((i + 1))
	[ $i -lt 200 ] || fail "the relay did not start"
done
port=$(cat "$T/proxy/port")
# Through the relay, with the session's timeouts short (the URI's own
# options; arbiter keeps them): a statement 2 s, an idle transaction 2 s.
via="postgresql://127.0.0.1:$port/$name?user=arbiter_test"
short="$via&options=-c%20statement_timeout%3D2s%20-c%20idle_in_transaction_session_timeout%3D2s"
export ARBITER_FROM=games@example.org

expect_rc 0 "$ARBITER" --db "$via" new tigris --seat ann:ann@example.org --seat ben:ben@example.org
seat=
for s in ann ben; do
	if "$ARBITER" moves 1 "$s" >"$T/moves" 2>/dev/null; then seat=$s; break; fi
done
[ -n "$seat" ] || fail "nobody is awaited"
cmd=$(head -1 "$T/moves")
reply_to=$(grep -h -i "^Reply-To:.*+g1\.s" "$ARBITER_MAILDIR"/new/* | grep -i "s$([ "$seat" = ann ] && echo 0 || echo 1)\." |
    head -1 | sed 's/.*<\(.*\)>.*/\1/')
[ -n "$reply_to" ] || fail "no reply address for $seat"

# now_ms: milliseconds since the epoch.
now_ms() {
	/usr/bin/python3 -c 'import time; print(int(time.time() * 1000))'
}
# bg NAME CMD...: run CMD in the background, its exit status in $T/NAME.rc,
# its time in ms in $T/NAME.ms, its output in $T/NAME.out and .err; at
# most 90 s (124 when it took longer).
bg() {
	_n=$1
	shift
	(
		_s=$(now_ms)
		timeout 90 "$@" >"$T/$_n.out" 2>"$T/$_n.err"
		echo $? >"$T/$_n.rc"
		echo $(($(now_ms) - _s)) >"$T/$_n.ms"
	) &
	bg_pids="$bg_pids $!"
}
# wait_bg: wait for the commands bg started (not the relay).
bg_pids=
wait_bg() {
	for _p in $bg_pids; do
		wait "$_p"
	done
	bg_pids=
}

# A peer that stops forwarding once the writers' lock is taken.
printf 'Return-Path: <%s@example.org>\nFrom: %s@example.org\nTo: %s\nSubject: Re: move\nMessage-ID: <stall-1@example.org>\n\n%s\n' \
	"$seat" "$seat" "$reply_to" "$cmd" >"$T/reply.eml"
echo "pg_advisory_xact_lock" >"$T/proxy/stall-after"
bg move "$ARBITER" --db "$short" move --no-send 1 "$seat" "$cmd"
bg mail sh -c '"$1" --db "$2" mail --no-send <"$3"' sh "$ARBITER" "$short" "$T/reply.eml"
sleep 1
rm -f "$T/proxy/stall-after"
echo "FROM games" >"$T/proxy/stall-after"
bg show "$ARBITER" --db "$short" show 1
sleep 1
rm -f "$T/proxy/stall-after"
# Another host, straight to the server: the server ends the hung
# transactions after 2 s, and the lock is free again.
expect_rc 0 "$ARBITER" move --no-send 1 "$seat" "$cmd"
wait_bg
for n in move mail show; do
	[ "$(cat "$T/$n.rc")" -eq 75 ] ||
		fail "$n through a relay that stopped exited $(cat "$T/$n.rc"), not 75: $(cat "$T/$n.err")"
	[ "$(cat "$T/$n.ms")" -lt 30000 ] || fail "$n waited $(cat "$T/$n.ms") ms"
	one_line "$T/$n.err"
	contains "$T/$n.err" "did not answer within 12 s"
done
[ "$(sql "SELECT nmoves FROM games WHERE id = 1")" -eq 1 ] || fail "not exactly one move was stored"
ok

# A server that never answers: one connect_timeout (3 s), not one and a ping.
: >"$T/proxy/silent"
bg silent "$ARBITER" --db "$via&connect_timeout=3" show 1
wait_bg
rm -f "$T/proxy/silent"
[ "$(cat "$T/silent.rc")" -eq 75 ] || fail "a silent server: exit $(cat "$T/silent.rc"): $(cat "$T/silent.err")"
[ "$(cat "$T/silent.ms")" -lt 5500 ] || fail "a silent server was waited for $(cat "$T/silent.ms") ms (connect_timeout 3 s)"
one_line "$T/silent.err"
ok

# sslmode=require, and the server has no TLS: the site's configuration.
expect_rc 78 "$ARBITER" --db "$via&sslmode=require" show 1
one_line "$T/err"
contains "$T/err" "SSL"
expect_rc 75 sh -c '"$1" --db "$2" mail <"$3"' sh "$ARBITER" "$via&sslmode=require" "$T/reply.eml"
PGSSLMODE=require expect_rc 78 "$ARBITER" --db "$via" list

# A read-only role: refused, said once.
sql "CREATE ROLE arbiter_ro LOGIN; GRANT SELECT ON ALL TABLES IN SCHEMA public TO arbiter_ro;
    ALTER ROLE arbiter_ro SET default_transaction_read_only = on" >/dev/null
ro=$(printf '%s' "$ARBITER_DB" | sed 's/user=arbiter_test/user=arbiter_ro/')
"$ARBITER" moves 1 ben >"$T/moves" 2>/dev/null || "$ARBITER" moves 1 ann >"$T/moves"
s2=ann
"$ARBITER" moves 1 ann >/dev/null 2>&1 || s2=ben
expect_rc 78 "$ARBITER" --db "$ro" move --no-send 1 "$s2" "$(head -1 "$T/moves")"
one_line "$T/err"
contains "$T/err" "read-only"
sql "DROP OWNED BY arbiter_ro; DROP ROLE arbiter_ro" >/dev/null

# Passwords: a 300-character one in the userinfo, and one that the cut of
# a long URI's display name would split, are never printed, not even in part.
long=$(head -c 600 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | cut -c1-300)
[ ${#long} -eq 300 ] || fail "cannot make a long password"
expect_rc 75 "$ARBITER" --db "postgresql://arbiter_test:$long@127.0.0.1:1/$name" show 1
contains "$T/err" "cannot open database"
k=1
while [ $k -le 289 ]; do
	lacks "$T/err" "$(printf '%s' "$long" | cut -c$k-$((k + 11)))"
	k=$((k + 24))
done
# The password begins within the 200 bytes of the URI an error shows and
# ends past the 256 the name was cut to.
pw=Zq9Kx7Lm2Pv4Rt8W$(printf '%064d' 0 | tr 0 q)
start="postgresql://127.0.0.1:1/$name?application_name="
pad=$(printf "%0$((180 - ${#start} - 10))d" 0 | tr 0 a)
for cmd in "show 1" "list" "mail"; do
	# shellcheck disable=SC2086
	"$ARBITER" --db "$start$pad&password=$pw" $cmd </dev/null >"$T/out" 2>"$T/err"
	contains "$T/err" "application_name=aaa"
	lacks "$T/err" "Zq9K"
done
# The command line as ps shows it while arbiter waits.
: >"$T/proxy/silent"
"$ARBITER" --db "postgresql://arbiter_test:ArgvSecret77@127.0.0.1:$port/$name?connect_timeout=4" \
	show 1 >/dev/null 2>&1 &
pid=$!
"$ARBITER" copy --from="postgresql://u:FromSecret55@127.0.0.1:$port/$name?connect_timeout=4" \
	--to "$T/copy.db" >/dev/null 2>&1 &
pid2=$!
sleep 1
tr '\0' ' ' </proc/$pid/cmdline >"$T/cmdline"
tr '\0' ' ' </proc/$pid2/cmdline >"$T/cmdline2"
wait "$pid" "$pid2"
rm -f "$T/proxy/silent"
contains "$T/cmdline" "postgresql://arbiter_test:"
lacks "$T/cmdline" "ArgvSecret77"
lacks "$T/cmdline2" "FromSecret55"
done_ok
