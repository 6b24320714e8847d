//! The error types: each refused call says why and changes nothing.

use std::fmt;

use crate::{Color, Point};

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The point is not on the board.
    OffBoard(Point),
    /// The point already holds a stone.
    Occupied(Point),
    /// Renju: black may not play this point.
    Forbidden(Point),
    /// The game has ended (a win or a full board).
    GameOver,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::OffBoard(p) => write!(f, "point ({}, {}) is off the board", p.x(), p.y()),
            PlayError::Occupied(p) => write!(f, "point {p} is occupied"),
            PlayError::Forbidden(p) => write!(f, "point {p} is forbidden for black"),
            PlayError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for PlayError {}

/// Why an undo or redo was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryError {
    /// No move has been played since the start position.
    NothingToUndo,
    /// No undone move is waiting to be replayed.
    NothingToRedo,
}

impl fmt::Display for HistoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HistoryError::NothingToUndo => "nothing to undo",
            HistoryError::NothingToRedo => "nothing to redo",
        })
    }
}

impl std::error::Error for HistoryError {}

/// Why a set-up position was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The board side is outside `5..=26`.
    InvalidSize(usize),
    /// A stone lies off the board.
    OffBoard(Point),
    /// Two stones were given for one point.
    Duplicate(Point),
    /// The stone counts cannot arise with this side to move: the side to move
    /// has as many stones as the other or one fewer.
    ImpossibleCounts {
        /// Black stones in the set-up.
        black: usize,
        /// White stones in the set-up.
        white: usize,
        /// The side to move.
        to_move: Color,
    },
    /// A colour already has a winning line.
    AlreadyWon(Color),
    /// A board array is not square: line `line` (0-based) of `lines` has
    /// `length` values.
    NotSquare {
        /// How many rows (or columns) the array has.
        lines: usize,
        /// The first line of another length.
        line: usize,
        /// Its length.
        length: usize,
    },
    /// A board array holds a value other than 0, 1 and 2.
    InvalidStone {
        /// Where.
        point: Point,
        /// The value found.
        value: i64,
    },
    /// No side to move was given and the stone counts do not tell: black
    /// must have as many stones as white (black to move) or one more.
    UnclearTurn {
        /// Black stones on the board.
        black: usize,
        /// White stones on the board.
        white: usize,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::InvalidSize(n) => write!(f, "{}", crate::InvalidSizeError(*n)),
            SetupError::OffBoard(p) => {
                write!(f, "stone at ({}, {}) is off the board", p.x(), p.y())
            }
            SetupError::Duplicate(p) => write!(f, "two stones on {p}"),
            SetupError::ImpossibleCounts {
                black,
                white,
                to_move,
            } => write!(
                f,
                "{black} black and {white} white stones cannot have {to_move} to move"
            ),
            SetupError::AlreadyWon(c) => write!(f, "{c} has already won"),
            SetupError::NotSquare {
                lines,
                line,
                length,
            } => write!(
                f,
                "the board is not square: {lines} lines, but line {line} has {length} points"
            ),
            SetupError::InvalidStone { point, value } => write!(
                f,
                "invalid stone {value} at {point} (expected 0 empty, 1 black or 2 white)"
            ),
            SetupError::UnclearTurn { black, white } => write!(
                f,
                "{black} black and {white} white stones: no side can be to move (black needs as many stones as white, or one more); give the side to move"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

/// Malformed text: a point, a move list, a rule name or a saved game.
/// `line` is the 1-based line of a multi-line text where the fault was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The 1-based line number, when the text has lines.
    pub line: Option<usize>,
    /// What was wrong, in lowercase English.
    pub message: String,
}

impl ParseError {
    /// An error without a line number.
    pub fn new(message: impl Into<String>) -> ParseError {
        ParseError {
            line: None,
            message: message.into(),
        }
    }

    /// The same error, placed on a line (unless it already names one).
    pub fn at_line(mut self, line: usize) -> ParseError {
        self.line.get_or_insert(line);
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(n) => write!(f, "line {n}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ParseError {}

/// Any error of the library, for callers that handle them alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A board side outside `5..=26`.
    InvalidSize(crate::InvalidSizeError),
    /// A refused move.
    Play(PlayError),
    /// A refused undo or redo.
    History(HistoryError),
    /// A refused set-up position.
    Setup(SetupError),
    /// Malformed text.
    Parse(ParseError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidSize(e) => e.fmt(f),
            Error::Play(e) => e.fmt(f),
            Error::History(e) => e.fmt(f),
            Error::Setup(e) => e.fmt(f),
            Error::Parse(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

macro_rules! into_error {
    ($($variant:ident($ty:ty)),*) => {$(
        impl From<$ty> for Error {
            fn from(e: $ty) -> Error {
                Error::$variant(e)
            }
        }
    )*};
}

into_error!(
    InvalidSize(crate::InvalidSizeError),
    Play(PlayError),
    History(HistoryError),
    Setup(SetupError),
    Parse(ParseError)
);
