"""Eval runs as the API shows them."""
