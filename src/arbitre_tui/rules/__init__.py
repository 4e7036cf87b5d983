"""The rules core: pure, typed, no I/O.

Nothing here imports Textual, SQLite or anything that touches a file or a socket;
``tests/architecture/test_layers.py`` proves it. A rule is written once, here.
"""
