#!/usr/bin/env python3
"""The site for bench/remote-grid: ROOT/thumbs/tNNNNN.jpg (COUNT 320x240 JPEGs, hard links to
100 distinct ones), ROOT/manifest.json (thumbnails by URL, relative) and ROOT/local.json (the
same items as local paths). Items' `image` files are never fetched by a grid fling, so they
are not made.

    remote-grid-site.py ROOT [COUNT]
"""
import json, os, random, sys, time
from PIL import Image, ImageDraw

root, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
os.makedirs(f"{root}/thumbs", exist_ok=True)
os.makedirs(f"{root}/sources", exist_ok=True)
rng = random.Random(7)
for k in range(100):
    src = f"{root}/sources/s{k:03d}.jpg"
    if os.path.exists(src):
        continue
    im = Image.new("RGB", (320, 240), (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    d = ImageDraw.Draw(im)
    for _ in range(40):
        x, y = rng.randrange(320), rng.randrange(240)
        d.ellipse((x, y, x + rng.randrange(10, 120), y + rng.randrange(10, 90)),
                  fill=(rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    im.save(src, "JPEG", quality=85)
    # A month old, as a site's photos are: Last-Modified then allows heuristic freshness.
    month_ago = time.time() - 30 * 86400
    os.utime(src, (month_ago, month_ago))
items = []
for i in range(count):
    name = f"t{i:05d}.jpg"
    dst = f"{root}/thumbs/{name}"
    if not os.path.exists(dst):
        os.link(f"{root}/sources/s{i % 100:03d}.jpg", dst)
    items.append({"image": f"photos/p{i:05d}.jpg", "thumbnail": f"thumbs/{name}", "width": 320, "height": 240})
with open(f"{root}/manifest.json", "w") as f:
    json.dump({"title": "remote grid bench", "items": items}, f)
with open(f"{root}/local.json", "w") as f:
    json.dump({"title": "remote grid bench", "items": [dict(it, thumbnail=os.path.abspath(f"{root}/{it['thumbnail']}"),
                                                            image=os.path.abspath(f"{root}/{it['image']}")) for it in items]}, f)
