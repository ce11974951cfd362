#!/usr/bin/env python3
"""A loopback backend with a real RFC 6238 code step, for LoginHTTPTests. Needs pyotp
(`python3 -m pip install pyotp`).

It listens on 127.0.0.1 with a port chosen by the kernel and reports, as one JSON object per
line on standard output, as auth_server.py does:

  {"event": "listening", "port": N}                      once, first
  {"event": "error", "message": "..."}                   instead, when it cannot start
                                                         (pyotp missing); it then exits
  {"event": "request", "number", "method", "path", "headers", "body"}
                                                         per request
  {"event": "done", "path"}                              the answer was sent

  POST /login          {"email": "2fa@example.com", "password": "Password123!"} -> 401 with
                       "mfa_required": true and a fresh random challenge; anything else ->
                       401 {"error": "invalid_credentials"}
  POST /login/verify   {"challenge", "code"}: the code of the current 30-second window (or
                       one either side) -> 200 {"token": TOKEN}; the code of an older window
                       (2 to 20 windows ago) -> 410 {"error": "expired_code"}; any other code
                       -> 401 {"error": "invalid_code"}; an unknown challenge -> 400
  POST /login/resend   {"challenge"} -> 204; an unknown challenge -> 400

SECRET is base32 for the RFC 6238 test key "12345678901234567890", which the Swift test
knows too. The server exits when its standard input reaches end of file, and after
MAX_LIFETIME seconds in any case.
"""

import base64
import http.server
import json
import os
import secrets
import socketserver
import sys
import threading
import time

MAX_LIFETIME = 120.0
SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
EMAIL = "2fa@example.com"
PASSWORD = "Password123!"
TOKEN = "tok-totp-verified"
OLDEST_EXPIRED_WINDOW = 20
OUTPUT_LOCK = threading.Lock()
CHALLENGES = set()
REQUEST_COUNT = [0]


def emit(**event):
    line = json.dumps(event, sort_keys=True)
    with OUTPUT_LOCK:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


try:
    import pyotp
except ImportError:
    emit(
        event="error",
        message="pyotp is not installed for %s: run `%s -m pip install pyotp`"
        % (sys.executable, sys.executable),
    )
    sys.exit(2)

TOTP = pyotp.TOTP(SECRET)


def is_expired(code, now):
    """Whether `code` is the code of a window 2 to OLDEST_EXPIRED_WINDOW windows ago."""
    for back in range(2, OLDEST_EXPIRED_WINDOW + 1):
        if TOTP.at(now - back * TOTP.interval) == code:
            return True
    return False


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length > 0 else b""
        with OUTPUT_LOCK:
            REQUEST_COUNT[0] += 1
            number = REQUEST_COUNT[0]
        emit(
            event="request",
            number=number,
            method="POST",
            path=self.path,
            headers=[[name, value] for name, value in self.headers.items()],
            body=base64.b64encode(body).decode("ascii"),
        )
        try:
            fields = json.loads(body.decode("utf-8"))
            if not isinstance(fields, dict):
                raise ValueError("not an object")
        except ValueError:
            self.reply(400, {"error": "invalid_request"})
            return
        if self.path == "/login":
            self.login(fields)
        elif self.path == "/login/verify":
            self.verify(fields)
        elif self.path == "/login/resend":
            self.resend(fields)
        else:
            self.reply(404, {"error": "not_found"})

    def login(self, fields):
        if fields.get("email") != EMAIL or fields.get("password") != PASSWORD:
            self.reply(401, {"error": "invalid_credentials"})
            return
        challenge = secrets.token_urlsafe(24)
        with OUTPUT_LOCK:
            CHALLENGES.add(challenge)
        self.reply(
            401,
            {
                "mfa_required": True,
                "challenge": challenge,
                "method": "totp",
                "destination": "Authenticator app",
                "code_length": 6,
                "expires_in": 300,
                "resend_in": 30,
            },
        )

    def known(self, fields):
        challenge = fields.get("challenge")
        with OUTPUT_LOCK:
            return isinstance(challenge, str) and challenge in CHALLENGES

    def verify(self, fields):
        code = fields.get("code")
        if not self.known(fields) or not isinstance(code, str):
            self.reply(400, {"error": "invalid_request"})
            return
        now = time.time()
        if TOTP.verify(code, for_time=now, valid_window=1):
            self.reply(200, {"token": TOKEN, "expiresIn": 3600})
        elif is_expired(code, now):
            self.reply(410, {"error": "expired_code"})
        else:
            self.reply(401, {"error": "invalid_code"})

    def resend(self, fields):
        if not self.known(fields):
            self.reply(400, {"error": "invalid_request"})
            return
        self.reply(204, None)

    def reply(self, status, value):
        body = b"" if value is None else json.dumps(value).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        if status != 204:
            self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
        self.close_connection = True
        emit(event="done", path=self.path)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 64

    def server_bind(self):
        # HTTPServer's own looks the host name up (getfqdn), which can stall on a machine
        # without DNS; the name is never used here.
        socketserver.TCPServer.server_bind(self)
        self.server_name = "127.0.0.1"
        self.server_port = self.server_address[1]


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
