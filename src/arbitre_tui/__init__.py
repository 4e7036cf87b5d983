"""arbitre-tui: run a chess event from the keyboard.

Kept empty on purpose: importing the package must not import Textual or SQLite,
so the command line and the rules core start fast.
"""

__version__ = "0.1.0"
