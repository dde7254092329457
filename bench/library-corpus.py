#!/usr/bin/env python3
"""A phone-style library for bench/library: library-corpus.py DIR FILES FOLDERS [WxH].

FOLDERS dated folders (2019-03-01, one a day) of FILES/FOLDERS photos each, named as a phone
names them (IMG_20190301_081500.jpg, a few seconds apart). Every file is its own copy of one small
real JPEG (160x120, about 2 KB): its own inode, so a stat per file costs what it costs in a real
library, while the disk holds 4 KB a file. The modification time is the photo's time give or take
two days (deterministic), so mtime order is not name order. Written under a temp name and renamed
into place at the end: an interrupted run leaves no half library.

With WxH (bench/library-screen: 1600x1200), the photo is that size instead, a phone-like JPEG
(gradient, shapes and noise, quality 85, about 190 KB) with its EXIF DateTimeOriginal, so a
viewer's first screen decodes what a phone's photos cost.
"""
import io, os, random, shutil, sys, time
from PIL import Image, ImageDraw

root, files, folders = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
width, height = map(int, sys.argv[4].split("x")) if len(sys.argv) > 4 else (160, 120)
if os.path.isdir(root):
    sys.exit(0)
img = Image.new("RGB", (width, height), (90, 140, 200))
draw = ImageDraw.Draw(img)
if width > 160:
    for y in range(0, height, 4):
        draw.rectangle((0, y, width, y + 3), fill=(60 + 80 * y // height, 120, 220 - 100 * y // height))
    noise = Image.effect_noise((width, height), 24).convert("RGB")
    img = Image.blend(img, noise, 0.15)
    draw = ImageDraw.Draw(img)
draw.ellipse((width // 4, height // 6, width * 3 // 4, height * 5 // 6), fill=(230, 200, 60))
buf = io.BytesIO()
exif = Image.Exif()
exif[0x8769] = {0x9003: "2019:03:01 08:15:00"}  # Exif IFD: DateTimeOriginal
img.save(buf, "JPEG", quality=85, exif=exif.tobytes() if width > 160 else b"")
jpeg = buf.getvalue()

rng = random.Random(42)
tmp = root + ".part"
shutil.rmtree(tmp, ignore_errors=True)
start = time.mktime((2019, 3, 1, 8, 0, 0, 0, 0, -1))
for f in range(folders):
    day = start + f * 86400
    folder = os.path.join(tmp, time.strftime("%Y-%m-%d", time.localtime(day)))
    os.makedirs(folder)
    moment = day
    for _ in range(files // folders):
        moment += rng.randint(5, 300)
        path = os.path.join(folder, time.strftime("IMG_%Y%m%d_%H%M%S.jpg", time.localtime(moment)))
        with open(path, "wb") as out:
            out.write(jpeg)
        mtime = moment + rng.randint(-2 * 86400, 2 * 86400)
        os.utime(path, (mtime, mtime))
os.rename(tmp, root)
