-- Open rooms, the moves of their current games, and the archive of
-- finished games. Times are milliseconds since the Unix epoch; seat tokens
-- are stored only as SHA-256 hashes.
CREATE TABLE rooms (
    code TEXT PRIMARY KEY,
    rule TEXT NOT NULL,
    size BIGINT NOT NULL,
    turn_ms BIGINT,
    ai_level BIGINT,
    ai_color TEXT,
    black_token_hash TEXT,
    white_token_hash TEXT,
    black_name TEXT,
    white_name TEXT,
    game_no BIGINT NOT NULL,
    game_started_at BIGINT NOT NULL,
    result TEXT,
    reason TEXT,
    created_at BIGINT NOT NULL
);

CREATE TABLE moves (
    room_code TEXT NOT NULL REFERENCES rooms (code),
    game_no BIGINT NOT NULL,
    ply BIGINT NOT NULL,
    point TEXT NOT NULL,
    played_at BIGINT NOT NULL,
    PRIMARY KEY (room_code, game_no, ply)
);

CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    room_code TEXT NOT NULL,
    game_no BIGINT NOT NULL,
    rule TEXT NOT NULL,
    size BIGINT NOT NULL,
    black TEXT NOT NULL,
    white TEXT NOT NULL,
    result TEXT NOT NULL,
    reason TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    ended_at BIGINT NOT NULL,
    move_count BIGINT NOT NULL,
    save TEXT NOT NULL,
    UNIQUE (room_code, game_no)
);

CREATE INDEX games_newest_first ON games (ended_at DESC, id DESC);
