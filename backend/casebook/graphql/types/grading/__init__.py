"""GraphQL types of grading: scoring configuration, scores and their results."""
