"""The two sides of a comparison, read from what a case and an answer hold.

**A reference is required**: only a verified JSON reference answer may be
scored against, so there is always something trusted to compare with.

An agent's answer is text. When it is JSON (also inside one Markdown code
fence, as models often write it) the parsed value is the candidate;
otherwise the text itself is, and it then fails the comparison as a type
mismatch against an object or list reference instead of being dropped.
"""

import json
import re

from casebook.domain.cases.model import CaseContent
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.jsonvalue import JSONValue

_FENCED = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n(.*?)\n?```", re.DOTALL)


def verified_reference(content: CaseContent) -> JSONValue:
    """The case's reference as JSON; refused naming the field when it cannot be scored against."""
    if content.reference_answer is None or not content.reference_answer.strip():
        raise ValidationFailed(
            [FieldError("reference_answer", "structured scoring needs a reference")]
        )
    if not content.reference_verified:
        raise ValidationFailed(
            [
                FieldError(
                    "reference_verified",
                    "the reference must be verified before it is scored against",
                )
            ]
        )
    try:
        parsed: JSONValue = json.loads(content.reference_answer)
    except ValueError:
        raise ValidationFailed(
            [FieldError("reference_answer", "a structured reference must be valid JSON")]
        ) from None
    return parsed


def candidate_from_answer(answer: str) -> JSONValue:
    """The answer as JSON when it is JSON (fenced or not), else the answer's text."""
    stripped = answer.strip()
    fenced = _FENCED.fullmatch(stripped)
    body = fenced[1] if fenced else stripped
    try:
        parsed: JSONValue = json.loads(body)
    except ValueError:
        return answer
    return parsed
