#!/usr/bin/env python3
"""The control-burst measurement, driven by bench/control-burst (protocol in BENCHMARKS.md).

    control-burst-measure.py BINARY [--runs N] [--size WxH]

Four flat-colour photos, `--slideshow 3 --transition kenburns --stats --control`; once the
first slide is on screen, either 1,000 GET /api/status by curl (`--parallel --parallel-max 50`)
or nothing, for the same 6 s; then SIGTERM, and the frame times `--stats` prints.
"""
import argparse, json, os, signal, socket, subprocess, tempfile, time

from PIL import Image

SECONDS = 6.0


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(path, event, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if os.path.exists(path) and any(l.split(" ", 1)[-1].strip() == event for l in open(path)):
            return
        time.sleep(0.02)
    raise SystemExit(f"no {event} in {path}")


def run(binary, photos, size, burst):
    work = tempfile.mkdtemp(prefix="control-burst-")
    port = free_port()
    events = f"{work}/events.txt"
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "offscreen"), XDG_CACHE_HOME=f"{work}/cache")
    app = subprocess.Popen([binary, "--size", size, "--events", events, "--control", f"127.0.0.1:{port}", "--start", "1",
                            "--slideshow", "3", "--transition", "kenburns", "--stats", photos],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    wait_for(events, "slide 0")
    began = time.monotonic()
    taken = None
    if burst:
        with open(f"{work}/status.curl", "w") as f:
            f.write("next\n".join(f'url = "http://127.0.0.1:{port}/api/status"\noutput = "/dev/null"\nwrite-out = "%{{http_code}}\\n"\n'
                                  for _ in range(1000)))
        codes = subprocess.run(["curl", "-s", "--parallel", "--parallel-max", "50", "-K", f"{work}/status.curl"],
                               capture_output=True, text=True, check=True).stdout.split()
        taken = time.monotonic() - began
        assert codes.count("200") == 1000, codes[:10]
    time.sleep(max(0.0, SECONDS - (time.monotonic() - began)))
    app.send_signal(signal.SIGTERM)
    out, _ = app.communicate(timeout=60)
    stats = json.loads([l for l in out.splitlines() if l.startswith("{")][-1])
    return stats, taken


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--size", default="640x400")
    args = parser.parse_args()
    photos = tempfile.mkdtemp(prefix="control-burst-photos-")
    for i, colour in enumerate([(200, 40, 40), (40, 200, 40), (40, 40, 200), (200, 200, 40)]):
        Image.new("RGB", (600, 400), colour).save(f"{photos}/photo{i:03d}.png")
    print(f"Ken Burns at {args.size}, {os.environ.get('SDL_VIDEODRIVER', 'offscreen')}, {SECONDS:.0f} s from the first slide")
    for n in range(args.runs):
        for burst in (False, True):
            s, taken = run(args.binary, photos, args.size, burst)
            what = f"1,000 status requests in {taken:.1f} s" if burst else "no requests"
            print(f"run {n + 1}, {what:32} frames {s['frames']:4}  p50 {s['p50_ms']:.2f} ms  p95 {s['p95_ms']:.2f} ms  "
                  f"p99 {s['p99_ms']:.2f} ms  max {s['max_ms']:.1f} ms  dropped {s['dropped']}")


main()
