#!/usr/bin/env python3
"""A local Segment-style collector that misbehaves on demand, for trackctl's HTTP sink tests.

Started by the tests (never by trackctl): binds 127.0.0.1 on a free port, prints the port on
stdout, and answers POSTs according to --mode:

  ok                      200 for everything
  fail-first N            500 for the first N requests, then 200
  retry-after N SECONDS   429 with Retry-After: SECONDS for the first N requests, then 200
  slow-first N SECONDS    the first N requests wait SECONDS before their 200
  slow SECONDS            every request waits SECONDS before its 200
  close-first N           the first N requests get the connection closed without an answer
  garbage-first N         the first N requests get a line that is not HTTP, then a close
  reject                  400 for everything (final: not retried)
  too-large BYTES         413 for a body over BYTES, else 200
  ack-then-503 N          the first N requests are processed (recorded), then answered 503

It exits when its standard input closes: the test holds the other end.

--record FILE appends, per processed request, one line: the request body. --headers FILE
appends the Authorization and X-* headers of every request, as JSON.
"""
import argparse, json, os, socket, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

parser = argparse.ArgumentParser()
parser.add_argument("--mode", default="ok")
parser.add_argument("--arg", action="append", default=[])
parser.add_argument("--record")
parser.add_argument("--headers")
options = parser.parse_args()
lock = threading.Lock()
count = {"requests": 0}


def record(path, text):
    if path:
        with lock, open(path, "a", encoding="utf-8") as f:
            f.write(text + "\n")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        # Without it, the answer's second write waits for a delayed ACK: 40 ms a request.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, *args):
        pass

    def answer(self, status, headers=()):
        body = b'{"success":true}' if status < 300 else b'{"error":"simulated"}'
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        # The head and the body in one write.
        self._headers_buffer.append(b"\r\n" + body)
        self.flush_headers()

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        with lock:
            count["requests"] += 1
            number = count["requests"]
        record(options.headers, json.dumps({k: v for k, v in self.headers.items() if k.lower() == "authorization" or k.lower().startswith("x-")}))
        mode, args = options.mode, options.arg
        first = int(args[0]) if args and args[0].isdigit() else 0
        if mode == "fail-first" and number <= first:
            return self.answer(500)
        if mode == "retry-after" and number <= first:
            return self.answer(429, [("Retry-After", args[1])])
        if mode == "slow-first" and number <= first:
            time.sleep(float(args[1]))
        if mode == "slow":
            time.sleep(float(args[0]))
        if mode == "close-first" and number <= first:
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if mode == "garbage-first" and number <= first:
            self.wfile.write(b"HELLO THIS IS NOT HTTP\r\n\r\n")
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if mode == "reject":
            return self.answer(400)
        if mode == "too-large" and length > first:
            return self.answer(413)
        record(options.record, body.decode("utf-8"))
        if mode == "ack-then-503" and number <= first:
            return self.answer(503)
        self.answer(200)


# The test that started it closes its stdin to stop it (also when the test dies).
threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
