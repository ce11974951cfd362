#!/usr/bin/env python3
"""A scripted HTTP auth backend for LoginHTTPTests. Python standard library only.

It listens on 127.0.0.1 with a port chosen by the kernel and reports, as one JSON object per
line on standard output:

  {"event": "listening", "port": N}                      once, first
  {"event": "request", "number", "method", "path", "headers", "body"}
                                                         per request (number counts from 1;
                                                         body in base64)
  {"event": "client-closed", "path"}                     a held request saw the client hang up
  {"event": "hold-expired", "path"}                      a held request was never closed (a
                                                         bug): it is then answered as json-ok
  {"event": "send-aborted", "path", "sent"}              the client stopped reading a big body
  {"event": "send-complete", "path", "sent"}             a big body was sent to the end
  {"event": "done", "path"}                              the answer was sent; we close
  {"event": "send-aborted", "path", "sent"}              also: the client hung up before a
                                                         compression bomb was sent in full

The last path component selects the scripted answer (for the code step's `.../verify` and
`.../resend`, the two last ones) (the components before it are free, so
that concurrent tests can tell their requests apart) (see CASES and the special cases in
`answer`). Every answer carries `Connection: close`.

The server never outlives its parent: it exits when its standard input reaches end of file
(the test closes it, or the test process died), and after MAX_LIFETIME seconds in any case.
"""

import base64
import json
import os
import socket
import socketserver
import struct
import sys
import threading
import zlib

MAX_LIFETIME = 120.0
HOLD_LIMIT = 20.0
LIMIT = 1024 * 1024
OUTPUT_LOCK = threading.Lock()
REQUEST_COUNT = [0]


def emit(**event):
    line = json.dumps(event, sort_keys=True)
    with OUTPUT_LOCK:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def json_body(value):
    return json.dumps(value).encode("utf-8")


def padded_token_body(size):
    """A valid `{"token": ...}` document of exactly `size` bytes."""
    head = b'{"token":"padded-token","pad":"'
    tail = b'"}'
    return head + b"x" * (size - len(head) - len(tail)) + tail


BOMB_BYTES = 500 * 1024 * 1024
BOMBS = {}
BOMB_LOCK = threading.Lock()


def compressed(encoding, pieces):
    """`pieces` (an iterable of bytes) compressed as `gzip` or `deflate` (zlib), piece by piece."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31 if encoding == "gzip" else 15)
    out = [compressor.compress(piece) for piece in pieces]
    out.append(compressor.flush())
    return b"".join(out)


def bomb(encoding):
    """About 500 KB that inflate to BOMB_BYTES of zeros, made once, on first use. The deflate
    stream is one megabyte of zeros compressed with a full flush (which resets the compressor,
    so every further megabyte compresses to the same bytes) repeated, with the header and the
    checksum written by hand: a tenth of a second instead of seconds of compression, which a
    loaded machine stretched past the client's timeout."""
    with BOMB_LOCK:
        if encoding not in BOMBS:
            BOMBS[encoding] = compressed_zeros(encoding, BOMB_BYTES)
        return BOMBS[encoding]


def compressed_zeros(encoding, total, piece_size=1024 * 1024):
    """`total` zero bytes (a multiple of `piece_size`) as `gzip` or `deflate` (zlib)."""
    piece = bytes(piece_size)
    raw = zlib.compressobj(9, zlib.DEFLATED, -15)
    segment = raw.compress(piece) + raw.flush(zlib.Z_FULL_FLUSH)
    if raw.compress(piece) + raw.flush(zlib.Z_FULL_FLUSH) != segment:
        raise RuntimeError("a full flush did not make the compressed megabytes repeat")
    final_block = raw.flush(zlib.Z_FINISH)
    count = total // piece_size
    checksum = zlib.crc32 if encoding == "gzip" else zlib.adler32
    check = checksum(b"")
    for _ in range(count):
        check = checksum(piece, check)
    body = segment * count + final_block
    if encoding == "gzip":
        header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
        return header + body + struct.pack("<II", check, total & 0xFFFFFFFF)
    return b"\x78\xda" + body + struct.pack(">I", check)


# name -> (status, extra headers, body)
CASES = {
    "json-ok": (200, [], json_body({"token": "tok-json-123", "expiresIn": 3600})),
    "json-ok-minimal": (200, [], json_body({"token": "tok-min"})),
    "oauth-ok": (
        200,
        [],
        json_body(
            {
                "access_token": "tok-oauth-456",
                "token_type": "Bearer",
                "expires_in": 1800,
                "refresh_token": "ref-789",
            }
        ),
    ),
    "oauth-ok-string-expiry": (
        200,
        [],
        json_body({"access_token": "tok-s", "token_type": "bearer", "expires_in": "60"}),
    ),
    "malformed": (200, [], b'{"token": "tok-'),
    "not-an-object": (200, [], b'["tok-json-123"]'),
    "missing-token": (200, [], json_body({"user": "someone", "expiresIn": 3600})),
    "empty-token": (200, [], json_body({"token": ""})),
    "token-not-string": (200, [], json_body({"token": 12345})),
    "empty-200": (200, [], b""),
    "204": (204, [], b""),
    "401": (401, [], json_body({"error": "SERVER-TEXT unauthorized"})),
    "403": (403, [], json_body({"error": "SERVER-TEXT forbidden"})),
    "400-invalid-grant": (
        400,
        [],
        json_body({"error": "invalid_grant", "error_description": "SERVER-TEXT bad password"}),
    ),
    "400-invalid-request": (400, [], json_body({"error": "invalid_request"})),
    "400-not-json": (400, [], b"<html>SERVER-TEXT</html>"),
    "404": (404, [], b"SERVER-TEXT not found"),
    "429": (429, [("Retry-After", "7")], json_body({"error": "slow_down"})),
    "429-no-retry-after": (429, [], b""),
    "429-http-date": (429, [("Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT")], b""),
    # Throttling and lockout: every form of the wait, against the response's own clock.
    "429-http-date-with-date": (
        429,
        [("Date", "Wed, 21 Oct 2015 07:28:00 GMT"), ("Retry-After", "Wed, 21 Oct 2015 07:28:42 GMT")],
        b"",
    ),
    "429-rfc850-date": (
        429,
        [("Date", "Wed, 21 Oct 2015 07:28:00 GMT"), ("Retry-After", "Wednesday, 21-Oct-15 07:29:00 GMT")],
        b"",
    ),
    "429-asctime-date": (
        429,
        [("Date", "Wed, 21 Oct 2015 07:28:00 GMT"), ("Retry-After", "Wed Oct 21 07:28:09 2015")],
        b"",
    ),
    "429-date-next-year": (
        429,
        [("Date", "Wed, 21 Oct 2015 07:28:00 GMT"), ("Retry-After", "Fri, 21 Oct 2016 07:28:00 GMT")],
        b"",
    ),
    "429-garbage": (429, [("Retry-After", "soon, SERVER-TEXT")], b""),
    "429-negative": (429, [("Retry-After", "-42")], b""),
    "429-zero": (429, [("Retry-After", "0")], b""),
    "429-fraction": (429, [("Retry-After", "1.5")], b""),
    "429-huge": (429, [("Retry-After", "9" * 4000)], b""),
    "429-duplicated": (429, [("Retry-After", "7"), ("Retry-After", "12")], b""),
    "429-body": (429, [], json_body({"error": "rate_limited", "retry_after": 42})),
    "429-body-and-header": (
        429,
        [("Retry-After", "5")],
        json_body({"error": "rate_limited", "retry_after": 42}),
    ),
    "400-rate-limited": (400, [], json_body({"error": "rate_limited", "retry_after": 9})),
    "423": (423, [], b"SERVER-TEXT locked"),
    "401-account-locked": (401, [], json_body({"error": "account_locked"})),
    "500": (500, [], b"SERVER-TEXT internal error"),
    "503": (503, [("Retry-After", "30")], b"SERVER-TEXT unavailable"),
    "302": (302, [("Location", "/login/json-ok")], b""),
    "302-no-location": (302, [], b"SERVER-TEXT moved"),
    "307": (307, [("Location", "/login/json-ok")], json_body({"token": "tok-redirect"})),
    "300": (300, [], json_body({"token": "tok-choices"})),
    "304": (304, [], b""),
    "json-expiry-1e400": (200, [], b'{"token": "tok-e", "expiresIn": 1e400}'),
    "oauth-expiry-1e400": (200, [], b'{"access_token": "tok-e", "expires_in": -1E400}'),
    "gzip-json": (
        200,
        [("Content-Encoding", "gzip")],
        compressed("gzip", [json_body({"token": "tok-gzip"})]),
    ),
    "limit-exact": (200, [], padded_token_body(LIMIT)),
    "limit-plus-one": (200, [], padded_token_body(LIMIT + 1)),
    # The code step. A login that asks for a one-time code:
    "mfa-full": (
        401,
        [],
        json_body(
            {
                "mfa_required": True,
                "challenge": "chal-full",
                "method": "sms",
                "destination": "\u2022\u2022\u2022\u2022 42",
                "code_length": 8,
                "expires_in": 120,
                "resend_in": 45,
            }
        ),
    ),
    "mfa-minimal": (200, [], json_body({"mfa_required": True, "challenge": "chal-min"})),
    "mfa-hostile-destination": (
        401,
        [],
        json_body(
            {
                "mfa_required": True,
                "challenge": "chal-hostile",
                "method": "email",
                # ESC sequences, BEL, a C1 CSI, bidi overrides and isolates, a newline, and
                # far more than 64 characters.
                "destination": "\x1b[2J\x1b]0;pwned\x07a\u202e\u2066d\u2069\u202c\x9b31m"
                + "\n@example.com "
                + "x" * 200,
            }
        ),
    ),
    "mfa-hostile-numbers": (
        401,
        [],
        json_body(
            {
                "mfa_required": True,
                "challenge": "chal-numbers",
                "code_length": None,
                "expires_in": -5,
                "resend_in": 1e9,
            }
        ),
    ),
    "mfa-expiry-1e400": (
        401,
        [],
        b'{"mfa_required": true, "challenge": "chal-e", "expires_in": 1e400, "resend_in": "x"}',
    ),
    "mfa-long-challenge": (401, [], json_body({"mfa_required": True, "challenge": "c" * 1025})),
    "mfa-longest-challenge": (
        401,
        [],
        json_body({"mfa_required": True, "challenge": "c" * 1024}),
    ),
    "mfa-empty-challenge": (401, [], json_body({"mfa_required": True, "challenge": ""})),
    "mfa-no-challenge": (200, [], json_body({"mfa_required": True})),
    "mfa-bad-method": (
        401,
        [],
        json_body({"mfa_required": True, "challenge": "chal-m", "method": "SERVER-TEXT pigeon"}),
    ),
    "mfa-code-length-12": (
        401,
        [],
        json_body({"mfa_required": True, "challenge": "chal-l", "code_length": 12}),
    ),
    "mfa-false": (401, [], json_body({"mfa_required": False, "challenge": "chal-f"})),
    "mfa-string-true": (401, [], json_body({"mfa_required": "true", "challenge": "chal-s"})),
    # Auth0's answer to a password grant for a user enrolled in MFA (not supported).
    "oauth-mfa-required": (
        403,
        [],
        json_body(
            {
                "error": "mfa_required",
                "error_description": "SERVER-TEXT Multifactor authentication required",
                "mfa_token": "tok-mfa-secret",
            }
        ),
    ),
    # The code step's check (`<case>/verify`) and resend (`<case>/resend`):
    "code/verify": (200, [], json_body({"token": "tok-verified", "expiresIn": 600})),
    "code/resend": (204, [], b""),
    "code-410/verify": (410, [], json_body({"error": "SERVER-TEXT gone"})),
    "code-410/resend": (410, [], json_body({"error": "expired_code"})),
    "code-expired/verify": (400, [], json_body({"error": "expired_code"})),
    "code-expired/resend": (400, [], json_body({"error": "expired_code"})),
    "code-invalid/verify": (401, [], json_body({"error": "invalid_code"})),
    "code-401/verify": (401, [], json_body({"error": "SERVER-TEXT unauthorized"})),
    "code-429/verify": (429, [("Retry-After", "5")], json_body({"error": "slow_down"})),
    "code-429/resend": (429, [], b""),
    "code-500/verify": (500, [], b"SERVER-TEXT internal error"),
    "code-500/resend": (500, [], b"SERVER-TEXT internal error"),
    "code-no-token/verify": (200, [], json_body({"status": "SERVER-TEXT ok"})),
    "code-renewal/resend": (200, [], json_body({"expires_in": 120, "resend_in": 45})),
    "code-renewal-partial/resend": (200, [], json_body({"resend_in": "60", "expires_in": -1})),
    "code-renewal-empty/resend": (200, [], b""),
    "code-renewal-bad/resend": (200, [], b"SERVER-TEXT sent"),
}

# The code step's requests go to `<endpoint>/verify` and `<endpoint>/resend`: their case is
# the endpoint's case and that last component, `code-410/verify` for example.
CODE_STEP = ("verify", "resend")


class Handler(socketserver.BaseRequestHandler):
    def handle(self):
        conn = self.request
        conn.settimeout(HOLD_LIMIT)
        reader = conn.makefile("rb")
        try:
            request_line = reader.readline(65536).decode("latin-1").rstrip("\r\n")
            if not request_line:
                return
            method, path, _version = request_line.split(" ", 2)
            headers = []
            while True:
                line = reader.readline(65536).decode("latin-1").rstrip("\r\n")
                if line == "":
                    break
                name, _, value = line.partition(":")
                headers.append([name.strip(), value.strip()])
            length = 0
            for name, value in headers:
                if name.lower() == "content-length":
                    length = int(value)
            body = reader.read(length) if length > 0 else b""
            with OUTPUT_LOCK:
                REQUEST_COUNT[0] += 1
                number = REQUEST_COUNT[0]
            emit(
                event="request",
                number=number,
                method=method,
                path=path,
                headers=headers,
                body=base64.b64encode(body).decode("ascii"),
            )
            self.answer(conn, path)
        except (OSError, ValueError):
            pass
        finally:
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            conn.close()

    def answer(self, conn, path):
        parts = path.split("?", 1)[0].rsplit("/", 2)
        name = parts[-1]
        if name in CODE_STEP and len(parts) == 3:
            name = parts[-2] + "/" + name
        if name == "hold":
            self.hold(conn, path)
            return
        if name == "mid-body":
            head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
            head += b"Content-Length: 100\r\nConnection: close\r\n\r\n"
            conn.sendall(head + b'{"token": "tok-')
            emit(event="done", path=path)
            return
        if name == "mid-chunk":
            head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
            head += b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            conn.sendall(head + b"20\r\n" + b'{"token": "tok-')
            emit(event="done", path=path)
            return
        if name in ("gzip-bomb", "deflate-bomb"):
            encoding = name.split("-")[0]
            body = bomb(encoding)
            try:
                send(conn, 200, [("Content-Encoding", encoding)], body)
            except OSError:
                emit(event="send-aborted", path=path, sent=0)
                return
            emit(event="done", path=path)
            return
        if name in ("oversize-streamed", "oversize-declared"):
            self.stream_big(conn, path, declared=(name == "oversize-declared"))
            return
        status, extra, body = CASES.get(name, (404, [], b"no such case"))
        send(conn, status, extra, body)
        emit(event="done", path=path)

    def hold(self, conn, path):
        """Answer nothing until the client hangs up. After HOLD_LIMIT (a client that failed
        to hang up), answer with a valid token, so that such a client reports a success."""
        try:
            while True:
                chunk = conn.recv(4096)
                if not chunk:
                    emit(event="client-closed", path=path)
                    return
        except socket.timeout:
            emit(event="hold-expired", path=path)
            status, extra, body = CASES["json-ok"]
            send(conn, status, extra, body)
        except OSError:
            emit(event="client-closed", path=path)

    def stream_big(self, conn, path, declared):
        """Send a 64 MiB body; report whether the client stopped reading early.

        The first 2 MiB (twice the client's limit) go out at once. Then the server waits for
        the client to hang up, as a client that enforces the limit while streaming does; only
        if it has not hung up after HOLD_LIMIT does the rest follow (`send-complete`: the
        client buffered everything instead of enforcing the limit).
        """
        total = 64 * 1024 * 1024
        first = 2 * 1024 * 1024
        piece = b"x" * 65536
        head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
        if declared:
            head += "Content-Length: %d\r\n" % total
        head += "\r\n"
        sent = 0
        try:
            conn.sendall(head.encode("ascii"))
            while sent < first:
                conn.sendall(piece)
                sent += len(piece)
            try:
                if not conn.recv(1):
                    emit(event="send-aborted", path=path, sent=sent)
                    return
            except socket.timeout:
                pass
            while sent < total:
                conn.sendall(piece)
                sent += len(piece)
        except OSError:
            emit(event="send-aborted", path=path, sent=sent)
            return
        emit(event="send-complete", path=path, sent=sent)


REASONS = {
    200: "OK",
    204: "No Content",
    300: "Multiple Choices",
    302: "Found",
    304: "Not Modified",
    307: "Temporary Redirect",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    410: "Gone",
    423: "Locked",
    429: "Too Many Requests",
    500: "Internal Server Error",
    503: "Service Unavailable",
}


def send(conn, status, extra, body):
    lines = ["HTTP/1.1 %d %s" % (status, REASONS.get(status, "Status"))]
    lines.append("Content-Type: application/json")
    if status != 204:
        lines.append("Content-Length: %d" % len(body))
    lines.append("Connection: close")
    for name, value in extra:
        lines.append("%s: %s" % (name, value))
    conn.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True
    # The default listen backlog is 5; the tests open 30+ connections at once, and on a
    # loaded machine an overflowing accept queue drops or resets some of them.
    request_queue_size = 256


def exit_when_parent_goes():
    try:
        while sys.stdin.buffer.read(4096):
            pass
    finally:
        os._exit(0)


def main():
    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=exit_when_parent_goes, daemon=True).start()
    timer = threading.Timer(MAX_LIFETIME, lambda: os._exit(3))
    timer.daemon = True
    timer.start()
    emit(event="listening", port=server.server_address[1])
    server.serve_forever(poll_interval=0.05)


if __name__ == "__main__":
    main()
