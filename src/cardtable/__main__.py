"""``python -m cardtable`` runs the command line."""

from cardtable.cli import main

main()
