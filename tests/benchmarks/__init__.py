"""Benchmarks: scripts run by hand, not tests (see README.md)."""
