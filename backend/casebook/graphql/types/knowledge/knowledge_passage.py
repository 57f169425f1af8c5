"""A passage of a knowledge document, and a passage found by search."""

import strawberry
from strawberry import relay

from casebook.graphql.ids import encode_id
from casebook.services.kernel.records import KnowledgePassage


@strawberry.type(
    name="KnowledgePassage",
    description="One piece of a document, in order: what search finds. Its text is its slice "
    "of the document without leading and trailing whitespace (docs/knowledge.md).",
)
class KnowledgePassageType:
    ordinal: int = strawberry.field(description="Its place in the document, from 0.")
    heading_path: list[str] = strawberry.field(
        description="The titles of the headings it sits under, outermost first; [] for none."
    )
    heading: str = strawberry.field(description="Its heading path joined by ' > '; '' for none.")
    text: str
    document_id: relay.GlobalID = strawberry.field(description="The KnowledgeDocument it is of.")

    @classmethod
    def from_row(cls, row: KnowledgePassage) -> "KnowledgePassageType":
        return cls(
            ordinal=row.ordinal,
            heading_path=list(row.heading_path),
            heading=row.heading,
            text=row.text,
            document_id=encode_id("KnowledgeDocument", row.document_id),
        )
