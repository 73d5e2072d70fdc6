"""Secret shapes found on one line, each with its exact span: vendor tokens, keyword
assignments in every common syntax, URL passwords, `Authorization` headers and shell flags.

Standard library only (the hook path): each finder takes a line and returns (kind, start, end)
spans of the secret value itself, so the rest of the line — the key's name, the quotes, the
host of a URL — stays readable.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator

from garrepa_py.guard import forms, names, values

Span = tuple[str, int, int]  # kind, start, end

# Vendor tokens: (kind, literals one of which the line must hold, pattern). Where a pattern has
# a group named `v`, that is the secret; else the whole match is.
TOKENS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("anthropic-key", ("sk-ant-",), r"(?<![\w\-])sk-ant-[A-Za-z0-9_\-]{20,}"),
    ("openai-key", ("sk-",), r"(?<![\w\-])sk-(?!ant-)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_\-]{20,}"),
    ("github-token", ("github_pat_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
     r"(?<![\w\-])github_pat_[A-Za-z0-9_]{22,}|(?<![\w\-])gh[pousr]_[A-Za-z0-9]{36,}"),
    ("gitlab-token", ("glpat-",), r"(?<![\w\-])glpat-[A-Za-z0-9_\-]{20,}"),
    ("google-api-key", ("AIza",), r"(?<![\w\-])AIza[0-9A-Za-z_\-]{35}"),
    ("slack-webhook", ("hooks.slack.com",),
     r"https://hooks\.slack\.com/(?:services|workflows)/[A-Za-z0-9/_\-]+"),
    ("discord-webhook", ("discord.com/api/webhooks/", "discordapp.com/api/webhooks/"),
     r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/[0-9]+/[A-Za-z0-9_\-]+"),
    ("teams-webhook", (".webhook.office.com/",),
     r"https://[A-Za-z0-9\-]+\.webhook\.office\.com/webhookb2/[^\s'\"<>]+"),
    ("slack-token", ("xox",), r"(?<![\w\-])xox[abposre]-[A-Za-z0-9\-]{10,}"),
    ("aws-key", ("AKIA", "ASIA", "ABIA", "ACCA", "A3T"),
     r"\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b"),
    ("stripe-key", ("sk_live_", "rk_live_", "sk_test_", "rk_test_", "whsec_"),
     r"\b(?:[sr]k_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{24,})"),
    ("npm-token", ("npm_",), r"\bnpm_[A-Za-z0-9]{36}\b"),
    ("pypi-token", ("pypi-",), r"(?<![\w\-])pypi-AgE[A-Za-z0-9_\-]{50,}"),
    ("jwt", ("eyJ",), r"(?<![\w\-])eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]*"),
    ("sendgrid-key", ("SG.",), r"(?<![\w\-.])SG\.[A-Za-z0-9_\-]{16,32}\.[A-Za-z0-9_\-]{16,64}"),
    ("twilio-key", ("SK",), r"\bSK[0-9a-fA-F]{32}\b"),
    ("heroku-key", ("HRKU-",), r"(?<![\w\-])HRKU-[A-Za-z0-9_\-]{20,}"),
    ("square-token", ("sq0",), r"(?<![\w\-])sq0(?:atp|csp)-[A-Za-z0-9_\-]{22,}"),
    ("shopify-token", ("shpat_", "shpss_", "shpca_", "shppa_"), r"\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}"),
    ("databricks-token", ("dapi",), r"\bdapi[a-f0-9]{32}\b"),
    ("digitalocean-token", ("dop_v1_", "doo_v1_"), r"\bdo[op]_v1_[a-f0-9]{64}"),
    ("mailgun-key", ("key-",), r"(?<![\w\-])key-[0-9a-f]{32}\b"),
    ("huggingface-token", ("hf_",), r"(?<![\w\-])hf_[A-Za-z0-9]{34,}"),
    # HashiCorp Vault: service, batch and recovery tokens (`hvs.CAES…`), in prose too.
    ("vault-token", ("hvs.", "hvb.", "hvr."), r"(?<![\w\-.])hv[sbr]\.[A-Za-z0-9_\-]{24,}"),
    # An Azure SAS URL's signature: `…?sv=…&se=…&sig=<url-encoded base64>` (the rest is not secret).
    ("sas-signature", ("sig=",), r"[?&;]sig=(?P<v>[A-Za-z0-9%+/=_\-]{16,512})"),
    # A presigned S3 or Cloud Storage URL's signature: whoever holds the URL holds the object.
    ("signed-url-signature", ("Signature=", "signature="),
     r"[?&;](?i:x-amz-signature|x-goog-signature)=(?P<v>[A-Fa-f0-9]{32,1024})"),
)
_COMPILED = tuple((kind, literals, re.compile(pattern)) for kind, literals, pattern in TOKENS)
# Which token kinds must look random to count (their prefixes also start ordinary words).
_RANDOM_ONLY = frozenset({"openai-key", "twilio-key", "databricks-token", "mailgun-key"})

# NAME <op> VALUE: `.env`/shell (`export X=…`, `--password=…`), ini (`x = …`), YAML (`x: …`),
# JSON (`"x": "…"`, escaped once or twice: `\"x\": \"…\"`), connection strings (`;Pwd=…;`),
# query strings (`?token=…&`), PHP/Ruby (`=>`), Go (`:=`).
ASSIGNMENT = re.compile(
    r"(?P<nq>\\*[\"']?)(?<![A-Za-z0-9_$@])"
    r"(?P<name>(?:[A-Za-z_$@]|\\u[0-9A-Fa-f]{4})(?:[A-Za-z0-9_.\-]|\\u[0-9A-Fa-f]{4}){0,120})(?P=nq)"
    r"[ \t]*(?P<op>:=|=>|=|:(?!//))(?![=:])[ \t]*"
    r"(?:(?P<q>\\*[\"'`])(?P<qv>.*?)(?P=q)|(?P<bv>[^\s;,&\"'`<>)\]}\\]+))")
_NAME_ONLY = re.compile(r"[A-Za-z_$@][A-Za-z0-9_.\-]{0,120}\Z")
_ENV_LINE = re.compile(r"^[+\- ]?[ \t]*(?:export[ \t]+|set[ \t]+|ENV[ \t]+)?$")
# scheme://user:password@host (the user may be empty: `redis://:pw@host`)
URL_CREDENTIALS = re.compile(
    r"(?:(?<=^[+\- ])|(?<![A-Za-z0-9+.\-]))[A-Za-z][A-Za-z0-9+.\-]{0,30}://(?P<user>[^\s:/@'\"\\<>]{0,256}):"
    r"(?P<v>[^\s/'\"\\<>]{1,256})@"
    r"(?=[A-Za-z0-9\[.\-_%])")
AUTH_HEADER = re.compile(r"(?i)\b(?:bearer|basic|token|apikey|api-key)[ \t]+"
                         r"(?P<v>[A-Za-z0-9._~+/=\-]{12,})")
SHELL_FLAG = re.compile(
    r"(?i)(?<![\w\-])--?(?:password|passwd|pass|pwd|token|secret|api-key|apikey|api_key|"
    r"auth-token|access-token|client-secret|secret-key|access-key)[ \t]+"
    r"(?P<v>'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"\-$][^\s'\"]*)")
DASH_P = re.compile(r"[ \t]-p(?P<v>'[^'\n]+'|\"[^\"\n]+\"|[^\s'\"]+)")
MYSQL_TOOL = re.compile(r"\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^|;&]*$")
MYSQL_REACH = 200  # how far before `-p…` the client's name may stand
SSHPASS_P = re.compile(r"\bsshpass[ \t]+-p[ \t]*(?P<v>'[^'\n]+'|\"[^\"\n]+\"|[^\s'\"]+)")
# `docker login -p PW registry` (podman, buildah, skopeo, oras, `helm registry login` alike):
# `-p` is the password only after a registry login, looked up backwards from the flag.
LOGIN_P = re.compile(r"[ \t]-p(?:[ \t]+|=)?(?P<v>'[^'\n]+'|\"[^\"\n]+\"|[^\s'\"]+)")
LOGIN_TOOL = re.compile(r"\b(?:docker|podman|buildah|skopeo|oras|nerdctl|registry)[ \t]+login\b"
                        r"[^|;&]*$")
# `redis-cli -a PW`: `-a` is the password only after redis-cli, looked up backwards from the flag.
REDIS_A = re.compile(r"[ \t]-a[ \t]+(?P<v>'[^'\n]+'|\"[^\"\n]+\"|[^\s'\"\-][^\s'\"]*)")
REDIS_TOOL = re.compile(r"\bredis-cli\b[^|;&]*$")
CURL_USER = re.compile(r"(?:^|[ \t])(?:-u|--user)[ \t]+['\"]?(?P<user>[^\s:'\"]+):"
                       r"(?P<v>[^\s'\"]+)")
# A reStructuredText hyperlink target, `.. _link name: `, up to its address.
_LINK_TARGET = re.compile(r"[ \t]*\.\. _[^:\n]{1,200}:[ \t]+")
_UNICODE_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})")
_CAMEL_WORDS = re.compile(r"^[A-Z]?[a-z]+(?:[A-Z][a-z]+)*$")  # `Bearer SomeClassName`
HEADER_AUTH_WORDS = ("bearer", "basic", "token", "apikey", "api-key")


def has_token_prefix(text: str) -> bool:
    """One C call for a short text; a find per prefix for a long one (an alternation crawls)."""
    if len(text) <= 4096:
        return bool(TOKEN_PREFIX.search(text))
    return any(literal in text for literal in TOKEN_LITERALS)


def tokens(line: str) -> Iterator[Span]:
    if not has_token_prefix(line):  # the common line holds no token at all
        return
    for kind, literals, pattern in _COMPILED:
        if not any(literal in line for literal in literals):
            continue
        for match in pattern.finditer(line):
            if kind in _RANDOM_ONLY and not values.random_looking(
                    re.sub(r"^(?:sk-(?:proj-|svcacct-|admin-)?|SK|dapi|key-)", "", match.group())):
                continue
            group = "v" if "v" in pattern.groupindex else 0
            if "EXAMPLE" in match.group(group) or values.placeholder(match.group(group)):
                continue  # AWS's documented AKIAIOSFODNN7EXAMPLE, `sk-xxxxxxxx…`
            yield kind, match.start(group), match.end(group)


def _unquote(value: str) -> tuple[str, int, int]:
    """A shell word's value and its offsets inside the word (quotes dropped)."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1], 1, len(value) - 1
    return value, 0, len(value)


def _assignment_matches(line: str) -> Iterator[re.Match[str]]:
    """Every NAME <op> VALUE on the line, and one that starts at another's value: in
    `config dump: aws_secret_access_key = …` the first match is `dump: aws_secret_access_key`,
    whose bare value is the next one's name. The search resumes at such a value only when it
    is a name (at most 121 characters, no operator in it), so the cost stays linear."""
    at = 0
    while at <= len(line):
        match = ASSIGNMENT.search(line, at)
        if match is None:
            return
        yield match
        bare = match.group("bv")
        at = match.start("bv") if bare is not None and _NAME_ONLY.match(bare) else match.end()


def assignments(line: str) -> Iterator[Span]:
    for match in _assignment_matches(line):
        name = match.group("name")
        if "\\u" in name:  # `"\u0070assword"`: judged by the name it decodes to
            name = _UNICODE_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), name)
        strength = names.strength(name)
        if strength is None:
            continue
        if match.group("q") is None and line[match.end():match.end() + 1] == "`":
            continue  # a reStructuredText role, `token :class:`str``: markup, not a value
        quoted = match.group("q") is not None
        value = match.group("qv") if quoted else match.group("bv")
        group = "qv" if quoted else "bv"
        kind = names.kind(name)
        if value is None:
            continue
        target = None if quoted else _LINK_TARGET.match(line)
        if target is not None and target.end() == match.start("bv") and "@" not in value \
                and value.startswith(("http://", "https://")):
            continue  # `.. _temporary security credentials: https://…`: a link's address
        if "PRIVATE KEY-----" in value:
            yield "private-key", match.start(group), match.end(group)
            continue
        if strength == "auth":
            if docker_auth(value):
                yield "docker-auth", match.start(group), match.end(group)
            continue
        env_form = (match.group("op") == "=" and not match.group("nq")
                    and line[match.end("name"):match.start("op")] == ""
                    and bool(_ENV_LINE.match(line[:match.start()])) and name.upper() == name)
        if values.secret_value(value, quoted=quoted, strong=strength == names.STRONG,
                               env_form=env_form):
            yield kind, match.start(group), match.end(group)


def docker_auth(value: str) -> bool:
    """base64 of `user:password`, as docker's config.json keeps it."""
    if len(value) < 8 or len(value) > 4096:
        return False
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    user, colon, password = decoded.partition(b":")
    return bool(colon and user and len(password) >= 3)


def url_passwords(line: str) -> Iterator[Span]:
    if "://" not in line:
        return
    for match in URL_CREDENTIALS.finditer(line):
        password = match.group("v")
        if values.placeholder(password) or password == match.group("user"):
            continue
        yield "url-password", match.start("v"), match.end("v")


def headers(line: str) -> Iterator[Span]:
    """`Authorization: Bearer <opaque>`, `Basic <base64>`, `token <…>`: the opaque part."""
    for match in AUTH_HEADER.finditer(line):
        value = match.group("v")
        if values.placeholder(value) or not _opaque(value):
            continue
        yield "bearer-token", match.start("v"), match.end("v")


def _opaque(value: str) -> bool:
    """Not a word of prose: digits or mixed case or symbols, as a generated token has."""
    classes = sum((any(c.islower() for c in value), any(c.isupper() for c in value),
                   any(c.isdigit() for c in value)))
    word = value.rstrip(".")  # `HTTP Basic Authorization.`: a word ending a sentence
    return classes >= 2 and values.entropy(value) >= 3.0 and not _CAMEL_WORDS.match(word)


def _mysql_p(line: str) -> Iterator[re.Match[str]]:
    """`mysql … -p<password>`: each `-p…` with a MySQL client named shortly before it, in the same
    command (looked up backwards from the flag, so a line of `mysql mysql …` stays linear)."""
    if "mysql" not in line and "mariadb" not in line:
        return
    for match in DASH_P.finditer(line):
        if MYSQL_TOOL.search(line, max(0, match.start() - MYSQL_REACH), match.start()):
            yield match


def _login_p(line: str) -> Iterator[re.Match[str]]:
    """`docker login … -p <password>`: each `-p` with a registry login shortly before it."""
    if "login" not in line:
        return
    for match in LOGIN_P.finditer(line):
        if LOGIN_TOOL.search(line, max(0, match.start() - MYSQL_REACH), match.start()):
            yield match


def _redis_a(line: str) -> Iterator[re.Match[str]]:
    """`redis-cli … -a <password>`: each `-a` with redis-cli shortly before it."""
    if "redis-cli" not in line:
        return
    for match in REDIS_A.finditer(line):
        if REDIS_TOOL.search(line, max(0, match.start() - MYSQL_REACH), match.start()):
            yield match


def shell(line: str) -> Iterator[Span]:
    for pattern in (SHELL_FLAG.finditer(line), _mysql_p(line), SSHPASS_P.finditer(line),
                    CURL_USER.finditer(line), _login_p(line), _redis_a(line)):
        for match in pattern:
            value, left, right = _unquote(match.group("v"))
            if values.placeholder(value) or value.startswith("$") or "`" in value:
                continue  # a reference, or prose quoting a command
            start = match.start("v")
            yield "credential", start + left, start + right


FINDERS = (tokens, assignments, url_passwords, headers, shell)


def line_spans(line: str) -> list[Span]:
    """Every secret span on one line, from every finder (overlaps merged later); a finder
    runs only when the line holds the character its shapes cannot do without."""
    spans = list(tokens(line))
    if "=" in line or ":" in line:
        spans += assignments(line)
        spans += url_passwords(line)
    if " " in line or "\t" in line:
        spans += headers(line)
    if "-" in line:
        spans += shell(line)
    spans += forms.line_spans(line)
    return spans


TOKEN_LITERALS = tuple(sorted({literal for _, literals, _ in TOKENS for literal in literals},
                              key=lambda literal: (-len(literal), literal)))
TOKEN_PREFIX = re.compile("|".join(map(re.escape, TOKEN_LITERALS)))
