#!/bin/sh
# Install the Debian packages arbiter needs to build and test, if missing.
# Uses apt-get, through sudo when not root.  Does nothing when all are there.
# Packages named as arguments are wanted too (make fuzz adds clang's).
set -e
pkgs="gcc make pkg-config libsqlite3-dev libpq-dev libcurl4-openssl-dev libjansson-dev \
libcmocka-dev libgmime-3.0-dev nettle-dev sqlite3 python3 python3-aiosmtpd dovecot-imapd openssl \
groff-base man-db postfix postgresql postgresql-client \
libcairo2 libcairo2-dev fonts-dejavu-core chromium \
libclone-perl libmath-random-mt-perl libexporter-easy-perl libreadonly-perl libjson-perl \
libmoose-perl libmethod-signatures-simple-perl libindirect-perl $*"
missing=""
for p in $pkgs; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0
echo "deps: installing$missing"
if [ "$(id -u)" -eq 0 ]; then
	sudo=""
else
	sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
# Postfix is only for tests/e2e/postfix.sh, which runs a private instance:
# the system gets no mail configuration and no running Postfix.
case "$missing" in
*" postfix"*)
	echo "postfix postfix/main_mailer_type select No configuration" |
		$sudo debconf-set-selections ;;
esac
# cairo draws the board pictures (loaded at first use, app/picture/cairo_dl.c),
# in DejaVu; chromium is only for tests/e2e/mail-pictures.sh, which renders
# a mail's HTML headlessly and offline.
# PostgreSQL is only for the tests' private servers (tests/pg-server.sh,
# started and stopped by make check); the system's cluster is not used.
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing
