"""Agents that play any registered game from observations alone.

An agent is named by a spec: ``random``, ``greedy``, or with parameters ``greedy:seed=3``.
"""

from __future__ import annotations

from cardtable.agents.base import Agent, make_agent, parse_spec
from cardtable.agents.basic import GreedyAgent, RandomAgent

__all__ = ["Agent", "GreedyAgent", "RandomAgent", "make_agent", "parse_spec"]
