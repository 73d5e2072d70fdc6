"""A Read of a saved log or command output (a test run kept as `test-output.txt`): the logs
route's digest, or the file whole; never a document map cut after its opening lines.

Claude Code alone returns such a file whole (up to its 256 KB Read cap), failures and all. So
the digest replaces it only when it keeps every failure (whole, or past its budget named with
its line range in the file itself, as the logs route does for a live run) and is at most a
quarter of the file's size; otherwise the Read passes as it came. A log of no known runner
(timestamped lines) passes whole too: the digest would tell a pass or a failure, and a saved
file has no exit status and no summary line to tell it by. The model is never asked: the logs
route's digest is deterministic and quotes the failures verbatim.
"""

from __future__ import annotations

from garrepa_py.routes.verdict import Verdict

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.hosts.host import Host, ReadWindow
    from garrepa_py.routes.verdict import HookContext

DIGEST_SHARE = 4  # the digest replaces the log only when at most 1/DIGEST_SHARE of its size


def handle(text: str, total_lines: int, path: str, label: str, family: str,
           context: HookContext, window: ReadWindow | None, host: Host, asked_window: bool,
           instruction: str) -> Verdict:
    """The Read's verdict for `text`, a saved log of `family` (structural/log/saved_log.py);
    `asked_window`: the agent gave an offset or a limit (a part of the log is what it wants);
    `instruction`: the Read route's, for the model."""
    if asked_window or window is not None and (window.first > 1 or len(window.lines) < total_lines):
        return Verdict("pass", "saved-log-window", saved_log=family,
                       chars_in=len(window.content) if window is not None else None)
    if family == "generic":
        return Verdict("pass", "saved-log-generic", chars_in=len(text), saved_log=family)
    from garrepa_py.engine import compressors
    from garrepa_py.engine.brief import brief
    from garrepa_py.engine.types import BriefRequest

    digest = compressors.SavedLog(family, path)
    recovery = (f"[exact text: {path} itself, {total_lines:,} lines | the line ranges in this "
                "digest are the file's own: Read it with offset=<first line> and "
                "limit=<line count>]")
    result = brief(BriefRequest("read", text, label, digest, instruction=instruction,
                                recovery=recovery),
                   context.config, context.project, context.deadline,
                   client_factory=lambda config: (None, "saved-log"))
    if result.decision != "compress":
        return Verdict("pass", f"saved-log-{result.reason}", chars_in=len(text), engine=result.notes,
                       saved_log=family)
    if not digest.complete:
        return Verdict("pass", "saved-log-whole", chars_in=len(text), engine=result.notes,
                       saved_log=family)
    if len(result.text) * DIGEST_SHARE > len(text):
        return Verdict("pass", "saved-log-small-gain", chars_in=len(text), engine=result.notes,
                       saved_log=family)
    header = (f"[garrepa: {label} is a saved {family} log of {total_lines:,} lines, so this Read "
              "is its digest: every failure, whole or by its lines, the passing lines counted. "
              "The numbers at the left only count the lines of this reply; the line ranges "
              "inside it are the file's own.]")
    content = f"{header}\n{result.text}\n{SECTION_NOTE}"
    if window is None:
        alone = host.read_chars(text)  # what the Read would have given
        return Verdict("compress", "saved-log-deny", host.read_deny(content),
                       chars_in=len(text), chars_out=len(content), engine=result.notes,
                       saved_log=family, baseline_chars=alone)
    return Verdict("compress", "saved-log-digest", host.read_reply(window, content),
                   chars_in=len(window.content), chars_out=len(content), engine=result.notes,
                   saved_log=family)


SECTION_NOTE = ("garrepa: for any part of the log, Read the same file with offset=<first line> "
                "and limit=<line count> from the digest above.")
