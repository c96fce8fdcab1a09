#!/bin/sh
# pg-server.sh - a private PostgreSQL server for the tests.
#
#   sh tests/pg-server.sh start [PID]   initdb and start a server; print its
#                                       directory (for ARBITER_TEST_PG).  With
#                                       PID, a watcher stops the server when
#                                       that process is gone (killed included).
#   sh tests/pg-server.sh stop DIR      stop it (pg_ctl stop -m fast), remove DIR
#   sh tests/pg-server.sh run CMD...    start one, run CMD with ARBITER_TEST_PG
#                                       set, stop it; exits as CMD did, e.g.
#                                       sh tests/pg-server.sh run sh tests/e2e/seats.sh
#   sh tests/pg-server.sh createdb DIR NAME   make database NAME; print its URI
#   sh tests/pg-server.sh dropdb DIR NAME     drop it (connections closed first)
#   sh tests/pg-server.sh bindir        print the directory of the binaries
#
# The server is PostgreSQL from /usr/lib/postgresql/VERSION/bin (15 on
# Debian 12; PG_BIN overrides), in a fresh directory under /tmp (or
# $TMPDIR) holding its data (DIR/data) and its socket: it listens on that
# Unix socket only (listen_addresses = ''), trusts every connection on it,
# and its superuser is the role arbiter_test.  A database's URI is
#   postgresql:///NAME?host=DIR&user=arbiter_test
# PostgreSQL refuses to run as root: as root, initdb and pg_ctl run as the
# system user postgres, which owns DIR (mode 711, so that the test user and
# the users the tests switch to reach the socket).  Without the binaries
# every subcommand but stop says so and exits 77 (skipped).
set -u
PG_USER=arbiter_test

die() {
	echo "pg-server: $*" >&2
	exit 1
}

# bindir: the directory of initdb, pg_ctl, psql...; exit 77 when none.
bindir() {
	if [ -n "${PG_BIN:-}" ]; then
		[ -x "$PG_BIN/pg_ctl" ] && echo "$PG_BIN" && return
	else
		for d in /usr/lib/postgresql/15/bin $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -rn); do
			[ -x "$d/pg_ctl" ] && [ -x "$d/initdb" ] && [ -x "$d/psql" ] && echo "$d" && return
		done
	fi
	echo "skipped: no PostgreSQL server binaries (${PG_BIN:-/usr/lib/postgresql/*/bin}); make deps installs postgresql" >&2
	exit 77
}

# as_pg CMD...: CMD as the user that runs the server (postgres when root).
as_pg() {
	if [ "$(id -u)" -eq 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

# ours DIR: DIR is a directory this script made.
ours() {
	case "$1" in
	/*/arbiter-pg.*) [ -d "$1" ] ;;
	*) return 1 ;;
	esac
}

start() {
	bin=$(bindir) || exit 77
	if [ "$(id -u)" -eq 0 ]; then
		id postgres >/dev/null 2>&1 || die "running as root, and there is no user postgres to run the server"
	fi
	# The socket's path must stay short (108 bytes) and, as root, reachable
	# by the user postgres.
	base=${TMPDIR:-/tmp}
	if [ ${#base} -gt 60 ] || { [ "$(id -u)" -eq 0 ] && ! runuser -u postgres -- test -x "$base"; }; then
		base=/tmp
	fi
	dir=$(mktemp -d "$base/arbiter-pg.XXXXXX") || die "mktemp failed"
	chmod 711 "$dir"
	[ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
	if ! (cd / && as_pg "$bin/initdb" -D "$dir/data" -U "$PG_USER" --auth=trust --no-locale \
	    -E UTF8 --no-sync) >"$dir/initdb.log" 2>&1; then
		cat "$dir/initdb.log" >&2
		rm -rf "$dir"
		die "initdb failed"
	fi
	cat >>"$dir/data/postgresql.conf" <<CONF
# arbiter tests: a Unix socket only, in this directory
listen_addresses = ''
unix_socket_directories = '$dir'
unix_socket_permissions = 0777
max_connections = 100
CONF
	if ! (cd / && as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start) \
	    >"$dir/pg_ctl.log" 2>&1; then
		cat "$dir/pg_ctl.log" "$dir/server.log" >&2 2>/dev/null
		stop "$dir"
		die "the server did not start"
	fi
	if [ -n "${1:-}" ]; then
		# The watcher: stops the server once process $1 is gone, however it
		# ended.  In a session of its own, so that a kill of the caller's
		# process group (SIGKILL included) does not take it too, and
		# detached from every output, so that $(...) does not wait for it.
		self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
		if command -v setsid >/dev/null; then
			setsid sh "$self" watch "$1" "$dir" </dev/null >/dev/null 2>&1 &
		else
			sh "$self" watch "$1" "$dir" </dev/null >/dev/null 2>&1 &
		fi
	fi
	echo "$dir"
}

# watch PID DIR: stop the server of DIR once process PID is gone.
watch() {
	trap '' HUP INT
	while kill -0 "$1" 2>/dev/null && [ -d "$2" ]; do sleep 1; done
	stop "$2"
}

stop() {
	dir=${1:-}
	ours "$dir" || return 0
	if [ -f "$dir/data/postmaster.pid" ]; then
		bin=$(bindir 2>/dev/null) &&
			(cd / && as_pg "$bin/pg_ctl" -D "$dir/data" -w -t 30 stop -m fast) >/dev/null 2>&1
		# Still there (a stuck stop, no binaries): the postmaster we started.
		if [ -f "$dir/data/postmaster.pid" ]; then
			pid=$(head -1 "$dir/data/postmaster.pid")
			case "$pid" in
			'' | *[!0-9]*) ;;
			*) kill -9 "$pid" 2>/dev/null ;;
			esac
		fi
	fi
	rm -rf "$dir"
}

uri() {
	echo "postgresql:///$2?host=$1&user=$PG_USER"
}

createdb_() {
	bin=$(bindir) || exit 77
	"$bin/createdb" -h "$1" -U "$PG_USER" "$2" || die "createdb $2 failed"
	uri "$1" "$2"
}

dropdb_() {
	bin=$(bindir) || exit 77
	"$bin/dropdb" -h "$1" -U "$PG_USER" --if-exists --force "$2"
}

run() {
	[ $# -gt 0 ] || die "usage: pg-server.sh run CMD [ARG...]"
	dir=$(start $$) || exit $?
	trap 'stop "$dir"' EXIT
	trap 'exit 130' INT TERM HUP
	ARBITER_TEST_PG=$dir PG_BIN=$(bindir) "$@"
	rc=$?
	exit $rc
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
start) start "$@" ;;
stop) [ $# -eq 1 ] || die "usage: pg-server.sh stop DIR"; stop "$1" ;;
run) run "$@" ;;
createdb) [ $# -eq 2 ] || die "usage: pg-server.sh createdb DIR NAME"; createdb_ "$1" "$2" ;;
dropdb) [ $# -eq 2 ] || die "usage: pg-server.sh dropdb DIR NAME"; dropdb_ "$1" "$2" ;;
bindir) bindir ;;
watch) [ $# -eq 2 ] || die "usage: pg-server.sh watch PID DIR"; watch "$1" "$2" ;;
*) die "usage: pg-server.sh start [PID] | stop DIR | run CMD... | createdb DIR NAME | dropdb DIR NAME | bindir" ;;
esac
