"""cardtable: rules engines and a play/simulation platform for out-of-print card games.

>>> import cardtable
>>> "looney" in cardtable.available_games()
True
"""

from cardtable.core.errors import ActionNotationError, CardtableError, IllegalActionError
from cardtable.core.game import Game
from cardtable.core.registry import available_games, load_game, register_game
from cardtable.core.state import TERMINAL, State, compiled
from cardtable.games import register_builtin_games

register_builtin_games()

__all__ = [
    "TERMINAL",
    "ActionNotationError",
    "CardtableError",
    "Game",
    "IllegalActionError",
    "State",
    "available_games",
    "compiled",
    "load_game",
    "register_game",
]
__version__ = "0.1.0"
