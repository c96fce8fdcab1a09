#!/usr/bin/python3
"""pg-proxy.py - a TCP relay in front of a PostgreSQL server's Unix socket,
for the tests of hung and refused connections (tests/e2e/pg-trust.sh).

  pg-proxy.py SOCKET_DIR STATE_DIR

Listens on 127.0.0.1 at a free port, written to STATE_DIR/port once it
listens, and relays every connection to SOCKET_DIR/.s.PGSQL.5432.  What
it does is steered by files in STATE_DIR, read for each connection and
each message:

  silent      new connections are accepted and never answered
  stall-after a connection relays the client's message that holds these
              bytes, then relays nothing more either way while keeping
              the connection open (a peer that stops forwarding)

Connections are closed when their client closes them.  Killed by the test.
"""
import os
import select
import socket
import sys
import threading

sock_dir, state = sys.argv[1], sys.argv[2]


def flag(name):
    try:
        with open(os.path.join(state, name), "rb") as f:
            return f.read().strip()
    except OSError:
        return None


def relay(client):
    if flag("silent") is not None:
        # Keep it open, say nothing, until the client goes away.
        try:
            while client.recv(65536):
                pass
        except OSError:
            pass
        client.close()
        return
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.connect(os.path.join(sock_dir, ".s.PGSQL.5432"))
    except OSError:
        client.close()
        return
    stalled = False
    ends = [client, server]
    try:
        while True:
            ready, _, _ = select.select(ends, [], [])
            for s in ready:
                data = s.recv(65536)
                if not data and s is server and stalled:
                    # The server gave up on it: the client is not told either.
                    ends = [client]
                    continue
                if not data:
                    raise EOFError
                if stalled:
                    continue    # swallowed: nothing goes through any more
                other = server if s is client else client
                other.sendall(data)
                pattern = flag("stall-after")
                if s is client and pattern and pattern in data:
                    stalled = True
    except (EOFError, OSError):
        pass
    client.close()
    server.close()


listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(64)
with open(os.path.join(state, "port.tmp"), "w") as f:
    f.write("%d\n" % listener.getsockname()[1])
os.rename(os.path.join(state, "port.tmp"), os.path.join(state, "port"))
while True:
    c, _ = listener.accept()
    threading.Thread(target=relay, args=(c,), daemon=True).start()
