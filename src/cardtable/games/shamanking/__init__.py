"""Shaman King TCG (Upper Deck, 2005): no hand; flips into three furyoku zones, strikes and
counterattacks.

The modules import one way, each only from those below it at run time (imports for type
hints aside): cards, actions and sheet (the card models, the action space, the rules sheet)
import nothing of the game; zones and tables (the cards compiled) stand on cards; fields (the
state's fields and phases) on zones, and explain on fields and tables; the parts of the rules
(furyoku, effects, advantages, counterattacks, points, exhaustion, turn) each on fields, and
rules puts them together as ``SKState``; heuristics and what people read stand on those (text
and cardtext, the cards' words; words, the log; figures, Intercept against Force; render and
choices, the table and the menu, on figures and words); game, on top, on all of them.
"""
