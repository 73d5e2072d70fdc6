"""What every provider returns, how it fails, and the bounded HTTP call they share.

Standard library only (urllib honours the usual proxy variables). The whole hook must finish
inside its timeout, so each call gets the remaining budget and at most one retry on 429/5xx.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

MIN_ATTEMPT_SECONDS = 1.0  # not worth starting an attempt with less time than this
MAX_RETRY_WAIT_SECONDS = 2.0
MAX_REPLY_BYTES = 4 * 1024 * 1024
T = TypeVar("T")


@dataclass(frozen=True)
class ModelReply:
    text: str
    model: str
    input_tokens: int = 0
    output_tokens: int = 0


class ModelError(Exception):
    """A model call that produced nothing usable; `reason` is a short journal label."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


class Rejected(ModelError):
    """A reply that arrived but failed the caller's validation; `reply` has its token counts."""

    def __init__(self, reason: str, reply: ModelReply) -> None:
        super().__init__(reason)
        self.reply = reply


class ModelClient(Protocol):
    name: str
    model: str

    def complete(self, system: str, user: str, max_tokens: int, deadline: float) -> ModelReply:
        """One briefing; raises ModelError. `deadline` is a time.monotonic() value."""


class Retry(ModelError):
    """A failure worth one more attempt (429, 5xx, a refused connection), after `wait` seconds."""

    def __init__(self, reason: str, detail: str = "", wait: float = 0.0) -> None:
        super().__init__(reason, detail)
        self.wait = wait


def http_failure(status: int, detail: str, retry_after: str | None) -> ModelError:
    """The error for an HTTP status: `Retry` for 429 and 5xx (529 overloaded included)."""
    if status == 429 or status >= 500:
        return Retry(f"http-{status}", detail, _retry_after(retry_after))
    return ModelError(f"http-{status}", detail)


def with_one_retry(attempt: Callable[[float], T], deadline: float,
                   clock: Callable[[], float] = time.monotonic,
                   sleep: Callable[[float], None] = time.sleep) -> T:
    """`attempt(seconds left)`, and once more after a `Retry` if the budget allows.

    The one retry policy of every transport (the standard-library client of the hook and the
    SDK client of the CLI): both fail, retry and give up the same way. `clock` and `sleep` are
    the time it reads and waits on (a test passes its own, to step time without waiting).
    """
    last: ModelError | None = None
    for number in (1, 2):
        remaining = deadline - clock()
        if remaining < MIN_ATTEMPT_SECONDS:
            raise last or ModelError("no-time", f"{remaining:.1f}s left")
        try:
            return attempt(remaining)
        except Retry as exc:
            last = ModelError(exc.reason, str(exc).partition(": ")[2])
            if number == 2:
                raise last from None
            sleep(min(exc.wait, MAX_RETRY_WAIT_SECONDS, max(0.0, deadline - clock() - 1)))
    raise last or ModelError("unknown")  # pragma: no cover - the loop always returns or raises


def post_json(url: str, headers: dict[str, str], body: dict[str, Any], deadline: float,
              opener: urllib.request.OpenerDirector | None = None) -> dict[str, Any]:
    """POST JSON, return the JSON reply; one retry on 429/5xx/connection errors within budget."""
    data = json.dumps(body).encode("utf-8")
    open_url = (opener or urllib.request.build_opener()).open

    def attempt(remaining: float) -> dict[str, Any]:
        request = urllib.request.Request(url, data=data, method="POST",
                                         headers={"content-type": "application/json", **headers})
        try:
            with open_url(request, timeout=remaining) as response:
                raw = _read_until(response, deadline)
        except urllib.error.HTTPError as exc:
            exc.close()
            raise http_failure(exc.code, exc.reason if isinstance(exc.reason, str) else "",
                               exc.headers.get("retry-after")) from None
        except TimeoutError as exc:
            raise ModelError("timeout", str(exc)) from None
        except (urllib.error.URLError, ConnectionError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            if isinstance(reason, TimeoutError) or "timed out" in str(reason):
                raise ModelError("timeout", str(reason)) from None
            raise Retry("connection", str(reason)) from None
        return parse_reply(raw)

    return with_one_retry(attempt, deadline)


def parse_reply(raw: bytes | str) -> dict[str, Any]:
    try:
        parsed = json.loads(raw)
    except ValueError:
        raise ModelError("malformed-reply", "not JSON") from None
    if not isinstance(parsed, dict):
        raise ModelError("malformed-reply", "not a JSON object")
    return parsed


def _read_until(response: Any, deadline: float,
                clock: Callable[[], float] = time.monotonic) -> bytes:
    """The body, chunk by chunk as it arrives, abandoned at the deadline (read on `clock`).

    `read1` returns whatever one receive brings (a server dripping a byte a second cannot keep
    `read(n)` waiting for n bytes), and each receive may wait only until the deadline.
    """
    sock = getattr(getattr(getattr(response, "fp", None), "raw", None), "_sock", None)
    read = getattr(response, "read1", None) or response.read
    chunks: list[bytes] = []
    size = 0
    while True:
        left = deadline - clock()
        if left <= 0:
            raise TimeoutError("reply still arriving at the deadline")
        if sock is not None and hasattr(sock, "settimeout"):
            sock.settimeout(max(0.05, left))
        chunk = read(65536)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > MAX_REPLY_BYTES:
            raise ModelError("malformed-reply", "reply too large")
        chunks.append(chunk)


def _retry_after(value: str | None) -> float:
    try:
        return max(0.0, float(value)) if value else 0.5
    except ValueError:
        return 0.5


def token_counts(reply: dict[str, Any], input_key: str, output_key: str) -> tuple[int, int]:
    """(input, output) token counts from a reply's `usage`, 0 where absent or malformed."""
    usage = reply.get("usage")
    if not isinstance(usage, dict):
        return 0, 0
    counts = []
    for key in (input_key, output_key):
        try:
            counts.append(int(usage.get(key) or 0))
        except (TypeError, ValueError):
            counts.append(0)
    return counts[0], counts[1]
