"""The `arbitre` command line: a thin face over the operations layer."""
