"""Every route's size numbers in one place: when a result is replaced, and how big its briefing
may be (standard library only; read by the routes, the engine and the structural compressors).

Each number was chosen by the answerability benchmark (issue 27: benchmarks/answerability.py,
results in docs/benchmarks.md, "Budgets chosen"): on every kind of task where garrepa changes
what is delivered it should answer at least as many tasks as Claude Code alone with at most half
its characters per answered task. Claude Code's own limits bound them from above: a Bash reply
over 30,000 chars is persisted again (a 2 KB preview), an MCP reply over ~50,000 likewise, and a
failing command's output past 10,040 chars is cut to its head and tail.
"""

from __future__ import annotations

# ---- thresholds: a result under this many chars passes untouched. The user's
# `threshold.minChars` (or GARREPA_THRESHOLD), when set, overrides all of them at once.
THRESHOLDS: dict[str, int] = {
    # 8,000-100,000 swept: higher only costs (Read at 50,000: 26,455 -> 31,392 chars per
    # answered task); lower cannot be judged (no document between 8,000 and 32,000 chars)
    "read": 32_000,
    # git output under 30,000 reaches the model whole anyway; digesting the 12K and 23K
    # `git log --stat` outputs costs a little more (16,000: 16,952 against 16,101)
    "git": 32_000,
    # as Read: from 50,000 up only costs (74,259 -> 76,440), nothing between 8K and 32K to judge.
    # issue 34, all 47 MCP tasks with the kind caps below (chars per answered task): 32,000
    # answers 46 at 62,695 (the 40,361-char read_graph indexed with no from/to, one relation
    # never found); 41,000 47 at 61,852; 45,000 47 at 62,683 (npm's 44.7 K view whole, not
    # 5.7 K); 50,000 47 at 65,402 (directory_tree's 48 K whole, not 4.6-6.6 K). Kept until
    # read_graph's index is fixed: 41,000 fits one result, and rerun the sweep then
    "mcp": 32_000,
    # any other command output: under Claude Code's 30,000-char persistence, or a 30,570-char
    # grep -C2 and a 31,431-char npm log reach the agent as a 2 KB preview (answerability,
    # command kind: 21,891 chars per answered task at 32,000, 13,770 at 8,000-25,000 alike,
    # which also digest a 29,109-char pip log: 29,033 -> 5,420); the Grep bound, 20,000
    "command": 20_000,
    # Grep results: Claude Code persists a Grep result past 20,000 chars (a 2 KB preview,
    # docs/measured-search-tools.md), so under that it is already delivered whole
    "search": 20_000,
}
DEFAULT_THRESHOLD = THRESHOLDS["read"]  # the default `threshold.minChars` shows (config list)

# ---- Read: the document map
# 14,000 lists every heading of Django's settings (11.3K) and Celery's configuration (13.4K):
# SESSION_COOKIE_AGE 145,003 -> 15,251 chars, worker_prefetch_multiplier 130,051 -> 18,399;
# Read 40,500 -> 26,455 per answered task (5,000 dropped their deeper headings; 20,000 gives
# the same numbers as 14,000)
READ_MAP_CHARS = 14_000
# the map, the stamp and the closing note, checked on the final text: the map's 14,000 + room
READ_REPLY_CHARS = 18_000
# A window Read (offset > 1 or a limit: the agent following a map's range) passes whole up to
# this many chars; past it, it gets the map of its own sections and entries, never the whole
# document's map again (issue 35: the map that sent the agent in a circle). 80,000 passes every
# section a map of the benchmark's documents names (the largest ranges its reader follows are
# aiohttp's "Application and Router", 41.8K, and Django's settings sections) and stays far
# under Claude Code's 256 KB, where a window of a changelog or a settings reference that big is
# better met by a map of what is inside it than by 60-250K chars of it
READ_WINDOW_CHARS = 80_000

# ---- git: diff, show and log [-p|--stat] digests (the file table and whole hunks)
# 24,000 -> 12,000: git 24,882 -> 16,101 per answered task, 14/14 answered, every file still
# in the table with its lines (5.6-7.6K of whole hunks left in a release diff); 8,000 gives
# 13,235 but leaves 1.9K of hunks in the 73-file requests diff: a reader that jumps to the
# table's line ranges does not miss them, one that reads the patch first would
GIT_PATCH_CHARS = 12_000
# a log with patches grows past it for its file rows (every file of every commit keeps its row
# and range, issue 35) up to GIT_LIST_CHARS; past that, rows fold by directory (git_fold)
# one-line logs and blame: every commit's SHA must stay (1,500 commits fit); no benchmark task
# reads them, so they keep the old bound, under Claude Code's 30,000-char persistence
GIT_LIST_CHARS = 24_000

# ---- MCP: a share of the result, within bounds (well under the ~50,000 shown inline)
# size/10 in 6,000-40,000: 74,259 per answered task once the index names string ids (ghsa_id);
# size/5 then costs more (77,428), size/20 more still (97,488 before the ids)
MCP_SHARE = 10  # the digest may take 1/MCP_SHARE of the result
MCP_MIN_CHARS = 6_000
MCP_MAX_CHARS = 40_000
# a bulk sniffed as one of these kinds (structural/bulk.py) gets at most this much, whatever the
# share above allows (issue 34: all 47 MCP tasks, docs/benchmarks.md "MCP servers", chars per
# answered task, 46 answered throughout). document: 40,000 63,901; 12,000 62,900 (flat from
# 11,000 to 20,000: every version of a 421 K changelog is listed, its 26.7 K map becomes 10.6 K);
# 9,000 62,808; 8,000 72,437, where the versions no longer fit and 2.7.3 is read for in chunks
# (450 K, over Claude Code's 424 K): 12,000 keeps a margin over that cliff. git: 40,000 and
# 14,000 62,900; 8,000 62,695; 6,000 62,613; 4,000 64,228; 8,000 for the same margin.
# Not capped, no budget from 4,000 up changes any task: listing, files; table needs 28,000 (at
# 20,000 the 3,000 sqlite rows are no longer each named, 329 K read against Claude Code's 318 K).
# Quoting a document's first 2,000 chars as Claude Code's preview does costs at every document
# budget (12,000: 62,900 -> 63,154) and answers nothing more: the map names the opening sections
MCP_KIND_CHARS: dict[str, int] = {"document": 12_000, "git": 8_000}

# ---- logs (the opt-in runner): the digest of a test or build log
# kept at 9,000: 6,000 costs less on the benchmark (10,096 -> 9,485 per answered task) but can
# no longer name every failing test of a 37-failure pytest run (tests/logs); 9,000 stays under
# Claude Code's 10,040-char failure view
LOG_DIGEST_CHARS = 9_000


def threshold(route: str, configured: int | None) -> int:
    """The size under which `route`'s results pass untouched: the user's `threshold.minChars`
    when they set one (`configured`), else the route's own default."""
    return configured if configured is not None else THRESHOLDS.get(route, DEFAULT_THRESHOLD)

# ---- command (any other large Bash output) and search (Grep/Glob): the structural digest
# (structural/command_output.py): head, tail, error lines, folded repeats, listings grouped
# by file or directory with their line ranges; far under Claude Code's 30,000-char inline limit
# 9,000 -> 12,000 (answerability at the 20,000 threshold, chars per answered task): command
# 13,770 -> 10,294, search 8,746 -> 9,454, both 25 tasks 12,162 -> 10,025; 16,000 costs more
# (11,472 / 9,454), 6,000 far more (22,917 / 28,543), 4,000 loses a task. A failing command's
# output never reaches this digest (PostToolUseFailure cannot rewrite), so Claude Code's
# 10,040-char failure view does not bound it; a Grep reply stays under its 20,000 inline
COMMAND_DIGEST_CHARS = 12_000
