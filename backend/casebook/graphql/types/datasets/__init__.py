"""GraphQL types of datasets, cases and versions."""
