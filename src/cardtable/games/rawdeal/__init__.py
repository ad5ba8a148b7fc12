"""WWE Raw Deal (Comic Images, 2000): wrestling with a 60-card Arsenal, reversals, Fortitude.

The modules import one way, from the bottom up, never back down at run time: the card files
(cards) and zones; then actions, tables, construction and words over them; hot (per-game
look-ups) and match (the state's fields and phases); the rules' parts, each extending the
one before: reversals, multiplayer, winning, effects, damage, turn, playing and prematch;
explain; rules (the one RawDealState, on top of the parts); heuristics; render,
result, sheet and menu (the Presentation's parts); the card importer (cardtext: the card
text grammar; octgn: the community's files; import_cards, import_decks, import_sets, which
importer imports only when an import starts) over the card files; and game on top. Only
type hints look upward (``if TYPE_CHECKING:`` imports of game and rules); the one call upward
at run time, damage ending the turn, is the abstract ``DamageRules._end_turn`` that turn.py
fills in; and import_decks builds a game of the imported card folder from the game's own
class (``type(game)``), without importing game.py.
"""
