"""The gate: when an eval run fails the build (exit 1). A regression the rerun confirmed, an
agent's pass rate under the bar (nothing graded cannot meet a bar), or a run that did not
finish (failed or cancelled) - a gate never passes on a run it could not read to the end.
Otherwise it passes (exit 0); usage and connection errors are exit 2, elsewhere. One rule for
``evaluate()``, ``casebook eval`` and the pytest plugin."""

from collections.abc import Sequence
from dataclasses import dataclass

PASSED, FAILED, UNUSABLE = 0, 1, 2
FINISHED = "FINISHED"


@dataclass(frozen=True, slots=True)
class AgentRate:
    name: str
    pass_rate: float | None


@dataclass(frozen=True, slots=True)
class Verdict:
    exit_code: int
    reasons: tuple[str, ...]


def decide(
    *,
    status: str,
    status_reason: str | None,
    confirmed_regressions: int,
    rates: Sequence[AgentRate],
    min_pass_rate: float | None,
) -> Verdict:
    reasons: list[str] = []
    if status != FINISHED:
        why = f": {status_reason}" if status_reason else ""
        reasons.append(f"the run ended {status.lower()}{why}")
    if confirmed_regressions:
        noun = "regression" if confirmed_regressions == 1 else "regressions"
        reasons.append(f"{confirmed_regressions} confirmed {noun}")
    if min_pass_rate is not None:
        for rate in rates:
            if rate.pass_rate is None:
                reasons.append(f"{rate.name}: nothing was graded, so no pass rate meets the bar")
            elif rate.pass_rate < min_pass_rate:
                reasons.append(
                    f"{rate.name}: pass rate {rate.pass_rate:.1%} is under the bar "
                    f"{min_pass_rate:.1%}"
                )
    return Verdict(FAILED if reasons else PASSED, tuple(reasons))


def parse_pass_rate(text: str) -> float:
    """``0.8``, ``80%``: a fraction from 0 to 1."""
    value = text.strip()
    try:
        rate = float(value[:-1]) / 100 if value.endswith("%") else float(value)
    except ValueError:
        raise ValueError(f"--min-pass-rate: {text!r} is not a number such as 0.8 or 80%") from None
    if not 0.0 <= rate <= 1.0:
        raise ValueError(f"--min-pass-rate: {text!r} is not between 0 and 1 (or 0% and 100%)")
    return rate
