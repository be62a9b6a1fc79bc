"""The game server: rooms, seats, persistence and the ASGI app (see docs/server.md)."""
