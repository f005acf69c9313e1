"""CRC-32 (zlib's polynomial) for ports whose binascii has no crc32: a 256-entry
table built on first use, the register kept as two 16-bit halves so a 32-bit
port never makes a big int per byte.  Gives binascii.crc32's values, and as it
does, crc32(more, crc32(data)) == crc32(data + more): a file is checked in pieces."""

_table = None


def _build():
    t = bytearray(1024)
    for i in range(256):
        lo, hi = i, 0
        for _ in range(8):
            bit = lo & 1
            lo = (lo >> 1) | ((hi & 1) << 15)
            hi >>= 1
            if bit:
                lo ^= 0x8320
                hi ^= 0xEDB8
        t[4 * i] = lo & 0xFF
        t[4 * i + 1] = lo >> 8
        t[4 * i + 2] = hi & 0xFF
        t[4 * i + 3] = hi >> 8
    return t


def crc32(data, value=0):
    global _table
    if _table is None:
        _table = _build()
    t = _table
    lo = (value & 0xFFFF) ^ 0xFFFF
    hi = (value >> 16) ^ 0xFFFF
    for b in data:
        k = ((lo ^ b) & 0xFF) << 2
        lo = ((lo >> 8) | ((hi & 0xFF) << 8)) ^ (t[k] | t[k + 1] << 8)
        hi = (hi >> 8) ^ (t[k + 2] | t[k + 3] << 8)
    return (lo ^ 0xFFFF) | (hi ^ 0xFFFF) << 16
