#!/bin/sh
# Build tdarb against the engine objects `make arbiter` leaves under build/.
set -e
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top"
[ -x arbiter ] || nice make -j2 arbiter
# The objects of the engine's current sources (a stale object of a file
# that is gone would clash).
objs=$(ls engine/*.c engine/*/*.c | sed 's|^|build/|; s|\.c$|.o|')
nice ${CC:-cc} -std=c11 -O2 -g -D_DEFAULT_SOURCE -Wall -Wextra \
    $(pkg-config --cflags jansson) -o "$here/tdarb" "$here/tdarb.c" "$here/tdgen.c" \
    "$here/tdcand.c" $objs $(pkg-config --libs jansson) -lm
