"""Who may do what: the permission catalog, the six roles, grants and the one policy."""
