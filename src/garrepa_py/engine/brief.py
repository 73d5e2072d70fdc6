"""The engine: source text in, a validated, stamped briefing (or a reasoned pass) out.

guard → structural → shorter? → accounts for its source? → cache → model (validated) → spill → stamp.
What goes to the model is the numbered source, or its structural digest when the source is
over the provider's context budget (journal: `model_input`); either way the reply is checked
against the whole source.
A model problem of any kind falls back to the structural briefing; a structural compressor that
fails falls back to the generic one; anything else to a pass-through. The model's HTTP stack is
imported only when a client is made.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from garrepa_py import textlines
from garrepa_py.config.load import Config
from garrepa_py.engine import accounting, directives, prompt, quoting, stamp, store, validate
from garrepa_py.engine.notes import EngineNotes
from garrepa_py.engine.types import Briefing, BriefRequest
from garrepa_py.guard import secrets
from garrepa_py.structural.briefing import Structural

if TYPE_CHECKING:
    from garrepa_py.model.base import ModelClient

MODEL_MARGIN_SECONDS = 0.5  # left after the model call for validation, spill and printing
POINTER_RESERVE = 400  # room for the stamp's header and recovery pointer
WITHHELD_REASON = "instruction-like"
# A withheld briefing is asked for again after this long: a false alarm is not a permanent loss
# (and a detector or prompt change asks again at once: both are in the cache key).
RETRY_WITHHELD_SECONDS = 24 * 3600
ClientFactory = Callable[[Config], "tuple[ModelClient | None, str]"]


def _default_factory(config: Config) -> tuple[ModelClient | None, str]:
    from garrepa_py.model.providers import make_client

    return make_client(config)


def cache_key(route: str, provider: str, model: str, source: str,
              question: str | None = None, instruction: str = prompt.GENERIC_INSTRUCTION) -> str:
    """The key of a model briefing: the prompt's and both checks' versions and the route's
    instruction are in it, so a change to any of them asks again."""
    return store.cache_key(route, f"{prompt.PROMPT_VERSION}/{directives.VERSION}/"
                           f"{validate.VERSION}/{store.digest(instruction)[:16]}", provider,
                           model, source + "\0" + (question or ""))


def _model_briefing(request: BriefRequest, source: str, structural: Structural, config: Config,
                    project: str, deadline: float, client: ModelClient,
                    notes: EngineNotes) -> tuple[str, str] | None:
    """The validated model notes and garrepa's line of the must-keep handles they left out,
    from the cache or a fresh call; None means use structural.

    `source` is the masked source: the model sees placeholders, never a secret value.
    """
    key = cache_key(request.route, client.name, client.model, source, request.question,
                    request.instruction or prompt.GENERIC_INSTRUCTION)
    entry = store.cache_get(project, key)
    if entry is not None and _expired(entry):
        notes.retry = WITHHELD_REASON  # a withheld briefing is asked for again, once a day
        entry = None
    if entry is not None:
        notes.cache = "hit"
        if entry.get("status") == "ok" and isinstance(entry.get("text"), str):
            model = entry.get("model")
            notes.model = model if isinstance(model, str) else None
            cached = entry.get("also")
            return _with_also(str(entry["text"]), [str(a) for a in cached]
                              if isinstance(cached, list) else [])
        notes.fallback = str(entry.get("reason", "cached-rejection"))
        return None
    notes.cache = "miss"
    from garrepa_py.engine import door
    from garrepa_py.model.base import ModelError, ModelReply, Rejected

    also: list[tuple[str, ...]] = []

    def accept(text: str) -> tuple[str | None, str]:
        checked = validate.check(text, source, structural.must_keep, request.model_chars)
        also.append(checked.also)
        if checked.rule:
            notes.instruction_rule = checked.rule  # a label, for tuning; never the text
        return checked.text, checked.reason

    def took(reply: ModelReply) -> None:
        notes.model, notes.input_tokens = reply.model, reply.input_tokens
        notes.output_tokens = reply.output_tokens
        notes.model_ms = round((time.monotonic() - started) * 1000)

    started = time.monotonic()
    try:
        exchange = door.ask(client, prompt.SYSTEM,
                            _user_message(request, source, structural, door.context_chars(client),
                                          notes),
                            config.settings.provider.max_tokens,
                            deadline - MODEL_MARGIN_SECONDS, accept)
    except Rejected as exc:  # it answered, and the answer failed validation: remembered
        took(exc.reply)
        notes.fallback = exc.reason
        _remember(project, key, {"status": "rejected", "reason": exc.reason,
                                 "at": int(time.time())}, notes)
        return None
    except ModelError as exc:  # transient or refused at the door: not cached
        notes.fallback = exc.reason
        notes.model_ms = round((time.monotonic() - started) * 1000)
        return None
    took(exchange.reply)
    restored = list(also[-1]) if also else []
    notes.restored = len(restored)
    _remember(project, key, {"status": "ok", "text": exchange.text, "also": restored,
                             "model": exchange.reply.model}, notes)
    return _with_also(exchange.text, restored)


def _user_message(request: BriefRequest, source: str, structural: Structural, budget: int,
                  notes: EngineNotes) -> str:
    """The numbered source, or, when that would be over the provider's context budget, the
    structural digest (its line ranges are the source's): never more than the budget allows.
    The reply is checked against the whole source either way."""
    instruction = request.instruction or prompt.GENERIC_INSTRUCTION
    if len(prompt.SYSTEM) + len(source) <= budget:  # numbering only lengthens it
        whole = prompt.user_message(instruction, request.label, source, request.question,
                                    request.model_chars)
        if len(prompt.SYSTEM) + len(whole) <= budget:
            return whole
    notes.model_input, notes.model_input_why = "structural-digest", f"over-budget-{budget}"
    return prompt.digest_message(instruction, request.label, structural.text, len(source),
                                 textlines.count(source), request.question, request.model_chars)


def _with_also(notes: str, also: list[str]) -> tuple[str, str]:
    return notes, validate.also_line(also)


def _expired(entry: dict[str, Any], now: float | None = None) -> bool:
    """A cached "instruction-like" rejection older than a day (or undated) is not used."""
    if entry.get("status") != "rejected" or entry.get("reason") != WITHHELD_REASON:
        return False
    at = entry.get("at")
    current = time.time() if now is None else now
    return not isinstance(at, int) or current - at >= RETRY_WITHHELD_SECONDS


def _remember(project: str, key: str, entry: dict[str, Any], notes: EngineNotes) -> None:
    try:
        store.cache_put(project, key, entry)
    except OSError:
        notes.cache = "unwritable"


def _structural(request: BriefRequest, source: str, notes: EngineNotes) -> Structural:
    """The route's structural briefing; the generic one if the route's compressor fails."""
    try:
        return request.structural(source)
    except (Exception, RecursionError) as exc:
        from garrepa_py.structural import generic

        notes.structural = f"generic-after-{type(exc).__name__}"
        return generic.compress(source)


def _readable(request: BriefRequest, source: str, notes: EngineNotes) -> str | None:
    """The readable copy to spill, when the route has one and it differs from the source."""
    if request.readable is None:
        return None
    try:
        readable = request.readable(source)
    except (Exception, RecursionError) as exc:
        notes.readable = f"failed-{type(exc).__name__}"
        return None
    return readable if readable != source else None


def _compose(model: tuple[str, str] | None, structural: Structural, notes: EngineNotes,
             combine: bool = True) -> str:
    """The body: the model's notes fenced as data, then (or else) the structural briefing under
    the line that says its titles and excerpts are the source's own text. Every route's digest
    passes the one quoting rule (engine/quoting.py): no line of it reads as garrepa's own, no
    protocol tag stays live; only the compressor's `head` lines are garrepa's."""
    text = structural.text if structural.quoted else quoting.quote(structural.text)
    if structural.head:
        text = f"{structural.head}\n{text}"
    if model:
        notes.method = "model"
        text_of_model, also = model
        fenced = stamp.notes(text_of_model) + (f"\n{also}" if also else "")
        return f"{fenced}\n{stamp.quoted(text)}" if combine else fenced
    return stamp.quoted(text)


def masked_note(found: secrets.Scan) -> str:
    """Which lines held what kind of secret: shown to the agent instead of the values."""
    every = found.places()  # a 40-line key is one range, not 40 entries
    places = "; ".join(every[:40])
    more = len(every) - 40
    return (f"[secrets masked above as [secret: KIND]: {places}"
            + (f"; and {more} more" if more > 0 else "") + " | the exact bytes are in the "
            "original named below, readable only by you]")


def brief(request: BriefRequest, config: Config, project: str, deadline: float,
          client_factory: ClientFactory = _default_factory) -> Briefing:
    source = request.source
    notes = EngineNotes()
    found = secrets.scan(source)
    safe = secrets.mask(source, found) if found.findings else source
    if found:
        notes.masked = found.summary()  # kinds and counts, never a value
        if found.unmaskable:
            notes.unmaskable = ",".join(found.unmaskable)
    structural = _structural(request, safe, notes)
    if len(structural.head) + len(structural.text) + POINTER_RESERVE >= len(source):
        # Decided before any model call or spill: nothing is spent on a result that passes.
        return Briefing("pass", "not-shorter", notes=notes)
    unaccounted = accounting.unaccounted(structural.text, len(source))
    if unaccounted is not None:  # never worse than Claude Code alone: the original passes
        return Briefing("pass", unaccounted, notes=notes)
    client, why_not = client_factory(config) if request.instruction is not None else (
        None, "structural-route")  # a route with no model instruction briefs structurally
    model: tuple[str, str] | None = None
    if client is not None:
        notes.provider = getattr(client, "origin", "") or client.name  # how it was chosen
    if client is None:
        if request.instruction is not None:  # a structural route asks none: no fallback
            notes.fallback = why_not
    elif found.unmaskable:
        notes.fallback = "secret-unmaskable"  # nothing is sent that could not be masked
    else:
        model = _model_briefing(request, safe, structural, config, project, deadline, client,
                               notes)
    body = _compose(model, structural, notes, request.combine)
    method = stamp.model_method(str(notes.model)) if notes.method == "model" \
        else stamp.STRUCTURAL + (stamp.WITHHELD if notes.fallback == WITHHELD_REASON else "")
    if found.findings:
        body = f"{body}\n{masked_note(found)}"
    lines = textlines.count(source)
    head = stamp.header(request.route, request.label, len(source), lines, method)
    spill_path = None
    if request.recovery is not None:
        pointer = request.recovery
    else:
        pointer = stamp.spill_pointer("/" + "0" * 32 + ".txt", lines)
        if len(stamp.stamp(body, head, pointer)) >= len(source):
            return Briefing("pass", "not-shorter", notes=notes)
        readable = _readable(request, source, notes)
        try:
            if readable is None:
                spill_path = store.spill(project, source)  # the exact bytes, owner-only
                pointer = stamp.spill_pointer(spill_path, lines)
            else:
                exact = request.exact_copy or store.spill(project, source)
                spill_path = store.spill(project, readable)
                pointer = stamp.readable_pointer(spill_path, textlines.count(readable), exact,
                                                 request.exact_copy is not None)
                notes.spills = [store.spill_id(exact)]
            notes.spills = [*(notes.spills or []), store.spill_id(spill_path)]
        except OSError:  # .garrepa/ not ours (a symlink?) or not writable: no recovery, no brief
            return Briefing("pass", "spill-unwritable", notes=notes)
    text = stamp.stamp(body, head, pointer)
    if len(text) >= len(source):
        return Briefing("pass", "not-shorter", notes=notes)
    try:
        spill = config.settings.spill
        store.prune(project, spill.max_age_days, spill.max_megabytes, keep=spill_path)
    except OSError:
        notes.prune = "failed"
    notes.method = "model" if notes.method == "model" else "structural"
    return Briefing("compress", "compressed", text, spill_path, notes)
