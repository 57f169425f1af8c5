"""Eval runs: the rules of starting one, estimating it, and reading its progress."""
