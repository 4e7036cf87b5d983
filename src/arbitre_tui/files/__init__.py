"""Files on disk, below every floor: what the store's backups and publish's exports share
about a copy written whole (the leftovers of a killed process), with no SQLite and nothing
of the house above it — `pair-trf` and `generate` write TRF files without loading the store."""
