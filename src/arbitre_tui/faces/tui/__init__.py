"""faces/tui layer."""
