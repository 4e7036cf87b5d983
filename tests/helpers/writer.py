"""Child process for the durability and concurrency tests.

Records results one by one on the given boards and prints each journal id after
its commit returned: anything printed must survive a SIGKILL.
"""

from __future__ import annotations

import sys

from arbitre_tui.operations import EventService

RESULTS = ["1-0", "=-=", "0-1"]


def main() -> None:
    path, key, boards_arg, count_arg = sys.argv[1:5]
    boards = [int(b) for b in boards_arg.split(",")]
    count = int(count_arg)
    service = EventService(path, check=False)
    for i in range(count):
        board = boards[i % len(boards)]
        # each pass replaces the previous pass's result on purpose: confirmed
        service.record_result(key, board, RESULTS[(i // len(boards)) % 3], confirm=True)
        jid = service.store.conn.execute(
            "SELECT max(id) FROM journal WHERE op = 'record_result'"
        ).fetchone()[0]
        print(jid, flush=True)


if __name__ == "__main__":
    main()
