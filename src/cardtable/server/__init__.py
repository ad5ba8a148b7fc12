"""The game server (``cardtable serve``, the ``server`` extra): FastAPI over HTTP and a
WebSocket, storage through SQLAlchemy (SQLite by default, PostgreSQL by URL), seats and
tokens, and agents playing on the server. The API is docs/server-api.md; running it is
docs/deploy.md.

Modules: ``storage`` (the database), ``setup`` (checking a new table's request), ``live`` (a
table in memory and what each seat is sent), ``service`` (the tables, actions and agents),
``replay`` (finished games step by step), ``catalog`` (games, options, cards), ``app`` (the
routes).
"""
