"""Papi files (the FFE's pairing program, a Jet 4 database): Papi's tables from a section."""
