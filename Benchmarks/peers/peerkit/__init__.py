"""Shared code for the peer benchmarks (data, training-data generation, metrics, timing).

Kept compatible with Python 3.8 because snips-nlu 0.20.2 only installs there; the other peers
run on Python 3.11. Nothing here imports a third-party package at module level.
"""
