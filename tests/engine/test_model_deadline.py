"""The model call's deadline on an injected clock: what happens at the deadline is decided by the
code path, not by how fast the machine is, so these tests cannot flake under load.

The same transport code as the loopback tests (tests/engine/test_model_clients.py), with time
stepped by the test: an attempt, a `Retry`, a reply still arriving, each at a known instant.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from garrepa_py.model.base import (
    MAX_RETRY_WAIT_SECONDS,
    MIN_ATTEMPT_SECONDS,
    ModelError,
    Retry,
    _read_until,
    with_one_retry,
)


class Clock:
    """A monotonic clock that moves only when told to (by an attempt, a sleep or a read)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def attempts(clock: Clock, outcomes: list[tuple[float, Exception | str]]
             ) -> tuple[Callable[[float], str], list[float]]:
    """An attempt that takes `seconds` of clock time, then raises or returns; and the budgets
    (seconds left) each call was given."""
    given: list[float] = []

    def attempt(remaining: float) -> str:
        given.append(remaining)
        seconds, outcome = outcomes[len(given) - 1]
        clock.now += seconds
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    return attempt, given


def test_each_attempt_gets_what_is_left_of_the_budget() -> None:
    clock = Clock()
    attempt, given = attempts(clock, [(0.5, Retry("http-503", wait=0.5)), (0.1, "the reply")])
    assert with_one_retry(attempt, clock.now + 10, clock, clock.sleep) == "the reply"
    assert clock.slept == [0.5]  # the retry-after, well inside the budget
    assert given == [10.0, 9.0]  # 10 s, less the first attempt and the wait


def test_a_retry_without_the_minimum_left_is_not_attempted() -> None:
    """The first attempt fails with a retryable 503 just before the deadline: its reason is the
    answer, and no second request is made (the caller's fallback then serves)."""
    clock = Clock()
    deadline = clock.now + 5
    attempt, given = attempts(clock, [(5 - MIN_ATTEMPT_SECONDS + 0.01, Retry("http-503", wait=0.5))])
    with pytest.raises(ModelError) as caught:
        with_one_retry(attempt, deadline, clock, clock.sleep)
    assert caught.value.reason == "http-503"
    assert len(given) == 1
    assert clock.slept == [0.0]  # no time to wait out: the wait is cut to what is left


def test_the_retry_wait_is_capped_and_leaves_a_second_for_the_attempt() -> None:
    clock = Clock()
    attempt, given = attempts(clock, [(0, Retry("http-429", wait=30)), (0, "late reply")])
    assert with_one_retry(attempt, clock.now + 60, clock, clock.sleep) == "late reply"
    assert clock.slept == [MAX_RETRY_WAIT_SECONDS]  # a 30 s retry-after is not waited out
    clock = Clock()
    attempt, given = attempts(clock, [(0, Retry("http-429", wait=30)), (0, "late reply")])
    assert with_one_retry(attempt, clock.now + 2.5, clock, clock.sleep) == "late reply"
    assert clock.slept == [1.5] and given == [2.5, 1.0]  # waits only to a second before the end


def test_at_the_deadline_nothing_is_attempted() -> None:
    clock = Clock()
    attempt, given = attempts(clock, [])
    with pytest.raises(ModelError) as caught:
        with_one_retry(attempt, clock.now + MIN_ATTEMPT_SECONDS - 0.01, clock, clock.sleep)
    assert caught.value.reason == "no-time"
    assert given == []


class Socket:
    def __init__(self) -> None:
        self.timeouts: list[float] = []

    def settimeout(self, seconds: float) -> None:
        self.timeouts.append(seconds)


class Dripping:
    """A reply that brings one byte per read, each read taking a second of the clock."""

    def __init__(self, clock: Clock, body: bytes) -> None:
        self.clock, self.body = clock, body
        self.fp = type("fp", (), {"raw": type("raw", (), {"_sock": Socket()})()})()

    @property
    def sock(self) -> Socket:
        return self.fp.raw._sock

    def read1(self, size: int) -> bytes:
        self.clock.now += 1.0
        chunk, self.body = self.body[:1], self.body[1:]
        return chunk


def test_a_reply_still_arriving_at_the_deadline_is_abandoned() -> None:
    clock = Clock()
    response = Dripping(clock, b'{"content": []}')
    with pytest.raises(TimeoutError):
        _read_until(response, clock.now + 3.5, clock)
    assert response.body == b'{"content": []}'[4:]  # four receives, then it gave up
    # each receive may wait only until the deadline, never a fixed socket timeout
    assert response.sock.timeouts == [3.5, 2.5, 1.5, 0.5]


def test_a_reply_complete_before_the_deadline_is_read_whole() -> None:
    clock = Clock()
    response = Dripping(clock, b"{}")
    assert _read_until(response, clock.now + 10, clock) == b"{}"
