#!/usr/bin/env python3
"""A gallery that misbehaves, for bench/soak: serves ROOT/photos/NAME and ROOT/thumbs/NAME and a
manifest that changes on every request (the oldest two items go, two come back), and spoils 10 %
of photo and thumbnail responses, in turn: a connection reset, a 500, a 3 s stall before the
body, a body cut off halfway.

    soak-server.py ROOT [PORT]

Prints the manifest's URL once listening; serves until SIGTERM; then prints one line of counts.
"""
import http.server, json, os, random, signal, socket, struct, sys, threading, time

root = sys.argv[1]
port = int(sys.argv[2]) if len(sys.argv) > 2 else 0
names = sorted(n for n in os.listdir(os.path.join(root, "photos")) if n.endswith(".jpg"))
lock = threading.Lock()
state = {"manifest": 0, "served": 0, "spoiled": {"reset": 0, "500": 0, "stall": 0, "cut": 0}}
rng = random.Random(7)
faults = ["reset", "500", "stall", "cut"]


def manifest_items():
    with lock:
        state["manifest"] += 1
        shift = 2 * state["manifest"]
    window = [names[(shift + i) % len(names)] for i in range(len(names) - 10)]
    return [{"image": f"photos/{n}", "thumbnail": f"thumbs/{n}", "caption": n} for n in window]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = self.path.split("?")[0].lstrip("/")
        if path == "manifest.json":
            return self.send_body(json.dumps({"items": manifest_items()}).encode(), "application/json")
        folder, _, name = path.partition("/")
        file = os.path.join(root, folder, name)
        if folder not in ("photos", "thumbs") or name not in names or not os.path.exists(file):
            return self.send_error(404)
        with open(file, "rb") as f:
            body = f.read()
        with lock:
            state["served"] += 1
            fault = faults[sum(state["spoiled"].values()) % 4] if rng.random() < 0.10 else None
            if fault:
                state["spoiled"][fault] += 1
        if fault == "reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            return
        if fault == "500":
            return self.send_error(500)
        if fault == "stall":
            time.sleep(3)
        if fault == "cut":
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.close_connection = True
            return
        self.send_body(body, "image/jpeg")

    def send_body(self, body, kind):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=30")
        self.end_headers()
        self.wfile.write(body)


server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
server.daemon_threads = True
signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
print(f"http://127.0.0.1:{server.server_address[1]}/manifest.json", flush=True)
server.serve_forever()
print(f"served {state['served']} photos and thumbnails, spoiled {state['spoiled']}, manifest {state['manifest']} times", flush=True)
