#!/usr/bin/env python3
"""The network measurements, driven by bench/network-stream (read the protocol there).

    network-measure.py BINARY CORPUS SCRATCH [--size WxH] [--frames-size WxH ...]

Runs sdlphoto against bench/network-server.py (one shared bandwidth limit, 100 Mbit/s) with
--replay --realtime --events --stats, lines up the app's milestones with the server's log (both
CLOCK_MONOTONIC) and prints the figures.
"""
import argparse, json, os, shutil, signal, socket, statistics, subprocess, sys, tempfile, time
from PIL import Image, ImageOps

RATE = 12_500_000          # bytes/s: 100 Mbit/s


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


PORT = free_port()   # one for every run: a second run finds the first one's URLs in its cache


def prepare(corpus, root, count=200):
    """ROOT/files (links to the corpus), ROOT/thumbs (320 px placeholders), three manifests:
    manifest.json (thumbnails), bare.json (no thumbnails: the grid streams the full files),
    local.json (the same files as local paths: the same app without the network)."""
    names = sorted(n for n in os.listdir(corpus) if n.endswith(".jpg"))[:count]
    os.makedirs(f"{root}/files", exist_ok=True)
    os.makedirs(f"{root}/thumbs", exist_ok=True)
    items = []
    for n in names:
        dst = f"{root}/files/{n}"
        if not os.path.exists(dst):
            os.symlink(os.path.join(os.path.abspath(corpus), n), dst)
        thumb = f"{root}/thumbs/{n}"
        with Image.open(dst) as im:
            w, h = im.size
            if im.getexif().get(0x0112, 1) in (5, 6, 7, 8):
                w, h = h, w
            if not os.path.exists(thumb):
                im.draft("RGB", (320, 320))
                small = ImageOps.exif_transpose(im.convert("RGB"))
                small.thumbnail((320, 320))
                small.save(thumb + ".tmp", "JPEG", quality=80)
                os.replace(thumb + ".tmp", thumb)
        items.append({"image": f"files/{n}", "thumbnail": f"thumbs/{n}", "caption": n, "width": w, "height": h})
    for name, strip in (("manifest.json", False), ("bare.json", True), ("local.json", False)):
        listed = [{k: v for k, v in it.items() if not (strip and k == "thumbnail")} for it in items]
        with open(f"{root}/{name}", "w") as f:
            json.dump({"title": "network bench", "items": listed}, f)
    return names


def prepare_progressive(root, names, cells):
    """ROOT/progressive: the tapped photos made progressive by jpegtran (lossless: the same
    pixels, libjpeg-turbo's default scan script), the others linked as they are, and
    progressive.json listing them with the same placeholders."""
    os.makedirs(f"{root}/progressive", exist_ok=True)
    for i, n in enumerate(names):
        dst = f"{root}/progressive/{n}"
        if os.path.exists(dst):
            continue
        if i in cells:
            subprocess.run(["jpegtran", "-progressive", "-copy", "all", "-outfile", dst + ".tmp", f"{root}/files/{n}"], check=True)
            os.replace(dst + ".tmp", dst)
        else:
            os.symlink(os.path.realpath(f"{root}/files/{n}"), dst)
    with open(f"{root}/manifest.json") as f:
        manifest = json.load(f)
    for it in manifest["items"]:
        it["image"] = it["image"].replace("files/", "progressive/")
    with open(f"{root}/progressive.json", "w") as f:
        json.dump(manifest, f)


def cell(i, size):
    """Centre of grid cell i (GridLayout: about 160 pt cells, 2 pt gaps, at least 3 columns)."""
    width = int(size.split("x")[0])
    columns = max(3, round(width / 160))
    side = (width - 2 * (columns - 1)) / columns
    return (i % columns) * (side + 2) + side / 2, (i // columns) * (side + 2) + side / 2


def read(path):
    out = []
    if os.path.exists(path):
        for line in open(path):
            parts = line.split()
            if parts:
                out.append((float(parts[0]), parts[1], parts[2:]))
    return out


def run(binary, root, manifest, script, size, cache, served=True, extra=()):
    """One sdlphoto run: returns (events, server log, stats)."""
    work = tempfile.mkdtemp(prefix="netbench-run-")
    server_log = f"{work}/server.log"
    server = None
    if served:
        server = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(__file__), "network-server.py"),
                                   root, str(RATE), server_log, str(PORT)], stdout=subprocess.PIPE, text=True)
        source = server.stdout.readline().strip().replace("manifest.json", manifest)
    else:
        source = f"{root}/{manifest}"
    with open(f"{work}/script", "w") as f:
        f.write(script)
    env = dict(os.environ, XDG_CACHE_HOME=cache, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "offscreen"))
    app = subprocess.run([binary, "--size", size, "--replay", f"{work}/script", "--realtime", "--stats",
                          "--events", f"{work}/events", *extra, source],
                         env=env, capture_output=True, text=True, timeout=600)
    if server:
        server.send_signal(signal.SIGTERM)
        server.wait()
    stats = next((json.loads(l) for l in app.stdout.splitlines() if l.startswith("{")), None)
    if app.returncode != 0 or stats is None:
        sys.exit(f"sdlphoto failed ({app.returncode}): {app.stderr[-2000:]}")
    events, log = read(f"{work}/events"), read(server_log)
    shutil.rmtree(work)
    return events, log, stats


def transfers(log):
    """Transfer id → {path, size, start, end, closed, chunks: [(t, bytes)]}."""
    out = {}
    for t, ev, a in log:
        if ev == "start":
            out[a[0]] = {"path": a[1], "size": int(a[2]), "start": t, "end": None, "closed": None, "chunks": []}
        elif ev == "chunk":
            out[a[0]]["chunks"].append((t, int(a[1])))
        elif ev == "end":
            out[a[0]]["end"] = t
        elif ev == "closed":
            out[a[0]]["closed"] = t
    return out


def ms(x):
    return f"{x * 1000:.1f} ms"


def summary(values):
    v = sorted(values)
    return f"median {ms(statistics.median(v))}, min {ms(v[0])}, max {ms(v[-1])} (n={len(v)})"


def taps(binary, root, names, size, cells, scratch, local=False, manifest="manifest.json", folder="files"):
    """(a) press → fan_shown, (b) last byte → image_shown: one tap per cell, back with Escape."""
    lines, t = [], 2500
    for c in cells:
        x, y = cell(c, size)
        lines += [f"{t} click {x:.0f} {y:.0f}", f"{t + 3000} key Escape"]
        t += 4200
    lines.append(f"{t} quit")
    cache = tempfile.mkdtemp(dir=scratch, prefix="cache-")
    events, log, stats = run(binary, root, "local.json" if local else manifest, "\n".join(lines) + "\n",
                             size, cache, served=not local)
    shutil.rmtree(cache)
    presses = [t for t, ev, a in events if ev == "input" and a[0] == "press"]
    fan = {int(a[0]): t for t, ev, a in events if ev == "fan_shown"}
    shown = {int(a[0]): t for t, ev, a in events if ev == "image_shown"}
    # A photo's first scan_shown is its first picture; later ones are sharper pictures.
    scan = {}
    for t, ev, a in events:
        if ev == "scan_shown":
            scan.setdefault(int(a[0]), t)
    by_path = {v["path"]: v for v in transfers(log).values()}
    rows = []
    for c, press in zip(cells, presses):
        tr = by_path.get(f"/{folder}/{names[c]}")
        sent = lambda t: sum(b for ct, b in tr["chunks"] if ct <= t) if tr and t else None
        rows.append({"cell": c, "press": press, "fan": fan.get(c), "shown": shown.get(c), "scan": scan.get(c),
                     "request": tr["start"] if tr else None, "last_byte": tr["end"] if tr else None,
                     "size": tr["size"] if tr else None, "sent_at_scan": sent(scan.get(c))})
    return rows, stats


def decode_reference(root, names, cells, scale):
    """libjpeg-turbo alone (djpeg at `scale`), one core, best of 3 per photo."""
    times = []
    for c in cells:
        best = 1e9
        for _ in range(3):
            t0 = time.monotonic()
            subprocess.run(["djpeg", "-scale", scale, "-dct", "int", "-outfile", "/dev/null", f"{root}/files/{names[c]}"], check=True)
            best = min(best, time.monotonic() - t0)
        times.append(best)
    return times


def concurrency(log, t0, t1):
    """Share of [t0, t1] with N transfers mid-body, for each N."""
    spans = []
    for tr in transfers(log).values():
        stop = tr["end"] or tr["closed"]
        if stop and tr["size"] > 100_000:   # photos, not placeholders
            spans.append((tr["start"], stop))
    edges = sorted({t0, t1, *[max(t0, min(t1, s)) for sp in spans for s in sp]})
    share = {}
    for a, b in zip(edges, edges[1:]):
        n = sum(1 for s, e in spans if s <= a and e >= b)
        share[n] = share.get(n, 0) + (b - a)
    total = t1 - t0
    return {n: d / total for n, d in sorted(share.items())}


def frames(binary, root, size, scratch):
    """(c) frame times while the grid streams 6 full photos at a time as its thumbnails (bare.json:
    no placeholders), with a slow scroll; then the same replay again on the now warm disk cache."""
    lines = [f"{t} wheel 0 {-1 if (t // 2000) % 2 else 1} 320 200" for t in range(1000, 12000, 500)]
    lines.append("12000 quit")
    cache = tempfile.mkdtemp(dir=scratch, prefix="cache-")
    out = []
    for label in ("cold: 6 transfers + decodes", "warm disk cache: decodes only"):
        events, log, stats = run(binary, root, "bare.json", "\n".join(lines) + "\n", size, cache)
        first = next(t for t, ev, _ in events if ev == "first_frame")
        out.append((label, stats, concurrency(log, first + 1.0, first + 12.0) if log else {}))
    shutil.rmtree(cache)
    return out


def cancel(binary, root, names, size, scratch, cells):
    """(d) open a photo, 600 ms later (its present transition over, keys wait for it) jump to the last one (End): its transfer and its
    neighbours' are cancelled. Fresh process and cache per cell."""
    rows = []
    for c in cells:
        x, y = cell(c, size)
        script = f"1500 click {x:.0f} {y:.0f}\n2100 key End\n4500 quit\n"
        cache = tempfile.mkdtemp(dir=scratch, prefix="cache-")
        events, log, _ = run(binary, root, "manifest.json", script, size, cache)
        shutil.rmtree(cache)
        key = next(t for t, ev, a in events if ev == "input" and a[:2] == ["key", "End"])
        trs = transfers(log).values()
        gone = [tr for tr in trs if tr["closed"] and tr["path"].startswith("/files/")]
        after = [tr for tr in trs if tr["start"] > key and tr["path"].startswith("/files/")]
        wasted = sum(b for tr in gone for t, b in tr["chunks"] if t > key)
        target = next((tr for tr in after if tr["path"] == f"/files/{names[-1]}"), None)
        # The link's use in the 200 ms after the key: bytes of every photo transfer / capacity.
        used = sum(b for tr in trs for t, b in tr["chunks"] if key < t <= key + 0.2)
        rows.append({"cell": c, "closed": [tr["closed"] - key for tr in gone], "wasted": wasted,
                     "next_start": target["start"] - key if target else None,
                     "next_first_byte": target["chunks"][0][0] - key if target and target["chunks"] else None,
                     "link_use_200ms": used / (RATE * 0.2)})
    return rows


def main():
    p = argparse.ArgumentParser()
    p.add_argument("binary"); p.add_argument("corpus"); p.add_argument("scratch")
    p.add_argument("--size", default="1280x800")
    p.add_argument("--frames-size", action="append")
    p.add_argument("--only", choices=["taps", "frames", "cancel", "progressive"], action="append")
    a = p.parse_args()
    only = set(a.only or ["taps", "frames", "cancel", "progressive"])
    root = os.path.join(a.scratch, "site")
    names = prepare(a.corpus, root)
    sizes = [os.path.getsize(f"{root}/files/{n}") for n in names]
    print(f"corpus: {len(names)} photos, {min(sizes) / 1e6:.1f}-{max(sizes) / 1e6:.1f} MB, link {RATE * 8 / 1e6:.0f} Mbit/s shared")
    cells = [2, 8, 14, 20, 26, 32, 38, 5, 11, 17]   # no two within prefetch reach (±2) of each other

    if "taps" in only:
        print(f"\n(a, b) tap on a grid cell, {a.size}, cold cache, one tap per cell {cells}")
        rows, stats = taps(a.binary, root, names, a.size, cells, a.scratch)
        local, local_stats = taps(a.binary, root, names, a.size, cells, a.scratch, local=True)
        print(f"  frame time in that run: p50 {stats['p50_ms']:.1f} ms, p95 {stats['p95_ms']:.1f} ms")
        for r in rows:
            f = lambda k: ms(r[k] - r["press"]) if r[k] else "-"
            print(f"  cell {r['cell']:3d}: press→request {f('request')}, press→fan {f('fan')}, press→last byte {f('last_byte')}, "
                  f"last byte→image_shown {ms(r['shown'] - r['last_byte']) if r['shown'] and r['last_byte'] else '-'}")
        with_fan = [r["fan"] - r["press"] for r in rows if r["fan"]]
        print(f"  press → fan_shown: {summary(with_fan) if with_fan else 'never'}; {len(rows) - len(with_fan)} taps showed no fan")
        tail = [r["shown"] - r["last_byte"] for r in rows if r["shown"] and r["last_byte"]]
        print(f"  last byte → image_shown: {summary(tail)}")
        req = [r["request"] - r["press"] for r in rows if r["request"]]
        print(f"  press → request at the server: {summary(req)}")
        loc = [r["shown"] - r["press"] for r in local if r["shown"]]
        print(f"  same taps on local files (no network), press → image_shown: {summary(loc)}; frame p50 {local_stats['p50_ms']:.1f} ms")
        for scale in ("1/1", "1/2"):
            print(f"  djpeg -scale {scale} alone, same photos: {summary(decode_reference(root, names, cells, scale))}")

    if "progressive" in only:
        print(f"\n(e) the same photos baseline and progressive (jpegtran), {a.size}, cold cache, one tap per cell {cells}")
        prepare_progressive(root, names, cells)
        base, _ = taps(a.binary, root, names, a.size, cells, a.scratch)
        prog, stats = taps(a.binary, root, names, a.size, cells, a.scratch, manifest="progressive.json", folder="progressive")
        print(f"  frame time in the progressive run: p50 {stats['p50_ms']:.1f} ms, p95 {stats['p95_ms']:.1f}, dropped {stats['dropped']}")
        for b, r in zip(base, prog):
            scan = f"{ms(r['scan'] - r['press'])} ({r['sent_at_scan'] / r['size'] * 100:.0f} % of {r['size'] / 1e6:.1f} MB sent)" if r["scan"] else "none"
            print(f"  cell {r['cell']:3d}: baseline press→image_shown {ms(b['shown'] - b['press']) if b['shown'] else '-'}; "
                  f"progressive press→scan_shown {scan}, press→image_shown {ms(r['shown'] - r['press']) if r['shown'] else '-'}")
        print(f"  baseline, press → image_shown: {summary([b['shown'] - b['press'] for b in base if b['shown']])}")
        firsts = [min(t for t in (r["scan"], r["shown"]) if t) - r["press"] for r in prog if r["scan"] or r["shown"]]
        print(f"  progressive, press → first picture of the photo (scan_shown): {summary(firsts)}; {sum(1 for r in prog if not r['scan'])} taps showed no scan")
        print(f"  progressive, press → image_shown: {summary([r['shown'] - r['press'] for r in prog if r['shown']])}")

    if "frames" in only:
        for size in a.frames_size or ["640x400", a.size]:
            print(f"\n(c) frame times, grid streaming full photos as thumbnails (bare manifest), {size}, 11 s of slow wheel scrolling")
            for label, s, conc in frames(a.binary, root, size, a.scratch):
                share = ", ".join(f"{n}: {v * 100:.0f}%" for n, v in conc.items()) or "no transfers"
                print(f"  {label}: frames {s['frames']}, p50 {s['p50_ms']:.1f} ms, p95 {s['p95_ms']:.1f}, p99 {s['p99_ms']:.1f}, "
                      f"max {s['max_ms']:.1f}, dropped {s['dropped']}; transfers at once (share of time) {share}")

    if "cancel" in only:
        print(f"\n(d) cancel: tap a cell, End 600 ms later (page {len(names)}), {a.size}, fresh cache per run")
        rows = cancel(a.binary, root, names, a.size, a.scratch, [2, 14, 26, 38, 11])
        for r in rows:
            closed = ", ".join(ms(c) for c in sorted(r["closed"])) or "none"
            print(f"  cell {r['cell']:3d}: key→connection closed at the server: {closed}; bytes sent after the key on them: "
                  f"{r['wasted'] / 1e3:.0f} kB; key→request for the last photo {ms(r['next_start']) if r['next_start'] else '-'}, "
                  f"its first byte {ms(r['next_first_byte']) if r['next_first_byte'] else '-'}; link use in the 200 ms after the key {r['link_use_200ms'] * 100:.0f}%")
        closes = [c for r in rows for c in r["closed"]]
        if closes:
            print(f"  key → close of a cancelled transfer: {summary(closes)}")


if __name__ == "__main__":
    main()
