"""Goofspiel (GOPS), the public-domain bidding game: the small worked example of a game."""
