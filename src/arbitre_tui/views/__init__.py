"""The read side: typed views of an event, built once from the store and the rules.

Every face (the TUI panes, the command line and its ``--json``, the results site, the
PDFs) renders these instead of reading the store: one view, one consistent read, and
the same figures everywhere. Each module holds one view and its ``build(reader, …)``;
``reader.Reader`` is the read-only facade they share. Nothing here imports a face.
"""
