"""Hand-written queries that need care."""
