"""GraphQL types of background jobs."""
