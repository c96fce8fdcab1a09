#!/usr/bin/python3
"""A small SMTP server for the mail tests (aiosmtpd, Debian's python3).

Every accepted message is stored in DIR as NNNNNN.eml (the bytes exactly
as received after the SMTP dot-unstuffing) beside NNNNNN.env (line 1 the
envelope sender, then one line per recipient). Files appear atomically
(written under a temporary name, then renamed).

Usage: /usr/bin/python3 smtpd.py DIR [--mode ok|451|550|550rcpt] [--refuse TEXT]
                                    [--auth USER:PASSWORD] [--lifetime SECONDS]
                                    [--tls starttls|implicit] [--delay SECONDS]

With --tls, a self-signed certificate for 127.0.0.1 is made with the
openssl command (DIR/cert.pem, DIR/key.pem) and the server offers STARTTLS
(starttls) or speaks TLS from the first byte (implicit, as smtps). A
message that came over TLS also gets NNNNNN.tls.
DIR/connections holds the number of connections accepted so far.
Listens on 127.0.0.1 on a free port (or --port N) and writes the port number to
DIR/port once it accepts connections. Modes: ok accepts everything; 451
and 550 answer DATA with that code; 550rcpt refuses every recipient. With
--auth, AUTH PLAIN/LOGIN is required (over plain text: this is a test).
With --refuse TEXT, DATA is answered 554 for a message with a recipient
holding TEXT; with --refuse-rcpt TEXT such a recipient is refused (550)
at RCPT, and with --defer-rcpt TEXT deferred (452, a full mailbox).  The
session goes on, as a real server's would.  With --delay SECONDS every
RCPT is answered that long after it came (a slow server: a client killed
meanwhile has handed over no message).
The server exits by itself after --lifetime seconds (default 120) so a
test that dies can never leave it running for long.
"""
import argparse
import asyncio
import os
import signal
import socket
import ssl
import subprocess
import sys
import warnings

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


class CountingSMTP(SMTP):
    """An SMTP session that records how many connections were accepted in
    DIR/connections, so a test can check that a batch reused one."""

    def __init__(self, handler, **kwargs):
        super().__init__(handler, **kwargs)
        self.store = handler

    def connection_made(self, transport):
        self.store.connections += 1
        self.store.write(os.path.join(self.store.directory, "connections"),
                         b"%d\n" % self.store.connections)
        super().connection_made(transport)


class Store:
    """The SMTP handler: stores or refuses messages according to mode."""

    def __init__(self, directory, mode, refuse="", refuse_rcpt="", defer_rcpt="",
                 delay=0.0):
        self.directory = directory
        self.delay = delay
        self.mode = mode
        self.refuse = refuse
        self.refuse_rcpt = refuse_rcpt
        self.defer_rcpt = defer_rcpt
        self.count = 0
        self.connections = 0

    async def handle_RCPT(self, server, session, envelope, address, options):
        if self.delay > 0:
            await asyncio.sleep(self.delay)
        if self.mode == "550rcpt" or (self.refuse_rcpt and self.refuse_rcpt in address):
            return "550 5.1.1 <%s>: recipient refused (test mode)" % address
        if self.defer_rcpt and self.defer_rcpt in address:
            return "452 4.2.2 <%s>: mailbox full, try later (test mode)" % address
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.mode == "451":
            return "451 4.3.0 try again later (test mode)"
        if self.mode == "550":
            return "550 5.7.1 message refused (test mode)"
        if self.refuse and any(self.refuse in r for r in envelope.rcpt_tos):
            return "554 5.7.1 this recipient's message is refused (test mode)"
        self.count += 1
        base = os.path.join(self.directory, "%06d" % self.count)
        self.write(base + ".env", ("%s\n%s\n" % (
            envelope.mail_from, "\n".join(envelope.rcpt_tos))).encode())
        self.write(base + ".eml", envelope.original_content)
        if (session.ssl is not None or
                server.transport.get_extra_info("ssl_object") is not None):
            self.write(base + ".tls", b"tls\n")
        return "250 OK stored as %06d" % self.count

    def write(self, path, data):
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(data)
        os.rename(tmp, path)


def make_authenticator(user, password):
    """Return an aiosmtpd authenticator accepting exactly user:password."""

    def check(server, session, envelope, mechanism, auth_data):
        ok = (isinstance(auth_data, LoginPassword)
              and auth_data.login == user.encode()
              and auth_data.password == password.encode())
        return AuthResult(success=ok, handled=False)

    return check


def make_tls_context(directory):
    """Make a self-signed certificate for 127.0.0.1 and a server context."""
    cert = os.path.join(directory, "cert.pem")
    key = os.path.join(directory, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048",
                    "-nodes", "-keyout", key, "-out", cert, "-days", "2",
                    "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, timeout=30, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(cert, key)
    return ctx


async def serve(args):
    handler = Store(args.dir, args.mode, args.refuse, args.refuse_rcpt, args.defer_rcpt,
                    args.delay)
    kwargs = {}
    implicit = None
    if args.auth:
        user, _, password = args.auth.partition(":")
        kwargs = dict(authenticator=make_authenticator(user, password),
                      auth_required=True, auth_require_tls=False)
    if args.tls == "starttls":
        kwargs["tls_context"] = make_tls_context(args.dir)
    elif args.tls == "implicit":
        implicit = make_tls_context(args.dir)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", args.port))
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: CountingSMTP(handler, hostname="smtpd.test", **kwargs), sock=sock,
        ssl=implicit)
    port = sock.getsockname()[1]
    tmp = os.path.join(args.dir, "port.tmp")
    with open(tmp, "w") as f:
        f.write("%d\n" % port)
    os.rename(tmp, os.path.join(args.dir, "port"))
    stop = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    loop.add_signal_handler(signal.SIGINT, stop.set)
    try:
        await asyncio.wait_for(stop.wait(), timeout=args.lifetime)
    except asyncio.TimeoutError:
        pass
    server.close()


def main():
    p = argparse.ArgumentParser(description="test SMTP server")
    p.add_argument("dir")
    p.add_argument("--mode", default="ok",
                   choices=["ok", "451", "550", "550rcpt"])
    p.add_argument("--auth", default="")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--refuse", default="")
    p.add_argument("--refuse-rcpt", default="")
    p.add_argument("--defer-rcpt", default="")
    p.add_argument("--lifetime", type=float, default=120.0)
    p.add_argument("--tls", default="", choices=["", "starttls", "implicit"])
    p.add_argument("--delay", type=float, default=0.0)
    args = p.parse_args()
    # AUTH without TLS is what this test server is for; keep stderr quiet.
    warnings.simplefilter("ignore")
    asyncio.run(serve(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
