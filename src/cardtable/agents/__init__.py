"""Agents that play any registered game from observations alone.

An agent is named by a spec: ``random``, ``greedy``, ``ismcts``, or with parameters
``greedy:seed=3``, ``ismcts:iterations=200``.
"""

from __future__ import annotations

from cardtable.agents.base import Agent, make_agent, parse_spec
from cardtable.agents.basic import GreedyAgent, RandomAgent
from cardtable.agents.ismcts import ISMCTSAgent

__all__ = ["Agent", "GreedyAgent", "ISMCTSAgent", "RandomAgent", "make_agent", "parse_spec"]
