"""The secret guard: secret paths are never read; secret content is masked, not refused.

Paths (`.env*`, keys, `.ssh/`, …, symlink targets too) are never read, sent or spilled.
Content is scanned for findings — a kind, a line and a span — so that what goes to a model has
each one replaced by `[secret: KIND]` and the agent's briefing says which line held what. The
precise part is detect-secrets (its plugins and heuristic filters: indirect references,
templated values, ids); it is imported only when a cheap standard-library prefilter finds a
candidate line, since the import costs ~200-260 ms. Private-key blocks and a few token shapes
detect-secrets reports only in part (a prefix) are found here, with exact spans.
"""

from __future__ import annotations

import fnmatch
import os
import re
from typing import Any

# Matched against each path component, lower-cased.
SECRET_NAME_GLOBS = (
    ".env", ".env.*", "*.env", "*.pem", "*.key", "*.p12", "*.pfx", "*.jks", "*.keystore",
    "id_rsa*", "id_dsa*", "id_ed25519*", "id_ecdsa*", "*credentials*", ".netrc", "_netrc",
    ".npmrc", ".pypirc", ".pgpass", "kubeconfig", "*.kubeconfig", ".git-credentials",
    "*.tfvars", "*.tfstate", "*secret*.json", "*secret*.yaml", "*secret*.yml",
    "secrets.toml", "secrets.ini", "secrets.env", "secrets.txt", "secrets.conf",
    "secrets.properties", "secrets.xml",
)  # `secrets.*` once matched `secrets.py` too: source code is scanned and masked, not hidden
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


# Token shapes whose exact extent detect-secrets does not report (it gives "ghp" for a GitHub
# token) or does not know (Anthropic, Google): (kind, literals one of which must occur, pattern).
_OWN_TOKENS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("anthropic-key", ("sk-ant-",), r"\bsk-ant-[A-Za-z0-9_-]{20,}"),
    ("github-token", ("github_pat_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
     r"\bgithub_pat_[A-Za-z0-9_]{22,}|\bgh[pousr]_[A-Za-z0-9]{36,}"),
    ("gitlab-token", ("glpat-",), r"\bglpat-[A-Za-z0-9_-]{20,}"),
    ("google-api-key", ("AIza",), r"\bAIza[0-9A-Za-z_-]{35}"),
    ("slack-webhook", ("hooks.slack.com",),
     r"https://hooks\.slack\.com/services/[A-Za-z0-9]+/[A-Za-z0-9]+/[A-Za-z0-9]+"),
)
_PEM_BEGIN = re.compile(r"-----BEGIN (?P<label>(?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----")

# A line is a candidate for detect-secrets when it holds one of these (case-insensitive): the
# keyword plugin's words and token prefixes. Found with str.find on the lower-cased text, which
# runs at memory speed (a regex alternation took 5 s on 12 MB) and never holds the GIL for long.
_CANDIDATE_WORDS = ("pass", "pwd", "secret", "token", "auth", "cred", "apikey", "api_key",
                    "api-key", "accesskey", "access_key", "access-key", "privatekey",
                    "private_key", "private-key", "client_key", "contrase", "akia", "asia",
                    "a3t", "eyj", "xox", "sk-", "sk_", "rk_live", "npm_", "pypi-", "sg.", "sq0",
                    "accountkey")
_URL_CREDENTIALS = re.compile(r"://[^\s/@]*:[^\s/@]*@")  # user:password@host

# detect-secrets plugins used: everything with a precise shape; no entropy plugins (every SHA in
# a git log would be a finding) and no Twilio/Discord/Telegram/Mailchimp/Artifactory shapes
# that match ordinary identifiers.
_PLUGINS = ("AWSKeyDetector", "AzureStorageKeyDetector", "BasicAuthDetector", "CloudantDetector",
            "GitHubTokenDetector", "GitLabTokenDetector", "IbmCloudIamDetector",
            "IbmCosHmacDetector", "JwtTokenDetector", "KeywordDetector", "NpmDetector",
            "OpenAIDetector", "PypiTokenDetector", "SendGridDetector", "SlackDetector",
            "SoftlayerDetector", "SquareOAuthDetector", "StripeDetector")
_KINDS = {"AWS Access Key": "aws-key", "Secret Keyword": "credential",
          "Basic Auth Credentials": "url-password", "GitHub Token": "github-token",
          "GitLab Token": "gitlab-token", "NPM tokens": "npm-token", "PyPI Token": "pypi-token",
          "Slack Token": "slack-token", "OpenAI Token": "openai-key",
          "Stripe Access Key": "stripe-key", "JSON Web Token": "jwt",
          "SendGrid API Key": "sendgrid-key", "Azure Storage Account access key": "azure-key"}
# Values in a password slot that are placeholders, not secrets (`http://user:pass@host`).
_PLACEHOLDER_VALUES = frozenset({
    "pass", "password", "passwd", "pwd", "secret", "changeme", "change-me", "example", "test",
    "testing", "user", "username", "admin", "root", "foo", "bar", "baz", "xxx", "xxxx",
    "xxxxxx", "hunter2", "qwerty", "letmein", "dummy", "sample", "placeholder", "redacted",
    "none", "null", "empty", "123", "1234", "12345", "123456", "password123", "p@ssw0rd",
})
_GENERIC_KINDS = ("credential", "url-password")
# snake_case, camelCase and ENV_VAR_NAMES: names of things, not credentials
_IDENTIFIER = re.compile(r"^[a-z]+(?:_[a-z]+)+$|^[a-z]+(?:[A-Z][a-z]+)+$|^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")


def _not_a_value(value: str) -> bool:
    """A keyword finding that is a placeholder, an identifier or prose, not a credential."""
    bare = value.strip("*x. ").lower()
    return (bare in _PLACEHOLDER_VALUES or not bare or " " in value.strip()
            or "`" in value or bool(_IDENTIFIER.match(value.strip("'\""))))


_TOKEN_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.+/=")
MAX_CANDIDATE_LINES = 20_000  # past this, the scan would not fit the hook's deadline


class Finding:
    """A secret on one line: its kind and where it is (`end` = -1: to the end of the line)."""

    __slots__ = ("kind", "line", "start", "end")

    def __init__(self, kind: str, line: int, start: int, end: int) -> None:
        self.kind, self.line, self.start, self.end = kind, line, start, end

    def __repr__(self) -> str:
        return f"Finding({self.kind!r}, line {self.line}, {self.start}:{self.end})"


class Scan:
    """What a text holds. `unmaskable`: kinds found whose extent is unknown (send nothing)."""

    __slots__ = ("findings", "unmaskable", "detector")

    def __init__(self, findings: list[Finding], unmaskable: tuple[str, ...] = (),
                 detector: str = "none") -> None:
        self.findings = findings
        self.unmaskable = unmaskable
        self.detector = detector

    def __bool__(self) -> bool:
        return bool(self.findings or self.unmaskable)

    def kinds(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for finding in self.findings:
            counts[finding.kind] = counts.get(finding.kind, 0) + 1
        return counts

    def locations(self) -> list[tuple[int, str]]:
        """(line, kind) once per line and kind, in order: for messages, never values."""
        return sorted({(f.line, f.kind) for f in self.findings})

    def summary(self) -> str:
        """`aws-key:2,credential:1` for the journal (kinds and counts only)."""
        return ",".join(f"{kind}:{count}" for kind, count in sorted(self.kinds().items()))


_PEM_BODY = re.compile(r"^\s*(?:\d+\t)?(?:[A-Za-z0-9+/=]{8,}|[A-Za-z-]+: .*|)\s*$")


def _pem_blocks(lines: list[str], found: list[Finding]) -> None:
    """Private-key blocks, line by line: the BEGIN line from its marker, the base64 body and
    its headers, the END line. A BEGIN marker quoted in prose masks only itself."""
    index = 0
    while index < len(lines):
        line = lines[index]
        match = _PEM_BEGIN.search(line) if "PRIVATE KEY" in line else None
        if match is None:
            index += 1
            continue
        end_marker = f"-----END {match.group('label')}-----"
        found.append(Finding("private-key", index + 1, match.start(), -1))
        index += 1
        while index < len(lines):
            body = lines[index]
            at = body.find(end_marker)
            if at >= 0:
                found.append(Finding("private-key", index + 1, 0, at + len(end_marker)))
                index += 1
                break
            if not _PEM_BODY.match(body) or not body.strip() and index + 1 < len(lines) \
                    and not _PEM_BODY.match(lines[index + 1]):
                break
            if body.strip():
                found.append(Finding("private-key", index + 1, 0, -1))
            index += 1


def _own_tokens(lines: list[str], text: str, found: list[Finding]) -> None:
    for kind, literals, pattern in _OWN_TOKENS:
        if not any(literal in text for literal in literals):
            continue
        compiled = re.compile(pattern)
        for number, line in enumerate(lines, start=1):
            if any(literal in line for literal in literals):
                found.extend(Finding(kind, number, m.start(), m.end())
                             for m in compiled.finditer(line))


def _import_detect_secrets() -> Any:
    """detect-secrets, found beside garrepa even when the hook runs with `-I -S` (no site)."""
    try:
        from detect_secrets.core import scan as ds_scan
    except ImportError:
        from garrepa_py import paths

        paths.add_dependency_path()
        try:
            from detect_secrets.core import scan as ds_scan
        except ImportError:
            return None
    return ds_scan


def _detect_secrets(lines: list[str], candidates: list[int], found: list[Finding],
                    unmaskable: set[str]) -> bool:
    """Run detect-secrets on the candidate lines; False when it is not installed."""
    ds_scan = _import_detect_secrets()
    if ds_scan is None:
        return False
    from detect_secrets.settings import transient_settings

    with transient_settings({"plugins_used": [{"name": name} for name in _PLUGINS]}):
        for number in candidates:
            line = lines[number - 1]
            for view in _views(line):
                for secret in ds_scan.scan_line(view):
                    kind = _KINDS.get(secret.type, secret.type.lower().replace(" ", "-"))
                    value = secret.secret_value or ""
                    if kind in _GENERIC_KINDS and _not_a_value(value):
                        continue  # `user:pass@`, `password: "****"`, prose: not a secret
                    spans = _spans(line, value)
                    if not spans:
                        unmaskable.add(kind)  # its extent in the real text is unknown
                    found.extend(Finding(kind, number, start, end) for start, end in spans)
    return True


def _views(line: str) -> list[str]:
    """The line, and for text escaped inside a JSON string (an MCP result, a log) the lines it
    stands for: `\\"` as `"` and each `\\n` a line break, so `\\"password\\": \\"…\\"` is seen."""
    if "\\" not in line:
        return [line]
    plain = line.replace('\\"', '"').replace("\\'", "'").replace("\\t", " ")
    return [line, *(part for part in plain.split("\\n") if part.strip())]


def _spans(line: str, value: str) -> list[tuple[int, int]]:
    """Every place `value` stands in `line`, each grown over the rest of its token (a reported
    "ghp" or a JWT without its signature still masks the whole token)."""
    spans: list[tuple[int, int]] = []
    if len(value) < 3:
        return spans
    at = line.find(value)
    while at != -1:
        end = at + len(value)
        while end < len(line) and line[end] in _TOKEN_CHARS:
            end += 1
        spans.append((at, end))
        at = line.find(value, end)
    return spans


def _candidate_lines(text: str) -> list[int]:
    """Line numbers (1-based) the prefilter flags, in order."""
    lower = text.lower()
    if len(lower) != len(text):  # case-folding moved offsets (rare scripts): scan every line
        return list(range(1, text.count("\n") + 2))
    positions: list[int] = []
    for word in _CANDIDATE_WORDS:
        at = lower.find(word)
        while at != -1:
            positions.append(at)
            at = lower.find(word, at + len(word))
    if "://" in text:
        positions.extend(match.start() for match in _URL_CREDENTIALS.finditer(text))
    numbers: list[int] = []
    line, position = 1, 0
    for at in sorted(positions):
        line += text.count("\n", position, at)
        position = at
        if not numbers or numbers[-1] != line:
            numbers.append(line)
    return numbers


def scan(text: str) -> Scan:
    """Every secret finding in `text`, by line (1-based) and span. Never raises on content."""
    lines = text.split("\n")
    found: list[Finding] = []
    unmaskable: set[str] = set()
    if "PRIVATE KEY" in text:
        _pem_blocks(lines, found)
    _own_tokens(lines, text, found)
    candidates = _candidate_lines(text)
    detector = "builtin"
    if len(candidates) > MAX_CANDIDATE_LINES:
        unmaskable.add("too-many-candidates")  # cannot be sure in time: send nothing
    elif candidates and _detect_secrets(lines, candidates, found, unmaskable):
        detector = "detect-secrets"
    elif candidates:
        unmaskable.add("detector-missing")
    return Scan(_merged(found), tuple(sorted(unmaskable)), detector)


def _merged(found: list[Finding]) -> list[Finding]:
    """One finding per overlapping span; whole-line findings swallow the rest of their line."""
    out: list[Finding] = []
    # Where spans overlap the first one sorted here names the kind: a whole-line block first,
    # then the longest, then a specific kind (stripe-key) before a generic one (credential).
    generic = _GENERIC_KINDS
    for finding in sorted(found, key=lambda f: (f.line, f.start, -(f.end if f.end >= 0 else 1 << 30),
                                                f.kind in generic)):
        last = out[-1] if out else None
        if last is not None and last.line == finding.line and (
                last.end < 0 or finding.start < last.end):
            if last.end >= 0 and (finding.end < 0 or finding.end > last.end):
                last.end = finding.end
            continue
        out.append(Finding(finding.kind, finding.line, finding.start, finding.end))
    return out


def mask(text: str, found: Scan) -> str:
    """`text` with every finding replaced by `[secret: KIND]`; the line count is unchanged."""
    if not found.findings:
        return text
    lines = text.split("\n")
    by_line: dict[int, list[Finding]] = {}
    for finding in found.findings:
        by_line.setdefault(finding.line, []).append(finding)
    for number, findings in by_line.items():
        line = lines[number - 1]
        for finding in sorted(findings, key=lambda f: f.start, reverse=True):
            end = len(line) if finding.end < 0 else finding.end
            line = f"{line[:finding.start]}[secret: {finding.kind}]{line[end:]}"
        lines[number - 1] = line
    return "\n".join(lines)


def masked(text: str) -> tuple[str, Scan]:
    found = scan(text)
    return mask(text, found), found
