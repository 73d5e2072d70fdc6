"""The one door to a model: every request from every route and command passes through `ask`.

It masks every secret in what is sent (`[secret: KIND]`) and sends nothing when a secret's
extent is unknown; it holds the call to the caller's token budget and deadline; it turns any
client failure into a `ModelError` with a short journal reason; and it puts the reply through
the caller's validation (`accept`), so no unchecked model text leaves it. No other module calls
a client's `complete` (a test walks the source tree to keep it so).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from garrepa_py.guard import secrets

if TYPE_CHECKING:
    from garrepa_py.model.base import ModelClient, ModelReply


# `accept(reply text)` → (the text to use, "") or (None, why it is rejected)
Accept = Callable[[str], tuple[str | None, str]]


@dataclass(frozen=True)
class Exchange:
    reply: ModelReply
    text: str  # the reply as validated (handles restored, trimmed): the only text to use
    masked: secrets.Scan  # what was masked on the way out (kinds and lines, never values)


def ask(client: ModelClient, system: str, user: str, max_tokens: int, deadline: float,
        accept: Accept | None = None, on_text: Callable[[str], None] | None = None) -> Exchange:
    """Send `user` (masked) under `system`; raises ModelError (`Rejected` when the reply fails
    `accept`, carrying the reply for its token counts), never anything else.

    `on_text` (the CLI's live preview) receives the reply as it streams, when the client can
    stream; it is a preview only: the validated `Exchange.text` is still the one to use.
    """
    from garrepa_py.model.base import ModelError, Rejected

    found = secrets.scan(user)
    if found.unmaskable:
        raise ModelError("secret-unmaskable", ",".join(found.unmaskable))
    safe = secrets.mask(user, found)
    try:
        stream = getattr(client, "stream", None)
        if on_text is not None and stream is not None:
            reply = stream(system, safe, max_tokens, deadline, on_text)
        else:
            reply = client.complete(system, safe, max_tokens, deadline)
    except ModelError:
        raise
    except Exception as exc:  # a client tripped on a hostile reply: the caller falls back
        raise ModelError(f"client-{type(exc).__name__}", str(exc)[:200]) from None
    text: str | None = reply.text
    if accept is not None:
        text, why = accept(reply.text)
        if text is None:
            raise Rejected(why, reply)
    return Exchange(reply, text or "", found)
