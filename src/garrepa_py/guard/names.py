"""Does a key's name say it holds a secret? `DB_PASSWORD`, `apiKey`, `aws_secret_access_key`,
`spring.datasource.password`, `_authToken`, `AccountKey`: yes. `token_type`, `nextPageToken`,
`password_file`, `max_tokens`, `primary_key`: no (or, for `*_key`, only with a random value).
"""

from __future__ import annotations

import functools
import re

# The collapsed name (lower-case, separators dropped) ends with one of these: it holds a secret.
STRONG_ENDINGS = ("password", "passwd", "passphrase", "secret", "token", "apikey", "secretkey",
                  "accesskey", "privatekey", "accountkey", "authkey", "masterkey", "signingkey",
                  "encryptionkey", "clientkey", "sharedaccesskey", "secretkeybase", "credential",
                  "credentials", "sessionkey", "webhooksecret")
STRONG_LAST_WORDS = ("pass", "pwd", "pw")  # `DB_PASS`, `Pwd=` (not `bypass`, `compass`)
# Tokens that page, sync or count; none of them is a credential.
NOT_SECRET_ENDINGS = ("nexttoken", "pagetoken", "continuationtoken", "synctoken", "resumetoken",
                      "cursortoken", "idempotencytoken", "starttoken", "endtoken", "lasttoken",
                      "maxtoken", "mintoken", "tokentoken", "csrftoken", "xsrftoken")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_SEPARATORS = re.compile(r"[_.\-\s$@]+")

STRONG, WEAK = "strong", "weak"


def words(name: str) -> list[str]:
    return [w for w in _SEPARATORS.split(_CAMEL.sub("_", name).lower()) if w]


@functools.lru_cache(maxsize=4096)
def strength(name: str) -> str | None:
    """STRONG (a secret name), WEAK (`*_key`: a secret only when the value looks random), None."""
    parts = words(name)
    if not parts:
        return None
    collapsed = "".join(parts)
    if collapsed.endswith(NOT_SECRET_ENDINGS):
        return None
    if collapsed.endswith(STRONG_ENDINGS) or parts[-1] in STRONG_LAST_WORDS:
        return STRONG
    if collapsed == "auth":
        return "auth"  # docker's `"auth": base64(user:password)`, judged by its value
    if parts[-1] == "key" and len(parts) > 1 or collapsed.endswith("key") and collapsed != "key" \
            and len(collapsed) > 6:
        return WEAK
    return None


@functools.lru_cache(maxsize=4096)
def kind(name: str) -> str:
    """The finding's kind for a secret under this name."""
    collapsed = "".join(words(name))
    if "aws" in collapsed:
        return "aws-key"
    if collapsed.endswith(("accountkey", "sharedaccesskey")):
        return "azure-key"
    if collapsed == "auth":
        return "docker-auth"
    if collapsed.endswith("privatekey"):
        return "private-key"
    return "credential"
