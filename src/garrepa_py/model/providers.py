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
    if kind == "auto":
        return _auto(config, env)
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


HAIKU = "claude-haiku-4-5"
TRUTHY = ("1", "true", "yes", "on")


def custom_headers(raw: str | None) -> dict[str, str]:
    """ANTHROPIC_CUSTOM_HEADERS, as Claude Code reads it: `Name: value` lines."""
    headers: dict[str, str] = {}
    for line in (raw or "").splitlines():
        name, colon, value = line.partition(":")
        if colon and name.strip() and "\r" not in value and "\n" not in value:
            headers[name.strip()] = value.strip()
    return headers


def auto_model(config: Config, env: Mapping[str, str], platform_default: str = HAIKU) -> str:
    """An explicit `provider.model` wins; else Claude Code's own small model; else Haiku 4.5
    (by the id of the platform: Anthropic, Bedrock or Vertex)."""
    if config.sources.get("provider.model", "default") != "default":
        return config.settings.provider.model
    return (env.get("ANTHROPIC_DEFAULT_HAIKU_MODEL") or env.get("ANTHROPIC_SMALL_FAST_MODEL")
            or platform_default)


def _logged_in_claude(env: Mapping[str, str]) -> str | None:
    """The `claude` binary, when this user is logged in to it (a subscription, no API key)."""
    binary = shutil.which("claude", path=env.get("PATH"))
    if binary is None:
        return None
    home = env.get("CLAUDE_CONFIG_DIR") or os.path.join(env.get("HOME") or
                                                        os.path.expanduser("~"), ".claude")
    if env.get("CLAUDE_CODE_OAUTH_TOKEN") or os.path.isfile(os.path.join(home, ".credentials.json")):
        return binary
    return None


def _auto(config: Config, env: Mapping[str, str]) -> tuple[ModelClient | None, str]:
    """Follow Claude Code's own way to Claude: its environment, else a logged-in `claude`.

    Explicit `provider.baseUrl` and `provider.apiKeyEnvVar` (yours, or a trusted project's) win
    over Claude Code's variables.
    """
    provider = config.settings.provider
    if env.get("CLAUDE_CODE_USE_BEDROCK", "").lower() in TRUTHY:
        from garrepa_py.model import cloud

        return cloud.bedrock(env, auto_model(config, env, cloud.BEDROCK_HAIKU))
    if env.get("CLAUDE_CODE_USE_VERTEX", "").lower() in TRUTHY:
        from garrepa_py.model import cloud

        return cloud.vertex(env, auto_model(config, env, cloud.VERTEX_HAIKU))
    model = auto_model(config, env)
    base_url = provider.base_url or env.get("ANTHROPIC_BASE_URL") or None
    headers = custom_headers(env.get("ANTHROPIC_CUSTOM_HEADERS"))
    explicit_variable = config.sources.get("provider.apiKeyEnvVar", "default") != "default"
    from garrepa_py.model.anthropic_api import AnthropicClient

    where = f" at {base_url}" if base_url else ""
    if explicit_variable and env.get(provider.api_key_env_var):
        return AnthropicClient(env[provider.api_key_env_var], model, base_url, False, headers,
                               f"key from ${provider.api_key_env_var}{where}"), ""
    if env.get("ANTHROPIC_API_KEY"):
        return AnthropicClient(env["ANTHROPIC_API_KEY"], model, base_url, False, headers,
                               f"key from $ANTHROPIC_API_KEY{where}"), ""
    if env.get("ANTHROPIC_AUTH_TOKEN"):
        return AnthropicClient(env["ANTHROPIC_AUTH_TOKEN"], model, base_url, True, headers,
                               f"bearer token from $ANTHROPIC_AUTH_TOKEN{where}"), ""
    binary = _logged_in_claude(env)
    if binary is not None:
        from garrepa_py.model.claude_cli import ClaudeCliClient

        client = ClaudeCliClient(model, binary)
        client.origin = f"logged-in claude at {binary}"
        return client, ""
    return None, "auto-nothing-found"
