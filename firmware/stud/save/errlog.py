"""The error log: what an unexpected exception leaves beside the save (ERR_NAME, the
newest ERR_CAP bytes) and on the console.  Loaded with the error page (stud.ui.alertpage)
and dropped with it: nothing of it is in the heap while the game runs well.
"""
import sys

from stud.core.words import PREFIX

ERR_CAP = 4096          # bytes of the error log kept (the newest)


def crashed(keeper, e, now, in_hand):
    """Note an exception: the traceback on the console and in the log; True if logged."""
    keeper.last_error = (type(e).__name__, str(e))
    text = traceback(e)
    keeper.last_trace = text
    print(PREFIX + "something went wrong; press to continue")
    print(text)
    return log_error(keeper, "--- error %d at %d ms, %d hands saved%s\n%s"
                     % (keeper.errors, now, keeper.saved.stats.hands,
                        " (in a hand)" if in_hand else "", text))


def log_error(keeper, text):
    """Append text to the error log, keeping the newest ERR_CAP bytes; True if written."""
    files = keeper.files
    if files is None or keeper.err_path is None:
        return False
    try:
        path = keeper.err_path
        n = files.size(path)
        data = b""
        if n is not None and 0 < n <= 2 * ERR_CAP:     # a huge log is not read: started anew
            f = files.open(path, "rb")
            try:
                data = f.read(n)
            finally:
                f.close()
        data = bytes(data) + text.encode()
        if len(data) > ERR_CAP:
            data = data[len(data) - ERR_CAP:]
            cut = data.find(b"\n---")
            if cut < 0:
                cut = data.find(b"\n")
            if 0 <= cut < len(data) - 1:
                data = data[cut + 1:]   # whole entries (or at least whole lines)
        f = files.open(path, "wb")
        try:
            f.write(data)
        finally:
            f.close()
        return True
    except Exception:                   # read-only, full: the console still has it
        return False


def traceback(e):
    try:
        import io
        buf = io.StringIO()
        pe = getattr(sys, "print_exception", None)
        if pe is not None:
            pe(e, buf)                     # MicroPython
        else:
            import traceback as tb
            tb.print_exception(type(e), e, e.__traceback__, file=buf)
        return buf.getvalue()
    except Exception:
        return "%s: %s\n" % (type(e).__name__, e)
