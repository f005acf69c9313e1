"""PNG files from the 1,024-byte frame, with zlib and struct only (no imaging library).

    write_frame(path, buf, scale=4)   an OLED-looking picture of one frame
    write_rgb(path, width, height, rows)   any RGB picture, rows of bytes

The OLED look: lit pixels in the panel's pale blue, each drawn as a square
one pixel smaller than the scale (the gaps of a real panel), on black, with
a dark bezel around the glass.
"""
import struct
import zlib

LIT = (150, 220, 255)
DARK = (8, 10, 14)
BEZEL = (34, 36, 40)
WIDTH = 128
HEIGHT = 64


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def encode_rgb(width, height, rows):
    """PNG bytes of an 8-bit RGB picture; rows: `height` byte strings of width*3 bytes."""
    raw = b"".join(b"\x00" + bytes(r) for r in rows)
    return (b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(raw, 9))
            + _chunk(b"IEND", b""))


def write_rgb(path, width, height, rows):
    with open(path, "wb") as f:
        f.write(encode_rgb(width, height, rows))


def pixel(buf, x, y):
    """Pixel (x, y) of a MONO_VLSB 128x64 frame buffer."""
    return (buf[(y >> 3) * WIDTH + x] >> (y & 7)) & 1


def frame_rows(buf, scale=4, border=None, lit=LIT, dark=DARK, bezel=BEZEL):
    """RGB rows of the OLED-looking picture of `buf`."""
    if border is None:
        border = 2 * scale
    gap = 1 if scale >= 3 else 0
    width = WIDTH * scale + 2 * border
    lit_b, dark_b, bezel_b = bytes(lit), bytes(dark), bytes(bezel)
    edge = bezel_b * border
    rows = [bezel_b * width] * border
    for y in range(HEIGHT):
        line = bytearray()
        gap_line = bytearray()
        for x in range(WIDTH):
            on = pixel(buf, x, y)
            line += (lit_b if on else dark_b) * (scale - gap) + dark_b * gap
            gap_line += dark_b * scale
        full = edge + bytes(line) + edge
        rows.extend([full] * (scale - gap))
        rows.extend([edge + bytes(gap_line) + edge] * gap)
    rows.extend([bezel_b * width] * border)
    return width, len(rows), rows


def encode_frame(buf, scale=4):
    width, height, rows = frame_rows(buf, scale)
    return encode_rgb(width, height, rows)


def write_frame(path, buf, scale=4):
    with open(path, "wb") as f:
        f.write(encode_frame(buf, scale))


def read_png_size(path):
    """(width, height) from a PNG's header (for tests)."""
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("%s is not a PNG" % path)
    return struct.unpack(">II", head[16:24])
