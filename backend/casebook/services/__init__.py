"""Transactions, access and audit: the only layer that enforces access."""
