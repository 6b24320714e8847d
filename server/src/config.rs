//! What a server listens on, where it stores games, and the limits it
//! enforces on every connection.

use std::net::SocketAddr;
use std::time::Duration;

/// The port `gomoku serve` listens on by default, on loopback only, so that
/// exposing the server to a network is an explicit choice.
pub const DEFAULT_PORT: u16 = 7715;

/// The database `gomoku serve` uses by default: a SQLite file in the working
/// directory.
pub const DEFAULT_DB: &str = "gomoku-games.sqlite";

/// Everything [`crate::serve`] needs.
#[derive(Clone, Debug)]
pub struct Config {
    /// HTTP and WebSocket listener (the browser client, `/ws`, `/api`).
    pub listen: SocketAddr,
    /// Plain-socket listener for newline-terminated JSON, if any.
    pub tcp: Option<SocketAddr>,
    /// A SQLite path or `sqlite:` URL, or a `postgres://` URL.
    pub db: String,
    /// Per-connection and per-server limits.
    pub limits: Limits,
}

impl Config {
    /// The defaults of `gomoku serve`, storing in `db`.
    pub fn new(db: impl Into<String>) -> Config {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], DEFAULT_PORT)),
            tcp: None,
            db: db.into(),
            limits: Limits::default(),
        }
    }
}

/// The limits a server enforces. The ones a client must respect are told to
/// it in the `hello` message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Longest WebSocket text frame or TCP line, in bytes; longer ones are
    /// refused with `too_large`.
    pub max_message_bytes: usize,
    /// Open connections (WebSocket and TCP together); one more is told
    /// `too_many_connections` and closed.
    pub max_connections: usize,
    /// Open rooms; creating one more is refused with `too_many_rooms`.
    pub max_rooms: usize,
    /// Sustained messages per second per connection.
    pub messages_per_second: u32,
    /// Messages a connection may send in a burst above that rate.
    pub burst: u32,
    /// A connection that sends nothing (not even `ping`) for this long is closed.
    pub idle_timeout: Duration,
    /// A room with nobody connected for this long is closed (an unfinished
    /// game is archived as `abandoned`).
    pub room_idle_timeout: Duration,
    /// Shortest per-move clock a room may have.
    pub min_turn: Duration,
    /// Longest per-move clock a room may have.
    pub max_turn: Duration,
    /// The computer's thinking time per move (less if the clock is shorter).
    pub ai_time: Duration,
    /// Longest player name, in characters.
    pub max_name_chars: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message_bytes: 4096,
            max_connections: 4096,
            max_rooms: 2048,
            messages_per_second: 10,
            burst: 30,
            idle_timeout: Duration::from_secs(600),
            room_idle_timeout: Duration::from_secs(3600),
            min_turn: Duration::from_secs(1),
            max_turn: Duration::from_secs(24 * 3600),
            ai_time: Duration::from_millis(1000),
            max_name_chars: 32,
        }
    }
}
