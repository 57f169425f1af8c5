"""Mutations, grouped by capability and combined into one Mutation type."""
