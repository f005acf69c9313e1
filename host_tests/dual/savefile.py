"""Write a save under one runtime and read it under the other (test_store.py drives it).

    micropython host_tests/dual/savefile.py write PATH   # 12 bot hands, then save
    micropython host_tests/dual/savefile.py read PATH    # load and report
    micropython host_tests/dual/savefile.py big PATH     # a 200 KB PATH over a good .bak
    micropython host_tests/dual/savefile.py huge PATH    # the same, read (no size limit)
                                                         # in pieces: its checksum fails
    micropython host_tests/dual/savefile.py folder PATH  # PATH a folder: load, try to save
    micropython host_tests/dual/savefile.py crc -        # CRC-32s: the port's and the table's
"""
import sys

from stud.save import record, store, writer


def write(path):
    from stud.core.rng import Rng
    from stud.play.session import Session
    s = Session()
    saved = store.Saved()
    for i in range(12):
        h = s.deal(rng=Rng(i))
        start = s.chips[0]
        while h.to_act is not None:
            h.act(s.bot_decision(h, Rng(i + 100), samples=8, budget_ms=0)[0] if h.to_act else h.legal()[0])
        names = [s.names[p] for p in s.positions()]
        s.settle(h)
        saved.stats.add(h, names, start)
        saved.add_hand(record.encode(h, names))
    writer.capture(saved, s)
    store.Store(path).save(saved)
    print("wrote=%d" % len(store.dumps(saved)))


def read(path):
    saved, message = store.Store(path).load()
    print("reader_kept=%s" % ("stud.save.reader" in sys.modules))
    for rec in saved.hands:
        record.replay(record.decode(rec))
    print("message=%s" % message)
    print("hands=%d" % len(saved.hands))
    print("stats_hands=%d" % saved.stats.hands)


def big(path):
    """A 200 KB file under the name and a good save as .bak: boot uses the .bak, sets the
    big file aside, and saving goes on."""
    import os
    write(path)
    os.rename(path, path + ".bak")
    chunk = b"PSTD" * 256
    with open(path, "wb") as f:
        for _ in range(200):
            f.write(chunk)
    st = store.Store(path)
    saved, message = st.load()
    print("message=%s" % message)
    print("hands=%d" % len(saved.hands))
    print("save=%s" % st.save(saved))
    print("bad=%d" % os.stat(path + ".bad")[6])
    again, message = st.load()
    print("again=%s hands=%d" % (message, len(again.hands)))


def folder(path):
    st = store.Store(path)
    saved, message = st.load()
    print("message=%s" % message)
    print("hands=%d" % len(saved.hands))
    print("save=%s" % st.save(saved))


def crc(_):
    from stud.save import crc as table
    from stud.save.pack import crc32
    for n in (0, 1, 7, 256, 1000):
        data = bytes([(i * 131 + n) & 0xFF for i in range(n)])
        print("crc %d %d %d" % (n, crc32(data), table.crc32(data)))


if __name__ == "__main__":
    if sys.argv[1] == "huge":          # the size limit off: read in pieces, it fails its sum
        store.MAX_BYTES = 1 << 30
    {"write": write, "read": read, "big": big, "huge": big, "folder": folder,
     "crc": crc}[sys.argv[1]](sys.argv[2])
