#!/usr/bin/env python3
"""Fails when a screenshot PNG shows a blank or broken page.

Usage: check-screenshot.py FILE.png

A rendered evaluation report has text on much of the page and coloured figures (the heat map,
the histogram); a blank page has neither, and a page whose CSS and SVG did not render (raw
markup, an error page) has no colour. So the check asks for at least 2 % of pixels that are not
near-white and 0.2 % that are clearly coloured. Reads 8-bit RGB/RGBA/grey PNGs with the
standard library only (zlib), as written by Chromium's --screenshot.
"""
import struct
import sys
import zlib


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"unsupported PNG (bit depth {depth}, colour type {colour}, interlace {interlace})")
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(channels, stride):
                row[i] = (row[i] + row[i - channels]) & 0xFF
        elif kind == 2:
            row = bytearray((a + b) & 0xFF for a, b in zip(row, previous))
        elif kind == 3:
            for i in range(stride):
                left = row[i - channels] if i >= channels else 0
                row[i] = (row[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = row[i - channels] if i >= channels else 0
                b, c = previous[i], previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(row)
        previous = row
    return width, height, channels, rows


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check-screenshot.py FILE.png")
    path = sys.argv[1]
    try:
        width, height, channels, rows = read_png(path)
    except (OSError, ValueError, zlib.error, struct.error, TypeError) as e:
        sys.exit(f"{path}: cannot read the screenshot: {e}")
    inked = coloured = 0
    for row in rows:
        for x in range(0, width * channels, channels):
            px = row[x:x + min(channels, 3)]
            low, high = min(px), max(px)
            if low < 235:
                inked += 1
            if high - low > 60:
                coloured += 1
    total = width * height
    summary = f"{path}: {width}x{height}, {100 * inked / total:.1f} % inked, {100 * coloured / total:.2f} % coloured"
    if inked < 0.02 * total:
        sys.exit(f"{summary}: the page is blank")
    if coloured < 0.002 * total:
        sys.exit(f"{summary}: no figures rendered (a broken page?)")
    print(f"{summary}: ok")


if __name__ == "__main__":
    main()
