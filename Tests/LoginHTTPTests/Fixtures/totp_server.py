#!/usr/bin/env python3
"""A loopback backend with a real RFC 6238 code step, for LoginHTTPTests. Needs pyotp
(`python3 -m pip install pyotp`).

It listens on 127.0.0.1 with a port chosen by the kernel and reports what loopback.py says
(an "error" event instead of "listening" when pyotp is missing; it then exits).

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
loopback.MAX_LIFETIME seconds in any case.
"""

import json
import secrets
import sys
import time

from loopback import JSONHandler, LOCK as OUTPUT_LOCK, emit, serve

SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
EMAIL = "2fa@example.com"
PASSWORD = "Password123!"
TOKEN = "tok-totp-verified"
OLDEST_EXPIRED_WINDOW = 20
CHALLENGES = set()


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


class Handler(JSONHandler):
    def post(self, body):
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


if __name__ == "__main__":
    serve(Handler)
