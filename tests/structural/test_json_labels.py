"""Issue 34: JSON items are named by their own name-like fields, so an index row or a run of a
bare index says which item it is: an edge by its two ends, an item without a name of its own
by the nested name that tells the items apart; and a small object of scalars is one line of
the readable copy, as the server wrote it. Each with its control."""

from __future__ import annotations

import json
import re
from typing import Any

from garrepa_py.structural.json import json_digest, json_index, json_lines


def test_an_edge_is_named_by_its_two_ends() -> None:
    edges = [{"from": f"PyGithub#{n}", "to": "ofTheo", "relationType": "opened by"}
             for n in range(3)]
    name_of = json_index.labeller(edges)
    assert [name_of(e) for e in edges] == ["PyGithub#0→ofTheo", "PyGithub#1→ofTheo",
                                           "PyGithub#2→ofTheo"]


def test_control_a_named_item_keeps_its_name_over_its_ends() -> None:
    items = [{"name": "deploy", "from": "a", "to": "b"}]
    assert json_index.labeller(items)(items[0]) == "deploy"


def alert(number: int, package: str) -> dict[str, Any]:
    return {"number": number, "state": "open",
            "dependency": {"package": {"ecosystem": "npm", "name": package}},
            "repository": {"id": 682315953, "name": "hapi-fhir-jpaserver"}}


def test_an_item_without_a_name_is_named_by_the_nested_name_that_tells_items_apart() -> None:
    """A Dependabot alert: by its package, not by the repository every alert shares."""
    alerts = [alert(6, "axios"), alert(5, "@babel/traverse"), alert(4, "semver")]
    name_of = json_index.labeller(alerts)
    assert [name_of(a) for a in alerts] == ["axios", "@babel/traverse", "semver"]
    _, lines = json_index.index(alerts, {})
    assert lines[0].startswith("axios 6 ")


def test_control_items_with_names_of_their_own_ignore_nested_ones() -> None:
    issues = [{"title": f"bug {n}", "number": n, "user": {"login": f"u{n}"}} for n in range(3)]
    assert json_index.labeller(issues)(issues[1]) == "bug 1"


def test_a_bare_index_names_entities_in_runs_each_with_its_lines() -> None:
    """server-memory's entities have no id: each run of them is named by their names, and the
    run's range holds exactly those entities."""
    entities = [{"name": f"PyGithub#{n}", "entityType": "pull request",
                 "observations": [f"title of {n}", "state: closed", "label: core"]}
                for n in range(3000)]
    lines, spans = json_lines.layout(entities)
    body = json_digest.digest(entities, 20_000, spans)
    runs = re.findall(r"^  L(\d+)\.\.(\d+) (.+)$", body, re.M)
    assert len(runs) > 100
    for first, last, names in runs:
        inside = re.findall(r'"name": "([^"]+)"', "\n".join(lines[int(first) - 1:int(last)]))
        assert inside == names.split("; ")


def test_control_a_bare_index_of_items_with_ids_names_them_by_their_ids() -> None:
    items = [{"id": n, "title": f"a long title that would not fit {n}",
              "user": {"login": f"someone-{n}", "type": "User", "site_admin": False,
                       "html_url": f"https://github.com/someone-{n}"}} for n in range(3000)]
    lines, spans = json_lines.layout(items)
    body = json_digest.digest(items, 20_000, spans)
    assert "a long title" not in body
    assert re.search(r"^  L2\.\.\d+ 0; 1; 2; ", body, re.M)


def test_a_small_object_of_scalars_is_one_line_as_the_server_wrote_it() -> None:
    graph = {"relations": [{"from": "PyGithub#76", "to": "ofTheo", "relationType": "opened by"}]}
    lines, spans = json_lines.layout(graph)
    assert lines[2] == '  {"from":"PyGithub#76","to":"ofTheo","relationType":"opened by"}'
    assert spans[id(graph["relations"][0])] == (3, 3)
    assert json.loads("\n".join(lines)) == graph


def test_control_a_long_or_nested_object_stays_one_value_a_line() -> None:
    long = {"title": "x" * 200, "number": 1}
    nested = {"package": {"name": "axios"}, "number": 6}
    for value in (long, nested):
        lines, _ = json_lines.layout([value])
        assert len(lines) > 3 and json.loads("\n".join(lines)) == [value]
