"""Test helpers shared across suites: a scripted model server, in-memory sinks."""
