"""Free text people write is redacted before it is stored (spec: "Credentials are redacted").

A case is not the only text a model reads or an export carries: a dataset's name and
description, its judge's instructions and criteria, its default checks, and the labels
of a scored answer (agent name, version, model, run key) are shown to every reader of
the dataset, exported and handed to the judge. Every service that stores one of them
passes it through here first, so they all get the one redaction the cases get. So do
the names people type - of a model connection, an API key, a member, an agent, a
dataset - which are listed to others and kept in exports and audit entries.
"""

from casebook.domain.jsonvalue import JSONObject
from casebook.domain.redaction import redact_scoring, redact_text


def stored_text(text: str) -> str:
    """``text`` with every recognized credential replaced by its placeholder."""
    return redact_text(text)[0]


def stored_name(text: str) -> str:
    """A name as stored: on one line, its whitespace folded, credentials redacted."""
    return stored_text(" ".join(text.split()))


def stored_optional_text(text: str | None) -> str | None:
    return None if text is None else stored_text(text)


def stored_scoring(scoring: JSONObject) -> JSONObject:
    """A scoring configuration's texts redacted: instructions, criteria, default checks
    (a regex check's placeholder escaped) and every other string in it."""
    return redact_scoring(scoring)[0]
