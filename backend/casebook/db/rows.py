"""Making a table model's object with every field given; inserting many rows at once.

SQLModel fills a field left out with its default through pydantic, which inspects the
default factory's signature on every call (``inspect.signature`` of ``list`` or ``dict``):
for a row of many defaulted columns, most of the cost of making it - about half a
millisecond for a score row, paid per answer by an eval run. The defaults are read once
per model here and given explicitly, so the object is the same, made for a fifth.
"""

from collections.abc import Sequence
from functools import cache
from typing import Any, TypeVar

from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import SQLModel

Row = TypeVar("Row", bound=SQLModel)

_Default = tuple[str, Any, Any]  # name, default, zero-argument factory or None


@cache
def _defaults(model: type[SQLModel]) -> tuple[_Default, ...]:
    found: list[_Default] = []
    for name, field in model.model_fields.items():
        if field.is_required():
            continue
        factory = field.default_factory
        if factory is not None and field.default_factory_takes_validated_data:
            continue  # left to pydantic, which hands it the validated data
        found.append((name, None if factory is not None else field.default, factory))
    return tuple(found)


def new_row(model: type[Row], **values: Any) -> Row:
    """``model(**values)``, its left-out fields given their defaults without pydantic."""
    for name, default, factory in _defaults(model):
        if name not in values:
            values[name] = factory() if factory is not None else default
    return model(**values)


async def insert_values(
    session: AsyncSession, model: type[SQLModel], rows: Sequence[dict[str, Any]]
) -> list[int]:
    """Insert rows of ``model`` - each the same columns - in a multi-row INSERT through
    the table, not the ORM's unit of work (several times the CPU for the same
    statement); their ids, in order. A column left out takes the database's default."""
    if not rows:
        return []
    table = model.__table__  # type: ignore[attr-defined]
    found = await session.execute(
        insert(table).returning(table.c.id, sort_by_parameter_order=True), list(rows)
    )
    return [int(new_id) for new_id in found.scalars()]
