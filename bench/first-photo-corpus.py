#!/usr/bin/env python3
"""Photos with no embedded thumbnail for bench/first-photo: first-photo-corpus.py DIR.

The files most photos that did not come straight off a phone are (an export, a scan, a
download), none with an EXIF thumbnail:
  24mp-baseline.jpg     6000x4000 baseline JPEG, quality 91, 4:2:0, high detail (7-8 MB)
  24mp-progressive.jpg  the same pixels as a progressive JPEG (cjpeg's default scan script)
  12mp.png              4000x3000 RGB PNG, not interlaced (an export from an editor)
High detail: a sharp scene (shapes and lines drawn at full resolution, fine texture) under
sensor-like noise, so the JPEG is as large as a camera's at high quality. Deterministic;
written to a temp name and renamed, so an interrupted run leaves no half file.
"""
import os, subprocess, sys
import numpy as np
from PIL import Image, ImageDraw


def scene(w, h, seed):
    rng = np.random.default_rng(seed)
    y = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    x = np.linspace(0, 1, w, dtype=np.float32)[None, :, None]
    c0, c1, c2 = (rng.uniform(0, 255, 3).astype(np.float32) for _ in range(3))
    img = Image.fromarray(np.clip(c0 * (1 - y) + c1 * y * (1 - x) + c2 * y * x, 0, 255).astype(np.uint8), "RGB")
    d = ImageDraw.Draw(img)
    for _ in range(400):
        x0, y0 = int(rng.integers(-200, w)), int(rng.integers(-200, h))
        sw, sh = int(rng.integers(20, 900)), int(rng.integers(20, 700))
        col = tuple(int(v) for v in rng.integers(0, 256, 3))
        (d.ellipse if rng.random() < .5 else d.rectangle)([x0, y0, x0 + sw, y0 + sh], fill=col)
    for _ in range(300):
        col = tuple(int(v) for v in rng.integers(0, 256, 3))
        d.line([(int(rng.integers(0, w)), int(rng.integers(0, h))), (int(rng.integers(0, w)), int(rng.integers(0, h)))],
               fill=col, width=int(rng.integers(1, 12)))
    a = np.asarray(img, dtype=np.int16)
    # Fine texture (foliage, fabric): a 2-pixel checker of varying strength, then sensor noise.
    yy, xx = np.mgrid[0:h, 0:w]
    a += (((yy // 2 + xx // 2) % 2) * 6 - 3).astype(np.int16)[:, :, None] * ((xx * 7 + yy * 3) % 5 > 1)[:, :, None]
    a += rng.normal(0, 3, (h, w)).astype(np.int16)[:, :, None]
    for ch in range(3):
        a[:, :, ch] += rng.normal(0, 1.5, (h, w)).astype(np.int16)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "RGB")


def write(path, save):
    if os.path.exists(path):
        return
    tmp = path + f".tmp{os.getpid()}"
    save(tmp)
    os.replace(tmp, path)


if __name__ == "__main__":
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    big = None
    def big_scene():
        global big
        if big is None:
            big = scene(6000, 4000, 2041)
        return big
    write(os.path.join(folder, "24mp-baseline.jpg"), lambda t: big_scene().save(t, "JPEG", quality=91, subsampling=2))
    def progressive(t):
        # cjpeg's scan script is what cameras' and editors' progressive JPEGs use; PIL's too,
        # but through cjpeg the two files share exactly the same quantisation and pixels.
        subprocess.run(["jpegtran", "-progressive", "-copy", "none", "-outfile", t,
                        os.path.join(folder, "24mp-baseline.jpg")], check=True)
    write(os.path.join(folder, "24mp-progressive.jpg"), progressive)
    write(os.path.join(folder, "12mp.png"), lambda t: scene(4000, 3000, 2042).save(t, "PNG", compress_level=6))
    for f in sorted(os.listdir(folder)):
        print(f, os.path.getsize(os.path.join(folder, f)))
