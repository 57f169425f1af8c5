"""What `casebook eval` prints: the estimate, progress lines, the summary table and the comparison."""

from collections.abc import Sequence
from typing import Any

QUESTION_CHARS = 80
HEADERS = ("Agent", "Version", "Pass", "Fail", "Not graded", "Pass rate", "Cost", "p50", "p95")


def _money(value: float | None) -> str:
    if value is None:
        return "-"
    return "under a cent" if 0 < value < 0.01 else f"${value:,.2f}"


def _ms(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value / 1000:.2f} s" if value >= 1000 else f"{value:.0f} ms"


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def estimate_lines(estimate: dict[str, Any]) -> list[str]:
    left_out = estimate["anonymisedLeftOut"]
    lines = [
        f"version {estimate['datasetVersion']}: {estimate['cases']} cases"
        + (f" ({left_out} anonymised, left out)" if left_out else "")
        + f", {estimate['answers']} answers",
    ]
    for agent in estimate["agents"]:
        name = (agent.get("agent") or {}).get("name", "an agent")
        lines.append(f"  {name} (version {agent['agentVersion']}): {agent['costText']}")
    lines.append(f"  judge: {estimate['judgeCostText']}")
    lines.append(f"  estimated total: {estimate['totalCostText']}")
    return lines


def progress_line(progress: dict[str, Any]) -> str:
    eta = progress.get("etaSeconds")
    line = (
        f"[{progress['status'].lower()}] answered {progress['answered']}/{progress['total']}, "
        f"scored {progress['scored']}: {progress['passed']} passed, {progress['failed']} failed, "
        f"{progress['notGraded']} not graded; cost {_money(progress['costUsd']) or '$0.00'}"
    )
    if eta is not None:
        line += f"; about {eta:.0f} s left"
    if progress.get("statusReason"):
        line += f" ({progress['statusReason']})"
    return line


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    out = []
    for index, row in enumerate(rows):
        cells = [
            cell.ljust(width) if column == 0 else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        out.append("  ".join(cells).rstrip())
        if index == 0:
            out.append("  ".join("-" * width for width in widths))
    return out


def summary_lines(run: dict[str, Any]) -> list[str]:
    agents = run["summary"]["agents"]
    with_quality = any(agent.get("qualityMean") is not None for agent in agents)
    headers = [*HEADERS, "Quality (min-max)"] if with_quality else list(HEADERS)
    rows: list[list[str]] = [headers]
    for agent in agents:
        row = [
            agent["agentName"],
            str(agent["agentVersion"]),
            str(agent["passed"]),
            str(agent["failed"]),
            str(agent["notGraded"]),
            _rate(agent["passRate"]),
            _money(agent["costUsd"]) if agent["costUsd"] else "$0.00",
            _ms(agent["latencyP50Ms"]),
            _ms(agent["latencyP95Ms"]),
        ]
        if with_quality:
            mean = agent.get("qualityMean")
            row.append(
                "-"
                if mean is None
                else f"{mean:.2f} ({agent['qualityMin']:.2f}-{agent['qualityMax']:.2f})"
            )
        rows.append(row)
    return _table(rows)


def comparison_lines(comparison: dict[str, Any] | None) -> list[str]:
    if comparison is None:
        return ["no baseline: nothing compared"]
    lines = [
        f"compared with run {comparison['baseline']['id']} "
        f"({comparison['comparedCases']} cases): pass rate "
        f"{_rate(comparison['passRateBefore'])} → {_rate(comparison['passRateAfter'])}"
    ]
    if comparison.get("note"):
        lines.append(f"  note: {comparison['note']}")
    regressions = comparison["regressions"]
    improvements = comparison["improvements"]
    lines.append(
        f"  {_count(len(regressions), 'regression')} "
        f"({comparison['confirmedRegressions']} confirmed), "
        f"{_count(len(improvements), 'improvement')}"
    )
    for flip in regressions:
        state = {True: "confirmed", False: "not confirmed by the rerun", None: "not rerun"}[
            flip.get("confirmed")
        ]
        case = flip["case"]
        question = " ".join(str(case.get("input") or "").split())
        if len(question) > QUESTION_CHARS:
            question = question[: QUESTION_CHARS - 1] + "…"
        lines.append(
            f"  regression ({state}): {flip['agentName']} on case {case['id']} {question!r}"
        )
    return lines


def _count(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
