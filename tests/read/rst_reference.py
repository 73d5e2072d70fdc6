"""The reference parse of a reStructuredText document: docutils' own sections, as
(level, first line, last line, title), with the line ranges a map must give them."""

from __future__ import annotations

import io
import re

import docutils.frontend
import docutils.parsers.rst
import docutils.utils
from docutils import nodes

ADORNMENT = re.compile(r"^([=\-~^\"'`#*+:._<>!$%&,;?@\\/|])\1{2,}\s*$")


def sections(text: str) -> list[tuple[int, int, int, str]]:
    """Every section docutils finds. A section starts at its overline, else at its title, and
    ends where the next section of the same or a higher level starts (or at the last line)."""
    parser = docutils.parsers.rst.Parser()
    settings = docutils.frontend.get_default_settings(docutils.parsers.rst.Parser)
    settings.report_level = settings.halt_level = 5  # Sphinx roles and directives: not errors
    settings.warning_stream = io.StringIO()
    document = docutils.utils.new_document("<reference>", settings)
    parser.parse(text, document)
    lines = text.split("\n")
    starts: list[tuple[int, int, str]] = []
    for section in document.findall(nodes.section):
        title = section.next_node(nodes.title)
        depth, parent = 0, section.parent
        while parent is not None:
            depth += isinstance(parent, nodes.section)
            parent = parent.parent
        underline = title.line  # docutils' line of a title is its underline's (1-based)
        assert ADORNMENT.match(lines[underline - 1]), (underline, lines[underline - 1])
        overlined = underline >= 3 and lines[underline - 3].rstrip() == lines[underline - 1].rstrip()
        starts.append((depth + 1, underline - 2 if overlined else underline - 1, title.rawsource))
    total = text.count("\n") + (0 if text.endswith("\n") else 1)
    found = []
    for index, (level, start, title) in enumerate(starts):
        end = next((later - 1 for other, later, _ in starts[index + 1:] if other <= level), total)
        found.append((level, start, end, title))
    return found
