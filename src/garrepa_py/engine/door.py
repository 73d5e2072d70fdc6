"""The one door to a model: every request from every route and command passes through `ask`.

It masks every secret in what is sent (`[secret: KIND]`) and sends nothing when a secret's
extent is unknown; it sends nothing over the provider's context budget (`context_chars`: the
caller sends a digest instead, see brief.py); it holds the call to the caller's token budget
and deadline; it turns any
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


# What one request may carry (system + user, in characters), by client name. Claude models
# here have 200 K-token windows; 300 K chars is about 75-100 K tokens of prose, code or JSON
# (fewer chars per token), well under it with room for the reply. An OpenAI-compatible server
# is often a local model with a 32 K-token window.
DEFAULT_CONTEXT_CHARS = 300_000
CONTEXT_CHARS = {"openai-compatible": 100_000}

# `accept(reply text)` → (the text to use, "") or (None, why it is rejected)
Accept = Callable[[str], tuple[str | None, str]]


@dataclass(frozen=True)
class Exchange:
    reply: ModelReply
    text: str  # the reply as validated (handles restored, trimmed): the only text to use
    masked: secrets.Scan  # what was masked on the way out (kinds and lines, never values)


def context_chars(client: ModelClient) -> int:
    """The most characters one request to this client may carry."""
    own = getattr(client, "context_chars", None)
    return own if isinstance(own, int) and own > 0 else CONTEXT_CHARS.get(
        client.name, DEFAULT_CONTEXT_CHARS)


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
    budget = context_chars(client)
    if len(system) + len(safe) > budget:  # as sent: masking can lengthen a line
        raise ModelError("over-context-budget", f"{len(system) + len(safe):,} > {budget:,} chars")
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
