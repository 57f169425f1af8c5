"""GraphQL types of identity: users, organizations, members, keys, the audit log."""
