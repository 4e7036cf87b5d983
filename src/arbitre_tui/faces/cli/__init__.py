"""faces/cli layer."""
