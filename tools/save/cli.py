"""The command line's edge for host tools that read what a user hands them
(tools/save/history.py, tools/save/replay.py): whatever the input, the files or the shell's
streams, a failure is one line on stderr and exit status 2, never a traceback.

    if __name__ == "__main__":
        cli.run(main, "history")

main(argv) returns the exit status and writes its output to sys.stdout; it raises
ValueError (bad input: its message is the line) or OSError (a file: its error is
the line).  run() also catches what the shell can do to the tool: stdout closed
(`>&-`) or full (/dev/full) is "cannot write the output: ...", status 2; a reader
that stops early (`| head -1`) ends the tool quietly with status 0, as Unix tools
do; Ctrl-C ends it quietly with 130.  Anything else is a bug in the tool: one line
"internal error: ...", status 1.  stdin is main's: None when the shell closed it.
"""
import argparse
import os
import sys

BAD_INPUT = 2
BUG = 1
MAX_LINE = 160          # characters of a message: input is never echoed whole


class OutputError(Exception):
    """stdout refused what the tool wrote (closed, full, gone)."""


class _Stdout:
    """sys.stdout while run() runs: a failure to write becomes OutputError, so it is not
    mistaken for a file the tool was reading.  A broken pipe stays BrokenPipeError."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text):
        if self.stream is None:
            raise OutputError("stdout is closed")
        return self._do("write", text)

    def flush(self):
        if self.stream is not None:       # closed: nothing was written, nothing to flush
            self._do("flush")

    def __getattr__(self, name):
        return getattr(self.stream, name)

    def _do(self, name, *args):
        try:
            return getattr(self.stream, name)(*args)
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as e:      # ValueError: "I/O operation on closed file"
            raise OutputError(getattr(e, "strerror", None) or str(e))


class Parser(argparse.ArgumentParser):
    """argparse whose usage errors are one line, pointing to --help for the usage."""

    def error(self, message):
        raise ValueError("%s (see %s --help)" % (message, self.prog))


def run(main, name, argv=None):
    """Exit with main(argv)'s status, every failure said in one line (see the module)."""
    sys.exit(status(main, name, argv))


def status(main, name, argv=None):
    """main(argv)'s exit status, with run()'s handling of failures (tests call this)."""
    real = sys.stdout
    sys.stdout = _Stdout(real)
    try:
        try:
            code = main(argv)
        except SystemExit as e:             # --help; sys.exit() in main
            code = e.code
        sys.stdout.flush()
        return code
    except BrokenPipeError:                 # | head: the reader has what it wanted
        _drop_output(real)
        return 0
    except OutputError as e:
        _drop_output(real)
        return say(name, "cannot write the output: %s" % e, BAD_INPUT)
    except KeyboardInterrupt:
        return 130
    except ValueError as e:
        return say(name, str(e), BAD_INPUT)
    except OSError as e:
        return say(name, describe(e), BAD_INPUT)
    except Exception as e:
        return say(name, "internal error: %s: %s" % (type(e).__name__, e), BUG)
    finally:
        sys.stdout = real


def describe(e):
    """An OSError in words: "PATH: No such file or directory"."""
    what = e.strerror or str(e)
    return "%s: %s" % (e.filename, what) if e.filename else what


def say(name, text, code):
    """Write "name: text" on stderr as one line, cut to MAX_LINE; return code."""
    line = " ".join(str(text).split())
    if len(line) > MAX_LINE:
        line = line[:MAX_LINE] + "..."
    try:
        sys.stderr.write("%s: %s\n" % (name, line))
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):   # stderr closed too: the status says it
        pass
    return code


def _drop_output(real):
    """Point fd 1 at /dev/null so the interpreter's last flush of what is still buffered
    succeeds instead of printing an 'Exception ignored' message on the way out."""
    if real is None:
        return
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), real.fileno())
    except (OSError, ValueError, AttributeError):
        pass
