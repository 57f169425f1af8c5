"""arq worker settings and job functions; each job calls a service."""
