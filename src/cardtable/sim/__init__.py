"""Batch simulation: many games between agents, on one or several local processes."""
