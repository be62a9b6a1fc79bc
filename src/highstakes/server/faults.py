"""What the server meets that it cannot mend, logged so that nobody can flood the log with it.

A stranger can send the same fault again and again (a WebSocket frame of invalid UTF-8 on
every connection), and a stored room that no longer replays would otherwise be read back,
and fail, at every request that names it. Each is answered in words to whoever caused it;
the log gets one line for it, never a traceback:

- :class:`LogOnce` writes at most one line per key (a client's address, a room) per period,
  and says on the next one how many it left out meanwhile.
- :class:`UnreadableRooms` remembers, for a while, the rooms whose stored game does not
  replay, so that the next requests for one are answered at once, without reading it again.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict

#: Seconds during which one key gets one line, and an unreadable room is not read again.
QUIET_SECONDS = 60.0
UNREADABLE_SECONDS = 600.0
#: Keys remembered at most: a flood from many addresses costs bounded memory.
MAX_KEYS = 4096


class LogOnce:
    """A logger's warnings, at most one per key per ``period`` seconds, with the count left out."""

    def __init__(
        self, logger: logging.Logger, period: float = QUIET_SECONDS, max_keys: int = MAX_KEYS,
    ) -> None:
        self.logger = logger
        self.period = period
        self.max_keys = max_keys
        # key -> (when its last line was written, how many were left out since)
        self._last: OrderedDict[str, tuple[float, int]] = OrderedDict()

    def warning(self, key: str, message: str, *args: object) -> bool:
        """Log ``message % args`` unless ``key`` had a line in the last period; whether it did."""
        now = time.monotonic()
        last = self._last.get(key)
        if last is not None and now - last[0] < self.period:
            self._last[key] = (last[0], last[1] + 1)
            return False
        left_out = 0 if last is None else last[1]
        if left_out:
            message += " (and %d more like it since the last line, not logged)"
            args = (*args, left_out)
        self.logger.warning(message, *args)
        self._last[key] = (now, 0)
        self._last.move_to_end(key)
        while len(self._last) > self.max_keys:
            self._last.popitem(last=False)  # the key heard from least recently
        return True


class UnreadableRooms:
    """Rooms whose stored game did not replay: remembered for ``period`` seconds, logged once.

    After the period the room is read again (someone may have mended the database meanwhile).
    """

    def __init__(self, logger: logging.Logger, period: float = UNREADABLE_SECONDS) -> None:
        self.period = period
        self._log = LogOnce(logger, period)
        self._noted: OrderedDict[str, float] = OrderedDict()

    def __contains__(self, room_id: str) -> bool:
        noted = self._noted.get(room_id)
        if noted is None:
            return False
        if time.monotonic() - noted >= self.period:
            del self._noted[room_id]
            return False
        return True

    def note(self, room_id: str, problem: Exception) -> None:
        """Remember that ``room_id`` cannot be read, and why (one line in the log)."""
        self._noted[room_id] = time.monotonic()
        self._noted.move_to_end(room_id)
        while len(self._noted) > MAX_KEYS:
            self._noted.popitem(last=False)
        self._log.warning(room_id, "room %s cannot be read back from the database: %s", room_id, problem)

    def note_record(self, room_id: str, game_number: int, problem: Exception) -> None:
        """One line in the log for a finished game's record that cannot be read (not JSON)."""
        self._log.warning(f"{room_id}/{game_number}", "game %d of room %s cannot be read back from the "
                          "database: %s", game_number, room_id, problem)
