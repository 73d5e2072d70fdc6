"""Commands the source holds, and what a briefing may say around one it repeats.

A planted instruction needs its command to reach the reader; a steered model can wrap that
command in any phrasing (an obligation, a question, a "we run", an infinitive in a language no
word list has). So a sentence of the notes that repeats a command of the source (an inline code
span, a `$ ` prompt line, a line of a shell code block, also once the notes' own shell variables
are expanded) must be a neutral reference: it names where the command is or what it is
("lines 26-50 document …", "the command there is …"), and nothing in its clause gives it an
actor, an obligation, a time or an order, or asks a question. Anything else is not delivered.
Standard library only, linear in the source (bounded counts).
"""

from __future__ import annotations

import re

from garrepa_py.engine import normalise

MAX_COMMANDS = 400  # commands collected from one source
MIN_CHARS = 5  # shorter spans ("ls", "-v") are words, not commands
MAX_CHARS = 160

_SPAN = re.compile(r"`([^`\n]{5,160})`")
_PROMPT = re.compile(r"^[ \t]*\$[ \t]+([^\n]{3,160})$", re.M)
_SHELL_FENCE = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[ \t]*(?:sh|bash|shell|console|zsh|shell-session"
                          r"|powershell|bat|cmd)\b[^\n]*\n(.*?)^[ \t]*(?:`{3,}|~{3,})",
                          re.M | re.S)
# a program name, then at least one argument
_COMMAND_SHAPE = re.compile(r"^[a-z_./][\w./+:-]* +\S")
_ASSIGNMENT = re.compile(r"(?<![\w$])([A-Za-z_]\w{0,30})=([^\s;&|`'\"]{1,80})")
_EXPANSION = re.compile(r"\$\{?([A-Za-z_]\w{0,30})\}?")

# What makes a sentence a neutral reference: where (a line reference) or what (a describing verb
# or a noun that names the command as a thing).
_REFERENCE = re.compile(
    r"\b(?:lines?|l)\s?\d|\b(?:documents?|documented|describes?|described|shows?|shown|gives?"
    r"|given|lists?|listed|covers?|covered|mentions?|mentioned|holds?|contains?|explains?"
    r"|explained|quotes?|quoted|cites?|cited|references?|referenced|includes?|included"
    r"|introduces?|introduced|presents?|defines?|defined|names?|named|illustrates?|spells? out"
    r"|commands?|examples?|snippets?|invocations?|called)\b")
# What makes it a request: an actor, an obligation, a time or an order, a question.
_PREDICATE = re.compile(
    r"\?|\b(?:expected|expects?|asked|asks?|tells?|told|wants?|wanted|requests?|requested"
    r"|required|requires?|requirement|mandatory|obligatory|compulsory|necessary|necessity"
    r"|essential|needs?|needed|must|should|shall|ought|has to|have to|had better|wise|advisable"
    r"|advised|recommended|recommends?|best|good idea|time to|first|firstly|before|prior|after"
    r"|afterwards|then|next|now|immediately|right away|at once|soon|asap|straight away|promptly"
    r"|we|us|our|let'?s|let us|one|agents?|assistants?|ai|llm|models?|bots?|reader|automated"
    r"|whoever|anyone|why not|how about|what about|please|kindly|go ahead|step|duty|job|task"
    r"|proceed|processes|replies|reply|answer|answering|responding|response)\b")


def _flat(text: str) -> str:
    return " ".join(normalise.fold(text).split())


class SourceCommands:
    """The commands in one source, folded, found once."""

    def __init__(self, source: str) -> None:
        found: dict[str, None] = {}
        candidates = [m.group(1) for m in _SPAN.finditer(source)]
        candidates += [m.group(1) for m in _PROMPT.finditer(source)]
        for block in _SHELL_FENCE.finditer(source):
            candidates += block.group(1).split("\n")
        for candidate in candidates:
            if len(found) >= MAX_COMMANDS:
                break
            command = _flat(candidate.strip().removeprefix("$ "))
            if MIN_CHARS <= len(command) <= MAX_CHARS and _COMMAND_SHAPE.match(command):
                found[command] = None
        self.commands = tuple(found)

    def repeated(self, sentence: str) -> bool:
        """Does the (plain) sentence hold one of the source's commands?"""
        if not self.commands:
            return False
        flat = _flat(sentence)
        return any(command in flat for command in self.commands)


def expanded(text: str) -> str:
    """`text` with the shell variables it assigns itself expanded: "D=deploy; make $D-prod"
    reads "make deploy-prod"."""
    if "=" not in text or "$" not in text:
        return text
    values = {name: value for name, value in _ASSIGNMENT.findall(text)}
    if not values:
        return text
    return _EXPANSION.sub(lambda m: values.get(m.group(1), m.group(0)), text)


_CLAUSE_END = re.compile(r"(?<=[.!?;])\s+")


def requests(sentence: str, line: str) -> bool:
    """Is a sentence that repeats a source command more than a neutral reference to it? Read
    in its clause: the line up to . ! ? or ; (a label before a colon belongs to it)."""
    flat = _flat(sentence)
    clause = next((part for part in _CLAUSE_END.split(_flat(line)) if flat in part), flat)
    return not _REFERENCE.search(clause) or bool(_PREDICATE.search(clause))
