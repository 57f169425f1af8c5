"""The parser cache, leaving a document that does not parse to the ordinary path.

Strawberry's ``ParserCache`` parses inside its extension hook, and a syntax
error raised there skips the other extensions' end of operation - so the
error reached the client unshaped, without ``extensions.code``. Only
documents that parse are cached; one that does not is parsed again by the
schema, whose error every extension then sees like any other.
"""

from collections.abc import Iterator

from graphql.error import GraphQLError
from strawberry.extensions import ParserCache


class ShapedParserCache(ParserCache):
    def on_parse(self) -> Iterator[None]:
        context = self.execution_context
        try:
            context.graphql_document = self.cached_parse_document(
                context.query, **context.parse_options
            )
        except GraphQLError:
            context.graphql_document = None
        yield
