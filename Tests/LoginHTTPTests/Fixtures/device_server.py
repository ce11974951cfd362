#!/usr/bin/env python3
"""A loopback OAuth 2.0 device authorization server (RFC 8628) built on oauthlib's own
device endpoints, for LoginHTTPTests. Needs oauthlib 3.3 or later
(`python3 -m pip install oauthlib`).

It listens on 127.0.0.1 with a port chosen by the kernel and reports what loopback.py says
(an "error" event instead of "listening" when oauthlib is missing; it then exits).

  POST /device         oauthlib's device authorization endpoint (client_id CLIENT_ID, any
                       scope of SCOPES): a new pair of codes, the user code USER_CODE_n
                       (n counts from 1), interval INTERVAL, expires_in EXPIRES_IN
  POST /token          oauthlib's token endpoint with the device_code grant: pending until
                       the code is approved, denied or expired below; slow_down for a poll
                       sooner than SLOW_DOWN_GAP after the previous one of the same code
                       (a minute, far more than INTERVAL, so that a busy machine can never
                       make two polls in a row look far enough apart)
  POST /control/approve, /control/deny, /control/expire
                       form field user_code: what the user does in the browser (or the
                       clock); 204, or 404 for an unknown code

The token issued is TOKEN_PREFIX followed by random characters. The server exits when its
standard input reaches end of file, and after loopback.MAX_LIFETIME seconds in any case.
"""

import json
import sys
import time
import urllib.parse

from loopback import JSONHandler, LOCK as OUTPUT_LOCK, emit, serve

CLIENT_ID = "login-flow-tests"
SCOPES = ["profile", "email"]
INTERVAL = 5
SLOW_DOWN_GAP = 60.0
EXPIRES_IN = 60
TOKEN_PREFIX = "tok-device-"
# device_code -> {"user_code", "status", "last_poll", "scopes"}
CODES = {}


try:
    from oauthlib.common import generate_token
    from oauthlib.oauth2 import BearerToken, TokenEndpoint
    from oauthlib.oauth2.rfc8628.request_validator import RequestValidator
    from oauthlib.oauth2.rfc8628.endpoints.pre_configured import DeviceApplicationServer
    from oauthlib.oauth2.rfc8628.grant_types import DeviceCodeGrant
except ImportError as error:
    emit(
        event="error",
        message="oauthlib with RFC 8628 is not installed for %s (%s): run `%s -m pip install oauthlib`"
        % (sys.executable, error, sys.executable),
    )
    sys.exit(2)

GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code"


class Client:
    client_id = CLIENT_ID


class Validator(RequestValidator):
    """Everything oauthlib asks a deployment: one public client, the codes in CODES."""

    def client_authentication_required(self, request, *args, **kwargs):
        return False

    def authenticate_client_id(self, client_id, request, *args, **kwargs):
        if client_id != CLIENT_ID:
            return False
        request.client = Client()
        return True

    def validate_client_id(self, client_id, request, *args, **kwargs):
        return client_id == CLIENT_ID

    def validate_grant_type(self, client_id, grant_type, client, request, *args, **kwargs):
        return grant_type == GRANT_TYPE

    def validate_scopes(self, client_id, scopes, client, request, *args, **kwargs):
        return all(scope in SCOPES for scope in scopes)

    def get_default_scopes(self, client_id, request, *args, **kwargs):
        return ["profile"]

    def save_token(self, token, request, *args, **kwargs):
        pass

    def validate_device_code(self, client_id, code, request, *args, **kwargs):
        now = time.monotonic()
        with OUTPUT_LOCK:
            record = CODES.get(code)
            if record is None or client_id != CLIENT_ID:
                return None
            last, record["last_poll"] = record["last_poll"], now
            if record["status"] == "pending" and last is not None and now - last < SLOW_DOWN_GAP:
                return DeviceCodeGrant.DEVICE_CODE_SLOW_DOWN
            status = record["status"]
            request.scopes = record["scopes"]
            request.user = "ada"
        return {
            "pending": DeviceCodeGrant.DEVICE_CODE_PENDING,
            "approved": DeviceCodeGrant.DEVICE_CODE_AUTHORIZED,
            "denied": DeviceCodeGrant.DEVICE_CODE_DENIED,
            "expired": DeviceCodeGrant.DEVICE_CODE_EXPIRED,
        }[status]


VALIDATOR = Validator()
USER_CODES = [0]


def next_user_code():
    with OUTPUT_LOCK:
        USER_CODES[0] += 1
        return "USER-%04d" % USER_CODES[0]


def device_endpoint(port):
    return DeviceApplicationServer(
        VALIDATOR,
        verification_uri="http://127.0.0.1:%d/activate" % port,
        verification_uri_complete="http://127.0.0.1:%d/activate?user_code={user_code}" % port,
        interval=INTERVAL,
        user_code_generator=next_user_code,
    )


TOKENS = TokenEndpoint(
    GRANT_TYPE,
    BearerToken(VALIDATOR, token_generator=lambda request: TOKEN_PREFIX + generate_token(24)),
    grant_types={GRANT_TYPE: DeviceCodeGrant(VALIDATOR)},
)


class Handler(JSONHandler):
    def post(self, body):
        text = body.decode("utf-8", "replace")
        headers = {name: value for name, value in self.headers.items()}
        uri = "http://127.0.0.1:%d%s" % (self.server.server_port, self.path)
        if self.path == "/device":
            endpoint = device_endpoint(self.server.server_port)
            endpoint._expires_in = EXPIRES_IN
            try:
                _, data, status = endpoint.create_device_authorization_response(
                    uri, "POST", text, headers
                )
            except Exception as error:  # oauthlib raises its errors here
                status = getattr(error, "status_code", 400)
                data = json.loads(getattr(error, "json", '{"error": "invalid_request"}'))
            if status == 200:
                scopes = data.get("scope", "profile").split()
                with OUTPUT_LOCK:
                    CODES[data["device_code"]] = {
                        "user_code": data["user_code"],
                        "status": "pending",
                        "last_poll": None,
                        "scopes": scopes,
                    }
            self.reply(status, data)
        elif self.path == "/token":
            _, answer, status = TOKENS.create_token_response(uri, "POST", text, headers)
            self.reply(status, json.loads(answer))
        elif self.path.startswith("/control/"):
            action = self.path[len("/control/"):]
            user_code = urllib.parse.parse_qs(text).get("user_code", [""])[0]
            status = {"approve": "approved", "deny": "denied", "expire": "expired"}.get(action)
            with OUTPUT_LOCK:
                records = [r for r in CODES.values() if r["user_code"] == user_code]
                for record in records:
                    record["status"] = status
            self.reply(204 if records and status else 404, None)
        else:
            self.reply(404, {"error": "not_found"})

    def reply(self, status, value):
        # RFC 6749 §5.1: token answers are not to be cached.
        JSONHandler.reply(self, status, value, [("Cache-Control", "no-store")])


if __name__ == "__main__":
    serve(Handler)
