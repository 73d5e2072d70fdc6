"""Claude on Amazon Bedrock and Google Vertex, through the anthropic SDK's own clients.

Only users whose Claude Code runs on those clouds (`CLAUDE_CODE_USE_BEDROCK`,
`CLAUDE_CODE_USE_VERTEX`) load the SDK (1-3 s of imports here): their request signing (AWS
SigV4, Google credentials) is the SDK's job, not ours. Install with `garrepa-py[bedrock]` or
`garrepa-py[vertex]`; without the extra, `auto` names what is missing and briefings stay
structural.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from garrepa_py.model.base import MIN_ATTEMPT_SECONDS, ModelError, ModelReply

BEDROCK_HAIKU = "us.anthropic.claude-haiku-4-5-20251001-v1:0"
VERTEX_HAIKU = "claude-haiku-4-5@20251001"


class SdkClient:
    """One SDK client per call, made with the time left as its timeout and one retry."""

    def __init__(self, name: str, model: str, make: Callable[[float], Any], origin: str) -> None:
        self.name = name
        self.model = model
        self._make = make
        self.origin = origin

    def complete(self, system: str, user: str, max_tokens: int, deadline: float) -> ModelReply:
        import anthropic

        remaining = deadline - time.monotonic()
        if remaining < MIN_ATTEMPT_SECONDS:
            raise ModelError("no-time", f"{remaining:.1f}s left")
        try:
            reply = self._make(remaining).messages.create(
                model=self.model, max_tokens=max_tokens, system=system,
                messages=[{"role": "user", "content": user}])
        except anthropic.APITimeoutError as exc:
            raise ModelError("timeout", str(exc)) from None
        except anthropic.APIStatusError as exc:
            raise ModelError(f"http-{exc.status_code}", str(exc)[:200]) from None
        except anthropic.APIConnectionError as exc:
            raise ModelError("connection", str(exc)[:200]) from None
        except Exception as exc:  # credentials missing or refused by the SDK, and the like
            raise ModelError(f"sdk-{type(exc).__name__}", str(exc)[:200]) from None
        text = "".join(block.text for block in reply.content
                       if getattr(block, "type", "") == "text"
                       and isinstance(getattr(block, "text", None), str))
        if reply.stop_reason == "max_tokens":
            raise ModelError("truncated", "the briefing hit max_tokens")
        usage = getattr(reply, "usage", None)
        return ModelReply(text=text, model=str(getattr(reply, "model", "") or self.model),
                          input_tokens=int(getattr(usage, "input_tokens", 0) or 0),
                          output_tokens=int(getattr(usage, "output_tokens", 0) or 0))


def _has(module: str) -> bool:
    import importlib.util

    from garrepa_py import paths

    paths.add_dependency_path()
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def bedrock(env: Mapping[str, str], model: str | None) -> tuple[SdkClient | None, str]:
    """Bedrock the way Claude Code uses it: the AWS credential chain, `AWS_REGION`,
    `ANTHROPIC_BEDROCK_BASE_URL`."""
    if not _has("botocore"):  # the SDK signs with it: the `bedrock` extra
        return None, "auto-bedrock-needs-extra"
    try:
        import anthropic
    except ImportError:
        return None, "auto-bedrock-needs-extra"
    region = env.get("AWS_REGION") or env.get("AWS_DEFAULT_REGION") or "us-east-1"
    base_url = env.get("ANTHROPIC_BEDROCK_BASE_URL") or None

    def make(timeout: float) -> Any:
        return anthropic.AnthropicBedrock(aws_region=region, base_url=base_url, timeout=timeout,
                                          max_retries=1)

    where = f" at {base_url}" if base_url else ""
    return SdkClient("bedrock", model or BEDROCK_HAIKU, make,
                     f"Bedrock ({region}) via CLAUDE_CODE_USE_BEDROCK{where}"), ""


def vertex(env: Mapping[str, str], model: str | None) -> tuple[SdkClient | None, str]:
    """Vertex the way Claude Code uses it: `ANTHROPIC_VERTEX_PROJECT_ID`, `CLOUD_ML_REGION`,
    `ANTHROPIC_VERTEX_BASE_URL`; Google's default credentials, or an access token in
    `GOOGLE_OAUTH_ACCESS_TOKEN`."""
    if not _has("google.auth"):  # the `vertex` extra
        return None, "auto-vertex-needs-extra"
    try:
        import anthropic
    except ImportError:
        return None, "auto-vertex-needs-extra"
    project = env.get("ANTHROPIC_VERTEX_PROJECT_ID")
    if not project:
        return None, "auto-vertex-no-project"
    region = env.get("CLOUD_ML_REGION") or "us-east5"
    base_url = env.get("ANTHROPIC_VERTEX_BASE_URL") or None
    token = env.get("GOOGLE_OAUTH_ACCESS_TOKEN") or None

    def make(timeout: float) -> Any:
        return anthropic.AnthropicVertex(region=region, project_id=project, access_token=token,
                                         base_url=base_url, timeout=timeout, max_retries=1)

    where = f" at {base_url}" if base_url else ""
    return SdkClient("vertex", model or VERTEX_HAIKU, make,
                     f"Vertex ({project}, {region}) via CLAUDE_CODE_USE_VERTEX{where}"), ""
