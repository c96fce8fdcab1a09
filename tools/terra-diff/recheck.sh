#!/bin/sh
# recheck.sh DIFF.log... - whether the disagreements tdarb gen kept (each a
# log up to the candidate, in its diff/ folder) still stand with the code
# as it is now: both engines replay each log row by row, arbiter in the
# site's notation (TDIFF_SITEFORM, as the candidates were offered).  Prints
# each that still differs; the count of those that agree now.
here=$(cd "$(dirname "$0")" && pwd)
t=$(mktemp -d)
n=0 ok=0
for f in "$@"; do
	grep -v '^#' "$f" | sed '/^$/d' > "$t/x.log"
	n=$((n + 1))
	r=$(TDIFF_SITEFORM=1 sh "$here/check.sh" "$t/x.log" 2>/dev/null | head -1)
	case "$r" in
	*": agree") ok=$((ok + 1)) ;;
	*) echo "$f: ${r#*x.log: }" ;;
	esac
done
rm -rf "$t"
echo "$ok of $n agree now"
