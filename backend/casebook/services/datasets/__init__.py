"""Datasets, their cases and immutable versions, import and export."""
