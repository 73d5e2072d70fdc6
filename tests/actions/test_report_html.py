"""`garrepa report --html`: one self-contained page, rendered in a real headless Chromium
(Debian's, as the MCP zoo's playwright server uses): it loads nothing from the network, its
numbers are `report --json`'s, and it reads in light and dark."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ..cli.helpers import invoke
from .test_report_baseline import git_log_persisted, hook

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on PATH (apt install chromium)")


def render(page: Path, tmp_path: Path, *flags: str) -> str:
    """The DOM after Chromium loaded and laid out the page, network off."""
    assert CHROMIUM is not None
    done = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                           f"--user-data-dir={tmp_path / 'chrome'}", "--proxy-server=127.0.0.1:9",
                           *flags, "--dump-dom", page.as_uri()],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def brightness(png: Path) -> float:
    """The mean channel value of a PNG (8-bit RGB or RGBA, as Chromium writes screenshots),
    decoded with the standard library: scanlines unfiltered per the PNG spec."""
    import struct
    import zlib

    data, at, idat, header = png.read_bytes(), 8, b"", b""
    while at < len(data):
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        chunk = data[at + 8:at + 8 + size]
        if kind == b"IHDR":
            header = chunk
        elif kind == b"IDAT":
            idat += chunk
        at += 12 + size
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and colour in (2, 6)
    step = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * step
    previous, total = bytearray(stride), 0
    for row in range(height):
        kind, line = raw[row * (stride + 1)], bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up, corner = previous[i], previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc
                                      else corner)) & 255
        total += sum(line[i] for i in range(stride) if step == 3 or i % 4 != 3)
        previous = line
    return total / (width * height * 3)


@pytest.fixture
def page(repo_copy: Path, tmp_path: Path, garrepa_home: Path, github_corpus: Path) -> Path:
    event, _ = git_log_persisted(repo_copy, tmp_path)
    hook(repo_copy, event)
    issues = (github_corpus / "Issue33_testClosedIssues-31.json").read_text()
    hook(repo_copy, {"session_id": "s2", "hook_event_name": "PostToolUse",
                     "tool_name": "mcp__github__list_issues", "tool_input": {},
                     "tool_use_id": "toolu_mcp", "tool_response": [{"type": "text",
                                                                    "text": issues}]})
    target = tmp_path / "report.html"
    done = invoke("report", "--html", str(target))
    assert done.exit_code == 0 and "wrote " in done.output
    return target


@needs_chromium
def test_the_page_renders_with_report_jsons_numbers(page: Path, tmp_path: Path) -> None:
    text = page.read_text()
    assert not re.search(r"(src|href)=\"?https?:", text)  # nothing loaded from elsewhere
    dom = render(page, tmp_path)
    assert "<svg" in dom and "By route" in dom and "Costliest replacements" in dom
    expected = json.loads(invoke("report", "--json").output)
    carried = re.search(r'<script type="application/json" id="report-json">(.*?)</script>', dom,
                        re.S)
    assert carried is not None
    assert json.loads(carried.group(1).replace("<\\/", "</")) == expected
    # the headline card says the same net as --json, and each route's row its own
    net = expected["total"]["net_saved_chars"]
    shown = f"{abs(net) / 1000:,.1f}K" if abs(net) >= 1000 else f"{abs(net):,}"
    assert re.search(rf"net saved</span><b><span class=\"(save|loss)\">-?{re.escape(shown)}", dom)
    for route, tally in expected["routes"].items():
        assert f"<td>{route}</td><td>{tally['events']:,}</td><td>{tally['compressed']:,}</td>" in dom


@needs_chromium
def test_the_page_reads_in_dark_mode_too(page: Path, tmp_path: Path) -> None:
    light = tmp_path / "light.png"
    dark = tmp_path / "dark.png"
    assert CHROMIUM is not None
    for target, flags in ((light, []), (dark, ["--force-dark-mode",
                                               "--blink-settings=preferredColorScheme=0"])):
        subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                        f"--user-data-dir={tmp_path / 'chrome'}", *flags,
                        f"--screenshot={target}", "--window-size=500,400", page.as_uri()],
                       capture_output=True, timeout=120, check=True)
    # a dark page is mostly dark pixels: the screenshots' mean brightness (no image library)
    assert brightness(light) > 200 and brightness(dark) < 80


def test_an_unwritable_target_is_a_clear_error(tmp_path: Path, garrepa_home: Path) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    done = invoke("report", "--html", str(folder))
    assert done.exit_code == 1
    assert f"error: {folder} is a folder\nhint: name a file to write" in done.output


@needs_chromium
def test_the_dollars_figure_shows_report_jsons_dollars(
        project: Path, tmp_path: Path, doc_corpus: Path, garrepa_home: Path) -> None:
    from ..conftest import transcript_path
    from .test_report_dollars import SONNET, briefed_read, cached_session

    briefed_read(project, tmp_path, doc_corpus)
    cached_session(transcript_path(tmp_path))
    target = tmp_path / "report.html"
    assert invoke("report", "--html", str(target)).exit_code == 0
    dom = render(target, tmp_path)
    dollars = json.loads(invoke("report", "--json").output)["dollars_saved"]
    assert dollars["priced"] == 1 and dollars["usd"] > 0
    net = f"${dollars['net_usd']:,.4f}"
    assert re.search(rf"saved in dollars</span><b>{re.escape(net)}</b>", dom)
    assert (f'<p id="dollars-total">${dollars["usd"]:,.4f} saved for 1 of 1 replacements, '
            f"minus the briefing model's ${dollars['briefing_model_cost_usd']:,.4f}: net "
            f"<b>{net}</b>.</p>") in dom
    # the figure: one bar per route with its dollars, and the briefing model's cost
    figure = re.search(r'<svg role="img" aria-label="dollars saved per route".*?</svg>', dom,
                       re.S)
    assert figure is not None
    for route, usd in dollars["by_route"].items():
        assert f"<title>{route}: ${usd:,.4f}</title>" in figure.group(0)
    row = dollars["by_model"][SONNET]
    assert (f"<td>{SONNET}</td><td>{row['calls']}</td><td>${row['usd']:,.4f}</td>"
            f"<td>claude-sonnet-4-5</td>") in dom
    assert "<td>built-in</td>" in dom


def _rects(svg: str) -> list[tuple[float, float, float]]:
    """(y, height, width) of each bar."""
    return [(float(y), float(h), float(w)) for y, w, h in
            re.findall(r'<rect x="[\d.]+" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"', svg)]


def test_the_day_chart_uses_its_height_for_the_sign_the_days_have() -> None:
    from garrepa_py.actions.report_html import bars

    line = re.compile(r'<line [^>]*y1="([\d.]+)"')
    # every day saved: the line at the bottom, the largest bar reaches the top margin
    saved = bars([("2026-12-03", 500), ("2026-12-04", 1000)], height=180)
    base = float(line.search(saved).group(1))  # type: ignore[union-attr]
    assert base == 180 - 16 - 14
    [(_, small, _), (top, big, width)] = _rects(saved)
    assert (top, big, small) == (14, base - 14, (base - 14) / 2)
    assert width == 48  # one or two days are bars, not slabs across the chart
    # every day added: the line at the top, bars hang from it
    added = bars([("2026-12-04", -1000)], height=180)
    assert float(line.search(added).group(1)) == 14  # type: ignore[union-attr]
    # both: the line splits the height in proportion
    mixed = bars([("2026-12-03", 300), ("2026-12-04", -100)], height=180)
    assert float(line.search(mixed).group(1)) == 14 + (180 - 16 - 28) * 0.75  # type: ignore[union-attr]
