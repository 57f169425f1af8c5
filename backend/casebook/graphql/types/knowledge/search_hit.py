"""A passage search found, with its document and rank."""

import strawberry

from casebook.graphql.types.knowledge.knowledge_document import KnowledgeDocumentType
from casebook.graphql.types.knowledge.knowledge_passage import KnowledgePassageType
from casebook.services.knowledge.search import PassageHit


@strawberry.type(name="KnowledgeSearchHit", description="A passage that matches, best first.")
class KnowledgeSearchHitType:
    passage: KnowledgePassageType
    document: KnowledgeDocumentType
    rank: float = strawberry.field(
        description="PostgreSQL's ts_rank: higher is better; a heading match weighs more."
    )

    @classmethod
    def from_hit(cls, hit: PassageHit) -> "KnowledgeSearchHitType":
        return cls(
            passage=KnowledgePassageType.from_row(hit.passage),
            document=KnowledgeDocumentType.from_header(hit.document),
            rank=hit.rank,
        )
