"""The HTML outputs: the results site, its static export, the printable A4 pages."""
