#!/usr/bin/env python3
"""The remote-grid measurements, driven by bench/remote-grid (protocol in BENCHMARKS.md).

    remote-grid-measure.py BINARY SITE SCRATCH [--runs N]

Serves SITE with nginx on loopback (ETag and Last-Modified, no Cache-Control), flings the grid
of its 10,000-item manifest (--replay --realtime --stats --events), then flings the same items
as local files (SITE/local.json), and prints, side by side: dropped frames, peak RSS, and the
requests the server logged per grid cell shown.
"""
import argparse, json, os, shutil, signal, socket, subprocess, sys, tempfile, time

NGINX_CONF = """daemon off;
master_process off;
worker_processes 1;
error_log {work}/error.log;
pid {work}/nginx.pid;
events {{ worker_connections 256; }}
http {{
  log_format req '$msec $status $request_uri';
  access_log {work}/access.log req;
  client_body_temp_path {work}; proxy_temp_path {work}; fastcgi_temp_path {work};
  uwsgi_temp_path {work}; scgi_temp_path {work};
  types {{ image/jpeg jpg; application/json json; }}
  server {{ listen 127.0.0.1:{port}; root {root}; }}
}}
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


PORT = free_port()   # one for every run: the second run finds the first one's URLs in its cache


def fling_script(count=15, every=1150, start=1500, back=0):
    """`count` flings (400 pt in 96 ms) every `every` ms from `start`, at x 640: upward (the
    grid moves on), the last `back` of them downward (back over cells already shown)."""
    lines, t = [], start
    for n in range(count):
        y0, step = (250, 80) if n >= count - back else (650, -80)
        lines.append(f"{t} touch down 1 640 {y0}")
        lines += [f"{t + 16 * k} touch move 1 640 {y0 + step * k}" for k in range(1, 6)]
        lines.append(f"{t + 96} touch up 1 640 {y0 + step * 5}")
        t += every
    lines.append(f"{t + 1000} quit")
    return "\n".join(lines) + "\n"


def columns(width=1280):
    return max(3, round(width / 160))


def run(binary, source, script, cache, extra=()):
    work = tempfile.mkdtemp(prefix="remote-grid-run-")
    with open(f"{work}/script", "w") as f:
        f.write(script)
    env = dict(os.environ, XDG_CACHE_HOME=cache, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "offscreen"))
    app = subprocess.run([binary, "--size", "1280x800", "--replay", f"{work}/script", "--realtime", "--stats",
                          "--events", f"{work}/events", *extra, source], env=env, capture_output=True, text=True, timeout=300)
    stats = next((json.loads(l) for l in app.stdout.splitlines() if l.startswith("{")), None)
    if app.returncode != 0 or stats is None:
        sys.exit(f"sdlphoto failed ({app.returncode}): {app.stderr[-2000:]}")
    cells = set()
    for line in open(f"{work}/events"):
        parts = line.split()
        if parts[1] == "grid_cells":
            cells.update(range(int(parts[2]), int(parts[3])))
    shutil.rmtree(work)
    return stats, cells


def served(binary, site, script, cache, extra=()):
    """One run against nginx: stats, cells shown, and the access log as (status, path) lines."""
    work = tempfile.mkdtemp(prefix="remote-grid-nginx-")
    port = PORT
    with open(f"{work}/nginx.conf", "w") as f:
        f.write(NGINX_CONF.format(work=work, port=port, root=os.path.abspath(site)))
    nginx = subprocess.Popen(["nginx", "-c", f"{work}/nginx.conf", "-p", work, "-e", f"{work}/error.log"], stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    try:
        stats, cells = run(binary, f"http://127.0.0.1:{port}/manifest.json", script, cache, extra)
    finally:
        nginx.send_signal(signal.SIGQUIT)
        nginx.wait()
    log = [(int(l.split()[1]), l.split()[2]) for l in open(f"{work}/access.log") if l.strip()]
    shutil.rmtree(work)
    return stats, cells, log


def frames(s):
    return (f"dropped {s['dropped']} / {s['frames']} frames, p95 {s['p95_ms']:.1f} ms, p99 {s['p99_ms']:.1f} ms, "
            f"peak RSS {s['peak_rss_mib']:.0f} MiB, textures {s['texture_mib']:.0f} MiB")


def requests(log, cells, count):
    thumbs = [(st, p) for st, p in log if p.startswith("/thumbs/")]
    urls = {p for _, p in thumbs}
    asked = {int(p[len("/thumbs/t"):-len(".jpg")]) for p in urls}
    statuses = {}
    for st, _ in log:
        statuses[st] = statuses.get(st, 0) + 1
    manifest = sum(1 for _, p in log if p.endswith(".json"))
    never = len(asked - cells)
    per = len(thumbs) / len(cells) if cells else float("nan")
    return (f"{len(log)} requests ({', '.join(f'{n} x {st}' for st, n in sorted(statuses.items()))}): manifest {manifest}, "
            f"thumbnails {len(thumbs)} for {len(urls)} URLs; cells shown {len(cells)} of {count}; "
            f"thumbnail requests per cell shown {per:.2f}; for cells never on screen {never}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("binary"); p.add_argument("site"); p.add_argument("scratch")
    p.add_argument("--runs", type=int, default=1)
    p.add_argument("--back", type=int, default=0, help="how many of the 15 flings go back down")
    a = p.parse_args()
    count = len(json.load(open(f"{a.site}/manifest.json"))["items"])
    script = fling_script(back=a.back)
    print(f"{count} items, 320x240 JPEG thumbnails; 1280x800 ({columns()} columns); 15 flings in 18 s, the last {a.back} back down")
    for n in range(a.runs):
        cache = tempfile.mkdtemp(dir=a.scratch, prefix="cache-")
        stats, cells, log = served(a.binary, a.site, script, cache)
        print(f"run {n + 1}, remote (nginx), fresh cache: {frames(stats)}")
        print(f"  {requests(log, cells, count)}")
        stats, cells, log = served(a.binary, a.site, script, cache)
        print(f"run {n + 1}, remote again, warm disk cache: {frames(stats)}")
        print(f"  {requests(log, cells, count)}")
        shutil.rmtree(cache)
        cache = tempfile.mkdtemp(dir=a.scratch, prefix="cache-")
        stats, cells = run(a.binary, os.path.abspath(f"{a.site}/local.json"), script, cache)
        shutil.rmtree(cache)
        print(f"run {n + 1}, the same items as local files: {frames(stats)}; cells shown {len(cells)}")


if __name__ == "__main__":
    main()
