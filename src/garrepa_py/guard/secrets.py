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


# (kind, literals one of which must occur, pattern): the cheap `in` test skips most regexes.
_TOKEN_PATTERNS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("private-key", ("PRIVATE KEY",), r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"),
    ("anthropic-key", ("sk-ant-",), r"\bsk-ant-[A-Za-z0-9_-]{20,}"),
    ("openai-key", ("sk-",), r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}"),
    ("stripe-key", ("k_live_",), r"\b[sr]k_live_[0-9A-Za-z]{16,}"),
    ("github-token", ("github_pat_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
     r"\bgithub_pat_[A-Za-z0-9_]{22,}|\bgh[pousr]_[A-Za-z0-9]{36,}"),
    ("gitlab-token", ("glpat-",), r"\bglpat-[A-Za-z0-9_-]{20,}"),
    ("slack-token", ("xox",), r"\bxox[abprs]-[A-Za-z0-9-]{10,}"),
    ("slack-webhook", ("hooks.slack.com",),
     r"hooks\.slack\.com/services/T[A-Za-z0-9]+/B[A-Za-z0-9]+/[A-Za-z0-9]+"),
    ("google-api-key", ("AIza",), r"\bAIza[0-9A-Za-z_-]{35}"),
    ("aws-access-key", ("AKIA", "ASIA"), r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"),
    ("npm-token", ("npm_",), r"\bnpm_[A-Za-z0-9]{36}\b"),
    ("pypi-token", ("pypi-AgE",), r"\bpypi-AgE[A-Za-z0-9_-]{50,}"),
    ("jwt", ("eyJ",), r"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}"),
)
_TOKENS = tuple((kind, literals, re.compile(pattern)) for kind, literals, pattern in _TOKEN_PATTERNS)

# `password = "hunter2hunter2"`, `"client_secret": "…"`, `AWS_SECRET_ACCESS_KEY=…`
_ASSIGNMENT = re.compile(
    r"""(?ix)
    (?:password|passwd|pwd|secret|api[_-]?key|access[_-]?key|auth[_-]?token|access[_-]?token
       |refresh[_-]?token|client[_-]?secret|private[_-]?key|secret[_-]?key)
    [A-Za-z_]*["']?\s*[:=]\s*["']?
    (?P<value>[^\s"'`,;)}\]]{8,})
    """
)
# Every keyword above starts with one of these, so the regex need only be tried where they are.
_STEMS = ("pass", "pwd", "secret", "api", "access", "auth", "refresh", "private")
_WINDOW = 200
_PLACEHOLDER = re.compile(
    r"""(?ix)^(?:
        [<{$%].*            # <your-key>, ${VAR}, {{ var }}, %(x)s
      | .*(?:x{4,}|\*{3,}|\.{3}|your|example|changeme|placeholder|redacted|dummy|sample).*
      | [A-Z_]+             # ALL_CAPS_NAME: a variable name, not a value
      | [a-z_]+             # plain words: prose, not a credential
      | (?:true|false|null|none|string|required|optional)
    )$"""
)


def _assignment_starts(text: str) -> list[int]:
    """Where a credential keyword may start; every position when case-folding shifts offsets."""
    lower = text.lower()
    if len(lower) != len(text):
        return [-1]
    starts = []
    for stem in _STEMS:
        at = lower.find(stem)
        while at != -1:
            starts.append(at)
            at = lower.find(stem, at + 1)
    return sorted(starts)


def _looks_like_credential(value: str) -> bool:
    """A value, not a word: letters with digits or symbols, after escapes like \\n are removed."""
    for escape in ("\\n", "\\t", "\\r"):
        value = value.replace(escape, "")
    if len(value) < 8 or _PLACEHOLDER.match(value):
        return False
    has_letter = any(c.isalpha() for c in value)
    has_other = any(c.isdigit() or not c.isalnum() for c in value)
    return has_letter and has_other


def _credential_assignment(text: str) -> bool:
    for start in _assignment_starts(text):
        matches = (_ASSIGNMENT.finditer(text) if start < 0 else
                   [m for m in [_ASSIGNMENT.match(text, start, start + _WINDOW)] if m])
        for match in matches:
            if _looks_like_credential(match.group("value")):
                return True
    return False


def secret_content(text: str) -> str | None:
    """The kind of secret the text holds ('github-token', 'credential-assignment', …), or None."""
    for kind, literals, pattern in _TOKENS:
        if any(literal in text for literal in literals) and pattern.search(text):
            return kind
    if _credential_assignment(text):
        return "credential-assignment"
    return None
