"""The generic core: the Game/State protocol, zones, randomness, events, cards and decks."""
