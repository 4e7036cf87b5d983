"""A station in its own process: one EventService held open, driven by JSON lines.

Run as ``python -m tests.helpers.station FILE TERMINAL``. Each request on stdin is one
JSON object; each answer on stdout is one JSON object:

- ``{"call": "record_result", "args": [...], "kwargs": {...}}`` calls that method of the
  service (``"module": "swiss"`` calls ``arbitre_tui.operations.swiss.<call>(service, …)``);
  answer ``{"ok": true, "value": …}`` or ``{"ok": false, "error": class name, "bases": [...],
  "message": …}``.
- ``"pause": true`` in a request: the station stops just before the operation's COMMIT
  (it holds the write lock, every write done), says ``{"paused": true}``, and goes on when
  it reads a ``"go"`` line.
- ``"report_begin": true``: the station says ``{"begin": true}`` when the operation first
  issues ``BEGIN IMMEDIATE`` — from then on it is waiting for (or holding) the write lock, so what it read
  before is what it checked.
- ``{"call": "_second_service"}``: open and close a second EventService on the same file in
  this process, as the app does for its background pairing and its results server.
- ``{"call": "_sql", "args": [sql]}``: a read on this station's connection.

The trace callback is SQLite's statement trace: it runs when a statement starts, on the
thread that runs it, so blocking in it holds the transaction exactly there.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
import sys
from typing import Any

from arbitre_tui.operations import EventService
from arbitre_tui.rules.models import as_data


def open_service(path: str, terminal: str, **options: Any) -> EventService:
    """EventService opened as the station ``terminal``."""
    return EventService(path, check=False, terminal=terminal, **options)


def say(obj: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, default=str) + "\n")
    sys.stdout.flush()


def main() -> None:
    path, terminal = sys.argv[1:3]
    options = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
    service = open_service(path, terminal, **options)
    conn = service.store.conn
    say({"ready": True})
    for line in sys.stdin:
        request = json.loads(line)
        pause = bool(request.get("pause"))
        report_begin = bool(request.get("report_begin"))

        begun: list[bool] = []

        def trace(
            sql: str,
            pause: bool = pause,
            report_begin: bool = report_begin,
            begun: list[bool] = begun,
        ) -> None:
            statement = sql.strip().upper()
            # the write transaction's first BEGIN IMMEDIATE (a snapshot read's plain BEGIN
            # waits for nothing; a pairing computed again begins once more: said once)
            if report_begin and statement.startswith("BEGIN IMMEDIATE") and not begun:
                begun.append(True)
                say({"begin": True})
            if pause and statement.startswith("COMMIT"):
                say({"paused": True})
                sys.stdin.readline()  # "go"

        conn.set_trace_callback(trace if (pause or report_begin) else None)
        try:
            value = run(service, request)
        except Exception as exc:
            say(
                {
                    "ok": False,
                    "error": type(exc).__name__,
                    "bases": [c.__name__ for c in type(exc).__mro__],
                    "message": getattr(exc, "message", str(exc)),
                }
            )
        else:
            say({"ok": True, "value": value})
        finally:
            conn.set_trace_callback(None)


def run(service: EventService, request: dict[str, Any]) -> Any:
    call = request["call"]
    args = request.get("args", [])
    kwargs = request.get("kwargs", {})
    if call == "_second_service":
        EventService(service.path, check=False).close()
        return None
    if call == "_sql":
        return [list(r) for r in service.store.conn.execute(*args).fetchall()]
    if request.get("module"):
        module = importlib.import_module(f"arbitre_tui.operations.{request['module']}")
        func = getattr(module, call)
        value = func(service, *args, **accepted(func, kwargs))
    else:
        func = getattr(service, call)
        value = func(*args, **accepted(func, kwargs))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = as_data(value, json=True)
    return value


def accepted(func: Any, kwargs: dict[str, Any]) -> dict[str, Any]:
    """The keywords ``func`` takes: today's code lacks some of the fix's (``confirm``), and
    dropping them lets a test show today's real behaviour instead of a TypeError."""
    params = inspect.signature(func).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return kwargs
    return {k: v for k, v in kwargs.items() if k in params}


if __name__ == "__main__":
    main()
