"""The structured scorer's settings, set once on the dataset (never per run).

Strictness, the judge model and the embedding model live on the dataset so
that every model is scored identically and scores stay comparable.

**Strictness → embedding threshold.** Strictness is a number from 0 to 1
(default 0.5). Two differently written short texts count as equal when the
cosine similarity of their embeddings is at least

    threshold = 0.75 + 0.20 × strictness

so 0 → 0.75 (lenient), 0.5 → 0.85, 1 → 0.95 (only near-identical writings).
Higher strictness always means a higher threshold, as the spec requires.

**Models.** A model is a saved connection plus a model name, written as the
judge card writes it: ``{"model_connection_id": "7", "model":
"text-embedding-3-small"}`` (the connection's id as text); the embedding
model may instead be ``"local:all-minilm-l6-v2"``, the in-process MiniLM.
Whether the connection exists and may be used is the service's check. An
embedding model left null means "the organization's default"; with no
default either, scoring falls back to exact matching and says so. A judge
model left null means no judge.

**Pass mark.** Every scorer returns pass or fail: the structured scorer passes
when quality is at least ``pass_at`` (default 0.8).
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.jsonvalue import JSONObject, JSONValue

LOCAL_EMBEDDING_MODEL = "local:all-minilm-l6-v2"
MODEL_NAME_MAX_LENGTH = 200
CONNECTION_ID_MAX_LENGTH = 100

LOWEST_THRESHOLD = 0.75
THRESHOLD_RANGE = 0.20


@dataclass(frozen=True, slots=True)
class ModelChoice:
    """A model reached through a saved connection; ``connection_id`` None is the local model."""

    connection_id: str | None
    model: str

    @property
    def is_local(self) -> bool:
        return self.connection_id is None

    def as_json(self) -> JSONValue:
        if self.connection_id is None:
            return LOCAL_EMBEDDING_MODEL
        return {"model_connection_id": self.connection_id, "model": self.model}


LOCAL_EMBEDDING = ModelChoice(None, LOCAL_EMBEDDING_MODEL)


@dataclass(frozen=True, slots=True)
class StructuredSettings:
    enabled: bool = False
    must_pass: bool = False
    strictness: float = 0.5
    pass_at: float = 0.8
    embedding_model: ModelChoice | None = None
    judge_model: ModelChoice | None = None

    @property
    def embedding_threshold(self) -> float:
        return embedding_threshold(self.strictness)

    def as_json(self) -> JSONObject:
        return {
            "enabled": self.enabled,
            "must_pass": self.must_pass,
            "strictness": self.strictness,
            "pass_at": self.pass_at,
            "embedding_model": self.embedding_model.as_json() if self.embedding_model else None,
            "judge_model": self.judge_model.as_json() if self.judge_model else None,
        }


def embedding_threshold(strictness: float) -> float:
    """The cosine two short texts must reach to count as equal (see module doc)."""
    return LOWEST_THRESHOLD + THRESHOLD_RANGE * strictness


SettingReader = Callable[[str, JSONValue, dict[str, Any]], list[FieldError]]


def parse_structured_settings(
    raw: JSONValue, base: StructuredSettings | None = None
) -> StructuredSettings:
    """Settings from their JSON form; keys left out keep ``base`` (or the defaults).

    Every broken key is reported at once, named by its path
    (``strictness``, ``judge_model.model_connection_id``).
    """
    if not isinstance(raw, dict):
        raise ValidationFailed([FieldError("", "the structured scorer settings must be an object")])
    errors: list[FieldError] = []
    changes: dict[str, Any] = {}
    for key, value in raw.items():
        reader = _READERS.get(key)
        if reader is None:
            errors.append(FieldError(key, "is not a setting of the structured scorer"))
        else:
            errors.extend(reader(key, value, changes))
    if errors:
        raise ValidationFailed(errors)
    return replace(base or StructuredSettings(), **changes)


def _read_flag(key: str, value: JSONValue, changes: dict[str, Any]) -> list[FieldError]:
    if not isinstance(value, bool):
        return [FieldError(key, "must be true or false")]
    changes[key] = value
    return []


def _read_fraction(key: str, value: JSONValue, changes: dict[str, Any]) -> list[FieldError]:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        return [FieldError(key, "must be a number from 0 to 1")]
    changes[key] = float(value)
    return []


def _read_embedding_model(key: str, value: JSONValue, changes: dict[str, Any]) -> list[FieldError]:
    if value == LOCAL_EMBEDDING_MODEL:
        changes[key] = LOCAL_EMBEDDING
        return []
    if isinstance(value, str):
        return [FieldError(key, f'must be null, "{LOCAL_EMBEDDING_MODEL}" or a connection model')]
    return _read_connection_model(key, value, changes)


def _read_connection_model(key: str, value: JSONValue, changes: dict[str, Any]) -> list[FieldError]:
    if value is None:
        changes[key] = None
        return []
    if not isinstance(value, dict):
        return [FieldError(key, 'must be null or {"model_connection_id": …, "model": …}')]
    errors = [
        FieldError(f"{key}.{extra}", "is not part of a model choice")
        for extra in value
        if extra not in ("model_connection_id", "model")
    ]
    connection_id = value.get("model_connection_id")
    if (
        not isinstance(connection_id, str)
        or not connection_id.strip()
        or len(connection_id) > CONNECTION_ID_MAX_LENGTH
    ):
        errors.append(FieldError(f"{key}.model_connection_id", "must name a saved connection"))
    model = value.get("model")
    if not isinstance(model, str) or not model.strip():
        errors.append(FieldError(f"{key}.model", "must name a model"))
    elif len(model) > MODEL_NAME_MAX_LENGTH:
        errors.append(
            FieldError(f"{key}.model", f"must be at most {MODEL_NAME_MAX_LENGTH} characters")
        )
    if not errors and isinstance(connection_id, str) and isinstance(model, str):
        changes[key] = ModelChoice(connection_id.strip(), model.strip())
    return errors


_READERS: Mapping[str, SettingReader] = {
    "enabled": _read_flag,
    "must_pass": _read_flag,
    "strictness": _read_fraction,
    "pass_at": _read_fraction,
    "embedding_model": _read_embedding_model,
    "judge_model": _read_connection_model,
}


def read_embedding_model(value: JSONValue, path: str = "embedding_model") -> ModelChoice | None:
    """An embedding model choice as a setting stores it: null, the local model, or a
    connection model. Raises ``ValidationFailed`` naming ``path``."""
    changes: dict[str, Any] = {}
    errors = _read_embedding_model(path, value, changes)
    if errors:
        raise ValidationFailed(errors)
    found: ModelChoice | None = changes.get(path)
    return found
