"""Casebook: versioned test sets for LLM agents."""
