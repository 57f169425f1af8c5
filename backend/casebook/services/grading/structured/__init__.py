"""The structured reference scorer (spec: structured-scoring)."""
