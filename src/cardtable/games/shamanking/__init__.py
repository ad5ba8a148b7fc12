"""Shaman King TCG (Upper Deck, 2005): no hand; flips into three furyoku zones, strikes and
counterattacks."""
