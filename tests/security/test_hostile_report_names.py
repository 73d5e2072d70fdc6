"""Names in `garrepa report`'s output come from the journal and from Claude Code's transcripts:
a route, tool, reason, project or model name may carry HTML, an HTML comment opener, a
terminal escape, a right-to-left override or Rich markup. The --html page stays inert and
whole (its JSON block is the report's JSON, the page ends where it should, nothing loads),
and the terminal report prints each name as text."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..actions.test_report_html import needs_chromium, render
from ..cli.helpers import invoke

EVIL = '<!--<script>x</script><img src=x onerror=alert(1)>\u202egnp.exe\x1b]0;pwned\x07[bold red]X[/]'


def _tags(text: str) -> list[tuple[str, list[str]]]:
    """Every start tag an HTML parser finds, with its attribute names."""
    from html.parser import HTMLParser

    found: list[tuple[str, list[str]]] = []

    class Tags(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            found.append((tag, [name for name, _ in attrs]))

    Tags().feed(text)
    return found


def _journal(home: Path, tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    lines = [{"type": "user", "message": {"role": "user", "content": [
                 {"type": "tool_result", "tool_use_id": "toolu_1", "content": "x"}]}},
             {"type": "assistant", "message": {"id": "m1", "model": "claude-" + EVIL, "role": "assistant",
                                               "usage": {"input_tokens": 10}}}]
    transcript.write_text("".join(json.dumps(line) + "\n" for line in lines))
    record = {"v": "t", "ts": 1.7e9, "event": "PostToolUse", "tool": EVIL, "route": EVIL,
              "session": "s1", "tool_use_id": "toolu_1", "decision": "compress",
              "reason": EVIL, "project": EVIL, "chars_in": 10_000, "chars_out": 1_000,
              "baseline_chars": 9_000, "delivered_chars": 1_000, "model": EVIL,
              "input_tokens": 5, "provider": EVIL, "fallback": EVIL,
              "transcript": str(transcript)}
    home.mkdir(parents=True, exist_ok=True)
    (home / "journal.jsonl").write_text(json.dumps(record) + "\n")


def test_the_pages_json_block_cannot_be_ended_or_opened_by_a_name(
        garrepa_home: Path, tmp_path: Path) -> None:
    _journal(garrepa_home, tmp_path)
    target = tmp_path / "r.html"
    assert invoke("report", "--html", str(target)).exit_code == 0
    text = target.read_text()
    # one script element, and nothing inside it an HTML parser reads as markup
    assert text.count("<script") == 1 and text.count("</script>") == 1
    blob = text.split('id="report-json">', 1)[1].split("</script>", 1)[0]
    assert "<" not in blob and ">" not in blob
    assert json.loads(blob) == json.loads(invoke("report", "--json").output)
    # no element a name made, nothing loaded, no control or bidi character on the page
    tags = _tags(text)
    assert {tag for tag, _ in tags} <= {"html", "head", "meta", "title", "style", "body", "h1",
                                        "h2", "p", "div", "span", "b", "code", "ul", "li",
                                        "table", "thead", "tbody", "tr", "th", "td", "svg",
                                        "line", "rect", "text", "script"}
    assert not [name for _, attrs in tags for name in attrs
                if name in ("src", "href", "xlink:href", "action", "srcset", "style")
                or name.startswith("on")]
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]", text)


@needs_chromium
def test_the_page_stays_whole_in_a_browser(garrepa_home: Path, tmp_path: Path) -> None:
    _journal(garrepa_home, tmp_path)
    target = tmp_path / "r.html"
    assert invoke("report", "--html", str(target)).exit_code == 0
    dom = render(target, tmp_path)
    assert "<img" not in dom.split('id="report-json">', 1)[0]
    # the script element closes where the page put its end: nothing after it was swallowed
    assert re.search(r"</script>\s*</body></html>\s*$", dom) and dom.count("</script>") == 1
    carried = dom.split('id="report-json">', 1)[1].split("</script>", 1)[0]
    assert json.loads(carried) == json.loads(invoke("report", "--json").output)


def test_the_terminal_report_prints_names_as_text(garrepa_home: Path, tmp_path: Path) -> None:
    _journal(garrepa_home, tmp_path)
    from typer.testing import CliRunner

    from garrepa_py.cli.app import app
    for width in (80, 200):  # stacked rows and the wide table
        done = CliRunner().invoke(app, ["report"], env={"COLUMNS": str(width)},
                                  catch_exceptions=False)
        assert done.exit_code == 0
        assert "\x1b" not in done.output and "\u202e" not in done.output
        # Rich markup in a name is shown, not applied
        assert done.output.count("[bold red]X[/]") >= 3, done.output
    line = invoke("report", "--line").output
    assert "\x1b" not in line
