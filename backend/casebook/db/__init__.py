"""Tables, the async engine and the few hand-written queries that need care."""
