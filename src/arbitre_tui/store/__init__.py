"""The store: one SQLite file per event, every action one transaction, journaled."""
