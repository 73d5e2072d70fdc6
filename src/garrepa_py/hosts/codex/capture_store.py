"""Where the Codex capture runner keeps a shell call's full stdout, and reading it back.

The runner (hook/tee_runner.py) runs inside Codex's sandbox, where garrepa's own folders are not
writable: under `workspace-write` only the workspace and /tmp (and $TMPDIR) are (measured,
tests/e2e/test_codex_capture.py), and under `read-only` nothing is, so the capture fails open
there. The folder is therefore `/tmp/garrepa-<uid>/codex-capture` (GARREPA_CODEX_CAPTURE_DIR
overrides it), each level a real directory of this user's with mode 0700 (fs.own_dir), each file
0600. A call's files are named by its session and call id (the same on PreToolUse and
PostToolUse): `<session>.<id>.out`, the raw bytes up to CAP, and `<session>.<id>.json`, written
last: `{"size": all bytes, "kept": bytes in .out, "cut": kept < size, "sha256": of all bytes}`.

`full_output` gives the text back only when it is whole and agrees with what Codex itself showed
the hook (its own cut of stdout and stderr together): the spill holds stdout alone, so a call
whose stderr carried anything gets None, and the hook passes Codex's output as it is.
"""

from __future__ import annotations

import os

CAP = 64 * 1024 * 1024  # bytes kept per call; past it the spill says "cut" and is not used
META_LIMIT = 4096
ENV = "GARREPA_CODEX_CAPTURE_DIR"
CUT_HEAD = "Warning: truncated output (original token count: "
LINES_HEAD = "Total output lines: "
# Over Codex's 1 MiB exec buffer the second line names the bytes it dropped from the middle
# instead of the line count (measured, 0.171.0: `seq 1 300000`, `git log -p` of flask)
OMITTED_HEAD, OMITTED_TAIL = "... ", " bytes omitted ..."
EDGE = 256  # characters of Codex's cut head and tail compared with the spill


def capture_dir() -> str:
    override = os.environ.get(ENV)
    if override:
        return os.path.abspath(override)
    return os.path.join("/tmp", f"garrepa-{os.geteuid()}", "codex-capture")


def ready(directory: str) -> bool:
    """The folder and its parent are this user's own (made 0700 when missing)."""
    from garrepa_py import fs

    parent = os.path.dirname(directory)
    return fs.own_dir(parent) and fs.own_dir(directory)


def names(session: str, call_id: str) -> tuple[str, str]:
    return f"{session}.{call_id}.out", f"{session}.{call_id}.json"


def read_meta(directory: str, session: str, call_id: str) -> dict[str, object] | None:
    import json

    from garrepa_py import fs

    try:
        raw = fs.read_owned(*_parts(directory, names(session, call_id)[1]), META_LIMIT)
        meta = json.loads(raw)
    except (OSError, ValueError):
        return None
    return meta if isinstance(meta, dict) else None


def read_bytes(directory: str, session: str, call_id: str) -> bytes | None:
    """The call's whole stdout, when the runner finished and kept all of it."""
    from garrepa_py import fs

    meta = read_meta(directory, session, call_id)
    if meta is None or meta.get("cut") is not False or not isinstance(meta.get("size"), int):
        return None
    try:
        data = fs.read_owned(*_parts(directory, names(session, call_id)[0]), CAP)
    except OSError:
        return None
    if len(data) != meta["size"]:
        return None
    import hashlib

    return data if hashlib.sha256(data).hexdigest() == meta.get("sha256") else None


def meta_text(size: int, kept: int, sha256: str) -> bytes:
    """The record the runner writes last (JSON, written without the json module: the runner
    starts on every captured call)."""
    return (f'{{"size": {size}, "kept": {kept}, "cut": {"true" if kept < size else "false"}, '
            f'"sha256": "{sha256}"}}').encode()


KEEP_SECONDS = 24 * 3600  # a capture whose PostToolUse never came (a killed session)


def forget(directory: str, session: object, call_id: object) -> None:
    """Removes a call's capture once its PostToolUse has read it: a digest's exact bytes are
    in garrepa's spill by then, and an output that passed is the model's already."""
    from garrepa_py.hosts.codex.capture import plain_id

    if not plain_id(session) or not plain_id(call_id):
        return  # an id that could name a path elsewhere is never unlinked
    assert isinstance(session, str) and isinstance(call_id, str)
    for name in names(session, call_id):
        try:
            os.unlink(os.path.join(directory, name))
        except OSError:
            pass


def prune(directory: str, now: float, keep: float = KEEP_SECONDS) -> int:
    """Removes captures older than `keep` (their PostToolUse never came); how many went. Only
    regular files named like a capture, never through a link."""
    gone = 0
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return 0
    for entry in entries:
        if not entry.name.endswith((".out", ".json")):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and \
                    now - entry.stat(follow_symlinks=False).st_mtime > keep:
                os.unlink(entry.path)
                gone += 1
        except OSError:
            pass
    return gone


def _parts(directory: str, name: str) -> tuple[str, tuple[str, ...]]:
    parent = os.path.dirname(directory)
    return os.path.dirname(parent), (os.path.basename(parent), os.path.basename(directory), name)


def agrees(text: str, seen: str) -> bool:
    """Whether Codex's own view of the output (`seen`: the PostToolUse `tool_response`, whole or
    cut) is the spill's `text`: equal when whole; when cut, the same line count (over 1 MiB: fewer
    bytes omitted than the text has) and token estimate in Codex's header and the same first
    and last EDGE characters."""
    if seen == text:
        return True
    if not seen.startswith(CUT_HEAD):
        return False
    header, _, rest = seen.partition("\n")
    lines_line, _, body = rest.partition("\n")
    tokens = header[len(CUT_HEAD):].rstrip(")")
    if not body.startswith("\n"):
        return False
    body = body[1:]
    size = len(text.encode("utf-8", "surrogatepass"))
    if tokens != str((size + 3) // 4) or not _second_line_agrees(lines_line, text, size):
        return False
    return text.startswith(body[:EDGE]) and text.endswith(body[-EDGE:]) and len(body) >= EDGE


def _second_line_agrees(line: str, text: str, size: int) -> bool:
    """`Total output lines: N` (N the text's line count), or over 1 MiB `... M bytes omitted ...`
    (M fewer bytes than the text has)."""
    if line.startswith(LINES_HEAD):
        return line[len(LINES_HEAD):] == str(_line_count(text))
    if line.startswith(OMITTED_HEAD) and line.endswith(OMITTED_TAIL):
        omitted = line[len(OMITTED_HEAD):-len(OMITTED_TAIL)]
        return omitted.isdigit() and 0 < int(omitted) < size
    return False


def _line_count(text: str) -> int:
    """Rust's `str::lines().count()`: a last line without a newline counts, an empty tail not."""
    return text.count("\n") + (0 if not text or text.endswith("\n") else 1)


def full_output(directory: str, session: object, call_id: object, seen: object) -> str | None:
    """The call's full output as text, when captured whole and consistent with `seen`."""
    from garrepa_py.hosts.codex.capture import plain_id

    if not plain_id(session) or not plain_id(call_id) or not isinstance(seen, str):
        return None
    assert isinstance(session, str) and isinstance(call_id, str)
    data = read_bytes(directory, session, call_id)
    if data is None:
        return None
    text = data.decode("utf-8", "replace")
    return text if agrees(text, seen) else None
