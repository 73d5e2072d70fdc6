"""The model client for a command a person waits on: the hook's choice of provider, but through
the anthropic SDK where that choice is the plain Messages API (streaming, the SDK's HTTP stack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from garrepa_py.config.load import Config

if TYPE_CHECKING:
    from garrepa_py.model.base import ModelClient


def client_for(config: Config) -> tuple[ModelClient | None, str]:
    from garrepa_py.model.providers import make_client
    from garrepa_py.model.sdk_messages import for_a_person

    client, why_not = make_client(config)
    return (for_a_person(client) if client is not None else None), why_not
