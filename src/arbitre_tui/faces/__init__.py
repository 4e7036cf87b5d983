"""faces layer."""
