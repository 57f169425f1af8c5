"""Checks as the API reads and writes them: one member per check type."""
