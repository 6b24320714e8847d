//! The database: open rooms with the moves of their current games (so that a
//! restarted server takes them back), and the archive of finished games.
//! One code path serves SQLite and PostgreSQL through sqlx's `Any` driver;
//! each backend has its own migrations for the few types that differ.

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::Serialize;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Executor, Row};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("migrations/postgres");

/// Connections kept open to PostgreSQL.
const POSTGRES_POOL_SIZE: u32 = 16;

/// Connections kept open to a SQLite file: it writes one at a time anyway.
const SQLITE_POOL_SIZE: u32 = 4;

/// A database failure: the change it was part of did not happen.
#[derive(Debug)]
pub struct StoreError(sqlx::Error);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "database: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError(e)
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(e: sqlx::migrate::MigrateError) -> StoreError {
        StoreError(sqlx::Error::Migrate(Box::new(e)))
    }
}

/// Milliseconds since the Unix epoch, as the database keeps times.
pub fn unix_ms(t: SystemTime) -> i64 {
    t.duration_since(UNIX_EPOCH)
        .unwrap_or(Duration::ZERO)
        .as_millis()
        .try_into()
        .unwrap_or(i64::MAX)
}

/// An open room as stored: everything but its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomRecord {
    /// The room's code.
    pub code: String,
    /// The rule's name.
    pub rule: String,
    /// Board width.
    pub size: i64,
    /// Per-move clock, if any.
    pub turn_ms: Option<i64>,
    /// The computer's level, if a seat is the computer's.
    pub ai_level: Option<i64>,
    /// The computer's colour in the current game.
    pub ai_color: Option<String>,
    /// Hash of black's token, once black's seat is taken by a person.
    pub black_token_hash: Option<String>,
    /// Hash of white's token, once white's seat is taken by a person.
    pub white_token_hash: Option<String>,
    /// Black's name.
    pub black_name: Option<String>,
    /// White's name.
    pub white_name: Option<String>,
    /// The current game's number, from 1.
    pub game_no: i64,
    /// When the current game started.
    pub game_started_at: i64,
    /// The current game's result, once over.
    pub result: Option<String>,
    /// Why it ended, once over.
    pub reason: Option<String>,
    /// When the room was created.
    pub created_at: i64,
}

/// An open room with the moves of its current game, for a restart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRoom {
    /// The room.
    pub record: RoomRecord,
    /// Its current game's moves in order, in letter notation.
    pub moves: Vec<String>,
}

/// A finished game, as listed by `GET /api/games`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameSummary {
    /// The archive's id of the game.
    pub id: i64,
    /// The room it was played in.
    pub room: String,
    /// Which game of the room it was.
    pub game: i64,
    /// The rule's name.
    pub rule: String,
    /// Board width.
    pub size: i64,
    /// Who played black.
    pub black: String,
    /// Who played white.
    pub white: String,
    /// `black`, `white`, `draw`, or `ongoing` for an abandoned game.
    pub result: String,
    /// `five`, `resign`, `time`, `agreed`, `full` or `abandoned`.
    pub reason: String,
    /// Start, in milliseconds since the Unix epoch.
    pub started_at: i64,
    /// End, in milliseconds since the Unix epoch.
    pub ended_at: i64,
    /// Moves played.
    pub move_count: i64,
}

/// A finished game with its save text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchivedGame {
    /// Everything the list shows.
    pub summary: GameSummary,
    /// The game as save text (`Game::load` reads it).
    pub save: String,
}

/// The database behind a server.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
}

/// Turns what `--db` accepts into a connection URL: a URL is kept, a plain
/// path becomes a SQLite file that is created if missing.
pub fn database_url(db: &str) -> String {
    if db.contains("://") || db.starts_with("sqlite:") {
        db.to_string()
    } else {
        format!("sqlite://{db}?mode=rwc")
    }
}

impl Store {
    /// Connects to `db` (see [`database_url`]) and brings its schema up to date.
    pub async fn open(db: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let url = database_url(db);
        let options: AnyConnectOptions = url.parse()?;
        let sqlite = options.database_url.scheme() == "sqlite";
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite {
                SQLITE_POOL_SIZE
            } else {
                POSTGRES_POOL_SIZE
            })
            .after_connect(|conn, _meta| {
                Box::pin(async move {
                    if conn.backend_name().eq_ignore_ascii_case("sqlite") {
                        // WAL with NORMAL sync: a committed move survives the
                        // process being killed; readers never block the writer.
                        conn.execute(
                            "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                             PRAGMA busy_timeout = 10000;",
                        )
                        .await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        let migrator = if sqlite {
            &SQLITE_MIGRATIONS
        } else {
            &POSTGRES_MIGRATIONS
        };
        migrator.run(&pool).await?;
        Ok(Store { pool })
    }

    /// Closes the connections.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Whether a room code has ever been used, open or archived.
    pub async fn code_in_use(&self, code: &str) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT (SELECT COUNT(*) FROM rooms WHERE code = $1) \
                  + (SELECT COUNT(*) FROM games WHERE room_code = $1) AS n",
        )
        .bind(code)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<i64, _>("n")? > 0)
    }

    /// Stores a new room.
    pub async fn create_room(&self, room: &RoomRecord) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO rooms (code, rule, size, turn_ms, ai_level, ai_color, \
             black_token_hash, white_token_hash, black_name, white_name, game_no, \
             game_started_at, result, reason, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
        )
        .bind(&room.code)
        .bind(&room.rule)
        .bind(room.size)
        .bind(room.turn_ms)
        .bind(room.ai_level)
        .bind(&room.ai_color)
        .bind(&room.black_token_hash)
        .bind(&room.white_token_hash)
        .bind(&room.black_name)
        .bind(&room.white_name)
        .bind(room.game_no)
        .bind(room.game_started_at)
        .bind(&room.result)
        .bind(&room.reason)
        .bind(room.created_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Stores the seats and current game of a room: after a join, and when a
    /// rematch swaps colours and starts the next game (whose old moves go).
    pub async fn update_room(&self, room: &RoomRecord) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM moves WHERE room_code = $1 AND game_no <> $2")
            .bind(&room.code)
            .bind(room.game_no)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "UPDATE rooms SET ai_color = $2, black_token_hash = $3, white_token_hash = $4, \
             black_name = $5, white_name = $6, game_no = $7, game_started_at = $8, \
             result = $9, reason = $10 WHERE code = $1",
        )
        .bind(&room.code)
        .bind(&room.ai_color)
        .bind(&room.black_token_hash)
        .bind(&room.white_token_hash)
        .bind(&room.black_name)
        .bind(&room.white_name)
        .bind(room.game_no)
        .bind(room.game_started_at)
        .bind(&room.result)
        .bind(&room.reason)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Stores move number `ply` (from 0) of a room's current game. A second
    /// move with the same number is refused by the key, never doubled.
    pub async fn record_move(
        &self,
        code: &str,
        game_no: i64,
        ply: i64,
        point: &str,
        played_at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO moves (room_code, game_no, ply, point, played_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(code)
        .bind(game_no)
        .bind(ply)
        .bind(point)
        .bind(played_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Forgets the moves from number `ply` on (an accepted undo).
    pub async fn remove_moves_from(
        &self,
        code: &str,
        game_no: i64,
        ply: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM moves WHERE room_code = $1 AND game_no = $2 AND ply >= $3")
            .bind(code)
            .bind(game_no)
            .bind(ply)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Archives a finished game and marks the room's current game over, in
    /// one transaction. Returns the archive's id.
    pub async fn finish_game(
        &self,
        room: &RoomRecord,
        game: &ArchivedGame,
    ) -> Result<i64, StoreError> {
        let g = &game.summary;
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(
            "INSERT INTO games (room_code, game_no, rule, size, black, white, result, reason, \
             started_at, ended_at, move_count, save) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
        )
        .bind(&g.room)
        .bind(g.game)
        .bind(&g.rule)
        .bind(g.size)
        .bind(&g.black)
        .bind(&g.white)
        .bind(&g.result)
        .bind(&g.reason)
        .bind(g.started_at)
        .bind(g.ended_at)
        .bind(g.move_count)
        .bind(&game.save)
        .fetch_one(&mut *tx)
        .await?;
        let id: i64 = row.try_get("id")?;
        sqlx::query("UPDATE rooms SET result = $2, reason = $3 WHERE code = $1")
            .bind(&room.code)
            .bind(&room.result)
            .bind(&room.reason)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Forgets a closed room and its moves; its archived games stay.
    pub async fn delete_room(&self, code: &str) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM moves WHERE room_code = $1")
            .bind(code)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM rooms WHERE code = $1")
            .bind(code)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Every open room with its current game's moves, for a restart.
    pub async fn open_rooms(&self) -> Result<Vec<StoredRoom>, StoreError> {
        let rows = sqlx::query(
            "SELECT code, rule, size, turn_ms, ai_level, ai_color, black_token_hash, \
             white_token_hash, black_name, white_name, game_no, game_started_at, result, \
             reason, created_at FROM rooms ORDER BY created_at, code",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut rooms = Vec::with_capacity(rows.len());
        for row in rows {
            let record = RoomRecord {
                code: row.try_get("code")?,
                rule: row.try_get("rule")?,
                size: row.try_get("size")?,
                turn_ms: row.try_get("turn_ms")?,
                ai_level: row.try_get("ai_level")?,
                ai_color: row.try_get("ai_color")?,
                black_token_hash: row.try_get("black_token_hash")?,
                white_token_hash: row.try_get("white_token_hash")?,
                black_name: row.try_get("black_name")?,
                white_name: row.try_get("white_name")?,
                game_no: row.try_get("game_no")?,
                game_started_at: row.try_get("game_started_at")?,
                result: row.try_get("result")?,
                reason: row.try_get("reason")?,
                created_at: row.try_get("created_at")?,
            };
            let moves = sqlx::query(
                "SELECT point FROM moves WHERE room_code = $1 AND game_no = $2 ORDER BY ply",
            )
            .bind(&record.code)
            .bind(record.game_no)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| r.try_get("point"))
            .collect::<Result<_, _>>()?;
            rooms.push(StoredRoom { record, moves });
        }
        Ok(rooms)
    }

    /// The newest finished games first, at most `limit`.
    pub async fn list_games(&self, limit: i64) -> Result<Vec<GameSummary>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, room_code, game_no, rule, size, black, white, result, reason, \
             started_at, ended_at, move_count FROM games \
             ORDER BY ended_at DESC, id DESC LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(summary_from_row)
            .collect::<Result<_, _>>()
            .map_err(StoreError)
    }

    /// One finished game, if the id is in the archive.
    pub async fn game(&self, id: i64) -> Result<Option<ArchivedGame>, StoreError> {
        let row = sqlx::query(
            "SELECT id, room_code, game_no, rule, size, black, white, result, reason, \
             started_at, ended_at, move_count, save FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            None => Ok(None),
            Some(row) => Ok(Some(ArchivedGame {
                summary: summary_from_row(&row)?,
                save: row.try_get("save")?,
            })),
        }
    }
}

fn summary_from_row(row: &sqlx::any::AnyRow) -> Result<GameSummary, sqlx::Error> {
    Ok(GameSummary {
        id: row.try_get("id")?,
        room: row.try_get("room_code")?,
        game: row.try_get("game_no")?,
        rule: row.try_get("rule")?,
        size: row.try_get("size")?,
        black: row.try_get("black")?,
        white: row.try_get("white")?,
        result: row.try_get("result")?,
        reason: row.try_get("reason")?,
        started_at: row.try_get("started_at")?,
        ended_at: row.try_get("ended_at")?,
        move_count: row.try_get("move_count")?,
    })
}
