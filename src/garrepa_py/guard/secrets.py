"""The secret guard: paths and content that must never reach a model or a spill file.

On a hit the original passes through untouched; callers journal only the kind of hit.
"""

from __future__ import annotations

import fnmatch
import os
import re

# Matched against each path component, lower-cased.
SECRET_NAME_GLOBS = (
    ".env", ".env.*", "*.env", "*.pem", "*.key", "*.p12", "*.pfx", "*.jks", "*.keystore",
    "id_rsa*", "id_dsa*", "id_ed25519*", "id_ecdsa*", "*credentials*", ".netrc", "_netrc",
    ".npmrc", ".pypirc", ".pgpass", "kubeconfig", "*.kubeconfig", ".git-credentials",
    "*.tfvars", "*.tfstate", "secrets.*", "*secret*.json", "*secret*.yaml", "*secret*.yml",
)
SECRET_DIRS = ("secrets", ".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure", ".gcloud")


def secret_path(path: str) -> str | None:
    """Why a path is secret ('name:<glob>' or 'dir:<name>'), or None. Symlinks are resolved."""
    candidates = {os.path.normpath(path)}
    try:
        candidates.add(os.path.realpath(path))
    except (OSError, ValueError):
        pass
    for candidate in sorted(candidates):
        parts = [p.lower() for p in candidate.replace("\\", "/").split("/") if p]
        if not parts:
            continue
        for directory in parts[:-1]:
            if directory in SECRET_DIRS:
                return f"dir:{directory}"
        name = parts[-1]
        for glob in SECRET_NAME_GLOBS:
            if fnmatch.fnmatchcase(name, glob):
                return f"name:{glob}"
    return None


_TOKEN_PATTERNS: tuple[tuple[str, str], ...] = (
    ("private-key", r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"),
    ("anthropic-key", r"\bsk-ant-[A-Za-z0-9_-]{20,}"),
    ("openai-key", r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}"),
    ("stripe-key", r"\b[sr]k_live_[0-9A-Za-z]{16,}"),
    ("github-token", r"\bgithub_pat_[A-Za-z0-9_]{22,}|\bgh[pousr]_[A-Za-z0-9]{36,}"),
    ("gitlab-token", r"\bglpat-[A-Za-z0-9_-]{20,}"),
    ("slack-token", r"\bxox[abprs]-[A-Za-z0-9-]{10,}"),
    ("slack-webhook", r"hooks\.slack\.com/services/T[A-Za-z0-9]+/B[A-Za-z0-9]+/[A-Za-z0-9]+"),
    ("google-api-key", r"\bAIza[0-9A-Za-z_-]{35}"),
    ("aws-access-key", r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"),
    ("npm-token", r"\bnpm_[A-Za-z0-9]{36}\b"),
    ("pypi-token", r"\bpypi-AgE[A-Za-z0-9_-]{50,}"),
    ("jwt", r"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}"),
)
_TOKENS = re.compile("|".join(f"(?P<{name.replace('-', '_')}>{pattern})"
                              for name, pattern in _TOKEN_PATTERNS))

# `password = "hunter2hunter2"`, `"client_secret": "…"`, `AWS_SECRET_ACCESS_KEY=…`
_ASSIGNMENT = re.compile(
    r"""(?ix)
    (?:password|passwd|pwd|secret|api[_-]?key|access[_-]?key|auth[_-]?token|access[_-]?token
       |refresh[_-]?token|client[_-]?secret|private[_-]?key|secret[_-]?key)
    [A-Za-z_]*["']?\s*[:=]\s*["']?
    (?P<value>[^\s"'`,;)}\]]{8,})
    """
)
_PLACEHOLDER = re.compile(
    r"""(?ix)^(?:
        [<{$%].*            # <your-key>, ${VAR}, {{ var }}, %(x)s
      | .*(?:x{4,}|\*{3,}|\.{3}|your|example|changeme|placeholder|redacted|dummy|sample).*
      | [A-Z_]+             # ALL_CAPS_NAME: a variable name, not a value
      | [a-z_]+             # plain words: prose, not a credential
      | (?:true|false|null|none|string|required|optional)
    )$"""
)


def secret_content(text: str) -> str | None:
    """The kind of secret the text holds ('github-token', 'credential-assignment', …), or None."""
    match = _TOKENS.search(text)
    if match and match.lastgroup:
        return match.lastgroup.replace("_", "-")
    for assignment in _ASSIGNMENT.finditer(text):
        value = assignment.group("value")
        if not _PLACEHOLDER.match(value):
            return "credential-assignment"
    return None
