"""Swiss pairing: the FIDE Dutch system (C.04.3, 2026), its checker and explanations."""
