#!/usr/bin/env python3
"""Photo-like 12 MP JPEGs for bench/grid-thumbnails: corpus.py DIR N [JOBS].

4000x3000 (or $CORPUS_SIZE, e.g. 6000x4000), quality 90, 4:2:0; a blurred low-frequency scene (gradient + ellipses/rectangles),
sharp lines at full resolution, then Gaussian luma + chroma noise like a sensor's, so they
compress like real photos (about 3-6 MB). Deterministic per index. Every 5th (i % 5 == 2) has
EXIF Orientation 6 or 8 (alternating), the rest 1; every 3rd (i % 3 == 0) embeds a 160x120 EXIF
thumbnail (IFD1). Written to a temp name and renamed, so an interrupted run leaves no half file.
"""
import io, os, sys
from multiprocessing import Pool
import numpy as np
from PIL import Image, ImageDraw, ImageFilter
import piexif

W, H = (int(v) for v in os.environ.get("CORPUS_SIZE", "4000x3000").split("x"))
PAD = 256
_noise = None

def noise():
    """Gaussian noise (sigma 8) made once per process; photos take views at random offsets."""
    global _noise
    if _noise is None:
        _noise = np.random.default_rng(12345).normal(0, 8, (H + PAD, W + PAD)).astype(np.int16)
    return _noise

def name(i):
    return f"IMG_{i:04d}.jpg"

def make(args):
    i, folder = args
    out = os.path.join(folder, name(i))
    if os.path.exists(out):
        return os.path.getsize(out)
    rng = np.random.default_rng(1000 + i)
    sw, sh = 400, 300
    y = np.linspace(0, 1, sh)[:, None, None]
    x = np.linspace(0, 1, sw)[None, :, None]
    c0, c1, c2 = (rng.uniform(0, 255, 3) for _ in range(3))
    img = Image.fromarray(np.clip(c0 * (1 - y) + c1 * y * (1 - x) + c2 * y * x, 0, 255).astype(np.uint8), "RGB")
    d = ImageDraw.Draw(img)
    for _ in range(rng.integers(8, 20)):
        x0, y0 = rng.integers(-50, sw), rng.integers(-50, sh)
        w, h = rng.integers(20, 200), rng.integers(20, 150)
        col = tuple(int(v) for v in rng.integers(0, 256, 3))
        (d.ellipse if rng.random() < .5 else d.rectangle)([x0, y0, x0 + w, y0 + h], fill=col)
    img = img.filter(ImageFilter.GaussianBlur(1.5)).resize((W, H), Image.BILINEAR)
    d = ImageDraw.Draw(img)
    for _ in range(rng.integers(5, 15)):
        col = tuple(int(v) for v in rng.integers(0, 256, 3))
        d.line([tuple(int(v) for v in rng.integers(0, (W, H))), tuple(int(v) for v in rng.integers(0, (W, H)))],
               fill=col, width=int(rng.integers(2, 30)))
    a = np.asarray(img, dtype=np.int16)
    n = noise()
    k = int(rng.integers(6, 12))          # noise level varies per photo: file sizes spread 3-6 MB
    def view():
        oy, ox = rng.integers(0, PAD, 2)
        return n[oy:oy + H, ox:ox + W]
    a += ((view() * k) >> 3)[:, :, None]
    for ch in range(3):
        a[:, :, ch] += view() >> 2
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "RGB")
    exif = {"0th": {piexif.ImageIFD.Make: b"sdlphoto-bench", piexif.ImageIFD.Model: b"synthetic",
                    piexif.ImageIFD.Orientation: 1},
            "Exif": {}, "GPS": {}, "1st": {}, "thumbnail": None}
    if i % 5 == 2:
        exif["0th"][piexif.ImageIFD.Orientation] = 6 if (i // 5) % 2 == 0 else 8
    if i % 3 == 0:
        b = io.BytesIO()
        img.resize((160, 120), Image.BILINEAR).save(b, "JPEG", quality=75)
        exif["thumbnail"] = b.getvalue()
        exif["1st"] = {piexif.ImageIFD.Compression: 6}
    tmp = out + f".tmp{os.getpid()}"
    img.save(tmp, "JPEG", quality=90, subsampling=2, exif=piexif.dump(exif))
    os.replace(tmp, out)
    return os.path.getsize(out)

if __name__ == "__main__":
    folder, n = sys.argv[1], int(sys.argv[2])
    jobs = int(sys.argv[3]) if len(sys.argv) > 3 else os.cpu_count()
    os.makedirs(folder, exist_ok=True)
    with Pool(jobs) as p:
        sizes = p.map(make, [(i, folder) for i in range(n)], chunksize=1)
    print(f"corpus: {n} photos in {folder}, {sum(sizes) / 2**20:.0f} MiB, "
          f"{min(sizes) / 2**20:.1f}-{max(sizes) / 2**20:.1f} MiB each", file=sys.stderr)
