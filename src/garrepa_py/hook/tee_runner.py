"""garrepa-tee: the far end of `set -o posix -o pipefail; CMD | RUNNER --dir D --session S --id T`
(hosts/codex/capture.py), run inside Codex's sandbox.

Every byte it reads goes on to stdout at once and unchanged, so Codex captures exactly what CMD
printed; a copy goes to a private spill (hosts/codex/capture_store.py) up to its CAP, past which
the spill's record says "cut" and the bytes still flow. It always exits 0 (the pipeline's
status is CMD's, through pipefail). Anything going wrong with the spill — an unwritable folder,
a full disk — drops the spill and nothing else; anything else unexpected copies the rest of
stdin to stdout as it comes. Standard library only, and nothing heavy: it starts on every
captured call.
"""

from __future__ import annotations

import os
import sys

CHUNK = 1 << 16


def _arguments(argv: list[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for flag, value in zip(argv, argv[1:], strict=False):
        if flag in ("--dir", "--session", "--id", "--cap"):
            found[flag[2:]] = value
    return found


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class _Spill:
    """The spill being written; `failed` once anything about it went wrong."""

    def __init__(self, options: dict[str, str]) -> None:
        from garrepa_py.hosts.codex import capture_store
        from garrepa_py.hosts.codex.capture import plain_id

        self.stream = None
        self.failed = True
        directory, session, call_id = (options.get("dir"), options.get("session"),
                                       options.get("id"))
        if not directory or not plain_id(session) or not plain_id(call_id):
            return
        assert session is not None and call_id is not None
        try:
            self.cap = int(options.get("cap") or capture_store.CAP)
        except ValueError:
            return
        self.directory = directory
        self.out_name, self.meta_name = capture_store.names(session, call_id)
        import hashlib

        self.hash = hashlib.sha256()
        self.size = self.kept = 0
        try:
            if not capture_store.ready(directory):
                return
            from garrepa_py.fs import PrivateStream

            self.stream = PrivateStream(directory)
        except OSError:
            return
        self.failed = False

    def write(self, chunk: bytes) -> None:
        if self.failed:
            return
        self.size += len(chunk)
        self.hash.update(chunk)
        room = self.cap - self.kept
        if room <= 0:
            return
        try:
            assert self.stream is not None
            self.stream.write(chunk[:room])
            self.kept += min(room, len(chunk))
        except OSError:
            self.abort()

    def abort(self) -> None:
        self.failed = True
        if self.stream is not None:
            self.stream.abort()
            self.stream = None

    def finish(self) -> None:
        if self.failed or self.stream is None:
            return
        from garrepa_py import fs
        from garrepa_py.hosts.codex.capture_store import meta_text

        try:
            self.stream.commit(self.out_name)
            self.stream = None
            fs.write_private(self.directory, self.meta_name,
                             meta_text(self.size, self.kept, self.hash.hexdigest()))
        except OSError:
            self.abort()


def run(options: dict[str, str]) -> None:
    try:
        spill = _Spill(options)
    except Exception:
        spill = None
    while True:
        chunk = os.read(0, CHUNK)
        if not chunk:
            break
        _write_all(1, chunk)  # first: the output never waits on the spill
        if spill is not None:
            try:
                spill.write(chunk)
            except Exception:
                spill = None
    if spill is not None:
        try:
            spill.finish()
        except Exception:
            pass


def main() -> None:
    try:
        run(_arguments(sys.argv[1:]))
    except BrokenPipeError:
        pass  # Codex stopped reading: CMD meets the closed pipe as it would have
    except BaseException:  # fail open: whatever is left passes as it came
        try:
            rest = os.read(0, CHUNK)
            while rest:
                _write_all(1, rest)
                rest = os.read(0, CHUNK)
        except BaseException:
            pass
    os._exit(0)


def _own_root() -> None:
    """Run as a file (`PY -I -S ROOT/garrepa_py/hook/tee_runner.py`): ROOT goes on the path, and
    this file's folder does not (Python 3.10's `-I` still puts it first, where `hook/` would
    shadow nothing today but could tomorrow)."""
    here = os.path.dirname(os.path.abspath(__file__))
    if sys.path and os.path.abspath(sys.path[0] or ".") == here:
        del sys.path[0]
    root = os.path.dirname(os.path.dirname(here))
    if root not in sys.path:
        sys.path.insert(0, root)


if __name__ == "__main__":
    if not __package__:
        _own_root()
    main()
