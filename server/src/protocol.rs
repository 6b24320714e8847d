//! The wire messages: what clients send, what the server answers, and the
//! error codes. Every transport (WebSocket text frames, TCP lines) carries the
//! same JSON objects, each with a `type`.

use serde::{Deserialize, Serialize};

/// A request from a client, as parsed from one JSON object.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Opens a new room and takes a seat in it.
    Create {
        /// `freestyle`, `standard`, `renju` or `caro`.
        rule: String,
        /// Board width, as the core accepts it.
        size: u64,
        /// The creator's colour: `black`, `white` or `random`.
        #[serde(default = "random_color")]
        color: String,
        /// A computer in the other seat.
        #[serde(default)]
        opponent: Option<Opponent>,
        /// A per-move time limit enforced by the server.
        #[serde(default)]
        clock: Option<Clock>,
        /// The name shown to the others and kept in the archive.
        #[serde(default)]
        name: Option<String>,
    },
    /// Takes the free seat of a room.
    Join {
        /// The room's code.
        room: String,
        /// The name shown to the others and kept in the archive.
        #[serde(default)]
        name: Option<String>,
    },
    /// Watches a room without a seat.
    Watch {
        /// The room's code.
        room: String,
    },
    /// Takes one's seat back on a new connection.
    Resume {
        /// The room's code.
        room: String,
        /// The secret the `seat` message gave.
        token: String,
    },
    /// Plays a move for one's own seat.
    Move {
        /// The point in letter notation (`h8`).
        #[serde(rename = "move")]
        point: String,
    },
    /// Asks to take back one's last move.
    Undo,
    /// Answers the opponent's undo request.
    UndoReply {
        /// Whether the move is taken back.
        accept: bool,
    },
    /// Gives the game up.
    Resign,
    /// Offers a draw.
    DrawOffer,
    /// Answers the opponent's draw offer.
    DrawReply {
        /// Whether the game ends in a draw.
        accept: bool,
    },
    /// Asks for another game with colours swapped, once this one is over.
    Rematch,
    /// Leaves the room; the seat stays reserved for `resume`.
    Leave,
    /// Keeps an otherwise quiet connection from timing out; answered by `pong`.
    Ping,
}

fn random_color() -> String {
    "random".to_string()
}

/// The computer seat of a `create` request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Opponent {
    /// The computer's level, 1 to the core's highest (0 is the highest).
    pub ai: u64,
}

/// The clock of a `create` request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    /// Time for each move, in milliseconds.
    pub turn_ms: u64,
}

/// Why a request was refused. The request changed nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not a JSON object, an unknown `type`, or a missing or wrong field.
    BadRequest,
    /// The frame or line is longer than the stated limit.
    TooLarge,
    /// More messages than the per-connection rate limit allows.
    RateLimited,
    /// The server has as many connections as it accepts.
    TooManyConnections,
    /// The server has as many rooms as it keeps.
    TooManyRooms,
    /// No open room has that code.
    NoRoom,
    /// Both seats are taken.
    RoomFull,
    /// The request needs a seat, and this connection has none.
    NotSeated,
    /// It is the other side's move.
    NotYourTurn,
    /// The other seat is still empty.
    NoOpponent,
    /// The point holds a stone.
    Occupied,
    /// The point is not on the board.
    OffBoard,
    /// Renju: black may not play there.
    Forbidden,
    /// The game is over.
    GameOver,
    /// The game is still being played (a rematch needs a finished game).
    GameNotOver,
    /// The token does not belong to a seat of that room.
    BadToken,
    /// There is no move of one's own to take back.
    NothingToUndo,
    /// A reply to a request nobody made.
    NoRequest,
    /// The seat was resumed on another connection; this one now watches.
    Replaced,
    /// Nothing arrived within the idle timeout; the connection closes.
    IdleTimeout,
    /// The server could not store the change, so it did not happen.
    Internal,
}

impl ErrorCode {
    /// The code as it appears on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::TooManyConnections => "too_many_connections",
            ErrorCode::TooManyRooms => "too_many_rooms",
            ErrorCode::NoRoom => "no_room",
            ErrorCode::RoomFull => "room_full",
            ErrorCode::NotSeated => "not_seated",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::NoOpponent => "no_opponent",
            ErrorCode::Occupied => "occupied",
            ErrorCode::OffBoard => "off_board",
            ErrorCode::Forbidden => "forbidden",
            ErrorCode::GameOver => "game_over",
            ErrorCode::GameNotOver => "game_not_over",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::NothingToUndo => "nothing_to_undo",
            ErrorCode::NoRequest => "no_request",
            ErrorCode::Replaced => "replaced",
            ErrorCode::IdleTimeout => "idle_timeout",
            ErrorCode::Internal => "internal",
        }
    }
}

/// A refusal: the code clients branch on and a sentence for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// What went wrong, for programs.
    pub code: ErrorCode,
    /// What went wrong, for people.
    pub message: String,
}

impl Refusal {
    /// A refusal with its code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }

    /// The `error` message that tells the client.
    pub fn to_message(&self) -> ServerMessage {
        ServerMessage::Error {
            code: self.code,
            message: self.message.clone(),
        }
    }
}

/// Reads one client message. Anything but a well-formed request is a
/// `bad_request` refusal whose message says what was wrong; this never panics.
pub fn parse_client_message(text: &str) -> Result<ClientMessage, Refusal> {
    serde_json::from_str(text).map_err(|e| {
        let what = match e.classify() {
            serde_json::error::Category::Data => "invalid message",
            serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
                "malformed JSON"
            }
            serde_json::error::Category::Io => "unreadable message",
        };
        Refusal::new(ErrorCode::BadRequest, format!("{what}: {e}"))
    })
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The first message on every connection: what this server accepts.
    Hello(Box<Hello>),
    /// The answer to `create`, `join` and `resume`, and after a rematch
    /// swapped colours: one's seat and its secret token.
    Seat {
        /// The room's code.
        room: String,
        /// `black` or `white`.
        color: String,
        /// The secret that takes the seat back on another connection.
        token: String,
    },
    /// The whole room, sent to everyone in it after every change.
    State(Box<RoomView>),
    /// The opponent asks to take back their last move.
    UndoRequested,
    /// The opponent refused to take back a move.
    UndoDeclined,
    /// The opponent offers a draw.
    DrawOffered,
    /// The opponent refused the draw.
    DrawDeclined,
    /// The opponent asks for another game with colours swapped.
    RematchOffered,
    /// The answer to `ping`.
    Pong,
    /// A refused request; nothing changed.
    Error {
        /// What went wrong, for programs.
        code: ErrorCode,
        /// What went wrong, for people.
        message: String,
    },
}

impl ServerMessage {
    /// The message as one line of JSON.
    pub fn to_json(&self) -> String {
        // Every field is a string, number, bool, list or map with string keys.
        serde_json::to_string(self).unwrap_or_else(|_| {
            r#"{"type":"error","code":"internal","message":"unserialisable message"}"#.into()
        })
    }
}

/// What this server accepts, so that clients need not hard-code it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hello {
    /// The server's name and version.
    pub server: String,
    /// The protocol's version; it grows only when a message changes meaning.
    pub protocol: u32,
    /// The rules a room may have.
    pub rules: Vec<String>,
    /// Board widths a room may have.
    pub sizes: SizeRange,
    /// The computer's levels.
    pub ai_levels: LevelRange,
    /// The connection's limits.
    pub limits: LimitsView,
}

/// The board widths a room may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SizeRange {
    /// Narrowest board.
    pub min: usize,
    /// Widest board.
    pub max: usize,
    /// The usual board.
    pub default: usize,
}

/// The computer's levels, weakest to strongest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LevelRange {
    /// Weakest level.
    pub min: u8,
    /// Strongest level.
    pub max: u8,
}

/// The limits a client must keep to, as stated in `hello`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LimitsView {
    /// Longest message, in bytes.
    pub max_message_bytes: usize,
    /// Sustained messages per second.
    pub messages_per_second: u32,
    /// Messages allowed in a burst above that rate.
    pub burst: u32,
    /// A connection that sends nothing for this long is closed.
    pub idle_timeout_ms: u64,
    /// Shortest per-move clock.
    pub min_turn_ms: u64,
    /// Longest per-move clock.
    pub max_turn_ms: u64,
    /// Longest player name, in characters.
    pub max_name_chars: usize,
}

/// A room as everyone in it sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoomView {
    /// The room's code.
    pub room: String,
    /// The rule's name.
    pub rule: String,
    /// Board width.
    pub size: usize,
    /// Moves so far, in letter notation.
    pub moves: Vec<String>,
    /// `black` or `white`.
    pub to_move: String,
    /// `ongoing`, `black`, `white` or `draw`.
    pub result: String,
    /// `five`, `resign`, `time`, `agreed`, `full` or `abandoned`; null while ongoing.
    pub reason: Option<String>,
    /// The winning line's points, if a five ended the game.
    pub winning_line: Vec<String>,
    /// Who is connected, by colour.
    pub players: Seats<bool>,
    /// The game as save text.
    pub save: String,
    /// Which game of the room this is, from 1; a rematch adds one.
    pub game: u32,
    /// The last move, if any.
    pub last_move: Option<String>,
    /// Points black may not play now (renju, black to move).
    pub forbidden: Vec<String>,
    /// Who sits where: a name, `null` for an empty seat.
    pub names: Seats<Option<String>>,
    /// The computer's seat, if any.
    pub computer: Option<ComputerView>,
    /// The per-move clock, if the room has one.
    pub clock: Option<ClockView>,
    /// Open requests: who asked for an undo, a draw or a rematch.
    pub offers: Offers,
    /// Connections watching without a seat.
    pub spectators: usize,
}

/// Something per colour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Seats<T> {
    /// Black's.
    pub black: T,
    /// White's.
    pub white: T,
}

/// The computer seat as shown in `state`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ComputerView {
    /// The computer's colour.
    pub color: String,
    /// Its level.
    pub level: u8,
    /// Whether it is searching now.
    pub thinking: bool,
}

/// The clock as shown in `state`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// Time for each move, in milliseconds.
    pub turn_ms: u64,
    /// Time left for the side to move; null while the clock is not running.
    pub remaining_ms: Option<u64>,
}

/// Open requests, by the colour that made them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Offers {
    /// Who asked to take back a move.
    pub undo: Option<String>,
    /// Who offered a draw.
    pub draw: Option<String>,
    /// Who asked for a rematch.
    pub rematch: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_contract_messages_parse() {
        let create = parse_client_message(
            r#"{"type":"create","rule":"renju","size":15,"color":"black","opponent":{"ai":3},"clock":{"turn_ms":30000}}"#,
        );
        assert!(matches!(create, Ok(ClientMessage::Create { size: 15, .. })));
        assert_eq!(
            parse_client_message(r#"{"type":"move","move":"h8"}"#),
            Ok(ClientMessage::Move { point: "h8".into() })
        );
        assert_eq!(
            parse_client_message(r#"{"type":"undo_reply","accept":true}"#),
            Ok(ClientMessage::UndoReply { accept: true })
        );
        assert_eq!(
            parse_client_message(r#"{"type":"draw_offer"}"#),
            Ok(ClientMessage::DrawOffer)
        );
    }

    #[test]
    fn anything_else_is_a_bad_request() {
        for text in [
            "",
            "{",
            "[]",
            "null",
            r#"{"type":"fly"}"#,
            r#"{"type":"move"}"#,
            r#"{"type":"move","move":8}"#,
            r#"{"type":"join","room":"AB","extra":1}"#,
            r#"{"type":"create","rule":"renju","size":-1}"#,
        ] {
            let refusal = parse_client_message(text).unwrap_err();
            assert_eq!(refusal.code, ErrorCode::BadRequest, "{text}");
        }
    }

    #[test]
    fn error_codes_serialise_as_their_names() {
        let message = Refusal::new(ErrorCode::NotYourTurn, "wait").to_message();
        assert_eq!(
            message.to_json(),
            r#"{"type":"error","code":"not_your_turn","message":"wait"}"#
        );
        assert_eq!(
            serde_json::to_value(ErrorCode::TooManyConnections).unwrap(),
            ErrorCode::TooManyConnections.as_str()
        );
    }
}
