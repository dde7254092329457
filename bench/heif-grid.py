#!/usr/bin/env python3
"""A large phone-style HEIC for bench/phone-formats: heif-grid.py OUT WIDTH HEIGHT [TILE] [DISTINCT].

A `grid` derived image of WIDTHxHEIGHT made of TILE-pixel HEVC tiles (default 512, as phones
write them), the last row and column cropped by the grid's output size. DISTINCT (default 48)
photo-like tiles (a gradient, a few shapes and sensor-like noise) are painted with numpy,
written as PNG, encoded by `heif-enc -q 60` and repeated over the grid, each position keeping
its own copy of the coded bytes so the file is as large as a real one. The tiles keep the
properties heif-enc gave them (hvcC, ispe, pixi); the grid carries its ispe (and the tiles'
colr, had they one), and its description sits in `idat`, as phones write it. Written to a
temporary name and renamed, so an interrupted run leaves no half file.
"""
import os, struct, subprocess, sys, tempfile, zlib
import numpy as np


def box(kind, payload):
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def full_box(kind, version, flags, payload):
    return box(kind, struct.pack(">I", version << 24 | flags) + payload)


def children(data, start=0, end=None):
    """(type, payload start, payload end, box start) of the boxes laid end to end in data[start:end]."""
    end = len(data) if end is None else end
    while start + 8 <= end:
        size, kind = struct.unpack(">I4s", data[start:start + 8])
        header = 8
        if size == 1:
            size, header = struct.unpack(">Q", data[start + 8:start + 16])[0], 16
        yield kind, start + header, start + size, start
        start += size


def png(pixels):
    h, w, _ = pixels.shape
    raw = b"".join(b"\0" + pixels[y].tobytes() for y in range(h))
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + \
        chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b"")


def paint(i, tile):
    rng = np.random.default_rng(7000 + i)
    y = np.linspace(0, 1, tile)[:, None, None]
    x = np.linspace(0, 1, tile)[None, :, None]
    c0, c1, c2 = (rng.uniform(0, 255, 3) for _ in range(3))
    img = c0 * (1 - y) + c1 * y * (1 - x) + c2 * y * x
    yy, xx = np.mgrid[0:tile, 0:tile]
    for _ in range(4):
        cx, cy, r = rng.uniform(0, tile), rng.uniform(0, tile), rng.uniform(tile / 10, tile / 3)
        img[(xx - cx) ** 2 + (yy - cy) ** 2 < r * r] = rng.uniform(0, 255, 3)
    img += rng.normal(0, 3, (tile, tile, 1))
    return np.clip(img, 0, 255).astype(np.uint8)


def encoded_tile(path):
    """The properties (raw boxes) and coded bytes of heif-enc's one image item."""
    data = open(path, "rb").read()
    meta = next(c for c in children(data) if c[0] == b"meta")
    inside = {k: (s, e) for k, s, e, _ in children(data, meta[1] + 4, meta[2])}
    ipco = next(c for c in children(data, *inside[b"iprp"]) if c[0] == b"ipco")
    properties = {k: data[b:e] for k, s, e, b in children(data, ipco[1], ipco[2])}
    s, _ = inside[b"iloc"]
    version = data[s]
    assert version in (0, 1), "heif-enc's iloc version"
    offset_size, length_size = data[s + 4] >> 4, data[s + 4] & 15
    base_size = data[s + 5] >> 4
    count = struct.unpack(">H", data[s + 6:s + 8])[0]
    assert count == 1 and offset_size in (4, 8) and length_size in (4, 8)
    p = s + 8 + 2 + (2 if version == 1 else 0) + 2
    base = int.from_bytes(data[p:p + base_size], "big")
    p += base_size
    extents = struct.unpack(">H", data[p:p + 2])[0]
    p += 2
    coded = b""
    for _ in range(extents):
        offset = base + int.from_bytes(data[p:p + offset_size], "big")
        length = int.from_bytes(data[p + offset_size:p + offset_size + length_size], "big")
        coded += data[offset:offset + length]
        p += offset_size + length_size
    return properties, coded


def main():
    out, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    tile = int(sys.argv[4]) if len(sys.argv) > 4 else 512
    distinct = int(sys.argv[5]) if len(sys.argv) > 5 else 48
    columns, rows = -(-width // tile), -(-height // tile)
    tiles = []
    with tempfile.TemporaryDirectory() as work:
        for i in range(distinct):
            source, coded = f"{work}/{i}.png", f"{work}/{i}.heic"
            open(source, "wb").write(png(paint(i, tile)))
            subprocess.run(["heif-enc", "-q", "60", "-o", coded, source], check=True, stdout=subprocess.DEVNULL)
            tiles.append(encoded_tile(coded))

    # Property table: the grid's ispe and colr first, then each distinct box of the tiles.
    table = [full_box(b"ispe", 0, 0, struct.pack(">II", width, height))]
    colr = tiles[0][0].get(b"colr")
    if colr:
        table.append(colr)
    tile_properties = []
    for properties, _ in tiles:
        indices = []
        for kind in (b"hvcC", b"ispe", b"colr", b"pixi"):
            if kind in properties:
                if properties[kind] not in table:
                    table.append(properties[kind])
                indices.append((table.index(properties[kind]) + 1) | (0x8000 if kind == b"hvcC" else 0))
        tile_properties.append(indices)

    count = rows * columns
    ids = list(range(2, 2 + count))
    grid_data = struct.pack(">BBBBHH", 0, 0, rows - 1, columns - 1, width, height)
    infe = [full_box(b"infe", 2, 0, struct.pack(">HH4s", 1, 0, b"grid") + b"\0")]
    infe += [full_box(b"infe", 2, 1, struct.pack(">HH4s", i, 0, b"hvc1") + b"\0") for i in ids]
    iinf = full_box(b"iinf", 0, 0, struct.pack(">H", len(infe)) + b"".join(infe))
    iref = full_box(b"iref", 0, 0, box(b"dimg", struct.pack(">HH", 1, count) + b"".join(struct.pack(">H", i) for i in ids)))
    ipma_entries = [struct.pack(">HB", 1, len(table[:2 if colr else 1])) +
                    b"".join(struct.pack(">H", k + 1) for k in range(2 if colr else 1))]
    for n, i in enumerate(ids):
        indices = tile_properties[n % distinct]
        ipma_entries.append(struct.pack(">HB", i, len(indices)) + b"".join(struct.pack(">H", k) for k in indices))
    ipma = full_box(b"ipma", 0, 1, struct.pack(">I", len(ipma_entries)) + b"".join(ipma_entries))
    iprp = box(b"iprp", box(b"ipco", b"".join(table)) + ipma)
    hdlr = full_box(b"hdlr", 0, 0, struct.pack(">I4s12x", 0, b"pict") + b"\0")
    pitm = full_box(b"pitm", 0, 0, struct.pack(">H", 1))
    idat = box(b"idat", grid_data)
    ftyp = box(b"ftyp", b"heic" + struct.pack(">I", 0) + b"mif1heic")

    def iloc(mdat_start):
        entries = [struct.pack(">HHHHII", 1, 1, 0, 1, 0, len(grid_data))]  # construction method 1: idat
        offset = mdat_start
        for n, i in enumerate(ids):
            length = len(tiles[n % distinct][1])
            entries.append(struct.pack(">HHHHII", i, 0, 0, 1, offset, length))
            offset += length
        return full_box(b"iloc", 1, 0, struct.pack(">BBH", 0x44, 0x00, len(entries)) + b"".join(entries))

    meta_size = len(full_box(b"meta", 0, 0, hdlr + pitm + iloc(0) + iinf + iref + iprp + idat))
    mdat_start = len(ftyp) + meta_size + 8
    meta = full_box(b"meta", 0, 0, hdlr + pitm + iloc(mdat_start) + iinf + iref + iprp + idat)
    assert len(meta) == meta_size
    coded_total = sum(len(tiles[n % distinct][1]) for n in range(count))
    temporary = out + ".part"
    with open(temporary, "wb") as f:
        f.write(ftyp + meta + struct.pack(">I4s", 8 + coded_total, b"mdat"))
        for n in range(count):
            f.write(tiles[n % distinct][1])
    os.rename(temporary, out)


if __name__ == "__main__":
    main()
