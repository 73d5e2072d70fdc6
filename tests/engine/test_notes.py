"""engine/notes.py: what the engine noted reaches the journal line as its keys, unset left out."""

from __future__ import annotations

import typing

from garrepa_py import journal
from garrepa_py.engine.notes import EngineNotes


def test_nothing_noted_adds_no_key() -> None:
    assert EngineNotes().fields() == {}


def test_noted_fields_become_journal_keys_in_a_fixed_order() -> None:
    notes = EngineNotes()
    notes.method = "structural"
    notes.cache = "miss"
    notes.masked = "aws-key:1"
    notes.input_tokens = 0  # a zero is a number said, not left out
    assert list(notes.fields().items()) == [
        ("masked", "aws-key:1"), ("cache", "miss"), ("input_tokens", 0), ("method", "structural")]


def test_every_note_is_a_key_the_journal_record_declares() -> None:
    hints = typing.get_type_hints(journal.Record) if hasattr(journal, "Record") else None
    declared = set(hints) if hints else _declared_in_source()
    assert set(EngineNotes.__slots__) <= declared


def _declared_in_source() -> set[str]:
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(journal))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "Record":
            return {stmt.target.id for stmt in node.body
                    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)}
    raise AssertionError("journal.Record not found")


def test_an_unknown_note_is_refused() -> None:
    notes = EngineNotes()
    try:
        notes.modle = "typo"  # type: ignore[attr-defined]
    except AttributeError:
        return
    raise AssertionError("a misspelt note was accepted")
