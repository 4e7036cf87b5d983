"""The read-only results web server (aiohttp)."""
