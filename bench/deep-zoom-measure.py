#!/usr/bin/env python3
"""bench/deep-zoom's measurements (protocol in BENCHMARKS.md).

    deep-zoom-measure.py BINARY WORK [--size WxH] [--runs N]

WORK/pyramid is a static IIIF pyramid (vips dzsave --layout iiif). The site served is WORK/site:
the pyramid under /pyramid/, its info.json's id rewritten to this run's port. sdlphoto opens a
manifest whose one item is the info.json; at 1.5 s a tap opens it, and at 4, 8, 12, 16 and 20 s
two "+" keys zoom 2.25 times about the centre. Printed: tap -> tiles_sharp, each step's key -> tiles_sharp, tiles fetched per step against the tiles of
the needed level over the view, and the frame times (--stats)."""
import argparse, importlib.util, json, math, os, shutil, statistics, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("network_measure", os.path.join(here, "network-measure.py"))
net = importlib.util.module_from_spec(spec)
spec.loader.exec_module(net)

STEPS = [4000, 8000, 12000, 16000, 20000]


def site(work):
    root = os.path.join(work, "site")
    os.makedirs(root, exist_ok=True)
    link = os.path.join(root, "pyramid")
    if not os.path.islink(link):
        os.symlink(os.path.join(work, "pyramid"), link)
    info = os.path.join(work, "pyramid", "info.json")
    with open(info) as f:
        doc = json.load(f)
    key = "@id" if "@id" in doc else "id"
    doc[key] = f"http://127.0.0.1:{net.PORT}/pyramid"
    with open(info, "w") as f:
        json.dump(doc, f)
    # The image as the first cell of a grid, tapped to open it (one item alone would open on its
    # page; the second cell is the same pyramid under another address, never opened).
    item = {"image": "pyramid/info.json", "width": doc["width"], "height": doc["height"]}
    with open(os.path.join(root, "manifest.json"), "w") as f:
        json.dump({"items": [item, dict(item, image="pyramid/info.json?second")]}, f)
    return root, doc


def needed_tiles(doc, size, scale, ring=0):
    """Tiles of the level the screen needs over the view (the minimum a viewer must fetch), and
    `ring` tiles more on each side (what sdlphoto fetches ahead of a pan)."""
    W, H = doc["width"], doc["height"]
    w, h = map(int, size.split("x"))
    tile = doc["tiles"][0]["width"]
    factors = sorted(doc["tiles"][0]["scaleFactors"])
    factor = max([f for f in factors if 1 / f >= scale * (1 - 1e-9)] or [1])
    view = (max(0, W / 2 - w / 2 / scale), max(0, H / 2 - h / 2 / scale), min(W, W / 2 + w / 2 / scale), min(H, H / 2 + h / 2 / scale))
    step = tile * factor
    last = (math.ceil(W / factor / tile), math.ceil(H / factor / tile))
    first_column, first_row = max(0, math.floor(view[0] / step) - ring), max(0, math.floor(view[1] / step) - ring)
    columns = min(last[0], math.ceil(view[2] / step) + ring) - first_column
    rows = min(last[1], math.ceil(view[3] / step) + ring) - first_row
    return factor, columns * rows


def main():
    p = argparse.ArgumentParser()
    p.add_argument("binary"); p.add_argument("work")
    p.add_argument("--size", default="1280x800")
    p.add_argument("--runs", type=int, default=3)
    a = p.parse_args()
    root, doc = site(a.work)
    # Each run has a fresh disk cache; Mesa's shader cache is kept apart and warm after the first
    # run, as on a kiosk (llvmpipe compiles a variant of a shader for each new kind of texture).
    os.environ["MESA_SHADER_CACHE_DIR"] = os.path.join(a.work, "mesa-cache")
    W, H = doc["width"], doc["height"]
    w, h = map(int, a.size.split("x"))
    fit = min(w / W, h / H)
    print(f"pyramid: {W}x{H} ({W * H / 1e9:.2f} GP), tiles {doc['tiles'][0]['width']} px, factors {sorted(doc['tiles'][0]['scaleFactors'])}; "
          f"link {net.RATE * 8 / 1e6:.0f} Mbit/s; window {a.size}, fit {fit:.4f}")
    x, y = net.cell(0, a.size)
    lines = [f"1500 click {x:.0f} {y:.0f}"] + [f"{t} key +\n{t + 50} key +" for t in STEPS] + [f"{STEPS[-1] + 4000} quit"]
    opens, steps, stats_all = [], [[] for _ in STEPS], []
    fetched, minimum = [[] for _ in STEPS], [None for _ in STEPS]
    for run in range(a.runs):
        cache = tempfile.mkdtemp(prefix="deepzoom-cache-")
        events, log, stats = net.run(a.binary, root, "manifest.json", "\n".join(lines) + "\n", a.size, cache)
        shutil.rmtree(cache)
        stats_all.append(stats)
        first = next(t for t, ev, args in events if ev == "input" and args[0] == "press")
        sharp = [t for t, ev, _ in events if ev == "tiles_sharp"]
        keys = [t for t, ev, args in events if ev == "input" and args[:2] == ["key", "+"]][::2]
        starts = sorted((t, args[1]) for t, ev, args in log if ev == "start" and args[1].startswith("/pyramid/") and args[1].endswith(".jpg"))
        opens.append(next((s - first for s in sharp if s > first and (not keys or s < keys[0])), float("nan")))
        for i, k in enumerate(keys):
            end = keys[i + 1] if i + 1 < len(keys) else float("inf")
            steps[i].append(next((s - k for s in sharp if k < s < end), float("nan")))
            fetched[i].append(sum(1 for t, _ in starts if k <= t < end))
            scale = min(2.0, fit * 2.25 ** (i + 1))
            minimum[i] = (*needed_tiles(doc, a.size, scale), needed_tiles(doc, a.size, scale, ring=1)[1])
        print(f"run {run + 1}: tap -> sharp {net.ms(opens[-1])}; steps -> sharp "
              + ", ".join(net.ms(s[-1]) for s in steps) + f"; tiles fetched {[f[-1] for f in fetched]}; "
              f"frames {stats['frames']}, p50 {stats['p50_ms']:.1f}, p95 {stats['p95_ms']:.1f}, p99 {stats['p99_ms']:.1f}, "
              f"dropped {stats['dropped']}, textures {stats['texture_mib']:.0f} MiB, peak RSS {stats['peak_rss_mib']:.0f} MiB")
    med = lambda v: statistics.median([x for x in v if x == x]) if any(x == x for x in v) else float("nan")
    print(f"\ntap on the grid cell -> every visible tile of its level on screen: median {net.ms(med(opens))}")
    for i in range(len(STEPS)):
        factor, need, with_ring = minimum[i]
        scale = min(2.0, fit * 2.25 ** (i + 1))
        print(f"step {i + 1} (scale {scale:.3f}, level 1/{factor}): key -> sharp median {net.ms(med(steps[i]))}; "
              f"tiles fetched {fetched[i]} (median {statistics.median(fetched[i])}) against {need} over the view, {with_ring} with a ring of one")


if __name__ == "__main__":
    main()
