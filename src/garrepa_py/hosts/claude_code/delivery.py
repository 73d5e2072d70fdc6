"""What Claude Code alone delivers to the model for a tool result, in characters (stdlib only).

garrepa's savings are measured against this, never against the raw output: a 160 KB Bash
output already reaches the model as a ~2 KB `<persisted-output>` notice, a failed command as
its head and tail. The same rules are applied to garrepa's own reply, because Claude Code
applies them to it too (a digest over the Bash limit is persisted again).

The rules, as read in the 2.1.332 binary (`strings claude`, same in 2.1.328) and measured in
/work/shared/claude-code-hooks-measured.md §1, §6:

* Bash inline limit — `maxResultSizeChars(){return eut()}`, `eut(){return
  k(Rt().bashOutputMaxChars)??ATs}` with `k` = clamp to [GWo=4000, RLt=128000] and ATs=30000:
  the settings key `bashOutputMaxChars` (merged settings, clamped) else 30,000. A result
  longer than that becomes the persisted-output notice.
* Bash read-back window — `Q1(){let e=k(Rt().bashOutputMaxChars);if(e!==void 0)return e;
  return O9n("BASH_MAX_OUTPUT_LENGTH",process.env.BASH_MAX_OUTPUT_LENGTH,30000,150000)
  .effective}`; `O9n`: unset → default; `isNaN(n)||n<=0` → default; `n>150000` → 150000.
  So the env var alone does NOT move the inline limit (the setting's own text says "on its
  own only sizes the read-back window"): it sizes what `tool_response.stdout` keeps and what
  a failed command's text is cut from.
* Notice — `${"<persisted-output>"}\n` + `Output too large (${pn(size)}). Full output saved
  to: ${path}\n\n` + `Preview (first ${pn(2000)}):\n${preview}` + (`\n...\n` if cut else `\n`)
  + `</persisted-output>`; the preview is the first 2,000 chars cut at the last newline if
  that is past 1,000 (`h$e`); `pn` = bytes / 1024 with one decimal, ".0" dropped, "KB"/"MB".
* Failed Bash — the error is `cp("Exit code N\n" + output[:window])`: over 10,000 + 1,024
  chars it keeps the first 5,000 and last 5,000 around `\n\n... [K characters truncated]
  ...\n\n` (K = length − 10,000): 10,040 chars for a 30,000-char output.
* MCP — text over 50,000 chars (`mw`) is persisted the same way (unless it holds an image);
  over the token cap the hook already gets Claude Code's `Error: result (…` notice.
* Read — `cat -n`-style lines: `N\t` before each line (a trailing newline is one more, empty,
  line), numbered from `startLine`.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

BASH_DEFAULT = 30_000
BASH_WINDOW_CAP = 150_000  # BASH_MAX_OUTPUT_LENGTH's upper limit
SETTING_MIN, SETTING_MAX = 4_000, 128_000  # bashOutputMaxChars is clamped to these
PREVIEW_CHARS = 2_000
MCP_INLINE = 50_000
FAILURE_KEPT, FAILURE_SLACK = 10_000, 1_024
NOTICE_OPEN, NOTICE_CLOSE = "<persisted-output>", "</persisted-output>"
EMPTY_BASH = "(Bash completed with no output)"
INTERRUPTED = "\n<error>Command was aborted before completion</error>"
READ_DENIED = "PreToolUse:Read hook error: "
MAX_SETTINGS_BYTES = 1024 * 1024


def env_window(value: str | None) -> int:
    """BASH_MAX_OUTPUT_LENGTH as Claude Code reads it (`O9n`): bad or unset → 30,000."""
    if not value:
        return BASH_DEFAULT
    try:
        number = float(value.strip())
    except ValueError:
        return BASH_DEFAULT
    if number != number or number <= 0:
        return BASH_DEFAULT
    return int(min(number, BASH_WINDOW_CAP))


def clamp_setting(value: object) -> int | None:
    """`bashOutputMaxChars` as Claude Code keeps it: a positive integer clamped to 4,000–128,000
    (anything else is dropped by its schema's `.catch(undefined)`)."""
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        return None
    return min(max(value, SETTING_MIN), SETTING_MAX)


class BashLimits:
    """The inline limit (what is persisted) and the read-back window (what a failure is cut
    from), resolved once per event."""

    __slots__ = ("inline", "window")

    def __init__(self, setting: int | None = None, env: str | None = None) -> None:
        kept = clamp_setting(setting)
        self.inline = kept if kept is not None else BASH_DEFAULT
        self.window = kept if kept is not None else env_window(env)


def settings_files(project: str | None) -> list[str]:
    """Claude Code's settings files, lowest precedence first (user, project, local, managed)."""
    home = os.environ.get("CLAUDE_CONFIG_DIR") or os.path.join(os.path.expanduser("~"), ".claude")
    files = [os.path.join(home, "settings.json")]
    if project:
        files += [os.path.join(project, ".claude", "settings.json"),
                  os.path.join(project, ".claude", "settings.local.json")]
    files.append("/etc/claude-code/managed-settings.json")
    return files


def bash_limits(project: str | None, environ: Mapping[str, str] | None = None) -> BashLimits:
    """The limits this session runs under: the last settings file that sets the key wins."""
    from garrepa_py import fastjson, fs

    setting: int | None = None
    for path in settings_files(project):
        try:
            data = fastjson.loads(fs.read_bounded(path, MAX_SETTINGS_BYTES))
        except (OSError, ValueError, RecursionError, fs.Refused):
            continue
        if isinstance(data, dict) and clamp_setting(data.get("bashOutputMaxChars")) is not None:
            setting = data["bashOutputMaxChars"]
    env = (environ if environ is not None else os.environ).get("BASH_MAX_OUTPUT_LENGTH")
    return BashLimits(setting, env)


def size_label(size: int) -> str:
    """Claude Code's `pn`: 168894 → '164.9KB'."""
    kib = size / 1024
    if kib < 1:
        return f"{size} bytes"
    for unit, value in (("KB", kib), ("MB", kib / 1024)):
        if value < 1024:
            return f"{value:.1f}".removesuffix(".0") + unit
    return f"{kib / 1024 / 1024:.1f}".removesuffix(".0") + "GB"


def preview(text: str) -> tuple[str, bool]:
    """The notice's preview (`h$e`): the first 2,000 chars, cut at a newline past half."""
    if len(text) <= PREVIEW_CHARS:
        return text, False
    cut = text[:PREVIEW_CHARS].rfind("\n")
    return text[:cut if cut > PREVIEW_CHARS * 0.5 else PREVIEW_CHARS], True


def notice_chars(head: str, size: int, path: str) -> int:
    """The length of the persisted-output notice for an output of `size` chars starting with
    `head` (only its first 2,000 chars matter) saved at `path`."""
    shown, more = preview(head)
    return (len(NOTICE_OPEN) + 1 + len(f"Output too large ({size_label(size)}). Full output "
                                       f"saved to: {path}\n\n")
            + len(f"Preview (first {size_label(PREVIEW_CHARS)}):\n") + len(shown)
            + (5 if more else 1) + len(NOTICE_CLOSE))


def failure_chars(output: str, exit_code: int, window: int = BASH_DEFAULT) -> int:
    """What a failed Bash command delivers (PostToolUseFailure `error`, the model's text)."""
    return cut_chars(len(f"Exit code {exit_code}\n") + min(len(output), window))


def cut_chars(length: int) -> int:
    """The length of Claude Code's head-and-tail cut (`cp`) of a text of `length` chars."""
    if length <= FAILURE_KEPT + FAILURE_SLACK:
        return length
    return FAILURE_KEPT + len(f"\n\n... [{length - FAILURE_KEPT} characters truncated] ...\n\n")


def numbered_chars(content: str, start_line: int = 1) -> int:
    """The length of a Read result as the model sees it: `N\\t` before every line."""
    lines = content.count("\n") + 1
    last = start_line + lines - 1
    digits, width, low = 0, 1, 1
    while low <= last:  # the numbers of each width: 1-9, 10-99, …
        high = low * 10 - 1
        digits += max(0, min(last, high) - max(start_line, low) + 1) * width
        width, low = width + 1, high + 1
    return len(content) + digits + lines


def read_error_chars(size_bytes: int) -> int:
    """Claude Code's refusal of a Read over 256 KB (PostToolUseFailure, is_error)."""
    return len(f"File content ({size_label(size_bytes)}) exceeds maximum allowed size (256KB). "
               "Use offset and limit parameters to read specific portions of the file, or "
               "search for specific content instead of reading the whole file. To read it "
               "anyway, up to what still fits in your context, call Read again with "
               "allow_large: true — only if you genuinely need all of it or the user asked "
               "for the whole file.")


def saved_path(event: Mapping[str, Any]) -> str:
    """Where Claude Code would save a result it persists: `<session dir>/tool-results/<id>.txt`
    (only its length counts)."""
    transcript = event.get("transcript_path")
    base = os.path.splitext(transcript)[0] if isinstance(transcript, str) else "/tmp/session"
    # inside a subagent the file is named by 9 random characters, not the tool_use_id
    # (measured, 2.1.332: `tool-results/bboqyy57a.txt` under the main session's folder)
    name = SUBAGENT_SAVED_NAME if isinstance(event.get("agent_id"), str) \
        else event.get("tool_use_id") or "toolu_x"
    return os.path.join(base, "tool-results", f"{name}.txt")


SUBAGENT_SAVED_NAME = "x" * 9


def bash_chars(output: Mapping[str, Any], limits: BashLimits, path: str) -> int | None:
    """A successful Bash result (the tool's or a hook's replacement) as the model gets it."""
    stdout, stderr = output.get("stdout"), output.get("stderr")
    if not isinstance(stdout, str):
        return None
    text = "\n".join(part for part in (stdout, stderr if isinstance(stderr, str) else "") if part)
    if output.get("interrupted") is True:
        text += INTERRUPTED
    saved, size = output.get("persistedOutputPath"), output.get("persistedOutputSize")
    if isinstance(saved, str) and isinstance(size, int):
        return notice_chars(text, size, saved)
    if not text:
        return len(EMPTY_BASH)
    return notice_chars(text, len(text), path) if len(text) > limits.inline else len(text)


def mcp_text(response: object) -> str | None:
    """The text of an MCP result (a string, or its text blocks joined); None: no text shape."""
    if isinstance(response, str):
        return response
    if isinstance(response, list):
        return "\n".join(block["text"] for block in response if isinstance(block, dict)
                         and block.get("type") == "text" and isinstance(block.get("text"), str))
    return None


def mcp_chars(response: object, path: str) -> int | None:
    text = mcp_text(response)
    if text is None:
        return None
    has_image = isinstance(response, list) and any(
        isinstance(b, dict) and b.get("type") in ("image", "document") for b in response)
    if len(text) > MCP_INLINE and not has_image:
        return notice_chars(text, len(text), path)
    if isinstance(response, list):
        return sum(len(b["text"]) for b in response if isinstance(b, dict)
                   and isinstance(b.get("text"), str))
    return len(text)


def read_chars(response: object) -> int | None:
    """A Read PostToolUse result (`{"type":"text","file":{content, startLine…}}`)."""
    file = response.get("file") if isinstance(response, dict) else None
    if not isinstance(file, dict) or not isinstance(file.get("content"), str):
        return None
    start = file.get("startLine")
    return numbered_chars(file["content"], start if isinstance(start, int) and start > 0 else 1)


# Grep and Glob (measured on 2.1.328 and 2.1.332: docs/measured-search-tools.md): each tool
# renders its result, then persists it past its own bound, with the same notice as Bash
GREP_INLINE = 20_000
GLOB_INLINE = 50_000


def search_text(tool: str, output: object) -> str | None:
    """A Grep or Glob result as the tool renders it for the model (the counts' header and
    footers as measured; None for a shape it does not take)."""
    if not isinstance(output, dict):
        return None
    names = output.get("filenames")
    if tool == "Glob":
        if not isinstance(names, list):
            return None
        text = "\n".join(str(n) for n in names)
        total = output.get("totalMatches")
        if output.get("truncated") is True and isinstance(total, int):
            more = total - len(names)
            text += (f"\n(Showing {len(names)} of {total} matching files; {more} more are not "
                     "listed. Narrow the pattern or path to see the rest.)")
        return text
    mode = output.get("mode")
    content = output.get("content")
    limit = output.get("appliedLimit")
    if mode == "files_with_matches" and isinstance(names, list):
        count = output.get("numFiles")
        head = f"Found {count} file{'' if count == 1 else 's'}" + (
            f" limit: {limit}" if limit else "")
        return "\n".join([head, *(str(n) for n in names)])
    if mode in ("content", "count") and isinstance(content, str):
        return content + (f"\n\n[Showing results with pagination = limit: {limit}]"
                          if limit and mode == "content" else "")
    return None


def search_chars(tool: str, output: object, path: str) -> int | None:
    text = search_text(tool, output)
    if text is None:
        return None
    bound = GLOB_INLINE if tool == "Glob" else GREP_INLINE
    return len(text) if len(text) <= bound else notice_chars(text, len(text), path)


def delivered(event: Mapping[str, Any], output: object,
              limits: BashLimits | None = None) -> int | None:
    """What the model receives when Claude Code applies its rules to `output` — the tool's own
    response (the baseline) or a hook's `updatedToolOutput` (what garrepa delivered). None
    when the shape is unknown (never guessed as zero)."""
    tool = event.get("tool_name")
    path = saved_path(event)
    if tool == "Bash" and isinstance(output, dict):
        stdout = output.get("stdout")
        if limits is None:
            length = len(stdout) if isinstance(stdout, str) else 0
            # only a result the setting could persist needs the settings files read
            limits = BashLimits() if length <= SETTING_MIN else bash_limits(
                os.environ.get("CLAUDE_PROJECT_DIR") or str(event.get("cwd") or "") or None)
        return bash_chars(output, limits, path)
    if tool == "Read":
        return read_chars(output)
    if isinstance(tool, str) and tool.startswith("mcp__"):
        return mcp_chars(output, path)
    if tool in ("Grep", "Glob"):
        return search_chars(tool, output, path)
    return None


def event_baseline(event: Mapping[str, Any]) -> int | None:
    """What Claude Code alone delivers for this hook event; None before the tool has run."""
    name = event.get("hook_event_name")
    if name == "PostToolUseFailure":
        error = event.get("error")
        return len(error) if isinstance(error, str) else None
    if name == "PostToolUse":
        return delivered(event, event.get("tool_response"))
    return None


def reply_delivered(event: Mapping[str, Any], reply: Mapping[str, Any]) -> int | None:
    """What the model receives for garrepa's reply to this event (after Claude Code's rules)."""
    specific = reply.get("hookSpecificOutput")
    if not isinstance(specific, dict):
        return None
    if "updatedToolOutput" in specific:
        return delivered(event, specific["updatedToolOutput"])
    if specific.get("permissionDecision") == "deny":
        reason = specific.get("permissionDecisionReason")
        return len(READ_DENIED) + len(reason) if isinstance(reason, str) else None
    return None


def replacement_text(reply: Mapping[str, Any]) -> str | None:
    """The text of garrepa's replacement as the model would read it (before numbering)."""
    specific = reply.get("hookSpecificOutput")
    if not isinstance(specific, dict):
        return None
    if specific.get("permissionDecision") == "deny":
        reason = specific.get("permissionDecisionReason")
        return READ_DENIED + reason if isinstance(reason, str) else None
    output = specific.get("updatedToolOutput")
    if isinstance(output, dict) and isinstance(output.get("stdout"), str):
        stderr = output.get("stderr")
        return "\n".join(p for p in (output["stdout"], stderr if isinstance(stderr, str) else "")
                         if p)
    file = output.get("file") if isinstance(output, dict) else None
    if isinstance(file, dict) and isinstance(file.get("content"), str):
        return str(file["content"])
    return mcp_text(output)


def fingerprint(text: str) -> str:
    """The replacement's fingerprint (hosts/arrival.py), by which `report` finds it again."""
    from garrepa_py.hosts.arrival import fingerprint

    return fingerprint(text)
