"""GraphQL types, one per file."""
