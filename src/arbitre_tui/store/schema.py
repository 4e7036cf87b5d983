"""Schema migrations, applied in order; ``PRAGMA user_version`` is the schema version."""

from __future__ import annotations

import sqlite3
from typing import Literal, get_args

APPLICATION_ID = 0x41524254  # "ARBT": marks the file as an arbitre-tui event

MIGRATIONS: list[str] = [
    # 1: the first schema.
    """
    CREATE TABLE event (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        name TEXT NOT NULL,
        city TEXT NOT NULL DEFAULT '',
        start_date TEXT,
        end_date TEXT,
        settings TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL
    );
    CREATE TABLE clubs (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        code TEXT
    );
    CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        system TEXT NOT NULL CHECK (system IN ('knockout','swiss','round_robin','team_cup')),
        rounds_planned INTEGER NOT NULL,
        tiebreaks TEXT NOT NULL DEFAULT '[]',
        time_controls TEXT NOT NULL DEFAULT '{}',
        stages TEXT NOT NULL DEFAULT '{}',
        settings TEXT NOT NULL DEFAULT '{}',
        position INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE teams (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        club_id INTEGER NOT NULL REFERENCES clubs(id),
        number INTEGER NOT NULL,
        name TEXT NOT NULL,
        UNIQUE (tournament_id, club_id, number)
    );
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        surname TEXT NOT NULL,
        first_name TEXT NOT NULL DEFAULT '',
        sex TEXT,
        birth_date TEXT,
        federation TEXT NOT NULL DEFAULT 'FRA',
        fide_id INTEGER,
        ffe_code TEXT,
        club TEXT NOT NULL DEFAULT '',
        title TEXT,
        rating_fide INTEGER,
        rating_ffe INTEGER,
        registered_at TEXT,
        phone TEXT,
        email TEXT,
        fee_category TEXT,
        paid INTEGER NOT NULL DEFAULT 0,
        checked_in INTEGER NOT NULL DEFAULT 0,
        publish_opt_out INTEGER NOT NULL DEFAULT 0,
        withdrawn INTEGER NOT NULL DEFAULT 0,
        payment_method TEXT,
        team_id INTEGER REFERENCES teams(id),
        nationality TEXT,
        eu INTEGER,
        transferred INTEGER NOT NULL DEFAULT 0,
        licence_date TEXT,
        plays_national_for TEXT,
        residence_since TEXT,
        UNIQUE (tournament_id, fide_id)
    );
    CREATE INDEX players_tournament ON players(tournament_id);
    CREATE TABLE rounds (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        number INTEGER NOT NULL,
        stage TEXT,
        time_control TEXT,
        start_time TEXT,
        published_at TEXT,
        closed INTEGER NOT NULL DEFAULT 0,
        UNIQUE (tournament_id, number)
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        round_id INTEGER NOT NULL REFERENCES rounds(id),
        board INTEGER NOT NULL,
        white_id INTEGER NOT NULL REFERENCES players(id),
        black_id INTEGER REFERENCES players(id),
        result TEXT,
        bye TEXT,
        UNIQUE (round_id, board)
    );
    CREATE TABLE incidents (
        id INTEGER PRIMARY KEY,
        game_id INTEGER REFERENCES games(id),
        player_id INTEGER NOT NULL REFERENCES players(id),
        kind TEXT NOT NULL,
        at TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT ''
    );
    CREATE TABLE draws (
        id INTEGER PRIMARY KEY,
        journal_id INTEGER NOT NULL REFERENCES journal(id),
        purpose TEXT NOT NULL,
        kind TEXT NOT NULL,
        seed INTEGER NOT NULL,
        inputs TEXT NOT NULL,
        outcome TEXT NOT NULL,
        at TEXT NOT NULL
    );
    CREATE TABLE journal (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        terminal TEXT NOT NULL,
        op TEXT NOT NULL,
        args TEXT NOT NULL,
        undoes INTEGER REFERENCES journal(id)
    );
    CREATE TABLE journal_changes (
        id INTEGER PRIMARY KEY,
        journal_id INTEGER NOT NULL REFERENCES journal(id),
        seq INTEGER NOT NULL,
        tbl TEXT NOT NULL,
        row_id INTEGER NOT NULL,
        before TEXT,
        after TEXT
    );
    CREATE INDEX journal_changes_by_op ON journal_changes(journal_id, seq);
    -- The journal is append-only: the database itself refuses edits.
    CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal
        BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END;
    CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal
        BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END;
    CREATE TRIGGER journal_changes_no_update BEFORE UPDATE ON journal_changes
        BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END;
    CREATE TRIGGER journal_changes_no_delete BEFORE DELETE ON journal_changes
        BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END;
    """,
    # 2: knockout — the decider of a drawn game, the bracket slot, exclusions, lucky losers.
    """
    ALTER TABLE games ADD COLUMN decider TEXT;
    ALTER TABLE games ADD COLUMN slot INTEGER;
    ALTER TABLE players ADD COLUMN excluded INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE lucky_losers (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        slot INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        draw_id INTEGER NOT NULL REFERENCES draws(id),
        status TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'unreachable'))
    );
    """,
    # 3: team cup matches (regulation 004).
    """
    CREATE TABLE cup_matches (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        number INTEGER NOT NULL,
        home_team_id INTEGER NOT NULL REFERENCES teams(id),
        away_team_id INTEGER REFERENCES teams(id),
        away_keeps_white INTEGER NOT NULL DEFAULT 0,
        lineup_home TEXT,
        lineup_away TEXT,
        lineup_home_at TEXT,
        lineup_away_at TEXT,
        results TEXT NOT NULL DEFAULT '[null, null, null, null]',
        winner_team_id INTEGER REFERENCES teams(id),
        reason TEXT NOT NULL DEFAULT '',
        home_points REAL,
        away_points REAL,
        reported_at TEXT,
        confirmations TEXT NOT NULL DEFAULT '{}',
        UNIQUE (tournament_id, round, number)
    );
    """,
    # 4: live state out of tournaments.settings, into tables written row by row (issue 13):
    # two stations no longer overwrite each other's blob, and undo takes back one row.
    # Old files keep their byes, prohibitions, explanations… (moved here by JSON functions).
    """
    ALTER TABLE tournaments ADD COLUMN initial_colour_drawn TEXT;
    CREATE TABLE bye_requests (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        player_id INTEGER NOT NULL REFERENCES players(id),
        round INTEGER NOT NULL,
        at TEXT,
        UNIQUE (tournament_id, player_id, round)
    );
    CREATE TABLE prohibitions (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        first_round INTEGER NOT NULL,
        last_round INTEGER NOT NULL,
        players TEXT NOT NULL
    );
    CREATE TABLE manual_changes (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        note TEXT NOT NULL
    );
    CREATE TABLE pairing_records (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        record TEXT NOT NULL,
        UNIQUE (tournament_id, round)
    );
    CREATE TABLE playoffs (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        which TEXT NOT NULL,
        seeds TEXT NOT NULL,
        UNIQUE (tournament_id, which)
    );
    CREATE TABLE playoff_matches (
        id INTEGER PRIMARY KEY,
        playoff_id INTEGER NOT NULL REFERENCES playoffs(id),
        player_a INTEGER NOT NULL,
        player_b INTEGER NOT NULL,
        winner INTEGER NOT NULL,
        points_a REAL NOT NULL,
        points_b REAL NOT NULL
    );
    CREATE TABLE pairing_numbers (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        player_id INTEGER NOT NULL REFERENCES players(id),
        number INTEGER NOT NULL,
        UNIQUE (tournament_id, number),
        UNIQUE (tournament_id, player_id)
    );
    CREATE TABLE ko_registration (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL UNIQUE REFERENCES tournaments(id),
        format_case TEXT NOT NULL,
        rounds INTEGER NOT NULL,
        bracket INTEGER NOT NULL,
        validated TEXT NOT NULL DEFAULT '[]',
        waiting TEXT NOT NULL DEFAULT '[]',
        byes TEXT NOT NULL DEFAULT '[]',
        cancelled INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE roll_of_honour (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        season TEXT NOT NULL,
        club TEXT NOT NULL,
        UNIQUE (tournament_id, season)
    );
    UPDATE tournaments SET initial_colour_drawn = json_extract(settings, '$.initial_colour_drawn');
    INSERT OR IGNORE INTO bye_requests (tournament_id, player_id, round)
        SELECT t.id, CAST(p.value AS INTEGER), CAST(r.key AS INTEGER)
        FROM tournaments t, json_each(t.settings, '$.bye_requests') r, json_each(r.value) p
        WHERE CAST(p.value AS INTEGER) IN (SELECT id FROM players)
        ORDER BY t.id, CAST(r.key AS INTEGER), p.key;
    INSERT INTO prohibitions (tournament_id, first_round, last_round, players)
        SELECT t.id, json_extract(x.value, '$[0]'), json_extract(x.value, '$[1]'),
               json_extract(x.value, '$[2]')
        FROM tournaments t, json_each(t.settings, '$.prohibited') x
        ORDER BY t.id, x.key;
    INSERT INTO manual_changes (tournament_id, round, note)
        SELECT t.id, CAST(r.key AS INTEGER), n.value
        FROM tournaments t, json_each(t.settings, '$.manual_changes') r, json_each(r.value) n
        ORDER BY t.id, CAST(r.key AS INTEGER), n.key;
    INSERT OR IGNORE INTO pairing_records (tournament_id, round, record)
        SELECT t.id, CAST(r.key AS INTEGER), r.value
        FROM tournaments t, json_each(t.settings, '$.explanations') r
        ORDER BY t.id, CAST(r.key AS INTEGER);
    INSERT OR IGNORE INTO playoffs (tournament_id, which, seeds)
        SELECT t.id, g.key, json_extract(g.value, '$.seeds')
        FROM tournaments t, json_each(t.settings, '$.playoffs') g
        ORDER BY t.id, g.key;
    INSERT INTO playoff_matches (playoff_id, player_a, player_b, winner, points_a, points_b)
        SELECT o.id, json_extract(m.value, '$[0]'), json_extract(m.value, '$[1]'),
               json_extract(m.value, '$[2]'), json_extract(m.value, '$[3]'),
               json_extract(m.value, '$[4]')
        FROM tournaments t, json_each(t.settings, '$.playoffs') g,
             json_each(g.value, '$.matches') m
        JOIN playoffs o ON o.tournament_id = t.id AND o.which = g.key
        ORDER BY t.id, g.key, m.key;
    INSERT OR IGNORE INTO pairing_numbers (tournament_id, player_id, number)
        SELECT t.id, CAST(x.value AS INTEGER), x.key + 1
        FROM tournaments t, json_each(t.settings, '$.pairing_numbers') x
        WHERE CAST(x.value AS INTEGER) IN (SELECT id FROM players)
        ORDER BY t.id, x.key;
    INSERT INTO ko_registration
        (tournament_id, format_case, rounds, bracket, validated, waiting, byes, cancelled)
        SELECT id, json_extract(settings, '$.ko.case'), json_extract(settings, '$.ko.rounds'),
               json_extract(settings, '$.ko.bracket'),
               coalesce(json_extract(settings, '$.ko.validated'), '[]'),
               coalesce(json_extract(settings, '$.ko.waiting'), '[]'),
               coalesce(json_extract(settings, '$.ko.byes'), '[]'),
               coalesce(json_extract(settings, '$.ko.cancelled'), 0)
        FROM tournaments WHERE json_type(settings, '$.ko') = 'object';
    INSERT OR IGNORE INTO roll_of_honour (tournament_id, season, club)
        SELECT t.id, json_extract(x.value, '$[0]'), json_extract(x.value, '$[1]')
        FROM tournaments t, json_each(t.settings, '$.roll_of_honour') x
        ORDER BY t.id, x.key;
    UPDATE tournaments SET settings = json_remove(
        settings, '$.bye_requests', '$.prohibited', '$.manual_changes', '$.explanations',
        '$.playoffs', '$.initial_colour_drawn', '$.pairing_numbers', '$.ko', '$.roll_of_honour'
    );
    """,
    # 5: the last finalist has the second priority bye (004 art. 2.2), as the holder the first
    """
    ALTER TABLE roll_of_honour ADD COLUMN finalist TEXT;
    """,
    # 6: results checked against the signed score sheets (issue 20): the second entry of a
    # board, and which entry the arbiter kept when the two differed.
    """
    CREATE TABLE result_checks (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL UNIQUE REFERENCES games(id),
        result TEXT NOT NULL,
        at TEXT NOT NULL,
        settled TEXT CHECK (settled IN ('saisie', 'feuille'))
    );
    -- appeals against an arbiter's decision, for the tournament's procès-verbal
    CREATE TABLE appeals (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER,
        at TEXT NOT NULL,
        text TEXT NOT NULL
    );
    """,
    # 7: players report from their phones (issue 36): the secret their codes are made from
    # (never published), and each proposal with its time and address until confirmed.
    """
    CREATE TABLE phone_reporting (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        secret TEXT NOT NULL,
        enabled INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE proposals (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        board INTEGER,
        player_id INTEGER REFERENCES players(id),
        kind TEXT NOT NULL CHECK (kind IN ('result', 'checkin')),
        side TEXT CHECK (side IN ('white', 'black')),
        result TEXT,
        at TEXT NOT NULL,
        address TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed'))
    );
    CREATE INDEX proposals_by_board ON proposals (tournament_id, round, board);
    """,
    # 8: a birth date of which only the year is known (FIDE's list gives the year): the TRF
    # writes it as a year, never as 1 January (issue 32).
    """
    ALTER TABLE players ADD COLUMN birth_year_only INTEGER NOT NULL DEFAULT 0;
    """,
    # 9: a counter of the changes to the players, kept by triggers in the transaction of
    # each change, whoever writes (a station, the command line, an undo): a view keeps
    # the players it read while the counter is unchanged (issue 34, a key's repaint).
    """
    CREATE TABLE table_versions (
        name TEXT PRIMARY KEY,
        version INTEGER NOT NULL DEFAULT 0
    );
    INSERT INTO table_versions (name, version) VALUES ('players', 0);
    CREATE TRIGGER players_version_insert AFTER INSERT ON players BEGIN
        UPDATE table_versions SET version = version + 1 WHERE name = 'players';
    END;
    CREATE TRIGGER players_version_update AFTER UPDATE ON players BEGIN
        UPDATE table_versions SET version = version + 1 WHERE name = 'players';
    END;
    CREATE TRIGGER players_version_delete AFTER DELETE ON players BEGIN
        UPDATE table_versions SET version = version + 1 WHERE name = 'players';
    END;
    """,
    # 10: every cadence's rating with its kind, and the FFE's licence type and references,
    # for the federations' files (issue 50: Papi's Rapide, Blitz, AffType, RefFFE…).
    """
    ALTER TABLE players ADD COLUMN rating_standard INTEGER;
    ALTER TABLE players ADD COLUMN rating_rapid INTEGER;
    ALTER TABLE players ADD COLUMN rating_blitz INTEGER;
    ALTER TABLE players ADD COLUMN rating_kinds TEXT NOT NULL DEFAULT '';
    ALTER TABLE players ADD COLUMN licence_type TEXT;
    ALTER TABLE players ADD COLUMN ffe_ref INTEGER;
    ALTER TABLE players ADD COLUMN club_ref INTEGER;
    ALTER TABLE players ADD COLUMN league TEXT;
    """,
]

SCHEMA_VERSION = len(MIGRATIONS)

# Tables whose rows operations may change (and undo may restore): a name the type checker
# reads at every write (Tx.insert/update/… take a Table), and the set the journal checks.
Table = Literal[
    "event",
    "clubs",
    "tournaments",
    "teams",
    "players",
    "rounds",
    "games",
    "incidents",
    "draws",
    "lucky_losers",
    "cup_matches",
    "bye_requests",
    "prohibitions",
    "manual_changes",
    "pairing_records",
    "playoffs",
    "playoff_matches",
    "pairing_numbers",
    "ko_registration",
    "roll_of_honour",
    "result_checks",
    "appeals",
    "phone_reporting",
    "proposals",
]
DATA_TABLES: frozenset[Table] = frozenset(get_args(Table))


def statements(script: str) -> list[str]:
    """Split a migration into statements, keeping trigger bodies whole (executescript
    would commit on its own; the migration runs them one by one in its transaction)."""
    out: list[str] = []
    buffer = ""
    for line in script.splitlines():
        if line.strip().startswith("--") and not buffer.strip():
            continue
        buffer += line + "\n"
        if sqlite3.complete_statement(buffer):
            out.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        out.append(buffer.strip())
    return out
