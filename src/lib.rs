//! # gomoku
//!
//! Five in a row for programs that embed it: the rules (freestyle, standard
//! exact-five, renju with forbidden moves, caro), a game with history,
//! undo/redo and save/load, and a C ABI (`include/gomoku.h`) that the Python
//! and Java bindings stand on.
//!
//! ```
//! use gomoku::{Game, Rule, Color, GameResult};
//!
//! let mut game = Game::new(15, Rule::Renju)?;
//! for m in gomoku::notation::parse_moves("h8 h9 i8 i9 j8 j9 k8 k9")? {
//!     game.play(m)?;
//! }
//! assert_eq!(game.side_to_move(), Color::Black);
//! game.play("l8".parse()?)?;
//! assert_eq!(game.result(), GameResult::BlackWon);
//! assert_eq!(game.winning_line().len(), 5);
//!
//! let saved = game.save();
//! assert_eq!(Game::load(&saved)?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod ai;
mod board;
mod color;
mod error;
mod game;
mod language;
pub mod notation;
mod point;
mod rules;
mod setup;
mod symmetry;

pub mod ffi;

pub use board::{Board, InvalidSizeError};
pub use color::Color;
pub use error::{Error, HistoryError, ParseError, PlayError, SetupError};
pub use game::{EndReason, Game, GameInfo, GameResult};
pub use language::Language;
pub use point::{Point, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
pub use rules::Rule;
pub use setup::Setup;
pub use symmetry::Symmetry;

/// The library version, as in `Cargo.toml`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
