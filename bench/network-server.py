#!/usr/bin/env python3
"""A stand-in for a 100 Mbit/s link, for bench/network-stream: serves ROOT/manifest.json,
ROOT/files/NAME and ROOT/thumbs/NAME over loopback HTTP/1.1 (keep-alive), every body of every
connection sharing ONE bandwidth limit (a link, not a per-response cap), and logs what it sends.

    network-server.py ROOT BYTES_PER_SECOND LOG [PORT]

Prints the manifest's URL on stdout once listening; serves until SIGTERM, then writes LOG:
one line per event, time in CLOCK_MONOTONIC seconds (the clock of sdlphoto's --events):
    T start ID PATH SIZE      response headers sent for transfer ID
    T chunk ID BYTES          BYTES of its body handed to the socket
    T end ID                  its last byte handed to the socket
    T closed ID SENT          the client closed the connection after SENT body bytes
The link is a fair queue of 16 KiB slots: a connection sends a chunk when its slot comes,
then queues for the next. While it waits it watches its socket, so a client that closes the
connection is seen at once (the moment its bandwidth is released).
"""
import http.server, itertools, os, select, signal, socket, sys, threading, time

CHUNK = 16 * 1024


class Link:
    def __init__(self, rate):
        self.rate = rate
        self.lock = threading.Lock()
        self.free_at = 0.0

    def reserve(self, n):
        """The moment this connection may send n bytes."""
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + n / self.rate
            return start


class Log:
    def __init__(self):
        self.lines = []
        self.lock = threading.Lock()

    def __call__(self, *fields):
        line = f"{time.monotonic():.6f} " + " ".join(str(f) for f in fields)
        with self.lock:
            self.lines.append(line)


def peer_closed(sock):
    try:
        return sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def make_handler(root, link, log, ids):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_GET(self):
            path = self.path.split("?")[0]
            rel = os.path.normpath(path.lstrip("/"))
            allowed = (rel.endswith(".json") and "/" not in rel) or (rel.count("/") == 1 and rel.split("/")[0] in ("files", "thumbs", "progressive")) \
                or (rel.split("/")[0] == "pyramid" and ".." not in rel.split("/"))
            full = os.path.join(root, rel)
            if not allowed or not os.path.isfile(full):
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            with open(full, "rb") as f:
                body = f.read()
            tid = next(ids)
            self.send_response(200)
            self.send_header("Content-Type", "application/json" if rel.endswith(".json") else "image/jpeg")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "max-age=3600")
            self.end_headers()
            self.wfile.flush()
            log("start", tid, path, len(body))
            sock = self.connection
            sent = 0
            while sent < len(body):
                n = min(CHUNK, len(body) - sent)
                due = link.reserve(n)
                while True:
                    wait = due - time.monotonic()
                    readable = select.select([sock], [], [], max(0.0, wait))[0]
                    if readable and peer_closed(sock):
                        log("closed", tid, sent)
                        self.close_connection = True
                        return
                    if wait <= 0:
                        break
                    if readable:  # data, not a close (a pipelined request): just wait out the slot
                        time.sleep(max(0.0, due - time.monotonic()))
                        break
                try:
                    sock.sendall(body[sent:sent + n])
                except OSError:
                    log("closed", tid, sent)
                    self.close_connection = True
                    return
                sent += n
                log("chunk", tid, n)
            log("end", tid)

    return Handler


def main():
    root, rate, log_path = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    port = int(sys.argv[4]) if len(sys.argv) > 4 else 0   # the same port keeps cache keys (URLs) the same
    log = Log()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), make_handler(root, Link(rate), log, itertools.count(1)))
    server.daemon_threads = True

    def finish(*_):
        with open(log_path, "w") as f:
            f.write("\n".join(log.lines) + "\n")
        os._exit(0)

    signal.signal(signal.SIGTERM, finish)
    signal.signal(signal.SIGINT, finish)
    print(f"http://127.0.0.1:{server.server_address[1]}/manifest.json", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
