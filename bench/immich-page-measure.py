#!/usr/bin/env python3
"""bench/immich-page's measurements (protocol in BENCHMARKS.md).

    immich-page-measure.py BINARY WORK PYTHON [--runs N] [--size WxH]

WORK/24mp-baseline.jpg is the original of every asset (6000x4000, 7-8 MB); its preview (1440
pixels on the longer side, JPEG quality 80) and thumbnail (250 on the shorter side, WebP) are
made from it as Immich makes them. An album of 24 assets is served by the tests' Immich server
(run with PYTHON) through one 100 Mbit/s link; a fresh disk cache each run. Two libraries:
"preview" answers size=preview with the preview, "original" with the original (the bytes a
client that shows originals fetches for a page). sdlphoto opens the album's grid; once every
thumbnail is in, a tap opens the first cell; once its page is shown, a double click zooms in, and
the run ends when the zoomed detail is drawn. Printed: thumbnails done, tap -> page shown,
zoom -> detail, and the requests and bytes of each phase."""
import argparse, json, os, socket, statistics, subprocess, sys, tempfile, time

from PIL import Image

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = os.path.join(REPO, "Tests", "Servers", "immich_test_server.py")
SPEC = os.environ.get("SDLPHOTO_IMMICH_SPEC", os.path.join(REPO, "..", "shared", "reference", "immich-openapi-3.0.3.json"))
RATE = 100e6 / 8
COUNT = 24
ALBUM = "00000003-0000-4000-8000-000000000001"


def sizes(work):
    original = os.path.join(work, "24mp-baseline.jpg")
    preview, thumbnail = os.path.join(work, "preview.jpg"), os.path.join(work, "thumbnail.webp")
    if not os.path.exists(thumbnail):
        image = Image.open(original).convert("RGB")
        w, h = image.size
        image.resize((1440, round(1440 * h / w)), Image.LANCZOS).save(preview, quality=80)
        image.resize((round(250 * w / h), 250), Image.LANCZOS).save(thumbnail, quality=80)
    return original, preview, thumbnail


def library(path, variant, original, preview, thumbnail):
    assets = [{"id": "00000001-0000-4000-8000-%012x" % n, "name": "IMG_%04d.jpg" % n, "taken": "2024-07-%02dT10:00:00.000Z" % (n + 1),
               "albums": [ALBUM], "thumbnail": thumbnail, "preview": preview if variant == "preview" else original,
               "original": original, "width": 6000, "height": 4000} for n in range(COUNT)]
    with open(path, "w") as f:
        json.dump({"assets": assets, "albums": [{"id": ALBUM, "name": "Bench"}], "people": [], "tags": []}, f)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_once(binary, python, work, variant, size, paths):
    with tempfile.TemporaryDirectory(prefix="immich-bench-") as tmp:
        lib, log, key = os.path.join(tmp, "library.json"), os.path.join(tmp, "requests.jsonl"), os.path.join(tmp, "key")
        library(lib, variant, *paths)
        with open(key, "w") as f:
            f.write("bench-key\n")
        os.chmod(key, 0o600)
        port = free_port()
        # A file, not a pipe: a transfer the program lets go leaves a traceback there, and a pipe
        # nobody reads would fill and stall the server.
        errors = open(os.path.join(tmp, "server.err"), "w")
        server = subprocess.Popen([python, SERVER, "--port", str(port), "--spec", SPEC, "--library", lib, "--key", "bench-key", "--log", log,
                                   "--bytes-per-second", str(RATE)], stdout=subprocess.PIPE, stderr=errors, text=True)
        try:
            if server.stdout.readline().strip() != "ready":
                sys.exit("the Immich test server did not start: " + open(os.path.join(tmp, "server.err")).read())
            w, h = size.split("x")
            script, events = os.path.join(tmp, "script.txt"), os.path.join(tmp, "events.txt")
            with open(script, "w") as f:
                f.write("0 wait thumbs_done\n500 click 60 60\n600 wait image_shown 0\n1600 doubleclick %d %d\n1700 wait detail_shown 0\n2700 quit\n"
                        % (int(w) // 2, int(h) // 2))
            env = dict(os.environ, SDL_VIDEODRIVER="offscreen", XDG_CACHE_HOME=os.path.join(tmp, "cache"))
            done = subprocess.run([binary, "--size", size, "--realtime", "--immich-key-file", key, "--events", events, "--replay", script,
                                   "immich+http://127.0.0.1:%d/?album=Bench" % port], env=env, capture_output=True, text=True, timeout=600)
            if done.returncode != 0:
                sys.exit("sdlphoto failed: " + done.stderr)
        finally:
            server.terminate()
            server.wait()
        marks = {}
        with open(events) as f:
            for line in f:
                t, name, *rest = line.split()
                if name == "input" and "tap" not in marks and "thumbs" in marks:
                    marks["tap"] = float(t)
                elif name == "input" and "shown" in marks and "zoom" not in marks:
                    marks["zoom"] = float(t)
                key_name = {"first_frame": "first", "thumbs_done": "thumbs", "image_shown": "shown", "detail_shown": "detail"}.get(name)
                if key_name and key_name not in marks:
                    marks[key_name] = float(t)
        with open(log) as f:
            requests = [json.loads(line) for line in f]
        mismatches = [m for r in requests for m in r["mismatches"]]
        if mismatches:
            sys.exit("the server saw requests or answers unlike Immich's: %s" % mismatches[:3])

        def phase(start, end, kind):
            chosen = [r for r in requests if start <= r["at"] < end and kind(r)]
            return len(chosen), sum(r["bytes"] for r in chosen)

        pixels = lambda r: r["path"].endswith("/thumbnail") or r["path"].endswith("/original")
        return {
            "thumbs_ms": (marks["thumbs"] - marks["first"]) * 1000,
            "page_ms": (marks["shown"] - marks["tap"]) * 1000,
            "detail_ms": (marks["detail"] - marks["zoom"]) * 1000,
            "grid": phase(0, marks["tap"], pixels),
            "page": phase(marks["tap"], marks["shown"] + 1e-3, pixels),
            "zoom": phase(marks["zoom"], marks["detail"] + 1e-3, pixels),
            "after_page": phase(marks["shown"], marks["zoom"], pixels),
        }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("work")
    parser.add_argument("python")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    paths = sizes(args.work)
    print("original %.1f MB, preview %.0f KB, thumbnail %.1f KB; %d assets, 100 Mbit/s, %s, %d runs" % (
        os.path.getsize(paths[0]) / 1e6, os.path.getsize(paths[1]) / 1e3, os.path.getsize(paths[2]) / 1e3, COUNT, args.size, args.runs))
    print("| page from | thumbnails done | grid: requests, KB per cell | tap -> page shown | page: requests, MB | zoom -> detail | zoom: requests, MB |")
    print("|---|---|---|---|---|---|---|")
    for variant in ["preview", "original"]:
        runs = [run_once(args.binary, args.python, args.work, variant, args.size, paths) for _ in range(args.runs)]
        med = lambda key: "%.0f ms (%.0f-%.0f)" % (statistics.median(r[key] for r in runs), min(r[key] for r in runs), max(r[key] for r in runs))
        grid = runs[-1]["grid"]
        page, zoom = runs[-1]["page"], runs[-1]["zoom"]
        print("| %s | %s | %d, %.1f | %s | %d, %.2f | %s | %d, %.2f |" % (
            variant, med("thumbs_ms"), grid[0], grid[1] / 1e3 / COUNT, med("page_ms"), page[0], page[1] / 1e6, med("detail_ms"), zoom[0], zoom[1] / 1e6))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
