"""Is this value a credential, or a placeholder, a reference, code or prose?

The judgement behind every keyword finding (`PASSWORD=…`, `"token": "…"`, `://user:…@`): a
value is a secret unless it is plainly not one. A name that says what it holds (`password`,
`api_key`) needs only a value that is not a placeholder; a name that only ends in `key` needs a
value that looks random (high entropy, mixed characters).
"""

from __future__ import annotations

import math
import re

PLACEHOLDERS = frozenset({
    "pass", "password", "passwd", "pwd", "secret", "changeme", "change-me", "change_me",
    "example", "test", "testing", "user", "username", "admin", "root", "foo", "bar", "baz",
    "hunter2", "qwerty", "letmein", "dummy", "sample", "placeholder", "redacted", "none", "null",
    "nil", "empty", "true", "false", "yes", "no", "on", "off", "required", "optional", "string",
    "str", "bool", "int", "bytes", "undefined", "password123", "p@ssw0rd", "token", "apikey",
    "api_key", "secretkey", "mypassword", "mysecret", "yourpassword", "default", "value", "xxx",
})
# Real passwords, weak ones, that the list above also holds: in `.env` form (`NAME=value` at a
# line's start) they are the value in use, not a stand-in for one.
WEAK_PASSWORDS = frozenset({"hunter2", "qwerty", "letmein", "password123", "p@ssw0rd", "admin",
                            "root", "mypassword", "mysecret", "secret", "password", "passwd",
                            "pass", "test", "testing", "foo", "bar", "baz", "123456", "12345678"})
# Words in a value that say it stands for a real one (`<your-key>`, `REPLACE_ME`, `abc-example`):
# long ones anywhere in it, short ones only as a word of their own (not `…TodOZS…` in a token).
PLACEHOLDER_INFIXES = ("example", "changeme", "change_me", "change-me", "placeholder", "redacted")
PLACEHOLDER_WORDS = frozenset(("your", "replace", "dummy", "insert", "fixme", "todo", "here",
                               "sample", "xxx", "fake", "invalid"))
# References to a value kept elsewhere: environment, templates, vaults, format strings.
REFERENCES = ("${", "$(", "{{", "}}", "%(", "{}", "os.environ", "getenv", "process.env",
              "env(", "env[", "env.", "secrets.", "vault:", "!vault", "lookup(", "<%", "#{",
              "@@", "$env:", "keyring", "%env", "%{")
_WORD_SPLIT = re.compile(r"[^a-z0-9]+")
_SHELL_VARIABLE = re.compile(r"^\$[A-Za-z_][A-Za-z0-9_]*$|^\$\{")
_PATH_START = re.compile(r"^(?:/|\./|\.\./|~/|[A-Za-z]:\\)")
_FILE_END = re.compile(r"\.(?:pem|key|crt|cer|json|ya?ml|txt|p12|pfx|jks|env|toml|ini|cfg|conf|gpg|"
                       r"asc)$", re.I)
_WORDISH = re.compile(r"^[A-Za-z_][A-Za-z_.\-]*$")  # no digit: a word, an identifier, a dotted name
# snake_case, camelCase, CONST_NAMES, dotted.names, a bare CAPS word: names of things
_IDENTIFIER = re.compile(r"^_*[a-z]+(?:_[a-z0-9]+)+$|^[a-z]{2,}(?:[A-Z][a-z]{2,})+[0-9]?$|"
                         r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$|^[A-Za-z_]+(?:\.[A-Za-z_]+)+$")
_ONLY_DIGITS = re.compile(r"^[0-9]+$")


def placeholder(value: str) -> bool:
    """A stand-in for a value, not a value: `changeme`, `${VAR}`, `<your-key>`, `xxx`, `***`,
    `os.environ[...]`, `"%s"`, `$TOKEN`."""
    bare = value.strip().strip("'\"`").strip()
    lower = bare.lower()
    if len(bare) < 4 or lower in PLACEHOLDERS:
        return True
    if len(set(lower.replace("-", "").replace("_", ""))) <= 2:  # xxxx, ****, ..., 1111, x-x-x
        return True
    if bare.startswith(("<", "[")):  # `<your-key>`, `[secret: KIND]` (already masked)
        return True
    if lower.startswith(("your", "my-", "my_")) or any(r in lower for r in REFERENCES) \
            or any(word in lower for word in PLACEHOLDER_INFIXES):
        return True
    if any(word in PLACEHOLDER_WORDS for word in _WORD_SPLIT.split(lower)):
        return True  # a word of its own: `abc-example`, `REPLACE_ME`, not `…TodOZS…`
    return bool(_SHELL_VARIABLE.match(bare)) or bare.startswith(("*", "&", "!", "@"))


def code_or_prose(value: str) -> bool:
    """A bare (unquoted) value that is an expression, a name, a type, a path or prose."""
    bare = value.strip()
    return (any(c in bare for c in "()[]{}") or " " in bare or _name_like(bare)
            or bool(_ONLY_DIGITS.match(bare)) or _file_like(bare))


_WORD = re.compile(r"^[a-z]+$")


def quoted_not_a_value(value: str, data: bool = False) -> bool:
    """A quoted literal that is a name, a word, a path or prose rather than a credential.

    In code a lower-case word (`password="pygmalion"`) is a test's fixture; in data (a JSON
    document's `"password"`) it is the value."""
    if data:  # under a secret key in a document: anything but prose, a path or a number
        return " " in value.strip() or bool(_ONLY_DIGITS.match(value)) or _file_like(value)
    return (" " in value.strip() or "\t" in value or bool(_IDENTIFIER.match(value))
            or bool(_WORD.match(value))
            or bool(_ONLY_DIGITS.match(value)) or _file_like(value)
            or value.startswith(("http://", "https://")) and "@" not in value)


_CAPITALISED_WORDS = re.compile(r"^[A-Za-z][a-z]+(?:[A-Z][a-z]+)*$")  # `AuthenticationToken`


def _name_like(value: str) -> bool:
    """A word, an identifier or a dotted name (`str`, `self.token`, `AuthenticationToken`), not
    a generated key that happens to hold no digit (`YEXYcmcMCaRaNRvvuKZQ`)."""
    return bool(_WORDISH.match(value)) and (not random_looking(value)
                                            or bool(_CAPITALISED_WORDS.match(value))
                                            or "." in value or "_" in value)


def _file_like(value: str) -> bool:
    """A path (`/run/secrets/db`, `./certs/server.key`), not a base64 key that starts with `/`."""
    return bool(_FILE_END.search(value)) or bool(_PATH_START.match(value)) and not random_looking(
        value)


def entropy(value: str) -> float:
    """Shannon entropy per character (of the first 4,096: enough to tell, and bounded)."""
    value = value[:4096]
    counts: dict[str, int] = {}
    for char in value:
        counts[char] = counts.get(char, 0) + 1
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())


def random_looking(value: str) -> bool:
    """Long, mixed and high-entropy: what a generated key looks like (not `primary`, `id`)."""
    if len(value) < 16 or " " in value:
        return False
    head = value[:4096]
    classes = sum((any(c.islower() for c in head), any(c.isupper() for c in head),
                   any(c.isdigit() for c in head)))
    return classes >= 2 and entropy(head) >= 3.2


def secret_value(value: str, *, quoted: bool, strong: bool, env_form: bool = False,
                 data: bool = False) -> bool:
    """Whether `value`, assigned to a secret-named key, is a credential.

    `strong`: the name says it holds one (`password`, `api_key`); else it only ends in `key`.
    `env_form`: `NAME=value` at the start of a line (.env, CI, shell): any non-placeholder.
    `data`: a JSON document's value (not a literal in code).
    """
    bare = value.strip()
    if env_form and strong and bare.lower() in WEAK_PASSWORDS:
        return True  # `DB_PASSWORD=hunter2` in a .env: a weak password is still the password
    if not bare or placeholder(bare) or quoted and bare != value:
        return False
    if not strong:
        return random_looking(bare) and not (quoted_not_a_value(bare) if quoted
                                             else code_or_prose(bare))
    if env_form:
        return True
    return not (quoted_not_a_value(bare, data) if quoted else code_or_prose(bare))
