"""The games that ship with cardtable; each registers itself here by import path."""

from cardtable.core.registry import register_game


def register_builtin_games() -> None:
    """Register every built-in game (imported lazily on first use)."""
    register_game("goofspiel", "cardtable.games.goofspiel.game:GoofspielGame")
    register_game("looney", "cardtable.games.looney.game:LooneyGame")
    register_game("rawdeal", "cardtable.games.rawdeal.game:RawDealGame")
    register_game("shamanking", "cardtable.games.shamanking.game:SKGame")
    register_game("wcrugby", "cardtable.games.wcrugby.game:RugbyGame")
