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


def _anthropic_credential(explicit: str | None, env: Mapping[str, str]
                          ) -> tuple[str, bool, str] | None:
    """(secret, is a bearer token, where it came from) of the first Anthropic credential set:
    an explicit `provider.apiKeyEnvVar`, then $ANTHROPIC_API_KEY, then $ANTHROPIC_AUTH_TOKEN."""
    if explicit and env.get(explicit):
        return env[explicit], False, f"key from ${explicit}"
    if env.get("ANTHROPIC_API_KEY"):
        return env["ANTHROPIC_API_KEY"], False, "key from $ANTHROPIC_API_KEY"
    if env.get("ANTHROPIC_AUTH_TOKEN"):
        return env["ANTHROPIC_AUTH_TOKEN"], True, "bearer token from $ANTHROPIC_AUTH_TOKEN"
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
    found = _anthropic_credential(provider.api_key_env_var if explicit_variable else None, env)
    if found is not None:
        # Imported only now that a key exists: the structural-only path loads no HTTP stack.
        from garrepa_py.model.anthropic_api import AnthropicClient

        secret, bearer, what = found
        where = f" at {base_url}" if base_url else ""
        return AnthropicClient(secret, model, base_url, bearer, headers, f"{what}{where}"), ""
    binary = _logged_in_claude(env)
    if binary is not None:
        from garrepa_py.model.claude_cli import ClaudeCliClient

        client = ClaudeCliClient(model, binary)
        client.origin = f"logged-in claude at {binary}"
        return client, ""
    return None, "auto-nothing-found"


KEEP_LOCAL = "to keep them local: `garrepa config set provider.type none`"
CLAUDE_CODE_VARIABLES = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL",
                         "CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX")
SETTINGS_MAX_BYTES = 1024 * 1024


def claude_code_environment(project: str, environ: Mapping[str, str] | None = None
                            ) -> dict[str, str]:
    """The environment a hook started by Claude Code here sees: this one, plus the `env` of
    the user's and the project's Claude Code settings (they are applied to every hook)."""
    import json

    env = dict(os.environ if environ is None else environ)
    home = env.get("CLAUDE_CONFIG_DIR") or os.path.join(env.get("HOME") or
                                                        os.path.expanduser("~"), ".claude")
    for path in (os.path.join(home, "settings.json"),
                 os.path.join(project, ".claude", "settings.json"),
                 os.path.join(project, ".claude", "settings.local.json")):
        try:
            with open(path, "rb") as handle:
                settings = json.loads(handle.read(SETTINGS_MAX_BYTES))
        except (OSError, ValueError):
            continue
        block = settings.get("env") if isinstance(settings, dict) else None
        if isinstance(block, dict):
            env.update({k: v for k, v in block.items() if isinstance(k, str) and isinstance(v, str)})
    return env


def endpoint(client: ModelClient) -> str:
    """Where a client sends what it is given, in words."""
    if client.name == "claude-cli":
        return "Anthropic, through the logged-in `claude`"
    if client.name in ("bedrock", "vertex"):
        return "Amazon Bedrock" if client.name == "bedrock" else "Google Vertex AI"
    return str(getattr(client, "base_url", None) or getattr(client, "url", "") or client.name)


def egress(config: Config, client: ModelClient | None) -> str:
    """What leaves this machine, said plainly (`init` and `doctor`); "" when nothing can."""
    if client is not None:
        origin = getattr(client, "origin", "")
        how = f" ({origin})" if origin else ""
        return (f"documents and tool results that garrepa briefs (secrets masked) are sent to "
                f"{endpoint(client)}{how}; inside Claude Code the hook has Claude Code's own "
                f"environment, so its key or gateway is used the same way; {KEEP_LOCAL}")
    if config.settings.provider.type != "auto":
        return ""
    return ("provider auto: inside Claude Code the hook has Claude Code's environment; if that "
            f"has {', '.join(CLAUDE_CODE_VARIABLES)} or a logged-in `claude`, documents and "
            f"tool results that garrepa briefs (secrets masked) go to that endpoint; {KEEP_LOCAL}")
