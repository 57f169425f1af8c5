"""Reading a Prometheus text exposition in tests: one value per series."""

from prometheus_client.parser import text_string_to_metric_families

Series = tuple[str, frozenset[tuple[str, str]]]


def parse(text: str) -> dict[Series, float]:
    values: dict[Series, float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            values[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return values


def value(values: dict[Series, float], name: str, **labels: str) -> float:
    """The series' value; 0 when it does not exist yet (a counter never incremented)."""
    return values.get((name, frozenset(labels.items())), 0.0)


def grew(
    before: dict[Series, float], after: dict[Series, float], name: str, **labels: str
) -> float:
    return value(after, name, **labels) - value(before, name, **labels)
