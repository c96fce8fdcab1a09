#!/bin/sh
# check.sh LOG... - compare arbiter and the reference on given logs (row by row)
# The site runs its engine with PERL_HASH_SEED=0 (src/app.fcgi): Perl's hash
# order, which decides e.g. which cult track a town tile's key goes to, is
# then fixed.  Run the reference the same way, or it varies from run to run.
export PERL_HASH_SEED=0
here=$(cd "$(dirname "$0")" && pwd)
REF=${REF:-$(cd "$here/../.." && pwd)/../shared/reference/terra-mystica/src}
t=$(mktemp -d)
"$here/tdarb" replay "$@" > "$t/a"
perl "$here/tdref.pl" "$REF" "$@" > "$t/r"
python3 "$here/compare.py" "$t/a" "$t/r"; rc=$?
rm -rf "$t"
exit $rc
