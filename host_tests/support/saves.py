"""A played session and its save, and saves damaged past their checksum, for the tests
that need a real save file."""
from stud.core.rng import Rng
from stud.play.session import Session
from stud.save import pack, record, store, writer

def played(hands=55, seed=1):
    """A session after `hands` hands, and its save."""
    s = Session()
    saved = store.Saved()
    for i in range(hands):
        if i == 20:
            s.set_game("draw5")
        if i == 40:
            s.set_game("casino7")
        h = s.deal(rng=Rng(seed * 1000 + i))
        start = s.chips[0]
        while h.to_act is not None:
            if h.to_act == 0 and not s.demo:
                legal = h.legal()
                h.act("muck" if legal == ["show", "muck"] else
                      ("draw:" if legal == ["draw"] else legal[-1 if i % 2 else 0]))
            else:
                h.act(s.bot_decision(h, Rng(i), samples=8, budget_ms=0)[0])
        names = [s.names[p] for p in s.positions()]
        s.settle(h)
        saved.stats.add(h, names, start)
        saved.add_hand(record.encode(h, names))
    writer.capture(saved, s)
    return s, saved


def with_checksum(data):
    """`data` with its CRC-32 made right again: damage only the content checks can see."""
    data = bytearray(data)
    n = len(data) - 4
    data[n:] = bytes([(pack.crc32(bytes(data[:n])) >> s) & 0xFF for s in (0, 8, 16, 24)])
    return bytes(data)
