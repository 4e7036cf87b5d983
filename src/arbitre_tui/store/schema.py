"""Schema migrations, applied in order; ``PRAGMA user_version`` is the schema version."""

from __future__ import annotations

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
]

SCHEMA_VERSION = len(MIGRATIONS)

# Tables whose rows operations may change (and undo may restore).
DATA_TABLES = frozenset(
    {
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
    }
)
