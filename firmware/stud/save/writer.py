"""Writing the save: the table into `Saved`, `Saved` into bytes, the bytes onto the file
so that a power cut at any moment leaves this save or the one before (stud.save.store
describes the format and the dance).  In the heap only while a save is made: Keeper
loads it to capture the table and drops it once the file is written.
"""
from stud.core.games import ORDER
from stud.save.saved import (MAGIC, VERSION, NAMES, SETTINGS, SEATS, CHIPS, MODELS, STATS,
                             HANDS)
from stud.save.pack import crc32, put_u16, put_u32


def _section(out, tag, data):
    out.append(tag)
    put_u16(out, len(data))
    out += data


def dumps(saved):
    out = bytearray(MAGIC)
    out.append(VERSION)
    _section(out, SETTINGS, bytes([ORDER.index(saved.game), saved.speed, saved.sound,
                                   saved.contrast, saved.dealer]))
    _section(out, SEATS, bytes([NAMES.index(n) for n in saved.names]))
    chips = bytearray()
    for game in ORDER:
        if game in saved.chips:
            chips.append(ORDER.index(game))
            for c in saved.chips[game]:
                put_u32(chips, c)
            put_u32(chips, saved.carry.get(game, 0))
    _section(out, CHIPS, chips)
    models = bytearray()
    for p in (1, 2, 3):
        m = saved.models.get(p, b"")
        models.append(len(m))
        models += m
    _section(out, MODELS, models)
    _section(out, STATS, saved.stats.to_bytes())
    hands = bytearray([len(saved.hands)])
    for rec in saved.hands:
        put_u16(hands, len(rec))
        hands += rec
    _section(out, HANDS, hands)
    put_u32(out, crc32(out))
    return bytes(out)


def write(store, saved):
    """Write so that any power cut leaves this save or the last; a message for the
    player if saving is impossible (a read-only drive), else None."""
    from stud.save.store import size_of
    f = store.files
    data = dumps(saved)
    tmp, bak = store.path + ".tmp", store.path + ".bak"
    try:
        f.write(tmp, data)
        data = None
        if size_of(f, store.path) is not None:
            f.remove(bak)
            f.rename(store.path, bak)
        f.rename(tmp, store.path)
    except OSError as e:
        if e.args and e.args[0] == 30:  # EROFS: CircuitPython while USB is mounted
            store.read_only = True
            return "SAVING OFF WHILE USB DRIVE IS MOUNTED"
        raise
    return None


def capture(saved, session):
    """Copy the session's table, chips and models of you into `saved`."""
    saved.game = session.game
    saved.names = list(session.names[1:])
    saved.dealer = session.dealer
    chips = dict(session.other_games)
    chips[session.game] = (session.chips, session.carry)
    saved.chips = {}          # SEL forgets the other games' chips: so does the save
    saved.carry = {}
    for game in chips:
        saved.chips[game] = list(chips[game][0])
        saved.carry[game] = chips[game][1]
    saved.models = dict((p, bytearray(m)) for p, m in session.models.items())


def keep(saved, session, speed, sound, contrast):
    """The table (demo hands play with chips of their own: yours are kept) and the
    settings (contrast as the panel's 0..255) into `saved`."""
    capture(saved, session)
    if session.demo:
        mine, carry = session.yours()
        saved.chips[session.game] = list(mine)
        saved.carry[session.game] = carry
    saved.speed = speed
    saved.sound = sound
    saved.contrast = contrast
