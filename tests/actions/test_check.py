"""actions/check.py: a doctor line and the version reader every host's checks share."""

from __future__ import annotations

from garrepa_py.actions.check import Check, parse_version


def test_versions_as_the_binaries_print_them() -> None:
    assert parse_version("2.1.332 (Claude Code)") == (2, 1, 332)
    assert parse_version("codex-cli 0.171.0") == (0, 171, 0)
    assert parse_version("codex-cli dev") is None


def test_a_check_as_json_keeps_its_hint() -> None:
    assert Check("codex hooks", "fail", "missing", "run `garrepa init --host codex`").as_dict() == {
        "name": "codex hooks", "status": "fail", "detail": "missing",
        "hint": "run `garrepa init --host codex`"}
