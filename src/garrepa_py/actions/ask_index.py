"""`garrepa ask` with no model: a local full-text index of a spill or document.

The text is cut into overlapping windows of lines (WINDOW lines, a new one every STEP), each a
row of an SQLite FTS5 table (Python's own sqlite3; a plain scored scan where FTS5 is missing).
A question's words rank the windows by BM25; the best few are printed from the original's own
lines with their exact numbers, at most ANSWER_CHARS in all. The index holds no text (an FTS5
table without content: only its terms), so what is printed is always the original's bytes.

The index is cached as `<state dir>/cache/ask-<sha256 of the content>.sqlite`, written as a
temp file and renamed; one that is missing, unreadable or corrupt is built again, and where
the cache folder cannot be written the index is built in memory: a cache is never a reason
to fail. A secret file's index (its terms are its values) is never written to disk.
"""

from __future__ import annotations

import hashlib
import math
import os
import re
import sqlite3
from collections import Counter
from dataclasses import dataclass

WINDOW = 16  # lines in a window
STEP = 8  # a new window every STEP lines: each line is in two windows
ANSWER_CHARS = 2_500  # all a local answer prints, headers included
LINE_CHARS = 300  # a longer line is cut in the answer (`peek` prints it whole)
MAX_WINDOWS = 4
SCHEMA = "1"  # bump when the windows or the tokenizer change: old caches are then rebuilt
TOKENIZER = "porter unicode61"

TERM = re.compile(r"\w+(?:[.:/-]\w+)*")
WORD = re.compile(r"[^\W_]+")
STOPWORDS = frozenset("""
a an and are as at be by can could did do does for from had has have how i if in into is it
its me my of on or that the their then there these this to was were what when where which who
why will with would you your about any all does doing done get gets got show tell find give
""".split())


@dataclass(frozen=True)
class Window:
    start: int  # first line, counting from 1
    end: int  # last line
    score: float  # higher is better


def windows_of(count: int) -> list[tuple[int, int]]:
    """(start, end) of every window of a text of `count` lines, in order; rowid = index + 1."""
    if count <= 0:
        return []
    starts = range(1, max(count - WINDOW + STEP, 1) + 1, STEP) if count > WINDOW else [1]
    return [(start, min(start + WINDOW - 1, count)) for start in starts]


def terms_of(question: str) -> list[str]:
    """The question's search terms, in order, once each: identifiers and words, not the
    words every question has ("what", "the", "does")."""
    seen: list[str] = []
    for term in TERM.findall(question.lower()):
        if term in STOPWORDS or (len(term) < 2 and not term.isdigit()):
            continue
        if term not in seen:
            seen.append(term)
    return seen[:32]


def fts5_available() -> bool:
    try:
        connection = sqlite3.connect(":memory:")
        try:
            connection.execute("CREATE VIRTUAL TABLE probe USING fts5(x)")
        finally:
            connection.close()
        return True
    except sqlite3.Error:
        return False


def _match_query(terms: list[str]) -> str:
    """An FTS5 query: any of the terms, each a phrase (`client_max_size` → its words in a row)."""
    return " OR ".join('"' + term.replace('"', '""') + '"' for term in terms)


def _build(connection: sqlite3.Connection, lines: list[str]) -> None:
    connection.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    connection.execute(f"CREATE VIRTUAL TABLE win USING fts5(body, content='', "
                       f"tokenize='{TOKENIZER}', detail=full)")
    spans = windows_of(len(lines))
    connection.executemany("INSERT INTO win (rowid, body) VALUES (?, ?)",
                           ((index, "\n".join(lines[start - 1:end]))
                            for index, (start, end) in enumerate(spans, start=1)))
    connection.executemany("INSERT INTO meta VALUES (?, ?)",
                           [("schema", SCHEMA), ("lines", str(len(lines)))])
    connection.commit()


def _valid(connection: sqlite3.Connection, count: int) -> bool:
    try:
        meta = dict(connection.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("schema") != SCHEMA or meta.get("lines") != str(count):
            return False
        connection.execute("INSERT INTO win(win) VALUES ('integrity-check')")
        return True
    except sqlite3.Error:
        return False


def cache_path(cache_dir: str, content: bytes) -> str:
    return os.path.join(cache_dir, f"ask-{hashlib.sha256(content).hexdigest()}.sqlite")


def _open_cached(path: str, count: int) -> sqlite3.Connection | None:
    try:
        info = os.lstat(path)
    except OSError:
        return None
    import stat

    if not stat.S_ISREG(info.st_mode) or info.st_uid != os.geteuid():
        return None
    try:
        connection = sqlite3.connect(path)
    except sqlite3.Error:
        return None
    if _valid(connection, count):
        return connection
    connection.close()
    return None


def _build_cached(path: str, lines: list[str]) -> sqlite3.Connection | None:
    """Build the index as a temp file beside `path`, then rename it into place; None when
    the folder cannot be written (the caller then builds in memory)."""
    temporary = f"{path}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW,
                             0o600)
        os.close(descriptor)
        connection = sqlite3.connect(temporary)
        try:
            connection.execute("PRAGMA journal_mode=OFF")
            connection.execute("PRAGMA synchronous=OFF")
            _build(connection, lines)
        finally:
            connection.close()
        os.replace(temporary, path)
    except (OSError, sqlite3.Error):
        try:
            os.unlink(temporary)
        except OSError:
            pass
        return None
    return _open_cached(path, len(lines))


def open_index(lines: list[str], content: bytes, cache_dir: str | None) -> sqlite3.Connection:
    """The index of `lines` (whose bytes are `content`): from the cache, built into it, or
    built in memory when there is no cache folder or it cannot be written."""
    if cache_dir is not None:
        path = cache_path(cache_dir, content)
        connection = _open_cached(path, len(lines)) or _build_cached(path, lines)
        if connection is not None:
            return connection
    connection = sqlite3.connect(":memory:")
    _build(connection, lines)
    return connection


def rank_fts(connection: sqlite3.Connection, count: int, terms: list[str],
             limit: int) -> list[Window]:
    spans = windows_of(count)
    rows = connection.execute(
        "SELECT rowid, bm25(win) AS rank FROM win WHERE win MATCH ? "
        "ORDER BY rank, rowid LIMIT ?", (_match_query(terms), limit)).fetchall()
    return [Window(spans[rowid - 1][0], spans[rowid - 1][1], -rank)
            for rowid, rank in rows if 0 < rowid <= len(spans)]


def _words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def rank_scan(lines: list[str], terms: list[str], limit: int) -> list[Window]:
    """The same ranking without FTS5: BM25 over the same windows, a term matching a word
    (or, for a term of several words, the words in a row) with no stemming."""
    spans = windows_of(len(lines))
    wanted = [_words(term) for term in terms]
    wanted = [words for words in wanted if words]
    documents: list[Counter[tuple[str, ...]]] = []
    lengths: list[int] = []
    for start, end in spans:
        words = _words("\n".join(lines[start - 1:end]))
        lengths.append(len(words))
        counts = Counter(words)
        found: Counter[tuple[str, ...]] = Counter()
        for phrase in wanted:
            if len(phrase) == 1:
                found[tuple(phrase)] = counts[phrase[0]]
            elif all(word in counts for word in phrase):
                size = len(phrase)
                found[tuple(phrase)] = sum(1 for i in range(len(words) - size + 1)
                                           if words[i:i + size] == phrase)
        documents.append(found)
    total = len(spans)
    average = (sum(lengths) / total) if total else 0.0
    having = {tuple(phrase): sum(1 for found in documents if found[tuple(phrase)])
              for phrase in wanted}
    scored: list[tuple[float, int]] = []
    for index, found in enumerate(documents):
        score = 0.0
        for phrase in wanted:
            key = tuple(phrase)
            frequency = found[key]
            if not frequency:
                continue
            idf = math.log(1 + (total - having[key] + 0.5) / (having[key] + 0.5))
            norm = 1.2 * (1 - 0.75 + 0.75 * lengths[index] / (average or 1))
            score += idf * frequency * 2.2 / (frequency + norm)
        if score > 0:
            scored.append((-score, index))
    scored.sort()
    return [Window(spans[index][0], spans[index][1], -negative)
            for negative, index in scored[:limit]]


def rank(lines: list[str], content: bytes, question: str, cache_dir: str | None,
         limit: int = 40) -> list[Window]:
    """The windows that best match `question`, best first (ties: the earlier window)."""
    terms = terms_of(question)
    if not terms or not lines:
        return []
    if not fts5_available():
        return rank_scan(lines, terms, limit)
    connection = open_index(lines, content, cache_dir)
    try:
        return rank_fts(connection, len(lines), terms, limit)
    finally:
        connection.close()


def _line_hits(line: str, terms: list[str]) -> int:
    words = set(_words(line))
    lowered = line.lower()
    return sum(1 for term in terms if term in lowered or set(_words(term)) <= words)


def _cut(line: str) -> str:
    if len(line) <= LINE_CHARS:
        return line
    return f"{line[:LINE_CHARS]} … [{len(line) - LINE_CHARS:,} more chars]"


def _render(start: int, lines: list[str]) -> str:
    body = "".join(f"{number}\t{_cut(line)}\n"
                   for number, line in enumerate(lines, start=start))
    return f"L{start}-{start + len(lines) - 1}\n{body}"


def _narrow(window: Window, lines: list[str], terms: list[str], room: int) -> str | None:
    """The window as printed, narrowed around its best-matching line until it fits `room`."""
    text = _render(window.start, lines[window.start - 1:window.end])
    if len(text) <= room:
        return text
    best = max(range(window.start, window.end + 1),
               key=lambda n: (_line_hits(lines[n - 1], terms), -n))
    low = high = best
    if len(_render(low, [lines[low - 1]])) > room:
        return None
    while True:
        grown = False
        for low_try, high_try in ((low, high + 1), (low - 1, high)):
            if window.start <= low_try and high_try <= window.end and \
                    len(_render(low_try, lines[low_try - 1:high_try])) <= room:
                low, high, grown = low_try, high_try, True
        if not grown:
            return _render(low, lines[low - 1:high])


@dataclass(frozen=True)
class Passage:
    start: int
    end: int
    text: str  # as printed: "L<start>-<end>" and the numbered lines


def answer(lines: list[str], windows: list[Window], question: str,
           room: int = ANSWER_CHARS) -> list[Passage]:
    """The best windows that do not overlap one already chosen, printed, in rank order,
    within `room` characters in all."""
    terms = terms_of(question)
    chosen: list[Passage] = []
    used = 0
    for window in windows:
        if len(chosen) >= MAX_WINDOWS or room - used < 40:
            break
        if any(window.start <= p.end and p.start <= window.end for p in chosen):
            continue
        text = _narrow(window, lines, terms, room - used)
        if text is None:
            continue
        first, _, _ = text.partition("\n")
        start, _, end = first[1:].partition("-")
        chosen.append(Passage(int(start), int(end), text))
        used += len(text)
    return chosen
