"""The (unofficial) wheelchair rugby card game: four periods, lineups under class points, TOP."""
