"""`garrepa report --html FILE`: the report as one self-contained page — no network, no CDN, no
script: plots are inline SVG, colours follow the reader's light or dark scheme. Every number on
it comes from the same `Report` as `garrepa report --json` (the page carries that JSON too, in a
`<script type="application/json">` block a test compares, with `<`, `>` and `&` written as
JSON escapes so no name can end or reopen it), plus per project and the costliest
events from the journal (sizes, route and reason only: the journal never holds content).
"""

from __future__ import annotations

import html
import json
import time
from typing import Any

from garrepa_py import journal
from garrepa_py.actions.report import Report, build, counts
from garrepa_py.textlines import inline

STYLE = """
:root { color-scheme: light dark; --fg: #1d1f23; --bg: #ffffff; --muted: #5d636f;
  --save: #2e7d4f; --loss: #b3402e; --grid: #d8dbe0; --card: #f5f6f8; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e8eb; --bg: #16181c; --muted: #9aa1ad;
  --save: #5cc98a; --loss: #f07a66; --grid: #343840; --card: #1f2227; } }
body { font: 15px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg);
  max-width: 1100px; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.5rem; margin-bottom: .2rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
.muted { color: var(--muted); } .save { color: var(--save); } .loss { color: var(--loss); }
.cards { display: flex; flex-wrap: wrap; gap: .8rem; margin: 1rem 0; }
.card { background: var(--card); border-radius: 8px; padding: .7rem 1rem; min-width: 12rem; }
.card b { display: block; font-size: 1.4rem; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { text-align: right; padding: .3rem .6rem; border-bottom: 1px solid var(--grid); }
th:first-child, td:first-child { text-align: left; }
svg text { fill: var(--muted); font-size: 11px; }
"""


def _k(chars: int) -> str:
    size = abs(chars)
    text = f"{size / 1000:,.1f}K" if size >= 1000 else f"{size:,}"
    return f"-{text}" if chars < 0 else text


def _signed(chars: int) -> str:
    cls = "save" if chars >= 0 else "loss"
    return f'<span class="{cls}">{html.escape(_k(chars))}</span>'


def bars(values: list[tuple[str, int]], width: int = 760, height: int = 180) -> str:
    """A bar chart of signed values (net saved per day): bars above the line save, below add."""
    if not values:
        return '<p class="muted">No days with replacements yet.</p>'
    peak = max(abs(v) for _, v in values) or 1
    pad, base = 28, height / 2
    step = (width - 2 * pad) / len(values)
    parts = [f'<svg role="img" aria-label="net saved per day" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">',
             f'<line x1="{pad}" x2="{width - pad}" y1="{base}" y2="{base}" '
             'stroke="var(--grid)"/>']
    for i, (label, value) in enumerate(values):
        size = (base - 14) * abs(value) / peak
        x = pad + i * step + step * 0.15
        y = base - size if value >= 0 else base
        colour = "var(--save)" if value >= 0 else "var(--loss)"
        parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{step * 0.7:.1f}" '
                     f'height="{max(size, 1):.1f}" fill="{colour}"><title>'
                     f'{html.escape(label)}: {html.escape(_k(value))} chars</title></rect>')
        if len(values) <= 16 or i % max(1, len(values) // 8) == 0:
            parts.append(f'<text x="{x:.1f}" y="{height - 2}">{html.escape(label[5:])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _table(head: list[str], rows: list[list[str]]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def _tally_rows(tallies: dict[str, Any]) -> list[list[str]]:
    return [[html.escape(name), f"{t['events']:,}", f"{t['compressed']:,}",
             html.escape(_k(t["baseline_chars"])), html.escape(_k(t["delivered_chars"])),
             html.escape(_k(t["recovery_chars"])), _signed(t["net_saved_chars"])]
            for name, t in tallies.items()]


TALLY_HEAD = ["", "events", "replaced", "Claude Code alone", "delivered", "read back", "net saved"]


def costliest(report: Report, top: int = 10) -> list[dict[str, Any]]:
    """The replacements that delivered the most beyond Claude Code alone (or saved the least):
    the report's own briefings, so the same selection (--since, --project, --session), each
    tool call once, and every value checked (report_records.py)."""
    found: list[dict[str, Any]] = []
    for record, _ in report.briefings:
        got = counts(record)
        if got is None:
            continue
        found.append({"ts": record.get("ts"), "route": record.get("route"),
                      "tool": record.get("tool"), "reason": record.get("reason"),
                      "baseline_chars": got[0], "delivered_chars": got[1],
                      "net_chars": got[0] - got[1], "spills": record.get("spills") or []})
    return sorted(found, key=lambda row: int(row["net_chars"]))[:top]


def projects(since: float | None, prices: Any = None, session: str | None = None
             ) -> dict[str, Any]:
    """Every project the journal holds, with its totals (one report per project, in the same
    --session when there is one), each name as it may be shown (report_records.py)."""
    names = sorted({name for r in journal.read(since=since)
                    if isinstance(name := r.get("project"), str)})
    return {inline(name): build(since, name, session=session, prices=prices).total.as_dict()
            for name in names}


def _usd(value: float) -> str:
    return f"-${-value:,.4f}" if value < 0 else f"${value:,.4f}"


def dollar_bars(values: list[tuple[str, float]], width: int = 760) -> str:
    """Horizontal bars of dollars saved per route (and the briefing model's cost, negative)."""
    peak = max((abs(v) for _, v in values), default=0.0) or 1.0
    row, label_w = 26, 150
    height = row * len(values) + 8
    parts = [f'<svg role="img" aria-label="dollars saved per route" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}">']
    room = width - label_w - 110
    for i, (label, value) in enumerate(values):
        y = 4 + i * row
        size = max(room * abs(value) / peak, 1)
        colour = "var(--save)" if value >= 0 else "var(--loss)"
        parts.append(f'<text x="0" y="{y + 16}">{html.escape(label)}</text>'
                     f'<rect x="{label_w}" y="{y + 4}" width="{size:.1f}" height="16" '
                     f'fill="{colour}"><title>{html.escape(label)}: {_usd(value)}</title></rect>'
                     f'<text x="{label_w + size + 6:.1f}" y="{y + 16}">{_usd(value)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def dollars_section(data: dict[str, Any]) -> str:
    """The saving in dollars at the agent model's price: a figure per route, a table per model
    with the rates and where they come from, what could not be priced, and the model used."""
    dollars = data.get("dollars_saved")
    if not dollars or not dollars["replacements"]:
        return '<p class="muted">No replacements to price yet.</p>'
    bars_of = [(name, usd) for name, usd in dollars["by_route"].items()]
    bars_of.append(("briefing model", -dollars["briefing_model_cost_usd"]))
    models = [[html.escape(name), f"{row['calls']:,}", _usd(row["usd"]),
               html.escape(str(row["price_key"])),
               html.escape(", ".join(f"{k} {v:g}" for k, v in
                                     (row["rates_usd_per_million"] or {}).items()
                                     if v is not None)),
               html.escape(str(row["price_source"]))]
              for name, row in dollars["by_model"].items()]
    unpriced = dollars["unpriced"]
    missing = "".join(f"<li>price unknown for <code>{html.escape(model)}</code> ({count}): "
                      f"<code>garrepa config set prices.{html.escape(model)}.input N</code></li>"
                      for model, count in dollars["price_unknown_models"].items())
    if unpriced["no_transcript"]:
        missing += (f"<li>{unpriced['no_transcript']} without a transcript that shows a model "
                    "call after them</li>")
    if unpriced["no_baseline"]:
        missing += f"<li>{unpriced['no_baseline']} journaled before baselines were recorded</li>"
    return "".join([
        f'<p id="dollars-total">{_usd(dollars["usd"])} saved for {dollars["priced"]:,} of '
        f'{dollars["replacements"]:,} replacements, minus the briefing model\'s '
        f'{_usd(dollars["briefing_model_cost_usd"])}: net <b>{_usd(dollars["net_usd"])}</b>.</p>',
        dollar_bars(bars_of),
        _table(["agent model", "calls", "saved", "priced as", "USD per million tokens",
                "source"], models) if models else "",
        f'<ul class="muted">{missing}</ul>' if missing else "",
        '<p class="muted">How: each replacement\'s net saving in characters (Claude Code alone − '
        f'delivered − read back) ÷ {dollars["chars_per_token"]} is tokens that would have '
        "entered the agent's context with its tool result and stayed for every later model call "
        "of that thread until a compaction. Each call is priced at its own model, from the "
        "transcript's <code>usage</code>: the first at the cache-write rate when it wrote the "
        "prompt cache (else input), each later one at the cache-read rate when it read the "
        "cache (else write, else input). Built-in rates: Anthropic's list prices as of "
        f'{html.escape(dollars["prices_as_of"])}; <code>garrepa config list</code> shows '
        "them and <code>prices</code> overrides them.</p>"])


def page(report: Report, since: float | None, project: str | None,
         prices: Any = None, session: str | None = None) -> str:
    data = report.as_dict()
    total = data["total"]
    arrival = data["arrival"]
    recovery = data["recovery"]
    shown = arrival["arrived"] + arrival["not_arrived"]
    cards = [
        ("net saved", _signed(total["net_saved_chars"]) + " chars",
         f"~{total['net_saved_tokens_est']:,} tokens against Claude Code alone"),
        ("replaced", f"{total['compressed']:,} of {total['events']:,}", "events"),
        ("reached the model", f"{arrival['arrived']:,} of {shown:,}" if shown else "—",
         "per the transcripts"),
        ("read back", f"{recovery['recovered']:,} of {recovery['briefings']:,}",
         "briefings the agent went back to"),
        ("briefing model cost", f"${total['model_cost_usd']:.4f}", "the cheap model's calls"),
    ]
    if data.get("dollars_saved") and data["dollars_saved"]["priced"]:
        cards.insert(1, ("saved in dollars", _usd(data["dollars_saved"]["net_usd"]),
                         "at the agent model's price, net of the briefing model"))
    card_html = "".join(f'<div class="card"><span class="muted">{html.escape(title)}</span>'
                        f"<b>{value}</b><span class=\"muted\">{html.escape(note)}</span></div>"
                        for title, value, note in cards)
    held, briefed = data["holdout"]["held_out"], data["holdout"]["briefed"]
    holdout = ('<p class="muted">No holdout group: set <code>holdout</code> (e.g. 0.2) to compare '
               "briefed and untouched events.</p>") if not held["events"] else _table(
        ["arm", "events", "mean chars received", "followed by the same call"],
        [[name, f"{g['events']:,}", f"{g['mean_chars_received'] or 0:,}",
          f"{(g['follow_rate'] or 0):.0%}"] for name, g in (("briefed", briefed),
                                                             ("held out", held))])
    worst = costliest(report)
    worst_rows = [[time.strftime("%Y-%m-%d %H:%M", time.gmtime(float(row["ts"] or 0))),
                   html.escape(f"{row['route']} / {row['tool']}"), html.escape(str(row["reason"])),
                   html.escape(_k(row["baseline_chars"])), html.escape(_k(row["delivered_chars"])),
                   _signed(row["net_chars"]),
                   html.escape(", ".join(f"garrepa peek {s}" for s in row["spills"][:1]))]
                  for row in worst]
    per_project = projects(since, prices, session) if project is None \
        else {inline(project): total}
    scope = f"project {inline(project)}" if project else "all projects in your journal"
    if session:
        scope += f", session {inline(session)}"
    window = time.strftime("since %Y-%m-%d %H:%M UTC", time.gmtime(since)) if since else "all time"
    # no `<`, `>` or `&` at all inside the script element: a name holding `</script>` or
    # `<!--<script` (which makes the parser skip the real end tag) stays text; still JSON
    blob = json.dumps(data).replace("<", "\\u003c").replace(">", "\\u003e") \
        .replace("&", "\\u0026")
    return "".join([
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">",
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
        "<title>garrepa report</title><style>", STYLE, "</style></head><body>",
        "<h1>garrepa report</h1>",
        f'<p class="muted">{html.escape(scope)}, {html.escape(window)}. Saved counts against what '
        "Claude Code alone would have delivered (its own caps), minus what the agent read back."
        "</p>",
        f'<div class="cards">{card_html}</div>',
        "<h2>Net saved per day</h2>", bars(sorted(data["net_saved_chars_by_day"].items())),
        "<h2>By route</h2>", _table(TALLY_HEAD, _tally_rows(data["routes"])),
        "<h2>Dollars saved at the agent model's price</h2>", dollars_section(data),
        "<h2>By project</h2>", _table(TALLY_HEAD, _tally_rows(per_project)),
        "<h2>Main thread and subagents</h2>", _table(TALLY_HEAD, _tally_rows(data["threads"])),
        "<h2>Holdout comparison</h2>", holdout,
        "<h2>Costliest replacements</h2>",
        _table(["when (UTC)", "route / tool", "why", "Claude Code alone", "delivered", "net",
                "exact bytes"], worst_rows) if worst_rows else
        '<p class="muted">No replacements yet.</p>',
        f'<script type="application/json" id="report-json">{blob}</script>',
        "</body></html>\n"])
