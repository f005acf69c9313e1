"""The save file's integers, little-endian, written and read one way.

Writers append to a bytearray; readers take (data, offset).  A signed i32 is a
sign bit and a 31-bit magnitude, read back as written (the save's checks keep
what is stored below 2**30, a small int on a 32-bit port).
"""


try:        # once, here: MicroPython looks for binascii on every path of sys.path at each
    from binascii import crc32 as _crc32   # import (a module on the file system may
except ImportError:                        # extend it), and a file is checked in pieces
    _crc32 = None


def crc32(data, value=0):
    """The CRC-32 of zlib and binascii (an int < 2**32), the same on every port:
    binascii's where the port has it, else the table-driven twin in stud.save.crc.
    `value` is the CRC of the bytes before `data`: a file is checked piece by piece."""
    f = _crc32
    if f is None:
        from stud.save.crc import crc32 as f
    return f(data, value) & 0xFFFFFFFF


def read_full(f, k):
    """k bytes from the file f, fewer only at its end (a read may give fewer than asked)."""
    out = f.read(k)
    while len(out) < k:
        more = f.read(k - len(out))
        if not more:
            break
        out += more
    return out


def put_u16(out, v):
    out.append(v & 0xFF)
    out.append(v >> 8)


def put_u32(out, v):
    put_u16(out, v & 0xFFFF)
    put_u16(out, v >> 16)


def put_i32(out, v):
    m = -v if v < 0 else v
    put_u16(out, m & 0xFFFF)
    out.append((m >> 16) & 0xFF)
    out.append(((m >> 24) & 0x7F) | (0x80 if v < 0 else 0))


def u16(data, k):
    return data[k] | data[k + 1] << 8


def u32(data, k):
    return data[k] | data[k + 1] << 8 | data[k + 2] << 16 | data[k + 3] << 24


def i32(data, k):
    m = data[k] | data[k + 1] << 8 | data[k + 2] << 16 | (data[k + 3] & 0x7F) << 24
    return -m if data[k + 3] & 0x80 else m
