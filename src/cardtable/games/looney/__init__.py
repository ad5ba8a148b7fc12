"""The Looney Tunes Trading Card Game (Wizards of the Coast, 2000): actors steal scenes.

The modules import one way, each only from those listed before it (``if TYPE_CHECKING``
imports, for annotations, may point anywhere): first the vocabulary, ``actions`` (the action
numbers), ``cards``, ``text`` (the card text), ``zones``, ``sheet`` and ``words``; then
``base`` (the state's fields and their values), ``moves`` (moving cards), ``effects`` and
``scoring`` (one scene) and ``explain`` (why an action is illegal); then the parts of a
round, ``storyboard``, ``placement``, ``answering`` and ``end``; then ``rules``, which
combines them into ``LooneyState``; then ``heuristics``, ``render`` and ``menu``, which read
states and observations; and last ``game``, which builds the rest.
"""
