#!/bin/sh
# check.sh LOG... - compare arbiter and the reference on given logs (row by row)
here=$(cd "$(dirname "$0")" && pwd)
REF=${REF:-$(cd "$here/../.." && pwd)/../shared/reference/terra-mystica/src}
t=$(mktemp -d)
"$here/tdarb" replay "$@" > "$t/a"
perl "$here/tdref.pl" "$REF" "$@" > "$t/r"
python3 "$here/compare.py" "$t/a" "$t/r"; rc=$?
rm -rf "$t"
exit $rc
