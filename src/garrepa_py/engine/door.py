"""The one door to a model: every request from every route and command passes through `ask`.

It masks every secret in what is sent (`[secret: KIND]`), and sends nothing when a secret's
extent is unknown; it runs the call under the caller's deadline and turns any client failure
into a `ModelError` with a short journal reason. No other module calls a client's `complete`
(a test walks the source tree to keep it so).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from garrepa_py.guard import secrets

if TYPE_CHECKING:
    from garrepa_py.model.base import ModelClient, ModelReply


@dataclass(frozen=True)
class Exchange:
    reply: ModelReply
    masked: secrets.Scan  # what was masked on the way out (kinds and lines, never values)


def ask(client: ModelClient, system: str, user: str, max_tokens: int,
        deadline: float) -> Exchange:
    """Send `user` (masked) under `system`; raises ModelError, never anything else."""
    from garrepa_py.model.base import ModelError

    found = secrets.scan(user)
    if found.unmaskable:
        raise ModelError("secret-unmaskable", ",".join(found.unmaskable))
    safe = secrets.mask(user, found)
    try:
        reply = client.complete(system, safe, max_tokens, deadline)
    except ModelError:
        raise
    except Exception as exc:  # a client tripped on a hostile reply: the caller falls back
        raise ModelError(f"client-{type(exc).__name__}", str(exc)[:200]) from None
    return Exchange(reply, found)
