#!/usr/bin/env python3
"""N photo-like 4000x3000 JPEGs (12 MP) for the slideshow benches: smooth gradients under fine
detail (stripes, grain, edges), so a texture that is minified too far shimmers and a decode
costs what a camera's photo costs. Encoded by cjpeg (libjpeg-turbo-progs) at quality 90.
Usage: bench/slideshow-corpus.py DIR [N]   (default N = 20)"""
import os, subprocess, sys
import numpy as np

out, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20
os.makedirs(out, exist_ok=True)
w, h = 4000, 3000
y, x = np.mgrid[0:h, 0:w].astype(np.float32)
rng = np.random.default_rng(22)
for i in range(n):
    path = os.path.join(out, f"IMG_{i:02d}.jpg")
    if os.path.exists(path):
        continue
    a = 2 * np.pi * i / n
    base = np.stack([128 + 90 * np.sin(x / 900 + a), 128 + 90 * np.cos(y / 700 - a), 128 + 90 * np.sin((x + y) / 1300 + 2 * a)], -1)
    stripes = 30 * np.sin((x * np.cos(a) + y * np.sin(a)) / (2.5 + i % 4))[..., None]
    block = (((x // (150 + 10 * i)) + (y // 170)) % 2 * 40 - 20)[..., None]
    grain = rng.normal(0, 12, (h, w, 1)).astype(np.float32)
    img = np.clip(base + stripes + block + grain, 0, 255).astype(np.uint8)
    ppm = b"P6 %d %d 255\n" % (w, h) + img.tobytes()
    subprocess.run(["cjpeg", "-quality", "90", "-outfile", path], input=ppm, check=True)
