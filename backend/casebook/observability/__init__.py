"""Metrics (Prometheus) and traces (OpenTelemetry): what operators watch.

This package imports no layer of Casebook, so every layer may report into it.
"""
