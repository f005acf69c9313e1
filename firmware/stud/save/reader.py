"""Reading a save file: the bytes, then every field against what the game can
produce.  Imported only while loading (stud.save.store.Store.load drops it again).

A field the game could not have written is damage, exactly like a torn byte:
stud.save.store sets the file aside, tells the player and uses the one before.
"""
from stud.core.games import ORDER, game as _game
from stud.core.words import OUT, OPPONENTS, YOU
from stud.save import saved as store
from stud.save.pack import crc32, u16, u32
from stud.save.stats import LIMIT, Stats

Corrupt = store.Corrupt
_NAMES = store.NAMES
_SETTINGS, _SEATS, _CHIPS, _MODELS, _STATS, _HANDS = (store.SETTINGS, store.SEATS, store.CHIPS,
                                                      store.MODELS, store.STATS, store.HANDS)
MODEL_SIZES = (0, 9, 26)  # none; the first round's models (the bots start afresh); today's:
                          # stud.play.bots.MODEL_SIZE (save does not import play)


def adler(data, n):
    """Version 1's checksum: two Adler sums (each < 65521) over data[:n]."""
    a = 1
    b = 0
    for i in range(n):
        a = (a + data[i]) % 65521
        b = (b + a) % 65521
    return a, b


def loads(data, check=True, newest=None):
    """Saved from bytes, or Corrupt saying what is wrong.  check=False skips the
    content checks (tools/history.py shows what a damaged file still holds);
    newest=N replays only the N newest hands, the others are decoded (the device's
    boot: replaying fifty hands would take seconds on a Pico, and LAST HANDS says so of
    a hand that does not replay; tools/fuzz.py: each hand once, as it arrives)."""
    if len(data) < len(store.MAGIC) + 5 or data[:4] != store.MAGIC:
        raise Corrupt("not a Pocket Stud save file")
    version = data[4]
    n = len(data) - 4
    if version == 1:
        a, b = adler(data, n)
        ok = u16(data, n) == a and u16(data, n + 2) == b
    elif version == store.VERSION:
        ok = u32(data, n) == crc32(memoryview(data)[:n])
    else:
        raise Corrupt("save file version %d, this firmware reads 1 to %d"
                      % (version, store.VERSION))
    if not ok:
        raise Corrupt("checksum does not match (torn or damaged)")
    saved = store.Saved()
    k = 5
    try:
        while k < n:
            tag = data[k]
            size = u16(data, k + 1)
            body = data[k + 3:k + 3 + size]
            if len(body) != size or k + 3 + size > n:
                raise Corrupt("section %d runs past the end" % tag)
            _read_section(saved, tag, body)
            k += 3 + size
        if version == 1:
            _forget_stale_games(saved)
        if check:
            checked(saved, newest)
    except (IndexError, KeyError):
        raise Corrupt("a section is malformed")
    except Corrupt:
        raise
    except ValueError as e:
        raise Corrupt(str(e))
    return saved


def _read_section(saved, tag, body):
    if tag == _SETTINGS:
        if len(body) != 5:
            raise Corrupt("settings are 5 bytes")
        saved.game = ORDER[body[0]]
        saved.speed, saved.sound, saved.contrast, saved.dealer = body[1], body[2], body[3], body[4]
    elif tag == _SEATS:
        saved.names = [_NAMES[c] for c in body]
    elif tag == _CHIPS:
        if len(body) % 21:
            raise Corrupt("chips are 21 bytes a game")
        for k in range(0, len(body), 21):
            game = ORDER[body[k]]
            if game in saved.chips:
                raise Corrupt("a game's chips twice")
            saved.chips[game] = [u32(body, k + 1 + 4 * i) for i in range(4)]
            saved.carry[game] = u32(body, k + 17)
    elif tag == _MODELS:
        k = 0
        for p in (1, 2, 3):
            size = body[k]
            saved.models[p] = bytearray(body[k + 1:k + 1 + size])
            if len(saved.models[p]) != size:
                raise Corrupt("a model runs past the end")
            k += 1 + size
        if k != len(body):
            raise Corrupt("models malformed")
    elif tag == _STATS:
        saved.stats = Stats.from_bytes(bytes(body))
    elif tag == _HANDS:
        count = body[0]
        k = 1
        for _ in range(count):
            size = u16(body, k)
            rec = bytes(body[k + 2:k + 2 + size])
            if len(rec) != size:
                raise Corrupt("a hand record runs past the end")
            saved.hands.append(rec)
            k += 2 + size
        if k != len(body) or count > store.LAST_HANDS:
            raise Corrupt("hand records malformed")
    # unknown tags belong to a newer firmware: skipped


def _forget_stale_games(saved):
    """Version 1 kept other games' chips across SEL (the session forgets them): a game
    whose chips do not fit today's seats is dropped, as the session would have."""
    seated = [YOU] + saved.names
    for game in list(saved.chips):
        chips = saved.chips[game]
        if game != saved.game and len(seated) == 4 and \
                [p for p in range(4) if seated[p] == OUT and chips[p]]:
            del saved.chips[game]
            del saved.carry[game]


# ---- what the game can produce ---------------------------------------------------------

def checked(saved, newest=None):
    """Raise Corrupt unless every field is one the game could have written."""
    if saved.speed > 3 or saved.sound > 1 or saved.dealer > 1:
        raise Corrupt("settings out of range")
    names = saved.names
    if len(names) != 3:
        raise Corrupt("three positions expected")
    if names.count(OUT) == 3:
        raise Corrupt("no opponent seated")
    seated = [YOU] + names
    for game in saved.chips:
        chips = saved.chips[game]
        if chips[0] == 0:
            raise Corrupt("no chips of yours")
        for p in range(4):
            if chips[p] > LIMIT or (seated[p] == OUT and chips[p]):
                raise Corrupt("chips out of range")
        carry = saved.carry[game]
        if carry > LIMIT or (carry and not _game(game)["tie_carries"]):
            raise Corrupt("a carried pot out of range")
    for p in saved.models:
        if len(saved.models[p]) not in MODEL_SIZES:
            raise Corrupt("a model of you has the wrong size")
    _check_stats(saved.stats)
    from stud.save import record
    n = len(saved.hands)
    first_replayed = 0 if newest is None else max(0, n - newest)
    for i in range(n):
        try:
            rec = record.decode(saved.hands[i])
            if rec["names"][0] != YOU or OUT in rec["names"]:
                raise ValueError("not a table this game seats")
            if i >= first_replayed and record.replay(rec).to_act is not None:
                raise ValueError("it does not finish")
        except Corrupt:
            raise
        except Exception:
            raise Corrupt("hand %d does not replay" % (i + 1))


def _check_stats(st):
    for v in [st.hands, st.won, st.biggest_pot, st.best] + st.vs_hands:
        if not 0 <= v <= LIMIT:
            raise Corrupt("stats out of range")
    for v in [st.net, st.earlier] + st.vs_net:
        if not -LIMIT <= v <= LIMIT:
            raise Corrupt("stats out of range")
    if st.won > st.hands or max(st.vs_hands) > st.hands:
        raise Corrupt("stats out of range")
    if st.best and not real_value(st.best):
        raise Corrupt("the best hand is not a hand")


def real_value(value):
    """True if `value` is one the evaluator gives for some five cards: the cards are
    rebuilt from the value's rank masks and evaluated again."""
    from stud.core.evaluator import evaluate
    cls = value >> 26
    hi = (value >> 13) & 0x1FFF
    lo = value & 0x1FFF
    if cls > 8:
        return False
    ranks = []
    if cls in (4, 8):                          # straights: lo is the top rank
        if hi or not 3 <= lo <= 12:
            return False
        ranks = [(lo - i) % 13 for i in range(5)] if lo > 3 else [3, 2, 1, 0, 12]
    else:
        many = (1, 2, 2, 3, 0, 1, 3, 4)[cls]
        for r in range(13):
            if hi >> r & 1:
                ranks += [r] * many
            if lo >> r & 1:
                ranks += [r] * (2 if cls == 6 else 1)
    if len(ranks) != 5:
        return False
    suited = cls in (5, 8)
    deck = bytes([r * 4 + (0 if suited else i % 4) for i, r in enumerate(ranks)])
    if len(set(deck)) != 5:
        return False
    for wheel in (True, False):
        try:
            if evaluate(deck, wheel) == value:
                return True
        except Exception:
            return False
    return False


# ---- the file (stud.save.store.Store.load) -----------------------------------------------

def load(st, newest):
    """(Saved, message): the save, or defaults and a line telling the player why.  The
    first valid of the name, .tmp and .bak is used and becomes the name; a damaged one
    under the name is set aside as .bad."""
    saved, used, damaged = _find(st, newest)
    try:
        if damaged is not None:
            _set_aside(st)
        if used is not None and used != st.path:
            st.files.rename(used, st.path)
    except OSError:        # read-only (USB mounted): the next boot does it
        pass
    if damaged is None:
        return saved, None
    if used is not None:
        return saved, "SAVE DAMAGED: USING THE ONE BEFORE"
    return saved, "SAVE DAMAGED (%s): NEW GAME" % damaged.upper()


def _find(st, newest):
    """(Saved, path it came from or None, why the name's file is damaged or None)."""
    damaged = None
    for path in st.candidates():
        why = _try(st, path, newest)
        if isinstance(why, store.Saved):
            return why, path, damaged
        if why is not None and path == st.path:
            damaged = why
    return store.Saved(), None, damaged


def _try(st, path, newest):
    """Saved, None (no file) or why the file will not do."""
    from stud.save.store import size_of, MAX_BYTES
    n = size_of(st.files, path)
    if n is None:
        return None
    if n > MAX_BYTES:
        return "bigger than any save"
    data = None
    try:
        data = st.files.read(path)
        if data is None:
            return None
        return loads(data, newest=newest)
    except Corrupt as e:
        return str(e)
    except MemoryError:
        data = None
        import gc
        gc.collect()
        return "too big to read"


def _set_aside(st):
    from stud.save.store import size_of
    f = st.files
    if size_of(f, st.path) is None:
        return
    f.remove(st.path + ".bad")
    try:
        f.rename(st.path, st.path + ".bad")
    except OSError:
        f.remove(st.path)


# ---- into the session (boot, and the table as last saved after an error) -----------------

def restore(saved, session):
    """Seat the saved table; each game gets its saved chips back."""
    session.select(saved.names)
    session.dealer = saved.dealer
    for game in saved.chips:
        if game != saved.game:
            session.other_games[game] = (list(saved.chips[game]), saved.carry.get(game, 0))
    session.game = saved.game
    if saved.game in saved.chips:
        session.chips = list(saved.chips[saved.game])
        session.carry = saved.carry.get(saved.game, 0)
    else:
        session.new_game()
    for p, m in saved.models.items():
        if len(m) == len(session.models[p]):
            session.models[p] = bytearray(m)
