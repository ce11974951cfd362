"""What the loopback test servers of LoginHTTPTests share (totp_server.py, device_server.py):
the JSON-line report on standard output, a request handler that reports every POST and
answers JSON, and a server on 127.0.0.1 that exits when its parent goes.

Reports, one JSON object per line:

  {"event": "listening", "port": N}                      once, first
  {"event": "error", "message": "..."}                   instead, when it cannot start
  {"event": "request", "number", "method", "path", "headers", "body"}
                                                         per request (body in base64)
  {"event": "done", "path"}                              the answer was sent
"""

import base64
import http.server
import json
import os
import socketserver
import sys
import threading

MAX_LIFETIME = 120.0
LOCK = threading.Lock()
_REQUESTS = [0]


def emit(**event):
    line = json.dumps(event, sort_keys=True)
    with LOCK:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


class JSONHandler(http.server.BaseHTTPRequestHandler):
    """Reads a POST's body, reports it, and hands it to ``post(body)``; ``reply`` answers."""

    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length > 0 else b""
        with LOCK:
            _REQUESTS[0] += 1
            number = _REQUESTS[0]
        emit(
            event="request",
            number=number,
            method="POST",
            path=self.path,
            headers=[[name, value] for name, value in self.headers.items()],
            body=base64.b64encode(body).decode("ascii"),
        )
        self.post(body)

    def reply(self, status, value, extra_headers=()):
        body = b"" if value is None else json.dumps(value).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        for name, header in extra_headers:
            self.send_header(name, header)
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


def _exit_when_parent_goes():
    try:
        while sys.stdin.buffer.read(4096):
            pass
    finally:
        os._exit(0)


def serve(handler):
    """Serves `handler` on 127.0.0.1, a port the kernel picks, until standard input ends,
    and MAX_LIFETIME seconds at most."""
    server = Server(("127.0.0.1", 0), handler)
    threading.Thread(target=_exit_when_parent_goes, daemon=True).start()
    timer = threading.Timer(MAX_LIFETIME, lambda: os._exit(3))
    timer.daemon = True
    timer.start()
    emit(event="listening", port=server.server_address[1])
    server.serve_forever(poll_interval=0.05)
