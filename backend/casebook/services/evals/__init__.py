"""Eval runs: estimate, start, execute with leases, publish progress, cancel, read."""
