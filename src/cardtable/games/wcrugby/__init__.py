"""The (unofficial) wheelchair rugby card game: four periods, lineups under class points, TOP.

Layers, each module importing (at run time) only from the layers below it: ``zones``,
``actions``, ``cards`` and ``sheet`` (core only); ``text`` (card text) and ``words`` (the log)
over ``cards``; ``lineup`` (WR-2, the class-point arithmetic) and ``effects`` (WR-8);
``fields`` (the state's fields and phases, ``RugbyFields``);
the parts of the rules, mixins over it, named for the sections of docs/rules/wcrugby.md
(``placing``, ``reveal``, ``strategy``, ``substitution``, ``specials``, ``scoring``,
``between_periods``), beside the views ``explain`` and ``observation``; ``rules`` (the one
``RugbyState`` they make, and ``HotTables``); ``heuristics``, ``render`` and ``menu`` (the
choices in words); ``presentation``; ``game`` on top.
Imports under ``TYPE_CHECKING`` (of ``game`` for ``RugbyGame``, of ``fields``/``rules`` for
the state type) are for the type checker only.
"""
