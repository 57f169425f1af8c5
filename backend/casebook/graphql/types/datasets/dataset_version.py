from datetime import datetime

import strawberry
from strawberry.scalars import JSON

from casebook.services.kernel.records import DatasetVersion


@strawberry.type(name="DatasetVersion", description="A version never changes once it exists.")
class DatasetVersionType:
    number: int
    action: str = strawberry.field(description="add, edit, remove, import or accept")
    summary: JSON
    case_count: int
    created_at: datetime | None
    created_by_user_id: strawberry.Private[int | None]

    @classmethod
    def from_row(cls, row: DatasetVersion) -> "DatasetVersionType":
        return cls(
            number=row.version,
            action=row.action,
            summary=JSON(row.summary),
            case_count=row.case_count,
            created_at=row.created_at,
            created_by_user_id=row.created_by_user_id,
        )
