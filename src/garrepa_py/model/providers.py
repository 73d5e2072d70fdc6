"""Provider name → client, from the effective config; None means structural only, and why."""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping

from garrepa_py.config.load import Config

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.model.base import ModelClient  # the HTTP stack loads only with a client


def make_client(config: Config, environ: Mapping[str, str] | None = None
                ) -> tuple[ModelClient | None, str]:
    """(client, "") when a model can be asked; (None, reason) when briefings are structural."""
    env = os.environ if environ is None else environ
    provider = config.settings.provider
    kind, model, base_url = provider.type, provider.model, provider.base_url
    key = env.get(provider.api_key_env_var) or None
    if kind == "none":
        return None, "provider-none"
    if config.untrusted_keys:
        # A project config wants to decide the provider but is not trusted: no model at all
        # until `garrepa trust`, rather than a mix of its choices and the user's.
        return None, "untrusted-project-config"
    if kind == "anthropic":
        if not key:
            return None, "no-api-key"
        from garrepa_py.model.anthropic_api import AnthropicClient

        return AnthropicClient(key, model, base_url), ""
    if kind == "openai-compatible":
        if base_url is None:
            return None, "no-base-url"
        from garrepa_py.model.openai_compatible import OpenAICompatibleClient

        # Never hand the Anthropic key to another endpoint just because it is the default variable.
        if provider.api_key_env_var == "ANTHROPIC_API_KEY":
            key = None
        return OpenAICompatibleClient(base_url, model, key), ""
    if kind == "claude-cli":
        binary = shutil.which("claude", path=env.get("PATH"))
        if binary is None:
            return None, "no-claude-binary"
        from garrepa_py.model.claude_cli import ClaudeCliClient

        return ClaudeCliClient(model, binary), ""
    return None, f"unknown-provider-{kind}"
