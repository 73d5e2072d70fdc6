"""The settings garrepa knows: name, default, validation, and whether a project file may set it.

Standard library only: the hook reads its config through this module.
"""

from __future__ import annotations

from garrepa_py.config import budgets, prices

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

PROVIDERS = ("auto", "anthropic", "openai-compatible", "claude-cli", "none")
MODES = ("on", "audit", "off")
READ_MODES = ("narrow", "deny")


class Setting:
    """One setting. A plain class: dataclasses would cost the hook ~30 ms of imports."""

    __slots__ = ("key", "default", "check", "help", "needs_trust", "env")

    def __init__(self, key: str, default: object, check: Callable[[object], str | None],
                 help: str, needs_trust: bool = False, env: str | None = None) -> None:
        self.key = key
        self.default = default
        self.check = check  # returns what is wrong, or None
        self.help = help
        # Decides where content goes, spends the user's money or weakens recovery: taken from
        # a project file only when this user trusted its exact content.
        self.needs_trust = needs_trust
        self.env = env


# Each check's JSON Schema fragment: the schema shipped for editors is built from these.
FRAGMENTS: dict[Callable[[object], str | None], dict[str, object]] = {}


def _one_of(choices: tuple[str, ...]) -> Callable[[object], str | None]:
    def check(value: object) -> str | None:
        if value in choices:
            return None
        return "must be one of " + ", ".join(repr(c) for c in choices)

    FRAGMENTS[check] = {"enum": list(choices)}
    return check


def _int_between(low: int, high: int) -> Callable[[object], str | None]:
    def check(value: object) -> str | None:
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return None
        return f"must be a whole number from {low} to {high}"

    FRAGMENTS[check] = {"type": "integer", "minimum": low, "maximum": high}
    return check


def _fraction(high: float) -> Callable[[object], str | None]:
    def check(value: object) -> str | None:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= high:
            return None
        return f"must be a number from 0 to {high}"

    FRAGMENTS[check] = {"type": "number", "minimum": 0, "maximum": high}
    return check


def _flag(value: object) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


FRAGMENTS[_flag] = {"type": "boolean"}


def _optional_text(value: object) -> str | None:
    return None if value is None or (isinstance(value, str) and value.strip()) else (
        "must be a non-empty string or null"
    )


def _text(value: object) -> str | None:
    return None if isinstance(value, str) and value.strip() else "must be a non-empty string"


def _env_name(value: object) -> str | None:
    if isinstance(value, str) and value.isascii() and value.replace("_", "a").isalnum() \
            and not value[0].isdigit():
        return None
    return "must be an environment variable name such as ANTHROPIC_API_KEY"


def _text_list(value: object) -> str | None:
    if isinstance(value, list) and all(isinstance(v, str) and v for v in value):
        return None
    return "must be a list of non-empty strings"


FRAGMENTS[_optional_text] = {"type": ["string", "null"], "pattern": "\\S"}
FRAGMENTS[_text] = {"type": "string", "pattern": "\\S"}
FRAGMENTS[_env_name] = {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"}
FRAGMENTS[_text_list] = {"type": "array", "items": {"type": "string", "minLength": 1}}
FRAGMENTS[prices.check] = prices.FRAGMENT

SETTINGS: tuple[Setting, ...] = (
    Setting("mode", "on", _one_of(MODES),
            "on: replace large results; audit: compute and journal only; off: pass everything",
            env="GARREPA_MODE"),
    Setting("holdout", 0, _fraction(0.5),
            "the share of eligible events passed untouched as a control group, chosen per event "
            "and journaled as holdout (0 = none; `garrepa report` compares the groups)",
            env="GARREPA_HOLDOUT"),
    Setting("threshold.minChars", budgets.DEFAULT_THRESHOLD, _int_between(1000, 10_000_000),
            "results smaller than this many characters pass untouched; unset, each route has "
            "its own default (32,000 for Read, git and MCP, 20,000 for command output and "
            "Grep, chosen by the answerability benchmark), set, it holds for every route",
            env="GARREPA_THRESHOLD"),
    Setting("hook.timeoutSeconds", 30, _int_between(2, 600),
            "the timeout written into settings.json; the hook finishes inside it",
            needs_trust=True),
    Setting("read.mode", "narrow", _one_of(READ_MODES),
            "narrow: allow the Read cut to the opening lines plus a map; deny: deny with the map"),
    Setting("read.openingLines", 60, _int_between(0, 5000),
            "how many opening lines a mapped Read still shows (narrow mode)"),
    Setting("read.docExtensions", ["md", "mdx", "markdown", "rst", "txt", "adoc", "org"],
            _text_list, "file extensions treated as documentation"),
    Setting("read.docNames", ["README", "CHANGELOG", "LICENSE", "COPYING", "AUTHORS", "NOTICE"],
            _text_list, "extensionless file names treated as documentation (any case)"),
    Setting("read.htmlDirs", ["docs", "documentation"], _text_list,
            "html/htm files count as documentation only under these folders"),
    Setting("read.exclude", ["requirements*.txt", "CMakeLists.txt"], _text_list,
            "more paths never mapped: names or globs (with / they match the project path)"),
    Setting("provider.type", "auto", _one_of(PROVIDERS),
            "who writes briefings: auto (the way Claude Code reaches Claude: ANTHROPIC_API_KEY or "
            "ANTHROPIC_AUTH_TOKEN with ANTHROPIC_BASE_URL, else a logged-in claude), anthropic, "
            "openai-compatible, claude-cli, or none",
            needs_trust=True, env="GARREPA_PROVIDER"),
    Setting("provider.apiKeyEnvVar", "ANTHROPIC_API_KEY", _env_name,
            "the environment variable holding the provider's API key", needs_trust=True),
    Setting("provider.baseUrl", None, _optional_text,
            "the provider endpoint (null: the provider's default)", needs_trust=True,
            env="GARREPA_BASE_URL"),
    Setting("provider.model", "claude-haiku-4-5", _text,
            "the cheap model that writes briefings", needs_trust=True, env="GARREPA_MODEL"),
    Setting("provider.maxTokens", 1024, _int_between(64, 8192),
            "the longest briefing the model may write, in tokens", needs_trust=True),
    Setting("spill.maxAgeDays", 7, _int_between(1, 365),
            "spill files and cached briefings older than this are pruned", needs_trust=True),
    Setting("spill.maxMegabytes", 256, _int_between(1, 100_000),
            "the spill directory is pruned, oldest first, above this size", needs_trust=True),
    Setting("logs.enabled", False, _flag,
            "the opt-in logs route: test and build commands run through garrepa-log, which "
            "keeps every failure (`garrepa init --logs` sets it and installs the entries)",
            needs_trust=True),
    Setting("commands.enabled", True, _flag,
            "the command route: the large output of a listed program (grep/rg, find, ls, tree, "
            "du, pip, npm, docker, kubectl, curl, journalctl …, or a cat/tail of a log) becomes "
            "a structural digest with line ranges into the exact output; any other command, "
            "and a cat/head/tail/sed -n of a file that is not a log, passes exactly"),
    Setting("commands.exclude", [], _text_list,
            "commands whose output always passes untouched: globs matched against the whole "
            "command and against each part of it (after `cd … &&`, in a pipeline), like "
            "'kubectl get secret*'"),
    Setting("search.enabled", True, _flag,
            "the search route: large Grep and Glob results (when those tools are enabled with "
            "--tools …,Grep,Glob) become the same grouped digest"),
    Setting("mcp.excludeTools", [], _text_list,
            "MCP tools passed through untouched: exact names or globs like mcp__private__*"),
    Setting("prices", {}, prices.check,
            "USD per million tokens (input, cacheWrite, cacheRead, output) by model id, for the "
            "dollars `garrepa report` shows: laid over the built-in table of Claude models field "
            "by field (`garrepa config set prices.claude-opus-4.input 15`); a model neither "
            "names is 'price unknown'"),
)

BY_KEY: dict[str, Setting] = {s.key: s for s in SETTINGS}

# Settings that hold a table: `prices.<model>.<field>` names one cell of `prices`
TABLES = ("prices",)


def base_key(key: str) -> str:
    """The setting a dotted name belongs to: itself, or the table it names a cell of."""
    for table in TABLES:
        if key.startswith(table + "."):
            return table
    return key

KILL_SWITCH_ENV = "GARREPA_DISABLE"


def defaults_tree() -> dict[str, object]:
    """The defaults as the nested JSON object a project file holds."""
    tree: dict[str, object] = {}
    for setting in SETTINGS:
        set_path(tree, setting.key, setting.default)
    return tree


def set_path(tree: dict[str, object], key: str, value: object) -> None:
    node = tree
    *parents, leaf = key.split(".")
    for part in parents:
        child = node.setdefault(part, {})
        if not isinstance(child, dict):
            child = node[part] = {}
        node = child
    node[leaf] = value


def flatten(tree: object, prefix: str = "") -> dict[str, object]:
    """`{"a": {"b": 1}}` → `{"a.b": 1}`; known leaf keys stop the descent (lists, nulls)."""
    flat: dict[str, object] = {}
    if not isinstance(tree, dict):
        return flat
    for name, value in tree.items():
        if not prefix and str(name).startswith("$"):
            continue  # "$schema" and friends are for editors
        key = f"{prefix}{name}"
        if isinstance(value, dict) and key not in BY_KEY:
            flat.update(flatten(value, key + "."))
        else:
            flat[key] = value
    return flat


def parse_env_value(setting: Setting, raw: str) -> object:
    """Environment values are strings; turn them into the setting's type."""
    if isinstance(setting.default, (int, float)) and not isinstance(setting.default, bool):
        for number in (int, float):
            try:
                return number(raw)
            except ValueError:
                continue
        return raw
    if isinstance(setting.default, bool):
        lowered = raw.strip().lower()
        return True if lowered in ("1", "true", "yes", "on") else False if lowered in (
            "0", "false", "no", "off") else raw
    if setting.key == "provider.baseUrl" and raw.strip().lower() in ("", "null", "none"):
        return None
    return raw
