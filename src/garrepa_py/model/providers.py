"""Provider name → client, from the effective config; None means structural only, and why."""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping

from garrepa_py.config.load import Config
from garrepa_py.model.base import ModelClient


def make_client(config: Config, environ: Mapping[str, str] | None = None
                ) -> tuple[ModelClient | None, str]:
    """(client, "") when a model can be asked; (None, reason) when briefings are structural."""
    env = os.environ if environ is None else environ
    kind = config.text("provider.type")
    model = config.text("provider.model")
    base_url = config.get("provider.baseUrl")
    key = env.get(config.text("provider.apiKeyEnvVar")) or None
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

        return AnthropicClient(key, model, base_url if isinstance(base_url, str) else None), ""
    if kind == "openai-compatible":
        if not isinstance(base_url, str):
            return None, "no-base-url"
        from garrepa_py.model.openai_compatible import OpenAICompatibleClient

        # Never hand the Anthropic key to another endpoint just because it is the default variable.
        if config.text("provider.apiKeyEnvVar") == "ANTHROPIC_API_KEY":
            key = None
        return OpenAICompatibleClient(base_url, model, key), ""
    if kind == "claude-cli":
        binary = shutil.which("claude", path=env.get("PATH"))
        if binary is None:
            return None, "no-claude-binary"
        from garrepa_py.model.claude_cli import ClaudeCliClient

        return ClaudeCliClient(model, binary), ""
    return None, f"unknown-provider-{kind}"
