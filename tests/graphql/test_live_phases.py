"""Sockets' periodic checks are dealt onto the phases of the interval in turn, and each
socket's checks fall on its phase's instants, one interval apart."""

import pytest

from casebook.graphql.live import CHECK_PHASES, LivePrincipal, next_tick, phase_offset


async def _never() -> object:
    raise AssertionError("not called")


def test_sockets_are_dealt_onto_every_phase_evenly() -> None:
    principals = [LivePrincipal(_never, 5.0) for _ in range(CHECK_PHASES * 25)]  # type: ignore[arg-type]
    counts = [sum(1 for p in principals if p.phase == phase) for phase in range(CHECK_PHASES)]
    assert counts == [25] * CHECK_PHASES


@pytest.mark.parametrize("phase", range(CHECK_PHASES))
@pytest.mark.parametrize("now", [0.0, 0.3, 4.99, 5.0, 1234.567])
def test_a_phase_ticks_once_an_interval_at_its_share_of_it(phase: int, now: float) -> None:
    every = 5.0
    wait = next_tick(every, phase, now)
    assert 0 < wait <= every
    tick = now + wait
    # On the phase's instants: a multiple of the interval shifted by the phase's share.
    shifted = (tick - phase_offset(every, phase)) / every
    assert shifted == pytest.approx(round(shifted), abs=1e-9)
    assert phase_offset(every, phase) == pytest.approx(every * phase / CHECK_PHASES)
