//! Status codes, their messages, and the per-thread last error text.

use std::cell::RefCell;
use std::ffi::{c_char, CString};

use crate::ai::AiError;
use crate::{Error, HistoryError, PlayError};

/// The outcome of a C ABI call: `0` success, negative on error.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GomokuStatus {
    /// Success.
    Ok = 0,
    /// A required pointer was NULL.
    NullPointer = -1,
    /// An argument is out of its range (size, rule, level, index, colour).
    InvalidArgument = -2,
    /// The point is not on the board.
    OffBoard = -3,
    /// The point already holds a stone.
    Occupied = -4,
    /// Renju: black may not play this point.
    Forbidden = -5,
    /// The game is over.
    GameOver = -6,
    /// No move to undo.
    NothingToUndo = -7,
    /// No move to redo.
    NothingToRedo = -8,
    /// The set-up position is impossible (see `gomoku_last_error`).
    InvalidSetup = -9,
    /// Malformed text (see `gomoku_last_error`).
    ParseError = -10,
    /// The AI's table of the size asked for could not be allocated.
    OutOfMemory = -11,
    /// The AI is already thinking on this handle.
    Busy = -12,
    /// A file could not be read or written (see `gomoku_last_error`).
    IoError = -13,
    /// An internal error was caught at the boundary; please report it.
    Panic = -99,
}

impl GomokuStatus {
    /// Every status, for the message lookup.
    const ALL: [GomokuStatus; 15] = [
        GomokuStatus::Ok,
        GomokuStatus::NullPointer,
        GomokuStatus::InvalidArgument,
        GomokuStatus::OffBoard,
        GomokuStatus::Occupied,
        GomokuStatus::Forbidden,
        GomokuStatus::GameOver,
        GomokuStatus::NothingToUndo,
        GomokuStatus::NothingToRedo,
        GomokuStatus::InvalidSetup,
        GomokuStatus::ParseError,
        GomokuStatus::OutOfMemory,
        GomokuStatus::Busy,
        GomokuStatus::IoError,
        GomokuStatus::Panic,
    ];

    /// The NUL-terminated English description.
    fn message(self) -> &'static [u8] {
        match self {
            GomokuStatus::Ok => b"success\0",
            GomokuStatus::NullPointer => b"a required pointer was NULL\0",
            GomokuStatus::InvalidArgument => b"invalid argument\0",
            GomokuStatus::OffBoard => b"the point is off the board\0",
            GomokuStatus::Occupied => b"the point is occupied\0",
            GomokuStatus::Forbidden => b"the point is forbidden for black under renju\0",
            GomokuStatus::GameOver => b"the game is over\0",
            GomokuStatus::NothingToUndo => b"nothing to undo\0",
            GomokuStatus::NothingToRedo => b"nothing to redo\0",
            GomokuStatus::InvalidSetup => b"invalid set-up position\0",
            GomokuStatus::ParseError => b"malformed text\0",
            GomokuStatus::OutOfMemory => b"out of memory for the AI's table\0",
            GomokuStatus::Busy => b"the AI is already thinking on this handle\0",
            GomokuStatus::IoError => b"a file could not be read or written\0",
            GomokuStatus::Panic => b"internal error (panic) in libgomoku\0",
        }
    }
}

impl From<&Error> for GomokuStatus {
    fn from(e: &Error) -> GomokuStatus {
        match e {
            Error::InvalidSize(_) => GomokuStatus::InvalidArgument,
            Error::Play(PlayError::OffBoard(_)) => GomokuStatus::OffBoard,
            Error::Play(PlayError::Occupied(_)) => GomokuStatus::Occupied,
            Error::Play(PlayError::Forbidden(_)) => GomokuStatus::Forbidden,
            Error::Play(PlayError::GameOver) => GomokuStatus::GameOver,
            Error::History(HistoryError::NothingToUndo) => GomokuStatus::NothingToUndo,
            Error::History(HistoryError::NothingToRedo) => GomokuStatus::NothingToRedo,
            Error::Setup(_) => GomokuStatus::InvalidSetup,
            Error::Parse(_) => GomokuStatus::ParseError,
        }
    }
}

impl From<&AiError> for GomokuStatus {
    fn from(e: &AiError) -> GomokuStatus {
        match e {
            AiError::GameOver => GomokuStatus::GameOver,
            AiError::InvalidLevel(_) => GomokuStatus::InvalidArgument,
            AiError::OutOfMemory(_) => GomokuStatus::OutOfMemory,
        }
    }
}

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Records the text `gomoku_last_error` returns on this thread.
pub(crate) fn set_last_error(text: &str) {
    let text = CString::new(text.replace('\0', " ")).unwrap_or_default();
    LAST_ERROR.with(|e| *e.borrow_mut() = text);
}

/// Records `e` as the last error and returns its status code.
pub(crate) fn fail(e: impl Into<Error>) -> i32 {
    let e = e.into();
    set_last_error(&e.to_string());
    GomokuStatus::from(&e) as i32
}

/// Records a status with its standard message as the last error and returns its code.
pub(crate) fn fail_with(status: GomokuStatus) -> i32 {
    let text = status.message();
    set_last_error(std::str::from_utf8(&text[..text.len() - 1]).unwrap_or_default());
    status as i32
}

/// The English description of a status code, as a static NUL-terminated
/// string (never NULL; unknown codes get "unknown status code").
#[no_mangle]
pub extern "C" fn gomoku_status_message(code: i32) -> *const c_char {
    let text = GomokuStatus::ALL
        .into_iter()
        .find(|&s| s as i32 == code)
        .map_or(&b"unknown status code\0"[..], GomokuStatus::message);
    text.as_ptr().cast()
}

/// The detailed text of the last failing call on the calling thread (for
/// example which line of a save text was malformed), or "" if none has
/// failed yet. Each thread has its own. Every failing call replaces it;
/// successful calls leave it as it is, so read it right after the failure.
/// The pointer stays valid until the next failing call (or
/// `gomoku_clear_last_error`) on the same thread; copy the text to keep it.
#[no_mangle]
pub extern "C" fn gomoku_last_error() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
}

/// Resets the calling thread's last error to "" (and invalidates the pointer
/// `gomoku_last_error` gave before).
#[no_mangle]
pub extern "C" fn gomoku_clear_last_error() {
    set_last_error("");
}

/// The library version, e.g. "0.1.0", as a static NUL-terminated string.
#[no_mangle]
pub extern "C" fn gomoku_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// Rule codes for `gomoku_new`, `gomoku_rule` and friends.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GomokuRule {
    /// Five or more in a row wins.
    Freestyle = 0,
    /// Exactly five wins, for both colours.
    Standard = 1,
    /// Renju: black needs exactly five and may not play forbidden points.
    Renju = 2,
    /// Caro: a five blocked at both ends by the opponent does not win.
    Caro = 3,
}

/// Stone codes of `gomoku_stone` and the side to move.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GomokuStone {
    /// No stone.
    Empty = 0,
    /// A black stone; black moves first.
    Black = 1,
    /// A white stone.
    White = 2,
}

/// Result codes of `gomoku_result`.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GomokuResult {
    /// Still being played.
    Ongoing = 0,
    /// Black made a winning line.
    BlackWon = 1,
    /// White made a winning line.
    WhiteWon = 2,
    /// No winner and no move left.
    Draw = 3,
}

/// Why a game ended (`gomoku_result_reason`); 0 while it goes on.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GomokuReason {
    /// The game goes on.
    None = 0,
    /// A line of exactly five.
    Five = 1,
    /// A winning line of six or more (freestyle, caro, white under renju).
    Overline = 2,
    /// The board is full.
    FullBoard = 3,
    /// Renju: black to move and every empty point forbidden.
    NoLegalMove = 4,
    /// A player resigned.
    Resignation = 5,
    /// A player ran out of time.
    Timeout = 6,
    /// The players agreed to a draw.
    Agreement = 7,
}

/// The eight symmetries of the board (`gomoku_transform`).
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GomokuSymmetry {
    /// Every point stays.
    Identity = 0,
    /// A quarter turn clockwise.
    Rotate90 = 1,
    /// A half turn.
    Rotate180 = 2,
    /// A quarter turn anticlockwise.
    Rotate270 = 3,
    /// Left and right swapped.
    FlipHorizontal = 4,
    /// Top and bottom swapped.
    FlipVertical = 5,
    /// Mirrored in the main diagonal: (x, y) to (y, x).
    Transpose = 6,
    /// Mirrored in the other diagonal.
    AntiTranspose = 7,
}

/// Languages of the texts the library writes (hints, results, rule names).
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GomokuLanguage {
    /// English.
    English = 0,
    /// Simplified Chinese.
    Chinese = 1,
}

/// Shapes on one line, as hints name them (`GomokuHintPoint`).
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GomokuShape {
    /// Open two (活二).
    OpenTwo = 1,
    /// Three with one way to a four (眠三).
    Three = 2,
    /// Open three (活三).
    OpenThree = 3,
    /// Four (冲四).
    Four = 4,
    /// Open four (活四).
    OpenFour = 5,
    /// Five (连五).
    Five = 6,
}

/// Lines combining on one point (`GomokuHintPoint.combination`); 0 none.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GomokuCombination {
    /// No combination.
    None = 0,
    /// A four and an open three (四三).
    FourThree = 1,
    /// Two fours (双四).
    DoubleFour = 2,
    /// Two open threes (双三).
    DoubleThree = 3,
}

/// Kinds of forced win (`GomokuHint.forced_win`); 0 none found.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GomokuForcedWin {
    /// No forced win found.
    None = 0,
    /// Victory by continuous fours.
    Vcf = 1,
    /// Victory by continuous threats.
    Vct = 2,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, GameResult, Rule};

    #[test]
    fn c_codes_match_the_core_enums() {
        let rules = [
            GomokuRule::Freestyle,
            GomokuRule::Standard,
            GomokuRule::Renju,
            GomokuRule::Caro,
        ];
        for (c, r) in rules.into_iter().zip(Rule::ALL) {
            assert_eq!(c as i32, r as i32);
        }
        assert_eq!(GomokuStone::Black as i32, Color::Black as i32);
        assert_eq!(GomokuStone::White as i32, Color::White as i32);
        let results = [
            GomokuResult::Ongoing,
            GomokuResult::BlackWon,
            GomokuResult::WhiteWon,
            GomokuResult::Draw,
        ];
        for (c, r) in results.into_iter().zip(GameResult::ALL) {
            assert_eq!(c as i32, r as i32);
        }
        let reasons = [
            GomokuReason::Five,
            GomokuReason::Overline,
            GomokuReason::FullBoard,
            GomokuReason::NoLegalMove,
            GomokuReason::Resignation,
            GomokuReason::Timeout,
            GomokuReason::Agreement,
        ];
        for (c, r) in reasons.into_iter().zip(crate::EndReason::ALL) {
            assert_eq!(c as i32, r as i32);
        }
        let symmetries = [
            GomokuSymmetry::Identity,
            GomokuSymmetry::Rotate90,
            GomokuSymmetry::Rotate180,
            GomokuSymmetry::Rotate270,
            GomokuSymmetry::FlipHorizontal,
            GomokuSymmetry::FlipVertical,
            GomokuSymmetry::Transpose,
            GomokuSymmetry::AntiTranspose,
        ];
        for (c, s) in symmetries.into_iter().zip(crate::Symmetry::ALL) {
            assert_eq!(c as i32, s as i32);
        }
        for (c, l) in [GomokuLanguage::English, GomokuLanguage::Chinese]
            .into_iter()
            .zip(crate::Language::ALL)
        {
            assert_eq!(c as i32, l as i32);
        }
        use crate::ai::{Combination, ForcedWinKind, Shape};
        let shapes = [
            GomokuShape::OpenTwo,
            GomokuShape::Three,
            GomokuShape::OpenThree,
            GomokuShape::Four,
            GomokuShape::OpenFour,
            GomokuShape::Five,
        ];
        for (c, s) in shapes.into_iter().zip(Shape::ALL) {
            assert_eq!(c as i32, s as i32);
        }
        let combinations = [
            GomokuCombination::FourThree,
            GomokuCombination::DoubleFour,
            GomokuCombination::DoubleThree,
        ];
        for (c, k) in combinations.into_iter().zip(Combination::ALL) {
            assert_eq!(c as i32, k as i32);
        }
        for (c, k) in [GomokuForcedWin::Vcf, GomokuForcedWin::Vct]
            .into_iter()
            .zip(ForcedWinKind::ALL)
        {
            assert_eq!(c as i32, k as i32);
        }
    }

    #[test]
    fn every_status_has_its_own_message() {
        let mut seen = std::collections::HashSet::new();
        for s in GomokuStatus::ALL {
            let text = s.message();
            assert_eq!(text.last(), Some(&0));
            assert!(seen.insert(text), "{s:?}");
        }
    }
}
